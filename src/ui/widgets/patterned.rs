//! Dashed and dotted plot lines that stay drawable however far the view is zoomed in.
//!
//! egui paints a dashed or dotted line dash by dash (dot by dot) over its whole length on
//! screen, in view or not. A plot zoomed far into a long dashed line (geodecay's mean after
//! p was raised under a zoomed view: the GUI monkey's seed 171) asked for 16 GiB of dashes and
//! aborted the app. Such a line is cut to the part near the view before it is drawn.

use egui_plot::{Line, PlotBounds, PlotTransform, PlotUi};

/// The longest a patterned line may run on screen before it is cut to the view, in sums of the
/// plot frame's width and height: far more than any line fitted to its axes runs.
const LONGEST: f64 = 64.0;

/// Adds the patterned (dashed or dotted) line through `points` to `plot`: `line(k, run)` makes
/// the line of the k-th run of points. One run, the whole line, unless it would run past
/// [`LONGEST`] frames on screen: then the runs are its parts within the view widened by its own
/// size on each side (the view's edges cut no dash short).
pub fn add<'a>(
    plot: &mut PlotUi<'a>,
    points: Vec<[f64; 2]>,
    line: impl Fn(usize, Vec<[f64; 2]>) -> Line<'a>,
) {
    for (k, run) in runs(plot.transform(), points).into_iter().enumerate() {
        plot.line(line(k, run));
    }
}

/// The runs [`add`] draws of `points` under the last frame's `transform`.
fn runs(transform: &PlotTransform, points: Vec<[f64; 2]>) -> Vec<Vec<[f64; 2]>> {
    let bounds = transform.bounds();
    if !bounds.is_valid() || bounds.width() <= 0.0 || bounds.height() <= 0.0 {
        return vec![points];
    }
    let frame = transform.frame();
    let (w, h) = (f64::from(frame.width()), f64::from(frame.height()));
    let scale = [w / bounds.width(), h / bounds.height()];
    let length: f64 = points
        .windows(2)
        .map(|s| ((s[1][0] - s[0][0]) * scale[0]).hypot((s[1][1] - s[0][1]) * scale[1]))
        .sum();
    if length.is_finite() && length <= LONGEST * (w + h) {
        return vec![points];
    }
    let (lo, hi) = (bounds.min(), bounds.max());
    let widen = [bounds.width(), bounds.height()];
    let near = PlotBounds::from_min_max(
        [lo[0] - widen[0], lo[1] - widen[1]],
        [hi[0] + widen[0], hi[1] + widen[1]],
    );
    clipped(&points, &near)
}

/// The parts of the polyline `points` inside `rect`, each a run of points (a point that is not
/// finite breaks the line).
fn clipped(points: &[[f64; 2]], rect: &PlotBounds) -> Vec<Vec<[f64; 2]>> {
    let mut runs: Vec<Vec<[f64; 2]>> = Vec::new();
    let mut open = false;
    for s in points.windows(2) {
        match segment(s[0], s[1], rect) {
            Some((a, b)) => {
                match runs.last_mut() {
                    Some(run) if open && run.last() == Some(&a) => run.push(b),
                    _ => runs.push(vec![a, b]),
                }
                // The run goes on only where this segment ends inside.
                open = b == s[1];
            }
            None => open = false,
        }
    }
    runs
}

