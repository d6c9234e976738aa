//! Help ▸ Research: KS-BF on random trees and grids, at the projector stage (1280 × 720,
//! presenter mode): the study runs in the background, its cells are the numbers its printed
//! `loadlab ksbf-study` command gives, "Load" puts a cell's first random workload into the
//! KS-BF workspace, and refused inputs are said below Run as they are typed (Run is off).

use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::ksbf::Shape;
use loadlab::model::registry::{ModelId, Scenario};
use loadlab::ui::LoadlabApp;
use loadlab::ui::ksbf_study::TITLE;

use super::common::{command_json, painted_texts, printed_command, settle, shown, text_of};

type Harness = egui_kittest::Harness<'static, LoadlabApp>;

fn study_window() -> Harness {
    let mut h = super::common::presenter_720p();
    h.get_by_label("Help").click();
    h.run_steps(2);
    h.get_by_label(TITLE).click();
    h.run_steps(3);
    shown(
        &mut h,
        "Nothing run yet: Run simulates KS-BF on 100 random trees",
    );
    h
}

#[test]
fn the_study_shows_its_commands_cells_and_loads_one_at_720p_presenter() {
    let mut h = study_window();
    h.get_by_label("random grids (beside G_n)").click();
    h.run_steps(2);
    let flags = [
        "--shape random-grid",
        "--n 8,10,12",
        "--p 2,4,8,16",
        "--seeds 100",
    ];
    let cmd = printed_command(&h, "Same study:", &flags);
    h.get_by_label("Run").click();
    h.run_steps(3);
    shown(&mut h, "KS-BF on random grids");
    // The command, run, gives the cells the window lists (4 decimals) and the same verdict.
    let v = command_json(&cmd);
    let verdict = v["verdict"].as_str().expect("verdict");
    shown(&mut h, verdict);
    let screen = h.ctx.content_rect();
    let cells = v["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 12);
    let labels: Vec<String> = h
        .query_all_by_label_contains("0.")
        .filter_map(|n| text_of(&n))
        .collect();
    let shares: Vec<String> = h
        .query_all_by_label_contains(" %")
        .filter_map(|n| text_of(&n))
        .collect();
    for c in cells {
        for key in ["mean", "median", "complete_grid", "mean_reached"] {
            let x = format!("{:.4}", c[key].as_f64().unwrap());
            assert!(labels.contains(&x), "{key} {x} of {c} not in {labels:?}");
        }
        // Grids: the share reaching level n − 1, with no closed form beside it.
        assert!(c["reach_probability"].is_null(), "{c}");
        let share = format!("{:.1} %", 100.0 * c["reached"].as_f64().unwrap());
        assert!(shares.contains(&share), "{share} of {c} not in {shares:?}");
    }
    // The first row is on screen.
    // The first row's Load loads the cell's first seed that grows to level n − 1, the one the
    // command's JSON names.
    let seed = cells[0]["first_reached_seed"]
        .as_u64()
        .expect("a seed reaches n − 1");
    let load = h.get_by_label("Load n = 8, p = 2");
    assert!(screen.contains_rect(load.rect()), "{:?}", load.rect());
    load.click_accesskit();
    settle(&mut h);
    assert_eq!(h.state().desk().active, ModelId::Ksbf);
    match &h.state().desk().page().scenario {
        Scenario::Ksbf(p) => {
            assert_eq!((p.shape, p.n, p.p, p.seed), (Shape::RandomGrid, 8, 2, seed));
            assert_eq!(p.spawn_prob, 0.75);
        }
        other => panic!("not KS-BF: {other:?}"),
    }
}

/// Focuses the text field `label`, erases what it holds, types `text`.
fn retype(h: &mut Harness, label: &str, text: &str) {
    let field = || egui::accesskit::Role::TextInput;
    let held = h
        .get_by_role_and_label(field(), label)
        .value()
        .unwrap_or_default();
    h.get_by_role_and_label(field(), label).focus();
    h.run_steps(1);
    for _ in 0..held.chars().count() {
        h.key_press(egui::Key::Backspace);
    }
    h.get_by_role_and_label(field(), label).type_text(text);
}

#[test]
fn refused_studies_are_said_next_to_run() {
    let mut h = study_window();
    // A depth cap that is not a number.
    let n = h.get_by_role_and_label(egui::accesskit::Role::TextInput, "n");
    n.focus();
    n.type_text("x");
    h.run_steps(2);
    shown(&mut h, "n: ");
    assert!(h.get_by_label("Run").accesskit_node().is_disabled());
    let table = h.query_all_by_label_contains("efficiency N / (p");
    assert!(table.count() == 0, "a study ran");
    // 10 000 seeds of trees up to T_12 on 12 cells: beyond the budget, refused at once.
    let n = h.get_by_role_and_label(egui::accesskit::Role::TextInput, "n");
    n.focus();
    h.run_steps(1);
    h.key_press(egui::Key::Backspace);
    h.run_steps(1);
    h.get_by_label("seeds").set_value_accesskit(10_000.0);
    h.run_steps(2);
    shown(&mut h, "seeds: the random-tree study: about");
    assert!(h.get_by_label("Run").accesskit_node().is_disabled());
    h.get_by_label("Run").click();
    h.run_steps(2);
    assert!(h.query_all_by_label_contains("Cancel").next().is_none());
    // Random grids are counted before they run: 30 nearly full cones of G_4000 pass the check
    // (the count fits), and the count refuses them, next to Run, saying how many nodes.
    h.get_by_label("random grids (beside G_n)").click();
    h.get_by_label("seeds").set_value_accesskit(30.0);
    h.get_by_label("q").set_value_accesskit(0.95);
    retype(&mut h, "n", "4000");
    retype(&mut h, "p", "16");
    h.run_steps(2);
    shown(
        &mut h,
        "Same study: `loadlab ksbf-study --shape random-grid --n 4000 --p 16",
    );
    h.get_by_label("Run").click();
    shown(&mut h, "seeds: the random-grid study (");
    assert!(
        h.query_all_by_label_contains("nodes, counted")
            .next()
            .is_some()
    );
    assert!(h.query_all_by_label_contains("Load n =").next().is_none());
    // Other inputs: the refusal, which spoke of these, goes.
    h.get_by_label("seeds").set_value_accesskit(29.0);
    h.run_steps(2);
    let stale = h.query_all_by_label_contains("nodes, counted").next();
    assert!(stale.is_none());
}

#[test]
fn the_study_plots_along_n_or_p_with_the_galton_watson_line_for_trees() {
    let mut h = study_window();
    h.get_by_label("Run").click();
    h.run_steps(3);
    // (The window's title names random trees too: wait for the study's table.)
    shown(&mut h, "Load n = 8, p = 2");
    h.get_by_label("Plot").click_accesskit();
    h.run_steps(3);
    // Along n at the first ring size (p = 2): the curves' legend, painted on screen, the
    // trees' closed form among them; the verdict stays with the table.
    shown(&mut h, "at p =");
    let screen = h.ctx.content_rect();
    let legend = |h: &Harness| -> Vec<String> {
        let texts = painted_texts(h);
        for (text, r) in &texts {
            assert!(screen.contains_rect(*r), "{text:?} at {r:?}");
        }
        texts.into_iter().map(|t| t.0).collect()
    };
    let names = legend(&h);
    for name in [
        "random trees: mean",
        "reaching level n − 1: mean",
        "T_n",
        "Theorem 1.1 on T_n",
        "share reaching level n − 1",
        "Galton–Watson P(reach)",
    ] {
        assert!(names.iter().any(|t| t == name), "{name} not in {names:?}");
    }
    assert!(h.query_all_by_label_contains("In 0 of").next().is_none());
    // The n axis (depth caps 8, 10, 12) ticks whole numbers only, no 8.5: its labels are the
    // numbers painted on the row of its last, 12 (the main window's plots lie behind).
    let numbers: Vec<(f64, f32)> = painted_texts(&h)
        .into_iter()
        .filter_map(|(t, r)| Some((t.parse::<f64>().ok()?, r.center().y.round())))
        .collect();
    let axis_y = numbers
        .iter()
        .find(|n| n.0 == 12.0)
        .expect("n = 12 labelled")
        .1;
    let n_ticks: Vec<f64> = numbers
        .iter()
        .filter(|n| n.1 == axis_y)
        .map(|n| n.0)
        .collect();
    assert!(n_ticks.len() >= 3, "{numbers:?}");
    assert!(n_ticks.iter().all(|v| v.fract() == 0.0), "{n_ticks:?}");
    // Along p: the fixed variable becomes n.
    let along_p = h
        .query_all_by_label("p")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
        .expect("the along-p choice");
    along_p.click_accesskit();
    h.run_steps(2);
    shown(&mut h, "at n =");
    // Random grids have no closed form of the share: no such curve.
    h.get_by_label("random grids (beside G_n)").click();
    h.run_steps(2);
    h.get_by_label("Run").click();
    h.run_steps(3);
    let t0 = std::time::Instant::now();
    while !legend(&h).iter().any(|t| t == "Theorem 1.1 on G_n") {
        assert!(
            t0.elapsed().as_secs() < 30,
            "the grid study's plot is not shown"
        );
        h.run_steps(1);
    }
    assert!(!legend(&h).iter().any(|t| t.contains("Galton–Watson")));
    // Back to the table: the verdict and the rows.
    h.get_by_label("Table").click();
    h.run_steps(2);
    shown(&mut h, "Load n = 8, p = 2");
}

/// q typed as "nan" keeps its value, as "abc" does (it became 1.000: egui's range put NaN
/// above every number).
#[test]
fn q_typed_as_nan_keeps_its_value() {
    let mut h = study_window();
    h.get_by_label("q").set_value_accesskit(0.95);
    h.run_steps(2);
    super::common::enter_number(&mut h, "q", "nan");
    assert_eq!(super::common::number_in(&h, "q"), 0.95);
    shown(&mut h, "--spawn-prob 0.95 ");
}

/// A value typed beyond what the study takes is clamped with a note under its row, as in the
/// other labs (q = 7 became 1 without a word; the seeds stopped at 10 000 where
/// `loadlab ksbf-study` takes 100 000).
#[test]
fn numbers_typed_beyond_the_study_s_limits_are_clamped_with_a_note() {
    let mut h = study_window();
    // (A field widens with the digits it holds: the rows' heights are what a note moved.)
    let fields = |h: &Harness| -> Vec<f32> {
        ["q", "seeds", "first seed", "n", "p"]
            .iter()
            .map(|l| h.get_by_label(l).rect().top())
            .collect()
    };
    let before = fields(&h);
    for (label, typed, now, note) in [
        (
            "q",
            "7",
            1.0,
            "⚠ 7 is outside the values q takes (at least 0, at most 1): it is now 1",
        ),
        (
            "seeds",
            "200000",
            100_000.0,
            "⚠ 200000 is outside the values seeds takes (at least 1, at most 100000): it is \
             now 100000",
        ),
    ] {
        super::common::enter_number(&mut h, label, typed);
        assert_eq!(super::common::number_in(&h, label), now, "{label}");
        shown(&mut h, note);
        // The notes stand under the rows of fields: no row of them moves down.
        assert_eq!(fields(&h), before, "a row moved with {label}'s note");
    }
}
