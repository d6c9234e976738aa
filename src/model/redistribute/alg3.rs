//! Algorithm 3's planner (bidirectional homogeneous ring, Section 5), one round at a time: what
//! [`super::homogeneous::algorithm3`] runs to the end, what a generated schedule replays
//! from a checkpoint ([`super::rounds`]), and what the GUI and the exercises show round by
//! round.
//!
//! One recursive call = one round that lowers δ_max (Step 1, Lemma 6's value in rounds) by
//! one. Every round costs O(n): the O(n²) slices are never enumerated. With the prefix sums
//! T_j = δ_0 + … + δ_j (T_{n−1} = 0) the slice C_{k,l} has unbalance T_l − T_{k−1}, and no
//! slice exceeds max T − min T ≤ 2δ_max in absolute value. Hence, writing
//! θ = max(2δ_max − 1, 2) for the smallest unbalance of a slice the rules of Steps 4–9 apply to
//! (⌈|δ_{k,l}|/2⌉ = δ_max and |δ_{k,l}| > 1):
//!
//! * P_k starts a positive one iff max T − T_{k−1} ≥ θ (take l at the maximum of T),
//! * P_l ends a positive one iff T_l − min T ≥ θ,
//! * P_k starts a negative one iff T_{k−1} − min T ≥ θ, P_l ends one iff max T − T_l ≥ θ,
//!
//! and the δ_max = 2 rules (Steps 11–18) use the thresholds 3 and 4 the same way ("= 4" is
//! "≥ 4" since no slice exceeds 4).
//!
//! A link used by several rules carries one item; its [`Send::step`] is the first rule (in
//! the order of the pseudo-code) that created it: 5, 6, 8, 9, 12, 14, 16, 18, 21, 24, 28, 30,
//! or [`STEP_FEED`] for the corrected variant's feeding rule.
//!
//! # The two readings
//!
//! [`Alg3Variant::Literal`] is the pseudo-code as printed; it fails Lemma 8 on some rings and
//! breaks possession with the minimal loads. [`Alg3Variant::Corrected`] adds two corrections:
//!
//! 1. Steps 25–30 are applied until nothing changes (a chain of zero processors forwards the
//!    item along its whole length, also across P_n → P_1).
//! 2. Feeding (every round, after Step 30): a processor P_i with δ_i ≤ 0 that some rule makes
//!    send without receiving is fed by its neighbour on the other side in the same round
//!    (P_{i−1} → P_i when P_i sends to P_{i+1}, P_{i+1} → P_i when it sends to P_{i−1}), and a
//!    feeder with δ ≤ 0 is fed in turn. Then a processor with δ ≤ 0 never gives away an item
//!    net, so δ_i never falls below min(δ_i⁰, 0) and P_i always holds at least
//!    L_i − max(δ_i⁰, 0) ≥ 1 items: possession holds by construction for any loads allowed by
//!    Section 2. One-port is kept (a feeder sent nothing before, the fed processor received
//!    nothing). That the number of rounds stays Lemma 6's (Lemma 8) is checked, not proved:
//!    exhaustively on small rings and on random ones (see
//!    `tests/model/redistribute_homogeneous.rs`).
//!
//! The findings (with the smallest failing instances) are listed in [`super`].

use super::bounds::lemma6_rounds;
use super::error::RedistError;
use super::links::{Links, slice_rules};
use super::send::Send;

pub use super::links::Alg3Variant;

/// [`Send::step`] of the sends added by the corrected variant's feeding rule (not a step of
/// the paper, which stops at Step 31, the recursive call).
pub const STEP_FEED: u8 = 32;

/// Where a round's maximal slices exchange items with their neighbours (0-based processors,
/// increasing): P_k sending to P_{k−1} at the start of a positive slice (Steps 5 or 14), P_l
/// sending to P_{l+1} at its end (Steps 6 or 12), and P_k / P_l receiving from P_{k−1} /
/// P_{l+1} at the start / end of a negative slice (Steps 8 or 16 / 9 or 18).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SliceEnds {
    pub pos_starts: Vec<usize>,
    pub pos_ends: Vec<usize>,
    pub neg_starts: Vec<usize>,
    pub neg_ends: Vec<usize>,
}

