//! Run result of the tree-sweep model (Gao, Rosenberg & Sitaraman): Fine-Grain's optimum
//! against P.Y, the baselines, the exhaustive check, the schedules, processor 0's steps, and
//! the n and τ sweeps of the plots (Fig. 2).

mod row;
pub use row::processor0_starts;

use serde_json::{Value, json};

use super::keys::treesweep as t;
use super::{
    Figure, Render, Report, ReportError, Role, Section, Series, Stages, Table, cells, figures_json,
    json_f64,
};
use crate::model::Progress;
use crate::model::treesweep::derived::{PER_HEIGHT_COLUMNS, per_height};
use crate::model::treesweep::params::Direction;
use crate::model::treesweep::{
    self, FIG2_N_MAX, HeightSweep, LIMIT_N, LimitPoint, Schedule, Solution, SweepPoint,
    TreeSweepParams, fig2_taus, limit_curve, optimal_schedule, py_schedule_for, ratio_sweep_long,
    sweep_n, sweep_tau, tau_plot_values,
};

/// What T* gives away (with T_PY shown, the ratio too): the exhaustive optimum, the top
/// cluster (run one node per unit: T* itself) and the tests of (4) (about T*/2).
pub const FROM_T_STAR: [&str; 3] = [t::EXHAUSTIVE_OPTIMAL, t::TOP_CLUSTER, t::TESTS_OF_4];

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
    /// T* and T_PY for n = 1..=`n_max` at Fig. 2's τ values and the instance's.
    pub n_plots: bool,
    /// Last n of the n plots; 0 (the default) for Fig. 2's [`FIG2_N_MAX`].
    pub n_max: u32,
    /// T* and T_PY against τ at the instance's n.
    pub tau_plot: bool,
    /// The ratio T*/T_PY for n up to [`LIMIT_N`] at Fig. 2's τ and the instance's, and its
    /// limit (the ratio at n = [`LIMIT_N`]) against τ (finding grs-half).
    pub long_plots: bool,
    /// Leave out the exhaustive optimum (n ≤ 5: up to a tenth of a second a run), for a run
    /// read for one number that is not it (the gradebook's quiz answers).
    pub skip_exhaustive: bool,
}

impl Parts {
    /// Every part; the schedules up to n = [`SCHEDULE_N_MAX`].
    pub fn full(params: &TreeSweepParams) -> Self {
        let small = params.n <= u64::from(SCHEDULE_N_MAX);
        Parts {
            schedule: small,
            py_schedule: small,
            steps: true,
            n_plots: true,
            n_max: FIG2_N_MAX,
            tau_plot: true,
            long_plots: true,
            skip_exhaustive: false,
        }
    }

    /// Solves the instance and computes these parts.
    pub fn build(
        self,
        params: &TreeSweepParams,
        progress: &dyn Progress,
    ) -> Result<Run, ReportError> {
        let v = params.validate()?;
        let solution = treesweep::solve(&v, if self.steps { TRACE_STEPS } else { 0 });
        let n = solution.n;
        let exhaustive = match self.skip_exhaustive {
            true => None,
            false => treesweep::exhaustive(n, solution.tau).map(|e| e.opt[n as usize - 1]),
        };
        let stages = Stages::new(progress, 4);
        let taus = fig2_taus(v.tau);
        let n_max = if self.n_max == 0 {
            FIG2_N_MAX
        } else {
            self.n_max
        };
        let n_sweep = stages.part(0, self.n_plots, |s| sweep_n(n_max, &taus, s))?;
        let tau_sweep = stages.part(1, self.tau_plot, |s| sweep_tau(n, &tau_plot_values(), s))?;
        let long_ratio = stages.part(2, self.long_plots, |s| ratio_sweep_long(&taus, s))?;
        let limit = stages.part(3, self.long_plots, |s| limit_curve(s))?;
        stages.done();
        Ok(Run {
            params: params.clone(),
            exhaustive,
            steps: self.steps,
            schedule: self.schedule.then(|| optimal_schedule(&v)).flatten(),
            py_schedule: self.py_schedule.then(|| py_schedule_for(&v)).flatten(),
            n_sweep,
            tau_sweep,
            long_ratio,
            limit,
            solution,
        })
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
    pub n_sweep: Option<Vec<HeightSweep>>,
    /// The τ sweep.
    pub tau_sweep: Option<Vec<SweepPoint>>,
    /// T*/T_PY for n = 1..=[`LIMIT_N`], one list per τ.
    pub long_ratio: Option<Vec<(f64, Vec<f64>)>>,
    /// The ratio's limit against τ.
    pub limit: Option<Vec<LimitPoint>>,
}

fn schedule_json(s: &Schedule) -> Value {
    let node =
        |k: usize| json!({"node": k, "processor": s.processor[k], "time": json_f64(s.start[k])});
    (1..s.processor.len()).map(node).collect()
}

fn schedule_table(s: &Schedule) -> Table {
    let header = ["node", "processor", "start"];
    Table::from_rows(&header, 1..s.processor.len(), |k| {
        cells![k, s.processor[k], s.start[k]]
    })
}

impl Run {
    /// T*/T_PY.
    pub fn ratio(&self) -> f64 {
        self.solution.t_star / self.solution.t_py
    }

