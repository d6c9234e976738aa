//! How far a scenario's pictures step: the positions of the step bar, counted from the run
//! result with the parts the pictures step through (and nothing else). A lesson's `step:` must
//! lie within them ([`crate::lesson::Lesson::check`]).

use super::{ReportError, registry};
use crate::model::Progress;
use crate::model::registry::Scenario;

pub use super::treesweep::processor0_starts;

/// The most positions any view of the scenario's picture steps through (every round, trace
/// step or event time, then the end state; 1 when nothing steps): its model row's count.
pub fn step_positions(scenario: &Scenario, progress: &dyn Progress) -> Result<usize, ReportError> {
    (registry::row(scenario.model()).steps)(scenario, progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::NoProgress;
    use crate::preset::find_bundled;

    fn of(name: &str) -> usize {
        let p = find_bundled(name).expect("bundled");
        step_positions(&p.scenario, &NoProgress).expect("runs")
    }

    #[test]
    fn positions_count_rounds_and_trace_steps_then_the_end() {
        // Algorithm 3 on the 12-ring takes 4 rounds: positions 0…3, then the end.
        assert_eq!(of("redistribute-12-ring"), 5);
        // Every model's bundled scenarios step at least once and not absurdly far.
        for name in ["geodecay-erew", "ksbf-table-1", "treesweep-small"] {
            let k = of(name);
            assert!((2..1_000_000).contains(&k), "{name}: {k}");
        }
    }
}
