//! The gap search (`loadlab gaps redistribute`): a seeded search for small rings on which a
//! method of the paper is farthest from the exact optimum ([`super::exact`]) — a schedule
//! (System 12 with Lemma 9's schedule, System 6's flows with forwarding, Algorithm 3 as
//! printed) above it, or a lower bound (System 6's integer optimum, Lemma 12) below it.
//!
//! Random restarts, each a hill climb: a restart draws a ring from the search's [`Space`] (by
//! default 3 to [`N_MAX`] processors, |δ_k| ≤ [`DELTA_MAX`], integer costs 1 to [`COST_MAX`],
//! minimal or larger loads; larger spaces up to the exact search's 8 processors), then tries
//! local moves (one unit of δ moved between two processors, one cost or one load changed by
//! one) and keeps a move whose ratio is at least the current one. Restart r draws from its own
//! ChaCha8 stream (seed, stream r), so a restart's result does not depend on the others and
//! the restarts can be computed in shards. Each restart reports its best ring when its ratio
//! exceeds 1; the exact optimum's schedule and the compared schedule are replayed by the
//! checker before a ring counts.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::model::budget::Shard;

use super::alg3::Alg3Variant;
use super::exact::{self, Options};
use super::homogeneous::algorithm3;
use super::instance::{Costs, Direction, RingInstance, minimal_loads};
use super::lemma9::{asap_schedule, lemma9_schedule};
use super::lemma12::lemma12;
use super::schedule::verify;
use super::system6::{port_times, solve_system6, solve_system12};
use crate::model::format::{Precision, number};

/// Largest ring drawn.
pub const N_MAX: usize = 5;
/// Largest |δ_k| drawn.
pub const DELTA_MAX: i64 = 3;
/// Largest link cost drawn.
pub const COST_MAX: i64 = 4;
/// Most exact solves one search may make (`--budget`).
pub const BUDGET_MAX: u64 = 100_000;
/// Most combinations of sends one ring's exact search may examine in a gap search (a ring
/// that needs more is skipped, so one search's time stays under budget × about 0.9 s).
pub const RING_CHOICES_MAX: u64 = 1_000_000;

/// Seconds of one evaluation of a gap search in `space` on the reference machine (release
/// build, one core): the exact search on a ring of the space and the compared method,
/// growing as 3^n · δ_max^4 with the largest ring drawn, capped by the search's
/// [`RING_CHOICES_MAX`] choices (about 0.9 s), plus [`EVALUATION_SECONDS`]. Fitted to
/// measured searches (CPU seconds per solve, lemma12 unless said): 4.2·10⁻⁵ at n ≤ 5, |δ| ≤ 3
/// (system12, budget 30 000: 1.26 s), 1.25·10⁻⁴ at n ≤ 6, |δ| ≤ 3 (budget 2 000: 0.25 s),
/// 4.2·10⁻³ at n ≤ 7, |δ| ≤ 5 (budget 200: 0.84 s), 0.124 at n ≤ 8, |δ| ≤ 10 (budget 100:
/// 12.4 s); the fit gives 5.1·10⁻⁵, 1.35·10⁻⁴, 2.9·10⁻³ and 0.138.
pub fn solve_seconds(space: &Space) -> f64 {
    let n = space.n_max as i32;
    let d = space.delta_max.max(1) as f64;
    let cap = RING_CHOICES_MAX as f64 * exact::CHOICE_STEPS * 1e-8;
    // Wider link costs spread the exact search's event times: about (c_max / 4)² (issue 36:
    // system12 at n ≤ 7, |δ| ≤ 3, budget 400 took 0.08, 0.44, 1.75 and 0.6–2.8 s CPU at
    // c_max = 4, 10, 14 and 20; estimated 0.15, 0.93, 1.8 and 3.7 s). Narrower costs do
    // not make it much cheaper: system12 at n ≤ 8, |δ| ≤ 3, c_max = 1, budget 30 000 took
    // 12–14 s of CPU at a load of 10 (0.42 of the c_max = 4 rate), accepted at the 0.25 floor.
    let c = (space.cost_max.max(1) as f64 / COST_MAX as f64)
        .powi(2)
        .max(0.5);
    (SOLVE_SCALE * 3f64.powi(n) * d.powi(4) * c).min(cap) + EVALUATION_SECONDS
}

