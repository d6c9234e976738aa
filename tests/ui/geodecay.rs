//! The geometric-decaying workspace driven through its accessibility tree.

use super::common::{settle, shown};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::model::geodecay::{GeoParams, Policy};
use loadlab::model::registry::Scenario;
use loadlab::ui::LoadlabApp;
use loadlab::ui::widgets::step_bar::LABEL_FORWARD;

fn params(h: &Harness<'_, LoadlabApp>) -> GeoParams {
    match &h.state().preset().scenario {
        Scenario::Geodecay(p) => p.clone(),
        other => panic!("not the geodecay model: {other:?}"),
    }
}

/// The app, switched to the geodecay model through the rail.
fn app() -> Harness<'static, LoadlabApp> {
    super::common::app_on("Geometric-decaying\nalgorithms")
}

#[test]
fn switch_policy_drag_ell_and_step_rounds() {
    let mut h = app();
    assert_eq!(params(&h), GeoParams::default());
    // The default: improved policy, its balancings split into the initialisation phase and outside it.
    shown(&mut h, "▶ improved");
    shown(&mut h, "Round 0, initialisation phase");
    // n = 2^20 tasks written as the lessons write it (in full it cut the heading short).
    shown(
        &mut h,
        "Round 0, initialisation phase: 2^20 tasks, balanced before the round",
    );
    // Switch the policy to standard.
    h.get_by_role_and_label(Role::ComboBox, "Policy").click();
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, "standard").click();
    settle(&mut h);
    assert_eq!(params(&h).policy, Policy::Standard);
    shown(&mut h, "▶ standard");
    // Drag ℓ to 2^40.
    h.get_by_role_and_label(Role::Slider, "ℓ")
        .set_value_accesskit(2f64.powi(40));
    settle(&mut h);
    assert_eq!(params(&h).ell, 2f64.powi(40));
    shown(&mut h, "lg ℓ = 40");
    // 40 → 5.32 → 2.41 → 1.27: four iterations to reach ≤ 2.
    shown(&mut h, "lg* ℓ = 4");
    // Step through the rounds.
    h.get_by_label(LABEL_FORWARD).click();
    h.run_steps(2);
    shown(&mut h, "Round 1:");
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    shown(&mut h, "Round 2:");
    // End: the final frame shows the end state, the last round is one step back.
    h.key_press(egui::Key::End);
    h.run_steps(2);
    shown(&mut h, "Done after round 20: every task ran");
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(2);
    shown(&mut h, "Round 20:");
    // Undo the ℓ change.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    settle(&mut h);
    assert_eq!(params(&h).ell, 20.0);
}

#[test]
fn alpha_zero_stops_at_the_smallest_decay_rate() {
    let mut h = app();
    h.get_by_label("α").set_value_accesskit(0.0);
    settle(&mut h);
    assert_eq!(
        params(&h).alpha,
        loadlab::model::geodecay::params::ALPHA_MIN
    );
    assert!(params(&h).validate().is_ok());
    assert!(
        h.query_all_by_label_contains("Nothing runs")
            .next()
            .is_none()
    );
    shown(&mut h, "Round 0");
}

#[test]
fn bundled_proportional_preset_shows_never_winning() {
    let mut h = app();
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Bundled presets").hover();
    h.run_steps(3);
    h.get_by_label_contains("Geometric-decaying algorithms (")
        .hover();
    h.run_steps(3);
    h.get_by_label("Gil–Matias: proportional decay, never balancing wins")
        .click();
    settle(&mut h);
    let p = params(&h);
    assert_eq!(p.policy, Policy::Never);
    shown(&mut h, "▶ never");
}

#[test]
fn the_numbers_are_the_reports_figures() {
    use loadlab::model::NoProgress;
    use loadlab::report::geodecay::Parts;
    for name in [
        "geodecay-crcw",
        "geodecay-proportional",
        "geodecay-huge-ell",
    ] {
        let preset = loadlab::preset::find_bundled(name).expect("a bundled preset");
        let mut h = super::common::harness(Some(preset));
        settle(&mut h);
        let run = Parts::default().build(&params(&h), &NoProgress).unwrap();
        let figures = run.figures();
        assert!(figures.iter().any(|f| f.key == "overhead_vs_ideal"));
        shown(&mut h, "total time T = ");
        super::ksbf::numbers_are_the_reports(&h, &figures);
    }
}

