//! Parameters of the divisible-load model: what an instance is. Their validation plays the
//! methods (the deepest levels' shares), so it sits above the simulation, in `check.rs`.

use serde::{Deserialize, Serialize};

use crate::model::param::{ParamSpec, integer, real};

named! {
    /// The interconnection network carrying the load (Li, Sections VI–VII).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
    pub enum Network {
        /// Complete b-ary tree of height h; the root holds the load.
        #[default]
        Tree => "tree", "Complete b-ary tree.";
        /// Pyramid of height h (level l is a 2^l × 2^l mesh); the apex holds the load. Li's methods
        /// only use the pyramid's spanning complete 4-ary tree, so b is fixed to 4.
        Pyramid => "pyramid", "Pyramid (uses b = 4).";
    }
}

named! {
    /// The three distribution methods of the paper.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
    pub enum Method {
        /// Classic method ℂ (Section III): each processor keeps a share and sends one fraction to
        /// every child; shares from the equal-finish-time conditions.
        C => "C", "Classic method.";
        /// Pipelined method ℙ (Section IV): the root streams fractions b^{h−k}x, split on the way.
        P => "P", "Pipelined communications.";
        /// Pipelined method ℚ with overlap (Section V): every hop keeps a 1/β part to compute.
        Q => "Q", "Pipelined communications with overlap.";
    }
}

/// Which methods to run: one of them, or all three for comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum AlgorithmChoice {
    /// ℂ, ℙ and ℚ side by side.
    #[default]
    All,
    /// Only the given method.
    Only(Method),
}

impl AlgorithmChoice {
    /// The methods this choice runs, in the paper's order.
    pub fn methods(self) -> Vec<Method> {
        match self {
            AlgorithmChoice::All => Method::ALL.to_vec(),
            AlgorithmChoice::Only(m) => vec![m],
        }
    }

    /// The method a one-method picture shows when `chosen` is the method its tab names: the
    /// one method run, else the chosen one.
    pub fn shown(self, chosen: Method) -> Method {
        match self {
            AlgorithmChoice::Only(m) => m,
            AlgorithmChoice::All => chosen,
        }
    }
}

/// Smallest β accepted: below it `(1/β + b)^{h+1}` leaves f64's range for the largest trees.
pub const BETA_MIN: f64 = 1e-6;
/// Largest β accepted (communication is then negligible; all methods tend to T = β/N).
pub const BETA_MAX: f64 = 1e12;
/// Largest sweep range in h offered by the plots.
pub const SWEEP_H_MAX: i64 = 63;

param_specs! {
    /// Arity b of the tree.
    B = integer("b", "arity of the tree", (2.0, i64::MAX as f64), "2").rail(2.0, 1000.0).paper("Section VI")
        .help("Arity b ≥ 2: every processor has b children. The pyramid uses b = 4 (its spanning 4-ary tree); with it b is ignored.");
    /// Height h of the tree or pyramid.
    H = integer("h", "height of the tree or pyramid", (0.0, 63.0), "5").rail(1.0, 30.0).linear().paper("Section VI")
        .help("Height h ≥ 0: levels 0..h, N = (b^(h+1) − 1)/(b − 1) processors, at most what keeps N within 64 bits (h ≤ 63 for b = 2). With a small β deep trees are refused: each level gets about β times the load of the level above, so for b = 2 and β = 10^−6 the largest h is 49 (the deepest shares would underflow f64).");
    /// Granularity β.
    BETA = real("beta", "granularity T_cp / T_cm", (BETA_MIN, BETA_MAX), "100").symbol("β").rail(1e-2, 1e4).paper("Section II")
        .help("Granularity β = T_cp / T_cm > 0: the time to compute a unit load over the time to send it (T_cm = 1). Any β in [10⁻⁶, 10¹²] is accepted.");
    /// Last h of the h sweep.
    SWEEP_H = integer("sweep_h_max", "last h of the h sweep", (0.0, SWEEP_H_MAX as f64), "20").symbol("h up to").linear()
        .help("The h sweep (plots of T_N and S_N against h) runs h = 0..this, capped where N overflows 64 bits.");
    /// The β range of the β sweep.
    SWEEP_BETA = real("sweep_beta", "β range of the β sweep", (BETA_MIN, BETA_MAX), "0.1,1000").symbol("β range").rail(1e-2, 1e4)
        .help("The β sweep (plots of T_N and S_N against β) runs log-spaced from its lower end to its upper end, at the instance's b and h.");
}

