//! Sweeps behind the plots: makespan vs n at fixed p, vs p at fixed n, and the efficiency
//! distribution over seeds. Points run in parallel (rayon); output order is input order.

use serde::Serialize;

use super::params::{ParamError, Valid};
use super::simulate::simulate_aggregate;
use super::theory::theory;
use crate::model::{Cancelled, Progress, median_of_sorted, par_map};

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
    /// Theorem 1.1 bound (complete shapes under KS-BF).
    pub thm11: Option<f64>,
    /// Theorem 2.2 bound p + max W_i (complete trees under KS-BF).
    pub thm22: Option<u64>,
    /// Theorem 3.2 bound max(W_i + i) (pyramids under KS-BF).
    pub thm32: Option<u64>,
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
        thm11: th.thm11,
        thm22: th.thm22,
        thm32: th.thm32,
        max_work: o.work.iter().copied().max().unwrap_or(0),
        efficiency: o.efficiency(),
    }
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
