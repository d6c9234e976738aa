//! The redistribution exercise: the student plans every round of a homogeneous ring's
//! redistribution (Renard, Robert & Vivien, Algorithm 1 on a unidirectional ring, Algorithm 3
//! on a bidirectional one), one item per send, each round lasting c.
//!
//! A round is a list of sends P_i → P_j (processors 1…n as in the paper). It is graded by the
//! schedule checker ([`RoundChecker`], the one every run goes through), whose rules are
//!
//! * `neighbours` — P_j is a neighbour of P_i (on a unidirectional ring, P_j = P_{i+1});
//! * `one-port` — a processor sends at most one item and receives at most one per round;
//! * `possession` — P_i holds an item at the start of the round (an item received in round r
//!   can be sent from round r + 1);
//!
//! and, when legal, by `progress`: does the round lower the lower bound by one round, as
//! every round of the algorithm does? On a bidirectional ring the bound is Lemma 6's
//! max{max_i |δ_i|, ⌈max |δ_{k,l}| / 2⌉}; on a unidirectional one Lemma 1's max |δ_{k,l}|. No
//! round can lower either by more than one (a round changes every δ_i and every slice sum by
//! at most one item each way). The bounds read δ alone, the rounds also the loads: a round
//! that lowers the bound may leave a processor without the item a later round of the
//! algorithm must send (it sent its only item early), so `optimal` also asks that the
//! algorithm, played on from there, breaks no rule (`possession-ahead`): it then finishes in
//! the bound, which no schedule beats. (That replay costs the bound's rounds; on rings where
//! it would exceed [`CONTINUATION_MAX`] processor-rounds, far beyond the GUI's, or once an
//! attempt's replays have cost [`CONTINUATION_TOTAL_MAX`] in all, the bound alone decides. A
//! round that is the algorithm's own, played where the algorithm's way on was replayed
//! already, needs no replay: its way on is the rest of that one.)
//! An illegal round is not played. The algorithm's round (for Hint and Show me) is planned
//! from the current unbalances: Algorithm 3 in its corrected reading
//! ([`Alg3Variant::Corrected`]), or the first round of Algorithm 1.

use serde::Serialize;

use super::{ExerciseError, Grade};
use crate::model::budget::{Budget, Cost};
use crate::model::redistribute::alg3::{Alg3Variant, alg3_round};
use crate::model::redistribute::bounds::{lemma1, lemma6_rounds, start_amounts};
use crate::model::redistribute::instance::{Direction, RingInstance};
use crate::model::redistribute::schedule::{RoundChecker, RoundRule, apply_round};
use crate::model::redistribute::send::Send;
use crate::model::words::{count, verb};

/// What grading may spend: one unit is one processor visited in one graded or planned round.
pub const BUDGET: Budget = Budget {
    unit: "processor-rounds",
    work: 1e8,
};

/// The largest ring the GUI sets an exercise on (it draws every processor with its link
/// handles); lessons are held to it.
pub const DRAWN_N_MAX: usize = 24;

/// A rule's name as printed in `rule`.
pub fn rule_name(rule: RoundRule) -> &'static str {
    match rule {
        RoundRule::Neighbours => NEIGHBOURS,
        RoundRule::OnePort => ONE_PORT,
        RoundRule::Possession => POSSESSION,
    }
}

/// The legality rules a round may break, by name.
pub const NEIGHBOURS: &str = "neighbours";
/// See [`NEIGHBOURS`].
pub const ONE_PORT: &str = "one-port";
/// See [`NEIGHBOURS`].
pub const POSSESSION: &str = "possession";

/// The optimality rule a legal round may miss.
pub const PROGRESS: &str = "progress";
/// The other: the round lowers the bound, but the algorithm played on from there breaks a
/// rule (a processor would send an item it no longer holds).
pub const POSSESSION_AHEAD: &str = "possession-ahead";

/// Most processor-rounds of the algorithm replayed to check a round's continuation.
pub const CONTINUATION_MAX: f64 = 1e6;
/// Most processor-rounds of the algorithm replayed for all the rounds of one attempt (its
/// Undo's copies included): about 3 s. Without it, every round of a long attempt that left the
/// algorithm's way replayed the rest (8 000 rounds on δ = (8000, −8000) took 7.5 s, 30 000 did
/// not finish in a minute).
pub const CONTINUATION_TOTAL_MAX: f64 = 3e7;

