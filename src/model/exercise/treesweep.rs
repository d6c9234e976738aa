//! The tree-sweep exercise (Gao, Rosenberg & Sitaraman): the student builds processor 0's top
//! cluster of the up-sweep of T_n node by node, in the order processor 0 runs them, and may
//! give each node's start time (AET); without one the node starts as early as it can. Every
//! other node belongs to an external subtree, run optimally on processors of its own (the ESO
//! property, Step 2: an external subtree of height h finishes at T*(h) and its result reaches
//! its parent τ later). Nodes are heap numbers (root 1, children 2k and 2k + 1), heights from
//! 1 (leaves); a down-sweep runs the same clustering backwards (same makespan).
//!
//! A move is legal when the clustering stays a valid schedule:
//!
//! * `node` — a node of T_n; `complete` — the root is placed, nothing is left to decide;
//! * `taken` — the node is not yet on processor 0 nor inside an external subtree;
//! * `top-cluster` — each child of the node is on processor 0 already or becomes external
//!   with its whole subtree (a node on processor 0 below an external node would not be in the
//!   top cluster; up-sweep: children run before their parent);
//! * `one-at-a-time` — it starts at 0 or later (before [`START_MAX`]), and after processor
//!   0's previous node ends;
//! * `precedence` — it starts once both inputs are there: a child on processor 0 one unit
//!   after it started, an external child of height h at T*(h) + τ;
//! * `root-last` — the root, which closes the cluster, comes after every node Fine-Grain still
//!   puts on processor 0 (the task says "end with the root"; placed early it would end the
//!   exercise on a wrong move, so it is refused, explained, and the student goes on).
//!
//! A legal move is `optimal` when it is Algorithm Fine-Grain's decision from the current
//! cluster (Section 3.1), and the rule it misses is named otherwise:
//!
//! * `step-1.1` — the first node is the leftmost leaf, at time 0;
//! * `rule-a` — an eligible node (both predecessors have AETs) runs next, at AET(v_{i−1}) + 1;
//! * `inequality-4` — else a new boundary node at the smallest height ℓ (from the last
//!   boundary node's height h_j up) with AET(v_{i−1}) ≤ T*(ℓ) + τ − 2;
//! * `rule-b` — the leftmost node of that height not yet assigned;
//! * `start` — the right node, started later than the algorithm's AET.
//!
//! After a legal move that is not the algorithm's the algorithm's next decision is taken from
//! the student's cluster as it is: the first eligible node in postorder for rule (a); for rule
//! (b) the leftmost node of height ℓ that can still join the cluster (its children on
//! processor 0 or untouched), ℓ the smallest height from h_j satisfying (4) that has one (the
//! lowest height with one when (4) cannot be met any more). T*(ℓ) is the model's
//! ([`fine_grain`]). When the root is placed the student's schedule is built (processor 0's
//! nodes, each external subtree a copy of [`fine_grain_schedule`] of its height), checked and
//! its makespan compared with T* and T_PY.

use serde::Serialize;

mod why;

use super::{ExerciseError, Grade};
use crate::model::format::{Precision, number};
use crate::model::treesweep::finegrain::le;
use crate::model::treesweep::{
    Reading, Rule, Schedule, TreeSweepParams, fine_grain, fine_grain_schedule, py_makespan,
};

/// The tallest tree of an exercise (`loadlab exercise`): 4095 nodes.
pub const N_MAX: u64 = 12;

/// The tallest tree the GUI sets an exercise on: 32 leaves stay clickable on the projector
/// stage (853 × 480 points); lessons are held to it.
pub const DRAWN_N_MAX: u64 = 6;

/// The latest start a move may give, 2^40: far beyond any schedule of T_12 (T_PY < 2^13 + τ,
/// τ ≤ 10^9), and where f64 still tells t from t + 1 with room to spare (at 2^53 two nodes
/// started at the same instant were graded as one after the other).
pub const START_MAX: f64 = 1_099_511_627_776.0;

