//! What a lesson costs before anything runs: each check's and each step's run estimated by
//! its model ([`crate::model::budget`] and the models' estimators), as seconds on the
//! reference machine, added up for the lesson as a whole and held to [`LESSON_SECONDS`].
//!
//! Every run is estimated against its own model's work limit, which stands for
//! [`SECONDS`] (a run at its model's limit takes about 10 s): a run's share of its model's
//! budget times [`SECONDS`], plus the report's fixed overhead per run. A run whose parameters
//! are invalid fails at once and costs the overhead only.

use super::command::Planned;
use crate::model::budget::SECONDS;
use crate::model::redistribute::run::not_applicable;
use crate::model::{divisible, geodecay, ksbf, redistribute, treesweep};
use crate::report::map::{RUN_OVERHEAD_SECONDS, TREE_SOLVE_WEIGHT};

/// Most estimated seconds of everything a lesson runs (every step's scenario and every
/// question's check, as `loadlab lesson --check` runs them one after the other and the player
/// computes the answers in one background job): the budget of one computation.
pub const LESSON_SECONDS: f64 = SECONDS;

/// Estimated seconds of a planned run (its parts included).
pub fn seconds(run: &Planned) -> f64 {
    let fraction = match run {
        Planned::Divisible(p, parts) => match p.validate() {
            Ok(v) => {
                let mut work = divisible::sweep::cost(&v).work;
                if parts.h_sweep {
                    // One evaluation per height 0..=h_max (each O(h³)).
                    for h in 0..=p.sweep_h_max.clamp(0, 64) {
                        let at = divisible::DivisibleParams { h, ..p.clone() };
                        if let Ok(w) = at.validate() {
                            work += divisible::sweep::cost(&w).work;
                        }
                    }
                }
                if parts.beta_sweep {
                    work += divisible::sweep::beta_sweep_cost(&v, parts.beta_points).work;
                }
                work / divisible::sweep::BUDGET.work
            }
            Err(_) => 0.0,
        },
        Planned::Geodecay(p, parts) => match p.validate() {
            Ok(v) => {
                let parts = crate::report::geodecay::parts_cost(&v, parts);
                let work: f64 = parts.iter().map(|part| part.cost.work).sum();
                work / geodecay::params::BUDGET.work
            }
            Err(_) => 0.0,
        },
        // Fine-Grain with its exact processor counts (the summary), as the map weighs it.
        Planned::TreeSweep(p, _) => match p.validate() {
            Ok(_) => {
                let solve = TREE_SOLVE_WEIGHT * (p.n as f64).powi(2);
                solve.max(treesweep::params::cost(p).work) / treesweep::params::BUDGET.work
            }
            Err(_) => 0.0,
        },
        // With the records of small instances, as `loadlab ksbf` runs it.
        Planned::Ksbf(p, _) => match p.validate() {
            Ok(_) => ksbf::cost(p).work / ksbf::BUDGET.work,
            Err(_) => 0.0,
        },
        Planned::Redistribute(p, parts) => {
            let inst = &p.instance;
            if inst.validate().is_ok() && not_applicable(inst, p.algorithm).is_none() {
                let mut work = redistribute::run::cost(inst, p.algorithm).work;
                if parts.tau_curve {
                    work += redistribute::tau_curve::cost(inst).work;
                }
                work / redistribute::run::BUDGET.work
            } else {
                0.0
            }
        }
    };
    fraction * SECONDS + RUN_OVERHEAD_SECONDS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::command::parse;

    fn of(a: &[&str]) -> f64 {
        let words: Vec<String> = a.iter().map(|s| s.to_string()).collect();
        seconds(&parse(&words).unwrap())
    }

    #[test]
    fn estimates_grow_with_the_run_and_its_parts() {
        // KS-BF's grid at its documented limit (n = 23169, p = 1) is estimated near the
        // budget; the default instance at nearly nothing.
        let big = of(&["ksbf", "--shape", "grid", "--n", "23169", "--p", "1"]);
        assert!((5.0..=SECONDS).contains(&big), "{big}");
        assert!(of(&["ksbf"]) < 0.01);
        let plain = of(&["geodecay", "--alpha", "0.01"]);
        let swept = of(&["geodecay", "--alpha", "0.01", "--sweep", "ell"]);
        assert!(swept > 10.0 * plain, "{plain} {swept}");
        let ring = [
            "redistribute",
            "--delta",
            "3,-1,-2",
            "--cw",
            "1,2,3",
            "--ccw",
            "2,2,2",
        ];
        let tau = of(&ring);
        let curve = of(&[&ring[..], &["--tau-curve"]].concat());
        assert!(curve > tau, "{tau} {curve}");
        // Invalid parameters fail at once.
        assert_eq!(of(&["treesweep", "--tau", "0.5"]), RUN_OVERHEAD_SECONDS);
    }
}