/// Where a move breaks a rule, for the picture (0-based processors).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Culprit {
    /// A processor (one-port, possession).
    Processor(usize),
    /// A send P_from → P_to that is not a link (neighbours), as typed (0-based, may be out of
    /// range).
    Link(i64, i64),
}

/// One graded round.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoundGrade {
    /// The common grade.
    #[serde(flatten)]
    pub grade: Grade,
    /// The round it was tried as (1-based: the rounds played before it, plus one).
    pub round: usize,
    /// The bound in rounds before the move.
    pub bound_before: i64,
    /// The bound after the move (= before when illegal: nothing is played).
    pub bound_after: i64,
    /// Where it breaks a rule (empty when legal).
    #[serde(skip)]
    pub culprits: Vec<Culprit>,
}

/// The state of one redistribution exercise.
#[derive(Debug, Clone)]
pub struct RingExercise {
    /// Shared by the copies Undo keeps.
    inst: std::sync::Arc<RingInstance>,
    /// Current unbalances.
    pub delta: Vec<i64>,
    /// Current loads.
    pub load: Vec<i64>,
    /// The rounds played (legal ones). (A count: a list of the rounds made every copy Undo
    /// keeps as long as the attempt, the copies of a long attempt its square.)
    pub played: usize,
    /// The algorithm played on from here was replayed and breaks no rule.
    on_path: bool,
    /// The same of the state after the round last graded.
    way_on_known: bool,
    /// Processor-rounds replayed so far by this attempt, shared with every copy of it (an
    /// Undo does not give them back): see [`CONTINUATION_TOTAL_MAX`].
    replayed: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// The bound at the start.
    pub initial_bound: i64,
    /// Moves right at the first try.
    pub score: usize,
    /// The last move was a failed attempt at the current round (the next is not a first try).
    pub retrying: bool,
    /// Steps whose first try is spent, a step being the k-th lowering of the bound
    /// (`RingExercise::step`; Undo and Restart keep them).
    pub tries: super::Tries,
    checker: RoundChecker,
}

/// The state before a move, for Undo (the board: the tries spent and the score stay).
#[derive(Debug, Clone)]
pub struct Snapshot {
    delta: Vec<i64>,
    load: Vec<i64>,
    played: usize,
    retrying: bool,
    on_path: bool,
}

super::first_tries!(RingExercise, tries);

impl RingExercise {
    /// An exercise on a homogeneous ring satisfying Section 2 (checked here).
    pub fn new(inst: &RingInstance) -> Result<RingExercise, ExerciseError> {
        if let Err(e) = inst.validate() {
            let first = e.first().map(|e| e.message.clone()).unwrap_or_default();
            return Err(ExerciseError(format!("the ring is not valid: {first}")));
        }
        if inst.uniform_cost().is_none() {
            return Err(ExerciseError(
                "the exercise works in rounds of one link cost: it needs a homogeneous ring \
                 (every link of the same cost c)"
                    .into(),
            ));
        }
        let ex = RingExercise {
            inst: std::sync::Arc::new(inst.clone()),
            delta: inst.delta.clone(),
            load: inst.loads.clone(),
            played: 0,
            on_path: false,
            way_on_known: false,
            replayed: Default::default(),
            initial_bound: 0,
            score: 0,
            retrying: false,
            tries: super::Tries::default(),
            checker: RoundChecker::new(inst.n()),
        };
        Ok(RingExercise {
            initial_bound: ex.bound(),
            ..ex
        })
    }

    /// Checks that grading `moves` rounds of `sends` sends in all fits [`BUDGET`].
    pub fn check_cost(&self, moves: usize, sends: usize) -> Result<Cost, ExerciseError> {
        let n = self.inst.n() as f64;
        // A round's way on replays at most the bound's rounds, which a round moves by one at
        // most; all the replays together at most CONTINUATION_TOTAL_MAX.
        let replay = (moves as f64 * (self.initial_bound as f64 + moves as f64) * n)
            .min(moves as f64 * CONTINUATION_MAX)
            .min(CONTINUATION_TOTAL_MAX);
        let work = n * (moves as f64 + 1.0) + sends as f64 + replay;
        // Measured (release build, with the parse's 80 bytes a JSON value): 5·10⁵ one-send
        // rounds peak at 719 MB, 1.1 kB a round graded; 2·10⁶ sends in one round at 593 MB.
        let bytes = 1100.0 * moves as f64 + 48.0 * sends as f64 + 64.0 * n;
        let cost = Cost::new(work, bytes);
        BUDGET
            .check(
                "moves",
                &format!("{moves} rounds on n = {}", self.inst.n()),
                cost,
            )
            .map_err(|e| ExerciseError(e.message))?;
        Ok(cost)
    }

