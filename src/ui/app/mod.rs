//! The eframe application: the desk of five scenarios, the five workspaces, commands,
//! presets and workbooks, undo/redo, background export.
//!
//! Every user action (menu item, shortcut, button, dropped file, dialog result) becomes a
//! [`Cmd`] ([`super::commands`]); [`LoadlabApp::apply`] (`apply`) is the one place that
//! carries them out. The menus, rail, status bar and windows are the `super::chrome`
//! component's, the lesson player and quizzes the [`super::lesson`] component's: each takes
//! the narrow state it shows and returns commands.

mod apply;
mod homework;
mod session;
mod share;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

use serde::{Deserialize, Serialize};

use super::chrome::{Chrome, Shell};
use super::desk::{Desk, History};
use super::figure::FigureShot;
use super::files::{DialogResult, Dialogs, FileAction};
use super::workspace::{Drawn, OnScreen, Region, Tab};
use crate::jobs::{JobSlot, JobStatus};
use crate::model::registry::ModelId;
use crate::preset::{self, Preset, PresetFile};

pub use super::commands::{Cmd, Switch, ThemeChoice, View};
use super::look::{Look, TextSize};
pub use share::{ANIMATION_HELD, REPORT_HELD};

/// What survives a restart (window geometry is persisted by eframe itself).
#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
struct Persisted {
    desk: Desk,
    theme: ThemeChoice,
    /// View ▸ Text size.
    text_size: TextSize,
    /// View ▸ Reduce motion (None: as the system prefers).
    reduce_motion: Option<bool>,
    shown: OnScreen,
    presenter: Option<Presenter>,
    /// Each workspace's view state as RON, by model name.
    views: BTreeMap<String, String>,
    /// The first-start card was dismissed.
    welcomed: bool,
    /// File ▸ Open recent.
    recent: super::files::Recent,
}

/// Screenshot results come back from the renderer's callback through this channel.
type ShotChannel = (
    Sender<(PathBuf, Result<(), String>)>,
    Receiver<(PathBuf, Result<(), String>)>,
);

/// A figure export rasterizing in the background: what it is, and whether it was written.
type FigureDone = (FigureShot, Result<(), String>);

/// A CSV export running in the background: where it goes and what it produced.
type Export = (PathBuf, Result<String, String>);

/// Presenter mode: what to return to when it ends.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Presenter {
    /// The regions shown before.
    pub shown: OnScreen,
    /// The zoom factor before.
    pub zoom: f32,
    /// The window's size in native points that presenter mode's zoom was set for (it follows
    /// the window: [`crate::ui::look::presenter_zoom`]); not kept, so a restart sets it anew.
    #[serde(skip)]
    pub window: [f32; 2],
}

/// The application.
pub struct LoadlabApp {
    pub(super) desk: Desk,
    pub(super) history: History,
    /// One workspace per model, in [`ModelId::ALL`] order.
    pub(super) tabs: Vec<Box<dyn Tab>>,
    /// The theme, text size and motion chosen in View.
    pub(super) look: Look,
    /// Menus, rail, status bar and windows, with the notice and the path prompt.
    chrome: Chrome,
    dialogs: Dialogs,
    /// Which regions of the workspace are on screen.
    shown: OnScreen,
    /// Set while presenter mode is on.
    presenter: Option<Presenter>,
    /// The zoom the normal layout last set for the window's width ([`crate::ui::look::desk_zoom`])
    /// and the window's size in native points it was set for; `None` before the first frame.
    fitted: Option<(f32, [f32; 2])>,
    /// Where the front workspace's regions were drawn in the last frame.
    drawn: Vec<Drawn>,
    /// How many files were opened: with the model and the lesson step, which page is in
    /// front ([`super::frame::publish_page`]).
    opened: u64,
    queued: Vec<Cmd>,
    /// What the open question's secret is published as (the lecture walk's probe).
    secret_probe: super::reveal::SecretProbe,
    shots: ShotChannel,
    export: JobSlot<Export>,
    title: String,
    /// The lesson player and the quiz windows.
    teach: super::lesson::Teach,
    /// The shared Map view and Compare A/B.
    maps: super::map::Maps,
    /// The stage's drawer: the lesson, controls and numbers beside the picture on a small
    /// room.
    drawer: super::stage::Drawer,
    /// The figure chosen by Export figure…, while its path is asked for.
    figure: Option<Region>,
    /// The last figure export requested (kept for the status and the tests).
    figure_shot: Option<FigureShot>,
    /// The figure export rasterizing and writing its PNG.
    figure_job: JobSlot<FigureDone>,
    /// Share links: the Paste link window, an opened link's step.
    share: share::Sharing,
    /// File ▸ Open recent (persisted).
    recent: super::files::Recent,
    /// Personal instances, hand-ins and the replay of an attempt.
    homework: super::homework::Homework,
    /// What the storage holds of this app (written only when it changed).
    written: session::Written,
}

