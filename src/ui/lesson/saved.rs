//! What a restart keeps of the teaching: the lesson being played (its step, the replies and
//! which were revealed, the switches it found), the lessons left for another or for a link
//! (the shelf), and each quiz window (the seed and count of its questions, the replies, the
//! log). The app saves it with its state and puts it back with [`Teach::resume`], so closing
//! the app or reloading the web page loses no reply, and a question answered once stays
//! answered: its Reveal is not offered a second time. The page's address returns to a
//! shelved lesson as it was left ([`Teach::return_to`]), and so does Help ▸ Lessons ▸ "Go
//! back to…", by the lesson's place on the shelf ([`Teach::return_to_shelved`]); its plain
//! entries start a lesson afresh.

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
    /// The lessons left for another or a link, where they stood ([`Teach::return_to`]).
    shelf: Vec<SavedLesson>,
    quizzes: Vec<SavedQuiz>,
}

/// The lesson being played, where it stands. The desk, the regions on screen and the step
/// bar are the app's own state, saved beside it: the step is not loaded again, so an
/// instance changed on a "try it" step stays as it was changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct SavedLesson {
    lesson: Lesson,
    index: usize,
    replies: Vec<String>,
    revealed: Vec<bool>,
    base: Option<[bool; 3]>,
    numbers_after_reveal: bool,
    future_after_reveal: bool,
    exercise_for: Option<usize>,
}

/// A lesson on the shelf as Help ▸ Lessons offers it again: its title, the step it was left
/// at (1-based) of how many, and how many questions had been revealed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shelved<'a> {
    pub title: &'a str,
    pub step: usize,
    pub steps: usize,
    pub revealed: usize,
}

/// Lessons a shelf keeps at most (the oldest left goes first).
const SHELF: usize = 8;

impl SavedLesson {
    /// Whether this is `lesson`'s progress (the same lesson, step for step).
    pub(super) fn is(&self, lesson: &Lesson) -> bool {
        self.lesson == *lesson
    }

    /// Whether its parts fit together (a damaged store's do not).
    fn fits(&self) -> bool {
        let n = self.lesson.steps.len();
        self.index < n
            && self.replies.len() == n
            && self.revealed.len() == n
            && self.exercise_for.is_none_or(|i| i < n)
            && self.lesson.version <= crate::lesson::VERSION
    }
}

impl Teach {
    /// The lesson being played, where it stands.
    fn progress(&self) -> Option<SavedLesson> {
        self.player.as_ref().map(|p| SavedLesson {
            lesson: p.lesson.clone(),
            index: p.index,
            replies: p.replies.clone(),
            revealed: p.revealed.clone(),
            base: p.base,
            numbers_after_reveal: p.numbers_after_reveal,
            future_after_reveal: p.future_after_reveal,
            exercise_for: p.exercise_for,
        })
    }

    /// Puts the lesson being played on the shelf (in place of its earlier progress).
    pub(super) fn shelve(&mut self) {
        let Some(s) = self.progress() else {
            return;
        };
        self.shelf.retain(|old| !old.is(&s.lesson));
        self.shelf.push(s);
        let over = self.shelf.len().saturating_sub(SHELF);
        self.shelf.drain(..over);
    }

    /// The lessons on the shelf, the last left first.
    pub(in crate::ui) fn shelved(&self) -> impl Iterator<Item = Shelved<'_>> {
        self.shelf.iter().rev().map(|s| Shelved {
            title: &s.lesson.title,
            step: s.index + 1,
            steps: s.lesson.steps.len(),
            revealed: s.revealed.iter().filter(|r| **r).count(),
        })
    }

    /// What a restart keeps.
    pub(in crate::ui) fn saved(&self) -> SavedTeach {
        let quizzes = self.quizzes.iter().filter_map(QuizWindow::saved).collect();
        SavedTeach {
            lesson: self.progress(),
            shelf: self.shelf.clone(),
            quizzes,
        }
    }

    /// Plays `lesson` as it was left, with its replies and reveals, if it is on the shelf
    /// (the page's address named it again after another lesson or a link); else afresh. A
    /// question answered once stays answered. The caller then goes to a step.
    pub(in crate::ui) fn return_to(&mut self, ctx: &egui::Context, lesson: Lesson) -> Vec<Cmd> {
        self.shelve();
        let Some(k) = self.shelf.iter().position(|s| s.is(&lesson)) else {
            return self.begin(ctx, lesson);
        };
        // (The address goes on to its step with Cmd::LessonStep, which loads it: the step it
        // was left at is not loaded first.)
        let s = self.shelf.remove(k);
        self.restore(ctx, s)
    }

    /// Plays the shelf's `k`-th lesson ([`Teach::shelved`]'s order: the last left first) as
    /// it was left, whichever lesson it is: a bundled one, or one opened from a file (which
    /// no entry of Help ▸ Lessons could name). The lesson being played takes its place on the
    /// shelf. The caller then goes to its step.
    pub(in crate::ui) fn return_to_shelved(&mut self, ctx: &egui::Context, k: usize) -> Vec<Cmd> {
        let Some(at) = self.shelf.len().checked_sub(k + 1) else {
            return Vec::new();
        };
        let s = self.shelf.remove(at);
        self.shelve();
        self.restore(ctx, s)
    }

    /// Puts back what [`Teach::saved`] kept: the quiz windows (their questions made again
    /// from the seed, the log graded again), the shelf, and the lesson at its step with its
    /// replies. A saved lesson that does not fit together (a damaged store) is dropped whole.
    pub(in crate::ui) fn resume(&mut self, ctx: &egui::Context, saved: SavedTeach) -> Vec<Cmd> {
        for q in saved.quizzes {
            let w = QuizWindow::resumed(ctx, q);
            self.quizzes.retain(|old| old.model() != w.model());
            self.quizzes.push(w);
        }
        self.shelf = saved.shelf.into_iter().filter(SavedLesson::fits).collect();
        match saved.lesson.filter(SavedLesson::fits) {
            // Not Cmd::LessonStep: the step's scenario and regions are on the desk as they
            // were.
            Some(s) => self.restore(ctx, s),
            None => Vec::new(),
        }
    }

    /// The player of `s`'s lesson at its step, with its replies and switches; the status
    /// bar's word (or why the lesson has no answers).
    fn restore(&mut self, ctx: &egui::Context, s: SavedLesson) -> Vec<Cmd> {
        let (title, n) = (s.lesson.title.clone(), s.lesson.steps.len());
        let mut cmds = self.begin(ctx, s.lesson);
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
