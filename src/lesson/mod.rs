//! Lessons (a path through one paper: steps with a scenario, a text and an optional question)
//! and generated quizzes.
//!
//! A lesson is a strict RON file (`deny_unknown_fields`):
//!
//! ```ron
//! (
//!     name: "li", title: "…", model: Divisible,
//!     steps: [
//!         (title: "…", text: "…", scenario: Preset("default"), step: 3,
//!          view: Some((plots: Some(false), picture: Some("method P"))),
//!          highlight: Some(Control("β")),
//!          question: Some((prompt: "…", kind: Number, tolerance: 0.05, explanation: "…",
//!                          check: (command: ["divisible", "--h", "15"], field: "ratio_c_over_p")))),
//!     ],
//! )
//! ```
//!
//! No answer is ever written by hand: a question's answer is what its [`Check`] finds, i.e.
//! the value at the dot path `field` ([`report::field`], as the maps read their metrics) of
//! the run result whose JSON `loadlab <command…> --json` prints. The command is read into the
//! model's parameters by the CLI's own grammar ([`command`], [`crate::command`]) and run
//! in-process by the report, so the answer is the CLI's own number by construction. Before
//! anything runs, the lesson's runs are estimated and held to one budget as a whole
//! ([`cost`]). Nothing here depends on egui or on the CLI.

pub mod authoring;
pub mod bundled;
pub mod command;
pub mod cost;
pub mod exercise;
pub mod homework;
pub mod models;
mod path;
mod question;
pub mod quiz;
pub mod views;

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::model::format::{Precision, number};
use crate::model::registry::{ModelId, Scenario};
use crate::model::{Cancelled, NoProgress, Progress};
use crate::preset;
use crate::report::{self, Stages};

pub use bundled::{BUNDLED, Listing, find_bundled, find_bundled_at, listings};
pub use command::Planned;
pub use cost::LESSON_SECONDS;
pub use question::*;
pub use quiz::{QuizQuestion, quiz, quiz_with};
pub use views::{Highlight, Region};

/// The lesson format version this build writes and the newest it reads.
pub const VERSION: u32 = 1;

/// A lesson: a sequence of steps through one model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Format version (see [`VERSION`]); 1 when absent.
    #[serde(default = "one")]
    pub version: u32,
    /// Short name (the CLI's `loadlab lesson NAME`).
    pub name: String,
    /// Title shown in menus and the player.
    pub title: String,
    /// The model every step's scenario belongs to.
    pub model: ModelId,
    /// The steps, in order.
    pub steps: Vec<LessonStep>,
}

fn one() -> u32 {
    1
}

/// One step of a lesson.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonStep {
    /// Heading.
    pub title: String,
    /// What to look at and why, in the paper's notation.
    pub text: String,
    /// The scenario the desk shows during this step.
    pub scenario: StepScenario,
    /// The step bar's position (0 = the start).
    #[serde(default)]
    pub step: usize,
    /// Which regions of the workspace to show, and which picture tab and plot.
    #[serde(default)]
    pub view: Option<ViewHint>,
    /// A region or a control to outline while the step is shown.
    #[serde(default)]
    pub highlight: Option<Highlight>,
    /// A "try it yourself" step: the controls are shown and the text says what to change.
    #[serde(default)]
    pub try_it: bool,
    /// A question asked before the answer is revealed.
    #[serde(default)]
    pub question: Option<Question>,
    /// An exercise on the step's scenario ("Your turn"), passed at a number of first tries.
    #[serde(default)]
    pub exercise: Option<exercise::ExerciseStep>,
}

impl LessonStep {
    /// The findings of Help ▸ What we found in the paper its text cites as `finding ID` (an
    /// id holds a hyphen: `grs-half`), in order, each once; an id that names none is an error
    /// of the lesson (its text).
    pub fn cited_findings(&self) -> Vec<Result<&'static crate::model::errata::Finding, String>> {
        let mut out = Vec::new();
        for (at, _) in self.text.match_indices("finding ") {
            let rest = &self.text[at + "finding ".len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .unwrap_or(rest.len());
            let id = rest[..end].trim_end_matches('-');
            if !id.contains('-') {
                continue;
            }
            let cited = crate::model::errata::find(id)
                .ok_or_else(|| format!("text: cites finding {id}, which names no finding"));
            if !out.contains(&cited) {
                out.push(cited);
            }
        }
        out
    }
}

