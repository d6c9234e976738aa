//! Gantt chart drawn with a custom painter.
//!
//! Rows run top to bottom (row 0 at the top, labels on the left), time runs
//! to the right. Within a row whose bars of different kinds overlap in time, each
//! kind takes a lane (receive above compute above send; kinds that never overlap
//! share one, see `lanes`), so concurrent communication and computation on one
//! processor stay visible; [`BarKind::Idle`] is a faint full-height bar behind them.
//!
//! Interaction: scroll (not on a phone, where the wheel scrolls the page) or ctrl-scroll to
//! zoom around the pointer, horizontal scroll or drag to pan, double-click or "Reset view" to
//! fit the data, and a click returns the time under the pointer.

use eframe::egui::{self, Align2, Color32, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2};
use serde::{Deserialize, Serialize};

use super::{access, ticks};
use crate::report::format::{Precision, number};
use crate::ui::frame::Says;

mod labels;
mod lanes;
mod toolbar;
mod window;
pub use labels::LABEL_ALL_ROWS;
use labels::{cut_text, row_font};
use lanes::{Lanes, row_lanes};
pub use toolbar::least_height;
use toolbar::toolbar;
use window::{data_extent, scroll_zoom, span_limits, visible_window, zoom_window};

/// Caption of the zoom-in button.
pub const LABEL_ZOOM_IN: &str = "Zoom in";
/// Caption of the zoom-out button.
pub const LABEL_ZOOM_OUT: &str = "Zoom out";
/// Caption of the reset button.
pub const LABEL_RESET_VIEW: &str = "Reset view";
/// Accessible name of the chart area.
pub const LABEL_CHART: &str = "Gantt chart";
/// Mark ([`super::marks`]) of the thinnest bar a chart drew this frame.
pub const THINNEST_BAR_MARK: &str = "gantt:thinnest bar";
/// Mark of each row label a chart drew this frame.
pub const ROW_LABEL_MARK: &str = "gantt:row label";
/// Marks key of each row's band (tests count the rows drawn by it).
pub const ROW_MARK: &str = "gantt:row";

/// How tall the chart's parts are, in points.
struct Heights {
    /// Preferred height of one row.
    row: f32,
    /// Largest height of one row when there is room to spare.
    max_row: f32,
    /// Height of the time axis below the rows.
    axis: f32,
    /// Smallest chart height (rows + axis) when space is short.
    min_chart: f32,
}

/// The chart's heights.
const HEIGHTS: Heights = Heights {
    row: 28.0,
    max_row: 64.0,
    axis: 22.0,
    min_chart: 80.0,
};

/// Horizontal padding around row labels.
const LABEL_PAD: f32 = 6.0;
/// Least distance between time-axis labels, in points.
const TICK_SPACING: f32 = 64.0;
/// Scroll points per e-fold of zoom for plain (vertical) wheel scrolling.
const SCROLL_ZOOM_SCALE: f32 = 200.0;
/// Hover tolerance around bars, in points (helps with 1-px bars).
const HOVER_TOLERANCE: f32 = 2.0;
/// Fraction of the data span added on both sides when fitting the data.
const EXTENT_PADDING: f64 = 0.01;

/// What a processor is doing during a bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarKind {
    /// Computing (the middle lane of a row whose bars overlap).
    Compute,
    /// Sending (the bottom lane).
    Send,
    /// Receiving (the top lane).
    Receive,
    /// Idle (faint, full row height, behind the other bars).
    Idle,
}

impl BarKind {
    /// Human-readable name, as shown in the legend and tooltips.
    pub fn name(self) -> &'static str {
        match self {
            Self::Compute => "Compute",
            Self::Send => "Send",
            Self::Receive => "Receive",
            Self::Idle => "Idle",
        }
    }
}

/// Colour of a bar kind; `dark_mode` picks a variant readable on dark
/// backgrounds (Okabe–Ito based; the three kinds stay ΔE2000 ≥ 10 apart in simulated
/// protanopia, deuteranopia and tritanopia, and each also has its own lane).
pub fn bar_color(kind: BarKind, dark_mode: bool) -> Color32 {
    match (kind, dark_mode) {
        (BarKind::Compute, false) => Color32::from_rgb(0, 114, 178),
        (BarKind::Compute, true) => Color32::from_rgb(84, 145, 200),
        (BarKind::Send, false) => Color32::from_rgb(213, 94, 0),
        (BarKind::Send, true) => Color32::from_rgb(210, 151, 0),
        (BarKind::Receive, false) => Color32::from_rgb(0, 150, 110),
        (BarKind::Receive, true) => Color32::from_rgb(9, 235, 181),
        (BarKind::Idle, false) => Color32::from_black_alpha(28),
        (BarKind::Idle, true) => Color32::from_white_alpha(22),
    }
}

