//! The map's settings rows: the two axes (a parameter, its range, points and scale) and the
//! metric. The combos write what the heat map's titles write (the paper's symbol: "β",
//! "max |δ|", "T_P / T_Q"); their lists add the name `loadlab map` takes ("beta",
//! "ratio_p_over_q"), weaker, so a view can be redone on the command line.

use egui::{RichText, Ui};

use super::{AxisEdit, MapView};
use crate::model::map::MAX_POINTS;
use crate::model::registry::ModelId;
use crate::report::map::{MAX_SAMPLES, metrics, params};
use crate::ui::widgets::slider::{field_notes, number_field};

impl MapView {
    /// The axis rows and the metric's row of `model`'s map, as edited.
    pub(super) fn controls(&mut self, ui: &mut Ui, model: ModelId) {
        let s = &mut self.settings[model.index()];
        // Where the y row leaves its width for the x row's next frame.
        let twin = egui::Id::unique("map-y-row-width");
        let mut fields = Vec::new();
        for (name, axis) in [("x", &mut s.x), ("y", &mut s.y)] {
            let row = |ui: &mut Ui| axis_row(ui, model, name, axis);
            // The first row keeps clear of the map's export buttons (top right), or stands
            // under them when the y row's width does not fit beside them. Rows wrap on a
            // narrow window (a phone's), rather than widen the view past its edge.
            let points = if name == "x" {
                let width = ui.data(|d| d.get_temp(twin));
                crate::ui::widgets::corner::beside_corner_fitting(ui, width, row)
            } else {
                let r = ui.horizontal_wrapped(row);
                ui.data_mut(|d| d.insert_temp(twin, r.response.rect.width()));
                r.inner
            };
            fields.push(points);
        }
        let samples = ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("metric").strong());
            let ms = metrics(model);
            let chosen = &ms[s.metric];
            egui::ComboBox::from_id_salt("map-metric")
                .selected_text(chosen.written())
                .show_ui(ui, |ui| {
                    // Each in words: a list of symbols or names alone (T_C / T_P,
                    // ratio_p_over_q …) asked a hover of each.
                    for (k, m) in ms.iter().enumerate() {
                        let entry = then_name(ui, m.help, m.name);
                        ui.selectable_value(&mut s.metric, k, entry)
                            .on_hover_text(format!("loadlab map --metric {}", m.name));
                    }
                })
                .response
                .on_hover_text(format!(
                    "{}\nloadlab map --metric {}",
                    chosen.help, chosen.name
                ));
            ui.label(RichText::new(chosen.words()).weak());
            (model == ModelId::Redistribute)
                .then(|| number_field(ui, "rings per cell", &mut s.samples, 1..=MAX_SAMPLES))
        });
        // The notes under every row of fields: none of them moves when one comes.
        fields.extend(samples.inner);
        field_notes(ui, &fields);
    }
}

/// One axis's row: `name` (x or y), the parameter, its range, points and scale; the points
/// field's response (its note goes under the row).
fn axis_row(ui: &mut Ui, model: ModelId, name: &str, axis: &mut AxisEdit) -> egui::Response {
    let ps = params(model);
    ui.label(RichText::new(name).strong());
    let chosen = &ps[axis.param];
    egui::ComboBox::from_id_salt(("map-param", name))
        .selected_text(chosen.symbol)
        .show_ui(ui, |ui| {
            for (k, p) in ps.iter().enumerate() {
                let entry = match p.caption() == p.symbol {
                    true => RichText::new(p.symbol).into(),
                    false => then_name(ui, p.symbol, p.name),
                };
                if ui
                    .selectable_label(axis.param == k, entry)
                    .on_hover_text(p.help)
                    .clicked()
                    && axis.param != k
                {
                    *axis = AxisEdit::of(model, k, axis.points);
                }
            }
        })
        .response
        .on_hover_text(format!(
            "{}\nloadlab map --{name} {}=…",
            chosen.help, chosen.name
        ));
    ui.label("from");
    // Named for a screen reader by axis: "x from" (the captions alone say "from" twice).
    ui.add(egui::TextEdit::singleline(&mut axis.lo).desired_width(84.0))
        .accessible_name(format!("{name} from"))
        .on_hover_text("First value (1e-3, 2^20 …)");
    ui.label("to");
    ui.add(egui::TextEdit::singleline(&mut axis.hi).desired_width(84.0))
        .accessible_name(format!("{name} to"));
    let points = number_field(ui, "points", &mut axis.points, 2..=MAX_POINTS);
    ui.checkbox(&mut axis.log, "log");
    points
}

/// `words`, then `name` weaker: a list entry that says what it is and what the command line
/// calls it.
fn then_name(ui: &Ui, words: &str, name: &str) -> egui::WidgetText {
    let mut job = egui::text::LayoutJob::default();
    let style = ui.style();
    for text in [
        RichText::new(words),
        RichText::new(format!("  {name}")).weak(),
    ] {
        text.append_to(
            &mut job,
            style,
            egui::FontSelection::Default,
            egui::Align::Center,
        );
    }
    job.into()
}
