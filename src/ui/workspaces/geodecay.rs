//! Workspace of the geometric-decaying model (Gil & Matias): controls, the per-round load
//! timeline with balancings and phases, the ℓ / p / seed plots, and the numbers.

use egui::{Color32, Ui};
use egui_plot::{FilledArea, HoverPosition, Line, LineStyle, Span, VLine};
use serde::{Deserialize, Serialize};

use crate::jobs::Keyed;
use crate::model::geodecay::derived::{COMPARISON_FIGURES, beyond_ideal, policy_label};
use crate::model::geodecay::params::{
    ALPHA_MIN, ELL_LOG2_LIMIT, ELL_MAX, N_MAX, P_MAX, P_MAX_RANDOM, SEEDS_MAX,
};
use crate::model::geodecay::theory::standard_balancings_estimate;
use crate::model::geodecay::{
    Decay, EllPoint, GeoOutcome, GeoParams, PPoint, Policy, SeedSpread, Survivors, seed_spread,
    simulate_valid, sweep_ell, sweep_p,
};
use crate::ui::widgets::compare_plot::{
    ComparePlot, PlotView, Series, SeriesStyle, compare_plot, cumulative, hovered,
};
use crate::ui::widgets::form::{
    Choice, about_section, choice_in, choices, param_grid, plot_header,
};
use crate::ui::widgets::legend::{Swatch, legend_row};
use crate::ui::widgets::palette;
use crate::ui::widgets::result_table::result_table;
use crate::ui::widgets::slider;
use crate::ui::widgets::step_bar::{StepState, step_bar, step_caption};
use crate::ui::workspace::{
    Checked, Regions, Workspace, jobs, nothing_plotted, repainter, run_or_reason, view_accessors,
};

/// Colour of a policy in every plot.
pub fn policy_color(p: Policy) -> Color32 {
    match p {
        Policy::Never => palette::NEUTRAL,
        Policy::Standard => palette::BASELINE,
        Policy::Improved => palette::SIMULATED,
        Policy::Every => palette::FOURTH,
    }
}

/// The processor counts the model accepts with these survivors.
fn p_span(params: &GeoParams) -> slider::Span<u64> {
    let top = if params.survivors == Survivors::Random {
        P_MAX_RANDOM
    } else {
        P_MAX
    };
    slider::Span::log(1..=top)
}

/// Hover text of the plot of the overhead beyond the balanced ideal.
const BEYOND_IDEAL: &str = "(T − Σ⌈w_r/p⌉)/ℓ: what balancings and imbalance cost beyond a perfectly balanced run with free balancing";

/// View state (persisted; no model data).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct GeodecayView {
    /// Step bar over the rounds.
    pub step: StepState,
    /// Log-scale loads in the timeline.
    pub timeline_log: bool,
    /// Which sweep plot.
    pub plot: GeoPlot,
    /// Axes of the sweep plot.
    pub plot_view: PlotView,
    /// Axes of the seed-spread plot.
    pub spread_view: PlotView,
}

impl Default for GeodecayView {
    fn default() -> Self {
        GeodecayView {
            step: StepState::default(),
            timeline_log: true,
            plot: GeoPlot::Overhead,
            plot_view: PlotView {
                log_x: false,
                log_y: true,
            },
            spread_view: PlotView::default(),
        }
    }
}

/// Outcomes of the selected policy and the three main ones, for one parameter set.
struct Evaluated {
    selected: GeoOutcome,
    all: Vec<GeoOutcome>,
}

/// The workspace.
#[derive(Default)]
pub struct GeodecayPanel {
    /// Persisted view state.
    pub view: GeodecayView,
    evaluated: Keyed<GeoParams, Evaluated>,
    error: Checked<GeoParams>,
    ell: Keyed<GeoParams, Vec<EllPoint>>,
    p_sweep: Keyed<GeoParams, Vec<PPoint>>,
    spread: Keyed<GeoParams, Vec<SeedSpread>>,
}

fn fmt(x: f64) -> String {
    if x.abs() >= 1e9 || (x != 0.0 && x.abs() < 1e-3) {
        format!("{x:.4e}")
    } else if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.3}")
    }
}

/// The parameters a sweep depends on (the ℓ sweep ignores ℓ, the p sweep ignores p).
fn sweep_key(p: &GeoParams, ignore_ell: bool, ignore_p: bool) -> GeoParams {
    GeoParams {
        ell: if ignore_ell { 0.0 } else { p.ell },
        p: if ignore_p { 1 } else { p.p },
        policy: Policy::Improved,
        ..p.clone()
    }
}