    /// The x at which `plot`'s curves pass through the run of `p`, when one does: the n plots
    /// hold the runs of their τ values (Fig. 2's and the instance's), the τ plot the runs of
    /// the instance's n, the limit plot those of n = [`LIMIT_N`] (the direction changes no
    /// makespan). A question on another run than the one shown hides the plot from there.
    pub fn passes_through(&self, plot: Plot, p: &TreeSweepParams) -> Option<f64> {
        let n = p.n as f64;
        let has_tau = |tau: f64| (tau == p.tau).then_some(n);
        match plot {
            Plot::VsTau => (p.n == u64::from(self.solution.n)).then_some(p.tau),
            Plot::Limit => (p.n == u64::from(LIMIT_N)).then_some(p.tau),
            Plot::LongRatio => self.long_ratio.as_ref()?.iter().find_map(|c| has_tau(c.0)),
            Plot::Fig2 | Plot::Ratio | Plot::Increments => {
                self.n_sweep.as_ref()?.iter().find_map(|s| has_tau(s.tau))
            }
        }
    }

    /// The run's numbers: T* beside P.Y and the baselines, the processors, the exhaustive
    /// optimum (`processors` is the exact count as a decimal string, always).
    pub fn figures(&self) -> Vec<Figure> {
        let s = &self.solution;
        vec![
            Figure::new("optimal", "T* (Fine-Grain, optimal)", s.t_star),
            Figure::new("py", "T_PY (P.Y)", s.t_py),
            Figure::new("ratio", "T*/T_PY", self.ratio()),
            Figure::new(t::ONE_PROCESSOR, "one processor (2^n − 1)", s.one_processor),
            Figure::new(
                t::PROCESSOR_PER_NODE,
                "one processor per node",
                s.processor_per_node,
            ),
            Figure::new(
                "top_cluster",
                "top cluster (processor 0)",
                s.top_cluster_size,
            ),
            Figure::new(
                "processors",
                "processors used by Fine-Grain",
                s.processors.decimal(),
            ),
            Figure::new(
                "exhaustive_optimal",
                "exhaustive optimum (n ≤ 5)",
                self.exhaustive,
            ),
            Figure::new(
                "down_recompute",
                "down-sweep with recomputation (each leaf recomputes its root path)",
                self.recompute(),
            ),
            Figure::new(
                "tests_of_4",
                "tests of inequality (4) (Thm 3.2's running time)",
                s.fine_grain.tests_of_4,
            ),
        ]
    }

    /// The down-sweep baseline the paper sets aside (optimal "only among schedules that do not
    /// allow recomputation"): one processor per leaf recomputes the leaf's n-node root path,
    /// no communication, makespan n. None for an up-sweep, where recomputation cannot help.
    pub fn recompute(&self) -> Option<f64> {
        (self.params.direction == Direction::Down).then_some(f64::from(self.solution.n))
    }

