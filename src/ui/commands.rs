//! Every user action as a value ([`Cmd`]), and the command table: each command's caption,
//! keyboard shortcuts and tooltip, written once here and read by the menus, the shortcuts
//! window, the help and the keyboard handling ([`pressed`]).
//!
//! [`crate::ui::LoadlabApp::apply`] is the one place that carries commands out.

use std::cmp::Reverse;
use std::path::PathBuf;

use egui::{Key, KeyboardShortcut, Modifiers};

use super::files::FileAction;
pub use super::look::ThemeChoice;
use super::widgets::focus::Landing;
use super::widgets::step_bar::StepState;
use crate::lesson::Region;
use crate::model::registry::ModelId;
use crate::preset::Preset;

/// Every user action.
#[derive(Debug, Clone, PartialEq)]
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
    /// File ▸ Export ▸ Export CSV.
    ExportCsv,
    /// Write the CSV here.
    ExportCsvTo(PathBuf),
    /// File ▸ Export JSON.
    ExportJson,
    /// Write the JSON here.
    ExportJsonTo(PathBuf),
    /// File ▸ Export ▸ Save screenshot.
    Screenshot,
    /// Write the next frame as PNG here.
    ScreenshotTo(PathBuf),
    /// File ▸ Export ▸ Export figure… (None: the figure under the pointer, else the picture) or a
    /// figure's "↓ PNG" button.
    ExportFigure(Option<Region>),
    /// Draw the chosen figure off-screen at 2× and write it here: SVG for a path ending in
    /// .svg, else PNG.
    ExportFigureTo(PathBuf),
    /// Edit ▸ Describe the picture, or the picture's Describe button: its description at this
    /// step on the clipboard and in the status bar (read out by a screen reader).
    DescribePicture,
    /// File ▸ Export ▸ Export figure as SVG… (None: the figure under the pointer, else the picture)
    /// or a figure's "↓ SVG" button.
    ExportFigureSvg(Option<Region>),
    /// File ▸ Export ▸ Export animation…: the front run's picture at every step as a GIF.
    ExportAnimation,
    /// Write the animation here.
    ExportAnimationTo(PathBuf),
    /// File ▸ Export ▸ Export lesson hand-out…: the lesson being played as pages, PDF and HTML.
    ExportHandout,
    /// Write the hand-out into this folder.
    ExportHandoutTo(PathBuf),
    /// View ▸ Theme.
    Theme(ThemeChoice),
    /// View ▸ Text size.
    TextSize(super::look::TextSize),
    /// View ▸ Reset layout.
    ResetLayout,
    /// Presenter mode on or off: larger type, the picture as big as possible.
    Presenter(bool),
    /// Flip a switch (a key, a checkbox in a menu).
    Toggle(Switch),
    /// Cancel the running background jobs.
    CancelJobs,
    /// Type a path for an action (fallback when no dialog portal).
    PromptPath(FileAction),
    /// Help ▸ Lessons: play a bundled lesson (index in [`crate::lesson::BUNDLED`]) afresh.
    StartLesson(usize),
    /// A bundled lesson named by the page's address: with the replies it was left with, if
    /// it was (another lesson or a link opened in between), else afresh; a `LessonStep` follows.
    ReturnToLesson(usize),
    /// Help ▸ Lessons ▸ "Go back to where you left": the shelf's lesson at this place (the
    /// last left first), bundled or opened from a file, as it was left; a `LessonStep` follows.
    ReturnToShelved(usize),
    /// Go to this step of the lesson being played.
    LessonStep(usize),
    /// Leave the lesson (the scenario on screen stays).
    LeaveLesson,
    /// Help ▸ Quiz me: the quiz window of a model.
    Quiz(ModelId),
    /// Help ▸ What we found in the paper, open at one finding (a lesson step cites it by id).
    OpenFinding(String),
    /// Load a scenario (a quiz question's "Show me").
    ShowScenario(Box<Preset>),
    /// Put a scenario in front without a message (a lesson step).
    Load(Box<Preset>),
    /// Show this picture tab and plot of the front workspace (names from
    /// [`crate::lesson::views`]); a failure is reported after `context` ("Step 2").
    Select {
        /// The picture tab, if one is asked for.
        picture: Option<String>,
        /// The plot, if one is asked for.
        plot: Option<String>,
        /// What asked, for the error message.
        context: String,
    },
    /// Show information in the status bar.
    Inform(String),
    /// Show an error in the status bar.
    Fail(String),
    /// Bring this view of the front model forward (`loadlab gui --view`).
    View(View),
    /// Edit ▸ Copy link: the front scenario, its step, view and pinned A as a share link on
    /// the clipboard.
    CopyLink,
    /// Edit ▸ Copy as lesson step: the front scenario at its step, with the regions, picture
    /// tab and plot shown, as a lesson step (RON) on the clipboard.
    CopyAsLessonStep,
    /// Edit ▸ Copy as command: the `loadlab` command line that runs the front scenario.
    CopyCommand,
    /// Edit ▸ Paste link: a window to paste a share link into.
    PasteLink,
    /// File ▸ Reload: the front scenario's file read again from disk (undoable).
    Reload,
    /// Open a share link's scenario at its step, picture tab and plot (`loadlab gui --link`).
    OpenLink(Box<crate::link::Shared>),
    /// Homework ▸ Personal instance…: a window asking the student's name and course key.
    PersonalInstance,
    /// Put this personal instance in front with Your turn on.
    StartPersonal(Box<Preset>),
    /// Homework ▸ Hand in…: the exercise in front as an attempt file (dialog, or a download).
    HandIn,
    /// Write the attempt file here.
    HandInTo(PathBuf),
    /// Homework ▸ Open attempt…: replay an attempt file.
    OpenAttempt,
    /// Read and replay this attempt file.
    OpenAttemptFrom(PathBuf),
    /// Homework ▸ Gradebook of a folder…: every attempt in a folder graded, one row each.
    Gradebook,
    /// Grade the attempt files of this folder (or this one file) in the gradebook window.
    GradebookOf(PathBuf),
    /// The gradebook window's Save as CSV…: its table as `loadlab grade --csv` writes it.
    SaveGradebookCsv,
    /// Write the gradebook window's table as CSV here.
    SaveGradebookCsvTo(PathBuf),
    /// A quiz window's Personal quiz…: the name and course key asked for its seed.
    PersonalQuiz(ModelId),
    /// The personal quiz of (name, course) on a model: its seed, generated in its window.
    StartPersonalQuiz(ModelId, u64, Box<(String, String)>),
    /// A quiz window's Hand in quiz…: its replies as a quiz attempt file (dialog or download).
    HandInQuiz(ModelId),
    /// Write the quiz attempt file of this model's quiz window here.
    HandInQuizTo(ModelId, PathBuf),
    /// A lesson reached an exercise step that plays the student's personal instance.
    PersonalStep,
    /// F6 / F7 / F8: the keyboard focus jumps to the exercise, the picture or the drawer.
    Focus(Landing),
}

