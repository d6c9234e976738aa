//! Homework (issue 39) in the GUI: a student sets a personal instance, plays it, hands it
//! in; `loadlab grade` gives the score the screen showed; the teacher opens the attempt and
//! its replay shows the moves.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::lesson::homework::personal;
use loadlab::lesson::homework::replay::Player;
use loadlab::model::registry::ModelId;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;

use super::common::{settle, shown};

fn click(h: &mut Harness<'static, LoadlabApp>, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run_steps(2);
}

fn menu(h: &mut Harness<'static, LoadlabApp>, menu: &str, item: &str) {
    h.get_by_label(menu).click();
    h.run_steps(2);
    h.get_by_label(item).click();
    h.run_steps(3);
}

fn type_into(h: &mut Harness<'static, LoadlabApp>, field: &str, text: &str) {
    let f = h.get_by_role_and_label(Role::TextInput, field);
    f.focus();
    f.type_text(text);
    h.run_steps(2);
}

/// The text of the first label containing `part`.
fn label_with(h: &Harness<'static, LoadlabApp>, part: &str) -> String {
    let node = h
        .query_all_by_label_contains(part)
        .next()
        .unwrap_or_else(|| panic!("{part:?} is not shown"));
    let a = node.accesskit_node();
    a.label().or_else(|| a.value()).unwrap_or_default()
}

/// "… S / N …" → (S, N).
fn fraction(text: &str) -> (u64, u64) {
    let (a, b) = text
        .split_once(" / ")
        .unwrap_or_else(|| panic!("no score in {text:?}"));
    let s = a.rsplit(' ').next().unwrap().parse().unwrap();
    let n = b
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .parse()
        .unwrap();
    (s, n)
}

/// Emmy Noether starts her personal instance or questions in course CS101 from the open
/// dialog: Start with no name first says what is missing, in the student's words (`drawn`:
/// "your instance is drawn from it").
fn sign_in(h: &mut Harness<'static, LoadlabApp>, drawn: &str) {
    click(h, "Start");
    shown(h, &format!("Type your name first: {drawn}"));
    type_into(h, "Your name", "Emmy Noether");
    type_into(h, "Course key (optional, as your teacher gave it)", "CS101");
    click(h, "Start");
    settle(h);
}

