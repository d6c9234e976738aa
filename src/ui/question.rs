//! The question a reader answers, shared by the lesson player's "Predict" box and the quiz
//! window: the reply field, the model's answer with its explanation, and their text size and
//! colours.

use egui::RichText;

use crate::lesson::{Answer, Kind, Question};

/// Text size of the lesson's body (presenter mode's zoom makes it larger still).
pub const BODY: f32 = 16.0;

/// The colour of "✓ Right" (4.5:1 at least on the panels of either theme).
pub fn right(ui: &egui::Ui) -> egui::Color32 {
    crate::ui::widgets::palette::ok_text(ui.visuals())
}

/// The reply of question `q`: a number field named `field` (a decimal point or comma) or the
/// choices as radio buttons; greyed out unless `editable`. True when Enter was pressed in the
/// number field (the reply is submitted).
pub fn reply_field(
    ui: &mut egui::Ui,
    q: &Question,
    reply: &mut String,
    field: &str,
    body: f32,
    editable: bool,
) -> bool {
    match q.kind {
        Kind::Number => {
            ui.horizontal(|ui| {
                let label = ui.label(RichText::new(field).size(body));
                let edit = ui
                    .add_enabled(
                        editable,
                        egui::TextEdit::singleline(reply)
                            .desired_width(120.0)
                            .font(egui::FontId::proportional(body))
                            .hint_text("a number"),
                    )
                    .labelled_by(label.id);
                let entered =
                    editable && edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                // What is not a number keeps the field, to be typed again.
                if entered && unreadable(q, reply) {
                    edit.request_focus();
                }
                entered
            })
            .inner
        }
        Kind::Choice => {
            ui.horizontal_wrapped(|ui| {
                for c in &q.choices {
                    let radio = egui::RadioButton::new(reply == c, RichText::new(c).size(body));
                    if ui.add_enabled(editable, radio).clicked() {
                        *reply = c.clone();
                    }
                }
            });
            false
        }
    }
}

/// Whether `reply` to `q` is typed but not a number (a choice's reply is always one of its
/// choices, or none).
pub fn unreadable(q: &Question, reply: &str) -> bool {
    q.kind == Kind::Number && !reply.trim().is_empty() && crate::lesson::read_reply(reply).is_err()
}

/// The model's answer `a` to `q`, the tolerance, the explanation, and how the answer was
/// computed behind "Show the command" (folded: the command line and the field path are for
/// the curious, not the lecture).
pub fn answer_lines(ui: &mut egui::Ui, q: &Question, a: &Answer, body: f32) {
    ui.label(
        RichText::new(format!("Answer: {}", a.text()))
            .strong()
            .size(body + 2.0),
    );
    if q.kind == Kind::Number && q.tolerance > 0.0 {
        ui.label(
            RichText::new(format!(
                "(accepted within ± {})",
                crate::model::format::number(q.tolerance, crate::model::format::Precision::Lesson)
            ))
            .weak(),
        );
    }
    ui.label(RichText::new(&q.explanation).size(body));
    egui::CollapsingHeader::new(RichText::new("Show the command").weak())
        .id_salt(("show the command", &q.prompt))
        .default_open(false)
        .show(ui, |ui| {
            ui.label(
                RichText::new(format!(
                    "{}, field {}",
                    q.check.command_line(),
                    q.check.field
                ))
                .weak()
                .monospace(),
            )
            .on_hover_text("The same answer headless: this command's JSON, at this field");
        });
}
