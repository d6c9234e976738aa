//! Everything around the workspace: menu bar, model rail, status bar and windows (help,
//! shortcuts, about, path prompt). A component: [`Chrome`] owns the status-bar notice, the
//! path prompt and which windows are open; it reads what else it shows from [`Shell`] (a
//! narrow, read-only view of the app) and turns clicks into [`Cmd`]s for
//! [`LoadlabApp::apply`](super::LoadlabApp::apply). Captions, keys and tooltips come from the
//! command table ([`super::commands`]).

use crate::ui::widgets::scroll::Clipped;
use std::path::PathBuf;

mod menus;
use menus::menu_bar;

use egui::{Key, RichText};

use super::commands::{COMMANDS, Cmd, Switch, ThemeChoice, command, keys_text, shortcut_text};
use super::desk::Desk;
use super::files::FileAction;
use super::help;
use super::widgets::dialog::{Answer, dialog};
use super::workspaces::workspace_row;
use crate::jobs::JobStatus;
use crate::model::registry::ModelId;
use crate::model::words;
use crate::preset::BUNDLED;

/// Seconds an information notice stays in the status bar (errors stay until replaced).
const NOTICE_SECONDS: f64 = 6.0;

/// The most of the status bar's width a notice takes (the rest is the title's).
const NOTICE_SHARE: f32 = 0.7;

/// A message in the status bar (errors stay until replaced; information fades).
#[derive(Debug, Clone)]
pub(super) struct Notice {
    pub text: String,
    pub error: bool,
    /// When it was posted (`egui` input time), so information can fade after a while.
    pub since: Option<f64>,
}

/// The "type a path" window shown when no file dialog is available.
struct PathPrompt {
    action: FileAction,
    text: String,
    reason: Option<String>,
    focused: bool,
    /// The path OK was pressed on once though the file exists: OK again replaces it.
    replacing: Option<String>,
}

/// Which windows are open.
#[derive(Default)]
struct Windows {
    shortcuts: bool,
    help: bool,
    about: bool,
    errata: super::errata::Errata,
    research: super::research::Research,
    ksbf_study: super::ksbf_study::KsbfStudy,
}

impl Windows {
    /// True while a window of the Help menu is open.
    fn any_open(&self) -> bool {
        self.shortcuts
            || self.help
            || self.about
            || self.errata.open
            || self.research.open
            || self.ksbf_study.open
    }
}

/// What the chrome shows of the app this frame.
pub(super) struct Shell<'a> {
    /// The five scenarios and their files.
    pub desk: &'a Desk,
    /// Undo and redo are possible.
    pub undo: (bool, bool),
    /// The theme, text size and motion chosen.
    pub look: super::look::Look,
    /// Presenter mode is on.
    pub presenting: bool,
    /// The app fills the screen ([`crate::platform::screen`]).
    pub full_screen: bool,
    /// The room is a stage ([`super::stage`]): the model rail folds into the menu bar.
    pub stage: bool,
    /// "Hide the future" is on.
    pub hide_future: bool,
    /// The map is in front.
    pub map: bool,
    /// The running background job.
    pub job: Option<JobStatus>,
    /// File ▸ Open recent.
    pub recent: &'a super::files::Recent,
    /// A lesson is being played (File ▸ Export ▸ Export lesson hand-out…).
    pub lesson: bool,
    /// The name of the lesson step's scenario, and whether the lesson's player shows it (its
    /// title and the step's): the status bar does not repeat it.
    pub lesson_page: Option<(String, bool)>,
    /// The lessons left for another or a link (Help ▸ Lessons goes back to them).
    pub shelf: Vec<crate::ui::lesson::Shelved<'a>>,
}

impl Shell<'_> {
    /// Whether switch `s` is on.
    fn on(&self, s: Switch) -> bool {
        match s {
            Switch::HideFuture => self.hide_future,
            Switch::Presenter => self.presenting,
            Switch::FullScreen => self.full_screen,
            Switch::Map => self.map,
            Switch::ReduceMotion => self.look.calm,
            Switch::Help | Switch::Shortcuts | Switch::About => false,
        }
    }
}

