//! Section 8: an iterative application on a heterogeneous bidirectional ring whose CPU speeds
//! change during the run, redistributed 0, 1, 4, 9 or 19 times with the light-redistribution
//! linear program of Section 6 (Figs. 13–14).
//!
//! # The simulated experiment (a simplification of the paper's SimGrid runs)
//!
//! * **Platform.** p processors (8 and 32 in the paper) on a bidirectional ring. Each of the 2p
//!   directed link costs c_{i,i±1} (time to send one column) is a seeded uniform integer in
//!   1..=10 — instead of the paper's Tiers-generated WAN/MAN/LAN routes measured with
//!   pathchar.
//! * **CPU speeds.** Drawn uniformly from [`SPEEDS`], six illustrative LINPACK-like MFlops
//!   figures for machines from a Pentium Pro 200 MHz to a Pentium 4 1.7 GHz (plausible
//!   orders of magnitude, not the paper's measurements). Each speed changes twice: at an
//!   iteration drawn uniformly in 20..=40 and at one in 60..=80 (20–40 % and 60–80 % of the
//!   run when it is not 100 iterations long), each time to a different value of the list.
//! * **Application.** 100 iterations over N = 1000 columns, initially distributed
//!   proportionally to the initial speeds (largest remainder, at least one column each). An
//!   iteration lasts max_i (columns_i / speed_i) × w, w the work of one column.
//! * **Redistribution** after iteration k: the target is proportional to the speeds of
//!   iteration k (the load balancer is an oracle that knows them), δ = current − target, the
//!   loads L are the current columns, and the time is τ_int of System 6
//!   ([`super::system6::solve_system6`]) when its optimum is light. Otherwise, with
//!   [`HeavyPolicy::LightOnly`] (the paper only uses the light algorithm), System 12's light
//!   optimum is used ([`super::system6::solve_system12`]) and, when no light solution exists, the
//!   redistribution is skipped (the columns stay put, at no cost). With
//!   [`HeavyPolicy::Forward`] the better of System 12 and System 6's flows scheduled with
//!   forwarding ([`super::lemma9::asap_schedule`]) is used, so no redistribution is skipped.
//! * **Schemes.** never; once (after iteration 50); 4 (after 20, 40, 60, 80); 9 (every 10);
//!   19 (every 5) — in general k redistributions after iterations j·T/(k + 1), j = 1..k.
//!
//! # The ratio and the normalisation
//!
//! The computation-to-communication ratio r is the length of a perfectly balanced iteration
//! on the initial platform divided by the mean link cost (the time to send one column over an
//! average link):
//!
//! r = T*_0 / c̄, T*_0 = N·w / Σ_i s_i(0), c̄ = mean of the 2p costs c_{i,i±1},
//!
//! i.e. an ideal iteration lasts as long as sending r columns over an average link (w is set
//! from r on each platform). The execution time of a scheme is w·A + B, with A = Σ_iterations
//! max_i(columns_i / speed_i) and B = Σ τ of its redistributions (link-cost units); it is
//! normalised by the time of an oracle that is always perfectly balanced at no redistribution
//! cost, w·Σ_iterations N / Σ_i speed_i. Averaged over the platforms, every curve is therefore
//! exactly a + b/r: [`SchemeCurve::balance`] a ≥ 1 (its imbalance alone) plus
//! [`SchemeCurve::cost`] b over r. "never" is flat (b = 0), and a scheme beats it exactly when
//! r > b / (a_never − a) ([`SchemeCurve::break_even`]).
//!
//! So under this definition (and any other in which r scales computation against
//! communication) the paper's *text* holds: when r increases, iterations take more time and
//! redistributions become more useful; with 8 processors "never" wins at r = 1 and 19
//! redistributions at r = 10. The paper's *figure discussion* (no redistribution at ratio 10,
//! many at ratio 1) describes the opposite axis, a communication-to-computation ratio.
//!
//! # How often the light hypothesis holds
//!
//! Rarely, in this setting: slow processors hold few columns, yet the columns leaving a
//! processor that slowed down must often cross them to reach the far side of the ring. Over 500 platforms
//! (seed 1, `light_statistics` test), the single redistribution of "once" (after iteration 50)
//! has a light System 6 optimum on 8 % of the platforms with p = 8, a System 12 solution on
//! 17 % more and no light solution at all on 75 %; with p = 32 there is never a light
//! solution. With [`HeavyPolicy::LightOnly`] and 19 redistributions, 10.2 (p = 8) and 15.6
//! (p = 32) of them are skipped on average.
//! [`HeavyPolicy::Forward`] performs them all, at a higher total cost and a much better balance.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::editing::proportional_targets;
use super::instance::{Costs, Direction, RingInstance};
use super::lemma9::{ASAP_MAX_ITEMS, asap_schedule};
use super::system6::{solve_system6, solve_system12};
use crate::model::budget::Cost;
use crate::model::format::{Precision, number};
use crate::model::{Cancelled, ParamError, Progress, ensure, par_map, param_error};