/// The app's whole window off-screen (a hand-out's step shots).
pub type Offscreen = crate::ui::export::window::Offscreen<LoadlabApp>;

impl crate::ui::export::window::App for LoadlabApp {
    fn offscreen(ctx: &egui::Context) -> Self {
        LoadlabApp::offscreen(ctx)
    }
    fn send(&mut self, cmd: Cmd) {
        LoadlabApp::send(self, cmd);
    }
    fn start_lesson(&mut self, ctx: &egui::Context, lesson: crate::lesson::Lesson) {
        LoadlabApp::start_lesson(self, ctx, lesson);
    }
    fn frame(&mut self, ui: &mut egui::Ui) {
        LoadlabApp::frame(self, ui);
    }
    fn busy(&mut self) -> bool {
        LoadlabApp::busy(self)
    }
}

fn workspaces() -> Vec<Box<dyn Tab>> {
    ModelId::ALL
        .into_iter()
        .map(super::workspaces::fresh_tab)
        .collect()
}

impl LoadlabApp {
    /// Builds the app, restoring the last session; `initial` (a preset given on the command
    /// line) is put in front of it.
    pub fn new(cc: &eframe::CreationContext<'_>, initial: Option<Preset>) -> Self {
        Self::start(&cc.egui_ctx, cc.storage, initial)
    }

    /// The app as `loadlab gui` opens it: on `initial` (an `Err`, a preset named on the command
    /// line that could not be read, is shown in the status bar over the last scenario), in
    /// presenter mode if asked, with `startup`'s commands carried out in the first frame (a
    /// lesson, a link, a view). The error is said last, so the start's own notices do not
    /// replace it.
    pub fn opened(
        cc: &eframe::CreationContext<'_>,
        initial: Result<Option<Preset>, String>,
        presenter: bool,
        startup: Vec<Cmd>,
    ) -> Self {
        let (preset, error) = match initial {
            Ok(p) => (p, None),
            Err(e) => (None, Some(e)),
        };
        let mut app = Self::new(cc, preset);
        if presenter {
            app.send(Cmd::Presenter(true));
        }
        if error.is_some() || !startup.is_empty() {
            app.skip_welcome();
        }
        app.queued.extend(startup);
        app.queued.extend(error.map(Cmd::Fail));
        app
    }

    /// The app as a restart finds it in `storage` (what [`eframe::App::save`] wrote), on
    /// `ctx`, with `initial` (a preset named on the command line) in front.
    pub fn restored(
        ctx: &egui::Context,
        storage: &dyn eframe::Storage,
        initial: Option<Preset>,
    ) -> Self {
        Self::start(ctx, Some(storage), initial)
    }

    /// The app as a first start without storage makes it (the default scenario, no last
    /// session, no first-start card, nothing ever saved), on `ctx`: the window that
    /// `loadlab render --lesson` draws off-screen ([`Offscreen`]).
    pub fn offscreen(ctx: &egui::Context) -> Self {
        Self::start(ctx, None, None)
    }

