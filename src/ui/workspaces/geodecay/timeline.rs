//! The rounds chart: each round's loads per processor (the max…min band, the max, the mean),
//! the balancings, the improved policy's phases and the current round, on a linear or a log
//! axis.

use egui::{Color32, Ui};
use egui_plot::{FilledArea, HoverPosition, Line, LineStyle, Points, Span, VLine};

use super::policy_color;
use crate::model::geodecay::GeoOutcome;
use crate::report::format::{Precision, number};
use crate::ui::widgets::compare_plot::{held_open, hovered, mark_plot, new_plot, plot_id, spans};
use crate::ui::widgets::legend::{Swatch, legend_row};
use crate::ui::widgets::palette;
use crate::ui::widgets::ticks::Scale;

/// The rounds chart's read-out at pointer x `x` over series `name` of value `v`: the nearest
/// round, written by the one number formatter (never "round -0"); none left of round 0.
pub(super) fn round_readout(name: &str, x: f64, v: f64) -> Option<String> {
    let round = x.round();
    (round >= 0.0).then(|| {
        format!(
            "{name}\nround {}: {}",
            number(round, Precision::Table),
            number(v, Precision::Readout)
        )
    })
}

/// Where the timeline's log axis draws an empty processor (0 tasks, no logarithm): one below
/// everything else drawn, the means' fractions of a task included (a processor that holds
/// tasks holds at least 1, lg 0). A fixed floor at lg ½ drew a mean of 2^−15 tasks as ½ and
/// its geometric decay as a flat line.
pub(super) fn lg_floor(means: impl Iterator<Item = f64>) -> f64 {
    means
        .filter(|&m| m > 0.0)
        .map(f64::log2)
        .fold(0.0, f64::min)
        .floor()
        - 1.0
}

/// The loads of the rounds up to `k` (max…min band, max, mean), the balancings, the phases of
/// the improved policy and the current round.
pub(super) fn timeline(ui: &mut Ui, o: &GeoOutcome, k: usize, log: bool) {
    let trace = &o.trace;
    let n_steps = trace.len() + 1;
    // Hide the future: the rounds after the current one wait (the first k + 1 points).
    let reveal = crate::ui::reveal::Reveal::of(ui.ctx()).at(k, n_steps);
    let trace = if reveal.hiding() {
        &trace[..(k + 1).min(trace.len())]
    } else {
        &trace[..]
    };
    let floor = lg_floor(trace.iter().map(|r| r.mean));
    // lg 0 = −∞: on the floor.
    let y = |v: f64| if log { v.log2().max(floor) } else { v };
    let xs: Vec<f64> = trace.iter().map(|r| r.round as f64).collect();
    let maxs: Vec<f64> = trace.iter().map(|r| y(r.max as f64)).collect();
    let mins: Vec<f64> = trace.iter().map(|r| y(r.min as f64)).collect();
    let means: Vec<[f64; 2]> = trace.iter().map(|r| [r.round as f64, y(r.mean)]).collect();
    let color = policy_color(o.policy);
    let dark = ui.visuals().dark_mode;
    let weak = ui.visuals().weak_text_color();
    let loads = if log {
        "lg(tasks per processor)"
    } else {
        "tasks per processor"
    };
    timeline_legend(ui, o, color);
    // Round ticks, three or more on each axis (whole rounds on x; lg values on a log y).
    let pid = plot_id(ui, "geo_timeline");
    let scales = (Scale::Integer, Scale::Linear);
    let mut timeline = new_plot(ui.ctx(), pid, scales);
    // While the future is hidden the axes keep room around the rounds shown so far (one
    // point would otherwise fill the whole plot).
    let future = reveal.hiding().then(|| xs.last().copied().unwrap_or(0.0));
    if reveal.hiding() {
        let now = xs.last().copied().unwrap_or(0.0);
        let top = maxs.iter().copied().fold(0.0, f64::max);
        timeline = timeline
            .include_x(-0.5)
            .include_x(now + 1.5)
            .include_y(0.0)
            .include_y(top * 1.08 + 0.5);
    }
    let points = xs.iter().zip(&maxs).chain(xs.iter().zip(&mins));
    let (lo, hi, _) = spans(points.map(|(&x, &y)| [x, y]));
    let shown = held_open(timeline, (lo, hi))
        .x_axis_label("round r")
        .y_axis_label(loads)
        .label_formatter(move |pos: &HoverPosition<'_>| {
            let (name, p) = hovered(pos);
            // While the future is hidden, no read-out of a round still to come.
            if future.is_some_and(|now| p.x > now + 0.5) {
                return None;
            }
            let v = match (log, p.y <= floor + 1e-9) {
                (false, _) => p.y,
                (true, true) => 0.0,
                (true, false) => 2f64.powf(p.y),
            };
            round_readout(name, p.x, v)
        })
        .show(ui, |plot| {
            let tight = phase_spans(plot, o, xs.last().copied(), reveal.hiding(), dark);
            load_lines(plot, (&xs, &mins, &maxs), &means, color);
            if log && trace.iter().any(|r| r.min == 0) {
                empty_floor(plot, floor, xs.first().copied().unwrap_or(0.0), weak);
            }
            for r in trace.iter().filter(|r| r.balanced_before) {
                plot.vline(
                    VLine::new("balancing", r.round as f64 - 0.5)
                        .color(palette::EVENT)
                        .width(1.0),
                );
            }
            // The current round, or on the final frame the end of the last one.
            let now = trace
                .get(k)
                .map(|r| r.round as f64)
                .or_else(|| trace.last().map(|r| r.round as f64 + 0.5));
            if let Some(x) = now {
                plot.vline(
                    VLine::new("current round", x)
                        .color(palette::CURRENT)
                        .width(2.0),
                );
            }
            current_dots(
                plot,
                now.and_then(|x| xs.iter().position(|&v| v == x)),
                &maxs,
                &means,
                color,
            );
            tight
        });
    mark_plot(ui, &shown.transform);
    tight_labels(ui, &shown.transform, &shown.inner);
    if reveal.hiding() && k == 0 {
        // One point: the loads before any round ran.
        let rect = shown.transform.frame().shrink2(egui::vec2(0.0, 12.0));
        let note = crate::ui::reveal::hidden_note(reveal);
        crate::ui::widgets::empty_note(ui, &ui.painter_at(rect), rect, &note);
    }
    let drawn = ["max…min band", "max", "mean"].map(|name| (name, xs.len()));
    crate::ui::widgets::access::series(ui, &shown.response, drawn);
}

