//! What a restart keeps of the teaching: the lesson being played (its step, the replies and
//! which were revealed, the switches it found) and each quiz window (the seed and count of
//! its questions, the replies, the log). The app saves it with its state and puts it back
//! with [`Teach::resume`], so closing the app or reloading the web page loses no reply, and
//! a question answered once stays answered: its Reveal is not offered a second time.

use serde::{Deserialize, Serialize};

use super::Teach;
use crate::lesson::Lesson;
use crate::ui::commands::Cmd;
use crate::ui::quiz::{QuizWindow, SavedQuiz};

/// The lesson and the quizzes, as a restart finds them.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedTeach {
    lesson: Option<SavedLesson>,
    quizzes: Vec<SavedQuiz>,
}

/// The lesson being played, where it stands. The desk, the regions on screen and the step
/// bar are the app's own state, saved beside it: the step is not loaded again, so an
/// instance changed on a "try it" step stays as it was changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct SavedLesson {
    lesson: Lesson,
    index: usize,
    replies: Vec<String>,
    revealed: Vec<bool>,
    base: Option<[bool; 3]>,
    numbers_after_reveal: bool,
    future_after_reveal: bool,
    exercise_for: Option<usize>,
}

impl Teach {
    /// What a restart keeps.
    pub(in crate::ui) fn saved(&self) -> SavedTeach {
        let lesson = self.player.as_ref().map(|p| SavedLesson {
            lesson: p.lesson.clone(),
            index: p.index,
            replies: p.replies.clone(),
            revealed: p.revealed.clone(),
            base: p.base,
            numbers_after_reveal: p.numbers_after_reveal,
            future_after_reveal: p.future_after_reveal,
            exercise_for: p.exercise_for,
        });
        let quizzes = self.quizzes.iter().filter_map(QuizWindow::saved).collect();
        SavedTeach { lesson, quizzes }
    }

    /// Puts back what [`Teach::saved`] kept: the quiz windows (their questions made again
    /// from the seed, the log graded again) and the lesson at its step with its replies. A
    /// saved lesson that does not fit together (a damaged store) is dropped whole.
    pub(in crate::ui) fn resume(&mut self, ctx: &egui::Context, saved: SavedTeach) -> Vec<Cmd> {
        for q in saved.quizzes {
            let w = QuizWindow::resumed(ctx, q);
            self.quizzes.retain(|old| old.model() != w.model());
            self.quizzes.push(w);
        }
        let Some(s) = saved.lesson else {
            return Vec::new();
        };
        let n = s.lesson.steps.len();
        let fits = s.index < n
            && s.replies.len() == n
            && s.revealed.len() == n
            && s.exercise_for.is_none_or(|i| i < n);
        if !fits || s.lesson.version > crate::lesson::VERSION {
            return Vec::new();
        }
        let title = s.lesson.title.clone();
        let mut cmds = self.start(ctx, s.lesson);
        // Not Cmd::LessonStep: the step's scenario and regions are on the desk as they were.
        cmds.retain(|c| matches!(c, Cmd::Fail(_)));
        if let Some(p) = &mut self.player {
            p.index = s.index;
            p.replies = s.replies;
            p.revealed = s.revealed;
            p.base = s.base;
            p.numbers_after_reveal = s.numbers_after_reveal;
            p.future_after_reveal = s.future_after_reveal;
            p.exercise_for = s.exercise_for;
        }
        if cmds.is_empty() {
            cmds.push(Cmd::Inform(format!(
                "Lesson “{title}”: back at step {} of {n}, with your replies",
                s.index + 1
            )));
        }
        cmds
    }
}