#[test]
fn a_student_hands_in_a_personal_instance_and_the_gradebook_agrees() {
    let mut h = super::common::window(1500.0, 940.0, None);
    h.state_mut().send(Cmd::Switch(ModelId::Geodecay));
    settle(&mut h);
    menu(&mut h, "Homework", "Personal instance…");
    sign_in(&mut h, "your instance is drawn from it");
    shown(&mut h, "Emmy Noether's");
    shown(&mut h, "Before round 1");
    // The decisions of the optimal policy on her instance; the first one wrong on purpose,
    // then undone, a hint asked, and the rest right.
    let s = personal::personal(ModelId::Geodecay, "CS101", "Emmy Noether").unwrap();
    let mut p = Player::new(&s).unwrap();
    let mut plan = Vec::new();
    while let Some((_, mv)) = p.show_me() {
        plan.push(mv.as_bool().unwrap());
    }
    let caption = |b: bool| if b { "Balance" } else { "Go on" };
    click(&mut h, caption(!plan[0]));
    click(&mut h, "Undo move");
    click(&mut h, "Hint");
    for &b in &plan {
        click(&mut h, caption(b));
    }
    let on_screen = fraction(&label_with(&h, "Complete —"));
    assert_eq!(on_screen.1, plan.len() as u64);

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("emmy.json");
    menu(&mut h, "Homework", "Hand in by path…");
    type_into(&mut h, "File path", path.to_str().unwrap());
    click(&mut h, "OK");
    shown(&mut h, "Handed in");
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert_eq!(
        fraction(notice.split_once(": ").unwrap().1),
        on_screen,
        "{notice}"
    );
    // The receipt stays, whole, until the student closes it (the status bar cuts a long
    // path and lets information fade after a few seconds).
    h.run_steps(2);
    let receipt = format!("Handed in {}", path.display());
    let whole = h.query_all_by_label_contains(&receipt).count();
    assert_eq!(whole, 2, "the status bar's notice and the receipt window");
    h.get_by_role_and_label(Role::Button, "OK").click();
    h.run_steps(3);
    assert!(h.query_by_label("OK").is_none(), "the receipt closes on OK");
    // Handing in again to that file asks before replacing it.
    menu(&mut h, "Homework", "Hand in by path…");
    type_into(&mut h, "File path", path.to_str().unwrap());
    click(&mut h, "OK");
    shown(&mut h, "exists: OK again replaces it");
    let before = std::fs::metadata(&path).unwrap().modified().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    click(&mut h, "OK");
    h.run_steps(3);
    let after = std::fs::metadata(&path).unwrap().modified().unwrap();
    assert!(after > before, "the second OK replaces the file");
    h.get_by_role_and_label(Role::Button, "OK").click();
    h.run_steps(3);

    let v = super::common::run_json(&["grade", path.to_str().unwrap(), "--json"]);
    let row = &v["attempts"][0];
    assert_eq!(row["student"], "Emmy Noether");
    assert_eq!(
        (
            row["score"].as_u64().unwrap(),
            row["out_of"].as_u64().unwrap()
        ),
        on_screen
    );
    assert_eq!(row["complete"], true);
    assert_eq!(row["hints"], 1);
    assert_eq!(row["flags"], serde_json::json!([]), "{row}");

    // The teacher opens it: the replay lists the moves with their verdicts; one step back
    // and the exercise on the picture is one decision short of the end.
    open_attempt(&mut h, &path, "Attempt replay");
    shown(
        &mut h,
        &format!("Graded from the moves: {} / {}", on_screen.0, on_screen.1),
    );
    shown(&mut h, &format!("1. {}", caption(!plan[0])));
    shown(&mut h, "3. Hint");
    shown(&mut h, "Right:");
    click(&mut h, "◀ Previous entry");
    h.run_steps(3);
    let before_last = format!("Before round {}", plan.len());
    shown(&mut h, &before_last);
    // While the replay is open the board is the student's: its buttons are greyed and a
    // click plays nothing (a click played on, and the replay's list no longer said what the
    // board showed). Closed, the teacher plays on from where the replay stood.
    let last = caption(*plan.last().unwrap());
    for label in ["Hint", "Show me", "Undo move", "Restart", last] {
        let node = h.get_by_label(label);
        assert!(node.accesskit_node().is_disabled(), "{label} is offered");
    }
    h.get_by_label(last).click();
    h.run_steps(3);
    shown(&mut h, &before_last);
    h.get_by_label("Close window").click();
    h.run_steps(3);
    assert!(
        h.query_by_label("Attempt replay").is_none(),
        "the replay closes"
    );
    h.get_by_label(last).click();
    h.run_steps(3);
    assert!(
        h.query_by_label_contains(&before_last).is_none(),
        "closed, the replay leaves the board to play on"
    );
}

