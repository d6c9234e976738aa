//! Exercise steps of a lesson (issue 25): `exercise: Some((prompt: "…", pass: 3))` asks the
//! student to perform the model's algorithm on the step's scenario ("Your turn"); the player
//! grades it like a question — passed when the moves right at the first try reach the pass
//! mark. `lesson --check` sets the exercise on the scenario to validate it.
//!
//! `exercise: Some((prompt: "…", pass: 3, personal: true))` plays the student's personal
//! instance instead ([`crate::lesson::homework::personal`]): the player asks for the name and
//! course key on reaching the step. The step's own scenario is what shows until then and what
//! `lesson --check` validates; it must be of the personal instances' size class (the lesson
//! exercise's number of moves), so that the pass mark means the same for every student.

use serde::{Deserialize, Serialize};

use crate::model::registry::Scenario;

/// An exercise step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExerciseStep {
    /// What to do, in the paper's words.
    pub prompt: String,
    /// Moves right at the first try needed to pass (at least 1, at most the exercise's
    /// moves).
    pub pass: usize,
    /// Play the student's personal instance (asked for by name on reaching the step).
    #[serde(default)]
    pub personal: bool,
}

impl ExerciseStep {
    /// Why the step is not a valid exercise on `scenario` (empty: valid).
    pub fn errors(&self, scenario: &Scenario) -> Vec<String> {
        let mut e = Vec::new();
        if self.prompt.trim().is_empty() {
            e.push("exercise: the prompt is empty".to_string());
        }
        use crate::lesson::homework::personal;
        match personal::size_class(scenario) {
            Err(why) => e.push(format!("exercise: {why}")),
            Ok(k) if self.pass == 0 || self.pass > k => e.push(format!(
                "exercise: pass: {} is not between 1 and the exercise's {k} moves",
                self.pass
            )),
            Ok(k) if self.personal => {
                let class = personal::size_class(&personal::reference(scenario.model()));
                match class {
                    Ok(c) if c != k => e.push(format!(
                        "exercise: personal: the step's scenario has {k} moves, a personal \
                         {} instance has {c}: give the step an instance of {c} moves",
                        scenario.model_name()
                    )),
                    Ok(_) => {}
                    Err(why) => e.push(format!("exercise: personal: {why}")),
                }
            }
            Ok(_) => {}
        }
        e
    }

    /// Passed with `score` moves right at the first try.
    pub fn passed(&self, score: usize) -> bool {
        score >= self.pass
    }
}
