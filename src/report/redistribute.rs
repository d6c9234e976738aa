//! Run result of the ring redistribution model (Renard, Robert & Vivien): one algorithm's
//! schedule with the checker's verdict, every lower bound (with its gap), the claims checked on
//! the run, System 6 / 12's solution, and the random-instance study the scenario selects.
//! Processors are numbered 1..n as in the paper.

use serde_json::{Value, json};

use super::{Cell, Detail, Report, ReportError, Section, Series, Table, json_num};
use crate::model::Progress;
use crate::model::budget::{Cost, Part, check_memory};
use crate::model::num::approx;
use crate::model::redistribute::instance::Direction;
use crate::model::redistribute::iterative::{
    IterativeResult, cost as iterative_cost, run_iterative,
};
use crate::model::redistribute::params::{RedistParams, Study, SweepVar};
use crate::model::redistribute::run::{
    BUDGET, RunReport, check_budget, cost as run_cost, describe, not_applicable, resolve,
    rounds_estimate, run,
};
use crate::model::redistribute::schedule::Schedule;
use crate::model::redistribute::sweep::{
    LpRatio, RoundsPoint, SweepPoint, lp_ratios, makespan_sweep, makespan_sweep_cost,
    rounds_study_cost, rounds_vs_lemma6, sweep_values,
};

/// Largest ring of the LP-ratio and rounds studies (they use the instance's n up to this).
pub const STUDY_N_MAX: usize = 200;
/// Largest max |δ| of the LP-ratio and rounds studies.
pub const STUDY_DELTA_MAX: i64 = 1000;

/// Which optional parts to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Parts {
    /// The schedule: every send (rounds) or every timed block.
    pub schedule: bool,
    /// The random-instance study the scenario selects (`params.study`).
    pub study: bool,
}

impl Parts {
    /// The parts of a [`Detail`].
    pub fn of(detail: Detail) -> Self {
        match detail {
            Detail::Summary => Parts::default(),
            Detail::Full => Parts {
                schedule: true,
                study: true,
            },
        }
    }
}

/// The (n, max |δ|, samples, seed) of the LP-ratio and rounds studies: the ring's n clamped to
/// 3..=[`STUDY_N_MAX`], the random generator's max |δ| and seed, the scenario's sample count.
pub fn study_inputs(params: &RedistParams) -> (usize, i64, usize, u64) {
    (
        params.instance.n().clamp(3, STUDY_N_MAX),
        params.random.max_delta.clamp(1, STUDY_DELTA_MAX),
        params.samples,
        params.random.seed,
    )
}

/// Refuses the scenario's study when it exceeds the redistribution budget (on "study"). The
/// System 6 / Lemma 12 study (at most 5000 rings of 200 processors, O(n log n) each) always
/// fits.
fn check_study(params: &RedistParams) -> Result<(), ReportError> {
    let (n, max_delta, samples, seed) = study_inputs(params);
    let inst = &params.instance;
    let (what, cost) = match params.study {
        Study::Sweep => {
            let s = &params.sweep;
            (
                format!(
                    "the makespan sweep ({} points of {} random rings up to {} = {})",
                    sweep_values(s).len(),
                    s.samples,
                    if s.var == SweepVar::N {
                        "n"
                    } else {
                        "max |δ|"
                    },
                    s.to
                ),
                makespan_sweep_cost(s, inst.direction, !inst.is_homogeneous(), params.algorithm),
            )
        }
        Study::Rounds => (
            format!(
                "the rounds study ({samples} random rings, n = {n}, max |δ| up to {max_delta})"
            ),
            rounds_study_cost(n, max_delta, samples, seed),
        ),
        Study::Iterative => {
            let it = &params.iterative;
            (
                format!(
                    "Section 8's study ({} platforms of p = {}, {} iterations)",
                    it.instances, it.p, it.iterations
                ),
                iterative_cost(it),
            )
        }
        Study::LpRatio => return Ok(()),
    };
    let run = Part {
        field: "delta",
        what: format!("the run ({})", describe(inst, params.algorithm)),
        cost: if not_applicable(inst, params.algorithm).is_none() {
            run_cost(inst, params.algorithm)
        } else {
            Cost::default()
        },
    };
    let study = Part {
        field: "study",
        what,
        cost,
    };
    Ok(BUDGET.check_parts(&[run, study])?)
}

