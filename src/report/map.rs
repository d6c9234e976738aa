//! Two-parameter maps of a model's headline numbers, for the CLI's `loadlab map` and the GUI's
//! Map view alike.
//!
//! Every model lists the parameters a map can sweep ([`params`]: the model subcommand's flag
//! names without dashes) and its metrics ([`metrics`]). A cell's value is read from the run
//! result's JSON — the very object `loadlab MODEL --json` prints for the cell's parameters —
//! so a map never re-derives a model's number: a metric is one JSON field, or the ratio of two
//! (possibly of two runs that differ in one setting, e.g. the standard and the improved
//! policy). Redistribution cells are means over seeded random rings ([`ring_spec`]).
//!
//! The slow metrics have a fast path besides ([`MapMetric::fast`]): the same number from the
//! same model functions the run result calls, computing only what the metric reads — the
//! divisible-load closed forms without the event simulation of C, P and Q; T* and T_PY
//! without Fine-Grain's exact processor counts; the ring's schedule and makespan without the
//! checker, the claims and the bounds that do not apply. The JSON path stays the reference
//! (and the path of every other metric); the unit tests hold the two equal cell for cell.
//!
//! The grid, the axes, the cost check and the parallel loop are [`crate::model::map`]'s.

use serde_json::{Value, json};

use super::{Detail, ReportError, run as report_run};
use crate::model::budget::SECONDS;
use crate::model::divisible::Method;
use crate::model::map::{Axis, CellResult, Grid, check_cost, compute};
use crate::model::num::compact;
use crate::model::redistribute::editing::{RandomSpec, random_instance};
use crate::model::redistribute::instance::RingInstance;
use crate::model::redistribute::params::{Algorithm, RedistParams};
use crate::model::redistribute::run::{Span, best_applicable_bound, span};
use crate::model::{Cancelled, NoProgress, ParamError, Progress, param_error};
use crate::model::{divisible, geodecay, ksbf, redistribute, treesweep};
use crate::preset::{ModelId, Scenario};

/// A parameter a map can sweep.
#[derive(Clone, Copy)]
pub struct MapParam {
    /// The model subcommand's flag without dashes (`h`, `beta`, `max_delta`).
    pub name: &'static str,
    /// What it is, in the paper's notation.
    pub help: &'static str,
    /// Whether values are rounded to integers.
    pub integer: bool,
    /// A sensible default range for the GUI (lo, hi, log).
    pub default: (f64, f64, bool),
    get: fn(&Scenario) -> f64,
    set: fn(&mut Scenario, f64),
}

impl MapParam {
    /// The parameter's value in a scenario of its model.
    pub fn get(&self, s: &Scenario) -> f64 {
        (self.get)(s)
    }

    /// Sets the parameter in a scenario of its model (integers are rounded; values outside
    /// the field's type saturate, and the model's validation then names the problem).
    pub fn set(&self, s: &mut Scenario, v: f64) {
        (self.set)(s, if self.integer { v.round() } else { v })
    }
}

/// Changes one setting of a scenario before a run (the policy, the algorithm), or none.
type Tweak = fn(&mut Scenario);

/// A metric's value on one scenario (one ring for redistribution), computed directly.
type Fast = fn(&Scenario) -> CellResult;

