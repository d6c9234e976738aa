//! The report layer's registry of models: one row per model ([`ReportRow`], made of the
//! model's own module's [`ModelReport`]), in [`ModelId`] order, beside the model layer's
//! [`crate::model::registry::MODELS`]. A new model's report adds its module and one line to
//! `model_runs!` in the report's `mod.rs` (its run result and its parts), which lists them.

use crate::model::registry::ModelId;

pub use super::row::{ModelReport, ReportRow, Secrecy};

/// One row per model, in [`ModelId`] order (`REPORTS[m.index()].id == m`).
pub static REPORTS: &[ReportRow] = super::ROWS;

/// The report layer's row of a model.
pub fn row(model: ModelId) -> &'static ReportRow {
    &REPORTS[model.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::NoProgress;
    use crate::model::registry::MODELS;
    use crate::report::Detail;

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
            // Its maps sweep something and show something.
            assert!(
                !row.map.params.is_empty() && !row.map.metrics.is_empty(),
                "{m:?}"
            );
        }
    }
}
