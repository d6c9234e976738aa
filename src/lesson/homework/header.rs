//! What both kinds of attempt file share: the header they start with (format, version, the
//! app's version), the log limit, and how a file is written and dated. The exercise's and the
//! quiz's attempt modules both read it, so that neither imports the other for it.

use serde::Serialize;

/// The `format` field of every attempt file.
pub const FORMAT: &str = "loadlab attempt";
/// The format version this build writes and the newest it reads.
pub const VERSION: u32 = 1;
/// The version of loadlab that writes the file.
pub const APP_VERSION: &str = env!("CARGO_PKG_VERSION");
/// The most log entries replayed.
pub const LOG_MAX: usize = 20_000;

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
        assert!(older_than("0.1.0", "0.1.1"));
        assert!(older_than("0.9.0", "0.10.0"));
        assert!(!older_than("0.10.0", "0.9.0"));
        assert!(!older_than("0.1.0", "0.1.0"));
    }
}
