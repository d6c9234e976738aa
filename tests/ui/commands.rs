//! The command table (`loadlab::ui::commands`): the shortcuts window, the menus and the
//! keyboard all read it, so what the table says is what the user sees and gets.

use super::common::{harness, settle};

use egui::accesskit::Role;
use egui::{Key, KeyboardShortcut, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::View;
use loadlab::ui::commands::{COMMANDS, Cmd, Switch, command, keys_text, shortcut_text};

fn open_menu(h: &mut Harness<'_, LoadlabApp>, menu: &str) {
    h.get_by_label(menu).click();
    h.run_steps(2);
}

/// The row whose keys include `key` (no modifiers).
fn row_of(key: Key) -> &'static loadlab::ui::commands::Command {
    let k = KeyboardShortcut::new(Modifiers::NONE, key);
    COMMANDS
        .iter()
        .find(|c| c.keys.contains(&k))
        .unwrap_or_else(|| panic!("{key:?} is in the command table"))
}

#[test]
fn every_command_with_keys_is_in_the_shortcuts_window_beside_its_keys() {
    let mut h = harness(None);
    open_menu(&mut h, "Help");
    h.get_by_label(command(&Cmd::Toggle(Switch::Shortcuts)).caption)
        .click();
    h.run_steps(3);
    let mut rows = 0;
    for c in COMMANDS.iter().filter(|c| !c.keys.is_empty()) {
        let keys = keys_text(c);
        let key_rect = h.get_by_label(&keys).rect();
        // The caption on the same row (a caption may also be on screen elsewhere, as the
        // "Hide the future" toggle is).
        let beside = h.get_all_by_label(c.caption).any(|n| {
            let r = n.rect();
            (r.center().y - key_rect.center().y).abs() < 4.0 && r.left() > key_rect.left()
        });
        assert!(beside, "{:?}: {:?} beside {keys:?}", c.cmd, c.caption);
        rows += 1;
    }
    // Open, save, save as, undo, redo, five step keys, H, F5, F1.
    assert!(rows >= 13, "{rows} rows");
}

#[test]
fn h_and_f1_do_what_the_table_says() {
    let mut h = harness(None);
    assert_eq!(row_of(Key::H).cmd, Cmd::Toggle(Switch::HideFuture));
    assert!(!h.state().hides_future());
    h.key_press(Key::H);
    settle(&mut h);
    assert!(h.state().hides_future(), "H hides the future");
    h.key_press(Key::H);
    settle(&mut h);
    assert!(!h.state().hides_future(), "H again shows it");

    // With a menu open, the plain keys are the menu's: H and F1 do nothing behind it.
    h.get_by_label("View").click();
    h.run_steps(2);
    for key in [Key::H, Key::F1] {
        h.key_press(key);
        h.run_steps(3);
    }
    assert!(!h.state().hides_future(), "H behind an open menu");
    assert!(
        h.query_by_label_contains("Divisible load on complete b-ary trees")
            .is_none()
    );
    h.key_press(Key::Escape);
    h.run_steps(3);

    assert_eq!(row_of(Key::F1).cmd, Cmd::Toggle(Switch::Help));
    let help = "Divisible load on complete b-ary trees";
    assert!(h.query_by_label_contains(help).is_none());
    h.key_press(Key::F1);
    h.run_steps(3);
    assert!(
        h.query_by_label_contains(help).is_some(),
        "F1 opens the front model's help"
    );
    h.key_press(Key::F1);
    h.run_steps(3);
    assert!(
        h.query_by_label_contains(help).is_none(),
        "F1 again closes it"
    );
}

/// The full-screen requests the app sent to its window over the next frames (one input event
/// a frame: a step runs a frame per queued event and keeps the last one's output).
fn full_screen_asked(h: &mut Harness<'_, LoadlabApp>) -> Vec<bool> {
    let mut asked = Vec::new();
    for _ in 0..4 {
        h.run_steps(1);
        let out = &h.output().viewport_output;
        let commands = out.values().flat_map(|v| v.commands.iter());
        asked.extend(commands.filter_map(|c| match c {
            egui::ViewportCommand::Fullscreen(on) => Some(*on),
            _ => None,
        }));
    }
    asked
}

