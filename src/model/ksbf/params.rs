//! Parameters of the KS-BF model and their validation.

use serde::{Deserialize, Serialize};

named! {
    /// The workload: the tree or grid the dynamic computation grows into.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
    pub enum Shape {
        /// Complete binary tree T_n: all binary strings of length < n (2^n − 1 nodes).
        #[default]
        Tree => "tree", "Complete binary tree T_n.";
        /// Pyramidal grid G_n: all ⟨k, ℓ⟩ with k + ℓ < n (C(n+1, 2) nodes).
        Grid => "grid", "Pyramidal grid G_n.";
        /// Random tree: every executed task at level < n − 1 spawns two children with probability
        /// `spawn_prob` (one seeded coin per node, independent of the policy).
        RandomTree => "random-tree", "Random binary tree (spawn probability q, depth cap n).";
        /// Random grid: every executed node at level < n − 1 spawns both task-arcs with probability
        /// `spawn_prob` (one seeded coin per node); see the module docs for the arc rules.
        RandomGrid => "random-grid", "Random full, prefix-closed grid.";
        /// Section 1.3's ⌊log₂ p⌋-complete tree with h = n levels, made full (see module docs).
        SparseTree => "sparse-tree", "Section 1.3's adversarial sparse tree.";
        /// Section 1.3's two-row grid (rows i = p ≡ 0 and j = p + 1 ≡ 1 mod p), made full.
        TwoRowGrid => "two-row-grid", "Section 1.3's adversarial two-row grid.";
    }
}

impl Shape {
    /// True for the grid shapes (nodes ⟨k, ℓ⟩), false for trees (heap numbers).
    pub fn is_grid(self) -> bool {
        matches!(self, Shape::Grid | Shape::RandomGrid | Shape::TwoRowGrid)
    }

    /// True for the shapes whose node set depends on the seed.
    pub fn is_random(self) -> bool {
        matches!(self, Shape::RandomTree | Shape::RandomGrid)
    }
}

named! {
    /// What a PE does with the two children of a spawning task.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
    pub enum Balance {
        /// Keep-left-Send-right: keep the left child, send the right one clockwise (the paper's).
        #[default]
        Ks => "ks", "Keep left, send right (the paper's).";
        /// No balancing: keep both children (everything runs on P_0).
        None => "none", "Keep both children.";
        /// Keep the left child, send the right one to a neighbour chosen by a seeded fair coin
        /// (clockwise or counter-clockwise).
        Random => "random", "Send a seeded random child.";
    }
}

named! {
    /// Local scheduling: which ready task a PE runs next.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
    pub enum Schedule {
        /// Locally breadth-first: lowest level first, then left to right (the paper's).
        #[default]
        Bf => "bf", "Breadth-first (the paper's).";
        /// Locally depth-first: deepest level first, then left to right.
        Df => "df", "Depth-first.";
    }
}

/// Largest ring accepted.
pub const P_MAX: u32 = 4096;
/// Largest tree height accepted (heap numbers then fit in 32 bits; T_28 has 2^28 − 1 nodes).
pub const TREE_N_MAX: u32 = 28;
/// Deepest sparse tree accepted: its nodes keep their heap numbers (root 1, children 2k and
/// 2k + 1) in 32 bits, all below 2^n for height n, and it is small (Θ(n^lg p) nodes: 6 607
/// for n = 28 on R_8), so it goes deeper than the complete tree, whose size binds at 28.
/// Section 1.3's adversary is about h ≫ lg p.
pub const SPARSE_N_MAX: u32 = 32;
/// Memory/size limit: the most nodes an instance may have (or, for random shapes, may reach).
pub const NODE_LIMIT: u64 = 1 << 28;
/// Per-node and per-step records are kept only up to this many nodes.
pub const RECORD_NODE_LIMIT: u64 = 1 << 16;

/// Most node × PE slots recorded (with at most [`RECORD_NODE_LIMIT`] nodes).
pub const RECORD_SLOTS: u64 = 1 << 24;
use crate::model::param::{ParamSpec, integer, real, seed};

