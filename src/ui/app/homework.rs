//! The homework commands ([`crate::ui::homework`]): Personal instance…, Hand in…, Open
//! attempt… and the replay's step bar driving the exercise on the picture.

use std::path::Path;

use super::LoadlabApp;
use crate::lesson::homework::attempt::{Attempt, AttemptFile};
use crate::lesson::homework::quiz::{Answers, QuizAttempt};
use crate::lesson::homework::{gradebook, replay};
use crate::model::exercise::{Tally, rule_words};
use crate::model::registry::ModelId;
use crate::preset::{Preset, PresetFile};
use crate::ui::commands::Cmd;
use crate::ui::files::FileAction;
use crate::ui::homework::{Replay, Target, Work};
use crate::ui::quiz_review::QuizReview;

impl LoadlabApp {
    /// Personal instance…, Hand in…, Open attempt….
    pub(super) fn homework(&mut self, ctx: &egui::Context, cmd: Cmd) -> Vec<Cmd> {
        match cmd {
            Cmd::PersonalInstance => self.homework.ask(Target::Exercise),
            Cmd::PersonalQuiz(m) => self.homework.ask(Target::Quiz(m)),
            Cmd::StartPersonalQuiz(m, seed, who) => {
                self.teach.personal_quiz(ctx, m, seed, &who.0, &who.1);
                self.info(format!(
                    "{}'s personal quiz (seed {seed}): Hand in quiz… when you are done",
                    who.0
                ));
            }
            Cmd::HandInQuiz(m) => {
                // (The name first where the quiz has none; its window hands in after it.)
                let asked = !self.may_hand_in_quiz(m, Cmd::HandInQuiz(m))
                    || self.ask_quiz_name(m, Cmd::HandInQuiz(m));
                if !asked {
                    self.ask_path(ctx, FileAction::HandInQuiz(m));
                }
            }
            Cmd::HandInQuizTo(m, path) => self.hand_in_quiz(m, &path),
            Cmd::PersonalStep => {
                let model = self.desk.active;
                return self.homework.lesson_step(model).into_iter().collect();
            }
            Cmd::StartPersonal(p) => {
                self.open(PresetFile::Single(*p), None);
                self.shown.exercise = true;
                self.homework.replay = None;
                // The instance's name stands in the title beside it.
                self.info("Your turn is on — Homework ▸ Hand in… when you are done");
            }
            Cmd::HandIn => match self.nothing_to_hand_in() {
                Some(why) => self.error(why),
                None => {
                    if self.may_hand_in(Cmd::HandIn) && !self.ask_name(Cmd::HandIn) {
                        self.ask_path(ctx, FileAction::HandIn);
                    }
                }
            },
            Cmd::HandInTo(path) => self.hand_in(&path),
            Cmd::OpenAttempt => self.ask_path(ctx, FileAction::OpenAttempt),
            Cmd::OpenAttemptFrom(path) => self.open_attempt(&path),
            Cmd::Gradebook if !crate::platform::files::FOLDERS => self.error(
                "A page reads no folder: grade the hand-ins with the desktop app's Homework ▸ \
                 Gradebook of a folder…, or `loadlab grade FOLDER`",
            ),
            Cmd::Gradebook => self.ask_path(ctx, FileAction::Gradebook),
            Cmd::GradebookOf(path) => {
                let book = crate::ui::gradebook::Gradebook::open(ctx, path);
                self.homework.gradebook = Some(book);
            }
            Cmd::SaveGradebookCsv => self.ask_path(ctx, FileAction::GradebookCsv),
            Cmd::SaveGradebookCsvTo(path) => self.save_gradebook_csv(&path),
            _ => {}
        }
        Vec::new()
    }

    /// Writes the gradebook window's table as CSV (the CLI's `--csv`) to `path`.
    fn save_gradebook_csv(&mut self, path: &Path) {
        let Some((csv, rows)) = self.homework.gradebook.as_ref().and_then(|g| g.csv()) else {
            return self.error("No gradebook to save: Homework ▸ Gradebook of a folder… first");
        };
        match crate::platform::files::write(path, csv.as_bytes()) {
            Ok(()) => {
                let rows = crate::model::words::count(rows, "row");
                self.info(format!(
                    "Saved the gradebook ({rows}) as {}",
                    path.display()
                ));
            }
            Err(e) => self.error(format!("Could not save the gradebook: {e}")),
        }
    }

    /// A name goes on every hand-in: when none goes with the instance in front, asks for it
    /// (`then` goes on once it is given); whether it asked.
    fn ask_name(&mut self, then: Cmd) -> bool {
        let scenario = self.desk.page().scenario.clone();
        let nameless = self.homework.student_for(&scenario).0.is_empty();
        if nameless {
            self.homework
                .ask_name_for(Work::Exercise(Box::new(scenario)), then);
        }
        nameless
    }

