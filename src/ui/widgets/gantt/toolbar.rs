//! The Gantt chart's toolbar (zoom buttons, reset, legend, hint) and the least height the
//! chart takes with it.

use eframe::egui::{self, Color32, Sense, Vec2};

use super::*;
use crate::ui::widgets::flow::{last_drawn, new_row_unless_fits, text_width};

/// The toolbar: zoom buttons, reset, legend, hint (in an exported figure the legend alone);
/// the buttons change `window` and `view`.
pub(super) fn toolbar(
    ui: &mut egui::Ui,
    data: &GanttData,
    view: &mut GanttView,
    window: &mut (f64, f64),
    extent: (f64, f64),
) {
    // An exported figure has no pointer: its legend alone.
    let live = !crate::ui::frame::exporting(ui.ctx());
    if live {
        buttons(ui, view, window, extent);
        ui.separator();
    }
    legend(ui, data);
    // (On the stage the hint is Reset view's tooltip: the chart keeps the row.)
    if live && !crate::ui::frame::on_stage(ui.ctx()) {
        // Whole on a row of its own when the rest of this one is short ("set / time" wrapped
        // under Reset view in the tree sweep's 400-point picture).
        let font = egui::TextStyle::Body.resolve(ui.style());
        let hint = hint(ui.ctx());
        let width = text_width(ui, &hint, &font);
        if !new_row_unless_fits(ui, width + 2.0 * ui.spacing().item_spacing.x + 1.0) {
            ui.separator();
        }
        ui.weak(hint);
    }
}

/// Zoom in, Zoom out and Reset view; they change `window` and `view`.
fn buttons(ui: &mut egui::Ui, view: &mut GanttView, window: &mut (f64, f64), extent: (f64, f64)) {
    let center = 0.5 * (window.0 + window.1);
    let limits = span_limits(extent);
    let (_, zoom) = zoom_words(ui.ctx());
    let zoom_in = format!("Zoom in (or {zoom} over the chart)");
    let zoom_out = format!("Zoom out (or {zoom} over the chart)");
    if ui.button(LABEL_ZOOM_IN).on_hover_text(zoom_in).clicked() {
        *window = zoom_window(*window, center, BUTTON_ZOOM, limits);
        view.range = Some([window.0, window.1]);
    }
    if ui.button(LABEL_ZOOM_OUT).on_hover_text(zoom_out).clicked() {
        *window = zoom_window(*window, center, 1.0 / BUTTON_ZOOM, limits);
        view.range = Some([window.0, window.1]);
    }
    if ui
        .button(LABEL_RESET_VIEW)
        .on_hover_text(format!(
            "Fit all bars (or double-click the chart). {}",
            hint(ui.ctx())
        ))
        .clicked()
    {
        view.reset();
        *window = extent;
    }
}

/// Zoom factor of the zoom buttons.
const BUTTON_ZOOM: f64 = 1.5;

/// What zooms the chart, as its hint and its zoom buttons' tooltips say it: the wheel, or
/// where the wheel scrolls the page (a phone, [`super::window::wheel_zooms`]) Ctrl+wheel and
/// a pinch. (The desktop's hint keeps its short word: its width lays out the toolbar.)
fn zoom_words(ctx: &egui::Context) -> (&'static str, &'static str) {
    match super::window::wheel_zooms(ctx) {
        true => ("scroll", "scroll / ctrl-scroll"),
        false => ("ctrl-scroll / pinch", "ctrl-scroll / pinch"),
    }
}

/// How the chart is handled with the pointer.
fn hint(ctx: &egui::Context) -> String {
    format!("{}: zoom, drag: pan, click: set time", zoom_words(ctx).0)
}

/// The least height [`gantt`] (drawn as `id`) takes for `data` in `ui` (its toolbar as it was
/// drawn last, in one row or wrapped, then rows of `LEAST_ROW` and the time axis), for a
/// caller that lays out what goes above it: with that much left the chart is drawn whole.
/// (Counted as one row, a toolbar whose hint took a row of its own scrolled the tree sweep's
/// timeline 3 to 6 points out of its picture at 1080p.)
pub fn least_height(ui: &egui::Ui, id: &str, data: &GanttData) -> f32 {
    let n_rows = data.row_count();
    let chart = (n_rows as f32 * LEAST_ROW + axis_height(ui, data)).max(HEIGHTS.min_chart);
    let s = ui.spacing();
    let toolbar = last_drawn(ui, height_key(ui, id)).unwrap_or(s.interact_size.y);
    chart + toolbar + 2.0 * s.item_spacing.y
}

/// Where the height of the toolbar of the chart `id` drawn in `ui` is kept from frame to frame.
pub(super) fn height_key(ui: &egui::Ui, id: &str) -> egui::Id {
    ui.scope_id().with(("gantt toolbar height", id))
}

/// The height of a row [`least_height`] counts on: its bars (a third of it in a row of
/// three lanes) at least 8 points thick.
const LEAST_ROW: f32 = 26.0;

/// The legend: the data's own, else the three bar kinds.
fn legend(ui: &mut egui::Ui, data: &GanttData) {
    let dark = ui.visuals().dark_mode;
    let entries: Vec<(Color32, String)> = if data.legend.is_empty() {
        [BarKind::Receive, BarKind::Compute, BarKind::Send]
            .into_iter()
            .map(|k| (bar_color(k, dark), k.name().to_string()))
            .collect()
    } else {
        data.legend.clone()
    };
    let font = egui::TextStyle::Body.resolve(ui.style());
    let swatch = Vec2::splat(ui.text_style_height(&egui::TextStyle::Body) * 0.8);
    for (color, name) in entries {
        // Swatch and name wrap together: a new row when the pair does not fit.
        let width = swatch.x + ui.spacing().item_spacing.x + text_width(ui, &name, &font);
        new_row_unless_fits(ui, width);
        let (rect, _) = ui.allocate_exact_size(swatch, Sense::hover());
        ui.painter().rect_filled(rect, 2.0, color);
        ui.label(name);
    }
}
