//! The lesson layer's part of the redistribution model (Renard, Robert & Vivien): its quiz, the
//! work of its runs, its personal instances (homogeneous bidirectional rings of 5 to 7
//! processors whose optimal schedule takes 2 rounds) and its exercise (the rounds of sends) as
//! the homework replay plays it.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use super::contract::{Draft, Exercises, LessonModel, Play, Shown, args};
use crate::lesson::command::Planned;
use crate::model::exercise::redistribute::RingExercise;
use crate::model::exercise::{Grade, Tally, moves};
use crate::model::redistribute;
use crate::model::redistribute::instance::{Direction, RingInstance};
use crate::model::redistribute::params::{Algorithm, RedistParams};
use crate::model::redistribute::run::not_applicable;
use crate::report::keys::redistribute as r;

/// The redistribution model's row.
pub struct Redistribute;

/// Whole numbers as a command-line list: `2,-1,-1`.
fn comma_list(v: &[i64]) -> String {
    v.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

/// A random unbalance vector of length 4..=8 with Σδ = 0, |δ_k| ≤ 4, not all zero.
fn deltas(rng: &mut ChaCha8Rng) -> Vec<i64> {
    loop {
        let n = rng.random_range(4..=8usize);
        let mut d: Vec<i64> = (0..n - 1).map(|_| rng.random_range(-3..=3)).collect();
        let last = -d.iter().sum::<i64>();
        d.push(last);
        if last.abs() <= 4 && d.iter().any(|&x| x != 0) {
            return d;
        }
    }
}

impl LessonModel for Redistribute {
    fn work(&self, run: &Planned) -> f64 {
        let Planned::Redistribute(p, parts) = run else {
            return 0.0;
        };
        let inst = &p.instance;
        if inst.validate().is_err() || not_applicable(inst, p.algorithm).is_some() {
            return 0.0;
        }
        let mut work = redistribute::run::cost(inst, p.algorithm).work;
        if parts.tau_curve {
            work += redistribute::tau_curve::cost(inst).work;
        }
        work / redistribute::params::BUDGET.work
    }

    fn question(&self, rng: &mut ChaCha8Rng, template: usize) -> Result<Draft, String> {
        let d = deltas(rng);
        let list = comma_list(&d);
        let shown = d
            .iter()
            .map(|x| x.to_string().replace('-', "−"))
            .collect::<Vec<_>>()
            .join(", ");
        Ok(match template {
            0 => Draft::number(
                format!(
                    "Homogeneous bidirectional ring, δ = ({shown}), c = 1: how many rounds does Algorithm 3 need?"
                ),
                args(&["redistribute", "--delta", &list, "--algorithm", "alg3"]),
                r::ROUNDS,
                0.0,
                "Lemma 6's bound, max{max |δ_i|, max ⌈|δ_{k,l}|/2⌉} = {answer}: Algorithm 3 always meets it (Lemma 8).",
            ),
            1 => Draft::number(
                format!(
                    "Homogeneous unidirectional ring, δ = ({shown}), c = 1: what is the makespan of Algorithm 1?"
                ),
                args(&[
                    "redistribute",
                    "--delta",
                    &list,
                    "--direction",
                    "uni",
                    "--algorithm",
                    "alg1",
                ]),
                r::MAKESPAN,
                0.0,
                "{answer}: Lemma 1's max |δ_{k,l}| · c — the heaviest slice can only send through its last processor — and Algorithm 1 meets it.",
            ),
            _ => Draft::number(
                format!(
                    "Ring with δ = ({shown}), c = 1: what is Lemma 6's lower bound for a bidirectional ring?"
                ),
                args(&["redistribute", "--delta", &list]),
                format!("{}.Lemma 6.value", r::BOUNDS),
                0.0,
                "{answer}: one-port gives max |δ_i|, and a slice can send through both its ends, giving max ⌈|δ_{k,l}|/2⌉.",
            ),
        })
    }
}

impl Exercises for Redistribute {
    type Params = RedistParams;

    fn reference(&self) -> RedistParams {
        ring(vec![2, 1, 1, -2, -2])
    }

    /// δ_1 … δ_{n−1} drawn, δ_n = −Σ, kept when |δ_n| ≤ 2 and δ ≠ 0.
    fn candidate(&self, pick: &mut dyn FnMut(u64) -> u64) -> Option<RedistParams> {
        let n = 5 + pick(3);
        let mut delta: Vec<i64> = (1..n).map(|_| 2 - pick(5) as i64).collect();
        let last = -delta.iter().sum::<i64>();
        if last.abs() > 2 || (last == 0 && delta.iter().all(|&d| d == 0)) {
            return None;
        }
        delta.push(last);
        Some(ring(delta))
    }

    fn exercise(&self, p: &RedistParams) -> Result<Box<dyn Play>, String> {
        let ex = RingExercise::new(&p.instance).map_err(|e| e.0)?;
        Ok(Box::new(ex))
    }

    fn flags(&self, p: &RedistParams, flag: &mut dyn FnMut(&str, String)) {
        let i = &p.instance;
        flag("delta", comma_list(&i.delta));
        flag("loads", comma_list(&i.loads));
        flag("direction", i.direction.name().into());
        if let Some(c) = i.uniform_cost() {
            flag("c", format!("{c}"));
        }
    }
}

impl Play for RingExercise {
    fn tally(&self) -> Tally {
        RingExercise::tally(self)
    }

    fn play(&mut self, mv: &Value) -> Result<(Option<Grade>, bool), String> {
        let round = moves::parse_rounds(&json!([mv]))?.pop().unwrap_or_default();
        Ok((Some(RingExercise::play(self, &round).grade), true))
    }

    fn show_me(&mut self) -> Option<Shown> {
        if self.complete() {
            return None;
        }
        let pairs = match self.shown_round() {
            Ok(pairs) => pairs,
            // Off the algorithm's path: nothing is played, as in the window.
            Err(grade) => {
                return Some(Shown {
                    grade,
                    mv: json!([]),
                    before: None,
                });
            }
        };
        let mut before = self.clone();
        self.retrying = true;
        before.retrying = true;
        let grade = RingExercise::play(self, &pairs).grade;
        let mv = json!(pairs.iter().map(|&(f, t)| [f, t]).collect::<Vec<_>>());
        Some(Shown {
            grade,
            mv,
            before: Some(Box::new(before)),
        })
    }

    fn drawable(&self) -> Result<(), String> {
        RingExercise::drawable(self).map_err(|e| e.0)
    }
}

/// The homogeneous bidirectional ring of unbalances `delta`, c = 1, Algorithm 3: the lesson
/// exercise's shape.
fn ring(delta: Vec<i64>) -> RedistParams {
    RedistParams {
        instance: RingInstance::homogeneous(delta, Direction::Bi, 1.0),
        algorithm: Algorithm::Alg3,
        ..RedistParams::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn deltas_sum_to_zero() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..200 {
            let d = deltas(&mut rng);
            assert_eq!(d.iter().sum::<i64>(), 0);
            assert!(d.iter().all(|x| x.abs() <= 4));
            assert!((4..=8).contains(&d.len()));
        }
    }
}
