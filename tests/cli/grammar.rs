//! One grammar (issue 38): generated model commands — valid and invalid: `--x=v`, repeated
//! flags, unknown flags, abbreviated flags, bad values (letters, huge, negative, empty),
//! missing values, stray words; each model and `eval` — are accepted or refused alike by the
//! CLI (the real binary with `--json`) and by a lesson check (parsed and run in-process as
//! `loadlab lesson --check` runs it), and where accepted give the same JSON.
//!
//! Left out on purpose, because a check refuses them by design: `--json`/`--csv` (a check
//! reads the JSON itself), `--help`, `--shard`, `eval --link`, and values longer than
//! [`loadlab::lesson::command::MAX_NUMBER_CHARS`]. Every generated run is small.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use loadlab::model::NoProgress;
use loadlab::report::Render;

use super::common::{run, stdout, strings};

/// Generated commands per test run.
const CASES: usize = 300;

/// What a flag's value is drawn from (valid values first, then bad ones).
enum Kind {
    /// A switch.
    Switch,
    /// One of these values.
    Values(&'static [&'static str]),
}

use Kind::{Switch, Values};

/// Small integers, valid for the counts the models take.
const SMALL: &[&str] = &["1", "2", "3", "4", "2^2", "1e1"];
/// Reals.
const REALS: &[&str] = &["0.5", "1.5", "2", "3", "1e2", "128"];

type Flags = &'static [(&'static str, Kind)];

const DIVISIBLE: Flags = &[
    ("network", Values(&["tree", "pyramid"])),
    ("b", Values(SMALL)),
    ("h", Values(&["0", "1", "3", "5", "8"])),
    ("beta", Values(REALS)),
    ("algorithm", Values(&["C", "p", "Q", "all"])),
    ("sweep", Values(&["h", "beta"])),
    ("h-max", Values(&["3", "6"])),
    ("beta-range", Values(&["0.5,50", "1,10", "3,1"])),
    ("beta-points", Values(&["2", "5", "9"])),
    ("timeline", Switch),
];
const GEODECAY: Flags = &[
    ("n", Values(&["16", "1000", "2^12", "1e4"])),
    ("p", Values(&["1", "4", "16", "2^5"])),
    ("alpha", Values(&["0.5", "1", "2"])),
    ("ell", Values(&["0", "3", "20", "1e3"])),
    ("c", Values(&["0.5", "1", "2"])),
    (
        "policy",
        Values(&["never", "standard", "improved", "every"]),
    ),
    ("every", Values(SMALL)),
    ("decay", Values(&["deterministic", "random"])),
    ("survivors", Values(&["adversarial", "random"])),
    ("seed", Values(&["0", "1", "7"])),
    ("sweep", Values(&["ell", "p"])),
    ("ell-log2-max", Values(&["4", "8"])),
    ("trace", Switch),
];
const TREESWEEP: Flags = &[
    ("n", Values(&["1", "3", "5", "8"])),
    ("tau", Values(&["1.5", "2", "3", "10", "128"])),
    ("direction", Values(&["up", "down"])),
    ("schedule", Switch),
];
const KSBF: Flags = &[
    (
        "shape",
        Values(&["tree", "grid", "random-tree", "random-grid", "sparse-tree"]),
    ),
    ("n", Values(&["1", "3", "5", "7"])),
    ("p", Values(&["1", "2", "3", "5"])),
    ("seed", Values(&["1", "2", "9"])),
    ("spawn-prob", Values(&["0.3", "0.75", "1"])),
    ("balance", Values(&["ks", "none", "random"])),
    ("schedule", Values(&["bf", "df"])),
    ("assignments", Switch),
];
const REDISTRIBUTE: Flags = &[
    (
        "delta",
        Values(&["2,-1,-1", "3,-1,2,0,-4", "1,-1", "4,0,-2,-2"]),
    ),
    ("loads", Values(&["5,5,5", "1,1", "9,9,9,9"])),
    ("direction", Values(&["uni", "bi"])),
    ("c", Values(&["1", "2.5", "3"])),
    ("cw", Values(&["1,2,3", "1,1", "2,2,2,2"])),
    ("ccw", Values(&["3,2,1", "1,1", "1,2,1,2"])),
    (
        "algorithm",
        Values(&[
            "auto",
            "alg1",
            "alg2",
            "alg3",
            "lp",
            "lp-load",
            "lp-forward",
        ]),
    ),
    ("rounds", Switch),
    ("tau-curve", Switch),
];
const MODELS: &[(&str, Flags)] = &[
    ("divisible", DIVISIBLE),
    ("geodecay", GEODECAY),
    ("treesweep", TREESWEEP),
    ("ksbf", KSBF),
    ("redistribute", REDISTRIBUTE),
];

