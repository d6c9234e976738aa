//! The editing operations of the instance editor: resize, switch between one cost and per-link
//! costs, rotate, negate, make Σδ = 0 (a water level), derive δ from target loads or relative
//! speeds, seeded random instances, and parsing vectors typed as text.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::model::format::{Precision, number};
use crate::model::num::NumError;

use super::instance::{Costs, Direction, N_MAX, N_MIN, RingInstance, VALUE_MAX, minimal_loads};

impl RingInstance {
    /// Resizes every vector to n entries: new processors get δ = 0, L = 1 and the first link's
    /// costs (or 1).
    pub fn resize(&mut self, n: usize) {
        self.delta.resize(n, 0);
        self.loads.resize(n, 1);
        if let Costs::Heterogeneous { cw, ccw } = &mut self.costs {
            let c0 = cw.first().copied().unwrap_or(1.0);
            let c1 = ccw.first().copied().unwrap_or(1.0);
            cw.resize(n, c0);
            ccw.resize(n, c1);
        }
    }

    /// Switches to per-link costs (every link keeps its current cost).
    pub fn make_heterogeneous(&mut self) {
        if let Costs::Homogeneous(c) = self.costs {
            self.costs = Costs::Heterogeneous {
                cw: vec![c; self.n()],
                ccw: vec![c; self.n()],
            };
        }
    }

    /// Switches to one cost for every link (the first link's cost).
    pub fn make_homogeneous(&mut self) {
        if let Costs::Heterogeneous { cw, .. } = &self.costs {
            self.costs = Costs::Homogeneous(cw.first().copied().unwrap_or(1.0));
        }
    }

    /// Rotates the ring by `k` positions: processor i becomes processor i + k (every vector).
    pub fn rotate(&mut self, k: usize) {
        let n = self.n();
        if n == 0 {
            return;
        }
        let k = k % n;
        self.delta.rotate_right(k);
        if self.loads.len() == n {
            self.loads.rotate_right(k);
        }
        if let Costs::Heterogeneous { cw, ccw } = &mut self.costs {
            if cw.len() == n {
                cw.rotate_right(k);
            }
            if ccw.len() == n {
                ccw.rotate_right(k);
            }
        }
    }

    /// Negates δ (senders become receivers); a load too small for the new δ is raised to
    /// the minimum Section 2 allows, max(1, 1 + δ_k).
    pub fn negate(&mut self) {
        for (i, d) in self.delta.iter_mut().enumerate() {
            *d = -*d;
            if let Some(l) = self.loads.get_mut(i) {
                *l = (*l).max(1 + *d).max(1);
            }
        }
    }
}

/// What "Make Σδ = 0" changed.
#[derive(Debug, Clone, PartialEq)]
pub struct SumFix {
    /// (0-based entry, old δ, new δ) for every changed entry.
    pub changes: Vec<(usize, i64, i64)>,
    /// The sum before the fix.
    pub old_sum: i64,
}

/// Makes Σδ = 0 by lowering the largest entries (Σδ > 0) or raising the smallest (Σδ < 0),
/// like a water level: the extremes move first, ties broken by the lower index. Entries stay
/// within the range they already spanned. Returns what changed.
pub fn fix_sum(delta: &mut [i64]) -> SumFix {
    let old_sum: i64 = delta.iter().sum();
    let before = delta.to_vec();
    if old_sum < 0 {
        delta.iter_mut().for_each(|d| *d = -*d);
        lower_tops(delta, -old_sum);
        delta.iter_mut().for_each(|d| *d = -*d);
    } else if old_sum > 0 {
        lower_tops(delta, old_sum);
    }
    let changes = before
        .iter()
        .zip(delta.iter())
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (&a, &b))| (i, a, b))
        .collect();
    SumFix { changes, old_sum }
}

