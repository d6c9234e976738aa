//! Attempt files: what Homework ▸ Hand in… and `loadlab exercise … --hand-in` write, and
//! `loadlab grade` and Homework ▸ Open attempt… read. Versioned JSON:
//!
//! ```json
//! {"format": "loadlab attempt", "version": 1, "app_version": "0.1.0",
//!  "model": "redistribute", "student": "Ada Lovelace", "course": "CS 101",
//!  "scenario": {"Redistribute": {…}}, "command": ["loadlab", "exercise", …],
//!  "log": [{"kind": "move", "move": [[1, 2]], "t": 3.2}, {"kind": "hint", "t": 5.0},
//!          {"kind": "show_me", "move": [[2, 3]], "t": 7.1}, {"kind": "undo", "t": 8.0}],
//!  "hints": 1, "show_me": 1,
//!  "stored": {"score": 1, "out_of": 2, "complete": true, "verdicts": […]}}
//! ```
//!
//! The `stored` grade is what the student saw; a reader never trusts it: the grade is the
//! log replayed ([`super::replay`]), and a stored grade that differs marks the file edited.
//! Reading is bounded: a regular file of at most [`MAX_BYTES`], its JSON values counted
//! before parsing ([`crate::model::exercise::moves::Shape`]) against the memory limit, at
//! most [`LOG_MAX`] entries replayed.

use serde::{Deserialize, Serialize};

use super::quiz::QuizAttempt;
use super::replay::{Entry, Kind, Replayed, replay};
use crate::model::budget::MEMORY_LIMIT;
use crate::model::exercise::moves::Shape;
use crate::model::registry::Scenario;

pub use super::header::{APP_VERSION, FORMAT, Header, LOG_MAX, VERSION, older_than};
/// Attempt files larger than this are refused before reading (4 MiB).
pub const MAX_BYTES: u64 = 4 << 20;

/// The grade a move had when the student made it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredVerdict {
    /// The entry's position in the log.
    pub entry: usize,
    /// Legal.
    pub legal: bool,
    /// Optimal.
    pub optimal: bool,
    /// The rule broken or missed ("" when right).
    pub rule: String,
}

/// The grade the student saw when handing in.
pub type Stored = super::header::Stored<StoredVerdict>;

impl Stored {
    /// The stored form of a replay.
    pub fn of(r: &Replayed) -> Stored {
        Stored::gathered(r.tally(), &r.verdicts)
    }
}

impl super::header::Keep<StoredVerdict> for super::replay::Verdict {
    fn kept(&self) -> Option<StoredVerdict> {
        let g = self.grade.as_ref()?;
        Some(StoredVerdict {
            entry: self.entry,
            legal: g.legal,
            optimal: g.optimal,
            rule: g.rule.clone(),
        })
    }
}

/// An attempt file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attempt {
    /// Format, version, app version, model, student and course (no kind).
    #[serde(flatten)]
    pub header: Header,
    /// The instance.
    pub scenario: Scenario,
    /// The `loadlab exercise` command that sets the same instance.
    pub command: Vec<String>,
    /// Every move, Show me, Undo and hint, in order.
    pub log: Vec<Entry>,
    /// Hints asked for.
    pub hints: usize,
    /// Show me used.
    pub show_me: usize,
    /// The grade the student saw.
    pub stored: Stored,
}

impl Attempt {
    /// The attempt of `log` on `scenario` by `student` in `course`, graded by its replay
    /// (the grade the student is shown is the grade the teacher will see).
    pub fn new(
        scenario: &Scenario,
        student: &str,
        course: &str,
        log: Vec<Entry>,
    ) -> Result<(Attempt, Replayed), String> {
        if log.len() > LOG_MAX {
            return Err(format!(
                "{} log entries, more than the limit of {LOG_MAX}",
                log.len()
            ));
        }
        let r = replay(scenario, &log)?;
        let count = |k: Kind| log.iter().filter(|e| e.kind == k).count();
        let a = Attempt {
            header: Header::new(None, scenario.model_name(), student, course),
            scenario: scenario.clone(),
            command: super::personal::command(scenario),
            hints: count(Kind::Hint),
            show_me: count(Kind::ShowMe),
            stored: Stored::of(&r),
            log,
        };
        Ok((a, r))
    }

    /// The file's text (pretty JSON and a final newline).
    pub fn to_json(&self) -> String {
        super::header::file_text(self)
    }

