//! The divisible-load exercise (Li 2011): set L_l, the load one processor of level l computes,
//! level by level from the root outwards, and watch the schedule the chosen method's timing
//! rules give ([`crate::model::divisible::student`]). Σ b^l L_l = 1: the leaves take what is
//! left.
//!
//! A move is `legal` when L_l is a number ≥ 0 whose level total b^l·L_l the remaining load
//! covers (rule `range`, `remaining`), when the leaves take the rest to within [`TOLERANCE`]
//! (`conservation`; they are then given exactly the rest), and, under ℚ, when the level keeps
//! at least what it computes while forwarding (`overlap`); it is `optimal` when it lies
//! within [`TOLERANCE`] of the method's closed-form L_l
//! ([`crate::model::divisible::theory::level_loads`]), else `closed-form`.
//! The end compares the student's simulated makespan with the closed forms of ℂ, ℙ and ℚ and
//! names the level whose timing first wastes time: by Li's optimality principle every
//! processor finishes at the same time, so a level that runs dry before the end (or waits
//! between fragments) is where the schedule loses.

use serde::Serialize;

use super::{ExerciseError, Grade};
use crate::model::divisible::student::{least_load, simulate_loads};
use crate::model::divisible::theory::{closed_form, level_loads};
use crate::model::divisible::{AlgorithmChoice, DivisibleParams, Method, Timeline, Valid};
use crate::model::format::{Precision, number, sig};

/// The deepest tree an exercise offers (one move per level).
pub const H_MAX: u64 = 8;
/// Relative distance to the closed-form L_l within which a move is optimal.
pub const TOLERANCE: f64 = 1e-3;
/// Share of the makespan a level may idle before it counts as wasting time.
pub const WASTE: f64 = 2e-3;
/// How far (absolute, in units of the whole load) the leaves may miss the rest beyond
/// [`TOLERANCE`] of it (an exhausted load: the rest is 0).
pub const CONSERVATION_SLACK: f64 = 1e-9;

/// The rules a move may break or miss.
pub const RANGE: &str = "range";
/// See [`RANGE`].
pub const REMAINING: &str = "remaining";
/// See [`RANGE`].
pub const CONSERVATION: &str = "conservation";
/// See [`RANGE`].
pub const OVERLAP: &str = "overlap";
/// See [`RANGE`].
pub const CLOSED_FORM: &str = "closed-form";

/// One graded level.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LevelGrade {
    /// The common grade.
    #[serde(flatten)]
    pub grade: Grade,
    /// The level set (0 = root).
    pub level: usize,
    /// The L_l given.
    pub load: f64,
}

/// The level whose timing first wastes time in a schedule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Waste {
    /// The level.
    pub level: usize,
    /// When its processors start to idle.
    pub at: f64,
    /// For how long.
    pub idle: f64,
    /// Why, with the numbers.
    pub why: String,
}

/// The state of one divisible-load exercise.
#[derive(Debug, Clone)]
pub struct DivExercise {
    v: Valid,
    method: Method,
    /// The method's closed-form L_l, level by level.
    target: Vec<f64>,
    /// The student's L_l so far.
    pub loads: Vec<f64>,
    /// Levels right at the first try.
    pub score: usize,
    /// Levels whose first try is spent.
    pub tries: super::Tries,
    /// The closed-form T_N of ℂ, ℙ and ℚ.
    pub closed: [(Method, f64); 3],
    /// The method's own simulated schedule (its arrival times explain the closed form).
    method_timeline: Timeline,
    /// Withhold the method's numbers of levels not yet set from the texts ("Hide the
    /// future" in the GUI): [`DivExercise::reason`] leaves out ℙ's and ℚ's x (the deeper
    /// levels' answer) where it is not the level's own L_l. Off for the CLI.
    pub withhold: bool,
}

super::first_tries!(DivExercise, tries);

/// The method an exercise on `params` follows: the one chosen, ℂ when all three are.
pub fn method_of(params: &DivisibleParams) -> Method {
    match params.algorithm {
        AlgorithmChoice::Only(m) => m,
        AlgorithmChoice::All => Method::C,
    }
}