/// Illustrative LINPACK-like speeds (MFlops) the CPU speeds are drawn from.
pub const SPEEDS: [(&str, f64); 6] = [
    ("Pentium Pro 200 MHz", 40.0),
    ("Pentium II 350 MHz", 75.0),
    ("Celeron 400 MHz", 85.0),
    ("Pentium III 800 MHz", 160.0),
    ("Athlon 1.4 GHz", 330.0),
    ("Pentium 4 1.7 GHz", 400.0),
];

/// Number of redistributions of the five schemes of the paper.
pub const SCHEMES: [usize; 5] = [0, 1, 4, 9, 19];

/// What a redistribution does when System 6's optimum is not light.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum HeavyPolicy {
    /// System 12's light optimum, or skip the redistribution when there is none.
    #[default]
    LightOnly,
    /// The faster of System 12 (when feasible) and System 6's flows with forwarding
    /// ([`super::lemma9::asap_schedule`]); never skips.
    Forward,
}

/// Parameters of the experiment (their `Default` reads the descriptors in [`super::params`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IterativeParams {
    /// Ring size (8 in Fig. 13, 32 in Fig. 14).
    pub p: usize,
    /// The platforms' seed ([`super::params::ITERATIVE_SEED`]).
    pub seed: u64,
    /// Iterations (100 in the paper).
    pub iterations: usize,
    /// Columns N (1000 in the paper).
    pub columns: i64,
    /// Computation-to-communication ratios r of the x-axis.
    pub ratios: Vec<f64>,
    /// The curves average this many seeded platforms.
    pub instances: usize,
    /// What to do when System 6's optimum is not light.
    pub heavy: HeavyPolicy,
}

/// Largest ring accepted.
pub const P_MAX: usize = 256;
/// Largest iteration count accepted.
pub const ITERATIONS_MAX: usize = 10_000;
/// Largest column count accepted.
pub const COLUMNS_MAX: i64 = 10_000_000;
/// Largest number of platforms accepted.
pub const INSTANCES_MAX: usize = 10_000;
/// Most ratios accepted.
pub const RATIOS_MAX: usize = 1000;

impl IterativeParams {
    /// Checks the parameters; the error names the field.
    pub fn validate(&self) -> Result<(), ParamError> {
        ensure((2..=P_MAX).contains(&self.p), "p", || {
            format!("the ring needs 2 to {P_MAX} processors (got {})", self.p)
        })?;
        ensure(
            (10..=ITERATIONS_MAX).contains(&self.iterations),
            "iterations",
            || {
                format!(
                    "between 10 and {ITERATIONS_MAX} (got {}); the speed changes and the 19 \
                 redistributions need room",
                    self.iterations
                )
            },
        )?;
        ensure(
            (self.p as i64..=COLUMNS_MAX).contains(&self.columns),
            "columns",
            || {
                format!(
                    "between p = {} (one each) and {COLUMNS_MAX} (got {})",
                    self.p, self.columns
                )
            },
        )?;
        ensure(
            (1..=RATIOS_MAX).contains(&self.ratios.len()),
            "ratios",
            || format!("give 1 to {RATIOS_MAX} ratios"),
        )?;
        let bad = |r: &&f64| !r.is_finite() || **r <= 0.0 || **r > 1e9;
        if let Some(r) = self.ratios.iter().find(bad) {
            return Err(param_error(
                "ratios",
                format!(
                    "every ratio must be in (0, 1e9] (got {})",
                    number(*r, Precision::Exact)
                ),
            ));
        }
        ensure(
            (1..=INSTANCES_MAX).contains(&self.instances),
            "instances",
            || format!("between 1 and {INSTANCES_MAX} (got {})", self.instances),
        )
    }
}

