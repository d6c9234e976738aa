//! Section 6: the heterogeneous bidirectional ring — light redistributions by linear
//! programming (System 6, Lemma 9, Proposition 1, Lemmas 10–11), the light-enforcing
//! System 12 and the general lower bound of Lemma 12.
//!
//! # From System 6 to one variable
//!
//! System 6 has variables S_{i,i+1}, S_{i,i−1} ≥ 0 (items P_i sends to its successor /
//! predecessor) and τ. Sending items both ways over one link never helps (cancelling the
//! common part lowers every left-hand side), so an optimal solution only uses the *net*
//! flow R_j on each link P_j → P_{j+1}: S_{j,j+1} = max(R_j, 0), S_{j+1,j} = max(−R_j, 0).
//! Conservation at P_{j+1} gives R_{j+1} = R_j + δ_{j+1} (Lemma 10), so with x = R_1 and
//! D_j = δ_2 + … + δ_j (D_1 = 0):
//!
//! R_j = x + D_j, and R_n − R_1 = −δ_1 closes the ring because Σδ = 0.
//!
//! The fourth and fifth constraints become, for every P_i,
//!
//! * send time: max(R_i, 0)·c_{i,i+1} + max(−R_{i−1}, 0)·c_{i,i−1} ≤ τ,
//! * receive time: max(R_{i−1}, 0)·c_{i−1,i} + max(−R_i, 0)·c_{i+1,i} ≤ τ,
//!
//! so System 6 is: minimise τ(x) = the largest of these 2n convex piecewise-linear functions,
//! whose breakpoints are the integers x = −D_j. τ is convex, hence
//!
//! * the integer optimum is found by a binary search on the sign of τ(x + 1) − τ(x) over
//!   [min_j −D_j, max_j −D_j] (outside, τ is monotone): O(n log Σ|δ|), exact;
//! * the rational optimum (the LP relaxation) lies within one breakpoint of the best
//!   breakpoint; on the two adjacent segments every term is linear, and the minimum of the
//!   upper envelope of those ≤ 2n lines is found exactly (sort by slope, convex hull):
//!   O(n log n);
//! * Proposition 1 (⌊x*⌋ or ⌈x*⌉ is an optimal integer solution) is the one-dimensional fact
//!   that a convex function's integer minimum sits next to any real minimiser. Both roundings
//!   are reported.
//!
//! Any schedule, light or not, sends at least the net flows of its own R, one item at a time
//! per port, so **τ_int is a lower bound on every redistribution's time**, at least as strong
//! as Lemma 12 (every term of System 11 bounds τ(x) for every integer x), and it is the optimum
//! when some optimal x is light (Lemma 9 attains it). It can be strictly stronger: on the
//! 3-ring δ = (−2, 1, 1), c_{1,2}, c_{2,3}, c_{3,1} = 1, 3, 2 and c_{1,3}, c_{2,1}, c_{3,2} =
//! 2, 1, 3, Lemma 12 gives 2 but every schedule needs 3 (P_1 must receive one item from each
//! side, or forward through a link of cost 3), which answers the paper's "we have no
//! counter-example proving that the bound is not tight".
//!
//! System 12 adds S_{i,i+1} + S_{i,i−1} ≤ L_i, i.e. max(R_i, 0) + max(−R_{i−1}, 0) ≤ L_i, which
//! is exactly −D_{i−1} − L_i ≤ x ≤ −D_i + L_i: the light solutions form an interval of x with
//! integer ends, and System 12 minimises τ over it (clamping the unconstrained optimum).
//!
//! # Indices and the 2-ring
//!
//! Vectors are 0-based: `flows[i]` is the net number of items sent over the link from entry i
//! to entry i + 1 (paper: R_{i+1}, over P_{i+1} → P_{i+2}). Costs are read through
//! [`RingInstance::cost`]: c_{i,i+1} = `cw[i]` and c_{i,i−1} = `ccw[i]`, except on a 2-ring,
//! where P_{i−1} = P_{i+1} and `cost` charges every item P_i sends to the other processor at
//! `cw[i]` (so `ccw` is unused there, and c_{i,i−1} = c_{i,i+1} in System 6). The two links of
//! a 2-ring (R_1 over "P_1 → P_2", R_2 over "P_2 → P_1 = P_3") stay distinct in `flows`, but a
//! [`Block`] only names its endpoints, so [`Schedule::flows`] cannot tell them apart on n = 2.
//!
//! The `direction` of the instance is ignored: System 6 is the bidirectional model.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::params::RingInstance;
use super::schedule::{Block, Schedule};

/// Which linear program a [`LpSolution`] solves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum System {
    /// System 6: minimise τ (light redistributions are assumed, not enforced).
    Six,
    /// System 12: System 6 plus S_{i,i+1} + S_{i,i−1} ≤ L_i (every processor sends at most
    /// what it holds initially).
    Twelve,
}

impl System {
    /// "System 6" or "System 12".
    pub fn name(self) -> &'static str {
        match self {
            System::Six => "System 6",
            System::Twelve => "System 12",
        }
    }
}

/// Which rounding of the rational optimum x* Proposition 1 picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// Only F (x = ⌊x*⌋) is an optimal integer solution.
    Floor,
    /// Only G (x = ⌈x*⌉) is.
    Ceil,
    /// Both are (always the case when x* is an integer).
    Both,
    /// Neither — Proposition 1 would be wrong.
    Neither,
}

