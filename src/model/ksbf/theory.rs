//! The paper's closed forms for the same instance: Lemma 1.1's assignment, the exact work
//! shares (Theorem 2.1 / (3.1)), α_p, ν(x) + π(x) and the makespan bounds — with the printed
//! variants that turned out to be wrong kept separately (see the module docs of `ksbf`).

use serde::Serialize;

use super::count::{binom, sparse_tree_nodes};
use super::params::{Balance, Schedule, Shape, Valid};

/// α_p = max over 0 < j < p of |1 + ω^j|, ω = e^{2πi/p}. Equals 2cos(π/p) for p ≥ 3, 0 for
/// p = 2 (1 + ω = 0), and the empty maximum for p = 1, taken as 0.
pub fn alpha(p: u32) -> f64 {
    if p <= 2 {
        return 0.0;
    }
    let mut best = 0.0f64;
    for j in 1..p {
        let th = 2.0 * std::f64::consts::PI * f64::from(j) / f64::from(p);
        let (s, c) = th.sin_cos();
        best = best.max(((1.0 + c).powi(2) + s * s).sqrt());
    }
    best
}

/// The least tree depth n from which Theorem 1.1(a)'s α_p^n term is below the ideal share
/// (2^n − 1)/p (finding gr-speedup-asymptotic): below it the bound allows more than twice the
/// ideal time, so "almost optimal speed-up" holds only from here on. About 2p² ln p/π² for
/// large p (27 for p = 8, 143 for p = 16); 1 for p ≤ 2 (α_p = 0). Compared in logarithms, so
/// no power overflows; a loop from just below the asymptotic estimate.
pub fn speedup_threshold(p: u32) -> u32 {
    let a = alpha(p);
    if a <= 0.0 {
        return 1;
    }
    let (ln_a, ln_p, ln_2) = (a.ln(), f64::from(p).ln(), std::f64::consts::LN_2);
    // n ln α < ln(2^n − 1) − ln p, with ln(2^n − 1) = n ln 2 + ln(1 − 2^−n).
    let below = |n: u32| {
        let nf = f64::from(n);
        nf * ln_a < nf * ln_2 + (-(0.5f64.powi(n as i32))).ln_1p() - ln_p
    };
    let estimate = ln_p / (ln_2 - ln_a);
    let mut n = (estimate.floor() as u32).saturating_sub(2).max(1);
    while !below(n) {
        n += 1;
    }
    n
}

/// Lemma 1.1(a): the PE of tree node `heap` (root 1, children 2k, 2k + 1): Wgt(x) mod p.
pub fn tree_pe(heap: u64, p: u32) -> u32 {
    (heap.count_ones() - 1) % p
}

/// Lemma 1.1(b): the PE of grid node ⟨k, ℓ⟩: k mod p.
pub fn grid_pe(k: u32, p: u32) -> u32 {
    k % p
}

/// Level of tree node `heap`.
pub fn tree_level(heap: u64) -> u32 {
    63 - heap.leading_zeros()
}

/// Number of length-ℓ strings whose weight is ≡ r (mod p).
fn strings_with_weight_mod(len: u32, r: u32, p: u32) -> u64 {
    (0..=len)
        .filter(|j| j % p == r)
        .map(|j| binom(len, j))
        .sum()
}

/// ν(x) for a node of a complete tree: the nodes on x's PE that precede x in breadth-first
/// order (independent of n as long as x ∈ T_n).
pub fn tree_nu(heap: u64, p: u32) -> u64 {
    let level = tree_level(heap);
    let r = tree_pe(heap, p);
    let mut nu: u64 = (0..level).map(|l| strings_with_weight_mod(l, r, p)).sum();
    let mut w = 0u32;
    for i in (0..level).rev() {
        if heap >> i & 1 == 1 {
            // Same prefix, 0 here, i free bits below: weight w + j ≡ r.
            nu += (0..=i)
                .filter(|j| (w + j) % p == r)
                .map(|j| binom(i, j))
                .sum::<u64>();
            w += 1;
        }
    }
    nu
}