/// A number a map can show: one field of the run's JSON, or the ratio of two.
#[derive(Clone, Copy)]
pub struct MapMetric {
    /// Name (the CLI's `--metric`).
    pub name: &'static str,
    /// What it is.
    pub help: &'static str,
    /// A ratio: coloured on a diverging scale around 1, contoured at ½, 1 and 2.
    pub ratio: bool,
    /// The runs it reads (most metrics: one run of the scenario as it is).
    runs: &'static [Tweak],
    /// Run index and dot path of the numerator (or the value).
    num: (usize, &'static str),
    /// Run index and dot path of the denominator.
    den: Option<(usize, &'static str)>,
    /// The same value as the JSON path's, computed without the parts of the run the metric
    /// does not read; `None`: read from the JSON.
    fast: Option<Fast>,
}

impl MapMetric {
    /// This metric with a fast path.
    const fn fast(self, f: Fast) -> MapMetric {
        MapMetric {
            fast: Some(f),
            ..self
        }
    }

    /// Whether the metric has a fast path.
    pub fn has_fast_path(&self) -> bool {
        self.fast.is_some()
    }
}

impl std::fmt::Debug for MapMetric {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl std::fmt::Debug for MapParam {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

fn keep(_: &mut Scenario) {}

macro_rules! param {
    ($variant:ident, $name:literal, $help:literal, $int:expr, $default:expr, |$p:ident| $field:expr, $ty:ty) => {
        MapParam {
            name: $name,
            help: $help,
            integer: $int,
            default: $default,
            get: |s| match s {
                Scenario::$variant($p) => $field as f64,
                _ => f64::NAN,
            },
            set: |s, v| {
                if let Scenario::$variant($p) = s {
                    $field = v as $ty;
                }
            },
        }
    };
}

const fn field(name: &'static str, help: &'static str, path: &'static str) -> MapMetric {
    MapMetric {
        name,
        help,
        ratio: false,
        runs: &[keep],
        num: (0, path),
        den: None,
        fast: None,
    }
}

const fn ratio(
    name: &'static str,
    help: &'static str,
    num: &'static str,
    den: &'static str,
) -> MapMetric {
    MapMetric {
        name,
        help,
        ratio: true,
        runs: &[keep],
        num: (0, num),
        den: Some((0, den)),
        fast: None,
    }
}

/// A field of the run's JSON that is itself a ratio.
const fn ratio_field(name: &'static str, help: &'static str, path: &'static str) -> MapMetric {
    MapMetric {
        ratio: true,
        ..field(name, help, path)
    }
}

/// The same field of two runs that differ in one setting, divided.
const fn across(
    name: &'static str,
    help: &'static str,
    runs: &'static [Tweak],
    path: &'static str,
) -> MapMetric {
    MapMetric {
        name,
        help,
        ratio: true,
        runs,
        num: (0, path),
        den: Some((1, path)),
        fast: None,
    }
}

/// A field of a run with one setting changed.
const fn tweaked(
    name: &'static str,
    help: &'static str,
    runs: &'static [Tweak],
    path: &'static str,
) -> MapMetric {
    MapMetric {
        name,
        help,
        ratio: false,
        runs,
        num: (0, path),
        den: None,
        fast: None,
    }
}

fn geo_policy(s: &mut Scenario, policy: geodecay::Policy) {
    if let Scenario::Geodecay(p) = s {
        p.policy = policy;
    }
}

fn redist_algorithm(s: &mut Scenario, a: Algorithm) {
    if let Scenario::Redistribute(p) = s {
        p.algorithm = a;
    }
}

const DIVISIBLE_PARAMS: &[MapParam] = &[
    param!(
        Divisible,
        "h",
        "height h of the tree or pyramid",
        true,
        (1.0, 30.0, false),
        |p| p.h,
        i64
    ),
    param!(
        Divisible,
        "beta",
        "granularity β = T_cp / T_cm",
        false,
        (0.1, 1e4, true),
        |p| p.beta,
        f64
    ),
    param!(
        Divisible,
        "b",
        "arity b of the tree",
        true,
        (2.0, 16.0, false),
        |p| p.b,
        i64
    ),
];

const DIVISIBLE_METRICS: &[MapMetric] = &[
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

const GEO_PARAMS: &[MapParam] = &[
    param!(
        Geodecay,
        "ell",
        "load-balancing cost ℓ",
        false,
        (2.0, 1e18, true),
        |p| p.ell,
        f64
    ),
    param!(
        Geodecay,
        "p",
        "processors p",
        true,
        (1.0, 1e6, true),
        |p| p.p,
        u64
    ),
    param!(
        Geodecay,
        "n",
        "initial number of tasks n",
        true,
        (1e3, 1e9, true),
        |p| p.n,
        u64
    ),
    param!(
        Geodecay,
        "alpha",
        "decay rate α",
        false,
        (0.05, 2.0, true),
        |p| p.alpha,
        f64
    ),
    param!(
        Geodecay,
        "c",
        "constant c of the standard policy",
        false,
        (0.5, 16.0, true),
        |p| p.c,
        f64
    ),
    param!(
        Geodecay,
        "every",
        "k of the every-k policy",
        true,
        (1.0, 64.0, true),
        |p| p.every,
        u64
    ),
];

const GEO_METRICS: &[MapMetric] = &[
    across(
        "standard_over_improved",
        "time of the standard policy / time of the improved policy",
        &[
            |s| geo_policy(s, geodecay::Policy::Standard),
            |s| geo_policy(s, geodecay::Policy::Improved),
        ],
        "time",
    ),
    across(
        "never_over_improved",
        "time of never balancing / time of the improved policy",
        &[
            |s| geo_policy(s, geodecay::Policy::Never),
            |s| geo_policy(s, geodecay::Policy::Improved),
        ],
        "time",
    ),
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

const TREE_PARAMS: &[MapParam] = &[
    param!(
        TreeSweep,
        "n",
        "tree height n",
        true,
        (2.0, 200.0, false),
        |p| p.n,
        u64
    ),
    param!(
        TreeSweep,
        "tau",
        "communication delay τ",
        false,
        (1.5, 1e6, true),
        |p| p.tau,
        f64
    ),
];

const TREE_METRICS: &[MapMetric] = &[
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

const KSBF_PARAMS: &[MapParam] = &[
    param!(
        Ksbf,
        "n",
        "size n (tree height, grid side)",
        true,
        (2.0, 18.0, false),
        |p| p.n,
        u32
    ),
    param!(
        Ksbf,
        "p",
        "ring size p",
        true,
        (1.0, 256.0, true),
        |p| p.p,
        u32
    ),
    param!(
        Ksbf,
        "spawn_prob",
        "spawn probability q",
        false,
        (0.5, 1.0, false),
        |p| p.spawn_prob,
        f64
    ),
    param!(
        Ksbf,
        "seed",
        "seed of the random parts",
        true,
        (1.0, 64.0, false),
        |p| p.seed,
        u64
    ),
];

const KSBF_METRICS: &[MapMetric] = &[
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

const REDIST_PARAMS: &[MapParam] = &[
    param!(
        Redistribute,
        "n",
        "ring size n",
        true,
        (3.0, 200.0, true),
        |p| p.random.n,
        usize
    ),
    param!(
        Redistribute,
        "max_delta",
        "largest |δ_k|",
        true,
        (1.0, 1000.0, true),
        |p| p.random.max_delta,
        i64
    ),
];

const REDIST_METRICS: &[MapMetric] = &[
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
    across(
        "rounds_printed_over_corrected",
        "rounds of Algorithm 3 as printed / corrected",
        &[
            |s| redist_algorithm(s, Algorithm::Alg3Literal),
            |s| redist_algorithm(s, Algorithm::Alg3),
        ],
        "rounds",
    )
    .fast(|s| {
        let (printed, _) = ring_span(s, Some(Algorithm::Alg3Literal))?;
        let (corrected, _) = ring_span(s, Some(Algorithm::Alg3))?;
        quotient(ring_rounds(&printed)?, ring_rounds(&corrected)?, "rounds")
    }),
];

/// A model's parameter error as the JSON path words it (`field: message`).
fn invalid(e: ParamError) -> String {
    format!("{}: {}", e.field, e.message)
}

/// A number of a run as its JSON holds it: a non-finite value is `null` there, i.e. `path` is
/// not defined at these parameters.
fn defined(path: &str, x: f64) -> CellResult {
    if x.is_finite() {
        Ok(x)
    } else {
        Err(format!("{path} is not defined at these parameters"))
    }
}

/// `num / den` as a ratio metric reads it: 0/0 counts 1, `den_path` = 0 fails otherwise.
fn quotient(num: f64, den: f64, den_path: &str) -> CellResult {
    if den == 0.0 && num == 0.0 {
        Ok(1.0)
    } else if den == 0.0 {
        Err(format!("{den_path} is 0"))
    } else {
        Ok(num / den)
    }
}

/// The divisible-load scenario and its validated instance (the run result's `evaluate`
/// validates the same way).
fn divisible_instance(
    s: &Scenario,
) -> Result<(&divisible::DivisibleParams, divisible::Valid), String> {
    match s {
        Scenario::Divisible(p) => Ok((p, p.validate().map_err(invalid)?)),
        _ => Err("not a divisible-load scenario".into()),
    }
}

/// `ratio_c_over_p` (T_C / T_P) or `ratio_p_over_q` (T_P / T_Q) from the closed forms, as
/// `evaluate` computes them for the run result (no event simulation).
fn divisible_ratio(s: &Scenario, key: &str) -> CellResult {
    let (_, v) = divisible_instance(s)?;
    let ratio = if key == "ratio_c_over_p" {
        divisible::theory::classic_recurrence(&v) / divisible::theory::pipelined_p(&v)
    } else {
        divisible::theory::pipelined_p(&v) / divisible::theory::pipelined_q(&v)
    };
    defined(key, ratio)
}

/// `algorithms.M.{time, speedup, efficiency}` of method `m` as `evaluate_method` computes them
/// (closed form, β / time, speedup / N), without the method's simulated schedule; undefined
/// when the scenario does not request the method (its JSON has no entry then).
fn divisible_method(s: &Scenario, m: Method, what: &str) -> CellResult {
    let (p, v) = divisible_instance(s)?;
    let path = format!("algorithms.{}.{what}", m.name());
    if !p.algorithm.methods().contains(&m) {
        return Err(format!("{path} is not defined at these parameters"));
    }
    let time = divisible::theory::closed_form(m, &v);
    let speedup = v.beta / time;
    let x = match what {
        "time" => time,
        "speedup" => speedup,
        _ => speedup / v.n as f64,
    };
    defined(&path, x)
}

/// `optimal` (T*), `py` (T_PY), `ratio` (T*/T_PY) or `top_cluster` of a tree sweep, from
/// Fine-Grain's pass without the processor counts and P.Y's recurrence (as `solve` computes
/// them for the run result).
fn tree_number(s: &Scenario, key: &str) -> CellResult {
    let Scenario::TreeSweep(p) = s else {
        return Err("not a tree-sweep scenario".into());
    };
    let v = p.validate().map_err(invalid)?;
    let n = v.height();
    let optimal = || treesweep::fine_grain_makespans(n, v.tau);
    let x = match key {
        "optimal" => optimal().makespan(),
        "py" => treesweep::py_makespan(n, v.tau),
        "top_cluster" => optimal().top_cluster_size() as f64,
        _ => optimal().makespan() / treesweep::py_makespan(n, v.tau),
    };
    defined(key, x)
}

/// The makespan and rounds of one ring's schedule (with `algorithm`, or the scenario's), from
/// the same schedule the run result plans, without its checker, claims and bounds; errors
/// worded as the run result's.
fn ring_span(s: &Scenario, algorithm: Option<Algorithm>) -> Result<(Span, &RingInstance), String> {
    let Scenario::Redistribute(p) = s else {
        return Err("not a redistribution scenario".into());
    };
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
        .map(|r| r as f64)
        .ok_or_else(|| "rounds is not defined at these parameters".into())
}

/// The parameters a map of `model` can sweep.
pub fn params(model: ModelId) -> &'static [MapParam] {
    match model {
        ModelId::Divisible => DIVISIBLE_PARAMS,
        ModelId::Geodecay => GEO_PARAMS,
        ModelId::TreeSweep => TREE_PARAMS,
        ModelId::Ksbf => KSBF_PARAMS,
        ModelId::Redistribute => REDIST_PARAMS,
    }
}

/// The metrics a map of `model` can show (the first is the default).
pub fn metrics(model: ModelId) -> &'static [MapMetric] {
    match model {
        ModelId::Divisible => DIVISIBLE_METRICS,
        ModelId::Geodecay => GEO_METRICS,
        ModelId::TreeSweep => TREE_METRICS,
        ModelId::Ksbf => KSBF_METRICS,
        ModelId::Redistribute => REDIST_METRICS,
    }
}

/// The parameter `name` of `model`, or an error listing the valid names.
pub fn param(model: ModelId, name: &str) -> Result<&'static MapParam, String> {
    let all = params(model);
    all.iter().find(|p| p.name == name).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|p| p.name).collect();
        format!(
            "{name:?} is not a parameter of {} maps (one of: {})",
            model.name(),
            names.join(", ")
        )
    })
}

/// The metric `name` of `model`, or an error listing the valid names.
pub fn metric(model: ModelId, name: &str) -> Result<&'static MapMetric, String> {
    let all = metrics(model);
    all.iter().find(|m| m.name == name).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|m| m.name).collect();
        format!(
            "{name:?} is not a metric of {} maps (one of: {})",
            model.name(),
            names.join(", ")
        )
    })
}

