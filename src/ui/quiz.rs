//! The "Quiz me" windows: questions on random instances of one model, each answered by the
//! model ([`mod@crate::lesson::quiz`]). A student may check a reply as often as they like; the
//! score counts first tries only (a reply that is not a number is no try). "Show me" loads a
//! question's instance and folds the window away to a corner, so the instance is in view.
//!
//! Every reply checked and every answer shown is logged with its time; the score on screen is
//! that log graded by [`crate::lesson::homework::quiz::replay`], the grader `loadlab grade`
//! uses, and Hand in… writes the log as a quiz attempt file. "Personal quiz…" sets the seed
//! from the student's name and course key.

use crate::ui::widgets::scroll::Clipped;
use crate::ui::widgets::slider::{field_notes, number_field};
use egui::RichText;

use super::commands::Cmd;
use super::files::FileAction;
use super::question::{answer_lines, body, number_example, reply_field};
use crate::jobs::JobSlot;
use crate::lesson::homework::quiz::{
    COUNT_MAX, QuizAttempt, QuizEntry, QuizKind, QuizReplayed, replay,
};
use crate::lesson::{self, Answer, Grade, Kind, QuizQuestion};
use crate::model::registry::ModelId;
use crate::platform::clock::Instant;
use serde::{Deserialize, Serialize};

/// What happened to one question so far (what its box shows; the score is the log's).
#[derive(Debug, Clone, Default, PartialEq)]
struct Tries {
    /// How the last check went.
    last: Option<Grade>,
    /// The reply the last check graded (the field may have changed since: the verdict is
    /// this reply's, not the field's).
    said: String,
    /// Readable replies checked.
    count: u32,
    /// The student asked for the answer.
    shown: bool,
}

impl Tries {
    /// Right, or the answer shown: the reply is locked and the answer is on screen.
    fn done(&self) -> bool {
        self.last == Some(Grade::Right) || self.shown
    }

    /// Records a check of `reply`, graded `g` (an unreadable reply is no try).
    fn check(&mut self, reply: &str, g: Grade) {
        self.last = Some(g);
        self.said = reply.to_owned();
        if g != Grade::Unreadable {
            self.count += 1;
        }
    }

    /// The answer was asked for.
    fn show(&mut self) {
        self.shown = true;
    }
}

/// What the student did to a question this frame.
#[derive(Debug, Clone, PartialEq)]
enum Act {
    /// Checked this reply.
    Checked(String),
    /// Asked for the answer.
    ShowAnswer,
    /// Show me: the question's instance in its workspace.
    ShowMe,
}

/// One model's "Quiz me" window.
pub struct QuizWindow {
    model: ModelId,
    pub(super) open: bool,
    seed: u64,
    count: usize,
    questions: Vec<QuizQuestion>,
    /// The seed and count the questions were generated with.
    made_with: (u64, usize),
    error: Option<String>,
    replies: Vec<String>,
    tries: Vec<Tries>,
    pub(super) job: JobSlot<Result<Vec<QuizQuestion>, String>>,
    /// "Show me" loaded an instance: the window folds to a corner in the next frame.
    aside: bool,
    /// The question whose instance "Show me" loaded last (its answer stays hidden in the
    /// workspace until it is answered right or shown).
    loaded: Option<usize>,
    /// Help ▸ Quiz me chose it again: it unfolds in the next frame.
    pub(super) unfold: bool,
    /// The student's name, course key and their personal seed (Personal quiz…).
    who: Option<(String, String, u64)>,
    /// Every reply checked and answer shown on these questions: what Hand in… writes.
    log: Vec<QuizEntry>,
    /// When the first entry was logged (the log's times count from it).
    started: Option<Instant>,
    /// New quiz or Next seed asked while replies would be lost: the seed it would take,
    /// until the student replaces the questions or keeps them.
    replacing: Option<u64>,
    /// The replies and log a restart kept, for the questions being made again.
    resuming: Option<(Vec<String>, Vec<QuizEntry>)>,
    /// The question whose reply takes the keyboard's focus in the next frame: after a check,
    /// the same one to try again, or the next open one (a check by Enter left the focus
    /// nowhere, and the next Tab began again at the File menu).
    focus: Option<usize>,
}

