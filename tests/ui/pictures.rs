//! The pictures of issue 14's "still missing" list: KS-BF's ring and tree side by side with the
//! Lemma 1.1 colouring, checked against the model's own run.

use crate::common::{settle, shown};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::model::ksbf::{self, Balance, KsbfParams};
use loadlab::preset::Scenario;
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
    let mut h = crate::common::app_on("KS-BF on a ring");
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
            "Lemma 1.1 fails under random balancing: node {} ran on P_{}, not P_{}",
            c.node,
            c.pe,
            ksbf::lemma_pe(c.node, q.p)
        ),
    );
}
