//! The FIFO engine for a complete tree T_n without records (the throughput path).
//!
//! It does what [`super::run_fifo_with`] does for [`super::CompleteTree`], step for step, with a
//! layout built for speed: each stream is a ring buffer of `u32` keys whose slot after its
//! last key holds [`EMPTY`], so a PE reads both heads without asking whether a stream is empty
//! and picks the smaller one without a branch; the busy PEs are one bit each in a word,
//! visited in decreasing order (under KS a node's PE is its number of right arcs mod p, so only
//! min(p, n) ≤ 27 PEs ever work; under no balancing, or on one PE, only PE 0); the per-node
//! counters are kept per PE and added up at the end. Its outcome equals the general FIFO engine's
//! (tested on every T_n ≤ 14 on every ring ≤ 40).

use super::{Engine, Outcome, Stats, WATCH_EVERY, Watch};
use crate::model::Cancelled;
use crate::model::ksbf::params::{Balance, Valid};

/// The key after a stream's last one: larger than every heap number of a tree of ≤ 31 levels.
const EMPTY: u32 = u32::MAX;

/// A FIFO of keys in increasing order (a push that would break the order is reported).
struct Stream {
    buf: Vec<u32>,
    head: usize,
    tail: usize,
    mask: usize,
}

impl Stream {
    fn new() -> Stream {
        let cap = 16;
        Stream {
            buf: vec![EMPTY; cap],
            head: 0,
            tail: 0,
            mask: cap - 1,
        }
    }

    /// The first key, or [`EMPTY`].
    #[inline(always)]
    fn front(&self) -> u32 {
        self.buf[self.head & self.mask]
    }

    fn len(&self) -> usize {
        self.tail - self.head
    }

    /// Appends `key`; false when it is smaller than the last key still queued.
    #[inline(always)]
    fn push(&mut self, key: u32) -> bool {
        let ordered =
            (self.tail == self.head) | (self.buf[self.tail.wrapping_sub(1) & self.mask] <= key);
        self.buf[self.tail & self.mask] = key;
        self.tail += 1;
        if self.tail - self.head == self.buf.len() {
            self.grow();
        }
        self.buf[self.tail & self.mask] = EMPTY;
        ordered
    }

    /// Doubles the (full) buffer in place, as `VecDeque` does: the keys before the head's
    /// slot move after the old end, so the queue is contiguous from the head again.
    #[cold]
    fn grow(&mut self) {
        let old = self.buf.len();
        let start = self.head & self.mask;
        self.buf.resize(2 * old, EMPTY);
        self.buf.copy_within(0..start, old);
        self.head = start;
        self.tail = old + start;
        self.mask = 2 * old - 1;
    }
}

/// One PE's two streams and counters.
struct Pe {
    own: Stream,
    inc: Stream,
    work: u64,
    /// First step + 1 (0: never ran).
    first: u64,
    /// Last step + 1.
    last: u64,
}

/// Runs T_`v.n` (BF, KS or no balancing, no records); `Ok(None)` when a stream would lose its
/// order (as the general engine, which then hands the run to the heap engine).
pub(super) fn run_tree(v: &Valid, watch: &Watch) -> Result<Option<Outcome>, Cancelled> {
    assert!(
        v.n <= 31,
        "heap numbers fit below EMPTY and the busy PEs in a word"
    );
    let p = v.p as usize;
    let stay = v.balance == Balance::None || p == 1;
    let used = if stay { 1 } else { p.min(v.n as usize) };
    let leaves_from = 1u32 << (v.n - 1);
    let mut pes: Vec<Pe> = (0..used)
        .map(|_| Pe {
            own: Stream::new(),
            inc: Stream::new(),
            work: 0,
            first: 0,
            last: 0,
        })
        .collect();
    pes[0].own.push(1);
    let (mut queued, mut nodes, mut spawned, mut max_queued) = (1u64, 0u64, 0u64, 0u64);
    // The PEs with a ready task (bit i: P_i); visited from the highest, so P_i's send to
    // P_{i+1} arrives after P_{i+1} has run in this step.
    let mut busy: u64 = 1;
    let mut t: u64 = 0;
    while queued > 0 {
        if t.is_multiple_of(WATCH_EVERY) {
            watch.step(t, nodes)?;
        }
        let mut ordered = true;
        let mut wrap = EMPTY;
        let (ran_before, spawned_before) = (nodes, spawned);
        let mut next: u64 = 0;
        while busy != 0 {
            let i = 63 - busy.leading_zeros() as usize;
            busy &= !(1 << i);
            let pe = &mut pes[i];
            let (a, b) = (pe.own.front(), pe.inc.front());
            let take_own = a <= b;
            let key = a.min(b);
            debug_assert!(key != EMPTY, "a busy PE has a task");
            pe.own.head += usize::from(take_own);
            pe.inc.head += usize::from(!take_own);
            pe.work += 1;
            if pe.first == 0 {
                pe.first = t + 1;
            }
            pe.last = t + 1;
            nodes += 1;
            if key >= leaves_from {
                let left = (pe.own.len() | pe.inc.len()) != 0;
                next |= u64::from(left) << i;
                continue;
            }
            spawned += 1;
            ordered &= pe.own.push(key << 1);
            next |= 1 << i;
            let right = (key << 1) | 1;
            if stay {
                ordered &= pe.inc.push(right);
            } else if i + 1 == p {
                // P_{p−1} → P_0: P_0 runs after it in this step, so the task waits for its end.
                wrap = right;
            } else {
                ordered &= pes[i + 1].inc.push(right);
                next |= 1 << (i + 1);
            }
        }
        if wrap != EMPTY {
            ordered &= pes[0].inc.push(wrap);
            next |= 1;
        }
        busy = next;
        if !ordered {
            return Ok(None);
        }
        queued = queued + 2 * (spawned - spawned_before) - (nodes - ran_before);
        max_queued = max_queued.max(queued);
        t += 1;
    }
    let mut stats = Stats::new(false, v.p, false);
    for (i, pe) in pes.iter().enumerate() {
        stats.work[i] = pe.work;
        stats.first[i] = pe.first;
        stats.last[i] = pe.last;
    }
    stats.nodes = nodes;
    stats.sends = if stay { 0 } else { spawned };
    stats.max_queued = max_queued;
    Ok(Some(stats.finish(Engine::Fifo)))
}
