//! `loadlab lessons`, `loadlab lesson NAME`, `loadlab quiz`: the teaching layer headless. What
//! is printed is what [`crate::lesson`] computes (answers, checks, the lesson's budget); this
//! file only words it.

use std::fmt::Write as _;

use super::CliError;
use crate::lesson::{self, Lesson, QuizQuestion};
use crate::model::registry::ModelId;
use crate::model::{NoProgress, words};

/// Flags of `loadlab lesson`.
#[derive(Debug, clap::Args)]
pub struct LessonArgs {
    /// A bundled lesson's name (see `loadlab lessons`) or a lesson file (.ron).
    pub name: String,
    /// Print one JSON object: every step with its scenario and question (answers computed).
    #[arg(long, conflicts_with = "check")]
    pub json: bool,
    /// Evaluate every step's scenario and question: exit 0, or print `error:` lines naming the
    /// failing steps and exit 2.
    #[arg(long)]
    pub check: bool,
}

/// Flags of `loadlab quiz`.
#[derive(Debug, clap::Args)]
pub struct QuizArgs {
    /// The model: divisible, geodecay, treesweep, ksbf or redistribute.
    #[arg(long, value_parser = model_id)]
    pub model: ModelId,
    /// Seed: the same seed gives the same questions.
    #[arg(long, default_value_t = 1, value_parser = super::int::<u64>)]
    pub seed: u64,
    /// A personal quiz: the seed derived from the course key and this name (word 0 of the
    /// personal instance's key, see `loadlab exercise --student`); not with --seed.
    #[arg(long, conflicts_with = "seed")]
    pub student: Option<String>,
    /// The course key of --student (default: none).
    #[arg(long, requires = "student")]
    pub course: Option<String>,
    /// Number of questions (1 to 50).
    #[arg(long, default_value_t = 5, value_parser = super::int::<usize>)]
    pub count: usize,
    /// Grade the answers in this JSON file (`-` reads stdin): a list of the replies to the
    /// questions in order, or of entries `{"question": 2, "reply": "7"}` /
    /// `{"question": 3, "show_answer": true}`.
    #[arg(long, value_name = "FILE")]
    pub answers: Option<String>,
    /// Write the answers as a quiz attempt file (what the Quiz window's Hand in… writes),
    /// for `loadlab grade`.
    #[arg(long, requires = "answers")]
    pub hand_in: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Parses a model name.
pub(crate) fn model_id(s: &str) -> Result<ModelId, String> {
    ModelId::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = ModelId::ALL.iter().map(|m| m.name()).collect();
        format!("unknown model {s:?} (one of {})", names.join(", "))
    })
}

/// Largest `--count` of `loadlab quiz`.
pub const MAX_QUIZ: usize = crate::lesson::homework::quiz::COUNT_MAX;

/// Runs `loadlab lessons`.
pub fn list(json: bool) -> Result<String, CliError> {
    if json {
        let lessons: Vec<_> = lesson::BUNDLED
            .iter()
            .map(|b| b.lesson().map(|l| l.summary_json()))
            .collect::<Result<_, _>>()
            .map_err(|e| CliError(e.to_string()))?;
        return Ok(format!("{}\n", serde_json::json!({ "lessons": lessons })));
    }
    Ok(super::bundled_list(lesson::BUNDLED, 14, |b| {
        let l = b.lesson()?;
        Ok::<_, lesson::LessonError>(format!(
            "{:<14} {:<13} {:>2} steps {:>2} questions  {}",
            l.name,
            l.model.name(),
            l.steps.len(),
            l.questions(),
            l.title
        ))
    }))
}

/// Runs `loadlab lesson NAME`.
pub fn show(a: &LessonArgs) -> Result<String, CliError> {
    let l = lesson::resolve(&a.name).map_err(CliError)?;
    // A lesson over its budget runs nothing, whatever is asked of it.
    l.within_budget().map_err(CliError)?;
    if a.check {
        let errors = l.check();
        return if errors.is_empty() {
            Ok(format!(
                "{}: {}, {}: every scenario and check runs\n",
                l.name,
                words::count(l.steps.len(), "step"),
                words::count(l.questions(), "question")
            ))
        } else {
            Err(CliError(errors.join("\n")))
        };
    }
    let answers = l.answers(&NoProgress).unwrap_or_default();
    if a.json {
        // What `--check` refuses is not printed as a lesson either.
        let errors = l.check_with(&answers);
        if !errors.is_empty() {
            return Err(CliError(errors.join("\n")));
        }
        return Ok(format!("{}\n", l.json_with(&answers)));
    }
    Ok(text(&l, &answers))
}

