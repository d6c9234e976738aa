//! `loadlab quiz … --answers FILE [--hand-in OUT.json]`: a quiz's answers graded as the Quiz
//! window grades them and, with `--hand-in`, written as the quiz attempt file the window's
//! Hand in… writes ([`crate::lesson::homework::quiz`]).
//!
//! The answers file is a JSON list. A bare string or number is the reply to the question at
//! its place (the first item answers question 1; `null` leaves a question unanswered); an
//! object is one log entry: `{"question": 2, "reply": "7"}`, `{"question": 3, "show_answer":
//! true}`, with an optional `"t"` (seconds).
//!
//! A reply the question cannot read (not a number; not one of the choices) is no try, as in
//! the Quiz window, and is listed under `not_counted` with the reason, as its review does.

use serde_json::{Value, json};

use super::CliError;
use super::exercise::{items_at_most, read_moves};
use crate::lesson::homework::attempt::LOG_MAX;
use crate::lesson::homework::quiz::{QuizAttempt, QuizEntry, QuizKind};
use crate::lesson::{Grade, Kind, QuizQuestion};
use crate::model::registry::ModelId;

/// The answers file's entries, in order.
fn entries(list: &[Value]) -> Result<Vec<QuizEntry>, String> {
    let mut out = Vec::new();
    for (i, v) in list.iter().enumerate() {
        let at = |what: &str| format!("item {}: {what}", i + 1);
        let entry = |kind, question, reply| QuizEntry {
            kind,
            question,
            reply,
            t: None,
        };
        match v {
            Value::Null => {}
            Value::String(s) => out.push(entry(QuizKind::Answer, i + 1, Some(s.clone()))),
            Value::Number(x) => out.push(entry(QuizKind::Answer, i + 1, Some(x.to_string()))),
            Value::Object(m) => {
                let question = m
                    .get("question")
                    .and_then(Value::as_u64)
                    .ok_or_else(|| at("an object needs \"question\" (1, 2, …)"))?;
                let question = usize::try_from(question).unwrap_or(usize::MAX);
                let t = m.get("t").and_then(Value::as_f64);
                let shown = m.get("show_answer").and_then(Value::as_bool) == Some(true);
                let reply = match m.get("reply") {
                    Some(Value::String(s)) => Some(s.clone()),
                    Some(Value::Number(x)) => Some(x.to_string()),
                    Some(_) => return Err(at("\"reply\" is a string or a number")),
                    None => None,
                };
                let mut e = match (shown, reply) {
                    (true, None) => entry(QuizKind::ShowAnswer, question, None),
                    (false, Some(r)) => entry(QuizKind::Answer, question, Some(r)),
                    _ => return Err(at("give either \"reply\" or \"show_answer\": true")),
                };
                e.t = t;
                out.push(e);
            }
            _ => return Err(at("a reply (string or number), null, or an object")),
        }
    }
    Ok(out)
}

/// Grades the answers file `path` on the quiz `qs` (generated with `seed`), writes the attempt
/// file to `hand_in` when given, and returns the grade as JSON.
pub fn grade(
    model: ModelId,
    seed: u64,
    qs: &[QuizQuestion],
    who: (&str, &str),
    path: &str,
    hand_in: Option<&str>,
) -> Result<Value, CliError> {
    let answers = |e: CliError| CliError(e.0.replacen("--moves", "--answers", 1));
    let limit = format!("the limit of {LOG_MAX}");
    let list =
        read_moves(path, items_at_most("--answers", path, LOG_MAX, limit)).map_err(answers)?;
    let list = list.as_array().ok_or_else(|| {
        CliError(format!(
            "--answers {}: expected a list of replies",
            crate::preset::one_line(path)
        ))
    })?;
    let log = entries(list)
        .map_err(|e| CliError(format!("--answers {}: {e}", crate::preset::one_line(path))))?;
    let (attempt, r) = QuizAttempt::new(model, seed, qs, who, log)
        .map_err(|e| CliError(format!("--answers: {e}")))?;
    let not_counted: Vec<Value> = r
        .verdicts
        .iter()
        .filter(|v| v.grade == Some(Grade::Unreadable))
        .map(|v| {
            let reply = attempt.log[v.entry].reply.as_deref().unwrap_or("").trim();
            let q = &qs[v.question - 1].question;
            json!({"question": v.question, "reply": reply, "why": unreadable_why(q.kind, &q.choices, reply)})
        })
        .collect();
    let mut v = json!({
        "score": r.score,
        "out_of": r.out_of,
        "complete": r.complete,
        "missed": r.missed,
        "not_counted": not_counted,
    });
    if let Some(out) = hand_in {
        crate::platform::files::write_atomic(
            std::path::Path::new(out),
            attempt.to_json().as_bytes(),
        )
        .map_err(|e| CliError(format!("--hand-in {}: {e}", crate::preset::one_line(out))))?;
        v["file"] = json!(out);
    }
    Ok(v)
}

/// Why a reply was not read, in the Quiz window's review's words, with what it takes.
fn unreadable_why(kind: Kind, choices: &[String], reply: &str) -> String {
    match kind {
        _ if reply.is_empty() => "empty: no reply".into(),
        Kind::Number => "not a number".into(),
        Kind::Choice => format!("not one of the choices ({})", choices.join(", ")),
    }
}
