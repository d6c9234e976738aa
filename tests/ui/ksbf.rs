//! The KS-BF workspace driven through its accessibility tree.

use crate::common::{settle, shown};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::model::ksbf::{KsbfParams, Shape};
use loadlab::preset::Scenario;
use loadlab::ui::LoadlabApp;
use loadlab::ui::widgets::step_bar::{LABEL_BACK, LABEL_FORWARD};

fn params(h: &Harness<'_, LoadlabApp>) -> KsbfParams {
    match &h.state().preset().scenario {
        Scenario::Ksbf(p) => p.clone(),
        other => panic!("not the KS-BF model: {other:?}"),
    }
}

fn app() -> Harness<'static, LoadlabApp> {
    crate::common::app_on("KS-BF on a ring")
}

#[test]
fn pick_the_grid_change_p_and_step() {
    let mut h = app();
    assert_eq!(params(&h), KsbfParams::default());
    // T_6 on R_4 (Table 1): 63 nodes, makespan 22.
    shown(&mut h, "✓ exact work shares");
    // Pick the grid workload: G_6 has C(7, 2) = 21 nodes.
    h.get_by_role_and_label(Role::ComboBox, "Workload").click();
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, "grid").click();
    settle(&mut h);
    assert_eq!(params(&h).shape, Shape::Grid);
    shown(&mut h, "Theorem 3.1");
    let cell = |h: &Harness<'_, LoadlabApp>, v: &str| h.query_all_by_label(v).next().is_some();
    assert!(cell(&h, "21"), "N = 21 for G_6");
    // Change p to 3: the numbers follow (rows spread over 3 PEs: W = 6+3, 5+2, 4+1 → makespan 9).
    h.get_by_label("p").set_value_accesskit(3.0);
    settle(&mut h);
    assert_eq!(params(&h).p, 3);
    shown(&mut h, "of 3 PEs busy");
    // Step forward twice and back once.
    h.get_by_label(LABEL_FORWARD).click();
    h.run_steps(2);
    shown(&mut h, "Step 1:");
    h.get_by_label(LABEL_FORWARD).click();
    h.run_steps(2);
    shown(&mut h, "Step 2:");
    h.get_by_label(LABEL_BACK).click();
    h.run_steps(2);
    shown(&mut h, "Step 1:");
}

#[test]
fn zero_processors_stops_at_one_and_n_follows_the_workload() {
    let mut h = app();
    h.get_by_label("p").set_value_accesskit(0.0);
    settle(&mut h);
    assert_eq!(params(&h).p, 1);
    shown(&mut h, "of 1 PEs busy");
    // A tree of height 50 is beyond the memory limit: n stops at 27 (the budget: T_28's
    // 2^27 ready leaves would need about 1.1 GB).
    h.get_by_label("n").set_value_accesskit(50.0);
    h.run_steps(2);
    assert_eq!(params(&h).n, 27);
    assert!(params(&h).validate().is_ok());
    // Back to a small tree before the (large) run lands.
    h.get_by_label("n").set_value_accesskit(4.0);
    settle(&mut h);
    assert_eq!(params(&h).n, 4);
}