impl DivExercise {
    /// The exercise on `params` (h ≤ [`H_MAX`]), following [`method_of`].
    pub fn new(params: &DivisibleParams) -> Result<DivExercise, ExerciseError> {
        let v = params.validate()?;
        if v.h > H_MAX {
            return Err(ExerciseError(format!(
                "--h: h = {} means {} levels to set, more than the exercise's {} (h ≤ {H_MAX})",
                v.h,
                v.h + 1,
                H_MAX + 1
            )));
        }
        let method = method_of(params);
        Ok(DivExercise {
            v,
            method,
            target: level_loads(method, &v),
            loads: Vec::new(),
            score: 0,
            tries: super::Tries::default(),
            closed: Method::ALL.map(|m| (m, closed_form(m, &v))),
            method_timeline: crate::model::divisible::simulate(method, &v),
            withhold: false,
        })
    }

    /// The instance.
    pub fn instance(&self) -> &Valid {
        &self.v
    }

    /// The method whose rules time the schedule.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The method's simulated schedule.
    pub fn method_timeline(&self) -> &Timeline {
        &self.method_timeline
    }

    /// The method's closed-form T_N.
    pub fn closed_form(&self) -> f64 {
        closed_form(self.method, &self.v)
    }

    /// Levels to set (h + 1).
    pub fn levels(&self) -> usize {
        self.v.h as usize + 1
    }

    /// Every level set.
    pub fn complete(&self) -> bool {
        self.loads.len() >= self.levels()
    }

    /// The score out of the levels.
    pub fn tally(&self) -> super::Tally {
        super::Tally::new(self.score, self.levels(), self.complete())
    }

    /// The level to set next.
    pub fn next_level(&self) -> usize {
        self.loads.len()
    }

    /// Processors on level `l`, b^l.
    pub fn processors(&self, l: usize) -> f64 {
        (self.v.b as f64).powi(l as i32)
    }

    /// The load not yet given to a level.
    pub fn remaining(&self) -> f64 {
        let given: f64 = (self.loads.iter().enumerate())
            .map(|(l, x)| self.processors(l) * x)
            .sum();
        (1.0 - given).max(0.0)
    }

    /// The legal L_l of the next level: [least, most] (least = most on the leaves).
    pub fn range(&self) -> (f64, f64) {
        let l = self.next_level();
        let rem = self.remaining();
        let most = rem / self.processors(l);
        if l + 1 >= self.levels() {
            return (most, most);
        }
        (least_load(self.method, &self.v, l, rem).min(most), most)
    }

    /// The method's L_l of the next level, moved into the legal range (what "Show me"
    /// plays).
    pub fn suggestion(&self) -> Option<f64> {
        let t = *self.target.get(self.next_level())?;
        let (lo, hi) = self.range();
        Some(t.clamp(lo, hi))
    }

    /// The loads so far with `candidate` on the next level and the levels below filled in
    /// the method's proportions (a provisional plan to draw while the student decides).
    pub fn provisional(&self, candidate: Option<f64>) -> Vec<f64> {
        let mut loads = self.loads.clone();
        if let Some(c) = candidate.filter(|_| !self.complete()) {
            loads.push(c);
        }
        let given: f64 = (loads.iter().enumerate())
            .map(|(l, x)| self.processors(l) * x)
            .sum();
        let rest = (1.0 - given).max(0.0);
        let below: f64 = (loads.len()..self.levels())
            .map(|l| self.processors(l) * self.target[l])
            .sum();
        let scale = if below > 0.0 { rest / below } else { 0.0 };
        for l in loads.len()..self.levels() {
            loads.push(self.target[l] * scale);
        }
        loads
    }

    /// The loads so far with `candidate` on the next level and every level below drawn as if
    /// it took the candidate too (at least what ℚ's rule asks, at most what is left), the
    /// leaves the rest: a provisional plan built from the student's own number only, so it
    /// carries none of the method's answer (the method's proportions do, and an even split
    /// of what is left is ℙ's answer). Under ℂ the levels set keep their exact times
    /// whatever the levels below take; under ℙ and ℚ their times are exact when the levels
    /// below follow the candidate.
    pub fn provisional_own(&self, candidate: f64) -> Vec<f64> {
        let mut loads = self.loads.clone();
        if self.complete() {
            return loads;
        }
        loads.push(candidate.max(0.0));
        let given: f64 = (loads.iter().enumerate())
            .map(|(l, x)| self.processors(l) * x)
            .sum();
        let mut rest = (1.0 - given).max(0.0);
        for l in loads.len()..self.levels() {
            let k = self.processors(l);
            let x = if l + 1 == self.levels() {
                rest / k
            } else {
                let least = least_load(self.method, &self.v, l, rest);
                candidate.clamp(least.min(rest / k), rest / k)
            };
            rest = (rest - k * x).max(0.0);
            loads.push(x);
        }
        loads
    }

