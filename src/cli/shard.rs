//! Shards: `--shard i/k` makes a heavy study (a map, the gap search, a seed study) compute
//! only its i-th part of k and print a *part* — one JSON object
//! `{"part": {"index": i, "of": k, "argv": [...]}, "results": [...]}` whose `argv` is the
//! command line without `--shard` — and `loadlab merge FILES…` joins the k parts into exactly
//! what the unsharded command prints: it reads the command back from `argv`, checks that every
//! part is there once ([`read_parts`], [`claim`]), and renders the joined results with the
//! command's own code (each study's `merge`, called from [`crate::cli`]'s `merge`: this
//! module knows no study).

use std::path::PathBuf;

use serde_json::{Value, json};

use super::CliError;

pub use crate::model::budget::Shard;

impl Shard {
    /// Parses "i/k" with 1 ≤ i ≤ k ≤ 10^6.
    pub fn parse(s: &str) -> Result<Shard, String> {
        let (i, k) = s
            .split_once('/')
            .ok_or_else(|| format!("expected i/k (e.g. 2/3), got {s:?}"))?;
        let i: u64 = super::int(i.trim())?;
        let k: u64 = super::int(k.trim())?;
        if k == 0 || k > 1_000_000 || i == 0 || i > k {
            return Err(format!("need 1 ≤ i ≤ k ≤ 10^6, got {i}/{k}"));
        }
        Ok(Shard { index: i, of: k })
    }
}

/// The command line of this process without `--shard` and its value (what a part records).
pub fn argv_without_shard() -> Vec<String> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in std::env::args().skip(1) {
        if skip {
            skip = false;
        } else if a == "--shard" {
            skip = true;
        } else if !a.starts_with("--shard=") {
            out.push(a);
        }
    }
    out
}

/// A part as printed.
pub fn part(shard: Shard, results: Vec<Value>) -> String {
    let v = json!({
        "part": {"index": shard.index, "of": shard.of, "argv": argv_without_shard()},
        "results": results,
    });
    format!("{v}\n")
}

/// `loadlab merge FILES…`.
#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The parts (the outputs of the same command with --shard 1/k … k/k), in any order.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Most bytes of one part file (64 MiB).
const PART_LIMIT: u64 = 64 << 20;

/// One result of a part, with the shard that computed it (whose [`Shard::owns`] the result's
/// item number must satisfy).
pub type Owned = (Shard, Value);

/// Reads and checks the parts: one command, k parts numbered 1..k once each (1 ≤ k ≤ 10^6).
/// Returns the command and every result with its part's shard, in part order.
pub fn read_parts(files: &[PathBuf]) -> Result<(Vec<String>, Vec<Owned>), CliError> {
    let mut argv: Option<Vec<String>> = None;
    let mut of = 0u64;
    let mut parts: Vec<(Shard, Vec<Value>)> = Vec::new();
    for f in files {
        let name = crate::preset::one_line(&f.display().to_string());
        let bytes = crate::preset::read_user_file(f, PART_LIMIT, "parts")
            .map_err(|e| CliError(format!("{name}: {e}")))?;
        let v: Value = serde_json::from_slice(&bytes)
            .map_err(|e| CliError(format!("{name}: not a part of a sharded run ({e})")))?;
        let p = &v["part"];
        let (Some(index), Some(k), Some(args), Some(results)) = (
            p["index"].as_u64(),
            p["of"].as_u64(),
            p["argv"].as_array(),
            v["results"].as_array(),
        ) else {
            return Err(CliError(format!(
                "{name}: not a part of a sharded run (no part.index, part.of, part.argv, results)"
            )));
        };
        let shard = Shard::parse(&format!("{index}/{k}"))
            .map_err(|e| CliError(format!("{name}: part {index} of {k}: {e}")))?;
        let args: Option<Vec<String>> = args
            .iter()
            .map(|a| a.as_str().map(str::to_string))
            .collect();
        let args = args.ok_or_else(|| {
            CliError(format!(
                "{name}: not a part of a sharded run (part.argv is not text)"
            ))
        })?;
        match &argv {
            None => {
                argv = Some(args);
                of = k;
            }
            Some(a) if *a != args || of != k => {
                return Err(CliError(format!(
                    "{name}: a part of another run (its command or shard count differs)"
                )));
            }
            _ => {}
        }
        if parts.iter().any(|(s, _)| s.index == index) {
            return Err(CliError(format!("{name}: part {index}/{k} given twice")));
        }
        parts.push((shard, results.clone()));
    }
    if parts.len() as u64 != of {
        let missing = (1..=of)
            .find(|i| !parts.iter().any(|(s, _)| s.index == *i))
            .unwrap_or(of);
        return Err(CliError(format!("part {missing}/{of} is missing")));
    }
    parts.sort_by_key(|(s, _)| s.index);
    let argv = argv.unwrap_or_default();
    let owned = parts
        .into_iter()
        .flat_map(|(s, r)| r.into_iter().map(move |v| (s, v)))
        .collect();
    Ok((argv, owned))
}

/// Checks that the item numbered `j` (of `count` in the whole run) belongs to `shard` and is
/// not already `seen`, then marks it: every item of the whole run exactly once, from the
/// part that computes it.
pub fn claim(shard: Shard, j: u64, count: u64, seen: &mut [bool]) -> Result<(), CliError> {
    if j >= count || !shard.owns(j) {
        return Err(CliError(format!(
            "part {}/{}: holds item {} of {count}, which that part does not compute",
            shard.index,
            shard.of,
            j + 1
        )));
    }
    let slot = &mut seen[j as usize];
    if std::mem::replace(slot, true) {
        return Err(CliError(format!(
            "part {}/{}: item {} of {count} given twice",
            shard.index,
            shard.of,
            j + 1
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_items() {
        assert!(Shard::parse("0/3").is_err());
        assert!(Shard::parse("4/3").is_err());
        assert!(Shard::parse("3").is_err());
        let shards: Vec<Shard> = (1..=3)
            .map(|i| Shard::parse(&format!("{i}/3")).unwrap())
            .collect();
        for j in 0..20 {
            assert_eq!(shards.iter().filter(|s| s.owns(j)).count(), 1);
        }
    }
}
