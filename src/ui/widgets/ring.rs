//! A ring of processors drawn on a circle: one disc per processor with two lines of text,
//! the links between neighbours with their costs, arrows for the transfers of the current
//! step and highlighted arcs (slices of consecutive processors).
//!
//! Interactive: dragging a disc up or down reports a value change (whole units, one per
//! [`PIXELS_PER_UNIT`] pixels), clicking a link's cost label reports the link. The widget
//! knows nothing about the model; the caller maps these events to edits.

use egui::{Align2, Color32, FontId, Pos2, Rect, Response, Sense, Shape, Stroke, Ui, Vec2};

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
    /// Short label near the arrow head (e.g. the pseudo-code step).
    pub label: String,
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

/// Everything the ring shows.
#[derive(Clone, Debug, Default)]
pub struct RingDrawing {
    /// Processors in ring order (drawn clockwise from the top).
    pub nodes: Vec<RingNode>,
    /// Label of the link between node i and node i+1 (e.g. its costs), empty for none.
    pub link_labels: Vec<String>,
    /// Tooltip of that label.
    pub link_tooltips: Vec<String>,
    /// Transfers to draw.
    pub arrows: Vec<RingArrow>,
    /// Highlighted slices.
    pub arcs: Vec<RingArc>,
    /// Whether dragging nodes and clicking links is allowed.
    pub editable: bool,
    /// Number of processors of the ring when `nodes` was left empty because the ring is
    /// too large to draw (0 otherwise).
    pub too_large: usize,
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
    /// The label of the link between node `index` and node `index + 1` was clicked.
    Link {
        /// Link (by its lower node).
        index: usize,
    },
}

fn angle(i: usize, n: usize) -> f32 {
    -std::f32::consts::FRAC_PI_2 + std::f32::consts::TAU * i as f32 / n as f32
}

fn dir(a: f32) -> Vec2 {
    Vec2::new(a.cos(), a.sin())
}

fn arrow(painter: &egui::Painter, from: Pos2, to: Pos2, stroke: Stroke) {
    painter.line_segment([from, to], stroke);
    let v = (to - from).normalized();
    let n = Vec2::new(-v.y, v.x);
    let head = 7.0 + stroke.width;
    painter.add(Shape::convex_polygon(
        vec![
            to,
            to - v * head + n * head * 0.5,
            to - v * head - n * head * 0.5,
        ],
        stroke.color,
        Stroke::NONE,
    ));
}

/// An interactive part of the ring (a link label or a processor), named `name` for screen
/// readers.
fn part(ui: &Ui, rect: Rect, id: (&str, &str, usize), sense: Sense, name: String) -> Response {
    ui.interact(rect, ui.scope_id().with(id), sense)
        .accessible_name(name)
}

