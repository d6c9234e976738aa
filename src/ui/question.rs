//! The question a reader answers, shared by the lesson player's "Predict" box and the quiz
//! window: the reply field, the model's answer with its explanation, and their text size and
//! colours.

use egui::RichText;

use crate::lesson::{Answer, Grade, Kind, Question, QuizQuestion};

/// Text size of the lesson's and the quiz's body at normal text (presenter mode's zoom makes it
/// larger still).
const BODY: f32 = 16.0;

/// Text size of the lesson's body in presenter mode's drawer (before its zoom of 1.5).
const BODY_PRESENTER: f32 = 14.0;

/// The size of the lesson's and the quiz's body text in `ctx` (`presenting`: in presenter
/// mode's drawer), in the reader's text size (View ▸ Text size: at 200 % the lesson's text
/// and its Back and Next are twice as large, as the menus are).
pub fn body(ctx: &egui::Context, presenting: bool) -> f32 {
    let size = if presenting { BODY_PRESENTER } else { BODY };
    crate::ui::look::reading(ctx, size)
}

/// Show me on quiz question `k` (1-based) of seed `seed`: its instance, named after the
/// question (`whose`: the attempt it comes from, "" in the student's own quiz), or why none.
pub fn show_me(item: &QuizQuestion, k: usize, seed: u64, whose: &str) -> crate::ui::commands::Cmd {
    use crate::ui::commands::Cmd;
    match item.scenario() {
        Ok(s) => Cmd::ShowScenario(Box::new(crate::preset::Preset::new(
            format!("Quiz question {k} (seed {seed}{whose})"),
            item.question.prompt.clone(),
            s,
        ))),
        Err(e) => Cmd::Fail(e),
    }
}

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
    (editable, focus): (bool, bool),
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
                if (entered && unreadable(q, reply)) || focus {
                    edit.request_focus();
                }
                entered
            })
            .inner
        }
        Kind::Choice => {
            ui.horizontal_wrapped(|ui| choices(ui, q, reply, body, (editable, focus)));
            false
        }
    }
}

