//! A wheel over a chart moves the chart and nothing else. egui_plot reads the wheel without
//! taking it, so where a chart sits in a page that scrolls (a phone's picture, Compare's
//! panes and overlay) the page scrolled away under the pointer while the chart panned: the
//! chart slid out from under the pointer it followed.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::preset::BUNDLED;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::widgets::compare_plot::PLOT_MARK;
use loadlab::ui::widgets::marks;

use super::common::settle;

/// Turns the wheel one notch down over each chart in sight; what moved with it, named by
/// `view`: a chart whose frame the wheel moved.
fn wheel_over_charts(h: &mut Harness<'static, LoadlabApp>, view: &str) -> Vec<String> {
    let window = h.ctx.content_rect();
    let mut moved = Vec::new();
    let charts = marks::latest_all(&h.ctx, PLOT_MARK);
    for (k, chart) in charts.iter().enumerate() {
        let seen = chart.intersect(window);
        if seen.width() < 20.0 || seen.height() < 20.0 {
            continue;
        }
        h.hover_at(seen.center());
        h.run_steps(2);
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -120.0),
            modifiers: egui::Modifiers::NONE,
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
        });
        settle(h);
        let after = marks::latest_all(&h.ctx, PLOT_MARK);
        match after.get(k) {
            // (Its left edge may move: the y axis's labels widen as the chart pans.)
            Some(a) if (a.top() - chart.top()).abs() < 0.5 => {}
            a => moved.push(format!("{view}: chart {k} at {chart:?} went to {a:?}")),
        }
    }
    moved
}

/// On a phone, upright and on its side, every bundled preset's charts (in the picture and
/// with the plots in front), and Compare's at 1280 × 720 too: the wheel pans the chart under
/// the pointer and leaves the page where it was.
#[test]
fn a_wheel_over_a_chart_leaves_the_page_where_it_is() {
    let mut moved = Vec::new();
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
            let view = format!("{w} × {hh}, {}", b.file);
            charts += marks::latest_all(&h.ctx, PLOT_MARK).len();
            moved.extend(wheel_over_charts(&mut h, &view));
            if h.query_all_by_label("Plots").next().is_some() {
                h.query_all_by_label("Plots").next().expect("Plots").click();
                h.run_steps(3);
                settle(&mut h);
                charts += marks::latest_all(&h.ctx, PLOT_MARK).len();
                moved.extend(wheel_over_charts(
                    &mut h,
                    &format!("{view}, plots in front"),
                ));
            }
        }
    }
    assert!(charts >= 20, "only {charts} charts met");
    assert!(moved.is_empty(), "the page moved:\n{}", moved.join("\n"));
}
