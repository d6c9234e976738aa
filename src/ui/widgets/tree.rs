//! A complete binary tree drawn level by level (root on top), one coloured disc per node, in
//! heap numbering (root 1, children of k are 2k and 2k + 1). Used to show clusters: which
//! processor runs which node, the current step, start times as labels.

use egui::{Color32, Pos2, Rect, Sense, Stroke, Ui, Vec2};

use super::access;
use super::flow::{new_row_unless_fits, text_width};
use crate::ui::frame::Says;

/// How one node is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeStyle {
    /// Fill colour.
    pub fill: Color32,
    /// Short label drawn inside the disc when there is room (e.g. the start time).
    pub label: String,
    /// Drawn with a thick outline (e.g. the current step's node).
    pub highlight: bool,
    /// Tooltip text on hover.
    pub tooltip: String,
}

impl NodeStyle {
    /// A node not drawn yet: no fill, no label, no outline, no tooltip.
    pub const BLANK: NodeStyle = NodeStyle {
        fill: Color32::TRANSPARENT,
        label: String::new(),
        highlight: false,
        tooltip: String::new(),
    };
}

/// A tree to draw: `nodes[k]` for heap numbers k = 1 ..= 2^height − 1 (`nodes[0]` is unused).
#[derive(Clone, Debug, Default)]
pub struct TreeDrawing {
    /// Height (number of levels).
    pub height: u32,
    /// Node styles in heap order.
    pub nodes: Vec<NodeStyle>,
    /// Legend entries.
    pub legend: Vec<(Color32, String)>,
    /// What the nodes' labels and tooltips write, for an open question's mask ([`Says`]).
    pub says: Says,
}

/// Largest height drawn (2^10 − 1 = 1023 nodes).
pub const MAX_HEIGHT: u32 = 10;

/// Accessible name of the drawing.
pub const LABEL_TREE: &str = "Tree diagram";

fn position(rect: Rect, height: u32, k: usize) -> Pos2 {
    let depth = usize::BITS - 1 - k.leading_zeros();
    let first = 1usize << depth;
    let i = (k - first) as f32;
    let count = first as f32;
    let x = rect.left() + (i + 0.5) / count * rect.width();
    let levels = height.max(2) as f32 - 1.0;
    let y = rect.top() + depth as f32 / levels * rect.height();
    Pos2::new(x, y)
}

/// The tree in words for [`super::describe`]: its size, then the nodes of each legend entry
/// (by their fill) with their labels, masked as the screen masks them.
fn describe(ctx: &egui::Context, drawing: &TreeDrawing, count: usize) -> String {
    use super::describe::list;
    let nodes = || (1..=count).filter_map(|k| drawing.nodes.get(k).map(|s| (k, s)));
    let mut text = format!(
        "Tree of {} (heap numbers, root 1).",
        crate::model::words::count(count, "node")
    );
    for (fill, name) in &drawing.legend {
        let of: Vec<String> = nodes()
            .filter(|(_, s)| s.fill == *fill)
            .map(|(k, s)| {
                if s.label.is_empty() {
                    format!("{k}")
                } else {
                    format!("{k} ({})", s.label)
                }
            })
            .collect();
        if !of.is_empty() {
            text.push_str(&format!(" {name}: node {}.", list(of)));
        }
    }
    if let Some((k, s)) = nodes().find(|(_, s)| s.highlight) {
        text.push_str(&format!(
            " Marked: node {k}{}.",
            if s.tooltip.is_empty() {
                String::new()
            } else {
                format!(", {}", s.tooltip)
            }
        ));
    }
    crate::ui::frame::masked_as(ctx, drawing.says, &text)
}

/// Least height of the tree's drawing (below its legend).
pub const MIN_DRAWING: f32 = 100.0;

