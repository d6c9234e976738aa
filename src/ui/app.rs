//! The eframe application: model rail, menus, shortcuts, presets, undo/redo, status bar.
//!
//! Every user action (menu item, shortcut, button, dropped file, dialog result) becomes a
//! [`Cmd`]; [`LoadlabApp::apply`] is the one place that carries them out.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

use egui::{Key, KeyboardShortcut, Modifiers, RichText};
use serde::{Deserialize, Serialize};

use super::files::{DialogResult, Dialogs, FileAction, write_png};
use super::help;
use super::panels::divisible::{DivisiblePanel, DivisibleView};
use super::panels::geodecay::{GeodecayPanel, GeodecayView};
use super::panels::ksbf::{KsbfPanel, KsbfView};
use super::panels::redistribute::{RedistPanel, RedistView};
use super::panels::treesweep::{TreeSweepPanel, TreeSweepView};
use super::panels::{JobStatus, StepCmd};
use crate::model::divisible::DivisibleParams;
use crate::model::geodecay::GeoParams;
use crate::model::ksbf::KsbfParams;
use crate::model::redistribute::params::RedistParams;
use crate::model::treesweep::TreeSweepParams;
use crate::preset::{self, BUNDLED, Preset, Scenario};

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
#[derive(Serialize, Deserialize)]
#[serde(default)]
struct Persisted {
    preset: Preset,
    path: Option<PathBuf>,
    theme: ThemeChoice,
    divisible: DivisibleView,
    geodecay: GeodecayView,
    treesweep: TreeSweepView,
    ksbf: KsbfView,
    redistribute: RedistView,
}

impl Default for Persisted {
    fn default() -> Self {
        Persisted {
            preset: preset::default_preset(),
            path: None,
            theme: ThemeChoice::default(),
            divisible: DivisibleView::default(),
            geodecay: GeodecayView::default(),
            treesweep: TreeSweepView::default(),
            ksbf: KsbfView::default(),
            redistribute: RedistView::default(),
        }
    }
}

/// Every user action.
#[derive(Debug, Clone)]
pub enum Cmd {
    /// File ▸ Open (dialog, or path field when no portal).
    Open,
    /// Open this file.
    OpenPath(PathBuf),
    /// Ctrl+S.
    Save,
    /// Ctrl+Shift+S.
    SaveAs,
    /// Save to this file.
    SaveTo(PathBuf),
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
    /// View ▸ Theme.
    Theme(ThemeChoice),
    /// View ▸ Reset layout.
    ResetLayout,
    /// Cancel the running background job.
    CancelJobs,
    /// Type a path for an action (fallback when no dialog portal).
    PromptPath(FileAction),
}

/// A message in the status bar (errors stay until replaced).
#[derive(Debug, Clone)]
struct Notice {
    text: String,
    error: bool,
}

struct PathPrompt {
    action: FileAction,
    text: String,
    reason: Option<String>,
    focused: bool,
}

/// One entry of the model rail.
struct ModelEntry {
    name: &'static str,
    hover: &'static str,
    is: fn(&Scenario) -> bool,
    make: fn() -> Scenario,
}

