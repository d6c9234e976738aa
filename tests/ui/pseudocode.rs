//! The pseudo-code pane (issue 14): stepping highlights the lines the step executes (a label
//! starting with "▶"), for Algorithm 3 in both readings, Fine-Grain and method ℂ, and the why
//! carries the instance's numbers.

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::divisible::{AlgorithmChoice, DivisibleParams, Method};
use loadlab::model::redistribute::params::{Algorithm, RedistParams};
use loadlab::model::registry::Scenario;
use loadlab::preset::{Preset, find_bundled};
use loadlab::ui::LoadlabApp;

use super::common::{settle, shown};

/// The app at 1280 × 720 opened on `preset`, the pseudo-code put beside the picture (on this
/// narrow window it is otherwise a strip under it).
fn open(preset: Preset) -> Harness<'static, LoadlabApp> {
    let mut h = super::common::window(1280.0, 720.0, Some(preset));
    // The strip shows the why and the active lines' labels only.
    assert!(active(&h).is_empty());
    h.get_by_label("Pseudo-code beside ▸").click();
    settle(&mut h);
    h
}

/// The step labels of the highlighted lines (labels "▶ <step>  <text>").
fn active(h: &Harness<'_, LoadlabApp>) -> Vec<String> {
    h.query_all_by_label_contains("▶")
        .filter_map(|n| {
            let node = n.accesskit_node();
            let label = node.label().or_else(|| node.value())?;
            let rest = label.strip_prefix("▶")?.trim_start();
            Some(rest.split("  ").next()?.trim().to_owned())
        })
        .collect()
}

fn forward(h: &mut Harness<'_, LoadlabApp>, times: usize) {
    for _ in 0..times {
        h.key_press(Key::ArrowRight);
        h.run_steps(2);
    }
    settle(h);
}

fn has(h: &Harness<'_, LoadlabApp>, steps: &[&str]) -> bool {
    let a = active(h);
    steps.iter().all(|s| a.iter().any(|x| x == s))
}

/// The 12-processor ring of the bundled preset, with `algorithm`.
fn ring(algorithm: Algorithm) -> Preset {
    let mut p = find_bundled("redistribute-12-ring").unwrap();
    if let Scenario::Redistribute(RedistParams { algorithm: a, .. }) = &mut p.scenario {
        *a = algorithm;
    }
    p
}

#[test]
fn algorithm_3_corrected_highlights_the_steps_of_each_round() {
    let mut h = open(ring(Algorithm::Alg3));
    // Round 1: only P5 (δ = −4) attains δ_max = 4: Step 24 makes P4 send to it, and P4
    // (δ = 0, not receiving) is fed by P3 — loadlab's Step 32.
    shown(&mut h, "Why: δ_max = 4");
    let a = active(&h);
    for s in ["1", "2", "22", "23", "24", "32"] {
        assert!(
            a.contains(&s.to_owned()),
            "round 1: {s} not highlighted in {a:?}"
        );
    }
    for s in ["4", "5", "6", "12"] {
        assert!(
            !a.contains(&s.to_owned()),
            "round 1: {s} highlighted in {a:?}"
        );
    }
    shown(&mut h, "P5 (-4)");
    // Round 3: δ_max = 2, the special rules: Steps 12 and 14, not Steps 4–6.
    forward(&mut h, 2);
    shown(&mut h, "Why: δ_max = 2");
    assert!(has(&h, &["10", "11", "12", "13", "14"]), "{:?}", active(&h));
    assert!(!has(&h, &["4"]), "{:?}", active(&h));
    // Round 4: δ_max = 1, Steps 4–6 for the slice of +2.
    forward(&mut h, 1);
    shown(&mut h, "Why: δ_max = 1");
    assert!(has(&h, &["3", "4", "5", "6"]), "{:?}", active(&h));
    assert!(!has(&h, &["12"]), "{:?}", active(&h));
    // The end: Step 2 stops the recursion.
    forward(&mut h, 1);
    shown(&mut h, "Step 2 stops");
    assert_eq!(active(&h), ["2"]);
}

