//! Share links in the app: Edit ▸ Copy link, Edit ▸ Paste link (a window that reads the link
//! as it is pasted and says what is wrong with a damaged one) and opening a link (its
//! scenario and pinned A, then its picture tab, plot and step once the run is known); and
//! File ▸ Export animation… (the run as a GIF, drawn in the background as `loadlab render
//! --animate` draws it).

use std::path::PathBuf;

use super::LoadlabApp;

/// Why File ▸ Export animation is refused while a lesson question is open on the run: its
/// frames play that run to its end, whose captions and numbers hold the answer.
pub const ANIMATION_HELD: &str = "The animation waits for your answer (Reveal): it plays the \
     question's own run to its end";

/// Why File ▸ Export CSV and Export JSON are refused while a lesson question is open on the
/// run: they write its report, the answer with it (a figure, a screenshot and Describe show
/// the window's masks instead).
pub const REPORT_HELD: &str = "The export waits for your answer (Reveal): it writes the \
     question's own run, answer included";

/// Whether a lesson question is open on the run in front: an export that writes the whole
/// run waits for Reveal.
pub(super) fn question_open(ctx: &egui::Context) -> bool {
    crate::ui::frame::secret(ctx).is_some_and(|s| s.on_shown_run)
}
use crate::jobs::{JobSlot, JobStatus};
use crate::lesson::authoring::Asked;
use crate::link::Shared;
use crate::model::registry::Scenario;
use crate::preset::PresetFile;
use crate::ui::commands::Cmd;
use crate::ui::files::FileAction;
use crate::ui::widgets::dialog::{Answer, dialog};
use crate::ui::workspace::Tab;

/// The Paste link window's state, and a link's step waiting for its run.
#[derive(Default)]
pub(super) struct Sharing {
    /// The Paste link window's text, while it is open.
    prompt: Option<String>,
    /// The step an opened link asks for, and the frames waited for the run's steps.
    seek: Option<(usize, usize)>,
    /// The last link copied (the tests read it instead of the clipboard).
    pub(super) copied: Option<String>,
    /// The last lesson step copied (likewise).
    pub(super) copied_step: Option<String>,
    /// The last lesson question copied (likewise).
    pub(super) copied_question: Option<String>,
    /// The last command line copied (likewise).
    pub(super) copied_command: Option<String>,
    /// An animation being drawn: where it goes, and its frames or what went wrong.
    pub(super) animation: JobSlot<Animated>,
    /// A hand-out being drawn: its folder, and the files written or the error.
    pub(super) handout: JobSlot<(PathBuf, Result<Vec<PathBuf>, String>)>,
}

/// A finished animation export: its path, and its frame count or the error.
pub(super) type Animated = (PathBuf, Result<usize, String>);

impl Sharing {
    /// The Paste link window: Open once the text is a valid link.
    pub(super) fn window(&mut self, ctx: &egui::Context) -> Vec<Cmd> {
        let Some(text) = &mut self.prompt else {
            return Vec::new();
        };
        let window = egui::Window::new("Paste link")
            .collapsible(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0]);
        let mut read = None;
        let answer = dialog(ctx, window, "Open", "Cancel", |ui| {
            let label = ui.label("Share link (loadlab:1:…, or a lesson's #lesson=…)");
            let edit = ui
                .add(
                    egui::TextEdit::multiline(text)
                        .desired_width(460.0)
                        .desired_rows(3)
                        .hint_text("loadlab:1:…"),
                )
                .labelled_by(label.id);
            if !edit.has_focus() && text.is_empty() {
                edit.request_focus();
            }
            if !text.trim().is_empty() {
                let r = crate::platform::address::pasted(text);
                match &r {
                    Ok((what, _)) => ui.label(what),
                    Err(e) => ui.colored_label(ui.visuals().error_fg_color, e),
                };
                read = Some(r);
            }
            false
        });
        match answer {
            Some(Answer::Confirm) => match read {
                Some(Ok((_, cmds))) => {
                    self.prompt = None;
                    cmds
                }
                // A damaged link changes nothing; the window says why and stays.
                _ => Vec::new(),
            },
            Some(Answer::Dismiss) => {
                self.prompt = None;
                Vec::new()
            }
            None => Vec::new(),
        }
    }

    /// The animation export, while it runs.
    pub(super) fn status(&self) -> Option<JobStatus> {
        self.animation.status().or_else(|| self.handout.status())
    }

    /// Once a frame: the step bar of `front` moved to the opened link's step once the run's
    /// steps are known (as a lesson step does).
    pub(super) fn tick(&mut self, front: &mut dyn Tab, scenario: &Scenario) {
        let Some((step, frames)) = self.seek else {
            return;
        };
        let busy = front.job_status().is_some();
        let reached = front.seek(step, scenario);
        self.seek = if reached || (!busy && frames >= 2) {
            None
        } else {
            Some((step, frames + 1))
        };
    }
}

