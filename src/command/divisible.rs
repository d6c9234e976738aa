//! The flags of `loadlab divisible`: Li's methods ℂ, ℙ, ℚ on a complete b-ary tree or a
//! pyramid.

use clap::ValueEnum;

use super::{Checked, CommandError, Output, int, parse_range, real};
use crate::model::divisible::sweep::BETA_POINTS;
use crate::model::divisible::{AlgorithmChoice, DivisibleParams, Network, params};
use crate::report::divisible::Parts;

/// What `--sweep` adds to the text and JSON output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Sweep {
    /// h = 0..=--h-max at the given b, β.
    H,
    /// β log-spaced over --beta-range at the given h.
    Beta,
}

/// Flags of `loadlab divisible`.
#[derive(Debug, clap::Args)]
pub struct DivisibleArgs {
    /// Network: complete b-ary tree or pyramid.
    #[arg(long, value_enum, default_value_t = DivisibleParams::default().network)]
    pub network: Network,
    #[arg(long, help = params::B.help, default_value = params::B.default, value_parser = int::<i64>, allow_hyphen_values = true)]
    pub b: i64,
    #[arg(long, help = params::H.help, default_value = params::H.default, value_parser = int::<i64>, allow_hyphen_values = true)]
    pub h: i64,
    #[arg(long, help = params::BETA.help, default_value = params::BETA.default, value_parser = real, allow_hyphen_values = true)]
    pub beta: f64,
    /// Method(s) to run.
    #[arg(long, value_enum, default_value_t = DivisibleParams::default().algorithm)]
    pub algorithm: AlgorithmChoice,
    /// Also print a sweep (simulated and closed-form T_N of C, P, Q at each point).
    #[arg(long, value_enum)]
    pub sweep: Option<Sweep>,
    #[arg(long, help = params::SWEEP_H.help, default_value = params::SWEEP_H.default, value_parser = int::<i64>, allow_hyphen_values = true)]
    pub h_max: i64,
    #[arg(long, help = params::SWEEP_BETA.help, value_name = "LO,HI", default_value = params::SWEEP_BETA.default, value_parser = parse_range, allow_hyphen_values = true)]
    pub beta_range: (f64, f64),
    /// Number of points of the β sweep, at least 2 (--csv always has the GUI's 61). Limit:
    /// about 1.4·10^5 points (1 GB at 7 kB per printed point; the work limit of 10^10 fragment
    /// events, about 10 s, allows more).
    #[arg(long, allow_negative_numbers = true, default_value_t = BETA_POINTS, value_parser = int::<usize>, conflicts_with = "csv")]
    pub beta_points: usize,
    /// Also print the simulated schedule of each method (every interval of every level).
    #[arg(long)]
    pub timeline: bool,
    /// Output format.
    #[command(flatten)]
    pub out: Output,
}

impl DivisibleArgs {
    /// The scenario these flags describe (every value the flags take gives one).
    pub fn params(&self) -> Result<DivisibleParams, CommandError> {
        Ok(DivisibleParams {
            network: self.network,
            b: self.b,
            h: self.h,
            beta: self.beta,
            algorithm: self.algorithm,
            sweep_h_max: self.h_max,
            sweep_beta: self.beta_range,
        })
    }

    /// The optional parts the output flags ask for.
    pub fn parts(&self) -> Parts {
        Parts {
            h_sweep: self.sweep == Some(Sweep::H),
            beta_sweep: self.sweep == Some(Sweep::Beta),
            beta_points: self.beta_points,
            timelines: self.timeline,
        }
    }
}

impl Checked for Parts {}
