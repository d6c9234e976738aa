//! Run result of the geometric-decaying model (Gil & Matias): the selected policy's run, the
//! main policies side by side, the rounds, and the ℓ, p and seed studies of the plots.

use serde_json::{Value, json};

use super::{
    Cell, Render, Report, ReportError, Section, Series, Stages, Table, cells, json_f64, json_opt,
    legacy_sweep, object, serialized,
};
use crate::model::budget::Part;
use crate::model::geodecay::Survivors;
use crate::model::geodecay::derived::{COMPARISON_FIGURES, beyond_ideal, policy_label};
use crate::model::geodecay::params::{BUDGET, Valid, cost};
use crate::model::geodecay::sweep::{ell_sweep_cost, p_sweep_cost, runs_cost, seed_spread_cost};
use crate::model::geodecay::theory::standard_balancings_estimate;
use crate::model::geodecay::{
    Decay, EllPoint, GeoOutcome, GeoParams, PPoint, Policy, PolicyValue, SeedSpread, p_values,
    seed_spread, simulate::simulate_valid, sweep_ell, sweep_p,
};
use crate::model::{Cancelled, ParamError, Progress};

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
        let v = params.validate()?;
        check_budget(&v, &self)?;
        let stages = Stages::new(progress, 5);
        let selected = simulate_valid(&v, params.policy, self.trace, &stages.stage(0))?;
        let main = Policy::MAIN;
        let policies = stages.part(1, self.policies, |s| {
            let mut all = main
                .into_iter()
                .map(|pol| simulate_valid(&v, pol, false, s))
                .collect::<Result<Vec<_>, _>>()?;
            if params.policy == Policy::Every {
                all.push(selected.clone());
            }
            Ok::<_, Cancelled>(all)
        })?;
        let (lo, hi) = (1, params.ell_log2_max);
        let ell_sweep = stages.part(2, self.ell_sweep, |s| sweep_ell(&v, lo, hi, &main, s))?;
        let p_sweep = stages.part(3, self.p_sweep, |s| {
            sweep_p(&v, &p_values(params.n), &main, s)
        })?;
        let seeds = params.seeds;
        let seed_spread = stages.part(4, self.seed_spread, |s| seed_spread(&v, seeds, &main, s))?;
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