/// The log axis's floor, where an empty processor's load (0 tasks: no logarithm) is drawn,
/// marked and named from round `x0` on: the band's spikes down to it read as loads of
/// 2^−17 tasks.
fn empty_floor(plot: &mut egui_plot::PlotUi<'_>, floor: f64, x0: f64, weak: Color32) {
    plot.hline(
        egui_plot::HLine::new("0 tasks", floor)
            .color(weak)
            .style(LineStyle::dotted_dense()),
    );
    let at = egui_plot::PlotPoint::new(x0, floor);
    let text = egui::RichText::new("0 tasks (lg 0 = −∞)")
        .text_style(egui::TextStyle::Body)
        .color(weak);
    plot.text(egui_plot::Text::new("0 tasks", at, text).anchor(egui::Align2::LEFT_BOTTOM));
}

/// The loads of the rounds at `xs`: the max…min band, the max line and the dashed mean.
fn load_lines(
    plot: &mut egui_plot::PlotUi<'_>,
    (xs, mins, maxs): (&[f64], &[f64], &[f64]),
    means: &[[f64; 2]],
    color: Color32,
) {
    if !xs.is_empty() {
        plot.add(
            FilledArea::new("max…min band", xs, mins, maxs).fill_color(color.gamma_multiply(0.35)),
        );
    }
    let max: Vec<[f64; 2]> = maxs.iter().zip(xs).map(|(&m, &x)| [x, m]).collect();
    plot.line(Line::new("max", max).color(color));
    crate::ui::widgets::patterned::add(plot, means.to_vec(), |_, run| {
        Line::new("mean", run)
            .color(color)
            .style(LineStyle::dashed_dense())
    });
}

/// The chart's legend, above it: the phases' shading and labels span its whole height, so
/// every corner of it hides something (phase 3's label, before).
fn timeline_legend(ui: &mut Ui, o: &GeoOutcome, color: Color32) {
    let mut entries = vec![
        (color.gamma_multiply(0.35), Swatch::Band, "max…min band"),
        (color, Swatch::Line, "max"),
        (color, Swatch::Dashed, "mean"),
        (palette::EVENT, Swatch::Line, "balancing (cost ℓ)"),
        (palette::CURRENT, Swatch::Line, "current round"),
    ];
    if !o.phases.is_empty() {
        entries.push((
            ui.visuals().weak_text_color().gamma_multiply(0.4),
            Swatch::Band,
            "phases 0, 1, 2, … (shaded in turn)",
        ));
    }
    legend_row(ui, &entries);
}

