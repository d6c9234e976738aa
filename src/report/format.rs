//! Every rule for turning a number into text, in one place, with named precisions.
//!
//! | precision | used by | rule |
//! | --- | --- | --- |
//! | [`Precision::Csv`] | CSV files | shortest round trip ([`csv_number`]) |
//! | [`Precision::Text`] | the CLI's text tables | integers in full, else 10 significant digits ([`text_number`]) |
//! | [`Precision::Table`] | the GUI's numbers tables, Compare's table | integers in full below 10^12, else 6 significant digits |
//! | [`Precision::Readout`] | hover read-outs, plot ticks, map cells | 4 significant digits |
//! | [`Precision::Caption`] | step captions, lesson text, titles | 3 significant digits |
//!
//! An exact integer longer than [`BIG_DIGITS`] digits (a count such as the 288-digit number
//! of processors of a thousand-level tree) is written in full for the CSV and the CLI, and as
//! "2.79355 × 10^287" with the precision's significant digits everywhere else ([`big_integer`]).
//!
//! Nothing here depends on egui.

use super::doc::Cell;

/// How precisely a number is written (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision {
    /// CSV: every digit needed to read the value back exactly.
    Csv,
    /// The CLI's text tables: 10 significant digits.
    Text,
    /// Numbers tables in the GUI: integers in full, otherwise 6 significant digits.
    Table,
    /// Read-outs (hover, ticks, map cells): 4 significant digits.
    Readout,
    /// Captions and lesson text: 3 significant digits.
    Caption,
}

/// `x` written with `precision`.
pub fn number(x: f64, precision: Precision) -> String {
    match precision {
        Precision::Csv => csv_number(x),
        Precision::Text => text_number(x),
        Precision::Table => table_number(x),
        Precision::Readout => sig(x, 4),
        Precision::Caption => sig(x, 3),
    }
}

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

/// Exact integers with more digits than this are written compactly for people.
pub const BIG_DIGITS: usize = 15;

/// `text` as `precision` writes it: an exact integer with more than [`BIG_DIGITS`] digits
/// compactly ([`big_integer`]) except for the CSV and the CLI's text, anything else as it is.
fn integer_text(text: &str, precision: Precision) -> String {
    let digits = match precision {
        Precision::Csv | Precision::Text => None,
        Precision::Table => Some(6),
        Precision::Readout => Some(4),
        Precision::Caption => Some(3),
    };
    digits
        .and_then(|d| big_integer(text, d))
        .unwrap_or_else(|| text.to_owned())
}

/// A decimal integer `text` ("-" and digits) longer than [`BIG_DIGITS`] digits written with
/// `digits` significant digits as "2.79355 × 10^287" (rounded half up, trailing zeros
/// trimmed); None for anything else (a shorter integer, a name, a real).
pub fn big_integer(text: &str, digits: usize) -> Option<String> {
    let (sign, body) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text),
    };
    let body = body.trim_start_matches('0');
    if body.len() <= BIG_DIGITS || !body.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = digits.clamp(1, BIG_DIGITS);
    let mut kept: Vec<u8> = body.bytes().take(digits).map(|b| b - b'0').collect();
    let mut exponent = body.len() - 1;
    if body.as_bytes()[digits] >= b'5' {
        // Round half up, carrying leftwards; 9.99… becomes 10 and the exponent grows.
        let mut k = digits;
        loop {
            if k == 0 {
                kept.insert(0, 1);
                kept.pop();
                exponent += 1;
                break;
            }
            k -= 1;
            if kept[k] == 9 {
                kept[k] = 0;
            } else {
                kept[k] += 1;
                break;
            }
        }
    }
    let mantissa: String = kept.iter().map(|d| char::from(b'0' + d)).collect();
    let (head, tail) = mantissa.split_at(1);
    let tail = tail.trim_end_matches('0');
    let point = if tail.is_empty() { "" } else { "." };
    Some(format!("{sign}{head}{point}{tail} × 10^{exponent}"))
}

