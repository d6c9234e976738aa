//! Legends that keep clear of the data: the corner of a plot its curves leave free (or a row
//! above the plot when none is), for the comparison plot and every other plot.

use egui::{Color32, Painter, Rect, Stroke};
use egui_plot::{Corner, MarkerShape, PlotPoint};

/// Width of a legend's swatch, in lines of body text (room for a line's dashes).
const SWATCH_WIDTH: f32 = 1.8;
/// Gap between a swatch and its name, in points.
const SWATCH_GAP: f32 = 6.0;

/// Data a legend should keep clear of, in plot coordinates (log10 on log axes).
#[derive(Clone, Copy, Debug)]
pub enum Track<'a> {
    /// Points joined by a line.
    Line(&'a [[f64; 2]]),
    /// Markers.
    Points(&'a [[f64; 2]]),
}

/// Corners in the order a legend prefers them: the top one on `left` (or right) first; the
/// bottom-left one last (it also shows the pointer's coordinates).
pub fn corners(left: bool) -> [Corner; 4] {
    if left {
        [
            Corner::LeftTop,
            Corner::RightTop,
            Corner::RightBottom,
            Corner::LeftBottom,
        ]
    } else {
        [
            Corner::RightTop,
            Corner::LeftTop,
            Corner::RightBottom,
            Corner::LeftBottom,
        ]
    }
}

/// The screen rectangle the legend of `names` takes in `corner` of `frame`, as egui_plot
/// lays it out (body text, an icon as tall as a line, a framed box 4 points in).
fn legend_rect(ui: &egui::Ui, frame: egui::Rect, names: &[&str], corner: Corner) -> egui::Rect {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = ui.visuals().text_color();
    let mut seen: Vec<&str> = Vec::new();
    let (mut width, mut height) = (0.0f32, 0.0f32);
    for name in names.iter().filter(|n| !n.is_empty()) {
        if seen.contains(name) {
            continue;
        }
        seen.push(name);
        let size = ui
            .painter()
            .layout_no_wrap((*name).to_owned(), font.clone(), color)
            .size();
        width = width.max(size.x + SWATCH_WIDTH * size.y + SWATCH_GAP);
        height += size.y;
    }
    if seen.is_empty() {
        return egui::Rect::NOTHING;
    }
    height += (seen.len() - 1) as f32 * ui.spacing().item_spacing.y;
    let size = egui::vec2(width + 16.0, height + 8.0);
    let inner = frame.shrink(4.0);
    let (x, y) = match corner {
        Corner::LeftTop => (inner.left(), inner.top()),
        Corner::RightTop => (inner.right() - size.x, inner.top()),
        Corner::LeftBottom => (inner.left(), inner.bottom() - size.y),
        Corner::RightBottom => (inner.right() - size.x, inner.bottom() - size.y),
    };
    egui::Rect::from_min_size(egui::pos2(x, y), size)
}

/// How much of `tracks` the screen rectangle `r` covers: points inside it, with lines
/// sampled every 3 points.
fn covered(r: egui::Rect, transform: &egui_plot::PlotTransform, tracks: &[Track<'_>]) -> usize {
    let r = r.expand(3.0);
    let at = |p: &[f64; 2]| transform.position_from_point(&PlotPoint::new(p[0], p[1]));
    let mut count = 0;
    for track in tracks {
        match track {
            Track::Points(pts) => count += pts.iter().filter(|p| r.contains(at(p))).count(),
            Track::Line(pts) => {
                for w in pts.windows(2) {
                    let (a, b) = (at(&w[0]), at(&w[1]));
                    let steps = ((b - a).length() / 3.0).ceil().clamp(1.0, 400.0) as usize;
                    count += (0..=steps)
                        .filter(|&k| r.contains(a + (b - a) * (k as f32 / steps as f32)))
                        .count();
                }
                if let [p] = pts {
                    count += usize::from(r.contains(at(p)));
                }
            }
        }
    }
    count
}

/// Where the legend of a plot goes: the corner covering least, or outside the plot.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Placement {
    /// The corner, or None for a legend outside the plot.
    corner: Option<Corner>,
    /// The plot's frame and bounds the choice was made with.
    seen: [f64; 8],
}

/// Where to put the legend of `names` on the plot `plot_id` (see [`plot_id`]): the
/// corner (of `preferred`, in that order) covering the least of `tracks`, judged with the
/// plot's axes of the previous frame; with `outside`, None when every corner covers some.
/// A legend stays where it is unless another place covers less, so it does not hop while a
/// parameter is dragged, and on its side of the frame while the user pans or zooms; when the
/// axes moved since the last choice, one more frame is asked for so the choice catches up
/// with them.
pub(super) fn legend_place(
    ui: &egui::Ui,
    plot_id: egui::Id,
    names: &[&str],
    tracks: &[Track<'_>],
    preferred: [Corner; 4],
    outside: bool,
) -> Option<Corner> {
    let memory_id = plot_id.with("legend place");
    let last: Option<Placement> = ui.ctx().data(|d| d.get_temp(memory_id));
    let Some(memory) = egui_plot::PlotMemory::load(ui.ctx(), plot_id) else {
        return last.map_or(Some(preferred[0]), |l| l.corner);
    };
    let transform = memory.transform();
    let frame = *transform.frame();
    let b = transform.bounds();
    let seen = [
        f64::from(frame.min.x),
        f64::from(frame.min.y),
        f64::from(frame.max.x),
        f64::from(frame.max.y),
        b.min()[0],
        b.min()[1],
        b.max()[0],
        b.max()[1],
    ];
    let cover = |c: Corner| covered(legend_rect(ui, frame, names, c), &transform, tracks);
    let (best, least) = preferred
        .iter()
        .map(|&c| (c, cover(c)))
        .min_by_key(|&(_, n)| n)
        .unwrap_or((preferred[0], 0));
    // While the user holds the view (panned or zoomed), the legend stays on its side of the
    // frame, above the plot or in it: moving between them resizes the plot, and the chart
    // jumped under the pointer that panned it.
    let held = !(memory.auto_bounds.x && memory.auto_bounds.y);
    let inside_kept = last.filter(|_| held).map(|l| l.corner.is_some());
    let corner = match (last.map(|l| l.corner), inside_kept) {
        (_, Some(false)) => None,
        // Outside while no corner is free.
        (_, None) if outside && least > 0 => None,
        // Keep a corner while none covers less.
        (Some(Some(l)), _) if cover(l) <= least => Some(l),
        _ => Some(best),
    };
    if last.is_none_or(|l| l.seen != seen) {
        ui.ctx().request_repaint();
    }
    ui.ctx()
        .data_mut(|d| d.insert_temp(memory_id, Placement { corner, seen }));
    corner
}

/// Whether most of these curves (in plot coordinates) end higher than they start: their top-left
/// corner is then the first to look at for the legend (see [`corners`]).
pub fn rising<'a>(curves: impl IntoIterator<Item = &'a Vec<[f64; 2]>>) -> bool {
    let (mut up, mut all) = (0, 0);
    for c in curves {
        all += 1;
        if matches!((c.first(), c.last()), (Some(u), Some(v)) if v[1] > u[1]) {
            up += 1;
        }
    }
    2 * up > all
}

/// The id to give (with `Plot::id`) a plot shown in `ui` under the name `salt`, so that
/// [`free_legend`] finds its axes.
pub fn plot_id(ui: &egui::Ui, salt: &str) -> egui::Id {
    ui.make_persistent_id(salt)
}

/// A legend drawn over a plot, in one of its corners: a framed box of swatches that show each
/// series' line style (solid, dashed, markers) and names. egui_plot's own legend shows a dot
/// for every series, so a solid and a dashed line of one colour looked alike.
#[derive(Clone, Debug, PartialEq)]
pub struct CornerLegend {
    /// The corner.
    pub corner: Corner,
    /// Colour, swatch and name of each entry (one per name).
    pub entries: Vec<(Color32, Swatch, String)>,
}

impl CornerLegend {
    /// Paints the legend over the plot whose frame (the data area, `PlotResponse::transform`'s
    /// frame) is `frame`; returns the box.
    pub fn paint(&self, ui: &egui::Ui, frame: Rect) -> Rect {
        let names: Vec<&str> = self.entries.iter().map(|e| e.2.as_str()).collect();
        let r = legend_rect(ui, frame, &names, self.corner);
        if !r.is_positive() {
            return r;
        }
        let painter = ui.painter().with_clip_rect(ui.clip_rect().intersect(frame));
        let visuals = ui.visuals();
        painter.rect(
            r,
            4.0,
            visuals.extreme_bg_color.gamma_multiply(0.92),
            visuals.widgets.noninteractive.bg_stroke,
            egui::StrokeKind::Inside,
        );
        let font = egui::TextStyle::Body.resolve(ui.style());
        let line = ui.text_style_height(&egui::TextStyle::Body);
        let mut y = r.top() + 4.0;
        let mut seen: Vec<&str> = Vec::new();
        for (color, swatch, name) in &self.entries {
            if name.is_empty() || seen.contains(&name.as_str()) {
                continue;
            }
            seen.push(name);
            let galley = painter.layout_no_wrap(name.clone(), font.clone(), visuals.text_color());
            let h = galley.size().y;
            let sw = Rect::from_min_size(
                egui::pos2(r.left() + 8.0, y),
                egui::vec2(SWATCH_WIDTH * line, h),
            );
            paint_swatch(&painter, sw, *color, *swatch);
            painter.galley(
                egui::pos2(sw.right() + SWATCH_GAP, y),
                galley,
                visuals.text_color(),
            );
            y += h + ui.spacing().item_spacing.y;
        }
        r
    }
}

/// The legend of the plot `plot_id` (see [`plot_id`]) with `entries`: in the corner (of
/// `preferred`, in that order) free of `tracks` (see `legend_place`), to paint over the plot
/// once it is shown ([`CornerLegend::paint`]); or, when every corner covers some, drawn here
/// as a row above the plot (and None returned).
pub fn free_legend(
    ui: &mut egui::Ui,
    plot_id: egui::Id,
    entries: &[(egui::Color32, Swatch, &str)],
    tracks: &[Track<'_>],
    preferred: [Corner; 4],
) -> Option<CornerLegend> {
    let names: Vec<&str> = entries.iter().map(|e| e.2).collect();
    match legend_place(ui, plot_id, &names, tracks, preferred, true) {
        Some(corner) => Some(CornerLegend {
            corner,
            entries: entries
                .iter()
                .map(|&(c, s, n)| (c, s, n.to_owned()))
                .collect(),
        }),
        None => {
            legend_row(ui, entries);
            None
        }
    }
}

/// The vertical extent of each bar (x, height) as a line from 0, for [`free_legend`].
pub fn bar_tracks(bars: impl IntoIterator<Item = [f64; 2]>) -> Vec<[[f64; 2]; 2]> {
    bars.into_iter().map(|[x, y]| [[x, 0.0], [x, y]]).collect()
}

/// The width of a thin line ([`Swatch::ThinLine`]), in points.
pub const THIN: f32 = 1.25;

/// How an entry of [`legend_row`] is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Swatch {
    /// A solid line.
    Line,
    /// A dashed line.
    Dashed,
    /// A thin solid line (a bound or a limit beside a closed form's thick one).
    ThinLine,
    /// A thin dashed line.
    ThinDashed,
    /// An error bar: a thin upright bar with a cap at each end.
    ErrorBar,
    /// A dotted line.
    Dotted,
    /// A filled band.
    Band,
    /// A marker, drawn as the plot draws the series' points.
    Marker(Mark),
    /// A marker on a line.
    MarkerLine(Mark),
    /// Nothing drawn (an entry that stands for curves not drawn).
    Blank,
}

/// A point series' marker: its shape, radius (points) and whether it is filled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    /// Shape.
    pub shape: MarkerShape,
    /// Radius, in points.
    pub radius: f32,
    /// Filled (else outlined).
    pub filled: bool,
}