/// Memory of one transfer listed in the output (its JSON object with its round's array, or
/// its table row and CSV line), in bytes: measured 920 B per one-send round and 1.2 kB per
/// send of the n = 10 000 ring (14.9 GB for its 1.25·10^7 sends) in JSON.
pub const LISTED_TRANSFER_BYTES: f64 = 1200.0;
/// Memory of one round listed in the output besides its transfers, in bytes.
pub const LISTED_ROUND_BYTES: f64 = 100.0;

/// Refuses to list a schedule of `transfers` transfers in `rounds` rounds whose rows would not
/// fit the memory limit with the schedule held (on "rounds": the flag that asks for the list;
/// `--csv` always lists it).
fn check_listing(params: &RedistParams, transfers: f64, rounds: f64) -> Result<(), ReportError> {
    let held = run_cost(&params.instance, params.algorithm).bytes;
    let listed = transfers * LISTED_TRANSFER_BYTES + rounds * LISTED_ROUND_BYTES;
    let what = format!(
        "listing the schedule ({} transfers{}, with --rounds or --csv; leave it out to get the \
         numbers)",
        approx(transfers),
        if rounds > 0.0 {
            format!(" in {} rounds", approx(rounds))
        } else {
            String::new()
        }
    );
    Ok(check_memory("rounds", &what, held + listed)?)
}

/// The result of the selected study.
#[derive(Debug, Clone)]
pub enum StudyResult {
    /// Mean makespan and bound while n or max |δ| grows.
    Sweep(Vec<SweepPoint>),
    /// System 6's optimum over Lemma 12, one entry per random ring.
    LpRatio(Vec<LpRatio>),
    /// Algorithm 3's rounds against Lemma 6, one entry per random ring.
    Rounds(Vec<RoundsPoint>),
    /// Section 8's iterative application.
    Iterative(IterativeResult),
}

/// The run result.
#[derive(Debug, Clone)]
pub struct Run {
    /// The scenario.
    pub params: RedistParams,
    /// The run.
    pub run: RunReport,
    /// Whether the schedule belongs to the result.
    pub schedule: bool,
    /// The selected study, when computed.
    pub study: Option<StudyResult>,
}

/// Runs the scenario's algorithm and, when asked, its study.
pub fn build(
    params: &RedistParams,
    parts: &Parts,
    progress: &dyn Progress,
) -> Result<Run, ReportError> {
    let inst = &params.instance;
    let valid = inst.validate().map_err(|e| match e.first() {
        Some(x) => ReportError::invalid(x.field.name(), x.to_string()),
        None => ReportError::invalid("instance", "invalid"),
    })?;
    if parts.schedule && not_applicable(inst, params.algorithm).is_none() {
        check_budget(inst, params.algorithm)?;
        // Every round sends at least one item: refuse up front what cannot be listed.
        let rounds = rounds_estimate(inst, params.algorithm);
        check_listing(params, rounds, rounds)?;
    }
    let report = run(inst, valid, params.algorithm)
        .map_err(|e| ReportError::invalid(e.field(), e.to_string()))?;
    if parts.schedule {
        let s = &report.schedule;
        check_listing(params, s.transfer_count() as f64, s.round_count() as f64)?;
    }
    let study = if parts.study {
        params
            .validate_studies()
            .map_err(|e| ReportError::invalid("study", e.to_string()))?;
        check_study(params)?;
        let (n, max_delta, samples, seed) = study_inputs(params);
        Some(match params.study {
            Study::Sweep => StudyResult::Sweep(makespan_sweep(
                &params.sweep,
                inst.direction,
                !inst.is_homogeneous(),
                params.algorithm,
                progress,
            )?),
            Study::LpRatio => {
                StudyResult::LpRatio(lp_ratios(n, max_delta, samples, seed, true, progress)?)
            }
            Study::Rounds => {
                StudyResult::Rounds(rounds_vs_lemma6(n, max_delta, samples, seed, progress)?)
            }
            Study::Iterative => StudyResult::Iterative(run_iterative(&params.iterative, progress)?),
        })
    } else {
        None
    };
    progress.set(1.0);
    Ok(Run {
        params: params.clone(),
        run: report,
        schedule: parts.schedule,
        study,
    })
}

