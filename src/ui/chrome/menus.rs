//! The menu bar: File, Edit, View, Homework and Help, their submenus (bundled presets,
//! recent files, lessons, quizzes), each entry's caption, key and tooltip from the command
//! table ([`crate::ui::commands`]).

use super::*;
use crate::ui::lesson::Shelved;
/// The menu entry of `cmd` (caption, first key, tooltip from the table), greyed out unless
/// `enabled`.
fn entry(ui: &mut egui::Ui, cmds: &mut Vec<Cmd>, cmd: Cmd, enabled: bool) {
    let c = command(&cmd);
    entry_captioned(ui, cmds, cmd, c.caption, enabled);
}

/// [`entry`] with another caption (one that says more about the state, as "Save workbook").
fn entry_captioned(ui: &mut egui::Ui, cmds: &mut Vec<Cmd>, cmd: Cmd, caption: &str, on: bool) {
    let c = command(&cmd);
    let mut button = egui::Button::new(caption);
    if let Some(k) = c.keys.first() {
        button = button.shortcut_text(shortcut_text(k));
    }
    if ui
        .add_enabled(on, button)
        .on_hover_text(c.tooltip)
        .clicked()
    {
        cmds.push(cmd);
    }
}

/// The menu checkbox of a switch (its state from `shell`).
fn check(ui: &mut egui::Ui, cmds: &mut Vec<Cmd>, s: Switch, shell: &Shell<'_>) {
    let c = command(&Cmd::Toggle(s));
    let caption = match c.keys.first() {
        Some(k) => format!("{}  ({})", c.caption, shortcut_text(k)),
        None => c.caption.to_string(),
    };
    let mut on = shell.on(s);
    if ui
        .checkbox(&mut on, caption)
        .on_hover_text(c.tooltip)
        .clicked()
    {
        cmds.push(Cmd::Toggle(s));
    }
}

/// The menu entry asking for a path in a text field (for `action`).
fn by_path(ui: &mut egui::Ui, cmds: &mut Vec<Cmd>, action: FileAction) {
    if crate::platform::files::TYPED_PATHS && ui.button(action.by_path()).clicked() {
        cmds.push(Cmd::PromptPath(action));
    }
}

/// Edit ▸ Copy as lesson question: the numbers the numbers region shows (as a right click on
/// a name offers each), for the keyboard and for whoever does not know the right click.
/// Greyed out, saying where the numbers are, when the region is not drawn.
fn questions_submenu(ui: &mut egui::Ui) {
    use crate::ui::widgets::numbers::{ASK, offered};
    let offers = offered(ui.ctx());
    if offers.is_empty() {
        ui.add_enabled(false, egui::Button::new(ASK))
            .on_disabled_hover_text(
                "Copies a number as a question to paste into a lesson: first show the \
                 numbers (the drawer's Numbers, or Show: Numbers panel); a number hidden \
                 until Reveal is not offered",
            );
        return;
    }
    // The submenu opens level with its entry, and is as long as the window lets it be from
    // there (a model's numbers run to twenty rows): egui would push a longer one up over the
    // menu bar.
    let room = ui.ctx().content_rect().bottom() - ui.cursor().top() - 48.0;
    ui.menu_button(ASK, |ui| {
        egui::ScrollArea::vertical()
            .max_height(room)
            .show(ui, |ui| {
                for offer in offers {
                    let caption = format!("{} = {}", offer.asked.name, offer.text);
                    let tip = "A question asking this number of the run in front, to paste into \
                           a lesson's step";
                    if ui.button(caption).on_hover_text(tip).clicked() {
                        crate::ui::frame::ask(ui.ctx(), offer.asked);
                        egui::Popup::close_all(ui.ctx());
                    }
                }
            });
    });
}

pub(super) fn menu_bar(
    ui: &mut egui::Ui,
    shell: &Shell<'_>,
    windows: &mut Windows,
    cmds: &mut Vec<Cmd>,
) {
    let before = cmds.len();
    menus(ui, shell, windows, cmds);
    // An entry chosen by the keyboard (Enter or Space on it) left its menu open over the
    // picture: egui closes menus on a pointer's click only. Any entry that acted closes them.
    if cmds.len() > before {
        egui::Popup::close_all(ui.ctx());
    }
}

