//! `loadlab grade FILES… [--course KEY] [--csv|--json]`: the gradebook
//! ([`crate::lesson::homework::gradebook`]). Every attempt is re-graded from its moves (a
//! quiz's from its answers); a
//! file that cannot be read or graded is a row with its reason. A folder stands for the
//! `.json` files directly in it, in name order.

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

/// The files named: a folder's `.json` files in name order, anything else as given.
fn expand(names: &[String]) -> Result<Vec<String>, CliError> {
    let mut out = Vec::new();
    for name in names {
        let path = std::path::Path::new(name);
        if path.is_dir() {
            let mut inside: Vec<String> = std::fs::read_dir(path)
                .map_err(|e| CliError(format!("{}: {e}", crate::preset::one_line(name))))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .map(|p| p.display().to_string())
                .collect();
            inside.sort();
            out.extend(inside);
        } else {
            out.push(name.clone());
        }
        if out.len() > FILES_MAX {
            return Err(CliError(format!(
                "more than {FILES_MAX} attempt files: grade them in parts"
            )));
        }
    }
    Ok(out)
}

/// The gradebook as text, and whether every file was graded.
pub fn execute(a: &GradeArgs) -> Result<(String, bool), CliError> {
    let files = expand(&a.files)?;
    let rows: Vec<Row> = gradebook::grade_files(&files, a.course.as_deref());
    let all = rows.iter().all(|r| r.error.is_empty());
    let out = if a.json {
        format!("{}\n", gradebook::json(&rows))
    } else if a.csv {
        gradebook::csv(&rows)
    } else {
        gradebook::text(&rows)
    };
    Ok((out, all))
}
