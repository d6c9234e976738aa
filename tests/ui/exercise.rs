//! "Your turn" (issue 25): a whole redistribution exercise played by clicking the link
//! handles and Send, an illegal round shown with its rule, Undo and Show me, KS-BF cells,
//! and the picture's room at 1280 × 720 in presenter mode.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::redistribute::alg3::{Alg3Variant, algorithm3_rounds};
use loadlab::model::registry::{ModelId, Scenario};
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;

use super::common::{settle, shown};

fn click(h: &mut Harness<'static, LoadlabApp>, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run_steps(2);
}

fn delta(h: &Harness<'static, LoadlabApp>) -> Vec<i64> {
    match &h.state().preset().scenario {
        Scenario::Redistribute(p) => p.instance.delta.clone(),
        other => panic!("not the redistribution model: {other:?}"),
    }
}

/// Plays the default ring's exercise round by round as Algorithm 3 (corrected) plans it,
/// after one illegal round (P1 sends twice) that is refused with its rule.
fn play_redistribution(h: &mut Harness<'static, LoadlabApp>) {
    h.state_mut().send(Cmd::Switch(ModelId::Redistribute));
    settle(h);
    click(h, "Your turn");
    shown(h, "Score 0 / 4 first tries");
    // Nothing planned: Send is greyed (a stray click spent round 1's first try on a round
    // of no send, graded "(one round less)").
    let send =
        |h: &Harness<'static, LoadlabApp>| h.get_by_label("Send").accesskit_node().is_disabled();
    assert!(send(h), "Send offered with nothing planned");
    // One-port: P1 → P2 and P1 → P12 in one round.
    click(h, "P1 → P2");
    assert!(!send(h), "Send greyed with a send planned");
    click(h, "P1 → P12");
    click(h, "Send");
    shown(h, "Illegal: ");
    shown(h, "one-port violated");
    shown(h, "P1 sends twice");
    click(h, "Undo move");
    let rounds = algorithm3_rounds(&delta(h), Alg3Variant::Corrected).expect("rounds");
    assert_eq!(rounds.len(), 4);
    for (r, sends) in rounds.iter().enumerate() {
        shown(h, &format!("Round {}:", r + 1));
        for s in sends {
            click(h, &format!("P{} → P{}", s.from + 1, s.to + 1));
        }
        click(h, "Send");
        shown(h, "Right:");
    }
    // Round 1's first try was the illegal round: Undo took it back, not its try.
    shown(h, "Complete — 3 / 4 first tries right");
    shown(h, "Balanced in 4 rounds");
    // Undo takes the last round back (its first try was right: the point stays); Show me
    // plays the algorithm's (not a first try).
    click(h, "Undo move");
    shown(h, "Score 3 / 4 first tries");
    click(h, "Show me");
    shown(h, "Complete — 3 / 4 first tries right");
    // Show me says which sends it played (the ring shows only their outcome).
    let sends: Vec<String> = rounds[3]
        .iter()
        .map(|s| format!("P{} → P{}", s.from + 1, s.to + 1))
        .collect();
    shown(h, &format!("The algorithm's move: {} — ", sends.join(", ")));
    // Balanced, the ring has no round left to plan: no link handle is offered.
    assert!(
        h.query_by_label("P1 → P2").is_none(),
        "handles on a balanced ring"
    );
}

#[test]
fn exercise_a_whole_redistribution_by_clicking() {
    let mut h = super::common::window(1500.0, 940.0, None);
    play_redistribution(&mut h);
}

#[test]
fn exercise_at_720p_presenter_keeps_the_picture() {
    let mut h = super::common::presenter_720p();
    play_redistribution(&mut h);
    super::stage::check(&mut h, "720p presenter, redistribution exercise");
    h.state_mut().send(Cmd::Switch(ModelId::Ksbf));
    settle(&mut h);
    shown(&mut h, "Where and when does node 1 run");
    super::stage::check(&mut h, "720p presenter, KS-BF exercise");
}

#[test]
fn exercise_ksbf_cells_are_graded_with_their_rule() {
    let mut h = super::common::app_on("KS-BF on a ring");
    click(&mut h, "Your turn");
    shown(&mut h, "Where and when does node 1 run");
    // The tree by heap numbers says which node "node 2" is.
    let tree = loadlab::ui::widgets::tree::LABEL_TREE;
    assert!(h.query_by_label(tree).is_some(), "no tree beside the grid");
    click(&mut h, "P1, step 0");
    shown(
        &mut h,
        "Illegal: node 1 is the root, and the run starts with the root on P0 at step 0: it \
         runs on P0, not P1",
    );
    click(&mut h, "P0, step 0");
    shown(&mut h, "Right:");
    shown(&mut h, "Where and when does node 2 run");
    // Node 3 is the right child: Send right, to P1.
    click(&mut h, "P0, step 1");
    shown(&mut h, "Right:");
    click(&mut h, "P0, step 1");
    // The reason names the rule ("… Send right, to the clockwise neighbour …"): the head
    // does not again.
    shown(&mut h, "Illegal: node 3 is the right child");
    shown(&mut h, "Send right");
    click(&mut h, "P1, step 1");
    shown(&mut h, "Score 1 / 63 first tries");
    // The grid offers a step per node of T_6, 0 … 62: its width does not give away the
    // makespan (22 on R_4; it drew 24 steps, the makespan and two more).
    assert!(h.query_by_label("P3, step 62").is_some(), "no step 62");
    assert!(h.query_by_label("P0, step 63").is_none(), "a step 63");
    // Played to the end, a cell no longer offers to place a node: it says what it holds.
    for _ in 0..63 {
        if h.query_by_label_contains("Complete —").is_some() {
            break;
        }
        click(&mut h, "Show me");
    }
    shown(&mut h, "Complete —");
    h.get_by_label("P0, step 0").hover();
    h.run_steps(3);
    shown(&mut h, "P0, step 0: node 1 (every node is placed)");
    assert!(h.query_by_label_contains("click to place").is_none());
}

