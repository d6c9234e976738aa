//! Seeded fuzzing of the surfaces added since the first fuzz (issue 36): share links, exercise
//! move files, render, merge and shards, the exact search and the gap search, lesson files.
//! Each run must end within the time bound, under the address-space limit, with exit 0 or
//! exit 2 and `error:` lines only (one line, except `lesson`, whose check lists every failing
//! step), never a panic, an abort or a hang.
//!
//! CI runs [`CI_CASES`] cases per surface; `cargo test --test suite fuzz_surfaces_many --
//! --ignored` runs many more. The seeds are fixed so a failure reproduces.

use std::path::Path;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::fuzz::{mutate, run_bounded};

/// Cases per surface in CI.
const CI_CASES: usize = 12;

/// The contract for one run (`lines`: more than one `error:` line allowed).
fn check(args: &[String], lines: bool) -> Result<(), String> {
    let (code, _, stderr) = run_bounded(args);
    match code {
        Some(0) => Ok(()),
        Some(2) => {
            let errs: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
            let shaped = !errs.is_empty()
                && (lines || errs.len() == 1)
                && errs.iter().all(|l| l.starts_with("error: "));
            if shaped && !stderr.contains("panicked") {
                Ok(())
            } else {
                Err(format!("exit 2 without error lines: {stderr:?}"))
            }
        }
        None => Err(format!(
            "no exit in time (or killed by a signal): {}",
            stderr.lines().next().unwrap_or("")
        )),
        Some(c) => Err(format!(
            "exit {c}: {}",
            stderr.lines().take(2).collect::<Vec<_>>().join(" | ")
        )),
    }
}

fn s(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}

/// A random JSON-ish value: nested lists, numbers (small, huge, negative, real), booleans,
/// strings, objects with the move files' keys; depth bounded by `depth`.
fn value(rng: &mut ChaCha8Rng, depth: u32) -> String {
    let scalars = [
        "0",
        "1",
        "2",
        "3",
        "-1",
        "7",
        "1e300",
        "-0",
        "1.5",
        "18446744073709551616",
        "true",
        "false",
        "null",
        "\"x\"",
        "4294967296",
    ];
    if depth == 0 || rng.random_bool(0.3) {
        return scalars.choose(rng).expect("scalars").to_string();
    }
    match rng.random_range(0..3) {
        0 => {
            let keys = ["node", "pe", "step", "start", "x"];
            let k = rng.random_range(0..4);
            let fields: Vec<String> = (0..k)
                .map(|_| {
                    format!(
                        "\"{}\": {}",
                        keys.choose(rng).expect("keys"),
                        value(rng, depth - 1)
                    )
                })
                .collect();
            format!("{{{}}}", fields.join(", "))
        }
        _ => {
            let k = rng.random_range(0..6);
            let items: Vec<String> = (0..k).map(|_| value(rng, depth - 1)).collect();
            format!("[{}]", items.join(","))
        }
    }
}

/// A moves file: random JSON, a mutated valid file, a deep nest, or a long list.
fn moves_text(rng: &mut ChaCha8Rng) -> Vec<u8> {
    match rng.random_range(0..5) {
        0 => value(rng, 4).into_bytes(),
        1 => mutate(rng, "[[[1, 2], [4, 3]], [[2, 3]], [[5, 4]]]"),
        2 => {
            let d = *[100usize, 10_000, 200_000].choose(rng).expect("depths");
            format!("{}{}", "[".repeat(d), "]".repeat(d)).into_bytes()
        }
        3 => {
            let k = *[10usize, 10_000, 400_000].choose(rng).expect("lengths");
            format!("[{}]", vec!["[[1,2]]"; k].join(",")).into_bytes()
        }
        _ => mutate(
            rng,
            r#"[{"node": 1, "pe": 0, "step": 0}, {"node": 3, "pe": 1, "step": 1}]"#,
        ),
    }
}