/// The first-start card ("New here? Start with a lesson").
#[derive(Default)]
struct Welcome {
    /// Shown now.
    shown: bool,
    /// Dismissed once (persisted: it never comes back).
    dismissed: bool,
    /// The lessons are listed in the card.
    listing: bool,
}

/// The chrome's own state.
#[derive(Default)]
pub(super) struct Chrome {
    notice: Option<Notice>,
    /// A receipt the user closes (a hand-in's file and grade, or why it failed): its title,
    /// its text and whether it is an error.
    receipt: Option<(String, String, bool)>,
    prompt: Option<PathPrompt>,
    windows: Windows,
    welcome: Welcome,
    /// Embedded in another page: no menu bar.
    pub embedded: bool,
}

impl Chrome {
    /// Posts a message in the status bar.
    pub fn post(&mut self, text: String, error: bool) {
        self.notice = Some(Notice {
            text,
            error,
            since: None,
        });
    }

    /// Posts `text` in the status bar and in a window titled `title` that stays until closed
    /// (what a student must be sure of: where the hand-in went and what it scores).
    pub fn receipt(&mut self, title: &str, text: String, error: bool) {
        self.post(text.clone(), error);
        self.receipt = Some((title.to_owned(), text, error));
    }

    /// The status-bar message, if any.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// Opens the "type a path" window for `action`, the field holding `text`.
    pub fn ask_path(&mut self, action: FileAction, text: String) {
        self.prompt = Some(PathPrompt {
            action,
            text,
            reason: None,
            focused: false,
            replacing: None,
        });
    }

    /// Says in the path window why it is asked for.
    pub fn explain_prompt(&mut self, reason: &str) {
        if let Some(p) = &mut self.prompt {
            p.reason = Some(reason.to_string());
        }
    }

    /// Sets up the first-start card: `dismissed` once (as persisted), else shown if `newcomer`.
    pub fn welcome(&mut self, dismissed: bool, newcomer: bool) {
        self.welcome = Welcome {
            shown: newcomer && !dismissed,
            dismissed,
            listing: false,
        };
    }

    /// The first-start card goes away for this run (a lesson or a preset was asked for on the
    /// command line); it is not dismissed for good.
    pub fn skip_welcome(&mut self) {
        self.welcome.shown = false;
    }

    /// The first-start card goes away for good (✕, or a lesson was started).
    pub fn dismiss_welcome(&mut self) {
        if self.welcome.shown {
            self.welcome.shown = false;
            self.welcome.dismissed = true;
        }
    }

    /// True once the first-start card was dismissed (persisted).
    pub fn welcome_dismissed(&self) -> bool {
        self.welcome.dismissed
    }

    /// True while the first-start card is shown.
    pub fn welcome_shown(&self) -> bool {
        self.welcome.shown
    }

