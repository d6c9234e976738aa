//! The real app driven through its accessibility tree (egui_kittest), as a user would.

use super::common::shown;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::model::divisible::{AlgorithmChoice, DivisibleParams, Method};
use loadlab::model::registry::Scenario;
use loadlab::ui::LoadlabApp;

fn app() -> Harness<'static, LoadlabApp> {
    super::common::harness(None)
}

fn params(h: &Harness<'_, LoadlabApp>) -> DivisibleParams {
    match &h.state().preset().scenario {
        Scenario::Divisible(p) => p.clone(),
        other => panic!("not the divisible model: {other:?}"),
    }
}

fn open_menu_item(h: &mut Harness<'_, LoadlabApp>, menu: &str, item: &str) {
    h.get_by_label(menu).click();
    h.run_steps(2);
    h.get_by_label(item).click();
    h.run_steps(3);
}

fn type_path(h: &mut Harness<'_, LoadlabApp>, path: &str) {
    let field = h.get_by_role_and_label(Role::TextInput, "File path");
    field.focus();
    field.type_text(path);
    h.run_steps(2);
    h.get_by_label("OK").click();
    h.run_steps(4);
}

#[test]
fn opens_on_the_default_preset_with_all_parts() {
    let mut h = app();
    let p = params(&h);
    assert_eq!(p, DivisibleParams::default());
    // Controls, picture, plots, numbers and status bar are all there.
    h.get_by_label("Timeline");
    h.get_by_label("Numbers");
    shown(&mut h, "N = 63 processors");
    shown(&mut h, "N (processors) = 63");
    shown(&mut h, "vs h");
    shown(&mut h, "vs β");
}

#[test]
fn switch_algorithm_change_beta_step_and_undo() {
    let mut h = app();
    // Switch the algorithm to Q only.
    h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
    h.run_steps(2);
    h.get_by_label("Q only").click();
    h.run_steps(3);
    assert_eq!(params(&h).algorithm, AlgorithmChoice::Only(Method::Q));
    // Change β.
    let beta = h.get_by_label("β");
    beta.set_value_accesskit(10.0);
    h.run_steps(3);
    assert_eq!(params(&h).beta, 10.0);
    // The numbers follow: T_N of Q for b = 2, h = 5, β = 10 (Theorem 5).
    let c: f64 = 1.0 / 10.0 + 2.0;
    let tq = (c.powi(5) + 10.0) / (c.powi(6) - 1.0);
    let six = loadlab::report::format::sig(tq, 6);
    shown(&mut h, &format!("T_N closed form, Q = {six}"));
    // Step the timeline: the slot label follows.
    shown(&mut h, "t = 0:");
    h.get_by_label(loadlab::ui::widgets::step_bar::LABEL_FORWARD)
        .click();
    h.run_steps(2);
    shown(&mut h, "end of slot τ_1");
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    shown(&mut h, "end of slot τ_2");
    h.key_press(egui::Key::End);
    h.run_steps(2);
    shown(&mut h, "all 6 levels done");
    // Space plays from the start and pauses again.
    h.key_press(egui::Key::Home);
    h.run_steps(1);
    h.key_press(egui::Key::Space);
    h.run_steps(2);
    h.get_by_label(loadlab::ui::widgets::step_bar::LABEL_PAUSE);
    h.key_press(egui::Key::Space);
    h.run_steps(2);
    h.get_by_label(loadlab::ui::widgets::step_bar::LABEL_PLAY);
    // Undo the β change, then the algorithm change; redo one.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(params(&h).beta, 100.0);
    assert_eq!(params(&h).algorithm, AlgorithmChoice::Only(Method::Q));
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(params(&h), DivisibleParams::default());
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run_steps(2);
    assert_eq!(params(&h).algorithm, AlgorithmChoice::Only(Method::Q));
}

#[test]
fn out_of_range_values_are_clamped_to_what_the_model_accepts() {
    let mut h = app();
    // b = 1 is no tree: the slider stops at b = 2.
    h.get_by_label("b").set_value_accesskit(1.0);
    h.run_steps(3);
    assert_eq!(params(&h).b, 2);
    // h = 70 overflows N for b = 2: the slider stops at h = 63 (N = 2^64 − 1).
    h.get_by_label("h").set_value_accesskit(70.0);
    h.run_steps(3);
    assert_eq!(params(&h).h, 63);
    assert!(params(&h).validate().is_ok());
    // A wider tree lowers the largest height, and h follows.
    h.get_by_label("b").set_value_accesskit(3.0);
    h.run_steps(3);
    assert_eq!((params(&h).b, params(&h).h), (3, 40));
    assert!(params(&h).validate().is_ok());
    // β = 0 is refused by the model: the slider gives its smallest β.
    h.get_by_label("β").set_value_accesskit(0.0);
    h.run_steps(3);
    assert_eq!(params(&h).beta, loadlab::model::divisible::params::BETA_MIN);
    assert!(
        h.query_all_by_label_contains("Nothing runs")
            .next()
            .is_none()
    );
}