fn fuzz_moves(seed: u64, cases: usize, dir: &Path) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let exercises: [&[&str]; 5] = [
        &["exercise", "redistribute", "--delta", "2,1,1,-2,-2"],
        &[
            "exercise", "ksbf", "--shape", "tree", "--n", "5", "--p", "3",
        ],
        &["exercise", "geodecay", "--n", "4096", "--p", "8"],
        &["exercise", "divisible", "--h", "3"],
        &["exercise", "treesweep", "--n", "4"],
    ];
    let mut failures = Vec::new();
    for k in 0..cases {
        let f = dir.join(format!("moves{seed}-{k}.json"));
        std::fs::write(&f, moves_text(&mut rng)).expect("write");
        let mut args = s(exercises.choose(&mut rng).expect("exercises"));
        args.extend(s(&["--moves", &f.display().to_string()]));
        if rng.random_bool(0.5) {
            args.push("--json".into());
        }
        if let Err(e) = check(&args, false) {
            failures.push(format!("loadlab {}: {e}", args.join(" ")));
        }
        let _ = std::fs::remove_file(&f);
    }
    failures
}

/// Damage to a link: a changed, dropped or added character, a cut, a new version, a tail.
pub(super) fn damage(rng: &mut ChaCha8Rng, link: &str) -> String {
    let mut c: Vec<char> = link.chars().collect();
    let alphabet: Vec<char> = "AZaz09-_+/=:. é".chars().collect();
    match rng.random_range(0..6) {
        0 => {
            let i = rng.random_range(0..c.len());
            c[i] = *alphabet.choose(rng).expect("alphabet");
        }
        1 => {
            let i = rng.random_range(0..c.len());
            c.remove(i);
        }
        2 => c.truncate(rng.random_range(0..c.len())),
        3 => {
            let tail = ["A", "AA", "AAAA", "_-_-_-", "AAAAAAAAAAAAAAAA"];
            c.extend(tail.choose(rng).expect("tails").chars());
        }
        4 => {
            let v = ["0", "01", "+1", "2", "99999999999", "1.0", ""];
            let text: String = c.iter().collect();
            return text.replacen(
                "loadlab:1:",
                &format!("loadlab:{}:", v.choose(rng).expect("versions")),
                1,
            );
        }
        _ => {
            let i = rng.random_range(0..c.len());
            let j = rng.random_range(0..c.len());
            c.swap(i, j);
        }
    }
    c.into_iter().collect()
}

fn fuzz_links(seed: u64, cases: usize) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let presets = ["redistribute-12-ring", "divisible-table-2", "default"];
    let links: Vec<String> = presets
        .iter()
        .map(|p| super::common::stdout(&["link", p]).trim().to_string())
        .collect();
    let mut failures = Vec::new();
    for _ in 0..cases {
        let base = links.choose(&mut rng).expect("links").clone();
        let link = damage(&mut rng, &base);
        let mut args = s(&["eval", "--link", &link]);
        if rng.random_bool(0.5) {
            args.push("--json".into());
        }
        if let Err(e) = check(&args, false) {
            failures.push(format!("loadlab {}: {e}", args.join(" ")));
        }
        // The link command's own flags.
        let step = ["0", "1", "3", "-1", "99999999999", "2^64", "x"];
        let args = s(&[
            "link",
            presets.choose(&mut rng).expect("presets"),
            &format!("--step={}", step.choose(&mut rng).expect("steps")),
        ]);
        if let Err(e) = check(&args, false) {
            failures.push(format!("loadlab {}: {e}", args.join(" ")));
        }
    }
    failures
}

fn fuzz_render(seed: u64, cases: usize, dir: &Path) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let presets = ["divisible-table-2", "redistribute-12-ring", "nope"];
    let mut failures = Vec::new();
    for k in 0..cases {
        let ext = ["png", "svg", "gif", "txt"].choose(&mut rng).expect("ext");
        let out = dir.join(format!("r{seed}-{k}.{ext}"));
        let mut args = s(&[
            "render",
            presets.choose(&mut rng).expect("presets"),
            "--out",
            &out.display().to_string(),
        ]);
        let flags: [(&str, &[&str]); 6] = [
            ("--scale", &["0.1", "0.25", "1", "8", "9", "nan"]),
            ("--fps", &["0.001", "0.02", "2", "50", "51"]),
            ("--step", &["0", "1", "3", "99999999999"]),
            (
                "--figure",
                &["picture", "plot", "plot:", "plot:nope", "map"],
            ),
            ("--picture", &["Gantt", "Ring", "nope"]),
            ("--window", &["100x100", "1280x720"]),
        ];
        for (flag, values) in flags {
            if rng.random_bool(0.3) {
                args.push(format!(
                    "{flag}={}",
                    values.choose(&mut rng).expect("values")
                ));
            }
        }
        if *ext == "gif" && rng.random_bool(0.7) {
            args.push("--animate".into());
        }
        if let Err(e) = check(&args, false) {
            failures.push(format!("loadlab {}: {e}", args.join(" ")));
        }
        let _ = std::fs::remove_file(&out);
    }
    failures
}

