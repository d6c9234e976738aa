//! The lesson player (issue 13), driven like a student would; the quiz windows are in
//! `quizzes.rs`.

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::lesson::{Highlight, StepScenario, find_bundled};
use loadlab::model::registry::{ModelId, Scenario};
use loadlab::model::treesweep::TreeSweepParams;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::workspace::Region;

use super::common::{settle, shown};

/// The app at projector size.
pub(super) fn app() -> Harness<'static, LoadlabApp> {
    super::common::window(1280.0, 720.0, None)
}

pub(super) fn on_screen(h: &Harness<'_, LoadlabApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// Help ▸ Lessons ▸ `title`.
fn start_from_menu(h: &mut Harness<'_, LoadlabApp>, title: &str) {
    super::common::help_submenu(h, "Lessons");
    h.get_by_label(title).click();
    settle(h);
}

pub(super) fn index(h: &Harness<'_, LoadlabApp>) -> usize {
    h.state().lesson_player().expect("a lesson runs").index()
}

fn tree_sweep(h: &Harness<'_, LoadlabApp>) -> TreeSweepParams {
    match &h.state().desk().page().scenario {
        Scenario::TreeSweep(p) => p.clone(),
        other => panic!("not a tree sweep: {other:?}"),
    }
}

pub(super) fn answer_field(h: &mut Harness<'_, LoadlabApp>, label: &str, text: &str) {
    let field = h.get_by_role_and_label(Role::TextInput, label);
    field.focus();
    field.type_text(text);
    h.run_steps(2);
}

#[test]
fn walk_the_tree_sweep_lesson_answer_wrong_then_right_back_and_leave() {
    let mut h = app();
    let lesson = find_bundled("grs").unwrap();
    start_from_menu(&mut h, &lesson.title);
    assert_eq!(h.state().desk().active, ModelId::TreeSweep);
    assert_eq!(index(&h), 0);
    let steps = lesson.steps.len();
    shown(&mut h, &format!("step 1 of {steps}"));
    // Step 1 loads the bundled preset n = 5, τ = 2.5.
    let p = tree_sweep(&h);
    assert_eq!((p.n, p.tau), (5, 2.5));

    // Predict first: the numbers (which hold T*) wait for Reveal. A 1280-point window with a
    // lesson is a stage, whose drawer keeps its Numbers tab, T* reading "?" there; no note
    // under the step's text says so (it cost the line the text needed).
    assert!(!on_screen(&h, "Fine-Grain is optimal"));
    assert!(!on_screen(&h, "give the answer away"));
    h.get_by_label("Numbers").click();
    settle(&mut h);
    shown(&mut h, "T* (Fine-Grain, optimal) = ?");
    shown(&mut h, "T*/T_PY = ?");
    assert!(!on_screen(&h, "Fine-Grain is optimal"));
    h.get_by_label("Lesson").click();
    settle(&mut h);
    // A typo is not a prediction: Enter keeps the field, its text and the answer back, and
    // says why next to it; Reveal waits for a number.
    answer_field(&mut h, "Your answer", "3l");
    h.key_press(Key::Enter);
    settle(&mut h);
    assert!(!h.state().lesson_player().unwrap().revealed());
    assert!(!on_screen(&h, "Answer:"));
    shown(&mut h, &format!("“3l” {}", loadlab::ui::question::TYPO));
    assert!(h.get_by_label("Reveal").accesskit_node().is_disabled());
    // Still in the field: Backspace and a digit mend it.
    h.key_press(Key::Backspace);
    h.get_by_role_and_label(Role::TextInput, "Your answer")
        .type_text("1");
    h.run_steps(2);
    assert_eq!(
        h.get_by_role_and_label(Role::TextInput, "Your answer")
            .value()
            .as_deref(),
        Some("31")
    );
    assert!(!on_screen(&h, loadlab::ui::question::TYPO));
    // Predict wrong, reveal: the model's answer (T* = 10, confirmed by the exhaustive search
    // for n ≤ 5) and the verdict; the numbers come back.
    h.get_by_label("Reveal").click();
    settle(&mut h);
    shown(&mut h, "Answer: 10");
    shown(&mut h, "Not quite: you said 31");
    // The verdict comes first, above the answer and its explanation (under them it fell
    // below the drawer's fold at 720p).
    let top =
        |h: &egui_kittest::Harness<'_, _>, text: &str| h.get_by_label_contains(text).rect().top();
    assert!(top(&h, "Not quite: you said 31") < top(&h, "Answer: 10"));
    assert!(h.state().lesson_player().unwrap().revealed());
    // With a lesson open a 1280-point window is a stage: the numbers are the drawer's leaf
    // beside the lesson's, one click away (the explanation stays in front).
    h.get_by_label("Numbers").click();
    settle(&mut h);
    shown(&mut h, "✓ Fine-Grain is optimal");
    shown(&mut h, "exhaustive 10, Fine-Grain 10");
    h.get_by_label("Lesson").click();
    settle(&mut h);
    // A revealed prediction is final (issue 34): no field is left to type the shown answer
    // into, nor a second Reveal; the verdict names the reply.
    assert!(
        h.query_by_role_and_label(Role::TextInput, "Your answer")
            .is_none()
    );
    assert!(h.query_by_label("Reveal").is_none());
    assert!(h.query_by_label_contains("✓ Right").is_none());
    shown(&mut h, "Not quite: you said 31");

    // Next: step 2 keeps the scenario and puts the step bar at the lesson's position.
    h.get_by_label("Next ▶").click();
    settle(&mut h);
    h.run_steps(3);
    assert_eq!(index(&h), 1);
    shown(&mut h, &format!("step 2 of {steps}"));
    assert_eq!(h.state_mut().step_position(), lesson.steps[1].step);
    // Back: step 1 again, its answer still revealed with the reply kept.
    h.get_by_label("◀ Back").click();
    settle(&mut h);
    assert_eq!(index(&h), 0);
    shown(&mut h, "Not quite: you said 31");

    // → after a click inside the player walks the steps; it stops at the last one.
    h.get_by_label(&lesson.title).click();
    h.run_steps(2);
    for k in 1..lesson.steps.len() {
        h.key_press(Key::ArrowRight);
        settle(&mut h);
        assert_eq!(index(&h), k, "→ to step {}", k + 1);
    }
    h.key_press(Key::ArrowRight);
    h.run_steps(2);
    assert_eq!(index(&h), lesson.steps.len() - 1);
    shown(&mut h, &format!("step {steps} of {steps}"));
    let last = match &lesson.steps.last().unwrap().scenario {
        StepScenario::Inline(Scenario::TreeSweep(p)) => p.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(tree_sweep(&h), last);
    // "Try it yourself": the controls are shown; change n like a student.
    assert!(on_screen(&h, "Try it yourself"));

    // Leave: back to the free explorer with the last scenario.
    h.get_by_label("Leave lesson").click();
    settle(&mut h);
    assert!(h.state().lesson_player().is_none());
    assert!(!on_screen(&h, "Leave lesson"));
    assert_eq!(h.state().desk().active, ModelId::TreeSweep);
    assert_eq!(tree_sweep(&h), last);
}

#[test]
fn a_choice_question_is_graded_by_the_model() {
    let mut h = app();
    let lesson = find_bundled("gao-rosenberg").unwrap();
    start_from_menu(&mut h, &lesson.title);
    h.get_by_label("Next ▶").click();
    settle(&mut h);
    shown(&mut h, "step 2 of 7");
    // The choices and Reveal share a row (a row of its own for Reveal cost the step's text a
    // line at 720p).
    let last = h.get_by_role_and_label(Role::RadioButton, "3").rect();
    let reveal = h.get_by_label("Reveal").rect();
    assert!(
        last.y_range().contains(reveal.center().y) && reveal.left() > last.right(),
        "Reveal {reveal:?} is not beside the choices {last:?}"
    );
    // Lemma 1.1(a): right, left, right has weight 2, so node 13 runs on P_2 of R_4.
    h.get_by_role_and_label(Role::RadioButton, "3").click();
    h.run_steps(2);
    h.get_by_label("Reveal").click();
    settle(&mut h);
    shown(&mut h, "Answer: 2");
    shown(&mut h, "Not quite: you said 3");
    // The choices are final once revealed: none is left to click.
    assert!(h.query_by_role_and_label(Role::RadioButton, "2").is_none());
    assert!(h.query_by_label_contains("✓ Right").is_none());
    shown(&mut h, "Not quite: you said 3");
}

#[test]
fn a_lesson_file_opens_from_file_open_and_a_broken_one_leaves_the_desk_alone() {
    let dir = std::env::temp_dir().join(format!("loadlab-ui-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("teacher.ron");
    std::fs::write(
        &good,
        r#"(name: "teacher", title: "A teacher's lesson", model: Ksbf, steps: [
    (title: "Grids", text: "A pyramidal grid on a ring: Lemma 1.1(b) puts node <k, l> on P_(k mod p).",
     scenario: Inline(Ksbf((shape: Grid, n: 5, p: 3)))),
    (title: "Trees", text: "Back to trees.", scenario: Preset("ksbf-t16-r8")),
])"#,
    )
    .unwrap();
    let mut h = app();
    h.state_mut().send(Cmd::OpenPath(good.clone()));
    settle(&mut h);
    let player = h.state().lesson_player().expect("the lesson started");
    assert_eq!(player.lesson().title, "A teacher's lesson");
    shown(&mut h, "step 1 of 2");
    match &h.state().desk().page().scenario {
        Scenario::Ksbf(p) => assert_eq!((p.n, p.p), (5, 3)),
        other => panic!("{other:?}"),
    }
    h.get_by_label("Leave lesson").click();
    settle(&mut h);

    let bad = dir.join("broken.ron");
    std::fs::write(
        &bad,
        "(name: \"b\", title: \"B\", model: Ksbf,\n steps: [(title: \"x\", txt: \"y\")])",
    )
    .unwrap();
    let before = h.state().desk().clone();
    h.state_mut().send(Cmd::OpenPath(bad.clone()));
    settle(&mut h);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(
        notice.contains("broken.ron:2:") && notice.contains("txt"),
        "{notice}"
    );
    assert!(h.state().lesson_player().is_none());
    assert_eq!(h.state().desk().page().scenario, before.page().scenario);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts the bundled lesson named `name` and goes to step `i` (0-based).
fn at_step(h: &mut Harness<'_, LoadlabApp>, name: &str, i: usize) {
    if h.state().lesson_player().map(|p| p.lesson().name.as_str()) != Some(name) {
        let k = loadlab::lesson::BUNDLED
            .iter()
            .position(|b| b.lesson().is_ok_and(|l| l.name == name))
            .expect("a bundled lesson");
        h.state_mut().send(Cmd::StartLesson(k));
        settle(h);
    }
    h.state_mut().send(Cmd::LessonStep(i));
    settle(h);
    h.run_steps(2);
}

#[test]
fn lesson_steps_switch_the_picture_tab_and_the_plot() {
    let mut h = app();
    // Gao–Rosenberg step 3 shows the Gantt chart, step 4 the ring and the work-per-PE plot.
    at_step(&mut h, "gao-rosenberg", 2);
    let view = h.state().front_view();
    assert!(view.contains("picture:Gantt"), "{view}");
    at_step(&mut h, "gao-rosenberg", 3);
    let view = h.state().front_view();
    assert!(
        view.contains("picture:Ring") && view.contains("plot:Work"),
        "{view}"
    );
    // Li step 3 plots the speedup over h; the try-it step the speedup over β.
    at_step(&mut h, "li", 2);
    let view = h.state().front_view();
    assert!(view.contains("h_quantity:Speedup"), "{view}");
    // Li's "how much faster is P?" shows P's pipeline, not the Q of the step before it.
    at_step(&mut h, "li", 5);
    let view = h.state().front_view();
    assert!(view.contains("(shown:P,"), "{view}");
    at_step(&mut h, "li", 6);
    assert!(h.state().front_view().contains("beta_quantity:Speedup"));
    // Grs: P.Y's schedule, then back to Fine-Grain with the ratio plot.
    at_step(&mut h, "grs", 4);
    assert!(h.state().front_view().contains("shown:Py"));
    at_step(&mut h, "grs", 5);
    let view = h.state().front_view();
    assert!(
        view.contains("shown:FineGrain") && view.contains("plot:Ratio"),
        "{view}"
    );
    // Rrv: the Gantt tab of the redistribution picture.
    at_step(&mut h, "rrv", 1);
    assert!(h.state().front_view().contains("lower:Gantt"));
    // A step looks the same however it is reached: back from P.Y's step 5, step 4 (which
    // names no picture) shows Fine-Grain, as it does reached by Next; back from the Gantt
    // of step 2, rrv's step 1 shows the δ bars.
    at_step(&mut h, "grs", 4);
    at_step(&mut h, "grs", 3);
    assert!(h.state().front_view().contains("shown:FineGrain"));
    at_step(&mut h, "rrv", 1);
    at_step(&mut h, "rrv", 0);
    let view = h.state().front_view();
    assert!(view.contains("lower:Bars"), "{view}");
}

/// What a step shows: the workspace's view (picture, plot, step bar), the step bar's position,
/// whether the future is hidden, the scenario and the regions drawn with their rooms.
fn look(h: &mut Harness<'static, LoadlabApp>) -> String {
    let regions: Vec<String> = h
        .state()
        .drawn()
        .iter()
        .map(|d| format!("{:?} {:?}", d.region, d.room))
        .collect();
    // Every text on screen, with where it is (not the status bar's passing messages).
    let status = h.ctx.content_rect().bottom() - 24.0;
    let texts: Vec<String> = super::walk_checks::texts(h)
        .into_iter()
        .filter(|t| t.rect.top() < status)
        .map(|t| format!("{:?} {:?} {:?} {}", t.role, t.text, t.rect, t.on))
        .collect();
    format!(
        "{} | at {} | future hidden {} | {:?} | {regions:?} | {texts:#?}",
        h.state().front_view(),
        h.state_mut().step_position(),
        h.state().hides_future(),
        h.state().preset().scenario,
    )
}

/// A lecture is a path: every step of every bundled lesson looks the same however the teacher
/// reaches it — the lesson's start, Next (from the step before), Back (from the step after),
/// or the step counter (from the first step).
#[test]
fn every_lesson_step_looks_the_same_however_it_is_reached() {
    walk_every_way(&mut app());
}

/// The same on the stage (presenter mode, as a lecture is given).
#[test]
fn every_lesson_step_looks_the_same_however_it_is_reached_on_the_stage() {
    walk_every_way(&mut super::common::presenter_720p());
}

/// Reaches every step of every bundled lesson each way and compares what it shows.
fn walk_every_way(h: &mut Harness<'static, LoadlabApp>) {
    for b in loadlab::lesson::BUNDLED {
        let lesson = b.lesson().unwrap();
        let n = lesson.steps.len();
        // The lesson's start (the one before was another lesson's).
        at_step(h, &lesson.name, 0);
        let mut first = Some(look(h));
        for i in 0..n {
            let mut ways: Vec<(String, String)> = first
                .take()
                .map(|l| ("the start".into(), l))
                .into_iter()
                .collect();
            let from = [
                (i.checked_sub(1), "Next"),
                ((i + 1 < n).then_some(i + 1), "Back"),
                ((i > 1).then_some(0), "the counter"),
            ];
            for (k, how) in from.into_iter().filter_map(|(k, how)| Some((k?, how))) {
                at_step(h, &lesson.name, k);
                at_step(h, &lesson.name, i);
                ways.push((format!("{how} from step {}", k + 1), look(h)));
            }
            for (how, seen) in &ways[1..] {
                // Only the lines that differ, each way's.
                let (a, b): (Vec<&str>, Vec<&str>) =
                    (ways[0].1.lines().collect(), seen.lines().collect());
                let only = |x: &[&str], y: &[&str]| -> Vec<String> {
                    x.iter()
                        .filter(|l| !y.contains(l))
                        .map(|l| l.to_string())
                        .collect()
                };
                assert!(
                    a == b,
                    "{} step {}: {} shows {:#?}, {how} shows {:#?}",
                    lesson.name,
                    i + 1,
                    ways[0].0,
                    only(&a, &b),
                    only(&b, &a)
                );
            }
        }
    }
}

/// Every highlight of every bundled lesson is on screen when its step is shown: a control
/// highlight frames the control captioned so (a caption the workspace does not have would
/// draw nothing and fail here), a region highlight frames the region.
#[test]
fn every_bundled_highlight_is_outlined_around_its_control_or_region() {
    let mut h = app();
    let mut outlined = 0;
    for b in loadlab::lesson::BUNDLED {
        let lesson = b.lesson().expect("bundled lessons parse");
        for (i, step) in lesson.steps.iter().enumerate() {
            at_step(&mut h, &lesson.name, i);
            let rect = h.state().lesson_player().unwrap().outlined();
            let Some(highlight) = &step.highlight else {
                assert_eq!(rect, None, "{} step {}", lesson.name, i + 1);
                continue;
            };
            let rect = rect.unwrap_or_else(|| {
                panic!(
                    "{} step {}: {highlight:?} is not outlined",
                    lesson.name,
                    i + 1
                )
            });
            match highlight {
                Highlight::Control(caption) => {
                    // The framed row holds the control named after the caption.
                    let inside = h
                        .query_all_by_label(caption)
                        .any(|n| rect.contains_rect(n.rect()));
                    assert!(
                        inside,
                        "{} step {}: {caption:?} at {rect:?}",
                        lesson.name,
                        i + 1
                    );
                    assert!(rect.height() < 80.0, "one row, not the column: {rect:?}");
                }
                Highlight::Region(area) => {
                    let drawn = h.state().drawn().to_vec();
                    let room = match area {
                        Region::Picture | Region::Plots => drawn.iter().find(|d| d.region == *area),
                        _ => None,
                    };
                    if let Some(d) = room {
                        assert!(
                            rect.contains_rect(d.room),
                            "{area:?}: {rect:?} {:?}",
                            d.room
                        );
                    }
                    assert!(rect.width() > 200.0, "{area:?}: {rect:?}");
                }
            }
            outlined += 1;
        }
    }
    assert!(outlined >= 7, "{outlined} highlights");
}

/// On a phone, upright and on its side in presenter mode, every bundled highlight is framed
/// (a control's with the drawer's Controls leaf in front), in the window and above the status
/// bar: the plots on a phone's page run below the view, and
/// rrv step 7's frame was drawn round the whole page, over the status bar, at 844 × 390.
#[test]
fn a_highlight_on_a_phone_stays_above_the_status_bar() {
    for (w, hh, stage) in [(844.0, 390.0, true), (390.0, 844.0, false)] {
        let mut h = super::common::window(w, hh, None);
        if stage {
            h.state_mut().send(Cmd::Presenter(true));
            h.run_steps(3);
            settle(&mut h);
        }
        let mut framed = 0;
        for b in loadlab::lesson::BUNDLED {
            let lesson = b.lesson().expect("bundled lessons parse");
            for (i, step) in lesson.steps.iter().enumerate() {
                if step.highlight.is_none() {
                    continue;
                }
                at_step(&mut h, &lesson.name, i);
                // On the stage and a phone a control's frame shows with the drawer's Controls
                // leaf in front.
                if matches!(step.highlight, Some(Highlight::Control(_))) {
                    super::common::drawer_tab(&mut h, "Controls");
                    h.run_steps(2);
                }
                let player = h.state().lesson_player().unwrap();
                let Some(rect) = player.outlined() else {
                    panic!("{w} × {hh}, {} step {}: not framed", lesson.name, i + 1);
                };
                let status = h.get_by_label("ready").rect();
                let at = format!("{w} × {hh}, {} step {}: {rect:?}", lesson.name, i + 1);
                assert!(
                    rect.max.y < status.min.y,
                    "{at} over the status bar {status:?}"
                );
                assert!(
                    rect.min.x >= 0.0 && rect.max.x <= w,
                    "{at} out of the window"
                );
                framed += 1;
            }
        }
        assert!(framed >= 10, "{w} × {hh}: {framed} highlights framed");
    }
}

#[test]
fn li_step_3_hides_the_future_of_its_plot_until_the_timeline_ends() {
    let mut h = app();
    at_step(&mut h, "li", 1);
    // Step 2's question is open: the future waits for Reveal (predict, then see).
    assert!(h.state().hides_future());
    h.get_by_label("Reveal").click();
    settle(&mut h);
    assert!(!h.state().hides_future(), "revealed: the whole run again");
    // Step 3: the speedup-vs-h plot would show this tree's answer; it stops short of h = 15.
    at_step(&mut h, "li", 2);
    assert!(h.state().hides_future());
    let plot = "plot: divisible_h_plot";
    let value = |h: &Harness<'_, LoadlabApp>| {
        h.get_by_label(plot)
            .accesskit_node()
            .numeric_value()
            .expect("the plot reports its points")
    };
    let hidden = value(&h);
    // Stepping the timeline to its end shows no more: the step's question (S_N at this h)
    // is still open, and the instance's point is its answer.
    h.key_press(Key::End);
    settle(&mut h);
    assert_eq!(value(&h), hidden, "the open question's point stays hidden");
    // Reveal shows the whole sweep.
    h.get_by_label("Reveal").click();
    settle(&mut h);
    let whole = value(&h);
    assert!(hidden < whole, "{hidden} of {whole} points");
    // Still hidden on the next step, shown again for the T_C/T_P question.
    at_step(&mut h, "li", 3);
    assert!(h.state().hides_future());
    at_step(&mut h, "li", 4);
    assert!(!h.state().hides_future());
    // Going back re-applies the lesson's choice.
    at_step(&mut h, "li", 2);
    assert!(h.state().hides_future());
}

/// A lesson file of `steps` (RON step tuples) on KS-BF, in a fresh temporary folder.
fn ksbf_lesson_file(name: &str, steps: &[String]) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("loadlab-ui-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.ron"));
    let text = format!(
        "(name: \"{name}\", title: \"Lesson {name}\", model: Ksbf, steps: [{}])",
        steps.join(",\n")
    );
    std::fs::write(&file, text).unwrap();
    (dir, file)
}

