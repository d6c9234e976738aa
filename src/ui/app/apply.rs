//! [`LoadlabApp::apply`]: the one place that carries out [`Cmd`]s, split by concern —
//! scenarios (switch, open, undo), saving, exporting, what is on screen, the teaching layer
//! and the status bar. A command may lead to others (a lesson step puts its scenario in
//! front); they are carried out in order, each before the next, without recursion.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

use super::{LoadlabApp, Presenter};
use crate::preset::{self, BUNDLED, PresetFile};
use crate::ui::commands::{Cmd, Switch, View, command, keys_text};
use crate::ui::desk::SaveTarget;
use crate::ui::figure::FigureShot;
use crate::ui::files::{FileAction, RecentKind, write_png};
use crate::ui::lesson::StepView;
use crate::ui::workspace::{Drawn, OnScreen, Region};

impl LoadlabApp {
    /// Carries out one command, and the commands it leads to (each before the next).
    pub fn apply(&mut self, ctx: &egui::Context, cmd: Cmd) {
        let mut todo = VecDeque::from([cmd]);
        while let Some(c) = todo.pop_front() {
            for next in self.carry_out(ctx, c).into_iter().rev() {
                todo.push_front(next);
            }
        }
    }

    /// One command, handed to its concern; the commands it leads to.
    fn carry_out(&mut self, ctx: &egui::Context, cmd: Cmd) -> Vec<Cmd> {
        // Someone finding their way (another model, the map, Compare, presenter mode, a
        // quiz, homework) needs the first-start card no more this run: it covered the map's
        // axis, the Why line and an attempt's replay.
        if matches!(
            cmd,
            Cmd::Switch(_)
                | Cmd::View(_)
                | Cmd::Presenter(true)
                | Cmd::Quiz(_)
                | Cmd::StartPersonal(_)
                | Cmd::OpenAttemptFrom(_)
                | Cmd::GradebookOf(_)
        ) {
            self.chrome.skip_welcome();
        }
        match cmd {
            Cmd::Switch(_)
            | Cmd::Open
            | Cmd::OpenPath(_)
            | Cmd::Bundled(_)
            | Cmd::ShowScenario(_)
            | Cmd::Load(_)
            | Cmd::Reload
            | Cmd::Undo
            | Cmd::Redo => self.scenarios(ctx, cmd),
            Cmd::Save
            | Cmd::SaveAs
            | Cmd::SaveTo(_)
            | Cmd::SaveWorkbookAs
            | Cmd::SaveWorkbookTo(_) => self.saving(ctx, cmd),
            Cmd::ExportCsv
            | Cmd::ExportCsvTo(_)
            | Cmd::ExportJson
            | Cmd::ExportJsonTo(_)
            | Cmd::Screenshot
            | Cmd::ScreenshotTo(_)
            | Cmd::ExportFigure(_)
            | Cmd::ExportFigureTo(_)
            | Cmd::ExportFigureSvg(_)
            | Cmd::PromptPath(_) => self.exporting(ctx, cmd),
            Cmd::Step(_)
            | Cmd::Select { .. }
            | Cmd::View(_)
            | Cmd::Toggle(_)
            | Cmd::Theme(_)
            | Cmd::TextSize(_)
            | Cmd::Presenter(_)
            | Cmd::ResetLayout => self.viewing(ctx, cmd),
            Cmd::StartLesson(_)
            | Cmd::ReturnToLesson(_)
            | Cmd::ReturnToShelved(_)
            | Cmd::LessonStep(_)
            | Cmd::LeaveLesson
            | Cmd::Quiz(_)
            | Cmd::OpenFinding(_) => self.teaching(ctx, cmd),
            Cmd::CopyLink
            | Cmd::CopyAsLessonStep
            | Cmd::CopyCommand
            | Cmd::DescribePicture
            | Cmd::PasteLink
            | Cmd::OpenLink(_)
            | Cmd::ExportAnimation
            | Cmd::ExportAnimationTo(_)
            | Cmd::ExportHandout
            | Cmd::ExportHandoutTo(_) => self.sharing(ctx, cmd),
            Cmd::PersonalInstance
            | Cmd::StartPersonal(_)
            | Cmd::HandIn
            | Cmd::HandInTo(_)
            | Cmd::OpenAttempt
            | Cmd::OpenAttemptFrom(_)
            | Cmd::Gradebook
            | Cmd::GradebookOf(_)
            | Cmd::SaveGradebookCsv
            | Cmd::SaveGradebookCsvTo(_)
            | Cmd::PersonalQuiz(_)
            | Cmd::StartPersonalQuiz(..)
            | Cmd::HandInQuiz(_)
            | Cmd::HandInQuizTo(..)
            | Cmd::PersonalStep => self.homework(ctx, cmd),
            Cmd::Focus(to) => {
                let to = match to {
                    crate::ui::widgets::focus::Landing::Drawer => self.teach.drawer_landing(ctx),
                    _ => to,
                };
                crate::ui::widgets::focus::jump(ctx, to);
                Vec::new()
            }
            Cmd::CancelJobs | Cmd::Inform(_) | Cmd::Fail(_) => {
                self.status(cmd);
                Vec::new()
            }
        }
    }