/// Colour of the time cursor.
fn cursor_color(dark_mode: bool) -> Color32 {
    if dark_mode {
        Color32::from_rgb(255, 90, 90)
    } else {
        Color32::from_rgb(200, 0, 0)
    }
}

/// One bar of the chart.
#[derive(Clone, Debug)]
pub struct GanttBar {
    /// Row index (0 = top row).
    pub row: usize,
    /// Start time.
    pub start: f64,
    /// End time.
    pub end: f64,
    /// Activity, which selects lane and colour.
    pub kind: BarKind,
    /// Tooltip text (the chart appends the start and end times).
    pub tooltip: String,
    /// A colour of the caller's instead of the activity's (e.g. by tree level).
    pub color: Option<Color32>,
    /// The pseudo-code line that produced it, as (algorithm id, step label): hovering the bar
    /// highlights that line in the pseudo-code pane.
    pub line: Option<(&'static str, &'static str)>,
}

/// Everything the chart shows.
#[derive(Clone, Debug, Default)]
pub struct GanttData {
    /// Row labels, top to bottom. Bars may reference rows beyond this list;
    /// those rows are labelled by their index.
    pub rows: Vec<String>,
    /// The bars, in any order.
    pub bars: Vec<GanttBar>,
    /// Label of the time axis (e.g. "time").
    pub time_label: String,
    /// Legend entries replacing the activity legend (for callers that colour bars themselves).
    pub legend: Vec<(Color32, String)>,
    /// Time span to fit even where no bar is drawn yet (e.g. the whole schedule while the
    /// step bar reveals it bar by bar).
    pub extent: Option<(f64, f64)>,
    /// What the chart says where it draws no bar (e.g. at the start while the future is
    /// hidden); None: an empty chart says nothing.
    pub empty_note: Option<String>,
    /// What the bars' times are, for an open question's mask ([`Says`]): free text, masked
    /// by the answer's digits, unless the caller knows they are another quantity than the
    /// one asked (another algorithm's schedule).
    pub times: Says,
}

impl GanttData {
    /// The number of rows drawn: the labelled ones, or more where a bar names a later row.
    pub fn row_count(&self) -> usize {
        self.bars
            .iter()
            .map(|b| b.row.saturating_add(1))
            .max()
            .unwrap_or(0)
            .max(self.rows.len())
    }

    /// How the time axis is ticked: at whole numbers where every bar starts and ends on one
    /// (KS-BF's steps: gao-rosenberg step 2's axis read 0.5, 1.5 between them).
    pub fn time_scale(&self) -> ticks::Scale {
        let whole = |t: f64| t.fract() == 0.0;
        let bars_whole = self.bars.iter().all(|b| whole(b.start) && whole(b.end));
        if !self.bars.is_empty() && bars_whole {
            ticks::Scale::Integer
        } else {
            ticks::Scale::Linear
        }
    }
}

/// Persistent zoom/pan state of a chart.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GanttView {
    /// Visible time window `[start, end]`, or `None` to fit the data.
    pub range: Option<[f64; 2]>,
}

impl GanttView {
    /// Fit the data again.
    pub fn reset(&mut self) {
        self.range = None;
    }
}

/// Tooltip text of a bar.
fn bar_tooltip(bar: &GanttBar, row_name: &str) -> String {
    let mut text = format!("{row_name}: {}", bar.kind.name());
    if !bar.tooltip.is_empty() {
        text.push('\n');
        text.push_str(&bar.tooltip);
    }
    text.push_str(&format!(
        "\nstart {}  end {}",
        number(bar.start, Precision::Readout),
        number(bar.end, Precision::Readout)
    ));
    text
}

/// Maps between time and screen x inside the plot area.
#[derive(Clone, Copy)]
struct TimeAxis {
    t0: f64,
    t1: f64,
    left: f32,
    width: f32,
}

impl TimeAxis {
    fn x(&self, t: f64) -> f32 {
        let frac = (t - self.t0) / (self.t1 - self.t0);
        // Clamp far-away values so they stay representable as f32 pixels.
        self.left + (frac.clamp(-10.0, 11.0) as f32) * self.width
    }

