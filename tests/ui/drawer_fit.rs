//! The stage drawer's Numbers and Controls leaves fit its width on the lesson steps where the
//! lecture walk (issue 34) found them cut (presenter mode, 1280 × 720 and 1920 × 1080): no
//! text, value or control of the leaf reaches past the drawer's sides, so nothing needs a
//! sideways scroll to be read. And what the leaves show: a 288-digit count written compactly,
//! the LP's rational optimum kept while the future is hidden.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};
use loadlab::lesson::BUNDLED;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::widgets::step_bar::LABEL_FIRST;

use super::common::settle;

/// The app at `width` × `height` in presenter mode on step `step` (1-based) of the bundled
/// lesson `file`, with the drawer's `leaf` tab in front.
fn at_step(
    file: &str,
    step: usize,
    (width, height): (f32, f32),
    leaf: &str,
) -> Harness<'static, LoadlabApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, height))
        .with_max_steps(50)
        .build_eframe(|cc| LoadlabApp::new(cc, None));
    h.state_mut().send(Cmd::Presenter(true));
    settle(&mut h);
    let k = BUNDLED
        .iter()
        .position(|b| b.file == file)
        .expect("bundled");
    h.state_mut().send(Cmd::StartLesson(k));
    settle(&mut h);
    h.state_mut().send(Cmd::LessonStep(step - 1));
    settle(&mut h);
    h.get_by_label(leaf).click();
    settle(&mut h);
    h.run_steps(3);
    h
}

/// Every named node drawn in the drawer (its label, with its value when it has one).
fn in_drawer(h: &Harness<'static, LoadlabApp>) -> (egui::Rect, Vec<(String, egui::Rect)>) {
    let drawer = h.state().drawer_rect().expect("the drawer is open");
    let nodes = h
        .query_all(by().predicate(|_| true))
        .filter(|n| n.accesskit_node().bounding_box().is_some())
        .filter(|n| n.accesskit_node().role() != egui::Role::TextRun)
        .filter_map(|n| {
            let a = n.accesskit_node();
            let label = a.label().unwrap_or_default();
            let value = a.value().map(|v| v.to_string()).unwrap_or_default();
            let text = match (label.is_empty(), value.is_empty()) {
                (_, true) => label,
                (true, false) => value,
                (false, false) => format!("{label}: {value}"),
            };
            let r = n.rect();
            (!text.is_empty()
                && r.is_positive()
                && drawer.contains(r.left_top() + egui::vec2(1.0, 1.0)))
            .then_some((text, r))
        })
        .collect();
    (drawer, nodes)
}

/// No node of the drawer's leaf reaches past the drawer's sides.
fn fits(h: &Harness<'static, LoadlabApp>, what: &str) -> Vec<(String, egui::Rect)> {
    let (drawer, nodes) = in_drawer(h);
    assert!(
        nodes.len() > 5,
        "{what}: only {nodes:?} in the drawer {drawer:?}"
    );
    for (t, r) in &nodes {
        assert!(
            r.left() >= drawer.left() - 1.0 && r.right() <= drawer.right() + 1.0,
            "{what}: {t:?} at {r:?} is cut by the drawer {drawer:?}"
        );
    }
    nodes
}

const P720: (f32, f32) = (1280.0, 720.0);
const P1080: (f32, f32) = (1920.0, 1080.0);

#[test]
fn gil_matias_numbers_fit_the_drawer_at_1080p() {
    // The policies table (additive overhead, Brent n/p + rounds) was wider than the drawer.
    for step in [1, 5] {
        let h = at_step("gil-matias-geodecay.ron", step, P1080, "Numbers");
        let nodes = fits(&h, &format!("gil-matias step {step} Numbers"));
        assert!(
            nodes.iter().any(|(t, _)| t.contains("additive overhead")),
            "the policies' overhead is shown: {nodes:?}"
        );
    }
}