param_specs! {
    /// The size n (see [`KsbfParams::n`]).
    N = integer("n", "size", (1.0, u32::MAX as f64), "6").rail(2.0, 18.0).linear().paper("Section 1.3")
        .help("Size n ≥ 1: tree height (T_n), grid side (G_n), depth cap of the random shapes, h of the sparse tree, row length of the two-row grid. A run may take at most 4·10^8 node visits (about 10 s; a node of DF scheduling or of a grid with random directions counts 4, of a tree with random directions 5 to 24, rising with its size) and 1 GB: complete trees up to n = 28 breadth first (26 with DF, 23 with random directions), the sparse tree up to n = 32 (its nodes are few), grids up to n = 23169 (14141 with DF or random directions).");
    /// The ring size p (see [`KsbfParams::p`]).
    P = integer("p", "ring size", (1.0, P_MAX as f64), "4").unit("PEs").rail(1.0, 256.0).paper("Section 1.3")
        .help("Ring size p: PEs P_0 … P_{p−1}, each sending to its clockwise neighbour (1 to 4096; idle PEs cost nothing).");
    /// The spawn probability q (see [`KsbfParams::spawn_prob`]).
    SPAWN_PROB = real("spawn_prob", "spawn probability", (0.0, 1.0), "0.75").symbol("q").rail(0.5, 1.0).linear()
        .help("Spawn probability q ∈ [0, 1] of the random workloads: an executed task spawns its children with probability q.");
    /// The seed (see [`KsbfParams::seed`]).
    SEED = seed("seed").rail(1.0, 64.0).linear()
        .help("Seed of the random workloads and of the random policy.");
}

/// Every numeric parameter of the model, in the order of the controls.
pub const PARAMS: &[ParamSpec] = &[N, P, SPAWN_PROB, SEED];

/// One KS-BF scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct KsbfParams {
    /// Workload shape.
    pub shape: Shape,
    /// [`N`].
    pub n: u32,
    /// [`P`].
    pub p: u32,
    /// [`SEED`].
    pub seed: u64,
    /// [`SPAWN_PROB`].
    pub spawn_prob: f64,
    /// Balancing regimen.
    pub balance: Balance,
    /// Local scheduling policy.
    pub schedule: Schedule,
}

impl Default for KsbfParams {
    fn default() -> Self {
        KsbfParams {
            shape: Shape::Tree,
            n: N.default_int(),
            p: P.default_int(),
            seed: SEED.default_int(),
            spawn_prob: SPAWN_PROB.default_real(),
            balance: Balance::Ks,
            schedule: Schedule::Bf,
        }
    }
}

/// Validation failures; the field names used here: "n", "p" or "spawn_prob".
pub use crate::model::ParamError;
use crate::model::budget::{Budget, Cost};
use crate::model::format::{Precision, number};
use crate::model::{Checks, Validated, ensure};

/// Number of levels of a grid shape (the two-row grid reaches level p + n).
pub fn grid_levels(v: &KsbfParams) -> u32 {
    match v.shape {
        Shape::TwoRowGrid => v.p + v.n + 1,
        _ => v.n,
    }
}

/// ⌊log₂ p⌋, the weight cap w of the sparse tree.
pub fn sparse_weight(p: u32) -> u32 {
    31 - p.max(1).leading_zeros()
}

impl KsbfParams {
    /// The most nodes the instance can have: exact for the deterministic shapes, the
    /// q = 1 size for the random ones.
    pub fn max_nodes(&self) -> u64 {
        let n = u64::from(self.n);
        let p = u64::from(self.p);
        match self.shape {
            Shape::SparseTree if self.n <= SPARSE_N_MAX => {
                super::count::sparse_tree_nodes(self.n, sparse_weight(self.p))
            }
            Shape::Tree | Shape::RandomTree | Shape::SparseTree => {
                if n >= 64 {
                    u64::MAX
                } else {
                    (1u64 << n) - 1
                }
            }
            Shape::Grid | Shape::RandomGrid => n.saturating_mul(n + 1) / 2,
            Shape::TwoRowGrid => 2 * p + 2 * n + 1,
        }
    }

    /// The parameters as [`Valid`], or the first problem their [`Checks`] find.
    pub fn validate(&self) -> Result<Valid, ParamError> {
        Valid::new(self.clone())
    }
}

