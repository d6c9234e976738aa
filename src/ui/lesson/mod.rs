//! The teaching layer of the GUI: the lesson player (a side panel with the step's text, Back /
//! Next, the question box) and the "Quiz me" windows. Every answer shown comes from the
//! question's check, computed off the UI thread ([`crate::lesson`]).
//!
//! A component: [`Teach`] owns the player and the quiz windows, takes the narrow state it
//! changes (`StepView`: the regions on screen, presenter mode) and returns [`Cmd`]s for what
//! the app does (put a step's scenario in front, choose its view, post a message).

use std::path::Path;

mod highlight;
mod saved;
mod step;
pub use saved::{SavedTeach, Shelved};
use step::step_ui;

use egui::{Key, Modifiers, RichText};

use super::commands::Cmd;
use super::question::body;
use super::quiz::QuizWindow;
use crate::jobs::{JobSlot, JobStatus};
use crate::lesson::{self, Answer, Grade, Highlight, Lesson};
use crate::model::exercise::Tally;
use crate::model::registry::{ModelId, Scenario};
use crate::preset::Preset;
use crate::ui::widgets::focus::Landing;
use crate::ui::workspace::{OnScreen, Region, Tab};

/// Each step's computed answer (`None` for a step without a question).
type Answers = Vec<Option<Result<Answer, String>>>;
/// Each step's answer with what gives it away, as the background job computes them.
type AskedAll = Vec<Option<Result<lesson::Asked, String>>>;

/// The lesson player and the quiz windows (owned by the app).
#[derive(Default)]
pub struct Teach {
    pub(super) player: Option<Player>,
    quizzes: Vec<QuizWindow>,
    /// The lessons left (for another, or a link), where they stood: the page's address
    /// returns to one with its replies ([`Teach::return_to`]).
    shelf: Vec<saved::SavedLesson>,
}

impl Teach {
    /// The running computation (answers or a quiz), for the status bar.
    pub(super) fn job_status(&self) -> Option<JobStatus> {
        let player = self.player.as_ref().and_then(|p| p.job.status());
        player.or_else(|| self.quizzes.iter().find_map(|q| q.job.status()))
    }

    /// The quiz window of a model, if it was opened.
    pub fn quiz(&self, model: ModelId) -> Option<&QuizWindow> {
        self.quizzes.iter().find(|q| q.model() == model)
    }
}

/// A lesson being played.
pub struct Player {
    lesson: Lesson,
    index: usize,
    replies: Vec<String>,
    revealed: Vec<bool>,
    answers: Option<Answers>,
    /// What gives each step's answer away on its run (hidden until Reveal).
    giveaways: Vec<Option<crate::report::Giveaway>>,
    /// The run each step's question asks about (its check's scenario): its quantities are
    /// hidden by name only while the shown run is that one.
    asked_runs: Vec<Option<crate::model::registry::Scenario>>,
    job: JobSlot<AskedAll>,
    /// The step bar position still to reach (the run's steps may still be computing).
    seek: Option<(usize, u32)>,
    /// The numbers strip is folded away until the step's question is revealed (it would
    /// give the answer away); then it comes back.
    numbers_after_reveal: bool,
    /// "Hide the future" is on until the step's question is revealed (a later round's bar or
    /// arrow, or the end of the Gantt chart, would give the answer away); then the lesson's
    /// own setting comes back.
    future_after_reveal: bool,
    /// Arrow keys go to the player (the last click was inside it, or F8 landed in it).
    focused: bool,
    /// ↑/↓ pressed while the player has the keys, in points, for the step's text to scroll by
    /// in its next pass (after Reveal the text keeps about three lines at 720p).
    text_scroll: f32,
    /// Next ▶'s id as last drawn: where the keyboard focus goes after a reply is revealed.
    next_id: Option<egui::Id>,
    /// Back's id (F8 pressed on it, as on Next, goes on to the answer's field).
    back_id: Option<egui::Id>,
    rect: Option<egui::Rect>,
    /// When the step's highlight started pulsing (set by the first frame that draws it).
    pulse_from: Option<f64>,
    /// Where the step's highlight was drawn in the last frame (None: nothing to outline, or
    /// the control is not on screen).
    outlined: Option<egui::Rect>,
    /// The exercise step "Your turn" was last switched on for.
    exercise_for: Option<usize>,
    /// Where the front workspace's exercise stands.
    exercise_score: Option<Tally>,
    /// The controls, plots and numbers switches as the lesson found them: every step's
    /// regions are its steps' choices replayed from them ([`Teach::go`]).
    base: Option<[bool; 3]>,
}

