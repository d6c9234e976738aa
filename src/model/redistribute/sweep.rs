//! Random-instance studies behind the plots: makespan against the best lower bound while n or
//! max |δ| grows, the distribution of System 6's optimum over Lemma 12's bound on
//! heterogeneous bidirectional rings, and Algorithm 3's rounds against Lemma 6.
//!
//! Every instance comes from [`random_instance`] with a seed derived from the study's seed
//! and the sample's position, so every point is reproducible on its own.

use super::alg3::Alg3Variant;
use super::bounds;
use super::editing::{RandomSpec, random_instance};
use super::homogeneous::algorithm3;
use super::instance::{Direction, RingInstance};
use super::lemma12::lemma12;
use super::params::BUDGET;
use super::params::{Algorithm, SweepSpec, SweepVar};
use super::run::{cost as run_cost, run};
use super::schedule::verify;
use super::system6::solve_system6;
use crate::model::budget::{Cost, MEMORY_LIMIT};
use crate::model::{Cancelled, Progress, par_map};

/// Number of points of a sweep.
pub const POINTS: usize = 12;

/// One point of the makespan study: means over the samples that produced a valid schedule;
/// the failed ones are left out and counted. A point where every sample failed has no value
/// (`None`): a gap in the plots and an empty cell in the tables, never a 0.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepPoint {
    /// Value of the swept variable.
    pub x: f64,
    /// Mean makespan over the valid samples.
    pub makespan: Option<f64>,
    /// Mean best applicable lower bound over the valid samples.
    pub bound: Option<f64>,
    /// Largest makespan / bound over the valid samples.
    pub worst_ratio: Option<f64>,
    /// Samples whose schedule failed the checker (or could not run).
    pub failed: usize,
}

/// The swept values: about [`POINTS`] values from the smallest allowed to `to`, evenly spaced
/// on a log scale when the range is wide.
pub fn sweep_values(spec: &SweepSpec) -> Vec<usize> {
    let lo = match spec.var {
        SweepVar::N => 3usize,
        SweepVar::MaxDelta => 1,
    };
    let hi = spec.to.max(lo);
    let mut v: Vec<usize> = if hi / lo > 20 {
        (0..POINTS)
            .map(|k| {
                let t = k as f64 / (POINTS - 1) as f64;
                (lo as f64 * (hi as f64 / lo as f64).powf(t)).round() as usize
            })
            .collect()
    } else {
        (0..POINTS)
            .map(|k| lo + (hi - lo) * k / (POINTS - 1))
            .collect()
    };
    v.dedup();
    v
}

fn sample_seed(seed: u64, point: usize, sample: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((point as u64) << 32)
        .wrapping_add(sample as u64)
}

/// Work and memory of one sample's run: its [`cost`](super::run::cost), or O(n) when the run
/// refuses the ring for its budget (a failed sample). Two samples run at once.
fn sample_cost(inst: &RingInstance, algorithm: Algorithm) -> Cost {
    let c = run_cost(inst, algorithm);
    if c.work > BUDGET.work || c.bytes > MEMORY_LIMIT {
        Cost::new(inst.n() as f64, 0.0)
    } else {
        Cost::new(c.work, 2.0 * c.bytes)
    }
}

/// Work and memory of [`makespan_sweep`], estimated from the first random ring of every point
/// (the samples of a point are alike) with a margin of 2: measured, 200 samples of 12 rings up
/// to n = 2000 took 8.5 s for about 8·10^8 estimated units, 100 samples up to max |δ| =
/// 100 000 took 121 s for 7.5·10^9.
pub fn makespan_sweep_cost(
    spec: &SweepSpec,
    direction: Direction,
    heterogeneous: bool,
    algorithm: Algorithm,
) -> Cost {
    let samples = spec.samples as f64;
    sweep_values(spec)
        .iter()
        .enumerate()
        .map(|(k, &x)| {
            let (n, max_delta) = match spec.var {
                SweepVar::N => (x, spec.fixed as i64),
                SweepVar::MaxDelta => (spec.fixed, x as i64),
            };
            let inst = random_instance(&RandomSpec {
                seed: sample_seed(spec.seed, k, 0),
                n,
                max_delta,
                heterogeneous,
                direction,
                heavy: true,
            });
            let c = sample_cost(&inst, algorithm);
            Cost::new(2.0 * c.work * samples, c.bytes)
        })
        .fold(Cost::default(), |a, b| {
            Cost::new(a.work + b.work, a.bytes.max(b.bytes))
        })
}