    /// Whether the exhaustive optimum (when computed) equals T*.
    pub fn exhaustive_agrees(&self) -> Option<bool> {
        let t = self.solution.t_star;
        self.exhaustive.map(|x| (x - t).abs() <= 1e-9 * x)
    }
}

impl Render for Run {
    /// JSON: `algorithm` (the pseudo-code ids), `n`, `tau`, `direction`, `optimal`, `py`, `ratio`, `top_cluster`, `processors`
    /// (the exact count as a decimal string, always), `processors_f64`, `exhaustive_optimal`,
    /// `one_processor`, `processor_per_node`; `schedule` / `py_schedule` when computed.
    fn json(&self) -> Value {
        let s = &self.solution;
        let mut j = figures_json(&self.figures());
        j.insert("n".into(), json!(s.n));
        j.insert("tau".into(), json!(s.tau));
        // The count as a number, for plots and maps (the document shows the exact count only).
        j.insert("processors_f64".into(), json!(s.processors.approx));
        j.insert("direction".into(), json!(self.params.direction.name()));
        // The pseudo-code ids of the two algorithms compared (`loadlab pseudocode`).
        j.insert("algorithm".into(), json!(["fine-grain", "py"]));
        for (key, schedule) in [
            ("schedule", &self.schedule),
            ("py_schedule", &self.py_schedule),
        ] {
            if let Some(sc) = schedule {
                j.insert(key.into(), schedule_json(sc));
            }
        }
        Value::Object(j)
    }

    /// The document: numbers, checks, schedules, processor 0's steps, per-height figures and
    /// the plots' series.
    fn report(&self) -> Report {
        let s = &self.solution;
        let mut r = Report::new(format!(
            "tree sweep — n = {}, τ = {}, {}-sweep, 2^{} − 1 nodes",
            s.n,
            s.tau,
            self.params.direction.name(),
            s.n
        ));
        r.push(Section::numbers(&self.figures()));
        r.push(self.checks());
        let schedules = [("Fine-Grain", &self.schedule), ("P.Y", &self.py_schedule)];
        for (name, schedule) in schedules {
            if let Some(sc) = schedule {
                let name = format!("schedule: {name} (node = heap number)");
                r.push(Section::table(name, schedule_table(sc)));
            }
        }
        if self.steps {
            self.push_steps(&mut r);
        }
        for plot in Plot::ALL {
            if let Some(section) = self.plot(plot) {
                r.push(section);
            }
        }
        r
    }
}

impl Run {
    /// The ratio far beyond Fig. 2's n = 40, one curve per τ, with the ½ line (finding
    /// grs-half: ½ only as τ → ∞, and slowly).
    fn long_ratio_plot(&self) -> Option<Section> {
        let long = self.long_ratio.as_ref()?;
        let mut series: Vec<Series> = long
            .iter()
            .enumerate()
            .map(|(group, (tau, ratios))| {
                let points = ratios.iter().enumerate();
                let points = points.map(|(i, &y)| [(i + 1) as f64, y]).collect();
                let line = Series::new(format!("τ = {tau}"), points);
                let line = line.role(Role::ClosedForm).group(group);
                // The instance's τ: its point at the instance's n is the ratio.
                self.at_tau(*tau, line, t::RATIO)
            })
            .collect();
        series.push(half_line(1.0, f64::from(LIMIT_N)));
        Some(Section::series(
            format!("plot: T*/T_PY vs n up to {LIMIT_N} (levels off for each τ)"),
            "n",
            "T*/T_PY",
            series,
        ))
    }

    /// The ratio's limit ρ(τ) against τ, with the ratio at n = [`LIMIT_N`] and the ½ line.
    fn limit_plot(&self) -> Option<Section> {
        let limit = self.limit.as_ref()?;
        let (lo, hi) = (
            limit.first().map_or(2.0, |p| p.tau),
            limit.last().map_or(1e9, |p| p.tau),
        );
        let line = |name: String, y: fn(&LimitPoint) -> f64| {
            Series::new(name, limit.iter().map(|p| [p.tau, y(p)]).collect())
        };
        let slopes = line("ρ(τ): ratio of the slopes of T* and T_PY".into(), |p| {
            p.slope
        });
        let at_end = line(format!("T*/T_PY at n = {LIMIT_N}"), |p| p.at_n_max);
        Some(Section::series(
            "plot: the ratio's limit ρ(τ) as n grows, vs τ",
            "τ",
            "T*/T_PY",
            // The limit drawn last: its dashes stay in sight over the ratio at n = 1000,
            // which lies on it for most τ.
            // Both give the ratio of a large tree at the instance's τ away (finding
            // grs-half: it levels off at ρ(τ)).
            vec![
                at_end.role(Role::ClosedForm).group(1).drawn(t::RATIO),
                slopes.role(Role::Limit).drawn(t::RATIO),
                half_line(lo, hi),
            ],
        ))
    }

