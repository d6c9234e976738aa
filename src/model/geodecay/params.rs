//! Parameters of the geometric-decaying model and their validation.

use serde::{Deserialize, Serialize};

named! {
    /// When the load balancing procedure is applied (Gil & Matias, Sections 2–3).
    ///
    /// Every policy balances once before round 0: the model does not represent the initial
    /// placement of the n tasks (it is arbitrary, e.g. all on one processor), so the first act of
    /// every implementation is to spread them.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
    pub enum Policy {
        /// Balance once, before round 0, and never again.
        Never => "never", "Balance once, before round 0.";
        /// The paper's "standard wasteful implementation": balance before round 0 and after every
        /// round while more than c·p tasks remain (i.e. before round r ≥ 1 iff w_r > c·p).
        Standard => "standard", "Balance after every round until at most c·p tasks remain.";
        /// The paper's improved policy (Section 3): an initialisation phase that balances before
        /// every round while the per-processor bound y = ⌈w_r/p⌉ is at least ℓ, then phases that
        /// balance once and run t_i = ⌈ℓ/x_i⌉ rounds; see [`crate::model::geodecay`] for details.
        #[default]
        Improved => "improved", "The paper's policy: initialisation phase, then phases of ⌈ℓ/x_i⌉ rounds.";
        /// Balance before rounds 0, k, 2k, … with k = [`GeoParams::every`] (for exploration).
        Every => "every", "Balance every k rounds (--every K).";
        /// The rounds to balance before that minimise the total time in the same cost model
        /// (a dynamic programme, [`super::optimal`]): the reference the paper's "best possible
        /// up to a constant factor" is measured against. Deterministic decay only.
        Optimal => "optimal", "The balancing rounds that minimise the total time (a dynamic programme; deterministic decay, adversarial or proportional survivors).";
    }
}

impl Policy {
    /// The three policies the paper compares (never / standard / improved).
    pub const MAIN: [Policy; 3] = [Policy::Never, Policy::Standard, Policy::Improved];
}

named! {
    /// How the total number of tasks decays from round to round.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
    pub enum Decay {
        /// w_r = ⌈n·2^(−αr)⌉ (the bound (1) of the paper met with equality, rounded up); the run
        /// ends at the first r with n·2^(−αr) < 1, so it has ⌊lg(n)/α⌋ + 1 rounds.
        #[default]
        Deterministic => "deterministic", "w_r = ⌈n·2^(−αr)⌉.";
        /// Every task independently survives each round with probability 2^(−α) (seeded); the run
        /// ends when no task remains.
        Random => "random", "Each task survives a round with probability 2^(−α) (seeded).";
    }
}

named! {
    /// Which tasks survive a round, i.e. how the surviving total is spread over the processors
    /// when nothing is rebalanced.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
    pub enum Survivors {
        /// Every processor's count decays alike: processor i keeps its quota c_i·w′/w rounded by
        /// the largest-remainder method (floors first, then one extra task to the processors with
        /// the largest fractional parts; ties go to the larger current count), so the total is
        /// exactly w′ and an evenly spread load stays evenly spread (max − min ≤ 1).
        Proportional => "proportional", "Every processor's count decays alike.";
        /// The worst case: the survivors sit on the most loaded processors. Processors are filled
        /// in decreasing order of their current count, each up to its current count, until the new
        /// total is reached; the rest become idle. The maximum stays as high as possible.
        #[default]
        Adversarial => "adversarial", "The survivors sit on the most loaded processors (worst case).";
        /// Which tasks survive is random (seeded). Deterministic decay: the exact total w′ is split
        /// by a sequential multivariate-hypergeometric draw over the processors; randomized decay:
        /// each processor's count becomes Binomial(count, 2^(−α)). Costs O(p) per round.
        Random => "random", "Uniformly random survivors (seeded).";
    }
}

/// Largest n accepted: 2^53, so that n and every w_r are exact in an f64.
pub const N_MAX: u64 = 1 << 53;
/// Largest p accepted with the compact (run-length) loads of proportional and adversarial
/// survivors.
pub const P_MAX: u64 = 1 << 40;
/// Largest p accepted with [`Survivors::Random`], which stores one count per processor.
pub const P_MAX_RANDOM: u64 = 10_000_000;
/// Smallest decay rate accepted. A run has about lg(n)/α rounds, so this keeps runs below
/// ~53 000 rounds (deterministic) or ~117 000 rounds (randomized, see
/// [`round_cap`]).
pub const ALPHA_MIN: f64 = 1e-3;
/// Largest exponent accepted for the ℓ sweep (ℓ = 2^k must stay a finite f64).
pub const ELL_LOG2_LIMIT: u32 = 1000;
/// Largest ℓ accepted: 2^[`ELL_LOG2_LIMIT`], the end of the longest ℓ sweep. Any count of
/// balancings a run can make (fewer than 2^17) times ℓ stays a finite f64.
pub const ELL_MAX: f64 = 1.0715086071862673e301;
/// Largest number of seeds accepted for the seed spread.
pub const SEEDS_MAX: u32 = 100_000;

