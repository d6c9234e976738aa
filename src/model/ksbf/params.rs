//! Parameters of the KS-BF model and their validation.

use serde::{Deserialize, Serialize};

/// The workload: the tree or grid the dynamic computation grows into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Shape {
    /// Complete binary tree T_n: all binary strings of length < n (2^n − 1 nodes).
    #[default]
    Tree,
    /// Pyramidal grid G_n: all ⟨k, ℓ⟩ with k + ℓ < n (C(n+1, 2) nodes).
    Grid,
    /// Random tree: every executed task at level < n − 1 spawns two children with probability
    /// `spawn_prob` (one seeded coin per node, independent of the policy).
    RandomTree,
    /// Random grid: every executed node at level < n − 1 spawns both task-arcs with probability
    /// `spawn_prob` (one seeded coin per node); see the module docs for the arc rules.
    RandomGrid,
    /// Section 1.3's ⌊log₂ p⌋-complete tree with h = n levels, made full (see module docs).
    SparseTree,
    /// Section 1.3's two-row grid (rows i = p ≡ 0 and j = p + 1 ≡ 1 mod p), made full.
    TwoRowGrid,
}

impl Shape {
    /// All shapes, in menu order.
    pub const ALL: [Shape; 6] = [
        Shape::Tree,
        Shape::Grid,
        Shape::RandomTree,
        Shape::RandomGrid,
        Shape::SparseTree,
        Shape::TwoRowGrid,
    ];

    /// CLI name.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Tree => "tree",
            Shape::Grid => "grid",
            Shape::RandomTree => "random-tree",
            Shape::RandomGrid => "random-grid",
            Shape::SparseTree => "sparse-tree",
            Shape::TwoRowGrid => "two-row-grid",
        }
    }

    /// True for the grid shapes (nodes ⟨k, ℓ⟩), false for trees (heap numbers).
    pub fn is_grid(self) -> bool {
        matches!(self, Shape::Grid | Shape::RandomGrid | Shape::TwoRowGrid)
    }

    /// True for the shapes whose node set depends on the seed.
    pub fn is_random(self) -> bool {
        matches!(self, Shape::RandomTree | Shape::RandomGrid)
    }
}

/// What a PE does with the two children of a spawning task.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Balance {
    /// Keep-left-Send-right: keep the left child, send the right one clockwise (the paper's).
    #[default]
    Ks,
    /// No balancing: keep both children (everything runs on P_0).
    None,
    /// Keep the left child, send the right one to a neighbour chosen by a seeded fair coin
    /// (clockwise or counter-clockwise).
    Random,
}

impl Balance {
    /// CLI name.
    pub fn name(self) -> &'static str {
        match self {
            Balance::Ks => "ks",
            Balance::None => "none",
            Balance::Random => "random",
        }
    }
}

/// Local scheduling: which ready task a PE runs next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Schedule {
    /// Locally breadth-first: lowest level first, then left to right (the paper's).
    #[default]
    Bf,
    /// Locally depth-first: deepest level first, then left to right.
    Df,
}

impl Schedule {
    /// CLI name.
    pub fn name(self) -> &'static str {
        match self {
            Schedule::Bf => "bf",
            Schedule::Df => "df",
        }
    }
}

/// Largest ring accepted.
pub const P_MAX: u32 = 4096;
/// Largest tree height accepted (heap numbers then fit in 32 bits; T_28 has 2^28 − 1 nodes).
pub const TREE_N_MAX: u32 = 28;
/// Memory/size limit: the most nodes an instance may have (or, for random shapes, may reach).
pub const NODE_LIMIT: u64 = 1 << 28;
/// Per-node and per-step records are kept only up to this many nodes.
pub const RECORD_NODE_LIMIT: u64 = 1 << 16;

/// One KS-BF scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct KsbfParams {
    /// Workload shape.
    pub shape: Shape,
    /// Size: tree height (levels), grid side, depth cap of random shapes, h of the sparse tree,
    /// row length of the two-row grid.
    pub n: u32,
    /// Ring size p ≥ 1.
    pub p: u32,
    /// Seed of the random shapes and of the random-direction policy.
    pub seed: u64,
    /// Spawn probability q of the random shapes.
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
            n: 6,
            p: 4,
            seed: 1,
            spawn_prob: 0.75,
            balance: Balance::Ks,
            schedule: Schedule::Bf,
        }
    }
}

/// Validation failures; the field names used here: "n", "p" or "spawn_prob".
pub use crate::model::ParamError;
use crate::model::param_error as err;

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

    /// Checks every field; the first problem found is returned (order: p, n, spawn_prob, size).
    pub fn validate(&self) -> Result<Valid, ParamError> {
        if self.p < 1 {
            return Err(err("p", "the ring needs at least p = 1 PE"));
        }
        if self.p > P_MAX {
            return Err(err(
                "p",
                format!("p must be at most {P_MAX} (got {})", self.p),
            ));
        }
        if self.n < 1 {
            return Err(err("n", "n must be at least 1"));
        }
        if !self.shape.is_grid() && self.n > TREE_N_MAX {
            return Err(err(
                "n",
                format!(
                    "a tree of height n = {} has up to 2^{} − 1 nodes; the limit is n ≤ {TREE_N_MAX} ({NODE_LIMIT} nodes)",
                    self.n, self.n
                ),
            ));
        }
        if !(self.spawn_prob.is_finite() && (0.0..=1.0).contains(&self.spawn_prob)) {
            return Err(err(
                "spawn_prob",
                format!(
                    "the spawn probability q must lie in [0, 1] (got {})",
                    self.spawn_prob
                ),
            ));
        }
        let size = self.max_nodes();
        if size > NODE_LIMIT {
            return Err(err(
                "n",
                format!(
                    "the instance has up to {size} nodes, more than the memory limit of {NODE_LIMIT} nodes"
                ),
            ));
        }
        if self.shape.is_grid() {
            let levels = u64::from(grid_levels(self));
            let cells = levels * (levels + 1) / 2;
            if levels > 0xFFFF || cells > NODE_LIMIT {
                return Err(err(
                    "n",
                    format!(
                        "the grid spans {levels} levels ({cells} positions to track), more than the memory limit of {NODE_LIMIT} positions"
                    ),
                ));
            }
        }
        Ok(Valid(self.clone()))
    }
}

/// Parameters that passed [`KsbfParams::validate`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Valid(KsbfParams);

impl Valid {
    /// A modified copy, validated again.
    pub fn with(&self, change: impl FnOnce(&mut KsbfParams)) -> Result<Valid, ParamError> {
        let mut p = self.0.clone();
        change(&mut p);
        p.validate()
    }
}

impl std::ops::Deref for Valid {
    type Target = KsbfParams;
    fn deref(&self) -> &KsbfParams {
        &self.0
    }
}
