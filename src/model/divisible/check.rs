//! Whether a divisible-load instance can be run: every field's range, and the deepest
//! levels' shares, which only playing the methods tells (so this sits above the simulation
//! and the theory, while [`super::params`] below them only says what an instance is).

use super::params::{
    BETA_MAX, BETA_MIN, DivisibleParams, Network, SHARE_MIN, SWEEP_H_MAX, Valid, max_height,
    processors,
};
use super::simulate::shares_representable;
use super::theory::classic_smallest_share_log10;
use crate::model::format::{Precision, number};
use crate::model::{ParamError, ensure, param_error as err, positive};

impl DivisibleParams {
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
}

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
            classic_smallest_share_log10(v),
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

#[cfg(test)]
mod tests {
    use super::super::params::Method;
    use super::super::simulate::simulate;
    use super::*;

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
                        for m in Method::ALL {
                            let t = simulate(m, &v);
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
        let simulated = simulate(Method::C, &v)
            .levels
            .iter()
            .map(|l| l.load)
            .fold(f64::INFINITY, f64::min);
        let estimate = classic_smallest_share_log10(&v);
        assert!(
            (simulated.log10() - estimate).abs() < 1e-6,
            "{simulated} {estimate}"
        );
        assert!(p(59, 1e-5).validate().is_ok());
        assert!(p(63, 1e-4).validate().is_ok());
    }
}
