//! Workspace of the tree-sweep model (Gao, Rosenberg & Sitaraman): controls, the tree with its
//! clusters and processor 0's timeline stepped node by node, the Fig. 2 family of plots, and
//! the numbers (T*, T_PY, baselines, processors, exhaustive check).

use egui::{Color32, RichText, Ui};
use serde::{Deserialize, Serialize};

use crate::jobs::Keyed;
use crate::model::treesweep::derived::{PER_HEIGHT_COLUMNS, per_height};
use crate::model::treesweep::params::{N_MAX, TAU_MAX};
use crate::model::treesweep::{
    self, Direction, Rule, Schedule, Series as TauSeries, Solution, SweepPoint, TreeSweepParams,
    Valid, exhaustive, log_taus, optimal_schedule, py_schedule_for, sweep_n, sweep_tau,
};
use crate::ui::reveal::{Reveal, cut_bars};
use crate::ui::widgets::compare_plot::{ComparePlot, PlotView, Series, SeriesStyle, compare_plot};
use crate::ui::widgets::form::{about_section, choices, combo, param_grid, plot_header};
use crate::ui::widgets::format_value as fmt;
use crate::ui::widgets::gantt::{BarKind, GanttBar, GanttData, GanttView, gantt};
use crate::ui::widgets::palette;
use crate::ui::widgets::pseudocode::set_picture_hover;
use crate::ui::widgets::result_table::result_table;
use crate::ui::widgets::slider::{Span, above};
use crate::ui::widgets::step_bar::{StepState, step_bar, step_caption};
use crate::ui::widgets::tree::{MAX_HEIGHT, NodeStyle, TreeDrawing, tree};
use crate::ui::workspace::{
    Checked, Regions, Workspace, jobs, nothing_plotted, nothing_runs, repainter, view_accessors,
};

/// The τ values of the paper's Fig. 2.
pub const FIG2_TAUS: [f64; 4] = [128.0, 256.0, 512.0, 1000.0];
/// Processor-0 nodes recorded for stepping.
const MAX_TRACE: usize = 4096;

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

/// View state (persisted).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct TreeSweepView {
    /// Which schedule is drawn and stepped.
    pub shown: Shown,
    /// Step bar over processor 0's nodes.
    pub step: StepState,
    /// Processor 0's timeline zoom.
    pub gantt: GanttView,
    /// Which plot.
    pub plot: TsPlot,
    /// Axes.
    pub plot_view: PlotView,
    /// Last n of the n plots (the paper stopped at 40).
    pub n_max: u32,
}

impl Default for TreeSweepView {
    fn default() -> Self {
        TreeSweepView {
            shown: Shown::FineGrain,
            step: StepState::default(),
            gantt: GanttView::default(),
            plot: TsPlot::Fig2,
            plot_view: PlotView::default(),
            n_max: 40,
        }
    }
}

/// What one parameter set evaluates to (all fast; the exhaustive check runs as a job).
struct Evaluated {
    params: TreeSweepParams,
    sol: Solution,
    /// Materialised schedules (n ≤ the tree widget's limit).
    fg: Option<Schedule>,
    py: Option<Schedule>,
}

/// The workspace.
#[derive(Default)]
pub struct TreeSweepPanel {
    /// Persisted view state.
    pub view: TreeSweepView,
    evaluated: Option<Evaluated>,
    error: Checked<TreeSweepParams>,
    /// Exhaustive optimum for (n, τ bits).
    exhaustive: Keyed<(u32, u64), Option<f64>>,
    /// The n plots' series for (n_max, τ bits).
    n_series: Keyed<(u32, u64), Vec<TauSeries>>,
    /// The τ plot for (n, direction).
    tau_points: Keyed<(u32, Direction), Vec<SweepPoint>>,
}

