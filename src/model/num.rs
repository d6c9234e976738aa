//! One number syntax for every numeric input (CLI flags, typed GUI values).
//!
//! Reals: anything Rust's `f64` parser reads (`0.5`, `1e-3`, `inf`, `nan`) and `a^b`
//! (`2^64`, `10^-3`). Integers: plain digits, and `1e6`, `2.5e3` or `2^20` as long as the value
//! is a whole number, computed exactly (no detour through f64). A value outside the target
//! type says "too large (beyond 2^64 − 1 …)" or "too small (below 0 …)"; range rules of a parameter (such as
//! "at least 1") belong to its validation.
//!
//! A text longer than [`MAX_LEN`] characters is refused before it is read, and nothing here
//! recurses: a chain `1^1^…^1` or `---…-2^2` costs one pass over the text, whatever its length.

/// Why a text is not an acceptable number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumError {
    /// Not a number at all.
    #[error("{0:?} is not a number")]
    NotANumber(String),
    /// Longer than [`MAX_LEN`] characters (the text is shortened in the message).
    #[error("{0}… is too long for a number ({len} characters, at most {MAX_LEN})", len = .1)]
    TooLong(String, usize),
    /// A number, but not a whole one.
    #[error("{0} is not a whole number")]
    NotWhole(String),
    /// Beyond the largest value of the target type.
    #[error("{text} is too large (beyond {}, the largest number read here)", type_limit(*.limit))]
    TooLarge {
        /// The text as given.
        text: String,
        /// The largest value accepted.
        limit: i128,
    },
    /// Below the smallest value of the target type.
    #[error("{text} is too small (below {}, the smallest number read here)", type_limit(*.limit))]
    TooSmall {
        /// The text as given.
        text: String,
        /// The smallest value accepted.
        limit: i128,
    },
}

/// An integer type's limit as people read it: 2^63 − 1 rather than 9223372036854775807 (it is
/// the number type's, not the flag's range, which its validation and --help give).
pub fn type_limit(limit: i128) -> String {
    let power = |x: i128| (x > 0 && x.count_ones() == 1).then(|| x.trailing_zeros());
    if limit.unsigned_abs() < 1000 {
        limit.to_string()
    } else if let Some(k) = limit.checked_add(1).and_then(power) {
        format!("2^{k} − 1")
    } else if let Some(k) = limit.checked_neg().and_then(power) {
        format!("−2^{k}")
    } else if limit == i128::MAX {
        "2^127 − 1".into()
    } else if limit == i128::MIN {
        "−2^127".into()
    } else {
        limit.to_string()
    }
}

/// Longest number text accepted, in characters (after trimming spaces). The longest exact
/// `i128` needs 40; the slack is for spaces, exponents and redundant zeros.
pub const MAX_LEN: usize = 200;

/// Refuses a text longer than [`MAX_LEN`] characters, quoting its first 20.
fn bounded(t: &str) -> Result<(), NumError> {
    let len = t.chars().count();
    if len > MAX_LEN {
        Err(NumError::TooLong(t.chars().take(20).collect(), len))
    } else {
        Ok(())
    }
}

/// Parses a real number: Rust's `f64` syntax or `a^b`.
pub fn parse_real(s: &str) -> Result<f64, NumError> {
    // The minus sign as the lessons and the papers print it (−2, U+2212) reads as '-'.
    let t = &s.trim().replace('−', "-");
    bounded(t)?;
    let num = |u: &str| {
        u.trim()
            .parse::<f64>()
            .map_err(|_| NumError::NotANumber(s.to_string()))
    };
    match t.split_once('^') {
        // A leading sign applies to the power: −2^2 = −4.
        Some((base, exp)) => match base.trim().strip_prefix('-') {
            Some(b) => Ok(-num(b)?.powf(num(exp)?)),
            None => Ok(num(base)?.powf(num(exp)?)),
        },
        None => num(t),
    }
}

/// Integer types [`parse_int`] produces.
pub trait Int: Sized + Copy {
    /// Smallest value.
    const MIN: i128;
    /// Largest value.
    const MAX: i128;
    /// The value (within `MIN..=MAX`).
    fn from_i128(v: i128) -> Self;
}

