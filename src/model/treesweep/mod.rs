//! Optimal clustering of tree sweeps under a communication delay τ — L. Gao, A. L. Rosenberg
//! and R. K. Sitaraman, "Optimal Clustering of Tree-Sweep Computations for High-Latency
//! Parallel Environments", IEEE TPDS 10(8), 1999.
//!
//! # The model
//!
//! An up-sweep of the complete binary tree T_n of height n (2^n − 1 nodes, a leaf has height
//! 1): a node needs the results of both children. A node executes in time 1 on any of
//! unboundedly many processors; a result sent between processors takes τ > 1 (fine grain;
//! multiport; no recomputation). The down-sweep is the up-sweep schedule run backwards.
//!
//! # What is computed
//!
//! * [`finegrain`]: Algorithm Fine-Grain (Section 3.1) without materialising the tree: T*(h),
//!   the top-cluster size and the processor count for every h ≤ n in one pass, O(n²) time,
//!   plus a node-by-node trace of processor 0 ([`fine_grain_traced`]); the same pass without
//!   the processor counts ([`fine_grain_makespans`]: T*(h) and the top clusters only, what the
//!   maps of T* and T*/T_PY read; the counts' wide-integer products dominate the full pass).
//! * [`schedule`]: fully materialised schedules (n ≤ 20), the literal node-by-node Fine-Grain,
//!   the baselines, time reversal, and the validity checker.
//! * [`py`]: Algorithm P.Y (recurrence for any n, explicit schedule for small n), baselines.
//! * [`exhaustive`](mod@exhaustive): the true optimum for n ≤ 5 by enumerating every top cluster.
//! * [`sweep`]: Fig. 2 (n = 1..40 for several τ) and a τ sweep.
//!
//! # Readings of the printed algorithm (checked against the exhaustive optimum)
//!
//! Each finding has one wording, in `model::errata` (ids `grs-…`); this section says
//! how the code follows it.
//!
//! * Rule 1.2(a) fires only for a non-leaf node whose two predecessors are done. Footnote 4
//!   ("a leaf-node is always eligible") read literally would make rule (a) always applicable,
//!   rule (b) would never fire and the whole tree would run on processor 0 (makespan 2^n − 1),
//!   which is not optimal ([`Reading::LeafAlwaysEligible`]).
//! * Step 1.2(b)(ii) reads max(AET(v_{i−1}) + 1, T*(h_i − 1) + τ) (footnote 5 names T*); the
//!   converted text shows "(h_i − 1) + τ", which lets boundary nodes start before their
//!   inputs arrive ([`Reading::PrintedStartFormula`]). A new boundary leaf starts at
//!   AET(v_{i−1}) + 1.
//! * A boundary node chosen at height c + 1 (c = height of the last node) is the last node's
//!   parent, with one internal and one external predecessor; heights above c + 1 never occur.
//! * "The leftmost node at height h_i that has not yet been assigned an AET" must count the
//!   nodes below earlier boundary nodes as taken (Step 2 only assigns them later). Harmless
//!   either way: the search starts at the previous boundary height, above all of them.
//! * Everything else checks out: Fine-Grain equals the exhaustive optimum (n ≤ 5, every τ
//!   tried), its schedules pass the checker (n ≤ 16), boundary nodes meet the MHB bound and
//!   come in nondecreasing height, every gap on processor 0 is below 1, T*(n) ≥ T*(n − 1) + 1
//!   and T* ≤ T_PY ≤ 2·T*.
//! * grs-half: T* approaches half of T_PY only as τ → ∞, and slowly. Measured
//!   T*(40)/T_PY(40) = 0.769, 0.729, 0.702, 0.691 for τ = 128, 256, 512, 1000 (0.750 and 0.699
//!   at n = 1000 for τ = 128 and 1000; 0.624 for n = 1000, τ = 10^6); for fixed τ the ratio
//!   levels off as n grows ([`ratio_sweep_long`], [`ratio_limit`]). Its minima lie near
//!   n ≈ lg τ + 1 (minimum over n ≤ 40: 0.580, 0.556, 0.539, 0.527 at n = 8, 9, 10, 11), where
//!   P.Y's cluster just stops holding the whole tree. P.Y here uses the best order of its cluster; a worse order only raises T_PY a
//!   little (waiting for every input first: T_PY(40) = 1316 instead of 1301 at τ = 128).
//! * The number of processors counts processor 0 plus, recursively, the processors of every
//!   external subtree, each on its own set (the paper makes no attempt to minimise it).

