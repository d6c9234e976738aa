//! Parameter sweeps behind the plots: every point is a full simulation beside its closed form.

use serde::Serialize;

use super::params::{Method, Valid, max_height};
use super::simulate::simulate_time;
use super::theory;
use crate::model::budget::{Budget, Cost};
use crate::model::{Cancelled, ParamError, Progress, ensure, par_map};

/// Number of β values of the β-sweep plot (and of its CSV export).
pub const BETA_POINTS: usize = 61;

/// The divisible model's budget. One unit is one fragment handled by a level's representative
/// in one method's event simulation; a sweep point plays the three methods, 3·(h + 1)²
/// fragments at most, plus [`POINT_OVERHEAD`] for its closed forms and its output.
///
/// Calibration (release build, reference machine, 2 cores under a load of about 4):
/// `--sweep beta --beta-points 1000000 --json` took 27.5 s and 6.7 GB (h = 5), 200 000 points
/// at h = 63 took 7.7 s and 1.35 GB, i.e. about 0.9 ns per fragment event and 27 µs of
/// overhead per printed point; 10 s is about 10^10 events. Memory binds first: about 140 000
/// points are accepted, which print in about 4 s.
pub const BUDGET: Budget = Budget {
    unit: "fragment events",
    work: 1e10,
};

/// Work of one sweep point besides its fragments, in fragment events (closed forms, the point's
/// JSON object or table rows): 27 µs measured.
pub const POINT_OVERHEAD: f64 = 30_000.0;

/// Memory of one β-sweep point with its output (the point and its JSON object, the largest
/// form), in bytes: 6.7 kB measured.
pub const POINT_BYTES: f64 = 7_000.0;

/// Work and memory of one evaluation of an instance (three methods with every interval and
/// the checks, O(h³)): at most about 10^6 fragment events for h ≤ 63, always far inside
/// [`BUDGET`] (tested).
pub fn cost(v: &Valid) -> Cost {
    let levels = v.h as f64 + 1.0;
    let intervals = 3.0 * 3.0 * levels * levels;
    Cost::new(intervals * levels, intervals * 64.0)
}

/// Work and memory of a β sweep of `count` points at the instance's b and h.
pub fn beta_sweep_cost(v: &Valid, count: usize) -> Cost {
    let levels = v.h as f64 + 1.0;
    let points = count as f64;
    Cost::new(
        points * (3.0 * levels * levels + POINT_OVERHEAD),
        points * POINT_BYTES,
    )
}

/// Refuses a β sweep of fewer than 2 points or beyond [`BUDGET`] (on "beta_points").
pub fn check_beta_points(v: &Valid, count: usize) -> Result<(), ParamError> {
    ensure(count >= 2, "beta_points", || {
        format!("the β sweep needs at least 2 points (got {count})")
    })?;
    BUDGET.check(
        "beta_points",
        &format!("{count} β points at h = {}", v.h),
        beta_sweep_cost(v, count),
    )
}

/// One method at one sweep point.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SweepValue {
    /// Simulated T_N.
    pub simulated: f64,
    /// Closed-form T_N.
    pub closed: f64,
}

/// One sweep point: the swept value and C, P, Q there (in that order).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepPoint {
    /// The swept parameter (h or β).
    pub x: f64,
    /// β at this point.
    pub beta: f64,
    /// N at this point.
    pub n: u64,
    /// ℂ, ℙ, ℚ.
    pub values: [SweepValue; 3],
}

impl SweepPoint {
    /// The value of one method.
    pub fn get(&self, m: Method) -> SweepValue {
        self.values[m as usize]
    }
}

fn point(x: f64, v: &Valid) -> SweepPoint {
    let values = Method::ALL.map(|m| SweepValue {
        simulated: simulate_time(m, v),
        closed: theory::closed_form(m, v),
    });
    SweepPoint {
        x,
        beta: v.beta,
        n: v.n,
        values,
    }
}

/// h = 0..=h_max (clamped to the largest h whose N fits in 64 bits) at the instance's b, β.
pub fn sweep_h(
    v: &Valid,
    h_max: u64,
    progress: &dyn Progress,
) -> Result<Vec<SweepPoint>, Cancelled> {
    let top = h_max.min(max_height(v.b)) as u32;
    let points = par_map(0..top + 1, progress, |h| {
        let vh = v.with_h(u64::from(h))?;
        Some(point(f64::from(h), &vh))
    })?;
    Ok(points.into_iter().flatten().collect())
}

/// `count` values of β, log-spaced over [lo, hi], at the instance's b and h (at least 2:
/// callers check `count` with [`check_beta_points`] first).
pub fn sweep_beta(
    v: &Valid,
    lo: f64,
    hi: f64,
    count: usize,
    progress: &dyn Progress,
) -> Result<Vec<SweepPoint>, Cancelled> {
    let count = count.max(2);
    let (a, z) = (lo.ln(), hi.ln());
    par_map(0..count, progress, |i| {
        let beta = (a + (z - a) * i as f64 / (count - 1) as f64).exp();
        point(beta, &Valid { beta, ..*v })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::divisible::DivisibleParams;

    fn at(h: i64) -> Valid {
        DivisibleParams {
            h,
            ..Default::default()
        }
        .validate()
        .unwrap()
    }

    #[test]
    fn beta_sweep_points_within_the_budget() {
        let v = at(5);
        assert!(check_beta_points(&v, BETA_POINTS).is_ok());
        assert!(check_beta_points(&v, 2).is_ok());
        for count in [0, 1] {
            let e = check_beta_points(&v, count).unwrap_err();
            assert_eq!(e.field, "beta_points");
            assert!(e.message.contains("at least 2"), "{e}");
        }
        // Memory binds: 7 kB per printed point, 1 GB.
        assert!(check_beta_points(&v, 140_000).is_ok());
        let e = check_beta_points(&v, 150_000).unwrap_err();
        assert!(e.message.contains("of memory"), "{e}");
        let e = check_beta_points(&v, 100_000_000).unwrap_err();
        assert!(e.message.contains("fragment events"), "{e}");
        // Work grows with the tree: 3·(h + 1)² fragments per point besides the overhead.
        let (small, big) = (
            beta_sweep_cost(&at(5), 1000),
            beta_sweep_cost(&at(63), 1000),
        );
        assert!(big.work > small.work && big.bytes == small.bytes);
        // One evaluation, even of the deepest tree, is far inside the budget.
        assert!(cost(&at(63)).work < BUDGET.work / 1000.0);
    }
}
