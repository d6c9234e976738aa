//! The picture keeps its room on the projector stage (issue 34, "legible from the back of a
//! room"): in presenter mode at 1280 × 720 grs's tree leaves processor 0's timeline whole in
//! the picture, li's sweep plots lie inside the window, every ring is at least 60 % of the
//! stage's height across, every Gantt chart of up to 16 rows has bars at least 8 points
//! thick and a label on every row, and rrv's sends list shows no row cut — each at a lesson
//! step reached as a lecture reaches it, by Next from step 1.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::lesson::BUNDLED;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::widgets::gantt::{LABEL_CHART, ROW_LABEL_MARK, ROW_MARK, THINNEST_BAR_MARK};
use loadlab::ui::widgets::marks;
use loadlab::ui::widgets::ring::RING_MARK;
use loadlab::ui::widgets::step_bar::{LABEL_FIRST, LABEL_LAST};
use loadlab::ui::workspace::{CENTRE_MARK, Region};

use super::common::{presenter_720p, settle};

/// The 720p presenter at step `step` (from 1) of the bundled lesson in `file`, reached by Next.
fn at_step(file: &str, step: usize) -> Harness<'static, LoadlabApp> {
    let k = BUNDLED
        .iter()
        .position(|b| b.file == file)
        .unwrap_or_else(|| panic!("no bundled lesson {file}"));
    let mut h = presenter_720p();
    h.state_mut().send(Cmd::StartLesson(k));
    settle(&mut h);
    for i in 1..step {
        h.state_mut().send(Cmd::LessonStep(i));
        settle(&mut h);
    }
    h.run_steps(2);
    h
}

/// Where the region was drawn in the last frame.
fn room(h: &Harness<'static, LoadlabApp>, region: Region) -> egui::Rect {
    h.state()
        .drawn()
        .iter()
        .find(|d| d.region == region)
        .map(|d| d.room)
        .unwrap_or_else(|| panic!("no {region:?} drawn"))
}

#[test]
fn grs_keeps_processor_0s_timeline_whole_in_the_picture_at_720p_presenter() {
    // Step 1 (n = 5) and step 2 (rule (a)), where the tree is drawn with its timeline.
    for step in [1, 2] {
        let h = at_step("grs-treesweep.ron", step);
        let picture = room(&h, Region::Picture);
        let chart = h.get_by_label(LABEL_CHART).rect();
        assert!(
            picture.expand(1.0).contains_rect(chart),
            "step {step}: the Gantt chart {chart:?} is not whole in the picture {picture:?}"
        );
        let bar = marks::latest(&h.ctx, THINNEST_BAR_MARK).expect("bars drawn");
        assert!(
            bar.height() >= 8.0,
            "step {step}: the thinnest bar {bar:?} is under 8 points"
        );
    }
}

#[test]
fn li_sweep_plot_lies_inside_the_window_at_720p_presenter() {
    // Step 3 puts the plots in front (the h sweep); the switch above it brings the β sweep.
    let mut h = at_step("li-divisible.ron", 3);
    for (plot, then) in [
        ("plot: divisible_h_plot", Some("β sweep")),
        ("plot: divisible_beta_plot", None),
    ] {
        let window = h.ctx.content_rect();
        let r = h.get_by_label(plot).rect();
        assert!(
            window.contains_rect(r),
            "{plot} {r:?} is cut by the window {window:?}"
        );
        if let Some(switch) = then {
            h.get_by_label(switch).click();
            settle(&mut h);
            h.run_steps(2);
        }
    }
}

type H = Harness<'static, LoadlabApp>;

/// Every step of the bundled lesson `file` at the 720p presenter, reached one after the other
/// by Next from step 1 (as [`at_step`] does); `at(h, step)` on arrival at each.
fn each_step(file: &str, mut at: impl FnMut(&mut H, usize)) {
    let k = BUNDLED
        .iter()
        .position(|b| b.file == file)
        .unwrap_or_else(|| panic!("no bundled lesson {file}"));
    let steps = BUNDLED[k].lesson().expect("parses").steps.len();
    let mut h = presenter_720p();
    h.state_mut().send(Cmd::StartLesson(k));
    settle(&mut h);
    for i in 0..steps {
        if i > 0 {
            h.state_mut().send(Cmd::LessonStep(i));
            settle(&mut h);
        }
        h.run_steps(2);
        at(&mut h, i + 1);
    }
}

/// Clicks the first node named `label`, if there is one, and lets the app settle.
fn click(h: &mut H, label: &str) -> bool {
    let Some(node) = h.query_all_by_label(label).next() else {
        return false;
    };
    node.click();
    settle(h);
    h.run_steps(2);
    true
}

