//! `loadlab map MODEL --x PARAM=LO..HI:K[:log] --y … --metric METRIC [the model's flags]`:
//! a two-parameter map of one of the model's numbers ([`crate::report::map`]).
//!
//! Each model's variant flattens the model subcommand's own flags, so the other parameters
//! read exactly as there; redistribution maps run on seeded random rings instead of one
//! `--delta` and take the generator's settings.

use std::fmt::Write as _;

use clap::{Args, Subcommand};

use super::shard::{self, Shard};
use super::{CliError, DivisibleArgs, GeodecayArgs, KsbfArgs, Output, TreesweepArgs, flag, int};
use crate::model::NoProgress;
use crate::model::format::{Precision, number};
use crate::model::map::Axis;
use crate::model::redistribute::editing::RandomSpec;
use crate::model::redistribute::instance::Direction;
use crate::model::redistribute::params::{Algorithm, RedistParams};
use crate::model::registry::ModelParams;
use crate::report::map::{self, MapRequest};

/// Flags of `loadlab map`.
#[derive(Debug, Args)]
pub struct MapArgs {
    /// The model to map, with its flags.
    #[command(subcommand)]
    pub model: MapModel,
}

impl MapArgs {
    /// The axes, the metric and the shard, whatever the model.
    fn spec(&self) -> &MapSpec {
        match &self.model {
            MapModel::Divisible { spec, .. }
            | MapModel::Geodecay { spec, .. }
            | MapModel::Treesweep { spec, .. }
            | MapModel::Ksbf { spec, .. }
            | MapModel::Redistribute { spec, .. } => spec,
        }
    }
}

/// The axes and the metric every map takes.
#[derive(Debug, Clone, Args)]
pub struct MapSpec {
    /// Columns: PARAM=LO..HI:K or PARAM=LO..HI:K:log (PARAM is the model's flag name
    /// without dashes: h, beta, tau, ell, max_delta…). Integer parameters are rounded to
    /// distinct integers; the output lists the values used.
    #[arg(long, value_parser = Axis::parse, allow_hyphen_values = true)]
    pub x: Axis,
    /// Rows, as --x.
    #[arg(long, value_parser = Axis::parse, allow_hyphen_values = true)]
    pub y: Axis,
    /// The number each cell shows (default: the model's first metric; an unknown name lists
    /// them).
    #[arg(long)]
    pub metric: Option<String>,
    /// Compute only part i of k (cells numbered row by row, cell j in part j mod k + 1) and
    /// print it as a part for `loadlab merge`.
    #[arg(long, value_parser = Shard::parse)]
    pub shard: Option<Shard>,
}

/// One model's map.
#[derive(Debug, Subcommand)]
pub enum MapModel {
    /// Divisible load (Li): metrics ratio_c_over_p, ratio_p_over_q, speedup_c/p/q,
    /// efficiency_p, time_c/p over h, beta, b.
    Divisible {
        #[command(flatten)]
        spec: MapSpec,
        #[command(flatten)]
        args: DivisibleArgs,
    },
    /// Geometric-decaying algorithms (Gil & Matias): standard_over_improved,
    /// never_over_improved, time, overheads, balancings over ell, p, n, alpha, c, every.
    Geodecay {
        #[command(flatten)]
        spec: MapSpec,
        #[command(flatten)]
        args: GeodecayArgs,
    },
    /// Tree sweeps (Gao, Rosenberg & Sitaraman): ratio (T*/T_PY), optimal, py, top_cluster
    /// over n, tau.
    Treesweep {
        #[command(flatten)]
        spec: MapSpec,
        #[command(flatten)]
        args: TreesweepArgs,
    },
    /// KS-BF (Gao & Rosenberg): efficiency, makespan, speedup, makespan over each bound,
    /// over n, p, spawn_prob, seed.
    Ksbf {
        #[command(flatten)]
        spec: MapSpec,
        #[command(flatten)]
        args: KsbfArgs,
    },
    /// Redistribution on rings (Renard, Robert & Vivien), means over --samples seeded random
    /// rings: makespan_over_bound, makespan, lower_bound, rounds of Algorithm 3 printed and
    /// corrected, over n, max_delta.
    Redistribute {
        #[command(flatten)]
        spec: MapSpec,
        #[command(flatten)]
        args: RingMapArgs,
    },
}

