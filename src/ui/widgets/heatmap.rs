//! A heat map of a [`Grid`]: one coloured cell per (x, y) value, a colour bar, contour lines at
//! given levels, axis ticks; hovering reports the cell, clicking selects it.
//!
//! Colours come from `colorous`: viridis (perceptually uniform, colour-blind safe) for plain
//! values, the red–blue diverging scale centred on 1 (on a log scale) for ratios.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Ui, pos2, vec2};

use super::access;
use super::ticks::{self, Scale as TickScale};
use crate::model::format::{Precision, number};
use crate::model::map::Grid;
use crate::report::map::Guide;

/// What the heat map shows besides the grid.
pub struct HeatSpec<'a> {
    /// Column parameter, as the axis title and read-outs write it (the paper's symbol).
    pub x_name: &'a str,
    /// Row parameter, likewise.
    pub y_name: &'a str,
    /// The metric as the paper writes it ("T_C / T_P"): its cells' read-outs, and the colour
    /// bar's title where `caption` does not fit.
    pub metric: &'a str,
    /// What the metric is, in words ("T_C / T_P: how much faster pipelining is"): the colour
    /// bar's title, so that an exported figure says what its colours are.
    pub caption: &'a str,
    /// A ratio: diverging colours around 1.
    pub ratio: bool,
    /// Contour levels.
    pub levels: &'a [f64],
    /// Whether the columns' values are spaced logarithmically (and the rows').
    pub log: (bool, bool),
    /// Curves over the cells, in parameter values (a paper's threshold).
    pub guides: &'a [Guide],
}

/// What the pointer did on the heat map this frame.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HeatResponse {
    /// The cell under the pointer.
    pub hovered: Option<(usize, usize)>,
    /// The cell clicked.
    pub clicked: Option<(usize, usize)>,
}

/// The colour scale of a map: value → colour.
#[derive(Debug, Clone, Copy)]
pub struct Scale {
    lo: f64,
    hi: f64,
    ratio: bool,
    /// Largest |ln v| of a ratio map (its scale is symmetric around 1).
    span: f64,
}

impl Scale {
    /// The scale for values in `range` (a ratio scale takes the log and is centred on 1).
    pub fn new((lo, hi): (f64, f64), ratio: bool) -> Scale {
        let ratio = ratio && lo > 0.0;
        let span = if ratio {
            lo.ln().abs().max(hi.ln().abs()).max(1e-3)
        } else {
            0.0
        };
        Scale {
            lo,
            hi,
            ratio,
            span,
        }
    }

    /// Position of `v` on the scale, in 0..=1.
    pub fn t(&self, v: f64) -> f64 {
        let t = if self.ratio {
            0.5 + v.ln() / (2.0 * self.span)
        } else if self.hi > self.lo {
            (v - self.lo) / (self.hi - self.lo)
        } else {
            0.5
        };
        t.clamp(0.0, 1.0)
    }

    /// The value at position `t` of the scale.
    pub fn value_at(&self, t: f64) -> f64 {
        if self.ratio {
            ((t - 0.5) * 2.0 * self.span).exp()
        } else {
            self.lo + (self.hi - self.lo) * t
        }
    }

    /// The colour of `v`.
    pub fn color(&self, v: f64) -> Color32 {
        let c = if self.ratio {
            // Red–blue runs from red (low) to blue (high): ratios above 1 in blue.
            colorous::RED_BLUE.eval_continuous(self.t(v))
        } else {
            colorous::VIRIDIS.eval_continuous(self.t(v))
        };
        Color32::from_rgb(c.r, c.g, c.b)
    }
}

/// Failed cells are hatched (left plain they read as the scale's palest values: a ratio
/// of 1), over the grey of cells not computed yet.
fn hatch(painter: &egui::Painter, rect: Rect, color: Color32) {
    let clipped = painter.with_clip_rect(rect.intersect(painter.clip_rect()));
    let stroke = Stroke::new(1.0, color);
    let step = HATCH_STEP;
    // Lines x − y = c across the cell, from its bottom-left corner to its top-right.
    let mut c = rect.left() - rect.bottom() - (rect.left() - rect.bottom()).rem_euclid(step);
    while c < rect.right() - rect.top() {
        let a = pos2(c + rect.bottom(), rect.bottom());
        let b = pos2(c + rect.top(), rect.top());
        clipped.line_segment([a, b], stroke);
        c += step;
    }
}

/// The spacing of the hatching of failed cells, in points (a constant on screen, so that
/// neighbouring failed cells hatch as one area).
const HATCH_STEP: f32 = 5.0;

