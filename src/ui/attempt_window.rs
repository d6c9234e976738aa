//! The window an opened attempt is shown in, and its head: shared by the exercise's replay
//! ([`crate::ui::homework`]) and the quiz's review ([`crate::ui::quiz_review`]).

use egui::RichText;

use crate::lesson::homework::gradebook::Row;

/// The window an opened attempt is shown in, `width` wide at the right under the toolbar;
/// on a phone, the screen's width (anchored at the right, the replay's wider rows put its
/// left part off the screen). Folded to its title bar, it waits in the bottom corner, off
/// the picture and the controls at the top.
pub fn window(ctx: &egui::Context, title: &str, width: f32) -> egui::Window<'static> {
    let id = id(title);
    let window = egui::Window::new(title.to_string()).id(id);
    let folded = crate::ui::widgets::dialog::is_folded(ctx, id);
    // Above the status bar.
    let low = -(ctx.global_style().spacing.interact_size.y + 24.0);
    if crate::ui::frame::on_phone(ctx) {
        let width = ctx.content_rect().width() - 16.0;
        let window = window.min_width(width).max_width(width);
        match folded {
            true => window.anchor(egui::Align2::LEFT_BOTTOM, [8.0, low]),
            false => window.anchor(egui::Align2::LEFT_TOP, [8.0, 80.0]),
        }
    } else {
        let window = window.default_width(width);
        match folded {
            true => window.anchor(egui::Align2::RIGHT_BOTTOM, [-16.0, low]),
            false => window.anchor(egui::Align2::RIGHT_TOP, [-16.0, 80.0]),
        }
    }
}

/// The id of the attempt window titled `title` (to fold it).
pub fn id(title: &str) -> egui::Id {
    egui::Id::unique(("attempt window", title))
}

/// An opened attempt's head: whose it is and `what`, the grade the gradebook gives from its
/// `from` ("moves", "answers") and the flags on the file.
pub fn head(ui: &mut egui::Ui, row: &Row, what: &str, from: &str) {
    let who = if row.student.is_empty() {
        "(no name)"
    } else {
        &row.student
    };
    ui.label(RichText::new(format!("{who} — {what}")).strong());
    let done = if row.complete {
        "complete"
    } else {
        "not complete"
    };
    ui.label(format!(
        "Graded from the {from}: {} / {} right at the first try, {done}",
        row.score, row.out_of
    ));
    if !row.flags.is_empty() {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            format!("On the file: {}", row.flags.join("; ")),
        );
    }
}
