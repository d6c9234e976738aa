//! A schedule from arbitrary level loads (the "Your turn" exercise): the student gives L_l,
//! the load one processor of level l computes (Σ b^l L_l = 1), and the schedule is played
//! with the chosen method's own timing rules by the same event loop as the methods
//! ([`mod@super::simulate`]):
//!
//! * ℂ: every level receives its subtree's load R_l = Σ_{j≥l} b^{j−l} L_j in one fragment,
//!   keeps L_l and sends (R_l − L_l)/b to each child.
//! * ℙ: in slot order the root sends each child b^{l−1} L_l addressed to level l, deepest
//!   level first; every hop above it splits the fragment into b equal parts.
//! * ℚ: as ℙ, and every hop keeps, of each fragment it forwards, what it computes while
//!   forwarding (f/β when it sends f to each child): level l then computes R_{l+1}/β from
//!   passing fragments plus its own fragment L_l − R_{l+1}/β, which must not be negative.
//!
//! With the methods' own L_l (from [`super::theory::level_loads`]) each plan is the method's
//! schedule, and the makespan is its closed form.

use super::params::{Method, Valid};
use super::simulate::{Plan, Timeline, play_checked};

/// R_l for every level: the load each processor of level l receives for its subtree
/// (R_0 = 1 when the loads sum to 1).
pub fn subtree_loads(b: u64, loads: &[f64]) -> Vec<f64> {
    let b = b as f64;
    let mut r = vec![0.0; loads.len()];
    let mut below = 0.0;
    for l in (0..loads.len()).rev() {
        below = loads[l] + b * below;
        r[l] = below;
    }
    r
}

/// The smallest L_l ℚ's rule allows on level l (1 ≤ l < h) when `remaining` load is left
/// for levels l…h: its own fragment L_l − R_{l+1}/β ≥ 0 with R_{l+1} = (remaining −
/// b^l L_l)/b^{l+1} gives L_l ≥ remaining / (b^l (bβ + 1)). Zero on the root, the leaves,
/// and under ℂ and ℙ.
pub fn least_load(method: Method, v: &Valid, level: usize, remaining: f64) -> f64 {
    if method != Method::Q || level == 0 || level as u64 >= v.h {
        return 0.0;
    }
    let b = v.b as f64;
    remaining / (b.powi(level as i32) * (b * v.beta + 1.0))
}

/// Plays level loads `loads` (one per level 0..=h, non-negative, summing to about 1) under
/// `method`'s rules; `None` when they are not h + 1 finite non-negative numbers or break
/// ℚ's rule. The schedule is not normalised and carries the usual checks.
pub fn simulate_loads(method: Method, v: &Valid, loads: &[f64]) -> Option<Timeline> {
    let h = v.h as usize;
    if loads.len() != h + 1 || loads.iter().any(|l| !l.is_finite() || *l < 0.0) {
        return None;
    }
    let b = v.b as f64;
    let r = subtree_loads(v.b, loads);
    let at = |l: usize| r.get(l).copied().unwrap_or(0.0);
    let mut root_sends = Vec::with_capacity(h);
    let mut split = vec![(1.0, 0.0); h + 1];
    match method {
        Method::C => {
            if h > 0 {
                root_sends.push((at(1), 1));
            }
            for (l, s) in split.iter_mut().enumerate().skip(1) {
                if at(l) > 0.0 {
                    *s = (loads[l] / at(l), (at(l) - loads[l]) / (b * at(l)));
                }
            }
        }
        Method::P => {
            for d in (1..=h).rev() {
                root_sends.push((b.powi(d as i32 - 1) * loads[d], d));
            }
            split = vec![(0.0, 1.0 / b); h + 1];
        }
        Method::Q => {
            let c = 1.0 / v.beta + b;
            for d in (1..=h).rev() {
                let own = loads[d] - at(d + 1) / v.beta;
                if own < -1e-9 * loads[d].max(f64::MIN_POSITIVE) {
                    return None;
                }
                root_sends.push((own.max(0.0) * c.powi(d as i32 - 1), d));
            }
            split = vec![(1.0 / (v.beta * c), 1.0 / c); h + 1];
        }
    }
    let plan = Plan {
        method,
        root_sends,
        root_keep: loads[0],
        split,
    };
    Some(play_checked(v, &plan))
}

#[cfg(test)]
mod tests {
    use super::super::params::tree;
    use super::super::theory::{closed_form, level_loads};
    use super::*;

    #[test]
    fn the_methods_own_loads_replay_their_schedules() {
        for (b, h, beta) in [(2, 3, 10.0), (3, 4, 0.5), (2, 6, 100.0), (4, 2, 1e-3)] {
            let v = tree(b, h, beta);
            for m in Method::ALL {
                let loads = level_loads(m, &v);
                let t = simulate_loads(m, &v, &loads).unwrap();
                let c = closed_form(m, &v);
                assert!((t.finish - c).abs() <= 1e-9 * c, "{m:?} {b} {h} {beta}");
                assert!(t.valid(), "{m:?}: {:?}", t.checks);
            }
        }
    }

    #[test]
    fn bad_loads_are_refused() {
        let v = tree(2, 2, 1.0);
        assert!(simulate_loads(Method::C, &v, &[0.5, 0.25]).is_none());
        assert!(simulate_loads(Method::C, &v, &[0.5, f64::NAN, 0.0]).is_none());
        assert!(simulate_loads(Method::P, &v, &[0.5, -0.1, 0.1]).is_none());
        // ℚ: level 1 keeps R_2/β = 0.1 while forwarding, more than its 0.01.
        assert!(simulate_loads(Method::Q, &v, &[0.58, 0.01, 0.1]).is_none());
    }

    #[test]
    fn a_level_with_too_much_load_finishes_last() {
        let v = tree(2, 2, 10.0);
        let mut loads = level_loads(Method::C, &v);
        loads[0] += 0.02;
        loads[2] -= 0.005;
        let t = simulate_loads(Method::C, &v, &loads).unwrap();
        assert!(t.levels[0].finish > t.levels[2].finish);
        assert!(t.finish > closed_form(Method::C, &v));
    }
}
