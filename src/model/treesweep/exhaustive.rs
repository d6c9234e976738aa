//! Exhaustive optimum for small trees (n ≤ [`EXHAUSTIVE_N_MAX`]), independent of the paper's
//! structural lemmas.
//!
//! With unboundedly many processors and no recomputation, an optimal schedule is described by
//! its top cluster C (the nodes whose path to the root has no communication edge — a connected
//! set containing the root, all on the root's processor): giving every other subtree its own
//! fresh processors never delays anything, and such a subtree T(u) of height h is best
//! scheduled optimally (it then finishes at OPT(h), its result arrives at OPT(h) + τ); running
//! anything else on the root's processor only takes its time. What remains is one processor
//! running the unit tasks of C with release times and in-tree precedence, solved exactly by
//! executing in nondecreasing order of precedence-adjusted release times. So
//! OPT(n) = min over all C of that single-processor makespan, with OPT(h) for h < n computed
//! the same way — every root-containing connected set is examined (458 329 for n = 5), up to
//! mirror images: swapping a node's two subtrees maps T_n onto itself and changes no release
//! time, so one cluster of each mirror class is evaluated (2 278 for n = 5), counted as many
//! times as its class has members. The tests compare this with every cluster, one by one.

use super::finegrain::le;

/// Largest height a run searches exhaustively: n = 6 has 2.1·10^11 top clusters in 2.6·10^6
/// mirror classes, about a second's work (the tests search it).
pub const EXHAUSTIVE_N_MAX: u32 = 5;

/// The result of the exhaustive search for one height.
#[derive(Debug, Clone, PartialEq)]
pub struct Exhaustive {
    /// OPT(h) for h = 1..=n (index h − 1).
    pub opt: Vec<f64>,
    /// Top clusters enumerated for T_n.
    pub clusters: u64,
    /// How many of them reach OPT(n) (within the time tolerance).
    pub optimal_clusters: u64,
    /// Size of the smallest optimal top cluster.
    pub min_optimal_size: u32,
    /// Size of the largest optimal top cluster.
    pub max_optimal_size: u32,
    /// One optimal top cluster, as a bit mask over heap numbers (bit k = node k).
    pub best_mask: u64,
}

/// Exhaustive optimum for T_1..T_n; `None` if n is 0 or above [`EXHAUSTIVE_N_MAX`].
pub fn exhaustive(n: u32, tau: f64) -> Option<Exhaustive> {
    if n == 0 || n > EXHAUSTIVE_N_MAX {
        return None;
    }
    let mut opt = Vec::new();
    let mut last = None;
    for h in 1..=n {
        let r = search(h, tau, &opt);
        opt.push(r.0);
        last = Some(r);
    }
    let (_, clusters, optimal_clusters, min_s, max_s, best_mask) = last?;
    Some(Exhaustive {
        opt,
        clusters,
        optimal_clusters,
        min_optimal_size: min_s,
        max_optimal_size: max_s,
        best_mask,
    })
}

/// Single-processor makespan of cluster `mask` of T_h, externals at OPT.
pub fn cluster_makespan(h: u32, tau: f64, opt: &[f64], mask: u64) -> f64 {
    let total = (1u64 << h) - 1;
    let first_leaf = 1u64 << (h - 1);
    let mut rel = [0.0f64; 64];
    let mut list = [0.0f64; 64];
    let mut m = 0;
    for v in (1..=total).rev() {
        if mask >> v & 1 == 0 {
            continue;
        }
        let mut r = 0.0f64;
        if v < first_leaf {
            for c in [2 * v, 2 * v + 1] {
                r = r.max(if mask >> c & 1 == 1 {
                    rel[c as usize] + 1.0
                } else {
                    let hc = h - (63 - c.leading_zeros());
                    opt[hc as usize - 1] + tau
                });
            }
        }
        rel[v as usize] = r;
        list[m] = r;
        m += 1;
    }
    let list = &mut list[..m];
    list.sort_by(|a, b| a.total_cmp(b));
    let mut t = f64::NEG_INFINITY;
    for &r in list.iter() {
        t = t.max(r) + 1.0;
    }
    t
}

type SearchResult = (f64, u64, u64, u32, u32, u64);

fn search(h: u32, tau: f64, opt: &[f64]) -> SearchResult {
    let (mut best, mut clusters) = (f64::INFINITY, 0);
    let values: Vec<(f64, u64, u64)> = shapes(h)
        .into_iter()
        .map(|(m, w)| {
            let v = cluster_makespan(h, tau, opt, m);
            best = best.min(v);
            clusters += w;
            (v, m, w)
        })
        .collect();
    let mut count = 0;
    let (mut lo, mut hi, mut best_mask) = (u32::MAX, 0, 0);
    for &(v, m, w) in &values {
        if le(v, best) {
            count += w;
            let size = m.count_ones();
            lo = lo.min(size);
            hi = hi.max(size);
            if best_mask == 0 {
                best_mask = m;
            }
        }
    }
    (best, clusters, count, lo, hi, best_mask)
}

