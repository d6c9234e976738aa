//! `loadlab pseudocode`: the pseudo-code of every stepped algorithm
//! ([`crate::model::pseudocode`]), as JSON or readable text.

use std::fmt::Write as _;

use serde_json::{Value, json};

use super::CliError;
use crate::model::pseudocode::{ALGORITHMS, Algorithm, find};

/// Flags of `loadlab pseudocode`.
#[derive(Debug, Clone, clap::Args)]
pub struct PseudocodeArgs {
    /// Only this algorithm (its id, as the models' `--json` report it in `algorithm`).
    #[arg(long)]
    pub id: Option<String>,
    /// Only this model's algorithms (subcommand name).
    #[arg(long)]
    pub model: Option<String>,
    /// Print one JSON object: {"algorithms": [{"id", "model", "title", "lines": [{"step", "text", "note"?}]}]}.
    #[arg(long)]
    pub json: bool,
}

/// What `loadlab pseudocode` prints.
pub fn execute(a: &PseudocodeArgs) -> Result<String, CliError> {
    let chosen: Vec<&Algorithm> = match (&a.id, &a.model) {
        (Some(id), _) => vec![find(id).ok_or_else(|| {
            let ids: Vec<&str> = ALGORITHMS.iter().map(|a| a.id).collect();
            CliError(format!(
                "--id: no algorithm {id:?} (ids: {})",
                ids.join(", ")
            ))
        })?],
        (None, Some(m)) => {
            let of: Vec<&Algorithm> = ALGORITHMS.iter().filter(|a| a.model.name() == m).collect();
            if of.is_empty() {
                let names: Vec<&str> = crate::model::registry::MODELS
                    .iter()
                    .map(|r| r.name)
                    .collect();
                return Err(CliError(format!(
                    "--model: no model {m:?} ({})",
                    names.join(", ")
                )));
            }
            of
        }
        (None, None) => ALGORITHMS.iter().collect(),
    };
    if a.json {
        let algos: Vec<Value> = chosen
            .iter()
            .map(|a| serde_json::to_value(a).unwrap_or(Value::Null))
            .collect();
        return Ok(format!("{}\n", json!({ "algorithms": algos })));
    }
    let mut out = String::new();
    for a in chosen {
        let _ = writeln!(out, "{} [{}: {}]", a.title, a.model.name(), a.id);
        for l in a.lines {
            let _ = writeln!(out, "  {:>10}  {}", l.step, l.text);
            if let Some(n) = l.note {
                let _ = writeln!(out, "  {:>10}  ↳ {n}", "");
            }
        }
        out.push('\n');
    }
    Ok(out)
}
