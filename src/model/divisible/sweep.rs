//! Parameter sweeps behind the plots: every point is a full simulation beside its closed form.

use serde::Serialize;

use super::params::{Method, Valid, max_height};
use super::simulate::simulate_time;
use super::theory;
use crate::model::{Cancelled, Progress};

/// Number of β values of the β-sweep plot (and of its CSV export).
pub const BETA_POINTS: usize = 61;

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
    let top = h_max.min(max_height(v.b));
    let mut out = Vec::with_capacity(top as usize + 1);
    for h in 0..=top {
        if progress.cancelled() {
            return Err(Cancelled);
        }
        if let Some(vh) = v.with_h(h) {
            out.push(point(h as f64, &vh));
        }
        progress.set((h + 1) as f32 / (top + 1) as f32);
    }
    Ok(out)
}

/// `count` values of β, log-spaced over [lo, hi], at the instance's b and h.
pub fn sweep_beta(
    v: &Valid,
    lo: f64,
    hi: f64,
    count: usize,
    progress: &dyn Progress,
) -> Result<Vec<SweepPoint>, Cancelled> {
    let count = count.max(2);
    let (a, z) = (lo.ln(), hi.ln());
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        if progress.cancelled() {
            return Err(Cancelled);
        }
        let beta = (a + (z - a) * i as f64 / (count - 1) as f64).exp();
        let vb = Valid { beta, ..*v };
        out.push(point(beta, &vb));
        progress.set((i + 1) as f32 / count as f32);
    }
    Ok(out)
}
