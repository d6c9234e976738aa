//! Run results as documents, for the CLI and the GUI alike.
//!
//! Every model has a run result computed once from its parameters ([`run`]): the numbers,
//! bounds with their gaps, the paper's claims checked on the instance, the per-step data and
//! the sweeps behind the plots. It renders as JSON (the CLI's `--json`, field names kept
//! stable), as a [`Report`] document and from there as a text table or CSV. The GUI's
//! File ▸ Export CSV and `loadlab <model> --csv` print the same [`csv`] of the same scenario.
//!
//! Nothing here depends on egui or clap.

pub mod divisible;
mod doc;
pub mod format;
pub mod geodecay;
mod json;
pub mod keys;
pub mod ksbf;
pub mod map;
pub mod redistribute;
pub mod registry;
mod render;
pub mod row;
pub mod secrecy;
pub mod steps;
pub use render::{series_csv, table_csv};
pub mod treesweep;

pub use doc::{Cell, Content, Drawn, Figure, Report, Role, Section, Series, SeriesSet, Table};
pub use format::{csv_field, csv_number, text_number};
pub use json::field;
pub use secrecy::Giveaway;

use doc::cells;
#[allow(unused_imports)]
use json::{figures_json, json_f64, json_num, json_opt, legacy_sweep, object, serialized};

use crate::model::registry::{ModelId, Scenario};
use crate::model::{Cancelled, ParamError, Progress, Share};

/// Why a run result could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReportError {
    /// A parameter is invalid (`field` as in the model's params struct).
    #[error("{field}: {message}")]
    Invalid {
        /// Field name of the model's params (e.g. "beta", "algorithm").
        field: &'static str,
        /// The reason.
        message: String,
    },
    /// The caller cancelled the computation.
    #[error("cancelled")]
    Cancelled,
}

impl ReportError {
    /// An [`ReportError::Invalid`] for `field`.
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        ReportError::Invalid {
            field,
            message: message.into(),
        }
    }
}

impl From<ParamError> for ReportError {
    fn from(e: ParamError) -> Self {
        ReportError::Invalid {
            field: e.field,
            message: e.message,
        }
    }
}

impl From<Cancelled> for ReportError {
    fn from(_: Cancelled) -> Self {
        ReportError::Cancelled
    }
}

/// How much of a run to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Detail {
    /// The numbers only: what `loadlab eval PRESET` and the model subcommands print by
    /// default.
    #[default]
    Summary,
    /// Everything the GUI shows: numbers, schedules and per-step data, every plot's sweep.
    Full,
}

impl Detail {
    /// A model's optional parts at this detail: none for the summary, `full()` for the full
    /// run.
    pub fn parts<P: Default>(self, full: impl FnOnce() -> P) -> P {
        match self {
            Detail::Summary => P::default(),
            Detail::Full => full(),
        }
    }
}

/// A run result that renders: as one JSON object and as a document.
pub trait Render {
    /// The run as one JSON object (the CLI's `--json`, field names kept stable).
    fn json(&self) -> serde_json::Value;
    /// The run as a document (text and CSV).
    fn report(&self) -> Report;
}

