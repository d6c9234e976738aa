//! Each model's map parameters and metrics.

use super::*;
use crate::model::redistribute::params::{RANDOM_MAX_DELTA, RANDOM_N};
use crate::report::keys::{
    divisible as d, geodecay as g, ksbf as k, redistribute as r, treesweep as t,
};

pub(super) fn geo_policy(s: &mut Scenario, policy: geodecay::Policy) {
    if let Scenario::Geodecay(p) = s {
        p.policy = policy;
    }
}

pub(super) fn redist_algorithm(s: &mut Scenario, a: Algorithm) {
    if let Scenario::Redistribute(p) = s {
        p.algorithm = a;
    }
}

/// Each model's map parameters and metrics, one row per model in [`ModelId`] order
/// (`BY_MODEL[m.index()].0 == m`).
pub(super) const BY_MODEL: [(ModelId, &[MapParam], &[MapMetric]); 5] = [
    (ModelId::Divisible, DIVISIBLE_PARAMS, DIVISIBLE_METRICS),
    (ModelId::Geodecay, GEO_PARAMS, GEO_METRICS),
    (ModelId::TreeSweep, TREE_PARAMS, TREE_METRICS),
    (ModelId::Ksbf, KSBF_PARAMS, KSBF_METRICS),
    (ModelId::Redistribute, REDIST_PARAMS, REDIST_METRICS),
];

pub(super) const DIVISIBLE_PARAMS: &[MapParam] = &[
    param!(Divisible, spec divisible::params::H, |p| p.h, i64),
    param!(Divisible, spec divisible::params::BETA, |p| p.beta, f64),
    param!(Divisible, spec divisible::params::B, |p| p.b, i64),
];

pub(super) const DIVISIBLE_METRICS: &[MapMetric] = &[
    ratio_field(
        "ratio_c_over_p",
        "T_C / T_P: how much faster pipelining is",
        d::RATIO_C_OVER_P,
    )
    .fast(|s| divisible_ratio(s, d::RATIO_C_OVER_P)),
    ratio_field(
        "ratio_p_over_q",
        "T_P / T_Q: the gain of overlapping",
        d::RATIO_P_OVER_Q,
    )
    .fast(|s| divisible_ratio(s, d::RATIO_P_OVER_Q)),
    field("speedup_c", "speedup of method C", d::C_SPEEDUP)
        .fast(|s| divisible_method(s, Method::C, d::C_SPEEDUP)),
    field("speedup_p", "speedup of method P", d::P_SPEEDUP)
        .fast(|s| divisible_method(s, Method::P, d::P_SPEEDUP)),
    field("speedup_q", "speedup of method Q", d::Q_SPEEDUP)
        .fast(|s| divisible_method(s, Method::Q, d::Q_SPEEDUP)),
    field(
        "efficiency_p",
        "efficiency of method P (speedup / N)",
        d::P_EFFICIENCY,
    )
    .fast(|s| divisible_method(s, Method::P, d::P_EFFICIENCY)),
    field("time_c", "T_C, finishing time of method C", d::C_TIME)
        .fast(|s| divisible_method(s, Method::C, d::C_TIME)),
    field("time_p", "T_P, finishing time of method P", d::P_TIME)
        .fast(|s| divisible_method(s, Method::P, d::P_TIME)),
];

pub(super) const GEO_PARAMS: &[MapParam] = &[
    param!(
        Geodecay,
        spec geodecay::params::ELL,
        |p| p.ell,
        f64
    ),
    param!(
        Geodecay,
        spec geodecay::params::P,
        |p| p.p,
        u64
    ),
    param!(
        Geodecay,
        spec geodecay::params::N,
        |p| p.n,
        u64
    ),
    param!(
        Geodecay,
        spec geodecay::params::ALPHA,
        |p| p.alpha,
        f64
    ),
    param!(
        Geodecay,
        spec geodecay::params::C,
        |p| p.c,
        f64
    ),
    param!(
        Geodecay,
        spec geodecay::params::EVERY,
        |p| p.every,
        u64
    ),
];

pub(super) const GEO_METRICS: &[MapMetric] = &[
    tweaked(
        "standard_over_improved",
        "time of the standard policy / time of the improved policy",
        &[
            |s| geo_policy(s, geodecay::Policy::Standard),
            |s| geo_policy(s, geodecay::Policy::Improved),
        ],
        g::TIME,
    )
    .divided(),
    tweaked(
        "never_over_improved",
        "time of never balancing / time of the improved policy",
        &[
            |s| geo_policy(s, geodecay::Policy::Never),
            |s| geo_policy(s, geodecay::Policy::Improved),
        ],
        g::TIME,
    )
    .divided(),
    tweaked(
        "improved_over_optimal",
        "time of the improved policy / time of the optimal policy (gm-best-possible)",
        &[
            |s| geo_policy(s, geodecay::Policy::Improved),
            |s| geo_policy(s, geodecay::Policy::Optimal),
        ],
        g::TIME,
    )
    .divided(),
    field("time", "running time of the chosen policy", g::TIME),
    field(
        "overhead",
        "time over Brent's bound (chosen policy)",
        g::OVERHEAD,
    ),
    field(
        "overhead_vs_ideal",
        "time over the ideal work (chosen policy)",
        g::OVERHEAD_VS_IDEAL,
    ),
    field(
        "additive_overhead",
        "time − Brent's bound (chosen policy)",
        g::ADDITIVE_OVERHEAD,
    ),
    field(
        "balancings",
        "balancings of the chosen policy",
        g::BALANCINGS,
    ),
    tweaked(
        "balancings_standard",
        "balancings of the standard policy",
        &[|s| geo_policy(s, geodecay::Policy::Standard)],
        g::BALANCINGS,
    ),
    tweaked(
        "balancings_improved",
        "balancings of the improved policy",
        &[|s| geo_policy(s, geodecay::Policy::Improved)],
        g::BALANCINGS,
    ),
];

