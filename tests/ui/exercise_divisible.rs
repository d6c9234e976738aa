//! "Your turn" for divisible load (issue 25): the li lesson's exercise step played through the
//! GUI at 1280 × 720 in presenter mode — each level's L_l set on the slider and graded by
//! "Set level", a wrong level marked and undone, the pass mark reached. The right loads come
//! from the model's simulation of method C, never from the grader.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::model::divisible::{AlgorithmChoice, DivisibleParams, Method, simulate};
use loadlab::ui::LoadlabApp;

use crate::common::shown;

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
    let mut h = crate::common::presenter_720p();
    crate::common::exercise_step(&mut h, "li-divisible.ron");
    shown(&mut h, "Pass mark: 3 first tries — so far 0 / 4");
    shown(&mut h, "Level 0 of 3 (1 processor)");
    let v = DivisibleParams {
        h: 3,
        beta: 10.0,
        algorithm: AlgorithmChoice::Only(Method::C),
        ..DivisibleParams::default()
    }
    .validate()
    .expect("valid");
    let loads: Vec<f64> = simulate(Method::C, &v)
        .levels
        .iter()
        .map(|l| l.load)
        .collect();
    // A root that keeps too much: legal, not C's, the level named; Undo takes it back.
    set(&mut h, 0, loads[0] * 1.5);
    click(&mut h, "Set level");
    shown(&mut h, "Legal, but not the algorithm's move (closed-form)");
    shown(&mut h, "L_0 = ");
    shown(&mut h, "is too much");
    click(&mut h, "Undo move");
    shown(&mut h, "Level 0 of 3");
    for (l, &x) in loads.iter().enumerate() {
        shown(&mut h, &format!("Level {l} of 3"));
        set(&mut h, l, x);
        click(&mut h, "Set level");
        shown(&mut h, "Right:");
    }
    shown(&mut h, "Score 4 / 4 first tries — complete ✓");
    shown(&mut h, "every level finishes together");
    shown(&mut h, "✓ Passed");
    crate::stage::check(&mut h, "720p presenter, divisible exercise");
}

#[test]
fn exercise_divisible_show_me_plays_the_method_and_an_illegal_level_names_its_rule() {
    let mut h = crate::common::app_on("Divisible load\non trees & pyramids");
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
    shown(&mut h, "Illegal — rule broken: conservation");
    click(&mut h, "Show me");
    shown(&mut h, "Score 0 / 6 first tries — complete ✓");
    shown(&mut h, "ends at T = ");
}
