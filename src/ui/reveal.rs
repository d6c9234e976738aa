//! "Hide the future": one switch for every stepped view (issue 14). When it is on, a
//! workspace draws only what has happened by its step bar's position: plots cut their series
//! at the current step's x, pictures leave out later rounds' arrows, later tree nodes and
//! later Gantt bars, and the numbers that give the answer away (a final makespan, a bound's
//! gap) read [`UNTIL_END`] until the last step.
//!
//! The switch is the workspace's `OnScreen::hide_future`; the shell publishes it with
//! the front workspace's step position once per frame ([`publish`]) and every workspace reads
//! it back with [`Reveal::of`], re-based on its own step bar after the bar was drawn
//! ([`Reveal::at`]). The cutting is done here, once, for series over steps ([`cut_series`]),
//! sweep plots whose marker is the instance's own x ([`cut_at_marker`]), Gantt charts
//! ([`cut_gantt`]) and the numbers region's figures ([`figures`]).

use crate::report::Figure;
use crate::ui::frame::reveal::{CURVE_UNTIL_TURN, INSTANCE_UNTIL_TURN};
pub use crate::ui::frame::reveal::{Reveal, UNTIL_END, publish};
use crate::ui::frame::{Secret, secret};
use crate::ui::widgets::compare_plot::{
    ASKED_UNTIL_REVEAL, CURVE_UNTIL_END, CURVE_UNTIL_REVEAL, ComparePlot, Curve, HIDDEN_FROM,
    HIDDEN_UNTIL_REVEAL, SeriesStyle,
};
use crate::ui::widgets::gantt::{GanttBar, GanttData};

/// The caption of the switch (the toggle above every workspace; the tests click it).
pub const CAPTION: &str = "Hide the future";

/// What the app publishes as the open question's secret: as asked, or — for the lecture
/// walk, which compares the window three ways — not at all (what each "?" stands for), or
/// with a decoy answer (the same quantities hidden by name, digits of a number no view
/// writes: a "?" that stays was hidden by its quantity, one that goes by its digits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SecretProbe {
    /// The secret as asked.
    #[default]
    Asked,
    /// No secret.
    Unpublished,
    /// The same quantities, another answer ([`Secret::decoy`]).
    Decoy,
}

impl SecretProbe {
    /// `secret` as this probe publishes it.
    pub fn apply(self, secret: Option<Secret>) -> Option<Secret> {
        match self {
            SecretProbe::Asked => secret,
            SecretProbe::Unpublished => None,
            SecretProbe::Decoy => secret.map(Secret::decoy),
        }
    }
}

/// The open question's own run's x on a sweep plot (`x` gives it for a run of the model)
/// while another run is shown: a "try it" step's changed instance, whose sweep may pass
/// through the question's run (gil-matias step 7: ℓ raised from 2^18 to 500 000 drew the asked
/// policy's point at lg ℓ = 18, the answer). [`cut_at_marker`] cuts there too until Reveal.
pub fn asked_x<P: crate::model::registry::ModelParams>(
    ctx: &egui::Context,
    x: impl Fn(&P) -> Option<f64>,
) -> Option<f64> {
    let s = secret(ctx)?;
    if s.on_shown_run {
        return None;
    }
    x(P::of(s.run.as_ref()?)?)
}

/// The points of a series with x ≤ `x_max` (all of them when `x_max` is None).
pub fn cut_series(points: &[[f64; 2]], x_max: Option<f64>) -> Vec<[f64; 2]> {
    match x_max {
        None => points.to_vec(),
        Some(m) => points.iter().copied().filter(|p| p[0] <= m).collect(),
    }
}