#[test]
fn f11_and_view_full_screen_fill_the_screen_and_give_it_back() {
    let mut h = harness(None);
    assert_eq!(row_of(Key::F11).cmd, Cmd::Toggle(Switch::FullScreen));
    h.key_down(Key::F11);
    assert_eq!(
        full_screen_asked(&mut h),
        [true],
        "F11 asks for full screen"
    );
    h.key_up(Key::F11);
    // The window manager granted it: the check mark says so, and F11 again gives it back.
    let root = h.input().viewport_id;
    h.input_mut().viewports.entry(root).or_default().fullscreen = Some(true);
    open_menu(&mut h, "View");
    let full = command(&Cmd::Toggle(Switch::FullScreen));
    let caption = format!("{}  ({})", full.caption, keys_text(full));
    let entry = h.get_by_role_and_label(Role::CheckBox, &caption);
    let on = entry.accesskit_node().toggled();
    assert_eq!(
        on,
        Some(egui::accesskit::Toggled::True),
        "View ▸ Full screen is checked"
    );
    entry.click();
    assert_eq!(
        full_screen_asked(&mut h),
        [false],
        "the menu leaves full screen"
    );
}

#[test]
fn menus_show_the_tables_captions_and_keys_and_send_its_commands() {
    let mut h = harness(None);
    // Edit ▸ Undo shows its caption with its key.
    open_menu(&mut h, "Edit");
    let undo = command(&Cmd::Undo);
    let label = format!("{} {}", undo.caption, shortcut_text(&undo.keys[0]));
    assert!(
        h.query_by_label(&label).is_some(),
        "{label:?} in the Edit menu"
    );
    h.key_press(Key::Escape);
    h.run_steps(2);
    // View ▸ Hide the future (H): the checkbox flips the same switch as the key.
    open_menu(&mut h, "View");
    let hide = command(&Cmd::Toggle(Switch::HideFuture));
    let caption = format!("{}  ({})", hide.caption, keys_text(hide));
    h.get_by_role_and_label(Role::CheckBox, &caption).click();
    settle(&mut h);
    assert!(h.state().hides_future());
    // View ▸ Map of two parameters brings the map to the front, and again takes it away.
    let map = command(&Cmd::Toggle(Switch::Map)).caption;
    for want in [View::Map, View::Workspace] {
        open_menu(&mut h, "View");
        h.get_by_role_and_label(Role::CheckBox, map).click();
        settle(&mut h);
        assert_eq!(h.state().front(), want);
    }
}

#[test]
fn the_shortcuts_window_fits_a_720p_stage_scrolls_and_esc_closes_it() {
    let mut h = super::common::presenter_720p();
    // A lecture behind it: the window's keys are its own.
    h.state_mut()
        .send(Cmd::StartLesson(super::common::lesson_named("rrv")));
    super::common::settle(&mut h);
    let title = command(&Cmd::Toggle(Switch::Shortcuts)).caption;
    h.state_mut().send(Cmd::Toggle(Switch::Shortcuts));
    h.run_steps(3);
    h.key_press(Key::PageDown);
    h.run_steps(3);
    let index = |h: &egui_kittest::Harness<'_, loadlab::ui::LoadlabApp>| {
        h.state().lesson_player().map(|p| p.index())
    };
    assert_eq!(
        index(&h),
        Some(0),
        "PageDown stepped the lesson behind the window"
    );
    // Its last row is on the screen once scrolled to: the list scrolls inside the window.
    let last = loadlab::ui::help::GESTURES.last().unwrap().0;
    h.get_by_label(last).scroll_to_me();
    h.run_steps(3);
    let row = h.get_by_label(last).rect();
    assert!(row.bottom() <= 720.0, "{last:?} at {row:?}");
    // It stands under the menu bar (placed by egui it covered the menus), and a description
    // stands beside its keys on their row, wrapped only where long (in a grid it was squeezed
    // to a word a line, or the window took the screen's width).
    let menu = h.get_by_role_and_label(Role::Button, "Help").rect();
    let top = h.get_by_label(title).rect().top();
    assert!(
        top >= menu.bottom(),
        "the window at {top} covers the menus ({menu:?})"
    );
    let keys = h.get_by_label("Ctrl+O").rect();
    let what = h.get_by_label("Open preset, workbook or lesson…").rect();
    assert!(what.left() > keys.right() && (what.top() - keys.top()).abs() < 4.0);
    assert!(what.height() < 1.6 * keys.height(), "squeezed: {what:?}");
    assert!(what.right() < 853.0, "wider than the stage: {what:?}");
    // Esc closes it; F1's help the same.
    h.key_press(Key::Escape);
    h.run_steps(3);
    assert!(h.query_by_label(title).is_none(), "Esc closes the window");
    h.key_press(Key::F1);
    h.run_steps(3);
    let help = command(&Cmd::Toggle(Switch::Help)).caption;
    assert!(h.query_by_label(help).is_some());
    h.key_press(Key::Escape);
    h.run_steps(3);
    assert!(h.query_by_label(help).is_none(), "Esc closes the help");
    // Closed, PageDown steps the lesson again.
    h.key_press(Key::PageDown);
    super::common::settle(&mut h);
    assert_eq!(index(&h), Some(1));
}

