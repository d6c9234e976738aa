//! Simulated points vs. theory lines, with optional log axes.
//!
//! Log axes are implemented by plotting `log10` of the coordinates (dropping
//! non-positive values); tick labels, the hover label and the coordinate
//! readout show the real (un-logged) values.

use crate::report::{self, Role, SeriesSet};

use eframe::egui;
use egui_plot::{
    AxisHints, Corner, HoverPosition, Line, LineStyle, MarkerShape, Plot, PlotPoint, Points, VLine,
};
use serde::{Deserialize, Serialize};

pub use super::legend::{
    CornerLegend, Swatch, Track, bar_tracks, corners, free_legend, legend_row, plot_id, rising,
};
use super::legend::{Mark, legend_place};
use super::palette;
use super::ticks::{self, Scale, X_SPACING, Y_SPACING};
use crate::report::format::{Precision, number};

/// Caption of the "log x" checkbox.
pub const LABEL_LOG_X: &str = "log x";
/// Caption of the "log y" checkbox.
pub const LABEL_LOG_Y: &str = "log y";
/// Caption of the button copying the data as CSV.
pub const LABEL_COPY_CSV: &str = "Copy CSV";

/// Legend of the line where a sweep cut by "Hide the future" stops (the plot shows no
/// read-out beyond it). It says how to show it, as the hidden numbers do: "until the last
/// step" read, on a lesson's last step, as if the lesson's steps were meant.
pub const HIDDEN_FROM: &str = "this instance: future hidden (Last » or H)";

/// What the legend says of a curve "Hide the future" empties (it reads the run's end).
pub const CURVE_UNTIL_END: &str = "future hidden (Last » or H)";

/// Legend of the line where a sweep stops while a lesson question asks the instance's point.
pub const HIDDEN_UNTIL_REVEAL: &str = "this instance: hidden until Reveal";

/// Legend of the line where a sweep stops at the open question's own run while another
/// instance is shown (a "try it" step's changed controls): the line is not the shown
/// instance's.
pub const ASKED_UNTIL_REVEAL: &str = "the question's instance: hidden until Reveal";

/// What the legend says of a curve an open lesson question hides whole ("C simulated:
/// hidden until Reveal"): its points give the answer away.
pub const CURVE_UNTIL_REVEAL: &str = "hidden until Reveal";

/// How a [`Series`](crate::report::Series) is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesStyle {
    /// Markers only (e.g. simulated results).
    Points,
    /// Solid line (e.g. theory).
    Line,
    /// Dashed line (e.g. asymptotes, bounds).
    DashedLine,
    /// Dotted line (references that are not results: ideal shares, trivial schedules), so
    /// that a reference never reads as a bound by its grey alone.
    DottedLine,
    /// Error bars: a vertical segment with caps for each pair of points (an interval at x).
    Intervals,
}

/// A report's curve as the plot draws it: the series (name, role, points) and its look.
/// Reading a curve reads its series (`curve.name`, `curve.points`).
#[derive(Clone, Debug)]
pub struct Curve {
    /// The data, as the report has it.
    pub series: report::Series,
    /// How to draw it.
    pub style: SeriesStyle,
    /// Fixed colour, or `None` for an automatic one.
    pub color: Option<egui::Color32>,
    /// Why the curve is not drawn ([`CURVE_UNTIL_REVEAL`]…), where it gives an answer or the
    /// future away: the legend counts it among the curves that wait (one entry for them all,
    /// so a plot's legend keeps its rows), its node says it.
    pub hidden: Option<&'static str>,
}

impl std::ops::Deref for Curve {
    type Target = report::Series;
    fn deref(&self) -> &report::Series {
        &self.series
    }
}

impl std::ops::DerefMut for Curve {
    fn deref_mut(&mut self) -> &mut report::Series {
        &mut self.series
    }
}

/// Everything one comparison plot shows.
#[derive(Clone, Debug, Default)]
pub struct ComparePlot {
    /// Title shown above the plot.
    pub title: String,
    /// X axis label.
    pub x_label: String,
    /// Y axis label.
    pub y_label: String,
    /// The series, drawn in order.
    pub series: Vec<Curve>,
    /// Optional vertical marker (e.g. the currently selected parameter).
    pub x_marker: Option<f64>,
    /// The x of an open lesson question's own run while another run is shown
    /// ([`crate::ui::reveal::asked_x`]): the sweep stops short of it until Reveal.
    pub asked_x: Option<f64>,
}

