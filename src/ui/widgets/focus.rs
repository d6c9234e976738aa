//! Keyboard focus: where it is seen, where it can jump, how it moves in a picture.
//!
//! * **The focus ring.** egui marks a focused button only by a darker fill; every focused
//!   control here gets a ring in the theme's selection colour, thick enough to read from the
//!   back of a room: a control painted by hand (grid cells, ring arrows, tree nodes, map
//!   cells) asks for one around its shape ([`ring_rect`], [`ring_circle`]), and
//!   [`ring_focused`] paints it at the end of the frame, over the controls drawn after it —
//!   or, when none asked, rings whatever other widget has the focus by its rectangle. Every ring drawn is recorded under [`RING_MARK`]
//!   ([`super::marks`]). A mouse click gives no focus in egui, so the ring marks keyboard
//!   focus only.
//! * **Jumps.** F6, F7 and F8 (the app's commands) send the focus to the exercise, the
//!   picture or the drawer: [`jump`] asks for it, and the region, where it begins to draw,
//!   [`land`]s it on its first control (so the order within a region stays reading order).
//! * **Arrows in a picture.** Tab walks a picture's controls in reading order; the arrow keys
//!   move within one family of hand-drawn controls ([`arrow`], then [`go`]) — a grid cell to
//!   its neighbour, a ring arrow to the next around the ring, a tree node to its parent, left
//!   child or level neighbour ([`grid_step`], [`ring_step`], [`tree_step`]) — and stay in it
//!   at its edges. Escape drops the focus (the arrows then step the schedule again).
//! * **Into view.** A control that gets the focus from the keyboard is scrolled into view:
//!   the hand-drawn ones by their ring, the others by [`follow`] in the scroll areas of the
//!   picture and the drawer.

use egui::{
    Context, EventFilter, FocusDirection, Id, Key, LayerId, Modifiers, Pos2, Rect, Response,
    Stroke, StrokeKind, Ui, Vec2,
};

use super::marks;

/// The mark under which every focus ring drawn is recorded (its outer edge).
pub const RING_MARK: &str = "focus:ring";

/// Width of the ring's outer stroke, in points.
pub const RING_WIDTH: f32 = 3.0;

/// The ring's stroke: the theme's selection colour, [`RING_WIDTH`] wide, with a thin line in
/// the panel's colour inside it so it stands out on any fill.
fn strokes_of(v: &egui::Visuals) -> (Stroke, Stroke) {
    let outer = Stroke::new(RING_WIDTH, v.selection.stroke.color);
    let inner = Stroke::new(1.5, v.panel_fill);
    (outer, inner)
}

/// A ring asked for by a hand-drawn control: painted at the end of the frame
/// ([`ring_focused`]), so that the controls drawn after it (a grid's next cells) do not
/// cover it.
#[derive(Clone, Copy)]
struct Asked {
    pass: u64,
    layer: LayerId,
    clip: Rect,
    shape: Outline,
}

#[derive(Clone, Copy)]
enum Outline {
    Rect(Rect),
    Circle(Pos2, f32),
}

fn asked_id() -> Id {
    Id::unique("loadlab-focus-ring")
}

fn ask(ui: &Ui, shape: Outline, reach: Rect) {
    let ctx = ui.ctx();
    let asked = Asked {
        pass: ctx.cumulative_pass_nr(),
        layer: ui.layer_id(),
        clip: ui.clip_rect(),
        shape,
    };
    ctx.data_mut(|d| d.insert_temp(asked_id(), asked));
    marks::record(ctx, RING_MARK, reach);
}

/// A focus ring just outside `rect` when `resp` has the focus; true when asked for. A
/// control that got the focus from the keyboard is scrolled into view.
pub fn ring_rect(ui: &Ui, resp: &Response, rect: Rect) -> bool {
    if !resp.has_focus() {
        return false;
    }
    arrived(ui.ctx(), resp);
    ask(ui, Outline::Rect(rect), rect.expand(2.5 + RING_WIDTH));
    true
}

