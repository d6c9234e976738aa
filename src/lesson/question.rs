//! A lesson's question ([`Question`]): its kind, its [`Check`] (the CLI command whose run
//! holds the answer), the answer read from that run, and how a reply is graded.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::model::format::{Precision, number};
use crate::model::registry::Scenario;
use crate::model::{NoProgress, Progress};
use crate::report::{self, Render};

use super::command::{self, Planned};
use super::cost;

/// How a question is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// A number, right within `tolerance`.
    Number,
    /// One of `choices`.
    Choice,
}

impl Kind {
    /// The CLI's name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Number => "number",
            Kind::Choice => "choice",
        }
    }
}

/// A predict-then-reveal question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// What is asked.
    pub prompt: String,
    /// Number or choice.
    pub kind: Kind,
    /// The choices (for [`Kind::Choice`]).
    #[serde(default)]
    pub choices: Vec<String>,
    /// Largest accepted |typed − answer| (for [`Kind::Number`]).
    #[serde(default)]
    pub tolerance: f64,
    /// One sentence said after the answer.
    pub explanation: String,
    /// Where the answer comes from.
    pub check: Check,
    /// Report fields of the check's run whose values the prompt states ("T* is 179": grs's
    /// `optimal`): shown while the question is open, even with the future hidden. `--check`
    /// refuses one the prompt does not write, or one that gives the answer away.
    #[serde(default)]
    pub states: Vec<String>,
}

/// Longest argument [`Check::command_line`] shows whole.
pub const SHOWN_ARGUMENT_CHARS: usize = 200;

/// A loadlab command line (without `loadlab` and `--json`) and the dot path of the answer in
/// its JSON output (`algorithms.C.time`, `work.2`, `rounds`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// The arguments, e.g. `["treesweep", "--n", "5", "--tau", "3"]`.
    pub command: Vec<String>,
    /// Dot path into the JSON object, numeric parts index lists.
    pub field: String,
}

impl Check {
    /// The command as one shell line (`loadlab treesweep --n 5 --json`). An argument longer
    /// than [`SHOWN_ARGUMENT_CHARS`] is shown by its start and its length (messages stay one
    /// readable line; the JSON lists the arguments whole).
    pub fn command_line(&self) -> String {
        let mut s = String::from("loadlab");
        for a in &self.command {
            s.push(' ');
            let length = a.chars().count();
            if length > SHOWN_ARGUMENT_CHARS {
                let head: String = a.chars().take(24).collect();
                s.push_str(&format!("'{head}…' ({length} characters)"));
                continue;
            }
            s.push_str(&crate::command::shell_word(a));
        }
        s.push_str(" --json");
        s
    }

    /// The run the command asks for (its parameters and the report's parts), read without
    /// running anything.
    pub fn planned(&self) -> Result<Planned, String> {
        command::parse(&self.command).map_err(|e| format!("`{}`: {e}", self.command_line()))
    }

    /// Runs the command in-process and returns its run result as JSON: the object
    /// `loadlab <command…> --json` prints.
    pub fn json(&self, progress: &dyn Progress) -> Result<Value, String> {
        self.run(progress).map(|r| r.json())
    }

    /// Runs the command in-process: its run result.
    pub fn run(&self, progress: &dyn Progress) -> Result<report::ModelRun, String> {
        self.planned()?
            .run(progress)
            .map_err(|e| format!("`{}`: {e}", self.command_line()))
    }

    /// The value at [`Check::field`] of `run`'s JSON.
    pub(super) fn read_field(&self, run: &report::ModelRun) -> Result<Value, String> {
        report::field(&run.json(), &self.field)
            .cloned()
            .ok_or_else(|| format!("`{}` has no field {:?}", self.command_line(), self.field))
    }

    /// The value at [`Check::field`] of the command's run result.
    pub fn value(&self, progress: &dyn Progress) -> Result<Value, String> {
        self.read_field(&self.run(progress)?)
    }

    /// The scenario the command runs (what "show me" loads).
    pub fn scenario(&self) -> Result<Scenario, String> {
        Ok(self.planned()?.scenario())
    }

    /// Estimated seconds of the command's run ([`cost::seconds`]; a command that does not
    /// read fails at once).
    pub fn seconds(&self) -> f64 {
        self.planned().map_or(0.0, |p| cost::seconds(&p))
    }
}

/// A question's answer with what gives it away on its check's run.
#[derive(Debug, Clone, PartialEq)]
pub struct Asked {
    /// The answer.
    pub answer: Answer,
    /// The run's quantities that determine it (hidden until Reveal).
    pub giveaway: report::Giveaway,
}

/// A question's answer, as computed by its check.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// A number.
    Number(f64),
    /// One of the choices.
    Choice(String),
}

impl Answer {
    /// As JSON (a number or a string).
    pub fn json(&self) -> Value {
        match self {
            Answer::Number(x) => number_json(*x),
            Answer::Choice(s) => Value::String(s.clone()),
        }
    }

    /// As shown to the student.
    pub fn text(&self) -> String {
        match self {
            Answer::Number(x) => number(*x, Precision::Lesson),
            Answer::Choice(s) => s.clone(),
        }
    }
}

/// A number as JSON: integral values as integers.
fn number_json(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 9e15 {
        Value::from(x as i64)
    } else {
        serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)
    }
}

/// A JSON scalar as a choice's text (`3`, `"ks"`, `true`).
fn choice_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(
            n.as_f64()
                .map_or_else(|| n.to_string(), |x| number(x, Precision::Lesson)),
        ),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// A typed number: a decimal point or a decimal comma ("7.6" and "7,6" are both 7.6), a power