/// Removes `excess` > 0 units from the largest entries.
fn lower_tops(delta: &mut [i64], excess: i64) {
    let cut = |level: i64| -> i64 { delta.iter().map(|&d| (d - level).max(0)).sum() };
    // Largest level with cut(level) ≥ excess (cut decreases as the level rises).
    let (mut lo, mut hi) = (delta.iter().copied().min().unwrap_or(0) - excess, {
        delta.iter().copied().max().unwrap_or(0)
    });
    while lo < hi {
        let mid = lo + (hi - lo + 1) / 2;
        if cut(mid) >= excess {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let level = lo;
    let mut left = excess - cut(level + 1);
    for d in delta.iter_mut() {
        if *d > level + 1 {
            *d = level + 1;
        }
    }
    for d in delta.iter_mut() {
        if left > 0 && *d == level + 1 {
            *d -= 1;
            left -= 1;
        }
    }
}

/// Target loads proportional to `weights` (relative speeds), summing to `total`, by largest
/// remainder (ties to the lower index). Every target is at least 1 when total ≥ len.
pub fn proportional_targets(weights: &[f64], total: i64) -> Result<Vec<i64>, EditError> {
    if weights.is_empty() {
        return Err(EditError::NoSpeeds);
    }
    if let Some((i, &w)) = weights
        .iter()
        .enumerate()
        .find(|(_, w)| !w.is_finite() || **w <= 0.0)
    {
        return Err(EditError::BadSpeed {
            processor: i,
            speed: w,
        });
    }
    let n = weights.len() as i64;
    if total < n {
        return Err(EditError::TooFewItems { items: total, n });
    }
    // Give one item to everyone, share the rest proportionally.
    let rest = (total - n) as f64;
    let sum: f64 = weights.iter().sum();
    let exact: Vec<f64> = weights.iter().map(|w| rest * w / sum).collect();
    let mut out: Vec<i64> = exact.iter().map(|e| 1 + e.floor() as i64).collect();
    let mut left = total - out.iter().sum::<i64>();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| {
        let ra = exact[a] - exact[a].floor();
        let rb = exact[b] - exact[b].floor();
        rb.total_cmp(&ra).then(a.cmp(&b))
    });
    let mut k = 0;
    while left > 0 {
        out[order[k % order.len()]] += 1;
        left -= 1;
        k += 1;
    }
    while left < 0 {
        // Only possible through rounding of huge values: take back from the largest.
        let i = (0..out.len()).max_by_key(|&i| out[i]).unwrap_or(0);
        out[i] -= 1;
        left += 1;
    }
    Ok(out)
}

/// δ = L − target, checked: same lengths and Σ target = Σ L.
pub fn delta_from_targets(loads: &[i64], targets: &[i64]) -> Result<Vec<i64>, EditError> {
    if loads.len() != targets.len() {
        return Err(EditError::TargetCount {
            targets: targets.len(),
            n: loads.len(),
        });
    }
    let sl: i64 = loads.iter().sum();
    let st: i64 = targets.iter().sum();
    if sl != st {
        return Err(EditError::TargetSum {
            targets: st,
            loads: sl,
        });
    }
    if let Some(i) = targets.iter().position(|&t| t < 1) {
        return Err(EditError::TargetBelowOne {
            processor: i,
            target: targets[i],
        });
    }
    Ok(loads.iter().zip(targets).map(|(l, t)| l - t).collect())
}

/// Settings of the "random instance" button (their `Default` reads the descriptors in
/// [`super::params`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RandomSpec {
    /// Seed of the ChaCha8 generator.
    pub seed: u64,
    /// Ring size.
    pub n: usize,
    /// Largest |δ_k|.
    pub max_delta: i64,
    /// Per-link random costs (uniform integers in 1..=10) instead of c = 1.
    pub heterogeneous: bool,
    /// Bidirectional ring.
    pub direction: Direction,
    /// Heavy loads: L_k = max(1, 1 + δ_k) (the minimum, so processors must forward items they
    /// receive). Light loads: L_k = that minimum + (sum of |δ|) so every processor could send
    /// everything from its own stock.
    pub heavy: bool,
}

impl RandomSpec {
    /// Checks the generator settings.
    pub fn validate(&self) -> Result<(), RandomSpecError> {
        if !(N_MIN..=N_MAX).contains(&self.n) {
            return Err(RandomSpecError::N);
        }
        if !(1..=RANDOM_DELTA_MAX).contains(&self.max_delta) {
            return Err(RandomSpecError::MaxDelta);
        }
        Ok(())
    }
}

/// Largest `max_delta` of a [`RandomSpec`]: [`VALUE_MAX`] / [`N_MAX`].
pub const RANDOM_DELTA_MAX: i64 = VALUE_MAX / N_MAX as i64;

/// Why [`RandomSpec::validate`] refused the settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RandomSpecError {
    /// The ring size is outside [[`N_MIN`], [`N_MAX`]].
    #[error("n must be between {N_MIN} and {N_MAX}")]
    N,
    /// `max_delta` is outside [1, [`RANDOM_DELTA_MAX`]].
    #[error("max |δ| must be between 1 and {RANDOM_DELTA_MAX}")]
    MaxDelta,
}