/// Every window that opens on its own (Help's windows, the errata list, both research
/// windows, a quiz) opens under the toolbars, at the desk (1280 × 720) and on a 720p stage:
/// Research stood at 40 points, over "Map of two parameters" and "Pin as A" on the stage, and
/// over the desk's "Show:" row.
#[test]
fn every_window_opens_under_the_toolbars() {
    use loadlab::model::registry::ModelId;
    type Open = fn(&mut egui_kittest::Harness<'static, loadlab::ui::LoadlabApp>);
    let windows: [(&str, Open); 6] = [
        ("Keyboard shortcuts", |h| {
            h.state_mut().send(Cmd::Toggle(Switch::Shortcuts))
        }),
        ("About loadlab", |h| {
            h.state_mut().send(Cmd::Toggle(Switch::About))
        }),
        ("Errata: what we found", |h| {
            h.state_mut().send(Cmd::OpenFinding("grs-half".into()))
        }),
        ("Quiz: ", |h| h.state_mut().send(Cmd::Quiz(ModelId::Ksbf))),
        ("Research: gaps in the redistribution paper", |h| {
            h.get_by_label("Help").click();
            h.run_steps(2);
            h.get_by_label("Research: gaps in the redistribution paper")
                .click();
        }),
        ("Research: KS-BF on random trees and grids", |h| {
            h.get_by_label("Help").click();
            h.run_steps(2);
            h.get_by_label("Research: KS-BF on random trees and grids")
                .click();
        }),
    ];
    for stage in [false, true] {
        for (title, open) in windows {
            let mut h = match stage {
                true => super::common::presenter_720p(),
                false => super::common::window(1280.0, 720.0, None),
            };
            open(&mut h);
            h.run_steps(6);
            super::common::settle(&mut h);
            let pin = h.get_by_role_and_label(Role::Button, "Pin as A").rect();
            let window = h.get_by_label_contains(title).rect();
            // The desk's "Show:" row is under "Pin as A"'s: a window opens under both.
            // (The toolbar's switch is the topmost: the shortcuts list names it too.)
            let switch = h
                .query_all_by_label("Hide the future")
                .map(|n| n.rect())
                .min_by(|a, b| a.top().total_cmp(&b.top()))
                .expect("the switch");
            let bars = pin.bottom().max(switch.bottom());
            assert!(
                window.top() >= bars,
                "{title} at {window:?} over the toolbars (to {bars}), stage {stage}"
            );
        }
    }
}

/// Escape closes the window on top, one press one window, as its × does: a quiz, then the
/// Paste link dialog opened over it (neither closed with Escape; only the reading windows
/// did).
#[test]
fn escape_closes_the_window_on_top_one_at_a_time() {
    let mut h = harness(None);
    h.state_mut()
        .send(Cmd::Quiz(loadlab::model::registry::ModelId::Divisible));
    settle(&mut h);
    let quiz = |h: &Harness<'_, LoadlabApp>| h.query_by_label_contains("Quiz:").is_some();
    assert!(quiz(&h), "the quiz window opens");
    h.state_mut().send(Cmd::PasteLink);
    h.run_steps(4);
    let paste = |h: &Harness<'_, LoadlabApp>| h.query_by_label("Paste link").is_some();
    assert!(paste(&h), "the Paste link dialog opens");
    h.key_press(Key::Escape);
    h.run_steps(3);
    assert!(
        !paste(&h) && quiz(&h),
        "Escape closes the dialog on top only"
    );
    h.key_press(Key::Escape);
    h.run_steps(3);
    assert!(!quiz(&h), "a second Escape closes the quiz");
}
