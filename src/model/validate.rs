//! Parameter validation shared by the models: the error naming the offending field, the
//! checks that build it, and [`Validated`], the proof that parameters passed their checks.

use serde::Serialize;

use super::format::{Precision, number};

/// A validation failure of any model's parameters, naming the offending field so the UI can
/// show the reason next to its control (the field names are listed by each model's params).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct ParamError {
    /// Field name, as in the model's params struct.
    pub field: &'static str,
    /// Human-readable reason.
    pub message: String,
}

/// Builds a [`ParamError`].
pub(crate) fn param_error(field: &'static str, message: impl Into<String>) -> ParamError {
    ParamError {
        field,
        message: message.into(),
    }
}

/// `Ok` when `ok` holds, else the error on `field` whose message `why` builds (only then).
pub(crate) fn ensure<M: Into<String>>(
    ok: bool,
    field: &'static str,
    why: impl FnOnce() -> M,
) -> Result<(), ParamError> {
    if ok {
        Ok(())
    } else {
        Err(param_error(field, why()))
    }
}

/// Refuses a NaN or infinite `x`: "`what` must be a finite number".
pub(crate) fn finite(field: &'static str, what: &str, x: f64) -> Result<(), ParamError> {
    ensure(x.is_finite(), field, || {
        format!("{what} must be a finite number")
    })
}

/// Refuses an `x` that is not a finite number above 0, as [`finite`] does and then with
/// "`what` must be positive (got `x`)".
pub(crate) fn positive(field: &'static str, what: &str, x: f64) -> Result<(), ParamError> {
    finite(field, what, x)?;
    ensure(x > 0.0, field, || {
        format!(
            "{what} must be positive (got {})",
            number(x, Precision::Exact)
        )
    })
}

/// A model's parameters with the rules they must satisfy.
pub trait Checks: Clone {
    /// Checks every field; the first problem found is returned.
    fn check(&self) -> Result<(), ParamError>;

    /// The field the checks of the default parameters changed by `change` blame (panics when
    /// they still pass): `GeoParams::failing_field(|p| p.n = 0)` in a test.
    #[cfg(test)]
    fn failing_field(change: impl FnOnce(&mut Self)) -> &'static str
    where
        Self: Default,
    {
        let mut p = Self::default();
        change(&mut p);
        p.check().unwrap_err().field
    }
}

/// Parameters that passed their [`Checks`]: what the simulations and sweeps take. The fields
/// are read through `Deref`; a changed copy comes from [`Validated::with`], checked again.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Validated<P>(P);

impl<P: Checks> Validated<P> {
    /// `params`, if they pass their checks.
    pub fn new(params: P) -> Result<Self, ParamError> {
        params.check()?;
        Ok(Validated(params))
    }

    /// The validated parameters.
    pub fn params(&self) -> &P {
        &self.0
    }

    /// A copy with some fields changed, validated again.
    pub fn with(&self, change: impl FnOnce(&mut P)) -> Result<Self, ParamError> {
        let mut p = self.0.clone();
        change(&mut p);
        Validated::new(p)
    }
}

impl<P> std::ops::Deref for Validated<P> {
    type Target = P;
    fn deref(&self) -> &P {
        &self.0
    }
}