/// One round (recursive call) of Algorithm 3, with what the GUI shows about it.
#[derive(Debug, Clone, PartialEq)]
pub struct Alg3Round {
    /// δ_max of Step 1 before the round.
    pub delta_max: i64,
    /// δ before the round.
    pub delta_before: Vec<i64>,
    /// The sends of the round, by increasing sender (one per link).
    pub sends: Vec<Send>,
    /// Processors with |δ_i| = δ_max (0-based, increasing).
    pub maximal_processors: Vec<usize>,
    /// The extremities of the maximal slices that move an item this round.
    pub slices: SliceEnds,
    /// True when δ_max = 2 and the special rules of Steps 11–18 replaced Steps 4–9.
    pub special: bool,
}

impl Alg3Round {
    /// δ after the round's sends (a send lowers the sender's δ and raises the receiver's).
    pub fn delta_after(&self) -> Vec<i64> {
        let mut delta = self.delta_before.clone();
        apply(&mut delta, &self.sends);
        delta
    }
}

/// Thresholds of one round (see the module doc).
#[derive(Debug, Clone, Copy)]
struct Plan {
    delta_max: i64,
    lo: i64,
    hi: i64,
    special: bool,
    /// Smallest δ_{k,l} (resp. −δ_{k,l}) of a slice whose start / end fires a rule:
    /// (positive start, positive end, negative start, negative end).
    th: [i64; 4],
}

/// Algorithm 3 between two rounds and the buffers of one round: the current unbalances δ
/// with their prefix sums T, min T, max T and max |δ_i| (Step 1's ingredients), and per
/// processor the step that created its send to the right (P_i → P_{i+1}) and to the left
/// (P_i → P_{i−1}), 0 for none.
///
/// A round costs a few passes over the ring: one for the rules of Steps 4–18 (every link's
/// rule only depends on T at its two ends), the short list of processors with |δ_i| = δ_max
/// for Steps 19–24, one for the feeding rule's candidates, and one that applies the sends and
/// recomputes T, min T, max T and max |δ_i| for the next round ([`Planner::advance`]).
#[derive(Debug, Default)]
pub(super) struct Planner {
    delta: Vec<i64>,
    t: Vec<i64>,
    lo: i64,
    hi: i64,
    single: i64,
    links: Links,
    /// Processors with |δ_i| = δ_max in the round being planned (increasing).
    extreme: Vec<usize>,
    /// Processors that send in the round being planned: by the rules of Steps 4–18
    /// (increasing), then by Steps 21 and 24 and then by the feeding rule (each only when
    /// it did not send before, so each sender is listed once). Steps 25–30 (δ_max = 1) are
    /// not listed: such a round is applied by a pass over the ring (`dense`).
    senders: Vec<usize>,
    extra: Vec<usize>,
    fed: Vec<usize>,
    dense: bool,
    stack: Vec<usize>,
}

impl Planner {
    /// δ before the round being planned (or the next one).
    pub(super) fn delta(&self) -> &[i64] {
        &self.delta
    }

    /// Adds the planned round's sends to the net flows (entry i: P_i → P_{i+1}, minus the
    /// other way) and returns how many sends it has. O(n).
    pub(super) fn add_flows(&self, flows: &mut [i64]) -> usize {
        let (right, left) = (&self.links.right, &self.links.left);
        let n = right.len();
        let mut sends = 0usize;
        for i in 0..n {
            let (r, l) = ((right[i] != 0) as i64, (left[i] != 0) as i64);
            flows[i] += r;
            flows[if i == 0 { n - 1 } else { i - 1 }] -= l;
            sends += (r + l) as usize;
        }
        sends
    }

    /// The planned round's sends, by increasing sender (right before left).
    pub(super) fn sends(&self, out: &mut Vec<Send>) {
        self.links.sends(out);
    }

