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
pub mod geodecay;
pub mod ksbf;
pub mod redistribute;
mod render;
pub mod treesweep;

pub use doc::{Cell, Content, Report, Section, Series, SeriesSet, Table};
pub use render::{csv_field, csv_number, text_number};

use crate::model::{Cancelled, ParamError, Progress};
use crate::preset::Scenario;

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

/// One model's run result.
#[derive(Debug, Clone)]
pub enum ModelRun {
    /// Divisible load.
    Divisible(divisible::Run),
    /// Geometric-decaying algorithms.
    Geodecay(geodecay::Run),
    /// Tree sweeps.
    TreeSweep(treesweep::Run),
    /// KS-BF on a ring.
    Ksbf(ksbf::Run),
    /// Redistribution on a ring.
    Redistribute(redistribute::Run),
}

impl ModelRun {
    /// The run as one JSON object (the CLI's `--json`).
    pub fn json(&self) -> serde_json::Value {
        match self {
            ModelRun::Divisible(r) => r.json(),
            ModelRun::Geodecay(r) => r.json(),
            ModelRun::TreeSweep(r) => r.json(),
            ModelRun::Ksbf(r) => r.json(),
            ModelRun::Redistribute(r) => r.json(),
        }
    }

    /// The run as a document.
    pub fn report(&self) -> Report {
        match self {
            ModelRun::Divisible(r) => r.report(),
            ModelRun::Geodecay(r) => r.report(),
            ModelRun::TreeSweep(r) => r.report(),
            ModelRun::Ksbf(r) => r.report(),
            ModelRun::Redistribute(r) => r.report(),
        }
    }
}

/// Computes the run result of a scenario.
pub fn run(
    scenario: &Scenario,
    detail: Detail,
    progress: &dyn Progress,
) -> Result<ModelRun, ReportError> {
    Ok(match scenario {
        Scenario::Divisible(p) => ModelRun::Divisible(divisible::build(
            p,
            &divisible::Parts::of(detail),
            progress,
        )?),
        Scenario::Geodecay(p) => ModelRun::Geodecay(geodecay::build(
            p,
            &geodecay::Parts::of(detail, p),
            progress,
        )?),
        Scenario::TreeSweep(p) => ModelRun::TreeSweep(treesweep::build(
            p,
            &treesweep::Parts::of(detail, p),
            progress,
        )?),
        Scenario::Ksbf(p) => ModelRun::Ksbf(ksbf::build(p, &ksbf::Parts::of(detail, p), progress)?),
        Scenario::Redistribute(p) => ModelRun::Redistribute(redistribute::build(
            p,
            &redistribute::Parts::of(detail),
            progress,
        )?),
    })
}

/// What File ▸ Export CSV writes and `loadlab <model> … --csv` prints: the full run result of
/// the scenario (numbers, schedules, every plot's series) as CSV.
pub fn csv(scenario: &Scenario, progress: &dyn Progress) -> Result<String, ReportError> {
    Ok(run(scenario, Detail::Full, progress)?.report().to_csv())
}

/// The full run result of the scenario as a document (what [`csv`] renders).
pub fn document(scenario: &Scenario, progress: &dyn Progress) -> Result<Report, ReportError> {
    Ok(run(scenario, Detail::Full, progress)?.report())
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

/// A [`Progress`] for one of `count` equal stages of a longer computation.
pub(crate) struct Stage<'a> {
    outer: &'a dyn Progress,
    from: f32,
    span: f32,
}

impl<'a> Stage<'a> {
    /// Stage `index` of `count`.
    pub(crate) fn new(outer: &'a dyn Progress, index: usize, count: usize) -> Self {
        let span = 1.0 / count.max(1) as f32;
        Stage {
            outer,
            from: index as f32 * span,
            span,
        }
    }
}

impl Progress for Stage<'_> {
    fn set(&self, fraction: f32) {
        self.outer
            .set(self.from + self.span * fraction.clamp(0.0, 1.0));
    }

    fn cancelled(&self) -> bool {
        self.outer.cancelled()
    }
}

/// A JSON number, with integral values written as integers (`4`, not `4.0`) and non-finite
/// values as `null`.
pub(crate) fn json_num(x: f64) -> serde_json::Value {
    if x.fract() == 0.0 && x.abs() < 9e15 {
        serde_json::Value::from(x as i64)
    } else {
        serde_json::Number::from_f64(x).map_or(serde_json::Value::Null, serde_json::Value::Number)
    }
}

/// A JSON number kept as a float (`100.0`), or `null` when not finite.
pub(crate) fn json_f64(x: f64) -> serde_json::Value {
    serde_json::Number::from_f64(x).map_or(serde_json::Value::Null, serde_json::Value::Number)
}

/// A JSON float as in [`json_f64`], or `null`.
pub(crate) fn json_opt(x: Option<f64>) -> serde_json::Value {
    x.map_or(serde_json::Value::Null, json_f64)
}

/// Inserts `value` under the legacy key `sweep` as well when it is the only sweep computed.
pub(crate) fn legacy_sweep(
    obj: &mut serde_json::Map<String, serde_json::Value>,
    sweeps: Vec<(&str, serde_json::Value)>,
) {
    if sweeps.len() == 1 {
        obj.insert("sweep".into(), sweeps[0].1.clone());
    }
    for (k, v) in sweeps {
        obj.insert(k.into(), v);
    }
}
