//! The report layer's row of each model: how a scenario's run result is built. One row per
//! model, in [`ModelId`] order, beside the model layer's [`crate::model::registry::MODELS`]
//! (what a model's 2-D maps sweep and show is `map::catalog::BY_MODEL`, in the same order).

use super::{Detail, ModelRun, ReportError, divisible, geodecay, ksbf, redistribute, treesweep};
use crate::model::Progress;
use crate::model::registry::{ModelId, ModelParams, Scenario};

/// Builds a scenario's run result at a detail.
pub type Build = fn(&Scenario, Detail, &dyn Progress) -> Result<ModelRun, ReportError>;

/// What the report layer knows of one model.
#[derive(Clone, Copy)]
pub struct ReportRow {
    /// The model.
    pub id: ModelId,
    /// Builds the run result of one of the model's scenarios.
    pub build: Build,
}

/// One row per model, in [`ModelId`] order (`REPORTS[m.index()].id == m`).
pub static REPORTS: [ReportRow; 5] = [
    ReportRow {
        id: ModelId::Divisible,
        build: |s, detail, progress| {
            let p = params(s)?;
            let parts = detail.parts(|| divisible::Parts::full(p));
            Ok(ModelRun::Divisible(parts.build(p, progress)?))
        },
    },
    ReportRow {
        id: ModelId::Geodecay,
        build: |s, detail, progress| {
            let p = params(s)?;
            let parts = detail.parts(|| geodecay::Parts::full(p));
            Ok(ModelRun::Geodecay(parts.build(p, progress)?))
        },
    },
    ReportRow {
        id: ModelId::TreeSweep,
        build: |s, detail, progress| {
            let p = params(s)?;
            let parts = detail.parts(|| treesweep::Parts::full(p));
            Ok(ModelRun::TreeSweep(parts.build(p, progress)?))
        },
    },
    ReportRow {
        id: ModelId::Ksbf,
        build: |s, detail, progress| {
            let p = params(s)?;
            let parts = detail.parts(|| ksbf::Parts::full(p));
            Ok(ModelRun::Ksbf(parts.build(p, progress)?))
        },
    },
    ReportRow {
        id: ModelId::Redistribute,
        build: |s, detail, progress| {
            let p = params(s)?;
            let parts = detail.parts(|| redistribute::Parts::full(p));
            Ok(ModelRun::Redistribute(parts.build(p, progress)?))
        },
    },
];

/// The report layer's row of a model.
pub fn row(model: ModelId) -> &'static ReportRow {
    &REPORTS[model.index()]
}

/// The typed parameters of `s`, which must be `P`'s model's scenario (a row is only handed
/// its own model's scenarios: [`super::run`] picks the row by `s.model()`).
fn params<P: ModelParams>(s: &Scenario) -> Result<&P, ReportError> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::NoProgress;
    use crate::model::registry::MODELS;

    #[test]
    fn one_row_per_model_in_order_and_each_builds_its_own_model() {
        assert_eq!(REPORTS.len(), MODELS.len());
        for (row, m) in REPORTS.iter().zip(ModelId::ALL) {
            assert_eq!(row.id, m);
            let own = m.default_scenario();
            let run = (row.build)(&own, Detail::Summary, &NoProgress).unwrap();
            assert_eq!(
                super::super::Render::json(&run),
                super::super::json(&own, &NoProgress).unwrap()
            );
            // Another model's scenario is refused with a message, not a panic.
            let other = ModelId::ALL[(m.index() + 1) % ModelId::ALL.len()].default_scenario();
            let e = (row.build)(&other, Detail::Summary, &NoProgress).unwrap_err();
            assert!(e.to_string().contains(m.name()), "{e}");
        }
    }
}