    /// Parses an exercise's attempt file (a quiz's is refused: [`AttemptFile::parse`]).
    pub fn parse(bytes: &[u8]) -> Result<Attempt, String> {
        match AttemptFile::parse(bytes)? {
            AttemptFile::Exercise(a) => Ok(a),
            AttemptFile::Quiz(_) => Err("a quiz's attempt, not an exercise's: grade it with \
                                          `loadlab grade`"
                .into()),
        }
    }

    fn from_value(v: serde_json::Value) -> Result<Attempt, String> {
        let a: Attempt =
            serde_json::from_value(v).map_err(|e| format!("not an attempt file: {e}"))?;
        if a.log.len() > LOG_MAX {
            return Err(format!(
                "{} log entries, more than the limit of {LOG_MAX}",
                a.log.len()
            ));
        }
        if a.header.model != a.scenario.model_name() {
            return Err(format!(
                "model {:?}, but the instance is a {} instance",
                crate::preset::one_line(&a.header.model),
                a.scenario.model_name()
            ));
        }
        Ok(a)
    }

    /// Reads an attempt file (a regular file of at most [`MAX_BYTES`]).
    pub fn read(path: &std::path::Path) -> Result<Attempt, String> {
        let bytes = crate::preset::read_user_file(path, MAX_BYTES, "attempt files")
            .map_err(|e| e.to_string())?;
        Attempt::parse(&bytes)
    }
}

/// An attempt file of either kind: an exercise's moves or a quiz's answers.
#[allow(clippy::large_enum_variant)] // one per file read: size does not matter
#[derive(Debug, Clone, PartialEq)]
pub enum AttemptFile {
    /// An exercise's attempt (no `kind`, or `"kind": "exercise"`).
    Exercise(Attempt),
    /// A quiz's attempt (`"kind": "quiz"`).
    Quiz(QuizAttempt),
}

impl AttemptFile {
    /// Parses an attempt file's bytes, its cost checked before parsing.
    pub fn parse(bytes: &[u8]) -> Result<AttemptFile, String> {
        let shape = Shape::scan(bytes);
        let need = shape.parse_bytes() + bytes.len() as f64;
        if need > MEMORY_LIMIT {
            return Err(format!(
                "{} JSON values: about {} of memory to read, more than the limit of {}",
                shape.values,
                crate::model::format::bytes(need),
                crate::model::format::bytes(MEMORY_LIMIT)
            ));
        }
        let text = std::str::from_utf8(bytes).map_err(|e| {
            format!(
                "not JSON: not UTF-8 text (invalid byte at offset {})",
                e.valid_up_to()
            )
        })?;
        // The header first, so that a newer format is named as such rather than as a field
        // this build does not know.
        let mut head: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        if head.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(format!(
                "not a loadlab attempt (no \"format\": \"{FORMAT}\")"
            ));
        }
        match head.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v > u64::from(VERSION) => {
                return Err(format!(
                    "attempt format version {v}, newer than this loadlab reads ({VERSION}): \
                     grade it with a newer loadlab"
                ));
            }
            // Version 1 is the first: a 0 was written by hand or by something else.
            Some(0) => {
                return Err(format!(
                    "attempt format version 0: no loadlab writes it (versions 1 to {VERSION})"
                ));
            }
            Some(_) => {}
            None => return Err("no format \"version\"".into()),
        }
        let kind = head
            .get("kind")
            .map(|k| k.as_str().unwrap_or("?").to_string());
        match kind.as_deref() {
            None | Some("exercise") => {
                if let Some(m) = head.as_object_mut() {
                    m.remove("kind");
                }
                Attempt::from_value(head).map(AttemptFile::Exercise)
            }
            Some(super::quiz::KIND) => serde_json::from_value::<QuizAttempt>(head)
                .map_err(|e| format!("not a quiz attempt file: {e}"))?
                .checked()
                .map(AttemptFile::Quiz),
            Some(other) => Err(format!(
                "attempt kind {:?}: this loadlab reads \"exercise\" and \"quiz\"",
                crate::preset::one_line(other)
            )),
        }
    }

    /// Reads an attempt file (a regular file of at most [`MAX_BYTES`]).
    pub fn read(path: &std::path::Path) -> Result<AttemptFile, String> {
        let bytes = crate::preset::read_user_file(path, MAX_BYTES, "attempt files")
            .map_err(|e| e.to_string())?;
        AttemptFile::parse(&bytes)
    }
}
