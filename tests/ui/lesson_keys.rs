//! A lesson step from the keyboard (the arrows, PageDown, F8 and Esc, ↑/↓ over its text), the
//! run a question holds until Reveal, and quizzes beside a lesson's steps.

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::lesson::find_bundled;
use loadlab::model::registry::ModelId;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;

use super::common::{settle, shown};
use super::lessons::{answer_field, app, index, on_screen};

/// The arrows step the run the step's text asks to step, until a click in the lesson gives
/// them to it; PageDown / PageUp (a presenter's clicker) step the lesson wherever the focus is.
#[test]
fn the_arrows_step_the_run_and_page_down_the_lesson() {
    let mut h = app();
    let k = super::common::lesson_named("rrv");
    h.state_mut().send(Cmd::StartLesson(k));
    settle(&mut h);
    h.state_mut().send(Cmd::LessonStep(1));
    settle(&mut h);
    let at = h.state_mut().step_position();
    h.key_press(Key::ArrowRight);
    settle(&mut h);
    assert_eq!(
        index(&h),
        1,
        "→ before a click in the lesson stays on step 2"
    );
    assert_eq!(h.state_mut().step_position(), at + 1, "→ steps the run");
    h.key_press(Key::PageDown);
    settle(&mut h);
    assert_eq!(index(&h), 2);
    h.key_press(Key::PageUp);
    settle(&mut h);
    assert_eq!(index(&h), 1);
    let title = find_bundled("rrv").unwrap().title;
    h.get_by_label(&title).click();
    h.run_steps(2);
    h.key_press(Key::ArrowRight);
    settle(&mut h);
    assert_eq!(index(&h), 2, "→ after a click in the lesson");
}

/// The Redistribution quiz of seed 1 asks in question 4 how many rounds Algorithm 3 needs on
/// δ = (−3, 1, −2, 1, 3): Lemma 6's bound, max |δ_i| = 3, which Algorithm 3 meets. Show me
/// loads the ring; the Your-turn exercise's prompt stated "Lemma 6 says 3 rounds remain",
/// so a student read the answer there and checked it "right on the first try".
#[test]
fn a_quiz_show_me_keeps_the_answer_out_of_the_exercise() {
    let mut h = app();
    h.state_mut().send(Cmd::Quiz(ModelId::Redistribute));
    settle(&mut h);
    shown(&mut h, "First tries: 0 of 0 right (5 questions)");
    let q4 = &h
        .state()
        .teach()
        .quiz(ModelId::Redistribute)
        .unwrap()
        .questions()[3];
    assert!(
        q4.question.prompt.contains("δ = (−3, 1, −2, 1, 3)"),
        "{}",
        q4.question.prompt
    );
    h.get_by_label("Show me 4").click_accesskit();
    settle(&mut h);
    // (The quiz names Your turn too; the Show bar's switch is the first.)
    h.query_all_by_label("Your turn")
        .next()
        .expect("the Your turn switch")
        .click_accesskit();
    settle(&mut h);
    let prompt = super::common::painted_texts(&h)
        .into_iter()
        .map(|(t, _)| t)
        .find(|t| t.contains("links' arrows"))
        .expect("the exercise's prompt");
    assert!(!prompt.contains("says 3 rounds"), "{prompt}");
    assert!(prompt.contains("says ? rounds"), "{prompt}");
}

/// A quiz's Show me during a lesson's exercise step shows the quiz's instance as a run, not in
/// the lesson's exercise panel (its Your turn band graded the quiz's instance as the lesson's
/// exercise); the step brings the lesson's exercise back with the moves made on it (they were
/// gone: the exercise had been made afresh).
#[test]
fn a_quiz_show_me_on_an_exercise_step_shows_a_run_not_the_exercise() {
    use egui::accesskit::Toggled;
    let mut h = app();
    super::common::exercise_step(&mut h, "gil-matias-geodecay.ron");
    let on = |h: &Harness<'static, LoadlabApp>| {
        h.query_all_by_label("Your turn")
            .next()
            .expect("the Your turn switch")
            .accesskit_node()
            .toggled()
            == Some(Toggled::True)
    };
    assert!(on(&h), "the exercise step switches Your turn on");
    h.get_by_label("Go on").click_accesskit();
    settle(&mut h);
    shown(&mut h, "Before round 2 of");
    let step = h.state().lesson_player().unwrap().index();
    h.state_mut().send(Cmd::Quiz(ModelId::Geodecay));
    settle(&mut h);
    shown(&mut h, "First tries: 0 of 0 right (5 questions)");
    h.get_by_label("Show me 1").click_accesskit();
    // The status bar's word first: it fades after six seconds of frames (a quarter second
    // each in the harness), and the quiz's runs may take more frames than that on a loaded
    // machine (CI failed here once).
    shown(&mut h, "Loaded Quiz question 1");
    settle(&mut h);
    assert!(!on(&h), "the quiz's instance is in the exercise panel");
    h.state_mut().send(Cmd::LessonStep(step));
    settle(&mut h);
    assert!(on(&h), "the lesson's exercise step did not come back");
    shown(&mut h, "Before round 2 of");
}

