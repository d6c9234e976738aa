//! `loadlab gaps redistribute --against METHOD --seed S [--budget N] [--json] [--shard i/k]`:
//! the seeded search for small rings where a method of the paper is farthest from the exact
//! optimum ([`crate::model::redistribute::gaps`]). JSON:
//! `{"against", "seed", "budget", "instances": [{"ratio", "exact", "other", "restart", "n",
//! "command": [...]}]}`, largest ratio first; `command` reruns the ring with
//! `--algorithm exact`.

use std::fmt::Write as _;

use clap::builder::PossibleValue;
use clap::{Args, Subcommand, ValueEnum};
use serde_json::{Value, json};

use super::shard::{self, Shard};
use super::{CliError, int};
use crate::model::redistribute::gaps::{
    Against, COST_MAX, DELTA_MAX, Gap, GapSearch, N_MAX, Names, Space, command,
};

impl ValueEnum for Against {
    fn value_variants<'a>() -> &'a [Self] {
        &Against::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.help()))
    }
}

/// Flags of `loadlab gaps`.
#[derive(Debug, Args)]
pub struct GapsArgs {
    /// The model searched.
    #[command(subcommand)]
    pub model: GapsModel,
}

/// The models with a gap search.
#[derive(Debug, Subcommand)]
pub enum GapsModel {
    /// Rings (by default 3 to 5 processors, |δ_k| ≤ 3, costs 1 to 4) where a method is farthest from the
    /// exact optimum; every ring's schedules replayed by the checker.
    Redistribute(RingGapsArgs),
}

/// Flags of `loadlab gaps redistribute`.
#[derive(Debug, Args)]
pub struct RingGapsArgs {
    /// The method compared with the exact optimum.
    #[arg(long, value_enum)]
    pub against: Against,
    /// Seed of the search.
    #[arg(long, allow_negative_numbers = true, default_value = "1", value_parser = int::<u64>)]
    pub seed: u64,
    /// Exact solves in all (restarts of about 25 local moves; against system6-bound one per
    /// restart, after 200 cheap moves towards rings System 6 binds tightly: try
    /// `--max-delta 4`), 1 to 100 000 (about 0.05 s each on the default rings, more on larger
    /// rings, |δ| and costs: a search over 10 s is refused before it starts).
    #[arg(long, allow_negative_numbers = true, default_value = "400", value_parser = int::<u64>)]
    pub budget: u64,
    /// Largest ring drawn: 3 to 8 processors (the exact search's limit). Rings whose exact
    /// search needs more than 10^6 combinations of sends (about 0.9 s) are skipped.
    #[arg(long, allow_negative_numbers = true, default_value_t = N_MAX, value_parser = int::<usize>)]
    pub max_n: usize,
    /// Largest |δ_k| drawn, 1 to 10.
    #[arg(long, default_value_t = DELTA_MAX, value_parser = int::<i64>, allow_hyphen_values = true)]
    pub max_delta: i64,
    /// Largest link cost drawn (integers from 1), 1 to 20.
    #[arg(long, default_value_t = COST_MAX, value_parser = int::<i64>, allow_hyphen_values = true)]
    pub max_cost: i64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Compute only the restarts r with r mod k = i − 1 and print them as a part for
    /// `loadlab merge`.
    #[arg(long, value_parser = Shard::parse)]
    pub shard: Option<Shard>,
}

impl RingGapsArgs {
    fn search(&self) -> Result<GapSearch, CliError> {
        let names = &Names::FLAGS;
        GapSearch::checked(self.against, self.seed, self.budget, self.space(), names)
            .map_err(CliError)
    }

    fn space(&self) -> Space {
        Space {
            n_max: self.max_n,
            delta_max: self.max_delta,
            cost_max: self.max_cost,
        }
    }
}

/// The real numbers of an entry.
const NUMBERS: [&str; 3] = ["ratio", "exact", "other"];

/// One ring found as JSON.
fn entry(g: &Gap) -> Value {
    json!({
        "ratio": g.ratio,
        "exact": g.exact,
        "other": g.other,
        "restart": g.restart,
        "n": g.instance.n(),
        "command": command(&g.instance),
    })
}

/// Runs `loadlab gaps` (or its part with `--shard`).
pub fn execute(a: &GapsArgs) -> Result<String, CliError> {
    let GapsModel::Redistribute(r) = &a.model;
    let search = r.search()?;
    let entries: Vec<Value> = search
        .run(r.shard.unwrap_or(Shard::WHOLE))
        .iter()
        .map(entry)
        .collect();
    if let Some(s) = r.shard {
        // The numbers also as text: Rust reads its own shortest form back exactly.
        let exact: Vec<Value> = entries
            .into_iter()
            .map(|mut e| {
                for k in NUMBERS {
                    let t = e[k].as_f64().map(|x| x.to_string());
                    e[format!("{k}_text")] = json!(t);
                }
                e
            })
            .collect();
        return Ok(shard::part(s, exact));
    }
    Ok(render(r, entries))
}

/// Joins the parts' rings into the whole search's output.
pub fn merge(a: &GapsArgs, results: &[shard::Owned]) -> Result<String, CliError> {
    let GapsModel::Redistribute(r) = &a.model;
    let restarts = r.search()?.restarts;
    let mut seen = vec![false; restarts as usize];
    let mut entries = Vec::new();
    for (s, e) in results {
        let restart = e["restart"]
            .as_u64()
            .ok_or_else(|| CliError("a part's ring has no restart".into()))?;
        // A restart reports at most one ring.
        shard::claim(*s, restart, restarts, &mut seen)?;
        let mut e = e.clone();
        for k in NUMBERS {
            let x = e[format!("{k}_text")]
                .as_str()
                .and_then(|t| t.parse::<f64>().ok())
                .ok_or_else(|| CliError(format!("a part's ring has no {k}")))?;
            e[k] = json!(x);
            if let Some(o) = e.as_object_mut() {
                o.remove(&format!("{k}_text"));
            }
        }
        entries.push(e);
    }
    let key = |v: &Value| {
        (
            v["ratio"].as_f64().unwrap_or(0.0),
            v["restart"].as_u64().unwrap_or(0),
        )
    };
    entries.sort_by(|a, b| {
        let (ra, sa) = key(a);
        let (rb, sb) = key(b);
        rb.total_cmp(&ra).then(sa.cmp(&sb))
    });
    Ok(render(r, entries))
}

/// The whole output: JSON, or a table with the commands.
fn render(r: &RingGapsArgs, entries: Vec<Value>) -> String {
    let space = r.space();
    if r.json {
        let mut v = json!({
            "against": r.against.name(),
            "seed": r.seed,
            "budget": r.budget,
            "instances": entries,
        });
        if space != Space::default() {
            v["space"] = json!({
                "max_n": space.n_max,
                "max_delta": space.delta_max,
                "max_cost": space.cost_max,
            });
        }
        return format!("{v}\n");
    }
    let mut out = format!(
        "gap search against {} (seed {}, {} exact solves, 3 to {} processors, |δ_k| ≤ {}, \
         costs 1 to {}): {}, largest ratio first\n",
        r.against.name(),
        r.seed,
        r.budget,
        space.n_max,
        space.delta_max,
        space.cost_max,
        crate::model::words::count(entries.len(), "ring")
    );
    for e in &entries {
        let cmd: Vec<&str> = e["command"]
            .as_array()
            .map(|c| c.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "ratio {:.4}  exact {}  other {}  restart {}\n    {}",
            e["ratio"].as_f64().unwrap_or(0.0),
            e["exact"],
            e["other"],
            e["restart"],
            cmd.join(" ")
        );
    }
    out
}
