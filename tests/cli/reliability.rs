//! Reliability, round 2 (issue 24): no abort from any input, no wrong result accepted. Every
//! case is black-box: exit status 2 and one `error:` line without panic text, or a correct
//! result. No test here measures time (the budget boundaries have their measurements in the
//! model's `BUDGET` documentation and the ignored boundary test).

use super::common::{assert_error, json, run_bounded, strings};

/// `1^1^…^1` with `terms` terms: the chain that overflowed the recursive parser's stack.
fn chain(terms: usize) -> String {
    vec!["1"; terms].join("^")
}

#[test]
fn power_chains_and_sign_chains_are_refused_on_every_integer_flag() {
    let long = chain(40_000);
    let minus = format!("{}5", "-".repeat(70_000));
    let cases: Vec<Vec<String>> = vec![
        strings(&["divisible", "--h", &long]),
        strings(&["divisible", "--b", &long]),
        vec!["geodecay".into(), format!("--n={minus}")],
        strings(&["geodecay", "--seed", &long]),
        strings(&["ksbf", "--n", &long]),
        strings(&["treesweep", "--n", &long]),
        strings(&["quiz", "--count", &long]),
        strings(&[
            "map",
            "redistribute",
            "--x",
            "n=3..4:2",
            "--y",
            "max_delta=1..2:2",
            "--samples",
            &long,
        ]),
        strings(&["gui", "--lesson", "li", "--lesson-step", &long]),
        // Reals and map axes go through the same bound.
        strings(&["divisible", "--beta", &long]),
        strings(&[
            "map",
            "divisible",
            "--x",
            &format!("h=1..{long}:4"),
            "--y",
            "beta=1..10:4",
        ]),
    ];
    for args in &cases {
        let err = assert_error(args, "too long for a number");
        assert!(err.len() < 1100, "the message quotes a short prefix: {err}");
    }
    // Just inside the length limit a chain is read (1^…^1 = 1).
    let v = json(&strings(&["divisible", "--h", &chain(100), "--json"]));
    assert_eq!(v["h"], 1);
}