    fn time(&self, x: f32) -> f64 {
        self.t0 + f64::from((x - self.left) / self.width) * (self.t1 - self.t0)
    }

    fn seconds_per_point(&self) -> f64 {
        (self.t1 - self.t0) / f64::from(self.width)
    }
}

/// Label of row `row`.
fn row_name(data: &GanttData, row: usize) -> String {
    data.rows
        .get(row)
        .cloned()
        .unwrap_or_else(|| format!("#{row}"))
}

/// Show a Gantt chart.
///
/// * `id` — unique id within the parent UI.
/// * `view` — zoom/pan state (keep it across frames).
/// * `cursor` — time of the vertical cursor line, if any.
///
/// Returns `Some(time)` when the user clicked in the chart, so the caller can
/// move its cursor. Empty data shows a placeholder and returns `None`.
pub fn gantt(
    ui: &mut egui::Ui,
    id: &str,
    data: &GanttData,
    view: &mut GanttView,
    cursor: Option<f64>,
) -> Option<f64> {
    let toolbar = toolbar::height_key(ui, id);
    ui.push_id(id, |ui| gantt_ui(ui, data, view, cursor, toolbar))
        .inner
}

/// The chart in words for [`crate::ui::widgets::describe`]: its rows, and the bars drawn in
/// each counted by activity (the times are on the chart's axis), masked as on screen.
fn describe(ctx: &egui::Context, data: &GanttData, n_rows: usize) -> String {
    use crate::ui::widgets::describe::{count, list};
    let rows = list((0..n_rows).map(|r| {
        let mut kinds: Vec<(&'static str, usize)> = Vec::new();
        for b in data.bars.iter().filter(|b| b.row == r) {
            match kinds.iter_mut().find(|(k, _)| *k == b.kind.name()) {
                Some((_, n)) => *n += 1,
                None => kinds.push((b.kind.name(), 1)),
            }
        }
        let bars: Vec<String> = kinds
            .iter()
            .map(|(k, n)| format!("{n} {}", k.to_lowercase()))
            .collect();
        let bars = if bars.is_empty() {
            "nothing yet".to_owned()
        } else {
            bars.join(" + ")
        };
        format!("{}: {bars}", row_name(data, r))
    }));
    let mut text = format!(
        "Gantt chart of {} over {}, {}: {rows}.",
        count(n_rows, "row"),
        data.time_label,
        count(data.bars.len(), "bar")
    );
    if let Some(note) = data.empty_note.as_ref().filter(|_| data.bars.is_empty()) {
        text = format!("{text} {note}");
    }
    crate::ui::frame::masked(ctx, &text)
}

fn gantt_ui(
    ui: &mut egui::Ui,
    data: &GanttData,
    view: &mut GanttView,
    cursor: Option<f64>,
    toolbar_height: egui::Id,
) -> Option<f64> {
    let cursor = cursor.filter(|t| t.is_finite());
    let n_rows = data.row_count();
    let extent = data_extent(data, cursor);
    let mut window = visible_window(view, extent);
    let bar = ui.horizontal_wrapped(|ui| toolbar(ui, data, view, &mut window, extent));
    crate::ui::widgets::flow::keep_drawn(ui, toolbar_height, bar.response.rect.height());
    if n_rows == 0 {
        ui.weak("(no rows to show)");
        return None;
    }
    let (response, painter) = allocate_chart(ui, data, n_rows);
    crate::ui::widgets::describe::record(ui.ctx(), describe(ui.ctx(), data, n_rows));
    let chart = Chart::lay_out(ui, &painter, data, n_rows, response.rect, window)?;
    // Interaction updates the window before painting, so there is no lag.
    let (axis, clicked_time) = chart.interact(ui, &response, view, window, extent);
    let hovered_bar = response
        .hover_pos()
        .filter(|p| chart.plot_rect.contains(*p) && !response.dragged())
        .and_then(|p| chart.bar_at(&axis, p));
    let clipped = painter.with_clip_rect(chart.plot_rect.intersect(painter.clip_rect()));
    chart.paint_grid(ui, &painter, &clipped, &axis);
    chart.paint_bars(ui, &clipped, &axis);
    chart.paint_rows(ui, &painter, &clipped);
    if let Some(note) = data.empty_note.as_ref().filter(|_| data.bars.is_empty()) {
        crate::ui::widgets::empty_note(ui, &clipped, chart.plot_rect, note);
    }
    let (rect, tip) = (
        |b: &GanttBar| chart.bar_rect(&axis, b),
        |b: &GanttBar| bar_tooltip(b, &row_name(data, b.row)),
    );
    bar_nodes(ui, &response, data, &rect, &tip);
    if let Some(bar) = hovered_bar.and_then(|i| data.bars.get(i)) {
        chart.hover(ui, &clipped, &axis, &response, bar);
    }
    // Time cursor.
    if let Some(t) = cursor
        && t >= axis.t0
        && t <= axis.t1
    {
        let x = axis.x(t);
        painter.vline(
            x,
            chart.plot_rect.top()..=chart.plot_rect.bottom() + 4.0,
            Stroke::new(2.0, cursor_color(ui.visuals().dark_mode)),
        );
    }
    painter.rect_stroke(
        chart.plot_rect,
        0.0,
        ui.visuals().widgets.noninteractive.bg_stroke,
        StrokeKind::Outside,
    );
    clicked_time
}

/// The time axis' height: tick labels, then the axis' name on a line of its own (beside the
/// ticks it ran into the first one).
fn axis_height(ui: &egui::Ui, data: &GanttData) -> f32 {
    let name_height = if data.time_label.is_empty() {
        0.0
    } else {
        ui.fonts_mut(|f| f.row_height(&label_font(ui))) + 2.0
    };
    HEIGHTS.axis + name_height
}

/// Body size: small type is unreadable at the back of a lecture room.
fn label_font(ui: &egui::Ui) -> egui::FontId {
    egui::TextStyle::Body.resolve(ui.style())
}

/// Allocates the chart's room (few rows grow up to `HEIGHTS.max_row` each to use the space
/// they are given); its accessible value is the number of bars drawn (the tests read what
/// the chart shows through it).
fn allocate_chart(
    ui: &mut egui::Ui,
    data: &GanttData,
    n_rows: usize,
) -> (egui::Response, egui::Painter) {
    let axis_height = axis_height(ui, data);
    let available = ui.available_size();
    let desired_height = n_rows as f32 * HEIGHTS.row + axis_height;
    let height = if available.y.is_finite() {
        let roomy = (n_rows as f32 * HEIGHTS.max_row + axis_height).min(available.y);
        desired_height
            .max(roomy)
            .min(available.y.max(HEIGHTS.min_chart))
    } else {
        desired_height
    };
    let width = if available.x.is_finite() {
        available.x.max(120.0)
    } else {
        600.0
    };
    let (response, painter) =
        ui.allocate_painter(Vec2::new(width, height), Sense::click_and_drag());
    response.widget_info(|| {
        let mut info = egui::WidgetInfo::labeled(egui::Role::Canvas, ui.is_enabled(), LABEL_CHART);
        info.value = Some(data.bars.len() as f64);
        info
    });
    (response, painter)
}

/// Where the chart's parts go this frame.
struct Chart<'a> {
    data: &'a GanttData,
    n_rows: usize,
    /// The whole chart (gutter with the row labels, plot, time axis).
    rect: Rect,
    /// The bars' area.
    plot_rect: Rect,
    row_height: f32,
    /// The row labels' font: the body's, smaller where up to [`LABEL_ALL_ROWS`] rows need it
    /// to be labelled each.
    row_font: egui::FontId,
    row_labels: Vec<String>,
    /// Per row, the lanes its bars take: None when bars of different kinds never overlap
    /// in time (each bar takes the whole row: thicker; its colour and tooltip still tell the
    /// kind), else one lane for each set of kinds that never overlap ([`lanes`]).
    lanes: Vec<Option<Lanes>>,
    /// Rows of lanes too thin for [`MIN_BAR`] bars nest them instead: the first kind fills
    /// the row, the second (and third, below it) is drawn inside it (all at least
    /// [`MIN_BAR`] where the row is 22 points or more).
    nested: bool,
    /// The axis over the window as it was before this frame's interaction.
    axis: TimeAxis,
}