/// An optimal solution of System 6 or System 12, parametrised by x = R_1 (see the module doc).
#[derive(Debug, Clone, PartialEq)]
pub struct LpSolution {
    /// The system solved.
    pub system: System,
    /// x* = R_1 of an optimal rational solution (the leftmost optimum when there are several).
    pub x_rational: f64,
    /// τ_rat, the optimum of the LP relaxation.
    pub tau_rational: f64,
    /// τ of F, the integer solution with F_1 = ⌊x*⌋ (Proposition 1).
    pub x_floor_tau: f64,
    /// τ of G, the integer solution with G_1 = ⌈x*⌉.
    pub x_ceil_tau: f64,
    /// R_1 of the integer solution returned (among several optima, a light one if any).
    pub x_int: i64,
    /// τ_int, the optimum of the integer program (exact: a brute force over x agrees).
    pub tau_int: f64,
    /// Every integer x in this range is an optimal integer solution of the system.
    pub optimal_x: (i64, i64),
    /// The x whose solutions are light (S_{i,i+1} + S_{i,i−1} ≤ L_i for all i), if any.
    pub light_x: Option<(i64, i64)>,
    /// Net flows R of the returned integer solution: `flows[i]` items go from entry i to
    /// entry i + 1 (negative: the other way).
    pub flows: Vec<i64>,
    /// True when every processor sends at most L_i items (Lemma 9 then gives a schedule of
    /// length τ_int).
    pub light: bool,
    /// The first processor (0-based) sending more than it holds, when not light.
    pub first_heavy: Option<usize>,
}

impl LpSolution {
    /// S_{i,i+1}: items entry i sends to entry i + 1.
    pub fn s_cw(&self, i: usize) -> i64 {
        self.flows[i].max(0)
    }

    /// S_{i,i−1}: items entry i sends to entry i − 1.
    pub fn s_ccw(&self, i: usize) -> i64 {
        let n = self.flows.len();
        (-self.flows[(i + n - 1) % n]).max(0)
    }

    /// Items entry i sends in total (S_{i,i+1} + S_{i,i−1}).
    pub fn sent(&self, i: usize) -> i64 {
        self.s_cw(i) + self.s_ccw(i)
    }

    /// Which of F = ⌊x*⌋ and G = ⌈x*⌉ attains τ_int (Proposition 1 says at least one does).
    pub fn prop1(&self) -> Rounding {
        let f = close(self.x_floor_tau, self.tau_int);
        let g = close(self.x_ceil_tau, self.tau_int);
        match (f, g) {
            (true, true) => Rounding::Both,
            (true, false) => Rounding::Floor,
            (false, true) => Rounding::Ceil,
            (false, false) => Rounding::Neither,
        }
    }
}

/// Relative tolerance when comparing times (exact for integer costs).
const TOL: f64 = 1e-12;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// a < b beyond rounding.
fn less(a: f64, b: f64) -> bool {
    a < b - TOL * a.abs().max(b.abs()).max(1.0)
}

/// The instance reduced to what τ(x) needs.
struct Ring {
    /// D_i (0-based): R_i = x + d[i].
    d: Vec<i64>,
    /// c_{i,i+1} (cost(i, i+1)).
    cw: Vec<f64>,
    /// c_{i,i−1} (cost(i, i−1); `cw[i]` on a 2-ring).
    ccw: Vec<f64>,
}

impl Ring {
    fn new(inst: &RingInstance) -> Ring {
        let n = inst.n();
        let mut d = Vec::with_capacity(n);
        let mut acc = 0i64;
        for i in 0..n {
            if i > 0 {
                acc += inst.delta[i];
            }
            d.push(acc);
        }
        Ring {
            d,
            cw: (0..n).map(|i| inst.cost(i, (i + 1) % n)).collect(),
            ccw: (0..n).map(|i| inst.cost(i, (i + n - 1) % n)).collect(),
        }
    }

    fn n(&self) -> usize {
        self.d.len()
    }

    /// τ for net flows r(i); O(n).
    fn tau_with(&self, r: impl Fn(usize) -> f64) -> f64 {
        let n = self.n();
        let mut best = 0.0f64;
        let mut r_prev = r(n - 1);
        for i in 0..n {
            let r_i = r(i);
            let prev = if i == 0 { n - 1 } else { i - 1 };
            let next = if i + 1 == n { 0 } else { i + 1 };
            let send = r_i.max(0.0) * self.cw[i] + (-r_prev).max(0.0) * self.ccw[i];
            let recv = r_prev.max(0.0) * self.cw[prev] + (-r_i).max(0.0) * self.ccw[next];
            best = best.max(send).max(recv);
            r_prev = r_i;
        }
        best
    }

    fn tau_int(&self, x: i64) -> f64 {
        self.tau_with(|i| (x + self.d[i]) as f64)
    }

    fn tau_real(&self, x: f64) -> f64 {
        self.tau_with(|i| x + self.d[i] as f64)
    }

    /// Sorted distinct breakpoints −D_j.
    fn breakpoints(&self) -> Vec<i64> {
        let mut b: Vec<i64> = self.d.iter().map(|&d| -d).collect();
        b.sort_unstable();
        b.dedup();
        b
    }

