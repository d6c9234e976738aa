//! The exact optimum of a small redistribution (`--algorithm exact`): the least makespan over
//! every schedule of the model [`super::schedule::verify`] enforces — items move between
//! neighbours (one direction on a unidirectional ring), one send and one receive at a time per
//! processor, a processor sends only items it holds (forwarding from the instant an item has
//! arrived), each item over P_i → P_j takes c_{i,j}.
//!
//! # Method
//!
//! The link costs are written as integer multiples k·g of one unit g (at most
//! [`COST_STEPS_MAX`] units per link; refused otherwise). Some optimal schedule is then
//! *semi-active*: shifting each transfer as early as its send port, the receiver's port and the
//! sender's items allow keeps it valid and not longer, and then every transfer starts at 0 or
//! at the end of another — at a multiple of g. So the search only decides, at each event time
//! (0 and every transfer end), which idle processors start sending an item and to which
//! neighbour, then jumps to the next transfer end.
//!
//! Iterative deepening on the makespan T (in units), from a lower bound up: a depth-first
//! search on an explicit stack (no recursion) decides whether a schedule ending by T exists.
//! A state is every processor's items held and its send in progress (direction, time left);
//! two facts prune it:
//!
//! * **cuts**: for every arc S of consecutive processors with a surplus E (items held, plus
//!   those in flight towards S, minus the final loads), the E items must leave through S's
//!   two boundary send ports within the time left (or enter through them when E < 0): at most
//!   ⌊(R − busy)/c⌋ items per boundary port, and a single processor's two links share its one
//!   port — Lemma 12's slices, applied to the state rather than to δ;
//! * **memo**: a state that failed with R units left fails with fewer; kept across the
//!   deepening iterations.
//!
//! The lower bound starts at the best applicable paper bound when [`Options::paper_bounds`]
//! (Lemmas 1, 6, 12, Theorem 2 corrected and System 6's integer optimum, each a lower bound on
//! every schedule), else at 0 (the tests use both and compare). The schedule found is returned
//! as one-item timed blocks and replayed by the checker like every algorithm's.
//!
//! # What it found
//!
//! * **System 6's integer optimum τ_int is not always attained** — the paper's open case
//!   (it proves τ_int optimal for light redistributions only) answered: on the 4-ring
//!   δ = (0, 4, −4, 0) with the minimal loads (1, 5, 1, 1), c_{2,3} = 3, c_{1,4} = 2 and every
//!   other link 1, τ_int = 6 (= Lemma 12) but the optimum is 7. System 6's flows send one item
//!   P_2 → P_3 directly and three round through P_1 and P_4, which hold one item each, and
//!   keep four ports busy for all of τ_int: P_2 sending, P_1 sending (3 × 2), P_4 and P_3
//!   receiving. The direct item occupies P_2 and P_3 together for [s, s + 3]; P_1 needs its
//!   second and third items by 2 and 4, so P_2 sends them around it (s ≥ 2); P_3 then has
//!   [0, s] and [s + 3, 6] for P_4's three items, of which the second and third leave P_4
//!   only after 2 and 4 — for s = 2 two of them would have to arrive by 2, for s = 3 the
//!   third by 3. Other flows need τ ≥ 8; the exact search proves 7 over every schedule
//!   (`tests`: `system6_bound_is_not_always_attained`), and a second item on P_1 brings it to 6.
//!   Every ring found so far is of this shape — a heavy redistribution whose forwarders, one
//!   item each, sit between ports System 6 keeps busy all the time. The gaps found are one
//!   to three cost units (14 against 12 on `--delta 0,0,-4,4 --cw 4,2,4,2 --ccw 2,4,1,6`, 27
//!   against 24 on `--delta 4,-4,0,0 --cw 9,4,5,2 --ccw 5,6,5,8`); the largest ratio is 7/6. The gap search finds such rings by climbing on how
//!   tightly System 6 binds the ring ([`super::gaps::tightness`]): `loadlab gaps redistribute
//!   --against system6-bound --seed 48 --max-delta 4`. Random rings hardly ever are: none in
//!   about 3.9 million rings searched exhaustively (3-rings with |δ_k| ≤ 7 and costs 1–3 or
//!   |δ_k| ≤ 4 and costs 1–4, 4-rings with |δ_k| ≤ 2, 5-rings with |δ_k| ≤ 1, costs 1–3) nor
//!   in 40 000 random rings of up to 6 processors, nor with |δ_k| ≤ 3 and costs 1–4 on up to
//!   5 processors (100 000 climbs). Lemma 9's schedule of a heavy solution is invalid, and
//!   System 12 (light only) and the forwarding heuristic `lp-forward` are strictly above the
//!   optimum on many rings (`loadlab gaps redistribute`).
//! * Lemma 12 is strictly below the optimum on many rings (up to 5/3 found).

