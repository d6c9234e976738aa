//! `loadlab errata`: every finding about the papers ([`crate::model::errata`]) with its
//! evidence; `--check` re-runs every evidence command in-process and compares its value.

use std::fmt::Write as _;

use serde_json::{Value, json};

use super::CliError;
use crate::model::errata::{self, Evidence, Finding};
use crate::model::registry::ModelId;

/// Flags of `loadlab errata`.
#[derive(Debug, clap::Args)]
pub struct ErrataArgs {
    /// Only this model's findings: divisible, geodecay, treesweep, ksbf or redistribute.
    #[arg(long, value_parser = super::lesson::model_id)]
    pub model: Option<ModelId>,
    /// Print one JSON object: {"findings": [{id, model, paper, where, printed, holds, kind,
    /// evidence: {command, field, value} or null}]}.
    #[arg(long, conflicts_with = "check")]
    pub json: bool,
    /// Re-run every evidence command and compare the value: exit 0, or print `error:` lines
    /// naming the findings whose evidence no longer holds and exit 2.
    #[arg(long)]
    pub check: bool,
}

/// The findings the flags select, in the list's order.
fn selected(a: &ErrataArgs) -> Vec<&'static Finding> {
    errata::all()
        .filter(|f| a.model.is_none_or(|m| f.model == m))
        .collect()
}

/// Runs an evidence command in-process and returns the value at its field (or why not).
pub fn evidence_value(e: &Evidence) -> Result<Value, String> {
    let check = crate::lesson::Check {
        command: e.args(),
        field: e.field.to_string(),
    };
    check.value(&crate::model::NoProgress)
}

/// Checks one finding's evidence: `Ok` when it has none or its value is the recorded one.
pub fn check(f: &Finding) -> Result<(), String> {
    let Some(e) = &f.evidence else {
        return Ok(());
    };
    let got = evidence_value(e).map_err(|why| format!("{}: {why}", f.id))?;
    if e.value.matches(&got) {
        Ok(())
    } else {
        Err(format!(
            "{}: `{}` gives {} = {got}, the finding records {}",
            f.id,
            e.command_line(),
            e.field,
            e.value.text()
        ))
    }
}

/// Runs `loadlab errata`.
pub fn execute(a: &ErrataArgs) -> Result<String, CliError> {
    let findings = selected(a);
    if a.check {
        let errors: Vec<String> = findings.iter().filter_map(|f| check(f).err()).collect();
        if !errors.is_empty() {
            return Err(CliError(errors.join("\n")));
        }
        let runs = findings.iter().filter(|f| f.evidence.is_some()).count();
        return Ok(format!(
            "{} findings, {runs} with evidence: every evidence command gives its recorded value\n",
            findings.len()
        ));
    }
    if a.json {
        let list: Vec<Value> = findings.iter().map(|f| f.json()).collect();
        return Ok(format!("{}\n", json!({ "findings": list })));
    }
    let mut out = String::new();
    for f in findings {
        let _ = writeln!(
            out,
            "{}  [{}]  {} — {}",
            f.id,
            f.kind.caption(),
            f.model.name(),
            f.paper
        );
        let _ = writeln!(out, "  {}", f.sentence);
        let _ = writeln!(out, "  where:    {}", f.location);
        let _ = writeln!(out, "  printed:  {}", f.printed);
        let _ = writeln!(out, "  holds:    {}", f.holds);
        if let Some(e) = &f.evidence {
            let _ = writeln!(
                out,
                "  evidence: {}  →  {} = {}",
                e.command_line(),
                e.field,
                e.value.text()
            );
        }
        out.push('\n');
    }
    Ok(out)
}