use crate::model::param::{ParamSpec, integer, real, seed};

param_specs! {
    /// The initial number of tasks n (see [`GeoParams::n`]).
    N = integer("n", "initial number of tasks", (1.0, N_MAX as f64), "2^20").unit("tasks").rail(1e3, 1e9).paper("Section 2, (1)")
        .help("Initial number of tasks n = w_0, 1 to 2^53 (accepts 1e9 or 2^30).");
    /// The number of processors p (see [`GeoParams::p`]).
    P = integer("p", "processors", (1.0, P_MAX as f64), "2^10").rail(1.0, 1e6).paper("Section 2")
        .help("Number of processors p ≥ 1 (accepts 1e4 or 2^10): up to 2^40, or 10^7 with random survivors, which touch every processor every round; a run may take at most 2.5·10^9 processor-rounds (about 10 s), e.g. p ≤ 10^5 for n = 2^20, α = 0.001.");
    /// The decay rate α (see [`GeoParams::alpha`]).
    ALPHA = real("alpha", "decay rate", (ALPHA_MIN, f64::MAX), "1").symbol("α").rail(0.05, 2.0).paper("Section 2, (1)")
        .help("Decay rate α ≥ 0.001: round r has at most w_r ≤ n·2^(−αr) tasks, so a run has about lg(n)/α rounds.");
    /// The load-balancing cost ℓ (see [`GeoParams::ell`]).
    ELL = real("ell", "load-balancing cost", (0.0, ELL_MAX), "20").symbol("ℓ").unit("task operations").rail(2.0, 1e18).paper("Section 1")
        .help("Time ℓ ≥ 0 of one load balancing, in the time unit of one task operation (accepts 2^64; at most 2^1000).");
    /// The constant c of the standard policy (see [`GeoParams::c`]).
    C = real("c", "constant of the standard policy", (f64::MIN_POSITIVE, f64::MAX), "1").rail(0.5, 16.0).paper("Section 2")
        .help("Constant c > 0 of \"O(p) tasks remain\": the standard policy stops balancing once at most c·p tasks remain.");
    /// The period k of the every-k policy (see [`GeoParams::every`]).
    EVERY = integer("every", "period of the every-k policy", (1.0, u64::MAX as f64), "2").symbol("k").unit("rounds").rail(1.0, 64.0)
        .help("k ≥ 1 of the every-k policy: balance before rounds 0, k, 2k, …");
    /// The seed (see [`GeoParams::seed`]).
    SEED = seed("seed")
        .help("Seed of the random decay and of the random survivors (a ChaCha8 generator).");
    /// The last exponent of the ℓ sweep (see [`GeoParams::ell_log2_max`]).
    ELL_LOG2_MAX = integer("ell_log2_max", "last exponent of the ℓ sweep", (1.0, ELL_LOG2_LIMIT as f64), "64").symbol("ℓ sweep to 2^")
        .help("The ℓ sweep (and the ℓ plots) run ℓ = 2^1 … 2^k, 1 ≤ k ≤ 1000.");
    /// The number of seeds of the seed spread (see [`GeoParams::seeds`]).
    SEEDS = integer("seeds", "seeds of the seed spread", (1.0, SEEDS_MAX as f64), "20")
        .help("Runs with consecutive seeds in the seed spread of random decay (1 to 100 000; each seed runs the 3 main policies).");
}

/// Every numeric parameter of the model, in the order of the controls.
pub const PARAMS: &[ParamSpec] = &[N, P, ALPHA, ELL, C, EVERY, SEED, ELL_LOG2_MAX, SEEDS];

