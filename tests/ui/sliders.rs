//! Every parameter slider of every workspace driven to both ends (issue 12): far below and far
//! above its range, through the rail and through the number beside it. The instance must stay
//! valid and the picture and plots must keep showing it, never "Nothing runs".

use std::time::{Duration, Instant};

use super::common::{app_on, harness, pause_since, settle};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::ui::LoadlabApp;
use loadlab::ui::widgets::step_bar::LABEL_STEP;

/// Far beyond every parameter's range, both ways.
const FAR: f64 = 1e300;
/// How long the runs at one end of a slider are waited for.
const RUN_BUDGET: Duration = Duration::from_secs(10);

/// What a workspace shows instead of its picture or its plots.
const REFUSALS: [&str; 3] = ["Nothing runs", "Nothing is plotted", "Fix the instance"];

/// The labels of the enabled parameter sliders on screen (the step bar's is no parameter).
fn slider_labels(h: &Harness<'_, LoadlabApp>) -> Vec<String> {
    h.query_all_by_role(Role::Slider)
        .filter(|n| !n.accesskit_node().is_disabled())
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| l != LABEL_STEP)
        .collect()
}

/// The value the slider `label` shows.
fn value_of(h: &Harness<'_, LoadlabApp>, label: &str) -> f64 {
    h.get_by_role_and_label(Role::Slider, label)
        .accesskit_node()
        .numeric_value()
        .expect("a slider has a value")
}

/// Runs frames until the background jobs are done or `budget` has passed (some ends of some
/// ranges take minutes to sweep; their plots show progress meanwhile, not a refusal).
fn settle_within(h: &mut Harness<'static, LoadlabApp>, budget: Duration) {
    let t0 = Instant::now();
    h.run_steps(2);
    while h.state_mut().busy() && t0.elapsed() < budget {
        h.run_steps(1);
        pause_since(t0);
    }
    h.run_steps(2);
}

/// Checks that the scenario is valid and that neither the picture nor the plots refuse it,
/// once the runs it starts have landed (or a while has passed).
fn assert_shown(h: &mut Harness<'static, LoadlabApp>, what: &str) {
    if let Err((field, message)) = h.state().preset().scenario.validate() {
        panic!("{what}: the instance is invalid ({field}: {message})");
    }
    settle_within(h, RUN_BUDGET);
    for refusal in REFUSALS {
        let shown: Vec<String> = h
            .query_all_by_label_contains(refusal)
            .filter_map(|n| n.accesskit_node().label())
            .collect();
        assert!(shown.is_empty(), "{what}: {shown:?}");
    }
}

/// Sets the slider `label` (through the rail, or through its number when `number`) to `to`.
fn set(h: &mut Harness<'static, LoadlabApp>, label: &str, number: bool, to: f64) {
    if number {
        let name = format!("{label} (number)");
        h.get_by_role_and_label(Role::SpinButton, &name)
            .set_value_accesskit(to);
    } else {
        h.get_by_role_and_label(Role::Slider, label)
            .set_value_accesskit(to);
    }
    h.run_steps(3);
}

/// Drives every slider on screen to both ends, the rail then the number, and back to where
/// it was; `model` names the setting in failure messages. Returns how many were driven.
fn drive_every_slider(h: &mut Harness<'static, LoadlabApp>, model: &str) -> usize {
    let labels = slider_labels(h);
    assert!(!labels.is_empty(), "{model}: no slider on screen");
    for label in &labels {
        let before = value_of(h, label);
        for (number, end) in [(false, -FAR), (false, FAR), (true, FAR), (true, -FAR)] {
            set(h, label, number, end);
            let way = if end < 0.0 { "bottom" } else { "top" };
            let by = if number { "number" } else { "rail" };
            let at = value_of(h, label);
            assert!(
                at.is_finite(),
                "{model}: {label} at its {way} ({by}) is {at}"
            );
            assert_shown(h, &format!("{model}: {label} = {at} ({way}, by the {by})"));
        }
        set(h, label, false, before);
    }
    labels.len()
}

