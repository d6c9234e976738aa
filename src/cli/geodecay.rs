//! `loadlab geodecay`: when to load-balance a geometric-decaying algorithm (Gil & Matias).

use serde_json::json;

use super::shard::{self, Shard};
use super::{CliError, model_output, planned_output};
use crate::command::ModelArgs;
use crate::command::geodecay::{GeodecayArgs, Sweep};
use crate::model::NoProgress;
use crate::model::geodecay::Policy;
use crate::model::geodecay::params::BUDGET;
use crate::model::geodecay::seed_times;
use crate::model::geodecay::sweep::seed_spread_cost;
use crate::report::ReportError;

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

/// Runs `loadlab geodecay` (or a part of its seed study with `--shard`).
pub fn execute(c: &GeodecayCommand) -> Result<String, CliError> {
    let a = &c.args;
    if let Some(s) = c.shard {
        return seed_part(a, s);
    }
    planned_output(a.out, a.planned()?)
}

/// The seed study's runs of shard `s`: `{"offset", "times_text"}` per seed offset owned, the
/// times (one per main policy) as Rust's shortest text, which reads back exactly.
fn seed_part(a: &GeodecayArgs, s: Shard) -> Result<String, CliError> {
    if a.sweep != Some(Sweep::Seeds) {
        return Err(CliError(
            "--shard: only the seed study shards (--sweep seeds, text or --json)".into(),
        ));
    }
    if a.out.csv {
        return Err(CliError(
            "--shard: the seed study's parts are text or --json, not --csv (the CSV comes from \
             the whole run, without --shard)"
                .into(),
        ));
    }
    let params = a.params()?;
    let v = params.validate().map_err(ReportError::from)?;
    let offsets: Vec<u32> = (0..params.seeds.max(1))
        .filter(|&o| s.owns(u64::from(o)))
        .collect();
    let cost = seed_spread_cost(&v, offsets.len() as u32, Policy::MAIN.len());
    let what = format!(
        "{} of the seed study",
        crate::model::words::count(offsets.len(), "seed")
    );
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