/// The random rings of a redistribution map (the generator of the GUI's "random instance").
#[derive(Debug, Args)]
pub struct RingMapArgs {
    /// Ring size n (when not swept).
    #[arg(long, allow_negative_numbers = true, default_value = "12", value_parser = int::<usize>)]
    pub n: usize,
    /// Largest |δ_k| (when not swept).
    #[arg(long, default_value = "4", value_parser = int::<i64>, allow_hyphen_values = true)]
    pub max_delta: i64,
    /// Uni- or bidirectional ring.
    #[arg(long, value_enum, default_value = "bi")]
    pub direction: Direction,
    /// Random link costs (integers 1..=10) instead of c = 1.
    #[arg(long)]
    pub heterogeneous: bool,
    /// Light loads (every processor could send everything from its stock) instead of the
    /// smallest loads.
    #[arg(long)]
    pub light: bool,
    /// Algorithm.
    #[arg(long, value_enum, default_value = "auto")]
    pub algorithm: Algorithm,
    /// Random rings per cell (1 to 1000): ring k of every cell uses seed --seed + k.
    #[arg(long, allow_negative_numbers = true, default_value = "10", value_parser = int::<usize>)]
    pub samples: usize,
    /// Seed of the first ring.
    #[arg(long, allow_negative_numbers = true, default_value = "1", value_parser = int::<u64>)]
    pub seed: u64,
    /// Output format.
    #[command(flatten)]
    pub out: Output,
}

impl RingMapArgs {
    fn params(&self) -> RedistParams {
        RedistParams {
            algorithm: self.algorithm,
            random: RandomSpec {
                seed: self.seed,
                n: self.n,
                max_delta: self.max_delta,
                heterogeneous: self.heterogeneous,
                direction: self.direction,
                heavy: !self.light,
            },
            ..RedistParams::default()
        }
    }
}

/// Refuses a model flag that adds output to a single run (a sweep, a schedule): a map prints
/// one number per cell.
fn no_extras(extras: &[(&str, bool)]) -> Result<(), CliError> {
    match extras.iter().find(|(_, set)| *set) {
        Some((name, _)) => Err(CliError(format!(
            "--{name}: not available in a map (a map prints one number per cell)"
        ))),
        None => Ok(()),
    }
}

/// Runs `loadlab map` (or its part with `--shard`).
pub fn execute(a: &MapArgs) -> Result<String, CliError> {
    let shard = a.spec().shard;
    let (plan, out) = plan_of(a, shard.unwrap_or(Shard::WHOLE))?;
    if let Some(s) = shard {
        let g = plan.grid();
        let at: Vec<(usize, usize)> = g
            .positions()
            .into_iter()
            .enumerate()
            .filter(|(j, _)| s.owns(*j as u64))
            .map(|(_, p)| p)
            .collect();
        let r = plan
            .compute(&at, &NoProgress)
            .map_err(|_| CliError("cancelled".into()))?;
        let results = at
            .iter()
            .zip(r)
            .map(|(&(ix, iy), c)| match c {
                // As text: Rust reads its own shortest form back exactly.
                Ok(v) => serde_json::json!([ix, iy, v.to_string()]),
                Err(e) => serde_json::json!([ix, iy, null, e]),
            })
            .collect();
        return Ok(shard::part(s, results));
    }
    let grid = plan
        .run(&NoProgress)
        .map_err(|_| CliError("cancelled".into()))?;
    Ok(render(&plan, out, &grid))
}