    fn start(
        ctx: &egui::Context,
        storage: Option<&dyn eframe::Storage>,
        initial: Option<Preset>,
    ) -> Self {
        let restored: Persisted = storage
            .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
            .unwrap_or_else(|| Persisted {
                desk: Desk::with(preset::default_preset()),
                ..Persisted::default()
            });
        // The first-start card: for a real run (the tests have no storage) not given a preset.
        let newcomer = storage.is_some() && initial.is_none();
        let welcomed = restored.welcomed;
        let mut app = Self::with_state(restored);
        app.chrome.welcome(welcomed, newcomer);
        if let Some(s) = storage.and_then(|s| eframe::get_value(s, session::KEY)) {
            app.resume(ctx, s);
        }
        if storage.is_some() {
            app.found_written();
        }
        if let Some(p) = initial {
            app.shelve_for(&p.name);
            if let Some(a) = &p.pinned {
                app.maps.pin(a.clone());
            }
            app.desk.open_preset(p, None);
        }
        super::install_fonts(ctx);
        app.look.apply(ctx);
        app
    }

    /// A preset named on the command line is what to look at: a lesson the last session
    /// left playing waits on the shelf, as under a link (its step's question stood beside
    /// the named preset's run, another model's).
    fn shelve_for(&mut self, name: &str) {
        let Some(title) = self.teach.player().map(|p| p.lesson().title.clone()) else {
            return;
        };
        self.teach.leave();
        self.queued.push(Cmd::Inform(format!(
            "Opened “{name}”; the lesson “{title}” is kept: Help ▸ Lessons goes back to it"
        )));
    }

    fn with_state(s: Persisted) -> Self {
        let mut tabs = workspaces();
        for t in &mut tabs {
            if let Some(v) = s.views.get(t.model().name()) {
                t.load_view(v);
            }
        }
        LoadlabApp {
            desk: s.desk.repaired(),
            history: History::default(),
            tabs,
            look: Look {
                theme: s.theme,
                text: s.text_size,
                calm: s
                    .reduce_motion
                    .unwrap_or_else(crate::platform::motion::prefers_reduced_motion),
            },
            chrome: Chrome::default(),
            dialogs: Dialogs::default(),
            shown: s.shown,
            presenter: s.presenter,
            fitted: None,
            drawn: Vec::new(),
            opened: 0,
            queued: Vec::new(),
            secret_probe: Default::default(),
            shots: channel(),
            export: JobSlot::default(),
            title: String::new(),
            teach: Default::default(),
            maps: Default::default(),
            drawer: Default::default(),
            figure: None,
            figure_shot: None,
            figure_job: JobSlot::default(),
            share: Default::default(),
            recent: s.recent,
            homework: Default::default(),
            written: Default::default(),
        }
    }

    /// The scenario in front, with its name and description.
    pub fn preset(&self) -> Preset {
        self.desk.page().preset()
    }

    /// All five scenarios, the one in front and their files.
    pub fn desk(&self) -> &Desk {
        &self.desk
    }

    /// True while "Hide the future" is on (every stepped view draws only the past).
    pub fn hides_future(&self) -> bool {
        self.shown.hide_future
    }

    /// The first-start card goes away for this run (`loadlab gui --lesson …`).
    pub fn skip_welcome(&mut self) {
        self.chrome.skip_welcome();
    }

    /// The map view (its settings).
    pub fn map_view(&mut self) -> &mut super::map::MapView {
        &mut self.maps.map
    }

    /// Sets the front model's map axes (`loadlab map`'s `--x` and `--y`; the web page's test
    /// hook), or says why not.
    pub fn set_map_axes(&mut self, x: &str, y: &str) -> Result<(), String> {
        let model = self.desk.page().preset().scenario.model();
        self.maps.map.set_axes(model, x, y)
    }

    /// An embedded stage (the web page's `?embed=1`): presenter mode without the menu bar.
    pub fn embed(&mut self) {
        self.chrome.embedded = true;
        self.skip_welcome();
        self.send(Cmd::Presenter(true));
    }

