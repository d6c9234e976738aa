//! The corner of a figure's room that its buttons take (↓ PNG, ↓ SVG, Describe: drawn by
//! the figure export above the widgets): how large it is ([`corner_size`]), and a figure's
//! first row wrapped clear of it ([`beside_corner`]).

use egui::{Ui, Vec2};

/// The captions of a figure's corner buttons: the two exports, then Describe (the picture's
/// description, [`super::describe`]).
pub const CAPTIONS: [&str; 3] = ["↓ PNG", "↓ SVG", super::describe::CAPTION];

/// Gap between a figure's room and its export buttons.
pub const CORNER_GAP: egui::Vec2 = egui::vec2(4.0, 2.0);

/// The size of the corner buttons' room (every button, their spacing and the gap to the
/// room's edge): the top right of every figure's room is theirs, and a figure's first row
/// keeps clear of it ([`beside_corner`]).
pub fn corner_size(ui: &Ui) -> Vec2 {
    let style = ui.style();
    let font = egui::TextStyle::Small.resolve(style);
    let pad = style.spacing.button_padding;
    let text: Vec<Vec2> = CAPTIONS
        .iter()
        .map(|c| {
            ui.painter()
                .layout_no_wrap((*c).to_owned(), font.clone(), egui::Color32::WHITE)
                .size()
        })
        .collect();
    // Small buttons have no vertical padding (egui's `Button::small`). Left of the lane of a
    // scrolling figure's scroll bar.
    let width: f32 = text.iter().map(|t| t.x + 2.0 * pad.x).sum::<f32>()
        + (CAPTIONS.len() - 1) as f32 * style.spacing.item_spacing.x
        + CORNER_GAP.x
        + scroll_lane(ui);
    let height = text.iter().map(|t| t.y).fold(0.0, f32::max) + 2.0 * CORNER_GAP.y;
    Vec2::new(width.ceil() + 2.0, height.ceil() + 2.0)
}

/// The width of a scroll bar's lane at the right of a scrolling figure, with the spacing
/// a region keeps at its edge (the buttons stay left of it).
pub fn scroll_lane(ui: &Ui) -> f32 {
    let spacing = &ui.style().spacing;
    let s = &spacing.scroll;
    // (Floating bars allocate no width: their lane is counted whole.)
    s.bar_width + s.bar_inner_margin + s.bar_outer_margin + spacing.item_spacing.x
}

/// A figure's first row (its heading, its switches): wrapped within the width the export
/// buttons leave at the top right of `ui`'s room, so no control lies under them; in a
/// phone's column ([`crate::ui::frame::in_column`]), where the buttons leave too little
/// beside them, under them, the whole width.
pub fn beside_corner<R>(ui: &mut Ui, add: impl FnOnce(&mut Ui) -> R) -> R {
    if below_corner(ui) {
        return ui.horizontal_wrapped(add).inner;
    }
    let corner = corner_size(ui);
    if crate::ui::frame::in_column(ui.ctx()) {
        ui.add_space(corner.y);
        return ui.horizontal_wrapped(add).inner;
    }
    let room = (ui.available_width() - corner.x).max(0.0);
    // A row that ran past its room beside the buttons last frame (a step bar's buttons do not
    // wrap: at 200 % type its » stood under Describe) stands under them, the whole width, for
    // as long as it would run past it again.
    let overran = ui.next_auto_id().with("beside corner overran");
    let under = ui
        .data(|d| d.get_temp::<f32>(overran))
        .is_some_and(|w| w > room + 0.5);
    if under {
        ui.add_space(corner.y);
    }
    let r = ui.horizontal_wrapped(|ui| {
        if !under {
            ui.set_max_width(room);
        }
        add(ui)
    });
    let width = r.response.rect.width();
    ui.data_mut(|d| d.insert_temp(overran, width));
    r.inner
}

/// How many rows items `widths` wide take, each whole and `gap` apart, in rows `width` wide
/// (an item wider than a row takes one of its own).
pub fn rows_in(widths: &[f32], width: f32, gap: f32) -> usize {
    let mut rows = 0;
    let mut used = f32::INFINITY;
    for &w in widths {
        if used + gap + w > width {
            rows += 1;
            used = w;
        } else {
            used += gap + w;
        }
    }
    rows
}

/// [`beside_corner`] for a row `width` wide in one line (as its twin measured it on the last
/// frame; `None` before then): where it does not fit beside the buttons, it stands under them
/// at the whole width, so it wraps only where the whole width is too narrow too (the map's x
/// row at 1280 × 720 in presenter mode broke after "to" beside them, where its y row fitted).
pub fn beside_corner_fitting<R>(
    ui: &mut Ui,
    width: Option<f32>,
    add: impl FnOnce(&mut Ui) -> R,
) -> R {
    let corner = corner_size(ui);
    if !below_corner(ui) && width.is_some_and(|w| w > ui.available_width() - corner.x) {
        ui.add_space(corner.y);
        return ui.horizontal_wrapped(add).inner;
    }
    beside_corner(ui, add)
}

/// The tag of a figure's room whose corner buttons stand above it, beside a title row of
/// its own (Compare's panes): the figure's first row has the whole width.
pub const BELOW_CORNER: &str = "loadlab-below-corner";

/// A child's builder for a figure's room under a row that keeps clear of the corner
/// ([`BELOW_CORNER`]).
pub fn below_corner_room(room: egui::Rect) -> egui::UiBuilder {
    egui::UiBuilder::new()
        .max_rect(room)
        .ui_stack_info(egui::UiStackInfo::default().with_tag(BELOW_CORNER))
}

/// Whether `ui` lies in a room tagged [`BELOW_CORNER`].
fn below_corner(ui: &Ui) -> bool {
    ui.stack().iter().any(|s| s.tags().contains(BELOW_CORNER))
}

#[cfg(test)]
mod tests {
    use super::rows_in;

    #[test]
    fn rows_hold_whole_items_and_a_wide_one_alone() {
        // 10 + 2 + 10 = 22 fits in 25, a third does not.
        assert_eq!(rows_in(&[10.0, 10.0, 10.0], 25.0, 2.0), 2);
        assert_eq!(rows_in(&[10.0, 10.0, 10.0], 34.0, 2.0), 1);
        // Wider than a row: a row of its own, and the next item starts another.
        assert_eq!(rows_in(&[5.0, 40.0, 5.0], 25.0, 2.0), 3);
        assert_eq!(rows_in(&[], 25.0, 2.0), 0);
    }
}
