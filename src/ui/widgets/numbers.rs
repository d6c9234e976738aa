//! The numbers region: a run's figures as the report names them — one row per figure, its
//! plain-language name beside its value written with the table precision — so that what the
//! GUI shows, the CSV writes and a lesson asks are one value under one name.
//!
//! Each value is also exposed to the accessibility tree as "name = value", which is how the UI
//! tests read the region back and compare it with the report.

use eframe::egui::{self, Label, RichText, Ui, WidgetInfo};

use crate::report::Figure;
use crate::report::format::{Precision, cell};

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
            for f in figures {
                figure_row(ui, f, hidden(f.key));
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
