//! Workspace of the divisible-load model (Li 2011): controls, the Gantt chart of the simulated
//! timeline with a step bar, the h and β sweep plots, and the numbers.

use egui::{Color32, RichText, Ui};
use serde::{Deserialize, Serialize};

use crate::jobs::Keyed;
use crate::model::divisible::params::{BETA_MAX, BETA_MIN, SWEEP_H_MAX, max_height};
use crate::model::divisible::sweep::{self, SweepPoint};
use crate::model::divisible::theory::{self, OrderingCheck};
use crate::model::divisible::{
    Activity, AlgorithmChoice, DivisibleParams, Method, Network, Outcome, ParamError, Timeline,
    evaluate,
};
use crate::ui::reveal::{Reveal, cut_at_marker, cut_bars};
use crate::ui::widgets::compare_plot::{ComparePlot, PlotView, Series, SeriesStyle, compare_plot};
use crate::ui::widgets::form::{Choice, about_section, choice, choices, combo, param_grid};
use crate::ui::widgets::gantt::{BarKind, GanttBar, GanttData, GanttView, gantt};
use crate::ui::widgets::palette;
use crate::ui::widgets::result_table::result_table;
use crate::ui::widgets::slider::{Span, slider};
use crate::ui::widgets::step_bar::{StepState, step_bar, step_caption};
use crate::ui::widgets::{busy, error_label};
use crate::ui::workspace::{Regions, Workspace, jobs, nothing_runs, repainter, view_accessors};

/// Height the Gantt chart keeps under the network picture.
const GANTT_KEEP: f32 = 210.0;
/// Number of β values in the β sweep.
const BETA_POINTS: usize = 61;
/// What the β sliders' rails cover (any valid β can be typed).
const BETA_RAIL: std::ops::RangeInclusive<f64> = 1e-2..=1e4;

/// View state of the workspace (persisted; no model data).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct DivisibleView {
    /// Method whose timeline the Gantt chart shows.
    pub shown: Method,
    /// Step bar state.
    pub step: StepState,
    /// Gantt zoom/pan.
    pub gantt: GanttView,
    /// Draw the network with each link's transfer in the current slot.
    pub network: bool,
    /// h plot axes.
    pub h_plot: PlotView,
    /// β plot axes.
    pub beta_plot: PlotView,
    /// h plot quantity.
    pub h_quantity: Quantity,
    /// β plot quantity.
    pub beta_quantity: Quantity,
}

impl Default for DivisibleView {
    fn default() -> Self {
        DivisibleView {
            shown: Method::P,
            step: StepState::default(),
            gantt: GanttView::default(),
            network: false,
            // T_N spans β .. β/N: log y by default; β sweeps are log-spaced.
            h_plot: PlotView {
                log_x: false,
                log_y: true,
            },
            beta_plot: PlotView {
                log_x: true,
                log_y: true,
            },
            h_quantity: Quantity::Time,
            beta_quantity: Quantity::Speedup,
        }
    }
}

/// What a sweep depends on: network, b, β or h, and the range (floats by their bits).
type SweepKey = (Network, u64, u64, u64, u64);

/// The workspace: view state plus caches of model outcomes and the sweep jobs.
#[derive(Default)]
pub struct DivisiblePanel {
    /// Persisted view state.
    pub view: DivisibleView,
    outcome: Option<(DivisibleParams, Result<Outcome, ParamError>)>,
    h_sweep: Keyed<SweepKey, Vec<SweepPoint>>,
    beta_sweep: Keyed<SweepKey, Vec<SweepPoint>>,
}

/// Colour of a method in every plot and legend.
pub fn method_color(m: Method) -> Color32 {
    match m {
        Method::C => palette::BASELINE,
        Method::P => palette::SIMULATED,
        Method::Q => palette::THIRD,
    }
}

fn fmt(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else if x.abs() >= 1e6 || x.abs() < 1e-4 {
        format!("{x:.6e}")
    } else {
        format!("{x:.9}")
    }
}

fn fmt_diff(x: f64) -> String {
    if x == 0.0 {
        "0".into()
    } else {
        format!("{x:.1e}")
    }
}

fn fmt_short(x: f64) -> String {
    if x.abs() >= 1e7 || (x != 0.0 && x.abs() < 1e-3) {
        format!("{x:.4e}")
    } else {
        format!("{x:.4}")
    }
}

impl Workspace for DivisiblePanel {
    type Params = DivisibleParams;
    view_accessors!(DivisibleView);