use std::collections::HashMap;

use super::error::RedistError;
use super::instance::{Direction, RingInstance};
use super::schedule::{Block, Schedule};
use crate::model::budget::Cost;

/// Largest ring the exact search takes.
pub const N_EXACT_MAX: usize = 8;
/// Most units g a link may cost (costs must be integer multiples of one unit).
pub const COST_STEPS_MAX: u32 = 60;
/// Most items the instance may have to move (Σ max(δ_k, 0)).
pub const ITEMS_EXACT_MAX: i64 = 40;
/// Most choices (combinations of sends examined) one search may make before it gives up:
/// about 9 s at [`CHOICE_STEPS`] each.
pub const CHOICES_MAX: u64 = 10_000_000;
/// Work of one choice examined, in the redistribution budget's transfer steps (about 10 ns
/// each): 0.9 µs measured (`cargo bench --bench loadlab -- "redistribute exact"`: an 8-ring searched from
/// T = 0, 449 960 choices in 407 ms, the machine shared with builds).
pub const CHOICE_STEPS: f64 = 90.0;
/// Most states the memo keeps (about 100 B each).
pub const MEMO_MAX: usize = 4_000_000;

/// Settings of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Start the deepening at the paper's best bound and System 6's integer optimum (else 0).
    pub paper_bounds: bool,
    /// Most combinations of sends the search may examine before it gives up (at most
    /// [`CHOICES_MAX`]; the gap search uses fewer per ring).
    pub choices_max: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            paper_bounds: true,
            choices_max: CHOICES_MAX,
        }
    }
}

/// The optimum found and how much searching it took.
#[derive(Debug, Clone)]
pub struct Exact {
    /// An optimal schedule (one-item blocks).
    pub schedule: Schedule,
    /// Its makespan (T · g).
    pub makespan: f64,
    /// The unit g every cost is a multiple of.
    pub unit: f64,
    /// The deepening's first T (units).
    pub start: u32,
    /// Combinations of sends examined.
    pub choices: u64,
    /// States remembered as failed.
    pub states: usize,
}

/// The costs as units of one g: `(g, [cw, ccw] per processor)`, or None when some cost is not
/// a multiple of min c / q (q ≤ [`COST_STEPS_MAX`]) within 10^-9, or needs more units.
pub fn unit_costs(inst: &RingInstance) -> Option<(f64, Vec<[u32; 2]>)> {
    let n = inst.n();
    let uni = inst.direction == Direction::Uni || n == 2;
    let all: Vec<f64> = (0..n)
        .flat_map(|i| {
            let cw = inst.cw(i);
            [cw, if uni { cw } else { inst.ccw(i) }]
        })
        .collect();
    let min = all.iter().copied().fold(f64::INFINITY, f64::min);
    if !(min.is_finite() && min > 0.0) {
        return None;
    }
    for q in 1..=COST_STEPS_MAX {
        let g = min / q as f64;
        let steps: Option<Vec<u32>> = all.iter().map(|&c| in_units(c, g)).collect();
        if let Some(s) = steps {
            return Some((g, s.chunks(2).map(|c| [c[0], c[1]]).collect()));
        }
    }
    None
}

/// `c` as a whole number of units `g` (within 10^-9), 1 to [`COST_STEPS_MAX`] of them.
fn in_units(c: f64, g: f64) -> Option<u32> {
    let k = (c / g).round();
    ((c / g - k).abs() <= 1e-9 * k.max(1.0) && k >= 1.0 && k <= COST_STEPS_MAX as f64)
        .then_some(k as u32)
}

