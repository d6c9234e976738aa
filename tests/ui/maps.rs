//! The shared Map view and Compare A/B (issue 15): open a map, hover a cell, click it, and the
//! workspace holds that instance; pin A, change a parameter, and the table shows both.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::NoProgress;
use loadlab::model::registry::Scenario;
use loadlab::ui::app::{Cmd, View};

use super::common::{app_on, harness, idle_within, settle, shown};

/// The labels on screen containing `text`.
fn labels(h: &egui_kittest::Harness<'_, loadlab::ui::LoadlabApp>, text: &str) -> Vec<String> {
    h.query_all_by_label_contains(text)
        .filter_map(|n| {
            let a = n.accesskit_node();
            a.label().or_else(|| a.value())
        })
        .collect()
}

#[test]
fn a_clicked_cell_loads_its_instance_and_undo_takes_it_back() {
    let mut h = app_on("Tree sweeps\nunder latency τ");
    let before = h.state().preset().scenario;
    h.get_by_label("Map of two parameters").click();
    settle(&mut h);
    shown(&mut h, "Hover a cell");
    let map = h.get_by_label("Heat map");
    map.hover();
    h.run_steps(3);
    let readout = labels(&h, "(click to load)");
    assert_eq!(readout.len(), 1, "{readout:?}");
    // "n = 101, τ = 1000: T* / T_PY = 0.8123  (click to load)": read-outs have 4 significant
    // digits (issue 22), so the values read agree with the instance's to that precision. The
    // parameters and the metric are named as the paper and the axes name them (τ, not the
    // flag's "tau"; T* / T_PY, not the metric's name "ratio").
    let close = |a: f64, b: f64| (a - b).abs() <= 5e-4 * b.abs();
    let text = readout[0].clone();
    let (cell, rest) = text.split_once(": ").unwrap();
    assert!(
        cell.starts_with("n = ") && cell.contains(", τ = "),
        "{text}"
    );
    let value: f64 = rest
        .strip_prefix("T* / T_PY = ")
        .unwrap_or_else(|| panic!("{text}"))
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let pairs: Vec<f64> = cell
        .split(", ")
        .map(|p| p.split_once(" = ").unwrap().1.parse().unwrap())
        .collect();
    // A screen reader reads the cell as a node of its own, as the read-out says it (issue 37).
    let node = h.get_by_label(cell).accesskit_node();
    let said = rest.trim_end_matches("(click to load)").trim();
    assert_eq!(node.value().as_deref(), Some(said), "{text}");
    assert_eq!(node.role(), loadlab::ui::widgets::access::CELL);
    h.get_by_label("Heat map").click();
    settle(&mut h);
    let now = h.state().preset().scenario;
    let Scenario::TreeSweep(p) = &now else {
        panic!("{now:?}")
    };
    assert!(
        close(pairs[0], p.n as f64) && close(pairs[1], p.tau),
        "{text}: {} {}",
        p.n,
        p.tau
    );
    // The value read on the map is the model's own at that instance.
    let direct = loadlab::report::json(&now, &NoProgress).unwrap()["ratio"]
        .as_f64()
        .unwrap();
    assert!(close(value, direct), "{text}: {direct}");
    let digits = rest
        .split_whitespace()
        .nth(2)
        .unwrap_or("")
        .replace(['.', '-'], "");
    assert!(digits.trim_start_matches('0').len() <= 4, "{text}");
    // The map closed on the workspace, which shows the instance; Undo restores the old one.
    assert!(h.query_by_label("Heat map").is_none());
    h.state_mut().send(Cmd::Undo);
    h.run_steps(3);
    assert_eq!(h.state().preset().scenario, before);
}

#[test]
fn pinned_a_and_the_changed_b_are_compared() {
    let mut h = harness(None);
    h.get_by_label("Pin as A").click();
    settle(&mut h);
    shown(&mut h, "B is A");
    h.get_by_role_and_label(Role::Slider, "h")
        .set_value_accesskit(8.0);
    h.run_steps(3);
    settle(&mut h);
    shown(&mut h, "A: the pinned scenario");
    // processors: A has 2^6 − 1 = 63, B 2^9 − 1 = 511; B − A = 448, B ÷ A = 8.111…
    for text in ["B − A", "B ÷ A", "processors", "448", "8.11111"] {
        assert!(!labels(&h, text).is_empty(), "{text} is not shown");
    }
    assert!(h.query_all_by_label("63").next().is_some());
    assert!(h.query_all_by_label("511").next().is_some());
    h.get_by_label("Unpin A").click();
    h.run_steps(3);
    assert!(labels(&h, "B − A").is_empty());
}

