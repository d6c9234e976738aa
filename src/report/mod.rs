//! TEMPORARY placeholder until the report layer (branch cli-report) is merged.

use crate::model::Progress;
use crate::preset::Scenario;

/// Why a report could not be made.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ReportError(pub String);

/// The CSV of a scenario.
pub fn csv(_scenario: &Scenario, _progress: &dyn Progress) -> Result<String, ReportError> {
    Err(ReportError("not merged yet".into()))
}
