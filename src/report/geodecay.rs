//! Run result of the geometric-decaying model (Gil & Matias): the selected policy's run, the
//! main policies side by side, the rounds, and the ℓ, p and seed studies of the plots.

mod row;

use serde_json::{Value, json};

use super::keys::geodecay as g;

use super::{
    Cell, Figure, Render, Report, ReportError, Role, Section, Series, Stages, Table, cells,
    json_f64, json_opt, legacy_sweep, object, serialized,
};
use crate::model::budget::Part;
use crate::model::geodecay::Survivors;
use crate::model::geodecay::derived::{COMPARISON_FIGURES, beyond_ideal, policy_label};
use crate::model::geodecay::params::{BUDGET, SEED, Valid, cost, optimal_cost};
use crate::model::geodecay::sweep::{
    compared_policies, ell_sweep_cost, p_sweep_cost, policies_cost, seed_spread_cost,
};
use crate::model::geodecay::theory::standard_balancings_estimate;
use crate::model::geodecay::{
    Decay, EllPoint, GeoOutcome, GeoParams, PPoint, Policy, PolicyValue, SeedSpread, p_values,
    seed_spread, simulate::simulate_valid, spread_of, sweep_ell, sweep_p,
};
use crate::model::{Cancelled, ParamError, Progress, words};

/// Which optional parts to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Parts {
    /// Never, standard and improved (and the selected every-k) run side by side.
    pub policies: bool,
    /// The selected policy's rounds and phases.
    pub trace: bool,
    /// ℓ = 2^1 … 2^`ell_log2_max` for the main policies.
    pub ell_sweep: bool,
    /// p = 2^0 … up to n for the main policies.
    pub p_sweep: bool,
    /// `seeds` consecutive seeds: the spread of the total time per policy.
    pub seed_spread: bool,
}

impl Parts {
    /// Every part; the seed study only for random decay, as the GUI shows it.
    pub fn full(params: &GeoParams) -> Self {
        Parts {
            policies: true,
            trace: true,
            ell_sweep: true,
            p_sweep: true,
            seed_spread: params.decay == Decay::Random,
        }
    }

    /// Simulates the scenario and computes these parts.
    pub fn build(self, params: &GeoParams, progress: &dyn Progress) -> Result<Run, ReportError> {
        self.build_with(params, None, progress)
    }

    /// [`Parts::build`] with the seed study's times given (`times[offset][policy]` for the
    /// main policies, every offset 0 … seeds − 1: the parts of a sharded study joined)
    /// instead of simulated.
    pub fn build_with(
        self,
        params: &GeoParams,
        seed_times: Option<Vec<Vec<f64>>>,
        progress: &dyn Progress,
    ) -> Result<Run, ReportError> {
        let v = params.validate()?;
        check_budget(&v, &self)?;
        let stages = Stages::new(progress, 5);
        let selected = simulate_valid(&v, params.policy, self.trace, &stages.stage(0))?;
        let policies = stages.part(1, self.policies, |s| {
            let table = table_policies(&v);
            let mut all = Vec::with_capacity(table.len() + 1);
            for &pol in &table {
                all.push(if pol == params.policy {
                    selected.clone()
                } else {
                    simulate_valid(&v, pol, false, s)?
                });
            }
            if !table.contains(&params.policy) {
                all.push(selected.clone());
            }
            Ok::<_, Cancelled>(all)
        })?;
        let (lo, hi) = (1, params.ell_log2_max);
        let ell_sweep = stages.part(2, self.ell_sweep, |s| {
            sweep_ell(&v, lo, hi, &ell_policies(&v), s)
        })?;
        let p_sweep = stages.part(3, self.p_sweep, |s| {
            sweep_p(&v, &p_values(params.n), &p_policies(&v), s)
        })?;
        let seeds = params.seeds;
        let main = Policy::MAIN;
        let seed_spread = stages.part(4, self.seed_spread, |s| match seed_times {
            Some(t) => Ok(spread_of(&main, &t)),
            None => seed_spread(&v, seeds, &main, s),
        })?;
        stages.done();
        Ok(Run {
            params: params.clone(),
            selected,
            trace: self.trace,
            policies,
            ell_sweep,
            p_sweep,
            seed_spread,
        })
    }
}

