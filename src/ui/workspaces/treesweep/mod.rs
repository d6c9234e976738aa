//! Workspace of the tree-sweep model (Gao, Rosenberg & Sitaraman): controls, the tree with its
//! clusters and processor 0's timeline stepped node by node, the Fig. 2 family of plots, and
//! the numbers (T*, T_PY, baselines, processors, the checked claims). Everything it shows
//! comes from the report's run ([`crate::report::treesweep::Run`]), computed in the
//! background.

use crate::model::registry::ModelId;
use crate::model::words::noun;
use crate::report::secrecy::future_hides;
use crate::ui::frame::HIDDEN;
use egui::{RichText, Ui};
use serde::{Deserialize, Serialize};

use crate::jobs::Keyed;
use crate::model::treesweep::params::{N, TAU};
use crate::model::treesweep::{FIG2_N_MAX, TreeSweepParams};
use crate::model::{Cancelled, Progress};
use crate::report::format::{Precision, cell};
use crate::report::treesweep::{Parts, Plot, Run};
use crate::report::{Cell, Content, ReportError, SeriesSet};
use crate::ui::frame::repainter;
use crate::ui::reveal::Reveal;
use crate::ui::widgets::compare_plot::{ComparePlot, PlotView, compare_plot};
use crate::ui::widgets::error_label;
use crate::ui::widgets::form::{
    Choice, about_section, choices, combo, heading_tabs, param_grid, plot_header,
};
use crate::ui::widgets::palette;
use crate::ui::widgets::slider::{Span, above};
use crate::ui::widgets::step_bar::{StepState, step_bar, step_caption};
use crate::ui::widgets::tree::MAX_HEIGHT;
use crate::ui::workspace::{
    Checked, Regions, Workspace, jobs, nothing_plotted, nothing_runs, view_accessors,
};

mod both;
mod help;
mod picture;
mod steps;
pub mod turn;

use steps::{Step, Times, fmt, node_count, step_at, step_count};

/// Processor-0 nodes recorded for stepping (the full run's).
const MAX_TRACE: usize = crate::report::treesweep::TRACE_STEPS;

/// Which schedule the picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Shown {
    /// Algorithm Fine-Grain (optimal).
    #[default]
    FineGrain,
    /// Algorithm P.Y (the 2-approximation).
    Py,
    /// Both trees side by side, coloured by cluster, stepped together by time.
    Both,
}

impl Choice for Shown {
    const ALL: &'static [Shown] = &[Shown::FineGrain, Shown::Py, Shown::Both];
    fn caption(self) -> &'static str {
        match self {
            Shown::FineGrain => "Fine-Grain (optimal)",
            Shown::Py => "P.Y",
            Shown::Both => "both",
        }
    }
    fn hover(self) -> &'static str {
        match self {
            Shown::FineGrain => "Algorithm Fine-Grain, Section 3.1",
            Shown::Py => "Algorithm P.Y (Papadimitriou–Yannakakis), the 2-approximation",
            Shown::Both => {
                "Fine-Grain and P.Y side by side, each node coloured by its processor (cluster), \
                 stepped together by time"
            }
        }
    }
}

/// View state (persisted).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TreeSweepView {
    /// Which schedule is drawn and stepped.
    pub shown: Shown,
    /// Step bar over processor 0's nodes.
    pub step: StepState,
    /// Processor 0's timeline zoom.
    pub gantt: crate::ui::widgets::gantt::GanttView,
    /// Which plot.
    pub plot: TsPlot,
    /// Axes of the plots against n.
    pub plot_view: PlotView,
    /// Axes of the limit ρ(τ) against τ (log τ by default: τ spans decades).
    pub tau_view: PlotView,
    /// Axes of the makespans against τ: log τ and log makespan by default (one processor's
    /// 2^n − 1 is 10^12 at n = 40, where T* is 40 at τ = 1: a linear axis drew every curve
    /// but that one on zero).
    pub makespan_tau_view: PlotView,
    /// Last n of the n plots (the paper stopped at 40).
    pub n_max: u32,
}

impl Default for TreeSweepView {
    fn default() -> Self {
        TreeSweepView {
            shown: Shown::FineGrain,
            step: StepState::default(),
            gantt: Default::default(),
            plot: TsPlot::Fig2,
            plot_view: PlotView::default(),
            tau_view: PlotView {
                log_x: true,
                log_y: false,
            },
            makespan_tau_view: PlotView {
                log_x: true,
                log_y: true,
            },
            n_max: FIG2_N_MAX,
        }
    }
}