impl Checks for KsbfParams {
    /// Checks every field; the first problem found is returned (order: p, n, spawn_prob, size).
    fn check(&self) -> Result<(), ParamError> {
        ensure(self.p >= 1, "p", || "the ring needs at least p = 1 PE")?;
        ensure(self.p <= P_MAX, "p", || {
            format!("p must be at most {P_MAX} (got {})", self.p)
        })?;
        ensure(self.n >= 1, "n", || "n must be at least 1")?;
        let sparse = self.shape == Shape::SparseTree;
        ensure(!sparse || self.n <= SPARSE_N_MAX, "n", || {
            format!(
                "the sparse tree's limit is n ≤ {SPARSE_N_MAX} (got {}): its nodes keep their \
                 heap numbers (root 1, children 2k and 2k + 1) in 32 bits",
                self.n
            )
        })?;
        ensure(
            self.shape.is_grid() || sparse || self.n <= TREE_N_MAX,
            "n",
            || {
                format!(
                    "a tree of height n = {} has up to 2^{} − 1 nodes; the limit is n ≤ {TREE_N_MAX} ({NODE_LIMIT} nodes)",
                    self.n, self.n
                )
            },
        )?;
        let q = self.spawn_prob;
        ensure(
            q.is_finite() && (0.0..=1.0).contains(&q),
            "spawn_prob",
            || {
                format!(
                    "the spawn probability q must lie in [0, 1] (got {})",
                    number(q, Precision::Exact)
                )
            },
        )?;
        let size = self.max_nodes();
        ensure(size <= NODE_LIMIT, "n", || {
            format!(
                "the instance has up to {size} nodes, more than the memory limit of {NODE_LIMIT} nodes"
            )
        })?;
        if self.shape.is_grid() {
            let levels = u64::from(grid_levels(self));
            let cells = levels * (levels + 1) / 2;
            ensure(levels <= 0xFFFF && cells <= NODE_LIMIT, "n", || {
                format!(
                    "the grid spans {levels} levels ({cells} positions to track), more than the memory limit of {NODE_LIMIT} positions"
                )
            })?;
        }
        BUDGET.check("n", &self.describe(), cost(self))
    }
}

/// The KS-BF model's budget. One unit is one node visit of the FIFO engine (a pop, the
/// node's children, their pushes); a node of the heap engine (DF scheduling, random
/// directions, and the rerun when a FIFO stream breaks its order) counts [`HEAP_WEIGHT`], or
/// [`random_tree_weight`] for a tree with random directions, a grid position of the random
/// grid's membership pass [`CELL_WEIGHT`]. Idle PEs cost nothing (the engines only visit busy
/// PEs), so p only adds its per-PE arrays.
///
/// Calibration (release build, reference machine, 2 cores under a load of about 4, p = 4096):
/// FIFO trees n = 24, 26, 27, 28 in 0.45, 1.5, 3.0, 6.7 s (22–27 ns per node; 640 MB at
/// n = 28), the grid n = 23 169 in 5.1 s (19 ns); heap engine: DF tree n = 26 6.1 s (91 ns),
/// random directions on the tree n = 24 8.3 s (490 ns) and on the grid n = 10 000 1.9 s
/// (37 ns), DF random grid n = 20 000 11 s (55 ns); the CSV of n = 20 (256 runs of 10^6 nodes
/// for the p plot) 3.1 s. At 25 ns per unit 10 s is 4·10^8 units. Before, every step visited
/// all p PEs: `--n 28 --p 4096` took 250 s. Since issue 36 the complete tree without records
/// has its own engine (`simulate/tree_fast.rs`): T_24 on R_16 in 0.16–0.19 s of CPU whole
/// process (about 8 ns per node) and T_27 on R_4096 in 1.4 s (375 MB) at a load of 10; a
/// tree node still counts 1 (memory binds first: n = 28 is refused for its queues). Since
/// then the complete tree without records runs on counts (`counted_tree_cost`): T_24 on
/// R_16 in 3.4 ms of CPU whole process, T_28 on R_4096 in about 10 ms wall, 10 MB.
pub const BUDGET: Budget = Budget {
    unit: "node visits",
    work: 4e8,
};

