//! Tests of the comparison plot: kept and refitted bounds, CSV, coinciding series.
use super::*;

fn series(name: &str, points: Vec<[f64; 2]>) -> Curve {
    Curve::new(name, points, SeriesStyle::Points, None)
}

/// Draws `plot` alone in an 800 × 600 window; the id of its egui_plot memory.
fn frame(ctx: &egui::Context, plot: &ComparePlot, view: &mut PlotView) -> egui::Id {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(800.0, 600.0),
        )),
        ..Default::default()
    };
    let mut pid = egui::Id::NULL;
    let mut out = ctx.run_ui(input, |ui| {
        ui.push_id("t", |ui| pid = plot_id(ui, "t"));
        compare_plot(ui, "t", plot, view);
    });
    out.textures_delta.clear();
    pid
}

/// A plot whose kept bounds (zoomed or dragged there) hold none of its data fits the
/// data again; bounds over part of it stay.
#[test]
fn a_view_zoomed_away_from_the_data_fits_it_again() {
    let ctx = egui::Context::default();
    let plot = ComparePlot {
        series: vec![Curve::new(
            "s",
            vec![[1.0, 1.0], [10.0, 5.0]],
            SeriesStyle::Line,
            None,
        )],
        ..Default::default()
    };
    let mut view = PlotView::default();
    let pid = frame(&ctx, &plot, &mut view);
    let kept = |ctx: &egui::Context, min: [f64; 2], max: [f64; 2]| {
        let mut m = egui_plot::PlotMemory::load(ctx, pid).expect("the plot's memory");
        m.set_bounds(egui_plot::PlotBounds::from_min_max(min, max));
        m.auto_bounds = egui::Vec2b::FALSE;
        m.store(ctx, pid);
    };
    let bounds = |ctx: &egui::Context| {
        let m = egui_plot::PlotMemory::load(ctx, pid).expect("the plot's memory");
        (m.bounds().min(), m.bounds().max())
    };
    frame(&ctx, &plot, &mut view);
    kept(&ctx, [2.0, 1.0], [3.0, 2.0]);
    frame(&ctx, &plot, &mut view);
    assert_eq!(
        bounds(&ctx),
        ([2.0, 1.0], [3.0, 2.0]),
        "a zoom on the data stays"
    );
    kept(&ctx, [200.0, 1.0], [300.0, 2.0]);
    frame(&ctx, &plot, &mut view);
    frame(&ctx, &plot, &mut view);
    let (min, max) = bounds(&ctx);
    assert!(min[0] <= 1.0 && max[0] >= 10.0, "{min:?} {max:?}");
    assert!(min[1] <= 1.0 && max[1] >= 5.0, "{min:?} {max:?}");
}

/// Data at one x, where egui_plot's own widening of a thin axis (by the other axis's extent
/// around it) adds nothing: near 3.2e18 (a spread of equal total times, the monkey's find on
/// CI), or at 10^8 beside a height of 10^-9. Its bounds check panicked; the plot now draws,
/// over a range that holds the data. The same for y, and for the flat cases egui handles.
#[test]
fn data_on_one_huge_coordinate_still_draws() {
    let cases: [Vec<[f64; 2]>; 6] = [
        vec![[3.2e18, 0.05], [3.2e18, 1.0]],
        vec![[1e8, 1.0], [1e8, 1.0 + 1e-9]],
        vec![[1.0, 7.0e20], [2.0, 7.0e20]],
        vec![[-4.0e30, -4.0e30]],
        vec![[0.0, 0.0]],
        vec![[5.0, 1.0], [5.0, 2.0]],
    ];
    for points in cases {
        let x = points[0][0];
        let plot = ComparePlot {
            series: vec![series("s", points.clone())],
            ..Default::default()
        };
        for axes in [(false, false), (true, true)] {
            let ctx = egui::Context::default();
            let mut view = PlotView {
                log_x: axes.0,
                log_y: axes.1,
            };
            let pid = (0..3).fold(egui::Id::NULL, |_, _| frame(&ctx, &plot, &mut view));
            let m = egui_plot::PlotMemory::load(&ctx, pid).expect("the plot's memory");
            let (min, max) = (m.bounds().min(), m.bounds().max());
            let at = to_axis(x, axes.0);
            assert!(
                at.is_none_or(|x| min[0] < x && x < max[0]),
                "{x} outside {min:?} … {max:?}"
            );
        }
    }
}