    /// Shows the first-start card (as on a first start; the tests have no storage, so it does
    /// not show by itself there).
    pub fn show_welcome(&mut self) {
        self.chrome.welcome(false, true);
    }

    /// True while the first-start card is shown.
    pub fn welcome_shown(&self) -> bool {
        self.chrome.welcome_shown()
    }

    /// The regions and switches on screen (controls, plots, numbers, Hide the future, …).
    pub fn on_screen(&self) -> crate::ui::workspace::OnScreen {
        self.shown
    }

    /// File ▸ Open recent's files, the newest first.
    pub fn recent(&self) -> &super::files::Recent {
        &self.recent
    }

    /// True when the status bar shows information, not an error (or nothing).
    fn notice_is_info(&self) -> bool {
        self.chrome.notice().is_none_or(|n| !n.error)
    }

    /// The status-bar message, if any.
    pub fn notice(&self) -> Option<&str> {
        self.chrome.notice().map(|n| n.text.as_str())
    }

    /// True while a background job of the front workspace (or an export) runs: tests poll
    /// this instead of sleeping.
    pub fn busy(&mut self) -> bool {
        self.job_status().is_some()
    }

    /// Publishes the open question's secret as `probe` says from the next frame on (the
    /// lecture walk compares the window with and without it).
    pub fn probe_secret(&mut self, probe: super::reveal::SecretProbe) {
        self.secret_probe = probe;
    }

    /// Where the front workspace's picture and plots were drawn in the last frame, and what
    /// their content took (the layout tests check nothing is clipped).
    pub fn drawn(&self) -> &[Drawn] {
        &self.drawn
    }

    /// The scenario pinned as A for `model` (Compare A/B), if any.
    pub fn pinned(&self, model: ModelId) -> Option<&crate::model::registry::Scenario> {
        self.maps.pinned(model)
    }

    /// A's and B's step positions in the compare view (once it was shown for the front
    /// model).
    pub fn compare_positions(&mut self) -> Option<(usize, usize)> {
        let i = self.desk.active.index();
        self.maps
            .compare
            .positions(self.desk.active, self.tabs[i].as_mut())
    }

    /// The plot section the compare view overlays for the front model ("plot: S_N vs h").
    pub fn compare_section(&self) -> Option<String> {
        self.maps.compare.section(self.desk.active)
    }

    /// The legend names of the compare view's overlay plot ("A: …", "B: …") as drawn last.
    pub fn compare_overlay(&self) -> &[String] {
        self.maps.compare.overlay_names()
    }

    /// A single preset as saved: with the front model's pinned scenario A, so that a saved
    /// comparison opens as one again.
    fn with_pinned(&self, file: PresetFile) -> PresetFile {
        match file {
            PresetFile::Single(mut p) => {
                p.pinned = self.maps.pinned(p.scenario.model()).cloned();
                PresetFile::Single(p)
            }
            w => w,
        }
    }

    /// The last figure export requested: which figure, its rect on screen, the path.
    pub fn figure_shot(&self) -> Option<&FigureShot> {
        self.figure_shot.as_ref()
    }

    /// Queues a command, as a menu item would.
    pub fn send(&mut self, cmd: Cmd) {
        self.queued.push(cmd);
    }

    /// Plays `lesson` (a bundled one or any other) from its first step, as Help ▸ Lessons
    /// does; its commands are carried out in the next frame.
    pub fn start_lesson(&mut self, ctx: &egui::Context, lesson: crate::lesson::Lesson) {
        let cmds = self.teach.start(ctx, lesson);
        self.queued.extend(cmds);
    }

    /// The lesson being played, if any.
    pub fn lesson_player(&self) -> Option<&super::lesson::Player> {
        self.teach.player()
    }

    /// The front workspace's step bar position.
    pub fn step_position(&mut self) -> usize {
        self.tab().position()
    }

