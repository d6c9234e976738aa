//! A ring of processors drawn on a circle: one disc per processor with two lines of text,
//! the links between neighbours with their costs, arrows for the transfers of the current
//! step and highlighted arcs (slices of consecutive processors).
//!
//! Interactive: dragging a disc up or down reports a value change (whole units, one per
//! [`PIXELS_PER_UNIT`] pixels), clicking a link (its line or its cost label) reports the link
//! with a place for its editor beside it. The widget knows nothing about the model; the
//! caller maps these events to edits. Labels on discs are black or white by contrast with
//! the fill and shrink to fit their disc; the labels around the ring (loads, link costs, the
//! arrows' pseudo-code steps) are placed one by one where they overlap nothing placed before,
//! and a label with no such place is left out (its processor's, link's or arrow's tooltip
//! still tells it). Every label drawn is recorded as [`LABEL_MARK`] (see [`super::marks`]).

use egui::{Align2, Color32, FontId, Pos2, Rect, Response, Sense, Shape, Stroke, Ui, Vec2};

use super::{access, describe, palette};
#[cfg(test)]
use place::covers;
use place::{
    Geometry, Placed, angle, arc_band, arrow_segments, clear_of, dir, editor_anchor, fitting,
    label_place, to_segment,
};
pub use place::{HANDLE_SIZE, handle_at};

#[path = "ring_place.rs"]
mod place;

/// The key under which every label the ring draws is recorded ([`super::marks::record`]).
pub const LABEL_MARK: &str = "ring-label";
/// The key prefix under which a processor's name is recorded (then its name, e.g.
/// `ring-name:P3`), inside its disc or beside it.
pub const NAME_MARK: &str = "ring-name:";
/// Smallest font (points) a label is drawn in: a label that would need less is left out.
const MIN_FONT: f32 = 8.0;

/// The key under which the ring's outline (the circle through its discs' outer edges) is
/// recorded ([`super::marks::record`]).
pub const RING_MARK: &str = "ring";
/// Drag distance (in points) per unit of value change.
pub const PIXELS_PER_UNIT: f32 = 12.0;
/// Largest ring the widget draws.
pub const MAX_NODES: usize = 64;

/// One processor.
#[derive(Clone, Debug)]
pub struct RingNode {
    /// Name inside the disc (e.g. "P3").
    pub name: String,
    /// Line under the name (e.g. "δ=2").
    pub detail: String,
    /// Third line, outside the disc (e.g. "L=4").
    pub outer: String,
    /// Fill colour.
    pub fill: Color32,
    /// Emphasised outline (e.g. a maximal processor).
    pub emphasis: bool,
    /// Tooltip.
    pub tooltip: String,
}

/// A transfer arrow between neighbours `from` → `to`.
#[derive(Clone, Debug)]
pub struct RingArrow {
    /// Sender index.
    pub from: usize,
    /// Receiver index (a neighbour).
    pub to: usize,
    /// Colour.
    pub color: Color32,
    /// Short label beside the arrow, drawn small and italic so it cannot be taken for an
    /// amount (e.g. "step 24", the pseudo-code step), in its colour as text reads 4.5:1; also
    /// its tooltip.
    pub label: String,
    /// The pseudo-code line that produced it, as (algorithm id, step label): hovering the
    /// arrow highlights that line in the pseudo-code pane.
    pub line: Option<(&'static str, &'static str)>,
}

/// An arc along the outside of the ring covering nodes `start..=end` (cyclically).
#[derive(Clone, Debug)]
pub struct RingArc {
    /// First node.
    pub start: usize,
    /// Last node.
    pub end: usize,
    /// Colour.
    pub color: Color32,
    /// Tooltip.
    pub tooltip: String,
}

/// The label of a link (e.g. its costs).
#[derive(Clone, Debug, Default)]
pub struct RingLink {
    /// Shown beside the link; empty for none.
    pub label: String,
    /// Tooltip of the label and the link.
    pub tooltip: String,
}

/// Everything the ring shows.
#[derive(Clone, Debug, Default)]
pub struct RingDrawing {
    /// Processors in ring order (drawn clockwise from the top).
    pub nodes: Vec<RingNode>,
    /// The link between node i and node i+1.
    pub links: Vec<RingLink>,
    /// Transfers to draw.
    pub arrows: Vec<RingArrow>,
    /// Highlighted slices.
    pub arcs: Vec<RingArc>,
    /// Whether dragging nodes and clicking links is allowed.
    pub editable: bool,
    /// Number of processors of the ring when `nodes` was left empty because the ring is
    /// too large to draw (0 otherwise).
    pub too_large: usize,
    /// The links' direction handles (from, to) its owner draws over the ring at
    /// [`handle_at`] (the exercise's): the labels keep clear of them.
    pub handles: Vec<(usize, usize)>,
}

