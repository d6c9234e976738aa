//! Pure, deterministic models — one module per paper. Nothing here imports egui or eframe:
//! the CLI, the GUI and the tests all call the same functions.

/// Declares a model enum of unit variants and names each once for the CLI, JSON, presets'
/// messages and the GUI:
///
/// ```text
/// named! {
///     /// Doc.
///     #[derive(…)]
///     pub enum Ty {
///         /// Doc of the variant.
///         Variant => "name", "one-line help";
///         …
///     }
/// }
/// ```
///
/// gives the enum, `Ty::ALL` (every variant, in menu order), `name()` (the CLI and JSON name)
/// and `help()` (the description `--help` and the GUI's hovers show).
macro_rules! named {
    (
        $(#[$meta:meta])*
        pub enum $ty:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident => $name:literal, $help:literal;
            )+
        }
    ) => {
        $(#[$meta])*
        pub enum $ty {
            $(
                $(#[$vmeta])*
                $variant,
            )+
        }

        impl $ty {
            /// Every variant, in menu order.
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            /// Name used by the CLI and JSON.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }

            /// One-line description.
            pub fn help(self) -> &'static str {
                match self {
                    $($ty::$variant => $help,)+
                }
            }
        }

        impl $crate::model::Named for $ty {
            const VARIANTS: &'static [Self] = &<$ty>::ALL;
            fn name(self) -> &'static str {
                <$ty>::name(self)
            }
            fn help(self) -> &'static str {
                <$ty>::help(self)
            }
        }
    };
}

/// A model's parameter descriptors as a table: each row is a doc comment and
/// `NAME = descriptor;` (built with [`param::integer`], [`param::real`] or [`param::seed`] and
/// the builder methods), and becomes `pub const NAME: ParamSpec`. The rows are data, so they
/// stay as written: one line for what the descriptor is, one for its help.
macro_rules! param_specs {
    ($($(#[$doc:meta])* $name:ident = $spec:expr;)+) => {
        $($(#[$doc])* pub const $name: $crate::model::param::ParamSpec = $spec;)+
    };
}

/// A model enum named with `named!`: what generic menus and flags need of it.
pub trait Named: Copy + PartialEq + 'static {
    /// Every variant, in menu order.
    const VARIANTS: &'static [Self];
    /// Name used by the CLI and JSON.
    fn name(self) -> &'static str;
    /// One-line description.
    fn help(self) -> &'static str;
}

pub mod budget;
pub mod divisible;
pub mod errata;
pub mod exercise;
pub mod explain;
pub mod format;
pub mod geodecay;
pub mod ksbf;
pub mod map;
pub mod num;
pub mod param;
pub mod pseudocode;
pub mod redistribute;
pub mod registry;
pub mod stats;
pub mod treesweep;
pub mod words;

mod parallel;
mod validate;

pub(crate) use parallel::{par_map, try_par_map};
pub use validate::{Checks, ParamError, Validated};
pub(crate) use validate::{ensure, finite, param_error, positive};

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

/// One part's share of a longer computation's [`Progress`]: the part's fractions 0 … 1 are
/// `from` … `from + span` of the whole (a run's optional parts, a study's count then runs).
pub struct Share<'a> {
    outer: &'a dyn Progress,
    from: f32,
    span: f32,
}

impl<'a> Share<'a> {
    /// The part of `outer` from `from` to `from + span`.
    pub fn new(outer: &'a dyn Progress, from: f32, span: f32) -> Self {
        Share { outer, from, span }
    }
}

impl Progress for Share<'_> {
    fn set(&self, fraction: f32) {
        self.outer
            .set(self.from + self.span * fraction.clamp(0.0, 1.0));
    }

    fn cancelled(&self) -> bool {
        self.outer.cancelled()
    }
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

/// A [`Progress`] that records every fraction reported, in the order the reports arrive, and
/// is never cancelled (tests of what a computation reports).
#[cfg(test)]
#[derive(Default)]
pub(crate) struct SeenProgress(std::sync::Mutex<Vec<f32>>);

#[cfg(test)]
impl SeenProgress {
    /// The fractions reported so far.
    pub fn fractions(self) -> Vec<f32> {
        self.0.into_inner().unwrap()
    }
}

#[cfg(test)]
impl Progress for SeenProgress {
    fn set(&self, fraction: f32) {
        self.0.lock().unwrap().push(fraction);
    }
    fn cancelled(&self) -> bool {
        false
    }
}

/// Returned by a sweep that noticed [`Progress::cancelled`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cancelled")]
pub struct Cancelled;
