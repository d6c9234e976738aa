//! Quizzes handed in and graded (issue 39): `loadlab quiz … --answers FILE --hand-in OUT`
//! writes a quiz attempt, `loadlab grade` re-grades it from the answers. The right answers
//! here are each question's own check run through the binary (`loadlab <command> --json`, the
//! field read by this file's own dot-path reader), not the quiz's answer.

use std::path::Path;

use serde_json::{Value, json};

use super::common::{at, json, run};

const MODELS: [&str; 5] = ["redistribute", "ksbf", "geodecay", "treesweep", "divisible"];

/// The personal quiz of Ada Lovelace in CS101 on `model`.
fn quiz(model: &str) -> Value {
    json(&[
        "quiz",
        "--model",
        model,
        "--student",
        "Ada Lovelace",
        "--course",
        "CS101",
        "--count",
        "4",
        "--json",
    ])
}

/// A question's answer from its check run through the binary: a number, or a choice's text.
fn checked_answer(q: &Value) -> Value {
    let check = &q["check"];
    let mut args: Vec<String> = check["command"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    args.push("--json".into());
    let out = json(&args);
    let field = check["field"].as_str().unwrap();
    let v = at(&out, field).unwrap_or_else(|| panic!("{field} in {out}"));
    if q["kind"] == "choice" {
        let text = match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        assert!(q["choices"].as_array().unwrap().contains(&json!(text)));
        json!(text)
    } else {
        json!(v.as_f64().unwrap())
    }
}

/// A reply that is surely wrong: another choice, or the answer plus a thousand.
fn wrong(q: &Value, right: &Value) -> Value {
    match right {
        Value::String(s) => q["choices"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c.as_str() != Some(s))
            .unwrap()
            .clone(),
        x => json!(x.as_f64().unwrap() + 1000.0),
    }
}

/// Hands `answers` in for Ada and returns the file's path.
fn hand_in(dir: &Path, model: &str, answers: &Value, tag: &str) -> String {
    let a = dir.join(format!("{model}-{tag}-answers.json"));
    std::fs::write(&a, answers.to_string()).unwrap();
    let out = dir.join(format!("{model}-{tag}.json"));
    let v = json(&[
        "quiz",
        "--model",
        model,
        "--student",
        "Ada Lovelace",
        "--course",
        "CS101",
        "--count",
        "4",
        "--answers",
        a.to_str().unwrap(),
        "--hand-in",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(v["graded"]["file"], out.to_str().unwrap());
    out.to_str().unwrap().to_string()
}

fn graded(file: &str) -> Value {
    json(&["grade", "--course", "CS101", "--json", file])["attempts"][0].clone()
}

#[test]
fn quiz_answers_are_handed_in_and_regraded_from_the_model() {
    let dir = tempfile::tempdir().unwrap();
    for model in MODELS {
        let qz = quiz(model);
        let questions = qz["questions"].as_array().unwrap();
        let right: Vec<Value> = questions.iter().map(checked_answer).collect();
        let file = hand_in(dir.path(), model, &json!(right), "right");
        let row = graded(&file);
        assert_eq!(row["kind"], "quiz", "{row}");
        assert_eq!(row["student"], "Ada Lovelace");
        assert_eq!(
            (row["score"].clone(), row["out_of"].clone()),
            (json!(4), json!(4)),
            "{model}: {row}"
        );
        assert_eq!(row["complete"], true, "{model}: {row}");
        assert_eq!(row["flags"], json!([]), "{model}: {row}");
        assert_eq!(row["broken"], json!([]), "{model}: {row}");

        // Question 2 wrong at the first try, then right: it is missed, the rest count.
        let mut log = json!(right);
        log[1] = wrong(&questions[1], &right[1]);
        log.as_array_mut()
            .unwrap()
            .push(json!({"question": 2, "reply": right[1], "t": 12.5}));
        let file = hand_in(dir.path(), model, &log, "one-wrong");
        let row = graded(&file);
        assert_eq!(row["score"], 3, "{model}: {row}");
        assert_eq!(row["broken"], json!(["question 2"]), "{model}: {row}");
        assert_eq!(row["complete"], true, "{model}: {row}");
        assert_eq!(row["flags"], json!([]), "{model}: {row}");
    }
}

#[test]
fn an_edited_foreign_or_older_quiz_attempt_is_flagged_and_graded_from_its_answers() {
    let dir = tempfile::tempdir().unwrap();
    let qz = quiz("ksbf");
    let questions = qz["questions"].as_array().unwrap();
    let mut answers: Vec<Value> = questions.iter().map(checked_answer).collect();
    answers[0] = wrong(&questions[0], &answers[0]);
    let f = hand_in(dir.path(), "ksbf", &json!(answers), "x");
    let honest = graded(&f);
    assert_eq!(honest["score"], 3);
    let text = std::fs::read_to_string(&f).unwrap();
    let mut a: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(a["kind"], "quiz");
    assert_eq!(a["seed"], qz["seed"]);
    // A stored score raised by hand: ignored and flagged.
    a["stored"]["score"] = json!(4);
    std::fs::write(&f, a.to_string()).unwrap();
    let row = graded(&f);
    assert_eq!(row["score"], 3);
    assert_eq!(row["flags"], json!(["edited"]));
    // A question swapped for an easier one (the seed's quiz is what counts).
    a["stored"]["score"] = json!(3);
    a["questions"][0]["prompt"] = json!("What is 1 + 1?");
    std::fs::write(&f, a.to_string()).unwrap();
    assert_eq!(graded(&f)["flags"], json!(["edited"]));
    // Another student's name on Ada's quiz.
    a["questions"][0]["prompt"] = questions[0]["prompt"].clone();
    a["student"] = json!("Alan Turing");
    std::fs::write(&f, a.to_string()).unwrap();
    assert_eq!(
        graded(&f)["flags"],
        json!(["instance does not match the student's name"])
    );
    // An older loadlab: still graded.
    a["student"] = json!("Ada Lovelace");
    a["app_version"] = json!("0.0.9");
    std::fs::write(&f, a.to_string()).unwrap();
    let row = graded(&f);
    assert_eq!(row["flags"], json!(["from an older version"]));
    assert_eq!(row["score"], 3);
    // An answer to a question the quiz does not have: a row with its reason.
    a["log"][0]["question"] = json!(9);
    std::fs::write(&f, a.to_string()).unwrap();
    let out = run(&["grade", "--json", &f]);
    assert_eq!(out.status.code(), Some(1), "a file not graded");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let row = &v["attempts"][0];
    assert!(
        row["error"].as_str().unwrap().contains("question 9"),
        "{row}"
    );
}

/// A lesson whose exercise step plays the student's personal instance, its step's own
/// scenario given by `n`.
fn personal_lesson(n: u64) -> String {
    format!(
        r#"(
    name: "homework", title: "Homework", model: Geodecay,
    steps: [
        (
            title: "Your turn", text: "Your own instance.",
            scenario: Inline(Geodecay((n: {n}, p: 65536, alpha: 1.0, ell: 30.0, policy: Optimal))),
            exercise: Some((prompt: "Balance or go on?", pass: 3, personal: true)),
        ),
    ],
)"#
    )
}

#[test]
fn lesson_check_validates_a_personal_exercise_step() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.ron");
    std::fs::write(&good, personal_lesson(1 << 30)).unwrap();
    let out = run(&["lesson", good.to_str().unwrap(), "--check"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A step instance smaller than the personal ones: the pass mark would not mean the same.
    let small = dir.path().join("small.ron");
    std::fs::write(&small, personal_lesson(1 << 20)).unwrap();
    let err =
        super::common::assert_error(&["lesson", small.to_str().unwrap(), "--check"], "personal");
    assert!(err.contains("moves"), "{err}");
}

/// `--answers` takes a file (or `-`), and the help says so.
#[test]
fn the_help_says_answers_is_a_file() {
    let help = String::from_utf8(run(&["quiz", "--help"]).stdout).unwrap();
    assert!(help.contains("--answers <FILE>"), "{help}");
    assert!(help.contains("`-` reads stdin"), "{help}");
}

/// A reply the question cannot read is no try (the Quiz window's rule) but is reported with
/// its reason: on KS-BF's quiz of seed 1, "7" to a question whose choices are PEs P0…P4 and
/// "abc" to a number question were dropped without a word ("0 / 5 … not complete", nothing
/// under missed). The right choice after the "7" is still the first try.
#[test]
fn an_unreadable_reply_is_reported_not_counted() {
    let args = ["quiz", "--model", "ksbf", "--seed", "1", "--json"];
    let qs = json(&args)["questions"].as_array().unwrap().clone();
    let choice = qs.iter().position(|q| q["kind"] == "choice").unwrap();
    let number = qs.iter().position(|q| q["kind"] == "number").unwrap();
    let choices = qs[choice]["choices"].as_array().unwrap();
    assert!(!choices.contains(&json!("7")), "{choices:?}");
    let right = checked_answer(&qs[choice]);
    let answers = json!([
        {"question": choice + 1, "reply": "7"},
        {"question": number + 1, "reply": "abc"},
        {"question": choice + 1, "reply": right},
    ]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("answers.json");
    std::fs::write(&file, answers.to_string()).unwrap();
    let path = file.to_str().unwrap();
    let g = json(&[&args[..], &["--answers", path]].concat())["graded"].clone();
    assert_eq!((&g["score"], &g["missed"]), (&json!(1), &json!([])), "{g}");
    let listed = g["not_counted"].as_array().unwrap();
    assert_eq!(listed.len(), 2, "{g}");
    assert_eq!(listed[0]["question"], choice + 1);
    assert_eq!(listed[0]["reply"], "7");
    let why = listed[0]["why"].as_str().unwrap();
    let all: Vec<&str> = choices.iter().map(|c| c.as_str().unwrap()).collect();
    assert!(why.contains("not one of the choices"), "{why}");
    assert!(why.contains(&all.join(", ")), "{why}");
    assert_eq!(listed[1]["question"], number + 1);
    assert_eq!(listed[1]["why"], "not a number");
    let out = run(&["quiz", "--model", "ksbf", "--seed", "1", "--answers", path]);
    let text = String::from_utf8(out.stdout).unwrap();
    let line = format!(
        "Not counted: question {}, “7”: not one of the choices",
        choice + 1
    );
    assert!(text.contains(&line), "{text}");
}
