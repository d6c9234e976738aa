//! "Your turn" keeps its controls under the pointer and in reach of the keyboard (issue 34,
//! items 5, 8 and 11), at 1280 × 720 in presenter mode, where verdicts wrap most:
//!
//! * for each model's exercise a control is clicked with the pointer at a screen position
//!   taken before any verdict, the verdict (and a hint) appear, and the next click at the
//!   same position lands on the same control (the move count goes on);
//! * each custom-drawn control (KS-BF grid cells, the ring's send arrows, the tree's nodes)
//!   takes the keyboard focus by Tab, and Space or Enter acts on the focused one.
//!
//! The expected grades come from the papers: the root of a KS-BF tree runs on P_0 at step 0
//! and its children are ready one step later (Gao & Rosenberg); Fine-Grain starts with the
//! leftmost leaf at time 0 (Step 1.1 of Gao, Rosenberg & Sitaraman); a processor sends at
//! most one item per round (one-port, Renard, Robert & Vivien).

use egui::{Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use loadlab::model::registry::ModelId;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;

use super::common::{presenter_720p, settle, shown};

type H = Harness<'static, LoadlabApp>;

/// A press and release of the primary button at `pos`, as a hand on a mouse does it.
fn press_at(h: &mut H, pos: Pos2) {
    h.hover_at(pos);
    h.run_steps(2);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.run_steps(1);
    }
    h.run_steps(3);
}

fn rect(h: &H, label: &str) -> Rect {
    h.get_by_label(label).rect()
}

/// Clicks a band button through the accessibility tree (where it is does not matter here).
fn button(h: &mut H, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run_steps(3);
}

/// No label on screen contains `text`.
fn gone(h: &mut H, text: &str) {
    h.run_steps(2);
    assert!(
        h.query_all_by_label_contains(text).next().is_none(),
        "{text:?} is still shown"
    );
}

/// The app at the projector stage on `model`, "Your turn" switched on.
fn turn(model: ModelId) -> H {
    let mut h = presenter_720p();
    h.state_mut().send(Cmd::Switch(model));
    settle(&mut h);
    button(&mut h, "Your turn");
    h
}

/// Asserts the controls named in `at` are where they were.
fn kept(h: &H, at: &[(&str, Rect)], when: &str) {
    for (label, r) in at {
        let now = rect(h, label);
        assert!(
            (now.min - r.min).length() < 0.5 && (now.max - r.max).length() < 0.5,
            "{label} moved {when}: {r:?} → {now:?}"
        );
    }
}

#[test]
fn exercise_geodecay_go_on_clicked_three_times_in_one_place_decides_three_rounds() {
    let mut h = turn(ModelId::Geodecay);
    shown(&mut h, "Before round 1 of");
    let at = [
        ("Go on", rect(&h, "Go on")),
        ("Balance", rect(&h, "Balance")),
    ];
    let go = at[0].1.center();
    press_at(&mut h, go);
    // The verdict appears (with the policies' choices), and the second decision is asked.
    shown(&mut h, "(standard: ");
    shown(&mut h, "Before round 2 of");
    kept(&h, &at, "after the first verdict");
    press_at(&mut h, go);
    shown(&mut h, "Before round 3 of");
    button(&mut h, "Hint");
    shown(&mut h, "Hint: before round 3");
    kept(&h, &at, "after the hint");
    press_at(&mut h, go);
    shown(&mut h, "Before round 4 of");
    gone(&mut h, "Hint:");
}

#[test]
fn exercise_ksbf_cell_clicked_twice_in_one_place_is_graded_twice() {
    let mut h = turn(ModelId::Ksbf);
    shown(&mut h, "Where and when does node 1 run");
    let cell = ("P0, step 0", rect(&h, "P0, step 0"));
    let other = ("P1, step 3", rect(&h, "P1, step 3"));
    // The root runs on P_0 at step 0.
    press_at(&mut h, cell.1.center());
    shown(&mut h, "Right:");
    shown(&mut h, "Where and when does node 2 run");
    kept(&h, &[cell, other], "after a verdict");
    // Node 2, the root's left child, is ready only from step 1: the same cell is wrong now.
    press_at(&mut h, cell.1.center());
    shown(
        &mut h,
        "Illegal — rule broken: ready the step after its parent",
    );
    button(&mut h, "Hint");
    shown(&mut h, "Hint: ");
    kept(&h, &[cell, other], "after a wrapped verdict and a hint");
    press_at(&mut h, cell.1.center());
    gone(&mut h, "Hint:");
    shown(
        &mut h,
        "Illegal — rule broken: ready the step after its parent",
    );
}

