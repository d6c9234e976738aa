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
    window.open(&mut open).show(ctx, |ui| {
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

/// Whether the window `id` is folded to its title bar.
pub fn is_folded(ctx: &egui::Context, id: egui::Id) -> bool {
    !folding(ctx, id).is_open()
}

/// Where a window folded aside to a bottom corner has its top: its title bar just above the
/// status bar.
pub fn folded_top(ctx: &egui::Context) -> f32 {
    let bar = 2.0 * ctx.global_style().spacing.interact_size.y + 16.0;
    ctx.content_rect().bottom() - bar - 40.0
}

/// `window` (of id `id`) folded to its title bar and put at `pos` this frame, out of the way
/// of what the user looks at next. (Not movable this frame: a window that moves by its title
/// bar keeps the place it had before the frame, whatever `current_pos` says; unconstrained:
/// the area still has its unfolded height, which would hold it up on the screen.)
pub fn fold_aside<'a>(
    ctx: &egui::Context,
    window: egui::Window<'a>,
    id: egui::Id,
    pos: egui::Pos2,
) -> egui::Window<'a> {
    set_folded(ctx, id, true);
    window.current_pos(pos).constrain(false).movable(false)
}
