//! Parameters of the tree-sweep model and their validation.

use serde::{Deserialize, Serialize};

use crate::model::param::{ParamSpec, integer, real};

named! {
    /// Direction of the sweep. The down-sweep schedule is the up-sweep schedule run backwards
    /// (same makespan, every start time s becomes M − 1 − s).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
    pub enum Direction {
        /// Leaves to root (accumulation / reduction): a node needs both children.
        #[default]
        Up => "up", "Leaves first, root last.";
        /// Root to leaves (broadcast): a node needs its parent.
        Down => "down", "Root first: the up-sweep schedule run backwards.";
    }
}

/// Largest tree height accepted. Every time stays below (n − 1)(1 + τ) + 1 ≤ 10^12 with
/// [`TAU_MAX`], far inside the range where f64 holds integers exactly, and the number of
/// processors (at most 2^n − 1) stays a finite f64.
pub const N_MAX: u64 = 1000;
/// Least τ accepted: the float after 1 (τ > 1 is a strict bound; the descriptor's range
/// holds it as the sliders do, so it reads "above 1" and a map axis at τ = 1 is refused).
pub const TAU_MIN: f64 = 1f64.next_up();
/// Largest τ accepted (see [`N_MAX`]).
pub const TAU_MAX: f64 = 1e9;
/// Largest height for which schedules are materialised (2^20 − 1 nodes).
pub const MATERIAL_N_MAX: u32 = 20;

param_specs! {
    /// Height n of the tree.
    N = integer("n", "tree height", (1.0, N_MAX as f64), "12").paper("Section 1.2")
        .help("Height n ≥ 1 of the complete binary tree T_n (2^n − 1 nodes, leaves at height 1), at most 1000.");
    /// Communication delay τ.
    TAU = real("tau", "communication delay", (TAU_MIN, TAU_MAX), "128").symbol("τ").unit("node execution times").rail(1.01, 1e6).paper("Section 1.2")
        .help("Communication delay τ > 1: an edge between nodes on different processors costs τ, a node executes in time 1 (the fine-grain model). Any τ in (1, 10^9] is accepted.");
}

/// Every numeric parameter, in the controls' order.
pub const PARAMS: &[ParamSpec] = &[N, TAU];

/// One tree-sweep instance. Unit: a node executes in time 1; an edge between nodes on
/// different processors costs τ (multiport, unboundedly many processors, no recomputation).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TreeSweepParams {
    /// Tree height n (described by [`N`]).
    pub n: u64,
    /// Communication delay τ (described by [`TAU`]).
    pub tau: f64,
    /// Up- or down-sweep.
    pub direction: Direction,
}

impl Default for TreeSweepParams {
    /// n = 12, τ = 128, up-sweep.
    fn default() -> Self {
        TreeSweepParams {
            n: N.default_int(),
            tau: TAU.default_real(),
            direction: Direction::Up,
        }
    }
}

/// Validation failures; the field names used here: "n" or "tau".
pub use crate::model::ParamError;
use crate::model::budget::{Budget, Cost};
use crate::model::format::{Precision, number};
use crate::model::{Checks, Validated, ensure, finite};

impl Checks for TreeSweepParams {
    /// Checks every field; the first problem found is returned (order: n, tau).
    fn check(&self) -> Result<(), ParamError> {
        ensure(
            self.n >= 1,
            "n",
            || "n (tree height) must be at least 1: a leaf alone has height 1",
        )?;
        ensure(self.n <= N_MAX, "n", || {
            format!(
                "n (tree height) must be at most {N_MAX} (got {}): the tree has 2^n − 1 nodes and \
                 the processor count must stay a finite number",
                self.n
            )
        })?;
        finite("tau", "τ (communication delay)", self.tau)?;
        ensure(self.tau > 1.0, "tau", || {
            format!(
                "τ must be greater than 1 (got {}): the paper's algorithm is for fine-grain \
                 computations only, where one interprocessor communication costs more than \
                 executing one node. Its optimality proof uses τ > 1 (a boundary node's \
                 height is found from AET ≤ T*(ℓ) + τ − 2, and the schedules it builds are \
                 persistent only then); the coarse-grain case τ ≤ 1 is a different problem",
                number(self.tau, Precision::Exact)
            )
        })?;
        ensure(self.tau <= TAU_MAX, "tau", || {
            format!(
                "τ must be at most {TAU_MAX:e} (got {}) so that every time stays an exact integer part in f64",
                number(self.tau, Precision::Exact)
            )
        })?;
        BUDGET.check("n", &format!("n = {}", self.n), cost(self))
    }
}

