//! Lemma 12 (System 11): the lower bound on the optimal redistribution time of a heterogeneous
//! bidirectional ring, with the term attaining it. It is never above System 6's integer
//! optimum ([`super::system6`]), which is itself a lower bound for every schedule, and can be
//! strictly below it: Lemma 12 is not tight (see the findings in [`super`]).

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::instance::RingInstance;
use super::system6::Ring;

/// Which term of Lemma 12 attains the bound.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Lemma12Term {
    /// δ_k·min(c_{k,k−1}, c_{k,k+1}) for a sender P_k (0-based k).
    Sender {
        /// 0-based processor.
        k: usize,
    },
    /// −δ_k·min(c_{k−1,k}, c_{k+1,k}) for a receiver P_k.
    Receiver {
        /// 0-based processor.
        k: usize,
    },
    /// A slice C_{k,k+l} (1 ≤ l ≤ n − 2) with δ_{k,k+l} > 0 sending through both ends;
    /// `left` items leave through P_k → P_{k−1}.
    PositiveSlice {
        /// 0-based first processor.
        k: usize,
        /// The slice has l + 1 processors.
        l: usize,
        /// The optimal i.
        left: i64,
    },
    /// A slice with δ_{k,k+l} < 0 receiving through both ends; `left` items enter through
    /// P_{k−1} → P_k.
    NegativeSlice {
        /// 0-based first processor.
        k: usize,
        /// The slice has l + 1 processors.
        l: usize,
        /// The optimal i.
        left: i64,
    },
    /// Every δ is 0.
    None,
}

/// Lemma 12's bound with the term attaining it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lemma12 {
    /// The bound on τ.
    pub value: f64,
    /// The term that attains it (the first found in the order of System 11).
    pub term: Lemma12Term,
}

/// min over integers i in [0, d] of max(i·a, (d − i)·b), with the minimising i.
fn split(d: i64, a: f64, b: f64) -> (f64, i64) {
    let star = (d as f64 * b / (a + b)).floor() as i64;
    let mut best = (f64::INFINITY, 0);
    for i in [star - 1, star, star + 1] {
        let i = i.clamp(0, d);
        let v = (i as f64 * a).max((d - i) as f64 * b);
        if v < best.0 {
            best = (v, i);
        }
    }
    best
}

/// Lemma 12's single-processor term of P_k.
fn lemma12_single(inst: &RingInstance, ring: &Ring, k: usize) -> Lemma12 {
    let dk = inst.delta[k];
    let (prev, next) = (ring.prev(k), ring.next(k));
    if dk > 0 {
        Lemma12 {
            value: dk as f64 * ring.ccw[k].min(ring.cw[k]),
            term: Lemma12Term::Sender { k },
        }
    } else if dk < 0 {
        Lemma12 {
            value: (-dk) as f64 * ring.cw[prev].min(ring.ccw[next]),
            term: Lemma12Term::Receiver { k },
        }
    } else {
        Lemma12 {
            value: 0.0,
            term: Lemma12Term::None,
        }
    }
}

/// The best slice term C_{k,k+l} (1 ≤ l ≤ n − 2) for one first processor k. A slice whose
/// value cannot reach `floor` (a value some other term attains) is skipped: its value is at
/// most |δ_{k,k+l}|·min(a, b) (all items through the cheaper end). Exact for every slice whose
/// value is ≥ `floor`; `floor` only rises.
fn lemma12_slices(inst: &RingInstance, ring: &Ring, k: usize, floor: &AtomicU64) -> Lemma12 {
    let n = ring.n();
    let mut best = Lemma12 {
        value: 0.0,
        term: Lemma12Term::None,
    };
    let (a_pos, a_neg) = (ring.ccw[k], ring.cw[ring.prev(k)]);
    let mut bound = f64::from_bits(floor.load(Ordering::Relaxed));
    let mut sum = inst.delta[k];
    let mut end = k;
    for l in 1..n.saturating_sub(1) {
        end = ring.next(end);
        sum += inst.delta[end];
        let (d, a, b) = if sum > 0 {
            (sum, a_pos, ring.cw[end])
        } else {
            (-sum, a_neg, ring.ccw[ring.next(end)])
        };
        if (d as f64) * a.min(b) < bound || d == 0 {
            continue;
        }
        let (v, i) = split(d, a, b);
        if v > best.value {
            best = Lemma12 {
                value: v,
                term: if sum > 0 {
                    Lemma12Term::PositiveSlice { k, l, left: i }
                } else {
                    Lemma12Term::NegativeSlice { k, l, left: i }
                },
            };
            // Values are ≥ 0, so their bit patterns order like the values.
            let old = floor.fetch_max(v.to_bits(), Ordering::Relaxed);
            bound = f64::from_bits(old).max(v);
        }
    }
    best
}

/// Lemma 12 (System 11): the lower bound on the optimal redistribution time of a heterogeneous
/// bidirectional ring, with the term attaining it (the first in the order singles, then slices
/// by first processor k and length l). O(n²) in the worst case, parallel over k; slices that
/// cannot beat the best term found so far are skipped in O(1).
pub fn lemma12_witness(inst: &RingInstance) -> Lemma12 {
    let ring = Ring::new(inst);
    let n = ring.n();
    let pick = |a: Lemma12, b: Lemma12| if b.value > a.value { b } else { a };
    let none = Lemma12 {
        value: 0.0,
        term: Lemma12Term::None,
    };
    let singles = (0..n)
        .map(|k| lemma12_single(inst, &ring, k))
        .fold(none, pick);
    // Slices strictly below the best single cannot matter; ties are kept so that the first
    // maximum in (k, l) order is found whatever order the threads run in.
    let floor = AtomicU64::new(singles.value.to_bits());
    let slices: Vec<Lemma12> = if n < 256 {
        (0..n)
            .map(|k| lemma12_slices(inst, &ring, k, &floor))
            .collect()
    } else {
        (0..n)
            .into_par_iter()
            .map(|k| lemma12_slices(inst, &ring, k, &floor))
            .collect()
    };
    slices.into_iter().fold(singles, pick)
}