/// One geometric-decaying scenario. Time unit: one task operation (one task of one round on one
/// processor costs 1); ℓ is in the same unit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GeoParams {
    /// [`N`] (at most [`N_MAX`]).
    pub n: u64,
    /// [`P`] (at most [`P_MAX`], or [`P_MAX_RANDOM`] with random survivors).
    pub p: u64,
    /// [`ALPHA`] (at least [`ALPHA_MIN`]).
    pub alpha: f64,
    /// [`ELL`] (at most [`ELL_MAX`]).
    pub ell: f64,
    /// [`C`].
    pub c: f64,
    /// Policy of a single run.
    pub policy: Policy,
    /// [`EVERY`], validated whatever the policy.
    pub every: u64,
    /// Deterministic or randomized decay.
    pub decay: Decay,
    /// Which tasks survive.
    pub survivors: Survivors,
    /// [`SEED`].
    pub seed: u64,
    /// [`ELL_LOG2_MAX`] (at most [`ELL_LOG2_LIMIT`]).
    pub ell_log2_max: u32,
    /// [`SEEDS`] (at most [`SEEDS_MAX`]).
    pub seeds: u32,
}

impl Default for GeoParams {
    /// n = 2^20, p = 2^10, α = 1, ℓ = lg n = 20, c = 1, improved policy, k = 2, deterministic
    /// adversarial decay, seed 1, ℓ sweep up to 2^64, 20 seeds.
    fn default() -> Self {
        GeoParams {
            n: N.default_int(),
            p: P.default_int(),
            alpha: ALPHA.default_real(),
            ell: ELL.default_real(),
            c: C.default_real(),
            policy: Policy::Improved,
            every: EVERY.default_int(),
            decay: Decay::Deterministic,
            survivors: Survivors::Adversarial,
            seed: SEED.default_int(),
            ell_log2_max: ELL_LOG2_MAX.default_int(),
            seeds: SEEDS.default_int(),
        }
    }
}

use super::theory::{deterministic_rounds, lg};
/// Validation failures; the field names used here: "n", "p", "alpha", "ell", "c", "every", "ell_log2_max" or "seeds".
pub use crate::model::ParamError;
use crate::model::budget::{Budget, Cost};
use crate::model::format::{Precision, number};
use crate::model::{Checks, Validated, ensure, finite, positive};

impl Checks for GeoParams {
    /// Checks every field; the first problem found is returned (order: n, p, alpha, ell, c,
    /// every, ell_log2_max, seeds).
    fn check(&self) -> Result<(), ParamError> {
        ensure(self.n >= 1, "n", || "n (initial tasks) must be at least 1")?;
        ensure(self.n <= N_MAX, "n", || {
            format!(
                "n must be at most 2^53 = {N_MAX} (got {}) so that task counts are exact",
                self.n
            )
        })?;
        ensure(self.p >= 1, "p", || "p (processors) must be at least 1")?;
        let random = self.survivors == Survivors::Random;
        let p_max = if random { P_MAX_RANDOM } else { P_MAX };
        ensure(self.p <= p_max, "p", || {
            if random {
                format!(
                    "p must be at most {p_max} with random survivors, which store one count per processor (got {})",
                    self.p
                )
            } else {
                format!("p must be at most 2^40 = {p_max} (got {})", self.p)
            }
        })?;
        positive("alpha", "α (decay rate)", self.alpha)?;
        ensure(self.alpha >= ALPHA_MIN, "alpha", || {
            format!(
                "α must be at least {ALPHA_MIN} (got {}): a run has about lg(n)/α rounds",
                number(self.alpha, Precision::Exact)
            )
        })?;
        let ell = "ℓ (load-balancing cost)";
        finite("ell", ell, self.ell)?;
        ensure(self.ell >= 0.0, "ell", || {
            format!(
                "{ell} must be at least 0 (got {})",
                number(self.ell, Precision::Exact)
            )
        })?;
        ensure(self.ell <= ELL_MAX, "ell", || {
            format!(
                "{ell} must be at most 2^{ELL_LOG2_LIMIT} (got {:e}) so that run times stay finite",
                self.ell
            )
        })?;
        positive("c", "c", self.c)?;
        ensure(
            self.every >= 1,
            "every",
            || "k (balance every k rounds) must be at least 1",
        )?;
        ensure(
            (1..=ELL_LOG2_LIMIT).contains(&self.ell_log2_max),
            "ell_log2_max",
            || {
                format!(
                    "the ℓ sweep must end at 2^k with 1 ≤ k ≤ {ELL_LOG2_LIMIT} (got k = {})",
                    self.ell_log2_max
                )
            },
        )?;
        ensure((1..=SEEDS_MAX).contains(&self.seeds), "seeds", || {
            format!(
                "the number of seeds must lie in 1..={SEEDS_MAX} (got {})",
                self.seeds
            )
        })?;
        ensure(
            self.policy != Policy::Optimal || (self.decay == Decay::Deterministic && !random),
            "policy",
            || {
                "the optimal policy is planned by a dynamic programme over the rounds of a \
                 deterministic run: it needs deterministic decay and adversarial or \
                 proportional survivors"
            },
        )?;
        // Random survivors (O(p) per round) and the optimal policy's programme (O(rounds²))
        // can exceed the budget.
        let field = match (random, self.policy) {
            (true, _) => "p",
            (false, Policy::Optimal) => "policy",
            _ => "alpha",
        };
        BUDGET.check(field, &self.describe(), cost(self) + optimal_cost(self))
    }
}

