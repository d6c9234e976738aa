//! Run result of the KS-BF model (Gao & Rosenberg): the simulation beside the paper's bounds
//! (with their gaps) and exact work shares, the per-PE and per-node data, and the makespan and
//! seed studies of the plots.

mod row;
pub mod study;

use crate::report::keys::ksbf as keys;
use serde_json::{Value, json};

use super::{
    Cell, Content, Figure, Render, Report, ReportError, Role, Section, Series, Stages, Table,
    cells, figures_json, json_f64, object, text_number,
};
use crate::model::budget::Part;
use crate::model::ksbf::params::{SEED, SPAWN_PROB};
use crate::model::ksbf::theory::speedup_threshold;
use crate::model::ksbf::{
    self, Balance, EfficiencySummary, KsbfParams, LemmaCheck, NodeId, NodeRecord, Outcome,
    ParamError, SEED_STUDY_COUNT, SeedPoint, Shape, SweepPoint, Theory, Trace, Valid, n_points,
    p_points, plot_n_values, plot_p_values, seed_points, summarize, sweep_seeds,
};
use crate::model::{Progress, words};

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
    /// Efficiency over this many consecutive seeds from the scenario's (random workloads
    /// only; [`SEED_STUDY_COUNT`] in the full run).
    pub seeds: Option<u64>,
}