    /// The front workspace's view state as RON (which tab, which plot, …).
    pub fn front_view(&self) -> String {
        self.tabs[self.desk.active.index()].save_view()
    }

    /// The quiz windows' state.
    pub fn teach(&self) -> &super::lesson::Teach {
        &self.teach
    }

    /// What is in front in the centre (the workspace, the map, Compare A/B).
    pub fn front(&self) -> View {
        self.maps.front(self.desk.active)
    }

    fn tab(&mut self) -> &mut dyn Tab {
        self.tabs[self.desk.active.index()].as_mut()
    }

    fn info(&mut self, text: impl Into<String>) {
        self.chrome.post(text.into(), false);
    }

    /// Shows an error in the status bar (it stays until replaced), after the commands already
    /// sent: a start's own notices (presenter mode's "F5 to leave") do not replace the error
    /// of the address it was asked to open.
    pub fn show_error(&mut self, text: impl Into<String>) {
        self.send(Cmd::Fail(text.into()));
    }

    fn error(&mut self, text: impl Into<String>) {
        self.chrome.post(text.into(), true);
    }

    /// Opens a file of either kind as one undoable step; the opened model comes to the front
    /// at step 0.
    fn open(&mut self, file: PresetFile, path: Option<&Path>) {
        self.history.push(self.desk.clone());
        // A compare preset pins its scenario A, so the A/B table shows at once.
        if let PresetFile::Single(Preset {
            pinned: Some(a), ..
        }) = &file
        {
            self.maps.pin(a.clone());
        }
        let models: Vec<ModelId> = match &file {
            PresetFile::Single(p) => vec![p.scenario.model()],
            PresetFile::Workbook(w) => w.sheets.iter().map(|s| s.scenario.model()).collect(),
        };
        self.desk.open_file(file, path);
        self.opened += 1;
        for m in models {
            self.tabs[m.index()].rewind();
        }
    }

    /// Which page is in front: the model, the files opened and the lesson's step. A new one
    /// (another model, an opened file, Next in a lesson) is drawn from its top.
    fn page(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::hash::DefaultHasher::new();
        let step = self.teach.player().map(|p| (&p.lesson().name, p.index()));
        (self.desk.active.index(), self.opened, step).hash(&mut h);
        h.finish()
    }

    fn suggested_name(&self, action: FileAction) -> String {
        let name = match action {
            FileAction::SaveWorkbook => self.desk.workbook.clone().unwrap_or("lecture".into()),
            FileAction::HandInQuiz(m) => {
                let (student, _) = self.quiz_student(m);
                let who = if student.is_empty() {
                    "quiz".into()
                } else {
                    student
                };
                format!("{who} {} quiz", m.name())
            }
            FileAction::HandIn => {
                let scenario = &self.desk.page().scenario;
                let (student, _) = self.homework.student_for(scenario);
                let who = if student.is_empty() {
                    "attempt".into()
                } else {
                    student
                };
                format!("{who} {}", scenario.model_name())
            }
            FileAction::GradebookCsv => match &self.homework.gradebook {
                Some(g) => format!("{} grades", g.name()),
                None => "grades".into(),
            },
            _ => self.desk.page().name.clone(),
        };
        let stem = super::files::stem(&name);
        let stem = if stem.is_empty() { "scenario" } else { &stem };
        format!("{stem}.{}", action.ext())
    }

    fn ask_path(&mut self, ctx: &egui::Context, action: FileAction) {
        let name = self.suggested_name(action);
        let c = ctx.clone();
        self.dialogs
            .open(action, &name, move || c.request_repaint());
    }

    fn write(&mut self, path: PathBuf, file: PresetFile) {
        match preset::save_file(&path, &file) {
            Ok(()) => {
                self.desk.saved(&path, &file);
                let kind = match file {
                    PresetFile::Single(_) => super::files::RecentKind::Preset,
                    PresetFile::Workbook(_) => super::files::RecentKind::Workbook,
                };
                self.recent.push(&path, kind);
                self.info(format!("Saved {}", path.display()));
            }
            Err(e) => self.error(format!("Could not save: {e}")),
        }
    }