/// A focus ring around the disc of radius `r` at `centre` when `resp` has the focus; true
/// when asked for. A control that got the focus from the keyboard is scrolled into view.
pub fn ring_circle(ui: &Ui, resp: &Response, centre: Pos2, r: f32) -> bool {
    if !resp.has_focus() {
        return false;
    }
    arrived(ui.ctx(), resp);
    let reach = r + 4.0 + RING_WIDTH * 0.5;
    let outline = Rect::from_center_size(centre, Vec2::splat(2.0 * reach));
    ask(ui, Outline::Circle(centre, r), outline);
    true
}

/// Paints the focus ring, once, at the end of the frame: the one a hand-drawn control asked
/// for this pass ([`ring_rect`], [`ring_circle`]), else one around whatever widget has the
/// focus (buttons, sliders, text fields, tabs, menus), on the widget's layer, around the
/// part of it that is on screen.
pub fn ring_focused(ctx: &Context) {
    let visuals = ctx.global_style().visuals.clone();
    let (outer, inner) = strokes_of(&visuals);
    let asked = ctx.data(|d| d.get_temp::<Asked>(asked_id()));
    ctx.data_mut(|d| d.remove::<Asked>(asked_id()));
    if let Some(a) = asked.filter(|a| a.pass == ctx.cumulative_pass_nr()) {
        // A little beyond the control's clip: a node at the picture's edge keeps its ring.
        let painter = ctx
            .layer_painter(a.layer)
            .with_clip_rect(a.clip.expand(RING_WIDTH + 3.0));
        match a.shape {
            Outline::Rect(rect) => {
                painter.rect_stroke(rect.expand(1.0), 3.0, inner, StrokeKind::Outside);
                painter.rect_stroke(rect.expand(2.5), 4.0, outer, StrokeKind::Outside);
            }
            Outline::Circle(centre, r) => {
                painter.circle_stroke(centre, r + 1.5, inner);
                painter.circle_stroke(centre, r + 4.0, outer);
            }
        }
        return;
    }
    let Some(id) = ctx.memory(|m| m.focused()) else {
        return;
    };
    let Some(resp) = ctx.read_response(id) else {
        return;
    };
    let rect = resp.interact_rect;
    if !rect.is_positive() || !rect.is_finite() {
        return;
    }
    let painter = ctx.layer_painter(resp.layer_id);
    painter.rect_stroke(rect.expand(1.0), 3.0, inner, StrokeKind::Outside);
    painter.rect_stroke(rect.expand(2.0), 4.0, outer, StrokeKind::Outside);
    marks::record(ctx, RING_MARK, rect.expand(2.0 + RING_WIDTH));
}

fn arrival_id() -> Id {
    Id::unique("loadlab-focus-arrival")
}

/// Scrolls `resp` into view when it got the focus from the keyboard this pass (Tab, or an
/// arrow key through [`go`]).
fn arrived(ctx: &Context, resp: &Response) {
    let sent = ctx.data(|d| d.get_temp::<Id>(arrival_id())) == Some(resp.id);
    if sent {
        ctx.data_mut(|d| d.remove::<Id>(arrival_id()));
    }
    if sent || resp.gained_focus() {
        resp.scroll_to_me(None);
    }
}

/// At the end of a scroll area's content: scrolls the focused widget into view when it got
/// the focus this pass and lies in `ui` (Tab into a drawer's controls below the fold).
pub fn follow(ui: &Ui) {
    let ctx = ui.ctx();
    let Some(id) = ctx.memory(|m| m.focused()) else {
        return;
    };
    if ctx.memory(|m| m.had_focus_last_frame(id)) {
        return;
    }
    let Some(resp) = ctx.read_response(id) else {
        return;
    };
    if ui.min_rect().contains_rect(resp.rect) {
        ui.scroll_to_rect(resp.rect, None);
    }
}