/// Work of one node of the heap engine, in FIFO node visits (DF scheduling, grids).
pub const HEAP_WEIGHT: f64 = 4.0;

/// Most work of one node of the heap engine on a tree with random directions, in FIFO node
/// visits: the few busy PEs hold whole levels in their heaps (the calibration's T_24).
pub const RANDOM_TREE_WEIGHT: f64 = 24.0;

/// Least work of one node of the heap engine on a tree with random directions, in FIFO node
/// visits: up to about 2^19 nodes the heaps stay in the caches and a node costs about what a
/// DF node does. Measured idle (release build, whole process, p = 4, 64 and 4096; the FIFO
/// unit about 8.2 ns there, from DF T_24 in 0.54 s): T_18 and T_19 38 ns a node (4.6 units),
/// T_20 48–57 ns (5.8–7), T_21 62–72 (7.6–8.7), T_22 67–110 (8–13), T_23 76–147 (9–18).
/// Before, every size counted 24: a map of T_2 … T_18 over 64 ring sizes was refused as
/// "at least 10 s" while it takes 1.2 s of CPU.
pub const RANDOM_TREE_WEIGHT_MIN: f64 = 5.0;

/// Work of one node of a tree with random directions of about `nodes` nodes, in FIFO node
/// visits: [`RANDOM_TREE_WEIGHT_MIN`] up to 2^19 nodes, then 4 more per doubling up to
/// [`RANDOM_TREE_WEIGHT`] at 2^24 (above every measurement of the table there).
pub fn random_tree_weight(nodes: f64) -> f64 {
    (4.0 * (nodes.max(1.0).log2() - 18.0)).clamp(RANDOM_TREE_WEIGHT_MIN, RANDOM_TREE_WEIGHT)
}

/// Work of one position of the random grid's membership pass, in FIFO node visits: 1.9 ns
/// measured (n = 13 332, 8.9·10^7 positions in 0.17 s of CPU, release build).
pub const CELL_WEIGHT: f64 = 0.1;

/// How many times the expected size of a random tree its size estimate allows: the size over
/// its expectation tends to a law of mean 1 and variance 2(1 − q)/(2q − 1), whose tail beyond
/// 16 is negligible.
const RANDOM_TREE_MARGIN: f64 = 16.0;

/// True when a simulation of these parameters keeps its per-node and per-step records (at
/// most [`RECORD_NODE_LIMIT`] nodes and [`RECORD_SLOTS`] node × PE slots).
pub fn records(p: &KsbfParams) -> bool {
    p.max_nodes() <= RECORD_NODE_LIMIT
        && p.max_nodes().saturating_mul(u64::from(p.p)) <= RECORD_SLOTS
}

/// The nodes a run is expected to execute: exact for the deterministic shapes; for a random
/// tree at most `RANDOM_TREE_MARGIN` times its expected size Σ_{l<n} (2q)^l (never beyond
/// the complete tree); for a random grid the same margin over Σ_{l<n} min(l + 1, (2q)^l), a
/// bound on its expected size (a member of level l − 1 spawns its two children with
/// probability q; level l has l + 1 positions). Its membership pass over every position is
/// costed apart ([`CELL_WEIGHT`]). Before, the random grid counted as the complete grid:
/// `--shape random-grid --schedule df --n 13333 --p 64` (q = 0.5) was refused as "about 10
/// s" although n = 13 332 runs in 0.17 s.
pub fn nodes_estimate(p: &KsbfParams) -> f64 {
    nodes_with_margin(p, RANDOM_TREE_MARGIN)
}

/// The nodes of a random shape's expectation (the deterministic shapes' exact count): what
/// many runs take on average, for the estimate of a map, whose cells' sizes add up.
pub fn nodes_expected(p: &KsbfParams) -> f64 {
    nodes_with_margin(p, 1.0)
}