impl Curve {
    /// A curve drawn as `style` in `color` (a mark the view adds, such as "hidden from here").
    pub fn new(
        name: impl Into<String>,
        points: Vec<[f64; 2]>,
        style: SeriesStyle,
        color: Option<egui::Color32>,
    ) -> Curve {
        Curve {
            series: report::Series::new(name, points),
            style,
            color,
            hidden: None,
        }
    }

    /// A report's curve, drawn in its role's style: simulated results as markers, closed forms
    /// as solid lines (both in their group's colour), bounds, limits and references dashed.
    pub fn of(series: &report::Series) -> Curve {
        let group = palette::series(series.group);
        let (style, color) = match series.role {
            Role::Simulated => (SeriesStyle::Points, group),
            Role::ClosedForm => (SeriesStyle::Line, group),
            Role::Bound => (SeriesStyle::DashedLine, palette::BOUND),
            Role::Limit => (SeriesStyle::DashedLine, group.gamma_multiply(0.6)),
            Role::Reference => (SeriesStyle::DottedLine, palette::REFERENCE),
            Role::Interval => (SeriesStyle::Intervals, group),
        };
        Curve {
            series: series.clone(),
            style,
            color: Some(color),
            hidden: None,
        }
    }

    /// The curve emptied, waiting for what `why` says ("hidden until Reveal").
    pub fn hide(&mut self, why: &'static str) {
        self.series.points.clear();
        self.hidden = Some(why);
    }

    /// The curve's name as its node reads it: with why it waits where it is hidden.
    pub fn spoken_name(&self) -> String {
        match self.hidden {
            Some(why) => format!("{}: {why}", self.name),
            None => self.name.clone(),
        }
    }
}

impl ComparePlot {
    /// A report's plot section (None for a section of another kind), titled by its name
    /// without the "plot: " prefix the CSV writes.
    pub fn section(section: &report::Section) -> Option<ComparePlot> {
        let report::Content::Series(set) = &section.content else {
            return None;
        };
        let name = &section.name;
        Some(ComparePlot::of(
            name.strip_prefix("plot: ").unwrap_or(name),
            set,
        ))
    }

    /// A report's plot section titled `title`: its axes and its curves, each in its role's
    /// style ([`Curve::of`]). Bounds of several groups (T_PY for each τ) take their group's
    /// colour, so each bound reads with its own curve; a plot's only bounds keep the bound
    /// colour. Curves that would still look alike (KS-BF's Theorem 1.1 and 2.2 bounds, both
    /// dashed in the bound's red; two grey references) are told apart (`tell_apart`).
    pub fn of(title: impl Into<String>, set: &SeriesSet) -> ComparePlot {
        let bounds = || set.series.iter().filter(|s| s.role == Role::Bound);
        let first = bounds().next().map(|s| s.group);
        let by_group = bounds().any(|s| Some(s.group) != first);
        let curve = |s: &report::Series| {
            let mut c = Curve::of(s);
            if by_group && s.role == Role::Bound {
                c.color = Some(palette::series(s.group));
            }
            c
        };
        let mut series: Vec<Curve> = set.series.iter().map(curve).collect();
        tell_apart(&mut series);
        ComparePlot {
            title: title.into(),
            x_label: set.x.clone(),
            y_label: set.y.clone(),
            series,
            x_marker: None,
            asked_x: None,
        }
    }
}

/// Gives a curve drawn in the style and colour of an earlier one the first series colour no
/// curve of the plot has (not [`palette::EVENT`], a red too near the bound's), so that the
/// legend tells every curve apart; the earlier curve keeps its look.
fn tell_apart(curves: &mut [Curve]) {
    for i in 1..curves.len() {
        let (style, color) = (curves[i].style, curves[i].color);
        if !(curves[..i].iter()).any(|b| b.style == style && b.color == color) {
            continue;
        }
        let unused = |p: egui::Color32| curves.iter().all(|c| c.color != Some(p));
        let free = (palette::SERIES.into_iter()).find(|&p| p != palette::EVENT && unused(p));
        if let Some(free) = free {
            curves[i].color = Some(free);
        }
    }
}

/// Persistent per-plot view options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlotView {
    /// Logarithmic x axis.
    pub log_x: bool,
    /// Logarithmic y axis.
    pub log_y: bool,
}

/// The plot's data as CSV, written by the report's one CSV writer ([`report::series_csv`]):
/// a `series,<x>,<y>` header then one row per point.
pub fn series_to_csv(plot: &ComparePlot) -> String {
    report::series_csv(&SeriesSet {
        x: plot.x_label.clone(),
        y: plot.y_label.clone(),
        series: plot.series.iter().map(|c| c.series.clone()).collect(),
    })
}

