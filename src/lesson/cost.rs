//! What a lesson costs before anything runs: each check's and each step's run estimated by
//! its model ([`crate::model::budget`] and the models' estimators), as seconds on the
//! reference machine, added up for the lesson as a whole and held to [`LESSON_SECONDS`].
//!
//! Every run is estimated against its own model's work limit, which stands for
//! [`SECONDS`] (a run at its model's limit takes about 10 s): a run's share of its model's
//! budget times [`SECONDS`], plus the report's fixed overhead per run. A run whose parameters
//! are invalid fails at once and costs the overhead only.

use super::command::Planned;
use crate::model::budget::SECONDS;
use crate::report::map::RUN_OVERHEAD_SECONDS;

/// Most estimated seconds of everything a lesson runs (every step's scenario and every
/// question's check, as `loadlab lesson --check` runs them one after the other and the player
/// computes the answers in one background job): the budget of one computation.
pub const LESSON_SECONDS: f64 = SECONDS;

/// Estimated seconds of a planned run (its parts included): its share of its model's budget
/// ([`super::models::LessonModel::work`]) times [`SECONDS`], plus the overhead.
pub fn seconds(run: &Planned) -> f64 {
    let model = run.scenario().model();
    super::models::row(model).model.work(run) * SECONDS + RUN_OVERHEAD_SECONDS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::command::parse;

    fn of(a: &[&str]) -> f64 {
        let words: Vec<String> = a.iter().map(|s| s.to_string()).collect();
        seconds(&parse(&words).unwrap())
    }

    #[test]
    fn estimates_grow_with_the_run_and_its_parts() {
        // KS-BF's grid at its documented limit (n = 23169, p = 1) is estimated near the
        // budget; the default instance at nearly nothing.
        let big = of(&["ksbf", "--shape", "grid", "--n", "23169", "--p", "1"]);
        assert!((5.0..=SECONDS).contains(&big), "{big}");
        assert!(of(&["ksbf"]) < 0.01);
        let plain = of(&["geodecay", "--alpha", "0.01"]);
        let swept = of(&["geodecay", "--alpha", "0.01", "--sweep", "ell"]);
        assert!(swept > 10.0 * plain, "{plain} {swept}");
        let ring = [
            "redistribute",
            "--delta",
            "3,-1,-2",
            "--cw",
            "1,2,3",
            "--ccw",
            "2,2,2",
        ];
        let tau = of(&ring);
        let curve = of(&[&ring[..], &["--tau-curve"]].concat());
        assert!(curve > tau, "{tau} {curve}");
        // Invalid parameters fail at once.
        assert_eq!(of(&["treesweep", "--tau", "0.5"]), RUN_OVERHEAD_SECONDS);
    }
}
