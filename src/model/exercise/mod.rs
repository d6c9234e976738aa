//! "Your turn": exercises in which the student performs an algorithm's moves and the model
//! grades each one (pure, no egui; the GUI's exercise panel and `loadlab exercise` read it).
//!
//! An exercise is an instance plus what to decide. A move is graded at once:
//!
//! * `legal` — whether it respects the model's rules; when not, `rule` names the first rule it
//!   breaks and nothing is applied (the student tries the same move again);
//! * `optimal` — when legal, whether it is as good as the algorithm's move (for the
//!   redistribution, whether the round lowers the lower bound by one round, which every
//!   round of Algorithms 1 and 3 does; `rule` is then `progress` when it does not);
//! * `why` — one sentence in the paper's notation.
//!
//! The score counts moves right at the first try (a move is a first try when the move before
//! it was not an illegal or wrong attempt at the same decision); `complete` says whether the
//! moves finish the exercise.
//!
//! * [`redistribute`]: plan each round of a homogeneous ring's redistribution (Algorithms 1
//!   and 3 of Renard, Robert & Vivien), graded by the schedule checker of
//!   [`crate::model::redistribute::schedule`] and Lemmas 1 and 6.
//! * [`ksbf`]: predict where (PE) and when (step) each node of a growing tree or grid runs
//!   under KS-BF (Gao & Rosenberg), graded against the simulator's run.
//! * [`geodecay`]: decide before each round whether to load-balance (Gil & Matias), graded
//!   against the optimal policy's dynamic programme, compared with the standard and improved
//!   policies.
//! * [`treesweep`]: build processor 0's top cluster of a tree sweep node by node (Gao,
//!   Rosenberg & Sitaraman), graded against Algorithm Fine-Grain's rules (a), (b) and
//!   inequality (4); the finished clustering's makespan against T* and T_PY.
//! * [`divisible`]: set each level's load L_l (Li), played with ℂ's, ℙ's or ℚ's timing rules
//!   and graded against the method's closed-form L_l; the end names the level whose timing
//!   first wastes time.

pub mod divisible;
pub mod geodecay;
pub mod ksbf;
pub mod moves;
pub mod redistribute;
pub mod treesweep;

use serde::Serialize;

/// The legality rule every exercise that is played on shares: a move once nothing is left to
/// decide is not played (the tree sweep's clustering is complete, the ring is balanced).
pub const COMPLETE: &str = "complete";

/// The grade of one move, common to every model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Grade {
    /// The move respects the model's rules.
    pub legal: bool,
    /// The rule the move breaks (illegal), or the optimality rule it misses (legal but not
    /// optimal); empty when the move is legal and optimal.
    pub rule: String,
    /// Legal and as good as the algorithm's move (false when illegal).
    pub optimal: bool,
    /// Why, in the paper's notation.
    pub why: String,
    /// The move is the student's first try at this decision.
    pub first_try: bool,
}

impl Grade {
    /// An illegal move breaking `rule`.
    pub fn illegal(rule: &str, why: String, first_try: bool) -> Grade {
        Grade {
            legal: false,
            rule: rule.to_string(),
            optimal: false,
            why,
            first_try,
        }
    }

    /// A move once every decision is made: refused (rule [`COMPLETE`]), nothing played, no
    /// try spent.
    pub fn after_the_end() -> Grade {
        Grade::illegal(
            COMPLETE,
            "every decision is made: nothing is left to decide".into(),
            false,
        )
    }

    /// A legal move; `missed` is the optimality rule it misses (None: optimal).
    pub fn legal(missed: Option<&str>, why: String, first_try: bool) -> Grade {
        Grade {
            legal: true,
            rule: missed.unwrap_or_default().to_string(),
            optimal: missed.is_none(),
            why,
            first_try,
        }
    }

    /// Counts towards the score: optimal at the first try.
    pub fn scores(&self) -> bool {
        self.optimal && self.first_try
    }
}

/// The positions of an exercise (its k-th level, decision, round or node) whose first try is
/// spent. Undo takes a move back, not its try: a wrong move undone and played again right is
/// not a first try (it was, and a student could Undo every wrong move into a full score).
/// Restart is Undo of every move: the board is set afresh, the tries spent stay spent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tries(Vec<bool>);

impl Tries {
    /// A move at position `at` would be its first try.
    pub fn first(&self, at: usize) -> bool {
        !self.0.get(at).copied().unwrap_or(false)
    }

    /// A move at position `at` was graded: its first try is spent.
    pub fn spend(&mut self, at: usize) {
        if at >= self.0.len() {
            self.0.resize(at + 1, false);
        }
        self.0[at] = true;
    }
}

/// An exercise whose Undo keeps the history of its tries: the spent [`Tries`] and the score of
/// first tries (a move right at its first try, then undone, keeps its point: played again it
/// is not a first try and scores nothing more).
pub trait FirstTries: Sized {
    /// The spent tries and the score, to carry across Undo.
    fn history(&mut self) -> (&mut Tries, &mut usize);

