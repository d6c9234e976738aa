//! The pictures of issue 14's "still missing" list: KS-BF's ring and tree side by side with the
//! Lemma 1.1 colouring, checked against the model's own run.

use super::common::{settle, shown};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::ksbf::{self, Balance, KsbfParams};
use loadlab::model::registry::Scenario;
use loadlab::ui::LoadlabApp;
use loadlab::ui::widgets::step_bar::LABEL_FORWARD;

fn ks_params(h: &Harness<'_, LoadlabApp>) -> KsbfParams {
    match &h.state().preset().scenario {
        Scenario::Ksbf(p) => p.clone(),
        other => panic!("not the KS-BF model: {other:?}"),
    }
}

#[test]
fn ksbf_split_view_shows_ring_and_tree_and_checks_lemma_1_1() {
    let mut h = super::common::app_on("KS-BF on a ring");
    // T_6 on R_4 under KS-BF (the default).
    assert_eq!(ks_params(&h), KsbfParams::default());
    h.get_by_label("ring + tree").click();
    settle(&mut h);
    // Both drawings at once.
    assert!(h.query_by_label("Ring diagram").is_some(), "no ring");
    assert!(h.query_by_label("Tree diagram").is_some(), "no tree");
    shown(
        &mut h,
        "Lemma 1.1 holds: every node runs on P_(Wgt mod p) (63 of 63",
    );
    // Colour by weight, step: both drawings follow the step.
    h.get_by_label("colour nodes by Wgt mod p").click();
    h.get_by_label(LABEL_FORWARD).click();
    h.run_steps(2);
    shown(&mut h, "Step 1:");
    assert!(h.query_by_label("Ring diagram").is_some());
    assert!(h.query_by_label("Tree diagram").is_some());
    // Random balancing: the line names the first node off its Lemma 1.1 PE, as the model finds it.
    h.get_by_role_and_label(Role::ComboBox, "Balancing").click();
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, "random").click();
    settle(&mut h);
    let q = ks_params(&h);
    assert_eq!(q.balance, Balance::Random);
    let run = ksbf::simulate(&q.validate().unwrap());
    let check = ksbf::lemma11(run.trace.as_ref().unwrap(), q.p);
    let c = check
        .counterexample
        .expect("random balancing breaks Lemma 1.1 here");
    shown(
        &mut h,
        &format!(
            "Lemma 1.1 fails under random balancing: node {} ran on P{}, not P{}",
            c.node,
            c.pe,
            ksbf::lemma_pe(c.node, q.p)
        ),
    );
}

/// A tree deeper than the picture can label (T_12: 4 095 nodes) draws its top eight levels,
/// coloured by PE, and says so; it drew nothing but "The tree is drawn for n ≤ 8".
#[test]
fn ksbf_deep_tree_draws_its_top_levels_and_says_how_many() {
    let mut s = loadlab::model::registry::ModelId::Ksbf.default_scenario();
    let Scenario::Ksbf(p) = &mut s else {
        unreachable!()
    };
    p.n = 12;
    let preset = loadlab::preset::Preset::new("T_12", "", s);
    let mut h = super::common::harness(Some(preset));
    h.get_by_label("tree / grid").click();
    settle(&mut h);
    assert!(h.query_by_label("Tree diagram").is_some(), "no tree");
    // 2^8 − 1 of 2^12 − 1 nodes.
    shown(
        &mut h,
        "The top 8 levels of 12 are drawn (255 of 4095 nodes).",
    );
}

fn ts_valid(h: &Harness<'_, LoadlabApp>) -> loadlab::model::treesweep::Valid {
    match &h.state().preset().scenario {
        Scenario::TreeSweep(p) => p.validate().expect("valid"),
        other => panic!("not the tree-sweep model: {other:?}"),
    }
}

