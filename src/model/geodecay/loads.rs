//! Per-processor task counts, stored compactly.
//!
//! Proportional and adversarial survivors use a multiset of runs (count, multiplicity) sorted by
//! decreasing count: after a balancing there are at most 2 distinct counts, adversarial decay
//! adds at most one partial count and one idle run, and proportional decay keeps an even spread
//! even. Random survivors need a count per processor (O(p) memory and work per round).

use rand::Rng;

use super::sample::{binomial, hypergeometric};

/// `mult` processors holding `count` tasks each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// Tasks per processor.
    pub count: u64,
    /// Number of processors.
    pub mult: u64,
}

/// Summary of a load vector.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stats {
    /// Total tasks.
    pub total: u64,
    /// Largest per-processor count.
    pub max: u64,
    /// Smallest per-processor count.
    pub min: u64,
}

/// The task counts of p processors.
#[derive(Debug, Clone, PartialEq)]
pub enum Loads {
    /// Runs sorted by strictly decreasing count, multiplicities ≥ 1 summing to p.
    Runs(Vec<Run>),
    /// One count per processor.
    PerProcessor(Vec<u64>),
}

impl Loads {
    /// m tasks spread evenly over p processors, in the compact or per-processor form.
    pub fn balanced(m: u64, p: u64, per_processor: bool) -> Loads {
        let mut l = if per_processor {
            Loads::PerProcessor(vec![0; p as usize])
        } else {
            Loads::Runs(Vec::with_capacity(4))
        };
        l.balance(m, p);
        l
    }

    /// Load balancing: every processor gets ⌊m/p⌋ or ⌈m/p⌉ tasks (m mod p of them the larger).
    pub fn balance(&mut self, m: u64, p: u64) {
        let (a, b) = (m / p, m % p);
        match self {
            Loads::Runs(runs) => {
                runs.clear();
                if b > 0 {
                    runs.push(Run {
                        count: a + 1,
                        mult: b,
                    });
                }
                if p - b > 0 {
                    runs.push(Run {
                        count: a,
                        mult: p - b,
                    });
                }
            }
            Loads::PerProcessor(v) => {
                for (i, x) in v.iter_mut().enumerate() {
                    *x = a + u64::from((i as u64) < b);
                }
            }
        }
    }

    /// Total, maximum and minimum.
    pub fn stats(&self) -> Stats {
        match self {
            Loads::Runs(runs) => Stats {
                total: runs
                    .iter()
                    .map(|r| u128::from(r.count) * u128::from(r.mult))
                    .sum::<u128>() as u64,
                max: runs.first().map_or(0, |r| r.count),
                min: runs.last().map_or(0, |r| r.count),
            },
            Loads::PerProcessor(v) => {
                let (mut total, mut max, mut min) = (0u64, 0u64, u64::MAX);
                for &x in v {
                    total += x;
                    max = max.max(x);
                    min = min.min(x);
                }
                Stats {
                    total,
                    max,
                    min: if v.is_empty() { 0 } else { min },
                }
            }
        }
    }

    /// Number of runs (compact form) or processors (per-processor form).
    pub fn len(&self) -> usize {
        match self {
            Loads::Runs(r) => r.len(),
            Loads::PerProcessor(v) => v.len(),
        }
    }

    /// True when there is no processor (never the case in a run).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The runs (compact form only).
    pub fn runs(&self) -> Option<&[Run]> {
        match self {
            Loads::Runs(r) => Some(r),
            Loads::PerProcessor(_) => None,
        }
    }

    /// Adversarial survivors: keep `to` of the `from` = current total tasks on the most loaded
    /// processors — processors in decreasing order of count keep all their tasks until the
    /// budget runs out; one processor keeps the remainder; the rest become idle.
    /// Requires `to ≤ total` and the compact form.
    pub fn decay_adversarial(&mut self, to: u64) {
        let Loads::Runs(runs) = self else {
            unreachable!("adversarial survivors use the compact form")
        };
        let mut budget = u128::from(to);
        let mut out = Vec::with_capacity(runs.len() + 2);
        let mut idle = 0u64;
        for r in runs.iter() {
            let need = u128::from(r.count) * u128::from(r.mult);
            if r.count == 0 {
                idle += r.mult;
            } else if budget >= need {
                out.push(*r);
                budget -= need;
            } else {
                let c = u128::from(r.count);
                let full = (budget / c) as u64;
                let rem = (budget % c) as u64;
                if full > 0 {
                    out.push(Run {
                        count: r.count,
                        mult: full,
                    });
                }
                let mut left = r.mult - full;
                if rem > 0 {
                    out.push(Run {
                        count: rem,
                        mult: 1,
                    });
                    left -= 1;
                }
                idle += left;
                budget = 0;
            }
        }
        debug_assert_eq!(budget, 0, "adversarial decay asked to grow the load");
        if idle > 0 {
            out.push(Run {
                count: 0,
                mult: idle,
            });
        }
        normalize(&mut out);
        *runs = out;
    }