    /// The running job of the front workspace, or an export.
    fn job_status(&mut self) -> Option<JobStatus> {
        self.export
            .status()
            .or_else(|| self.figure_job.status())
            .or_else(|| self.share.status())
            .or_else(|| self.teach.job_status())
            .or_else(|| self.homework.gradebook.as_ref()?.status())
            .or_else(|| self.maps.status())
            .or_else(|| self.tab().job_status())
    }

    /// Takes in what finished off the UI thread: dialogs, screenshots, exports.
    fn finished(&mut self, ctx: &egui::Context) {
        if let Some(r) = self.dialogs.poll() {
            match r {
                DialogResult::Chosen(a, p) => {
                    let p = a.completed(p);
                    match a.refusal(&p) {
                        // Said next to the path, which the teacher corrects there.
                        Some(why) => {
                            self.chrome.ask_path(a, p.display().to_string());
                            self.chrome.explain_prompt(&why);
                        }
                        None => self.apply(ctx, Cmd::with_path(a, p)),
                    }
                }
                DialogResult::Cancelled => {}
                DialogResult::Unavailable(action) => {
                    self.apply(ctx, Cmd::PromptPath(action));
                    self.chrome.explain_prompt(
                        "No file dialog is available here (no xdg-desktop-portal is running). \
                         Type a path instead:",
                    );
                }
            }
        }
        while let Ok((path, written)) = self.shots.1.try_recv() {
            match written {
                Ok(()) => self.info(format!("Saved screenshot {}", path.display())),
                Err(e) => self.error(format!(
                    "Could not save the screenshot to {}: {e}",
                    path.display()
                )),
            }
        }
        if let Some((shot, written)) = self.figure_job.poll() {
            match written {
                Ok(()) => self.info(shot.done()),
                Err(e) => self.error(format!(
                    "Could not export the {} to {}: {e}",
                    shot.region.name(),
                    shot.path.display()
                )),
            }
        }
        if let Some(done) = self.share.animation.poll() {
            self.animated(done);
        }
        if let Some((dir, written)) = self.share.handout.poll() {
            match written {
                Ok(files) => self.info(match &files[..] {
                    [page] => format!(
                        "Exported the hand-out as one page, {} (any browser opens it, offline; \
                         print it for paper)",
                        page.file_name().unwrap_or_default().to_string_lossy()
                    ),
                    _ => format!(
                        "Exported the hand-out ({} files: pages, handout.pdf, index.html) to {}",
                        files.len(),
                        dir.display()
                    ),
                }),
                Err(e) => self.error(format!(
                    "Could not export the hand-out to {}: {e}",
                    dir.display()
                )),
            }
        }
        // The jobs whose status the status bar shows, whether or not they are drawn (a map
        // may be in front of the workspace, Compare's results in front of A's picture).
        self.tab().poll_jobs();
        self.maps.poll_jobs();
        if let Some((path, csv)) = self.export.poll() {
            // An error never lands in the file: nothing is written.
            match csv.map(|text| {
                crate::platform::files::write(&path, text.as_bytes()).map_err(|e| e.to_string())
            }) {
                Ok(Ok(())) => self.info(format!("Exported {}", path.display())),
                Ok(Err(e)) => self.error(format!("Could not export {}: {e}", path.display())),
                Err(e) => self.error(format!("Nothing exported: {e}")),
            }
        }
    }

