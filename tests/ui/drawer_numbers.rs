//! The stage drawer's Numbers tab is readable (issue 34, item 3): in presenter mode at
//! 1280 × 720 and 1920 × 1080, for every model, every text of the Numbers tab lies fully
//! inside the drawer sideways (a value is never cut: the tab scrolls down rather than
//! sideways), clear of its scroll bar, and no two texts overlap.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};
use loadlab::model::registry::ModelId;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;

use super::common::settle;

/// The app at `width` × `height` pixels in presenter mode.
fn presenter(width: f32, height: f32) -> Harness<'static, LoadlabApp> {
    let mut h = super::common::window(width, height, None);
    h.state_mut().send(Cmd::Presenter(true));
    h.run_steps(3);
    settle(&mut h);
    h
}

/// The texts (labels) drawn in `room` that are seen in it (partly, at least): label and rect.
pub fn texts_in(h: &Harness<'static, LoadlabApp>, room: egui::Rect) -> Vec<(String, egui::Rect)> {
    h.query_all(by().role(egui::Role::Label))
        .filter(|n| n.accesskit_node().bounding_box().is_some())
        .map(|n| {
            let a = n.accesskit_node();
            let label = a.label().or(a.value()).unwrap_or_default();
            (label, n.rect())
        })
        .filter(|(_, r)| r.is_positive() && room.contains(r.center()))
        .collect()
}

/// Every text in `room` is inside it sideways, and no two overlap.
pub fn readable(texts: &[(String, egui::Rect)], room: egui::Rect, what: &str) {
    assert!(!texts.is_empty(), "{what}: no text in {room:?}");
    for (i, (a, ra)) in texts.iter().enumerate() {
        assert!(
            ra.left() >= room.left() - 1.0 && ra.right() <= room.right() + 1.0,
            "{what}: {a:?} {ra:?} is cut by the drawer {room:?}"
        );
        for (b, rb) in &texts[i + 1..] {
            assert!(
                ra.intersect(*rb).area() < 2.0 || !ra.intersects(*rb),
                "{what}: {a:?} {ra:?} and {b:?} {rb:?} overlap"
            );
        }
    }
}

fn numbers_tab(m: ModelId) {
    for (width, height) in [(1280.0, 720.0), (1920.0, 1080.0)] {
        let mut h = presenter(width, height);
        h.state_mut().send(Cmd::Switch(m));
        settle(&mut h);
        if h.query_by_label("Numbers").is_none() {
            h.get_by_label("«").click();
            settle(&mut h);
        }
        h.get_by_label("Numbers").click();
        settle(&mut h);
        h.run_steps(3);
        let what = format!("{m:?} at {width}×{height}");
        let drawer = h
            .state()
            .drawer_rect()
            .unwrap_or_else(|| panic!("{what}: no drawer"));
        let texts = texts_in(&h, drawer);
        // The figures' values are among them (each "name = value").
        let values = texts.iter().filter(|(l, _)| l.contains(" = ")).count();
        assert!(
            values >= 3,
            "{what}: {values} values in the drawer: {texts:?}"
        );
        readable(&texts, drawer, &what);
        clear_of_the_scroll_bar(&h, drawer, &what);
    }
}

/// Where the tab scrolls (its numbers run below the drawer), every value ("name = value")
/// ends left of the lane of its scroll bar (egui's 10 points at the scrolled region's right
/// edge): they stood right-aligned at that edge, and the floating bar, hovered, was drawn
/// over their last digits.
fn clear_of_the_scroll_bar(h: &Harness<'static, LoadlabApp>, drawer: egui::Rect, what: &str) {
    let texts = texts_in(h, drawer);
    if texts.iter().all(|(_, r)| r.bottom() <= drawer.bottom()) {
        return;
    }
    let values = super::walk_checks::texts(h)
        .into_iter()
        .filter(|t| t.text.contains(" = ") && drawer.contains(t.rect.center()));
    for t in values {
        // The lane at the right of the viewport of the scroll area that holds it.
        let viewport = t
            .clip
            .unwrap_or_else(|| panic!("{what}: {:?} is in no scroll area", t.text));
        let lane = viewport.right() - 10.0;
        assert!(
            t.rect.right() <= lane,
            "{what}: {:?} ends at x = {}, under the scroll bar's lane from x = {lane}",
            t.text,
            t.rect.right()
        );
    }
}

#[test]
fn the_numbers_tab_is_readable_for_redistribution() {
    numbers_tab(ModelId::Redistribute);
}

#[test]
fn the_numbers_tab_is_readable_for_divisible_load() {
    numbers_tab(ModelId::Divisible);
}

#[test]
fn the_numbers_tab_is_readable_for_tree_sweep() {
    numbers_tab(ModelId::TreeSweep);
}

