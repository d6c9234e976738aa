//! Sweeps behind the plots: makespan vs n at fixed p, vs p at fixed n, and the efficiency
//! distribution over seeds. Points run in parallel (rayon); output order is input order.

use serde::Serialize;

use super::params::{KsbfParams, ParamError, Valid};
use super::simulate::simulate_aggregate;
use super::theory::{Bounds, theory};
use crate::model::stats::median_of_sorted;
use crate::model::{Cancelled, Progress, par_map};

/// One simulated point with its theory.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepPoint {
    /// n of this point.
    pub n: u32,
    /// p of this point.
    pub p: u32,
    /// Nodes N.
    pub nodes: u64,
    /// Simulated makespan.
    pub makespan: u64,
    /// Ideal N/p.
    pub ideal: f64,
    /// The theorems' bounds (flattened: `thm11`, `thm22`, `thm32` in JSON).
    #[serde(flatten)]
    pub bounds: Bounds,
    /// Largest simulated W_i.
    pub max_work: u64,
    /// Efficiency N / (p · makespan).
    pub efficiency: f64,
}

/// One seed of a random-workload study.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeedPoint {
    /// The seed.
    pub seed: u64,
    /// Nodes N grown with this seed.
    pub nodes: u64,
    /// Simulated makespan.
    pub makespan: u64,
    /// Efficiency N / (p · makespan).
    pub efficiency: f64,
}

fn point(v: &Valid) -> SweepPoint {
    let o = simulate_aggregate(v);
    let th = theory(v);
    SweepPoint {
        n: v.n,
        p: v.p,
        nodes: o.nodes,
        makespan: o.makespan,
        ideal: o.nodes as f64 / f64::from(v.p),
        bounds: th.bounds,
        max_work: o.work.iter().copied().max().unwrap_or(0),
        efficiency: o.efficiency(),
    }
}

/// Seeds of the random-workload study shown by default.
pub const SEED_STUDY_COUNT: u64 = 100;

/// The n values of the makespan-vs-n plot: 1 up to the instance's n, capped so the sweep stays
/// quick (400 for grids, 20 for trees), at least up to 2.
pub fn plot_n_values(params: &KsbfParams) -> Vec<u32> {
    let hi = params
        .n
        .clamp(2, if params.shape.is_grid() { 400 } else { 20 });
    (1..=hi).collect()
}

/// The p values of the makespan-vs-p plot: every p up to max(the instance's p capped at 256,
/// min(p, 64)) for workloads of at most 2^20 nodes; for bigger ones the powers of two up to
/// that and the instance's p itself, so the sweep stays a few seconds even for T_26.
pub fn plot_p_values(params: &KsbfParams) -> Vec<u32> {
    let hi = params.p.clamp(2, 64).max(params.p.min(256));
    if params.max_nodes() <= 1 << 20 {
        return (1..=hi).collect();
    }
    let mut v: Vec<u32> = (0..=8).map(|k| 1u32 << k).filter(|&q| q <= hi).collect();
    if !v.contains(&params.p) {
        v.push(params.p);
        v.sort_unstable();
    }
    v
}

/// The scenarios of a makespan-vs-n sweep (everything but n from `base`).
pub fn n_points(base: &Valid, ns: &[u32]) -> Result<Vec<Valid>, ParamError> {
    ns.iter().map(|&n| base.with(|q| q.n = n)).collect()
}

/// The scenarios of a makespan-vs-p sweep (everything but p from `base`).
pub fn p_points(base: &Valid, ps: &[u32]) -> Result<Vec<Valid>, ParamError> {
    ps.iter().map(|&p| base.with(|q| q.p = p)).collect()
}

/// `count` consecutive seeds starting at `base.seed`.
pub fn seed_points(base: &Valid, count: u64) -> Vec<Valid> {
    (0..count)
        .map(|s| {
            base.with(|q| q.seed = base.seed.wrapping_add(s))
                .expect("the seed never invalidates a valid scenario")
        })
        .collect()
}

/// Simulates every scenario (aggregate counters only) with its theory, on all cores.
pub fn sweep(points: &[Valid], progress: &dyn Progress) -> Result<Vec<SweepPoint>, Cancelled> {
    par_map(points, progress, point)
}

/// Efficiency of every scenario (typically [`seed_points`] of a random shape), on all cores.
pub fn sweep_seeds(points: &[Valid], progress: &dyn Progress) -> Result<Vec<SeedPoint>, Cancelled> {
    par_map(points, progress, |v| {
        let o = simulate_aggregate(v);
        SeedPoint {
            seed: v.seed,
            nodes: o.nodes,
            makespan: o.makespan,
            efficiency: o.efficiency(),
        }
    })
}

/// Distribution summary of a seed study.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct EfficiencySummary {
    /// Number of seeds.
    pub count: usize,
    /// Smallest efficiency.
    pub min: f64,
    /// Mean efficiency.
    pub mean: f64,
    /// Median efficiency.
    pub median: f64,
    /// Largest efficiency.
    pub max: f64,
}

/// Summary of a seed study; `None` when empty.
pub fn summarize(points: &[SeedPoint]) -> Option<EfficiencySummary> {
    if points.is_empty() {
        return None;
    }
    let mut e: Vec<f64> = points.iter().map(|p| p.efficiency).collect();
    e.sort_by(f64::total_cmp);
    let m = e.len();
    Some(EfficiencySummary {
        count: m,
        min: e[0],
        mean: e.iter().sum::<f64>() / m as f64,
        median: median_of_sorted(&e),
        max: e[m - 1],
    })
}
