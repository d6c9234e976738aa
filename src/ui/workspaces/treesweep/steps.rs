//! The tree-sweep picture's steps: processor 0's nodes of the shown schedule in the order they
//! run (or, for both schedules, every time either processor 0 starts one), then the end.

use super::Shown;
use crate::model::treesweep::{Rule, Schedule};
use crate::report::format::{Precision, number};
use crate::report::steps::processor0_starts;
use crate::report::treesweep::Run;
use crate::ui::frame::HIDDEN;

/// One step: the heap number of processor 0's node (none for the end or a joint time), its
/// start time, and the caption ("headline: detail").
pub(super) type Step = (Option<usize>, f64, String);

/// A time or makespan as the numbers write it.
pub(super) fn fmt(x: f64) -> String {
    number(x, Precision::Table)
}

/// How a caption writes a time: as it is, or [`HIDDEN`] while an open question asks the
/// makespan the shown schedule's times lead to ([`super::picture::hides_times`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Times {
    /// The times read "?".
    pub hidden: bool,
    /// The number of processor 0's nodes reads "?": with the times (under the makespan's
    /// question the count gives it away: processor 0 runs back to back), and while the future
    /// is hidden (the step bar's length reads "?" then too).
    pub count_hidden: bool,
}

impl Times {
    /// Times as they are.
    pub const SHOWN: Times = Times {
        hidden: false,
        count_hidden: false,
    };
    /// Times and the count hidden.
    pub const HIDDEN: Times = Times {
        hidden: true,
        count_hidden: true,
    };

    /// `x` as a caption writes it (time 0, where every sweep starts, gives nothing away).
    fn at(self, x: f64) -> String {
        if self.hidden && x != 0.0 {
            HIDDEN.to_owned()
        } else {
            fmt(x)
        }
    }
}

/// How many steps the shown schedule has: its processor-0 steps and the end state; 0 when
/// there is nothing to step. Counted without writing a caption: the workspace asks it every
/// frame, and Fig. 2's tree steps through 4096 nodes.
pub(super) fn step_count(run: &Run, shown: Shown) -> usize {
    match node_count(run, shown) {
        0 => 0,
        nodes => nodes + 1,
    }
}

/// Step `k` of the shown schedule (see [`step_count`]), its caption writing times as `times`
/// says; `None` past the end.
pub(super) fn step_at(run: &Run, shown: Shown, times: Times, k: usize) -> Option<Step> {
    let nodes = node_count(run, shown);
    if nodes == 0 || k > nodes {
        return None;
    }
    if k == nodes {
        return Some(end_step(run, shown, times));
    }
    let (node, t, text) = node_step(run, shown, times, k)?;
    if shown == Shown::Both {
        return Some((node, t, text));
    }
    // Counted as the step bar counts: at its "3/9" three of processor 0's nodes are done and
    // the caption names the fourth, now starting.
    let total = if times.count_hidden {
        HIDDEN.to_owned()
    } else {
        nodes.to_string()
    };
    Some((node, t, format!("{k} of {total} done · {text}")))
}

/// The end state: no node, the makespan (both makespans side by side).
fn end_step(run: &Run, shown: Shown, times: Times) -> Step {
    let sol = &run.solution;
    if shown == Shown::Both {
        let end = sol.t_star.max(sol.t_py);
        let text = format!(
            "Done at t = {}: Fine-Grain finished at T* = {}, P.Y at T_PY = {} (T*/T_PY = {})",
            times.at(end),
            times.at(sol.t_star),
            times.at(sol.t_py),
            fmt(run.ratio())
        );
        return (None, end, text);
    }
    let (name, makespan) = match shown {
        Shown::FineGrain => ("T* (Fine-Grain)", sol.t_star),
        Shown::Py | Shown::Both => ("T_PY (P.Y)", sol.t_py),
    };
    let text = format!(
        "Done at t = {}: every node of T_{} ran, makespan {name} = {}",
        times.at(makespan),
        sol.n,
        times.at(makespan)
    );
    (None, makespan, text)
}

/// How many processor-0 nodes (or, for both schedules, joint start times) the shown schedule
/// steps through.
pub(super) fn node_count(run: &Run, shown: Shown) -> usize {
    match shown {
        Shown::FineGrain => run.solution.trace.steps.len(),
        Shown::Both => match (&run.schedule, &run.py_schedule) {
            (Some(fg), Some(py)) => processor0_starts(&[fg, py]).len(),
            _ => 0,
        },
        Shown::Py => run.py_schedule.as_ref().map_or(0, |s| py_nodes(s).len()),
    }
}

/// Processor-0 node `k` of the shown schedule in the order they run.
fn node_step(run: &Run, shown: Shown, times: Times, k: usize) -> Option<Step> {
    match shown {
        Shown::FineGrain => {
            let s = run.solution.trace.steps.get(k)?;
            let node = s.heap.and_then(|h| usize::try_from(h).ok());
            Some((node, s.start, fine_grain_caption(s, times)))
        }
        Shown::Both => match (&run.schedule, &run.py_schedule) {
            (Some(fg), Some(py)) => joint_step(fg, py, times, k),
            _ => None,
        },
        Shown::Py => py_step(run.py_schedule.as_ref()?, times, k),
    }
}