impl Run {
    /// JSON: `algorithm`, `n`, `direction`, `homogeneous`, `lower_bound`, `makespan`, `valid`,
    /// `violations`, `rounds`, `flows`, `light`, `bounds`, `checks`, `lp`; `schedule` (one list
    /// of sends per round) or `transfers` (timed blocks) when asked.
    pub fn json(&self) -> Value {
        let (inst, r) = (&self.params.instance, &self.run);
        let mut o = serde_json::Map::new();
        o.insert("algorithm".into(), json!(r.algorithm.name()));
        o.insert("n".into(), json!(inst.n()));
        o.insert("direction".into(), json!(inst.direction.name()));
        o.insert("homogeneous".into(), json!(inst.is_homogeneous()));
        o.insert("lower_bound".into(), json_num(r.lower_bound));
        o.insert("makespan".into(), json_num(r.makespan));
        o.insert("valid".into(), json!(r.verification.valid));
        o.insert("violations".into(), json!(r.verification.violations));
        if let Some(k) = r.rounds {
            o.insert("rounds".into(), json!(k));
        }
        o.insert("flows".into(), json!(r.flows));
        if let Some(l) = r.light {
            o.insert("light".into(), json!(l));
        }
        let bounds: serde_json::Map<String, Value> = r
            .bounds
            .iter()
            .map(|b| {
                (
                    b.name.to_string(),
                    json!({"value": json_num(b.value), "applies": b.applies}),
                )
            })
            .collect();
        o.insert("bounds".into(), Value::Object(bounds));
        let checks: Vec<Value> = r
            .checks
            .iter()
            .map(|c| json!({"claim": c.claim, "holds": c.holds, "detail": c.detail}))
            .collect();
        o.insert("checks".into(), Value::Array(checks));
        if let Some(s) = &r.lp {
            o.insert(
                "lp".into(),
                json!({
                    "r1_rational": s.x_rational,
                    "tau_rational": s.tau_rational,
                    "tau_floor": json_num(s.x_floor_tau),
                    "tau_ceil": json_num(s.x_ceil_tau),
                    "r1_integer": s.x_int,
                    "tau_integer": json_num(s.tau_int),
                }),
            );
        }
        if self.schedule {
            match &r.schedule {
                Schedule::Rounds { rounds, .. } => {
                    let v: Vec<Value> = rounds
                        .iter()
                        .map(|sends| {
                            sends
                                .iter()
                                .map(
                                    |s| json!({"from": s.from + 1, "to": s.to + 1, "step": s.step}),
                                )
                                .collect()
                        })
                        .collect();
                    o.insert("schedule".into(), Value::Array(v));
                }
                Schedule::Timed(blocks) => {
                    let v: Vec<Value> = blocks
                        .iter()
                        .map(|b| {
                            json!({"from": b.from + 1, "to": b.to + 1, "start": json_num(b.start),
                                   "end": json_num(b.end()), "items": b.items})
                        })
                        .collect();
                    o.insert("transfers".into(), Value::Array(v));
                }
            }
        }
        Value::Object(o)
    }