/// A quiz window as a restart finds it: its questions are made again from the seed and
/// count (the same questions: [`crate::lesson::quiz()`] is deterministic), the log is graded
/// again, so a question answered or shown stays so.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedQuiz {
    model: ModelId,
    open: bool,
    /// The seed and count fields as the student left them.
    seed: u64,
    count: usize,
    /// The seed and count the questions were made with.
    made_with: (u64, usize),
    who: Option<(String, String, u64)>,
    replies: Vec<String>,
    log: Vec<QuizEntry>,
    /// The question whose instance Show me loaded (its answer stays hidden there).
    loaded: Option<usize>,
}

impl QuizWindow {
    /// The open question whose instance is loaded (not yet answered right nor shown), to be
    /// hidden in the workspace as a lesson's question is ([`crate::ui::frame::Secret`]).
    pub(super) fn secret(&self) -> Option<crate::ui::frame::Secret> {
        let k = self.loaded?;
        let (item, tries) = (self.questions.get(k)?, self.tries.get(k)?);
        if !self.open || tries.done() {
            return None;
        }
        let answer = match &item.answer {
            Answer::Number(x) => Ok(*x),
            Answer::Choice(c) => Err(c.clone()),
        };
        let secret = crate::ui::frame::Secret::new(&item.question.check.field, Some(answer))
            .of_run(item.question.check.scenario().ok())
            .within(item.question.tolerance);
        Some(secret.with(&item.giveaway))
    }

    pub(super) fn new(model: ModelId) -> Self {
        QuizWindow {
            model,
            open: false,
            seed: 1,
            count: 5,
            questions: Vec::new(),
            made_with: (1, 5),
            error: None,
            replies: Vec::new(),
            tries: Vec::new(),
            job: JobSlot::default(),
            aside: false,
            loaded: None,
            unfold: false,
            who: None,
            log: Vec::new(),
            started: None,
            replacing: None,
            resuming: None,
            focus: None,
        }
    }

    /// What a restart keeps (None before any question was made).
    pub(super) fn saved(&self) -> Option<SavedQuiz> {
        (!self.questions.is_empty()).then(|| SavedQuiz {
            model: self.model,
            open: self.open,
            seed: self.seed,
            count: self.count,
            made_with: self.made_with,
            who: self.who.clone(),
            replies: self.replies.clone(),
            log: self.log.clone(),
            loaded: self.loaded,
        })
    }

    /// The window [`QuizWindow::saved`] kept: its questions are being made again; the
    /// replies and the log come back with them ([`QuizWindow::set`]).
    pub(super) fn resumed(ctx: &egui::Context, s: SavedQuiz) -> QuizWindow {
        let mut q = QuizWindow::new(s.model);
        (q.seed, q.count) = s.made_with;
        q.generate(ctx);
        (q.seed, q.count) = (s.seed, s.count);
        q.open = s.open;
        q.who = s.who;
        q.loaded = s.loaded;
        q.resuming = Some((s.replies, s.log));
        q
    }

    /// The personal quiz of `name` in `course` (its seed derived from them): generated now.
    pub(super) fn personal(&mut self, ctx: &egui::Context, seed: u64, name: &str, course: &str) {
        self.seed = seed;
        self.who = Some((name.trim().into(), course.trim().into(), seed));
        self.open = true;
        self.unfold = true;
        self.generate(ctx);
    }

    /// The student and course of these questions ("" when they are not a personal quiz).
    pub fn student(&self) -> (&str, &str) {
        match &self.who {
            Some((n, c, seed)) if *seed == self.made_with.0 => (n, c),
            _ => ("", ""),
        }
    }

    /// The log graded as `loadlab grade` grades it.
    pub fn graded(&self) -> Result<QuizReplayed, String> {
        replay(&self.questions, &self.log)
    }

    /// The seed the questions shown were generated with.
    pub fn made_seed(&self) -> u64 {
        self.made_with.0
    }

