//! `loadlab grade FILES… [--course KEY] [--csv|--json]`: the gradebook
//! ([`crate::lesson::homework::gradebook`]). Every attempt is re-graded from its moves (a
//! quiz's from its answers); a
//! file that cannot be read or graded is a row with its reason. A folder stands for the
//! `.json` files directly in it, in name order; the other files in it are named on stderr
//! (a hand-in saved without `.json` is not lost in silence).

use clap::Args;

use super::CliError;
use crate::lesson::homework::gradebook::{self, Row};

/// The most files one gradebook grades.
pub const FILES_MAX: usize = 100_000;

/// Flags of `loadlab grade`.
#[derive(Debug, Args)]
pub struct GradeArgs {
    /// Attempt files (File ▸ Hand in…, `loadlab exercise … --hand-in`, `loadlab quiz …
    /// --hand-in`), or folders of them.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// The course key the personal instances were derived with (default: each file's own).
    #[arg(long)]
    pub course: Option<String>,
    /// Print `{"attempts": [...]}`.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV with a header (RFC 4180), one row per attempt.
    #[arg(long)]
    pub csv: bool,
}

/// The files named: a folder's `.json` files in name order, anything else as given; and the
/// notes for stderr: the other files of the folders, skipped, and each folder that holds no
/// attempt file (a wrong folder gave an empty gradebook and nothing else).
fn expand(names: &[String]) -> Result<(Vec<String>, Vec<String>), CliError> {
    let mut out = Vec::new();
    let mut notes = Vec::new();
    for name in names {
        let path = std::path::Path::new(name);
        if path.is_dir() {
            let (inside, other): (Vec<_>, Vec<_>) = std::fs::read_dir(path)
                .map_err(|e| CliError(format!("{}: {e}", crate::preset::one_line(name))))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .partition(|p| p.extension().is_some_and(|x| x == "json"));
            let names = |list: Vec<std::path::PathBuf>| {
                let mut v: Vec<String> = list.iter().map(|p| p.display().to_string()).collect();
                v.sort();
                v
            };
            if inside.is_empty() {
                notes.push(format!(
                    "note: {}: no attempt files (named .json) in this folder",
                    crate::preset::one_line(name)
                ));
            }
            out.extend(names(inside));
            let skipped = names(other.into_iter().filter(|p| p.is_file()).collect());
            notes.extend(skipped.iter().map(|f| {
                format!(
                    "note: skipped {}: not named .json (grade it by its name, or rename it)",
                    crate::preset::one_line(f)
                )
            }));
        } else {
            out.push(name.clone());
        }
        if out.len() > FILES_MAX {
            return Err(CliError(format!(
                "more than {FILES_MAX} attempt files: grade them in parts"
            )));
        }
    }
    Ok((out, notes))
}

/// The gradebook as text, whether every file was graded, and the notes on the folders (their
/// files not named `.json`, a folder with none) — for stderr, so that the gradebook's JSON or CSV
/// on stdout stays one document.
pub fn execute(a: &GradeArgs) -> Result<(String, bool, Vec<String>), CliError> {
    let (files, notes) = expand(&a.files)?;
    let rows: Vec<Row> = gradebook::grade_files(&files, a.course.as_deref());
    let all = rows.iter().all(|r| r.error.is_empty());
    let out = if a.json {
        format!("{}\n", gradebook::json(&rows))
    } else if a.csv {
        gradebook::csv(&rows)
    } else {
        gradebook::text(&rows)
    };
    Ok((out, all, notes))
}