/// A lesson as readable text, with its answers.
fn text(l: &Lesson, answers: &[Option<Result<lesson::Answer, String>>]) -> String {
    let mut out = format!(
        "{} ({}, {})\n",
        l.title,
        l.model.name(),
        words::count(l.steps.len(), "step")
    );
    for (i, s) in l.steps.iter().enumerate() {
        let _ = writeln!(out, "\nStep {} of {}: {}", i + 1, l.steps.len(), s.title);
        let scenario = match &s.scenario {
            lesson::StepScenario::Preset(n) => format!("preset {n}"),
            lesson::StepScenario::Inline(_) => "inline scenario".to_string(),
        };
        let _ = writeln!(
            out,
            "  [{scenario}, step {}{}{}]",
            s.step,
            if s.try_it { ", try it yourself" } else { "" },
            if l.hides_future(i) {
                ", the future hidden"
            } else {
                ""
            }
        );
        for line in wrap(&s.text, 92) {
            let _ = writeln!(out, "  {line}");
        }
        if let Some(q) = &s.question {
            let _ = writeln!(out, "  Q: {}", q.prompt);
            if !q.choices.is_empty() {
                let _ = writeln!(out, "     choices: {}", q.choices.join(" | "));
            }
            match answers.get(i).and_then(Option::as_ref) {
                None => {}
                Some(Ok(ans)) => {
                    let _ = writeln!(out, "  A: {}  ({})", ans.text(), q.explanation);
                }
                Some(Err(e)) => {
                    let _ = writeln!(out, "  A: (check failed: {e})");
                }
            }
            let _ = writeln!(
                out,
                "     check: {} → {}",
                q.check.command_line(),
                q.check.field
            );
        }
    }
    out
}

/// Greedy word wrap.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for w in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Runs `loadlab quiz`.
pub fn quiz(a: &QuizArgs) -> Result<String, CliError> {
    if a.count == 0 || a.count > MAX_QUIZ {
        return Err(CliError(format!(
            "--count: {} questions; a quiz has 1 to {MAX_QUIZ}",
            a.count
        )));
    }
    let course = a.course.as_deref().unwrap_or("");
    let seed = match &a.student {
        Some(name) => crate::lesson::homework::personal::quiz_seed(a.model, course, name)
            .map_err(|e| CliError(format!("--student: {e}")))?,
        None => a.seed,
    };
    let qs = lesson::quiz(a.model, seed, a.count).map_err(CliError)?;
    let graded = match &a.answers {
        Some(path) => {
            let who = (a.student.as_deref().unwrap_or(""), course);
            let hand_in = a.hand_in.as_deref();
            Some(super::quiz_answers::grade(
                a.model, seed, &qs, who, path, hand_in,
            )?)
        }
        None => None,
    };
    if a.json {
        let questions: Vec<_> = qs.iter().map(QuizQuestion::json).collect();
        let mut v = serde_json::json!({ "seed": seed, "questions": questions });
        if let Some(name) = &a.student {
            v["student"] = serde_json::json!(name.trim());
            v["course"] = serde_json::json!(course.trim());
        }
        if let Some(g) = graded {
            v["graded"] = g;
        }
        return Ok(format!("{v}\n"));
    }
    if let Some(g) = graded {
        let missed: Vec<String> = g["missed"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|k| format!("question {k}"))
            .collect();
        let mut out = format!(
            "Quiz on {} (seed {seed}): {} / {} right at the first try{}",
            a.model.name(),
            g["score"],
            g["out_of"],
            if g["complete"] == true {
                ", complete"
            } else {
                ", not complete"
            }
        );
        if !missed.is_empty() {
            let _ = write!(out, "; missed: {}", missed.join(", "));
        }
        for n in g["not_counted"].as_array().into_iter().flatten() {
            let reply = n["reply"].as_str().unwrap_or_default();
            let why = n["why"].as_str().unwrap_or_default();
            let _ = write!(
                out,
                "\nNot counted: question {}, “{reply}”: {why}",
                n["question"]
            );
        }
        if let Some(f) = g["file"].as_str() {
            let _ = write!(out, "\nHanded in: {f}");
        }
        out.push('\n');
        return Ok(out);
    }
    let mut out = format!(
        "Quiz on {} (seed {seed}, {})\n",
        a.model.name(),
        words::count(qs.len(), "question")
    );
    for (i, q) in qs.iter().enumerate() {
        let _ = writeln!(out, "\n{}. {}", i + 1, q.question.prompt);
        if !q.question.choices.is_empty() {
            let _ = writeln!(out, "   choices: {}", q.question.choices.join(" | "));
        }
        let _ = writeln!(
            out,
            "   answer: {}  ({})",
            q.answer.text(),
            q.question.explanation
        );
        let _ = writeln!(
            out,
            "   check: {} → {}",
            q.question.check.command_line(),
            q.question.check.field
        );
    }
    Ok(out)
}