impl Player {
    /// Where the current step's highlight was outlined in the last frame.
    pub fn outlined(&self) -> Option<egui::Rect> {
        self.outlined
    }

    /// The lesson.
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The name of the scenario step `i` loads ("Lesson title: step title"): what the player
    /// shows as its title and the step's, so the status bar need not say it again.
    pub fn page_name(&self, i: usize) -> String {
        let step = self.lesson.steps.get(i).map_or("", |s| s.title.as_str());
        format!("{}: {step}", self.lesson.title)
    }

    /// The current step (0-based).
    pub fn index(&self) -> usize {
        self.index
    }

    /// True once the current step's answer was revealed.
    pub fn revealed(&self) -> bool {
        self.revealed.get(self.index).copied().unwrap_or(false)
    }

    /// The reply typed on the current step.
    pub fn reply(&self) -> &str {
        self.replies.get(self.index).map_or("", String::as_str)
    }

    /// Where the exercise on screen stands (on an exercise step).
    pub fn exercise_score(&self) -> Option<Tally> {
        self.exercise_score
    }

    /// The current step's computed answer, once known.
    pub fn answer(&self) -> Option<&Result<Answer, String>> {
        self.answers.as_ref()?.get(self.index)?.as_ref()
    }

    /// How the current reply compares with the answer.
    pub fn grade(&self) -> Option<Grade> {
        let q = self.lesson.steps.get(self.index)?.question.as_ref()?;
        let a = self.answer()?.as_ref().ok()?;
        Some(q.grade(a, &self.replies[self.index]))
    }
}

/// What a lesson step changes besides the scenario: the regions on screen, and whether
/// presenter mode keeps the picture first.
pub(super) struct StepView<'a> {
    /// The regions on screen (and "hide the future").
    pub shown: &'a mut OnScreen,
    /// Presenter mode is on.
    pub presenting: bool,
}

impl Teach {
    /// Where F8 lands: the lesson's Next (the way on); pressed again from Back or Next on a
    /// step whose question is open, the answer's field (on a "try it" step it lies under the
    /// step's controls, some 27 Tab presses on).
    pub(super) fn drawer_landing(&self, ctx: &egui::Context) -> Landing {
        let Some(p) = &self.player else {
            return Landing::Drawer;
        };
        let open = p
            .lesson
            .steps
            .get(p.index)
            .is_some_and(|s| s.question.is_some())
            && !p.revealed();
        let on_nav = ctx
            .memory(|m| m.focused())
            .is_some_and(|f| Some(f) == p.next_id || Some(f) == p.back_id);
        if open && on_nav {
            Landing::Answer
        } else {
            Landing::Drawer
        }
    }

    /// The lesson being played, if any.
    pub fn player(&self) -> Option<&Player> {
        self.player.as_ref()
    }

    /// Starts a lesson afresh at its first step (the lesson being played is put on the
    /// shelf); its answers are computed in the background.
    pub(super) fn start(&mut self, ctx: &egui::Context, lesson: Lesson) -> Vec<Cmd> {
        self.shelve();
        self.shelf.retain(|s| !s.is(&lesson));
        self.begin(ctx, lesson)
    }

