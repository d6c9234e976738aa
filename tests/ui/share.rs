//! Issue 26 in the app: Edit ▸ Copy link / Paste link, "↓ SVG" beside every "↓ PNG", and
//! File ▸ Export animation….

use std::path::PathBuf;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::link::Shared;
use loadlab::model::registry::ModelId;
use loadlab::preset::find_bundled;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::commands::StepCmd;
use loadlab::ui::workspace::Region;

use super::common::{harness, settle};

fn temp_dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("loadlab-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn menu(h: &mut Harness<'_, LoadlabApp>, menu: &str, item: &str) {
    h.get_by_label(menu).click();
    h.run_steps(2);
    h.get_by_label(item).click();
    h.run_steps(3);
}

/// Pastes `text` into the Paste link window and presses Open.
fn paste(h: &mut Harness<'_, LoadlabApp>, text: &str) {
    menu(h, "Edit", "Paste link…");
    let caption = "Share link (loadlab:1:…, or a lesson's #lesson=…)";
    let field = h.get_by_role_and_label(Role::MultilineTextInput, caption);
    field.focus();
    field.type_text(text);
    h.run_steps(2);
    h.get_by_label("Open").click();
    h.run_steps(3);
}

/// The 12-processor ring in front on its Gantt tab, the step bar at 3.
fn ring_on_gantt_at_step_3() -> (loadlab::preset::Preset, Harness<'static, LoadlabApp>) {
    let ring = find_bundled("redistribute-12-ring").unwrap();
    let mut h = harness(Some(ring.clone()));
    h.state_mut().send(Cmd::Select {
        picture: Some("Gantt".into()),
        plot: None,
        context: "test".into(),
    });
    for _ in 0..3 {
        h.state_mut().send(Cmd::Step(StepCmd::Forward));
        h.run_steps(1);
    }
    settle(&mut h);
    (ring, h)
}

#[test]
fn a_copied_link_opens_the_same_scenario_step_and_view() {
    let (ring, mut h) = ring_on_gantt_at_step_3();
    assert_eq!(h.state_mut().step_position(), 3);
    menu(&mut h, "Edit", "Copy link");
    let link = h
        .state()
        .copied_link()
        .expect("a link was copied")
        .to_string();
    let read = Shared::decode(&link).unwrap();
    assert_eq!(read.preset.scenario, ring.scenario);
    assert_eq!((read.step, read.picture.as_deref()), (3, Some("Gantt")));

    // Elsewhere: another model in front, at step 0.
    let small = find_bundled("treesweep-small").unwrap();
    h.state_mut().send(Cmd::Load(Box::new(small)));
    settle(&mut h);
    assert_eq!(h.state().desk().active, ModelId::TreeSweep);

    // A damaged link: the window says why, Open changes nothing.
    let desk = h.state().desk().clone();
    let mut damaged = link.clone();
    damaged.truncate(link.len() - 6);
    paste(&mut h, &damaged);
    assert!(h.query_all_by_label_contains("damaged").next().is_some());
    assert_eq!(h.state().desk(), &desk);
    h.get_by_label("Cancel").click();
    h.run_steps(2);

    // The link itself: the ring in front, on the Gantt tab, at step 3.
    paste(&mut h, &link);
    settle(&mut h);
    assert_eq!(h.state().desk().active, ModelId::Redistribute);
    assert_eq!(h.state().preset().scenario, ring.scenario);
    assert_eq!(h.state_mut().step_position(), 3);
    assert_eq!(h.state_mut().link().picture.as_deref(), Some("Gantt"));
    assert!(h.query_all_by_label("Paste link").next().is_none());
}