/// Every numeric parameter, in the controls' order.
pub const PARAMS: &[ParamSpec] = &[B, H, BETA, SWEEP_H, SWEEP_BETA];

/// One divisible-load scenario (Li 2011). Units: T_cm = 1, T_cp = β; the load is 1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DivisibleParams {
    /// Tree or pyramid.
    pub network: Network,
    /// Arity b (described by [`B`]).
    pub b: i64,
    /// Height h (described by [`H`]).
    pub h: i64,
    /// Granularity β (described by [`BETA`]).
    pub beta: f64,
    /// Methods to run.
    pub algorithm: AlgorithmChoice,
    /// Last h of the h sweep (described by [`SWEEP_H`]).
    pub sweep_h_max: i64,
    /// The β range of the β sweep (described by [`SWEEP_BETA`]).
    pub sweep_beta: (f64, f64),
}

impl Default for DivisibleParams {
    fn default() -> Self {
        DivisibleParams {
            network: Network::Tree,
            b: B.default_int(),
            h: H.default_int(),
            beta: BETA.default_real(),
            algorithm: AlgorithmChoice::All,
            sweep_h_max: SWEEP_H.default_int(),
            sweep_beta: SWEEP_BETA.default_range(),
        }
    }
}

/// Validation failures; the field names [`DivisibleParams::validate`] uses: "b", "h", "beta", "sweep_h_max" or "sweep_beta".
pub use crate::model::ParamError;

/// Number of processors (b^{h+1} − 1)/(b − 1) of a complete b-ary tree of height h, or `None`
/// when it does not fit in a u64.
pub fn processors(b: u64, h: u64) -> Option<u64> {
    // Horner: N_h = b·N_{h−1} + 1.
    let mut n: u64 = 1;
    for _ in 0..h {
        n = n.checked_mul(b)?.checked_add(1)?;
    }
    Some(n)
}

/// Largest height whose processor count fits in a u64.
pub fn max_height(b: u64) -> u64 {
    let mut h = 0;
    while processors(b, h + 1).is_some() {
        h += 1;
    }
    h
}

impl DivisibleParams {
    /// The arity actually used (4 for the pyramid).
    pub fn arity(&self) -> i64 {
        match self.network {
            Network::Tree => self.b,
            Network::Pyramid => 4,
        }
    }
}

/// Smallest per-processor share of the load accepted on any level, under any method. Each
/// level of ℂ and ℚ gets about β/(1 + bβ) times the load of the level above, so on deep
/// binary trees with a small β the deepest shares fall below f64's range (about β^h: 10^−324
/// for β = 10^−6, h = 54); they would get no load at all and their schedule would fail its
/// checks. 10^−300 keeps them normal numbers with room for the products of the simulation.
pub const SHARE_MIN: f64 = 1e-300;

/// A validated instance: what the simulation and the theory take.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Valid {
    /// Network kind (for labels).
    pub network: Network,
    /// Arity (4 for the pyramid).
    pub b: u64,
    /// Height.
    pub h: u64,
    /// Number of processors N.
    pub n: u64,
    /// Granularity β.
    pub beta: f64,
}

impl Valid {
    /// Same instance at another height (the caller guarantees N fits).
    pub fn with_h(self, h: u64) -> Option<Valid> {
        Some(Valid {
            h,
            n: processors(self.b, h)?,
            ..self
        })
    }
}

/// The tree instance (b, h, β), which the tests know to be valid.
#[cfg(test)]
pub(super) fn tree(b: u64, h: u64, beta: f64) -> Valid {
    Valid::new(Network::Tree, b, h, beta).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn processor_counts() {
        assert_eq!(processors(2, 0), Some(1));
        assert_eq!(processors(2, 3), Some(15));
        assert_eq!(processors(4, 2), Some(21));
        assert_eq!(processors(2, 63), Some(u64::MAX));
        assert_eq!(processors(2, 64), None);
        assert_eq!(max_height(2), 63);
        assert_eq!(max_height(4), 31);
    }
}
