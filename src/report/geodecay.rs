//! Run result of the geometric-decaying model (Gil & Matias): the selected policy's run, the
//! main policies side by side, the rounds, and the ℓ, p and seed studies of the plots.

use serde_json::{Map, Value, json};

use super::{
    Detail, Report, ReportError, Section, Series, Stage, Table, json_f64, json_opt, legacy_sweep,
};
use crate::model::ParamError;
use crate::model::Progress;
use crate::model::budget::Part;
use crate::model::geodecay::Survivors;
use crate::model::geodecay::params::{BUDGET, Valid, cost};
use crate::model::geodecay::sweep::{ell_sweep_cost, p_sweep_cost, runs_cost, seed_spread_cost};
use crate::model::geodecay::theory::standard_balancings_estimate;
use crate::model::geodecay::{
    Decay, EllPoint, GeoOutcome, GeoParams, PPoint, Policy, PolicyValue, SeedSpread, p_values,
    seed_spread, simulate::simulate_valid, sweep_ell, sweep_p,
};

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
    /// The parts of a [`Detail`] for these parameters (the seed study only for random decay,
    /// as the GUI shows it).
    pub fn of(detail: Detail, params: &GeoParams) -> Self {
        match detail {
            Detail::Summary => Parts::default(),
            Detail::Full => Parts {
                policies: true,
                trace: true,
                ell_sweep: true,
                p_sweep: true,
                seed_spread: params.decay == Decay::Random,
            },
        }
    }
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

