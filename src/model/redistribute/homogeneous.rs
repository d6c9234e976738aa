//! The homogeneous algorithms: Algorithm 1 (unidirectional ring, Section 3) and Algorithm 3
//! (bidirectional ring, Section 5), both in rounds of length c.
//!
//! # Algorithm 1
//!
//! P_{start+l} sends δ_{start,start+l} ≥ 0 items to P_{start+l+1}, one per round, where
//! C_{start,end} is the slice of maximal unbalance chosen by
//! [`max_slice`](super::bounds::max_slice).
//!
//! # Algorithm 3
//!
//! Its planner, one round at a time, is [`super::alg3`]: here the whole run becomes a
//! schedule of [`Rounds::Generated`], planned again from checkpoints when it is read.
//!
//! The findings (with the smallest failing instances) are listed in [`super`].

use super::alg2::check_items;
use super::alg3::Alg3Variant;
use super::bounds::start_amounts;
use super::error::RedistError;
use super::instance::RingInstance;
use super::rounds::{Generated, Rounds};
use super::schedule::{RoundsVerifier, Schedule, Verification, check_round_length};
use super::send::Send;
use std::sync::Arc;

/// Algorithm 1, Steps 1–6 read literally: in round s = 1..δ_max, P_{start+l} sends one item
/// to P_{start+l+1} iff δ_{start,start+l} ≥ s. Every send carries step 6; within a round the
/// sends are listed for l = 0, 1, …, n − 1. The round length is the homogeneous cost c.
///
/// Errors: the ring is heterogeneous (use [`algorithm2`](super::alg2::algorithm2)) or more than
/// [`MAX_ITEMS`](super::alg2::MAX_ITEMS) sends.
/// The instance is expected to satisfy Section 2 (Σδ = 0).
pub fn algorithm1(inst: &RingInstance) -> Result<Schedule, RedistError> {
    let c = inst
        .uniform_cost()
        .ok_or(RedistError::Alg1NeedsHomogeneous)?;
    let n = inst.n();
    let (v, start) = start_amounts(&inst.delta);
    check_items(&v, "Algorithm 1")?;
    let delta_max = v.iter().copied().max().unwrap_or(0);
    let mut rounds: Vec<Vec<Send>> = Vec::with_capacity(delta_max as usize);
    // Senders of round s, in l order; round s + 1 keeps those with δ_{start,start+l} ≥ s + 1.
    let mut senders: Vec<usize> = (0..n).map(|l| (start + l) % n).collect();
    for s in 1..=delta_max {
        senders.retain(|&i| v[i] >= s);
        rounds.push(
            senders
                .iter()
                .map(|&i| Send {
                    from: i as u32,
                    to: ((i + 1) % n) as u32,
                    step: 6,
                })
                .collect(),
        );
    }
    Ok(Schedule::Rounds {
        rounds: Rounds::Listed(rounds),
        c,
    })
}

/// Algorithm 3 from s = 1 until δ_max = 0, as a round-based schedule with c the homogeneous
/// cost. Lemma 8 says it takes exactly [`lemma6_rounds`](super::bounds::lemma6_rounds) rounds; a safety cap of
/// 4 · lemma6_rounds + 10 rounds stops a variant that fails to progress (its schedule then
/// fails the checker's final-load test). The unbalances are updated in place and the sends
/// are not kept: the schedule is [`Rounds::Generated`], which plans a round again from a
/// checkpoint when it is read.
///
/// Errors: a heterogeneous ring, or lemma6_rounds · n > [`ALG3_MAX_WORK`](super::alg3::ALG3_MAX_WORK).
pub fn algorithm3(inst: &RingInstance, variant: Alg3Variant) -> Result<Schedule, RedistError> {
    let c = inst
        .uniform_cost()
        .ok_or(RedistError::Alg3NeedsHomogeneous)?;
    let rounds = Rounds::Generated(Arc::new(Generated::run(&inst.delta, variant)?));
    Ok(Schedule::Rounds { rounds, c })
}

/// [`algorithm3`] and the checker's verdict on its schedule ([`verify`](super::schedule::verify)'s),
/// the checker fed every round as it is planned: the rounds are planned once instead of
/// twice.
pub fn algorithm3_verified(
    inst: &RingInstance,
    variant: Alg3Variant,
) -> Result<(Schedule, Verification), RedistError> {
    let c = inst
        .uniform_cost()
        .ok_or(RedistError::Alg3NeedsHomogeneous)?;
    let mut checker = RoundsVerifier::new(inst);
    let mut each = |sends: &[Send]| checker.push(sends);
    let rounds = Rounds::Generated(Arc::new(Generated::run_with(
        &inst.delta,
        variant,
        Some(&mut each),
    )?));
    let mut v = checker.finish();
    check_round_length(inst, c, rounds.send_count(), &mut v);
    Ok((Schedule::Rounds { rounds, c }, v))
}

