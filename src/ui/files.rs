//! File dialogs without blocking the UI: the dialog ([`crate::platform::files::choose`]: the
//! system's on the desktop, the browser's picker on the web) answers through a channel. When
//! no xdg-desktop-portal answers (headless Linux), that is detected and the app offers a path
//! text field instead.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};

use crate::platform::files::{Ask, Choice};

/// What the dialog was opened for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FileAction {
    /// Open a preset.
    OpenPreset,
    /// Save the scenario in front as a preset.
    SavePreset,
    /// Save all five scenarios as one workbook.
    SaveWorkbook,
    /// Export the current plot series and schedule as CSV.
    ExportCsv,
    /// Export the run's summary as JSON.
    ExportJson,
    /// Save a PNG screenshot of the window.
    Screenshot,
    /// Export one figure (picture, plots or map) as PNG.
    Figure,
    /// Export one figure as SVG.
    FigureSvg,
    /// Export the front run's picture at every step as an animated GIF.
    Animation,
    /// Export the lesson being played as a hand-out (a folder named after the path).
    Handout,
    /// Hand in the exercise in front as an attempt file.
    HandIn,
    /// Open an attempt file and replay it.
    OpenAttempt,
    /// Hand in this model's quiz (its window's replies) as a quiz attempt file.
    HandInQuiz(crate::model::registry::ModelId),
    /// Grade a folder of attempt files (the gradebook window).
    Gradebook,
    /// Save the gradebook window's table as CSV.
    GradebookCsv,
}

/// A file name's stem made of `name`: its letters and digits in lower case (any script's:
/// "Zoë Müller" gives "zoë-müller", not "zo--m-ller"), every other run of characters one
/// hyphen, none at the ends.
pub fn stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            stem.extend(c.to_lowercase());
        } else if !stem.is_empty() && !stem.ends_with('-') {
            stem.push('-');
        }
    }
    stem.trim_end_matches('-').to_string()
}

impl FileAction {
    /// Title of the dialog / prompt.
    pub fn title(self) -> &'static str {
        match self {
            FileAction::OpenPreset => "Open preset",
            FileAction::SavePreset => "Save preset as",
            FileAction::SaveWorkbook => "Save workbook as",
            FileAction::ExportCsv => "Export CSV",
            FileAction::ExportJson => "Export JSON",
            FileAction::Screenshot => "Save screenshot",
            FileAction::Figure => "Export figure as PNG",
            FileAction::FigureSvg => "Export figure as SVG",
            FileAction::Animation => "Export animation (GIF)",
            FileAction::Handout => "Export lesson hand-out (a folder)",
            FileAction::HandIn => "Hand in the exercise as",
            FileAction::OpenAttempt => "Open attempt",
            FileAction::HandInQuiz(_) => "Hand in the quiz as",
            FileAction::Gradebook => "Grade a folder of attempts",
            FileAction::GradebookCsv => "Save the gradebook as CSV",
        }
    }
    /// Caption of the File menu entry that asks for a path in a text field.
    pub fn by_path(self) -> &'static str {
        match self {
            FileAction::OpenPreset => "Open preset by path…",
            FileAction::SavePreset => "Save as by path…",
            FileAction::SaveWorkbook => "Save workbook by path…",
            FileAction::ExportCsv => "Export CSV by path…",
            FileAction::ExportJson => "Export JSON by path…",
            FileAction::Screenshot => "Save screenshot by path…",
            FileAction::Figure => "Export figure by path…",
            FileAction::FigureSvg => "Export figure as SVG by path…",
            FileAction::Animation => "Export animation by path…",
            FileAction::Handout => "Export lesson hand-out by path…",
            FileAction::HandIn => "Hand in by path…",
            FileAction::OpenAttempt => "Open attempt by path…",
            FileAction::HandInQuiz(_) => "Hand in quiz by path…",
            FileAction::Gradebook => "Gradebook by path…",
            FileAction::GradebookCsv => "Save the gradebook as CSV by path…",
        }
    }
    fn extension(self) -> (&'static str, &'static str) {
        match self {
            FileAction::OpenPreset | FileAction::SavePreset | FileAction::SaveWorkbook => {
                ("loadlab preset", "ron")
            }
            FileAction::ExportCsv | FileAction::GradebookCsv => ("CSV", "csv"),
            FileAction::ExportJson => ("JSON", "json"),
            FileAction::Screenshot | FileAction::Figure => ("PNG image", "png"),
            FileAction::FigureSvg => ("SVG image", "svg"),
            FileAction::Animation => ("GIF animation", "gif"),
            FileAction::Handout => ("Hand-out folder", "handout"),
            FileAction::HandIn
            | FileAction::OpenAttempt
            | FileAction::HandInQuiz(_)
            | FileAction::Gradebook => ("loadlab attempt", "json"),
        }
    }
    /// The path field's placeholder: a path with the action's extension (a hand-out is a
    /// folder), so that the field says what kind of file it asks for.
    pub fn placeholder(self) -> String {
        match self {
            FileAction::Handout | FileAction::Gradebook => "/path/to/folder".to_string(),
            _ => format!("/path/to/file.{}", self.ext()),
        }
    }
    /// True if the action writes a file.
    pub fn is_save(self) -> bool {
        !matches!(
            self,
            FileAction::OpenPreset | FileAction::OpenAttempt | FileAction::Gradebook
        )
    }
    /// File extension written or read.
    pub fn ext(self) -> &'static str {
        self.extension().1
    }
    /// The path to write for this action: an attempt file named without an extension gets
    /// `.json` (`loadlab grade FOLDER` grades a folder's `.json` files).
    pub fn completed(self, path: PathBuf) -> PathBuf {
        let typed = matches!(self, FileAction::HandIn | FileAction::HandInQuiz(_))
            || !self.image_kinds().is_empty();
        if typed && path.extension().is_none() && path.file_name().is_some() {
            path.with_extension(self.ext())
        } else {
            path
        }
    }
}