    /// The schedule of `loads` under the method's rules (None when ℚ's rule is broken).
    pub fn schedule(&self, loads: &[f64]) -> Option<Timeline> {
        simulate_loads(self.method, &self.v, loads)
    }

    /// The first waste among the levels set, with `candidate` on the slider's level and the
    /// levels below filled in provisionally ([`DivExercise::provisional_own`]): the level
    /// on the slider and those below are previews and are never judged, so no level is
    /// blamed for a number nobody has given yet. Once complete: the finished schedule's.
    pub fn waste_so_far(&self, candidate: f64) -> Option<Waste> {
        let t = self.schedule(&self.provisional_own(candidate))?;
        first_waste_above(&t, self.loads.len().min(self.levels()))
    }

    /// Why the method gives its L_l on level `l`, with the numbers.
    pub fn reason(&self, l: usize) -> String {
        let t = self.target.get(l).copied().unwrap_or(0.0);
        let big_t = self.closed_form();
        let beta = self.v.beta;
        let x = self.target.last().copied().unwrap_or(0.0);
        match (self.method, l) {
            (Method::C, 0) => format!(
                "Method C's root computes from 0 until every level finishes at T = {}: L_0 = T/β = {}",
                number(big_t, Precision::Steps),
                number(t, Precision::Steps)
            ),
            (Method::C, _) => format!(
                "Method C: level {l}'s fraction arrives at t = {}, and all levels finish together \
                 at T = {}: L_{l} = (T − t)/β = {}",
                number(self.arrival(l), Precision::Steps),
                number(big_t, Precision::Steps),
                number(t, Precision::Steps)
            ),
            (Method::P, 0) => format!(
                "Method P's root computes while it sends, then x: L_0 = ((N − 1)/b)·x/β + x = {} \
                 (x = bβ/((bβ + 1)N − 1){})",
                number(t, Precision::Steps),
                self.unless_withheld(x, false)
            ),
            (Method::P, _) => format!(
                "Method P: every processor below the root computes x = bβ/((bβ + 1)N − 1) = {} in the \
                 last slot, so L_{l} = {}",
                number(x, Precision::Steps),
                number(t, Precision::Steps)
            ),
            (Method::Q, _) => format!(
                "Method Q: L_{l} = ((c^(h−{l}) − 1)/((b − 1)β + 1) + 1)·x = {} with c = 1/β + b = {} \
                 and x{}",
                number(t, Precision::Steps),
                number(1.0 / beta + self.v.b as f64, Precision::Steps),
                self.unless_withheld(x, l + 1 == self.levels())
            ),
        }
    }

    /// A hint for level `l`: the method's rule for L_l with the instance's numbers, one step
    /// short of the value (the grade explains the value once a level is set). T_N is named
    /// only where the student sees it (not for the root while [`DivExercise::withhold`]).
    pub fn hint(&self, l: usize) -> String {
        let (b, beta, n) = (self.v.b, number(self.v.beta, Precision::Steps), self.v.n);
        let big_t = if self.withhold && l == 0 {
            "T".to_string()
        } else {
            format!("T = {}", number(self.closed_form(), Precision::Steps))
        };
        let x = format!("x = bβ/((bβ + 1)N − 1) with b = {b}, β = {beta}, N = {n}");
        match (self.method, l) {
            (Method::C, 0) => format!(
                "Method C: the root computes from 0 until every level finishes together at {big_t}, so \
                 L_0 = T/β (β = {beta})"
            ),
            (Method::C, _) => format!(
                "Method C: level {l} computes from the moment its fragment arrives in C's own schedule \
                 (t = {}) until every level finishes together at {big_t}: L_{l} = (T − t)/β \
                 (β = {beta})",
                number(self.arrival(l), Precision::Steps)
            ),
            (Method::P, 0) => format!(
                "Method P: the root computes while it sends, then x like every other processor: \
                 L_0 = ((N − 1)/b)·x/β + x, {x}"
            ),
            (Method::P, _) => format!(
                "Method P: every processor below the root computes the same x in the last slot, {x}"
            ),
            (Method::Q, _) => format!(
                "Method Q: L_{l} = ((c^(h−{l}) − 1)/((b − 1)β + 1) + 1)·x with c = 1/β + b, h = {}, \
                 b = {b}, β = {beta}, x the leaves' load{}",
                self.v.h,
                self.unless_withheld(
                    self.target.last().copied().unwrap_or(0.0),
                    l + 1 == self.levels()
                )
            ),
        }
    }

