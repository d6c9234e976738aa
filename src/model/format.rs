//! Every rule for turning a number into text, in one place: one entry point ([`number`]) and
//! named precisions. The report, the UI, the exercises, the lessons and the answer mask all
//! write numbers through it; [`renderings`] gives every way the app shows a number to people,
//! so that a hidden answer is hidden in all of them.
//!
//! | precision | used by | rule |
//! | --- | --- | --- |
//! | [`Precision::Csv`] | CSV files | shortest round trip ([`csv_number`]) |
//! | [`Precision::Exact`] | parameters echoed in messages, map specs, why lines | shortest round trip, exponent outside [10^−4, 10^15) |
//! | [`Precision::Text`] | the CLI's text tables | integers in full, else 10 significant digits ([`text_number`]) |
//! | [`Precision::Table`] | the GUI's numbers tables, Compare's table | integers in full below 10^12, else 6 significant digits ([`table_number`]) |
//! | [`Precision::Readout`] | hover read-outs, plot ticks, map cells | 4 significant digits |
//! | [`Precision::Caption`] | step captions, titles | 3 significant digits |
//! | [`Precision::Lesson`] | lesson questions and answers | integers in full, else 4 significant digits |
//! | [`Precision::Steps`] | the divisible exercise's why lines | 4 significant digits, exponent outside [10^−3, 10^5) |
//! | [`Precision::Estimate`] | cost estimates | 2 significant digits (whole below 10^4) |
//!
//! The last three write prose: beyond their ranges their scientific notation is "2.7 × 10^8",
//! the shape of a huge count in a table; read-outs and captions take that shape from 10^12
//! on, as the tables do ("1.845 × 10^19"), and the short `2.5e9` below it, where their room is
//! narrow; CSV, exact and text numbers keep the `e` form (they are parsed back).
//!
//! Units: [`bytes`] and [`duration`] write an estimate with a decimal unit. An exact integer
//! longer than [`BIG_DIGITS`] digits is written compactly by [`big_integer`].
//!
//! The precisions differ where existing texts, lessons and tests rely on them (see each
//! variant); they share the two shapes below: plain decimals with trailing zeros trimmed
//! (`decimals`) and scientific notation (`scientific`). Nothing here depends on egui.

/// How precisely a number is written (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision {
    /// CSV: every digit needed to read the value back exactly (exponent outside [10^−5, 10^16)).
    Csv,
    /// Exact and compact: it parses back to the same value; plain decimals in [10^−4, 10^15)
    /// (`0.001`, `4096`, `2.5`), the shortest exponent form beyond (`1e308`, `1.5e-7`).
    Exact,
    /// The CLI's text tables: 10 significant digits.
    Text,
    /// Numbers tables in the GUI: integers in full, otherwise 6 significant digits.
    Table,
    /// Read-outs (hover, ticks, map cells): 4 significant digits.
    Readout,
    /// Captions: 3 significant digits.
    Caption,
    /// Lesson text: integers in full below 10^15, otherwise 4 significant digits in
    /// [10^−3, 10^6) and five (`1.2346e6`) beyond.
    Lesson,
    /// The divisible exercise's explanations: 4 significant digits in [10^−3, 10^5) (so
    /// `12345` stays whole), `1.235e5` beyond.
    Steps,
    /// An estimate: two significant digits, whole numbers in [100, 10^4) (`4096`, `350`,
    /// `2.7e8`, `5e7`, `0.25`).
    Estimate,
}

/// The precisions the app shows report values in: an answer written in any of them gives
/// the answer away ([`renderings`]).
pub const SHOWN: [Precision; 5] = [
    Precision::Text,
    Precision::Table,
    Precision::Readout,
    Precision::Caption,
    Precision::Lesson,
];

/// `x` written with `precision`. Non-finite values print as Rust does (`NaN`, `inf`), except
/// that CSV and text write `nan`.
pub fn number(x: f64, precision: Precision) -> String {
    // A zero reads "0" however it was reached (−0.3 rounded to −0, a negated zero): "-0" is
    // no number a reader writes (Exact reads "0" back as +0, equal to −0). CSV keeps the sign,
    // to the bit.
    let x = if x == 0.0 && precision != Precision::Csv {
        0.0
    } else {
        x
    };
    match precision {
        Precision::Csv => csv_number(x),
        Precision::Exact => exact(x),
        Precision::Text => text_number(x),
        Precision::Table => table_number(x),
        Precision::Readout => huge_for_people(x, sig(x, 4)),
        Precision::Caption => huge_for_people(x, sig(x, 3)),
        Precision::Lesson => for_people(lesson(x)),
        Precision::Steps => for_people(steps(x)),
        Precision::Estimate => for_people(estimate(x)),
    }
}