    fn select(&mut self, picture: Option<&str>, plot: Option<&str>) {
        if let Some(m) = Method::ALL
            .into_iter()
            .find(|m| picture == Some(format!("method {}", m.name()).as_str()))
        {
            self.view.shown = m;
        }
        if let Some((quantity, over)) = plot.and_then(|p| p.split_once(" vs ")) {
            let q = if quantity == "speedup" {
                Quantity::Speedup
            } else {
                Quantity::Time
            };
            match over {
                "h" => self.view.h_quantity = q,
                _ => self.view.beta_quantity = q,
            }
        }
    }
    fn steps(&self, params: &DivisibleParams) -> usize {
        self.timeline(params).map_or(1, |t| t.steps.len() + 1)
    }
    jobs!(h_sweep, beta_sweep);
    const REGIONS: Regions = Regions {
        controls: (270.0, 220.0),
        numbers: (330.0, 260.0),
        scroll_plots: true,
        ..Regions::DEFAULT
    };

    fn prepare(&mut self, ctx: &egui::Context, params: &DivisibleParams) {
        let _ = self.outcome(params);
        self.request_sweeps(ctx, params, false);
    }
    fn controls(&mut self, ui: &mut Ui, params: &mut DivisibleParams) {
        ui.heading("Instance");
        let error = self
            .outcome
            .as_ref()
            .and_then(|(_, r)| r.as_ref().err().cloned());
        param_grid(ui, "divisible_params", error.as_ref(), |g| {
            g.row(
                "Network",
                "Complete b-ary tree (root holds the load) or pyramid (apex holds it; Li uses its spanning 4-ary tree, Section VII).",
                |ui| {
                    let all = [Network::Tree, Network::Pyramid];
                    choice(ui, "network", &mut params.network, &all, network_caption)
                },
            );
            let tree = params.network == Network::Tree;
            // N = (b^(h+1) − 1)/(b − 1) must fit in 64 bits: any b ≥ 2 does at h = 0, and h's
            // top follows b (a wider tree lowers h at once if it has to).
            let b_span = Span::log(2..=i64::MAX).rail(2..=1000);
            g.checked(
                "b",
                "b",
                "Arity b ≥ 2: every processor has b children (Section VI). The pyramid uses b = 4. The rail spans 2…1000.",
                |ui| {
                    ui.add_enabled_ui(tree, |ui| slider(ui, "b", &mut params.b, &b_span))
                        .inner
                        .on_hover_text("Arity b of the tree (log scale; click the number to type)")
                },
            );
            let h_max = max_height(params.arity().max(2) as u64) as i64;
            g.slider(
                "h",
                "h",
                "Height h ≥ 0: levels 0..h, N = (b^(h+1) − 1)/(b − 1) processors; at most what keeps N within 64 bits.",
                &mut params.h,
                &Span::linear(0..=h_max),
            )
            .on_hover_text("Height h of the tree");
            g.slider(
                "beta",
                "β",
                "Granularity β = T_cp / T_cm: time to compute a unit load over time to send it (T_cm = 1). The rail spans 10⁻²…10⁴; type any β in [10⁻⁶, 10¹²].",
                &mut params.beta,
                &Span::log(BETA_MIN..=BETA_MAX).rail(BETA_RAIL),
            )
            .on_hover_text("Granularity β (T_cp with T_cm = 1; log scale, click the number to type)");
            g.row(
                "Algorithm",
                "C: classic method (Section III). P: pipelined communications (Section IV). Q: pipelined with overlap of communication and computation (Section V).",
                |ui| {
                    let mut all = vec![AlgorithmChoice::All];
                    all.extend(Method::ALL.map(AlgorithmChoice::Only));
                    choice(ui, "algorithm", &mut params.algorithm, &all, algorithm_caption)
                },
            );
        });
        if let Ok(v) = params.validate() {
            ui.label(format!("N = {} processors", v.n));
        }
        ui.separator();
        ui.heading("Sweeps");
        param_grid(ui, "divisible_sweeps", error.as_ref(), |g| {
            g.slider(
                "sweep_h_max",
                "h up to",
                "The h plot runs h = 0..this (capped where N overflows 64 bits).",
                &mut params.sweep_h_max,
                &Span::linear(0..=SWEEP_H_MAX),
            );
            // The β sweep runs over [from, to] with from < to.
            let (lo, hi) = &mut params.sweep_beta;
            g.slider(
                "",
                "β from",
                "Lower end of the β sweep (log-spaced), below its upper end.",
                lo,
                &Span::log(BETA_MIN..=hi.next_down()).rail(BETA_RAIL),
            );
            g.slider(
                "sweep_beta",
                "β to",
                "Upper end of the β sweep, above its lower end.",
                hi,
                &Span::log(lo.next_up()..=BETA_MAX).rail(BETA_RAIL),
            );
        });
        about_section(ui, crate::ui::help::DIVISIBLE, |_| {});
    }
    fn picture(&mut self, ui: &mut Ui, params: &mut DivisibleParams) {
        let params = &*params;
        let method = self.shown_method(params);
        // Wrapped: a row running out of the picture would widen everything under it.
        ui.horizontal_wrapped(|ui| {
            ui.heading("Timeline");
            if params.algorithm == AlgorithmChoice::All {
                ui.label("show:");
                for m in Method::ALL {
                    ui.selectable_value(&mut self.view.shown, m, format!("method {}", m.name()))
                        .on_hover_text(format!(
                            "Show the simulated schedule of method {}",
                            m.name()
                        ));
                }
            }
            ui.checkbox(&mut self.view.network, "network")
                .on_hover_text("Draw the network: what each link carries and each level does in the current slot");
        });
        let Some(t) = self.timeline(params).cloned() else {
            error_label(
                ui,
                "Fix the instance (see the red message at left) to simulate.",
            );
            return;
        };
        let n_steps = t.steps.len() + 1;
        self.view.step.clamp(n_steps);
        let h = t.levels.len() - 1;
        let label = |k: usize| -> String {
            let time = Self::step_time(&t, k);
            if k == 0 {
                "t = 0: the root holds the whole load".to_string()
            } else if k == n_steps - 1 {
                format!("t = {}: all {} levels done (T_N)", fmt(time), h + 1)
            } else if method == Method::C {
                format!("t = {}: level {k} has received its fraction", fmt(time))
            } else {
                format!("t = {}: end of slot τ_{k}", fmt(time))
            }
        };
        let short = |k: usize| format!("t = {}", fmt(Self::step_time(&t, k)));
        step_bar(ui, &mut self.view.step, n_steps, &short);
        let step = self.view.step.step;
        let cursor = Self::step_time(&t, step);
        // Hide the future (the shared switch): bars only up to the cursor.
        let reveal = Reveal::of(ui.ctx()).at(step, n_steps);
        let prev = if step == 0 {
            0.0
        } else {
            Self::step_time(&t, step - 1)
        };
        // What happens in the current slot, level by level.
        let mut detail = None;
        if step > 0 {
            let mut lines = Vec::new();
            for l in 0..=h {
                let mut parts = Vec::new();
                for iv in t.intervals.iter().filter(|i| {
                    i.level == l
                        && i.start < cursor - 1e-12 * cursor
                        && i.end > prev + 1e-12 * cursor
                }) {
                    let what = match iv.activity {
                        Activity::Receive => "receives",
                        Activity::Send => "sends each child",
                        Activity::Compute => "computes",
                    };
                    // Rates are constant within an interval: report the part done in this slot.
                    let overlap = iv.end.min(cursor) - iv.start.max(prev);
                    let span = iv.end - iv.start;
                    let part = if span > 0.0 {
                        iv.amount * (overlap / span).clamp(0.0, 1.0)
                    } else {
                        iv.amount
                    };
                    parts.push(format!("{what} {}", fmt(part)));
                }
                if !parts.is_empty() {
                    lines.push(format!("level {l}: {}", parts.join(", ")));
                }
            }
            // A few levels: the rest is in the Gantt chart (hover a bar).
            let shown = lines.len().min(3);
            let mut text = lines[..shown].join("   ·   ");
            if lines.len() > shown {
                text.push_str(&format!("   · … {} more levels", lines.len() - shown));
            }
            detail = Some(format!(
                "In [{}, {}), per processor: {text}",
                fmt(prev),
                fmt(cursor)
            ));
        }
        step_caption(ui, &label(step), detail.as_deref());
        if self.view.network {
            super::divisible_network::network(ui, &t, prev, cursor, GANTT_KEEP);
        }
        let rows = t
            .levels
            .iter()
            .enumerate()
            .map(|(l, lv)| {
                format!(
                    "L{l} ×{}",
                    if lv.processors < 1e6 {
                        format!("{}", lv.processors)
                    } else {
                        format!("{:.2e}", lv.processors)
                    }
                )
            })
            .collect();
        let bars = t
            .intervals
            .iter()
            .map(|iv| {
                let (kind, what) = match iv.activity {
                    Activity::Receive => (BarKind::Receive, "receive"),
                    Activity::Send => (BarKind::Send, "send to each child"),
                    Activity::Compute => (BarKind::Compute, "compute"),
                };
                GanttBar {
                    row: iv.level,
                    start: iv.start,
                    end: iv.end,
                    kind,
                    tooltip: format!(
                        "level {} ({} processors) — {what}\namount {:.9} per processor\nfraction addressed to level {}\n[{:.9}, {:.9}]",
                        iv.level,
                        t.levels[iv.level].processors,
                        iv.amount,
                        iv.dest,
                        iv.start,
                        iv.end
                    ),
                    color: None,
                    line: Some((
                        t.method.name(),
                        crate::model::explain::divisible_line(&t, iv),
                    )),
                }
            })
            .collect();
        let data = GanttData {
            rows,
            bars: cut_bars(bars, reveal.x_limit(cursor)),
            time_label: "time (T_cm = 1)".into(),
            legend: Vec::new(),
            extent: (!reveal.hiding()).then_some((0.0, t.finish)),
        };
        if let Some(clicked) = gantt(
            ui,
            "divisible_gantt",
            &data,
            &mut self.view.gantt,
            Some(cursor),
        ) {
            // Jump to the first step at or after the clicked time.
            let k = (0..n_steps)
                .find(|&k| Self::step_time(&t, k) >= clicked)
                .unwrap_or(n_steps - 1);
            self.view.step.step = k;
            self.view.step.playing = false;
        }
    }
    fn plots(&mut self, ui: &mut Ui, params: &mut DivisibleParams) {
        let params = &*params;
        if matches!(self.outcome, Some((_, Err(_)))) {
            ui.heading("Plots");
            error_label(
                ui,
                "Nothing is plotted until the instance is valid (see the red message at left).",
            );
            return;
        }
        let mut height = None;
        for over_beta in [false, true] {
            if over_beta {
                ui.separator();
            }
            let (caption, id, hover, quantity) = if over_beta {
                let q = &mut self.view.beta_quantity;
                ("Plot of β:", "beta_quantity", "y axis of the β plot", q)
            } else {
                let q = &mut self.view.h_quantity;
                ("Plot of h:", "h_quantity", "y axis of the h plot", q)
            };
            ui.horizontal(|ui| {
                let l = ui.label(caption);
                combo(ui, id, quantity)
                    .on_hover_text(hover)
                    .labelled_by(l.id);
            });
            if !over_beta {
                ui.label(
                    RichText::new(
                        "points: simulated · lines: closed form · dashed: limit as N → ∞",
                    )
                    .small()
                    .weak(),
                );
            }
            let sweep = if over_beta {
                &self.beta_sweep
            } else {
                &self.h_sweep
            };
            if sweep.is_running() {
                busy(ui, "computing…");
            }
            let mut plot = self.sweep_plot(params, over_beta);
            // Hide the future: this instance's point (the answer) and beyond wait for the end.
            cut_at_marker(&mut plot, Reveal::of(ui.ctx()));
            let (id, view) = if over_beta {
                ("divisible_beta_plot", &mut self.view.beta_plot)
            } else {
                ("divisible_h_plot", &mut self.view.h_plot)
            };
            let height =
                *height.get_or_insert_with(|| (ui.available_height() / 2.0 - 40.0).max(200.0));
            ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
                compare_plot(ui, id, &plot, view);
            });
        }
        if self.sweeps_cancelled() && ui.button("Recompute sweeps").clicked() {
            self.request_sweeps(ui.ctx(), params, true);
        }
    }
    fn pseudocode(
        &self,
        params: &DivisibleParams,
    ) -> Option<crate::ui::widgets::pseudocode::PseudoStep> {
        let t = self.timeline(params)?;
        let e = crate::model::explain::divisible(t, self.view.step.step);
        Some(crate::ui::widgets::pseudocode::PseudoStep::explained(
            vec![t.method.name()],
            e,
        ))
    }
    fn numbers(&mut self, ui: &mut Ui, params: &mut DivisibleParams) {
        let params = &*params;
        ui.heading("Numbers");
        let Some((_, result)) = &self.outcome else {
            return;
        };
        let o = match result {
            Ok(o) => o,
            Err(e) => {
                nothing_runs(ui, &e.message);
                return;
            }
        };
        let v = o.instance;
        // Hide the future: the times and speedups are the end of the timeline.
        let reveal = Reveal::of(ui.ctx());
        if reveal.hiding() {
            ui.label(
                RichText::new("The future is hidden: times and speedups show at the last step.")
                    .weak(),
            );
        }
        ui.label(format!(
            "{} b = {}, h = {}, β = {} — N = {} processors",
            params.network.name(),
            v.b,
            v.h,
            v.beta,
            v.n
        ));
        let header = [
            "method",
            "T_N closed form",
            "T_N simulated",
            "rel. diff",
            "S_N",
            "S_∞",
            "T_∞",
            "efficiency S_N/N",
            "schedule",
        ];
        let mut rows: Vec<Vec<String>> = o
            .results
            .iter()
            .map(|r| {
                vec![
                    r.method.name().to_string(),
                    reveal.answer(fmt(r.time)),
                    reveal.answer(fmt(r.simulated_time)),
                    reveal.answer(fmt_diff(r.rel_diff)),
                    reveal.answer(fmt_short(r.speedup)),
                    fmt_short(r.asymptotic_speedup),
                    fmt(v.beta / r.asymptotic_speedup),
                    reveal.answer(format!("{}%", fmt_short(r.efficiency * 100.0))),
                    if r.timeline.valid() {
                        "✓ valid".to_string()
                    } else {
                        format!(
                            "✗ {}",
                            r.timeline
                                .checks
                                .iter()
                                .find(|c| !c.ok)
                                .map_or("", |c| c.name)
                        )
                    },
                ]
            })
            .collect();
        if let Some(c) = o.get(Method::C)
            && let Some(a) = c.appendix_time
        {
            rows.push(vec![
                "C (appendix)".into(),
                reveal.answer(fmt(a)),
                reveal.answer(fmt(c.simulated_time)),
                reveal.answer(fmt_diff((a - c.simulated_time).abs() / a)),
                reveal.answer(fmt_short(v.beta / a)),
                String::new(),
                String::new(),
                String::new(),
                "appendix closed form".into(),
            ]);
        }
        // How much faster, in per cent; equal times (h ≤ 1, rounding) read 0, never −0.
        let faster = |ratio: f64| {
            let pct = (ratio - 1.0) * 100.0;
            if pct.abs() < 1e-9 { 0.0 } else { pct }
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(reveal.answer(format!(
                "T_C / T_P = {} (P is {:.1}% faster than C)   ·   T_P / T_Q = {} (Q is {:.3}% faster than P)",
                fmt(o.ratio_c_p),
                faster(o.ratio_c_p),
                fmt(o.ratio_p_q),
                faster(o.ratio_p_q)
            )));
            ui.label("   ·   Theorem 10, T_C > T_P > T_Q (claimed for h ≥ 2):");
            let sym = o.theorem10.symbol();
            let color = match o.theorem10 {
                OrderingCheck::Violated => ui.visuals().error_fg_color,
                OrderingCheck::NotClaimed => ui.visuals().weak_text_color(),
                _ => palette::OK,
            };
            ui.label(RichText::new(sym).color(color).strong());
        });
        result_table(ui, "divisible_numbers_table", &header, &rows);
    }
}