    /// Which scenario is in front and what it holds: switching, opening, undo and redo.
    fn scenarios(&mut self, ctx: &egui::Context, cmd: Cmd) -> Vec<Cmd> {
        match cmd {
            Cmd::Switch(m) if m != self.desk.active => {
                self.history.push(self.desk.clone());
                self.desk.active = m;
            }
            Cmd::Open => self.ask_path(ctx, FileAction::OpenPreset),
            // An attempt file (.json) opens in its replay; a lesson file starts the lesson
            // player; anything else opens as a preset.
            Cmd::OpenPath(path) if path.extension().is_some_and(|x| x == "json") => {
                return vec![Cmd::OpenAttemptFrom(path)];
            }
            // A folder (given to `loadlab gui`, dropped on the window) is a class's hand-ins.
            Cmd::OpenPath(path) if path.is_dir() => return vec![Cmd::GradebookOf(path)],
            Cmd::OpenPath(path) => match crate::ui::lesson::sniff(&path) {
                Some(Ok(lesson)) => {
                    self.recent.push(&path, RecentKind::Lesson);
                    return self.teach.start(ctx, lesson);
                }
                Some(Err(e)) => self.error(format!("Could not open lesson: {e}")),
                None => self.open_path_now(&path),
            },
            Cmd::Bundled(i) => match BUNDLED.get(i).map(|b| b.preset()) {
                Some(Ok(p)) => {
                    let name = p.name.clone();
                    self.open(PresetFile::Single(p), None);
                    self.info(format!("Loaded bundled preset: {name}"));
                }
                Some(Err(e)) => self.error(format!("Bundled preset is broken: {e}")),
                None => {}
            },
            Cmd::ShowScenario(p) => {
                let name = p.name.clone();
                // What was loaded comes to the front, not the map it would recompute (a gap
                // ring loaded from the lab stayed hidden behind a refused map).
                let model = p.scenario.model();
                if self.maps.front(model) == View::Map {
                    self.maps.toggle_map(model);
                }
                self.open(PresetFile::Single(*p), None);
                // To be looked at: its run, not an exercise on it (a quiz's Show me during a
                // lesson's exercise step put the quiz's ring in the lesson's exercise panel).
                self.shown.exercise = false;
                self.info(format!("Loaded {name}"));
            }
            Cmd::Load(p) => self.open(PresetFile::Single(*p), None),
            Cmd::Reload => match self.desk.page().file.clone() {
                Some(f) => {
                    self.open_path_now(&f.path);
                    // A file that no longer reads leaves the scenario and says why.
                    if self.notice_is_info() {
                        self.info(format!("Reloaded {}", f.path.display()));
                    }
                }
                None => self.error("The scenario in front has no file to reload"),
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
            _ => {}
        }
        Vec::new()
    }

    /// Opens a preset or workbook file; a broken one leaves the state untouched and the
    /// message names file, line and column.
    fn open_path_now(&mut self, path: &Path) {
        match preset::load_file(path) {
            Ok(f) => {
                let (what, kind) = match &f {
                    PresetFile::Single(p) => (p.name.clone(), RecentKind::Preset),
                    PresetFile::Workbook(w) => {
                        (format!("workbook “{}”", w.name), RecentKind::Workbook)
                    }
                };
                self.recent.push(path, kind);
                self.open(f, Some(path));
                self.info(format!("Opened {} — {what}", path.display()));
            }
            Err(e) => self.error(format!("Could not open preset: {e}")),
        }
    }

    /// Saving the front scenario or the workbook.
    fn saving(&mut self, ctx: &egui::Context, cmd: Cmd) -> Vec<Cmd> {
        match cmd {
            Cmd::Save => match self.desk.save_target() {
                SaveTarget::Write(path, file) => {
                    let file = self.with_pinned(file);
                    self.write(path, file)
                }
                SaveTarget::Ask => return vec![Cmd::SaveAs],
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
            _ => {}
        }
        Vec::new()
    }

    /// CSV, screenshots and figures, and the typed path asked for when no dialog is there.
    fn exporting(&mut self, ctx: &egui::Context, cmd: Cmd) -> Vec<Cmd> {
        match cmd {
            Cmd::ExportCsv | Cmd::ExportCsvTo(_) | Cmd::ExportJson | Cmd::ExportJsonTo(_)
                if super::share::question_open(ctx) =>
            {
                self.error(super::share::REPORT_HELD)
            }
            Cmd::ExportCsv => self.ask_path(ctx, FileAction::ExportCsv),
            Cmd::ExportCsvTo(path) => self.export_report(ctx, path, false),
            Cmd::ExportJson => self.ask_path(ctx, FileAction::ExportJson),
            Cmd::ExportJsonTo(path) => self.export_report(ctx, path, true),
            Cmd::Screenshot => self.ask_path(ctx, FileAction::Screenshot),
            Cmd::ScreenshotTo(path) => {
                let tx = self.shots.0.clone();
                let c = ctx.clone();
                ctx.request_screenshot(move |image| {
                    let [w, h] = image.size;
                    let written = write_png(&path, w, h, image.as_raw());
                    let _ = tx.send((path.clone(), written));
                    c.request_repaint();
                });
                self.info("Taking a screenshot…");
            }
            Cmd::ExportFigure(asked) | Cmd::ExportFigureSvg(asked) => {
                let action = match cmd {
                    Cmd::ExportFigureSvg(_) => FileAction::FigureSvg,
                    _ => FileAction::Figure,
                };
                let pointer = ctx.pointer_latest_pos();
                match crate::ui::figure::choose(&self.drawn, asked, pointer) {
                    Some(d) => {
                        self.figure = Some(d.region);
                        self.ask_path(ctx, action);
                    }
                    None => self.error("No figure is on screen to export"),
                }
            }
            Cmd::ExportFigureTo(path) => {
                match crate::ui::figure::choose(&self.drawn, self.figure.take(), None) {
                    Some(d) => self.export_figure(ctx, d, path),
                    None => self.error("No figure is on screen to export"),
                }
            }
            Cmd::PromptPath(action) => {
                let text = match (action, &self.desk.page().file) {
                    (FileAction::SavePreset, Some(f)) if !f.workbook => {
                        f.path.display().to_string()
                    }
                    (FileAction::SaveWorkbook, Some(f)) if f.workbook => {
                        f.path.display().to_string()
                    }
                    // What the file dialog would have suggested, in the folder the app runs
                    // in (a teacher without a portal typed the whole path of a new file).
                    (a, _) if a.is_save() => {
                        let name = self.suggested_name(a);
                        match std::env::current_dir() {
                            Ok(dir) => dir.join(name).display().to_string(),
                            Err(_) => name,
                        }
                    }
                    _ => String::new(),
                };
                self.chrome.ask_path(action, text);
            }
            _ => {}
        }
        Vec::new()
    }

    /// Writes the front scenario's report in the background: its CSV, or its summary as one
    /// JSON object (`json`), exactly as the CLI's `--csv` and `--json` print them.
    fn export_report(&mut self, ctx: &egui::Context, path: PathBuf, json: bool) {
        let scenario = self.desk.page().scenario.clone();
        let c = ctx.clone();
        self.export.submit(
            format!("exporting {}", path.display()),
            move || c.request_repaint(),
            move |p| {
                let csv = if json {
                    crate::report::json(&scenario, p).map(|v| format!("{v}\n"))
                } else {
                    crate::report::csv(&scenario, p)
                };
                if p.cancelled() {
                    return Err(crate::model::Cancelled);
                }
                Ok((path, csv.map_err(|e| e.to_string())))
            },
        );
    }

    /// What is on screen: stepping, the picture tab and plot, the view in front, the
    /// switches, theme, presenter mode and the layout.
    fn viewing(&mut self, ctx: &egui::Context, cmd: Cmd) -> Vec<Cmd> {
        match cmd {
            Cmd::Step(s) => {
                let i = self.desk.active.index();
                let (tab, b) = (self.tabs[i].as_mut(), &self.desk.pages[i].scenario);
                if self.maps.front(self.desk.active) == View::Compare {
                    self.maps.compare.step(ctx, s, (tab, b));
                } else {
                    tab.step(s, b);
                }
            }
            Cmd::Select {
                picture,
                plot,
                context,
            } => {
                if let Err(e) = self.tab().show_view(picture.as_deref(), plot.as_deref()) {
                    self.error(format!("{context}: {e}"));
                }
            }
            Cmd::View(v) => {
                let scenario = self.desk.page().scenario.clone();
                self.maps.show(v, &scenario);
            }
            Cmd::Toggle(s) => return self.toggle(ctx, s),
            Cmd::Theme(t) => {
                self.look.theme = t;
                self.look.apply(ctx);
            }
            Cmd::TextSize(t) => {
                self.look.text = t;
                self.look.apply(ctx);
            }
            Cmd::Presenter(on) => self.presenter(ctx, on),
            Cmd::ResetLayout => {
                let zoom = ctx.zoom_factor();
                ctx.memory_mut(|m| *m = egui::Memory::default());
                self.shown = OnScreen::default();
                // The normal layout's zoom is set anew for the window.
                self.fitted = None;
                if let Some(p) = self.presenter.as_mut() {
                    // A lecture stays on the projector: presenter mode's own layout and its
                    // zoom for the window (set from this frame's, which the memory held), and
                    // the default layout to go back to.
                    ctx.options_mut(|o| o.zoom_factor = zoom);
                    ctx.set_zoom_factor(crate::ui::look::presenter_zoom(p.window.into()));
                    p.shown = OnScreen::default();
                    p.zoom = 1.0;
                    self.shown = OnScreen::PRESENTER;
                }
                for t in &mut self.tabs {
                    t.reset_view();
                }
                self.look.apply(ctx);
                self.info("Layout reset");
            }
            _ => {}
        }
        Vec::new()
    }

    /// Flips a switch.
    fn toggle(&mut self, ctx: &egui::Context, s: Switch) -> Vec<Cmd> {
        match s {
            Switch::HideFuture if crate::ui::reveal::Reveal::of(ctx).held => {
                return vec![Cmd::Inform(crate::ui::frame::reveal::HELD.into())];
            }
            Switch::HideFuture => self.shown.hide_future = !self.shown.hide_future,
            Switch::Presenter => return vec![Cmd::Presenter(self.presenter.is_none())],
            Switch::FullScreen => {
                use crate::platform::screen;
                screen::set_full(ctx, !screen::is_full(ctx));
            }
            Switch::Map => self.maps.toggle_map(self.desk.active),
            Switch::Help | Switch::Shortcuts | Switch::About => self.chrome.toggle(s),
            Switch::ReduceMotion => {
                self.look.calm = !self.look.calm;
                self.look.apply(ctx);
            }
        }
        Vec::new()
    }

    /// Presenter mode on or off: the regions and zoom before it are kept to go back to.
    fn presenter(&mut self, ctx: &egui::Context, on: bool) {
        match (on, self.presenter) {
            (true, None) => {
                self.presenter = Some(Presenter {
                    shown: self.shown,
                    zoom: ctx.zoom_factor(),
                    window: [0.0; 2],
                });
                self.shown = OnScreen {
                    hide_future: self.shown.hide_future,
                    exercise: self.shown.exercise,
                    ..OnScreen::PRESENTER
                };
                self.follow_window(ctx);
                let c = command(&Cmd::Toggle(Switch::Presenter));
                self.info(format!(
                    "{}: {} or View ▸ {} to leave",
                    c.caption,
                    keys_text(c),
                    c.caption
                ));
            }
            (false, Some(before)) => {
                self.presenter = None;
                self.shown = OnScreen {
                    hide_future: self.shown.hide_future,
                    exercise: self.shown.exercise,
                    ..before.shown
                };
                ctx.set_zoom_factor(before.zoom);
                self.info("Presenter mode off");
            }
            _ => {}
        }
    }

    /// The zoom set for the window as it is now, when it has changed size (the first frame, a
    /// resize, a move to another screen): presenter mode's, else the normal layout's
    /// ([`Self::fit_desk`]).
    pub(super) fn follow_window(&mut self, ctx: &egui::Context) {
        let native = ctx.content_rect().size() * ctx.pixels_per_point()
            / ctx.native_pixels_per_point().unwrap_or(1.0);
        crate::ui::frame::publish_phone(ctx, crate::ui::look::is_phone(native));
        // Ctrl+0 (taken before egui's, which would set 1): the layout's own zoom again,
        // presenter mode's for the window (at 1 a projector's type shrank to the desk's).
        let reset = egui::gui_zoom::kb_shortcuts::ZOOM_RESET;
        if ctx.input_mut(|i| i.consume_shortcut(&reset)) {
            let zoom = match self.presenter {
                Some(_) => crate::ui::look::presenter_zoom(native),
                None => crate::ui::look::desk_zoom(native),
            };
            ctx.set_zoom_factor(zoom);
            self.fitted = self.fitted.map(|(_, w)| (zoom, w));
        }
        let Some(p) = self.presenter.as_mut() else {
            self.fit_desk(ctx, native);
            return;
        };
        if (native - egui::Vec2::from(p.window)).length() > 0.5 {
            p.window = native.into();
            ctx.set_zoom_factor(crate::ui::look::presenter_zoom(native));
        }
    }

    /// The normal layout's zoom for a window narrower than every layout's least width
    /// ([`crate::ui::look::desk_zoom`]: a tablet upright), and 1 again when it widens; a zoom
    /// the user chose (Ctrl + / −) stays until the window changes size.
    fn fit_desk(&mut self, ctx: &egui::Context, native: egui::Vec2) {
        if self
            .fitted
            .is_some_and(|(_, w)| (native - egui::Vec2::from(w)).length() <= 0.5)
        {
            return;
        }
        let zoom = crate::ui::look::desk_zoom(native);
        let ours = match self.fitted {
            Some((set, _)) => (ctx.zoom_factor() - set).abs() < 1e-4,
            // The first frame: a zoom kept from the last run below 1 is a fit of its window.
            None => ctx.zoom_factor() <= 1.0,
        };
        if ours {
            ctx.set_zoom_factor(zoom);
        }
        self.fitted = Some((if ours { zoom } else { ctx.zoom_factor() }, native.into()));
    }

    /// Lessons and quizzes.
    fn teaching(&mut self, ctx: &egui::Context, cmd: Cmd) -> Vec<Cmd> {
        match cmd {
            Cmd::StartLesson(i) | Cmd::ReturnToLesson(i) => {
                match crate::lesson::BUNDLED.get(i).map(|b| b.lesson()) {
                    Some(Ok(l)) => {
                        // A newcomer found the lessons: the first-start card has done its job.
                        self.chrome.dismiss_welcome();
                        match cmd {
                            Cmd::ReturnToLesson(_) => self.teach.return_to(ctx, l),
                            _ => self.teach.start(ctx, l),
                        }
                    }
                    Some(Err(e)) => {
                        self.error(format!("Bundled lesson is broken: {e}"));
                        Vec::new()
                    }
                    None => Vec::new(),
                }
            }
            Cmd::ReturnToShelved(k) => {
                self.chrome.dismiss_welcome();
                self.teach.return_to_shelved(ctx, k)
            }
            Cmd::LessonStep(i) => {
                let view = StepView {
                    shown: &mut self.shown,
                    presenting: self.presenter.is_some(),
                };
                self.teach.go(i, view)
            }
            Cmd::LeaveLesson => self.teach.leave(),
            Cmd::Quiz(m) => {
                self.teach.open_quiz(ctx, m);
                Vec::new()
            }
            Cmd::OpenFinding(id) => {
                if let Err(e) = self.chrome.open_finding(&id) {
                    self.error(e);
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// The status bar: messages, and Cancel.
    fn status(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::CancelJobs => {
                self.tab().cancel_jobs();
                self.maps.cancel();
                self.export.cancel();
                self.share.animation.cancel();
                self.share.handout.cancel();
                self.figure_job.cancel();
                self.info("Cancelled");
            }
            Cmd::Inform(text) => self.info(text),
            Cmd::Fail(e) => self.error(e),
            _ => {}
        }
    }

    /// Draws figure `d` off-screen at the export scale (on this thread: it borrows the
    /// workspace), then rasterizes and writes it in the background.
    fn export_figure(&mut self, ctx: &egui::Context, d: Drawn, path: PathBuf) {
        let scale = crate::ui::figure::export_scale(ctx);
        let i = self.desk.active.index();
        let mut scenario = self.desk.pages[i].scenario.clone();
        let tab = self.tabs[i].as_mut();
        let maps = &mut self.maps;
        let title = self.desk.pages[i].name.clone();
        let room = crate::ui::figure::export_room(&d);
        // "Your turn" exports the board as it stands, not the algorithm's solution.
        let your_turn = self.shown.exercise;
        let scene = crate::ui::figure::render(ctx, room, scale, |ui| match d.region {
            Region::Map => maps.draw_map(ui, &mut scenario),
            Region::Picture => {
                crate::ui::figure::title(ui, &title);
                tab.draw_region(ui, &mut scenario, Region::Picture, your_turn);
            }
            r => tab.draw_region(ui, &mut scenario, r, your_turn),
        });
        let scene = match scene {
            Ok(s) => s,
            Err(e) => {
                self.error(format!("Could not export the {}: {e}", d.region.name()));
                return;
            }
        };
        if crate::ui::figure::is_svg(&path) {
            // Written from the shapes, no rasterizing: at once.
            let [w, h] = scene.size.map(|v| v as f32 / scene.scale);
            match crate::platform::files::write(&path, scene.svg().as_bytes()) {
                Ok(()) => self.info(format!(
                    "Exported {} ({w:.0}×{h:.0} points, SVG) to {}",
                    d.region.name(),
                    path.display()
                )),
                Err(e) => self.error(format!("Could not export to {}: {e}", path.display())),
            }
            return;
        }
        let shot = FigureShot {
            region: d.region,
            rect: d.room,
            pixels: scene.size,
            scale: scene.scale,
            path: path.clone(),
        };
        self.info(format!("Exporting the {}…", shot.region.name()));
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
}