/// The report's run of one scenario, or why the report could not be built.
type Evaluated = Result<Run, ReportError>;

/// What a run depends on: the scenario and the last n of the n plots.
type RunKey = (TreeSweepParams, u32);

/// The workspace.
#[derive(Default)]
pub struct TreeSweepPanel {
    /// Persisted view state.
    pub view: TreeSweepView,
    run: Keyed<RunKey, Evaluated>,
    error: Checked<TreeSweepParams>,
    /// "Your turn" on the instance.
    turn: crate::ui::exercise::Slot<TreeSweepParams, turn::TreeTurn>,
}

/// The full run of `params` with the n plots up to `n_max`.
fn full_run(
    params: &TreeSweepParams,
    n_max: u32,
    progress: &dyn Progress,
) -> Result<Evaluated, Cancelled> {
    let parts = Parts {
        n_max,
        ..Parts::full(params)
    };
    super::uncancelled(parts.build(params, progress))
}

impl Workspace for TreeSweepPanel {
    type Params = TreeSweepParams;
    const HELP: &'static str = help::HELP;
    fn field_caption(params: &TreeSweepParams, key: &str) -> Option<String> {
        (key == "direction").then(|| params.direction.name().to_string())
    }
    view_accessors!(TreeSweepView);

    fn select(&mut self, picture: Option<&str>, plot: Option<&str>) {
        match picture {
            Some("Fine-Grain") => self.view.shown = Shown::FineGrain,
            Some("P.Y") => self.view.shown = Shown::Py,
            Some("both") => self.view.shown = Shown::Both,
            _ => {}
        }
        crate::ui::workspace::pick(&mut self.view.plot, plot);
    }
    fn steps(&self, params: &TreeSweepParams) -> usize {
        self.current(params)
            .map_or(1, |run| step_count(run, self.view.shown).max(1))
    }
    jobs!(run);
    const EXERCISE: bool = true;
    crate::ui::workspace::exercise_slot!(TreeSweepParams, turn::TreeTurn::new);
    const REGIONS: Regions = Regions {
        numbers: (210.0, 160.0),
        scroll_picture: true,
        ..Regions::DEFAULT
    };

