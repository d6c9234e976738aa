//! Reading a moves file with its memory bounded before it is parsed: the file must be a
//! regular file (or `-`, standard input) of at most [`LIMIT`] bytes, and one pass over its
//! bytes ([`Shape::scan`]) counts its JSON values and its items, so that each exercise refuses
//! a file whose parse and grading would not fit the budget before building anything.

use serde_json::Value;

use super::super::CliError;
use crate::model::budget::{Cost, MEMORY_LIMIT};
use crate::model::exercise::moves::Shape;

/// Most bytes a moves file may have (64 MiB).
pub const LIMIT: u64 = 64 << 20;

/// The bytes of `path` (`-`: standard input), at most [`LIMIT`], only a regular file.
fn read_bytes(path: &str) -> Result<Vec<u8>, CliError> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(
            &mut std::io::Read::take(std::io::stdin(), LIMIT + 1),
            &mut bytes,
        )
        .map_err(|e| CliError(format!("--moves -: {e}")))?;
        if bytes.len() as u64 > LIMIT {
            return Err(CliError(format!(
                "--moves -: more than the limit of {LIMIT} bytes"
            )));
        }
        return Ok(bytes);
    }
    crate::preset::read_user_file(std::path::Path::new(path), LIMIT, "moves files")
        .map_err(|e| CliError(format!("--moves {}: {e}", crate::preset::one_line(path))))
}

/// Reads the moves file `path`: `check` sees its [`Shape`] before it is parsed and returns
/// the cost of grading it (the parse's own memory is added), which must fit `MEMORY_LIMIT`;
/// then the parsed JSON.
pub fn read(
    path: &str,
    check: impl FnOnce(&Shape) -> Result<Cost, CliError>,
) -> Result<Value, CliError> {
    let bytes = read_bytes(path)?;
    let shape = Shape::scan(&bytes);
    let grading = check(&shape)?;
    let bytes_needed = grading.bytes + shape.parse_bytes() + bytes.len() as f64;
    if bytes_needed > MEMORY_LIMIT {
        return Err(CliError(format!(
            "--moves {}: {} JSON values ({} items): about {} of memory to grade, more than the \
             limit of {}",
            crate::preset::one_line(path),
            shape.values,
            shape.items,
            crate::model::format::bytes(bytes_needed),
            crate::model::format::bytes(MEMORY_LIMIT)
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError(format!(
            "--moves {}: not JSON: not UTF-8 text (invalid byte at offset {})",
            crate::preset::one_line(path),
            e.utf8_error().valid_up_to()
        ))
    })?;
    serde_json::from_str(&text).map_err(|e| {
        CliError(format!(
            "--moves {}: not JSON: {e}",
            crate::preset::one_line(path)
        ))
    })
}
