//! `loadlab exercise treesweep`: build processor 0's top cluster of a tree sweep node by node
//! ([`crate::model::exercise::treesweep`]).

use clap::Args;
use serde_json::{Value, json};

use super::{Grading, at_most, graded, parsed_moves};
use crate::cli::{CliError, at_least_one, int, real};
use crate::model::exercise::moves::parse_tree_moves;
use crate::model::exercise::treesweep::{RULES, TreeExercise};
use crate::model::treesweep::{Direction, TreeSweepParams, params};

/// The instance of a tree-sweep exercise (the flags of `loadlab treesweep`; smaller defaults).
#[derive(Debug, Clone, Args)]
pub struct TreeArgs {
    #[arg(long, help = params::N.help, default_value_t = 5, value_parser = int::<i128>, allow_hyphen_values = true)]
    pub n: i128,
    #[arg(long, help = params::TAU.help, default_value = "2.5", value_parser = real, allow_hyphen_values = true)]
    pub tau: f64,
    /// Sweep direction (a down-sweep runs the up-sweep's clustering backwards: same moves,
    /// same makespan).
    #[arg(long, value_enum, default_value = "up")]
    pub direction: Direction,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

impl TreeArgs {
    /// The instance the flags describe.
    pub fn params(&self) -> Result<TreeSweepParams, CliError> {
        Ok(TreeSweepParams {
            n: at_least_one("n", "n (tree height)", self.n)?,
            tau: self.tau,
            direction: self.direction,
        })
    }
}

/// Prints the exercise, or grades the moves.
pub fn run(args: &TreeArgs, grading: &Grading) -> Result<Value, CliError> {
    let params = args.params()?;
    let mut ex = TreeExercise::new(&params).map_err(|e| CliError(e.0))?;
    let n = ex.height();
    let mut out = json!({
        "model": "treesweep",
        "algorithm": "Fine-Grain",
        "task": ex.task(),
        "instance": {"n": params.n, "tau": params.tau, "direction": params.direction.name()},
        "t_star": ex.t_star(n),
        "t_py": ex.t_py(),
        "nodes": (1u64 << n) - 1,
        "top_cluster_size": ex.algorithm_moves(),
        "rules": RULES,
    });
    let Some(path) = &grading.moves else {
        return Ok(out);
    };
    let moves = parsed_moves(
        path,
        at_most(path, 1 << 16, "the limit of 65536 moves".into()),
        parse_tree_moves,
    )?;
    out["moves"] = graded(&moves, |m| ex.play(m));
    out["cluster"] = ex
        .placed
        .iter()
        .map(|&v| json!({"node": v, "start": ex.start_of(v)}))
        .collect();
    out["complete"] = json!(ex.complete());
    out["score"] = json!(ex.score);
    out["out_of"] = json!(ex.out_of());
    out["outcome"] = serde_json::to_value(ex.outcome()).unwrap_or(Value::Null);
    Ok(out)
}
