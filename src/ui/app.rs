//! The eframe application: the desk of five scenarios, the five workspaces, commands,
//! presets and workbooks, undo/redo, background export.
//!
//! Every user action (menu item, shortcut, button, dropped file, dialog result) becomes a
//! [`Cmd`]; [`LoadlabApp::apply`] is the one place that carries them out. The menus, rail,
//! status bar and windows are drawn by [`super::chrome`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

use serde::{Deserialize, Serialize};

use super::desk::{Desk, History, SaveTarget};
use super::figure::FigureShot;
use super::files::{DialogResult, Dialogs, FileAction, write_png};
use super::workspace::{Drawn, Region, Shown, StepCmd, Tab, Workspace};
use super::workspaces::divisible::DivisiblePanel;
use super::workspaces::geodecay::GeodecayPanel;
use super::workspaces::ksbf::KsbfPanel;
use super::workspaces::redistribute::RedistPanel;
use super::workspaces::treesweep::TreeSweepPanel;
use crate::jobs::{JobSlot, JobStatus};
use crate::preset::{self, BUNDLED, ModelId, Preset, PresetFile};

/// Light, dark, or follow the system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum ThemeChoice {
    /// Follow the OS.
    System,
    /// Light.
    #[default]
    Light,
    /// Dark.
    Dark,
}

/// What survives a restart (window geometry is persisted by eframe itself).
#[derive(Serialize, Deserialize, Default)]
#[serde(default)]
struct Persisted {
    desk: Desk,
    theme: ThemeChoice,
    shown: Shown,
    presenter: Option<Presenter>,
    /// Each workspace's view state as RON, by model name.
    views: BTreeMap<String, String>,
}

/// Every user action.
#[derive(Debug, Clone)]
pub enum Cmd {
    /// Bring a model's workspace to the front (its scenario is kept as it was).
    Switch(ModelId),
    /// File ▸ Open (dialog, or path field when no portal).
    Open,
    /// Open this file (one scenario or a workbook).
    OpenPath(PathBuf),
    /// Ctrl+S: the front scenario's own file, or ask.
    Save,
    /// Ctrl+Shift+S.
    SaveAs,
    /// Save the front scenario to this file.
    SaveTo(PathBuf),
    /// File ▸ Save workbook as….
    SaveWorkbookAs,
    /// Save all five scenarios to this file.
    SaveWorkbookTo(PathBuf),
    /// Load a bundled preset by index.
    Bundled(usize),
    /// Ctrl+Z.
    Undo,
    /// Ctrl+Shift+Z.
    Redo,
    /// Step bar shortcuts.
    Step(StepCmd),
    /// File ▸ Export CSV.
    ExportCsv,
    /// Write the CSV here.
    ExportCsvTo(PathBuf),
    /// File ▸ Save screenshot.
    Screenshot,
    /// Write the next frame as PNG here.
    ScreenshotTo(PathBuf),
    /// File ▸ Export figure… (None: the figure under the pointer, else the picture) or a
    /// figure's "↓ PNG" button.
    ExportFigure(Option<Region>),
    /// Draw the chosen figure off-screen at 2× and write it as PNG here.
    ExportFigureTo(PathBuf),
    /// View ▸ Theme.
    Theme(ThemeChoice),
    /// View ▸ Reset layout.
    ResetLayout,
    /// View ▸ Presenter mode (F5): larger type, the picture as big as possible.
    Presenter(bool),
    /// Cancel the running background jobs.
    CancelJobs,
    /// Type a path for an action (fallback when no dialog portal).
    PromptPath(FileAction),
    /// Help ▸ Lessons: play a bundled lesson (index in [`crate::lesson::BUNDLED`]).
    StartLesson(usize),
    /// Go to this step of the lesson being played.
    LessonStep(usize),
    /// Leave the lesson (the scenario on screen stays).
    LeaveLesson,
    /// Help ▸ Quiz me: the quiz window of a model.
    Quiz(ModelId),
    /// Load a scenario (a quiz question's "Show me").
    ShowScenario(Box<Preset>),
    /// Show an error in the status bar.
    Fail(String),
    /// Bring this view of the front model forward (`loadlab gui --view`).
    View(View),
}

