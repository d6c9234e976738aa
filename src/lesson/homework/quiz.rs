//! Quiz attempts: a quiz's answers handed in (the Quiz window's Hand in…, `loadlab quiz …
//! --answers FILE --hand-in OUT.json`) and graded again by `loadlab grade`. Versioned JSON,
//! the same header as an exercise's attempt with `"kind": "quiz"`:
//!
//! ```json
//! {"format": "loadlab attempt", "version": 1, "kind": "quiz", "app_version": "0.1.0",
//!  "model": "ksbf", "student": "Ada Lovelace", "course": "CS101",
//!  "seed": 363399961790313578, "count": 5,
//!  "command": ["loadlab", "quiz", "--model", "ksbf", "--seed", "…", "--count", "5"],
//!  "questions": [{"prompt": "…", "command": ["ksbf", "--n", "4"], "field": "makespan"}, …],
//!  "log": [{"kind": "answer", "question": 1, "reply": "7", "t": 3.2},
//!          {"kind": "show_answer", "question": 2, "t": 9.0}],
//!  "shown": 1,
//!  "stored": {"score": 1, "out_of": 5, "complete": false,
//!             "verdicts": [{"entry": 0, "question": 1, "grade": "right"}]}}
//! ```
//!
//! The questions are identified by the seed and the count: a reader generates the quiz again
//! ([`fn@crate::lesson::quiz`]) and every answer is recomputed by the model through the
//! question's check; the `questions` the file lists (what the student saw) must be those, and
//! the `stored` grade (what the student saw) must be what the log gives — otherwise the file
//! was edited. The rules are the Quiz window's: each question counts once, by its first
//! readable reply; a reply that is not a number (or not a choice) is no try; asking for the
//! answer before a first try counts as missed.

use std::collections::HashMap;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::header::{Header, LOG_MAX};
use crate::lesson::{Asked, Grade, Question, QuizQuestion};
use crate::model::exercise::Tally;
use crate::model::registry::ModelId;

/// The `kind` of a quiz attempt file.
pub const KIND: &str = "quiz";
/// The most questions a quiz has (`loadlab quiz --count`).
pub const COUNT_MAX: usize = 50;
/// The longest reply read (in characters).
pub const REPLY_MAX: usize = 200;

/// What a quiz log entry records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuizKind {
    /// A reply checked.
    Answer,
    /// The student asked for the answer.
    ShowAnswer,
}

/// One entry of a quiz attempt's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuizEntry {
    /// What happened.
    pub kind: QuizKind,
    /// The question (1 = the first).
    pub question: usize,
    /// The reply checked (an answer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply: Option<String>,
    /// Seconds since the quiz started (None: not timed, from `--answers`).
    #[serde(default)]
    pub t: Option<f64>,
}

/// A question as the student saw it: its prompt and where its answer comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seen {
    /// The prompt.
    pub prompt: String,
    /// The check's command (without `loadlab` and `--json`).
    pub command: Vec<String>,
    /// The check's field.
    pub field: String,
}

impl Seen {
    fn of(q: &QuizQuestion) -> Seen {
        Seen {
            prompt: q.question.prompt.clone(),
            command: q.question.check.command.clone(),
            field: q.question.check.field.clone(),
        }
    }
}

/// The verdict of one log entry.
#[derive(Debug, Clone, PartialEq)]
pub struct QuizVerdict {
    /// The entry's position in the log (0-based).
    pub entry: usize,
    /// The question (1-based).
    pub question: usize,
    /// The reply's grade (None: the answer asked for).
    pub grade: Option<Grade>,
    /// The score after the entry.
    pub score: usize,
}

/// A quiz log replayed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct QuizReplayed {
    /// One verdict per log entry.
    pub verdicts: Vec<QuizVerdict>,
    /// Questions right at the first try.
    pub score: usize,
    /// The questions.
    pub out_of: usize,
    /// Every question answered right or its answer shown.
    pub complete: bool,
    /// Replies checked.
    pub answers: usize,
    /// Of those, readable (a number, or one of the choices).
    pub readable: usize,
    /// Of those, right.
    pub right: usize,
    /// Answers asked for.
    pub shown: usize,
    /// The questions missed at the first try (wrong, or the answer asked for first), 1-based.
    pub missed: Vec<usize>,
}

impl QuizReplayed {
    /// The grade: the score (questions right at the first try), out of, complete.
    pub fn tally(&self) -> Tally {
        Tally::new(self.score, self.out_of, self.complete)
    }
}

/// One question's course so far (the Quiz window's rules).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Course {
    first: Option<bool>,
    done: bool,
}

