//! `loadlab geodecay`: when to load-balance a geometric-decaying algorithm (Gil & Matias).

use clap::ValueEnum;

use super::{CliError, Output, at_least_one, int, model_output, real};
use crate::model::NoProgress;
use crate::model::geodecay::{Decay, GeoParams, Policy, Survivors};
use crate::report::geodecay::Parts;

/// What `--sweep` adds to the text and JSON output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Sweep {
    /// ℓ = 2^1 … 2^(--ell-log2-max) for never, standard and improved.
    Ell,
    /// p = 2^0 … up to n, for never, standard and improved.
    P,
    /// --seeds runs with consecutive seeds (randomized mode): min/median/max time per policy.
    Seeds,
}

/// Flags of `loadlab geodecay`.
#[derive(Debug, clap::Args)]
pub struct GeodecayArgs {
    /// Initial number of tasks n ≥ 1 (accepts 1e9 or 2^30).
    #[arg(long, default_value = "2^20", value_parser = int::<i128>, allow_hyphen_values = true)]
    pub n: i128,
    /// Processors p ≥ 1 (accepts 1e4 or 2^10), up to 2^40, or 10^7 with random survivors,
    /// which touch every processor every round: a run may take at most 2.5·10^9
    /// processor-rounds (about 10 s), e.g. p ≤ 10^5 for n = 2^20, α = 0.001.
    #[arg(long, default_value = "2^10", value_parser = int::<i128>, allow_hyphen_values = true)]
    pub p: i128,
    /// Decay rate α ≥ 0.001: w_r ≤ n·2^(−αr); a run has about lg(n)/α rounds.
    #[arg(long, default_value_t = 1.0, value_parser = real, allow_hyphen_values = true)]
    pub alpha: f64,
    /// Load-balancing cost ℓ ≥ 0, in task-operation time units (accepts 2^64).
    #[arg(long, default_value = "20", value_parser = real, allow_hyphen_values = true)]
    pub ell: f64,
    /// Constant c of "O(p) tasks remain" (standard policy stops at c·p tasks).
    #[arg(long, default_value_t = 1.0, value_parser = real, allow_hyphen_values = true)]
    pub c: f64,
    /// Policy.
    #[arg(long, value_enum, default_value = "improved")]
    pub policy: Policy,
    /// k of the every-k policy.
    #[arg(long, default_value_t = 2, value_parser = int::<i128>, allow_hyphen_values = true)]
    pub every: i128,
    /// Decay model.
    #[arg(long, value_enum, default_value = "deterministic")]
    pub decay: Decay,
    /// Which tasks survive a round when nothing is rebalanced.
    #[arg(long, value_enum, default_value = "adversarial")]
    pub survivors: Survivors,
    /// Seed of the random parts.
    #[arg(long, default_value_t = 1, value_parser = int::<u64>, allow_hyphen_values = true)]
    pub seed: u64,
    /// Also print a sweep. The sweep's runs and the run itself share the budget of
    /// 2.5·10^9 processor-rounds (about 10 s).
    #[arg(long, value_enum)]
    pub sweep: Option<Sweep>,
    /// Last exponent of the ℓ sweep.
    #[arg(long, default_value_t = 64, value_parser = int::<u32>, allow_hyphen_values = true)]
    pub ell_log2_max: u32,
    /// Number of seeds of the seed spread (1 to 100 000; each seed runs the 3 main policies,
    /// within the budget of --sweep).
    #[arg(long, default_value_t = 20, value_parser = int::<u32>, allow_hyphen_values = true)]
    pub seeds: u32,
    /// Also print every round (tasks, max/mean/min load, balancing, phase).
    #[arg(long)]
    pub trace: bool,
    /// Output format.
    #[command(flatten)]
    pub out: Output,
}

impl GeodecayArgs {
    /// The scenario these flags describe (counts checked here, where they are still signed).
    pub fn params(&self) -> Result<GeoParams, CliError> {
        Ok(GeoParams {
            n: at_least_one("n", "n (initial tasks)", self.n)?,
            p: at_least_one("p", "p (processors)", self.p)?,
            alpha: self.alpha,
            ell: self.ell,
            c: self.c,
            policy: self.policy,
            every: at_least_one("every", "k", self.every)?,
            decay: self.decay,
            survivors: self.survivors,
            seed: self.seed,
            ell_log2_max: self.ell_log2_max,
            seeds: self.seeds,
        })
    }

    /// The optional parts the output flags ask for.
    pub fn parts(&self) -> Parts {
        Parts {
            policies: false,
            trace: self.trace,
            ell_sweep: self.sweep == Some(Sweep::Ell),
            p_sweep: self.sweep == Some(Sweep::P),
            seed_spread: self.sweep == Some(Sweep::Seeds),
        }
    }
}

/// Runs `loadlab geodecay`.
pub fn execute(a: &GeodecayArgs) -> Result<String, CliError> {
    model_output(a.out, a.params()?, |p| a.parts().build(p, &NoProgress))
}
