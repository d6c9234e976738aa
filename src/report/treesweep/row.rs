//! What the report layer knows of the tree-sweep model ([`ModelReport`]): its run, its step
//! positions, its secrecy relations and its maps.

use super::{Parts, SCHEDULE_N_MAX};
use crate::model::Progress;
use crate::model::map::CellResult;
use crate::model::registry::Scenario;
use crate::model::treesweep::{self, Schedule, TreeSweepParams, params};
use crate::report::ReportError;
use crate::report::keys::treesweep as t;
use crate::report::map::catalog::{
    MapMetric, MapParam, TREE_FAST_WEIGHT, TREE_SOLVE_WEIGHT, defined, invalid, map_param,
};
use crate::report::row::{ModelReport, model_parts};

model_parts!(TreeSweepParams => TreeSweep);

impl ModelReport for Parts {
    /// Fine-Grain's trace steps or the joint view's, whichever are more, then the end.
    fn steps(p: &TreeSweepParams, progress: &dyn Progress) -> Result<usize, ReportError> {
        let small = p.n <= u64::from(SCHEDULE_N_MAX);
        let parts = Parts {
            schedule: small,
            py_schedule: small,
            steps: true,
            ..Default::default()
        };
        let r = parts.build(p, progress)?;
        let fine_grain = r.solution.trace.steps.len();
        let joint = match (&r.schedule, &r.py_schedule) {
            (Some(fg), Some(py)) => processor0_starts(&[fg, py]).len(),
            (_, py) => py.as_ref().map_or(0, |py| processor0_starts(&[py]).len()),
        };
        Ok(fine_grain.max(joint) + 1)
    }

    /// T* is the root's finish on processor 0, which runs its top cluster one node per unit;
    /// T*/T_PY with T_PY shown gives it.
    fn relations(field: &str, _run: &serde_json::Value) -> Vec<&'static str> {
        let t_star = super::FROM_T_STAR;
        match field {
            t::OPTIMAL => [&[t::RATIO][..], &t_star].concat(),
            t::PY => vec![t::RATIO],
            t::RATIO => [&[t::OPTIMAL, t::PY][..], &t_star].concat(),
            _ => Vec::new(),
        }
    }

    /// A check's detail writes both makespans ("T* = 2077, T_PY = 4002"): under a question on
    /// their ratio the pair gives it away.
    fn written_with(field: &str) -> Vec<&'static str> {
        match field {
            t::RATIO => vec![t::OPTIMAL, t::PY],
            _ => Vec::new(),
        }
    }

    /// The root runs last, from T − 1 to T: its start on the tree and on the timeline.
    fn derived(field: &str, v: f64) -> Vec<f64> {
        match field {
            t::OPTIMAL | t::PY => vec![v - 1.0],
            _ => Vec::new(),
        }
    }

    fn plotted(field: &str) -> bool {
        matches!(field, t::OPTIMAL | t::PY | t::RATIO)
    }

    /// The makespans are the end of the stepping.
    const OUTCOME: &'static [&'static str] = &[t::OPTIMAL, t::PY];
    /// Their ratio, and what T* gives away ([`super::FROM_T_STAR`]).
    const COMPUTED: &'static [(&'static str, &'static [&'static str])] = &[
        (t::RATIO, &[t::OPTIMAL, t::PY]),
        (t::EXHAUSTIVE_OPTIMAL, &[t::OPTIMAL]),
        (t::TOP_CLUSTER, &[t::OPTIMAL]),
        (t::TESTS_OF_4, &[t::OPTIMAL]),
    ];

    const MAP_PARAMS: &'static [MapParam] = &[
        map_param!(TreeSweep, spec params::N, |p| p.n, u64),
        map_param!(TreeSweep, spec params::TAU, |p| p.tau, f64),
    ];
    const MAP_METRICS: &'static [MapMetric] = &[
        MapMetric::ratio_field("ratio", "T* / T_PY: Fine-Grain against P.Y", t::RATIO)
            .symbol("T* / T_PY")
            .fast(|s| number(s, t::RATIO)),
        MapMetric::field("optimal", "T*, Fine-Grain's optimal makespan", t::OPTIMAL)
            .symbol("T*")
            .fast(|s| number(s, t::OPTIMAL)),
        MapMetric::field("py", "T_PY, P.Y's makespan", t::PY)
            .symbol("T_PY")
            .fast(|s| number(s, t::PY)),
        MapMetric::field(
            "top_cluster",
            "size of Fine-Grain's top cluster",
            t::TOP_CLUSTER,
        )
        .symbol("top cluster size")
        .fast(|s| number(s, t::TOP_CLUSTER)),
    ];

    /// One Fine-Grain pass with P.Y: without the processor counts on the fast path, with them
    /// (and the baselines) through the JSON.
    fn map_cost(p: &TreeSweepParams, fast: bool) -> f64 {
        let weight = if fast {
            TREE_FAST_WEIGHT
        } else {
            TREE_SOLVE_WEIGHT
        };
        p.validate()
            .map_or(0.0, |_| weight * (p.n as f64).powi(2) / params::BUDGET.work)
    }
}

/// The distinct times at which processor 0 starts a node in any of `schedules`, in order (one
/// schedule: its processor 0's nodes; Fine-Grain's and P.Y's: the joint view's steps).
pub fn processor0_starts(schedules: &[&Schedule]) -> Vec<f64> {
    let mut times: Vec<f64> = schedules
        .iter()
        .flat_map(|s| {
            (1..s.processor.len())
                .filter(|&k| s.processor[k] == 0)
                .map(|k| s.start[k])
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times.dedup_by(|a, b| (*a - *b).abs() <= 1e-9);
    times
}

/// `optimal` (T*), `py` (T_PY), `ratio` (T*/T_PY) or `top_cluster` of a tree sweep, from
/// Fine-Grain's pass without the processor counts and P.Y's recurrence (as `solve` computes
/// them for the run result).
fn number(s: &Scenario, key: &str) -> CellResult {
    let p = crate::report::row::params::<TreeSweepParams>(s)
        .map_err(|_| "not a tree-sweep scenario".to_string())?;
    let v = p.validate().map_err(invalid)?;
    let n = v.height();
    let optimal = || treesweep::fine_grain_makespans(n, v.tau);
    let x = match key {
        t::OPTIMAL => optimal().makespan(),
        t::PY => treesweep::py_makespan(n, v.tau),
        t::TOP_CLUSTER => optimal().top_cluster_size() as f64,
        _ => optimal().makespan() / treesweep::py_makespan(n, v.tau),
    };
    defined(key, x)
}