impl Workspace for TreeSweepPanel {
    type Params = TreeSweepParams;
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
    fn steps(&self, _params: &TreeSweepParams) -> usize {
        self.step_list().len().max(1)
    }
    jobs!(n_series, tau_points, exhaustive);
    const REGIONS: Regions = Regions {
        numbers: (210.0, 160.0),
        scroll_picture: true,
        ..Regions::DEFAULT
    };

    fn prepare(&mut self, ctx: &egui::Context, params: &TreeSweepParams) {
        if let Some(v) = self.evaluate(params) {
            self.request(ctx, &v);
        }
    }
    fn controls(&mut self, ui: &mut Ui, params: &mut TreeSweepParams) {
        ui.heading("Instance");
        param_grid(ui, "ts_params", self.error.of(params), |g| {
            g.slider(
                "n",
                "n",
                "Height n of the complete binary tree T_n (2^n − 1 nodes, leaves at height 1), 1 to 1000.",
                &mut params.n,
                &Span::log(1..=N_MAX),
            )
            .on_hover_text("n: tree height (log scale; click the number to type)");
            g.slider(
                "tau",
                "τ",
                "Communication delay τ > 1: an edge between nodes on different processors costs τ; a node executes in time 1 (fine-grain model). The rail spans 1.01…10^6; any τ in (1, 10^9] can be typed.",
                &mut params.tau,
                &Span::log(above(1.0)..=TAU_MAX).rail(1.01..=1e6),
            )
            .on_hover_text("τ: communication delay (log scale; click the number to type)");
            g.named("Direction", "Up-sweep: leaves first. Down-sweep: the up-sweep schedule run backwards (same makespan).", "ts_direction", &mut params.direction);
            g.slider(
                "",
                "Plots: n up to",
                "The n plots run n = 1..this (the paper stopped at 40).",
                &mut self.view.n_max,
                &Span::log(2..=N_MAX as u32),
            );
        });
        about_section(ui, crate::ui::help::TREESWEEP, |_| {});
    }
    fn picture(&mut self, ui: &mut Ui, params: &mut TreeSweepParams) {
        let params = &*params;
        let switched = ui
            .horizontal(|ui| {
                ui.heading("Schedule");
                let fg = ui
                    .selectable_value(
                        &mut self.view.shown,
                        Shown::FineGrain,
                        "Fine-Grain (optimal)",
                    )
                    .on_hover_text("Algorithm Fine-Grain, Section 3.1");
                let py = ui
                    .selectable_value(&mut self.view.shown, Shown::Py, "P.Y")
                    .on_hover_text("Algorithm P.Y (Papadimitriou–Yannakakis), the 2-approximation");
                let both = ui
                    .selectable_value(&mut self.view.shown, Shown::Both, "both")
                    .on_hover_text("Fine-Grain and P.Y side by side, each node coloured by its processor (cluster), stepped together by time");
                fg.changed() || py.changed() || both.changed()
            })
            .inner;
        if switched {
            // The other schedule has other steps: start it from its first node.
            self.view.step.first();
        }
        if let Some(e) = self.error.of(params) {
            nothing_runs(ui, &e.message);
            return;
        }
        let steps = self.step_list();
        let Some(ev) = self.evaluated.as_ref().filter(|e| &e.params == params) else {
            return;
        };
        let n_steps = steps.len().max(1);
        self.view.step.clamp(n_steps);
        let label = |k: usize| {
            if k + 1 == steps.len() {
                "the end".to_owned()
            } else {
                format!("node {}", k + 1)
            }
        };
        if steps.is_empty() {
            ui.label(RichText::new(
                "P.Y's schedule is materialised for n ≤ 10 only; its makespan comes from the recurrence (see Numbers).",
            ).weak());
        } else {
            step_bar(ui, &mut self.view.step, n_steps, &label);
        }
        let k = self.view.step.step;
        if let Some((_, _, text)) = steps.get(k) {
            let (headline, detail) = text.split_once(": ").unwrap_or((text, ""));
            step_caption(ui, headline, Some(detail));
        }
        if ev.sol.trace.truncated && self.view.shown == Shown::FineGrain {
            ui.label(
                RichText::new(format!(
                    "(stepping shows the first {MAX_TRACE} nodes of processor 0)"
                ))
                .weak(),
            );
        }
        if self.view.shown == Shown::Both {
            let t = steps.get(k).map_or(f64::INFINITY, |x| x.1);
            let reveal = Reveal::of(ui.ctx()).at(k, n_steps);
            let hide = reveal.hiding();
            match (&ev.fg, &ev.py) {
                (Some(fg), Some(py)) => ui.columns(2, |cols| {
                    cluster_tree(
                        &mut cols[0],
                        fg,
                        &format!(
                            "Fine-Grain (optimal): T* = {}",
                            reveal.answer(fmt(ev.sol.t_star))
                        ),
                        t,
                        hide,
                    );
                    cluster_tree(
                        &mut cols[1],
                        py,
                        &format!("P.Y: T_PY = {}", reveal.answer(fmt(ev.sol.t_py))),
                        t,
                        hide,
                    );
                }),
                _ => {
                    ui.label(
                        RichText::new(format!(
                            "The two trees are drawn side by side for n ≤ {MAX_HEIGHT}: T* = {}, T_PY = {} (see Numbers).",
                            fmt(ev.sol.t_star),
                            fmt(ev.sol.t_py)
                        ))
                        .weak(),
                    );
                }
            }
            return;
        }
        let schedule = match self.view.shown {
            Shown::FineGrain => ev.fg.as_ref(),
            Shown::Py | Shown::Both => ev.py.as_ref(),
        };
        let dark = ui.visuals().dark_mode;
        let p0 = palette::SIMULATED;
        let p0_later = if dark {
            Color32::from_rgb(40, 70, 120)
        } else {
            Color32::from_rgb(170, 200, 240)
        };
        let boundary = Color32::from_rgb(230, 140, 30);
        let external = if dark {
            Color32::from_rgb(90, 150, 90)
        } else {
            Color32::from_rgb(120, 190, 120)
        };
        if let Some(s) = schedule {
            let n = s.n;
            let done_until = steps.get(k).map_or(f64::INFINITY, |x| x.1);
            let current = steps.get(k).and_then(|x| x.0);
            let boundary_nodes: std::collections::HashSet<usize> = match self.view.shown {
                Shown::FineGrain => ev
                    .sol
                    .trace
                    .steps
                    .iter()
                    .filter(|t| t.rule == Rule::Boundary)
                    .filter_map(|t| t.heap.and_then(|h| usize::try_from(h).ok()))
                    .collect(),
                Shown::Py | Shown::Both => Default::default(),
            };
            // Hide the future: nodes that start after the current step are not drawn yet.
            let reveal = Reveal::of(ui.ctx()).at(k, n_steps);
            let mut nodes = vec![NodeStyle::BLANK; s.processor.len()];
            for (kk, node) in nodes.iter_mut().enumerate().skip(1) {
                if reveal.hiding() && s.start[kk] > done_until + 1e-9 {
                    continue;
                }
                let on0 = s.processor[kk] == 0;
                let fill = if on0 {
                    if boundary_nodes.contains(&kk) {
                        boundary
                    } else if s.start[kk] <= done_until {
                        p0
                    } else {
                        p0_later
                    }
                } else {
                    external
                };
                *node = NodeStyle {
                    fill,
                    label: fmt(s.start[kk]),
                    highlight: Some(kk) == current,
                    tooltip: format!(
                        "node {kk} (height {}), processor {}, starts at {}{}",
                        n - (usize::BITS - 1 - kk.leading_zeros()),
                        s.processor[kk],
                        fmt(s.start[kk]),
                        if boundary_nodes.contains(&kk) {
                            " — boundary node"
                        } else {
                            ""
                        }
                    ),
                };
            }
            let drawing = TreeDrawing {
                height: n,
                nodes,
                legend: vec![
                    (p0, "processor 0 (top cluster), done".into()),
                    (p0_later, "processor 0, later".into()),
                    (boundary, "boundary node".into()),
                    (external, "external subtrees (other processors)".into()),
                ],
            };
            let h = (ui.available_height() * 0.55).clamp(160.0, 420.0);
            // The node under the pointer: the line that scheduled it lights up in the pane.
            let shown = self.view.shown;
            let node_line = |kk: usize| -> (&'static str, &'static str) {
                if shown != Shown::FineGrain {
                    return ("py", if s.processor[kk] == 0 { "2" } else { "3" });
                }
                let rule = ev
                    .sol
                    .trace
                    .steps
                    .iter()
                    .find(|t| t.heap == Some(kk as u128))
                    .map(|t| t.rule);
                let step = match rule {
                    Some(Rule::Base) => "1.1",
                    Some(Rule::Internal) => "1.2(a)",
                    Some(Rule::Boundary) => "(4)",
                    None if s.processor[kk] == 0 => "1",
                    None => "2",
                };
                ("fine-grain", step)
            };
            if let Some(kk) = tree(ui, &drawing, h).filter(|&kk| kk < s.processor.len()) {
                let (alg, step) = node_line(kk);
                set_picture_hover(ui.ctx(), Some(alg), step);
            }
            // Processor 0's timeline.
            let mut bars = Vec::new();
            let mut on0: Vec<usize> = (1..s.processor.len())
                .filter(|&kk| s.processor[kk] == 0)
                .collect();
            on0.sort_by(|&a, &b| s.start[a].total_cmp(&s.start[b]));
            let mut prev_end = 0.0;
            for &kk in &on0 {
                if s.start[kk] > prev_end + 1e-9 {
                    bars.push(GanttBar {
                        row: 0,
                        start: prev_end,
                        end: s.start[kk],
                        kind: BarKind::Idle,
                        tooltip: "idle: waiting for an input".into(),
                        color: None,
                        line: None,
                    });
                }
                bars.push(GanttBar {
                    line: Some(node_line(kk)),
                    row: 0,
                    start: s.start[kk],
                    end: s.start[kk] + 1.0,
                    kind: BarKind::Compute,
                    tooltip: format!(
                        "node {kk}{}",
                        if boundary_nodes.contains(&kk) {
                            " (boundary)"
                        } else {
                            ""
                        }
                    ),
                    color: None,
                });
                prev_end = s.start[kk] + 1.0;
            }
            // Inputs from other processors arrive τ after their producers finish.
            for &kk in &on0 {
                for c in [2 * kk, 2 * kk + 1] {
                    if c < s.processor.len() && s.processor[c] != 0 {
                        let ready = s.start[c] + 1.0 + s.tau;
                        bars.push(GanttBar {
                            row: 1,
                            start: s.start[c] + 1.0,
                            end: ready,
                            kind: BarKind::Receive,
                            tooltip: format!("input of node {kk} from node {c} (processor {}) in transit, ready at {}", s.processor[c], fmt(ready)),
                            color: None,
                            line: Some(node_line(c)),
                        });
                    }
                }
            }
            let data = GanttData {
                rows: vec!["processor 0".into(), "inputs to it".into()],
                // Hide the future: what starts after the current node waits.
                bars: cut_bars(bars, reveal.x_limit(done_until + 1.0)),
                time_label: "time".into(),
                legend: Vec::new(),
                extent: (!reveal.hiding()).then_some((0.0, s.makespan())),
            };
            ui.add_space(4.0);
            ui.strong("Processor 0's timeline");
            let cursor = steps.get(k).map(|x| x.1);
            gantt(ui, "ts_gantt", &data, &mut self.view.gantt, cursor);
        } else {
            // Too large to draw: a per-height summary of the top cluster.
            ui.label(
                RichText::new(format!(
                    "T_{} has 2^{} − 1 nodes: too many to draw; the top cluster per height:",
                    ev.sol.n, ev.sol.n
                ))
                .weak(),
            );
            let top = ev.sol.fine_grain.n as usize;
            let rows: Vec<Vec<String>> = per_height(&ev.sol.fine_grain)
                .filter(|h| h.on_boundary() || h.height == top)
                .take(60)
                .map(|h| {
                    vec![
                        h.height.to_string(),
                        h.boundary.to_string(),
                        h.external.to_string(),
                        fmt(h.t_star),
                        h.cluster.to_string(),
                        h.processors.display(),
                    ]
                })
                .collect();
            result_table(ui, "ts_heights", &PER_HEIGHT_COLUMNS, &rows);
        }
    }
    fn plots(&mut self, ui: &mut Ui, params: &mut TreeSweepParams) {
        let params = &*params;
        let busy = self.n_series.is_running() || self.tau_points.is_running();
        plot_header(ui, busy, |ui| combo(ui, "ts_plot", &mut self.view.plot));
        if self.error.of(params).is_some() {
            nothing_plotted(ui);
            return;
        }
        let mut plot = if self.view.plot == TsPlot::VsTau {
            self.tau_plot(params)
        } else {
            self.n_plot(params)
        };
        // Hide the future: this instance's point is the answer.
        crate::ui::reveal::cut_at_marker(&mut plot, Reveal::of(ui.ctx()));
        compare_plot(ui, "ts_plot_view", &plot, &mut self.view.plot_view);
    }
    fn pseudocode(
        &self,
        params: &TreeSweepParams,
    ) -> Option<crate::ui::widgets::pseudocode::PseudoStep> {
        use crate::model::explain;
        use crate::ui::widgets::pseudocode::PseudoStep;
        let ev = self.evaluated.as_ref().filter(|e| &e.params == params)?;
        let k = self.view.step.step;
        let sol = &ev.sol;
        Some(match self.view.shown {
            Shown::FineGrain => match explain::fine_grain(&sol.trace.steps, k, &sol.fine_grain) {
                Some(e) => PseudoStep::explained(vec!["fine-grain"], e),
                None => PseudoStep::of(
                    "fine-grain",
                    &["1", "2"],
                    format!(
                        "Done: PE 0 ran the top cluster ({} nodes) and every external subtree ran on its own PEs as a copy of the leftmost one of its height (Step 2): T*({}) = {}",
                        sol.top_cluster_size,
                        sol.n,
                        fmt(sol.t_star)
                    ),
                ),
            },
            Shown::Both => {
                let steps = self.step_list();
                let why = steps.get(k).map_or(String::new(), |x| x.2.clone());
                PseudoStep {
                    algorithms: vec!["fine-grain", "py"],
                    active: Vec::new(),
                    why,
                }
            }
            Shown::Py => {
                let nodes = self.node_steps(ev).len();
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
                    let e = explain::py(k, nodes, sol.tau);
                    PseudoStep::explained(vec!["py"], e)
                } else {
                    PseudoStep::of(
                        "py",
                        &["3"],
                        format!(
                            "Done: T_PY({}) = {}, T*/T_PY = {}",
                            sol.n,
                            fmt(sol.t_py),
                            fmt(sol.t_star / sol.t_py)
                        ),
                    )
                }
            }
        })
    }
    fn numbers(&mut self, ui: &mut Ui, params: &mut TreeSweepParams) {
        let params = &*params;
        ui.heading("Numbers");
        let Some(ev) = self.evaluated.as_ref().filter(|e| &e.params == params) else {
            return;
        };
        let s = &ev.sol;
        let ex = self
            .exhaustive
            .latest_keyed()
            .filter(|(k, _)| **k == (s.n, s.tau.to_bits()))
            .map(|(_, v)| *v);
        let ex_text = match ex {
            None => "checking…".to_string(),
            Some(None) => "n > 5: too large for the exhaustive search".to_string(),
            Some(Some(x)) if (x - s.t_star).abs() <= 1e-9 * x => {
                format!("✓ optimal by exhaustive search ({})", fmt(x))
            }
            Some(Some(x)) => format!(
                "✗ exhaustive search finds {} (Fine-Grain {})",
                fmt(x),
                fmt(s.t_star)
            ),
        };
        let header = [
            "T* (Fine-Grain)",
            "T_PY (P.Y)",
            "T*/T_PY",
            "one processor 2^n − 1",
            "processor per node",
            "top cluster",
            "processors used",
        ];
        // Hide the future: the makespans are the end of the stepping.
        let reveal = Reveal::of(ui.ctx());
        let ex_text = reveal.answer(ex_text);
        let rows = vec![vec![
            reveal.answer(fmt(s.t_star)),
            reveal.answer(fmt(s.t_py)),
            reveal.answer(format!("{:.6}", s.t_star / s.t_py)),
            fmt(s.one_processor),
            fmt(s.processor_per_node),
            s.top_cluster_size.to_string(),
            s.processors.display(),
        ]];
        result_table(ui, "ts_numbers", &header, &rows);
        let color = match ex {
            Some(Some(x)) if (x - s.t_star).abs() > 1e-9 * x => ui.visuals().error_fg_color,
            Some(Some(_)) => palette::OK,
            _ => ui.visuals().weak_text_color(),
        };
        ui.label(RichText::new(format!("Exhaustive check: {ex_text}")).color(color));
    }
}