/// The tree-sweep model's budget. One unit is one step of Fine-Grain's O(n²) pass over the
/// heights (or one node of a materialised schedule). Every computation here is polynomial in
/// n ≤ [`N_MAX`] or materialises at most 2^20 nodes, so the budget never refuses an accepted
/// n; it is stated so that every model has one. Measured: everything the GUI computes for
/// n = 1000 (the τ plot's 120 runs, Fig. 2, the numbers) in 0.4 s on the reference machine.
pub const BUDGET: Budget = Budget {
    unit: "height steps",
    work: 1e10,
};

/// Work and memory of everything computed for these parameters: the solution and the τ plot
/// (121 passes of n² steps), Fig. 2 (4 passes of 40³), the long ratio plots (5 + 46 passes of
/// N_MAX², whatever n), a materialised schedule of up to 2^20 nodes. Call it on checked
/// parameters.
pub fn cost(p: &TreeSweepParams) -> Cost {
    let n = p.n as f64;
    let nodes = 2f64.powi(p.n.min(u64::from(MATERIAL_N_MAX)) as i32);
    let long = 51.0 * (N_MAX as f64).powi(2);
    Cost::new(
        121.0 * n * n + 4.0 * 40f64.powi(3) + long + 4.0 * nodes,
        n * n * 16.0 + nodes * 64.0,
    )
}

impl TreeSweepParams {
    /// The parameters as [`Valid`], or the first problem their [`Checks`] find.
    pub fn validate(&self) -> Result<Valid, ParamError> {
        Valid::new(self.clone())
    }
}

/// Parameters that passed [`TreeSweepParams::validate`].
pub type Valid = Validated<TreeSweepParams>;

impl Valid {
    /// Height as u32 (fits: n ≤ [`N_MAX`]).
    pub fn height(&self) -> u32 {
        self.n as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_valid() {
        let v = TreeSweepParams::default().validate().unwrap();
        assert_eq!((v.n, v.tau, v.direction), (12, 128.0, Direction::Up));
        assert_eq!(v.height(), 12);
    }

    #[test]
    fn the_budget_never_refuses_an_accepted_height() {
        let largest = TreeSweepParams {
            n: N_MAX,
            ..Default::default()
        };
        assert!(largest.validate().is_ok());
        let c = cost(&largest);
        assert!(c.work < BUDGET.work / 50.0, "{c:?}");
        assert!(c.bytes < 1e8, "{c:?}");
    }

    #[test]
    fn validation_names_the_field() {
        assert_eq!(TreeSweepParams::failing_field(|p| p.n = 0), "n");
        assert_eq!(TreeSweepParams::failing_field(|p| p.n = N_MAX + 1), "n");
        for t in [1.0, 0.5, 0.0, -3.0, f64::NAN, f64::INFINITY, 2e9] {
            assert_eq!(
                TreeSweepParams::failing_field(|p| p.tau = t),
                "tau",
                "τ = {t}"
            );
        }
        let mut p = TreeSweepParams {
            tau: 1.0,
            ..Default::default()
        };
        let e = p.validate().unwrap_err();
        assert!(e.message.contains("fine-grain"), "{e}");
        p.tau = 1.000_001;
        p.n = N_MAX;
        assert!(p.validate().is_ok());
    }

    #[test]
    fn serde_fills_missing_fields_with_defaults() {
        let p: TreeSweepParams = serde_json::from_str(r#"{"tau": 7.5}"#).unwrap();
        assert_eq!((p.n, p.tau), (12, 7.5));
    }
}
