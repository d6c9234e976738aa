//! The parameters of a redistribution scenario besides its instance: the algorithm of the run
//! and the settings of the random-instance studies shown beside it.

use serde::{Deserialize, Serialize};

use super::editing::{RANDOM_DELTA_MAX, RandomSpec, RandomSpecError};
use super::instance::{COST_MAX, Costs, Direction, N_MAX, N_MIN, RingInstance};
use super::iterative::{HeavyPolicy, INSTANCES_MAX, IterativeParams, P_MAX};
use crate::model::ParamError;
use crate::model::budget::Budget;
use crate::model::param::{ParamSpec, integer, real, seed};

param_specs! {
    /// The ring's size n (the length of δ; the default ring has 12 processors).
    RING_N = integer("n", "processors", (N_MIN as f64, N_MAX as f64), "12").paper("Section 2")
        .help("Number of processors P_1 … P_n (2 to 10 000). A smaller ring drops the last processors and makes Σδ = 0 again (see the note under the generators).");
    /// The one cost of every link of a homogeneous ring.
    LINK_COST = real("c", "link cost", (f64::MIN_POSITIVE, COST_MAX), "1").unit("time per item").rail(0.01, 1e4).paper("Section 2")
        .help("Time to send one item over any link (the same for every link), > 0 and at most 10^9 (default 1).");
    /// The random generator's seed.
    RANDOM_SEED = seed("generator seed").symbol("seed")
        .help("Seed of the random-instance generator (any integer from 0; the same seed gives the same ring).");
    /// Processors of a random ring (the map's default range is the studies' 3…200).
    RANDOM_N = integer("n", "ring size n", (N_MIN as f64, N_MAX as f64), "12").symbol("n (random)").rail(3.0, 200.0)
        .help("Processors of the random ring (2 to 10 000).");
    /// Largest |δ_k| of a random ring.
    RANDOM_MAX_DELTA = integer("max_delta", "largest |δ_k|", (1.0, RANDOM_DELTA_MAX as f64), "4").symbol("max |δ|").unit("items").rail(1.0, 1000.0)
        .help("Largest |δ_k| of the random ring (δ_k uniform in [−max, max], then Σδ made 0).");
    /// Last value of the makespan sweep's variable (its range depends on the variable:
    /// [`SweepSpec::end_range`]).
    SWEEP_TO = integer("to", "last value of the sweep", (2.0, SWEEP_VALUE_MAX as f64), "200").symbol("up to")
        .help("Last value of the swept variable.");
    /// The value the makespan sweep's other variable keeps.
    SWEEP_FIXED = integer("fixed", "value of the other variable", (2.0, SWEEP_VALUE_MAX as f64), "10")
        .help("The value the other variable keeps.");
    /// Random rings per point of the makespan sweep.
    SWEEP_SAMPLES = integer("samples", "random rings per point", (1.0, SWEEP_SAMPLES_MAX as f64), "20")
        .help("Random instances per point.");
    /// Random rings of the LP-ratio and rounds studies.
    STUDY_SAMPLES_SPEC = integer("samples", "random rings of the study", (*STUDY_SAMPLES.start() as f64, *STUDY_SAMPLES.end() as f64), "300")
        .help("Random instances of the study.");
    /// Processors of Section 8's ring (at most one per column).
    ITERATIVE_P = integer("p", "processors of Section 8's ring", (2.0, P_MAX as f64), "8").paper("Section 8")
        .help("Processors of the ring (Fig. 13: 8, Fig. 14: 32).");
    /// Platforms each curve of Section 8's study averages.
    ITERATIVE_PLATFORMS = integer("instances", "seeded platforms", (1.0, INSTANCES_MAX as f64), "50").symbol("platforms").paper("Section 8")
        .help("Seeded platforms each curve averages.");
    /// Seed of Section 8's platforms.
    ITERATIVE_SEED = seed("platform seed").symbol("platform seed").paper("Section 8")
        .help("Seed of the platforms (costs, speeds, change times).");
}