/// Seconds per unit of 3^n · δ_max^4 of one evaluation (see [`solve_seconds`]).
pub const SOLVE_SCALE: f64 = 2.1e-9;

/// Seconds of one evaluation besides the exact search's growth (System 6 or 12, the
/// schedules, the checker, on the smallest rings).
pub const EVALUATION_SECONDS: f64 = 1e-5;

/// Seconds of one cheap move against System 6's bound per processor (System 6 and the
/// tightness of a ring): measured with [`solve_seconds`], 10 000 restarts in the default
/// space take 2.63 s (estimated 2.8 s).
pub const TIGHT_MOVE_SECONDS: f64 = 1.6e-7;

/// Share of the restarts against System 6's bound whose ring ends above it (and is widened).
pub const ABOVE_BOUND_SHARE: f64 = 0.05;

/// Cheap moves (no exact search) of one restart against System 6's bound.
pub const TIGHT_MOVES: u64 = 200;
/// Moves with an exact solve each that widen a gap above System 6's bound once one is found.
pub const WIDEN_MOVES: u64 = 24;

/// The rings a search draws: 3 to `n_max` processors, |δ_k| ≤ `delta_max`, integer costs 1
/// to `cost_max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Space {
    /// Largest ring (3 to the exact search's [`exact::N_EXACT_MAX`]).
    pub n_max: usize,
    /// Largest |δ_k| (1 to [`Space::DELTA_LIMIT`]).
    pub delta_max: i64,
    /// Largest link cost (1 to [`Space::COST_LIMIT`]).
    pub cost_max: i64,
}

impl Default for Space {
    fn default() -> Self {
        Space {
            n_max: N_MAX,
            delta_max: DELTA_MAX,
            cost_max: COST_MAX,
        }
    }
}

impl Space {
    /// Largest `delta_max` accepted.
    pub const DELTA_LIMIT: i64 = 10;
    /// Largest `cost_max` accepted.
    pub const COST_LIMIT: i64 = 20;

    /// Why the space cannot be searched (None: it can), naming each setting as `names` does.
    pub fn problem(&self, names: &Names) -> Option<String> {
        let n_top = exact::N_EXACT_MAX;
        if !(3..=n_top).contains(&self.n_max) {
            return Some(format!(
                "{}: between 3 and {n_top} processors (the exact search's limit), got {}",
                names.say(names.n_max),
                self.n_max
            ));
        }
        let at_most = |name: &str, value: i64, limit: i64| {
            (!(1..=limit).contains(&value))
                .then(|| format!("{}: between 1 and {limit}, got {value}", names.say(name)))
        };
        at_most(names.delta_max, self.delta_max, Self::DELTA_LIMIT)
            .or_else(|| at_most(names.cost_max, self.cost_max, Self::COST_LIMIT))
    }
}

/// What a refusal of a search calls its settings: the CLI's flags ([`Names::FLAGS`]) or the
/// captions of the controls that set them (the gap lab window's, in quotes), so that one
/// message says what to change wherever the search was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Names {
    /// Written in quotes (“exact solves”): captions, which would otherwise run into the
    /// sentence; flags stand out as they are.
    pub quoted: bool,
    /// The exact solves (`--budget`).
    pub budget: &'static str,
    /// The largest ring (`--max-n`).
    pub n_max: &'static str,
    /// The largest |δ_k| (`--max-delta`).
    pub delta_max: &'static str,
    /// The largest link cost (`--max-cost`).
    pub cost_max: &'static str,
}

impl Names {
    /// `loadlab gaps redistribute`'s flags.
    pub const FLAGS: Names = Names {
        quoted: false,
        budget: "--budget",
        n_max: "--max-n",
        delta_max: "--max-delta",
        cost_max: "--max-cost",
    };

    /// `name` (one of the names) as a refusal writes it.
    fn say(&self, name: &str) -> String {
        if self.quoted {
            format!("“{name}”")
        } else {
            name.to_owned()
        }
    }
}