/// Draws the ring in the available space (at most `height` tall) and returns the events.
pub fn ring(ui: &mut Ui, id: &str, drawing: &RingDrawing, height: f32) -> Vec<RingEvent> {
    let n = drawing.nodes.len();
    let width = ui.available_width();
    let mut events = Vec::new();
    if n == 0 || n > MAX_NODES {
        let total = drawing.too_large.max(n);
        ui.add(
            egui::Label::new(
                egui::RichText::new(if total == 0 {
                    "No processors".to_string()
                } else {
                    format!(
                        "The ring is drawn for n ≤ {MAX_NODES} (n = {total}); the table, the δ \
                         profile and the plots show every processor."
                    )
                })
                .weak(),
            )
            .wrap(),
        );
        return events;
    }
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
    let visuals = ui.visuals().clone();
    let painter = ui.painter_at(rect);
    let center = rect.center();
    let radius = (rect.width().min(rect.height()) * 0.5 - 46.0).max(40.0);
    let chord = 2.0 * radius * (std::f32::consts::PI / n as f32).sin();
    let node_r = (chord * 0.36).clamp(9.0, 26.0);
    let pos: Vec<Pos2> = (0..n).map(|i| center + dir(angle(i, n)) * radius).collect();
    let small = FontId::proportional(if node_r < 16.0 { 9.5 } else { 11.5 });
    let text = visuals.text_color();

    // Highlighted slices as arcs just outside the ring, one lane per overlapping arc.
    for (lane, arc) in drawing.arcs.iter().enumerate() {
        let len = (arc.end + n - arc.start) % n;
        let r = radius + node_r + 8.0 + 5.0 * (lane % 4) as f32;
        let a0 = angle(arc.start, n) - 0.35 * std::f32::consts::TAU / n as f32;
        let a1 = angle(arc.start + len, n) + 0.35 * std::f32::consts::TAU / n as f32;
        let steps = 8 + 4 * len;
        let pts: Vec<Pos2> = (0..=steps)
            .map(|k| center + dir(a0 + (a1 - a0) * k as f32 / steps as f32) * r)
            .collect();
        painter.add(Shape::line(pts, Stroke::new(3.5, arc.color)));
    }

    // What links and processors sense: clicks and drags only when the ring can be edited.
    let (click, drag) = if drawing.editable {
        (Sense::click(), Sense::click_and_drag())
    } else {
        (Sense::hover(), Sense::hover())
    };

    // Links (the circle between neighbours) and their cost labels.
    let link_stroke = Stroke::new(1.5, visuals.weak_text_color());
    for i in 0..n {
        let j = (i + 1) % n;
        if n == 2 && i == 1 {
            break;
        }
        painter.line_segment([pos[i], pos[j]], link_stroke);
        let Some(label) = drawing.link_labels.get(i).filter(|l| !l.is_empty()) else {
            continue;
        };
        let mid = pos[i] + (pos[j] - pos[i]) * 0.5;
        let outward = (mid - center).normalized();
        let galley = painter.layout_no_wrap(label.clone(), small.clone(), text);
        let at = mid + outward * (galley.size().x * 0.5 + 4.0);
        let r = Rect::from_center_size(at, galley.size() + Vec2::splat(4.0));
        let name = format!("link P{} – P{}", i + 1, j + 1);
        let resp = part(ui, r, (id, "link", i), click, name);
        let bg = if resp.hovered() && drawing.editable {
            visuals.widgets.hovered.bg_fill
        } else {
            visuals.extreme_bg_color
        };
        painter.rect_filled(r, 3.0, bg);
        painter.galley(r.min + Vec2::splat(2.0), galley, text);
        let what = drawing.link_tooltips.get(i).cloned().unwrap_or_default();
        let resp = resp.on_hover_text(if drawing.editable {
            format!("{what} — click to edit")
        } else {
            what
        });
        if resp.clicked() {
            events.push(RingEvent::Link { index: i });
        }
    }

    // Transfers of the current step.
    for a in &drawing.arrows {
        if a.from >= n || a.to >= n {
            continue;
        }
        let (p, q) = (pos[a.from], pos[a.to]);
        let v = (q - p).normalized();
        let side = Vec2::new(-v.y, v.x) * 5.0;
        let from = p + v * (node_r + 2.0) + side;
        let to = q - v * (node_r + 3.0) + side;
        arrow(&painter, from, to, Stroke::new(2.5, a.color));
        if !a.label.is_empty() {
            let inward = (center - (from + (to - from) * 0.5)).normalized();
            painter.text(
                from + (to - from) * 0.5 + inward * 11.0,
                Align2::CENTER_CENTER,
                &a.label,
                FontId::proportional(10.0),
                a.color,
            );
        }
    }

    // Processors.
    for (i, node) in drawing.nodes.iter().enumerate() {
        let p = pos[i];
        let r = Rect::from_center_size(p, Vec2::splat(2.0 * node_r));
        let name = format!("processor {}", node.name);
        let resp = part(ui, r, (id, "node", i), drag, name);
        let stroke = if node.emphasis {
            Stroke::new(3.0, visuals.strong_text_color())
        } else {
            Stroke::new(1.0, visuals.widgets.noninteractive.fg_stroke.color)
        };
        painter.circle(p, node_r, node.fill, stroke);
        let ink = if node.fill.intensity() > 0.55 {
            Color32::BLACK
        } else {
            Color32::WHITE
        };
        painter.text(
            p - Vec2::new(0.0, node_r * 0.3),
            Align2::CENTER_CENTER,
            &node.name,
            small.clone(),
            ink,
        );
        painter.text(
            p + Vec2::new(0.0, node_r * 0.35),
            Align2::CENTER_CENTER,
            &node.detail,
            small.clone(),
            ink,
        );
        let out = dir(angle(i, n));
        painter.text(
            p + out * (node_r + 12.0),
            Align2::CENTER_CENTER,
            &node.outer,
            small.clone(),
            visuals.weak_text_color(),
        );
        if resp.dragged() {
            // Read the input before locking the memory: both live behind the context's lock.
            let dy = resp.drag_delta().y;
            let total = ui.ctx().memory_mut(|m| {
                let acc = m.data.get_temp_mut_or_default::<f32>(resp.id);
                *acc -= dy;
                *acc
            });
            let units = (total / PIXELS_PER_UNIT).trunc() as i64;
            if units != 0 {
                ui.ctx().memory_mut(|m| {
                    *m.data.get_temp_mut_or_default::<f32>(resp.id) -=
                        units as f32 * PIXELS_PER_UNIT
                });
                events.push(RingEvent::Drag { index: i, units });
            }
        }
        if resp.drag_stopped() {
            ui.ctx().memory_mut(|m| m.data.remove::<f32>(resp.id));
        }
        let hover = if drawing.editable {
            format!("{}\nDrag up or down to change δ", node.tooltip)
        } else {
            node.tooltip.clone()
        };
        resp.on_hover_text(hover);
    }
    events
}