impl Mark {
    /// A filled dot.
    pub const DOT: Mark = Mark {
        shape: MarkerShape::Circle,
        radius: 4.0,
        filled: true,
    };
}

/// A legend outside a plot, as a row (wrapping) of swatches and names: for plots whose data
/// fill every corner.
pub fn legend_row(ui: &mut egui::Ui, entries: &[(egui::Color32, Swatch, &str)]) {
    ui.horizontal_wrapped(|ui| {
        let font = egui::TextStyle::Body.resolve(ui.style());
        let h = ui.text_style_height(&egui::TextStyle::Body);
        let size = egui::vec2(SWATCH_WIDTH * h, h);
        for &(color, swatch, name) in entries {
            let width = size.x
                + ui.spacing().item_spacing.x
                + ui.painter()
                    .layout_no_wrap(name.to_owned(), font.clone(), color)
                    .size()
                    .x;
            if ui.max_rect().right() - ui.cursor().min.x < width {
                ui.end_row();
            }
            let (r, _) = ui.allocate_exact_size(size, egui::Sense::hover());
            paint_swatch(ui.painter(), r, color, swatch);
            ui.label(name);
        }
    });
}

/// The line segments of a swatch from `a` to `b`: one for a solid line, three dashes with
/// two gaps (as the plot's loose dashes look) for a dashed one, six dots for a dotted one, none
/// for a band or a marker.
fn segments(a: egui::Pos2, b: egui::Pos2, swatch: Swatch) -> Vec<[egui::Pos2; 2]> {
    match swatch {
        Swatch::Line | Swatch::ThinLine | Swatch::MarkerLine(_) => vec![[a, b]],
        Swatch::Dashed | Swatch::ThinDashed => {
            let unit = (b - a) / 5.0;
            [0.0, 2.0, 4.0]
                .map(|k| [a + unit * k, a + unit * (k + 1.0)])
                .to_vec()
        }
        Swatch::Dotted => {
            let unit = (b - a) / 11.0;
            (0..6)
                .map(|k| {
                    let at = a + unit * (2 * k) as f32;
                    [at, at + unit * 0.6]
                })
                .collect()
        }
        Swatch::Band | Swatch::Marker(_) | Swatch::ErrorBar | Swatch::Blank => Vec::new(),
    }
}

