//! "Your turn" on tree sweeps (issue 25): processor 0's top cluster built by clicking the
//! tree's nodes at 1280 × 720 in presenter mode, a wrong node graded with its rule, Undo and
//! Show me, the makespan against T* and T_PY at the end, and the grs lesson's exercise step.
//! Fine-Grain's nodes come from the model's materialised schedule, not from the exercise.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::model::registry::Scenario;
use loadlab::model::treesweep::{Reading, fine_grain_schedule};
use loadlab::preset::Preset;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;

use super::common::{settle, shown};

/// Clicks with the pointer (a widget off screen is missed).
fn click(h: &mut Harness<'static, LoadlabApp>, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(2);
}

/// Fine-Grain's processor-0 nodes of T_5, τ = 2.5, in the order they run.
fn fine_grain_nodes() -> Vec<u64> {
    let (_, trace) = fine_grain_schedule(5, 2.5, Reading::Intended).expect("n ≤ 20");
    trace.iter().map(|s| s.heap.expect("heap") as u64).collect()
}

/// The app at 1280 × 720 in presenter mode (zoom 1.5: about 853 × 480 points) on the small
/// tree (n = 5, τ = 2.5).
fn presenter() -> Harness<'static, LoadlabApp> {
    let small = loadlab::preset::find_bundled("treesweep-small").expect("bundled");
    let mut h = super::common::window(1280.0, 720.0, Some(small));
    h.state_mut().send(Cmd::Presenter(true));
    h.run_steps(3);
    settle(&mut h);
    h
}

#[test]
fn exercise_a_whole_tree_sweep_by_clicking_at_720p_presenter() {
    let mut h = presenter();
    assert_eq!(h.ctx.zoom_factor(), 1.5);
    click(&mut h, "Your turn");
    shown(&mut h, "Score 0 / 9 first tries");
    shown(&mut h, "Click the node processor 0 runs next, v_1");
    let nodes = fine_grain_nodes();
    assert_eq!(nodes.len(), 9);
    // Step 1.1 first; then a wrong leaf (not the leftmost of height 1): rule (b), ringed.
    click(&mut h, &format!("node {}", nodes[0]));
    shown(&mut h, "Right: Step 1.1");
    click(&mut h, "node 19");
    shown(&mut h, "Legal, but not the algorithm's move (rule (b))");
    click(&mut h, "Undo move");
    shown(&mut h, "Click the node processor 0 runs next, v_2");
    // A node whose predecessor's subtree is already touched: illegal, nothing placed.
    click(&mut h, "node 4");
    shown(&mut h, "Illegal — rule broken: the top cluster");
    for &v in &nodes[1..] {
        click(&mut h, &format!("node {v}"));
        shown(&mut h, "Right:");
    }
    shown(&mut h, "Complete — ");
    // Two moves were tried before the right one (node 19 and node 4): 9 − 1 first tries.
    shown(&mut h, "Complete — 8 / 9 first tries right");
    shown(
        &mut h,
        "Done: your clustering's makespan 10 — T* = 10 (Fine-Grain), T_PY = 12",
    );
    shown(
        &mut h,
        "your clustering as it ends follows Fine-Grain throughout (1 first try missed on the way)",
    );
    super::stage::check(&mut h, "720p presenter, tree-sweep exercise");
    // Undo the root (right at its first try: the point stays); Show me plays it (not a first
    // try).
    click(&mut h, "Undo move");
    shown(&mut h, "Score 8 / 9 first tries");
    click(&mut h, "Hint");
    shown(&mut h, "Hint: rule (a)");
    click(&mut h, "Show me");
    shown(&mut h, "Complete — 8 / 9 first tries right");
    click(&mut h, "Restart");
    // The board afresh, the tries and points kept (Restart is Undo of every move).
    shown(&mut h, "Score 8 / 9 first tries");
    // A wait before the next node: the right node, started late.
    h.get_by_label("Wait before the next node")
        .set_value_accesskit(2.0);
    h.run_steps(2);
    click(&mut h, &format!("node {}", nodes[0]));
    shown(
        &mut h,
        "Legal, but not the algorithm's move (start at the AET)",
    );
    shown(&mut h, "you start it at 2, 2 later");
}

/// A wait typed below 0 is clamped with a note under the legend, not silently, and the wait
/// field stays where it was.
#[test]
fn a_negative_wait_is_clamped_with_a_note() {
    let mut h = presenter();
    click(&mut h, "Your turn");
    let wait = "Wait before the next node";
    let field = h.get_by_label(wait).rect();
    super::common::enter_number(&mut h, wait, "-1");
    shown(
        &mut h,
        "⚠ -1 is outside the values “Wait before the next node” takes (at least 0, at most \
         1000000): it is now 0",
    );
    assert_eq!(super::common::number_in(&h, wait), 0.0);
    assert_eq!(h.get_by_label(wait).rect(), field, "the wait field moved");
}

#[test]
fn exercise_a_tall_tree_is_refused_with_its_reason() {
    let mut h = presenter();
    click(&mut h, "Your turn");
    shown(&mut h, "Score 0 / 9");
    // The default tree (n = 12) has too many leaves to click.
    let default = Scenario::TreeSweep(Default::default());
    let preset = Preset::new("default tree", "", default);
    h.state_mut().send(Cmd::Load(Box::new(preset)));
    h.run_steps(3);
    shown(&mut h, "No exercise on this instance: T_12 has 2048 leaves");
}

#[test]
fn exercise_step_of_the_grs_lesson_is_passed_by_playing_it() {
    let mut h = presenter();
    super::common::exercise_step(&mut h, "grs-treesweep.ron");
    shown(&mut h, "Pass mark: 6 first tries — so far 0 / 9");
    for v in fine_grain_nodes() {
        click(&mut h, &format!("node {v}"));
    }
    shown(&mut h, "✓ Passed");
    super::stage::check(&mut h, "720p presenter, grs lesson's exercise step");
}

#[test]
fn a_wrong_moves_verdict_stays_in_the_band_after_the_next_move() {
    let mut h = presenter();
    click(&mut h, "Your turn");
    let nodes = fine_grain_nodes();
    click(&mut h, &format!("node {}", nodes[0]));
    // Legal, but not Fine-Grain's: the board goes on from it.
    click(&mut h, "node 19");
    let wrong = "Legal, but not the algorithm's move (rule (b))";
    shown(&mut h, wrong);
    click(&mut h, "Show me");
    // The newest verdict is Show me's; the wrong move's is in the score's list, not gone.
    let listed = |h: &Harness<'static, LoadlabApp>| h.query_all_by_label_contains(wrong).count();
    assert_eq!(listed(&h), 0, "the band shows the newest verdict only");
    click(&mut h, "Score 1 / 9 first tries");
    assert_eq!(listed(&h), 1, "the wrong move's verdict was lost");
    shown(&mut h, "Your moves' verdicts, the latest first");
    shown(&mut h, "Right: Step 1.1");
    // Restart sets the board afresh, and the list with it.
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    click(&mut h, "Restart");
    click(&mut h, "Score 1 / 9 first tries");
    shown(&mut h, "No move yet");
}
