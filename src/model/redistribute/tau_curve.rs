//! τ(R₁): System 6's time as a function of its one free variable (Section 6, Proposition 1).
//!
//! By Lemma 10 a redistribution on the bidirectional ring is fixed by R₁, the net number of
//! items P₁ sends to P₂ (R_j = R₁ + δ₂ + … + δ_j); System 6's time of that solution is
//! τ(R₁) = max over the processors of their send and receive times ([`super::system6`]), a
//! convex piecewise-linear function. Its minimum is the rational optimum R₁* of the LP
//! relaxation, and Proposition 1 says that one of the two roundings ⌊R₁*⌋ (the paper's F) and
//! ⌈R₁*⌉ (G) is an optimal integer solution. [`tau_curve`] samples τ around R₁* so the three
//! can be seen together, and reports the solved system's values for them.

use super::instance::RingInstance;
use super::system6::{LpSolution, Rounding, flows_for, tau_at};
use crate::model::budget::Cost;

/// Widest window of R₁ drawn (integers); a wider span of breakpoints is cut to this much
/// around the rational optimum.
pub const WINDOW: i64 = 40;
/// Samples per unit of R₁ (the curve's kinks between integers show at this resolution; the
/// integers, the breakpoints and R₁* are always sampled exactly).
pub const PER_UNIT: i64 = 8;
/// Largest number of τ evaluations of one curve.
pub const POINTS_MAX: usize = ((WINDOW + 2) * PER_UNIT + 4) as usize;

/// The curve and its marked points.
#[derive(Debug, Clone, PartialEq)]
pub struct TauCurve {
    /// (R₁, τ(R₁)), increasing in R₁.
    pub points: Vec<[f64; 2]>,
    /// R₁* and τ(R₁*), the rational optimum of the system solved.
    pub rational: (f64, f64),
    /// ⌊R₁*⌋ and its τ (the paper's F).
    pub floor: (i64, f64),
    /// ⌈R₁*⌉ and its τ (G).
    pub ceil: (i64, f64),
    /// The integer R₁ the run uses and its τ.
    pub integer: (i64, f64),
    /// Which rounding attains the integer optimum (Proposition 1).
    pub rounding: Rounding,
    /// The R₁ whose solutions are light (every processor sends at most what it holds), if any.
    pub light: Option<(i64, i64)>,
}

/// What computing the curve of `inst` costs: [`POINTS_MAX`] evaluations of τ, each a pass
/// over the n processors (one transfer step each), and the points.
pub fn cost(inst: &RingInstance) -> Cost {
    let n = inst.n() as f64;
    Cost::new(POINTS_MAX as f64 * n, POINTS_MAX as f64 * 16.0 + n * 8.0)
}

/// τ(R₁) around the rational optimum of `sol` (System 6 or 12 solved on `inst`): every
/// breakpoint R₁ = −(δ₂ + … + δ_j) within one unit of the window, [`PER_UNIT`] samples per
/// unit between them, and R₁*, ⌊R₁*⌋, ⌈R₁*⌉ exactly. The window spans the breakpoints (one
/// unit beyond on each side) when they lie within [`WINDOW`] of each other, else
/// [`WINDOW`] units centred on R₁*.
pub fn tau_curve(inst: &RingInstance, sol: &LpSolution) -> TauCurve {
    let x = sol.x_rational;
    let d = flows_for(inst, 0);
    let lo_bp = d.iter().map(|v| -v).min().unwrap_or(0);
    let hi_bp = d.iter().map(|v| -v).max().unwrap_or(0);
    let (lo, hi) = if hi_bp - lo_bp <= WINDOW {
        (lo_bp - 1, hi_bp + 1)
    } else {
        let c = x.round() as i64;
        (c - WINDOW / 2, c + WINDOW / 2)
    };
    // Keep R₁* and its roundings inside the window (System 12 may clamp R₁* to its edge).
    let (lo, hi) = (lo.min(x.floor() as i64 - 1), hi.max(x.ceil() as i64 + 1));
    let mut xs: Vec<f64> = (0..=(hi - lo) * PER_UNIT)
        .map(|k| lo as f64 + k as f64 / PER_UNIT as f64)
        .collect();
    xs.extend([x, x.floor(), x.ceil()]);
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() <= 1e-12 * a.abs().max(1.0));
    let points = xs.iter().map(|&r| [r, tau_at(inst, r)]).collect();
    let (f, g) = (x.floor() as i64, x.ceil() as i64);
    TauCurve {
        points,
        rational: (x, sol.tau_rational),
        floor: (f, sol.x_floor_tau),
        ceil: (g, sol.x_ceil_tau),
        integer: (sol.x_int, sol.tau_int),
        rounding: sol.prop1(),
        light: sol.light_x,
    }
}