    /// Proportional survivors: processor i keeps its quota c_i·to/from rounded by the
    /// largest-remainder method (⌊quota⌋ first; the to − Σ⌊quota⌋ leftover tasks go one each to
    /// the processors with the largest fractional parts, ties to the larger count). The total
    /// becomes exactly `to`. Requires `to ≤ from` = current total and the compact form.
    pub fn decay_proportional(&mut self, from: u64, to: u64) {
        let Loads::Runs(runs) = self else {
            unreachable!("proportional survivors use the compact form")
        };
        if from == to {
            return;
        }
        if to == 0 || from == 0 {
            let p = runs.iter().map(|r| r.mult).sum();
            runs.clear();
            runs.push(Run { count: 0, mult: p });
            return;
        }
        let (w, w2) = (u128::from(from), u128::from(to));
        // (floor, remainder numerator, count, mult) per run.
        let mut parts: Vec<(u64, u128, u64, u64)> = runs
            .iter()
            .map(|r| {
                let prod = u128::from(r.count) * w2;
                ((prod / w) as u64, prod % w, r.count, r.mult)
            })
            .collect();
        let floors: u128 = parts
            .iter()
            .map(|&(f, _, _, m)| u128::from(f) * u128::from(m))
            .sum();
        let mut left = (w2 - floors) as u64;
        // Largest remainder first, ties to the larger count (runs are already by count).
        parts.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)));
        let mut out = Vec::with_capacity(parts.len() * 2);
        for &(f, rem, _, m) in &parts {
            let extra = if rem > 0 { left.min(m) } else { 0 };
            left -= extra;
            if extra > 0 {
                out.push(Run {
                    count: f + 1,
                    mult: extra,
                });
            }
            if m > extra {
                out.push(Run {
                    count: f,
                    mult: m - extra,
                });
            }
        }
        debug_assert_eq!(left, 0, "largest-remainder rounding lost tasks");
        normalize(&mut out);
        *runs = out;
    }

    /// Random survivors under deterministic decay: exactly `to` of the `from` tasks survive,
    /// chosen uniformly: processors in index order draw their survivors from a hypergeometric
    /// law given what is left (a sequential multivariate-hypergeometric split).
    /// Requires the per-processor form.
    pub fn decay_random_exact<R: Rng + ?Sized>(&mut self, rng: &mut R, from: u64, to: u64) {
        let Loads::PerProcessor(v) = self else {
            unreachable!("random survivors use the per-processor form")
        };
        let (mut pool, mut keep) = (from, to);
        for x in v.iter_mut() {
            if *x == 0 {
                continue;
            }
            let s = hypergeometric(rng, pool, keep, *x);
            pool -= *x;
            keep -= s;
            *x = s;
        }
        debug_assert_eq!(keep, 0);
    }

    /// Random survivors under randomized decay: every count becomes Binomial(count, q).
    /// Requires the per-processor form.
    pub fn decay_binomial<R: Rng + ?Sized>(&mut self, rng: &mut R, q: f64) {
        let Loads::PerProcessor(v) = self else {
            unreachable!("random survivors use the per-processor form")
        };
        for x in v.iter_mut() {
            if *x > 0 {
                *x = binomial(rng, *x, q);
            }
        }
    }
}

/// Sorts runs by decreasing count, merges equal counts and drops empty runs.
fn normalize(runs: &mut Vec<Run>) {
    runs.retain(|r| r.mult > 0);
    runs.sort_by_key(|r| std::cmp::Reverse(r.count));
    runs.dedup_by(|next, kept| {
        if next.count == kept.count {
            kept.mult += next.mult;
            true
        } else {
            false
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn expand(l: &Loads) -> Vec<u64> {
        match l {
            Loads::Runs(r) => r
                .iter()
                .flat_map(|r| std::iter::repeat_n(r.count, r.mult as usize))
                .collect(),
            Loads::PerProcessor(v) => v.clone(),
        }
    }

    #[test]
    fn balance_spreads_evenly() {
        let l = Loads::balanced(10, 4, false);
        assert_eq!(expand(&l), vec![3, 3, 2, 2]);
        let l = Loads::balanced(10, 4, true);
        assert_eq!(expand(&l), vec![3, 3, 2, 2]);
        let l = Loads::balanced(3, 5, false);
        assert_eq!(expand(&l), vec![1, 1, 1, 0, 0]);
        assert_eq!(
            l.stats(),
            Stats {
                total: 3,
                max: 1,
                min: 0
            }
        );
    }

    #[test]
    fn adversarial_keeps_survivors_on_the_fullest() {
        let mut l = Loads::balanced(10, 4, false); // 3 3 2 2
        l.decay_adversarial(5); // 3 2 0 0
        assert_eq!(expand(&l), vec![3, 2, 0, 0]);
        l.decay_adversarial(4); // 3 1 0 0
        assert_eq!(expand(&l), vec![3, 1, 0, 0]);
        l.decay_adversarial(2); // 2 0 0 0
        assert_eq!(expand(&l), vec![2, 0, 0, 0]);
        l.decay_adversarial(0);
        assert_eq!(expand(&l), vec![0, 0, 0, 0]);
    }

    #[test]
    fn proportional_is_exact_and_stays_even() {
        let mut l = Loads::balanced(1001, 7, false);
        let mut total = 1001;
        for to in [700u64, 351, 350, 100, 99, 13, 6, 1, 0] {
            l.decay_proportional(total, to);
            total = to;
            let s = l.stats();
            assert_eq!(s.total, to);
            assert!(s.max - s.min <= 1, "{:?}", expand(&l));
            assert_eq!(s.max, to.div_ceil(7));
        }
        // Uneven input: quotas 6·(5/9)=3.33, 3·(5/9)=1.67 → 3 and 2 (remainder 0.67 wins).
        let mut l = Loads::Runs(vec![Run { count: 6, mult: 1 }, Run { count: 3, mult: 1 }]);
        l.decay_proportional(9, 5);
        assert_eq!(expand(&l), vec![3, 2]);
    }

    #[test]
    fn random_exact_conserves_the_total() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut l = Loads::balanced(100_000, 1000, true);
        let mut total = 100_000;
        for to in [50_000u64, 20_000, 19_999, 500, 3, 0] {
            let before = expand(&l);
            l.decay_random_exact(&mut rng, total, to);
            total = to;
            assert_eq!(l.stats().total, to);
            assert!(expand(&l).iter().zip(&before).all(|(a, b)| a <= b));
        }
    }
}
