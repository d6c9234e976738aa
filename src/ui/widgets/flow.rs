//! Rows that wrap by whole pieces: how wide a text is unwrapped, and a new row before a
//! piece that does not fit in what is left of this one (a legend's dot with its name, the
//! Gantt chart's hint), rather than the piece broken across two; and the sizes a layout
//! takes from what was drawn last frame ([`last_drawn`]).

use egui::{Color32, FontId, Id, Ui};

/// The size (points) kept under `key` when it was last drawn ([`keep_drawn`]), if it was:
/// what this frame's layout leaves for something whose size only drawing it tells (a
/// wrapping toolbar's height, a number's width).
pub fn last_drawn(ui: &Ui, key: Id) -> Option<f32> {
    ui.data(|d| d.get_temp::<f32>(key))
}

/// Keeps `size`, as just drawn, under `key` for the next frame's [`last_drawn`].
pub fn keep_drawn(ui: &Ui, key: Id, size: f32) {
    ui.data_mut(|d| d.insert_temp(key, size));
}

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
