use super::*;
// The bar kinds by name (`Send` here is the bar kind, not the marker trait).
use BarKind::{Compute, Idle, Receive, Send};

fn bar(row: usize, start: f64, end: f64, kind: BarKind) -> GanttBar {
    GanttBar {
        row,
        start,
        end,
        kind,
        tooltip: String::new(),
        color: None,
        line: None,
    }
}

/// Chart data whose row `i` holds the bars `by_row[i]`, each as (start, end, kind).
fn rows(by_row: &[&[(f64, f64, BarKind)]]) -> GanttData {
    let bars = by_row.iter().enumerate().flat_map(|(row, bars)| {
        bars.iter()
            .map(move |&(start, end, kind)| bar(row, start, end, kind))
    });
    GanttData {
        bars: bars.collect(),
        ..GanttData::default()
    }
}

#[test]
fn rows_without_overlapping_bars_take_whole_rows() {
    let data = rows(&[
        // Row 0: receive then compute, back to back.
        &[(0.0, 2.0, Receive), (2.0, 5.0, Compute)],
        // Row 1: sends while it computes.
        &[(0.0, 4.0, Compute), (1.0, 2.0, Send)],
        // Row 2: idle under a compute bar does not count.
        &[(0.0, 9.0, Idle), (1.0, 3.0, Compute)],
    ]);
    let lanes = row_lanes(&data, 4);
    let whole: Vec<bool> = lanes.iter().map(Option::is_none).collect();
    assert_eq!(whole, vec![true, false, true, true]);
    // Row 1 sends while it computes: two lanes, not three.
    let two = Lanes {
        kinds: vec![(BarKind::Compute, 0), (BarKind::Send, 1)],
        count: 2,
    };
    assert_eq!(lanes[1], Some(two));
}

#[test]
fn kinds_that_never_overlap_share_a_lane() {
    let data = rows(&[
        // Row 0 (a pipelined hop): receives while it forwards, computes after both.
        &[(0.0, 2.0, Receive), (1.0, 3.0, Send), (3.0, 5.0, Compute)],
        // Row 1: all three at once around t = 1.5.
        &[(0.0, 2.0, Receive), (1.0, 3.0, Send), (1.4, 1.6, Compute)],
    ]);
    let lanes = row_lanes(&data, 2);
    let first = lanes[0].as_ref().expect("two lanes");
    assert_eq!(first.count, 2);
    assert_eq!(first.of(BarKind::Compute), first.of(BarKind::Receive));
    assert_ne!(first.of(BarKind::Send), first.of(BarKind::Receive));
    assert_eq!(lanes[1].as_ref().map(|l| l.count), Some(3));
}

#[test]
fn extent_of_empty_and_degenerate_data() {
    assert_eq!(data_extent(&GanttData::default(), None), (0.0, 1.0));
    let data = GanttData {
        bars: vec![bar(0, 2.0, 2.0, BarKind::Compute)],
        ..Default::default()
    };
    let (lo, hi) = data_extent(&data, None);
    assert!(lo < 2.0 && hi > 2.0);
    // The start of a schedule (only the cursor, at t = 0): no negative time on the axis.
    assert_eq!(data_extent(&GanttData::default(), Some(0.0)), (0.0, 1.0));
    let data = GanttData {
        bars: vec![
            bar(0, 1.0, 3.0, BarKind::Send),
            bar(1, f64::NAN, 9.0, BarKind::Compute),
        ],
        ..Default::default()
    };
    let (lo, hi) = data_extent(&data, Some(-1.0));
    assert!((lo + 1.1).abs() < 1e-12 && (hi - 9.1).abs() < 1e-12);
}

#[test]
fn invalid_view_falls_back_to_extent() {
    let extent = (0.0, 10.0);
    let mut view = GanttView::default();
    assert_eq!(visible_window(&view, extent), extent);
    view.range = Some([5.0, 5.0]);
    assert_eq!(visible_window(&view, extent), extent);
    view.range = Some([f64::NAN, 5.0]);
    assert_eq!(visible_window(&view, extent), extent);
    view.range = Some([2.0, 4.0]);
    assert_eq!(visible_window(&view, extent), (2.0, 4.0));
    // Partly over the data: kept; wholly beside it (zoomed on another run): the data.
    view.range = Some([8.0, 14.0]);
    assert_eq!(visible_window(&view, extent), (8.0, 14.0));
    view.range = Some([200.0, 260.0]);
    assert_eq!(visible_window(&view, extent), extent);
    view.range = Some([-5.0, -1.0]);
    assert_eq!(visible_window(&view, extent), extent);
}

