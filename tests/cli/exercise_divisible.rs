//! `loadlab exercise divisible` (issue 25): set each level's load L_l. The methods' own loads
//! come from `loadlab divisible --timeline` (the simulation's levels), their times from its
//! closed forms — never from the grader.

use std::io::Write;

use serde_json::{Value, json};

use super::common::{assert_error, json, run};

fn moves_file(v: &Value) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().expect("temp file");
    write!(f, "{v}").expect("write");
    f
}

fn instance(b: u64, h: u64, beta: f64, m: &str) -> Vec<String> {
    [
        "--b".to_string(),
        b.to_string(),
        "--h".into(),
        h.to_string(),
        "--beta".into(),
        beta.to_string(),
        "--algorithm".into(),
        m.into(),
    ]
    .into()
}

fn grade(inst: &[String], moves: &Value) -> Value {
    let f = moves_file(moves);
    let mut a = vec!["exercise".to_string(), "divisible".into()];
    a.extend(inst.iter().cloned());
    a.extend([
        "--moves".into(),
        f.path().to_str().expect("UTF-8").into(),
        "--json".into(),
    ]);
    json(&a)
}

/// The method's loads L_0 … L_h and closed-form T_N, as `loadlab divisible` prints them.
fn method(inst: &[String], m: &str) -> (Vec<f64>, f64) {
    let mut a = vec!["divisible".to_string()];
    a.extend(inst.iter().cloned());
    a.extend(["--timeline".into(), "--json".into()]);
    let j = json(&a);
    let loads = j["timelines"][m]["levels"]
        .as_array()
        .expect("levels")
        .iter()
        .map(|l| l["load"].as_f64().expect("load"))
        .collect();
    (loads, j["algorithms"][m]["time"].as_f64().expect("time"))
}

#[test]
fn the_methods_own_loads_are_right_and_reach_the_closed_form() {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..8 {
        let b = 2 + next() % 4;
        let h = 1 + next() % 5;
        let beta = 10f64.powf((next() % 500) as f64 / 100.0 - 1.5);
        for m in ["C", "P", "Q"] {
            let inst = instance(b, h, beta, m);
            let (loads, closed) = method(&inst, m);
            assert_eq!(loads.len() as u64, h + 1);
            let g = grade(&inst, &json!(loads));
            let what = format!("{m} b={b} h={h} β={beta}: {g}");
            for mv in g["moves"].as_array().expect("moves") {
                assert_eq!(mv["legal"], true, "{what}");
                assert_eq!(mv["optimal"], true, "{what}");
                assert_eq!(mv["rule"], "", "{what}");
            }
            assert_eq!(g["complete"], true, "{what}");
            assert_eq!(g["score"].as_u64(), Some(h + 1), "{what}");
            let t = g["makespan"].as_f64().expect("makespan");
            assert!((t - closed).abs() <= 1e-9 * closed, "{what}");
            assert_eq!(g["closed_forms"][m].as_f64(), Some(closed), "{what}");
            assert_eq!(g["waste"], json!([]), "{what}");
            // One value more: refused (rule "complete"), the exercise as it was. (It was
            // left out without a word.)
            let more: Vec<f64> = loads.iter().chain(&loads[..1]).copied().collect();
            let g2 = grade(&inst, &json!(more));
            let extra = super::common::refused_after_the_end(&g, &g2, &what);
            assert_eq!(extra["move"].as_u64(), Some(h + 2), "{what}: {extra}");
        }
    }
}

