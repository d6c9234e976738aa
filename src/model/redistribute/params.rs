//! The parameters of a redistribution scenario besides its instance: the algorithm of the run
//! and the settings of the random-instance studies shown beside it.

use serde::{Deserialize, Serialize};

use super::editing::{RandomSpec, RandomSpecError};
use super::instance::{N_MAX, RingInstance};
use super::iterative::IterativeParams;
use crate::model::ParamError;

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
    /// Random instances per point.
    pub samples: usize,
    /// Seed.
    pub seed: u64,
}

impl Default for SweepSpec {
    fn default() -> Self {
        SweepSpec {
            var: SweepVar::N,
            to: 200,
            fixed: 10,
            samples: 20,
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
            samples: 300,
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
