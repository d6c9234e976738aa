//! The optimal balancing schedule of the cost model (issue 23, finding gm-best-possible): the
//! set of rounds before which to balance that minimises the total time Σ_r max_i count_i + ℓ ·
//! balancings, for deterministic decay with adversarial or proportional survivors (the runs
//! are then fixed by the plan alone). Balancing before round 0 is forced, as for every policy.
//!
//! A dynamic programme over the round s of a balancing: best(s) = ℓ + min over the next
//! balancing round e > s (or the end) of cost(s..e) + best(e), where cost(s..e) sums the round
//! costs of rounds s..e−1 run from a balanced start at s. O(R²) steps for R rounds, each O(1)
//! on the compact loads.

use super::loads::Loads;
use super::params::{Survivors, Valid};
use super::theory::{deterministic_rounds, deterministic_tasks};
use crate::model::{Cancelled, Progress};

/// The dynamic programme: `best[s]`, the least time of rounds s.. after a balancing before
/// round s (`best[rounds]` = 0), and `next[s]`, the round of the next balancing of a plan that
/// attains it (`rounds`: none). Polls `progress` once per start round.
pub fn best_times(v: &Valid, progress: &dyn Progress) -> Result<(Vec<f64>, Vec<usize>), Cancelled> {
    let prm = v.params();
    let (n, p, alpha, ell) = (prm.n, prm.p, prm.alpha, prm.ell);
    let rounds = deterministic_rounds(n, alpha) as usize;
    let w: Vec<u64> = (0..rounds as u64)
        .map(|r| deterministic_tasks(n, alpha, r).unwrap_or(0))
        .collect();
    let proportional = prm.survivors == Survivors::Proportional;
    let mut best = vec![0.0f64; rounds + 1];
    let mut next = vec![rounds; rounds + 1];
    for s in (0..rounds).rev() {
        if progress.cancelled() {
            return Err(Cancelled);
        }
        let mut loads = Loads::balanced(w[s], p, false);
        let mut run = 0u64;
        let (mut least, mut at) = (f64::INFINITY, rounds);
        for e in s + 1..=rounds {
            if e - 1 > s {
                if proportional {
                    loads.decay_proportional(w[e - 2], w[e - 1]);
                } else {
                    loads.decay_adversarial(w[e - 1]);
                }
            }
            run += loads.stats().max.max(1);
            let total = run as f64 + best[e];
            // Ties go to the later balancing (fewer balancings).
            if total <= least {
                (least, at) = (total, e);
            }
        }
        best[s] = ell + least;
        next[s] = at;
    }
    Ok((best, next))
}

/// The optimal plan: `plan[r]` is true when a balancing runs before round r (`plan[0]` always),
/// and the least total time. Polls `progress` once per start round.
pub fn optimal_plan(v: &Valid, progress: &dyn Progress) -> Result<(Vec<bool>, f64), Cancelled> {
    let (best, next) = best_times(v, progress)?;
    let rounds = best.len() - 1;
    let mut plan = vec![false; rounds.max(1)];
    let mut s = 0;
    while s < rounds {
        plan[s] = true;
        s = next[s];
    }
    plan[0] = true;
    Ok((plan, best[0]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::NoProgress;
    use crate::model::geodecay::{GeoParams, Policy, simulate};

    #[test]
    fn the_plan_is_never_beaten_and_its_run_takes_the_dp_time() {
        for (ell, survivors) in [
            (4.0, Survivors::Adversarial),
            (300.0, Survivors::Adversarial),
            (1e5, Survivors::Proportional),
        ] {
            let g = GeoParams {
                n: 1 << 16,
                p: 64,
                alpha: 0.5,
                ell,
                survivors,
                policy: Policy::Optimal,
                ..Default::default()
            };
            let (_, dp) = optimal_plan(&g.validate().unwrap(), &NoProgress).unwrap();
            let opt = simulate(&g).unwrap().time;
            assert_eq!(opt, dp, "ℓ = {ell}");
            for policy in [Policy::Never, Policy::Standard, Policy::Improved] {
                let t = simulate(&GeoParams {
                    policy,
                    ..g.clone()
                })
                .unwrap()
                .time;
                assert!(opt <= t, "ℓ = {ell}: optimal {opt} > {policy:?} {t}");
            }
        }
    }
}