/// A sweep plot whose vertical marker is this instance's x (n, h, β, ℓ, …): while the
/// future is hidden its series stop short of the marker, since the instance's own point is
/// the answer the stepping leads to. The marker becomes a dashed series named [`HIDDEN_FROM`]
/// over the y range left (so the plot does not call the instance "beyond the data").
///
/// An open lesson question whose answer is the instance's point ([`Secret::hides_instance_point`])
/// cuts the same way until Reveal, whatever the step bar says.
pub fn cut_at_marker(plot: &mut ComparePlot, reveal: Reveal, ctx: &egui::Context) {
    let secret = secret(ctx);
    // A curve that draws a quantity giving the open question's answer away (Theorem 1's S_∞
    // beside the asked S_N, the asked policy's balancings against ℓ) waits for Reveal as a
    // whole: its points near the instance are as good as the answer.
    if let Some(s) = &secret {
        hide_curves(plot, s);
    }
    // A curve whose quantity the model names, and which the question leaves, is shown whole:
    // only a curve of unknown quantity is cut at the instance (the sweep's other τ).
    let unknown = plot
        .series
        .iter()
        .any(|c| c.draws.is_none() && !c.points.is_empty());
    let asked = unknown && secret.as_ref().is_some_and(|s| s.hides_instance_point());
    // Another run than the question's shown (a "try it" step's changed instance): every
    // curve stops short of the question's run too, which its sweep may pass through.
    let elsewhere = plot.asked_x.filter(|_| secret.is_some());
    let marker = match (plot.x_marker, elsewhere) {
        (Some(m), Some(a)) => Some(m.min(a)),
        (m, a) => m.or(a),
    };
    let Some(m) = marker.filter(|_| reveal.hiding() || asked || elsewhere.is_some()) else {
        return;
    };
    // Last » shows the instance only when nothing else holds it: under a question that asks
    // its point (or holds the bar) the marker waits for Reveal, and says so, as the asked
    // curves beside it do (grs step 6 read "future hidden (Last » or H)" beside "τ = 1000:
    // hidden until Reveal", and Last did not show it).
    let until_end = reveal.hiding() && !reveal.held && !asked;
    let legend = if reveal.turn {
        INSTANCE_UNTIL_TURN
    } else if elsewhere.is_some_and(|a| a <= m) {
        ASKED_UNTIL_REVEAL
    } else if until_end {
        HIDDEN_FROM
    } else {
        HIDDEN_UNTIL_REVEAL
    };
    let below = m - 1e-9 * m.abs().max(1e-300);
    // How far the data reached before the cut: an instance at the sweep's last x is within it.
    let ((_, reached), _) = extent(plot);
    for s in &mut plot.series {
        if !reveal.hiding() && elsewhere.is_none() && s.draws.is_some() {
            continue;
        }
        // A level line (the paper's ½, a bound) tells nothing of the instance: it stays,
        // drawn up to the marker or its own end, whichever comes first (cut like the data,
        // it shrank to a dot; drawn on to a far marker, it stretched the axis).
        let level = s.points.len() >= 2 && s.points.iter().all(|p| p[1] == s.points[0][1]);
        let (first_x, last_x) = match (s.points.first(), s.points.last()) {
            (Some(a), Some(b)) => (a[0], b[0]),
            _ => (f64::INFINITY, f64::INFINITY),
        };
        if level && first_x < below {
            let y = s.points[0][1];
            s.points = vec![[first_x, y], [below.min(last_x), y]];
            continue;
        }
        s.points.retain(|p| p[0] < below);
    }
    plot.x_marker = None;
    let ((x_lo, x_hi), ys) = extent(plot);
    // Far beyond the data (Fig. 2's n ≤ 40 against an instance of height 1000) the dashed
    // marker would stretch the axis and squeeze the curves to its edge: it is left out, as
    // the shown marker is (`compare_plot`). At the sweep's own last x the instance's marker
    // stands where the cut points were (a sweep up to the instance ended a step short with
    // nothing to say why); a question's instance past the data left is named below.
    let last = if elsewhere.is_none() {
        x_hi.max(reached)
    } else {
        x_hi
    };
    let near = m <= last + 0.05 * (x_hi - x_lo);
    let line = if let Some(line) = vertical(plot, m, ys).filter(|_| near) {
        line
    } else if elsewhere.is_some() {
        // The question's instance lies past the data left (gil-matias step 6: ℓ = 2^18 on a
        // sweep cut at lg ℓ = 17): no line, but the legend says why the sweep stops short.
        Vec::new()
    } else {
        return;
    };
    plot.series.push(Curve::new(
        legend,
        line,
        SeriesStyle::DashedLine,
        Some(crate::ui::widgets::palette::CURRENT),
    ));
}

