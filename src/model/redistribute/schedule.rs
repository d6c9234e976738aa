//! Schedules produced by the algorithms and the independent checker every run goes through.
//!
//! Two shapes: round-based schedules (Algorithms 1 and 3: every send of a round occupies the
//! interval [(s − 1)c, s·c[ of its link) and timed schedules (Algorithm 2, Lemma 9: blocks of
//! back-to-back items on one link). The checker never trusts the algorithm: it replays the
//! items and reports the first violations of
//!
//! * neighbourhood and direction (a unidirectional ring only has the links P_i → P_{i+1}),
//! * the one-port model (one send and one receive at a time per processor),
//! * possession (a processor never starts sending an item it does not hold; an item can be
//!   forwarded from the instant it has arrived),
//! * conservation and the final loads L_k − δ_k.

use super::instance::RingInstance;
pub use super::rounds::Rounds;
use super::send::Send;

/// A block of `items` items sent back to back on one link, starting at `start`; each item
/// takes `unit` (the link cost).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Block {
    /// Sender (0-based).
    pub from: usize,
    /// Receiver (0-based).
    pub to: usize,
    /// Start of the first item.
    pub start: f64,
    /// Number of items (≥ 1).
    pub items: u64,
    /// Time per item.
    pub unit: f64,
}

impl Block {
    /// End of the last item.
    pub fn end(&self) -> f64 {
        self.start + self.items as f64 * self.unit
    }
}

/// A schedule in either shape.
#[derive(Debug, Clone, PartialEq)]
pub enum Schedule {
    /// `rounds.get(s)` lists the sends of round s + 1; every round lasts `c`.
    Rounds {
        /// Sends per round (listed, or planned again when read).
        rounds: Rounds,
        /// Round length (the homogeneous link cost).
        c: f64,
    },
    /// Blocks of items on links.
    Timed(Vec<Block>),
}

/// Event times of a timed schedule (0, then block starts and ends), sorted and unique: the
/// positions of its step bar.
pub fn event_times(blocks: &[Block]) -> Vec<f64> {
    let mut t: Vec<f64> = blocks
        .iter()
        .flat_map(|b| [b.start, b.end()])
        .chain(std::iter::once(0.0))
        .collect();
    t.sort_by(f64::total_cmp);
    t.dedup_by(|a, b| (*a - *b).abs() <= 1e-9 * a.abs().max(1.0));
    t
}

impl Schedule {
    /// Positions of the step bar: every round then the end state, or every event time.
    pub fn step_positions(&self) -> usize {
        match self {
            Schedule::Rounds { rounds, .. } => rounds.len() + 1,
            Schedule::Timed(blocks) => event_times(blocks).len(),
        }
    }

    /// Completion time of the last transfer (0 when nothing moves).
    pub fn makespan(&self) -> f64 {
        match self {
            Schedule::Rounds { rounds, c } => rounds.len() as f64 * c,
            Schedule::Timed(blocks) => blocks.iter().map(Block::end).fold(0.0, f64::max),
        }
    }

    /// Number of transfers: sends of a round-based schedule, blocks of a timed one (what
    /// [`Schedule::blocks`] would build, counted without building it).
    pub fn transfer_count(&self) -> usize {
        match self {
            Schedule::Rounds { rounds, .. } => rounds.send_count(),
            Schedule::Timed(b) => b.len(),
        }
    }

    /// Number of rounds (0 for a timed schedule).
    pub fn round_count(&self) -> usize {
        match self {
            Schedule::Rounds { rounds, .. } => rounds.len(),
            Schedule::Timed(_) => 0,
        }
    }

    /// Every transfer as timed blocks (a round send becomes a one-item block); for drawing
    /// (check [`Schedule::transfer_count`] first: a round-based schedule may have millions).
    pub fn blocks(&self) -> Vec<Block> {
        match self {
            Schedule::Timed(b) => b.clone(),
            Schedule::Rounds { rounds, c } => rounds
                .iter()
                .enumerate()
                .flat_map(|(s, sends)| {
                    sends.into_owned().into_iter().map(move |x| Block {
                        from: x.from as usize,
                        to: x.to as usize,
                        start: s as f64 * c,
                        items: 1,
                        unit: *c,
                    })
                })
                .collect(),
        }
    }