fn nodes_with_margin(p: &KsbfParams, margin: f64) -> f64 {
    let max = p.max_nodes() as f64;
    match p.shape {
        Shape::SparseTree => super::count::sparse_tree_nodes(p.n, sparse_weight(p.p)) as f64,
        Shape::RandomTree => {
            let m = 2.0 * p.spawn_prob;
            let expected: f64 = (0..p.n).map(|l| m.powi(l as i32)).sum();
            (margin * expected).min(max)
        }
        Shape::RandomGrid => {
            let m = 2.0 * p.spawn_prob;
            let bound: f64 = (0..p.n)
                .map(|l| m.powi(l as i32).min(f64::from(l) + 1.0))
                .sum();
            (margin * bound).min(max)
        }
        _ => max,
    }
}

/// Work and memory of one simulation (with its records when [`records`] says so, as
/// `loadlab ksbf` and the GUI run it; `record = false` for the sweeps' points). Call it on
/// checked parameters.
pub fn cost_of(p: &KsbfParams, record: bool) -> Cost {
    cost_at(p, record, nodes_estimate(p))
}

/// [`cost_of`] at the expected size of a random shape (a map's cell: the cells' sizes add
/// up, so the map's total is close to the sum of the expectations). Measured: `map ksbf
/// --shape random-tree --n 15 --x p=2..64:64 --y spawn_prob=0.5..1:64` 1.1 s where the
/// margin of a single run estimated 5 s.
pub fn mean_cost(p: &KsbfParams, record: bool) -> Cost {
    cost_at(p, record, nodes_expected(p))
}

/// [`cost_of`] at a size of `nodes` nodes (a random grid's counted size,
/// [`super::random_grid_nodes`]).
pub fn cost_at(p: &KsbfParams, record: bool, nodes: f64) -> Cost {
    let fifo = p.schedule == Schedule::Bf && p.balance != Balance::Random;
    if fifo && p.shape == Shape::Tree && !(record && records(p)) {
        return counted_tree_cost(p);
    }
    let heap = if p.balance == Balance::Random && !p.shape.is_grid() {
        random_tree_weight(nodes)
    } else {
        HEAP_WEIGHT
    };
    let weight = match (fifo, p.shape) {
        (true, Shape::Tree | Shape::Grid) => 1.0,
        (true, _) => 1.0 + heap,
        (false, _) => heap,
    };
    let pes = f64::from(p.p);
    let levels = f64::from(grid_levels(p)) + 1.0;
    let positions = if p.shape.is_grid() {
        levels * (levels + 1.0) / 2.0
    } else {
        0.0
    };
    let membership = if p.shape == Shape::RandomGrid {
        positions
    } else {
        0.0
    };
    // The ready tasks form an antichain: at most the leaves of a tree, a level of a grid.
    let queued = if p.shape.is_grid() {
        levels.min(nodes)
    } else {
        (nodes + 1.0) / 2.0
    };
    let entry = if fifo { 4.0 } else { 8.0 };
    let recorded = if record && records(p) {
        // One record per node and per send, one slot per PE and step (steps ≤ nodes).
        nodes * 64.0 + nodes * pes * 20.0
    } else {
        0.0
    };
    Cost::new(
        nodes * weight + membership * CELL_WEIGHT + pes,
        2.0 * queued * entry + (positions + membership) / 8.0 + pes * 128.0 + recorded,
    )
}

/// Work and memory of counting a random grid's nodes from its membership alone
/// ([`super::random_grid_nodes`]): one pass over its positions at most.
pub fn count_cost(p: &KsbfParams) -> Cost {
    let levels = f64::from(grid_levels(p)) + 1.0;
    let positions = levels * (levels + 1.0) / 2.0;
    Cost::new(positions * CELL_WEIGHT, positions / 8.0)
}

/// The complete tree without records, run on counts in batches of identical rounds
/// (`simulate/tree_fast.rs`, issue 36): about min(p, n) · (n + 2) batches, plus one per
/// 4 096 steps, each visiting the min(p, n) PEs that can work a few times (a unit each); the
/// memory is the per-PE counters. Measured: T_28 on R_4096 in about 1 ms of CPU.
fn counted_tree_cost(p: &KsbfParams) -> Cost {
    let used = if p.balance == Balance::None {
        1.0
    } else {
        f64::from(p.p.min(p.n))
    };
    let pes = f64::from(p.p);
    let steps = p.max_nodes() as f64 / used + pes;
    let batches = used * (f64::from(p.n) + 2.0) + steps / 4096.0;
    Cost::new(batches * used + pes, pes * 128.0 + used * 512.0)
}