/// The views of the front model [`Cmd::View`] opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The workspace (the A/B table under it when A is pinned).
    Workspace,
    /// The Map of two parameters (it starts computing when shown).
    Map,
    /// Compare A/B; the front scenario is pinned as A unless A is pinned already.
    Compare,
}

impl Cmd {
    /// The command that acts on a path chosen for `action`.
    pub fn with_path(action: FileAction, path: PathBuf) -> Cmd {
        match action {
            FileAction::OpenPreset => Cmd::OpenPath(path),
            FileAction::SavePreset => Cmd::SaveTo(path),
            FileAction::SaveWorkbook => Cmd::SaveWorkbookTo(path),
            FileAction::ExportCsv => Cmd::ExportCsvTo(path),
            FileAction::Screenshot => Cmd::ScreenshotTo(path),
            FileAction::Figure => Cmd::ExportFigureTo(path),
        }
    }
}

/// A message in the status bar (errors stay until replaced; information fades).
#[derive(Debug, Clone)]
pub(super) struct Notice {
    pub text: String,
    pub error: bool,
    /// When it was posted (`egui` input time), so information can fade after a while.
    pub since: Option<f64>,
}

/// The "type a path" window shown when no file dialog is available.
pub(super) struct PathPrompt {
    pub action: FileAction,
    pub text: String,
    pub reason: Option<String>,
    pub focused: bool,
}

/// Screenshot results come back from the renderer's callback through this channel.
type ShotChannel = (
    Sender<Result<PathBuf, String>>,
    Receiver<Result<PathBuf, String>>,
);

/// A figure export rasterizing in the background: what it is, and whether it was written.
type FigureDone = (FigureShot, Result<(), String>);

/// A CSV export running in the background: where it goes and what it produced.
type Export = (PathBuf, Result<String, String>);

/// Presenter mode: what to return to when it ends.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Presenter {
    /// The regions shown before.
    pub shown: Shown,
    /// The zoom factor before.
    pub zoom: f32,
}

/// Zoom factor of presenter mode (type about 1.5 × larger, for the back of the room).
pub const PRESENTER_ZOOM: f32 = 1.5;

/// Which windows are open.
#[derive(Default)]
pub(super) struct Windows {
    pub shortcuts: bool,
    pub help: bool,
    pub about: bool,
    pub errata: super::errata::Errata,
}

/// The application.
pub struct LoadlabApp {
    pub(super) desk: Desk,
    pub(super) history: History,
    /// One workspace per model, in [`ModelId::ALL`] order.
    pub(super) tabs: Vec<Box<dyn Tab>>,
    pub(super) theme: ThemeChoice,
    pub(super) notice: Option<Notice>,
    pub(super) dialogs: Dialogs,
    pub(super) prompt: Option<PathPrompt>,
    pub(super) windows: Windows,
    /// Which regions of the workspace are on screen.
    pub(super) shown: Shown,
    /// Set while presenter mode is on.
    pub(super) presenter: Option<Presenter>,
    /// Where the front workspace's regions were drawn in the last frame.
    drawn: Vec<Drawn>,
    queued: Vec<Cmd>,
    shots: ShotChannel,
    export: JobSlot<Export>,
    title: String,
    /// The lesson player and the quiz windows.
    pub(super) teach: super::lesson::Teach,
    /// The shared Map view and Compare A/B.
    pub(super) maps: super::map::Maps,
    /// The figure chosen by Export figure…, while its path is asked for.
    figure: Option<Region>,
    /// The last figure export requested (kept for the status and the tests).
    figure_shot: Option<FigureShot>,
    /// The figure export rasterizing and writing its PNG.
    figure_job: JobSlot<FigureDone>,
}

fn workspaces() -> Vec<Box<dyn Tab>> {
    ModelId::ALL.into_iter().map(fresh_tab).collect()
}

/// A new workspace of `model` with the default view (Compare A/B draws A with one).
pub(super) fn fresh_tab(model: ModelId) -> Box<dyn Tab> {
    fn make<W: Workspace>() -> Box<dyn Tab> {
        Box::new(W::default())
    }
    let tab = match model {
        ModelId::Divisible => make::<DivisiblePanel>(),
        ModelId::Geodecay => make::<GeodecayPanel>(),
        ModelId::TreeSweep => make::<TreeSweepPanel>(),
        ModelId::Ksbf => make::<KsbfPanel>(),
        ModelId::Redistribute => make::<RedistPanel>(),
    };
    debug_assert_eq!(tab.model(), model);
    tab
}

