//! What both kinds of attempt file share: the header they start with (format, version, the
//! app's version), the log limit, and how a file is written and dated. The exercise's and the
//! quiz's attempt modules both read it, so that neither imports the other for it.

use serde::{Deserialize, Serialize};

/// The `format` field of every attempt file.
pub const FORMAT: &str = "loadlab attempt";
/// The format version this build writes and the newest it reads.
pub const VERSION: u32 = 1;
/// The version of loadlab that writes the file.
pub const APP_VERSION: &str = env!("CARGO_PKG_VERSION");
/// The most log entries replayed.
pub const LOG_MAX: usize = 20_000;

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

/// An attempt file's text: pretty JSON and a final newline.
pub fn file_text<T: Serialize>(file: &T) -> String {
    let mut s = serde_json::to_string_pretty(file).unwrap_or_default();
    s.push('\n');
    s
}

/// Whether a file of format `version` written by loadlab `app_version` comes from an app
/// older than this one.
pub fn written_by_older(version: u32, app_version: &str) -> bool {
    version < VERSION || older_than(app_version, APP_VERSION)
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