    /// The document: numbers, bounds, checks, flows, the LP, the schedule, the study.
    pub fn report(&self) -> Report {
        let (inst, r) = (&self.params.instance, &self.run);
        let mut doc = Report::new(format!(
            "{} on a {} {} ring of {} processors",
            r.algorithm.label(),
            if inst.is_homogeneous() {
                "homogeneous"
            } else {
                "heterogeneous"
            },
            if inst.direction == Direction::Bi {
                "bidirectional"
            } else {
                "unidirectional"
            },
            inst.n()
        ));
        let mut values: Vec<(&str, Cell)> = vec![
            ("algorithm", r.algorithm.name().into()),
            ("makespan", r.makespan.into()),
            ("lower bound", r.lower_bound.into()),
            (
                "gap (makespan − lower bound)",
                (r.makespan - r.lower_bound).into(),
            ),
            ("rounds", r.rounds.into()),
            ("light (System 6/12)", r.light.into()),
            (
                "verification",
                if r.verification.valid {
                    "valid"
                } else {
                    "INVALID"
                }
                .into(),
            ),
        ];
        if r.rounds.is_none() {
            values.retain(|(k, _)| *k != "rounds");
        }
        if r.light.is_none() {
            values.retain(|(k, _)| !k.starts_with("light"));
        }
        doc.push(Section::values("numbers", values));
        if !r.verification.violations.is_empty() {
            let mut t = Table::new(&["violation"]);
            for v in &r.verification.violations {
                t.push(vec![v.as_str().into()]);
            }
            doc.push(Section::table("violations", t));
        }
        let mut t = Table::new(&[
            "bound",
            "value",
            "applies",
            "gap (makespan − bound)",
            "note",
        ]);
        for b in &r.bounds {
            t.push(vec![
                b.name.into(),
                b.value.into(),
                b.applies.into(),
                (r.makespan - b.value).into(),
                b.note.into(),
            ]);
        }
        doc.push(Section::table("bounds", t));
        let mut t = Table::new(&["claim", "holds", "detail"]);
        for c in &r.checks {
            t.push(vec![
                c.claim.as_str().into(),
                c.holds.into(),
                c.detail.as_str().into(),
            ]);
        }
        doc.push(Section::table("checks", t));
        let n = inst.n();
        let mut t = Table::new(&["from", "to", "net items"]);
        for (i, f) in r.flows.iter().enumerate() {
            t.push(vec![(i + 1).into(), ((i + 1) % n + 1).into(), (*f).into()]);
        }
        doc.push(Section::table("flows P_i → P_(i+1)", t));
        if let Some(s) = &r.lp {
            doc.push(Section::values(
                "System 6 / 12",
                vec![
                    ("R_1 (rational optimum)", s.x_rational.into()),
                    ("τ (rational optimum)", s.tau_rational.into()),
                    ("τ(⌊R_1⌋)", s.x_floor_tau.into()),
                    ("τ(⌈R_1⌉)", s.x_ceil_tau.into()),
                    ("R_1 (integer solution)", s.x_int.into()),
                    ("τ (integer optimum)", s.tau_int.into()),
                    ("light", s.light.into()),
                ],
            ));
        }
        if self.schedule {
            let mut t = Table::new(&["round", "from", "to", "start", "end", "items"]);
            match &r.schedule {
                Schedule::Rounds { rounds, c } => {
                    for (k, sends) in rounds.iter().enumerate() {
                        for s in sends {
                            t.push(vec![
                                (k + 1).into(),
                                (s.from + 1).into(),
                                (s.to + 1).into(),
                                (k as f64 * c).into(),
                                ((k + 1) as f64 * c).into(),
                                1u64.into(),
                            ]);
                        }
                    }
                }
                Schedule::Timed(blocks) => {
                    for b in blocks {
                        t.push(vec![
                            Cell::Empty,
                            (b.from + 1).into(),
                            (b.to + 1).into(),
                            b.start.into(),
                            b.end().into(),
                            b.items.into(),
                        ]);
                    }
                }
            }
            doc.push(Section::table("schedule", t));
        }
        if let Some(s) = &self.study {
            self.push_study(&mut doc, s);
        }
        doc
    }

