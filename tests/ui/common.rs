//! Helpers shared by the UI tests.

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::ui::LoadlabApp;

/// Runs frames until the front workspace has no background job left (simulations, sweeps,
/// exports), polling the app's state; fails after 60 s.
pub fn settle(h: &mut Harness<'_, LoadlabApp>) {
    idle_within(h, 60, "background jobs did not finish");
    h.run_steps(2);
}

/// Runs frames until the app has no job left that the status bar would show; fails saying
/// `what` after `seconds`.
pub fn idle_within(h: &mut Harness<'_, LoadlabApp>, seconds: u64, what: &str) {
    let t0 = Instant::now();
    h.run_steps(2);
    while h.state_mut().busy() {
        assert!(t0.elapsed() < Duration::from_secs(seconds), "{what}");
        h.run_steps(1);
        pause_since(t0);
    }
}

/// The pause between two frames of a test waiting for a job that began at `t0`: 2 ms at
/// first, growing with the wait to 40 ms. A frame of the whole app costs about as much CPU as
/// the wait's first pauses, so at a fixed 2 ms a job of some seconds had the test draw
/// hundreds of frames beside it, on the cores the job needs.
pub fn pause_since(t0: Instant) {
    let pause = (t0.elapsed() / 8).clamp(Duration::from_millis(2), Duration::from_millis(40));
    std::thread::sleep(pause);
}

/// Waits (running frames, up to 30 s: background jobs are slower on a loaded machine) until a
/// node whose label contains `text` is on screen; fails the test otherwise.
pub fn shown<S>(h: &mut Harness<'_, S>, text: &str) {
    let t0 = Instant::now();
    while h.query_all_by_label_contains(text).next().is_none() {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "{text:?} is not shown"
        );
        h.run_steps(1);
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The app in a 1500 × 940 window, opened on `initial` (or the default scenario), after its
/// first background jobs have landed.
#[allow(dead_code)]
pub fn harness(initial: Option<loadlab::preset::Preset>) -> Harness<'static, LoadlabApp> {
    window(1500.0, 940.0, initial)
}

/// The app in a `width` × `height` window, opened on `initial` (or the default scenario),
/// settled.
#[allow(dead_code)]
pub fn window(
    width: f32,
    height: f32,
    initial: Option<loadlab::preset::Preset>,
) -> Harness<'static, LoadlabApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, height))
        .with_max_steps(50)
        .build_eframe(move |cc| LoadlabApp::new(cc, initial.clone()));
    settle(&mut h);
    h
}

/// The app on its default scenario at the projector stage: a 1280 × 720 window in presenter
/// mode, settled.
#[allow(dead_code)]
pub fn presenter_720p() -> Harness<'static, LoadlabApp> {
    let mut h = window(1280.0, 720.0, None);
    h.state_mut().send(loadlab::ui::app::Cmd::Presenter(true));
    h.run_steps(3);
    settle(&mut h);
    h
}

/// The app switched to the model whose rail entry reads `rail`.
#[allow(dead_code)]
pub fn app_on(rail: &str) -> Harness<'static, LoadlabApp> {
    let mut h = harness(None);
    h.get_by_label(rail).click();
    settle(&mut h);
    h
}

/// Opens the bundled lesson `file` at its (first) exercise step and lets it settle.
pub fn exercise_step(h: &mut Harness<'_, LoadlabApp>, file: &str) {
    let k = loadlab::lesson::BUNDLED
        .iter()
        .position(|b| b.file == file)
        .expect("bundled");
    let lesson = loadlab::lesson::BUNDLED[k].lesson().expect("parses");
    let i = lesson
        .steps
        .iter()
        .position(|s| s.exercise.is_some())
        .expect("an exercise step");
    h.state_mut().send(loadlab::ui::app::Cmd::StartLesson(k));
    settle(h);
    h.state_mut().send(loadlab::ui::app::Cmd::LessonStep(i));
    settle(h);
}

/// A bundled lesson's index in `loadlab::lesson::BUNDLED`, by its file.
pub fn bundled_lesson(file: &str) -> usize {
    loadlab::lesson::BUNDLED
        .iter()
        .position(|b| b.file == file)
        .unwrap_or_else(|| panic!("no bundled lesson {file}"))
}

