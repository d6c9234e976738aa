//! Algorithms 1, 2 and 3 of Renard, Robert & Vivien (2004) against the paper's claims and the
//! independent checker: random rings (proptest), exhaustive small rings, and one pinned test
//! per finding listed in `loadlab::model::redistribute`'s module doc.

use loadlab::model::redistribute::alg2::algorithm2;
use loadlab::model::redistribute::alg3::{
    Alg3Variant, STEP_FEED, alg3_round, algorithm3_rounds, maximal_slices,
};
use loadlab::model::redistribute::bounds::{
    lemma1, lemma5, lemma6_rounds, max_slice, theorem2_corrected, theorem2_printed,
};
use loadlab::model::redistribute::editing::fix_sum;
use loadlab::model::redistribute::homogeneous::{algorithm1, algorithm3};
use loadlab::model::redistribute::instance::{Costs, Direction, RingInstance, minimal_loads};
use loadlab::model::redistribute::schedule::{Schedule, verify};
use loadlab::model::redistribute::send::Send;
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// Calls `f` on every δ ∈ [−m, m]^n with Σδ = 0.
fn exhaustive(n: usize, m: i64, f: &mut dyn FnMut(&[i64])) {
    let mut d = vec![-m; n];
    loop {
        let s: i64 = d[..n - 1].iter().sum();
        if s.abs() <= m {
            d[n - 1] = -s;
            f(&d);
        }
        let mut i = 0;
        loop {
            if i == n - 1 {
                return;
            }
            d[i] += 1;
            if d[i] > m {
                d[i] = -m;
                i += 1;
            } else {
                break;
            }
        }
    }
}

fn bi(delta: &[i64]) -> RingInstance {
    RingInstance::homogeneous(delta.to_vec(), Direction::Bi, 1.0)
}

fn rounds_of(s: &Schedule) -> Vec<Vec<Send>> {
    match s {
        Schedule::Rounds { rounds, .. } => rounds.to_vec(),
        Schedule::Timed(_) => panic!("Algorithm 3 gives rounds"),
    }
}

/// What fails for one run of Algorithm 3 with the minimal loads.
#[derive(Debug, Default, PartialEq, Eq, Clone, Copy)]
struct Failures {
    lemma8: bool,
    one_port: bool,
    possession: bool,
    final_loads: bool,
}

fn check_alg3(delta: &[i64], variant: Alg3Variant) -> Failures {
    let inst = bi(delta);
    let s = algorithm3(&inst, variant).unwrap();
    let v = verify(&inst, &s);
    let has = |w: &str| v.violations.iter().any(|m| m.contains(w));
    Failures {
        lemma8: s.round_count() as i64 != lemma6_rounds(delta),
        one_port: has("one-port"),
        possession: has("does not hold"),
        final_loads: has("conservation"),
    }
}

// ---------------------------------------------------------------------------------------
// Random instances
// ---------------------------------------------------------------------------------------

/// δ with n in 2..=40 and entries in −6..=6, made to sum to 0.
fn delta_strategy() -> impl Strategy<Value = Vec<i64>> {
    (2usize..=40).prop_flat_map(|n| {
        prop::collection::vec(-6i64..=6, n).prop_map(|mut d| {
            fix_sum(&mut d);
            d
        })
    })
}

/// Minimal loads, or minimal plus up to 5 extra items per processor.
fn loads_for(delta: &[i64], extra: &[i64], heavy: bool) -> Vec<i64> {
    let mut l = minimal_loads(delta);
    if !heavy {
        for (x, e) in l.iter_mut().zip(extra.iter().cycle()) {
            *x += e;
        }
    }
    l
}

