//! What both kinds of attempt file share: the header they start with (format, version, kind,
//! the app's version, model, student, course), the stored grade's shape, the log limit, and
//! how a file is written and dated. The exercise's and the quiz's attempt modules both read
//! it, so that neither imports the other for it.

use serde::{Deserialize, Serialize};

use crate::model::exercise::Tally;

/// The `format` field of every attempt file.
pub const FORMAT: &str = "loadlab attempt";
/// The format version this build writes and the newest it reads.
pub const VERSION: u32 = 1;
/// The version of loadlab that writes the file.
pub const APP_VERSION: &str = env!("CARGO_PKG_VERSION");
/// The most log entries replayed.
pub const LOG_MAX: usize = 20_000;

/// The fields every attempt file starts with, in this order (each kind's own follow): an
/// attempt struct holds it as a `#[serde(flatten)]` field, so the file's JSON is flat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format version ([`VERSION`]).
    pub version: u32,
    /// The kind of attempt: `"quiz"` for a quiz's; none for an exercise's (a reader drops an
    /// exercise's `"kind": "exercise"` before parsing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The loadlab version that wrote it.
    pub app_version: String,
    /// The model's name.
    pub model: String,
    /// The student's name ("" when the instance or the quiz is not personal).
    #[serde(default)]
    pub student: String,
    /// The course key.
    #[serde(default)]
    pub course: String,
}

impl Header {
    /// The header this build writes for an attempt of `kind` (none: an exercise's) on `model`
    /// by `student` in `course` (both trimmed).
    pub fn new(kind: Option<&str>, model: &str, student: &str, course: &str) -> Header {
        Header {
            format: FORMAT.into(),
            version: VERSION,
            kind: kind.map(String::from),
            app_version: APP_VERSION.into(),
            model: model.into(),
            student: student.trim().into(),
            course: course.trim().into(),
        }
    }

    /// Whether the app that wrote the file is older than this one (by its format version,
    /// then its version number).
    pub fn older(&self) -> bool {
        self.version < VERSION || older_than(&self.app_version, APP_VERSION)
    }
}

/// The grade the student saw when handing in, with the verdict `V` of each graded entry (an
/// exercise's moves or a quiz's replies). A reader never trusts it: it is checked against what
/// the log gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stored<V> {
    /// Moves (a quiz: questions) right at the first try.
    pub score: usize,
    /// The moves the algorithm needs (a quiz: its questions).
    pub out_of: usize,
    /// Finished (a quiz: every question answered right or its answer shown).
    pub complete: bool,
    /// The verdict of every graded entry.
    pub verdicts: Vec<V>,
}

/// A replay's verdict on one entry, as an attempt file stores it (`None`: not graded).
pub trait Keep<V> {
    /// The stored verdict.
    fn kept(&self) -> Option<V>;
}

impl<V> Stored<V> {
    /// The stored form of a replay's grade: its score, out of and completeness, and the
    /// stored verdicts of its graded entries.
    pub fn gathered<T: Keep<V>>(tally: Tally, entries: &[T]) -> Self {
        Stored {
            score: tally.score,
            out_of: tally.out_of,
            complete: tally.complete,
            verdicts: entries.iter().filter_map(Keep::kept).collect(),
        }
    }
}

/// An attempt file's text: pretty JSON and a final newline.
pub fn file_text<T: Serialize>(file: &T) -> String {
    let mut s = serde_json::to_string_pretty(file).unwrap_or_default();
    s.push('\n');
    s
}

/// `a` < `b` as dotted version numbers (a part that is not a number counts as 0).
pub fn older_than(a: &str, b: &str) -> bool {
    let parts = |s: &str| -> Vec<u64> {
        s.split(['.', '-', '+'])
            .take(3)
            .map(|p| p.parse().unwrap_or(0))
            .collect()
    };
    parts(a) < parts(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_as_numbers() {
        for (a, b, older) in [
            ("0.1.0", "0.1.1", true),
            ("0.9.0", "0.10.0", true),
            ("0.10.0", "0.9.0", false),
            ("0.1.0", "0.1.0", false),
        ] {
            assert_eq!(older_than(a, b), older, "{a} < {b}");
        }
    }
}