/// Replays `log` on `questions` (their answers computed by the model).
pub fn replay(questions: &[QuizQuestion], log: &[QuizEntry]) -> Result<QuizReplayed, String> {
    if log.len() > LOG_MAX {
        return Err(format!(
            "{} log entries, more than the limit of {LOG_MAX}",
            log.len()
        ));
    }
    let mut state = vec![Course::default(); questions.len()];
    let mut r = QuizReplayed {
        out_of: questions.len(),
        ..QuizReplayed::default()
    };
    for (i, e) in log.iter().enumerate() {
        let k = e.question;
        let q = k
            .checked_sub(1)
            .and_then(|j| questions.get(j))
            .ok_or_else(|| {
                format!(
                    "entry {}: question {k}: the quiz has questions 1 to {}",
                    i + 1,
                    questions.len()
                )
            })?;
        let c = &mut state[k - 1];
        let grade = match e.kind {
            QuizKind::Answer => {
                let reply = e
                    .reply
                    .as_deref()
                    .ok_or_else(|| format!("entry {}: an answer without \"reply\"", i + 1))?;
                if reply.chars().count() > REPLY_MAX {
                    return Err(format!(
                        "entry {}: a reply longer than {REPLY_MAX} characters",
                        i + 1
                    ));
                }
                let g = q.question.grade(&q.answer, reply.trim());
                r.answers += 1;
                if g != Grade::Unreadable {
                    r.readable += 1;
                    c.first.get_or_insert(g == Grade::Right);
                }
                r.right += usize::from(g == Grade::Right);
                c.done |= g == Grade::Right;
                Some(g)
            }
            QuizKind::ShowAnswer => {
                r.shown += 1;
                c.first.get_or_insert(false);
                c.done = true;
                None
            }
        };
        r.verdicts.push(QuizVerdict {
            entry: i,
            question: k,
            grade,
            score: state.iter().filter(|c| c.first == Some(true)).count(),
        });
    }
    r.score = state.iter().filter(|c| c.first == Some(true)).count();
    r.complete = state.iter().all(|c| c.done);
    r.missed = (1..=state.len())
        .filter(|&k| state[k - 1].first == Some(false))
        .collect();
    Ok(r)
}

/// A grade's name in the file.
pub fn grade_name(g: Grade) -> &'static str {
    match g {
        Grade::Right => "right",
        Grade::Wrong => "wrong",
        Grade::Unreadable => "unreadable",
    }
}

/// The grade of one entry as the student saw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuizStoredVerdict {
    /// The entry's position in the log.
    pub entry: usize,
    /// The question (1-based).
    pub question: usize,
    /// "right", "wrong" or "unreadable".
    pub grade: String,
}

/// The grade the student saw when handing in.
pub type QuizStored = super::header::Stored<QuizStoredVerdict>;

impl QuizStored {
    /// The stored form of a replay.
    pub fn of(r: &QuizReplayed) -> QuizStored {
        QuizStored::gathered(r.tally(), &r.verdicts)
    }
}

impl super::header::Keep<QuizStoredVerdict> for QuizVerdict {
    fn kept(&self) -> Option<QuizStoredVerdict> {
        let g = self.grade?;
        Some(QuizStoredVerdict {
            entry: self.entry,
            question: self.question,
            grade: grade_name(g).into(),
        })
    }
}

/// A quiz attempt file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuizAttempt {
    /// Format, version, kind (always [`KIND`]), app version, model, student and course.
    #[serde(flatten)]
    pub header: Header,
    /// The quiz's seed (a personal quiz: [`super::personal::quiz_seed`]).
    pub seed: u64,
    /// Its number of questions.
    pub count: usize,
    /// The `loadlab quiz` command that gives the same questions.
    pub command: Vec<String>,
    /// The questions as the student saw them.
    pub questions: Vec<Seen>,
    /// Every reply checked and every answer asked for, in order.
    pub log: Vec<QuizEntry>,
    /// Answers asked for.
    pub shown: usize,
    /// The grade the student saw.
    pub stored: QuizStored,
}

/// The `loadlab quiz` command of a quiz.
pub fn command(model: ModelId, seed: u64, count: usize) -> Vec<String> {
    ["loadlab", "quiz", "--model", model.name(), "--seed"]
        .into_iter()
        .map(String::from)
        .chain([seed.to_string(), "--count".into(), count.to_string()])
        .collect()
}

impl QuizAttempt {
    /// The attempt of `log` on the quiz `questions` (generated with `seed`), graded by its
    /// replay: the grade the student is shown is the grade the teacher will see.
    pub fn new(
        model: ModelId,
        seed: u64,
        questions: &[QuizQuestion],
        who: (&str, &str),
        log: Vec<QuizEntry>,
    ) -> Result<(QuizAttempt, QuizReplayed), String> {
        let r = replay(questions, &log)?;
        let a = QuizAttempt {
            header: Header::new(Some(KIND), model.name(), who.0, who.1),
            seed,
            count: questions.len(),
            command: command(model, seed, questions.len()),
            questions: questions.iter().map(Seen::of).collect(),
            shown: r.shown,
            stored: QuizStored::of(&r),
            log,
        };
        Ok((a, r))
    }