    /// The planner at unbalances δ (before the first round).
    fn new(delta: &[i64]) -> Planner {
        let n = delta.len();
        let mut p = Planner {
            delta: delta.to_vec(),
            t: vec![0; n],
            ..Planner::default()
        };
        p.links.reset(n);
        let (lo, hi, single) = summarise(&p.delta, &mut p.t);
        (p.lo, p.hi, p.single) = (lo, hi, single);
        p
    }

    /// Plans the sends of one round at the current δ into `right` / `left`; None when
    /// δ_max = 0.
    fn plan(&mut self, variant: Alg3Variant) -> Option<Plan> {
        let n = self.links.n();
        if n < 2 {
            return None;
        }
        let (lo, hi) = (self.lo, self.hi);
        let d = self.single.max((hi - lo + 1) / 2);
        if d == 0 {
            return None;
        }
        let special = d == 2;
        let (th, [s_ps, s_pe, s_ns, s_ne]) = slice_rules(d);
        let delta = std::mem::take(&mut self.delta);
        self.extreme.clear();
        self.senders.clear();
        self.extra.clear();
        self.fed.clear();
        self.dense = d == 1;
        // Steps 4–9 (or 11–18), in the pseudo-code's order: positive rules (ends before
        // starts for δ_max = 2, Steps 12 then 14; Steps 5 and 6 touch different links), then
        // negative rules; a link keeps the first rule that sets it. The link P_i → P_{i+1}
        // is set by a positive slice ending at P_i (T_i − min T ≥ th) or a negative one
        // starting at P_{i+1} (the same test on T_i); P_i → P_{i−1} by a positive slice
        // starting at P_i or a negative one ending at P_{i−1} (max T − T_{i−1} ≥ th).
        if n == 2 {
            // One link per direction pair: every rule sets P_i → P_{1−i}, in rule order.
            for (i, &di) in delta.iter().enumerate() {
                let (ti, tp) = (self.t[i], self.t[1 - i]);
                self.links.right[i] = if ti - lo >= th[1] {
                    s_pe
                } else if hi - tp >= th[0] {
                    s_ps
                } else if ti - lo >= th[2] {
                    s_ns
                } else if hi - tp >= th[3] {
                    s_ne
                } else {
                    0
                };
                self.links.left[i] = 0;
                if self.links.right[i] != 0 {
                    self.senders.push(i);
                }
                if di.abs() == d {
                    self.extreme.push(i);
                }
            }
        } else {
            let mut tp = self.t[n - 1];
            for (i, ((&ti, &di), (r, l))) in self
                .t
                .iter()
                .zip(&delta)
                .zip(self.links.right.iter_mut().zip(self.links.left.iter_mut()))
                .enumerate()
            {
                *r = if ti - lo >= th[1] {
                    s_pe
                } else if ti - lo >= th[2] {
                    s_ns
                } else {
                    0
                };
                *l = if hi - tp >= th[0] {
                    s_ps
                } else if hi - tp >= th[3] {
                    s_ne
                } else {
                    0
                };
                if (*r | *l) != 0 {
                    self.senders.push(i);
                }
                if di.abs() == d {
                    self.extreme.push(i);
                }
                tp = ti;
            }
        }
        // Steps 19–21 and 22–24 touch only the processors with |δ_i| = δ_max (no P_i's
        // test depends on another's Step 21 or 24, so the order is irrelevant).
        let extreme = std::mem::take(&mut self.extreme);
        for &i in &extreme {
            if delta[i] == d && !self.links.sending(i) {
                self.links.set_right(i, 21);
                self.extra.push(i);
            }
        }
        for &i in &extreme {
            if delta[i] == -d && !self.links.receiving(i) {
                let p = self.links.prev(i);
                if !self.links.sending(p) {
                    self.extra.push(p);
                }
                self.links.set_right(p, 24);
            }
        }
        self.extreme = extreme;
        // Steps 25–30.
        if d == 1 {
            self.links.forward(&delta, variant);
        }
        if variant == Alg3Variant::Corrected {
            self.feed(&delta);
        }
        self.delta = delta;
        Some(Plan {
            delta_max: d,
            lo,
            hi,
            special,
            th,
        })
    }