    /// The attempt file of these questions and the log by `who` (name, course: Hand in
    /// quiz…), with its grade.
    pub fn attempt(&self, who: (&str, &str)) -> Result<(QuizAttempt, QuizReplayed), String> {
        if self.questions.is_empty() {
            return Err("no questions yet".into());
        }
        let seed = self.made_with.0;
        QuizAttempt::new(self.model, seed, &self.questions, who, self.log.clone())
    }

    /// Logs an entry on question `k` (1-based) now.
    fn log(&mut self, kind: QuizKind, k: usize, reply: Option<String>) {
        let t0 = *self.started.get_or_insert_with(Instant::now);
        let t = (t0.elapsed().as_secs_f64() * 10.0).round() / 10.0;
        self.log.push(QuizEntry {
            kind,
            question: k,
            reply,
            t: Some(t),
        });
    }

    /// The model asked about.
    pub fn model(&self) -> ModelId {
        self.model
    }

    /// The questions shown.
    pub fn questions(&self) -> &[QuizQuestion] {
        &self.questions
    }

    /// The seed the questions were generated with.
    pub fn seed(&self) -> u64 {
        self.made_with.0
    }

    /// (right on the first try, questions tried) so far: the log graded.
    pub fn score(&self) -> (usize, usize) {
        self.graded()
            .map_or((0, 0), |r| (r.score, r.score + r.missed.len()))
    }

    pub(super) fn generate(&mut self, ctx: &egui::Context) {
        let (model, seed, count) = (self.model, self.seed, self.count.clamp(1, COUNT_MAX));
        self.made_with = (seed, count);
        let c = ctx.clone();
        self.job.submit(
            format!("generating a {} quiz", model.name()),
            move || c.request_repaint(),
            move |_| Ok(lesson::quiz(model, seed, count)),
        );
    }

