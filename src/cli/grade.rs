//! `loadlab grade FILES… [--course KEY] [--csv|--json]`: the gradebook
//! ([`crate::lesson::homework::gradebook`]). Every attempt is re-graded from its moves (a
//! quiz's from its answers); a
//! file that cannot be read or graded is a row with its reason. A folder stands for the
//! `.json` files directly in it, in name order; the other files in it are named on stderr
//! (a hand-in saved without `.json` is not lost in silence).

use clap::Args;

use super::CliError;
use crate::lesson::homework::gradebook::{self, Row};

/// Flags of `loadlab grade`.
#[derive(Debug, Args)]
pub struct GradeArgs {
    /// Attempt files (Homework ▸ Hand in…, `loadlab exercise … --hand-in`, `loadlab quiz …
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

/// The gradebook as text, whether every file was graded, and the notes on the folders (their
/// files not named `.json`, a folder with none) — for stderr, so that the gradebook's JSON or CSV
/// on stdout stays one document.
pub fn execute(a: &GradeArgs) -> Result<(String, bool, Vec<String>), CliError> {
    let (files, notes) = gradebook::expand(&a.files).map_err(CliError)?;
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