    fn push_study(&self, doc: &mut Report, s: &StudyResult) {
        let prm = &self.params;
        let (n, max_delta, samples, seed) = study_inputs(prm);
        match s {
            StudyResult::Sweep(pts) => {
                let inst = &prm.instance;
                let x = if prm.sweep.var == SweepVar::N {
                    "n"
                } else {
                    "max |δ|"
                };
                let what = format!(
                    "random {} {} rings (heavy loads), {}, {} samples per point, seed {}",
                    if inst.is_homogeneous() {
                        "homogeneous"
                    } else {
                        "heterogeneous"
                    },
                    inst.direction.name(),
                    resolve(inst, prm.algorithm).name(),
                    prm.sweep.samples,
                    prm.sweep.seed
                );
                // Means over the valid samples; empty where every sample failed.
                let mut t = Table::new(&[
                    x,
                    "mean makespan",
                    "mean lower bound",
                    "worst makespan / bound",
                    "failed samples",
                ]);
                for p in pts {
                    t.push(vec![
                        p.x.into(),
                        p.makespan.into(),
                        p.bound.into(),
                        p.worst_ratio.into(),
                        p.failed.into(),
                    ]);
                }
                doc.push(Section::table(format!("study: makespan sweep, {what}"), t));
                // Points where every sample failed are gaps, not zeros.
                let curve = |f: fn(&SweepPoint) -> Option<f64>| -> Vec<[f64; 2]> {
                    pts.iter().filter_map(|p| Some([p.x, f(p)?])).collect()
                };
                doc.push(Section::series(
                    format!("plot: mean makespan and lower bound vs {x}"),
                    x,
                    "time",
                    vec![
                        Series::new("mean makespan", curve(|p| p.makespan)),
                        Series::new("mean lower bound", curve(|p| p.bound)),
                    ],
                ));
            }
            StudyResult::LpRatio(pts) => {
                let mut t =
                    Table::new(&["sample", "τ_int (System 6)", "Lemma 12", "ratio", "light"]);
                for (i, p) in pts.iter().enumerate() {
                    t.push(vec![
                        i.into(),
                        p.tau_int.into(),
                        p.lemma12.into(),
                        p.ratio.into(),
                        p.light.into(),
                    ]);
                }
                doc.push(Section::table(
                    format!(
                        "study: System 6 over Lemma 12 on {samples} random heterogeneous bidirectional rings, n = {n}, max |δ| = {max_delta}, seed {seed}, heavy loads"
                    ),
                    t,
                ));
            }
            StudyResult::Rounds(pts) => {
                let mut t = Table::new(&[
                    "sample",
                    "Lemma 6",
                    "corrected rounds",
                    "corrected valid",
                    "as printed rounds",
                    "as printed valid",
                ]);
                for (i, p) in pts.iter().enumerate() {
                    t.push(vec![
                        i.into(),
                        p.lemma6.into(),
                        p.corrected.into(),
                        p.corrected_valid.into(),
                        p.literal.into(),
                        p.literal_valid.into(),
                    ]);
                }
                doc.push(Section::table(
                    format!(
                        "study: Algorithm 3's rounds against Lemma 6 on {samples} random homogeneous bidirectional rings, n = {n}, max |δ| up to {max_delta}, seed {seed}"
                    ),
                    t,
                ));
            }
            StudyResult::Iterative(res) => {
                let mut t = Table::new(&[
                    "scheme",
                    "redistributions",
                    "skipped",
                    "via System 12",
                    "forwarded",
                ]);
                let mut series = Vec::new();
                for c in &res.schemes {
                    t.push(vec![
                        c.name.as_str().into(),
                        c.redistributions.into(),
                        c.skipped.into(),
                        c.via_system12.into(),
                        c.forwarded.into(),
                    ]);
                    series.push(Series::new(
                        c.name.clone(),
                        res.ratios
                            .iter()
                            .zip(&c.normalised)
                            .map(|(x, y)| [*x, *y])
                            .collect(),
                    ));
                }
                doc.push(Section::table(
                    "study: Section 8's iterative application (means per run)",
                    t,
                ));
                doc.push(Section::series(
                    "plot: normalised execution time vs computation-to-communication ratio",
                    "computation-to-communication ratio",
                    "normalised execution time",
                    series,
                ));
            }
        }
    }
}