    pub(super) fn set(&mut self, r: Result<Vec<QuizQuestion>, String>) {
        match r {
            Ok(qs) => {
                self.replies = vec![String::new(); qs.len()];
                self.tries = vec![Tries::default(); qs.len()];
                self.questions = qs;
                let loaded = self.loaded.take();
                self.error = None;
                self.log.clear();
                self.started = None;
                if let Some((replies, log)) = self.resuming.take() {
                    self.resume(replies, log);
                    self.loaded = loaded.filter(|&k| k < self.questions.len());
                }
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// The replies and the log a restart kept, on the questions made again: each question's
    /// tries are the log's checks and shown answers graded again. Entries that name no
    /// question are dropped.
    fn resume(&mut self, replies: Vec<String>, log: Vec<QuizEntry>) {
        if replies.len() == self.questions.len() {
            self.replies = replies;
        }
        let n = self.questions.len();
        self.log = log
            .into_iter()
            .filter(|e| (1..=n).contains(&e.question))
            .collect();
        for e in &self.log {
            let (item, tries) = (
                &self.questions[e.question - 1],
                &mut self.tries[e.question - 1],
            );
            match e.kind {
                QuizKind::Answer => {
                    let reply = e.reply.as_deref().unwrap_or("").trim();
                    tries.check(reply, item.question.grade(&item.answer, reply));
                }
                QuizKind::ShowAnswer => tries.show(),
            }
        }
        self.started = self
            .log
            .iter()
            .rev()
            .find_map(|e| e.t)
            .map(crate::platform::clock::ago);
    }

    /// The window (while open); its commands go to `cmds`. It opens over the plots, at the
    /// right, leaving the instance's controls, the picture and the Numbers a question is
    /// answered with in sight (at 1366×768 it covered the instance and Your turn's board);
    /// while a lesson plays, whose panel is at the right, it opens at the left. On a phone,
    /// where nothing stands beside it, it takes the screen's width (it took 270 of 390
    /// points, its prompts wrapping every few words).
    pub(super) fn window(&mut self, ctx: &egui::Context, lesson_on: bool, cmds: &mut Vec<Cmd>) {
        let screen = ctx.content_rect();
        let phone = crate::ui::frame::on_phone(ctx);
        let width = match phone {
            true => screen.width() - 16.0,
            false => 520.0f32.min(screen.width() - 220.0),
        };
        let x = if phone {
            8.0
        } else if lesson_on {
            200.0
        } else {
            (screen.width() - width - 16.0).max(200.0)
        };
        let id = egui::Id::unique(("quiz", self.model));
        let title = format!(
            "Quiz: {}",
            super::help::rail(self.model).0.replace('\n', " ")
        );
        let mut window = egui::Window::new(title)
            .id(id)
            .default_pos(crate::ui::widgets::dialog::under_bars(ctx, x))
            .default_width(width)
            .default_height(crate::ui::widgets::dialog::room_under_bars(ctx, 240.0));
        if std::mem::take(&mut self.unfold) {
            crate::ui::widgets::dialog::set_folded(ctx, id, false);
        }
        // "Show me" folds it to its title bar in the bottom-right corner, above the status bar.
        let fold_to = std::mem::take(&mut self.aside).then_some(egui::Align::Max);
        window = crate::ui::widgets::dialog::aside(ctx, window, id, fold_to);
        let mut open = self.open;
        let drawn = window
            .open(&mut open)
            .show(ctx, |ui| self.contents(ui, cmds));
        crate::ui::widgets::dialog::escape_closes(ctx, &drawn, &mut open);
        self.open = open;
    }

    fn contents(&mut self, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
        let (right, tried) = self.score();
        let body = body(ui.ctx(), false);
        ui.label(
            RichText::new(format!(
                "First tries: {right} of {tried} right ({})",
                crate::model::words::count(self.questions.len(), "question")
            ))
            .strong()
            .size(body),
        )
        .on_hover_text("Each question counts once, by its first check: retry as often as you like");
        ui.separator();
        let seed = self.made_with.0;
        let mut acts = Vec::new();
        // The settings and hand-in scroll with the questions: at 720p in presenter mode they
        // took the window's height above the first question.
        egui::ScrollArea::vertical()
            .auto_shrink([false, true])
            .show_reading(ui, |ui| {
                self.header(ui);
                self.homework(ui, cmds);
                ui.separator();
                for (k, item) in self.questions.iter().enumerate() {
                    ui.push_id(("quiz question", k), |ui| {
                        egui::Frame::group(ui.style()).show(ui, |ui| {
                            ui.set_width(ui.available_width());
                            let (reply, tries) = (&mut self.replies[k], &mut self.tries[k]);
                            let focus = self.focus == Some(k);
                            if let Some(act) = question(ui, item, (k + 1, focus), reply, tries) {
                                acts.push((k, act));
                            }
                        });
                    });
                }
            });
        self.focus = None;
        for (k, act) in acts {
            match act {
                Act::Checked(reply) => {
                    self.log(QuizKind::Answer, k + 1, Some(reply));
                    self.focus = self.after_check(k);
                }
                Act::ShowAnswer => self.log(QuizKind::ShowAnswer, k + 1, None),
                Act::ShowMe => {
                    let shown = super::question::show_me(&self.questions[k], k + 1, seed, "");
                    if matches!(shown, Cmd::ShowScenario(_)) {
                        self.aside = true;
                        self.loaded = Some(k);
                    }
                    cmds.push(shown);
                }
            }
        }
    }

    /// The question to type in after question `k` was checked: `k` again while it is open,
    /// else the next open one (the first from the top after the last).
    fn after_check(&self, k: usize) -> Option<usize> {
        let n = self.tries.len();
        (0..n).map(|i| (k + i) % n).find(|&i| !self.tries[i].done())
    }

    /// Personal quiz…, Hand in… and Hand in by path…, and whose quiz this is.
    fn homework(&self, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
        let (name, _) = self.student();
        if !name.is_empty() {
            ui.label(RichText::new(format!("Personal quiz of {name}")).strong());
        }
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Personal quiz…")
                .on_hover_text(
                    "Your own quiz, its seed derived from your name and the course key: \
                     the teacher regenerates it from your name",
                )
                .clicked()
            {
                cmds.push(Cmd::PersonalQuiz(self.model));
            }
            let any = !self.questions.is_empty();
            let tip = "Save your replies as an attempt file: the teacher's `loadlab grade` \
                       grades them again, every answer recomputed by the model";
            if ui
                .add_enabled(any, egui::Button::new("Hand in quiz…"))
                .on_hover_text(tip)
                .clicked()
            {
                cmds.push(Cmd::HandInQuiz(self.model));
            }
            if crate::platform::files::TYPED_PATHS
                && ui
                    .add_enabled(any, egui::Button::new("Hand in quiz by path…"))
                    .clicked()
            {
                cmds.push(Cmd::PromptPath(FileAction::HandInQuiz(self.model)));
            }
        });
    }

    /// Seed, count, New quiz, Next seed, the headless command and the job's state.
    fn header(&mut self, ui: &mut egui::Ui) {
        let mut asked = None;
        let count = ui.horizontal_wrapped(|ui| {
            let label = ui.label("Seed");
            crate::ui::widgets::form::whole_number(ui, "quiz seed", &mut self.seed)
                .labelled_by(label.id)
                .on_hover_text("The same seed gives the same questions: hand it to a class");
            // Clamped with a note under the row.
            let count = number_field(ui, "Questions", &mut self.count, 1..=COUNT_MAX);
            if ui
                .button("New quiz")
                .on_hover_text("Questions for this seed and count")
                .clicked()
            {
                asked = Some(self.seed);
            }
            if ui.button("Next seed").clicked() {
                asked = Some(self.seed.wrapping_add(1));
            }
            count
        });
        field_notes(ui, &[count.inner]);
        // Replies typed or checked are the student's work: new questions wait for their word.
        let work = !self.log.is_empty() || self.replies.iter().any(|r| !r.trim().is_empty());
        match asked {
            Some(seed) if work => self.replacing = Some(seed),
            Some(seed) => self.replace(ui.ctx(), seed),
            None => {}
        }
        self.confirm_replace(ui);
        let (seed, count) = self.made_with;
        ui.label(RichText::new(format!("These questions: seed {seed}")).weak())
            .on_hover_text("Hand the seed to a class: the same seed gives the same quiz");
        egui::CollapsingHeader::new(RichText::new("Show the command").weak())
            .id_salt("quiz command")
            .default_open(false)
            .show(ui, |ui| {
                ui.label(
                    RichText::new(format!(
                        "loadlab quiz --model {} --seed {seed} --count {count}",
                        self.model.name()
                    ))
                    .weak()
                    .monospace(),
                )
                .on_hover_text("The same quiz headless, with its answers");
            });
        if self.job.is_running() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("the model is generating the questions…");
            });
        }
        if let Some(e) = &self.error {
            ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
        }
    }
}