/// Work and memory of [`rounds_vs_lemma6`]: both readings of Algorithm 3 on every ring.
pub fn rounds_study_cost(n: usize, max_delta: i64, samples: usize, seed: u64) -> Cost {
    (0..samples)
        .map(|s| {
            let inst = RingInstance::homogeneous(
                random_delta(
                    sample_seed(seed, 1, s),
                    n,
                    1 + (s as i64 % max_delta.max(1)),
                ),
                Direction::Bi,
                1.0,
            );
            let c = sample_cost(&inst, Algorithm::Alg3);
            Cost::new(2.0 * c.work, c.bytes)
        })
        .fold(Cost::default(), |a, b| {
            Cost::new(a.work + b.work, a.bytes.max(b.bytes))
        })
}

/// The unbalances of the random ring the rounds study draws for `seed`.
fn random_delta(seed: u64, n: usize, max_delta: i64) -> Vec<i64> {
    random_instance(&RandomSpec {
        seed,
        n,
        max_delta,
        heterogeneous: false,
        direction: Direction::Bi,
        heavy: true,
    })
    .delta
}

/// Runs `algorithm` on `spec.samples` random rings per point (direction and homogeneity as
/// given) and compares the makespans with the best applicable bound.
pub fn makespan_sweep(
    spec: &SweepSpec,
    direction: Direction,
    heterogeneous: bool,
    algorithm: Algorithm,
    progress: &dyn Progress,
) -> Result<Vec<SweepPoint>, Cancelled> {
    let values = sweep_values(spec);
    let samples = spec.samples;
    // Every sample of every point at once: sample s of point k is entry k·samples + s.
    let ring = |i: usize| {
        let (k, s) = (i / samples, i % samples);
        let (n, max_delta) = match spec.var {
            SweepVar::N => (values[k], spec.fixed as i64),
            SweepVar::MaxDelta => (spec.fixed, values[k] as i64),
        };
        RandomSpec {
            seed: sample_seed(spec.seed, k, s),
            n,
            max_delta,
            heterogeneous,
            direction,
            heavy: true,
        }
    };
    let all = on_random_rings(values.len() * samples, progress, ring, |inst| {
        let valid = inst.validate().ok()?;
        let r = run(inst, valid, algorithm).ok()?;
        r.verification.valid.then_some((r.makespan, r.lower_bound))
    })?;
    Ok(values
        .iter()
        .enumerate()
        .map(|(k, &x)| {
            let results = &all[k * samples..(k + 1) * samples];
            let ok: Vec<(f64, f64)> = results.iter().flatten().copied().collect();
            let m = ok.len() as f64;
            let valid = !ok.is_empty();
            SweepPoint {
                x: x as f64,
                makespan: valid.then(|| ok.iter().map(|r| r.0).sum::<f64>() / m),
                bound: valid.then(|| ok.iter().map(|r| r.1).sum::<f64>() / m),
                worst_ratio: valid.then(|| {
                    ok.iter()
                        .map(|r| if r.1 > 0.0 { r.0 / r.1 } else { 1.0 })
                        .fold(0.0, f64::max)
                }),
                failed: results.len() - ok.len(),
            }
        })
        .collect())
}

