//! Unit tests of lessons: parsing, grading, field paths and the budget of a lesson as a whole.

use super::*;

#[test]
fn check_fields_follow_dot_paths_with_indices() {
    let lookup = report::field;
    let v = serde_json::json!({"a": {"b": [1, {"c": 7}]}, "Lemma 6": {"value": 2}});
    assert_eq!(lookup(&v, "a.b.1.c"), Some(&Value::from(7)));
    assert_eq!(lookup(&v, "a.b.0"), Some(&Value::from(1)));
    assert_eq!(lookup(&v, "Lemma 6.value"), Some(&Value::from(2)));
    assert_eq!(lookup(&v, "a.b.2"), None);
    assert_eq!(lookup(&v, "a.x"), None);
}

#[test]
fn unknown_fields_are_refused_with_a_position() {
    let text = r#"(name: "x", title: "t", model: TreeSweep, colour: 3, steps: [])"#;
    let e = parse("x.ron", text).unwrap_err();
    assert!(
        matches!(
            e,
            LessonError::File(preset::PresetError::Parse { line: 1, .. })
        ),
        "{e}"
    );
    assert!(e.to_string().contains("colour"), "{e}");
    assert!(is_lesson(text));
    assert!(!is_lesson(
        r#"(version: 1, name: "p", scenario: TreeSweep(()))"#
    ));
}

fn question(kind: Kind, choices: &[&str], tolerance: f64) -> Question {
    Question {
        prompt: "?".into(),
        kind,
        choices: choices.iter().map(|c| c.to_string()).collect(),
        tolerance,
        explanation: String::new(),
        check: Check {
            command: vec!["treesweep".into()],
            field: "optimal".into(),
        },
        states: Vec::new(),
    }
}

/// Each reply of `replies` gets its grade from `q` whose answer is `a`.
#[track_caller]
fn grades(q: &Question, a: &Answer, replies: &[(&str, Grade)]) {
    for (reply, grade) in replies {
        assert_eq!(q.grade(a, reply), *grade, "{reply:?}");
    }
}

#[test]
fn replies_are_graded_within_the_tolerance_or_against_the_choices() {
    use Grade::{Right, Unreadable, Wrong};
    let q = question(Kind::Number, &[], 0.05);
    let a = Answer::Number(1.9673);
    grades(
        &q,
        &a,
        &[
            ("1.97", Right),
            (" 2 ", Right),
            ("2.1", Wrong),
            ("two", Unreadable),
        ],
    );
    grades(&q, &Answer::Number(1024.0), &[("2^10", Right)]);
    let q = question(Kind::Choice, &["0", "1", "2"], 0.0);
    let a = Answer::Choice("2".into());
    grades(&q, &a, &[("2", Right), ("1", Wrong), ("7", Unreadable)]);
    // A choice question's value must be one of its choices.
    assert!(q.read(&Value::from(5)).is_err());
    assert_eq!(q.read(&Value::from(1)), Ok(Answer::Choice("1".into())));
    assert!(
        question(Kind::Number, &[], 0.0)
            .read(&Value::from("x"))
            .is_err()
    );
}

#[test]
fn a_decimal_comma_or_point_is_read_and_a_list_is_not_a_number() {
    for (reply, x) in [
        ("7.6", 7.6),
        (" 7,6 ", 7.6),
        ("0,25", 0.25),
        ("−2,5", -2.5),
        ("2^10", 1024.0),
        ("1e3", 1000.0),
    ] {
        assert_eq!(read_reply(reply), Ok(x), "{reply:?}");
    }
    for bad in ["7,6,5", "1,000.5", "7.6.5", "", "seven", "inf", "NaN", ","] {
        assert!(read_reply(bad).is_err(), "{bad:?} was read as a number");
    }
    // The question grades a comma reply like a point reply.
    let q = question(Kind::Number, &[], 0.05);
    let replies = [
        ("7,6", Grade::Right),
        ("7.6", Grade::Right),
        ("7,9", Grade::Wrong),
        ("7,6,5", Grade::Unreadable),
    ];
    grades(&q, &Answer::Number(7.6), &replies);
}

