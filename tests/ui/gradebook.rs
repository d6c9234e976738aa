//! The teacher's gradebook in the GUI: Homework ▸ Gradebook of a folder… grades every attempt
//! file of a folder again, one row each, opens a row's replay, re-checks with a course key.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::lesson::homework::personal;
use loadlab::lesson::homework::replay::Player;
use loadlab::model::registry::ModelId;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;

use super::common::{settle, shown};

/// `student`'s attempt on their personal geodecay instance (course CS101) playing `moves`,
/// handed in through the CLI to `dir/file` (the moves file goes elsewhere: the folder holds
/// what the students sent).
fn hand_in(dir: &std::path::Path, file: &str, student: &str, moves: &[bool]) {
    let elsewhere = tempfile::tempdir().unwrap();
    let m = elsewhere.path().join(format!("{file}.moves"));
    std::fs::write(&m, serde_json::to_string(moves).unwrap()).unwrap();
    let out = dir.join(file);
    let (m, o) = (m.to_str().unwrap(), out.to_str().unwrap());
    let args = [
        "exercise",
        "geodecay",
        "--student",
        student,
        "--course",
        "CS101",
    ];
    let rest = ["--moves", m, "--hand-in", o, "--json"];
    super::common::run_json(&[&args[..], &rest[..]].concat());
}

/// The optimal decisions on `student`'s personal instance, from the model's own player.
fn plan(student: &str) -> Vec<bool> {
    let s = personal::personal(ModelId::Geodecay, "CS101", student).unwrap();
    let mut p = Player::new(&s).unwrap();
    std::iter::from_fn(|| p.show_me().map(|(_, mv)| mv.as_bool().unwrap())).collect()
}

fn top(h: &Harness<'static, LoadlabApp>, label: &str) -> f32 {
    h.get_by_label(label).rect().top()
}

/// A class's folder: Emmy plays her instance through, optimally; Sophie gets her first
/// decision wrong and stops (file order puts Sophie first; score order, Emmy); Bob's file is
/// broken; five notes are no attempts. The lengths of Emmy's and Sophie's plans.
fn class_folder(dir: &std::path::Path) -> (usize, usize) {
    let emmy = plan("Emmy Noether");
    let sophie = plan("Sophie Germain");
    hand_in(dir, "b-emmy.json", "Emmy Noether", &emmy);
    hand_in(dir, "a-sophie.json", "Sophie Germain", &[!sophie[0]]);
    std::fs::write(dir.join("c-bob.json"), "{\"broken\": ").unwrap();
    for k in 1..=5 {
        std::fs::write(dir.join(format!("notes-{k}.txt")), "not an attempt").unwrap();
    }
    (emmy.len(), sophie.len())
}