/// The geometric-decaying model's budget. One unit is one processor-round: a round of a run
/// with random survivors touches every processor's count (a balancing, a decay draw, the
/// statistics), weighted by [`processor_weight`] for the exact draws of small counts; a round
/// of the compact loads counts [`ROUND_OVERHEAD`] units whatever p.
///
/// Calibration (release build, reference machine, 2 cores under a load of about 4, n = 2^20
/// unless given, α = 0.001, random survivors): p = 10^4 3.3 s (8·10^8 units), p = 10^5
/// 10.7 s (2.6·10^9), randomized decay p = 10^5 7.8 s (3.6·10^9), p = 10^3 with n = 2^40
/// 2.1 s (5.5·10^8), p = 10^5 with n = 2^53 257 s (7.3·10^10); adversarial survivors,
/// randomized decay, 3000 seeds × 3 policies 12.9 s (3.4·10^9): at most about 4 ns per unit,
/// so 10 s is about 2.5·10^9 units. `--alpha 0.001 --survivors random --p 10000000` (202 s
/// before) is about 2·10^11 units.
pub const BUDGET: Budget = Budget {
    unit: "processor-rounds",
    work: 2.5e9,
};

/// Work of one round besides the processors it touches, in processor-rounds.
pub const ROUND_OVERHEAD: f64 = 40.0;

/// Memory of one traced round with its output (its record and its JSON object, the largest
/// form), in bytes: 1.4 kB measured.
pub const ROUND_BYTES: f64 = 1500.0;

/// Work of one processor in one round with random survivors, in processor-rounds: counts up
/// to [`SMALL`](super::sample::SMALL) are drawn item by item, so a processor costs more while
/// it holds tasks; its mean count over a run is about n/(p·ln n).
///
/// Processors holding one to a few tasks cost more than the linear term says (issue 24, release
/// build: n = 2.5·10^6, p = 49 704, α = 0.001, mean 3.4 tasks, 22–27 s, 21–26 ns per
/// processor-round, where 1 + 0.4·mean gave 9.4 ns; n = 2^20, p = 94 698, mean 0.8, 14–23 s,
/// 7.4–12 ns against 5.2; p = 10^7, mean 0.008, about 1 ns): the weight is at least
/// min(1 + 4·mean, 7.5) — 7.5 units (30 ns) from a mean of 1.6 tasks, 4.2 at 0.8, 1 near 0 —
/// and the linear term beyond a mean of 16.
pub fn processor_weight(p: &GeoParams) -> f64 {
    let n = p.n as f64;
    let mean = n / (p.p as f64 * n.ln().max(1.0));
    let linear = 1.0 + 0.4 * mean.min(super::sample::SMALL as f64);
    linear.max((1.0 + 4.0 * mean).min(7.5))
}

/// Defensive cap on the number of rounds: the deterministic run's length, or, for randomized
/// decay, ⌈(lg n + 64)/α⌉ + 1 — the chance that any of the n tasks survives that many rounds is
/// at most n·2^(−α·cap) ≤ 2^−64. With α ≥ 10^−3 and n ≤ 2^53 the cap is below 117 001.
pub fn round_cap(params: &GeoParams) -> u64 {
    match params.decay {
        Decay::Deterministic => deterministic_rounds(params.n, params.alpha),
        Decay::Random => ((lg(params.n as f64) + 64.0) / params.alpha).ceil() as u64 + 1,
    }
}

/// The rounds a run is expected to take: exactly ⌊lg(n)/α⌋ + 1 in deterministic decay; in
/// randomized decay the time until none of n tasks survives, (lg n + 8)/α + 1 — about 6
/// rounds per 1/α beyond its expectation, exceeded with probability below 2^−8 — and never
/// beyond [`round_cap`].
pub fn rounds_estimate(p: &GeoParams) -> f64 {
    let cap = round_cap(p) as f64;
    match p.decay {
        Decay::Deterministic => cap,
        Decay::Random => ((p.n as f64).log2() + 8.0) / p.alpha + 1.0,
    }
    .min(cap)
}

