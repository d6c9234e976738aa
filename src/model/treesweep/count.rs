//! Processor counts, which can be astronomically large (up to 2^n − 1 for n ≤ 1000).

use serde::Serialize;

/// 64-bit limbs of [`Wide`]: 1024 bits hold every count of a tree of height n ≤ 1000.
const LIMBS: usize = 16;

/// An unsigned integer below 2^1024, least significant limb first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wide([u64; LIMBS]);

impl Wide {
    /// The value `v`.
    pub fn from_u128(v: u128) -> Wide {
        let mut l = [0u64; LIMBS];
        l[0] = v as u64;
        l[1] = (v >> 64) as u64;
        Wide(l)
    }

    /// self + other, or `None` past 2^1024.
    pub fn checked_add(self, other: Wide) -> Option<Wide> {
        let mut out = [0u64; LIMBS];
        let mut carry = 0u128;
        for (i, o) in out.iter_mut().enumerate() {
            let s = u128::from(self.0[i]) + u128::from(other.0[i]) + carry;
            *o = s as u64;
            carry = s >> 64;
        }
        (carry == 0).then_some(Wide(out))
    }

    /// self · k, or `None` past 2^1024.
    pub fn checked_mul_u64(self, k: u64) -> Option<Wide> {
        let mut out = [0u64; LIMBS];
        let mut carry = 0u128;
        for (i, o) in out.iter_mut().enumerate() {
            let p = u128::from(self.0[i]) * u128::from(k) + carry;
            *o = p as u64;
            carry = p >> 64;
        }
        (carry == 0).then_some(Wide(out))
    }

    /// self · k, or `None` past 2^1024.
    pub fn checked_mul(self, k: u128) -> Option<Wide> {
        let low = self.checked_mul_u64(k as u64)?;
        let high = self.checked_mul_u64((k >> 64) as u64)?;
        if high.0[LIMBS - 1] != 0 {
            return None;
        }
        let mut shifted = [0u64; LIMBS];
        shifted[1..].copy_from_slice(&high.0[..LIMBS - 1]);
        low.checked_add(Wide(shifted))
    }

    /// The value when it fits in a u128.
    pub fn to_u128(self) -> Option<u128> {
        self.0[2..]
            .iter()
            .all(|&l| l == 0)
            .then(|| u128::from(self.0[0]) | (u128::from(self.0[1]) << 64))
    }

    /// Decimal digits.
    pub fn to_decimal(self) -> String {
        const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19
        let mut limbs = self.0;
        let mut chunks = Vec::new();
        while limbs.iter().any(|&l| l != 0) {
            let mut rem = 0u128;
            for l in limbs.iter_mut().rev() {
                let cur = (rem << 64) | u128::from(*l);
                *l = (cur / u128::from(CHUNK)) as u64;
                rem = cur % u128::from(CHUNK);
            }
            chunks.push(rem as u64);
        }
        match chunks.split_last() {
            None => "0".into(),
            Some((top, rest)) => {
                let mut s = top.to_string();
                for c in rest.iter().rev() {
                    s.push_str(&format!("{c:019}"));
                }
                s
            }
        }
    }
}

/// A non-negative count kept exactly (below 2^1024) and as an f64.
///
/// `exact` is `Some` iff the true count is below 2^128 (always the case for n ≤ 128, since a
/// schedule never uses more processors than the tree has nodes); `wide` holds it exactly up to
/// 2^1024, which covers every accepted tree (n ≤ 1000); `approx` is the f64 nearest to the count
/// as accumulated (exact as long as it is below 2^53).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Count {
    /// The exact value, when it fits in a u128.
    pub exact: Option<u128>,
    /// The exact value, when it fits in 1024 bits.
    #[serde(skip)]
    pub wide: Option<Wide>,
    /// The value as an f64 (finite for every accepted n).
    pub approx: f64,
}

impl Count {
    /// Zero.
    pub const ZERO: Count = Count {
        exact: Some(0),
        wide: Some(Wide([0; LIMBS])),
        approx: 0.0,
    };
    /// One.
    pub const ONE: Count = Count {
        exact: Some(1),
        wide: Some(Wide([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
        approx: 1.0,
    };

    /// The count `v`.
    pub fn from_u128(v: u128) -> Count {
        Count {
            exact: Some(v),
            wide: Some(Wide::from_u128(v)),
            approx: v as f64,
        }
    }

    /// self + other.
    pub fn plus(self, other: Count) -> Count {
        Count::normalise(
            match (self.wide, other.wide) {
                (Some(a), Some(b)) => a.checked_add(b),
                _ => None,
            },
            self.approx + other.approx,
        )
    }

    /// While exact in a u128, the f64 is derived from the exact value (so it does not depend
    /// on the order of the additions).
    fn normalise(wide: Option<Wide>, approx: f64) -> Count {
        let exact = wide.and_then(Wide::to_u128);
        Count {
            exact,
            wide,
            approx: exact.map_or(approx, |v| v as f64),
        }
    }

    /// self · k.
    pub fn times(self, k: u128) -> Count {
        Count::normalise(
            self.wide.and_then(|a| a.checked_mul(k)),
            self.approx * k as f64,
        )
    }

    /// Decimal digits when exact in a u128, otherwise scientific notation with 6 significant
    /// digits (for tables; [`Count::decimal`] gives every digit).
    pub fn display(&self) -> String {
        match self.exact {
            Some(v) => v.to_string(),
            None => format!("{:.5e}", self.approx),
        }
    }

    /// Every decimal digit of the exact count (scientific notation only past 2^1024, which no
    /// accepted tree reaches).
    pub fn decimal(&self) -> String {
        match self.wide {
            Some(w) => w.to_decimal(),
            None => self.display(),
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
        // The wide value stays exact past u128.
        assert_eq!(s.decimal(), "340282366920938463463374607431768211456");
        let two_200 = (0..200).fold(Count::ONE, |c, _| c.times(2));
        assert_eq!(
            two_200.decimal(),
            "1606938044258990275541962092341162602522202993782792835301376"
        );
        assert_eq!(two_200.plus(Count::ONE).times(u128::MAX).exact, None);
        assert_eq!(Count::from_u128(12345).decimal(), "12345");
        assert_eq!(Count::ZERO.decimal(), "0");
    }
}