/// Where a step's scenario comes from.
#[allow(clippy::large_enum_variant)] // one per lesson step: size does not matter
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum StepScenario {
    /// A bundled preset, by file name without `.ron` (see `loadlab presets`).
    Preset(String),
    /// The scenario itself (fields left out take the model's defaults).
    Inline(Scenario),
}

/// Which regions of the workspace a step shows (`None` leaves a region as it is), and which
/// picture tab and plot (names from [`views::pictures`] and [`views::plots`]).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ViewHint {
    /// The controls column; `None` keeps what the steps before chose, from the switches the
    /// lesson found (the same for the plots and the numbers).
    pub controls: Option<bool>,
    /// The plots column.
    pub plots: Option<bool>,
    /// The numbers strip.
    pub numbers: Option<bool>,
    /// The picture tab (`"Gantt"`, `"method P"`, …); `None` keeps the steps' before
    /// ([`Lesson::views_at`]).
    pub picture: Option<String>,
    /// The plot (`"speedup vs β"`, `"ratio T*/T_PY vs n"`, …); `None` as for the picture.
    pub plot: Option<String>,
    /// Hide the future from this step on (`Some(true)`), or show it again (`Some(false)`):
    /// every stepped view then draws only what has happened by the step bar, and the numbers
    /// that give the answer away wait for the last step. `None` keeps what the steps before
    /// chose; a lesson starts with the future shown ([`Lesson::hides_future`]).
    pub hide_future: Option<bool>,
}

impl ViewHint {
    /// Why its picture or plot name is not one of `model`'s.
    pub fn errors(&self, model: ModelId) -> Vec<String> {
        let mut e = Vec::new();
        let asked = [
            ("picture", views::pictures(model), &self.picture),
            ("plot", views::plots(model), &self.plot),
        ];
        for (what, names, wanted) in asked {
            if let Some(w) = wanted
                && views::find(names, w).is_none()
            {
                e.push(format!("view: {}", views::unknown(model, what, names, w)));
            }
        }
        e
    }
}

impl StepScenario {
    /// The scenario (a bundled preset is looked up by name).
    pub fn resolve(&self) -> Result<Scenario, String> {
        match self {
            StepScenario::Inline(s) => Ok(s.clone()),
            StepScenario::Preset(name) => preset::find_bundled(name)
                .map(|p| p.scenario)
                .ok_or_else(|| {
                    format!("no bundled preset is named {name:?} (see `loadlab presets`)")
                }),
        }
    }

    /// As JSON: `{"model", "preset" (or null), "params"}`.
    pub fn json(&self) -> Value {
        let preset = match self {
            StepScenario::Preset(n) => Value::String(n.clone()),
            StepScenario::Inline(_) => Value::Null,
        };
        match self.resolve() {
            Ok(s) => {
                let params = serde_json::to_value(&s)
                    .ok()
                    .and_then(|v| match v {
                        Value::Object(m) => m.into_iter().next().map(|(_, p)| p),
                        _ => None,
                    })
                    .unwrap_or(Value::Null);
                serde_json::json!({"model": s.model_name(), "preset": preset, "params": params})
            }
            Err(_) => {
                serde_json::json!({"model": Value::Null, "preset": preset, "params": Value::Null})
            }
        }
    }
}

impl Lesson {
    /// Number of steps that ask a question.
    pub fn questions(&self) -> usize {
        self.steps.iter().filter(|s| s.question.is_some()).count()
    }

