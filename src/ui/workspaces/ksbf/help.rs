//! Help ▸ About this model (F1) for this workspace: conventions, what is simulated, findings.

/// Help for the KS-BF model (Gao & Rosenberg).
pub(super) const HELP: &str = "\
KS-BF on a ring — L.-X. Gao and A. L. Rosenberg: load balancing of dynamically growing binary \
trees and pyramidal grids on a ring of p PEs P_0 … P_{p−1}.

The model: discrete time; one step = executing one task plus its balancing action. A task \
spawns its children; under Keep-left-Send-right (KS) the left child stays, the right child goes \
to the clockwise neighbour; each PE runs its queue breadth-first (level, then left to right). \
A child created at step t can run from step t + 1. The makespan is the number of steps. The \
simulation confirms Theorem 2.2's schedule: node x runs at step ν(x) + π(x), and each PE works \
in one unbroken block from step i. Lemma 1.1: a tree node runs on P_(weight of its path mod p), \
a grid node ⟨k, ℓ⟩ on P_(k mod p). Contrast policies: no balancing, depth-first scheduling, a \
seeded random-direction send. Random trees spawn both children with probability q up to the \
depth cap n; a random grid is full and prefix-closed (each node spawns both children or none, \
a node runs once all its present parents have). Large instances run without per-node records; \
stepping is offered up to 2^16 nodes.

Where the paper is wrong (the app keeps the correct values; the list follows; with ids, kinds \
and evidence in Help ▸ What we found in the paper, `loadlab errata --model ksbf`: gr-table1-caption, \
gr-table1-39, gr-eq21-k1, gr-eq21-binom, gr-eq26-gamma1, gr-eq22-bound, gr-alpha1, \
gr-speedup-asymptotic, gr-thm22-assertion2, gr-fact32, gr-thm32-max, gr-thm32-wrap, gr-grid-full, \
gr-sparse-tree, gr-two-row):";