/// Legality rules.
pub const NODE: &str = "node";
/// See the module documentation.
pub use super::COMPLETE;
/// See the module documentation.
pub const TAKEN: &str = "taken";
/// See the module documentation.
pub const TOP_CLUSTER: &str = "top-cluster";
/// See the module documentation.
pub const ONE_AT_A_TIME: &str = "one-at-a-time";
/// See the module documentation.
pub const PRECEDENCE: &str = "precedence";
/// See the module documentation.
pub const ROOT_LAST: &str = "root-last";
/// Optimality rules (the algorithm's steps).
pub const BASE: &str = "step-1.1";
/// See the module documentation.
pub const RULE_A: &str = "rule-a";
/// See the module documentation.
pub const INEQUALITY_4: &str = "inequality-4";
/// See the module documentation.
pub const RULE_B: &str = "rule-b";
/// See the module documentation.
pub const START: &str = "start";

/// Every rule, legality first.
pub const RULES: [&str; 12] = [
    NODE,
    COMPLETE,
    TAKEN,
    TOP_CLUSTER,
    ONE_AT_A_TIME,
    PRECEDENCE,
    ROOT_LAST,
    BASE,
    RULE_A,
    INEQUALITY_4,
    RULE_B,
    START,
];

/// A move: processor 0 runs `node` next, from `start` (None: as early as it can).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Move {
    /// Heap number as typed (may be out of range).
    pub node: i64,
    /// Start time (AET), or None for the earliest possible.
    pub start: Option<f64>,
}

/// What a node is so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// Not decided.
    Free,
    /// On processor 0 (the top cluster).
    Zero,
    /// The root of an external subtree.
    External,
}

/// Algorithm Fine-Grain's next decision from the current cluster.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decision {
    /// The node v_i.
    pub node: u64,
    /// Its AET.
    pub start: f64,
    /// The step that chose it.
    pub rule: Rule,
    /// Its height.
    pub height: u32,
    /// Rule (b): (4) holds at the chosen height.
    #[serde(skip)]
    pub holds_4: bool,
    /// Rule (b): the height the search started from (h_j).
    #[serde(skip)]
    pub from: u32,
}

/// One graded move.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NodeGrade {
    /// The common grade.
    #[serde(flatten)]
    pub grade: Grade,
    /// The node as typed.
    pub node: i64,
    /// Its start on processor 0 (None when illegal).
    pub start: Option<f64>,
    /// The algorithm's node and start at this decision (None when complete).
    pub algorithm: Option<Decision>,
    /// The node to mark on the picture (where the move breaks a rule), if any.
    #[serde(skip)]
    pub culprit: Option<u64>,
    /// The move was made: legal, and not the root placed while the algorithm still places
    /// other nodes (that would end the exercise on a wrong move; it is graded and explained
    /// instead).
    pub played: bool,
}

/// The first legal move that was not the algorithm's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Deviation {
    /// Its position on processor 0 (1-based: v_i).
    pub position: usize,
    /// The node.
    pub node: u64,
    /// The rule it misses.
    pub rule: String,
}

/// The student's finished clustering against the algorithms.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// Makespan of the student's schedule (the model's schedule code).
    pub makespan: f64,
    /// T*(n), Fine-Grain's optimum.
    pub t_star: f64,
    /// T_PY(n).
    pub t_py: f64,
    /// Nodes of the student's top cluster.
    pub top_cluster: usize,
    /// Processors of the student's schedule.
    pub processors: u64,
    /// The schedule passes the checker (precedence, one node at a time per processor).
    pub valid: bool,
    /// The first legal move that was not the algorithm's.
    pub first_deviation: Option<Deviation>,
}