/// gao-rosenberg step 2 asks which PE runs node 13 and said "Predict, then step forward":
/// stepping before Reveal showed "P2 runs 13" three steps on. The step bar holds until Reveal,
/// as it does for a question on the run's end, at the step's own position.
#[test]
fn a_question_on_where_a_node_runs_holds_the_step_bar_until_reveal() {
    let mut h = super::common::window(1280.0, 720.0, None);
    h.state_mut()
        .send(Cmd::StartLesson(super::common::lesson_named(
            "gao-rosenberg",
        )));
    settle(&mut h);
    h.state_mut().send(Cmd::LessonStep(1));
    settle(&mut h);
    super::common::wait_for_answer(&mut h);
    // The held bar rests where the step puts it (position 1: the root ran, its children
    // spawned), not at 0, under the text that describes that picture.
    let start = h.state_mut().step_position();
    assert_eq!(start, 1, "the held bar left the step's own position");
    for (key, times) in [(egui::Key::ArrowRight, 4), (egui::Key::ArrowLeft, 1)] {
        for _ in 0..times {
            h.key_press(key);
            h.run_steps(2);
        }
        assert_eq!(
            h.state_mut().step_position(),
            start,
            "{key:?} stepped before Reveal"
        );
    }
    // No text names node 13 with P2 ("P2: runs node 13, queue 0" on the ring, "P2: node 13"
    // in the caption); the question itself names node 13 alone.
    let told: Vec<String> = super::walk_checks::texts(&h)
        .into_iter()
        .map(|t| t.text)
        .filter(|t| super::walk_secrecy::names_both(t, "13", "2"))
        .collect();
    assert!(
        told.is_empty(),
        "node 13's PE shown before Reveal: {told:?}"
    );
    h.get_by_label("2").click();
    h.run_steps(2);
    h.get_by_label("Reveal").click();
    settle(&mut h);
    for _ in 0..4 {
        h.get_by_label(loadlab::ui::widgets::step_bar::LABEL_FORWARD)
            .click();
        h.run_steps(2);
    }
    assert!(
        h.state_mut().step_position() > start,
        "the run does not unfold after Reveal"
    );
}

/// After Reveal the step's text keeps about three lines at 720p presenter (rrv step 4): ↓ and
/// ↑ scroll it once the lesson has the keys (a click in it, or F8 and Esc from the keyboard),
/// and step neither the lesson nor the run.
#[test]
fn after_reveal_the_arrow_keys_scroll_the_step_text_at_720p_presenter() {
    let mut h = super::common::presenter_720p();
    let lesson = find_bundled("rrv").unwrap();
    h.state_mut()
        .send(Cmd::StartLesson(super::common::lesson_named("rrv")));
    settle(&mut h);
    h.state_mut().send(Cmd::LessonStep(3));
    settle(&mut h);
    answer_field(&mut h, "Your answer", "3");
    h.get_by_label("Reveal").click_accesskit();
    settle(&mut h);
    shown(&mut h, "Answer");
    let title = &lesson.steps[3].title;
    let top = |h: &Harness<'_, LoadlabApp>| h.get_by_label(title).rect().top();
    let at = h.state_mut().step_position();
    let before = top(&h);
    // Before a click in the lesson the arrows are not its own.
    h.key_press(Key::ArrowDown);
    settle(&mut h);
    assert_eq!(top(&h), before, "↓ scrolled the text before a click in it");
    // From the keyboard alone: F8 lands on Next, Esc lets go of it, and the keys are the
    // lesson's (as after a click in it).
    h.key_press(Key::F8);
    h.run_steps(3);
    h.key_press(Key::Escape);
    h.run_steps(2);
    for _ in 0..3 {
        h.key_press(Key::ArrowDown);
        h.run_steps(2);
    }
    let scrolled = top(&h);
    assert!(
        scrolled < before - 40.0,
        "↓ did not scroll the step's text: its title from y = {before} to {scrolled}"
    );
    assert_eq!(index(&h), 3, "↓ stepped the lesson");
    assert_eq!(h.state_mut().step_position(), at, "↓ stepped the run");
    for _ in 0..3 {
        h.key_press(Key::ArrowUp);
        h.run_steps(2);
    }
    assert!(
        (top(&h) - before).abs() < 1.0,
        "↑ did not bring the text back"
    );
}

/// grs step 10 holds the run until Reveal (Last » is greyed): the Numbers tab's checks line
/// said "future hidden: Last » or H", a key that did nothing there. It names Reveal, as the
/// figures above it do; so does li step 2's (T_N of method C is asked).
#[test]
fn a_held_runs_checks_wait_for_reveal_not_for_the_last_step() {
    use loadlab::ui::frame::reveal::UNTIL_REVEAL;
    let mut h = super::common::presenter_720p();
    for (lesson, step, line) in [
        ("grs", 9, "Checks"),
        ("li", 1, "Times, speedups and ratios"),
    ] {
        h.state_mut()
            .send(Cmd::StartLesson(super::common::lesson_named(lesson)));
        settle(&mut h);
        h.state_mut().send(Cmd::LessonStep(step));
        settle(&mut h);
        h.get_by_label("Numbers").click();
        settle(&mut h);
        shown(&mut h, &format!("{line}: {UNTIL_REVEAL}"));
        assert!(
            !on_screen(&h, loadlab::ui::reveal::UNTIL_END),
            "{lesson} step {}: a held run's numbers send the student to Last »",
            step + 1
        );
    }
}