#[test]
fn load_bundled_preset() {
    let mut h = app();
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Bundled presets").hover();
    h.run_steps(3);
    h.get_by_label_contains("Divisible load on trees & pyramids (")
        .hover();
    h.run_steps(3);
    h.get_by_label("Li Table II: pyramid, β = 100").click();
    h.run_steps(3);
    let p = params(&h);
    assert_eq!((p.h, p.beta), (15, 100.0));
    assert_eq!(p.network, loadlab::model::divisible::Network::Pyramid);
    shown(&mut h, "Loaded bundled preset");
    // Table II, h = 15, C: 0.33186.
    shown(&mut h, "0.33186");
}

#[test]
fn broken_preset_leaves_state_untouched() {
    let mut h = app();
    h.get_by_label("h").set_value_accesskit(7.0);
    h.run_steps(3);
    let before = params(&h);
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("broken.ron");
    std::fs::write(
        &bad,
        "(\n  version: 1,\n  name: \"oops\",\n  scenario: Divisible((h: \"seven\")),\n)",
    )
    .unwrap();
    open_menu_item(&mut h, "File", "Open preset by path…");
    type_path(&mut h, bad.to_str().unwrap());
    assert_eq!(params(&h), before);
    let notice = h.state().notice().unwrap().to_string();
    assert!(notice.contains("broken.ron:4:"), "{notice}");
    shown(&mut h, "broken.ron:4:");
}

/// `loadlab gui --presenter NAME` with a name that is no preset: the window opens, and the
/// status bar says why the preset did not (presenter mode's "F5 to leave" notice, posted in
/// the first frame, replaced it), with a lesson started too (`--lesson`).
#[test]
fn a_preset_that_cannot_be_opened_is_said_in_presenter_mode_too() {
    use loadlab::ui::app::Cmd;
    let why = "Could not open preset: rrv-system6: no such file";
    for (presenter, lesson) in [(true, false), (true, true), (false, false)] {
        let startup = if lesson {
            vec![Cmd::StartLesson(0)]
        } else {
            vec![]
        };
        let mut h = Harness::builder()
            .with_size(egui::vec2(1280.0, 720.0))
            .with_max_steps(50)
            .build_eframe(move |cc| {
                LoadlabApp::opened(cc, Err(why.into()), presenter, startup.clone())
            });
        super::common::settle(&mut h);
        // Presenter mode's zoom (1.5 at 720p) says that it is on.
        assert_eq!(h.ctx.zoom_factor() > 1.0, presenter);
        assert_eq!(h.state().lesson_player().is_some(), lesson);
        let notice = h.state().notice().unwrap_or_default().to_string();
        assert_eq!(notice, why, "presenter {presenter}, lesson {lesson}");
        shown(&mut h, why);
    }
}

#[test]
fn save_and_reload_preset() {
    let mut h = app();
    h.get_by_label("h").set_value_accesskit(9.0);
    h.get_by_label("β").set_value_accesskit(3.5);
    h.run_steps(3);
    let saved = params(&h);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.ron");
    open_menu_item(&mut h, "File", "Save as by path…");
    type_path(&mut h, path.to_str().unwrap());
    assert!(path.exists(), "{:?}", h.state().notice());
    // Change something, then reload the saved file.
    h.get_by_label("h").set_value_accesskit(2.0);
    h.run_steps(3);
    assert_ne!(params(&h), saved);
    open_menu_item(&mut h, "File", "Open preset by path…");
    type_path(&mut h, path.to_str().unwrap());
    assert_eq!(params(&h), saved);
}

#[test]
fn shortcuts_window_lists_the_keys() {
    let mut h = app();
    open_menu_item(&mut h, "Help", "Keyboard shortcuts");
    h.get_by_label("Ctrl+Shift+S");
    h.get_by_label("Play / pause the schedule");
}

/// Splits exported CSV into its `# name` sections and checks each is rectangular: one header,
/// rows as wide as the header (quoted fields may hold commas). Returns the section names.
fn csv_sections(text: &str) -> Vec<String> {
    fn fields(line: &str) -> usize {
        let (mut n, mut quoted) = (1, false);
        for c in line.chars() {
            match c {
                '"' => quoted = !quoted,
                ',' if !quoted => n += 1,
                _ => {}
            }
        }
        n
    }
    let mut names = Vec::new();
    let mut width = None;
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("# ") {
            names.push(name.to_string());
            width = None;
        } else if let Some(w) = width {
            assert_eq!(
                fields(line),
                w,
                "row {line:?} in section {:?}",
                names.last()
            );
        } else {
            width = Some(fields(line));
        }
    }
    names
}

