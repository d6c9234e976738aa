//! Everything around the workspace: menu bar, model rail, status bar, windows (help,
//! shortcuts, about, path prompt) and keyboard shortcuts. Each turns clicks and keys into
//! [`Cmd`]s for [`LoadlabApp::apply`].

use std::path::PathBuf;

use egui::{Key, KeyboardShortcut, Modifiers, RichText};

use super::app::{Cmd, LoadlabApp, ThemeChoice};
use super::files::FileAction;
use super::help;
use super::widgets::dialog::{Answer, dialog};
use super::workspace::StepCmd;
use crate::preset::BUNDLED;

/// Seconds an information notice stays in the status bar (errors stay until replaced).
const NOTICE_SECONDS: f64 = 6.0;

/// The keyboard shortcuts of this frame.
pub(super) fn shortcuts(app: &mut LoadlabApp, ctx: &egui::Context) -> Vec<Cmd> {
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
            if i.consume_key(Modifiers::NONE, Key::H) {
                app.shown.hide_future = !app.shown.hide_future;
            }
        }
        if i.consume_key(Modifiers::NONE, Key::F1) {
            app.windows.help = !app.windows.help;
        }
        if i.consume_key(Modifiers::NONE, Key::F5) {
            cmds.push(Cmd::Presenter(app.presenter.is_none()));
        }
    });
    cmds
}

/// Menu bar, status bar and model rail (the workspace fills what is left).
pub(super) fn chrome(app: &mut LoadlabApp, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
    egui::Panel::top("menu").show(ui, |ui| menu_bar(app, ui, cmds));
    egui::Panel::bottom("status").show(ui, |ui| status_bar(app, ui, cmds));
    egui::Panel::left("rail")
        .resizable(false)
        .exact_size(150.0)
        .show(ui, |ui| rail(app, ui, cmds));
}

/// A menu entry sending `cmd`.
fn item(ui: &mut egui::Ui, cmds: &mut Vec<Cmd>, text: &str, cmd: Cmd) {
    item_with(ui, cmds, (text, ""), true, cmd);
}

/// The menu entry asking for a path in a text field (for `action`).
fn by_path(ui: &mut egui::Ui, cmds: &mut Vec<Cmd>, action: FileAction) {
    item(ui, cmds, action.by_path(), Cmd::PromptPath(action));
}

/// A menu entry `(text, hover)` sending `cmd`, greyed out unless `enabled`.
fn item_with(
    ui: &mut egui::Ui,
    cmds: &mut Vec<Cmd>,
    (text, hover): (&str, &str),
    enabled: bool,
    cmd: Cmd,
) {
    let mut entry = ui.add_enabled(enabled, egui::Button::new(text));
    if !hover.is_empty() {
        entry = entry.on_hover_text(hover);
    }
    if entry.clicked() {
        cmds.push(cmd);
    }
}

fn menu_bar(app: &mut LoadlabApp, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            item(ui, cmds, "Open preset, workbook or lesson…  (Ctrl+O)", Cmd::Open);
            by_path(ui, cmds, FileAction::OpenPreset);
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
            let save = match &app.desk.page().file {
                Some(f) if f.workbook => "Save workbook  (Ctrl+S)",
                Some(_) => "Save  (Ctrl+S)",
                None => "Save…  (Ctrl+S)",
            };
            let hover = "Writes the file this scenario came from; asks when there is none";
            item_with(ui, cmds, (save, hover), true, Cmd::Save);
            item(ui, cmds, "Save as…  (Ctrl+Shift+S)", Cmd::SaveAs);
            by_path(ui, cmds, FileAction::SavePreset);
            let hover = "All five models' scenarios in one file (a lecture)";
            item_with(ui, cmds, ("Save workbook as…", hover), true, Cmd::SaveWorkbookAs);
            by_path(ui, cmds, FileAction::SaveWorkbook);
            ui.separator();
            let hover = "Numbers, schedule and plot series in one file with # sections — the same as `loadlab <model> … --csv`";
            item_with(ui, cmds, ("Export CSV…", hover), true, Cmd::ExportCsv);
            by_path(ui, cmds, FileAction::ExportCsv);
            item(ui, cmds, "Save screenshot…", Cmd::Screenshot);
            item(ui, cmds, "Export figure…", Cmd::ExportFigure(None));
            by_path(ui, cmds, FileAction::Figure);
        });
        ui.menu_button("Edit", |ui| {
            let (undo, redo) = (app.history.can_undo(), app.history.can_redo());
            item_with(ui, cmds, ("Undo  (Ctrl+Z)", ""), undo, Cmd::Undo);
            item_with(ui, cmds, ("Redo  (Ctrl+Shift+Z)", ""), redo, Cmd::Redo);
        });
        ui.menu_button("View", |ui| {
            for (t, name) in [
                (ThemeChoice::Light, "Light theme"),
                (ThemeChoice::Dark, "Dark theme"),
                (ThemeChoice::System, "Follow system theme"),
            ] {
                if ui.radio(app.theme == t, name).clicked() {
                    cmds.push(Cmd::Theme(t));
                }
            }
            ui.separator();
            let on = app.presenter.is_some();
            if ui
                .checkbox(&mut on.clone(), "Presenter mode  (F5)")
                .on_hover_text(
                    "Type 1.5 × larger, controls and numbers folded away (toggle them with Show:)",
                )
                .clicked()
            {
                cmds.push(Cmd::Presenter(!on));
            }
            ui.label(egui::RichText::new("Zoom: Ctrl+= / Ctrl+− / Ctrl+0").weak());
            ui.checkbox(&mut app.maps.map.open, "Map of two parameters")
                .on_hover_text("A heat map of one number over two parameters of the model");
            ui.separator();
            item(ui, cmds, "Reset layout", Cmd::ResetLayout);
        });
        ui.menu_button("Help", |ui| {
            if ui.button("Keyboard shortcuts").clicked() {
                app.windows.shortcuts = true;
            }
            if ui.button("About this model  (F1)").clicked() {
                app.windows.help = true;
            }
            if ui.button("About loadlab").clicked() {
                app.windows.about = true;
            }
            super::errata::menu(ui, &mut app.windows.errata, app.desk.active);
            ui.separator();
            ui.menu_button("Lessons", |ui| {
                for (i, b) in crate::lesson::BUNDLED.iter().enumerate() {
                    let (title, hover) = match b.lesson() {
                        Ok(l) => (l.title.clone(), format!("{} steps, {} questions", l.steps.len(), l.questions())),
                        Err(e) => (b.file.to_string(), e.to_string()),
                    };
                    if ui.button(title).on_hover_text(hover).clicked() {
                        cmds.push(Cmd::StartLesson(i));
                    }
                }
                ui.label(RichText::new("Your own lesson: File ▸ Open a lesson .ron").weak());
            });
            ui.menu_button("Quiz me", |ui| {
                for t in &app.tabs {
                    let name = format!("{} quiz", t.title().replace('\n', " "));
                    if ui.button(name).on_hover_text("Questions on random instances, answered by the model").clicked() {
                        cmds.push(Cmd::Quiz(t.model()));
                    }
                }
            });
        });
    });
}