/// Map a real coordinate to plot space: `log10` on log axes.
/// Returns `None` for values that cannot be shown (non-finite, or ≤ 0 on a
/// log axis).
pub fn to_axis(value: f64, log: bool) -> Option<f64> {
    if !value.is_finite() {
        None
    } else if log {
        (value > 0.0).then(|| value.log10())
    } else {
        Some(value)
    }
}

/// Map a plot-space coordinate back to the real value.
pub fn from_axis(value: f64, log: bool) -> f64 {
    if log { 10f64.powf(value) } else { value }
}

/// Points transformed to plot space, dropping those that cannot be shown.
pub fn plot_points(points: &[[f64; 2]], log_x: bool, log_y: bool) -> Vec<[f64; 2]> {
    points
        .iter()
        .filter_map(|&[x, y]| Some([to_axis(x, log_x)?, to_axis(y, log_y)?]))
        .collect()
}

/// The series under the pointer (empty when none) and the pointer's plot coordinates.
pub fn hovered<'a>(pos: &'a HoverPosition<'_>) -> (&'a str, &'a PlotPoint) {
    match pos {
        HoverPosition::NearDataPoint {
            plot_name,
            position,
            ..
        } => (plot_name, position),
        HoverPosition::Elsewhere { position } => ("", position),
    }
}

/// Readout of a plot-space point in real coordinates, to 4 significant digits.
fn readout(point: &PlotPoint, log_x: bool, log_y: bool) -> String {
    format!(
        "x = {}\ny = {}",
        number(from_axis(point.x, log_x), Precision::Readout),
        number(from_axis(point.y, log_y), Precision::Readout)
    )
}

/// The plot's axes with round ticks, at least three labelled on each ([`ticks::spacer`]):
/// decades on log axes, and labels wherever the ticks are (egui_plot hides x labels closer
/// than 60 points, too sparse for the narrow plot column).
///
/// The wheel scrolls the page or panel the plot stands in, as it does beside the plot; it
/// does not pan the plot (a drag does, Ctrl+wheel zooms, a double click fits the data).
/// egui_plot read the wheel without taking it: in a scrolled panel or a phone's page both
/// moved, and a plot the panel scrolled past was left panned off its data.
fn round_axes(plot: Plot<'_>, x: Scale, y: Scale) -> Plot<'_> {
    plot.allow_scroll(false)
        .custom_x_axes(vec![AxisHints::new_x().label_spacing(20.0..=24.0)])
        .custom_y_axes(vec![AxisHints::new_y().label_spacing(12.0..=16.0)])
        .x_grid_spacer(ticks::spacer(x, X_SPACING))
        .y_grid_spacer(ticks::spacer(y, Y_SPACING))
        .x_axis_formatter(ticks::formatter(x))
        .y_axis_formatter(ticks::formatter(y))
}

/// `plot` (shown under the id `pid`) reading out the point under the pointer only while the
/// pointer is on the frame it drew last: egui keeps a plot being panned hovered when the
/// drag leaves it, and egui_plot then read out the coordinates of a point off the plot, with
/// its crosshair across the plot, beside the pointer.
fn read_out_on_frame<'a>(ctx: &egui::Context, pid: egui::Id, plot: Plot<'a>) -> Plot<'a> {
    let frame = egui_plot::PlotMemory::load(ctx, pid).map(|m| *m.transform().frame());
    let off = frame
        .zip(ctx.pointer_hover_pos())
        .is_some_and(|(f, p)| !f.contains(p));
    plot.show_x(!off).show_y(!off)
}

/// Every plot of the app, shown under the id `pid` (see [`plot_id`]) with `scales` on its
/// axes: round ticks ([`round_axes`]: the wheel scrolls past it), its read-out on the plot
/// only ([`read_out_on_frame`]). Show it, then [`mark_plot`].
pub fn new_plot<'a>(ctx: &egui::Context, pid: egui::Id, (x, y): (Scale, Scale)) -> Plot<'a> {
    round_axes(read_out_on_frame(ctx, pid, Plot::new(pid).id(pid)), x, y)
}

/// Height of the plot: the available height, at least 160 points, and at most 420 or as tall
/// as the plot is wide, whichever is more (at a fixed 420 a plot in front on a 1080p desk
/// filled half its column and left the rest blank; a narrow column's plot stays no taller).
fn plot_height(ui: &egui::Ui) -> f32 {
    let available = ui.available_height();
    if available.is_finite() {
        available.clamp(160.0, ui.available_width().max(420.0))
    } else {
        300.0
    }
}