impl LoadlabApp {
    /// Builds the app, restoring the last session; `initial` (a preset given on the command
    /// line) is put in front of it.
    pub fn new(cc: &eframe::CreationContext<'_>, initial: Option<Preset>) -> Self {
        let restored: Persisted = cc
            .storage
            .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
            .unwrap_or_else(|| Persisted {
                desk: Desk::with(preset::default_preset()),
                ..Persisted::default()
            });
        let mut app = Self::with_state(restored);
        if let Some(p) = initial {
            if let Some(a) = &p.pinned {
                app.maps.pin(a.clone());
            }
            app.desk.open_preset(p, None);
        }
        super::install_fonts(&cc.egui_ctx);
        app.apply_theme(&cc.egui_ctx);
        app
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
            theme: s.theme,
            notice: None,
            dialogs: Dialogs::default(),
            prompt: None,
            windows: Windows::default(),
            shown: s.shown,
            presenter: s.presenter,
            drawn: Vec::new(),
            queued: Vec::new(),
            shots: channel(),
            export: JobSlot::default(),
            title: String::new(),
            teach: Default::default(),
            maps: Default::default(),
            figure: None,
            figure_shot: None,
            figure_job: JobSlot::default(),
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

    /// The status-bar message, if any.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_ref().map(|n| n.text.as_str())
    }

    /// True while a background job of the front workspace (or an export) runs: tests poll
    /// this instead of sleeping.
    pub fn busy(&mut self) -> bool {
        self.job_status().is_some()
    }

    /// Where the front workspace's picture and plots were drawn in the last frame, and what
    /// their content took (the layout tests check nothing is clipped).
    pub fn drawn(&self) -> &[Drawn] {
        &self.drawn
    }