/// The state of one tree-sweep exercise.
#[derive(Debug, Clone)]
pub struct TreeExercise {
    params: TreeSweepParams,
    n: u32,
    tau: f64,
    /// T*(h) for h = 1..=n (index h − 1).
    t_star: Vec<f64>,
    t_py: f64,
    fg_size: usize,
    /// Fine-Grain's schedules of T_h, h = 1..n − 1 (index h − 1), copied into external trees.
    optimal: Vec<Schedule>,
    slot: Vec<Slot>,
    /// Decided nodes (on processor 0, or external roots) in each node's subtree.
    touched: Vec<u32>,
    start: Vec<f64>,
    /// Processor 0's nodes in order.
    pub placed: Vec<u64>,
    h_last: u32,
    /// Moves right at the first try.
    pub score: usize,
    retrying: bool,
    /// Positions on processor 0 whose first try is spent (Undo keeps them).
    tries: super::Tries,
    /// The first legal move that was not the algorithm's.
    pub first_deviation: Option<Deviation>,
}

super::first_tries!(TreeExercise, tries);

impl TreeExercise {
    /// The exercise on `params` (n ≤ [`N_MAX`]).
    pub fn new(params: &TreeSweepParams) -> Result<TreeExercise, ExerciseError> {
        let v = params.validate()?;
        if params.n > N_MAX {
            return Err(ExerciseError(format!(
                "--n: T_{} has 2^{} − 1 nodes; the exercise places them one by one and takes \
                 trees up to n = {N_MAX}",
                params.n, params.n
            )));
        }
        let n = v.height();
        let fg = fine_grain(n, v.tau);
        let mut optimal = Vec::new();
        for h in 1..n {
            let (s, _) = fine_grain_schedule(h, v.tau, Reading::Intended)
                .map_err(|e| ExerciseError(format!("Fine-Grain on T_{h}: {e:?}")))?;
            optimal.push(s);
        }
        let size = 1usize << n;
        Ok(TreeExercise {
            params: params.clone(),
            n,
            tau: v.tau,
            t_star: fg.t_star.clone(),
            t_py: py_makespan(n, v.tau),
            fg_size: fg.top_cluster_size() as usize,
            optimal,
            slot: vec![Slot::Free; size],
            touched: vec![0; size],
            start: vec![f64::NAN; size],
            placed: Vec::new(),
            h_last: 1,
            score: 0,
            retrying: false,
            tries: super::Tries::default(),
            first_deviation: None,
        })
    }

    /// Refuses trees too tall for the GUI ([`DRAWN_N_MAX`]).
    pub fn drawable(&self) -> Result<(), ExerciseError> {
        if self.params.n > DRAWN_N_MAX {
            return Err(ExerciseError(format!(
                "T_{} has {} leaves; the exercise draws trees up to n = {DRAWN_N_MAX} ({} \
                 leaves) so that every node stays clickable",
                self.params.n,
                1u64 << (self.params.n - 1),
                1u64 << (DRAWN_N_MAX - 1)
            )));
        }
        Ok(())
    }

    /// The scenario.
    pub fn params(&self) -> &TreeSweepParams {
        &self.params
    }

    /// Tree height n.
    pub fn height(&self) -> u32 {
        self.n
    }

    /// T*(h), h = 1..=n.
    pub fn t_star(&self, h: u32) -> f64 {
        self.t_star[h as usize - 1]
    }

    /// T_PY(n).
    pub fn t_py(&self) -> f64 {
        self.t_py
    }

    /// The size of Fine-Grain's top cluster (the moves the algorithm makes).
    pub fn algorithm_moves(&self) -> usize {
        self.fg_size
    }

    /// Moves to score: the algorithm's, or the student's when more.
    pub fn out_of(&self) -> usize {
        self.fg_size.max(self.placed.len())
    }

    /// The root is placed: the clustering is decided.
    pub fn complete(&self) -> bool {
        self.slot.get(1) == Some(&Slot::Zero)
    }