impl LoadlabApp {
    /// Copy link, Paste link, open a link.
    pub(super) fn sharing(&mut self, ctx: &egui::Context, cmd: Cmd) -> Vec<Cmd> {
        match cmd {
            Cmd::CopyLink => {
                // While a lesson plays, its step (the scenario's link opened a question's run
                // bare, answer and all).
                let (link, what) = match self.teach.player() {
                    Some(p) => (
                        crate::platform::address::shareable_lesson(&p.lesson().name, p.index()),
                        format!("step {} of “{}”", p.index() + 1, p.lesson().title),
                    ),
                    None => (
                        crate::platform::address::shareable(&self.link().encode()),
                        format!("“{}”", self.desk.page().name),
                    ),
                };
                ctx.copy_text(link.clone());
                self.info(format!(
                    "Copied a link to {what} ({} characters): Edit ▸ Paste link or \
                     `loadlab gui --link` opens it",
                    link.len()
                ));
                self.share.copied = Some(link);
            }
            Cmd::CopyAsLessonStep => self.copy_as_lesson_step(ctx),
            Cmd::CopyCommand => self.copy_command(ctx),
            // The last frame's picture: an older one is of another step (the plots in front
            // on the stage draw none).
            Cmd::DescribePicture => match crate::ui::widgets::describe::recent(ctx) {
                Some(text) => {
                    ctx.copy_text(text.clone());
                    self.info(format!(
                        "Copied the description: {}",
                        crate::ui::widgets::describe::one_line(&text)
                    ));
                }
                None => self.error(crate::ui::widgets::describe::NOTHING_DRAWN),
            },
            Cmd::PasteLink => self.share.prompt = Some(String::new()),
            Cmd::ExportAnimation | Cmd::ExportAnimationTo(_) if question_open(ctx) => {
                self.error(ANIMATION_HELD)
            }
            Cmd::ExportAnimation => self.ask_path(ctx, FileAction::Animation),
            Cmd::ExportAnimationTo(path) => self.export_animation(ctx, path),
            Cmd::ExportHandout => match self.teach.player() {
                Some(_) => self.ask_path(ctx, FileAction::Handout),
                None => self.error("No lesson is being played: start one (Help ▸ Lessons)"),
            },
            Cmd::ExportHandoutTo(path) => self.export_handout(ctx, path),
            Cmd::OpenLink(s) => {
                let Shared {
                    preset,
                    step,
                    picture,
                    plot,
                    compare_plot,
                } = *s;
                let name = preset.name.clone();
                if let Some(key) = compare_plot {
                    self.maps
                        .compare
                        .choose_section(preset.scenario.model(), key);
                }
                // The link shows its own run: a lesson playing (a last session's, in a second
                // tab of the page) is left for the shelf, where Help ▸ Lessons goes back to it.
                let left = self.teach.player().is_some();
                // (Its "Left the lesson" message gives way to the link's, which says it.)
                self.teach.leave();
                self.open(PresetFile::Single(preset), None);
                // The link shows a run at a step: not the exercise a last session left on
                // (a link opened in a second tab of the browser showed "Your turn").
                self.shown.exercise = false;
                self.share.seek = Some((step, 0));
                let kept = if left {
                    " (the lesson is kept: Help ▸ Lessons goes back to it)"
                } else {
                    ""
                };
                self.info(format!("Opened the link to “{name}” at step {step}{kept}"));
                if picture.is_some() || plot.is_some() {
                    return vec![Cmd::Select {
                        picture,
                        plot,
                        context: "Link".into(),
                    }];
                }
            }
            _ => {}
        }
        Vec::new()
    }

