//! Algorithm P.Y (the 2-approximation the paper compares against) and the two baselines.
//!
//! Choices the paper leaves open, fixed here:
//! * S = the K = ⌊τ + 1⌋ = ⌊τ⌋ + 1 nodes closest to the root: the full top levels (depths
//!   0..d − 1, 2^d − 1 nodes) and, on a partial level d, the r = K − (2^d − 1) **leftmost**
//!   nodes of that level.
//! * Processor 0 runs S in the order that minimises its finishing time given when the
//!   external results arrive: by nondecreasing release time adjusted for precedence
//!   (r'(v) = max over predecessors of r'(child) + 1 inside S, T_PY(h) + τ for an external
//!   child of height h; 0 for a leaf), which is optimal for one processor with unit tasks,
//!   release times and precedence. Ties are broken by heap number, largest first (they never
//!   matter: a predecessor's adjusted release is strictly smaller).
//! * Every tree of T_n − S is scheduled recursively on its own, fresh processors.
//!
//! Under these choices T_PY(n) = max over release groups g of (r_g + #{nodes of S with
//! r' ≥ r_g}), computed from the at most 3d + 1 distinct adjusted releases of S.

use super::params::Direction;
use super::schedule::{MATERIAL_N_MAX, Schedule, one_processor_order};

/// K = ⌊τ + 1⌋, the size of P.Y's clusters.
pub fn py_cluster_size(tau: f64) -> u64 {
    (tau + 1.0).floor() as u64
}

/// T_PY(h) for h = 1..=n (index h − 1), by the recurrence.
pub fn py_makespans(n: u32, tau: f64) -> Vec<f64> {
    let k = py_cluster_size(tau);
    let mut t: Vec<f64> = vec![0.0; n as usize + 1]; // t[h]
    for h in 1..=n {
        // The whole tree fits in one cluster.
        if h < 64 && (1u64 << h) - 1 <= k {
            t[h as usize] = ((1u64 << h) - 1) as f64;
            continue;
        }
        // d full levels (d < h), r nodes on level d.
        let d = 63 - (k + 1).leading_zeros();
        let r = k - ((1u64 << d) - 1);
        let a = if h - d > 1 {
            t[(h - d - 1) as usize] + tau
        } else {
            0.0
        };
        let b = t[(h - d) as usize] + tau;
        let mut groups: Vec<(f64, u64)> = vec![(a, r)];
        for e in 0..d {
            let span = 1u64 << (d - e);
            let pure = r / span;
            let straddle = u64::from(!r.is_multiple_of(span));
            let rest = (1u64 << e) - pure - straddle;
            let off = (d - 1 - e) as f64;
            groups.push((a + 1.0 + off, pure));
            groups.push((b.max(a + 1.0) + off, straddle));
            groups.push((b + off, rest));
        }
        groups.retain(|g| g.1 > 0);
        groups.sort_by(|x, y| x.0.total_cmp(&y.0));
        let mut after = 0u64;
        let mut best = 0.0f64;
        for g in groups.iter().rev() {
            after += g.1;
            best = best.max(g.0 + after as f64);
        }
        t[h as usize] = best;
    }
    t[1..].to_vec()
}

/// T_PY(n).
pub fn py_makespan(n: u32, tau: f64) -> f64 {
    py_makespans(n, tau)[n as usize - 1]
}

/// Baseline: everything on one processor, 2^n − 1 (an f64; exact for n ≤ 53).
pub fn one_processor_makespan(n: u32) -> f64 {
    2f64.powi(n as i32) - 1.0
}

/// Baseline: one processor per node, every edge pays τ: (n − 1)(1 + τ) + 1.
pub fn processor_per_node_makespan(n: u32, tau: f64) -> f64 {
    (n - 1) as f64 * (1.0 + tau) + 1.0
}

/// The explicit P.Y schedule (n ≤ [`MATERIAL_N_MAX`]), with the choices of the module
/// documentation; `None` for larger n.
pub fn py_schedule(n: u32, tau: f64) -> Option<Schedule> {
    if n == 0 || n > MATERIAL_N_MAX {
        return None;
    }
    let total = (1u64 << n) - 1;
    let mut s = Schedule {
        n,
        tau,
        direction: Direction::Up,
        processor: vec![0; total as usize + 1],
        start: vec![0.0; total as usize + 1],
    };
    let mut next_proc = 0u64;
    py_rec(1, n, py_cluster_size(tau), &mut s, &mut next_proc);
    Some(s)
}