impl Cmd {
    /// The command that acts on a path chosen for `action`.
    pub fn with_path(action: FileAction, path: PathBuf) -> Cmd {
        match action {
            FileAction::OpenPreset => Cmd::OpenPath(path),
            FileAction::SavePreset => Cmd::SaveTo(path),
            FileAction::SaveWorkbook => Cmd::SaveWorkbookTo(path),
            FileAction::ExportCsv => Cmd::ExportCsvTo(path),
            FileAction::ExportJson => Cmd::ExportJsonTo(path),
            FileAction::Screenshot => Cmd::ScreenshotTo(path),
            FileAction::Figure | FileAction::FigureSvg => Cmd::ExportFigureTo(path),
            FileAction::Animation => Cmd::ExportAnimationTo(path),
            FileAction::Handout => Cmd::ExportHandoutTo(path),
            FileAction::HandIn => Cmd::HandInTo(path),
            FileAction::OpenAttempt => Cmd::OpenAttemptFrom(path),
            FileAction::HandInQuiz(m) => Cmd::HandInQuizTo(m, path),
            FileAction::Gradebook => Cmd::GradebookOf(path),
            FileAction::GradebookCsv => Cmd::SaveGradebookCsvTo(path),
        }
    }
}

/// What is in front in the centre: the front model's workspace, its map, or Compare A/B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// The workspace (the A/B table under it when A is pinned).
    #[default]
    Workspace,
    /// The Map of two parameters (it starts computing when shown).
    Map,
    /// Compare A/B; the front scenario is pinned as A unless A is pinned already.
    Compare,
}

