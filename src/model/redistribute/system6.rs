//! Section 6: the heterogeneous bidirectional ring — light redistributions by linear
//! programming. System 6 and the light-enforcing System 12 solved exactly through one
//! variable (Lemmas 10–11), rational and integer optima, and Proposition 1's roundings.
//! Lemma 9's schedule of a solution is in [`super::lemma9`], Lemma 12's lower bound in
//! [`super::lemma12`].
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
//! [`Block`](super::schedule::Block) only names its endpoints, so
//! [`Schedule::flows`](super::schedule::Schedule::flows) cannot tell them apart on n = 2.
//!
//! The `direction` of the instance is ignored: System 6 is the bidirectional model.

use super::error::RedistError;
use super::instance::RingInstance;

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

/// a = b up to rounding.
pub(super) fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// a < b beyond rounding.
fn less(a: f64, b: f64) -> bool {
    a < b - TOL * a.abs().max(b.abs()).max(1.0)
}

/// The instance reduced to what τ(x) needs (Lemma 12 reads its costs too).
pub(super) struct Ring {
    /// D_i (0-based): R_i = x + d[i].
    d: Vec<i64>,
    /// c_{i,i+1} (cost(i, i+1)).
    pub(super) cw: Vec<f64>,
    /// c_{i,i−1} (cost(i, i−1); `cw[i]` on a 2-ring).
    pub(super) ccw: Vec<f64>,
}

impl Ring {
    pub(super) fn new(inst: &RingInstance) -> Ring {
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

    pub(super) fn n(&self) -> usize {
        self.d.len()
    }

    /// The entry before i on the ring (P_{i−1}).
    pub(super) fn prev(&self, i: usize) -> usize {
        if i == 0 { self.n() - 1 } else { i - 1 }
    }

    /// The entry after i on the ring (P_{i+1}).
    pub(super) fn next(&self, i: usize) -> usize {
        if i + 1 == self.n() { 0 } else { i + 1 }
    }

    /// Every processor's sending and receiving time (System 6's fourth and fifth
    /// constraints) for net flows r(i), in ring order, handed to `each`; O(n).
    fn ports_with(&self, r: impl Fn(usize) -> f64, mut each: impl FnMut(f64, f64)) {
        let n = self.n();
        let mut r_prev = r(n - 1);
        for i in 0..n {
            let r_i = r(i);
            let (prev, next) = (self.prev(i), self.next(i));
            let send = r_i.max(0.0) * self.cw[i] + (-r_prev).max(0.0) * self.ccw[i];
            let recv = r_prev.max(0.0) * self.cw[prev] + (-r_i).max(0.0) * self.ccw[next];
            each(send, recv);
            r_prev = r_i;
        }
    }

    /// τ for net flows r(i); O(n).
    fn tau_with(&self, r: impl Fn(usize) -> f64) -> f64 {
        let mut best = 0.0f64;
        self.ports_with(r, |send, recv| best = best.max(send).max(recv));
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
        let mut rat = self.rational_optimum(bps, k);
        let int = self.int_optimum(bps[k.saturating_sub(1)], bps[(k + 1).min(last)], bps[last]);
        // The relaxation is never above the integer optimum: should rounding ever put the
        // envelope's minimiser above it (costs spanning 18 decades), the integer minimiser
        // is the rational one, so x*, its roundings and Proposition 1 never contradict τ_int.
        // A plain comparison, not `less`: its absolute floor hides a rounding excess when
        // every cost is tiny (costs of 10^−9: τ ≈ 10^−6, x* off by 4·10^−9).
        let tau_int = self.tau_int(int.0);
        if tau_int < rat.1 {
            rat = (int.0 as f64, tau_int);
        }
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
        // Snap a minimiser that is an integer up to rounding — only when τ is no higher
        // there: with costs of 10^9, 2·10^−9 from an integer is 2 time units (issue 24: x* =
        // 3 + 2·10^−9 snapped to 3 reported τ_rat = 10^9 + 2 above τ_int = 10^9).
        let r = best.0.round();
        if (best.0 - r).abs() <= 1e-9 * r.abs().max(1.0)
            && !less(self.tau_real(best.0), self.tau_real(r))
        {
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
            let (prev, next) = (self.prev(i), self.next(i));
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
            let prev = self.prev(i);
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

/// Every processor's (sending, receiving) time under the net flows R (0-based, as
/// [`LpSolution::flows`]); τ is the largest. O(n).
pub fn port_times(inst: &RingInstance, flows: &[i64]) -> Vec<(f64, f64)> {
    let mut out = Vec::with_capacity(flows.len());
    Ring::new(inst).ports_with(|i| flows[i] as f64, |s, r| out.push((s, r)));
    out
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

fn light_range(ring: &Ring, inst: &RingInstance) -> Result<(i64, i64), RedistError> {
    let ((a, i), (b, j)) = ring.light_interval(&inst.loads);
    if a <= b {
        return Ok((a, b));
    }
    let prev = ring.prev(i);
    Err(RedistError::NoLightSolution {
        low: i,
        low_load: inst.loads[i],
        low_to: prev,
        low_flow: a + ring.d[prev],
        low_x: a,
        high: j,
        high_load: inst.loads[j],
        high_to: ring.next(j),
        high_flow: b + ring.d[j],
        high_x: b,
    })
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
pub fn solve_system12(inst: &RingInstance) -> Result<LpSolution, RedistError> {
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

#[cfg(test)]
mod tests {
    use super::super::instance::Costs;
    use super::*;

    /// Issue 24, case 5: costs of 2 to 10^9. The rational optimum is 10^9 (for x* just
    /// above 3); it was snapped to x = 3, where τ = 10^9 + 2, above the integer optimum, and
    /// Proposition 1 was reported to fail. A brute force over R₁ (below) gives τ_int = 10^9
    /// at x = 4 only.
    #[test]
    fn extreme_costs_keep_the_relaxation_below_the_integer_optimum() {
        let inst = het(
            vec![2, -3, -1, 2],
            vec![3.0, 1e9, 3.0, 2.0],
            vec![1e9, 2.0, 1e9, 1e9],
        );
        let sol = solve_system6(&inst);
        assert_eq!(sol.tau_int, 1e9);
        assert_eq!(brute(&inst), 1e9);
        assert_eq!(tau_at_int(&inst, 3), 1e9 + 2.0);
        assert!(sol.tau_rational <= sol.tau_int, "{sol:?}");
        assert!(sol.x_rational > 3.0 && sol.x_rational <= 4.0, "{sol:?}");
        assert_ne!(sol.prop1(), Rounding::Neither, "{sol:?}");
        assert_eq!(sol.x_ceil_tau, 1e9);
    }

    fn het(delta: Vec<i64>, cw: Vec<f64>, ccw: Vec<f64>) -> RingInstance {
        RingInstance::bidirectional(delta, Costs::Heterogeneous { cw, ccw })
    }

    fn brute(inst: &RingInstance) -> f64 {
        let ring = Ring::new(inst);
        let b = ring.breakpoints();
        (b[0] - 2..=b[b.len() - 1] + 2)
            .map(|x| ring.tau_int(x))
            .fold(f64::INFINITY, f64::min)
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
}
