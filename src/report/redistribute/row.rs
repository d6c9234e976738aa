//! What the report layer knows of the ring redistribution model ([`ModelReport`]): its run,
//! its step positions, its secrecy relations and its maps.

use super::Parts;
use crate::model::Progress;
use crate::model::map::CellResult;
use crate::model::redistribute::bounds::best_applicable_bound;
use crate::model::redistribute::instance::RingInstance;
use crate::model::redistribute::params::BUDGET;
use crate::model::redistribute::params::{Algorithm, RANDOM_MAX_DELTA, RANDOM_N, RedistParams};
use crate::model::redistribute::run::{Span, span};
use crate::model::registry::Scenario;
use crate::report::ReportError;
use crate::report::keys::redistribute::{self as r, DELTA_MAX};
use crate::report::map::catalog::{MapMetric, MapParam, defined, map_param, quotient};
use crate::report::row::{ModelReport, model_parts};

model_parts!(RedistParams => Redistribute);

impl ModelReport for Parts {
    /// Every round (or event time) of the schedule, then the end.
    fn steps(p: &RedistParams, progress: &dyn Progress) -> Result<usize, ReportError> {
        let run = Parts::default().build(p, progress)?;
        Ok(run.run.schedule.step_positions())
    }

    /// The makespan, the rounds (c per round on a homogeneous ring) and the lower bounds are tied
    /// by the gap and the ratio; System 6's integer optimum is the better of τ(⌊R₁⌋) and τ(⌈R₁⌉)
    /// (Proposition 1).
    fn relations(field: &str, _run: &serde_json::Value) -> Vec<&'static str> {
        let tied = [r::GAP, r::MAKESPAN_OVER_BOUND, r::BOUNDS_GAP];
        match field {
            r::MAKESPAN | r::ROUNDS => {
                // (R₁'s integer value only says which rounding is optimal; the makespan is τ
                // of it, which the student is asked to work out: it stays, as the Why line
                // writes it.)
                let mut v = vec![r::MAKESPAN, r::ROUNDS, r::LP_TAU_FLOOR, r::LP_TAU_CEIL];
                v.push(r::LP_TAU_INTEGER);
                v.push(DELTA_MAX);
                v.extend(tied);
                v
            }
            f if f == r::LOWER_BOUND || f.starts_with(&format!("{}.", r::BOUNDS)) => {
                let mut v = vec![r::LOWER_BOUND, DELTA_MAX];
                v.extend(tied);
                v
            }
            _ => Vec::new(),
        }
    }

    fn plotted(field: &str) -> bool {
        matches!(field, r::MAKESPAN | r::ROUNDS)
    }

    const COMPARED: &'static [&'static str] = &[r::BOUNDS_VALUE];

    /// The schedule's answer: its makespan and rounds, and of System 6's solution the
    /// makespans of the roundings (the better of τ(⌊R₁⌋) and τ(⌈R₁⌉) is the integer
    /// optimum's). R₁ and the rational τ are the LP's, known before any round runs.
    const OUTCOME: &'static [&'static str] = &[
        r::MAKESPAN,
        r::ROUNDS,
        r::LP_TAU_FLOOR,
        r::LP_TAU_CEIL,
        r::LP_TAU_INTEGER,
    ];
    /// The gap and the ratio to the best lower bound.
    const COMPUTED: &'static [(&'static str, &'static [&'static str])] = &[
        (r::GAP, &[r::MAKESPAN, r::LOWER_BOUND]),
        (r::MAKESPAN_OVER_BOUND, &[r::MAKESPAN, r::LOWER_BOUND]),
    ];

    const MAP_PARAMS: &'static [MapParam] = &[
        map_param!(Redistribute, spec RANDOM_N, |p| p.random.n, usize),
        map_param!(Redistribute, spec RANDOM_MAX_DELTA, |p| p.random.max_delta, i64),
    ];
    const MAP_METRICS: &'static [MapMetric] = &[
        MapMetric::ratio(
            "makespan_over_bound",
            "makespan / best lower bound (0/0 counts 1)",
            r::MAKESPAN,
            r::LOWER_BOUND,
        )
        .symbol("makespan / lower bound")
        .fast(|s| {
            let (run, inst) = ring_span(s, None)?;
            let makespan = defined(r::MAKESPAN, run.makespan)?;
            let bound = defined(r::LOWER_BOUND, best_applicable_bound(inst))?;
            quotient(makespan, bound, r::LOWER_BOUND)
        }),
        MapMetric::field("makespan", "makespan of the algorithm", r::MAKESPAN)
            .fast(|s| defined(r::MAKESPAN, ring_span(s, None)?.0.makespan)),
        MapMetric::field("lower_bound", "best applicable lower bound", r::LOWER_BOUND)
            .symbol("lower bound")
            .fast(|s| {
                let (_, inst) = ring_span(s, None)?;
                defined(r::LOWER_BOUND, best_applicable_bound(inst))
            }),
        MapMetric::tweaked(
            "rounds_printed",
            "rounds of Algorithm 3 as printed",
            &[|s| algorithm(s, Algorithm::Alg3Literal)],
            r::ROUNDS,
        )
        .symbol("rounds, as printed")
        .fast(|s| ring_rounds(&ring_span(s, Some(Algorithm::Alg3Literal))?.0)),
        MapMetric::tweaked(
            "rounds_corrected",
            "rounds of Algorithm 3 corrected",
            &[|s| algorithm(s, Algorithm::Alg3)],
            r::ROUNDS,
        )
        .symbol("rounds, corrected")
        .fast(|s| ring_rounds(&ring_span(s, Some(Algorithm::Alg3))?.0)),
        MapMetric::tweaked(
            "rounds_printed_over_corrected",
            "rounds of Algorithm 3 as printed / corrected",
            &[
                |s| algorithm(s, Algorithm::Alg3Literal),
                |s| algorithm(s, Algorithm::Alg3),
            ],
            r::ROUNDS,
        )
        .symbol("rounds printed / corrected")
        .divided()
        .fast(|s| {
            let (printed, _) = ring_span(s, Some(Algorithm::Alg3Literal))?;
            let (corrected, _) = ring_span(s, Some(Algorithm::Alg3))?;
            quotient(ring_rounds(&printed)?, ring_rounds(&corrected)?, r::ROUNDS)
        }),
    ];

    fn map_cost(p: &RedistParams, _: bool) -> f64 {
        p.instance.validate().map_or(0.0, |_| {
            crate::model::redistribute::run::cost(&p.instance, p.algorithm).work / BUDGET.work
        })
    }
}

