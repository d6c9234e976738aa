//! The homogeneous algorithms: Algorithm 1 (unidirectional ring, Section 3) and Algorithm 3
//! (bidirectional ring, Section 5), both in rounds of length c.
//!
//! # Algorithm 1
//!
//! P_{start+l} sends δ_{start,start+l} ≥ 0 items to P_{start+l+1}, one per round, where
//! C_{start,end} is the slice of maximal unbalance chosen by
//! [`max_slice`](super::bounds::max_slice).
//!
//! # Algorithm 3
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

use serde::{Deserialize, Serialize};

use super::alg2::check_items;
use super::bounds::{extremes, lemma6_rounds, start_amounts};
use super::error::RedistError;
use super::instance::RingInstance;
use super::schedule::{Schedule, Send};

/// Algorithm 1, Steps 1–6 read literally: in round s = 1..δ_max, P_{start+l} sends one item
/// to P_{start+l+1} iff δ_{start,start+l} ≥ s. Every send carries step 6; within a round the
/// sends are listed for l = 0, 1, …, n − 1. The round length is the homogeneous cost c.
///
/// Errors: the ring is heterogeneous (use [`algorithm2`](super::alg2::algorithm2)) or more than
/// [`MAX_ITEMS`](super::alg2::MAX_ITEMS) sends.
/// The instance is expected to satisfy Section 2 (Σδ = 0).
pub fn algorithm1(inst: &RingInstance) -> Result<Schedule, RedistError> {
    let c = inst
        .uniform_cost()
        .ok_or(RedistError::Alg1NeedsHomogeneous)?;
    let n = inst.n();
    let (v, start) = start_amounts(&inst.delta);
    check_items(&v, "Algorithm 1")?;
    let delta_max = v.iter().copied().max().unwrap_or(0);
    let mut rounds: Vec<Vec<Send>> = Vec::with_capacity(delta_max as usize);
    // Senders of round s, in l order; round s + 1 keeps those with δ_{start,start+l} ≥ s + 1.
    let mut senders: Vec<usize> = (0..n).map(|l| (start + l) % n).collect();
    for s in 1..=delta_max {
        senders.retain(|&i| v[i] >= s);
        rounds.push(
            senders
                .iter()
                .map(|&i| Send {
                    from: i as u32,
                    to: ((i + 1) % n) as u32,
                    step: 6,
                })
                .collect(),
        );
    }
    Ok(Schedule::Rounds { rounds, c })
}

/// [`Send::step`] of the sends added by the corrected variant's feeding rule (not a step of
/// the paper, which stops at Step 31, the recursive call).
pub const STEP_FEED: u8 = 32;

/// How Algorithm 3 is read (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Alg3Variant {
    /// The pseudo-code as written: every "for all" loop runs once in increasing index order,
    /// so Steps 25–30 forward along a chain of zero processors only within that single pass
    /// from P_1 to P_n (a rightward chain wrapping past P_n → P_1 is cut at P_1; a leftward
    /// chain would not propagate either, but Steps 5 and 9 already produce those). Fails
    /// Lemma 8 and possession on some rings.
    Literal,
    /// Steps 25–30 applied until nothing changes, plus the feeding rule: passes one-port,
    /// possession, final loads and Lemma 8 on every ring tested.
    #[default]
    Corrected,
}

impl Alg3Variant {
    /// Both variants.
    pub const ALL: [Alg3Variant; 2] = [Alg3Variant::Literal, Alg3Variant::Corrected];

    /// Name used by the CLI and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Alg3Variant::Literal => "literal",
            Alg3Variant::Corrected => "corrected",
        }
    }
}

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
    /// δ after the round's sends (a send lowers the sender's δ and raises the receiver's).
    pub delta_after: Vec<i64>,
    /// The sends of the round, by increasing sender (one per link).
    pub sends: Vec<Send>,
    /// Processors with |δ_i| = δ_max (0-based, increasing).
    pub maximal_processors: Vec<usize>,
    /// The extremities of the maximal slices that move an item this round.
    pub slices: SliceEnds,
    /// True when δ_max = 2 and the special rules of Steps 11–18 replaced Steps 4–9.
    pub special: bool,
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

