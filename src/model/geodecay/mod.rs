//! Load balancing policies for geometric-decaying algorithms — J. Gil and Y. Matias, "An
//! effective load balancing policy for geometric decaying algorithms", J. Parallel and
//! Distributed Computing (preliminary version in SODA 1991).
//!
//! # The model
//!
//! An algorithm runs in rounds r = 0, 1, …; round r has w_r independent unit tasks spread over
//! p processors, and a task of round r spawns at most one task of round r + 1, so a processor's
//! count never grows unless a load balancing moves tasks to it. Only per-processor task counts
//! are simulated, never individual tasks (n up to 2^53, p up to 2^40; see [`params`]).
//!
//! * **Time.** A round costs the largest per-processor count (at least 1 while tasks remain);
//!   a load balancing costs ℓ and leaves every processor with ⌊m/p⌋ or ⌈m/p⌉ of the m tasks.
//!   Total time = Σ_r max-count_r + ℓ·balancings.
//! * **Decay** ([`Decay`]). Deterministic: w_r = ⌈n·2^(−αr)⌉ until the first r with
//!   n·2^(−αr) < 1, which ends the run (so ⌊lg(n)/α⌋ + 1 rounds; computed in f64, exact for
//!   integer α). Randomized: every task survives a round with probability 2^(−α); the run ends
//!   when no task remains (capped defensively, see [`params::round_cap`]).
//! * **Survivors** ([`Survivors`]) — which processors keep the surviving tasks when nothing is
//!   rebalanced. Adversarial (default, the worst case): the fullest processors keep theirs.
//!   Proportional: every count scales by w_{r+1}/w_r, largest-remainder rounding. Random:
//!   uniformly chosen survivors (exact total in deterministic decay, per-processor binomials in
//!   randomized decay). In randomized decay with proportional or adversarial survivors the total
//!   is Binomial(w_r, 2^(−α)), then spread by the rule.
//! * **Policies** ([`Policy`]). Every policy balances before round 0 (the initial placement is
//!   not modelled). Never: only then. Standard: also before every round r ≥ 1 with w_r > c·p.
//!   Every(k): before rounds 0, k, 2k, … Improved: see below.
//!
//! # The improved policy (Section 3), as implemented
//!
//! * **Initialisation phase.** Balance before every round as long as the per-processor bound
//!   after balancing, y = ⌈w_r/p⌉ (the actual largest count right after the balancing), is at
//!   least ℓ. These balancings cost at most one round each, so they are "paid for" by the
//!   rounds (counted in `balancings_init`).
//! * **Phases.** The first balancing with y < ℓ opens phase 0 with x_0 = ℓ, as the paper writes
//!   (the issue summary calls the first bound x_1; the paper numbers phases from 0). Phase i
//!   balances once, then runs t_i = ⌈ℓ/x_i⌉ rounds (the paper's (6) without the ceiling);
//!   x_{i+1} = x_i/2^(α·t_i) (the paper's (7)). The schedule after the initialisation phase
//!   depends only on ℓ, α and the round number ("keeping track of the number of rounds and
//!   computing simple functions"), never on the observed loads.
//! * **Stopping rule.** The paper: "for some i = lg* ℓ + O(1), t_i = ℓ and x_i = O(1). From this
//!   point no further load balancing is required". We take the first phase with x_i ≤ 1
//!   (t_i ≥ ℓ) as the final one: it still starts with its balancing (every phase does) and then
//!   runs to the end of the algorithm without further balancing.
//! * ℓ = 0 (or ℓ ≤ 1) keeps y ≥ ℓ forever, so the policy balances before every round.
//! * With ℓ > n/p the initialisation phase is empty and x_0 = ℓ overestimates the real load
//!   n/p; the paper's bound x_0 = ℓ is used anyway, so the first phases are short (t_0 = 1).
//!
//! # Measures
//!
//! Brent's ideal is n/p + rounds; the additive overhead is time − brent and the paper's
//! (multiplicative) overhead is additive/ℓ (undefined, `None`, for ℓ = 0). Brent's ideal is not
//! a strict lower bound: time ≥ ⌈n/p⌉ + rounds − 1 + ℓ·balancings, so time ≥ brent only when
//! ℓ ≥ 1. lg* follows the paper's definition min{i : lg^(i) x ≤ 2} (i ≥ 1, so lg* x = 1 for x ≤ 4);
//! the paper's "lg* 2^65536 = 5" contradicts it (the definition gives 4), see [`theory::lg_star`].
//!
//! # Why never balancing wins under proportional survivors
//!
//! With proportional survivors and largest-remainder rounding an even load (max − min ≤ 1)
//! stays even after every round, so its largest count is already ⌈w_r/p⌉ — exactly what a
//! balancing would give. Balancing then only adds ℓ: Never ≤ Standard (and ≤ any policy) in
//! time. The model's interest lies in the adversarial and random cases.
//!
//! # Randomness
//!
//! One ChaCha8 generator seeded from `seed` per run; see [`sample`] for the binomial and
//! hypergeometric samplers (exact for small counts, clamped normal approximation with continuity
//! correction for large ones).

pub mod derived;
pub mod loads;
pub mod optimal;
pub mod params;
pub mod sample;
pub mod simulate;
pub mod sweep;
pub mod theory;

pub use params::{Decay, GeoParams, ParamError, Policy, Survivors, Valid};
pub use simulate::{GeoOutcome, PhaseRecord, RoundRecord, simulate, simulate_valid};
pub use sweep::{
    EllPoint, PPoint, PolicyValue, SeedSpread, p_values, seed_spread, seed_times, spread_of,
    sweep_ell, sweep_p,
};
pub use theory::{lg_star, lg_star_of_log2};