/// Where a focus jump lands (the shortcuts' commands: the app's `Cmd::Focus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landing {
    /// The exercise band's first button (Send, Hint…).
    Exercise,
    /// The picture's first control (in an exercise: the first thing to act on).
    Picture,
    /// The stage's drawer (on the desktop: the lesson player, else the controls).
    Drawer,
    /// The open question's answer field in the lesson player (F8 pressed again from Next).
    Answer,
}

impl Landing {
    /// What is missing when a jump finds no such region on screen.
    pub fn missing(self) -> &'static str {
        match self {
            Landing::Exercise => "No exercise on screen: switch Your turn on first",
            Landing::Picture => "No picture on screen to focus",
            Landing::Drawer => "No drawer, lesson or controls on screen to focus",
            Landing::Answer => "No question to answer on screen",
        }
    }
}

fn jump_id() -> Id {
    Id::unique("loadlab-focus-jump")
}

/// Asks for the focus to land on `to` in the next pass that draws it ([`land`]).
pub fn jump(ctx: &Context, to: Landing) {
    ctx.data_mut(|d| d.insert_temp(jump_id(), to));
    ctx.request_repaint();
}

/// Where region `here` begins to draw: when a jump to it is asked, the focus leaves where it
/// is and lands on the next control drawn (the region's first); true then.
pub fn land(ui: &Ui, here: Landing) -> bool {
    let ctx = ui.ctx();
    if ctx.data(|d| d.get_temp::<Landing>(jump_id())) != Some(here) {
        return false;
    }
    ctx.data_mut(|d| d.remove::<Landing>(jump_id()));
    ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id);
        }
        m.move_focus(FocusDirection::Next);
    });
    true
}

/// A jump that no region took in the pass that asked it (taken away): the app says why.
pub fn unclaimed(ctx: &Context) -> Option<Landing> {
    let left = ctx.data(|d| d.get_temp::<Landing>(jump_id()));
    if left.is_some() {
        ctx.data_mut(|d| d.remove::<Landing>(jump_id()));
    }
    left
}

/// An arrow key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrow {
    /// ↑.
    Up,
    /// ↓.
    Down,
    /// ←.
    Left,
    /// →.
    Right,
}

/// The arrow key pressed on `resp`, a focused control of a family drawn by hand: the arrows
/// stay with the family (egui would move the focus to the nearest widget that way, in or out
/// of it); the family says where each leads and moves the focus there with [`go`].
pub fn arrow(ui: &Ui, resp: &Response) -> Option<Arrow> {
    if !resp.has_focus() {
        return None;
    }
    let filter = EventFilter {
        horizontal_arrows: true,
        vertical_arrows: true,
        ..Default::default()
    };
    ui.memory_mut(|m| m.set_focus_lock_filter(resp.id, filter));
    let keys = [
        (Key::ArrowUp, Arrow::Up),
        (Key::ArrowDown, Arrow::Down),
        (Key::ArrowLeft, Arrow::Left),
        (Key::ArrowRight, Arrow::Right),
    ];
    let pressed = ui.input_mut(|i| {
        keys.into_iter()
            .find(|(k, _)| i.consume_key(Modifiers::NONE, *k))
            .map(|(_, a)| a)
    });
    if pressed.is_some() {
        // The family decides (the first frame after an arrival the filter is not set yet).
        ui.memory_mut(|m| m.move_focus(FocusDirection::None));
    }
    pressed
}

/// Moves the focus to the control `id` (an arrow key's move in a family), scrolling it into
/// view when it is drawn.
pub fn go(ctx: &Context, id: Id) {
    ctx.memory_mut(|m| {
        m.request_focus(id);
        m.move_focus(FocusDirection::None);
    });
    ctx.data_mut(|d| d.insert_temp(arrival_id(), id));
    ctx.request_repaint();
}