/// One scheme's curve, averaged over the platforms.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SchemeCurve {
    /// "never", "once", "4", "9", "19".
    pub name: String,
    /// Redistributions planned.
    pub redistributions: usize,
    /// The iterations after which they happen (1-based).
    pub after: Vec<usize>,
    /// Normalised execution time for each ratio (= `balance` + `cost` / r).
    pub normalised: Vec<f64>,
    /// a: mean Σ max_i(columns_i/speed_i) over the oracle's Σ N/Σ speed (≥ 1).
    pub balance: f64,
    /// b: mean redistribution time over the oracle's time at r = 1.
    pub cost: f64,
    /// Mean Σ τ per run, in link-cost units.
    pub tau_total: f64,
    /// Mean number of redistributions solved by System 12 (System 6's optimum not light).
    pub via_system12: f64,
    /// Mean number of redistribution points where the columns were already proportional to
    /// the speeds (nothing to do, no cost).
    pub unchanged: f64,
    /// Mean number skipped (no light solution, [`HeavyPolicy::LightOnly`]).
    pub skipped: f64,
    /// Mean number scheduled with forwarding ([`HeavyPolicy::Forward`]).
    pub forwarded: f64,
}

impl SchemeCurve {
    /// The ratio above which this scheme beats `never` (None: never, or always).
    pub fn break_even(&self, never: &SchemeCurve) -> Option<f64> {
        let gain = never.balance - self.balance;
        (gain > 0.0 && self.cost > 0.0).then(|| self.cost / gain)
    }
}

/// The experiment's output.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IterativeResult {
    /// The x-axis.
    pub ratios: Vec<f64>,
    /// One curve per scheme of [`SCHEMES`].
    pub schemes: Vec<SchemeCurve>,
    /// For each ratio, the index in `schemes` of the fastest scheme.
    pub best: Vec<usize>,
    /// CPU speeds of the first platform, `[processor][iteration]` (the paper's Fig. 12).
    pub sample_speeds: Vec<Vec<f64>>,
}

/// The iterations after which a scheme with k redistributions redistributes.
pub fn scheme_iterations(k: usize, iterations: usize) -> Vec<usize> {
    (1..=k).map(|j| j * iterations / (k + 1)).collect()
}

fn scheme_name(k: usize) -> String {
    match k {
        0 => "never".into(),
        1 => "once".into(),
        k => k.to_string(),
    }
}

/// One seeded platform.
struct Platform {
    cw: Vec<f64>,
    ccw: Vec<f64>,
    /// speeds[k][i]: speed of processor i during iteration k + 1.
    speeds: Vec<Vec<f64>>,
}

fn platform(params: &IterativeParams, index: usize) -> Platform {
    let mut rng = ChaCha8Rng::seed_from_u64(params.seed);
    rng.set_stream(index as u64);
    let p = params.p;
    let t = params.iterations;
    let cw: Vec<f64> = (0..p).map(|_| rng.random_range(1..=10) as f64).collect();
    let ccw: Vec<f64> = (0..p).map(|_| rng.random_range(1..=10) as f64).collect();
    let mut speeds = vec![vec![0.0; p]; t];
    let window = |lo: usize, hi: usize| (t * lo / 100).max(2)..=(t * hi / 100).max(2);
    for i in 0..p {
        let mut s = rng.random_range(0..SPEEDS.len());
        let c1 = rng.random_range(window(20, 40));
        let c2 = rng.random_range(window(60, 80));
        let other = |s: usize, rng: &mut ChaCha8Rng| {
            let j = rng.random_range(0..SPEEDS.len() - 1);
            if j >= s { j + 1 } else { j }
        };
        for (k, row) in speeds.iter_mut().enumerate() {
            let iteration = k + 1;
            if iteration == c1 || iteration == c2 {
                s = other(s, &mut rng);
            }
            row[i] = SPEEDS[s].1;
        }
    }
    Platform { cw, ccw, speeds }
}

/// What one scheme did on one platform.
#[derive(Debug, Clone, Copy, Default)]
struct Run {
    /// Σ max_i columns_i / speed_i.
    a: f64,
    /// Σ τ (link-cost units).
    b: f64,
    via12: usize,
    skipped: usize,
    forwarded: usize,
    unchanged: usize,
}

