//! Run result of the KS-BF model (Gao & Rosenberg): the simulation beside the paper's bounds
//! (with their gaps) and exact work shares, the per-PE and per-node data, and the makespan and
//! seed studies of the plots.

use serde_json::{Map, Value, json};

use super::{
    Cell, Detail, Report, ReportError, Section, Series, Stage, Table, json_f64, json_opt,
    text_number,
};
use crate::model::Progress;
use crate::model::budget::Part;
use crate::model::ksbf::{
    self, Balance, KsbfParams, NodeId, Outcome, SEED_STUDY_COUNT, SeedPoint, Shape, SweepPoint,
    Theory, n_points, p_points, plot_n_values, plot_p_values, seed_points, summarize, sweep_seeds,
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
    /// The parts of a [`Detail`] for these parameters (the seed study for random shapes).
    pub fn of(detail: Detail, params: &KsbfParams) -> Self {
        match detail {
            Detail::Summary => Parts::default(),
            Detail::Full => Parts {
                assignments: true,
                sends: true,
                vs_n: true,
                vs_p: true,
                seeds: params.shape.is_random(),
            },
        }
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

/// Simulates the scenario and computes the requested parts.
pub fn build(
    params: &KsbfParams,
    parts: &Parts,
    progress: &dyn Progress,
) -> Result<Run, ReportError> {
    let v = params.validate()?;
    check_budget(params, parts)?;
    let outcome = ksbf::simulate(&v);
    let theory = ksbf::theory(&v);
    let vs_n = if parts.vs_n {
        let pts = n_points(&v, &plot_n_values(params))?;
        Some(ksbf::sweep(&pts, &Stage::new(progress, 0, 3))?)
    } else {
        None
    };
    let vs_p = if parts.vs_p {
        let pts = p_points(&v, &plot_p_values(params))?;
        Some(ksbf::sweep(&pts, &Stage::new(progress, 1, 3))?)
    } else {
        None
    };
    let seeds = if parts.seeds {
        Some(sweep_seeds(
            &seed_points(&v, SEED_STUDY_COUNT),
            &Stage::new(progress, 2, 3),
        )?)
    } else {
        None
    };
    progress.set(1.0);
    Ok(Run {
        params: params.clone(),
        outcome,
        theory,
        assignments: parts.assignments,
        sends: parts.sends,
        vs_n,
        vs_p,
        seeds,
    })
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
            ("Theorem 1.1 bound", th.thm11),
            ("Theorem 2.2: p + max W_i", th.thm22.map(|b| b as f64)),
            ("Theorem 3.2: max(W_i + i)", th.thm32.map(|b| b as f64)),
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

    /// JSON: `shape`, `n`, `p`, `balance`, `schedule`, `nodes`, `makespan`, `work`,
    /// `first_step`, `bound` (Theorem 1.1), `thm22_bound`, `thm32_bound`, `exact_work`,
    /// `alpha_p`, `ideal`, `speedup`, `efficiency`, `idle_steps`; `assignments` when requested.
    pub fn json(&self) -> Value {
        let (prm, o, th) = (&self.params, &self.outcome, &self.theory);
        let mut j = Map::new();
        j.insert("shape".into(), json!(prm.shape.name()));
        j.insert("n".into(), json!(prm.n));
        j.insert("p".into(), json!(prm.p));
        j.insert("balance".into(), json!(prm.balance.name()));
        j.insert("schedule".into(), json!(prm.schedule.name()));
        j.insert("nodes".into(), json!(o.nodes));
        j.insert("makespan".into(), json!(o.makespan));
        j.insert("work".into(), json!(o.work));
        j.insert("first_step".into(), json!(o.first_step));
        j.insert("bound".into(), json_opt(th.thm11));
        j.insert("thm22_bound".into(), json!(th.thm22));
        j.insert("thm32_bound".into(), json!(th.thm32));
        j.insert("exact_work".into(), json!(th.work));
        j.insert("alpha_p".into(), json_f64(th.alpha));
        j.insert("ideal".into(), json_f64(self.ideal()));
        j.insert("speedup".into(), json_f64(o.speedup()));
        j.insert("efficiency".into(), json_f64(o.efficiency()));
        j.insert("idle_steps".into(), json!(o.idle_steps));
        if let (true, Some(t)) = (self.assignments, &o.trace) {
            let list: Vec<Value> = t
                .nodes
                .iter()
                .map(|r| {
                    let node = match r.node {
                        NodeId::Tree(h) => json!(h),
                        g => Value::String(g.to_string()),
                    };
                    json!({"node": node, "level": r.level, "pe": r.pe, "step": r.step})
                })
                .collect();
            j.insert("assignments".into(), Value::Array(list));
        }
        Value::Object(j)
    }

    /// The document: numbers, claims, per-PE data, nodes and sends, then the plots' series.
    pub fn report(&self) -> Report {
        let (prm, o, th) = (&self.params, &self.outcome, &self.theory);
        let mut r = Report::new(format!(
            "KS-BF — {} n = {} on a ring of p = {}, balance {}, {} scheduling",
            prm.shape.name(),
            prm.n,
            prm.p,
            prm.balance.name(),
            prm.schedule.name()
        ));
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
        let mut t = Table::new(&["claim", "holds", "detail"]);
        for c in self.claims() {
            t.push(vec![c.claim.into(), c.holds.into(), c.detail.into()]);
        }
        r.push(Section::table("checks", t));
        let mut t = Table::new(&["pe", "work W_i", "exact W_i", "first step", "last step"]);
        for (i, w) in o.work.iter().enumerate() {
            t.push(vec![
                i.into(),
                (*w).into(),
                th.work.as_ref().and_then(|x| x.get(i).copied()).into(),
                o.first_step.get(i).copied().flatten().into(),
                o.last_step.get(i).copied().flatten().into(),
            ]);
        }
        r.push(Section::table("per PE", t));
        if let Some(trace) = &o.trace {
            if self.assignments {
                let mut t = Table::new(&["node", "level", "pe", "step"]);
                for x in &trace.nodes {
                    t.push(vec![
                        node_cell(x.node),
                        x.level.into(),
                        x.pe.into(),
                        x.step.into(),
                    ]);
                }
                r.push(Section::table("assignments", t));
            }
            if self.sends {
                let mut t = Table::new(&["step", "from", "to", "node"]);
                for (k, st) in trace.steps.iter().enumerate() {
                    for s in &st.sends {
                        t.push(vec![
                            k.into(),
                            s.from.into(),
                            s.to.into(),
                            node_cell(s.node),
                        ]);
                    }
                }
                r.push(Section::table("sends", t));
            }
        }
        if let Some(pts) = &self.vs_n {
            r.push(sweep_section(
                format!("plot: makespan vs n (p = {})", prm.p),
                "n",
                pts,
                |s| f64::from(s.n),
            ));
        }
        if let Some(pts) = &self.vs_p {
            r.push(sweep_section(
                format!("plot: makespan vs p (n = {})", prm.n),
                "p",
                pts,
                |s| f64::from(s.p),
            ));
        }
        if self.vs_n.is_some() || self.vs_p.is_some() {
            self.push_work_plot(&mut r);
        }
        if let Some(pts) = &self.seeds {
            self.push_seeds(&mut r, pts);
        }
        r
    }

    fn push_work_plot(&self, r: &mut Report) {
        let (o, th) = (&self.outcome, &self.theory);
        let ideal = self.ideal();
        let p = o.work.len() as f64;
        let mut series = vec![
            Series::new(
                "simulated W_i",
                o.work
                    .iter()
                    .enumerate()
                    .map(|(i, &w)| [i as f64, w as f64])
                    .collect(),
            ),
            Series::new("ideal N/p", vec![[-0.5, ideal], [p - 0.5, ideal]]),
        ];
        if let Some(w) = &th.work {
            series.push(Series::new(
                "exact W_i (Thm 2.1/3.1, corrected)",
                w.iter()
                    .enumerate()
                    .map(|(i, &x)| [i as f64, x as f64])
                    .collect(),
            ));
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
        let mut t = Table::new(&["seed", "nodes", "makespan", "efficiency"]);
        for p in pts {
            t.push(vec![
                p.seed.into(),
                p.nodes.into(),
                p.makespan.into(),
                p.efficiency.into(),
            ]);
        }
        r.push(Section::table("seeds", t));
        let mut e: Vec<f64> = pts.iter().map(|s| s.efficiency).collect();
        e.sort_by(f64::total_cmp);
        let k = e.len().max(1) as f64;
        r.push(Section::series(
            "plot: fraction of seeds with efficiency ≤ E",
            "efficiency E = N/(p·makespan)",
            "fraction",
            vec![Series::new(
                "KS-BF on random workloads",
                e.iter()
                    .enumerate()
                    .map(|(i, &v)| [v, (i as f64 + 1.0) / k])
                    .collect(),
            )],
        ));
    }
}

fn sweep_section(
    name: String,
    x: &str,
    pts: &[SweepPoint],
    xf: impl Fn(&SweepPoint) -> f64,
) -> Section {
    let opt = |f: &dyn Fn(&SweepPoint) -> Option<f64>| -> Vec<[f64; 2]> {
        pts.iter().filter_map(|s| Some([xf(s), f(s)?])).collect()
    };
    Section::series(
        name,
        x,
        "steps",
        vec![
            Series::new("simulated makespan", opt(&|s| Some(s.makespan as f64))),
            Series::new("ideal N/p", opt(&|s| Some(s.ideal))),
            Series::new("Theorem 1.1 bound", opt(&|s| s.thm11)),
            Series::new("Thm 2.2: p + max W_i", opt(&|s| s.thm22.map(|v| v as f64))),
            Series::new("Thm 3.2: max(W_i + i)", opt(&|s| s.thm32.map(|v| v as f64))),
        ],
    )
}