impl FileAction {
    /// The extensions an image this action writes may be named with (none: any name).
    fn image_kinds(self) -> &'static [&'static str] {
        match self {
            FileAction::Screenshot => &["png"],
            // The figure's format follows the name: SVG for .svg, PNG otherwise.
            FileAction::Figure => &["png", "svg"],
            FileAction::FigureSvg => &["svg"],
            FileAction::Animation => &["gif"],
            _ => &[],
        }
    }
    /// Why `path` is not written by this action: an image named as another kind of file
    /// ("plot.txt" held PNG data that no text editor or image viewer would open).
    pub fn refusal(self, path: &Path) -> Option<String> {
        let kinds = self.image_kinds();
        let ext = path.extension()?.to_string_lossy().to_lowercase();
        if kinds.is_empty() || kinds.contains(&ext.as_str()) {
            return None;
        }
        let names: Vec<String> = kinds.iter().map(|k| format!(".{k}")).collect();
        Some(format!(
            "An image is written here: name the file {}, not .{ext}",
            names.join(" or ")
        ))
    }
}

/// Outcome of a dialog.
#[derive(Debug)]
pub enum DialogResult {
    /// The user chose a path.
    Chosen(FileAction, PathBuf),
    /// The user cancelled.
    Cancelled,
    /// No dialog could be shown (no portal): fall back to typing a path.
    Unavailable(FileAction),
}

/// At most one dialog at a time.
#[derive(Default)]
pub struct Dialogs {
    pending: Option<Receiver<DialogResult>>,
}

impl Dialogs {
    /// True while a dialog is open.
    pub fn is_open(&self) -> bool {
        self.pending.is_some()
    }

    /// Opens a dialog; `notify` is called when it closes.
    pub fn open(
        &mut self,
        action: FileAction,
        suggested: &str,
        notify: impl Fn() + Send + 'static,
    ) {
        if self.pending.is_some() {
            return;
        }
        let (tx, rx) = channel();
        let (what, ext) = action.extension();
        let ask = Ask {
            title: action.title(),
            what,
            ext,
            save: action.is_save().then(|| suggested.to_string()),
            folder: action == FileAction::Gradebook,
        };
        crate::platform::files::choose(ask, move |choice| {
            let result = match choice {
                Choice::Chosen(p) => DialogResult::Chosen(action, p),
                Choice::Unavailable => DialogResult::Unavailable(action),
                Choice::Cancelled => DialogResult::Cancelled,
            };
            let _ = tx.send(result);
            notify();
        });
        self.pending = Some(rx);
    }

    /// The dialog's result, once.
    pub fn poll(&mut self) -> Option<DialogResult> {
        let rx = self.pending.as_ref()?;
        match rx.try_recv() {
            Ok(r) => {
                self.pending = None;
                Some(r)
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => None,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.pending = None;
                Some(DialogResult::Cancelled)
            }
        }
    }
}

/// Writes an RGBA image as PNG (used for screenshots; runs off the UI thread).
pub fn write_png(
    path: &std::path::Path,
    width: usize,
    height: usize,
    rgba: &[u8],
) -> Result<(), String> {
    let mut bytes = Vec::new();
    let mut enc = png::Encoder::new(&mut bytes, width as u32, height as u32);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header().map_err(|e| e.to_string())?;
    w.write_image_data(rgba).map_err(|e| e.to_string())?;
    w.finish().map_err(|e| e.to_string())?;
    crate::platform::files::write(path, &bytes).map_err(|e| e.to_string())
}