/// The report layer's registry of models, one row per model in [`ModelId`] order: its
/// [`ModelRun`] variant (named as its [`ModelId`], holding the model's run result) and its
/// report parts, whose [`row::ModelReport`] makes the model's [`registry::REPORTS`] row.
/// Declares `ModelRun` with what every variant does alike, and `From` each model's run.
macro_rules! model_runs {
    ($($(#[$doc:meta])* $variant:ident($run:ty, $parts:ty)),* $(,)?) => {
        /// Each model's row of [`registry::REPORTS`], in [`ModelId`] order.
        const ROWS: &[row::ReportRow] = &[$(row::row::<$parts>()),*];

        /// One model's run result: a typed variant per model, which the views and tests
        /// destructure to reach the model's own data (its schedule, its trace).
        #[derive(Debug, Clone)]
        pub enum ModelRun {
            $($(#[$doc])* $variant($run)),*
        }

        impl ModelRun {
            /// The model whose run this is.
            pub fn model(&self) -> ModelId {
                match self {
                    $(ModelRun::$variant(_) => ModelId::$variant),*
                }
            }

            /// The model's own run result.
            fn inner(&self) -> &dyn Render {
                match self {
                    $(ModelRun::$variant(r) => r),*
                }
            }

            /// The run's figures: each number's field path with its plain-language name.
            pub fn figures(&self) -> Vec<Figure> {
                match self {
                    $(ModelRun::$variant(r) => r.figures()),*
                }
            }
        }

        $(impl From<$run> for ModelRun {
            fn from(r: $run) -> Self {
                ModelRun::$variant(r)
            }
        })*
    };
}

model_runs! {
    /// Divisible load.
    Divisible(divisible::Run, divisible::Parts),
    /// Geometric-decaying algorithms.
    Geodecay(geodecay::Run, geodecay::Parts),
    /// Tree sweeps.
    TreeSweep(treesweep::Run, treesweep::Parts),
    /// KS-BF on a ring.
    Ksbf(ksbf::Run, ksbf::Parts),
    /// Redistribution on a ring.
    Redistribute(redistribute::Run, redistribute::Parts),
}

impl Render for ModelRun {
    fn json(&self) -> serde_json::Value {
        self.inner().json()
    }

    fn report(&self) -> Report {
        self.inner().report()
    }
}

/// Computes the run result of a scenario.
pub fn run(
    scenario: &Scenario,
    detail: Detail,
    progress: &dyn Progress,
) -> Result<ModelRun, ReportError> {
    (registry::row(scenario.model()).build)(scenario, detail, progress)
}

/// What File ▸ Export CSV writes and `loadlab <model> … --csv` prints: the full run result of
/// the scenario (numbers, schedules, every plot's series) as CSV.
pub fn csv(scenario: &Scenario, progress: &dyn Progress) -> Result<String, ReportError> {
    Ok(document(scenario, progress)?.to_csv())
}

/// The full run result of the scenario as a document (what [`csv`] renders).
pub fn document(scenario: &Scenario, progress: &dyn Progress) -> Result<Report, ReportError> {
    Ok(run(scenario, Detail::Full, progress)?.report())
}

/// The plots of the scenario's full run: each plot section's name and its series, in the
/// order the CSV writes them (Compare A/B overlays these for two scenarios).
pub fn plots(
    scenario: &Scenario,
    progress: &dyn Progress,
) -> Result<Vec<(String, SeriesSet)>, ReportError> {
    let doc = document(scenario, progress)?;
    Ok(doc
        .plots()
        .map(|(name, set)| (name.to_string(), set.clone()))
        .collect())
}

/// The summary as readable text: what `loadlab eval PRESET` prints.
pub fn text(scenario: &Scenario, progress: &dyn Progress) -> Result<String, ReportError> {
    Ok(run(scenario, Detail::Summary, progress)?.report().to_text())
}

/// The summary as one JSON object: what `loadlab eval PRESET --json` prints.
pub fn json(
    scenario: &Scenario,
    progress: &dyn Progress,
) -> Result<serde_json::Value, ReportError> {
    Ok(run(scenario, Detail::Summary, progress)?.json())
}

/// The stages of a run's computation: `count` equal shares of the caller's progress, one per
/// optional part (or other long step), and the parts computed in them.
pub(crate) struct Stages<'a> {
    outer: &'a dyn Progress,
    count: usize,
}

impl<'a> Stages<'a> {
    /// `count` stages of `outer`.
    pub(crate) fn new(outer: &'a dyn Progress, count: usize) -> Self {
        Stages { outer, count }
    }

    /// The progress of stage `index`.
    pub(crate) fn stage(&self, index: usize) -> Share<'a> {
        let span = 1.0 / self.count.max(1) as f32;
        Share::new(self.outer, index as f32 * span, span)
    }

    /// An optional part: `compute` run on stage `index` when `wanted`, else `None`.
    pub(crate) fn part<T, E>(
        &self,
        index: usize,
        wanted: bool,
        compute: impl FnOnce(&Share<'a>) -> Result<T, E>,
    ) -> Result<Option<T>, ReportError>
    where
        ReportError: From<E>,
    {
        Ok(if wanted {
            Some(compute(&self.stage(index))?)
        } else {
            None
        })
    }

    /// Reports the whole computation done.
    pub(crate) fn done(&self) {
        self.outer.set(1.0);
    }
}