/// The x and y ranges `plot`'s points span (empty ranges run from +∞ to −∞).
fn extent(plot: &ComparePlot) -> ((f64, f64), (f64, f64)) {
    let range = |axis: usize| {
        let values = plot
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p[axis]));
        values.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        })
    };
    (range(0), range(1))
}

/// A vertical line at x = `m` over the y range `(lo, hi)` of `plot`'s points (None: no
/// points). A log axis drops y ≤ 0, which left the line a dot at the top (gil-matias's Your
/// turn on log y, lg* ℓ = 0 at ℓ = 2): it runs through the least positive y too.
fn vertical(plot: &ComparePlot, m: f64, (lo, hi): (f64, f64)) -> Option<Vec<[f64; 2]>> {
    if lo > hi {
        return None;
    }
    let positive = plot
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p[1]))
        .filter(|&y| y > 0.0)
        .fold(f64::INFINITY, f64::min);
    let mut line = vec![[m, lo]];
    if lo <= 0.0 && positive < hi {
        line.push([m, positive]);
    }
    line.push([m, hi]);
    Some(line)
}

/// The curves of `plot` that give `secret`'s answer away ([`Secret::hides_curve`]), emptied:
/// each stays in the legend only, saying that it waits for Reveal.
/// While the future is hidden, the curves of `plot` that draw what a run of `model` only knows
/// at its end (KS-BF's simulated W_i: the busiest PE's is the makespan's neighbour) wait for
/// the last step, named in the legend; with a question open, as [`cut_at_marker`] hides them.
pub fn hide_outcome_curves(
    plot: &mut ComparePlot,
    reveal: Reveal,
    model: crate::model::registry::ModelId,
    ctx: &egui::Context,
) {
    if let Some(s) = secret(ctx) {
        hide_curves(plot, &s);
    }
    if !reveal.hiding() {
        return;
    }
    let future = crate::report::secrecy::future_hides(model);
    let until = if reveal.turn {
        CURVE_UNTIL_TURN
    } else if reveal.held {
        CURVE_UNTIL_REVEAL
    } else {
        CURVE_UNTIL_END
    };
    for c in &mut plot.series {
        if c.draws.as_ref().is_some_and(|d| future(&d.field)) && !c.points.is_empty() {
            c.hide(until);
        }
    }
}

fn hide_curves(plot: &mut ComparePlot, secret: &Secret) {
    let x = plot.x_marker;
    for c in &mut plot.series {
        let hidden = c.draws.as_ref();
        if hidden.is_some_and(|d| secret.hides_curve(d, &c.points, x)) {
            c.hide(CURVE_UNTIL_REVEAL);
        }
    }
}

/// What a chart with nothing drawn yet says while the future is hidden: how to see it unfold
/// (an empty chart at the start of a stepped view read as broken on the walk), or in an
/// exported figure, which has no step bar, that nothing has happened yet.
pub fn hidden_note(reveal: Reveal) -> String {
    use crate::ui::widgets::step_bar::{LABEL_FORWARD, LABEL_PLAY, glyph};
    if reveal.in_figure {
        return "Nothing has happened yet at this step: the future is hidden.".into();
    }
    if reveal.turn {
        return "Your turn: this waits until every move is placed.".into();
    }
    if reveal.held {
        return crate::ui::frame::reveal::HELD.into();
    }
    let forward = glyph(LABEL_FORWARD);
    format!("The future is hidden: press {LABEL_PLAY}, or {forward} for one step, on the step bar.")
}

