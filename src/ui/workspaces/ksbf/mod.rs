//! Workspace of the KS-BF model (Gao & Rosenberg): controls, the ring / Gantt / tree-or-grid
//! pictures stepped one time step at a time, the makespan and work plots, and the numbers.

use crate::model::registry::ModelId;
use crate::model::words::count;
use crate::report::secrecy::future_hides;
use std::f32::consts::TAU;

use egui::{Color32, Pos2, RichText, Sense, Stroke, Ui, Vec2};
use serde::{Deserialize, Serialize};

use crate::jobs::Keyed;
use crate::model::ksbf::params::{N, P, SEED, SPAWN_PROB};
use crate::model::ksbf::{self, DISCREPANCIES, KsbfParams, LemmaCheck, NodeId};
use crate::model::{Cancelled, Progress};
use crate::report::ksbf::{Parts, Plot, Run};
use crate::ui::frame::repainter;
use crate::ui::widgets::compare_plot::{ComparePlot, PlotView, compare_plot};
use crate::ui::widgets::form::{
    about_section, choices, combo, heading_tabs, param_grid, plot_header,
};
use crate::ui::widgets::gantt::{BarKind, GanttBar, GanttData, GanttView, gantt};
use crate::ui::widgets::numbers;
use crate::ui::widgets::palette;
use crate::ui::widgets::slider::{Span, largest_accepted};
use crate::ui::widgets::step_bar::{StepState, step_bar, step_caption};
use crate::ui::widgets::tree::{NodeStyle, TreeDrawing, tree};
use crate::ui::workspace::{
    Checked, Regions, Workspace, jobs, nothing_plotted, run_or_reason, view_accessors,
};

/// View state (persisted).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct KsbfView {
    /// Step bar over time steps.
    pub step: StepState,
    /// Picture.
    pub picture: KsPicture,
    /// Gantt zoom.
    pub gantt: GanttView,
    /// Plot.
    pub plot: KsPlot,
    /// Plot axes.
    pub plot_view: PlotView,
    /// Seeds of the random-workload study.
    pub seeds: u64,
    /// Colour the tree / grid by Lemma 1.1's PE (Wgt(x) mod p, or k mod p) instead of the
    /// PE that ran each node.
    pub by_weight: bool,
}

impl Default for KsbfView {
    fn default() -> Self {
        KsbfView {
            step: StepState::default(),
            picture: KsPicture::Ring,
            gantt: GanttView::default(),
            plot: KsPlot::VsN,
            plot_view: PlotView::default(),
            seeds: ksbf::SEED_STUDY_COUNT,
            by_weight: false,
        }
    }
}

/// The run, or why the report refused it.
type Studied = super::Studied<Run>;

/// The workspace.
#[derive(Default)]
pub struct KsbfPanel {
    /// Persisted view state.
    pub view: KsbfView,
    /// The run (with its records for small instances), for the picture and the numbers.
    run: Keyed<KsbfParams, Studied>,
    error: Checked<KsbfParams>,
    /// The run with its makespan-vs-n study.
    vs_n: Keyed<KsbfParams, Studied>,
    /// The run with its makespan-vs-p study.
    vs_p: Keyed<KsbfParams, Studied>,
    /// The run with its seed study over the view's number of seeds.
    seeds: Keyed<(KsbfParams, u64), Studied>,
    /// "Your turn" on the workload.
    turn: crate::ui::exercise::Slot<KsbfParams, turn::KsbfTurn>,
}

/// A PE's colour (a fixed, distinguishable palette, cycling).
pub fn pe_color(pe: u32) -> Color32 {
    palette::category(pe as usize)
}

/// The report's run of `params` with `parts`, in a background job.
fn build(parts: Parts, params: &KsbfParams, progress: &dyn Progress) -> Result<Studied, Cancelled> {
    super::studied(parts.build(params, progress))
}

