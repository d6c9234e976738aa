//! Rows that wrap by whole pieces: how wide a text is unwrapped, and a new row before a
//! piece that does not fit in what is left of this one (a legend's dot with its name, the
//! Gantt chart's hint), rather than the piece broken across two.

use egui::{Color32, FontId, Ui};

/// The width (points) of `text` in `font`, unwrapped.
pub fn text_width(ui: &Ui, text: &str, font: &FontId) -> f32 {
    let galley = ui
        .painter()
        .layout_no_wrap(text.to_owned(), font.clone(), Color32::WHITE);
    galley.size().x
}

/// In a wrapping row: starts a new row when `width` does not fit in what is left of this
/// one. Whether it did.
pub fn new_row_unless_fits(ui: &mut Ui, width: f32) -> bool {
    let short = ui.max_rect().right() - ui.cursor().min.x < width;
    if short {
        ui.end_row();
    }
    short
}