/// The policies of the side-by-side table: [`compared_policies`] for one plan.
fn table_policies(v: &Valid) -> Vec<Policy> {
    compared_policies(v, 1)
}

/// The policies of the ℓ sweep (one plan per ℓ).
fn ell_policies(v: &Valid) -> Vec<Policy> {
    compared_policies(v, v.ell_log2_max as usize)
}

/// The policies of the p sweep (one plan per p).
fn p_policies(v: &Valid) -> Vec<Policy> {
    compared_policies(v, p_values(v.n).len())
}

/// Refuses the parts asked for when together they exceed the model's budget.
fn check_budget(v: &Valid, parts: &Parts) -> Result<(), ParamError> {
    BUDGET.check_parts(&parts_cost(v, parts))
}

/// What the run and each part asked for cost, each with the field that asks for it (the
/// lesson's estimate adds them up as the budget check does).
pub fn parts_cost(v: &Valid, parts: &Parts) -> Vec<Part> {
    let at = v.describe();
    let mut all = vec![Part {
        field: if v.survivors == Survivors::Random {
            "p"
        } else {
            "alpha"
        },
        what: format!("the run ({at})"),
        cost: cost(v) + optimal_cost(v),
    }];
    if parts.policies {
        let k = table_policies(v).len();
        all.push(Part {
            field: "p",
            what: format!("the {k} policies side by side ({at})"),
            cost: policies_cost(v, 1.0, &table_policies(v)),
        });
    }
    if parts.ell_sweep {
        let (top, pols) = (v.ell_log2_max, ell_policies(v));
        all.push(Part {
            field: "ell_log2_max",
            what: format!(
                "the ℓ sweep (ℓ = 2^1 … 2^{top}, {} policies, {at})",
                pols.len()
            ),
            cost: ell_sweep_cost(v, top, &pols),
        });
    }
    if parts.p_sweep {
        let (ps, pols) = (p_values(v.n), p_policies(v));
        all.push(Part {
            field: "sweep",
            what: format!(
                "the p sweep (p = 1 … {}, {} policies, {at})",
                ps.last().copied().unwrap_or(1),
                pols.len()
            ),
            cost: p_sweep_cost(v, &ps, &pols),
        });
    }
    if parts.seed_spread {
        let k = Policy::MAIN.len();
        all.push(Part {
            field: "seeds",
            what: format!(
                "the seed spread ({}, {k} policies, {at})",
                words::count(v.seeds, "seed")
            ),
            cost: seed_spread_cost(v, v.seeds, k),
        });
    }
    all
}

/// The run result.
#[derive(Debug, Clone)]
pub struct Run {
    /// The scenario.
    pub params: GeoParams,
    /// The selected policy's run (with its rounds when `trace`).
    pub selected: GeoOutcome,
    /// Whether the rounds belong to the result.
    pub trace: bool,
    /// Never, standard, improved (and every-k when selected), when computed.
    pub policies: Option<Vec<GeoOutcome>>,
    /// The ℓ sweep.
    pub ell_sweep: Option<Vec<EllPoint>>,
    /// The p sweep.
    pub p_sweep: Option<Vec<PPoint>>,
    /// The seed spread.
    pub seed_spread: Option<Vec<SeedSpread>>,
}

/// JSON of one outcome (`algorithm`: its pseudo-code id): the fields (`time`, `balancings`, `rounds`, `brent`,
/// `additive_overhead`, `overhead`, `lg_ell`, `lg_star_ell`), the split `balancings_init` /
/// `balancings_phases`, and more.
pub fn outcome_json(params: &GeoParams, o: &GeoOutcome) -> Value {
    json!({
        "policy": o.policy.name(), "algorithm": crate::model::explain::geodecay_id(o.policy),
        "n": params.n, "p": params.p, "alpha": params.alpha,
        "ell": params.ell, "time": json_f64(o.time), "balancings": o.balancings,
        "balancings_init": o.balancings_init, "balancings_phases": o.balancings_phases,
        "rounds": o.rounds, "brent": json_f64(o.brent),
        "additive_overhead": json_f64(o.overhead_additive), "overhead": json_opt(o.overhead),
        "lg_ell": json_opt(o.lg_ell), "lg_n_over_p": json_f64(o.lg_n_over_p),
        "lg_star_ell": o.lg_star_ell, "ideal_work": o.ideal_work,
        "overhead_vs_ideal": json_opt(beyond_ideal(o.time, o.ideal_work, params.ell)),
        "truncated": o.truncated,
    })
}