named! {
    /// What the exact optimum is compared with.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
    pub enum Against {
        /// System 12 (light solutions) with Lemma 9's schedule: above the optimum.
        System12 => "system12", "System 12's schedule (above the optimum).";
        /// System 6's flows with forwarding: above the optimum.
        LpForward => "lp-forward", "System 6's flows scheduled with forwarding (above the optimum).";
        /// Algorithm 3 as printed (homogeneous rings): above the optimum.
        Alg3Printed => "alg3-printed", "Algorithm 3 as printed, homogeneous rings (above the optimum).";
        /// System 6's integer optimum: a lower bound.
        System6Bound => "system6-bound", "System 6's integer optimum (a lower bound).";
        /// Lemma 12: a lower bound.
        Lemma12 => "lemma12", "Lemma 12's bound (a lower bound).";
    }
}

impl Against {
    /// True for a lower bound (ratio = exact / other), false for a schedule (other / exact).
    pub fn is_bound(self) -> bool {
        matches!(self, Against::System6Bound | Against::Lemma12)
    }
}

/// A ring found, with the two values compared.
#[derive(Debug, Clone, PartialEq)]
pub struct Gap {
    /// The restart that found it.
    pub restart: u64,
    /// The ring.
    pub instance: RingInstance,
    /// The exact optimum.
    pub exact: f64,
    /// The other method's makespan or bound.
    pub other: f64,
    /// other / exact for a schedule, exact / other for a bound (≥ 1).
    pub ratio: f64,
}

/// A search's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GapSearch {
    /// Method compared.
    pub against: Against,
    /// Seed.
    pub seed: u64,
    /// Restarts.
    pub restarts: u64,
    /// Local moves per restart.
    pub moves: u64,
    /// The rings drawn.
    pub space: Space,
}

impl GapSearch {
    /// `budget` exact solves split into restarts of about 25 moves (against System 6's bound:
    /// one exact solve per restart, after [`TIGHT_MOVES`] cheap moves, and [`WIDEN_MOVES`]
    /// more on the rings found above the bound).
    pub fn with_budget(against: Against, seed: u64, budget: u64) -> GapSearch {
        if against == Against::System6Bound {
            return GapSearch {
                against,
                seed,
                restarts: budget.max(1),
                moves: TIGHT_MOVES,
                space: Space::default(),
            };
        }
        let restarts = budget.div_ceil(25).max(1);
        GapSearch {
            against,
            seed,
            restarts,
            moves: (budget / restarts).max(1) - 1,
            space: Space::default(),
        }
    }

    /// The same search over the rings of `space`.
    pub fn within(self, space: Space) -> GapSearch {
        GapSearch { space, ..self }
    }

    /// The search of `budget` exact solves over `space`, or why it cannot run, each setting
    /// called as `names` calls it: the solves (1 to [`BUDGET_MAX`]), the space
    /// ([`Space::problem`]) and its estimated time ([`GapSearch::check_budget`]). `loadlab
    /// gaps` (with [`Names::FLAGS`]) and the Research window (with its controls' captions)
    /// both start searches from here (the window skipped the estimate: 5 000 solves of rings
    /// up to 8 processors, |δ| ≤ 10, costs to 20, estimated at 4 500 s, ran).
    pub fn checked(
        against: Against,
        seed: u64,
        budget: u64,
        space: Space,
        names: &Names,
    ) -> Result<GapSearch, String> {
        if !(1..=BUDGET_MAX).contains(&budget) {
            return Err(format!(
                "{}: between 1 and {BUDGET_MAX} exact solves (got {budget})",
                names.say(names.budget)
            ));
        }
        if let Some(why) = space.problem(names) {
            return Err(why);
        }
        let search = GapSearch::with_budget(against, seed, budget).within(space);
        search
            .check_budget(names)
            .map_err(|e| format!("{}: {}", names.say(e.field), e.message))?;
        Ok(search)
    }