/// Whether the open question asks what the shown run of `model` only knows at its end (an
/// outcome, [`crate::report::row::Secrecy::outcome`], or what gives one away): then the step
/// bar holds until Reveal ([`Reveal::held`]) at the position it gives: the question's own
/// ([`crate::ui::frame::Secret::rest`]), 0 for most.
pub fn question_holds(
    ctx: &egui::Context,
    model: crate::model::registry::ModelId,
) -> Option<usize> {
    let secret = crate::ui::frame::secret(ctx)?;
    let future = crate::report::secrecy::future_hides(model);
    let holds = secret.on_shown_run
        && (future(&secret.field) || secret.giveaway.fields.iter().any(|f| future(f)));
    holds.then_some(secret.rest)
}

/// A Gantt chart's `data` as far as time `now` while the future is hidden (its time axis then
/// fits what is drawn: the whole span would tell the makespan; an empty chart says so), or
/// whole, its axis spanning 0 to `end`.
pub fn cut_gantt(data: GanttData, reveal: Reveal, now: f64, end: f64) -> GanttData {
    let bars = cut_bars(data.bars, reveal.x_limit(now));
    GanttData {
        empty_note: (reveal.hiding() && bars.is_empty()).then(|| hidden_note(reveal)),
        extent: (!reveal.hiding()).then_some((0.0, end)),
        bars,
        ..data
    }
}

/// The bars that have started by time `t` (None: all), each ending at `t` at the latest.
fn cut_bars(bars: Vec<GanttBar>, t: Option<f64>) -> Vec<GanttBar> {
    let Some(t) = t else {
        return bars;
    };
    bars.into_iter()
        .filter(|b| b.start < t)
        .map(|mut b| {
            b.end = b.end.min(t);
            b
        })
        .collect()
}

