//! A figure as SVG, written from the shapes it is drawn with.
//!
//! The off-screen pass of [`super::render`] keeps egui's shapes (before tessellation) beside
//! the tessellated meshes; this module walks them in paint order — rectangles (rounded,
//! stroked inside, middle or outside as egui strokes them), circles, ellipses, line segments,
//! paths, Bézier curves, bands and raw meshes (one triangle each) — each under its clip rect,
//! in the figure's own coordinates (points), so the layout is exactly the PNG's. Text is
//! written as real `<text>` elements, one per run of a galley row in one colour and size, on
//! egui's own baseline, each word a `<tspan>` at egui's own x and as wide as egui set it
//! (`textLength`, `lengthAdjust="spacingAndGlyphs"`: the viewer stretches or squeezes its own
//! font to egui's width): searchable and editable, and the PNG's layout whatever font the
//! viewer has. Viewers that ignore `textLength` (librsvg) still place each word at egui's x,
//! in the first face of `SANS` they have — Ubuntu Light, else a face of Arial's widths
//! (within 2 % of it), so words do not run into each other. What egui draws as GPU
//! callbacks and textured images (none of loadlab's figures) is left out.

use std::fmt::Write as _;

use egui::epaint::{
    ClippedShape, Color32, ColorMode, CornerRadius, PathStroke, Pos2, Rect, Shape, Stroke,
    StrokeKind, TextShape,
};

/// The figure's typeface and its stand-ins: egui's Ubuntu Light, then the faces whose widths
/// are closest to it (Arial's metrics: within 2 % on the app's text; DejaVu Sans is 15 %
/// wider, its condensed cut 4 %), for viewers that ignore `textLength` (librsvg).
const SANS: &str = "'Ubuntu Light', Ubuntu, Arial, Helvetica, 'Liberation Sans', Arimo, \
'Nimbus Sans', 'DejaVu Sans Condensed', sans-serif";