/// Reusable buffers of one round: prefix sums and, per processor, the step that created its
/// send to the right (P_i → P_{i+1}) and to the left (P_i → P_{i−1}), 0 for none.
#[derive(Debug, Default)]
struct Planner {
    t: Vec<i64>,
    right: Vec<u8>,
    left: Vec<u8>,
    stack: Vec<usize>,
}

impl Planner {
    fn n(&self) -> usize {
        self.right.len()
    }
    // (i − 1) mod n and (i + 1) mod n, without a division for 0 ≤ i < n (every round
    // evaluates them a few times per processor).
    fn prev(&self, i: usize) -> usize {
        let n = self.n();
        if i == 0 {
            n - 1
        } else if i <= n {
            i - 1
        } else {
            (i - 1) % n
        }
    }
    fn next(&self, i: usize) -> usize {
        let n = self.n();
        if i + 1 < n { i + 1 } else { (i + 1) % n }
    }
    fn set_right(&mut self, i: usize, step: u8) {
        if self.right[i] == 0 {
            self.right[i] = step;
        }
    }
    fn set_left(&mut self, i: usize, step: u8) {
        // On a 2-ring the predecessor is the successor: one link, one send.
        if self.n() == 2 {
            self.set_right(i, step);
        } else if self.left[i] == 0 {
            self.left[i] = step;
        }
    }
    fn sending(&self, i: usize) -> bool {
        self.right[i] != 0 || self.left[i] != 0
    }
    fn receiving(&self, i: usize) -> bool {
        self.right[self.prev(i)] != 0 || self.left[self.next(i)] != 0
    }