    /// The first-start card, while shown: a pointer to Help ▸ Lessons, a button that lists
    /// the lessons in the card (each starts its lesson) and ✕.
    fn welcome_card(&mut self, ctx: &egui::Context) -> Vec<Cmd> {
        let mut cmds = Vec::new();
        // Someone reading a window of the Help menu has found their way: the card goes for
        // this run (on a phone it stood over the errata list's last lines).
        if self.windows.any_open() {
            self.skip_welcome();
        }
        if !self.welcome.shown {
            return cmds;
        }
        let w = &mut self.welcome;
        let mut close = false;
        let drawn = egui::Window::new("Welcome")
            .title_bar(false)
            .resizable(false)
            .collapsible(false)
            // Low on the left, over the rail's and the controls' empty ends: clear of the
            // picture, the plots and the numbers' values (on the right, it hid them).
            .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -32.0])
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new("New here? Start with a lesson: Help ▸ Lessons").strong(),
                    );
                    close = ui
                        .button("✕")
                        .on_hover_text("Close (it will not come back)")
                        .clicked();
                });
                // The card grows upward from its anchor: the lessons go above the switch that
                // lists them, so the switch stays under the pointer (a second click folds the
                // list) and no lesson lands where the pointer is.
                if w.listing {
                    for (i, listed) in crate::lesson::listings().iter().enumerate() {
                        if let Ok(l) = listed
                            && ui
                                .button(&l.title)
                                .on_hover_text(words::count(l.steps, "step"))
                                .clicked()
                        {
                            cmds.push(Cmd::StartLesson(i));
                        }
                    }
                }
                ui.toggle_value(&mut w.listing, "Show the lessons")
                    .on_hover_text("The bundled lessons, one per paper");
            });
        // Escape closes it as its ✕ does, when it is the window on top.
        let mut open = true;
        crate::ui::widgets::dialog::escape_closes(ctx, &drawn, &mut open);
        if close || !open {
            self.dismiss_welcome();
        }
        cmds
    }

    /// Opens Help ▸ What we found in the paper at the finding `id` (or says there is none).
    pub fn open_finding(&mut self, id: &str) -> Result<(), String> {
        self.windows.errata.open_at(id)
    }

    /// Opens or closes a window (the switches that are windows; others are ignored).
    pub fn toggle(&mut self, s: Switch) {
        let w = &mut self.windows;
        match s {
            Switch::Help => w.help = !w.help,
            Switch::Shortcuts => w.shortcuts = !w.shortcuts,
            Switch::About => w.about = !w.about,
            Switch::HideFuture
            | Switch::Presenter
            | Switch::FullScreen
            | Switch::Map
            | Switch::ReduceMotion => {}
        }
    }

    /// Menu bar, status bar and model rail (the workspace fills what is left).
    pub fn bars(&mut self, ui: &mut egui::Ui, shell: &Shell<'_>) -> Vec<Cmd> {
        let mut cmds = Vec::new();
        if !self.embedded {
            let windows = &mut self.windows;
            egui::Panel::top("menu").show(ui, |ui| menu_bar(ui, shell, windows, &mut cmds));
        }
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui, shell, &mut cmds));
        if !shell.stage {
            let width = rail_width(ui);
            egui::Panel::left("rail")
                .resizable(false)
                .exact_size(width)
                .show(ui, |ui| rail(ui, shell.desk, &mut cmds));
        }
        cmds
    }

    /// Help, shortcuts, about and the path prompt; `model` is the one in front.
    pub fn windows(&mut self, ctx: &egui::Context, model: ModelId) -> Vec<Cmd> {
        // Both reading windows stand over the workspace, tall enough to read and scrolled
        // within: at most the window's height less the bars.
        let screen = ctx.content_rect();
        // Under the bars (placed by egui it stood over the menu bar), its descriptions wrapped
        // to a reading width (it took the screen's width in presenter mode).
        let reading = 640.0f32.min(screen.width() - 40.0);
        let under_bars = crate::ui::widgets::dialog::under_bars(ctx, 170.0);
        let room = crate::ui::widgets::dialog::room_under_bars(ctx, 200.0);
        let escape = crate::ui::widgets::dialog::escape_closes;
        let drawn = egui::Window::new(command(&Cmd::Toggle(Switch::Shortcuts)).caption)
            .open(&mut self.windows.shortcuts)
            .resizable(false)
            .default_pos(under_bars)
            .min_width(reading)
            .max_width(reading)
            .max_height(room)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical().show_reading(ui, shortcuts_window);
            });
        escape(ctx, &drawn, &mut self.windows.shortcuts);
        // One window per model (its own size).
        let drawn = egui::Window::new(command(&Cmd::Toggle(Switch::Help)).caption)
            .id(egui::Id::unique(("help", model)))
            .open(&mut self.windows.help)
            .default_pos(under_bars)
            .default_width(560.0f32.min(screen.width() - 190.0))
            .default_height(room)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .show_reading(ui, |ui| ui.label(workspace_row(model).help));
            });
        escape(ctx, &drawn, &mut self.windows.help);
        let drawn = egui::Window::new(command(&Cmd::Toggle(Switch::About)).caption)
            .open(&mut self.windows.about)
            .default_pos(under_bars)
            .max_width(560.0f32.min(screen.width() - 40.0))
            .show(ctx, |ui| {
                ui.label(help::ABOUT);
                ui.label(format!("version {}", env!("CARGO_PKG_VERSION")));
            });
        escape(ctx, &drawn, &mut self.windows.about);
        let mut cmds = self.welcome_card(ctx);
        super::errata::window(&mut self.windows.errata, ctx, model, &mut cmds);
        super::research::window(&mut self.windows.research, ctx, &mut cmds);
        super::ksbf_study::window(&mut self.windows.ksbf_study, ctx, &mut cmds);
        cmds.extend(self.prompt_window(ctx));
        self.receipt_window(ctx);
        cmds
    }

    /// True while a reading window (the shortcuts, F1's help, About) is open: the keys are
    /// its own, not the lesson's behind it.
    pub fn reading(&self) -> bool {
        let w = &self.windows;
        w.shortcuts || w.help || w.about
    }

    /// The receipt, while there is one: its text whole (wrapped, selectable) and OK.
    fn receipt_window(&mut self, ctx: &egui::Context) {
        let Some((title, text, error)) = &self.receipt else {
            return;
        };
        let screen = ctx.content_rect();
        let mut open = true;
        let mut ok = false;
        let drawn = egui::Window::new(title.as_str())
            .id(egui::Id::unique("receipt"))
            .collapsible(false)
            .resizable(false)
            .default_width(480.0f32.min(screen.width() - 40.0))
            .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0])
            .open(&mut open)
            .show(ctx, |ui| {
                let text = RichText::new(text.as_str());
                let text = if *error {
                    text.color(ui.visuals().error_fg_color)
                } else {
                    text
                };
                ui.add(egui::Label::new(text).wrap().selectable(true));
                ok = ui.button("OK").clicked();
            });
        crate::ui::widgets::dialog::escape_closes(ctx, &drawn, &mut open);
        if ok || !open {
            self.receipt = None;
        }
    }

    fn status_bar(&mut self, ui: &mut egui::Ui, shell: &Shell<'_>, cmds: &mut Vec<Cmd>) {
        self.fade(ui);
        ui.horizontal(|ui| {
            if let Some(job) = &shell.job {
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
                let text = if n.error {
                    text.color(ui.visuals().error_fg_color)
                } else {
                    text
                };
                // One line (the whole of it on hover and for a screen reader), leaving the
                // title its room; a live region, so a screen reader reads each notice out
                // (Describe the picture's description among them).
                ui.scope(|ui| {
                    ui.set_max_width(ui.available_width() * NOTICE_SHARE);
                    let r = crate::ui::widgets::one_line(ui, egui::Label::new(text), &n.text);
                    ui.ctx().accesskit_node_builder(r.id, |node| {
                        node.set_live(egui::accesskit::Live::Polite);
                    });
                });
            }
            // The title takes what is left and is elided there (never over the job's Cancel).
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let lesson = shell.lesson_page.as_ref().map(|(n, s)| (n.as_str(), *s));
                let title = shell.desk.status_title(lesson);
                if !title.is_empty() {
                    let label = egui::Label::new(RichText::new(&title).weak());
                    crate::ui::widgets::one_line(ui, label, &title);
                }
            });
        });
    }

    /// Information fades after [`NOTICE_SECONDS`] (a repaint is asked for then).
    fn fade(&mut self, ui: &egui::Ui) {
        let now = ui.input(|i| i.time);
        let Some(n) = &mut self.notice else {
            return;
        };
        if n.error {
            return;
        }
        let since = *n.since.get_or_insert(now);
        if now - since > NOTICE_SECONDS {
            self.notice = None;
        } else {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(
                    NOTICE_SECONDS - (now - since) + 0.05,
                ));
        }
    }

    /// The path prompt, while one is asked for: its path as a command once confirmed.
    fn prompt_window(&mut self, ctx: &egui::Context) -> Vec<Cmd> {
        let Some(prompt) = &mut self.prompt else {
            return Vec::new();
        };
        let window = egui::Window::new(prompt.action.title())
            .collapsible(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0]);
        let answer = dialog(ctx, window, "OK", "Cancel", |ui| {
            if let Some(r) = &prompt.reason {
                ui.label(RichText::new(r).color(ui.visuals().warn_fg_color));
                // The field's label stands with its field, apart from the reason above.
                ui.add_space(ui.spacing().item_spacing.y * 2.0);
            }
            let label = ui.label("File path");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut prompt.text)
                        .desired_width(420.0)
                        .hint_text(prompt.action.placeholder()),
                )
                .labelled_by(label.id);
            if !prompt.focused && !edit.has_focus() {
                // A suggested path comes selected: typing replaces it, an arrow key edits it.
                select_all(ui.ctx(), edit.id, &prompt.text);
            }
            crate::ui::widgets::dialog::focus_first(&edit, &mut prompt.focused);
            edit.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter))
        });
        match answer {
            Some(Answer::Confirm) if !prompt.text.trim().is_empty() => {
                let path = prompt.action.completed(PathBuf::from(prompt.text.trim()));
                let folder = crate::platform::files::missing_folder(&path)
                    .filter(|_| prompt.action.is_save() && prompt.action != FileAction::Handout)
                    .map(|d| format!("There is no folder {}: name one that exists", d.display()));
                if let Some(why) = prompt.action.refusal(&path).or(folder) {
                    prompt.reason = Some(why);
                    prompt.focused = false;
                    return Vec::new();
                }
                // A file that exists is replaced only at the second OK on the same path.
                let text = path.display().to_string();
                if prompt.action.is_save()
                    && crate::platform::files::replaces(&path)
                    && prompt.replacing.as_ref() != Some(&text)
                {
                    prompt.reason = Some(format!("{text} exists: OK again replaces it"));
                    prompt.replacing = Some(text);
                    // The field takes the keys again: Enter confirms as OK does.
                    prompt.focused = false;
                    return Vec::new();
                }
                let cmd = Cmd::with_path(prompt.action, path);
                self.prompt = None;
                vec![cmd]
            }
            Some(Answer::Dismiss) => {
                self.prompt = None;
                Vec::new()
            }
            _ => Vec::new(),
        }
    }
}

