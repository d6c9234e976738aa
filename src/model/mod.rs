//! Pure, deterministic models — one module per paper. Nothing here imports egui or eframe:
//! the CLI, the GUI and the tests all call the same functions.

pub mod divisible;
pub mod geodecay;
pub mod ksbf;
pub mod num;
pub mod redistribute;
pub mod treesweep;

use std::sync::atomic::{AtomicBool, Ordering};

/// Progress sink and cancellation flag handed to long computations (sweeps).
///
/// The model only reports a fraction in `0..=1` and polls [`Progress::cancelled`]; the
/// `jobs` module implements it for background threads, [`NoProgress`] for plain calls.
pub trait Progress: Sync {
    /// Reports the fraction of the work done, in `0..=1`.
    fn set(&self, fraction: f32);
    /// True once the caller no longer wants the result.
    fn cancelled(&self) -> bool;
}

/// A [`Progress`] that ignores progress and is never cancelled.
pub struct NoProgress;

impl Progress for NoProgress {
    fn set(&self, _fraction: f32) {}
    fn cancelled(&self) -> bool {
        false
    }
}

/// A [`Progress`] backed by a plain flag (used by tests and benchmarks).
pub struct FlagProgress<'a>(pub &'a AtomicBool);

impl Progress for FlagProgress<'_> {
    fn set(&self, _fraction: f32) {}
    fn cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

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

/// Returned by a sweep that noticed [`Progress::cancelled`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cancelled")]
pub struct Cancelled;