    /// Plans the sends of one round into `right` / `left`; None when δ_max = 0.
    fn plan(&mut self, delta: &[i64], variant: Alg3Variant) -> Option<Plan> {
        let n = delta.len();
        if n < 2 {
            return None;
        }
        self.t.clear();
        let mut acc = 0i64;
        self.t.extend(delta.iter().map(|&d| {
            acc += d;
            acc
        }));
        let (_, lo, _, hi) = extremes(&self.t);
        let single = delta.iter().map(|d| d.abs()).max().unwrap_or(0);
        let d = single.max((hi - lo + 1) / 2);
        if d == 0 {
            return None;
        }
        self.right.clear();
        self.right.resize(n, 0);
        self.left.clear();
        self.left.resize(n, 0);
        let special = d == 2;
        let th = if special {
            // Steps 11–18: δ_{k,l} = 4 starts, ≥ 3 ends; ≤ −3 starts, = −4 ends.
            [4, 3, 3, 4]
        } else {
            // Steps 4–9: ⌈|δ_{k,l}|/2⌉ = δ_max and |δ_{k,l}| > 1.
            let th = (2 * d - 1).max(2);
            [th; 4]
        };
        let (s_ps, s_pe, s_ns, s_ne) = if special {
            (14, 12, 16, 18)
        } else {
            (5, 6, 8, 9)
        };
        // Pseudo-code order: positive rules (ends before starts for δ_max = 2, Steps 12
        // then 14; Steps 5 and 6 touch different links), then negative rules.
        for l in 0..n {
            if self.t[l] - lo >= th[1] {
                self.set_right(l, s_pe);
            }
        }
        for k in 0..n {
            if hi - self.t[self.prev(k)] >= th[0] {
                self.set_left(k, s_ps);
            }
        }
        for k in 0..n {
            let a = self.prev(k);
            if self.t[a] - lo >= th[2] {
                self.set_right(a, s_ns);
            }
        }
        for l in 0..n {
            if hi - self.t[l] >= th[3] {
                let b = self.next(l);
                self.set_left(b, s_ne);
            }
        }
        // Steps 19–21 (no P_i's test depends on another's Step 21, so order is irrelevant).
        for (i, &di) in delta.iter().enumerate() {
            if di == d && !self.sending(i) {
                self.set_right(i, 21);
            }
        }
        // Steps 22–24 (likewise).
        for (i, &di) in delta.iter().enumerate() {
            if di == -d && !self.receiving(i) {
                let p = self.prev(i);
                self.set_right(p, 24);
            }
        }
        // Steps 25–30.
        if d == 1 {
            match variant {
                Alg3Variant::Literal => {
                    for (i, &di) in delta.iter().enumerate() {
                        if di == 0 {
                            if self.right[self.prev(i)] != 0 {
                                self.set_right(i, 28);
                            }
                            if n > 2 && self.left[self.next(i)] != 0 {
                                self.set_left(i, 30);
                            }
                        }
                    }
                }
                Alg3Variant::Corrected => {
                    // A rightward chain is forwarded by P_i after P_{i−1}: two laps in
                    // increasing order reach every chain, wherever it starts. Leftward
                    // chains likewise in decreasing order. The two kinds never interact
                    // (P_i → P_{i+1} only makes P_{i+1} receive from its left).
                    for s in 0..2 * n {
                        let i = s % n;
                        if delta[i] == 0 && self.right[self.prev(i)] != 0 {
                            self.set_right(i, 28);
                        }
                    }
                    if n > 2 {
                        for s in 0..2 * n {
                            let i = n - 1 - s % n;
                            if delta[i] == 0 && self.left[self.next(i)] != 0 {
                                self.set_left(i, 30);
                            }
                        }
                    }
                }
            }
        }
        if variant == Alg3Variant::Corrected {
            self.feed(delta);
        }
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
    fn feed(&mut self, delta: &[i64]) {
        let n = self.n();
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.extend(0..n);
        while let Some(i) = stack.pop() {
            if delta[i] > 0 || !self.sending(i) || self.receiving(i) {
                continue;
            }
            if self.right[i] != 0 {
                let f = self.prev(i);
                if self.left[f] == 0 {
                    self.set_right(f, STEP_FEED);
                    stack.push(f);
                }
            } else {
                let f = self.next(i);
                if self.right[f] == 0 {
                    self.set_left(f, STEP_FEED);
                    stack.push(f);
                }
            }
        }
        self.stack = stack;
    }

    /// The planned sends by increasing sender (right before left).
    fn sends(&self, out: &mut Vec<Send>) {
        let n = self.n();
        for i in 0..n {
            if self.right[i] != 0 {
                out.push(Send {
                    from: i as u32,
                    to: self.next(i) as u32,
                    step: self.right[i],
                });
            }
            if self.left[i] != 0 {
                out.push(Send {
                    from: i as u32,
                    to: self.prev(i) as u32,
                    step: self.left[i],
                });
            }
        }
    }
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
    let mut p = Planner::default();
    let plan = p.plan(delta, variant)?;
    let n = delta.len();
    let mut sends = Vec::new();
    p.sends(&mut sends);
    let mut delta_after = delta.to_vec();
    apply(&mut delta_after, &sends);
    let Plan { lo, hi, th, .. } = plan;
    let t = &p.t;
    let pick = |f: &dyn Fn(usize) -> bool| (0..n).filter(|&i| f(i)).collect::<Vec<_>>();
    let prev = |i: usize| (i + n - 1) % n;
    Some(Alg3Round {
        delta_max: plan.delta_max,
        delta_before: delta.to_vec(),
        delta_after,
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
/// running for minutes and filling the memory with sends).
pub const ALG3_MAX_WORK: u64 = 50_000_000;

/// Algorithm 3 from s = 1 until δ_max = 0, as a round-based schedule with c the homogeneous
/// cost. Lemma 8 says it takes exactly [`lemma6_rounds`] rounds; a safety cap of
/// 4 · lemma6_rounds + 10 rounds stops a variant that fails to progress (its schedule then
/// fails the checker's final-load test). The unbalances are updated in place: only the sends
/// are kept.
///
/// Errors: a heterogeneous ring, or lemma6_rounds · n > [`ALG3_MAX_WORK`].
pub fn algorithm3(inst: &RingInstance, variant: Alg3Variant) -> Result<Schedule, RedistError> {
    let c = inst
        .uniform_cost()
        .ok_or(RedistError::Alg3NeedsHomogeneous)?;
    let rounds = algorithm3_rounds(&inst.delta, variant)?;
    Ok(Schedule::Rounds { rounds, c })
}

/// The rounds of [`algorithm3`] for unbalances δ (no costs needed).
pub fn algorithm3_rounds(
    delta: &[i64],
    variant: Alg3Variant,
) -> Result<Vec<Vec<Send>>, RedistError> {
    let mut rounds: Vec<Vec<Send>> = Vec::new();
    algorithm3_drive(delta, variant, |sends| rounds.push(sends.to_vec()))?;
    Ok(rounds)
}

/// The number of rounds of [`algorithm3_rounds`]: the same rounds, planned and applied one by
/// one, but none of their sends kept (what a makespan needs: rounds · c).
pub fn algorithm3_round_count(delta: &[i64], variant: Alg3Variant) -> Result<usize, RedistError> {
    algorithm3_drive(delta, variant, |_| {})
}

/// Runs Algorithm 3 round after round until δ_max = 0 (or the safety cap), handing each
/// round's sends to `each`; returns the number of rounds.
fn algorithm3_drive(
    delta: &[i64],
    variant: Alg3Variant,
    mut each: impl FnMut(&[Send]),
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
    let mut delta = delta.to_vec();
    let mut p = Planner::default();
    let mut sends = Vec::new();
    let mut count = 0;
    while count < cap && p.plan(&delta, variant).is_some() {
        sends.clear();
        p.sends(&mut sends);
        apply(&mut delta, &sends);
        each(&sends);
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

#[cfg(test)]
mod tests {
    use super::super::bounds::lemma1;
    use super::super::instance::Direction;
    use super::super::schedule::verify;
    use super::*;

    #[test]
    fn algorithm1_small() {
        let inst = RingInstance::homogeneous(vec![2, 0, -1, 1, -2], Direction::Uni, 2.0);
        let s = algorithm1(&inst).unwrap();
        assert!(verify(&inst, &s).valid, "{:?}", verify(&inst, &s));
        assert_eq!(s.makespan(), lemma1(&inst.delta) as f64 * 2.0);
    }

    #[test]
    fn refuses_huge_instances() {
        let inst = RingInstance::homogeneous(vec![60_000_000, -60_000_000], Direction::Bi, 1.0);
        assert!(algorithm1(&inst).unwrap_err().to_string().contains("limit"));
        assert!(
            algorithm3(&inst, Alg3Variant::Corrected)
                .unwrap_err()
                .to_string()
                .contains("limit")
        );
    }

    fn run(delta: &[i64], variant: Alg3Variant) -> (usize, bool) {
        let inst = RingInstance::homogeneous(delta.to_vec(), Direction::Bi, 1.0);
        let s = algorithm3(&inst, variant).unwrap();
        let Schedule::Rounds { rounds, .. } = &s else {
            unreachable!()
        };
        (rounds.len(), verify(&inst, &s).valid)
    }

    #[test]
    fn default_instance() {
        let inst = RingInstance::default();
        let (r, ok) = run(&inst.delta, Alg3Variant::Corrected);
        assert!(ok);
        assert_eq!(r as i64, lemma6_rounds(&inst.delta));
    }

    #[test]
    fn round_api_matches_full_run() {
        let mut delta = vec![3, -1, 2, 0, -4, 1, 2, -2, 0, 1, -3, 1];
        let full = algorithm3_rounds(&delta, Alg3Variant::Corrected).unwrap();
        let mut s = 1;
        while let Some(r) = alg3_round(&delta, Alg3Variant::Corrected) {
            assert_eq!(r.sends, full[s - 1]);
            assert_eq!(r.delta_max, lemma6_rounds(&delta));
            delta = r.delta_after;
            s += 1;
        }
        assert_eq!(s - 1, full.len());
        assert!(delta.iter().all(|&d| d == 0));
    }
}