/// The main policies' values at one sweep point, by policy name.
fn policy_values_json(values: &[PolicyValue]) -> Value {
    let entry = |v: &PolicyValue| {
        json!({"time": json_f64(v.time), "overhead": json_opt(v.overhead),
               "additive_overhead": json_f64(v.overhead_additive),
               "balancings": v.balancings, "balancings_init": v.balancings_init,
               "balancings_phases": v.balancings_phases, "rounds": v.rounds})
    };
    let by_name = values
        .iter()
        .map(|v| (v.policy.name().to_string(), entry(v)));
    Value::Object(by_name.collect())
}

/// One series per main policy over a sweep's points: (x, y) with the policy's value at each
/// point, where `y` gives one. Each draws `field` of the run of `params` with its policy
/// (its point at the instance's x is that run's `field`).
fn policy_series<P>(
    points: &[P],
    values: impl Fn(&P) -> &[PolicyValue],
    (x, y): (impl Fn(&P) -> f64, impl Fn(&P, &PolicyValue) -> Option<f64>),
    (field, params): (&str, &GeoParams),
) -> Vec<Series> {
    let policies: Vec<Policy> = points
        .first()
        .map(|p| values(p).iter().map(|v| v.policy).collect())
        .unwrap_or_default();
    let series = |(i, pol): (usize, &Policy)| {
        let run = crate::model::registry::Scenario::Geodecay(GeoParams {
            policy: *pol,
            ..params.clone()
        });
        Series::from_items(pol.name(), points, |p| {
            Some([x(p), y(p, values(p).get(i)?)?])
        })
        .group(policy_group(*pol))
        .drawn_of(field, run)
    };
    policies.iter().enumerate().map(series).collect()
}

/// The colour group of a policy in every plot (the improved policy first).
pub fn policy_group(policy: Policy) -> usize {
    match policy {
        Policy::Improved => 0,
        Policy::Standard => 1,
        Policy::Never => 2,
        Policy::Every => 3,
        Policy::Optimal => 4,
    }
}

/// The JSON keys and names of the `compared` figures in the numbers, in the order of the
/// policies table's columns (whose headers are [`COMPARISON_FIGURES`]).
pub const COMPARED: [(&str, &str); 10] = [
    ("time", "total time T"),
    ("balancings", "balancings"),
    ("balancings_init", "balancings in the initialisation phase"),
    (
        "balancings_phases",
        "balancings outside the initialisation phase",
    ),
    ("rounds", "rounds"),
    ("brent", "Brent n/p + rounds"),
    ("additive_overhead", "additive overhead T − Brent"),
    ("overhead", "overhead (T − Brent)/ℓ"),
    ("ideal_work", "balanced ideal Σ⌈w_r/p⌉"),
    ("overhead_vs_ideal", "(T − ideal)/ℓ"),
];

/// The figures of one outcome that the policies table compares, in the order of
/// [`COMPARISON_FIGURES`]: the selected policy's numbers and every policy's row.
fn compared(prm: &GeoParams, o: &GeoOutcome) -> Vec<Cell> {
    let beyond = beyond_ideal(o.time, o.ideal_work, prm.ell);
    cells![
        o.time,
        o.balancings,
        o.balancings_init,
        o.balancings_phases,
        o.rounds,
        o.brent,
        o.overhead_additive,
        o.overhead,
        o.ideal_work,
        beyond
    ]
}

