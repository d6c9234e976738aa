//! The geometric-decaying exercise (Gil & Matias): before each round r ≥ 1 decide whether to
//! load-balance (round 0 is always preceded by one, as for every policy). Each decision is
//! legal; it is `optimal` when an optimal plan can still be reached with it — the better of
//! "balance now" (ℓ + the optimal time from a balanced start at r, the dynamic programme of
//! [`crate::model::geodecay::optimal`]) and "go on" (the rounds run from the current loads up
//! to the next balancing, chosen optimally) — and `rule` is then `cost`, with the time the
//! decision loses in `why`. The end compares the student's total time with the standard,
//! improved and optimal policies' (deterministic decay only: the optimal policy needs it).

use serde::Serialize;

use super::{ExerciseError, Grade};
use crate::model::NoProgress;
use crate::model::format::{Precision, number};
use crate::model::geodecay::loads::Loads;
use crate::model::geodecay::optimal::best_times;
use crate::model::geodecay::theory::{deterministic_rounds, deterministic_tasks};
use crate::model::geodecay::{Decay, GeoParams, Policy, Survivors, simulate};
use crate::model::words::count;

/// The most rounds an exercise may have (one decision each).
pub const ROUNDS_MAX: u64 = 200;

/// The optimality rule a legal decision may miss.
pub const COST: &str = "cost";

/// One graded decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecisionGrade {
    /// The common grade.
    #[serde(flatten)]
    pub grade: Grade,
    /// The round the decision precedes.
    pub round: u64,
    /// Least total time reachable after balancing now.
    pub time_if_balance: f64,
    /// Least total time reachable without balancing now.
    pub time_if_not: f64,
    /// What the standard and improved policies do before this round.
    pub standard: bool,
    /// See `standard`.
    pub improved: bool,
}

/// The state of one geodecay exercise.
#[derive(Debug, Clone)]
pub struct GeoExercise {
    params: GeoParams,
    w: Vec<u64>,
    best: Vec<f64>,
    /// Balancings before each round of the student's plan so far (`plan[0]` = true).
    pub plan: Vec<bool>,
    loads: Loads,
    /// Time so far: Σ round costs + ℓ · balancings, rounds 0 … plan.len() − 1 run.
    pub time: f64,
    /// Decisions right at the first try.
    pub score: usize,
    /// Decisions whose first try is spent.
    pub tries: super::Tries,
    /// Each round's cost so far (its most loaded processor's tasks, at least 1).
    pub costs: Vec<u64>,
    standard: Vec<bool>,
    improved: Vec<bool>,
    /// Total times of the standard, improved and optimal policies.
    pub policies: [(Policy, f64); 3],
}

super::first_tries!(GeoExercise, tries);

impl GeoExercise {
    /// The exercise on `params` (deterministic decay, adversarial or proportional survivors,
    /// at most [`ROUNDS_MAX`] rounds).
    pub fn new(params: &GeoParams) -> Result<GeoExercise, ExerciseError> {
        let err = |m: String| ExerciseError(m);
        let v = params.validate()?;
        if params.decay != Decay::Deterministic || params.survivors == Survivors::Random {
            return Err(err(
                "the exercise needs deterministic decay with adversarial or proportional \
                 survivors (the optimal policy is defined there)"
                    .into(),
            ));
        }
        let rounds = deterministic_rounds(params.n, params.alpha);
        if rounds > ROUNDS_MAX {
            return Err(err(format!(
                "--alpha: {rounds} rounds to decide, more than the exercise's limit of \
                 {ROUNDS_MAX} (raise α or lower n)"
            )));
        }
        let (best, _) = best_times(&v, &NoProgress).map_err(|_| err("cancelled".into()))?;
        let w: Vec<u64> = (0..rounds)
            .map(|r| deterministic_tasks(params.n, params.alpha, r).unwrap_or(0))
            .collect();
        let run = |policy| {
            simulate(&GeoParams {
                policy,
                ..params.clone()
            })
            .map_err(|e| err(e.message))
        };
        let (s, i, o) = (
            run(Policy::Standard)?,
            run(Policy::Improved)?,
            run(Policy::Optimal)?,
        );
        let flags = |o: &crate::model::geodecay::GeoOutcome| {
            o.trace
                .iter()
                .map(|r| r.balanced_before)
                .collect::<Vec<_>>()
        };
        let mut ex = GeoExercise {
            loads: Loads::balanced(w.first().copied().unwrap_or(0), params.p, false),
            params: params.clone(),
            best,
            plan: vec![true],
            time: params.ell,
            score: 0,
            tries: super::Tries::default(),
            costs: Vec::new(),
            standard: flags(&s),
            improved: flags(&i),
            policies: [
                (Policy::Standard, s.time),
                (Policy::Improved, i.time),
                (Policy::Optimal, o.time),
            ],
            w,
        };
        let first = ex.loads.stats().max.max(1);
        ex.time += first as f64;
        ex.costs.push(first);
        Ok(ex)
    }

