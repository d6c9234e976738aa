//! Issue 26: File ▸ Open recent (the last files opened or saved, missing ones greyed) and
//! File ▸ Reload (the front scenario's file read again from disk).

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::registry::ModelId;
use loadlab::preset::find_bundled;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;

use super::common::{harness, settle};

fn temp_dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("loadlab-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Writes bundled preset `name` to `path`.
fn write(path: &Path, name: &str) {
    std::fs::write(path, find_bundled(name).unwrap().to_ron()).unwrap();
}

fn open_file_menu(h: &mut Harness<'_, LoadlabApp>) {
    h.get_by_label("File").click();
    h.run_steps(2);
}

#[test]
fn open_recent_lists_the_files_newest_first_and_greys_missing_ones() {
    let dir = temp_dir("recent");
    let (a, b) = (dir.join("a.ron"), dir.join("b.ron"));
    write(&a, "ksbf-table-1");
    write(&b, "treesweep-small");
    let mut h = harness(None);
    open_file_menu(&mut h);
    h.get_by_label("Open recent").click();
    h.run_steps(2);
    assert!(h.query_by_label("(no recent files)").is_some());
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    for p in [&a, &b] {
        h.state_mut().send(Cmd::OpenPath(p.clone()));
        settle(&mut h);
    }
    let names: Vec<PathBuf> = h
        .state()
        .recent()
        .files()
        .iter()
        .map(|(p, _)| p.clone())
        .collect();
    assert_eq!(names, vec![b.clone(), a.clone()]);
    // b goes away: its entry is greyed out; a's opens a.
    std::fs::remove_file(&b).unwrap();
    open_file_menu(&mut h);
    h.get_by_label("Open recent").click();
    h.run_steps(2);
    assert!(
        h.get_by_label("b.ron  (preset)")
            .accesskit_node()
            .is_disabled()
    );
    let entry = h.get_by_label("a.ron  (preset)");
    assert!(!entry.accesskit_node().is_disabled());
    entry.click();
    settle(&mut h);
    assert_eq!(h.state().desk().active, ModelId::Ksbf);
    assert_eq!(
        h.state().preset().scenario,
        find_bundled("ksbf-table-1").unwrap().scenario
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn reload_reads_the_front_file_again_and_a_broken_one_changes_nothing() {
    let dir = temp_dir("reload");
    let a = dir.join("a.ron");
    write(&a, "ksbf-table-1");
    let mut h = harness(None);
    // The default scenario has no file: Reload is greyed out.
    open_file_menu(&mut h);
    assert!(h.get_by_label("Reload").accesskit_node().is_disabled());
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    h.state_mut().send(Cmd::OpenPath(a.clone()));
    settle(&mut h);
    // Another program changes the file.
    write(&a, "ksbf-t16-r8");
    open_file_menu(&mut h);
    h.get_by_label("Reload").click();
    // Read the notice before waiting for the run: information fades after a few seconds of
    // the harness's clock, which a slow run on a loaded machine can use up.
    h.run_steps(2);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.starts_with("Reloaded"), "{notice}");
    settle(&mut h);
    let t16 = find_bundled("ksbf-t16-r8").unwrap();
    assert_eq!(h.state().preset().scenario, t16.scenario);
    // Broken on disk: the reason, and the scenario stays.
    std::fs::write(&a, "(version: 1, name: \"x\", scenario: Ksbf((n: ))").unwrap();
    h.state_mut().send(Cmd::Reload);
    settle(&mut h);
    assert_eq!(h.state().preset().scenario, t16.scenario);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains("a.ron"), "{notice}");
    std::fs::remove_dir_all(dir).unwrap();
}