/// Bad values of every kind: letters, huge, negative, empty, zero, malformed.
const BAD: &[&str] = &[
    "abc",
    "1e400",
    "2^200",
    "-3",
    "",
    "0",
    "-0.5",
    "1,2",
    "nan",
    "x1",
    "99999999999999999999",
];

/// One flag as words: its value valid or bad, as `--x v` or `--x=v`; now and then
/// abbreviated, given a value it does not take, or missing its value.
fn flag(rng: &mut ChaCha8Rng, name: &str, kind: &Kind) -> Vec<String> {
    let mut spelled = format!("--{name}");
    if name.len() > 2 && rng.random_bool(0.05) {
        spelled.truncate(2 + name.len() / 2); // an abbreviation
    }
    let value = match kind {
        Switch if rng.random_bool(0.9) => return vec![spelled],
        Switch => "1".to_string(),
        Values(v) if rng.random_bool(0.8) => v.choose(rng).expect("values").to_string(),
        Values(_) => BAD.choose(rng).expect("bad").to_string(),
    };
    if rng.random_bool(0.3) {
        vec![format!("{spelled}={value}")]
    } else {
        vec![spelled, value]
    }
}

/// One generated model command (without `loadlab` and `--json`).
fn case(rng: &mut ChaCha8Rng) -> Vec<String> {
    if rng.random_bool(0.07) {
        let presets = [
            "default",
            "treesweep-small",
            "divisible-table-1",
            "redistribute-fig-4",
            "no-such-preset",
        ];
        let mut words = vec!["eval".to_string()];
        if rng.random_bool(0.9) {
            words.push(presets.choose(rng).expect("presets").to_string());
        }
        if rng.random_bool(0.2) {
            words.push(["--h", "3", "extra"].choose(rng).expect("x").to_string());
        }
        return words;
    }
    let (model, flags) = MODELS.choose(rng).expect("models");
    let mut words = vec![model.to_string()];
    if *model == "redistribute" && rng.random_bool(0.85) {
        words.extend(flag(rng, "delta", &flags[0].1));
    }
    for _ in 0..rng.random_range(0..4) {
        let (name, kind) = flags.choose(rng).expect("flags");
        words.extend(flag(rng, name, kind));
    }
    match rng.random_range(0..20) {
        // Repeated flag.
        0 if words.len() > 1 => {
            let again = words[1].clone();
            words.push(again);
            if !words[1].contains('=') && words.len() > 3 {
                words.push(words[2].clone());
            }
        }
        // Unknown flag, stray word, missing value at the end.
        1 => words.push("--colour".into()),
        2 => words.push("5".into()),
        3 => {
            let (name, _) = flags
                .iter()
                .find(|(_, k)| matches!(k, Values(_)))
                .expect("x");
            words.push(format!("--{name}"));
        }
        _ => {}
    }
    words
}

/// The lesson check's verdict: the run's JSON (printed and read back, as the CLI's is) or
/// its error.
fn by_lesson(words: &[String]) -> Result<Value, String> {
    let planned = loadlab::lesson::command::parse(words)?;
    let run = planned.run(&NoProgress)?;
    Ok(serde_json::from_str(&run.json().to_string()).expect("JSON reads back"))
}

