//! Run result of the KS-BF model (Gao & Rosenberg): the simulation beside the paper's bounds
//! (with their gaps) and exact work shares, the per-PE and per-node data, and the makespan and
//! seed studies of the plots.

use serde_json::{Value, json};

use super::{
    Cell, Render, Report, ReportError, Section, Series, Stages, Table, cells, json_f64, json_opt,
    object, text_number,
};
use crate::model::Progress;
use crate::model::budget::Part;
use crate::model::ksbf::{
    self, Balance, KsbfParams, NodeId, NodeRecord, Outcome, ParamError, SEED_STUDY_COUNT,
    SeedPoint, Shape, SweepPoint, Theory, Trace, Valid, n_points, p_points, plot_n_values,
    plot_p_values, seed_points, summarize, sweep_seeds,
};

/// Which optional parts to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Parts {
    /// Every node's PE and step (recorded up to [`ksbf::RECORD_NODE_LIMIT`] nodes).
    pub assignments: bool,
    /// Every task moved between PEs (same limit).
    pub sends: bool,
    /// Makespan against n at the instance's p ([`plot_n_values`]).
    pub vs_n: bool,
    /// Makespan against p at the instance's n ([`plot_p_values`]).
    pub vs_p: bool,
    /// Efficiency over [`SEED_STUDY_COUNT`] seeds (random workloads only).
    pub seeds: bool,
}

impl Parts {
    /// Every part; the seed study for random shapes.
    pub fn full(params: &KsbfParams) -> Self {
        let seeds = params.shape.is_random();
        Parts {
            assignments: true,
            sends: true,
            vs_n: true,
            vs_p: true,
            seeds,
        }
    }

    /// Simulates the scenario and computes these parts.
    pub fn build(self, params: &KsbfParams, progress: &dyn Progress) -> Result<Run, ReportError> {
        let v = params.validate()?;
        check_budget(params, &self)?;
        let outcome = ksbf::simulate(&v);
        let theory = ksbf::theory(&v);
        let stages = Stages::new(progress, 3);
        let vs_n = stages.part(0, self.vs_n, |s| {
            makespans(n_points(&v, &plot_n_values(params)), s)
        })?;
        let vs_p = stages.part(1, self.vs_p, |s| {
            makespans(p_points(&v, &plot_p_values(params)), s)
        })?;
        let seeds = stages.part(2, self.seeds, |s| {
            sweep_seeds(&seed_points(&v, SEED_STUDY_COUNT), s)
        })?;
        stages.done();
        Ok(Run {
            params: params.clone(),
            outcome,
            theory,
            assignments: self.assignments,
            sends: self.sends,
            vs_n,
            vs_p,
            seeds,
        })
    }
}

/// The run result.
#[derive(Debug, Clone)]
pub struct Run {
    /// The scenario.
    pub params: KsbfParams,
    /// The simulation (with its records for small instances).
    pub outcome: Outcome,
    /// The paper's bounds and exact shares for the instance.
    pub theory: Theory,
    /// Whether the node list belongs to the result.
    pub assignments: bool,
    /// Whether the sends belong to the result.
    pub sends: bool,
    /// Makespan vs n.
    pub vs_n: Option<Vec<SweepPoint>>,
    /// Makespan vs p.
    pub vs_p: Option<Vec<SweepPoint>>,
    /// The seed study.
    pub seeds: Option<Vec<SeedPoint>>,
}

/// The sweep over `points` (the instance with n or p changed).
fn makespans(
    points: Result<Vec<Valid>, ParamError>,
    progress: &dyn Progress,
) -> Result<Vec<SweepPoint>, ReportError> {
    Ok(ksbf::sweep(&points?, progress)?)
}