/// A legend entry's swatch in `r`: a line in the series' style (solid; three dashes; a band; a
/// marker; a marker on a line), a little thicker than the plot draws it.
pub fn paint_swatch(painter: &Painter, r: Rect, color: Color32, swatch: Swatch) {
    let width = match swatch {
        Swatch::MarkerLine(_) => 2.0,
        Swatch::ThinLine | Swatch::ThinDashed | Swatch::ErrorBar => THIN,
        _ => 2.5,
    };
    for s in segments(r.left_center(), r.right_center(), swatch) {
        painter.line_segment(s, Stroke::new(width, color));
    }
    match swatch {
        Swatch::Band => {
            painter.rect_filled(r.shrink2(egui::vec2(0.0, 3.0)), 2.0, color);
        }
        Swatch::Marker(m) | Swatch::MarkerLine(m) => paint_mark(painter, r.center(), color, m),
        Swatch::ErrorBar => {
            let (c, h, w) = (r.center(), 0.4 * r.height(), 0.15 * r.width());
            let stroke = Stroke::new(THIN, color);
            painter.line_segment([c - egui::vec2(0.0, h), c + egui::vec2(0.0, h)], stroke);
            for y in [-h, h] {
                let at = c + egui::vec2(0.0, y);
                painter.line_segment([at - egui::vec2(w, 0.0), at + egui::vec2(w, 0.0)], stroke);
            }
        }
        Swatch::Line
        | Swatch::Dashed
        | Swatch::ThinLine
        | Swatch::ThinDashed
        | Swatch::Dotted
        | Swatch::Blank => {}
    }
}