/// The tooltip of link `i` (empty when the drawing has none).
fn link_tooltip(drawing: &RingDrawing, i: usize) -> String {
    drawing
        .links
        .get(i)
        .map(|l| l.tooltip.clone())
        .unwrap_or_default()
}

/// What the user did this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RingEvent {
    /// Node `index` was dragged by `units` whole units (up = positive).
    Drag {
        /// Node.
        index: usize,
        /// Change.
        units: i64,
    },
    /// The link between node `index` and node `index + 1` was clicked (its line or its cost
    /// label).
    Link {
        /// Link (by its lower node).
        index: usize,
        /// Where an editor of the link belongs: just outside the ring, beside the link.
        at: Pos2,
        /// Which point of the editor goes to `at`: the one facing the ring, so the editor
        /// extends away from it.
        pivot: Align2,
    },
}

/// Distance (points) from an arrow within which the pointer is on it.
const ARROW_HIT: f32 = 6.0;
/// Distance (points) from a link's line within which a click picks the link.
const LINK_HIT: f32 = 6.0;
/// Gap (points) kept between a link's cost label and the discs and labels around it.
const LABEL_GAP: f32 = 2.0;

/// Draws an arrow; its shaft and head as segments (for labels to keep clear of).
fn arrow(painter: &egui::Painter, from: Pos2, to: Pos2, stroke: Stroke) -> [[Pos2; 2]; 4] {
    painter.line_segment([from, to], stroke);
    let segments = arrow_segments(from, to, 7.0 + stroke.width);
    let [_, [_, l], [_, r], _] = segments;
    painter.add(Shape::convex_polygon(
        vec![to, l, r],
        stroke.color,
        Stroke::NONE,
    ));
    segments
}

/// An interactive part of the ring (a link label or a processor), named `name` for screen
/// readers.
fn part(ui: &Ui, rect: Rect, id: egui::Id, sense: Sense, name: String) -> Response {
    ui.interact(rect, id, sense).accessible_name(name)
}

/// The anchor of a label placed beyond a point in the direction `out` (a unit vector from the
/// centre), so that the text extends away from the centre instead of running back over it.
pub fn outward(out: egui::Vec2) -> Align2 {
    let side = |v: f32| {
        if v > 0.35 {
            egui::Align::Min
        } else if v < -0.35 {
            egui::Align::Max
        } else {
            egui::Align::Center
        }
    };
    Align2([side(out.x), side(out.y)])
}

/// Where [`ring`] `id` drew its processors this frame: their centres and disc radius (the
/// exercise mode puts its link handles there).
pub fn centres(ctx: &egui::Context, id: egui::Id) -> Option<(Vec<Pos2>, f32)> {
    ctx.data(|d| d.get_temp(id.with("centres")))
}