#[cfg(test)]
mod tests {
    use super::super::alg3::{alg3_round, algorithm3_round_count, algorithm3_rounds};
    use super::super::bounds::{lemma1, lemma6_rounds};
    use super::super::instance::Direction;
    use super::super::schedule::verify;
    use super::*;

    #[test]
    fn algorithm1_small() {
        let inst = RingInstance::homogeneous(vec![2, 0, -1, 1, -2], Direction::Uni, 2.0);
        let s = algorithm1(&inst).unwrap();
        assert!(verify(&inst, &s).valid, "{:?}", verify(&inst, &s));
        assert_eq!(s.makespan(), lemma1(&inst.delta) as f64 * 2.0);
    }

    #[test]
    fn refuses_huge_instances() {
        let inst = RingInstance::homogeneous(vec![600_000_000, -600_000_000], Direction::Bi, 1.0);
        assert!(algorithm1(&inst).unwrap_err().to_string().contains("limit"));
        assert!(
            algorithm3(&inst, Alg3Variant::Corrected)
                .unwrap_err()
                .to_string()
                .contains("limit")
        );
    }

    fn run(delta: &[i64], variant: Alg3Variant) -> (usize, bool) {
        let inst = RingInstance::homogeneous(delta.to_vec(), Direction::Bi, 1.0);
        let s = algorithm3(&inst, variant).unwrap();
        (s.round_count(), verify(&inst, &s).valid)
    }

    #[test]
    fn default_instance() {
        let inst = RingInstance::default();
        let (r, ok) = run(&inst.delta, Alg3Variant::Corrected);
        assert!(ok);
        assert_eq!(r as i64, lemma6_rounds(&inst.delta));
    }

    use super::super::editing::{RandomSpec, random_instance};
    use super::super::homogeneous_reference::reference_rounds;
    use proptest::prelude::*;

    /// The single-pass planner against the planner it replaced: the same rounds, sends and
    /// steps (so the same count) for both variants.
    fn same_as_reference(delta: &[i64]) {
        for variant in Alg3Variant::ALL {
            let new = algorithm3_rounds(delta, variant).unwrap();
            assert_eq!(
                new,
                reference_rounds(delta, variant),
                "{variant:?} on {delta:?}"
            );
            assert_eq!(
                algorithm3_round_count(delta, variant).unwrap(),
                new.len(),
                "{variant:?} on {delta:?}"
            );
        }
    }

    #[test]
    fn planner_equals_the_reference_on_the_maps_rings() {
        // The redistribution map's rings: n = 2 … 200, max |δ| = 1 … 1000, bidirectional.
        for seed in 0..300u64 {
            let inst = random_instance(&RandomSpec {
                seed,
                n: 2 + (seed * 7 % 199) as usize,
                max_delta: [1, 2, 3, 5, 40, 1000][seed as usize % 6],
                heterogeneous: false,
                direction: Direction::Bi,
                heavy: seed % 2 == 0,
            });
            same_as_reference(&inst.delta);
        }
    }

    #[test]
    fn planner_equals_the_reference_on_every_small_ring() {
        // Every ring of 2 to 5 processors with |δ_i| ≤ 3 and Σδ = 0.
        for n in 2..=5u32 {
            for code in 0..7i64.pow(n - 1) {
                let mut delta: Vec<i64> = (0..n - 1).map(|j| code / 7i64.pow(j) % 7 - 3).collect();
                delta.push(-delta.iter().sum::<i64>());
                same_as_reference(&delta);
            }
        }
    }

    proptest! {
        #[test]
        fn planner_equals_the_reference(
            raw in proptest::collection::vec(-12i64..=12, 1..60),
            zeros in proptest::collection::vec(0usize..60, 0..20),
        ) {
            // Σδ = 0 by a last entry, with runs of zeros (chains for Steps 25–30 and the
            // feeding rule).
            let mut delta = raw;
            for z in zeros {
                let at = z % delta.len();
                delta[at] = 0;
            }
            delta.push(-delta.iter().sum::<i64>());
            same_as_reference(&delta);
        }
    }

    #[test]
    fn round_api_matches_full_run() {
        let mut delta = vec![3, -1, 2, 0, -4, 1, 2, -2, 0, 1, -3, 1];
        let full = algorithm3_rounds(&delta, Alg3Variant::Corrected).unwrap();
        let mut s = 1;
        while let Some(r) = alg3_round(&delta, Alg3Variant::Corrected) {
            assert_eq!(r.sends, full[s - 1]);
            assert_eq!(r.delta_max, lemma6_rounds(&delta));
            delta = r.delta_after();
            s += 1;
        }
        assert_eq!(s - 1, full.len());
        assert!(delta.iter().all(|&d| d == 0));
    }
}