fn run_scheme(params: &IterativeParams, pf: &Platform, after: &[usize]) -> Run {
    let p = params.p;
    let n_cols = params.columns;
    let mut cols = proportional_targets(&pf.speeds[0], n_cols).expect("validated");
    let mut run = Run::default();
    for (k, speeds) in pf.speeds.iter().enumerate() {
        let iteration = k + 1;
        run.a += (0..p)
            .map(|i| cols[i] as f64 / speeds[i])
            .fold(0.0, f64::max);
        if !after.contains(&iteration) || iteration == params.iterations {
            continue;
        }
        let target = proportional_targets(speeds, n_cols).expect("validated");
        if target == cols {
            run.unchanged += 1;
            continue;
        }
        let inst = RingInstance {
            delta: cols.iter().zip(&target).map(|(c, t)| c - t).collect(),
            loads: cols.clone(),
            direction: Direction::Bi,
            costs: Costs::Heterogeneous {
                cw: pf.cw.clone(),
                ccw: pf.ccw.clone(),
            },
        };
        let s6 = solve_system6(&inst);
        if s6.light {
            run.b += s6.tau_int;
            cols = target;
            continue;
        }
        let s12 = solve_system12(&inst).ok().map(|s| s.tau_int);
        let fwd = match params.heavy {
            HeavyPolicy::LightOnly => None,
            HeavyPolicy::Forward => asap_schedule(&inst, &s6.flows).ok().map(|s| s.makespan()),
        };
        match (s12, fwd) {
            (Some(a), Some(b)) if b < a => {
                run.b += b;
                run.forwarded += 1;
            }
            (Some(a), _) => {
                run.b += a;
                run.via12 += 1;
            }
            (None, Some(b)) => {
                run.b += b;
                run.forwarded += 1;
            }
            (None, None) => {
                run.skipped += 1;
                continue;
            }
        }
        cols = target;
    }
    run
}

/// Per platform: (balance a, cost b) of every scheme, plus the counters.
struct PlatformResult {
    schemes: Vec<(f64, f64, Run)>,
}

fn simulate(params: &IterativeParams, index: usize) -> PlatformResult {
    let pf = platform(params, index);
    let p = params.p as f64;
    let n_cols = params.columns as f64;
    let c_mean = (pf.cw.iter().sum::<f64>() + pf.ccw.iter().sum::<f64>()) / (2.0 * p);
    // Oracle time per unit w: Σ N / Σ speed.
    let oracle: f64 = pf
        .speeds
        .iter()
        .map(|s| n_cols / s.iter().sum::<f64>())
        .sum();
    // r = T*_0 / c̄ with T*_0 = N w / Σ s(0)  ⇒  w = r c̄ Σ s(0) / N, and
    // normalised = (w A + B) / (w O) = A/O + (B / (w₁ O)) / r with w₁ = c̄ Σ s(0) / N.
    let w1 = c_mean * pf.speeds[0].iter().sum::<f64>() / n_cols;
    let schemes = SCHEMES
        .iter()
        .map(|&k| {
            let run = run_scheme(params, &pf, &scheme_iterations(k, params.iterations));
            (run.a / oracle, run.b / (w1 * oracle), run)
        })
        .collect();
    PlatformResult { schemes }
}

/// Work and memory of [`run_iterative`], in the redistribution budget's transfer steps: every
/// platform runs the [`SCHEMES`] over the iterations (a pass over the p processors each) and
/// solves System 6 / 12 (O(p log p)) for each of their 33 redistributions, plus the items
/// forwarded one by one with [`HeavyPolicy::Forward`]; two platforms (their speed tables) are
/// held at once. Measured (release build, reference machine under load): 500 platforms of
/// p = 16 over 10 000 iterations 1.5 s, 2000 of p = 64 over 1000 iterations 3.4 s, 10 000 of
/// p = 256 over 100 iterations 28.5 s, i.e. about 2 units per processor-iteration and 4 per
/// p·lg p of a redistribution; the estimate takes 1.5 times that.
pub fn cost(params: &IterativeParams) -> Cost {
    let p = params.p as f64;
    let iterations = params.iterations as f64;
    let redistributions = SCHEMES.iter().sum::<usize>() as f64;
    let forwarded = match params.heavy {
        HeavyPolicy::LightOnly => 0.0,
        HeavyPolicy::Forward => (params.columns as f64).min(ASAP_MAX_ITEMS as f64),
    };
    let platform =
        3.0 * iterations * p + redistributions * (6.0 * p * p.log2().max(1.0) + 4.0 * forwarded);
    Cost::new(
        params.instances as f64 * platform,
        2.0 * iterations * p * 8.0,
    )
}

