//! The lesson layer's part of the geometric-decaying model (Gil & Matias): its quiz, the work of
//! its runs, its personal instances (n = 2³⁰, p and ℓ drawn) and its exercise (balance or go
//! on, before each round) as the homework replay plays it.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use super::contract::{Draft, Exercises, LessonModel, Play, Shown, args};
use crate::lesson::Kind;
use crate::lesson::command::Planned;
use crate::model::exercise::geodecay::GeoExercise;
use crate::model::exercise::{Grade, Tally, moves};
use crate::model::geodecay::{self, GeoParams, Policy};
use crate::report::keys::geodecay as g;

/// The geometric-decaying model's row.
pub struct Geodecay;

impl LessonModel for Geodecay {
    fn work(&self, run: &Planned) -> f64 {
        let Planned::Geodecay(p, parts) = run else {
            return 0.0;
        };
        let Ok(v) = p.validate() else {
            return 0.0;
        };
        let parts = crate::report::geodecay::parts_cost(&v, parts);
        let work: f64 = parts.iter().map(|part| part.cost.work).sum();
        work / geodecay::params::BUDGET.work
    }

    fn question(&self, rng: &mut ChaCha8Rng, template: usize) -> Result<Draft, String> {
        let a = rng.random_range(12..=30u32);
        let b = rng.random_range(2..=12u32.min(a - 4));
        let l = rng.random_range(1..=16u32);
        let (n, p, ell) = (format!("2^{a}"), format!("2^{b}"), format!("2^{l}"));
        Ok(match template {
            0 | 1 => {
                // The same count under Theorem 1's standard and Theorem 2's improved policy.
                let (policy, parts, why) = [
                    (
                        "standard",
                        "",
                        "the standard policy balances before every round until at most c·p tasks remain, about lg(n/p) times (Theorem 1)",
                    ),
                    (
                        "improved",
                        " (initialisation phase plus phases)",
                        "one per round while n/p·2^(−r) ≥ ℓ, then one per phase of ⌈ℓ/x_i⌉ rounds — O(lg* ℓ) phases (Theorem 2)",
                    ),
                ][template];
                Draft::number(
                    format!(
                        "n = {n} tasks, p = {p} processors, α = 1, ℓ = {ell}: how many load balancings does the {policy} policy make{parts}?"
                    ),
                    args(&[
                        "geodecay", "--n", &n, "--p", &p, "--ell", &ell, "--policy", policy,
                    ]),
                    g::BALANCINGS,
                    0.0,
                    format!("{{answer}}: {why}."),
                )
            }
            _ => {
                let k = rng.random_range(1..=64u32);
                let ell = format!("2^{k}");
                Draft {
                    prompt: format!("What is lg* ℓ for ℓ = {ell} (apply lg, at least once, until the value is at most 2)?"),
                    kind: Kind::Choice,
                    choices: (0..=5).map(|i| i.to_string()).collect(),
                    relative: 0.0,
                    explanation: "lg* ℓ = {answer}: the number of phases of the improved policy grows like lg* ℓ, almost a constant.".into(),
                    command: args(&["geodecay", "--n", &n, "--p", &p, "--ell", &ell]),
                    field: g::LG_STAR_ELL.into(),
                }
            }
        })
    }
}

impl Exercises for Geodecay {
    type Params = GeoParams;

    fn reference(&self) -> GeoParams {
        decay(16, 30.0)
    }

    fn candidate(&self, pick: &mut dyn FnMut(u64) -> u64) -> Option<GeoParams> {
        let b = 13 + pick(7) as u32;
        Some(decay(b, (1000 + pick(5001)) as f64 / 100.0))
    }

    fn exercise(&self, p: &GeoParams) -> Result<Box<dyn Play>, String> {
        Ok(Box::new(GeoExercise::new(p).map_err(|e| e.0)?))
    }

    fn flags(&self, p: &GeoParams, flag: &mut dyn FnMut(&str, String)) {
        flag("n", p.n.to_string());
        flag("p", p.p.to_string());
        flag("alpha", format!("{}", p.alpha));
        flag("ell", format!("{}", p.ell));
        flag("c", format!("{}", p.c));
        flag("survivors", p.survivors.name().into());
    }
}

impl Play for GeoExercise {
    fn tally(&self) -> Tally {
        GeoExercise::tally(self)
    }

    fn play(&mut self, mv: &Value) -> Result<(Option<Grade>, bool), String> {
        let b = moves::parse_decisions(&json!([mv]))?
            .pop()
            .unwrap_or_default();
        Ok(match GeoExercise::play(self, b, true) {
            Some(g) => (Some(g.grade), true),
            None => (Some(Grade::after_the_end()), false),
        })
    }

    fn show_me(&mut self) -> Option<Shown> {
        let before = self.clone();
        let probe = self.grade(true, false)?;
        let balance = probe.time_if_balance <= probe.time_if_not;
        Some(Shown {
            grade: GeoExercise::play(self, balance, false)?.grade,
            mv: json!(balance),
            before: Some(Box::new(before)),
        })
    }
}

/// n = 2³⁰ tasks on p = 2^b processors, α = 1, the optimal policy: the lesson exercise's shape.
fn decay(b: u32, ell: f64) -> GeoParams {
    GeoParams {
        n: 1 << 30,
        p: 1 << b,
        alpha: 1.0,
        ell,
        policy: Policy::Optimal,
        ..GeoParams::default()
    }
}
