//! Run result of the ring redistribution model (Renard, Robert & Vivien): one algorithm's
//! schedule with the checker's verdict, every lower bound (with its gap), the claims checked on
//! the run, System 6 / 12's solution, and the random-instance study the scenario selects.
//! Processors are numbered 1..n as in the paper.

mod row;

use serde_json::{Value, json};

use super::{
    Cell, Figure, Render, Report, ReportError, Role, Section, Series, Table, cells, json_f64,
    object,
};
use crate::model::Progress;
use crate::model::budget::{Part, check_memory};
use crate::model::format::{Precision, number};
use crate::model::redistribute::bounds::Bound;
use crate::model::redistribute::instance::{Direction, RingInstance};
use crate::model::redistribute::params::{BUDGET, RedistParams};
use crate::model::redistribute::run::{
    Check, RunReport, check_budget, cost as run_cost, not_applicable, rounds_estimate, run,
    sends_at_least,
};
use crate::model::redistribute::schedule::{self, Schedule};
use crate::model::redistribute::send;
use crate::model::redistribute::tau_curve::{self, TauCurve};
use crate::model::redistribute::trace::{TraceRound, trace};

mod study;
pub use study::{
    STUDY_DELTA_MAX, STUDY_N_MAX, StudyResult, sections as study_sections, study, study_inputs,
    study_scenario, summary as study_summary, title as study_title,
};

/// Name of the gap between the makespan and the best lower bound (one definition: the
/// difference, 0 when the bound is met exactly).
pub const GAP: &str = "gap (makespan − lower bound)";
/// Name of the quotient of the makespan by the best lower bound.
pub const RATIO: &str = "makespan / lower bound";

/// Which optional parts to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Parts {
    /// The schedule: every send (rounds) or every timed block.
    pub schedule: bool,
    /// The random-instance study the scenario selects (`params.study`).
    pub study: bool,
    /// System 6's τ(R₁) around its optimum (runs that solve System 6 or 12 only).
    pub tau_curve: bool,
    /// The schedule is listed as JSON (`--rounds --json`, a lesson check): the heavier
    /// listing ([`LISTED_TRANSFER_BYTES`]); else as a document (text, CSV, the GUI:
    /// [`DOCUMENT_TRANSFER_BYTES`]).
    pub json_listing: bool,
}