/// Most random rings per redistribution cell.
pub const MAX_SAMPLES: usize = 1000;

/// Random ring number `sample` of a redistribution cell whose generator settings are
/// `random` (its n and max |δ| set to the cell's): the same seeds in every cell
/// (`random.seed + sample`), so neighbouring cells compare like with like.
pub fn ring_spec(random: &RandomSpec, sample: usize) -> RandomSpec {
    RandomSpec {
        seed: random.seed.wrapping_add(sample as u64),
        ..random.clone()
    }
}

/// Work of one cell's run besides the model's own estimate (the run result's JSON), in
/// seconds on the reference machine.
pub const RUN_OVERHEAD_SECONDS: f64 = 5e-5;

/// Work of one tree-sweep summary (Fine-Grain's solution with its exact processor counts,
/// P.Y, the baselines) per n², in the model's height steps: measured (release build, 2 cores
/// under a load of about 3), 64 × 64 cells with n = 2 … 200 took 4.2 s, about 8 s of CPU for
/// Σ n² ≈ 5.5·10^7, i.e. about 1.5·10^−7 s per n², 150 of the budget's 1 ns height steps.
/// Every tree-sweep metric now has a fast path without the processor counts (the same map
/// in 278 ms at a load of about 5), so this is an upper bound that keeps the refusals as they
/// were.
pub const TREE_SOLVE_WEIGHT: f64 = 150.0;