    /// The integer minimisers of τ, [m1, m2] (τ is convex): m1 is searched in [lo, hi1] (the
    /// breakpoints around the best one), m2 in [m1, hi].
    fn int_optimum(&self, lo: i64, hi1: i64, hi: i64) -> (i64, i64) {
        // Smallest x in [a, b] with pred(x); pred is monotone (false…true), pred(b) true.
        let search = |mut a: i64, mut b: i64, pred: &dyn Fn(i64) -> bool| {
            while a < b {
                let m = a + (b - a) / 2;
                if pred(m) {
                    b = m;
                } else {
                    a = m + 1;
                }
            }
            a
        };
        let m1 = search(lo, hi1, &|x| {
            x >= hi1 || !less(self.tau_int(x + 1), self.tau_int(x))
        });
        // The optimal plateau is usually short: gallop from m1 before bisecting.
        let last = |x: i64| x >= hi || less(self.tau_int(x), self.tau_int(x + 1));
        let (mut a, mut step) = (m1, 1i64);
        while !last(a) {
            let b = a.saturating_add(step).min(hi);
            if last(b) {
                return (m1, search(a + 1, b, &last));
            }
            a = b;
            step = step.saturating_mul(2);
        }
        (m1, a)
    }

    /// The rational optimum (x*, τ_rat) and the integer optima [m1, m2], found independently.
    fn optima(&self, bps: &[i64]) -> ((f64, f64), (i64, i64)) {
        let k = self.best_breakpoint(bps);
        let last = bps.len() - 1;
        let rat = self.rational_optimum(bps, k);
        let int = self.int_optimum(bps[k.saturating_sub(1)], bps[(k + 1).min(last)], bps[last]);
        (rat, int)
    }

    /// Index of the leftmost breakpoint minimising τ among the breakpoints (τ is convex).
    fn best_breakpoint(&self, bps: &[i64]) -> usize {
        let (mut a, mut b) = (0usize, bps.len() - 1);
        while a < b {
            let m = (a + b) / 2;
            if !less(self.tau_int(bps[m + 1]), self.tau_int(bps[m])) {
                b = m;
            } else {
                a = m + 1;
            }
        }
        a
    }

    /// The leftmost real minimiser of τ and its value, given the best breakpoint k: by
    /// convexity it lies in [B_{k−1}, B_{k+1}], where every term is linear on each half.
    fn rational_optimum(&self, bps: &[i64], k: usize) -> (f64, f64) {
        let mut best = (bps[k] as f64, self.tau_int(bps[k]));
        let mut consider = |lo: i64, hi: i64| {
            let (x, v) = self.segment_min(lo, hi);
            if less(v, best.1) || (!less(best.1, v) && x < best.0) {
                best = (x, v);
            }
        };
        if k > 0 {
            consider(bps[k - 1], bps[k]);
        }
        if k + 1 < bps.len() {
            consider(bps[k], bps[k + 1]);
        }
        // Snap a minimiser that is an integer up to rounding.
        let r = best.0.round();
        if (best.0 - r).abs() <= 1e-9 * r.abs().max(1.0) {
            best.0 = r;
        }
        (best.0, self.tau_real(best.0))
    }

    /// Leftmost minimiser of τ on [a, b], where no breakpoint lies strictly inside: every term
    /// is a line there.
    fn segment_min(&self, a: i64, b: i64) -> (f64, f64) {
        let n = self.n();
        let mid2 = a + b; // 2 × midpoint, to decide each hinge's side exactly
        let af = a as f64;
        // hinge max(s(x + D), 0)·c on the segment: (value at a, slope).
        let hinge = |s: i64, d: i64, c: f64| -> (f64, f64) {
            let active = s * (mid2 + 2 * d) > 0;
            let v = (s as f64 * (af + d as f64)).max(0.0) * c;
            (v, if active { s as f64 * c } else { 0.0 })
        };
        let mut lines: Vec<(f64, f64)> = Vec::with_capacity(2 * n);
        for i in 0..n {
            let prev = if i == 0 { n - 1 } else { i - 1 };
            let next = if i + 1 == n { 0 } else { i + 1 };
            let (v1, s1) = hinge(1, self.d[i], self.cw[i]);
            let (v2, s2) = hinge(-1, self.d[prev], self.ccw[i]);
            lines.push((s1 + s2, v1 + v2));
            let (v1, s1) = hinge(1, self.d[prev], self.cw[prev]);
            let (v2, s2) = hinge(-1, self.d[i], self.ccw[next]);
            lines.push((s1 + s2, v1 + v2));
        }
        // A line below the optimum at both ends is never active there; the optimum is at least
        // every line's smaller end value.
        let len = (b - a) as f64;
        let floor = lines
            .iter()
            .map(|&(m, v)| v.min(v + m * len))
            .fold(0.0, f64::max);
        let keep = floor - TOL * floor.max(1.0);
        lines.retain(|&(m, v)| v.max(v + m * len) >= keep);
        let t = min_of_upper_envelope(&mut lines, len);
        let x = af + t;
        (x, self.tau_real(x))
    }

    /// The interval of x whose solutions are light, [max_i(−D_{i−1} − L_i), min_i(−D_i + L_i)],
    /// with the processors that bound it.
    fn light_interval(&self, loads: &[i64]) -> ((i64, usize), (i64, usize)) {
        let n = self.n();
        let mut lo = (i64::MIN, 0);
        let mut hi = (i64::MAX, 0);
        for (i, &l) in loads.iter().enumerate().take(n) {
            let prev = if i == 0 { n - 1 } else { i - 1 };
            let a = -self.d[prev] - l;
            let b = -self.d[i] + l;
            if a > lo.0 {
                lo = (a, i);
            }
            if b < hi.0 {
                hi = (b, i);
            }
        }
        (lo, hi)
    }
}

