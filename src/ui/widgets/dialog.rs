//! A small modeless dialog: a window with its content and, under it, a confirming button and
//! a dismissing one.

use egui::Ui;

/// How the user answered a dialog this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// The confirming button (or what the content counts as confirming, such as Enter).
    Confirm,
    /// The dismissing button or the window's ×.
    Dismiss,
}

/// Shows `window` with `content` and the buttons `confirm` and `dismiss` under it. `content`
/// returns true when it confirms by itself (Enter in a text field). None while the user has
/// not answered.
pub fn dialog(
    ctx: &egui::Context,
    window: egui::Window<'_>,
    confirm: &str,
    dismiss: &str,
    content: impl FnOnce(&mut Ui) -> bool,
) -> Option<Answer> {
    let mut open = true;
    let mut answer = None;
    let shown = window.open(&mut open).show(ctx, |ui| {
        let entered = content(ui);
        ui.horizontal(|ui| {
            if ui.button(confirm).clicked() || entered {
                answer = Some(Answer::Confirm);
            }
            if ui.button(dismiss).clicked() {
                answer = Some(Answer::Dismiss);
            }
        });
    });
    escape_closes(ctx, &shown, &mut open);
    if !open {
        answer = Some(Answer::Dismiss);
    }
    answer
}

/// Gives the dialog's first field `edit` the keyboard when the dialog opens, so that typing
/// goes straight into it; `taken` records that it had it, so that a field or button the user
/// moves to afterwards keeps the focus. (A new window's first frame only measures it: the
/// request is repeated until the field really has the focus.)
pub fn focus_first(edit: &egui::Response, taken: &mut bool) {
    if edit.has_focus() {
        *taken = true;
    } else if !*taken {
        edit.request_focus();
    }
}

/// The fold state of the window `id` (egui keeps it under the window's id "collapsing").
fn folding(ctx: &egui::Context, id: egui::Id) -> egui::collapsing_header::CollapsingState {
    egui::collapsing_header::CollapsingState::load_with_default_open(
        ctx,
        id.with("collapsing"),
        true,
    )
}

/// Folds the window `id` to its title bar (`folded`) or unfolds it.
pub fn set_folded(ctx: &egui::Context, id: egui::Id, folded: bool) {
    let mut state = folding(ctx, id);
    state.set_open(!folded);
    state.store(ctx);
}

/// Where a window opens: `x` points from the window's left edge, just under the bars (the
/// menu bar and the toolbars), where the central area begins. Windows placed a fixed
/// inset from the top stood over the stage's toolbar at 720p presenter (Research: at 40
/// points, over "Map of two parameters" and "Pin as A").
pub fn under_bars(ctx: &egui::Context, x: f32) -> egui::Pos2 {
    let centre = crate::ui::frame::centre(ctx);
    egui::pos2(ctx.content_rect().left() + x, centre.top() + 12.0)
}

/// The height a window opened [`under_bars`] has before it reaches the status bar (at least
/// `least`).
pub fn room_under_bars(ctx: &egui::Context, least: f32) -> f32 {
    (crate::ui::frame::centre(ctx).height() - 24.0).max(least)
}

/// Whether the window `id` is folded to its title bar.
pub fn is_folded(ctx: &egui::Context, id: egui::Id) -> bool {
    !folding(ctx, id).is_open()
}

/// A folded window's height while its fold animates (its area keeps the unfolded height
/// until the fold ends): a title bar's.
fn title_height(ctx: &egui::Context) -> f32 {
    let style = ctx.global_style();
    style.spacing.interact_size.y + 2.0 * style.spacing.window_margin.topf() + 8.0
}

/// A window folded aside to a bottom corner, while its fold animates.
#[derive(Clone, Copy)]
struct Aside {
    /// The corner: [`egui::Align::Min`] the bottom-left one, else the bottom-right.
    corner: egui::Align,
    /// Frames pinned since the fold ended (the last one puts the folded title flush with its
    /// corner: until the fold ends the area keeps its unfolded width).
    after: u8,
}

