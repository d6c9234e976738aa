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

    /// What Show me plays ([`DivExercise::suggestion`]) and, when the method's own L_l does
    /// not fit the load left (the levels set before took too much or too little), a note
    /// saying so: the value played is the nearest that does, not the method's move.
    pub fn shown(&self) -> Option<(f64, Option<String>)> {
        let l = self.next_level();
        let t = *self.target.get(l)?;
        let s = self.suggestion()?;
        // The method's own move when within the tolerance every level is graded to: the load
        // left after levels set to within it differs from the method's by rounding, or by less
        // than the note could show ("L_3 = 0.0575 does not fit … (L_3 = 0.0575)").
        let note = ((s - t).abs() > TOLERANCE * t.abs()).then(|| {
            let (lo, hi) = self.range();
            let fits = if lo == hi {
                format!("L_{l} = {}", number(hi, Precision::Steps))
            } else {
                format!(
                    "{} ≤ L_{l} ≤ {}",
                    number(lo, Precision::Steps),
                    number(hi, Precision::Steps)
                )
            };
            format!(
                "the method's L_{l} = {} does not fit the load your levels left ({fits}), so \
                 Show me sets {}, the nearest",
                number(t, Precision::Steps),
                number(s, Precision::Steps)
            )
        });
        Some((s, note))
    }

    /// Show me's verdict `grade` with `note` ([`DivExercise::shown`]) in front, when there is
    /// one: "none — the method's L_2 … does not fit …: why".
    pub fn noted(grade: &mut Grade, note: Option<String>) {
        if let Some(note) = note {
            grade.why = format!("none — {note}: {}", grade.why);
        }
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
#[path = "divisible_tests.rs"]
mod tests;