    /// When level `l`'s fragment arrives in the method's own schedule: the t of ℂ's
    /// L_l = (T − t)/β, which the hint names, the grade explains and Show me plays (the
    /// exercise is graded against the closed form, not against the student's schedule so
    /// far, whose arrival under ℂ depends on the very loads still to be set).
    fn arrival(&self, l: usize) -> f64 {
        (self.method_timeline.levels.get(l)).map_or(0.0, |s| s.last_receive)
    }

    /// " = x", or nothing while [`DivExercise::withhold`] is on and `x` is not the level's
    /// own answer (`own`).
    fn unless_withheld(&self, x: f64, own: bool) -> String {
        if self.withhold && !own {
            String::new()
        } else {
            format!(" = {}", number(x, Precision::Steps))
        }
    }

    /// Grades `value` as the next level's L_l without playing it.
    pub fn grade(&self, value: f64, first_try: bool) -> Option<LevelGrade> {
        if self.complete() {
            return None;
        }
        let l = self.next_level();
        let grade = self.judge(l, value, first_try);
        Some(LevelGrade {
            grade,
            level: l,
            load: value,
        })
    }

    fn judge(&self, l: usize, value: f64, first_try: bool) -> Grade {
        let (lo, hi) = self.range();
        let rem = self.remaining();
        let k = self.processors(l);
        let illegal = |rule: &str, why: String| Grade::illegal(rule, why, first_try);
        if !value.is_finite() || value < 0.0 {
            return illegal(RANGE, format!("L_{l} must be a number ≥ 0 (got {value})"));
        }
        if l + 1 == self.levels() {
            // The rest to the tolerance every level is graded to (the leaves then take
            // exactly the rest: [`DivExercise::played`]).
            if (value - hi).abs() > TOLERANCE * hi + CONSERVATION_SLACK / k {
                let (rest, given) = apart(hi, value);
                return illegal(
                    CONSERVATION,
                    format!(
                        "the leaves (level {l}, {} processors) must take the whole remaining \
                         load {} (within {} %): L_{l} = {}/{} = {rest}, not {given}",
                        number(k, Precision::Steps),
                        number(rem, Precision::Steps),
                        TOLERANCE * 100.0,
                        number(rem, Precision::Steps),
                        number(k, Precision::Steps),
                    ),
                );
            }
        } else if value > hi * (1.0 + 1e-12) {
            let (given, most) = apart(value, hi);
            return illegal(
                REMAINING,
                format!(
                    "level {l} has {} {}: {} × {given} = {} is more than the remaining \
                     load {} (L_{l} ≤ {most})",
                    number(k, Precision::Steps),
                    if k == 1.0 { "processor" } else { "processors" },
                    number(k, Precision::Steps),
                    number(k * value, Precision::Steps),
                    number(rem, Precision::Steps),
                ),
            );
        } else if value < lo * (1.0 - 1e-9) {
            return illegal(
                OVERLAP,
                format!(
                    "under method Q level {l} computes, while it forwards R_{} to each child, R_{}/β of \
                     it: with L_{l} = {} that is more than its own load (L_{l} ≥ remaining/(b^{l}(bβ + 1)) = {})",
                    l + 1,
                    l + 1,
                    number(value, Precision::Steps),
                    number(lo, Precision::Steps)
                ),
            );
        }
        let value = self.played(l, value);
        let target = self.target[l];
        let effect = self.effect(l, value);
        if (value - target).abs() <= TOLERANCE * target {
            Grade::legal(None, format!("{}{effect}", self.reason(l)), first_try)
        } else {
            let dir = if value > target {
                "too much"
            } else {
                "too little"
            };
            Grade::legal(
                Some(CLOSED_FORM),
                format!(
                    "L_{l} = {} is {dir}: {}{effect}",
                    number(value, Precision::Steps),
                    self.reason(l)
                ),
                first_try,
            )
        }
    }