#[test]
fn algorithm_3_as_printed_has_no_feeding_line() {
    let mut h = open(ring(Algorithm::Alg3Literal));
    shown(&mut h, "Algorithm 3 as printed");
    shown(&mut h, "Why: δ_max = 4");
    // As printed, round 1 only runs Step 24 (P4 must send an item it does not hold).
    assert!(has(&h, &["22", "23", "24"]), "{:?}", active(&h));
    assert!(!has(&h, &["32"]));
    assert!(h.query_by_label_contains("feeding: a P_i").is_none());
    // Round 2: P1 (+3) by Step 21, P5 (−3) by Step 24, and a slice of +5 by Steps 5 and 6.
    forward(&mut h, 1);
    shown(&mut h, "Why: δ_max = 3");
    assert!(has(&h, &["4", "5", "6", "21", "24"]), "{:?}", active(&h));
}

#[test]
fn fine_grain_highlights_step_1_1_then_rule_b_then_rule_a() {
    let mut h = open(find_bundled("treesweep-small").unwrap());
    shown(&mut h, "Algorithm Fine-Grain");
    assert!(has(&h, &["1", "1.1"]), "{:?}", active(&h));
    assert!(!has(&h, &["(4)"]));
    // n = 5, τ = 2.5: after the leftmost leaf nothing is eligible; inequality (4) holds for
    // ℓ = 1 (0 ≤ T*(1) + τ − 2 = 1.5): its sibling leaf, at time 1.
    forward(&mut h, 1);
    assert!(has(&h, &["1.2(b)", "(4)"]), "{:?}", active(&h));
    shown(&mut h, "inequality (4) with ℓ = 1");
    shown(&mut h, "≤ T*(1) + τ − 2 = 1 + 2.5 − 2 = 1.5");
    // Then their parent is eligible: rule (a), at time 2.
    forward(&mut h, 1);
    assert!(has(&h, &["1.2(a)"]), "{:?}", active(&h));
    assert!(!has(&h, &["(4)"]));
    shown(&mut h, "AET = 1 + 1 = 2");
}

#[test]
fn method_c_highlights_send_compute_receive_then_equal_finish() {
    let params = DivisibleParams {
        h: 3,
        algorithm: AlgorithmChoice::Only(Method::C),
        ..DivisibleParams::default()
    };
    let mut h = open(Preset::new("C", "", Scenario::Divisible(params)));
    shown(&mut h, "Method C");
    assert_eq!(active(&h), ["1"]);
    // The first interval: the root sends α to each child and computes; level 1 receives.
    forward(&mut h, 1);
    assert!(has(&h, &["2", "3", "4"]), "{:?}", active(&h));
    assert!(!has(&h, &["5"]));
    shown(&mut h, "level 0 sends each child");
    // The last interval: everyone finishes together.
    h.key_press(Key::End);
    h.run_steps(2);
    settle(&mut h);
    assert!(has(&h, &["5"]), "{:?}", active(&h));
}

#[test]
fn strip_under_the_picture_on_a_narrow_window() {
    let preset = find_bundled("treesweep-small").unwrap();
    let mut h = super::common::window(1280.0, 720.0, Some(preset));
    shown(&mut h, "Algorithm Fine-Grain — pseudo-code lines 1, 1.1");
    // A click on the one-row why unfolds it whole above the strip; another folds it back.
    let why = |h: &Harness<'_, LoadlabApp>| -> Vec<egui::Rect> {
        h.query_all_by_label_contains("Why: ")
            .map(|n| n.rect())
            .collect()
    };
    let line = why(&h);
    assert_eq!(line.len(), 1, "{line:?}");
    h.get_by_label_contains("Why: ").click();
    h.run_steps(3);
    let both = why(&h);
    assert_eq!(both.len(), 2, "the whole why is not shown: {both:?}");
    let whole = both.iter().find(|r| **r != line[0]).unwrap();
    assert!(
        whole.bottom() <= line[0].top() + 1.0,
        "{whole:?} covers {line:?}"
    );
    assert!(h.ctx.content_rect().contains_rect(*whole), "{whole:?}");
    h.query_all_by_label_contains("Why: ")
        .find(|n| n.rect() == *whole)
        .unwrap()
        .click();
    h.run_steps(3);
    assert_eq!(why(&h).len(), 1);
    // Its button puts the whole pseudo-code beside the picture, the plots taking turns.
    h.get_by_label("Pseudo-code beside ▸").click();
    settle(&mut h);
    assert!(has(&h, &["1", "1.1"]), "{:?}", active(&h));
    assert!(h.query_by_label("Plots").is_some(), "the In front: switch");
    // And back to the strip.
    h.get_by_label("▾ Pseudo-code as a strip").click();
    settle(&mut h);
    assert!(active(&h).is_empty());
    shown(&mut h, "Algorithm Fine-Grain — pseudo-code lines 1, 1.1");
}