/// [`cost_of`] a run with its records, as `loadlab ksbf` and the GUI run it.
pub fn cost(p: &KsbfParams) -> Cost {
    cost_of(p, true)
}

impl KsbfParams {
    /// "tree, n = 28, p = 4096, ks balance, bf schedule": the inputs behind a cost estimate.
    pub fn describe(&self) -> String {
        format!(
            "{}, n = {}, p = {}, {} balance, {} schedule",
            self.shape.name(),
            self.n,
            self.p,
            self.balance.name(),
            self.schedule.name()
        )
    }
}

/// Parameters that passed [`KsbfParams::validate`].
pub type Valid = Validated<KsbfParams>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ksbf::simulate;

    fn params(shape: Shape, n: u32, p: u32) -> KsbfParams {
        KsbfParams {
            shape,
            n,
            p,
            ..Default::default()
        }
    }

    #[test]
    fn node_estimates_are_exact_or_above() {
        for shape in Shape::ALL {
            let n = if shape.is_grid() { 30 } else { 12 };
            for seed in 1..5 {
                let prm = KsbfParams {
                    seed,
                    ..params(shape, n, 8)
                };
                let ran = simulate(&prm.validate().unwrap()).nodes as f64;
                let est = nodes_estimate(&prm);
                if shape.is_random() {
                    assert!(est >= ran, "{shape:?}: {est} < {ran}");
                } else {
                    assert_eq!(est, ran, "{shape:?}");
                }
            }
        }
    }

    #[test]
    fn the_budget_bounds_size_and_engine() {
        // The 250 s run (2^28 nodes, whose ready leaves once needed about 1.1 GB) is
        // counted level by level since issue 36: a few thousand units, a few kB.
        let big = cost(&params(Shape::Tree, 28, 4096));
        assert!(big.work < 1e5 && big.bytes < 1e6, "{big:?}");
        assert!(params(Shape::Tree, 28, 4096).validate().is_ok());
        // Depth first, the same tree takes the heap engine, 4 units a node.
        let df = |n| KsbfParams {
            schedule: Schedule::Df,
            ..params(Shape::Tree, n, 4096)
        };
        assert!(df(26).validate().is_ok());
        let e = df(27).validate().unwrap_err();
        assert_eq!(e.field, "n");
        assert!(e.message.contains("node visits"), "{e}");
        // Random directions use the heap engine: on a tree 5 units a node up to 2^19 nodes,
        // rising to 24 at 2^24 (T_23: 8.4·10^6 nodes in 1.2 s idle, 2.0 s of CPU under load;
        // T_24 8.3 s of CPU under load); 4 on a grid.
        let random = |shape, n| KsbfParams {
            balance: Balance::Random,
            ..params(shape, n, 4096)
        };
        let small = cost(&random(Shape::Tree, 18)).work;
        let t18 = f64::from((1 << 18) - 1);
        assert!((5.0 * t18..5.0 * t18 + 1e4).contains(&small), "{small}");
        let t24 = cost(&random(Shape::Tree, 24)).work;
        assert!(t24 > 23.9 * f64::from((1 << 24) - 1), "{t24}");
        assert!(random(Shape::Tree, 23).validate().is_ok());
        assert!(random(Shape::Tree, 24).validate().is_err());
        assert!(random(Shape::Grid, 14_141).validate().is_ok());
        let e = random(Shape::Grid, 23_169).validate().unwrap_err();
        assert!(e.message.contains("node visits"), "{e}");
        // Idle PEs cost nothing: the same tree on 1 or 4096 PEs costs about the same.
        let (one, many) = (cost(&KsbfParams { p: 1, ..df(20) }), cost(&df(20)));
        assert!(many.work < one.work * 1.01, "{one:?} {many:?}");
        // A random tree with q = 0.75 is estimated from its expected size, not 2^n.
        let sparse = KsbfParams {
            spawn_prob: 0.75,
            ..params(Shape::RandomTree, 28, 4096)
        };
        assert!(nodes_estimate(&sparse) < 1e7);
        assert!(sparse.validate().is_ok());
    }
}