    /// The feeding rule of the corrected variant (every δ_max): a processor P_i with
    /// δ_i ≤ 0 that sends without receiving is fed by its neighbour on the other side
    /// (P_{i−1} when P_i sends to P_{i+1}, P_{i+1} when it sends to P_{i−1}); a fed
    /// processor with δ ≤ 0 is fed in turn, so the chain reaches a processor with δ > 0 or
    /// one that already receives. O(n): every link is set at most once. A feeder already
    /// sending the other way is left alone (never met in the exhaustive tests).
    ///
    /// The processors are examined from P_{n−1} down to P_0, each fed processor's feeder
    /// right after it. Only the processors that need feeding before the rule starts are
    /// listed: feeding changes no other processor's need but the feeder's (now sending,
    /// examined at once) and the fed one's (now receiving), so the others would be passed
    /// over when examined.
    ///
    /// They are looked for among the listed senders (a processor that needs feeding sends),
    /// or on the whole ring after Steps 25–30.
    fn feed(&mut self, delta: &[i64]) {
        let n = self.links.n();
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        let (right, left) = (&self.links.right, &self.links.left);
        let mut candidate = |i: usize| {
            let prev = if i == 0 { n - 1 } else { i - 1 };
            let next = if i + 1 == n { 0 } else { i + 1 };
            if delta[i] <= 0 && (right[i] | left[i]) != 0 && (right[prev] | left[next]) == 0 {
                stack.push(i);
            }
        };
        if self.dense {
            (0..n).for_each(&mut candidate);
        } else {
            // The two lists merged in increasing order (they share no processor).
            self.extra.sort_unstable();
            let (mut a, mut b) = (self.senders.iter().peekable(), self.extra.iter().peekable());
            loop {
                let next = match (a.peek(), b.peek()) {
                    (Some(&&x), Some(&&y)) if x < y => a.next(),
                    (Some(_), Some(_)) => b.next(),
                    (Some(_), None) => a.next(),
                    (None, _) => b.next(),
                };
                match next {
                    Some(&i) => candidate(i),
                    None => break,
                }
            }
        }
        while let Some(i) = stack.pop() {
            if delta[i] > 0 || !self.links.sending(i) || self.links.receiving(i) {
                continue;
            }
            let f = if self.links.right[i] != 0 {
                let f = self.links.prev(i);
                if self.links.left[f] != 0 {
                    continue;
                }
                f
            } else {
                let f = self.links.next(i);
                if self.links.right[f] != 0 {
                    continue;
                }
                f
            };
            if !self.links.sending(f) {
                self.fed.push(f);
            }
            if self.links.right[i] != 0 {
                self.links.set_right(f, STEP_FEED);
            } else {
                self.links.set_left(f, STEP_FEED);
            }
            stack.push(f);
        }
        self.stack = stack;
    }

    /// Applies the planned sends (each lowers its sender's δ by one and raises its
    /// receiver's) and recomputes T, min T, max T and max |δ_i|, in one pass.
    fn advance(&mut self) {
        let n = self.links.n();
        let Planner {
            delta,
            t,
            links: Links { right, left },
            ..
        } = self;
        // n ≥ 2 once a round was planned; on a 2-ring only `right` is used.
        let sent = |x: &u8| (*x != 0) as i64;
        if !self.dense {
            for &i in self.senders.iter().chain(&self.extra).chain(&self.fed) {
                let prev = if i == 0 { n - 1 } else { i - 1 };
                let next = if i + 1 == n { 0 } else { i + 1 };
                let (r, l) = (sent(&right[i]), sent(&left[i]));
                delta[i] -= r + l;
                delta[next] += r;
                delta[prev] += l;
            }
            let (lo, hi, single) = summarise(delta, t);
            (self.lo, self.hi, self.single) = (lo, hi, single);
            return;
        }
        // Out of every sender, then into the receivers.
        for (d, (r, l)) in delta.iter_mut().zip(right.iter().zip(left.iter())) {
            *d -= sent(r) + sent(l);
        }
        for (d, r) in delta[1..].iter_mut().zip(&right[..n - 1]) {
            *d += sent(r);
        }
        delta[0] += sent(&right[n - 1]);
        for (d, l) in delta[..n - 1].iter_mut().zip(&left[1..]) {
            *d += sent(l);
        }
        delta[n - 1] += sent(&left[0]);
        let (lo, hi, single) = summarise(delta, t);
        (self.lo, self.hi, self.single) = (lo, hi, single);
    }
}