#[test]
fn pane_toggles_off_and_on() {
    let mut h = open(find_bundled("treesweep-small").unwrap());
    shown(&mut h, "Why: Step 1.1");
    h.get_by_label("Pseudo-code panel").click();
    settle(&mut h);
    assert!(h.query_by_label_contains("Why: Step 1.1").is_none());
    assert!(active(&h).is_empty());
    h.get_by_label("Pseudo-code panel").click();
    settle(&mut h);
    shown(&mut h, "Why: Step 1.1");
}

/// With the pseudo-code beside the picture at 1280 × 720 (normal and presenter type), every
/// model's picture still fits its room, and the pane shows highlighted lines.
#[test]
fn pane_beside_the_picture_fits_every_model() {
    use loadlab::model::registry::ModelId;
    use loadlab::ui::app::Cmd;
    for zoom in [1.0, 1.5] {
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0 * zoom, 720.0 * zoom))
            .with_max_steps(50)
            .build_eframe(|cc| LoadlabApp::new(cc, None));
        h.ctx.set_zoom_factor(zoom);
        settle(&mut h);
        for m in ModelId::ALL {
            h.state_mut().send(Cmd::Switch(m));
            settle(&mut h);
            if let Some(b) = h.query_by_label("Pseudo-code beside ▸") {
                b.click();
                settle(&mut h);
            }
            let what = format!("{m:?} at zoom {zoom}");
            assert!(
                h.query_by_label_contains("Why: ").is_some(),
                "{what}: no why"
            );
            assert!(!active(&h).is_empty(), "{what}: no highlighted line");
            let screen = h.ctx.content_rect();
            for d in h.state().drawn() {
                assert!(screen.expand(1.0).contains_rect(d.room), "{what}: {d:?}");
                assert!(
                    d.room.expand(2.0).contains_rect(d.content),
                    "{what}: {d:?} clipped"
                );
            }
        }
    }
}

/// The divisible network picture (issue 14's missing picture): switched on, stepped, the
/// picture still fits its room at 1280 × 720 with the numbers strip shown.
#[test]
fn divisible_network_fits_while_stepping() {
    let mut h = open(find_bundled("divisible-table-1").unwrap());
    // The checkbox (the numbers region has a row named "network" too).
    h.get_by_role_and_label(egui::accesskit::Role::CheckBox, "network")
        .click();
    settle(&mut h);
    // The numbers strip takes at most a quarter of the height (issue 34, item 15): the
    // network fits beside it at this size, without the note that asks for a taller picture.
    h.run_steps(2);
    assert!(h.query_by_label_contains("the network needs").is_none());
    for _ in 0..3 {
        forward(&mut h, 1);
        let screen = h.ctx.content_rect();
        for d in h.state().drawn() {
            assert!(screen.expand(1.0).contains_rect(d.room), "{d:?}");
            assert!(d.room.expand(2.0).contains_rect(d.content), "{d:?} clipped");
        }
    }
    // The pane follows: method ℙ's slot τ_3.
    shown(&mut h, "Why: P, [");
    assert!(has(&h, &["τ_k"]), "{:?}", active(&h));
}

/// The step label of the line marked as producing what the picture's pointer is on.
fn from_picture(h: &Harness<'_, LoadlabApp>) -> Vec<String> {
    let mark = loadlab::ui::widgets::pseudocode::FROM_PICTURE.trim();
    h.query_all_by_label_contains(mark)
        .filter_map(|n| {
            let node = n.accesskit_node();
            let label = node.label().or_else(|| node.value())?;
            let rest = label.trim_start_matches("▶").trim_start();
            Some(rest.split("  ").next()?.trim().to_owned())
        })
        .collect()
}

