//! The KS-BF exercise (Gao & Rosenberg): for each node of the growing tree or grid, predict
//! the PE P_0…P_{p−1} that runs it and the step at which it runs (steps from 0: the root runs
//! on P_0 at step 0, as in the proofs of Theorems 2.2 and 3.2), graded against the simulator's
//! run of KS-BF on the same workload.
//!
//! A wrong prediction is explained by the rule that decides it:
//!
//! * `root` — the root (origin) starts on P_0 at step 0;
//! * `left-child-stays` — a left child runs on its parent's PE (Keep left);
//! * `right-child-clockwise` — a right child runs on the parent's clockwise neighbour
//!   P_{π+1 mod p} (Send right); Lemma 1.1: node x runs on P_{Wgt(x) mod p}, ⟨k, ℓ⟩ on
//!   P_{k mod p};
//! * `step` — a child created at step t is ready from step t + 1, and not before;
//! * `breadth-first` — a PE runs its first ready task in breadth-first order (level, then
//!   left to right), one per step.
//!
//! Every correct prediction is legal and optimal (KS-BF is deterministic); a node that is not
//! in the workload breaks `node`, a PE outside P_0…P_{p−1} breaks `pe`. A node placed already
//! (predicted right before) breaks `placed`: nothing is played, no try is spent (the GUI only
//! ever asks for the next node not yet placed).

use std::collections::HashMap;
use std::sync::Arc;

use serde::Serialize;

use super::{ExerciseError, Grade};
use crate::model::ksbf::{
    Balance, KsbfParams, NodeId, NodeRecord, Schedule, records, simulate, sparse_weight,
};

/// The rules a wrong prediction breaks (see the module documentation).
pub const ROOT: &str = "root";
/// See [`ROOT`].
pub const KEEP_LEFT: &str = "left-child-stays";
/// See [`ROOT`].
pub const SEND_RIGHT: &str = "right-child-clockwise";
/// See [`ROOT`].
pub const READY: &str = "step";
/// See [`ROOT`].
pub const BREADTH_FIRST: &str = "breadth-first";
/// See [`ROOT`].
pub const NODE: &str = "node";
/// See [`ROOT`].
pub const PE: &str = "pe";
/// See [`ROOT`].
pub const PLACED: &str = "placed";

/// Every rule, as the CLI lists them.
pub const RULES: [&str; 8] = [
    ROOT,
    KEEP_LEFT,
    SEND_RIGHT,
    READY,
    BREADTH_FIRST,
    NODE,
    PE,
    PLACED,
];

/// The most nodes an exercise may have (a student predicts every one).
pub const NODE_MAX: u64 = 4096;

/// The most PEs the GUI draws as rows of the exercise's grid; lessons are held to it.
pub const DRAWN_P_MAX: u32 = 16;

/// A prediction: `node` runs on PE `pe` at step `step` (as typed: may be out of range).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prediction {
    /// The node.
    pub node: NodeId,
    /// PE 0…p−1.
    pub pe: i64,
    /// Step from 0.
    pub step: i64,
}

/// One graded prediction.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NodeGrade {
    /// The common grade.
    #[serde(flatten)]
    pub grade: Grade,
    /// The PE that runs the node (−1 when the node is not in the workload).
    pub pe: i64,
    /// The step at which it runs (−1 when the node is not in the workload).
    pub step: i64,
}

/// The state of one KS-BF exercise.
#[derive(Debug, Clone)]
pub struct KsbfExercise {
    params: KsbfParams,
    /// Every node's record in execution order (step, then PE). This and the maps from it are
    /// shared by the copies Undo keeps: a copy of each per move made handing in an attempt of
    /// 4 095 predictions (n = 12) take 2.2 GB.
    pub order: Arc<[NodeRecord]>,
    index: Arc<HashMap<NodeId, usize>>,
    at: Arc<HashMap<(u32, u64), usize>>,
    /// Nodes predicted right.
    pub done: Vec<bool>,
    /// Nodes already tried, by their place in `order` (a later prediction is not a first try).
    pub tried: super::Tries,
    /// Predictions right at the first try.
    pub score: usize,
}