/// From this magnitude on a table, a read-out and a caption write a number as "m × 10^e".
const HUGE: f64 = 1e12;

/// `text`, `x` written in a narrow place, in [`for_people`]'s shape when `x` is as huge as a
/// table writes that way (from [`HUGE`]): a caption's "time so far 1.84467 × 10^19" and the
/// why line under it read "x_0 = 1.845e19" beside it.
fn huge_for_people(x: f64, text: String) -> String {
    if x.abs() >= HUGE {
        for_people(text)
    } else {
        text
    }
}

/// A number in prose (a message's estimate, a lesson's answer, an exercise's why line) written
/// in scientific notation (`2.7e8`, `1.5e-6`) in the shape the tables write a huge count in,
/// "2.7 × 10^8": a sentence is read, not parsed. Read-outs, captions and table cells keep the
/// short `e` form their narrow room needs. Anything else is returned as it is.
fn for_people(text: String) -> String {
    match text.split_once('e') {
        Some((mantissa, exponent)) if exponent.parse::<i32>().is_ok() => {
            times_ten_to(mantissa, exponent)
        }
        _ => text,
    }
}

/// Every text the app writes `x` as where people read it (one per precision in [`SHOWN`]):
/// what a mask must hide to hide `x`.
pub fn renderings(x: f64) -> impl Iterator<Item = String> {
    // (A large power of two is also written as one: [`power_count`].)
    let power = (x.fract() == 0.0 && (1.0..=u64::MAX as f64).contains(&x))
        .then(|| power_count(x as u64))
        .filter(|t| t.contains('^'));
    SHOWN.into_iter().map(move |p| number(x, p)).chain(power)
}

/// The significant digits a precision writes an exact big integer with (None: in full).
pub fn big_digits(precision: Precision) -> Option<usize> {
    match precision {
        Precision::Csv | Precision::Text | Precision::Exact => None,
        Precision::Table => Some(6),
        Precision::Readout | Precision::Lesson | Precision::Steps => Some(4),
        Precision::Caption => Some(3),
        Precision::Estimate => Some(2),
    }
}

/// `x` with `places` decimals, trailing zeros (and a bare point) trimmed.
fn decimals(x: f64, places: usize) -> String {
    trim_zeros(&format!("{x:.places$}")).to_owned()
}

/// `x` in scientific notation: the mantissa with `places` decimals (None: the shortest that
/// reads back exactly), its trailing zeros trimmed when `trim`.
fn scientific(x: f64, places: Option<usize>, trim: bool) -> String {
    let text = match places {
        Some(p) => format!("{x:.p$e}"),
        None => return format!("{x:e}"),
    };
    if !trim {
        return text;
    }
    match text.split_once('e') {
        Some((mantissa, exp)) => format!("{}e{exp}", trim_zeros(mantissa)),
        None => text,
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
        scientific(value, Some(digits - 1), true)
    } else {
        decimals(value, (digits as f64 - 1.0 - exponent).max(0.0) as usize)
    }
}

/// A value for a numbers table: integers in full (below 10^12), other numbers with six
/// significant digits, huge ones as "1.07151 × 10^301": the shape [`big_integer`] gives an
/// exact count in the same table.
pub fn table_number(x: f64) -> String {
    if x.abs() >= HUGE && x.is_finite() {
        for_people(scientific(x, Some(5), true))
    } else if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        sig(x, 6)
    }
}

/// A count on a narrow label (a Gantt chart's row, "L40 ×1.1 × 10^12"): in full below 10^6,
/// from there on always as a power of ten with three significant digits, so that the rows of
/// one chart read alike (the table's 12 digits, then "1 × 10^12", mixed two shapes).
pub fn label_count(x: f64) -> String {
    if x.abs() < 1e6 || !x.is_finite() {
        return table_number(x);
    }
    for_people(scientific(x, Some(2), true))
}

/// A large count as a heading writes it: an exact power of two from 2^16 on, or of ten
/// from 10^6 on, as the lessons write it ("2^30", "10^9"; "1073741824 tasks" cut a round's
/// heading short at 1080p), anything else in full.
pub fn power_count(k: u64) -> String {
    let tens = k.checked_ilog10().filter(|&e| e >= 6 && 10u64.pow(e) == k);
    match tens {
        _ if k.is_power_of_two() && k >= 1 << 16 => format!("2^{}", k.trailing_zeros()),
        Some(e) => format!("10^{e}"),
        None => k.to_string(),
    }
}