    /// Pretty RON text.
    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::new().struct_names(false);
        ron::ser::to_string_pretty(self, cfg).unwrap_or_else(|e| format!("// {e}"))
    }

    /// The contract's summary object `{"name", "title", "model", "steps", "questions"}`.
    pub fn summary_json(&self) -> Value {
        serde_json::json!({
            "name": self.name,
            "title": self.title,
            "model": self.model.name(),
            "steps": self.steps.len(),
            "questions": self.questions(),
            "exercises": self.steps.iter().filter(|s| s.exercise.is_some()).count(),
        })
    }

    /// Estimated seconds of every run of the lesson (each step's scenario and each question's
    /// check), step by step ([`cost::seconds`]; a scenario or a check that does not resolve
    /// fails at once and costs nothing here).
    pub fn step_seconds(&self) -> Vec<(f64, f64)> {
        self.steps
            .iter()
            .map(|s| {
                let scenario = s
                    .scenario
                    .resolve()
                    .map_or(0.0, |sc| cost::seconds(&Planned::summary(sc)));
                let check = s.question.as_ref().map_or(0.0, |q| q.check.seconds());
                (scenario, check)
            })
            .collect()
    }

    /// `Ok` when everything the lesson runs ([`Lesson::step_seconds`], added up) fits
    /// [`LESSON_SECONDS`]; else why not, naming the step at which the total passes it and that
    /// step's costliest run. Nothing runs: the estimate takes microseconds.
    pub fn within_budget(&self) -> Result<(), String> {
        let steps = self.step_seconds();
        let all: f64 = steps.iter().map(|(a, b)| a + b).sum();
        let mut total = 0.0;
        for (i, &(scenario, check)) in steps.iter().enumerate() {
            total += scenario + check;
            // A NaN estimate is refused too.
            if total
                .partial_cmp(&LESSON_SECONDS)
                .is_some_and(|o| o.is_le())
            {
                continue;
            }
            let s = &self.steps[i];
            let costliest = match &s.question {
                Some(q) if check >= scenario => {
                    format!("its check `{}`", q.check.command_line())
                }
                _ => "its scenario".to_string(),
            };
            return Err(format!(
                "step {} “{}”: the lesson's runs up to this step (every step's scenario and \
                 question check) would take about {} s here, more than the limit of {} s for \
                 a whole lesson ({} alone about {} s; the whole lesson about {} s)",
                i + 1,
                s.title,
                number(total, Precision::Estimate),
                number(LESSON_SECONDS, Precision::Estimate),
                costliest,
                number(scenario.max(check), Precision::Estimate),
                number(all, Precision::Estimate),
            ));
        }
        Ok(())
    }

    /// Every step's answer (`None` for a step without a question), computed one check after
    /// the other with `progress`; when the lesson is over [`Lesson::within_budget`], nothing
    /// runs and every question's answer is that error.
    pub fn answers(
        &self,
        progress: &dyn Progress,
    ) -> Result<Vec<Option<Result<Answer, String>>>, Cancelled> {
        self.each_question(progress, Question::answer_with)
    }

    /// Every step's answer with what gives it away (as [`Lesson::answers`]).
    pub fn asked(
        &self,
        progress: &dyn Progress,
    ) -> Result<Vec<Option<Result<Asked, String>>>, Cancelled> {
        self.each_question(progress, Question::asked_with)
    }

    /// `f` of every step's question, one after the other with `progress` (nothing runs when
    /// the lesson is over its budget: every question gets that error).
    fn each_question<T>(
        &self,
        progress: &dyn Progress,
        f: impl Fn(&Question, &dyn Progress) -> Result<T, String>,
    ) -> Result<Vec<Option<Result<T, String>>>, Cancelled> {
        if let Err(e) = self.within_budget() {
            let refused = |s: &LessonStep| s.question.as_ref().map(|_| Err(e.clone()));
            return Ok(self.steps.iter().map(refused).collect());
        }
        let stages = Stages::new(progress, self.steps.len());
        let mut out = Vec::with_capacity(self.steps.len());
        for (i, s) in self.steps.iter().enumerate() {
            if progress.cancelled() {
                return Err(Cancelled);
            }
            out.push(s.question.as_ref().map(|q| f(q, &stages.stage(i))));
            stages.stage(i).set(1.0);
        }
        Ok(out)
    }

    /// The contract's full object: every step with its scenario and its question (answers
    /// computed by the checks; `null` where a check fails — `--check` reports those).
    pub fn json(&self) -> Value {
        let answers = self.answers(&NoProgress).unwrap_or_default();
        self.json_with(&answers)
    }

    /// [`Lesson::json`] with the answers given (as [`Lesson::answers`] computes them).
    pub fn json_with(&self, answers: &[Option<Result<Answer, String>>]) -> Value {
        let steps: Vec<Value> = self
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let question = s.question.as_ref().map_or(Value::Null, |q| {
                    let a = answers.get(i).and_then(|a| a.as_ref()?.as_ref().ok());
                    q.json(a)
                });
                // What the step shows however it is reached ([`Lesson::views_at`]).
                let shows = self.views_at(i);
                let picture = shows.0.map(|chosen| match s.scenario.resolve() {
                    Ok(sc) => models::row(self.model).model.picture_shown(&sc, chosen),
                    Err(_) => chosen,
                });
                serde_json::json!({
                    "title": s.title,
                    "text": s.text,
                    "scenario": s.scenario.json(),
                    "step": s.step,
                    "try_it": s.try_it,
                    "view": s.view.as_ref().map(|v| serde_json::json!({
                        "controls": v.controls,
                        "plots": v.plots,
                        "numbers": v.numbers,
                        "picture": v.picture,
                        "plot": v.plot,
                    })),
                    "highlight": s.highlight.as_ref().map(Highlight::json),
                    "hide_future": s.view.as_ref().and_then(|v| v.hide_future),
                    "future_hidden": self.hides_future(i),
                    "shows": { "picture": picture, "plot": shows.1 },
                    "question": question,
                    "exercise": s.exercise.as_ref().map(|x| serde_json::json!({
                        "prompt": x.prompt,
                        "pass": x.pass,
                        "personal": x.personal,
                        "moves": homework::personal::size_class(&s.scenario.resolve().unwrap_or_default()).ok(),
                    })),
                })
            })
            .collect();
        serde_json::json!({
            "name": self.name,
            "title": self.title,
            "model": self.model.name(),
            "steps": steps,
        })
    }

    /// Evaluates every step: its scenario (found, of the lesson's model, valid, runs within
    /// the budget) and its question (well formed, its command runs, the field exists and
    /// reads as the question's kind). Each error names the step. A lesson over
    /// [`Lesson::within_budget`] gets that one error and nothing runs.
    pub fn check(&self) -> Vec<String> {
        if let Err(e) = self.within_budget() {
            return vec![e];
        }
        let answers = self.answers(&NoProgress).unwrap_or_default();
        self.check_with(&answers)
    }

    /// [`Lesson::check`] with the answers given (as [`Lesson::answers`] computes them): what
    /// `lesson --json` and `render --lesson` refuse, as `lesson --check` does, without
    /// computing the answers twice.
    pub fn check_with(&self, answers: &[Option<Result<Answer, String>>]) -> Vec<String> {
        if let Err(e) = self.within_budget() {
            return vec![e];
        }
        let mut errors = Vec::new();
        if self.steps.is_empty() {
            errors.push(format!("lesson {:?} has no steps", self.name));
        }
        for (i, s) in self.steps.iter().enumerate() {
            let at = |what: String| format!("step {} “{}”: {what}", i + 1, s.title);
            if s.text.trim().is_empty() {
                errors.push(at("the text is empty".into()));
            }
            if let Some(v) = &s.view {
                errors.extend(v.errors(self.model).into_iter().map(&at));
                // A switch that changes nothing is a step written for another state.
                let before = i > 0 && self.hides_future(i - 1);
                if let Some(h) = v.hide_future
                    && h == before
                {
                    errors.push(at(format!(
                        "view: hide_future: Some({h}) changes nothing: the future is already {} \
                         here (set by the steps before; a lesson starts with it shown)",
                        if h { "hidden" } else { "shown" }
                    )));
                }
            }
            errors.extend(
                s.cited_findings()
                    .into_iter()
                    .filter_map(|f| f.err())
                    .map(&at),
            );
            if let Some(Highlight::Control(c)) = &s.highlight {
                let known = views::controls(self.model);
                if c.trim().is_empty() {
                    errors.push(at("highlight: the control's caption is empty".into()));
                } else if !known.contains(&c.trim()) {
                    errors.push(at(format!(
                        "highlight: the {} workspace has no control captioned {:?} (its \
                         controls: {})",
                        self.model.name(),
                        c.trim(),
                        known.join(", ")
                    )));
                }
            }
            match s.scenario.resolve() {
                Err(e) => errors.push(at(format!("scenario: {e}"))),
                Ok(sc) if sc.model() != self.model => errors.push(at(format!(
                    "scenario: a {} scenario in a {} lesson",
                    sc.model_name(),
                    self.model.name()
                ))),
                Ok(sc) => {
                    if let Some(x) = &s.exercise {
                        errors.extend(x.errors(&sc).into_iter().map(&at));
                    }
                    if let Err((field, message)) = sc.validate() {
                        errors.push(at(format!("scenario: {field}: {message}")));
                    } else {
                        match report::steps::step_positions(&sc, &NoProgress) {
                            Err(e) => errors.push(at(format!("scenario: {e}"))),
                            Ok(k) if s.step >= k => errors.push(at(format!(
                                "step: {} is beyond the scenario's steps (its step bar runs \
                                 from 0 to {})",
                                s.step,
                                k - 1
                            ))),
                            Ok(_) => {}
                        }
                    }
                }
            }
            if let Some(q) = &s.question {
                for e in q.shape_errors() {
                    errors.push(at(format!("question: {e}")));
                }
                if q.check.command.is_empty() {
                    continue;
                }
                if let Some(Some(Err(e))) = answers.get(i) {
                    errors.push(at(format!("question: {e}")));
                }
                errors.extend(
                    q.stated_errors()
                        .into_iter()
                        .map(|e| at(format!("question: {e}"))),
                );
            }
        }
        errors
    }
}

