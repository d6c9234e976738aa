//! Legible from the back of a room (issue 34, item 7): in presenter mode at 1280 × 720 (zoom
//! 1.5, about 850 × 480 points) every question step's answer box and Reveal are in sight
//! without scrolling, the ring's diameter is at least 60 % of the room the picture has, and a
//! Gantt chart of up to 16 rows labels every row with bars at least 8 points thick.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};
use loadlab::lesson::{BUNDLED as LESSONS, Lesson};
use loadlab::preset::find_bundled;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::widgets::gantt::{ROW_LABEL_MARK, THINNEST_BAR_MARK};
use loadlab::ui::widgets::marks;
use loadlab::ui::workspace::Region;

use crate::common::{settle, shown};

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

/// The room the picture had in the last frame.
fn picture_room(h: &Harness<'_, LoadlabApp>) -> egui::Rect {
    h.state()
        .drawn()
        .iter()
        .find(|d| d.region == Region::Picture)
        .map(|d| d.room)
        .expect("a picture drawn")
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
            let boxes: Vec<egui::Rect> = h
                .query_all(by().predicate(|n| {
                    matches!(
                        n.role(),
                        egui::Role::TextInput | egui::Role::RadioButton | egui::Role::SpinButton
                    )
                }))
                .map(|n| n.rect())
                .filter(|r| drawer.contains(r.center()) || r.top() >= drawer.bottom())
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

/// The extent (points) of the ring's discs: the larger side of their bounding box.
fn ring_diameter(h: &Harness<'_, LoadlabApp>, n: usize) -> f32 {
    let r = (1..=n)
        .map(|k| h.get_by_label(&format!("processor P{k}")).rect())
        .reduce(|a, b| a.union(b))
        .expect("discs");
    r.width().max(r.height())
}

#[test]
fn the_ring_takes_60_percent_of_the_pictures_height_at_720p_presenter() {
    for (name, n) in [("redistribute-12-ring", 12), ("redistribute-hetero-16", 16)] {
        let mut h = presenter(1280.0, 720.0, Some(name));
        shown(&mut h, "processor P1");
        // Into the run: arrows, the legend and the chart below or beside the ring.
        h.key_press(egui::Key::ArrowRight);
        settle(&mut h);
        let room = picture_room(&h);
        let d = ring_diameter(&h, n);
        assert!(
            d >= 0.6 * room.height(),
            "{name}: the ring is {d:.0} points across in a picture {:.0} tall",
            room.height()
        );
        // The drawer folded away: the picture has the stage, the ring 60 % of its height.
        let window = h.ctx.content_rect();
        assert!(h.state().drawer_rect().is_none(), "{name}: the drawer is open");
        assert!(
            d >= 0.6 * window.height() * 0.85,
            "{name}: the ring is {d:.0} points across on a stage {:.0} tall",
            window.height()
        );
    }
}

#[test]
fn a_16_row_gantt_labels_every_row_with_bars_8_points_thick_at_720p_presenter() {
    let mut h = presenter(1280.0, 720.0, Some("redistribute-hetero-16"));
    shown(&mut h, "processor P1");
    h.key_press(egui::Key::ArrowRight);
    settle(&mut h);
    h.get_by_label("Gantt").click();
    settle(&mut h);
    h.run_steps(2);
    let labels = marks::latest_all(&h.ctx, ROW_LABEL_MARK);
    assert_eq!(labels.len(), 16, "row labels: {labels:?}");
    let bar = marks::latest(&h.ctx, THINNEST_BAR_MARK).expect("bars drawn");
    assert!(bar.height() >= 8.0 - 0.01, "the thinnest bar is {bar:?}");
    let window = h.ctx.content_rect();
    for r in &labels {
        assert!(window.contains_rect(*r), "row label {r:?} out of the window");
    }
}
