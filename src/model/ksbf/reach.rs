//! Whether a workload reaches its depth cap: a node at level n − 1 (the random study's
//! "reached" share; a random tree reaches it with the Galton–Watson probability of
//! [`crate::model::ksbf::random_study::reach_probability`]). The workload's node set alone,
//! no schedule: a depth-first walk that stops at the first node on the last level (trees), the
//! last level's members (grids). And how many nodes a random grid has, from its membership
//! alone: what the study's budget counts before it simulates.

use super::{Valid, Work};

/// The nodes of the random grid of `v`, counted from its membership (level by level until a
/// level has none; no simulation): the exact size the random study's budget is checked
/// against. 0 for the other shapes.
pub fn random_grid_nodes(v: &Valid) -> u64 {
    Work::rules(v).grow_random_grid()
}

/// True when the workload of `v` has a node on level n − 1.
pub fn reaches_last_level(v: &Valid) -> bool {
    // The node set only: no arrival bits (a grid's triangle of them) for a walk that runs
    // nothing.
    let mut w = Work::rules(v);
    w.grow_random_grid();
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

    /// A random grid's count is the nodes its simulation runs, seed by seed, from grids that
    /// die at the root to those that fill G_n (n(n + 1)/2 nodes at q = 1); other shapes 0.
    #[test]
    fn the_count_is_the_simulated_node_count() {
        use crate::model::ksbf::simulate_aggregate;
        let mut sizes = std::collections::BTreeSet::new();
        for q in [0.0, 0.3, 0.6, 0.7, 0.8, 1.0] {
            for seed in 0..40 {
                let v = valid(Shape::RandomGrid, 30, q, seed);
                let counted = random_grid_nodes(&v);
                assert_eq!(
                    counted,
                    simulate_aggregate(&v).nodes,
                    "q = {q}, seed {seed}"
                );
                sizes.insert(counted);
            }
        }
        assert!(
            sizes.contains(&1) && sizes.contains(&(30 * 31 / 2)),
            "{sizes:?}"
        );
        assert!(sizes.len() > 50, "{} sizes", sizes.len());
        assert_eq!(random_grid_nodes(&valid(Shape::Grid, 30, 1.0, 1)), 0);
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
