//! What the lecture walk found on the stage (issue 34), one focused test each: a lesson step
//! restores its own view whether reached by Next, Back or the step counter (items 1 and
//! "state"); the drawer keeps its width and its tab row across its tabs (item 4); Compare's
//! fold switch and the first-start card's lesson list keep what is under the pointer (item 5).

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::lesson::BUNDLED;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::workspace::Region;

use super::common::{presenter_720p, settle, shown};

/// A pointer click at `pos` (pressed, then released in the next frame), then its feedback.
fn click_at(h: &mut Harness<'static, LoadlabApp>, pos: egui::Pos2) {
    h.hover_at(pos);
    h.run_steps(1);
    h.drag_at(pos);
    h.run_steps(1);
    h.drop_at(pos);
    settle(h);
}

/// The centre of the button (not a label) named `label`.
fn button_at(h: &Harness<'static, LoadlabApp>, label: &str) -> egui::Pos2 {
    h.query_all_by_label(label)
        .find(|n| n.accesskit_node().role() != egui::Role::Label)
        .unwrap_or_else(|| panic!("no button {label:?}"))
        .rect()
        .center()
}

/// Whether the "Your turn" switch is on.
fn your_turn(h: &Harness<'static, LoadlabApp>) -> bool {
    h.query_all_by_label("Your turn")
        .filter(|n| n.accesskit_node().role() != egui::Role::Label)
        .any(|n| {
            let a = n.accesskit_node();
            a.toggled() == Some(egui::accesskit::Toggled::True) || a.is_selected() == Some(true)
        })
}

fn drawn(h: &Harness<'static, LoadlabApp>) -> Vec<Region> {
    h.state().drawn().iter().map(|d| d.region).collect()
}

/// rrv's steps as the lesson file has them: 5 is the exercise (Your turn), 6 asks System 6's
/// makespan and shows the ring, 7 points at the plots.
fn rrv() -> (usize, loadlab::lesson::Lesson) {
    let k = BUNDLED
        .iter()
        .position(|b| b.file == "rrv-redistribute.ron")
        .expect("bundled");
    let lesson = BUNDLED[k].lesson().expect("parses");
    assert!(lesson.steps[4].exercise.is_some());
    assert!(lesson.steps[5].exercise.is_none());
    assert!(matches!(
        lesson.steps[6].highlight,
        Some(loadlab::lesson::Highlight::Region(Region::Plots))
    ));
    (k, lesson)
}

#[test]
fn a_lesson_step_restores_its_own_view_by_next_back_or_the_counter() {
    let (k, _) = rrv();
    let mut h = presenter_720p();
    h.state_mut().send(Cmd::StartLesson(k));
    settle(&mut h);
    h.state_mut().send(Cmd::LessonStep(4));
    settle(&mut h);
    shown(&mut h, "Pass mark: 2 first tries");
    assert!(your_turn(&h), "step 5 is an exercise: Your turn is on");
    // Next: step 6 has no exercise — Your turn off, the ring in front.
    let at = button_at(&h, "Next ▶");
    click_at(&mut h, at);
    assert_eq!(h.state().lesson_player().map(|p| p.index()), Some(5));
    assert!(!your_turn(&h), "Your turn stayed on at step 6");
    assert!(
        h.query_by_label_contains("No exercise on this instance")
            .is_none(),
        "step 6 shows no picture, only why it has no exercise"
    );
    assert!(drawn(&h).contains(&Region::Picture), "{:?}", drawn(&h));
    // Next: step 7 points at the plots; Back: step 6 has its picture in front again.
    let at = button_at(&h, "Next ▶");
    click_at(&mut h, at);
    assert!(drawn(&h).contains(&Region::Plots), "{:?}", drawn(&h));
    let at = button_at(&h, "◀ Back");
    click_at(&mut h, at);
    assert_eq!(h.state().lesson_player().map(|p| p.index()), Some(5));
    assert!(
        drawn(&h).contains(&Region::Picture),
        "Back from 7 to 6 kept {:?} in front",
        drawn(&h)
    );
    // Back to the exercise: Your turn on again (the step restores it).
    let at = button_at(&h, "◀ Back");
    click_at(&mut h, at);
    assert!(your_turn(&h), "Back to step 5 left Your turn off");
    // The step counter (a jump from step 1 to 6, as `--lesson-step 6` does).
    h.state_mut().send(Cmd::LessonStep(0));
    settle(&mut h);
    h.state_mut().send(Cmd::LessonStep(5));
    settle(&mut h);
    assert!(!your_turn(&h));
    assert!(drawn(&h).contains(&Region::Picture), "{:?}", drawn(&h));
}