/// ν(⟨k, ℓ⟩) for a node of a pyramidal grid.
pub fn grid_nu(k: u32, l: u32, p: u32) -> u64 {
    let r = k % p;
    let level = u64::from(k) + u64::from(l);
    let (r64, p64) = (u64::from(r), u64::from(p));
    let below: u64 = (0..level)
        .filter(|&lam| lam >= r64)
        .map(|lam| (lam - r64) / p64 + 1)
        .sum();
    below + u64::from(k / p)
}

/// Theorem 2.2's step τ(x) = ν(x) + π(x) of tree node `heap`.
pub fn tree_tau(heap: u64, p: u32) -> u64 {
    tree_nu(heap, p) + u64::from(tree_pe(heap, p))
}

/// Theorem 3.2's step τ(k, ℓ) = ν(k, ℓ) + π(k, ℓ).
pub fn grid_tau(k: u32, l: u32, p: u32) -> u64 {
    grid_nu(k, l, p) + u64::from(grid_pe(k, p))
}

/// Exact work shares of T_n under KS: W_i(n) = Σ_{k ≥ 1, k ≡ i+1 (mod p)} C(n, k).
/// (The printed (2.1) omits k ≥ 1 and so overcounts W_{p−1} by C(n, 0) = 1.)
pub fn tree_work(n: u32, p: u32) -> Vec<u64> {
    binomial_residue_sums(n, p, 1)
}

/// (2.1) exactly as printed: Σ_{k ≡ i+1 (mod p)} C(n, k), k from 0.
pub fn tree_work_printed(n: u32, p: u32) -> Vec<u64> {
    binomial_residue_sums(n, p, 0)
}

/// Σ_{first ≤ k ≤ n, k ≡ i+1 (mod p)} C(n, k) for i = 0..p.
fn binomial_residue_sums(n: u32, p: u32, first: u32) -> Vec<u64> {
    (0..p)
        .map(|i| {
            (first..=n)
                .filter(|k| k % p == (i + 1) % p)
                .map(|k| binom(n, k))
                .sum()
        })
        .collect()
}

/// (2.6) exactly as printed, evaluated in floating point:
/// (1/p)[2^n + Σ_{j=1}^{p−1} ω^{−j(i+1)} (1 + ω^j)^n] (the real part).
pub fn tree_work_dft_printed(n: u32, p: u32) -> Vec<f64> {
    let pf = f64::from(p);
    (0..p)
        .map(|i| {
            let mut re = 2f64.powi(n as i32);
            for j in 1..p {
                let th = 2.0 * std::f64::consts::PI * f64::from(j) / pf;
                let (s, c) = th.sin_cos();
                let modulus = ((1.0 + c).powi(2) + s * s).sqrt().powi(n as i32);
                let arg = f64::from(n) * s.atan2(1.0 + c) - th * f64::from(i + 1);
                re += modulus * arg.cos();
            }
            re / pf
        })
        .collect()
}

/// Exact work shares of G_n under KS, (3.3) ≡ (3.1): with m = n − i, F = ⌊m/p⌋,
/// W_i = (m − pF/2)(F + 1). Verified against the row sum Σ_{k ≡ i} (n − k); correct as printed.
pub fn grid_work(n: u32, p: u32) -> Vec<u64> {
    let (n, p) = (i64::from(n), i64::from(p));
    (0..p)
        .map(|i| {
            let m = n - i;
            let f = m.div_euclid(p);
            // 2W = (2m − pF)(F + 1), always even.
            ((2 * m - p * f) * (f + 1) / 2) as u64
        })
        .collect()
}

/// The papers' bounds on the KS-BF makespan of one instance (each `None` where it does not
/// apply).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Bounds {
    /// Theorem 1.1's bound ((a) trees, (b) grids), complete shapes under KS-BF only.
    pub thm11: Option<f64>,
    /// Theorem 2.2: p + max W_i (complete trees under KS-BF).
    pub thm22: Option<u64>,
    /// Theorem 3.2: max over the PEs that work (W_i > 0) of W_i + i (pyramids under KS-BF).
    pub thm32: Option<u64>,
}