#[test]
fn csv_long_format() {
    let plot = ComparePlot {
        series: vec![
            series("sim", vec![[1.0, 2.5], [2.0, -3.0]]),
            series("theory, exact", vec![[0.5, 1e-9]]),
            series("say \"hi\"", vec![[3.0, 4.0]]),
            series("empty", vec![]),
        ],
        ..Default::default()
    };
    let csv = series_to_csv(&ComparePlot {
        x_label: "x".into(),
        y_label: "y".into(),
        ..plot
    });
    let expected = "series,x,y\n\
                    sim,1,2.5\n\
                    sim,2,-3\n\
                    \"theory, exact\",0.5,1e-9\n\
                    \"say \"\"hi\"\"\",3,4\n";
    assert_eq!(csv, expected);
}

#[test]
fn coinciding_series_are_found() {
    let a = vec![[0.0, 1.0], [1.0, 2.0], [2.0, 3.0]];
    let near = vec![[0.0, 1.001], [1.0, 2.0], [2.0, 3.001]];
    let off = vec![[0.0, 1.0], [1.0, 2.5], [2.0, 3.0]];
    let span = [2.0, 2.0];
    assert!(coincide(&a, &near, span));
    assert!(!coincide(&a, &off, span));
    assert!(!coincide(&a, &a[..2], span));
}

#[test]
fn the_current_value_beyond_the_data_is_noted_not_plotted() {
    // Fig. 2 with n = 1..40 and the tree's n = 1000.
    let plot = ComparePlot {
        series: vec![series("T*", (1..=40).map(|n| [n as f64, 1.0]).collect())],
        x_marker: Some(1000.0),
        asked_x: None,
        ..Default::default()
    };
    assert!(!marker_inside(&plot, 1000.0, false));
    assert!(marker_inside(&plot, 40.0, false));
    assert!(marker_inside(&plot, 1.0, false));
    // Divisible's β sweep 0.1..1000 on a log axis and β = 0.02: within 5 % of the linear span
    // (−50 and beyond), yet most of a decade left of the data on the log axis the plot draws.
    let beta = ComparePlot {
        series: vec![series("T_N", vec![[0.1, 1.0], [1.0, 2.0], [1000.0, 3.0]])],
        ..Default::default()
    };
    assert!(marker_inside(&beta, 0.02, false));
    assert!(!marker_inside(&beta, 0.02, true));
    assert!(marker_inside(&beta, 0.1, true));
    // 4 decades shown: 5 % is a fifth of a decade, 10^-0.2 ≈ 0.063 the least inside.
    assert!(marker_inside(&beta, 0.07, true) && !marker_inside(&beta, 0.06, true));
    assert!(!marker_inside(&beta, 0.0, true));
}

#[test]
fn a_legend_row_has_one_entry_per_name() {
    let mut plot = ComparePlot::default();
    let red = Some(egui::Color32::RED);
    plot.series
        .push(Curve::new("P", vec![[0.0, 1.0]], SeriesStyle::Points, red));
    plot.series
        .push(Curve::new("P", vec![[0.0, 1.0]], SeriesStyle::Line, red));
    plot.series
        .push(Curve::new("limit", vec![], SeriesStyle::DashedLine, None));
    let s = swatches(&plot);
    assert_eq!(s.len(), 2);
    assert!(matches!(s[0].1, Swatch::MarkerLine(_)) && s[0].2 == "P");
    assert_eq!((s[1].1, s[1].2.as_str()), (Swatch::Dashed, "limit"));
}