impl Workspace for GeodecayPanel {
    type Params = GeoParams;
    view_accessors!(GeodecayView, plot: plot);
    fn steps(&self, params: &GeoParams) -> usize {
        self.current(params)
            .map_or(1, |e| e.selected.trace.len() + 1)
    }
    jobs!(evaluated, ell, p_sweep, spread);
    const REGIONS: Regions = Regions {
        controls: (270.0, 220.0),
        numbers: (240.0, 200.0),
        ..Regions::DEFAULT
    };

    /// Starts the background work for `params` if it changed (latest wins).
    fn prepare(&mut self, ctx: &egui::Context, params: &GeoParams) {
        let policy = params.policy;
        let job = (&mut self.evaluated, "simulating the policies");
        let checked = self
            .error
            .evaluate(ctx, params, GeoParams::validate, job, move |vv, p| {
                let selected = simulate_valid(&vv, policy, true, p)?;
                let mut all = Vec::new();
                for pol in Policy::MAIN {
                    all.push(simulate_valid(&vv, pol, false, p)?);
                }
                if policy == Policy::Every {
                    all.push(selected.clone());
                }
                Ok(Evaluated { selected, all })
            });
        let Some(v) = checked else {
            return;
        };
        // Each sweep depends on a subset of the parameters: its key leaves the rest out.
        let (vv, top) = (v.clone(), params.ell_log2_max);
        self.ell.request(
            sweep_key(params, true, false),
            format!("sweeping ℓ = 2^1 … 2^{top}"),
            repainter(ctx),
            move |p| sweep_ell(&vv, 1, top, &Policy::MAIN, p),
        );
        let (vv, ps) = (v.clone(), crate::model::geodecay::p_values(params.n));
        self.p_sweep.request(
            sweep_key(params, false, true),
            "sweeping p",
            repainter(ctx),
            move |p| sweep_p(&vv, &ps, &Policy::MAIN, p),
        );
        if params.decay == Decay::Random {
            let seeds = params.seeds;
            self.spread.request(
                sweep_key(params, false, false),
                format!("{seeds} seeds"),
                repainter(ctx),
                move |p| seed_spread(&v, seeds, &Policy::MAIN, p),
            );
        }
    }
    fn controls(&mut self, ui: &mut Ui, params: &mut GeoParams) {
        ui.heading("Instance");
        param_grid(ui, "geo_params", self.error.of(params), |g| {
            g.slider(
                "n",
                "n",
                "Initial number of tasks n (w_0), 1 to 2^53.",
                &mut params.n,
                &slider::Span::log(1..=N_MAX),
            )
            .on_hover_text("n: tasks in round 0 (log scale; click the number to type)");
            let p_values = p_span(params);
            g.slider(
                "p",
                "p",
                "Number of processors p: up to 2^40, or 10^7 with random survivors (one count per processor).",
                &mut params.p,
                &p_values,
            )
            .on_hover_text("p: processors (log scale; click the number to type)");
            g.slider(
                "alpha",
                "α",
                "Decay rate α > 0 (at least 0.001): round r has at most n·2^(−αr) tasks (eq. 1). The rail spans 0.001…64; larger α can be typed.",
                &mut params.alpha,
                &slider::Span::log(ALPHA_MIN..=f64::MAX).rail(ALPHA_MIN..=64.0),
            )
            .on_hover_text("α: decay rate (log scale; click the number to type)");
            g.slider(
                "ell",
                "ℓ",
                "Time of one load balancing ℓ ≥ 0, in the time unit of one task operation. The rail spans 0…2^64; up to 2^1000 can be typed.",
                &mut params.ell,
                &slider::Span::log(0.0..=ELL_MAX)
                    .rail(0.0..=2f64.powi(64))
                    .smallest_positive(1.0),
            )
            .on_hover_text("ℓ: load-balancing cost (log scale; click the number to type)");
            g.slider(
                "c",
                "c",
                "Constant c > 0 of \"O(p) tasks remain\": the standard policy stops at c·p tasks. The rail spans 0.01…100.",
                &mut params.c,
                &slider::Span::log(slider::above(0.0)..=f64::MAX).rail(0.01..=100.0),
            );
            g.named("Policy", "never: balance once before round 0 · standard: after every round until ≤ c·p tasks (Thm 1) · improved: the paper's phases (Thm 2) · every k rounds", "geo_policy", &mut params.policy);
            if params.policy == Policy::Every {
                g.slider(
                    "every",
                    "k",
                    "Balance every k rounds (k ≥ 1; the rail spans 1…1000).",
                    &mut params.every,
                    &slider::Span::log(1..=u64::MAX).rail(1..=1000),
                );
            }
            g.named("Decay", "deterministic: w_r = ⌈n·2^(−αr)⌉ · random: each task survives a round with probability 2^(−α)", "geo_decay", &mut params.decay);
            g.named("Survivors", "Which processors keep the surviving tasks between balancings: proportional (all alike), adversarial (the fullest keep theirs: the worst case) or random.", "geo_survivors", &mut params.survivors);
            // Random survivors allow fewer processors: p follows at once.
            params.p = p_span(params).clamp(params.p);
            g.slider(
                "",
                "seed",
                "Seed of the random decay and survivors (the rail spans 0…10^6).",
                &mut params.seed,
                &slider::Span::log(0..=u64::MAX).rail(0..=1_000_000),
            );
            g.slider(
                "ell_log2_max",
                "ℓ sweep to 2^",
                "The ℓ plots run ℓ = 2^1 … 2^k.",
                &mut params.ell_log2_max,
                &slider::Span::log(1..=ELL_LOG2_LIMIT),
            );
            g.slider(
                "seeds",
                "seeds",
                "Runs in the seed spread (random decay).",
                &mut params.seeds,
                &slider::Span::log(1..=SEEDS_MAX),
            );
        });
        about_section(ui, crate::ui::help::GEODECAY, |_| {});
    }
    fn picture(&mut self, ui: &mut Ui, params: &mut GeoParams) {
        let params = &*params;
        ui.horizontal(|ui| {
            ui.heading("Rounds");
            ui.checkbox(&mut self.view.timeline_log, "log loads")
                .on_hover_text("Logarithmic (base 2) load axis");
        });
        let Some(ev) = run_or_reason(ui, &self.error, &self.evaluated, params, "simulating…")
        else {
            return;
        };
        let o = &ev.selected;
        // Every round, then the end state.
        let n_steps = o.trace.len() + 1;
        self.view.step.clamp(n_steps);
        let trace = &o.trace;
        let label = |k: usize| {
            trace
                .get(k)
                .map_or("the end".to_owned(), |r| format!("round {}", r.round))
        };
        step_bar(ui, &mut self.view.step, n_steps, &label);
        let k = self.view.step.step;
        if let Some(r) = trace.get(k) {
            let phase = match (o.policy, r.phase) {
                (Policy::Improved, Some(i)) => format!(", phase {i}"),
                (Policy::Improved, None) => ", initialisation phase".into(),
                _ => String::new(),
            };
            step_caption(
                ui,
                &format!(
                    "Round {}{phase}: {} tasks{}",
                    r.round,
                    r.tasks,
                    if r.balanced_before {
                        ", balanced before the round (cost ℓ)"
                    } else {
                        ""
                    },
                ),
                Some(&format!(
                    "Per processor max {} / mean {} / min {} — time so far {}",
                    r.max,
                    fmt(r.mean),
                    r.min,
                    fmt(r.time_after)
                )),
            );
        } else {
            step_caption(
                ui,
                &format!(
                    "Done after round {}: every task ran, total time T = {}",
                    trace.last().map_or(0, |r| r.round),
                    fmt(o.time)
                ),
                Some(&format!(
                    "{} rounds, {} balancing(s) costing ℓ each{}",
                    o.rounds,
                    o.balancings,
                    if o.truncated {
                        " — ⚠ run stopped at the round cap"
                    } else {
                        ""
                    }
                )),
            );
        }
        let log = self.view.timeline_log;
        let y = |v: f64| if log { (v.max(0.5)).log2() } else { v };
        // Hide the future: the rounds after the current one wait (the first k + 1 points).
        let reveal = crate::ui::reveal::Reveal::of(ui.ctx()).at(k, n_steps);
        let trace = if reveal.hiding() {
            &trace[..(k + 1).min(trace.len())]
        } else {
            &trace[..]
        };
        let xs: Vec<f64> = trace.iter().map(|r| r.round as f64).collect();
        let maxs: Vec<f64> = trace.iter().map(|r| y(r.max as f64)).collect();
        let mins: Vec<f64> = trace.iter().map(|r| y(r.min as f64)).collect();
        let means: Vec<[f64; 2]> = trace.iter().map(|r| [r.round as f64, y(r.mean)]).collect();
        let color = policy_color(o.policy);
        let dark = ui.visuals().dark_mode;
        let loads = if log {
            "lg(tasks per processor)"
        } else {
            "tasks per processor"
        };
        // The legend goes above the chart: the phases' shading and labels span its whole
        // height, so every corner of it hides something (phase 3's label, before).
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
                "phases (shaded in turn)",
            ));
        }
        legend_row(ui, &entries);
        // While the future is hidden the axes keep room around the rounds shown so far (one
        // point would otherwise fill the whole plot).
        let mut timeline = egui_plot::Plot::new("geo_timeline");
        if reveal.hiding() {
            let now = xs.last().copied().unwrap_or(0.0);
            timeline = timeline.include_x(-0.5).include_x(now + 1.5).include_y(0.0);
        }
        timeline
            .x_axis_label("round r")
            .y_axis_label(loads)
            .label_formatter(move |pos: &HoverPosition<'_>| {
                let (name, p) = hovered(pos);
                let v = if log { 2f64.powf(p.y) } else { p.y };
                Some(format!("{name}\nround {:.0}: {}", p.x, fmt(v)))
            })
            .show(ui, |plot| {
                for ph in o
                    .phases
                    .iter()
                    // Phases that began by the current round (all when nothing is hidden).
                    .filter(|ph| xs.last().is_some_and(|&x| ph.start_round as f64 <= x))
                {
                    let shown_end = xs.last().copied().unwrap_or(0.0) + 0.5;
                    let end = ph
                        .rounds
                        .map_or(shown_end, |t| ph.start_round as f64 + t as f64 - 0.5);
                    // A phase's length is the future until it has run.
                    let end = if reveal.hiding() {
                        end.min(shown_end)
                    } else {
                        end
                    };
                    let shade = if ph.index % 2 == 0 { 40 } else { 20 };
                    plot.span(
                        Span::new(
                            format!("phase {}", ph.index),
                            ph.start_round as f64 - 0.5..=end,
                        )
                        .fill(if dark {
                            Color32::from_white_alpha(shade / 2)
                        } else {
                            Color32::from_black_alpha(shade / 2)
                        }),
                    );
                }
                if !xs.is_empty() {
                    plot.add(
                        FilledArea::new("max…min band", &xs, &mins, &maxs)
                            .fill_color(color.gamma_multiply(0.35)),
                    );
                }
                plot.line(
                    Line::new(
                        "max",
                        maxs.iter()
                            .zip(&xs)
                            .map(|(&m, &x)| [x, m])
                            .collect::<Vec<_>>(),
                    )
                    .color(color),
                );
                plot.line(
                    Line::new("mean", means)
                        .color(color)
                        .style(LineStyle::dashed_dense()),
                );
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
            });
    }
    fn plots(&mut self, ui: &mut Ui, params: &mut GeoParams) {
        let params = &*params;
        let busy = self.ell.is_running() || self.p_sweep.is_running();
        plot_header(ui, busy, |ui| {
            let combo = egui::ComboBox::from_id_salt("geo_plot");
            let hover = |p| (p == GeoPlot::OverheadVsIdeal).then_some(BEYOND_IDEAL);
            choice_in(
                ui,
                combo,
                &mut self.view.plot,
                GeoPlot::ALL,
                GeoPlot::caption,
                hover,
            )
        });
        if self.error.of(params).is_some() {
            nothing_plotted(ui);
            return;
        }
        let mut plot = match self.view.plot {
            GeoPlot::TimeVsP => self.p_plot(params),
            _ => self.ell_plot(params),
        };
        // Hide the future: this instance's point is the answer.
        crate::ui::reveal::cut_at_marker(&mut plot, crate::ui::reveal::Reveal::of(ui.ctx()));
        let h = if params.decay == Decay::Random {
            (ui.available_height() * 0.5).max(220.0)
        } else {
            ui.available_height().max(220.0)
        };
        ui.allocate_ui(egui::vec2(ui.available_width(), h), |ui| {
            compare_plot(ui, "geo_sweep_plot", &plot, &mut self.view.plot_view);
        });
        if params.decay == Decay::Random {
            ui.separator();
            ui.strong(format!(
                "Spread of the total time over {} seeds",
                params.seeds
            ));
            match self.spread.current() {
                Some(s) => {
                    let rows: Vec<Vec<String>> = s
                        .iter()
                        .map(|x| {
                            vec![
                                x.policy.name().into(),
                                fmt(x.min),
                                fmt(x.median),
                                fmt(x.mean),
                                fmt(x.max),
                            ]
                        })
                        .collect();
                    result_table(
                        ui,
                        "geo_spread",
                        &["policy", "min", "median", "mean", "max"],
                        &rows,
                    );
                    // The empirical distribution: each policy's times sorted, against the
                    // fraction of seeds at or below them.
                    let series = s
                        .iter()
                        .flat_map(|x| {
                            let pts = cumulative(x.times.clone());
                            Series::points_and_line(x.policy.name(), pts, policy_color(x.policy))
                        })
                        .collect();
                    let plot = ComparePlot {
                        title: "fraction of seeds with total time ≤ T".into(),
                        x_label: "total time T".into(),
                        y_label: "fraction of seeds".into(),
                        series,
                        x_marker: None,
                    };
                    compare_plot(ui, "geo_spread_plot", &plot, &mut self.view.spread_view);
                }
                None => {
                    ui.spinner();
                }
            }
        }
    }
    fn pseudocode(&self, params: &GeoParams) -> Option<crate::ui::widgets::pseudocode::PseudoStep> {
        use crate::model::explain;
        let o = &self.current(params)?.selected;
        let id = explain::geodecay_id(o.policy);
        let e = explain::geodecay(o, self.view.step.step, params.ell, params.every).unwrap_or_else(
            || explain::Explained {
                active: vec![(
                    id,
                    match o.policy {
                        Policy::Improved => "final",
                        Policy::Standard => "stop",
                        _ => "end",
                    },
                )],
                why: format!(
                    "Done after {} rounds: T = {} with {} balancing(s) of cost ℓ = {}",
                    o.rounds,
                    crate::ui::widgets::format_value(o.time),
                    o.balancings,
                    crate::ui::widgets::format_value(params.ell)
                ),
            },
        );
        Some(crate::ui::widgets::pseudocode::PseudoStep::explained(
            vec![id],
            e,
        ))
    }
    fn numbers(&mut self, ui: &mut Ui, params: &mut GeoParams) {
        let params = &*params;
        ui.heading("Numbers");
        let Some(ev) = self.evaluated.for_key(params) else {
            return;
        };
        let o = &ev.selected;
        ui.label(format!(
            "lg ℓ = {}   ·   lg(n/p) = {}   ·   lg* ℓ = {}   ·   standard policy's estimate lg(n/(c·p))/α = {}{}",
            o.lg_ell.map_or("undefined".into(), fmt),
            fmt(o.lg_n_over_p),
            o.lg_star_ell,
            fmt(standard_balancings_estimate(params.n, params.p, params.alpha, params.c)),
            if o.truncated { "   ·   ⚠ run stopped at the round cap" } else { "" }
        ));
        let mut header = vec!["policy"];
        header.extend(COMPARISON_FIGURES);
        // Hide the future: the totals are the end of the run.
        let reveal = crate::ui::reveal::Reveal::of(ui.ctx());
        let rows: Vec<Vec<String>> = ev
            .all
            .iter()
            .map(|x| {
                let name = policy_label(params, x.policy);
                vec![
                    if x.policy == params.policy {
                        format!("▶ {name}")
                    } else {
                        name
                    },
                    reveal.answer(fmt(x.time)),
                    reveal.answer(x.balancings.to_string()),
                    reveal.answer(x.balancings_init.to_string()),
                    reveal.answer(x.balancings_phases.to_string()),
                    reveal.answer(x.rounds.to_string()),
                    fmt(x.brent),
                    reveal.answer(fmt(x.overhead_additive)),
                    reveal.answer(x.overhead.map_or("undefined (ℓ = 0)".into(), fmt)),
                    x.ideal_work.to_string(),
                    reveal.answer(
                        beyond_ideal(x.time, x.ideal_work, params.ell)
                            .map_or("undefined (ℓ = 0)".into(), fmt),
                    ),
                ]
            })
            .collect();
        result_table(ui, "geo_numbers", &header, &rows);
    }
}