#[test]
fn a_student_hands_in_a_personal_quiz_and_the_gradebook_agrees() {
    let mut h = super::common::window(1500.0, 940.0, None);
    h.state_mut().send(Cmd::Quiz(ModelId::Redistribute));
    settle(&mut h);
    click(&mut h, "Personal quiz…");
    shown(&mut h, "Course key");
    sign_in(&mut h, "your questions are drawn from it");
    shown(&mut h, "Personal quiz of Emmy Noether");
    // Her questions' answers, from the model (the quiz her personal seed generates).
    let seed = personal::quiz_seed(ModelId::Redistribute, "CS101", "Emmy Noether").unwrap();
    let qs = loadlab::lesson::quiz(ModelId::Redistribute, seed, 5).unwrap();
    let right: Vec<String> = qs.iter().map(|q| q.answer.text()).collect();
    let start: String = qs[0].question.prompt.chars().take(20).collect();
    shown(&mut h, &start);
    // Question 1 right; question 2 wrong; question 3 wrong, then its answer shown.
    type_into(&mut h, "Answer 1", &right[0]);
    click(&mut h, "Check 1");
    type_into(&mut h, "Answer 2", "-1000");
    click(&mut h, "Check 2");
    type_into(&mut h, "Answer 3", "-1000");
    click(&mut h, "Check 3");
    shown(&mut h, "Show answer 3");
    click(&mut h, "Show answer 3");
    shown(&mut h, "First tries: 1 of 3 right");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("emmy-quiz.json");
    // Two questions are not answered: Hand in asks first; Keep working writes nothing, and
    // leaves the quiz as it was (no file was written under a "not complete" grade unasked).
    for (answer, written) in [("Keep working", false), ("Hand in anyway", true)] {
        click(&mut h, "Hand in quiz by path…");
        shown(&mut h, "File path");
        type_into(&mut h, "File path", path.to_str().unwrap());
        click(&mut h, "OK");
        shown(&mut h, "Hand in unfinished work?");
        shown(
            &mut h,
            "Your quiz is not finished: not every question is answered right or its answer \
             shown. So far: 1 / 5 right at the first try.",
        );
        click(&mut h, answer);
        settle(&mut h);
        assert_eq!(path.exists(), written, "after {answer}");
        assert!(h.query_by_label("Hand in unfinished work?").is_none());
    }
    shown(&mut h, "First tries: 1 of 3 right");
    shown(&mut h, "Handed in");
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert_eq!(
        fraction(notice.split_once(": ").unwrap().1),
        (1, 5),
        "{notice}"
    );

    let v = super::common::run_json(&["grade", path.to_str().unwrap(), "--json"]);
    let row = &v["attempts"][0];
    assert_eq!(row["kind"], "quiz");
    assert_eq!(row["student"], "Emmy Noether");
    assert_eq!(
        (row["score"].as_u64(), row["out_of"].as_u64()),
        (Some(1), Some(5))
    );
    assert_eq!(
        row["broken"],
        serde_json::json!(["question 2", "question 3"])
    );
    assert_eq!(row["show_me"], 1);
    assert_eq!(row["flags"], serde_json::json!([]), "{row}");

    // The teacher opens it: every question with her replies, their verdicts and the model's
    // answer (a quiz attempt gave a one-line notice that faded).
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, "OK").click();
    h.run_steps(3);
    // (The teacher's own desk: no quiz window open beside the review.)
    h.get_by_label("Close window").click();
    h.run_steps(3);
    open_attempt(&mut h, &path, "Quiz attempt");
    shown(
        &mut h,
        "Graded from the answers: 1 / 5 right at the first try",
    );
    for k in 1..=5 {
        shown(&mut h, &format!("Question {k}"));
        shown(&mut h, &format!("Answer: {}", right[k - 1]));
    }
    shown(&mut h, &format!("“{}”", right[0]));
    assert_eq!(h.query_all_by_label_contains("“-1000”").count(), 2);
    assert_eq!(h.query_all_by_label_contains(": ✗ wrong").count(), 2);
    assert_eq!(h.query_all_by_label_contains(": ✓ right").count(), 1);
    assert_eq!(
        h.query_all_by_label_contains("Asked for the answer (after")
            .count(),
        1
    );
    assert_eq!(
        h.query_all_by_label("missed at the first try").count(),
        2,
        "questions 2 and 3"
    );
    assert_eq!(h.query_all_by_label("not answered").count(), 2);
    // Show me 2 loads the instance question 2 asked about, as the quiz's own Show me does.
    h.get_by_label("Show me 2").click();
    settle(&mut h);
    let p = h.state().preset();
    assert_eq!(p.scenario, qs[1].scenario().unwrap());
    assert_eq!(
        p.name,
        format!("Quiz question 2 (seed {seed}, Emmy Noether's attempt)")
    );
    // The review folds to its title bar in the bottom corner, off the instance the teacher
    // looks at (folded at the top, it covered the plot's controls).
    shown(&mut h, "Quiz attempt");
    assert!(h.query_by_label("missed at the first try").is_none());
    let title = h.get_by_label("Quiz attempt").rect();
    assert!(title.top() > h.ctx.content_rect().center().y, "{title:?}");
}

/// The teacher's Homework ▸ Open attempt by path… on `path`: the window `title` opens.
fn open_attempt(h: &mut Harness<'static, LoadlabApp>, path: &std::path::Path, title: &str) {
    menu(h, "Homework", "Open attempt by path…");
    type_into(h, "File path", path.to_str().unwrap());
    click(h, "OK");
    settle(h);
    shown(h, title);
}

/// A lesson whose exercise step plays the student's personal instance.
const PERSONAL_LESSON: &str = r#"(
    name: "homework", title: "Homework", model: Geodecay,
    steps: [
        (title: "Read", text: "The policies.", scenario: Preset("geodecay-crcw")),
        (
            title: "Your turn", text: "Your own instance.",
            scenario: Inline(Geodecay((n: 1073741824, p: 65536, alpha: 1.0, ell: 30.0, policy: Optimal))),
            exercise: Some((prompt: "Balance or go on?", pass: 3, personal: true)),
        ),
    ],
)"#;