/// Items the instance moves at least: Σ max(δ_k, 0).
pub fn items(inst: &RingInstance) -> i64 {
    inst.delta.iter().map(|&d| d.max(0)).sum()
}

/// Estimated work of the search in the redistribution budget's transfer steps (about 10 ns
/// each; one choice examined costs [`CHOICE_STEPS`]): the choices per event time (3 options
/// per processor) times a depth that grows with the items — an upper guess, far above what
/// most rings need — capped by [`CHOICES_MAX`], where the search gives up with
/// [`RedistError::ExactGaveUp`]. So the estimate never exceeds the cap's 9 s and the budget
/// check only refuses what the size limits of [`refusal`] let through when the budget is
/// lowered; what bounds the time is the cap. A ring [`refusal`] turns away costs O(n) (the
/// check), so that a study over random rings counts those as quick failures.
pub fn cost(inst: &RingInstance) -> Cost {
    let n = inst.n() as f64;
    if refusal(inst).is_some() {
        return Cost::new(n, 0.0);
    }
    let m = items(inst).max(1) as f64;
    let choices = 3f64.powf(n) * (m * n).powf(1.5) * 4.0;
    Cost::new(
        CHOICE_STEPS * choices.min(CHOICES_MAX as f64),
        100.0 * MEMO_MAX as f64 / 10.0,
    )
}

/// The longest one search may take, in seconds on the reference machine: [`CHOICES_MAX`]
/// choices at [`CHOICE_STEPS`] each.
pub fn worst_seconds() -> f64 {
    CHOICE_STEPS * CHOICES_MAX as f64 / super::params::BUDGET.work * crate::model::budget::SECONDS
}

/// Why the exact search does not take this instance (size limits and costs), if it does not.
pub fn refusal(inst: &RingInstance) -> Option<RedistError> {
    let n = inst.n();
    let moved = items(inst);
    if n > N_EXACT_MAX || moved > ITEMS_EXACT_MAX {
        return Some(RedistError::Budget(format!(
            "the exact search takes at most {N_EXACT_MAX} processors and {ITEMS_EXACT_MAX} \
             items to move (here n = {n}, Σ max(δ_k, 0) = {moved})"
        )));
    }
    if unit_costs(inst).is_none() {
        return Some(misfit(inst));
    }
    None
}

/// The refusal of costs that share no unit, naming the cost to blame: one beyond
/// [`COST_STEPS_MAX`] times the cheapest, else one that is no whole number of any unit
/// (the cheapest cost over 1 … [`COST_STEPS_MAX`]), else the one that asks for the finest
/// unit (they fit one by one, not together).
fn misfit(inst: &RingInstance) -> RedistError {
    let n = inst.n();
    let uni = inst.direction == Direction::Uni || n == 2;
    let all: Vec<(bool, usize, f64)> = (0..n)
        .flat_map(|i| {
            let cw = [(false, i, inst.cw(i))];
            let ccw = (!uni).then(|| (true, i, inst.ccw(i)));
            cw.into_iter().chain(ccw)
        })
        .collect();
    let min = all.iter().map(|a| a.2).fold(f64::INFINITY, f64::min);
    let steps = COST_STEPS_MAX;
    // The coarsest unit min/q in which `c` is a whole number of at most `steps` units.
    let unit = |c: f64| (1..=steps).find(|&q| in_units(c, min / q as f64).is_some());
    let worst = all
        .iter()
        .find(|a| a.2.is_nan() || a.2 > min * steps as f64)
        .or_else(|| all.iter().find(|a| unit(a.2).is_none()))
        .or_else(|| all.iter().max_by_key(|a| unit(a.2)))
        .copied()
        .unwrap_or((false, 0, min));
    RedistError::ExactCosts {
        steps,
        ccw: worst.0,
        entry: worst.1,
        cost: worst.2,
        cheapest: min,
    }
}

/// The ring as the search sees it: costs in units, final loads.
struct Ring {
    n: usize,
    uni: bool,
    cost: Vec<[u32; 2]>,
    target: Vec<i64>,
}