    fn push_steps(&self, r: &mut Report) {
        let trace = &self.solution.trace;
        let header = [
            "step",
            "node",
            "height",
            "start",
            "rule",
            "idle before",
            "external children",
        ];
        let steps = Table::from_rows(&header, &trace.steps, |x| {
            let node = x.heap.map(|h| h.to_string());
            let rule = format!("{:?}", x.rule);
            cells![
                x.step,
                node,
                x.height,
                x.start,
                rule,
                x.gap,
                x.external_children
            ]
        });
        let name = if trace.truncated {
            format!(
                "processor 0's first {}",
                crate::model::words::count(trace.steps.len(), "node")
            )
        } else {
            "processor 0's nodes".to_string()
        };
        r.push(Section::table(name, steps));
        let heights = per_height(&self.solution.fine_grain);
        let table = Table::from_rows(&PER_HEIGHT_COLUMNS, heights, |h| {
            let processors = h.processors.decimal();
            cells![
                h.height, h.boundary, h.external, h.t_star, h.cluster, processors
            ]
        });
        r.push(Section::table("per height", table));
    }

    /// The claims checked on the run: Fine-Grain's optimality against the exhaustive search
    /// (n ≤ 5) and P.Y's factor 2.
    pub fn checks(&self) -> Section {
        let s = &self.solution;
        let exhaustive = self.exhaustive_agrees().map(|ok| {
            let e = self.exhaustive.unwrap_or(f64::NAN);
            (
                "Fine-Grain is optimal (exhaustive search over every top cluster)",
                ok,
                format!("exhaustive {e}, Fine-Grain {}", s.t_star),
            )
        });
        let py = (
            "T* ≤ T_PY ≤ 2·T* (P.Y is a 2-approximation)",
            s.t_star <= s.t_py && s.t_py <= 2.0 * s.t_star,
            format!("T* = {}, T_PY = {}", s.t_star, s.t_py),
        );
        let fg = &s.fine_grain;
        let boundary: u64 = fg.boundary_by_height.iter().sum();
        let tests = (
            "(4) is tested at most n + (boundary nodes) times (Thm 3.2's proof)",
            fg.tests_of_4 <= u64::from(s.n) + boundary,
            format!(
                "{} tests, n + boundary nodes = {}",
                fg.tests_of_4,
                u64::from(s.n) + boundary
            ),
        );
        let recompute = self.recompute().map(|r| {
            (
                "down-sweep: recomputation (2^(n−1) processors, makespan n) beats T*, which is \
                 optimal only without recomputation (as the paper says)",
                r < s.t_star,
                format!("with recomputation {r}, T* = {}", s.t_star),
            )
        });
        let claims = exhaustive.into_iter().chain([py, tests]);
        Section::checks(claims.chain(recompute))
    }

    /// The plot section `plot`; None when its sweep was not computed.
    pub fn plot(&self, plot: Plot) -> Option<Section> {
        match plot {
            Plot::VsTau => self.tau_plot(),
            Plot::LongRatio => self.long_ratio_plot(),
            Plot::Limit => self.limit_plot(),
            _ => self.n_plot(plot, self.n_sweep.as_deref()?),
        }
    }

    /// T*, T_PY and the two baselines against τ at the instance's n.
    fn tau_plot(&self) -> Option<Section> {
        let pts = self.tau_sweep.as_ref()?;
        let line = |name, y: fn(&SweepPoint) -> f64| {
            Series::new(name, pts.iter().map(|p| [p.tau, y(p)]).collect())
        };
        Some(Section::series(
            format!("plot: T* and T_PY vs τ at n = {}", self.solution.n),
            "τ",
            "makespan",
            vec![
                line("T* (Fine-Grain)", |p| p.t_star)
                    .role(Role::ClosedForm)
                    .drawn(t::OPTIMAL),
                // P.Y's makespan bounds the optimum from above (and 2·T* bounds it).
                line("T_PY", |p| p.t_py)
                    .role(Role::Bound)
                    .group(1)
                    .drawn(t::PY),
                line("one processor", |p| p.one_processor)
                    .role(Role::Reference)
                    .drawn(t::ONE_PROCESSOR),
                line("processor per node", |p| p.processor_per_node)
                    .role(Role::Reference)
                    .drawn(t::PROCESSOR_PER_NODE),
            ]
            .into_iter()
            .chain(self.recompute().map(|r| {
                let points = pts.iter().map(|p| [p.tau, r]).collect();
                Series::new("down-sweep with recomputation (n)", points).role(Role::Reference)
            }))
            .collect(),
        ))
    }

