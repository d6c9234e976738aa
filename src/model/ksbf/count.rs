//! Node counts that both the parameters' cost estimate and the theory need: binomial
//! coefficients and the size of Section 1.3's sparse tree (full, and as printed). Pure
//! functions of integers, below both.

/// Binomial coefficient C(n, k) (0 when k > n); exact for n ≤ 62.
pub fn binom(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * u128::from(n - i) / u128::from(i + 1);
    }
    r as u64
}

/// Nodes of the full h-level w-complete tree used for
/// [`Shape::SparseTree`](super::params::Shape::SparseTree): strings of length < h of weight
/// < w, plus those of weight w ending in 1 (the children of weight-(w−1) nodes).
pub fn sparse_tree_nodes(h: u32, w: u32) -> u64 {
    let mut total = 0;
    for l in 0..h {
        total += (0..w.min(l + 1)).map(|j| binom(l, j)).sum::<u64>();
        if l == 0 {
            if w == 0 {
                total += 1;
            }
        } else if w >= 1 {
            total += binom(l - 1, w - 1);
        }
    }
    total
}

/// Nodes of the h-level w-complete tree exactly as printed in Section 1.3 (all strings of
/// length < h and weight ≤ w) — not a full tree-dag.
pub fn sparse_tree_nodes_printed(h: u32, w: u32) -> u64 {
    (0..h)
        .map(|l| (0..=w.min(l)).map(|j| binom(l, j)).sum::<u64>())
        .sum()
}