/// One heterogeneous bidirectional instance of the LP study.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LpRatio {
    /// System 6's integer optimum.
    pub tau_int: f64,
    /// Lemma 12's bound.
    pub lemma12: f64,
    /// τ_int / Lemma 12 (1 when the bound is 0).
    pub ratio: f64,
    /// Whether the solution is light (else System 6's schedule is not executable as is).
    pub light: bool,
}

/// System 6's integer optimum against Lemma 12 on `samples` random heterogeneous
/// bidirectional rings of `n` processors (heavy or light loads).
pub fn lp_ratios(
    n: usize,
    max_delta: i64,
    samples: usize,
    seed: u64,
    heavy: bool,
    progress: &dyn Progress,
) -> Result<Vec<LpRatio>, Cancelled> {
    let ring = |s| RandomSpec {
        seed: sample_seed(seed, 0, s),
        n,
        max_delta,
        heterogeneous: true,
        direction: Direction::Bi,
        heavy,
    };
    on_random_rings(samples, progress, ring, |inst| {
        let sol = solve_system6(inst);
        let b = lemma12(inst);
        LpRatio {
            tau_int: sol.tau_int,
            lemma12: b,
            ratio: if b > 0.0 { sol.tau_int / b } else { 1.0 },
            light: sol.light,
        }
    })
}

/// One homogeneous bidirectional instance of the rounds study.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoundsPoint {
    /// Lemma 6's number of rounds.
    pub lemma6: i64,
    /// Rounds of the corrected Algorithm 3 (`None`: it refused the ring, a failed sample).
    pub corrected: Option<usize>,
    /// Whether the corrected schedule passed the checker.
    pub corrected_valid: bool,
    /// Rounds of the literal Algorithm 3 (`None`: it refused the ring).
    pub literal: Option<usize>,
    /// Whether the literal schedule passed the checker.
    pub literal_valid: bool,
}

/// Algorithm 3 (both readings) against Lemma 6 on `samples` random homogeneous bidirectional
/// rings with n processors and |δ_k| ≤ max_delta.
pub fn rounds_vs_lemma6(
    n: usize,
    max_delta: i64,
    samples: usize,
    seed: u64,
    progress: &dyn Progress,
) -> Result<Vec<RoundsPoint>, Cancelled> {
    // Vary δ_max across the samples so the plot covers a range of Lemma 6 values.
    let ring = |s: usize| RandomSpec {
        seed: sample_seed(seed, 1, s),
        n,
        max_delta: 1 + (s as i64 % max_delta.max(1)),
        heterogeneous: false,
        direction: Direction::Bi,
        heavy: true,
    };
    on_random_rings(samples, progress, ring, |inst| {
        // Small rings (n ≤ 200, |δ| ≤ 1000) are far below Algorithm 3's work cap.
        let run = |v| {
            algorithm3(inst, v).map_or((None, false), |s| {
                (Some(rounds_of(&s)), verify(inst, &s).valid)
            })
        };
        let (corrected, corrected_valid) = run(Alg3Variant::Corrected);
        let (literal, literal_valid) = run(Alg3Variant::Literal);
        RoundsPoint {
            lemma6: bounds::lemma6_rounds(&inst.delta),
            corrected,
            corrected_valid,
            literal,
            literal_valid,
        }
    })
}

/// `f` on the random ring `spec(s)` of every sample s in 0..samples, on all cores; the
/// results keep the sample order.
fn on_random_rings<T: Send>(
    samples: usize,
    progress: &dyn Progress,
    spec: impl Fn(usize) -> RandomSpec + Sync + Send,
    f: impl Fn(&RingInstance) -> T + Sync + Send,
) -> Result<Vec<T>, Cancelled> {
    par_map(0..samples, progress, |s| f(&random_instance(&spec(s))))
}

fn rounds_of(s: &super::schedule::Schedule) -> usize {
    match s {
        super::schedule::Schedule::Rounds { rounds, .. } => rounds.len(),
        super::schedule::Schedule::Timed(_) => 0,
    }
}