#[test]
fn rrv_numbers_and_controls_fit_the_drawer_at_720p() {
    // The bounds table's "gap (makespan − bound)" column was cut.
    let h = at_step("rrv-redistribute.ron", 1, P720, "Numbers");
    let nodes = fits(&h, "rrv step 1 Numbers");
    assert!(
        nodes
            .iter()
            .any(|(t, _)| t.contains("gap (makespan − bound)"))
    );
    // "Algorithm 3 (bidirectional, corrected)" ran past the drawer.
    let h = at_step("rrv-redistribute.ron", 3, P720, "Controls");
    let nodes = fits(&h, "rrv step 3 Controls");
    assert!(
        nodes
            .iter()
            .any(|(t, _)| t.contains("Algorithm 3 (bidirectional, corrected)"))
    );
    // The heterogeneous ring's c← column (c_ccw_1…) was cut.
    let h = at_step("rrv-redistribute.ron", 6, P720, "Controls");
    let nodes = fits(&h, "rrv step 6 Controls");
    assert!(
        nodes.iter().any(|(t, _)| t.starts_with("c_ccw_1")),
        "{nodes:?}"
    );
}

#[test]
fn a_huge_ell_fits_the_drawer_and_reads_as_a_power_of_two() {
    // Step 5: ℓ = 2^64, whose 20 digits ran past the drawer.
    let h = at_step("gil-matias-geodecay.ron", 5, P720, "Controls");
    let nodes = fits(&h, "gil-matias step 5 Controls");
    assert!(
        nodes.iter().any(|(t, _)| t == "ℓ (number): 2^64"),
        "ℓ reads 2^64: {nodes:?}"
    );
}

#[test]
fn grs_thousand_levels_numbers_fit_the_drawer_with_a_compact_count() {
    // Step 7 (n = 1000): the processor count has 288 digits; the check lines wrap.
    for size in [P720, P1080] {
        let h = at_step("grs-treesweep.ron", 7, size, "Numbers");
        let nodes = fits(&h, &format!("grs step 7 Numbers at {size:?}"));
        let count = nodes
            .iter()
            .find(|(t, _)| t.starts_with("processors used by Fine-Grain = "))
            .unwrap_or_else(|| panic!("no processor count: {nodes:?}"));
        // "processors used by Fine-Grain = 2.79355 × 10^287": a mantissa, then the power of ten.
        let value = count
            .0
            .trim_start_matches("processors used by Fine-Grain = ");
        let (mantissa, power) = value
            .split_once(" × 10^")
            .unwrap_or_else(|| panic!("not compact: {value:?}"));
        assert!(
            mantissa
                .parse::<f64>()
                .is_ok_and(|m| (1.0..10.0).contains(&m))
        );
        assert!(power.parse::<u32>().is_ok_and(|p| p > 200), "{value:?}");
    }
}

#[test]
fn hiding_the_future_keeps_the_lp_rational_optimum_of_rrv_step_6() {
    // The prompt states the rational optimum (27): with the step bar at its start the
    // numbers keep R₁ and τ of the LP and hide what gives the integer optimum's makespan.
    let mut h = at_step("rrv-redistribute.ron", 6, P720, "Numbers");
    if h.query_by_label(LABEL_FIRST).is_some() {
        h.get_by_label(LABEL_FIRST).click();
        settle(&mut h);
    }
    let (_, nodes) = in_drawer(&h);
    let read = |name: &str| {
        nodes
            .iter()
            .find(|(t, _)| t.starts_with(&format!("{name} = ")))
            .map(|(t, _)| t[name.len() + 3..].to_string())
            .unwrap_or_else(|| panic!("no {name}: {nodes:?}"))
    };
    assert_eq!(read("τ (rational optimum)"), "27");
    assert!(read("R_1 (rational optimum)").parse::<f64>().is_ok());
    let hidden = read("τ(⌊R_1⌋)");
    assert!(hidden.parse::<f64>().is_err(), "τ(⌊R_1⌋) reads {hidden:?}");
}