/// What a recently used file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RecentKind {
    /// One scenario.
    Preset,
    /// One scenario per model.
    Workbook,
    /// A lesson.
    Lesson,
}

/// File ▸ Open recent: the last [`Recent::MAX`] files opened or saved, the newest first
/// (persisted with the app's state).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Recent {
    files: Vec<(PathBuf, RecentKind)>,
}

impl Recent {
    /// How many files the list keeps.
    pub const MAX: usize = 10;

    /// `path` to the front (once: an older entry of the same file goes).
    pub fn push(&mut self, path: &std::path::Path, kind: RecentKind) {
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        self.files.retain(|(p, _)| *p != path);
        self.files.insert(0, (path, kind));
        self.files.truncate(Self::MAX);
    }

    /// The files, the newest first.
    pub fn files(&self) -> &[(PathBuf, RecentKind)] {
        &self.files
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_keeps_a_students_letters_in_any_script() {
        let names = [
            ("Zoë Müller redistribute", "zoë-müller-redistribute"),
            ("Łukasz Żak — quiz", "łukasz-żak-quiz"),
            ("  R_16 / G_3000 (KS-BF) ", "r-16-g-3000-ks-bf"),
            ("…", ""),
        ];
        for (name, want) in names {
            assert_eq!(stem(name), want, "{name:?}");
        }
    }

    #[test]
    fn an_attempt_typed_without_an_extension_is_saved_as_json() {
        let done = |a: FileAction, p: &str| a.completed(PathBuf::from(p));
        let quiz = FileAction::HandInQuiz(crate::model::registry::ModelId::Ksbf);
        assert_eq!(
            done(FileAction::HandIn, "/tmp/ada"),
            PathBuf::from("/tmp/ada.json")
        );
        assert_eq!(done(quiz, "ada"), PathBuf::from("ada.json"));
        assert_eq!(
            done(FileAction::HandIn, "ada.json"),
            PathBuf::from("ada.json")
        );
        // An extension typed is the student's choice; other files are not attempts.
        assert_eq!(
            done(FileAction::HandIn, "ada.txt"),
            PathBuf::from("ada.txt")
        );
        assert_eq!(done(FileAction::ExportCsv, "t"), PathBuf::from("t"));
        // An image typed without an extension is named for what is written.
        assert_eq!(done(FileAction::Figure, "f"), PathBuf::from("f.png"));
        assert_eq!(done(FileAction::FigureSvg, "f"), PathBuf::from("f.svg"));
        assert_eq!(done(FileAction::Animation, "a"), PathBuf::from("a.gif"));
        // The path field says what it asks for (it read "/path/to/file" for every action).
        assert_eq!(FileAction::HandIn.placeholder(), "/path/to/file.json");
        assert_eq!(FileAction::SavePreset.placeholder(), "/path/to/file.ron");
        assert_eq!(FileAction::Handout.placeholder(), "/path/to/folder");
    }

    #[test]
    fn an_image_is_refused_under_another_kind_of_files_name() {
        let refused = |a: FileAction, p: &str| a.refusal(Path::new(p));
        assert_eq!(
            refused(FileAction::Screenshot, "shot.txt").as_deref(),
            Some("An image is written here: name the file .png, not .txt")
        );
        assert!(refused(FileAction::Figure, "f.svg").is_none());
        assert!(refused(FileAction::Figure, "f.PNG").is_none());
        assert!(refused(FileAction::FigureSvg, "f.png").is_some());
        assert!(refused(FileAction::Animation, "a.png").is_some());
        // Text files and folders take any name.
        assert!(refused(FileAction::ExportCsv, "t.txt").is_none());
        assert!(refused(FileAction::Handout, "notes.d").is_none());
    }

    #[test]
    fn recent_files_keep_the_last_ten_newest_first_once_each() {
        let mut r = Recent::default();
        for k in 0..12 {
            r.push(&PathBuf::from(format!("/tmp/p{k}.ron")), RecentKind::Preset);
        }
        r.push(&PathBuf::from("/tmp/p5.ron"), RecentKind::Workbook);
        let names: Vec<String> = r
            .files()
            .iter()
            .map(|(p, _)| p.display().to_string())
            .collect();
        assert_eq!(names.len(), 10);
        assert_eq!(names[0], "/tmp/p5.ron");
        assert_eq!(r.files()[0].1, RecentKind::Workbook);
        assert_eq!(names[1], "/tmp/p11.ron");
        assert_eq!(names.iter().filter(|n| *n == "/tmp/p5.ron").count(), 1);
        assert!(!names.contains(&"/tmp/p0.ron".to_string()));
        // Persisted as RON and read back.
        let text = ron::to_string(&r).unwrap();
        assert_eq!(ron::from_str::<Recent>(&text).unwrap(), r);
    }
}