/// Marker shapes of a plot's point series, in turn: series drawn on one another (P and Q
/// often coincide) stay apart by their shapes.
const MARKERS: [MarkerShape; 6] = [
    MarkerShape::Circle,
    MarkerShape::Square,
    MarkerShape::Diamond,
    MarkerShape::Up,
    MarkerShape::Down,
    MarkerShape::Asterisk,
];
/// Marker radius and fill of the point series, in turn: filled and outlined markers
/// alternate, the outlined ones larger, so a series drawn on another leaves it visible
/// (P's outlined square around Q's filled diamond).
const MARKER_LOOKS: [(f32, bool); 6] = [
    (4.5, true),
    (5.5, false),
    (3.5, true),
    (5.5, false),
    (3.5, true),
    (5.0, false),
];
/// Width of a line with another line of the same style drawn on it: a band the line on top
/// leaves visible.
const UNDER_WIDTH: f32 = 4.5;
/// Two series coincide when every point is this close (as a share of the data's span).
const COINCIDE: f64 = 0.004;

/// Whether `b` runs on `a`: as many points, each within [`COINCIDE`] of the data's span.
fn coincide(a: &[[f64; 2]], b: &[[f64; 2]], span: [f64; 2]) -> bool {
    !a.is_empty()
        && a.len() == b.len()
        && a.iter().zip(b).all(|(p, q)| {
            (p[0] - q[0]).abs() <= COINCIDE * span[0] && (p[1] - q[1]).abs() <= COINCIDE * span[1]
        })
}