    /// What `value` on level `l` does to the provisional schedule: the level's finish time
    /// against the closed form.
    fn effect(&self, l: usize, value: f64) -> String {
        let Some(t) = self.schedule(&self.provisional(Some(value))) else {
            return String::new();
        };
        let finish = t.levels.get(l).map_or(0.0, |s| s.finish);
        format!(
            "; with it, level {l} of your schedule finishes at {}",
            number(finish, Precision::Steps)
        )
    }

    /// The load level `l` takes when `value` is given and legal: the value, but on the
    /// leaves the whole rest (Σ b^l L_l = 1 exactly, whatever the last digits typed).
    fn played(&self, l: usize, value: f64) -> f64 {
        if l + 1 == self.levels() {
            self.range().1
        } else {
            value
        }
    }

    /// Grades and plays `value` on the next level (an illegal value is not played).
    pub fn play(&mut self, value: f64, first_try: bool) -> Option<LevelGrade> {
        let l = self.next_level();
        let g = self.grade(value, first_try && self.tries.first(l))?;
        self.tries.spend(l);
        if g.grade.legal {
            self.loads.push(self.played(l, value));
            if g.grade.scores() {
                self.score += 1;
            }
        }
        Some(g)
    }

    /// The student's finished schedule (None until every level is set).
    pub fn result(&self) -> Option<Timeline> {
        if !self.complete() {
            return None;
        }
        self.schedule(&self.loads)
    }

    /// The end in words: the makespan against the closed forms, and the first waste.
    pub fn summary(&self) -> Option<String> {
        let t = self.result()?;
        let mine = self.closed_form();
        let [c, p, q] = self.closed;
        let vs = format!(
            "your schedule ends at T = {} ({:+.2} % against {}'s closed form {}; C {}, P {}, Q {})",
            number(t.finish, Precision::Steps),
            (t.finish / mine - 1.0) * 100.0,
            self.method.name(),
            number(mine, Precision::Steps),
            number(c.1, Precision::Steps),
            number(p.1, Precision::Steps),
            number(q.1, Precision::Steps)
        );
        Some(match first_waste(&t) {
            Some(w) => format!("{vs}. {}", w.why),
            None => {
                format!("{vs}: every level finishes together, as Li's optimality principle asks")
            }
        })
    }
}

/// `a` and `b` to 4 significant digits, or to as many as it takes to tell them apart (a
/// refusal never reads "0.01538, not 0.01538").
fn apart(a: f64, b: f64) -> (String, String) {
    let four = (number(a, Precision::Steps), number(b, Precision::Steps));
    if four.0 != four.1 || a == b {
        return four;
    }
    (5..=17)
        .map(|d| (sig(a, d), sig(b, d)))
        .find(|(x, y)| x != y)
        .unwrap_or(four)
}

/// The level whose timing first wastes time in `t`: the earliest moment a level's processors
/// idle before the makespan (run dry early, wait between two fragments, or get no load),
/// beyond [`WASTE`] of the makespan.
pub fn first_waste(t: &Timeline) -> Option<Waste> {
    first_waste_above(t, t.levels.len())
}