/// Fills the prefix sums T of δ; returns (min T, max T, max |δ_i|), (0, 0, 0) on an empty
/// ring.
fn summarise(delta: &[i64], t: &mut [i64]) -> (i64, i64, i64) {
    if delta.is_empty() {
        return (0, 0, 0);
    }
    let (mut lo, mut hi, mut single) = (i64::MAX, i64::MIN, 0i64);
    let mut acc = 0i64;
    for (d, ti) in delta.iter().zip(t.iter_mut()) {
        acc += *d;
        *ti = acc;
        lo = lo.min(acc);
        hi = hi.max(acc);
        single = single.max(d.abs());
    }
    (lo, hi, single)
}

fn apply(delta: &mut [i64], sends: &[Send]) {
    for s in sends {
        delta[s.from as usize] -= 1;
        delta[s.to as usize] += 1;
    }
}

/// One round (recursive call) of Algorithm 3 on the current unbalances; None when
/// δ_max = 0 (Step 2: nothing left to do). O(n).
pub fn alg3_round(delta: &[i64], variant: Alg3Variant) -> Option<Alg3Round> {
    let mut p = Planner::new(delta);
    let plan = p.plan(variant)?;
    let n = delta.len();
    let mut sends = Vec::new();
    p.links.sends(&mut sends);
    let Plan { lo, hi, th, .. } = plan;
    let t = &p.t;
    let pick = |f: &dyn Fn(usize) -> bool| (0..n).filter(|&i| f(i)).collect::<Vec<_>>();
    let prev = |i: usize| (i + n - 1) % n;
    Some(Alg3Round {
        delta_max: plan.delta_max,
        delta_before: delta.to_vec(),
        maximal_processors: pick(&|i| delta[i].abs() == plan.delta_max),
        slices: SliceEnds {
            pos_starts: pick(&|k| hi - t[prev(k)] >= th[0]),
            pos_ends: pick(&|l| t[l] - lo >= th[1]),
            neg_starts: pick(&|k| t[prev(k)] - lo >= th[2]),
            neg_ends: pick(&|l| hi - t[l] >= th[3]),
        },
        special: plan.special,
        sends,
    })
}

/// Largest rounds × n Algorithm 3 accepts (beyond it, it refuses the instance instead of
/// running for minutes); the model's budget refuses earlier.
pub const ALG3_MAX_WORK: u64 = 1_000_000_000;

/// Algorithm 3 round after round from some δ (what a generated schedule replays from a
/// checkpoint, [`super::rounds`]).
#[derive(Debug)]
pub struct Stepper {
    planner: Planner,
    variant: Alg3Variant,
}

impl Stepper {
    /// Before the first round at δ.
    pub(super) fn new(delta: &[i64], variant: Alg3Variant) -> Stepper {
        Stepper {
            planner: Planner::new(delta),
            variant,
        }
    }

    /// Plans the next round, lists its sends into `out` (when given, by increasing sender)
    /// and applies it; false (and nothing done) when δ_max = 0.
    pub(super) fn step(&mut self, out: Option<&mut Vec<Send>>) -> bool {
        if self.planner.plan(self.variant).is_none() {
            return false;
        }
        if let Some(out) = out {
            self.planner.links.sends(out);
        }
        self.planner.advance();
        true
    }

    /// δ before the next round.
    pub(super) fn delta(&self) -> &[i64] {
        &self.planner.delta
    }
}

/// The rounds of [`algorithm3`](super::homogeneous::algorithm3) for unbalances δ (no costs needed).
pub fn algorithm3_rounds(
    delta: &[i64],
    variant: Alg3Variant,
) -> Result<Vec<Vec<Send>>, RedistError> {
    let mut rounds: Vec<Vec<Send>> = Vec::new();
    algorithm3_drive(delta, variant, |p| {
        let mut sends = Vec::new();
        p.links.sends(&mut sends);
        rounds.push(sends);
    })?;
    Ok(rounds)
}