impl Parts {
    /// Every part; the seed study for random shapes.
    pub fn full(params: &KsbfParams) -> Self {
        let seeds = params.shape.is_random().then_some(SEED_STUDY_COUNT);
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
        let stages = Stages::new(progress, 4);
        let outcome = ksbf::simulate_with(&v, &stages.stage(0))?;
        let theory = ksbf::theory(&v);
        let lemma = outcome.trace.as_ref().map(|t| ksbf::lemma11(t, v.p));
        let vs_n = stages.part(1, self.vs_n, |s| {
            makespans(n_points(&v, &plot_n_values(params)), s)
        })?;
        let vs_p = stages.part(2, self.vs_p, |s| {
            makespans(p_points(&v, &plot_p_values(params)), s)
        })?;
        let seeds = stages.part(3, self.seeds.is_some(), |s| {
            let count = self.seeds.unwrap_or(SEED_STUDY_COUNT);
            sweep_seeds(&seed_points(&v, count), s)
        })?;
        stages.done();
        Ok(Run {
            params: params.clone(),
            outcome,
            theory,
            lemma,
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
    /// Lemma 1.1 checked on the recorded run (None when the run is too big to record).
    pub lemma: Option<LemmaCheck>,
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
    if let Some(count) = parts.seeds {
        all.push(Part {
            field: "n",
            what: format!("the seed study ({}, {at})", words::count(count, "seed")),
            cost: ksbf::cost_of(params, false).repeated(count as f64),
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

/// The theorems' bounds in the numbers: the JSON key and name of the bound, then of its gap
/// (bound − makespan).
const BOUNDS: [(&str, &str, &str, &str); 3] = [
    (
        "bound",
        "Theorem 1.1 bound",
        "bound_gap",
        "Theorem 1.1 bound: gap (bound − makespan)",
    ),
    (
        "thm22_bound",
        "Theorem 2.2: p + max W_i",
        "thm22_gap",
        "Theorem 2.2: p + max W_i: gap (bound − makespan)",
    ),
    (
        "thm32_bound",
        "Theorem 3.2: max(W_i + i)",
        "thm32_gap",
        "Theorem 3.2: max(W_i + i): gap (bound − makespan)",
    ),
];

/// The keys of the figures a run only knows at its end (hidden while the future is): the
/// report's [`crate::report::row::Secrecy::outcome`], with what is computed from them.
pub const OUTCOME_KEYS: [&str; 12] = [
    keys::MAKESPAN,
    keys::BOUND_GAP,
    keys::THM22_GAP,
    keys::THM32_GAP,
    keys::SPEEDUP,
    keys::EFFICIENCY,
    keys::IDLE_STEPS,
    keys::MIN_WORK,
    keys::MAX_WORK,
    // (The work each PE did: the simulation's W_i.)
    keys::WORK,
    "sends",
    // (Where and when each node ran: a question on one node's PE held the step bar no more
    // than its makespan's, and three steps forward showed the answer.)
    keys::ASSIGNMENTS,
];

/// "spawn probability q": the name of the spawn probability's row, from its descriptor.
fn spawn_prob_label() -> &'static str {
    static LABEL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    LABEL.get_or_init(|| SPAWN_PROB.label())
}

/// Which plot of the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plot {
    /// Makespan against n at the instance's p (needs [`Parts::vs_n`]).
    VsN,
    /// Makespan against p at the instance's n (needs [`Parts::vs_p`]).
    VsP,
    /// Work per PE against the ideal share and the exact W_i.
    Work,
    /// The distribution of the efficiency over seeds (needs [`Parts::seeds`]).
    Seeds,
}

impl Run {
    /// The ideal share N/p.
    pub fn ideal(&self) -> f64 {
        self.outcome.ideal()
    }

    /// The bounds that apply to the instance, as (name, value, value − makespan).
    pub fn bounds(&self) -> Vec<(&'static str, f64, f64)> {
        let m = self.outcome.makespan as f64;
        let b = &self.theory.bounds;
        let values = [
            b.thm11,
            b.thm22.map(|b| b as f64),
            b.thm32.map(|b| b as f64),
        ];
        BOUNDS
            .iter()
            .zip(values)
            .filter_map(|(&(_, name, _, _), b)| b.map(|b| (name, b, b - m)))
            .collect()
    }

    /// The run's numbers, each under its JSON key and its name: N, the makespan beside the
    /// ideal and every bound that applies (with its gap), speedup, efficiency, idle steps, the
    /// work range, the tasks sent, α_p; the seed and q for the random workloads.
    pub fn figures(&self) -> Vec<Figure> {
        let (prm, o, th) = (&self.params, &self.outcome, &self.theory);
        let m = o.makespan as f64;
        let mut figures = vec![
            Figure::new("nodes", "N (nodes)", o.nodes),
            Figure::new("makespan", "makespan (steps)", o.makespan),
            Figure::new("ideal", "ideal N/p", self.ideal()),
        ];
        let b = &th.bounds;
        let values = [
            b.thm11.map(|x| (Cell::from(x), x)),
            b.thm22.map(|x| (Cell::from(x), x as f64)),
            b.thm32.map(|x| (Cell::from(x), x as f64)),
        ];
        for (&(key, name, gap_key, gap_name), value) in BOUNDS.iter().zip(values) {
            if let Some((value, bound)) = value {
                figures.push(Figure { key, name, value });
                figures.push(Figure::new(gap_key, gap_name, bound - m));
            }
        }
        figures.extend([
            Figure::new("speedup", "speedup N/makespan", o.speedup()),
            Figure::new("efficiency", "efficiency N/(p·makespan)", o.efficiency()),
            Figure::new("idle_steps", "idle steps", o.idle_steps),
            Figure::new("min_work", "min work", o.work.iter().min().copied()),
            Figure::new("max_work", "max work", o.work.iter().max().copied()),
            Figure::new("sends", "tasks sent", o.sends),
            Figure::new("alpha_p", "α_p", th.alpha),
        ]);
        if prm.shape.is_random() {
            figures.push(Figure::new(SEED.field, SEED.name, prm.seed));
            figures.push(Figure::new(
                SPAWN_PROB.field,
                spawn_prob_label(),
                prm.spawn_prob,
            ));
        }
        figures
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
        // Theorems 2.1/3.1 give KS's shares: under another policy they are no claim (the
        // per-PE table and the work plot set them beside the run's as KS's).
        let ks = self.params.balance == Balance::Ks;
        if let Some(w) = self.theory.work.as_ref().filter(|_| ks) {
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
            if self.params.shape == Shape::Tree {
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

    /// The section "checks": the [`claims`](Self::claims) as a table.
    pub fn checks(&self) -> Section {
        let claims = self.claims().into_iter();
        Section::checks(claims.map(|c| (c.claim, c.holds, c.detail)))
    }

    /// The plot section `plot`, when the run computed its data.
    pub fn plot(&self, plot: Plot) -> Option<Section> {
        let prm = &self.params;
        match plot {
            Plot::VsN => self.vs_n.as_ref().map(|pts| {
                if prm.shape != Shape::Tree {
                    let name = format!("plot: makespan vs n (p = {})", prm.p);
                    return sweep_section(name, "n", pts, |s| s.n);
                }
                let from = speedup_threshold(prm.p);
                // (The caption is read on screen: the finding behind the threshold,
                // gr-speedup-asymptotic, is in What we found, not its id here.)
                let name = format!(
                    "plot: makespan vs n (p = {}; Theorem 1.1(a) near-ideal only from n = {from})",
                    prm.p
                );
                let mut section = sweep_section(name, "n", pts, |s| s.n);
                add_threshold(&mut section, from);
                section
            }),
            Plot::VsP => self.vs_p.as_ref().map(|pts| {
                let name = format!("plot: makespan vs p (n = {})", prm.n);
                sweep_section(name, "p", pts, |s| s.p)
            }),
            Plot::Work => Some(self.work_plot()),
            Plot::Seeds => self.seeds.as_deref().map(seed_plot),
        }
    }

    /// The distribution summary of the seed study, when computed: a section of values named
    /// "efficiency over N seeds" (min, median, mean, max).
    pub fn seed_summary(&self) -> Option<Section> {
        let s: EfficiencySummary = summarize(self.seeds.as_deref()?)?;
        Some(Section::values(
            format!("efficiency over {}", words::count(s.count, "seed")),
            vec![
                ("min", s.min.into()),
                ("median", s.median.into()),
                ("mean", s.mean.into()),
                ("max", s.max.into()),
            ],
        ))
    }
}

impl Render for Run {
    /// JSON: the [`figures`](Run::figures) under their keys (`nodes`, `makespan`, `ideal`,
    /// `bound` (Theorem 1.1), `thm22_bound`, `thm32_bound` (null when they do not apply) with
    /// their gaps `bound_gap`, `thm22_gap`, `thm32_gap`, `speedup`, `efficiency`,
    /// `idle_steps`, `min_work`, `max_work`, `sends`, `alpha_p`), and `algorithm` (the
    /// pseudo-code ids of balance and schedule), `shape`, `n`, `p`, `seed`, `spawn_prob`,
    /// `balance`, `schedule`, `work`, `first_step`, `exact_work`; `assignments` when
    /// requested.
    fn json(&self) -> Value {
        let (prm, o, th) = (&self.params, &self.outcome, &self.theory);
        let mut j = object(json!({
            "shape": prm.shape.name(), "n": prm.n, "p": prm.p, "balance": prm.balance.name(),
            "schedule": prm.schedule.name(), "seed": prm.seed,
            "spawn_prob": json_f64(prm.spawn_prob),
            "algorithm": [prm.balance.name(), prm.schedule.name()],
            "work": o.work, "first_step": o.first_step, "bound": null, "thm22_bound": null,
            "thm32_bound": null, "exact_work": th.work,
        }));
        j.extend(figures_json(&self.figures()));
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
        r.push(Section::numbers(&self.figures()));
        r.push(self.checks());
        let header = [
            "pe",
            "work W_i",
            exact_name(prm.balance),
            "first step",
            "last step",
        ];
        let per_pe = Table::from_rows(&header, o.work.iter().enumerate(), |(i, &w)| {
            let exact = th.work.as_ref().and_then(|x| x.get(i).copied());
            let first = o.first_step.get(i).copied().flatten();
            cells![i, w, exact, first, o.last_step.get(i).copied().flatten()]
        });
        r.push(Section::table("per PE", per_pe));
        if let Some(trace) = &o.trace {
            self.push_trace(&mut r, trace);
        }
        r.sections.extend(self.plot(Plot::VsN));
        r.sections.extend(self.plot(Plot::VsP));
        if self.vs_n.is_some() || self.vs_p.is_some() {
            r.push(self.work_plot());
        }
        if let Some(pts) = &self.seeds {
            r.sections.extend(self.seed_summary());
            let header = ["seed", "nodes", "makespan", "efficiency"];
            let t = Table::from_rows(&header, pts, |p| {
                cells![p.seed, p.nodes, p.makespan, p.efficiency]
            });
            r.push(Section::table("seeds", t));
            r.push(seed_plot(pts));
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

    /// Work per PE: the simulated W_i beside the ideal N/p and the exact shares.
    fn work_plot(&self) -> Section {
        let (o, th) = (&self.outcome, &self.theory);
        let ideal = self.ideal();
        let p = o.work.len() as f64;
        let per_pe = |name: &str, work: &[u64]| {
            Series::from_items(name, work.iter().enumerate(), |(i, &w)| {
                Some([i as f64, w as f64])
            })
        };
        let mut series = vec![
            per_pe("simulated W_i", &o.work).drawn(keys::WORK),
            Series::new("ideal N/p", vec![[-0.5, ideal], [p - 0.5, ideal]]).role(Role::Reference),
        ];
        if let Some(w) = &th.work {
            let name = format!(
                "{} (Thm 2.1/3.1, corrected)",
                exact_name(self.params.balance)
            );
            series.push(per_pe(&name, w).role(Role::ClosedForm));
        }
        Section::series("plot: work per PE", "PE i", "work W_i", series)
    }
}

/// The distribution of the efficiency over the seeds of a study.
fn seed_plot(pts: &[SeedPoint]) -> Section {
    let efficiencies = pts.iter().map(|s| s.efficiency);
    Section::series(
        "plot: fraction of seeds with efficiency ≤ E",
        "efficiency E = N/(p·makespan)",
        "fraction",
        vec![Series::distribution(
            "KS-BF on random workloads",
            efficiencies,
        )],
    )
}

/// A sweep point's x: its n or its p.
type SweepX = fn(&SweepPoint) -> u32;

/// A vertical line at n = `from` across a makespan-vs-n plot, when the plot's n reach it:
/// where Theorem 1.1(a)'s α_p^n term falls below the ideal share ([`speedup_threshold`]).
fn add_threshold(section: &mut Section, from: u32) {
    let Content::Series(set) = &mut section.content else {
        return;
    };
    let xs = || {
        set.series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p[0]))
    };
    let ys = || {
        set.series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p[1]))
    };
    let x = f64::from(from);
    if !xs().any(|v| v >= x) {
        return;
    }
    let top = ys().fold(f64::NAN, f64::max);
    let line = Series::new("α_p^n < N/p from here", vec![[x, 0.0], [x, top]]);
    set.series.push(line.role(Role::Reference));
}

/// The plot of a makespan sweep against `x` (n or p, as `xf` reads it from a point): the
/// simulated makespan beside the ideal and every bound that applies.
fn sweep_section(name: String, x: &str, pts: &[SweepPoint], xf: SweepX) -> Section {
    let line = |name: &str, role: Role, y: fn(&SweepPoint) -> Option<f64>| {
        Series::from_items(name, pts, |s| Some([f64::from(xf(s)), y(s)?])).role(role)
    };
    Section::series(
        name,
        x,
        "steps",
        vec![
            line("simulated makespan", Role::Simulated, |s| {
                Some(s.makespan as f64)
            }),
            line("ideal N/p", Role::Reference, |s| Some(s.ideal)),
            line("Theorem 1.1 bound", Role::Bound, |s| s.bounds.thm11),
            line("Thm 2.2: p + max W_i", Role::Bound, |s| {
                s.bounds.thm22.map(|v| v as f64)
            }),
            line("Thm 3.2: max(W_i + i)", Role::Bound, |s| {
                s.bounds.thm32.map(|v| v as f64)
            }),
        ],
    )
}

/// The name of the theorems' exact work shares beside a run balanced by `balance`: they are
/// KS's, so under another policy they are what KS would do.
fn exact_name(balance: Balance) -> &'static str {
    match balance {
        Balance::Ks => "exact W_i",
        _ => "KS's exact W_i",
    }
}