#[test]
fn the_map_fits_1280_by_720_for_every_model() {
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1280.0, 720.0))
        .with_max_steps(50)
        .build_eframe(|cc| loadlab::ui::LoadlabApp::new(cc, None));
    settle(&mut h);
    h.get_by_label("Map of two parameters").click();
    settle(&mut h);
    for model in loadlab::model::registry::ModelId::ALL {
        h.state_mut().send(Cmd::Switch(model));
        settle(&mut h);
        shown(&mut h, "Hover a cell");
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 720.0));
        for label in ["Heat map", "Export CSV", "metric", "points"] {
            let r = h.get_all_by_label(label).next().unwrap().rect();
            assert!(
                window.contains_rect(r),
                "{}: {label} at {r:?} is outside the window",
                model.name()
            );
        }
        let map = h.get_by_label("Heat map").rect();
        assert!(map.width() > 800.0 && map.height() > 350.0, "{map:?}");
    }
}

/// With A pinned, the map at 720p in presenter mode keeps its room: the Compare A/B table
/// under it took the lower half and the heat map was not drawn at all.
#[test]
fn the_map_keeps_its_room_with_a_pinned_at_720p_presenter() {
    let mut h = egui_kittest::Harness::builder()
        .with_size(egui::vec2(1280.0, 720.0))
        .with_max_steps(50)
        .build_eframe(|cc| loadlab::ui::LoadlabApp::new(cc, None));
    settle(&mut h);
    h.state_mut().send(Cmd::Presenter(true));
    settle(&mut h);
    h.get_by_label("Pin as A").click();
    settle(&mut h);
    h.get_by_label("Map of two parameters").click();
    settle(&mut h);
    shown(&mut h, "Hover a cell");
    let map = h.get_by_label("Heat map").rect();
    // In points of the presenter's zoom: the window is 1280/1.5 × 720/1.5.
    assert!(map.height() > 150.0, "{map:?}");
    // The table is under the map again where there is room: 1920 × 1080, not presenting.
    h.state_mut().send(Cmd::Presenter(false));
    h.set_size(egui::vec2(1920.0, 1080.0));
    settle(&mut h);
    assert!(!labels(&h, "B ÷ A").is_empty());
}

#[test]
fn gui_view_map_opens_the_map_of_the_presets_model_and_compare_pins_a() {
    // `loadlab gui --view map treesweep-small` = the preset opened, then `Cmd::View(Map)`.
    let preset = loadlab::cli::resolve_preset("treesweep-small").unwrap();
    let mut h = harness(Some(preset.clone()));
    assert!(h.query_by_label("Heat map").is_none());
    h.state_mut().send(Cmd::View(View::Map));
    settle(&mut h);
    shown(&mut h, "Heat map");
    // The default axes of the tree-sweep map: n across, τ up.
    shown(&mut h, "Hover a cell");
    assert_eq!(h.state().preset().scenario, preset.scenario);
    // `--view compare` without a pinned A pins the current scenario as A.
    let model = preset.scenario.model();
    assert!(h.state().pinned(model).is_none());
    h.state_mut().send(Cmd::View(View::Compare));
    settle(&mut h);
    assert_eq!(h.state().pinned(model), Some(&preset.scenario));
    assert!(h.query_by_label("Heat map").is_none());
    shown(&mut h, "B is A");
    shown(&mut h, "B — current");
    // `--view workspace` closes the compare view (A stays pinned, the table under the
    // workspace).
    h.state_mut().send(Cmd::View(View::Workspace));
    settle(&mut h);
    assert!(h.query_by_label_contains("B — current").is_none());
    assert_eq!(h.state().pinned(model), Some(&preset.scenario));
    shown(&mut h, "B is A");
}

