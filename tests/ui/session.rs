//! A restart (the desktop app closed and opened again, the web page reloaded) keeps the work
//! in progress: the lesson at its step with its replies and reveals, a quiz's replies and
//! log, the exercise's moves. A question answered once stays answered.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::model::registry::ModelId;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;

use super::common::{Memory, lesson_named, open_step, settle, shown};

type H = Harness<'static, LoadlabApp>;

fn click(h: &mut H, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run_steps(2);
}

fn type_into(h: &mut H, field: &str, text: &str) {
    let f = h.get_by_role_and_label(Role::TextInput, field);
    f.focus();
    f.type_text(text);
    h.run_steps(2);
}

/// The app saved as it closes, and opened again from what it saved.
fn restarted(h: &mut H) -> H {
    let mut storage = Memory::default();
    eframe::App::save(h.state_mut(), &mut storage);
    opened_from(storage)
}

/// The app opened from `storage` (a restart, a reload, a second tab of the same browser).
fn opened_from(storage: Memory) -> H {
    let mut r = opened_on(storage, None);
    settle(&mut r);
    r
}

/// The app opened from `storage` on `preset` (`loadlab gui PRESET` after a last session).
fn opened_on(storage: Memory, preset: Option<loadlab::preset::Preset>) -> H {
    let mut r = Harness::builder()
        .with_size(egui::vec2(1500.0, 940.0))
        .with_max_steps(50)
        .build_eframe(move |cc| LoadlabApp::restored(&cc.egui_ctx, &storage, preset.clone()));
    r.run_steps(1);
    r
}