    /// Estimated seconds of the whole search (every shard) on the reference machine: its
    /// exact solves at [`solve_seconds`] each, and against System 6's bound the cheap moves
    /// of every restart ([`TIGHT_MOVE_SECONDS`]) and the widening of the rings found above it.
    pub fn seconds(&self) -> f64 {
        let solve = solve_seconds(&self.space);
        let restarts = self.restarts as f64;
        if self.against == Against::System6Bound {
            let n = self.space.n_max as f64;
            let widen = ABOVE_BOUND_SHARE * WIDEN_MOVES as f64;
            restarts * (self.moves as f64 * TIGHT_MOVE_SECONDS * n + solve * (1.0 + widen))
        } else {
            restarts * (1.0 + self.moves as f64) * solve
        }
    }

    /// The exact solves the search makes, what `--budget` counts: one per move and per
    /// restart (against System 6's bound one per restart, its cheap moves not counted).
    pub fn solves(&self) -> u64 {
        if self.against == Against::System6Bound {
            self.restarts
        } else {
            self.restarts * (1 + self.moves)
        }
    }

    /// Refuses a search whose [`GapSearch::seconds`] exceed the budget's
    /// [`crate::model::budget::SECONDS`], on the setting of the solves (`names.budget`), and
    /// says which settings lower it as `names` calls them.
    pub fn check_budget(&self, names: &Names) -> Result<(), crate::model::ParamError> {
        let seconds = self.seconds();
        let limit = crate::model::budget::SECONDS;
        if seconds.partial_cmp(&limit).is_some_and(|o| o.is_le()) {
            return Ok(());
        }
        let sp = &self.space;
        Err(crate::model::validate::param_error(
            names.budget,
            format!(
                "{} exact solves ({} restarts) against {} on rings of up to {} processors, \
                 |δ| ≤ {}, costs ≤ {}: about {} s each, {} s in all here, more than the limit \
                 of {} s (lower {}, or the space: {}, {}, {})",
                self.solves(),
                self.restarts,
                self.against.name(),
                sp.n_max,
                sp.delta_max,
                sp.cost_max,
                number(solve_seconds(sp), Precision::Estimate),
                number(seconds, Precision::Estimate),
                number(limit, Precision::Estimate),
                names.say(names.budget),
                names.say(names.n_max),
                names.say(names.delta_max),
                names.say(names.cost_max),
            ),
        ))
    }

    /// The restarts `shard` owns (every restart: [`Shard::WHOLE`]), each restart's best gap,
    /// sorted as [`sort`] does.
    pub fn run(&self, shard: Shard) -> Vec<Gap> {
        // NoProgress never cancels.
        self.run_with(shard, &crate::model::NoProgress)
            .unwrap_or_default()
    }

    /// [`GapSearch::run`] reporting progress after every restart and stopping when cancelled
    /// (the GUI's background job).
    pub fn run_with(
        &self,
        shard: Shard,
        progress: &dyn crate::model::Progress,
    ) -> Result<Vec<Gap>, crate::model::Cancelled> {
        let mut out = Vec::new();
        for r in (0..self.restarts).filter(|&r| shard.owns(r)) {
            if progress.cancelled() {
                return Err(crate::model::Cancelled);
            }
            out.extend(self.restart(r));
            progress.set((r + 1) as f32 / self.restarts as f32);
        }
        sort(&mut out);
        Ok(out)
    }

    fn restart(&self, r: u64) -> Option<Gap> {
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(r);
        if self.against == Against::System6Bound {
            return self.restart_tight(&mut rng, r);
        }
        let homogeneous = self.against == Against::Alg3Printed;
        let sp = &self.space;
        let mut cur = draw(&mut rng, sp, homogeneous);
        let mut best = evaluate(self.against, &cur, r);
        for _ in 0..self.moves {
            let cand = neighbour(&mut rng, sp, &cur, homogeneous);
            let g = evaluate(self.against, &cand, r);
            let score = |g: &Option<Gap>| g.as_ref().map_or(0.0, |g| g.ratio);
            if score(&g) >= score(&best) {
                cur = cand;
                best = g;
            }
        }
        best.filter(|g| g.ratio > 1.0 + 1e-9)
    }