    /// Net items sent over each link P_i → P_{i+1} (entry i, 0-based; negative: the other
    /// way).
    pub fn flows(&self, n: usize) -> Vec<i64> {
        if let Schedule::Rounds { rounds, .. } = self {
            return rounds.flows(n);
        }
        let mut f = vec![0i64; n];
        let mut add = |from: usize, to: usize, k: i64| {
            if to == (from + 1) % n {
                f[from] += k;
            } else {
                f[to] -= k;
            }
        };
        if let Schedule::Timed(blocks) = self {
            for b in blocks {
                add(b.from, b.to, b.items as i64);
            }
        }
        f
    }
}

/// Outcome of the checker.
#[derive(Debug, Clone, PartialEq)]
pub struct Verification {
    /// True when no violation was found.
    pub valid: bool,
    /// The first violations found (at most [`MAX_VIOLATIONS`]), in the order of the checks.
    pub violations: Vec<String>,
}

/// At most this many violations are kept.
pub const MAX_VIOLATIONS: usize = 20;

/// Item events (arrivals and send starts) the possession check replays at most, over all
/// processors, before it gives up and reports the schedule as unchecked.
pub const REPLAY_BUDGET: u64 = 1_000_000_000;

/// Relative tolerance on times (costs are reals).
const EPS: f64 = 1e-9;

struct Report(Vec<String>);

impl Report {
    fn push(&mut self, s: String) {
        if self.0.len() < MAX_VIOLATIONS {
            self.0.push(s);
        }
    }
    fn full(&self) -> bool {
        self.0.len() >= MAX_VIOLATIONS
    }
}

fn link_ok(inst: &RingInstance, from: usize, to: usize, r: &mut Report, at: &str) -> bool {
    let n = inst.n();
    // (i + 1) mod n without a division: this runs once per send (10^8 on large rings).
    let succ = |i: usize| if i + 1 == n { 0 } else { i + 1 };
    let ok = from < n
        && to < n
        && (to == succ(from)
            || (inst.direction == super::instance::Direction::Bi && succ(to) == from));
    if !ok {
        r.push(format!(
            "{at}: P{} → P{} is not a link of this {} ring",
            from + 1,
            to + 1,
            if inst.direction == super::instance::Direction::Bi {
                "bidirectional"
            } else {
                "unidirectional"
            }
        ));
    }
    ok
}

fn check_final(inst: &RingInstance, net_out: &[i64], r: &mut Report) {
    for (i, (&d, &out)) in inst.delta.iter().zip(net_out).enumerate() {
        if d != out {
            r.push(format!(
                "conservation: P{} ends with {}, expected L − δ = {} (it sent {} more than \
                 it received, δ = {d})",
                i + 1,
                crate::model::words::count(inst.loads[i] - out, "item"),
                inst.loads[i] - d,
                out
            ));
        }
        if r.full() {
            return;
        }
    }
}

/// Which rule of the model a send of a round breaks (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoundRule {
    /// The send does not follow a link of the ring (not neighbours, or against a
    /// unidirectional ring's direction).
    Neighbours,
    /// A processor sends twice or receives twice in the round.
    OnePort,
    /// The sender holds no item at the start of the round.
    Possession,
}

/// One violation found in a round: the rule, the send (0-based processors) and the message.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundViolation {
    /// The rule broken.
    pub rule: RoundRule,
    /// The offending send's sender (may be out of range for [`RoundRule::Neighbours`]).
    pub from: u32,
    /// The offending send's receiver.
    pub to: u32,
    /// The checker's wording ("round 3: one-port violated, P2 sends twice").
    pub message: String,
}

/// The per-round part of the checker, kept between rounds so that a round costs only its
/// sends (who already sent or received in the round being checked).
#[derive(Debug, Clone, Default)]
pub struct RoundChecker {
    sending: Vec<u32>,
    receiving: Vec<u32>,
    round: u32,
}