impl DivisiblePanel {
    /// The outcome for `params`, evaluated now if the cache is stale (one evaluation simulates
    /// at most 3 × 64 levels: well under a millisecond).
    pub fn outcome(&mut self, params: &DivisibleParams) -> &Result<Outcome, ParamError> {
        let stale = self.outcome.as_ref().is_none_or(|(p, _)| p != params);
        if stale {
            self.outcome = Some((params.clone(), evaluate(params)));
        }
        &self.outcome.as_ref().expect("just set").1
    }

    /// Starts the sweeps the plots need, if their inputs changed (latest wins). After a
    /// Cancel they start again only when the inputs change or `again` is set (Recompute).
    fn request_sweeps(&mut self, ctx: &egui::Context, params: &DivisibleParams, again: bool) {
        let Ok(v) = params.validate() else { return };
        let h_max = params.sweep_h_max as u64;
        let hk = (v.network, v.b, v.beta.to_bits(), h_max, 0);
        let (lo, hi) = params.sweep_beta;
        let bk = (v.network, v.b, v.h, lo.to_bits(), hi.to_bits());
        if again {
            self.h_sweep.retry();
            self.beta_sweep.retry();
        }
        self.h_sweep.request(
            hk,
            format!("sweeping h = 0..{h_max}"),
            repainter(ctx),
            move |p| sweep::sweep_h(&v, h_max, p),
        );
        self.beta_sweep.request(
            bk,
            format!("sweeping β over [{lo}, {hi}]"),
            repainter(ctx),
            move |p| sweep::sweep_beta(&v, lo, hi, BETA_POINTS, p),
        );
    }