    /// A restart against System 6's bound, where the ratio is 1 on almost every ring and gives
    /// a climb no direction: the climb maximises [`tightness`] instead (cheap: no exact
    /// search), on minimal loads (larger loads only help a schedule), and the exact optimum is
    /// computed on the ring it ends on; when that ring is above the bound, [`WIDEN_MOVES`]
    /// exact-solved moves climb on the ratio.
    fn restart_tight(&self, rng: &mut ChaCha8Rng, r: u64) -> Option<Gap> {
        let sp = &self.space;
        let minimal = |mut inst: RingInstance| {
            inst.loads = minimal_loads(&inst.delta);
            inst
        };
        let mut cur = minimal(draw(rng, sp, false));
        let mut score = tightness(&cur);
        for _ in 0..self.moves {
            let cand = minimal(neighbour(rng, sp, &cur, false));
            let s = tightness(&cand);
            if s >= score {
                cur = cand;
                score = s;
            }
        }
        let mut best = evaluate(self.against, &cur, r).filter(|g| g.ratio > 1.0 + 1e-9)?;
        // Above the bound: climb on the ratio itself, which now has a slope.
        for _ in 0..WIDEN_MOVES {
            let cand = minimal(neighbour(rng, sp, &cur, false));
            let Some(g) = evaluate(self.against, &cand, r) else {
                continue;
            };
            let s = tightness(&cand);
            if (g.ratio, s) >= (best.ratio, score) {
                cur = cand;
                best = g;
                score = s;
            }
        }
        Some(best)
    }
}

/// Largest ratio first, then restart, then ring (a total order: merged shards sort the same).
pub fn sort(gaps: &mut [Gap]) {
    gaps.sort_by(|a, b| b.ratio.total_cmp(&a.ratio).then(a.restart.cmp(&b.restart)));
}

/// A random ring of the search.
fn draw(rng: &mut ChaCha8Rng, sp: &Space, homogeneous: bool) -> RingInstance {
    let n = rng.random_range(3..=sp.n_max);
    let mut delta: Vec<i64> = (0..n)
        .map(|_| rng.random_range(-sp.delta_max..=sp.delta_max))
        .collect();
    super::editing::fix_sum(&mut delta);
    if delta.iter().all(|&d| d == 0) {
        delta[0] = 1;
        delta[1] = -1;
    }
    let mut loads = minimal_loads(&delta);
    if homogeneous || rng.random_bool(0.3) {
        let extra: i64 = delta.iter().map(|d| d.abs()).sum();
        loads.iter_mut().for_each(|l| *l += extra);
    }
    let costs = if homogeneous {
        Costs::Homogeneous(1.0)
    } else {
        let mut c = || {
            (0..n)
                .map(|_| rng.random_range(1..=sp.cost_max) as f64)
                .collect()
        };
        Costs::Heterogeneous { cw: c(), ccw: c() }
    };
    RingInstance {
        delta,
        loads,
        direction: Direction::Bi,
        costs,
    }
}

/// One local move: a unit of δ moved from one processor to another, or a cost or a load
/// changed by one (kept valid).
fn neighbour(
    rng: &mut ChaCha8Rng,
    sp: &Space,
    inst: &RingInstance,
    homogeneous: bool,
) -> RingInstance {
    let mut c = inst.clone();
    let n = c.n();
    let kind = if homogeneous {
        0
    } else {
        rng.random_range(0..3)
    };
    match kind {
        0 => {
            let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
            if a != b && c.delta[a] < sp.delta_max && c.delta[b] > -sp.delta_max {
                c.delta[a] += 1;
                c.delta[b] -= 1;
                let min = minimal_loads(&c.delta);
                for (l, m) in c.loads.iter_mut().zip(min) {
                    *l = (*l).max(m);
                }
            }
        }
        1 => {
            if let Costs::Heterogeneous { cw, ccw } = &mut c.costs {
                let i = rng.random_range(0..n);
                let v = if rng.random_bool(0.5) { cw } else { ccw };
                let step = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
                v[i] = (v[i] + step).clamp(1.0, sp.cost_max as f64);
            }
        }
        _ => {
            let i = rng.random_range(0..n);
            let min = minimal_loads(&c.delta)[i];
            let step = if rng.random_bool(0.5) { 1 } else { -1 };
            c.loads[i] = (c.loads[i] + step).max(min);
        }
    }
    if c.delta.iter().all(|&d| d == 0) {
        return inst.clone();
    }
    c
}