    /// The scenario pinned as A for `model` (Compare A/B), if any.
    pub fn pinned(&self, model: ModelId) -> Option<&preset::Scenario> {
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

    pub(super) fn tab(&mut self) -> &mut dyn Tab {
        self.tabs[self.desk.active.index()].as_mut()
    }

    pub(super) fn apply_theme(&self, ctx: &egui::Context) {
        ctx.set_theme(match self.theme {
            ThemeChoice::System => egui::ThemePreference::System,
            ThemeChoice::Light => egui::ThemePreference::Light,
            ThemeChoice::Dark => egui::ThemePreference::Dark,
        });
    }

    pub(super) fn info(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            error: false,
            since: None,
        });
    }

    /// Shows an error in the status bar (it stays until replaced).
    pub fn show_error(&mut self, text: impl Into<String>) {
        self.error(text);
    }

    pub(super) fn error(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            error: true,
            since: None,
        });
    }

    /// Shows view `v` of the front model.
    fn show_view(&mut self, v: View) {
        let scenario = self.desk.page().scenario.clone();
        let model = scenario.model();
        match v {
            View::Workspace => {
                self.maps.map.open = false;
                self.maps.compare.side_by_side = false;
            }
            View::Map => self.maps.map.open = true,
            View::Compare => {
                if self.maps.pinned(model).is_none() {
                    self.maps.pin(scenario);
                }
                self.maps.compare.side_by_side = true;
                self.maps.map.open = false;
            }
        }
    }

    /// Opens a file of either kind as one undoable step; the opened model comes to the front
    /// at step 0.
    pub(super) fn open(&mut self, file: PresetFile, path: Option<&Path>) {
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
        for m in models {
            self.tabs[m.index()].rewind();
        }
    }

    fn suggested_name(&self, action: FileAction) -> String {
        let name = match action {
            FileAction::SaveWorkbook => self.desk.workbook.clone().unwrap_or("lecture".into()),
            _ => self.desk.page().name.clone(),
        };
        let stem: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        let stem = stem.trim_matches('-').to_string();
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
                self.info(format!("Saved {}", path.display()));
            }
            Err(e) => self.error(format!("Could not save: {e}")),
        }
    }

    /// Carries out one command.
    pub fn apply(&mut self, ctx: &egui::Context, cmd: Cmd) {
        match cmd {
            Cmd::Switch(m) => {
                if m != self.desk.active {
                    self.history.push(self.desk.clone());
                    self.desk.active = m;
                }
            }
            Cmd::Open => self.ask_path(ctx, FileAction::OpenPreset),
            // A lesson file starts the lesson player; anything else opens as a preset.
            Cmd::OpenPath(path) if super::lesson::sniff(&path).is_some() => {
                match super::lesson::sniff(&path) {
                    Some(Ok(lesson)) => self.start_lesson(ctx, lesson),
                    Some(Err(e)) => self.error(format!("Could not open lesson: {e}")),
                    None => {}
                }
            }
            Cmd::OpenPath(path) => match preset::load_file(&path) {
                Ok(f) => {
                    let what = match &f {
                        PresetFile::Single(p) => p.name.clone(),
                        PresetFile::Workbook(w) => format!("workbook “{}”", w.name),
                    };
                    self.open(f, Some(&path));
                    self.info(format!("Opened {} — {what}", path.display()));
                }
                // The current state stays untouched; the message names file, line, column.
                Err(e) => self.error(format!("Could not open preset: {e}")),
            },
            Cmd::Save => match self.desk.save_target() {
                SaveTarget::Write(path, file) => {
                    let file = self.with_pinned(file);
                    self.write(path, file)
                }
                SaveTarget::Ask => self.apply(ctx, Cmd::SaveAs),
            },
            Cmd::SaveAs => self.ask_path(ctx, FileAction::SavePreset),
            Cmd::SaveTo(path) => {
                let file = self.with_pinned(PresetFile::Single(self.desk.single_for(&path)));
                self.write(path, file);
            }
            Cmd::SaveWorkbookAs => self.ask_path(ctx, FileAction::SaveWorkbook),
            Cmd::SaveWorkbookTo(path) => {
                let name = self.desk.workbook.clone().unwrap_or_else(|| {
                    path.file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_else(|| "lecture".into())
                });
                let file = PresetFile::Workbook(self.desk.workbook(&name));
                self.write(path, file);
            }
            Cmd::Bundled(i) => match BUNDLED.get(i).map(|b| b.preset()) {
                Some(Ok(p)) => {
                    let name = p.name.clone();
                    self.open(PresetFile::Single(p), None);
                    self.info(format!("Loaded bundled preset: {name}"));
                }
                Some(Err(e)) => self.error(format!("Bundled preset is broken: {e}")),
                None => {}
            },
            Cmd::Undo => {
                if let Some(prev) = self.history.undo(self.desk.clone()) {
                    self.desk = prev;
                    self.info("Undone");
                }
            }
            Cmd::Redo => {
                if let Some(next) = self.history.redo(self.desk.clone()) {
                    self.desk = next;
                    self.info("Redone");
                }
            }
            Cmd::Step(s) => {
                let i = self.desk.active.index();
                self.tabs[i].step(s, &self.desk.pages[i].scenario);
            }
            Cmd::ExportCsv => self.ask_path(ctx, FileAction::ExportCsv),
            Cmd::ExportCsvTo(path) => {
                let scenario = self.desk.page().scenario.clone();
                let c = ctx.clone();
                self.export.submit(
                    format!("exporting {}", path.display()),
                    move || c.request_repaint(),
                    move |p| {
                        let csv = crate::report::csv(&scenario, p);
                        if p.cancelled() {
                            return Err(crate::model::Cancelled);
                        }
                        Ok((path, csv.map_err(|e| e.to_string())))
                    },
                );
            }
            Cmd::Screenshot => self.ask_path(ctx, FileAction::Screenshot),
            Cmd::ScreenshotTo(path) => {
                let tx = self.shots.0.clone();
                let c = ctx.clone();
                ctx.request_screenshot(move |image| {
                    let [w, h] = image.size;
                    let result = write_png(&path, w, h, image.as_raw()).map(|()| path.clone());
                    let _ = tx.send(result);
                    c.request_repaint();
                });
                self.info("Taking a screenshot…");
            }
            Cmd::ExportFigure(asked) => {
                let pointer = ctx.pointer_latest_pos();
                match super::figure::choose(&self.drawn, asked, pointer) {
                    Some(d) => {
                        self.figure = Some(d.region);
                        self.ask_path(ctx, FileAction::Figure);
                    }
                    None => self.error("No figure is on screen to export"),
                }
            }
            Cmd::ExportFigureTo(path) => {
                let Some(d) = super::figure::choose(&self.drawn, self.figure.take(), None) else {
                    self.error("No figure is on screen to export");
                    return;
                };
                self.export_figure(ctx, d, path);
            }
            Cmd::Theme(t) => {
                self.theme = t;
                self.apply_theme(ctx);
            }
            Cmd::Presenter(on) => match (on, self.presenter) {
                (true, None) => {
                    self.presenter = Some(Presenter {
                        shown: self.shown,
                        zoom: ctx.zoom_factor(),
                    });
                    self.shown = Shown {
                        hide_future: self.shown.hide_future,
                        ..Shown::PRESENTER
                    };
                    ctx.set_zoom_factor(PRESENTER_ZOOM);
                    self.info("Presenter mode: F5 or View ▸ Presenter mode to leave");
                }
                (false, Some(before)) => {
                    self.presenter = None;
                    self.shown = Shown {
                        hide_future: self.shown.hide_future,
                        ..before.shown
                    };
                    ctx.set_zoom_factor(before.zoom);
                    self.info("Presenter mode off");
                }
                _ => {}
            },
            Cmd::ResetLayout => {
                ctx.memory_mut(|m| *m = egui::Memory::default());
                self.shown = Shown::default();
                if self.presenter.take().is_some() {
                    ctx.set_zoom_factor(1.0);
                }
                for t in &mut self.tabs {
                    t.reset_view();
                }
                self.apply_theme(ctx);
                self.info("Layout reset");
            }
            Cmd::CancelJobs => {
                self.tab().cancel_jobs();
                self.maps.cancel();
                self.export.cancel();
                self.figure_job.cancel();
                self.info("Cancelled");
            }
            Cmd::PromptPath(action) => {
                let text = match (action, &self.desk.page().file) {
                    (FileAction::SavePreset, Some(f)) if !f.workbook => {
                        f.path.display().to_string()
                    }
                    (FileAction::SaveWorkbook, Some(f)) if f.workbook => {
                        f.path.display().to_string()
                    }
                    _ => String::new(),
                };
                self.prompt = Some(PathPrompt {
                    action,
                    text,
                    reason: None,
                    focused: false,
                });
            }
            Cmd::StartLesson(i) => match crate::lesson::BUNDLED.get(i).map(|b| b.lesson()) {
                Some(Ok(l)) => self.start_lesson(ctx, l),
                Some(Err(e)) => self.error(format!("Bundled lesson is broken: {e}")),
                None => {}
            },
            Cmd::LessonStep(i) => self.lesson_go(i),
            Cmd::LeaveLesson => self.leave_lesson(),
            Cmd::Quiz(m) => self.open_quiz(ctx, m),
            Cmd::ShowScenario(p) => {
                let name = p.name.clone();
                self.open(PresetFile::Single(*p), None);
                self.info(format!("Loaded {name}"));
            }
            Cmd::Fail(e) => self.error(e),
            Cmd::View(v) => self.show_view(v),
        }
    }

    /// Draws figure `d` off-screen at the export scale (on this thread: it borrows the
    /// workspace), then rasterizes and writes it in the background.
    fn export_figure(&mut self, ctx: &egui::Context, d: Drawn, path: PathBuf) {
        let scale = super::figure::export_scale(ctx);
        let i = self.desk.active.index();
        let mut scenario = self.desk.pages[i].scenario.clone();
        let tab = self.tabs[i].as_mut();
        let maps = &mut self.maps;
        let scene = super::figure::render(ctx, d.room.size(), scale, |ui| match d.region {
            Region::Map => maps.draw_map(ui, &mut scenario),
            r => tab.draw_region(ui, &mut scenario, r),
        });
        let scene = match scene {
            Ok(s) => s,
            Err(e) => {
                self.error(format!(
                    "Could not export the {}: {e}",
                    super::figure::name(d.region)
                ));
                return;
            }
        };
        let shot = FigureShot {
            region: d.region,
            rect: d.room,
            pixels: scene.size,
            scale: scene.scale,
            path: path.clone(),
        };
        self.info(format!(
            "Exporting the {}…",
            super::figure::name(shot.region)
        ));
        self.figure_shot = Some(shot.clone());
        let c = ctx.clone();
        self.figure_job.submit(
            format!("exporting {}", path.display()),
            move || c.request_repaint(),
            move |p| {
                let rgba = scene.rasterize();
                // Cancelled: nothing is written.
                if p.cancelled() {
                    return Err(crate::model::Cancelled);
                }
                let written = rgba.and_then(|rgba| scene.write(&path, &rgba));
                Ok((shot, written))
            },
        );
    }

    /// The running job of the front workspace, or an export.
    pub(super) fn job_status(&mut self) -> Option<JobStatus> {
        let status = |label: &str, fraction: f32| JobStatus {
            label: label.to_string(),
            fraction,
        };
        let export = self
            .export
            .running()
            .map(|j| status(j.label(), j.fraction()))
            .or_else(|| {
                self.figure_job
                    .running()
                    .map(|j| status(j.label(), j.fraction()))
            });
        export
            .or_else(|| self.teach.job_status())
            .or_else(|| self.maps.status())
            .or_else(|| self.tab().job_status())
    }

    /// Takes in what finished off the UI thread: dialogs, screenshots, exports.
    fn finished(&mut self, ctx: &egui::Context) {
        if let Some(r) = self.dialogs.poll() {
            match r {
                DialogResult::Chosen(a, p) => self.apply(ctx, Cmd::with_path(a, p)),
                DialogResult::Cancelled => {}
                DialogResult::Unavailable(action) => {
                    self.apply(ctx, Cmd::PromptPath(action));
                    if let Some(p) = &mut self.prompt {
                        p.reason = Some(
                            "No file dialog is available here (no xdg-desktop-portal is running). Type a path instead:".into(),
                        );
                    }
                }
            }
        }
        while let Ok(r) = self.shots.1.try_recv() {
            match r {
                Ok(p) => self.info(format!("Saved screenshot {}", p.display())),
                Err(e) => self.error(format!("Could not save the screenshot: {e}")),
            }
        }
        if let Some((shot, written)) = self.figure_job.poll() {
            match written {
                Ok(()) => self.info(shot.done()),
                Err(e) => self.error(format!(
                    "Could not export the {} to {}: {e}",
                    super::figure::name(shot.region),
                    shot.path.display()
                )),
            }
        }
        if let Some((path, csv)) = self.export.poll() {
            // An error never lands in the file: nothing is written.
            match csv.map(|text| std::fs::write(&path, text).map_err(|e| e.to_string())) {
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
        cmds.extend(super::lesson::keys(self, &ctx));
        cmds.extend(super::chrome::shortcuts(self, &ctx));
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        cmds.extend(dropped.into_iter().map(Cmd::OpenPath));
        self.finished(&ctx);
        for c in cmds.drain(..) {
            self.apply(&ctx, c);
        }

        let before = self.desk.page().scenario.clone();
        super::chrome::chrome(self, ui, &mut cmds);
        super::lesson::panel(self, ui, &mut cmds);
        let i = self.desk.active.index();
        self.maps.compare.presenter = self.presenter.is_some();
        egui::CentralPanel::default().show(ui, |ui| {
            self.drawn = self.maps.central(
                ui,
                self.tabs[i].as_mut(),
                &mut self.desk.pages[i].scenario,
                &mut self.shown,
            );
        });
        if let Some(r) = super::figure::buttons(&ctx, &self.drawn) {
            cmds.push(Cmd::ExportFigure(Some(r)));
        }
        super::chrome::windows(self, &ctx, &mut cmds);
        super::lesson::windows(self, &ctx, &mut cmds);
        self.teach_tick();

        // Undo: one entry per gesture (a whole slider drag is one edit).
        if self.desk.page().scenario != before {
            let mut start = self.desk.clone();
            start.page_mut().scenario = before;
            self.history.edited(start);
        }
        if !ctx.input(|i| i.pointer.any_down()) {
            self.history.end_gesture(&self.desk);
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
        let state = Persisted {
            desk: self.desk.clone(),
            theme: self.theme,
            shown: self.shown,
            presenter: self.presenter,
            views: self
                .tabs
                .iter()
                .map(|t| (t.model().name().to_string(), t.save_view()))
                .collect(),
        };
        eframe::set_value(storage, eframe::APP_KEY, &state);
    }
}