/// The total time against p opens on log–log axes (p runs 2^0 … n: on a linear axis all
/// but the last few points stood on the y axis); the plots against lg ℓ keep a linear x.
#[test]
fn the_total_time_against_p_opens_on_log_axes() {
    let axes = |plot| super::common::plot_axes_are_log("geodecay-erew", plot);
    assert_eq!(axes("total time vs p"), (true, true));
    assert_eq!(axes("overhead (T − Brent)/ℓ vs lg ℓ"), (false, true));
}

/// The ℓ rail's arrow keys step by powers of two, the values the lessons and the lg ℓ plots
/// read: from ℓ = 20 (between 2^4 and 2^5) up to 2^5, 2^6, then down to 2^5, 2^4; from just
/// above 2^17 up to 2^18; down from 1 to 0 (ℓ = 0 is valid) and back.
#[test]
fn the_ell_rails_arrows_step_by_powers_of_two() {
    let mut h = app();
    assert_eq!(params(&h).ell, 20.0);
    h.get_by_role_and_label(Role::Slider, "ℓ").focus();
    h.run_steps(2);
    let press = |h: &mut Harness<'static, LoadlabApp>, k: egui::Key| {
        h.key_press(k);
        settle(h);
        params(h).ell
    };
    assert_eq!(press(&mut h, egui::Key::ArrowRight), 32.0);
    assert_eq!(press(&mut h, egui::Key::ArrowRight), 64.0);
    assert_eq!(press(&mut h, egui::Key::ArrowLeft), 32.0);
    assert_eq!(press(&mut h, egui::Key::ArrowLeft), 16.0);
    h.get_by_role_and_label(Role::Slider, "ℓ")
        .set_value_accesskit(2f64.powi(17) + 3.0);
    settle(&mut h);
    h.get_by_role_and_label(Role::Slider, "ℓ").focus();
    h.run_steps(2);
    assert_eq!(press(&mut h, egui::Key::ArrowRight), 2f64.powi(18));
    h.get_by_role_and_label(Role::Slider, "ℓ")
        .set_value_accesskit(1.0);
    settle(&mut h);
    h.get_by_role_and_label(Role::Slider, "ℓ").focus();
    h.run_steps(2);
    assert_eq!(press(&mut h, egui::Key::ArrowLeft), 0.0);
    assert_eq!(press(&mut h, egui::Key::ArrowRight), 1.0);
}

/// Gil–Matias step 4 (the improved policy on n = 2^30, p = 2^16, ℓ = 2^14) at 720p presenter,
/// revealed and stepped to its end: phase 0 runs one round, a band 14 points wide that egui_plot
/// left unnamed (it keeps 4 points of padding each side of a span's label). Its "0" is drawn at
/// the top of the band, level with phase 1's "1" and left of it.
#[test]
fn a_one_round_phase_is_named_at_720p_presenter() {
    use super::common::{painted_texts, reveal, stage_lesson};
    use loadlab::ui::widgets::compare_plot::PLOT_MARK;
    use loadlab::ui::widgets::step_bar::LABEL_LAST;
    let mut h = stage_lesson("gil-matias-geodecay.ron", 3);
    reveal(&mut h);
    h.get_by_label(LABEL_LAST).click_accesskit();
    settle(&mut h);
    let frame = loadlab::ui::widgets::marks::latest(&h.ctx, PLOT_MARK).expect("the rounds plot");
    let inside = |text: &str| {
        painted_texts(&h)
            .into_iter()
            .find(|(t, r)| t == text && frame.contains_rect(*r) && r.top() < frame.top() + 20.0)
            .map(|(_, r)| r)
            .unwrap_or_else(|| panic!("{text:?} is not drawn at the plot's top {frame:?}"))
    };
    let (zero, one) = (inside("0"), inside("1"));
    assert!(zero.right() <= one.left(), "{zero:?} {one:?}");
    assert!(
        (zero.center().y - one.center().y).abs() < 1.0,
        "{zero:?} {one:?}"
    );
}

/// The rounds chart's log axis names its floor, where an empty processor's load is drawn (the
/// max…min band's spikes down to it read as loads of 2^−17 tasks).
#[test]
fn the_log_floor_of_the_rounds_chart_is_named() {
    let mut h = super::common::stage_lesson("gil-matias-geodecay.ron", 0);
    let named = |h: &egui_kittest::Harness<'_, loadlab::ui::LoadlabApp>| {
        super::common::painted_texts(h)
            .iter()
            .any(|(t, _)| t.starts_with("0 tasks (lg 0"))
    };
    h.key_press(egui::Key::End);
    settle(&mut h);
    assert!(
        named(&h),
        "the floor under the empty processors is not named"
    );
    // On a linear axis 0 is where it is.
    h.get_by_label("log loads").click();
    settle(&mut h);
    assert!(!named(&h), "a linear axis has no floor to name");
}
