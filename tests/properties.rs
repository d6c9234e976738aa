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
