//! Sweeps behind the plots: over n for several τ (the paper's Fig. 2) and over τ at fixed n.
//! One Fine-Grain pass and one P.Y recurrence over T_n give every height h ≤ n at once.

use std::sync::OnceLock;

use serde::Serialize;

use super::count::Count;
use super::finegrain::fine_grain;
use super::py::{one_processor_makespan, processor_per_node_makespan, py_makespans};
use crate::model::{Cancelled, Progress, par_map};

/// The τ values of the paper's Fig. 2.
pub const FIG2_TAUS: [f64; 4] = [128.0, 256.0, 512.0, 1000.0];
/// Last n of the Fig. 2 plots (the paper stops at 40).
pub const FIG2_N_MAX: u32 = 40;
/// Points of the τ plot (τ = 2^0.05 … 2^20, log-spaced).
pub const TAU_PLOT_POINTS: usize = 120;

/// The τ values of the n plots: Fig. 2's, and the instance's τ when it is not one of them.
pub fn fig2_taus(tau: f64) -> Vec<f64> {
    let mut taus = FIG2_TAUS.to_vec();
    if !taus.contains(&tau) {
        taus.push(tau);
    }
    taus
}

/// The τ values of the τ plot: 2^0.05 … 2^20, [`TAU_PLOT_POINTS`] of them, log-spaced.
pub fn tau_plot_values() -> Vec<f64> {
    log_taus(0.05, 20.0, TAU_PLOT_POINTS)
}

/// Height of the long n plots and of the ratio's limit against τ (the model's largest n).
pub const LIMIT_N: u32 = super::params::N_MAX as u32;
/// Points of the plot of T*(LIMIT_N)/T_PY(LIMIT_N) against τ (τ = 2 … 10^9, log-spaced).
pub const LIMIT_TAU_POINTS: usize = 46;

/// The τ values of the limit plot: 2 … 10^9, [`LIMIT_TAU_POINTS`] of them, log-spaced.
pub fn limit_taus() -> Vec<f64> {
    log_taus(1.0, super::params::TAU_MAX.log2(), LIMIT_TAU_POINTS)
        .into_iter()
        .map(|t| t.min(super::params::TAU_MAX))
        .collect()
}

/// T*(h)/T_PY(h) for h = 1..=n at one τ (Fine-Grain without the processor counts).
pub fn ratios(n: u32, tau: f64) -> Vec<f64> {
    let fg = super::finegrain::fine_grain_makespans(n, tau);
    let py = py_makespans(n, tau);
    fg.t_star.iter().zip(&py).map(|(t, p)| t / p).collect()
}

/// The ratio T*/T_PY for n = 1..=[`LIMIT_N`] at every valid τ of `taus` (in that order):
/// for a fixed τ it levels off at a limit ρ(τ) that falls towards ½ only as τ → ∞
/// (finding grs-half).
pub fn ratio_sweep_long(
    taus: &[f64],
    progress: &dyn Progress,
) -> Result<Vec<(f64, Vec<f64>)>, Cancelled> {
    over_valid_taus(LIMIT_N, taus, progress, |n, tau| (tau, ratios(n, tau)))
}

/// The ratio's limit ρ(τ) as n grows, estimated two ways at one τ.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LimitPoint {
    /// Communication delay.
    pub tau: f64,
    /// T*(N)/T_PY(N) at N = [`LIMIT_N`] (off the limit by both makespans' offsets).
    pub at_n_max: f64,
    /// The ratio of the two makespans' slopes, each averaged over one period of its
    /// increments when they have become periodic by n = N (T* at τ = 128: period 5, at
    /// τ = 1000: constant from n = 126; T_PY: period 7 and 10), else over n = N/2 … N: ρ(τ).
    pub slope: f64,
}

/// The mean increment of `t` (T(h) for h = 1..=N) over its last period, when the increments
/// of the last quarter repeat with a period of at most 200; else over the second half.
fn mean_slope(t: &[f64]) -> f64 {
    let inc: Vec<f64> = t.windows(2).map(|w| w[1] - w[0]).collect();
    let tail = &inc[inc.len() - inc.len() / 4..];
    let same = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(1.0);
    let period = (1..=200.min(tail.len() / 2))
        .find(|&k| (0..tail.len() - k).all(|i| same(tail[i], tail[i + k])));
    let k = period.unwrap_or(inc.len() / 2);
    inc[inc.len() - k..].iter().sum::<f64>() / k as f64
}