/// Every numeric parameter of a redistribution scenario.
pub const PARAMS: &[ParamSpec] = &[
    RING_N,
    LINK_COST,
    RANDOM_SEED,
    RANDOM_N,
    RANDOM_MAX_DELTA,
    SWEEP_TO,
    SWEEP_FIXED,
    SWEEP_SAMPLES,
    STUDY_SAMPLES_SPEC,
    ITERATIVE_P,
    ITERATIVE_PLATFORMS,
    ITERATIVE_SEED,
];

// The defaults of the scenario's parts, beside the descriptors they read.

impl Default for RingInstance {
    /// A 12-processor ([`RING_N`]) bidirectional homogeneous ring (c = 1, [`LINK_COST`]) with
    /// δ_max = 4 in Lemma 6's sense.
    fn default() -> Self {
        let delta = vec![3, -1, 2, 0, -4, 1, 2, -2, 0, 1, -3, 1];
        RingInstance::bidirectional(delta, Costs::Homogeneous(LINK_COST.default_real()))
    }
}

impl Default for RandomSpec {
    fn default() -> Self {
        RandomSpec {
            seed: RANDOM_SEED.default_int(),
            n: RANDOM_N.default_int(),
            max_delta: RANDOM_MAX_DELTA.default_int(),
            heterogeneous: false,
            direction: Direction::Bi,
            heavy: true,
        }
    }
}

impl Default for IterativeParams {
    fn default() -> Self {
        IterativeParams {
            p: ITERATIVE_P.default_int(),
            seed: ITERATIVE_SEED.default_int(),
            iterations: 100,
            columns: 1000,
            ratios: (1..=10).map(f64::from).collect(),
            instances: ITERATIVE_PLATFORMS.default_int(),
            heavy: HeavyPolicy::LightOnly,
        }
    }
}

named! {
    /// Which algorithm a run uses.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
    pub enum Algorithm {
        /// The paper's algorithm for the ring type: Algorithm 1 (homogeneous unidirectional),
        /// Algorithm 2 (heterogeneous unidirectional), Algorithm 3 (homogeneous bidirectional),
        /// System 6 (heterogeneous bidirectional).
        #[default]
        Auto => "auto", "The paper's algorithm for the ring type.";
        /// Algorithm 1 (homogeneous rings; on a bidirectional ring it uses one direction only).
        Alg1 => "alg1", "Algorithm 1 (homogeneous).";
        /// Algorithm 2 (any ring; one direction only).
        Alg2 => "alg2", "Algorithm 2 (asynchronous, unidirectional sends).";
        /// Algorithm 3 with the corrections documented in the help (homogeneous bidirectional).
        Alg3 => "alg3", "Algorithm 3, corrected (homogeneous bidirectional).";
        /// Algorithm 3 read literally from the printed pseudo-code.
        Alg3Literal => "alg3-literal", "Algorithm 3 as printed.";
        /// System 6's integer optimum (Proposition 1's rounding) scheduled as in Lemma 9
        /// (bidirectional rings).
        Lp => "lp", "System 6 (integer optimum) with Lemma 9's schedule.";
        /// System 12 (System 6 plus the load constraint) scheduled as in Lemma 9.
        LpLoad => "lp-load", "System 12 (System 6 + load constraint) with Lemma 9's schedule.";
        /// System 6's integer optimum scheduled as soon as possible with forwarding (valid for any
        /// loads; not in the paper).
        LpForward => "lp-forward", "System 6's flows scheduled as soon as possible with forwarding (any loads).";
        /// The exact optimum over every valid schedule, by search (small rings; not in the
        /// paper).
        Exact => "exact", "The exact optimum over every valid schedule (small rings, by search).";
    }
}

