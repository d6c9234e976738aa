//! The picture keeps its room on the projector stage (issue 34, "legible from the back of a
//! room"): in presenter mode at 1280 × 720 grs's tree leaves processor 0's timeline whole in
//! the picture, and li's sweep plots lie inside the window — each on arrival at a lesson
//! step, as a lecture reaches it.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::lesson::BUNDLED;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::widgets::gantt::{LABEL_CHART, THINNEST_BAR_MARK};
use loadlab::ui::widgets::marks;
use loadlab::ui::workspace::Region;

use crate::common::{presenter_720p, settle};

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