fn py_rec(root: u64, h: u32, k: u64, s: &mut Schedule, next_proc: &mut u64) {
    let total = (1u64 << s.n) - 1;
    let tau = s.tau;
    // S: the first k nodes of T(root) in breadth-first, left-to-right order.
    let mut members = Vec::new();
    'levels: for e in 0..h {
        for q in 0..(1u64 << e) {
            if members.len() as u64 == k {
                break 'levels;
            }
            members.push((root << e) + q);
        }
    }
    let inside = |v: u64, members: &[u64]| members.binary_search(&v).is_ok();
    let mut sorted = members.clone();
    sorted.sort_unstable();
    // S's processor is numbered before the trees below it: the root's cluster runs on
    // processor 0, as the module says (numbered after them, it was the last processor).
    let p0 = *next_proc;
    *next_proc += 1;
    // External trees first (their finishing times are the release times).
    for &v in &members {
        if 2 * v <= total {
            for c in [2 * v, 2 * v + 1] {
                if !inside(c, &sorted) {
                    let hc = h - (63 - c.leading_zeros() - (63 - root.leading_zeros()));
                    py_rec(c, hc, k, s, next_proc);
                }
            }
        }
    }
    let mut release = std::collections::HashMap::new();
    for &v in members.iter().rev() {
        let mut r = 0.0f64;
        if 2 * v <= total {
            for c in [2 * v, 2 * v + 1] {
                r = r.max(match release.get(&c) {
                    Some(&rc) => rc + 1.0,
                    None => s.start[c as usize] + 1.0 + tau,
                });
            }
        }
        release.insert(v, r);
    }
    let items = members.iter().map(|&v| (v, release[&v])).collect();
    for (v, st) in one_processor_order(items) {
        s.processor[v as usize] = p0;
        s.start[v as usize] = st;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_hand() {
        // τ = 1.5, K = 2: T_2 = root + left leaf on processor 0, right leaf elsewhere:
        // leaf at 0, root waits for 1 + 1.5.
        assert_eq!(py_makespans(2, 1.5), vec![1.0, 3.5]);
        // τ = 6, K = 7 = T_3: one processor.
        assert_eq!(py_makespans(3, 6.0), vec![1.0, 3.0, 7.0]);
        // τ = 6, n = 4: S = the top 3 levels, 8 external leaves arrive at 1 + 6 = 7, then the
        // 7 nodes of S run back to back: 14.
        assert_eq!(py_makespan(4, 6.0), 14.0);
        assert_eq!(py_cluster_size(6.9), 7);
        assert_eq!(one_processor_makespan(10), 1023.0);
        assert_eq!(processor_per_node_makespan(3, 2.5), 8.0);
    }

    #[test]
    fn the_roots_cluster_runs_on_processor_0() {
        // τ = 128, n = 10: S is the K = 129 nodes closest to the root, all on processor 0,
        // and no node outside S is.
        let s = py_schedule(10, 128.0).unwrap();
        let on_0: Vec<usize> = (1..s.processor.len())
            .filter(|&k| s.processor[k] == 0)
            .collect();
        assert_eq!(on_0.len(), 129);
        // Breadth-first: the top 7 levels (127 nodes) and the two leftmost of level 7.
        assert_eq!(on_0, (1..=129).collect::<Vec<_>>());
    }

    #[test]
    fn explicit_schedule_matches_for_partial_levels() {
        for &tau in &[1.5, 2.0, 3.7, 5.0, 9.9, 20.0] {
            for n in 1..=12 {
                let s = py_schedule(n, tau).unwrap();
                assert_eq!(s.check(), Ok(()));
                assert!(
                    (s.makespan() - py_makespan(n, tau)).abs() < 1e-9,
                    "n {n} τ {tau}"
                );
            }
        }
        assert!(py_schedule(21, 2.0).is_none());
    }
}
