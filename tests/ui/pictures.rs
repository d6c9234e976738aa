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

fn ts_valid(h: &Harness<'_, LoadlabApp>) -> loadlab::model::treesweep::Valid {
    match &h.state().preset().scenario {
        Scenario::TreeSweep(p) => p.validate().expect("valid"),
        other => panic!("not the tree-sweep model: {other:?}"),
    }
}

#[test]
fn treesweep_py_steps_its_schedule_and_both_trees_step_together() {
    use loadlab::model::treesweep::{self, py_schedule_for};
    use loadlab::ui::widgets::format_value as fmt;
    use loadlab::ui::widgets::step_bar::LABEL_LAST;
    let mut h = crate::common::harness(Some(
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
        &format!("Fine-Grain (optimal): T* = {}", fmt(sol.t_star)),
    );
    shown(&mut h, &format!("P.Y: T_PY = {}", fmt(sol.t_py)));
    assert_eq!(h.query_all_by_label("Tree diagram").count(), 2);
    // The first time is 0, where both processors 0 start their leftmost leaf (node 2^(n−1)).
    let leaf = 1usize << (v.height() - 1);
    shown(
        &mut h,
        &format!("processor 0 of Fine-Grain runs node {leaf} · of P.Y runs node {leaf}"),
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
            fmt(sol.t_star),
            fmt(sol.t_py)
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
    let mut h = crate::common::harness(Some(preset));
    settle(&mut h);
    shown(
        &mut h,
        "Lemma 1's bound c·max|δ_{k,l}| = 4 is attained by C_{3,4} (P_3 … P_4): δ_{3,4} = 4 items must leave it over P_4 → P_5",
    );
}