/// The current round's max and mean (point `i` of the series) as dots on the current-round
/// line: at round 0 of a hidden future they are all there is, and a one-point line draws
/// nothing.
fn current_dots(
    plot: &mut egui_plot::PlotUi<'_>,
    i: Option<usize>,
    maxs: &[f64],
    means: &[[f64; 2]],
    color: Color32,
) {
    let Some(i) = i else {
        return;
    };
    if let (Some(&max), Some(&[x, mean])) = (maxs.get(i), means.get(i)) {
        for (name, y) in [("max", max), ("mean", mean)] {
            plot.points(Points::new(name, vec![[x, y]]).color(color).radius(4.0));
        }
    }
}

/// The improved policy's phases that began by the last round shown (`last`), shaded in turn;
/// while `hiding` the future, a phase ends at the last round shown. Gives the labels too
/// tight for egui_plot's padding, each at its band's middle ([`tight_labels`] draws them).
fn phase_spans(
    plot: &mut egui_plot::PlotUi<'_>,
    o: &GeoOutcome,
    last: Option<f64>,
    hiding: bool,
    dark: bool,
) -> Vec<(f64, String)> {
    let mut tight_ones = Vec::new();
    let Some(last) = last else {
        return tight_ones;
    };
    let shown_end = last + 0.5;
    for ph in o.phases.iter().filter(|ph| ph.start_round as f64 <= last) {
        let end = ph
            .rounds
            .map_or(shown_end, |t| ph.start_round as f64 + t as f64 - 0.5);
        // A phase's length is the future until it has run.
        let end = if hiding { end.min(shown_end) } else { end };
        let shade = if ph.index % 2 == 0 { 40 } else { 20 };
        let fill = if dark {
            Color32::from_white_alpha(shade / 2)
        } else {
            Color32::from_black_alpha(shade / 2)
        };
        let start = ph.start_round as f64 - 0.5;
        let px = ((end - start) * plot.transform().dpos_dvalue_x()) as f32;
        let (name, tight) = phase_label(plot.ctx(), ph.index, px);
        if tight {
            tight_ones.push(((start + end) / 2.0, name.clone()));
        }
        plot.span(Span::new(name, start..=end).fill(fill));
    }
    tight_ones
}

/// Phase labels at their bands' middles (round `x`), where egui_plot draws a span's label:
/// the glyphs centred, their top 4 points below the plot's, in body type. Painted over the
/// plot rather than added to it, whose bounds a text item would push up.
fn tight_labels(ui: &Ui, transform: &egui_plot::PlotTransform, labels: &[(f64, String)]) {
    let frame = *transform.frame();
    let painter = ui.painter_at(frame);
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = ui.visuals().text_color();
    for (x, label) in labels {
        let galley = painter.layout_no_wrap(label.clone(), font.clone(), color);
        let glyphs = galley.mesh_bounds;
        let middle = transform.position_from_point_x(*x);
        let at = egui::pos2(middle - glyphs.center().x, frame.top() + 4.0 - glyphs.min.y);
        painter.galley(at, galley, color);
    }
}

/// The label of phase `index` in a band `px` points wide: "phase k", else "ph. k", else "k"
/// (egui_plot would cut "phase 1" to "p…", which names nothing). True when "k" fits the band
/// but not egui_plot's padding of 4 points each side, which would leave the band unnamed
/// (a lesson's phase 0, one round wide, is 14 points at 720p presenter): the caller draws
/// it, centred, without the padding.
pub(super) fn phase_label(ctx: &egui::Context, index: u32, px: f32) -> (String, bool) {
    let room = px - 8.0;
    let font = egui::TextStyle::Body.resolve(&ctx.global_style());
    let width = |s: &str| {
        ctx.fonts_mut(|f| f.layout_no_wrap(s.to_owned(), font.clone(), Color32::WHITE))
            .size()
            .x
    };
    let digits = index.to_string();
    let tight = width(&digits) > room && width(&digits) <= px;
    let label = [format!("phase {index}"), format!("ph. {index}")]
        .into_iter()
        .find(|s| width(s) <= room)
        .unwrap_or(digits);
    (label, tight)
}