    /// Starts the run of `params` in the background if they changed (latest wins).
    fn prepare(&mut self, ctx: &egui::Context, params: &TreeSweepParams) {
        if self
            .error
            .check(params, TreeSweepParams::validate)
            .is_none()
        {
            self.run.clear();
            return;
        }
        let n_max = self.view.n_max.max(2);
        let p = params.clone();
        self.run.request(
            (params.clone(), n_max),
            "solving the tree and its sweeps",
            repainter(ctx),
            move |progress| full_run(&p, n_max, progress),
        );
    }
    fn controls(&mut self, ui: &mut Ui, params: &mut TreeSweepParams) {
        ui.heading("Instance");
        param_grid(ui, "ts_params", self.error.of(params), |g| {
            g.param(&N, &mut params.n, &Span::of(&N));
            let (_, top) = TAU.range;
            let (lo, hi) = TAU.rail;
            g.param(
                &TAU,
                &mut params.tau,
                &Span::log(above(1.0)..=top).rail(lo..=hi),
            );
            g.named("Direction", "Up-sweep: leaves first. Down-sweep: the up-sweep schedule run backwards (same makespan).", "ts_direction", &mut params.direction);
            g.slider(
                "",
                "Plots: n up to",
                "The n plots run n = 1..this (the paper stopped at 40).",
                &mut self.view.n_max,
                &Span::log(2..=N.range.1 as u32),
            );
        });
        about_section(ui, help::HELP, |_| {});
    }
    fn picture(&mut self, ui: &mut Ui, params: &mut TreeSweepParams) {
        let params = &*params;
        if heading_tabs(ui, "Schedule", &mut self.view.shown) {
            // The other schedule has other steps: start it from its first node.
            self.view.step.first();
        }
        if let Some(e) = self.error.of(params) {
            nothing_runs(ui, &e.message);
            return;
        }
        let key = (params.clone(), self.view.n_max.max(2));
        let Some(Ok(run)) = self.run.for_key(&key) else {
            crate::ui::widgets::pending(ui, self.run.failure(), "solving");
            return;
        };
        let hidden = picture::hides_times(ui.ctx(), self.view.shown);
        let times = Times {
            hidden,
            count_hidden: hidden || crate::ui::reveal::Reveal::of(ui.ctx()).hiding(),
        };
        let shown = self.view.shown;
        let count = step_count(run, shown);
        let (k, current) = step_header(ui, &mut self.view.step, count, |k| {
            step_at(run, shown, times, k)
        });
        if run.solution.trace.truncated && self.view.shown == Shown::FineGrain {
            let text = format!("(stepping shows the first {MAX_TRACE} nodes of processor 0)");
            ui.label(RichText::new(text).weak());
        }
        if self.view.shown == Shown::Both {
            both_trees(ui, run, current.as_ref(), (k, count));
            return;
        }
        let schedule = match self.view.shown {
            Shown::FineGrain => run.schedule.as_ref(),
            Shown::Py | Shown::Both => run.py_schedule.as_ref(),
        };
        match schedule {
            Some(s) => {
                let at = picture::Stepped {
                    run,
                    shown: self.view.shown,
                    count,
                    k,
                    current,
                };
                picture::schedule(ui, &mut self.view, &at, s);
            }
            None => picture::heights(ui, run),
        }
    }
    fn plots(&mut self, ui: &mut Ui, params: &mut TreeSweepParams) {
        let params = &*params;
        let busy = self.run.is_running();
        plot_header(ui, busy, |ui| combo(ui, "ts_plot", &mut self.view.plot));
        if self.error.of(params).is_some() {
            nothing_plotted(ui);
            return;
        }
        let mut plot = self.plot(ui.ctx());
        // Hide the future: this instance's point is the answer.
        crate::ui::reveal::cut_at_marker(&mut plot, Reveal::of(ui.ctx()), ui.ctx());
        let axes = match self.view.plot {
            TsPlot::VsTau => &mut self.view.makespan_tau_view,
            TsPlot::Limit => &mut self.view.tau_view,
            _ => &mut self.view.plot_view,
        };
        compare_plot(ui, "ts_plot_view", &plot, axes);
        crate::ui::workspace::recompute(ui, &mut self.run);
    }
    fn pseudocode(
        &self,
        params: &TreeSweepParams,
    ) -> Option<crate::ui::widgets::pseudocode::PseudoStep> {
        let run = self.current(params)?;
        Some(pseudo_step(run, self.view.shown, self.view.step.step))
    }
    fn numbers(&mut self, ui: &mut Ui, params: &mut TreeSweepParams) {
        let params = &*params;
        ui.heading("Numbers");
        if let Some(e) = self.error.of(params) {
            nothing_runs(ui, &e.message);
            return;
        }
        let key = (params.clone(), self.view.n_max.max(2));
        let run = match self.run.for_key(&key) {
            None => return crate::ui::widgets::pending(ui, self.run.failure(), "solving"),
            Some(Err(e)) => {
                error_label(ui, e.to_string());
                return;
            }
            Some(Ok(run)) => run,
        };
        // Hide the future: the makespans are the end of the stepping.
        let outcome = future_hides(ModelId::TreeSweep);
        let reveal = crate::ui::reveal::figures(ui, "ts_numbers", &run.figures(), outcome);
        checks(ui, run, reveal);
    }
}

impl TreeSweepPanel {
    /// The run of `params` (with the n plots the view asks for), once computed.
    fn current(&self, params: &TreeSweepParams) -> Option<&Run> {
        let key = (params.clone(), self.view.n_max.max(2));
        self.run.ok_for(&key)
    }

