//! Run result of the tree-sweep model (Gao, Rosenberg & Sitaraman): Fine-Grain's optimum
//! against P.Y, the baselines, the exhaustive check, the schedules, processor 0's steps, and
//! the n and τ sweeps of the plots (Fig. 2).

use serde_json::{Map, Value, json};

use super::{Detail, Report, ReportError, Section, Series, Stage, Table, json_f64};
use crate::model::Progress;
use crate::model::treesweep::{
    self, FIG2_N_MAX, Schedule, Series as TauSeries, Solution, SweepPoint, TreeSweepParams,
    fig2_taus, optimal_schedule, py_schedule_for, sweep_n, sweep_tau, tau_plot_values,
};

/// Largest n whose schedules the full result lists (the GUI draws trees up to this height).
pub const SCHEDULE_N_MAX: u32 = 10;
/// Processor-0 steps kept in the full result.
pub const TRACE_STEPS: usize = 4096;

/// Which optional parts to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Parts {
    /// Fine-Grain's schedule, node by node (when the tree is small enough to materialise).
    pub schedule: bool,
    /// P.Y's schedule, node by node.
    pub py_schedule: bool,
    /// Processor 0's first [`TRACE_STEPS`] nodes and the per-height figures.
    pub steps: bool,
    /// T* and T_PY for n = 1..=40 at Fig. 2's τ values and the instance's.
    pub n_plots: bool,
    /// T* and T_PY against τ at the instance's n.
    pub tau_plot: bool,
}

impl Parts {
    /// The parts of a [`Detail`] for these parameters (schedules up to [`SCHEDULE_N_MAX`]).
    pub fn of(detail: Detail, params: &TreeSweepParams) -> Self {
        match detail {
            Detail::Summary => Parts::default(),
            Detail::Full => {
                let small = params.n <= u64::from(SCHEDULE_N_MAX);
                Parts {
                    schedule: small,
                    py_schedule: small,
                    steps: true,
                    n_plots: true,
                    tau_plot: true,
                }
            }
        }
    }
}

/// The run result.
#[derive(Debug, Clone)]
pub struct Run {
    /// The scenario.
    pub params: TreeSweepParams,
    /// Fine-Grain, P.Y and the baselines on the instance.
    pub solution: Solution,
    /// The exhaustive optimum (n ≤ 5).
    pub exhaustive: Option<f64>,
    /// Whether processor 0's steps belong to the result.
    pub steps: bool,
    /// Fine-Grain's schedule.
    pub schedule: Option<Schedule>,
    /// P.Y's schedule.
    pub py_schedule: Option<Schedule>,
    /// The n sweeps, one per τ.
    pub n_sweep: Option<Vec<TauSeries>>,
    /// The τ sweep.
    pub tau_sweep: Option<Vec<SweepPoint>>,
}

/// Solves the instance and computes the requested parts.
pub fn build(
    params: &TreeSweepParams,
    parts: &Parts,
    progress: &dyn Progress,
) -> Result<Run, ReportError> {
    let v = params.validate()?;
    let solution = treesweep::solve(&v, if parts.steps { TRACE_STEPS } else { 0 });
    let n = solution.n;
    let exhaustive = treesweep::exhaustive(n, solution.tau).map(|e| e.opt[n as usize - 1]);
    let schedule = parts.schedule.then(|| optimal_schedule(&v)).flatten();
    let py_schedule = parts.py_schedule.then(|| py_schedule_for(&v)).flatten();
    let n_sweep = if parts.n_plots {
        Some(sweep_n(
            FIG2_N_MAX,
            &fig2_taus(v.tau),
            &Stage::new(progress, 0, 2),
        )?)
    } else {
        None
    };
    let tau_sweep = if parts.tau_plot {
        Some(sweep_tau(
            n,
            &tau_plot_values(),
            &Stage::new(progress, 1, 2),
        )?)
    } else {
        None
    };
    progress.set(1.0);
    Ok(Run {
        params: params.clone(),
        solution,
        exhaustive,
        steps: parts.steps,
        schedule,
        py_schedule,
        n_sweep,
        tau_sweep,
    })
}