pub(super) const TREE_PARAMS: &[MapParam] = &[
    param!(TreeSweep, spec treesweep::params::N, |p| p.n, u64),
    param!(TreeSweep, spec treesweep::params::TAU, |p| p.tau, f64),
];

pub(super) const TREE_METRICS: &[MapMetric] = &[
    ratio_field("ratio", "T* / T_PY: Fine-Grain against P.Y", t::RATIO)
        .fast(|s| tree_number(s, t::RATIO)),
    field("optimal", "T*, Fine-Grain's optimal makespan", t::OPTIMAL)
        .fast(|s| tree_number(s, t::OPTIMAL)),
    field("py", "T_PY, P.Y's makespan", t::PY).fast(|s| tree_number(s, t::PY)),
    field(
        "top_cluster",
        "size of Fine-Grain's top cluster",
        t::TOP_CLUSTER,
    )
    .fast(|s| tree_number(s, t::TOP_CLUSTER)),
];

pub(super) const KSBF_PARAMS: &[MapParam] = &[
    param!(
        Ksbf,
        spec ksbf::params::N,
        |p| p.n,
        u32
    ),
    param!(
        Ksbf,
        spec ksbf::params::P,
        |p| p.p,
        u32
    ),
    param!(
        Ksbf,
        spec ksbf::params::SPAWN_PROB,
        |p| p.spawn_prob,
        f64
    ),
    param!(
        Ksbf,
        spec ksbf::params::SEED,
        |p| p.seed,
        u64
    ),
];

pub(super) const KSBF_METRICS: &[MapMetric] = &[
    field("efficiency", "efficiency W / (p · makespan)", k::EFFICIENCY),
    field("makespan", "steps until the last node runs", k::MAKESPAN),
    field("speedup", "W / makespan", k::SPEEDUP),
    ratio(
        "makespan_over_ideal",
        "makespan / ⌈W/p⌉-style ideal",
        k::MAKESPAN,
        k::IDEAL,
    ),
    ratio(
        "makespan_over_thm11",
        "makespan / Theorem 1.1's bound",
        k::MAKESPAN,
        k::BOUND,
    ),
    ratio(
        "makespan_over_thm22",
        "makespan / Theorem 2.2's bound (trees)",
        k::MAKESPAN,
        k::THM22_BOUND,
    ),
    ratio(
        "makespan_over_thm32",
        "makespan / Theorem 3.2's bound (grids)",
        k::MAKESPAN,
        k::THM32_BOUND,
    ),
];

pub(super) const REDIST_PARAMS: &[MapParam] = &[
    param!(Redistribute, spec RANDOM_N, |p| p.random.n, usize),
    param!(Redistribute, spec RANDOM_MAX_DELTA, |p| p.random.max_delta, i64),
];

pub(super) const REDIST_METRICS: &[MapMetric] = &[
    ratio(
        "makespan_over_bound",
        "makespan / best lower bound (0/0 counts 1)",
        r::MAKESPAN,
        r::LOWER_BOUND,
    )
    .fast(|s| {
        let (run, inst) = ring_span(s, None)?;
        let makespan = defined(r::MAKESPAN, run.makespan)?;
        let bound = defined(r::LOWER_BOUND, best_applicable_bound(inst))?;
        quotient(makespan, bound, r::LOWER_BOUND)
    }),
    field("makespan", "makespan of the algorithm", r::MAKESPAN)
        .fast(|s| defined(r::MAKESPAN, ring_span(s, None)?.0.makespan)),
    field("lower_bound", "best applicable lower bound", r::LOWER_BOUND).fast(|s| {
        let (_, inst) = ring_span(s, None)?;
        defined(r::LOWER_BOUND, best_applicable_bound(inst))
    }),
    tweaked(
        "rounds_printed",
        "rounds of Algorithm 3 as printed",
        &[|s| redist_algorithm(s, Algorithm::Alg3Literal)],
        r::ROUNDS,
    )
    .fast(|s| ring_rounds(&ring_span(s, Some(Algorithm::Alg3Literal))?.0)),
    tweaked(
        "rounds_corrected",
        "rounds of Algorithm 3 corrected",
        &[|s| redist_algorithm(s, Algorithm::Alg3)],
        r::ROUNDS,
    )
    .fast(|s| ring_rounds(&ring_span(s, Some(Algorithm::Alg3))?.0)),
    tweaked(
        "rounds_printed_over_corrected",
        "rounds of Algorithm 3 as printed / corrected",
        &[
            |s| redist_algorithm(s, Algorithm::Alg3Literal),
            |s| redist_algorithm(s, Algorithm::Alg3),
        ],
        r::ROUNDS,
    )
    .divided()
    .fast(|s| {
        let (printed, _) = ring_span(s, Some(Algorithm::Alg3Literal))?;
        let (corrected, _) = ring_span(s, Some(Algorithm::Alg3))?;
        quotient(ring_rounds(&printed)?, ring_rounds(&corrected)?, r::ROUNDS)
    }),
];
