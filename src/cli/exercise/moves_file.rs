//! Reading a moves file with its memory bounded before it is parsed: the file must be a
//! regular file (or `-`, standard input) of at most [`LIMIT`] bytes, and one pass over its
//! bytes ([`Shape::scan`]) counts its JSON values and its items, so that each exercise refuses
//! a file whose parse and grading would not fit the budget before building anything.

use serde_json::Value;

use super::super::CliError;
use crate::model::budget::{Cost, MEMORY_LIMIT, size};

/// Most bytes a moves file may have (64 MiB).
pub const LIMIT: u64 = 64 << 20;

/// Bytes of a parsed JSON value: serde_json's `Value` (32 bytes) in a list that may have
/// doubled its capacity, an object's key and map node. Measured with the graders' own
/// figures (release build): one round of 10⁶ sends `[[[1,2],…]]` (3·10⁶ values) peaks at
/// 300 MB, 2·10⁶ sends at 593 MB — 296 bytes a send, 3 values at 80 and 48 bytes of grading.
pub const PARSE_BYTES: f64 = 80.0;

/// What a pass over a JSON text's bytes finds, without parsing it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Shape {
    /// JSON values of every depth (scalars, strings, lists, objects; an object's keys too): at
    /// least the number the parse builds.
    pub values: u64,
    /// Items of the top-level list (rounds, predictions, decisions…).
    pub items: u64,
    /// Lists at depth 3 (a redistribution file's sends `[from, to]`).
    pub depth3_lists: u64,
}

impl Shape {
    /// One pass over `text`: counts values by their first byte (outside strings) and the
    /// commas that separate items, tracking depth with a counter (no recursion).
    pub fn scan(text: &[u8]) -> Shape {
        let mut s = Shape::default();
        let mut depth = 0u64;
        let mut in_string = false;
        let mut escaped = false;
        // Whether a value started since the last separator (a scalar's first byte).
        let mut in_scalar = false;
        let mut top_nonempty = false;
        for &b in text {
            if in_string {
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b'"' {
                    in_string = false;
                }
                continue;
            }
            match b {
                b'"' => {
                    in_string = true;
                    in_scalar = false;
                    s.values += 1;
                    if depth == 1 {
                        top_nonempty = true;
                    }
                }
                b'[' | b'{' => {
                    s.values += 1;
                    in_scalar = false;
                    if depth == 1 {
                        top_nonempty = true;
                    }
                    depth += 1;
                    if depth == 3 && b == b'[' {
                        s.depth3_lists += 1;
                    }
                }
                b']' | b'}' => {
                    in_scalar = false;
                    depth = depth.saturating_sub(1);
                }
                b',' | b':' => {
                    in_scalar = false;
                    if depth == 1 && b == b',' {
                        s.items += 1;
                    }
                }
                b' ' | b'\t' | b'\n' | b'\r' => in_scalar = false,
                _ => {
                    if !in_scalar {
                        s.values += 1;
                        in_scalar = true;
                        if depth == 1 {
                            top_nonempty = true;
                        }
                    }
                }
            }
        }
        if top_nonempty {
            s.items += 1;
        }
        s
    }

    /// The memory of parsing it.
    pub fn parse_bytes(&self) -> f64 {
        self.values as f64 * PARSE_BYTES
    }
}

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
            size(bytes_needed),
            size(MEMORY_LIMIT)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scan_counts_values_and_items_without_parsing() {
        let s = Shape::scan(br#"[[[1, 2], [4, 3]], [[2, 3]]]"#);
        // 1 outer + 2 rounds + 3 sends + 6 numbers.
        assert_eq!(s.values, 12);
        assert_eq!(s.items, 2);
        assert_eq!(s.depth3_lists, 3);
        let s = Shape::scan(br#"[{"node": 3, "pe": 1, "step": 2}, {"node": [1,"a,]"]}]"#);
        // Strings with brackets and commas inside count once.
        assert_eq!(s.items, 2);
        assert_eq!(s.values, 1 + (1 + 6) + (1 + 1 + 1 + 2));
        assert_eq!(Shape::scan(b"[]").items, 0);
        assert_eq!(Shape::scan(b"[true,false,true]").values, 4);
        // Unbalanced text never underflows.
        assert_eq!(Shape::scan(b"]]]]").values, 0);
    }
}