#[test]
fn export_csv_from_every_workspace_is_the_reports_csv() {
    use loadlab::model::registry::ModelId;
    let mut h = app();
    let dir = tempfile::tempdir().unwrap();
    for (i, model) in ModelId::ALL.into_iter().enumerate() {
        h.state_mut().send(loadlab::ui::app::Cmd::Switch(model));
        super::common::settle(&mut h);
        let path = dir.path().join(format!("export-{i}.csv"));
        if i == 0 {
            // The first one through the path field, as a user without a portal would.
            h.state_mut().send(loadlab::ui::app::Cmd::PromptPath(
                loadlab::ui::files::FileAction::ExportCsv,
            ));
            h.run_steps(2);
            type_path(&mut h, path.to_str().unwrap());
        } else {
            h.state_mut()
                .send(loadlab::ui::app::Cmd::ExportCsvTo(path.clone()));
        }
        super::common::settle(&mut h);
        let text = std::fs::read_to_string(&path).expect("exported");
        let expected =
            loadlab::report::csv(&h.state().preset().scenario, &loadlab::model::NoProgress)
                .unwrap();
        assert_eq!(text, expected, "{model:?}");
        let sections = csv_sections(&text);
        assert!(sections.len() >= 3, "{model:?}: {sections:?}");
        if model == ModelId::Divisible {
            assert!(text.contains("C simulated,") && text.contains("C closed form,"));
        }
    }
}

/// File ▸ Export JSON writes what the CLI's `--json` prints for the same scenario (run by
/// the binary, not the library), from every workspace.
#[test]
fn export_json_from_every_workspace_is_the_clis_json() {
    use loadlab::model::registry::ModelId;
    let mut h = app();
    let dir = tempfile::tempdir().unwrap();
    for (i, model) in ModelId::ALL.into_iter().enumerate() {
        h.state_mut().send(loadlab::ui::app::Cmd::Switch(model));
        super::common::settle(&mut h);
        let path = dir.path().join(format!("export-{i}.json"));
        h.state_mut()
            .send(loadlab::ui::app::Cmd::ExportJsonTo(path.clone()));
        super::common::settle(&mut h);
        let text = std::fs::read_to_string(&path).expect("exported");
        let preset = dir.path().join(format!("scenario-{i}.ron"));
        std::fs::write(&preset, h.state().preset().to_ron()).unwrap();
        let cli = super::common::run_text(&["eval", preset.to_str().unwrap(), "--json"]);
        assert_eq!(text, cli, "{model:?}");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert!(v.is_object(), "{model:?}");
    }
}

#[test]
fn dark_theme_from_the_view_menu() {
    let mut h = app();
    open_menu_item(&mut h, "View", "Dark theme");
    assert_eq!(h.ctx.theme(), egui::Theme::Dark);
    open_menu_item(&mut h, "View", "Light theme");
    assert_eq!(h.ctx.theme(), egui::Theme::Light);
}

/// A file dropped on the window, as the windowing integration hands it to egui.
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn dropping_a_preset_file_opens_it() {
    let mut h = app();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dropped.ron");
    std::fs::write(
        &path,
        "(version: 1, name: \"Dropped\", description: \"d\", scenario: Divisible((network: Tree, b: 3, h: 4, beta: 7.0, algorithm: Only(P))))",
    )
    .unwrap();
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path.clone())));
    h.run_steps(3);
    let p = params(&h);
    assert_eq!(
        (p.b, p.h, p.beta, p.algorithm),
        (3, 4, 7.0, AlgorithmChoice::Only(Method::P))
    );
    assert_eq!(h.state().preset().name, "Dropped");
    // Dropping a foreign file changes nothing and says why.
    let png = dir.path().join("picture.png");
    std::fs::write(&png, [0x89u8, b'P', b'N', b'G', 0, 1, 2]).unwrap();
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(png)));
    h.run_steps(3);
    assert_eq!(params(&h), p);
    shown(&mut h, "picture.png:1:1");
}

