//! The planner of Algorithm 3 as it was before the single-pass rewrite (O(n) per round in
//! about a dozen passes), kept for the tests only: [`reference_rounds`] must give exactly the
//! rounds of [`super::alg3::algorithm3_rounds`] (same sends, same steps, same count).

use super::alg3::{Alg3Variant, STEP_FEED};
use super::bounds::{extremes, lemma6_rounds};
use super::links::{Links, slice_rules};
use super::send::Send;

/// Reusable buffers of one round: prefix sums and, per processor, the step that created its
/// send to the right (P_i → P_{i+1}) and to the left (P_i → P_{i−1}), 0 for none.
#[derive(Debug, Default)]
struct Planner {
    t: Vec<i64>,
    links: Links,
    stack: Vec<usize>,
}

impl Planner {
    /// Plans the sends of one round into `links`: δ_max, None when it is 0.
    fn plan(&mut self, delta: &[i64], variant: Alg3Variant) -> Option<i64> {
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
        self.links.reset(n);
        let (th, [s_ps, s_pe, s_ns, s_ne]) = slice_rules(d);
        // Pseudo-code order: positive rules (ends before starts for δ_max = 2, Steps 12
        // then 14; Steps 5 and 6 touch different links), then negative rules.
        for l in 0..n {
            if self.t[l] - lo >= th[1] {
                self.links.set_right(l, s_pe);
            }
        }
        for k in 0..n {
            if hi - self.t[self.links.prev(k)] >= th[0] {
                self.links.set_left(k, s_ps);
            }
        }
        for k in 0..n {
            let a = self.links.prev(k);
            if self.t[a] - lo >= th[2] {
                self.links.set_right(a, s_ns);
            }
        }
        for l in 0..n {
            if hi - self.t[l] >= th[3] {
                let b = self.links.next(l);
                self.links.set_left(b, s_ne);
            }
        }
        // Steps 19–21 (no P_i's test depends on another's Step 21, so order is irrelevant).
        for (i, &di) in delta.iter().enumerate() {
            if di == d && !self.links.sending(i) {
                self.links.set_right(i, 21);
            }
        }
        // Steps 22–24 (likewise).
        for (i, &di) in delta.iter().enumerate() {
            if di == -d && !self.links.receiving(i) {
                let p = self.links.prev(i);
                self.links.set_right(p, 24);
            }
        }
        // Steps 25–30.
        if d == 1 {
            self.links.forward(delta, variant);
        }
        if variant == Alg3Variant::Corrected {
            self.feed(delta);
        }
        Some(d)
    }

    /// The feeding rule of the corrected variant (every δ_max): a processor P_i with
    /// δ_i ≤ 0 that sends without receiving is fed by its neighbour on the other side
    /// (P_{i−1} when P_i sends to P_{i+1}, P_{i+1} when it sends to P_{i−1}); a fed
    /// processor with δ ≤ 0 is fed in turn, so the chain reaches a processor with δ > 0 or
    /// one that already receives. O(n): every link is set at most once. A feeder already
    /// sending the other way is left alone (never met in the exhaustive tests).
    fn feed(&mut self, delta: &[i64]) {
        let n = self.links.n();
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.extend(0..n);
        while let Some(i) = stack.pop() {
            if delta[i] > 0 || !self.links.sending(i) || self.links.receiving(i) {
                continue;
            }
            if self.links.right[i] != 0 {
                let f = self.links.prev(i);
                if self.links.left[f] == 0 {
                    self.links.set_right(f, STEP_FEED);
                    stack.push(f);
                }
            } else {
                let f = self.links.next(i);
                if self.links.right[f] == 0 {
                    self.links.set_left(f, STEP_FEED);
                    stack.push(f);
                }
            }
        }
        self.stack = stack;
    }
}

/// The rounds of Algorithm 3 with the old planner, under the same safety cap.
pub(crate) fn reference_rounds(delta: &[i64], variant: Alg3Variant) -> Vec<Vec<Send>> {
    let cap = 4 * lemma6_rounds(delta).max(0) as usize + 10;
    let mut delta = delta.to_vec();
    let mut p = Planner::default();
    let mut rounds = Vec::new();
    while rounds.len() < cap && p.plan(&delta, variant).is_some() {
        let mut sends = Vec::new();
        p.links.sends(&mut sends);
        for s in &sends {
            delta[s.from as usize] -= 1;
            delta[s.to as usize] += 1;
        }
        rounds.push(sends);
    }
    rounds
}