/// Selects the whole of `text` in the text field `id`.
fn select_all(ctx: &egui::Context, id: egui::Id, text: &str) {
    let mut state = egui::text_edit::TextEditState::load(ctx, id).unwrap_or_default();
    let all = egui::text::CCursorRange::select_all_str(text);
    state.cursor.set_char_range(Some(all));
    state.store(ctx, id);
}

/// Help ▸ Keyboard shortcuts: every command of the table that has keys, then what the pointer
/// and egui's own keys do; a striped row each, the keys in a column as wide as the widest
/// (at most 40 % of the window) and the description wrapped beside them (in an egui grid a
/// wrapped description was squeezed to a word a line).
fn shortcuts_window(ui: &mut egui::Ui) {
    let commands = COMMANDS.iter().filter(|c| !c.keys.is_empty());
    let rows: Vec<(String, &str, &str)> = commands
        .map(|c| (keys_text(c), c.caption, c.tooltip))
        .chain(
            help::GESTURES
                .iter()
                .map(|&(k, what)| (k.to_owned(), what, "")),
        )
        .collect();
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let widest = rows
        .iter()
        .map(|(k, ..)| {
            let color = ui.visuals().text_color();
            ui.painter()
                .layout_no_wrap(k.clone(), font.clone(), color)
                .size()
                .x
        })
        .fold(0.0, f32::max);
    let keys = widest.min(0.4 * ui.available_width());
    for (i, (k, what, tip)) in rows.iter().enumerate() {
        let stripe = ui.painter().add(egui::Shape::Noop);
        let row = ui.horizontal_top(|ui| {
            ui.allocate_ui_with_layout(
                egui::vec2(keys, 0.0),
                egui::Layout::top_down(egui::Align::Min),
                |ui| {
                    ui.set_width(keys);
                    ui.add(egui::Label::new(RichText::new(k).monospace()).wrap());
                },
            );
            let described = ui.add(egui::Label::new(*what).wrap());
            if !tip.is_empty() {
                described.on_hover_text(*tip);
            }
        });
        if i % 2 == 1 {
            let fill = ui.visuals().faint_bg_color;
            let mut band = row.response.rect.expand(1.0);
            band.max.x = ui.max_rect().right();
            let shape = egui::Shape::rect_filled(band, 0.0, fill);
            ui.painter().set(stripe, shape);
        }
    }
}

