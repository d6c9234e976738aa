//! Whether a workload reaches its depth cap: a node at level n − 1 (the random study's
//! "reached" share; a random tree reaches it with the Galton–Watson probability of
//! [`crate::model::ksbf::random_study::reach_probability`]). The workload's node set alone,
//! no schedule: a depth-first walk that stops at the first node on the last level (trees), the
//! last level's members (grids).

use super::{Valid, Work};

/// True when the workload of `v` has a node on level n − 1.
pub fn reaches_last_level(v: &Valid) -> bool {
    let w = Work::new(v);
    let last = v.n - 1;
    if v.shape.is_grid() {
        return (0..=last).any(|k| w.grid_member(k, last - k));
    }
    // Heap numbers: node x on level ⌊lg x⌋, children 2x and 2x + 1. The stack holds at most one
    // pending sibling per level besides the node being walked: n + 1 entries (no recursion).
    let mut stack = vec![1u32];
    while let Some(x) = stack.pop() {
        if 31 - x.leading_zeros() == last {
            return true;
        }
        if w.tree_spawns(x) {
            stack.push(2 * x + 1);
            stack.push(2 * x);
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ksbf::{KsbfParams, Shape, simulate};

    fn valid(shape: Shape, n: u32, q: f64, seed: u64) -> Valid {
        KsbfParams {
            shape,
            n,
            p: 3,
            seed,
            spawn_prob: q,
            ..KsbfParams::default()
        }
        .validate()
        .unwrap()
    }

    #[test]
    fn complete_shapes_reach_and_barren_ones_do_not() {
        for shape in [
            Shape::Tree,
            Shape::Grid,
            Shape::SparseTree,
            Shape::TwoRowGrid,
        ] {
            assert!(reaches_last_level(&valid(shape, 7, 0.5, 1)), "{shape:?}");
        }
        for shape in [Shape::RandomTree, Shape::RandomGrid] {
            assert!(
                reaches_last_level(&valid(shape, 7, 1.0, 1)),
                "{shape:?} q = 1"
            );
            // q = 0: the root never spawns; n = 1: the root is the last level.
            assert!(
                !reaches_last_level(&valid(shape, 7, 0.0, 1)),
                "{shape:?} q = 0"
            );
            assert!(
                reaches_last_level(&valid(shape, 1, 0.0, 1)),
                "{shape:?} n = 1"
            );
        }
    }

    /// The walk agrees with the levels the simulation ran (its per-node records), seed by seed.
    #[test]
    fn the_walk_agrees_with_the_simulated_levels() {
        let mut both = [0usize; 2];
        for shape in [Shape::RandomTree, Shape::RandomGrid] {
            for seed in 0..150 {
                let v = valid(shape, 9, 0.7, seed);
                let trace = simulate(&v).trace.expect("small: records kept");
                let deepest = trace.nodes.iter().map(|r| r.level).max().unwrap();
                let reached = reaches_last_level(&v);
                assert_eq!(reached, deepest == 8, "{shape:?} seed {seed}");
                both[usize::from(reached)] += 1;
            }
        }
        // Both outcomes occur at q = 0.7, n = 9.
        assert!(both[0] > 10 && both[1] > 10, "{both:?}");
    }
}