/// Refuses the parts asked for when together they exceed the model's budget (the selected
/// run alone was checked by the validation).
fn check_budget(v: &Valid, parts: &Parts) -> Result<(), ParamError> {
    let k = Policy::MAIN.len();
    let at = v.describe();
    let mut all = vec![Part {
        field: if v.survivors == Survivors::Random {
            "p"
        } else {
            "alpha"
        },
        what: format!("the run ({at})"),
        cost: cost(v),
    }];
    if parts.policies {
        all.push(Part {
            field: "p",
            what: format!("the {k} policies side by side ({at})"),
            cost: runs_cost(v, k as f64),
        });
    }
    if parts.ell_sweep {
        let top = v.ell_log2_max;
        all.push(Part {
            field: "ell_log2_max",
            what: format!("the ℓ sweep (ℓ = 2^1 … 2^{top}, {k} policies, {at})"),
            cost: ell_sweep_cost(v, top, k),
        });
    }
    if parts.p_sweep {
        let ps = p_values(v.n);
        all.push(Part {
            field: "sweep",
            what: format!(
                "the p sweep (p = 1 … {}, {k} policies, {at})",
                ps.last().copied().unwrap_or(1)
            ),
            cost: p_sweep_cost(v, &ps, k),
        });
    }
    if parts.seed_spread {
        all.push(Part {
            field: "seeds",
            what: format!("the seed spread ({} seeds, {k} policies, {at})", v.seeds),
            cost: seed_spread_cost(v, v.seeds, k),
        });
    }
    BUDGET.check_parts(&all)
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
/// point, where `y` gives one.
fn policy_series<P>(
    points: &[P],
    values: impl Fn(&P) -> &[PolicyValue],
    x: impl Fn(&P) -> f64,
    y: impl Fn(&P, &PolicyValue) -> Option<f64>,
) -> Vec<Series> {
    let series = |(i, pol): (usize, &Policy)| {
        Series::from_items(pol.name(), points, |p| {
            Some([x(p), y(p, values(p).get(i)?)?])
        })
    };
    Policy::MAIN.iter().enumerate().map(series).collect()
}

/// The names of the [`compared`] figures in the numbers section (the policies table's
/// headers are [`COMPARISON_FIGURES`]).
const NUMBER_NAMES: [&str; 10] = [
    "total time T",
    "balancings",
    "balancings in the initialisation phase",
    "balancings in the phases",
    "rounds",
    "Brent n/p + rounds",
    "additive overhead T − Brent",
    "overhead T/ℓ",
    "balanced ideal Σ⌈w_r/p⌉",
    "(T − ideal)/ℓ",
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

impl Render for Run {
    /// JSON: [`outcome_json`] of the selected policy; `policies`, `sweep_ell`, `sweep_p`,
    /// `seed_spread` (and `sweep` when only one of the three was computed), `trace` and
    /// `phases` when computed.
    fn json(&self) -> Value {
        let mut j = object(outcome_json(&self.params, &self.selected));
        if let Some(all) = &self.policies {
            let all = all.iter().map(|o| outcome_json(&self.params, o));
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
        let estimate = standard_balancings_estimate(prm.n, prm.p, prm.alpha, prm.c);
        let mut numbers = vec![("policy", Cell::from(label.clone()))];
        numbers.extend(NUMBER_NAMES.into_iter().zip(compared(prm, o)));
        numbers.extend([
            ("lg ℓ", o.lg_ell.into()),
            ("lg(n/p)", o.lg_n_over_p.into()),
            ("lg* ℓ", o.lg_star_ell.into()),
            ("standard policy's estimate lg(n/(c·p))/α", estimate.into()),
            ("stopped at the round cap", o.truncated.into()),
            ("seed", prm.seed.into()),
        ]);
        r.push(Section::values("numbers", numbers));
        if let Some(all) = &self.policies {
            r.push(Section::table("policies", self.policies_table(all)));
        }
        if self.trace {
            self.push_trace(&mut r, &label);
        }
        if let Some(pts) = &self.ell_sweep {
            self.push_ell_plots(&mut r, pts);
        }
        if let Some(pts) = &self.p_sweep {
            let mut series = policy_series(pts, |p| &p.values, |p| p.p as f64, |_, v| Some(v.time));
            let brent = |p: &PPoint| [p.p as f64, prm.n as f64 / p.p as f64 + o.rounds as f64];
            let name = format!("Brent n/p + rounds ({} rounds)", o.rounds);
            series.push(Series::new(name, pts.iter().map(brent).collect()));
            r.push(Section::series(
                format!("plot: total time vs p (n = {}, ℓ = {})", prm.n, prm.ell),
                "p",
                "time",
                series,
            ));
        }
        if let Some(spread) = &self.seed_spread {
            self.push_spread(&mut r, spread);
        }
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

    fn push_spread(&self, r: &mut Report, spread: &[SeedSpread]) {
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
        let name = format!("spread of the total time over {} seeds", self.params.seeds);
        r.push(Section::table(name, table));
        let cdf = |s: &SeedSpread| Series::distribution(s.policy.name(), s.times.iter().copied());
        r.push(Section::series(
            "plot: fraction of seeds with total time ≤ T",
            "total time T",
            "fraction of seeds",
            spread.iter().map(cdf).collect(),
        ));
    }

    fn push_ell_plots(&self, r: &mut Report, pts: &[EllPoint]) {
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
        let plot = |what: &str, y: &str, value: PolicyY, extra: Option<Series>| {
            let mut series = policy_series(pts, |p| &p.values, |p| p.log2_ell as f64, value);
            series.push(reference("lg ℓ", &|p| p.log2_ell as f64));
            series.push(reference("lg* ℓ", &|p| p.lg_star_ell as f64));
            series.extend(extra);
            Section::series(format!("plot: {what} vs lg ℓ ({at})"), "lg ℓ", y, series)
        };
        r.push(plot("overhead T/ℓ", "T/ℓ", &|_, v| v.overhead, None));
        let beyond: PolicyY = &|p, v| beyond_ideal(v.time, ideal, p.ell);
        r.push(plot("(T − Σ⌈w_r/p⌉)/ℓ", "(T − ideal)/ℓ", beyond, None));
        let est = standard_balancings_estimate(prm.n, prm.p, prm.alpha, prm.c);
        let estimate = reference("lg(n/(c·p))/α", &|_| est);
        let balancings: PolicyY = &|_, v| Some(v.balancings as f64);
        r.push(plot("balancings", "balancings", balancings, Some(estimate)));
    }
}