/// The model rail's width: 150 points, or more where the longest word of a model's name would
/// not fit on its line at the text size chosen (at 150 % "Redistribution" broke mid-word).
fn rail_width(ui: &egui::Ui) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let word = |w: &str| {
        ui.painter()
            .layout_no_wrap(w.to_string(), font.clone(), egui::Color32::WHITE)
            .size()
            .x
    };
    let longest = ModelId::ALL
        .iter()
        // (A line may break after a hyphen: "Geometric-" ends one.)
        .flat_map(|&m| {
            help::rail(m)
                .0
                .split(|c: char| c.is_whitespace() || c == '-')
        })
        .map(word)
        .fold(0.0, f32::max);
    // The mark's room, the button's padding and the panel's margins on both sides.
    let around =
        word("•") + 2.0 * ui.spacing().item_spacing.x + 2.0 * ui.spacing().button_padding.x + 16.0;
    (longest + around).max(150.0)
}

fn rail(ui: &mut egui::Ui, desk: &Desk, cmds: &mut Vec<Cmd>) {
    ui.add_space(6.0);
    ui.label(RichText::new("Models").strong());
    ui.separator();
    // The edit mark has its room reserved beside every name: a name never re-wraps when the
    // mark appears.
    let mark = "•";
    let font = egui::TextStyle::Button.resolve(ui.style());
    let mark_width = ui
        .painter()
        .layout_no_wrap(mark.to_string(), font, egui::Color32::WHITE)
        .size()
        .x
        + ui.spacing().item_spacing.x;
    for m in ModelId::ALL {
        let (title, hover) = help::rail(m);
        let selected = m == desk.active;
        let edited = desk.page_of(m).modified();
        ui.horizontal_top(|ui| {
            let room = egui::vec2((ui.available_width() - mark_width).max(40.0), 0.0);
            let entry = ui
                .allocate_ui_with_layout(room, egui::Layout::top_down(egui::Align::Min), |ui| {
                    ui.selectable_label(selected, title).on_hover_text(hover)
                })
                .inner;
            if entry.clicked() && !selected {
                cmds.push(Cmd::Switch(m));
            }
            if edited {
                ui.label(RichText::new(mark).strong())
                    .on_hover_text("Edited since it was opened or saved");
            }
        });
    }
    ui.add_space(8.0);
    // The scenario's note scrolls when it is longer than the rail (presenter mode's larger type).
    egui::ScrollArea::vertical()
        .id_salt("rail_note")
        .show_reading(ui, |ui| {
            let page = desk.page();
            // The note speaks of the scenario as opened ("height 5 (63 processors)"): after an
            // edit it says so first, rather than describe what is no longer on screen.
            if page.modified() && !page.description.is_empty() {
                ui.label(
                    RichText::new("As opened (the parameters have changed since):")
                        .weak()
                        .italics(),
                );
            }
            ui.label(RichText::new(&page.description).weak())
        });
}