/// Draws the tree, its legend included, in at most `height` (the drawing keeps at least
/// [`MIN_DRAWING`]); returns the heap number of the node under the pointer, if any.
pub fn tree(ui: &mut Ui, drawing: &TreeDrawing, height: f32) -> Option<usize> {
    let n = drawing.height.min(MAX_HEIGHT);
    let count = (1usize << n) - 1;
    if n == 0 || drawing.nodes.len() <= count {
        ui.weak("(no tree to draw)");
        return None;
    }
    super::describe::record(ui.ctx(), describe(ui.ctx(), drawing, count));
    let top = ui.cursor().top();
    ui.horizontal_wrapped(|ui| {
        let font = egui::TextStyle::Body.resolve(ui.style());
        for (c, name) in &drawing.legend {
            // A dot and its name wrap together.
            let width = 12.0 + ui.spacing().item_spacing.x + text_width(ui, name, &font);
            new_row_unless_fits(ui, width);
            let (r, _) = ui.allocate_exact_size(Vec2::splat(12.0), Sense::hover());
            ui.painter().circle_filled(r.center(), 5.5, *c);
            ui.label(name);
        }
    });
    let width = ui.available_width().max(120.0);
    let legend = ui.cursor().top() - top;
    let (response, painter) = ui.allocate_painter(
        Vec2::new(width, (height - legend).max(MIN_DRAWING)),
        Sense::hover(),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, LABEL_TREE));
    let leaves = 1usize << (n - 1);
    let leaf_radius = (width / leaves as f32 * 0.42).clamp(1.5, 13.0);
    let rect = response
        .rect
        .shrink2(Vec2::new(leaf_radius + 2.0, 13.0 + 4.0));
    // Each level gets the largest disc its spacing allows, so upper levels stay readable;
    // in a short drawing no larger than keeps a node clear of its children (the distance
    // to a child shrinks level by level, so two linked discs never touch).
    let gap = rect.height() / (n.max(2) - 1) as f32;
    let radius_at = |k: usize| {
        let depth = usize::BITS - 1 - k.leading_zeros();
        let across = (width / (1usize << depth) as f32 * 0.42).clamp(1.5, 13.0);
        let child = rect.width() / (1usize << (depth + 2)) as f32;
        across.min((0.5 * gap.hypot(child) - 1.0).max(1.5))
    };
    let edge = Stroke::new(1.0, ui.visuals().weak_text_color().gamma_multiply(0.6));
    for k in 2..=count {
        painter.line_segment([position(rect, n, k / 2), position(rect, n, k)], edge);
    }
    let outline = ui.visuals().text_color();
    let mut hovered = None;
    let pointer = response.hover_pos();
    let access = access::active(&response);
    for k in 1..=count {
        let style = &drawing.nodes[k];
        let c = position(rect, n, k);
        let radius = radius_at(k);
        painter.circle_filled(c, radius, style.fill);
        if access {
            node_access(ui, &response, (k, c, radius), style, drawing.says);
        }
        if style.highlight {
            painter.circle_stroke(c, radius + 2.5, Stroke::new(2.5, outline));
        }
        if !style.label.is_empty() {
            // Black or white, whichever reads on the fill as it is seen; shrunk to fit inside
            // the disc, or left to the tooltip.
            let text = super::palette::ink_on(style.fill, ui.visuals().panel_fill);
            // An open question's answer (the root's start, T − 1) reads "?".
            let label = crate::ui::frame::masked_as(ui.ctx(), drawing.says, &style.label);
            if let Some(font) = fitting_font(&painter, &label, radius) {
                painter.text(c, egui::Align2::CENTER_CENTER, &label, font, text);
            }
        }
        if let Some(p) = pointer
            && p.distance(c) <= radius.max(4.0)
        {
            hovered = Some(k);
        }
    }
    if access {
        access::more(ui, response.id, response.rect, count, "nodes");
    }
    if let Some(k) = hovered {
        let text = crate::ui::frame::masked_as(ui.ctx(), drawing.says, &drawing.nodes[k].tooltip);
        // (A node the hidden future leaves out has no tooltip: an empty one was a blank pill
        // under the pointer at grs step 1.)
        if !text.is_empty() {
            response.on_hover_text_at_pointer(text);
        }
    }
    hovered
}

/// Smallest font (points) a node's label is drawn in.
const MIN_FONT: f32 = 8.0;

/// The font in which `label` fits inside a disc of `radius` (width within 1.7 radii, at most
/// 0.85 radii tall), or None when that would be smaller than `MIN_FONT`.
pub fn fitting_font(painter: &egui::Painter, label: &str, radius: f32) -> Option<egui::FontId> {
    let base = radius * 0.85;
    if base < MIN_FONT {
        return None;
    }
    let width = painter
        .layout_no_wrap(
            label.to_owned(),
            egui::FontId::proportional(base),
            Color32::WHITE,
        )
        .size()
        .x;
    let size = base * (1.7 * radius / width.max(1.0)).min(1.0);
    (size >= MIN_FONT).then(|| egui::FontId::proportional(size))
}

/// Node `k` (heap number) of the tree for a screen reader, drawn as the disc of radius `r` at
/// `centre`: "node 13" with its tooltip as value ("node 13 (height 2), processor 1, starts at
/// 9"), masked as its tooltip is on screen; a node not drawn yet (blank) has none.
fn node_access(
    ui: &Ui,
    canvas: &egui::Response,
    (k, centre, r): (usize, egui::Pos2, f32),
    style: &NodeStyle,
    says: Says,
) {
    if k > access::MAX_PARTS || (style.tooltip.is_empty() && style.label.is_empty()) {
        return;
    }
    let text = if style.tooltip.is_empty() {
        &style.label
    } else {
        &style.tooltip
    };
    let text = crate::ui::frame::masked_as(ui.ctx(), says, &text.replace('\n', "; "));
    let rect = Rect::from_center_size(centre, egui::Vec2::splat(2.0 * r.max(2.0)));
    access::node(
        ui,
        access::id(canvas.id, "tree", k),
        rect,
        access::PART,
        &format!("node {k}"),
        &text,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_level_ordered_and_centred() {
        let r = Rect::from_min_size(Pos2::ZERO, Vec2::new(400.0, 300.0));
        let root = position(r, 3, 1);
        assert_eq!(root, Pos2::new(200.0, 0.0));
        let (l, rt) = (position(r, 3, 2), position(r, 3, 3));
        assert!(l.x < root.x && root.x < rt.x && l.y == rt.y && l.y == 150.0);
        assert_eq!(position(r, 3, 7).y, 300.0);
    }
}
