//! `loadlab treesweep`: optimal clustering of a tree sweep under delay τ (Gao, Rosenberg &
//! Sitaraman).

use super::{CliError, Output, at_least_one, int, model_output, real};
use crate::model::NoProgress;
use crate::model::treesweep::{Direction, TreeSweepParams, params};
use crate::report::treesweep::Parts;

/// Largest n for which `--schedule` lists every node.
pub const SCHEDULE_N_MAX: u64 = 16;

/// Flags of `loadlab treesweep`.
#[derive(Debug, clap::Args)]
pub struct TreesweepArgs {
    #[arg(long, help = params::N.help, default_value_t = 12, value_parser = int::<i128>, allow_hyphen_values = true)]
    pub n: i128,
    #[arg(long, help = params::TAU.help, default_value = "128", value_parser = real, allow_hyphen_values = true)]
    pub tau: f64,
    /// Sweep direction.
    #[arg(long, value_enum, default_value = "up")]
    pub direction: Direction,
    /// Add the optimal schedule of every node (n ≤ 16): heap number, processor, start time.
    #[arg(long)]
    pub schedule: bool,
    /// Output format.
    #[command(flatten)]
    pub out: Output,
}

impl TreesweepArgs {
    /// The instance these flags describe.
    pub fn params(&self) -> Result<TreeSweepParams, CliError> {
        Ok(TreeSweepParams {
            n: at_least_one("n", "n (tree height)", self.n)?,
            tau: self.tau,
            direction: self.direction,
        })
    }
}

/// Runs `loadlab treesweep`.
pub fn execute(a: &TreesweepArgs) -> Result<String, CliError> {
    model_output(a.out, a.params()?, |params| {
        params
            .validate()
            .map_err(crate::report::ReportError::from)?;
        if a.schedule && params.n > SCHEDULE_N_MAX {
            return Err(CliError(format!(
                "--schedule: n = {} is too large to list every node (2^n − 1 of them); it needs n ≤ {SCHEDULE_N_MAX}",
                params.n
            )));
        }
        let parts = Parts {
            schedule: a.schedule,
            ..Parts::default()
        };
        Ok(parts.build(params, &NoProgress)?)
    })
}
