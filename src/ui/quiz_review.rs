//! Homework ▸ Open attempt… on a quiz attempt: the teacher's review of it — every question
//! as the student saw it, each reply checked and each answer asked for in order with its
//! verdict and time, and the model's answer — beside the grade the gradebook gives (the same
//! replay of the same log, [`crate::lesson::homework::quiz::replay`]).

use egui::RichText;

use crate::lesson::homework::gradebook::Row;
use crate::lesson::homework::quiz::{QuizAttempt, QuizEntry, QuizReplayed, QuizVerdict};
use crate::lesson::{Grade, Kind, QuizQuestion};
use crate::ui::commands::Cmd;

/// A quiz attempt opened for review.
#[derive(Debug, Clone)]
pub struct QuizReview {
    /// The file's name.
    pub file: String,
    /// The attempt.
    pub attempt: QuizAttempt,
    /// Its gradebook row (the grade from the answers, the flags on the file).
    pub row: Row,
    /// The questions its seed and count generate, with the model's answers.
    pub questions: Vec<QuizQuestion>,
    /// Every log entry's verdict.
    pub replayed: QuizReplayed,
}

impl QuizReview {
    /// The review's window while `review` holds one; ✕ closes it. Show me k loads question
    /// k's instance, as the quiz's own Show me does, and folds the review.
    pub fn window(review: &mut Option<QuizReview>, ctx: &egui::Context) -> Vec<Cmd> {
        let Some(r) = review.as_ref() else {
            return Vec::new();
        };
        let mut open = true;
        let mut cmds = Vec::new();
        let title = "Quiz attempt";
        let drawn = crate::ui::attempt_window::window(ctx, title, 520.0)
            .open(&mut open)
            .show(ctx, |ui| r.body(ui, &mut cmds));
        crate::ui::widgets::dialog::escape_closes(ctx, &drawn, &mut open);
        if !open {
            *review = None;
        }
        if !cmds.is_empty() {
            // The instance loaded is what the teacher looks at: the review folds to its title
            // bar in the bottom corner (▼ unfolds it), as the quiz folds aside.
            let id = crate::ui::attempt_window::id(title);
            crate::ui::widgets::dialog::set_folded(ctx, id, true);
        }
        cmds
    }

    fn body(&self, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
        let a = &self.attempt;
        let what = format!(
            "the {} quiz of seed {}, {} questions ({})",
            self.row.model, a.seed, a.count, self.file
        );
        crate::ui::attempt_window::head(ui, &self.row, &what, "answers");
        ui.separator();
        egui::ScrollArea::vertical()
            // Down to above the status bar, the window's margin included.
            .max_height((ui.ctx().content_rect().bottom() - ui.cursor().top() - 60.0).max(120.0))
            .auto_shrink([false, true])
            .show(ui, |ui| {
                // Show me k stands left of the floating scroll bar's lane.
                let lane = crate::ui::widgets::corner::scroll_lane(ui);
                ui.set_max_width(ui.available_width() - lane);
                for (i, item) in self.questions.iter().enumerate() {
                    if i > 0 {
                        ui.separator();
                    }
                    self.question(ui, i + 1, item, cmds);
                }
            });
    }

    /// Question `k`: its title and how it went (Show me k at its right), its prompt, the
    /// student's entries on it and the model's answer.
    fn question(&self, ui: &mut egui::Ui, k: usize, item: &QuizQuestion, cmds: &mut Vec<Cmd>) {
        let on_it: Vec<&QuizVerdict> = self
            .replayed
            .verdicts
            .iter()
            .filter(|v| v.question == k)
            .collect();
        let (how, color) = if self.replayed.missed.contains(&k) {
            ("missed at the first try", ui.visuals().warn_fg_color)
        } else if on_it.iter().any(|v| v.grade == Some(Grade::Right)) {
            ("right at the first try", crate::ui::question::right(ui))
        } else {
            ("not answered", ui.visuals().weak_text_color())
        };
        let body = crate::ui::question::body(ui.ctx(), false);
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("Question {k}")).strong().size(body));
            ui.label(RichText::new(how).color(color).size(body));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let hover = "Load this question's instance into its workspace";
                if ui
                    .button(RichText::new(format!("Show me {k}")).size(body))
                    .on_hover_text(hover)
                    .clicked()
                {
                    let who = &self.attempt.header.student;
                    let whose = match who.is_empty() {
                        true => String::new(),
                        false => format!(", {who}'s attempt"),
                    };
                    let seed = self.attempt.seed;
                    cmds.push(crate::ui::question::show_me(item, k, seed, &whose));
                }
            });
        });
        let q = &item.question;
        ui.label(RichText::new(&q.prompt).size(body));
        if q.kind == Kind::Choice {
            ui.label(RichText::new(format!("Choices: {}", q.choices.join(" · "))).weak());
        }
        for v in &on_it {
            if let Some(e) = self.attempt.log.get(v.entry) {
                ui.label(RichText::new(entry_text(e, v.grade, q.kind)).size(body));
            }
        }
        ui.label(
            RichText::new(format!("Answer: {}", item.answer.text()))
                .strong()
                .size(body),
        );
    }
}

/// One log entry on a question in words: the reply and its verdict, or the answer asked for,
/// with its time after the start.
fn entry_text(e: &QuizEntry, grade: Option<Grade>, kind: Kind) -> String {
    let when = e.t.map_or(String::new(), |t| format!(" (after {t:.1} s)"));
    let reply = e.reply.as_deref().unwrap_or("").trim();
    let unreadable = match kind {
        Kind::Number => "not a number",
        Kind::Choice => "not one of the choices",
    };
    match grade {
        Some(Grade::Right) => format!("“{reply}”{when}: ✓ right"),
        Some(Grade::Wrong) => format!("“{reply}”{when}: ✗ wrong"),
        Some(Grade::Unreadable) => format!("“{reply}”{when}: {unreadable} (not counted)"),
        None => format!("Asked for the answer{when}"),
    }
}