    /// The score out of [`TreeExercise::out_of`].
    pub fn tally(&self) -> super::Tally {
        super::Tally::new(self.score, self.out_of(), self.complete())
    }

    /// Node k's height (leaf 1).
    pub fn node_height(&self, k: u64) -> u32 {
        self.n - (63 - k.leading_zeros())
    }

    /// The start of node k on processor 0 (None when not there).
    pub fn start_of(&self, k: u64) -> Option<f64> {
        (self.slot.get(k as usize) == Some(&Slot::Zero)).then(|| self.start[k as usize])
    }

    /// Node k is the root of an external subtree.
    pub fn is_external_root(&self, k: u64) -> bool {
        self.slot.get(k as usize) == Some(&Slot::External)
    }

    /// Node k lies in an external subtree (its root or below).
    pub fn is_external(&self, k: u64) -> bool {
        self.external_root_above(k).is_some()
    }

    fn external_root_above(&self, k: u64) -> Option<u64> {
        let mut v = k;
        while v >= 1 {
            if self.slot.get(v as usize) == Some(&Slot::External) {
                return Some(v);
            }
            v /= 2;
        }
        None
    }

    fn total(&self) -> u64 {
        (1u64 << self.n) - 1
    }

    fn children(&self, v: u64) -> Option<[u64; 2]> {
        (self.node_height(v) >= 2).then_some([2 * v, 2 * v + 1])
    }

    fn last_start(&self) -> Option<f64> {
        self.placed.last().map(|&v| self.start[v as usize])
    }

    fn mark(&mut self, v: u64, slot: Slot) {
        self.slot[v as usize] = slot;
        let mut u = v;
        while u >= 1 {
            self.touched[u as usize] += 1;
            u /= 2;
        }
    }

    /// Node v can join the cluster now: free, not external, each child on processor 0 or
    /// untouched. Err: the child that has decided nodes below it without being on processor 0.
    fn joinable(&self, v: u64) -> Result<(), u64> {
        for c in self.children(v).unwrap_or_default() {
            if c != 0 && self.slot[c as usize] != Slot::Zero && self.touched[c as usize] > 0 {
                return Err(c);
            }
        }
        Ok(())
    }

    fn free(&self, v: u64) -> bool {
        self.slot[v as usize] == Slot::Free && !self.is_external(v)
    }

    /// When both of v's inputs are there, and the child that is last (None: a leaf).
    fn ready(&self, v: u64) -> (f64, Option<u64>) {
        let mut best = (0.0, None);
        for c in self.children(v).unwrap_or_default() {
            if c == 0 {
                continue;
            }
            let r = self.input_ready(c);
            if best.1.is_none() || r > best.0 {
                best = (r, Some(c));
            }
        }
        best
    }

    /// When child c's result is there for its parent on processor 0.
    fn input_ready(&self, c: u64) -> f64 {
        if self.slot[c as usize] == Slot::Zero {
            self.start[c as usize] + 1.0
        } else {
            self.t_star(self.node_height(c)) + self.tau
        }
    }

    /// The earliest start of node v on processor 0 now (after processor 0's last node and
    /// once both inputs are there); None when v is not a node of T_n.
    pub fn earliest_start(&self, v: u64) -> Option<f64> {
        (1..=self.total()).contains(&v).then(|| self.earliest(v))
    }

    fn earliest(&self, v: u64) -> f64 {
        let prev = self.last_start().map_or(0.0, |t| t + 1.0);
        prev.max(self.ready(v).0)
    }

    /// The first node in postorder whose two predecessors are on processor 0 (rule (a)).
    fn eligible(&self) -> Option<u64> {
        let key = |p: u64| {
            let h = self.node_height(p);
            (((p + 1) << (h - 1)) - 1, h)
        };
        self.placed
            .iter()
            .filter(|&&v| v > 1)
            .map(|&v| v / 2)
            .filter(|&p| {
                self.slot[p as usize] == Slot::Free
                    && self.slot[2 * p as usize] == Slot::Zero
                    && self.slot[2 * p as usize + 1] == Slot::Zero
            })
            .min_by_key(|&p| key(p))
    }