#[test]
fn hovering_a_redistribution_arrow_highlights_the_line_that_sent_it() {
    let mut h = open(ring(Algorithm::Alg3));
    shown(&mut h, "Why: δ_max = 4");
    assert!(from_picture(&h).is_empty());
    // Round 1: Step 24 makes P4 send to P5, and loadlab's Step 32 makes P3 feed P4.
    for (arrow, step) in [("arrow:P4→P5", "24"), ("arrow:P3→P4", "32")] {
        let at = loadlab::ui::widgets::marks::latest(&h.ctx, arrow)
            .unwrap_or_else(|| panic!("{arrow} not drawn"))
            .center();
        h.hover_at(at);
        h.run_steps(2);
        assert_eq!(from_picture(&h), vec![step.to_owned()], "{arrow}");
    }
    // Away from the ring: no line is marked.
    h.hover_at(egui::pos2(2.0, 700.0));
    h.run_steps(2);
    assert!(from_picture(&h).is_empty());
}

/// At the projector stage (1280 × 720, presenter) with the drawer open there is no room for
/// the pseudo-code beside the picture: "Pseudo-code beside ▸" is off and says why (it was on
/// and did nothing); with the drawer folded it puts the pseudo-code beside the picture.
#[test]
fn pseudocode_beside_is_off_while_the_drawer_leaves_no_room_for_it() {
    use loadlab::ui::app::Cmd;
    let mut h = super::common::presenter_720p();
    let k = loadlab::lesson::BUNDLED
        .iter()
        .position(|b| b.file == "rrv-redistribute.ron")
        .expect("bundled");
    h.state_mut().send(Cmd::StartLesson(k));
    settle(&mut h);
    h.run_steps(3);
    assert!(h.state().drawer_rect().is_some(), "the drawer is open");
    let beside = "Pseudo-code beside ▸";
    assert!(
        h.get_by_label(beside).accesskit_node().is_disabled(),
        "on with no room beside the picture"
    );
    h.get_by_label(beside).click();
    settle(&mut h);
    assert!(active(&h).is_empty(), "{:?}", active(&h));
    // Folded (»), the drawer leaves the picture its room, and the button works.
    h.get_by_label("»").click();
    settle(&mut h);
    h.run_steps(3);
    assert!(h.state().drawer_rect().is_none(), "the drawer is folded");
    assert!(!h.get_by_label(beside).accesskit_node().is_disabled());
    h.get_by_label(beside).click();
    settle(&mut h);
    h.run_steps(3);
    assert!(!active(&h).is_empty(), "no pseudo-code beside the picture");
}

/// The texts painted whole in the last frame (not cut short) that contain `part`.
fn painted_with(h: &Harness<'_, LoadlabApp>, part: &str) -> usize {
    let texts = super::common::text_shapes(h);
    let whole = texts.iter().filter(|t| !t.galley.elided);
    whole.filter(|t| t.galley.text().contains(part)).count()
}

/// A line cut short with "…" shows its whole text in one tooltip: the Why line under the
/// picture and the status bar's notice each had two (egui's own copy of a cut label's text,
/// and ours beside it), stacked over the picture. T_16 on R_8 at 720p presenter: the why of
/// step 0 ends in Lemma 1.1's weight, past the cut; Copy as command's notice ends in the
/// command's last flag.
#[test]
fn a_line_cut_short_shows_its_whole_text_in_one_tooltip() {
    let mut h = super::common::presenter_720p();
    h.state_mut().send(loadlab::ui::app::Cmd::Load(Box::new(
        find_bundled("ksbf-t16-r8").unwrap(),
    )));
    settle(&mut h);
    let why = tooltips(&mut h, "Why: step 0: ", "Lemma 1.1: Wgt = 1 right turn", 40);
    assert_eq!(why, 1, "the Why line's tooltips");
    h.state_mut().send(loadlab::ui::app::Cmd::CopyCommand);
    settle(&mut h);
    // (Hovered within the few seconds the notice stays.)
    let notice = tooltips(
        &mut h,
        "Copied the command",
        "--balance ks --schedule bf",
        4,
    );
    assert_eq!(notice, 1, "the notice's tooltips");
}

/// How many times the whole text ending in `tail` of the line labelled `line` is painted
/// after the pointer rests on the line for `steps` frames; none before (the line is cut
/// before `tail`).
fn tooltips(h: &mut Harness<'_, LoadlabApp>, line: &str, tail: &str, steps: usize) -> usize {
    assert_eq!(
        painted_with(h, tail),
        0,
        "{line:?} is not cut before {tail:?}"
    );
    let at = h.get_by_label_contains(line).rect().center();
    h.hover_at(at);
    h.run_steps(steps);
    painted_with(h, tail)
}