/// The least and greatest x and y of some points, and their spans (1 where they are empty or
/// flat).
pub fn spans(points: impl IntoIterator<Item = [f64; 2]>) -> ([f64; 2], [f64; 2], [f64; 2]) {
    let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for p in points {
        for k in 0..2 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let span = |k: usize| {
        let s = hi[k] - lo[k];
        if s.is_finite() && s > 0.0 { s } else { 1.0 }
    };
    (lo, hi, [span(0), span(1)])
}

/// `plot` with room held open on an axis where the data (plot coordinates) sits at one value
/// (to a part in 10^9) other than 0. egui_plot gives such an axis the other axis's extent
/// (or 1) around that value, which at 3.2·10^18, or at 10^8 beside a height of 10^-9, is no
/// width at all, and its bounds check panics (the monkey found total times near 10^18 under
/// a huge ℓ). There the axis shows the value ±5 %; data with a width fits as before. `lo`
/// and `hi`: the data's least and greatest x and y ([`spans`]).
pub fn held_open(plot: Plot<'_>, (lo, hi): ([f64; 2], [f64; 2])) -> Plot<'_> {
    let thin = |k: usize| {
        let c = 0.5 * (lo[k] + hi[k]);
        (c.is_finite() && c != 0.0 && hi[k] - lo[k] <= c.abs() * 1e-9)
            .then(|| (c - 0.05 * c.abs(), c + 0.05 * c.abs()))
    };
    let plot = match thin(0) {
        Some((a, b)) => plot.include_x(a).include_x(b),
        None => plot,
    };
    match thin(1) {
        Some((a, b)) => plot.include_y(a).include_y(b),
        None => plot,
    }
}

/// Whether the bounds plot `pid` keeps (the user zoomed or dragged it) show none of the data
/// spanning `lo`…`hi` (plot coordinates): an empty plot that only a double click would fit.
fn misses_data(ctx: &egui::Context, pid: egui::Id, (lo, hi): ([f64; 2], [f64; 2])) -> bool {
    egui_plot::PlotMemory::load(ctx, pid).is_some_and(|m| {
        let (min, max) = (m.bounds().min(), m.bounds().max());
        let kept = !(m.auto_bounds.x && m.auto_bounds.y);
        let data = lo[0] <= hi[0] && lo[1] <= hi[1];
        kept && data && (0..2).any(|k| max[k] < lo[k] || min[k] > hi[k])
    })
}

/// The entries of a [`legend_row`] for a comparison plot: one per series name, in order.
fn swatches(plot: &ComparePlot) -> Vec<(egui::Color32, Swatch, String)> {
    let mut out: Vec<(egui::Color32, Swatch, String)> = Vec::new();
    // Each point series' marker as the plot draws it ([`mark_of`]): a hidden series takes
    // its turn too, as in [`draw_series`] (the legend gave the next series' markers to the
    // ones after a method hidden until Reveal).
    let mut shapes = Vec::new();
    for s in &plot.series {
        let swatch = match s.style {
            SeriesStyle::Points => Swatch::Marker(mark_of(&s.name, &mut shapes)),
            SeriesStyle::Line => Swatch::Line,
            SeriesStyle::DashedLine => Swatch::Dashed,
            SeriesStyle::DottedLine => Swatch::Dotted,
            SeriesStyle::Intervals => Swatch::ErrorBar,
        };
        if s.hidden.is_some() {
            continue;
        }
        let color = s.color.unwrap_or(egui::Color32::GRAY);
        match out.iter_mut().find(|e| e.2 == s.name) {
            Some(e) => match (e.1, swatch) {
                (Swatch::Marker(m), Swatch::Line | Swatch::Dashed | Swatch::Dotted)
                | (Swatch::Line | Swatch::Dashed | Swatch::Dotted, Swatch::Marker(m)) => {
                    e.1 = Swatch::MarkerLine(m);
                }
                _ => {}
            },
            None => out.push((color, swatch, s.name.clone())),
        }
    }
    if let Some(waiting) = waiting(plot) {
        out.push((egui::Color32::GRAY, Swatch::Blank, waiting));
    }
    out
}

/// One legend entry for the curves of `plot` that are hidden: "C simulated: hidden until
/// Reveal" for one, "C's curves: …" for several of one group, "3 curves: …" else (a row each
/// pushed the plot out of a column's sight).
fn waiting(plot: &ComparePlot) -> Option<String> {
    let hidden: Vec<&Curve> = plot.series.iter().filter(|c| c.hidden.is_some()).collect();
    let why = hidden.first()?.hidden?;
    let mut names: Vec<&str> = hidden.iter().map(|c| c.name.as_str()).collect();
    names.dedup();
    let group = names[0].split_whitespace().next().unwrap_or_default();
    let same = names
        .iter()
        .all(|n| n.split_whitespace().next() == Some(group));
    Some(match names.len() {
        1 => format!("{}: {why}", names[0]),
        _ if same && names.iter().all(|n| n.len() > group.len()) => {
            format!("{group}'s curves: {why}")
        }
        n => format!("{n} curves: {why}"),
    })
}

/// The marker of the point series `name`: the next of `MARKERS` and `MARKER_LOOKS` for a
/// name not met before among `shapes` (the point series' names in the plot's order).
pub fn mark_of(name: &str, shapes: &mut Vec<String>) -> Mark {
    let k = shapes.iter().position(|n| n == name).unwrap_or_else(|| {
        shapes.push(name.to_owned());
        shapes.len() - 1
    });
    let (radius, filled) = MARKER_LOOKS[k % MARKER_LOOKS.len()];
    Mark {
        shape: MARKERS[k % MARKERS.len()],
        radius,
        filled,
    }
}

/// Which of the plot's lines (in plot coordinates, `points`) have another line of their style
/// drawn on them (coinciding within the data's `span`): those are drawn as bands under it.
fn bands(plot: &ComparePlot, points: &[Vec<[f64; 2]>], span: [f64; 2]) -> Vec<bool> {
    (0..plot.series.len())
        .map(|i| {
            let style = plot.series[i].style;
            style != SeriesStyle::Points
                && (i + 1..plot.series.len()).any(|j| {
                    plot.series[j].style == style && coincide(&points[i], &points[j], span)
                })
        })
        .collect()
}

/// The legend of `plot` in `corner`, with its series' swatches.
fn corner_legend(plot: &ComparePlot, corner: Corner) -> CornerLegend {
    CornerLegend {
        corner,
        entries: swatches(plot),
    }
}

/// A plot with labelled axes and round ticks on them ([`round_axes`]), for the charts
/// [`compare_plot`] does not draw (bar charts); paint its [`free_legend`] after showing it.
pub fn labelled_plot<'a>(
    ctx: &egui::Context,
    id: egui::Id,
    x_label: impl Into<egui::WidgetText>,
    y_label: impl Into<egui::WidgetText>,
    (x, y): (Scale, Scale),
) -> Plot<'a> {
    new_plot(ctx, id, (x, y))
        .x_axis_label(x_label)
        .y_axis_label(y_label)
}

/// Whether the current value `x` lies within the data's x range (plus 5 % either side).
/// On a log x axis (`log_x`) the 5 % are of the decades shown, as the plot draws the marker.
fn marker_inside(plot: &ComparePlot, x: f64, log_x: bool) -> bool {
    let points = plot
        .series
        .iter()
        .flat_map(|s| plot_points(&s.points, log_x, false));
    let (lo, hi, span) = spans(points);
    let Some(x) = to_axis(x, log_x) else {
        return lo[0] > hi[0];
    };
    lo[0] > hi[0] || (lo[0] - 0.05 * span[0] <= x && x <= hi[0] + 0.05 * span[0])
}