/// ("2^10"), an exponent ("1e3"). A comma is a decimal comma only when it is the reply's one
/// comma and there is no point: "7,6,5" (a list) and "1,000.5" are not numbers.
pub fn read_reply(reply: &str) -> Result<f64, crate::model::num::NumError> {
    use crate::model::num::{NumError, parse_real};
    // The typographic minus (as the papers print it) is a minus.
    let t = reply.trim().replace('\u{2212}', "-");
    let decimal_comma = t.matches(',').count() == 1 && !t.contains('.');
    let x = if decimal_comma {
        parse_real(&t.replacen(',', ".", 1))?
    } else {
        parse_real(&t)?
    };
    // "inf" and "NaN" parse as f64 but are no one's answer.
    if x.is_finite() {
        Ok(x)
    } else {
        Err(NumError::NotANumber(reply.trim().to_string()))
    }
}

/// How a typed reply compares with the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grade {
    /// Right (within the tolerance).
    Right,
    /// Wrong.
    Wrong,
    /// Not a number (for a number question) or not a choice.
    Unreadable,
}

impl Question {
    /// The answer: the check's value, read as this question's kind.
    pub fn answer(&self) -> Result<Answer, String> {
        self.answer_with(&NoProgress)
    }

    /// [`Question::answer`], reporting to `progress` (and stopping when it is cancelled).
    pub fn answer_with(&self, progress: &dyn Progress) -> Result<Answer, String> {
        let v = self.check.value(progress)?;
        self.read(&v)
    }

    /// The answer and what gives it away on the check's run ([`report::Giveaway`]), from one
    /// run of the check.
    pub fn asked_with(&self, progress: &dyn Progress) -> Result<Asked, String> {
        let run = self.check.run(progress)?;
        let answer = self.read(&self.check.read_field(&run)?)?;
        let giveaway = run.determines(&self.check.field);
        Ok(Asked { answer, giveaway })
    }

    /// Reads a check's value as this question's kind.
    pub(super) fn read(&self, v: &Value) -> Result<Answer, String> {
        match self.kind {
            Kind::Number => v.as_f64().map(Answer::Number).ok_or_else(|| {
                format!(
                    "field {:?} of `{}` is {v}, not a number",
                    self.check.field,
                    self.check.command_line()
                )
            }),
            Kind::Choice => {
                let text = choice_text(v)
                    .ok_or_else(|| format!("field {:?} is {v}, not a choice", self.check.field))?;
                if self.choices.contains(&text) {
                    Ok(Answer::Choice(text))
                } else {
                    Err(format!(
                        "the answer {text:?} (field {:?} of `{}`) is not one of the choices {:?}",
                        self.check.field,
                        self.check.command_line(),
                        self.choices
                    ))
                }
            }
        }
    }

    /// Grades a reply against the answer.
    pub fn grade(&self, answer: &Answer, reply: &str) -> Grade {
        match answer {
            Answer::Number(a) => match read_reply(reply) {
                Ok(x) if (x - a).abs() <= self.tolerance.max(0.0) + 1e-9 * a.abs() => Grade::Right,
                Ok(_) => Grade::Wrong,
                Err(_) => Grade::Unreadable,
            },
            Answer::Choice(a) => {
                if reply == a {
                    Grade::Right
                } else if self.choices.iter().any(|c| c == reply) {
                    Grade::Wrong
                } else {
                    Grade::Unreadable
                }
            }
        }
    }

    /// The contract's JSON object, with the computed answer (or `null` if it failed).
    pub fn json(&self, answer: Option<&Answer>) -> Value {
        serde_json::json!({
            "prompt": self.prompt,
            "kind": self.kind.name(),
            "choices": self.choices,
            "answer": answer.map_or(Value::Null, Answer::json),
            "tolerance": number_json(self.tolerance),
            "explanation": self.explanation,
            "check": {"command": self.check.command, "field": self.check.field},
            "states": self.states,
        })
    }

    /// Why a field of [`Question::states`] is not one the prompt states: the prompt does not
    /// write its value (lesson precision), or it gives the answer away on the check's run.
    pub(super) fn stated_errors(&self) -> Vec<String> {
        if self.states.is_empty() {
            return Vec::new();
        }
        let Ok(run) = self.check.run(&NoProgress) else {
            return Vec::new(); // the check's own error is reported
        };
        let (json, giveaway) = (run.json(), run.determines(&self.check.field));
        let mut e = Vec::new();
        for f in &self.states {
            let value = report::field(&json, f).and_then(Value::as_f64);
            if !value.is_some_and(|v| self.prompt.contains(&number(v, Precision::Lesson))) {
                e.push(format!(
                    "states {f:?}, but the prompt does not write its value"
                ));
            }
            if giveaway.hides(f) {
                e.push(format!("states {f:?}, which gives the answer away"));
            }
        }
        e
    }

    /// Static checks (no model run): the kind's fields are consistent.
    pub(super) fn shape_errors(&self) -> Vec<String> {
        let mut e = Vec::new();
        if self.prompt.trim().is_empty() {
            e.push("the prompt is empty".to_string());
        }
        if self.check.command.is_empty() {
            e.push("check.command is empty".to_string());
        }
        if !(self.tolerance >= 0.0 && self.tolerance.is_finite()) {
            e.push(format!(
                "tolerance {} must be a finite number ≥ 0",
                self.tolerance
            ));
        }
        match self.kind {
            Kind::Choice if self.choices.len() < 2 => {
                e.push("a choice question needs at least two choices".to_string())
            }
            Kind::Number if !self.choices.is_empty() => {
                e.push("a number question takes no choices".to_string())
            }
            _ => {}
        }
        e
    }
}