/// A policy's plotted value at a point of the ℓ sweep.
type PolicyY<'a> = &'a dyn Fn(&EllPoint, &PolicyValue) -> Option<f64>;

/// Which plot of the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plot {
    /// The paper's overhead (T − Brent)/ℓ against lg ℓ (needs [`Parts::ell_sweep`]).
    Overhead,
    /// (T − Σ⌈w_r/p⌉)/ℓ against lg ℓ (needs [`Parts::ell_sweep`]).
    OverheadVsIdeal,
    /// Balancings against lg ℓ (needs [`Parts::ell_sweep`]).
    Balancings,
    /// Total time against p (needs [`Parts::p_sweep`]).
    TimeVsP,
    /// The distribution of the total time over seeds (needs [`Parts::seed_spread`]).
    Spread,
}

impl Run {
    /// The selected policy's numbers, each under its JSON key and its name: the policy, the
    /// [`COMPARED`] figures, lg ℓ, lg(n/p), lg* ℓ, the standard policy's estimated
    /// balancings, whether the run stopped at the round cap, and the seed.
    pub fn figures(&self) -> Vec<Figure> {
        let (prm, o) = (&self.params, &self.selected);
        let estimate = standard_balancings_estimate(prm.n, prm.p, prm.alpha, prm.c);
        let mut figures = vec![Figure::new("policy", "policy", policy_label(prm, o.policy))];
        let compared = COMPARED.iter().zip(compared(prm, o));
        figures.extend(compared.map(|(&(key, name), value)| Figure { key, name, value }));
        figures.extend([
            Figure::new("lg_ell", "lg ℓ", o.lg_ell),
            Figure::new("lg_n_over_p", "lg(n/p)", o.lg_n_over_p),
            Figure::new("lg_star_ell", "lg* ℓ", o.lg_star_ell),
            Figure::new(
                "standard_balancings_estimate",
                "standard policy's estimate lg(n/(c·p))/α",
                estimate,
            ),
            Figure::new("truncated", "stopped at the round cap", o.truncated),
            Figure::new(SEED.field, SEED.name, prm.seed),
        ]);
        figures
    }

    /// The policies side by side (section "policies"), when computed: one row per policy,
    /// with whether it is the selected one and the [`COMPARED`] figures.
    pub fn policies(&self) -> Option<Section> {
        let all = self.policies.as_ref()?;
        Some(Section::table("policies", self.policies_table(all)))
    }

    /// The plot section `plot`, when the run computed its data.
    pub fn plot(&self, plot: Plot) -> Option<Section> {
        let (prm, o) = (&self.params, &self.selected);
        let ell = |pts| self.ell_plot(plot, pts);
        match plot {
            Plot::Overhead | Plot::OverheadVsIdeal | Plot::Balancings => {
                self.ell_sweep.as_deref().map(ell)
            }
            Plot::TimeVsP => self.p_sweep.as_ref().map(|pts| {
                let xy = (
                    |p: &PPoint| p.p as f64,
                    |_: &PPoint, v: &PolicyValue| Some(v.time),
                );
                let mut series = policy_series(pts, |p| &p.values, xy, (g::TIME, prm));
                let brent = |p: &PPoint| [p.p as f64, prm.n as f64 / p.p as f64 + o.rounds as f64];
                let name = format!("Brent n/p + rounds ({})", words::count(o.rounds, "round"));
                let brent = Series::new(name, pts.iter().map(brent).collect());
                series.push(brent.role(Role::Bound).drawn(g::BRENT));
                Section::series(
                    format!("plot: total time vs p (n = {}, ℓ = {})", prm.n, prm.ell),
                    "p",
                    "time",
                    series,
                )
            }),
            Plot::Spread => self.seed_spread.as_ref().map(|spread| {
                let cdf = |s: &SeedSpread| {
                    Series::distribution(s.policy.name(), s.times.iter().copied())
                        .group(policy_group(s.policy))
                };
                Section::series(
                    "plot: fraction of seeds with total time ≤ T",
                    "total time T",
                    "fraction of seeds",
                    spread.iter().map(cdf).collect(),
                )
            }),
        }
    }