/// Thinnest a bar is drawn where the rows leave room (legible from the back of a room).
pub const MIN_BAR: f32 = 8.0;

/// The band of the first kind a nested row shows above and below the second, in points.
const NESTED_BAND: f32 = 0.6;

/// A bar's margin above and below within a row `row_height` tall.
fn row_margin(row_height: f32) -> f32 {
    (row_height * 0.08).min(3.0)
}

impl<'a> Chart<'a> {
    /// Lays the chart out in `rect` (None when there is no room to draw).
    fn lay_out(
        ui: &egui::Ui,
        painter: &egui::Painter,
        data: &'a GanttData,
        n_rows: usize,
        rect: Rect,
        window: (f64, f64),
    ) -> Option<Chart<'a>> {
        let text_color = ui.visuals().text_color();
        let row_height = (rect.height() - axis_height(ui, data)) / n_rows as f32;
        let row_labels: Vec<String> = (0..n_rows).map(|r| row_name(data, r)).collect();
        let most = (rect.width() * 0.4).max(30.0);
        let font = row_font(ui, row_height, n_rows);
        let (font, label_width) = labels::fitted(
            painter,
            &row_labels,
            (font, text_color),
            most - 2.0 * LABEL_PAD,
        );
        let gutter = (label_width + 2.0 * LABEL_PAD).clamp(30.0, most);
        let plot_rect = Rect::from_min_max(
            Pos2::new(rect.left() + gutter, rect.top()),
            Pos2::new(rect.right() - 4.0, rect.bottom() - axis_height(ui, data)),
        );
        if plot_rect.width() < 1.0 || plot_rect.height() < 1.0 {
            return None;
        }
        let row_height = plot_rect.height() / n_rows as f32;
        let lanes = row_lanes(data, n_rows);
        // Lanes thinner than MIN_BAR nest instead (see `lane`).
        let inner = row_height - 2.0 * row_margin(row_height);
        let nested = lanes
            .iter()
            .flatten()
            .any(|l| l.count >= 2 && inner / (l.count as f32) < MIN_BAR);
        Some(Chart {
            data,
            n_rows,
            rect,
            plot_rect,
            row_height,
            row_font: font,
            row_labels,
            lanes,
            nested,
            axis: TimeAxis {
                t0: window.0,
                t1: window.1,
                left: plot_rect.left(),
                width: plot_rect.width(),
            },
        })
    }

    /// Drag pans, scroll zooms around the pointer (horizontal scroll pans), a double click
    /// fits the data; the axis of the window after that, and the time clicked, if any.
    fn interact(
        &self,
        ui: &egui::Ui,
        response: &egui::Response,
        view: &mut GanttView,
        mut window: (f64, f64),
        extent: (f64, f64),
    ) -> (TimeAxis, Option<f64>) {
        let axis = self.axis;
        let mut moved = false;
        if response.dragged() {
            let dx = response.drag_delta().x;
            if dx != 0.0 {
                let shift = -f64::from(dx) * axis.seconds_per_point();
                window = (window.0 + shift, window.1 + shift);
                moved = true;
            }
        }
        if response.hovered() {
            moved |= scroll_zoom(ui, &axis, &mut window, span_limits(extent));
        }
        if response.double_clicked() {
            view.reset();
            window = extent;
        } else if moved {
            view.range = Some([window.0, window.1]);
        }
        let axis = TimeAxis {
            t0: window.0,
            t1: window.1,
            ..axis
        };
        let mut clicked_time = None;
        if response.clicked()
            && let Some(pos) = response.interact_pointer_pos()
            && pos.x >= self.plot_rect.left()
        {
            clicked_time = Some(axis.time(pos.x.min(self.plot_rect.right())));
        }
        (axis, clicked_time)
    }

    /// A bar's margin above and below within its row: [`row_margin`], less where nested rows
    /// need the room for a [`MIN_BAR`] bar inside a [`NESTED_BAND`] of the first kind.
    fn margin(&self, row: usize) -> f32 {
        let margin = row_margin(self.row_height);
        let needed = match self.lanes.get(row) {
            Some(Some(l)) if self.nested && l.count == 2 => MIN_BAR + 0.5 + 2.0 * NESTED_BAND,
            Some(Some(l)) if self.nested => 2.0 * (MIN_BAR + 0.25) + 2.0 * NESTED_BAND,
            _ => return margin,
        };
        if self.row_height - 2.0 * margin >= needed {
            return margin;
        }
        (0.5 * (self.row_height - needed)).clamp(0.0, margin)
    }

    /// The vertical extent of `bar` within its row, as fractions (top, bottom) of its height.
    fn lane(&self, bar: &GanttBar) -> (f32, f32) {
        match self.lanes.get(bar.row) {
            _ if bar.kind == BarKind::Idle => (0.0, 1.0),
            Some(Some(lanes)) => {
                let k = lanes.of(bar.kind);
                let inner = self.row_height - 2.0 * self.margin(bar.row);
                if self.nested && lanes.count == 2 {
                    // The second kind inside the first: at least MIN_BAR, a band of the first
                    // showing above and below it, at least NESTED_BAND each side (zoomed in,
                    // a row under 9 points drew the second kind over the whole of the first,
                    // and a root that sends while it computes read as computing only).
                    let band = (NESTED_BAND / inner).min(0.25);
                    let f = ((MIN_BAR + 0.5).max(0.6 * inner) / inner).min(1.0 - 2.0 * band);
                    return if k == 0 {
                        (0.0, 1.0)
                    } else {
                        (0.5 - 0.5 * f, 0.5 + 0.5 * f)
                    };
                }
                if self.nested && lanes.count == 3 {
                    // The second and third kinds inside the first, one above the other: a
                    // band of the first showing above and below them, up to 2 points, less
                    // (down to NESTED_BAND) where it would make them thinner than MIN_BAR.
                    let room = 0.5 * (inner - 2.0 * (MIN_BAR + 0.25));
                    let band = (room.clamp(NESTED_BAND, 2.0) / inner).min(0.1);
                    return match k {
                        0 => (0.0, 1.0),
                        1 => (band, 0.5),
                        _ => (0.5, 1.0 - band),
                    };
                }
                let n = lanes.count.max(1) as f32;
                (k as f32 / n, (k + 1) as f32 / n)
            }
            _ => (0.0, 1.0),
        }
    }

    /// The topmost (non-idle first) bar under the pointer at `p`.
    fn bar_at(&self, axis: &TimeAxis, p: Pos2) -> Option<usize> {
        let row = ((p.y - self.plot_rect.top()) / self.row_height).floor();
        if row < 0.0 {
            return None;
        }
        let row = row as usize;
        let frac = ((p.y - self.plot_rect.top()) / self.row_height).fract();
        let t = axis.time(p.x);
        let tol = f64::from(HOVER_TOLERANCE) * axis.seconds_per_point();
        let mut idle = None;
        // (A bar nested in another is the one under the pointer where both are.)
        let mut found: Option<(usize, f32)> = None;
        for (index, bar) in self.data.bars.iter().enumerate() {
            if bar.row != row {
                continue;
            }
            let (s, e) = (bar.start.min(bar.end), bar.start.max(bar.end));
            if !(s - tol <= t && t <= e + tol) {
                continue;
            }
            let (top, bottom) = self.lane(bar);
            if bar.kind == BarKind::Idle {
                idle.get_or_insert(index);
            } else if (top..=bottom).contains(&frac) && found.is_none_or(|f| bottom - top < f.1) {
                found = Some((index, bottom - top));
            }
        }
        found.map(|f| f.0).or(idle)
    }

    /// Background, row stripes, grid lines and the time axis with its ticks and name.
    fn paint_grid(
        &self,
        ui: &egui::Ui,
        painter: &egui::Painter,
        clipped: &egui::Painter,
        axis: &TimeAxis,
    ) {
        let visuals = ui.visuals();
        let plot_rect = self.plot_rect;
        painter.rect_filled(plot_rect, 0.0, visuals.extreme_bg_color);
        for row in (1..self.n_rows).step_by(2) {
            let top = plot_rect.top() + row as f32 * self.row_height;
            let stripe = Rect::from_x_y_ranges(plot_rect.x_range(), top..=top + self.row_height);
            clipped.rect_filled(stripe, 0.0, visuals.faint_bg_color);
        }
        // Round times, three or more, as many as have room.
        let most = (axis.width / TICK_SPACING).floor().max(3.0) as usize;
        let (times, labels) = self.ticks(ui.ctx(), axis, most);
        let grid_color = visuals
            .widgets
            .noninteractive
            .bg_stroke
            .color
            .gamma_multiply(0.6);
        let axis_stroke = visuals.widgets.noninteractive.fg_stroke;
        for (t, label) in times.into_iter().zip(labels) {
            let x = axis.x(t);
            clipped.vline(x, plot_rect.y_range(), Stroke::new(1.0, grid_color));
            painter.vline(
                x,
                plot_rect.bottom()..=plot_rect.bottom() + 4.0,
                axis_stroke,
            );
            // An open question's answer (the end of the time axis) reads "?". Centred under
            // its tick, but never cut by the room's edge (the last tick sits on the chart's
            // right edge: li's "0.4" lost its 4 beside the pseudo-code pane).
            let galley = painter.layout_no_wrap(label, label_font(ui), visuals.text_color());
            let (w, room) = (galley.size().x, painter.clip_rect());
            let left = (x - 0.5 * w).min(room.right() - w).max(room.left());
            let at = Pos2::new(left, plot_rect.bottom() + 4.0);
            painter.galley(at, galley, visuals.text_color());
        }
        painter.hline(plot_rect.x_range(), plot_rect.bottom(), axis_stroke);
        if !self.data.time_label.is_empty() {
            painter.text(
                Pos2::new(plot_rect.center().x, plot_rect.bottom() + HEIGHTS.axis),
                Align2::CENTER_TOP,
                &self.data.time_label,
                label_font(ui),
                visuals.weak_text_color(),
            );
        }
    }

    /// The time axis's ticks (at most `most`) and their labels, masked as an open question
    /// asks. Round times where the labels are read; where the mask hides them, the axis
    /// in quarters, each "?": grid lines at round times told the scale whose labels were
    /// hidden (grs step 5's three lines a hundred apart put T_PY near 265; it is 261).
    /// A chart with no bar and no extent (the future hidden at its start) has no time scale
    /// yet: its axis is "?" too (it read 0 … 1, an anchor for li step 2's T_N of 33.55).
    fn ticks(&self, ctx: &egui::Context, axis: &TimeAxis, most: usize) -> (Vec<f64>, Vec<String>) {
        let unscaled = self.data.bars.is_empty() && self.data.extent.is_none();
        let times = ticks::ticks_at_most(axis.t0, axis.t1, self.data.time_scale(), most);
        let labels = ticks::labels(&times);
        let masked: Vec<String> = labels
            .iter()
            .map(|l| crate::ui::frame::masked_as(ctx, self.data.times, l))
            .collect();
        if masked == labels && !unscaled {
            return (times, labels);
        }
        let quarters: Vec<f64> = (0..=4)
            .map(|k| axis.t0 + (axis.t1 - axis.t0) * f64::from(k) / 4.0)
            .collect();
        let hidden = vec![crate::ui::frame::HIDDEN.to_owned(); quarters.len()];
        (quarters, hidden)
    }

    /// Where `bar` is drawn on `axis` (None when it is off screen or not a bar).
    fn bar_rect(&self, axis: &TimeAxis, bar: &GanttBar) -> Option<Rect> {
        if bar.row >= self.n_rows || !bar.start.is_finite() || !bar.end.is_finite() {
            return None;
        }
        let (s, e) = (bar.start.min(bar.end), bar.start.max(bar.end));
        if e < axis.t0 || s > axis.t1 {
            return None;
        }
        let mut x0 = axis.x(s).max(self.plot_rect.left() - 1.0);
        let mut x1 = axis.x(e).min(self.plot_rect.right() + 1.0);
        if x1 - x0 < 1.0 {
            let mid = 0.5 * (x0 + x1);
            x0 = mid - 0.5;
            x1 = mid + 0.5;
        }
        let margin = self.margin(bar.row);
        let row_top = self.plot_rect.top() + bar.row as f32 * self.row_height + margin;
        let inner = self.row_height - 2.0 * margin;
        let (top, bottom) = self.lane(bar);
        Some(Rect::from_x_y_ranges(
            x0..=x1,
            row_top + top * inner..=row_top + bottom * inner,
        ))
    }

    /// The bars: idle ones first so the others are drawn on top.
    fn paint_bars(&self, ui: &egui::Ui, clipped: &egui::Painter, axis: &TimeAxis) {
        let dark = ui.visuals().dark_mode;
        let outline = Stroke::new(1.0, ui.visuals().extreme_bg_color.gamma_multiply(0.7));
        let mut thinnest: Option<Rect> = None;
        // Idle bars first, then the bars filling their rows, then those nested inside them.
        let pass = |b: &GanttBar| match b.kind {
            BarKind::Idle => 0,
            _ if self.lane(b) == (0.0, 1.0) => 1,
            _ => 2,
        };
        for k in 0..3 {
            let idle_pass = k == 0;
            for bar in self.data.bars.iter().filter(|b| pass(b) == k) {
                let Some(r) = self.bar_rect(axis, bar) else {
                    continue;
                };
                let fill = bar.color.unwrap_or_else(|| bar_color(bar.kind, dark));
                clipped.rect_filled(r, 0.0, fill);
                if !idle_pass && r.width() >= 4.0 && r.height() >= 4.0 {
                    clipped.rect_stroke(r, 0.0, outline, StrokeKind::Inside);
                }
                if !idle_pass && thinnest.is_none_or(|t| r.height() < t.height()) {
                    thinnest = Some(r);
                }
            }
        }
        if let Some(r) = thinnest {
            super::marks::record(ui.ctx(), THINNEST_BAR_MARK, r);
        }
    }

    /// Row separators and labels (thinned out when rows are tiny).
    fn paint_rows(&self, ui: &egui::Ui, painter: &egui::Painter, clipped: &egui::Painter) {
        let font = self.row_font.clone();
        let sep_color = ui.visuals().widgets.noninteractive.bg_stroke.color;
        // (Labels may touch: a line's height has a little air above and below the glyphs;
        // half a point more is the rounding of a font scaled to the row, see `row_font`.)
        let label_every = ((ui.fonts_mut(|f| f.row_height(&font)) - 0.5) / (1.1 * self.row_height))
            .ceil()
            .max(1.0) as usize;
        let gutter_painter = painter.with_clip_rect(Rect::from_min_max(
            self.rect.min,
            Pos2::new(self.plot_rect.left(), self.plot_rect.bottom()),
        ));
        for (row, label) in self.row_labels.iter().enumerate() {
            let top = self.plot_rect.top() + row as f32 * self.row_height;
            let band = Rect::from_x_y_ranges(self.plot_rect.x_range(), top..=top + self.row_height);
            super::marks::record(ui.ctx(), ROW_MARK, band);
            if row > 0 && self.row_height >= 6.0 {
                clipped.hline(self.plot_rect.x_range(), top, Stroke::new(0.5, sep_color));
            }
            if row % label_every == 0 {
                let r = cut_text(
                    &gutter_painter,
                    Pos2::new(self.rect.left() + LABEL_PAD, top + 0.5 * self.row_height),
                    self.plot_rect.left() - self.rect.left() - 2.0 * LABEL_PAD,
                    label,
                    (font.clone(), ui.visuals().text_color()),
                );
                super::marks::record(ui.ctx(), ROW_LABEL_MARK, r);
            }
        }
    }

    /// The hovered bar: outlined, its pseudo-code line highlighted, its tooltip.
    fn hover(
        &self,
        ui: &egui::Ui,
        clipped: &egui::Painter,
        axis: &TimeAxis,
        response: &egui::Response,
        bar: &GanttBar,
    ) {
        if let Some(r) = self.bar_rect(axis, bar) {
            clipped.rect_stroke(
                r.expand(1.0),
                0.0,
                Stroke::new(1.5, ui.visuals().strong_text_color()),
                StrokeKind::Outside,
            );
        }
        if let Some((alg, step)) = bar.line {
            crate::ui::widgets::pseudocode::set_picture_hover(ui.ctx(), Some(alg), step);
        }
        let text = crate::ui::frame::masked_as(
            ui.ctx(),
            self.data.times,
            &bar_tooltip(bar, &row_name(self.data, bar.row)),
        );
        response.clone().on_hover_ui_at_pointer(|ui| {
            ui.label(text);
        });
    }
}

/// The chart's bars for a screen reader, in the window shown, one node each: named by the
/// first line of its tooltip ("P2: Send"), the rest of it as value ("…; start 3  end 7"),
/// masked as the tooltip is on screen. `rect` places a bar (None: outside the window).
fn bar_nodes(
    ui: &egui::Ui,
    canvas: &egui::Response,
    data: &GanttData,
    rect: &dyn Fn(&GanttBar) -> Option<Rect>,
    tooltip: &dyn Fn(&GanttBar) -> String,
) {
    if !access::active(canvas) {
        return;
    }
    for (k, bar) in data.bars.iter().enumerate().take(access::MAX_PARTS) {
        let Some(r) = rect(bar) else { continue };
        let text = crate::ui::frame::masked_as(ui.ctx(), data.times, &tooltip(bar));
        let mut lines = text.lines();
        let name = lines.next().unwrap_or_default();
        let rest: Vec<&str> = lines.collect();
        access::node(
            ui,
            access::id(canvas.id, "bar", k),
            r,
            access::PART,
            name,
            &rest.join("; "),
        );
    }
    access::more(ui, canvas.id, canvas.rect, data.bars.len(), "bars");
}

#[cfg(test)]
mod tests;