fn schedule_json(s: &Schedule) -> Value {
    Value::Array(
        (1..s.processor.len())
            .map(|k| json!({"node": k, "processor": s.processor[k], "time": json_f64(s.start[k])}))
            .collect(),
    )
}

fn schedule_table(s: &Schedule) -> Table {
    let mut t = Table::new(&["node", "processor", "start"]);
    for k in 1..s.processor.len() {
        t.push(vec![k.into(), s.processor[k].into(), s.start[k].into()]);
    }
    t
}

impl Run {
    /// T*/T_PY.
    pub fn ratio(&self) -> f64 {
        self.solution.t_star / self.solution.t_py
    }

    /// Whether the exhaustive optimum (when computed) equals T*.
    pub fn exhaustive_agrees(&self) -> Option<bool> {
        let t = self.solution.t_star;
        self.exhaustive.map(|x| (x - t).abs() <= 1e-9 * x)
    }

    /// JSON: `n`, `tau`, `direction`, `optimal`, `py`, `ratio`, `top_cluster`, `processors`
    /// (the exact count as a decimal string, always), `processors_f64`, `exhaustive_optimal`,
    /// `one_processor`, `processor_per_node`; `schedule` / `py_schedule` when computed.
    pub fn json(&self) -> Value {
        let s = &self.solution;
        let mut j = Map::new();
        j.insert("n".into(), json!(s.n));
        j.insert("tau".into(), json!(s.tau));
        j.insert("direction".into(), json!(self.params.direction.name()));
        j.insert("optimal".into(), json_f64(s.t_star));
        j.insert("py".into(), json_f64(s.t_py));
        j.insert("ratio".into(), json_f64(self.ratio()));
        j.insert("top_cluster".into(), json!(s.top_cluster_size));
        j.insert("processors".into(), json!(s.processors.decimal()));
        j.insert("processors_f64".into(), json_f64(s.processors.approx));
        j.insert(
            "exhaustive_optimal".into(),
            self.exhaustive.map_or(Value::Null, json_f64),
        );
        j.insert("one_processor".into(), json_f64(s.one_processor));
        j.insert("processor_per_node".into(), json_f64(s.processor_per_node));
        if let Some(sc) = &self.schedule {
            j.insert("schedule".into(), schedule_json(sc));
        }
        if let Some(sc) = &self.py_schedule {
            j.insert("py_schedule".into(), schedule_json(sc));
        }
        Value::Object(j)
    }

    /// The document: numbers, checks, schedules, processor 0's steps, per-height figures and
    /// the plots' series.
    pub fn report(&self) -> Report {
        let s = &self.solution;
        let mut r = Report::new(format!(
            "tree sweep — n = {}, τ = {}, {}-sweep, 2^{} − 1 nodes",
            s.n,
            s.tau,
            self.params.direction.name(),
            s.n
        ));
        r.push(Section::values(
            "numbers",
            vec![
                ("T* (Fine-Grain, optimal)", s.t_star.into()),
                ("T_PY (P.Y)", s.t_py.into()),
                ("T*/T_PY", self.ratio().into()),
                ("one processor (2^n − 1)", s.one_processor.into()),
                ("one processor per node", s.processor_per_node.into()),
                ("top cluster (processor 0)", s.top_cluster_size.into()),
                ("processors used", s.processors.decimal().into()),
                ("processors used (f64)", s.processors.approx.into()),
                ("exhaustive optimum (n ≤ 5)", self.exhaustive.into()),
            ],
        ));
        let mut checks = Table::new(&["claim", "holds", "detail"]);
        if let Some(ok) = self.exhaustive_agrees() {
            checks.push(vec![
                "Fine-Grain is optimal (exhaustive search over every top cluster)".into(),
                ok.into(),
                format!(
                    "exhaustive {}, Fine-Grain {}",
                    self.exhaustive.unwrap_or(f64::NAN),
                    s.t_star
                )
                .into(),
            ]);
        }
        checks.push(vec![
            "T* ≤ T_PY ≤ 2·T* (P.Y is a 2-approximation)".into(),
            (s.t_star <= s.t_py && s.t_py <= 2.0 * s.t_star).into(),
            format!("T* = {}, T_PY = {}", s.t_star, s.t_py).into(),
        ]);
        r.push(Section::table("checks", checks));
        if let Some(sc) = &self.schedule {
            r.push(Section::table(
                "schedule: Fine-Grain (node = heap number)",
                schedule_table(sc),
            ));
        }
        if let Some(sc) = &self.py_schedule {
            r.push(Section::table(
                "schedule: P.Y (node = heap number)",
                schedule_table(sc),
            ));
        }
        if self.steps {
            self.push_steps(&mut r);
        }
        if let Some(series) = &self.n_sweep {
            self.push_n_plots(&mut r, series);
        }
        if let Some(pts) = &self.tau_sweep {
            let line = |f: &dyn Fn(&SweepPoint) -> f64| pts.iter().map(|p| [p.tau, f(p)]).collect();
            r.push(Section::series(
                format!("plot: T* and T_PY vs τ at n = {}", s.n),
                "τ",
                "makespan",
                vec![
                    Series::new("T* (Fine-Grain)", line(&|p| p.t_star)),
                    Series::new("T_PY", line(&|p| p.t_py)),
                    Series::new("one processor", line(&|p| p.one_processor)),
                    Series::new("processor per node", line(&|p| p.processor_per_node)),
                ],
            ));
        }
        r
    }