    /// The student and course a hand-in of `model`'s quiz goes under: its personal quiz's, or
    /// the name given at an earlier hand-in of the same questions ("" when none).
    pub(super) fn quiz_student(&self, model: ModelId) -> (String, String) {
        let Some(q) = self.teach.quiz(model) else {
            return Default::default();
        };
        match q.student() {
            ("", _) => self.homework.quiz_student(model, q.made_seed()),
            (n, c) => (n.to_string(), c.to_string()),
        }
    }

    /// [`Self::ask_name`] for the quiz of `model`: a name goes on every quiz hand-in too.
    fn ask_quiz_name(&mut self, model: ModelId, then: Cmd) -> bool {
        let Some(seed) = self.teach.quiz(model).map(|q| q.made_seed()) else {
            return false;
        };
        let nameless = self.quiz_student(model).0.is_empty();
        if nameless {
            self.homework.ask_name_for(Work::Quiz(model, seed), then);
        }
        nameless
    }

    /// Whether the hand-in of the exercise in front may go on: finished, or the student said
    /// "hand in anyway" to it as it stands; otherwise asks (`then` goes on after yes). Work
    /// that cannot be graded goes on, to the hand-in's own error.
    fn may_hand_in(&mut self, then: Cmd) -> bool {
        let i = self.desk.active.index();
        let scenario = self.desk.pages[i].scenario.clone();
        let Some(log) = self.tabs[i].exercise_log(&scenario) else {
            return true;
        };
        let entries = log.len();
        match Attempt::new(&scenario, "", "", log) {
            Ok((_, r)) => {
                let work = Work::Exercise(Box::new(scenario));
                self.homework.may_hand_in(work, entries, r.tally(), then)
            }
            Err(_) => true,
        }
    }

    /// [`Self::may_hand_in`] for the quiz window of `model`.
    fn may_hand_in_quiz(&mut self, model: ModelId, then: Cmd) -> bool {
        let Some(q) = self.teach.quiz(model) else {
            return true;
        };
        let seed = q.made_seed();
        match q.attempt(("", "")) {
            Ok((a, r)) => {
                let (work, entries) = (Work::Quiz(model, seed), a.log.len());
                self.homework.may_hand_in(work, entries, r.tally(), then)
            }
            Err(_) => true,
        }
    }

    /// Why there is nothing to hand in yet (before the file is asked for): no exercise here,
    /// or no move, hint or Show me played (an empty attempt was written and graded 0).
    fn nothing_to_hand_in(&mut self) -> Option<String> {
        let i = self.desk.active.index();
        let scenario = self.desk.pages[i].scenario.clone();
        match self.tabs[i].exercise_log(&scenario) {
            None => Some("Nothing to hand in: this instance has no exercise (Your turn)".into()),
            Some(log) if log.is_empty() => Some(
                "Nothing to hand in yet: switch Your turn on and play the exercise (a personal \
                 instance: Homework ▸ Personal instance…)"
                    .into(),
            ),
            Some(_) => None,
        }
    }

    /// The attempt of the exercise in front, written to `path`; the notice says the grade the
    /// teacher's `loadlab grade` will give (the same replay).
    fn hand_in(&mut self, path: &Path) {
        let again = Cmd::HandInTo(path.to_path_buf());
        if !self.may_hand_in(again.clone()) || self.ask_name(again) {
            return;
        }
        let i = self.desk.active.index();
        let scenario = self.desk.pages[i].scenario.clone();
        let Some(log) = self.tabs[i].exercise_log(&scenario) else {
            self.error("Nothing to hand in: this instance has no exercise (Your turn)");
            return;
        };
        let (student, course) = self.homework.student_for(&scenario);
        let (attempt, r) = match Attempt::new(&scenario, &student, &course, log) {
            Ok(a) => a,
            Err(e) => return self.error(format!("Could not hand in: {e}")),
        };
        self.write_hand_in(path, &attempt.to_json(), &student, r.tally());
    }

    /// Writes `student`'s hand-in (`json`) to `path`; the receipt says the grade `loadlab
    /// grade` gives: the score of first tries, out of how many, and whether it is complete.
    fn write_hand_in(
        &mut self,
        path: &Path,
        json: &str,
        student: &str,
        Tally {
            score,
            out_of,
            complete,
        }: Tally,
    ) {
        match crate::platform::files::write_atomic(path, json.as_bytes()) {
            Ok(()) => self.chrome.receipt(
                "Handed in",
                format!(
                    "Handed in {}{}: {score} / {out_of}{} — the grade the teacher's gradebook \
                     (loadlab grade) gives",
                    path.display(),
                    if student.is_empty() {
                        String::new()
                    } else {
                        format!(" under the name {student}")
                    },
                    if complete {
                        ", complete"
                    } else {
                        ", not complete"
                    }
                ),
                false,
            ),
            Err(e) => self.chrome.receipt(
                "Not handed in",
                format!(
                    "Could not hand in to {}: {e}. Nothing was written: choose another place.",
                    path.display()
                ),
                true,
            ),
        }
    }