#[test]
fn malformed_questions_are_named() {
    let mut q = question(Kind::Choice, &["a"], 0.0);
    q.tolerance = -1.0;
    let e = q.shape_errors();
    assert!(e.iter().any(|m| m.contains("two choices")), "{e:?}");
    assert!(e.iter().any(|m| m.contains("tolerance")), "{e:?}");
}

/// A step of text `text` on a KS-BF preset, asking nothing.
fn plain(text: &str) -> LessonStep {
    LessonStep {
        title: "t".into(),
        text: text.into(),
        scenario: StepScenario::Preset("ksbf-t16-r8".into()),
        step: 0,
        view: None,
        highlight: None,
        try_it: false,
        exercise: None,
        question: None,
    }
}

/// A lesson of `count` steps, each asking about KS-BF's grid at its limit on a ring of
/// p = 1, 2, ….
fn heavy(count: u32) -> Lesson {
    let step = |p: u32| LessonStep {
        title: format!("grid {p}"),
        question: Some(Question {
            check: Check {
                command: [
                    "ksbf",
                    "--shape",
                    "grid",
                    "--n",
                    "23169",
                    "--p",
                    &p.to_string(),
                ]
                .map(String::from)
                .to_vec(),
                field: "makespan".into(),
            },
            ..question(Kind::Number, &[], 0.0)
        }),
        ..plain("t")
    };
    Lesson {
        version: 1,
        name: "heavy".into(),
        title: "Heavy".into(),
        model: ModelId::Ksbf,
        steps: (1..=count).map(step).collect(),
    }
}

#[test]
fn a_lesson_is_held_to_one_budget_as_a_whole() {
    for b in BUNDLED {
        let l = b.lesson().unwrap();
        assert_eq!(l.within_budget(), Ok(()), "{}", l.name);
        // The bundled lessons are light: a fifth of the budget at most (grs's trees of
        // height 1000 are estimated at about 1.2 s).
        let total: f64 = l.step_seconds().iter().map(|(a, b)| a + b).sum();
        assert!(total < LESSON_SECONDS / 5.0, "{}: {total}", l.name);
    }
    assert_eq!(heavy(1).within_budget(), Ok(()));
    let e = heavy(4).within_budget().unwrap_err();
    assert!(e.starts_with("step 2 “grid 2”: "), "{e}");
    assert!(
        e.contains("`loadlab ksbf --shape grid --n 23169 --p 2 --json` alone"),
        "{e}"
    );
    // Nothing runs: every question says why.
    let answers = heavy(4).answers(&NoProgress).unwrap();
    assert_eq!(answers.len(), 4);
    assert!(
        answers
            .iter()
            .all(|a| a.as_ref().unwrap().as_ref() == Err(&e))
    );
    assert_eq!(heavy(4).check(), vec![e]);
}

#[test]
fn the_menus_list_every_bundled_lesson_with_its_steps_and_questions() {
    // The five lessons as shipped (steps and questions written here from the lesson files).
    let expected = [
        ("Li: pipelining divisible load down a tree", 8, 5),
        (
            "Gil–Matias: how often to load-balance a decaying workload",
            7,
            4,
        ),
        (
            "Gao–Rosenberg–Sitaraman: clustering a tree sweep under latency τ",
            10,
            6,
        ),
        ("Gao–Rosenberg: keep left, send right", 7, 4),
        ("Renard–Robert–Vivien: redistributing data on a ring", 7, 4),
    ];
    let listed: Vec<_> = super::listings()
        .iter()
        .map(|l| {
            let l = l.as_ref().expect("every bundled lesson parses");
            (l.title.as_str(), l.steps, l.questions)
        })
        .collect();
    assert_eq!(listed, expected);
}

/// A step's text cites findings by id: each once, in order; "finding out" is no citation; an
/// id that names no finding is an error of the lesson.
#[test]
fn a_steps_cited_findings_are_found_or_named_as_errors() {
    let s = plain(
        "finding out (finding grs-half) and finding gm-lgstar, again finding grs-half; \
         finding no-such-finding.",
    );
    let cited = s.cited_findings();
    let ids: Vec<&str> = cited.iter().flatten().map(|f| f.id).collect();
    assert_eq!(ids, ["grs-half", "gm-lgstar"]);
    let errors: Vec<&String> = cited.iter().filter_map(|c| c.as_ref().err()).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("no-such-finding"), "{errors:?}");
    assert!(plain("nothing cited").cited_findings().is_empty());
}
