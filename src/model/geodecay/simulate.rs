//! Round-by-round simulation of one policy on one scenario.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::loads::Loads;
use super::params::{Decay, GeoParams, ParamError, Policy, Survivors, Valid, round_cap};
use super::sample::binomial;
use super::theory::{self, lg, lg_star};
use crate::model::{Cancelled, NoProgress, Progress};

/// One round of a run, for stepping through it in the UI.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RoundRecord {
    /// Round index r (from 0).
    pub round: u64,
    /// Tasks w_r of the round (after the balancing, if any — balancing moves tasks only).
    pub tasks: u64,
    /// Largest per-processor count: the round's cost.
    pub max: u64,
    /// w_r / p.
    pub mean: f64,
    /// Smallest per-processor count.
    pub min: u64,
    /// True if a load balancing ran just before this round.
    pub balanced_before: bool,
    /// The improved policy's phase index (None in its initialisation phase and for the other
    /// policies).
    pub phase: Option<u32>,
    /// Total time once the round has run (balancings included).
    pub time_after: f64,
}

/// One phase of the improved policy as it was run.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PhaseRecord {
    /// Phase index i (from 0, as the paper: x_0 = ℓ).
    pub index: u32,
    /// Round before which the phase's balancing ran.
    pub start_round: u64,
    /// t_i = ⌈ℓ/x_i⌉, or `None` for the final phase (x_i ≤ 1), which runs to the end
    /// (saturated at u64::MAX for astronomically long phases).
    pub rounds: Option<u64>,
    /// x_i, the per-processor bound of the phase (0 when it underflows an f64).
    pub x: f64,
    /// lg x_i.
    pub x_log2: f64,
}

/// Everything one run produces.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GeoOutcome {
    /// The policy run.
    pub policy: Policy,
    /// Total time: Σ_r (largest per-processor count in round r) + ℓ · balancings.
    pub time: f64,
    /// Σ_r of the round costs (the execution part of `time`).
    pub work_time: u64,
    /// Σ_r ⌈w_r/p⌉: the execution time of a perfectly balanced schedule whose balancings are
    /// free (a lower bound on `work_time`). It exceeds n/p by the geometric series of the later
    /// rounds — about n/p·(1/(1 − 2^(−α)) − 1) — which Brent's n/p + rounds leaves out.
    pub ideal_work: u64,
    /// ℓ · balancings (the balancing part of `time`).
    pub balance_time: f64,
    /// Number of load balancings (= balancings_init + balancings_phases).
    pub balancings: u64,
    /// Balancings of the improved policy's initialisation phase (0 for the other policies).
    pub balancings_init: u64,
    /// All other balancings: the improved policy's one-per-phase balancings, and every
    /// balancing of the other policies (including the one before round 0).
    pub balancings_phases: u64,
    /// Number of rounds run.
    pub rounds: u64,
    /// Brent's ideal n/p + rounds. Not a strict lower bound on `time`: every policy balances
    /// before round 0, so time ≥ ⌈n/p⌉ + (rounds − 1) + ℓ·balancings ≥ brent − 1 + ℓ, hence
    /// time ≥ brent whenever ℓ ≥ 1; for ℓ < 1 time may fall short of it by less than 1.
    pub brent: f64,
    /// time − brent.
    pub overhead_additive: f64,
    /// The paper's (multiplicative) overhead (T − Brent)/ℓ = overhead_additive/ℓ (the paper's
    /// "T/ℓ", whose T is the additive overhead, not the total time); `None` when ℓ = 0.
    pub overhead: Option<f64>,
    /// lg ℓ (`None` when ℓ = 0).
    pub lg_ell: Option<f64>,
    /// lg(n/p).
    pub lg_n_over_p: f64,
    /// lg* ℓ ([`theory::lg_star`]: 1 for ℓ ≤ 4).
    pub lg_star_ell: u32,
    /// True if a randomized run hit [`round_cap`] with tasks left (probability ≤ 2^−64).
    pub truncated: bool,
    /// Per-round records (empty when the trace was not requested).
    pub trace: Vec<RoundRecord>,
    /// The improved policy's phases that started (empty for the other policies).
    pub phases: Vec<PhaseRecord>,
}