fn instance_strategy(
    direction: Direction,
    heterogeneous: bool,
) -> impl Strategy<Value = RingInstance> {
    (
        delta_strategy(),
        prop::collection::vec(0i64..=5, 40),
        prop::collection::vec(1u32..=10, 80),
        any::<bool>(),
    )
        .prop_map(move |(delta, extra, costs, heavy)| {
            let n = delta.len();
            let loads = loads_for(&delta, &extra, heavy);
            let costs = if heterogeneous {
                Costs::Heterogeneous {
                    cw: costs[..n].iter().map(|&c| c as f64).collect(),
                    ccw: costs[40..40 + n].iter().map(|&c| c as f64).collect(),
                }
            } else {
                Costs::Homogeneous(costs[0] as f64)
            };
            RingInstance {
                delta,
                loads,
                direction,
                costs,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// (a) Lemma 8 and the checker for Algorithm 3 (corrected), with minimal and larger loads.
    #[test]
    fn algorithm3_corrected_is_optimal_and_valid(inst in instance_strategy(Direction::Bi, false)) {
        prop_assume!(inst.validate().is_ok());
        let s = algorithm3(&inst, Alg3Variant::Corrected).unwrap();
        prop_assert_eq!(s.round_count() as i64, lemma6_rounds(&inst.delta), "{:?}", inst.delta);
        let v = verify(&inst, &s);
        prop_assert!(v.valid, "{:?}: {:?}", inst.delta, v.violations);
        let minimal = RingInstance { loads: minimal_loads(&inst.delta), ..inst.clone() };
        let v = verify(&minimal, &s);
        prop_assert!(v.valid, "{:?} (minimal loads): {:?}", inst.delta, v.violations);
        prop_assert_eq!(s.makespan(), lemma6_rounds(&inst.delta) as f64 * inst.cw(0));
    }

    /// (b) Algorithm 1 meets Lemma 1's bound and passes the checker.
    #[test]
    fn algorithm1_meets_lemma1(inst in instance_strategy(Direction::Uni, false)) {
        prop_assume!(inst.validate().is_ok());
        let s = algorithm1(&inst).unwrap();
        prop_assert_eq!(s.makespan(), lemma1(&inst.delta) as f64 * inst.cw(0));
        let v = verify(&inst, &s);
        prop_assert!(v.valid, "{:?}: {:?}", inst.delta, v.violations);
    }

    /// (c) Algorithm 2 takes Lemma 5's time, passes the checker, and Lemma 5 is the corrected
    /// Theorem 2 bound (the printed one is never smaller).
    #[test]
    fn algorithm2_meets_lemma5(inst in instance_strategy(Direction::Uni, true)) {
        prop_assume!(inst.validate().is_ok());
        let s = algorithm2(&inst).unwrap();
        let l5 = lemma5(&inst);
        prop_assert!((s.makespan() - l5).abs() <= 1e-9 * l5.max(1.0), "{} vs {}", s.makespan(), l5);
        let v = verify(&inst, &s);
        prop_assert!(v.valid, "{:?}: {:?}", inst.delta, v.violations);
        prop_assert_eq!(theorem2_corrected(&inst), l5);
        prop_assert!(theorem2_printed(&inst) >= theorem2_corrected(&inst));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    /// The round-by-round API replays the full run and δ_max drops by one per round.
    #[test]
    fn round_api_replays_the_run(delta in delta_strategy()) {
        for variant in Alg3Variant::ALL {
            let full = algorithm3_rounds(&delta, variant).unwrap();
            let mut d = delta.clone();
            let mut k = 0;
            while let Some(r) = alg3_round(&d, variant) {
                prop_assert_eq!(&r.sends, &full[k]);
                prop_assert_eq!(&r.delta_before, &d);
                prop_assert_eq!(r.special, r.delta_max == 2);
                if variant == Alg3Variant::Corrected {
                    prop_assert_eq!(r.delta_max, lemma6_rounds(&delta) - k as i64);
                }
                d = r.delta_after();
                k += 1;
            }
            prop_assert_eq!(k, full.len());
        }
    }

    /// Algorithm 2 also meets Lemma 5 with real costs (times compared to 1e-9).
    #[test]
    fn algorithm2_real_costs(delta in delta_strategy(), c in prop::collection::vec(0.1f64..10.0, 40)) {
        let n = delta.len();
        let mut inst = RingInstance::homogeneous(delta, Direction::Uni, 1.0);
        inst.costs = Costs::Heterogeneous { cw: c[..n].to_vec(), ccw: c[..n].to_vec() };
        let s = algorithm2(&inst).unwrap();
        let l5 = lemma5(&inst);
        prop_assert!((s.makespan() - l5).abs() <= 1e-9 * l5.max(1.0));
        prop_assert!(verify(&inst, &s).valid);
    }
}

// ---------------------------------------------------------------------------------------
// Exhaustive small rings
// ---------------------------------------------------------------------------------------

/// Every ring with n ≤ 7 and |δ_i| ≤ 4: the corrected variant passes everything; the literal
/// one fails exactly as documented in the findings.
#[test]
fn exhaustive_small_rings() {
    let mut total = 0;
    let mut literal = [0usize; 4];
    for n in 2..=7 {
        exhaustive(n, 4, &mut |d| {
            total += 1;
            let c = check_alg3(d, Alg3Variant::Corrected);
            assert_eq!(c, Failures::default(), "corrected fails on {d:?}");
            let l = check_alg3(d, Alg3Variant::Literal);
            for (k, f) in [l.lemma8, l.one_port, l.possession, l.final_loads]
                .into_iter()
                .enumerate()
            {
                literal[k] += f as usize;
            }
        });
    }
    assert_eq!(total, 310_298);
    // Lemma 8, one-port, possession, final loads.
    assert_eq!(literal, [224, 0, 24_070, 0]);
}

/// Larger rings with smaller unbalances, corrected variant only.
#[test]
fn exhaustive_wider_rings() {
    for (n, m) in [(8, 3), (9, 2), (10, 2), (11, 1), (12, 1), (13, 1)] {
        exhaustive(n, m, &mut |d| {
            assert_eq!(
                check_alg3(d, Alg3Variant::Corrected),
                Failures::default(),
                "{d:?}"
            );
        });
    }
}

/// Seeded random rings beyond the proptest range (n ≤ 60, |δ_i| ≤ 40, some with a drift or
/// many zeros), corrected variant with the minimal loads.
#[test]
fn random_wide_rings() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for it in 0..4_000 {
        let n = rng.random_range(2..=60usize);
        let m = rng.random_range(1..=[3i64, 6, 12, 40][it % 4]);
        let mut d: Vec<i64> = (0..n).map(|_| rng.random_range(-m..=m)).collect();
        if it % 3 == 0 {
            for (i, x) in d.iter_mut().enumerate() {
                *x = if i < n / 2 { x.abs() } else { -x.abs() };
            }
        }
        if it % 5 == 0 {
            for x in d.iter_mut() {
                if rng.random_range(0..3) > 0 {
                    *x = 0;
                }
            }
        }
        fix_sum(&mut d);
        assert_eq!(
            check_alg3(&d, Alg3Variant::Corrected),
            Failures::default(),
            "{d:?}"
        );
    }
}

/// Every ring with n ≤ 6 and |δ_i| ≤ 3, Algorithms 1 and 2 with minimal loads.
#[test]
fn exhaustive_unidirectional() {
    for n in 2..=6 {
        exhaustive(n, 3, &mut |d| {
            let mut inst = RingInstance::homogeneous(d.to_vec(), Direction::Uni, 1.0);
            let s = algorithm1(&inst).unwrap();
            assert!(verify(&inst, &s).valid, "{d:?}");
            assert_eq!(s.makespan(), lemma1(d) as f64);
            inst.costs = Costs::Heterogeneous {
                cw: (0..n).map(|i| (1 + (i * 7) % 5) as f64).collect(),
                ccw: vec![1.0; n],
            };
            let s = algorithm2(&inst).unwrap();
            assert!(verify(&inst, &s).valid, "{d:?}");
            assert_eq!(s.makespan(), lemma5(&inst), "{d:?}");
        });
    }
}

// ---------------------------------------------------------------------------------------
// Findings, each on its smallest instance
// ---------------------------------------------------------------------------------------

/// Finding 1: Theorem 2's printed bound is not a lower bound.
#[test]
fn finding_theorem2_printed_exceeds_optimum() {
    let mut inst = RingInstance::homogeneous(vec![1, -1, 0], Direction::Uni, 1.0);
    inst.costs = Costs::Heterogeneous {
        cw: vec![1.0, 100.0, 1.0],
        ccw: vec![1.0; 3],
    };
    let s = algorithm2(&inst).unwrap();
    assert!(verify(&inst, &s).valid);
    assert_eq!(s.makespan(), 1.0);
    assert_eq!(theorem2_printed(&inst), 100.0);
    assert_eq!(theorem2_corrected(&inst), 1.0);
    // Step 2: C_{3,1} = δ_3 + δ_1 = 1 (start − 1 = P2, where T is minimal).
    assert_eq!(max_slice(&inst.delta), (2, 0, 1));
}

/// Finding 2: the literal Steps 25–30 cut a forwarding chain that wraps past P_n → P_1.
#[test]
fn finding_literal_fails_lemma8() {
    let d = [0, 0, -1, 1, 0];
    assert_eq!(lemma6_rounds(&d), 1);
    let lit = algorithm3_rounds(&d, Alg3Variant::Literal).unwrap();
    assert_eq!(lit.len(), 2);
    // Round 1: P2 → P3 (Step 24), P4 → P5 (Step 21), P5 → P1 (Step 28); P1 was examined
    // before P5 decided to send to it, so P1 → P2 is missing.
    let steps: Vec<(u32, u32, u8)> = lit[0].iter().map(|s| (s.from, s.to, s.step)).collect();
    assert_eq!(steps, vec![(1, 2, 24), (3, 4, 21), (4, 0, 28)]);
    let cor = algorithm3_rounds(&d, Alg3Variant::Corrected).unwrap();
    assert_eq!(cor.len(), 1);
    assert_eq!(cor[0].len(), 4);
    // Nothing smaller fails.
    for n in 2..=4 {
        exhaustive(n, 4, &mut |d| {
            assert!(!check_alg3(d, Alg3Variant::Literal).lemma8, "{d:?}");
        });
    }
    // The instance suspected in the brief is fine: Steps 5–9 build both chains.
    let d = [-1, 0, 0, 1, 1, 0, 0, -1];
    assert_eq!(
        algorithm3_rounds(&d, Alg3Variant::Literal).unwrap().len(),
        1
    );
}

/// Finding 3: no ring needs Step 30 (leftward chains come from Steps 5 and 9 already), so the
/// only Lemma 8 failures of the literal reading are rightward chains wrapping past P_n.
#[test]
fn finding_step_30_never_fires() {
    for n in 2..=7 {
        exhaustive(n, 3, &mut |d| {
            let r = algorithm3_rounds(d, Alg3Variant::Corrected).unwrap();
            assert!(r.iter().flatten().all(|s| s.step != 30), "{d:?}");
        });
    }
}

/// Finding 4: Algorithm 3 as printed (even with Steps 25–30 to a fixpoint, which only act when
/// δ_max = 1) makes processors send items they do not hold under the minimal loads.
#[test]
fn finding_possession() {
    let d = [0, 0, -3, 3];
    let inst = bi(&d);
    assert_eq!(inst.loads, vec![1, 1, 1, 4]);
    let lit = algorithm3(&inst, Alg3Variant::Literal).unwrap();
    let v = verify(&inst, &lit);
    assert_eq!(
        v.violations[0],
        "round 2: P2 sends an item it does not hold (it holds 0 at the start of the round)"
    );
    // Round 1: P2 → P3 (Step 24) gives away P2's only item; round 2 (δ_max = 2) asks it again.
    let r: Vec<Vec<(u32, u32, u8)>> = rounds_of(&lit)
        .iter()
        .map(|s| s.iter().map(|s| (s.from, s.to, s.step)).collect())
        .collect();
    assert_eq!(r[0], vec![(1, 2, 24), (3, 0, 21)]);
    assert_eq!(r[1], vec![(0, 1, 12), (1, 2, 24), (3, 0, 21)]);
    // The corrected variant feeds P2 from P1, and P1 from P4.
    let cor = algorithm3(&inst, Alg3Variant::Corrected).unwrap();
    assert!(verify(&inst, &cor).valid);
    assert_eq!(rounds_of(&cor).len(), 3);
    assert_eq!(
        rounds_of(&cor)[0]
            .iter()
            .map(|s| (s.from, s.to, s.step))
            .collect::<Vec<_>>(),
        vec![(0, 1, STEP_FEED), (1, 2, 24), (3, 0, 21)]
    );
    // Nothing smaller fails; the default instance of the editor fails too.
    for n in 2..=3 {
        exhaustive(n, 4, &mut |d| {
            assert!(!check_alg3(d, Alg3Variant::Literal).possession, "{d:?}");
        });
    }
    let def = RingInstance::default();
    assert!(check_alg3(&def.delta, Alg3Variant::Literal).possession);
    assert_eq!(
        check_alg3(&def.delta, Alg3Variant::Corrected),
        Failures::default()
    );
}

/// The δ_max = 2 configurations of Lemma 7's proof (Figures 4, 5 and 8): the general rules
/// would make P_j receive from both sides; the special rules of Steps 11–18 handle them.
#[test]
fn lemma7_figures() {
    // Fig. 4 (case 1(a)iii): positive maximal slices C_{1,2} = 3 and C_{4,5} = 3 around
    // P_3 = −2 (δ_{1,5} = 4).
    // Fig. 5 (case 1(b)ii): negative maximal slices C_{1,2} = −3 and C_{2,3} = −3 sharing
    // P_2 = −2 (δ_{1,3} = −4).
    // Fig. 8 (case 1(c)iB): negative C_{1,5} = −3 enclosing positive C_{3,4} = 3, with
    // δ_{1,2} = −4 and P_5 = −2.
    let figures: [&[i64]; 3] = [
        &[2, 1, -2, 1, 2, -2, -2],
        &[-1, -2, -1, 2, 2],
        &[-2, -2, 1, 2, -2, 2, 1],
    ];
    for d in figures {
        assert_eq!(lemma6_rounds(d), 2, "{d:?}");
        let r = alg3_round(d, Alg3Variant::Corrected).unwrap();
        assert!(r.special);
        for variant in Alg3Variant::ALL {
            assert_eq!(check_alg3(d, variant), Failures::default(), "{d:?}");
        }
        assert!(!maximal_slices(d, 2).is_empty());
    }
    // Fig. 4(b): each slice of unbalance 3 outputs one item through its right end (Step 12:
    // P_2 → P_3, P_5 → P_6), and P_1 outputs one more because δ_{1,5} = 4 (Step 14: P_1 →
    // P_7); P_4 does not send to P_3, which receives one item only.
    let r = alg3_round(figures[0], Alg3Variant::Corrected).unwrap();
    let sends: Vec<(u32, u32, u8)> = r.sends.iter().map(|s| (s.from, s.to, s.step)).collect();
    assert_eq!(sends, vec![(0, 6, 14), (1, 2, 12), (4, 5, 12)]);
    assert_eq!(r.slices.pos_starts, vec![0]);
    assert_eq!(r.slices.pos_ends, vec![1, 4]);
}

/// maximal_slices agrees with a brute force on a few rings.
#[test]
fn maximal_slices_brute_force() {
    let rings: [&[i64]; 3] = [
        &[2, 1, -2, 1, 2, -2, -2],
        &[3, -1, 2, 0, -4, 1, 2, -2, 0, 1, -3, 1],
        &[4, 4, -4, 0, 0, -4, 1, -1],
    ];
    for d in rings {
        let n = d.len();
        let dm = lemma6_rounds(d);
        let th = (2 * dm - 1).max(2);
        let sum = |k: usize, m: usize| (0..m).map(|j| d[(k + j) % n]).sum::<i64>();
        let mut brute = Vec::new();
        for k in 0..n {
            for m in 2..n {
                let s = sum(k, m);
                if s.abs() < th {
                    continue;
                }
                let inner = (0..m).any(|a| {
                    (1..=m - a).any(|len| {
                        (a, len) != (0, m) && {
                            let x = sum(k + a, len);
                            x.signum() == s.signum() && x.abs() >= th
                        }
                    })
                });
                if !inner {
                    brute.push((k, (k + m - 1) % n, s));
                }
            }
        }
        assert_eq!(maximal_slices(d, dm), brute, "{d:?}");
    }
}
