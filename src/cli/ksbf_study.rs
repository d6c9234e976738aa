//! `loadlab ksbf-study [--shape random-tree|random-grid] --n 8,10,12 --p 2,4,8 --spawn-prob Q
//! --seeds K --seed S [--json|--csv] [--shard i/k]`: KS-BF's efficiency on random growing trees
//! or grids over K seeds per (n, p), next to the complete tree (or pyramidal grid) and Theorem
//! 1.1's guarantee ([`crate::model::ksbf::random_study`]). JSON: `{"shape", "spawn_prob",
//! "seeds", "seed", "cells": [{"n", "p", "count", "mean", "sd" and "ci95" (`null` from one
//! seed), "min", "median", "max", "mean_nodes", "reached", "reach_probability",
//! "mean_reached", "first_reached_seed", "complete_tree" (or "complete_grid"),
//! "thm11_efficiency"}], "verdict"}`.

use std::fmt::Write as _;

use serde_json::{Value, json};

use super::shard::{self, Shard};
use super::{CliError, Output, int, real};
use crate::model::NoProgress;
use crate::model::ksbf::Shape;
use crate::model::ksbf::random_study::{CellSummary, StudyRun, StudySpec, StudyStop, verdict};

/// Flags of `loadlab ksbf-study`.
#[derive(Debug, clap::Args)]
pub struct KsbfStudyArgs {
    /// The random workload: random-tree (compared with T_n) or random-grid (with G_n).
    #[arg(long, default_value = Shape::RandomTree.name(), value_parser = random_shape())]
    pub shape: Shape,
    /// Depth caps n of the random workloads (and of the complete ones), comma-separated.
    #[arg(long, default_value = "8,10,12")]
    pub n: String,
    /// Ring sizes p, comma-separated.
    #[arg(long, default_value = "2,4,8,16")]
    pub p: String,
    /// Spawn probability q of every task below level n − 1.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.75, value_parser = real)]
    pub spawn_prob: f64,
    /// Random workloads per (n, p).
    #[arg(long, allow_negative_numbers = true, default_value = "100", value_parser = int::<u64>)]
    pub seeds: u64,
    /// First seed (seed j of a cell is seed + j).
    #[arg(long, allow_negative_numbers = true, default_value = "1", value_parser = int::<u64>)]
    pub seed: u64,
    /// Output format.
    #[command(flatten)]
    pub out: Output,
    /// Compute only the runs (cell c, seed j) numbered c · seeds + j ≡ i − 1 (mod k) and print
    /// them as a part for `loadlab merge`.
    #[arg(long, value_parser = Shard::parse)]
    pub shard: Option<Shard>,
}

/// The parser of `--shape`: the model's names of its two random shapes.
fn random_shape() -> impl clap::builder::TypedValueParser<Value = Shape> {
    use clap::builder::TypedValueParser as _;
    let (tree, grid) = (Shape::RandomTree, Shape::RandomGrid);
    clap::builder::PossibleValuesParser::new([tree.name(), grid.name()])
        .map(move |s| if s == grid.name() { grid } else { tree })
}

impl KsbfStudyArgs {
    /// The study, checked against the budget for `shard`'s runs.
    fn spec(&self, shard: Shard) -> Result<StudySpec, CliError> {
        let lists = (self.n.as_str(), self.p.as_str());
        let seeds = (self.seeds, self.seed);
        StudySpec::typed(self.shape, lists, self.spawn_prob, seeds, shard)
            .map_err(|e| CliError(format!("--{}: {}", super::flag(e.field), e.message)))
    }
}

/// Runs `loadlab ksbf-study` (or its part with `--shard`).
pub fn execute(a: &KsbfStudyArgs) -> Result<String, CliError> {
    let shard = a.shard.unwrap_or(Shard::WHOLE);
    let spec = a.spec(shard)?;
    let runs = spec.runs(shard, &NoProgress).map_err(|e| match e {
        StudyStop::Cancelled => CliError("cancelled".into()),
        StudyStop::Invalid(e) => CliError(format!("--{}: {}", super::flag(e.field), e.message)),
    })?;
    let mut results = Vec::new();
    for ((c, j), r) in runs {
        let r = r.map_err(|e| CliError(e.to_string()))?;
        // As text: Rust reads its own shortest form back exactly.
        results.push(json!([c, j, r.efficiency.to_string(), r.nodes, r.reached]));
    }
    match a.shard {
        Some(s) => Ok(shard::part(s, results)),
        None => render(a, &spec, &results),
    }
}

/// Joins the parts' runs into the whole study's output.
pub fn merge(a: &KsbfStudyArgs, results: &[shard::Owned]) -> Result<String, CliError> {
    // Every part was held to the budget for its own runs, part 1 (which must be there) too;
    // joining runs none.
    let of = results.first().map_or(1, |(s, _)| s.of);
    let spec = a.spec(Shard { index: 1, of })?;
    let count = spec.cells().len() as u64 * spec.seeds;
    let mut seen = vec![false; count as usize];
    for (s, r) in results {
        let (c, j) = (r[0].as_u64(), r[1].as_u64());
        let (Some(c), Some(j)) = (c, j) else {
            return Err(CliError("a part's runs do not fit the study".into()));
        };
        if j >= spec.seeds {
            return Err(CliError("a part's runs do not fit the study".into()));
        }
        shard::claim(
            *s,
            c.saturating_mul(spec.seeds).saturating_add(j),
            count,
            &mut seen,
        )?;
    }
    let results: Vec<Value> = results.iter().map(|(_, r)| r.clone()).collect();
    render(a, &spec, &results)
}