/// `x`, an end of a whole-number parameter's range (or a value at that end), as people read
/// it: the largest value of a 64-bit integer type — the end of a range the model sets no
/// other limit to (a tree's arity b ≤ `i64::MAX`, a seed ≤ `u64::MAX`), which reaches here
/// rounded to the nearest f64, 2^63 or 2^64, and read "9.223372036854776e18" — as what it is,
/// "2^63 − 1" or "2^64 − 1"; anything else as [`Precision::Exact`].
pub fn whole_limit(x: f64) -> String {
    match [63, 64].into_iter().find(|&k| x.abs() == 2f64.powi(k)) {
        Some(k) if x > 0.0 => format!("2^{k} − 1"),
        Some(k) => format!("-2^{k}"),
        None => number(x, Precision::Exact),
    }
}

/// The open bound a range's end stands for, when it is the float next to a rounder number
/// (`neighbour`, the float beyond it): τ > 1 is held as the float after 1, read "1" (then
/// "above 1"). None when the end is itself the bound: a neighbour shorter by a digit or so by
/// chance (an exercise level's most, 0.08446179058133518, is no "below 0.0844617905813352").
pub fn open_end(end: f64, neighbour: f64) -> Option<String> {
    let show = |x: f64| number(x, Precision::Exact);
    (show(neighbour).len() + 4 <= show(end).len()).then(|| show(neighbour))
}

/// A number for CSV: Rust's shortest round-trip form, in scientific notation below 1e-5 or
/// from 1e16; `inf`, `-inf`, `nan` for non-finite values.
pub fn csv_number(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    let m = x.abs();
    if x.is_finite() && x != 0.0 && !(1e-5..1e16).contains(&m) {
        scientific(x, None, false)
    } else {
        format!("{x}")
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
        return scientific(x, Some(9), true);
    }
    decimals(x, (9 - m.log10().floor() as i32).max(0) as usize)
}

/// [`Precision::Exact`].
fn exact(x: f64) -> String {
    let a = x.abs();
    if !x.is_finite() || a == 0.0 || (1e-4..1e15).contains(&a) {
        format!("{x}")
    } else {
        scientific(x, None, false)
    }
}

/// [`Precision::Lesson`].
fn lesson(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else if x != 0.0 && (x.abs() >= 1e6 || x.abs() < 1e-3) {
        scientific(x, Some(4), false)
    } else {
        decimals(x, (3 - x.abs().log10().floor() as i32).clamp(0, 8) as usize)
    }
}

/// [`Precision::Steps`].
fn steps(x: f64) -> String {
    let a = x.abs();
    if !x.is_finite() || a == 0.0 {
        return format!("{x}");
    }
    if (1e-3..1e5).contains(&a) {
        decimals(x, (3 - a.log10().floor() as i32).max(0) as usize)
    } else {
        scientific(x, Some(3), false)
    }
}

/// [`Precision::Estimate`].
fn estimate(x: f64) -> String {
    let a = x.abs();
    if !x.is_finite() || a == 0.0 {
        format!("{x}")
    } else if !(1e-2..1e4).contains(&a) {
        scientific(x, Some(1), true)
    } else if a >= 100.0 {
        format!("{}", x.round())
    } else {
        // Two significant digits from 1 up, two decimals below.
        let places = if a >= 10.0 {
            0
        } else if a >= 1.0 {
            1
        } else {
            2
        };
        decimals(x, places)
    }
}

/// A byte count estimate with a decimal unit ("2.1 GB", "450 MB").
pub fn bytes(bytes: f64) -> String {
    let units = [(1e12, "TB"), (1e9, "GB"), (1e6, "MB"), (1e3, "kB")];
    for (scale, unit) in units {
        if bytes >= scale {
            return format!("{} {unit}", estimate(bytes / scale));
        }
    }
    format!("{} B", estimate(bytes))
}

/// A duration estimate in seconds, minutes or hours.
pub fn duration(seconds: f64) -> String {
    if seconds >= 7200.0 {
        format!("{} h", estimate(seconds / 3600.0))
    } else if seconds >= 120.0 {
        format!("{} min", estimate(seconds / 60.0))
    } else {
        format!("{} s", estimate(seconds))
    }
}

/// Exact integers with more digits than this are written compactly for people.
pub const BIG_DIGITS: usize = 15;

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
    Some(times_ten_to(
        &format!("{sign}{head}{point}{tail}"),
        exponent,
    ))
}

/// "`mantissa` × 10^`exponent`": the one shape of a huge number in a table or a caption.
fn times_ten_to(mantissa: &str, exponent: impl std::fmt::Display) -> String {
    format!("{mantissa} × 10^{exponent}")
}

#[cfg(test)]
mod tests;
