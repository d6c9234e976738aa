//! The flags of `loadlab treesweep`: optimal clustering of a tree sweep under delay τ (Gao,
//! Rosenberg & Sitaraman).

use super::{Checked, CommandError, Output, Reader, at_least_one, int, real, refused};
use crate::model::Progress;
use crate::model::treesweep::{Direction, TreeSweepParams, params};
use crate::report::ModelRun;
use crate::report::treesweep::Parts;

/// Largest n for which `--schedule` lists every node.
pub const SCHEDULE_N_MAX: u64 = 16;

/// Flags of `loadlab treesweep`.
#[derive(Debug, clap::Args)]
pub struct TreesweepArgs {
    #[arg(long, help = params::N.help, default_value = params::N.default, value_parser = int::<i128>, allow_hyphen_values = true)]
    pub n: i128,
    #[arg(long, help = params::TAU.help, default_value = params::TAU.default, value_parser = real, allow_hyphen_values = true)]
    pub tau: f64,
    /// Sweep direction.
    #[arg(long, value_enum, default_value_t = TreeSweepParams::default().direction)]
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
    pub fn params(&self) -> Result<TreeSweepParams, CommandError> {
        Ok(TreeSweepParams {
            n: at_least_one("n", "n (tree height)", self.n)?,
            tau: self.tau,
            direction: self.direction,
        })
    }

    /// The optional parts the output flags ask for.
    pub fn parts(&self) -> Parts {
        Parts {
            schedule: self.schedule,
            ..Parts::default()
        }
    }
}

/// The parameters checked before the run, and `--schedule`'s limit.
impl Checked for Parts {
    fn checked(
        &self,
        p: &TreeSweepParams,
        _: Reader,
        progress: &dyn Progress,
    ) -> Result<ModelRun, String> {
        p.validate().map_err(|e| refused(e.into()))?;
        schedule_listable(p, self)?;
        self.build(p, progress)
            .map(ModelRun::TreeSweep)
            .map_err(refused)
    }
}

/// Whether `--schedule` can list every node of the tree (2^n − 1 of them): `Err` says why not.
pub fn schedule_listable(p: &TreeSweepParams, parts: &Parts) -> Result<(), String> {
    if parts.schedule && p.n > SCHEDULE_N_MAX {
        return Err(format!(
            "--schedule: n = {} is too large to list every node (2^n − 1 of them); it needs n ≤ {SCHEDULE_N_MAX}",
            p.n
        ));
    }
    Ok(())
}