/// The implemented models, in rail order.
const MODELS: [ModelEntry; 5] = [
    ModelEntry {
        name: "Divisible load\non trees & pyramids",
        hover: "Li (2011): classic method C vs pipelined P and Q on complete b-ary trees and pyramids",
        is: |s| matches!(s, Scenario::Divisible(_)),
        make: || Scenario::Divisible(DivisibleParams::default()),
    },
    ModelEntry {
        name: "Geometric-decaying\nalgorithms",
        hover: "Gil & Matias: when to load-balance — standard (O(lg ℓ)) vs improved (O(lg* ℓ)) policy",
        is: |s| matches!(s, Scenario::Geodecay(_)),
        make: || Scenario::Geodecay(GeoParams::default()),
    },
    ModelEntry {
        name: "Tree sweeps\nunder latency τ",
        hover: "Gao, Rosenberg & Sitaraman: optimal clustering (Fine-Grain) vs P.Y for up/down sweeps of a complete binary tree",
        is: |s| matches!(s, Scenario::TreeSweep(_)),
        make: || Scenario::TreeSweep(TreeSweepParams::default()),
    },
    ModelEntry {
        name: "KS-BF on a ring",
        hover: "Gao & Rosenberg: Keep-left-Send-right balancing with breadth-first scheduling of growing trees and grids on a ring",
        is: |s| matches!(s, Scenario::Ksbf(_)),
        make: || Scenario::Ksbf(KsbfParams::default()),
    },
    ModelEntry {
        name: "Redistribution\non rings",
        hover: "Renard, Robert & Vivien: optimal data redistribution on uni/bidirectional, homogeneous/heterogeneous rings (Algorithms 1–3, System 6)",
        is: |s| matches!(s, Scenario::Redistribute(_)),
        make: || Scenario::Redistribute(RedistParams::default()),
    },
];

/// Screenshot results come back from the renderer's callback through this channel.
type ShotChannel = (
    Sender<Result<PathBuf, String>>,
    Receiver<Result<PathBuf, String>>,
);

/// The application.
pub struct LoadlabApp {
    preset: Preset,
    /// The scenario as last opened or saved: edits since then mark the title "modified".
    baseline: Scenario,
    path: Option<PathBuf>,
    theme: ThemeChoice,
    undo: Vec<Scenario>,
    redo: Vec<Scenario>,
    edit_base: Option<Scenario>,
    divisible: DivisiblePanel,
    geodecay: GeodecayPanel,
    treesweep: TreeSweepPanel,
    ksbf: KsbfPanel,
    redistribute: RedistPanel,
    notice: Option<Notice>,
    dialogs: Dialogs,
    prompt: Option<PathPrompt>,
    show_shortcuts: bool,
    show_help: bool,
    show_about: bool,
    queued: Vec<Cmd>,
    shots: ShotChannel,
}

impl LoadlabApp {
    /// Builds the app, restoring the last session unless `initial` is given.
    pub fn new(cc: &eframe::CreationContext<'_>, initial: Option<Preset>) -> Self {
        let restored: Persisted = cc
            .storage
            .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
            .unwrap_or_default();
        let mut app = Self::with_state(restored);
        if let Some(p) = initial {
            app.baseline = p.scenario.clone();
            app.preset = p;
            app.path = None;
        }
        super::install_fonts(&cc.egui_ctx);
        app.apply_theme(&cc.egui_ctx);
        app
    }

    fn with_state(s: Persisted) -> Self {
        LoadlabApp {
            baseline: s.preset.scenario.clone(),
            preset: s.preset,
            path: s.path,
            theme: s.theme,
            undo: Vec::new(),
            redo: Vec::new(),
            edit_base: None,
            divisible: DivisiblePanel::new(s.divisible),
            geodecay: GeodecayPanel::new(s.geodecay),
            treesweep: TreeSweepPanel::new(s.treesweep),
            ksbf: KsbfPanel::new(s.ksbf),
            redistribute: RedistPanel::new(s.redistribute),
            notice: None,
            dialogs: Dialogs::default(),
            prompt: None,
            show_shortcuts: false,
            show_help: false,
            show_about: false,
            queued: Vec::new(),
            shots: channel(),
        }
    }

    /// The current preset (name, description, scenario).
    pub fn preset(&self) -> &Preset {
        &self.preset
    }