/// The x axis's caption, saying where the current value lies when it is beyond the data
/// ("h   · h = 15 is beyond the data"). Under the axis, not a row of the header: the row
/// came and went with the step (Last » put it there) and moved the plot under the pointer.
fn x_axis_text(plot: &ComparePlot, log_x: bool) -> String {
    match plot.x_marker.filter(|&x| !marker_inside(plot, x, log_x)) {
        Some(x) => format!(
            "{}   · {} = {} is beyond the data",
            plot.x_label,
            plot.x_label,
            number(x, Precision::Readout)
        ),
        None => plot.x_label.clone(),
    }
}

/// The "log x" and "log y" checkboxes and "Copy CSV"; true when an axis changed.
fn switches(ui: &mut egui::Ui, plot: &ComparePlot, view: &mut PlotView) -> bool {
    let mut axes_changed = ui
        .checkbox(&mut view.log_x, LABEL_LOG_X)
        .on_hover_text("Logarithmic x axis (non-positive x values are hidden)")
        .changed();
    axes_changed |= ui
        .checkbox(&mut view.log_y, LABEL_LOG_Y)
        .on_hover_text("Logarithmic y axis (non-positive y values are hidden)")
        .changed();
    if ui
        .button(LABEL_COPY_CSV)
        .on_hover_text("Copy all series as CSV (series,x,y)")
        .clicked()
    {
        crate::ui::frame::copy(ui.ctx(), "the plot's series as CSV", series_to_csv(plot));
    }
    axes_changed
}

/// The plot's header: its title, the log-axis switches and Copy CSV. Whether an axis changed.
fn header(ui: &mut egui::Ui, plot: &ComparePlot, view: &mut PlotView) -> bool {
    let mut axes_changed = false;
    // An exported figure has no pointer: its title and notes, no switches.
    let live = !crate::ui::frame::exporting(ui.ctx());
    ui.horizontal_wrapped(|ui| {
        if !plot.title.is_empty() {
            ui.strong(&plot.title);
            if live {
                ui.separator();
            }
        }
        if live {
            axes_changed |= switches(ui, plot, view);
        }
    });
    axes_changed
}

/// The plot `pid` of `plot`, with its axes (round ticks, log scales) and hover read-outs.
fn configured<'a>(
    (ctx, pid): (&egui::Context, egui::Id),
    plot: &ComparePlot,
    (log_x, log_y): (bool, bool),
) -> Plot<'a> {
    // Where a hidden sweep stops (Hide the future, an open question): no read-out beyond it,
    // not even of the pointer's own coordinates.
    let hidden_from = plot
        .series
        .iter()
        .find(|c| {
            let name = c.series.name.as_str();
            [HIDDEN_FROM, HIDDEN_UNTIL_REVEAL, ASKED_UNTIL_REVEAL].contains(&name)
        })
        .and_then(|c| c.series.points.first())
        .and_then(|p| to_axis(p[0], log_x));
    let hidden = move |x: f64| hidden_from.is_some_and(|m| x >= m);
    let xs = plot
        .series
        .iter()
        .flat_map(|c| c.series.points.iter().map(|p| p[0]));
    new_plot(ctx, pid, (Scale::of_values(log_x, xs), Scale::of(log_y)))
        .x_axis_label(x_axis_text(plot, log_x))
        .y_axis_label(plot.y_label.clone())
        .label_formatter(move |pos: &HoverPosition<'_>| {
            if hidden(hovered(pos).1.x) {
                return None;
            }
            Some(match pos {
                HoverPosition::NearDataPoint {
                    plot_name,
                    position,
                    ..
                } if !plot_name.is_empty() => {
                    format!("{plot_name}\n{}", readout(position, log_x, log_y))
                }
                HoverPosition::NearDataPoint { position, .. }
                | HoverPosition::Elsewhere { position } => readout(position, log_x, log_y),
            })
        })
}

/// The mark ([`super::marks`]) of a comparison plot's legend drawn in a corner of the plot.
pub const LEGEND_MARK: &str = "compare-plot:legend";
/// The mark of the vertical marker of the instance's own x (the line's width, the plot's
/// height).
pub const MARKER_MARK: &str = "compare-plot:marker";

/// The mark of every plot's frame, the part of it in sight ([`mark_plot`]).
pub const PLOT_MARK: &str = "plot:frame";
/// The mark of every plot's bounds, in plot coordinates: x across, y down the rectangle
/// ([`mark_plot`]).
pub const PLOT_BOUNDS_MARK: &str = "plot:bounds";

