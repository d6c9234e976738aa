//! How far a scenario's pictures step: the positions of the step bar, counted from the run
//! result with the parts the pictures step through (and nothing else). A lesson's `step:` must
//! lie within them ([`crate::lesson::Lesson::check`]).

use super::{ModelRun, ReportError, divisible, geodecay, ksbf, redistribute, treesweep};
use crate::model::Progress;
use crate::model::registry::Scenario;
use crate::model::treesweep::Schedule;

/// The most positions any view of the scenario's picture steps through (every round, trace
/// step or event time, then the end state; 1 when nothing steps).
pub fn step_positions(scenario: &Scenario, progress: &dyn Progress) -> Result<usize, ReportError> {
    let run = match scenario {
        Scenario::Divisible(p) => {
            ModelRun::Divisible(divisible::Parts::default().build(p, progress)?)
        }
        Scenario::Geodecay(p) => ModelRun::Geodecay(
            geodecay::Parts {
                trace: true,
                ..Default::default()
            }
            .build(p, progress)?,
        ),
        Scenario::TreeSweep(p) => {
            let small = p.n <= u64::from(treesweep::SCHEDULE_N_MAX);
            let parts = treesweep::Parts {
                schedule: small,
                py_schedule: small,
                steps: true,
                ..Default::default()
            };
            ModelRun::TreeSweep(parts.build(p, progress)?)
        }
        Scenario::Ksbf(p) => ModelRun::Ksbf(ksbf::Parts::default().build(p, progress)?),
        Scenario::Redistribute(p) => {
            ModelRun::Redistribute(redistribute::Parts::default().build(p, progress)?)
        }
    };
    Ok(positions(&run))
}

/// The step bar's positions of a run computed with the stepped parts ([`step_positions`]).
fn positions(run: &ModelRun) -> usize {
    let then_end = |k: usize| if k == 0 { 1 } else { k + 1 };
    match run {
        ModelRun::Divisible(r) => r
            .outcome
            .results
            .iter()
            .map(|m| m.timeline.step_count())
            .max()
            .unwrap_or(1),
        ModelRun::Geodecay(r) => r.selected.trace.len() + 1,
        ModelRun::Ksbf(r) => r.outcome.trace.as_ref().map_or(1, |t| t.steps.len() + 1),
        ModelRun::Redistribute(r) => r.run.schedule.step_positions(),
        ModelRun::TreeSweep(r) => {
            let fine_grain = r.solution.trace.steps.len();
            let joint = match (&r.schedule, &r.py_schedule) {
                (Some(fg), Some(py)) => processor0_starts(&[fg, py]).len(),
                (_, py) => py.as_ref().map_or(0, |py| processor0_starts(&[py]).len()),
            };
            then_end(fine_grain.max(joint))
        }
    }
}

/// The distinct times at which processor 0 starts a node in any of `schedules`, in order (one
/// schedule: its processor 0's nodes; Fine-Grain's and P.Y's: the joint view's steps).
pub fn processor0_starts(schedules: &[&Schedule]) -> Vec<f64> {
    let mut times: Vec<f64> = schedules
        .iter()
        .flat_map(|s| {
            (1..s.processor.len())
                .filter(|&k| s.processor[k] == 0)
                .map(|k| s.start[k])
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times.dedup_by(|a, b| (*a - *b).abs() <= 1e-9);
    times
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