impl Algorithm {
    /// Menu label.
    pub fn label(self) -> &'static str {
        match self {
            Algorithm::Auto => "Auto (the paper's for this ring)",
            Algorithm::Alg1 => "Algorithm 1 (homogeneous, uni)",
            Algorithm::Alg2 => "Algorithm 2 (asynchronous, uni)",
            Algorithm::Alg3 => "Algorithm 3 (bidirectional, corrected)",
            Algorithm::Alg3Literal => "Algorithm 3 as printed",
            Algorithm::Lp => "System 6 + Lemma 9 (light)",
            Algorithm::LpLoad => "System 12 + Lemma 9 (load-constrained)",
            Algorithm::LpForward => "System 6 + forwarding (any loads)",
            Algorithm::Exact => "Exact optimum (search, small rings)",
        }
    }
}

/// What the sweep plots vary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum SweepVar {
    /// The ring size n.
    #[default]
    N,
    /// The largest |δ_k|.
    MaxDelta,
}

/// Largest max |δ| the makespan sweep may reach, and largest value of the variable it holds
/// fixed.
pub const SWEEP_VALUE_MAX: usize = 100_000;
/// Most random instances per point of the makespan sweep.
pub const SWEEP_SAMPLES_MAX: usize = 1000;
/// Random instances of the LP-ratio and rounds studies ([`RedistParams::samples`]).
pub const STUDY_SAMPLES: std::ops::RangeInclusive<usize> = 10..=5000;

/// Settings of the random-instance sweeps behind the plots.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SweepSpec {
    /// Swept variable.
    pub var: SweepVar,
    /// Largest value of the swept variable (from 2, about 12 points).
    pub to: usize,
    /// The other variable's value (max |δ| when sweeping n, n when sweeping max |δ|).
    pub fixed: usize,
    /// Samples per point ([`SWEEP_SAMPLES`]).
    pub samples: usize,
    /// Seed.
    pub seed: u64,
}

impl Default for SweepSpec {
    fn default() -> Self {
        SweepSpec {
            var: SweepVar::N,
            to: SWEEP_TO.default_int(),
            fixed: SWEEP_FIXED.default_int(),
            samples: SWEEP_SAMPLES.default_int(),
            seed: 1,
        }
    }
}

impl SweepSpec {
    /// Where the swept variable's last value may lie (inclusive).
    pub fn end_range(var: SweepVar) -> (usize, usize) {
        match var {
            SweepVar::N => (3, N_MAX),
            SweepVar::MaxDelta => (2, SWEEP_VALUE_MAX),
        }
    }

    /// Checks the settings.
    pub fn validate(&self) -> Result<(), SweepSpecError> {
        let (lo, hi) = SweepSpec::end_range(self.var);
        if !(lo..=hi).contains(&self.to) {
            return Err(SweepSpecError::End { lo, hi });
        }
        if !(2..=SWEEP_VALUE_MAX).contains(&self.fixed) {
            return Err(SweepSpecError::Fixed);
        }
        if !(1..=SWEEP_SAMPLES_MAX).contains(&self.samples) {
            return Err(SweepSpecError::Samples);
        }
        Ok(())
    }
}

/// Why [`SweepSpec::validate`] refused the settings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SweepSpecError {
    /// The swept variable's last value is outside [lo, hi].
    #[error("the sweep must end between {lo} and {hi}")]
    End {
        /// Smallest last value allowed.
        lo: usize,
        /// Largest last value allowed.
        hi: usize,
    },
    /// The other variable is outside [2, 100 000].
    #[error("the fixed value must be between 2 and 100 000")]
    Fixed,
    /// Samples per point outside [1, 1000].
    #[error("samples per point must be between 1 and 1000")]
    Samples,
}

/// Which random-instance study the scenario shows beside the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Study {
    /// Makespan and best lower bound while n or max |δ| grows.
    #[default]
    Sweep,
    /// System 6's integer optimum over Lemma 12 on heterogeneous bidirectional rings.
    LpRatio,
    /// Algorithm 3's rounds (both readings) against Lemma 6.
    Rounds,
    /// Section 8's iterative application (Figs. 13–14).
    Iterative,
}