/// Bounds and reference values for one instance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Theory {
    /// Number of nodes N (for random shapes: `None`, the size is only known after running).
    pub nodes: Option<u64>,
    /// Ideal N/p.
    pub ideal: Option<f64>,
    /// α_p.
    pub alpha: f64,
    /// Exact KS work shares (complete trees and pyramidal grids only).
    pub work: Option<Vec<u64>>,
    /// The theorems' bounds on the makespan (flattened: `thm11`, `thm22`, `thm32` in JSON).
    #[serde(flatten)]
    pub bounds: Bounds,
    /// The exact KS-BF makespan max over working PEs of (i + W_i) (complete shapes, from
    /// Theorems 2.2/3.2's schedule).
    pub exact_makespan: Option<u64>,
    /// W_0(n), Theorem 3.2's second bound (pyramids; only valid when p ≤ n + 1).
    pub w0: Option<u64>,
}

/// Theory for a validated scenario.
pub fn theory(v: &Valid) -> Theory {
    let (n, p) = (v.n, v.p);
    let pf = f64::from(p);
    let ksbf = v.balance == Balance::Ks && v.schedule == Schedule::Bf;
    let work = match v.shape {
        Shape::Tree => Some(tree_work(n, p)),
        Shape::Grid => Some(grid_work(n, p)),
        _ => None,
    };
    let nodes = match v.shape {
        Shape::RandomTree | Shape::RandomGrid => None,
        Shape::SparseTree => Some(sparse_tree_nodes(n, super::params::sparse_weight(p))),
        _ => Some(v.max_nodes()),
    };
    let exact_makespan = work.as_ref().filter(|_| ksbf).map(|w| {
        w.iter()
            .enumerate()
            .filter(|(_, w)| **w > 0)
            .map(|(i, w)| w + i as u64)
            .max()
            .unwrap_or(0)
    });
    let thm11 = if !ksbf {
        None
    } else {
        match v.shape {
            Shape::Tree => Some(((2f64.powi(n as i32)) - 1.0) / pf + alpha(p).powi(n as i32) + pf),
            Shape::Grid => {
                let nn = f64::from(n);
                Some(nn * (nn + 1.0) / 2.0 / pf + 1.5 * nn + 2.0)
            }
            _ => None,
        }
    };
    let max_w = work.as_ref().map(|w| *w.iter().max().unwrap_or(&0));
    Theory {
        nodes,
        ideal: nodes.map(|n| n as f64 / pf),
        alpha: alpha(p),
        bounds: Bounds {
            thm11,
            thm22: if ksbf && v.shape == Shape::Tree {
                max_w.map(|m| m + u64::from(p))
            } else {
                None
            },
            thm32: if ksbf && v.shape == Shape::Grid {
                exact_makespan
            } else {
                None
            },
        },
        w0: if v.shape == Shape::Grid {
            work.as_ref().map(|w| w[0])
        } else {
            None
        },
        exact_makespan,
        work,
    }
}

/// A place where the paper's printed statement disagrees with its definitions or with the
/// simulation; `correct` is what the app shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Discrepancy {
    /// Where in the paper.
    pub location: &'static str,
    /// What is printed.
    pub printed: &'static str,
    /// What is right, and why.
    pub correct: &'static str,
}

