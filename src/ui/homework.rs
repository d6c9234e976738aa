//! Homework in the GUI (issue 39): Homework ▸ Personal instance… asks the student's name
//! and course key and puts the personal instance ([`crate::lesson::homework::personal`]) in
//! front with Your turn on (the same window serves a lesson's `personal: true` exercise step
//! and a quiz window's Personal quiz…); Homework ▸ Hand in… writes the exercise's attempt file and tells the
//! student the grade `loadlab grade` will give (the same replay computes both); File ▸ Open
//! attempt… replays an attempt: a step bar over the student's log, each entry with its
//! verdict, the exercise on the picture following the bar.

use crate::lesson::homework::attempt::Attempt;
use crate::lesson::homework::gradebook::Row;
use crate::lesson::homework::personal;
use crate::lesson::homework::replay::{Kind, Replayed};
use crate::model::exercise::Tally;
use crate::model::exercise::moves::move_words;
use crate::model::registry::{ModelId, Scenario};
use crate::preset::Preset;
use crate::ui::commands::Cmd;
use crate::ui::widgets::dialog::{Answer, dialog, focus_first};

/// What the Personal instance window asks the name for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Target {
    /// Homework ▸ Personal instance…: the exercise of the model in front.
    #[default]
    Exercise,
    /// A lesson's exercise step that plays the personal instance (`personal: true`).
    Lesson,
    /// A quiz window's Personal quiz…: the personal seed of this model's quiz.
    Quiz(ModelId),
    /// Hand in… (or Hand in quiz…) of work no name goes with: the name to put on the file.
    HandIn,
}

/// The work a hand-in asks the name for.
#[derive(Debug, Clone, PartialEq)]
pub enum Work {
    /// An exercise on this instance.
    Exercise(Box<Scenario>),
    /// The quiz window of this model, on the questions of this seed.
    Quiz(ModelId, u64),
}

/// The Personal instance window's fields.
#[derive(Debug, Clone, Default)]
struct Ask {
    name: String,
    course: String,
    error: Option<String>,
    target: Target,
    /// With [`Target::HandIn`]: the work handed in and the command that goes on once the
    /// name is given (Hand in…, or the hand-in to a path typed).
    instance: Option<(Work, Cmd)>,
    /// The name field has had the keyboard (it takes it when the window opens).
    focused: bool,
}

/// Hand in… of work that is not finished: the question "hand in anyway?" asked before it
/// goes on.
#[derive(Debug, Clone)]
struct Unfinished {
    work: Work,
    /// The log's length when asked: the answer holds for the work as it stands.
    entries: usize,
    tally: Tally,
    /// What goes on after "Hand in anyway".
    then: Cmd,
}

/// An attempt file opened for replay.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The file's name.
    pub file: String,
    /// The attempt.
    pub attempt: Attempt,
    /// Its gradebook row (the grade from the moves, the flags on the file).
    pub row: Row,
    /// Every entry's verdict.
    pub replayed: Replayed,
    /// The step bar: entries played (0 … the log's length).
    pub step: usize,
    /// The step the picture shows (None: not yet played on it).
    pub applied: Option<usize>,
}

/// The homework state of the app.
#[derive(Default)]
pub struct Homework {
    /// The student, course and instance of the personal instance set last.
    pub who: Option<(String, String, Scenario)>,
    /// The student and course a quiz (model, seed) is handed in under, when it is no
    /// personal quiz (the name asked at its Hand in quiz…).
    pub quiz_who: Option<(String, String, ModelId, u64)>,
    ask: Option<Ask>,
    /// The question asked before an unfinished hand-in goes on.
    unfinished: Option<Unfinished>,
    /// The work the student chose to hand in unfinished, and its log's length then.
    unfinished_ok: Option<(Work, usize)>,
    /// The attempt being replayed.
    pub replay: Option<Replay>,
    /// The quiz attempt being reviewed.
    pub quiz_review: Option<crate::ui::quiz_review::QuizReview>,
    /// The gradebook of a folder.
    pub gradebook: Option<crate::ui::gradebook::Gradebook>,
}