/// A workspace's run that finishes while a map is in front is taken in: the status bar stops
/// saying "simulating" (it said so for ever, with Cancel, while nothing ran: the monkey's
/// seed 8 waited 400 s for it).
#[test]
fn a_run_that_ends_under_a_map_leaves_the_status_bar() {
    let mut h = harness(None);
    settle(&mut h);
    for model in loadlab::model::registry::ModelId::ALL {
        h.state_mut().send(Cmd::View(View::Workspace));
        settle(&mut h);
        // The first frame on the model starts its run; the map is in front from the next.
        h.state_mut().send(Cmd::Switch(model));
        h.run_steps(1);
        h.state_mut().send(Cmd::View(View::Map));
        let what = format!("{}: still busy under the map", model.name());
        idle_within(&mut h, 20, &what);
        assert!(h.query_by_label_contains("simulating").is_none());
    }
}

/// A map left while it computes is taken in all the same: the status bar stops saying it
/// computes.
#[test]
fn a_map_left_while_it_computes_leaves_the_status_bar() {
    let mut h = harness(None);
    settle(&mut h);
    for model in loadlab::model::registry::ModelId::ALL {
        h.state_mut().send(Cmd::Switch(model));
        settle(&mut h);
        h.state_mut().send(Cmd::View(View::Map));
        h.run_steps(1);
        h.state_mut().send(Cmd::View(View::Workspace));
        let what = format!("{}: still busy after the map was left", model.name());
        idle_within(&mut h, 20, &what);
    }
}

/// Significant digits of `x` as Rust prints it (its shortest exact form).
fn significant(x: f64) -> usize {
    let text = format!("{}", x.abs());
    let digits = text.replace('.', "");
    let digits = digits.trim_start_matches('0');
    // Trailing zeros of a whole number are not significant, those after a point are none.
    digits.trim_end_matches('0').len()
}

#[test]
fn a_clicked_cell_loads_its_values_at_the_grids_precision() {
    // Issue 34: a click loaded β = 116.01553017399709 into the field and the title.
    for model in [
        loadlab::model::registry::ModelId::Divisible,
        loadlab::model::registry::ModelId::TreeSweep,
    ] {
        let mut h = harness(None);
        h.state_mut().send(Cmd::Switch(model));
        settle(&mut h);
        h.state_mut().send(Cmd::View(View::Map));
        settle(&mut h);
        shown(&mut h, "Hover a cell");
        let map = h.get_by_label("Heat map");
        map.hover();
        h.run_steps(3);
        h.get_by_label("Heat map").click();
        settle(&mut h);
        let reals: Vec<(&str, f64)> = match h.state().preset().scenario {
            Scenario::Divisible(p) => vec![("β", p.beta)],
            Scenario::TreeSweep(p) => vec![("τ", p.tau)],
            other => panic!("{other:?}"),
        };
        for (name, v) in reals {
            assert!(significant(v) <= 4, "{}: {name} = {v}", model.name());
        }
    }
}

/// A ring loaded from the gap lab (its exact search) while the map is open comes to the
/// front with the workspace (it stayed hidden behind the map, which was refused); the map
/// opened again on it halves its default 32 × 32 points until the map fits the limit of
/// work, and says so (it was refused as shipped: "870 cells: more than the limit of 10 s").
#[test]
fn a_ring_loaded_from_the_lab_comes_to_the_front_and_its_map_fits_the_limit() {
    use loadlab::model::redistribute::params::{Algorithm, RedistParams, Study};
    let mut h = harness(None);
    settle(&mut h);
    h.state_mut()
        .send(Cmd::Switch(loadlab::model::registry::ModelId::Redistribute));
    settle(&mut h);
    h.state_mut().send(Cmd::View(View::Map));
    settle(&mut h);
    shown(&mut h, "Hover a cell");
    let params = RedistParams {
        algorithm: Algorithm::Exact,
        study: Study::LpRatio,
        ..RedistParams::default()
    };
    let ring = loadlab::preset::Preset::new("Gap", "A ring", Scenario::Redistribute(params));
    h.state_mut().send(Cmd::ShowScenario(Box::new(ring)));
    // The status bar's word first: it fades after a few seconds of frames, and the ring's
    // runs may take longer than that on a loaded machine.
    shown(&mut h, "Loaded Gap");
    settle(&mut h);
    assert!(
        h.query_by_label("Heat map").is_none(),
        "the map hides the ring"
    );
    h.state_mut().send(Cmd::View(View::Map));
    idle_within(&mut h, 60, "the map of the ring");
    shown(
        &mut h,
        "The default 32 × 32 points would take more than the limit of 10 s of work",
    );
    // (Each halving is estimated again until one fits.)
    shown(&mut h, "Heat map");
    settle(&mut h);
    assert!(h.query_by_label_contains("⚠ map").is_none());
    shown(&mut h, " instead.");
}