#[test]
fn a_wrong_level_is_not_optimal_and_named() {
    let inst = instance(2, 3, 10.0, "C");
    let (mut loads, closed) = method(&inst, "C");
    // Level 2 gets 10 % too much; the leaves take what is left.
    loads[2] *= 1.1;
    loads[3] = (1.0 - loads[0] - 2.0 * loads[1] - 4.0 * loads[2]) / 8.0;
    let g = grade(&inst, &json!(loads));
    let moves = g["moves"].as_array().expect("moves");
    assert_eq!(moves[2]["level"], 2);
    assert_eq!(moves[2]["legal"], true);
    assert_eq!(moves[2]["optimal"], false);
    assert_eq!(moves[2]["rule"], "closed-form");
    let why = moves[2]["why"].as_str().expect("why");
    assert!(why.contains("too much") && why.contains("L_2"), "{why}");
    assert_eq!(moves[0]["optimal"], true);
    assert_eq!(moves[1]["optimal"], true);
    assert_eq!(g["complete"], true);
    assert!(g["makespan"].as_f64().unwrap() > closed * (1.0 + 1e-4));
    // The leaves got too little and run dry first.
    assert_eq!(g["waste"][0]["level"], 3, "{g}");
}

#[test]
fn out_of_range_levels_are_illegal_and_tried_again() {
    let inst = instance(2, 2, 1.0, "Q");
    let g = grade(&inst, &json!([-0.5, 2.0, 0.5, 0.01, 0.1, 0.05, 0.075]));
    let rules: Vec<(bool, &str)> = g["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| (m["legal"] == true, m["rule"].as_str().unwrap_or("?")))
        .collect();
    assert_eq!(rules[0], (false, "range"));
    assert_eq!(rules[1], (false, "remaining"));
    assert!(rules[2].0, "{g}");
    assert_eq!(rules[3], (false, "overlap"));
    assert!(rules[4].0, "{g}");
    assert_eq!(rules[5], (false, "conservation"));
    assert!(rules[6].0, "{g}");
    assert_eq!(g["complete"], true);
    // Retries are no first tries.
    assert_eq!(g["moves"][2]["first_try"], false);
    assert_eq!(g["score"], 0);
}

#[test]
fn the_exercise_is_printed_and_bad_files_are_errors() {
    let j = json(&["exercise", "divisible", "--h", "3", "--json"]);
    assert_eq!(j["model"], "divisible");
    assert_eq!(j["algorithm"], "C");
    assert_eq!(j["levels"], 4);
    assert!(j.get("moves").is_none());
    let f = moves_file(&json!([0.1, "x"]));
    let path = f.path().to_str().unwrap();
    let e = assert_error(
        &["exercise", "divisible", "--moves", path, "--json"],
        "move 2: expected a number",
    );
    assert_eq!(e.lines().count(), 1, "{e}");
    let f = moves_file(&json!({"L": 1}));
    assert_error(
        &[
            "exercise",
            "divisible",
            "--moves",
            f.path().to_str().unwrap(),
        ],
        "expected a list of numbers",
    );
    let mut bad = tempfile::NamedTempFile::new().unwrap();
    write!(bad, "[0.1, ").unwrap();
    assert_error(
        &[
            "exercise",
            "divisible",
            "--moves",
            bad.path().to_str().unwrap(),
        ],
        "not JSON",
    );
    assert_error(&["exercise", "divisible", "--h", "9"], "h ≤ 8");
    let out = run(&["exercise", "--help"]);
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("divisible: a list of numbers"), "{help}");
}

/// The leaves take the rest to the tolerance of every level (0.1 %, the help's rule): the
/// tester's moves, Li's closed-form shares as typed to 7 digits (Table I: T_C = 2.43005 at
/// h = 5, β = 100, so L_0 = 0.0243005), finish the exercise with every level right.
#[test]
fn the_leaves_typed_to_seven_digits_finish_the_exercise() {
    let inst = instance(2, 5, 100.0, "C");
    let typed = json!([
        0.0243005,
        0.019421994,
        0.01707986,
        0.01599418,
        0.01553132,
        0.0153775
    ]);
    let j = grade(&inst, &typed);
    assert_eq!(j["complete"], true, "{j}");
    assert_eq!(
        (j["score"].as_u64(), j["out_of"].as_u64()),
        (Some(6), Some(6))
    );
}