#[test]
fn a_lesson_s_personal_step_asks_the_name_and_plays_that_instance() {
    let dir = tempfile::tempdir().unwrap();
    let lesson = dir.path().join("homework.ron");
    std::fs::write(&lesson, PERSONAL_LESSON).unwrap();
    let mut h = super::common::window(1500.0, 940.0, None);
    h.state_mut().send(Cmd::OpenPath(lesson.clone()));
    settle(&mut h);
    assert!(h.query_all_by_label_contains("Your name").next().is_none());
    h.state_mut().send(Cmd::LessonStep(1));
    settle(&mut h);
    shown(&mut h, "Personal instance");
    type_into(&mut h, "Your name", "Sofia Kovalevskaya");
    type_into(
        &mut h,
        "Course key (optional, as your teacher gave it)",
        "CS101",
    );
    click(&mut h, "Start");
    settle(&mut h);
    let mine = personal::personal(ModelId::Geodecay, "CS101", "Sofia Kovalevskaya").unwrap();
    assert_eq!(h.state().preset().scenario, mine);
    shown(&mut h, "Before round 1");
    shown(&mut h, "Balance or go on?");
    // Back and forth: the name is remembered, the step plays her instance at once.
    h.state_mut().send(Cmd::LessonStep(0));
    settle(&mut h);
    h.state_mut().send(Cmd::LessonStep(1));
    settle(&mut h);
    assert!(h.query_all_by_label_contains("Your name").next().is_none());
    assert_eq!(h.state().preset().scenario, mine);
}

/// Hand in… with nothing played says so before asking for a file (it wrote an empty attempt,
/// with no name, that the gradebook scored 0).
#[test]
fn hand_in_with_nothing_played_says_so_and_writes_nothing() {
    let mut h = super::common::harness(None);
    h.state_mut().send(Cmd::HandIn);
    settle(&mut h);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.starts_with("Nothing to hand in yet"), "{notice}");
    assert!(
        h.query_by_label("File path").is_none(),
        "a file was asked for"
    );
}

/// Hand in… on an instance no name goes with (not a personal instance) asks the name first
/// and refuses an empty one; the file carries it, and the gradebook says the instance is not
/// the student's own (a nameless file was graded as "no student's name").
#[test]
fn hand_in_asks_the_name_an_instance_lacks() {
    let mut h = super::common::window(1500.0, 940.0, None);
    h.state_mut().send(Cmd::Switch(ModelId::Geodecay));
    settle(&mut h);
    click(&mut h, "Your turn");
    shown(&mut h, "Before round 1");
    click(&mut h, "Go on");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sophie.json");
    menu(&mut h, "Homework", "Hand in by path…");
    hand_in_by_path_as_sophie(&mut h, &path);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"Sophie Germain\""), "{text}");
    let v = super::common::run_json(&["grade", path.to_str().unwrap(), "--json"]);
    let row = &v["attempts"][0];
    assert_eq!(row["student"], "Sophie Germain", "{row}");
    assert_eq!(
        row["flags"],
        serde_json::json!(["instance does not match the student's name"]),
        "{row}"
    );
}

/// Hand in quiz… on a quiz no name goes with (not a personal quiz) asks the name first, as
/// the exercise's Hand in… does, and refuses an empty one; the file carries it and the
/// gradebook says the quiz is not the student's own (it said "no student's name").
#[test]
fn a_quiz_hand_in_asks_the_name_a_quiz_lacks() {
    let mut h = super::common::window(1500.0, 940.0, None);
    h.state_mut().send(Cmd::Quiz(ModelId::Redistribute));
    settle(&mut h);
    type_into(&mut h, "Answer 1", "-1000");
    click(&mut h, "Check 1");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sophie-quiz.json");
    click(&mut h, "Hand in quiz by path…");
    shown(&mut h, "File path");
    hand_in_by_path_as_sophie(&mut h, &path);
    let v = super::common::run_json(&["grade", path.to_str().unwrap(), "--json"]);
    let row = &v["attempts"][0];
    assert_eq!(row["kind"], "quiz");
    assert_eq!(row["student"], "Sophie Germain", "{row}");
    assert_eq!(
        row["flags"],
        serde_json::json!(["instance does not match the student's name"]),
        "{row}"
    );
}