    /// Refuses rings too large for the GUI ([`DRAWN_N_MAX`]).
    pub fn drawable(&self) -> Result<(), ExerciseError> {
        let n = self.inst.n();
        ExerciseError::unless(n <= DRAWN_N_MAX, || {
            format!("the ring has {n} processors; the exercise draws at most {DRAWN_N_MAX}")
        })
    }

    /// The instance.
    pub fn instance(&self) -> &RingInstance {
        &self.inst
    }

    /// Bidirectional ring (Algorithm 3, Lemma 6) or not (Algorithm 1, Lemma 1).
    pub fn bidirectional(&self) -> bool {
        self.inst.direction == Direction::Bi
    }

    /// The algorithm the student performs.
    pub fn algorithm(&self) -> &'static str {
        if self.bidirectional() {
            "Algorithm 3 (corrected reading)"
        } else {
            "Algorithm 1"
        }
    }

    /// The lower bound's name.
    pub fn bound_name(&self) -> &'static str {
        if self.bidirectional() {
            "Lemma 6"
        } else {
            "Lemma 1"
        }
    }

    /// The current lower bound in rounds.
    pub fn bound(&self) -> i64 {
        bound_of(self.inst.direction, &self.delta)
    }

    /// Every processor balanced: δ = 0.
    pub fn complete(&self) -> bool {
        self.delta.iter().all(|&d| d == 0)
    }

    /// The score out of the rounds System 6's bound asks for at the start.
    pub fn tally(&self) -> super::Tally {
        super::Tally::new(
            self.score,
            self.initial_bound.max(0) as usize,
            self.complete(),
        )
    }

    /// The step a round takes now: the k-th lowering of the bound (k = the rounds of
    /// progress made so far, 0 for the first), the decision a round of the algorithm takes.
    /// None above the bound at the start: a round that only undoes a rise of the bound is no
    /// step of the algorithm's, and scores nothing (else every rise bought another point, and
    /// the score passed the rounds it is out of).
    fn step(&self) -> Option<usize> {
        usize::try_from(self.initial_bound - self.bound()).ok()
    }

    /// The algorithm's next round from the current unbalances (0-based sends).
    pub fn algorithm_round(&self) -> Vec<Send> {
        algorithm_round(self.inst.direction, &self.delta)
    }

    /// Why the algorithm cannot play its next round from here (a sender holds no item: an
    /// earlier round sent it off the algorithm's path), or None when it can.
    fn stranded(&mut self) -> Option<String> {
        let round = self.algorithm_round();
        let label = format!("round {}", self.played + 1);
        first_violation(&mut self.checker, &self.inst, &self.load, &label, &round)
    }

    /// Show me's round as 1-based pairs, or, off the algorithm's path, the verdict saying why
    /// it cannot go on (nothing is to be played then: Undo leads back).
    pub fn shown_round(&mut self) -> Result<Vec<(i64, i64)>, Grade> {
        if let Some(why) = self.stranded() {
            let why = format!(
                "none — {} cannot go on from here, {why}; Undo move back to where it can",
                self.algorithm()
            );
            return Err(Grade::illegal(POSSESSION_AHEAD, why, false));
        }
        Ok(self
            .algorithm_round()
            .iter()
            .map(|s| (i64::from(s.from) + 1, i64::from(s.to) + 1))
            .collect())
    }

    /// The algorithm played from unbalances `delta` and loads `load` after `played` rounds:
    /// Ok(true) when it was replayed and finishes, Ok(false) when the replay would exceed
    /// [`CONTINUATION_MAX`] or what is left of [`CONTINUATION_TOTAL_MAX`] (not replayed), or
    /// why it breaks a rule before the ring is balanced.
    fn continuation(
        &mut self,
        mut delta: Vec<i64>,
        mut load: Vec<i64>,
        played: usize,
    ) -> Result<bool, String> {
        use std::sync::atomic::Ordering;
        let rounds = bound_of(self.inst.direction, &delta);
        let work = rounds as f64 * self.inst.n() as f64;
        let spent = self.replayed.load(Ordering::Relaxed) as f64;
        if work > CONTINUATION_MAX || spent + work > CONTINUATION_TOTAL_MAX {
            return Ok(false);
        }
        self.replayed.fetch_add(work as u64, Ordering::Relaxed);
        for r in 0..rounds as usize {
            let round = algorithm_round(self.inst.direction, &delta);
            let label = format!("round {}", played + r + 1);
            if let Some(why) = first_violation(&mut self.checker, &self.inst, &load, &label, &round)
            {
                return Err(why);
            }
            apply_round(&mut load, &round);
            apply_round(&mut delta, &round);
        }
        Ok(true)
    }

    /// Whether the algorithm played on after `sends` breaks no rule (true), or why it does;
    /// None when that is not known (not replayed: see [`RingExercise::continuation`]). The
    /// algorithm's own round, played where its way on was replayed, is known without a replay.
    fn way_on(
        &mut self,
        sends: &[Send],
        delta: Vec<i64>,
        round: usize,
    ) -> Option<Result<(), String>> {
        let key = |s: &Send| (s.from, s.to);
        let mut mine: Vec<_> = sends.iter().map(key).collect();
        let mut algorithm: Vec<_> = self.algorithm_round().iter().map(key).collect();
        mine.sort_unstable();
        algorithm.sort_unstable();
        if self.on_path && mine == algorithm {
            return Some(Ok(()));
        }
        let mut load = self.load.clone();
        apply_round(&mut load, sends);
        match self.continuation(delta, load, round) {
            Ok(true) => Some(Ok(())),
            Ok(false) => None,
            Err(why) => Some(Err(why)),
        }
    }

    /// A hint: how many processors send in the algorithm's round and the rule that creates
    /// it, with one of its sends when there are several (never the whole round).
    pub fn hint(&self) -> String {
        let round = self.algorithm_round();
        let Some(s) = round.first() else {
            return "nothing left to send: every δ_i is 0".into();
        };
        let rule = if self.bidirectional() {
            format!(" (Step {} of Algorithm 3)", s.step)
        } else {
            " (Step 6: P_i sends while δ_{start,i} > 0)".into()
        };
        // One send of several is a sub-step; the only send of a round is the answer.
        let one = if round.len() > 1 {
            format!("; one of them: P{} → P{}", s.from + 1, s.to + 1)
        } else {
            String::new()
        };
        format!(
            "{} {} this round{one}{rule}. {} is {} now: the round must lower it to {}.",
            count(round.len(), "processor"),
            verb(round.len(), "sends", "send"),
            self.bound_name(),
            count(self.bound(), "round"),
            self.bound() - 1
        )
    }

    /// The state before the next move, for [`RingExercise::undo`].
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            delta: self.delta.clone(),
            load: self.load.clone(),
            played: self.played,
            retrying: self.retrying,
            on_path: self.on_path,
        }
    }

    /// Goes back to a snapshot taken on this exercise.
    pub fn undo(&mut self, s: Snapshot) {
        self.delta = s.delta;
        self.load = s.load;
        self.played = s.played;
        self.retrying = s.retrying;
        self.on_path = s.on_path;
    }

    /// Grades a round of sends `[from, to]` (processors 1…n as in the paper) without playing
    /// it.
    pub fn grade(&mut self, pairs: &[(i64, i64)]) -> RoundGrade {
        self.way_on_known = false;
        let n = self.inst.n() as i64;
        let round = self.played + 1;
        let before = self.bound();
        let first_try = !self.retrying && self.step().is_some_and(|k| self.tries.first(k));
        // A round after the end is not played: it moved items off a balanced ring, and the
        // exercise (handed in complete) was graded not complete.
        if self.complete() {
            let rounds = crate::model::words::count(self.played, "round");
            return RoundGrade {
                grade: Grade::illegal(
                    super::COMPLETE,
                    format!("the ring is balanced after {rounds}: nothing is left to send"),
                    false,
                ),
                round,
                bound_before: before,
                bound_after: before,
                culprits: Vec::new(),
            };
        }
        let mut culprits = Vec::new();
        let mut why = Vec::new();
        let mut rule = None;
        for &(f, t) in pairs {
            if !(1..=n).contains(&f) || !(1..=n).contains(&t) {
                culprits.push(Culprit::Link(f - 1, t - 1));
                why.push(format!(
                    "round {round}: P{f} → P{t} names a processor outside P1…P{n}"
                ));
                rule = Some(RoundRule::Neighbours);
            }
        }
        if rule.is_none() {
            let sends = to_sends(pairs);
            self.checker.check(
                &self.inst,
                &self.load,
                &format!("round {round}"),
                &sends,
                |v| {
                    rule.get_or_insert(v.rule);
                    culprits.push(match v.rule {
                        RoundRule::Neighbours => Culprit::Link(v.from.into(), v.to.into()),
                        RoundRule::OnePort if v.message.contains("receives") => {
                            Culprit::Processor(v.to as usize)
                        }
                        _ => Culprit::Processor(v.from as usize),
                    });
                    why.push(v.message);
                },
            );
        }
        if let Some(r) = rule {
            why.truncate(3);
            return RoundGrade {
                grade: Grade::illegal(
                    rule_name(r),
                    format!("{}; nothing is sent, plan the round again", why.join("; ")),
                    first_try,
                ),
                round,
                bound_before: before,
                bound_after: before,
                culprits,
            };
        }
        self.grade_progress(pairs, round, before, first_try)
    }

    fn grade_progress(
        &mut self,
        pairs: &[(i64, i64)],
        round: usize,
        before: i64,
        first_try: bool,
    ) -> RoundGrade {
        let sends = to_sends(pairs);
        let mut delta = self.delta.clone();
        apply_round(&mut delta, &sends);
        let after = bound_of(self.inst.direction, &delta);
        let name = self.bound_name();
        let way_on = (after < before)
            .then(|| self.way_on(&sends, delta, round))
            .flatten();
        self.way_on_known = matches!(way_on, Some(Ok(())));
        let grade = if let Some(Err(why)) = way_on {
            Grade::legal(
                Some(POSSESSION_AHEAD),
                format!(
                    "{name}'s bound falls from {before} to {}, but {} cannot finish from \
                     here: {why}; Undo move and plan another",
                    count(after, "round"),
                    self.algorithm()
                ),
                first_try,
            )
        } else if after < before {
            Grade::legal(
                None,
                format!(
                    "{name}'s bound falls from {before} to {}, as a round of {} does",
                    count(after, "round"),
                    self.algorithm()
                ),
                first_try,
            )
        } else if before == 0 {
            Grade::legal(
                Some(PROGRESS),
                "every processor was balanced already: this round only costs time".into(),
                first_try,
            )
        } else {
            let alg: Vec<String> = self
                .algorithm_round()
                .iter()
                .map(|s| format!("P{} → P{}", s.from + 1, s.to + 1))
                .collect();
            Grade::legal(
                Some(PROGRESS),
                format!(
                    "{name}'s bound {}; {} sends {}",
                    if after > before {
                        format!("rises from {before} to {}", count(after, "round"))
                    } else {
                        format!("stays at {}", count(before, "round"))
                    },
                    self.algorithm(),
                    alg.join(", ")
                ),
                first_try,
            )
        };
        RoundGrade {
            grade,
            round,
            bound_before: before,
            bound_after: after,
            culprits: Vec::new(),
        }
    }

    /// Grades a round and plays it when legal (score and retry state updated).
    pub fn play(&mut self, pairs: &[(i64, i64)]) -> RoundGrade {
        let g = self.grade(pairs);
        if let Some(k) = self.step() {
            self.tries.spend(k);
        }
        if g.grade.legal {
            let sends = to_sends(pairs);
            apply_round(&mut self.load, &sends);
            apply_round(&mut self.delta, &sends);
            self.played += 1;
            self.on_path = self.way_on_known;
        }
        if g.grade.scores() {
            self.score += 1;
        }
        self.retrying = !g.grade.optimal;
        g
    }
}

