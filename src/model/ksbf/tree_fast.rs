//! The engine for a complete tree T_n without records (the throughput path): it runs the
//! rounds on counts, many identical rounds at a time.
//!
//! Every node of T_n above the last level has the same two children, so which of a PE's
//! ready nodes of one level it runs changes nothing the outcome counts (work, first and last
//! steps, sends, the queue's peak): the state of a round is the number of ready tasks of each
//! level on each PE. In a round every PE with a task runs one of its lowest level (BF: the
//! smallest heap number is on the lowest level), the node's children are one level deeper,
//! the left one on the same PE, the right one on the next (KS; on the same PE without
//! balancing or on one PE), and every child is ready from the next round on.
//!
//! Rounds are taken in batches: while every PE keeps the lowest level it has now, the K
//! rounds ahead are the same K times over. At the start of a batch each busy PE runs level
//! ℓ_i and its sender (the previous PE) produces children of level a_i = ℓ_{i−1} + 1 each
//! round, ready the round after; so its count at ℓ_i goes down by one a round when a_i ≠ ℓ_i
//! and stays when a_i = ℓ_i. The batch lasts K = the smallest count among the PEs that lose
//! one a round, and K = 1 when a PE's lowest level would change after the first round (an
//! idle PE about to receive, or a child arriving below ℓ_i). A batch never crosses a
//! multiple of [`WATCH_EVERY`], so progress and cancel are seen at the same steps as in the
//! general engines. A run of T_n then takes O(min(p, n) · n) batches, whatever its size.
//!
//! This is a simulation, not the paper's schedule: nothing of Theorem 2.2 is assumed, the
//! lowest level is looked up every batch and an arrival below it is run at once. It reports
//! [`Engine::Fifo`]: the general FIFO engine keeps its streams in order on every complete
//! tree (Theorem 2.2 — each PE runs its nodes in BF order, so both its streams are sorted),
//! and the outcome equals that engine's counter for counter (tested on every T_n ≤ 14 on
//! every ring ≤ 40, on larger ones, and against a reference written from the definition in
//! tests/model/ksbf_reference.rs).

use super::{Engine, Outcome, Stats, WATCH_EVERY, Watch};
use crate::model::Cancelled;
use crate::model::ksbf::params::{Balance, Valid};

/// No level (an idle PE, or no child).
const NONE: u32 = u32::MAX;

/// Runs T_`v.n` (BF, KS or no balancing, no records). Never `None` (the signature is the
/// FIFO engines').
pub(super) fn run_tree(v: &Valid, watch: &Watch) -> Result<Option<Outcome>, Cancelled> {
    run_batched(v, watch, WATCH_EVERY)
}

/// The engine with batches of at most `most` rounds (1: round by round, for the tests).
pub(super) fn run_batched(
    v: &Valid,
    watch: &Watch,
    most: u64,
) -> Result<Option<Outcome>, Cancelled> {
    assert!(v.n <= 31, "a level fits a bit of a u32 mask");
    let n = v.n;
    let p = v.p as usize;
    let stay = v.balance == Balance::None || p == 1;
    // Under KS a node runs on P_{Wgt mod p} and Wgt ≤ n − 1: only min(p, n) PEs ever work.
    let used = if stay { 1 } else { p.min(n as usize) };
    // The PE whose right children arrive at P_i (none when it never works, or when staying).
    let sender = |i: usize| -> Option<usize> {
        let s = (i + p - 1) % p;
        (!stay && s < used).then_some(s)
    };
    let receiver = |i: usize| if stay { i } else { (i + 1) % p };
    let mut count: Vec<[u64; 32]> = vec![[0; 32]; used];
    // Bit ℓ of `levels[i]`: P_i has a ready task of level ℓ.
    let mut levels: Vec<u32> = vec![0; used];
    count[0][0] = 1;
    levels[0] = 1;
    let mut stats = Stats::new(false, v.p, false);
    let (mut queued, mut t, mut spawned) = (1u64, 0u64, 0u64);
    let mut low: Vec<u32> = vec![NONE; used];
    while queued > 0 {
        watch.step(t, stats.nodes)?;
        for (l, &m) in low.iter_mut().zip(&levels) {
            *l = if m == 0 { NONE } else { m.trailing_zeros() };
        }
        let (k, delta) = batch(&low, &count, n, &sender, most - t % most);
        for i in 0..used {
            let l = low[i];
            if l == NONE {
                continue;
            }
            stats.work[i] += k;
            if stats.first[i] == 0 {
                stats.first[i] = t + 1;
            }
            stats.last[i] = t + k;
            if l + 1 < n {
                let c = l as usize + 1;
                count[i][c] += k;
                levels[i] |= 1 << c;
                let r = receiver(i);
                debug_assert!(r < used, "a right child of weight ≤ n − 1");
                count[r][c] += k;
                levels[r] |= 1 << c;
                spawned += k;
            }
        }
        // Taken after every addition: a count that gains as much as it loses may be < k.
        for i in 0..used {
            let l = low[i];
            if l != NONE {
                let c = &mut count[i][l as usize];
                *c -= k;
                if *c == 0 {
                    levels[i] &= !(1 << l);
                }
            }
        }
        let busy = low.iter().filter(|&&l| l != NONE).count() as u64;
        stats.nodes += busy * k;
        // The queue moves by `delta` a round: its peak is after the first or the last one.
        let first = queued.wrapping_add_signed(delta);
        queued = queued.wrapping_add_signed(delta * k as i64);
        stats.max_queued = stats.max_queued.max(first).max(queued);
        t += k;
    }
    stats.sends = if stay { 0 } else { spawned };
    Ok(Some(stats.finish(Engine::Fifo)))
}

/// The batch at a round whose PEs run the levels `low`: its length (≥ 1, ≤ `room`) and the
/// change of the number of queued tasks a round.
fn batch(
    low: &[u32],
    count: &[[u64; 32]],
    n: u32,
    sender: &impl Fn(usize) -> Option<usize>,
    room: u64,
) -> (u64, i64) {
    let mut k = room;
    let mut delta = 0i64;
    for (i, &l) in low.iter().enumerate() {
        // The level of the children arriving at P_i every round of the batch.
        let arriving = match sender(i) {
            Some(s) if low[s] != NONE && low[s] + 1 < n => low[s] + 1,
            _ => NONE,
        };
        if l == NONE {
            if arriving != NONE {
                k = 1;
            }
            continue;
        }
        delta += if l + 1 < n { 1 } else { -1 };
        if arriving < l {
            k = 1;
        } else if arriving != l {
            k = k.min(count[i][l as usize]);
        }
    }
    (k.max(1), delta)
}