/// Work and memory of one run of one policy with its rounds traced (what `loadlab geodecay`
/// computes, and each of the GUI's policy runs): rounds × (p · [`processor_weight`] for random
/// survivors + [`ROUND_OVERHEAD`]), p counts and the traced rounds. Call it on checked
/// parameters.
pub fn cost(p: &GeoParams) -> Cost {
    let rounds = rounds_estimate(p);
    let processors = if p.survivors == Survivors::Random {
        p.p as f64
    } else {
        0.0
    };
    Cost::new(
        rounds * (processors * processor_weight(p) + ROUND_OVERHEAD),
        processors * 8.0 + rounds * ROUND_BYTES,
    )
}

/// Weight of one step of the optimal policy's dynamic programme ([`super::optimal`]), in
/// processor-rounds: 23.6 ns of CPU measured (release build, n = 2^53, α = 0.0015: 6.2·10^8
/// steps in 14.7 s of CPU, 24 s wall under a load of 8, accepted at weight 4), so at 10 the
/// boundary (2.5·10^8 steps, α ≈ 0.0024 at n = 2^53) takes about 6 s of CPU.
pub const DP_STEP_WEIGHT: f64 = 10.0;

/// Steps of the optimal policy's dynamic programme ([`super::optimal`]) over `rounds` rounds:
/// one per pair of a start round and the round of its next balancing.
pub fn dp_steps(rounds: u64) -> f64 {
    let r = rounds as f64;
    r * (r + 1.0) / 2.0
}

/// Work of the optimal policy's programme when it is the selected policy (else nothing):
/// [`dp_steps`] of the deterministic run's rounds × [`DP_STEP_WEIGHT`].
pub fn optimal_cost(p: &GeoParams) -> Cost {
    if p.policy != Policy::Optimal {
        return Cost::default();
    }
    let rounds = round_cap(p);
    Cost::new(dp_steps(rounds) * DP_STEP_WEIGHT, rounds as f64 * 24.0)
}

impl GeoParams {
    /// "n = 2^20, p = 10000, α = 0.001, random survivors": the inputs behind a cost estimate.
    pub fn describe(&self) -> String {
        let n = if self.n.is_power_of_two() {
            format!("2^{}", self.n.trailing_zeros())
        } else {
            self.n.to_string()
        };
        format!(
            "n = {n}, p = {}, α = {}, {} decay, {} survivors",
            self.p,
            number(self.alpha, Precision::Exact),
            self.decay.name(),
            self.survivors.name()
        )
    }
}

impl GeoParams {
    /// The parameters as [`Valid`], or the first problem their [`Checks`] find.
    pub fn validate(&self) -> Result<Valid, ParamError> {
        Valid::new(self.clone())
    }
}