super::first_tries!(KsbfExercise, tried);

impl KsbfExercise {
    /// The exercise on `params`' workload under KS-BF (balance and schedule are set to the
    /// paper's); refused beyond [`NODE_MAX`] nodes.
    pub fn new(params: &KsbfParams) -> Result<KsbfExercise, ExerciseError> {
        let params = KsbfParams {
            balance: Balance::Ks,
            schedule: Schedule::Bf,
            ..params.clone()
        };
        let valid = params.validate()?;
        let max = params.max_nodes();
        if max > NODE_MAX || !records(&params) {
            return Err(ExerciseError(format!(
                "--n: {}: up to {max} nodes to predict, more than the exercise's limit of \
                 {NODE_MAX}",
                params.describe()
            )));
        }
        let outcome = simulate(&valid);
        let order = outcome.trace.map(|t| t.nodes).unwrap_or_default();
        let index = order.iter().enumerate().map(|(i, r)| (r.node, i)).collect();
        let at = order
            .iter()
            .enumerate()
            .map(|(i, r)| ((r.pe, r.step), i))
            .collect();
        Ok(KsbfExercise {
            done: vec![false; order.len()],
            tried: super::Tries::default(),
            params,
            order: order.into(),
            index: Arc::new(index),
            at: Arc::new(at),
            score: 0,
        })
    }

    /// The steps a grid of predictions offers, 0 … N − 1: one per node, whatever the schedule.
    /// No run is longer: until the last node runs, every step runs one (the earliest node not
    /// yet run has had its parents run, so it is ready and its PE runs a task). A width taken
    /// from the run — its makespan and a few more — would give the makespan away.
    pub fn steps_offered(&self) -> u64 {
        self.order.len() as u64
    }

    /// Refuses rings too large for the GUI ([`DRAWN_P_MAX`]).
    pub fn drawable(&self) -> Result<(), ExerciseError> {
        let p = self.params.p;
        ExerciseError::unless(p <= DRAWN_P_MAX, || {
            format!("p = {p} PEs; the exercise draws at most {DRAWN_P_MAX}")
        })
    }

    /// The scenario (KS balance, BF schedule).
    pub fn params(&self) -> &KsbfParams {
        &self.params
    }

    /// Every node predicted right.
    pub fn complete(&self) -> bool {
        self.done.iter().all(|&d| d)
    }

    /// The score out of the nodes to predict.
    pub fn tally(&self) -> super::Tally {
        super::Tally::new(self.score, self.order.len(), self.complete())
    }

    /// The first node in execution order not yet predicted right.
    pub fn next(&self) -> Option<&NodeRecord> {
        self.order
            .iter()
            .zip(&self.done)
            .find(|(_, d)| !**d)
            .map(|(r, _)| r)
    }

    /// The record of a node of the workload.
    pub fn record(&self, node: NodeId) -> Option<&NodeRecord> {
        self.index.get(&node).map(|&i| &self.order[i])
    }

    /// The node's parent that sent or kept it: the left parent for a left child, the right
    /// parent (whose right child it is) otherwise; None for the root.
    fn parent(&self, node: NodeId) -> Option<(NodeId, bool)> {
        match node {
            NodeId::Tree(h) if h > 1 => Some((NodeId::Tree(h / 2), h % 2 == 0)),
            NodeId::Grid { k, l } if k > 0 && self.index.contains_key(&grid(k - 1, l)) => {
                Some((grid(k - 1, l), false))
            }
            NodeId::Grid { k, l } if l > 0 => Some((grid(k, l - 1), true)),
            _ => None,
        }
    }

    /// The node's parents: a tree node's one, a grid cell's one or two.
    fn parents(&self, node: NodeId) -> Vec<NodeId> {
        match node {
            NodeId::Tree(h) if h > 1 => vec![NodeId::Tree(h / 2)],
            NodeId::Grid { k, l } => {
                let mut v = Vec::new();
                if k > 0 {
                    v.push(grid(k - 1, l));
                }
                if l > 0 {
                    v.push(grid(k, l - 1));
                }
                v
            }
            _ => Vec::new(),
        }
    }