/// The bound in rounds: Lemma 6 on a bidirectional ring, Lemma 1 on a unidirectional one.
pub fn bound_of(direction: Direction, delta: &[i64]) -> i64 {
    match direction {
        Direction::Bi => lemma6_rounds(delta),
        Direction::Uni => lemma1(delta),
    }
}

/// The algorithm's next round from unbalances δ (0-based sends): Algorithm 3 (corrected) on a
/// bidirectional ring, the first round of Algorithm 1 on a unidirectional one.
pub fn algorithm_round(direction: Direction, delta: &[i64]) -> Vec<Send> {
    let n = delta.len();
    match direction {
        Direction::Bi => alg3_round(delta, Alg3Variant::Corrected)
            .map(|r| r.sends)
            .unwrap_or_default(),
        Direction::Uni => {
            let (v, _) = start_amounts(delta);
            (0..n)
                .filter(|&i| v[i] >= 1)
                .map(|i| Send {
                    from: i as u32,
                    to: ((i + 1) % n) as u32,
                    step: 6,
                })
                .collect()
        }
    }
}

/// The first rule `round` (0-based sends) breaks on loads `load`, in the checker's words.
fn first_violation(
    checker: &mut RoundChecker,
    inst: &RingInstance,
    load: &[i64],
    label: &str,
    round: &[Send],
) -> Option<String> {
    let mut first = None;
    checker.check(inst, load, label, round, |v| {
        first.get_or_insert(v.message);
    });
    first
}