    /// The report's plot the view asks for (of the latest run: the plot stays while a newer
    /// run is computed), marked at the run's instance.
    fn plot(&self, ctx: &egui::Context) -> ComparePlot {
        let which = match self.view.plot {
            TsPlot::Fig2 => Plot::Fig2,
            TsPlot::Ratio => Plot::Ratio,
            TsPlot::VsTau => Plot::VsTau,
            TsPlot::Increments => Plot::Increments,
            TsPlot::LongRatio => Plot::LongRatio,
            TsPlot::Limit => Plot::Limit,
        };
        let run = self.run.latest().and_then(|r| r.as_ref().ok());
        let section = run.and_then(|r| r.plot(which));
        let mut plot = match section.as_ref().map(|s| (&s.name, &s.content)) {
            Some((name, Content::Series(set))) => {
                ComparePlot::of(name.strip_prefix("plot: ").unwrap_or(name), set)
            }
            _ => {
                let empty = SeriesSet {
                    x: String::new(),
                    y: String::new(),
                    series: Vec::new(),
                };
                ComparePlot::of(self.view.plot.caption(), &empty)
            }
        };
        let over_tau = matches!(which, Plot::VsTau | Plot::Limit);
        plot.x_marker = run.map(|r| match over_tau {
            true => r.solution.tau,
            false => f64::from(r.solution.n),
        });
        // The question's run, when this plot's curves pass through it (a "try it" step's
        // other τ does not draw the asked τ's curve).
        plot.asked_x =
            crate::ui::reveal::asked_x(ctx, |p: &TreeSweepParams| run?.passes_through(which, p));
        plot
    }
}

/// The step bar over `count` steps (or why there is none) and the current step's caption
/// (`step_at` writes it); the current step's position and the step.
fn step_header(
    ui: &mut Ui,
    step: &mut StepState,
    count: usize,
    step_at: impl Fn(usize) -> Option<Step>,
) -> (usize, Option<Step>) {
    let n_steps = count.max(1);
    step.clamp(n_steps);
    let label = |k: usize| {
        if k + 1 == count {
            "the end".to_owned()
        } else {
            format!("node {}", k + 1)
        }
    };
    if count == 0 {
        ui.label(RichText::new(
            "P.Y's schedule is materialised for n ≤ 10 only; its makespan comes from the recurrence (see Numbers).",
        ).weak());
    } else {
        step_bar(ui, step, n_steps, &label);
    }
    let k = step.step;
    let current = step_at(k);
    if let Some((_, _, text)) = &current {
        let (headline, detail) = text.split_once(": ").unwrap_or((text, ""));
        step_caption(ui, headline, Some(detail));
    }
    (k, current)
}

/// Fine-Grain's and P.Y's trees side by side, stepped together by time.
fn both_trees(ui: &mut Ui, run: &Run, current: Option<&Step>, (k, count): (usize, usize)) {
    let t = current.map_or(f64::INFINITY, |x| x.1);
    let reveal = Reveal::of(ui.ctx()).at(k, count.max(1));
    let hide = reveal.hiding();
    let sol = &run.solution;
    let (fg_says, py_says) = (
        picture::says(ui.ctx(), Shown::FineGrain),
        picture::says(ui.ctx(), Shown::Py),
    );
    match (&run.schedule, &run.py_schedule) {
        (Some(fg), Some(py)) => ui.columns(2, |cols| {
            let title = format!(
                "Fine-Grain (optimal): T* = {}",
                reveal.answer(fmt(sol.t_star))
            );
            both::cluster_tree(&mut cols[0], fg, &title, t, hide, fg_says);
            let title = format!("P.Y: T_PY = {}", reveal.answer(fmt(sol.t_py)));
            both::cluster_tree(&mut cols[1], py, &title, t, hide, py_says);
        }),
        _ => {
            ui.label(
                RichText::new(format!(
                    "The two trees are drawn side by side for n ≤ {MAX_HEIGHT}: T* = {}, T_PY = {} (see Numbers).",
                    reveal.answer(fmt(sol.t_star)),
                    reveal.answer(fmt(sol.t_py))
                ))
                .weak(),
            );
        }
    }
}

/// The report's checked claims, one line each ("✓ claim: the numbers behind it"), or a note
/// that they wait for the end while the future is hidden, or for Reveal while a question
/// holds the run (grs step 10 said "Last » or H" under a greyed Last »).
fn checks(ui: &mut Ui, run: &Run, reveal: Reveal) {
    if reveal.hiding() {
        ui.label(RichText::new(format!("Checks: {}", reveal.until())).weak());
        return;
    }
    let section = run.checks();
    let Content::Table(table) = &section.content else {
        return;
    };
    for row in &table.rows {
        let [claim, holds, detail] = row.as_slice() else {
            continue;
        };
        let ok = *holds == Cell::Bool(true);
        let (mark, color) = if ok {
            ("✓", palette::ok_text(ui.visuals()))
        } else {
            ("✗", ui.visuals().error_fg_color)
        };
        let text = format!(
            "{mark} {}: {}",
            cell(claim, Precision::Table),
            cell(detail, Precision::Table)
        );
        // An open question's answer in a check line ("Fine-Grain 10") reads "?".
        let text = crate::ui::frame::masked(ui.ctx(), &text);
        ui.label(RichText::new(text).color(color));
    }
}