#[test]
fn exercise_ring_arrow_clicked_after_a_refused_round_is_planned_again() {
    let mut h = turn(ModelId::Redistribute);
    shown(&mut h, "Round 1:");
    let at = [
        ("P1 → P2", rect(&h, "P1 → P2")),
        ("P1 → P12", rect(&h, "P1 → P12")),
        ("Send", rect(&h, "Send")),
    ];
    // One-port: P1 sends twice in one round.
    press_at(&mut h, at[0].1.center());
    press_at(&mut h, at[1].1.center());
    shown(&mut h, "Planned: P1 → P2, P1 → P12");
    press_at(&mut h, at[2].1.center());
    shown(&mut h, "Illegal: ");
    shown(&mut h, "one-port violated");
    kept(&h, &at, "after the verdict");
    let refused = |h: &H| {
        super::common::painted_texts(h)
            .iter()
            .any(|(t, _)| t == "refused")
    };
    assert!(refused(&h), "the refused round's arrows are marked");
    press_at(&mut h, at[0].1.center());
    shown(&mut h, "Planned: P1 → P2");
    // The next round's planning: the refused arrows go, the verdict stays.
    assert!(
        !refused(&h),
        "the refused arrows linger among the planned ones"
    );
    shown(&mut h, "Illegal: ");
    shown(&mut h, "one-port violated");
    button(&mut h, "Hint");
    shown(&mut h, "Hint: ");
    kept(&h, &at, "after the hint");
    press_at(&mut h, at[0].1.center());
    shown(&mut h, "Planned: nothing yet");
}

#[test]
fn exercise_tree_root_first_is_graded_and_the_exercise_goes_on() {
    let small = loadlab::preset::find_bundled("treesweep-small").expect("bundled");
    let mut h = presenter_720p();
    h.state_mut().send(Cmd::Load(Box::new(small)));
    settle(&mut h);
    button(&mut h, "Your turn");
    shown(&mut h, "Score 0 / 9 first tries");
    let at = [
        ("node 1", rect(&h, "node 1")),
        ("node 16", rect(&h, "node 16")),
    ];
    // The root first: a valid schedule (both subtrees would run elsewhere), but it would
    // close the cluster at once: refused by "the root last", Step 1.1's move named; the
    // exercise goes on.
    press_at(&mut h, at[0].1.center());
    shown(
        &mut h,
        "Illegal — rule broken: the root last: the root closes processor 0's cluster",
    );
    // T_5 at τ = 2.5: Fine-Grain's top cluster has 9 nodes (the score's "9 first tries").
    shown(&mut h, "here at 1 node (Fine-Grain's has 9)");
    shown(&mut h, "Step 1.1");
    shown(&mut h, "Click the node processor 0 runs next, v_1");
    gone(&mut h, "Complete");
    button(&mut h, "Hint");
    shown(&mut h, "Hint: Step 1.1");
    kept(&h, &at, "after a verdict and a hint");
    press_at(&mut h, at[0].1.center());
    gone(&mut h, "Hint:");
    shown(&mut h, "rule broken: the root last");
    // Step 1.1: the leftmost leaf (heap number 16 of T_5) at time 0, not a first try now.
    press_at(&mut h, at[1].1.center());
    shown(&mut h, "Right: Step 1.1");
    shown(&mut h, "Click the node processor 0 runs next, v_2");
    shown(&mut h, "Score 0 / 9 first tries");
}

#[test]
fn exercise_divisible_set_level_clicked_in_one_place_sets_level_after_level() {
    let mut h = turn(ModelId::Divisible);
    shown(&mut h, "Level 0 of");
    let at = [("Set level", rect(&h, "Set level"))];
    let set = at[0].1.center();
    press_at(&mut h, set);
    shown(&mut h, "Level 1 of");
    kept(&h, &at, "after the first verdict");
    press_at(&mut h, set);
    shown(&mut h, "Level 2 of");
    button(&mut h, "Hint");
    shown(&mut h, "Hint: ");
    kept(&h, &at, "after the hint");
    press_at(&mut h, set);
    shown(&mut h, "Level 3 of");
}

