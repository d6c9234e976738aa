//! Lessons and quizzes (issue 13): the CLI contract, every bundled lesson checked, and every
//! answer equal to what its check command prints when the binary is run with it.

use serde_json::Value;

use super::common::{at, json, run, strings};

/// Runs a question's check command with `--json` and asserts the answer is the value found
/// at its field.
fn assert_answer_matches_check(q: &Value, context: &str) {
    let command: Vec<String> = q["check"]["command"]
        .as_array()
        .unwrap_or_else(|| panic!("{context}: check.command is a list"))
        .iter()
        .map(|a| a.as_str().expect("string argument").to_string())
        .collect();
    let field = q["check"]["field"].as_str().expect("check.field");
    let mut args = command.clone();
    args.push("--json".into());
    let out = json(&args);
    let value = at(&out, field)
        .unwrap_or_else(|| panic!("{context}: `{command:?} --json` has no field {field}"));
    let answer = &q["answer"];
    match q["kind"].as_str() {
        Some("number") => {
            let (a, v) = (answer.as_f64().unwrap(), value.as_f64().unwrap());
            assert!(
                (a - v).abs() <= 1e-12 * v.abs().max(1.0),
                "{context}: answer {a} but {command:?} → {field} = {v}"
            );
            assert!(q["tolerance"].as_f64().unwrap() >= 0.0);
            assert!(q["choices"].as_array().unwrap().is_empty());
        }
        Some("choice") => {
            let a = answer.as_str().expect("a choice answer is a string");
            let choices: Vec<&str> = q["choices"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap())
                .collect();
            assert!(choices.contains(&a), "{context}: {a} not in {choices:?}");
            let same = match value {
                Value::String(s) => s == a,
                Value::Number(n) => a.parse::<f64>().ok() == n.as_f64(),
                _ => false,
            };
            assert!(
                same,
                "{context}: answer {a} but {command:?} → {field} = {value}"
            );
        }
        k => panic!("{context}: kind {k:?}"),
    }
    for key in ["prompt", "explanation"] {
        assert!(
            !q[key].as_str().unwrap_or("").trim().is_empty(),
            "{context}: empty {key}"
        );
    }
}

#[test]
fn lessons_lists_five_lessons_one_per_model() {
    let v = json(&strings(&["lessons", "--json"]));
    let lessons = v["lessons"].as_array().unwrap();
    assert_eq!(lessons.len(), 5);
    let mut models: Vec<&str> = lessons
        .iter()
        .map(|l| l["model"].as_str().unwrap())
        .collect();
    models.sort();
    assert_eq!(
        models,
        ["divisible", "geodecay", "ksbf", "redistribute", "treesweep"]
    );
    for l in lessons {
        assert!(l["steps"].as_u64().unwrap() >= 6, "{l}");
        assert!(l["questions"].as_u64().unwrap() >= 2, "{l}");
        assert!(!l["title"].as_str().unwrap().is_empty());
    }
}

