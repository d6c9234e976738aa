//! What every CLI test shares: running the binary (plainly, or under the issues' memory
//! bound), reading its one JSON object, the error contract, and a JSON value by its path.

use std::ffi::OsStr;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Address-space bound of a bounded run, in KiB (3 GiB, as the issues' probes).
pub const MEMORY_KIB: u64 = 3 * 1024 * 1024;

/// Runs the binary.
pub fn run<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_loadlab"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("binary runs")
}

/// Runs the command and returns its stdout (status 0 required).
pub fn stdout(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Runs the binary under `ulimit -v` [`MEMORY_KIB`] (long arguments go through `exec`, not a
/// shell line).
pub fn run_bounded<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_loadlab"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("binary runs")
}

/// Owned arguments.
pub fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// The arguments as a short line for a failure message.
fn shown<S: AsRef<OsStr>>(args: &[S]) -> String {
    let mut line: String = args
        .iter()
        .map(|a| a.as_ref().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ");
    if line.len() > 120 {
        let mut cut = 120;
        while !line.is_char_boundary(cut) {
            cut -= 1;
        }
        line.truncate(cut);
    }
    line
}

/// Exit 0 and exactly one JSON object (one line) on stdout.
pub fn json<S: AsRef<OsStr>>(args: &[S]) -> Value {
    let out = run(args);
    assert!(
        out.status.success(),
        "{}: {}",
        shown(args),
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(
        text.trim().lines().count(),
        1,
        "exactly one JSON object: {text}"
    );
    serde_json::from_str(&text).expect("valid JSON")
}

/// Exit 2 under the memory bound, exactly one `error:` line on stderr mentioning `needle`,
/// nothing on stdout, no panic or abort; returns the line.
pub fn assert_error<S: AsRef<OsStr>>(args: &[S], needle: &str) -> String {
    let out = run_bounded(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let line = shown(args);
    assert_eq!(out.status.code(), Some(2), "{line}: {err}");
    assert_eq!(err.lines().count(), 1, "{line}: one line: {err:?}");
    assert!(err.starts_with("error:"), "{line}: {err:?}");
    assert!(
        !err.contains("panicked") && !err.contains("overflowed its stack"),
        "{err}"
    );
    assert!(
        err.contains(needle),
        "{line}: {err:?} should mention {needle:?}"
    );
    assert!(out.stdout.is_empty(), "{line}");
    err
}

/// The value at a dot path, numeric parts indexing lists (written independently of the app's).
pub fn at<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(v, |v, part| match v {
        Value::Object(m) => m.get(part),
        Value::Array(a) => part.parse::<usize>().ok().and_then(|i| a.get(i)),
        _ => None,
    })
}

/// `after` (a graded moves file: `before`'s moves and one more) refuses its last move with the
/// rule "complete" and is graded as `before` was: complete, the same score. The last move.
pub fn refused_after_the_end(before: &Value, after: &Value, what: &str) -> Value {
    let extra = after["moves"].as_array().and_then(|m| m.last()).cloned();
    let extra = extra.unwrap_or_else(|| panic!("{what}: no moves in {after}"));
    assert_eq!(
        (extra["legal"].clone(), extra["rule"].clone()),
        (Value::Bool(false), Value::from("complete")),
        "{what}: {extra}"
    );
    assert_eq!(
        (after["complete"].clone(), after["score"].clone()),
        (Value::Bool(true), before["score"].clone()),
        "{what}"
    );
    extra
}