/// In a grid of `rows` × `cols` (row 0 on top), the cell an arrow leads to from `at`; the
/// edges hold.
pub fn grid_step(
    (row, col): (usize, usize),
    (rows, cols): (usize, usize),
    a: Arrow,
) -> (usize, usize) {
    let (row, col) = (row.min(rows.max(1) - 1), col.min(cols.max(1) - 1));
    match a {
        Arrow::Up => (row.saturating_sub(1), col),
        Arrow::Down => ((row + 1).min(rows.max(1) - 1), col),
        Arrow::Left => (row, col.saturating_sub(1)),
        Arrow::Right => (row, (col + 1).min(cols.max(1) - 1)),
    }
}

/// Among `n` controls around a ring, the one an arrow leads to from `i`: → and ↓ the next,
/// ← and ↑ the previous (round the ring).
pub fn ring_step(i: usize, n: usize, a: Arrow) -> usize {
    if n == 0 {
        return 0;
    }
    match a {
        Arrow::Right | Arrow::Down => (i + 1) % n,
        Arrow::Left | Arrow::Up => (i + n - 1) % n,
    }
}

/// In a complete binary tree of `height` levels numbered as a heap (root 1, children 2k and
/// 2k + 1), the node an arrow leads to from `k`: ↑ the parent, ↓ the left child, ← and → the
/// neighbours on the same level; the edges hold.
pub fn tree_step(k: u64, height: u32, a: Arrow) -> u64 {
    let last = (1u64 << height.min(63)) - 1;
    let k = k.clamp(1, last.max(1));
    let depth = 63 - k.leading_zeros();
    let (first, end) = (1u64 << depth, (1u64 << depth) * 2 - 1);
    match a {
        Arrow::Up => (k / 2).max(1),
        Arrow::Down if 2 * k <= last => 2 * k,
        Arrow::Down => k,
        Arrow::Left => (k - 1).max(first),
        Arrow::Right => (k + 1).min(end),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_arrows_move_one_cell_and_hold_at_the_edges() {
        let dims = (2, 5);
        assert_eq!(grid_step((0, 0), dims, Arrow::Right), (0, 1));
        assert_eq!(grid_step((0, 0), dims, Arrow::Down), (1, 0));
        assert_eq!(grid_step((0, 0), dims, Arrow::Up), (0, 0));
        assert_eq!(grid_step((0, 0), dims, Arrow::Left), (0, 0));
        assert_eq!(grid_step((1, 4), dims, Arrow::Down), (1, 4));
        assert_eq!(grid_step((1, 4), dims, Arrow::Right), (1, 4));
        assert_eq!(grid_step((1, 4), dims, Arrow::Up), (0, 4));
    }

    #[test]
    fn ring_arrows_go_round() {
        assert_eq!(ring_step(0, 10, Arrow::Right), 1);
        assert_eq!(ring_step(9, 10, Arrow::Down), 0);
        assert_eq!(ring_step(0, 10, Arrow::Left), 9);
        assert_eq!(ring_step(5, 10, Arrow::Up), 4);
        assert_eq!(ring_step(0, 0, Arrow::Up), 0);
    }

    #[test]
    fn tree_arrows_follow_parent_left_child_and_level() {
        // T_5: nodes 1..=31, leaves 16..=31.
        assert_eq!(tree_step(1, 5, Arrow::Up), 1);
        assert_eq!(tree_step(1, 5, Arrow::Down), 2);
        assert_eq!(tree_step(2, 5, Arrow::Right), 3);
        assert_eq!(tree_step(3, 5, Arrow::Right), 3, "the level's end holds");
        assert_eq!(tree_step(4, 5, Arrow::Left), 4, "the level's start holds");
        assert_eq!(tree_step(13, 5, Arrow::Up), 6);
        assert_eq!(tree_step(16, 5, Arrow::Down), 16, "a leaf has no child");
        assert_eq!(tree_step(31, 5, Arrow::Right), 31);
        assert_eq!(tree_step(17, 5, Arrow::Left), 16);
    }
}