/// Refuses the parts asked for when together they exceed the model's budget (the run alone
/// was checked by the validation).
fn check_budget(params: &KsbfParams, parts: &Parts) -> Result<(), ReportError> {
    let at = params.describe();
    let points = |what: &str, field, values: Vec<KsbfParams>| Part {
        field,
        what: format!("{what} ({at})"),
        cost: values.iter().map(|q| ksbf::cost_of(q, false)).sum(),
    };
    let mut all = vec![Part {
        field: "n",
        what: format!("the run ({at})"),
        cost: ksbf::cost(params),
    }];
    if parts.vs_n {
        let ns = plot_n_values(params);
        let values = ns.iter().map(|&n| KsbfParams {
            n,
            ..params.clone()
        });
        all.push(points(
            &format!("the makespan vs n study (n = 1 … {})", ns.len()),
            "n",
            values.collect(),
        ));
    }
    if parts.vs_p {
        let ps = plot_p_values(params);
        let values = ps.iter().map(|&p| KsbfParams {
            p,
            ..params.clone()
        });
        all.push(points(
            &format!(
                "the makespan vs p study (p = 1 … {})",
                ps.last().copied().unwrap_or(1)
            ),
            "p",
            values.collect(),
        ));
    }
    if parts.seeds {
        all.push(Part {
            field: "n",
            what: format!("the seed study ({SEED_STUDY_COUNT} seeds, {at})"),
            cost: ksbf::cost_of(params, false).repeated(SEED_STUDY_COUNT as f64),
        });
    }
    Ok(ksbf::BUDGET.check_parts(&all)?)
}

/// A claim of the paper checked on the run.
#[derive(Debug, Clone, PartialEq)]
pub struct Claim {
    /// The claim.
    pub claim: String,
    /// Whether it holds here.
    pub holds: bool,
    /// The numbers behind the verdict.
    pub detail: String,
}

fn node_cell(n: NodeId) -> Cell {
    match n {
        NodeId::Tree(h) => h.into(),
        g => g.to_string().into(),
    }
}

impl Run {
    /// The ideal share N/p.
    pub fn ideal(&self) -> f64 {
        self.outcome.ideal()
    }

    /// The bounds that apply to the instance, as (name, value, value − makespan).
    pub fn bounds(&self) -> Vec<(&'static str, f64, f64)> {
        let m = self.outcome.makespan as f64;
        let th = &self.theory;
        [
            ("Theorem 1.1 bound", th.bounds.thm11),
            (
                "Theorem 2.2: p + max W_i",
                th.bounds.thm22.map(|b| b as f64),
            ),
            (
                "Theorem 3.2: max(W_i + i)",
                th.bounds.thm32.map(|b| b as f64),
            ),
        ]
        .into_iter()
        .filter_map(|(name, b)| b.map(|b| (name, b, b - m)))
        .collect()
    }

    /// The paper's claims checked on this run: every bound is met; the exact work shares
    /// (Theorems 2.1/3.1, corrected) are the simulated ones; the printed (2.1) differs.
    pub fn claims(&self) -> Vec<Claim> {
        let o = &self.outcome;
        let mut out: Vec<Claim> = self
            .bounds()
            .into_iter()
            .map(|(name, b, gap)| Claim {
                claim: format!("makespan ≤ {name}"),
                holds: gap >= -1e-9,
                detail: format!(
                    "makespan {}, bound {}, gap {}",
                    o.makespan,
                    text_number(b),
                    text_number(gap)
                ),
            })
            .collect();
        if let Some(w) = &self.theory.work {
            let grid = self.params.shape.is_grid();
            out.push(Claim {
                claim: format!(
                    "the exact work shares of Theorem {} (corrected) are the simulated W_i",
                    if grid { "3.1" } else { "2.1" }
                ),
                holds: *w == o.work,
                detail: format!("exact {w:?}, simulated {:?}", o.work),
            });
            let (p, n) = (self.params.p, self.params.n);
            if self.params.shape == Shape::Tree && self.params.balance == Balance::Ks {
                let printed = ksbf::theory::tree_work_printed(n, p);
                out.push(Claim {
                    claim: "(2.1) as printed gives the work shares".into(),
                    holds: printed == *w,
                    detail: format!("printed {printed:?}; its W_(p−1) counts C(n, 0) = 1 too many"),
                });
            }
        }
        out
    }
}

