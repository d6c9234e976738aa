//! Algorithm 2 (heterogeneous unidirectional ring, Section 4): P_{start+l} sends
//! δ_{start,start+l} ≥ 0 items to P_{start+l+1} "one by one and as soon as possible", where
//! C_{start,end} is the slice of maximal unbalance chosen by [`max_slice`](super::bounds::max_slice).

use super::bounds::start_amounts;
use super::error::RedistError;
use super::instance::RingInstance;
use super::schedule::{Block, Schedule};

/// Largest number of item transfers Algorithms 1 and 2 generate (beyond it they refuse the
/// instance instead of running for minutes).
pub const MAX_ITEMS: u64 = 50_000_000;

/// Total of the amounts, or an error naming `algorithm` when it exceeds [`MAX_ITEMS`].
pub(crate) fn check_items(v: &[i64], algorithm: &'static str) -> Result<u64, RedistError> {
    let total: u64 = v.iter().map(|&x| x.max(0) as u64).sum();
    if total > MAX_ITEMS {
        return Err(RedistError::TooManyItems {
            algorithm,
            items: total,
            limit: MAX_ITEMS,
        });
    }
    Ok(total)
}

/// Algorithm 2: P_{start+l} sends δ_{start,start+l} items to P_{start+l+1} one by one, as
/// soon as possible.
///
/// Event simulation processor by processor from P_start (which receives nothing, Lemma 2)
/// around the ring: the j-th send of P_i starts at the later of the end of its (j − 1)-th
/// send and, when j > L_i, the arrival of the (j − L_i)-th item from P_{i−1} (P_i then holds
/// L_i + arrivals − (j − 1) ≥ 1 items; an item can be forwarded the instant it arrives).
/// Items sent back to back are merged into one [`Block`] (an item that has to wait for its
/// arrival starts a new block, so a fast link fed by a slower one gets one block per item).
/// Blocks are listed by sender, in ring order from P_start, each sender's in time order.
/// Only blocks are stored; the run takes O(n + number of items) time.
///
/// Errors: more than [`MAX_ITEMS`] items, or loads violating L_i ≥ 1 + δ_i (a processor would
/// run out of items).
pub fn algorithm2(inst: &RingInstance) -> Result<Schedule, RedistError> {
    let n = inst.n();
    let (v, start) = start_amounts(&inst.delta);
    check_items(&v, "Algorithm 2")?;
    let mut out: Vec<Block> = Vec::new();
    // out[prev] are the predecessor's blocks, in time order: the current processor's arrivals.
    let mut prev = 0..0;
    for l in 0..n {
        let i = (start + l) % n;
        let m = v[i].max(0) as u64;
        let load = inst.loads.get(i).copied().unwrap_or(1).max(0) as u64;
        let unit = inst.cw(i);
        let to = (i + 1) % n;
        let begin = out.len();
        // Its own items go first, back to back from t = 0.
        if m.min(load) > 0 {
            out.push(Block {
                from: i,
                to,
                start: 0.0,
                items: m.min(load),
                unit,
            });
        }
        // Then the j-th item (j > L_i) waits for the (j − L_i)-th arrival.
        let (mut bi, mut k) = (prev.start, 0u64);
        for _ in load..m {
            while bi < prev.end && k == out[bi].items {
                bi += 1;
                k = 0;
            }
            if bi == prev.end {
                return Err(RedistError::CannotForward {
                    processor: i,
                    items: m,
                    load,
                    receives: v[(i + n - 1) % n],
                });
            }
            k += 1;
            let arrival = out[bi].start + k as f64 * out[bi].unit;
            let own = out.len() > begin;
            match out.last_mut() {
                Some(b) if own && arrival <= b.end() => b.items += 1,
                _ => out.push(Block {
                    from: i,
                    to,
                    start: arrival,
                    items: 1,
                    unit,
                }),
            }
        }
        prev = begin..out.len();
    }
    Ok(Schedule::Timed(out))
}

#[cfg(test)]
mod tests {
    use super::super::bounds::lemma5;
    use super::super::instance::{Costs, Direction};
    use super::super::schedule::verify;
    use super::*;
    #[test]
    fn algorithm2_waits_for_items() {
        // P1 → P2 is slow, P2 must forward two items with L_2 = 1.
        let mut inst = RingInstance::homogeneous(vec![2, 0, -2], Direction::Uni, 1.0);
        inst.costs = Costs::Heterogeneous {
            cw: vec![3.0, 1.0, 1.0],
            ccw: vec![1.0; 3],
        };
        let s = algorithm2(&inst).unwrap();
        assert!(verify(&inst, &s).valid, "{:?}", verify(&inst, &s));
        assert_eq!(s.makespan(), lemma5(&inst));
        assert_eq!(s.makespan(), 6.0);
        let Schedule::Timed(b) = &s else {
            unreachable!()
        };
        // P2 sends its own item during [0, 1[, then waits for the first arrival (t = 3).
        assert_eq!(b.iter().filter(|b| b.from == 1).count(), 2);
    }

    #[test]
    fn refuses_huge_instances() {
        let inst = RingInstance::homogeneous(vec![60_000_000, -60_000_000], Direction::Uni, 1.0);
        assert!(algorithm2(&inst).unwrap_err().to_string().contains("limit"));
    }
}