    /// The scenario.
    pub fn params(&self) -> &GeoParams {
        &self.params
    }

    /// Number of rounds.
    pub fn rounds(&self) -> usize {
        self.w.len()
    }

    /// Decisions to make (rounds 1 … R − 1).
    pub fn decisions(&self) -> usize {
        self.rounds().saturating_sub(1)
    }

    /// Every decision made.
    pub fn complete(&self) -> bool {
        self.plan.len() >= self.rounds()
    }

    /// The score out of the decisions.
    pub fn tally(&self) -> super::Tally {
        super::Tally::new(self.score, self.decisions(), self.complete())
    }

    /// The next round to decide about.
    pub fn next_round(&self) -> usize {
        self.plan.len()
    }

    /// Least total time reachable (balance now, go on) before round `r` = `next_round()`.
    fn options(&self) -> (f64, f64) {
        let r = self.next_round();
        let rounds = self.rounds();
        let yes = self.time + self.best[r];
        let mut loads = self.loads.clone();
        let mut run = 0.0;
        let mut no = f64::INFINITY;
        for e in r + 1..=rounds {
            self.decay(&mut loads, e - 1);
            run += loads.stats().max.max(1) as f64;
            no = no.min(self.time + run + self.best[e]);
        }
        (yes, no)
    }

    /// The loads of round `r` decayed from round r − 1's.
    fn decay(&self, loads: &mut Loads, r: usize) {
        if self.params.survivors == Survivors::Proportional {
            loads.decay_proportional(self.w[r - 1], self.w[r]);
        } else {
            loads.decay_adversarial(self.w[r]);
        }
    }

    /// Grades the decision for the next round without making it.
    pub fn grade(&self, balance: bool, first_try: bool) -> Option<DecisionGrade> {
        if self.complete() {
            return None;
        }
        let r = self.next_round();
        let (yes, no) = self.options();
        let eps = 1e-9 * yes.abs().max(no.abs()).max(1.0);
        let (mine, other) = if balance { (yes, no) } else { (no, yes) };
        let what = |b: bool| if b { "balancing" } else { "not balancing" };
        let m = self.w[r];
        let per = m.div_ceil(self.params.p);
        let why = format!(
            "before round {r} (w = {}, ⌈w/p⌉ = {per}, the most loaded processor holds \
             {}): {} leads at best to {}, {} to {}",
            count(m, "task"),
            self.loads_max_after_decay(r),
            what(true),
            number(yes, Precision::Text),
            what(false),
            number(no, Precision::Text)
        );
        let grade = if mine <= other + eps {
            Grade::legal(
                None,
                format!("{why}: {} is optimal", what(balance)),
                first_try,
            )
        } else {
            Grade::legal(
                Some(COST),
                format!(
                    "{why}: {} costs {} more",
                    what(balance),
                    number(mine - other, Precision::Text)
                ),
                first_try,
            )
        };
        Some(DecisionGrade {
            grade,
            round: r as u64,
            time_if_balance: yes,
            time_if_not: no,
            standard: self.standard.get(r).copied().unwrap_or(false),
            improved: self.improved.get(r).copied().unwrap_or(false),
        })
    }

    /// A hint for the next decision: what each choice costs this round (the sub-step the
    /// grade weighs), without the verdict — which choice is optimal is the answer.
    pub fn hint(&self) -> String {
        if self.complete() {
            return "every decision is made".into();
        }
        let r = self.next_round();
        let m = self.w[r];
        let per = m.div_ceil(self.params.p).max(1);
        let most = self.loads_max_after_decay(r).max(1);
        format!(
            "before round {r}: balancing costs ℓ = {} now and makes this round cost ⌈w/p⌉ = \
             {per} (w = {}); going on costs nothing now, and this round costs {most}, \
             its most loaded processor. Weigh ℓ against what the imbalance costs over the rounds \
             until your next balancing",
            number(self.params.ell, Precision::Exact),
            count(m, "task")
        )
    }

