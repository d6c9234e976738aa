//! Unit tests of the KS-BF engines (hand-checked timelines, cancellation).

use super::*;
use crate::model::ksbf::KsbfParams;

/// The default scenario with another shape, n and p, simulated.
fn simulated(shape: Shape, n: u32, p: u32) -> Outcome {
    let v = KsbfParams {
        shape,
        n,
        p,
        ..Default::default()
    };
    simulate(&v.validate().unwrap())
}

/// The sparse tree goes below the complete tree's depth limit of 28: at n = 32 on R_8 its
/// deepest nodes have heap numbers of 2^31 and more, and the run executes exactly the nodes
/// Section 1.3's count gives (strings of length < 32 and weight < lg 8, and their children).
#[test]
fn the_sparse_tree_runs_to_depth_32() {
    let o = simulated(Shape::SparseTree, 32, 8);
    let counted = crate::model::ksbf::count::sparse_tree_nodes(32, 3);
    assert_eq!(o.nodes, counted);
    assert_eq!(o.work.iter().sum::<u64>(), counted);
    // At each level l: 1 + l + C(l, 2) strings of weight < 3, and C(l − 1, 2) of weight 3.
    let by_hand: u64 = (0..32u64)
        .map(|l| {
            1 + l
                + l * l.saturating_sub(1) / 2
                + if l >= 1 {
                    (l - 1) * l.saturating_sub(2) / 2
                } else {
                    0
                }
        })
        .sum();
    assert_eq!(counted, by_hand);
    let too_deep = KsbfParams {
        shape: Shape::SparseTree,
        n: 33,
        p: 8,
        ..Default::default()
    };
    let e = too_deep.validate().unwrap_err().to_string();
    assert!(e.contains("sparse tree's limit is n ≤ 32"), "{e}");
}

/// A [`Progress`] cancelled once it has seen `limit` reports; it keeps the fractions.
struct CancelAfter {
    limit: usize,
    seen: std::sync::Mutex<Vec<f32>>,
}

impl Progress for CancelAfter {
    fn set(&self, fraction: f32) {
        self.seen.lock().unwrap().push(fraction);
    }
    fn cancelled(&self) -> bool {
        self.seen.lock().unwrap().len() >= self.limit
    }
}

/// Both engines stop soon after a cancel and report rising fractions before it; an
/// uncancelled run with progress is the plain run.
#[test]
fn a_cancel_stops_both_engines() {
    for schedule in [Schedule::Bf, Schedule::Df] {
        let prm = KsbfParams {
            shape: Shape::Tree,
            n: 17,
            p: 3,
            schedule,
            ..KsbfParams::default()
        };
        let v = prm.validate().unwrap();
        let stop = CancelAfter {
            limit: 3,
            seen: Default::default(),
        };
        assert_eq!(simulate_with(&v, &stop), Err(Cancelled));
        let seen = stop.seen.into_inner().unwrap();
        assert_eq!(seen.len(), 3);
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "{seen:?}");
        let all = CancelAfter {
            limit: usize::MAX,
            seen: Default::default(),
        };
        assert_eq!(simulate_with(&v, &all), Ok(simulate(&v)));
    }
}

#[test]
fn tiny_tree_timeline_by_hand() {
    // T_3 on R_2: step 0 P0 runs λ; step 1 P0 runs 0, P1 runs 1; step 2 P0 runs 00,
    // P1 runs 01 and 10 is queued at P1 (weight 1), 11 at P0 (weight 2 ≡ 0).
    let o = simulated(Shape::Tree, 3, 2);
    assert_eq!(o.nodes, 7);
    assert_eq!(o.work, vec![4, 3]);
    assert_eq!(o.makespan, 4);
    let tr = o.trace.unwrap();
    let at: Vec<(u64, u32, NodeId)> = tr.nodes.iter().map(|r| (r.step, r.pe, r.node)).collect();
    assert_eq!(
        at,
        vec![
            (0, 0, NodeId::Tree(1)),
            (1, 0, NodeId::Tree(2)),
            (1, 1, NodeId::Tree(3)),
            (2, 0, NodeId::Tree(4)),
            (2, 1, NodeId::Tree(5)),
            (3, 0, NodeId::Tree(7)),
            (3, 1, NodeId::Tree(6)),
        ]
    );
    assert_eq!(tr.steps[0].sends.len(), 1);
    assert_eq!(tr.steps[0].queue_len, vec![1, 1]);
}

#[test]
fn grid_binary_node_waits_for_both_parents() {
    // G_3 on R_1: one PE runs the 6 nodes in BF order.
    let o = simulated(Shape::Grid, 3, 1);
    assert_eq!(o.makespan, 6);
    let order: Vec<String> = o
        .trace
        .unwrap()
        .nodes
        .iter()
        .map(|r| r.node.to_string())
        .collect();
    assert_eq!(order, ["0,0", "0,1", "1,0", "0,2", "1,1", "2,0"]);
}