/// Sets the scenario's algorithm.
fn algorithm(s: &mut Scenario, a: Algorithm) {
    if let Scenario::Redistribute(p) = s {
        p.algorithm = a;
    }
}

/// The makespan and rounds of one ring's schedule (with `algorithm`, or the scenario's), from
/// the same schedule the run result plans, without its checker, claims and bounds; errors
/// worded as the run result's.
fn ring_span(s: &Scenario, algorithm: Option<Algorithm>) -> Result<(Span, &RingInstance), String> {
    let p = crate::report::row::params::<RedistParams>(s)
        .map_err(|_| "not a redistribution scenario".to_string())?;
    let inst = &p.instance;
    let valid = inst.validate().map_err(|e| match e.first() {
        Some(x) => format!("{}: {x}", x.field.name()),
        None => "instance: invalid".into(),
    })?;
    let run = span(inst, valid, algorithm.unwrap_or(p.algorithm))
        .map_err(|e| format!("{}: {e}", e.field()))?;
    Ok((run, inst))
}

/// The rounds of a schedule (undefined for a timed one, as in the run's JSON).
fn ring_rounds(run: &Span) -> CellResult {
    run.rounds
        .map(|n| n as f64)
        .ok_or_else(|| format!("{} is not defined at these parameters", r::ROUNDS))
}