#[test]
fn zoom_keeps_center_fixed_and_clamps() {
    let (a, b) = zoom_window((0.0, 10.0), 2.5, 2.0, (1e-9, 1e3));
    assert!((a - 1.25).abs() < 1e-12 && (b - 6.25).abs() < 1e-12);
    let (a, b) = zoom_window((0.0, 10.0), 5.0, 1e-9, (1e-9, 100.0));
    assert!((b - a - 100.0).abs() < 1e-9);
    assert_eq!(
        zoom_window((0.0, 10.0), 5.0, f64::NAN, (1.0, 2.0)),
        (0.0, 10.0)
    );
}

#[test]
fn tooltip_has_times_with_four_digits() {
    let mut b = bar(0, 1.0 / 3.0, 2.0, BarKind::Send);
    b.tooltip = "amount 0.25".to_owned();
    let text = bar_tooltip(&b, "P1");
    assert_eq!(text, "P1: Send\namount 0.25\nstart 0.3333  end 2");
}

/// A row too thin for two lanes nests the second kind inside the first, and however thin the
/// row, a band of the first shows above and below it (zoomed in, the second covered the
/// first: a root sending while it computes read as computing only).
#[test]
fn a_thin_nested_row_keeps_a_band_of_its_first_kind() {
    let data = rows(&[&[(0.0, 4.0, Compute), (0.0, 4.0, Send)]]);
    for row_height in [30.0f32, 14.0, 9.0, 6.0] {
        let chart = one_row(&data, row_height);
        let (outer, inner) = (chart.lane(&data.bars[0]), chart.lane(&data.bars[1]));
        assert_eq!(outer, (0.0, 1.0), "{row_height}");
        let bars = row_height - 2.0 * chart.margin(0);
        let band = (inner.0 - outer.0).min(outer.1 - inner.1) * bars;
        assert!(
            band >= 0.6f32.min(bars / 4.0) - 1e-4,
            "row {row_height}: {inner:?} leaves {band} points of the first kind"
        );
        assert!(inner.1 > inner.0, "row {row_height}: {inner:?}");
    }
}

/// A row whose three kinds overlap, nested in a 20-point row (720p presenter, method Q at
/// h = 8): the second and third kinds keep MIN_BAR each, and the first shows above and below
/// them (they were 6.75 points: the first's 2-point bands came first).
#[test]
fn a_nested_row_of_three_kinds_keeps_min_bar_bars_and_a_band() {
    let data = rows(&[&[(0.0, 4.0, Receive), (0.0, 4.0, Compute), (0.0, 4.0, Send)]]);
    let chart = one_row(&data, 20.0);
    let inner = 20.0 - 2.0 * chart.margin(0);
    let [first, second, third] = [0, 1, 2].map(|k| chart.lane(&data.bars[k]));
    assert_eq!(first, (0.0, 1.0));
    for (top, bottom) in [second, third] {
        assert!(
            (bottom - top) * inner >= MIN_BAR,
            "{second:?} {third:?} of {inner}"
        );
    }
    assert!(second.0 * inner >= 0.6 - 1e-4 && (1.0 - third.1) * inner >= 0.6 - 1e-4);
}

/// A chart of `data`'s one row, `row_height` points tall, its rows nested.
fn one_row(data: &GanttData, row_height: f32) -> Chart<'_> {
    let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(200.0, row_height));
    Chart {
        data,
        n_rows: 1,
        rect,
        plot_rect: rect,
        row_height,
        row_font: egui::FontId::proportional(9.0),
        row_labels: vec!["L0".into()],
        lanes: row_lanes(data, 1),
        nested: true,
        axis: TimeAxis {
            t0: 0.0,
            t1: 4.0,
            left: 0.0,
            width: 200.0,
        },
    }
}

/// A chart whose bars all start and end on whole numbers (KS-BF's steps) is ticked at whole
/// numbers only; one fractional time makes the axis linear again.
#[test]
fn whole_step_bars_get_whole_ticks() {
    let mut data = GanttData {
        bars: vec![bar(0, 0.0, 1.0, Compute), bar(0, 1.0, 3.0, Compute)],
        ..Default::default()
    };
    assert_eq!(data.time_scale(), ticks::Scale::Integer);
    let at = ticks::ticks_at_most(0.0, 3.0, data.time_scale(), 8);
    assert!(at.iter().all(|t| t.fract() == 0.0), "{at:?}");
    data.bars.push(bar(0, 3.0, 3.5, Compute));
    assert_eq!(data.time_scale(), ticks::Scale::Linear);
}
