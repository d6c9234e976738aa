//! Files: the file dialog, reading what the user chose and writing saves and exports.
//!
//! - [`choose`] asks the user for a file to open or a place to save, without blocking the UI:
//!   on the desktop the system dialog runs on a thread of its own; on the web opening uses
//!   the browser's file picker, and saving needs no question (the file becomes a download
//!   under the suggested name when it is written).
//! - [`held`] gives the bytes of a file the page holds in memory (picked or dropped on the
//!   web; never on the desktop, which reads the file system).
//! - [`TYPED_PATHS`]: whether a path typed by hand names a file (the menus' "… by path…"
//!   entries are offered only then: a page has no file system to type a path into).
//! - [`dropped`] names the files dropped on the window (on the web once they are read).
//! - [`fn@write`], [`write_atomic`] and [`create_dir_all`] save: to the file system on the
//!   desktop, as a download on the web.

use std::path::{Path, PathBuf};

pub use imp::*;

/// What a file dialog gave.
#[derive(Debug, Clone, PartialEq)]
pub enum Choice {
    /// The user chose this path.
    Chosen(PathBuf),
    /// The user cancelled.
    Cancelled,
    /// No dialog could be shown (no portal on a headless Linux).
    Unavailable,
}

/// What a dialog is for: its title, the file type (a name and an extension), and for a save
/// the suggested file name.
#[derive(Debug, Clone)]
pub struct Ask {
    /// The dialog's title.
    pub title: &'static str,
    /// The file type's name ("loadlab preset").
    pub what: &'static str,
    /// The file type's extension, without the dot.
    pub ext: &'static str,
    /// `Some(suggested name)` to save, `None` to open.
    pub save: Option<String>,
    /// A folder to open (the gradebook's), not a file.
    pub folder: bool,
}

/// The file name part of `path` ("file" when it has none).
fn base_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into())
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    /// A path typed by hand names a file (the menus' "… by path…" entries): on the desktop,
    /// the file system's.
    pub const TYPED_PATHS: bool = true;
    /// A folder of files can be read (the gradebook's): on the desktop, the file system's.
    pub const FOLDERS: bool = true;

    use super::{Ask, Choice, base_name};
    use crate::platform::clock::{Duration, Instant};
    use std::io::Write;
    use std::path::{Path, PathBuf};

    /// Shows the system dialog on a thread; `done` gets the answer there.
    pub fn choose(ask: Ask, done: impl FnOnce(Choice) + Send + 'static) {
        std::thread::spawn(move || {
            let dialog = rfd::FileDialog::new()
                .set_title(ask.title)
                .add_filter(ask.what, &[ask.ext]);
            let t0 = Instant::now();
            let path = match &ask.save {
                Some(name) => dialog.set_file_name(name).save_file(),
                None if ask.folder => dialog.pick_folder(),
                None => dialog.pick_file(),
            };
            done(match path {
                Some(p) => Choice::Chosen(p),
                // No person cancels a dialog this fast: nothing was shown.
                None if t0.elapsed() < Duration::from_millis(400) => Choice::Unavailable,
                None => Choice::Cancelled,
            });
        });
    }

    /// The desktop reads files from the file system: nothing is held in memory.
    pub fn held(_path: &Path) -> Option<Vec<u8>> {
        None
    }

    /// The files dropped on the window in this frame.
    pub fn dropped(ctx: &egui::Context) -> Vec<PathBuf> {
        ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        })
    }

    /// Writes `bytes` to `path`.
    pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        std::fs::write(path, bytes)
    }

    /// Creates `dir` and its parents.
    pub fn create_dir_all(dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)
    }

    /// Whether writing `path` would replace a file.
    pub fn replaces(path: &Path) -> bool {
        path.is_file()
    }

    /// The folder `path` would be written in, when there is no such folder.
    pub fn missing_folder(path: &Path) -> Option<&Path> {
        path.parent()
            .filter(|d| !d.as_os_str().is_empty() && !d.is_dir())
    }

    /// Writes `.<name>.<pid>.tmp` beside `path`, flushes it and renames it over `path`, so a
    /// crash never leaves half a file.
    pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let tmp = dir.join(format!(".{}.{}.tmp", base_name(path), std::process::id()));
        let result = (|| {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(bytes)?;
            f.sync_all()?;
            std::fs::rename(&tmp, path)
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }
}

#[cfg(target_arch = "wasm32")]
#[path = "files_web.rs"]
mod imp;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.ron");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "only the file itself");
        // A missing folder: an error, nothing written.
        assert!(write_atomic(&dir.path().join("no/such/a.ron"), b"x").is_err());
        assert_eq!(held(&path), None, "the desktop holds no files in memory");
        assert_eq!(base_name(Path::new("/x/y/z.csv")), "z.csv");
    }
}