/// At the path prompt: types `path`, OK; the unfinished work is handed in anyway; the name
/// window asks the name before anything is written, refuses an empty one, and with "Sophie
/// Germain" hands in (the path is typed already: no further file step) with a receipt naming
/// her.
fn hand_in_by_path_as_sophie(h: &mut Harness<'static, LoadlabApp>, path: &std::path::Path) {
    type_into(h, "File path", path.to_str().unwrap());
    click(h, "OK");
    shown(h, "Hand in unfinished work?");
    click(h, "Hand in anyway");
    shown(h, "Your name goes on the file, so that");
    assert!(!path.exists(), "written before the name was given");
    click(h, "Hand in");
    shown(h, "Your name goes on the file: type it, please");
    type_into(h, "Your name", "Sophie Germain");
    click(h, "Hand in");
    settle(h);
    shown(h, "under the name Sophie Germain: ");
}

/// The windows that ask for a name or a path give their first field the keyboard: typed at
/// once, the text goes into it (the name field waited for a click, so a keyboard-only
/// student's typing went nowhere).
#[test]
fn the_name_and_path_windows_take_what_is_typed_at_once() {
    let mut h = super::common::window(1280.0, 720.0, None);
    settle(&mut h);
    let value = |h: &Harness<'static, LoadlabApp>, field: &str| {
        let f = h.get_by_role_and_label(Role::TextInput, field);
        f.accesskit_node().value().unwrap_or_default()
    };
    menu(&mut h, "Homework", "Personal instance…");
    h.run_steps(2);
    h.event(egui::Event::Text("Ada".into()));
    h.run_steps(2);
    assert_eq!(value(&h, "Your name"), "Ada");
    click(&mut h, "Cancel");
    menu(&mut h, "Homework", "Hand in by path…");
    h.run_steps(2);
    h.event(egui::Event::Text("/tmp/ada".into()));
    h.run_steps(2);
    assert_eq!(value(&h, "File path"), "/tmp/ada");
}

/// A quiz opens where it hides none of what its questions are answered with: at 1366 × 768 it
/// covered the instance's controls and Your turn's board (it opened at the left); it opens
/// over the plots, at the right.
#[test]
fn a_quiz_opens_clear_of_the_instance_and_your_turn_at_1366x768() {
    let mut h = super::common::window(1366.0, 768.0, None);
    click(&mut h, "Your turn");
    shown(&mut h, "Set level");
    h.state_mut().send(Cmd::Quiz(ModelId::Divisible));
    h.run_steps(3);
    shown(&mut h, "Question 1");
    let left_of = |h: &Harness<'static, LoadlabApp>, label: &str| {
        h.get_all_by_label_contains(label)
            .map(|n| n.rect().left())
            .fold(f32::INFINITY, f32::min)
    };
    let quiz = ["First tries:", "Question 1", "Seed"].map(|l| left_of(&h, l));
    let quiz = quiz.into_iter().fold(f32::INFINITY, f32::min);
    for covered in ["Set level", "Undo move", "Instance", "Sweeps"] {
        let r = h.get_by_label(covered).rect();
        assert!(
            r.right() < quiz,
            "the quiz (from x = {quiz}) covers {covered:?} at {r:?}"
        );
    }
}

/// In the quiz at 1280 × 720 in presenter mode, a question's Show me stands on its title's
/// row and Check on its reply's (on rows of their own, a question took five lines, and the
/// window showed barely one), and Show answer comes after Check, so that nothing on the row
/// moves when it appears.
#[test]
fn a_quiz_question_keeps_its_buttons_on_its_title_and_reply_rows() {
    let mut h = super::common::presenter_720p();
    h.state_mut().send(Cmd::Quiz(ModelId::Geodecay));
    settle(&mut h);
    let row = |h: &Harness<'static, LoadlabApp>, a: egui::Rect, label: &str| {
        let b = h.get_by_label(label).rect();
        assert!(
            (a.center().y - b.center().y).abs() < 6.0,
            "{label} at {b:?} is not on the row at {a:?}"
        );
        b
    };
    let title = h.get_by_label("Question 1").rect();
    let show_me = row(&h, title, "Show me 1");
    assert!(
        show_me.left() > title.right(),
        "Show me 1 left of its title"
    );
    let field = h.get_by_role_and_label(Role::TextInput, "Answer 1").rect();
    let check = row(&h, field, "Check 1");
    assert!(check.left() > field.right(), "Check 1 left of the field");
    // A first try (here nothing typed) brings Show answer, after Check: Check stays put.
    click(&mut h, "Check 1");
    settle(&mut h);
    let after = row(&h, field, "Show answer 1");
    assert!(after.left() > check.right(), "Show answer 1 before Check 1");
    assert_eq!(h.get_by_label("Check 1").rect(), check, "Check 1 moved");
}