/// Records where a plot was drawn in `ui` (`transform`, after it is shown) and what it
/// showed: the part of its frame in sight under [`PLOT_MARK`] and its bounds under
/// [`PLOT_BOUNDS_MARK`].
pub fn mark_plot(ui: &egui::Ui, transform: &egui_plot::PlotTransform) {
    let seen = transform.frame().intersect(ui.clip_rect());
    super::marks::record(ui.ctx(), PLOT_MARK, seen);
    let (min, max) = (transform.bounds().min(), transform.bounds().max());
    let at = |p: [f64; 2]| egui::pos2(p[0] as f32, p[1] as f32);
    let bounds = egui::Rect::from_min_max(at(min), at(max));
    super::marks::record(ui.ctx(), PLOT_BOUNDS_MARK, bounds);
}

/// Show the title, the "log x" / "log y" checkboxes, a "Copy CSV" button and
/// the plot (legend, hover readout, optional vertical marker).
pub fn compare_plot(ui: &mut egui::Ui, id: &str, plot: &ComparePlot, view: &mut PlotView) {
    ui.push_id(id, |ui| {
        let axes_changed = header(ui, plot, view);

        let (log_x, log_y) = (view.log_x, view.log_y);
        // The series in plot coordinates, once.
        let points: Vec<Vec<[f64; 2]>> = plot
            .series
            .iter()
            .map(|s| plot_points(&s.points, log_x, log_y))
            .collect();
        let (lo, hi, span) = spans(points.iter().flatten().copied());
        // The axes fit the data: the marker of the current value is drawn only inside the
        // data's x range (drawn outside it, it stretched the axis, e.g. Fig. 2 to n = 1000
        // with data up to n = 40).
        let marker = plot
            .x_marker
            .and_then(|x| to_axis(x, log_x))
            .filter(|&x| lo[0] - 0.05 * span[0] <= x && x <= hi[0] + 0.05 * span[0]);
        // The marker runs the plot's whole height: the legend keeps clear of it too.
        let marker_track: Vec<[f64; 2]> = marker
            .map(|x| vec![[x, lo[1] - span[1]], [x, hi[1] + span[1]]])
            .unwrap_or_default();
        let tracks: Vec<Track<'_>> = plot
            .series
            .iter()
            .zip(&points)
            .map(|(s, p)| match s.style {
                SeriesStyle::Points | SeriesStyle::Intervals => Track::Points(p),
                SeriesStyle::Line | SeriesStyle::DashedLine | SeriesStyle::DottedLine => {
                    Track::Line(p)
                }
            })
            .chain([Track::Line(&marker_track)])
            .collect();
        let entries = swatches(plot);
        let names: Vec<&str> = entries.iter().map(|e| e.2.as_str()).collect();
        // In a corner free of data, or above the plot when none is.
        let pid = plot_id(ui, id);
        let place = legend_place(ui, pid, &names, &tracks, corners(rising(&points)), true);
        if place.is_none() {
            let entries: Vec<_> = entries
                .iter()
                .map(|(c, s, n)| (*c, *s, n.as_str()))
                .collect();
            legend_row(ui, &entries);
        }
        let egui_plot = configured((ui.ctx(), pid), plot, (log_x, log_y));
        let egui_plot = held_open(egui_plot, (lo, hi)).height(plot_height(ui));
        let egui_plot = if axes_changed || misses_data(ui.ctx(), pid, (lo, hi)) {
            // The data moved to other coordinates, or a view zoomed on other data (another
            // instance, a later step) shows none of it: fit the view to it again.
            egui_plot.reset()
        } else {
            egui_plot
        };

        let marker_color = ui.visuals().weak_text_color();
        // A line with another of its style drawn on it becomes a band under that one.
        let under = bands(plot, &points, span);

        let counts: Vec<usize> = points.iter().map(Vec::len).collect();
        let total: usize = counts.iter().sum();
        let shown = egui_plot.show(ui, |plot_ui| {
            draw_series(plot_ui, id, plot, points, &under);
            if let Some(x) = marker {
                plot_ui.vline(
                    VLine::new("", x)
                        .color(marker_color)
                        .width(1.5)
                        .style(LineStyle::dashed_dense())
                        .allow_hover(false),
                );
            }
        });
        let frame = *shown.transform.frame();
        mark_plot(ui, &shown.transform);
        if let Some(corner) = place {
            let legend = corner_legend(plot, corner).paint(ui, frame);
            super::marks::record(ui.ctx(), LEGEND_MARK, legend);
        }
        if let Some(x) = marker {
            let x = shown.transform.position_from_point_x(x);
            let line = egui::Rect::from_x_y_ranges(x - 1.0..=x + 1.0, frame.y_range());
            super::marks::record(ui.ctx(), MARKER_MARK, line);
        }
        let named = plot.series.iter().zip(counts);
        super::access::series(
            ui,
            &shown.response,
            named.map(|(s, n)| (s.spoken_name(), n)),
        );
        // Accessible as "plot: <id>", its value the number of points drawn (the tests read
        // what a plot shows through it).
        shown.response.widget_info(|| {
            let mut info =
                egui::WidgetInfo::labeled(egui::Role::Canvas, true, format!("{PLOT_LABEL}{id}"));
            info.value = Some(total as f64);
            info
        });
    });
}