impl QuizWindow {
    /// New questions for `seed`.
    fn replace(&mut self, ctx: &egui::Context, seed: u64) {
        self.seed = seed;
        self.replacing = None;
        self.generate(ctx);
    }

    /// While new questions wait for the student's word: what they would lose, Replace and
    /// Keep these.
    fn confirm_replace(&mut self, ui: &mut egui::Ui) {
        let Some(seed) = self.replacing else {
            return;
        };
        let typed = self.replies.iter().filter(|r| !r.trim().is_empty()).count();
        let (right, tried) = self.score();
        let work = format!(
            "{} typed, {right} of {} right",
            crate::model::words::count(typed, "reply"),
            crate::model::words::count(tried, "first try")
        );
        let text = if (seed, self.count) == self.made_with {
            format!(
                "The same seed ({seed}) gives these same questions, empty: your work on them \
                 ({work}) goes. Hand in first to keep it; another seed gives other questions."
            )
        } else {
            format!(
                "New questions (seed {seed}) replace these: your work on them ({work}) goes. \
                 Hand in first to keep it."
            )
        };
        ui.label(RichText::new(text).color(ui.visuals().warn_fg_color));
        ui.horizontal(|ui| {
            if ui.button("Replace the questions").clicked() {
                self.replace(ui.ctx(), seed);
            }
            if ui.button("Keep these").clicked() {
                self.replacing = None;
            }
        });
    }
}