/// Parameters that passed [`GeoParams::validate`]; what the simulation and the sweeps take.
pub type Valid = Validated<GeoParams>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_valid_and_as_specified() {
        let v = GeoParams::default().validate().unwrap();
        assert_eq!(
            (v.n, v.p, v.alpha, v.ell, v.c),
            (1 << 20, 1 << 10, 1.0, 20.0, 1.0)
        );
        assert_eq!(v.policy, Policy::Improved);
        assert_eq!(v.decay, Decay::Deterministic);
        assert_eq!(v.survivors, Survivors::Adversarial);
        assert_eq!((v.seed, v.ell_log2_max, v.seeds), (1, 64, 20));
    }

    #[test]
    fn validation_names_the_field() {
        assert_eq!(GeoParams::failing_field(|p| p.n = 0), "n");
        assert_eq!(GeoParams::failing_field(|p| p.n = N_MAX + 1), "n");
        assert_eq!(GeoParams::failing_field(|p| p.p = 0), "p");
        assert_eq!(GeoParams::failing_field(|p| p.p = P_MAX + 1), "p");
        assert_eq!(
            GeoParams::failing_field(|p| {
                p.survivors = Survivors::Random;
                p.p = P_MAX_RANDOM + 1
            }),
            "p"
        );
        for a in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e-4] {
            assert_eq!(
                GeoParams::failing_field(|p| p.alpha = a),
                "alpha",
                "α = {a}"
            );
        }
        assert_eq!(ELL_MAX, 2f64.powi(ELL_LOG2_LIMIT as i32));
        for l in [-1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, f64::MAX] {
            assert_eq!(GeoParams::failing_field(|p| p.ell = l), "ell", "ℓ = {l}");
        }
        for c in [0.0, -2.0, f64::NAN] {
            assert_eq!(GeoParams::failing_field(|p| p.c = c), "c", "c = {c}");
        }
        assert_eq!(GeoParams::failing_field(|p| p.every = 0), "every");
        assert_eq!(
            GeoParams::failing_field(|p| p.ell_log2_max = 0),
            "ell_log2_max"
        );
        assert_eq!(GeoParams::failing_field(|p| p.seeds = 0), "seeds");
        // ℓ = 0 is allowed (free balancing).
        let ok = GeoParams {
            ell: 0.0,
            ..Default::default()
        };
        assert!(ok.validate().is_ok());
    }

    #[test]
    fn serde_fills_missing_fields_with_defaults() {
        let p: GeoParams = serde_json::from_str(r#"{"n": 1000, "policy": "Standard"}"#).unwrap();
        assert_eq!(p.n, 1000);
        assert_eq!(p.policy, Policy::Standard);
        assert_eq!(p.p, GeoParams::default().p);
    }

    #[test]
    fn the_budget_refuses_long_runs_with_random_survivors_only() {
        let random = |p: u64, alpha: f64| GeoParams {
            p,
            alpha,
            survivors: Survivors::Random,
            ..Default::default()
        };
        // The issue's run (202 s): about 2·10^11 processor-rounds.
        let e = random(10_000_000, 0.001).validate().unwrap_err();
        assert_eq!(e.field, "p");
        assert!(e.message.contains(" × 10^11 processor-rounds"), "{e}");
        assert!(e.message.contains("p = 10000000"), "{e}");
        assert!(random(10_000, 0.001).validate().is_ok());
        // Issue 24: p = 94 698 took 14–23 s; 90 000 is refused, 15 000 fits.
        assert!(random(90_000, 0.001).validate().is_err());
        assert!(random(15_000, 0.001).validate().is_ok());
        assert!(random(10_000_000, 1.0).validate().is_ok());
        // Compact loads never reach the budget: at most 117 001 rounds.
        let slow = GeoParams {
            n: N_MAX,
            p: P_MAX,
            alpha: ALPHA_MIN,
            decay: Decay::Random,
            ..Default::default()
        };
        assert!(cost(&slow).work < BUDGET.work / 100.0);
        assert!(slow.validate().is_ok());
    }

    #[test]
    fn round_estimates() {
        let p = GeoParams::default();
        // Deterministic: exactly ⌊lg n/α⌋ + 1 = 21 rounds.
        assert_eq!(rounds_estimate(&p), 21.0);
        let r = GeoParams {
            decay: Decay::Random,
            ..Default::default()
        };
        let runs = crate::model::geodecay::simulate(&r).unwrap();
        assert!(rounds_estimate(&r) >= runs.rounds as f64);
        assert!(rounds_estimate(&r) <= round_cap(&r) as f64);
        // A processor holding many tasks costs more, up to the exact draws' cap.
        let few = GeoParams {
            p: 1 << 20,
            ..Default::default()
        };
        // Mean 0.07 tasks: 1 + 4 · 0.07.
        assert!(processor_weight(&few) < 1.3);
        let many = GeoParams {
            p: 1,
            ..Default::default()
        };
        assert_eq!(processor_weight(&many), 1.0 + 0.4 * 32.0);
    }

    /// Issue 24: random survivors with 1–3 tasks per processor ran 2–2.7× over the budget
    /// just inside it; they are refused now, and runs on 15 000 processors fit.
    #[test]
    fn random_survivors_with_few_tasks_per_processor_are_estimated_at_their_cost() {
        let at = |n: u64, p: u64| GeoParams {
            n,
            p,
            alpha: 0.001,
            survivors: Survivors::Random,
            ..Default::default()
        };
        for (n, p) in [(2_500_000, 49_704), (1 << 20, 94_698)] {
            let e = at(n, p).validate().unwrap_err();
            assert_eq!(e.field, "p");
            assert!(
                e.message.contains("more than the limit of 2.5 × 10^9"),
                "{e}"
            );
        }
        assert!(at(2_500_000, 15_000).validate().is_ok());
        assert!(at(1 << 20, 15_000).validate().is_ok());
    }
}
