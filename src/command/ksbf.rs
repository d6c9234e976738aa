//! The flags of `loadlab ksbf`: KS-BF load balancing of a growing tree or grid on a ring (Gao
//! & Rosenberg).

use super::{Checked, CommandError, Output, Reader, at_least_one, int, real, refused};
use crate::model::Progress;
use crate::model::ksbf::params::{N, P, SEED, SPAWN_PROB};
use crate::model::ksbf::{
    Balance, KsbfParams, RECORD_NODE_LIMIT, RECORD_SLOTS, Schedule, Shape, records,
};
use crate::report::ModelRun;
use crate::report::ksbf::Parts;

/// Flags of `loadlab ksbf`.
#[derive(Debug, clap::Args)]
pub struct KsbfArgs {
    /// Workload shape.
    #[arg(long, value_enum, default_value_t = KsbfParams::default().shape)]
    pub shape: Shape,
    #[arg(long, help = N.help, default_value = N.default, value_parser = int::<i128>, allow_hyphen_values = true)]
    pub n: i128,
    #[arg(long, help = P.help, default_value = P.default, value_parser = int::<i128>, allow_hyphen_values = true)]
    pub p: i128,
    #[arg(long, help = SEED.help, default_value = SEED.default, value_parser = int::<u64>, allow_hyphen_values = true)]
    pub seed: u64,
    #[arg(long, help = SPAWN_PROB.help, default_value = SPAWN_PROB.default, value_parser = real, allow_hyphen_values = true)]
    pub spawn_prob: f64,
    /// Balancing policy.
    #[arg(long, value_enum, default_value_t = KsbfParams::default().balance)]
    pub balance: Balance,
    /// Local scheduling.
    #[arg(long, value_enum, default_value_t = KsbfParams::default().schedule)]
    pub schedule: Schedule,
    /// Add every node's PE and step (small instances).
    #[arg(long)]
    pub assignments: bool,
    /// Output format.
    #[command(flatten)]
    pub out: Output,
}

impl KsbfArgs {
    /// The scenario these flags describe.
    pub fn params(&self) -> Result<KsbfParams, CommandError> {
        Ok(KsbfParams {
            shape: self.shape,
            n: at_least_one("n", "n", self.n)?,
            p: at_least_one("p", "p (ring size)", self.p)?,
            seed: self.seed,
            spawn_prob: self.spawn_prob,
            balance: self.balance,
            schedule: self.schedule,
        })
    }

    /// The optional parts the output flags ask for.
    pub fn parts(&self) -> Parts {
        Parts {
            assignments: self.assignments,
            ..Parts::default()
        }
    }
}

/// `--assignments` refused when the run keeps no records: on the CLI before it runs (valid
/// parameters first, so their own errors still come first), since [`records`] follows from
/// the parameters alone — `--shape grid --n 23000` was simulated for 3.4 s, then refused; a
/// lesson check words it with the run's node count.
impl Checked for Parts {
    fn checked(
        &self,
        p: &KsbfParams,
        reader: Reader,
        progress: &dyn Progress,
    ) -> Result<ModelRun, String> {
        if self.assignments && reader == Reader::Cli && p.validate().is_ok() && !records(p) {
            return Err(assignments_refused(p.max_nodes(), p.p));
        }
        let run = self.build(p, progress).map_err(refused)?;
        if self.assignments && run.outcome.trace.is_none() {
            return Err(match reader {
                Reader::Cli => assignments_refused(p.max_nodes(), p.p),
                Reader::Check => assignments_too_many(run.outcome.nodes),
            });
        }
        Ok(ModelRun::Ksbf(run))
    }
}

/// Why `--assignments` lists nothing: records are kept when the instance has at most
/// [`RECORD_NODE_LIMIT`] nodes (`nodes`: its largest possible count) and [`RECORD_SLOTS`]
/// node × PE slots; the message names the limit exceeded.
pub fn assignments_refused(nodes: u64, p: u32) -> String {
    let slots = nodes.saturating_mul(u64::from(p));
    if nodes > RECORD_NODE_LIMIT {
        format!(
            "--assignments: up to {nodes} nodes are too many to list (at most {RECORD_NODE_LIMIT} are recorded)"
        )
    } else {
        format!(
            "--assignments: up to {nodes} nodes on {p} PEs are too many to list ({slots} node × \
             PE slots, at most {RECORD_SLOTS} are recorded)"
        )
    }
}

/// Why `--assignments` lists nothing, as a lesson check says it: the run's `nodes` against
/// [`RECORD_NODE_LIMIT`].
pub fn assignments_too_many(nodes: u64) -> String {
    format!(
        "--assignments: {nodes} nodes are too many to list (at most {RECORD_NODE_LIMIT} are recorded)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_names_the_limit_that_was_exceeded() {
        let by_slots = assignments_refused(65_535, 257);
        assert!(
            by_slots.contains("16842495 node × PE slots, at most 16777216"),
            "{by_slots}"
        );
        assert!(!by_slots.contains("at most 65536"), "{by_slots}");
        let by_nodes = assignments_refused(70_000, 1);
        assert!(
            by_nodes.contains("70000 nodes are too many to list (at most 65536"),
            "{by_nodes}"
        );
    }

    /// The grid G_23000 (23000 · 23001 / 2 = 264 511 500 nodes) keeps no records: refused
    /// before it is simulated. The progress is already cancelled, so a run started would
    /// have ended "cancelled" instead.
    #[test]
    fn assignments_beyond_the_records_are_refused_before_the_run() {
        let grid = KsbfParams {
            shape: Shape::Grid,
            n: 23_000,
            p: 4096,
            ..KsbfParams::default()
        };
        let parts = Parts {
            assignments: true,
            ..Parts::default()
        };
        let stop = std::sync::atomic::AtomicBool::new(true);
        let progress = crate::model::FlagProgress(&stop);
        let e = parts.checked(&grid, Reader::Cli, &progress).unwrap_err();
        assert!(e.contains("264511500 nodes are too many to list"), "{e}");
    }
}
