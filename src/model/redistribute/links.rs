//! The sends one round of Algorithm 3 plans on a bidirectional ring, shared by the planner
//! ([`super::alg3`]) and the test oracle of the old planner: per processor the step
//! that created its send to the right (P_i → P_{i+1}) and to the left (P_i → P_{i−1}), 0 for
//! none, with the rules that do not depend on how the slices are found — the thresholds of
//! Steps 4–18, the forwarding of Steps 25–30, and the sends in order. The two readings of
//! Algorithm 3 ([`Alg3Variant`]) differ in that forwarding, so they are declared here;
//! [`super::alg3`] re-exports them.

use serde::{Deserialize, Serialize};

use super::send::Send;

/// How Algorithm 3 is read (see [`super::alg3`]).
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

/// The thresholds of the slice rules at δ_max = `d` — the smallest δ_{k,l} (resp. −δ_{k,l})
/// of a slice whose start / end fires a rule, as (positive start, positive end, negative
/// start, negative end) — and the steps of those rules in the same order.
pub(super) fn slice_rules(d: i64) -> ([i64; 4], [u8; 4]) {
    if d == 2 {
        // Steps 11–18: δ_{k,l} = 4 starts, ≥ 3 ends; ≤ −3 starts, = −4 ends.
        ([4, 3, 3, 4], [14, 12, 16, 18])
    } else {
        // Steps 4–9: ⌈|δ_{k,l}|/2⌉ = δ_max and |δ_{k,l}| > 1.
        ([(2 * d - 1).max(2); 4], [5, 6, 8, 9])
    }
}

/// One round's sends: `right[i]` / `left[i]` is the step that created P_i's send to
/// P_{i+1} / P_{i−1}, 0 for none.
#[derive(Debug, Default)]
pub(super) struct Links {
    pub(super) right: Vec<u8>,
    pub(super) left: Vec<u8>,
}

impl Links {
    /// No sends on a ring of `n` processors.
    pub(super) fn reset(&mut self, n: usize) {
        self.right.clear();
        self.right.resize(n, 0);
        self.left.clear();
        self.left.resize(n, 0);
    }
    pub(super) fn n(&self) -> usize {
        self.right.len()
    }
    /// (i − 1) mod n, without a division for 0 ≤ i < n (every round evaluates it a few times
    /// per processor).
    pub(super) fn prev(&self, i: usize) -> usize {
        let n = self.n();
        if i == 0 {
            n - 1
        } else if i <= n {
            i - 1
        } else {
            (i - 1) % n
        }
    }
    /// (i + 1) mod n, likewise.
    pub(super) fn next(&self, i: usize) -> usize {
        let n = self.n();
        if i + 1 < n { i + 1 } else { (i + 1) % n }
    }
    /// P_i sends to P_{i+1}, created by `step` unless an earlier rule did.
    pub(super) fn set_right(&mut self, i: usize, step: u8) {
        if self.right[i] == 0 {
            self.right[i] = step;
        }
    }
    /// P_i sends to P_{i−1}, created by `step` unless an earlier rule did.
    pub(super) fn set_left(&mut self, i: usize, step: u8) {
        // On a 2-ring the predecessor is the successor: one link, one send.
        if self.n() == 2 {
            self.set_right(i, step);
        } else if self.left[i] == 0 {
            self.left[i] = step;
        }
    }
    pub(super) fn sending(&self, i: usize) -> bool {
        self.right[i] != 0 || self.left[i] != 0
    }
    pub(super) fn receiving(&self, i: usize) -> bool {
        self.right[self.prev(i)] != 0 || self.left[self.next(i)] != 0
    }

    /// Steps 25–30 (δ_max = 1): a processor with δ_i = 0 forwards what its neighbour sends
    /// it, as printed (one pass) or corrected (every chain, wherever it starts).
    pub(super) fn forward(&mut self, delta: &[i64], variant: Alg3Variant) {
        let n = self.n();
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
                // A rightward chain is forwarded by P_i after P_{i−1}: two laps in increasing
                // order reach every chain, wherever it starts. Leftward chains likewise in
                // decreasing order. The two kinds never interact (P_i → P_{i+1} only makes
                // P_{i+1} receive from its left).
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

    /// The planned sends by increasing sender (right before left).
    pub(super) fn sends(&self, out: &mut Vec<Send>) {
        for i in 0..self.n() {
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
