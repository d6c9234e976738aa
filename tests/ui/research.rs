//! Help ▸ Research (issue 27): at the projector stage (1280 × 720 pixels, presenter mode) the
//! gap search lists its rings with their ratios inside the window, and "Load" puts a ring
//! into the redistribution workspace with the exact optimum as its algorithm.

use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::redistribute::params::Algorithm;
use loadlab::model::registry::{ModelId, Scenario};
use loadlab::ui::LoadlabApp;

use super::common::{
    command_json, enter_number, number_in, printed_command, settle, shown, text_of,
};

/// Help ▸ Research opened at the projector stage.
fn research_window() -> egui_kittest::Harness<'static, LoadlabApp> {
    let mut h = super::common::presenter_720p();
    h.get_by_label("Help").click();
    h.run_steps(2);
    h.get_by_label("Research: gaps in the redistribution paper")
        .click();
    h.run_steps(3);
    h
}

#[test]
fn gaps_are_listed_and_a_ring_loads_into_the_workspace_at_720p_presenter() {
    let mut h = research_window();
    shown(
        &mut h,
        "Nothing searched yet: Search looks for the rings where Lemma 12's bound",
    );
    h.get_by_label("Search").click();
    h.run_steps(3);
    shown(&mut h, "largest ratio first");
    // The list says the space it searched, whatever the fields hold since (a clamped
    // "processors 3 to" left 5-ring results under "Rings of 3–3 processors").
    let searched = "rings of 3–5 processors, |δ| ≤ 3, costs 1–4), largest ratio first";
    shown(&mut h, searched);
    enter_number(&mut h, "processors 3 to", "3");
    shown(&mut h, "Search: rings of 3–3 processors");
    shown(&mut h, searched);
    enter_number(&mut h, "processors 3 to", "5");
    // The first ring's line: a ratio above 1 against Lemma 12, inside the window.
    let screen = h.ctx.content_rect();
    let all: Vec<String> = h
        .query_all_by_label_contains("ratio")
        .filter_map(|n| text_of(&n))
        .collect();
    let line = h
        .query_all_by_label_contains("ratio ")
        .find(|n| text_of(n).is_some_and(|l| l.starts_with("ratio ") && l.contains("lemma12")))
        .unwrap_or_else(|| panic!("a ring's line: {all:?}"));
    let text = text_of(&line).unwrap_or_default();
    let ratio: f64 = text
        .split_whitespace()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .expect("ratio");
    assert!(ratio > 1.0, "{text}");
    let r = line.rect();
    assert!(screen.contains_rect(r), "{r:?} outside {screen:?}");
    let load = h.get_by_label("Load ring 1");
    load.scroll_to_me();
    h.run_steps(2);
    h.get_by_label("Load ring 1").click_accesskit();
    settle(&mut h);
    assert_eq!(h.state().desk().active, ModelId::Redistribute);
    // The window gives the ring the room (it covered two thirds of it).
    assert!(
        h.query_by_label("Load ring 1").is_none(),
        "the lab covers the ring"
    );
    match &h.state().desk().page().scenario {
        Scenario::Redistribute(p) => {
            assert_eq!(p.algorithm, Algorithm::Exact);
            assert!(p.instance.n() <= 5);
        }
        other => panic!("not a redistribution: {other:?}"),
    }
}

#[test]
fn the_search_against_system6_shows_a_ring_above_its_bound() {
    let mut h = research_window();
    h.get_by_label("system6-bound").click();
    h.get_by_label("seed").set_value_accesskit(3.0);
    h.get_by_label("|δ| ≤").set_value_accesskit(4.0);
    h.run_steps(2);
    h.get_by_label("Search").click();
    h.run_steps(3);
    shown(&mut h, "largest ratio first");
    let node = h
        .query_all_by_label_contains("system6-bound")
        .find(|n| text_of(n).is_some_and(|l| l.starts_with("ratio ")))
        .unwrap_or_else(|| panic!("no ring above System 6's bound"));
    let screen = h.ctx.content_rect();
    assert!(screen.contains_rect(node.rect()), "{:?}", node.rect());
    let line = text_of(&node).unwrap_or_default();
    // "ratio 1.1111   exact 10   system6-bound 9   n = 4"
    let words: Vec<&str> = line.split_whitespace().collect();
    let exact: f64 = words[3].parse().expect("exact");
    let bound: f64 = words[5].parse().expect("bound");
    assert!(exact > bound, "{line}");
}

#[test]
fn same_search_prints_the_real_command_and_it_finds_the_same_rings() {
    let mut h = research_window();
    h.get_by_label("seed").set_value_accesskit(7.0);
    h.get_by_label("exact solves").set_value_accesskit(150.0);
    h.run_steps(2);
    let flags = [
        "--against lemma12",
        "--seed 7",
        "--budget 150",
        "--max-n 5",
        "--max-delta 3",
        "--max-cost 4",
    ];
    let cmd = printed_command(&h, "Same search:", &flags);
    h.get_by_label("Search").click();
    h.run_steps(3);
    shown(&mut h, "largest ratio first");
    let first = h
        .query_all_by_label_contains("ratio ")
        .filter_map(|n| text_of(&n))
        .find(|l| l.starts_with("ratio "))
        .expect("a ring found");
    // The command, run, lists the same first ring with the same ratio.
    let v = command_json(&cmd);
    let ratio = v["instances"][0]["ratio"].as_f64().expect("a ratio");
    assert!(
        first.starts_with(&format!("ratio {ratio:.4} ")),
        "GUI: {first}; `{cmd}`: {ratio}"
    );
}