/// The part of segment `a`–`b` inside `rect` (Liang–Barsky), if any.
fn segment(a: [f64; 2], b: [f64; 2], rect: &PlotBounds) -> Option<([f64; 2], [f64; 2])> {
    if !(a.iter().chain(&b).all(|v| v.is_finite())) {
        return None;
    }
    let (lo, hi) = (rect.min(), rect.max());
    let d = [b[0] - a[0], b[1] - a[1]];
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for axis in 0..2 {
        for (p, q) in [
            (-d[axis], a[axis] - lo[axis]),
            (d[axis], hi[axis] - a[axis]),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return None;
                }
            } else {
                let r = q / p;
                if p < 0.0 {
                    t0 = t0.max(r);
                } else {
                    t1 = t1.min(r);
                }
            }
        }
    }
    if t0 > t1 {
        return None;
    }
    let at = |t: f64| {
        if t == 0.0 {
            a
        } else if t == 1.0 {
            b
        } else {
            [a[0] + t * d[0], a[1] + t * d[1]]
        }
    };
    Some((at(t0), at(t1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit() -> PlotBounds {
        PlotBounds::from_min_max([0.0, 0.0], [1.0, 1.0])
    }

    fn transform(bounds: PlotBounds) -> PlotTransform {
        let frame = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(400.0, 300.0));
        PlotTransform::new(frame, bounds, egui::Vec2b::new(false, false))
    }

    /// The shapes a 400 × 300 plot zoomed 10⁴ times into a dashed diagonal paints, drawn by
    /// `draw` (a few frames, the plot taking its bounds).
    fn shapes_zoomed(draw: impl Fn(&mut PlotUi<'_>, Vec<[f64; 2]>)) -> usize {
        let ctx = egui::Context::default();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(400.0, 300.0),
            )),
            ..Default::default()
        };
        let mut shapes = 0;
        for _ in 0..3 {
            let out = ctx.run_ui(input.clone(), |ui| {
                egui_plot::Plot::new("zoomed")
                    .default_x_bounds(0.5, 0.5001)
                    .default_y_bounds(0.5, 0.5001)
                    .show(ui, |plot| draw(plot, vec![[0.0, 0.0], [1.0, 1.0]]));
            });
            shapes = out.shapes.len();
            out.drop_without_applying_deltas();
        }
        shapes
    }

    #[test]
    fn a_plot_zoomed_into_a_dashed_line_paints_the_dashes_in_view_only() {
        fn dashed<'a>(run: Vec<[f64; 2]>) -> Line<'a> {
            Line::new("dashed", run).style(egui_plot::LineStyle::dashed_dense())
        }
        let cut = shapes_zoomed(|plot, points| add(plot, points, |_, run| dashed(run)));
        // Drawn whole the line ran about 5·10⁶ points on screen: some 600 000 dashes.
        let whole = shapes_zoomed(|plot, points| plot.line(dashed(points)));
        assert!(whole > 100_000, "the whole line painted {whole} shapes");
        // Cut, it runs three views across: a few hundred dashes, beside the grid and axes.
        assert!(
            (100..5_000).contains(&cut),
            "the cut line painted {cut} shapes"
        );
    }

    #[test]
    fn a_line_in_view_is_drawn_whole() {
        let points = vec![[0.0, 0.0], [0.5, 2.0], [3.0, -1.0]];
        assert_eq!(runs(&transform(unit()), points.clone()), vec![points]);
    }

    #[test]
    fn a_line_far_longer_than_the_view_is_cut_to_it() {
        // Zoomed a million times into a line across [0, 1]: on screen it ran 4·10⁸ points.
        let view = PlotBounds::from_min_max([0.5, 0.5], [0.500001, 0.500001]);
        let r = runs(&transform(view), vec![[0.0, 0.0], [1.0, 1.0]]);
        assert_eq!(r.len(), 1);
        let [a, b] = [r[0][0], r[0][1]];
        // Within the view widened by its size each side, along the line y = x.
        for p in [a, b] {
            assert!((p[0] - p[1]).abs() < 1e-12, "{p:?} off the line");
            assert!(
                (0.499999 - 1e-12..=0.500002 + 1e-12).contains(&p[0]),
                "{p:?}"
            );
        }
        assert!(
            b[0] - a[0] > 2.9e-6,
            "the cut line {a:?}–{b:?} misses part of the view"
        );
    }

    #[test]
    fn a_line_leaving_and_coming_back_is_two_runs_and_ends_stay_exact() {
        let rect = unit();
        let points = [[0.5, 0.5], [0.5, 5.0], [0.6, 5.0], [0.6, 0.5], [0.7, 0.6]];
        let r = clipped(&points, &rect);
        assert_eq!(
            r,
            vec![
                vec![[0.5, 0.5], [0.5, 1.0]],
                vec![[0.6, 1.0], [0.6, 0.5], [0.7, 0.6]],
            ]
        );
    }

    #[test]
    fn points_that_are_not_finite_break_the_line() {
        let points = [[0.1, 0.1], [0.2, f64::NAN], [0.3, 0.3], [0.4, 0.4]];
        assert_eq!(
            clipped(&points, &unit()),
            vec![vec![[0.3, 0.3], [0.4, 0.4]]]
        );
        let wild = vec![[0.0, 0.0], [f64::INFINITY, 1.0], [0.5, 0.5], [0.6, 0.6]];
        assert_eq!(runs(&transform(unit()), wild).len(), 1);
    }

    #[test]
    fn a_segment_outside_is_dropped_and_one_across_is_cut_at_both_edges() {
        assert_eq!(segment([2.0, 2.0], [3.0, 5.0], &unit()), None);
        assert_eq!(
            segment([-1.0, 0.5], [2.0, 0.5], &unit()),
            Some(([0.0, 0.5], [1.0, 0.5]))
        );
        assert_eq!(
            segment([0.5, -1.0], [0.5, 0.2], &unit()),
            Some(([0.5, 0.0], [0.5, 0.2]))
        );
    }
}