    /// The player of `lesson` at its first step, no reply given.
    fn begin(&mut self, ctx: &egui::Context, lesson: Lesson) -> Vec<Cmd> {
        let n = lesson.steps.len();
        // Over its budget the lesson still opens: every question then says why it has no
        // answer, and the status bar says it once.
        let over_budget = lesson.within_budget().err();
        let mut job = JobSlot::default();
        let c = ctx.clone();
        let computed = lesson.clone();
        job.submit(
            "computing the lesson's answers",
            move || c.request_repaint(),
            move |progress| computed.asked(progress),
        );
        let title = lesson.title.clone();
        let asked_runs = lesson
            .steps
            .iter()
            .map(|s| s.question.as_ref()?.check.scenario().ok())
            .collect();
        self.player = Some(Player {
            lesson,
            index: 0,
            replies: vec![String::new(); n],
            revealed: vec![false; n],
            answers: None,
            giveaways: vec![None; n],
            asked_runs,
            job,
            seek: None,
            numbers_after_reveal: false,
            future_after_reveal: false,
            focused: false,
            text_scroll: 0.0,
            next_id: None,
            back_id: None,
            rect: None,
            pulse_from: None,
            outlined: None,
            exercise_for: None,
            exercise_score: None,
            base: None,
        });
        let message = match over_budget {
            Some(e) => Cmd::Fail(format!("Lesson “{title}”: no answers: {e}")),
            None => Cmd::Inform(format!("Lesson: {title}")),
        };
        vec![Cmd::LessonStep(0), message]
    }

    /// Goes to step `i` of the lesson: its regions shown on `view`; the commands put its
    /// scenario in front (the step bar follows in [`Teach::tick`]) and choose its view.
    pub(super) fn go(&mut self, i: usize, view: StepView<'_>) -> Vec<Cmd> {
        let mut cmds = Vec::new();
        let Some(p) = &mut self.player else {
            return cmds;
        };
        let Some(step) = p.lesson.steps.get(i) else {
            return cmds;
        };
        p.index = i;
        p.pulse_from = None;
        p.outlined = None;
        let predicting = step.question.is_some() && !p.revealed[i];
        let name = p.page_name(i);
        match step.scenario.resolve() {
            Ok(s) => {
                p.seek = Some((step.step, 0));
                cmds.push(Cmd::Load(Box::new(Preset::new(name, "", s))));
                // The student's own instance replaces it (asked for by name).
                if step.exercise.as_ref().is_some_and(|x| x.personal) {
                    cmds.push(Cmd::PersonalStep);
                }
            }
            Err(e) => cmds.push(Cmd::Fail(format!("Step {}: {e}", i + 1))),
        }
        // The step's own picture and plot, however it is reached (Next, Back, the counter).
        for (picture, plot) in p.lesson.selections_to(i) {
            cmds.push(Cmd::Select {
                picture: picture.map(str::to_owned),
                plot: plot.map(str::to_owned),
                context: format!("Step {}", i + 1),
            });
        }
        // The regions: what every step up to this one brings on screen, replayed from the
        // switches the lesson found (each earlier step as on a first arrival), so the same
        // whichever way this step is reached — a switch flipped by hand lasts one step.
        let shown = view.shown;
        let base = *p
            .base
            .get_or_insert([shown.controls, shown.plots, shown.numbers]);
        [shown.controls, shown.plots, shown.numbers] = base;
        for s in &p.lesson.steps[..i] {
            step_regions(s, view.presenting, s.question.is_some(), shown);
        }
        step_regions(step, view.presenting, predicting, shown);
        // A step restores its own view however it is reached (Next, Back, the step counter):
        // "Your turn" is on exactly on an exercise step (the student may switch it off there).
        shown.exercise = step.exercise.is_some();
        p.exercise_for = step.exercise.as_ref().map(|_| i);
        // Hide the future where the lesson asks to (the same switch the user flips with H),
        // and, unless the step itself says otherwise, while a question waits for its answer:
        // predict, then see.
        shown.hide_future = p.lesson.future_hidden(i, predicting);
        // Shown once the question is answered, unless the step or the lesson says otherwise.
        let own = step.view.as_ref().and_then(|v| v.hide_future);
        p.future_after_reveal = own.is_none() && predicting && !p.lesson.hides_future(i);
        // Predict, then see: the numbers wait for Reveal.
        p.numbers_after_reveal = predicting && shown.numbers;
        if predicting {
            shown.numbers = false;
        }
        cmds
    }