#[test]
fn every_bundled_lesson_checks_and_its_answers_are_its_commands_values() {
    let v = json(&strings(&["lessons", "--json"]));
    for l in v["lessons"].as_array().unwrap() {
        let name = l["name"].as_str().unwrap();
        let out = run(&strings(&["lesson", name, "--check"]));
        assert_eq!(
            out.status.code(),
            Some(0),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lesson = json(&strings(&["lesson", name, "--json"]));
        assert_eq!(lesson["name"], name);
        assert_eq!(lesson["model"], l["model"]);
        let steps = lesson["steps"].as_array().unwrap();
        assert!(steps.len() >= 6);
        let mut questions = 0;
        for (i, s) in steps.iter().enumerate() {
            let text = s["text"].as_str().unwrap();
            assert!(text.chars().count() >= 80, "{name} step {}: {text}", i + 1);
            assert_eq!(s["scenario"]["model"], l["model"], "{name} step {}", i + 1);
            if !s["question"].is_null() {
                questions += 1;
                assert_answer_matches_check(&s["question"], &format!("{name} step {}", i + 1));
            }
        }
        assert!(questions >= 2, "{name}");
    }
}

#[test]
fn lesson_answers_reproduce_the_papers_numbers() {
    // The issue's "predict T_C/T_P at h = 15, reveal ≈ 1.97" (Li, Section VIII, β = 100).
    let li = json(&strings(&["lesson", "li", "--json"]));
    let ratio = li["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["question"].as_object())
        .find(|q| {
            q["check"]["field"] == "ratio_c_over_p"
                && q["prompt"]
                    .as_str()
                    .unwrap()
                    .contains("h = 15, b = 2, β = 100")
        })
        .map(|q| q["answer"].as_f64().unwrap())
        .expect("the T_C/T_P question");
    assert!((ratio - 1.97).abs() < 0.005, "{ratio}");
    // Gao & Rosenberg, Lemma 1.1(a): right-left-right has weight 2, so P_2 on R_4.
    let ks = json(&strings(&["lesson", "gao-rosenberg", "--json"]));
    let pe = ks["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["question"].as_object())
        .find(|q| q["kind"] == "choice")
        .map(|q| q["answer"].as_str().unwrap().to_string())
        .unwrap();
    assert_eq!(pe, "2");
}

#[test]
fn quiz_answers_are_their_commands_values_for_many_seeds() {
    for model in ["divisible", "geodecay", "treesweep", "ksbf", "redistribute"] {
        let mut fields = std::collections::BTreeSet::new();
        for seed in 1..=6 {
            let args = strings(&[
                "quiz",
                "--model",
                model,
                "--seed",
                &seed.to_string(),
                "--count",
                "5",
                "--json",
            ]);
            let v = json(&args);
            let qs = v["questions"].as_array().unwrap();
            assert_eq!(qs.len(), 5);
            for (i, q) in qs.iter().enumerate() {
                assert_eq!(q["model"], model);
                let field = q["check"]["field"].as_str().unwrap();
                // Templates, not instances: strip list indices.
                let template: String = field
                    .split('.')
                    .filter(|p| p.parse::<usize>().is_err())
                    .collect::<Vec<_>>()
                    .join(".");
                fields.insert(format!("{template}/{}", q["kind"]));
                assert_answer_matches_check(q, &format!("{model} seed {seed} question {}", i + 1));
            }
        }
        assert!(fields.len() >= 2, "{model}: only {fields:?}");
    }
}

#[test]
fn quizzes_are_deterministic_per_seed() {
    let q = |seed: &str| {
        json(&strings(&[
            "quiz",
            "--model",
            "redistribute",
            "--seed",
            seed,
            "--count",
            "6",
            "--json",
        ]))
    };
    assert_eq!(q("42"), q("42"));
    assert_ne!(q("42"), q("43"));
}

#[test]
fn quiz_count_out_of_range_is_an_error() {
    let out = run(&strings(&["quiz", "--model", "ksbf", "--count", "0"]));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: --count"));
    let out = run(&strings(&["quiz", "--model", "nope"]));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_user_lesson_file_loads_and_a_broken_one_names_its_steps() {
    let dir = std::env::temp_dir().join(format!("loadlab-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("mine.ron");
    std::fs::write(
        &good,
        r#"(
    name: "mine", title: "My tree-sweep lesson", model: TreeSweep,
    steps: [
        (title: "Small", text: "A small tree.", scenario: Inline(TreeSweep((n: 4, tau: 3.0)))),
        (title: "Ask", text: "Predict.", scenario: Preset("treesweep-small"),
         question: Some((prompt: "T* for n = 4, τ = 3?", kind: Number, explanation: "Fine-Grain.",
                         check: (command: ["treesweep", "--n", "4", "--tau", "3"], field: "optimal")))),
    ],
)"#,
    )
    .unwrap();
    let path = good.display().to_string();
    let out = run(&strings(&["lesson", &path, "--check"]));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&strings(&["lesson", &path, "--json"]));
    assert_eq!(v["steps"].as_array().unwrap().len(), 2);
    assert_answer_matches_check(&v["steps"][1]["question"], "user lesson");
    let text = String::from_utf8(run(&strings(&["lesson", &path])).stdout).unwrap();
    assert!(text.contains("Step 2 of 2: Ask"), "{text}");

    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        r#"(name: "bad", title: "Bad", model: TreeSweep, steps: [
 (title: "one", text: "x", scenario: Preset("no-such-preset")),
 (title: "two", text: "y", scenario: Inline(Ksbf(())),
  question: Some((prompt: "?", kind: Number, explanation: "e", check: (command: ["treesweep", "--n", "5"], field: "nothing")))),
])"#,
    )
    .unwrap();
    let out = run(&strings(&["lesson", &bad.display().to_string(), "--check"]));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.iter().all(|l| l.starts_with("error: ")), "{err}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("step 1") && l.contains("no-such-preset")),
        "{err}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("step 2") && l.contains("ksbf scenario")),
        "{err}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("step 2") && l.contains("nothing")),
        "{err}"
    );

    let strict = dir.join("strict.ron");
    std::fs::write(
        &strict,
        "(name: \"s\", title: \"S\", model: Ksbf, colour: 1, steps: [])",
    )
    .unwrap();
    let out = run(&strings(&[
        "lesson",
        &strict.display().to_string(),
        "--json",
    ]));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("strict.ron:1:") && err.contains("colour"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_rejects_unknown_tabs_plots_and_regions_and_accepts_known_ones() {
    let dir = std::env::temp_dir().join(format!("loadlab-lesson-views-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lesson = |picture: &str, plot: &str, highlight: &str| {
        format!(
            r#"(name: "v", title: "Views", model: Ksbf, steps: [
 (title: "tabs", text: "t", scenario: Inline(Ksbf((n: 5, p: 3))),
  view: Some((picture: Some("{picture}"), plot: Some("{plot}"))), highlight: Some({highlight})),
])"#
        )
    };
    let run = |name: &str, text: String| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let out = run(&strings(&[
            "lesson",
            &path.display().to_string(),
            "--check",
        ]));
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    // Names match the workspace's captions, ignoring case.
    let (code, err) = run("good.ron", lesson("gantt", "Work per PE", "Control(\"p\")"));
    assert_eq!(code, Some(0), "{err}");
    let (code, err) = run(
        "good2.ron",
        lesson("ring", "makespan vs n", "Region(Numbers)"),
    );
    assert_eq!(code, Some(0), "{err}");
    // An unknown tab and an unknown plot: one error line each, naming the step and the
    // valid names.
    let (code, err) = run(
        "tab.ron",
        lesson("timeline", "speedup vs β", "Region(Plots)"),
    );
    assert_eq!(code, Some(2), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines.iter().all(|l| l.starts_with("error: step 1")),
        "{err}"
    );
    assert!(
        lines[0].contains("no picture \"timeline\"") && lines[0].contains("\"tree / grid\""),
        "{err}"
    );
    assert!(lines[1].contains("no plot \"speedup vs β\""), "{err}");
    // An unknown region does not parse.
    let (code, err) = run(
        "region.ron",
        lesson("ring", "work per PE", "Region(Legend)"),
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.starts_with("error: ") && err.contains("Legend"),
        "{err}"
    );
    // A control the workspace does not draw (a divisible caption on a KS-BF lesson, a typo):
    // the outline would have nothing to go round in front of the class.
    for bad in ["β", "nope", "P"] {
        let (code, err) = run(
            "control.ron",
            lesson("ring", "work per PE", &format!("Control(\"{bad}\")")),
        );
        assert_eq!(code, Some(2), "{err}");
        assert!(
            err.contains(&format!("has no control captioned \"{bad}\""))
                && err.contains("Workload, n, p"),
            "{err}"
        );
    }
    // A model without picture tabs says so.
    let text = r#"(name: "g", title: "G", model: Geodecay, steps: [
 (title: "t", text: "t", scenario: Preset("geodecay-erew"), view: Some((picture: Some("Gantt")))),
])"#;
    let (code, err) = run("geo.ron", text.to_string());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("has no picture to choose"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gui_lesson_flags_are_checked_before_a_window_opens() {
    let out = run(&strings(&["gui", "--lesson", "no-such-lesson"]));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: --lesson: no-such-lesson"), "{err}");
    let out = run(&strings(&["gui", "--lesson", "li", "--lesson-step", "99"]));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--lesson-step: 99: the lesson has steps 1 to 8"),
        "{err}"
    );
}