/// An on/off state a command flips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Switch {
    /// Hide the future: every stepped view draws only the past.
    HideFuture,
    /// Presenter mode.
    Presenter,
    /// Full screen (the window's, or the page's).
    FullScreen,
    /// The map of two parameters in front (off: back to the workspace or Compare).
    Map,
    /// The help window of the front model.
    Help,
    /// The keyboard shortcuts window.
    Shortcuts,
    /// The About loadlab window.
    About,
    /// Reduced motion: nothing slides, fades or pulses.
    ReduceMotion,
}

/// A stepping command (keyboard shortcut or menu) for the workspace in front.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepCmd {
    /// Space.
    TogglePlay,
    /// ←.
    Back,
    /// →.
    Forward,
    /// Home.
    First,
    /// End.
    Last,
}

impl StepCmd {
    /// Applies the command to a step bar over `n` steps.
    pub fn apply(self, s: &mut StepState, n: usize) {
        match self {
            StepCmd::TogglePlay => s.toggle_play(n),
            StepCmd::Back => s.back(),
            StepCmd::Forward => s.forward(n),
            StepCmd::First => s.first(),
            StepCmd::Last => s.last(n),
        }
    }
}

/// One row of the command table.
#[derive(Debug)]
pub struct Command {
    /// What it sends.
    pub cmd: Cmd,
    /// Its caption in menus and in the shortcuts window.
    pub caption: &'static str,
    /// Its keyboard shortcuts (the first is the one menus show); none for menu-only commands.
    pub keys: &'static [KeyboardShortcut],
    /// What it does, at more length (menu hover text, the shortcuts window).
    pub tooltip: &'static str,
    /// The keys act even while a text field has the keyboard (Ctrl+S does; Space does not).
    pub while_typing: bool,
}

const fn key(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, k)
}

const fn ctrl(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND, k)
}

const fn ctrl_shift(k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), k)
}

/// A row (see [`Command`]).
const fn row(
    cmd: Cmd,
    caption: &'static str,
    keys: &'static [KeyboardShortcut],
    tooltip: &'static str,
    while_typing: bool,
) -> Command {
    Command {
        cmd,
        caption,
        keys,
        tooltip,
        while_typing,
    }
}