    /// The spread of the total time over the seeds (per policy: seeds, min, median, mean,
    /// max), when computed.
    pub fn spread(&self) -> Option<Section> {
        let spread = self.seed_spread.as_ref()?;
        let header = ["policy", "seeds", "min", "median", "mean", "max"];
        let table = Table::from_rows(&header, spread, |s| {
            cells![
                s.policy.name(),
                s.times.len(),
                s.min,
                s.median,
                s.mean,
                s.max
            ]
        });
        let prm = &self.params;
        // With nothing random the seeds all run the same instance: said, rather than a
        // spread of zero width left to puzzle over.
        let alike = prm.decay == crate::model::geodecay::Decay::Deterministic
            && prm.survivors != Survivors::Random;
        let note = format!(
            " (deterministic decay and {} survivors: every seed runs alike)",
            prm.survivors.name()
        );
        let name = format!(
            "spread of the total time over {}{}",
            words::count(prm.seeds, "seed"),
            if alike { note.as_str() } else { "" }
        );
        Some(Section::table(name, table))
    }
}

impl Render for Run {
    /// JSON: [`outcome_json`] of the selected policy, `standard_balancings_estimate` and
    /// `seed`; `policies`, `sweep_ell`, `sweep_p`, `seed_spread` (and `sweep` when only one of
    /// the three was computed), `trace` and `phases` when computed.
    fn json(&self) -> Value {
        let prm = &self.params;
        let mut j = object(outcome_json(prm, &self.selected));
        let estimate = standard_balancings_estimate(prm.n, prm.p, prm.alpha, prm.c);
        j.insert("standard_balancings_estimate".into(), json_f64(estimate));
        j.insert("seed".into(), json!(prm.seed));
        if let Some(all) = &self.policies {
            let all = all.iter().map(|o| outcome_json(prm, o));
            j.insert("policies".into(), Value::Array(all.collect()));
        }
        let mut sweeps = Vec::new();
        if let Some(pts) = &self.ell_sweep {
            let point = |p: &EllPoint| {
                json!({"ell": json_f64(p.ell), "log2_ell": p.log2_ell,
                       "lg_star_ell": p.lg_star_ell, "policies": policy_values_json(&p.values)})
            };
            sweeps.push(("sweep_ell", pts.iter().map(point).collect()));
        }
        if let Some(pts) = &self.p_sweep {
            let point = |p: &PPoint| json!({"p": p.p, "policies": policy_values_json(&p.values)});
            sweeps.push(("sweep_p", pts.iter().map(point).collect()));
        }
        if let Some(spread) = &self.seed_spread {
            let policy = |s: &SeedSpread| {
                json!({"policy": s.policy.name(), "min": json_f64(s.min),
                       "median": json_f64(s.median), "max": json_f64(s.max),
                       "mean": json_f64(s.mean)})
            };
            sweeps.push(("seed_spread", spread.iter().map(policy).collect()));
        }
        legacy_sweep(&mut j, sweeps);
        if self.trace {
            let o = &self.selected;
            j.insert("trace".into(), serialized(&o.trace));
            j.insert("phases".into(), serialized(&o.phases));
        }
        Value::Object(j)
    }

    /// The document: numbers, policies, rounds, phases, then the plots' series.
    fn report(&self) -> Report {
        let (prm, o) = (&self.params, &self.selected);
        let label = policy_label(prm, o.policy);
        let mut r = Report::new(format!(
            "geometric decaying — n = {}, p = {}, α = {}, ℓ = {}, c = {}, policy {label}, {} decay, {} survivors",
            prm.n,
            prm.p,
            prm.alpha,
            prm.ell,
            prm.c,
            prm.decay.name(),
            prm.survivors.name()
        ));
        r.push(Section::numbers(&self.figures()));
        r.sections.extend(self.policies());
        if self.trace {
            self.push_trace(&mut r, &label);
        }
        let plots = [
            Plot::Overhead,
            Plot::OverheadVsIdeal,
            Plot::Balancings,
            Plot::TimeVsP,
        ];
        r.sections
            .extend(plots.into_iter().filter_map(|p| self.plot(p)));
        r.sections.extend(self.spread());
        r.sections.extend(self.plot(Plot::Spread));
        r
    }
}