impl Render for Run {
    /// JSON: `algorithm` (the pseudo-code ids of balance and schedule), `shape`, `n`, `p`, `balance`, `schedule`, `nodes`, `makespan`, `work`,
    /// `first_step`, `bound` (Theorem 1.1), `thm22_bound`, `thm32_bound`, `exact_work`,
    /// `alpha_p`, `ideal`, `speedup`, `efficiency`, `idle_steps`; `assignments` when requested.
    fn json(&self) -> Value {
        let (prm, o, th) = (&self.params, &self.outcome, &self.theory);
        let mut j = object(json!({
            "shape": prm.shape.name(), "n": prm.n, "p": prm.p, "balance": prm.balance.name(),
            "schedule": prm.schedule.name(),
            "algorithm": [prm.balance.name(), prm.schedule.name()], "nodes": o.nodes, "makespan": o.makespan,
            "work": o.work, "first_step": o.first_step, "bound": json_opt(th.bounds.thm11),
            "thm22_bound": th.bounds.thm22, "thm32_bound": th.bounds.thm32, "exact_work": th.work,
            "alpha_p": json_f64(th.alpha), "ideal": json_f64(self.ideal()),
            "speedup": json_f64(o.speedup()), "efficiency": json_f64(o.efficiency()),
            "idle_steps": o.idle_steps,
        }));
        if let (true, Some(t)) = (self.assignments, &o.trace) {
            let node = |r: &NodeRecord| {
                let node = match r.node {
                    NodeId::Tree(h) => json!(h),
                    g => Value::String(g.to_string()),
                };
                json!({"node": node, "level": r.level, "pe": r.pe, "step": r.step})
            };
            j.insert("assignments".into(), t.nodes.iter().map(node).collect());
        }
        Value::Object(j)
    }

    /// The document: numbers, claims, per-PE data, nodes and sends, then the plots' series.
    fn report(&self) -> Report {
        let (prm, o, th) = (&self.params, &self.outcome, &self.theory);
        let mut r = Report::new(format!("KS-BF on a ring — {}", prm.describe()));
        let mut values: Vec<(String, Cell)> = vec![
            ("N (nodes)".into(), o.nodes.into()),
            ("makespan (steps)".into(), o.makespan.into()),
            ("ideal N/p".into(), self.ideal().into()),
        ];
        for (name, b, gap) in self.bounds() {
            values.push((name.into(), b.into()));
            values.push((format!("{name}: gap (bound − makespan)"), gap.into()));
        }
        let more: [(&str, Cell); 7] = [
            ("speedup N/makespan", o.speedup().into()),
            ("efficiency N/(p·makespan)", o.efficiency().into()),
            ("idle steps", o.idle_steps.into()),
            ("min work", o.work.iter().min().copied().into()),
            ("max work", o.work.iter().max().copied().into()),
            ("tasks sent", o.sends.into()),
            ("α_p", th.alpha.into()),
        ];
        values.extend(more.into_iter().map(|(k, v)| (k.to_string(), v)));
        if prm.shape.is_random() {
            values.push(("seed".into(), prm.seed.into()));
            values.push(("spawn probability q".into(), prm.spawn_prob.into()));
        }
        r.push(Section::values("numbers", values));
        r.push(Section::checks(
            self.claims()
                .into_iter()
                .map(|c| (c.claim, c.holds, c.detail)),
        ));
        let header = ["pe", "work W_i", "exact W_i", "first step", "last step"];
        let per_pe = Table::from_rows(&header, o.work.iter().enumerate(), |(i, &w)| {
            let exact = th.work.as_ref().and_then(|x| x.get(i).copied());
            let first = o.first_step.get(i).copied().flatten();
            cells![i, w, exact, first, o.last_step.get(i).copied().flatten()]
        });
        r.push(Section::table("per PE", per_pe));
        if let Some(trace) = &o.trace {
            self.push_trace(&mut r, trace);
        }
        let sweeps: [(&str, String, _, SweepX); 2] = [
            ("n", format!("p = {}", prm.p), &self.vs_n, |s| s.n),
            ("p", format!("n = {}", prm.n), &self.vs_p, |s| s.p),
        ];
        for (x, at, pts, xf) in sweeps {
            if let Some(pts) = pts {
                r.push(sweep_section(
                    format!("plot: makespan vs {x} ({at})"),
                    x,
                    pts,
                    xf,
                ));
            }
        }
        if self.vs_n.is_some() || self.vs_p.is_some() {
            self.push_work_plot(&mut r);
        }
        if let Some(pts) = &self.seeds {
            self.push_seeds(&mut r, pts);
        }
        r
    }
}