#[test]
fn the_gradebook_grades_a_folder_opens_a_row_and_checks_a_course_key() {
    let dir = tempfile::tempdir().unwrap();
    let (n, m) = class_folder(dir.path());

    let mut h = super::common::window(1280.0, 720.0, None);
    h.state_mut()
        .send(Cmd::GradebookOf(dir.path().to_path_buf()));
    settle(&mut h);
    shown(
        &mut h,
        "2 attempts graded · 1 complete · first tries right: 50 % on average · 1 file could \
         not be graded",
    );
    shown(&mut h, &format!("{n} / {n} (100 %)"));
    shown(&mut h, &format!("0 / {m} (0 %)"));
    shown(&mut h, "not graded: not JSON");
    // The first notes on the folder, then how many more (each file skipped had a line).
    shown(&mut h, "notes-1.txt: not named .json");
    shown(&mut h, "… and 2 more notes");
    assert!(h.query_by_label_contains("notes-5.txt").is_none());
    assert!(
        top(&h, "a-sophie.json") < top(&h, "b-emmy.json"),
        "file order"
    );
    h.get_by_label("score").click();
    h.run_steps(3);
    assert!(
        top(&h, "b-emmy.json") < top(&h, "a-sophie.json"),
        "best score first"
    );

    // Another course's key: the instances are not those of these names in it.
    let field = h.get_by_role_and_label(Role::TextInput, "Course key");
    field.focus();
    field.type_text("CS102");
    h.run_steps(2);
    h.get_by_label("Grade again").click();
    settle(&mut h);
    shown(&mut h, "instance does not match the student's name");

    // Save as CSV… writes the table as `loadlab grade --csv` prints it (here through the path
    // field, as where no file dialog answers).
    assert!(
        !h.get_by_label("Save as CSV…")
            .accesskit_node()
            .is_disabled()
    );
    let saved = tempfile::tempdir().unwrap();
    let csv = saved.path().join("grades.csv");
    h.state_mut().send(Cmd::PromptPath(
        loadlab::ui::files::FileAction::GradebookCsv,
    ));
    h.run_steps(2);
    // The field holds what the file dialog would suggest: the folder's name and "grades",
    // in the folder the app runs in; it is selected, so that a path typed replaces it.
    let field = h.get_by_role_and_label(Role::TextInput, "File path");
    let suggested = field
        .accesskit_node()
        .value()
        .unwrap_or_default()
        .to_string();
    let folder_name = dir
        .path()
        .file_name()
        .unwrap()
        .to_str()
        .unwrap()
        .to_lowercase();
    let here = std::env::current_dir().unwrap();
    assert_eq!(
        std::path::Path::new(&suggested).parent(),
        Some(here.as_path()),
        "{suggested}"
    );
    assert!(
        suggested.ends_with("-grades.csv")
            && suggested.contains(folder_name.trim_start_matches('.')),
        "{suggested}"
    );
    field.type_text(csv.to_str().unwrap());
    h.run_steps(2);
    h.get_by_label("OK").click();
    settle(&mut h);
    let folder = dir.path().to_str().unwrap();
    // (It exits 1: c-bob.json could not be graded.)
    let cli = std::process::Command::new(env!("CARGO_BIN_EXE_loadlab"))
        .args(["grade", folder, "--course", "CS102", "--csv"])
        .output()
        .unwrap();
    let cli = String::from_utf8(cli.stdout).unwrap();
    assert!(cli.contains("c-bob.json"), "{cli}");
    assert_eq!(std::fs::read_to_string(&csv).expect("saved"), cli);
    assert!(
        h.state().notice().unwrap_or_default().contains("(3 rows)"),
        "{:?}",
        h.state().notice()
    );

    // A row opens its replay; the gradebook folds to its title bar at the bottom, off the
    // board the replay plays on.
    h.get_by_label("b-emmy.json").click();
    settle(&mut h);
    shown(&mut h, "Attempt replay");
    shown(&mut h, &format!("Graded from the moves: {n} / {n}"));
    h.run_steps(3);
    assert!(
        h.query_by_label("Grade again").is_none(),
        "the gradebook folds"
    );
    let screen = h.ctx.content_rect();
    let at = top(&h, "Gradebook");
    assert!(at > screen.center().y, "it folds to the bottom: at {at}");
}

/// A window folded aside (the gradebook when a row opens, bottom-left; the quiz by Show me,
/// bottom-right) reaches its corner at a real screen's 60 frames a second: there the fold
/// animates over several frames, and egui, keeping the unfolded height on the screen, held
/// the folding title up in the middle of the screen (kittest's usual 1/4 s step folds at once).
#[test]
fn a_window_folded_aside_reaches_its_corner_at_60_frames_a_second() {
    use loadlab::ui::widgets::dialog::aside;
    for corner in [egui::Align::Min, egui::Align::Max] {
        let id = egui::Id::unique("tall window");
        let mut frame = 0;
        let mut h = Harness::builder()
            .with_size(egui::vec2(853.0, 480.0))
            .with_step_dt(1.0 / 60.0)
            .build_ui(move |ui| {
                let ctx = &ui.ctx().clone();
                frame += 1;
                let window = egui::Window::new("Tall window")
                    .id(id)
                    .default_pos(egui::pos2(24.0, 60.0))
                    .default_width(780.0);
                let window = aside(ctx, window, id, (frame == 30).then_some(corner));
                window.show(ctx, |ui| {
                    ui.allocate_space(egui::vec2(760.0, 360.0));
                });
            });
        h.run_steps(20);
        let before = h.get_by_label("Tall window").rect();
        h.run_steps(100);
        let title = h.get_by_label("Tall window").rect();
        let screen = h.ctx.content_rect();
        // (No status bar here: it stands on the window's bottom edge.)
        assert!(
            title.top() > screen.center().y
                && (screen.bottom() - 6.0..=screen.bottom()).contains(&title.bottom()),
            "{corner:?}: the folded title at {title:?}"
        );
        match corner {
            egui::Align::Min => assert!(title.left() < 20.0, "{title:?}"),
            _ => assert!(screen.right() - title.right() < 20.0, "{title:?}"),
        }
        // Unfolded, it is back where it was (it unfolded from the corner, over the picture).
        loadlab::ui::widgets::dialog::set_folded(&h.ctx, id, false);
        h.run_steps(60);
        let title = h.get_by_label("Tall window").rect();
        assert!(
            (title.min - before.min).length() < 1.0,
            "{corner:?}: unfolded at {title:?}, was at {before:?}"
        );
    }
}