/// The caption of Fine-Grain's step `k` alone (the Why line's, without listing the trace).
pub(super) fn fine_grain_step(run: &Run, k: usize, times: Times) -> Option<String> {
    let s = run.solution.trace.steps.get(k)?;
    Some(fine_grain_caption(s, times))
}

/// The caption of trace step `s`: its node, time, rule, inputs and idle time before.
fn fine_grain_caption(s: &crate::model::treesweep::TraceStep, times: Times) -> String {
    let what = match s.rule {
        Rule::Base => "Step 1.1: the leftmost leaf starts at time 0".to_string(),
        Rule::Internal => format!(
            "rule (a): an internal node (height {}) whose children are done",
            s.height
        ),
        Rule::Boundary => format!(
            "rule (b): a new boundary node; inequality (4) picks height {}",
            s.picked_height.unwrap_or(s.height)
        ),
    };
    let ext = match s.external_children {
        0 => String::new(),
        1 => ", one input from another processor".into(),
        _ => ", both inputs from other processors".into(),
    };
    let idle = if s.gap > 0.0 {
        format!(" (idle {} before)", times.at(s.gap))
    } else {
        String::new()
    };
    format!(
        "node {} of processor 0 at t = {}: {what}{ext}{idle}",
        s.step + 1,
        times.at(s.start)
    )
}

/// The `k`-th time at which either processor 0 starts a node, with what each does.
fn joint_step(fg: &Schedule, py: &Schedule, times: Times, k: usize) -> Option<Step> {
    let t = *processor0_starts(&[fg, py]).get(k)?;
    let at = |s: &Schedule| {
        (1..s.processor.len())
            .find(|&kk| s.processor[kk] == 0 && (s.start[kk] - t).abs() <= 1e-9)
            .map_or("waits".to_string(), |kk| format!("runs node {kk}"))
    };
    let text = format!(
        "t = {}: Fine-Grain's processor 0 {} · P.Y's processor 0 {}",
        times.at(t),
        at(fg),
        at(py)
    );
    Some((None, t, text))
}

/// P.Y's top cluster: processor 0's nodes in the order they start.
fn py_nodes(s: &Schedule) -> Vec<usize> {
    let mut nodes: Vec<usize> = (1..s.processor.len())
        .filter(|&k| s.processor[k] == 0)
        .collect();
    nodes.sort_by(|&a, &b| s.start[a].total_cmp(&s.start[b]));
    nodes
}

/// Node `i` of P.Y's top cluster.
fn py_step(s: &Schedule, times: Times, i: usize) -> Option<Step> {
    let k = *py_nodes(s).get(i)?;
    // (The time goes to the detail: the headline keeps to one line at 720p.)
    let text = format!(
        "node {} of processor 0 (P.Y's top cluster): heap node {k}, starts at t = {}",
        i + 1,
        times.at(s.start[k])
    );
    Some((Some(k), s.start[k], text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::NoProgress;
    use crate::model::treesweep::TreeSweepParams;
    use crate::report::treesweep::Parts;

    /// T_5 at τ = 2.5 (grs step 2): Fine-Grain's top cluster has 9 nodes and T* = 10, P.Y's
    /// ⌊τ + 1⌋ = 3 nodes; each schedule steps through its cluster, then the end.
    #[test]
    fn steps_are_counted_and_written_one_at_a_time() {
        let params = TreeSweepParams {
            n: 5,
            tau: 2.5,
            ..TreeSweepParams::default()
        };
        let run = Parts::full(&params).build(&params, &NoProgress).unwrap();
        assert_eq!(step_count(&run, Shown::FineGrain), 10);
        assert_eq!(step_count(&run, Shown::Py), 4);
        let first = step_at(&run, Shown::FineGrain, Times::SHOWN, 0).unwrap();
        assert_eq!(first.1, 0.0);
        assert!(
            first
                .2
                .starts_with("0 of 9 done · node 1 of processor 0 at t = 0: Step 1.1")
        );
        let hidden = step_at(&run, Shown::FineGrain, Times::HIDDEN, 0).unwrap();
        assert!(hidden.2.starts_with("0 of ? done"), "{}", hidden.2);
        let end = step_at(&run, Shown::FineGrain, Times::SHOWN, 9).unwrap();
        assert_eq!((end.0, end.1), (None, 10.0));
        assert!(
            end.2.ends_with("makespan T* (Fine-Grain) = 10"),
            "{}",
            end.2
        );
        for shown in [Shown::FineGrain, Shown::Py, Shown::Both] {
            let count = step_count(&run, shown);
            assert!(count > 1, "{shown:?}");
            assert!((0..count).all(|k| step_at(&run, shown, Times::SHOWN, k).is_some()));
            assert_eq!(step_at(&run, shown, Times::SHOWN, count), None, "{shown:?}");
        }
    }
}