impl Run {
    fn policies_table(&self, all: &[GeoOutcome]) -> Table {
        let prm = &self.params;
        let mut header = vec!["policy", "selected"];
        header.extend(COMPARISON_FIGURES);
        Table::from_rows(&header, all, |x| {
            let mut row = cells![policy_label(prm, x.policy), x.policy == prm.policy];
            row.extend(compared(prm, x));
            row
        })
    }

    fn push_trace(&self, r: &mut Report, label: &str) {
        let o = &self.selected;
        let header = [
            "round",
            "tasks",
            "max",
            "mean",
            "min",
            "balanced_before",
            "phase",
            "time_after",
        ];
        let rounds = Table::from_rows(&header, &o.trace, |x| {
            cells![
                x.round,
                x.tasks,
                x.max,
                x.mean,
                x.min,
                x.balanced_before,
                x.phase,
                x.time_after
            ]
        });
        r.push(Section::table(format!("rounds: policy {label}"), rounds));
        if !o.phases.is_empty() {
            let header = ["phase", "start round", "rounds t_i", "x_i", "lg x_i"];
            let phases = Table::from_rows(&header, &o.phases, |p| {
                cells![p.index, p.start_round, p.rounds, p.x, p.x_log2]
            });
            r.push(Section::table("phases of the improved policy", phases));
        }
    }

    /// One of the ℓ sweep's plots: the main policies' values against lg ℓ beside the growth
    /// rates lg ℓ (the standard policy's) and lg* ℓ (the improved policy's), and for the
    /// balancings the standard policy's estimate.
    fn ell_plot(&self, plot: Plot, pts: &[EllPoint]) -> Section {
        let prm = &self.params;
        let ideal = self.selected.ideal_work;
        let at = format!(
            "n = {}, p = {}, α = {}, {} survivors",
            prm.n,
            prm.p,
            prm.alpha,
            prm.survivors.name()
        );
        let reference = |name: &str, y: &dyn Fn(&EllPoint) -> f64| {
            Series::from_items(name, pts, |p| Some([p.log2_ell as f64, y(p)]))
        };
        let beyond: PolicyY = &|p, v| beyond_ideal(v.time, ideal, p.ell);
        let balancings: PolicyY = &|_, v| Some(v.balancings as f64);
        let overhead: PolicyY = &|_, v| v.overhead;
        let (what, y, value, field) = match plot {
            Plot::OverheadVsIdeal => (
                "(T − Σ⌈w_r/p⌉)/ℓ",
                "(T − ideal)/ℓ",
                beyond,
                g::OVERHEAD_VS_IDEAL,
            ),
            Plot::Balancings => ("balancings", "balancings", balancings, g::BALANCINGS),
            _ => (
                "overhead (T − Brent)/ℓ",
                "(T − Brent)/ℓ",
                overhead,
                g::OVERHEAD,
            ),
        };
        let xy = (|p: &EllPoint| p.log2_ell as f64, value);
        let mut series = policy_series(pts, |p| &p.values, xy, (field, prm));
        let lg = reference("lg ℓ", &|p| p.log2_ell as f64).drawn(g::LG_ELL);
        series.push(lg.role(Role::Limit).group(policy_group(Policy::Standard)));
        let lg_star = reference("lg* ℓ", &|p| p.lg_star_ell as f64).drawn(g::LG_STAR_ELL);
        series.push(
            lg_star
                .role(Role::Limit)
                .group(policy_group(Policy::Improved)),
        );
        if plot == Plot::Balancings {
            let est = standard_balancings_estimate(prm.n, prm.p, prm.alpha, prm.c);
            let est = reference("lg(n/(c·p))/α", &|_| est).role(Role::Reference);
            series.push(est.drawn(g::STANDARD_BALANCINGS_ESTIMATE));
        }
        Section::series(format!("plot: {what} vs lg ℓ ({at})"), "lg ℓ", y, series)
    }
}
