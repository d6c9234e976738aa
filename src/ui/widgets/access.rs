//! AccessKit nodes for what the pictures draw by hand (issue 37): a screen reader sees a
//! painted ring, tree, Gantt chart, grid, map or plot as one blank canvas unless each element
//! the user can read or act on gets a node of its own, with a role, a name and a value.
//!
//! These are the generic pieces, with no knowledge of any widget: each picture (the ring,
//! the tree, the Gantt chart, the heat map) builds its own elements' nodes with them from what
//! it drew, so the words are the drawing's own: its labels and tooltips, masked as the screen masks them (an open
//! question's answer reads "?" here as on screen). Each node is a hover-only region over the
//! element (it takes no click and no focus from the widget under it), its id derived from the
//! picture's id and the element's index. Nothing is built while no screen reader (nor a test)
//! reads the tree.
//!
//! Roles: [`PART`] for an element (a processor, a bar, a tree node, a plot series),
//! [`LINK`] for what joins two of them (a send's arrow), [`CELL`] for a grid's cell.
//! [`live`] makes a text a live region, which a screen reader reads out whenever it changes
//! (the step caption, an exercise's verdict).

use egui::{Context, Id, Rect, Response, Role, Sense, Ui};

/// The role of a drawn element: a processor, a bar, a tree node, a plot series.
pub const PART: Role = Role::GraphicsObject;
/// The role of what joins two elements: a send's arrow.
pub const LINK: Role = Role::GraphicsSymbol;
/// The role of a cell of a grid or a map.
pub const CELL: Role = Role::GridCell;

/// The most element nodes one picture gives (a map of 40 × 40 cells, a tree of 1023 nodes):
/// past it one more node says how many more the picture draws.
pub const MAX_PARTS: usize = 600;

/// Whether the accessibility tree is built this frame (a screen reader or a test reads it),
/// asked of the picture's own node `canvas`.
pub fn active(canvas: &Response) -> bool {
    canvas
        .ctx
        .accesskit_node_builder(canvas.id, |_| ())
        .is_some()
}

/// The id of element `index` of kind `kind` of the picture `canvas`.
pub fn id(canvas: Id, kind: &str, index: usize) -> Id {
    canvas.with(("access", kind, index))
}

/// A node over `rect` (an element drawn there) named `name`, with `value` (none when empty).
pub fn node(ui: &Ui, id: Id, rect: Rect, role: Role, name: &str, value: &str) {
    let resp = ui.interact(rect, id, Sense::hover());
    set(&resp, role, Some(name), value);
}

/// The role and value of the node of `resp` (a part the widget already made, with its name),
/// its bounds those of the response.
pub fn value(resp: &Response, role: Role, value: &str) {
    set(resp, role, None, value);
}

fn set(resp: &Response, role: Role, name: Option<&str>, value: &str) {
    let r = resp.rect;
    resp.ctx.accesskit_node_builder(resp.id, |node| {
        node.set_role(role);
        if let Some(name) = name {
            node.set_label(name);
        }
        if !value.is_empty() {
            node.set_value(value);
        }
        node.set_bounds(egui::accesskit::Rect {
            x0: r.min.x.into(),
            y0: r.min.y.into(),
            x1: r.max.x.into(),
            y1: r.max.y.into(),
        });
    });
}

/// After [`MAX_PARTS`] elements: one node over the picture `rect` saying how many more of
/// `noun` (plural) it draws than the tree names (nothing when none).
pub fn more(ui: &Ui, canvas: Id, rect: Rect, total: usize, noun: &str) {
    if total > MAX_PARTS {
        let name = format!("and {} more {noun}", total - MAX_PARTS);
        node(ui, id(canvas, "more", 0), rect, PART, &name, "");
    }
}

/// Makes the node of `id` (a label) a live region: a screen reader reads it out when its text
/// changes.
pub fn live(ctx: &Context, id: Id) {
    ctx.accesskit_node_builder(id, |node| {
        node.set_live(egui::accesskit::Live::Polite);
    });
}

/// A plot's series (egui_plot names only the legend's entries): one node each over the plot's
/// frame `canvas`, its name with its role and its count of points as value ("12 points").
pub fn series<N: AsRef<str>>(
    ui: &Ui,
    canvas: &Response,
    series: impl IntoIterator<Item = (N, usize)>,
) {
    if !active(canvas) {
        return;
    }
    for (k, (name, count)) in series.into_iter().enumerate().take(MAX_PARTS) {
        let points = super::describe::count(count, "point");
        node(
            ui,
            id(canvas.id, "series", k),
            canvas.rect,
            PART,
            name.as_ref(),
            &points,
        );
    }
}

/// An element whose drawn text reads "name: value" (a level of the divisible network, "L2
/// (64 PEs): gets 0.25, computes 0.1"): a node named by the part before the first ": ", the
/// rest its value.
pub fn labelled(ui: &Ui, id: Id, rect: Rect, text: &str) {
    let (name, value) = text.split_once(": ").unwrap_or((text, ""));
    node(ui, id, rect, PART, name, value);
}