    /// The quiz window of `model` handed in to `path`; the notice says the grade `loadlab
    /// grade` will give (the same replay of the same log).
    fn hand_in_quiz(&mut self, model: ModelId, path: &Path) {
        let again = Cmd::HandInQuizTo(model, path.to_path_buf());
        if !self.may_hand_in_quiz(model, again.clone()) || self.ask_quiz_name(model, again) {
            return;
        }
        let (name, course) = self.quiz_student(model);
        let who = (name.as_str(), course.as_str());
        let made = match self.teach.quiz(model).map(|q| q.attempt(who)) {
            Some(Ok(a)) => a,
            Some(Err(e)) => return self.error(format!("Could not hand in the quiz: {e}")),
            None => return self.error("Nothing to hand in: no quiz on this model"),
        };
        let (attempt, r) = made;
        let student = attempt.header.student.clone();
        self.write_hand_in(path, &attempt.to_json(), &student, r.tally());
    }

    /// Reads an attempt file, puts its instance in front with Your turn on and opens the
    /// replay at its last entry.
    fn open_attempt(&mut self, path: &Path) {
        let read = match crate::platform::files::held(path) {
            Some(bytes) => AttemptFile::parse(&bytes),
            None => AttemptFile::read(path),
        };
        let file = crate::preset::display_name(path);
        let a = match read {
            Ok(AttemptFile::Exercise(a)) => a,
            Ok(AttemptFile::Quiz(q)) => return self.open_quiz_attempt(&file, &q),
            Err(e) => return self.error(format!("Could not open attempt {file}: {e}")),
        };
        let row = gradebook::grade(&file, &a, None);
        let replayed = match replay::replay(&a.scenario, &a.log) {
            Ok(r) if row.error.is_empty() => r,
            Ok(_) => return self.error(format!("Could not replay {file}: {}", row.error)),
            Err(e) => return self.error(format!("Could not replay {file}: {e}")),
        };
        let who = if a.header.student.is_empty() {
            "an attempt".to_string()
        } else {
            format!("{}'s attempt", a.header.student)
        };
        let preset = Preset::new(
            format!("{who} ({file})"),
            "An attempt handed in, replayed",
            a.scenario.clone(),
        );
        self.open(PresetFile::Single(preset), None);
        self.shown.exercise = true;
        let mut flags = String::new();
        for (what, list) in [
            ("rules broken", &row.broken),
            ("steps missed", &row.steps_missed),
        ] {
            if !list.is_empty() {
                let words: Vec<&str> = list.iter().map(|r| rule_words(r)).collect();
                flags.push_str(&format!("; {what}: {}", words.join(", ")));
            }
        }
        if !row.flags.is_empty() {
            flags.push_str(&format!(" [{}]", row.flags.join("; ")));
        }
        self.info(format!(
            "Opened {who}: {} / {} from its moves{flags}",
            row.score, row.out_of
        ));
        self.homework.quiz_review = None;
        self.homework.replay = Some(Replay {
            file,
            step: a.log.len(),
            attempt: a,
            row,
            replayed,
            applied: None,
        });
    }

    /// A quiz attempt opened: its grade from the answers (the gradebook's row) in the notice,
    /// and its review (every question, reply and verdict) in a window.
    fn open_quiz_attempt(&mut self, file: &str, q: &QuizAttempt) {
        let memo = Answers::default();
        let row = gradebook::grade_quiz(file, q, None, &memo);
        if !row.error.is_empty() {
            return self.error(format!("Could not grade {file}: {}", row.error));
        }
        // The review replays what the gradebook replayed (its answers memoised).
        let review = q.questions(&memo).and_then(|questions| {
            let replayed = crate::lesson::homework::quiz::replay(&questions, &q.log)?;
            Ok(QuizReview {
                file: file.to_string(),
                attempt: q.clone(),
                row: row.clone(),
                questions,
                replayed,
            })
        });
        match review {
            Ok(r) => {
                self.homework.replay = None;
                self.homework.quiz_review = Some(r);
            }
            Err(e) => return self.error(format!("Could not replay {file}: {e}")),
        }
        let who = if row.student.is_empty() {
            "(no name)"
        } else {
            &row.student
        };
        let mut text = format!(
            "Quiz attempt of {who} ({} {}): {} / {} from its answers",
            row.model, row.instance, row.score, row.out_of
        );
        if !row.broken.is_empty() {
            text.push_str(&format!("; missed {}", row.broken.join(", ")));
        }
        if !row.flags.is_empty() {
            text.push_str(&format!(" [{}]", row.flags.join("; ")));
        }
        self.info(text);
    }

    /// The replay's step bar moved: the exercise on the picture plays the entries up to it.
    pub(super) fn homework_tick(&mut self) {
        let Some(r) = &mut self.homework.replay else {
            return;
        };
        if r.applied == Some(r.step) {
            return;
        }
        let i = self.desk.active.index();
        let scenario = &self.desk.pages[i].scenario;
        if *scenario != r.attempt.scenario || !self.shown.exercise {
            return;
        }
        let log = &r.attempt.log[..r.step.min(r.attempt.log.len())];
        if self.tabs[i].exercise_replay(scenario, log) {
            r.applied = Some(r.step);
        }
    }
}