/// The top clusters of T_h up to mirror images, built height by height (no recursion): each
/// as a mask over heap numbers (bit k = node k) with the number of clusters its mirror class
/// holds. A cluster is the root with, under each child, nothing or a cluster of T_(h−1);
/// an unordered pair of different child clusters stands for two.
fn shapes(h: u32) -> Vec<(u64, u64)> {
    let mut shapes: Vec<(u64, u64)> = vec![(1 << 1, 1)];
    for _ in 2..=h {
        let kids: Vec<(u64, u64)> = std::iter::once((0, 1)).chain(shapes).collect();
        shapes = Vec::with_capacity(kids.len() * (kids.len() + 1) / 2);
        for (i, &(a, wa)) in kids.iter().enumerate() {
            for (j, &(b, wb)) in kids.iter().enumerate().skip(i) {
                let mirrors = if i == j { 1 } else { 2 };
                shapes.push((1 << 1 | graft(a, 2) | graft(b, 3), wa * wb * mirrors));
            }
        }
    }
    shapes
}

/// Mask `m` of a subtree (its root is node 1) placed under node `r` of a larger tree: node k
/// at depth d becomes node r·2^d + (k − 2^d).
fn graft(m: u64, r: u64) -> u64 {
    let mut out = 0;
    let mut rest = m;
    while rest != 0 {
        let k = u64::from(rest.trailing_zeros());
        rest &= rest - 1;
        let d = 63 - k.leading_zeros();
        out |= 1 << ((r << d) + (k - (1 << d)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every root-containing connected node set of T_h, one by one: node v joins only if its
    /// parent is in.
    fn every_cluster(h: u32) -> Vec<u64> {
        let total = (1u64 << h) - 1;
        let mut masks = vec![1u64 << 1];
        for v in 2..=total {
            let with: Vec<u64> = masks
                .iter()
                .filter(|&&m| m >> (v / 2) & 1 == 1)
                .map(|&m| m | 1 << v)
                .collect();
            masks.extend(with);
        }
        masks
    }

    /// Up to mirror images, the search finds what every cluster one by one finds: the
    /// optimum, how many clusters reach it, and their smallest and largest sizes.
    #[test]
    fn mirror_classes_agree_with_every_cluster() {
        for tau in [1.5, 2.0, 2.5, 3.7, 6.0, 10.0, 40.0] {
            let ex = exhaustive(4, tau).unwrap();
            for h in 1..=4u32 {
                let opt = &ex.opt[..h as usize - 1];
                let all: Vec<(f64, u64)> = every_cluster(h)
                    .into_iter()
                    .map(|m| (cluster_makespan(h, tau, opt, m), m))
                    .collect();
                let best = all.iter().fold(f64::INFINITY, |b, &(v, _)| b.min(v));
                assert_eq!(ex.opt[h as usize - 1], best, "τ = {tau}, h = {h}");
                let optimal: Vec<u32> = all
                    .iter()
                    .filter(|&&(v, _)| le(v, best))
                    .map(|&(_, m)| m.count_ones())
                    .collect();
                let found = search(h, tau, opt);
                assert_eq!(found.1, all.len() as u64, "τ = {tau}, h = {h}");
                assert_eq!(found.2, optimal.len() as u64, "τ = {tau}, h = {h}");
                assert_eq!(found.3, *optimal.iter().min().unwrap());
                assert_eq!(found.4, *optimal.iter().max().unwrap());
                assert!(le(cluster_makespan(h, tau, opt, found.5), best));
            }
        }
    }

    #[test]
    fn counts_every_root_containing_cluster() {
        // g(h) = (1 + g(h − 1))², g(1) = 1.
        let counts: Vec<u64> = (1..=5)
            .map(|h| exhaustive(h, 3.0).unwrap().clusters)
            .collect();
        assert_eq!(counts, vec![1, 4, 25, 676, 458_329]);
        assert!(exhaustive(6, 3.0).is_none());
        assert!(exhaustive(0, 3.0).is_none());
    }

    /// Fine-Grain's T*(6) is the optimum: the search covers all 2.1·10^11 top clusters of
    /// T_6 (2.6·10^6 mirror classes, about a second for each τ), which the search of every
    /// cluster one by one could not (runs stop at height 5 to stay interactive).
    #[test]
    fn fine_grain_is_optimal_at_height_6() {
        for tau in [2.5, 6.0] {
            let below = exhaustive(5, tau).unwrap();
            let (best, clusters, ..) = search(6, tau, &below.opt);
            assert_eq!(clusters, 458_330 * 458_330);
            let t_star = crate::model::treesweep::fine_grain(6, tau).t_star[5];
            assert!(
                le(t_star, best) && le(best, t_star),
                "τ = {tau}: {t_star} vs {best}"
            );
        }
    }

    #[test]
    fn small_optimum_by_hand() {
        let e = exhaustive(3, 1.5).unwrap();
        assert_eq!(e.opt, vec![1.0, 3.0, 5.0]);
        // Root, left child, its two leaves and the right child (5 nodes).
        assert_eq!(e.min_optimal_size, 5);
        let m = e.best_mask;
        assert!(cluster_makespan(3, 1.5, &e.opt[..2], m) == 5.0);
    }
}