/// [`first_waste`] among levels 0 … `levels` − 1 only (the levels already set, while the
/// ones below are filled in provisionally), against the end of those levels.
pub fn first_waste_above(t: &Timeline, levels: usize) -> Option<Waste> {
    use crate::model::divisible::Activity;
    // The end of the levels searched (the levels below may be provisional).
    let end = (t.levels.iter().take(levels))
        .map(|lv| lv.finish)
        .fold(0.0, f64::max);
    let tol = WASTE * end;
    let last = (t.levels.iter().enumerate().take(levels))
        .max_by(|a, b| a.1.finish.total_cmp(&b.1.finish))
        .map_or(0, |(l, _)| l);
    let mut best: Option<Waste> = None;
    for (l, lv) in t.levels.iter().enumerate().take(levels) {
        let mut computes = t
            .intervals
            .iter()
            .filter(|i| i.level == l && i.activity == Activity::Compute && i.end > i.start);
        let found = match computes.next() {
            None => {
                let at = lv.last_receive.min(end);
                (end - at > tol).then(|| {
                    (
                        at,
                        end - at,
                        format!(
                            "level {l} gets no load and idles from {} to the end",
                            number(at, Precision::Steps)
                        ),
                    )
                })
            }
            Some(first) => {
                let mut prev = first.end;
                let mut gap = None;
                for c in computes {
                    if c.start - prev > tol {
                        gap = Some((
                            prev,
                            c.start - prev,
                            format!(
                                "level {l} waits from {} to {} for its next fragment",
                                number(prev, Precision::Steps),
                                number(c.start, Precision::Steps)
                            ),
                        ));
                        break;
                    }
                    prev = prev.max(c.end);
                }
                gap.or_else(|| {
                    (end - lv.finish > tol).then(|| {
                        (lv.finish, end - lv.finish, format!(
                            "level {l} finishes at {}, {} before level {last} ends the schedule at {}: \
                             by Li's optimality principle all processors finish together, so level {l} \
                             should get more load (level {last} less)",
                            number(lv.finish, Precision::Steps),
                            number(end - lv.finish, Precision::Steps),
                            number(end, Precision::Steps)
                        ))
                    })
                })
            }
        };
        if let Some((at, idle, why)) = found
            && best.as_ref().is_none_or(|b| at < b.at)
        {
            best = Some(Waste {
                level: l,
                at,
                idle,
                why: format!("First waste: {why}"),
            });
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(b: i64, h: i64, beta: f64, m: Method) -> DivisibleParams {
        DivisibleParams {
            b,
            h,
            beta,
            algorithm: AlgorithmChoice::Only(m),
            ..DivisibleParams::default()
        }
    }

    /// A small seeded generator (xorshift) for the instances.
    fn next(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    #[test]
    fn the_methods_own_loads_are_all_optimal_and_reach_the_closed_form() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..60 {
            let b = 2 + (next(&mut seed) % 4) as i64;
            let h = (next(&mut seed) % 6) as i64;
            let beta = 10f64.powf((next(&mut seed) % 600) as f64 / 100.0 - 2.0);
            for m in Method::ALL {
                let p = params(b, h, beta, m);
                let v = p.validate().unwrap();
                let loads = level_loads(m, &v);
                let mut ex = DivExercise::new(&p).unwrap();
                for &x in &loads {
                    let g = ex.play(x, true).unwrap();
                    assert!(g.grade.optimal, "{m:?} b={b} h={h} β={beta}: {g:?}");
                }
                assert!(ex.complete());
                assert_eq!(ex.score, ex.levels());
                let t = ex.result().unwrap();
                let c = closed_form(m, &v);
                assert!(
                    (t.finish - c).abs() <= 1e-9 * c,
                    "{m:?} b={b} h={h} β={beta}"
                );
                assert!(first_waste(&t).is_none(), "{m:?}: {:?}", first_waste(&t));
            }
        }
    }

    #[test]
    fn a_wrong_level_is_named_and_its_waste_found() {
        let p = params(2, 3, 10.0, Method::C);
        let v = p.validate().unwrap();
        let loads = level_loads(Method::C, &v);
        let mut ex = DivExercise::new(&p).unwrap();
        ex.play(loads[0], true);
        // Level 1 gets 20 % too little: it runs dry before the others.
        let g = ex.play(loads[1] * 0.8, true).unwrap();
        assert!(g.grade.legal && !g.grade.optimal);
        assert_eq!((g.level, g.grade.rule.as_str()), (1, CLOSED_FORM));
        assert!(g.grade.why.contains("too little"), "{}", g.grade.why);
        while !ex.complete() {
            let s = ex.suggestion().unwrap();
            ex.play(s, false);
        }
        let t = ex.result().unwrap();
        assert!(t.finish > closed_form(Method::C, &v) * (1.0 + 1e-6));
        let w = first_waste(&t).unwrap();
        assert_eq!(w.level, 1, "{w:?}");
        assert!(ex.summary().unwrap().contains("level 1 finishes"));
    }

    #[test]
    fn illegal_values_are_refused_and_not_played() {
        let p = params(2, 2, 1.0, Method::Q);
        let mut ex = DivExercise::new(&p).unwrap();
        for (x, rule) in [(-0.1, RANGE), (f64::NAN, RANGE), (1.5, REMAINING)] {
            let g = ex.play(x, true).unwrap();
            assert_eq!((g.grade.legal, g.grade.rule.as_str()), (false, rule));
        }
        assert_eq!(ex.next_level(), 0);
        ex.play(0.5, true);
        // Level 1 under ℚ: at least 0.5/(2·3) per processor.
        let g = ex.play(0.01, true).unwrap();
        assert_eq!(g.grade.rule, OVERLAP, "{g:?}");
        ex.play(0.1, true);
        // The leaves must take the rest: 0.5 − 0.2 = 0.3 over 4 processors.
        let g = ex.play(0.05, true).unwrap();
        assert_eq!(g.grade.rule, CONSERVATION);
        assert!(ex.play(0.075, true).unwrap().grade.legal);
        assert!(ex.complete());
    }

    #[test]
    fn a_level_without_load_wastes_time_and_the_levels_set_are_searched_first() {
        let p = params(2, 2, 1.0, Method::P);
        let v = p.validate().unwrap();
        let x = level_loads(Method::P, &v);
        // Level 1 gets nothing: its processors idle from the arrival of their (empty)
        // fragment; the root and the leaves take the rest.
        let loads = [x[0] + 2.0 * x[1], 0.0, x[2]];
        let t = simulate_loads(Method::P, &v, &loads).unwrap();
        let w = first_waste(&t).unwrap();
        assert_eq!(w.level, 1, "{w:?}");
        assert!(w.why.contains("gets no load"), "{}", w.why);
        // Among the root alone (it finishes last) there is no waste.
        assert!(first_waste_above(&t, 1).is_none());
    }

    #[test]
    fn the_provisional_plan_is_the_students_number_and_exact_when_right() {
        for m in Method::ALL {
            let p = params(2, 4, 10.0, m);
            let v = p.validate().unwrap();
            let x = level_loads(m, &v);
            let mut ex = DivExercise::new(&p).unwrap();
            ex.play(x[0], true);
            // A wrong candidate on level 1: the levels below copy it, the method's loads
            // appear nowhere, the whole load is given.
            let guess = x[1] * 0.7;
            let plan = ex.provisional_own(guess);
            assert_eq!(plan.len(), 5);
            assert!(
                plan[1..4]
                    .iter()
                    .all(|&y| y == guess || m == Method::Q && y > guess),
                "{m:?}: {plan:?}"
            );
            let total: f64 = (plan.iter().enumerate())
                .map(|(l, y)| 2f64.powi(l as i32) * y)
                .sum();
            assert!((total - 1.0).abs() < 1e-12, "{m:?}: {total}");
            // ℙ's right candidate: the plan is ℙ's own, and so are the times of the levels set.
            if m == Method::P {
                let t = ex.schedule(&ex.provisional_own(x[1])).unwrap();
                assert!(
                    (t.finish - closed_form(m, &v)).abs() <= 1e-9,
                    "{}",
                    t.finish
                );
            }
        }
    }

    /// Hints give the rule, not the level's value (the method's L_l of its own simulated
    /// schedule); a root set to ℂ's L_0 = T/β is not blamed for whatever the slider holds
    /// on level 1, and a root set at half of it is, once level 1 is set (Li's optimality
    /// principle: every processor finishes together).
    #[test]
    fn hints_keep_the_value_back_and_only_levels_set_are_judged() {
        for m in Method::ALL {
            let p = params(2, 3, 10.0, m);
            let v = p.validate().unwrap();
            let method = crate::model::divisible::simulate(m, &v);
            let mut ex = DivExercise::new(&p).unwrap();
            for (l, level) in method.levels.iter().enumerate().take(ex.levels() - 1) {
                let hint = ex.hint(l);
                let mut numbers = hint.split(|c: char| !(c.is_ascii_digit() || ".e-".contains(c)));
                let value = number(level.load, Precision::Steps);
                assert!(numbers.all(|n| n != value), "{m:?} L_{l}: {hint}");
                ex.play(level.load, true).unwrap();
            }
        }
        let p = params(2, 3, 10.0, Method::C);
        let v = p.validate().unwrap();
        let loads: Vec<f64> = (crate::model::divisible::simulate(Method::C, &v).levels)
            .iter()
            .map(|l| l.load)
            .collect();
        let mut ex = DivExercise::new(&p).unwrap();
        ex.play(loads[0], true).unwrap();
        let (_, most) = ex.range();
        for k in 0..=10 {
            let c = most * k as f64 / 10.0;
            assert!(ex.waste_so_far(c).is_none(), "L_1 = {c}");
        }
        let mut ex = DivExercise::new(&p).unwrap();
        ex.play(loads[0] / 2.0, true).unwrap();
        assert!(ex.waste_so_far(0.0).is_none(), "only the root is set");
        ex.play(loads[1], true).unwrap();
        assert_eq!(ex.waste_so_far(loads[2]).map(|w| w.level), Some(0));
    }

    /// The leaves are graded to the tolerance of every level (0.1 %, the help's and the li
    /// lesson's rule) and then take exactly the rest; a refusal tells its two numbers apart.
    #[test]
    fn the_leaves_take_the_rest_to_the_tolerance_of_every_level() {
        let p = params(2, 5, 100.0, Method::C);
        // Li's closed-form L_0 … L_4 (Table I: T_C = 2.43005 at h = 5, β = 100) as a
        // student types them, to 7 digits; the leaves' share is what they leave.
        let typed = [0.0243005, 0.01942199, 0.01707986, 0.01599418, 0.01553132];
        let given: f64 = (typed.iter().enumerate())
            .map(|(l, x)| 2f64.powi(l as i32) * x)
            .sum();
        let rest = (1.0 - given) / 32.0;
        let set = || {
            let mut ex = DivExercise::new(&p).unwrap();
            for x in typed {
                assert!(ex.play(x, true).unwrap().grade.optimal, "{x}");
            }
            ex
        };
        let mut ex = set();
        let g = ex.play(rest * (1.0 - 3e-6), true).unwrap();
        assert!(g.grade.legal && g.grade.optimal, "{}", g.grade.why);
        assert!(ex.complete() && ex.score == 6);
        let total: f64 = (ex.loads.iter().enumerate())
            .map(|(l, x)| 2f64.powi(l as i32) * x)
            .sum();
        assert!((total - 1.0).abs() < 1e-12, "{total}");
        let g = set().play(rest * 1.002, true).unwrap();
        assert_eq!(g.grade.rule, CONSERVATION);
        let (_, tail) = g.grade.why.rsplit_once(" = ").unwrap();
        let (want, got) = tail.split_once(", not ").unwrap();
        assert_ne!(want, got, "{}", g.grade.why);
    }

    /// After a wrong root, ℂ's hint and Show me agree: both take t from ℂ's own schedule
    /// (level 1's fragment arrives at (1 − L_0)/b with L_0 = T_C/β, T_C = 2.43005 from
    /// Table I), not from the student's (0.5/2 = 0.25 after L_0 = 0.5).
    #[test]
    fn the_hint_and_show_me_follow_the_closed_form_after_a_wrong_level() {
        let p = params(2, 5, 100.0, Method::C);
        let mut ex = DivExercise::new(&p).unwrap();
        ex.play(0.5, true).unwrap();
        let hint = ex.hint(1);
        let t: f64 = (hint.split("(t = ").nth(1))
            .and_then(|r| r.split(')').next())
            .and_then(|x| x.parse().ok())
            .unwrap_or_else(|| panic!("no t in {hint}"));
        let table_t = (1.0 - 2.43005 / 100.0) / 2.0;
        assert!((t - table_t).abs() <= 1e-3 * table_t, "{hint}");
        let shown = ex.suggestion().unwrap();
        assert!(
            (shown - (2.43005 - table_t) / 100.0).abs() <= 1e-3 * shown,
            "{shown}"
        );
    }

    #[test]
    fn deep_trees_are_refused() {
        let e = DivExercise::new(&params(2, 9, 1.0, Method::P)).unwrap_err();
        assert!(e.0.starts_with("--h"), "{e}");
    }

    #[test]
    fn four_significant_digits() {
        assert_eq!(number(0.123456, Precision::Steps), "0.1235");
        assert_eq!(number(12.0, Precision::Steps), "12");
        assert_eq!(number(1234.5678, Precision::Steps), "1235");
        assert_eq!(number(1.5e-6, Precision::Steps), "1.500 × 10^-6");
    }
}
