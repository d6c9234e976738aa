//! Reliability, round 3 (issue 36): the surfaces added since round 2 — share links, exercise
//! move files, render and hand-outs, merge and shards, the exact search, lesson files — each
//! finding's reproducer (or a smaller one of the same kind) ends as a result or as exit 2 with
//! one `error:` line, refused before the work.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::common::{assert_error, json, run_bounded, stdout, strings};

/// A scratch folder of this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("loadlab-r3-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn p(path: &Path) -> String {
    path.display().to_string()
}

/// [`assert_error`], and the refusal came within `seconds` (the debug build, a loaded
/// machine: the release build refuses these in well under a second).
fn refused_fast(args: &[String], needle: &str, seconds: u64) -> String {
    let start = Instant::now();
    let e = assert_error(args, needle);
    assert!(
        start.elapsed() < Duration::from_secs(seconds),
        "{args:?}: refused after {:?}",
        start.elapsed()
    );
    e
}

/// A FIFO at `path` (false when the system cannot make one).
fn fifo(path: &Path) -> bool {
    Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|s| s.success())
}

/// Finding 4: special files are refused as moves files and as parts, never opened (a FIFO
/// would block forever, `/dev/zero` never ends).
#[test]
fn special_files_are_refused_as_moves_and_parts() {
    let ex = |f: &str| {
        strings(&[
            "exercise",
            "redistribute",
            "--delta",
            "2,1,1,-2,-2",
            "--moves",
            f,
            "--json",
        ])
    };
    for dev in ["/dev/zero", "/dev/urandom", "/dev/null"] {
        refused_fast(&ex(dev), "not a regular file", 20);
        refused_fast(&strings(&["merge", dev]), "not a regular file", 20);
    }
    let dir = scratch("fifo");
    let f = dir.join("moves.fifo");
    if fifo(&f) {
        refused_fast(&ex(&p(&f)), "not a regular file", 20);
        refused_fast(&strings(&["merge", &p(&f)]), "not a regular file", 20);
    }
    refused_fast(&ex(&p(&dir)), "a directory", 20);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Finding 3: a moves file's size in memory is bounded before it is parsed: a round of
/// millions of sends is refused from a count of its values, at once, naming the estimate.
#[test]
fn huge_moves_files_are_refused_before_parsing() {
    let dir = scratch("moves");
    // One round of 4 million sends (24 MB): 1.2 GB estimated.
    let round = vec!["[1,2]"; 4_000_000].join(",");
    let f = dir.join("sends.json");
    std::fs::write(&f, format!("[[{round}]]")).unwrap();
    let args = strings(&[
        "exercise",
        "redistribute",
        "--delta",
        "2,1,1,-2,-2",
        "--moves",
        &p(&f),
        "--json",
    ]);
    let e = refused_fast(&args, "--moves", 30);
    assert!(e.contains("memory") || e.contains("limit"), "{e}");
    // 1.5 million KS-BF predictions.
    let one = r#"{"node":1,"pe":0,"step":0}"#;
    let preds = vec![one; 1_500_000].join(",");
    let g = dir.join("preds.json");
    std::fs::write(&g, format!("[{preds}]")).unwrap();
    let args = strings(&[
        "exercise",
        "ksbf",
        "--shape",
        "tree",
        "--n",
        "4",
        "--p",
        "2",
        "--moves",
        &p(&g),
        "--json",
    ]);
    refused_fast(&args, "--moves", 30);
    // Geodecay: more decisions than rounds, counted before parsing.
    let h = dir.join("decisions.json");
    std::fs::write(&h, format!("[{}]", vec!["true"; 100_000].join(","))).unwrap();
    refused_fast(
        &strings(&["exercise", "geodecay", "--moves", &p(&h), "--json"]),
        "decisions",
        30,
    );
    // A small file is still graded.
    let ok = dir.join("ok.json");
    std::fs::write(&ok, "[[[1,2]]]").unwrap();
    let v = json(&strings(&[
        "exercise",
        "redistribute",
        "--delta",
        "2,1,1,-2,-2",
        "--moves",
        &p(&ok),
        "--json",
    ]));
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(1), "{v}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Finding 5: the gap search estimates its cost before searching.
#[test]
fn the_gap_search_is_refused_by_its_estimate() {
    for (against, extra) in [
        (
            "lemma12",
            vec![
                "--max-n",
                "8",
                "--max-delta",
                "10",
                "--max-cost",
                "20",
                "--budget",
                "100000",
            ],
        ),
        ("system6-bound", vec!["--budget", "100000"]),
        // Wide link costs slow the exact search: 400 solves at n ≤ 7, costs ≤ 20 took 0.6 to
        // 2.8 s of CPU (release build), so 4 000 take 6 to 28 s; estimated 0.15 s each 400
        // before (costs were ignored).
        (
            "system12",
            vec!["--max-n", "7", "--max-cost", "20", "--budget", "4000"],
        ),
        // Found by scripts/fuzz-pass.py (seed 3602): costs ≤ 1 at n ≤ 8 took 12–14 s of CPU
        // for 30 000 solves (release build), accepted as 8.4 s before.
        (
            "system12",
            vec!["--max-n", "8", "--max-cost", "1", "--budget", "30000"],
        ),
    ] {
        let mut args = strings(&["gaps", "redistribute", "--against", against, "--json"]);
        args.extend(strings(&extra));
        refused_fast(&args, "--budget", 10);
    }
}

/// Finding 6: a map of the optimal geodecay policy counts the dynamic programme.
#[test]
fn maps_of_the_optimal_policy_are_estimated() {
    let args = strings(&[
        "map",
        "geodecay",
        "--policy",
        "optimal",
        "--n",
        "2^53",
        "--x",
        "alpha=0.0024..0.0025:4",
        "--y",
        "ell=1..2:4",
        "--metric",
        "time",
        "--json",
    ]);
    refused_fast(&args, "s", 10);
}

/// The parts of a sharded map of `cells` cells in 2 shards, written into `dir`.
fn map_parts(dir: &Path) -> Vec<PathBuf> {
    let args = [
        "map",
        "redistribute",
        "--x",
        "n=3..6:2",
        "--y",
        "max_delta=1..3:2",
        "--json",
    ];
    (1..=2)
        .map(|i| {
            let mut a = args.to_vec();
            let s = format!("{i}/2");
            a.extend(["--shard", &s]);
            let f = dir.join(format!("part{i}.json"));
            std::fs::write(&f, stdout(&a)).unwrap();
            f
        })
        .collect()
}

/// Finding 7: merge checks the part headers — 1 ≤ index ≤ of, every cell exactly once from
/// the part that computes it.
#[test]
fn merge_checks_part_headers_and_cells() {
    let dir = scratch("merge");
    let parts = map_parts(&dir);
    let names: Vec<String> = parts.iter().map(|f| p(f)).collect();
    // The honest parts merge.
    let mut m = strings(&["merge"]);
    m.extend(names.clone());
    assert!(run_bounded(&m).status.success());
    let text = std::fs::read_to_string(&parts[0]).unwrap();
    let edit = |name: &str, from: &str, to: &str| {
        let f = dir.join(name);
        assert!(text.contains(from), "{text}");
        std::fs::write(&f, text.replacen(from, to, 1)).unwrap();
        p(&f)
    };
    // `of` edited to 0: refused, not merged as a whole run.
    let zero = edit("zero.json", r#""of":2"#, r#""of":0"#);
    refused_fast(&strings(&["merge", &zero]), "need 1 ≤ i ≤ k", 20);
    // `of` edited to 1 (a part posing as the whole run): its cells are not all there.
    let whole = edit("whole.json", r#""of":2"#, r#""of":1"#);
    assert_error(&strings(&["merge", &whole]), "");
    // Index beyond of.
    let beyond = edit("beyond.json", r#""index":1"#, r#""index":3"#);
    refused_fast(
        &strings(&["merge", &beyond, &names[1]]),
        "need 1 ≤ i ≤ k",
        20,
    );
    // Part 1 relabelled as part 2, with the real part 2: cells part 2 does not compute.
    let relabelled = edit("relabelled.json", r#""index":1"#, r#""index":2"#);
    let e = assert_error(&strings(&["merge", &relabelled, &names[0]]), "");
    assert!(e.contains("does not compute") || e.contains("twice"), "{e}");
    // A cell given twice: part 2's first cell copied into part 1.
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut dup = v.clone();
    let first = dup["results"][0].clone();
    dup["results"].as_array_mut().unwrap().push(first);
    let f = dir.join("dup.json");
    std::fs::write(&f, dup.to_string()).unwrap();
    let e = assert_error(&strings(&["merge", &p(&f), &names[1]]), "twice");
    assert!(e.contains("part 1/2"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Finding 8: a failed write of the output (a full disk) is an error, for every kind of
/// command: exit 2, one `error:` line.
#[test]
fn errors_writing_stdout_are_reported() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    let cases = [
        vec!["presets"],
        vec!["lessons", "--json"],
        vec!["divisible", "--json"],
        vec!["redistribute", "--delta", "1,-1", "--csv"],
        vec!["errata", "--json"],
        vec!["pseudocode"],
        vec!["link", "divisible-table-2"],
    ];
    for args in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_loadlab"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(std::fs::OpenOptions::new().write(true).open(full).unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error: writing the output"),
            "{args:?}: {err}"
        );
    }
}

/// Finding 9: the minor ones.
#[test]
fn the_minor_findings_are_fixed() {
    let dir = scratch("minor");
    let gif = p(&dir.join("a.gif"));
    // An fps a GIF cannot show is refused, not shown as 60 s a frame.
    for fps in ["0.001", "0.01", "0", "51"] {
        refused_fast(
            &strings(&[
                "render",
                "divisible-table-2",
                "--animate",
                "--fps",
                fps,
                "--out",
                &gif,
            ]),
            "--fps",
            20,
        );
    }
    // The window's documented range is the one that works: 8177 is refused before any work.
    let out = p(&dir.join("h"));
    refused_fast(
        &strings(&[
            "render", "--lesson", "li", "--window", "8177x200", "--out", &out,
        ]),
        "200 to 8176",
        10,
    );
    // --window only with --lesson.
    let png = p(&dir.join("a.png"));
    refused_fast(
        &strings(&[
            "render",
            "divisible-table-2",
            "--window",
            "100x100",
            "--out",
            &png,
        ]),
        "--lesson",
        10,
    );
    // A link's step is checked as render checks it.
    refused_fast(
        &strings(&["link", "redistribute-12-ring", "--step", "9999999999"]),
        "--step 9999999999: the run has steps 0 to",
        20,
    );
    let link = stdout(&["link", "redistribute-12-ring", "--step", "2"]);
    let link = link.trim();
    assert!(json(&strings(&["eval", "--link", link, "--json"])).is_object());
    // Versions are spelled one way.
    for v in ["01", "+1", " 1"] {
        let bad = link.replacen("loadlab:1:", &format!("loadlab:{v}:"), 1);
        if v == " 1" {
            // Whitespace is dropped from a pasted link.
            assert!(
                run_bounded(&strings(&["eval", "--link", &bad]))
                    .status
                    .success()
            );
        } else {
            refused_fast(
                &strings(&["eval", "--link", &bad]),
                "not a version number",
                10,
            );
        }
    }
    // Bytes after the last DEFLATE block are damage, not ignored.
    for tail in ["A", "AAAA", "AAAAAAAA", "_-_-"] {
        let bad = format!("{link}{tail}");
        refused_fast(&strings(&["eval", "--link", &bad]), "damaged", 10);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Finding 9, lessons: `lesson --json` and `render --lesson` refuse what `lesson --check`
/// refuses (a scenario of another model, a step beyond the run, a choice question without
/// choices).
#[test]
fn lesson_json_and_handouts_check_the_lesson_first() {
    let dir = scratch("lessons");
    let lesson = |step: &str| {
        format!(
            r#"(version: 1, name: "bad", title: "Bad", model: Divisible, steps: [
 (title: "One", text: "x", scenario: Preset("default"), step: 0),
 {step},
])"#
        )
    };
    let bad = [
        (
            "foreign",
            r#"(title: "Two", text: "y", scenario: Preset("redistribute-12-ring"))"#,
            "a redistribute scenario in a divisible lesson",
        ),
        (
            "beyond",
            r#"(title: "Two", text: "y", scenario: Preset("default"), step: 999999)"#,
            "beyond the scenario's steps",
        ),
        (
            "choices",
            r#"(title: "Two", text: "y", scenario: Preset("default"),
               question: Some((prompt: "?", kind: Choice, explanation: "e",
                 check: (command: ["divisible", "--json"], field: "network"))))"#,
            "question",
        ),
    ];
    for (name, step, needle) in bad {
        let f = dir.join(format!("{name}.ron"));
        std::fs::write(&f, lesson(step)).unwrap();
        let path = p(&f);
        let check = run_bounded(&strings(&["lesson", &path, "--check"]));
        let check_err = String::from_utf8_lossy(&check.stderr);
        assert_eq!(check.status.code(), Some(2), "{name}: --check: {check_err}");
        assert!(check_err.contains(needle), "{name}: {check_err}");
        let as_json = run_bounded(&strings(&["lesson", &path, "--json"]));
        assert_eq!(as_json.status.code(), Some(2), "{name}: --json");
        assert!(as_json.stdout.is_empty(), "{name}");
        assert_eq!(
            String::from_utf8_lossy(&as_json.stderr),
            check_err,
            "{name}"
        );
        let out = dir.join(format!("{name}-out"));
        let handout = run_bounded(&strings(&[
            "render",
            "--lesson",
            &path,
            "--window",
            "400x300",
            "--out",
            &p(&out),
        ]));
        let err = String::from_utf8_lossy(&handout.stderr);
        assert_eq!(handout.status.code(), Some(2), "{name}: render: {err}");
        assert!(err.contains(needle), "{name}: {err}");
        assert!(!out.exists(), "{name}: nothing written");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Finding 2: a lesson's long step texts count in the hand-out's budget: refused before any
/// page is drawn.
#[test]
fn long_step_texts_count_in_the_handout_budget() {
    let dir = scratch("longtext");
    let text = "lorem ipsum dolor sit amet ".repeat(1800);
    let steps: Vec<String> = (0..20)
        .map(|i| format!(r#"(title: "S{i}", text: "{text}", scenario: Preset("default"))"#))
        .collect();
    let f = dir.join("long.ron");
    std::fs::write(
        &f,
        format!(
            r#"(version: 1, name: "long", title: "Long", model: Divisible, steps: [{}])"#,
            steps.join(",")
        ),
    )
    .unwrap();
    let out = p(&dir.join("out"));
    refused_fast(
        &strings(&[
            "render",
            "--lesson",
            &p(&f),
            "--window",
            "200x200",
            "--out",
            &out,
        ]),
        "render:",
        20,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Finding 1: an animation's memory is per frame kept and scales with `--scale`: at a large
/// scale the run is refused at once with its estimate.
#[test]
fn animations_are_budgeted_per_frame_kept() {
    let dir = scratch("animate");
    let gif = p(&dir.join("a.gif"));
    let e = refused_fast(
        &strings(&[
            "render",
            "ksbf-g200-r16",
            "--animate",
            "--scale",
            "8",
            "--out",
            &gif,
        ]),
        "render:",
        60,
    );
    assert!(e.contains("frames of"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}