/// Leftmost t in [0, len] minimising max_k (slope_k·t + value_k) over `lines` =
/// (slope, value at t = 0); the lines are reordered.
fn min_of_upper_envelope(lines: &mut [(f64, f64)], len: f64) -> f64 {
    lines.sort_by(|p, q| p.0.total_cmp(&q.0).then(q.1.total_cmp(&p.1)));
    let mut hull: Vec<(f64, f64)> = Vec::new();
    for &(m, c) in lines.iter() {
        if let Some(&(m0, _)) = hull.last()
            && m0 == m
        {
            continue; // same slope, lower or equal intercept
        }
        while hull.len() >= 2 {
            let (m1, c1) = hull[hull.len() - 2];
            let (m2, c2) = hull[hull.len() - 1];
            // Line 2 is useless when x12 ≥ x23.
            if (c1 - c2) * (m - m2) >= (c2 - c) * (m2 - m1) {
                hull.pop();
            } else {
                break;
            }
        }
        hull.push((m, c));
    }
    match hull.iter().position(|&(m, _)| m >= 0.0) {
        None => len,
        Some(0) => 0.0,
        Some(j) => {
            let (m0, c0) = hull[j - 1];
            let (m1, c1) = hull[j];
            ((c0 - c1) / (m1 - m0)).clamp(0.0, len)
        }
    }
}

/// τ(x): the System 6 time of the (possibly fractional) solution with R_1 = x and net flows
/// only. O(n).
pub fn tau_at(inst: &RingInstance, x: f64) -> f64 {
    Ring::new(inst).tau_real(x)
}

/// τ(x) for an integer x = R_1. O(n).
pub fn tau_at_int(inst: &RingInstance, x: i64) -> f64 {
    Ring::new(inst).tau_int(x)
}

/// Net flows R (0-based, see the module doc) of the solution with R_1 = x (Lemma 10).
pub fn flows_for(inst: &RingInstance, x: i64) -> Vec<i64> {
    Ring::new(inst).d.iter().map(|d| x + d).collect()
}

fn first_heavy(inst: &RingInstance, flows: &[i64]) -> Option<usize> {
    let n = flows.len();
    (0..n).find(|&i| {
        let sent = flows[i].max(0) + (-flows[(i + n - 1) % n]).max(0);
        sent > inst.loads[i]
    })
}

fn build(
    inst: &RingInstance,
    ring: &Ring,
    system: System,
    (x_rat, tau_rat): (f64, f64),
    optimal_x: (i64, i64),
    light_x: Option<(i64, i64)>,
) -> LpSolution {
    // Prefer a light optimum (the leftmost), else the leftmost optimum.
    let x_int = match light_x {
        Some((a, b)) if a <= optimal_x.1 && optimal_x.0 <= b => optimal_x.0.max(a),
        _ => optimal_x.0,
    };
    let flows: Vec<i64> = ring.d.iter().map(|d| x_int + d).collect();
    let heavy = first_heavy(inst, &flows);
    LpSolution {
        system,
        x_rational: x_rat,
        tau_rational: tau_rat,
        x_floor_tau: ring.tau_int(x_rat.floor() as i64),
        x_ceil_tau: ring.tau_int(x_rat.ceil() as i64),
        x_int,
        tau_int: ring.tau_int(x_int),
        optimal_x,
        light_x,
        flows,
        light: heavy.is_none(),
        first_heavy: heavy,
    }
}

fn light_range(ring: &Ring, inst: &RingInstance) -> Result<(i64, i64), String> {
    let ((a, i), (b, j)) = ring.light_interval(&inst.loads);
    if a <= b {
        return Ok((a, b));
    }
    let n = ring.n();
    let prev = (i + n - 1) % n;
    Err(format!(
        "no light solution: P{pi} holds L = {li} items, so it can send at most {li} to P{pp} \
         (R_{pp} ≥ {ra}, i.e. R_1 ≥ {a}), but P{pj} holds L = {lj}, so it can send at most {lj} \
         to P{pn} (R_{pj} ≤ {rb}, i.e. R_1 ≤ {b}); System 12 is infeasible",
        pi = i + 1,
        li = inst.loads[i],
        pp = prev + 1,
        ra = a + ring.d[prev],
        pj = j + 1,
        lj = inst.loads[j],
        pn = (j + 1) % n + 1,
        rb = b + ring.d[j],
    ))
}

/// Solves System 6 exactly, rational and integer (see the module doc). The instance must pass
/// [`RingInstance::validate`]. O(n log n + n log Σ|δ|).
///
/// Among several optimal integer solutions a light one is returned when one exists (the
/// leftmost in x), so System 12 only differs from System 6 when no optimum is light.
pub fn solve_system6(inst: &RingInstance) -> LpSolution {
    let ring = Ring::new(inst);
    let bps = ring.breakpoints();
    let (rat, opt) = ring.optima(&bps);
    let light = light_range(&ring, inst).ok();
    build(inst, &ring, System::Six, rat, opt, light)
}

