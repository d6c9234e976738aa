//! One scenario per model, kept: switching models keeps edits, undo covers switches, Ctrl+S
//! writes only the front scenario's own file, and workbooks round-trip all five scenarios.

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::registry::{ModelId, Scenario};
use loadlab::preset::{self, PresetFile};
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::files::FileAction;

use super::common::settle;

const DIVISIBLE: &str = "Divisible load\non trees & pyramids";
const KSBF: &str = "KS-BF on a ring";

fn divisible_h(h: &Harness<'_, LoadlabApp>) -> i64 {
    match &h.state().desk().page_of(ModelId::Divisible).scenario {
        Scenario::Divisible(p) => p.h,
        other => panic!("{other:?}"),
    }
}

fn ksbf_p(h: &Harness<'_, LoadlabApp>) -> u32 {
    match &h.state().desk().page_of(ModelId::Ksbf).scenario {
        Scenario::Ksbf(p) => p.p,
        other => panic!("{other:?}"),
    }
}

/// Clicks a rail entry (the label may carry a " •" edited mark).
fn rail(h: &mut Harness<'_, LoadlabApp>, name: &str) {
    h.query_all_by_label_contains(name.lines().next().unwrap_or(name))
        .find(|n| n.accesskit_node().role() == Role::Button)
        .expect("rail entry")
        .click();
    settle(h);
}

fn save_path(h: &mut Harness<'_, LoadlabApp>, action: FileAction, path: &std::path::Path) {
    h.state_mut()
        .send(Cmd::with_path(action, path.to_path_buf()));
    h.run_steps(3);
}

#[test]
fn switching_models_keeps_the_edit_and_undo_switches_back() {
    let mut h = super::common::harness(None);
    h.get_by_label("h").set_value_accesskit(9.0);
    h.run_steps(3);
    assert_eq!(divisible_h(&h), 9);
    rail(&mut h, KSBF);
    assert_eq!(h.state().desk().active, ModelId::Ksbf);
    rail(&mut h, DIVISIBLE);
    assert_eq!(h.state().desk().active, ModelId::Divisible);
    assert_eq!(divisible_h(&h), 9, "the edit survived the switch");
    // Undo goes back over the switch, and the title follows.
    rail(&mut h, KSBF);
    let ksbf_title = h.state().desk().title();
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(3);
    assert_eq!(h.state().desk().active, ModelId::Divisible);
    assert_ne!(h.state().desk().title(), ksbf_title);
    assert_eq!(divisible_h(&h), 9);
}

#[test]
fn ctrl_s_after_a_switch_never_overwrites_another_models_file() {
    let dir = tempfile::tempdir().unwrap();
    let div_file = dir.path().join("div.ron");
    let mut h = super::common::harness(None);
    h.get_by_label("h").set_value_accesskit(6.0);
    h.run_steps(3);
    save_path(&mut h, FileAction::SavePreset, &div_file);
    let saved = std::fs::read_to_string(&div_file).expect("saved");
    rail(&mut h, KSBF);
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run_steps(4);
    // The KS-BF scenario has no file: Ctrl+S asks (a dialog or the path field), and the
    // divisible file is untouched.
    assert_eq!(std::fs::read_to_string(&div_file).unwrap(), saved);
    match preset::load_file(&div_file).unwrap() {
        PresetFile::Single(p) => assert_eq!(p.scenario.model(), ModelId::Divisible),
        other => panic!("{other:?}"),
    }
    // Back on the divisible model, Ctrl+S writes its own file again.
    rail(&mut h, DIVISIBLE);
    h.get_by_label("h").set_value_accesskit(7.0);
    h.run_steps(3);
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run_steps(3);
    match preset::load_file(&div_file).unwrap() {
        PresetFile::Single(p) => match p.scenario {
            Scenario::Divisible(d) => assert_eq!(d.h, 7),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_workbook_round_trips_all_five_scenarios() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("lecture.ron");
    let mut h = super::common::harness(None);
    h.get_by_label("h").set_value_accesskit(8.0);
    h.run_steps(3);
    rail(&mut h, KSBF);
    h.get_by_label("p").set_value_accesskit(6.0);
    h.run_steps(3);
    assert_eq!(ksbf_p(&h), 6);
    let before: Vec<Scenario> = ModelId::ALL
        .iter()
        .map(|&m| h.state().desk().page_of(m).scenario.clone())
        .collect();
    save_path(&mut h, FileAction::SaveWorkbook, &book);
    assert!(matches!(
        preset::load_file(&book).unwrap(),
        PresetFile::Workbook(w) if w.sheets.len() == 5 && w.active == ModelId::Ksbf
    ));
    // Change two models, then open the workbook: all five come back, KS-BF in front.
    h.get_by_label("p").set_value_accesskit(3.0);
    h.run_steps(3);
    rail(&mut h, DIVISIBLE);
    h.get_by_label("h").set_value_accesskit(2.0);
    h.run_steps(3);
    h.state_mut().send(Cmd::OpenPath(book.clone()));
    settle(&mut h);
    let after: Vec<Scenario> = ModelId::ALL
        .iter()
        .map(|&m| h.state().desk().page_of(m).scenario.clone())
        .collect();
    assert_eq!(after, before);
    assert_eq!(h.state().desk().active, ModelId::Ksbf);
    // Ctrl+S now writes the workbook (all five), not one scenario.
    h.get_by_label("p").set_value_accesskit(5.0);
    h.run_steps(3);
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run_steps(3);
    match preset::load_file(&book).unwrap() {
        PresetFile::Workbook(w) => {
            assert_eq!(w.sheets.len(), 5);
            assert!(matches!(
                &w.sheet(ModelId::Ksbf).unwrap().scenario,
                Scenario::Ksbf(k) if k.p == 5
            ));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn opening_a_preset_brings_its_model_to_the_front_at_step_zero() {
    let mut h = super::common::harness(None);
    // Step forward on Fig. 4, switch away, open Fig. 4 again: it starts at step 0.
    let fig4 = preset::BUNDLED
        .iter()
        .position(|b| b.file == "redistribute-fig-4.ron")
        .unwrap();
    h.state_mut().send(Cmd::Bundled(fig4));
    settle(&mut h);
    assert_eq!(h.state().desk().active, ModelId::Redistribute);
    h.key_press(Key::End);
    h.run_steps(3);
    rail(&mut h, DIVISIBLE);
    h.state_mut().send(Cmd::Bundled(fig4));
    settle(&mut h);
    assert_eq!(h.state().desk().active, ModelId::Redistribute);
    super::common::shown(&mut h, "0 of 2 rounds done");
}
