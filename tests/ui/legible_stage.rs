//! Legible from the back of a room (issue 34, items 7 and 15): in presenter mode at 1280 × 720
//! (zoom 1.5, about 850 × 480 points) every question step's answer box and Reveal are in
//! sight without scrolling and a Gantt chart of 16 rows labels every row; on the desktop at
//! 1280 × 720 the numbers strip leaves the Gantt chart its room.

use egui_kittest::Harness;
use egui_kittest::kittest::{Queryable, by};
use loadlab::lesson::{BUNDLED as LESSONS, Lesson};
use loadlab::preset::find_bundled;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::widgets::gantt::ROW_LABEL_MARK;
use loadlab::ui::widgets::marks;
use loadlab::ui::workspace::Region;

use super::common::{settle, shown};

/// The app at `width` × `height` pixels in presenter mode, on `preset` if given.
fn presenter(width: f32, height: f32, preset: Option<&str>) -> Harness<'static, LoadlabApp> {
    let preset = preset.map(|n| find_bundled(n).unwrap_or_else(|| panic!("no preset {n}")));
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, height))
        .with_max_steps(50)
        .build_eframe(move |cc| LoadlabApp::new(cc, preset.clone()));
    settle(&mut h);
    h.state_mut().send(Cmd::Presenter(true));
    h.run_steps(3);
    settle(&mut h);
    h
}

#[test]
fn every_question_steps_answer_box_and_reveal_are_in_sight_at_720p_presenter() {
    let mut h = presenter(1280.0, 720.0, None);
    let mut questions = 0;
    for (k, b) in LESSONS.iter().enumerate() {
        let lesson: Lesson = b.lesson().expect("bundled lessons parse");
        h.state_mut().send(Cmd::StartLesson(k));
        settle(&mut h);
        for (i, step) in lesson.steps.iter().enumerate() {
            if step.question.is_none() {
                continue;
            }
            questions += 1;
            h.state_mut().send(Cmd::LessonStep(i));
            settle(&mut h);
            h.run_steps(2);
            let what = format!("{} step {}", lesson.name, i + 1);
            let window = h.ctx.content_rect();
            let drawer = h
                .state()
                .drawer_rect()
                .unwrap_or_else(|| panic!("{what}: no drawer"));
            let seen = drawer.intersect(window);
            let reveal = h.get_by_label("Reveal").rect();
            assert!(
                seen.contains_rect(reveal),
                "{what}: Reveal {reveal:?} is not in sight in the drawer {seen:?}"
            );
            // The answer box: the number field ("Your answer") or the choices' radio buttons.
            let q = step.question.as_ref().expect("a question");
            let boxes: Vec<egui::Rect> = h
                .query_all(by().predicate(|n| {
                    let label = n.label().unwrap_or_default();
                    (n.role() == egui::Role::TextInput && label == "Your answer")
                        || (n.role() == egui::Role::RadioButton && q.choices.contains(&label))
                }))
                .map(|n| n.rect())
                .collect();
            assert!(!boxes.is_empty(), "{what}: no answer box");
            for r in boxes {
                assert!(
                    seen.contains_rect(r),
                    "{what}: the answer box {r:?} is not in sight in the drawer {seen:?}"
                );
            }
        }
        h.state_mut().send(Cmd::LeaveLesson);
        settle(&mut h);
    }
    assert!(questions >= 10, "only {questions} question steps walked");
}

#[test]
fn a_16_row_gantt_labels_every_row_at_720p_presenter() {
    let mut h = presenter(1280.0, 720.0, Some("redistribute-hetero-16"));
    shown(&mut h, "processor P1");
    h.key_press(egui::Key::ArrowRight);
    settle(&mut h);
    h.get_by_label("Gantt").click();
    settle(&mut h);
    h.run_steps(2);
    let labels = marks::latest_all(&h.ctx, ROW_LABEL_MARK);
    assert_eq!(labels.len(), 16, "row labels: {labels:?}");
    let window = h.ctx.content_rect();
    for r in &labels {
        assert!(
            window.contains_rect(*r),
            "row label {r:?} out of the window"
        );
    }
}

#[test]
fn the_desktop_at_720p_leaves_the_gantt_chart_its_room() {
    // Not presenter mode: the controls, numbers and plots all open around the picture.
    let preset = find_bundled("divisible-table-1").expect("bundled");
    let mut h = super::common::window(1280.0, 720.0, Some(preset));
    h.run_steps(3);
    let window = h.ctx.content_rect();
    let numbers = marks::latest(&h.ctx, Region::Numbers.key()).expect("the numbers strip");
    assert!(
        numbers.height() <= 0.26 * window.height(),
        "the numbers take {numbers:?} of {window:?}"
    );
    let chart = h
        .get_by_label(loadlab::ui::widgets::gantt::LABEL_CHART)
        .rect();
    assert!(
        // 27 % measured after the export buttons' corner took a header row (it was ~14 %).
        chart.height() >= 0.25 * window.height(),
        "the Gantt chart is {chart:?} in {window:?}"
    );
}

