//! The flags of `loadlab geodecay`: when to load-balance a geometric-decaying algorithm (Gil &
//! Matias).

use clap::ValueEnum;

use super::{Checked, CommandError, Output, at_least_one, int, real};
use crate::model::geodecay::params::{ALPHA, C, ELL, ELL_LOG2_MAX, EVERY, N, P, SEED, SEEDS};
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
    #[arg(long, help = N.help, default_value = N.default, value_parser = int::<i128>, allow_hyphen_values = true)]
    pub n: i128,
    #[arg(long, help = P.help, default_value = P.default, value_parser = int::<i128>, allow_hyphen_values = true)]
    pub p: i128,
    #[arg(long, help = ALPHA.help, default_value = ALPHA.default, value_parser = real, allow_hyphen_values = true)]
    pub alpha: f64,
    #[arg(long, help = ELL.help, default_value = ELL.default, value_parser = real, allow_hyphen_values = true)]
    pub ell: f64,
    #[arg(long, help = C.help, default_value = C.default, value_parser = real, allow_hyphen_values = true)]
    pub c: f64,
    /// Policy.
    #[arg(long, value_enum, default_value_t = GeoParams::default().policy)]
    pub policy: Policy,
    #[arg(long, help = EVERY.help, default_value = EVERY.default, value_parser = int::<i128>, allow_hyphen_values = true)]
    pub every: i128,
    /// Decay model.
    #[arg(long, value_enum, default_value_t = GeoParams::default().decay)]
    pub decay: Decay,
    /// Which tasks survive a round when nothing is rebalanced.
    #[arg(long, value_enum, default_value_t = GeoParams::default().survivors)]
    pub survivors: Survivors,
    #[arg(long, help = SEED.help, default_value = SEED.default, value_parser = int::<u64>, allow_hyphen_values = true)]
    pub seed: u64,
    /// Also print a sweep. The sweep's runs and the run itself share the budget of
    /// 2.5·10^9 processor-rounds (about 10 s).
    #[arg(long, value_enum)]
    pub sweep: Option<Sweep>,
    #[arg(long, help = ELL_LOG2_MAX.help, default_value = ELL_LOG2_MAX.default, value_parser = int::<u32>, allow_hyphen_values = true)]
    pub ell_log2_max: u32,
    #[arg(long, help = SEEDS.help, default_value = SEEDS.default, value_parser = int::<u32>, allow_hyphen_values = true)]
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
    pub fn params(&self) -> Result<GeoParams, CommandError> {
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

impl Checked for Parts {}
