//! The lesson layer's part of the KS-BF model (Gao & Rosenberg): its quiz, the work of its runs,
//! its personal instances (random trees and grids of the lesson exercise's 15 nodes on 2 to 9
//! PEs) and its exercise (each node's PE and step) as the homework replay plays it.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use super::contract::{Draft, Exercises, LessonModel, Play, Shown, args};
use crate::lesson::command::Planned;
use crate::lesson::{Check, Kind};
use crate::model::NoProgress;
use crate::model::exercise::ksbf::{KsbfExercise, Prediction};
use crate::model::exercise::{Grade, Tally, moves};
use crate::model::ksbf::{self, KsbfParams, Shape};
use crate::report::keys::ksbf as k;

/// The depth cap of a random KS-BF workload (its node count is the size class's).
pub const RANDOM_DEPTH: u32 = 6;
/// The spawn probability of a random KS-BF workload.
pub const SPAWN: f64 = 0.6;
/// The seeds a KS-BF candidate draws for a workload of the size class.
pub const SEEDS: usize = 256;

/// The KS-BF model's row.
pub struct Ksbf;

impl LessonModel for Ksbf {
    /// With the records of small instances, as `loadlab ksbf` runs it.
    fn work(&self, run: &Planned) -> f64 {
        match run {
            Planned::Ksbf(p, _) if p.validate().is_ok() => ksbf::cost(p).work / ksbf::BUDGET.work,
            _ => 0.0,
        }
    }

    fn question(&self, rng: &mut ChaCha8Rng, template: usize) -> Result<Draft, String> {
        let n = rng.random_range(3..=7u32);
        let p = rng.random_range(2..=6u32);
        let (ns, ps) = (n.to_string(), p.to_string());
        Ok(match template {
            0 => {
                let node = rng.random_range(2..(1u64 << n));
                let command = args(&["ksbf", "--n", &ns, "--p", &ps, "--assignments"]);
                // The answer is the model's: find the node's entry in its own assignment list.
                let check = Check {
                    command: command.clone(),
                    field: k::ASSIGNMENTS.into(),
                };
                let out = check.value(&NoProgress)?;
                let index = out
                    .as_array()
                    .and_then(|a| {
                        a.iter()
                            .position(|e| e.get("node").and_then(Value::as_u64) == Some(node))
                    })
                    .ok_or_else(|| format!("node {node} is missing from the assignments"))?;
                Draft {
                    prompt: format!("T_{n} on the ring R_{p} under KS-BF: which PE runs node {node} (heap numbering: root 1, children 2k and 2k + 1)? Answer k of P_k."),
                    kind: Kind::Choice,
                    choices: (0..p).map(|i| i.to_string()).collect(),
                    relative: 0.0,
                    explanation: "P_{answer}: Lemma 1.1(a) puts a node on P_(Wgt mod p), Wgt = the number of right turns (odd heap numbers) on its path from the root.".into(),
                    command,
                    field: format!("{}.{index}.pe", k::ASSIGNMENTS),
                }
            }
            1 => Draft::number(
                format!(
                    "T_{n} ({} nodes) on the ring R_{p} under KS-BF: what is the makespan in steps?",
                    (1u64 << n) - 1
                ),
                args(&["ksbf", "--n", &ns, "--p", &ps]),
                k::MAKESPAN,
                0.0,
                "{answer} steps: P_i starts at step i and works without a break (Theorem 2.2), so the makespan is at most p + max W_i.",
            ),
            _ => {
                let i = rng.random_range(0..p);
                Draft::number(
                    format!(
                        "T_{n} on the ring R_{p} under KS-BF: how many tasks does P_{i} execute (its work W_{i})?"
                    ),
                    args(&["ksbf", "--n", &ns, "--p", &ps]),
                    format!("{}.{i}", k::WORK),
                    0.0,
                    format!(
                        "W_{i} = {{answer}}: the nodes whose weight (number of right turns) is ≡ {i} mod {p} (Theorem 2.1)."
                    ),
                )
            }
        })
    }
}

impl Exercises for Ksbf {
    type Params = KsbfParams;

    fn reference(&self) -> KsbfParams {
        workload(Shape::Tree, 2)
    }

    /// A random shape and ring, then seeds until the workload has the size class's nodes.
    fn candidate(&self, pick: &mut dyn FnMut(u64) -> u64) -> Option<KsbfParams> {
        let shape = [Shape::RandomTree, Shape::RandomGrid][pick(2) as usize];
        let p = 2 + pick(8) as u32;
        let nodes = |w: &KsbfParams| {
            let ex = Exercises::exercise(self, w)?;
            ex.drawable().map(|()| ex.tally().out_of)
        };
        let class = nodes(&Exercises::reference(self)).ok()?;
        for _ in 0..SEEDS {
            let w = KsbfParams {
                seed: pick(1 << 32),
                spawn_prob: SPAWN,
                ..workload(shape, p)
            };
            if nodes(&w) == Ok(class) {
                return Some(w);
            }
        }
        None
    }

    fn exercise(&self, p: &KsbfParams) -> Result<Box<dyn Play>, String> {
        Ok(Box::new(KsbfExercise::new(p).map_err(|e| e.0)?))
    }

    fn flags(&self, p: &KsbfParams, flag: &mut dyn FnMut(&str, String)) {
        flag("shape", p.shape.name().into());
        flag("n", p.n.to_string());
        flag("p", p.p.to_string());
        flag("seed", p.seed.to_string());
        flag("spawn-prob", format!("{}", p.spawn_prob));
    }
}

impl Play for KsbfExercise {
    fn tally(&self) -> Tally {
        KsbfExercise::tally(self)
    }

    fn play(&mut self, mv: &Value) -> Result<(Option<Grade>, bool), String> {
        let grid = self.params().shape.is_grid();
        let Some(p) = moves::parse_predictions(&json!([mv]), grid)?.pop() else {
            return Ok((None, false));
        };
        Ok((Some(KsbfExercise::play(self, &p).grade), true))
    }

    fn show_me(&mut self) -> Option<Shown> {
        let before = self.clone();
        let r = *self.next()?;
        if let Some(i) = self.order.iter().position(|x| x.node == r.node) {
            self.tried.spend(i);
        }
        let p = Prediction {
            node: r.node,
            pe: i64::from(r.pe),
            step: r.step as i64,
        };
        let grade = KsbfExercise::play(self, &p).grade;
        Some(Shown {
            grade,
            mv: json!({"node": moves::node_json(p.node), "pe": p.pe, "step": p.step}),
            before: Some(Box::new(before)),
        })
    }

    fn drawable(&self) -> Result<(), String> {
        KsbfExercise::drawable(self).map_err(|e| e.0)
    }
}

/// A workload of `shape` on the ring of `p` PEs (T_4, the 5 × 5 grid, or a random one).
fn workload(shape: Shape, p: u32) -> KsbfParams {
    let n = match shape {
        Shape::Tree => 4,
        Shape::Grid => 5,
        _ => RANDOM_DEPTH,
    };
    KsbfParams {
        shape,
        n,
        p,
        ..KsbfParams::default()
    }
}