impl Workspace for KsbfPanel {
    type Params = KsbfParams;
    const HELP: &'static str = help::HELP;
    fn field_caption(params: &KsbfParams, key: &str) -> Option<String> {
        let (what, name) = match key {
            "shape" => ("workload", params.shape.name()),
            "balance" => ("balancing", params.balance.name()),
            "schedule" => ("scheduling", params.schedule.name()),
            _ => return None,
        };
        Some(format!("{what}: {name}"))
    }
    view_accessors!(KsbfView, picture: picture, plot: plot);
    fn steps(&self, params: &KsbfParams) -> usize {
        // Every time step, then the end state.
        self.run
            .ok_for(params)
            .and_then(|r| r.outcome.trace.as_ref())
            .map_or(1, |t| t.steps.len() + 1)
    }
    jobs!(run, vs_n, vs_p, seeds);
    const REGIONS: Regions = Regions {
        controls: (250.0, 210.0),
        ..Regions::DEFAULT
    };

    /// Starts the background work for `params` if it changed (latest wins): the run, then
    /// each study of the plots as its own part of the report (each within the budget).
    fn prepare(&mut self, ctx: &egui::Context, params: &KsbfParams) {
        let job = (&mut self.run, "simulating");
        let checked = self
            .error
            .evaluate(ctx, params, KsbfParams::validate, job, |v, progress| {
                build(Parts::default(), &v, progress)
            });
        if checked.is_none() {
            return;
        }
        let studies = [
            (
                &mut self.vs_n,
                "makespan vs n",
                Parts {
                    vs_n: true,
                    ..Parts::default()
                },
            ),
            (
                &mut self.vs_p,
                "makespan vs p",
                Parts {
                    vs_p: true,
                    ..Parts::default()
                },
            ),
        ];
        for (job, label, parts) in studies {
            let prm = params.clone();
            job.request(params.clone(), label, repainter(ctx), move |p| {
                build(parts, &prm, p)
            });
        }
        if params.shape.is_random() {
            let seeds = self.view.seeds.max(1);
            let parts = Parts {
                seeds: Some(seeds),
                ..Parts::default()
            };
            let prm = params.clone();
            self.seeds.request(
                (params.clone(), seeds),
                count(seeds, "seed"),
                repainter(ctx),
                move |p| build(parts, &prm, p),
            );
        }
    }
    fn controls(&mut self, ui: &mut Ui, params: &mut KsbfParams) {
        ui.heading("Instance");
        let turn = crate::ui::frame::your_turn(ui.ctx());
        param_grid(ui, "ks_params", self.error.of(params), |g| {
            g.named("Workload", "tree: complete binary tree T_n (2^n − 1 nodes) · grid: pyramidal grid G_n (C(n+1, 2) nodes) · random tree/grid (spawn probability q, seeded) · the adversarial families of Section 1.3", "ks_shape", &mut params.shape);
            // n and p bound each other (the two-row grid spans p + n + 1 levels), and n's
            // top depends on the workload: each range is what the model accepts given the
            // others, so no position of either slider is refused.
            let n_top = top_accepted(params, "n", |q, n| q.n = n);
            let n_span = if n_top <= 64 {
                Span::linear(1..=n_top)
            } else {
                Span::log(1..=n_top)
            };
            g.param(&N, &mut params.n, &n_span);
            let p_top = top_accepted(params, "p", |q, p| q.p = p);
            // "Your turn" draws a row per PE: its p slider stops where the exercise does
            // (a short drag jumped from 2 to 100, past its 16); a p already beyond keeps
            // its place, and the exercise says why it waits.
            let cap = turn && params.p <= DRAWN_P_MAX;
            let p_top = if cap { p_top.min(DRAWN_P_MAX) } else { p_top };
            g.param(&P, &mut params.p, &Span::log(1..=p_top));
            if params.shape.is_random() {
                let q = Span::of(&SPAWN_PROB).rail(0.0..=1.0);
                g.param(&SPAWN_PROB, &mut params.spawn_prob, &q);
                g.slider(
                    "",
                    "seeds",
                    "Seeds of the efficiency study (plot “efficiency over seeds”).",
                    &mut self.view.seeds,
                    &Span::log(1..=2000),
                );
            }
            let seed = Span::log(0..=u64::MAX).rail(0..=1_000_000);
            g.param(&SEED, &mut params.seed, &seed);
            g.named("Balancing", "ks: keep the left child, send the right child clockwise (the paper's) · none: keep both · random: send a seeded random child", "ks_balance", &mut params.balance);
            g.named("Scheduling", "bf: locally breadth-first (level, then left to right; the paper's) · df: depth-first", "ks_schedule", &mut params.schedule);
        });
        about_section(ui, help::HELP, |ui| {
            for d in DISCREPANCIES {
                ui.label(RichText::new(d.location).strong());
                ui.label(format!("printed: {}", d.printed));
                ui.label(format!("correct: {}", d.correct));
            }
        });
    }
    fn picture(&mut self, ui: &mut Ui, params: &mut KsbfParams) {
        let params = &*params;
        heading_tabs(ui, "Execution", &mut self.view.picture);
        let Some(run) = run_or_reason(ui, &self.error, &self.run, params, "simulating…") else {
            return;
        };
        let run = match run {
            Ok(run) => run,
            Err(reason) => return crate::ui::workspace::nothing_runs(ui, reason),
        };
        let Some(trace) = &run.outcome.trace else {
            ui.label(RichText::new(format!(
                "{} nodes: too many to step through (at most {} are recorded); the numbers and plots cover the whole run.",
                run.outcome.nodes,
                ksbf::RECORD_NODE_LIMIT
            )).weak());
            return;
        };
        // Every time step, then the end state.
        let n_steps = trace.steps.len() + 1;
        self.view.step.clamp(n_steps);
        let label = |k: usize| {
            if k < trace.steps.len() {
                format!("step {k}")
            } else {
                "the end".to_owned()
            }
        };
        step_bar(ui, &mut self.view.step, n_steps, &label);
        let k = self.view.step.step;
        step_captions(ui, params, &run.outcome, k);
        let p = params.p;
        match self.view.picture {
            KsPicture::Ring => ring(ui, p, trace.steps.get(k)),
            KsPicture::Gantt => {
                let view = &mut self.view;
                if let Some(t) = gantt_picture(ui, params, run, k, &mut view.gantt) {
                    view.step.step = (t.max(0.0) as usize).min(n_steps - 1);
                }
            }
            KsPicture::Workload => {
                lemma_row(ui, params, run.lemma.as_ref(), &mut self.view.by_weight);
                workload(ui, params, trace, k as u64, self.view.by_weight);
            }
            KsPicture::Split => {
                lemma_row(ui, params, run.lemma.as_ref(), &mut self.view.by_weight);
                let by_weight = self.view.by_weight;
                ui.columns(2, |cols| {
                    ring(&mut cols[0], p, trace.steps.get(k));
                    workload(&mut cols[1], params, trace, k as u64, by_weight);
                });
            }
        }
    }
    const EXERCISE: bool = true;
    crate::ui::workspace::exercise_slot!(KsbfParams, turn::KsbfTurn::new);
    fn plots(&mut self, ui: &mut Ui, params: &mut KsbfParams) {
        let params = &*params;
        let busy = self.vs_n.is_running() || self.vs_p.is_running() || self.seeds.is_running();
        plot_header(ui, busy, |ui| combo(ui, "ks_plot", &mut self.view.plot));
        if self.error.of(params).is_some() {
            nothing_plotted(ui);
            return;
        }
        let (job, plot, x) = match self.view.plot {
            KsPlot::VsN => (self.vs_n.current(), Plot::VsN, Some(params.n)),
            KsPlot::VsP => (self.vs_p.current(), Plot::VsP, Some(params.p)),
            KsPlot::Work => (self.run.for_key(params), Plot::Work, None),
            KsPlot::Seeds => {
                if !params.shape.is_random() {
                    ui.label(
                        "The seed study is for the random workloads (random tree / random grid).",
                    );
                    return;
                }
                (self.seeds.current(), Plot::Seeds, None)
            }
        };
        let run = match job {
            Some(Ok(run)) => run,
            Some(Err(reason)) => return crate::ui::workspace::nothing_runs(ui, reason),
            None => return,
        };
        if plot == Plot::Seeds
            && let Some(summary) = run.seed_summary()
        {
            ui.label(summary_line(&summary));
        }
        let Some(mut shown) = run.plot(plot).as_ref().and_then(ComparePlot::section) else {
            return;
        };
        shown.x_marker = x.map(f64::from);
        let over_n = self.view.plot == KsPlot::VsN;
        shown.asked_x = crate::ui::reveal::asked_x(ui.ctx(), |p: &KsbfParams| {
            x.map(|_| f64::from(if over_n { p.n } else { p.p }))
        });
        let reveal = crate::ui::reveal::Reveal::of(ui.ctx());
        if x.is_some() {
            // Hide the future: this instance's makespan is the answer.
            crate::ui::reveal::cut_at_marker(&mut shown, reveal, ui.ctx());
        } else {
            // The work per PE is the run's outcome.
            crate::ui::reveal::hide_outcome_curves(&mut shown, reveal, ModelId::Ksbf, ui.ctx());
        }
        let id = match plot {
            Plot::Work => "ks_work",
            Plot::Seeds => "ks_seed_plot",
            _ => "ks_sweep_plot",
        };
        compare_plot(ui, id, &shown, &mut self.view.plot_view);
    }
    fn pseudocode(
        &self,
        params: &KsbfParams,
    ) -> Option<crate::ui::widgets::pseudocode::PseudoStep> {
        use crate::model::explain;
        let run = self.run.ok_for(params)?;
        let trace = run.outcome.trace.as_ref()?;
        let k = self.view.step.step;
        let (b, s) = (params.balance.name(), params.schedule.name());
        let mut e = match trace.steps.get(k) {
            Some(st) => explain::ksbf(st, k, params.p, params.balance, params.schedule),
            None => explain::Explained {
                active: vec![],
                why: format!(
                    "Done: all {} ran in {} on {} (every queue empty)",
                    count(run.outcome.nodes, "node"),
                    count(run.outcome.makespan, "step"),
                    count(params.p, "PE")
                ),
            },
        };
        if k == 0 {
            e.active.insert(0, (b, "0"));
        }
        Some(crate::ui::widgets::pseudocode::PseudoStep::explained(
            vec![b, s],
            e,
        ))
    }
    fn numbers(&mut self, ui: &mut Ui, params: &mut KsbfParams) {
        ui.heading("Numbers");
        let Some(run) = self.run.ok_for(params) else {
            return;
        };
        // Hide the future: what the run only knows at its end waits for the last step.
        let outcome = future_hides(ModelId::Ksbf);
        let reveal = crate::ui::reveal::figures(ui, "ks_numbers", &run.figures(), outcome);
        if !reveal.hiding() {
            numbers::checks(ui, &run.checks());
        }
    }
}