/// The radio buttons of choice question `q`, in `ui`'s layout (a row: what follows them may
/// share it); the first takes the keyboard's focus when `focus`.
fn choices(
    ui: &mut egui::Ui,
    q: &Question,
    reply: &mut String,
    body: f32,
    (editable, focus): (bool, bool),
) {
    for (k, c) in q.choices.iter().enumerate() {
        let radio = egui::RadioButton::new(reply == c, RichText::new(c).size(body));
        let resp = ui.add_enabled(editable, radio);
        if focus && k == 0 {
            resp.request_focus();
        }
        if resp.clicked() {
            *reply = c.clone();
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

/// A lesson's question box: the prompt, the reply (number field or radio buttons), Reveal
/// (or Enter in the number field), and once revealed the model-computed answer, whether the
/// prediction was right, and the explanation. A revealed reply is final: its field and Reveal
/// are gone (the verdict names the reply), so typing the shown answer afterwards cannot turn
/// it into "✓ Right". True when it was revealed now from the keyboard (Enter in the field, or
/// the focused Reveal pressed).
pub fn question_ui(
    ui: &mut egui::Ui,
    q: &Question,
    reply: &mut String,
    revealed: &mut bool,
    answer: Option<&Result<Answer, String>>,
    body: f32,
) -> bool {
    // Compact, so that the step's text above keeps the room: "Predict" leads the prompt,
    // and the reply and Reveal share a row.
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Predict:").strong().size(body));
        ui.label(RichText::new(&q.prompt).size(body));
    });
    // A revealed reply is final: its field and Reveal give way to the verdict, which repeats
    // the reply (greyed, they cost the line the step's text needed at 720p).
    if *revealed {
        answer_ui(ui, q, reply, answer, body);
        return false;
    }
    let reveal = |ui: &mut egui::Ui, typo: bool| {
        ui.add_enabled(!typo, egui::Button::new(RichText::new("Reveal").size(body)))
            .on_hover_text("Run the model and show the answer (or press Enter in the answer field)")
            .on_disabled_hover_text("Type one number first, or clear the field")
    };
    let (entered, clicked) = match q.kind {
        Kind::Number => {
            ui.horizontal(|ui| {
                let entered = reply_field(ui, q, reply, "Your answer", body, (true, false));
                (entered, reveal(ui, unreadable(q, reply)))
            })
            .inner
        }
        // The choices and Reveal share a row, as a number's field and Reveal do.
        Kind::Choice => {
            ui.horizontal_wrapped(|ui| {
                choices(ui, q, reply, body, (true, false));
                (false, reveal(ui, false))
            })
            .inner
        }
    };
    // A typo is not a prediction: it neither reveals nor spends the one reply.
    let typo = unreadable(q, reply);
    let by_keys = !typo && (entered || clicked.clicked() && clicked.has_focus());
    if (clicked.clicked() || entered) && !typo {
        *revealed = true;
        // Drawn again at once without the row: the verdict stands in the row's place from
        // the frame it is revealed in (under the row, it stood a line lower for that frame).
        // Where the pass cannot be redone, the verdict under the row is what is left.
        ui.ctx()
            .request_discard("a revealed reply gives way to its verdict");
        answer_ui(ui, q, reply, answer, body);
    } else if typo {
        let text = format!("“{}” {TYPO}", reply.trim());
        let warn = ui.visuals().warn_fg_color;
        ui.label(RichText::new(text).size(body).color(warn));
    }
    by_keys
}

/// Under a revealed question: the verdict on `reply`, the model's answer and its explanation
/// (or the spinner while the model computes it, or why it failed).
fn answer_ui(
    ui: &mut egui::Ui,
    q: &Question,
    reply: &str,
    answer: Option<&Result<Answer, String>>,
    body: f32,
) {
    match answer {
        None => {
            ui.horizontal_wrapped(|ui| {
                ui.spinner();
                let said = match reply.trim() {
                    "" => "No prediction made".to_string(),
                    r => format!("You said {r}"),
                };
                ui.label(format!("{said}; the model is computing the answer…"));
            });
        }
        Some(Err(e)) => {
            ui.label(
                RichText::new(format!("The check failed: {e}")).color(ui.visuals().error_fg_color),
            );
        }
        Some(Ok(a)) => {
            let (text, good) = match q.grade(a, reply) {
                Grade::Right => (format!("✓ Right: you said {}", reply.trim()), true),
                Grade::Wrong => (format!("✗ Not quite: you said {}", reply.trim()), false),
                Grade::Unreadable if reply.trim().is_empty() => {
                    ("(no prediction made)".to_string(), false)
                }
                Grade::Unreadable => (
                    format!(
                        concat!(
                            "✗ “{}” is not a number (type one number, ",
                            number_example!(),
                            ")"
                        ),
                        reply.trim()
                    ),
                    false,
                ),
            };
            let colour = if good {
                right(ui)
            } else {
                ui.visuals().warn_fg_color
            };
            // The verdict first, as the quiz gives it: under the explanation it fell below
            // the drawer's fold at 720p, out of sight of the room.
            ui.label(RichText::new(text).size(body).color(colour));
            answer_lines(ui, q, a, body);
        }
    }
}

/// How a reply that is not a number is told what a number looks like (a decimal point or a
/// comma): the one wording of the lesson's and the quiz's messages.
macro_rules! number_example {
    () => {
        "such as 7.6 or 7,6"
    };
}
pub(crate) use number_example;

/// What a lesson question says under a reply that is not a number, after it in quotes: Reveal
/// waits.
pub const TYPO: &str = concat!(
    "is not a number: type one number, ",
    number_example!(),
    " (or clear the field to reveal without a prediction)"
);
