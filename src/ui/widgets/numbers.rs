//! The numbers region: a run's figures as the report names them — one row per figure, its
//! plain-language name beside its value written with the table precision — so that what the
//! GUI shows, the CSV writes and a lesson asks are one value under one name.
//!
//! Each value is also exposed to the accessibility tree as "name = value", which is how the UI
//! tests read the region back and compare it with the report.

use eframe::egui::{self, Label, RichText, Ui, WidgetInfo};

use crate::lesson::authoring::Asked;
use crate::report::format::{Precision, cell};
use crate::report::{Cell, Content, Figure, Section};

/// What a hidden figure shows until its question is revealed.
pub const HIDDEN: &str = "?";

/// Separator between a figure's name and its value in the accessible label.
pub const ACCESSIBLE_SEPARATOR: &str = " = ";

/// The value of `figure` as the numbers region writes it.
pub fn value_text(figure: &Figure) -> String {
    cell(&figure.value, Precision::Table)
}

/// `figures` as a two-column grid with id `id`; a figure whose key `hidden` accepts shows
/// [`HIDDEN`] instead of its value. The grid fits the room it is given, clear of a scroll
/// bar's lane at its right: the values keep their whole width, right-aligned in a column at
/// least [`VALUE_TEMPLATE`] wide (wider only for a longer value), the names wrap in all that
/// is left (never narrower than [`MIN_NAME_WIDTH`]: beyond that the region scrolls). So a
/// value stands at the same place in every table of a drawer and at every step, whatever the
/// values and whichever read "?".
pub fn figures(ui: &mut Ui, id: &str, figures: &[Figure], hidden: impl Fn(&str) -> bool) {
    let secret = crate::ui::frame::secret(ui.ctx());
    let rows: Vec<(&Figure, String)> = figures
        .iter()
        .map(|f| {
            // The asked field itself showing the answer is hidden on any run (lg* ℓ is the
            // same on every run with this ℓ); what determines it only on the question's run.
            let asked = secret.as_ref().is_some_and(|s| {
                s.hides_field(f.key) || s.hides_named_value(f.key, &value_text(f))
            });
            // What the prompt itself states is no secret, not even of the future.
            let stated = secret.as_ref().is_some_and(|s| s.states(f.key));
            // (An empty value — an optimum not searched, a bound that does not apply — gives
            // nothing away: it stays "—" rather than promise a number.)
            let empty = f.value == Cell::Empty;
            let text = if ((hidden(f.key) && !stated) || asked) && !empty {
                HIDDEN.to_string()
            } else {
                value_text(f)
            };
            (f, text)
        })
        .collect();
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let color = ui.visuals().text_color();
    let measure = |t: &str| {
        ui.painter()
            .layout_no_wrap(t.to_owned(), font.clone(), color)
            .size()
            .x
    };
    let value_width = rows
        .iter()
        .map(|(_, t)| measure(t))
        .fold(measure(VALUE_TEMPLATE), f32::max)
        .ceil()
        + 1.0;
    let gap = 12.0;
    // The values end left of the lane of the region's floating scroll bar: right-aligned at
    // the edge, their last digits went under it when it was hovered.
    let scroll = &ui.spacing().scroll;
    let lane = scroll.bar_width + scroll.bar_outer_margin;
    let name_width = (ui.available_width() - value_width - gap - 2.0 - lane).max(MIN_NAME_WIDTH);
    egui::Grid::new(id)
        .num_columns(2)
        .striped(true)
        .spacing([gap, 2.0])
        .show(ui, |ui| {
            for (f, text) in &rows {
                figure_row(ui, f, text, (name_width, value_width));
            }
        });
}

/// Narrowest the names column of [`figures`] gets.
pub const MIN_NAME_WIDTH: f32 = 90.0;

/// The narrowest value column of [`figures`] holds this: the table precision's longest
/// number (six significant digits, a sign and an exponent).
pub const VALUE_TEMPLATE: &str = "-1.23457e-16";

/// One row: the name (wrapped in `widths.0`), then the value right-aligned in monospace in a
/// column `widths.1` wide.
fn figure_row(ui: &mut Ui, figure: &Figure, text: &str, (name_w, value_w): (f32, f32)) {
    // The name wrapped in its column, in a cell as tall as its lines (measured first: the
    // grid's row then holds them all).
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = ui.visuals().text_color();
    let lines = ui
        .painter()
        .layout(figure.name.to_string(), font, color, name_w)
        .size()
        .y;
    let top = egui::Layout::top_down(egui::Align::Min);
    ui.allocate_ui_with_layout(egui::vec2(name_w, lines), top, |ui| {
        // The whole column, not just the name's width: else the grid's column shrinks to the
        // widest name and the values stand further left the narrower their own column is.
        ui.set_min_width(name_w);
        ui.set_max_width(name_w);
        ui.set_min_height(lines);
        // Its right click offers Copy as lesson question; not focusable, so that Tab does not
        // stop at every row on its way through the drawer.
        let name = ui.add(Label::new(figure.name).wrap().sense(egui::Sense::CLICK));
        ask_menu(&name.on_hover_text(figure.key), figure, text);
    });
    let accessible = format!("{}{ACCESSIBLE_SEPARATOR}{text}", figure.name);
    let right = egui::Layout::right_to_left(egui::Align::Min);
    // A value written compactly (a 288-digit count as "2.79355 × 10^287") shows its exact
    // digits on hover.
    let exact = cell(&figure.value, Precision::Text);
    // As tall as the name's cell, the value at its top: level with the name's first line
    // (a cell of no height is centred in the grid's row and sat half a line low).
    ui.allocate_ui_with_layout(egui::vec2(value_w, lines), right, |ui| {
        ui.set_min_size(egui::vec2(value_w, lines));
        let value = ui.add(Label::new(RichText::new(text).monospace()).extend());
        value.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, &accessible));
        let whole = matches!(figure.value, Cell::Int(_) | Cell::Text(_));
        if whole && text != HIDDEN && exact != text {
            value.on_hover_text(exact);
        }
    });
    ui.end_row();
}