impl TreeSweepPanel {
    fn evaluate(&mut self, params: &TreeSweepParams) -> Option<Valid> {
        match self.error.check(params, TreeSweepParams::validate) {
            None => None,
            Some(v) => {
                if self.evaluated.as_ref().is_none_or(|e| &e.params != params) {
                    // Fine-Grain is O(n²) arithmetic (n = 1000: ~1 ms); schedules only up to
                    // what the tree diagram draws.
                    let small = v.height() <= MAX_HEIGHT;
                    self.evaluated = Some(Evaluated {
                        params: params.clone(),
                        sol: treesweep::solve(&v, MAX_TRACE),
                        fg: small.then(|| optimal_schedule(&v)).flatten(),
                        py: small.then(|| py_schedule_for(&v)).flatten(),
                    });
                }
                Some(v)
            }
        }
    }

    fn request(&mut self, ctx: &egui::Context, v: &Valid) {
        let notify = repainter;
        let (n, tau) = (v.height(), v.tau);
        self.exhaustive.request(
            (n, tau.to_bits()),
            "exhaustive optimum",
            notify(ctx),
            move |_| Ok(exhaustive(n, tau).map(|e| e.opt[n as usize - 1])),
        );
        let n_max = self.view.n_max.max(2);
        let mut taus = FIG2_TAUS.to_vec();
        if !taus.contains(&tau) {
            taus.push(tau);
        }
        self.n_series.request(
            (n_max, tau.to_bits()),
            format!("T* and T_PY for n = 1..{n_max}"),
            notify(ctx),
            move |p| sweep_n(n_max, &taus, p),
        );
        self.tau_points.request(
            (n, v.direction),
            format!("T* vs τ at n = {n}"),
            notify(ctx),
            // τ from 2^0.05 to 2^20, log-spaced.
            move |p| sweep_tau(n, &log_taus(0.05, 20.0, 120), p),
        );
    }