impl TauCurve {
    /// The smallest τ on the curve and its R₁.
    pub fn lowest(&self) -> [f64; 2] {
        self.points
            .iter()
            .copied()
            .min_by(|a, b| a[1].total_cmp(&b[1]))
            .unwrap_or([self.rational.0, self.rational.1])
    }

    /// The better rounding by the curve's own values: ⌊R₁*⌋ or ⌈R₁*⌉ (⌊R₁*⌋ on a tie).
    pub fn better_rounding(&self) -> (i64, f64) {
        if self.floor.1 <= self.ceil.1 {
            self.floor
        } else {
            self.ceil
        }
    }

    /// The paper's gap, when this ring shows it: Proposition 1's better rounding is an
    /// optimal integer solution but not a light one (Lemma 9's schedule needs light), while
    /// the run found a light R₁ with the same τ. Returns (the heavy rounding, the light R₁).
    pub fn heavy_rounding(&self) -> Option<(i64, i64)> {
        let (r, tau) = self.better_rounding();
        let (lo, hi) = self.light?;
        let light = |x: i64| (lo..=hi).contains(&x);
        (!light(r) && light(self.integer.0) && self.integer.1 <= tau).then_some((r, self.integer.0))
    }
}

/// The name of a rounding, as the JSON reports it.
pub fn rounding_name(r: Rounding) -> &'static str {
    match r {
        Rounding::Floor => "floor",
        Rounding::Ceil => "ceil",
        Rounding::Both => "both",
        Rounding::Neither => "neither",
    }
}

#[cfg(test)]
mod tests {
    use super::super::instance::Costs;
    use super::super::system6::{solve_system6, tau_at_int};
    use super::*;

    fn het(delta: Vec<i64>, cw: Vec<f64>, ccw: Vec<f64>) -> RingInstance {
        RingInstance::bidirectional(delta, Costs::Heterogeneous { cw, ccw })
    }

    #[test]
    fn the_rational_optimum_is_the_curve_minimum_and_a_rounding_is_optimal() {
        for inst in [
            het(vec![2, 0, -1, -1], vec![3.0; 4], vec![1.0; 4]),
            het(
                vec![3, -1, 2, 0, -4],
                vec![1.0, 2.0, 3.0, 4.0, 5.0],
                vec![5.0, 1.0, 1.0, 2.0, 9.0],
            ),
            het(vec![5, -5], vec![1.0, 7.0], vec![3.0, 3.0]),
        ] {
            let sol = solve_system6(&inst);
            let c = tau_curve(&inst, &sol);
            let low = c.lowest();
            assert!(
                (low[1] - c.rational.1).abs() <= 1e-9 * c.rational.1.max(1.0),
                "{inst:?}: curve minimum {low:?}, rational {:?}",
                c.rational
            );
            assert!(c.points.iter().any(|p| p[0] == c.rational.0));
            // Every integer of the window is at least the better rounding (Proposition 1).
            let best = c.better_rounding();
            assert_eq!(best.1, sol.tau_int, "{inst:?}");
            for p in c.points.iter().filter(|p| p[0].fract() == 0.0) {
                assert!(p[1] >= best.1 - 1e-9);
                let exact = tau_at_int(&inst, p[0] as i64);
                assert!((p[1] - exact).abs() <= 1e-9 * exact.max(1.0));
            }
        }
    }

    /// The ring where Proposition 1's rounding is optimal but heavy (found by the τ(R₁)
    /// plot): ⌈R₁*⌉ = −5 has τ = 48 but is not light; the run's light optimum R₁ = −2 has the
    /// same τ. On the ring above where the roundings are light, no gap is reported.
    #[test]
    fn a_heavy_optimal_rounding_is_reported_with_the_light_optimum() {
        let inst = het(
            vec![-1, 1, 6, -6],
            vec![3.0, 7.0, 8.0, 4.0],
            vec![8.0, 9.0, 1.0, 8.0],
        );
        let c = tau_curve(&inst, &solve_system6(&inst));
        assert_eq!(c.better_rounding(), (-5, 48.0));
        assert_eq!(c.light, Some((-2, 0)));
        assert_eq!(c.integer, (-2, 48.0));
        assert_eq!(c.heavy_rounding(), Some((-5, -2)));
        let light = het(vec![2, 0, -1, -1], vec![3.0; 4], vec![1.0; 4]);
        let c = tau_curve(&light, &solve_system6(&light));
        assert_eq!(c.heavy_rounding(), None);
    }
}