/// Runs `params.policy` with a full trace (validating first).
pub fn simulate(params: &GeoParams) -> Result<GeoOutcome, ParamError> {
    let v = params.validate()?;
    Ok(simulate_valid(&v, v.policy, true, &NoProgress).expect("NoProgress never cancels"))
}

/// Where the improved policy stands.
enum ImprovedState {
    /// Balancing before every round while ⌈w_r/p⌉ ≥ ℓ.
    Init,
    /// In phase `index`; the next phase's balancing is due before round `next` (None: final
    /// phase), and that phase has lg x = `next_x_log2`.
    Phase {
        index: u32,
        next: Option<u64>,
        next_x_log2: f64,
    },
}

/// The balancings counted so far and where the improved policy stands.
struct Balancings {
    state: ImprovedState,
    /// The improved policy's phases that started.
    phases: Vec<PhaseRecord>,
    /// Balancings of the improved policy's initialisation phase.
    init: u64,
    /// All other balancings.
    other: u64,
}

impl Balancings {
    /// True if `policy` balances before round `r` with `m` tasks left (`plan`: the optimal
    /// policy's rounds; `cp` = c·p).
    fn due(&self, v: &Valid, policy: Policy, plan: &[bool], (r, m): (u64, u64), cp: f64) -> bool {
        match policy {
            Policy::Never => r == 0,
            Policy::Standard => r == 0 || m as f64 > cp,
            Policy::Every => r.is_multiple_of(v.params().every),
            Policy::Optimal => usize::try_from(r).is_ok_and(|r| plan.get(r) == Some(&true)),
            Policy::Improved => match self.state {
                ImprovedState::Init => true,
                ImprovedState::Phase { next, .. } => next == Some(r),
            },
        }
    }

    /// Counts the balancing before round `r` (`m` tasks left), under the improved policy as
    /// the initialisation's or as the one that opens the next phase, planned up to `cap`.
    fn count(&mut self, v: &Valid, policy: Policy, (r, m): (u64, u64), cap: u64) {
        let prm = v.params();
        if policy != Policy::Improved {
            self.other += 1;
            return;
        }
        let ell = prm.ell;
        // Which phase this balancing opens: x_0 = ℓ right after the initialisation phase,
        // else the planned x_{i+1}.
        let opened = match self.state {
            ImprovedState::Init if (m.div_ceil(prm.p) as f64) >= ell => None,
            ImprovedState::Init => Some((0, lg(ell))),
            ImprovedState::Phase {
                index, next_x_log2, ..
            } => Some((index + 1, next_x_log2)),
        };
        let Some((index, x_log2)) = opened else {
            self.init += 1;
            return;
        };
        self.other += 1;
        let step = theory::phase_step(ell, prm.alpha, x_log2);
        let next = step.and_then(|(t, _)| {
            let at = r as f64 + t;
            (at < cap as f64).then_some(at as u64)
        });
        self.phases.push(PhaseRecord {
            index,
            start_round: r,
            rounds: step.map(|(t, _)| {
                if t >= u64::MAX as f64 {
                    u64::MAX
                } else {
                    t as u64
                }
            }),
            x: x_log2.exp2(),
            x_log2,
        });
        self.state = ImprovedState::Phase {
            index,
            next,
            next_x_log2: step.map_or(f64::NEG_INFINITY, |(_, x)| x),
        };
    }

    /// The improved policy's phase index now (None in its initialisation phase).
    fn phase(&self) -> Option<u32> {
        match self.state {
            ImprovedState::Phase { index, .. } => Some(index),
            ImprovedState::Init => None,
        }
    }
}

/// The tasks of round r + 1 after round r's `m`, the survivors placed on `loads` as the
/// scenario says; each task survives a round with probability `q` = 2^−α.
fn decay(
    prm: &GeoParams,
    q: f64,
    loads: &mut Loads,
    rng: &mut ChaCha8Rng,
    (r, m): (u64, u64),
) -> u64 {
    let per_processor = prm.survivors == Survivors::Random;
    let next = match prm.decay {
        Decay::Deterministic => theory::deterministic_tasks(prm.n, prm.alpha, r + 1).unwrap_or(0),
        Decay::Random if per_processor => {
            loads.decay_binomial(rng, q);
            loads.stats().total
        }
        Decay::Random => binomial(rng, m, q),
    };
    match prm.survivors {
        Survivors::Adversarial => loads.decay_adversarial(next),
        Survivors::Proportional => loads.decay_proportional(m, next),
        Survivors::Random if prm.decay == Decay::Deterministic => {
            loads.decay_random_exact(rng, m, next)
        }
        Survivors::Random => {}
    }
    next
}

