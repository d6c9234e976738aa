//! Run result of the ring redistribution model (Renard, Robert & Vivien): one algorithm's
//! schedule with the checker's verdict, every lower bound (with its gap), the claims checked on
//! the run, System 6 / 12's solution, and the random-instance study the scenario selects.
//! Processors are numbered 1..n as in the paper.

use serde_json::{Value, json};

use super::{Cell, Render, Report, ReportError, Section, Series, Table, cells, json_f64, object};
use crate::model::Progress;
use crate::model::budget::{Cost, Part, check_memory};
use crate::model::num::approx;
use crate::model::redistribute::instance::{Direction, RingInstance};
use crate::model::redistribute::iterative::{
    IterativeResult, SchemeCurve, cost as iterative_cost, run_iterative,
};
use crate::model::redistribute::params::{RedistParams, Study, SweepVar};
use crate::model::redistribute::run::{
    BUDGET, Bound, Check, RunReport, check_budget, cost as run_cost, describe, not_applicable,
    resolve, rounds_estimate, run,
};
use crate::model::redistribute::schedule::{self, Schedule};
use crate::model::redistribute::sweep::{
    LpRatio, RoundsPoint, SweepPoint, lp_ratios, makespan_sweep, makespan_sweep_cost,
    rounds_study_cost, rounds_vs_lemma6, sweep_values,
};
use crate::model::redistribute::tau_curve::{self, TauCurve};
use crate::model::redistribute::trace::{TraceRound, trace};

/// Which optional parts to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Parts {
    /// The schedule: every send (rounds) or every timed block.
    pub schedule: bool,
    /// The random-instance study the scenario selects (`params.study`).
    pub study: bool,
    /// System 6's τ(R₁) around its optimum (runs that solve System 6 or 12 only).
    pub tau_curve: bool,
}

impl Parts {
    /// Every part.
    pub fn full(_: &RedistParams) -> Self {
        Parts {
            schedule: true,
            study: true,
            tau_curve: true,
        }
    }

    /// Runs the scenario's algorithm and computes these parts.
    pub fn build(self, params: &RedistParams, progress: &dyn Progress) -> Result<Run, ReportError> {
        let inst = &params.instance;
        let valid = inst.validate().map_err(|e| match e.first() {
            Some(x) => ReportError::invalid(x.field.name(), x.to_string()),
            None => ReportError::invalid("instance", "invalid"),
        })?;
        if self.schedule && not_applicable(inst, params.algorithm).is_none() {
            check_budget(inst, params.algorithm)?;
            // Every round sends at least one item: refuse up front what cannot be listed.
            let rounds = rounds_estimate(inst, params.algorithm);
            check_listing(params, rounds, rounds)?;
        }
        let report = run(inst, valid, params.algorithm)
            .map_err(|e| ReportError::invalid(e.field(), e.to_string()))?;
        if self.schedule {
            let s = &report.schedule;
            check_listing(params, s.transfer_count() as f64, s.round_count() as f64)?;
        }
        let study = self.study.then(|| study(params, progress)).transpose()?;
        let tau_curve = match &report.lp {
            Some(sol) if self.tau_curve => {
                let part = Part {
                    field: "tau_curve",
                    what: "System 6's τ(R_1) curve".into(),
                    cost: tau_curve::cost(inst),
                };
                BUDGET.check_parts(&[part])?;
                Some(tau_curve::tau_curve(inst, sol))
            }
            _ => None,
        };
        progress.set(1.0);
        let trace = self
            .schedule
            .then(|| trace(report.algorithm, &inst.delta, &report.schedule));
        Ok(Run {
            params: params.clone(),
            trace,
            run: report,
            study,
            tau_curve,
        })
    }
}

/// Largest ring of the LP-ratio and rounds studies (they use the instance's n up to this).
pub const STUDY_N_MAX: usize = 200;
/// Largest max |δ| of the LP-ratio and rounds studies.
pub const STUDY_DELTA_MAX: i64 = 1000;

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