/// The menus of the menu bar (and on the stage, the model in front).
fn menus(ui: &mut egui::Ui, shell: &Shell<'_>, windows: &mut Windows, cmds: &mut Vec<Cmd>) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| file_menu(ui, shell, cmds));
        ui.menu_button("Edit", |ui| {
            let (undo, redo) = shell.undo;
            entry(ui, cmds, Cmd::Undo, undo);
            entry(ui, cmds, Cmd::Redo, redo);
            ui.separator();
            entry(ui, cmds, Cmd::CopyLink, true);
            entry(ui, cmds, Cmd::PasteLink, true);
            entry(ui, cmds, Cmd::CopyCommand, true);
            entry(ui, cmds, Cmd::CopyAsLessonStep, true);
            questions_submenu(ui);
            entry(ui, cmds, Cmd::DescribePicture, true);
        });
        ui.menu_button("View", |ui| view_menu(ui, shell, cmds));
        ui.menu_button("Homework", |ui| {
            entry(ui, cmds, Cmd::PersonalInstance, true);
            entry(ui, cmds, Cmd::HandIn, true);
            by_path(ui, cmds, FileAction::HandIn);
            entry(ui, cmds, Cmd::OpenAttempt, true);
            by_path(ui, cmds, FileAction::OpenAttempt);
            if crate::platform::files::FOLDERS {
                entry(ui, cmds, Cmd::Gradebook, true);
                by_path(ui, cmds, FileAction::Gradebook);
            }
            // A graded quiz is homework too (it was only under Help).
            ui.separator();
            quiz_menu(ui, cmds);
        });
        ui.menu_button("Help", |ui| help_menu(ui, windows, shell, cmds));
        if shell.stage {
            // The folded rail: the model in front, the others one click away.
            ui.separator();
            // (A phone's column has no room for its name: the menu ticks it.)
            let (front, _) = help::rail(shell.desk.active);
            let front = front.replace('\n', " ");
            let caption = if crate::ui::frame::in_column(ui.ctx()) {
                "Model".to_owned()
            } else {
                format!("Model: {front}")
            };
            ui.menu_button(caption, |ui| model_menu(ui, shell.desk, cmds))
                .response
                .on_hover_text(format!("The model in front: {front}"));
        }
    });
}

/// The models, as the rail lists them, for the menu bar on the stage.
fn model_menu(ui: &mut egui::Ui, desk: &Desk, cmds: &mut Vec<Cmd>) {
    for m in ModelId::ALL {
        let (title, hover) = help::rail(m);
        let selected = m == desk.active;
        if ui
            .selectable_label(selected, title.replace('\n', " "))
            .on_hover_text(hover)
            .clicked()
        {
            if !selected {
                cmds.push(Cmd::Switch(m));
            }
            ui.close();
        }
    }
}

fn file_menu(ui: &mut egui::Ui, shell: &Shell<'_>, cmds: &mut Vec<Cmd>) {
    entry(ui, cmds, Cmd::Open, true);
    by_path(ui, cmds, FileAction::OpenPreset);
    ui.menu_button("Open recent", |ui| recent_menu(ui, shell.recent, cmds));
    entry(ui, cmds, Cmd::Reload, shell.desk.page().file.is_some());
    ui.menu_button("Bundled presets", |ui| bundled_menu(ui, cmds));
    ui.separator();
    let save = command(&Cmd::Save).caption;
    let caption = match &shell.desk.page().file {
        Some(f) if f.workbook => format!("{save} workbook"),
        Some(_) => save.to_string(),
        None => format!("{save}…"),
    };
    entry_captioned(ui, cmds, Cmd::Save, &caption, true);
    entry(ui, cmds, Cmd::SaveAs, true);
    by_path(ui, cmds, FileAction::SavePreset);
    entry(ui, cmds, Cmd::SaveWorkbookAs, true);
    by_path(ui, cmds, FileAction::SaveWorkbook);
    ui.separator();
    // The exports in a submenu of their own: the File menu stays within the projector stage.
    ui.menu_button("Export", |ui| export_menu(ui, shell, cmds));
    ui.separator();
    // The rest of the homework entries are in the Homework menu (the File menu is as tall
    // as the projector stage allows).
    entry(ui, cmds, Cmd::HandIn, true);
}