    /// The leftmost node of height l that can join the cluster.
    fn leftmost(&self, l: u32) -> Option<u64> {
        let first = 1u64 << (self.n - l);
        (first..2 * first).find(|&v| self.free(v) && self.joinable(v).is_ok())
    }

    /// Algorithm Fine-Grain's next decision from the current cluster (None when complete).
    pub fn decision(&self) -> Option<Decision> {
        if self.complete() {
            return None;
        }
        let n = self.n;
        let Some(t) = self.last_start() else {
            return Some(Decision {
                node: 1u64 << (n - 1),
                start: 0.0,
                rule: Rule::Base,
                height: 1,
                holds_4: true,
                from: 1,
            });
        };
        if let Some(v) = self.eligible() {
            return Some(Decision {
                node: v,
                start: t + 1.0,
                rule: Rule::Internal,
                height: self.node_height(v),
                holds_4: true,
                from: self.h_last,
            });
        }
        let from = self.h_last.max(1);
        let boundary = |l: u32, v: u64, holds_4: bool| Decision {
            node: v,
            start: self.earliest(v),
            rule: Rule::Boundary,
            height: l,
            holds_4,
            from,
        };
        for l in from..=n {
            if le(t, self.t_star(l) + self.tau - 2.0)
                && let Some(v) = self.leftmost(l)
            {
                return Some(boundary(l, v, true));
            }
        }
        (from..=n)
            .chain(1..from)
            .find_map(|l| self.leftmost(l).map(|v| boundary(l, v, false)))
    }
}

/// Grading and playing.
impl TreeExercise {
    /// Grades a move without making it.
    pub fn grade(&self, mv: &Move) -> NodeGrade {
        let first_try = !self.retrying && self.tries.first(self.placed.len());
        let algorithm = self.decision();
        let bad = |rule: &str, why: String, culprit: Option<u64>| NodeGrade {
            grade: Grade::illegal(rule, why, first_try),
            node: mv.node,
            start: None,
            algorithm: algorithm.clone(),
            culprit,
            played: false,
        };
        if self.complete() {
            return bad(
                COMPLETE,
                "the root is placed: the clustering is complete".into(),
                None,
            );
        }
        let v = match u64::try_from(mv.node) {
            Ok(v) if (1..=self.total()).contains(&v) => v,
            _ => {
                return bad(
                    NODE,
                    format!(
                        "{} is not a node of T_{} (heap numbers 1…{})",
                        mv.node,
                        self.n,
                        self.total()
                    ),
                    None,
                );
            }
        };
        if let Err((rule, why, culprit)) = self.legal(v, mv.start) {
            return bad(rule, why, Some(culprit));
        }
        let start = mv.start.unwrap_or_else(|| self.earliest(v));
        let Some(d) = algorithm.clone() else {
            return bad(COMPLETE, "nothing left to decide".into(), None);
        };
        let (missed, why) = self.compare(v, start, &d);
        // The root closes the clustering: placed while Fine-Grain still has other nodes to
        // place, it would end the exercise on a wrong move. It is refused and explained (it
        // read "Legal, …: not played"), and the student goes on from the same cluster.
        if v == 1 && d.node != 1 {
            let why = format!(
                "the root closes processor 0's cluster, so it comes last: here at {} \
                 (Fine-Grain's has {}); {why}",
                crate::model::words::count(self.placed.len() + 1, "node"),
                self.fg_size
            );
            return bad(ROOT_LAST, why, Some(v));
        }
        NodeGrade {
            grade: Grade::legal(missed, why, first_try),
            node: mv.node,
            start: Some(start),
            algorithm,
            culprit: missed.map(|_| v),
            played: true,
        }
    }