    /// The status-bar message, if any.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_ref().map(|n| n.text.as_str())
    }

    /// Queues a command, as a menu item would.
    pub fn send(&mut self, cmd: Cmd) {
        self.queued.push(cmd);
    }

    fn apply_theme(&self, ctx: &egui::Context) {
        ctx.set_theme(match self.theme {
            ThemeChoice::System => egui::ThemePreference::System,
            ThemeChoice::Light => egui::ThemePreference::Light,
            ThemeChoice::Dark => egui::ThemePreference::Dark,
        });
    }

    fn info(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            error: false,
        });
    }

    fn error(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            error: true,
        });
    }

    /// Replaces the scenario as one undoable edit.
    fn replace_scenario(&mut self, preset: Preset) {
        self.commit_edit();
        if preset.scenario != self.preset.scenario {
            self.undo.push(self.preset.scenario.clone());
            self.redo.clear();
        }
        self.baseline = preset.scenario.clone();
        self.preset = preset;
    }

    fn commit_edit(&mut self) {
        if let Some(base) = self.edit_base.take()
            && base != self.preset.scenario
        {
            self.undo.push(base);
            self.redo.clear();
        }
    }

    fn suggested_name(&self) -> String {
        let stem: String = self
            .preset
            .name
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
        if stem.is_empty() {
            "scenario".into()
        } else {
            stem
        }
    }

    fn ask_path(&mut self, ctx: &egui::Context, action: FileAction) {
        let ext = match action {
            FileAction::OpenPreset | FileAction::SavePreset => "ron",
            FileAction::ExportCsv => "csv",
            FileAction::Screenshot => "png",
        };
        let name = format!("{}.{ext}", self.suggested_name());
        let c = ctx.clone();
        self.dialogs
            .open(action, &name, move || c.request_repaint());
    }

    /// Carries out one command.
    pub fn apply(&mut self, ctx: &egui::Context, cmd: Cmd) {
        match cmd {
            Cmd::Open => self.ask_path(ctx, FileAction::OpenPreset),
            Cmd::OpenPath(path) => match preset::load(&path) {
                Ok(p) => {
                    let name = p.name.clone();
                    self.replace_scenario(p);
                    self.path = Some(path.clone());
                    self.info(format!("Opened {} — {name}", path.display()));
                }
                // The current state stays untouched; the message names file, line, column.
                Err(e) => self.error(format!("Could not open preset: {e}")),
            },
            Cmd::Save => match self.path.clone() {
                Some(p) => self.apply(ctx, Cmd::SaveTo(p)),
                None => self.apply(ctx, Cmd::SaveAs),
            },
            Cmd::SaveAs => self.ask_path(ctx, FileAction::SavePreset),
            Cmd::SaveTo(path) => {
                // An edited scenario saved under a new name is no longer the preset it came
                // from: name it after the file and say what it was based on.
                if self.preset.scenario != self.baseline
                    && let Some(stem) = path.file_stem().map(|s| s.to_string_lossy().into_owned())
                    && stem != self.preset.name
                {
                    self.preset.description = format!(
                        "Based on “{}”. {}",
                        self.preset.name, self.preset.description
                    );
                    self.preset.name = stem;
                }
                self.save_to(path);
            }
            Cmd::Bundled(i) => match BUNDLED.get(i).map(|b| b.preset()) {
                Some(Ok(p)) => {
                    let name = p.name.clone();
                    self.replace_scenario(p);
                    self.path = None;
                    self.info(format!("Loaded bundled preset: {name}"));
                }
                Some(Err(e)) => self.error(format!("Bundled preset is broken: {e}")),
                None => {}
            },
            Cmd::Undo => {
                self.commit_edit();
                if let Some(prev) = self.undo.pop() {
                    self.redo
                        .push(std::mem::replace(&mut self.preset.scenario, prev));
                    self.info("Undone");
                }
            }
            Cmd::Redo => {
                self.commit_edit();
                if let Some(next) = self.redo.pop() {
                    self.undo
                        .push(std::mem::replace(&mut self.preset.scenario, next));
                    self.info("Redone");
                }
            }
            Cmd::Step(s) => match &self.preset.scenario {
                Scenario::Divisible(p) => {
                    let p = p.clone();
                    self.divisible.step(s, &p);
                }
                Scenario::Geodecay(p) => {
                    let p = p.clone();
                    self.geodecay.step(s, &p);
                }
                Scenario::TreeSweep(_) => self.treesweep.step(s),
                Scenario::Ksbf(p) => {
                    let p = p.clone();
                    self.ksbf.step(s, &p);
                }
                Scenario::Redistribute(p) => {
                    let p = p.clone();
                    self.redistribute.step(s, &p);
                }
            },
            Cmd::ExportCsv => self.ask_path(ctx, FileAction::ExportCsv),
            Cmd::ExportCsvTo(path) => {
                let text = match &self.preset.scenario {
                    Scenario::Divisible(p) => self.divisible.csv(p),
                    Scenario::Geodecay(p) => self.geodecay.csv(p),
                    Scenario::TreeSweep(p) => self.treesweep.csv(p),
                    Scenario::Ksbf(p) => crate::cli::ksbf_report(p, true, false)
                        .or_else(|_| crate::cli::ksbf_report(p, false, false))
                        .unwrap_or_else(|e| e.to_string()),
                    Scenario::Redistribute(p) => self.redistribute.csv(p),
                };
                match std::fs::write(&path, text) {
                    Ok(()) => self.info(format!("Exported {}", path.display())),
                    Err(e) => self.error(format!("Could not export {}: {e}", path.display())),
                }
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
            Cmd::Theme(t) => {
                self.theme = t;
                self.apply_theme(ctx);
            }
            Cmd::ResetLayout => {
                ctx.memory_mut(|m| *m = egui::Memory::default());
                self.divisible.view = DivisibleView::default();
                self.geodecay.view = GeodecayView::default();
                self.treesweep.view = TreeSweepView::default();
                self.ksbf.view = KsbfView::default();
                self.redistribute.view = RedistView::default();
                self.apply_theme(ctx);
                self.info("Layout reset");
            }
            Cmd::CancelJobs => {
                self.divisible.cancel_jobs();
                self.geodecay.cancel_jobs();
                self.treesweep.cancel_jobs();
                self.ksbf.cancel_jobs();
                self.redistribute.cancel_jobs();
                self.info("Cancelled");
            }
            Cmd::PromptPath(action) => {
                self.prompt = Some(PathPrompt {
                    action,
                    text: match action {
                        FileAction::OpenPreset => String::new(),
                        _ => self
                            .path
                            .as_ref()
                            .filter(|_| action == FileAction::SavePreset)
                            .map(|p| p.display().to_string())
                            .unwrap_or_default(),
                    },
                    reason: None,
                    focused: false,
                })
            }
        }
    }

    fn save_to(&mut self, path: PathBuf) {
        match preset::save(&path, &self.preset) {
            Ok(()) => {
                self.path = Some(path.clone());
                self.baseline = self.preset.scenario.clone();
                self.info(format!("Saved {}", path.display()));
            }
            Err(e) => self.error(format!("Could not save: {e}")),
        }
    }

    fn path_chosen(&mut self, ctx: &egui::Context, action: FileAction, path: PathBuf) {
        let cmd = match action {
            FileAction::OpenPreset => Cmd::OpenPath(path),
            FileAction::SavePreset => Cmd::SaveTo(path),
            FileAction::ExportCsv => Cmd::ExportCsvTo(path),
            FileAction::Screenshot => Cmd::ScreenshotTo(path),
        };
        self.apply(ctx, cmd);
    }

    fn shortcuts(&mut self, ctx: &egui::Context) -> Vec<Cmd> {
        let mut cmds = Vec::new();
        let typing = ctx.egui_wants_keyboard_input();
        let ctrl = Modifiers::COMMAND;
        let ctrl_shift = Modifiers::COMMAND | Modifiers::SHIFT;
        ctx.input_mut(|i| {
            // Longest modifiers first, so Ctrl+Shift+S is not taken for Ctrl+S.
            if i.consume_shortcut(&KeyboardShortcut::new(ctrl_shift, Key::S)) {
                cmds.push(Cmd::SaveAs);
            }
            if i.consume_shortcut(&KeyboardShortcut::new(ctrl, Key::S)) {
                cmds.push(Cmd::Save);
            }
            if i.consume_shortcut(&KeyboardShortcut::new(ctrl, Key::O)) {
                cmds.push(Cmd::Open);
            }
            if !typing {
                if i.consume_shortcut(&KeyboardShortcut::new(ctrl_shift, Key::Z))
                    || i.consume_shortcut(&KeyboardShortcut::new(ctrl, Key::Y))
                {
                    cmds.push(Cmd::Redo);
                }
                if i.consume_shortcut(&KeyboardShortcut::new(ctrl, Key::Z)) {
                    cmds.push(Cmd::Undo);
                }
                let keys = [
                    (Key::Space, StepCmd::TogglePlay),
                    (Key::ArrowLeft, StepCmd::Back),
                    (Key::ArrowRight, StepCmd::Forward),
                    (Key::Home, StepCmd::First),
                    (Key::End, StepCmd::Last),
                ];
                for (k, s) in keys {
                    if i.consume_key(Modifiers::NONE, k) {
                        cmds.push(Cmd::Step(s));
                    }
                }
            }
            if i.consume_key(Modifiers::NONE, Key::F1) {
                self.show_help = true;
            }
        });
        cmds
    }

    fn menu_bar(&mut self, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.button("Open preset…  (Ctrl+O)").clicked() {
                    cmds.push(Cmd::Open);
                }
                if ui.button("Open preset by path…").clicked() {
                    cmds.push(Cmd::PromptPath(FileAction::OpenPreset));
                }
                ui.menu_button("Bundled presets", |ui| {
                    for (i, b) in BUNDLED.iter().enumerate() {
                        let name = b
                            .preset()
                            .map(|p| p.name)
                            .unwrap_or_else(|_| b.file.to_string());
                        if ui.button(name).on_hover_text(b.file).clicked() {
                            cmds.push(Cmd::Bundled(i));
                        }
                    }
                });
                ui.separator();
                if ui.button("Save  (Ctrl+S)").clicked() {
                    cmds.push(Cmd::Save);
                }
                if ui.button("Save as…  (Ctrl+Shift+S)").clicked() {
                    cmds.push(Cmd::SaveAs);
                }
                if ui.button("Save as by path…").clicked() {
                    cmds.push(Cmd::PromptPath(FileAction::SavePreset));
                }
                ui.separator();
                if ui
                    .button("Export CSV…")
                    .on_hover_text(
                        "The plots' series and the shown schedule, in one file with # sections",
                    )
                    .clicked()
                {
                    cmds.push(Cmd::ExportCsv);
                }
                if ui.button("Save screenshot…").clicked() {
                    cmds.push(Cmd::Screenshot);
                }
            });
            ui.menu_button("Edit", |ui| {
                if ui
                    .add_enabled(!self.undo.is_empty(), egui::Button::new("Undo  (Ctrl+Z)"))
                    .clicked()
                {
                    cmds.push(Cmd::Undo);
                }
                if ui
                    .add_enabled(
                        !self.redo.is_empty(),
                        egui::Button::new("Redo  (Ctrl+Shift+Z)"),
                    )
                    .clicked()
                {
                    cmds.push(Cmd::Redo);
                }
            });
            ui.menu_button("View", |ui| {
                for (t, name) in [
                    (ThemeChoice::Light, "Light theme"),
                    (ThemeChoice::Dark, "Dark theme"),
                    (ThemeChoice::System, "Follow system theme"),
                ] {
                    if ui.radio(self.theme == t, name).clicked() {
                        cmds.push(Cmd::Theme(t));
                    }
                }
                ui.separator();
                if ui.button("Reset layout").clicked() {
                    cmds.push(Cmd::ResetLayout);
                }
            });
            ui.menu_button("Help", |ui| {
                if ui.button("Keyboard shortcuts").clicked() {
                    self.show_shortcuts = true;
                }
                if ui.button("About this model  (F1)").clicked() {
                    self.show_help = true;
                }
                if ui.button("About loadlab").clicked() {
                    self.show_about = true;
                }
            });
        });
    }

    fn status_bar(&mut self, ui: &mut egui::Ui, job: Option<JobStatus>, cmds: &mut Vec<Cmd>) {
        ui.horizontal(|ui| {
            if let Some(job) = job {
                ui.label(&job.label);
                ui.add(
                    egui::ProgressBar::new(job.fraction)
                        .desired_width(160.0)
                        .show_percentage(),
                );
                if ui
                    .button("Cancel")
                    .on_hover_text("Cancel the running background job")
                    .clicked()
                {
                    cmds.push(Cmd::CancelJobs);
                }
            } else {
                ui.label(RichText::new("ready").weak());
            }
            ui.separator();
            if let Some(n) = &self.notice {
                let text = RichText::new(&n.text);
                ui.label(if n.error {
                    text.color(ui.visuals().error_fg_color)
                } else {
                    text
                });
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let file = self
                    .path
                    .as_ref()
                    .map(|p| p.display().to_string())
                    .unwrap_or_else(|| "unsaved".into());
                let modified = if self.preset.scenario != self.baseline {
                    " (modified)"
                } else {
                    ""
                };
                ui.label(RichText::new(format!("{}{modified} — {file}", self.preset.name)).weak());
            });
        });
    }

    fn windows(&mut self, ctx: &egui::Context, cmds: &mut Vec<Cmd>) {
        egui::Window::new("Keyboard shortcuts")
            .open(&mut self.show_shortcuts)
            .resizable(false)
            .show(ctx, |ui| {
                egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                    for (k, what) in help::SHORTCUTS {
                        ui.label(RichText::new(*k).monospace());
                        ui.label(*what);
                        ui.end_row();
                    }
                });
            });
        egui::Window::new("About this model")
            .open(&mut self.show_help)
            .default_width(560.0)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.label(match &self.preset.scenario {
                        Scenario::Divisible(_) => help::DIVISIBLE,
                        Scenario::Geodecay(_) => help::GEODECAY,
                        Scenario::TreeSweep(_) => help::TREESWEEP,
                        Scenario::Ksbf(_) => help::KSBF,
                        Scenario::Redistribute(_) => help::REDISTRIBUTE,
                    });
                });
            });
        egui::Window::new("About loadlab")
            .open(&mut self.show_about)
            .show(ctx, |ui| {
                ui.label(help::ABOUT);
                ui.label(format!("version {}", env!("CARGO_PKG_VERSION")));
            });
        let mut close = false;
        if let Some(prompt) = &mut self.prompt {
            let mut open = true;
            egui::Window::new(prompt.action.title())
                .open(&mut open)
                .collapsible(false)
                .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0])
                .show(ctx, |ui| {
                    if let Some(r) = &prompt.reason {
                        ui.label(RichText::new(r).color(ui.visuals().warn_fg_color));
                    }
                    let label = ui.label("File path");
                    let edit = ui
                        .add(
                            egui::TextEdit::singleline(&mut prompt.text)
                                .desired_width(420.0)
                                .hint_text("/path/to/file"),
                        )
                        .labelled_by(label.id);
                    // Focus the field once it is really on screen (a new window's first
                    // frame only measures it).
                    if edit.has_focus() {
                        prompt.focused = true;
                    } else if !prompt.focused {
                        edit.request_focus();
                    }
                    let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                    ui.horizontal(|ui| {
                        if (ui.button("OK").clicked() || enter) && !prompt.text.trim().is_empty() {
                            let path = PathBuf::from(prompt.text.trim());
                            cmds.push(match prompt.action {
                                FileAction::OpenPreset => Cmd::OpenPath(path),
                                FileAction::SavePreset => Cmd::SaveTo(path),
                                FileAction::ExportCsv => Cmd::ExportCsvTo(path),
                                FileAction::Screenshot => Cmd::ScreenshotTo(path),
                            });
                            close = true;
                        }
                        if ui.button("Cancel").clicked() {
                            close = true;
                        }
                    });
                });
            if !open {
                close = true;
            }
        }
        if close {
            self.prompt = None;
        }
    }

    fn rail(&mut self, ui: &mut egui::Ui) {
        ui.add_space(6.0);
        ui.label(RichText::new("Models").strong());
        ui.separator();
        for m in &MODELS {
            let selected = (m.is)(&self.preset.scenario);
            if ui
                .selectable_label(selected, m.name)
                .on_hover_text(m.hover)
                .clicked()
                && !selected
            {
                self.replace_scenario(Preset::new(m.name.replace('\n', " "), "", (m.make)()));
            }
        }
        ui.add_space(8.0);
        ui.label(RichText::new(&self.preset.description).small().weak());
    }

    /// One frame (also driven by the tests through egui_kittest).
    pub fn frame(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let mut cmds: Vec<Cmd> = std::mem::take(&mut self.queued);
        cmds.extend(self.shortcuts(&ctx));
        // Dropped preset files.
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        cmds.extend(dropped.into_iter().map(Cmd::OpenPath));
        // Finished dialogs and screenshots.
        if let Some(r) = self.dialogs.poll() {
            match r {
                DialogResult::Chosen(a, p) => self.path_chosen(&ctx, a, p),
                DialogResult::Cancelled => {}
                DialogResult::Unavailable(action) => {
                    self.apply(&ctx, Cmd::PromptPath(action));
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
        for c in cmds.drain(..) {
            self.apply(&ctx, c);
        }

        let before = self.preset.scenario.clone();
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui, &mut cmds));
        let job = match &self.preset.scenario {
            Scenario::Divisible(_) => self.divisible.job_status(),
            Scenario::Geodecay(_) => self.geodecay.job_status(),
            Scenario::TreeSweep(_) => self.treesweep.job_status(),
            Scenario::Ksbf(_) => self.ksbf.job_status(),
            Scenario::Redistribute(_) => self.redistribute.job_status(),
        };
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui, job, &mut cmds));
        egui::Panel::left("rail")
            .resizable(false)
            .exact_size(150.0)
            .show(ui, |ui| self.rail(ui));
        egui::CentralPanel::default().show(ui, |ui| match &mut self.preset.scenario {
            Scenario::Divisible(p) => self.divisible.ui(ui, p),
            Scenario::Geodecay(p) => self.geodecay.ui(ui, p),
            Scenario::TreeSweep(p) => self.treesweep.ui(ui, p),
            Scenario::Ksbf(p) => self.ksbf.ui(ui, p),
            Scenario::Redistribute(p) => self.redistribute.ui(ui, p),
        });
        self.windows(&ctx, &mut cmds);

        // Undo: one entry per gesture (a whole slider drag is one edit).
        if self.preset.scenario != before && self.edit_base.is_none() {
            self.edit_base = Some(before);
        }
        if !ctx.input(|i| i.pointer.any_down()) {
            self.commit_edit();
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
            preset: self.preset.clone(),
            path: self.path.clone(),
            theme: self.theme,
            divisible: self.divisible.view.clone(),
            geodecay: self.geodecay.view.clone(),
            treesweep: self.treesweep.view.clone(),
            ksbf: self.ksbf.view.clone(),
            redistribute: self.redistribute.view.clone(),
        };
        eframe::set_value(storage, eframe::APP_KEY, &state);
    }
}