/// Joins the parts' cells (`[ix, iy, value]` or `[ix, iy, null, error]`) into the whole map:
/// every cell exactly once, from the part that computes it.
pub fn merge(a: &MapArgs, results: &[shard::Owned]) -> Result<String, CliError> {
    // Every part was held to the budget for its own cells, part 1 (which must be there) too:
    // its plan is the whole map's, and joining computes nothing.
    let of = results.first().map_or(1, |(s, _)| s.of);
    let (plan, out) = plan_of(a, Shard { index: 1, of })?;
    let mut g = plan.grid();
    let positions = g.positions();
    let (nx, ny) = (g.cells.first().map_or(0, Vec::len), g.cells.len());
    // The item number of each cell in the whole run's order.
    let mut number = vec![0u64; nx * ny];
    for (j, &(ix, iy)) in positions.iter().enumerate() {
        number[iy * nx + ix] = j as u64;
    }
    let mut seen = vec![false; positions.len()];
    let bad = || CliError("a part's cells do not fit the map".into());
    for (s, r) in results {
        let ix = r[0].as_u64().ok_or_else(bad)? as usize;
        let iy = r[1].as_u64().ok_or_else(bad)? as usize;
        if ix >= nx || iy >= ny {
            return Err(bad());
        }
        shard::claim(*s, number[iy * nx + ix], positions.len() as u64, &mut seen)?;
        let cell = match (&r[2], r[3].as_str()) {
            (serde_json::Value::String(t), _) => Ok(t.parse::<f64>().map_err(|_| bad())?),
            (_, Some(e)) => Err(e.to_string()),
            _ => return Err(bad()),
        };
        g.cells[iy][ix] = Some(cell);
    }
    if !g.complete() {
        return Err(CliError("the parts leave cells of the map missing".into()));
    }
    Ok(render(&plan, out, &g))
}

/// The map's plan (of the cells `shard` computes) and output flags from the flags.
fn plan_of(a: &MapArgs, shard: Shard) -> Result<(map::MapPlan, Output), CliError> {
    let spec = a.spec();
    let (base, out, samples) = match &a.model {
        MapModel::Divisible { args, .. } => {
            no_extras(&[("sweep", args.sweep.is_some()), ("timeline", args.timeline)])?;
            (args.params()?.into_scenario(), args.out, 1)
        }
        MapModel::Geodecay { args, .. } => {
            no_extras(&[("sweep", args.sweep.is_some()), ("trace", args.trace)])?;
            (args.params()?.into_scenario(), args.out, 1)
        }
        MapModel::Treesweep { args, .. } => {
            no_extras(&[("schedule", args.schedule)])?;
            (args.params()?.into_scenario(), args.out, 1)
        }
        MapModel::Ksbf { args, .. } => {
            no_extras(&[("assignments", args.assignments)])?;
            (args.params()?.into_scenario(), args.out, 1)
        }
        MapModel::Redistribute { args, .. } => {
            (args.params().into_scenario(), args.out, args.samples)
        }
    };
    let model = base.model();
    let metric = match &spec.metric {
        Some(m) => m.clone(),
        None => map::metrics(model)[0].name.to_string(),
    };
    let plan = MapRequest {
        base,
        x: spec.x.clone(),
        y: spec.y.clone(),
        metric,
        samples,
    }
    .plan_part(shard)
    .map_err(|e| {
        // The map's cost is its axes'.
        let at = if e.field == "map" {
            "x/--y".into()
        } else {
            flag(e.field)
        };
        CliError(format!("--{at}: {}", e.message))
    })?;
    Ok((plan, out))
}

/// The whole map as the output flags ask.
fn render(plan: &map::MapPlan, out: Output, grid: &crate::model::map::Grid) -> String {
    if out.json {
        format!("{}\n", plan.json(grid))
    } else if out.csv {
        plan.csv(grid)
    } else {
        text(plan, grid)
    }
}

/// The map as an aligned table, failed cells as "—" and their reasons below.
fn text(plan: &map::MapPlan, g: &crate::model::map::Grid) -> String {
    let mut rows: Vec<Vec<String>> = vec![
        std::iter::once(format!("{} \\ {}", plan.y.name, plan.x.name))
            .chain(g.x.iter().map(|x| number(*x, Precision::Exact)))
            .collect(),
    ];
    for (iy, y) in g.y.iter().enumerate() {
        rows.push(
            std::iter::once(number(*y, Precision::Exact))
                .chain((0..g.x.len()).map(|ix| match g.value(ix, iy) {
                    Some(v) => format!("{v:.4}"),
                    None => "—".into(),
                }))
                .collect(),
        );
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = format!(
        "{} map of {} ({})\n",
        plan.model.name(),
        plan.metric.name,
        plan.metric.help
    );
    for r in &rows {
        let line: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(s, w)| format!("{s:>w$}", w = *w))
            .collect();
        let _ = writeln!(out, "{}", line.join("  "));
    }
    for line in plan.failures(g) {
        let _ = writeln!(out, "{line}");
    }
    out
}
