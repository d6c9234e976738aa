//! The chrome on the projector stage (1280 × 720, presenter mode, zoom 1.5): every menu and
//! submenu fits the window, and nothing moves under the pointer — the Show bar's toggles keep
//! their places whatever is toggled, a rail entry keeps its size when the edit mark appears.

use eframe::Storage as _;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::registry::ModelId;
use loadlab::preset::BUNDLED;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;

use super::common::{Memory, settle};

/// The app at 1280 × 720 in presenter mode (zoom 1.5: about 850 × 480 points).
fn stage() -> Harness<'static, LoadlabApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 720.0))
        .with_max_steps(50)
        .build_eframe(|cc| LoadlabApp::new(cc, None));
    h.state_mut().send(Cmd::Presenter(true));
    settle(&mut h);
    assert_eq!(h.ctx.zoom_factor(), 1.5);
    h
}

/// Every labelled widget a menu may hold, with its rect.
fn items(h: &Harness<'_, LoadlabApp>) -> Vec<(Role, String, egui::Rect)> {
    let roles = [Role::Button, Role::CheckBox, Role::RadioButton, Role::Label];
    h.query_all_by(|n| roles.contains(&n.role()))
        .filter_map(|n| {
            let node = n.accesskit_node();
            let label = node.label()?;
            Some((node.role(), label, n.rect()))
        })
        .collect()
}

/// Opens the menu `path[0]` and hovers the submenus `path[1..]`; every widget that appeared
/// lies inside the window. Returns the labels that appeared.
fn open_and_check(h: &mut Harness<'_, LoadlabApp>, path: &[&str]) -> Vec<String> {
    h.key_press(egui::Key::Escape);
    h.run_steps(3);
    let before = items(h);
    h.get_by_label(path[0]).click();
    h.run_steps(3);
    for sub in &path[1..] {
        h.get_by_label(sub).hover();
        h.run_steps(3);
    }
    let screen = h.ctx.content_rect();
    let mut appeared = Vec::new();
    for (role, label, rect) in items(h) {
        if before.iter().any(|(r, l, _)| *r == role && *l == label) {
            continue;
        }
        assert!(
            screen.expand(1.0).contains_rect(rect),
            "{path:?}: {label:?} at {rect:?} is outside the window {screen:?}"
        );
        appeared.push(label);
    }
    assert!(!appeared.is_empty(), "{path:?}: nothing opened");
    // And whole: no entry cut short with "…" ("Gao–Rosenberg–Sitaraman: clustering a tree
    // sweep under latency τ" lost its end at the stage's right edge).
    let cut = elided(h);
    let cut: Vec<&String> = appeared.iter().filter(|l| cut.contains(l)).collect();
    assert!(cut.is_empty(), "{path:?}: cut short: {cut:?}");
    appeared
}

/// The texts painted cut short (ending in "…" to fit their room).
fn elided(h: &Harness<'_, LoadlabApp>) -> Vec<String> {
    super::common::text_shapes(h)
        .into_iter()
        .filter(|t| t.galley.elided)
        .map(|t| t.galley.text().to_owned())
        .collect()
}

#[test]
fn every_menu_and_submenu_fits_the_projector_stage() {
    let mut h = stage();
    for top in ["File", "Edit", "View", "Homework", "Help"] {
        open_and_check(&mut h, &[top]);
    }
    for sub in ["Lessons", "Quiz me", "What we found in the paper"] {
        open_and_check(&mut h, &["Help", sub]);
    }
    open_and_check(&mut h, &["View", "Text size"]);
    let quizzes = open_and_check(&mut h, &["Homework", "Quiz me"]);
    assert!(quizzes.iter().any(|q| q.ends_with(" quiz")), "{quizzes:?}");
    let exports = open_and_check(&mut h, &["File", "Export"]);
    assert!(exports.iter().any(|e| e == "Export JSON…"), "{exports:?}");
    // Bundled presets: one submenu per model and one for the comparisons; together they list
    // every bundled preset, each inside the window.
    let parent = open_and_check(&mut h, &["File", "Bundled presets"]);
    let groups: Vec<String> = parent
        .iter()
        .filter(|g| g.ends_with(')') && g.contains(" ("))
        .cloned()
        .collect();
    assert_eq!(groups.len(), 6, "{groups:?}");
    assert!(groups.iter().any(|g| g.starts_with("Compare A/B (")));
    let mut listed = Vec::new();
    for g in &groups {
        let mut shown = open_and_check(&mut h, &["File", "Bundled presets", g]);
        shown.retain(|l| !parent.contains(l));
        // A submenu is short enough for the stage (at most 8 entries).
        assert!(shown.len() <= 8, "{g}: {shown:?}");
        listed.extend(shown);
    }
    for b in BUNDLED {
        let name = b.preset().expect("bundled preset parses").name;
        assert!(listed.contains(&name), "{name:?} is not in any submenu");
    }
}

