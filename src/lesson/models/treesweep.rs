//! The lesson layer's part of the tree-sweep model (Gao, Rosenberg & Sitaraman): its quiz, the
//! work of its runs, its personal instances (T_5 or T_6, τ drawn in steps of 10⁻⁴) and its
//! exercise (placing Fine-Grain's top cluster) as the homework replay plays it.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use super::contract::{Draft, Exercises, LessonModel, Play, Shown, args, pick};
use crate::lesson::command::Planned;
use crate::model::exercise::treesweep::TreeExercise;
use crate::model::exercise::{Grade, Tally, moves};
use crate::model::format::{Precision, number};
use crate::model::treesweep::{self, TreeSweepParams};
use crate::report::keys::treesweep as t;
use crate::report::map::TREE_SOLVE_WEIGHT;

/// The tree-sweep model's row.
pub struct TreeSweep;

impl LessonModel for TreeSweep {
    /// Fine-Grain with its exact processor counts (the summary), as the map weighs it.
    fn work(&self, run: &Planned) -> f64 {
        let Planned::TreeSweep(p, _) = run else {
            return 0.0;
        };
        if p.validate().is_err() {
            return 0.0;
        }
        let solve = TREE_SOLVE_WEIGHT * (p.n as f64).powi(2);
        solve.max(treesweep::params::cost(p).work) / treesweep::params::BUDGET.work
    }

    fn question(&self, rng: &mut ChaCha8Rng, template: usize) -> Result<Draft, String> {
        let n = rng.random_range(3..=12u32);
        let tau = pick(rng, &[1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 8.0, 16.0, 32.0, 100.0]);
        let (ns, ts) = (n.to_string(), number(tau, Precision::Lesson));
        let command = args(&["treesweep", "--n", &ns, "--tau", &ts]);
        Ok(match template {
            0 => Draft::number(
                format!(
                    "Up-sweep of T_{n} ({} nodes), τ = {ts}: what is the optimal makespan T*?",
                    (1u64 << n) - 1
                ),
                command,
                t::OPTIMAL,
                0.0,
                "T* = {answer}, Fine-Grain's makespan: a top cluster on processor 0, external subtrees picked by inequality (4).",
            ),
            1 => Draft::number(
                format!(
                    "Up-sweep of T_{n}, τ = {ts}: what makespan T_PY does Algorithm P.Y reach?"
                ),
                command,
                t::PY,
                0.0,
                "T_PY = {answer}: P.Y clusters the ⌊τ + 1⌋ nodes nearest the root on one processor and recurses below.",
            ),
            _ => Draft::number(
                format!("Up-sweep of T_{n}, τ = {ts}: what is the ratio T*/T_PY?"),
                command,
                t::RATIO,
                0.01,
                "T*/T_PY = {answer}: P.Y is within a factor 2 of the optimum, and the ratio nears 1/2 only around n ≈ lg τ + 2.",
            ),
        })
    }
}

impl Exercises for TreeSweep {
    type Params = TreeSweepParams;

    fn reference(&self) -> TreeSweepParams {
        sweep(5, 2.5)
    }

    fn candidate(&self, pick: &mut dyn FnMut(u64) -> u64) -> Option<TreeSweepParams> {
        let n = 5 + pick(2);
        Some(sweep(n, (15_000 + pick(50_001)) as f64 / 1e4))
    }

    fn exercise(&self, p: &TreeSweepParams) -> Result<Box<dyn Play>, String> {
        let ex = TreeExercise::new(p).map_err(|e| e.0)?;
        Ok(Box::new(ex))
    }

    fn flags(&self, p: &TreeSweepParams, flag: &mut dyn FnMut(&str, String)) {
        flag("n", p.n.to_string());
        flag("tau", format!("{}", p.tau));
        flag("direction", p.direction.name().into());
    }
}

impl Play for TreeExercise {
    fn tally(&self) -> Tally {
        TreeExercise::tally(self)
    }

    fn play(&mut self, mv: &Value) -> Result<(Option<Grade>, bool), String> {
        let Some(m) = moves::parse_tree_moves(&json!([mv]))?.pop() else {
            return Ok((None, false));
        };
        let g = TreeExercise::play(self, &m);
        Ok((Some(g.grade), g.played))
    }

    fn show_me(&mut self) -> Option<Shown> {
        let before = self.clone();
        let g = TreeExercise::show_me(self)?;
        let mv = match g.start {
            Some(s) => json!({"node": g.node, "start": s}),
            None => json!(g.node),
        };
        Some(Shown {
            grade: g.grade,
            mv,
            before: g.played.then(|| Box::new(before) as Box<dyn Play>),
        })
    }

    fn drawable(&self) -> Result<(), String> {
        TreeExercise::drawable(self).map_err(|e| e.0)
    }
}

/// The up-sweep of T_n at latency τ: the lesson exercise's shape.
fn sweep(n: u64, tau: f64) -> TreeSweepParams {
    TreeSweepParams {
        n,
        tau,
        ..TreeSweepParams::default()
    }
}