/// "efficiency over 100 seeds: min 0.61, median …": a values section on one line.
fn summary_line(section: &crate::report::Section) -> String {
    let crate::report::Content::Values(values) = &section.content else {
        return section.name.clone();
    };
    let cell = |c| crate::report::format::cell(c, crate::report::format::Precision::Caption);
    let values: Vec<String> = values
        .iter()
        .map(|(k, v)| format!("{k} {}", cell(v)))
        .collect();
    format!("{}: {}", section.name, values.join(", "))
}

/// The largest value of the field `field` (set into a copy of `params` by `set`) that the
/// model accepts with the other parameters as they are: the top of that field's slider. A
/// value the memory limit refuses is refused under "n" whichever field made it too large.
fn top_accepted(params: &KsbfParams, field: &str, set: impl Fn(&mut KsbfParams, u32)) -> u32 {
    let accepts = |x: u64| {
        let mut q = params.clone();
        set(&mut q, x as u32);
        q.validate()
            .err()
            .is_none_or(|e| e.field != field && e.field != "n")
    };
    largest_accepted(1, u64::from(u32::MAX), accepts) as u32
}

use crate::model::exercise::ksbf::DRAWN_P_MAX;

mod drawing;
mod help;
mod turn;
use drawing::*;

// What the view's tabs and combo boxes offer, with their captions.
choices! {
    /// Which plot the right column shows.
    pub enum KsPlot {
        /// Makespan against n at fixed p.
        VsN = "makespan vs n",
        /// Makespan against p at fixed n.
        VsP = "makespan vs p",
        /// Per-PE work against the ideal share and the exact W_i.
        Work = "work per PE",
        /// Efficiency over seeds (random workloads).
        Seeds = "efficiency over seeds",
    }
}

choices! {
    /// Which picture the centre shows.
    pub enum KsPicture {
        /// PEs on a circle.
        Ring = "ring",
        /// PE × step.
        Gantt = "Gantt",
        /// The tree or grid, nodes coloured by PE.
        Workload = "tree / grid",
        /// The ring and the tree or grid side by side, both at the current step.
        Split = "ring + tree",
    }
}
