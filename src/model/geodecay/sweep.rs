//! Parameter sweeps behind the plots. Points run in parallel (rayon); the output order is the
//! input order, and every value is deterministic (each run seeds its own generator).

use serde::Serialize;

use super::params::{
    BUDGET, GeoParams, Policy, ROUND_BYTES, Valid, cost, optimal_cost, rounds_estimate,
};
use super::simulate::{GeoOutcome, simulate_valid};
use super::theory::lg_star;
use crate::model::budget::Cost;
use crate::model::stats::median_of_sorted;
use crate::model::{Cancelled, Progress, try_par_map};

/// One policy at one sweep point.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PolicyValue {
    /// The policy.
    pub policy: Policy,
    /// Total time.
    pub time: f64,
    /// Multiplicative overhead (time − brent)/ℓ; `None` when ℓ = 0.
    pub overhead: Option<f64>,
    /// Additive overhead time − brent.
    pub overhead_additive: f64,
    /// All balancings.
    pub balancings: u64,
    /// Balancings of the improved policy's initialisation phase.
    pub balancings_init: u64,
    /// The other balancings.
    pub balancings_phases: u64,
    /// Rounds run.
    pub rounds: u64,
}

impl PolicyValue {
    fn of(o: &GeoOutcome) -> PolicyValue {
        PolicyValue {
            policy: o.policy,
            time: o.time,
            overhead: o.overhead,
            overhead_additive: o.overhead_additive,
            balancings: o.balancings,
            balancings_init: o.balancings_init,
            balancings_phases: o.balancings_phases,
            rounds: o.rounds,
        }
    }
}

/// One point of the ℓ sweep.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EllPoint {
    /// ℓ = 2^log2_ell.
    pub ell: f64,
    /// The exponent.
    pub log2_ell: u32,
    /// lg* ℓ.
    pub lg_star_ell: u32,
    /// One value per requested policy, in the requested order.
    pub values: Vec<PolicyValue>,
}

/// One point of the p sweep.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PPoint {
    /// Number of processors.
    pub p: u64,
    /// One value per requested policy, in the requested order.
    pub values: Vec<PolicyValue>,
}

/// Time of one policy over many seeds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeedSpread {
    /// The policy.
    pub policy: Policy,
    /// Smallest time.
    pub min: f64,
    /// Median time (mean of the two middle values for an even count).
    pub median: f64,
    /// Largest time.
    pub max: f64,
    /// Mean time.
    pub mean: f64,
    /// Time per seed, for seeds seed, seed+1, … (wrapping).
    pub times: Vec<f64>,
}

/// Work and memory of `runs` untraced runs of the scenario `p` (the sweeps keep no rounds).
pub fn runs_cost(p: &GeoParams, runs: f64) -> Cost {
    let one = cost(p);
    Cost::new(
        one.work * runs,
        one.bytes - rounds_estimate(p) * ROUND_BYTES,
    )
}

/// The policies the side-by-side table and the sweeps compare over `plans` scenarios that
/// share n, α, decay and survivors: [`Policy::MAIN`], then the optimal policy where its
/// programme applies (deterministic decay, survivors not random) and its `plans` plans take at
/// most a quarter of the budget. It is the reference the paper's "best possible up to a
/// constant factor" is checked against (finding gm-best-possible).
pub fn compared_policies(v: &Valid, plans: usize) -> Vec<Policy> {
    let mut all = Policy::MAIN.to_vec();
    let planned = GeoParams {
        policy: Policy::Optimal,
        ..v.params().clone()
    };
    let dp = optimal_cost(&planned).work * plans as f64;
    if planned.validate().is_ok() && dp <= BUDGET.work / 4.0 {
        all.push(Policy::Optimal);
    }
    all
}

/// Work and memory of `points` scenarios like `p`, each run under every policy in `policies`
/// (with the optimal policy's programme, when it is one of them).
pub fn policies_cost(p: &GeoParams, points: f64, policies: &[Policy]) -> Cost {
    let mut all = runs_cost(p, points * policies.len() as f64);
    if policies.contains(&Policy::Optimal) {
        let planned = GeoParams {
            policy: Policy::Optimal,
            ..p.clone()
        };
        all.work += optimal_cost(&planned).work * points;
    }
    all
}

/// Work and memory of the ℓ sweep ℓ = 2^1 … 2^top under `policies`.
pub fn ell_sweep_cost(v: &Valid, top: u32, policies: &[Policy]) -> Cost {
    policies_cost(v, f64::from(top), policies)
}

/// Work and memory of the p sweep over `values` under `policies`.
pub fn p_sweep_cost(v: &Valid, values: &[u64], policies: &[Policy]) -> Cost {
    values
        .iter()
        .map(|&p| {
            let at = GeoParams {
                p,
                ..v.params().clone()
            };
            policies_cost(&at, 1.0, policies)
        })
        .sum()
}