/// The polygon of a marker `shape` of `radius` around `c` (None: a circle or an asterisk).
fn mark_points(shape: MarkerShape, c: egui::Pos2, radius: f32) -> Option<Vec<egui::Pos2>> {
    let at = |x: f32, y: f32| c + egui::vec2(x, y) * radius;
    let h = 3f32.sqrt() / 2.0;
    Some(match shape {
        MarkerShape::Square => vec![at(-0.8, -0.8), at(0.8, -0.8), at(0.8, 0.8), at(-0.8, 0.8)],
        MarkerShape::Diamond => vec![at(0.0, -1.0), at(1.0, 0.0), at(0.0, 1.0), at(-1.0, 0.0)],
        MarkerShape::Up => vec![at(0.0, -1.0), at(h, 0.5), at(-h, 0.5)],
        MarkerShape::Down => vec![at(0.0, 1.0), at(-h, -0.5), at(h, -0.5)],
        MarkerShape::Left => vec![at(-1.0, 0.0), at(0.5, -h), at(0.5, h)],
        MarkerShape::Right => vec![at(1.0, 0.0), at(-0.5, h), at(-0.5, -h)],
        MarkerShape::Circle | MarkerShape::Cross | MarkerShape::Plus | MarkerShape::Asterisk => {
            return None;
        }
    })
}