/// Runs one policy on a validated scenario. `trace` selects whether the per-round records are
/// kept (the sweeps do not). Polls `progress` for cancellation once per round; never calls
/// [`Progress::set`].
///
/// Randomness: one ChaCha8 stream seeded with `params.seed`, drawn in round order. Under
/// randomized decay with proportional or adversarial survivors the round totals use the same
/// draws whatever the policy (common random numbers), so policies are compared on identical
/// task counts.
pub fn simulate_valid(
    v: &Valid,
    policy: Policy,
    trace: bool,
    progress: &dyn Progress,
) -> Result<GeoOutcome, Cancelled> {
    let prm = v.params();
    let (n, p, ell) = (prm.n, prm.p, prm.ell);
    let q = (-prm.alpha).exp2();
    let mut rng = ChaCha8Rng::seed_from_u64(prm.seed);
    let cap = round_cap(prm);
    let cp = prm.c * p as f64;

    // The initial placement is not modelled: every policy balances before round 0.
    let mut loads = Loads::balanced(n, p, prm.survivors == Survivors::Random);
    let mut m = n;
    let mut r: u64 = 0;
    let mut work: u64 = 0;
    let mut ideal: u64 = 0;
    let mut counted = Balancings {
        state: ImprovedState::Init,
        phases: Vec::new(),
        init: 0,
        other: 0,
    };
    let mut records = Vec::new();
    let mut truncated = false;
    // The optimal policy's balancing rounds, planned before the run.
    let plan = match policy {
        Policy::Optimal => super::optimal::optimal_plan(v, progress)?.0,
        _ => Vec::new(),
    };

    while m > 0 {
        if r >= cap {
            truncated = true;
            break;
        }
        if progress.cancelled() {
            return Err(Cancelled);
        }
        let balance = counted.due(v, policy, &plan, (r, m), cp);
        if balance {
            loads.balance(m, p);
            counted.count(v, policy, (r, m), cap);
        }
        let s = loads.stats();
        debug_assert_eq!(s.total, m);
        // A round costs its largest per-processor count (≥ 1 while tasks remain).
        work += s.max.max(1);
        ideal += m.div_ceil(p);
        if trace {
            records.push(RoundRecord {
                round: r,
                tasks: m,
                max: s.max,
                mean: m as f64 / p as f64,
                min: s.min,
                balanced_before: balance,
                phase: (policy == Policy::Improved)
                    .then(|| counted.phase())
                    .flatten(),
                time_after: work as f64 + ell * (counted.init + counted.other) as f64,
            });
        }
        m = decay(prm, q, &mut loads, &mut rng, (r, m));
        r += 1;
    }

    let (b_init, b_phase) = (counted.init, counted.other);
    let balancings = b_init + b_phase;
    let balance_time = ell * balancings as f64;
    let time = work as f64 + balance_time;
    let n_over_p = n as f64 / p as f64;
    let brent = n_over_p + r as f64;
    let overhead_additive = time - brent;
    Ok(GeoOutcome {
        policy,
        time,
        work_time: work,
        ideal_work: ideal,
        balance_time,
        balancings,
        balancings_init: b_init,
        balancings_phases: b_phase,
        rounds: r,
        brent,
        overhead_additive,
        overhead: (ell > 0.0).then(|| overhead_additive / ell),
        lg_ell: (ell > 0.0).then(|| lg(ell)),
        lg_n_over_p: lg(n_over_p),
        lg_star_ell: lg_star(ell),
        truncated,
        trace: records,
        phases: counted.phases,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(change: impl FnOnce(&mut GeoParams)) -> GeoOutcome {
        let mut p = GeoParams::default();
        change(&mut p);
        simulate(&p).unwrap()
    }

    #[test]
    fn never_and_standard_by_hand() {
        // n = 8, p = 2, α = 1, ℓ = 3: w = 8, 4, 2, 1. Never: balanced 4+4, then adversarial
        // decay keeps 4 on one processor, then 2, then 1: costs 4 + 4 + 2 + 1 = 11. Standard
        // (c = 1) balances before the rounds with w_r > 2, r = 0 and 1: costs 4 + 2 + 2 + 1.
        let [never, standard] = [Policy::Never, Policy::Standard].map(|policy| {
            run(|p| {
                p.n = 8;
                p.p = 2;
                p.ell = 3.0;
                p.policy = policy;
            })
        });
        let summary = |o: &GeoOutcome| (o.rounds, o.work_time, o.balancings, o.time, o.brent);
        assert_eq!(summary(&never), (4, 11, 1, 14.0, 8.0));
        assert_eq!(summary(&standard), (4, 9, 2, 15.0, 8.0));
        assert_eq!(never.overhead, Some(2.0));
        let column = |o: &GeoOutcome, f: fn(&RoundRecord) -> u64| -> Vec<u64> {
            o.trace.iter().map(f).collect()
        };
        assert_eq!(column(&never, |r| r.max), vec![4, 4, 2, 1]);
        assert_eq!(column(&never, |r| r.min), vec![4, 0, 0, 0]);
        let balanced: Vec<bool> = standard.trace.iter().map(|r| r.balanced_before).collect();
        assert_eq!(balanced, vec![true, true, false, false]);
    }

    #[test]
    fn improved_phases_by_hand() {
        // n = 2^20, p = 2^10, ℓ = 16: ⌈w_r/p⌉ = 2^(10−r) ≥ 16 for r ≤ 6 (7 init balancings);
        // phase 0 at r = 7 (x = 16, t = 1), phase 1 at r = 8 (x = 8, t = 2), phase 2 at r = 10
        // (x = 2, t = 8), phase 3 at r = 18 (x = 2^−7 ≤ 1: final).
        let o = run(|p| p.ell = 16.0);
        assert_eq!(o.rounds, 21);
        assert_eq!(o.balancings_init, 7);
        let starts: Vec<(u32, u64, Option<u64>)> = o
            .phases
            .iter()
            .map(|ph| (ph.index, ph.start_round, ph.rounds))
            .collect();
        assert_eq!(
            starts,
            vec![
                (0, 7, Some(1)),
                (1, 8, Some(2)),
                (2, 10, Some(8)),
                (3, 18, None)
            ]
        );
        assert_eq!(o.balancings_phases, 4);
        assert_eq!(o.trace[6].phase, None);
        assert_eq!(o.trace[7].phase, Some(0));
        assert_eq!(o.trace[12].phase, Some(2));
        assert_eq!(o.trace[20].phase, Some(3));
        let balanced: Vec<u64> = o
            .trace
            .iter()
            .filter(|r| r.balanced_before)
            .map(|r| r.round)
            .collect();
        assert_eq!(balanced, vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 18]);
    }

    #[test]
    fn zero_cost_balancing_has_no_multiplicative_overhead() {
        let o = run(|p| p.ell = 0.0);
        assert_eq!(o.overhead, None);
        assert_eq!(o.lg_ell, None);
        // lg 0 = −∞ ≤ 2 at the first application.
        assert_eq!(o.lg_star_ell, 1);
        // ℓ = 0 ≤ y always: the improved policy never leaves its initialisation phase.
        assert_eq!(o.balancings_init, o.rounds);
        assert!(o.phases.is_empty());
    }

    #[test]
    fn time_after_ends_at_time() {
        for policy in Policy::ALL {
            let o = run(|p| p.policy = policy);
            assert_eq!(o.trace.last().unwrap().time_after, o.time);
            assert_eq!(o.trace.len() as u64, o.rounds);
        }
    }

    #[test]
    fn cancellation_stops_a_run() {
        use std::sync::atomic::AtomicBool;
        let flag = AtomicBool::new(true);
        let v = GeoParams::default().validate().unwrap();
        let r = simulate_valid(
            &v,
            Policy::Improved,
            false,
            &crate::model::FlagProgress(&flag),
        );
        assert_eq!(r, Err(Cancelled));
    }
}
