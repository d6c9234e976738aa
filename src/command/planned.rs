//! The run a model command asks for: the model's parameters and the report's optional parts,
//! and the output checks of the CLI that every reader of a command applies.

use super::{CommandError, ksbf, treesweep};
use crate::model::Progress;
use crate::model::divisible::DivisibleParams;
use crate::model::geodecay::GeoParams;
use crate::model::ksbf::KsbfParams;
use crate::model::redistribute::params::RedistParams;
use crate::model::registry::{ModelParams, Scenario};
use crate::model::treesweep::TreeSweepParams;
use crate::report::{self, ModelRun};

/// The model run a command asks for: the parameters and the report's optional parts.
#[derive(Debug, Clone, PartialEq)]
pub enum Planned {
    /// `loadlab divisible …`.
    Divisible(DivisibleParams, report::divisible::Parts),
    /// `loadlab geodecay …`.
    Geodecay(GeoParams, report::geodecay::Parts),
    /// `loadlab treesweep …`.
    TreeSweep(TreeSweepParams, report::treesweep::Parts),
    /// `loadlab ksbf …`.
    Ksbf(KsbfParams, report::ksbf::Parts),
    /// `loadlab redistribute …`.
    Redistribute(RedistParams, report::redistribute::Parts),
}

impl Planned {
    /// The summary run of a scenario (what `loadlab eval PRESET --json` prints).
    pub fn summary(scenario: Scenario) -> Planned {
        match scenario {
            Scenario::Divisible(p) => Planned::Divisible(p, Default::default()),
            Scenario::Geodecay(p) => Planned::Geodecay(p, Default::default()),
            Scenario::TreeSweep(p) => Planned::TreeSweep(p, Default::default()),
            Scenario::Ksbf(p) => Planned::Ksbf(p, Default::default()),
            Scenario::Redistribute(p) => Planned::Redistribute(p, Default::default()),
        }
    }

    /// The scenario the command runs (what "show me" loads).
    pub fn scenario(&self) -> Scenario {
        match self {
            Planned::Divisible(p, _) => p.clone().into_scenario(),
            Planned::Geodecay(p, _) => p.clone().into_scenario(),
            Planned::TreeSweep(p, _) => p.clone().into_scenario(),
            Planned::Ksbf(p, _) => p.clone().into_scenario(),
            Planned::Redistribute(p, _) => p.clone().into_scenario(),
        }
    }

    /// Computes the run result in-process, with the CLI's output checks (errors name the
    /// flag: `--h: …`).
    pub fn run(&self, progress: &dyn Progress) -> Result<ModelRun, String> {
        let failed = |e: report::ReportError| CommandError::from(e).to_string();
        match self {
            Planned::Divisible(p, parts) => parts
                .build(p, progress)
                .map(ModelRun::Divisible)
                .map_err(failed),
            Planned::Geodecay(p, parts) => parts
                .build(p, progress)
                .map(ModelRun::Geodecay)
                .map_err(failed),
            Planned::TreeSweep(p, parts) => {
                p.validate().map_err(|e| failed(e.into()))?;
                treesweep::schedule_listable(p, parts)?;
                parts
                    .build(p, progress)
                    .map(ModelRun::TreeSweep)
                    .map_err(failed)
            }
            Planned::Ksbf(p, parts) => {
                let run = parts.build(p, progress).map_err(failed)?;
                if parts.assignments && run.outcome.trace.is_none() {
                    return Err(ksbf::assignments_refused(p.max_nodes(), p.p));
                }
                Ok(ModelRun::Ksbf(run))
            }
            Planned::Redistribute(p, parts) => parts
                .build(p, progress)
                .map(ModelRun::Redistribute)
                .map_err(failed),
        }
    }
}