/// Curves hidden until Reveal take one legend entry together, not a row each (li step 3's
/// β plot at 1920 × 1080 with the numbers open: three rows of "C …: hidden until Reveal"
/// pushed the plot out of its column's sight).
#[test]
fn hidden_curves_share_one_legend_entry() {
    let mut plot = ComparePlot::default();
    for (name, style) in [
        ("C simulated", SeriesStyle::Points),
        ("C closed form", SeriesStyle::Line),
        ("P simulated", SeriesStyle::Points),
    ] {
        plot.series
            .push(Curve::new(name, vec![[0.0, 1.0]], style, None));
    }
    plot.series[0].hide(CURVE_UNTIL_REVEAL);
    plot.series[1].hide(CURVE_UNTIL_REVEAL);
    let s = swatches(&plot);
    let names: Vec<&str> = s.iter().map(|e| e.2.as_str()).collect();
    assert_eq!(names, ["P simulated", "C's curves: hidden until Reveal"]);
    assert_eq!(s[1].1, Swatch::Blank);
    // Its node says why the curve is not drawn.
    assert_eq!(
        plot.series[0].spoken_name(),
        "C simulated: hidden until Reveal"
    );
    plot.series[2].hide(CURVE_UNTIL_REVEAL);
    assert_eq!(swatches(&plot)[0].2, "3 curves: hidden until Reveal");
    plot.series.truncate(1);
    assert_eq!(swatches(&plot)[0].2, "C simulated: hidden until Reveal");
}

#[test]
fn a_legend_draws_each_point_series_with_its_own_marker() {
    let mut plot = ComparePlot::default();
    for name in ["C simulated", "P simulated"] {
        plot.series.push(Curve::new(
            name,
            vec![[0.0, 1.0]],
            SeriesStyle::Points,
            None,
        ));
    }
    let s = swatches(&plot);
    let shape = |k: usize| match s[k].1 {
        Swatch::Marker(m) => m.shape,
        other => panic!("{other:?} is not a marker"),
    };
    // The first series' circles, the second's squares (as the plot draws them), not two
    // dots.
    assert_eq!(shape(0), MarkerShape::Circle);
    assert_eq!(shape(1), MarkerShape::Square);
}

#[test]
fn csv_of_empty_plot_is_just_the_header() {
    let empty = ComparePlot {
        x_label: "x".into(),
        y_label: "y".into(),
        ..Default::default()
    };
    assert_eq!(series_to_csv(&empty), "series,x,y\n");
}

#[test]
fn log_transform_drops_non_positive() {
    let pts = [
        [1.0, 10.0],
        [0.0, 5.0],
        [100.0, -1.0],
        [1000.0, 0.01],
        [f64::NAN, 1.0],
    ];
    assert_eq!(plot_points(&pts, true, true), vec![[0.0, 1.0], [3.0, -2.0]]);
    assert_eq!(plot_points(&pts, false, false).len(), 4);
    assert_eq!(plot_points(&pts, true, false).len(), 3);
}

#[test]
fn readout_shows_real_values() {
    let p = PlotPoint::new(2.0, -1.0);
    assert_eq!(readout(&p, true, true), "x = 100\ny = 0.1");
    assert_eq!(readout(&p, false, false), "x = 2\ny = -1");
    // Four significant digits, not seventeen.
    let third = PlotPoint::new(1.0 / 3.0, 2.0f64.sqrt() * 1000.0);
    assert_eq!(readout(&third, false, false), "x = 0.3333\ny = 1414");
}

#[test]
fn log_axes_carry_decades() {
    // What the plot hands egui_plot on a log axis from 1 to 10^4 (300 points tall).
    let (lo, hi) = (0.0, 4.0);
    let marks = ticks::spacer(Scale::Log, Y_SPACING)(egui_plot::GridInput {
        bounds: (lo, hi),
        base_step_size: (hi - lo) / 300.0 * 8.0,
    });
    let values: Vec<f64> = marks.iter().map(|m| m.value).collect();
    assert_eq!(values, vec![0.0, 1.0, 2.0, 3.0, 4.0]);
    let f = ticks::formatter(Scale::Log);
    assert_eq!(f(marks[2], &(lo..=hi)), "100");
}

