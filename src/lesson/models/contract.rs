//! What a model's lesson module provides ([`LessonModel`], and [`Exercises`] on its own
//! parameters) and the shapes it fills in: a quiz question before its answer is known
//! ([`Draft`]) and its exercise as the homework replay plays it ([`Play`]); the views a lesson
//! step may name ([`ModelViews`]) are its row's data in [`super::MODELS`].

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::lesson::Kind;
use crate::lesson::command::Planned;
use crate::model::exercise::{Grade, Tally};
use crate::model::registry::{ModelParams, Scenario};

/// The lesson layer's part of one model that needs none of its parameters.
pub trait LessonModel: Sync {
    /// The quiz question of `template` (`0..quiz::TEMPLATES`) on an instance drawn from `rng`.
    fn question(&self, rng: &mut ChaCha8Rng, template: usize) -> Result<Draft, String>;

    /// The work of a planned run of this model (its parts included) as a fraction of the
    /// model's budget; 0 when its parameters are invalid (the run fails at once).
    fn work(&self, run: &Planned) -> f64;

    /// The picture tab a step on `scenario` shows when `chosen` is the tab selected: the
    /// chosen one, unless the scenario leaves the picture one thing to show (divisible's one
    /// method run).
    fn picture_shown<'a>(&self, _scenario: &Scenario, chosen: &'a str) -> &'a str {
        chosen
    }
}

/// A model's exercise on its own parameters: the lesson exercise, the personal candidates,
/// the exercise itself and the command that sets it. Every one is [`Registered`].
pub trait Exercises: LessonModel {
    /// The model's parameters.
    type Params: ModelParams;

    /// The lesson exercise every personal instance is sized like.
    fn reference(&self) -> Self::Params;

    /// One personal candidate, each choice among k values `pick(k)` (None: rejected).
    fn candidate(&self, pick: &mut dyn FnMut(u64) -> u64) -> Option<Self::Params>;

    /// The exercise the parameters set (the GUI's checks: [`Play::drawable`]).
    fn exercise(&self, params: &Self::Params) -> Result<Box<dyn Play>, String>;

    /// The `loadlab exercise` flags that set the same instance, each given to `flag`.
    fn flags(&self, params: &Self::Params, flag: &mut dyn FnMut(&str, String));
}

/// What the registry holds of a model: [`LessonModel`], and [`Exercises`] on scenarios (a row
/// is only handed its own model's).
pub trait Registered: LessonModel {
    /// [`Exercises::reference`].
    fn reference(&self) -> Scenario;
    /// [`Exercises::candidate`].
    fn candidate(&self, pick: &mut dyn FnMut(u64) -> u64) -> Option<Scenario>;
    /// [`Exercises::exercise`].
    fn exercise(&self, scenario: &Scenario) -> Result<Box<dyn Play>, String>;
    /// [`Exercises::flags`] (none for another model's scenario).
    fn flags(&self, scenario: &Scenario, flag: &mut dyn FnMut(&str, String));
}

/// The parameters of `scenario`, which must be model `P`'s.
fn own<P: ModelParams>(scenario: &Scenario) -> Result<&P, String> {
    P::of(scenario).ok_or_else(|| {
        format!(
            "a {} scenario handed to the {} row",
            scenario.model_name(),
            P::MODEL.name()
        )
    })
}

impl<M: Exercises> Registered for M {
    fn reference(&self) -> Scenario {
        Exercises::reference(self).into_scenario()
    }
    fn candidate(&self, pick: &mut dyn FnMut(u64) -> u64) -> Option<Scenario> {
        Exercises::candidate(self, pick).map(ModelParams::into_scenario)
    }
    fn exercise(&self, scenario: &Scenario) -> Result<Box<dyn Play>, String> {
        Exercises::exercise(self, own(scenario)?)
    }
    fn flags(&self, scenario: &Scenario, flag: &mut dyn FnMut(&str, String)) {
        if let Ok(p) = own(scenario) {
            Exercises::flags(self, p, flag);
        }
    }
}

