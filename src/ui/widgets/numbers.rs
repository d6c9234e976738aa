//! The numbers region: a run's figures as the report names them — one row per figure, its
//! plain-language name beside its value written with the table precision — so that what the
//! GUI shows, the CSV writes and a lesson asks are one value under one name.
//!
//! Each value is also exposed to the accessibility tree as "name = value", which is how the UI
//! tests read the region back and compare it with the report.

use eframe::egui::{self, Label, RichText, Ui, WidgetInfo};

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
/// [`HIDDEN`] instead of its value.
pub fn figures(ui: &mut Ui, id: &str, figures: &[Figure], hidden: impl Fn(&str) -> bool) {
    egui::Grid::new(id)
        .num_columns(2)
        .striped(true)
        .spacing([12.0, 2.0])
        .show(ui, |ui| {
            let secret = crate::ui::reveal::secret(ui.ctx());
            for f in figures {
                let asked = secret.as_ref().is_some_and(|s| s.hides_field(f.key));
                figure_row(ui, f, hidden(f.key) || asked);
            }
        });
}

/// One row: the name, then the value right-aligned in monospace.
fn figure_row(ui: &mut Ui, figure: &Figure, hidden: bool) {
    ui.label(figure.name).on_hover_text(figure.key);
    let text = if hidden {
        HIDDEN.to_string()
    } else {
        value_text(figure)
    };
    let accessible = format!("{}{ACCESSIBLE_SEPARATOR}{text}", figure.name);
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        ui.add(Label::new(RichText::new(&text).monospace()))
            .widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, &accessible));
    });
    ui.end_row();
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
            ("✓", super::palette::OK)
        } else {
            ("✗", ui.visuals().warn_fg_color)
        };
        let claim = crate::ui::reveal::masked(ui.ctx(), &format!("{mark} {claim}"));
        let detail = crate::ui::reveal::masked(ui.ctx(), &cell(detail, Precision::Table));
        ui.label(RichText::new(claim).color(color))
            .on_hover_text(detail);
    }
}