/// The preset of `gui PRESET` is checked before a window opens, as `--lesson` is: a missing
/// file (not a bundled name either), an empty file and a file that is not a preset are each
/// one `error:` line naming the file, exit 2 (they opened the window, the reason in its
/// status bar). No display is handed to the binary: a window it tried to open would fail
/// with "cannot open the window", not with these reasons.
#[test]
fn gui_preset_is_checked_before_a_window_opens() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.ron");
    std::fs::write(&empty, "").unwrap();
    let foreign = dir.path().join("foreign.ron");
    std::fs::write(&foreign, "not a preset at all").unwrap();
    let missing = dir.path().join("nonexist.ron");
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    for (arg, needle) in [
        (
            path(&missing),
            "no such file, and no bundled preset has that name",
        ),
        ("nonexist.ron".to_string(), "no such file"),
        (path(&empty), "empty.ron"),
        (path(&foreign), "foreign.ron:1:"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_loadlab"))
            .args(["gui", &arg])
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{arg}: {err}");
        assert_eq!(err.lines().count(), 1, "{arg}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(needle),
            "{arg}: {err}"
        );
        assert!(!err.contains("window"), "{arg}: {err}");
    }
}

#[test]
fn a_lesson_step_shows_the_picture_named_last_at_or_before_it() {
    // Grs names P.Y at step 5 only (Fine-Grain again at step 6): steps 1–4, reached by Back
    // from step 5 too, show the workspace's first picture, Fine-Grain. Li names method Q at
    // step 5 and method P (the T_C/T_P question's) at step 6; its step 7 names none and keeps
    // P. Its steps 2 and 8 run method C only and step 4 method P only: the picture has one
    // schedule to show, that method's, whatever tab was chosen before.
    let picture = |name: &str| -> Vec<String> {
        let l = json(&strings(&["lesson", name, "--json"]));
        l["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["shows"]["picture"].as_str().unwrap().to_owned())
            .collect()
    };
    let grs = picture("grs");
    assert_eq!(
        &grs[..6],
        [
            "Fine-Grain",
            "Fine-Grain",
            "Fine-Grain",
            "Fine-Grain",
            "P.Y",
            "Fine-Grain"
        ]
    );
    let li = picture("li");
    assert_eq!(
        li,
        [
            "method P", "method C", "method P", "method P", "method Q", "method P", "method P",
            "method C"
        ]
    );
}

#[test]
fn lesson_steps_hide_the_future_where_they_say_and_check_rejects_a_switch_that_does_nothing() {
    // Li: step 3 (the speedup plot gives the answer away) hides the future; it stays hidden
    // through the pipelining step and is shown again for method Q's question (whose numbers
    // Reveal shows) and the T_C/T_P question after it.
    let li = json(&strings(&["lesson", "li", "--json"]));
    let steps = li["steps"].as_array().unwrap();
    let set: Vec<Value> = steps.iter().map(|s| s["hide_future"].clone()).collect();
    let hidden: Vec<bool> = steps
        .iter()
        .map(|s| s["future_hidden"].as_bool().unwrap())
        .collect();
    assert_eq!(set[2], Value::Bool(true));
    assert_eq!(set[0], Value::Null);
    assert_eq!(
        hidden,
        vec![false, false, true, true, false, false, false, false],
        "{set:?}"
    );
    // A lesson that shows a future already shown: --check names the step and exits 2.
    let dir = std::env::temp_dir().join(format!("loadlab-hide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("redundant.ron");
    std::fs::write(
        &file,
        r#"(name: "redundant", title: "t", model: Divisible, steps: [
            (title: "one", text: "x", scenario: Preset("default"),
             view: Some((hide_future: Some(false)))),
        ])"#,
    )
    .unwrap();
    let out = run(&strings(&["lesson", file.to_str().unwrap(), "--check"]));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("step 1") && err.contains("hide_future: Some(false) changes nothing"),
        "{err}"
    );
    // A file without the field still loads (old lessons).
    std::fs::write(
        &file,
        r#"(name: "old", title: "t", model: Divisible, steps: [
            (title: "one", text: "x", scenario: Preset("default"), view: Some((plots: Some(true)))),
        ])"#,
    )
    .unwrap();
    let out = run(&strings(&["lesson", file.to_str().unwrap(), "--check"]));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn lesson_json_reports_each_steps_view_and_highlight() {
    // Li, as its file says: step 3 shows the "speedup vs h" plot with the plots outlined;
    // the step whose question is about β outlines the β control.
    let li = json(&strings(&["lesson", "li", "--json"]));
    let steps = li["steps"].as_array().unwrap();
    let third = &steps[2];
    assert_eq!(third["view"]["plot"], "speedup vs h");
    assert_eq!(third["view"]["plots"], true);
    assert_eq!(third["view"]["picture"], Value::Null);
    assert_eq!(third["highlight"], serde_json::json!({"region": "plots"}));
    let beta: Vec<&Value> = steps
        .iter()
        .filter(|s| s["highlight"] == serde_json::json!({"control": "β"}))
        .collect();
    assert_eq!(beta.len(), 1);
    assert_eq!(beta[0]["view"]["plot"], "speedup vs β");
    // Every step lists both keys; a step without a view or highlight reports null.
    assert!(
        steps
            .iter()
            .all(|s| s.get("view").is_some() && s.get("highlight").is_some())
    );
}