#[test]
fn treesweep_py_steps_its_schedule_and_both_trees_step_together() {
    use loadlab::model::treesweep::{self, py_schedule_for};
    use loadlab::report::format::table_number;
    use loadlab::ui::widgets::step_bar::LABEL_LAST;
    let mut h = super::common::harness(Some(
        loadlab::preset::find_bundled("treesweep-small").expect("bundled"),
    ));
    let v = ts_valid(&h);
    let py = py_schedule_for(&v).expect("n = 5 is materialised");
    let py_nodes = (1..py.processor.len())
        .filter(|&k| py.processor[k] == 0)
        .count();
    // P.Y steppable: one step per node of its processor 0, then the end.
    h.get_by_label("P.Y").click();
    settle(&mut h);
    shown(&mut h, &format!("0/{py_nodes}"));
    // Both: two trees, each titled with its makespan from the model, stepped by time.
    let sol = treesweep::solve(&v, 4096);
    h.get_by_label("both").click();
    settle(&mut h);
    shown(
        &mut h,
        &format!("Fine-Grain (optimal): T* = {}", table_number(sol.t_star)),
    );
    shown(&mut h, &format!("P.Y: T_PY = {}", table_number(sol.t_py)));
    assert_eq!(h.query_all_by_label("Tree diagram").count(), 2);
    // The first time is 0: Fine-Grain's processor 0 starts the leftmost leaf (node
    // 2^(n−1), Step 1.1); P.Y's processor 0 runs S, the ⌊τ + 1⌋ = 3 nodes closest to the
    // root ("Schedule all nodes of S in processor 0"), and waits for its inputs.
    let leaf = 1usize << (v.height() - 1);
    shown(
        &mut h,
        &format!("Fine-Grain's processor 0 runs node {leaf} · P.Y's processor 0 waits"),
    );
    h.get_by_label(LABEL_FORWARD).click();
    h.run_steps(2);
    shown(&mut h, "1/");
    h.get_by_label(LABEL_LAST).click();
    h.run_steps(2);
    shown(
        &mut h,
        &format!(
            "Fine-Grain finished at T* = {}, P.Y at T_PY = {}",
            table_number(sol.t_star),
            table_number(sol.t_py)
        ),
    );
}

#[test]
fn redistribution_names_the_slice_that_binds_on_a_unidirectional_ring() {
    use loadlab::model::redistribute::instance::{Costs, Direction, RingInstance, minimal_loads};
    use loadlab::model::redistribute::params::{Algorithm, RedistParams};
    let mut preset = loadlab::preset::find_bundled("redistribute-12-ring").expect("bundled");
    // δ = (1, −3, 2, 2, −2), c = 1, unidirectional. By hand: the slices' unbalances peak at
    // P_3 + P_4 = 2 + 2 = 4 (every other slice is smaller: e.g. P_3 … P_1 = 3, P_2 … P_4 = 1),
    // so Lemma 1's bound is 4 · c = 4, attained by C_{3,4}, whose surplus leaves over P_4 → P_5.
    let delta = vec![1, -3, 2, 2, -2];
    if let Scenario::Redistribute(RedistParams {
        instance,
        algorithm,
        ..
    }) = &mut preset.scenario
    {
        *instance = RingInstance {
            loads: minimal_loads(&delta),
            delta,
            direction: Direction::Uni,
            costs: Costs::Homogeneous(1.0),
        };
        *algorithm = Algorithm::Alg1;
    }
    let mut h = super::common::harness(Some(preset));
    settle(&mut h);
    shown(
        &mut h,
        "Lemma 1's bound c·max|δ_{k,l}| = 4 is attained by C_{3,4} (P_3 … P_4): δ_{3,4} = 4 items must leave it over P_4 → P_5",
    );
}

/// The value a chart or plot reports (bars drawn, points drawn) through its accessible node.
fn drawn(h: &Harness<'_, LoadlabApp>, label: &str) -> f64 {
    h.get_by_label(label)
        .accesskit_node()
        .numeric_value()
        .unwrap_or_else(|| panic!("{label} reports no value"))
}

#[test]
fn hide_the_future_cuts_the_gantt_bars_the_sweep_plot_and_the_numbers_until_the_end() {
    use egui::Key;
    let mut h = super::common::app_on("Divisible load\non trees & pyramids");
    let gantt = loadlab::ui::widgets::gantt::LABEL_CHART;
    let plot = "plot: divisible_h_plot";
    let all_bars = drawn(&h, gantt);
    let all_points = drawn(&h, plot);
    assert!(all_bars > 0.0 && all_points > 0.0);
    assert!(!h.state().hides_future());
    // H (listed in the shortcuts window) turns it on; the toggle above the workspace shows it.
    h.key_press(Key::H);
    settle(&mut h);
    assert!(h.state().hides_future());
    assert!(h.query_by_label(loadlab::ui::reveal::CAPTION).is_some());
    // Step 0: nothing has happened, no bar; the sweep stops short of this instance's h.
    assert_eq!(drawn(&h, gantt), 0.0);
    let cut = drawn(&h, plot);
    assert!(cut < all_points, "{cut} of {all_points} points");
    shown(&mut h, loadlab::ui::reveal::UNTIL_END);
    // One slot: some bars, not all of them.
    h.key_press(Key::ArrowRight);
    settle(&mut h);
    let some = drawn(&h, gantt);
    assert!(some > 0.0 && some < all_bars, "{some} of {all_bars} bars");
    // The end: everything again, and the numbers.
    h.key_press(Key::End);
    settle(&mut h);
    assert_eq!(drawn(&h, gantt), all_bars);
    assert_eq!(drawn(&h, plot), all_points);
    assert!(
        h.query_all_by_label_contains(loadlab::ui::reveal::UNTIL_END)
            .next()
            .is_none()
    );
    // Off again: the first step shows every bar.
    h.key_press(Key::Home);
    h.key_press(Key::H);
    settle(&mut h);
    assert_eq!(drawn(&h, gantt), all_bars);
}

