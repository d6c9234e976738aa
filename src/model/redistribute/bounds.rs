//! Lower bounds and running-time formulas of Sections 3–5, all in O(n) through prefix sums.
//!
//! With the inclusive prefix sums T_j = δ_0 + … + δ_j (0-based, T_{n−1} = Σδ = 0), the
//! circular slice of entries a + 1, …, b (mod n, a ≠ b) has unbalance T_b − T_a; the slice
//! C_{k,l} of the paper (entries k..=l, 0-based) has unbalance T_l − T_{k−1}. Every proper
//! slice is such a pair, so the largest |δ_{k,l}| over all slices is max T − min T.
//!
//! Every function expects Σδ = 0 (Section 2); costs are read with [`RingInstance::cw`], the
//! links P_i → P_{i+1} of a unidirectional ring.

use super::instance::{Direction, RingInstance};
use super::lemma12::lemma12;

/// Inclusive prefix sums T_j = δ_0 + … + δ_j (see the module doc).
pub fn prefix_sums(delta: &[i64]) -> Vec<i64> {
    delta
        .iter()
        .scan(0i64, |s, &d| {
            *s += d;
            Some(*s)
        })
        .collect()
}

/// (first index of min T, min T, first index of max T, max T); (0, 0, 0, 0) for an empty ring.
pub(crate) fn extremes(t: &[i64]) -> (usize, i64, usize, i64) {
    if t.is_empty() {
        return (0, 0, 0, 0);
    }
    let (mut imin, mut imax) = (0, 0);
    for (j, &x) in t.iter().enumerate() {
        if x < t[imin] {
            imin = j;
        }
        if x > t[imax] {
            imax = j;
        }
    }
    (imin, t[imin], imax, t[imax])
}

/// Lemma 1: max over all slices of |δ_{k,k+l}| (the bound is this times c). Equals
/// max T − min T.
pub fn lemma1(delta: &[i64]) -> i64 {
    let (_, lo, _, hi) = extremes(&prefix_sums(delta));
    hi - lo
}

/// Step 2 of Algorithms 1 and 2: a slice C_{start,end} (0-based, inclusive, circular) of
/// maximal unbalance, returned as `(start, end, δ_{start,end})` with δ_{start,end} = Lemma 1's
/// value.
///
/// Deterministic choice: start − 1 is the first index where T is minimal and end the first
/// index where T is maximal (so δ_{start,start+l} = T_{start+l} − min T ≥ 0 for every l).
/// When δ = 0 everywhere, start − 1 = end = 0 and the "slice" is the whole ring (unbalance 0).
pub fn max_slice(delta: &[i64]) -> (usize, usize, i64) {
    let n = delta.len();
    if n == 0 {
        return (0, 0, 0);
    }
    let (imin, lo, imax, hi) = extremes(&prefix_sums(delta));
    ((imin + 1) % n, imax, hi - lo)
}

/// Step 2 and the amounts of Algorithms 1 and 2: `(v, start)` with `v[i]` = δ_{start,i}, the
/// number of items P_i sends to P_{i+1} (0-based entries; `v[i]` = T_i − min T ≥ 0), and start
/// from [`max_slice`].
pub fn start_amounts(delta: &[i64]) -> (Vec<i64>, usize) {
    let t = prefix_sums(delta);
    let lo = t.iter().copied().min().unwrap_or(0);
    let (start, _, _) = max_slice(delta);
    (t.iter().map(|&x| x - lo).collect(), start)
}

/// Theorem 2's lower bound exactly as printed: max over k, l of |δ_{k,k+l}| · c_{k+l,k+l+1}.
///
/// For a negative slice this charges the link leaving its last processor, which the slice's
/// items never use (they enter through P_{k−1} → P_k): the printed value can exceed the
/// optimal time, so it is *not* a lower bound (see the findings in the module doc of
/// [`super`]); [`theorem2_corrected`] is the valid bound.
pub fn theorem2_printed(inst: &RingInstance) -> f64 {
    let t = prefix_sums(&inst.delta);
    let (_, lo, _, hi) = extremes(&t);
    t.iter()
        .enumerate()
        .map(|(e, &te)| (te - lo).max(hi - te) as f64 * inst.cw(e))
        .fold(0.0, f64::max)
}

/// Theorem 2's bound with the right link for negative slices: a positive slice C_{k,e}
/// sends δ_{k,e} items through P_e → P_{e+1}, a negative slice C_{k,e} receives |δ_{k,e}|
/// items through P_{k−1} → P_k. A negative slice's complement is a positive slice ending at
/// P_{k−1} with the same |δ|, so this is max over positive slices of δ_{k,e} · c_{e,e+1}
/// = max_e (T_e − min T) · c_{e,e+1}.
pub fn theorem2_corrected(inst: &RingInstance) -> f64 {
    let t = prefix_sums(&inst.delta);
    let (_, lo, _, _) = extremes(&t);
    t.iter()
        .enumerate()
        .map(|(e, &te)| (te - lo) as f64 * inst.cw(e))
        .fold(0.0, f64::max)
}

