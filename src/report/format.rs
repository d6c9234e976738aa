//! Numbers and cells as text. The rules for numbers, with their named precisions, are the
//! model's ([`crate::model::format`], re-exported here); this module adds the report's cells
//! ([`cell`]) and CSV quoting ([`csv_field`]).
//!
//! An exact integer longer than [`BIG_DIGITS`] digits (a count such as the 288-digit number
//! of processors of a thousand-level tree) is written in full for the CSV and the CLI, and as
//! "2.79355 × 10^287" with the precision's significant digits everywhere else ([`big_integer`]).
//!
//! Nothing here depends on egui.

pub use crate::model::format::{
    BIG_DIGITS, Precision, big_digits, big_integer, csv_number, label_count, number, open_end, sig,
    table_number, text_number, whole_limit,
};

use super::doc::Cell;

/// A cell written with `precision` for people: "—" for an empty cell, yes/no for flags.
pub fn cell(c: &Cell, precision: Precision) -> String {
    match c {
        Cell::Empty => "—".into(),
        Cell::Bool(true) => "yes".into(),
        Cell::Bool(false) => "no".into(),
        Cell::Int(i) => integer_text(&i.to_string(), precision),
        Cell::Num(x) => number(*x, precision),
        Cell::Text(t) => integer_text(t, precision),
    }
}

/// `text` as `precision` writes it: an exact integer with more than [`BIG_DIGITS`] digits
/// compactly ([`big_integer`]) except for the CSV and the CLI's text, anything else as it is.
fn integer_text(text: &str, precision: Precision) -> String {
    big_digits(precision)
        .and_then(|d| big_integer(text, d))
        .unwrap_or_else(|| text.to_owned())
}

/// Quotes a CSV field when needed (RFC 4180), and when it starts with `#` (so that no data row
/// reads as a comment line).
pub fn csv_field(text: &str) -> String {
    let needs = text.contains([',', '"', '\n', '\r'])
        || text.starts_with('#')
        || text.starts_with(' ')
        || text.ends_with(' ');
    if needs {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_exact_integers_are_compact_for_people_and_whole_in_exports() {
        // 2^64 + 1 = 18446744073709551617: 20 digits.
        let two64 = Cell::Text("18446744073709551617".into());
        assert_eq!(cell(&two64, Precision::Table), "1.84467 × 10^19");
        assert_eq!(cell(&two64, Precision::Caption), "1.84 × 10^19");
        assert_eq!(cell(&two64, Precision::Csv), "18446744073709551617");
        assert_eq!(cell(&two64, Precision::Text), "18446744073709551617");
        // Rounding carries through nines; trailing zeros go.
        assert_eq!(
            big_integer("99999999999999999", 3).as_deref(),
            Some("1 × 10^17")
        );
        assert_eq!(
            big_integer("-12000000000000000", 6).as_deref(),
            Some("-1.2 × 10^16")
        );
        // Fifteen digits, names and reals stay as written.
        assert_eq!(big_integer("999999999999999", 3), None);
        assert_eq!(big_integer("P.Y", 3), None);
        assert_eq!(big_integer("1.5e300", 3), None);
        assert_eq!(
            cell(&Cell::Int(1_000_000_000_000_000), Precision::Readout),
            "1 × 10^15"
        );
        assert_eq!(cell(&Cell::Int(4096), Precision::Table), "4096");
        // A 288-digit count (grs's thousand-level tree) fits a drawer.
        let long = format!("27935{}", "1".repeat(283));
        assert_eq!(big_integer(&long, 6).as_deref(), Some("2.79351 × 10^287"));
    }

    #[test]
    fn empty_and_flag_cells() {
        assert_eq!(cell(&Cell::Empty, Precision::Table), "—");
        assert_eq!(cell(&Cell::Bool(true), Precision::Table), "yes");
    }
}