/// The room of `region` as drawn in the last frame, as far as it was in view (a phone's
/// page scrolls), if it was.
pub fn room_of(
    h: &Harness<'_, LoadlabApp>,
    region: loadlab::ui::workspace::Region,
) -> Option<egui::Rect> {
    h.state()
        .drawn()
        .iter()
        .find(|d| d.region == region)
        .map(|d| d.shown)
}

/// A node's text (a label's is its value).
#[allow(dead_code)]
pub fn text_of(n: &egui_kittest::Node<'_>) -> Option<String> {
    use egui_kittest::kittest::NodeT;
    let a = n.accesskit_node();
    a.label().or_else(|| a.value())
}

/// The command between the backticks of the line starting with `lead` ("Same search:"), after
/// checking that it carries every one of `flags`.
#[allow(dead_code)]
pub fn printed_command(h: &Harness<'_, LoadlabApp>, lead: &str, flags: &[&str]) -> String {
    let line = h
        .query_all_by_label_contains(lead)
        .find_map(|n| text_of(&n))
        .unwrap_or_else(|| panic!("no {lead:?} line"));
    let cmd = line.split('`').nth(1).expect("a command in backticks");
    assert!(!cmd.contains('…'), "placeholders: {cmd}");
    for flag in flags {
        assert!(cmd.contains(flag), "{flag} missing in {cmd}");
    }
    cmd.to_string()
}

/// The JSON the printed `loadlab …` command gives, run as a process with `--json`.
#[allow(dead_code)]
pub fn command_json(cmd: &str) -> serde_json::Value {
    let mut args: Vec<&str> = cmd.split_whitespace().skip(1).collect();
    args.push("--json");
    run_json(&args)
}

/// What the `loadlab` binary prints on stdout for `args` (it must succeed).
#[allow(dead_code)]
pub fn run_text(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_loadlab"))
        .args(args)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "loadlab {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// [`run_text`] read as JSON.
#[allow(dead_code)]
pub fn run_json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&run_text(args)).expect("JSON")
}

/// Every text the last frame painted, with its rectangle (a widget's words, and the words
/// drawn by hand: a plot's legend, a picture's labels).
#[allow(dead_code)]
pub fn painted_texts<S>(h: &Harness<'_, S>) -> Vec<(String, egui::Rect)> {
    painted_rows(h)
        .into_iter()
        .map(|(t, r, _)| (t, r))
        .collect()
}

/// [`painted_texts`] with each text's number of lines.
#[allow(dead_code)]
pub fn painted_rows<S>(h: &Harness<'_, S>) -> Vec<(String, egui::Rect, usize)> {
    text_shapes(h)
        .into_iter()
        .map(|t| {
            let r = t.galley.rect.translate(t.pos.to_vec2());
            (t.galley.text().to_owned(), r, t.galley.rows.len())
        })
        .collect()
}

/// Every text shape painted in the last frame.
#[allow(dead_code)]
pub fn text_shapes<S>(h: &Harness<'_, S>) -> Vec<egui::epaint::TextShape> {
    let mut out = Vec::new();
    let mut shapes: Vec<&egui::epaint::Shape> =
        h.output().shapes.iter().map(|c| &c.shape).collect();
    while let Some(s) = shapes.pop() {
        match s {
            egui::epaint::Shape::Vec(v) => shapes.extend(v.iter()),
            egui::epaint::Shape::Text(t) => out.push(t.clone()),
            _ => {}
        }
    }
    out
}

/// Clicks the drawer's tab `tab` (nothing when the drawer has none).
#[allow(dead_code)]
pub fn drawer_tab(h: &mut Harness<'_, LoadlabApp>, tab: &str) {
    let drawer = h.state().drawer_rect().expect("a drawer");
    let node = h
        .query_all_by_label(tab)
        .find(|n| drawer.contains(n.rect().center()));
    if let Some(n) = node {
        n.click();
        settle(h);
    }
}

/// The app in presenter mode at 1280 × 720 on bundled lesson `file`, at 0-based step `index`.
#[allow(dead_code)]
pub fn stage_lesson(file: &str, index: usize) -> Harness<'static, LoadlabApp> {
    use loadlab::ui::app::Cmd;
    let mut h = presenter_720p();
    h.state_mut().send(Cmd::StartLesson(bundled_lesson(file)));
    settle(&mut h);
    h.state_mut().send(Cmd::LessonStep(index));
    settle(&mut h);
    h
}