    /// Draws the front run's picture at every step and writes the GIF, in the background.
    fn export_animation(&mut self, ctx: &egui::Context, path: PathBuf) {
        let shared = self.link();
        let c = ctx.clone();
        self.info(format!(
            "Drawing the animation of “{}”…",
            shared.preset.name
        ));
        self.share.animation.submit(
            format!("animating {}", path.display()),
            move || c.request_repaint(),
            move |p| {
                let written = crate::ui::export::animation::export(
                    &shared.preset,
                    shared.picture.as_deref(),
                    &path,
                    |k, n| {
                        p.set((k + 1) as f32 / n as f32);
                        !p.cancelled()
                    },
                );
                if p.cancelled() {
                    return Err(crate::model::Cancelled);
                }
                Ok((path, written))
            },
        );
    }

    /// Writes the hand-out of the lesson being played into the folder `path` (its extension
    /// dropped), laid out for the window as it is now, in the background.
    fn export_handout(&mut self, ctx: &egui::Context, path: PathBuf) {
        let Some(lesson) = self.teach.player().map(|p| p.lesson().clone()) else {
            self.error("No lesson is being played: start one (Help ▸ Lessons)");
            return;
        };
        let dir = path.with_extension("");
        let size = ctx.content_rect().size() * ctx.zoom_factor();
        let window = crate::ui::export::handout::Window {
            size: [size.x.max(200.0) as u32, size.y.max(200.0) as u32],
            presenter: self.presenter.is_some(),
        };
        let c = ctx.clone();
        self.info(format!("Drawing the hand-out of “{}”…", lesson.title));
        self.share.handout.submit(
            format!("hand-out {}", dir.display()),
            move || c.request_repaint(),
            move |p| {
                use crate::ui::export::handout::{Form, write};
                let form = if crate::platform::files::FOLDERS {
                    Form::Folder
                } else {
                    Form::Page
                };
                let written = write::<LoadlabApp>(&lesson, window, &dir, form, |k, n| {
                    p.set((k + 1) as f32 / n as f32)
                });
                if p.cancelled() {
                    return Err(crate::model::Cancelled);
                }
                Ok((dir, written))
            },
        );
    }

    /// The status line of a finished animation export.
    pub(super) fn animated(&mut self, (path, written): Animated) {
        match written {
            Ok(n) => self.info(format!(
                "Exported the animation ({n} frames, one per step) to {}",
                path.display()
            )),
            Err(e) => self.error(format!(
                "Could not export the animation to {}: {e}",
                path.display()
            )),
        }
    }

    /// The front scenario as a link: its pinned A, step, picture tab and plot.
    pub fn link(&mut self) -> Shared {
        let mut preset = self.desk.page().preset();
        preset.pinned = self.maps.pinned(preset.scenario.model()).cloned();
        let tab = self.tab();
        let step = tab.position();
        let (picture, plot) = tab.selection();
        let model = preset.scenario.model();
        let compare = self.maps.front(self.desk.active) == crate::ui::commands::View::Compare;
        Shared {
            preset,
            step,
            picture: picture.map(str::to_string),
            plot: plot.map(str::to_string),
            compare_plot: compare.then(|| self.maps.compare.section(model)).flatten(),
        }
    }

