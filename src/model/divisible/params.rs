//! Parameters of the divisible-load model and their validation.

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

/// Validation failures; the field names used here: "b", "h", "beta", "sweep_h_max" or "sweep_beta".
pub use crate::model::ParamError;
use crate::model::divisible::simulate::shares_representable;
use crate::model::format::{Precision, number};
use crate::model::{ensure, param_error as err, positive};

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

    /// Checks every field; the first problem found is returned.
    pub fn validate(&self) -> Result<Valid, ParamError> {
        let b = self.arity();
        ensure(b >= 2, "b", || format!("b must be at least 2 (got {b})"))?;
        ensure(self.h >= 0, "h", || {
            format!("h must be at least 0 (got {})", self.h)
        })?;
        let (b, h) = (b as u64, self.h as u64);
        let n = processors(b, h).ok_or_else(|| {
            err(
                "h",
                format!(
                    "h = {h} is too large: N = (b^(h+1) − 1)/(b − 1) overflows 64 bits for b = {b} (largest h is {})",
                    max_height(b)
                ),
            )
        })?;
        check_beta("beta", self.beta)?;
        let valid = Valid {
            network: self.network,
            b,
            h,
            n,
            beta: self.beta,
        };
        check_shares(&valid)?;
        ensure(
            (0..=SWEEP_H_MAX).contains(&self.sweep_h_max),
            "sweep_h_max",
            || format!("the h sweep must end between 0 and {SWEEP_H_MAX}"),
        )?;
        let (lo, hi) = self.sweep_beta;
        check_beta("sweep_beta", lo)?;
        check_beta("sweep_beta", hi)?;
        ensure(
            lo < hi,
            "sweep_beta",
            || "the β sweep needs its lower end below its upper end",
        )?;
        Ok(valid)
    }
}

impl crate::model::Checks for DivisibleParams {
    /// [`DivisibleParams::validate`]'s first problem.
    fn check(&self) -> Result<(), ParamError> {
        self.validate().map(drop)
    }
}

/// Smallest per-processor share of the load accepted on any level, under any method. Each
/// level of ℂ and ℚ gets about β/(1 + bβ) times the load of the level above, so on deep
/// binary trees with a small β the deepest shares fall below f64's range (about β^h: 10^−324
/// for β = 10^−6, h = 54); they would get no load at all and their schedule would fail its
/// checks. 10^−300 keeps them normal numbers with room for the products of the simulation.
pub const SHARE_MIN: f64 = 1e-300;

/// Refuses an instance whose deepest levels' shares fall below [`SHARE_MIN`] (on "h"), naming
/// the share and the largest height that works at this β.
fn check_shares(v: &Valid) -> Result<(), ParamError> {
    if shares_representable(v) {
        return Ok(());
    }
    // Shares only shrink with depth: bisect for the deepest representable tree (h = 0 is).
    let ok = |h: u64| v.with_h(h).is_some_and(|w| shares_representable(&w));
    let (mut largest, mut refused) = (0, v.h);
    while refused - largest > 1 {
        let mid = (largest + refused) / 2;
        if ok(mid) {
            largest = mid;
        } else {
            refused = mid;
        }
    }
    Err(err(
        "h",
        format!(
            "h = {} is too deep for β = {}: every level of methods C and Q gets about β/(1 + bβ) times \
             the load of the level above, so the deepest levels' share (about 10^{:.0} of the \
             load per processor) falls below what f64 holds ({}) and they would get no load; \
             at this β the largest h is {largest} (or raise β)",
            v.h,
            number(v.beta, Precision::Exact),
            crate::model::divisible::theory::classic_smallest_share_log10(v),
            number(SHARE_MIN, Precision::Exact),
        ),
    ))
}

fn check_beta(field: &'static str, beta: f64) -> Result<(), ParamError> {
    positive(field, "β", beta)?;
    ensure((BETA_MIN..=BETA_MAX).contains(&beta), field, || {
        format!(
            "β must lie in [{BETA_MIN:e}, {BETA_MAX:e}] (got {}); outside it f64 cannot hold the pipelined fractions",
            number(beta, Precision::Exact)
        )
    })
}

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
    /// A validated instance from raw numbers (checks them like [`DivisibleParams::validate`]).
    pub fn new(network: Network, b: u64, h: u64, beta: f64) -> Result<Valid, ParamError> {
        DivisibleParams {
            network,
            b: b.min(i64::MAX as u64) as i64,
            h: h.min(i64::MAX as u64) as i64,
            beta,
            ..DivisibleParams::default()
        }
        .validate()
    }

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

    #[test]
    fn validation_messages_name_the_field() {
        let p = DivisibleParams {
            b: 1,
            ..Default::default()
        };
        assert_eq!(p.validate().unwrap_err().field, "b");
        let p = DivisibleParams {
            h: -1,
            ..Default::default()
        };
        assert_eq!(p.validate().unwrap_err().field, "h");
        let p = DivisibleParams {
            h: 64,
            ..Default::default()
        };
        let e = p.validate().unwrap_err();
        assert_eq!(e.field, "h");
        assert!(e.message.contains("overflows"), "{e}");
        for beta in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let p = DivisibleParams {
                beta,
                ..Default::default()
            };
            assert_eq!(p.validate().unwrap_err().field, "beta");
        }
        let p = DivisibleParams {
            network: Network::Pyramid,
            b: 0,
            h: 31,
            ..Default::default()
        };
        assert_eq!(p.validate().unwrap().b, 4);
    }

    #[test]
    fn deep_trees_whose_shares_underflow_are_refused_on_h() {
        let p = |h, beta| DivisibleParams {
            h,
            beta,
            ..Default::default()
        };
        let e = p(54, 1e-6).validate().unwrap_err();
        assert_eq!(e.field, "h");
        assert!(e.message.contains("largest h is 49"), "{e}");
        assert!(e.message.contains("10^-324"), "{e}");
        // Every accepted deep binary tree keeps every level's share normal, and its simulated
        // schedules pass their checks (the case gave C an invalid schedule).
        for h in 45..=63 {
            for beta in [1e-6, 2e-6, 5e-6, 6e-6, 1e-5, 1e-4] {
                match p(h, beta).validate() {
                    Ok(v) => {
                        for m in super::super::Method::ALL {
                            let t = super::super::simulate(m, &v);
                            assert!(t.valid(), "h = {h}, β = {beta}, {m:?}: {:?}", t.checks);
                        }
                    }
                    Err(e) => assert_eq!(e.field, "h", "h = {h}, β = {beta}"),
                }
            }
        }
        // The logarithmic estimate of ℂ's smallest share matches the simulation where f64
        // holds it.
        let v = p(40, 1e-6).validate().unwrap();
        let simulated = super::super::simulate(Method::C, &v)
            .levels
            .iter()
            .map(|l| l.load)
            .fold(f64::INFINITY, f64::min);
        let estimate = super::super::theory::classic_smallest_share_log10(&v);
        assert!(
            (simulated.log10() - estimate).abs() < 1e-6,
            "{simulated} {estimate}"
        );
        assert!(p(59, 1e-5).validate().is_ok());
        assert!(p(63, 1e-4).validate().is_ok());
    }
}
