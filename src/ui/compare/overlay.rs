//! Compare's overlay plot: A's and B's series of one report section on shared axes.

use super::*;
use crate::ui::widgets::patterned;

/// Which run a line of the overlay belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run {
    /// The pinned scenario.
    A,
    /// The current scenario.
    B,
}

/// The overlay's note on how A and B are told apart.
pub const AB_LOOK: &str = "B as in its workspace · A dashed, paler, markers' fill swapped";

/// How a series is drawn in the overlay, in A and in B alike (A's paler, its lines dashed).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pen {
    /// Markers, as the workspace's plot draws a simulated series.
    Points(Mark),
    /// A line: a closed form's thick, a bound's or a limit's thin (the dash is A's).
    Line {
        /// A bound's or a limit's.
        thin: bool,
    },
    /// A dotted line: a reference, never a result.
    Dotted,
    /// Error bars ([`error_bars`]).
    Intervals,
}

/// The width of a closed form's line in the overlay, in points.
const THICK: f32 = 2.5;
/// The width of a bound's or a limit's line ([`crate::ui::widgets::legend::THIN`]).
const THIN: f32 = crate::ui::widgets::legend::THIN;

/// A series' look in the overlay: its colour and pen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    /// B's colour (A's is [`faded`]).
    pub color: Color32,
    /// The pen.
    pub pen: Pen,
}

/// One line of the overlay plot.
#[derive(Debug, Clone, PartialEq)]
pub struct OverlayLine {
    /// Legend name: `"A: <series>"` or `"B: <series>"`.
    pub name: String,
    /// Whose.
    pub run: Run,
    /// The series' look, the same in A and B.
    pub look: Look,
    /// The points.
    pub points: Vec<[f64; 2]>,
}

/// The lines of one plot section overlaid: A's series first (drawn under B's), then B's. A
/// series looks the same in both, as the workspace's plot draws it ([`ComparePlot::of`]: its
/// group's colour, markers for simulated results, lines for the rest); two series that
/// would look alike there (bounds of one group) take the next palette colour not yet taken
/// with that pen, so that no two series of the overlay share a look.
pub fn overlay(a: Option<&SeriesSet>, b: Option<&SeriesSet>) -> Vec<OverlayLine> {
    let mut order: Vec<&Series> = Vec::new();
    for set in [b, a].into_iter().flatten() {
        for s in &set.series {
            if !order.iter().any(|o| o.name == s.name) {
                order.push(s);
            }
        }
    }
    let looks = looks(&order);
    let look_of = |name: &str| {
        let k = order.iter().position(|o| o.name == name).unwrap_or(0);
        looks[k]
    };
    let mut out = Vec::new();
    for (run, set) in [(Run::A, a), (Run::B, b)] {
        for s in set.iter().flat_map(|s| &s.series) {
            let tag = if run == Run::A { "A" } else { "B" };
            out.push(OverlayLine {
                name: format!("{tag}: {}", s.name),
                run,
                look: look_of(&s.name),
                points: s.points.clone(),
            });
        }
    }
    out
}

/// A's and B's series of one plot as CSV ([`report::series_csv`]), named as the overlay's
/// legend names them ("A: C simulated"), on B's axes (A's where B lacks the plot).
pub fn overlay_csv(a: Option<&SeriesSet>, b: Option<&SeriesSet>) -> String {
    let axes = b.or(a);
    report::series_csv(&SeriesSet {
        x: axes.map_or(String::new(), |s| s.x.clone()),
        y: axes.map_or(String::new(), |s| s.y.clone()),
        series: overlay(a, b)
            .into_iter()
            .map(|l| Series::new(l.name, l.points))
            .collect(),
    })
}

/// The looks of the overlay's series `order`, each unlike the others (see [`overlay`]).
fn looks(order: &[&Series]) -> Vec<Look> {
    let union = SeriesSet {
        x: String::new(),
        y: String::new(),
        // The looks need each series' name, role and group, not its points.
        series: order
            .iter()
            .map(|s| {
                Series::new(s.name.clone(), Vec::new())
                    .role(s.role)
                    .group(s.group)
            })
            .collect(),
    };
    let drawn = ComparePlot::of("", &union);
    let mut shapes = Vec::new();
    let mut out: Vec<Look> = Vec::new();
    for curve in &drawn.series {
        let pen = match curve.style {
            SeriesStyle::Points => Pen::Points(mark_of(&curve.name, &mut shapes)),
            SeriesStyle::DottedLine => Pen::Dotted,
            SeriesStyle::Intervals => Pen::Intervals,
            _ => Pen::Line {
                thin: matches!(curve.role, Role::Limit | Role::Bound),
            },
        };
        let color = curve.color.unwrap_or(palette::REFERENCE);
        // A colour no other series has, else one no other series has with this pen.
        let taken = |c: Color32| out.iter().any(|l| l.color == c && l.pen == pen);
        let unused = |c: Color32| out.iter().all(|l| l.color != c);
        let color = if taken(color) {
            let mut free = palette::SERIES.into_iter();
            free.clone()
                .find(|&c| unused(c))
                .or_else(|| free.find(|&c| !taken(c)))
                .unwrap_or(color)
        } else {
            color
        };
        out.push(Look { color, pen });
    }
    out
}