/// Draws the ring in the available space (at most `height` tall) and returns the events.
/// `id` names its parts: give one that stays the same whatever is drawn around the ring (a
/// drag holds on to it while the layout changes).
///
/// While a processor is being dragged the ring keeps the place and scale it had when the drag
/// started. Clicking a link's line or its cost label reports the link.
pub fn ring(ui: &mut Ui, id: egui::Id, drawing: &RingDrawing, height: f32) -> Vec<RingEvent> {
    let n = drawing.nodes.len();
    let mut events = Vec::new();
    if n == 0 || n > MAX_NODES {
        too_large(ui, drawing.too_large.max(n));
        return events;
    }
    // What links and processors sense: clicks and drags only when the ring can be edited.
    let (click, drag) = if drawing.editable {
        (Sense::click(), Sense::click_and_drag())
    } else {
        (Sense::hover(), Sense::hover())
    };
    let width = ui.available_width();
    let (rect, background) = ui.allocate_exact_size(Vec2::new(width, height), click);
    let s = Scene::new(ui, id, drawing, rect, (click, drag));
    let centres = (s.pos.clone(), s.g.node_r);
    ui.ctx()
        .data_mut(|d| d.insert_temp(id.with("centres"), centres));
    // The ring's outline (its processors' discs included): how large it reads in the room.
    let across = s.g.radius + s.g.node_r;
    let outline = Rect::from_center_size(s.g.center, Vec2::splat(2.0 * across));
    super::marks::record(ui.ctx(), RING_MARK, outline);
    describe::record(ui.ctx(), words(drawing));
    s.arcs();
    // Labels in order of importance, each where it overlaps nothing placed before.
    let handle = |&(f, t): &(usize, usize)| {
        let (a, b) = (*s.pos.get(f)?, *s.pos.get(t)?);
        Some(Rect::from_center_size(
            handle_at(a, b, s.g.node_r),
            Vec2::splat(HANDLE_SIZE),
        ))
    };
    let mut placed = Placed {
        discs: s.pos.iter().map(|&p| (p, s.g.node_r)).collect(),
        rects: drawing.handles.iter().filter_map(handle).collect(),
        bounds: s.g.rect,
    };
    let outer = s.outer_labels(&mut placed);
    let pointed = s.pointed_arrow(ui, background.hover_pos());
    let hovered_link = background
        .hover_pos()
        .filter(|_| drawing.editable && pointed.is_none())
        .and_then(|p| s.near_link(p));
    let label_rects = s.links(ui, hovered_link, &mut placed, &mut events);
    // A click on a link's line.
    if background.clicked()
        && let Some(i) = background
            .interact_pointer_pos()
            .filter(|_| drawing.editable)
            .and_then(|p| s.near_link(p))
    {
        let (at, pivot) = editor_anchor(&s.g, s.link_middle(i), label_rects[i]);
        events.push(RingEvent::Link {
            index: i,
            at,
            pivot,
        });
    }
    if let Some(i) = hovered_link {
        ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
        let what = link_tooltip(drawing, i);
        background
            .clone()
            .on_hover_text(format!("{what} — click to edit"));
    } else if let Some(k) = pointed {
        background.clone().on_hover_text(s.arrow_tooltip(k));
    }
    s.arrows(ui, pointed, &mut placed);
    arrow_nodes(ui, &background, drawing, &|a| s.ends(a));
    for i in 0..n {
        s.node(ui, i, &mut events);
    }
    for (i, label) in outer.into_iter().enumerate() {
        let Some((at, galley)) = label else {
            continue;
        };
        let r = Rect::from_min_size(at, galley.size());
        super::marks::record(ui.ctx(), LABEL_MARK, r);
        let node = &drawing.nodes[i];
        if !s.names_inside && !node.detail.is_empty() {
            super::marks::record(ui.ctx(), format!("{NAME_MARK}{}", node.name), r);
        }
        s.painter
            .rect_filled(r.expand(1.0), 2.0, s.visuals.panel_fill);
        s.painter.galley(at, galley, s.visuals.weak_text_color());
    }
    events
}

/// The ring in words ([`super::describe`]): its processors (each as its tooltip says it),
/// then its arrows (each with its label) — what the ring shows, unmasked as on screen (the
/// ring draws its instance; a workspace leaves out what is hidden before it draws).
fn words(drawing: &RingDrawing) -> String {
    let mut text = format!(
        "Ring of {}: {}.",
        describe::count(drawing.nodes.len(), "processor"),
        describe::list(drawing.nodes.iter().map(|p| {
            if p.tooltip.is_empty() {
                format!("{} {}", p.name, p.detail)
            } else {
                p.tooltip.clone()
            }
        }))
    );
    if !drawing.arrows.is_empty() {
        let name = |k: usize| {
            drawing
                .nodes
                .get(k)
                .map_or(format!("P{}", k + 1), |p| p.name.clone())
        };
        text.push_str(&format!(
            " Arrows: {}.",
            describe::list(drawing.arrows.iter().map(|a| {
                let label = if a.label.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", a.label)
                };
                format!("{} → {}{label}", name(a.from), name(a.to))
            }))
        ));
    }
    text
}

/// A processor's accessibility node: its part `resp` (named "processor P3") gets its
/// tooltip as value ("P3: L = 2, δ now = −1, …"), or else its two lines of text.
fn processor_node(resp: &Response, node: &RingNode) {
    let text = if node.tooltip.is_empty() {
        format!("{} {}", node.detail, node.outer)
    } else {
        node.tooltip.replace('\n', "; ")
    };
    access::value(resp, access::PART, text.trim());
}