    /// Leaves the lesson: the desk keeps the scenario on screen; the lesson's replies are
    /// kept on the shelf.
    pub(super) fn leave(&mut self) -> Vec<Cmd> {
        self.shelve();
        match self.player.take() {
            Some(p) => vec![Cmd::Inform(format!(
                "Left the lesson “{}”: the scenario stays for you to explore",
                p.lesson.title
            ))],
            None => Vec::new(),
        }
    }

    /// Opens a quiz window for `model` (a first quiz is generated with seed 1).
    pub(super) fn open_quiz(&mut self, ctx: &egui::Context, model: ModelId) {
        let i = match self.quizzes.iter().position(|q| q.model() == model) {
            Some(i) => i,
            None => {
                self.quizzes.push(QuizWindow::new(model));
                self.quizzes.len() - 1
            }
        };
        let q = &mut self.quizzes[i];
        q.open = true;
        q.unfold = true;
        if q.questions().is_empty() && !q.job.is_running() {
            q.generate(ctx);
        }
    }

    /// The personal quiz of `name` in `course` on `model` (its seed derived from them).
    pub(super) fn personal_quiz(
        &mut self,
        ctx: &egui::Context,
        model: ModelId,
        seed: u64,
        name: &str,
        course: &str,
    ) {
        self.open_quiz(ctx, model);
        if let Some(q) = self.quizzes.iter_mut().find(|q| q.model() == model) {
            q.personal(ctx, seed, name, course);
        }
    }

    /// Once a frame, after the workspace: results of the background work, the numbers back
    /// on `shown` once the step's answer is revealed, and the step bar of `front` (showing
    /// `scenario`) moved to the lesson step's position once the run's steps are known.
    pub(super) fn tick(&mut self, shown: &mut OnScreen, front: &mut dyn Tab, scenario: &Scenario) {
        for q in &mut self.quizzes {
            if let Some(r) = q.job.poll() {
                q.set(r);
            }
        }
        let busy = front.job_status().is_some();
        let Some(p) = &mut self.player else {
            return;
        };
        if let Some(all) = p.job.poll() {
            p.giveaways = all
                .iter()
                .map(|a| a.as_ref()?.as_ref().ok().map(|a| a.giveaway.clone()))
                .collect();
            let answers = all.into_iter().map(|a| a.map(|r| r.map(|a| a.answer)));
            p.answers = Some(answers.collect());
        }
        // An exercise step switches "Your turn" on once (the student may switch it off).
        if p.lesson.steps[p.index].exercise.is_some() {
            if p.exercise_for != Some(p.index) {
                p.exercise_for = Some(p.index);
                shown.exercise = true;
            }
            p.exercise_score = front.exercise_score(scenario);
        }
        if p.numbers_after_reveal && p.revealed() {
            p.numbers_after_reveal = false;
            shown.numbers = true;
        }
        if p.future_after_reveal && p.revealed() {
            p.future_after_reveal = false;
            shown.hide_future = false;
        }
        if let Some((step, frames)) = p.seek {
            let reached = front.seek(step, scenario);
            p.seek = if reached || (!busy && frames >= 2) {
                None
            } else {
                Some((step, frames + 1))
            };
        }
    }

