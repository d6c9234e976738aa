//! The KS-BF simulator against a plain reference written here from the model's definition
//! (one ordered set of ready tasks per PE; each step every PE with a task runs its smallest
//! heap number, i.e. the first in breadth-first order; a child is ready the step after; KS
//! keeps the left child and sends the right one clockwise). The simulator's complete-tree
//! path is a hand-tuned engine; this checks it counter for counter on random trees and rings.

use std::collections::BTreeSet;

use loadlab::model::ksbf::{Balance, KsbfParams, Outcome, Shape, simulate_aggregate};
use proptest::prelude::*;

/// The reference: T_n on R_p, by the definition.
fn reference(n: u32, p: usize, balance: Balance) -> Outcome {
    let leaf = 1u64 << (n - 1);
    let mut ready: Vec<BTreeSet<u64>> = vec![BTreeSet::new(); p];
    ready[0].insert(1);
    let mut work = vec![0u64; p];
    let mut first = vec![None; p];
    let mut last = vec![None; p];
    let (mut t, mut sends, mut max_queued) = (0u64, 0u64, 0u64);
    while ready.iter().any(|r| !r.is_empty()) {
        let mut arrivals = Vec::new();
        for (pe, r) in ready.iter_mut().enumerate() {
            let Some(x) = r.pop_first() else { continue };
            work[pe] += 1;
            first[pe].get_or_insert(t);
            last[pe] = Some(t);
            if x < leaf {
                arrivals.push((pe, 2 * x));
                let to = match balance {
                    Balance::Ks => (pe + 1) % p,
                    _ => pe,
                };
                sends += u64::from(to != pe);
                arrivals.push((to, 2 * x + 1));
            }
        }
        for (pe, x) in arrivals {
            ready[pe].insert(x);
        }
        max_queued = max_queued.max(ready.iter().map(|r| r.len() as u64).sum());
        t += 1;
    }
    let nodes: u64 = work.iter().sum();
    let gap_steps = (0..p)
        .filter_map(|i| Some(last[i]? - first[i]? + 1 - work[i]))
        .sum();
    Outcome {
        nodes,
        makespan: t,
        idle_steps: p as u64 * t - nodes,
        gap_steps,
        work,
        first_step: first,
        last_step: last,
        sends,
        max_queued,
        engine: loadlab::model::ksbf::Engine::Fifo,
        trace: None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn complete_trees_run_as_the_reference(n in 1u32..=15, p in 1usize..=40, ks in any::<bool>()) {
        let balance = if ks { Balance::Ks } else { Balance::None };
        let v = KsbfParams { shape: Shape::Tree, n, p: p as u32, balance, ..Default::default() }
            .validate()
            .unwrap();
        let got = simulate_aggregate(&v);
        prop_assert_eq!(got, reference(n, p, balance));
    }
}