impl Ring {
    fn next(&self, i: usize) -> usize {
        if i + 1 == self.n { 0 } else { i + 1 }
    }
    fn prev(&self, i: usize) -> usize {
        if i == 0 { self.n - 1 } else { i - 1 }
    }
    /// The receiver of a send from `i` in direction `d` (1: i+1, 2: i−1).
    fn to(&self, i: usize, d: u8) -> usize {
        if d == 1 { self.next(i) } else { self.prev(i) }
    }
}

/// Every processor's items held and its send in progress (dir 0: idle, 1: to i+1, 2: to i−1;
/// `rem` units left).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct State {
    held: Vec<i64>,
    dir: Vec<u8>,
    rem: Vec<u32>,
}

impl State {
    /// The state packed for the memo: per processor held − final load (|·| < 2^15: the
    /// search moves at most a few thousand items), direction and time left.
    fn key(&self, ring: &Ring) -> Vec<u32> {
        (0..self.held.len())
            .map(|i| {
                let diff = (self.held[i] - ring.target[i] + 32768).clamp(0, 65535) as u32;
                (diff << 16) | ((self.dir[i] as u32) << 12) | self.rem[i]
            })
            .collect()
    }
    fn idle(&self) -> bool {
        self.dir.iter().all(|&d| d == 0)
    }
}

/// The cuts of the module doc: false when some arc cannot send out (or take in) its surplus
/// within `r` units.
fn cuts_hold(ring: &Ring, s: &State, r: u32) -> bool {
    let n = ring.n;
    let mut eff: Vec<i64> = (0..n).map(|i| s.held[i] - ring.target[i]).collect();
    let mut busy_send = vec![0u32; n];
    let mut busy_recv = vec![0u32; n];
    for (i, busy) in busy_send.iter_mut().enumerate() {
        if s.dir[i] != 0 {
            let j = ring.to(i, s.dir[i]);
            eff[j] += 1;
            *busy = s.rem[i];
            busy_recv[j] = s.rem[i];
            if s.rem[i] > r {
                return false;
            }
        }
    }
    let cap = |busy: u32, c: u32| -> i64 { (r.saturating_sub(busy) / c) as i64 };
    for a in 0..n {
        let mut e = 0i64;
        let mut last = a;
        for len in 1..n {
            if len > 1 {
                last = ring.next(last);
            }
            e += eff[last];
            if e == 0 {
                continue;
            }
            let (pred, succ) = (ring.prev(a), ring.next(last));
            let room = if e > 0 {
                if len == 1 && !ring.uni {
                    cap(busy_send[a], ring.cost[a][0].min(ring.cost[a][1]))
                } else {
                    let right = cap(busy_send[last], ring.cost[last][0]);
                    let left = if ring.uni {
                        0
                    } else {
                        cap(busy_send[a], ring.cost[a][1])
                    };
                    right + left
                }
            } else if len == 1 && !ring.uni {
                cap(busy_recv[a], ring.cost[pred][0].min(ring.cost[succ][1]))
            } else {
                let left = cap(busy_send[pred].max(busy_recv[a]), ring.cost[pred][0]);
                let right = if ring.uni {
                    0
                } else {
                    cap(busy_send[succ].max(busy_recv[last]), ring.cost[succ][1])
                };
                left + right
            };
            if room < e.abs() {
                return false;
            }
        }
    }
    true
}

/// One event time of the search: the state, and the combinations of sends still to try.
struct Frame {
    state: State,
    t: u32,
    /// Eligible processors and their options (1: to i+1, 2: to i−1, 0: stay idle, last).
    options: Vec<(usize, Vec<u8>)>,
    next: u64,
    combos: u64,
    /// The sends of the combination last tried (the way to the frame above).
    chosen: Vec<(usize, u8)>,
}