/// Simulates the scenario and computes the requested parts.
pub fn build(
    params: &GeoParams,
    parts: &Parts,
    progress: &dyn Progress,
) -> Result<Run, ReportError> {
    let v = params.validate()?;
    let main = Policy::MAIN;
    check_budget(&v, parts)?;
    let stages = 5;
    let selected = simulate_valid(
        &v,
        params.policy,
        parts.trace,
        &Stage::new(progress, 0, stages),
    )?;
    let policies = if parts.policies {
        let p = Stage::new(progress, 1, stages);
        let mut all = Policy::MAIN
            .into_iter()
            .map(|pol| simulate_valid(&v, pol, false, &p))
            .collect::<Result<Vec<_>, _>>()?;
        if params.policy == Policy::Every {
            all.push(selected.clone());
        }
        Some(all)
    } else {
        None
    };
    let ell_sweep = if parts.ell_sweep {
        Some(sweep_ell(
            &v,
            1,
            params.ell_log2_max,
            &main,
            &Stage::new(progress, 2, stages),
        )?)
    } else {
        None
    };
    let p_sweep = if parts.p_sweep {
        let ps = p_values(params.n);
        Some(sweep_p(&v, &ps, &main, &Stage::new(progress, 3, stages))?)
    } else {
        None
    };
    let seed_spread = if parts.seed_spread {
        Some(seed_spread(
            &v,
            params.seeds,
            &main,
            &Stage::new(progress, 4, stages),
        )?)
    } else {
        None
    };
    progress.set(1.0);
    Ok(Run {
        params: params.clone(),
        selected,
        trace: parts.trace,
        policies,
        ell_sweep,
        p_sweep,
        seed_spread,
    })
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

/// (T − Σ⌈w_r/p⌉)/ℓ, undefined for ℓ = 0.
fn beyond_ideal(time: f64, ideal: u64, ell: f64) -> Option<f64> {
    (ell > 0.0).then(|| (time - ideal as f64) / ell)
}

/// JSON of one outcome: the fields (`time`, `balancings`, `rounds`, `brent`,
/// `additive_overhead`, `overhead`, `lg_ell`, `lg_star_ell`), the split `balancings_init` /
/// `balancings_phases`, and more.
pub fn outcome_json(params: &GeoParams, o: &GeoOutcome) -> Value {
    json!({
        "policy": o.policy.name(),
        "n": params.n,
        "p": params.p,
        "alpha": params.alpha,
        "ell": params.ell,
        "time": json_f64(o.time),
        "balancings": o.balancings,
        "balancings_init": o.balancings_init,
        "balancings_phases": o.balancings_phases,
        "rounds": o.rounds,
        "brent": json_f64(o.brent),
        "additive_overhead": json_f64(o.overhead_additive),
        "overhead": json_opt(o.overhead),
        "lg_ell": json_opt(o.lg_ell),
        "lg_n_over_p": json_f64(o.lg_n_over_p),
        "lg_star_ell": o.lg_star_ell,
        "ideal_work": o.ideal_work,
        "overhead_vs_ideal": json_opt(beyond_ideal(o.time, o.ideal_work, params.ell)),
        "truncated": o.truncated,
    })
}

fn policy_values_json(values: &[PolicyValue]) -> Value {
    Value::Object(
        values
            .iter()
            .map(|v| {
                (
                    v.policy.name().to_string(),
                    json!({"time": json_f64(v.time), "overhead": json_opt(v.overhead),
                           "additive_overhead": json_f64(v.overhead_additive),
                           "balancings": v.balancings, "balancings_init": v.balancings_init,
                           "balancings_phases": v.balancings_phases, "rounds": v.rounds}),
                )
            })
            .collect(),
    )
}

fn policy_label(params: &GeoParams, p: Policy) -> String {
    if p == Policy::Every {
        format!("every {}", params.every)
    } else {
        p.name().to_string()
    }
}

impl Run {
    /// JSON: [`outcome_json`] of the selected policy; `policies`, `sweep_ell`, `sweep_p`,
    /// `seed_spread` (and `sweep` when only one of the three was computed), `trace` and
    /// `phases` when computed.
    pub fn json(&self) -> Value {
        let mut j = match outcome_json(&self.params, &self.selected) {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        if let Some(all) = &self.policies {
            j.insert(
                "policies".into(),
                Value::Array(all.iter().map(|o| outcome_json(&self.params, o)).collect()),
            );
        }
        let mut sweeps = Vec::new();
        if let Some(pts) = &self.ell_sweep {
            let v = pts
                .iter()
                .map(|p| {
                    json!({"ell": json_f64(p.ell), "log2_ell": p.log2_ell,
                                "lg_star_ell": p.lg_star_ell,
                                "policies": policy_values_json(&p.values)})
                })
                .collect();
            sweeps.push(("sweep_ell", Value::Array(v)));
        }
        if let Some(pts) = &self.p_sweep {
            let v = pts
                .iter()
                .map(|p| json!({"p": p.p, "policies": policy_values_json(&p.values)}))
                .collect();
            sweeps.push(("sweep_p", Value::Array(v)));
        }
        if let Some(s) = &self.seed_spread {
            let v = s
                .iter()
                .map(|s| {
                    json!({"policy": s.policy.name(), "min": json_f64(s.min),
                                "median": json_f64(s.median), "max": json_f64(s.max),
                                "mean": json_f64(s.mean)})
                })
                .collect();
            sweeps.push(("seed_spread", Value::Array(v)));
        }
        legacy_sweep(&mut j, sweeps);
        if self.trace {
            j.insert(
                "trace".into(),
                serde_json::to_value(&self.selected.trace).unwrap_or(Value::Null),
            );
            j.insert(
                "phases".into(),
                serde_json::to_value(&self.selected.phases).unwrap_or(Value::Null),
            );
        }
        Value::Object(j)
    }

    /// The document: numbers, policies, rounds, phases, then the plots' series.
    pub fn report(&self) -> Report {
        let (prm, o) = (&self.params, &self.selected);
        let mut r = Report::new(format!(
            "geometric decaying — n = {}, p = {}, α = {}, ℓ = {}, c = {}, policy {}, {} decay, {} survivors",
            prm.n,
            prm.p,
            prm.alpha,
            prm.ell,
            prm.c,
            policy_label(prm, o.policy),
            prm.decay.name(),
            prm.survivors.name()
        ));
        let estimate = standard_balancings_estimate(prm.n, prm.p, prm.alpha, prm.c);
        r.push(Section::values(
            "numbers",
            vec![
                ("policy", policy_label(prm, o.policy).into()),
                ("total time T", o.time.into()),
                ("balancings", o.balancings.into()),
                (
                    "balancings in the initialisation phase",
                    o.balancings_init.into(),
                ),
                ("balancings in the phases", o.balancings_phases.into()),
                ("rounds", o.rounds.into()),
                ("Brent n/p + rounds", o.brent.into()),
                ("additive overhead T − Brent", o.overhead_additive.into()),
                ("overhead T/ℓ", o.overhead.into()),
                ("balanced ideal Σ⌈w_r/p⌉", o.ideal_work.into()),
                (
                    "(T − ideal)/ℓ",
                    beyond_ideal(o.time, o.ideal_work, prm.ell).into(),
                ),
                ("lg ℓ", o.lg_ell.into()),
                ("lg(n/p)", o.lg_n_over_p.into()),
                ("lg* ℓ", o.lg_star_ell.into()),
                ("standard policy's estimate lg(n/(c·p))/α", estimate.into()),
                ("stopped at the round cap", o.truncated.into()),
                ("seed", prm.seed.into()),
            ],
        ));
        if let Some(all) = &self.policies {
            r.push(Section::table("policies", self.policies_table(all)));
        }
        if self.trace {
            self.push_trace(&mut r);
        }
        if let Some(pts) = &self.ell_sweep {
            self.push_ell_plots(&mut r, pts);
        }
        if let Some(pts) = &self.p_sweep {
            let mut series: Vec<Series> = Policy::MAIN
                .iter()
                .enumerate()
                .map(|(i, pol)| {
                    Series::new(
                        pol.name(),
                        pts.iter()
                            .filter_map(|p| Some([p.p as f64, p.values.get(i)?.time]))
                            .collect(),
                    )
                })
                .collect();
            let rounds = o.rounds as f64;
            series.push(Series::new(
                format!("Brent n/p + rounds ({} rounds)", o.rounds),
                pts.iter()
                    .map(|p| [p.p as f64, prm.n as f64 / p.p as f64 + rounds])
                    .collect(),
            ));
            r.push(Section::series(
                format!("plot: total time vs p (n = {}, ℓ = {})", prm.n, prm.ell),
                "p",
                "time",
                series,
            ));
        }
        if let Some(spread) = &self.seed_spread {
            let mut t = Table::new(&["policy", "seeds", "min", "median", "mean", "max"]);
            let mut series = Vec::new();
            for s in spread {
                t.push(vec![
                    s.policy.name().into(),
                    s.times.len().into(),
                    s.min.into(),
                    s.median.into(),
                    s.mean.into(),
                    s.max.into(),
                ]);
                let mut times = s.times.clone();
                times.sort_by(f64::total_cmp);
                let k = times.len().max(1) as f64;
                series.push(Series::new(
                    s.policy.name(),
                    times
                        .iter()
                        .enumerate()
                        .map(|(i, &x)| [x, (i as f64 + 1.0) / k])
                        .collect(),
                ));
            }
            r.push(Section::table(
                format!("spread of the total time over {} seeds", prm.seeds),
                t,
            ));
            r.push(Section::series(
                "plot: fraction of seeds with total time ≤ T",
                "total time T",
                "fraction of seeds",
                series,
            ));
        }
        r
    }

    fn policies_table(&self, all: &[GeoOutcome]) -> Table {
        let prm = &self.params;
        let mut t = Table::new(&[
            "policy",
            "selected",
            "total time T",
            "balancings",
            "init phase",
            "phases",
            "rounds",
            "Brent n/p + rounds",
            "additive overhead",
            "overhead T/ℓ",
            "balanced ideal Σ⌈w_r/p⌉",
            "(T − ideal)/ℓ",
        ]);
        for x in all {
            t.push(vec![
                policy_label(prm, x.policy).into(),
                (x.policy == prm.policy).into(),
                x.time.into(),
                x.balancings.into(),
                x.balancings_init.into(),
                x.balancings_phases.into(),
                x.rounds.into(),
                x.brent.into(),
                x.overhead_additive.into(),
                x.overhead.into(),
                x.ideal_work.into(),
                beyond_ideal(x.time, x.ideal_work, prm.ell).into(),
            ]);
        }
        t
    }

    fn push_trace(&self, r: &mut Report) {
        let o = &self.selected;
        let mut t = Table::new(&[
            "round",
            "tasks",
            "max",
            "mean",
            "min",
            "balanced_before",
            "phase",
            "time_after",
        ]);
        for x in &o.trace {
            t.push(vec![
                x.round.into(),
                x.tasks.into(),
                x.max.into(),
                x.mean.into(),
                x.min.into(),
                x.balanced_before.into(),
                x.phase.into(),
                x.time_after.into(),
            ]);
        }
        r.push(Section::table(
            format!("rounds: policy {}", policy_label(&self.params, o.policy)),
            t,
        ));
        if !o.phases.is_empty() {
            let mut t = Table::new(&["phase", "start round", "rounds t_i", "x_i", "lg x_i"]);
            for p in &o.phases {
                t.push(vec![
                    p.index.into(),
                    p.start_round.into(),
                    p.rounds.into(),
                    p.x.into(),
                    p.x_log2.into(),
                ]);
            }
            r.push(Section::table("phases of the improved policy", t));
        }
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
        let refs = |f: &dyn Fn(&EllPoint) -> f64| -> Vec<[f64; 2]> {
            pts.iter().map(|p| [p.log2_ell as f64, f(p)]).collect()
        };
        let per_policy = |f: &dyn Fn(&EllPoint, &PolicyValue) -> Option<f64>| -> Vec<Series> {
            Policy::MAIN
                .iter()
                .enumerate()
                .map(|(i, pol)| {
                    Series::new(
                        pol.name(),
                        pts.iter()
                            .filter_map(|p| Some([p.log2_ell as f64, f(p, p.values.get(i)?)?]))
                            .collect(),
                    )
                })
                .collect()
        };
        let lines = || {
            vec![
                Series::new("lg ℓ", refs(&|p| p.log2_ell as f64)),
                Series::new("lg* ℓ", refs(&|p| p.lg_star_ell as f64)),
            ]
        };
        let mut s = per_policy(&|_, v| v.overhead);
        s.extend(lines());
        r.push(Section::series(
            format!("plot: overhead T/ℓ vs lg ℓ ({at})"),
            "lg ℓ",
            "T/ℓ",
            s,
        ));
        let mut s = per_policy(&|p, v| Some((v.time - ideal as f64) / p.ell));
        s.extend(lines());
        r.push(Section::series(
            format!("plot: (T − Σ⌈w_r/p⌉)/ℓ vs lg ℓ ({at})"),
            "lg ℓ",
            "(T − ideal)/ℓ",
            s,
        ));
        let mut s = per_policy(&|_, v| Some(v.balancings as f64));
        s.extend(lines());
        let est = standard_balancings_estimate(prm.n, prm.p, prm.alpha, prm.c);
        s.push(Series::new("lg(n/(c·p))/α", refs(&|_| est)));
        r.push(Section::series(
            format!("plot: balancings vs lg ℓ ({at})"),
            "lg ℓ",
            "balancings",
            s,
        ));
    }
}