    /// The step from which the node is ready: one after its last parent ran.
    fn ready(&self, node: NodeId) -> u64 {
        self.parents(node)
            .iter()
            .filter_map(|&x| self.record(x))
            .map(|r| r.step + 1)
            .max()
            .unwrap_or(0)
    }

    /// What the node waits for, in words: its parents and the steps they run at (a grid cell
    /// inside waits for both of its parents, whichever runs later), and the step that makes it
    /// ready.
    fn waits_for(&self, node: NodeId) -> String {
        let ran: Vec<(NodeId, u64)> = self
            .parents(node)
            .into_iter()
            .filter_map(|x| self.record(x).map(|r| (x, r.step)))
            .collect();
        let ready = ran.iter().map(|&(_, s)| s + 1).max().unwrap_or(0);
        match ran.as_slice() {
            [] => "the run starts at step 0".into(),
            [(a, sa)] => format!(
                "its parent {} runs at step {sa}, so it is ready from step {ready}",
                a.written()
            ),
            [(a, sa), (b, sb), ..] => format!(
                "its parents {} and {} run at steps {sa} and {sb}, so it is ready from step \
                 {ready}",
                a.written(),
                b.written()
            ),
        }
    }

    /// A hint for a node: the rules that place it (Lemma 1.1 for its PE, readiness and
    /// breadth-first order for its step) with the data they need, not the cell itself.
    pub fn hint(&self, node: NodeId) -> String {
        let p = self.params.p;
        let pe = match node {
            NodeId::Tree(1) | NodeId::Grid { k: 0, l: 0 } => {
                return "the root starts on P0 at step 0".into();
            }
            NodeId::Tree(_) => format!(
                "Lemma 1.1: {} runs on P_(Wgt mod {p}), Wgt = the right turns on the path from \
                 the root to it (Keep left, Send right)",
                node.written()
            ),
            NodeId::Grid { .. } => {
                format!(
                    "Lemma 1.1: {} runs on P_(k mod {p}), k its row",
                    node.written()
                )
            }
        };
        format!("{pe}{}", self.ready_hint(node))
    }

    fn ready_hint(&self, node: NodeId) -> String {
        if self.parents(node).is_empty() {
            return String::new();
        }
        format!(
            "; {}, and it waits while its PE has a task before it in breadth-first order",
            self.waits_for(node)
        )
    }

    /// Grades a prediction without recording it.
    pub fn grade(&self, pred: &Prediction) -> NodeGrade {
        let Some(&i) = self.index.get(&pred.node) else {
            return NodeGrade {
                grade: Grade::illegal(
                    NODE,
                    format!("{} is not a node of this workload", pred.node.written()),
                    true,
                ),
                pe: -1,
                step: -1,
            };
        };
        let r = self.order[i];
        let first_try = self.tried.first(i);
        let (pe, step) = (i64::from(r.pe), r.step as i64);
        let p = i64::from(self.params.p);
        let grade = if self.done[i] {
            Grade::illegal(
                PLACED,
                format!(
                    "{} is placed already (on P{pe} at step {step}): each node is predicted \
                     once",
                    r.node.written()
                ),
                false,
            )
        } else if !(0..p).contains(&pred.pe) {
            Grade::illegal(
                PE,
                format!(
                    "P{} is not a PE of this ring: its PEs are P0…P{}",
                    pred.pe,
                    p - 1
                ),
                first_try,
            )
        } else if pred.pe != pe {
            let (rule, why) = self.wrong_pe(&r, pred.pe);
            Grade::illegal(rule, why, first_try)
        } else if pred.step != step {
            let (rule, why) = self.wrong_step(&r, pred.step);
            Grade::illegal(rule, why, first_try)
        } else {
            Grade::legal(
                None,
                format!("{} runs on P{pe} at step {step}", r.node.written()),
                first_try,
            )
        };
        NodeGrade { grade, pe, step }
    }

