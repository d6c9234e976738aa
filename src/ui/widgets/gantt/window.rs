//! The chart's time window: the data's extent, the window shown, zooming and scrolling.

use eframe::egui::{self, Vec2};

use super::{EXTENT_PADDING, GanttData, GanttView, SCROLL_ZOOM_SCALE, TimeAxis};

/// Time span covered by the bars (and the cursor) plus a little padding,
/// never empty.
pub(super) fn data_extent(data: &GanttData, cursor: Option<f64>) -> (f64, f64) {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    let times = data
        .bars
        .iter()
        .flat_map(|b| [b.start, b.end])
        .chain(data.extent.into_iter().flat_map(|(a, b)| [a, b]))
        .chain(cursor);
    for t in times.filter(|t| t.is_finite()) {
        lo = lo.min(t);
        hi = hi.max(t);
    }
    if lo > hi {
        return (0.0, 1.0);
    }
    if hi - lo <= f64::EPSILON * hi.abs().max(lo.abs()).max(1.0) {
        // One instant (the start of a schedule whose future is hidden): a window of width
        // 2·half around it, never reaching below 0 from a time at or after 0.
        let half = (lo.abs() * 0.05).max(0.5);
        let start = if lo >= 0.0 {
            (lo - half).max(0.0)
        } else {
            lo - half
        };
        return (start, start + 2.0 * half);
    }
    let pad = (hi - lo) * EXTENT_PADDING;
    (lo - pad, hi + pad)
}

/// Current window, validated, falling back to the data extent — also where it shows none of
/// the data (a window zoomed on another run, or on a later part of this one before the step
/// bar went back to its start, would draw an empty chart).
pub(super) fn visible_window(view: &GanttView, extent: (f64, f64)) -> (f64, f64) {
    match view.range {
        Some([a, b]) if a.is_finite() && b.is_finite() && b > a && a < extent.1 && b > extent.0 => {
            (a, b)
        }
        _ => extent,
    }
}

/// Zoom `(t0, t1)` by `factor` (> 1 zooms in) keeping `center` fixed on
/// screen; the span is clamped to `[min_span, max_span]`.
pub(super) fn zoom_window(
    (t0, t1): (f64, f64),
    center: f64,
    factor: f64,
    (min_span, max_span): (f64, f64),
) -> (f64, f64) {
    let span = t1 - t0;
    if !(factor.is_finite() && factor > 0.0 && span > 0.0) {
        return (t0, t1);
    }
    let new_span = (span / factor).clamp(min_span, max_span);
    let frac = ((center - t0) / span).clamp(0.0, 1.0);
    let new_t0 = center - frac * new_span;
    (new_t0, new_t0 + new_span)
}

/// The smallest and largest span the window may be zoomed to, for data spanning `extent`.
pub(super) fn span_limits((lo, hi): (f64, f64)) -> (f64, f64) {
    ((hi - lo) * 1e-9, (hi - lo) * 100.0)
}

/// Whether the plain (vertical) wheel zooms the chart: not on a phone, where the chart stands
/// in a page that scrolls and would trap the wheel the page needs (Compare's panes held
/// upright are mostly Gantt chart); Ctrl+wheel and a pinch zoom it there.
pub(super) fn wheel_zooms(ctx: &egui::Context) -> bool {
    !crate::ui::frame::on_phone(ctx)
}

/// Scrolling over the chart: zoom around the pointer (vertical scroll where
/// [`wheel_zooms`], ctrl-scroll, pinch) and pan (horizontal scroll), the scroll it uses
/// consumed; true when `window` moved.
pub(super) fn scroll_zoom(
    ui: &egui::Ui,
    axis: &TimeAxis,
    window: &mut (f64, f64),
    limits: (f64, f64),
) -> bool {
    let mut moved = false;
    let (mut scroll, zoom, pointer) =
        ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta(), i.pointer.hover_pos()));
    if !wheel_zooms(ui.ctx()) {
        // The vertical wheel is the page's.
        scroll.y = 0.0;
    }
    let factor = f64::from(zoom) * f64::from(scroll.y / SCROLL_ZOOM_SCALE).exp();
    let center = pointer.map_or(0.5 * (window.0 + window.1), |p| axis.time(p.x));
    if (factor - 1.0).abs() > 1e-6 {
        *window = zoom_window(*window, center, factor, limits);
        moved = true;
    }
    if scroll.x != 0.0 {
        let shift = -f64::from(scroll.x) * axis.seconds_per_point();
        *window = (window.0 + shift, window.1 + shift);
        moved = true;
    }
    if scroll != Vec2::ZERO {
        // Consumed: don't also scroll an enclosing scroll area.
        ui.input_mut(|i| i.smooth_scroll_delta -= scroll);
    }
    moved
}