/// What a map computes: a model's scenario, two axes, a metric.
#[derive(Debug, Clone, PartialEq)]
pub struct MapRequest {
    /// The scenario whose other parameters every cell keeps.
    pub base: Scenario,
    /// Columns.
    pub x: Axis,
    /// Rows.
    pub y: Axis,
    /// Metric name.
    pub metric: String,
    /// Random rings per redistribution cell (ignored by the other models).
    pub samples: usize,
}

/// A checked [`MapRequest`]: parameters and metric resolved, values fixed, cost estimated.
#[derive(Debug, Clone)]
pub struct MapPlan {
    /// The model.
    pub model: ModelId,
    /// The scenario every cell starts from.
    pub base: Scenario,
    /// Column parameter.
    pub x: &'static MapParam,
    /// Row parameter.
    pub y: &'static MapParam,
    /// The metric.
    pub metric: &'static MapMetric,
    /// Random rings per redistribution cell.
    pub samples: usize,
    /// The values used: columns.
    pub x_values: Vec<f64>,
    /// The values used: rows.
    pub y_values: Vec<f64>,
    /// Estimated seconds of the whole map on the reference machine.
    pub seconds: f64,
}

impl MapRequest {
    /// Resolves the names, fixes the values and estimates the cost; refuses (before anything
    /// runs) a map beyond [`SECONDS`]. Errors name the field: `x`, `y`, `metric`, `samples`
    /// or `map`.
    pub fn plan(&self) -> Result<MapPlan, ParamError> {
        let model = self.base.model();
        let x = param(model, &self.x.param).map_err(|e| param_error("x", e))?;
        let y = param(model, &self.y.param).map_err(|e| param_error("y", e))?;
        self.x.check().map_err(|e| param_error("x", e))?;
        self.y.check().map_err(|e| param_error("y", e))?;
        if x.name == y.name {
            return Err(param_error(
                "y",
                format!("x and y sweep the same parameter {:?}", x.name),
            ));
        }
        let metric = metric(model, &self.metric).map_err(|e| param_error("metric", e))?;
        if model == ModelId::Redistribute && !(1..=MAX_SAMPLES).contains(&self.samples) {
            return Err(param_error(
                "samples",
                format!(
                    "between 1 and {MAX_SAMPLES} random rings per cell (got {})",
                    self.samples
                ),
            ));
        }
        let mut plan = MapPlan {
            model,
            base: self.base.clone(),
            x,
            y,
            metric,
            samples: if model == ModelId::Redistribute {
                self.samples
            } else {
                1
            },
            x_values: self.x.values(x.integer),
            y_values: self.y.values(y.integer),
            seconds: 0.0,
        };
        let costs: Vec<f64> = plan
            .positions()
            .into_iter()
            .map(|(ix, iy)| plan.cell_seconds(&plan.scenario_at(ix, iy)))
            .collect();
        plan.seconds = check_cost(&costs)?;
        Ok(plan)
    }
}