#[test]
fn the_tau_curve_of_system_6_is_a_plot_choice_on_a_heterogeneous_bidirectional_ring() {
    use loadlab::model::redistribute::system6::solve_system6;
    let preset = loadlab::preset::find_bundled("redistribute-hetero-16").unwrap();
    let inst = match &preset.scenario {
        Scenario::Redistribute(p) => p.instance.clone(),
        other => panic!("{other:?}"),
    };
    let mut h = super::common::harness(Some(preset));
    h.get_by_label("τ(R₁) of System 6").click();
    settle(&mut h);
    // The plot draws the model's curve; the caption names the roundings with the model's τ.
    let sol = solve_system6(&inst);
    let floor = sol.x_rational.floor() as i64;
    let ceil = sol.x_rational.ceil() as i64;
    shown(&mut h, &format!("⌊R₁*⌋ = {floor}: τ = "));
    shown(&mut h, &format!("⌈R₁*⌉ = {ceil}: τ = "));
    shown(&mut h, "★ chosen");
    assert!(drawn(&h, "plot: rd_tau_plot") > 10.0);
    // A homogeneous ring has no System 6 curve to offer.
    let mut h = super::common::harness(loadlab::preset::find_bundled("redistribute-12-ring"));
    assert!(h.query_by_label("τ(R₁) of System 6").is_none());
    h.run_steps(1);
}

/// A plot's crosshair and read-out go when the pointer leaves the plot (a walk reported them
/// staying): moved off it, moved off it with the button held (a pan), and gone from the window.
/// (egui keeps a plot being panned hovered after the pointer left it, and egui_plot reads out
/// what a hovered plot has under the pointer: the app turns its read-out off there.)
#[test]
fn a_plots_readout_goes_when_the_pointer_leaves_it() {
    let mut h = super::common::app_on("Divisible load\non trees & pyramids");
    let plot = h.get_by_label("plot: divisible_h_plot").rect();
    let readouts = |h: &Harness<'_, LoadlabApp>| {
        super::common::painted_texts(h)
            .into_iter()
            .filter(|(t, _)| t.contains("x = ") && t.contains("y = "))
            .count()
    };
    let away = plot.center() + egui::vec2(0.0, plot.height());
    h.hover_at(away);
    h.run_steps(3);
    let none = readouts(&h);
    h.hover_at(plot.center());
    h.run_steps(3);
    assert!(readouts(&h) > none, "hovering the plot reads it out");
    let press = |h: &mut Harness<'_, LoadlabApp>, pos, pressed| {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.run_steps(2);
    };
    press(&mut h, plot.center(), true);
    h.hover_at(plot.center() + egui::vec2(0.0, 0.25 * plot.height()));
    h.run_steps(2);
    h.hover_at(away);
    h.run_steps(3);
    // The plot keeps its place while panned: its legend moved from above it into a corner
    // the pan had freed, and the plot grew by 95 points under the pointer.
    let now = h.get_by_label("plot: divisible_h_plot").rect();
    assert!(
        (now.top() - plot.top()).abs() < 0.5,
        "the plot moved from {plot:?} to {now:?} while panned"
    );
    assert_eq!(
        readouts(&h),
        none,
        "the pointer left the plot, the button held"
    );
    press(&mut h, away, false);
    h.run_steps(2);
    assert_eq!(readouts(&h), none, "the pointer left the plot");
    h.hover_at(plot.center());
    h.run_steps(3);
    assert!(readouts(&h) > none, "hovering the plot again reads it out");
    h.event(egui::Event::PointerGone);
    h.run_steps(3);
    assert_eq!(readouts(&h), none, "the pointer left the window");
}