impl Run {
    fn push_trace(&self, r: &mut Report, trace: &Trace) {
        if self.assignments {
            let header = ["node", "level", "pe", "step"];
            let t = Table::from_rows(&header, &trace.nodes, |x| {
                cells![node_cell(x.node), x.level, x.pe, x.step]
            });
            r.push(Section::table("assignments", t));
        }
        if self.sends {
            let sends = trace.steps.iter().enumerate();
            let sends = sends.flat_map(|(k, st)| st.sends.iter().map(move |s| (k, s)));
            let header = ["step", "from", "to", "node"];
            let t = Table::from_rows(&header, sends, |(k, s)| {
                cells![k, s.from, s.to, node_cell(s.node)]
            });
            r.push(Section::table("sends", t));
        }
    }

    fn push_work_plot(&self, r: &mut Report) {
        let (o, th) = (&self.outcome, &self.theory);
        let ideal = self.ideal();
        let p = o.work.len() as f64;
        let per_pe = |name: &str, work: &[u64]| {
            Series::from_items(name, work.iter().enumerate(), |(i, &w)| {
                Some([i as f64, w as f64])
            })
        };
        let mut series = vec![
            per_pe("simulated W_i", &o.work),
            Series::new("ideal N/p", vec![[-0.5, ideal], [p - 0.5, ideal]]),
        ];
        if let Some(w) = &th.work {
            series.push(per_pe("exact W_i (Thm 2.1/3.1, corrected)", w));
        }
        r.push(Section::series(
            "plot: work per PE",
            "PE i",
            "work W_i",
            series,
        ));
    }

    fn push_seeds(&self, r: &mut Report, pts: &[SeedPoint]) {
        if let Some(s) = summarize(pts) {
            r.push(Section::values(
                format!("efficiency over {} seeds", s.count),
                vec![
                    ("min", s.min.into()),
                    ("median", s.median.into()),
                    ("mean", s.mean.into()),
                    ("max", s.max.into()),
                ],
            ));
        }
        let header = ["seed", "nodes", "makespan", "efficiency"];
        let t = Table::from_rows(&header, pts, |p| {
            cells![p.seed, p.nodes, p.makespan, p.efficiency]
        });
        r.push(Section::table("seeds", t));
        let efficiencies = pts.iter().map(|s| s.efficiency);
        r.push(Section::series(
            "plot: fraction of seeds with efficiency ≤ E",
            "efficiency E = N/(p·makespan)",
            "fraction",
            vec![Series::distribution(
                "KS-BF on random workloads",
                efficiencies,
            )],
        ));
    }
}

/// A sweep point's x: its n or its p.
type SweepX = fn(&SweepPoint) -> u32;

/// The plot of a makespan sweep against `x` (n or p, as `xf` reads it from a point): the
/// simulated makespan beside the ideal and every bound that applies.
fn sweep_section(name: String, x: &str, pts: &[SweepPoint], xf: SweepX) -> Section {
    let line = |name: &str, y: fn(&SweepPoint) -> Option<f64>| {
        Series::from_items(name, pts, |s| Some([f64::from(xf(s)), y(s)?]))
    };
    Section::series(
        name,
        x,
        "steps",
        vec![
            line("simulated makespan", |s| Some(s.makespan as f64)),
            line("ideal N/p", |s| Some(s.ideal)),
            line("Theorem 1.1 bound", |s| s.bounds.thm11),
            line("Thm 2.2: p + max W_i", |s| s.bounds.thm22.map(|v| v as f64)),
            line("Thm 3.2: max(W_i + i)", |s| {
                s.bounds.thm32.map(|v| v as f64)
            }),
        ],
    )
}