    /// PageDown / PageUp (a presenter's clicker) for the player wherever the focus is, and
    /// ←/→ when it has the focus (the last click was inside it); not while a text field takes
    /// the keys. Until a click in the player the arrows step the run, as its text asks.
    pub(super) fn keys(&mut self, ctx: &egui::Context) -> Vec<Cmd> {
        let mut cmds = Vec::new();
        let Some(p) = &mut self.player else {
            return cmds;
        };
        if let Some(pos) = ctx.input(|i| {
            i.pointer
                .any_pressed()
                .then(|| i.pointer.interact_pos())
                .flatten()
        }) {
            p.focused = p.rect.is_some_and(|r| r.contains(pos));
        }
        if ctx.text_edit_focused() {
            return cmds;
        }
        // A focused button or slider keeps its arrows; PageDown / PageUp still step.
        let widget = ctx.memory(|m| m.focused().is_some());
        let last = p.lesson.steps.len().saturating_sub(1);
        let (back, next) = match p.focused && !widget {
            true => (
                [Key::PageUp, Key::ArrowLeft],
                [Key::PageDown, Key::ArrowRight],
            ),
            false => ([Key::PageUp; 2], [Key::PageDown; 2]),
        };
        // ↑/↓ scroll about two lines of the presenter's text a press.
        let line = 2.0 * body(ctx, true) * 1.3;
        ctx.input_mut(|i| {
            // (Each key consumed, so that neither also steps the run.)
            let mut pressed = |keys: [Key; 2]| {
                let mut any = false;
                for k in keys {
                    any |= i.consume_key(Modifiers::NONE, k);
                }
                any
            };
            if pressed(back) && p.index > 0 {
                cmds.push(Cmd::LessonStep(p.index - 1));
            }
            if pressed(next) && p.index < last {
                cmds.push(Cmd::LessonStep(p.index + 1));
            }
            // ↑/↓ scroll the step's text, as ←/→ step: while the player has the keys and no
            // widget does (a focused one moves the focus with them).
            if p.focused && !widget {
                if i.consume_key(Modifiers::NONE, Key::ArrowUp) {
                    p.text_scroll += line;
                }
                if i.consume_key(Modifiers::NONE, Key::ArrowDown) {
                    p.text_scroll -= line;
                }
            }
        });
        cmds
    }

    /// The player's side panel (nothing when no lesson runs).
    pub(super) fn panel(&mut self, ui: &mut egui::Ui, presenting: bool) -> Vec<Cmd> {
        let mut cmds = Vec::new();
        let Some(p) = &mut self.player else {
            return cmds;
        };
        let room = ui.available_width();
        let body = body(ui.ctx(), presenting);
        let id = if presenting {
            "lesson player (presenter)"
        } else {
            "lesson player"
        };
        let response = egui::Panel::right(id)
            .resizable(true)
            .default_size((room * 0.3).clamp(240.0, 400.0))
            .min_size(200.0f32.min(room * 0.3))
            .max_size((room * 0.45).max(240.0))
            .show(ui, |ui| player_ui(p, ui, &mut cmds, body));
        p.rect = Some(response.response.rect);
        cmds
    }

    /// The current step's open question (asked, not yet revealed), for the workspace to hide
    /// its answer ([`crate::ui::frame::Secret`]).
    pub(super) fn secret(&self) -> Option<crate::ui::frame::Secret> {
        self.player_secret().or_else(|| {
            // A quiz question whose instance Show me loaded, still open.
            self.quizzes.iter().find_map(QuizWindow::secret)
        })
    }

    fn player_secret(&self) -> Option<crate::ui::frame::Secret> {
        let p = self.player.as_ref()?;
        let step = p.lesson.steps.get(p.index)?;
        let q = step.question.as_ref()?;
        if p.revealed[p.index] {
            return None;
        }
        let answer = match p.answer() {
            Some(Ok(Answer::Number(x))) => Some(Ok(*x)),
            Some(Ok(Answer::Choice(c))) => Some(Err(c.clone())),
            _ => None,
        };
        let secret = crate::ui::frame::Secret::new(&q.check.field, answer)
            .of_run(p.asked_runs.get(p.index).cloned().flatten())
            .stating(&q.states)
            .within(q.tolerance)
            .resting_at(step.step);
        Some(match p.giveaways.get(p.index).and_then(Option::as_ref) {
            Some(g) => secret.with(g),
            None => secret,
        })
    }