/// Every word each bundled preset's view paints reads whole across (none cut at the side by
/// the picture or panel that clips it), on a phone held upright and on its side, at 1280 × 720
/// and 1920 × 1080, on the desktop and in presenter mode: its picture at the start and at its
/// last step, its plots where a toggle puts them in front (the stage, a phone), and once per
/// model its map. On a phone on its side, a 1000-processor ring's δ chart lost the last 0 of
/// "1000" at the page's bar, and the redistribution Compare panes cut the step bar's "Step"
/// (its row went beside the buttons) and wrapped the step's caption a word a line in a column
/// 70 points wide beside the ring.
#[test]
fn every_bundled_preset_s_words_read_whole_at_six_windows() {
    use loadlab::preset::BUNDLED;
    let windows = [
        (390.0, 844.0, false),
        (844.0, 390.0, false),
        (1280.0, 720.0, false),
        (1280.0, 720.0, true),
        (1920.0, 1080.0, false),
        (1920.0, 1080.0, true),
    ];
    let mut cut = Vec::new();
    for (w, hh, on_stage) in windows {
        let mut h = super::common::window(w, hh, None);
        if on_stage {
            h.state_mut().send(Cmd::Presenter(true));
            h.run_steps(3);
            settle(&mut h);
        }
        let mut mapped = std::collections::HashSet::new();
        for (i, b) in BUNDLED.iter().enumerate() {
            h.state_mut().send(Cmd::Bundled(i));
            h.run_steps(3);
            settle(&mut h);
            let model = b.preset().expect("bundled").scenario.model();
            let window = format!("{w} × {hh} (stage {on_stage}), {}", b.file);
            let found = views_read_whole(&mut h, mapped.insert(model));
            cut.extend(found.into_iter().map(|m| format!("{window} {m}")));
        }
    }
    assert!(cut.is_empty(), "cut across:\n{}", cut.join("\n"));
}

/// What [`super::walk_checks::painted_whole`] finds cut in the front preset's views: its
/// picture at the start and at its last step, its plots in front where the "Plots" toggle is
/// shown, and its map when `map`; each finding after the view's name.
fn views_read_whole(h: &mut Harness<'static, LoadlabApp>, map: bool) -> Vec<String> {
    use loadlab::ui::app::View;
    use loadlab::ui::workspace::StepCmd;
    let mut cut = Vec::new();
    let mut check = |h: &Harness<'static, LoadlabApp>, view: &str| {
        super::walk_checks::painted_whole(h, &mut |m| cut.push(format!("{view}: {m}")))
    };
    check(h, "at the start");
    h.state_mut().send(Cmd::Step(StepCmd::Last));
    h.run_steps(3);
    settle(h);
    check(h, "at the last step");
    if h.query_all_by_label("Plots").next().is_some() {
        h.query_all_by_label("Plots").next().expect("Plots").click();
        h.run_steps(3);
        settle(h);
        check(h, "plots in front");
    }
    if map {
        h.state_mut().send(Cmd::View(View::Map));
        h.run_steps(3);
        super::common::idle_within(h, 20, "the map still computes");
        check(h, "map");
        h.state_mut().send(Cmd::View(View::Workspace));
        h.run_steps(3);
        settle(h);
    }
    cut
}

/// On a phone, upright and on its side, every step caption of every bundled preset shows at
/// its first and last step all that its two rows hold: a phone has no hover, so each line
/// (headline and detail) wraps into the two rows kept for it, and only what runs past them
/// ends in "…" (a long press shows it whole). Before, on the phone's stage each line kept to
/// one row: "Step 0: 1 of 4 PEs busy, 1 right child sent…" upright, and on its side every
/// Compare pane's "t = 0: the root hol…".
#[test]
fn on_a_phone_every_step_caption_uses_its_two_rows() {
    use loadlab::preset::BUNDLED;
    use loadlab::ui::widgets::step_bar::CAPTION_MARK;
    use loadlab::ui::workspace::StepCmd;
    let (mut cut, mut whole, mut long) = (Vec::new(), 0, 0);
    for (w, hh) in [(390.0, 844.0), (844.0, 390.0)] {
        let mut h = super::common::window(w, hh, None);
        for (i, b) in BUNDLED.iter().enumerate() {
            h.state_mut().send(Cmd::Bundled(i));
            h.run_steps(3);
            settle(&mut h);
            for at in ["first", "last"] {
                if at == "last" {
                    h.state_mut().send(Cmd::Step(StepCmd::Last));
                    h.run_steps(3);
                    settle(&mut h);
                }
                let lines = marks::latest_all(&h.ctx, CAPTION_MARK);
                for t in super::common::text_shapes(&h) {
                    let r = t.galley.rect.translate(t.pos.to_vec2());
                    if !lines.iter().any(|l| l.expand(1.0).contains_rect(r)) {
                        continue;
                    }
                    let text = t.galley.text();
                    if !t.galley.elided {
                        whole += 1;
                    } else if t.galley.rows.len() < 2 {
                        cut.push(format!("{w} × {hh}, {} at its {at} step: {text:?}", b.file));
                    } else {
                        long += 1;
                    }
                }
            }
        }
    }
    assert!(cut.is_empty(), "cut to one row:\n{}", cut.join("\n"));
    // Most read whole; a few (a 20-level tree's per-level detail) run past two rows.
    assert!(
        whole > 5 * long && whole > 100,
        "{whole} lines whole, {long} past two rows"
    );
}