/// A lesson file in a fresh temporary folder.
fn lesson_file(name: &str, text: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("loadlab-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.ron"));
    std::fs::write(&file, text).unwrap();
    let path = file.display().to_string();
    (dir, path)
}

/// Four questions, each on KS-BF's grid at its limit (about 8 s each on the reference
/// machine, 25 s together under `--check` before the lesson had a budget as a whole).
fn heavy_lesson() -> String {
    let step = |p: u32| {
        format!(
            r#"(title: "Grid {p}", text: "A large grid.", scenario: Inline(Ksbf((n: 5, p: 3))),
             question: Some((prompt: "Makespan?", kind: Number, explanation: "KS-BF.",
               check: (command: ["ksbf", "--shape", "grid", "--n", "23169", "--p", "{p}"],
                       field: "makespan"))))"#
        )
    };
    let steps: Vec<String> = (1..=4).map(step).collect();
    format!(
        "(name: \"heavy\", title: \"Heavy\", model: Ksbf, steps: [{}])",
        steps.join(",\n")
    )
}

#[test]
fn a_lesson_over_its_budget_is_refused_whole_before_anything_runs() {
    let (dir, path) = lesson_file("heavy", &heavy_lesson());
    for mode in [&["--check"][..], &["--json"][..], &[][..]] {
        let mut args = strings(&["lesson", &path]);
        args.extend(strings(mode));
        let t0 = std::time::Instant::now();
        let out = run(&args);
        // Refused on the estimate: one run alone would take seconds.
        assert!(t0.elapsed().as_secs_f64() < 5.0, "{mode:?} ran");
        assert_eq!(out.status.code(), Some(2), "{mode:?}");
        assert!(out.stdout.is_empty(), "{mode:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 1, "{mode:?}: {err}");
        // The step at which the total passes the limit: each check is estimated at about
        // 8 s, so the second.
        assert!(
            lines[0].starts_with("error: step 2 “Grid 2”:")
                && lines[0].contains("more than the limit of 10 s")
                && lines[0].contains("--n 23169 --p 2"),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_check_holding_a_deep_power_chain_fails_as_one_error_line() {
    let chain = vec!["1"; 100_000].join("^");
    let text = format!(
        r#"(name: "deep", title: "Deep", model: Divisible, steps: [
 (title: "Deep", text: "x", scenario: Preset("default"),
  question: Some((prompt: "?", kind: Number, explanation: "e",
                  check: (command: ["divisible", "--h", "{chain}"], field: "processors")))),
])"#
    );
    let (dir, path) = lesson_file("deep", &text);
    // `--json` refuses what `--check` refuses (issue 36), with the same line.
    for mode in ["--check", "--json"] {
        let out = run(&strings(&["lesson", &path, mode]));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{mode}: {err}");
        assert!(out.stdout.is_empty(), "{mode}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 1, "{err}");
        assert!(
            lines[0].starts_with("error: step 1 “Deep”: question: ")
                && lines[0].contains("--h: \"1^1^1^1^1^1^…\" is not a number")
                && lines[0].len() < 400,
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A count of one reads in the singular wherever the CLI writes one (it read "over 1 seeds",
/// "1 questions", "1 rounds"), and a count of two in the plural.
#[test]
fn counts_of_one_read_in_the_singular() {
    use super::common::stdout;
    let spread = |seeds: &str| {
        stdout(&[
            "geodecay", "--decay", "random", "--seeds", seeds, "--sweep", "seeds",
        ])
    };
    assert!(spread("1").contains("spread of the total time over 1 seed:"));
    assert!(spread("2").contains("spread of the total time over 2 seeds:"));
    // With nothing random the seeds run alike, and the heading says so.
    let alike = stdout(&["geodecay", "--seeds", "3", "--sweep", "seeds"]);
    assert!(
        alike.contains(
            "over 3 seeds (deterministic decay and adversarial survivors: every seed runs alike):"
        ),
        "{alike}"
    );
    let quiz = stdout(&["quiz", "--model", "ksbf", "--count", "1"]);
    assert!(quiz.contains(", 1 question)"), "{quiz}");
    // δ = (1, −1, 0): Lemma 6's bound is one round.
    let ring = stdout(&["exercise", "redistribute", "--delta", "1,-1,0"]);
    assert!(ring.contains("Lemma 6 is 1 round:"), "{ring}");
    let ring = stdout(&["exercise", "redistribute", "--delta", "2,-2,0"]);
    assert!(ring.contains("Lemma 6 is 2 rounds:"), "{ring}");
}

/// A folder named as a bundled lesson in the working folder (`rrv/`, where a class keeps its
/// files) does not hide the lesson: `lesson rrv` reads the bundled one (it said "rrv: a
/// directory: presets and lessons are regular files", and `gui --lesson rrv` would not open).
#[test]
fn a_folder_named_as_a_bundled_lesson_does_not_hide_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("rrv")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_loadlab"))
        .args(["lesson", "rrv", "--json"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let title = v["title"].as_str().unwrap_or_default();
    assert!(title.starts_with("Renard–Robert–Vivien"), "{title}");
}
