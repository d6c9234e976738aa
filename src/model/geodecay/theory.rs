//! Closed forms of Gil & Matias: the decay bound, lg*, and the improved policy's phase plan.

use serde::Serialize;

/// lg x, the base-2 logarithm.
pub fn lg(x: f64) -> f64 {
    x.log2()
}

/// Largest lg* ever returned (reached only for x = +∞ or NaN-free absurd inputs; finite f64
/// values give at most 5).
const LG_STAR_CAP: u32 = 64;

/// The iterated logarithm, by the paper's definition lg* x = min{i : lg^(i) x ≤ 2} with
/// lg^(1) = lg and lg^(i) = lg ∘ lg^(i−1).
///
/// The definition starts at i = 1 (lg^(0) is not defined), so lg* x = 1 for every x ≤ 4:
/// lg x ≤ 2 there (lg 0 = −∞; a NaN stops at 1 too). Thus lg* 2 = lg* 4 = 1, lg* 16 = 2,
/// lg* 65536 = 3 and lg* 2^65536 = 4 (see [`lg_star_of_log2`]).
///
/// The paper states "lg* 2^65536 = 5", which disagrees with its own definition: lg 2^65536 =
/// 65536, lg 65536 = 16, lg 16 = 4, lg 4 = 2 ≤ 2, so the minimum i is 4. (The value 5 would
/// follow from the other common convention, threshold ≤ 1.)
pub fn lg_star(x: f64) -> u32 {
    let mut x = x.log2();
    let mut i = 1;
    while x > 2.0 && i < LG_STAR_CAP {
        x = x.log2();
        i += 1;
    }
    i
}

/// lg* x given lg x, for arguments beyond f64's range such as 2^65536:
/// lg*(2^l) = 1 if l ≤ 2, else 1 + lg* l.
pub fn lg_star_of_log2(lg_x: f64) -> u32 {
    if lg_x > 2.0 { 1 + lg_star(lg_x) } else { 1 }
}

/// The decay bound n·2^(−αr) of (1), as an f64 (exact for integer α and n ≤ 2^53).
pub fn decay_bound(n: u64, alpha: f64, r: u64) -> f64 {
    n as f64 * (-alpha * r as f64).exp2()
}

/// Tasks of round r under deterministic decay: w_r = ⌈n·2^(−αr)⌉, or `None` once
/// n·2^(−αr) < 1 (the run has ended). Non-increasing in r; w_0 = n.
pub fn deterministic_tasks(n: u64, alpha: f64, r: u64) -> Option<u64> {
    let b = decay_bound(n, alpha, r);
    (b >= 1.0).then(|| b.ceil() as u64)
}

/// Number of rounds of a deterministic run: the first r with n·2^(−αr) < 1
/// (= ⌊lg(n)/α⌋ + 1 up to floating-point rounding of α·r).
pub fn deterministic_rounds(n: u64, alpha: f64) -> u64 {
    // Start from the closed form and correct it against the exact test used by the simulation.
    let mut r = (lg(n as f64) / alpha).floor().max(0.0) as u64;
    while r > 0 && decay_bound(n, alpha, r) < 1.0 {
        r -= 1;
    }
    while decay_bound(n, alpha, r) >= 1.0 {
        r += 1;
    }
    r
}

/// The standard policy's balancing count predicted by Theorem 1's proof: the rounds needed to
/// reduce n tasks to c·p, lg(n/(c·p))/α (0 if n ≤ c·p).
pub fn standard_balancings_estimate(n: u64, p: u64, alpha: f64, c: f64) -> f64 {
    (lg(n as f64 / (c * p as f64)) / alpha).max(0.0)
}

/// One phase of the improved policy's plan (Section 3), computed from ℓ and α only.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PlannedPhase {
    /// Phase index i (the paper numbers from 0: x_0 = ℓ).
    pub index: u32,
    /// lg x_i (x_i itself underflows for late phases).
    pub x_log2: f64,
    /// t_i = ⌈ℓ/x_i⌉ rounds, or `None` for the final phase (x_i ≤ 1), which runs to the end.
    pub rounds: Option<f64>,
}

