//! One number syntax for every numeric input (CLI flags, typed GUI values).
//!
//! Reals: anything Rust's `f64` parser reads (`0.5`, `1e-3`, `inf`, `nan`) and `a^b`
//! (`2^64`, `10^-3`). Integers: plain digits, and `1e6`, `2.5e3` or `2^20` as long as the value
//! is a whole number, computed exactly (no detour through f64). A value outside the target
//! type says "too large (limit …)" or "too small (limit …)"; range rules of a parameter (such as
//! "at least 1") belong to its validation.

/// Why a text is not an acceptable number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumError {
    /// Not a number at all.
    #[error("{0:?} is not a number")]
    NotANumber(String),
    /// A number, but not a whole one.
    #[error("{0} is not a whole number")]
    NotWhole(String),
    /// Beyond the largest value of the target type.
    #[error("{text} is too large (limit {limit})")]
    TooLarge {
        /// The text as given.
        text: String,
        /// The largest value accepted.
        limit: i128,
    },
    /// Below the smallest value of the target type.
    #[error("{text} is too small (limit {limit})")]
    TooSmall {
        /// The text as given.
        text: String,
        /// The smallest value accepted.
        limit: i128,
    },
}

/// Parses a real number: Rust's `f64` syntax or `a^b`.
pub fn parse_real(s: &str) -> Result<f64, NumError> {
    let t = s.trim();
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
    let v = integer(&text).map_err(|e| match e {
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

/// A real printed compactly and exactly (it parses back to the same value): plain decimals
/// for magnitudes in [10^−4, 10^15) (`0.001`, `4096`, `2.5`), the shortest exponent form
/// beyond (`1e308`, `1.5e-7`), never a 309-digit number.
pub fn compact(x: f64) -> String {
    let a = x.abs();
    if !x.is_finite() || a == 0.0 || (1e-4..1e15).contains(&a) {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

/// An estimate printed with two significant digits: `4096`, `350`, `2.7e8`, `5e7`, `0.25`.
pub fn approx(x: f64) -> String {
    let a = x.abs();
    if !x.is_finite() || a == 0.0 {
        format!("{x}")
    } else if !(1e-2..1e4).contains(&a) {
        format!("{x:.1e}").replace(".0e", "e")
    } else if a >= 100.0 {
        format!("{}", x.round())
    } else {
        // Two significant digits, trailing zeros dropped.
        let digits = if a >= 10.0 {
            0
        } else if a >= 1.0 {
            1
        } else {
            2
        };
        let s = format!("{x:.digits$}");
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
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

/// The exact integer value of `t`: digits, `m e k` with a decimal mantissa, or `a^b`.
fn integer(t: &str) -> Result<i128, Whole> {
    // A leading sign applies to the power: −2^2 = −4.
    if let Some(rest) = t.strip_prefix('-').filter(|r| r.contains('^')) {
        return integer(rest.trim()).map(|v| -v).map_err(|e| match e {
            Whole::Big(negative) => Whole::Big(!negative),
            e => e,
        });
    }
    if let Some((base, exp)) = t.split_once('^') {
        let b = integer(base.trim())?;
        let e = integer(exp.trim())?;
        if e < 0 {
            // b^−k is whole only for b = ±1.
            return match b {
                1 => Ok(1),
                -1 => Ok(if e % 2 == 0 { 1 } else { -1 }),
                _ => Err(Whole::Not),
            };
        }
        let negative = b < 0 && e % 2 == 1;
        let e = u32::try_from(e).map_err(|_| Whole::Big(negative))?;
        return b.checked_pow(e).ok_or(Whole::Big(negative));
    }
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

    #[test]
    fn out_of_range_says_too_large_with_the_limit() {
        let e = parse_int::<u64>("2^64").unwrap_err();
        assert_eq!(
            e.to_string(),
            "2^64 is too large (limit 18446744073709551615)"
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
        assert_eq!(e.to_string(), "-1 is too small (limit 0)");
        assert!(matches!(
            parse_int::<i64>("-1e30"),
            Err(NumError::TooSmall { .. })
        ));
    }

    #[test]
    fn compact_and_approximate_numbers() {
        assert_eq!(compact(1e308), "1e308");
        assert_eq!(compact(1e-300), "1e-300");
        assert_eq!(compact(4096.0), "4096");
        assert_eq!(compact(2.5), "2.5");
        assert_eq!(compact(0.001), "0.001");
        assert_eq!(compact(-1.5e20), "-1.5e20");
        assert_eq!(compact(f64::INFINITY), "inf");
        assert_eq!(compact(0.0), "0");
        assert_eq!(compact(123456789012.0), "123456789012");
        for x in [1e308, 1.234e-7, 3.0, 1e15, 123.456] {
            assert_eq!(compact(x).parse::<f64>(), Ok(x));
        }
        assert_eq!(approx(2.68e8), "2.7e8");
        assert_eq!(approx(5e7), "5e7");
        assert_eq!(approx(4096.0), "4096");
        assert_eq!(approx(12_345.0), "1.2e4");
        assert_eq!(approx(350.4), "350");
        assert_eq!(approx(28.0), "28");
        assert_eq!(approx(2.54), "2.5");
        assert_eq!(approx(0.25), "0.25");
        assert_eq!(approx(1e-3), "1e-3");
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
