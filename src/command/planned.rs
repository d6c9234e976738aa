//! How a planned run is made: the report's run with the CLI's output checks that every reader
//! of a command applies, worded for its reader. ([`super::Planned`] itself, one variant per
//! model, is declared with the model commands.)

use super::{CommandError, Planned};
use crate::model::Progress;
use crate::report::ModelRun;
use crate::report::row::ModelParts;

/// Who reads a refused run's reason: the CLI names the record limit exceeded and the
/// instance's largest node count; a lesson check, as it always has, the run's node count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// `loadlab <model> …`.
    Cli,
    /// A lesson check, an errata evidence run, a quiz question.
    Check,
}

/// A model's run as a command makes it: the report's run with the model's output checks
/// (errors name the flag: `--h: …`). Each model's command module implements it for its
/// report parts; most keep the plain run.
pub trait Checked: ModelParts {
    /// The run of `params` with these parts, checked; refusals worded for `reader`.
    fn checked(
        &self,
        params: &Self::Params,
        reader: Reader,
        progress: &dyn Progress,
    ) -> Result<ModelRun, String> {
        let _ = reader;
        self.clone().run(params, progress).map_err(refused)
    }
}

/// A report error as a command words it (`--flag: message`).
pub fn refused(e: crate::report::ReportError) -> String {
    CommandError::from(e).to_string()
}

impl Planned {
    /// Computes the run result in-process, with the CLI's output checks, worded as a lesson
    /// check words them (errors name the flag: `--h: …`).
    pub fn run(&self, progress: &dyn Progress) -> Result<ModelRun, String> {
        self.run_for(Reader::Check, progress)
    }
}
