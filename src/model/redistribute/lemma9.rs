//! Schedules for an integer solution of System 6 or System 12 ([`super::system6`]): Lemma 9's
//! schedule, whose makespan is at most τ_int but which keeps possession only for light
//! solutions, and the as-soon-as-possible schedule with forwarding, valid for any solution
//! (not in the paper).

use super::error::RedistError;
use super::instance::RingInstance;
use super::schedule::{Block, Schedule};
use super::system6::LpSolution;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Lemma 9's schedule for an integer solution: P_i sends its S_{i,i+1} items to P_{i+1} from
/// time 0, then its S_{i,i−1} items to P_{i−1} from max(S_{i,i+1}c_{i,i+1},
/// S_{i−2,i−1}c_{i−2,i−1}) — when P_i is done and P_{i−1} has stopped receiving from P_{i−2}.
///
/// One-port holds by construction (on n = 2 and 3 too: there P_{i−2} is P_i or P_{i+1}, and the
/// rule still orders P_{i−1}'s two receptions). The makespan is at most τ_int. Possession is
/// only guaranteed when the solution is light: otherwise a processor may start forwarding an
/// item before it arrives, which [`super::schedule::verify`] reports.
pub fn lemma9_schedule(inst: &RingInstance, sol: &LpSolution) -> Schedule {
    let n = sol.flows.len();
    let mut blocks = Vec::new();
    for i in 0..n {
        let s = sol.s_cw(i);
        if s > 0 {
            blocks.push(Block {
                from: i,
                to: (i + 1) % n,
                start: 0.0,
                items: s as u64,
                unit: inst.cost(i, (i + 1) % n),
            });
        }
    }
    for i in 0..n {
        let s = sol.s_ccw(i);
        if s > 0 {
            let prev = (i + n - 1) % n;
            let prev2 = (i + 2 * n - 2) % n;
            let own = sol.s_cw(i) as f64 * inst.cost(i, (i + 1) % n);
            let other = sol.s_cw(prev2) as f64 * inst.cost(prev2, prev);
            blocks.push(Block {
                from: i,
                to: prev,
                start: own.max(other),
                items: s as u64,
                unit: inst.cost(i, prev),
            });
        }
    }
    Schedule::Timed(blocks)
}

/// Most item transfers [`asap_schedule`] simulates.
pub const ASAP_MAX_ITEMS: i64 = 2_000_000;

/// A schedule for any integer net-flow solution, light or not: a one-port simulation in which
/// every processor sends one item at a time as soon as (i) its send port is free, (ii) it holds
/// an item (its own or one that has arrived: forwarding starts the instant an item arrives) and
/// (iii) the receiver's receive port is free. When both directions are possible it serves the
/// one with more remaining time (Σ items × cost), the successor on ties; simultaneous starts
/// are decided in processor order. Consecutive items on a link are merged into blocks.
///
/// This is the repair of Lemma 9 for heavy solutions (where Lemma 9's "everything from time
/// 0" breaks possession). Its makespan is at least τ(flows) and, for a light solution, often
/// equal. It never deadlocks on a valid instance (L_k ≥ 1 + δ_k: a blocked processor always
/// has an upstream neighbour that can still send). Err when the flows do not match δ or move
/// more than [`ASAP_MAX_ITEMS`] items.
pub fn asap_schedule(inst: &RingInstance, flows: &[i64]) -> Result<Schedule, RedistError> {
    check_flows(inst, flows)?;
    let mut sim = Asap::new(inst, flows);
    for i in 0..sim.n {
        sim.try_start(i, 0.0);
    }
    let mut cands: Vec<usize> = Vec::new();
    while let Some(Reverse((bits, from, to))) = sim.heap.pop() {
        let t = f64::from_bits(bits);
        cands.clear();
        sim.arrive(from, to, &mut cands);
        while let Some(&Reverse((b, f, r))) = sim.heap.peek() {
            if b != bits {
                break;
            }
            sim.heap.pop();
            sim.arrive(f, r, &mut cands);
        }
        cands.sort_unstable();
        cands.dedup();
        for &i in &cands {
            sim.try_start(i, t);
        }
    }
    if let Some(i) = (0..sim.n).find(|&i| sim.rem[i] != [0, 0]) {
        return Err(RedistError::Stuck {
            processor: i,
            left: sim.rem[i][0] + sim.rem[i][1],
        });
    }
    Ok(Schedule::Timed(sim.blocks))
}

/// Err unless `flows` has one flow per processor of `inst`, meets δ, and moves at most
/// [`ASAP_MAX_ITEMS`] items.
fn check_flows(inst: &RingInstance, flows: &[i64]) -> Result<(), RedistError> {
    let n = inst.n();
    if flows.len() != n || n < 2 {
        return Err(RedistError::FlowCount {
            flows: flows.len(),
            n,
        });
    }
    for i in 0..n {
        let out = flows[i] - flows[(i + n - 1) % n];
        if out != inst.delta[i] {
            return Err(RedistError::FlowMismatch {
                processor: i,
                output: out,
                delta: inst.delta[i],
            });
        }
    }
    let total: i64 = flows.iter().map(|f| f.abs()).sum();
    if total > ASAP_MAX_ITEMS {
        return Err(RedistError::TooManyTransfers {
            transfers: total,
            limit: ASAP_MAX_ITEMS,
        });
    }
    Ok(())
}