/// `window` (of id `id`) folded aside: `fold_to` Some(corner) folds it to its title bar in
/// that bottom corner (Min: left, else right) just above the status bar, out of the way of what
/// the user looks at next; called every frame with None after that, it keeps the window there
/// while the fold animates, and when it is unfolded puts it back where it was. (Not movable
/// while folding: a window that moves by its title bar keeps the place it had before the
/// frame, whatever `current_pos` says; and unconstrained: the area keeps its unfolded size
/// until the fold ends, and egui, keeping that on the screen, pushed the folding window up and
/// left by it, over the middle of the picture.)
pub fn aside<'a>(
    ctx: &egui::Context,
    window: egui::Window<'a>,
    id: egui::Id,
    fold_to: Option<egui::Align>,
) -> egui::Window<'a> {
    let key = id.with("aside");
    let back = id.with("unfolded at");
    if let Some(corner) = fold_to {
        if let Some(was) = ctx.memory(|m| m.area_rect(id)) {
            ctx.data_mut(|d| d.insert_temp(back, was.min));
        }
        set_folded(ctx, id, true);
        ctx.data_mut(|d| d.insert_temp(key, Aside { corner, after: 0 }));
    }
    let state = folding(ctx, id);
    if state.is_open() {
        // Unfolded (▶, or chosen again from its menu): back where it was before it folded
        // aside (it unfolded from the corner, over the bottom of the picture).
        let was = ctx.data(|d| d.get_temp::<egui::Pos2>(back));
        ctx.data_mut(|d| {
            d.remove::<Aside>(key);
            d.remove::<egui::Pos2>(back);
        });
        return match was {
            Some(was) => window.current_pos(was).movable(false),
            None => window,
        };
    }
    // Folded: where it stands is recorded, so that the central area keeps clear of it while it
    // stands in its corner ([`corner_room`]).
    if let Some(r) = ctx.memory(|m| m.area_rect(id)) {
        crate::ui::frame::record(ctx, FOLDED, r);
    }
    let Some(mut aside) = ctx.data(|d| d.get_temp::<Aside>(key)) else {
        return window;
    };
    if state.openness(ctx) == 0.0 {
        aside.after += 1;
    }
    if aside.after > 2 {
        // Folded and in its corner: the title bar is the user's to move.
        ctx.data_mut(|d| d.remove::<Aside>(key));
        return window;
    }
    ctx.data_mut(|d| d.insert_temp(key, aside));
    // In the central area's corner, its title bar standing on the status bar: over the blank
    // strip under the picture's last line, not the drawer (a lesson's answer box) nor the
    // end of the "Why" line and a plot's axis title, where it stood 30 points higher.
    let centre = crate::ui::frame::centre(ctx);
    let area = ctx.memory(|m| m.area_rect(id));
    let x = match aside.corner {
        egui::Align::Min => centre.left() + 8.0,
        _ => centre.right() - area.map_or(0.0, |r| r.width()) - 8.0,
    };
    let height = match area {
        Some(r) if aside.after > 0 => r.height(),
        _ => title_height(ctx),
    };
    let pos = egui::pos2(x, centre.bottom() - height);
    window.current_pos(pos).constrain(false).movable(false)
}

/// The folded windows' rectangles ([`crate::ui::frame::record`]).
const FOLDED: &str = "loadlab-folded";

/// The strip at the bottom of `centre` (the central area) that a window folded aside
/// ([`aside`]) takes while it stands there, in points: what the picture or a plot would
/// draw there (a plot's axis title) stands above it instead. 0 when no folded window stands
/// on the area's bottom edge (the user moved it away, or none is folded); never more than a
/// quarter of the area.
pub fn corner_room(ctx: &egui::Context, centre: egui::Rect) -> f32 {
    let folded = crate::ui::frame::recorded::<egui::Rect>(ctx, FOLDED);
    let on_edge = folded.iter().filter(|r| {
        r.bottom() >= centre.bottom() - 2.0
            && r.top() < centre.bottom()
            && r.top() > centre.top()
            && r.left() < centre.right()
            && r.right() > centre.left()
    });
    let room = on_edge
        .map(|r| centre.bottom() - r.top())
        .fold(0.0, f32::max);
    room.min(centre.height() / 4.0)
}

/// Escape closes the window `drawn` (what its `show` returned this frame) when it is the
/// topmost window on screen: one press, one window, as its × would. Not while a menu or a
/// combo box is open (egui closes that with the same press).
pub fn escape_closes<R>(
    ctx: &egui::Context,
    drawn: &Option<egui::InnerResponse<R>>,
    open: &mut bool,
) {
    let Some(layer) = drawn.as_ref().map(|d| d.response.layer_id) else {
        return;
    };
    if !*open || egui::Popup::is_any_open(ctx) {
        return;
    }
    let top = ctx.memory(|m| {
        m.layer_ids()
            .filter(|l| l.order == egui::Order::Middle && m.areas().is_visible(l))
            .last()
    });
    if top == Some(layer)
        && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
    {
        *open = false;
    }
}