/// A step on a small grid whose question runs `command`.
fn ksbf_step(title: &str, command: &[&str]) -> String {
    let words: Vec<String> = command.iter().map(|w| format!("{w:?}")).collect();
    format!(
        r#"(title: "{title}", text: "A grid on a ring.", scenario: Inline(Ksbf((shape: Grid, n: 5, p: 3))),
           question: Some((prompt: "Makespan?", kind: Number, explanation: "KS-BF.",
             check: (command: [{}], field: "makespan"))))"#,
        words.join(", ")
    )
}

#[test]
fn a_lesson_over_its_budget_opens_with_a_message_and_computes_nothing() {
    // Four questions on KS-BF's grid at its limit: about 8 s each, 10 s for the lesson.
    let steps: Vec<String> = (1..=4)
        .map(|p| {
            let p = p.to_string();
            ksbf_step(
                &format!("Grid {p}"),
                &["ksbf", "--shape", "grid", "--n", "23169", "--p", &p],
            )
        })
        .collect();
    let (dir, file) = ksbf_lesson_file("heavy", &steps);
    let mut h = app();
    let t0 = std::time::Instant::now();
    h.state_mut().send(Cmd::OpenPath(file));
    settle(&mut h);
    // The lesson is open on its first step, with its scenario.
    assert_eq!(
        h.state().lesson_player().expect("the lesson opens").index(),
        0
    );
    shown(&mut h, "step 1 of 4");
    match &h.state().desk().page().scenario {
        Scenario::Ksbf(p) => assert_eq!((p.n, p.p), (5, 3)),
        other => panic!("{other:?}"),
    }
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(
        notice.contains("no answers") && notice.contains("step 2 “Grid 2”"),
        "{notice}"
    );
    // Reveal: the reason instead of an answer, at once (nothing ran).
    h.get_by_label("Reveal").click();
    settle(&mut h);
    shown(&mut h, "The check failed: step 2 “Grid 2”");
    assert!(t0.elapsed().as_secs_f64() < 20.0);
    assert!(!h.state_mut().busy());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_check_holding_a_deep_power_chain_shows_an_error_and_the_app_keeps_running() {
    let chain = vec!["1"; 100_000].join("^");
    let steps = [
        ksbf_step("Deep", &["ksbf", "--n", &chain]),
        ksbf_step("Small", &["ksbf", "--n", "4", "--p", "2"]),
    ];
    let (dir, file) = ksbf_lesson_file("deep", &steps);
    let mut h = app();
    h.state_mut().send(Cmd::OpenPath(file));
    settle(&mut h);
    shown(&mut h, "step 1 of 2");
    h.get_by_label("Reveal").click();
    settle(&mut h);
    shown(&mut h, "is not a number (longer than 64 characters)");
    // The other question is answered: the app and its worker are alive.
    h.get_by_label("Next ▶").click();
    settle(&mut h);
    h.get_by_label("Reveal").click();
    settle(&mut h);
    shown(&mut h, "Answer: ");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each lesson step whose text explains one moment of the run opens on that moment: what its
/// caption says is what the text explains.
#[test]
fn lesson_steps_open_on_the_moment_their_text_explains() {
    let mut h = app();
    for (lesson, i, caption) in [
        // Grs step 2 explains rule (a), step 3 rule (b) and inequality (4).
        ("grs", 1, "rule (a): an internal node"),
        ("grs", 2, "rule (b): a new boundary node; inequality (4)"),
        // Rrv step 4 explains Fig. 4's δ_max = 2 rules (Steps 10–18); its question's answer
        // is 2, so the caption reads δ_max = ? until Reveal, but names the special rules.
        ("rrv", 3, "round 1: δ_max = ? (special rules, Steps 10–18)"),
    ] {
        at_step(&mut h, lesson, i);
        shown(&mut h, caption);
    }
}

/// The status bar does not repeat the lesson's and the step's titles, which the lesson's
/// player shows (it read "Renard–Robert–Vivien: redistributing data on a ring: Slices and
/// Lemma 1's bound — unsaved" under the player saying both), on the desktop and on the stage;
/// with another drawer tab in front it names the step, never a file.
#[test]
fn the_status_bar_does_not_repeat_the_lessons_title() {
    let k = loadlab::lesson::BUNDLED
        .iter()
        .position(|b| b.file == "rrv-redistribute.ron")
        .expect("bundled");
    for presenter in [false, true] {
        let mut h = super::common::harness(None);
        if presenter {
            h.state_mut().send(Cmd::Presenter(true));
            settle(&mut h);
        }
        h.state_mut().send(Cmd::StartLesson(k));
        settle(&mut h);
        shown(&mut h, "Slices and Lemma 1's bound");
        let repeated: Vec<String> = h
            .query_all_by_label_contains("redistributing data on a ring: Slices")
            .filter_map(|n| {
                let a = n.accesskit_node();
                a.label().or_else(|| a.value())
            })
            .collect();
        assert!(repeated.is_empty(), "presenter {presenter}: {repeated:?}");
        if presenter {
            // With another tab in front the status names the step, but a step is no file:
            // it read "… Slices and Lemma 1's bound — unsaved".
            super::common::drawer_tab(&mut h, "Controls");
            shown(
                &mut h,
                "redistributing data on a ring: Slices and Lemma 1's bound",
            );
            let file = h.query_all_by_label_contains("unsaved").count();
            assert_eq!(file, 0, "a lesson step's status names no file");
        }
    }
}

/// Every control caption a lesson step may highlight (`Control("β")`, the model's list that
/// `lesson --check` holds a step to) is one the model's workspace draws and marks on its
/// default instance or a bundled preset, and every caption drawn there is listed: a checked
/// highlight always has something to go round, and none is refused that would.
#[test]
fn every_control_a_lesson_may_highlight_is_drawn() {
    use loadlab::preset::BUNDLED;
    let mut h = app();
    let mut drawn: std::collections::BTreeMap<ModelId, std::collections::BTreeSet<String>> =
        Default::default();
    let mut look = |h: &mut Harness<'static, LoadlabApp>, m: ModelId| {
        let keys = loadlab::ui::widgets::marks::keys(&h.ctx);
        drawn.entry(m).or_default().extend(
            keys.iter()
                .filter_map(|k| k.strip_prefix("control:").map(str::to_string)),
        );
    };
    for m in ModelId::ALL {
        h.state_mut().send(Cmd::Switch(m));
        settle(&mut h);
        look(&mut h, m);
    }
    for (i, b) in BUNDLED.iter().enumerate() {
        h.state_mut().send(Cmd::Bundled(i));
        h.run_steps(3);
        settle(&mut h);
        look(&mut h, b.preset().unwrap().scenario.model());
    }
    for m in ModelId::ALL {
        let listed: std::collections::BTreeSet<String> = loadlab::lesson::views::controls(m)
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(listed, drawn[&m], "{m:?}: listed, drawn");
    }
}