/// Every discrepancy found (each one is exercised by a test).
pub const DISCREPANCIES: &[Discrepancy] = &[
    Discrepancy {
        location: "Table 1 caption",
        printed: "R_4 executing T_5",
        correct: "the table lists levels 0–5 (heap numbers up to 63), i.e. T_6; T_5 has levels 0–4 \
                  (the text's 'leaves of T_n are at level n' has the same off-by-one: level n − 1)",
    },
    Discrepancy {
        location: "Table 1, P_2, level 5",
        printed: "35, 37, 39, 41, …",
        correct: "38, not 39: 38 = 100110₂ is string 00110 of weight 2 → P_2; 39 = 100111₂ has weight 3 \
                  and is (correctly) also listed under P_3. The simulation gives every other entry",
    },
    Discrepancy {
        location: "Theorem 2.1, (2.1)",
        printed: "W_i(n) = Σ_{k ≡ i+1 (mod p)} C(n, k)",
        correct: "the sum must start at k = 1; as printed W_{p−1} includes C(n, 0) = 1 and the shares \
                  add up to 2^n, contradicting Fact 2.1 (2^n − 1)",
    },
    Discrepancy {
        location: "(2.5) → (2.6), (2.7)",
        printed: "Σ_j γ^j = 0 for any p-th root of unity γ, so W_i = (1/p)[2^n + Σ_j ω^{−j(i+1)}(1+ω^j)^n]",
        correct: "false for γ = 1, i.e. i = p − 1: W_{p−1} = (1/p)[2^n + Σ …] − 1; (2.6) overstates W_{p−1} by 1",
    },
    Discrepancy {
        location: "(2.2), (2.10)",
        printed: "|W_i(n) − (2^n − 1)/p| ≤ α_p^n",
        correct: "fails for p = 2 (α_2 = |1 + ω| = 0, deviation 1/2 for all n) and for p = 3, n ≡ 3 (mod 6) \
                  (deviation 4/3 > α_3^n = 1 at i = 2); the correct DFT bound is ((p−1)/p)(α_p^n + 1). \
                  Theorem 1.1(a) still holds because the makespan is ≤ p − 1 + max W_i",
    },
    Discrepancy {
        location: "Theorem 1.1(a) / α_p for p = 1",
        printed: "α_p = max_{0<j<p} |1 + ω^j|",
        correct: "empty maximum for p = 1 (taken as 0; the bound then reads 2^n − 1 + 0 + 1)",
    },
    Discrepancy {
        location: "Fact 3.2",
        printed: "W_{i−1}(n) + i − 1 ≥ W_i(n) + i; W_0 > W_1 > … > W_{p−1}",
        correct: "holds only for i ≤ n; when p > n the PEs i ≥ n do no work (W_i = 0), so the chain is not strict",
    },
    Discrepancy {
        location: "Theorem 3.2",
        printed: "T_grid ≤ max_{0≤i≤p−1}(W_i(n) + i) ≤ W_0(n)",
        correct: "the max must range over PEs that work: for p ≥ n + 2 an idle PE i has W_i + i = i > n = W_0. \
                  Over working PEs it is the exact makespan (simulation)",
    },
    Discrepancy {
        location: "Theorem 3.2 proof, wrap-around subcase",
        printed: "N^<(x') contains {⟨k+i, ℓ−i⟩} ∪ {⟨j, k+ℓ+1−j⟩}",
        correct: "most of those nodes lie in rows ≢ 0 (mod p), i.e. on other PEs, and the ones in rows ≡ 0 \
                  (mod p) (e.g. ⟨k+1, ℓ−1⟩) are already counted as images ⟨a+1, b⟩ of N^<(x); nodes that are \
                  no image are row 0's ⟨0, b⟩, b ≤ k + ℓ + 1, at least p + 1 of them. The conclusion \
                  τ = ν + π is right (simulation)",
    },
    Discrepancy {
        location: "§1.3 grid definition ('full')",
        printed: "⟨k+1, ℓ⟩ is a node precisely when ⟨k, ℓ+1⟩ is",
        correct: "taken literally this forces whole anti-diagonals, so the only full prefix-closed grids are \
                  the pyramids G_n; we read it as 'a node spawns both children or none'",
    },
    Discrepancy {
        location: "§1.3 sparse tree",
        printed: "h-level (log p)-complete tree (weight ≤ w) has Θ(h^{log p}) nodes; work on only log p PEs",
        correct: "the printed set is not full and has Θ(h^{w+1}) nodes; its full version (weight-w nodes are \
                  leaves) has Θ(h^w); either way ⌊log p⌋ + 1 PEs work",
    },
    Discrepancy {
        location: "§1.3 two-row grid",
        printed: "{i, j} × {0..m−1} ∪ {0..m−1} × {0}: KS gives almost all work to P_0 and P_1",
        correct: "the set is not full (⟨k,0⟩ has right child ⟨k+1,0⟩ but no left child), and its column spreads \
                  m of the 3m − 2 nodes over all PEs, P_0 and P_1 included, so P_0 and P_1 get about \
                  (2m + 2m/p)/(3m) = (2 + 2/p)/3 of the work (0.83 at p = 4), not almost all; loadlab's full \
                  version (column of length p, rows of n + 1 and n nodes) gives them almost all only as n/p grows",
    },
];