#[test]
fn the_numbers_tab_is_readable_for_ksbf() {
    numbers_tab(ModelId::Ksbf);
}

#[test]
fn the_numbers_tab_is_readable_for_geometric_decay() {
    numbers_tab(ModelId::Geodecay);
}

/// The numbers of a new lesson step start at their top: the Numbers tab kept the last step's
/// scroll, the first rows of the new step out of sight.
#[test]
fn a_new_lesson_step_shows_its_numbers_from_the_top() {
    a_new_lesson_step_shows_the_leaf_from_the_top("grs-treesweep.ron", "Numbers");
}

/// So do its controls: the Controls tab kept the last step's scroll, the instance's first
/// controls (those a step's text names first) out of sight.
#[test]
fn a_new_lesson_step_shows_its_controls_from_the_top() {
    a_new_lesson_step_shows_the_leaf_from_the_top("rrv-redistribute.ron", "Controls");
}

/// `lesson`'s step 1 at 1280 × 720 presenter, the drawer's `tab` scrolled to its end, Page
/// Down: step 2's `tab` shows its first rows where step 1's stood before the scroll. (On the
/// old code rrv's controls stayed scrolled down.)
fn a_new_lesson_step_shows_the_leaf_from_the_top(lesson: &str, tab: &str) {
    let mut h = super::common::stage_lesson(lesson, 1);
    let drawer = h.state().drawer_rect().expect("the drawer");
    // (Whole within the drawer's sides: the picture's caption runs under it.)
    let inside =
        |r: egui::Rect| r.left() >= drawer.left() - 1.0 && r.right() <= drawer.right() + 1.0;
    // Under the drawer's tabs: where the leaf's first row stands when it is not scrolled.
    let tabs = h
        .query_all_by_label("Controls")
        .map(|n| n.rect())
        .filter(|r| inside(*r))
        .map(|r| r.bottom())
        .fold(0.0, f32::max);
    super::common::drawer_tab(&mut h, tab);
    let rows = |h: &Harness<'static, LoadlabApp>| -> Vec<f32> {
        h.query_all(by().role(egui::Role::Label))
            .map(|n| n.rect())
            .filter(|r| r.is_positive() && inside(*r) && r.top() > tabs - 1.0)
            .map(|r| r.top())
            .collect()
    };
    let first = rows(&h).into_iter().fold(f32::INFINITY, f32::min);
    assert!(first < drawer.bottom(), "nothing under the tabs");
    let at_top = |h: &Harness<'static, LoadlabApp>| rows(h).iter().any(|t| (t - first).abs() < 1.0);
    // Scrolled to the end of the step's leaf (its last widget, whatever its kind).
    let last = h
        .query_all(by())
        .filter(|n| n.accesskit_node().bounding_box().is_some())
        .filter(|n| inside(n.rect()) && n.rect().height() < 60.0)
        .max_by(|a, b| a.rect().bottom().total_cmp(&b.rect().bottom()))
        .expect("a widget in the drawer");
    assert!(
        last.rect().bottom() > drawer.bottom(),
        "the {tab} tab fits: nothing to scroll"
    );
    last.scroll_to_me();
    settle(&mut h);
    assert!(!at_top(&h), "the {tab} tab did not scroll");
    h.key_press(egui::Key::PageDown);
    settle(&mut h);
    assert_eq!(h.state().lesson_player().map(|p| p.index()), Some(2));
    super::common::drawer_tab(&mut h, tab);
    assert!(
        at_top(&h),
        "the new step's {tab} tab does not start at its top"
    );
}

/// The ring's vector table scrolls inside the controls: a new lesson step's table starts at
/// P1 (it kept the last step's scroll, P1 and P2 out of sight under the table's header).
#[test]
fn a_new_lesson_step_shows_its_vector_table_from_p1() {
    let mut h = super::common::stage_lesson("rrv-redistribute.ron", 1);
    super::common::drawer_tab(&mut h, "Controls");
    assert!(h.query_by_label("L_1").is_some(), "P1's row at the start");
    // The wheel over the table, to its end (only the rows in sight are laid out).
    h.get_by_label("L_2").hover();
    h.run_steps(2);
    for _ in 0..4 {
        super::common::wheel(&mut h, -60.0, egui::Modifiers::NONE);
        settle(&mut h);
    }
    assert!(
        h.query_by_label("L_5").is_some(),
        "P5's row after the wheel"
    );
    assert!(
        h.query_by_label("L_1").is_none(),
        "the table did not scroll"
    );
    h.key_press(egui::Key::PageDown);
    settle(&mut h);
    assert_eq!(h.state().lesson_player().map(|p| p.index()), Some(2));
    super::common::drawer_tab(&mut h, "Controls");
    assert!(
        h.query_by_label("L_1").is_some(),
        "step 2's table starts below P1"
    );
}