impl Frame {
    fn new(ring: &Ring, state: State, t: u32) -> Frame {
        let mut receiving = vec![false; ring.n];
        for i in 0..ring.n {
            if state.dir[i] != 0 {
                receiving[ring.to(i, state.dir[i])] = true;
            }
        }
        let dirs: &[u8] = if ring.uni { &[1] } else { &[1, 2] };
        let options: Vec<(usize, Vec<u8>)> = (0..ring.n)
            .filter(|&i| state.dir[i] == 0 && state.held[i] >= 1)
            .map(|i| {
                let mut o: Vec<u8> = dirs
                    .iter()
                    .copied()
                    .filter(|&d| !receiving[ring.to(i, d)])
                    .collect();
                o.push(0);
                (i, o)
            })
            .filter(|(_, o)| o.len() > 1)
            .collect();
        let combos = options.iter().map(|(_, o)| o.len() as u64).product();
        Frame {
            state,
            t,
            options,
            next: 0,
            combos,
            chosen: Vec::new(),
        }
    }

    /// The next combination of sends that keeps one receive per processor and changes
    /// something (when nothing is in flight), or None when all were tried.
    fn next_choice(&mut self, ring: &Ring) -> Option<Vec<(usize, u8)>> {
        let idle = self.state.idle();
        while self.next < self.combos {
            let mut k = self.next;
            self.next += 1;
            let mut sends = Vec::new();
            let mut taken = 0u32;
            let mut ok = true;
            for (i, o) in &self.options {
                let d = o[(k % o.len() as u64) as usize];
                k /= o.len() as u64;
                if d != 0 {
                    let j = ring.to(*i, d);
                    if taken & (1 << j) != 0 {
                        ok = false;
                        break;
                    }
                    taken |= 1 << j;
                    sends.push((*i, d));
                }
            }
            if ok && !(idle && sends.is_empty()) {
                return Some(sends);
            }
        }
        None
    }
}

/// The state after starting `sends` at `t`, at the next transfer end, and that time.
fn advance(ring: &Ring, s: &State, t: u32, sends: &[(usize, u8)]) -> (State, u32) {
    let mut c = s.clone();
    for &(i, d) in sends {
        c.held[i] -= 1;
        c.dir[i] = d;
        c.rem[i] = ring.cost[i][(d - 1) as usize];
    }
    let dt = (0..ring.n)
        .filter(|&i| c.dir[i] != 0)
        .map(|i| c.rem[i])
        .min()
        .unwrap_or(0);
    for i in 0..ring.n {
        if c.dir[i] != 0 {
            c.rem[i] -= dt;
            if c.rem[i] == 0 {
                let j = ring.to(i, c.dir[i]);
                c.held[j] += 1;
                c.dir[i] = 0;
            }
        }
    }
    (c, t + dt)
}

/// The sends (start time in units, sender, direction) of a schedule ending by `t_max`, if one
/// exists from `root`.
type Found = Vec<(u32, usize, u8)>;

struct Search<'a> {
    ring: &'a Ring,
    memo: HashMap<Vec<u32>, u32>,
    choices: u64,
    choices_max: u64,
}

impl Search<'_> {
    fn failed(&mut self, s: &State, r: u32) -> Result<(), RedistError> {
        let e = self.memo.entry(s.key(self.ring)).or_insert(0);
        *e = (*e).max(r);
        if self.memo.len() > MEMO_MAX {
            return Err(RedistError::ExactGaveUp {
                what: format!("{MEMO_MAX} states"),
            });
        }
        Ok(())
    }

    fn known_failed(&self, s: &State, r: u32) -> bool {
        self.memo.get(&s.key(self.ring)).is_some_and(|&m| m >= r)
    }

    fn run(&mut self, root: &State, t_max: u32) -> Result<Option<Found>, RedistError> {
        let ring = self.ring;
        if self.known_failed(root, t_max) || !cuts_hold(ring, root, t_max) {
            return Ok(None);
        }
        let mut stack = vec![Frame::new(ring, root.clone(), 0)];
        while let Some(top) = stack.last_mut() {
            let Some(sends) = top.next_choice(ring) else {
                let (s, t) = (top.state.clone(), top.t);
                stack.pop();
                self.failed(&s, t_max - t)?;
                continue;
            };
            self.choices += 1;
            if self.choices > self.choices_max {
                return Err(RedistError::ExactGaveUp {
                    what: format!("{} combinations of sends", self.choices_max),
                });
            }
            let (child, t) = advance(ring, &top.state, top.t, &sends);
            top.chosen = sends;
            if t > t_max {
                continue;
            }
            if child.idle() && child.held == ring.target {
                let found = stack
                    .iter()
                    .flat_map(|f| f.chosen.iter().map(move |&(i, d)| (f.t, i, d)))
                    .collect();
                return Ok(Some(found));
            }
            let r = t_max - t;
            if self.known_failed(&child, r) || !cuts_hold(ring, &child, r) {
                continue;
            }
            stack.push(Frame::new(ring, child, t));
        }
        Ok(None)
    }
}

