//! "Your turn" for divisible load (issue 25): the li lesson's exercise step played through the
//! GUI at 1280 × 720 in presenter mode — each level's L_l set on the slider and graded by
//! "Set level", a wrong level marked and undone, the pass mark reached. The right loads come
//! from the model's simulation of method C, never from the grader.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::divisible::{AlgorithmChoice, DivisibleParams, Method, simulate};
use loadlab::ui::LoadlabApp;

use super::common::shown;

fn click(h: &mut Harness<'static, LoadlabApp>, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run_steps(2);
}

/// Puts `x` on level `l`'s slider (its rail is named by its caption "L_l =").
fn set(h: &mut Harness<'static, LoadlabApp>, l: usize, x: f64) {
    h.get_by_label(&format!("L_{l} =")).set_value_accesskit(x);
    h.run_steps(2);
}

#[test]
fn exercise_divisible_lesson_step_played_by_setting_each_level_at_720p_presenter() {
    let mut h = super::common::presenter_720p();
    super::common::exercise_step(&mut h, "li-divisible.ron");
    shown(&mut h, "Pass mark: 3 first tries — so far 0 / 4");
    shown(&mut h, "Level 0 of 3 (1 processor)");
    let v = li_lesson_tree();
    let loads: Vec<f64> = simulate(Method::C, &v)
        .levels
        .iter()
        .map(|l| l.load)
        .collect();
    // A root that keeps too much: legal, not C's, the level named; Undo takes it back, not
    // its try.
    set(&mut h, 0, loads[0] * 1.5);
    click(&mut h, "Set level");
    shown(
        &mut h,
        "Legal, but not the algorithm's move (the closed form)",
    );
    shown(&mut h, "L_0 = ");
    shown(&mut h, "is too much");
    click(&mut h, "Undo move");
    shown(&mut h, "Level 0 of 3");
    // The reason stays, marked as taken back.
    shown(
        &mut h,
        "Taken back — Legal, but not the algorithm's move (the closed form)",
    );
    for (l, &x) in loads.iter().enumerate() {
        shown(&mut h, &format!("Level {l} of 3"));
        set(&mut h, l, x);
        click(&mut h, "Set level");
        shown(&mut h, "Right:");
    }
    shown(&mut h, "Complete — 3 / 4 first tries right");
    shown(&mut h, "every level finishes together");
    shown(&mut h, "✓ Passed");
    super::stage::check(&mut h, "720p presenter, divisible exercise");
}

#[test]
fn exercise_divisible_show_me_plays_the_method_and_an_illegal_level_names_its_rule() {
    let mut h = super::common::app_on("Divisible load\non trees & pyramids");
    click(&mut h, "Your turn");
    shown(&mut h, "Level 0 of 5 (1 processor)");
    // The leaves must take exactly what is left: Show me the first five levels, then a
    // leaves' value that leaves load over.
    for _ in 0..5 {
        click(&mut h, "Show me");
    }
    shown(&mut h, "Level 5 of 5");
    set(&mut h, 5, 0.0);
    click(&mut h, "Set level");
    shown(&mut h, "Illegal — rule broken: the leaves take the rest");
    click(&mut h, "Show me");
    shown(&mut h, "Complete — 0 / 6 first tries right");
    shown(&mut h, "ends at T = ");
    // The board has no next move: its move buttons are greyed in their places; Undo move
    // and Restart stay.
    for label in ["Set level", "Hint", "Show me"] {
        let node = h.get_by_label(label);
        assert!(node.accesskit_node().is_disabled(), "{label} still offered");
    }
    for label in ["Undo move", "Restart"] {
        assert!(
            !h.get_by_label(label).accesskit_node().is_disabled(),
            "{label}"
        );
    }
    // Undo takes the last level back: the moves are offered again.
    click(&mut h, "Undo move");
    shown(&mut h, "Level 5 of 5");
    assert!(!h.get_by_label("Show me").accesskit_node().is_disabled());
}

/// No accessible label on screen contains `text`.
fn absent(h: &Harness<'static, LoadlabApp>, text: &str, what: &str) {
    let found: Vec<String> = h
        .query_all_by_label_contains(text)
        .filter_map(|n| n.accesskit_node().label())
        .collect();
    assert!(found.is_empty(), "{what} {text:?} is on screen: {found:?}");
}

#[test]
fn exercise_divisible_hides_the_answer_until_the_end_with_hide_the_future_at_720p_presenter() {
    use loadlab::model::format::{Precision, number};
    let sig = |x| number(x, Precision::Steps);
    use loadlab::ui::app::{Cmd, Switch};
    let mut h = super::common::presenter_720p();
    super::common::exercise_step(&mut h, "li-divisible.ron");
    h.state_mut().send(Cmd::Toggle(Switch::HideFuture));
    h.run_steps(3);
    shown(&mut h, "Level 0 of 3 (1 processor)");
    let v = li_lesson_tree();
    // The answer as C's own simulation has it (never the grader's numbers).
    let t = simulate(Method::C, &v);
    let loads: Vec<f64> = t.levels.iter().map(|l| l.load).collect();
    let t_n = sig(t.finish);
    // Before the first move: the target is the principle, not a number; the method's rows
    // wait (no legend entry for them, the levels read "not set"), and neither T_N nor any
    // L_l is written anywhere.
    shown(&mut h, "aim at every level finishing together");
    shown(&mut h, "not set");
    // The numbers beside the exercise (the drawer's Numbers tab) hold the times back too,
    // until the last move (not the step bar's end: Last » would not show them).
    h.get_by_label("Numbers").click();
    super::common::settle(&mut h);
    shown(
        &mut h,
        "Times, speedups and ratios: — (hidden until every move is placed)",
    );
    assert!(
        h.query_by_label("C's schedule").is_none(),
        "C's rows are in the legend"
    );
    absent(&h, &t_n, "C's T_N");
    absent(&h, "T_N = ", "a T_N value");
    for (l, &x) in loads.iter().enumerate() {
        absent(&h, &sig(x), &format!("C's L_{l}"));
    }
    // Root set: its answer (and with it T_N = βL_0) may show, the deeper levels' not.
    set(&mut h, 0, loads[0]);
    click(&mut h, "Set level");
    shown(&mut h, "Right:");
    shown(&mut h, "Level 1 of 3");
    shown(&mut h, "C's schedule");
    for (l, &x) in loads.iter().enumerate().skip(1) {
        absent(&h, &sig(x), &format!("C's L_{l}"));
    }
    for (l, &x) in loads.iter().enumerate().skip(1) {
        set(&mut h, l, x);
        click(&mut h, "Set level");
        shown(&mut h, "Right:");
    }
    // The end: the comparison with C (its closed form) is on screen, nothing is "not set".
    shown(&mut h, "Complete — 4 / 4 first tries right");
    shown(&mut h, &format!("closed form {t_n}"));
    assert!(
        h.query_by_label("C's schedule").is_some(),
        "C's rows are not in the legend"
    );
    absent(&h, "not set", "a level");
    super::stage::check(
        &mut h,
        "720p presenter, divisible exercise hiding the answer",
    );
}

/// The li lesson's exercise tree (h = 3, β = 10) under method C, validated.
fn li_lesson_tree() -> loadlab::model::divisible::Valid {
    DivisibleParams {
        h: 3,
        beta: 10.0,
        algorithm: AlgorithmChoice::Only(Method::C),
        ..DivisibleParams::default()
    }
    .validate()
    .expect("valid")
}