/// Fails unless the complete tree's fast engine (batched, and round by round when
/// `by_round`) gives the general FIFO engine's outcome on T_`n` on R_`p`.
fn fast_equals_general(n: u32, p: u32, balance: Balance, by_round: bool) {
    let v = KsbfParams {
        shape: Shape::Tree,
        n,
        p,
        balance,
        ..Default::default()
    }
    .validate()
    .unwrap();
    let watch = Watch::new(&v, &NoProgress);
    let general = CompleteTree {
        leaves_from: 1 << (n - 1),
    };
    let want = run_fifo_with(&v, false, general, 1, &watch).unwrap();
    assert!(want.is_some(), "T_{n} on R_{p} stays in order");
    let got = tree_fast::run_tree(&v, &watch).unwrap();
    assert_eq!(got, want, "T_{n} on R_{p} {balance:?}");
    if by_round {
        let by_round = tree_fast::run_batched(&v, &watch, 1).unwrap();
        assert_eq!(by_round, want, "T_{n} on R_{p} {balance:?}, round by round");
    }
}

/// The complete tree's fast engine gives the general FIFO engine's outcome, counter for
/// counter, on every T_n (n ≤ 14) on every ring p ≤ 40, with and without balancing.
#[test]
fn fast_tree_engine_equals_the_general_fifo_engine() {
    for n in 1..=14u32 {
        for p in 1..=40u32 {
            for balance in [Balance::Ks, Balance::None] {
                fast_equals_general(n, p, balance, true);
            }
        }
    }
}

/// The same on larger trees, where the batches are long: rings around n (p < n wraps, p > n
/// leaves PEs idle) and far beyond it.
#[test]
fn fast_tree_engine_equals_the_general_fifo_engine_on_larger_trees() {
    for (n, p, balance) in [
        (17, 2, Balance::Ks),
        (17, 5, Balance::Ks),
        (18, 16, Balance::Ks),
        (18, 17, Balance::Ks),
        (17, 18, Balance::Ks),
        (19, 19, Balance::Ks),
        (18, 4096, Balance::Ks),
        (19, 7, Balance::None),
    ] {
        fast_equals_general(n, p, balance, false);
    }
}

/// T_28 (2^28 − 1 nodes, beyond what the general engines are tested on) runs as Theorem 2.2
/// schedules it: P_i works W_i(n) steps (Theorem 2.1) without a gap from step i on. The
/// queue then peaks, at some step t, at 1 + Σ_i (2 min(r_i, I_i) − r_i) with r_i = min(t − i
/// + 1, W_i)⁺ nodes run by P_i and I_i = W_i(n − 1) of them inner (BF runs them first).
#[test]
fn the_largest_tree_runs_as_theorem_2_2_says() {
    use crate::model::ksbf::theory::tree_work;
    for (n, p) in [(28, 16), (28, 4096), (25, 3)] {
        let v = KsbfParams {
            shape: Shape::Tree,
            n,
            p,
            ..Default::default()
        }
        .validate()
        .unwrap();
        let o = simulate_aggregate(&v);
        let (work, inner) = (tree_work(n, p), tree_work(n - 1, p));
        assert_eq!(o.work, work, "T_{n} on R_{p}");
        assert_eq!(o.nodes, (1 << n) - 1);
        assert_eq!(o.sends, (1 << (n - 1)) - 1);
        assert_eq!(o.gap_steps, 0);
        for (i, &w) in work.iter().enumerate() {
            let i = i as u64;
            let (first, last) = if w == 0 {
                (None, None)
            } else {
                (Some(i), Some(i + w - 1))
            };
            assert_eq!(
                (o.first_step[i as usize], o.last_step[i as usize]),
                (first, last)
            );
        }
        let queued_after = |t: u64| -> u64 {
            let mut q = 1i64;
            for (i, (&w, &inn)) in work.iter().zip(&inner).enumerate() {
                let r = (t + 1).saturating_sub(i as u64).min(w) as i64;
                q += 2 * r.min(inn as i64) - r;
            }
            q as u64
        };
        // q is piecewise linear in t, with a peak where some PE runs its last inner node.
        let peak = (0..work.len())
            .map(|i| queued_after((i as u64 + inner[i]).saturating_sub(1)))
            .max()
            .unwrap();
        assert_eq!(o.max_queued, peak, "T_{n} on R_{p}");
    }
}

/// A cancel stops the fast engine too.
#[test]
fn a_cancel_stops_the_fast_tree_engine() {
    let v = KsbfParams {
        shape: Shape::Tree,
        n: 20,
        p: 4,
        ..Default::default()
    }
    .validate()
    .unwrap();
    let stop = CancelAfter {
        limit: 2,
        seen: Default::default(),
    };
    assert_eq!(run(&v, false, &Watch::new(&v, &stop)), Err(Cancelled));
    assert_eq!(stop.seen.into_inner().unwrap().len(), 2);
}
