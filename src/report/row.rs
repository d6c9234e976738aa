//! What the report layer knows of one model, as one row of the registry (`REPORTS`): how
//! its run result is built, how far its pictures step, which of its fields give an asked one
//! away, and what its maps sweep and show. Each model's report module implements
//! [`ModelReport`] for its parts, and [`row`] makes the model's row of it; the code that reads
//! rows (the report's `run`, `steps`, `secrecy` and `map`) has no
//! per-model `match`.
//!
//! Layer: the models' report modules and the registry table both import this; it imports
//! neither.

use super::map::catalog::{MapCatalogue, MapMetric, MapParam};
use super::{Detail, ModelRun, ReportError};
use crate::model::Progress;
use crate::model::registry::{ModelId, ModelParams, Scenario};

/// What the report layer knows of one model.
#[derive(Clone, Copy)]
pub struct ReportRow {
    /// The model.
    pub id: ModelId,
    /// Builds the run result of one of the model's scenarios at a detail.
    pub build: fn(&Scenario, Detail, &dyn Progress) -> Result<ModelRun, ReportError>,
    /// The most positions any view of the scenario's picture steps through, from a run with
    /// the parts the pictures step through (`steps::step_positions`).
    pub steps: fn(&Scenario, &dyn Progress) -> Result<usize, ReportError>,
    /// The model's secrecy relations (what `ModelRun::determines` reads).
    pub secrecy: Secrecy,
    /// What the model's maps sweep and show.
    pub map: MapCatalogue,
}

/// A model's own relations between its report fields, for [`ModelRun::determines`]: what a
/// question naming a field must hide besides the field itself and the figures of equal value.
#[derive(Clone, Copy)]
pub struct Secrecy {
    /// The fields that, shown, let a reader compute `field` on the run whose JSON is `run`.
    pub relations: fn(field: &str, run: &serde_json::Value) -> Vec<&'static str>,
    /// Numbers other than the answer `v` that give it away where a picture writes them.
    pub derived: fn(field: &str, v: f64) -> Vec<f64>,
    /// The fields whose values, written side by side in a text, give `field` away (T* and
    /// T_PY, "T* = 2077, T_PY = 4002", give their ratio): their values are masked by their
    /// digits in free text as the answer is.
    pub written_with: fn(field: &str) -> Vec<&'static str>,
    /// Whether the model's sweep plots draw `field` (or what computes it) at the instance's
    /// own parameter.
    pub plotted: fn(field: &str) -> bool,
    /// Whether `field` names a thing (an index: the PE a node runs on), not a value written
    /// anywhere.
    pub names_a_thing: fn(field: &str) -> bool,
    /// Rows of quantities of one kind (`bounds.*.value`: every lower bound) that a view lists
    /// beside the asked one: a row that equals the answer gives it away as an equal figure
    /// does, and is hidden by its key.
    pub compared: &'static [&'static str],
    /// The figures a run only knows at its end: "Hide the future" holds them back until the
    /// last step, with every figure [`Secrecy::computed`] from them.
    pub outcome: &'static [&'static str],
    /// Each figure computed from others, with those others (Brent's n/p + rounds with the
    /// rounds): whatever hides one of them — the future, an open question — hides it too.
    pub computed: &'static [(&'static str, &'static [&'static str])],
}

/// A model's report parts (its `Parts`) as a row's `build` needs them: implemented by
/// `model_parts!` from the parts' own `full` and `build`.
pub trait ModelParts: Default + Clone + Sized {
    /// The model's parameters.
    type Params: ModelParams;
    /// Every part the GUI shows.
    fn full_parts(params: &Self::Params) -> Self;
    /// The run result with these parts.
    fn run(self, params: &Self::Params, progress: &dyn Progress) -> Result<ModelRun, ReportError>;
}

