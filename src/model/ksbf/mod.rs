//! Gao & Rosenberg, "On Balancing Computational Load on Rings of Processors": the KS-BF
//! (Keep-left-Send-right, locally Breadth-First) policy on growing trees and grids.
//!
//! # Model
//! Discrete time; one step = a PE executes one task and performs its balancing action. A
//! child created at step t is ready from step t + 1 (KS: left child on the same PE, right child
//! on the clockwise neighbour). Local order: level, then left to right (BF), or deepest level
//! first, then left to right (DF). Makespan = last step + 1. With this timing the simulator
//! reproduces Theorems 2.2/3.2's schedule τ(x) = ν(x) + π(x) exactly (tested for p, n ≤ 16).
//!
//! Nodes: trees by heap number (root 1, children 2x, 2x + 1; Wgt(x) = popcount − 1); grids by
//! ⟨k, ℓ⟩ (left child ⟨k, ℓ+1⟩, right child ⟨k+1, ℓ⟩, level k + ℓ).
//!
//! Workloads ([`Shape`]):
//! * random tree: a node at level < n − 1 spawns with probability q; the coin is a keyed hash
//!   of (seed, node) (key drawn from a seeded `ChaCha8Rng`), so the tree does not depend on the
//!   policy;
//! * random grid: same per-node coin for spawning; the node set is the origin plus every child
//!   of a spawning node; as in the paper's grid-dag, every node of the set that is a potential
//!   parent of another node of the set feeds it (an arc), so a node with both potential
//!   parents present is a binary task that becomes ready when both have run. Under non-KS
//!   policies such a node is placed by the arc that completes it;
//! * sparse tree (§1.3): printed as "all strings of length < h and weight ≤ w", which is not
//!   full; we use the full version in which weight-w nodes are leaves (w = ⌊log₂ p⌋);
//! * two-row grid (§1.3): printed set is not full; we use the spawn set
//!   {⟨k,0⟩ : k < i} ∪ {⟨i,ℓ⟩ : ℓ < n} with i = p, giving rows i ≡ 0 and j = i + 1 ≡ 1 (mod p)
//!   of n + 1 and n nodes, reached by a column from the origin (N = 2p + 2n + 1).
//!
//! Engines: see [`simulate`]'s module; KS-BF and no-balancing-BF use two sorted FIFOs per PE
//! (verified sorted on every push, otherwise the heap engine reruns the instance).
//!
//! Sweeps ([`sweep`], [`sweep_seeds`]) run the scenarios built by [`n_points`],
//! [`p_points`] and [`seed_points`] on all cores with progress and cancellation.
//!
//! # Where the paper is wrong (checked by `tests/ksbf_model.rs`)
//! [`theory::DISCREPANCIES`] lists every place, with the printed and the correct statement
//! (`model::errata` gives each its id `gr-…`, kind and evidence):
//! Table 1 (caption T_5 → T_6; 39 → 38 under P_2), (2.1)/(2.6) (W_{p−1} one too large),
//! (2.2) (false for p = 2 and for p = 3, n ≡ 3 mod 6), α_1, Fact 3.2 and Theorem 3.2 for
//! p > n, the wrap-around step of Theorem 3.2's proof, the grid "full" definition and the two
//! adversarial families. Confirmed as printed: Lemma 1.1, τ(x) = ν(x) + π(x) with
//! uninterrupted per-PE blocks, (3.1)/(3.3), (3.2), (3.4), (3.5) and both parts of Theorem 1.1.

pub mod count;
mod fifo;
mod lemma;
pub mod params;
pub mod random_study;
mod simulate;
mod sweep;
pub mod theory;

pub use lemma::{LemmaCheck, lemma_pe, lemma11};
pub use params::{
    BUDGET, Balance, KsbfParams, NODE_LIMIT, P_MAX, ParamError, RECORD_NODE_LIMIT, RECORD_SLOTS,
    Schedule, Shape, TREE_N_MAX, Valid, cost, cost_of, nodes_estimate, records, sparse_weight,
};
pub use simulate::{
    Engine, NodeId, NodeRecord, Outcome, SendRecord, StepRecord, Trace, random_grid_nodes,
    reaches_last_level, simulate, simulate_aggregate, simulate_heap_engine, simulate_with,
};
pub use sweep::{
    EfficiencySummary, SEED_STUDY_COUNT, SeedPoint, SweepPoint, n_points, p_points, plot_n_values,
    plot_p_values, seed_points, summarize, sweep, sweep_seeds,
};
pub use theory::{Bounds, DISCREPANCIES, Discrepancy, Theory, theory};