/// View ▸ High contrast theme, Text size and Reduce motion, chosen by the menus alone, change
/// what the reader sees: black on white, body text twice egui's size, no animation.
#[test]
fn the_view_menu_sets_high_contrast_text_size_and_reduced_motion() {
    let mut h = stage();
    let body =
        |h: &Harness<'_, LoadlabApp>| egui::TextStyle::Body.resolve(&h.ctx.global_style()).size;
    let plain = body(&h);
    open_and_check(&mut h, &["View"]);
    h.get_by_label("High contrast theme").click();
    h.run_steps(3);
    let v = h.ctx.global_style().visuals.clone();
    assert_eq!(
        (v.panel_fill, v.text_color()),
        (egui::Color32::WHITE, egui::Color32::BLACK)
    );
    open_and_check(&mut h, &["View", "Text size"]);
    h.get_by_label("Largest text (200 %)").click();
    h.run_steps(3);
    assert_eq!(body(&h), 2.0 * plain);
    assert!(h.ctx.global_style().animation_time > 0.0);
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    h.get_by_label("View").click();
    h.run_steps(3);
    h.get_by_label("Reduce motion").click();
    h.run_steps(3);
    assert_eq!(h.ctx.global_style().animation_time, 0.0);
}

/// The rects of the Show bar's toggles (on the stage the controls and the numbers are the
/// drawer's tabs, not toggles).
fn toggles(h: &Harness<'_, LoadlabApp>) -> Vec<(String, egui::Rect)> {
    TOGGLES
        .iter()
        .filter_map(|t| Some((t.to_string(), h.query_by_label(t)?.rect())))
        .collect()
}

const TOGGLES: [&str; 5] = [
    "Controls panel",
    "Plots panel",
    "Numbers panel",
    "Pseudo-code panel",
    "Hide the future",
];

