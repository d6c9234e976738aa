//! Seeded fuzzing of the command line (issue 11): random flags and values per model — small,
//! huge, negative, non-numeric, `1e6`, `2^20`, overflowing — and mutated preset files. Every
//! run must end within a time bound and under an address-space limit with either exit 0 or
//! exit 2 and exactly one `error:` line, never a panic, an abort or a hang.
//!
//! CI runs [`CI_CASES`] cases per seed; `cargo test --test suite fuzz_many -- --ignored` runs
//! many more. The seeds are fixed so a failure reproduces.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Cases per seed in CI.
const CI_CASES: usize = 60;
/// Wall-clock bound of one run (the budgets promise about 10 s on this machine; debug builds
/// and a loaded CI machine get slack).
const TIME_LIMIT: Duration = Duration::from_secs(30);
/// Address-space bound of one run, in KiB (3 GiB, as the acceptance says).
const MEMORY_KIB: u64 = 3 * 1024 * 1024;

/// Values a numeric flag may get.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "5",
    "-1",
    "7",
    "16",
    "64",
    "100",
    "1000",
    "4096",
    "1e1",
    "1e3",
    "1e6",
    "1e9",
    "1e12",
    "1e308",
    "2^2",
    "2^10",
    "2^20",
    "2^30",
    "2^64",
    "2^70",
    "0.5",
    "1.5",
    "-0",
    "nan",
    "inf",
    "-inf",
    "abc",
    "",
    "18446744073709551616",
    "4294967296",
    "0.001",
    "1e-6",
    "2.5e3",
    "3^40",
];

/// (flag, candidate values) per model; `None` marks a switch without a value.
type Flags = &'static [(&'static str, Option<&'static [&'static str]>)];

const DIVISIBLE: Flags = &[
    ("--network", Some(&["tree", "pyramid", "ring"])),
    ("--b", None),
    ("--h", None),
    ("--beta", None),
    ("--algorithm", Some(&["C", "P", "Q", "all", "x"])),
    ("--sweep", Some(&["h", "beta", "n"])),
    ("--h-max", None),
    (
        "--beta-range",
        Some(&["0.1,1000", "1,1", "5,1", "0,1", "1e-300,1e300", "a,b"]),
    ),
    ("--beta-points", None),
    ("--timeline", Some(&[])),
];
const GEODECAY: Flags = &[
    ("--n", None),
    ("--p", None),
    ("--alpha", None),
    ("--ell", None),
    ("--c", None),
    (
        "--policy",
        Some(&["never", "standard", "improved", "every"]),
    ),
    ("--every", None),
    (
        "--decay",
        Some(&["deterministic", "random", "proportional"]),
    ),
    ("--survivors", Some(&["adversarial", "random"])),
    ("--seed", None),
    ("--sweep", Some(&["ell", "p", "seeds", "x"])),
    ("--ell-log2-max", None),
    ("--seeds", None),
    ("--trace", Some(&[])),
];
const TREESWEEP: Flags = &[
    ("--n", None),
    ("--tau", None),
    ("--direction", Some(&["up", "down"])),
    ("--schedule", Some(&[])),
];
const KSBF: Flags = &[
    (
        "--shape",
        Some(&[
            "tree",
            "grid",
            "random-tree",
            "random-grid",
            "sparse-tree",
            "two-row-grid",
        ]),
    ),
    ("--n", None),
    ("--p", None),
    ("--seed", None),
    (
        "--spawn-prob",
        Some(&["0", "0.3", "0.5", "1", "1.5", "-1", "nan"]),
    ),
    ("--balance", Some(&["ks", "none", "random"])),
    ("--schedule", Some(&["bf", "df"])),
    ("--assignments", Some(&[])),
];
const REDISTRIBUTE: Flags = &[
    ("--delta", None),
    ("--loads", None),
    ("--direction", Some(&["uni", "bi"])),
    ("--c", None),
    ("--cw", None),
    ("--ccw", None),
    (
        "--algorithm",
        Some(&[
            "auto",
            "alg1",
            "alg2",
            "alg3",
            "alg3-literal",
            "lp",
            "lp-load",
            "lp-forward",
        ]),
    ),
    ("--rounds", Some(&[])),
];