/// What a lecture does at an rrv step besides arriving: each chart beside the ring, the
/// step bar at its end and back, the drawer folded and unfolded; `look(h, what)` after each.
fn rrv_actions(h: &mut H, mut look: impl FnMut(&mut H, &str)) {
    look(h, "on arrival");
    for tab in ["δ bars", "sends", "Gantt"] {
        if click(h, tab) {
            look(h, tab);
            for (button, what) in [(LABEL_LAST, "at the end"), ("»", "drawer folded")] {
                if click(h, button) {
                    look(h, &format!("{tab}, {what}"));
                }
            }
            click(h, "«");
            click(h, LABEL_FIRST);
        }
    }
}

#[test]
fn every_ring_of_a_lesson_is_at_least_60_percent_of_the_stage_height_at_720p_presenter() {
    // The stage's height: the workspace's centre (CENTRE_MARK: the central panel's whole rect,
    // below the toolbars and above the status bar, where the picture and the pseudo-code
    // strip go; ≈ 405 points = 608 pixels at zoom 1.5); the ring's: its
    // outline (RING_MARK: the circle through the discs' outer edges).
    let mut rings = 0;
    for b in BUNDLED {
        each_step(b.file, |h, step| {
            let mut look = |h: &mut H, what: &str| {
                let Some(ring) = marks::latest(&h.ctx, RING_MARK) else {
                    return;
                };
                let stage = marks::latest(&h.ctx, CENTRE_MARK).expect("the centre is drawn");
                let share = ring.height() / stage.height();
                eprintln!(
                    "{} step {step} {what}: ring {:.0} of the stage {:.0} points ({:.0} %)",
                    b.file,
                    ring.height(),
                    stage.height(),
                    100.0 * share
                );
                assert!(
                    share >= 0.6,
                    "{} step {step} {what}: the ring {ring:?} is {:.0} % of the stage {stage:?}",
                    b.file,
                    100.0 * share
                );
                rings += 1;
            };
            if b.file.starts_with("rrv") {
                rrv_actions(h, &mut look);
            } else {
                look(h, "on arrival");
            }
        });
    }
    assert!(
        rings >= 10,
        "only {rings} rings were drawn along the lessons"
    );
}

#[test]
fn every_gantt_chart_of_a_lesson_has_bars_of_8_points_and_every_row_labelled_at_720p() {
    let mut charts = 0;
    for b in BUNDLED {
        each_step(b.file, |h, step| {
            let mut look = |h: &mut H, what: &str| {
                let rows = marks::latest_all(&h.ctx, ROW_MARK).len();
                if rows == 0 || rows > 16 {
                    return;
                }
                let labels = marks::latest_all(&h.ctx, ROW_LABEL_MARK).len();
                let bar = marks::latest(&h.ctx, THINNEST_BAR_MARK);
                eprintln!(
                    "{} step {step} {what}: {rows} rows, {labels} labels, thinnest bar {:?}",
                    b.file,
                    bar.map(|r| r.height())
                );
                assert_eq!(
                    labels, rows,
                    "{} step {step} {what}: rows unlabelled",
                    b.file
                );
                if let Some(bar) = bar {
                    assert!(
                        bar.height() >= 8.0,
                        "{} step {step} {what}: the thinnest bar {bar:?} is under 8 points",
                        b.file
                    );
                }
                charts += 1;
            };
            if b.file.starts_with("rrv") {
                rrv_actions(h, &mut look);
            } else {
                look(h, "on arrival");
                if click(h, "Gantt") {
                    look(h, "Gantt tab");
                    click(h, LABEL_LAST);
                    look(h, "Gantt tab, at the end");
                }
            }
        });
    }
    assert!(
        charts >= 10,
        "only {charts} Gantt charts were drawn along the lessons"
    );
}

#[test]
fn rrv_sends_list_shows_no_row_cut_at_720p_presenter() {
    each_step("rrv-redistribute.ron", |h, step| {
        if ![4, 6].contains(&step) {
            return;
        }
        assert!(click(h, "sends"), "step {step}: no sends tab");
        for (button, what) in [
            ("", "on arrival"),
            (LABEL_LAST, "at the end"),
            ("»", "drawer folded"),
            (LABEL_FIRST, "folded, at the start"),
        ] {
            if !button.is_empty() {
                click(h, button);
            }
            let picture = room(h, Region::Picture);
            let texts = super::walk_checks::texts(h);
            for t in texts
                .iter()
                .filter(|t| picture.contains(t.rect.left_top() + egui::vec2(1.0, 1.0)))
            {
                let seen = t.clip.is_none_or(|c| c.expand(1.0).contains_rect(t.rect));
                assert!(
                    seen && picture.expand(1.0).contains_rect(t.rect),
                    "step {step} {what}: {:?} at {:?} is cut (picture {picture:?}, view {:?})",
                    t.text,
                    t.rect,
                    t.clip
                );
            }
            // (At the end, folded or not, every send is done: nothing to list.)
            let listed = texts
                .iter()
                .any(|t| t.text.starts_with('P') && t.text.contains(" → P"));
            assert!(
                !matches!(what, "on arrival" | "folded, at the start") || listed,
                "step {step} {what}: no send listed"
            );
        }
        click(h, "«");
    });
}