/// A whole redistribution scenario: the instance plus the settings of every study.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RedistParams {
    /// The ring being edited and run.
    pub instance: RingInstance,
    /// Algorithm of the run.
    pub algorithm: Algorithm,
    /// Random-instance generator settings.
    pub random: RandomSpec,
    /// Which study the plot column shows.
    pub study: Study,
    /// Makespan sweep settings.
    pub sweep: SweepSpec,
    /// Random instances of the LP-ratio and rounds studies.
    pub samples: usize,
    /// Section 8 settings.
    pub iterative: IterativeParams,
}

impl Default for RedistParams {
    fn default() -> Self {
        RedistParams {
            instance: RingInstance::default(),
            algorithm: Algorithm::Auto,
            random: RandomSpec::default(),
            study: Study::Sweep,
            sweep: SweepSpec::default(),
            samples: STUDY_SAMPLES_SPEC.default_int(),
            iterative: Default::default(),
        }
    }
}

impl RedistParams {
    /// Checks the study settings (the instance is checked by [`RingInstance::validate`]).
    pub fn validate_studies(&self) -> Result<(), StudyError> {
        self.random.validate().map_err(StudyError::Random)?;
        self.sweep.validate().map_err(StudyError::Sweep)?;
        if !STUDY_SAMPLES.contains(&self.samples) {
            return Err(StudyError::Samples);
        }
        self.iterative.validate().map_err(StudyError::Iterative)
    }
}

impl crate::model::Checks for RedistParams {
    /// The instance's first problem (on its field: `n`, `delta`, …), then the studies' (on
    /// `study`).
    fn check(&self) -> Result<(), ParamError> {
        self.instance.validate().map_err(|e| ParamError {
            field: e[0].field.name(),
            message: e[0].message.clone(),
        })?;
        self.validate_studies().map_err(|e| ParamError {
            field: "study",
            message: e.to_string(),
        })
    }
}

/// Why [`RedistParams::validate_studies`] refused the settings; the message starts with the
/// field of [`RedistParams`] concerned.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StudyError {
    /// The random-instance generator settings.
    #[error("random: {0}")]
    Random(RandomSpecError),
    /// The makespan sweep settings.
    #[error("sweep: {0}")]
    Sweep(SweepSpecError),
    /// The sample count of the LP-ratio and rounds studies.
    #[error("samples: between 10 and 5000 random instances")]
    Samples,
    /// Section 8's settings.
    #[error("iterative: {0}")]
    Iterative(ParamError),
}

/// The redistribution model's budget. One unit is one transfer step: one processor examined
/// in one round of a round-based algorithm (Algorithm 3 plans every round over the whole
/// ring), or one item transfer generated or replayed by the checker. Algorithms 1 to 3 and the
/// schedule with forwarding also keep their own limits
/// ([`MAX_ITEMS`](super::alg2::MAX_ITEMS), [`ALG3_MAX_WORK`](super::alg3::ALG3_MAX_WORK),
/// [`ASAP_MAX_ITEMS`](super::lemma9::ASAP_MAX_ITEMS)), which the studies' random rings meet
/// as failed samples; a round costs [`ROUND_WORK`](super::run::ROUND_WORK) besides its processors.
///
/// Calibration (release build, reference machine, 2 cores under a load of about 4):
/// Algorithm 1 on the unidirectional 2-ring (±25·10^6) 2.9 s and 1.37 GB: about 10 ns per
/// unit, so 10 s is about 10^9 units; memory binds first on its small rings (about 7·10^6
/// rounds on 2 processors). Algorithm 3 keeps no rounds (issue 36; before, the same 2-ring took
/// 86 B per round): see [`ALG3_PROCESSOR_WORK`](super::run::ALG3_PROCESSOR_WORK) and the table in [`crate::model::budget`].
pub const BUDGET: Budget = Budget {
    unit: "transfer steps",
    work: 1e9,
};