/// The slice that attains the unidirectional lower bound: `(start, end, δ_{start,end}, cost)`
/// (0-based, inclusive, circular) with δ_{start,end} · cost = [`theorem2_corrected`] (on a
/// homogeneous ring, Lemma 1's c · max|δ_{k,l}|): start − 1 is the first index of min T, end
/// the first e maximising (T_e − min T) · c_{e,e+1}, whose link c_{e,e+1} = `cost` carries
/// the slice's surplus out. None for an empty ring.
pub fn binding_slice(inst: &RingInstance) -> Option<(usize, usize, i64, f64)> {
    let n = inst.n();
    if n == 0 {
        return None;
    }
    let t = prefix_sums(&inst.delta);
    let (imin, lo, _, _) = extremes(&t);
    let mut best = (imin, 0i64, 0.0f64);
    for (e, &te) in t.iter().enumerate() {
        let v = (te - lo) as f64 * inst.cw(e);
        if v > best.2 {
            best = (e, te - lo, v);
        }
    }
    let (end, d, _) = best;
    Some(((imin + 1) % n, end, d, inst.cw(end)))
}

/// Lemma 5: the running time of Algorithm 2, max_l δ_{start,start+l} · c_{start+l,start+l+1}
/// with `start` from [`max_slice`].
pub fn lemma5(inst: &RingInstance) -> f64 {
    let n = inst.n();
    if n == 0 {
        return 0.0;
    }
    let (start, _, _) = max_slice(&inst.delta);
    let mut acc = 0i64;
    let mut best = 0.0f64;
    for l in 0..n {
        let i = (start + l) % n;
        acc += inst.delta[i];
        best = best.max(acc as f64 * inst.cw(i));
    }
    best
}

/// Lemma 6 in rounds (the bound is this times c): max{max_i |δ_i|, max over non-trivial
/// slices ⌈|δ_{i,i+l}|/2⌉}. The slice maximum is ⌈(max T − min T)/2⌉ (single processors and
/// the whole ring never raise it above the first term).
pub fn lemma6_rounds(delta: &[i64]) -> i64 {
    let single = delta.iter().map(|d| d.abs()).max().unwrap_or(0);
    single.max((lemma1(delta) + 1) / 2)
}

/// A lower bound of the paper evaluated on the instance.
#[derive(Debug, Clone, PartialEq)]
pub struct Bound {
    /// Where it comes from ("Lemma 1", …).
    pub name: &'static str,
    /// Its value (time units).
    pub value: f64,
    /// Whether it is a valid lower bound for this ring type.
    pub applies: bool,
    /// One-line explanation.
    pub note: &'static str,
}

/// Every bound for the instance; `applies` follows the ring type.
pub fn all_bounds(inst: &RingInstance) -> Vec<Bound> {
    let uni = inst.direction == Direction::Uni;
    let mut out = Vec::new();
    if let Some(c) = inst.uniform_cost() {
        out.push(Bound {
            name: "Lemma 1",
            value: lemma1(&inst.delta) as f64 * c,
            applies: uni,
            note: "max slice |δ_{k,l}| · c (homogeneous unidirectional)",
        });
        out.push(Bound {
            name: "Lemma 6",
            value: lemma6_rounds(&inst.delta) as f64 * c,
            applies: !uni,
            note: "max{max|δ_i|, max ⌈|δ_{k,l}|/2⌉} · c (homogeneous bidirectional)",
        });
    }
    out.push(Bound {
        name: "Theorem 2 (corrected)",
        value: theorem2_corrected(inst),
        applies: uni,
        note: "max over positive slices δ_{k,l} · c_{l,l+1} (unidirectional)",
    });
    out.push(Bound {
        name: "Theorem 2 (as printed)",
        value: theorem2_printed(inst),
        applies: false,
        note: "|δ_{k,l}| · c_{l,l+1} for every slice: not a valid bound for negative slices",
    });
    if !uni {
        out.push(Bound {
            name: "Lemma 12",
            value: lemma12(inst),
            applies: true,
            note: "singles and split slices with per-link costs (bidirectional)",
        });
    }
    out
}

/// The largest bound of [`all_bounds`] that applies to the ring type ([`best_bound`] of
/// them), computing only those: Lemma 1 and Theorem 2 (corrected) on a unidirectional ring,
/// Lemma 6 and Lemma 12 on a bidirectional one (Lemmas 1 and 6 on homogeneous rings only).
///
/// On a homogeneous bidirectional ring Lemma 12 is never above Lemma 6 (its terms are
/// |δ_k| · c and min_i max(i, |δ_{k,l}| − i) · c = ⌈|δ_{k,l}|/2⌉ · c, the same integers
/// times the same c), so its O(n²) slices are skipped there: the maximum is Lemma 6's.
pub fn best_applicable_bound(inst: &RingInstance) -> f64 {
    let uni = inst.direction == Direction::Uni;
    let mut best = 0.0f64;
    if let Some(c) = inst.uniform_cost() {
        let rounds = if uni {
            lemma1(&inst.delta)
        } else {
            lemma6_rounds(&inst.delta)
        };
        best = best.max(rounds as f64 * c);
        if !uni {
            return best;
        }
    }
    if uni {
        best.max(theorem2_corrected(inst))
    } else {
        best.max(lemma12(inst))
    }
}