/// The CLI's verdict: its one JSON object, or its error line.
fn by_cli(words: &[String]) -> Result<Value, String> {
    let mut args = words.to_vec();
    args.push("--json".into());
    let out = run(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    match out.status.code() {
        Some(0) => serde_json::from_str(stdout.trim()).map_err(|e| format!("not JSON: {e}")),
        Some(2) => Err(String::from_utf8_lossy(&out.stderr).trim().to_string()),
        c => panic!(
            "{words:?}: exit {c:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

#[test]
fn the_cli_and_a_lesson_check_read_every_command_alike() {
    let mut rng = ChaCha8Rng::seed_from_u64(38);
    let (mut accepted, mut refused) = (0, 0);
    let mut differ = Vec::new();
    for _ in 0..CASES {
        let words = case(&mut rng);
        match (by_cli(&words), by_lesson(&words)) {
            (Ok(a), Ok(b)) if a == b => accepted += 1,
            (Err(_), Err(_)) => refused += 1,
            (a, b) => differ.push(format!("{words:?}:\n  cli: {a:?}\n  lesson: {b:?}")),
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    // Both kinds are exercised in numbers.
    assert!(
        accepted >= CASES / 5 && refused >= CASES / 5,
        "{accepted} {refused}"
    );
}

/// What the grammar keeps of the words before it: the CLI lets clap say that `--delta` is
/// missing while a check says it in the model's words; `--help` writes geodecay's counts as
/// powers of two and shows `--beta-range`'s default; a check words the `--assignments` refusal
/// with the run's node count; an unknown flag with a long value is named as unknown.
#[test]
fn the_cli_and_a_check_keep_their_words() {
    let out = run(&["redistribute", "--json"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(
        err.trim(),
        "error: the following required arguments were not provided: --delta <DELTA>"
    );
    let check = |words: &[&str]| loadlab::lesson::command::parse(&strings(words));
    let e = check(&["redistribute"]).unwrap_err();
    assert_eq!(e, "--delta: required (the unbalances δ_1..δ_n)");

    let help = stdout(&["geodecay", "--help"]);
    assert!(
        help.contains("[default: 2^20]") && help.contains("[default: 2^10]"),
        "{help}"
    );
    assert!(stdout(&["divisible", "--help"]).contains("[default: 0.1,1000]"));

    let e = check(&["ksbf", "--n", "17", "--assignments"])
        .unwrap()
        .run(&NoProgress)
        .unwrap_err();
    assert_eq!(
        e,
        "--assignments: 131071 nodes are too many to list (at most 65536 are recorded)"
    );

    let long = "9".repeat(70);
    for words in [
        vec!["treesweep", "--colour", &long],
        vec!["treesweep", "--n", "3", "--colour", &long],
    ] {
        let e = check(&words).unwrap_err();
        assert_eq!(e, "unexpected argument --colour", "{words:?}");
    }
    let e = check(&["treesweep", &format!("--colour={long}")]).unwrap_err();
    assert_eq!(e, "unexpected argument --colour");
    // A named choice is not a number: its refusal lists the choices.
    let e = check(&["geodecay", "--policy", &long]).unwrap_err();
    assert!(e.starts_with("--policy: invalid value"), "{e}");
}

/// A command missing what it needs says what, in its one line: the first line of clap's
/// message alone read "the following required arguments were not provided:" and stopped.
#[test]
fn a_missing_argument_or_subcommand_is_named_in_the_error_line() {
    use super::common::assert_error;
    assert_error(&["quiz"], "not provided: --model <MODEL>");
    assert_error(
        &["exercise", "ksbf", "--course", "CS101"],
        "--student <STUDENT>",
    );
    assert_error(&["map", "divisible"], "--x <X>, --y <Y>");
    assert_error(&["grade"], "<FILES>");
    assert_error(&["exercise"], "loadlab exercise <COMMAND>");
    // A tip stays, after its message.
    assert_error(
        &["divisible", "--hh", "3"],
        "'--hh' found; tip: a similar argument exists",
    );
}
