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

/// The complete tree's fast engine gives the general FIFO engine's outcome, counter for
/// counter, on every T_n (n ≤ 14) on every ring p ≤ 40, with and without balancing.
#[test]
fn fast_tree_engine_equals_the_general_fifo_engine() {
    for n in 1..=14u32 {
        for p in 1..=40u32 {
            for balance in [Balance::Ks, Balance::None] {
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
                let got = tree_fast::run_tree(&v, &watch).unwrap();
                assert!(want.is_some(), "T_{n} on R_{p} stays in order");
                assert_eq!(got, want, "T_{n} on R_{p} {balance:?}");
            }
        }
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