    /// Edit ▸ Copy as lesson step: the link's view (scenario, step, picture tab, plot) and the
    /// regions shown, as a lesson step on the clipboard, its text seeded with the scenario's
    /// description (the picture's caption is the prompt of its exercise, with Your turn on).
    fn copy_as_lesson_step(&mut self, ctx: &egui::Context) {
        let Shared {
            preset,
            step,
            picture,
            plot,
            ..
        } = self.link();
        let on = self.shown;
        let shown = crate::lesson::authoring::Shown {
            step,
            view: crate::lesson::ViewHint {
                controls: Some(on.controls),
                plots: Some(on.plots),
                numbers: Some(on.numbers),
                picture,
                plot,
                hide_future: Some(on.hide_future),
            },
            your_turn: on.exercise,
        };
        let described = crate::ui::widgets::describe::recent(ctx);
        // With Your turn on, the board's instruction: the prompt of the step's exercise.
        let caption = described.as_deref().and_then(|d| d.lines().next());
        let caption = caption.map(|c| c.strip_prefix(crate::ui::exercise::DESCRIBED).unwrap_or(c));
        let s = &preset.scenario;
        let copied =
            crate::lesson::authoring::step(&preset.name, &preset.description, caption, s, &shown);
        let text = crate::lesson::authoring::step_ron(&copied, s.model_name());
        ctx.copy_text(text.clone());
        let turn = match (self.shown.exercise, &copied.exercise) {
            (true, None) => " (Your turn is not copied: this instance has no exercise)",
            (true, Some(_)) => " (with its exercise)",
            _ => "",
        };
        self.info(format!(
            "Copied “{}” at step {step} as a lesson step: paste it into a lesson file's \
             steps, edit its text, then check the file with `loadlab lesson FILE --check`{turn}",
            preset.name
        ));
        self.share.copied_step = Some(text);
    }

    /// A number's Copy as lesson question: the question whose check runs the scenario in
    /// front and reads the number's field, on the clipboard (or why there is none).
    pub(super) fn copy_question(&mut self, ctx: &egui::Context, asked: &Asked) {
        let scenario = &self.desk.page().scenario;
        match crate::lesson::authoring::question(scenario, asked) {
            Ok(q) => {
                let text = crate::lesson::authoring::question_ron(&q);
                ctx.copy_text(text.clone());
                self.info(format!(
                    "Copied “{}” as a lesson question (its check: `{}` → {}): paste it into \
                     a step of this scenario",
                    asked.name,
                    q.check.command_line(),
                    q.check.field
                ));
                self.share.copied_question = Some(text);
            }
            Err(why) => self.error(format!("“{}” cannot be asked: {why}", asked.name)),
        }
    }

    /// The last question a number's Copy as lesson question put on the clipboard.
    pub fn copied_question(&self) -> Option<&str> {
        self.share.copied_question.as_deref()
    }

    /// Edit ▸ Copy as command: `loadlab MODEL FLAGS` when the flags set the front scenario
    /// ([`crate::command::command_of`]), else `loadlab eval --link LINK` (its share link).
    fn copy_command(&mut self, ctx: &egui::Context) {
        let scenario = &self.desk.page().scenario;
        let (words, how) = match crate::command::command_of(scenario) {
            Some(w) => (w, "its flags"),
            None => {
                let link = self.link().encode();
                let words = vec!["eval".to_string(), "--link".into(), link];
                (words, "its share link: no flags set this scenario")
            }
        };
        let line: Vec<String> = std::iter::once("loadlab".to_string())
            .chain(words.iter().map(|w| crate::command::shell_word(w)))
            .collect();
        let line = line.join(" ");
        ctx.copy_text(line.clone());
        self.info(format!(
            "Copied the command that prints this run ({how}; add --json or --csv): {line}"
        ));
        self.share.copied_command = Some(line);
    }

    /// The last command line Edit ▸ Copy as command put on the clipboard.
    pub fn copied_command(&self) -> Option<&str> {
        self.share.copied_command.as_deref()
    }

    /// The last lesson step Edit ▸ Copy as lesson step put on the clipboard.
    pub fn copied_step(&self) -> Option<&str> {
        self.share.copied_step.as_deref()
    }

    /// The last link Edit ▸ Copy link put on the clipboard.
    pub fn copied_link(&self) -> Option<&str> {
        self.share.copied.as_deref()
    }
}
