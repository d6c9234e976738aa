//! The tree-sweep picture's steps: processor 0's nodes of the shown schedule in the order they
//! run (or, for both schedules, every time either processor 0 starts one), then the end.

use super::Shown;
use crate::model::treesweep::{Rule, Schedule};
use crate::report::format::{Precision, number};
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

/// The processor-0 steps of the shown schedule, then the end state (no node, the makespan);
/// empty when there is nothing to step. The captions write times as `times` says.
pub(super) fn step_list(run: &Run, shown: Shown, times: Times) -> Vec<Step> {
    let mut steps = node_steps(run, shown, times);
    if steps.is_empty() {
        return steps;
    }
    // Counted as the step bar counts: at its "3/9" three of processor 0's nodes are done and
    // the caption names the fourth, now starting.
    if shown != Shown::Both {
        let total = if times.count_hidden {
            HIDDEN.to_owned()
        } else {
            steps.len().to_string()
        };
        for (k, s) in steps.iter_mut().enumerate() {
            s.2 = format!("{k} of {total} done · {}", s.2);
        }
    }
    let sol = &run.solution;
    if shown == Shown::Both {
        let end = sol.t_star.max(sol.t_py);
        steps.push((
            None,
            end,
            format!(
                "Done at t = {}: Fine-Grain finished at T* = {}, P.Y at T_PY = {} (T*/T_PY = {})",
                times.at(end),
                times.at(sol.t_star),
                times.at(sol.t_py),
                fmt(run.ratio())
            ),
        ));
        return steps;
    }
    let (name, makespan) = match shown {
        Shown::FineGrain => ("T* (Fine-Grain)", sol.t_star),
        Shown::Py | Shown::Both => ("T_PY (P.Y)", sol.t_py),
    };
    steps.push((
        None,
        makespan,
        format!(
            "Done at t = {}: every node of T_{} ran, makespan {name} = {}",
            times.at(makespan),
            sol.n,
            times.at(makespan)
        ),
    ));
    steps
}

/// The processor-0 nodes of the shown schedule in the order they run.
pub(super) fn node_steps(run: &Run, shown: Shown, times: Times) -> Vec<Step> {
    match shown {
        Shown::FineGrain => fine_grain_steps(run, times),
        Shown::Both => match (&run.schedule, &run.py_schedule) {
            (Some(fg), Some(py)) => joint_steps(fg, py, times),
            _ => Vec::new(),
        },
        Shown::Py => run
            .py_schedule
            .as_ref()
            .map_or_else(Vec::new, |s| py_steps(s, times)),
    }
}

/// Fine-Grain's trace: each node of processor 0 with the rule that placed it.
fn fine_grain_steps(run: &Run, times: Times) -> Vec<Step> {
    let trace = &run.solution.trace.steps;
    trace
        .iter()
        .map(|s| {
            (
                s.heap.and_then(|h| usize::try_from(h).ok()),
                s.start,
                fine_grain_caption(s, times),
            )
        })
        .collect()
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

/// Every time at which either processor 0 starts a node, in order, with what each does.
fn joint_steps(fg: &Schedule, py: &Schedule, times: Times) -> Vec<Step> {
    let starts = crate::report::steps::processor0_starts(&[fg, py]);
    let at = |s: &Schedule, t: f64| {
        (1..s.processor.len())
            .find(|&k| s.processor[k] == 0 && (s.start[k] - t).abs() <= 1e-9)
            .map_or("waits".to_string(), |k| format!("runs node {k}"))
    };
    starts
        .into_iter()
        .map(|t| {
            let text = format!(
                "t = {}: processor 0 of Fine-Grain {} · of P.Y {}",
                times.at(t),
                at(fg, t),
                at(py, t)
            );
            (None, t, text)
        })
        .collect()
}

/// P.Y's top cluster, node by node.
fn py_steps(s: &Schedule, times: Times) -> Vec<Step> {
    let mut nodes: Vec<usize> = (1..s.processor.len())
        .filter(|&k| s.processor[k] == 0)
        .collect();
    nodes.sort_by(|&a, &b| s.start[a].total_cmp(&s.start[b]));
    nodes
        .into_iter()
        .enumerate()
        .map(|(i, k)| {
            // (The time goes to the detail: the headline keeps to one line at 720p.)
            let text = format!(
                "node {} of processor 0 (P.Y's top cluster): heap node {k}, starts at t = {}",
                i + 1,
                times.at(s.start[k])
            );
            (Some(k), s.start[k], text)
        })
        .collect()
}