fn fuzz_merge(seed: u64, cases: usize, dir: &Path) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let map = [
        "map",
        "redistribute",
        "--x",
        "n=3..6:3",
        "--y",
        "max_delta=1..3:2",
        "--json",
    ];
    let parts: Vec<String> = (1..=3)
        .map(|i| {
            let mut a = map.to_vec();
            let sh = format!("{i}/3");
            a.extend(["--shard", &sh]);
            super::common::stdout(&a)
        })
        .collect();
    let mut failures = Vec::new();
    for k in 0..cases {
        let mut files = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            if rng.random_bool(0.1) {
                continue;
            }
            let text = if rng.random_bool(0.4) {
                mutate(&mut rng, part)
            } else {
                part.clone().into_bytes()
            };
            let f = dir.join(format!("part{seed}-{k}-{i}.json"));
            std::fs::write(&f, text).expect("write");
            files.push(f.display().to_string());
            if rng.random_bool(0.1) {
                files.push(f.display().to_string());
            }
        }
        let mut args = s(&["merge"]);
        args.extend(files.iter().cloned());
        if args.len() == 1 {
            args.push("/dev/null".into());
        }
        if let Err(e) = check(&args, false) {
            failures.push(format!("loadlab {}: {e}", args.join(" ")));
        }
        for f in files {
            let _ = std::fs::remove_file(f);
        }
    }
    failures
}

fn fuzz_exact(seed: u64, cases: usize) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut failures = Vec::new();
    for _ in 0..cases {
        let args = if rng.random_bool(0.6) {
            let n = rng.random_range(2..=10);
            let m = *[1i64, 3, 10, 40].choose(&mut rng).expect("sizes");
            let mut d: Vec<i64> = (0..n).map(|_| rng.random_range(-m..=m)).collect();
            let sum: i64 = d.iter().sum();
            d[0] -= sum;
            let delta = d.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            let mut a = s(&[
                "redistribute",
                &format!("--delta={delta}"),
                "--algorithm",
                "exact",
            ]);
            if rng.random_bool(0.5) {
                let costs: Vec<String> = (0..n)
                    .map(|_| {
                        ["1", "2", "0.5", "7", "1e9"]
                            .choose(&mut rng)
                            .expect("c")
                            .to_string()
                    })
                    .collect();
                a.push(format!("--cw={}", costs.join(",")));
                a.push(format!("--ccw={}", costs.join(",")));
            }
            a.push("--json".into());
            a
        } else {
            let against = [
                "system12",
                "lp-forward",
                "alg3-printed",
                "system6-bound",
                "lemma12",
            ];
            let mut a = s(&[
                "gaps",
                "redistribute",
                "--against",
                against.choose(&mut rng).expect("against"),
            ]);
            for (flag, values) in [
                ("--budget", &["1", "20", "100000", "0", "1e9"][..]),
                ("--max-n", &["3", "5", "8", "9"][..]),
                ("--max-delta", &["1", "3", "10", "11"][..]),
                ("--max-cost", &["1", "4", "20", "-1"][..]),
                ("--seed", &["1", "2^64", "7"][..]),
            ] {
                if rng.random_bool(0.4) {
                    a.push(format!("{flag}={}", values.choose(&mut rng).expect("v")));
                }
            }
            a.push("--json".into());
            a
        };
        if let Err(e) = check(&args, false) {
            failures.push(format!("loadlab {}: {e}", args.join(" ")));
        }
    }
    failures
}