    /// Goes back to `before` (the state before the last move), keeping the history.
    fn undo_to(&mut self, mut before: Self) {
        carry(self.history(), before.history());
        *self = before;
    }
}

/// Hands the spent tries and the score of first tries from an exercise to the state that
/// replaces it: the state before the last move (Undo) or the exercise set afresh (Restart).
/// Either way a step tried or shown before is no first try after, and a point earned stays:
/// neither Undo nor Restart can turn a wrong first try into a right one.
pub fn carry(from: (&mut Tries, &mut usize), to: (&mut Tries, &mut usize)) {
    *to.0 = std::mem::take(from.0);
    *to.1 = *from.1;
}

/// A rule as a student reads it in a verdict: every model's rules in the words its lesson and
/// its paper use (KS-BF's "Keep left", the tree sweep's "rule (a)"), not the names the files
/// carry. The names themselves (`left-child-stays`, `inequality-4`) stay what move files,
/// attempt files and the gradebook print: stable, scriptable.
pub fn rule_words(rule: &str) -> &str {
    use {divisible as d, geodecay as g, ksbf as k, redistribute as r, treesweep as t};
    match rule {
        t::BASE => "Step 1.1",
        t::RULE_A => "rule (a)",
        t::RULE_B => "rule (b)",
        t::INEQUALITY_4 => "inequality (4)",
        t::START => "start at the AET",
        t::NODE => "a node of the instance",
        t::COMPLETE => "nothing left to decide",
        t::TAKEN => "each node once",
        t::TOP_CLUSTER => "the top cluster",
        t::ONE_AT_A_TIME => "one node at a time",
        t::PRECEDENCE => "inputs before the node",
        t::ROOT_LAST => "the root last",
        k::ROOT => "the root on P0 at step 0",
        k::KEEP_LEFT => "Keep left",
        k::SEND_RIGHT => "Send right",
        k::READY => "ready the step after its parent(s) ran",
        k::BREADTH_FIRST => "breadth-first order",
        k::PE => "a PE of the ring",
        k::PLACED => "each node once",
        r::NEIGHBOURS => "neighbours only",
        r::ONE_PORT => "one-port",
        r::POSSESSION => "possession",
        r::PROGRESS => "the bound one round lower",
        r::POSSESSION_AHEAD => "items for the rounds ahead",
        d::RANGE => "L_l ≥ 0",
        d::REMAINING => "within the load left",
        d::CONSERVATION => "the leaves take the rest",
        d::OVERLAP => "ℚ's overlap",
        d::CLOSED_FORM => "the closed form",
        g::COST => "least total time",
        _ => rule,
    }
}

/// Implements [`FirstTries`] for the exercise `$t` whose spent tries are its field `$tries`
/// and whose score is its field `score`.
macro_rules! first_tries {
    ($t:ty, $tries:ident) => {
        impl $crate::model::exercise::FirstTries for $t {
            fn history(&mut self) -> (&mut $crate::model::exercise::Tries, &mut usize) {
                (&mut self.$tries, &mut self.score)
            }
        }
    };
}
pub(crate) use first_tries;

/// Where an exercise stands: the score, what it is out of, and whether it is done. Every
/// model's exercise gives it (`tally`), for its Your turn band, the lesson's exercise step and
/// the homework replay alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Tally {
    /// Moves optimal at the first try.
    pub score: usize,
    /// The moves the score is out of.
    pub out_of: usize,
    /// Nothing is left to decide.
    pub complete: bool,
}

impl Tally {
    /// `score` out of `out_of`, `complete` or not.
    pub fn new(score: usize, out_of: usize, complete: bool) -> Tally {
        Tally {
            score,
            out_of,
            complete,
        }
    }
}

/// Why an exercise cannot be set or a move list cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ExerciseError(pub String);

impl ExerciseError {
    /// `Ok` when `ok` holds, else the error `why` words (only then).
    pub fn unless(ok: bool, why: impl FnOnce() -> String) -> Result<(), ExerciseError> {
        if ok {
            Ok(())
        } else {
            Err(ExerciseError(why()))
        }
    }
}

impl From<crate::model::ParamError> for ExerciseError {
    /// An invalid scenario, naming its flag (`--h: …`).
    fn from(e: crate::model::ParamError) -> Self {
        ExerciseError(format!("--{}: {}", e.field, e.message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No verdict shows a file name for a rule: every rule of every model reads in words, save
    /// the two whose names are already the paper's words.
    #[test]
    fn every_models_rules_read_in_words() {
        let names = [
            "root",
            "left-child-stays",
            "right-child-clockwise",
            "step",
            "breadth-first",
            "node",
            "pe",
            "placed",
            "neighbours",
            "progress",
            "possession-ahead",
            "range",
            "remaining",
            "conservation",
            "overlap",
            "closed-form",
            "cost",
        ];
        for name in names.iter().chain(&treesweep::RULES) {
            let words = rule_words(name);
            assert_ne!(words, *name, "{name} is shown as its file name");
        }
        for kept in ["one-port", "possession"] {
            assert_eq!(rule_words(kept), kept);
        }
        assert_eq!(rule_words("left-child-stays"), "Keep left");
    }
}
