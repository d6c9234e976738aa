//! The lesson layer's part of the divisible-load model (Li): its quiz, the work of its runs,
//! its personal instances (β drawn in steps of 0.01 on the tree of height 3, method C) and its
//! exercise (the load of each level) as the homework replay plays it.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use super::contract::{Draft, Exercises, LessonModel, Play, Shown, args, pick};
use crate::lesson::command::Planned;
use crate::model::divisible::{self, AlgorithmChoice, DivisibleParams, Method};
use crate::model::exercise::divisible::DivExercise;
use crate::model::exercise::{Grade, Tally, moves};
use crate::model::format::{Precision, number};
use crate::model::registry::{ModelParams, Scenario};
use crate::report::keys::divisible as d;

/// The divisible-load model's row.
pub struct Divisible;

/// The picture tab that shows method `m`'s schedule.
pub const fn tab(m: Method) -> &'static str {
    match m {
        Method::C => "method C",
        Method::P => "method P",
        Method::Q => "method Q",
    }
}

/// The picture tabs, the one the workspace opens on (P) first.
pub const PICTURES: [&str; 3] = [tab(Method::P), tab(Method::C), tab(Method::Q)];

/// The method picture tab `name` shows.
pub fn method_of(name: &str) -> Option<Method> {
    Method::ALL.into_iter().find(|&m| tab(m) == name)
}

impl LessonModel for Divisible {
    fn picture_shown<'a>(&self, scenario: &Scenario, chosen: &'a str) -> &'a str {
        match (DivisibleParams::of(scenario), method_of(chosen)) {
            (Some(p), Some(m)) => tab(p.algorithm.shown(m)),
            _ => chosen,
        }
    }

    fn work(&self, run: &Planned) -> f64 {
        let Planned::Divisible(p, parts) = run else {
            return 0.0;
        };
        let Ok(v) = p.validate() else {
            return 0.0;
        };
        let mut work = divisible::sweep::cost(&v).work;
        if parts.h_sweep {
            // One evaluation per height 0..=h_max (each O(h³)).
            for h in 0..=p.sweep_h_max.clamp(0, 64) {
                let at = DivisibleParams { h, ..p.clone() };
                if let Ok(w) = at.validate() {
                    work += divisible::sweep::cost(&w).work;
                }
            }
        }
        if parts.beta_sweep {
            work += divisible::sweep::beta_sweep_cost(&v, parts.beta_points).work;
        }
        work / divisible::sweep::BUDGET.work
    }

    fn question(&self, rng: &mut ChaCha8Rng, template: usize) -> Result<Draft, String> {
        let h = rng.random_range(2..=16u32);
        let beta = pick(rng, &[0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 1000.0]);
        let (hs, bs) = (h.to_string(), number(beta, Precision::Lesson));
        Ok(match template {
            0 => Draft::number(
                format!(
                    "Binary tree of height h = {h}, β = {bs}: what is T_C/T_P (how much faster is method P than method C)?"
                ),
                args(&["divisible", "--h", &hs, "--beta", &bs]),
                d::RATIO_C_OVER_P,
                0.01,
                "T_C/T_P = {answer}: P's pipeline keeps every level's links busy at once, which pays most for deep trees and large β (limits bβ + 1 against about (b − 1)β).",
            ),
            1 => {
                let (m, time) = pick(rng, &[("C", d::C_TIME), ("P", d::P_TIME), ("Q", d::Q_TIME)]);
                Draft::number(
                    format!(
                        "Binary tree of height h = {h}, β = {bs}: what is the finishing time T_N of method {m} (one unit of load, T_cm = 1)?"
                    ),
                    args(&["divisible", "--h", &hs, "--beta", &bs, "--algorithm", m]),
                    time,
                    0.01,
                    format!(
                        "T_N = {{answer}} for method {m}: every processor finishes at the same time, and one processor alone would need β = {bs}."
                    ),
                )
            }
            _ => Draft::number(
                format!(
                    "Binary tree of height h = {h} ({} processors), β = {bs}: what speedup S_N = β/T_N does method C reach?",
                    (1u64 << (h + 1)) - 1
                ),
                args(&["divisible", "--h", &hs, "--beta", &bs, "--algorithm", "C"]),
                d::C_SPEEDUP,
                0.02,
                "S_N = {answer}: C's speedup levels off near Theorem 1's S_∞ because all load crosses the root's links first.",
            ),
        })
    }
}

impl Exercises for Divisible {
    type Params = DivisibleParams;

    fn reference(&self) -> DivisibleParams {
        tree(10.0)
    }

    fn candidate(&self, pick: &mut dyn FnMut(u64) -> u64) -> Option<DivisibleParams> {
        Some(tree((200 + pick(9801)) as f64 / 100.0))
    }

    fn exercise(&self, p: &DivisibleParams) -> Result<Box<dyn Play>, String> {
        let ex = DivExercise::new(p).map_err(|e| e.0)?;
        Ok(Box::new(Levels { ex, retry: false }))
    }

    fn flags(&self, p: &DivisibleParams, flag: &mut dyn FnMut(&str, String)) {
        flag("network", p.network.name().into());
        flag("b", p.b.to_string());
        flag("h", p.h.to_string());
        flag("beta", format!("{}", p.beta));
        flag(
            "algorithm",
            match p.algorithm {
                AlgorithmChoice::All => "all".into(),
                AlgorithmChoice::Only(m) => m.name().to_lowercase(),
            },
        );
    }
}

/// The exercise and whether the next level is a retry (the last try was illegal).
#[derive(Debug, Clone)]
struct Levels {
    ex: DivExercise,
    retry: bool,
}

impl crate::model::exercise::FirstTries for Levels {
    fn history(&mut self) -> (&mut crate::model::exercise::Tries, &mut usize) {
        self.ex.history()
    }
}

impl Play for Levels {
    fn tally(&self) -> Tally {
        self.ex.tally()
    }

    fn play(&mut self, mv: &Value) -> Result<(Option<Grade>, bool), String> {
        let levels = self.ex.levels().max(1);
        let x = moves::parse_loads(&json!([mv]), levels)?
            .pop()
            .unwrap_or_default();
        let Some(g) = self.ex.play(x, !self.retry).map(|g| g.grade) else {
            return Ok((Some(Grade::after_the_end()), false));
        };
        self.retry = !g.legal;
        let legal = g.legal;
        Ok((Some(g), legal))
    }

    fn show_me(&mut self) -> Option<Shown> {
        let before = self.clone();
        let (s, note) = self.ex.shown()?;
        let mut grade = self.ex.play(s, false)?.grade;
        DivExercise::noted(&mut grade, note);
        self.retry = !grade.legal;
        let legal = grade.legal;
        Some(Shown {
            grade,
            mv: json!(s),
            before: legal.then(|| Box::new(before) as Box<dyn Play>),
        })
    }

    fn undone(&mut self) {
        self.retry = false;
    }
}

/// Tree b = 2 of height 3, method C, at `beta`: the lesson exercise's shape.
fn tree(beta: f64) -> DivisibleParams {
    DivisibleParams {
        h: 3,
        beta,
        algorithm: AlgorithmChoice::Only(Method::C),
        ..DivisibleParams::default()
    }
}