/// The command table, in the order of the shortcuts window.
#[rustfmt::skip]
pub static COMMANDS: &[Command] = &[
    row(Cmd::Open, "Open preset, workbook or lesson…", &[ctrl(Key::O)], "Open a preset file, a workbook of five scenarios or a lesson", true),
    row(Cmd::Save, "Save", &[ctrl(Key::S)], "Save the scenario: writes the file it came from, asks when there is none", true),
    row(Cmd::SaveAs, "Save as…", &[ctrl_shift(Key::S)], "Save the scenario to a new file", true),
    row(Cmd::SaveWorkbookAs, "Save workbook as…", &[], "All five models' scenarios in one file (a lecture)", false),
    row(Cmd::ExportCsv, "Export CSV…", &[], "Numbers, schedule and plot series in one file with # sections — the same as `loadlab <model> … --csv`", false),
    row(Cmd::ExportJson, "Export JSON…", &[], "The run's summary as one JSON object, nested as the report has it — the same as `loadlab <model> … --json`", false),
    row(Cmd::Screenshot, "Save screenshot…", &[], "The whole window as a PNG", false),
    row(Cmd::ExportFigure(None), "Export figure…", &[], "The figure under the pointer (else the picture) drawn at 2× as a PNG", false),
    row(Cmd::Reload, "Reload", &[], "Read the front scenario's file (or workbook) again from disk: edits made to it in another program show; Undo goes back", false),
    row(Cmd::ExportFigureSvg(None), "Export figure as SVG…", &[], "The figure under the pointer (else the picture) as SVG: vector shapes and real, searchable text, the same layout as the PNG", false),
    row(Cmd::ExportAnimation, "Export animation…", &[], "The picture at every step of the run as a looping GIF (one frame per step, 2 a second) — the same as `loadlab render PRESET --animate`", false),
    row(Cmd::ExportHandout, "Export lesson hand-out…", &[], "The lesson being played as a folder: one PNG per step, a PDF of them and one offline HTML page with every step's figure and Reveal buttons — the same as `loadlab render --lesson` (in a browser: the HTML page alone, one download)", false),
    row(Cmd::PersonalInstance, "Personal instance…", &[], "Your own exercise, derived from your name and the course key: the teacher can regenerate it from your name (`loadlab exercise MODEL --student NAME`)", false),
    row(Cmd::HandIn, "Hand in…", &[], "Save the exercise in front as an attempt file — every move, hint and Show me with its time; the teacher's `loadlab grade` re-grades it from the moves", false),
    row(Cmd::OpenAttempt, "Open attempt…", &[], "Open a handed-in attempt file and replay it move by move, each with its verdict", false),
    row(Cmd::Gradebook, "Gradebook of a folder…", &[], "Every attempt file in a folder re-graded from its moves or answers, one row each, as `loadlab grade FOLDER` does: open any row's attempt, copy or save the table as CSV", false),
    row(Cmd::CopyLink, "Copy link", &[], "The scenario in front — with its step, picture tab, plot and pinned A — as one line (loadlab:1:…) on the clipboard: paste it to a colleague, `loadlab gui --link` or `loadlab eval --link` opens it", false),
    row(Cmd::CopyCommand, "Copy as command", &[], "The `loadlab` command line that prints the run in front (add --json for one JSON object, --csv for CSV): its flags when they set the scenario, else `loadlab eval --link` with its share link", false),
    row(Cmd::CopyAsLessonStep, "Copy as lesson step", &[], "The view in front — its scenario, step, regions, picture tab and plot — as a lesson step (RON) on the clipboard: paste it into a lesson file's steps, write its text and question, and check the file with `loadlab lesson FILE --check`", false),
    row(Cmd::PasteLink, "Paste link…", &[], "Open a share link (loadlab:1:…) someone sent you", false),
    row(Cmd::DescribePicture, "Describe the picture", &[ctrl(Key::D)], "What the picture shows at this step, in words — processors, sends, nodes, bars, the step's caption and why — on the clipboard and read out by a screen reader", false),
    row(Cmd::Undo, "Undo", &[ctrl(Key::Z)], "Undo the last parameter edit", false),
    row(Cmd::Redo, "Redo", &[ctrl_shift(Key::Z), ctrl(Key::Y)], "Redo the edit undone last", false),
    row(Cmd::Step(StepCmd::TogglePlay), "Play / pause the schedule", &[key(Key::Space)], "Play the steps one after the other, or pause", false),
    row(Cmd::Step(StepCmd::Back), "Step back", &[key(Key::ArrowLeft)], "One step back (in the lesson player, after a click in it: the previous lesson step)", false),
    row(Cmd::Step(StepCmd::Forward), "Step forward", &[key(Key::ArrowRight)], "One step forward (in the lesson player, after a click in it: the next lesson step)", false),
    row(Cmd::Step(StepCmd::First), "First step", &[key(Key::Home)], "Back to the start", false),
    row(Cmd::Step(StepCmd::Last), "Last step", &[key(Key::End)], "The end state (every stepped run ends on it)", false),
    row(Cmd::Focus(Landing::Exercise), "Focus the exercise", &[key(Key::F6)], "The keyboard focus to Your turn's first button (Send, Hint…); Tab goes on to the picture's arrows, cells or nodes, Space or Enter acts, Esc lets go", true),
    row(Cmd::Focus(Landing::Picture), "Focus the picture", &[key(Key::F7)], "The keyboard focus to the picture's first control (in Your turn: the first ring arrow, grid cell or tree node; the arrow keys move among them)", true),
    row(Cmd::Focus(Landing::Drawer), "Focus the drawer", &[key(Key::F8)], "The keyboard focus to the drawer beside the picture (on the desktop: the lesson player's Next, else the controls); again from Back or Next, to an open question's answer", true),
    row(Cmd::Toggle(Switch::HideFuture), super::reveal::CAPTION, &[key(Key::H)], "Draw only what has happened by the step bar: plots up to the current step, no later arrows, nodes or bars, and the final numbers only at the end", false),
    row(Cmd::Toggle(Switch::Presenter), "Presenter mode", &[key(Key::F5)], "Type 1.5 × larger, the picture first: controls and numbers folded away (toggle them with Show:)", true),
    row(Cmd::Toggle(Switch::FullScreen), "Full screen", crate::platform::screen::KEYS, "The whole screen for loadlab, no window frame or task bar: for a projector, with Presenter mode (again to leave)", true),
    row(Cmd::Toggle(Switch::Map), "Map of two parameters", &[], "A heat map of one number over two parameters of the model; click a cell to load it", false),
    row(Cmd::Toggle(Switch::ReduceMotion), "Reduce motion", &[], "Nothing slides, fades or pulses (menus, panels, the lesson's highlight); Play still steps at its speed", false),
    row(Cmd::ResetLayout, "Reset layout", &[], "Every panel back to its default size and place (presenter mode's own, when it is on)", false),
    row(Cmd::Toggle(Switch::Help), "About this model", &[key(Key::F1)], "Help for the current model: conventions, what is simulated, findings (press again to close)", true),
    row(Cmd::Toggle(Switch::Shortcuts), "Keyboard shortcuts", &[], "Every command with its keys", false),
    row(Cmd::Toggle(Switch::About), "About loadlab", &[], "What loadlab is, its version", false),
];