const MODELS: &[(&str, Flags)] = &[
    ("divisible", DIVISIBLE),
    ("geodecay", GEODECAY),
    ("treesweep", TREESWEEP),
    ("ksbf", KSBF),
    ("redistribute", REDISTRIBUTE),
];

/// A comma-separated vector for the redistribution flags: sometimes balanced, sometimes not,
/// sometimes huge or malformed.
fn vector(rng: &mut ChaCha8Rng, n: usize) -> String {
    match rng.random_range(0..6) {
        0 => "a,b".into(),
        1 => format!("{},-{}", 10i64.pow(rng.random_range(1..9)), 10i64.pow(8)),
        _ => {
            let mut v: Vec<i64> = (0..n).map(|_| rng.random_range(-9..=9)).collect();
            if rng.random_bool(0.7) {
                let s: i64 = v.iter().sum();
                v[0] -= s;
            }
            v.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
        }
    }
}

/// A number flag's value: one of [`NUMBERS`], or now and then a `^` or `-` chain (issue 24:
/// a 40 000-term chain overflowed the recursive parser's stack), short or far too long.
fn number(rng: &mut ChaCha8Rng) -> String {
    let terms = *[2usize, 50, 99, 101, 5_000, 40_000]
        .choose(rng)
        .expect("lengths");
    match rng.random_range(0..12) {
        0 => vec!["1"; terms].join("^"),
        1 => format!("{}2^2", "-".repeat(terms)),
        2 => vec!["2"; terms.min(6)].join("^"),
        _ => NUMBERS.choose(rng).expect("numbers").to_string(),
    }
}

/// A command line of the other subcommands that read numbers: `quiz` and `map`.
fn other_case(rng: &mut ChaCha8Rng) -> Vec<String> {
    let models = [
        "divisible",
        "geodecay",
        "treesweep",
        "ksbf",
        "redistribute",
        "nope",
    ];
    let model = models.choose(rng).expect("models").to_string();
    if rng.random_bool(0.5) {
        let mut args = vec!["quiz".into(), format!("--model={model}")];
        args.push(format!("--count={}", number(rng)));
        args.push(format!("--seed={}", number(rng)));
        args.push("--json".into());
        return args;
    }
    let params = [
        "h",
        "beta",
        "b",
        "n",
        "p",
        "tau",
        "seed",
        "alpha",
        "max_delta",
        "x",
    ];
    let axis = |rng: &mut ChaCha8Rng| {
        format!(
            "{}={}..{}:{}",
            params.choose(rng).expect("params"),
            number(rng),
            number(rng),
            [1, 2, 3, 7, 300].choose(rng).expect("points")
        )
    };
    let mut args = vec!["map".into(), model];
    args.push(format!("--x={}", axis(rng)));
    args.push(format!("--y={}", axis(rng)));
    if rng.random_bool(0.5) {
        args.push(format!("--samples={}", number(rng)));
    }
    args.push(
        if rng.random_bool(0.5) {
            "--json"
        } else {
            "--csv"
        }
        .into(),
    );
    args
}

/// One random command line.
fn case(rng: &mut ChaCha8Rng) -> Vec<String> {
    if rng.random_bool(0.15) {
        return other_case(rng);
    }
    let (model, flags) = *MODELS.choose(rng).expect("models");
    let mut args = vec![model.to_string()];
    for (flag, values) in flags.iter() {
        if !rng.random_bool(0.45) {
            continue;
        }
        match values {
            Some([]) => args.push(flag.to_string()),
            Some(vs) => {
                args.push(flag.to_string());
                args.push(vs.choose(rng).expect("values").to_string());
            }
            None if model == "redistribute" => {
                let n = *[1usize, 2, 3, 5, 12, 40].choose(rng).expect("sizes");
                args.push(format!("{flag}={}", vector(rng, n)));
            }
            None => {
                // `--flag=value` so that negative numbers are not read as flags.
                args.push(format!("{flag}={}", number(rng)));
            }
        }
    }
    match rng.random_range(0..4) {
        0 => args.push("--json".into()),
        1 => args.push("--csv".into()),
        _ => {}
    }
    args
}