/// Runs the experiment (see the module doc). Deterministic for a given seed; platforms are
/// simulated in parallel and averaged in order. Validate `params` first.
pub fn run_iterative(
    params: &IterativeParams,
    progress: &dyn Progress,
) -> Result<IterativeResult, Cancelled> {
    let per = par_map(0..params.instances, progress, |j| simulate(params, j))?;
    let m = per.len().max(1) as f64;
    let schemes: Vec<SchemeCurve> = SCHEMES
        .iter()
        .enumerate()
        .map(|(si, &k)| {
            let mean = |f: &dyn Fn(&(f64, f64, Run)) -> f64| {
                per.iter().map(|r| f(&r.schemes[si])).sum::<f64>() / m
            };
            let balance = mean(&|s| s.0);
            let cost = mean(&|s| s.1);
            SchemeCurve {
                name: scheme_name(k),
                redistributions: k,
                after: scheme_iterations(k, params.iterations),
                normalised: params.ratios.iter().map(|r| balance + cost / r).collect(),
                balance,
                cost,
                tau_total: mean(&|s| s.2.b),
                via_system12: mean(&|s| s.2.via12 as f64),
                unchanged: mean(&|s| s.2.unchanged as f64),
                skipped: mean(&|s| s.2.skipped as f64),
                forwarded: mean(&|s| s.2.forwarded as f64),
            }
        })
        .collect();
    let best = (0..params.ratios.len())
        .map(|ri| {
            (0..schemes.len())
                .min_by(|&a, &b| schemes[a].normalised[ri].total_cmp(&schemes[b].normalised[ri]))
                .unwrap_or(0)
        })
        .collect();
    let sample = platform(params, 0);
    let sample_speeds = (0..params.p)
        .map(|i| sample.speeds.iter().map(|row| row[i]).collect())
        .collect();
    Ok(IterativeResult {
        ratios: params.ratios.clone(),
        schemes,
        best,
        sample_speeds,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    use super::*;
    use crate::model::{FlagProgress, NoProgress};

    fn small(p: usize, heavy: HeavyPolicy, ratios: Vec<f64>) -> IterativeParams {
        IterativeParams {
            p,
            instances: 12,
            heavy,
            ratios,
            ..IterativeParams::default()
        }
    }

    #[test]
    fn paper_schemes() {
        assert_eq!(scheme_iterations(0, 100), Vec::<usize>::new());
        assert_eq!(scheme_iterations(1, 100), vec![50]);
        assert_eq!(scheme_iterations(4, 100), vec![20, 40, 60, 80]);
        assert_eq!(
            scheme_iterations(9, 100),
            (1..=9).map(|j| 10 * j).collect::<Vec<_>>()
        );
        assert_eq!(
            scheme_iterations(19, 100),
            (1..=19).map(|j| 5 * j).collect::<Vec<_>>()
        );
    }

    #[test]
    fn validation_names_the_field() {
        assert!(IterativeParams::default().validate().is_ok());
        let bad = |f: &dyn Fn(&mut IterativeParams), field: &str| {
            let mut p = IterativeParams::default();
            f(&mut p);
            let e = p.validate().unwrap_err();
            assert_eq!(e.field, field);
            assert!(e.to_string().starts_with(&format!("{field}:")), "{e}");
        };
        bad(&|p| p.p = 1, "p");
        bad(&|p| p.iterations = 5, "iterations");
        bad(&|p| p.columns = 3, "columns");
        bad(&|p| p.ratios = vec![], "ratios");
        bad(&|p| p.ratios = vec![1.0, f64::NAN], "ratios");
        bad(&|p| p.ratios = vec![0.0], "ratios");
        bad(&|p| p.instances = 0, "instances");
    }

    #[test]
    fn speeds_change_twice_in_their_windows() {
        let params = IterativeParams::default();
        for j in 0..20 {
            let pf = platform(&params, j);
            for i in 0..params.p {
                let changes: Vec<usize> = (1..params.iterations)
                    .filter(|&k| pf.speeds[k][i] != pf.speeds[k - 1][i])
                    .map(|k| k + 1)
                    .collect();
                assert_eq!(changes.len(), 2, "{changes:?}");
                assert!((20..=40).contains(&changes[0]) && (60..=80).contains(&changes[1]));
            }
            assert!(
                pf.cw
                    .iter()
                    .chain(&pf.ccw)
                    .all(|c| (1.0..=10.0).contains(c))
            );
        }
    }

    #[test]
    fn curves_are_a_plus_b_over_r() {
        let r = run_iterative(
            &small(8, HeavyPolicy::LightOnly, vec![0.5, 2.0, 7.0]),
            &NoProgress,
        )
        .unwrap();
        assert_eq!(r.schemes.len(), SCHEMES.len());
        let never = &r.schemes[0];
        assert_eq!(never.cost, 0.0);
        assert!(never.balance >= 1.0);
        for s in &r.schemes {
            assert!(s.balance >= 1.0 - 1e-12, "{s:?}");
            for (x, &y) in r.ratios.iter().zip(&s.normalised) {
                assert!((y - (s.balance + s.cost / x)).abs() < 1e-12);
            }
        }
        assert_eq!(r.sample_speeds.len(), 8);
        assert_eq!(r.sample_speeds[0].len(), 100);
    }

    #[test]
    fn computation_dominant_favours_redistributing_communication_dominant_never() {
        for heavy in [HeavyPolicy::LightOnly, HeavyPolicy::Forward] {
            let r = run_iterative(&small(8, heavy, vec![1e-3, 1e6]), &NoProgress).unwrap();
            let never = &r.schemes[0];
            // Tiny ratio: redistributions cost far more than the computation they balance.
            assert_eq!(r.best[0], 0, "{heavy:?}");
            // Huge ratio: redistributing often is no worse than never, and the best scheme
            // redistributes.
            for s in &r.schemes[1..] {
                assert!(
                    s.normalised[1] <= never.normalised[1] + 1e-9,
                    "{heavy:?} {s:?}"
                );
            }
            assert_ne!(r.best[1], 0);
            assert!(r.schemes[4].normalised[1] < never.normalised[1]);
        }
    }

    #[test]
    fn forwarding_never_skips() {
        let r = run_iterative(&small(32, HeavyPolicy::Forward, vec![1.0]), &NoProgress).unwrap();
        assert!(r.schemes.iter().all(|s| s.skipped == 0.0));
        let l = run_iterative(&small(32, HeavyPolicy::LightOnly, vec![1.0]), &NoProgress).unwrap();
        assert!(l.schemes.iter().all(|s| s.forwarded == 0.0));
        // 32 processors holding ~31 columns each: light redistributions are mostly impossible.
        assert!(l.schemes[4].skipped > 10.0, "{:?}", l.schemes[4]);
    }

    #[test]
    fn deterministic_for_a_seed() {
        let p = small(8, HeavyPolicy::Forward, vec![1.0, 3.0]);
        let a = run_iterative(&p, &NoProgress).unwrap();
        let b = run_iterative(&p, &NoProgress).unwrap();
        assert_eq!(a, b);
        let c = run_iterative(&IterativeParams { seed: 2, ..p }, &NoProgress).unwrap();
        assert_ne!(a, c);
    }

    struct CancelAfter(AtomicUsize);
    impl Progress for CancelAfter {
        fn set(&self, _fraction: f32) {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
        fn cancelled(&self) -> bool {
            self.0.load(Ordering::Relaxed) >= 2
        }
    }

    #[test]
    fn cancellation() {
        let flag = AtomicBool::new(true);
        let p = small(8, HeavyPolicy::LightOnly, vec![1.0]);
        assert_eq!(run_iterative(&p, &FlagProgress(&flag)), Err(Cancelled));
        let p = IterativeParams {
            instances: 200,
            ..p
        };
        assert_eq!(
            run_iterative(&p, &CancelAfter(AtomicUsize::new(0))),
            Err(Cancelled)
        );
    }

    #[test]
    #[ignore = "prints the numbers quoted in the module doc"]
    fn light_statistics() {
        for p in [8, 32] {
            for heavy in [HeavyPolicy::LightOnly, HeavyPolicy::Forward] {
                let params = IterativeParams {
                    p,
                    instances: 500,
                    heavy,
                    ..IterativeParams::default()
                };
                let r = run_iterative(&params, &NoProgress).unwrap();
                for s in &r.schemes {
                    println!(
                        "p = {p} {heavy:?} {:>5}: a = {:.3} b = {:.3} unchanged {:.2} via12 {:.2} \
                         skipped {:.2} forwarded {:.2} break-even {:?}",
                        s.name,
                        s.balance,
                        s.cost,
                        s.unchanged,
                        s.via_system12,
                        s.skipped,
                        s.forwarded,
                        s.break_even(&r.schemes[0])
                    );
                }
                println!("best per r = 1..=10: {:?}", r.best);
            }
        }
    }
}