/// The largest applicable bound.
pub fn best_bound(bounds: &[Bound]) -> f64 {
    bounds
        .iter()
        .filter(|b| b.applies)
        .map(|b| b.value)
        .fold(0.0, f64::max)
}

#[cfg(test)]
mod tests {
    use super::super::instance::{Costs, Direction};
    use super::*;

    /// Brute force over every (k, l) of the paper's formulas.
    fn slices(delta: &[i64]) -> Vec<(usize, usize, i64)> {
        let n = delta.len();
        let mut out = Vec::new();
        for k in 0..n {
            let mut s = 0;
            for l in 0..n {
                s += delta[(k + l) % n];
                out.push((k, l, s));
            }
        }
        out
    }

    fn inst(delta: Vec<i64>, cw: Vec<f64>) -> RingInstance {
        let mut r = RingInstance::homogeneous(delta, Direction::Uni, 1.0);
        r.costs = Costs::Heterogeneous {
            ccw: cw.clone(),
            cw,
        };
        r
    }

    #[test]
    fn closed_forms_match_brute_force() {
        let cases: [(&[i64], &[f64]); 4] = [
            (&[3, -1, 2, 0, -4, 1, 2, -2, 0, 1, -3, 1], &[1.0; 12]),
            (&[1, -1, 0], &[1.0, 100.0, 1.0]),
            (&[-2, 5, -1, -2], &[3.0, 1.0, 7.0, 2.0]),
            (&[0, 0], &[1.0, 2.0]),
        ];
        for (delta, cw) in cases {
            let n = delta.len();
            let r = inst(delta.to_vec(), cw.to_vec());
            let all = slices(delta);
            let l1 = all.iter().map(|s| s.2.abs()).max().unwrap();
            assert_eq!(lemma1(delta), l1);
            let printed = all
                .iter()
                .map(|&(k, l, s)| s.abs() as f64 * cw[(k + l) % n])
                .fold(0.0, f64::max);
            assert_eq!(theorem2_printed(&r), printed);
            let corrected = all
                .iter()
                .map(|&(k, l, s)| {
                    let link = if s >= 0 { (k + l) % n } else { (k + n - 1) % n };
                    s.abs() as f64 * cw[link]
                })
                .fold(0.0, f64::max);
            assert_eq!(theorem2_corrected(&r), corrected);
            assert_eq!(lemma5(&r), corrected);
            let l6 = all
                .iter()
                .map(|&(_, l, s)| if l == 0 { s.abs() } else { (s.abs() + 1) / 2 })
                .max()
                .unwrap();
            assert_eq!(lemma6_rounds(delta), l6);
            let (start, end, v) = max_slice(delta);
            let len = (end + n - start) % n;
            let s: i64 = (0..=len).map(|l| delta[(start + l) % n]).sum();
            assert_eq!((s, v), (l1, l1));
        }
    }

    #[test]
    fn printed_theorem2_exceeds_the_optimum() {
        // P1 sends one item to P2 over c_{1,2} = 1; the printed bound charges δ_2 = −1 to
        // c_{2,3} = 100.
        let r = inst(vec![1, -1, 0], vec![1.0, 100.0, 1.0]);
        assert_eq!(theorem2_printed(&r), 100.0);
        assert_eq!(theorem2_corrected(&r), 1.0);
        assert_eq!(lemma5(&r), 1.0);
    }

    #[test]
    fn binding_slice_attains_the_unidirectional_bound() {
        let hom = RingInstance {
            loads: vec![2, 1, 3, 3, 1],
            delta: vec![1, -3, 2, 2, -2],
            direction: Direction::Uni,
            costs: Costs::Homogeneous(1.0),
        };
        // T = 1, −2, 0, 2, 0: C_{3,4} (0-based 2..=3) holds the surplus 4 = Lemma 1.
        assert_eq!(binding_slice(&hom), Some((2, 3, 4, 1.0)));
        assert_eq!(lemma1(&hom.delta), 4);
        let het = RingInstance {
            costs: Costs::Heterogeneous {
                cw: vec![1.0, 1.0, 1.0, 1.0, 10.0],
                ccw: vec![1.0; 5],
            },
            ..hom
        };
        // (T_e − min T)·c_e: 3, 0, 2, 4, 20 → the slice 2..=4 (δ = 2) over the costly link.
        let (a, b, d, c) = binding_slice(&het).unwrap();
        assert_eq!((a, b, d, c), (2, 4, 2, 10.0));
        assert_eq!(d as f64 * c, theorem2_corrected(&het));
    }
}
