//! The reader of the findings' data files (`src/model/errata/*.txt`, one per paper, named by
//! the model's row of [`MODELS`](crate::model::registry::MODELS)).
//!
//! A file is a list of records separated by blank lines; a line starting with `#` is a
//! comment. Each line of a record is `key: value`, the value running to the end of the line:
//!
//! - `id`, `kind` (the JSON name: `misprint`, `false_claim`, …) and `sentence`: always;
//! - `where`, `printed` and `holds`; or, for KS-BF, `discrepancy: i`, which takes the three from
//!   the model's own list [`DISCREPANCIES`] (shown in its workspace);
//! - `run`, `field` and `value`, together or not at all: the evidence. `run` is the model
//!   command's flags, so the command is `loadlab <model> <run> --json`; `value` is written as
//!   `loadlab errata` prints it: `63`, `0.691` (a real, to as many decimals as written),
//!   `true`, or `"text"`.
//!
//! The texts are borrowed from the file (included in the binary), so a finding's strings are
//! `'static` as before; each evidence command is built once.

use super::{Evidence, Expected, Finding, Kind};
use crate::model::ksbf::DISCREPANCIES;
use crate::model::registry::ModelId;

/// The findings of `model` written in `text`, or the first problem: `line N: …`.
pub fn findings(model: ModelId, text: &'static str) -> Result<Vec<Finding>, String> {
    let mut out = Vec::new();
    let mut record: Vec<(usize, &'static str, &'static str)> = Vec::new();
    let lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    for (n, line) in lines.chain([(0, "")]) {
        if line.starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            if !record.is_empty() {
                out.push(finding(model, &record)?);
                record.clear();
            }
            continue;
        }
        let (key, value) = line
            .split_once(": ")
            .ok_or_else(|| format!("line {n}: expected `key: value`, got {line:?}"))?;
        if record.iter().any(|&(_, k, _)| k == key) {
            return Err(format!("line {n}: {key} given twice"));
        }
        record.push((n, key, value.trim()));
    }
    Ok(out)
}

/// One record's finding.
fn finding(
    model: ModelId,
    record: &[(usize, &'static str, &'static str)],
) -> Result<Finding, String> {
    let first = record[0].0;
    let at = |e: String| format!("line {first}: {e}");
    const KEYS: [&str; 10] = [
        "id",
        "kind",
        "sentence",
        "where",
        "printed",
        "holds",
        "discrepancy",
        "run",
        "field",
        "value",
    ];
    if let Some((n, key, _)) = record.iter().find(|(_, k, _)| !KEYS.contains(k)) {
        return Err(format!("line {n}: unknown key {key:?}"));
    }
    let get = |key: &str| {
        record
            .iter()
            .find(|(_, k, _)| *k == key)
            .map(|&(_, _, v)| v)
    };
    let need = |key: &str| get(key).ok_or_else(|| at(format!("no {key}")));
    let id = need("id")?;
    let kind = need("kind")?;
    let kind = Kind::ALL
        .into_iter()
        .find(|k| k.name() == kind)
        .ok_or_else(|| at(format!("{id}: unknown kind {kind:?}")))?;
    let (location, printed, holds) = match get("discrepancy") {
        Some(i) => {
            let d = (model == ModelId::Ksbf)
                .then(|| i.parse::<usize>().ok().and_then(|i| DISCREPANCIES.get(i)))
                .flatten()
                .ok_or_else(|| at(format!("{id}: no discrepancy {i} in KS-BF's list")))?;
            (d.location, d.printed, d.correct)
        }
        None => (need("where")?, need("printed")?, need("holds")?),
    };
    let evidence = match (get("run"), get("field"), get("value")) {
        (None, None, None) => None,
        (Some(run), Some(field), Some(value)) => Some(Evidence {
            command: command(model, run),
            field,
            value: expected(value).ok_or_else(|| at(format!("{id}: bad value {value:?}")))?,
        }),
        _ => return Err(at(format!("{id}: run, field and value go together"))),
    };
    Ok(Finding {
        id,
        model,
        paper: model.info().paper,
        location,
        sentence: need("sentence")?,
        printed,
        holds,
        kind,
        evidence,
    })
}