/// The pseudo-code pane at step `k` of the shown schedule.
fn pseudo_step(run: &Run, shown: Shown, k: usize) -> crate::ui::widgets::pseudocode::PseudoStep {
    use crate::model::explain;
    use crate::ui::widgets::pseudocode::PseudoStep;
    let sol = &run.solution;
    match shown {
        Shown::FineGrain => match explain::fine_grain(&sol.trace.steps, k, &sol.fine_grain) {
            // Under a question on T*, the step's times (which lead to it) read "?".
            Some(e) => {
                let hidden = steps::fine_grain_step(run, k, Times::HIDDEN).unwrap_or_default();
                PseudoStep::explained(vec!["fine-grain"], e)
                    .hiding(picture::times_key(shown), hidden)
            }
            None => {
                // PE 0 runs its top cluster one node per unit, the root last: its size and
                // T* give each other away (hidden together by the top cluster's key).
                let said = |size: String, t: String| {
                    format!(
                        "Done: PE 0 ran the top cluster ({size} {}) and every external subtree ran on its own PEs as a copy of the leftmost one of its height (Step 2): T*({}) = {t}",
                        noun(sol.top_cluster_size, "node"),
                        sol.n,
                    )
                };
                let shown = said(sol.top_cluster_size.to_string(), fmt(sol.t_star));
                let hidden = said(HIDDEN.into(), HIDDEN.into());
                PseudoStep::of("fine-grain", &["1", "2"], shown).hiding("top_cluster", hidden)
            }
        },
        Shown::Both => {
            let why = |times| step_at(run, shown, times, k).map(|x| x.2);
            let step = PseudoStep {
                algorithms: vec!["fine-grain", "py"],
                active: Vec::new(),
                why: why(Times::SHOWN).unwrap_or_default(),
                hiding: None,
            };
            // A question on either makespan hides the times of both (they run side by side).
            match why(Times::HIDDEN) {
                Some(hidden) => step.hiding(picture::times_key(shown), hidden),
                None => step,
            }
        }
        Shown::Py => {
            let nodes = node_count(run, shown);
            if nodes == 0 {
                PseudoStep::of(
                    "py",
                    &[],
                    format!(
                        "P.Y's schedule is drawn for n ≤ 10 only; its makespan T_PY({}) = {} comes from the recursion of Step 3",
                        sol.n,
                        fmt(sol.t_py)
                    ),
                )
            } else if k < nodes {
                PseudoStep::explained(vec!["py"], explain::py(k, nodes, sol.tau))
            } else {
                // T_PY and the ratio give each other and T* away: hidden together (a question
                // on any of the three hides the ratio).
                let said = |t: String, ratio: String| {
                    format!("Done: T_PY({}) = {t}, T*/T_PY = {ratio}", sol.n)
                };
                let text = said(fmt(sol.t_py), fmt(run.ratio()));
                let hidden = said(HIDDEN.into(), HIDDEN.into());
                PseudoStep::of("py", &["3"], text).hiding("ratio", hidden)
            }
        }
    }
}

// What the view's tabs and combo boxes offer, with their captions.
choices! {
    /// Which plot the right column shows.
    pub enum TsPlot {
        /// Fig. 2: T* and T_PY against n for several τ.
        Fig2 = "Fig. 2: T*, T_PY vs n",
        /// T*/T_PY against n with the 1/2 line.
        Ratio = "ratio T*/T_PY vs n",
        /// T* and T_PY against τ at the current n.
        VsTau = "T*, T_PY vs τ",
        /// T*(n) − T*(n − 1).
        Increments = "increments of T*",
        /// T*/T_PY against n up to the model's largest n, one curve per τ (grs-half).
        LongRatio = "ratio vs n up to 1000",
        /// The ratio's limit ρ(τ) against τ (grs-half).
        Limit = "limit ρ(τ) vs τ",
    }
}