/// A grid workload's exercise draws the grid's nodes where they stand, the next one ringed
/// (a personal instance is a random grid: the student saw only the PE × step table and a
/// prompt naming ⟨k, ℓ⟩ nodes that were nowhere to be seen).
#[test]
fn exercise_ksbf_on_a_random_grid_shows_the_grid() {
    use loadlab::model::ksbf::Shape;
    let mut s = ModelId::Ksbf.default_scenario();
    let Scenario::Ksbf(p) = &mut s else {
        unreachable!()
    };
    (p.shape, p.n, p.p) = (Shape::RandomGrid, 6, 2);
    let preset = loadlab::preset::Preset::new("random grid", "", s);
    let mut h = super::common::harness(Some(preset));
    click(&mut h, "Your turn");
    shown(&mut h, "Where and when does ⟨0, 0⟩ run");
    assert!(
        h.query_by_label("Grid diagram").is_some(),
        "no grid beside the table"
    );
}

/// Undo takes a wrong cell back, not its try: the root played right after it scores nothing
/// (it scored, so every mistake could be undone away before handing in).
#[test]
fn exercise_undo_takes_back_a_move_not_its_first_try() {
    let mut h = super::common::app_on("KS-BF on a ring");
    click(&mut h, "Your turn");
    click(&mut h, "P1, step 0");
    shown(&mut h, "Illegal: node 1 is the root");
    click(&mut h, "Undo move");
    click(&mut h, "P0, step 0");
    shown(&mut h, "Right:");
    shown(&mut h, "Score 0 / 63 first tries");
    // Node 2 at its first try scores; undone, it keeps its point and scores nothing more.
    click(&mut h, "P0, step 1");
    shown(&mut h, "Score 1 / 63 first tries");
    click(&mut h, "Undo move");
    click(&mut h, "P0, step 1");
    shown(&mut h, "Score 1 / 63 first tries");
}

#[test]
fn exercise_step_of_the_ring_lesson_is_passed_by_playing_it() {
    let mut h = super::common::window(1500.0, 940.0, None);
    super::common::exercise_step(&mut h, "rrv-redistribute.ron");
    // The step switched "Your turn" on; the player shows the pass mark.
    shown(&mut h, "Pass mark: 2 first tries — so far 0 / 2");
    let rounds = algorithm3_rounds(&delta(&h), Alg3Variant::Corrected).expect("rounds");
    for sends in &rounds {
        for s in sends {
            click(&mut h, &format!("P{} → P{}", s.from + 1, s.to + 1));
        }
        click(&mut h, "Send");
    }
    shown(&mut h, "✓ Passed");
}

#[test]
fn exercise_geodecay_decisions_show_their_cost_and_the_policies() {
    let mut h = super::common::app_on("Geometric-decaying\nalgorithms");
    click(&mut h, "Your turn");
    shown(&mut h, "Before round 1 of 20");
    click(&mut h, "Balance");
    shown(&mut h, "(standard: ");
    shown(&mut h, "leads at best to");
    for _ in 0..19 {
        click(&mut h, "Show me");
    }
    shown(&mut h, "Done: your time");
    shown(&mut h, "Complete — ");
    click(&mut h, "Undo move");
    shown(&mut h, "Before round 20 of 20");
}

/// While Your turn holds the numbers back, their strip keeps two rows and the picture the
/// exercise is played on the rest; once every move is placed the strip has its own size
/// again (the KS-BF task tree was cut at level 4 above a strip holding one sentence).
#[test]
fn exercise_numbers_strip_gives_its_room_to_the_picture_while_it_waits() {
    use loadlab::ui::widgets::marks;
    use loadlab::ui::workspace::Region;
    let mut h = super::common::window(1280.0, 720.0, None);
    h.state_mut().send(Cmd::Switch(ModelId::Ksbf));
    settle(&mut h);
    let strip = |h: &Harness<'static, LoadlabApp>| {
        marks::latest(&h.ctx, Region::Numbers.key()).expect("the numbers strip")
    };
    let before = strip(&h).height();
    click(&mut h, "Your turn");
    shown(&mut h, "Where and when does node 1 run");
    let body = h.ctx.global_style().text_styles[&egui::TextStyle::Body].size;
    let waiting = strip(&h).height();
    assert!(
        waiting < 4.0 * body && waiting < before,
        "waiting: {waiting} (before {before})"
    );
    // The toolbar's switch (the exercise's header reads "Your turn" too).
    h.get_all_by_label("Your turn").next().unwrap().click();
    h.run_steps(3);
    settle(&mut h);
    assert!((strip(&h).height() - before).abs() < 0.5, "{:?}", strip(&h));
}