/// Solves System 12 (System 6 restricted to light solutions). Err explains, with the two
/// processors whose loads conflict, why no light solution exists.
pub fn solve_system12(inst: &RingInstance) -> Result<LpSolution, String> {
    let ring = Ring::new(inst);
    let (a, b) = light_range(&ring, inst)?;
    let bps = ring.breakpoints();
    let ((x6, _), (m1, m2)) = ring.optima(&bps);
    // τ is convex: over [a, b] the optimum is the unconstrained one clamped.
    let x_rat = x6.clamp(a as f64, b as f64);
    let opt = if m2 < a {
        (a, a)
    } else if m1 > b {
        (b, b)
    } else {
        (m1.max(a), m2.min(b))
    };
    let rat = (x_rat, ring.tau_real(x_rat));
    Ok(build(inst, &ring, System::Twelve, rat, opt, Some((a, b))))
}

/// Lemma 9's schedule for an integer solution: P_i sends its S_{i,i+1} items to P_{i+1} from
/// time 0, then its S_{i,i−1} items to P_{i−1} from max(S_{i,i+1}c_{i,i+1},
/// S_{i−2,i−1}c_{i−2,i−1}) — when P_i is done and P_{i−1} has stopped receiving from P_{i−2}.
///
/// One-port holds by construction (on n = 2 and 3 too: there P_{i−2} is P_i or P_{i+1}, and the
/// rule still orders P_{i−1}'s two receptions). The makespan is at most τ_int. Possession is
/// only guaranteed when the solution is light: otherwise a processor may start forwarding an
/// item before it arrives, which [`super::schedule::verify`] reports.
pub fn lemma9_schedule(inst: &RingInstance, sol: &LpSolution) -> Schedule {
    let n = sol.flows.len();
    let mut blocks = Vec::new();
    for i in 0..n {
        let s = sol.s_cw(i);
        if s > 0 {
            blocks.push(Block {
                from: i,
                to: (i + 1) % n,
                start: 0.0,
                items: s as u64,
                unit: inst.cost(i, (i + 1) % n),
            });
        }
    }
    for i in 0..n {
        let s = sol.s_ccw(i);
        if s > 0 {
            let prev = (i + n - 1) % n;
            let prev2 = (i + 2 * n - 2) % n;
            let own = sol.s_cw(i) as f64 * inst.cost(i, (i + 1) % n);
            let other = sol.s_cw(prev2) as f64 * inst.cost(prev2, prev);
            blocks.push(Block {
                from: i,
                to: prev,
                start: own.max(other),
                items: s as u64,
                unit: inst.cost(i, prev),
            });
        }
    }
    Schedule::Timed(blocks)
}

/// Most item transfers [`asap_schedule`] simulates.
pub const ASAP_MAX_ITEMS: i64 = 2_000_000;

/// A schedule for any integer net-flow solution, light or not: a one-port simulation in which
/// every processor sends one item at a time as soon as (i) its send port is free, (ii) it holds
/// an item (its own or one that has arrived: forwarding starts the instant an item arrives) and
/// (iii) the receiver's receive port is free. When both directions are possible it serves the
/// one with more remaining time (Σ items × cost), the successor on ties; simultaneous starts
/// are decided in processor order. Consecutive items on a link are merged into blocks.
///
/// This is the repair of Lemma 9 for heavy solutions (where Lemma 9's "everything from time
/// 0" breaks possession). Its makespan is at least τ(flows) and, for a light solution, often
/// equal. It never deadlocks on a valid instance (L_k ≥ 1 + δ_k: a blocked processor always
/// has an upstream neighbour that can still send). Err when the flows do not match δ or move
/// more than [`ASAP_MAX_ITEMS`] items.
pub fn asap_schedule(inst: &RingInstance, flows: &[i64]) -> Result<Schedule, String> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = inst.n();
    if flows.len() != n || n < 2 {
        return Err(format!("{} flows for {n} processors", flows.len()));
    }
    for i in 0..n {
        let out = flows[i] - flows[(i + n - 1) % n];
        if out != inst.delta[i] {
            return Err(format!(
                "the flows give P{} a net output of {out}, but δ = {}",
                i + 1,
                inst.delta[i]
            ));
        }
    }
    let total: i64 = flows.iter().map(|f| f.abs()).sum();
    if total > ASAP_MAX_ITEMS {
        return Err(format!(
            "{total} item transfers: the item-by-item simulation is limited to {ASAP_MAX_ITEMS}"
        ));
    }
    let next = |i: usize| if i + 1 == n { 0 } else { i + 1 };
    let prev = |i: usize| if i == 0 { n - 1 } else { i - 1 };
    // rem[i][0]: items i → i+1, rem[i][1]: items i → i−1.
    let mut rem: Vec<[i64; 2]> = (0..n)
        .map(|i| [flows[i].max(0), (-flows[prev(i)]).max(0)])
        .collect();
    let cost: Vec<[f64; 2]> = (0..n)
        .map(|i| [inst.cost(i, next(i)), inst.cost(i, prev(i))])
        .collect();
    let mut held: Vec<i64> = inst.loads.clone();
    let mut send_free = vec![true; n];
    let mut recv_free = vec![true; n];
    let mut blocks: Vec<Block> = Vec::new();
    let mut last: Vec<[Option<usize>; 2]> = vec![[None, None]; n];
    // Arrival events (time bits — monotone for t ≥ 0 —, from, to).
    let mut heap: BinaryHeap<Reverse<(u64, usize, usize)>> = BinaryHeap::new();
    let mut try_start =
        |i: usize,
         t: f64,
         rem: &mut Vec<[i64; 2]>,
         held: &mut Vec<i64>,
         send_free: &mut Vec<bool>,
         recv_free: &mut Vec<bool>,
         heap: &mut BinaryHeap<Reverse<(u64, usize, usize)>>| {
            if !send_free[i] || held[i] < 1 {
                return;
            }
            let to = [next(i), prev(i)];
            let work = |d: usize| rem[i][d] as f64 * cost[i][d];
            let order = if work(1) > work(0) { [1, 0] } else { [0, 1] };
            let Some(d) = order
                .into_iter()
                .find(|&d| rem[i][d] > 0 && recv_free[to[d]])
            else {
                return;
            };
            let c = cost[i][d];
            send_free[i] = false;
            recv_free[to[d]] = false;
            held[i] -= 1;
            rem[i][d] -= 1;
            heap.push(Reverse(((t + c).to_bits(), i, to[d])));
            match last[i][d] {
                Some(k) if close(blocks[k].end(), t) => blocks[k].items += 1,
                _ => {
                    last[i][d] = Some(blocks.len());
                    blocks.push(Block {
                        from: i,
                        to: to[d],
                        start: t,
                        items: 1,
                        unit: c,
                    });
                }
            }
        };
    for i in 0..n {
        try_start(
            i,
            0.0,
            &mut rem,
            &mut held,
            &mut send_free,
            &mut recv_free,
            &mut heap,
        );
    }
    let mut cands: Vec<usize> = Vec::new();
    while let Some(Reverse((bits, from, to))) = heap.pop() {
        let t = f64::from_bits(bits);
        cands.clear();
        let mut arrive = |from: usize, to: usize, cands: &mut Vec<usize>| {
            held[to] += 1;
            send_free[from] = true;
            recv_free[to] = true;
            cands.extend([from, to, prev(to), next(to)]);
        };
        arrive(from, to, &mut cands);
        while let Some(&Reverse((b, f, r))) = heap.peek() {
            if b != bits {
                break;
            }
            heap.pop();
            arrive(f, r, &mut cands);
        }
        cands.sort_unstable();
        cands.dedup();
        for &i in &cands {
            try_start(
                i,
                t,
                &mut rem,
                &mut held,
                &mut send_free,
                &mut recv_free,
                &mut heap,
            );
        }
    }
    if let Some(i) = (0..n).find(|&i| rem[i] != [0, 0]) {
        return Err(format!(
            "P{} is stuck with {} item(s) left to send and none to send them from (are the \
             loads valid?)",
            i + 1,
            rem[i][0] + rem[i][1]
        ));
    }
    Ok(Schedule::Timed(blocks))
}