/// A seeded random instance: δ_k uniform in [−max, max], then made to sum to 0 by
/// [`fix_sum`] (which keeps every |δ_k| ≤ max: it only moves the extremes inwards).
pub fn random_instance(spec: &RandomSpec) -> RingInstance {
    let mut rng = ChaCha8Rng::seed_from_u64(spec.seed);
    let m = spec.max_delta.max(1);
    let mut delta: Vec<i64> = (0..spec.n).map(|_| rng.random_range(-m..=m)).collect();
    fix_sum(&mut delta);
    let mut loads = minimal_loads(&delta);
    if !spec.heavy {
        let extra: i64 = delta.iter().map(|d| d.abs()).sum();
        for l in loads.iter_mut() {
            *l += extra;
        }
    }
    let costs = if spec.heterogeneous {
        Costs::Heterogeneous {
            cw: (0..spec.n)
                .map(|_| rng.random_range(1..=10) as f64)
                .collect(),
            ccw: (0..spec.n)
                .map(|_| rng.random_range(1..=10) as f64)
                .collect(),
        }
    } else {
        Costs::Homogeneous(1.0)
    };
    RingInstance {
        delta,
        loads,
        direction: spec.direction,
        costs,
    }
}

/// Parses a vector of integers separated by commas, spaces, semicolons or newlines.
/// Errors name the 1-based entry and the offending text.
pub fn parse_int_vector(text: &str) -> Result<Vec<i64>, EditError> {
    parse_entries(text, parse_int_entry)
}

/// One integer entry in the app's one number syntax ([`crate::model::num`]: `1e3` and `2^10`
/// too): a real that is not whole is not atomic, a whole number beyond i64 is out of range
/// (it read "items are atomic, use an integer", as if 10^20 were a fraction).
pub fn parse_int_entry(text: &str) -> Result<i64, EntryError> {
    let p = text.replace('−', "-");
    crate::model::num::parse_int::<i64>(&p).map_err(|e| match e {
        NumError::NotWhole(_) => EntryError::NotAtomic(p),
        NumError::NotANumber(_) => EntryError::NotInteger(p),
        other => EntryError::OutOfRange(other.to_string()),
    })
}

/// Parses a vector of positive real costs (same separators as [`parse_int_vector`]).
pub fn parse_cost_vector(text: &str) -> Result<Vec<f64>, EditError> {
    parse_entries(text, |p| match p.parse::<f64>() {
        Ok(c) if c.is_finite() && c > 0.0 => Ok(c),
        Ok(c) => Err(EntryError::BadCost(c)),
        Err(_) => Err(EntryError::NotNumber(p.to_string())),
    })
}

/// Splits `text` into entries and parses each; an error reads "entry k {reason}".
fn parse_entries<T>(
    text: &str,
    entry: impl Fn(&str) -> Result<T, EntryError>,
) -> Result<Vec<T>, EditError> {
    let parts = split_entries(text);
    if parts.is_empty() {
        return Err(EditError::EmptyVector);
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let parsed = if p.is_empty() {
                Err(EntryError::Empty)
            } else {
                entry(p)
            };
            parsed.map_err(|problem| EditError::Entry { index: i, problem })
        })
        .collect()
}

fn split_entries(text: &str) -> Vec<String> {
    let t = text.trim();
    let t = t
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or(t);
    if t.trim().is_empty() {
        return Vec::new();
    }
    if t.contains(',') || t.contains(';') {
        t.split([',', ';']).map(|s| s.trim().to_string()).collect()
    } else {
        t.split_whitespace().map(str::to_string).collect()
    }
}

/// Formats a vector as "a, b, c" (the inverse of the parsers).
pub fn format_vector<T: std::fmt::Display>(v: &[T]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why an editing operation refused its input: a vector typed as text that does not parse, or
/// targets or speeds that do not fit the ring. Processors and entries are stored 0-based and
/// named 1-based in the messages.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EditError {
    /// Nothing but separators (or brackets) was typed.
    #[error("the vector is empty")]
    EmptyVector,
    /// One entry does not parse.
    #[error("entry {} {problem}", .index + 1)]
    Entry {
        /// 0-based entry.
        index: usize,
        /// What is wrong with it.
        problem: EntryError,
    },
    /// [`proportional_targets`] got no speeds.
    #[error("no speeds given")]
    NoSpeeds,
    /// A speed is not a finite number > 0.
    #[error("speed of P{} must be a finite number > 0 (got {})", .processor + 1, number(*.speed, Precision::Exact))]
    BadSpeed {
        /// 0-based processor.
        processor: usize,
        /// The speed given.
        speed: f64,
    },
    /// Fewer items than processors: someone would end with none.
    #[error("{items} items cannot give each of the {n} processors at least one")]
    TooFewItems {
        /// Items to share.
        items: i64,
        /// Processors.
        n: i64,
    },
    /// Not one speed per processor.
    #[error("{speeds} speeds for {n} processors")]
    SpeedCount {
        /// Speeds given.
        speeds: usize,
        /// Processors.
        n: usize,
    },
    /// Not one target per processor.
    #[error("{targets} targets for {n} processors: give one target per processor")]
    TargetCount {
        /// Targets given.
        targets: usize,
        /// Processors.
        n: usize,
    },
    /// The targets do not add up to the items held.
    #[error("the targets sum to {targets} but the loads to {loads}: items are conserved")]
    TargetSum {
        /// Σ target.
        targets: i64,
        /// Σ L.
        loads: i64,
    },
    /// A target below one item.
    #[error(
        "target of P{} is {target}: every processor must keep at least one item",
        .processor + 1
    )]
    TargetBelowOne {
        /// 0-based processor.
        processor: usize,
        /// Its target.
        target: i64,
    },
}