/// The ring's arrows for a screen reader: one node each, "send P2 → P3" with its label (the
/// pseudo-code step, or what the exercise says of it) as value; `ends` places an arrow.
fn arrow_nodes(
    ui: &Ui,
    canvas: &egui::Response,
    drawing: &RingDrawing,
    ends: &dyn Fn(&RingArrow) -> (Pos2, Pos2),
) {
    if !access::active(canvas) {
        return;
    }
    let n = drawing.nodes.len();
    let name = |k: usize| drawing.nodes.get(k).map_or("?", |p| p.name.as_str());
    for (k, a) in drawing.arrows.iter().enumerate().take(access::MAX_PARTS) {
        if a.from >= n || a.to >= n {
            continue;
        }
        let (from, to) = ends(a);
        let rect = Rect::from_two_pos(from, to).expand(3.0);
        let what = format!("send {} → {}", name(a.from), name(a.to));
        access::node(
            ui,
            access::id(canvas.id, "arrow", k),
            rect,
            access::LINK,
            &what,
            &a.label,
        );
    }
    access::more(ui, canvas.id, canvas.rect, drawing.arrows.len(), "sends");
}

/// Instead of a ring too large to draw (or an empty one): why.
fn too_large(ui: &mut Ui, total: usize) {
    let text = if total == 0 {
        "No processors".to_string()
    } else {
        format!(
            "The ring is drawn for n ≤ {MAX_NODES} (n = {total}); the table, the δ profile and \
             the plots show every processor."
        )
    };
    ui.add(egui::Label::new(egui::RichText::new(text).weak()).wrap());
}

/// A ring being drawn: where everything goes, and what it is drawn with.
struct Scene<'a> {
    id: egui::Id,
    drawing: &'a RingDrawing,
    n: usize,
    g: Geometry,
    /// The processors' centres.
    pos: Vec<Pos2>,
    painter: egui::Painter,
    visuals: egui::Visuals,
    small: FontId,
    /// What links sense, and what processors sense.
    senses: (Sense, Sense),
    /// Whether the names are inside the discs (else outside, in place of the outer labels).
    names_inside: bool,
}

