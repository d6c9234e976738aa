//! Property tests on random instances: the simulation conserves load, respects store-and-forward
//! and one-port, equals the closed forms, and the methods keep Theorem 10's order.

use loadlab::model::divisible::params::max_height;
use loadlab::model::divisible::theory::{self, OrderingCheck};
use loadlab::model::divisible::{Method, Network, Valid, simulate};
use proptest::prelude::*;

fn instance() -> impl Strategy<Value = Valid> {
    (2u64..12, 0u64..40, -5.0f64..8.0).prop_map(|(b, h, lb)| {
        let h = h.min(max_height(b));
        Valid::new(Network::Tree, b, h, 10f64.powf(lb)).expect("valid by construction")
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn simulation_is_valid_and_matches_theory(v in instance()) {
        for m in Method::ALL {
            let t = simulate(m, &v);
            prop_assert!(t.valid(), "{:?} {:?}: {:?}", m, v, t.checks);
            let c = theory::closed_form(m, &v);
            prop_assert!((t.finish - c).abs() <= 1e-9 * c, "{:?} {:?}: {} vs {}", m, v, t.finish, c);
            // Conservation, counted independently of the checks.
            let total: f64 = t.levels.iter().map(|l| l.processors * l.load).sum();
            prop_assert!((total - 1.0).abs() < 1e-9);
            // Never faster than perfect sharing, never slower than one processor.
            prop_assert!(t.finish >= v.beta / v.n as f64 * (1.0 - 1e-12));
            prop_assert!(t.finish <= v.beta * (1.0 + 1e-12));
        }
    }

    #[test]
    fn theorem_10_order(v in instance()) {
        let (tc, tp, tq) = (theory::classic_recurrence(&v), theory::pipelined_p(&v), theory::pipelined_q(&v));
        let check = theory::theorem10(v.h, tc, tp, tq);
        prop_assert_ne!(check, OrderingCheck::Violated, "{:?}: {} {} {}", v, tc, tp, tq);
        if v.h >= 2 && v.h <= 6 {
            prop_assert_eq!(check, OrderingCheck::Holds);
        }
    }

    #[test]
    fn speedup_below_its_limit(v in instance()) {
        for m in Method::ALL {
            let s = v.beta / theory::closed_form(m, &v);
            prop_assert!(s <= theory::asymptotic_speedup(m, v.b, v.beta) * (1.0 + 1e-9));
        }
    }
}

mod reliability {
    //! Issue 24: the integer parser on arbitrary texts, System 6 with costs over 18 decades,
    //! Auto's schedules.

    use loadlab::model::num::{MAX_LEN, NumError, parse_int, parse_real};
    use loadlab::model::redistribute::error::RedistError;
    use loadlab::model::redistribute::instance::{Costs, RingInstance};
    use loadlab::model::redistribute::params::Algorithm;
    use loadlab::model::redistribute::run::run;
    use loadlab::model::redistribute::system6::{Rounding, solve_system6, tau_at_int};
    use proptest::prelude::*;

    /// A ring of 3 to 7 processors, |δ| ≤ 6 (Σδ = 0), costs 10^u with u in [−9, 9].
    fn extreme_ring() -> impl Strategy<Value = RingInstance> {
        (3usize..8)
            .prop_flat_map(|n| {
                (
                    prop::collection::vec(-6i64..=6, n - 1),
                    prop::collection::vec(-9.0f64..=9.0, n),
                    prop::collection::vec(-9.0f64..=9.0, n),
                )
            })
            .prop_map(|(mut delta, cw, ccw)| {
                let last = -delta.iter().sum::<i64>();
                delta.push(last);
                let costs = Costs::Heterogeneous {
                    cw: cw.iter().map(|u| 10f64.powf(*u)).collect(),
                    ccw: ccw.iter().map(|u| 10f64.powf(*u)).collect(),
                };
                RingInstance::bidirectional(delta, costs)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Chains of `^`, `-`, digits and spaces of any length: an answer, never a panic or
        /// a stack overflow; beyond MAX_LEN characters always "too long".
        #[test]
        fn the_integer_parser_answers_any_text(text in "[-^0-9 e.+]{0,400}") {
            let r = parse_int::<i64>(&text);
            let _ = parse_real(&text);
            if text.trim().chars().count() > MAX_LEN {
                prop_assert!(matches!(r, Err(NumError::TooLong(..))), "{:?}", r);
            }
        }

        /// a^b for small a, b is std's pow; a leading minus negates it.
        #[test]
        fn powers_are_exact(a in 0i64..50, b in 0u32..10) {
            if let Some(v) = a.checked_pow(b) {
                prop_assert_eq!(parse_int::<i64>(&format!("{a}^{b}")), Ok(v));
                prop_assert_eq!(parse_int::<i64>(&format!("-{a}^{b}")), Ok(-v));
            }
        }

        /// System 6's relaxation is never above its integer optimum, which a brute force over
        /// R₁ confirms, and one of ⌊x*⌋, ⌈x*⌉ attains it (Proposition 1).
        #[test]
        fn system6_is_consistent_whatever_the_costs(inst in extreme_ring()) {
            let sol = solve_system6(&inst);
            let brute = (-60..=60).map(|x| tau_at_int(&inst, x)).fold(f64::INFINITY, f64::min);
            prop_assert!((sol.tau_int - brute).abs() <= 1e-9 * brute.max(1.0), "{:?} {}", sol, brute);
            prop_assert!(sol.tau_rational <= sol.tau_int * (1.0 + 1e-12), "{:?}", sol);
            prop_assert_ne!(sol.prop1(), Rounding::Neither, "{:?}", sol);
        }

        /// Over 18 decades of costs the schedule with forwarding is valid, or refused because
        /// its cheapest transfer is too short for f64 times — never an invalid schedule
        /// (blocks merged across a real wait once overlapped another sender's item).
        #[test]
        fn lp_forward_is_valid_or_refused_whatever_the_costs(inst in extreme_ring()) {
            match run(&inst, inst.validate().unwrap(), Algorithm::LpForward) {
                Ok(r) => prop_assert!(r.verification.valid, "{:?} {:?}", inst, r.verification),
                Err(e) => prop_assert!(
                    matches!(e, RedistError::TimeResolution { .. }),
                    "{:?}: {}", inst, e
                ),
            }
        }

        /// Auto's schedule is valid, light or heavy, on rings whose costs span 10^−3 … 10^3
        /// (never refused for its times' resolution there).
        #[test]
        fn auto_schedules_are_valid(inst in extreme_ring()) {
            let mut inst = inst;
            if let Costs::Heterogeneous { cw, ccw } = &mut inst.costs {
                for c in cw.iter_mut().chain(ccw.iter_mut()) {
                    *c = c.powf(1.0 / 3.0);
                }
            }
            let r = run(&inst, inst.validate().unwrap(), Algorithm::Auto).unwrap();
            prop_assert!(r.verification.valid, "{:?}", r.verification);
        }
    }
}

mod geodecay_optimal {
    //! Issue 23: the optimal policy is never slower than never, standard or improved on the same
    //! instance (deterministic decay, adversarial or proportional survivors).

    use loadlab::model::geodecay::{GeoParams, Policy, Survivors, simulate};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(120))]

        #[test]
        fn optimal_is_never_beaten(
            lg_n in 1u32..40,
            lg_p in 0u32..20,
            alpha in 0.05f64..3.0,
            lg_ell in -2.0f64..30.0,
            c in 0.5f64..4.0,
            proportional in any::<bool>(),
        ) {
            let g = GeoParams {
                n: 1 << lg_n,
                p: 1 << lg_p.min(lg_n),
                alpha,
                ell: lg_ell.exp2(),
                c,
                survivors: if proportional { Survivors::Proportional } else { Survivors::Adversarial },
                policy: Policy::Optimal,
                ..Default::default()
            };
            let opt = simulate(&g).expect("valid").time;
            for policy in [Policy::Never, Policy::Standard, Policy::Improved] {
                let t = simulate(&GeoParams { policy, ..g.clone() }).expect("valid").time;
                prop_assert!(opt <= t * (1.0 + 1e-12), "{:?}: optimal {} > {:?} {}", g, opt, policy, t);
            }
        }
    }
}

mod redistribute_exact {
    //! Issue 27: the exact optimum on small heterogeneous bidirectional rings lies between the
    //! paper's lower bounds and its valid schedules, and its schedule passes the checker.

    use loadlab::model::redistribute::exact::{Options, exact};
    use loadlab::model::redistribute::instance::{Costs, RingInstance, minimal_loads};
    use loadlab::model::redistribute::lemma9::{asap_schedule, lemma9_schedule};
    use loadlab::model::redistribute::lemma12::lemma12;
    use loadlab::model::redistribute::schedule::verify;
    use loadlab::model::redistribute::system6::{solve_system6, solve_system12};
    use proptest::prelude::*;

    /// 3 to 5 processors, |δ| ≤ 2, integer costs 1 to 3, loads minimal plus 0 to 2.
    fn small_ring() -> impl Strategy<Value = RingInstance> {
        (3usize..=5)
            .prop_flat_map(|n| {
                (
                    prop::collection::vec(-2i64..=2, n - 1),
                    prop::collection::vec(1u32..=3, n),
                    prop::collection::vec(1u32..=3, n),
                    prop::collection::vec(0i64..=2, n),
                )
            })
            .prop_map(|(mut delta, cw, ccw, extra)| {
                delta.push(-delta.iter().sum::<i64>());
                let loads = minimal_loads(&delta)
                    .iter()
                    .zip(&extra)
                    .map(|(l, e)| l + e)
                    .collect();
                let f = |v: Vec<u32>| v.into_iter().map(f64::from).collect();
                let costs = Costs::Heterogeneous {
                    cw: f(cw),
                    ccw: f(ccw),
                };
                RingInstance {
                    loads,
                    ..RingInstance::bidirectional(delta, costs)
                }
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn exact_lies_between_the_bounds_and_the_schedules(inst in small_ring()) {
            prop_assume!(inst.delta.iter().any(|&d| d != 0));
            // From T = 0: the paper's bounds do not steer the search.
            let e = exact(&inst, Options { paper_bounds: false, ..Options::default() }).unwrap();
            let v = verify(&inst, &e.schedule);
            prop_assert!(v.valid, "{:?}: {:?}", inst, v);
            let t = e.makespan;
            let tol = 1e-9 * t.max(1.0);
            let s6 = solve_system6(&inst);
            prop_assert!(t >= s6.tau_int - tol, "{:?}: {} < System 6 {}", inst, t, s6.tau_int);
            prop_assert!(t >= lemma12(&inst) - tol, "{:?}", inst);
            let fwd = asap_schedule(&inst, &s6.flows).unwrap();
            prop_assert!(t <= fwd.makespan() + tol, "{:?}: above lp-forward", inst);
            if let Ok(sol) = solve_system12(&inst) {
                let s = lemma9_schedule(&inst, &sol);
                if verify(&inst, &s).valid {
                    prop_assert!(t <= s.makespan() + tol, "{:?}: above System 12", inst);
                }
            }
            // Started at the paper's bounds, the search finds the same optimum.
            prop_assert_eq!(exact(&inst, Options::default()).unwrap().makespan, t);
        }
    }
}

/// Issue 25: the redistribution exercise grades the algorithms' own rounds as right, and a
/// round with one send duplicated as a one-port violation (never played).
mod exercise {
    use loadlab::model::exercise::redistribute::RingExercise;
    use loadlab::model::redistribute::alg3::{Alg3Variant, algorithm3_rounds};
    use loadlab::model::redistribute::homogeneous::algorithm1;
    use loadlab::model::redistribute::instance::{Direction, RingInstance};
    use loadlab::model::redistribute::schedule::Schedule;
    use proptest::prelude::*;

    fn ring() -> impl Strategy<Value = Vec<i64>> {
        proptest::collection::vec(-4i64..=4, 2..14).prop_map(|mut d| {
            let s: i64 = d.iter().sum();
            d[0] -= s;
            d
        })
    }

    fn pairs(sends: &[loadlab::model::redistribute::send::Send]) -> Vec<(i64, i64)> {
        sends
            .iter()
            .map(|s| (i64::from(s.from) + 1, i64::from(s.to) + 1))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn exercise_algorithm_rounds_are_right_and_a_double_send_is_one_port(
            delta in ring(),
            bi in any::<bool>(),
            pick in any::<prop::sample::Index>(),
        ) {
            let direction = if bi { Direction::Bi } else { Direction::Uni };
            let inst = RingInstance::homogeneous(delta.clone(), direction, 1.0);
            let rounds = if bi {
                algorithm3_rounds(&delta, Alg3Variant::Corrected).unwrap()
            } else {
                match algorithm1(&inst).unwrap() {
                    Schedule::Rounds { rounds, .. } => rounds.to_vec(),
                    Schedule::Timed(_) => unreachable!(),
                }
            };
            let mut ex = RingExercise::new(&inst).unwrap();
            prop_assert_eq!(rounds.len() as i64, ex.initial_bound);
            for (r, sends) in rounds.iter().enumerate() {
                if let Some(s) = sends.get(pick.index(sends.len().max(1))) {
                    // The same send twice in the round: one-port, nothing played.
                    let mut twice = pairs(sends);
                    twice.push((i64::from(s.from) + 1, i64::from(s.to) + 1));
                    let before = ex.delta.clone();
                    let g = ex.grade(&twice);
                    prop_assert!(!g.grade.legal, "round {}: {:?}", r + 1, g);
                    prop_assert_eq!(g.grade.rule.as_str(), "one-port");
                    prop_assert_eq!(&ex.delta, &before);
                }
                let g = ex.play(&pairs(sends));
                prop_assert!(g.grade.legal && g.grade.optimal, "{:?} round {}: {:?}", delta, r + 1, g);
            }
            prop_assert!(ex.complete());
            prop_assert_eq!(ex.score as i64, ex.initial_bound);
        }
    }
}

/// Algorithm 3's schedule is not kept but planned again from checkpoints (issue 36): reading
/// it at any round gives what a full run lists.
mod redistribute_checkpoints {
    use loadlab::model::redistribute::alg3::{Alg3Variant, algorithm3_rounds};
    use loadlab::model::redistribute::homogeneous::algorithm3;
    use loadlab::model::redistribute::instance::{Direction, RingInstance};
    use loadlab::model::redistribute::schedule::{Schedule, verify, verify_rounds};
    use proptest::prelude::*;

    /// Rings of 2 to 40 processors with |δ| up to 2 000 (some thousand rounds: a checkpoint
    /// every few rounds), Σδ = 0 by the last entry.
    fn ring() -> impl Strategy<Value = Vec<i64>> {
        (
            proptest::collection::vec(-2000i64..=2000, 1..40),
            1i64..=2000,
        )
            .prop_map(|(raw, m)| {
                let mut delta: Vec<i64> = raw.iter().map(|d| d % (m + 1)).collect();
                delta.push(-delta.iter().sum::<i64>());
                delta
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn checkpointed_steps_equal_the_full_run(
            delta in ring(),
            literal in any::<bool>(),
            picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..8),
        ) {
            let variant = if literal { Alg3Variant::Literal } else { Alg3Variant::Corrected };
            let inst = RingInstance::homogeneous(delta.clone(), Direction::Bi, 1.0);
            let full = algorithm3_rounds(&delta, variant).unwrap();
            let s = algorithm3(&inst, variant).unwrap();
            let Schedule::Rounds { rounds, .. } = &s else { unreachable!() };
            prop_assert!(!rounds.is_listed());
            prop_assert_eq!(rounds.len(), full.len());
            prop_assert_eq!(rounds.send_count(), full.iter().map(Vec::len).sum::<usize>());
            // δ after every round of the full run, replayed here send by send.
            let mut states = vec![delta.clone()];
            for sends in &full {
                let mut d = states.last().unwrap().clone();
                for x in sends {
                    d[x.from as usize] -= 1;
                    d[x.to as usize] += 1;
                }
                states.push(d);
            }
            for pick in picks {
                let k = pick.index(full.len() + 1);
                prop_assert_eq!(&rounds.delta_before(&delta, k), &states[k], "round {}", k + 1);
                prop_assert_eq!(rounds.get(k).map(|r| r.into_owned()), full.get(k).cloned());
                // One replay for both (what one GUI step asks).
                let (before, round) = rounds.at(&delta, k);
                prop_assert_eq!(&before, &states[k]);
                prop_assert_eq!(round.map(|r| r.into_owned()), full.get(k).cloned());
                let rest: Vec<_> = rounds.iter_from(k).map(|r| r.into_owned()).collect();
                prop_assert_eq!(&rest[..], &full[k..]);
            }
            // After the last round (from the last checkpoint, not the whole run again).
            prop_assert_eq!(&rounds.delta_before(&delta, full.len()), states.last().unwrap());
            // The checker's verdict on the stream is its verdict on the list.
            prop_assert_eq!(verify(&inst, &s).valid, verify_rounds(&inst, &full).valid);
        }
    }
}