    /// The player's navigation on the stage's drawer: one row (nothing when no lesson runs).
    /// The drawer's `rect` takes the arrow keys after a click inside it.
    pub(super) fn stage_nav(&mut self, ui: &mut egui::Ui, rect: egui::Rect) -> Vec<Cmd> {
        let mut cmds = Vec::new();
        if let Some(p) = &mut self.player {
            nav_ui(p, ui, &mut cmds, body(ui.ctx(), true), true);
            p.rect = Some(rect);
        }
        cmds
    }

    /// The current step's text and question on the stage's drawer; a "try it" step's
    /// `controls` under them, so the text and what it asks to change are seen together.
    pub(super) fn stage_step(
        &mut self,
        ui: &mut egui::Ui,
        controls: &mut dyn FnMut(&mut egui::Ui),
    ) -> Vec<Cmd> {
        let mut cmds = Vec::new();
        if let Some(p) = &mut self.player {
            let try_it = p.lesson.steps.get(p.index).is_some_and(|s| s.try_it);
            step_ui(
                p,
                ui,
                body(ui.ctx(), true),
                try_it.then_some(controls),
                &mut cmds,
            );
        }
        cmds
    }

    /// The quiz windows, and the lesson step's highlight.
    pub(super) fn windows(&mut self, ctx: &egui::Context) -> Vec<Cmd> {
        let mut cmds = Vec::new();
        if let Some(p) = &mut self.player {
            highlight::outline(p, ctx);
        }
        let lesson_on = self.player.is_some();
        for q in self.quizzes.iter_mut().filter(|q| q.open) {
            q.window(ctx, lesson_on, &mut cmds);
        }
        cmds
    }
}

/// The region step `i` (0-based) of `lesson` puts in front in presenter mode, where the picture
/// and the plots take turns, before its question is answered: what a hand-out's page draws.
pub fn front_at(lesson: &Lesson, i: usize) -> Region {
    let mut shown = OnScreen::PRESENTER;
    for s in lesson.steps.iter().take(i + 1) {
        step_regions(s, true, s.question.is_some(), &mut shown);
    }
    shown.front
}

/// The regions a step brings on screen: its view hints (presenter mode keeps the picture
/// first: hints may fold regions away or bring the plots, but the controls and numbers stay
/// where the presenter put them), the controls for a "try it" step, and its highlighted
/// region (on a narrow window the picture and the plots take turns).
fn step_regions(
    step: &lesson::LessonStep,
    presenting: bool,
    predicting: bool,
    shown: &mut OnScreen,
) {
    if let Some(mut v) = step.view.clone() {
        if presenting {
            v.controls = v.controls.filter(|on| !on);
            v.numbers = v.numbers.filter(|on| !on);
        }
        for (field, want) in [
            (&mut shown.controls, v.controls),
            (&mut shown.plots, v.plots),
            (&mut shown.numbers, v.numbers),
        ] {
            if let Some(w) = want {
                *field = w;
            }
        }
    }
    if step.try_it {
        shown.controls = true;
    }
    // The step's picture is in front unless the step points at the plots — highlights them,
    // or names a plot and no picture — (a choice made on another step does not stay).
    let names_plot_only = step
        .view
        .as_ref()
        .is_some_and(|v| v.plot.is_some() && v.picture.is_none());
    shown.front = if names_plot_only && shown.plots {
        Region::Plots
    } else {
        Region::Picture
    };
    match step.highlight {
        Some(Highlight::Region(Region::Plots)) => {
            shown.plots = true;
            shown.front = Region::Plots;
        }
        Some(Highlight::Region(Region::Picture)) => shown.front = Region::Picture,
        Some(Highlight::Region(Region::Controls)) => shown.controls = true,
        Some(Highlight::Region(Region::Numbers)) if !predicting => shown.numbers = true,
        Some(Highlight::Control(_)) => shown.controls = true,
        _ => {}
    }
}

/// If `path` holds a lesson (a RON file with `steps`), the lesson or why it is broken.
pub(super) fn sniff(path: &Path) -> Option<Result<Lesson, String>> {
    let text = crate::preset::read_text(path).ok()?;
    lesson::is_lesson(&text)
        .then(|| lesson::parse(&path.display().to_string(), &text).map_err(|e| e.to_string()))
}