    /// One frame (also driven by the tests through egui_kittest).
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let mut cmds: Vec<Cmd> = std::mem::take(&mut self.queued);
        // The lesson player takes ← / → first when it has the focus.
        // (Not while a reading window is open: PageDown stepped the lesson behind the
        // shortcuts.)
        if !self.chrome.reading() {
            cmds.extend(self.teach.keys(&ctx));
        }
        cmds.extend(super::commands::pressed(&ctx));
        let dropped = crate::platform::files::dropped(&ctx);
        cmds.extend(dropped.into_iter().map(Cmd::OpenPath));
        self.finished(&ctx);
        for c in cmds.drain(..) {
            self.apply(&ctx, c);
        }
        if let Some(said) = super::frame::take_said(&ctx) {
            self.info(said);
        }
        if let Some(asked) = super::frame::take_asked(&ctx) {
            self.copy_question(&ctx, &asked);
        }
        self.follow_window(&ctx);

        let before = self.desk.page().scenario.clone();
        let teaching = self.presenter.is_some() || self.teach.player().is_some();
        self.shown.stage = super::stage::is_stage(ui.available_width(), teaching);
        super::frame::publish_stage(&ctx, self.shown.stage);
        let turn = self.shown.exercise && self.shown.exercise_offered;
        super::frame::publish_your_turn(&ctx, turn);
        let replaying = self
            .homework
            .replay
            .as_ref()
            .is_some_and(|r| turn && r.attempt.scenario == self.desk.page().scenario);
        super::frame::publish_replaying(&ctx, replaying);
        let plots = self.shown.plots && self.shown.front == crate::ui::workspace::Region::Plots;
        super::frame::publish_plots_in_front(&ctx, self.shown.stage && plots);
        let column = self.shown.stage && super::stage::is_column(ui.available_width());
        super::frame::publish_column(&ctx, column);
        super::frame::publish_page(&ctx, self.page());
        cmds.extend(self.around(ui));
        // The open question's quantities are hidden by name on its own run only.
        let scenario = &self.desk.page().scenario;
        let secret = self.teach.secret().map(|s| s.shown(scenario));
        super::frame::publish_secret(&ctx, self.secret_probe.apply(secret));
        let i = self.desk.active.index();
        self.maps.compare.presenter = self.presenter.is_some();
        // What a window folded aside to the central area's corner covers is left empty: the
        // regions end above it (a plot's axis title stood under it).
        let corner = super::widgets::dialog::corner_room(&ctx, super::frame::centre(&ctx));
        let central = egui::CentralPanel::default().show(ui, |ui| {
            let mut room = ui.max_rect();
            room.max.y -= corner;
            let mut ui = ui.new_child(egui::UiBuilder::new().max_rect(room));
            self.drawn = self.maps.central(
                &mut ui,
                self.tabs[i].as_mut(),
                &mut self.desk.pages[i].scenario,
                &mut self.shown,
            );
            super::figure::buttons(&mut ui, &self.drawn)
        });
        self.publish_centre(&ctx, central.response.rect);
        let asked = central.inner;
        use super::figure::{Corner, Format};
        match asked {
            Some(Corner::Export(r, Format::Png)) => cmds.push(Cmd::ExportFigure(Some(r))),
            Some(Corner::Export(r, Format::Svg)) => cmds.push(Cmd::ExportFigureSvg(Some(r))),
            Some(Corner::Describe) => cmds.push(Cmd::DescribePicture),
            None => {}
        }
        cmds.extend(self.chrome.windows(&ctx, self.desk.active));
        cmds.extend(self.teach.windows(&ctx));
        cmds.extend(self.share.window(&ctx));
        cmds.extend(self.homework.window(&ctx, self.desk.active));
        cmds.extend(self.homework.unfinished_window(&ctx));
        self.homework.replay_window(&ctx);
        cmds.extend(crate::ui::gradebook::Gradebook::window(
            &mut self.homework.gradebook,
            &ctx,
        ));
        cmds.extend(crate::ui::quiz_review::QuizReview::window(
            &mut self.homework.quiz_review,
            &ctx,
        ));
        self.homework_tick();
        self.teach.tick(
            &mut self.shown,
            self.tabs[i].as_mut(),
            &self.desk.pages[i].scenario,
        );
        let i = self.desk.active.index();
        self.share
            .tick(self.tabs[i].as_mut(), &self.desk.pages[i].scenario);