/// Why a lesson could not be loaded.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LessonError {
    /// The file could not be read, or is not RON of a lesson's shape (line and column).
    #[error(transparent)]
    File(#[from] preset::PresetError),
    /// Empty.
    #[error("{file}: {message}")]
    Invalid {
        /// File name.
        file: String,
        /// Why.
        message: String,
    },
}

/// Only the field that makes a RON file a lesson (any other fields are ignored).
#[derive(Deserialize)]
struct Probe {
    #[allow(dead_code)]
    steps: serde::de::IgnoredAny,
}

/// True when the text is meant as a lesson (it has a top-level `steps` field), whether or not
/// it is a valid one: File ▸ Open tells lessons from presets with this.
pub fn is_lesson(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    ron::from_str::<Probe>(text).is_ok()
}

/// Parses lesson text (strict: unknown fields are errors); `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<Lesson, LessonError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lesson: Lesson = ron::from_str(text).map_err(|e| preset::PresetError::Parse {
        file: file.to_string(),
        line: e.span.start.line,
        col: e.span.start.col,
        message: format!(
            "expected a loadlab lesson (name, title, model, steps: [(title, text, scenario, …)]): {}",
            e.code
        ),
    })?;
    if lesson.version == 0 || lesson.version > VERSION {
        let why = if lesson.version == 0 {
            "no loadlab writes version 0 (versions start at 1)"
        } else {
            "newer than this loadlab reads"
        };
        let (line, col) = preset::version_position(text);
        return Err(preset::PresetError::Parse {
            file: file.to_string(),
            line,
            col,
            message: format!(
                "lesson version {}: {why} (this loadlab reads versions 1 to {VERSION})",
                lesson.version
            ),
        }
        .into());
    }
    if lesson.steps.is_empty() {
        return Err(LessonError::Invalid {
            file: file.into(),
            message: "the lesson has no steps".into(),
        });
    }
    Ok(lesson)
}

/// Loads a lesson file (at most [`preset::MAX_BYTES`]).
pub fn load(path: &Path) -> Result<Lesson, LessonError> {
    let text = preset::read_text(path)?;
    parse(&path.display().to_string(), &text)
}

/// A lesson from a path, or else a bundled lesson by name.
pub fn resolve(name: &str) -> Result<Lesson, String> {
    let path = Path::new(name);
    // A folder named as a bundled lesson (`rrv/` where the class keeps its files) is no
    // lesson file: the bundled lesson, not "a directory: … are regular files".
    let bundled = || find_bundled(name);
    if path.exists() && !(path.is_dir() && bundled().is_some()) {
        return load(path).map_err(|e| e.to_string());
    }
    bundled().ok_or_else(|| {
        format!("{name}: no such file, and no bundled lesson has that name (see `loadlab lessons`)")
    })
}

#[cfg(test)]
mod giveaway_tests;
#[cfg(test)]
mod tests;