/// The ratio's limit ρ(τ) at every valid τ of `taus` (in that order).
pub fn ratio_limit(taus: &[f64], progress: &dyn Progress) -> Result<Vec<LimitPoint>, Cancelled> {
    over_valid_taus(LIMIT_N, taus, progress, |n, tau| {
        let fg = super::finegrain::fine_grain_makespans(n, tau);
        let py = py_makespans(n, tau);
        let last = n as usize - 1;
        LimitPoint {
            tau,
            at_n_max: fg.t_star[last] / py[last],
            slope: mean_slope(&fg.t_star) / mean_slope(&py),
        }
    })
}

/// The limit ρ(τ) at every τ of [`limit_taus`]: the same curve for every instance, so it is
/// computed once per process (about 34 ms on 2 cores: 46 τ at n = [`LIMIT_N`], nine tenths of
/// a whole tree-sweep run) and kept. A cancelled computation keeps nothing.
pub fn limit_curve(progress: &dyn Progress) -> Result<Vec<LimitPoint>, Cancelled> {
    static CURVE: OnceLock<Vec<LimitPoint>> = OnceLock::new();
    if let Some(curve) = CURVE.get() {
        return Ok(curve.clone());
    }
    let curve = ratio_limit(&limit_taus(), progress)?;
    Ok(CURVE.get_or_init(|| curve).clone())
}

/// One (n, τ) point.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepPoint {
    /// Tree height.
    pub n: u32,
    /// Communication delay.
    pub tau: f64,
    /// T*(n) (Fine-Grain, optimal).
    pub t_star: f64,
    /// T_PY(n).
    pub t_py: f64,
    /// T*(n) / T_PY(n) (the paper's "fraction", tending to 1/2).
    pub ratio: f64,
    /// 2^n − 1.
    pub one_processor: f64,
    /// (n − 1)(1 + τ) + 1.
    pub processor_per_node: f64,
    /// Fine-Grain's top-cluster size.
    pub top_cluster: u64,
    /// Fine-Grain's processor count.
    pub processors: Count,
}

/// Every height 1..=n for one τ.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeightSweep {
    /// Communication delay.
    pub tau: f64,
    /// Points for n = 1, 2, …
    pub points: Vec<SweepPoint>,
}

/// All points h = 1..=n for one τ (n ≥ 1, τ > 1, as validated by [`super::TreeSweepParams`]).
pub fn series(n: u32, tau: f64) -> HeightSweep {
    let fg = fine_grain(n, tau);
    let py = py_makespans(n, tau);
    let points = (1..=n)
        .map(|h| {
            let i = h as usize - 1;
            SweepPoint {
                n: h,
                tau,
                t_star: fg.t_star[i],
                t_py: py[i],
                ratio: fg.t_star[i] / py[i],
                one_processor: one_processor_makespan(h),
                processor_per_node: processor_per_node_makespan(h, tau),
                top_cluster: fg.cluster_size[i],
                processors: fg.processors[i],
            }
        })
        .collect();
    HeightSweep { tau, points }
}

/// The Fig. 2 sweep: n = 1..=n_max for every τ in `taus` (in that order). τ values outside
/// the fine-grain model (τ ≤ 1, non-finite, above the limit) are skipped; n_max is clamped
/// to 1..=[`super::params::N_MAX`].
pub fn sweep_n(
    n_max: u32,
    taus: &[f64],
    progress: &dyn Progress,
) -> Result<Vec<HeightSweep>, Cancelled> {
    over_valid_taus(n_max, taus, progress, series)
}

/// Every τ in `taus` (in that order; invalid ones skipped) at height n (clamped as in
/// [`sweep_n`]).
pub fn sweep_tau(
    n: u32,
    taus: &[f64],
    progress: &dyn Progress,
) -> Result<Vec<SweepPoint>, Cancelled> {
    over_valid_taus(n, taus, progress, |n, tau| {
        let fg = fine_grain(n, tau);
        let t_py = super::py::py_makespan(n, tau);
        SweepPoint {
            n,
            tau,
            t_star: fg.makespan(),
            t_py,
            ratio: fg.makespan() / t_py,
            one_processor: one_processor_makespan(n),
            processor_per_node: processor_per_node_makespan(n, tau),
            top_cluster: fg.top_cluster_size(),
            processors: fg.processors_used(),
        }
    })
}

/// `f(n, τ)` at every valid τ of `taus` (in that order), in parallel, with n clamped to
/// 1..=[`super::params::N_MAX`].
fn over_valid_taus<T: Send>(
    n: u32,
    taus: &[f64],
    progress: &dyn Progress,
    f: impl Fn(u32, f64) -> T + Sync + Send,
) -> Result<Vec<T>, Cancelled> {
    let n = n.clamp(1, super::params::N_MAX as u32);
    let ok: Vec<f64> = taus.iter().copied().filter(|&t| valid_tau(t)).collect();
    par_map(ok, progress, |tau| f(n, tau))
}