/// The views a lesson step may name in one model's workspace.
#[derive(Debug, Clone, Copy)]
pub struct ModelViews {
    /// The picture tabs (empty: the picture has no tabs), the one the workspace opens on
    /// first (a lesson step that names none shows it: [`crate::lesson::Lesson::views_at`]).
    pub pictures: &'static [&'static str],
    /// The plots (empty: nothing to choose), the one the workspace opens on first.
    pub plots: &'static [&'static str],
    /// The captions of the controls a step may highlight (`Control("β")`), exactly as the
    /// controls column shows them on the default instance and the bundled presets (a kittest
    /// keeps the list equal to what the workspace draws).
    pub controls: &'static [&'static str],
}

/// A quiz question before its answer is known.
pub struct Draft {
    /// The question.
    pub prompt: String,
    /// A number or a choice.
    pub kind: Kind,
    /// The choices of a choice question.
    pub choices: Vec<String>,
    /// Tolerance as a fraction of the answer (0 for exact answers).
    pub relative: f64,
    /// Explanation, with `{answer}` replaced by the computed answer.
    pub explanation: String,
    /// The check's command (without `loadlab` and `--json`).
    pub command: Vec<String>,
    /// The check's field.
    pub field: String,
}

impl Draft {
    /// A number question: its answer is `command`'s `field`, within `relative` of it.
    pub fn number(
        prompt: String,
        command: Vec<String>,
        field: impl Into<String>,
        relative: f64,
        explanation: impl Into<String>,
    ) -> Draft {
        Draft {
            prompt,
            kind: Kind::Number,
            choices: Vec::new(),
            relative,
            explanation: explanation.into(),
            command,
            field: field.into(),
        }
    }
}

/// A command's words.
pub fn args(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| s.to_string()).collect()
}

/// One of `from`, drawn from `rng`.
pub fn pick<T: Copy>(rng: &mut ChaCha8Rng, from: &[T]) -> T {
    from[rng.random_range(0..from.len())]
}

/// What Show me played.
pub struct Shown {
    /// Its grade (never a first try).
    pub grade: Grade,
    /// The algorithm's move, in the move files' JSON.
    pub mv: Value,
    /// The state Undo returns to (None: the move cannot be taken back).
    pub before: Option<Box<dyn Play>>,
}

/// One model's exercise as the homework replay plays it, with the GUI's "Your turn" rules.
pub trait Play: std::fmt::Debug + Boxed + Spent {
    /// Where the exercise stands (its model's `tally`).
    fn tally(&self) -> Tally;
    /// Plays the student's move `mv`: its grade (once nothing is left to decide, refused:
    /// [`Grade::after_the_end`]; None: the move file held no move) and whether Undo can take it
    /// back, or why the move cannot be read.
    fn play(&mut self, mv: &Value) -> Result<(Option<Grade>, bool), String>;
    /// Show me: plays the algorithm's move (None: nothing left to show).
    fn show_me(&mut self) -> Option<Shown>;
    /// Why the GUI cannot draw the exercise (too large to click), if it cannot.
    fn drawable(&self) -> Result<(), String> {
        Ok(())
    }
    /// Returned to by Undo.
    fn undone(&mut self) {}
}

/// The tries spent and the score of a [`Play`], which Undo keeps: every exercise that keeps
/// [`crate::model::exercise::FirstTries`].
pub trait Spent {
    /// The tries spent and the score.
    fn spent(&mut self) -> (&mut crate::model::exercise::Tries, &mut usize);
}

impl<T: crate::model::exercise::FirstTries> Spent for T {
    fn spent(&mut self) -> (&mut crate::model::exercise::Tries, &mut usize) {
        self.history()
    }
}

/// A copy of an exercise being played, for Undo to return to (every [`Play`] that is
/// `Clone` is one).
pub trait Boxed {
    /// The copy.
    fn boxed(&self) -> Box<dyn Play>;
}

impl<T: Play + Clone + 'static> Boxed for T {
    fn boxed(&self) -> Box<dyn Play> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Play> {
    fn clone(&self) -> Box<dyn Play> {
        self.boxed()
    }
}