impl RoundChecker {
    /// A checker for rings of `n` processors.
    pub fn new(n: usize) -> RoundChecker {
        RoundChecker {
            sending: vec![u32::MAX; n],
            receiving: vec![u32::MAX; n],
            round: 0,
        }
    }

    /// Checks one round (`label`, e.g. "round 3") against the loads at its start: links,
    /// one-port and possession, every violation handed to `found` in send order. Does not
    /// apply the sends.
    pub fn check(
        &mut self,
        inst: &RingInstance,
        load: &[i64],
        label: &str,
        sends: &[Send],
        mut found: impl FnMut(RoundViolation),
    ) {
        let n = inst.n();
        if self.sending.len() != n {
            *self = RoundChecker::new(n);
        }
        self.round = self.round.wrapping_add(1);
        let round = self.round;
        let mut report = |rule, x: &Send, message| {
            found(RoundViolation {
                rule,
                from: x.from,
                to: x.to,
                message,
            })
        };
        for x in sends {
            let (f, t) = (x.from as usize, x.to as usize);
            let mut r = Report(Vec::new());
            if !link_ok(inst, f, t, &mut r, label) {
                report(RoundRule::Neighbours, x, r.0.remove(0));
                continue;
            }
            if self.sending[f] == round {
                report(
                    RoundRule::OnePort,
                    x,
                    format!("{label}: one-port violated, P{} sends twice", f + 1),
                );
            }
            if self.receiving[t] == round {
                report(
                    RoundRule::OnePort,
                    x,
                    format!("{label}: one-port violated, P{} receives twice", t + 1),
                );
            }
            self.sending[f] = round;
            self.receiving[t] = round;
            if load.get(f).copied().unwrap_or(0) < 1 {
                report(
                    RoundRule::Possession,
                    x,
                    format!(
                        "{label}: P{} sends an item it does not hold (it holds {} at the start \
                         of the round)",
                        f + 1,
                        load.get(f).copied().unwrap_or(0)
                    ),
                );
            }
        }
    }
}

/// Applies a round's sends to the loads (sends outside the ring are skipped).
pub fn apply_round(load: &mut [i64], sends: &[Send]) {
    let n = load.len();
    for x in sends {
        let (f, t) = (x.from as usize, x.to as usize);
        if f < n && t < n {
            load[f] -= 1;
            load[t] += 1;
        }
    }
}

/// Checks a round-based schedule: every round is one-port, every sender holds an item at the
/// start of the round (an item received during a round arrives at its end), final loads.
/// The rounds are read once, in order (a generated schedule's are planned again one at a
/// time).
pub fn verify_rounds<R: AsRef<[Send]>>(
    inst: &RingInstance,
    rounds: impl IntoIterator<Item = R>,
) -> Verification {
    let mut v = RoundsVerifier::new(inst);
    for sends in rounds {
        if v.full() {
            break;
        }
        v.push(sends.as_ref());
    }
    v.finish()
}

/// The checker of [`verify_rounds`] fed one round at a time, as an algorithm plans them
/// (Algorithm 3's run is checked while it runs, without keeping its rounds).
pub struct RoundsVerifier<'a> {
    inst: &'a RingInstance,
    r: Report,
    load: Vec<i64>,
    checker: RoundChecker,
    round: usize,
}