/// The row stood in for a command missing from the table (a test keeps every command the
/// menus send in it).
static UNLISTED: Command = row(Cmd::CancelJobs, "?", &[], "", false);

/// The table's row of `cmd`.
pub fn command(cmd: &Cmd) -> &'static Command {
    let found = COMMANDS.iter().find(|c| c.cmd == *cmd);
    debug_assert!(found.is_some(), "{cmd:?} is not in the command table");
    found.unwrap_or(&UNLISTED)
}

/// True when the key the browser names `key` (`KeyboardEvent.key`: "F5", "d") with
/// `modifiers` is one of the table's shortcuts that types no text — a function key, or one
/// with Ctrl (⌘). The web page cancels the browser's own action for these: F5 would reload
/// the page in the middle of a lecture, F1 open the browser's help, F6 move to the address
/// bar, F7 offer caret browsing, Ctrl+D bookmark the page. (eframe cancels a few keys itself
/// and never F5; plain letters and Space still reach a text field.)
pub fn claims_browser_key(key: &str, modifiers: Modifiers) -> bool {
    let Some(key) = Key::from_name(key) else {
        return false;
    };
    let command = modifiers.command || modifiers.ctrl || modifiers.mac_cmd;
    let function = key
        .name()
        .strip_prefix('F')
        .is_some_and(|n| n.parse::<u8>().is_ok());
    (function || command)
        && COMMANDS
            .iter()
            .flat_map(|c| c.keys)
            .any(|k| k.logical_key == key && modifiers.matches_exact(k.modifiers))
}

/// One shortcut as the shortcuts window and the menus write it ("Ctrl+Shift+S", "←").
pub fn shortcut_text(k: &KeyboardShortcut) -> String {
    let m = k.modifiers;
    let mut out = String::new();
    for (on, name) in [
        (m.command || m.ctrl, "Ctrl+"),
        (m.alt, "Alt+"),
        (m.shift, "Shift+"),
    ] {
        if on {
            out.push_str(name);
        }
    }
    out.push_str(match k.logical_key {
        Key::ArrowLeft => "←",
        Key::ArrowRight => "→",
        Key::ArrowUp => "↑",
        Key::ArrowDown => "↓",
        other => other.name(),
    });
    out
}

/// All of a row's shortcuts ("Ctrl+Shift+Z / Ctrl+Y"); empty for none.
pub fn keys_text(c: &Command) -> String {
    c.keys
        .iter()
        .map(shortcut_text)
        .collect::<Vec<_>>()
        .join(" / ")
}

/// A row's tooltip with its keys ("… (H)"), for hover texts of buttons outside the menus.
pub fn tooltip_with_keys(c: &Command) -> String {
    match c.keys.first() {
        Some(k) => format!("{} ({})", c.tooltip, shortcut_text(k)),
        None => c.tooltip.to_string(),
    }
}

/// The commands whose keys were pressed this frame (the keys consumed). While a text field
/// has the keyboard only the rows marked `while_typing` act.
pub fn pressed(ctx: &egui::Context) -> Vec<Cmd> {
    let typing = ctx.text_edit_focused();
    let focused = ctx.memory(|m| m.focused().is_some());
    let on_rail = crate::ui::widgets::slider::rail_focused(ctx);
    // An open list or menu takes the plain keys (H behind an open Model list switched Hide
    // the future, F1 opened help under it); Ctrl shortcuts still act.
    let popup = egui::Popup::is_any_open(ctx);
    let mut bound: Vec<(&KeyboardShortcut, &Command)> = COMMANDS
        .iter()
        .filter(|c| c.while_typing || !typing)
        .flat_map(|c| c.keys.iter().map(move |k| (k, c)))
        .filter(|(k, _)| !(focused && widget_key(k)))
        .filter(|(k, _)| !(on_rail && rail_key(k)))
        .filter(|(k, _)| !(popup && k.modifiers.is_none()))
        .collect();
    // Most modifiers first, so Ctrl+Shift+S is not taken for Ctrl+S (egui ignores an extra
    // Shift when it matches).
    bound.sort_by_key(|(k, _)| Reverse(modifier_count(k.modifiers)));
    let mut cmds = Vec::new();
    ctx.input_mut(|i| {
        for (k, c) in bound {
            if i.consume_shortcut(k) {
                cmds.push(c.cmd.clone());
            }
        }
    });
    cmds
}