macro_rules! int {
    ($($t:ty),*) => {$(
        impl Int for $t {
            const MIN: i128 = <$t>::MIN as i128;
            const MAX: i128 = <$t>::MAX as i128;
            fn from_i128(v: i128) -> Self {
                v as $t
            }
        }
    )*};
}
int!(u8, u16, u32, u64, usize, i32, i64, i128);

/// Parses an integer of type `T` (see the module documentation for the syntax).
pub fn parse_int<T: Int>(s: &str) -> Result<T, NumError> {
    let text = s.trim().to_string();
    bounded(&text)?;
    let v = integer(&text.replace('−', "-")).map_err(|e| match e {
        Whole::Not => NumError::NotWhole(text.clone()),
        Whole::Nan => NumError::NotANumber(text.clone()),
        Whole::Big(negative) => {
            if negative {
                NumError::TooSmall {
                    text: text.clone(),
                    limit: T::MIN,
                }
            } else {
                NumError::TooLarge {
                    text: text.clone(),
                    limit: T::MAX,
                }
            }
        }
    })?;
    if v > T::MAX {
        Err(NumError::TooLarge {
            text,
            limit: T::MAX,
        })
    } else if v < T::MIN {
        Err(NumError::TooSmall {
            text,
            limit: T::MIN,
        })
    } else {
        Ok(T::from_i128(v))
    }
}

/// Why [`integer`] failed.
enum Whole {
    /// A real that is not whole.
    Not,
    /// Not a number.
    Nan,
    /// Beyond i128 (negative: below it).
    Big(bool),
}

/// The exact integer value of `t`: a literal ([`literal`]) or a chain `a^b^…^z`, read from
/// the right (`2^3^2` = 2^9). Leading `-` signs before a `^` apply to the power after them
/// (−2^2 = −4, `--2^2` = 4); the last term takes one sign of its own (`2^-1`). One pass, no
/// recursion: the terms are read left to right (the first bad one is the error), then the
/// powers are taken right to left.
fn integer(t: &str) -> Result<i128, Whole> {
    let terms: Vec<&str> = t.split('^').collect();
    let (last, bases) = match terms.split_last() {
        Some(x) => x,
        None => return Err(Whole::Nan),
    };
    // Each base: how many leading minus signs it carries, and its literal value.
    let mut read = Vec::with_capacity(bases.len());
    for base in bases {
        let mut rest = base.trim();
        let mut minus = 0usize;
        while let Some(r) = rest.strip_prefix('-') {
            minus += 1;
            rest = r.trim_start();
        }
        read.push((minus % 2 == 1, literal(rest)?));
    }
    let mut value = literal(last.trim())?;
    for (i, &(negate, base)) in read.iter().enumerate().rev() {
        value = match power(base, value) {
            Ok(v) if negate => v.checked_neg().ok_or(Whole::Big(false))?,
            Ok(v) => v,
            // A power beyond i128 under an odd number of minus signs is below it.
            Err(e) => {
                let signs = read[..=i].iter().filter(|(n, _)| *n).count();
                return Err(if signs % 2 == 1 { flip(e) } else { e });
            }
        };
    }
    Ok(value)
}

/// `b^e` exactly, or why not: b^−k is whole only for b = ±1; beyond i128 is `Big`.
fn power(b: i128, e: i128) -> Result<i128, Whole> {
    if e < 0 {
        return match b {
            1 => Ok(1),
            -1 => Ok(if e % 2 == 0 { 1 } else { -1 }),
            _ => Err(Whole::Not),
        };
    }
    let negative = b < 0 && e % 2 == 1;
    match b {
        // Whatever the exponent (even one beyond u32).
        0 => Ok(if e == 0 { 1 } else { 0 }),
        1 => Ok(1),
        -1 => Ok(if negative { -1 } else { 1 }),
        _ => {
            let e = u32::try_from(e).map_err(|_| Whole::Big(negative))?;
            b.checked_pow(e).ok_or(Whole::Big(negative))
        }
    }
}

/// A negated `Big` error is `Big` on the other side.
fn flip(e: Whole) -> Whole {
    match e {
        Whole::Big(negative) => Whole::Big(!negative),
        e => e,
    }
}