/// Waits (up to 20 s) for the quiz of `model` to have its questions.
fn quiz_ready(h: &mut H, model: ModelId) {
    for _ in 0..400 {
        if h.state()
            .teach()
            .quiz(model)
            .is_some_and(|q| !q.questions().is_empty())
        {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.run_steps(1);
    }
    settle(h);
}

#[test]
fn a_restart_keeps_the_lesson_the_quiz_and_the_exercise_as_they_were() {
    let mut h = super::common::window(1500.0, 940.0, None);
    let k = lesson_named("gil-matias");
    let lesson = loadlab::lesson::BUNDLED[k].lesson().unwrap();
    let asked = lesson.steps.iter().position(|s| s.question.is_some());
    let asked = asked.expect("a question step");
    let exercise = lesson.steps.iter().position(|s| s.exercise.is_some());
    let exercise = exercise.expect("an exercise step");
    // A question answered (a reply that is a number, certainly not the answer) and revealed.
    open_step(&mut h, "gil-matias", asked + 1);
    type_into(&mut h, "Your answer", "123456789");
    click(&mut h, "Reveal");
    settle(&mut h);
    assert!(h.state().lesson_player().unwrap().revealed());
    // Two decisions on the exercise step.
    h.state_mut().send(Cmd::LessonStep(exercise));
    settle(&mut h);
    click(&mut h, "Go on");
    click(&mut h, "Balance");
    settle(&mut h);
    let score = h.state().lesson_player().unwrap().exercise_score();
    assert!(score.is_some(), "the exercise's score");
    // Two rounds decided: the prompt asks about the third.
    shown(&mut h, "Before round 3 of 30");
    // A quiz question checked wrong.
    h.state_mut().send(Cmd::Quiz(ModelId::Redistribute));
    quiz_ready(&mut h, ModelId::Redistribute);
    type_into(&mut h, "Answer 1", "-1000");
    click(&mut h, "Check 1");
    shown(&mut h, "First tries: 0 of 1 right");
    let quiz = h.state().teach().quiz(ModelId::Redistribute).unwrap();
    let questions = quiz.questions().to_vec();

    let mut r = restarted(&mut h);
    quiz_ready(&mut r, ModelId::Redistribute);
    // The lesson, at the exercise step, with the same moves played.
    let p = r.state().lesson_player().expect("the lesson came back");
    // Back in a lesson is no first start: no first-start card over it.
    assert!(
        !r.state().welcome_shown(),
        "the first-start card is over the lesson"
    );
    assert_eq!(
        (p.lesson().name.as_str(), p.index()),
        ("gil-matias", exercise)
    );
    assert_eq!(p.exercise_score(), score, "the exercise's moves");
    shown(&mut r, "Before round 3 of 30");
    // The quiz: the same questions, the wrong check counted, its reply still there.
    let quiz = r.state().teach().quiz(ModelId::Redistribute).unwrap();
    assert_eq!(quiz.questions(), &questions[..]);
    assert_eq!(quiz.score(), (0, 1));
    shown(&mut r, "First tries: 0 of 1 right");
    shown(&mut r, "Not quite: you said -1000");
    // The question step: still revealed with the reply given, no second Reveal.
    r.state_mut().send(Cmd::LessonStep(asked));
    settle(&mut r);
    let p = r.state().lesson_player().unwrap();
    assert!(p.revealed(), "the reveal was kept");
    assert_eq!(p.reply(), "123456789");
    assert!(r.query_by_label("Reveal").is_none(), "Reveal offered again");
    // A fresh start (no storage) has none of it.
    let fresh = super::common::window(1500.0, 940.0, None);
    assert!(fresh.state().lesson_player().is_none());
}

/// Two tabs of one browser share its storage: the second, opened on the first's state and
/// left idle, does not overwrite the first tab's newer work with what it found (each tab
/// wrote its whole state every two seconds, and the older one's won).
#[test]
fn an_idle_second_tab_does_not_overwrite_the_first_tabs_newer_work() {
    let mut storage = Memory::default();
    let mut first = super::common::window(1500.0, 940.0, None);
    first
        .state_mut()
        .send(Cmd::StartLesson(lesson_named("grs")));
    settle(&mut first);
    eframe::App::save(first.state_mut(), &mut storage);
    let mut second = opened_from(storage.clone());
    assert_eq!(second.state().lesson_player().map(|p| p.index()), Some(0));
    // The first tab goes on; both save, the idle second one last.
    first.state_mut().send(Cmd::LessonStep(3));
    settle(&mut first);
    eframe::App::save(first.state_mut(), &mut storage);
    second.run_steps(3);
    eframe::App::save(second.state_mut(), &mut storage);
    let reopened = opened_from(storage.clone());
    let at = reopened.state().lesson_player().map(|p| p.index());
    assert_eq!(
        at,
        Some(3),
        "the idle tab's old state overwrote the newer work"
    );
    // The second tab's own change is written, as the last one made.
    second.state_mut().send(Cmd::LessonStep(5));
    settle(&mut second);
    eframe::App::save(second.state_mut(), &mut storage);
    let reopened = opened_from(storage);
    assert_eq!(reopened.state().lesson_player().map(|p| p.index()), Some(5));
}

/// A lesson left for another keeps its replies on the shelf: the page's address returning to
/// it (`#lesson=grs`) finds the question answered and revealed, across a restart too; Help ▸
/// Lessons starts it afresh (opening another lesson threw the replies away, and the question
/// could be answered again).
#[test]
fn a_lesson_left_for_another_is_returned_to_with_its_replies() {
    let mut h = super::common::window(1500.0, 940.0, None);
    let grs = lesson_named("grs");
    h.state_mut().send(Cmd::StartLesson(grs));
    settle(&mut h);
    reply_and_reveal(&mut h, "31");
    assert!(h.state().lesson_player().unwrap().revealed());
    h.state_mut().send(Cmd::StartLesson(lesson_named("li")));
    settle(&mut h);
    let mut r = restarted(&mut h);
    let name = |r: &H| r.state().lesson_player().map(|p| p.lesson().name.clone());
    assert_eq!(name(&r).as_deref(), Some("li"));
    r.state_mut().send(Cmd::ReturnToLesson(grs));
    r.state_mut().send(Cmd::LessonStep(0));
    settle(&mut r);
    let p = r.state().lesson_player().unwrap();
    assert_eq!((p.lesson().name.as_str(), p.index()), ("grs", 0));
    assert!(p.revealed(), "the reveal was thrown away");
    assert_eq!(p.reply(), "31");
    shown(&mut r, "Not quite: you said 31");
    // The menu starts it afresh.
    r.state_mut().send(Cmd::StartLesson(grs));
    settle(&mut r);
    let p = r.state().lesson_player().unwrap();
    assert!(
        !p.revealed() && p.reply().is_empty(),
        "the menu's start is not afresh"
    );
}

#[test]
fn a_link_opened_over_a_last_lesson_shelves_it_and_the_lessons_menu_goes_back() {
    // A second tab of the page (or Edit ▸ Paste link) opens a link while a restored lesson
    // plays: the link's run is shown alone, and the lesson waits on the shelf.
    let mut h = super::common::window(1500.0, 940.0, None);
    h.state_mut().send(Cmd::StartLesson(lesson_named("grs")));
    settle(&mut h);
    reply_and_reveal(&mut h, "31");
    h.state_mut().send(Cmd::LessonStep(2));
    settle(&mut h);
    let mut r = restarted(&mut h);
    assert!(r.state().lesson_player().is_some());
    let link = loadlab::link::Shared::new(loadlab::preset::default_preset());
    r.state_mut().send(Cmd::OpenLink(Box::new(link)));
    settle(&mut r);
    assert!(
        r.state().lesson_player().is_none(),
        "the lesson still plays beside the link"
    );
    shown(&mut r, "the lesson is kept");
    lessons_menu(&mut r);
    let entries = r.query_all_by_label_contains("step 3 of 10").count();
    assert_eq!(entries, 1, "one Go back entry for the shelved lesson");
    r.get_by_label_contains("step 3 of 10").click();
    settle(&mut r);
    let p = r
        .state()
        .lesson_player()
        .expect("the menu went back to the lesson");
    assert_eq!((p.lesson().name.as_str(), p.index()), ("grs", 2));
    r.state_mut().send(Cmd::LessonStep(0));
    settle(&mut r);
    let p = r.state().lesson_player().unwrap();
    assert!(
        p.revealed() && p.reply() == "31",
        "the replies were not kept"
    );
}

/// `loadlab gui PRESET` after a session left in a lesson opens the preset alone: the lesson
/// waits on the shelf, where Help ▸ Lessons goes back to it (the Gil–Matias step's question
/// stood beside the tree sweep the command named).
#[test]
fn a_preset_named_at_start_shelves_the_last_lesson() {
    let mut h = super::common::window(1500.0, 940.0, None);
    h.state_mut()
        .send(Cmd::StartLesson(lesson_named("gil-matias")));
    settle(&mut h);
    h.state_mut().send(Cmd::LessonStep(3));
    settle(&mut h);
    let mut storage = Memory::default();
    eframe::App::save(h.state_mut(), &mut storage);
    let preset = loadlab::preset::find_bundled("treesweep-fig-2").unwrap();
    let mut r = opened_on(storage, Some(preset));
    assert!(
        r.state().lesson_player().is_none(),
        "the last lesson still plays beside the preset"
    );
    assert_eq!(r.state().preset().scenario.model(), ModelId::TreeSweep);
    settle(&mut r);
    lessons_menu(&mut r);
    r.get_by_label_contains("step 4 of").click();
    settle(&mut r);
    let p = r.state().lesson_player().expect("back to the lesson");
    assert_eq!((p.lesson().name.as_str(), p.index()), ("gil-matias", 3));
}

/// Help ▸ Lessons ▸ "Go back to where you left" returns to the lesson that was left, by its
/// place on the shelf: a teacher's adaptation of a bundled lesson, opened from a file under
/// the bundled one's title, came back as the bundled lesson, afresh (the menu matched by
/// title), and a lesson opened from a file under its own title was not offered at all.
#[test]
fn go_back_to_where_you_left_returns_to_a_lesson_opened_from_a_file() {
    let mut lesson = loadlab::lesson::find_bundled("grs").unwrap();
    lesson.name = "grs-adapted".into();
    lesson.steps.truncate(2);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("adapted.ron");
    std::fs::write(&file, ron::ser::to_string(&lesson).unwrap()).unwrap();
    let mut h = super::common::window(1500.0, 940.0, None);
    h.state_mut().send(Cmd::OpenPath(file));
    settle(&mut h);
    reply_and_reveal(&mut h, "31");
    h.state_mut().send(Cmd::StartLesson(lesson_named("li")));
    settle(&mut h);
    lessons_menu(&mut h);
    h.get_by_label(&format!("{}, step 1 of 2", lesson.title))
        .click();
    settle(&mut h);
    let p = h.state().lesson_player().unwrap();
    assert_eq!(p.lesson().name, "grs-adapted", "another lesson came back");
    assert!(p.revealed(), "the reveal was thrown away");
    assert_eq!(p.reply(), "31");
    // The li lesson it left waits on the shelf in its turn.
    lessons_menu(&mut h);
    let li = loadlab::lesson::find_bundled("li").unwrap();
    assert!(
        h.query_by_label(&format!("{}, step 1 of {}", li.title, li.steps.len()))
            .is_some()
    );
}

/// Help ▸ Lessons, open.
fn lessons_menu(h: &mut H) {
    super::common::help_submenu(h, "Lessons");
}

/// Waits for the step's answer, then types `reply` and reveals it.
fn reply_and_reveal(h: &mut H, reply: &str) {
    super::common::wait_for_answer(h);
    type_into(h, "Your answer", reply);
    click(h, "Reveal");
    settle(h);
}