fn fuzz_lessons(seed: u64, cases: usize, dir: &Path) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut failures = Vec::new();
    for k in 0..cases {
        let b = loadlab::lesson::BUNDLED.choose(&mut rng).expect("bundled");
        let f = dir.join(format!("lesson{seed}-{k}.ron"));
        std::fs::write(&f, mutate(&mut rng, b.text)).expect("write");
        let path = f.display().to_string();
        let mode = ["--check", "--json", ""].choose(&mut rng).expect("modes");
        let mut args = s(&["lesson", &path]);
        if !mode.is_empty() {
            args.push(mode.to_string());
        }
        if let Err(e) = check(&args, true) {
            failures.push(format!("loadlab {} (from {}): {e}", args.join(" "), b.file));
        }
        let _ = std::fs::remove_file(&f);
    }
    failures
}

/// A model of [`fuzz_maps`]: its name, axes, metrics and extra flag sets.
type MapModel = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static [&'static str]],
);

/// Maps with random axes: valid small ranges (at most 3 × 3 cells, quick in a debug build),
/// reversed, empty, huge, unknown parameters and metrics, and each model's own flags.
fn fuzz_maps(seed: u64, cases: usize) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let models: [MapModel; 3] = [
        (
            "ksbf",
            &[
                "n=4..12",
                "p=1..64",
                "spawn_prob=0.5..1",
                "seed=1..9",
                "n=30..1",
            ],
            &["efficiency", "makespan", "nope"],
            &[&[], &["--shape", "random-tree"], &["--schedule", "df"]],
        ),
        (
            "redistribute",
            &["n=2..40", "max_delta=1..50", "n=0..3", "max_delta=-5..5"],
            &["makespan", "rounds", "makespan_over_bound"],
            &[&[], &["--samples", "2"], &["--samples", "0"]],
        ),
        (
            "geodecay",
            &[
                "ell=1..4",
                "p=2..64",
                "alpha=0.01..0.5",
                "n=2^10..2^20",
                "c=nan..1",
            ],
            &["time", "balancings", "standard_over_improved"],
            &[&[], &["--survivors", "random"]],
        ),
    ];
    let points = [":1", ":2", ":3", ":3:log", ":0", ":100000000", "", ":x"];
    let mut failures = Vec::new();
    for _ in 0..cases {
        let &(model, axes, metrics, extra) = models.choose(&mut rng).expect("models");
        let mut args = s(&["map", model]);
        for flag in ["--x", "--y"] {
            let axis = axes.choose(&mut rng).expect("axes");
            args.push(format!(
                "{flag}={axis}{}",
                points.choose(&mut rng).expect("k")
            ));
        }
        args.push(format!("--metric={}", metrics.choose(&mut rng).expect("m")));
        args.extend(s(extra.choose(&mut rng).expect("flags")));
        args.push(
            if rng.random_bool(0.5) {
                "--json"
            } else {
                "--csv"
            }
            .into(),
        );
        if let Err(e) = check(&args, false) {
            failures.push(format!("loadlab {}: {e}", args.join(" ")));
        }
    }
    failures
}

/// Every surface with `cases` cases from seeds derived from `seed`; the failures.
fn fuzz_all(seed: u64, cases: usize) -> Vec<String> {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let mut failures = fuzz_moves(seed, cases, d);
    failures.extend(fuzz_links(seed + 1, cases));
    failures.extend(fuzz_render(seed + 2, cases / 2, d));
    failures.extend(fuzz_merge(seed + 3, cases, d));
    failures.extend(fuzz_exact(seed + 4, cases));
    failures.extend(fuzz_lessons(seed + 5, cases, d));
    failures.extend(fuzz_maps(seed + 6, cases / 2));
    failures
}

#[test]
fn fuzz_the_new_surfaces() {
    let failures = fuzz_all(360, CI_CASES);
    assert!(
        failures.is_empty(),
        "{} fuzz cases broke the contract:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
#[ignore = "long: run by hand with --ignored"]
fn fuzz_surfaces_many() {
    let mut failures = Vec::new();
    for seed in (1000..1050).step_by(10) {
        failures.extend(fuzz_all(seed, 40));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