/// Picks `option` in the combo box `combo`.
fn pick(h: &mut Harness<'static, LoadlabApp>, combo: &str, option: &str) {
    h.get_by_role_and_label(Role::ComboBox, combo).click();
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, option).click();
    settle(h);
}

#[test]
fn divisible_sliders_stay_valid_at_both_ends() {
    let mut h = harness(None);
    // b, h, β and the sweep settings h up to, β from, β to.
    assert_eq!(drive_every_slider(&mut h, "divisible"), 6);
}

#[test]
fn geodecay_sliders_stay_valid_at_both_ends() {
    let mut h = app_on("Geometric-decaying\nalgorithms");
    // n, p, α, ℓ, c, seed, ℓ sweep to 2^, seeds; then k with "every k rounds".
    assert_eq!(drive_every_slider(&mut h, "geodecay"), 8);
    pick(&mut h, "Policy", "every");
    assert_eq!(drive_every_slider(&mut h, "geodecay, every k"), 9);
}

#[test]
fn treesweep_sliders_stay_valid_at_both_ends() {
    let mut h = app_on("Tree sweeps\nunder latency τ");
    // n, τ and the plots' n range.
    assert_eq!(drive_every_slider(&mut h, "tree sweep"), 3);
}

#[test]
fn ksbf_sliders_stay_valid_at_both_ends() {
    let mut h = app_on("KS-BF on a ring");
    // n, p, seed; then q and seeds on random trees; then the two-row grid, whose n and p
    // bound each other.
    assert_eq!(drive_every_slider(&mut h, "KS-BF tree"), 3);
    pick(&mut h, "Workload", "random-tree");
    assert_eq!(drive_every_slider(&mut h, "KS-BF random tree"), 5);
    pick(&mut h, "Workload", "two-row-grid");
    assert_eq!(drive_every_slider(&mut h, "KS-BF two-row grid"), 3);
}

#[test]
fn redistribute_sliders_stay_valid_at_both_ends() {
    let mut h = app_on("Redistribution\non rings");
    // The ring's n and c, the generator's seed, n and max |δ|, and the makespan sweep's
    // up to, with max |δ| and samples.
    assert_eq!(drive_every_slider(&mut h, "redistribution"), 8);
    for (study, sliders) in [
        ("System 6 / Lemma 12", 6),
        ("Section 8: iterative application", 8),
    ] {
        pick(&mut h, "Plot:", study);
        assert_eq!(drive_every_slider(&mut h, study), sliders);
    }
}

#[test]
fn showing_a_bundled_preset_changes_none_of_its_values() {
    // The sliders clamp what they show into the valid values every frame: a valid value,
    // however far beyond a rail and however many digits it has, must come through untouched.
    for bundled in loadlab::preset::BUNDLED {
        let preset = bundled.preset().expect("bundled presets parse");
        let mut h = harness(Some(preset.clone()));
        h.run_steps(5);
        assert_eq!(
            h.state().preset().scenario,
            preset.scenario,
            "{}: shown, it changed",
            bundled.file
        );
    }
}

/// Types `text` into the number of the slider `label` and presses Enter, as a user does.
fn type_number(h: &mut Harness<'static, LoadlabApp>, label: &str, text: &str) {
    let name = format!("{label} (number)");
    h.get_by_label(&name).focus();
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label(&name).type_text(text);
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
}