/// Work and memory of the seed spread over `seeds` seeds with `policies` policies.
pub fn seed_spread_cost(v: &Valid, seeds: u32, policies: usize) -> Cost {
    let runs = f64::from(seeds) * policies as f64;
    runs_cost(v, runs) + Cost::new(0.0, runs * 16.0)
}

/// Every policy of `policies` on every scenario, all runs in parallel: entry i holds the
/// values of scenario i in the order of `policies`.
fn run_policies(
    scenarios: &[Valid],
    policies: &[Policy],
    progress: &dyn Progress,
) -> Result<Vec<Vec<PolicyValue>>, Cancelled> {
    let m = policies.len();
    let runs = try_par_map(0..scenarios.len() * m, progress, |i| {
        let o = simulate_valid(&scenarios[i / m], policies[i % m], false, progress)?;
        Ok(PolicyValue::of(&o))
    })?;
    Ok((0..scenarios.len())
        .map(|i| runs[i * m..(i + 1) * m].to_vec())
        .collect())
}

/// The p values of the "time vs p" plot: powers of two up to n (at most 2^20 = 1 048 576).
pub fn p_values(n: u64) -> Vec<u64> {
    (0..=20)
        .map(|k| 1u64 << k)
        .take_while(|&p| p <= n.max(1))
        .collect()
}

/// ℓ = 2^k for k = log2_lo..=log2_hi (empty if log2_lo > log2_hi), every policy in `policies`,
/// other parameters from `v`. Exponents whose ℓ fails validation (beyond f64) are skipped.
pub fn sweep_ell(
    v: &Valid,
    log2_lo: u32,
    log2_hi: u32,
    policies: &[Policy],
    progress: &dyn Progress,
) -> Result<Vec<EllPoint>, Cancelled> {
    let (ks, scenarios): (Vec<u32>, Vec<Valid>) = (log2_lo..=log2_hi)
        .filter_map(|k| Some((k, v.with(|p| p.ell = 2f64.powi(k as i32)).ok()?)))
        .unzip();
    let values = run_policies(&scenarios, policies, progress)?;
    Ok(ks
        .into_iter()
        .zip(&scenarios)
        .zip(values)
        .map(|((k, s), values)| EllPoint {
            ell: s.ell,
            log2_ell: k,
            lg_star_ell: lg_star(s.ell),
            values,
        })
        .collect())
}

/// The given processor counts, every policy in `policies`, other parameters from `v`. Values
/// that fail validation (p = 0, p beyond the limits) are skipped.
pub fn sweep_p(
    v: &Valid,
    values: &[u64],
    policies: &[Policy],
    progress: &dyn Progress,
) -> Result<Vec<PPoint>, Cancelled> {
    let scenarios: Vec<Valid> = values
        .iter()
        .filter_map(|&p| v.with(|prm| prm.p = p).ok())
        .collect();
    let values = run_policies(&scenarios, policies, progress)?;
    Ok(scenarios
        .iter()
        .zip(values)
        .map(|(s, values)| PPoint { p: s.p, values })
        .collect())
}

/// Time of every policy in `policies` for seeds `v.seed`, `v.seed + 1`, … (`seeds` of them,
/// wrapping; at least one), other parameters from `v`. Meaningful for randomized decay or random
/// survivors; in a deterministic scenario all seeds agree.
pub fn seed_spread(
    v: &Valid,
    seeds: u32,
    policies: &[Policy],
    progress: &dyn Progress,
) -> Result<Vec<SeedSpread>, Cancelled> {
    let offsets: Vec<u32> = (0..seeds.max(1)).collect();
    Ok(spread_of(
        policies,
        &seed_times(v, &offsets, policies, progress)?,
    ))
}

/// The times of the seed study's runs with seeds `v.seed + offset` (wrapping) for each of
/// `offsets`: entry i holds offset i's time per policy, in the order of `policies`. A part of
/// [`seed_spread`] (a shard of the study computes some offsets).
pub fn seed_times(
    v: &Valid,
    offsets: &[u32],
    policies: &[Policy],
    progress: &dyn Progress,
) -> Result<Vec<Vec<f64>>, Cancelled> {
    let scenarios: Vec<Valid> = offsets
        .iter()
        .map(|&s| {
            v.with(|p| p.seed = v.seed.wrapping_add(u64::from(s)))
                .expect("changing the seed keeps parameters valid")
        })
        .collect();
    let values = run_policies(&scenarios, policies, progress)?;
    Ok(values
        .into_iter()
        .map(|t| t.iter().map(|x| x.time).collect())
        .collect())
}