/// Which term of Lemma 12 attains the bound.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Lemma12Term {
    /// δ_k·min(c_{k,k−1}, c_{k,k+1}) for a sender P_k (0-based k).
    Sender {
        /// 0-based processor.
        k: usize,
    },
    /// −δ_k·min(c_{k−1,k}, c_{k+1,k}) for a receiver P_k.
    Receiver {
        /// 0-based processor.
        k: usize,
    },
    /// A slice C_{k,k+l} (1 ≤ l ≤ n − 2) with δ_{k,k+l} > 0 sending through both ends;
    /// `left` items leave through P_k → P_{k−1}.
    PositiveSlice {
        /// 0-based first processor.
        k: usize,
        /// The slice has l + 1 processors.
        l: usize,
        /// The optimal i.
        left: i64,
    },
    /// A slice with δ_{k,k+l} < 0 receiving through both ends; `left` items enter through
    /// P_{k−1} → P_k.
    NegativeSlice {
        /// 0-based first processor.
        k: usize,
        /// The slice has l + 1 processors.
        l: usize,
        /// The optimal i.
        left: i64,
    },
    /// Every δ is 0.
    None,
}

/// Lemma 12's bound with the term attaining it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lemma12 {
    /// The bound on τ.
    pub value: f64,
    /// The term that attains it (the first found in the order of System 11).
    pub term: Lemma12Term,
}

/// min over integers i in [0, d] of max(i·a, (d − i)·b), with the minimising i.
fn split(d: i64, a: f64, b: f64) -> (f64, i64) {
    let star = (d as f64 * b / (a + b)).floor() as i64;
    let mut best = (f64::INFINITY, 0);
    for i in [star - 1, star, star + 1] {
        let i = i.clamp(0, d);
        let v = (i as f64 * a).max((d - i) as f64 * b);
        if v < best.0 {
            best = (v, i);
        }
    }
    best
}

/// Lemma 12's single-processor term of P_k.
fn lemma12_single(inst: &RingInstance, ring: &Ring, k: usize) -> Lemma12 {
    let n = ring.n();
    let dk = inst.delta[k];
    let (prev, next) = ((k + n - 1) % n, (k + 1) % n);
    if dk > 0 {
        Lemma12 {
            value: dk as f64 * ring.ccw[k].min(ring.cw[k]),
            term: Lemma12Term::Sender { k },
        }
    } else if dk < 0 {
        Lemma12 {
            value: (-dk) as f64 * ring.cw[prev].min(ring.ccw[next]),
            term: Lemma12Term::Receiver { k },
        }
    } else {
        Lemma12 {
            value: 0.0,
            term: Lemma12Term::None,
        }
    }
}