/// A number the slider cannot take as typed is not changed silently: a line under it says
/// why and what the value is now, and it goes when the value moves on (issue: "b −3 became 2,
/// τ −3 became 1.0000000000000002, h abc was ignored", with no word next to the control).
#[test]
fn a_number_typed_out_of_range_or_not_a_number_is_explained_beside_its_slider() {
    let mut h = harness(None);
    let note = |h: &Harness<'static, LoadlabApp>| -> Vec<String> {
        h.query_all_by_label_contains("⚠")
            .filter_map(|n| {
                let a = n.accesskit_node();
                a.label().or_else(|| a.value())
            })
            .collect()
    };
    let says = |h: &Harness<'static, LoadlabApp>, text: &str| {
        let said = note(h);
        assert!(
            said.iter().any(|l| l.contains(text)),
            "{text:?} not in {said:?}"
        );
    };
    type_number(&mut h, "h", "abc");
    says(&h, "\"abc\" is not a number: h stays 5");
    type_number(&mut h, "h", "7.5");
    says(&h, "7.5 is not a whole number: h is now 7");
    assert_eq!(value_of(&h, "h"), 7.0);
    // NaN is not a number either: the value stays (β = nan became the largest β, 10^12).
    type_number(&mut h, "h", "nan");
    says(&h, "\"nan\" is not a number: h stays 7");
    assert_eq!(value_of(&h, "h"), 7.0);
    let beta = value_of(&h, "β");
    type_number(&mut h, "β", "nan");
    says(&h, "\"nan\" is not a number: β stays");
    assert_eq!(value_of(&h, "β"), beta);
    // b = 2 allows h up to 63 (N = 2^(h+1) − 1 below 2^64).
    type_number(&mut h, "h", "1e400");
    says(&h, "1e400 is not a finite number");
    type_number(&mut h, "b", "-3");
    says(&h, "-3 is outside the values b takes (at least 2,");
    // A value taken as typed clears it.
    type_number(&mut h, "b", "3");
    assert_eq!(value_of(&h, "b"), 3.0);
    type_number(&mut h, "h", "4");
    assert!(note(&h).is_empty(), "{:?}", note(&h));
    // Another parameter narrowing the range says so too: h = 63 needs b = 2; b = 10 allows
    // h up to 19 (N = (10^20 − 1)/9 is below 2^64, 10^21 is not), and h changed silently.
    type_number(&mut h, "b", "2");
    type_number(&mut h, "h", "63");
    assert!(note(&h).is_empty(), "{:?}", note(&h));
    type_number(&mut h, "b", "10");
    h.run_steps(2);
    says(
        &h,
        "h was 63: with the other parameters as they are now it takes values at least 0, at \
         most 19, so it is now 19",
    );
    assert_eq!(value_of(&h, "h"), 19.0);
    // b = 2 again widens h's values: the note, now stale, goes (it stayed).
    type_number(&mut h, "b", "2");
    h.run_steps(2);
    assert_eq!(value_of(&h, "h"), 19.0);
    assert!(note(&h).is_empty(), "{:?}", note(&h));
}

/// A long number typed into a slider does not widen the controls column, so nothing right of
/// it moves under the pointer (β = 1e9 reads "1000000000": the column grew by about 20 points
/// for good, and the timeline's buttons and the plots shifted right). The rail gives way.
#[test]
fn a_long_number_does_not_widen_the_controls_column() {
    let mut h = super::common::window(1280.0, 720.0, None);
    let play = |h: &Harness<'static, LoadlabApp>| h.get_by_label("Play").rect();
    let controls = |h: &Harness<'static, LoadlabApp>| {
        let key = loadlab::ui::workspace::Region::Controls.key();
        loadlab::ui::widgets::marks::latest(&h.ctx, key).expect("the controls column")
    };
    let (before, column) = (play(&h), controls(&h));
    for text in ["1e9", "123456789.125", "1e12", "0.1"] {
        type_number(&mut h, "β", text);
        settle(&mut h);
        let (after, now) = (play(&h), controls(&h));
        assert!(
            (after.left() - before.left()).abs() < 0.5
                && (now.width() - column.width()).abs() < 0.5,
            "β = {text}: Play moved from {before:?} to {after:?}, controls {column:?} → {now:?}"
        );
    }
    // The value was taken whole.
    assert_eq!(value_of(&h, "β"), 0.1);
}
