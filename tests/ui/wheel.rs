//! The wheel over a chart scrolls what the chart stands in — a phone's page, Compare's
//! page, a scrolled panel — and leaves the chart's view alone (a drag pans it). egui_plot
//! read the wheel without taking it, so where a chart sat in a page that scrolls, the page
//! scrolled and the chart panned at once: it slid away from its data as it went by.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::preset::BUNDLED;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::widgets::compare_plot::{PLOT_BOUNDS_MARK, PLOT_MARK};
use loadlab::ui::widgets::marks;

use super::common::settle;

/// The mouse wheel turned by `dy` points (negative: down the page) where the pointer is.
fn wheel(h: &mut Harness<'static, LoadlabApp>, dy: f32) {
    wheel_with(h, dy, egui::Modifiers::NONE);
}

/// The mouse wheel turned by `dy` points with `modifiers` held.
fn wheel_with(h: &mut Harness<'static, LoadlabApp>, dy: f32, modifiers: egui::Modifiers) {
    super::common::wheel(h, dy, modifiers);
    settle(h);
}

/// What the wheel did over the charts in sight, turned one notch down over each and back:
/// how many charts it met, under how many of them the page scrolled, and (named by `view`)
/// each chart whose view it moved.
fn wheel_over_charts(
    h: &mut Harness<'static, LoadlabApp>,
    view: &str,
) -> (usize, usize, Vec<String>) {
    let (mut met, mut scrolled, mut panned) = (0, 0, Vec::new());
    let charts = marks::latest_all(&h.ctx, PLOT_MARK);
    for (k, chart) in charts.iter().enumerate() {
        if chart.width() < 20.0 || chart.height() < 20.0 {
            continue;
        }
        met += 1;
        h.hover_at(chart.center());
        h.run_steps(2);
        let before = marks::latest_all(&h.ctx, PLOT_BOUNDS_MARK).get(k).copied();
        wheel(h, -120.0);
        let after = marks::latest_all(&h.ctx, PLOT_BOUNDS_MARK).get(k).copied();
        if after != before {
            panned.push(format!(
                "{view}: chart {k} showed {before:?}, then {after:?}"
            ));
        }
        let moved = marks::latest_all(&h.ctx, PLOT_MARK).get(k).copied();
        scrolled += usize::from(moved.is_some_and(|m| {
            (m.min - chart.min).length() > 0.5 || (m.max - chart.max).length() > 0.5
        }));
        // Back up the page, for the next chart to meet it where this one did.
        wheel(h, 120.0);
    }
    (met, scrolled, panned)
}

/// On a phone, upright and on its side, every bundled preset's charts (in the picture and
/// with the plots in front), and Compare's at 1280 × 720 too: the wheel leaves each chart's
/// view as it was, and scrolls the page where it can.
#[test]
fn the_wheel_over_a_chart_scrolls_the_page_not_the_chart() {
    let (mut still, mut panned) = (Vec::new(), Vec::new());
    let mut charts = 0;
    for (w, hh) in [(844.0, 390.0), (390.0, 844.0), (1280.0, 720.0)] {
        let mut h = super::common::window(w, hh, None);
        for (i, b) in BUNDLED.iter().enumerate() {
            let compare = b.file.starts_with("compare-");
            if w > 1000.0 && !compare {
                continue;
            }
            h.state_mut().send(Cmd::Bundled(i));
            h.run_steps(3);
            settle(&mut h);
            for front in ["", ", plots in front"] {
                if !front.is_empty() {
                    let Some(toggle) = h.query_all_by_label("Plots").next() else {
                        continue;
                    };
                    toggle.click();
                    h.run_steps(3);
                    settle(&mut h);
                }
                let view = format!("{w} × {hh}, {}{front}", b.file);
                let (met, scrolled, p) = wheel_over_charts(&mut h, &view);
                panned.extend(p);
                // (A phone's page on its side is shorter than its picture: it scrolls.)
                if w == 844.0 && met > 0 && scrolled == 0 {
                    still.push(view);
                }
                charts += met;
            }
        }
    }
    assert!(charts >= 20, "only {charts} charts met");
    assert!(
        panned.is_empty(),
        "the wheel panned:\n{}",
        panned.join("\n")
    );
    assert!(
        still.is_empty(),
        "the wheel did not scroll the page:\n{}",
        still.join("\n")
    );
}

/// Ctrl+wheel over a plot zooms it about the pointer, where the plot stands (in the desktop's
/// scrolled Plots panel at 1280 × 720).
#[test]
fn ctrl_and_the_wheel_zoom_a_plot_in_place() {
    let mut h = super::common::window(1280.0, 720.0, None);
    let chart = marks::latest_all(&h.ctx, PLOT_MARK)[0];
    let before = marks::latest_all(&h.ctx, PLOT_BOUNDS_MARK)[0];
    h.hover_at(chart.center());
    h.run_steps(2);
    let ctrl = egui::Modifiers {
        ctrl: true,
        command: true,
        ..Default::default()
    };
    wheel_with(&mut h, 120.0, ctrl);
    let after = marks::latest_all(&h.ctx, PLOT_BOUNDS_MARK)[0];
    assert!(
        after.width() < 0.9 * before.width(),
        "not zoomed in: {before:?}, then {after:?}"
    );
    // (Its left edge may move: the y axis's labels change width as it zooms.)
    let now = marks::latest_all(&h.ctx, PLOT_MARK)[0];
    assert!(
        (now.y_range().min - chart.y_range().min).abs() < 0.5
            && (now.y_range().max - chart.y_range().max).abs() < 0.5,
        "the plot moved from {chart:?} to {now:?}"
    );
}

/// A phone on its side: the picture scrolled down to its chart, Next brings the lesson's next
/// step from the top of its picture. The page stayed scrolled, the new step's caption and
/// step bar above the view.
#[test]
fn next_on_a_phone_shows_the_next_step_from_the_top_of_its_picture() {
    let mut h = super::common::window(844.0, 390.0, None);
    super::common::open_step(&mut h, "grs", 1);
    let top = h.get_by_label("Step").rect();
    h.hover_at(top.center());
    wheel(&mut h, -300.0);
    let scrolled = h.get_by_label("Step").rect();
    assert!(
        scrolled.top() < top.top() - 100.0,
        "the page did not scroll"
    );
    h.get_by_label("Next ▶").click();
    settle(&mut h);
    assert!(
        h.state().lesson_player().is_some_and(|p| p.index() == 1),
        "Next did not go to step 2"
    );
    let bar = h.get_by_label("Step").rect();
    assert!(
        (bar.top() - top.top()).abs() < 1.0,
        "step 2's step bar stands at {bar:?}, step 1's stood at {top:?}"
    );
    // Within a step the page stays where it is scrolled: stepping the run keeps it.
    h.hover_at(bar.center());
    wheel(&mut h, -300.0);
    let down = h.get_by_label("Step").rect();
    h.state_mut()
        .send(Cmd::Step(loadlab::ui::commands::StepCmd::Forward));
    settle(&mut h);
    let stepped = h.get_by_label("Step").rect();
    assert!(
        down.top() < top.top() - 100.0 && (stepped.top() - down.top()).abs() < 1.0,
        "scrolled to {down:?}, then a step put it at {stepped:?}"
    );
}