/// 1-based pairs (already range-checked or not: out-of-range ones are dropped) as 0-based
/// sends.
fn to_sends(pairs: &[(i64, i64)]) -> Vec<Send> {
    pairs
        .iter()
        .filter_map(|&(f, t)| {
            let f = u32::try_from(f.checked_sub(1)?).ok()?;
            let t = u32::try_from(t.checked_sub(1)?).ok()?;
            Some(Send {
                from: f,
                to: t,
                step: 0,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::redistribute::alg3::algorithm3_rounds;

    fn pairs(sends: &[Send]) -> Vec<(i64, i64)> {
        sends
            .iter()
            .map(|s| (i64::from(s.from) + 1, i64::from(s.to) + 1))
            .collect()
    }

    proptest::proptest! {
        /// A round graded without replaying the algorithm's way on (its own round, played
        /// where that way was replayed already) gets the grade a full replay gives, on random
        /// rings and rounds that keep to the algorithm or leave it.
        #[test]
        fn a_round_on_the_algorithms_way_is_graded_as_a_replay_grades_it(
            free in proptest::collection::vec(-3i64..=3, 2..6),
            moves in proptest::collection::vec((0u8..3, 0usize..8, proptest::bool::ANY), 1..14),
        ) {
            let mut delta = free;
            delta.push(-delta.iter().sum::<i64>());
            let inst = RingInstance::homogeneous(delta, Direction::Bi, 1.0);
            let mut ex = RingExercise::new(&inst).unwrap();
            let n = inst.n();
            for (kind, i, clockwise) in moves {
                let i = i % n;
                let round = if kind < 2 {
                    pairs(&ex.algorithm_round())
                } else {
                    let j = if clockwise { (i + 1) % n } else { (i + n - 1) % n };
                    vec![(i as i64 + 1, j as i64 + 1)]
                };
                let mut replayed = ex.clone();
                replayed.on_path = false;
                let expected = replayed.grade(&round);
                proptest::prop_assert_eq!(ex.play(&round), expected);
            }
        }
    }

    #[test]
    fn algorithm3_rounds_are_legal_optimal_and_complete() {
        let inst = RingInstance::default();
        let mut ex = RingExercise::new(&inst).unwrap();
        assert_eq!(ex.initial_bound, 4);
        let rounds = algorithm3_rounds(&inst.delta, Alg3Variant::Corrected).unwrap();
        assert_eq!(rounds.len(), 4);
        for r in &rounds {
            let g = ex.play(&pairs(r));
            assert!(g.grade.legal && g.grade.optimal, "{g:?}");
            assert_eq!(g.grade.rule, "");
        }
        assert!(ex.complete());
        assert_eq!(ex.score, 4);
    }

    #[test]
    fn each_broken_rule_is_named_and_nothing_is_played() {
        // δ = (1, −1, 0): P1 holds 2 items, P2 and P3 one each.
        let inst = RingInstance::homogeneous(vec![1, -1, 0], Direction::Bi, 1.0);
        let mut ex = RingExercise::new(&inst).unwrap();
        let g = ex.play(&[(1, 2), (1, 3)]);
        assert_eq!((g.grade.legal, g.grade.rule.as_str()), (false, "one-port"));
        assert_eq!(g.culprits, vec![Culprit::Processor(0)]);
        assert_eq!(ex.delta, vec![1, -1, 0]);
        let mut uni = RingExercise::new(&RingInstance::homogeneous(
            vec![1, -1, 0],
            Direction::Uni,
            1.0,
        ))
        .unwrap();
        let g = uni.play(&[(2, 1)]);
        assert_eq!(g.grade.rule, "neighbours");
        assert!(g.grade.first_try);
        let g = uni.play(&[(1, 2)]);
        assert!(g.grade.optimal && !g.grade.first_try, "{g:?}");
        assert!(uni.complete());
        assert_eq!(uni.score, 0);
        // Possession: P2 of (0, 0, −1, 1)-like ring with minimal loads holds 1; sending it in
        // round 1 is fine, again in round 2 it holds none.
        let inst = RingInstance::homogeneous(vec![0, -2, 2], Direction::Bi, 1.0);
        let mut ex = RingExercise::new(&inst).unwrap();
        assert_eq!(ex.load, vec![1, 1, 3]);
        assert!(ex.play(&[(1, 2)]).grade.legal);
        let g = ex.play(&[(1, 2)]);
        assert_eq!(g.grade.rule, "possession", "{g:?}");
    }

    /// The 12-processor ring's P4 holds one item and δ_4 = 0: sending it to P5 alone lowers
    /// Lemma 6's bound (|δ_5| = 4 falls to 3) but leaves P4 nothing to forward in the round
    /// after, where Algorithm 3 has it send. The round is legal, not optimal, and Show me
    /// plays nothing from there but says why (it proposed the illegal round every time).
    #[test]
    fn a_round_that_strands_the_algorithm_is_not_optimal() {
        let inst = RingInstance {
            delta: vec![3, -1, 2, 0, -4, 1, 2, -2, 0, 1, -3, 1],
            loads: vec![4, 1, 3, 1, 1, 2, 3, 1, 1, 2, 1, 2],
            direction: Direction::Bi,
            costs: crate::model::redistribute::instance::Costs::Homogeneous(1.0),
        };
        let mut ex = RingExercise::new(&inst).unwrap();
        let mut alone = ex.clone();
        let g = alone.play(&[(4, 5)]);
        assert!(g.grade.legal && !g.grade.optimal, "{g:?}");
        assert_eq!((g.bound_before, g.bound_after), (4, 3));
        assert_eq!(g.grade.rule, POSSESSION_AHEAD);
        assert!(g.grade.why.contains("P4"), "{}", g.grade.why);
        assert_eq!(alone.score, 0);
        let why = alone.shown_round().unwrap_err().why;
        assert!(why.contains("Undo move"), "{why}");
        // On the algorithm's path Show me's round is the algorithm's, and every round of it
        // is optimal to the end.
        while !ex.complete() {
            let round = ex.shown_round().unwrap();
            assert!(ex.play(&round).grade.optimal);
        }
        assert_eq!(ex.played, 4);
    }

    /// Rounds that raise the bound buy no points: the score never passes the rounds of
    /// Lemma 6's bound at the start (here 1: δ = (1, −1, 0, …)).
    #[test]
    fn raising_the_bound_buys_no_points() {
        let mut delta = vec![0; 8];
        (delta[0], delta[1]) = (1, -1);
        let mut inst = RingInstance::homogeneous(delta, Direction::Bi, 1.0);
        inst.loads = vec![6, 4, 5, 5, 5, 5, 5, 5];
        let mut ex = RingExercise::new(&inst).unwrap();
        assert_eq!(ex.initial_bound, 1);
        // P4 → P3 three times (the bound rises to 3), then the three rounds back to 0.
        for round in [
            vec![(4, 3)],
            vec![(4, 3)],
            vec![(4, 3)],
            vec![(3, 4)],
            vec![(3, 4), (1, 2)],
            vec![(3, 4)],
        ] {
            assert!(ex.play(&round).grade.legal, "{round:?}");
        }
        assert!(ex.complete());
        assert_eq!(
            ex.tally().score,
            0,
            "the one step was missed at its first try"
        );
    }

    #[test]
    fn a_legal_round_that_does_not_lower_the_bound_misses_progress() {
        let inst = RingInstance::homogeneous(vec![1, -1, 0, 0], Direction::Bi, 1.0);
        let mut ex = RingExercise::new(&inst).unwrap();
        let g = ex.play(&[(3, 4)]);
        assert!(g.grade.legal && !g.grade.optimal);
        assert_eq!(g.grade.rule, "progress");
        assert!(g.grade.why.contains("P1 → P2"), "{}", g.grade.why);
        assert_eq!((g.bound_before, g.bound_after), (1, 1));
    }
}