    fn loads_max_after_decay(&self, r: usize) -> u64 {
        let mut l = self.loads.clone();
        self.decay(&mut l, r);
        l.stats().max
    }

    /// Grades and makes the decision (every decision is legal, so it is always made).
    pub fn play(&mut self, balance: bool, first_try: bool) -> Option<DecisionGrade> {
        let r = self.next_round();
        let g = self.grade(balance, first_try && self.tries.first(r))?;
        self.tries.spend(r);
        if balance {
            self.loads = Loads::balanced(self.w[r], self.params.p, false);
            self.time += self.params.ell;
        } else {
            let mut l = self.loads.clone();
            self.decay(&mut l, r);
            self.loads = l;
        }
        let cost = self.loads.stats().max.max(1);
        self.time += cost as f64;
        self.costs.push(cost);
        self.plan.push(balance);
        if g.grade.scores() {
            self.score += 1;
        }
        Some(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(ell: f64) -> GeoParams {
        GeoParams {
            n: 1 << 12,
            p: 16,
            alpha: 0.5,
            ell,
            ..GeoParams::default()
        }
    }

    /// A verdict's times read as people write them: with ℓ = 20.97 (a personal instance's)
    /// the sums carry binary noise, and the verdict said "131404.58000000002" and "costs
    /// 16363.02999999997 more".
    #[test]
    fn a_verdict_s_times_carry_no_binary_noise() {
        let mut ex = GeoExercise::new(&GeoParams {
            n: 1 << 30,
            p: 16384,
            alpha: 1.0,
            ..params(20.97)
        })
        .unwrap();
        let mut seen = 0;
        while !ex.complete() {
            for choice in [true, false] {
                let why = ex.grade(choice, true).unwrap().grade.why;
                assert!(
                    !why.contains("0000000") && !why.contains("9999999"),
                    "{why}"
                );
                seen += why.contains("131404.58") as usize;
            }
            ex.play(true, true);
        }
        assert!(seen > 0, "the instance's first decision weighs 131404.58");
    }

    #[test]
    fn the_optimal_policy_s_decisions_are_all_optimal_and_reach_its_time() {
        for ell in [2.0, 20.0, 300.0] {
            let g = GeoParams {
                policy: Policy::Optimal,
                ..params(ell)
            };
            let plan: Vec<bool> = simulate(&g)
                .unwrap()
                .trace
                .iter()
                .map(|r| r.balanced_before)
                .collect();
            let mut ex = GeoExercise::new(&g).unwrap();
            for &b in &plan[1..] {
                let d = ex.play(b, true).unwrap();
                assert!(d.grade.optimal, "ℓ = {ell}: {d:?}");
            }
            assert!(ex.complete());
            assert_eq!(ex.score, ex.decisions());
            assert_eq!(ex.time, ex.policies[2].1, "ℓ = {ell}");
        }
    }

    /// A hint names what each choice costs this round, never which one is optimal nor the
    /// least times the grade compares.
    #[test]
    fn the_hint_weighs_the_choices_without_the_verdict() {
        let mut ex = GeoExercise::new(&params(20.0)).unwrap();
        while !ex.complete() {
            let h = ex.hint();
            let g = ex.grade(true, true).unwrap();
            assert!(h.contains("ℓ = 20"), "{h}");
            assert!(!h.contains("optimal") && !h.contains("more"), "{h}");
            let words: Vec<&str> = h
                .split(|c: char| c.is_whitespace() || ",;:()".contains(c))
                .collect();
            for time in [g.time_if_balance, g.time_if_not]
                .into_iter()
                .flat_map(|t| [Precision::Exact, Precision::Text].map(|p| number(t, p)))
            {
                assert!(!words.contains(&time.as_str()), "{time} in {h}");
            }
            ex.play(false, true);
        }
        assert_eq!(ex.hint(), "every decision is made");
    }

    #[test]
    fn never_balancing_at_a_small_ell_costs_time_and_says_how_much() {
        let mut ex = GeoExercise::new(&params(1.0)).unwrap();
        let mut missed = 0;
        while !ex.complete() {
            let d = ex.play(false, true).unwrap();
            if !d.grade.optimal {
                missed += 1;
                assert_eq!(d.grade.rule, COST);
                assert!(d.grade.why.contains("more"), "{}", d.grade.why);
                assert!(d.time_if_not > d.time_if_balance);
            }
        }
        assert!(missed > 0);
        assert!(ex.time > ex.policies[2].1);
    }
}