/// The numbers region's `figures` (a grid with id `id`), those whose key `outcome` accepts —
/// what the run only knows at its end — reading "?" while the future is hidden; the switch as
/// it stands this frame, for what the region shows after them.
pub fn figures(
    ui: &mut egui::Ui,
    id: &str,
    figures: &[Figure],
    outcome: impl Fn(&str) -> bool,
) -> Reveal {
    let reveal = Reveal::of(ui.ctx());
    crate::ui::widgets::numbers::figures(ui, id, figures, reveal.hides(outcome));
    reveal
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::widgets::gantt::BarKind;

    fn bar(start: f64, end: f64) -> GanttBar {
        GanttBar {
            row: 0,
            start,
            end,
            kind: BarKind::Compute,
            tooltip: String::new(),
            color: None,
            line: None,
        }
    }

    #[test]
    fn hides_only_before_the_end_and_only_when_on() {
        let r = Reveal {
            hide: true,
            step: 2,
            steps: 5,
            held: false,
            rest: 0,
            in_figure: false,
            turn: false,
        };
        assert!(r.hiding() && r.happened(2) && !r.happened(3));
        assert_eq!(r.answer("7"), UNTIL_END);
        // Held by a question, Last » is greyed: the figure waits for Reveal, and says so.
        let held = Reveal { held: true, ..r };
        assert_eq!(held.answer("7"), crate::ui::frame::reveal::UNTIL_REVEAL);
        assert!(!r.at(4, 5).hiding());
        assert_eq!(r.at(4, 5).answer("7"), "7");
        assert!(!Reveal { hide: false, ..r }.hiding());
        // A question on how the run ends holds it: even its last step hides.
        assert!(Reveal { held: true, ..r }.at(4, 5).hiding());
    }

    #[test]
    fn cuts_series_and_bars_at_the_cursor() {
        let pts = [[1.0, 1.0], [2.0, 4.0], [3.0, 9.0]];
        assert_eq!(cut_series(&pts, Some(2.0)), vec![[1.0, 1.0], [2.0, 4.0]]);
        assert_eq!(cut_series(&pts, None).len(), 3);
        let bars = cut_bars(vec![bar(0.0, 2.0), bar(1.0, 5.0), bar(3.0, 4.0)], Some(2.5));
        assert_eq!(bars.len(), 2);
        assert_eq!(bars[1].end, 2.5);
    }

    /// A sweep plot of `series` (name, points, style) marked at `marker`.
    fn sweep(series: &[(&str, &[[f64; 2]], SeriesStyle)], marker: f64) -> ComparePlot {
        ComparePlot {
            title: String::new(),
            x_label: "n".into(),
            y_label: "ratio".into(),
            series: series
                .iter()
                .map(|&(name, points, style)| Curve::new(name, points.to_vec(), style, None))
                .collect(),
            x_marker: Some(marker),
            asked_x: None,
        }
    }

    /// A context whose open question asks `field` (answer `value`) and nothing else, and
    /// whether the instance's own point gives it away.
    fn asked_only(field: &str, value: f64, instance_point: bool) -> egui::Context {
        let ctx = egui::Context::default();
        let giveaway = asking(field, &[], &[], instance_point);
        let asked = Secret::new(field, Some(Ok(value))).with(&giveaway);
        crate::ui::frame::publish_secret(&ctx, Some(asked));
        ctx
    }

    /// What a question on `field` gives away: the field, the `also` fields it determines,
    /// their `values` and whether the instance's own point does.
    fn asking(
        field: &str,
        also: &[&str],
        values: &[f64],
        instance_point: bool,
    ) -> crate::report::Giveaway {
        let fields = std::iter::once(field).chain(also.iter().copied());
        crate::report::Giveaway {
            field: field.into(),
            fields: fields.map(str::to_owned).collect(),
            values: values.to_vec(),
            instance_point,
            ..Default::default()
        }
    }

    #[test]
    fn a_curve_drawing_the_hidden_limit_waits_for_reveal() {
        // li step 3: the question asks C's S_N at h = 15, whose limit S_∞ (Theorem 1) the
        // dashed "C limit" draws at ≈ 102; P's bound 201 tells nothing of it.
        let ctx = egui::Context::default();
        let field = "algorithms.C.speedup";
        let giveaway = asking(field, &["algorithms.C.asymptotic_speedup"], &[], false);
        let asked = Secret::new(field, Some(Ok(101.86))).with(&giveaway);
        crate::ui::frame::publish_secret(&ctx, Some(asked));
        let limit = [[0.0, 101.98], [8.0, 101.98]];
        let bound = [[0.0, 201.0], [8.0, 201.0]];
        let mut plot = sweep(
            &[
                ("C limit N → ∞", &limit[..], SeriesStyle::DashedLine),
                ("bound bβ + 1", &bound[..], SeriesStyle::DashedLine),
            ],
            15.0,
        );
        plot.series[0].series = plot.series[0]
            .series
            .clone()
            .drawn("algorithms.C.asymptotic_speedup");
        let mut shown = plot.clone();
        cut_at_marker(&mut plot, Reveal::ALL, &ctx);
        let drawn: Vec<&str> = plot
            .series
            .iter()
            .filter(|c| c.hidden.is_none() && !c.points.is_empty())
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(drawn, ["bound bβ + 1"]);
        assert_eq!(plot.series[0].hidden, Some(CURVE_UNTIL_REVEAL));
        // Revealed (no secret): the limit is back.
        crate::ui::frame::publish_secret(&ctx, None);
        cut_at_marker(&mut shown, Reveal::ALL, &ctx);
        assert_eq!(shown.series[0].points, limit.to_vec());
    }

    /// gil-matias step 6 with ℓ raised to 2^18: the sweep (lg ℓ = 1 … 40) stops at 17, far
    /// short of the question's lg ℓ = 18 for a marker line; the legend still says why.
    #[test]
    fn a_sweep_cut_short_of_a_far_asked_point_says_so_in_the_legend() {
        let ctx = asked_only("balancings", 4.0, false);
        let data: Vec<[f64; 2]> = (1..=40)
            .map(|l| [f64::from(l), 1.0 / f64::from(l)])
            .collect();
        let mut plot = sweep(&[("improved", &data[..], SeriesStyle::Points)], 40.0);
        plot.x_marker = None;
        plot.asked_x = Some(18.0);
        cut_at_marker(&mut plot, Reveal::ALL, &ctx);
        assert_eq!(plot.series[0].points, data[..17].to_vec());
        let note = plot.series.iter().find(|s| s.name == ASKED_UNTIL_REVEAL);
        assert!(
            note.is_some_and(|s| s.points.is_empty()),
            "no legend entry says where the sweep was cut"
        );
    }

    #[test]
    fn the_instance_cut_keeps_level_lines_and_marks_a_near_instance() {
        let data = [
            [1.0, 0.8],
            [5.0, 0.6],
            [11.0, 0.52],
            [12.0, 0.55],
            [20.0, 0.7],
        ];
        let half = [[1.0, 0.5], [40.0, 0.5]];
        let series = [
            ("τ = 1000", &data[..], SeriesStyle::Line),
            ("1/2", &half[..], SeriesStyle::DottedLine),
        ];
        let hiding = Reveal {
            hide: true,
            ..Reveal::ALL
        }
        .at(0, 3);
        let mut plot = sweep(&series, 12.0);
        cut_at_marker(&mut plot, hiding, &egui::Context::default());
        // The data stops short of n = 12 (its point is the answer).
        assert_eq!(plot.series[0].points, data[..3].to_vec());
        // The paper's ½ is still a line, up to the marker.
        let cut = &plot.series[1].points;
        assert_eq!(cut.len(), 2);
        assert!(cut[1][0] < 12.0 && cut[1][0] > 11.99 && cut[1][1] == 0.5);
        // The marker itself: a dashed series at n = 12 over the y range left.
        let marker = plot.series.iter().find(|s| s.name == HIDDEN_FROM).unwrap();
        assert_eq!(marker.points, vec![[12.0, 0.5], [12.0, 0.8]]);
        // Far beyond the data (n = 1000 against n ≤ 40) the marker is left out, and the
        // level line keeps its own end: nothing stretches the axis to n = 1000.
        let mut far = sweep(&series, 1000.0);
        cut_at_marker(&mut far, hiding, &egui::Context::default());
        assert!(far.series.iter().all(|s| s.name != HIDDEN_FROM));
        assert_eq!(far.series[0].points.len(), 5);
        assert_eq!(far.series[1].points, half.to_vec());
    }

    /// A sweep whose last x is the instance (KS-BF's makespan vs n up to the instance's n)
    /// ends a step short when cut; the marker stands at the cut point, and while "Your turn"
    /// is played (the switch off, the step bar anywhere) its legend names the last move.
    #[test]
    fn a_sweep_up_to_the_instance_is_marked_where_it_was_cut() {
        let data = [[1.0, 1.0], [2.0, 2.0], [3.0, 4.0], [4.0, 6.0]];
        let series = [("simulated makespan", &data[..], SeriesStyle::Points)];
        let turn = Reveal {
            turn: true,
            ..Reveal::ALL
        };
        let mut plot = sweep(&series, 4.0);
        cut_at_marker(&mut plot, turn, &egui::Context::default());
        assert_eq!(plot.series[0].points, data[..3].to_vec());
        let marker = plot.series.iter().find(|s| s.name == INSTANCE_UNTIL_TURN);
        assert_eq!(marker.unwrap().points, vec![[4.0, 1.0], [4.0, 4.0]]);
        assert_eq!(turn.until(), crate::ui::frame::reveal::UNTIL_TURN);
        // With a 0 in the data (lg* ℓ at ℓ = 2) the line also runs through the least positive
        // y, which a log axis keeps.
        let zero = [[1.0, 0.0], [2.0, 3.0], [3.0, 5.0], [4.0, 7.0]];
        let mut plot = sweep(&[("lg* ℓ", &zero[..], SeriesStyle::DashedLine)], 4.0);
        cut_at_marker(&mut plot, turn, &egui::Context::default());
        let marker = plot.series.iter().find(|s| s.name == INSTANCE_UNTIL_TURN);
        let line = &marker.unwrap().points;
        assert_eq!(line, &vec![[4.0, 0.0], [4.0, 3.0], [4.0, 5.0]]);
        let logged = crate::ui::widgets::compare_plot::plot_points(line, false, true);
        assert_eq!(
            logged.len(),
            2,
            "a log axis keeps a line, not a dot: {logged:?}"
        );
        // The exercise done, nothing is cut.
        let mut plot = sweep(&series, 4.0);
        cut_at_marker(&mut plot, Reveal::ALL, &egui::Context::default());
        assert_eq!(plot.series.len(), 1);
        assert_eq!(plot.series[0].points, data.to_vec());
    }

    /// grs step 6: the future is hidden and a question asks T*/T_PY at the instance's n. Last »
    /// would not show the instance's point (the question holds it), so the marker's legend
    /// names Reveal, as the asked curve's beside it does.
    #[test]
    fn a_marker_held_by_a_question_names_reveal_not_the_last_step() {
        let ctx = asked_only("ratio", 0.6, true);
        let data = [[1.0, 0.8], [5.0, 0.6], [11.9, 0.65], [20.0, 0.7]];
        let hiding = Reveal {
            hide: true,
            ..Reveal::ALL
        }
        .at(0, 3);
        let mut plot = sweep(&[("τ = 1000", &data[..], SeriesStyle::Line)], 12.0);
        cut_at_marker(&mut plot, hiding, &ctx);
        let names: Vec<&str> = plot.series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["τ = 1000", HIDDEN_UNTIL_REVEAL]);
        // Without the question the same hidden future names the last step.
        crate::ui::frame::publish_secret(&ctx, None);
        let mut plot = sweep(&[("τ = 1000", &data[..], SeriesStyle::Line)], 12.0);
        cut_at_marker(&mut plot, hiding, &ctx);
        assert!(plot.series.iter().any(|s| s.name == HIDDEN_FROM));
    }

    #[test]
    fn a_curve_of_the_asked_quantity_waits_for_reveal_whole_near_the_instance() {
        use crate::model::geodecay::Policy;
        // Gil–Matias step 6: the improved policy's balancings at ℓ = 2^18 are asked (4); the
        // view shows never's run; the sweep draws every policy against lg ℓ, and lg* ℓ.
        let ctx = egui::Context::default();
        let run = crate::ui::frame::gil_matias_step_6;
        let giveaway = asking("balancings", &[], &[4.0], true);
        let asked = Secret::new("balancings", Some(Err("4".into())))
            .of_run(Some(run(Policy::Improved)))
            .with(&giveaway)
            .shown(&run(Policy::Never));
        crate::ui::frame::publish_secret(&ctx, Some(asked));
        let counts = |c: f64| -> Vec<[f64; 2]> { (10..=20).map(|x| [f64::from(x), c]).collect() };
        let mut plot = sweep(
            &[
                ("improved", &counts(4.0)[..], SeriesStyle::Points),
                ("never", &counts(1.0)[..], SeriesStyle::Points),
                ("standard", &counts(14.0)[..], SeriesStyle::Points),
            ],
            18.0,
        );
        for (c, policy) in
            plot.series
                .iter_mut()
                .zip([Policy::Improved, Policy::Never, Policy::Standard])
        {
            c.series = c.series.clone().drawn_of("balancings", run(policy));
        }
        cut_at_marker(&mut plot, Reveal::ALL, &ctx);
        // The asked run's curve is gone, named in the legend; the stated ones stay whole.
        assert!(plot.series[0].points.is_empty());
        assert_eq!(plot.series[0].name, "improved");
        assert_eq!(plot.series[0].hidden, Some(CURVE_UNTIL_REVEAL));
        assert_eq!(plot.series[1].points, counts(1.0));
        assert_eq!(plot.series[2].points, counts(14.0));
        assert_eq!(plot.x_marker, Some(18.0));
    }

    #[test]
    fn beyond_its_range_a_curve_of_the_asked_field_waits_only_where_it_meets_the_answer() {
        // li step 3: S_N of C at h = 15 (≈ 101.86 ± 1.5) over an h sweep to 8 (S_8 ≈ 86.9,
        // the recurrence T_k = (1 − 2α_k)β): its points are other trees', far from the answer.
        let ctx = egui::Context::default();
        let field = "algorithms.C.speedup";
        let giveaway = asking(field, &[], &[101.86], true);
        let asked = Secret::new(field, Some(Ok(101.86)))
            .within(1.5)
            .with(&giveaway);
        crate::ui::frame::publish_secret(&ctx, Some(asked));
        let rising = [[1.0, 2.98], [4.0, 25.1], [8.0, 86.9]];
        let mut plot = sweep(&[("C closed form", &rising[..], SeriesStyle::Line)], 15.0);
        plot.series[0].series = plot.series[0].series.clone().drawn(field);
        cut_at_marker(&mut plot, Reveal::ALL, &ctx);
        assert_eq!(plot.series[0].points, rising.to_vec());
        // A sweep reaching 101 at its end gives it away: hidden, whole.
        let near = [[1.0, 2.98], [8.0, 86.9], [12.0, 100.9]];
        let mut plot = sweep(&[("C closed form", &near[..], SeriesStyle::Line)], 15.0);
        plot.series[0].series = plot.series[0].series.clone().drawn(field);
        cut_at_marker(&mut plot, Reveal::ALL, &ctx);
        assert!(plot.series[0].points.is_empty());
        // Over the instance (a β sweep at h = 15 through β = 100), hidden whatever its values.
        let across = [[1.0, 2.4], [100.0, 101.86], [1000.0, 1001.9]];
        let mut plot = sweep(&[("C closed form", &across[..], SeriesStyle::Line)], 100.0);
        plot.series[0].series = plot.series[0].series.clone().drawn(field);
        cut_at_marker(&mut plot, Reveal::ALL, &ctx);
        assert!(plot.series[0].points.is_empty());
        // Passing the answer on the way is no giveaway (grs step 7: T*/T_PY at τ = 10⁶ is
        // 0.624 ± 0.02 at n = 1000; Fig. 2's curve of that τ crosses it near n = 35 and ends
        // at 0.663 at n = 40: the step asks the student to read it).
        let ratio = "ratio";
        let asked = Secret::new(ratio, Some(Ok(0.624)))
            .within(0.02)
            .with(&asking(ratio, &[], &[0.624], true));
        crate::ui::frame::publish_secret(&ctx, Some(asked));
        let fig2 = [
            [21.0, 0.501],
            [30.0, 0.527],
            [34.0, 0.604],
            [35.0, 0.642],
            [40.0, 0.663],
        ];
        let mut plot = sweep(&[("τ = 1000000", &fig2[..], SeriesStyle::Line)], 1000.0);
        plot.series[0].series = plot.series[0].series.clone().drawn(ratio);
        cut_at_marker(&mut plot, Reveal::ALL, &ctx);
        assert_eq!(plot.series[0].points, fig2.to_vec());
    }
}