/// The map of the exact search's ring (as the gap lab loads it), over the limit at the
/// default 32 × 32 points, once it settled.
fn exact_ring_map() -> egui_kittest::Harness<'static, loadlab::ui::LoadlabApp> {
    use loadlab::model::redistribute::params::{Algorithm, RedistParams, Study};
    let mut h = harness(None);
    let ring = RedistParams {
        algorithm: Algorithm::Exact,
        study: Study::LpRatio,
        ..RedistParams::default()
    };
    let ring = loadlab::preset::Preset::new("Gap", "A ring", Scenario::Redistribute(ring));
    h.state_mut().send(Cmd::ShowScenario(Box::new(ring)));
    settle(&mut h);
    h.state_mut().send(Cmd::View(View::Map));
    idle_within(&mut h, 60, "the map of the ring");
    h
}

/// The points halved to fit the exact search's ring are that ring's: another scenario gets
/// the default 32 × 32 points again (fitted again if need be), and no note about "this
/// instance" of the ring (they stayed halved, and the note spoke of the other instance).
#[test]
fn points_halved_for_one_instance_are_fitted_again_for_the_next() {
    use loadlab::model::redistribute::params::RedistParams;
    let mut h = exact_ring_map();
    shown(&mut h, " instead.");
    let points = |h: &egui_kittest::Harness<'_, loadlab::ui::LoadlabApp>| -> Vec<f64> {
        h.query_all_by_label("points")
            .filter_map(|n| n.accesskit_node().numeric_value())
            .collect()
    };
    assert!(points(&h).iter().all(|&p| p < 32.0), "{:?}", points(&h));
    // Another instance: the default ring of the redistribution model.
    let other = Scenario::Redistribute(RedistParams::default());
    let other = loadlab::preset::Preset::new("Default ring", "", other);
    h.state_mut().send(Cmd::ShowScenario(Box::new(other)));
    settle(&mut h);
    h.state_mut().send(Cmd::View(View::Map));
    idle_within(&mut h, 60, "the map of the default ring");
    shown(&mut h, "Hover a cell");
    assert_eq!(points(&h), [32.0, 32.0]);
    assert!(h.query_by_label_contains(" instead.").is_none());
    assert!(h.query_by_label_contains("on this instance").is_none());
}

/// Points the user typed are theirs: a map over the limit offers to halve them, whether the
/// two axes were typed alike or not (40 typed on both axes was halved to 20 × 20 without a
/// word, as the default axes are, where 40 and 48 offered "Try 20 × 24").
#[test]
fn points_typed_on_both_axes_alike_are_halved_only_on_asking() {
    let mut h = exact_ring_map();
    for axis in 0..2 {
        let f = h
            .query_all_by_label("points")
            .nth(axis)
            .expect("a points field");
        f.focus();
        h.run_steps(2);
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        let f = h
            .query_all_by_label("points")
            .nth(axis)
            .expect("a points field");
        f.type_text("40");
        h.run_steps(1);
        h.key_press(egui::Key::Enter);
        h.run_steps(3);
    }
    idle_within(&mut h, 60, "the map of 40 × 40");
    shown(&mut h, "Try 20 × 20 points");
    let points: Vec<f64> = h
        .query_all_by_label("points")
        .filter_map(|n| n.accesskit_node().numeric_value())
        .collect();
    assert_eq!(points, [40.0, 40.0], "the typed points were halved unasked");
    assert!(h.query_by_label_contains(" instead.").is_none());
    h.get_by_label("Try 20 × 20 points").click();
    idle_within(&mut h, 60, "the map of 20 × 20");
    let points: Vec<f64> = h
        .query_all_by_label("points")
        .filter_map(|n| n.accesskit_node().numeric_value())
        .collect();
    assert_eq!(points, [20.0, 20.0]);
}

/// The x axis' points field of the map.
fn field<'h>(h: &'h egui_kittest::Harness<'_, loadlab::ui::LoadlabApp>) -> egui_kittest::Node<'h> {
    h.query_all_by_label("points").next().expect("the x points")
}