#[test]
fn a_plots_choice_on_one_step_does_not_stay_on_the_next() {
    let (k, _) = rrv();
    let mut h = presenter_720p();
    h.state_mut().send(Cmd::StartLesson(k));
    settle(&mut h);
    h.state_mut().send(Cmd::LessonStep(5));
    settle(&mut h);
    // The presenter brings the plots in front on step 6, then goes on and comes back.
    if h.query_by_label("Plots").is_some() {
        let at = button_at(&h, "Plots");
        click_at(&mut h, at);
        assert!(drawn(&h).contains(&Region::Plots), "{:?}", drawn(&h));
    }
    let at = button_at(&h, "◀ Back");
    click_at(&mut h, at);
    let at = button_at(&h, "Next ▶");
    click_at(&mut h, at);
    assert!(drawn(&h).contains(&Region::Picture), "{:?}", drawn(&h));
}

/// The drawer's width and the rects of its tabs.
fn drawer_row(h: &Harness<'static, LoadlabApp>) -> (f32, Vec<egui::Rect>) {
    let width = h.state().drawer_rect().expect("the drawer is open").width();
    let tabs = ["Lesson", "Controls", "Numbers", "»"]
        .iter()
        .map(|t| button_at(h, t))
        .map(|c| egui::Rect::from_center_size(c, egui::Vec2::ZERO))
        .collect();
    (width, tabs)
}

#[test]
fn the_drawer_keeps_its_width_and_its_tabs_across_its_tabs() {
    // rrv's steps 3 (Algorithm 3's controls) and 6 (a 16-processor ring's) widened it.
    for (file, step) in [
        ("rrv-redistribute.ron", 2),
        ("rrv-redistribute.ron", 5),
        ("li-divisible.ron", 0),
        ("grs-treesweep.ron", 0),
    ] {
        let k = BUNDLED
            .iter()
            .position(|b| b.file == file)
            .expect("bundled");
        let mut h = presenter_720p();
        h.state_mut().send(Cmd::StartLesson(k));
        settle(&mut h);
        h.state_mut().send(Cmd::LessonStep(step));
        settle(&mut h);
        let file = format!("{file} step {}", step + 1);
        let before = drawer_row(&h);
        for tab in ["Controls", "Numbers", "Lesson", "Controls"] {
            let at = button_at(&h, tab);
            click_at(&mut h, at);
            let now = drawer_row(&h);
            assert!(
                (now.0 - before.0).abs() <= 1.0,
                "{file}: the {tab} tab changed the drawer's width from {} to {}",
                before.0,
                now.0
            );
            assert_eq!(now.1, before.1, "{file}: the {tab} tab moved the tab row");
        }
    }
}

#[test]
fn compares_fold_switch_stays_under_the_pointer() {
    let mut h = presenter_720p();
    let i = loadlab::preset::BUNDLED
        .iter()
        .position(|b| b.file == "compare-redistribute-alg3-printed-vs-corrected.ron")
        .expect("bundled");
    h.state_mut().send(Cmd::Bundled(i));
    settle(&mut h);
    shown(&mut h, "Show the plot");
    let at = h.get_by_label_contains("Show the plot").rect().center();
    click_at(&mut h, at);
    shown(&mut h, "log y");
    let fold = h.get_by_label_contains("Show the pictures").rect();
    assert!(
        fold.contains(at),
        "“Show the plot” was at {at:?}, its fold switch is at {fold:?}"
    );
    // The second click at the same place folds them again.
    click_at(&mut h, at);
    shown(&mut h, "Show the plot");
    assert!(h.query_by_label("log y").is_none());
}

#[test]
fn the_first_start_cards_lesson_list_grows_away_from_the_pointer() {
    let mut h = presenter_720p();
    h.state_mut().show_welcome();
    h.run_steps(3);
    let at = button_at(&h, "Show the lessons");
    click_at(&mut h, at);
    let first = BUNDLED[0].lesson().expect("parses");
    shown(&mut h, &first.title);
    let under: Vec<String> = h
        .query_all(egui_kittest::kittest::by().predicate(|_| true))
        .filter(|n| n.accesskit_node().role() == egui::Role::Button && n.rect().contains(at))
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert_eq!(
        under,
        vec!["Show the lessons".to_string()],
        "after the list opened, the pointer is over {under:?}"
    );
    // A second click there folds the list; no lesson started.
    click_at(&mut h, at);
    assert!(h.query_by_label(&first.title).is_none());
    assert!(h.state().lesson_player().is_none());
}
