//! The tree-sweep workspace driven through its accessibility tree.

use super::common::{settle, shown};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::model::registry::Scenario;
use loadlab::model::treesweep::TreeSweepParams;
use loadlab::ui::LoadlabApp;
use loadlab::ui::widgets::step_bar::{LABEL_BACK, LABEL_FORWARD};

fn params(h: &Harness<'_, LoadlabApp>) -> TreeSweepParams {
    match &h.state().preset().scenario {
        Scenario::TreeSweep(p) => p.clone(),
        other => panic!("not the tree-sweep model: {other:?}"),
    }
}

/// The app on the bundled small tree (n = 5, τ = 2.5).
fn app() -> Harness<'static, LoadlabApp> {
    super::common::harness(Some(
        loadlab::preset::find_bundled("treesweep-small").expect("bundled"),
    ))
}

#[test]
fn drag_tau_step_the_cluster_and_switch_to_py() {
    let mut h = app();
    assert_eq!((params(&h).n, params(&h).tau), (5, 2.5));
    // T* = 10 for n = 5, τ = 2.5, confirmed by the exhaustive search (the report's check).
    shown(&mut h, "✓ Fine-Grain is optimal");
    shown(&mut h, "exhaustive 10, Fine-Grain 10");
    shown(&mut h, "Step 1.1: the leftmost leaf starts at time 0");
    // Step the top cluster forward twice, then back once.
    h.get_by_label(LABEL_FORWARD).click();
    h.run_steps(2);
    shown(&mut h, "node 2 of processor 0");
    h.get_by_label(LABEL_FORWARD).click();
    h.run_steps(2);
    shown(&mut h, "node 3 of processor 0");
    // The caption counts as the step bar does: at 2/9 two of the nine nodes are done.
    shown(&mut h, "2 of 9 done · node 3 of processor 0");
    assert!(h.query_by_label("2/9").is_some(), "the step bar's counter");
    h.get_by_label(LABEL_BACK).click();
    h.run_steps(2);
    shown(&mut h, "node 2 of processor 0");
    // End: the final frame shows the finished schedule; one step back is the last node, a
    // boundary node with its height picked by inequality (4).
    h.key_press(egui::Key::End);
    h.run_steps(2);
    shown(&mut h, "every node of T_5 ran");
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(2);
    shown(&mut h, "node 9 of processor 0");
    // Drag τ to 7: the numbers follow (T*(5) at τ = 7 is still confirmed exhaustively).
    h.get_by_role_and_label(Role::Slider, "τ")
        .set_value_accesskit(7.0);
    settle(&mut h);
    assert_eq!(params(&h).tau, 7.0);
    shown(&mut h, "✓ Fine-Grain is optimal");
    // Switch the picture to P.Y.
    h.get_by_label("P.Y").click();
    h.run_steps(3);
    shown(&mut h, "P.Y's top cluster");
}

#[test]
fn tau_one_stops_just_above_one() {
    let mut h = app();
    h.get_by_role_and_label(Role::Slider, "τ")
        .set_value_accesskit(1.0);
    settle(&mut h);
    // τ > 1 is an open bound: the slider gives the next number above 1.
    assert_eq!(params(&h).tau, 1f64.next_up());
    assert!(params(&h).validate().is_ok());
    assert!(
        h.query_all_by_label_contains("Nothing runs")
            .next()
            .is_none()
    );
    shown(&mut h, "✓ Fine-Grain is optimal");
}

#[test]
fn numbers_region_shows_every_figure_of_the_report() {
    use super::divisible::{assert_numbers_are_the_reports, report_figures};
    for preset in ["treesweep-small", "treesweep-fig-2", "treesweep-large"] {
        let mut h = super::common::harness(Some(
            loadlab::preset::find_bundled(preset).expect("bundled"),
        ));
        settle(&mut h);
        let figures = report_figures(&h);
        assert!(figures.iter().any(|f| f.key == "exhaustive_optimal"));
        assert_numbers_are_the_reports(&h, &figures);
    }
}

/// No blank tooltip on the tree: pointing at any leaf of grs step 1 (the future hidden, most
/// nodes not yet reached) shows a tooltip only with something in it (a node left out had an
/// empty one, a blank pill under the pointer).
#[test]
fn no_leaf_of_the_tree_shows_an_empty_tooltip() {
    use egui::{Order, Pos2};
    use loadlab::ui::app::Cmd;
    use loadlab::ui::widgets::tree::LABEL_TREE;
    let k = super::common::bundled_lesson("grs-treesweep.ron");
    let mut h = super::common::presenter_720p();
    h.state_mut().send(Cmd::StartLesson(k));
    settle(&mut h);
    let canvas = h.get_by_role_and_label(Role::Image, LABEL_TREE).rect();
    let y = canvas.bottom() - 17.0;
    let mut tooltips = 0;
    let mut x = canvas.left() + 4.0;
    while x < canvas.right() - 4.0 {
        h.hover_at(Pos2::new(x, y));
        h.run_steps(3);
        let open: Vec<egui::Rect> = h.ctx.memory(|m| {
            m.areas()
                .visible_layer_ids()
                .into_iter()
                .filter(|l| l.order == Order::Tooltip)
                .filter_map(|l| m.area_rect(l.id))
                .collect()
        });
        // (Only the tooltip at the pointer: another layer of that order may linger elsewhere.)
        let pointer = Pos2::new(x, y);
        for tip in open
            .into_iter()
            .filter(|r| r.expand(40.0).contains(pointer))
        {
            tooltips += 1;
            let words = super::walk_checks::texts(&h)
                .into_iter()
                .any(|t| tip.contains_rect(t.rect) && !t.text.trim().is_empty());
            assert!(words, "an empty tooltip {tip:?} at the leaf row, x = {x}");
        }
        x += 4.0;
    }
    assert!(tooltips > 0, "no leaf showed a tooltip");
}

/// The makespans against τ open on log–log axes: at n = 40 one processor's 2^40 − 1 ≈ 10^12
/// stands beside T* = 40-odd at τ = 1, and a linear y axis drew every curve but that one on
/// zero. The limit ρ(τ), a ratio between ½ and 1, keeps a linear y axis.
#[test]
fn the_makespans_against_tau_open_on_log_axes() {
    let axes = |plot| super::common::plot_axes_are_log("treesweep-fig-2", plot);
    assert_eq!(axes("T*, T_PY vs τ"), (true, true));
    assert_eq!(axes("limit ρ(τ) vs τ"), (true, false));
}