/// The SVG document of `shapes` on a `size`-point canvas filled with `background`; a
/// `description` (one part per line) becomes its `<title>` (the first line) and `<desc>` (all
/// of it), so that a screen reader or a page embedding it has the figure in words.
pub fn document(
    shapes: &[ClippedShape],
    size: [f32; 2],
    background: Color32,
    description: Option<&str>,
) -> String {
    let [w, h] = size;
    let mut out = String::new();
    let role = if description.is_some() {
        r#" role="img""#
    } else {
        ""
    };
    let _ = writeln!(
        out,
        r#"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" xml:space="preserve" font-family="{SANS}"{role}>"#
    );
    if let Some(d) = description {
        let title = d.lines().next().unwrap_or_default();
        let _ = writeln!(
            out,
            "<title>{}</title>\n<desc>{}</desc>",
            escape(title),
            d.lines().map(escape).collect::<Vec<_>>().join("&#10;")
        );
    }
    let _ = writeln!(
        out,
        r#"<rect x="0" y="0" width="{w}" height="{h}"{}/>"#,
        paint("fill", background)
    );
    let canvas = Rect::from_min_size(Pos2::ZERO, egui::vec2(w, h));
    let mut clips = 0usize;
    let mut open: Option<Rect> = None;
    for c in shapes {
        let clip = c.clip_rect.intersect(canvas);
        if clip.width() <= 0.0 || clip.height() <= 0.0 {
            continue;
        }
        let needed = (clip != canvas).then_some(clip);
        if needed != open {
            if open.is_some() {
                out.push_str("</g>\n");
            }
            if let Some(r) = needed {
                clips += 1;
                let _ = writeln!(
                    out,
                    r#"<clipPath id="c{clips}"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath><g clip-path="url(#c{clips})">"#,
                    n(r.min.x),
                    n(r.min.y),
                    n(r.width()),
                    n(r.height())
                );
            }
            open = needed;
        }
        let t = c.transform_after_tessellation;
        let moved = t != egui::emath::TSTransform::IDENTITY;
        if moved {
            let _ = writeln!(
                out,
                r#"<g transform="matrix({} 0 0 {} {} {})">"#,
                t.scaling,
                t.scaling,
                n(t.translation.x),
                n(t.translation.y)
            );
        }
        shape(&mut out, &c.shape);
        if moved {
            out.push_str("</g>\n");
        }
    }
    if open.is_some() {
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// A number with at most two decimals, no trailing zeros.
fn n(v: f32) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// ` fill="#rrggbb" fill-opacity="…"` (attribute `what`), or ` fill="none"`.
fn paint(what: &str, c: Color32) -> String {
    let [r, g, b, a] = c.to_srgba_unmultiplied();
    if a == 0 {
        return format!(r#" {what}="none""#);
    }
    let mut s = format!(r##" {what}="#{r:02x}{g:02x}{b:02x}""##);
    if a < 255 {
        let _ = write!(s, r#" {what}-opacity="{}""#, n(f32::from(a) / 255.0));
    }
    s
}

/// The stroke attributes of `s` (nothing for an invisible one).
fn stroke(s: Stroke) -> String {
    if s.width <= 0.0 || s.color.a() == 0 {
        return String::new();
    }
    format!(
        r#"{} stroke-width="{}""#,
        paint("stroke", s.color),
        n(s.width)
    )
}

fn path_stroke(s: &PathStroke) -> Stroke {
    match &s.color {
        ColorMode::Solid(c) => Stroke::new(s.width, *c),
        // A gradient stroke: its colour at the start (no figure here uses one).
        ColorMode::UV(f) => Stroke::new(s.width, f(Rect::NOTHING, Pos2::ZERO)),
    }
}

/// A Bézier curve as a path: `M` to the first point, then `letter` (`Q` quadratic, `C` cubic)
/// and the other points, closed with `Z` when `closed`.
fn bezier(
    out: &mut String,
    letter: char,
    points: &[Pos2],
    closed: bool,
    fill: Color32,
    s: &PathStroke,
) {
    let Some((first, rest)) = points.split_first() else {
        return;
    };
    let rest: Vec<String> = rest.iter().flat_map(|p| [n(p.x), n(p.y)]).collect();
    let close = if closed { "Z" } else { "" };
    let d = format!(
        "M{} {}{letter}{}{close}",
        n(first.x),
        n(first.y),
        rest.join(" ")
    );
    path(out, &d, fill, path_stroke(s));
}

/// Writes one shape, its nested shapes in order (a stack, no recursion).
fn shape(out: &mut String, s: &Shape) {
    let mut todo = vec![s];
    while let Some(s) = todo.pop() {
        match s {
            Shape::Noop | Shape::Callback(_) => {}
            Shape::Vec(v) => todo.extend(v.iter().rev()),
            Shape::Rect(r) => rect(
                out,
                r.rect,
                r.corner_radius,
                r.fill,
                r.stroke,
                r.stroke_kind,
            ),
            Shape::Circle(c) => {
                let _ = writeln!(
                    out,
                    r#"<circle cx="{}" cy="{}" r="{}"{}{}/>"#,
                    n(c.center.x),
                    n(c.center.y),
                    n(c.radius),
                    paint("fill", c.fill),
                    stroke(c.stroke)
                );
            }
            Shape::Ellipse(e) => {
                let _ = writeln!(
                    out,
                    r#"<ellipse cx="{}" cy="{}" rx="{}" ry="{}" transform="rotate({} {} {})"{}{}/>"#,
                    n(e.center.x),
                    n(e.center.y),
                    n(e.radius.x),
                    n(e.radius.y),
                    n(e.angle.to_degrees()),
                    n(e.center.x),
                    n(e.center.y),
                    paint("fill", e.fill),
                    stroke(e.stroke)
                );
            }
            Shape::LineSegment { points, stroke: s } => {
                poly(out, points, false, Color32::TRANSPARENT, *s);
            }
            Shape::Path(p) => poly(out, &p.points, p.closed, p.fill, path_stroke(&p.stroke)),
            Shape::QuadraticBezier(q) => bezier(out, 'Q', &q.points, q.closed, q.fill, &q.stroke),
            Shape::CubicBezier(q) => bezier(out, 'C', &q.points, q.closed, q.fill, &q.stroke),
            Shape::Band(b) => {
                let upper = b.points.iter().map(|p| Pos2::new(p.x, p.y.max));
                let lower = b.points.iter().rev().map(|p| Pos2::new(p.x, p.y.min));
                let pts: Vec<Pos2> = upper.chain(lower).collect();
                poly(out, &pts, true, b.fill, b.stroke);
            }
            Shape::Mesh(m) => mesh(out, m),
            Shape::Text(t) => text(out, t),
        }
    }
}

/// A mesh's triangles as polygons, except that two triangles making one rectangle of one
/// colour (a heat map's cell, `Mesh::add_colored_rect`) are one `<rect>`: two triangles side
/// by side show a seam along their diagonal where an SVG viewer anti-aliases their edges.
fn mesh(out: &mut String, m: &egui::Mesh) {
    let vertex = |i: &u32| m.vertices.get(*i as usize);
    let mut triangles = m.indices.chunks_exact(3).peekable();
    while let Some(t) = triangles.next() {
        let Some(v) = t.iter().map(vertex).collect::<Option<Vec<_>>>() else {
            continue;
        };
        if let Some(next) = triangles.peek()
            && let Some(w) = next.iter().map(vertex).collect::<Option<Vec<_>>>()
            && let Some(r) = quad(&v, &w)
        {
            triangles.next();
            let fill = v[0].color;
            rect(
                out,
                r,
                CornerRadius::ZERO,
                fill,
                Stroke::NONE,
                StrokeKind::Inside,
            );
            continue;
        }
        poly(
            out,
            &[v[0].pos, v[1].pos, v[2].pos],
            true,
            v[0].color,
            Stroke::NONE,
        );
    }
}

/// The axis-aligned rectangle two triangles of one colour tile, if they tile one: each has
/// three of its four corners, and the corners they lack are opposite (so they meet along a
/// diagonal).
fn quad(a: &[&egui::epaint::Vertex], b: &[&egui::epaint::Vertex]) -> Option<Rect> {
    let color = a[0].color;
    if a.iter().chain(b).any(|v| v.color != color) {
        return None;
    }
    let r = Rect::from_points(&a.iter().chain(b).map(|v| v.pos).collect::<Vec<_>>());
    // Corners 0 and 3, 1 and 2 are opposite.
    let corners = [
        r.left_top(),
        r.right_top(),
        r.left_bottom(),
        r.right_bottom(),
    ];
    let lacks = |t: &[&egui::epaint::Vertex]| {
        let mut has = [false; 4];
        for v in t {
            has[corners.iter().position(|c| *c == v.pos)?] = true;
        }
        let missing: Vec<usize> = (0..4).filter(|&k| !has[k]).collect();
        (missing.len() == 1).then(|| missing[0])
    };
    (r.area() > 0.0 && lacks(a)? + lacks(b)? == 3).then_some(r)
}

fn rect(
    out: &mut String,
    r: Rect,
    radius: CornerRadius,
    fill: Color32,
    s: Stroke,
    kind: StrokeKind,
) {
    let rx = f32::from(radius.nw.max(radius.ne).max(radius.sw).max(radius.se));
    let corner = || {
        if rx > 0.0 {
            format!(r#" rx="{}""#, n(rx))
        } else {
            String::new()
        }
    };
    if fill.a() > 0 {
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}"{}{}/>"#,
            n(r.min.x),
            n(r.min.y),
            n(r.width()),
            n(r.height()),
            corner(),
            paint("fill", fill)
        );
    }
    if s.width > 0.0 && s.color.a() > 0 {
        // SVG strokes are centred on the outline: move it by half the width as egui does.
        let shift = match kind {
            StrokeKind::Inside => -s.width / 2.0,
            StrokeKind::Middle => 0.0,
            StrokeKind::Outside => s.width / 2.0,
        };
        let o = r.expand(shift);
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}"{} fill="none"{}/>"#,
            n(o.min.x),
            n(o.min.y),
            n(o.width().max(0.0)),
            n(o.height().max(0.0)),
            corner(),
            stroke(s)
        );
    }
}

fn poly(out: &mut String, pts: &[Pos2], closed: bool, fill: Color32, s: Stroke) {
    if pts.len() < 2 {
        return;
    }
    let list: Vec<String> = pts
        .iter()
        .map(|p| format!("{},{}", n(p.x), n(p.y)))
        .collect();
    let tag = if closed { "polygon" } else { "polyline" };
    let fill = if closed {
        paint("fill", fill)
    } else {
        r#" fill="none""#.to_string()
    };
    let _ = writeln!(
        out,
        r#"<{tag} points="{}"{fill}{} stroke-linejoin="round" stroke-linecap="round"/>"#,
        list.join(" "),
        stroke(s)
    );
}

fn path(out: &mut String, d: &str, fill: Color32, s: Stroke) {
    let _ = writeln!(
        out,
        r#"<path d="{d}"{}{}/>"#,
        paint("fill", fill),
        stroke(s)
    );
}

/// `text` with the characters XML reserves escaped.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            c if c.is_control() => {}
            c => s.push(c),
        }
    }
    s
}