impl Homework {
    /// Opens the Personal instance window (with the name given last).
    pub fn ask(&mut self, target: Target) {
        let (name, course) = self.name();
        self.ask = Some(Ask {
            name,
            course,
            error: None,
            target,
            instance: None,
            focused: false,
        });
    }

    /// Asks the name to put on the hand-in of `work` (no name goes with it: it is not the
    /// personal instance or quiz set last); `then` goes on once it is given.
    pub fn ask_name_for(&mut self, work: Work, then: Cmd) {
        self.ask(Target::HandIn);
        if let Some(ask) = &mut self.ask {
            ask.instance = Some((work, then));
        }
    }

    /// Whether the hand-in of `work` (its log `entries` long, graded `tally` so far) may go
    /// on: it is finished, or the student chose to hand it in as it stands. Otherwise the
    /// window asks "hand in anyway?", and `then` goes on after yes.
    pub fn may_hand_in(&mut self, work: Work, entries: usize, tally: Tally, then: Cmd) -> bool {
        let chosen = self.unfinished_ok.as_ref() == Some(&(work.clone(), entries));
        if tally.complete || chosen {
            return true;
        }
        self.unfinished = Some(Unfinished {
            work,
            entries,
            tally,
            then,
        });
        false
    }

    /// The question before an unfinished hand-in: what is done so far, what the gradebook
    /// will say; "Hand in anyway" goes on, "Keep working" leaves the work as it is.
    pub fn unfinished_window(&mut self, ctx: &egui::Context) -> Vec<Cmd> {
        let Some(u) = &self.unfinished else {
            return Vec::new();
        };
        let window = egui::Window::new("Hand in unfinished work?")
            .collapsible(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0]);
        // Hand in… asks for the file next; with the path typed already, it hands in.
        let confirm = match u.then {
            Cmd::HandInTo(_) | Cmd::HandInQuizTo(..) => "Hand in anyway",
            _ => "Hand in anyway…",
        };
        let Tally { score, out_of, .. } = u.tally;
        let what = match u.work {
            Work::Exercise(_) => "Your exercise is not finished: there are decisions left to make",
            Work::Quiz(..) => {
                "Your quiz is not finished: not every question is answered right or its \
                 answer shown"
            }
        };
        let answer = dialog(ctx, window, confirm, "Keep working", |ui| {
            ui.label(format!(
                "{what}. So far: {score} / {out_of} right at the first try. Your teacher's \
                 gradebook marks the file \"not complete\"."
            ));
            ui.label("You can hand in again when you are done.");
            false
        });
        let u = match answer {
            Some(_) => self.unfinished.take(),
            None => None,
        };
        match (answer, u) {
            (Some(Answer::Confirm), Some(u)) => {
                self.unfinished_ok = Some((u.work, u.entries));
                vec![u.then]
            }
            _ => Vec::new(),
        }
    }

    /// The student and course the quiz of `model` on `seed` is handed in under when it is no
    /// personal quiz ("" when no name was given for it).
    pub fn quiz_student(&self, model: ModelId, seed: u64) -> (String, String) {
        match &self.quiz_who {
            Some((n, c, m, s)) if (*m, *s) == (model, seed) => (n.clone(), c.clone()),
            _ => Default::default(),
        }
    }

    /// The name and course key given last ("" when none was).
    pub fn name(&self) -> (String, String) {
        match &self.who {
            Some((n, c, _)) => (n.clone(), c.clone()),
            None => Default::default(),
        }
    }

    /// The personal instance of the student named last on `model` in front, for a lesson's
    /// personal step; None (and the window asking the name) when no name was given yet.
    pub fn lesson_step(&mut self, model: ModelId) -> Option<Cmd> {
        let (name, course) = self.name();
        if name.is_empty() {
            self.ask(Target::Lesson);
            return None;
        }
        self.start(model, &name, &course, Target::Lesson).ok()
    }

    /// Start for `target`: the command that puts the personal instance (or quiz) in front.
    fn start(
        &mut self,
        model: ModelId,
        name: &str,
        course: &str,
        target: Target,
    ) -> Result<Cmd, String> {
        let (name, course) = (name.trim().to_string(), course.trim().to_string());
        if personal::normalise(&name).is_empty() {
            return Err(match target {
                Target::HandIn => "Your name goes on the file: type it, please",
                Target::Quiz(_) => "Type your name first: your questions are drawn from it",
                Target::Exercise | Target::Lesson => {
                    "Type your name first: your instance is drawn from it"
                }
            }
            .into());
        }
        let hand_in = self.ask.as_ref().and_then(|a| a.instance.clone());
        if let (Target::HandIn, Some((work, then))) = (target, hand_in) {
            match work {
                Work::Exercise(s) => self.who = Some((name, course, *s)),
                Work::Quiz(m, seed) => self.quiz_who = Some((name, course, m, seed)),
            }
            return Ok(then);
        }
        if let Target::Quiz(m) = target {
            let seed = personal::quiz_seed(m, &course, &name)?;
            return Ok(Cmd::StartPersonalQuiz(m, seed, Box::new((name, course))));
        }
        let s = personal::personal(model, &course, &name)?;
        let title = crate::ui::help::rail(model).0.replace('\n', " ");
        let of = if course.is_empty() {
            String::new()
        } else {
            format!(" in {course}")
        };
        let preset = Preset::new(
            format!("{name}'s {title} exercise"),
            format!("The personal instance of {name}{of}"),
            s.clone(),
        );
        self.who = Some((name, course, s));
        Ok(match target {
            Target::Lesson => Cmd::Load(Box::new(preset)),
            _ => Cmd::StartPersonal(Box::new(preset)),
        })
    }

    /// The student and course an attempt on `scenario` is handed in under ("" when it is
    /// not the personal instance set last).
    pub fn student_for(&self, scenario: &Scenario) -> (String, String) {
        match &self.who {
            Some((n, c, s)) if s == scenario => (n.clone(), c.clone()),
            _ => (String::new(), String::new()),
        }
    }

    /// The Personal instance window: the name and course key; Start puts the instance in
    /// front (a refused name is said next to the fields).
    pub fn window(&mut self, ctx: &egui::Context, model: ModelId) -> Vec<Cmd> {
        let Some(ask) = &mut self.ask else {
            return Vec::new();
        };
        let target = ask.target;
        let heading = match target {
            Target::Quiz(_) => "Personal quiz",
            Target::HandIn => "Hand in: your name",
            _ => "Personal instance",
        };
        let window = egui::Window::new(heading)
            .collapsible(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0]);
        let title = match target {
            Target::Quiz(m) => crate::ui::help::rail(m).0.replace('\n', " "),
            _ => crate::ui::help::rail(model).0.replace('\n', " "),
        };
        let what = match target {
            Target::Quiz(_) => "quiz",
            _ => "exercise",
        };
        // Hand in… goes on to the file; with the path typed already, it hands in.
        let confirm = match (target, ask.instance.as_ref().map(|i| &i.1)) {
            (Target::HandIn, Some(Cmd::HandInTo(_) | Cmd::HandInQuizTo(..))) => "Hand in",
            (Target::HandIn, _) => "Hand in…",
            _ => "Start",
        };
        let answer = dialog(ctx, window, confirm, "Cancel", |ui| {
            let quiz = matches!(&ask.instance, Some((Work::Quiz(..), _)));
            ui.label(if target == Target::HandIn {
                let (this, personal) = if quiz {
                    ("quiz", "the quiz window's Personal quiz…")
                } else {
                    ("instance", "Homework ▸ Personal instance…")
                };
                format!(
                    "Your name goes on the file, so that your teacher's gradebook knows whose \
                     work it is. This {this} is not your personal one ({personal} gives you \
                     that): the gradebook flags it as \"instance does not match the student's \
                     name\"."
                )
            } else {
                format!(
                    "Your own {title} {what}, derived from your name and the course key: your \
                     teacher regenerates it from your name and grades what you hand in."
                )
            });
            // Each label stands with its own field, apart from the text and the field above.
            let gap = ui.spacing().item_spacing.y * 2.0;
            ui.add_space(gap);
            let l = ui.label("Your name");
            let name = ui
                .add(egui::TextEdit::singleline(&mut ask.name).desired_width(320.0))
                .labelled_by(l.id);
            focus_first(&name, &mut ask.focused);
            ui.add_space(gap);
            let l = ui.label("Course key (optional, as your teacher gave it)");
            let course = ui
                .add(egui::TextEdit::singleline(&mut ask.course).desired_width(320.0))
                .labelled_by(l.id);
            // The error's line is always there (blank without one), so Start and Cancel do
            // not move under the pointer when a click brings an error.
            ui.colored_label(
                ui.visuals().error_fg_color,
                ask.error.as_deref().unwrap_or(" "),
            );
            (name.lost_focus() || course.lost_focus())
                && ui.input(|i| i.key_pressed(egui::Key::Enter))
        });
        match answer {
            Some(Answer::Confirm) => {
                let (name, course) = (ask.name.clone(), ask.course.clone());
                match self.start(model, &name, &course, target) {
                    Ok(cmd) => {
                        self.ask = None;
                        vec![cmd]
                    }
                    Err(e) => {
                        if let Some(ask) = &mut self.ask {
                            ask.error = Some(e);
                        }
                        Vec::new()
                    }
                }
            }
            Some(Answer::Dismiss) => {
                self.ask = None;
                Vec::new()
            }
            None => Vec::new(),
        }
    }

    /// The replay window: who, the grade from the moves and the flags, the step bar over
    /// the log and every entry up to it with its verdict.
    pub fn replay_window(&mut self, ctx: &egui::Context) {
        let Some(r) = &mut self.replay else {
            return;
        };
        let mut open = true;
        let drawn = crate::ui::attempt_window::window(ctx, "Attempt replay", 460.0)
            .open(&mut open)
            .show(ctx, |ui| replay_body(ui, r));
        crate::ui::widgets::dialog::escape_closes(ctx, &drawn, &mut open);
        if !open {
            self.replay = None;
        }
    }
}