#[test]
fn every_figure_has_an_svg_button_and_its_svg_holds_text() {
    let dir = temp_dir("svg-figure");
    let mut h = harness(Some(find_bundled("redistribute-12-ring").unwrap()));
    let figures = h.state().drawn().len();
    assert!(figures >= 2);
    assert_eq!(h.query_all_by_label("↓ SVG").count(), figures);
    assert_eq!(h.query_all_by_label("↓ PNG").count(), figures);
    h.state_mut()
        .send(Cmd::ExportFigureSvg(Some(Region::Picture)));
    h.run_steps(2);
    let path = dir.join("picture.svg");
    h.state_mut().send(Cmd::ExportFigureTo(path.clone()));
    settle(&mut h);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains("SVG"), "{notice}");
    let text = std::fs::read_to_string(&path).expect("the SVG is written");
    let doc = roxmltree::Document::parse(&text).expect("XML");
    let texts: String = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .flat_map(|n| n.descendants().filter_map(|d| d.text()))
        .collect();
    assert!(texts.contains("P12"), "{texts}");
    assert!(doc.descendants().any(|n| n.has_tag_name("circle")));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn export_animation_writes_one_frame_per_step() {
    let dir = temp_dir("animation");
    let mut h = harness(Some(find_bundled("ksbf-table-1").unwrap()));
    h.state_mut().send(Cmd::Step(StepCmd::Last));
    h.run_steps(2);
    let steps = h.state_mut().step_position() + 1;
    assert!(steps > 5);
    let path = dir.join("run.gif");
    h.state_mut().send(Cmd::ExportAnimationTo(path.clone()));
    settle(&mut h);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains(&format!("{steps} frames")), "{notice}");
    let bytes = std::fs::read(&path).expect("the GIF is written");
    let mut d = gif::DecodeOptions::new()
        .read_info(bytes.as_slice())
        .unwrap();
    let mut n = 0;
    while d.read_next_frame().unwrap().is_some() {
        n += 1;
    }
    assert_eq!(n, steps);
    // A file that cannot be written (its folder is a file) is named once in the notice (it
    // was named twice: by the writer and by the notice).
    std::fs::write(dir.join("plain"), "").unwrap();
    let bad = dir.join("plain").join("run.gif");
    h.state_mut().send(Cmd::ExportAnimationTo(bad.clone()));
    settle(&mut h);
    let notice = h.state().notice().unwrap_or_default().to_string();
    let named = bad.display().to_string();
    assert!(
        notice.starts_with(&format!("Could not export the animation to {named}: ")),
        "{notice}"
    );
    assert_eq!(notice.matches(&named).count(), 1, "{notice}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn export_lesson_hand_out_writes_the_lesson_being_played() {
    let dir = temp_dir("handout");
    let mut h = harness(None);
    // No lesson: the menu entry is greyed and the command says why.
    h.state_mut().send(Cmd::ExportHandout);
    h.run_steps(2);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains("No lesson"), "{notice}");
    let rrv = super::common::lesson_named("rrv");
    h.state_mut().send(Cmd::StartLesson(rrv));
    settle(&mut h);
    let steps = h
        .state()
        .lesson_player()
        .expect("playing")
        .lesson()
        .steps
        .len();
    h.state_mut()
        .send(Cmd::ExportHandoutTo(dir.join("rrv.handout")));
    settle(&mut h);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.starts_with("Exported the hand-out"), "{notice}");
    let out = dir.join("rrv");
    for k in 1..=steps {
        assert!(out.join(format!("step-{k:02}.png")).is_file(), "page {k}");
    }
    assert!(out.join("handout.pdf").is_file());
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    // A figure per step, under each question's answer its figure after Reveal, and under
    // each exercise's Show the solution the algorithm's run.
    let lesson = h.state().lesson_player().expect("playing").lesson();
    let count = |has: fn(&loadlab::lesson::LessonStep) -> bool| {
        lesson.steps.iter().filter(|s| has(s)).count()
    };
    let questions = count(|s| s.question.is_some());
    let exercises = count(|s| s.exercise.is_some());
    assert_eq!(html.matches("<figure>").count(), steps);
    assert_eq!(html.matches("<svg").count(), steps + questions + exercises);
    assert!(questions > 0 && html.contains("Reveal"));
    assert!(exercises > 0 && html.contains("Show the solution"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// A browser downloads the hand-out as its one self-contained page, `NAME.html`: no folder,
/// no shots, no PDF (ten loose downloads, and the browser asking to allow them). The same
/// page as the folder's index.html: a figure per step, each question with its Reveal.
#[test]
fn a_hand_out_as_one_page_is_the_self_contained_page_alone() {
    use loadlab::ui::export::handout::{Form, Window, write};
    let dir = temp_dir("handout-page");
    let lesson = loadlab::lesson::BUNDLED[super::common::lesson_named("rrv")]
        .lesson()
        .unwrap();
    let window = Window {
        size: [1280, 720],
        presenter: true,
    };
    let out = dir.join("rrv-hand-out");
    let files = write::<LoadlabApp>(&lesson, window, &out, Form::Page, |_, _| {}).unwrap();
    assert_eq!(files, [dir.join("rrv-hand-out.html")]);
    assert!(!out.exists(), "a folder was made");
    let listed: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(listed.len(), 1, "{listed:?}");
    let html = std::fs::read_to_string(&files[0]).unwrap();
    assert_eq!(html.matches("<figure>").count(), lesson.steps.len());
    let questions = lesson.steps.iter().filter(|s| s.question.is_some()).count();
    assert_eq!(
        html.matches(">Reveal<").count(),
        questions,
        "one Reveal a question"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// With a lesson question open on the run, the animation (every step to the end, whose
/// captions hold the answer) and the run's CSV and JSON wait for Reveal: nothing is written;
/// after Reveal it is.
/// Copy link on a lesson's question step copies that step, not its scenario (whose link
/// opened the run bare, its answer in the Numbers); pasted, the step opens with its
/// question, still asked.
#[test]
fn a_link_copied_in_a_lesson_opens_its_step_with_the_question_asked() {
    let mut h = super::common::presenter_720p();
    super::common::open_step(&mut h, "li", 6);
    assert!(
        h.query_by_label("Reveal").is_some(),
        "step 6 asks a question"
    );
    h.state_mut().send(Cmd::CopyLink);
    h.run_steps(2);
    let link = h
        .state()
        .copied_link()
        .expect("a link was copied")
        .to_string();
    assert_eq!(link, "#lesson=li&step=6");
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(
        notice.starts_with("Copied a link to step 6 of “"),
        "{notice}"
    );
    h.state_mut().send(Cmd::LeaveLesson);
    settle(&mut h);
    assert!(h.state().lesson_player().is_none());
    // Pasted elsewhere: the lesson at step 6, its question open.
    h.state_mut().send(Cmd::Presenter(false));
    settle(&mut h);
    paste(&mut h, &link);
    settle(&mut h);
    let player = h.state().lesson_player().expect("the lesson plays");
    assert_eq!((player.lesson().name.as_str(), player.index()), ("li", 5));
    h.get_by_label("Reveal");
    // From another lesson, a link to li's step 2: the status bar names step 2 (it said
    // "back at step 6", where li was left).
    h.state_mut()
        .send(Cmd::StartLesson(super::common::lesson_named("rrv")));
    settle(&mut h);
    paste(&mut h, "#lesson=li&step=2");
    settle(&mut h);
    assert_eq!(h.state().lesson_player().unwrap().index(), 1);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.ends_with(": step 2 of 8"), "{notice}");
}

#[test]
fn exports_of_the_whole_run_wait_for_an_open_questions_answer() {
    let dir = temp_dir("animation-held");
    let mut h = super::common::presenter_720p();
    super::common::open_step(&mut h, "gao-rosenberg", 4);
    let path = dir.join("run.gif");
    h.state_mut().send(Cmd::ExportAnimationTo(path.clone()));
    settle(&mut h);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert_eq!(notice, loadlab::ui::app::ANIMATION_HELD);
    assert!(!path.exists(), "the animation was written");
    // Nor do the run's CSV and JSON, which hold its makespan.
    for (cmd, file) in [
        (Cmd::ExportCsvTo as fn(_) -> Cmd, "run.csv"),
        (Cmd::ExportJsonTo, "run.json"),
    ] {
        h.state_mut().send(cmd(dir.join(file)));
        settle(&mut h);
        let notice = h.state().notice().unwrap_or_default().to_string();
        assert_eq!(notice, loadlab::ui::app::REPORT_HELD);
        assert!(!dir.join(file).exists(), "{file} was written");
    }
    super::common::reveal(&mut h);
    h.state_mut().send(Cmd::ExportAnimationTo(path.clone()));
    h.state_mut().send(Cmd::ExportJsonTo(dir.join("run.json")));
    settle(&mut h);
    assert!(path.exists(), "no animation after Reveal");
    assert!(dir.join("run.json").exists(), "no JSON after Reveal");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Edit ▸ Copy as lesson step, pasted into a lesson file: the file checks, and opened in the
/// app its step shows the scenario, the step, the picture tab and the regions that were on
/// screen, its text what the scenario and the picture's caption said.
#[test]
fn a_step_copied_as_a_lesson_step_opens_as_it_was_shown() {
    let (ring, mut h) = ring_on_gantt_at_step_3();
    let shown = h.state().on_screen();
    menu(&mut h, "Edit", "Copy as lesson step");
    let step = h
        .state()
        .copied_step()
        .expect("a step was copied")
        .to_string();
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains("as a lesson step"), "{notice}");

    let text = format!("(name: \"mine\", title: \"Mine\", model: Redistribute, steps: [\n{step}])");
    let lesson = loadlab::lesson::parse("mine.ron", &text).expect("the pasted step reads");
    assert_eq!(lesson.check(), Vec::<String>::new());
    let s = &lesson.steps[0];
    assert_eq!(s.title, ring.name);
    assert_eq!(s.step, 3);
    assert_eq!(s.scenario.resolve().unwrap(), ring.scenario);
    let v = s.view.clone().unwrap();
    assert_eq!(v.picture.as_deref(), Some("Gantt"));
    assert_eq!(
        (v.controls, v.plots, v.numbers),
        (Some(shown.controls), Some(shown.plots), Some(shown.numbers))
    );
    // The text: the preset's description (not the caption, which says the run's totals).
    assert_eq!(s.text, ring.description);
    let caption = "3 of 4 rounds done";
    assert!(h.query_all_by_label_contains(caption).next().is_some());
    assert!(!s.text.contains(caption));

    // Opened as a file, elsewhere: the same view.
    let dir = temp_dir("copied-step");
    let file = dir.join("mine.ron");
    std::fs::write(&file, &text).unwrap();
    h.state_mut().send(Cmd::Load(Box::new(
        find_bundled("treesweep-small").unwrap(),
    )));
    settle(&mut h);
    h.state_mut().send(Cmd::OpenPath(file));
    settle(&mut h);
    assert_eq!(h.state().preset().scenario, ring.scenario);
    assert_eq!(h.state_mut().step_position(), 3);
    assert_eq!(h.state_mut().link().picture.as_deref(), Some("Gantt"));
    assert!(h.query_all_by_label_contains(caption).next().is_some());
}

/// A number's Copy as lesson question (a right click on its name), pasted into the step Copy
/// as lesson step wrote: the lesson checks and its answer is the run's number. T_5 at τ = 2.5
/// has T* = 10 (the grs lesson's Your turn states it). On Theorem 2's one-way ring, whose
/// counter-clockwise costs no link has, the check sets the clockwise costs alone, and its
/// makespan is 1 (the preset: P1 sends its item to P2 over c_{1,2} = 1).
#[test]
fn a_number_copied_as_a_lesson_question_is_asked_of_the_steps_run() {
    let small = find_bundled("treesweep-small").unwrap();
    let mut h = harness(Some(small.clone()));
    settle(&mut h);
    let answer = asked_in_a_pasted_step(&mut h, "T* (Fine-Grain, optimal)", "TreeSweep");
    assert_eq!(answer, loadlab::lesson::Answer::Number(10.0));
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains("→ optimal"), "{notice}");

    h.state_mut().send(Cmd::Load(Box::new(
        find_bundled("redistribute-theorem-2").unwrap(),
    )));
    settle(&mut h);
    let answer = asked_in_a_pasted_step(&mut h, "makespan", "Redistribute");
    assert_eq!(answer, loadlab::lesson::Answer::Number(1.0));
    let question = h.state().copied_question().unwrap().to_string();
    assert!(
        question.contains(r#""--cw", "1.0,100.0,1.0""#),
        "{question}"
    );
    assert!(!question.contains("--ccw"), "{question}");
}

/// Copies the step in front, then the number named `row` as a question (its right click),
/// pastes the question into the step, reads the one-step lesson of `model` and gives its
/// answer, after checking the lesson.
pub(super) fn asked_in_a_pasted_step(
    h: &mut Harness<'_, LoadlabApp>,
    row: &str,
    model: &str,
) -> loadlab::lesson::Answer {
    menu(h, "Edit", "Copy as lesson step");
    let step = h.state().copied_step().unwrap().to_string();
    h.query_all_by_label(row)
        .next()
        .unwrap_or_else(|| panic!("no row {row}"))
        .click_secondary();
    h.run_steps(2);
    h.get_by_label(loadlab::ui::widgets::numbers::ASK).click();
    h.run_steps(3);
    let question = h.state().copied_question().expect("a question was copied");
    let inside: String = question.lines().map(|l| format!("    {l}\n")).collect();
    let step = step.replace("    question: None,\n", &inside);
    let text = format!("(name: \"mine\", title: \"Mine\", model: {model}, steps: [\n{step}])");
    let lesson = loadlab::lesson::parse("mine.ron", &text).expect("the pasted question reads");
    assert_eq!(lesson.check(), Vec::<String>::new());
    let answers = lesson.answers(&loadlab::model::NoProgress).unwrap();
    answers[0]
        .clone()
        .expect("the step asks")
        .expect("an answer")
}

/// The label of the widget with the keyboard focus.
fn focused(h: &Harness<'_, LoadlabApp>) -> String {
    h.query_all(egui_kittest::kittest::By::new().predicate(|n| n.is_focused()))
        .next()
        .and_then(|n| n.accesskit_node().label())
        .unwrap_or_default()
}

/// Presses `key` until the focus is on a widget whose label `wanted` accepts.
fn key_to(h: &mut Harness<'_, LoadlabApp>, key: egui::Key, wanted: impl Fn(&str) -> bool) {
    for _ in 0..30 {
        if wanted(&focused(h)) {
            return;
        }
        h.key_press(key);
        h.run_steps(2);
    }
    panic!("{key:?} never reached it (at {:?})", focused(h));
}

/// The keyboard's way to a number's question: Edit ▸ Copy as lesson question lists the
/// numbers the region shows, each with its value, and Tab, the arrows and Enter alone copy
/// one (no pointer event). T_5 at τ = 2.5 has T* = 10 (grs's Your turn states it). With the
/// map in front, no numbers drawn, the entry is greyed out.
#[test]
fn the_edit_menu_copies_a_shown_number_as_a_question_by_the_keyboard() {
    use egui::Key;
    let mut h = harness(Some(find_bundled("treesweep-small").unwrap()));
    settle(&mut h);
    key_to(&mut h, Key::Tab, |l| l == "Edit");
    h.key_press(Key::Enter);
    h.run_steps(3);
    key_to(&mut h, Key::ArrowDown, |l| {
        l == loadlab::ui::widgets::numbers::ASK
    });
    h.key_press(Key::ArrowRight);
    h.run_steps(3);
    let entry = "T* (Fine-Grain, optimal) = 10";
    key_to(&mut h, Key::ArrowDown, |l| l == entry);
    h.key_press(Key::Enter);
    h.run_steps(4);
    let question = h.state().copied_question().expect("a question was copied");
    assert!(question.contains("field: \"optimal\""), "{question}");
    // Closed: only the region's own row reads so (its value's accessible label).
    assert_eq!(
        h.query_all_by_label(entry).count(),
        1,
        "the menu stayed open"
    );

    // The map in front, no numbers region drawn: nothing to list, the entry greyed out.
    h.state_mut().send(Cmd::View(loadlab::ui::app::View::Map));
    settle(&mut h);
    h.get_by_label("Edit").click();
    h.run_steps(3);
    let entry = h.get_by_label(loadlab::ui::widgets::numbers::ASK);
    assert!(entry.accesskit_node().is_disabled());
}

/// Edit ▸ Copy as command, run by the real binary (`--json` added), prints what `loadlab eval
/// PRESET --json` prints for the preset in front: the model's own command, on the sparse tree
/// and on Theorem 2's one-way ring (its clockwise costs alone: it has no other links).
#[test]
fn a_copied_command_prints_the_run_in_front() {
    let json = |args: &[&str]| -> serde_json::Value {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_loadlab"))
            .args(args)
            .arg("--json")
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {err}");
        serde_json::from_slice(&out.stdout).unwrap()
    };
    for preset in ["ksbf-sparse-tree", "redistribute-theorem-2"] {
        let mut h = harness(Some(find_bundled(preset).unwrap()));
        settle(&mut h);
        menu(&mut h, "Edit", "Copy as command");
        let line = h.state().copied_command().expect("a command").to_string();
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[0], "loadlab");
        assert_eq!(words[1], preset.split('-').next().unwrap(), "{line}");
        assert_eq!(json(&words[1..]), json(&["eval", preset]), "{line}");
    }
}

/// With Your turn on, the copied step is the exercise: the board's instruction its prompt
/// (without the description's "Your turn:" before it), passed at 6 of T_5's 9 nodes (τ = 2.5:
/// the grs lesson's top cluster), and the pasted step checks.
#[test]
fn a_step_copied_during_your_turn_is_its_exercise() {
    let mut h = harness(Some(find_bundled("treesweep-small").unwrap()));
    settle(&mut h);
    h.get_by_label("Your turn").click_accesskit();
    h.run_steps(3);
    menu(&mut h, "Edit", "Copy as lesson step");
    let step = h.state().copied_step().unwrap().to_string();
    let text = format!("(name: \"mine\", title: \"Mine\", model: TreeSweep, steps: [\n{step}])");
    let lesson = loadlab::lesson::parse("mine.ron", &text).unwrap();
    assert_eq!(lesson.check(), Vec::<String>::new());
    let e = lesson.steps[0].exercise.clone().expect("an exercise");
    assert!(
        e.prompt.starts_with("Click the node processor 0 runs"),
        "{}",
        e.prompt
    );
    assert_eq!(e.pass, 6);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(notice.contains("with its exercise"), "{notice}");
}