    /// True while the sweeps are cancelled and not yet asked for again.
    pub fn sweeps_cancelled(&self) -> bool {
        self.h_sweep.was_cancelled() || self.beta_sweep.was_cancelled()
    }

    fn shown_method(&self, params: &DivisibleParams) -> Method {
        match params.algorithm {
            AlgorithmChoice::Only(m) => m,
            AlgorithmChoice::All => self.view.shown,
        }
    }

    fn timeline<'a>(&'a self, params: &DivisibleParams) -> Option<&'a Timeline> {
        let m = self.shown_method(params);
        let (_, Ok(o)) = self.outcome.as_ref()? else {
            return None;
        };
        o.get(m).map(|r| &r.timeline)
    }

    fn step_time(t: &Timeline, step: usize) -> f64 {
        if step == 0 {
            0.0
        } else {
            t.steps.get(step - 1).copied().unwrap_or(t.finish)
        }
    }

    /// The h plot (`over_beta = false`) or the β plot: for each shown method, simulated
    /// points, the closed-form line and the N → ∞ limit (dashed), as T_N or S_N.
    fn sweep_plot(&self, params: &DivisibleParams, over_beta: bool) -> ComparePlot {
        let (q, sweep) = if over_beta {
            (self.view.beta_quantity, &self.beta_sweep)
        } else {
            (self.view.h_quantity, &self.h_sweep)
        };
        let b = params.arity().max(2) as u64;
        let conv = |t: f64, beta: f64| match q {
            Quantity::Time => t,
            Quantity::Speedup => beta / t,
        };
        let mut series = Vec::new();
        let points: &[SweepPoint] = sweep.latest().map_or(&[], |s| s.as_slice());
        for m in params.algorithm.methods() {
            let c = method_color(m);
            let curve = |f: &dyn Fn(&SweepPoint) -> f64| -> Vec<[f64; 2]> {
                points.iter().map(|p| [p.x, conv(f(p), p.beta)]).collect()
            };
            series.push(Series {
                name: format!("{} simulated", m.name()),
                points: curve(&|p| p.get(m).simulated),
                style: SeriesStyle::Points,
                color: Some(c),
            });
            series.push(Series {
                name: format!("{} closed form", m.name()),
                points: curve(&|p| p.get(m).closed),
                style: SeriesStyle::Line,
                color: Some(c),
            });
            series.push(Series {
                name: format!("{} limit N → ∞", m.name()),
                points: curve(&|p| theory::asymptotic_time(m, b, p.beta)),
                style: SeriesStyle::DashedLine,
                color: Some(c.gamma_multiply(0.7)),
            });
        }
        let what = q.caption();
        let net = params.network.name();
        let (title, x_label, marker) = if over_beta {
            (
                format!("{what} vs β ({net} b = {b}, h = {})", params.h),
                "β",
                params.beta,
            )
        } else {
            (
                format!("{what} vs h ({net} b = {b}, β = {})", params.beta),
                "h",
                params.h as f64,
            )
        };
        ComparePlot {
            title,
            x_label: x_label.into(),
            y_label: if q == Quantity::Time { "T_N" } else { "S_N" }.into(),
            series,
            x_marker: Some(marker),
        }
    }
}

// What the view's tabs and combo boxes offer, with their captions.
choices! {
    /// What the sweep plots show on the y axis.
    pub enum Quantity {
        /// Parallel processing time T_N.
        Time = "parallel time T_N",
        /// Speedup S_N = β / T_N.
        Speedup = "speedup S_N",
    }
}

/// The Network menu's caption of `n`.
pub(crate) fn network_caption(n: Network) -> &'static str {
    match n {
        Network::Tree => "complete b-ary tree",
        Network::Pyramid => "pyramid",
    }
}

/// The Algorithm menu's caption of `a`.
pub(crate) fn algorithm_caption(a: AlgorithmChoice) -> String {
    match a {
        AlgorithmChoice::All => "all three (compare)".to_string(),
        AlgorithmChoice::Only(m) => format!("{} only", m.name()),
    }
}