    /// Grades a move and makes it when legal (score, retry state and first deviation kept).
    pub fn play(&mut self, mv: &Move) -> NodeGrade {
        let g = self.grade(mv);
        self.tries.spend(self.placed.len());
        if g.played
            && let (Ok(v), Some(s)) = (u64::try_from(mv.node), g.start)
        {
            if !g.grade.optimal && self.first_deviation.is_none() {
                self.first_deviation = Some(Deviation {
                    position: self.placed.len() + 1,
                    node: v,
                    rule: g.grade.rule.clone(),
                });
            }
            self.place(v, s);
        }
        if g.grade.scores() {
            self.score += 1;
        }
        self.retrying = !g.grade.optimal;
        g
    }

    /// Plays the algorithm's decision (not a first try).
    pub fn show_me(&mut self) -> Option<NodeGrade> {
        let d = self.decision()?;
        self.retrying = true;
        Some(self.play(&Move {
            node: d.node as i64,
            start: Some(d.start),
        }))
    }

    fn place(&mut self, v: u64, s: f64) {
        let internal = self
            .children(v)
            .is_some_and(|cs| cs.iter().all(|&c| self.slot[c as usize] == Slot::Zero));
        self.mark(v, Slot::Zero);
        self.start[v as usize] = s;
        for c in self.children(v).unwrap_or_default() {
            if self.slot[c as usize] == Slot::Free {
                self.mark(c, Slot::External);
            }
        }
        if !internal {
            self.h_last = self.node_height(v);
        }
        self.placed.push(v);
    }

    /// The student's schedule once complete: processor 0's nodes as placed, every external
    /// subtree a copy of Fine-Grain's schedule of its height on processors of its own.
    pub fn schedule(&self) -> Option<Schedule> {
        if !self.complete() {
            return None;
        }
        let total = self.total() as usize;
        let mut processor = vec![0u64; total + 1];
        let mut start = vec![0.0; total + 1];
        let mut next = 1u64;
        for r in 1..=total {
            match self.slot[r] {
                Slot::Zero => start[r] = self.start[r],
                Slot::External => {
                    let h = self.node_height(r as u64);
                    let opt = self.optimal.get(h as usize - 1)?;
                    for src in 1..opt.start.len() {
                        let depth = 63 - (src as u64).leading_zeros();
                        let q = src - (1usize << depth);
                        let dst = (r << depth) + q;
                        processor[dst] = next + opt.processor[src];
                        start[dst] = opt.start[src];
                    }
                    next += opt.processor[1..].iter().max().map_or(1, |m| m + 1);
                }
                Slot::Free => {}
            }
        }
        Some(Schedule {
            n: self.n,
            tau: self.tau,
            direction: crate::model::treesweep::Direction::Up,
            processor,
            start,
        })
    }

    /// The finished clustering against T* and T_PY (None until complete).
    pub fn outcome(&self) -> Option<Outcome> {
        let s = self.schedule()?;
        Some(Outcome {
            makespan: s.makespan(),
            t_star: self.t_star(self.n),
            t_py: self.t_py,
            top_cluster: self.placed.len(),
            processors: s.processors_used(),
            valid: s.check().is_ok(),
            first_deviation: self.first_deviation.clone(),
        })
    }

    /// What to decide, for the exercise's listing.
    pub fn task(&self) -> String {
        format!(
            "Build processor 0's top cluster of the up-sweep of T_{} (τ = {}): name its nodes \
             in the order processor 0 runs them (heap numbers: root 1, children 2k and 2k + 1), \
             optionally with start times; every other node runs in an external subtree, \
             scheduled optimally elsewhere. Finish with the root",
            self.n,
            number(self.tau, Precision::Exact)
        )
    }
}

/// Node d lies in the subtree of c.
fn is_below(d: u64, c: u64) -> bool {
    let mut u = d;
    while u > c {
        u /= 2;
    }
    u == c
}

#[cfg(test)]
mod tests;