    fn wrong_pe(&self, r: &NodeRecord, said: i64) -> (&'static str, String) {
        let p = self.params.p;
        let node = r.node.written();
        let Some((parent, left)) = self.parent(r.node) else {
            return (
                ROOT,
                // The rule's words in the reason, so the verdict does not name it twice
                // ("rule broken: the root on P0 at step 0: the root node 1 starts on P0 …").
                format!(
                    "{node} is the root, and the run starts with the root on P0 at step 0: it \
                     runs on P0, not P{said}"
                ),
            );
        };
        let ppe = self.record(parent).map_or(0, |x| x.pe);
        if left {
            (
                KEEP_LEFT,
                format!(
                    "{node} is the left child of {}, which ran on P{ppe}: Keep left, so it \
                     runs on P{ppe}, not P{said}",
                    parent.written()
                ),
            )
        } else {
            (
                SEND_RIGHT,
                format!(
                    "{node} is the right child of {}, which ran on P{ppe}: Send right, to the \
                     clockwise neighbour P{} (P_{{{ppe}+1 mod {p}}}), not P{said}",
                    parent.written(),
                    (ppe + 1) % p
                ),
            )
        }
    }

    fn wrong_step(&self, r: &NodeRecord, said: i64) -> (&'static str, String) {
        let node = r.node.written();
        let ready = self.ready(r.node) as i64;
        if said < ready {
            let why = format!(
                "{node} cannot run at step {said}: {}",
                self.waits_for(r.node)
            );
            return (READY, why);
        }
        let busy = u64::try_from(said)
            .ok()
            .and_then(|s| self.at.get(&(r.pe, s)))
            .map(|&j| self.order[j].node);
        let why = match busy {
            Some(other) if said < r.step as i64 => format!(
                "at step {said} P{} runs {}, which comes before {node} in breadth-first order; \
                 {node} runs at step {}",
                r.pe,
                other.written(),
                r.step
            ),
            _ => format!(
                "{node} is ready from step {ready} and P{} runs its first ready task in \
                 breadth-first order, one per step: {node} runs at step {}, not {said}",
                r.pe, r.step
            ),
        };
        (BREADTH_FIRST, why)
    }

    /// Grades a prediction and records it (score, done, tried); a node placed already is
    /// refused and nothing recorded.
    pub fn play(&mut self, pred: &Prediction) -> NodeGrade {
        let g = self.grade(pred);
        if g.grade.rule == PLACED {
            return g;
        }
        if let Some(&i) = self.index.get(&pred.node) {
            if g.grade.scores() {
                self.score += 1;
            }
            if g.grade.optimal {
                self.done[i] = true;
            }
            self.tried.spend(i);
        }
        g
    }

    /// The weight cap of the sparse tree (for the task text).
    pub fn task(&self) -> String {
        let what = if self.params.shape.is_grid() {
            "grid node ⟨k, ℓ⟩"
        } else {
            "tree node (heap numbers: root 1, children 2i and 2i + 1)"
        };
        let extra = if self.params.shape == crate::model::ksbf::Shape::SparseTree {
            format!(" (weight cap w = {})", sparse_weight(self.params.p))
        } else {
            String::new()
        };
        format!(
            "For every {what}{extra}, predict the PE (P0…P{}) that runs it under KS-BF and the \
             step (from 0) at which it runs",
            self.params.p.saturating_sub(1)
        )
    }
}