/// One log entry in words: what it was and its verdict.
fn entry_text(r: &Replay, i: usize) -> String {
    let e = &r.attempt.log[i];
    let when = e.t.map_or(String::new(), |t| format!(" (after {t:.1} s)"));
    let what = match (e.kind, &e.mv) {
        (Kind::Move, Some(m)) => move_words(r.attempt.scenario.model(), m),
        (Kind::Move, None) => "move".to_string(),
        (Kind::ShowMe, _) => "Show me".to_string(),
        (Kind::Undo, _) => "Undo".to_string(),
        (Kind::Hint, _) => "Hint".to_string(),
        (Kind::Restart, _) => "Restart".to_string(),
    };
    let verdict = r.replayed.verdicts.get(i).and_then(|v| v.grade.as_ref());
    match verdict {
        Some(g) => format!(
            "{}. {what}{when}: {}",
            i + 1,
            crate::ui::exercise::verdict(g, e.kind == Kind::ShowMe)
        ),
        None => format!("{}. {what}{when}", i + 1),
    }
}

fn replay_body(ui: &mut egui::Ui, r: &mut Replay) {
    crate::ui::attempt_window::head(
        ui,
        &r.row,
        &format!("{} ({})", r.row.model, r.file),
        "moves",
    );
    let n = r.attempt.log.len();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(r.step > 0, egui::Button::new("◀ Previous entry"))
            .clicked()
        {
            r.step -= 1;
        }
        ui.add(egui::Slider::new(&mut r.step, 0..=n).text("Entries played"));
        if ui
            .add_enabled(r.step < n, egui::Button::new("Next entry ▶"))
            .clicked()
        {
            r.step += 1;
        }
    });
    let score = match r.step.checked_sub(1) {
        Some(i) => r.replayed.verdicts.get(i).map_or(0, |v| v.score),
        None => 0,
    };
    ui.label(format!("Score after {} of {n} entries: {score}", r.step));
    egui::ScrollArea::vertical()
        .max_height(260.0)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for i in 0..r.step.min(n) {
                ui.label(entry_text(r, i));
            }
        });
}