impl<'a> Scene<'a> {
    /// The scene in `rect`; while a processor is dragged the geometry stays as the drag
    /// found it (the ring does not move under the pointer).
    fn new(
        ui: &Ui,
        id: egui::Id,
        drawing: &'a RingDrawing,
        rect: Rect,
        senses: (Sense, Sense),
    ) -> Scene<'a> {
        let n = drawing.nodes.len();
        let node_id = |i: usize| id.with(("node", i));
        let frozen = id.with("frozen geometry");
        let dragging = (0..n).any(|i| ui.ctx().is_being_dragged(node_id(i)));
        // Room for the largest outer label (a load, or a name moved out of its disc) right by
        // its disc, on a backing over the arcs; and for the arcs' band.
        let band = arc_band(drawing.arcs.len()) - 4.0;
        let label = drawing
            .nodes
            .iter()
            .flat_map(|node| [&node.outer, &node.name])
            .map(|t| {
                ui.painter()
                    .layout_no_wrap(t.clone(), FontId::proportional(12.0), Color32::WHITE)
                    .size()
            })
            .fold(Vec2::splat(band), |a, b| a.max(b));
        let g = if dragging {
            ui.ctx().data_mut(|d| {
                *d.get_temp_mut_or_insert_with(frozen, || Geometry::of(rect, n, label))
            })
        } else {
            ui.ctx().data_mut(|d| d.remove::<Geometry>(frozen));
            Geometry::of(rect, n, label)
        };
        let painter = ui
            .painter()
            .with_clip_rect(ui.clip_rect().intersect(rect.union(g.rect)));
        let pos = (0..n)
            .map(|i| g.center + dir(angle(i, n)) * g.radius)
            .collect();
        let small = FontId::proportional(if g.node_r < 16.0 { 10.5 } else { 12.0 });
        // Name and detail inside every disc when both fit, else the detail (the amount) inside
        // and the name outside, in place of the outer label (which the tooltip keeps).
        let inner = g.node_r * std::f32::consts::SQRT_2;
        let names_inside = drawing.nodes.iter().all(|node| {
            let both = [node.name.as_str(), node.detail.as_str()];
            fitting(&painter, &both, small.size, inner, inner).is_some()
        });
        Scene {
            id,
            drawing,
            n,
            g,
            pos,
            painter,
            visuals: ui.visuals().clone(),
            small,
            senses,
            names_inside,
        }
    }

    /// Highlighted slices as arcs just outside the ring, one lane per overlapping arc.
    fn arcs(&self) {
        let (n, center, radius, node_r) = (self.n, self.g.center, self.g.radius, self.g.node_r);
        for (lane, arc) in self.drawing.arcs.iter().enumerate() {
            let len = (arc.end + n - arc.start) % n;
            let r = radius + node_r + 8.0 + 5.0 * (lane % 4) as f32;
            let a0 = angle(arc.start, n) - 0.35 * std::f32::consts::TAU / n as f32;
            let a1 = angle(arc.start + len, n) + 0.35 * std::f32::consts::TAU / n as f32;
            // A point every 3 px or so: by the processor count the arcs of a small ring
            // showed their corners (a 5-ring's slice of two was 16 segments of 25 px).
            let steps = ((a1 - a0).abs() * r / 3.0).ceil().clamp(8.0, 720.0) as usize;
            let pts: Vec<Pos2> = (0..=steps)
                .map(|k| center + dir(a0 + (a1 - a0) * k as f32 / steps as f32) * r)
                .collect();
            self.painter
                .add(Shape::line(pts, Stroke::new(3.5, arc.color)));
        }
    }

    /// The processors' outer labels (e.g. "L=4"), placed first, each just outside its disc
    /// or a little further out where that is taken; where the galley goes (its top-left
    /// corner), None for a label left out.
    fn outer_labels(
        &self,
        placed: &mut Placed,
    ) -> Vec<Option<(Pos2, std::sync::Arc<egui::Galley>)>> {
        let weak = self.visuals.weak_text_color();
        let node_r = self.g.node_r;
        self.drawing
            .nodes
            .iter()
            .enumerate()
            .map(|(i, node)| {
                let (text, color) = if self.names_inside || node.detail.is_empty() {
                    (&node.outer, weak)
                } else {
                    (&node.name, self.visuals.text_color())
                };
                if text.is_empty() {
                    return None;
                }
                let galley = self
                    .painter
                    .layout_no_wrap(text.clone(), self.small.clone(), color);
                let (out, size) = (dir(angle(i, self.n)), galley.size());
                // The rectangle's centre `d` beyond the disc's edge along `out`, its near
                // side just clear of the disc at d = 0.
                let half = 0.5 * (size.x * out.x.abs() + size.y * out.y.abs());
                // Right by its disc, on a backing over the highlighted arcs (beyond them the
                // ring would have to shrink for its labels).
                let candidates = (0..16).map(|k| {
                    let d = node_r + LABEL_GAP + 1.0 + half + 2.0 * k as f32;
                    Rect::from_center_size(self.pos[i] + out * d, size)
                });
                let r = placed.take(candidates)?;
                Some((r.min, galley))
            })
            .collect()
    }

    /// An arrow's ends: from disc to disc, shifted to its right so both directions show.
    fn ends(&self, a: &RingArrow) -> (Pos2, Pos2) {
        let (p, q) = (self.pos[a.from], self.pos[a.to]);
        let v = (q - p).normalized();
        let side = Vec2::new(-v.y, v.x) * 5.0;
        let node_r = self.g.node_r;
        (p + v * (node_r + 2.0) + side, q - v * (node_r + 3.0) + side)
    }

    /// The transfers' arrows, hit-tested before the links: the arrow under `pointer` (its
    /// index) publishes its pseudo-code line (the link under it is then not hovered); each
    /// arrow's middle is recorded as `arrow:P<from>→P<to>`.
    fn pointed_arrow(&self, ui: &Ui, pointer: Option<Pos2>) -> Option<usize> {
        let mut pointed: Option<(f32, usize)> = None;
        for (k, a) in self.drawing.arrows.iter().enumerate() {
            if a.from >= self.n || a.to >= self.n {
                continue;
            }
            let (from, to) = self.ends(a);
            let mid = from + (to - from) * 0.5;
            super::marks::record(
                ui.ctx(),
                format!("arrow:P{}→P{}", a.from + 1, a.to + 1),
                Rect::from_center_size(mid, Vec2::splat(2.0 * ARROW_HIT)),
            );
            if let Some(d) = pointer.map(|p| to_segment(p, from, to))
                && d <= ARROW_HIT
                && pointed.is_none_or(|(best, _)| d < best)
            {
                pointed = Some((d, k));
            }
        }
        let pointed = pointed.map(|(_, k)| k);
        if let Some((alg, step)) = pointed.and_then(|k| self.drawing.arrows[k].line) {
            super::pseudocode::set_picture_hover(ui.ctx(), Some(alg), step);
        }
        pointed
    }

    /// The links, as (i, i + 1) pairs (one link for two processors).
    fn link_ends(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let n = self.n;
        (0..n)
            .filter(move |&i| !(n == 2 && i == 1))
            .map(move |i| (i, (i + 1) % n))
    }

    /// The middle of link `i`.
    fn link_middle(&self, i: usize) -> Pos2 {
        let (p, q) = (self.pos[i], self.pos[(i + 1) % self.n]);
        p + (q - p) * 0.5
    }

    /// The link whose line (outside the discs) is near `p`.
    fn near_link(&self, p: Pos2) -> Option<usize> {
        let node_r = self.g.node_r;
        self.link_ends()
            .filter(|&(i, j)| p.distance(self.pos[i]) > node_r && p.distance(self.pos[j]) > node_r)
            .map(|(i, j)| (to_segment(p, self.pos[i], self.pos[j]), i))
            .filter(|&(d, _)| d <= LINK_HIT)
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, i)| i)
    }

    /// Links (the circle between neighbours) and their cost labels, placed clear of the
    /// discs and of the labels placed before (a label with no free place is left out: the
    /// link's tooltip tells its costs); a click on a label asks for its editor. Where each
    /// label went.
    fn links(
        &self,
        ui: &Ui,
        hovered: Option<usize>,
        placed: &mut Placed,
        events: &mut Vec<RingEvent>,
    ) -> Vec<Option<Rect>> {
        let (pos, node_r, visuals) = (&self.pos, self.g.node_r, &self.visuals);
        let text = visuals.text_color();
        let link_stroke = Stroke::new(1.5, visuals.weak_text_color());
        let hover_stroke = Stroke::new(3.5, visuals.widgets.hovered.fg_stroke.color);
        let mut label_rects = vec![None; self.n];
        for (i, j) in self.link_ends() {
            let stroke = if hovered == Some(i) {
                hover_stroke
            } else {
                link_stroke
            };
            self.painter.line_segment([pos[i], pos[j]], stroke);
            let Some(label) = self
                .drawing
                .links
                .get(i)
                .map(|l| &l.label)
                .filter(|l| !l.is_empty())
            else {
                continue;
            };
            let mid = self.link_middle(i);
            let outward = (mid - self.g.center).normalized();
            let galley = self
                .painter
                .layout_no_wrap(label.clone(), self.small.clone(), text);
            let size = galley.size() + Vec2::splat(4.0);
            let discs = [(pos[i], node_r), (pos[j], node_r)];
            let at = label_place(mid, outward, size, &discs, &placed.rects, self.g.rect);
            let Some(r) = placed.take(std::iter::once(Rect::from_center_size(at, size))) else {
                continue;
            };
            label_rects[i] = Some(r);
            super::marks::record(ui.ctx(), LABEL_MARK, r);
            let name = format!("link P{} – P{}", i + 1, j + 1);
            let resp = part(ui, r, self.id.with(("link", i)), self.senses.0, name);
            access::value(&resp, access::LINK, label);
            let editable = self.drawing.editable;
            let bg = if (resp.hovered() || hovered == Some(i)) && editable {
                visuals.widgets.hovered.bg_fill
            } else {
                visuals.extreme_bg_color
            };
            self.painter.rect_filled(r, 3.0, bg);
            self.painter.galley(r.min + Vec2::splat(2.0), galley, text);
            let what = link_tooltip(self.drawing, i);
            let resp = resp.on_hover_text(if editable {
                format!("{what} — click to edit")
            } else {
                what
            });
            if resp.clicked() {
                let (at, pivot) = editor_anchor(&self.g, mid, Some(r));
                events.push(RingEvent::Link {
                    index: i,
                    at,
                    pivot,
                });
            }
        }
        label_rects
    }

    /// The tooltip of arrow `k`: who sends to whom, and its label (the pseudo-code step).
    fn arrow_tooltip(&self, k: usize) -> String {
        let a = &self.drawing.arrows[k];
        let name = |i: usize| self.drawing.nodes.get(i).map_or("?", |n| n.name.as_str());
        let mut text = format!("{} sends to {}", name(a.from), name(a.to));
        if !a.label.is_empty() {
            text.push_str(&format!(" (pseudo-code {})", a.label));
        }
        text
    }

    /// Transfers of the current step (the `pointed` one thicker), then their labels: small
    /// and italic beside the arrow where they overlap nothing placed before and no
    /// arrow crosses them, else left to the arrow's tooltip.
    fn arrows(&self, ui: &Ui, pointed: Option<usize>, placed: &mut Placed) {
        let font = FontId::proportional(self.small.size - 1.0);
        let mut strokes = Vec::new();
        for (k, a) in self.drawing.arrows.iter().enumerate() {
            if a.from < self.n && a.to < self.n {
                let (from, to) = self.ends(a);
                let width = if pointed == Some(k) { 4.5 } else { 2.5 };
                strokes.extend(arrow(&self.painter, from, to, Stroke::new(width, a.color)));
            }
        }
        for a in &self.drawing.arrows {
            if a.from >= self.n || a.to >= self.n || a.label.is_empty() {
                continue;
            }
            let (from, to) = self.ends(a);
            let color = super::palette::text_in(a.color, ui.visuals().panel_fill);
            let text = egui::RichText::new(&a.label).italics().font(font.clone());
            let galley = egui::WidgetText::from(text).into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Small,
            );
            let mid = from + (to - from) * 0.5;
            let inward = (self.g.center - mid).normalized();
            let along = (to - from).normalized();
            // Inside the ring first (the side the arrow is shifted to), along the arrow, then
            // outside it.
            let size = galley.size();
            let candidates = [0.0f32, 6.0, -6.0, 12.0, -12.0]
                .into_iter()
                .flat_map(|t| [11.0f32, 16.0, 22.0, 30.0, 40.0, -14.0, -22.0].map(move |d| (t, d)))
                .map(|(t, d)| Rect::from_center_size(mid + inward * d + along * t, size))
                .filter(|r| clear_of(*r, &strokes, 2.5));
            if let Some(r) = placed.take(candidates) {
                super::marks::record(ui.ctx(), LABEL_MARK, r);
                self.painter.galley(r.min, galley, color);
            }
        }
    }

    /// Processor `i`: its disc with name and detail; dragging it up or down changes δ.
    fn node(&self, ui: &Ui, i: usize, events: &mut Vec<RingEvent>) {
        let node = &self.drawing.nodes[i];
        let (p, node_r, visuals) = (self.pos[i], self.g.node_r, &self.visuals);
        // The sensing square hugs the disc (its corners just outside it), so the links
        // between close discs stay clickable.
        let r = Rect::from_center_size(p, Vec2::splat(1.6 * node_r));
        let name = format!("processor {}", node.name);
        let resp = part(ui, r, self.id.with(("node", i)), self.senses.1, name);
        processor_node(&resp, node);
        let stroke = if node.emphasis {
            Stroke::new(3.0, visuals.strong_text_color())
        } else {
            Stroke::new(1.0, visuals.widgets.noninteractive.fg_stroke.color)
        };
        self.painter.circle(p, node_r, node.fill, stroke);
        // Black or white, whichever reads on the fill as it is seen; as large as fits inside
        // the disc (the square inscribed in it), or left to the tooltip.
        let ink = palette::ink_on(node.fill, visuals.panel_fill);
        let inner = node_r * std::f32::consts::SQRT_2;
        let both = [node.name.as_str(), node.detail.as_str()];
        let lines: &[&str] = if self.names_inside || node.detail.is_empty() {
            &both
        } else {
            // The name is outside ([`Scene::outer_labels`]).
            &both[1..]
        };
        let fitted = fitting(&self.painter, lines, self.small.size, inner, inner);
        if lines.first().is_some_and(|l| *l == node.name) && fitted.is_some() {
            super::marks::record(
                ui.ctx(),
                format!("{NAME_MARK}{}", node.name),
                Rect::from_center_size(p, Vec2::splat(inner)),
            );
        }
        if let Some(size) = fitted {
            let galleys: Vec<_> = lines
                .iter()
                .filter(|l| !l.is_empty())
                .map(|l| {
                    self.painter
                        .layout_no_wrap((*l).to_owned(), FontId::proportional(size), ink)
                })
                .collect();
            let height: f32 = galleys.iter().map(|g| g.size().y).sum();
            let mut y = p.y - 0.5 * height;
            for g in galleys {
                let at = Pos2::new(p.x - 0.5 * g.size().x, y);
                y += g.size().y;
                super::marks::record(ui.ctx(), LABEL_MARK, Rect::from_min_size(at, g.size()));
                self.painter.galley(at, g, ink);
            }
        }
        if let Some(units) = drag_units(ui, &resp) {
            events.push(RingEvent::Drag { index: i, units });
        }
        let hover = if self.drawing.editable {
            format!("{}\nDrag up or down to change δ", node.tooltip)
        } else {
            node.tooltip.clone()
        };
        resp.on_hover_text(hover);
    }
}