/// The best slice term C_{k,k+l} (1 ≤ l ≤ n − 2) for one first processor k. A slice whose
/// value cannot reach `floor` (a value some other term attains) is skipped: its value is at
/// most |δ_{k,k+l}|·min(a, b) (all items through the cheaper end). Exact for every slice whose
/// value is ≥ `floor`; `floor` only rises.
fn lemma12_slices(inst: &RingInstance, ring: &Ring, k: usize, floor: &AtomicU64) -> Lemma12 {
    let n = ring.n();
    let mut best = Lemma12 {
        value: 0.0,
        term: Lemma12Term::None,
    };
    let prev = (k + n - 1) % n;
    let (a_pos, a_neg) = (ring.ccw[k], ring.cw[prev]);
    let mut bound = f64::from_bits(floor.load(Ordering::Relaxed));
    let mut sum = inst.delta[k];
    let mut end = k;
    for l in 1..n.saturating_sub(1) {
        end = if end + 1 == n { 0 } else { end + 1 };
        sum += inst.delta[end];
        let (d, a, b) = if sum > 0 {
            (sum, a_pos, ring.cw[end])
        } else {
            let after = if end + 1 == n { 0 } else { end + 1 };
            (-sum, a_neg, ring.ccw[after])
        };
        if (d as f64) * a.min(b) < bound || d == 0 {
            continue;
        }
        let (v, i) = split(d, a, b);
        if v > best.value {
            best = Lemma12 {
                value: v,
                term: if sum > 0 {
                    Lemma12Term::PositiveSlice { k, l, left: i }
                } else {
                    Lemma12Term::NegativeSlice { k, l, left: i }
                },
            };
            // Values are ≥ 0, so their bit patterns order like the values.
            let old = floor.fetch_max(v.to_bits(), Ordering::Relaxed);
            bound = f64::from_bits(old).max(v);
        }
    }
    best
}

/// Lemma 12 (System 11): the lower bound on the optimal redistribution time of a heterogeneous
/// bidirectional ring, with the term attaining it (the first in the order singles, then slices
/// by first processor k and length l). O(n²) in the worst case, parallel over k; slices that
/// cannot beat the best term found so far are skipped in O(1).
pub fn lemma12_witness(inst: &RingInstance) -> Lemma12 {
    let ring = Ring::new(inst);
    let n = ring.n();
    let pick = |a: Lemma12, b: Lemma12| if b.value > a.value { b } else { a };
    let none = Lemma12 {
        value: 0.0,
        term: Lemma12Term::None,
    };
    let singles = (0..n)
        .map(|k| lemma12_single(inst, &ring, k))
        .fold(none, pick);
    // Slices strictly below the best single cannot matter; ties are kept so that the first
    // maximum in (k, l) order is found whatever order the threads run in.
    let floor = AtomicU64::new(singles.value.to_bits());
    let slices: Vec<Lemma12> = if n < 256 {
        (0..n)
            .map(|k| lemma12_slices(inst, &ring, k, &floor))
            .collect()
    } else {
        (0..n)
            .into_par_iter()
            .map(|k| lemma12_slices(inst, &ring, k, &floor))
            .collect()
    };
    slices.into_iter().fold(singles, pick)
}

/// Lemma 12's lower bound on τ:
///
/// max { δ_k·min(c_{k,k−1}, c_{k,k+1}) (δ_k > 0), −δ_k·min(c_{k−1,k}, c_{k+1,k}) (δ_k < 0),
/// min_{0 ≤ i ≤ δ_{k,k+l}} max(i·c_{k,k−1}, (δ_{k,k+l} − i)·c_{k+l,k+l+1}) (δ_{k,k+l} > 0),
/// min_{0 ≤ i ≤ −δ_{k,k+l}} max(i·c_{k−1,k}, (−δ_{k,k+l} − i)·c_{k+l+1,k+l}) (δ_{k,k+l} < 0) },
/// slices with 1 ≤ l ≤ n − 2. Every integer net-flow solution has τ(x) ≥ this bound, so
/// `lemma12(inst) ≤ solve_system6(inst).tau_int`.
pub fn lemma12(inst: &RingInstance) -> f64 {
    lemma12_witness(inst).value
}

#[cfg(test)]
mod tests {
    use super::super::params::{Costs, Direction, RingInstance};
    use super::super::schedule::verify;
    use super::*;

    fn het(delta: Vec<i64>, cw: Vec<f64>, ccw: Vec<f64>) -> RingInstance {
        let loads = super::super::params::minimal_loads(&delta);
        RingInstance {
            delta,
            loads,
            direction: Direction::Bi,
            costs: Costs::Heterogeneous { cw, ccw },
        }
    }

    fn brute(inst: &RingInstance) -> f64 {
        let ring = Ring::new(inst);
        let b = ring.breakpoints();
        (b[0] - 2..=b[b.len() - 1] + 2)
            .map(|x| ring.tau_int(x))
            .fold(f64::INFINITY, f64::min)
    }

    #[test]
    fn homogeneous_two_processors() {
        let inst = RingInstance::homogeneous(vec![3, -3], Direction::Bi, 2.0);
        let s = solve_system6(&inst);
        assert_eq!(s.tau_int, 6.0);
        assert_eq!(s.tau_rational, 6.0);
        // Any split of the 3 items over the two links is optimal.
        assert_eq!(s.optimal_x, (0, 3));
        assert!(s.light);
        let v = verify(&inst, &lemma9_schedule(&inst, &s));
        assert!(v.valid, "{v:?}");
    }

    #[test]
    fn rational_optimum_can_be_fractional() {
        // Costly successor links (3) and cheap predecessor links (1): the best split of the
        // flows is not at a breakpoint.
        let inst = het(vec![2, 0, -1, -1], vec![3.0; 4], vec![1.0; 4]);
        let s = solve_system6(&inst);
        assert!(s.tau_rational <= s.tau_int + 1e-12);
        assert_eq!(s.tau_int, brute(&inst));
        assert_ne!(s.prop1(), Rounding::Neither);
    }