fn grid(k: u32, l: u32) -> NodeId {
    NodeId::Grid { k, l }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ksbf::Shape;

    fn exercise(shape: Shape, n: u32, p: u32) -> KsbfExercise {
        KsbfExercise::new(&KsbfParams {
            shape,
            n,
            p,
            ..KsbfParams::default()
        })
        .unwrap()
    }

    /// Theorem 2.2's schedule by hand on T_3, p = 2: P0 runs 1, 2, 4 at steps 0, 1, 2 (Wgt 0),
    /// P1 runs 3 (Wgt 1) at step 1 and 5, 6 (Wgt 1) at steps 2, 3; 7 (Wgt 2) on P0 at step 3.
    #[test]
    fn the_simulation_counts_steps_from_0_as_theorem_2_2() {
        let ex = exercise(Shape::Tree, 3, 2);
        let expect = [
            (1, 0, 0),
            (2, 0, 1),
            (3, 1, 1),
            (4, 0, 2),
            (5, 1, 2),
            (6, 1, 3),
            (7, 0, 3),
        ];
        for (h, pe, step) in expect {
            let r = ex.record(NodeId::Tree(h)).unwrap();
            assert_eq!((r.pe, r.step), (pe, step), "node {h}");
        }
    }

    #[test]
    fn wrong_predictions_name_the_rule() {
        let mut ex = exercise(Shape::Tree, 3, 2);
        let pred = |h, pe, step| Prediction {
            node: NodeId::Tree(h),
            pe,
            step,
        };
        assert_eq!(ex.play(&pred(3, 0, 1)).grade.rule, "right-child-clockwise");
        assert_eq!(ex.play(&pred(2, 1, 1)).grade.rule, "left-child-stays");
        assert_eq!(ex.play(&pred(1, 1, 0)).grade.rule, "root");
        assert_eq!(ex.play(&pred(4, 0, 1)).grade.rule, "step");
        let g = ex.play(&pred(6, 1, 2));
        assert_eq!(g.grade.rule, "breadth-first");
        assert!(g.grade.why.contains("node 5"), "{}", g.grade.why);
        assert_eq!(ex.play(&pred(9, 0, 0)).grade.rule, "node");
        let g = ex.play(&pred(6, 1, 3));
        assert!(g.grade.optimal && !g.grade.first_try);
        assert!(ex.play(&pred(7, 0, 3)).grade.scores());
        assert_eq!(ex.score, 1);
        let mut grid = exercise(Shape::Grid, 3, 2);
        let at = |k, l, pe, step| Prediction {
            node: NodeId::Grid { k, l },
            pe,
            step,
        };
        // ⟨1, 1⟩ runs on P1 (row 1), fed by ⟨1, 0⟩ (P1, step 1) and ⟨0, 1⟩ (P0, step 1).
        let r = *grid.record(NodeId::Grid { k: 1, l: 1 }).unwrap();
        assert_eq!(r.pe, 1);
        assert_eq!(
            grid.play(&at(1, 1, 0, r.step as i64)).grade.rule,
            "right-child-clockwise"
        );
        assert_eq!(grid.play(&at(1, 1, 1, 1)).grade.rule, "step");
    }

    /// A PE outside P0…P(p−1) is its own illegal move naming the ring's PEs (it was graded as
    /// breaking Keep left: "runs on P0, not P5"), and spends the try as any wrong prediction.
    /// A node placed already is refused as placed: nothing played, no try, no second score.
    #[test]
    fn a_pe_off_the_ring_and_a_node_placed_twice_are_their_own_moves() {
        let mut ex = exercise(Shape::Tree, 3, 2);
        let pred = |h, pe, step| Prediction {
            node: NodeId::Tree(h),
            pe,
            step,
        };
        for pe in [5, 2, -1] {
            let g = ex.play(&pred(2, pe, 1)).grade;
            assert_eq!((g.rule.as_str(), g.legal), ("pe", false), "P{pe}");
            assert!(g.why.contains(&format!("P{pe} ")), "{}", g.why);
            assert!(g.why.contains("P0…P1"), "{}", g.why);
        }
        assert!(!ex.done[ex.index[&NodeId::Tree(2)]]);
        // Node 1: right at the first try, then again: placed, the score stays 1.
        assert!(ex.play(&pred(1, 0, 0)).grade.scores());
        for _ in 0..2 {
            let g = ex.play(&pred(1, 0, 0)).grade;
            assert_eq!((g.rule.as_str(), g.optimal), ("placed", false));
            assert!(!g.first_try && !g.scores(), "{g:?}");
        }
        let g = ex.play(&pred(1, 1, 4)).grade;
        assert_eq!(g.rule, "placed");
        assert_eq!(ex.score, 1);
        // Node 3 untried: a placed node's refusal spends no try elsewhere.
        assert!(ex.play(&pred(3, 1, 1)).grade.scores());
        assert_eq!(ex.score, 2);
    }

    /// A hint names what the node waits for: a tree node's one parent (node 4's is node 2, run
    /// at step 1 on T_3, p = 2), a grid cell's two parents where it has two (on G_3, p = 2,
    /// ⟨1, 1⟩ waits for ⟨0, 1⟩ on P0 and ⟨1, 0⟩ on P1, both run at step 1), nothing for the root.
    #[test]
    fn a_hint_names_what_the_node_waits_for() {
        let tree = exercise(Shape::Tree, 3, 2);
        let h = tree.hint(NodeId::Tree(4));
        let want = "its parent node 2 runs at step 1, so it is ready from step 2";
        assert!(h.contains(want) && h.contains("P_(Wgt mod 2)"), "{h}");
        assert!(!tree.hint(NodeId::Tree(1)).contains("ready"));
        let grid = exercise(Shape::Grid, 3, 2);
        let h = grid.hint(NodeId::Grid { k: 1, l: 1 });
        let want = "its parents ⟨0, 1⟩ and ⟨1, 0⟩ run at steps 1 and 1, so it is ready from step 2";
        assert!(h.contains(want), "{h}");
        let h = grid.hint(NodeId::Grid { k: 1, l: 0 });
        assert!(h.contains("its parent ⟨0, 0⟩ runs at step 0"), "{h}");
    }

    /// A step too early is answered with both parents of a grid cell, not one of them with the
    /// other's step. On G_5, p = 2, P0 runs ⟨0, 2⟩ at step 2 and ⟨2, 0⟩ (sent on by P1, which ran
    /// ⟨1, 0⟩ at step 1) after it, at step 3; P1 runs ⟨1, 1⟩ at step 2. So ⟨2, 1⟩ on P0 is ready
    /// from step 4: the old message said "its parent ⟨1, 1⟩ runs at step 3".
    #[test]
    fn a_step_too_early_names_both_parents_of_a_grid_cell() {
        let mut grid = exercise(Shape::Grid, 5, 2);
        let g = grid.play(&Prediction {
            node: NodeId::Grid { k: 2, l: 1 },
            pe: 0,
            step: 3,
        });
        assert_eq!(g.grade.rule, READY);
        let want = "its parents ⟨1, 1⟩ and ⟨2, 0⟩ run at steps 2 and 3, so it is ready from step 4";
        assert!(g.grade.why.contains(want), "{}", g.grade.why);
    }

    /// The grid offers one step per node: T_4 has 15 nodes, whether its makespan is 15 (one
    /// PE) or 8 (two), and no node of any shape runs beyond the offer.
    #[test]
    fn the_grid_offers_a_step_per_node_not_the_makespan() {
        let one = exercise(Shape::Tree, 4, 1);
        let two = exercise(Shape::Tree, 4, 2);
        assert_eq!((one.steps_offered(), two.steps_offered()), (15, 15));
        assert_eq!(two.order.iter().map(|r| r.step).max(), Some(7));
        for (shape, n) in [
            (Shape::Tree, 6),
            (Shape::Grid, 5),
            (Shape::SparseTree, 9),
            (Shape::TwoRowGrid, 6),
            (Shape::RandomTree, 9),
            (Shape::RandomGrid, 6),
        ] {
            for p in [1, 2, 3, 5, 8, 16] {
                let ex = exercise(shape, n, p);
                let last = ex.order.iter().map(|r| r.step).max().unwrap();
                assert!(
                    last < ex.steps_offered(),
                    "{shape:?} n={n} p={p}: step {last}"
                );
            }
        }
    }
}