/// Implements [`ModelParts`] for a model's `Parts` (its `full` and `build`), whose run is
/// the [`ModelRun`] variant `$variant`.
macro_rules! model_parts {
    ($params:ty => $variant:ident) => {
        impl $crate::report::row::ModelParts for Parts {
            type Params = $params;
            fn full_parts(params: &$params) -> Self {
                Parts::full(params)
            }
            fn run(
                self,
                params: &$params,
                progress: &dyn $crate::model::Progress,
            ) -> Result<$crate::report::ModelRun, $crate::report::ReportError> {
                self.build(params, progress)
                    .map($crate::report::ModelRun::$variant)
            }
        }
    };
}
pub(crate) use model_parts;

/// What the report layer knows of one model besides its run, implemented by the model's
/// report parts in the model's own module; [`row`] makes the model's registry row of it.
pub trait ModelReport: ModelParts {
    /// The most positions any view of the picture steps through.
    fn steps(params: &Self::Params, progress: &dyn Progress) -> Result<usize, ReportError>;
    /// [`Secrecy::relations`].
    fn relations(_field: &str, _run: &serde_json::Value) -> Vec<&'static str> {
        Vec::new()
    }
    /// [`Secrecy::derived`].
    fn derived(_field: &str, _v: f64) -> Vec<f64> {
        Vec::new()
    }
    /// [`Secrecy::written_with`].
    fn written_with(_field: &str) -> Vec<&'static str> {
        Vec::new()
    }
    /// [`Secrecy::plotted`].
    fn plotted(_field: &str) -> bool {
        false
    }
    /// [`Secrecy::names_a_thing`].
    fn names_a_thing(_field: &str) -> bool {
        false
    }
    /// [`Secrecy::compared`].
    const COMPARED: &'static [&'static str] = &[];
    /// [`Secrecy::outcome`].
    const OUTCOME: &'static [&'static str] = &[];
    /// [`Secrecy::computed`].
    const COMPUTED: &'static [(&'static str, &'static [&'static str])] = &[];
    /// The parameters a map can sweep.
    const MAP_PARAMS: &'static [MapParam];
    /// The metrics a map can show (the first is the default).
    const MAP_METRICS: &'static [MapMetric];
    /// A map cell's run's estimated share of the model's work budget (0 when the parameters
    /// are invalid); `fast`: whether the metric has a fast path.
    fn map_cost(params: &Self::Params, fast: bool) -> f64;
}

/// The registry row of the model whose report parts are `P`.
pub const fn row<P: ModelReport>() -> ReportRow {
    ReportRow {
        id: <P::Params as ModelParams>::MODEL,
        build: build::<P>,
        steps: steps::<P>,
        secrecy: Secrecy {
            relations: P::relations,
            derived: P::derived,
            written_with: P::written_with,
            plotted: P::plotted,
            names_a_thing: P::names_a_thing,
            compared: P::COMPARED,
            outcome: P::OUTCOME,
            computed: P::COMPUTED,
        },
        map: MapCatalogue {
            params: P::MAP_PARAMS,
            metrics: P::MAP_METRICS,
            cost: cost::<P>,
        },
    }
}

/// A row's `build`: the run of `s` with no parts ([`Detail::Summary`]) or every part.
fn build<P: ModelParts>(
    s: &Scenario,
    detail: Detail,
    progress: &dyn Progress,
) -> Result<ModelRun, ReportError> {
    let p = params::<P::Params>(s)?;
    detail.parts(|| P::full_parts(p)).run(p, progress)
}

/// A row's `steps`.
fn steps<P: ModelReport>(s: &Scenario, progress: &dyn Progress) -> Result<usize, ReportError> {
    P::steps(params(s)?, progress)
}

/// A row's map cost (0 for another model's scenario).
fn cost<P: ModelReport>(s: &Scenario, fast: bool) -> f64 {
    params(s).map_or(0.0, |p| P::map_cost(p, fast))
}

/// The typed parameters of `s`, which must be `P`'s model's scenario (a row is only handed
/// its own model's scenarios: the registry picks the row by `s.model()`).
pub fn params<P: ModelParams>(s: &Scenario) -> Result<&P, ReportError> {
    P::of(s).ok_or_else(|| {
        ReportError::invalid(
            "model",
            format!(
                "a {} scenario handed to the {} report",
                s.model_name(),
                P::MODEL.name()
            ),
        )
    })
}