    /// The file's text (pretty JSON and a final newline).
    pub fn to_json(&self) -> String {
        super::header::file_text(self)
    }

    /// The model named, or why it is none.
    pub fn model_id(&self) -> Result<ModelId, String> {
        let model = &self.header.model;
        ModelId::from_name(model)
            .ok_or_else(|| format!("unknown model {:?}", crate::preset::one_line(model)))
    }

    /// Checks what parsing cannot: the kind, the model, the count and the log's length.
    pub fn checked(self) -> Result<QuizAttempt, String> {
        self.model_id()?;
        if self.count == 0 || self.count > COUNT_MAX {
            return Err(format!(
                "count {}: a quiz has 1 to {COUNT_MAX} questions",
                self.count
            ));
        }
        if self.log.len() > LOG_MAX {
            return Err(format!(
                "{} log entries, more than the limit of {LOG_MAX}",
                self.log.len()
            ));
        }
        Ok(self)
    }

    /// The quiz generated again from the seed and the count, every answer recomputed.
    pub fn questions(&self, memo: &Answers) -> Result<Vec<QuizQuestion>, String> {
        crate::lesson::quiz_with(self.model_id()?, self.seed, self.count, &|q| memo.ask(q))
    }

    /// Whether the listed questions are the seed's.
    pub fn lists(&self, questions: &[QuizQuestion]) -> bool {
        self.questions.len() == questions.len()
            && self
                .questions
                .iter()
                .zip(questions)
                .all(|(s, q)| *s == Seen::of(q))
    }
}

/// The answers of the checks run so far (one gradebook run: many students' quizzes share
/// questions, and a check such as a small tree's exhaustive optimum takes a tenth of a
/// second). Shared between the threads that grade.
#[derive(Debug, Default)]
pub struct Answers(Mutex<HashMap<String, Asked>>);

impl Answers {
    /// The question's answer: from the memo, or its check run now.
    pub fn ask(&self, q: &Question) -> Result<Asked, String> {
        let key = format!(
            "{:?}\u{0}{}\u{0}{:?}\u{0}{:?}",
            q.check.command, q.check.field, q.kind, q.choices
        );
        if let Some(a) = self.0.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return Ok(a);
        }
        let a = asked_lean(q)?;
        if let Ok(mut m) = self.0.lock() {
            m.insert(key, a.clone());
        }
        Ok(a)
    }
}

/// A question's answer from its check's run computing only what the field can need (a tree
/// sweep's exhaustive optimum, up to a tenth of a second, is left out unless asked for).
fn asked_lean(q: &Question) -> Result<Asked, String> {
    let check = &q.check;
    let mut planned = check.planned()?;
    if let crate::lesson::Planned::TreeSweep(_, parts) = &mut planned {
        parts.skip_exhaustive = !check.field.starts_with("exhaustive");
    }
    let run = planned
        .run(&crate::model::NoProgress)
        .map_err(|e| format!("`{}`: {e}", check.command_line()))?;
    let answer = q.read(&check.read_field(&run)?)?;
    let giveaway = run.determines(&check.field);
    Ok(Asked { answer, giveaway })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(kind: QuizKind, question: usize, reply: Option<&str>) -> QuizEntry {
        QuizEntry {
            kind,
            question,
            reply: reply.map(String::from),
            t: None,
        }
    }

    #[test]
    fn first_readable_replies_count_and_shown_answers_are_missed() {
        let qs = crate::lesson::quiz(ModelId::Redistribute, 7, 3).unwrap();
        let right: Vec<String> = qs.iter().map(|q| q.answer.text()).collect();
        let log = vec![
            entry(QuizKind::Answer, 1, Some("not a number")),
            entry(QuizKind::Answer, 1, Some(&right[0])),
            entry(QuizKind::Answer, 2, Some("-12345")),
            entry(QuizKind::Answer, 2, Some(&right[1])),
            entry(QuizKind::ShowAnswer, 3, None),
        ];
        let r = replay(&qs, &log).unwrap();
        assert_eq!((r.score, r.out_of, r.complete), (1, 3, true));
        assert_eq!(r.missed, vec![2, 3]);
        assert_eq!((r.answers, r.readable, r.right, r.shown), (4, 3, 2, 1));
        assert!(replay(&qs, &[entry(QuizKind::Answer, 4, Some("1"))]).is_err());
        assert!(replay(&qs, &[entry(QuizKind::Answer, 1, None)]).is_err());
    }
}