/// A marker as the plot draws it: its shape, filled or outlined, at `c`.
fn paint_mark(painter: &Painter, c: egui::Pos2, color: Color32, m: Mark) {
    let stroke = Stroke::new(1.5, color);
    let r = m.radius;
    match (m.shape, mark_points(m.shape, c, r)) {
        (_, Some(points)) => {
            let (fill, line) = if m.filled {
                (color, Stroke::NONE)
            } else {
                (Color32::TRANSPARENT, stroke)
            };
            painter.add(egui::Shape::convex_polygon(points, fill, line));
        }
        (MarkerShape::Circle, None) if m.filled => {
            painter.circle_filled(c, r, color);
        }
        (MarkerShape::Circle, None) => {
            painter.circle_stroke(c, r, stroke);
        }
        (shape, None) => {
            // Strokes through the centre: × for a cross, + for a plus, both for an asterisk.
            let d = r * std::f32::consts::FRAC_1_SQRT_2;
            let cross = [(d, d), (d, -d)];
            let plus = [(r, 0.0), (0.0, r)];
            let mut lines = Vec::new();
            if shape != MarkerShape::Plus {
                lines.extend(cross);
            }
            if shape != MarkerShape::Cross {
                lines.extend(plus);
            }
            for (x, y) in lines {
                let v = egui::vec2(x, y);
                painter.line_segment([c - v, c + v], stroke);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dashed_swatch_differs_from_a_solid_one() {
        let (a, b) = (egui::pos2(0.0, 5.0), egui::pos2(30.0, 5.0));
        assert_eq!(segments(a, b, Swatch::Line), vec![[a, b]]);
        let dashes = segments(a, b, Swatch::Dashed);
        assert_eq!(dashes.len(), 3);
        // Gaps between the dashes, the ends reached.
        assert!(dashes.windows(2).all(|w| w[1][0].x - w[0][1].x >= 5.0));
        assert_eq!((dashes[0][0], dashes[2][1]), (a, b));
        assert!(segments(a, b, Swatch::Marker(Mark::DOT)).is_empty());
        let dots = segments(a, b, Swatch::Dotted);
        assert_eq!((dots.len(), dots[0][0], dots[5][1].x < b.x), (6, a, true));
        assert!(dots.iter().all(|d| d[1].x - d[0].x < 2.0));
    }
}