        self.edited(&ctx, before);
        crate::ui::widgets::focus::ring_focused(&ctx);
        if let Some(to) = crate::ui::widgets::focus::unclaimed(&ctx) {
            self.info(to.missing());
        }
        let title = format!("loadlab — {}", self.desk.title());
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        // Menu clicks act after the frame that showed them.
        self.queued.extend(cmds);
        if !self.queued.is_empty() {
            ctx.request_repaint();
        }
    }

    /// Publishes the central area ([`super::frame::centre`]): the central `panel` under the
    /// toolbars (the desk draws its strip and "Show:" row inside the panel), from the top of
    /// the regions drawn.
    fn publish_centre(&self, ctx: &egui::Context, panel: egui::Rect) {
        let mut centre = panel;
        let top = self.drawn.iter().map(|d| d.room.top());
        let top = top.fold(f32::INFINITY, f32::min);
        centre.min.y = top.clamp(panel.top(), panel.bottom());
        super::frame::publish_centre(ctx, centre);
    }

    /// The chrome (menus, status bar, rail) and the lesson player around the centre.
    fn around(&mut self, ui: &mut egui::Ui) -> Vec<Cmd> {
        let job = self.job_status();
        let shell = Shell {
            desk: &self.desk,
            undo: (self.history.can_undo(), self.history.can_redo()),
            look: self.look,
            presenting: self.presenter.is_some(),
            full_screen: crate::platform::screen::is_full(ui.ctx()),
            stage: self.shown.stage,
            hide_future: self.shown.hide_future,
            map: self.maps.front(self.desk.active) == View::Map,
            job,
            recent: &self.recent,
            lesson: self.teach.player().is_some(),
            lesson_page: self.teach.player().map(|p| {
                let shown = !self.shown.stage || self.drawer.shows_lesson();
                (p.page_name(p.index()), shown)
            }),
            shelf: self.teach.shelved().collect(),
        };
        let mut cmds = self.chrome.bars(ui, &shell);
        if self.shown.stage {
            let i = self.desk.active.index();
            let scenario = &self.desk.pages[i].scenario;
            let rest = self.maps.stage_strip(ui, scenario, &mut self.shown);
            let compare = self.maps.front(self.desk.active) == View::Compare;
            let maps = &mut self.maps;
            let mut ab = |ui: &mut egui::Ui, b: &crate::model::registry::Scenario| {
                maps.compare.table_below(ui, b)
            };
            cmds.extend(self.drawer.show(
                ui,
                &mut self.shown,
                &mut self.teach,
                (self.tabs[i].as_mut(), &mut self.desk.pages[i].scenario),
                compare.then_some(&mut ab as &mut crate::ui::stage::AbTable<'_>),
            ));
            if rest {
                crate::ui::map::Maps::stage_toggles(ui, &mut self.shown);
            }
        } else {
            self.drawer.rect = None;
            cmds.extend(self.teach.panel(ui, self.presenter.is_some()));
        }
        cmds
    }

    /// Where the stage's drawer was drawn in the last frame (None: no stage, or folded).
    pub fn drawer_rect(&self) -> Option<egui::Rect> {
        self.drawer.rect
    }

    /// Undo: one entry per gesture (a whole slider drag is one edit); `before` is the front
    /// scenario as the frame began.
    fn edited(&mut self, ctx: &egui::Context, before: crate::model::registry::Scenario) {
        if self.desk.page().scenario != before {
            let mut start = self.desk.clone();
            start.page_mut().scenario = before;
            self.history.edited(start);
        }
        if !ctx.input(|i| i.pointer.any_down()) {
            self.history.end_gesture(&self.desk);
        }
    }

    /// Loads a preset file into the app (as File ▸ Open would once a path is chosen).
    pub fn open_path(&mut self, ctx: &egui::Context, path: &Path) {
        self.apply(ctx, Cmd::OpenPath(path.to_path_buf()));
    }
}

impl eframe::App for LoadlabApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.store(storage);
    }
}