/// File ▸ Export: the report as CSV or JSON, a screenshot, a figure, an animation, a hand-out.
fn export_menu(ui: &mut egui::Ui, shell: &Shell<'_>, cmds: &mut Vec<Cmd>) {
    entry(ui, cmds, Cmd::ExportCsv, true);
    by_path(ui, cmds, FileAction::ExportCsv);
    entry(ui, cmds, Cmd::ExportJson, true);
    by_path(ui, cmds, FileAction::ExportJson);
    ui.separator();
    entry(ui, cmds, Cmd::Screenshot, true);
    entry(ui, cmds, Cmd::ExportFigure(None), true);
    by_path(ui, cmds, FileAction::Figure);
    entry(ui, cmds, Cmd::ExportFigureSvg(None), true);
    entry(ui, cmds, Cmd::ExportAnimation, true);
    entry(ui, cmds, Cmd::ExportHandout, shell.lesson);
}

/// File ▸ Open recent: the files, newest first, each by its name (the path on hover); a file
/// that is no longer there is greyed out.
fn recent_menu(ui: &mut egui::Ui, recent: &crate::ui::files::Recent, cmds: &mut Vec<Cmd>) {
    if recent.files().is_empty() {
        ui.add_enabled(false, egui::Button::new("(no recent files)"));
    }
    for (path, kind) in recent.files() {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        let what = match kind {
            crate::ui::files::RecentKind::Preset => "preset",
            crate::ui::files::RecentKind::Workbook => "workbook",
            crate::ui::files::RecentKind::Lesson => "lesson",
        };
        let there = path.is_file();
        let hover = if there {
            format!("{what}: {}", path.display())
        } else {
            format!("{what}: {} (no longer there)", path.display())
        };
        let button = egui::Button::new(format!("{name}  ({what})"));
        if ui
            .add_enabled(there, button)
            .on_hover_text(&hover)
            .on_disabled_hover_text(&hover)
            .clicked()
        {
            cmds.push(Cmd::OpenPath(path.clone()));
            ui.close();
        }
    }
}

/// A group of File ▸ Bundled presets: a model's presets, or the comparisons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PresetGroup {
    /// One scenario of this model.
    Model(ModelId),
    /// A comparison: a scenario with a pinned A.
    Compare,
}

impl PresetGroup {
    /// The groups in menu order: the five models as the rail lists them, then Compare A/B.
    pub(super) fn all() -> impl Iterator<Item = PresetGroup> {
        ModelId::ALL
            .into_iter()
            .map(PresetGroup::Model)
            .chain([PresetGroup::Compare])
    }

    /// The submenu's caption (the rail's name of the model).
    pub(super) fn caption(self) -> String {
        match self {
            PresetGroup::Model(m) => help::rail(m).0.replace('\n', " "),
            PresetGroup::Compare => "Compare A/B".to_string(),
        }
    }

    /// The bundled presets of this group (indices into [`BUNDLED`]) with their names; a preset
    /// that does not parse is listed under its file name in the group its file name says.
    /// (Parsed once: an open menu is drawn every frame, and parsing every bundled preset for
    /// each of its six submenus cost milliseconds a frame.)
    pub(super) fn presets(self) -> impl Iterator<Item = &'static (usize, String)> {
        static INDEX: std::sync::OnceLock<Vec<(PresetGroup, (usize, String))>> =
            std::sync::OnceLock::new();
        let index = INDEX.get_or_init(|| {
            BUNDLED
                .iter()
                .enumerate()
                .map(|(i, b)| match b.preset() {
                    Ok(p) if p.pinned.is_some() => (PresetGroup::Compare, (i, p.name)),
                    Ok(p) => (PresetGroup::Model(p.scenario.model()), (i, p.name)),
                    Err(_) => {
                        let by_name = ModelId::ALL
                            .into_iter()
                            .find(|m| b.file.starts_with(m.name()))
                            .map_or(PresetGroup::Compare, PresetGroup::Model);
                        (by_name, (i, b.file.to_string()))
                    }
                })
                .collect()
        });
        index
            .iter()
            .filter_map(move |(group, entry)| (*group == self).then_some(entry))
    }
}

/// File ▸ Bundled presets: one submenu per model and one for the comparisons, each short
/// enough for a 720-pixel projector in presenter mode.
fn bundled_menu(ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
    for g in PresetGroup::all() {
        let count = g.presets().count();
        if count == 0 {
            continue;
        }
        ui.menu_button(format!("{} ({count})", g.caption()), |ui| {
            for &(i, ref name) in g.presets() {
                if ui.button(name).on_hover_text(BUNDLED[i].file).clicked() {
                    cmds.push(Cmd::Bundled(i));
                }
            }
        });
    }
}