/// On a phone (390 × 844) the quiz takes the screen's width: nothing stands beside it there,
/// and at 270 points its prompts wrapped every few words.
#[test]
fn on_a_phone_the_quiz_takes_the_screens_width() {
    let mut h = super::common::window(390.0, 844.0, None);
    h.state_mut().send(Cmd::Quiz(ModelId::Geodecay));
    settle(&mut h);
    let screen = h.ctx.content_rect();
    let question = h.get_by_label("Question 1").rect();
    let show_me = h.get_by_label("Show me 1").rect();
    assert!(
        show_me.right() - question.left() >= screen.width() - 60.0,
        "the quiz's question spans {question:?} to {show_me:?} of a screen {screen:?}"
    );
    assert!(
        show_me.right() <= screen.right(),
        "Show me 1 off the screen"
    );
}

/// On a phone an opened attempt's replay fits the screen (anchored at the right, its step
/// bar's row put the window's left part off the screen), and the first-start card gives way
/// to it (it stood over the replay).
#[test]
fn on_a_phone_an_attempt_s_replay_fits_the_screen_and_the_card_goes() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("moves.json");
    std::fs::write(&moves, r#"[{"node": 1, "pe": 0, "step": 0}]"#).unwrap();
    let out = dir.path().join("attempt.json");
    let (m, o) = (moves.to_str().unwrap(), out.to_str().unwrap());
    let args = ["exercise", "ksbf", "--n", "4", "--p", "2", "--moves", m];
    super::common::run_json(&[&args[..], &["--hand-in", o, "--json"]].concat());
    let mut h = super::common::window(390.0, 844.0, None);
    h.state_mut().show_welcome();
    h.run_steps(3);
    assert!(h.state().welcome_shown());
    h.state_mut().send(Cmd::OpenAttemptFrom(out.clone()));
    settle(&mut h);
    shown(&mut h, "Attempt replay");
    let screen = h.ctx.content_rect();
    for label in [
        "◀ Previous entry",
        "Next entry ▶",
        "Score after 1 of 1 entries: 1",
    ] {
        let r = h.get_by_label(label).rect();
        assert!(
            r.left() >= screen.left() && r.right() <= screen.right(),
            "{label} at {r:?}, off a screen {screen:?}"
        );
    }
    assert!(!h.state().welcome_shown(), "the card stays over the replay");
}

/// A divisible replay between entries previews the next level at the app's default value (a
/// replay knows the moves, not where the student's slider stood); the row says so, instead of
/// "Set level grades it", which read as the student's value. Closed, the board is the
/// teacher's again and the row says what Set level does.
#[test]
fn a_divisible_replay_says_its_preview_is_not_the_student_s_value() {
    let dir = tempfile::tempdir().unwrap();
    let moves = dir.path().join("moves.json");
    std::fs::write(&moves, "[0.1]").unwrap();
    let out = dir.path().join("attempt.json");
    let (m, o) = (moves.to_str().unwrap(), out.to_str().unwrap());
    let args = [
        "exercise",
        "divisible",
        "--moves",
        m,
        "--hand-in",
        o,
        "--json",
    ];
    super::common::run_json(&args);
    let mut h = super::common::window(1500.0, 940.0, None);
    h.state_mut().send(Cmd::OpenAttemptFrom(out.clone()));
    settle(&mut h);
    shown(&mut h, "Attempt replay");
    let student = "not the student's value";
    let own = "not set yet: Set\u{a0}level grades it";
    shown(&mut h, student);
    assert!(h.query_by_label_contains(own).is_none());
    h.get_by_label("Close window").click();
    h.run_steps(3);
    shown(&mut h, own);
    assert!(h.query_by_label_contains(student).is_none());
}