/// Lemma 12's lower bound on τ:
///
/// max { δ_k·min(c_{k,k−1}, c_{k,k+1}) (δ_k > 0), −δ_k·min(c_{k−1,k}, c_{k+1,k}) (δ_k < 0),
/// min_{0 ≤ i ≤ δ_{k,k+l}} max(i·c_{k,k−1}, (δ_{k,k+l} − i)·c_{k+l,k+l+1}) (δ_{k,k+l} > 0),
/// min_{0 ≤ i ≤ −δ_{k,k+l}} max(i·c_{k−1,k}, (−δ_{k,k+l} − i)·c_{k+l+1,k+l}) (δ_{k,k+l} < 0) },
/// slices with 1 ≤ l ≤ n − 2. Every integer net-flow solution has τ(x) ≥ this bound, so
/// `lemma12(inst) ≤ solve_system6(inst).tau_int`.
pub fn lemma12(inst: &RingInstance) -> f64 {
    lemma12_witness(inst).value
}

#[cfg(test)]
mod tests {
    use super::super::editing::fix_sum;
    use super::super::instance::Costs;
    use super::*;

    #[test]
    fn split_is_exact() {
        for d in 0..30 {
            for (a, b) in [(1.0, 1.0), (2.0, 3.0), (7.0, 1.0), (0.5, 4.0)] {
                let brute = (0..=d)
                    .map(|i| (i as f64 * a).max((d - i) as f64 * b))
                    .fold(f64::INFINITY, f64::min);
                assert_eq!(split(d, a, b).0, brute, "d = {d}, a = {a}, b = {b}");
            }
        }
    }

    /// System 11 term by term, without pruning.
    fn lemma12_naive(inst: &RingInstance) -> f64 {
        let n = inst.n();
        let c = |f: usize, t: usize| inst.cost(f, t);
        let m = |i: usize| i % n;
        let mut best = 0.0f64;
        for k in 0..n {
            let d = inst.delta[k];
            if d > 0 {
                best = best.max(d as f64 * c(k, m(k + n - 1)).min(c(k, m(k + 1))));
            }
            if d < 0 {
                best = best.max(-d as f64 * c(m(k + n - 1), k).min(c(m(k + 1), k)));
            }
            for l in 1..n - 1 {
                let d: i64 = (0..=l).map(|j| inst.delta[m(k + j)]).sum();
                let (a, b) = if d > 0 {
                    (c(k, m(k + n - 1)), c(m(k + l), m(k + l + 1)))
                } else {
                    (c(m(k + n - 1), k), c(m(k + l + 1), m(k + l)))
                };
                let d = d.abs();
                let v = (0..=d)
                    .map(|i| (i as f64 * a).max((d - i) as f64 * b))
                    .fold(f64::INFINITY, f64::min);
                best = best.max(v);
            }
        }
        best
    }

    #[test]
    fn lemma12_pruning_and_parallelism_are_exact() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        for case in 0..60 {
            let n = if case < 50 { 2 + case % 13 } else { 260 + case };
            let mut delta: Vec<i64> = (0..n).map(|_| rng.random_range(-5..=5)).collect();
            fix_sum(&mut delta);
            let cw = (0..n).map(|_| rng.random_range(1..=10) as f64).collect();
            let ccw = (0..n)
                .map(|_| rng.random_range(1..=10) as f64 / 2.0)
                .collect();
            let inst = RingInstance::bidirectional(delta, Costs::Heterogeneous { cw, ccw });
            let w = lemma12_witness(&inst);
            assert_eq!(w.value, lemma12_naive(&inst), "{inst:?}");
            assert_eq!(w, lemma12_witness(&inst));
            // The witness attains the value.
            let m = |i: usize| i % n;
            let slice = |k: usize, l: usize| (0..=l).map(|j| inst.delta[m(k + j)]).sum::<i64>();
            let v = match w.term {
                Lemma12Term::Sender { k } => {
                    inst.delta[k] as f64 * inst.cost(k, m(k + n - 1)).min(inst.cost(k, m(k + 1)))
                }
                Lemma12Term::Receiver { k } => {
                    -inst.delta[k] as f64 * inst.cost(m(k + n - 1), k).min(inst.cost(m(k + 1), k))
                }
                Lemma12Term::PositiveSlice { k, l, left } => {
                    let d = slice(k, l);
                    (left as f64 * inst.cost(k, m(k + n - 1)))
                        .max((d - left) as f64 * inst.cost(m(k + l), m(k + l + 1)))
                }
                Lemma12Term::NegativeSlice { k, l, left } => {
                    let d = -slice(k, l);
                    (left as f64 * inst.cost(m(k + n - 1), k))
                        .max((d - left) as f64 * inst.cost(m(k + l + 1), m(k + l)))
                }
                Lemma12Term::None => 0.0,
            };
            assert_eq!(v, w.value, "{w:?}");
        }
    }
}
