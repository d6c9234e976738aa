//! What loadlab found in the five papers, as data: one [`Finding`] per misprint, false or
//! overstated claim, proof gap, reading ambiguity, conversion artefact or open question the
//! paper leaves and a run answers, each with the
//! evidence a run gives where one can show it (a `loadlab` command, the JSON field to read and
//! the value it prints).
//!
//! The findings are data: one text file a paper (`errata/li.txt`, …, in the format
//! `errata/read.rs` describes), included in the binary and read once. This list is the one
//! wording of every finding: `loadlab errata`, Help ▸ What we found in the paper, the help
//! texts, the README and the lessons cite the ids. A finding's evidence is
//! re-run by `loadlab errata --check` and by the tests (`tests/cli/errata.rs`).
//!
//! The papers are plain-text conversions of PDFs; where the text we have is wrong but the
//! printed paper very likely is not (a symbol dropped that the same text drops elsewhere), the
//! kind is [`Kind::ConversionArtefact`], never the authors' misprint.

mod read;

use std::sync::LazyLock;

use serde_json::{Value, json};

use super::registry::{MODELS, ModelId};

named! {
    /// What kind of finding it is.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Kind {
        /// A formula or number printed wrong; the argument around it is right.
        Misprint => "misprint", "a formula or number printed wrong; the argument around it is right";
        /// A claim that is false (a counter-example exists).
        FalseClaim => "false_claim", "a statement that is false: a counter-example exists";
        /// A claim true only in a narrower sense than stated.
        OverstatedClaim => "overstated_claim", "true only in a narrower sense (a limit, a regime, a special case) than stated";
        /// A proof step that does not follow although the statement holds.
        ProofGap => "proof_gap", "a proof step that does not follow, although the statement holds";
        /// Text that admits two readings that behave differently.
        ReadingAmbiguity => "reading_ambiguity", "the text admits readings that behave differently; loadlab implements one and shows the other";
        /// The text we have differs from the paper because of the PDF-to-text conversion.
        ConversionArtefact => "conversion_artefact", "the converted text we have is wrong where the printed paper very likely is not";
        /// A question the paper leaves open, answered by a run (not an error).
        OpenQuestion => "open_question", "a question the paper leaves open, answered by a run (not an error of the paper)";
    }
}

impl Kind {
    /// How the app names the kind.
    pub fn caption(self) -> &'static str {
        match self {
            Kind::Misprint => "misprint",
            Kind::FalseClaim => "false claim",
            Kind::OverstatedClaim => "overstated claim",
            Kind::ProofGap => "proof gap",
            Kind::ReadingAmbiguity => "reading ambiguity",
            Kind::ConversionArtefact => "conversion artefact",
            Kind::OpenQuestion => "open question answered",
        }
    }
}

/// The value an evidence command prints at its field.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Expected {
    /// An integer, exactly.
    Int(i64),
    /// A real given to `decimals` decimals: the printed number rounds to it
    /// (|printed − value| ≤ half a unit of the last decimal).
    Real(f64, u8),
    /// A boolean.
    Bool(bool),
    /// A string, exactly.
    Text(&'static str),
}

impl Expected {
    /// The value as JSON.
    pub fn json(self) -> Value {
        match self {
            Expected::Int(i) => json!(i),
            Expected::Real(x, _) => json!(x),
            Expected::Bool(b) => json!(b),
            Expected::Text(s) => json!(s),
        }
    }

    /// Whether `got` (the command's output at the field) is this value.
    pub fn matches(self, got: &Value) -> bool {
        match self {
            // JSON numbers that hold integers may be written as reals (5.0).
            Expected::Int(i) => got.as_i64() == Some(i) || got.as_f64() == Some(i as f64),
            Expected::Real(x, d) => got
                .as_f64()
                .is_some_and(|g| (g - x).abs() <= 0.5 * 10f64.powi(-i32::from(d)) * (1.0 + 1e-9)),
            Expected::Bool(b) => got.as_bool() == Some(b),
            Expected::Text(s) => got.as_str() == Some(s),
        }
    }

    /// The value as text (reals with their decimals).
    pub fn text(self) -> String {
        match self {
            Expected::Int(i) => i.to_string(),
            Expected::Real(x, d) => format!("{x:.*}", usize::from(d)),
            Expected::Bool(b) => b.to_string(),
            Expected::Text(s) => format!("{s:?}"),
        }
    }
}

/// A run that shows a finding: `command` (starting with `loadlab`, ending with `--json`)
/// prints one JSON object whose `field` (a dot path, numeric parts index lists) is `value`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evidence {
    /// The whole command line, `loadlab` first, `--json` last.
    pub command: &'static [&'static str],
    /// Dot path into the JSON object.
    pub field: &'static str,
    /// What the field holds.
    pub value: Expected,
}

impl Evidence {
    /// The model subcommand's arguments (without `loadlab` and `--json`).
    pub fn args(&self) -> Vec<String> {
        let c = self.command;
        let c = c.strip_prefix(&["loadlab"]).unwrap_or(c);
        let c = c.strip_suffix(&["--json"]).unwrap_or(c);
        c.iter().map(|s| s.to_string()).collect()
    }

    /// The command as one shell line.
    pub fn command_line(&self) -> String {
        self.command.join(" ")
    }
}

/// One finding about a paper.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Finding {
    /// Stable id (`grs-half`), cited by help texts, README and lessons.
    pub id: &'static str,
    /// The model.
    pub model: ModelId,
    /// The paper, short.
    pub paper: &'static str,
    /// Section, theorem, table or line.
    pub location: &'static str,
    /// One sentence: the finding in plain words (the app's list shows it).
    pub sentence: &'static str,
    /// What the paper (the text we have) says.
    pub printed: &'static str,
    /// What holds instead.
    pub holds: &'static str,
    /// Its kind.
    pub kind: Kind,
    /// A run that shows it, where one can.
    pub evidence: Option<Evidence>,
}

impl Finding {
    /// The JSON record of `loadlab errata --json`.
    pub fn json(&self) -> Value {
        let evidence = self.evidence.map_or(
            Value::Null,
            |e| json!({"command": e.command, "field": e.field, "value": e.value.json()}),
        );
        json!({
            "id": self.id,
            "model": self.model.name(),
            "paper": self.paper,
            "where": self.location,
            "printed": self.printed,
            "holds": self.holds,
            "kind": self.kind.name(),
            "evidence": evidence,
        })
    }
}

/// The models, in the app's order, each with its findings: read once from the data file its
/// row of [`MODELS`] names (`ModelInfo::errata`).
pub static BY_MODEL: LazyLock<Vec<(ModelId, &'static [Finding])>> = LazyLock::new(|| {
    MODELS
        .iter()
        .map(|row| {
            let findings = read::findings(row.id, row.errata)
                .unwrap_or_else(|e| panic!("src/model/errata, {}: {e}", row.name));
            let findings: &'static [Finding] = Vec::leak(findings);
            (row.id, findings)
        })
        .collect()
});

/// Every finding, model by model.
pub fn all() -> impl Iterator<Item = &'static Finding> {
    BY_MODEL.iter().flat_map(|(_, f)| f.iter())
}

/// The findings about one model.
pub fn of_model(model: ModelId) -> &'static [Finding] {
    BY_MODEL
        .iter()
        .find(|(m, _)| *m == model)
        .map_or(&[], |(_, f)| f)
}

/// The finding with this id.
pub fn find(id: &str) -> Option<&'static Finding> {
    all().find(|f| f.id == id)
}

#[cfg(test)]
mod tests;