/// A map's points typed beyond what a map takes (256 per axis, as `loadlab map`) are
/// clamped with a note (it stopped at 128 without a word), under the rows of fields: beside
/// the field it pushed the x row's "log" onto the next line, from under the pointer.
#[test]
fn points_typed_beyond_the_limit_are_clamped_with_a_note() {
    let mut h = app_on("Tree sweeps\nunder latency τ");
    h.get_by_label("Map of two parameters").click();
    settle(&mut h);
    field(&h).focus();
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    field(&h).type_text("200");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert_eq!(field(&h).accesskit_node().numeric_value(), Some(200.0));
    assert!(h.query_by_label_contains("⚠ 200").is_none());
    let controls = |h: &egui_kittest::Harness<'_, loadlab::ui::LoadlabApp>| {
        let mut rects: Vec<egui::Rect> = Vec::new();
        for label in ["log", "points", "metric"] {
            rects.extend(h.query_all_by_label(label).map(|n| n.rect()));
        }
        rects
    };
    let before = controls(&h);
    assert_eq!(
        before.len(),
        5,
        "two log boxes, two points fields, the metric"
    );
    field(&h).focus();
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    field(&h).type_text("300");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert_eq!(field(&h).accesskit_node().numeric_value(), Some(256.0));
    shown(
        &mut h,
        "⚠ 300 is outside the values points takes (at least 2, at most 256): it is now 256",
    );
    let note = h.get_by_label_contains("⚠ 300").rect();
    let after = controls(&h);
    // No field or box moves; the note stands under the rows of fields.
    assert_eq!(after, before, "a control moved");
    let metric = after[4];
    assert!(
        note.top() >= metric.bottom(),
        "the note {note:?} is not under the metric {metric:?}"
    );
    h.state_mut().send(Cmd::CancelJobs);
    h.run_steps(2);
}

/// On the stage, pinning A and opening the map leave the drawer where it was: the toolbar's
/// toggles that no longer fit beside the strip go over the picture, not onto a second row
/// across the window (the walk, gao-rosenberg step 4 at 1280 × 720: the toolbar wrapped and
/// Next dropped 34 px under the pointer).
#[test]
fn pinning_a_and_opening_the_map_on_the_stage_move_nothing_under_the_pointer() {
    let mut h = super::common::stage_lesson("gao-rosenberg-ksbf.ron", 3);
    let next = |h: &egui_kittest::Harness<'_, loadlab::ui::LoadlabApp>| {
        let drawer = h.state().drawer_rect().expect("a drawer");
        (drawer, h.get_by_label("Next ▶").rect())
    };
    let before = next(&h);
    h.get_by_label("Pin as A").click();
    settle(&mut h);
    assert_eq!(next(&h), before, "after Pin as A");
    h.get_by_label("Map of two parameters").click();
    settle(&mut h);
    assert_eq!(next(&h), before, "after Map");
    // The toggles are all there still, over the map.
    for toggle in ["Plots panel", "Hide the future", "Your turn"] {
        let r = h.get_by_label(toggle).rect();
        assert!(
            r.right() <= before.0.left(),
            "{toggle} at {r:?} under the drawer"
        );
    }
}

/// A map of one colour says so in words: Algorithm 3's makespan over the best lower bound is 1
/// on every homogeneous bidirectional ring (the default map of `redistribute-12-ring` was one
/// grey field with one tick on its legend, and the status said only "30 × 29 cells, 0 failed").
#[test]
fn a_map_of_one_value_says_so() {
    let preset = loadlab::cli::resolve_preset("redistribute-12-ring").unwrap();
    let mut h = harness(Some(preset));
    h.state_mut().send(Cmd::View(View::Map));
    settle(&mut h);
    idle_within(&mut h, 120, "the map of rings");
    shown(
        &mut h,
        "cells, 0 failed · every cell: makespan / lower bound = 1",
    );
}

/// On a phone (390 × 844) the map's rows wrap rather than widen the view past the screen's
/// edge: the heat map, its colour bar with it, and the export buttons stay on the screen.
#[test]
fn on_a_phone_the_map_and_its_buttons_stay_on_screen() {
    let mut h = super::common::window(390.0, 844.0, None);
    h.state_mut().send(Cmd::View(View::Map));
    settle(&mut h);
    idle_within(&mut h, 600, "the default map");
    let screen = h.ctx.content_rect();
    for label in ["Heat map", "↓ PNG", "↓ SVG", "Export CSV"] {
        let r = h.get_by_label(label).rect();
        assert!(
            r.right() <= screen.right() + 0.5 && r.left() >= screen.left() - 0.5,
            "{label} at {r:?} runs off the screen {screen:?}"
        );
    }
}