/// Whether `k` is a key a focused widget uses itself: the arrows (a slider's steps, the
/// picture's cells) and Space (a button's press). With a button or slider focused these are
/// the widget's; the other shortcuts still act (Home and End did nothing on the focused step
/// bar, H nothing on a focused button). Only a text field takes every key.
pub fn widget_key(k: &KeyboardShortcut) -> bool {
    let keys = [
        Key::ArrowLeft,
        Key::ArrowRight,
        Key::ArrowUp,
        Key::ArrowDown,
        Key::Space,
    ];
    k.modifiers.is_none() && keys.contains(&k.logical_key)
}

/// Whether `k` is Home or End, which a focused slider's rail takes for its ends.
fn rail_key(k: &KeyboardShortcut) -> bool {
    k.modifiers.is_none() && [Key::Home, Key::End].contains(&k.logical_key)
}

fn modifier_count(m: Modifiers) -> usize {
    [m.alt, m.shift, m.command || m.ctrl || m.mac_cmd]
        .into_iter()
        .filter(|on| *on)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The web page keeps from the browser the function keys and Ctrl shortcuts the app binds
    /// (F5 would reload the page), and nothing that types text or that the app leaves alone.
    #[test]
    fn the_page_claims_the_bound_keys_that_type_no_text() {
        let none = Modifiers::NONE;
        let cmd = Modifiers::COMMAND;
        for key in ["F1", "F5", "F6", "F7", "F8"] {
            assert!(claims_browser_key(key, none), "{key}");
        }
        assert!(claims_browser_key("d", cmd));
        // ⌘ on a Mac: the page sets `command` with `mac_cmd`, as egui asks.
        assert!(claims_browser_key("D", Modifiers::MAC_CMD.plus(cmd)));
        assert!(claims_browser_key("s", cmd.plus(Modifiers::SHIFT)));
        assert!(claims_browser_key("z", cmd));
        // Typed text and keys the app binds without Ctrl.
        for key in ["h", "H", " ", "ArrowLeft", "Home", "End", "d"] {
            assert!(!claims_browser_key(key, none), "{key}");
        }
        // Keys the app does not bind: the browser keeps them (a hard reload, a new tab, copy).
        assert!(!claims_browser_key("F5", Modifiers::SHIFT));
        assert!(!claims_browser_key("F5", cmd));
        assert!(!claims_browser_key("F9", none));
        assert!(!claims_browser_key("t", cmd));
        assert!(!claims_browser_key("c", cmd));
        assert!(!claims_browser_key("Unidentified", none));
    }

    #[test]
    fn no_two_rows_share_a_command_or_a_shortcut() {
        for (i, a) in COMMANDS.iter().enumerate() {
            for b in &COMMANDS[i + 1..] {
                assert_ne!(a.cmd, b.cmd);
                for k in a.keys {
                    assert!(
                        !b.keys.contains(k),
                        "{:?} and {:?} share {k:?}",
                        a.cmd,
                        b.cmd
                    );
                }
            }
        }
    }

    #[test]
    fn shortcuts_are_written_as_the_help_writes_them() {
        let redo = command(&Cmd::Redo);
        assert_eq!(keys_text(redo), "Ctrl+Shift+Z / Ctrl+Y");
        assert_eq!(keys_text(command(&Cmd::Step(StepCmd::Back))), "←");
        assert_eq!(keys_text(command(&Cmd::Toggle(Switch::Help))), "F1");
        assert_eq!(keys_text(command(&Cmd::ResetLayout)), "");
        assert_eq!(
            tooltip_with_keys(command(&Cmd::Toggle(Switch::HideFuture))),
            format!("{} (H)", command(&Cmd::Toggle(Switch::HideFuture)).tooltip)
        );
    }

    #[test]
    fn every_row_has_a_caption_and_a_tooltip() {
        for c in COMMANDS {
            assert!(
                !c.caption.is_empty() && !c.tooltip.is_empty(),
                "{:?}",
                c.cmd
            );
        }
    }
}