    /// The processor-0 steps of the shown schedule, (heap number or none, start, text), then
    /// the end state (no node, the makespan); empty when there is nothing to step.
    fn step_list(&self) -> Vec<(Option<usize>, f64, String)> {
        let Some(ev) = &self.evaluated else {
            return Vec::new();
        };
        let mut steps = self.node_steps(ev);
        if !steps.is_empty() {
            if self.view.shown == Shown::Both {
                let end = ev.sol.t_star.max(ev.sol.t_py);
                steps.push((
                    None,
                    end,
                    format!(
                        "Done at t = {}: Fine-Grain finished at T* = {}, P.Y at T_PY = {} (T*/T_PY = {})",
                        fmt(end),
                        fmt(ev.sol.t_star),
                        fmt(ev.sol.t_py),
                        fmt(ev.sol.t_star / ev.sol.t_py)
                    ),
                ));
                return steps;
            }
            let (name, makespan) = match self.view.shown {
                Shown::FineGrain => ("T* (Fine-Grain)", ev.sol.t_star),
                Shown::Py | Shown::Both => ("T_PY (P.Y)", ev.sol.t_py),
            };
            steps.push((
                None,
                makespan,
                format!(
                    "Done at t = {}: every node of T_{} ran, makespan {name} = {}",
                    fmt(makespan),
                    ev.sol.n,
                    fmt(makespan)
                ),
            ));
        }
        steps
    }

