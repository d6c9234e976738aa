//! The focus ring of custom-drawn controls (grid cells, ring arrows, tree nodes, map cells):
//! egui draws one for its own widgets; a control painted by hand draws this one when it has
//! the keyboard focus (Tab reaches it, Space or Enter acts on it), so that a student driving
//! the picture from the keyboard sees where they are. A mouse click gives no focus in egui,
//! so the ring marks keyboard focus only.

use egui::{Pos2, Rect, Response, Stroke, StrokeKind, Ui};

/// The ring's stroke: the theme's selection colour, thick enough to read from the back of a
/// room, with a thin line in the panel's colour inside it so it stands out on any fill.
fn strokes(ui: &Ui) -> (Stroke, Stroke) {
    let outer = Stroke::new(3.0, ui.visuals().selection.stroke.color);
    let inner = Stroke::new(1.5, ui.visuals().panel_fill);
    (outer, inner)
}

/// A focus ring just outside `rect` when `resp` has the focus; true when drawn.
pub fn ring_rect(ui: &Ui, resp: &Response, rect: Rect) -> bool {
    if !resp.has_focus() {
        return false;
    }
    let (outer, inner) = strokes(ui);
    let painter = ui.painter();
    painter.rect_stroke(rect.expand(1.0), 3.0, inner, StrokeKind::Outside);
    painter.rect_stroke(rect.expand(2.5), 4.0, outer, StrokeKind::Outside);
    true
}

/// A focus ring around the disc of radius `r` at `centre` when `resp` has the focus; true
/// when drawn.
pub fn ring_circle(ui: &Ui, resp: &Response, centre: Pos2, r: f32) -> bool {
    if !resp.has_focus() {
        return false;
    }
    let (outer, inner) = strokes(ui);
    let painter = ui.painter();
    painter.circle_stroke(centre, r + 1.5, inner);
    painter.circle_stroke(centre, r + 4.0, outer);
    true
}
