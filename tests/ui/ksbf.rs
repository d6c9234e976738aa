//! The KS-BF workspace driven through its accessibility tree.

use super::common::{settle, shown};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::ksbf::{KsbfParams, Shape};
use loadlab::model::registry::Scenario;
use loadlab::ui::LoadlabApp;
use loadlab::ui::widgets::step_bar::{LABEL_BACK, LABEL_FORWARD};

fn params(h: &Harness<'_, LoadlabApp>) -> KsbfParams {
    match &h.state().preset().scenario {
        Scenario::Ksbf(p) => p.clone(),
        other => panic!("not the KS-BF model: {other:?}"),
    }
}

fn app() -> Harness<'static, LoadlabApp> {
    super::common::app_on("KS-BF on a ring")
}

#[test]
fn pick_the_grid_change_p_and_step() {
    let mut h = app();
    assert_eq!(params(&h), KsbfParams::default());
    // T_6 on R_4 (Table 1): 63 nodes, makespan 22.
    shown(&mut h, "✓ the exact work shares of Theorem 2.1");
    // Pick the grid workload: G_6 has C(7, 2) = 21 nodes.
    h.get_by_role_and_label(Role::ComboBox, "Workload").click();
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, "grid").click();
    settle(&mut h);
    assert_eq!(params(&h).shape, Shape::Grid);
    shown(&mut h, "Theorem 3.1");
    assert!(
        h.query_by_label("N (nodes) = 21").is_some(),
        "N = 21 for G_6"
    );
    // Change p to 3: the numbers follow (rows spread over 3 PEs: W = 6+3, 5+2, 4+1 → makespan 9).
    h.get_by_label("p").set_value_accesskit(3.0);
    settle(&mut h);
    assert_eq!(params(&h).p, 3);
    shown(&mut h, "of 3 PEs busy");
    // Step forward twice and back once.
    h.get_by_label(LABEL_FORWARD).click();
    h.run_steps(2);
    shown(&mut h, "Step 1:");
    // The root ⟨0, 0⟩ ran on P0; its left child stays, its right child ran on P1. A grid node
    // reads as the paper writes it ("P1: 1,0" read as numbers in a list of numbers).
    shown(&mut h, "Running: P0: ⟨0, 1⟩, P1: ⟨1, 0⟩");
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
    shown(&mut h, "of 1 PE busy");
    shown(&mut h, "1 of 1 PE runs the first task of its queue");
    // A tree of height 50 is beyond the limit: n stops at 28 (TREE_N_MAX: heap numbers fit
    // 32 bits; since issue 36 T_28 runs on counts, where its 2^27 ready leaves once needed
    // about 1.1 GB and n stopped at 27).
    h.get_by_label("n").set_value_accesskit(50.0);
    h.run_steps(2);
    assert_eq!(params(&h).n, 28);
    assert!(params(&h).validate().is_ok());
    // Back to a small tree before the (large) run lands.
    h.get_by_label("n").set_value_accesskit(4.0);
    settle(&mut h);
    assert_eq!(params(&h).n, 4);
}

/// Compares the numbers region with the report's figures of the same scenario: every figure
/// has exactly one "name = value" node, and its value is the report's as the table precision
/// writes it (numbers read back to 6 significant digits, integers exactly).
pub(crate) fn numbers_are_the_reports(
    h: &Harness<'_, LoadlabApp>,
    figures: &[loadlab::report::Figure],
) {
    use loadlab::report::Cell;
    // A label's text is its node's value (AccessKit keeps a Label's name there).
    let labels: Vec<String> = h
        .query_all_by_label_contains(" = ")
        .filter_map(|n| {
            let node = n.accesskit_node();
            node.value().or_else(|| node.label())
        })
        .collect();
    assert!(!figures.is_empty());
    for f in figures {
        let prefix = format!("{} = ", f.name);
        let shown: Vec<&str> = labels
            .iter()
            .filter_map(|l| l.strip_prefix(prefix.as_str()))
            .collect();
        let [text] = shown.as_slice() else {
            panic!("{}: {} nodes {shown:?} in {labels:?}", f.name, shown.len());
        };
        let number = || -> f64 {
            super::divisible::read_number(text)
                .unwrap_or_else(|| panic!("{}: {text:?} is not a number", f.name))
        };
        match &f.value {
            Cell::Num(x) if x.is_finite() => {
                let y = number();
                assert!(
                    (y - x).abs() <= 5e-6 * x.abs(),
                    "{}: shown {text}, report {x}",
                    f.name
                );
            }
            Cell::Int(i) => assert_eq!(*text, i.to_string(), "{}", f.name),
            Cell::Bool(b) => assert_eq!(*text, if *b { "yes" } else { "no" }, "{}", f.name),
            Cell::Text(t) => assert_eq!(text, t, "{}", f.name),
            Cell::Empty => assert_eq!(*text, "—", "{}", f.name),
            Cell::Num(x) => assert_eq!(*text, x.to_string(), "{}", f.name),
        }
    }
}

#[test]
fn the_numbers_are_the_reports_figures() {
    use loadlab::model::NoProgress;
    use loadlab::report::ksbf::Parts;
    // A complete tree (every bound and its gap) and random trees (the seed and q).
    for name in ["ksbf-t16-r8", "ksbf-random-trees", "ksbf-two-row-grid"] {
        let preset = loadlab::preset::find_bundled(name).expect("a bundled preset");
        let mut h = super::common::harness(Some(preset));
        settle(&mut h);
        let run = Parts::default().build(&params(&h), &NoProgress).unwrap();
        let figures = run.figures();
        assert!(figures.iter().any(|f| f.key == "makespan"));
        shown(&mut h, "makespan (steps) = ");
        numbers_are_the_reports(&h, &figures);
    }
}