/// One `<text>` per run of glyphs of one colour and size in each row of the galley.
fn text(out: &mut String, t: &TextShape) {
    let g = &t.galley;
    let Some(first) = g.rows.first().and_then(|r| r.row.glyphs.first()) else {
        return;
    };
    // Points of font size per point of row height (the first section's font, which the
    // first glyph is set in).
    let Some(section) = g.job.sections.first() else {
        return;
    };
    let per_height = section.format.font_id.size / first.font_height.max(1e-3);
    let mono = matches!(section.format.font_id.family, egui::FontFamily::Monospace);
    let family = if mono {
        r#" font-family="Hack, 'DejaVu Sans Mono', Menlo, monospace""#
    } else {
        ""
    };
    let rotated = t.angle != 0.0;
    if rotated {
        let _ = writeln!(
            out,
            r#"<g transform="rotate({} {} {})">"#,
            n(t.angle.to_degrees()),
            n(t.pos.x),
            n(t.pos.y)
        );
    }
    for placed in &g.rows {
        let row = &placed.row;
        let colour = |i: usize| {
            let glyph = &row.glyphs[i];
            let c = row
                .visuals
                .mesh
                .vertices
                .get(glyph.first_vertex as usize)
                .map_or(t.fallback_color, |v| v.color);
            let c = if c == Color32::PLACEHOLDER {
                t.fallback_color
            } else {
                c
            };
            let c = t.override_text_color.unwrap_or(c);
            c.gamma_multiply(t.opacity_factor)
        };
        let mut i = 0;
        while i < row.glyphs.len() {
            let (c, height) = (colour(i), row.glyphs[i].font_height);
            let mut j = i + 1;
            while j < row.glyphs.len()
                && row.glyphs[j].font_height == height
                && (row.glyphs[j].chr.is_whitespace() || colour(j) == c)
            {
                j += 1;
            }
            let run = &row.glyphs[i..j];
            let chars: String = run.iter().map(|g| g.chr).collect();
            if !chars.trim().is_empty() && c.a() > 0 {
                let y = t.pos.y + placed.pos.y + run[0].pos.y;
                let x = |g: &egui::epaint::text::Glyph| n(t.pos.x + placed.pos.x + g.pos.x);
                let _ = write!(
                    out,
                    r#"<text x="{}" y="{}" font-size="{}"{family}{}>"#,
                    x(&run[0]),
                    n(y),
                    n(height * per_height),
                    paint("fill", c),
                );
                // One tspan per word at egui's own x: a viewer's font wider than egui's
                // still lines the words up.
                let mut k = 0;
                while k < run.len() {
                    let mut e = k + 1;
                    // A word ends after white space that a letter follows.
                    let starts =
                        |e: usize| run[e - 1].chr.is_whitespace() && !run[e].chr.is_whitespace();
                    while e < run.len() && !starts(e) {
                        e += 1;
                    }
                    let word: String = run[k..e].iter().map(|g| g.chr).collect();
                    // To the next word's start (its space included), else to the end of
                    // the last glyph: egui's own spacing, kerning included.
                    let end = run.get(e).map_or_else(
                        || run[e - 1].pos.x + run[e - 1].advance_width,
                        |next| next.pos.x,
                    );
                    let width = end - run[k].pos.x;
                    let _ = write!(
                        out,
                        r#"<tspan x="{}" textLength="{}" lengthAdjust="spacingAndGlyphs">{}</tspan>"#,
                        x(&run[k]),
                        n(width),
                        escape(&word)
                    );
                    k = e;
                }
                out.push_str("</text>\n");
            }
            i = j;
        }
    }
    if rotated {
        out.push_str("</g>\n");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_become_svg_elements_under_their_clip() {
        let everything = Rect::EVERYTHING;
        let clip = Rect::from_min_max(Pos2::new(10.0, 10.0), Pos2::new(50.0, 40.0));
        let shapes = vec![
            ClippedShape {
                clip_rect: everything,
                shape: Shape::circle_filled(Pos2::new(5.0, 5.0), 2.0, Color32::RED),
                transform_after_tessellation: Default::default(),
            },
            ClippedShape {
                clip_rect: clip,
                shape: Shape::Vec(vec![
                    Shape::line_segment(
                        [Pos2::new(0.0, 0.0), Pos2::new(9.0, 9.0)],
                        Stroke::new(1.5, Color32::BLUE),
                    ),
                    Shape::rect_filled(
                        Rect::from_min_max(Pos2::new(1.0, 2.0), Pos2::new(3.0, 4.0)),
                        0.0,
                        Color32::from_rgba_unmultiplied(0, 128, 0, 128),
                    ),
                ]),
                transform_after_tessellation: Default::default(),
            },
        ];
        let svg = document(&shapes, [100.0, 60.0], Color32::WHITE, None);
        assert!(
            svg.contains(r##"<circle cx="5" cy="5" r="2" fill="#ff0000"/>"##),
            "{svg}"
        );
        assert!(svg.contains(r#"<clipPath id="c1"><rect x="10" y="10" width="40" height="30"/>"#));
        // Paint order kept: the line before the rectangle, both inside the clip group.
        let line = svg.find("<polyline").unwrap();
        let rect = svg.find(r#"<rect x="1""#).unwrap();
        let group = svg.find(r#"clip-path="url(#c1)""#).unwrap();
        assert!(group < line && line < rect);
        assert!(svg.contains(r#"fill-opacity="0.5""#), "{svg}");
        assert_eq!(svg.matches("<g ").count(), svg.matches("</g>").count());
    }

    #[test]
    fn a_mesh_of_cells_is_written_as_rectangles_and_other_triangles_as_polygons() {
        let mut cells = egui::Mesh::default();
        let a = Rect::from_min_max(Pos2::new(0.0, 0.0), Pos2::new(4.0, 2.0));
        cells.add_colored_rect(a, Color32::RED);
        cells.add_colored_rect(a.translate(egui::vec2(4.0, 0.0)), Color32::BLUE);
        // Two triangles on a rectangle's corners that lack two adjacent corners (they overlap,
        // and leave the top of the rectangle bare): two polygons.
        let mut halves = egui::Mesh::default();
        for p in [
            (4.0, 0.0),
            (0.0, 2.0),
            (4.0, 2.0),
            (0.0, 0.0),
            (0.0, 2.0),
            (4.0, 2.0),
        ] {
            halves.colored_vertex(Pos2::new(p.0, p.1), Color32::GREEN);
        }
        halves.indices = (0..6).collect();
        let shapes: Vec<ClippedShape> = [cells, halves]
            .into_iter()
            .map(|m| ClippedShape {
                clip_rect: Rect::EVERYTHING,
                shape: Shape::mesh(m),
                transform_after_tessellation: Default::default(),
            })
            .collect();
        let svg = document(&shapes, [10.0, 10.0], Color32::WHITE, None);
        assert!(
            svg.contains(r##"<rect x="0" y="0" width="4" height="2" fill="#ff0000"/>"##),
            "{svg}"
        );
        assert!(
            svg.contains(r##"<rect x="4" y="0" width="4" height="2" fill="#0000ff"/>"##),
            "{svg}"
        );
        assert_eq!(svg.matches("<polygon").count(), 2, "{svg}");
    }

    #[test]
    fn text_is_written_as_text_and_escaped() {
        let ctx = egui::Context::default();
        let mut shapes = Vec::new();
        let mut wide = 0.0;
        ctx.run_ui(egui::RawInput::default(), |ui| {
            let galley = ui.painter().layout_no_wrap(
                "P_1 < P_2 & more".into(),
                egui::FontId::proportional(14.0),
                Color32::BLACK,
            );
            wide = galley.size().x;
            shapes.push(ClippedShape {
                clip_rect: Rect::EVERYTHING,
                shape: Shape::galley(Pos2::new(20.0, 30.0), galley, Color32::BLACK),
                transform_after_tessellation: Default::default(),
            });
        })
        .drop_without_applying_deltas();
        let svg = document(&shapes, [200.0, 100.0], Color32::WHITE, None);
        assert!(svg.contains(r#"<tspan x="20" textLength=""#), "{svg}");
        assert!(
            svg.contains(r#"lengthAdjust="spacingAndGlyphs">P_1 </tspan>"#),
            "{svg}"
        );
        assert!(svg.contains(">&lt; </tspan>"), "{svg}");
        assert!(svg.contains(">&amp; </tspan><tspan"), "{svg}");
        assert!(svg.contains(r#"font-size="14""#), "{svg}");
        // The words' widths are egui's: together the whole line, whatever the viewer's font.
        let total: f32 = svg
            .split(r#"textLength=""#)
            .skip(1)
            .filter_map(|t| t.split('"').next()?.parse::<f32>().ok())
            .sum();
        assert_eq!(svg.matches("<tspan").count(), 5, "{svg}");
        // (Within half a point: the galley's size is its rect, not the last glyph's end.)
        assert!((total - wide).abs() < 0.5, "{total} vs the galley's {wide}");
        assert!(svg.contains(r##"fill="#000000""##), "{svg}");
    }
}