/// Runs the binary under the limits; returns (exit code, stdout length, stderr).
pub(super) fn run_bounded(args: &[String]) -> (Option<i32>, usize, String) {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_loadlab"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn");
    // Drain the pipes on threads so a chatty run cannot block on a full pipe.
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let out_t = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v.len()
    });
    let err_t = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let t0 = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break Some(s);
        }
        if t0.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let len = out_t.join().unwrap_or(0);
    let stderr = err_t.join().unwrap_or_default();
    (status.and_then(|s| s.code()), len, stderr)
}

/// The contract for one run; `Err` says what broke it.
fn check(args: &[String]) -> Result<(), String> {
    let (code, _, stderr) = run_bounded(args);
    match code {
        Some(0) => Ok(()),
        Some(2) => {
            let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
            if lines.len() == 1 && lines[0].starts_with("error: ") && !stderr.contains("panicked") {
                Ok(())
            } else {
                Err(format!("exit 2 without one error line: {stderr:?}"))
            }
        }
        None => Err(format!(
            "no exit within {TIME_LIMIT:?} (or killed by a signal): {}",
            stderr.lines().next().unwrap_or("")
        )),
        Some(c) => Err(format!(
            "exit {c}: {}",
            stderr.lines().take(2).collect::<Vec<_>>().join(" | ")
        )),
    }
}

fn fuzz_cli(seed: u64, cases: usize) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut failures = Vec::new();
    for _ in 0..cases {
        let args = case(&mut rng);
        if let Err(e) = check(&args) {
            failures.push(format!("loadlab {}: {e}", args.join(" ")));
        }
    }
    failures
}

/// Mutations of a bundled preset: truncation, byte flips, renamed fields, extreme values.
pub(super) fn mutate(rng: &mut ChaCha8Rng, text: &str) -> Vec<u8> {
    let mut b = text.as_bytes().to_vec();
    match rng.random_range(0..5) {
        0 => b.truncate(rng.random_range(0..b.len().max(1))),
        1 => {
            for _ in 0..rng.random_range(1..4) {
                let i = rng.random_range(0..b.len().max(1));
                if let Some(x) = b.get_mut(i) {
                    *x ^= 1 << rng.random_range(0..8);
                }
            }
        }
        2 => {
            let s = String::from_utf8_lossy(&b).replacen(": ", "x: ", 1);
            b = s.into_bytes();
        }
        3 => {
            // Replace the first number with an extreme one.
            let s = String::from_utf8_lossy(&b).into_owned();
            if let Some(i) = s.find(|c: char| c.is_ascii_digit()) {
                let j = s[i..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(s.len(), |j| i + j);
                let big = ["99999999999", "0", "1e308", "-5", "4294967296"]
                    .choose(rng)
                    .expect("values");
                b = format!("{}{big}{}", &s[..i], &s[j..]).into_bytes();
            }
        }
        _ => {
            let mut v = vec![0xEF, 0xBB, 0xBF];
            v.extend_from_slice(&b);
            b = v;
        }
    }
    b
}

fn fuzz_presets(seed: u64, cases: usize) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dir = tempfile::tempdir().expect("tempdir");
    let mut failures = Vec::new();
    for k in 0..cases {
        let b = loadlab::preset::BUNDLED.choose(&mut rng).expect("bundled");
        let path = dir.path().join(format!("m{k}.ron"));
        std::fs::write(&path, mutate(&mut rng, b.text)).expect("write");
        let mut args = vec!["eval".to_string(), path.display().to_string()];
        if rng.random_bool(0.5) {
            args.push("--json".into());
        }
        if let Err(e) = check(&args) {
            failures.push(format!("{} from {}: {e}", path.display(), b.file));
        }
    }
    failures
}

#[test]
fn fuzz_command_line_and_presets() {
    let mut failures = fuzz_cli(11, CI_CASES);
    failures.extend(fuzz_cli(12, CI_CASES));
    failures.extend(fuzz_presets(21, CI_CASES));
    assert!(
        failures.is_empty(),
        "{} of {} fuzz cases broke the contract:\n{}",
        failures.len(),
        3 * CI_CASES,
        failures.join("\n")
    );
}

#[test]
#[ignore = "long: run by hand with --ignored"]
fn fuzz_many() {
    let mut failures = Vec::new();
    for seed in 100..120 {
        failures.extend(fuzz_cli(seed, 200));
        failures.extend(fuzz_presets(seed, 100));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