#[test]
fn the_show_bar_toggles_stay_in_place_when_one_is_toggled() {
    let mut h = stage();
    for m in [ModelId::Divisible, ModelId::Redistribute] {
        h.state_mut().send(Cmd::Switch(m));
        settle(&mut h);
        let present: Vec<String> = toggles(&h).into_iter().map(|(t, _)| t).collect();
        assert!(present.len() >= 3, "{m:?}: {present:?}");
        for t in &present {
            let t = t.as_str();
            let before = toggles(&h);
            // On, then off again: neither click moves a toggle.
            for _ in 0..2 {
                h.get_by_label(t).click();
                settle(&mut h);
                let after = toggles(&h);
                for ((name, a), (_, b)) in before.iter().zip(&after) {
                    assert!(
                        (a.min - b.min).length() < 0.5 && (a.size() - b.size()).length() < 0.5,
                        "{m:?}: clicking {t:?} moved {name:?} from {a:?} to {b:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_rail_entry_keeps_its_size_when_the_edit_mark_appears() {
    // (On the projector stage the rail folds into the menu bar: the desktop's rail.)
    let mut h = super::common::harness(None);
    let rail = |h: &Harness<'_, LoadlabApp>| -> Vec<egui::Rect> {
        ModelId::ALL
            .iter()
            .map(|m| {
                let title = loadlab::ui::help::rail(*m).0;
                h.get_by_role_and_label(Role::Button, title).rect()
            })
            .collect()
    };
    let before = rail(&h);
    // Edit every model (a step of its first slider) so that every entry carries the mark.
    for m in ModelId::ALL {
        h.state_mut().send(Cmd::Switch(m));
        settle(&mut h);
        let controls = |h: &Harness<'_, LoadlabApp>| {
            h.query_all_by_role(Role::Slider)
                .any(|s| s.accesskit_node().label().as_deref() != Some("Step"))
        };
        if !controls(&h) {
            h.get_by_label("Controls panel").click();
            settle(&mut h);
        }
        let slider = h
            .get_all_by_role(Role::Slider)
            .find(|s| s.accesskit_node().label().as_deref() != Some("Step"))
            .expect("a slider of the controls");
        let node = slider.accesskit_node();
        if node.numeric_value() < node.max_numeric_value() {
            slider.increment_accesskit();
        } else {
            slider.decrement_accesskit();
        }
        settle(&mut h);
        assert!(h.state().desk().page_of(m).modified(), "{m:?} not edited");
    }
    assert!(h.query_all_by_label("•").count() == 5, "the edit marks");
    for (m, (a, b)) in ModelId::ALL.iter().zip(before.iter().zip(rail(&h))) {
        assert!(
            (a.min - b.min).length() < 0.5 && (a.size() - b.size()).length() < 0.5,
            "{m:?}: the rail entry moved from {a:?} to {b:?}"
        );
    }
}

/// Whether the app, saved now, remembers that the first-start card was dismissed.
fn saved_welcomed(h: &mut Harness<'_, LoadlabApp>) -> bool {
    let mut storage = Memory::default();
    eframe::App::save(h.state_mut(), &mut storage);
    let text: String = storage
        .get_string(eframe::APP_KEY)
        .expect("the app saved its state")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    assert!(text.contains("welcomed:"), "{text}");
    text.contains("welcomed:true")
}

#[test]
fn the_first_start_card_points_to_the_lessons_and_is_dismissed_for_good() {
    let mut h = stage();
    // The tests (no storage) never see it by themselves.
    assert!(!h.state().welcome_shown());
    assert!(h.query_by_label_contains("New here?").is_none());
    // As on a first start: the card, its lessons list, a lesson started from it.
    h.state_mut().show_welcome();
    h.run_steps(3);
    let card = h
        .get_by_label("New here? Start with a lesson: Help ▸ Lessons")
        .rect();
    assert!(h.ctx.content_rect().contains_rect(card), "{card:?}");
    // It leaves the step bar free.
    let play = h.get_by_label("Play").rect();
    assert!(
        !card.intersects(play),
        "the card {card:?} covers Play {play:?}"
    );
    h.get_by_label("Show the lessons").click();
    h.run_steps(3);
    let first = loadlab::lesson::BUNDLED[0].lesson().unwrap();
    h.get_by_label(&first.title).click();
    settle(&mut h);
    assert_eq!(
        h.state().lesson_player().map(|p| p.lesson().name.clone()),
        Some(first.name.clone())
    );
    assert!(!h.state().welcome_shown(), "the card stays over the lesson");
    assert!(saved_welcomed(&mut h), "starting a lesson dismisses it");
    // ✕ dismisses it, and the dismissal is saved.
    h.state_mut().show_welcome();
    h.run_steps(3);
    assert!(!saved_welcomed(&mut h));
    h.get_by_label("✕").click();
    h.run_steps(3);
    assert!(h.query_by_label_contains("New here?").is_none());
    assert!(saved_welcomed(&mut h));
}

/// The projector stage showing the first-start card, as on a first start.
fn stage_with_card() -> Harness<'static, LoadlabApp> {
    let mut h = stage();
    h.state_mut().show_welcome();
    h.run_steps(3);
    assert!(h.state().welcome_shown());
    h
}

/// The card is gone for this run, not dismissed for good.
fn gone_for_this_run(h: &mut Harness<'_, LoadlabApp>) {
    assert!(!h.state().welcome_shown(), "the card is still shown");
    assert!(
        !saved_welcomed(h),
        "only ✕ or a lesson dismisses it for good"
    );
}

/// Someone finding their way (the map here) loses the card for the run, not for good: it
/// covered the map's axis and the step's Why line.
#[test]
fn the_first_start_card_goes_when_the_map_opens_and_comes_back_next_start() {
    let mut h = stage_with_card();
    h.state_mut()
        .send(Cmd::View(loadlab::ui::commands::View::Map));
    settle(&mut h);
    gone_for_this_run(&mut h);
}

/// A window of the Help menu opened (here the errata list) loses the card for the run too:
/// on a phone the card stood over the list's last lines.
#[test]
fn the_first_start_card_goes_when_a_help_window_opens() {
    let mut h = stage_with_card();
    super::common::help_submenu(&mut h, "What we found in the paper");
    h.get_by_label_contains("All five papers").click();
    settle(&mut h);
    assert!(h.query_by_label_contains("Errata: what we found").is_some());
    assert!(!h.state().welcome_shown(), "the card stays over the list");
    assert!(h.query_by_label_contains("New here?").is_none());
    gone_for_this_run(&mut h);
}

/// The quiz (Help ▸ Quiz me) loses the card for the run too, as the menu's other windows do.
#[test]
fn the_first_start_card_goes_when_a_quiz_opens() {
    let mut h = stage_with_card();
    super::common::help_submenu(&mut h, "Quiz me");
    let title = loadlab::ui::help::rail(ModelId::Divisible)
        .0
        .replace('\n', " ");
    h.get_by_label(&format!("{title} quiz")).click();
    settle(&mut h);
    assert!(
        h.query_by_label("Personal quiz…").is_some(),
        "the quiz opened"
    );
    assert!(
        h.query_by_label_contains("New here?").is_none(),
        "the card stays beside the quiz"
    );
    gone_for_this_run(&mut h);
}

/// An entry chosen by the keyboard closes its menu, as a click does (egui closes menus on a
/// pointer's click only: Help ▸ Keyboard shortcuts by Enter left the menu over the window).
#[test]
fn a_menu_entry_chosen_by_enter_closes_the_menu() {
    let mut h = stage();
    h.get_by_label("Help").click();
    h.run_steps(3);
    let about = "About loadlab";
    assert!(h.query_by_label(about).is_some(), "the Help menu is open");
    h.get_by_role_and_label(Role::Button, "Keyboard shortcuts")
        .focus();
    h.run_steps(2);
    h.key_press(egui::Key::Enter);
    settle(&mut h);
    assert!(h.query_by_label(about).is_none(), "the Help menu closed");
    assert!(
        h.query_by_label_contains("Play / pause").is_some(),
        "the shortcuts window opened"
    );
}

/// Edit ▸ Copy as lesson question on the projector stage during grs's first question (T* of
/// T_5 at τ = 2.5, hidden until Reveal), the drawer's Numbers in front: the submenu fits the
/// window and lists what the drawer shows, never the hidden T* (10, grs's Your turn states
/// it) nor a number that equals it; after Reveal it offers T* = 10.
#[test]
fn the_question_submenu_fits_the_stage_and_offers_no_hidden_number() {
    use loadlab::ui::widgets::numbers::ASK;
    let mut h = super::common::stage_lesson("grs-treesweep.ron", 0);
    super::common::drawer_tab(&mut h, "Numbers");
    let listed = open_and_check(&mut h, &["Edit", ASK]);
    let offered: Vec<&String> = listed.iter().filter(|l| l.contains(" = ")).collect();
    assert!(
        offered.iter().any(|l| *l == "one processor (2^n − 1) = 31"),
        "{offered:?}"
    );
    assert!(
        offered
            .iter()
            .all(|l| !l.starts_with("T* (") && !l.ends_with(" = 10")),
        "a hidden number is offered: {offered:?}"
    );
    h.key_press(egui::Key::Escape);
    h.run_steps(3);
    super::common::reveal(&mut h);
    super::common::drawer_tab(&mut h, "Numbers");
    let listed = open_and_check(&mut h, &["Edit", ASK]);
    assert!(
        listed.iter().any(|l| l == "T* (Fine-Grain, optimal) = 10"),
        "{listed:?}"
    );
}