/// The caption of a number's context menu entry that copies it as a lesson question.
pub const ASK: &str = "Copy as lesson question";

/// A figure that may be asked as a lesson question (a number shown, not one hidden), with
/// the text the region shows for it.
#[derive(Debug, Clone)]
pub struct Offer {
    /// The figure as the app writes its question.
    pub asked: Asked,
    /// Its value as the region writes it.
    pub text: String,
}

/// [`Offer`]s recorded for the next pass ([`offered`]).
const OFFERS: &str = "loadlab-offered-questions";

/// The numbers the regions drawn in the last pass offered as lesson questions, each once, in
/// the order drawn: Edit ▸ [`ASK`] lists them (the keyboard's way to what a right click on a
/// name does).
pub fn offered(ctx: &egui::Context) -> Vec<Offer> {
    let mut offers = crate::ui::frame::recorded::<Offer>(ctx, OFFERS);
    let mut seen = std::collections::HashSet::new();
    offers.retain(|o| seen.insert(o.asked.key.clone()));
    offers
}

/// `figure` as a lesson question, if it may be asked: a finite number shown as `text`, not
/// one hidden.
fn askable(figure: &Figure, text: &str) -> Option<Asked> {
    let (value, whole) = match figure.value {
        Cell::Int(i) => (i as f64, true),
        // A whole value (2^n − 1, a makespan in steps) is asked exactly.
        Cell::Num(x) if x.is_finite() => (x, x.fract() == 0.0),
        _ => return None,
    };
    (text != HIDDEN).then(|| Asked {
        key: figure.key.to_string(),
        name: figure.name.to_string(),
        value,
        whole,
    })
}

/// A right click on a number's name offers [`ASK`] (a number shown, not one hidden), and the
/// figure is offered to Edit ▸ [`ASK`] ([`offered`]): chosen, it is recorded for the app
/// ([`crate::ui::frame::ask`]), which knows the scenario the question's check must run.
fn ask_menu(name: &egui::Response, figure: &Figure, text: &str) {
    if let Some(asked) = askable(figure, text) {
        offer(name, asked, text);
    }
}

/// Offers `asked`, a number shown as `text`, as a lesson question: to a right click on its
/// `name` ([`ASK`]) and to Edit ▸ [`ASK`] ([`offered`]).
pub fn offer(name: &egui::Response, asked: Asked, text: &str) {
    let offer = Offer {
        asked: asked.clone(),
        text: text.to_owned(),
    };
    let tip = format!(
        "A question whose answer is {} = {text}, on the run in front",
        asked.name
    );
    crate::ui::frame::record(&name.ctx, OFFERS, offer);
    name.context_menu(|ui| {
        if ui.button(ASK).on_hover_text(&tip).clicked() {
            crate::ui::frame::ask(ui.ctx(), asked);
            ui.close();
        }
    });
}

/// The rows of a table section as the numbers region writes them (table precision); empty
/// for a section of another kind.
pub fn table_rows(section: &Section) -> (Vec<&str>, Vec<Vec<String>>) {
    let Content::Table(t) = &section.content else {
        return (Vec::new(), Vec::new());
    };
    let header = t.header.iter().map(String::as_str).collect();
    let rows = t
        .rows
        .iter()
        .map(|r| r.iter().map(|c| cell(c, Precision::Table)));
    (header, rows.map(Iterator::collect).collect())
}

/// A "checks" section (claim, holds, detail): one line per claim, "✓ claim" or "✗ claim",
/// the numbers behind the verdict on hover.
pub fn checks(ui: &mut Ui, section: &Section) {
    let Content::Table(t) = &section.content else {
        return;
    };
    for row in &t.rows {
        let [Cell::Text(claim), Cell::Bool(holds), detail] = row.as_slice() else {
            continue;
        };
        let (mark, color) = if *holds {
            ("✓", super::palette::ok_text(ui.visuals()))
        } else {
            ("✗", ui.visuals().warn_fg_color)
        };
        let claim = crate::ui::frame::masked(ui.ctx(), &format!("{mark} {claim}"));
        let detail = crate::ui::frame::masked(ui.ctx(), &cell(detail, Precision::Table));
        ui.label(RichText::new(claim).color(color))
            .on_hover_text(detail);
    }
}