/// τ values 2^lo, 2^(lo + step), … up to 2^hi (log-spaced, for the τ sweep).
pub fn log_taus(log2_lo: f64, log2_hi: f64, points: usize) -> Vec<f64> {
    let points = points.max(2);
    (0..points)
        .map(|i| 2f64.powf(log2_lo + (log2_hi - log2_lo) * i as f64 / (points - 1) as f64))
        .collect()
}

fn valid_tau(t: f64) -> bool {
    t.is_finite() && t > 1.0 && t <= super::params::TAU_MAX
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::NoProgress;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn fig2_sweep_has_every_point() {
        let s = sweep_n(40, &[128.0, 256.0, 512.0, 1000.0], &NoProgress).unwrap();
        assert_eq!(s.len(), 4);
        for series in &s {
            assert_eq!(series.points.len(), 40);
            let last = series.points.last().unwrap();
            // Measured at n = 40: 0.769 (τ = 128), 0.729 (256), 0.702 (512), 0.691 (1000) — not
            // the "close to 1/2" the paper reads off its Fig. 2.
            assert!(last.ratio > 0.5 && last.ratio < 0.8, "{last:?}");
            assert!(series.points.iter().all(|p| p.t_star <= p.t_py));
        }
    }

    #[test]
    fn tau_sweep_skips_invalid_and_keeps_order() {
        let taus = [0.5, 2.0, f64::NAN, 10.0, 100.0];
        let p = sweep_tau(8, &taus, &NoProgress).unwrap();
        assert_eq!(
            p.iter().map(|x| x.tau).collect::<Vec<_>>(),
            vec![2.0, 10.0, 100.0]
        );
        assert!(p.windows(2).all(|w| w[0].t_star <= w[1].t_star));
        assert_eq!(log_taus(1.0, 3.0, 3), vec![2.0, 4.0, 8.0]);
    }

    /// grs-half: for fixed τ the ratio levels off far above ½ and its limit falls towards ½
    /// only as τ grows by orders of magnitude.
    #[test]
    fn the_ratio_levels_off_and_its_limit_falls_slowly() {
        let l = ratio_limit(&[128.0, 1e3, 1e6, 1e9], &NoProgress).unwrap();
        let at: Vec<f64> = l.iter().map(|p| p.at_n_max).collect();
        for (got, want) in at.iter().zip([0.750, 0.699, 0.624, 0.586]) {
            assert!((got - want).abs() < 0.0005, "{at:?}");
        }
        // Exact limits where both increments are periodic: 27.2/(254/7) and 140/200.1.
        assert!((l[0].slope - 27.2 / (254.0 / 7.0)).abs() < 1e-9, "{l:?}");
        assert!((l[1].slope - 140.0 / 200.1).abs() < 1e-9, "{l:?}");
        assert!(l.iter().all(|p| p.slope > 0.55 && p.slope < 0.76), "{l:?}");
        let long = ratio_sweep_long(&[128.0], &NoProgress).unwrap();
        let r = &long[0].1;
        assert_eq!(r.len(), LIMIT_N as usize);
        assert_eq!(r[LIMIT_N as usize - 1], l[0].at_n_max);
        // From n = 200 on, τ = 128's ratio stays within 0.74 … 0.76 (limit 0.7496).
        assert!(
            r[199..].iter().all(|&x| (0.74..0.76).contains(&x)),
            "{:?}",
            &r[199..210]
        );
        assert_eq!(limit_taus().len(), LIMIT_TAU_POINTS);
        assert!(limit_taus().iter().all(|&t| valid_tau(t)));
    }

    /// The curve kept for every instance is the whole limit plot, and the same on each ask.
    #[test]
    fn the_limit_curve_is_kept_whole() {
        let first = limit_curve(&NoProgress).unwrap();
        assert_eq!(first.len(), LIMIT_TAU_POINTS);
        let last = first.last().unwrap();
        assert_eq!(last.tau, 1e9);
        assert!((last.at_n_max - 0.586).abs() < 0.0005, "{last:?}");
        assert_eq!(limit_curve(&NoProgress).unwrap(), first);
    }

    #[test]
    fn cancelled_sweeps_stop() {
        let flag = AtomicBool::new(true);
        let pr = crate::model::FlagProgress(&flag);
        assert_eq!(sweep_n(10, &[2.0], &pr), Err(Cancelled));
        assert_eq!(sweep_tau(10, &[2.0], &pr), Err(Cancelled));
    }
}
