//! Data redistribution on processor rings — H. Renard, Y. Robert and F. Vivien, "Data
//! redistribution algorithms for heterogeneous processor rings", LIP research report 2004-28.
//!
//! # The model
//!
//! n processors P_1..P_n on a ring; P_k holds L_k items and must end with L_k − δ_k
//! (Σδ = 0, L_k ≥ 1, L_k ≥ 1 + δ_k). Sending one item over the link P_i → P_{i±1} takes
//! c_{i,i±1}. One-port: a processor sends at most one item and receives at most one item at
//! a time (on a bidirectional ring it cannot send to both neighbours at once).
//!
//! * [`instance`]: ring instances (δ, loads, costs, direction) and their validation against
//!   Section 2, every problem attached to its cell.
//! * [`editing`]: the editor's operations on an instance (make Σδ = 0, rotate, negate, δ from
//!   targets or speeds), seeded random instances, vectors parsed from text.
//! * [`typed`]: an instance as typed on a command line (the CLI's flags, a lesson check's),
//!   read and checked once for both.
//! * [`params`]: the rest of a scenario — the algorithm of the run and the studies' settings.
//! * [`error`]: [`RedistError`](error::RedistError), why a run produced no schedule.
//! * [`schedule`]: schedule shapes and the checker every run goes through.
//! * [`rounds`]: a round-based schedule's rounds, listed or (Algorithm 3) planned again from
//!   checkpoints when read.
//! * [`bounds`]: Lemma 1, Step 2's slice, Theorem 2 (printed and corrected), Lemmas 5 and 6,
//!   all O(n) through prefix sums.
//! * [`homogeneous`]: Algorithm 1 (unidirectional) and Algorithm 3 (bidirectional, round by
//!   round, O(n) per round, in two readings: [`alg3::Alg3Variant`]).
//! * [`alg2`]: Algorithm 2 (heterogeneous unidirectional, asynchronous, timed blocks).
//! * [`system6`]: Section 6 — System 6 (light redistributions) and System 12 solved exactly
//!   through one variable (Lemma 10; rational and integer optima, Proposition 1's roundings).
//! * [`lemma9`]: Lemma 9's schedule of a System 6 / 12 solution, and the schedule with
//!   forwarding for heavy solutions.
//! * [`lemma12`]: Lemma 12's lower bound (System 11) with the term attaining it.
//! * [`exact`]: the exact optimum of small rings by search (`--algorithm exact`).
//! * [`gaps`]: the seeded search for rings where a method is farthest from the optimum.
//! * [`run`]: one run as the CLI and the GUI show it (schedule, verdict, bounds, claims).
//! * [`sweep`]: the random-instance studies behind the plots.
//! * [`iterative`]: Section 8's iterative-application experiment (Figs. 13–14), simplified.
//!
//! # Findings
//!
//! The one wording of each finding about the paper is in `model::errata` (ids
//! `rrv-…`, cited below); this section tells how each was found.
//! Each finding is pinned on its smallest instance by `tests/model/redistribute_homogeneous.rs`
//! ("small rings" below: all 310 298 rings with n ≤ 7 and |δ_i| ≤ 4).
//!
//! 1. **Theorem 2's bound as printed is not a lower bound** (rrv-thm2-bound). It charges a negative slice
//!    C_{k,l} to c_{l,l+1}, a link its items never cross (they enter through P_{k−1} → P_k).
//!    Smallest: n = 3, δ = (1, −1, 0), c_{1,2} = 1, c_{2,3} = 100, c_{3,1} = 1: the printed
//!    bound is 100, Algorithm 2 finishes at 1. Correction
//!    ([`bounds::theorem2_corrected`]): charge c_{k−1,k}, i.e. take the maximum over positive
//!    slices of δ_{k,l} · c_{l,l+1}. It equals Lemma 5's running time, so Theorem 2's
//!    conclusion (Algorithm 2 is optimal) holds with it. Lemma 5 itself checks out.
//! 2. **Algorithm 3 read as one pass fails Lemma 8** (rrv-alg3-pass: a reading ambiguity — the
//!    paper calls Algorithm 3 "a set of rules", and applied until nothing changes they meet it). Smallest: δ = (0, 0, −1, 1, 0)
//!    (δ_max = 1): Step 21 P4 → P5, Step 24 P2 → P3, Step 28 P5 → P1, but the single pass of
//!    Steps 25–30 examined P1 before P5 sent to it, so P1 → P2 is missing and a second round
//!    is needed (Lemma 6: 1). 224 small rings fail, every one through a rightward forwarding
//!    chain that wraps past P_n → P_1. Correction: Steps 25–30 until nothing changes.
//!    (δ = (−1, 0, 0, 1, 1, 0, 0, −1) is fine: Steps 5–9 build both chains.)
//! 3. **Step 30 never fires.** At δ_max = 1 leftward sends come only from Steps 5 and 9, and
//!    when their receiver P_{k−1} has δ = 0 the slice C_{k−1,l} is maximal too, so Steps 5
//!    and 9 already continue the chain. The literal pass's blindness to leftward chains is
//!    therefore harmless.
//! 4. **Algorithm 3 breaks possession with the minimal loads** L_k = max(1, 1 + δ_k), in
//!    both readings (rrv-alg3-possession). The paper proves possession for Algorithm 1
//!    (Lemma 3), never for Algorithm 3. Smallest: δ = (0, 0, −3, 3), L = (1, 1, 1, 4): in
//!    round 1 Step 24 makes P2 give its only item to P3 (and Step 21 sends P4 → P1). In round
//!    2 (δ_max = 2) Step 24 asks P2 again while it holds 0 items (P1 → P2, Step 12, only
//!    arrives at the end of that round): that send is the violation. After round 2 P2
//!    holds 0 items at δ = −1. 24 070 small rings fail, the editor's default instance
//!    among them. The bad sends come from Steps 24, 12 and 6 in rounds with δ_max ≥ 2, so
//!    the fixpoint of finding 2 cannot help. Correction (feeding,
//!    [`alg3::STEP_FEED`]): a processor with δ_i ≤ 0 that sends without receiving is
//!    fed by its other neighbour in the same round, recursively. This proves possession (such
//!    a processor never gives an item away net, so it always holds at least
//!    L_i − max(δ_i⁰, 0) ≥ 1) and keeps one-port. Lemma 8 still holds on every small ring,
//!    on n = 8 with |δ_i| ≤ 3, n ≤ 10 with |δ_i| ≤ 2,
//!    n ≤ 13 with |δ_i| ≤ 1 and on random rings (n ≤ 60, |δ_i| ≤ 40), but this is not proved.
//! 5. Feeding alone also repairs finding 2: the literal pass plus feeding passes every small
//!    ring, because a forwarding chain is also built backwards from its receiver. The
//!    corrected variant keeps both, so that Step 28 shows where the paper's forwarding
//!    applies.
//!
//! 6. **Lemma 12 is not tight** (rrv-lemma12-tight) — the paper says it has no
//!    counter-example (an open question answered, not an error of the paper). Smallest
//!    (`tests/model/redistribute_lp.rs`, `lemma12_is_not_tight`): n = 3, δ = (−2, 1, 1),
//!    L = (1, 2, 2), c_{1,2}, c_{2,3}, c_{3,1} = 1, 3, 2 and c_{1,3}, c_{2,1}, c_{3,2} = 2, 1, 3:
//!    Lemma 12 gives 2, the optimum is 3 (P_1 must receive one item from each side one after
//!    the other, or have one forwarded over a link of cost 3). System 6's integer optimum is
//!    a lower bound for every schedule, light or not, is never below Lemma 12, and is the
//!    optimum whenever one of its optimal solutions is light — **but not always** when none
//!    is (rrv-sec6-heavy, the general case the paper leaves open): on the 4-ring
//!    δ = (0, 4, −4, 0), L = (1, 5, 1, 1), c_{i,i+1} = (1, 3, 1, 1), c_{i,i−1} = (2, 1, 1, 1)
//!    τ_int = 6 and the optimum is 7. Random rings almost never show it; the gap search found
//!    it by climbing on how tightly System 6 binds the ring ([`exact`]'s findings).
//! 7. **Proposition 1 holds** (it is the convexity of τ in the single variable R_1 of
//!    Lemma 10), and both roundings are needed: over 200 000 random rings only ⌊R_1⌋ is
//!    optimal 1.4 % of the time, only ⌈R_1⌉ 2.5 %.
//! 8. **Lemma 9 needs the light hypothesis for possession only** (as the paper assumes; with
//!    Proposition 1's rounding this is rrv-prop1-heavy): on heavy solutions its
//!    schedule keeps one-port and the makespan but makes processors send items they have not
//!    received yet. Smallest shown by the checker: δ = (3, 0, −3), L = (4, 1, 1),
//!    c_{i,i+1} = (2, 1, 1), c_{i,i−1} = 10 ("P2 starts sending an item at t = 1 but holds
//!    none"). [`lemma9::asap_schedule`] forwards items as they arrive instead (6 there, optimal;
//!    System 12 needs 22).
//! 9. **Section 8 contradicts itself** (rrv-sec8-contradiction). The text says that when the computation-to-
//!    communication ratio increases, "iterations take more time, and the usefulness of a
//!    redistribution becomes more important"; the discussion of Figs. 13–14 says the opposite
//!    (no redistribution at ratio 10, many at ratio 1). In the simplified experiment of
//!    [`iterative`] every curve is a + b/r, so the text's reading holds; the figures' reading
//!    fits a communication-to-computation axis.
//! 10. **The light hypothesis rarely holds in loadlab's re-creation of Section 8's setting**
//!     (uniform link costs 1–10, six CPU speeds: our platform, not the paper's, which does
//!     not give its costs): for the single
//!     redistribution after iteration 50, System 6's optimum is light on 8 % of 500 platforms
//!     with p = 8 (System 12 finds a light solution on 17 % more, none exists on 75 %), and
//!     never with p = 32. The paper's light-only algorithm then skips most redistributions;
//!     the study offers forwarding as an alternative.
//! 11. On a 2-ring (rrv-two-ring) P_{i−1} = P_{i+1}: every item P_i sends costs c_{i,i+1} here (c_{i,i−1} is
//!     unused), a convention the paper does not settle.

pub mod alg2;
pub mod alg3;
pub mod bounds;
pub mod editing;
pub mod error;
pub mod exact;
pub mod gaps;
pub mod homogeneous;
#[cfg(test)]
mod homogeneous_reference;
pub mod instance;
pub mod iterative;
pub mod lemma12;
pub mod lemma9;
mod links;
pub mod params;
pub mod rounds;
pub mod run;
pub mod schedule;
pub mod send;
pub mod sweep;
pub mod system6;
pub mod tau_curve;
pub mod trace;
pub mod typed;