impl<'a> RoundsVerifier<'a> {
    /// Before round 1, at the instance's loads.
    pub fn new(inst: &'a RingInstance) -> RoundsVerifier<'a> {
        RoundsVerifier {
            inst,
            r: Report(Vec::new()),
            load: inst.loads.clone(),
            checker: RoundChecker::new(inst.n()),
            round: 0,
        }
    }

    /// As many violations as are kept were found: later rounds are not examined.
    pub fn full(&self) -> bool {
        self.r.full()
    }

    /// Checks the next round and applies its sends.
    pub fn push(&mut self, sends: &[Send]) {
        self.round += 1;
        if self.r.full() {
            return;
        }
        let at = format!("round {}", self.round);
        let r = &mut self.r;
        self.checker
            .check(self.inst, &self.load, &at, sends, |v| r.push(v.message));
        apply_round(&mut self.load, sends);
    }

    /// The final loads checked; the verdict.
    pub fn finish(mut self) -> Verification {
        let net_out: Vec<i64> = (self.inst.loads.iter().zip(&self.load))
            .map(|(a, b)| a - b)
            .collect();
        check_final(self.inst, &net_out, &mut self.r);
        Verification {
            valid: self.r.0.is_empty(),
            violations: self.r.0,
        }
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= EPS * a.abs().max(b.abs()).max(1.0)
}

/// Checks a timed schedule (see the module doc).
pub fn verify_timed(inst: &RingInstance, blocks: &[Block]) -> Verification {
    let n = inst.n();
    let mut r = Report(Vec::new());
    let mut sends: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut recvs: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut net_out = vec![0i64; n];
    for (k, b) in blocks.iter().enumerate() {
        let at = format!("t = {}", b.start);
        if !link_ok(inst, b.from, b.to, &mut r, &at) {
            continue;
        }
        let cost = inst.cost(b.from, b.to);
        if !close(b.unit, cost) || b.items == 0 || !b.start.is_finite() || b.start < -EPS {
            r.push(format!(
                "{at}: P{} → P{} sends {} at {} per item but the link costs {cost}",
                b.from + 1,
                b.to + 1,
                crate::model::words::count(b.items, "item"),
                b.unit
            ));
            continue;
        }
        sends[b.from].push(k);
        recvs[b.to].push(k);
        net_out[b.from] += b.items as i64;
        net_out[b.to] -= b.items as i64;
    }
    let mut one_port_ok = vec![true; n];
    for (what, lists) in [("sends", &mut sends), ("receives", &mut recvs)] {
        for (p, list) in lists.iter_mut().enumerate() {
            list.sort_by(|&a, &b| blocks[a].start.total_cmp(&blocks[b].start));
            for w in list.windows(2) {
                let (a, b) = (&blocks[w[0]], &blocks[w[1]]);
                if b.start < a.end() && !close(b.start, a.end()) {
                    r.push(format!(
                        "one-port violated: P{} {what} two items at once (t = {} and t = {} < \
                         {})",
                        p + 1,
                        a.start,
                        b.start,
                        a.end()
                    ));
                    one_port_ok[p] = false;
                    break;
                }
            }
        }
    }
    // Possession: replay the item arrivals and send starts of each processor in time order
    // (arrivals first at equal times, so an item can be forwarded the instant it arrives).
    // A processor that sends at most L_k items in all holds every one of them from the start
    // (the light case): nothing to replay.
    let mut budget = REPLAY_BUDGET;
    for p in 0..n {
        if r.full() || !one_port_ok[p] {
            continue;
        }
        let sent: u64 = sends[p].iter().map(|&k| blocks[k].items).sum();
        if sent <= inst.loads[p].max(0) as u64 {
            continue;
        }
        let received: u64 = recvs[p].iter().map(|&k| blocks[k].items).sum();
        if sent + received > budget {
            r.push(format!(
                "possession of P{} not checked: replaying its {} items would exceed the \
                 checker's budget of {REPLAY_BUDGET} item events",
                p + 1,
                sent + received
            ));
            break;
        }
        budget -= sent + received;
        let mut arrivals = recvs[p].iter().flat_map(|&k| {
            let b = blocks[k];
            (1..=b.items).map(move |j| b.start + j as f64 * b.unit)
        });
        let mut starts = sends[p].iter().flat_map(|&k| {
            let b = blocks[k];
            (0..b.items).map(move |j| b.start + j as f64 * b.unit)
        });
        let mut held = inst.loads[p];
        let mut next_arrival = arrivals.next();
        for t in starts.by_ref() {
            while let Some(a) = next_arrival {
                if a <= t || close(a, t) {
                    held += 1;
                    next_arrival = arrivals.next();
                } else {
                    break;
                }
            }
            if held < 1 {
                r.push(format!(
                    "P{} starts sending an item at t = {t} but holds none (L = {}, the next item \
                     arrives at t = {})",
                    p + 1,
                    inst.loads[p],
                    next_arrival.map_or("never".to_string(), |a| a.to_string())
                ));
                break;
            }
            held -= 1;
        }
    }
    check_final(inst, &net_out, &mut r);
    Verification {
        valid: r.0.is_empty(),
        violations: r.0,
    }
}

/// Checks either shape.
pub fn verify(inst: &RingInstance, schedule: &Schedule) -> Verification {
    match schedule {
        Schedule::Rounds { rounds, c } => {
            let mut v = verify_rounds(inst, rounds.iter());
            check_round_length(inst, *c, rounds.send_count(), &mut v);
            v
        }
        Schedule::Timed(blocks) => verify_timed(inst, blocks),
    }
}

/// The part of [`verify`] on a round-based schedule that is not about its rounds: rounds of
/// length `c` need links of cost `c` (`sends`: how many sends the schedule has).
pub fn check_round_length(inst: &RingInstance, c: f64, sends: usize, v: &mut Verification) {
    if let Some(u) = inst.uniform_cost()
        && !close(u, c)
    {
        v.valid = false;
        v.violations
            .insert(0, format!("rounds last {c} but the links cost {u}"));
    } else if inst.uniform_cost().is_none() && sends > 0 {
        v.valid = false;
        v.violations.insert(
            0,
            "a round-based schedule needs a homogeneous ring (links of different costs \
             cannot share one round length)"
                .into(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::instance::{Direction, RingInstance};
    use super::*;

    fn two() -> RingInstance {
        RingInstance::homogeneous(vec![1, -1, 0], Direction::Uni, 1.0)
    }

    #[test]
    fn accepts_a_correct_round() {
        let v = verify_rounds(
            &two(),
            &[vec![Send {
                from: 0,
                to: 1,
                step: 0,
            }]],
        );
        assert!(v.valid, "{v:?}");
    }

    #[test]
    fn catches_wrong_direction_and_final_loads() {
        let v = verify_rounds(
            &two(),
            &[vec![Send {
                from: 1,
                to: 0,
                step: 0,
            }]],
        );
        assert!(!v.valid);
        assert!(v.violations[0].contains("not a link"));
        let v = verify_rounds(&two(), Vec::<Vec<Send>>::new());
        assert!(v.violations[0].contains("conservation"));
    }

    #[test]
    fn catches_sending_what_is_not_held() {
        // A chain P1 → P2 → P3 of two items; P2 holds one item at t = 0.
        let block = |from: usize, start: f64| Block {
            from,
            to: from + 1,
            start,
            items: 2,
            unit: 1.0,
        };
        let mut inst = RingInstance::homogeneous(vec![2, 0, -2], Direction::Uni, 1.0);
        inst.loads = vec![3, 1, 1];
        // P2 forwards its own item first and the one that arrives at t = 1 next.
        let v = verify(&inst, &Schedule::Timed(vec![block(0, 0.0), block(1, 0.0)]));
        assert!(v.valid, "{v:?}");
        // With P1 half a unit late, P2's second send (t = 1) precedes the arrival (t = 1.5).
        let v = verify(&inst, &Schedule::Timed(vec![block(0, 0.5), block(1, 0.0)]));
        assert!(!v.valid);
        assert!(v.violations[0].contains("holds none"), "{v:?}");
    }

    #[test]
    fn catches_one_port_in_time() {
        let inst = RingInstance::homogeneous(vec![2, -1, -1], Direction::Bi, 1.0);
        let s = Schedule::Timed(vec![
            Block {
                from: 0,
                to: 1,
                start: 0.0,
                items: 1,
                unit: 1.0,
            },
            Block {
                from: 0,
                to: 2,
                start: 0.5,
                items: 1,
                unit: 1.0,
            },
        ]);
        let v = verify(&inst, &s);
        assert!(v.violations[0].contains("one-port"), "{v:?}");
        assert_eq!(s.flows(3), vec![1, 0, -1]);
    }
}