/// The step of the phase recurrence: from lg x_i, returns (t_i, lg x_{i+1}), or `None` when
/// phase i is final (x_i ≤ 1).
///
/// t_i = ⌈ℓ/x_i⌉ — the paper's (6) is t_i = ℓ/x_i; rounds are whole, so we round up, which keeps
/// t_i·x_i ≥ ℓ (each phase runs at least ℓ time at full load) — and
/// x_{i+1} = x_i / 2^(α·t_i) (the paper's (7)).
pub fn phase_step(ell: f64, alpha: f64, x_log2: f64) -> Option<(f64, f64)> {
    if x_log2 <= 0.0 {
        return None;
    }
    let t = (lg(ell) - x_log2).exp2().ceil().max(1.0);
    Some((t, x_log2 - alpha * t))
}

/// The improved policy's phase plan for ℓ > 0: x_0 = ℓ, t_i and x_{i+1} by [`phase_step`],
/// ending with the first phase whose x_i ≤ 1 (at most `max_phases` phases). Empty for ℓ = 0.
pub fn improved_phases(ell: f64, alpha: f64, max_phases: usize) -> Vec<PlannedPhase> {
    let mut out = Vec::new();
    if ell.is_nan() || ell <= 0.0 {
        return out;
    }
    let mut x = lg(ell);
    while out.len() < max_phases {
        let index = out.len() as u32;
        match phase_step(ell, alpha, x) {
            Some((t, next)) => {
                out.push(PlannedPhase {
                    index,
                    x_log2: x,
                    rounds: Some(t),
                });
                x = next;
            }
            None => {
                out.push(PlannedPhase {
                    index,
                    x_log2: x,
                    rounds: None,
                });
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lg_star_values() {
        let expected = [
            // i starts at 1: lg x ≤ 2 at once for x ≤ 4 (lg 0 = −∞).
            (0.0, 1),
            (1.0, 1),
            (2.0, 1),
            (2.5, 1),
            (4.0, 1),
            (5.0, 2),
            (16.0, 2),
            (17.0, 3),
            (65536.0, 3),
            (65537.0, 4),
            (2f64.powi(64), 4),
            (f64::MAX, 4),
        ];
        for (x, lg) in expected {
            assert_eq!(lg_star(x), lg, "lg* {x}");
        }
        assert_eq!(
            lg_star_of_log2(65536.0),
            4,
            "lg* 2^65536 (the paper says 5)"
        );
        assert_eq!(lg_star_of_log2(4.0), lg_star(16.0));
        assert_eq!(lg_star_of_log2(1.0), 1);
        assert_eq!(lg_star_of_log2(2.0), 1);
        assert_eq!(lg_star_of_log2(2.5), 2);
    }

    #[test]
    fn deterministic_decay() {
        assert_eq!(deterministic_tasks(1 << 20, 1.0, 0), Some(1 << 20));
        assert_eq!(deterministic_tasks(1 << 20, 1.0, 20), Some(1));
        assert_eq!(deterministic_tasks(1 << 20, 1.0, 21), None);
        assert_eq!(deterministic_tasks(1000, 1.0, 3), Some(125));
        assert_eq!(deterministic_tasks(1000, 1.0, 4), Some(63));
        assert_eq!(deterministic_rounds(1 << 20, 1.0), 21);
        assert_eq!(deterministic_rounds(1, 1.0), 1);
        assert_eq!(deterministic_rounds(1000, 1.0), 10);
        assert_eq!(deterministic_rounds(1 << 20, 2.0), 11);
        assert_eq!(deterministic_rounds(1 << 20, 0.5), 41);
    }

    #[test]
    fn phase_plan_for_powers_of_two() {
        // ℓ = 2^16, α = 1: x = 2^16, 2^15, 2^13, 2^5, then ≤ 1.
        let plan = improved_phases(65536.0, 1.0, 100);
        let xs: Vec<f64> = plan.iter().map(|p| p.x_log2).collect();
        assert_eq!(&xs[..4], &[16.0, 15.0, 13.0, 5.0]);
        let ts: Vec<Option<f64>> = plan.iter().map(|p| p.rounds).collect();
        assert_eq!(&ts[..4], &[Some(1.0), Some(2.0), Some(8.0), Some(2048.0)]);
        assert_eq!(plan.len(), 5);
        assert_eq!(plan[4].rounds, None);
        assert!(improved_phases(0.0, 1.0, 10).is_empty());
        // ℓ ≤ 1: phase 0 is already final.
        assert_eq!(improved_phases(1.0, 1.0, 10).len(), 1);
    }
}