/// The key of the hatching under the colour bar: "failed (hover for why)".
fn failed_key(painter: &egui::Painter, at: egui::Pos2, font: &FontId, color: Color32) {
    let swatch = Rect::from_min_size(at, vec2(14.0, 10.0));
    hatch(painter, swatch, color);
    painter.rect_stroke(
        swatch,
        0.0,
        Stroke::new(1.0, color),
        egui::StrokeKind::Inside,
    );
    painter.text(
        pos2(swatch.right() + 4.0, swatch.center().y),
        Align2::LEFT_CENTER,
        "failed",
        font.clone(),
        color,
    );
}

/// Draws the heat map in the room `size`; failed cells hatched, missing ones left grey.
pub fn heatmap(ui: &mut Ui, grid: &Grid, spec: &HeatSpec<'_>, size: egui::Vec2) -> HeatResponse {
    let (outer, response) = ui.allocate_exact_size(size, Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Heat map"));
    let font = FontId::proportional(12.0);
    let (text, weak) = (ui.visuals().text_color(), ui.visuals().weak_text_color());
    let painter = ui.painter_at(outer);
    // Room for the y ticks (left), the x ticks (below) and the colour bar (right).
    let (left, bottom, bar) = (64.0, 40.0, 86.0);
    let plot = Rect::from_min_max(
        pos2(outer.left() + left, outer.top() + 18.0),
        pos2(outer.right() - bar, outer.bottom() - bottom),
    );
    let (nx, ny) = (grid.x.len(), grid.y.len());
    let mut out = HeatResponse::default();
    if nx == 0 || ny == 0 || plot.width() < 20.0 || plot.height() < 20.0 {
        return out;
    }
    let (cw, ch) = (plot.width() / nx as f32, plot.height() / ny as f32);
    // Row 0 (the smallest y) at the bottom.
    let cell_rect = |ix: usize, iy: usize| {
        Rect::from_min_size(
            pos2(
                plot.left() + ix as f32 * cw,
                plot.bottom() - (iy + 1) as f32 * ch,
            ),
            vec2(cw, ch),
        )
    };
    let scale = Scale::new(grid.range().unwrap_or((0.0, 1.0)), spec.ratio);
    let missing = ui.visuals().faint_bg_color;
    // The cells as one mesh of plain quads, two triangles a cell: a rectangle shape each
    // would be feathered (anti-aliased edges, eight triangles a cell; 34 000 triangles for a
    // 64 × 64 map, which a browser rendering WebGL in software draws in every frame). The
    // cells tile the plot, so their edges need no anti-aliasing.
    let mut cells = egui::Mesh::default();
    let mut failed = false;
    for iy in 0..ny {
        for ix in 0..nx {
            let color = grid.value(ix, iy).map_or(missing, |v| scale.color(v));
            // A hair of overlap hides the seams between cells.
            cells.add_colored_rect(cell_rect(ix, iy).expand(0.3), color);
        }
    }
    painter.add(cells);
    for iy in 0..ny {
        for ix in 0..nx {
            if let Some(Err(_)) = &grid.cells[iy][ix] {
                failed = true;
                hatch(&painter, cell_rect(ix, iy), weak);
            }
        }
    }
    if failed {
        failed_key(
            &painter,
            pos2(outer.right() - bar + 8.0, plot.bottom() + 6.0),
            &font,
            weak,
        );
    }
    cell_nodes(ui, &response, grid, spec, &cell_rect);
    // Contours and guides through the cell centres: a fractional cell index to a point.
    let c0 = cell_rect(0, 0).center();
    let point = |x: f64, y: f64| pos2(c0.x + x as f32 * cw, c0.y - y as f32 * ch);
    let drawn = draw_contours(&painter, grid, spec.levels, point);
    let at = |x: f64, y: f64| {
        let fx = fractional_index(&grid.x, x, spec.log.0)?;
        let fy = fractional_index(&grid.y, y, spec.log.1)?;
        Some(point(fx, fy))
    };
    draw_guides(&painter, spec.guides, at, &font);
    painter.rect_stroke(plot, 0.0, Stroke::new(1.0, weak), egui::StrokeKind::Outside);
    let cells = (c0, cw, ch);
    draw_axes(
        &painter,
        grid,
        spec,
        (plot, outer),
        cells,
        &font,
        (text, weak),
    );
    // The bar marks the levels whose lines are on the map (a line at the bar's end, T*/T_PY = 1
    // where P.Y is optimal, went unnamed).
    let marked = HeatSpec {
        levels: &drawn,
        ..*spec
    };
    colour_bar(&painter, &scale, &marked, plot, outer.right(), &font, text);
    if let Some(p) = response.hover_pos() {
        out.hovered = cell_at(plot, nx, ny, p);
    }
    let cursor = keyboard_cursor(ui, &response, nx, ny);
    if response.clicked() {
        out.clicked = response
            .interact_pointer_pos()
            .and_then(|p| cell_at(plot, nx, ny, p))
            .or(cursor);
    }
    if let Some((ix, iy)) = cursor {
        // The keyboard's cell: read out like the pointer's, ringed like a focused control.
        out.hovered = out.hovered.or(cursor);
        super::focus::ring_rect(ui, &response, cell_rect(ix, iy));
    }
    if let Some((ix, iy)) = out.hovered {
        painter.rect_stroke(
            cell_rect(ix, iy),
            0.0,
            Stroke::new(2.0, text),
            egui::StrokeKind::Inside,
        );
    }
    out
}

/// The axes of the map in `plot` (within `outer`): round ticks, three or more per axis, placed
/// between the cells' values (`cells`: cell (0, 0)'s centre and the cells' size), and names.
fn draw_axes(
    painter: &egui::Painter,
    grid: &Grid,
    spec: &HeatSpec<'_>,
    (plot, outer): (Rect, Rect),
    (c0, cw, ch): (Pos2, f32, f32),
    font: &FontId,
    (text, weak): (Color32, Color32),
) {
    let (x_ticks, y_ticks) = (
        axis_ticks(&grid.x, spec.log.0, plot.width(), ticks::X_SPACING),
        axis_ticks(&grid.y, spec.log.1, plot.height(), ticks::Y_SPACING),
    );
    for (at, label) in x_ticks {
        let x = c0.x + at as f32 * cw;
        painter.vline(
            x,
            plot.bottom()..=plot.bottom() + 3.0,
            Stroke::new(1.0, weak),
        );
        painter.text(
            pos2(x, plot.bottom() + 3.0),
            Align2::CENTER_TOP,
            label,
            font.clone(),
            text,
        );
    }
    painter.text(
        pos2(plot.center().x, outer.bottom() - 2.0),
        Align2::CENTER_BOTTOM,
        spec.x_name,
        font.clone(),
        text,
    );
    for (at, label) in y_ticks {
        let y = c0.y - at as f32 * ch;
        painter.hline(plot.left() - 3.0..=plot.left(), y, Stroke::new(1.0, weak));
        painter.text(
            pos2(plot.left() - 4.0, y),
            Align2::RIGHT_CENTER,
            label,
            font.clone(),
            text,
        );
    }
    painter.text(
        pos2(plot.left() - 4.0, outer.top()),
        Align2::RIGHT_TOP,
        spec.y_name,
        font.clone(),
        text,
    );
}

/// The cell the keyboard points at while the map has the focus (Tab reaches it): the arrow
/// keys move it (they stay with the map instead of moving the focus), Space or Enter selects
/// it like a click. Row 0 is at the bottom, so the up arrow goes to the next row.
fn keyboard_cursor(
    ui: &Ui,
    response: &egui::Response,
    nx: usize,
    ny: usize,
) -> Option<(usize, usize)> {
    if !response.has_focus() {
        return None;
    }
    let filter = egui::EventFilter {
        horizontal_arrows: true,
        vertical_arrows: true,
        ..Default::default()
    };
    ui.memory_mut(|m| m.set_focus_lock_filter(response.id, filter));
    let id = response.id.with("keyboard cell");
    let (mut ix, mut iy) = ui
        .data(|d| d.get_temp::<(usize, usize)>(id))
        .unwrap_or((0, 0));
    ui.input(|i| {
        if i.key_pressed(egui::Key::ArrowRight) {
            ix += 1;
        }
        if i.key_pressed(egui::Key::ArrowLeft) {
            ix = ix.saturating_sub(1);
        }
        if i.key_pressed(egui::Key::ArrowUp) {
            iy += 1;
        }
        if i.key_pressed(egui::Key::ArrowDown) {
            iy = iy.saturating_sub(1);
        }
    });
    let cell = (ix.min(nx - 1), iy.min(ny - 1));
    ui.data_mut(|d| d.insert_temp(id, cell));
    Some(cell)
}

/// The contour lines at `levels` (the first, or the level 1 of a ratio, thicker); `point`
/// places a fractional cell index. Returns `levels` with those that drew no line as NaN (each
/// keeps its place: its colour is its index's).
fn draw_contours(
    painter: &egui::Painter,
    grid: &Grid,
    levels: &[f64],
    point: impl Fn(f64, f64) -> Pos2,
) -> Vec<f64> {
    let mut drawn = Vec::with_capacity(levels.len());
    for (k, &level) in levels.iter().enumerate() {
        let stroke = Stroke::new(if level == 1.0 { 2.0 } else { 1.3 }, contour_color(k));
        let segments = contour_segments(grid, level);
        for &((ax, ay), (bx, by)) in &segments {
            painter.line_segment([point(ax, ay), point(bx, by)], stroke);
        }
        drawn.push(if segments.is_empty() { f64::NAN } else { level });
    }
    drawn
}

/// Each guide as a dashed white-on-black line through its points that lie on the map (a
/// point off the map breaks the line), named at its last point on the map.
fn draw_guides(
    painter: &egui::Painter,
    guides: &[Guide],
    at: impl Fn(f64, f64) -> Option<Pos2>,
    font: &FontId,
) {
    for g in guides {
        let mut runs: Vec<Vec<Pos2>> = vec![Vec::new()];
        for p in &g.points {
            match at(p[0], p[1]) {
                Some(q) => runs.last_mut().map_or((), |r| r.push(q)),
                None if runs.last().is_some_and(|r| !r.is_empty()) => runs.push(Vec::new()),
                None => {}
            }
        }
        for run in runs.iter().filter(|r| r.len() > 1) {
            painter.add(egui::Shape::line(
                run.clone(),
                Stroke::new(3.5, Color32::BLACK),
            ));
            let dashes = egui::Shape::dashed_line(run, Stroke::new(1.8, Color32::WHITE), 6.0, 4.0);
            painter.extend(dashes);
        }
        if let Some(end) = runs.iter().rev().find_map(|r| r.last()) {
            let galley = painter.layout_no_wrap(g.label.clone(), font.clone(), Color32::WHITE);
            let rect = Align2::RIGHT_BOTTOM
                .anchor_size(*end, galley.size())
                .expand(2.0);
            let rect = rect.translate(
                painter.clip_rect().min.to_vec2().max(rect.min.to_vec2()) - rect.min.to_vec2(),
            );
            painter.rect_filled(rect, 2.0, Color32::from_black_alpha(200));
            painter.galley(rect.min + vec2(2.0, 2.0), galley, Color32::WHITE);
        }
    }
}

/// The cell under `p`.
fn cell_at(plot: Rect, nx: usize, ny: usize, p: Pos2) -> Option<(usize, usize)> {
    if !plot.contains(p) {
        return None;
    }
    let ix = ((p.x - plot.left()) / plot.width() * nx as f32) as usize;
    let iy = ((plot.bottom() - p.y) / plot.height() * ny as f32) as usize;
    Some((ix.min(nx - 1), iy.min(ny - 1)))
}

/// Colours of the contour lines: black for the first level (1 for ratios), then dark grey and
/// white dashes' stand-in, all readable on both colour scales.
fn contour_color(k: usize) -> Color32 {
    [
        Color32::BLACK,
        Color32::from_gray(60),
        Color32::WHITE,
        Color32::from_gray(200),
    ][k % 4]
}

/// Where `v` lies among the cells' `values` (in order, rising or falling), as a fractional
/// cell index: linear between two neighbours (in logarithms on a log axis).
fn fractional_index(values: &[f64], v: f64, log: bool) -> Option<f64> {
    let f = |x: f64| {
        if log {
            x.max(f64::MIN_POSITIVE).ln()
        } else {
            x
        }
    };
    if let [only] = values {
        return ((only - v).abs() <= 1e-9 * only.abs().max(1e-300)).then_some(0.0);
    }
    values.windows(2).enumerate().find_map(|(i, w)| {
        let (a, b, x) = (f(w[0]), f(w[1]), f(v));
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        let slack = 1e-9 * (hi - lo).abs();
        (x >= lo - slack && x <= hi + slack && hi > lo).then(|| i as f64 + (x - a) / (b - a))
    })
}

/// The labelled ticks of an axis of `length` points through the cells' `values`: round
/// values ([`ticks::ticks_at_most`], whole numbers when every value is one), each with its
/// fractional cell index and its label.
fn axis_ticks(values: &[f64], log: bool, length: f32, spacing: f32) -> Vec<(f64, String)> {
    let (Some(&first), Some(&last)) = (values.first(), values.last()) else {
        return Vec::new();
    };
    let scale = TickScale::of_values(log && first > 0.0 && last > 0.0, values.iter().copied());
    let most = (length / spacing).floor().max(3.0) as usize;
    let at = ticks::ticks_at_most(first, last, scale, most);
    let labels = ticks::labels(&at);
    at.into_iter()
        .zip(labels)
        .filter_map(|(v, label)| Some((fractional_index(values, v, log)?, label)))
        .collect()
}

fn colour_bar(
    painter: &egui::Painter,
    scale: &Scale,
    spec: &HeatSpec<'_>,
    plot: Rect,
    right: f32,
    font: &FontId,
    text: Color32,
) {
    let bar = Rect::from_min_max(
        pos2(right - 78.0, plot.top() + 2.0),
        pos2(right - 62.0, plot.bottom()),
    );
    // The bar spans the data's range on the scale (a ratio scale is centred on 1, but only
    // the values present are drawn).
    let (t_lo, t_hi) = (scale.t(scale.lo), scale.t(scale.hi));
    let at = |u: f64| scale.value_at(t_lo + u * (t_hi - t_lo));
    let steps = 64;
    for k in 0..steps {
        let u0 = k as f32 / steps as f32;
        let r = Rect::from_min_max(
            pos2(
                bar.left(),
                bar.bottom() - (u0 + 1.0 / steps as f32) * bar.height(),
            ),
            pos2(bar.right(), bar.bottom() - u0 * bar.height() + 0.5),
        );
        painter.rect_filled(r, 0.0, scale.color(at(f64::from(u0) + 0.5 / steps as f64)));
    }
    // Above the plot, flush right: a long title runs left over the free band instead of off
    // the edge; the caption where the band holds it, else the metric as written.
    let title = |s: &str| painter.layout_no_wrap(s.to_owned(), font.clone(), text);
    let caption = title(spec.caption);
    let galley = if caption.size().x <= right - 2.0 - plot.left() {
        caption
    } else {
        title(spec.metric)
    };
    let corner = pos2(right - 2.0 - galley.size().x, plot.top() - 17.0);
    painter.galley(corner, galley, text);
    let u_of = |v: f64| {
        if t_hi > t_lo {
            (scale.t(v) - t_lo) / (t_hi - t_lo)
        } else {
            0.5
        }
    };
    let y_of = |v: f64| bar.bottom() - u_of(v) as f32 * bar.height();
    let label = |v: f64, shown: String, stroke: Option<Stroke>| {
        let y = y_of(v);
        match stroke {
            Some(s) => {
                painter.line_segment([pos2(bar.left() - 3.0, y), pos2(bar.right() + 3.0, y)], s)
            }
            None => painter.hline(bar.right()..=bar.right() + 3.0, y, Stroke::new(1.0, text)),
        };
        painter.text(
            pos2(bar.right() + 5.0, y),
            Align2::LEFT_CENTER,
            shown,
            font.clone(),
            text,
        );
    };
    // The contour levels drawn (NaN: not drawn) first, then round values (three or more)
    // where they leave room.
    let mut taken: Vec<f32> = Vec::new();
    for (k, &level) in spec.levels.iter().enumerate() {
        let u = u_of(level);
        if t_hi > t_lo && (0.0..=1.0).contains(&u) {
            label(
                level,
                number(level, Precision::Exact),
                Some(Stroke::new(2.0, contour_color(k))),
            );
            taken.push(y_of(level));
        }
    }
    let most = (bar.height() / ticks::Y_SPACING).floor().max(3.0) as usize;
    for (v, shown) in bar_ticks(scale, most) {
        let y = y_of(v);
        if taken.iter().all(|t| (t - y).abs() >= 14.0) {
            label(v, shown, None);
        }
    }
}

/// The colour bar's labelled values (at most `most`) with their labels: round values over the
/// scale's range, or, when every cell holds the same value (the bar is one colour, every value
/// at its middle), that value alone — round ticks around it were printed on top of each other.
fn bar_ticks(scale: &Scale, most: usize) -> Vec<(f64, String)> {
    if scale.t(scale.lo) >= scale.t(scale.hi) {
        return vec![(scale.lo, number(scale.lo, Precision::Readout))];
    }
    let kind = if scale.ratio {
        TickScale::Log
    } else {
        TickScale::Linear
    };
    let values = ticks::ticks_at_most(scale.lo, scale.hi, kind, most);
    let labels = ticks::labels(&values);
    values.into_iter().zip(labels).collect()
}

/// Segments of the contour at `level` by marching squares over the cell centres, in cell
/// units from the centre of cell (0, 0) (x to the right, y upwards). Squares with a missing
/// corner are skipped.
pub fn contour_segments(grid: &Grid, level: f64) -> Vec<((f64, f64), (f64, f64))> {
    let (nx, ny) = (grid.x.len(), grid.y.len());
    let mut out = Vec::new();
    if nx < 2 || ny < 2 {
        return out;
    }
    for iy in 0..ny - 1 {
        for ix in 0..nx - 1 {
            let corners = [(ix, iy), (ix + 1, iy), (ix + 1, iy + 1), (ix, iy + 1)];
            let vals: Option<Vec<f64>> = corners.iter().map(|&(x, y)| grid.value(x, y)).collect();
            let Some(v) = vals else { continue };
            // Crossing points on the four edges (bottom, right, top, left).
            let mut pts = Vec::with_capacity(4);
            for e in 0..4 {
                let (a, b) = (e, (e + 1) % 4);
                let (va, vb) = (v[a], v[b]);
                // Values within rounding of the level count as on it (above), so a region
                // exactly at the level (ratio 1) draws no noise.
                let below = |x: f64| x < level - 1e-9 * level.abs();
                if below(va) != below(vb) {
                    let t = (level - va) / (vb - va);
                    let (xa, ya) = (corners[a].0 as f64, corners[a].1 as f64);
                    let (xb, yb) = (corners[b].0 as f64, corners[b].1 as f64);
                    pts.push((xa + t * (xb - xa), ya + t * (yb - ya)));
                }
            }
            match pts.len() {
                2 => out.push((pts[0], pts[1])),
                // A saddle: pair the crossings in order around the square.
                4 => {
                    out.push((pts[0], pts[1]));
                    out.push((pts[2], pts[3]));
                }
                _ => {}
            }
        }
    }
    out
}

/// The map's cells for a screen reader, one node each: "h = 13, β = 74" with the metric's value
/// as the map's read-out gives it ("T_C / T_P = 1.95", 4 significant digits; "failed: …", "not
/// computed yet"); `rect` places a cell (column, row).
fn cell_nodes(
    ui: &Ui,
    canvas: &egui::Response,
    grid: &crate::model::map::Grid,
    spec: &HeatSpec<'_>,
    rect: &dyn Fn(usize, usize) -> Rect,
) {
    use crate::report::format::{Precision, number};
    if !access::active(canvas) {
        return;
    }
    let n = |v: f64| number(v, Precision::Readout);
    let cells = (0..grid.y.len()).flat_map(|iy| (0..grid.x.len()).map(move |ix| (ix, iy)));
    for (k, (ix, iy)) in cells.enumerate().take(access::MAX_PARTS) {
        let name = format!(
            "{} = {}, {} = {}",
            spec.x_name,
            n(grid.x[ix]),
            spec.y_name,
            n(grid.y[iy])
        );
        let value = match grid.cells.get(iy).and_then(|r| r.get(ix)) {
            Some(Some(Ok(v))) => format!("{} = {}", spec.metric, n(*v)),
            Some(Some(Err(e))) => format!("failed: {e}"),
            _ => "not computed yet".to_owned(),
        };
        access::node(
            ui,
            access::id(canvas.id, "cell", k),
            rect(ix, iy),
            access::CELL,
            &name,
            &value,
        );
    }
    access::more(
        ui,
        canvas.id,
        canvas.rect,
        grid.x.len() * grid.y.len(),
        "cells",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a 400 × 300 heat map of `grid` under `spec` paints: its line segments and texts.
    fn painted(grid: &Grid, spec: &HeatSpec<'_>) -> (Vec<[egui::Pos2; 2]>, Vec<String>) {
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            heatmap(ui, grid, spec, vec2(400.0, 300.0));
        });
        out.textures_delta.clear();
        let (mut segments, mut texts) = (Vec::new(), Vec::new());
        let mut shapes: Vec<&egui::epaint::Shape> = out.shapes.iter().map(|c| &c.shape).collect();
        while let Some(shape) = shapes.pop() {
            match shape {
                egui::epaint::Shape::Vec(v) => shapes.extend(v.iter()),
                egui::epaint::Shape::LineSegment { points, .. } => segments.push(*points),
                egui::epaint::Shape::Text(t) => texts.push(t.galley.text().to_owned()),
                _ => {}
            }
        }
        (segments, texts)
    }

    /// A ratio map's spec titled `metric` / `caption`, with no levels or guides.
    fn ratio_spec<'a>(metric: &'a str, caption: &'a str) -> HeatSpec<'a> {
        HeatSpec {
            x_name: "β",
            y_name: "h",
            metric,
            caption,
            ratio: true,
            levels: &[],
            log: (false, false),
            guides: &[],
        }
    }

    /// A failed cell is hatched, and the key says what the hatching means; a cell of the
    /// scale's palest value (1 on a ratio scale) is not (the two looked alike, both white).
    #[test]
    fn failed_cells_are_hatched_and_keyed() {
        let mut grid = Grid::new(vec![1.0, 2.0], vec![1.0, 2.0]);
        grid.cells[0] = vec![Some(Ok(1.0)), Some(Ok(1.5))];
        grid.cells[1] = vec![Some(Err("h too large".into())), Some(Ok(2.0))];
        let (segments, texts) = painted(&grid, &ratio_spec("ratio", "a ratio"));
        // Diagonal segments (neither level nor upright): the hatching, in the failed cell
        // (top left: row 1, column 0) and the key, none in the cells with values.
        let diagonal: Vec<_> = segments
            .iter()
            .filter(|[a, b]| (a.x - b.x).abs() > 0.5 && (a.y - b.y).abs() > 0.5)
            .collect();
        assert!(diagonal.len() >= 4, "{diagonal:?}");
        let centre = |[a, b]: &&[egui::Pos2; 2]| pos2((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
        let xs: Vec<f32> = diagonal.iter().map(|s| centre(s).x).collect();
        let ys: Vec<f32> = diagonal.iter().map(|s| centre(s).y).collect();
        // The plot's left half holds column 0, its top half row 1.
        let plot_mid = (64.0 + (400.0 - 86.0)) / 2.0;
        let in_cell = xs
            .iter()
            .zip(&ys)
            .filter(|(x, y)| **x < plot_mid && **y < 150.0);
        assert!(in_cell.count() >= 3, "{xs:?} {ys:?}");
        assert!(texts.iter().any(|t| t == "failed"), "{texts:?}");
    }

    /// The texts painted by a map of two cells whose metric is `caption`.
    fn painted_texts(caption: &str) -> Vec<String> {
        let mut grid = Grid::new(vec![1.0, 2.0], vec![1.0]);
        grid.cells[0] = vec![Some(Ok(1.0)), Some(Ok(2.0))];
        painted(&grid, &ratio_spec("ratio_c_over_p", caption)).1
    }

    /// The colour bar's title says what the colours are in words where the band above the
    /// plot holds it (an exported figure carries no combo box), else the metric's name.
    #[test]
    fn the_colour_bar_is_titled_by_the_caption_where_it_fits() {
        let fits = "T_C / T_P: how much faster";
        let texts = painted_texts(fits);
        assert!(texts.iter().any(|t| t == fits), "{texts:?}");
        assert!(!texts.iter().any(|t| t == "ratio_c_over_p"), "{texts:?}");
        let long = "a caption far longer than the band above a map four hundred points wide \
                    can hold, however small its type";
        let texts = painted_texts(long);
        assert!(texts.iter().any(|t| t == "ratio_c_over_p"), "{texts:?}");
        assert!(!texts.iter().any(|t| t == long), "{texts:?}");
        // The axes are titled as given (the paper's symbols).
        assert!(texts.iter().any(|t| t == "β") && texts.iter().any(|t| t == "h"));
    }

    /// A ratio map whose values end at 1 (T*/T_PY: P.Y is never better): its contour at 1
    /// is drawn and the colour bar names it, at the bar's end, with the line's sample (it
    /// marked only levels inside the bar, so the black line went unexplained); the level ½
    /// at the other end draws no line (every cell is at least ½) and has no mark.
    #[test]
    fn a_contour_at_the_colour_bars_end_is_marked_on_the_bar() {
        let mut grid = Grid::new(vec![1.0, 2.0, 3.0], vec![1.0, 2.0]);
        grid.cells[0] = vec![Some(Ok(0.5)), Some(Ok(0.8)), Some(Ok(1.0))];
        grid.cells[1] = vec![Some(Ok(0.7)), Some(Ok(1.0)), Some(Ok(1.0))];
        let spec = HeatSpec {
            levels: &[1.0, 2.0, 0.5],
            ..ratio_spec("ratio", "a ratio")
        };
        let (segments, _) = painted(&grid, &spec);
        // A mark crosses the bar, 3 points beyond each side: 16 + 6 points long, level.
        let marks: Vec<_> = segments
            .iter()
            .filter(|[a, b]| (a.y - b.y).abs() < 0.01 && ((b.x - a.x).abs() - 22.0).abs() < 0.01)
            .collect();
        assert_eq!(marks.len(), 1, "{marks:?}");
        // At the bar's top: above every round value's tick (3 points long, level).
        let ticks: Vec<f32> = segments
            .iter()
            .filter(|[a, b]| (a.y - b.y).abs() < 0.01 && ((b.x - a.x).abs() - 3.0).abs() < 0.01)
            .map(|[a, _]| a.y)
            .collect();
        assert!(!ticks.is_empty());
        assert!(
            ticks.iter().all(|&y| y > marks[0][0].y),
            "{ticks:?} {marks:?}"
        );
    }

    #[test]
    fn axis_ticks_are_round_values_between_the_cells() {
        // The map's defect: ticks on the sample values 743 … 48408 and 0.928 … 8.62.
        let xs: Vec<f64> = (0..32).map(|i| 742.964 * 1.14f64.powi(i)).collect();
        let t = axis_ticks(&xs, true, 500.0, ticks::X_SPACING);
        let labels: Vec<&str> = t.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(labels, ["1000", "2000", "5000", "10000", "20000"]);
        // Each where its value lies: 1000 between cells 2 and 3 (863 … 983 … 1121).
        assert!(t[0].0 > 2.0 && t[0].0 < 3.0, "{t:?}");
        let ys: Vec<f64> = (0..20)
            .map(|i| 0.928 + i as f64 * (8.62 - 0.928) / 19.0)
            .collect();
        let t = axis_ticks(&ys, false, 300.0, ticks::Y_SPACING);
        assert!(t.len() >= 3, "{t:?}");
        assert!(
            t.iter()
                .all(|(_, l)| l.parse::<f64>().is_ok_and(|v| v.fract() == 0.0))
        );
        // Whole-number parameters tick on whole numbers.
        let ps: Vec<f64> = (2..=18).map(f64::from).collect();
        let t = axis_ticks(&ps, false, 120.0, ticks::X_SPACING);
        assert!(
            t.len() >= 3 && t.iter().all(|(at, _)| at.fract() == 0.0),
            "{t:?}"
        );
    }

    /// A map whose cells all hold one value: one tick on its colour bar, that value (round
    /// ticks around it, 0.7 to 0.9, were all drawn at the bar's middle, on top of each other).
    #[test]
    fn a_colour_bar_of_one_value_has_one_tick() {
        assert_eq!(
            bar_ticks(&Scale::new((0.8123, 0.8123), false), 8),
            vec![(0.8123, "0.8123".to_string())]
        );
        assert_eq!(
            bar_ticks(&Scale::new((1.0, 1.0), true), 8),
            vec![(1.0, "1".to_string())]
        );
        assert_eq!(
            bar_ticks(&Scale::new((0.0, 0.0), false), 8),
            vec![(0.0, "0".to_string())]
        );
        // Two values: round ticks between them, as before.
        let two: Vec<f64> = bar_ticks(&Scale::new((0.0, 10.0), false), 8)
            .into_iter()
            .map(|(v, _)| v)
            .collect();
        assert_eq!(two, [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
    }

    #[test]
    fn fractional_indices_interpolate_between_neighbours() {
        assert_eq!(fractional_index(&[1.0, 2.0, 4.0], 3.0, false), Some(1.5));
        assert_eq!(fractional_index(&[4.0, 2.0], 3.0, false), Some(0.5));
        let mid = fractional_index(&[1.0, 100.0], 10.0, true).unwrap_or(0.0);
        assert!((mid - 0.5).abs() < 1e-12);
        assert_eq!(fractional_index(&[1.0, 2.0], 7.0, false), None);
    }

    #[test]
    fn ratio_scale_is_centred_on_one_and_contours_cross_the_level() {
        let s = Scale::new((0.5, 4.0), true);
        assert!((s.t(1.0) - 0.5).abs() < 1e-12);
        assert!((s.value_at(s.t(2.0)) - 2.0).abs() < 1e-9);
        let mut g = Grid::new(vec![0.0, 1.0, 2.0], vec![0.0, 1.0]);
        let at: Vec<(usize, usize)> = g.positions();
        g.fill(
            &at,
            vec![Ok(0.5), Ok(1.5), Ok(2.5), Ok(0.5), Ok(1.5), Ok(2.5)],
        );
        let segs = contour_segments(&g, 1.0);
        assert_eq!(segs.len(), 1);
        let ((x0, _), (x1, _)) = segs[0];
        assert!((x0 - 0.5).abs() < 1e-12 && (x1 - 0.5).abs() < 1e-12);
    }
}
