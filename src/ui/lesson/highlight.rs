//! The step's highlight: a region or a control the step points at, outlined on a layer of
//! its own above the panels and under the windows.

use super::Player;
use crate::lesson::Highlight;
use crate::ui::widgets::marks;
use crate::ui::workspace::Region;

/// How long a step's highlight pulses before it stays as a steady outline, in seconds.
const PULSE: f64 = 4.0;

/// Outlines the current step's highlight (a region or a control, where the workspace recorded
/// it this frame) on a layer above the workspace and under the windows: a thick frame that pulses for [`PULSE`]
/// seconds, then stays.
pub(super) fn outline(p: &mut Player, ctx: &egui::Context) {
    let Some(h) = p
        .lesson
        .steps
        .get(p.index)
        .and_then(|s| s.highlight.as_ref())
    else {
        p.outlined = None;
        return;
    };
    // Shown only where it is on screen now (a region may be folded away, a control scrolled
    // out or named by a caption this workspace does not have).
    // A control's frame stays inside the controls column (it would spill onto the picture),
    // a region's inside the workspace (a phone's page that scrolls ran it over the status bar).
    let room = match h {
        Highlight::Control(_) => marks::find(ctx, Region::Controls.key()),
        Highlight::Region(_) => marks::find(ctx, crate::ui::workspace::AREA_MARK),
    }
    .unwrap_or_else(|| ctx.content_rect());
    p.outlined = marks::find(ctx, &h.key())
        .map(|r| r.expand(4.0).intersect(room.shrink(2.0)))
        .filter(|r| r.is_positive());
    let Some(rect) = p.outlined else {
        return;
    };
    let now = ctx.input(|i| i.time);
    let since = now - *p.pulse_from.get_or_insert(now);
    // Under reduced motion the outline is steady from the start.
    let strength = if since < PULSE && !crate::ui::look::calm(ctx) {
        ctx.request_repaint_after(std::time::Duration::from_millis(40));
        0.65 + 0.35 * (since * std::f64::consts::TAU * 1.2).cos() as f32
    } else {
        1.0
    };
    let colour = egui::Color32::from_rgb(255, 150, 20).gamma_multiply(strength);
    // Above the panels, under every window (it drew over Help ▸ Keyboard shortcuts and the
    // quiz windows): a background layer of its own, which egui paints after the panels'
    // (the layers it orders) and before the windows.
    let layer = egui::LayerId::new(
        egui::Order::Background,
        egui::Id::unique("lesson-highlight"),
    );
    let painter = ctx.layer_painter(layer);
    let width = 2.0 + 2.0 * strength;
    // Inside the margin `rect` keeps around the mark, so the frame stays in its room.
    painter.rect_stroke(
        rect,
        6.0,
        egui::Stroke::new(width, colour),
        egui::StrokeKind::Inside,
    );
}