/// The metric list says each metric in words, with the name `loadlab map --metric` takes
/// after it: a list of names alone (ratio_p_over_q, speedup_c …) asked a hover of each. The
/// combos write what the heat map's titles write, the paper's symbols; their lists add the
/// names the command line takes.
#[test]
fn the_metric_list_says_each_metric_in_words() {
    let mut h = super::common::harness(None);
    h.state_mut().send(Cmd::View(View::Map));
    settle(&mut h);
    // The axes as they are titled; the list adds the flag where it differs.
    h.get_by_value("β").click();
    h.run_steps(3);
    h.get_by_label("β  beta").click();
    h.run_steps(3);
    h.get_by_value("T_C / T_P").click();
    h.run_steps(3);
    let item = h.get_by_label_contains("T_P / T_Q: the gain of overlapping");
    assert!(
        item.accesskit_node()
            .label()
            .is_some_and(|l| l.ends_with("ratio_p_over_q")),
        "the item does not name its metric"
    );
    item.click();
    settle(&mut h);
    idle_within(&mut h, 600, "the map of T_P / T_Q");
    // Chosen: the combo writes its symbol, its words beside it (less the symbol again).
    assert!(h.query_by_value("T_P / T_Q").is_some());
    shown(&mut h, "the gain of overlapping");
    assert!(
        h.query_all_by_value("the gain of overlapping")
            .next()
            .is_some(),
        "the words beside the combo repeat its symbol"
    );
}

/// At 1280 × 720 in presenter mode with the drawer open, each axis row stands in one line,
/// for every model, the x row under the export buttons: beside them it broke after "to", and
/// its points and log stood on a line of their own; redistribution's y row, its combo
/// reading "max |δ| (max_delta)", put its log on a line of its own.
#[test]
fn the_axis_rows_keep_to_one_line_beside_the_drawer_at_720p_presenter() {
    let mut h = super::common::presenter_720p();
    h.state_mut().send(Cmd::View(View::Map));
    settle(&mut h);
    idle_within(&mut h, 600, "the default map");
    if h.query_by_label("«").is_some() {
        h.get_by_label("«").click();
        settle(&mut h);
    }
    shown(&mut h, "Controls");
    for model in loadlab::model::registry::ModelId::ALL {
        h.state_mut().send(Cmd::Switch(model));
        settle(&mut h);
        // Twice: the x row places itself by the y row's width on the frame before.
        settle(&mut h);
        let name = model.name();
        let logs: Vec<egui::Rect> = h.get_all_by_label("log").map(|n| n.rect()).collect();
        let froms: Vec<egui::Rect> = h.get_all_by_label("from").map(|n| n.rect()).collect();
        assert_eq!(
            (logs.len(), froms.len()),
            (2, 2),
            "{name}: the two axis rows"
        );
        for (from, log) in froms.iter().zip(&logs) {
            assert!(
                (from.center().y - log.center().y).abs() < 4.0,
                "{name}: an axis row wraps: from at {from:?}, log at {log:?}"
            );
        }
        // Under the export buttons, not beside them.
        let png = h.get_by_label("↓ PNG").rect();
        assert!(
            froms[0].top() >= png.bottom(),
            "{name}: x row at {:?} beside ↓ PNG at {png:?}",
            froms[0]
        );
    }
}

/// A range the window cannot map is refused in the window's own words (its fields are "from"
/// and "to", not the command line's LO and HI), and each field has a name of its own for a
/// screen reader.
#[test]
fn a_log_axis_from_zero_is_refused_in_the_window_s_words() {
    let mut h = app_on("Tree sweeps\nunder latency τ");
    h.get_by_label("Map of two parameters").click();
    settle(&mut h);
    for name in ["x from", "x to", "y from", "y to", "CSV file"] {
        assert!(h.query_by_label(name).is_some(), "no field named {name:?}");
    }
    // τ's axis (y) is logarithmic.
    let from = h.get_by_label("y from");
    from.focus();
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("y from").type_text("0");
    h.run_steps(3);
    shown(&mut h, "y: a log axis needs “from” > 0 (got 0)");
    h.state_mut().send(Cmd::CancelJobs);
    h.run_steps(2);
}
