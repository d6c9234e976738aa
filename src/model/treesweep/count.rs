//! Processor counts, which can be astronomically large (up to 2^n − 1 for n ≤ 1000).

use serde::Serialize;

/// A non-negative count kept exactly while it fits in a u128 and always as an f64.
///
/// `exact` is `Some` iff the true count is below 2^128 (always the case for n ≤ 128, since a
/// schedule never uses more processors than the tree has nodes); `approx` is the f64 nearest to
/// the count as accumulated (exact as long as it is below 2^53).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Count {
    /// The exact value, when it fits in a u128.
    pub exact: Option<u128>,
    /// The value as an f64 (finite for every accepted n).
    pub approx: f64,
}

impl Count {
    /// Zero.
    pub const ZERO: Count = Count {
        exact: Some(0),
        approx: 0.0,
    };
    /// One.
    pub const ONE: Count = Count {
        exact: Some(1),
        approx: 1.0,
    };

    /// The count `v`.
    pub fn from_u128(v: u128) -> Count {
        Count {
            exact: Some(v),
            approx: v as f64,
        }
    }

    /// self + other.
    pub fn plus(self, other: Count) -> Count {
        Count::normalise(
            match (self.exact, other.exact) {
                (Some(a), Some(b)) => a.checked_add(b),
                _ => None,
            },
            self.approx + other.approx,
        )
    }

    /// While exact, the f64 is derived from the exact value (so it does not depend on the
    /// order of the additions).
    fn normalise(exact: Option<u128>, approx: f64) -> Count {
        Count {
            exact,
            approx: exact.map_or(approx, |v| v as f64),
        }
    }

    /// self · k.
    pub fn times(self, k: u128) -> Count {
        Count::normalise(
            self.exact.and_then(|a| a.checked_mul(k)),
            self.approx * k as f64,
        )
    }

    /// Decimal digits when exact, otherwise scientific notation with 6 significant digits.
    pub fn display(&self) -> String {
        match self.exact {
            Some(v) => v.to_string(),
            None => format!("{:.5e}", self.approx),
        }
    }
}

impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.display())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overflow_falls_back_to_f64() {
        let big = Count::from_u128(u128::MAX / 2 + 1);
        let s = big.plus(big);
        assert_eq!(s.exact, None);
        assert!(s.display().contains('e'));
        assert_eq!(Count::ONE.plus(Count::ONE).times(21).display(), "42");
        assert_eq!(Count::ONE.times(0), Count::ZERO);
    }
}