/// Error bars: one polyline per (x, low), (x, high) pair, the bar from low to high at x with a
/// cap at each end; a point without its partner is dropped.
#[test]
fn error_bars_stand_at_their_x_from_low_to_high() {
    let bars = error_bars(&[
        [0.0, 1.0],
        [0.0, 3.0],
        [10.0, 2.0],
        [10.0, 5.0],
        [20.0, 9.0],
    ]);
    assert_eq!(bars.len(), 2);
    // Caps a hundredth of the x span (0 to 20) wide each side.
    assert_eq!(
        bars[1],
        vec![
            [9.8, 2.0],
            [10.2, 2.0],
            [10.0, 2.0],
            [10.0, 5.0],
            [9.8, 5.0],
            [10.2, 5.0]
        ]
    );
    assert_eq!((bars[0][2], bars[0][3]), ([0.0, 1.0], [0.0, 3.0]));
    // A low dropped from a log axis leaves its bar out, not the pairs after it.
    let bars = error_bars(&[[0.0, 3.0], [10.0, 2.0], [10.0, 5.0]]);
    assert_eq!(bars.len(), 1);
    assert_eq!((bars[0][2], bars[0][3]), ([10.0, 2.0], [10.0, 5.0]));
}

/// In every bundled preset's plots, as the workspace draws them, no two curves share their
/// style and colour, so the legend tells each apart: KS-BF's Theorem 1.1 and Theorem 2.2
/// bounds were both dashed in the bound's red, the tree sweep's "one processor" and
/// "processor per node" both dotted grey.
#[test]
fn no_two_curves_of_a_plot_look_alike() {
    for b in crate::preset::BUNDLED {
        let p = b.preset().unwrap();
        let plots = crate::report::plots(&p.scenario, &crate::model::NoProgress).unwrap();
        for (name, set) in plots {
            let plot = ComparePlot::of(name.as_str(), &set);
            for (i, c) in plot.series.iter().enumerate() {
                for d in &plot.series[..i] {
                    assert!(
                        c.style != d.style || c.color != d.color,
                        "{}: {name}: {} and {} look alike",
                        b.file,
                        d.name,
                        c.name
                    );
                }
            }
        }
    }
    // The first of two bounds keeps the bound's red.
    let bounds = SeriesSet {
        x: "n".into(),
        y: "steps".into(),
        series: ["Theorem 1.1 bound", "Thm 2.2: p + max W_i"]
            .map(|n| report::Series::new(n, vec![[1.0, 1.0]]).role(Role::Bound))
            .to_vec(),
    };
    let plot = ComparePlot::of("", &bounds);
    assert_eq!(plot.series[0].color, Some(palette::BOUND));
    assert_ne!(plot.series[1].color, Some(palette::BOUND));
}

/// A series hidden until Reveal keeps its marker's turn: the legend gives the series after it
/// the markers the plot draws them with (li steps 5 and 7 showed P's squares as circles and
/// Q's diamonds as squares while C waited for Reveal).
#[test]
fn a_hidden_series_keeps_its_markers_turn_in_the_legend() {
    let mut plot = ComparePlot::default();
    for name in ["C simulated", "P simulated", "Q simulated"] {
        plot.series.push(Curve::new(
            name,
            vec![[0.0, 1.0]],
            SeriesStyle::Points,
            None,
        ));
    }
    plot.series[0].hide(CURVE_UNTIL_REVEAL);
    let s = swatches(&plot);
    let shape = |k: usize| match s[k].1 {
        Swatch::Marker(m) => m.shape,
        other => panic!("{other:?} is not a marker"),
    };
    assert_eq!(
        (s[0].2.as_str(), shape(0)),
        ("P simulated", MarkerShape::Square)
    );
    assert_eq!(
        (s[1].2.as_str(), shape(1)),
        ("Q simulated", MarkerShape::Diamond)
    );
}