/// What is wrong with one entry of a vector typed as text (the message follows "entry k").
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EntryError {
    /// Two separators in a row.
    #[error("is empty")]
    Empty,
    /// A number that is not an integer where items are counted.
    #[error("is “{0}”: items are atomic, use an integer")]
    NotAtomic(String),
    /// Not a number where an integer is expected.
    #[error("is “{0}”, not an integer")]
    NotInteger(String),
    /// A whole number beyond i64 (the message says which limit).
    #[error("is out of range: {0}")]
    OutOfRange(String),
    /// Not a number where a cost is expected.
    #[error("is “{0}”, not a number")]
    NotNumber(String),
    /// A cost that is not a finite number > 0.
    #[error("is {0}: a cost must be a finite number > 0")]
    BadCost(f64),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fix_sum_reaches_zero_and_reports() {
        for v in [
            vec![3, 3, 3],
            vec![-5, 1, 0, 0],
            vec![100, -1],
            vec![0, 0, 7],
        ] {
            let mut d = v.clone();
            let fix = fix_sum(&mut d);
            assert_eq!(d.iter().sum::<i64>(), 0, "{v:?}");
            assert_eq!(fix.old_sum, v.iter().sum::<i64>());
            for (i, a, b) in fix.changes {
                assert_eq!((v[i], d[i]), (a, b));
            }
        }
    }

    #[test]
    fn random_instances_are_valid() {
        for seed in 0..50 {
            for heavy in [true, false] {
                let spec = RandomSpec {
                    seed,
                    n: 2 + seed as usize,
                    heavy,
                    heterogeneous: seed % 2 == 0,
                    ..RandomSpec::default()
                };
                let r = random_instance(&spec);
                assert!(r.validate().is_ok(), "{spec:?}");
                assert!(r.delta.iter().all(|d| d.abs() <= spec.max_delta));
            }
        }
    }

    #[test]
    fn parsing() {
        let ints = |t| parse_int_vector(t).map_err(|e| e.to_string());
        let costs = |t| parse_cost_vector(t).map_err(|e| e.to_string());
        assert_eq!(ints("1, -2,1"), Ok(vec![1, -2, 1]));
        assert_eq!(ints("[3 −3]"), Ok(vec![3, -3]));
        assert!(ints("1,,2").unwrap_err().contains("entry 2 is empty"));
        assert!(ints("1, 2.5").unwrap_err().contains("integer"));
        // A whole number beyond i64 is out of range, not a fraction; the one number syntax
        // reads powers.
        assert_eq!(
            ints("1, 99999999999999999999").unwrap_err(),
            "entry 2 is out of range: 99999999999999999999 is too large (beyond 2^63 − 1, the \
             largest number read here)"
        );
        assert_eq!(ints("2^3, −8"), Ok(vec![8, -8]));
        assert!(costs("1, 0").unwrap_err().contains("> 0"));
    }

    #[test]
    fn targets_and_speeds() {
        let t = proportional_targets(&[1.0, 2.0, 1.0], 10).unwrap();
        assert_eq!(t.iter().sum::<i64>(), 10);
        assert_eq!(t, vec![3, 4, 3]);
        let d = delta_from_targets(&[5, 2, 3], &t).unwrap();
        assert_eq!(d, vec![2, -2, 0]);
        assert!(delta_from_targets(&[5, 2], &t).is_err());
    }

    #[test]
    fn rotate_moves_every_vector() {
        let mut r = RingInstance::default();
        r.make_heterogeneous();
        if let Costs::Heterogeneous { cw, .. } = &mut r.costs {
            cw[0] = 7.0;
        }
        let d0 = r.delta[0];
        r.rotate(1);
        assert_eq!(r.delta[1], d0);
        assert_eq!(r.cw(1), 7.0);
    }
}