/// Answers nothing and presses the open question's Reveal (the drawer's Lesson tab in front
/// on the stage).
pub fn reveal(h: &mut Harness<'_, LoadlabApp>) {
    if h.state().drawer_rect().is_some() {
        drawer_tab(h, "Lesson");
    }
    h.get_by_label("Reveal").scroll_to_me();
    h.run_steps(2);
    h.get_by_label("Reveal").click_accesskit();
    settle(h);
}

/// Waits (up to 20 s) for the lesson player to have its open question's answer.
pub fn wait_for_answer(h: &mut Harness<'_, LoadlabApp>) {
    for _ in 0..400 {
        if h.state()
            .lesson_player()
            .is_some_and(|p| p.answer().is_some())
        {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.run_steps(1);
    }
    settle(h);
}

/// The index of the bundled lesson named `name` (as `Cmd::StartLesson` takes it).
#[allow(dead_code)]
pub fn lesson_named(name: &str) -> usize {
    loadlab::lesson::BUNDLED
        .iter()
        .position(|b| b.lesson().is_ok_and(|l| l.name == name))
        .unwrap_or_else(|| panic!("no bundled lesson {name}"))
}

/// Opens bundled lesson `name` at 1-based `step`, waits for its answer, and gives the
/// step's scenario.
pub fn open_step(
    h: &mut Harness<'_, LoadlabApp>,
    name: &str,
    step: usize,
) -> loadlab::model::registry::Scenario {
    use loadlab::ui::app::Cmd;
    let bundled = loadlab::lesson::BUNDLED;
    let k = lesson_named(name);
    h.state_mut().send(Cmd::StartLesson(k));
    settle(h);
    h.state_mut().send(Cmd::LessonStep(step - 1));
    settle(h);
    wait_for_answer(h);
    let lesson = bundled[k].lesson().expect("parses");
    lesson.steps[step - 1].scenario.resolve().expect("resolves")
}

/// The bundled preset `name`'s plot `plot` chosen (the Plots panel shown): whether its axes
/// are logarithmic, as the "log x" and "log y" boxes say.
#[allow(dead_code)]
pub fn plot_axes_are_log(name: &str, plot: &str) -> (bool, bool) {
    use egui::accesskit::Toggled;
    use egui_kittest::kittest::NodeT;
    let mut h = harness(Some(loadlab::preset::find_bundled(name).expect("bundled")));
    if h.query_all_by_label("Copy CSV").next().is_none() {
        h.get_by_label("Plots panel").click_accesskit();
        settle(&mut h);
    }
    h.state_mut().send(loadlab::ui::app::Cmd::Select {
        picture: None,
        plot: Some(plot.to_owned()),
        context: "test".into(),
    });
    settle(&mut h);
    let on = |label: &str| h.get_by_label(label).accesskit_node().toggled() == Some(Toggled::True);
    (on("log x"), on("log y"))
}

/// A storage in memory (what eframe persists between runs).
#[derive(Default, Clone)]
pub struct Memory(std::collections::HashMap<String, String>);

impl eframe::Storage for Memory {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// Help ▸ `submenu` opened, as a pointer opens it (the menu clicked, the submenu hovered):
/// its entries are on screen to click.
#[allow(dead_code)]
pub fn help_submenu<S>(h: &mut Harness<'_, S>, submenu: &str) {
    h.get_by_label("Help").click();
    h.run_steps(2);
    h.get_by_label(submenu).hover();
    h.run_steps(2);
}

/// The mouse wheel turned by `dy` points (negative: down the page) with `modifiers` held,
/// where the pointer is.
#[allow(dead_code)]
pub fn wheel<S>(h: &mut Harness<'_, S>, dy: f32, modifiers: egui::Modifiers) {
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, dy),
        modifiers,
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
    });
}

/// Types `text` over what the number field `label` holds and presses Enter (the edit ends).
#[allow(dead_code)]
pub fn enter_number<S>(h: &mut Harness<'_, S>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label(label).type_text(text);
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
}

/// The value of the number field `label`.
#[allow(dead_code)]
pub fn number_in<S>(h: &Harness<'_, S>, label: &str) -> f64 {
    h.get_by_label(label)
        .accesskit_node()
        .numeric_value()
        .unwrap_or_else(|| panic!("{label:?} holds no number"))
}