impl Parts {
    /// Every part.
    pub fn full(_: &RedistParams) -> Self {
        Parts {
            schedule: true,
            study: true,
            tau_curve: true,
            json_listing: false,
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
            // Refuse up front what cannot be listed: every round sends at least one item, and
            // the sends are at least what the net flows need (a lower bound: what fits it may
            // still be refused after the run, by the count).
            let rounds = rounds_estimate(inst, params.algorithm);
            let (sends, exact) = sends_at_least(inst, params.algorithm);
            let count = Count {
                transfers: sends.max(rounds),
                rounds,
                at_least: !exact,
            };
            check_listing(params, self.json_listing, count)?;
        }
        let report = run(inst, valid, params.algorithm)
            .map_err(|e| ReportError::invalid(e.field(), e.to_string()))?;
        if self.schedule {
            let s = &report.schedule;
            let count = Count {
                transfers: s.transfer_count() as f64,
                rounds: s.round_count() as f64,
                at_least: false,
            };
            check_listing(params, self.json_listing, count)?;
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

/// Memory of one transfer listed as a document (text, CSV; the GUI holds less), in bytes:
/// half the JSON's. Measured (release build): `--delta 259066,-129533,-129533 --algorithm alg3
/// --csv` (3.9·10^5 transfers in 2.6·10^5 rounds) peaks at 406 MB and was refused at the next
/// value as "about 1 GB" by the JSON figures, although it runs in 0.83 s.
pub const DOCUMENT_TRANSFER_BYTES: f64 = 600.0;
/// Memory of one round listed as a document besides its transfers, in bytes (half the
/// JSON's [`LISTED_ROUND_BYTES`]).
pub const DOCUMENT_ROUND_BYTES: f64 = 950.0;

/// The size of a schedule to list: counted after the run, or bounded from below before it.
#[derive(Debug, Clone, Copy)]
struct Count {
    transfers: f64,
    rounds: f64,
    /// The transfers are a lower bound (before the run), not the count.
    at_least: bool,
}

/// Refuses to list a schedule of `count`'s transfers and rounds whose rows would not fit the
/// memory limit with the schedule held (on "rounds": the flag that asks for the list; `--csv`
/// always lists it).
fn check_listing(params: &RedistParams, json: bool, count: Count) -> Result<(), ReportError> {
    let Count {
        transfers,
        rounds,
        at_least,
    } = count;
    let held = run_cost(&params.instance, params.algorithm).bytes;
    let (per_transfer, per_round) = if json {
        (LISTED_TRANSFER_BYTES, LISTED_ROUND_BYTES)
    } else {
        (DOCUMENT_TRANSFER_BYTES, DOCUMENT_ROUND_BYTES)
    };
    let listed = transfers * per_transfer + rounds * per_round;
    let what = format!(
        "listing the schedule ({}{} transfers{}, with --rounds or --csv; leave it out to get \
         the numbers)",
        if at_least { "at least " } else { "" },
        number(transfers, Precision::Estimate),
        if rounds > 0.0 {
            format!(" in {} rounds", number(rounds, Precision::Estimate))
        } else {
            String::new()
        }
    );
    Ok(check_memory("rounds", &what, held + listed)?)
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

/// System 6's τ(R₁) as a plot: the convex curve (a closed form, Lemma 10), its rational
/// optimum R₁* and the two roundings ⌊R₁*⌋, ⌈R₁*⌉ of Proposition 1 (the chosen one marked).
pub fn tau_section(c: &TauCurve) -> Section {
    let chosen = c.better_rounding().0;
    let star = |r: i64| if r == chosen { " (chosen)" } else { "" };
    // The three marks are points of the curve, drawn as markers (the simulated style).
    let mark = |name: String, p: [f64; 2], group: usize| Series::new(name, vec![p]).group(group);
    let series = vec![
        Series::new("τ(R₁)", c.points.clone()).role(Role::ClosedForm),
        mark(
            "rational optimum R₁*".into(),
            [c.rational.0, c.rational.1],
            1,
        ),
        mark(
            format!("⌊R₁*⌋ = {}{}", c.floor.0, star(c.floor.0)),
            [c.floor.0 as f64, c.floor.1],
            2,
        ),
        mark(
            format!("⌈R₁*⌉ = {}{}", c.ceil.0, star(c.ceil.0)),
            [c.ceil.0 as f64, c.ceil.1],
            3,
        ),
    ];
    Section::series(
        "plot: τ(R_1) of System 6",
        "R₁ (items P₁ → P₂)",
        "τ",
        series,
    )
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
    /// JSON: `algorithm`, `n`, `direction`, `homogeneous`, `lower_bound`, `makespan`, `gap`,
    /// `makespan_over_bound`, `valid`,
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
        o.insert("gap".into(), json_f64(r.makespan - r.lower_bound));
        o.insert(
            "makespan_over_bound".into(),
            json_f64(self.makespan_over_bound()),
        );
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
                    let send = |s: &send::Send| json!({"from": s.from + 1, "to": s.to + 1, "step": s.step});
                    let round = |sends: &[send::Send]| sends.iter().map(send).collect::<Value>();
                    o.insert(
                        "schedule".into(),
                        rounds.iter().map(|r| round(&r)).collect(),
                    );
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
        let mut doc = Report::new(self.title());
        doc.push(Section::numbers(&self.figures()));
        let violations = &r.verification.violations;
        if !violations.is_empty() {
            let t = Table::from_rows(&["violation"], violations, |v| cells![v.as_str()]);
            doc.push(Section::table("violations", t));
        }
        doc.push(Section::table("bounds", self.bounds_table()));
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
        if let Some(c) = &self.tau_curve {
            doc.push(tau_section(c));
        }
        if let Some(s) = &self.study {
            doc.sections.extend(study_sections(&self.params, s));
        }
        doc
    }
}

impl Run {
    /// The report's title: the algorithm (its menu label) on which ring.
    pub fn title(&self) -> String {
        let inst = &self.params.instance;
        format!(
            "{} on a {} {} ring of {} processors",
            self.run.algorithm.label(),
            kind(inst),
            if inst.direction == Direction::Bi {
                "bidirectional"
            } else {
                "unidirectional"
            },
            inst.n()
        )
    }

    /// The makespan over the best lower bound (1 when both are 0: an instance with nothing to
    /// move; infinite when only the bound is 0).
    pub fn makespan_over_bound(&self) -> f64 {
        let (m, b) = (self.run.makespan, self.run.lower_bound);
        if b > 0.0 {
            m / b
        } else if m == 0.0 {
            1.0
        } else {
            f64::INFINITY
        }
    }

    /// The run's numbers, each under its JSON key and its one name: the algorithm, the
    /// makespan, the best lower bound with the gap and the ratio, the checker's verdict, the
    /// rounds (round-based schedules), lightness and System 6 / 12's solution (the LP).
    pub fn figures(&self) -> Vec<Figure> {
        let r = &self.run;
        let mut f = vec![
            Figure::new("algorithm", "algorithm", r.algorithm.name()),
            Figure::new("makespan", "makespan", r.makespan),
            Figure::new("lower_bound", "best lower bound", r.lower_bound),
            Figure::new("gap", GAP, r.makespan - r.lower_bound),
            Figure::new("makespan_over_bound", RATIO, self.makespan_over_bound()),
            Figure::new("valid", "valid (checker)", r.verification.valid),
        ];
        f.extend(r.rounds.map(|k| Figure::new("rounds", "rounds", k)));
        f.extend(
            r.light
                .map(|l| Figure::new("light", "light (System 6/12)", l)),
        );
        if let Some(s) = &r.lp {
            f.extend([
                Figure::new("lp.r1_rational", "R_1 (rational optimum)", s.x_rational),
                Figure::new("lp.tau_rational", "τ (rational optimum)", s.tau_rational),
                Figure::new("lp.tau_floor", "τ(⌊R_1⌋)", s.x_floor_tau),
                Figure::new("lp.tau_ceil", "τ(⌈R_1⌉)", s.x_ceil_tau),
                Figure::new("lp.r1_integer", "R_1 (integer solution)", s.x_int),
                Figure::new("lp.tau_integer", "τ (integer optimum)", s.tau_int),
            ]);
        }
        f
    }

    /// Every lower bound: its value, whether it applies to this ring, the gap to the makespan
    /// (as [`GAP`] defines it; none where the bound does not apply: a gap of −2 to Lemma 1's
    /// one-direction bound read as a schedule beating a lower bound) and the paper's statement.
    pub fn bounds_table(&self) -> Table {
        let r = &self.run;
        let header = [
            "bound",
            "value",
            "applies",
            "gap (makespan − bound)",
            "note",
        ];
        Table::from_rows(&header, &r.bounds, |b| {
            let gap = b.applies.then(|| Cell::from(r.makespan - b.value));
            cells![
                b.name,
                b.value,
                b.applies,
                gap.unwrap_or(Cell::Empty),
                b.note
            ]
        })
    }

    /// Every send of every round (at its round's time), or every timed block.
    fn schedule_table(&self) -> Table {
        let header = ["round", "from", "to", "start", "end", "items"];
        match &self.run.schedule {
            Schedule::Rounds { rounds, c } => {
                let rounds = rounds.iter().enumerate();
                let sends = rounds
                    .flat_map(|(k, sends)| sends.into_owned().into_iter().map(move |s| (k, s)));
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
}