    /// `curve`, of the sweep at `tau`, drawing `field` when that is the instance's τ (its
    /// point at the instance's n is the instance's `field`).
    fn at_tau(&self, tau: f64, curve: Series, field: &str) -> Series {
        if tau == self.solution.tau {
            curve.drawn(field)
        } else {
            curve
        }
    }

    /// A plot against n (Fig. 2, the ratio or the increments), one colour group per τ.
    fn n_plot(&self, plot: Plot, series: &[HeightSweep]) -> Option<Section> {
        let mut curves = Vec::new();
        for (group, s) in series.iter().enumerate() {
            let tau = format!("τ = {}", s.tau);
            let line = |y: fn(&SweepPoint) -> f64| -> Vec<[f64; 2]> {
                s.points.iter().map(|p| [p.n as f64, y(p)]).collect()
            };
            // (The instance's τ: its curves draw the instance's figures.)
            let mut add = |name: String, role: Role, points: Vec<[f64; 2]>, field: &str| {
                let curve = Series::new(name, points).role(role).group(group);
                curves.push(self.at_tau(s.tau, curve, field));
            };
            match plot {
                Plot::Fig2 => {
                    let (t_star, t_py) = (line(|p| p.t_star), line(|p| p.t_py));
                    add(format!("T*, {tau}"), Role::ClosedForm, t_star, t::OPTIMAL);
                    add(format!("T_PY, {tau}"), Role::Bound, t_py, t::PY);
                }
                Plot::Ratio => add(tau, Role::ClosedForm, line(|p| p.ratio), t::RATIO),
                Plot::Increments => {
                    let step = |w: &[SweepPoint]| [w[1].n as f64, w[1].t_star - w[0].t_star];
                    let increments = s.points.windows(2).map(step).collect();
                    curves.push(
                        Series::new(tau, increments)
                            .role(Role::ClosedForm)
                            .group(group),
                    );
                }
                Plot::VsTau | Plot::LongRatio | Plot::Limit => return None,
            }
        }
        let (name, y) = match plot {
            Plot::Fig2 => ("plot: Fig. 2, T* and T_PY vs n", "makespan"),
            Plot::Ratio => ("plot: T*/T_PY vs n", "T*/T_PY"),
            _ => ("plot: increments T*(n) − T*(n − 1)", "T*(n) − T*(n − 1)"),
        };
        if plot == Plot::Ratio {
            let last = series.iter().filter_map(|s| s.points.last()).map(|p| p.n);
            let end = f64::from(last.max().unwrap_or(FIG2_N_MAX));
            curves.push(half_line(1.0, end));
        }
        Some(Section::series(name, "n", y, curves))
    }
}

/// The plots of the run, in the document's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plot {
    /// Fig. 2: T* and T_PY against n for Fig. 2's τ values and the instance's.
    Fig2,
    /// T*/T_PY against n, with the paper's 1/2.
    Ratio,
    /// T*(n) − T*(n − 1) against n.
    Increments,
    /// T*, T_PY and the baselines against τ at the instance's n.
    VsTau,
    /// T*/T_PY against n up to [`LIMIT_N`], one curve per τ (needs [`Parts::long_plots`]).
    LongRatio,
    /// The ratio's limit ρ(τ) against τ (needs [`Parts::long_plots`]).
    Limit,
}

/// The paper's ½ from x0 to x1.
fn half_line(x0: f64, x1: f64) -> Series {
    Series::new("1/2 (the paper's claim)", vec![[x0, 0.5], [x1, 0.5]]).role(Role::Reference)
}

impl Plot {
    /// Every plot, in the document's order.
    pub const ALL: [Plot; 6] = [
        Plot::Fig2,
        Plot::Ratio,
        Plot::Increments,
        Plot::VsTau,
        Plot::LongRatio,
        Plot::Limit,
    ];
}