fn player_ui(p: &mut Player, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>, body: f32) {
    nav_ui(p, ui, cmds, body, false);
    ui.separator();
    step_ui(p, ui, body, None, cmds);
}

/// The lesson's title, the step counter with its progress bar, Back / Next and Leave; on the
/// stage (`compact`) one row: Back, the counter (the title on hover), Next, Leave.
fn nav_ui(p: &mut Player, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>, body: f32, compact: bool) {
    let n = p.lesson.steps.len();
    let i = p.index;
    let counter = format!("step {} of {n}", i + 1);
    if compact {
        // Leave shares the title's row (the title is truncated before it, whole on hover), so
        // the step's text gets the row below.
        ui.horizontal(|ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                leave_button(ui, cmds, None);
                let title = RichText::new(&p.lesson.title).strong();
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.add(egui::Label::new(title).truncate());
                });
            });
        });
    } else {
        ui.add_space(4.0);
        ui.label(RichText::new(&p.lesson.title).strong().size(body + 1.0));
        ui.horizontal(|ui| {
            ui.label(RichText::new(&counter).size(body));
            let bar = egui::ProgressBar::new((i + 1) as f32 / n as f32);
            ui.add(bar.desired_width(ui.available_width()));
        });
    }
    ui.horizontal_wrapped(|ui| {
        use crate::ui::widgets::focus::land;
        // F8 lands on Next (on the last step, Back): the way on, not Leave.
        // Landed here, the player has the keys: after Esc lets go of the button, ←/→ step
        // and ↑/↓ scroll the text, as after a click in it.
        if i + 1 >= n && land(ui, Landing::Drawer) {
            p.focused = true;
        }
        let back = egui::Button::new(RichText::new("◀ Back").size(body));
        let back = ui
            .add_enabled(i > 0, back)
            .on_hover_text("Previous step (PageUp; ← after a click in the lesson)");
        if back.clicked() {
            cmds.push(Cmd::LessonStep(i - 1));
        }
        if compact {
            // As wide as the widest counter ("step 10 of 10"), so Next and Leave stay put.
            let widest =
                egui::WidgetText::from(RichText::new(format!("step {n} of {n}")).size(body))
                    .into_galley(
                        ui,
                        Some(egui::TextWrapMode::Extend),
                        f32::INFINITY,
                        egui::TextStyle::Body,
                    )
                    .size();
            ui.add_sized(widest, egui::Label::new(RichText::new(&counter).size(body)));
        }
        if land(ui, Landing::Drawer) {
            p.focused = true;
        }
        let next = egui::Button::new(RichText::new("Next ▶").size(body));
        let next = ui
            .add_enabled(i + 1 < n, next)
            .on_hover_text("Next step (PageDown; → after a click in the lesson)");
        if next.clicked() {
            cmds.push(Cmd::LessonStep(i + 1));
        }
        p.next_id = Some(next.id);
        p.back_id = Some(back.id);
        // Next pressed onto the last step (or Back onto the first) is greyed and lets go of
        // the focus: it goes to the other one, so the keys go on from where they were.
        for (gone, other) in [(&next, &back), (&back, &next)] {
            if !gone.enabled() && ui.memory(|m| m.had_focus_last_frame(gone.id)) {
                other.request_focus();
            }
        }
        if !compact {
            leave_button(ui, cmds, Some(body));
        }
    });
}

/// "Leave lesson" (in text of `size`, or the row's own).
fn leave_button(ui: &mut egui::Ui, cmds: &mut Vec<Cmd>, size: Option<f32>) {
    let text = RichText::new("Leave lesson");
    let text = match size {
        Some(s) => text.size(s),
        None => text,
    };
    if ui
        .button(text)
        .on_hover_text("Leave the lesson: back to the free explorer, keeping this scenario")
        .clicked()
    {
        cmds.push(Cmd::LeaveLesson);
    }
}
