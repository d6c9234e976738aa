//! The random-tree study (`loadlab ksbf-study`): KS-BF's efficiency on random growing trees
//! (every task below level n − 1 spawns two children with probability q) over many seeds, per
//! (n, p), as a distribution with a 95 % confidence interval of the mean, next to the complete
//! tree T_n and the efficiency Theorem 1.1 guarantees it. Gao and Rosenberg prove their bounds
//! for complete trees and grids only and *believe* KS-BF does well on most growing trees: the
//! study puts numbers on that belief.
//!
//! Seed j (0-based) of a cell is `seed + j`; every (cell, seed) run is independent, so the
//! runs can be computed in shards and the summaries formed afterwards.

use serde::Serialize;

use super::params::{Balance, KsbfParams, Schedule, Shape, cost_of};
use super::simulate::simulate_aggregate;
use super::theory::theory;
use crate::model::ParamError;
use crate::model::budget::Cost;
use crate::model::median_of_sorted;

/// Most seeds per cell.
pub const SEEDS_MAX: u64 = 100_000;

/// The study's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct StudySpec {
    /// Depth caps n.
    pub ns: Vec<u32>,
    /// Ring sizes p.
    pub ps: Vec<u32>,
    /// Spawn probability q.
    pub q: f64,
    /// Seeds per cell.
    pub seeds: u64,
    /// First seed.
    pub seed: u64,
}

impl StudySpec {
    /// The (n, p) cells, n outer.
    pub fn cells(&self) -> Vec<(u32, u32)> {
        self.ns
            .iter()
            .flat_map(|&n| self.ps.iter().map(move |&p| (n, p)))
            .collect()
    }

    fn scenario(&self, shape: Shape, n: u32, p: u32, seed: u64) -> KsbfParams {
        KsbfParams {
            shape,
            n,
            p,
            seed,
            spawn_prob: self.q,
            balance: Balance::Ks,
            schedule: Schedule::Bf,
        }
    }

    /// Checks every cell's scenario and the seeds; the work of the whole study (every random
    /// tree at its largest, and the complete trees).
    pub fn check(&self) -> Result<Cost, ParamError> {
        if !(1..=SEEDS_MAX).contains(&self.seeds) {
            return Err(crate::model::param_error(
                "seeds",
                format!("between 1 and {SEEDS_MAX} seeds per cell"),
            ));
        }
        let mut total = Cost::default();
        for (n, p) in self.cells() {
            let r = self.scenario(Shape::RandomTree, n, p, self.seed);
            r.validate()?;
            let t = self.scenario(Shape::Tree, n, p, self.seed);
            t.validate()?;
            total = total + cost_of(&r, false).repeated(self.seeds as f64) + cost_of(&t, false);
        }
        Ok(total)
    }

    /// Efficiency and nodes of seed `j` in cell (n, p).
    pub fn run(&self, n: u32, p: u32, j: u64) -> Result<(f64, u64), ParamError> {
        let v = self
            .scenario(Shape::RandomTree, n, p, self.seed.wrapping_add(j))
            .validate()?;
        let o = simulate_aggregate(&v);
        Ok((o.efficiency(), o.nodes))
    }

    /// The complete tree's efficiency and Theorem 1.1's guaranteed efficiency N / (p · bound).
    pub fn complete(&self, n: u32, p: u32) -> Result<(f64, Option<f64>), ParamError> {
        let v = self.scenario(Shape::Tree, n, p, self.seed).validate()?;
        let o = simulate_aggregate(&v);
        let bound = theory(&v)
            .bounds
            .thm11
            .map(|b| o.nodes as f64 / (f64::from(p) * b));
        Ok((o.efficiency(), bound))
    }
}

/// One cell's distribution.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellSummary {
    /// Depth cap n.
    pub n: u32,
    /// Ring size p.
    pub p: u32,
    /// Seeds.
    pub count: usize,
    /// Mean efficiency.
    pub mean: f64,
    /// Sample standard deviation.
    pub sd: f64,
    /// 95 % confidence interval of the mean (normal approximation, mean ± 1.96 sd/√count).
    pub ci95: [f64; 2],
    /// Smallest efficiency.
    pub min: f64,
    /// Median efficiency.
    pub median: f64,
    /// Largest efficiency.
    pub max: f64,
    /// Mean number of nodes of the random trees.
    pub mean_nodes: f64,
    /// KS-BF's efficiency on the complete tree T_n.
    pub complete_tree: f64,
    /// The efficiency Theorem 1.1 guarantees on T_n.
    pub thm11_efficiency: Option<f64>,
}

/// The summary of a cell's runs (in seed order).
pub fn summarize(
    (n, p): (u32, u32),
    runs: &[(f64, u64)],
    complete: (f64, Option<f64>),
) -> Option<CellSummary> {
    if runs.is_empty() {
        return None;
    }
    let m = runs.len() as f64;
    let mut e: Vec<f64> = runs.iter().map(|r| r.0).collect();
    let mean = e.iter().sum::<f64>() / m;
    let var = if runs.len() > 1 {
        e.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (m - 1.0)
    } else {
        0.0
    };
    let sd = var.sqrt();
    let half = 1.96 * sd / m.sqrt();
    e.sort_by(f64::total_cmp);
    Some(CellSummary {
        n,
        p,
        count: runs.len(),
        mean,
        sd,
        ci95: [mean - half, mean + half],
        min: e[0],
        median: median_of_sorted(&e),
        max: e[e.len() - 1],
        mean_nodes: runs.iter().map(|r| r.1 as f64).sum::<f64>() / m,
        complete_tree: complete.0,
        thm11_efficiency: complete.1,
    })
}

/// What the cells say about the belief that KS-BF does well on most growing trees, in one
/// plain sentence.
pub fn verdict(cells: &[CellSummary]) -> String {
    let m = cells.len();
    let at_or_above = cells
        .iter()
        .filter(|c| c.ci95[1] >= c.complete_tree)
        .count();
    let worst = cells
        .iter()
        .min_by(|a, b| (a.mean / a.complete_tree).total_cmp(&(b.mean / b.complete_tree)));
    let Some(w) = worst else {
        return "no cells".into();
    };
    let below_half = cells.iter().filter(|c| c.median < 0.5).count();
    format!(
        "In {at_or_above} of {m} cells the 95 % interval of the mean efficiency on random trees \
         reaches the complete tree's efficiency; the lowest ratio of the mean to the complete \
         tree's is {:.3} (n = {}, p = {}: mean {:.3}, complete tree {:.3}); in {below_half} of \
         {m} cells the median random tree runs below 50 % efficiency.",
        w.mean / w.complete_tree,
        w.n,
        w.p,
        w.mean,
        w.complete_tree
    )
}