/// Draws `plot`'s series at `points` (plot coordinates), each point series with its own
/// marker shape, and each line that is a band (`under`) wider and see-through.
fn draw_series(
    plot_ui: &mut egui_plot::PlotUi<'_>,
    id: &str,
    plot: &ComparePlot,
    points: Vec<Vec<[f64; 2]>>,
    under: &[bool],
) {
    let mut shapes = Vec::new();
    for (index, (series, points)) in plot.series.iter().zip(points).enumerate() {
        let item_id = (id, index);
        match series.style {
            SeriesStyle::Points => {
                let m = mark_of(&series.name, &mut shapes);
                let mut item = Points::new(series.name.clone(), points)
                    .shape(m.shape)
                    .filled(m.filled)
                    .radius(m.radius)
                    .id(item_id);
                if let Some(color) = series.color {
                    item = item.color(color);
                }
                plot_ui.points(item);
            }
            SeriesStyle::Intervals => {
                let color = series.color.unwrap_or(egui::Color32::GRAY);
                for (k, bar) in error_bars(&points).into_iter().enumerate() {
                    plot_ui.line(
                        Line::new(series.name.clone(), bar)
                            .color(color)
                            .width(crate::ui::widgets::legend::THIN)
                            .id((id, index, k)),
                    );
                }
            }
            SeriesStyle::Line | SeriesStyle::DashedLine | SeriesStyle::DottedLine => {
                let width = if under[index] { UNDER_WIDTH } else { 1.5 };
                let style = match series.style {
                    SeriesStyle::DashedLine => Some(LineStyle::dashed_loose()),
                    SeriesStyle::DottedLine => Some(LineStyle::dotted_loose()),
                    SeriesStyle::Line | SeriesStyle::Points | SeriesStyle::Intervals => None,
                };
                // A band is see-through: markers under it stay visible.
                let color = series.color.map(|c| {
                    if under[index] {
                        c.gamma_multiply(0.55)
                    } else {
                        c
                    }
                });
                let line = |k: usize, run: Vec<[f64; 2]>| {
                    let item = Line::new(series.name.clone(), run).width(width);
                    let item = if k == 0 {
                        item.id(item_id)
                    } else {
                        item.id((item_id, k))
                    };
                    let item = match style {
                        Some(s) => item.style(s),
                        None => item,
                    };
                    match color {
                        Some(c) => item.color(c),
                        None => item,
                    }
                };
                match style {
                    Some(_) => crate::ui::widgets::patterned::add(plot_ui, points, line),
                    None => plot_ui.line(line(0, points)),
                }
            }
        }
    }
}

/// The error bars of an interval series' points (plot coordinates, in pairs (x, low),
/// (x, high)): for each pair one polyline, a cap, the bar and a cap, the caps a hundredth of
/// the bars' x span wide (half a unit when they stand at one x). A point without its partner
/// at the same x (dropped from a log axis, or an odd last one) is left out.
pub fn error_bars(points: &[[f64; 2]]) -> Vec<Vec<[f64; 2]>> {
    let (lo, hi, _) = spans(points.iter().copied());
    let cap = if hi[0] > lo[0] {
        0.01 * (hi[0] - lo[0])
    } else {
        0.5
    };
    let mut bars = Vec::new();
    let mut k = 0;
    while k + 1 < points.len() {
        let ([x, low], [x2, high]) = (points[k], points[k + 1]);
        if x != x2 {
            k += 1;
            continue;
        }
        bars.push(vec![
            [x - cap, low],
            [x + cap, low],
            [x, low],
            [x, high],
            [x - cap, high],
            [x + cap, high],
        ]);
        k += 2;
    }
    bars
}

/// Prefix of a plot's accessible label (then its id).
pub const PLOT_LABEL: &str = "plot: ";

#[cfg(test)]
mod tests;