pub mod count;
pub mod derived;
pub mod exhaustive;
pub mod finegrain;
pub mod params;
pub mod py;
pub mod schedule;
pub mod sweep;

pub use count::Count;
pub use exhaustive::{EXHAUSTIVE_N_MAX, Exhaustive, exhaustive};
pub use finegrain::{
    FineGrain, Makespans, Rule, Trace, TraceStep, fine_grain, fine_grain_makespans,
    fine_grain_stepwise, fine_grain_traced,
};
pub use params::{Direction, N_MAX, ParamError, TAU_MAX, TreeSweepParams, Valid};
pub use py::{
    one_processor_makespan, processor_per_node_makespan, py_cluster_size, py_makespan,
    py_makespans, py_schedule,
};
pub use schedule::{
    Anomaly, MATERIAL_N_MAX, Reading, Schedule, Violation, fine_grain_schedule,
    one_processor_schedule, processor_per_node_schedule,
};
pub use sweep::{
    FIG2_N_MAX, FIG2_TAUS, HeightSweep, LIMIT_N, LIMIT_TAU_POINTS, LimitPoint, SweepPoint,
    TAU_PLOT_POINTS, fig2_taus, limit_curve, limit_taus, log_taus, ratio_limit, ratio_sweep_long,
    ratios, series, sweep_n, sweep_tau, tau_plot_values,
};

use serde::Serialize;

/// Everything about one instance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Solution {
    /// Tree height.
    pub n: u32,
    /// Communication delay.
    pub tau: f64,
    /// Sweep direction (the makespans are the same both ways).
    pub direction: Direction,
    /// T*(n), the optimal makespan (Fine-Grain).
    pub t_star: f64,
    /// T_PY(n).
    pub t_py: f64,
    /// 2^n − 1.
    pub one_processor: f64,
    /// (n − 1)(1 + τ) + 1.
    pub processor_per_node: f64,
    /// Nodes run by processor 0 (the root's processor) in the optimal schedule.
    pub top_cluster_size: u64,
    /// Distinct processors of the optimal schedule.
    pub processors: Count,
    /// The Fine-Grain summary for every height ≤ n.
    pub fine_grain: FineGrain,
    /// The first nodes of processor 0 (for an up-sweep; a down-sweep runs them in reverse).
    pub trace: Trace,
}

/// Solves one instance, keeping at most `max_trace` trace steps.
pub fn solve(v: &Valid, max_trace: usize) -> Solution {
    let n = v.height();
    let (fg, trace) = fine_grain_traced(n, v.tau, max_trace);
    Solution {
        n,
        tau: v.tau,
        direction: v.direction,
        t_star: fg.makespan(),
        t_py: py_makespan(n, v.tau),
        one_processor: one_processor_makespan(n),
        processor_per_node: processor_per_node_makespan(n, v.tau),
        top_cluster_size: fg.top_cluster_size(),
        processors: fg.processors_used(),
        fine_grain: fg,
        trace,
    }
}

/// The materialised optimal schedule for the instance's direction (n ≤ [`MATERIAL_N_MAX`]).
pub fn optimal_schedule(v: &Valid) -> Option<Schedule> {
    let (s, _) = fine_grain_schedule(v.height(), v.tau, Reading::Intended).ok()?;
    Some(match v.direction {
        Direction::Up => s,
        Direction::Down => s.reversed(),
    })
}

/// The materialised P.Y schedule for the instance's direction (n ≤ [`MATERIAL_N_MAX`]).
pub fn py_schedule_for(v: &Valid) -> Option<Schedule> {
    let s = py_schedule(v.height(), v.tau)?;
    Some(match v.direction {
        Direction::Up => s,
        Direction::Down => s.reversed(),
    })
}