/// Memory of one transfer listed in the output (its JSON object with its round's array, or
/// its table row and CSV line), in bytes: measured 920 B per one-send round and 1.2 kB per
/// send of the n = 10 000 ring (14.9 GB for its 1.25·10^7 sends) in JSON.
pub const LISTED_TRANSFER_BYTES: f64 = 1200.0;
/// Memory of one round listed in the output besides its transfers, in bytes (with its trace
/// entry: the why sentence and up to 32 maximal slices). Issue 24 measured 1.085 GB for the
/// 343 406 one-send rounds of `--delta 343406,-343406 --algorithm alg1 --rounds --json`,
/// about 3.05 kB per round with its send where 1200 + 1600 B were estimated: 1900 B, so that
/// listing stays under 1 GB up to about 3.1·10^5 such rounds.
pub const LISTED_ROUND_BYTES: f64 = 1900.0;

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
    /// When the schedule belongs to the result: one entry per round of a round-based schedule,
    /// with the why (none for a timed schedule); None when it does not.
    pub trace: Option<Vec<TraceRound>>,
    /// The selected study, when computed.
    pub study: Option<StudyResult>,
    /// System 6's τ(R₁), when asked for and the run solved System 6 or 12.
    pub tau_curve: Option<TauCurve>,
}

/// Checks the study's parameters and computes it.
fn study(params: &RedistParams, progress: &dyn Progress) -> Result<StudyResult, ReportError> {
    params
        .validate_studies()
        .map_err(|e| ReportError::invalid("study", e.to_string()))?;
    check_study(params)?;
    let inst = &params.instance;
    let (n, max_delta, samples, seed) = study_inputs(params);
    Ok(match params.study {
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
}

/// "homogeneous" or "heterogeneous".
fn kind(inst: &RingInstance) -> &'static str {
    if inst.is_homogeneous() {
        "homogeneous"
    } else {
        "heterogeneous"
    }
}

impl Render for Run {
    /// JSON: `algorithm`, `n`, `direction`, `homogeneous`, `lower_bound`, `makespan`, `valid`,
    /// `violations`, `rounds`, `flows`, `light`, `bounds`, `checks`, `lp`; `schedule` (one list
    /// of sends per round, each citing its pseudo-code `step`) with `trace` (one entry per
    /// round: `round`, `delta_max`, 1-based `maximal_slices`, `steps`, `text`), or `transfers`
    /// (timed blocks) when asked.
    fn json(&self) -> Value {
        let (inst, r) = (&self.params.instance, &self.run);
        let bound = |b: &Bound| {
            (
                b.name,
                json!({"value": json_f64(b.value), "applies": b.applies}),
            )
        };
        let check = |c: &Check| json!({"claim": c.claim, "holds": c.holds, "detail": c.detail});
        let mut o = object(json!({
            "algorithm": r.algorithm.name(), "n": inst.n(), "direction": inst.direction.name(),
            "homogeneous": inst.is_homogeneous(), "lower_bound": json_f64(r.lower_bound),
            "makespan": json_f64(r.makespan), "valid": r.verification.valid,
            "violations": r.verification.violations, "flows": r.flows,
            "bounds": r.bounds.iter().map(bound).collect::<Value>(),
            "checks": r.checks.iter().map(check).collect::<Value>(),
        }));
        if let Some(k) = r.rounds {
            o.insert("rounds".into(), json!(k));
        }
        if let Some(l) = r.light {
            o.insert("light".into(), json!(l));
        }
        if let Some(s) = &r.lp {
            let lp = json!({
                "r1_rational": s.x_rational, "tau_rational": s.tau_rational,
                "tau_floor": json_f64(s.x_floor_tau), "tau_ceil": json_f64(s.x_ceil_tau),
                "r1_integer": s.x_int, "tau_integer": json_f64(s.tau_int),
            });
            o.insert("lp".into(), lp);
        }
        if let Some(c) = &self.tau_curve {
            let (r1, tau): (Vec<Value>, Vec<Value>) = c
                .points
                .iter()
                .map(|p| (json_f64(p[0]), json_f64(p[1])))
                .unzip();
            let curve = json!({
                "r1": r1, "tau": tau,
                "rational": {"r1": json_f64(c.rational.0), "tau": json_f64(c.rational.1)},
                "floor": {"r1": c.floor.0, "tau": json_f64(c.floor.1)},
                "ceil": {"r1": c.ceil.0, "tau": json_f64(c.ceil.1)},
                "integer": {"r1": c.integer.0, "tau": json_f64(c.integer.1)},
                "rounding": tau_curve::rounding_name(c.rounding),
                "light": c.light.map(|(a, b)| [a, b]),
                "heavy_rounding": c.heavy_rounding().map(|(heavy, light)| {
                    json!({"rounding": heavy, "light_optimum": light})
                }),
            });
            o.insert("system6_curve".into(), curve);
        }
        if let Some(trace) = &self.trace {
            match &r.schedule {
                Schedule::Rounds { rounds, .. } => {
                    let send = |s: &schedule::Send| json!({"from": s.from + 1, "to": s.to + 1, "step": s.step});
                    let round =
                        |sends: &Vec<schedule::Send>| sends.iter().map(send).collect::<Value>();
                    o.insert("schedule".into(), rounds.iter().map(round).collect());
                    let entry = |t: &TraceRound| {
                        let slices: Vec<[usize; 2]> = t
                            .maximal_slices
                            .iter()
                            .map(|&(a, b)| [a + 1, b + 1])
                            .collect();
                        json!({"round": t.round, "delta_max": t.delta_max,
                               "maximal_slices": slices, "maximal_slices_total": t.slices_total,
                               "steps": t.steps, "text": t.text})
                    };
                    o.insert("trace".into(), trace.iter().map(entry).collect());
                }
                Schedule::Timed(blocks) => {
                    let block = |b: &schedule::Block| {
                        json!({"from": b.from + 1, "to": b.to + 1, "start": json_f64(b.start),
                               "end": json_f64(b.end()), "items": b.items})
                    };
                    o.insert("transfers".into(), blocks.iter().map(block).collect());
                }
            }
        }
        Value::Object(o)
    }

    /// The document: numbers, bounds, checks, flows, the LP, the schedule, the study.
    fn report(&self) -> Report {
        let (inst, r) = (&self.params.instance, &self.run);
        let mut doc = Report::new(format!(
            "{} on a {} {} ring of {} processors",
            r.algorithm.label(),
            kind(inst),
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
        ];
        values.extend(r.rounds.map(|k| ("rounds", k.into())));
        values.extend(r.light.map(|l| ("light (System 6/12)", l.into())));
        let verification = if r.verification.valid {
            "valid"
        } else {
            "INVALID"
        };
        values.push(("verification", verification.into()));
        doc.push(Section::values("numbers", values));
        let violations = &r.verification.violations;
        if !violations.is_empty() {
            let t = Table::from_rows(&["violation"], violations, |v| cells![v.as_str()]);
            doc.push(Section::table("violations", t));
        }
        let header = [
            "bound",
            "value",
            "applies",
            "gap (makespan − bound)",
            "note",
        ];
        let bounds = Table::from_rows(&header, &r.bounds, |b| {
            cells![b.name, b.value, b.applies, r.makespan - b.value, b.note]
        });
        doc.push(Section::table("bounds", bounds));
        let checks = r.checks.iter();
        doc.push(Section::checks(
            checks.map(|c| (c.claim.as_str(), c.holds, c.detail.as_str())),
        ));
        let n = inst.n();
        let flows = Table::from_rows(
            &["from", "to", "net items"],
            r.flows.iter().enumerate(),
            |(i, &f)| cells![i + 1, (i + 1) % n + 1, f],
        );
        doc.push(Section::table("flows P_i → P_(i+1)", flows));
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
        if let Some(trace) = &self.trace {
            doc.push(Section::table("schedule", self.schedule_table()));
            if !trace.is_empty() {
                let header = ["round", "δ_max before", "maximal slices", "steps", "why"];
                let t = Table::from_rows(&header, trace, |t| {
                    let slices: Vec<String> = t
                        .maximal_slices
                        .iter()
                        .map(|&(a, b)| format!("P{}…P{}", a + 1, b + 1))
                        .collect();
                    let steps: Vec<String> = t.steps.iter().map(u8::to_string).collect();
                    cells![
                        t.round,
                        t.delta_max,
                        slices.join(" "),
                        steps.join(" "),
                        t.text.as_str()
                    ]
                });
                doc.push(Section::table("trace (why each round)", t));
            }
        }
        if let Some(s) = &self.study {
            doc.push(Section::table(self.study_title(), self.study_table(s)));
            doc.sections.extend(self.study_plot(s));
        }
        doc
    }
}

impl Run {
    /// Every send of every round (at its round's time), or every timed block.
    fn schedule_table(&self) -> Table {
        let header = ["round", "from", "to", "start", "end", "items"];
        match &self.run.schedule {
            Schedule::Rounds { rounds, c } => {
                let rounds = rounds.iter().enumerate();
                let sends = rounds.flat_map(|(k, sends)| sends.iter().map(move |s| (k, s)));
                Table::from_rows(&header, sends, |(k, s)| {
                    let (start, end) = (k as f64 * c, (k + 1) as f64 * c);
                    cells![k + 1, s.from + 1, s.to + 1, start, end, 1u64]
                })
            }
            Schedule::Timed(blocks) => Table::from_rows(&header, blocks, |b| {
                cells![Cell::Empty, b.from + 1, b.to + 1, b.start, b.end(), b.items]
            }),
        }
    }

    /// The study's title: what was computed on which random rings.
    fn study_title(&self) -> String {
        let prm = &self.params;
        let (n, max_delta, samples, seed) = study_inputs(prm);
        match prm.study {
            Study::Sweep => {
                let inst = &prm.instance;
                format!(
                    "study: makespan sweep, random {} {} rings (heavy loads), {}, {} samples per point, seed {}",
                    kind(inst),
                    inst.direction.name(),
                    resolve(inst, prm.algorithm).name(),
                    prm.sweep.samples,
                    prm.sweep.seed
                )
            }
            Study::LpRatio => format!(
                "study: System 6 over Lemma 12 on {samples} random heterogeneous bidirectional rings, n = {n}, max |δ| = {max_delta}, seed {seed}, heavy loads"
            ),
            Study::Rounds => format!(
                "study: Algorithm 3's rounds against Lemma 6 on {samples} random homogeneous bidirectional rings, n = {n}, max |δ| up to {max_delta}, seed {seed}"
            ),
            Study::Iterative => {
                "study: Section 8's iterative application (means per run)".to_string()
            }
        }
    }

    /// The x axis of the makespan sweep.
    fn sweep_x(&self) -> &'static str {
        if self.params.sweep.var == SweepVar::N {
            "n"
        } else {
            "max |δ|"
        }
    }

    /// The study's table: one row per sweep point, random sample or scheme.
    fn study_table(&self, s: &StudyResult) -> Table {
        match s {
            StudyResult::Sweep(pts) => {
                let header = [
                    self.sweep_x(),
                    "mean makespan",
                    "mean lower bound",
                    "worst makespan / bound",
                    "failed samples",
                ];
                // Means over the valid samples; empty where every sample failed.
                Table::from_rows(&header, pts, |p| {
                    cells![p.x, p.makespan, p.bound, p.worst_ratio, p.failed]
                })
            }
            StudyResult::LpRatio(pts) => {
                let header = ["sample", "τ_int (System 6)", "Lemma 12", "ratio", "light"];
                per_sample(&header, pts, |p| {
                    cells![p.tau_int, p.lemma12, p.ratio, p.light]
                })
            }
            StudyResult::Rounds(pts) => {
                let header = [
                    "sample",
                    "Lemma 6",
                    "corrected rounds",
                    "corrected valid",
                    "as printed rounds",
                    "as printed valid",
                ];
                per_sample(&header, pts, |p| {
                    cells![
                        p.lemma6,
                        p.corrected,
                        p.corrected_valid,
                        p.literal,
                        p.literal_valid
                    ]
                })
            }
            StudyResult::Iterative(res) => {
                let header = [
                    "scheme",
                    "redistributions",
                    "skipped",
                    "via System 12",
                    "forwarded",
                ];
                Table::from_rows(&header, &res.schemes, |c| {
                    cells![
                        c.name.as_str(),
                        c.redistributions,
                        c.skipped,
                        c.via_system12,
                        c.forwarded
                    ]
                })
            }
        }
    }

    /// The study's plot, for the studies that have one.
    fn study_plot(&self, s: &StudyResult) -> Option<Section> {
        match s {
            StudyResult::Sweep(pts) => {
                let x = self.sweep_x();
                // Points where every sample failed are gaps, not zeros.
                let line = |name, y: fn(&SweepPoint) -> Option<f64>| {
                    Series::from_items(name, pts, |p| Some([p.x, y(p)?]))
                };
                let series = vec![
                    line("mean makespan", |p| p.makespan),
                    line("mean lower bound", |p| p.bound),
                ];
                let name = format!("plot: mean makespan and lower bound vs {x}");
                Some(Section::series(name, x, "time", series))
            }
            StudyResult::Iterative(res) => {
                let curve = |c: &SchemeCurve| {
                    let points = res.ratios.iter().zip(&c.normalised).map(|(x, y)| [*x, *y]);
                    Series::new(c.name.clone(), points.collect())
                };
                Some(Section::series(
                    "plot: normalised execution time vs computation-to-communication ratio",
                    "computation-to-communication ratio",
                    "normalised execution time",
                    res.schemes.iter().map(curve).collect(),
                ))
            }
            StudyResult::LpRatio(_) | StudyResult::Rounds(_) => None,
        }
    }
}

/// A table of random samples, one row per sample: its number (from 0) under the first column,
/// then the cells `row` gives.
fn per_sample<T>(header: &[&str], samples: &[T], row: impl Fn(&T) -> Vec<Cell>) -> Table {
    Table::from_rows(header, samples.iter().enumerate(), |(i, p)| {
        let mut cells = vec![Cell::from(i)];
        cells.extend(row(p));
        cells
    })
}