/// Presses Tab until the focused node's label is `label` (at most `tabs` presses).
fn tab_to(h: &mut H, label: &str, tabs: usize) {
    for _ in 0..tabs {
        if focused(h).as_deref() == Some(label) {
            return;
        }
        h.key_press(egui::Key::Tab);
        h.run_steps(1);
    }
    panic!("Tab never reached {label:?} (last: {:?})", focused(h));
}

/// The label of the node with the keyboard focus.
fn focused(h: &H) -> Option<String> {
    h.query_all(By::new().predicate(|n| n.is_focused()))
        .next()
        .and_then(|n| n.accesskit_node().label())
}

#[test]
fn exercise_custom_controls_take_the_focus_and_act_on_space_or_enter() {
    // KS-BF: the grid's first cell, P0 at step 0, where the root runs.
    let mut h = turn(ModelId::Ksbf);
    shown(&mut h, "Where and when does node 1 run");
    tab_to(&mut h, "P0, step 0", 60);
    h.key_press(egui::Key::Space);
    h.run_steps(3);
    shown(&mut h, "Right:");
    shown(&mut h, "Where and when does node 2 run");
    // The ring: the first send arrow, planned by Enter.
    let mut h = turn(ModelId::Redistribute);
    shown(&mut h, "Round 1:");
    tab_to(&mut h, "P1 → P2", 60);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    shown(&mut h, "Planned: P1 → P2");
    // The tree: the first node is the root; Space tries it (refused: the root comes last).
    let small = loadlab::preset::find_bundled("treesweep-small").expect("bundled");
    let mut h = presenter_720p();
    h.state_mut().send(Cmd::Load(Box::new(small)));
    settle(&mut h);
    button(&mut h, "Your turn");
    tab_to(&mut h, "node 1", 80);
    h.key_press(egui::Key::Space);
    h.run_steps(3);
    shown(&mut h, "rule broken: the root last");
}

/// With "Your turn" on (gao-rosenberg step 7), p's slider stops at the 16 PEs the exercise
/// draws: dragged right past its end it reads 16, and the exercise stays playable (a 36-point
/// drag jumped from 2 to 100, and the board gave way to "draws at most 16").
#[test]
fn your_turns_p_slider_stops_where_the_exercise_does() {
    let mut h = super::common::stage_lesson("gao-rosenberg-ksbf.ron", 6);
    super::common::drawer_tab(&mut h, "Controls");
    let p = |h: &Harness<'static, LoadlabApp>| {
        h.query_all_by_label("p")
            .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Slider)
            .expect("p's slider")
            .rect()
    };
    let r = p(&h);
    h.hover_at(r.center());
    h.run_steps(1);
    h.drag_at(r.center());
    h.run_steps(1);
    for dx in [40.0, 120.0, 400.0] {
        h.hover_at(r.center() + egui::vec2(dx, 0.0));
        h.run_steps(1);
    }
    h.drop_at(r.center() + egui::vec2(400.0, 0.0));
    super::common::settle(&mut h);
    let value = h
        .query_all_by_label("p")
        .find_map(|n| n.accesskit_node().numeric_value())
        .expect("p's value");
    assert_eq!(value, 16.0);
    assert!(h.query_by_label_contains("draws at most").is_none());
}

/// The bars of the rounds stand over a cost axis (they had none: a bar's height read as
/// nothing), and a bar's cost is told on hover: n = 2^20 tasks balanced over p = 2^10
/// processors before round 0 make round 0 cost 2^10 = 1024.
#[test]
fn exercise_geodecay_bars_tell_their_cost() {
    let mut h = turn(ModelId::Geodecay);
    let caption = rect(
        &h,
        "Each round's cost (its fullest processor, log scale); a tick above a bar: balanced before it; red: a decision that loses time",
    );
    // Round 0's column: just right of the cost axis (40 points), below the caption.
    h.hover_at(egui::pos2(caption.left() + 43.0, caption.bottom() + 80.0));
    h.run_steps(12);
    shown(&mut h, "Round 0: cost 1024");
}
