//! The planner of Algorithm 3 as it was before the single-pass rewrite (O(n) per round in
//! about a dozen passes), kept for the tests only: [`reference_rounds`] must give exactly the
//! rounds of [`super::homogeneous::algorithm3_rounds`] (same sends, same steps, same count).

use super::bounds::{extremes, lemma6_rounds};
use super::homogeneous::{Alg3Variant, STEP_FEED};
use super::schedule::Send;

/// Thresholds of one round (see the module doc).
#[allow(dead_code)]
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

/// The rounds of Algorithm 3 with the old planner, under the same safety cap.
pub(crate) fn reference_rounds(delta: &[i64], variant: Alg3Variant) -> Vec<Vec<Send>> {
    let cap = 4 * lemma6_rounds(delta).max(0) as usize + 10;
    let mut delta = delta.to_vec();
    let mut p = Planner::default();
    let mut rounds = Vec::new();
    while rounds.len() < cap && p.plan(&delta, variant).is_some() {
        let mut sends = Vec::new();
        p.sends(&mut sends);
        for s in &sends {
            delta[s.from as usize] -= 1;
            delta[s.to as usize] += 1;
        }
        rounds.push(sends);
    }
    rounds
}