/// The spread per policy of the times `times[s][policy]` of some seeds (at least one), the
/// policies in the order of `policies`.
pub fn spread_of(policies: &[Policy], times: &[Vec<f64>]) -> Vec<SeedSpread> {
    policies
        .iter()
        .enumerate()
        .map(|(i, &policy)| {
            let per_seed: Vec<f64> = times
                .iter()
                .map(|t| t.get(i).copied().unwrap_or(f64::NAN))
                .collect();
            let mut sorted = per_seed.clone();
            sorted.sort_by(f64::total_cmp);
            let len = sorted.len().max(1);
            SeedSpread {
                policy,
                min: sorted.first().copied().unwrap_or(f64::NAN),
                median: if sorted.is_empty() {
                    f64::NAN
                } else {
                    median_of_sorted(&sorted)
                },
                max: sorted.last().copied().unwrap_or(f64::NAN),
                mean: per_seed.iter().sum::<f64>() / len as f64,
                times: per_seed,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::NoProgress;
    use crate::model::geodecay::params::Decay;

    #[test]
    fn ell_sweep_shape_and_order() {
        let v = GeoParams::default().validate().unwrap();
        let pts = sweep_ell(&v, 1, 64, &Policy::MAIN, &NoProgress).unwrap();
        assert_eq!(pts.len(), 64);
        for (i, pt) in pts.iter().enumerate() {
            assert_eq!(pt.log2_ell, i as u32 + 1);
            assert_eq!(pt.ell, 2f64.powi(i as i32 + 1));
            let pols: Vec<Policy> = pt.values.iter().map(|x| x.policy).collect();
            assert_eq!(pols, Policy::MAIN.to_vec());
        }
        // Never's work does not depend on ℓ: time = work + ℓ at every point.
        let w0 = pts[0].values[0].time - pts[0].ell;
        assert!(pts.iter().all(|pt| pt.values[0].time == w0 + pt.ell));
        assert!(pts.iter().all(|pt| pt.values[0].balancings == 1));
        assert!(
            sweep_ell(&v, 5, 4, &Policy::MAIN, &NoProgress)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn p_sweep_skips_invalid_values() {
        let v = GeoParams::default().validate().unwrap();
        let pts = sweep_p(&v, &[0, 1, 16, 1024], &[Policy::Improved], &NoProgress).unwrap();
        let ps: Vec<u64> = pts.iter().map(|x| x.p).collect();
        assert_eq!(ps, vec![1, 16, 1024]);
    }

    #[test]
    fn study_costs_add_up_their_runs() {
        let v = GeoParams::default().validate().unwrap();
        let one = cost(&v);
        let seeds = seed_spread_cost(&v, 100, 3);
        assert_eq!(seeds.work, 300.0 * one.work);
        // The studies keep no rounds.
        assert!(seeds.bytes < one.bytes);
        assert_eq!(ell_sweep_cost(&v, 64, &Policy::MAIN).work, 192.0 * one.work);
        // The optimal policy adds its programme once per point.
        let mut four = Policy::MAIN.to_vec();
        four.push(Policy::Optimal);
        let planned = GeoParams {
            policy: Policy::Optimal,
            ..v.params().clone()
        };
        let dp = optimal_cost(&planned).work;
        assert!(dp > 0.0);
        assert_eq!(
            ell_sweep_cost(&v, 64, &four).work,
            256.0 * one.work + 64.0 * dp
        );
        let ps = p_values(v.n);
        let random = v
            .with(|p| p.survivors = crate::model::geodecay::Survivors::Random)
            .unwrap();
        // With random survivors the p sweep costs Σp (small p weigh more per processor):
        // dominated by its largest p.
        let c = p_sweep_cost(&random, &ps, &Policy::MAIN);
        let last = runs_cost(
            &GeoParams {
                p: 1 << 20,
                ..random.params().clone()
            },
            3.0,
        );
        assert!(
            c.work > last.work && c.work < 4.0 * last.work,
            "{c:?} {last:?}"
        );
    }

    #[test]
    fn seed_spread_is_ordered_and_deterministic() {
        let v = GeoParams {
            decay: Decay::Random,
            ..Default::default()
        }
        .validate()
        .unwrap();
        let a = seed_spread(&v, 9, &Policy::MAIN, &NoProgress).unwrap();
        let b = seed_spread(&v, 9, &Policy::MAIN, &NoProgress).unwrap();
        assert_eq!(a, b);
        for s in &a {
            assert_eq!(s.times.len(), 9);
            assert!(s.min <= s.median && s.median <= s.max);
            assert!(
                s.min < s.max,
                "{:?}: randomized runs should differ",
                s.policy
            );
        }
    }

    #[test]
    fn sweeps_honour_cancellation() {
        use std::sync::atomic::AtomicBool;
        let flag = AtomicBool::new(true);
        let pr = crate::model::FlagProgress(&flag);
        let v = GeoParams::default().validate().unwrap();
        assert_eq!(sweep_ell(&v, 1, 8, &Policy::MAIN, &pr), Err(Cancelled));
        assert_eq!(sweep_p(&v, &[4, 8], &Policy::MAIN, &pr), Err(Cancelled));
        assert_eq!(seed_spread(&v, 3, &Policy::MAIN, &pr), Err(Cancelled));
    }
}