/// `loadlab <model> <run> --json`, built once for the program's lifetime (the findings are).
fn command(model: ModelId, run: &'static str) -> &'static [&'static str] {
    let words = ["loadlab", model.name()]
        .into_iter()
        .chain(run.split_whitespace())
        .chain(["--json"]);
    Box::leak(words.collect::<Vec<_>>().into_boxed_slice())
}

/// A value as `loadlab errata` prints it: an integer, a real to its written decimals, a
/// boolean or a quoted text.
fn expected(v: &'static str) -> Option<Expected> {
    if let Some(text) = v.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        return Some(Expected::Text(text));
    }
    match v {
        "true" => return Some(Expected::Bool(true)),
        "false" => return Some(Expected::Bool(false)),
        _ => {}
    }
    match v.split_once('.') {
        None => v.parse().ok().map(Expected::Int),
        Some((_, decimals)) => {
            let decimals = u8::try_from(decimals.len()).ok()?;
            v.parse().ok().map(|x| Expected::Real(x, decimals))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "# a comment\n\nid: gr-x\nkind: misprint\ndiscrepancy: 0\n\
        sentence: One.\nrun: --n 6  --p 4\nfield: nodes\nvalue: 63\n\n\n\
        id: gr-y\nkind: open_question\nwhere: W\nprinted: P\nholds: H\nsentence: Two.\n";

    #[test]
    fn records_read_with_their_evidence() {
        let f = findings(ModelId::Ksbf, GOOD).unwrap();
        assert_eq!(f.len(), 2);
        assert_eq!((f[0].id, f[0].kind), ("gr-x", Kind::Misprint));
        assert_eq!(f[0].location, DISCREPANCIES[0].location);
        assert_eq!(f[0].holds, DISCREPANCIES[0].correct);
        let e = f[0].evidence.unwrap();
        assert_eq!(
            e.command,
            ["loadlab", "ksbf", "--n", "6", "--p", "4", "--json"]
        );
        assert_eq!((e.field, e.value), ("nodes", Expected::Int(63)));
        assert_eq!((f[1].location, f[1].printed, f[1].holds), ("W", "P", "H"));
        assert_eq!(f[1].kind, Kind::OpenQuestion);
        assert!(f[1].evidence.is_none());
        assert_eq!(f[1].paper, ModelId::Ksbf.info().paper);
    }

    #[test]
    fn values_keep_their_written_decimals() {
        assert_eq!(expected("0.000000000"), Some(Expected::Real(0.0, 9)));
        assert_eq!(expected("6.844"), Some(Expected::Real(6.844, 3)));
        assert_eq!(expected("-2"), Some(Expected::Int(-2)));
        assert_eq!(expected("false"), Some(Expected::Bool(false)));
        assert_eq!(expected("\"alg3\""), Some(Expected::Text("alg3")));
        assert_eq!(expected("six"), None);
    }

    #[test]
    fn a_broken_record_names_its_line() {
        let err = |text: &'static str| findings(ModelId::Ksbf, text).unwrap_err();
        assert!(err("id: a\nkind: nope\nsentence: S.\ndiscrepancy: 0\n").contains("unknown kind"));
        assert!(err("\nid: a\nid: b\n").starts_with("line 3: id given twice"));
        assert!(err("id: a\nkind: misprint\nsentence: S.\n").contains("no where"));
        assert!(err("id a\n").starts_with("line 1: expected"));
        assert!(err("id: a\ncolour: red\n").contains("unknown key"));
        let half = "id: a\nkind: misprint\nsentence: S.\ndiscrepancy: 1\nrun: --n 2\n";
        assert!(err(half).contains("go together"));
        let other = "id: a\nkind: misprint\nsentence: S.\ndiscrepancy: 1\n";
        assert!(findings(ModelId::Divisible, other).is_err());
        assert!(
            err("id: a\nkind: misprint\nsentence: S.\ndiscrepancy: 99\n")
                .contains("no discrepancy")
        );
    }

    #[test]
    fn every_papers_file_reads_whole() {
        let mut total = 0;
        for row in &crate::model::registry::MODELS {
            let f = findings(row.id, row.errata).unwrap_or_else(|e| panic!("{}: {e}", row.name));
            let records = row.errata.lines().filter(|l| l.starts_with("id: ")).count();
            assert_eq!(f.len(), records, "{}", row.name);
            total += f.len();
        }
        // The 43 findings the Rust tables held before they became data files.
        assert_eq!(total, 43);
    }
}