/// Question `n`: the prompt, the reply, Check (again after a wrong reply) and Show answer,
/// what the check said, and the answer once right or shown; what the student did.
fn question(
    ui: &mut egui::Ui,
    item: &QuizQuestion,
    (n, focus): (usize, bool),
    reply: &mut String,
    tries: &mut Tries,
) -> Option<Act> {
    let mut act = None;
    let q = &item.question;
    let body = body(ui.ctx(), false);
    // The question's title with Show me at its right; the reply with Check and Show answer
    // after it, in one row (each on its own row, a question took five lines of a 720p quiz).
    ui.horizontal(|ui| {
        ui.label(RichText::new(format!("Question {n}")).strong().size(body));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button(RichText::new(format!("Show me {n}")).size(body))
                .on_hover_text(
                    "Load this question's instance into its workspace (the quiz folds aside)",
                )
                .clicked()
            {
                act = Some(Act::ShowMe);
            }
        });
    });
    ui.label(RichText::new(&q.prompt).size(body));
    let done = tries.done();
    ui.horizontal_wrapped(|ui| {
        let entered = reply_field(ui, q, reply, &format!("Answer {n}"), body, (!done, focus));
        let check = egui::Button::new(RichText::new(format!("Check {n}")).size(body));
        if ui
            .add_enabled(!done, check)
            .on_hover_text("Check your answer (as often as you like: the score counts the first)")
            .clicked()
            || entered
        {
            tries.check(reply.trim(), q.grade(&item.answer, reply.trim()));
            act = Some(Act::Checked(reply.trim().to_string()));
        }
        let tried = tries.last.is_some();
        if tried
            && !done
            && ui
                .button(RichText::new(format!("Show answer {n}")).size(body))
                .on_hover_text("Give up and see the model's answer")
                .clicked()
        {
            tries.show();
            act = Some(Act::ShowAnswer);
        }
    });
    let warn = ui.visuals().warn_fg_color;
    match (tries.last, tries.shown) {
        (Some(Grade::Right), _) => {
            let when = match tries.count {
                1 => "on the first try".to_string(),
                k => format!("on try {k}"),
            };
            ui.label(
                RichText::new(format!("✓ Right, {when}"))
                    .size(body)
                    .color(super::question::right(ui)),
            );
        }
        (Some(Grade::Wrong), false) => {
            ui.label(
                RichText::new(format!(
                    "✗ Not quite: you said {}. Try again, or show the answer.",
                    tries.said
                ))
                .size(body)
                .color(warn),
            );
        }
        (Some(Grade::Unreadable), false) => {
            let what = match q.kind {
                Kind::Number if tries.said.is_empty() => {
                    concat!("Type a number first, ", number_example!()).to_string()
                }
                Kind::Number => format!(
                    concat!("“{}” is not a number: type one number, ", number_example!()),
                    tries.said
                ),
                Kind::Choice => "Pick one of the choices".to_string(),
            };
            ui.label(RichText::new(what).size(body).color(warn));
        }
        _ => {}
    }
    if done {
        answer_lines(ui, q, &item.answer, body);
    }
    act
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_score_counts_first_tries_and_ignores_unreadable_replies() {
        let mut t = Tries::default();
        t.check("seven", Grade::Unreadable);
        assert_eq!((t.count, t.done()), (0, false));
        t.check("6", Grade::Wrong);
        assert_eq!(t.said, "6");
        t.check("7", Grade::Right);
        assert_eq!((t.count, t.done()), (2, true));
        let mut gave_up = Tries::default();
        gave_up.show();
        assert!(gave_up.done());
        // The window's score is its log graded: question 1 unreadable, wrong, right; 2 right;
        // 3 shown; 4 untouched.
        let mut w = QuizWindow::new(ModelId::Redistribute);
        w.set(lesson::quiz(ModelId::Redistribute, 7, 4));
        let right: Vec<String> = w.questions.iter().map(|q| q.answer.text()).collect();
        w.log(QuizKind::Answer, 1, Some("seven".into()));
        w.log(QuizKind::Answer, 1, Some("-99".into()));
        w.log(QuizKind::Answer, 1, Some(right[0].clone()));
        w.log(QuizKind::Answer, 2, Some(right[1].clone()));
        w.log(QuizKind::ShowAnswer, 3, None);
        assert_eq!(w.score(), (1, 3));
        let (a, r) = w.attempt(w.student()).unwrap();
        assert_eq!((r.score, r.out_of, a.log.len()), (1, 4, 5));
        assert_eq!(a.header.student, "");
    }
}