/// The gap on one ring, when both values exist and both schedules pass the checker.
pub fn evaluate(against: Against, inst: &RingInstance, restart: u64) -> Option<Gap> {
    inst.validate().ok()?;
    let opts = Options {
        choices_max: RING_CHOICES_MAX,
        ..Options::default()
    };
    let e = exact::exact(inst, opts).ok()?;
    if !verify(inst, &e.schedule).valid || e.makespan <= 0.0 {
        return None;
    }
    let schedule = |s: super::schedule::Schedule| verify(inst, &s).valid.then(|| s.makespan());
    let other = match against {
        Against::System12 => {
            let sol = solve_system12(inst).ok()?;
            schedule(lemma9_schedule(inst, &sol))?
        }
        Against::LpForward => schedule(asap_schedule(inst, &solve_system6(inst).flows).ok()?)?,
        Against::Alg3Printed => schedule(algorithm3(inst, Alg3Variant::Literal).ok()?)?,
        Against::System6Bound => solve_system6(inst).tau_int,
        Against::Lemma12 => lemma12(inst),
    };
    if other <= 0.0 {
        return None;
    }
    let ratio = if against.is_bound() {
        e.makespan / other
    } else {
        other / e.makespan
    };
    Some(Gap {
        restart,
        instance: inst.clone(),
        exact: e.makespan,
        other,
        ratio,
    })
}

/// How hard System 6's bound is to attain on a ring, for the search against it: the ports
/// (a processor's sending or receiving) busy for all of τ_int at System 6's integer optimum,
/// plus two for every heavy forwarder (it receives on one side, sends on the other, and sends
/// more items than it holds, so it must wait for some). A ring whose exact optimum exceeds
/// τ_int needs a heavy forwarder between tight ports: on the 4-ring δ = (0, 4, −4, 0) of
/// [`super::exact`]'s findings, P_1 sends for all of τ_int = 6 holding one item, and the
/// items it forwards come from P_2, whose port is busy for all of τ_int too.
pub fn tightness(inst: &RingInstance) -> u32 {
    let sol = solve_system6(inst);
    let n = inst.n();
    let tight = port_times(inst, &sol.flows)
        .iter()
        .flat_map(|&(send, recv)| [send, recv])
        .filter(|&t| t >= sol.tau_int - 1e-9 && t > 0.0)
        .count() as u32;
    let heavy_forwarders = (0..n)
        .filter(|&i| {
            let (before, after) = (sol.flows[(i + n - 1) % n], sol.flows[i]);
            before.signum() * after.signum() > 0 && sol.sent(i) > inst.loads[i]
        })
        .count() as u32;
    tight + 2 * heavy_forwarders
}

/// The command line that runs the same search as `against`, `seed`, `budget` (exact solves)
/// within `space`: what `loadlab gaps redistribute` needs to find the same rings.
pub fn search_command(against: Against, seed: u64, budget: u64, space: Space) -> String {
    format!(
        "loadlab gaps redistribute --against {} --seed {seed} --budget {budget} --max-n {} \
         --max-delta {} --max-cost {}",
        against.name(),
        space.n_max,
        space.delta_max,
        space.cost_max
    )
}