/// A lesson whose check command holds a 100 000-level chain: refused cleanly by `lesson`,
/// `--check` and `--json` (the GUI computes the same answers through the same parser, which
/// no longer recurses).
#[test]
fn a_lesson_with_a_huge_chain_in_its_check_is_an_error_not_an_abort() {
    let dir = std::env::temp_dir().join(format!("loadlab-rel-lesson-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("chain.ron");
    let lesson = format!(
        r#"(version: 1, name: "chain", title: "Chain", model: Divisible, steps: [
 (title: "Ask", text: "x", scenario: Preset("default"),
  question: Some((prompt: "?", kind: Number, explanation: "e",
   check: (command: ["divisible", "--h", "{}"], field: "processors")))),
])"#,
        chain(100_000)
    );
    std::fs::write(&path, lesson).unwrap();
    let p = path.display().to_string();
    // Showing the lesson computes nothing: it prints it.
    let shown = run_bounded(&strings(&["lesson", &p]));
    assert_eq!(shown.status.code(), Some(0));
    // `--check` fails on it; `--json` prints the question's answer as the error.
    let out = run_bounded(&strings(&["lesson", &p, "--check"]));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.lines().all(|l| l.starts_with("error:")), "{err}");
    // The lesson's reader refuses the over-long number before the number parser sees it.
    assert!(
        err.contains("too long for a number") || err.contains("longer than 64 characters"),
        "{err}"
    );
    let out = run_bounded(&strings(&["lesson", &p, "--json"]));
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(matches!(out.status.code(), Some(0 | 2)), "{err}");
    assert!(
        !err.contains("panicked") && !err.contains("overflow"),
        "{err}"
    );
    // No answer is computed from it.
    assert!(
        text.contains("\"answer\":null")
            || err.contains("too long for a number")
            || err.contains("longer than 64 characters"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 24, case 6: a map axis value its parameter cannot hold is refused, never computed at
/// a clamped value under the asked-for label.
#[test]
fn map_axes_refuse_values_their_field_cannot_hold() {
    let base = [
        "map",
        "ksbf",
        "--shape",
        "random-tree",
        "--n",
        "10",
        "--y",
        "p=2..3:2",
        "--metric",
        "makespan",
        "--json",
    ];
    for (x, shown) in [
        ("seed=-3..3:7", "seed = -3"),
        ("seed=5.5e19..1e20:2", "seed = 5.5e19"),
    ] {
        let mut args = strings(&base);
        args.extend(strings(&["--x", x]));
        assert_error(&args, shown);
    }
    // Seeds the field holds are computed as labelled: columns 0 and 3 are the runs of
    // `ksbf --seed 0` and `--seed 3`.
    let mut args = strings(&base);
    args.extend(strings(&["--x", "seed=0..3:2"]));
    let v = json(&args);
    let text = v.to_string();
    for seed in ["0", "3"] {
        let one = json(&strings(&[
            "ksbf",
            "--shape",
            "random-tree",
            "--n",
            "10",
            "--p",
            "2",
            "--seed",
            seed,
            "--json",
        ]));
        let m = one["makespan"].to_string();
        assert!(text.contains(&m), "{seed}: {m} not in {text}");
    }
}

/// Issue 24, case 7: `auto` gives the valid schedule with forwarding when Lemma 9's would be
/// invalid.
#[test]
fn auto_returns_a_valid_schedule() {
    let v = json(&strings(&[
        "redistribute",
        "--delta",
        "3,0,-3,-3,3,0",
        "--cw",
        "10,10,10,3,1,2",
        "--ccw",
        "1,3,3,10,2,0.5",
        "--algorithm",
        "auto",
        "--json",
    ]));
    assert_eq!(v["algorithm"], "lp-forward", "{v}");
    assert_eq!(v["valid"], true, "{v}");
}

/// Issue 24, case 8: the smaller ones.
#[test]
fn smaller_contract_breaks_are_fixed() {
    // `--ccw` on a 2-ring would be ignored: refused; `--cw` alone is enough there.
    assert_error(
        &strings(&[
            "redistribute",
            "--delta",
            "2,-2",
            "--cw",
            "1,2",
            "--ccw",
            "3,4",
        ]),
        "--ccw: on a 2-ring",
    );
    let v = json(&strings(&[
        "redistribute",
        "--delta",
        "2,-2",
        "--cw",
        "1,2",
        "--json",
    ]));
    assert_eq!(v["valid"], true);
    // The record limit that is exceeded is the one named.
    let e = assert_error(
        &strings(&["ksbf", "--n", "16", "--p", "257", "--assignments"]),
        "node × PE slots",
    );
    assert!(!e.contains("at most 65536"), "{e}");

    let dir = std::env::temp_dir().join(format!("loadlab-rel-small-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A workbook whose active model has no sheet.
    let wb = dir.join("wb.ron");
    std::fs::write(
        &wb,
        r#"(version: 1, name: "w", active: Ksbf, sheets: [(name: "d", scenario: Divisible(()))])"#,
    )
    .unwrap();
    assert_error(
        &strings(&["eval", &wb.display().to_string()]),
        "active: ksbf has no sheet",
    );
    // Version refusals give the line and column of the version.
    let old = dir.join("old.ron");
    std::fs::write(
        &old,
        "(\n  name: \"n\",\n  version: 0,\n  scenario: Divisible(()))",
    )
    .unwrap();
    assert_error(
        &strings(&["eval", &old.display().to_string()]),
        &format!("{}:3:12: version 0", old.display()),
    );
    let new = dir.join("new.ron");
    std::fs::write(&new, "(version: 7, name: \"n\", scenario: Divisible(()))").unwrap();
    assert_error(
        &strings(&["eval", &new.display().to_string()]),
        &format!("{}:1:11: preset version 7", new.display()),
    );
    // A newline in a file name: one error line, the newline escaped.
    let odd = dir.join("two\nlines.ron");
    std::fs::write(&odd, "nonsense").unwrap();
    assert_error(
        &strings(&["eval", &odd.display().to_string()]),
        "two\\nlines.ron",
    );
    assert_error(&strings(&["eval", "no\nsuch"]), "no\\nsuch: no such file");
    // A loop of symbolic links is not "no such file".
    #[cfg(unix)]
    {
        let a = dir.join("loop-a.ron");
        let b = dir.join("loop-b.ron");
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        let e = assert_error(&strings(&["eval", &a.display().to_string()]), "loop-a.ron");
        assert!(!e.contains("no such file"), "{e}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 24, cases 3 and 4: the inputs that ran 2–3.7× over the time budget or over 1 GB are
/// refused by their estimate, with the usual "about N" message (the listing's rounds, the map's
/// estimate included).
#[test]
fn inputs_beyond_the_budget_boundaries_are_refused() {
    assert_error(
        &strings(&[
            "geodecay",
            "--n",
            "2500000",
            "--p",
            "49704",
            "--alpha",
            "0.001",
            "--survivors",
            "random",
            "--json",
        ]),
        "about",
    );
    assert_error(
        &strings(&[
            "geodecay",
            "--n",
            "2^20",
            "--p",
            "94698",
            "--alpha",
            "0.001",
            "--survivors",
            "random",
            "--json",
        ]),
        "more than the limit",
    );
    for args in [
        [
            "--delta",
            "343406,-343406",
            "--algorithm",
            "alg1",
            "--rounds",
            "--json",
        ],
        [
            "--delta",
            "240384,0,-240384",
            "--algorithm",
            "alg3",
            "--rounds",
            "--json",
        ],
    ] {
        let mut a = strings(&["redistribute"]);
        a.extend(strings(&args));
        assert_error(&a, "of memory, more than the limit of 1 GB");
    }
    // The issue's CSV case (37 s then) lists as a document, half the JSON's memory: accepted
    // now (0.8 s and about 400 MB with the release build), while twice the unbalance is not.
    let out = run_bounded(&strings(&[
        "redistribute",
        "--delta",
        "280898,-140449,-140449",
        "--algorithm",
        "alg3",
        "--csv",
    ]));
    assert_eq!(out.status.code(), Some(0));
    assert_error(
        &strings(&[
            "redistribute",
            "--delta",
            "561796,-280898,-280898",
            "--algorithm",
            "alg3",
            "--csv",
        ]),
        "of memory, more than the limit of 1 GB",
    );
    // The map is refused by a sampled estimate, before any cell's rings are all built.
    assert_error(
        &strings(&[
            "map",
            "redistribute",
            "--x",
            "n=5000..10000:256",
            "--y",
            "max_delta=1..1e9:256:log",
            "--samples",
            "1000",
            "--heterogeneous",
            "--algorithm",
            "lp",
            "--light",
            "--json",
        ]),
        "already take",
    );
}

/// The budget boundary of each model's cases in issue 24, run with the binary under test:
/// prints each case's wall-clock time for re-calibration (no time is asserted; run it on a
/// release build: `cargo test --release --test suite boundary -- --ignored --nocapture`).
#[test]
#[ignore]
fn boundary_cases_print_their_time() {
    // Each family's largest accepted input, as measured (the table in `model::budget`).
    let cases: &[&str] = &[
        "ksbf --shape grid --n 23169 --p 1 --json",
        "ksbf --shape tree --n 28 --p 4096 --json",
        "ksbf --shape tree --schedule df --n 26 --p 4096 --json",
        "ksbf --shape tree --balance random --n 23 --p 4096 --json",
        "ksbf --shape random-grid --schedule df --n 23169 --p 64 --spawn-prob 0.5 --json",
        "geodecay --n 2^20 --alpha 0.001 --survivors random --p 16660 --json",
        "geodecay --n 2500000 --alpha 0.001 --survivors random --p 15677 --json",
        "geodecay --n 2^20 --alpha 0.001 --decay random --survivors random --p 11899 --json",
        "geodecay --n 2^40 --alpha 0.001 --decay random --sweep seeds --seeds 433 --json",
        "geodecay --n 2^53 --policy optimal --alpha 0.0023753 --json",
        "redistribute --delta 13888888,-13888888 --direction uni --algorithm alg1 --json",
        "redistribute --delta 311332,-311332 --direction uni --algorithm alg1 --rounds --json",
        "redistribute --delta 616522,-616522 --direction uni --algorithm alg1 --csv",
        "redistribute --delta 10416666,-10416666 --algorithm alg3 --json",
        "redistribute --delta 226244,0,-226244 --algorithm alg3 --rounds --json",
        "redistribute --delta 507614,-253807,-253807 --algorithm alg3 --csv",
        "divisible --sweep beta --beta-points 142857 --json",
        "divisible --h 63 --sweep beta --beta-points 142857 --json",
        "map ksbf --x n=10..23:16 --y p=2..4096:16:log --metric makespan --json",
        "map redistribute --x n=10..1000:16 --y max_delta=1..1000:16:log --samples 2 --json",
    ];
    for case in cases {
        let args: Vec<&str> = case.split(' ').collect();
        let t0 = std::time::Instant::now();
        let out = run_bounded(&args);
        let code = out.status.code();
        assert_eq!(
            code,
            Some(0),
            "{case}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        println!(
            "{:>6.2} s  exit {code:?}  {}",
            t0.elapsed().as_secs_f64(),
            case
        );
    }
}

/// Issue 24, case 8: a redistribution JSON field has one type whatever its value (a float,
/// also when the value is whole).
#[test]
fn redistribution_times_are_always_json_floats() {
    let whole = json(&strings(&["redistribute", "--delta", "2,-2", "--json"]));
    let frac = json(&strings(&[
        "redistribute",
        "--delta",
        "2,-2",
        "--c",
        "0.5",
        "--json",
    ]));
    for v in [&whole, &frac] {
        for key in ["makespan", "lower_bound"] {
            assert!(v[key].is_f64(), "{key}: {}", v[key]);
        }
        for (name, b) in v["bounds"].as_object().unwrap() {
            assert!(b["value"].is_f64(), "{name}: {b}");
        }
    }
    assert_eq!(whole["makespan"], 2.0);
    assert_eq!(frac["makespan"], 1.0);
}

/// Issue 24, case 8: lessons are as strict as presets: version 0 and newer versions are
/// refused with the version's line and column; a step's `step:` beyond its scenario's step
/// bar fails `--check` naming the step and the bar's range; `gui --lesson-step` out of range
/// (0, past the last step, beyond any integer) is refused before a window opens.
#[test]
fn lessons_refuse_version_0_and_steps_beyond_the_run() {
    let dir = std::env::temp_dir().join(format!("loadlab-lesson-strict-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let lesson = |version: &str, step: &str| {
        format!(
            "(\n  name: \"s\",\n  {version}title: \"S\", model: Redistribute, steps: [\n   \
             (title: \"one\", text: \"t\", scenario: Preset(\"redistribute-12-ring\"), \
             step: {step}),\n])"
        )
    };
    let v0 = write("v0.ron", &lesson("version: 0, ", "0"));
    for args in [["lesson", &v0, "--check"], ["lesson", &v0, "--json"]] {
        let err = assert_error(&args, "lesson version 0");
        assert!(err.contains(&format!("{v0}:3:12:")), "{err}");
    }
    let v9 = write("v9.ron", &lesson("version: 9, ", "0"));
    assert_error(&["lesson", &v9, "--check"], "lesson version 9: newer");
    // Algorithm 3 on the 12-ring: 4 rounds, so the step bar runs from 0 to 4.
    let last = write("last.ron", &lesson("", "4"));
    let out = run_bounded(&["lesson", &last, "--check"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let beyond = write("beyond.ron", &lesson("", "5"));
    let err = assert_error(&["lesson", &beyond, "--check"], "step 1 “one”: step: 5");
    assert!(err.contains("from 0 to 4"), "{err}");
    let far = write("far.ron", &lesson("", "18446744073709551615"));
    assert_error(&["lesson", &far, "--check"], "beyond the scenario's steps");
    for (k, needle) in [
        ("0", "--lesson-step: 0: the lesson has steps 1 to 1"),
        ("2", "--lesson-step: 2: the lesson has steps 1 to 1"),
        ("2^70", "--lesson-step"),
    ] {
        assert_error(&["gui", "--lesson", &last, "--lesson-step", k], needle);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 24: `lp-forward` over costs spanning ~16 decades once returned a schedule that broke
/// one-port (a 6·10^-9 item at t ≈ 7·10^7 starts and ends at the same f64 time): such costs
/// are refused with the reason, naming --cw; the same ring over 6 decades is scheduled validly.
#[test]
fn lp_forward_refuses_costs_beyond_f64_times() {
    let ring = |tiny: &str, big: &str| {
        strings(&[
            "redistribute",
            "--delta",
            "0,0,-5,0,5",
            "--cw",
            &format!("{big},{tiny},1,1,1"),
            "--ccw",
            &format!("1,1,1,{big},1"),
            "--algorithm",
            "lp-forward",
            "--json",
        ])
    };
    let err = assert_error(
        &ring("6.448624918840142e-9", "34942264.476399176"),
        "--cw: the link costs span too many decades",
    );
    assert!(err.contains("6.448624918840142e-9"), "{err}");
    let v = json(&ring("0.001", "1000"));
    assert_eq!(v["valid"], true, "{v}");
}

/// The same f64 limit reached by the unbalances alone: with every cost 1, δ = (10^9, −10^9)
/// makes a schedule of 10^9 one-unit transfers in a row, beyond 10^8 of its cheapest transfer.
/// The refusal named --cw (not given) and blamed the costs' span (all equal); it names
/// --delta and the unbalances. Ten times fewer items are scheduled.
#[test]
fn unbalances_beyond_f64_times_are_refused_on_delta() {
    let args = [
        "redistribute",
        "--delta",
        "1000000000,-1000000000",
        "--algorithm",
        "lp",
    ];
    let e = assert_error(&args, "the unbalances are too large");
    assert!(e.starts_with("error: --delta: "), "{e}");
    assert!(!e.contains("--cw") && !e.contains("link costs"), "{e}");
    let v = json(&[
        "redistribute",
        "--delta",
        "100000000,-100000000",
        "--algorithm",
        "lp",
        "--json",
    ]);
    assert_eq!(v["makespan"], 1e8, "{v}");
}

/// Just beyond the recalibrated boundaries (the table in `model::budget`): refused at once
/// with the estimate, naming the flag.
#[test]
fn just_over_the_recalibrated_boundaries_is_refused_with_the_estimate() {
    for (case, needle) in [
        (
            "geodecay --n 2^53 --policy optimal --alpha 0.002 --json",
            "--policy: n = 2^53, p = 1024, α = 0.002, deterministic decay, adversarial \
             survivors: about 3.5 × 10^9 processor-rounds (about 14 s here)",
        ),
        (
            "redistribute --delta 14000000,-14000000 --direction uni --algorithm alg1 --json",
            "--delta: n = 2, max |δ| = 14000000, Algorithm 1 (homogeneous, uni): about 1 GB of \
             memory",
        ),
        (
            "redistribute --delta 700000,-700000 --direction uni --algorithm alg1 --csv",
            "listing the schedule (7 × 10^5 transfers in 7 × 10^5 rounds",
        ),
    ] {
        let args: Vec<&str> = case.split(' ').collect();
        assert_error(&args, needle);
    }
}

/// A negative number given to a count flag is read as that flag's value and refused as too
/// small, naming the flag (clap read `--beta-points -1` as an unknown flag `-1`).
#[test]
fn a_negative_count_is_that_flags_value_refused_as_too_small() {
    let cases: [&[&str]; 4] = [
        &["divisible", "--beta-points", "-1"],
        &[
            "map",
            "redistribute",
            "--x",
            "n=4..8:3",
            "--y",
            "max_delta=1..3:3",
            "--metric",
            "rounds",
            "--samples",
            "-3",
        ],
        &["exercise", "ksbf", "--seed", "-1"],
        &["link", "treesweep-small", "--step", "-2"],
    ];
    for args in cases {
        let flag = args[args.len() - 2];
        let e = assert_error(args, flag);
        assert!(e.contains("too small"), "{args:?}: {e}");
    }
}

/// The minus sign as the lessons print it (δ = (1, −1, 0), U+2212) reads on the command line
/// as the ASCII one: pasted from a lesson it was "not a number".
#[test]
fn the_printed_minus_sign_reads_on_the_command_line() {
    let printed = super::common::json(&["redistribute", "--delta", "2,−1,−1", "--json"]);
    let ascii = super::common::json(&["redistribute", "--delta=2,-1,-1", "--json"]);
    assert_eq!(printed, ascii);
    assert_eq!(printed["algorithm"], "alg3", "{printed}");
}