    /// The processor-0 nodes of the shown schedule in the order they run.
    fn node_steps(&self, ev: &Evaluated) -> Vec<(Option<usize>, f64, String)> {
        match self.view.shown {
            Shown::FineGrain => ev
                .sol
                .trace
                .steps
                .iter()
                .map(|s| {
                    let what = match s.rule {
                        Rule::Base => "Step 1.1: the leftmost leaf starts at time 0".to_string(),
                        Rule::Internal => format!(
                            "rule (a): an internal node (height {}) whose children are done",
                            s.height
                        ),
                        Rule::Boundary => format!(
                            "rule (b): a new boundary node; inequality (4) picks height {}",
                            s.picked_height.unwrap_or(s.height)
                        ),
                    };
                    let ext = match s.external_children {
                        0 => String::new(),
                        1 => ", one input from another processor".into(),
                        _ => ", both inputs from other processors".into(),
                    };
                    (
                        s.heap.and_then(|h| usize::try_from(h).ok()),
                        s.start,
                        format!(
                            "node {} of processor 0 at t = {}: {what}{ext}{}",
                            s.step + 1,
                            fmt(s.start),
                            if s.gap > 0.0 {
                                format!(" (idle {} before)", fmt(s.gap))
                            } else {
                                String::new()
                            }
                        ),
                    )
                })
                .collect(),
            Shown::Both => {
                let (Some(fg), Some(py)) = (&ev.fg, &ev.py) else {
                    return Vec::new();
                };
                // Every time at which either processor 0 starts a node, in order.
                let mut times: Vec<f64> = [fg, py]
                    .iter()
                    .flat_map(|s| {
                        (1..s.processor.len())
                            .filter(|&k| s.processor[k] == 0)
                            .map(|k| s.start[k])
                    })
                    .collect();
                times.sort_by(f64::total_cmp);
                times.dedup_by(|a, b| (*a - *b).abs() <= 1e-9);
                let at = |s: &Schedule, t: f64| {
                    (1..s.processor.len())
                        .find(|&k| s.processor[k] == 0 && (s.start[k] - t).abs() <= 1e-9)
                        .map_or("waits".to_string(), |k| format!("runs node {k}"))
                };
                times
                    .into_iter()
                    .map(|t| {
                        (
                            None,
                            t,
                            format!(
                                "t = {}: processor 0 of Fine-Grain {} · of P.Y {}",
                                fmt(t),
                                at(fg, t),
                                at(py, t)
                            ),
                        )
                    })
                    .collect()
            }
            Shown::Py => {
                let Some(s) = &ev.py else { return Vec::new() };
                let mut nodes: Vec<usize> = (1..s.processor.len())
                    .filter(|&k| s.processor[k] == 0)
                    .collect();
                nodes.sort_by(|&a, &b| s.start[a].total_cmp(&s.start[b]));
                nodes
                    .into_iter()
                    .enumerate()
                    .map(|(i, k)| {
                        (
                            Some(k),
                            s.start[k],
                            format!("node {} of processor 0 (P.Y's top cluster) at t = {}: heap node {k}", i + 1, fmt(s.start[k])),
                        )
                    })
                    .collect()
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
    }
}

mod both;
mod plots;
use both::*;