/// A CSV column: its header and its value in a cell's row.
type Column = (&'static str, fn(&CellSummary) -> String);

/// An optional number as a CSV cell (empty when None).
fn optional(x: Option<f64>) -> String {
    x.map(|b| b.to_string()).unwrap_or_default()
}

/// The CSV's columns (a Theorem 1.1 efficiency or a probability that does not apply: empty).
const CSV_COLUMNS: [Column; 17] = [
    ("n", |c| c.n.to_string()),
    ("p", |c| c.p.to_string()),
    ("count", |c| c.count.to_string()),
    ("mean", |c| c.mean.to_string()),
    ("sd", |c| optional(c.sd)),
    ("ci95_low", |c| optional(c.ci95.map(|ci| ci[0]))),
    ("ci95_high", |c| optional(c.ci95.map(|ci| ci[1]))),
    ("min", |c| c.min.to_string()),
    ("median", |c| c.median.to_string()),
    ("max", |c| c.max.to_string()),
    ("mean_nodes", |c| c.mean_nodes.to_string()),
    ("reached", |c| c.reach.share.to_string()),
    ("reach_probability", |c| optional(c.reach.probability)),
    ("mean_reached", |c| optional(c.reach.mean)),
    ("first_reached_seed", |c| {
        c.reach
            .first_seed
            .map(|s| s.to_string())
            .unwrap_or_default()
    }),
    ("complete", |c| c.complete.efficiency().to_string()),
    ("thm11_efficiency", |c| optional(c.thm11_efficiency)),
];

/// The summaries from every run (`[cell, seed, "efficiency", nodes, reached]`, any order).
fn render(a: &KsbfStudyArgs, spec: &StudySpec, results: &[Value]) -> Result<String, CliError> {
    let cells = spec.cells();
    let mut runs: Vec<Vec<Option<StudyRun>>> = vec![vec![None; spec.seeds as usize]; cells.len()];
    let bad = || CliError("a part's runs do not fit the study".into());
    for r in results {
        let c = r[0].as_u64().ok_or_else(bad)? as usize;
        let j = r[1].as_u64().ok_or_else(bad)? as usize;
        let run = StudyRun {
            seed: spec.seed.wrapping_add(j as u64),
            efficiency: r[2].as_str().and_then(|t| t.parse().ok()).ok_or_else(bad)?,
            nodes: r[3].as_u64().ok_or_else(bad)?,
            reached: r[4].as_bool().ok_or_else(bad)?,
        };
        *runs.get_mut(c).and_then(|v| v.get_mut(j)).ok_or_else(bad)? = Some(run);
    }
    let runs: Option<Vec<Vec<StudyRun>>> = runs
        .into_iter()
        .map(|cell| cell.into_iter().collect())
        .collect();
    let runs = runs.ok_or_else(|| CliError("the parts leave runs of the study missing".into()))?;
    let out = spec
        .summarize_cells(&runs)
        .map_err(|e| CliError(e.to_string()))?;
    let verdict = verdict(&out);
    if a.out.json {
        let v = json!({
            "shape": spec.shape.name(), "spawn_prob": spec.q, "seeds": spec.seeds,
            "seed": spec.seed,
            "cells": out, "verdict": verdict,
        });
        return Ok(format!("{v}\n"));
    }
    let mut s = String::new();
    if a.out.csv {
        // The complete shape's column is named as in the JSON: complete_tree or complete_grid.
        let complete = format!("complete_{}", spec.complete_shape().name());
        let names: Vec<&str> = CSV_COLUMNS
            .iter()
            .map(|&(name, _)| if name == "complete" { &complete } else { name })
            .collect();
        let _ = writeln!(s, "{}", names.join(","));
    } else {
        let _ = writeln!(
            s,
            "KS-BF on random {}s (q = {}, {} from {}): efficiency N / (p · makespan)",
            spec.complete_shape().name(),
            spec.q,
            crate::model::words::count(spec.seeds, "seed"),
            spec.seed
        );
        s.push_str("   n     p   mean   95% CI of mean     min  median     max   nodes reached  P(reach)  mean if reached  complete  Thm 1.1\n");
    }
    for c in &out {
        if a.out.csv {
            let row: Vec<String> = CSV_COLUMNS.iter().map(|(_, value)| value(c)).collect();
            let _ = writeln!(s, "{}", row.join(","));
        } else {
            let _ = writeln!(
                s,
                "{:>4} {:>5} {:>6.4} {:<16} {:>7.4} {:>7.4} {:>7.4} {:>7.0} {:>7.4} {:>9} {:>16} {:>9.4} {:>8}",
                c.n,
                c.p,
                c.mean,
                interval(c.ci95),
                c.min,
                c.median,
                c.max,
                c.mean_nodes,
                c.reach.share,
                text(c.reach.probability),
                text(c.reach.mean),
                c.complete.efficiency(),
                text(c.thm11_efficiency)
            );
        }
    }
    if !a.out.csv {
        let _ = writeln!(s, "{verdict}");
    }
    Ok(s)
}

/// A 95 % interval in the text table: "[0.3757, 0.7580]", or "— (one seed)" (none from one
/// sample).
fn interval(ci: Option<[f64; 2]>) -> String {
    ci.map_or_else(
        || "— (one seed)".into(),
        |[lo, hi]| format!("[{lo:.4}, {hi:.4}]"),
    )
}

/// An optional number in the text table (4 decimals; "—" when None).
fn text(x: Option<f64>) -> String {
    x.map_or_else(|| "—".into(), |v| format!("{v:.4}"))
}