/// The command line that reruns a ring with the exact search.
pub fn command(inst: &RingInstance) -> Vec<String> {
    let join = |v: &[String]| v.join(",");
    let ints = |v: &[i64]| join(&v.iter().map(|x| x.to_string()).collect::<Vec<_>>());
    let reals = |v: &[f64]| {
        join(
            &v.iter()
                .map(|x| number(*x, Precision::Exact))
                .collect::<Vec<_>>(),
        )
    };
    let mut c: Vec<String> = ["loadlab", "redistribute", "--delta"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    c.push(ints(&inst.delta));
    c.push("--loads".into());
    c.push(ints(&inst.loads));
    c.push("--direction".into());
    c.push(inst.direction.name().into());
    match &inst.costs {
        Costs::Homogeneous(x) => {
            c.push("--c".into());
            c.push(number(*x, Precision::Exact));
        }
        Costs::Heterogeneous { cw, ccw } => {
            c.push("--cw".into());
            c.push(reals(cw));
            if inst.n() > 2 && inst.direction == Direction::Bi {
                c.push("--ccw".into());
                c.push(reals(ccw));
            }
        }
    }
    c.push("--algorithm".into());
    c.push("exact".into());
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rings up to 8 processors with |δ| ≤ 10 took 0.124 s of CPU a solve (the measurements
    /// of [`solve_seconds`]): 5 000 solves are minutes, and are refused before they start,
    /// for the window as for `loadlab gaps`; the default search (400 solves, 4.2·10⁻⁵ s each)
    /// is not.
    #[test]
    fn searches_are_checked_for_their_time_before_they_start() {
        let wide = Space {
            n_max: 8,
            delta_max: 10,
            cost_max: 20,
        };
        let flags = &Names::FLAGS;
        let e = GapSearch::checked(Against::Lemma12, 1, 5000, wide, flags).unwrap_err();
        assert!(e.starts_with("--budget: "), "{e}");
        assert!(e.contains("more than the limit of 10 s"), "{e}");
        // The count --budget sets, in its own unit: 5000 solves, 200 restarts of 25.
        assert!(
            e.starts_with("--budget: 5000 exact solves (200 restarts)"),
            "{e}"
        );
        assert!(e.ends_with("(lower --budget, or the space: --max-n, --max-delta, --max-cost)"));
        let checked = |budget, space| GapSearch::checked(Against::Lemma12, 1, budget, space, flags);
        assert!(checked(400, Space::default()).is_ok());
        assert!(checked(0, Space::default()).is_err());
        let narrow = Space {
            n_max: 2,
            ..Space::default()
        };
        assert!(checked(400, narrow).is_err());
    }

    /// Each setting outside its range is named with its range and the value given; the first
    /// one out of range is the one named.
    #[test]
    fn a_space_out_of_range_names_the_setting_and_its_range() {
        let problem = |n_max, delta_max, cost_max| {
            let space = Space {
                n_max,
                delta_max,
                cost_max,
            };
            space.problem(&Names::FLAGS)
        };
        assert_eq!(problem(5, 3, 4), None);
        assert_eq!(problem(8, 10, 20), None);
        assert_eq!(
            problem(5, 11, 4).as_deref(),
            Some("--max-delta: between 1 and 10, got 11")
        );
        assert_eq!(
            problem(5, 0, 21).as_deref(),
            Some("--max-delta: between 1 and 10, got 0")
        );
        assert_eq!(
            problem(5, 3, 21).as_deref(),
            Some("--max-cost: between 1 and 20, got 21")
        );
        assert_eq!(
            problem(9, 3, 4).as_deref(),
            Some("--max-n: between 3 and 8 processors (the exact search's limit), got 9")
        );
    }

    /// A window words the same refusals with its own controls' names, not the CLI's flags.
    #[test]
    fn refusals_name_the_settings_as_the_asker_names_them() {
        let window = Names {
            quoted: true,
            budget: "solves",
            n_max: "ring size",
            delta_max: "delta",
            cost_max: "cost",
        };
        let wide = Space {
            n_max: 8,
            delta_max: 10,
            cost_max: 20,
        };
        let e = GapSearch::checked(Against::Lemma12, 1, 5000, wide, &window).unwrap_err();
        assert!(e.starts_with("“solves”: "), "{e}");
        assert!(
            e.ends_with("(lower “solves”, or the space: “ring size”, “delta”, “cost”)"),
            "{e}"
        );
        assert!(!e.contains("--"), "{e}");
        let e = GapSearch::checked(Against::Lemma12, 1, 0, Space::default(), &window);
        assert_eq!(
            e.unwrap_err(),
            "“solves”: between 1 and 100000 exact solves (got 0)"
        );
        for (space, name) in [
            (Space { n_max: 9, ..wide }, "“ring size”: "),
            (
                Space {
                    delta_max: 0,
                    ..wide
                },
                "“delta”: ",
            ),
            (
                Space {
                    cost_max: 21,
                    ..wide
                },
                "“cost”: ",
            ),
        ] {
            let e = GapSearch::checked(Against::Lemma12, 1, 1, space, &window).unwrap_err();
            assert!(e.starts_with(name), "{e}");
        }
    }
}