    fn push_steps(&self, r: &mut Report) {
        let s = &self.solution;
        let mut t = Table::new(&[
            "step",
            "node",
            "height",
            "start",
            "rule",
            "idle before",
            "external children",
        ]);
        for x in &s.trace.steps {
            t.push(vec![
                x.step.into(),
                x.heap.map(|h| h.to_string()).into(),
                x.height.into(),
                x.start.into(),
                format!("{:?}", x.rule).into(),
                x.gap.into(),
                x.external_children.into(),
            ]);
        }
        let name = if s.trace.truncated {
            format!("processor 0's first {} nodes", s.trace.steps.len())
        } else {
            "processor 0's nodes".to_string()
        };
        r.push(Section::table(name, t));
        let fg = &s.fine_grain;
        let mut t = Table::new(&[
            "height h",
            "boundary nodes",
            "external subtrees",
            "T*(h)",
            "top cluster of T_h",
            "processors of T_h",
        ]);
        for h in (1..=fg.n as usize).rev() {
            t.push(vec![
                h.into(),
                fg.boundary_by_height.get(h - 1).copied().into(),
                fg.external_by_height.get(h - 1).copied().into(),
                fg.t_star.get(h - 1).copied().into(),
                fg.cluster_size.get(h - 1).copied().into(),
                fg.processors.get(h - 1).map(|c| c.decimal()).into(),
            ]);
        }
        r.push(Section::table("per height", t));
    }

    fn push_n_plots(&self, r: &mut Report, series: &[TauSeries]) {
        let name = |s: &TauSeries| format!("τ = {}", s.tau);
        let mut fig2 = Vec::new();
        let mut ratio = Vec::new();
        let mut incr = Vec::new();
        for s in series {
            let pts = &s.points;
            fig2.push(Series::new(
                format!("T*, {}", name(s)),
                pts.iter().map(|p| [p.n as f64, p.t_star]).collect(),
            ));
            fig2.push(Series::new(
                format!("T_PY, {}", name(s)),
                pts.iter().map(|p| [p.n as f64, p.t_py]).collect(),
            ));
            ratio.push(Series::new(
                name(s),
                pts.iter().map(|p| [p.n as f64, p.ratio]).collect(),
            ));
            incr.push(Series::new(
                name(s),
                pts.windows(2)
                    .map(|w| [w[1].n as f64, w[1].t_star - w[0].t_star])
                    .collect(),
            ));
        }
        ratio.push(Series::new(
            "1/2 (the paper's claim)",
            vec![[1.0, 0.5], [f64::from(FIG2_N_MAX), 0.5]],
        ));
        r.push(Section::series(
            "plot: Fig. 2, T* and T_PY vs n",
            "n",
            "makespan",
            fig2,
        ));
        r.push(Section::series("plot: T*/T_PY vs n", "n", "T*/T_PY", ratio));
        r.push(Section::series(
            "plot: increments T*(n) − T*(n − 1)",
            "n",
            "T*(n) − T*(n − 1)",
            incr,
        ));
    }
}