/// A line's swatch: its marker, or its line (A's dashed).
pub(super) fn swatch(l: &OverlayLine) -> Swatch {
    match (l.look.pen, l.run) {
        (Pen::Points(_), _) => Swatch::Marker(mark(l)),
        (Pen::Line { thin: false }, Run::A) => Swatch::Dashed,
        (Pen::Line { thin: false }, Run::B) => Swatch::Line,
        (Pen::Line { thin: true }, Run::A) => Swatch::ThinDashed,
        (Pen::Line { thin: true }, Run::B) => Swatch::ThinLine,
        (Pen::Dotted, _) => Swatch::Dotted,
        (Pen::Intervals, _) => Swatch::ErrorBar,
    }
}

/// A line's colour: its look's, paler in A.
pub(super) fn tint(l: &OverlayLine) -> Color32 {
    match l.run {
        Run::A => faded(l.look.color),
        Run::B => l.look.color,
    }
}

/// A point series' marker: its look's, A's outlined where B's is filled and the other way
/// round (so that A and B stay apart without their colours).
fn mark(l: &OverlayLine) -> Mark {
    let Pen::Points(m) = l.look.pen else {
        return Mark::DOT;
    };
    match l.run {
        Run::A => Mark {
            filled: !m.filled,
            ..m
        },
        Run::B => m,
    }
}

/// Draws one line of the overlay at `points` (plot coordinates) in its look: A's paler, its
/// lines dashed.
pub(super) fn draw_line(plot_ui: &mut egui_plot::PlotUi<'_>, l: &OverlayLine, points: &[[f64; 2]]) {
    let name = l.name.clone();
    let points = points.to_vec();
    match l.look.pen {
        Pen::Points(_) => plot_ui.points(
            Points::new(name, points)
                .shape(mark(l).shape)
                .filled(mark(l).filled)
                .radius(mark(l).radius)
                .color(tint(l)),
        ),
        Pen::Line { thin } => {
            let width = if thin { THIN } else { THICK };
            let line = |run| Line::new(name.clone(), run).color(tint(l)).width(width);
            match l.run {
                Run::A => patterned::add(plot_ui, points, |_, run| {
                    line(run).style(LineStyle::dashed_loose())
                }),
                Run::B => plot_ui.line(line(points)),
            }
        }
        Pen::Intervals => {
            for bar in error_bars(&points) {
                let line = |run| Line::new(name.clone(), run).color(tint(l)).width(THIN);
                match l.run {
                    Run::A => patterned::add(plot_ui, bar, |_, run| {
                        line(run).style(LineStyle::dashed_dense())
                    }),
                    Run::B => plot_ui.line(line(bar)),
                }
            }
        }
        Pen::Dotted => patterned::add(plot_ui, points, |_, run| {
            Line::new(name.clone(), run)
                .color(tint(l))
                .width(1.5)
                .style(LineStyle::dotted_loose())
        }),
    }
}

pub(super) fn faded(c: Color32) -> Color32 {
    c.gamma_multiply(0.65)
}

/// A plot section's name without the instance in brackets at its end.
pub fn section_key(name: &str) -> &str {
    match name.find(" (") {
        Some(i) if name.ends_with(')') => &name[..i],
        _ => name,
    }
}

/// The series of the plot section known as `key` (see [`section_key`]), if the run has it.
pub(super) fn section_of<'a>(plots: &'a [(String, SeriesSet)], key: &str) -> Option<&'a SeriesSet> {
    plots
        .iter()
        .find(|(k, _)| section_key(k) == key)
        .map(|(_, s)| s)
}

/// The hover read-out: the series and the point's real (un-logged) coordinates.
pub(super) fn hover_text(
    pos: &HoverPosition<'_>,
    x_name: &str,
    y_name: &str,
    log_x: bool,
    log_y: bool,
) -> Option<String> {
    let (name, p) = hovered(pos);
    Some(format!(
        "{name}\n{x_name} = {}\n{y_name} = {}",
        number(from_axis(p.x, log_x), Precision::Readout),
        number(from_axis(p.y, log_y), Precision::Readout)
    ))
}

pub(super) fn axis_label(name: &str, log: bool) -> String {
    if log {
        format!("{name} (log)")
    } else {
        name.to_string()
    }
}

/// What the overlay says in its place while a question is open on the front run: its sweeps
/// pass through that run's own point, which the workspace's plots cut until Reveal.
pub const OVERLAY_HELD: &str = "The overlay waits for your answer (Reveal): its sweeps pass \
     through the question's own run.";

/// What the overlay says in its place while the future is hidden: its sweeps pass through the
/// run's own point, which the workspace's plots stop short of until the last step.
pub const OVERLAY_UNTIL_END: &str = "The overlay waits for the end of the run: its sweeps pass \
     through the run's own point, which the hidden future keeps back (Last » or H).";

/// Why the overlay waits, if it does: a question open on the front run (as the map waits), or
/// the hidden future with B's step bar short of its end, as Compare published B's reveal this
/// frame, or A's (`a_running`): the overlay's curves are the report's own, uncut.
pub(super) fn waits(ctx: &egui::Context, a_running: bool) -> Option<&'static str> {
    if crate::ui::frame::secret(ctx).is_some_and(|s| s.on_shown_run) {
        return Some(OVERLAY_HELD);
    }
    (crate::ui::reveal::Reveal::of(ctx).hiding() || a_running).then_some(OVERLAY_UNTIL_END)
}