impl GeodecayPanel {
    fn current<'a>(&'a self, params: &GeoParams) -> Option<&'a Evaluated> {
        self.evaluated.for_key(params)
    }

    fn ell_plot(&self, params: &GeoParams) -> ComparePlot {
        let mut series = Vec::new();
        let pts: &[EllPoint] = self.ell.current().map_or(&[], |p| p.as_slice());
        let balancings = self.view.plot == GeoPlot::Balancings;
        let vs_ideal = self.view.plot == GeoPlot::OverheadVsIdeal;
        // The balanced ideal does not depend on ℓ (deterministic decay: the same for every
        // policy); take it from the current evaluation.
        let ideal = self.current(params).map(|e| e.selected.ideal_work as f64);
        for (i, pol) in Policy::MAIN.into_iter().enumerate() {
            let data: Vec<[f64; 2]> = pts
                .iter()
                .filter_map(|p| {
                    let v = p.values.get(i)?;
                    let y = if balancings {
                        v.balancings as f64
                    } else if vs_ideal {
                        (v.time - ideal?) / p.ell
                    } else {
                        v.overhead?
                    };
                    Some([p.log2_ell as f64, y])
                })
                .collect();
            series.extend(Series::points_and_line(pol.name(), data, policy_color(pol)));
        }
        let refs = |f: &dyn Fn(&EllPoint) -> f64| -> Vec<[f64; 2]> {
            pts.iter().map(|p| [p.log2_ell as f64, f(p)]).collect()
        };
        series.push(Series {
            name: "lg ℓ".into(),
            points: refs(&|p| p.log2_ell as f64),
            style: SeriesStyle::DashedLine,
            color: Some(palette::BASELINE.gamma_multiply(0.6)),
        });
        series.push(Series {
            name: "lg* ℓ".into(),
            points: refs(&|p| p.lg_star_ell as f64),
            style: SeriesStyle::DashedLine,
            color: Some(palette::SIMULATED.gamma_multiply(0.6)),
        });
        if balancings {
            let est = standard_balancings_estimate(params.n, params.p, params.alpha, params.c);
            series.push(Series {
                name: "lg(n/(c·p))/α".into(),
                points: refs(&|_| est),
                style: SeriesStyle::DashedLine,
                color: Some(palette::REFERENCE),
            });
        }
        ComparePlot {
            title: format!(
                "{} vs lg ℓ (n = {}, p = {}, α = {}, {} survivors)",
                if balancings {
                    "balancings"
                } else if vs_ideal {
                    "(T − Σ⌈w_r/p⌉)/ℓ"
                } else {
                    "overhead T/ℓ"
                },
                params.n,
                params.p,
                params.alpha,
                params.survivors.name()
            ),
            x_label: "lg ℓ".into(),
            y_label: if balancings {
                "balancings".into()
            } else if vs_ideal {
                "(T − ideal)/ℓ".into()
            } else {
                "T/ℓ".into()
            },
            series,
            x_marker: (params.ell > 0.0).then(|| params.ell.log2()),
        }
    }

    fn p_plot(&self, params: &GeoParams) -> ComparePlot {
        let pts: &[PPoint] = self.p_sweep.current().map_or(&[], |p| p.as_slice());
        let mut series = Vec::new();
        for (i, pol) in Policy::MAIN.into_iter().enumerate() {
            let data: Vec<[f64; 2]> = pts
                .iter()
                .filter_map(|p| Some([p.p as f64, p.values.get(i)?.time]))
                .collect();
            series.extend(Series::points_and_line(pol.name(), data, policy_color(pol)));
        }
        let rounds = self.current(params).map(|e| e.selected.rounds as f64);
        if let Some(r) = rounds {
            series.push(Series {
                name: "Brent n/p + rounds".into(),
                points: pts
                    .iter()
                    .map(|p| [p.p as f64, params.n as f64 / p.p as f64 + r])
                    .collect(),
                style: SeriesStyle::DashedLine,
                color: Some(palette::REFERENCE),
            });
        }
        ComparePlot {
            title: format!(
                "total time vs p (n = {}, ℓ = {})",
                params.n,
                fmt(params.ell)
            ),
            x_label: "p".into(),
            y_label: "time".into(),
            series,
            x_marker: Some(params.p as f64),
        }
    }
}

// What the view's tabs and combo boxes offer, with their captions.
choices! {
    /// Which sweep plot the right column shows.
    pub enum GeoPlot {
        /// Overhead T/ℓ against ℓ, with lg ℓ and lg* ℓ.
        Overhead = "overhead T/ℓ vs lg ℓ",
        /// (T − Σ⌈w_r/p⌉)/ℓ against ℓ: the overhead beyond a perfectly balanced run with free
        /// balancing (Brent's n/p leaves out the geometric tail of the work).
        OverheadVsIdeal = "overhead beyond balanced ideal vs lg ℓ",
        /// Number of balancings against ℓ.
        Balancings = "balancings vs lg ℓ",
        /// Total time against p.
        TimeVsP = "total time vs p",
    }
}