/// The number of rounds of [`algorithm3_rounds`]: the same rounds, planned and applied one by
/// one, but none of their sends listed (what a makespan needs: rounds · c).
pub fn algorithm3_round_count(delta: &[i64], variant: Alg3Variant) -> Result<usize, RedistError> {
    algorithm3_drive(delta, variant, |_| {})
}

/// Runs Algorithm 3 round after round until δ_max = 0 (or the safety cap), handing each
/// planned round to `each`; returns the number of rounds.
pub(super) fn algorithm3_drive(
    delta: &[i64],
    variant: Alg3Variant,
    mut each: impl FnMut(&Planner),
) -> Result<usize, RedistError> {
    let n = delta.len();
    let bound = lemma6_rounds(delta).max(0) as u64;
    if bound.saturating_mul(n as u64) > ALG3_MAX_WORK {
        return Err(RedistError::TooMuchWork {
            rounds: bound,
            n,
            limit: ALG3_MAX_WORK,
        });
    }
    let cap = 4 * bound as usize + 10;
    let mut p = Planner::new(delta);
    let mut count = 0;
    while count < cap && p.plan(variant).is_some() {
        each(&p);
        p.advance();
        count += 1;
    }
    Ok(count)
}

/// Rings larger than this get no list from [`maximal_slices`] (it is O(n²)).
pub const MAXIMAL_SLICES_N_MAX: usize = 256;

/// The minimal maximal slices for drawing arcs on small rings: every slice C_{k,l} (0-based,
/// circular, 2 to n − 1 processors) with |δ_{k,l}| ≥ max(2δ_max − 1, 2) — the slices the rules
/// of Steps 4–18 apply to — such that no other slice of the same sign meeting that test lies
/// strictly inside it. Returned as (k, l, δ_{k,l}) sorted by k then length. O(n²); empty when
/// δ_max ≤ 0 or n > [`MAXIMAL_SLICES_N_MAX`].
pub fn maximal_slices(delta: &[i64], delta_max: i64) -> Vec<(usize, usize, i64)> {
    let n = delta.len();
    let mut out = Vec::new();
    if delta_max <= 0 || !(3..=MAXIMAL_SLICES_N_MAX).contains(&n) {
        return out;
    }
    let th = (2 * delta_max - 1).max(2);
    // P[j] = δ_0 + … + δ_{j−1} over two laps: slice of m processors from k = P[k+m] − P[k].
    let mut p = vec![0i64; 2 * n + 1];
    for j in 0..2 * n {
        p[j + 1] = p[j] + delta[j % n];
    }
    for k in 0..n {
        // Extreme sub-sums P[b] − P[a] (a < b) over the windows [k, e − 1] (`w1`) and
        // [k + 1, e] (`w2`) as e = k + m grows: together they cover every pair strictly
        // inside (k, e).
        let (mut min1, mut max1) = (p[k], p[k]);
        let (mut best1, mut worst1) = (i64::MIN, i64::MAX);
        let (mut min2, mut max2) = (p[k + 1], p[k + 1]);
        let (mut best2, mut worst2) = (i64::MIN, i64::MAX);
        for m in 1..n {
            let e = k + m;
            // Window 1 gains index e − 1.
            if e - 1 > k {
                best1 = best1.max(p[e - 1] - min1);
                worst1 = worst1.min(p[e - 1] - max1);
                min1 = min1.min(p[e - 1]);
                max1 = max1.max(p[e - 1]);
            }
            // Window 2 gains index e.
            if e > k + 1 {
                best2 = best2.max(p[e] - min2);
                worst2 = worst2.min(p[e] - max2);
                min2 = min2.min(p[e]);
                max2 = max2.max(p[e]);
            }
            if m < 2 {
                continue;
            }
            let s = p[e] - p[k];
            let inside_max = best1.max(best2);
            let inside_min = worst1.min(worst2);
            if (s >= th && inside_max < th) || (s <= -th && inside_min > -th) {
                out.push((k, (e - 1) % n, s));
            }
        }
    }
    out
}