/// The one-port simulation of [`asap_schedule`].
struct Asap {
    n: usize,
    /// rem[i][0]: items i → i+1, rem[i][1]: items i → i−1.
    rem: Vec<[i64; 2]>,
    /// The cost of one item on each of those links.
    cost: Vec<[f64; 2]>,
    /// Items each processor holds now.
    held: Vec<i64>,
    send_free: Vec<bool>,
    recv_free: Vec<bool>,
    blocks: Vec<Block>,
    /// The block last sent on each link, with the exact end time (bits) of its last item: the
    /// next item joins it only when it starts at that very instant (a relative tolerance
    /// would merge across a wait shorter than the tolerance — over costs spanning many
    /// decades a real gap — and the merged block would overlap another sender's item).
    last: Vec<[Option<(usize, u64)>; 2]>,
    /// Arrival events (time bits — monotone for t ≥ 0 —, from, to).
    heap: BinaryHeap<Reverse<(u64, usize, usize)>>,
}

impl Asap {
    fn new(inst: &RingInstance, flows: &[i64]) -> Asap {
        let n = inst.n();
        let mut sim = Asap {
            n,
            rem: Vec::with_capacity(n),
            cost: Vec::with_capacity(n),
            held: inst.loads.clone(),
            send_free: vec![true; n],
            recv_free: vec![true; n],
            blocks: Vec::new(),
            last: vec![[None, None]; n],
            heap: BinaryHeap::new(),
        };
        for i in 0..n {
            let (next, prev) = (sim.next(i), sim.prev(i));
            sim.rem.push([flows[i].max(0), (-flows[prev]).max(0)]);
            sim.cost.push([inst.cost(i, next), inst.cost(i, prev)]);
        }
        sim
    }

    fn next(&self, i: usize) -> usize {
        if i + 1 == self.n { 0 } else { i + 1 }
    }

    fn prev(&self, i: usize) -> usize {
        if i == 0 { self.n - 1 } else { i - 1 }
    }

    /// Processor `i` starts sending one item at time `t` if its send port is free, it holds an
    /// item and a receiver it owes items to is free (the direction with more remaining time
    /// first).
    fn try_start(&mut self, i: usize, t: f64) {
        if !self.send_free[i] || self.held[i] < 1 {
            return;
        }
        let to = [self.next(i), self.prev(i)];
        let work = |d: usize| self.rem[i][d] as f64 * self.cost[i][d];
        let order = if work(1) > work(0) { [1, 0] } else { [0, 1] };
        let Some(d) = order
            .into_iter()
            .find(|&d| self.rem[i][d] > 0 && self.recv_free[to[d]])
        else {
            return;
        };
        let c = self.cost[i][d];
        self.send_free[i] = false;
        self.recv_free[to[d]] = false;
        self.held[i] -= 1;
        self.rem[i][d] -= 1;
        let end = (t + c).to_bits();
        self.heap.push(Reverse((end, i, to[d])));
        match self.last[i][d] {
            Some((k, ref mut last_end)) if *last_end == t.to_bits() => {
                self.blocks[k].items += 1;
                *last_end = end;
            }
            _ => {
                self.last[i][d] = Some((self.blocks.len(), end));
                self.blocks.push(Block {
                    from: i,
                    to: to[d],
                    start: t,
                    items: 1,
                    unit: c,
                });
            }
        }
    }

    /// An item from `from` arrives at `to`: both ports free up, and the processors that may
    /// now start a send join `cands`.
    fn arrive(&mut self, from: usize, to: usize, cands: &mut Vec<usize>) {
        self.held[to] += 1;
        self.send_free[from] = true;
        self.recv_free[to] = true;
        cands.extend([from, to, self.prev(to), self.next(to)]);
    }
}

#[cfg(test)]
mod tests {
    use super::super::instance::Direction;
    use super::super::schedule::verify;
    use super::super::system6::solve_system6;
    use super::*;

    #[test]
    fn homogeneous_two_processors() {
        let inst = RingInstance::homogeneous(vec![3, -3], Direction::Bi, 2.0);
        let s = solve_system6(&inst);
        assert_eq!(s.tau_int, 6.0);
        assert_eq!(s.tau_rational, 6.0);
        // Any split of the 3 items over the two links is optimal.
        assert_eq!(s.optimal_x, (0, 3));
        assert!(s.light);
        let v = verify(&inst, &lemma9_schedule(&inst, &s));
        assert!(v.valid, "{v:?}");
    }
}