fn view_menu(ui: &mut egui::Ui, shell: &Shell<'_>, cmds: &mut Vec<Cmd>) {
    for (t, name) in [
        (ThemeChoice::Light, "Light theme"),
        (ThemeChoice::Dark, "Dark theme"),
        (ThemeChoice::System, "Follow system theme"),
        (ThemeChoice::HighContrast, "High contrast theme"),
    ] {
        if ui.radio(shell.look.theme == t, name).clicked() {
            cmds.push(Cmd::Theme(t));
        }
    }
    ui.menu_button("Text size", |ui| {
        for t in crate::ui::look::TextSize::ALL {
            if ui.radio(shell.look.text == t, t.caption()).clicked() {
                cmds.push(Cmd::TextSize(t));
            }
        }
    });
    check(ui, cmds, Switch::ReduceMotion, shell);
    ui.separator();
    check(ui, cmds, Switch::Presenter, shell);
    check(ui, cmds, Switch::FullScreen, shell);
    ui.label(RichText::new(format!("Zoom: {}", help::ZOOM_KEYS)).weak());
    check(ui, cmds, Switch::HideFuture, shell);
    check(ui, cmds, Switch::Map, shell);
    ui.separator();
    entry(ui, cmds, Cmd::ResetLayout, true);
}

fn help_menu(ui: &mut egui::Ui, windows: &mut Windows, shell: &Shell<'_>, cmds: &mut Vec<Cmd>) {
    let front = shell.desk.active;
    entry(ui, cmds, Cmd::Toggle(Switch::Shortcuts), true);
    entry(ui, cmds, Cmd::Toggle(Switch::Help), true);
    entry(ui, cmds, Cmd::Toggle(Switch::About), true);
    crate::ui::errata::menu(ui, &mut windows.errata, front);
    crate::ui::research::menu(ui, &mut windows.research);
    crate::ui::ksbf_study::menu(ui, &mut windows.ksbf_study);
    ui.separator();
    ui.menu_button("Lessons", |ui| lessons_menu(ui, &shell.shelf, cmds));
    quiz_menu(ui, cmds);
}

/// Help ▸ Lessons: each bundled lesson (started afresh), then the ones left for another
/// lesson or a link, to go back to where they were left with their replies.
fn lessons_menu(ui: &mut egui::Ui, shelf: &[Shelved<'_>], cmds: &mut Vec<Cmd>) {
    let listed = crate::lesson::listings();
    for (i, (b, listing)) in crate::lesson::BUNDLED.iter().zip(listed).enumerate() {
        let (title, hover) = match listing {
            Ok(l) => (
                l.title.clone(),
                format!(
                    "{}, {}",
                    words::count(l.steps, "step"),
                    words::count(l.questions, "question")
                ),
            ),
            Err(e) => (b.file.to_string(), e.clone()),
        };
        if ui.button(title).on_hover_text(hover).clicked() {
            cmds.push(Cmd::StartLesson(i));
        }
    }
    ui.label(RichText::new("Your own lesson: File ▸ Open a lesson .ron").weak());
    if shelf.is_empty() {
        return;
    }
    ui.separator();
    ui.label(RichText::new("Go back to where you left:").weak());
    // Each shelved lesson as it was left, by its place on the shelf: one opened from a file
    // too, and not a bundled lesson of the same title (it matched by title).
    for (k, s) in shelf.iter().enumerate() {
        let caption = format!("{}, step {} of {}", s.title, s.step, s.steps);
        let hover = format!(
            "With your replies ({} revealed); the entry above starts it afresh",
            words::count(s.revealed, "question")
        );
        if ui.button(caption).on_hover_text(hover).clicked() {
            cmds.push(Cmd::ReturnToShelved(k));
            cmds.push(Cmd::LessonStep(s.step - 1));
        }
    }
}

/// Quiz me: one quiz per model (under Help and Homework).
fn quiz_menu(ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
    ui.menu_button("Quiz me", |ui| {
        for m in ModelId::ALL {
            let name = format!("{} quiz", help::rail(m).0.replace('\n', " "));
            if ui
                .button(name)
                .on_hover_text("Questions on random instances, answered by the model")
                .clicked()
            {
                cmds.push(Cmd::Quiz(m));
            }
        }
    });
}