#[test]
fn loading_a_ring_starts_no_refused_study() {
    // On the desktop the plots column (the study) is on screen beside the picture.
    let mut h = super::common::harness(None);
    h.get_by_label("Help").click();
    h.run_steps(2);
    h.get_by_label("Research: gaps in the redistribution paper")
        .click();
    h.run_steps(3);
    h.get_by_label("Search").click();
    h.run_steps(3);
    shown(&mut h, "largest ratio first");
    h.get_by_label("Load ring 1").click_accesskit();
    settle(&mut h);
    let Scenario::Redistribute(p) = &h.state().desk().page().scenario else {
        panic!("not a redistribution");
    };
    // The scenario's study runs (nothing refused) ...
    let study = loadlab::report::redistribute::study(p, &loadlab::model::NoProgress);
    assert!(study.is_ok(), "{:?}", study.err());
    // ... and no warning or refusal is on screen.
    let warnings: Vec<String> = h
        .query_all_by_label_contains("⚠")
        .filter_map(|n| text_of(&n))
        .chain(
            h.query_all_by_label_contains("refuse")
                .filter_map(|n| text_of(&n)),
        )
        .collect();
    assert!(warnings.is_empty(), "{warnings:?}");
}

/// Sets the search space `loadlab gaps` refuses (5 000 solves of rings of up to 8
/// processors, |δ| ≤ 10, costs to 20) and waits for the refusal.
fn over_budget(h: &mut egui_kittest::Harness<'static, LoadlabApp>) {
    h.get_by_label("exact solves").set_value_accesskit(5000.0);
    h.get_by_label("processors 3 to").set_value_accesskit(8.0);
    h.get_by_label("|δ| ≤").set_value_accesskit(10.0);
    h.get_by_label("costs 1 to").set_value_accesskit(20.0);
    h.run_steps(2);
    shown(h, "more than the limit of 10 s");
}

/// The window checks a search as `loadlab gaps` does: 5 000 solves of rings of up to 8
/// processors, |δ| ≤ 10, costs to 20 are refused by the CLI (minutes of work) and started by
/// the window (10 % after 35 s); now refused next to Search, which is off.
#[test]
fn a_search_over_the_budget_is_refused_next_to_search() {
    let mut h = research_window();
    over_budget(&mut h);
    assert!(h.get_by_label("Search").accesskit_node().is_disabled());
    h.get_by_label("Search").click();
    h.run_steps(2);
    assert!(h.query_all_by_label_contains("Cancel").next().is_none());
    // The default space (4.2·10⁻⁵ s a solve measured): Search is on again.
    h.get_by_label("exact solves").set_value_accesskit(100.0);
    h.get_by_label("processors 3 to").set_value_accesskit(5.0);
    h.get_by_label("|δ| ≤").set_value_accesskit(3.0);
    h.get_by_label("costs 1 to").set_value_accesskit(4.0);
    h.run_steps(2);
    assert!(!h.get_by_label("Search").accesskit_node().is_disabled());
}

/// The window's refusals name its own controls, not `loadlab gaps`' flags ("--budget: …"),
/// and it takes as many exact solves as the CLI (it stopped at 5 000 without a word): a
/// number typed beyond that is clamped, and the note beside the field says so.
#[test]
fn refusals_name_the_windows_controls_and_a_clamp_is_said() {
    let mut h = research_window();
    over_budget(&mut h);
    let refusal = text_of(&h.get_by_label_contains("more than the limit of 10 s")).unwrap();
    assert!(refusal.starts_with("“exact solves”: "), "{refusal}");
    assert!(
        refusal.ends_with(
            "(lower “exact solves”, or the space: “processors 3 to”, “|δ| ≤”, “costs 1 to”)"
        ),
        "{refusal}"
    );
    assert!(!refusal.contains("--"), "{refusal}");
    // Back to the default space: 100 000 solves (about 5 s there) are taken as typed, as
    // `loadlab gaps --budget 100000` takes them.
    h.get_by_label("processors 3 to").set_value_accesskit(5.0);
    h.get_by_label("|δ| ≤").set_value_accesskit(3.0);
    h.get_by_label("costs 1 to").set_value_accesskit(4.0);
    enter_number(&mut h, "exact solves", "100000");
    assert_eq!(number_in(&h, "exact solves"), 100_000.0);
    assert!(h.query_all_by_label_contains("⚠").next().is_none());
    enter_number(&mut h, "exact solves", "250000");
    assert_eq!(number_in(&h, "exact solves"), 100_000.0);
    shown(
        &mut h,
        "250000 is outside the values “exact solves” takes (at least 1, at most 100000): it \
         is now 100000",
    );
    // A value taken as typed clears it.
    enter_number(&mut h, "exact solves", "400");
    assert!(h.query_all_by_label_contains("⚠").next().is_none());
}