/// A value for a numbers table: integers in full (below 10^12), other numbers with six
/// significant digits, huge ones in scientific notation.
pub fn table_number(x: f64) -> String {
    if x.abs() >= 1e12 {
        format!("{x:.6e}")
    } else if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        sig(x, 6)
    }
}

/// `value` with `digits` significant digits, trailing zeros trimmed; scientific notation
/// (`1.5e-7`, `2.25e9`) for very small or large magnitudes. Non-finite values print as Rust
/// does (`NaN`, `inf`, `-inf`).
pub fn sig(value: f64, digits: usize) -> String {
    if !value.is_finite() {
        return format!("{value}");
    }
    if value == 0.0 {
        return "0".to_owned();
    }
    let digits = digits.clamp(1, 17);
    let exponent = value.abs().log10().floor();
    // `digits` is at most 17, so the casts below are exact.
    if exponent < -4.0 || exponent >= digits as f64 {
        let text = format!("{:.*e}", digits - 1, value);
        match text.split_once('e') {
            Some((mantissa, exp)) => format!("{}e{exp}", trim_zeros(mantissa)),
            None => text,
        }
    } else {
        let decimals = (digits as f64 - 1.0 - exponent).max(0.0) as usize;
        trim_zeros(&format!("{value:.decimals$}")).to_owned()
    }
}

/// Removes trailing zeros after a decimal point (and the point itself).
fn trim_zeros(text: &str) -> &str {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        text
    }
}

/// A number for CSV: Rust's shortest round-trip form, in scientific notation below 1e-5 or
/// from 1e16; `inf`, `-inf`, `nan` for non-finite values.
pub fn csv_number(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    let m = x.abs();
    if x.is_finite() && x != 0.0 && !(1e-5..1e16).contains(&m) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
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

/// A number for reading: integers in full below 10^15, otherwise ten significant digits
/// (scientific notation outside [10^-4, 10^15)).
pub fn text_number(x: f64) -> String {
    if !x.is_finite() {
        return if x.is_nan() {
            "nan".into()
        } else {
            format!("{x}")
        };
    }
    if x == 0.0 {
        return "0".into();
    }
    let m = x.abs();
    if x.fract() == 0.0 && m < 1e15 {
        return format!("{x:.0}");
    }
    if !(1e-4..1e15).contains(&m) {
        let t = format!("{x:.9e}");
        return match t.split_once('e') {
            Some((mant, exp)) => format!("{}e{exp}", trim_zeros(mant)),
            None => t,
        };
    }
    let decimals = (9 - m.log10().floor() as i32).max(0) as usize;
    trim_zeros(&format!("{x:.decimals$}")).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn significant_digits() {
        assert_eq!(sig(0.0, 6), "0");
        assert_eq!(sig(1.0, 6), "1");
        assert_eq!(sig(1.5, 6), "1.5");
        assert_eq!(sig(-2.0 / 3.0, 6), "-0.666667");
        assert_eq!(sig(123_456.789, 6), "123457");
        assert_eq!(sig(1_234_567.0, 6), "1.23457e6");
        assert_eq!(sig(0.000_012_5, 6), "1.25e-5");
        assert_eq!(sig(0.001_25, 3), "0.00125");
        assert_eq!(sig(100.0, 3), "100");
        assert_eq!(sig(f64::NAN, 6), "NaN");
        assert_eq!(sig(f64::INFINITY, 6), "inf");
    }

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
    fn named_precisions() {
        let x = 2.0 / 3.0;
        assert_eq!(number(x, Precision::Csv), "0.6666666666666666");
        assert_eq!(number(x, Precision::Text), "0.6666666667");
        assert_eq!(number(x, Precision::Table), "0.666667");
        assert_eq!(number(x, Precision::Readout), "0.6667");
        assert_eq!(number(x, Precision::Caption), "0.667");
        assert_eq!(number(742.964, Precision::Readout), "743");
        assert_eq!(number(4096.0, Precision::Table), "4096");
        assert_eq!(cell(&Cell::Empty, Precision::Table), "—");
        assert_eq!(cell(&Cell::Bool(true), Precision::Table), "yes");
    }
}
