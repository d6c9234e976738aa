//! `loadlab geodecay`: when to load-balance a geometric-decaying algorithm (Gil & Matias).

use clap::ValueEnum;

use serde_json::json;

use super::shard::{self, Shard};
use super::{CliError, Output, at_least_one, int, model_output, real};
use crate::model::NoProgress;
use crate::model::geodecay::params::BUDGET;
use crate::model::geodecay::params::{ALPHA, C, ELL, ELL_LOG2_MAX, EVERY, N, P, SEED, SEEDS};
use crate::model::geodecay::seed_times;
use crate::model::geodecay::sweep::seed_spread_cost;
use crate::model::geodecay::{Decay, GeoParams, Policy, Survivors};
use crate::report::ReportError;
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
    #[arg(long, help = N.help, default_value = "2^20", value_parser = int::<i128>, allow_hyphen_values = true)]
    pub n: i128,
    #[arg(long, help = P.help, default_value = "2^10", value_parser = int::<i128>, allow_hyphen_values = true)]
    pub p: i128,
    #[arg(long, help = ALPHA.help, default_value_t = 1.0, value_parser = real, allow_hyphen_values = true)]
    pub alpha: f64,
    #[arg(long, help = ELL.help, default_value = "20", value_parser = real, allow_hyphen_values = true)]
    pub ell: f64,
    #[arg(long, help = C.help, default_value_t = 1.0, value_parser = real, allow_hyphen_values = true)]
    pub c: f64,
    /// Policy.
    #[arg(long, value_enum, default_value = "improved")]
    pub policy: Policy,
    #[arg(long, help = EVERY.help, default_value_t = 2, value_parser = int::<i128>, allow_hyphen_values = true)]
    pub every: i128,
    /// Decay model.
    #[arg(long, value_enum, default_value = "deterministic")]
    pub decay: Decay,
    /// Which tasks survive a round when nothing is rebalanced.
    #[arg(long, value_enum, default_value = "adversarial")]
    pub survivors: Survivors,
    #[arg(long, help = SEED.help, default_value_t = 1, value_parser = int::<u64>, allow_hyphen_values = true)]
    pub seed: u64,
    /// Also print a sweep. The sweep's runs and the run itself share the budget of
    /// 2.5·10^9 processor-rounds (about 10 s).
    #[arg(long, value_enum)]
    pub sweep: Option<Sweep>,
    #[arg(long, help = ELL_LOG2_MAX.help, default_value_t = 64, value_parser = int::<u32>, allow_hyphen_values = true)]
    pub ell_log2_max: u32,
    #[arg(long, help = SEEDS.help, default_value_t = 20, value_parser = int::<u32>, allow_hyphen_values = true)]
    pub seeds: u32,
    /// Also print every round (tasks, max/mean/min load, balancing, phase).
    #[arg(long)]
    pub trace: bool,
    /// Output format.
    #[command(flatten)]
    pub out: Output,
}

/// `loadlab geodecay`: the scenario's flags and `--shard` (not part of [`GeodecayArgs`], which
/// `map` and `exercise` embed beside their own flags).
#[derive(Debug, clap::Args)]
pub struct GeodecayCommand {
    /// The scenario and output flags.
    #[command(flatten)]
    pub args: GeodecayArgs,
    /// With `--sweep seeds`: run only the seeds s (offsets 0 … seeds − 1) with s mod k = i − 1
    /// and print them as a part for `loadlab merge`.
    #[arg(long, value_parser = Shard::parse)]
    pub shard: Option<Shard>,
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

/// Runs `loadlab geodecay` (or a part of its seed study with `--shard`).
pub fn execute(c: &GeodecayCommand) -> Result<String, CliError> {
    let a = &c.args;
    if let Some(s) = c.shard {
        return seed_part(a, s);
    }
    model_output(a.out, a.params()?, |p| a.parts().build(p, &NoProgress))
}

/// The seed study's runs of shard `s`: `{"offset", "times_text"}` per seed offset owned, the
/// times (one per main policy) as Rust's shortest text, which reads back exactly.
fn seed_part(a: &GeodecayArgs, s: Shard) -> Result<String, CliError> {
    if a.sweep != Some(Sweep::Seeds) || a.out.csv {
        return Err(CliError(
            "--shard: only the seed study shards (--sweep seeds, text or --json)".into(),
        ));
    }
    let params = a.params()?;
    let v = params.validate().map_err(ReportError::from)?;
    let offsets: Vec<u32> = (0..params.seeds.max(1))
        .filter(|&o| s.owns(u64::from(o)))
        .collect();
    let cost = seed_spread_cost(&v, offsets.len() as u32, Policy::MAIN.len());
    let what = format!("{} seeds of the seed study", offsets.len());
    BUDGET
        .check("seeds", &what, cost)
        .map_err(ReportError::from)?;
    let times = seed_times(&v, &offsets, &Policy::MAIN, &NoProgress)
        .map_err(|_| CliError("cancelled".into()))?;
    let results = offsets
        .iter()
        .zip(times)
        .map(|(o, t)| {
            let text: Vec<String> = t.iter().map(|x| x.to_string()).collect();
            json!({"offset": o, "times_text": text})
        })
        .collect();
    Ok(shard::part(s, results))
}

/// Joins the parts of a sharded seed study into the whole run's output.
pub fn merge(c: &GeodecayCommand, results: &[shard::Owned]) -> Result<String, CliError> {
    let a = &c.args;
    let params = a.params()?;
    let seeds = params.seeds.max(1) as usize;
    let mut times: Vec<Option<Vec<f64>>> = vec![None; seeds];
    let mut seen = vec![false; seeds];
    for (s, r) in results {
        let offset = r["offset"].as_u64().map(|o| o as usize);
        if let Some(o) = offset.filter(|&o| o < seeds) {
            shard::claim(*s, o as u64, seeds as u64, &mut seen)?;
        }
        let t: Option<Vec<f64>> = r["times_text"].as_array().and_then(|v| {
            v.iter()
                .map(|x| x.as_str().and_then(|t| t.parse::<f64>().ok()))
                .collect()
        });
        match (offset, t) {
            (Some(o), Some(t)) if o < seeds && t.len() == Policy::MAIN.len() => {
                if times[o].replace(t).is_some() {
                    return Err(CliError(format!("the parts hold seed offset {o} twice")));
                }
            }
            _ => return Err(CliError("a part's seed run is malformed".into())),
        }
    }
    let times: Vec<Vec<f64>> = times
        .into_iter()
        .enumerate()
        .map(|(o, t)| t.ok_or_else(|| CliError(format!("no part holds seed offset {o}"))))
        .collect::<Result<_, _>>()?;
    let mut a_whole = a.parts();
    a_whole.seed_spread = true;
    model_output(a.out, params, |p| {
        a_whole.build_with(p, Some(times), &NoProgress)
    })
}
