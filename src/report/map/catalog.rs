//! Each model's map parameters and metrics.

use super::*;
use crate::model::redistribute::params::{RANDOM_MAX_DELTA, RANDOM_N};

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

pub(super) const DIVISIBLE_PARAMS: &[MapParam] = &[
    param!(Divisible, spec divisible::params::H, |p| p.h, i64),
    param!(Divisible, spec divisible::params::BETA, |p| p.beta, f64),
    param!(Divisible, spec divisible::params::B, |p| p.b, i64),
];

pub(super) const DIVISIBLE_METRICS: &[MapMetric] = &[
    ratio_field(
        "ratio_c_over_p",
        "T_C / T_P: how much faster pipelining is",
        "ratio_c_over_p",
    )
    .fast(|s| divisible_ratio(s, "ratio_c_over_p")),
    ratio_field(
        "ratio_p_over_q",
        "T_P / T_Q: the gain of overlapping",
        "ratio_p_over_q",
    )
    .fast(|s| divisible_ratio(s, "ratio_p_over_q")),
    field("speedup_c", "speedup of method C", "algorithms.C.speedup")
        .fast(|s| divisible_method(s, Method::C, "speedup")),
    field("speedup_p", "speedup of method P", "algorithms.P.speedup")
        .fast(|s| divisible_method(s, Method::P, "speedup")),
    field("speedup_q", "speedup of method Q", "algorithms.Q.speedup")
        .fast(|s| divisible_method(s, Method::Q, "speedup")),
    field(
        "efficiency_p",
        "efficiency of method P (speedup / N)",
        "algorithms.P.efficiency",
    )
    .fast(|s| divisible_method(s, Method::P, "efficiency")),
    field(
        "time_c",
        "T_C, finishing time of method C",
        "algorithms.C.time",
    )
    .fast(|s| divisible_method(s, Method::C, "time")),
    field(
        "time_p",
        "T_P, finishing time of method P",
        "algorithms.P.time",
    )
    .fast(|s| divisible_method(s, Method::P, "time")),
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
        "time",
    )
    .divided(),
    tweaked(
        "never_over_improved",
        "time of never balancing / time of the improved policy",
        &[
            |s| geo_policy(s, geodecay::Policy::Never),
            |s| geo_policy(s, geodecay::Policy::Improved),
        ],
        "time",
    )
    .divided(),
    tweaked(
        "improved_over_optimal",
        "time of the improved policy / time of the optimal policy (gm-best-possible)",
        &[
            |s| geo_policy(s, geodecay::Policy::Improved),
            |s| geo_policy(s, geodecay::Policy::Optimal),
        ],
        "time",
    )
    .divided(),
    field("time", "running time of the chosen policy", "time"),
    field(
        "overhead",
        "time over Brent's bound (chosen policy)",
        "overhead",
    ),
    field(
        "overhead_vs_ideal",
        "time over the ideal work (chosen policy)",
        "overhead_vs_ideal",
    ),
    field(
        "additive_overhead",
        "time − Brent's bound (chosen policy)",
        "additive_overhead",
    ),
    field(
        "balancings",
        "balancings of the chosen policy",
        "balancings",
    ),
    tweaked(
        "balancings_standard",
        "balancings of the standard policy",
        &[|s| geo_policy(s, geodecay::Policy::Standard)],
        "balancings",
    ),
    tweaked(
        "balancings_improved",
        "balancings of the improved policy",
        &[|s| geo_policy(s, geodecay::Policy::Improved)],
        "balancings",
    ),
];

pub(super) const TREE_PARAMS: &[MapParam] = &[
    param!(TreeSweep, spec treesweep::params::N, |p| p.n, u64),
    param!(TreeSweep, spec treesweep::params::TAU, |p| p.tau, f64),
];

pub(super) const TREE_METRICS: &[MapMetric] = &[
    ratio_field("ratio", "T* / T_PY: Fine-Grain against P.Y", "ratio")
        .fast(|s| tree_number(s, "ratio")),
    field("optimal", "T*, Fine-Grain's optimal makespan", "optimal")
        .fast(|s| tree_number(s, "optimal")),
    field("py", "T_PY, P.Y's makespan", "py").fast(|s| tree_number(s, "py")),
    field(
        "top_cluster",
        "size of Fine-Grain's top cluster",
        "top_cluster",
    )
    .fast(|s| tree_number(s, "top_cluster")),
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
    field("efficiency", "efficiency W / (p · makespan)", "efficiency"),
    field("makespan", "steps until the last node runs", "makespan"),
    field("speedup", "W / makespan", "speedup"),
    ratio(
        "makespan_over_ideal",
        "makespan / ⌈W/p⌉-style ideal",
        "makespan",
        "ideal",
    ),
    ratio(
        "makespan_over_thm11",
        "makespan / Theorem 1.1's bound",
        "makespan",
        "bound",
    ),
    ratio(
        "makespan_over_thm22",
        "makespan / Theorem 2.2's bound (trees)",
        "makespan",
        "thm22_bound",
    ),
    ratio(
        "makespan_over_thm32",
        "makespan / Theorem 3.2's bound (grids)",
        "makespan",
        "thm32_bound",
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
        "makespan",
        "lower_bound",
    )
    .fast(|s| {
        let (run, inst) = ring_span(s, None)?;
        let makespan = defined("makespan", run.makespan)?;
        let bound = defined("lower_bound", best_applicable_bound(inst))?;
        quotient(makespan, bound, "lower_bound")
    }),
    field("makespan", "makespan of the algorithm", "makespan")
        .fast(|s| defined("makespan", ring_span(s, None)?.0.makespan)),
    field("lower_bound", "best applicable lower bound", "lower_bound").fast(|s| {
        let (_, inst) = ring_span(s, None)?;
        defined("lower_bound", best_applicable_bound(inst))
    }),
    tweaked(
        "rounds_printed",
        "rounds of Algorithm 3 as printed",
        &[|s| redist_algorithm(s, Algorithm::Alg3Literal)],
        "rounds",
    )
    .fast(|s| ring_rounds(&ring_span(s, Some(Algorithm::Alg3Literal))?.0)),
    tweaked(
        "rounds_corrected",
        "rounds of Algorithm 3 corrected",
        &[|s| redist_algorithm(s, Algorithm::Alg3)],
        "rounds",
    )
    .fast(|s| ring_rounds(&ring_span(s, Some(Algorithm::Alg3))?.0)),
    tweaked(
        "rounds_printed_over_corrected",
        "rounds of Algorithm 3 as printed / corrected",
        &[
            |s| redist_algorithm(s, Algorithm::Alg3Literal),
            |s| redist_algorithm(s, Algorithm::Alg3),
        ],
        "rounds",
    )
    .divided()
    .fast(|s| {
        let (printed, _) = ring_span(s, Some(Algorithm::Alg3Literal))?;
        let (corrected, _) = ring_span(s, Some(Algorithm::Alg3))?;
        quotient(ring_rounds(&printed)?, ring_rounds(&corrected)?, "rounds")
    }),
];