fn status_bar(app: &mut LoadlabApp, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
    let job = app.job_status();
    let now = ui.input(|i| i.time);
    if let Some(n) = &mut app.notice
        && !n.error
    {
        let since = *n.since.get_or_insert(now);
        if now - since > NOTICE_SECONDS {
            app.notice = None;
        } else {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(
                    NOTICE_SECONDS - (now - since) + 0.05,
                ));
        }
    }
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
        if let Some(n) = &app.notice {
            let text = RichText::new(&n.text);
            ui.label(if n.error {
                text.color(ui.visuals().error_fg_color)
            } else {
                text
            });
        }
        // The title takes what is left and is elided there (never over the job's Cancel).
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let title = app.desk.title();
            ui.add(egui::Label::new(RichText::new(&title).weak()).truncate())
                .on_hover_text(title);
        });
    });
}

fn rail(app: &mut LoadlabApp, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
    ui.add_space(6.0);
    ui.label(RichText::new("Models").strong());
    ui.separator();
    for t in &app.tabs {
        let m = t.model();
        let selected = m == app.desk.active;
        let edited = if app.desk.page_of(m).modified() {
            " •"
        } else {
            ""
        };
        if ui
            .selectable_label(selected, format!("{}{edited}", t.title()))
            .on_hover_text(t.hover())
            .clicked()
            && !selected
        {
            cmds.push(Cmd::Switch(m));
        }
    }
    ui.add_space(8.0);
    // The scenario's note scrolls when it is longer than the rail (presenter mode's larger type).
    egui::ScrollArea::vertical()
        .id_salt("rail_note")
        .show(ui, |ui| {
            ui.label(RichText::new(&app.desk.page().description).weak())
        });
}

/// Help, shortcuts, about and the path prompt.
pub(super) fn windows(app: &mut LoadlabApp, ctx: &egui::Context, cmds: &mut Vec<Cmd>) {
    egui::Window::new("Keyboard shortcuts")
        .open(&mut app.windows.shortcuts)
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
    let help = app.tabs[app.desk.active.index()].help();
    // One window per model (its own size), over the workspace rather than the menu and rail,
    // tall enough to read: at most the window's height less the bars.
    let screen = ctx.content_rect();
    let model = app.desk.active;
    egui::Window::new("About this model")
        .id(egui::Id::unique(("help", model)))
        .open(&mut app.windows.help)
        .default_pos(screen.left_top() + egui::vec2(170.0, 70.0))
        .default_width(560.0f32.min(screen.width() - 190.0))
        .default_height((screen.height() - 140.0).max(200.0))
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| ui.label(help));
        });
    super::errata::window(&mut app.windows.errata, ctx, app.desk.active, cmds);
    egui::Window::new("About loadlab")
        .open(&mut app.windows.about)
        .show(ctx, |ui| {
            ui.label(help::ABOUT);
            ui.label(format!("version {}", env!("CARGO_PKG_VERSION")));
        });
    let mut close = false;
    if let Some(prompt) = &mut app.prompt {
        let window = egui::Window::new(prompt.action.title())
            .collapsible(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0]);
        let answer = dialog(ctx, window, "OK", "Cancel", |ui| {
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
            // Focus the field once it is really on screen (a new window's first frame
            // only measures it).
            if edit.has_focus() {
                prompt.focused = true;
            } else if !prompt.focused {
                edit.request_focus();
            }
            edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter))
        });
        match answer {
            Some(Answer::Confirm) if !prompt.text.trim().is_empty() => {
                let path = PathBuf::from(prompt.text.trim());
                cmds.push(Cmd::with_path(prompt.action, path));
                close = true;
            }
            Some(Answer::Dismiss) => close = true,
            _ => {}
        }
    }
    if close {
        app.prompt = None;
    }
}