#[test]
fn presenter_mode_enlarges_type_and_folds_the_controls_away() {
    let mut h = app();
    assert!(h.query_by_label("Instance").is_some(), "controls shown");
    h.key_press(egui::Key::F5);
    h.run_steps(4);
    // 1.5 at 1280 × 720; this 1500 × 940 window is 1500/1280 as wide, and as much larger.
    assert_eq!(h.ctx.zoom_factor(), 1.5 * 1500.0 / 1280.0);
    assert!(h.query_by_label("Instance").is_none(), "controls folded");
    // Presenter mode is a stage: the folded drawer's « brings them back beside the picture
    // without leaving presenter mode.
    h.get_by_label("«").click();
    h.run_steps(3);
    assert!(h.query_by_label("Instance").is_some());
    // View ▸ Reset layout during a lecture keeps the projector's stage: presenter mode's own
    // layout again (the controls folded, its zoom), not the desk's.
    // (a zoom the presenter chose with Ctrl + goes back to the stage's too). Ctrl+0 goes
    // back to presenter mode's zoom, not egui's 1 (the desk's type on a projector).
    h.ctx.set_zoom_factor(2.5);
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num0);
    h.run_steps(3);
    assert_eq!(h.ctx.zoom_factor(), 1.5 * 1500.0 / 1280.0);
    h.ctx.set_zoom_factor(2.5);
    h.run_steps(2);
    h.state_mut().send(loadlab::ui::app::Cmd::ResetLayout);
    h.run_steps(4);
    assert_eq!(h.ctx.zoom_factor(), 1.5 * 1500.0 / 1280.0);
    assert!(
        h.query_by_label("Instance").is_none(),
        "controls folded again"
    );
    h.key_press(egui::Key::F5);
    h.run_steps(4);
    assert_eq!(h.ctx.zoom_factor(), 1.0);
    assert!(h.query_by_label("Numbers").is_some(), "numbers back");
}

/// On a 1920 × 1080 projector presenter mode shows 720p's slide with type 1.5 × larger again
/// (zoom 2.25), where it showed 720p's type on a room of 1280 × 720 points; leaving it
/// restores the zoom before.
#[test]
fn presenter_mode_on_a_full_hd_window_holds_the_room_of_720p() {
    let mut h = super::common::window(1920.0, 1080.0, None);
    // The slide's room: 1280 × 720 pixels at zoom 1.5.
    let slide = |h: &Harness<'static, LoadlabApp>, zoom: f32| {
        let room = h.ctx.content_rect().size();
        assert_eq!(h.ctx.zoom_factor(), zoom);
        assert!(
            (room - egui::vec2(1280.0, 720.0) / 1.5).length() < 1.0,
            "{room:?}"
        );
    };
    h.key_press(egui::Key::F5);
    h.run_steps(4);
    slide(&h, 2.25);
    // The window made smaller, to 1280 × 720 pixels (a size in points at the zoom in force,
    // as the windowing layer gives egui): the zoom follows it down to 1.5, the same room.
    h.set_size(egui::vec2(1280.0, 720.0) / 2.25);
    h.run_steps(4);
    slide(&h, 1.5);
    h.key_press(egui::Key::F5);
    h.run_steps(4);
    assert_eq!(h.ctx.zoom_factor(), 1.0);
}

/// On a 4:3 projector (1024 × 768) presenter mode lays out 720p's width, 853 points, with
/// type as large against the screen (zoom 1.2): at 1.5 the window held 683 × 512 points and
/// the lecture walk found text over text and a picture squeezed to a third of the window.
#[test]
fn presenter_mode_on_a_4_3_projector_holds_the_width_of_720p() {
    let mut h = super::common::window(1024.0, 768.0, None);
    h.key_press(egui::Key::F5);
    h.run_steps(4);
    assert!(
        (h.ctx.zoom_factor() - 1.2).abs() < 1e-4,
        "{}",
        h.ctx.zoom_factor()
    );
    let room = h.ctx.content_rect().size();
    assert!(
        (room - egui::vec2(1280.0 / 1.5, 640.0)).length() < 1.0,
        "{room:?}"
    );
}

/// Issue 24: a background job that fails (a panic caught on its worker) shows its message
/// where its result would be — through the one helper every region's wait goes through —
/// instead of a spinner forever.
#[test]
fn a_failed_job_shows_its_message_where_the_result_would_be() {
    use loadlab::jobs::{JobHandle, Keyed};
    // The app's fonts (they have "⚠") before the job can fail: its worker may fail in the
    // very frame that starts it, and egui's own fonts lack the glyph (the test failed so,
    // once in a loaded run). Fonts set in a frame serve from the next one.
    let mut fonts_in = false;
    let mut h = Harness::new_ui_state(
        move |ui, job: &mut Keyed<u32, u32>| {
            if !fonts_in {
                loadlab::ui::install_fonts(ui.ctx());
                fonts_in = true;
                ui.ctx().request_repaint();
                return;
            }
            JobHandle::poll(job);
            let work =
                |_: &dyn loadlab::model::Progress| -> Result<u32, loadlab::model::Cancelled> {
                    panic!("bad input 7")
                };
            if let Some(v) = loadlab::ui::widgets::requested(ui, job, 7, "failing", work) {
                ui.label(format!("value {v}"));
            }
        },
        Keyed::default(),
    );
    shown(
        &mut h,
        "Could not compute this: internal error: bad input 7",
    );
    // The failure stands: no spinner comes back and no new job starts for the same key.
    h.run_steps(3);
    assert!(h.query_all_by_label_contains("computing").next().is_none());
    assert!(!h.state().is_running());
}