impl MapPlan {
    fn positions(&self) -> Vec<(usize, usize)> {
        Grid::new(self.x_values.clone(), self.y_values.clone()).positions()
    }

    /// An empty grid on the plan's values.
    pub fn grid(&self) -> Grid {
        Grid::new(self.x_values.clone(), self.y_values.clone())
    }

    /// The scenario of cell (`ix`, `iy`): the base with both parameters set.
    pub fn scenario_at(&self, ix: usize, iy: usize) -> Scenario {
        let mut s = self.base.clone();
        self.x.set(&mut s, self.x_values[ix]);
        self.y.set(&mut s, self.y_values[iy]);
        s
    }

    /// The instance a click on cell (`ix`, `iy`) loads: its scenario, and for redistribution
    /// the cell's first random ring as the instance (with the generator set to the cell).
    pub fn instance_at(&self, ix: usize, iy: usize) -> Scenario {
        let mut s = self.scenario_at(ix, iy);
        if let Scenario::Redistribute(p) = &mut s {
            p.instance = random_instance(&ring_spec(&p.random, 0));
        }
        s
    }

    /// The scenarios of one cell's runs: one per random ring for redistribution.
    fn samples_of(&self, s: &Scenario) -> Result<Vec<Scenario>, String> {
        self.first_samples(s, self.samples)
    }

    /// The scenarios of a cell's first `count` runs.
    fn first_samples(&self, s: &Scenario, count: usize) -> Result<Vec<Scenario>, String> {
        match s {
            Scenario::Redistribute(p) => {
                p.random.validate().map_err(|e| e.to_string())?;
                Ok((0..count.min(self.samples))
                    .map(|k| {
                        let mut q: RedistParams = p.clone();
                        q.instance = random_instance(&ring_spec(&p.random, k));
                        Scenario::Redistribute(q)
                    })
                    .collect())
            }
            other => Ok(vec![other.clone()]),
        }
    }