    #[test]
    fn integer_optimum_matches_brute_force_on_examples() {
        for (d, cw, ccw) in [
            (
                vec![3, -1, 2, 0, -4],
                vec![1.0, 2.0, 3.0, 4.0, 5.0],
                vec![5.0, 1.0, 1.0, 2.0, 9.0],
            ),
            (vec![0, 0, 0], vec![1.0; 3], vec![1.0; 3]),
            (vec![5, -5], vec![1.0, 7.0], vec![3.0, 3.0]),
        ] {
            let inst = het(d, cw, ccw);
            let s = solve_system6(&inst);
            assert_eq!(s.tau_int, brute(&inst), "{inst:?}");
        }
    }

    #[test]
    fn envelope_minimum() {
        // max(1 − t, t − 0.5, 0.2) on [0, 2]: crossing at 0.75.
        let mut l = vec![(-1.0, 1.0), (1.0, -0.5), (0.0, 0.2)];
        assert!((min_of_upper_envelope(&mut l, 2.0) - 0.75).abs() < 1e-12);
        // Flat bottom: leftmost point.
        let mut l = vec![(-1.0, 1.0), (1.0, -1.5), (0.0, 0.6)];
        assert!((min_of_upper_envelope(&mut l, 2.0) - 0.4).abs() < 1e-12);
        let mut l = vec![(-1.0, 5.0)];
        assert_eq!(min_of_upper_envelope(&mut l, 2.0), 2.0);
        let mut l = vec![(1.0, 5.0)];
        assert_eq!(min_of_upper_envelope(&mut l, 2.0), 0.0);
    }

    #[test]
    fn split_is_exact() {
        for d in 0..30 {
            for (a, b) in [(1.0, 1.0), (2.0, 3.0), (7.0, 1.0), (0.5, 4.0)] {
                let brute = (0..=d)
                    .map(|i| (i as f64 * a).max((d - i) as f64 * b))
                    .fold(f64::INFINITY, f64::min);
                assert_eq!(split(d, a, b).0, brute, "d = {d}, a = {a}, b = {b}");
            }
        }
    }

    /// System 11 term by term, without pruning.
    fn lemma12_naive(inst: &RingInstance) -> f64 {
        let n = inst.n();
        let c = |f: usize, t: usize| inst.cost(f, t);
        let m = |i: usize| i % n;
        let mut best = 0.0f64;
        for k in 0..n {
            let d = inst.delta[k];
            if d > 0 {
                best = best.max(d as f64 * c(k, m(k + n - 1)).min(c(k, m(k + 1))));
            }
            if d < 0 {
                best = best.max(-d as f64 * c(m(k + n - 1), k).min(c(m(k + 1), k)));
            }
            for l in 1..n - 1 {
                let d: i64 = (0..=l).map(|j| inst.delta[m(k + j)]).sum();
                let (a, b) = if d > 0 {
                    (c(k, m(k + n - 1)), c(m(k + l), m(k + l + 1)))
                } else {
                    (c(m(k + n - 1), k), c(m(k + l + 1), m(k + l)))
                };
                let d = d.abs();
                let v = (0..=d)
                    .map(|i| (i as f64 * a).max((d - i) as f64 * b))
                    .fold(f64::INFINITY, f64::min);
                best = best.max(v);
            }
        }
        best
    }

    #[test]
    fn lemma12_pruning_and_parallelism_are_exact() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        for case in 0..60 {
            let n = if case < 50 { 2 + case % 13 } else { 260 + case };
            let mut delta: Vec<i64> = (0..n).map(|_| rng.random_range(-5..=5)).collect();
            super::super::params::fix_sum(&mut delta);
            let cw = (0..n).map(|_| rng.random_range(1..=10) as f64).collect();
            let ccw = (0..n)
                .map(|_| rng.random_range(1..=10) as f64 / 2.0)
                .collect();
            let inst = het(delta, cw, ccw);
            let w = lemma12_witness(&inst);
            assert_eq!(w.value, lemma12_naive(&inst), "{inst:?}");
            assert_eq!(w, lemma12_witness(&inst));
            // The witness attains the value.
            let m = |i: usize| i % n;
            let slice = |k: usize, l: usize| (0..=l).map(|j| inst.delta[m(k + j)]).sum::<i64>();
            let v = match w.term {
                Lemma12Term::Sender { k } => {
                    inst.delta[k] as f64 * inst.cost(k, m(k + n - 1)).min(inst.cost(k, m(k + 1)))
                }
                Lemma12Term::Receiver { k } => {
                    -inst.delta[k] as f64 * inst.cost(m(k + n - 1), k).min(inst.cost(m(k + 1), k))
                }
                Lemma12Term::PositiveSlice { k, l, left } => {
                    let d = slice(k, l);
                    (left as f64 * inst.cost(k, m(k + n - 1)))
                        .max((d - left) as f64 * inst.cost(m(k + l), m(k + l + 1)))
                }
                Lemma12Term::NegativeSlice { k, l, left } => {
                    let d = -slice(k, l);
                    (left as f64 * inst.cost(m(k + n - 1), k))
                        .max((d - left) as f64 * inst.cost(m(k + l + 1), m(k + l)))
                }
                Lemma12Term::None => 0.0,
            };
            assert_eq!(v, w.value, "{w:?}");
        }
    }
}