/// Whole units a processor was dragged up (positive) or down since the last unit was taken;
/// the rest of the drag is kept for the next frames.
fn drag_units(ui: &Ui, resp: &Response) -> Option<i64> {
    let mut units = None;
    if resp.dragged() {
        // Read the input before locking the memory: both live behind the context's lock.
        let dy = resp.drag_delta().y;
        let total = ui.ctx().memory_mut(|m| {
            let acc = m.data.get_temp_mut_or_default::<f32>(resp.id);
            *acc -= dy;
            *acc
        });
        let whole = (total / PIXELS_PER_UNIT).trunc() as i64;
        if whole != 0 {
            ui.ctx().memory_mut(|m| {
                *m.data.get_temp_mut_or_default::<f32>(resp.id) -= whole as f32 * PIXELS_PER_UNIT
            });
            units = Some(whole);
        }
    }
    if resp.drag_stopped() {
        ui.ctx().memory_mut(|m| m.data.remove::<f32>(resp.id));
    }
    units
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A label of `size` placed on the link i – i+1 of a ring of n in a `side` × `side` area.
    fn placed(n: usize, side: f32, size: Vec2, i: usize) -> (Rect, [(Pos2, f32); 2]) {
        let g = Geometry::of(
            Rect::from_min_size(Pos2::ZERO, Vec2::splat(side)),
            n,
            Vec2::ZERO,
        );
        let pos = |k: usize| g.center + dir(angle(k % n, n)) * g.radius;
        let mid = pos(i) + (pos(i + 1) - pos(i)) * 0.5;
        let outward = (mid - g.center).normalized();
        let discs = [(pos(i), g.node_r), (pos(i + 1), g.node_r)];
        let at = label_place(mid, outward, size, &discs, &[], g.rect);
        (Rect::from_center_size(at, size), discs)
    }

    #[test]
    fn cost_labels_keep_clear_of_the_discs() {
        // Homogeneous "1" and heterogeneous "10→ 10←" labels on small and large rings.
        for (n, side) in [
            (4, 300.0),
            (12, 260.0),
            (12, 500.0),
            (16, 360.0),
            (64, 700.0),
        ] {
            for size in [Vec2::new(12.0, 18.0), Vec2::new(52.0, 18.0)] {
                for i in 0..n {
                    let (r, discs) = placed(n, side, size, i);
                    for (c, radius) in discs {
                        assert!(
                            r.distance_to_pos(c) >= radius + LABEL_GAP - 0.01,
                            "n = {n}, label {size:?} on link {i} touches a disc"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn an_editor_opens_outside_the_ring_facing_it() {
        let g = Geometry::of(
            Rect::from_min_size(Pos2::ZERO, Vec2::splat(400.0)),
            12,
            Vec2::ZERO,
        );
        // A link on the right: the editor extends to the right, its left side facing the ring.
        let mid = g.center + Vec2::new(g.radius, 0.0);
        let (at, pivot) = editor_anchor(&g, mid, None);
        assert!(at.x > g.center.x + g.radius + g.node_r);
        assert_eq!(pivot, Align2::LEFT_CENTER);
        // At the top: above the ring, its bottom facing it.
        let (at, pivot) = editor_anchor(&g, g.center - Vec2::new(0.0, g.radius), None);
        assert!(at.y < g.center.y - g.radius - g.node_r);
        assert_eq!(pivot, Align2::CENTER_BOTTOM);
    }

    #[test]
    fn arcs_cover_their_slice_across_the_wrap() {
        let arc = RingArc {
            start: 10,
            end: 1,
            color: Color32::RED,
            tooltip: String::new(),
        };
        let covered: Vec<usize> = (0..12).filter(|&i| covers(&arc, i, 12)).collect();
        assert_eq!(covered, vec![0, 1, 10, 11]);
        assert_eq!(arc_band(0), 0.0);
        assert!(arc_band(1) > 8.0 + 1.75 && arc_band(2) > arc_band(1));
    }

    #[test]
    fn a_click_near_a_line_finds_it() {
        let (a, b) = (Pos2::new(0.0, 0.0), Pos2::new(100.0, 0.0));
        assert_eq!(to_segment(Pos2::new(50.0, 4.0), a, b), 4.0);
        assert_eq!(to_segment(Pos2::new(-3.0, 4.0), a, b), 5.0);
    }
}