    /// Estimated seconds of one cell (for redistribution, the first ring's estimate times
    /// the rings): the model's own estimate of each run against its budget (its work limit stands for [`SECONDS`]), plus [`RUN_OVERHEAD_SECONDS`]. Invalid
    /// parameters cost the overhead only (the cell fails at once).
    fn cell_seconds(&self, s: &Scenario) -> f64 {
        let runs = self.metric.runs.len() as f64;
        let one = |s: &Scenario| -> f64 {
            let fraction = match s {
                Scenario::Divisible(p) => p
                    .validate()
                    .map(|v| divisible::sweep::cost(&v).work / divisible::sweep::BUDGET.work)
                    .unwrap_or(0.0),
                Scenario::Geodecay(p) => p
                    .validate()
                    .map(|_| geodecay::params::cost(p).work / geodecay::params::BUDGET.work)
                    .unwrap_or(0.0),
                // One Fine-Grain solution with P.Y and the processor counts.
                Scenario::TreeSweep(p) => p
                    .validate()
                    .map(|_| {
                        TREE_SOLVE_WEIGHT * (p.n as f64).powi(2) / treesweep::params::BUDGET.work
                    })
                    .unwrap_or(0.0),
                Scenario::Ksbf(p) => p
                    .validate()
                    .map(|_| ksbf::cost(p).work / ksbf::BUDGET.work)
                    .unwrap_or(0.0),
                Scenario::Redistribute(p) => match p.instance.validate() {
                    Ok(_) => {
                        redistribute::run::cost(&p.instance, p.algorithm).work
                            / redistribute::run::BUDGET.work
                    }
                    Err(_) => 0.0,
                },
            };
            fraction * SECONDS + RUN_OVERHEAD_SECONDS
        };
        // The rings of a cell are alike (same n, same max |δ|): the first stands for all, as
        // in the redistribution sweep's estimate.
        match self.first_samples(s, 1) {
            Ok(first) => first.iter().map(one).sum::<f64>() * runs * self.samples as f64,
            Err(_) => RUN_OVERHEAD_SECONDS,
        }
    }

    /// The metric on one scenario (one ring for redistribution): its fast path, or else
    /// [`MapPlan::metric_from_json`].
    fn metric_on(&self, s: &Scenario) -> CellResult {
        match self.metric.fast {
            Some(fast) => fast(s),
            None => self.metric_from_json(s),
        }
    }

    /// The metric on one scenario read from each run's JSON: the field or the ratio of the
    /// two fields.
    fn metric_from_json(&self, s: &Scenario) -> CellResult {
        let jsons = self
            .metric
            .runs
            .iter()
            .map(|tweak| {
                let mut t = s.clone();
                tweak(&mut t);
                report_run(&t, Detail::Summary, &NoProgress)
                    .map(|r| super::Render::json(&r))
                    .map_err(|e| match e {
                        ReportError::Invalid { field, message } => format!("{field}: {message}"),
                        ReportError::Cancelled => "cancelled".into(),
                    })
            })
            .collect::<Result<Vec<Value>, String>>()?;
        let read = |(run, path): (usize, &str)| json_number(&jsons[run], path);
        let num = read(self.metric.num)?;
        match self.metric.den {
            None => Ok(num),
            Some(d) => quotient(num, read(d)?, d.1),
        }
    }

    /// The value of cell (`ix`, `iy`): the metric at its parameters; for redistribution the
    /// mean over the rings where it is defined (failing only when it is defined on none).
    pub fn cell(&self, ix: usize, iy: usize, progress: &dyn Progress) -> CellResult {
        let s = self.scenario_at(ix, iy);
        let all = self.samples_of(&s)?;
        let mut sum = 0.0;
        let mut ok = 0usize;
        let mut first_error = None;
        for t in &all {
            if progress.cancelled() {
                return Err("cancelled".into());
            }
            match self.metric_on(t) {
                Ok(v) => {
                    sum += v;
                    ok += 1;
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match (ok, first_error) {
            (0, Some(e)) => Err(e),
            (0, None) => Err("no sample".into()),
            _ => Ok(sum / ok as f64),
        }
    }

    /// Computes the cells at `at` on all cores.
    pub fn compute(
        &self,
        at: &[(usize, usize)],
        progress: &dyn Progress,
    ) -> Result<Vec<CellResult>, Cancelled> {
        compute(at, progress, |ix, iy| self.cell(ix, iy, progress))
    }

    /// The whole map: the coarse subgrid, then the rest.
    pub fn run(&self, progress: &dyn Progress) -> Result<Grid, Cancelled> {
        let mut g = self.grid();
        let coarse = g.coarse();
        let r = self.compute(&coarse, progress)?;
        g.fill(&coarse, r);
        let rest = g.missing();
        let r = self.compute(&rest, progress)?;
        g.fill(&rest, r);
        Ok(g)
    }

    /// The map as the CLI's JSON: `{"model", "metric", "x": {"param", "values"}, "y": {…},
    /// "cells": [[…]] (one row per y value, null for a failed cell), "failed": [{"x", "y",
    /// "error"}]}`.
    pub fn json(&self, g: &Grid) -> Value {
        let cells: Vec<Vec<Value>> = g
            .cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| match c {
                        Some(Ok(v)) if v.is_finite() => json!(v),
                        _ => Value::Null,
                    })
                    .collect()
            })
            .collect();
        let failed: Vec<Value> = g
            .failures()
            .into_iter()
            .map(|(ix, iy, e)| json!({"x": g.x[ix], "y": g.y[iy], "error": e}))
            .collect();
        let mut out = json!({
            "model": self.model.name(),
            "metric": self.metric.name,
            "x": {"param": self.x.name, "values": g.x},
            "y": {"param": self.y.name, "values": g.y},
            "cells": cells,
            "failed": failed,
        });
        if self.model == ModelId::Redistribute {
            out["samples"] = json!(self.samples);
        }
        out
    }