/// The best lower bound the paper gives for every schedule of this ring (the applicable bound
/// of [`super::bounds::best_applicable_bound`], and System 6's integer optimum on a
/// bidirectional ring).
pub fn paper_lower_bound(inst: &RingInstance) -> f64 {
    let mut b = super::bounds::best_applicable_bound(inst);
    if inst.direction == Direction::Bi {
        b = b.max(super::system6::solve_system6(inst).tau_int);
    }
    b
}

/// The exact optimum (see the module doc).
///
/// Errors: beyond the search's limits ([`refusal`]), or the search gave up
/// ([`RedistError::ExactGaveUp`]).
pub fn exact(inst: &RingInstance, opts: Options) -> Result<Exact, RedistError> {
    if let Some(e) = refusal(inst) {
        return Err(e);
    }
    let Some((g, cost)) = unit_costs(inst) else {
        return Err(misfit(inst));
    };
    let n = inst.n();
    let ring = Ring {
        n,
        uni: inst.direction == Direction::Uni || n == 2,
        cost,
        target: (0..n).map(|i| inst.loads[i] - inst.delta[i]).collect(),
    };
    let root = State {
        held: inst.loads.clone(),
        dir: vec![0; n],
        rem: vec![0; n],
    };
    let start = if opts.paper_bounds {
        (paper_lower_bound(inst) / g - 1e-6).ceil().max(0.0) as u32
    } else {
        0
    };
    let mut search = Search {
        ring: &ring,
        memo: HashMap::new(),
        choices: 0,
        choices_max: opts.choices_max.min(CHOICES_MAX),
    };
    let mut t_max = start;
    let found = loop {
        if root.held == ring.target {
            break Vec::new();
        }
        if let Some(f) = search.run(&root, t_max)? {
            break f;
        }
        t_max += 1;
    };
    let blocks: Vec<Block> = found
        .iter()
        .map(|&(t, i, d)| {
            let j = ring.to(i, d);
            Block {
                from: i,
                to: j,
                start: t as f64 * g,
                items: 1,
                unit: inst.cost(i, j),
            }
        })
        .collect();
    let schedule = Schedule::Timed(blocks);
    Ok(Exact {
        makespan: schedule.makespan(),
        schedule,
        unit: g,
        start,
        choices: search.choices,
        states: search.memo.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::super::bounds::{lemma1, lemma6_rounds};
    use super::super::editing::{RandomSpec, random_instance};
    use super::super::instance::Costs;
    use super::super::lemma9::asap_schedule;
    use super::super::lemma12::lemma12;
    use super::super::schedule::verify;
    use super::super::system6::solve_system6;
    use super::*;

    fn ring(seed: u64, n: usize, max_delta: i64, het: bool, dir: Direction) -> RingInstance {
        let mut inst = random_instance(&RandomSpec {
            seed,
            n,
            max_delta,
            heterogeneous: het,
            direction: dir,
            heavy: !seed.is_multiple_of(3),
        });
        if let Costs::Heterogeneous { cw, ccw } = &mut inst.costs {
            // Costs 1..4: small enough for many rings per test.
            for c in cw.iter_mut().chain(ccw.iter_mut()) {
                *c = 1.0 + (*c - 1.0) % 4.0;
            }
        }
        inst
    }

    fn solve(inst: &RingInstance, paper_bounds: bool) -> Exact {
        let e = exact(
            inst,
            Options {
                paper_bounds,
                ..Options::default()
            },
        )
        .unwrap();
        let v = verify(inst, &e.schedule);
        assert!(v.valid, "{inst:?}: {v:?}");
        assert_eq!(e.makespan, e.schedule.makespan());
        e
    }

    #[test]
    fn homogeneous_rings_meet_lemmas_6_and_1() {
        for seed in 0..40 {
            let n = 2 + (seed % 5) as usize;
            let c = [1.0, 2.5, 0.1][(seed % 3) as usize];
            let mut inst = ring(seed, n, 1 + (seed % 3) as i64, false, Direction::Bi);
            inst.costs = Costs::Homogeneous(c);
            let from_zero = solve(&inst, false);
            assert_eq!(from_zero.start, 0);
            assert_eq!(
                from_zero.makespan,
                lemma6_rounds(&inst.delta) as f64 * c,
                "{inst:?}"
            );
            assert_eq!(solve(&inst, true).makespan, from_zero.makespan);
            inst.direction = Direction::Uni;
            let uni = solve(&inst, false);
            assert_eq!(uni.makespan, lemma1(&inst.delta) as f64 * c, "{inst:?}");
        }
    }

    #[test]
    fn heterogeneous_rings_lie_between_the_bounds_and_the_schedules() {
        for seed in 0..40 {
            let n = 3 + (seed % 3) as usize;
            let inst = ring(seed, n, 1 + (seed % 2) as i64, true, Direction::Bi);
            let e = solve(&inst, false);
            let s6 = solve_system6(&inst);
            let tol = 1e-9 * e.makespan.max(1.0);
            assert!(
                e.makespan >= s6.tau_int - tol,
                "{inst:?}: {} < {}",
                e.makespan,
                s6.tau_int
            );
            assert!(e.makespan >= lemma12(&inst) - tol, "{inst:?}");
            let fwd = asap_schedule(&inst, &s6.flows).unwrap();
            assert!(e.makespan <= fwd.makespan() + tol, "{inst:?}");
            assert_eq!(solve(&inst, true).makespan, e.makespan, "{inst:?}");
        }
    }

    #[test]
    fn lemma12_is_not_tight_and_the_search_proves_it() {
        let inst = RingInstance {
            delta: vec![-2, 1, 1],
            loads: vec![1, 2, 2],
            direction: Direction::Bi,
            costs: Costs::Heterogeneous {
                cw: vec![1.0, 3.0, 2.0],
                ccw: vec![2.0, 1.0, 3.0],
            },
        };
        assert_eq!(lemma12(&inst), 2.0);
        assert_eq!(solve(&inst, false).makespan, 3.0);
    }

    #[test]
    fn system6_bound_is_not_always_attained() {
        // P_2 sends four items to its neighbour P_3: one over the link of cost 3, three the
        // other way round through P_1 and P_4, which hold one item each. τ_int = 6 keeps four
        // ports busy all the time, and no interleaving lets the forwarders keep up.
        let mut inst = RingInstance {
            delta: vec![0, 4, -4, 0],
            loads: vec![1, 5, 1, 1],
            direction: Direction::Bi,
            costs: Costs::Heterogeneous {
                cw: vec![1.0, 3.0, 1.0, 1.0],
                ccw: vec![2.0, 1.0, 1.0, 1.0],
            },
        };
        assert_eq!(solve_system6(&inst).tau_int, 6.0);
        assert_eq!(lemma12(&inst), 6.0);
        assert_eq!(solve(&inst, false).makespan, 7.0);
        assert_eq!(solve(&inst, true).makespan, 7.0);
        // A second item on P_1 and the bound is met.
        inst.loads[0] = 2;
        assert_eq!(solve(&inst, false).makespan, 6.0);
    }

    #[test]
    fn costs_become_units_or_are_refused() {
        let mut inst = RingInstance::homogeneous(vec![1, -1, 0], Direction::Bi, 1.0);
        inst.costs = Costs::Heterogeneous {
            cw: vec![0.5, 1.5, 2.0],
            ccw: vec![1.0, 1.0, 1.0],
        };
        let (g, c) = unit_costs(&inst).unwrap();
        assert_eq!(g, 0.5);
        assert_eq!(c, vec![[1, 2], [3, 2], [4, 2]]);
        inst.costs = Costs::Heterogeneous {
            cw: vec![1.0, std::f64::consts::PI, 2.0],
            ccw: vec![1.0, 1.0, 1.0],
        };
        assert!(matches!(
            refusal(&inst),
            Some(RedistError::ExactCosts {
                ccw: false,
                entry: 1,
                ..
            })
        ));
        // The cost to blame is named, on its own side: 61 units of the cheapest on P4 → P3
        // (it was blamed on the clockwise costs).
        inst.costs = Costs::Heterogeneous {
            cw: vec![1.0, 1.0, 1.0],
            ccw: vec![1.0, 1.0, 61.0],
        };
        let e = refusal(&inst).unwrap();
        assert!(
            matches!(
                e,
                RedistError::ExactCosts {
                    ccw: true,
                    entry: 2,
                    ..
                }
            ),
            "{e:?}"
        );
        assert_eq!(e.field(), "ccw");
        assert!(
            e.to_string()
                .ends_with("entry 3 (61) does not fit with the others (the cheapest link costs 1)"),
            "{e}"
        );
        let big = RingInstance::homogeneous(vec![1, -1, 0, 0, 0, 0, 0, 0, 0], Direction::Bi, 1.0);
        assert!(matches!(refusal(&big), Some(RedistError::Budget(_))));
        // A refused ring costs its check only (a random-ring study counts it as a failure).
        assert_eq!(cost(&big).work, 9.0);
        let nothing = RingInstance::homogeneous(vec![0, 0, 0], Direction::Bi, 1.0);
        assert_eq!(solve(&nothing, true).makespan, 0.0);
    }
}

#[cfg(test)]
mod hunt {
    use super::super::instance::{Costs, minimal_loads};
    use super::super::system6::solve_system6;
    use super::*;

    /// Exhaustive hunt for rings where the optimum exceeds System 6's integer optimum (every
    /// δ with |δ_k| ≤ HUNT_D, every cost vector in 1..=HUNT_C, minimal loads, on HUNT_N
    /// processors): `HUNT_N=4 HUNT_D=2 HUNT_C=3 cargo test --lib hunt -- --ignored
    /// --nocapture`. None in the ranges the module doc lists; the gap search finds 4-rings
    /// with |δ_k| = 4 (and an 8-ring with |δ_k| ≤ 3).
    #[test]
    #[ignore]
    fn hunt_system6_gaps() {
        let n: usize = std::env::var("HUNT_N")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(3);
        let dmax: i64 = std::env::var("HUNT_D")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(3);
        let cmax: u32 = std::env::var("HUNT_C")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(3);
        let mut deltas = vec![vec![]];
        for _ in 0..n {
            deltas = deltas
                .into_iter()
                .flat_map(|d: Vec<i64>| (-dmax..=dmax).map(move |x| [d.clone(), vec![x]].concat()))
                .collect();
        }
        deltas.retain(|d| d.iter().sum::<i64>() == 0 && d.iter().any(|&x| x != 0));
        let combos = (cmax as u64).pow(2 * n as u32);
        let (mut count, mut gaps) = (0u64, 0u64);
        for d in &deltas {
            for code in 0..combos {
                let mut k = code;
                let mut c = Vec::new();
                for _ in 0..2 * n {
                    c.push((k % cmax as u64 + 1) as f64);
                    k /= cmax as u64;
                }
                let inst = RingInstance {
                    delta: d.clone(),
                    loads: minimal_loads(d),
                    direction: Direction::Bi,
                    costs: Costs::Heterogeneous {
                        cw: c[..n].to_vec(),
                        ccw: c[n..].to_vec(),
                    },
                };
                count += 1;
                let e = exact(&inst, Options::default()).unwrap();
                assert!(
                    super::super::schedule::verify(&inst, &e.schedule).valid,
                    "{inst:?}"
                );
                let s6 = solve_system6(&inst).tau_int;
                if e.makespan > s6 + 1e-9 {
                    gaps += 1;
                    if gaps <= 10 {
                        println!(
                            "GAP {} vs {s6}: {:?} {:?}",
                            e.makespan, inst.delta, inst.costs
                        );
                    }
                }
            }
        }
        println!("{count} rings, {gaps} gaps");
    }
}