/// The exact integer value of a literal without `^`: digits, or `m e k` with a decimal
/// mantissa, with one optional sign.
fn literal(t: &str) -> Result<i128, Whole> {
    let (sign, rest) = match t.strip_prefix('-') {
        Some(r) => (-1, r),
        None => (1, t.strip_prefix('+').unwrap_or(t)),
    };
    let (mantissa, exp10) = match rest.find(['e', 'E']) {
        Some(i) => (
            &rest[..i],
            rest[i + 1..].parse::<i64>().map_err(|_| kind_of(t))?,
        ),
        None => (rest, 0),
    };
    let (int_part, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits_ok = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
    if int_part.is_empty() && frac.is_empty() || !digits_ok(int_part) || !digits_ok(frac) {
        return Err(kind_of(t));
    }
    // value = digits · 10^scale, with the significant digits only.
    let all = format!("{int_part}{frac}");
    let trimmed = all.trim_start_matches('0');
    let significant = trimmed.trim_end_matches('0');
    if significant.is_empty() {
        return Ok(0);
    }
    let scale = exp10
        .saturating_sub(frac.len() as i64)
        .saturating_add((trimmed.len() - significant.len()) as i64);
    if scale < 0 {
        return Err(Whole::Not);
    }
    let big = Whole::Big(sign < 0);
    let m: i128 = significant.parse().map_err(|_| Whole::Big(sign < 0))?;
    let p = u32::try_from(scale)
        .ok()
        .and_then(|s| 10i128.checked_pow(s))
        .ok_or(Whole::Big(sign < 0))?;
    m.checked_mul(p).map(|v| sign * v).ok_or(big)
}

/// A text that is not an integer literal: a real (not whole) or not a number.
fn kind_of(t: &str) -> Whole {
    match t.parse::<f64>() {
        Ok(x) if x.is_finite() => Whole::Not,
        _ => Whole::Nan,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_in_every_syntax() {
        assert_eq!(parse_int::<u64>("1e6"), Ok(1_000_000));
        assert_eq!(parse_int::<u64>("2^20"), Ok(1 << 20));
        assert_eq!(parse_int::<u64>(" 42 "), Ok(42));
        assert_eq!(parse_int::<u64>("2.5e3"), Ok(2500));
        assert_eq!(parse_int::<u64>("1E3"), Ok(1000));
        assert_eq!(parse_int::<u64>("0.0"), Ok(0));
        assert_eq!(parse_int::<i64>("-3"), Ok(-3));
        assert_eq!(parse_int::<i64>("-2^3"), Ok(-8));
        assert_eq!(parse_int::<i64>("-2^2"), Ok(-4));
        assert_eq!(parse_real("-2^2"), Ok(-4.0));
        assert_eq!(parse_int::<i64>("+7"), Ok(7));
        assert_eq!(parse_int::<u64>("120e-1"), Ok(12));
        assert_eq!(parse_int::<u64>("2^0"), Ok(1));
        // Exact where f64 is not: 2^64 − 1 needs 64 bits.
        assert_eq!(parse_int::<u64>("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(parse_int::<i128>("10^38"), Ok(10i128.pow(38)));
    }

    /// The minus sign of the lessons and papers (U+2212) reads as the ASCII one.
    #[test]
    fn the_printed_minus_sign_is_a_minus() {
        assert_eq!(parse_real("−2.5"), Ok(-2.5));
        assert_eq!(parse_real("−2^3"), Ok(-8.0));
        assert_eq!(parse_real("1e−3"), Ok(1e-3));
        assert_eq!(parse_int::<i64>("−7"), Ok(-7));
        assert!(matches!(
            parse_int::<u32>("−1"),
            Err(NumError::TooSmall { .. })
        ));
    }

    #[test]
    fn out_of_range_says_too_large_with_the_limit() {
        let e = parse_int::<u64>("2^64").unwrap_err();
        assert_eq!(
            e.to_string(),
            "2^64 is too large (beyond 2^64 − 1, the largest number read here)"
        );
        assert!(matches!(
            parse_int::<u32>("1e10"),
            Err(NumError::TooLarge { .. })
        ));
        for text in [
            "1e300",
            "2^1000",
            "999999999999999999999999999999999999999999",
        ] {
            let e = parse_int::<u64>(text);
            assert!(matches!(e, Err(NumError::TooLarge { .. })), "{text}");
        }
        let e = parse_int::<u64>("-1").unwrap_err();
        assert_eq!(
            e.to_string(),
            "-1 is too small (below 0, the smallest number read here)"
        );
        assert!(matches!(
            parse_int::<i64>("-1e30"),
            Err(NumError::TooSmall { .. })
        ));
    }

    #[test]
    fn chains_read_from_the_right_without_recursion() {
        assert_eq!(parse_int::<u64>("2^3^2"), Ok(512));
        assert_eq!(
            parse_int::<i64>("2 ^ -1 ^ 2"),
            Err(NumError::NotWhole("2 ^ -1 ^ 2".into()))
        );
        assert_eq!(parse_int::<i64>("-1^-3"), Ok(-1));
        // The longest chain accepted: 100 terms in 199 characters.
        let ones = vec!["1"; 100].join("^");
        assert_eq!(ones.len(), 199);
        assert_eq!(parse_int::<u64>(&ones), Ok(1));
        // Minus signs before a power: each one negates it.
        let signs = |k: usize| format!("{}2^2", "-".repeat(k));
        assert_eq!(parse_int::<i64>(&signs(150)), Ok(4));
        assert_eq!(parse_int::<i64>(&signs(151)), Ok(-4));
        assert_eq!(parse_int::<i64>("- - 2^2"), Ok(4));
        // Beyond i128 on either side, through the signs (true: below it).
        let beyond = [
            ("-2^200", true),
            ("--2^200", false),
            ("-3^2^200", true),
            ("-3^-2^200", false),
        ];
        for (text, below) in beyond {
            match parse_int::<i128>(text) {
                Err(NumError::TooSmall { .. }) => assert!(below, "{text}"),
                Err(NumError::TooLarge { .. }) => assert!(!below, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        // 0, 1 and −1 to any power are whole, even to powers beyond u32.
        assert_eq!(parse_int::<u64>("1^10^30"), Ok(1));
        assert_eq!(parse_int::<u64>("0^10^30"), Ok(0));
        assert_eq!(parse_int::<u64>("0^0"), Ok(1));
        for text in ["^", "2^", "^2", "2^^2", "2^--2", "+-2^2"] {
            assert_eq!(
                parse_int::<i64>(text),
                Err(NumError::NotANumber(text.into()))
            );
        }
    }

    #[test]
    fn texts_beyond_the_length_limit_are_refused_quickly() {
        // The chains that overflowed the stack of the recursive parser.
        let chain = vec!["1"; 40_000].join("^");
        let e = parse_int::<u64>(&chain).unwrap_err();
        assert_eq!(e, NumError::TooLong("1^1^1^1^1^1^1^1^1^1^".into(), 79_999));
        assert_eq!(
            e.to_string(),
            "1^1^1^1^1^1^1^1^1^1^… is too long for a number (79999 characters, at most 200)"
        );
        let minus = format!("{}5", "-".repeat(70_000));
        assert!(matches!(
            parse_int::<i64>(&minus),
            Err(NumError::TooLong(_, 70_001))
        ));
        assert!(matches!(parse_real(&chain), Err(NumError::TooLong(..))));
        // At the limit: accepted (spaces around do not count).
        let zeros = format!("  {}7  ", "0".repeat(MAX_LEN - 1));
        assert_eq!(parse_int::<u8>(&zeros), Ok(7));
        assert_eq!(parse_real(&zeros), Ok(7.0));
        let over = format!("{}7", "0".repeat(MAX_LEN));
        assert!(matches!(
            parse_int::<u8>(&over),
            Err(NumError::TooLong(_, 201))
        ));
        // Characters, not bytes: 200 two-byte characters are still read (and refused as
        // not a number).
        let wide = "é".repeat(MAX_LEN);
        assert!(matches!(
            parse_int::<u8>(&wide),
            Err(NumError::NotANumber(_))
        ));
    }

    #[test]
    fn not_whole_and_not_numbers() {
        for text in ["2.5", "1e-3", "2^-1"] {
            assert_eq!(parse_int::<u64>(text), Err(NumError::NotWhole(text.into())));
        }
        for text in ["abc", "nan", "", "1e"] {
            assert_eq!(
                parse_int::<u64>(text),
                Err(NumError::NotANumber(text.into()))
            );
        }
        assert_eq!(parse_real("2^64"), Ok(2f64.powi(64)));
        assert_eq!(parse_real("1e-3"), Ok(1e-3));
        assert!(parse_real("x").is_err());
    }
}