    /// The map as CSV (a header of x values, one line per y value).
    pub fn csv(&self, g: &Grid) -> String {
        format!(
            "# {} map of {}\n{}",
            self.model.name(),
            self.metric.name,
            g.to_csv(self.x.name, self.y.name)
        )
    }

    /// "h = 12, β = 100" style label of a cell's parameters.
    pub fn describe(&self, ix: usize, iy: usize) -> String {
        format!(
            "{} = {}, {} = {}",
            self.x.name,
            compact(self.x_values[ix]),
            self.y.name,
            compact(self.y_values[iy])
        )
    }
}

/// The number at a dot path (`algorithms.C.speedup`, `work.2`) of a run's JSON.
fn json_number(v: &Value, path: &str) -> CellResult {
    let mut at = v;
    for key in path.split('.') {
        at = match key.parse::<usize>() {
            Ok(i) if at.is_array() => &at[i],
            _ => &at[key],
        };
    }
    match at {
        Value::Number(x) => x.as_f64().ok_or_else(|| format!("{path} is not a number")),
        Value::Null => Err(format!("{path} is not defined at these parameters")),
        _ => Err(format!("{path} is not a number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::map::Scale;
    use crate::model::redistribute::instance::Direction;

    fn request(base: Scenario, x: &str, y: &str, metric: &str) -> MapRequest {
        MapRequest {
            base,
            x: Axis::parse(x).unwrap(),
            y: Axis::parse(y).unwrap(),
            metric: metric.into(),
            samples: 3,
        }
    }

    #[test]
    fn cells_are_the_runs_own_numbers() {
        let plan = request(
            ModelId::Divisible.default_scenario(),
            "h=2..15:4",
            "beta=100..1e4:3:log",
            "ratio_c_over_p",
        )
        .plan()
        .unwrap();
        assert_eq!(plan.x_values, vec![2.0, 6.0, 11.0, 15.0]);
        let g = plan.run(&NoProgress).unwrap();
        let s = plan.scenario_at(3, 0);
        let direct = super::super::json(&s, &NoProgress).unwrap()["ratio_c_over_p"]
            .as_f64()
            .unwrap();
        assert_eq!(g.value(3, 0), Some(direct));
        // The figure: T_C / T_P ≈ 1.97 at h = 15, β = 100.
        assert!((direct - 1.97).abs() < 0.01, "{direct}");
    }

    #[test]
    fn every_metric_of_every_model_computes_a_cell() {
        for model in ModelId::ALL {
            let ps = params(model);
            let ax = |p: &MapParam| {
                let (lo, _, log) = p.default;
                Axis::new(
                    p.name,
                    lo,
                    lo,
                    1,
                    if log { Scale::Log } else { Scale::Linear },
                )
            };
            for m in metrics(model) {
                let plan = MapRequest {
                    base: model.default_scenario(),
                    x: ax(&ps[0]),
                    y: ax(&ps[1]),
                    metric: m.name.into(),
                    samples: 2,
                }
                .plan()
                .unwrap();
                let g = plan.run(&NoProgress).unwrap();
                assert!(g.complete(), "{} {}", model.name(), m.name);
                // Defined everywhere but Theorem 3.2's bound, which is the grids'.
                let undefined = m.name == "makespan_over_thm32";
                assert_eq!(
                    g.value(0, 0).is_some(),
                    !undefined,
                    "{} {}: {:?}",
                    model.name(),
                    m.name,
                    g.cells[0][0]
                );
            }
        }
    }

    /// Every cell of the map (every ring of a redistribution cell): the metric's fast path
    /// gives exactly the JSON path's value, or the same error. Returns the scenarios
    /// compared and how many of them had a value.
    fn assert_fast_path_is_json(base: Scenario, x: &str, y: &str) -> (usize, usize) {
        let (mut compared, mut values) = (0, 0);
        let model = base.model();
        for m in metrics(model).iter().filter(|m| m.has_fast_path()) {
            let plan = request(base.clone(), x, y, m.name).plan().unwrap();
            for iy in 0..plan.y_values.len() {
                for ix in 0..plan.x_values.len() {
                    let Ok(rings) = plan.samples_of(&plan.scenario_at(ix, iy)) else {
                        continue;
                    };
                    for s in rings {
                        let fast = plan.metric_on(&s);
                        values += usize::from(fast.is_ok());
                        assert_eq!(
                            fast,
                            plan.metric_from_json(&s),
                            "{} {} at {}",
                            model.name(),
                            m.name,
                            plan.describe(ix, iy)
                        );
                        compared += 1;
                    }
                }
            }
        }
        (compared, values)
    }

    #[test]
    fn divisible_fast_path_is_the_json_path() {
        // h = 0 and 60, β from below BETA_MIN (invalid) to BETA_MAX.
        let base = ModelId::Divisible.default_scenario();
        assert!(
            metrics(ModelId::Divisible)
                .iter()
                .all(|m| m.has_fast_path())
        );
        let x = "h=0..60:6";
        let y = "beta=1e-7..1e12:8:log";
        // β = 10^−7 is refused in all 8 metrics · 6 heights.
        assert_eq!(
            assert_fast_path_is_json(base.clone(), x, y),
            (8 * 6 * 8, 8 * 6 * 7)
        );
        // The pyramid, and a run of P only (C's and Q's numbers are then undefined).
        let Scenario::Divisible(mut p) = base else {
            unreachable!()
        };
        p.network = divisible::Network::Pyramid;
        assert_fast_path_is_json(
            Scenario::Divisible(p.clone()),
            "h=1..40:4",
            "beta=1e-6..1e12:4:log",
        );
        p.network = divisible::Network::Tree;
        p.algorithm = divisible::AlgorithmChoice::Only(Method::P);
        assert_fast_path_is_json(Scenario::Divisible(p), "b=2..16:3", "beta=1e-3..1e6:3:log");
    }

    #[test]
    fn tree_sweep_fast_path_is_the_json_path() {
        // n = 1 … 200, τ = 1 (invalid) … 10^6 and beyond; then the largest trees.
        let base = ModelId::TreeSweep.default_scenario();
        assert!(
            metrics(ModelId::TreeSweep)
                .iter()
                .all(|m| m.has_fast_path())
        );
        // τ = 1 is refused (τ > 1).
        assert_eq!(
            assert_fast_path_is_json(base.clone(), "n=1..200:6", "tau=1..1e7:8:log"),
            (4 * 6 * 8, 4 * 6 * 7)
        );
        assert_fast_path_is_json(base, "n=999..1001:3", "tau=1.0001..1e9:3:log");
    }

    #[test]
    fn redistribution_fast_path_is_the_json_path() {
        let base = ModelId::Redistribute.default_scenario();
        assert!(
            metrics(ModelId::Redistribute)
                .iter()
                .all(|m| m.has_fast_path())
        );
        let x = "n=3..200:4:log";
        let y = "max_delta=1..1000:4:log";
        // Bidirectional homogeneous rings (Algorithm 3, Lemma 12's bound): 3 rings per cell.
        let (compared, values) = assert_fast_path_is_json(base.clone(), x, y);
        assert_eq!(compared, 6 * 4 * 4 * 3);
        assert!(values >= compared * 3 / 4, "{values} of {compared}");
        // Unidirectional and heterogeneous rings, light loads, other algorithms (Algorithm 3
        // does not apply to some: the same error both ways).
        let Scenario::Redistribute(p) = base else {
            unreachable!()
        };
        for (direction, heterogeneous, heavy, algorithm) in [
            (Direction::Uni, false, true, Algorithm::Auto),
            (Direction::Uni, true, false, Algorithm::Auto),
            (Direction::Bi, true, true, Algorithm::Auto),
            (Direction::Bi, false, false, Algorithm::LpForward),
        ] {
            let mut q = p.clone();
            q.random.direction = direction;
            q.random.heterogeneous = heterogeneous;
            q.random.heavy = heavy;
            q.algorithm = algorithm;
            assert_fast_path_is_json(
                Scenario::Redistribute(q),
                "n=3..60:3:log",
                "max_delta=1..300:3:log",
            );
        }
    }

    #[test]
    fn refuses_bad_names_and_costly_maps() {
        let base = ModelId::TreeSweep.default_scenario();
        let e = request(base.clone(), "q=1..2:2", "tau=2..4:2", "ratio")
            .plan()
            .unwrap_err();
        assert_eq!(e.field, "x");
        assert!(e.message.contains("n, tau"), "{}", e.message);
        let e = request(base.clone(), "n=1..2:2", "n=2..4:2", "ratio")
            .plan()
            .unwrap_err();
        assert_eq!(e.field, "y");
        let e = request(base, "n=1..2:2", "tau=2..4:2", "nope")
            .plan()
            .unwrap_err();
        assert_eq!(e.field, "metric");
        let e = request(
            ModelId::Redistribute.default_scenario(),
            "n=1000..10000:64",
            "max_delta=1e5..1e6:64",
            "makespan_over_bound",
        )
        .plan()
        .unwrap_err();
        assert_eq!(e.field, "map", "{}", e.message);
    }
}
