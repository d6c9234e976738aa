//! Why a run produced no schedule: the algorithm does not apply to the ring, the instance is too
//! large for it, or the loads or flows it was given cannot be scheduled. Processors are stored
//! 0-based and named 1-based (P1..Pn) in the messages, as in the paper.

use crate::model::format::{Precision, number};

/// An algorithm's refusal, with the message the CLI and the GUI show.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RedistError {
    /// The run's algorithm works in rounds of one link cost but the ring is heterogeneous.
    #[error(
        "{algorithm} works in rounds of one link cost: it needs a homogeneous ring (use \
         {instead} on heterogeneous links)"
    )]
    RoundsNeedHomogeneous {
        /// "Algorithm 1" or "Algorithm 3".
        algorithm: &'static str,
        /// What to run instead.
        instead: &'static str,
    },
    /// The run's algorithm sends both ways but the ring is unidirectional.
    #[error("{algorithm} sends both ways: it needs a bidirectional ring")]
    NeedsBidirectional {
        /// The algorithm's menu label.
        algorithm: &'static str,
    },
    /// Algorithm 1 called on a heterogeneous ring.
    #[error("Algorithm 1 needs a homogeneous ring (all links of the same cost); use Algorithm 2")]
    Alg1NeedsHomogeneous,
    /// Algorithm 3 called on a heterogeneous ring.
    #[error("Algorithm 3 needs a homogeneous ring (all links of the same cost)")]
    Alg3NeedsHomogeneous,
    /// Algorithm 1 or 2 would send more than [`MAX_ITEMS`](super::alg2::MAX_ITEMS) items one
    /// by one.
    #[error(
        "{algorithm} would transfer {items} items one by one, more than the limit of {limit}: \
         reduce the unbalances"
    )]
    TooManyItems {
        /// "Algorithm 1" or "Algorithm 2".
        algorithm: &'static str,
        /// Items it would send.
        items: u64,
        /// The limit.
        limit: u64,
    },
    /// Algorithm 3 would take more than
    /// [`ALG3_MAX_WORK`](super::alg3::ALG3_MAX_WORK) processor-rounds.
    #[error(
        "Algorithm 3 would run {rounds} rounds on {n} processors, more than the limit of \
         {limit} processor-rounds: reduce the unbalances"
    )]
    TooMuchWork {
        /// Lemma 6's number of rounds.
        rounds: u64,
        /// Processors.
        n: usize,
        /// The limit.
        limit: u64,
    },
    /// The run would exceed the model's budget
    /// ([`BUDGET`](super::params::BUDGET)): the message names the estimate and the limit.
    #[error("{0}")]
    Budget(String),
    /// Algorithm 2: a processor has to forward more items than it holds and receives.
    #[error(
        "P{} must forward {} but holds L = {load} and receives only {receives} (the loads \
         violate L_k ≥ 1 + δ_k)",
        .processor + 1,
        crate::model::words::count(.items, "item")
    )]
    CannotForward {
        /// 0-based processor.
        processor: usize,
        /// Items it must send.
        items: u64,
        /// Items it holds initially.
        load: u64,
        /// Items its predecessor sends it.
        receives: i64,
    },
    /// System 12 is infeasible: two processors' loads bound R_1 from both sides, and the
    /// bounds cross.
    #[error(
        "no light solution: P{pi} holds L = {}, so it can send at most {low_load} \
         to P{pp} (R_{pp} ≥ {low_flow}, i.e. R_1 ≥ {low_x}), but P{pj} holds L = {high_load}, so \
         it can send at most {high_load} to P{pn} (R_{pj} ≤ {high_flow}, i.e. R_1 ≤ {high_x}); \
         System 12 is infeasible",
        crate::model::words::count(.low_load, "item"),
        pi = .low + 1,
        pp = .low_to + 1,
        pj = .high + 1,
        pn = .high_to + 1
    )]
    NoLightSolution {
        /// 0-based processor whose load gives the lower bound on R_1.
        low: usize,
        /// Its load.
        low_load: i64,
        /// Its predecessor (0-based), to which it would send too much.
        low_to: usize,
        /// The smallest net flow allowed on the link from `low_to` onwards.
        low_flow: i64,
        /// The lower bound on R_1.
        low_x: i64,
        /// 0-based processor whose load gives the upper bound on R_1.
        high: usize,
        /// Its load.
        high_load: i64,
        /// Its successor (0-based), to which it would send too much.
        high_to: usize,
        /// The largest net flow allowed on its outgoing link.
        high_flow: i64,
        /// The upper bound on R_1.
        high_x: i64,
    },
    /// [`asap_schedule`](super::lemma9::asap_schedule) got a flow vector of the wrong length.
    #[error("{flows} flows for {n} processors")]
    FlowCount {
        /// Flows given.
        flows: usize,
        /// Processors.
        n: usize,
    },
    /// The flows do not move δ_k out of some processor.
    #[error("the flows give P{} a net output of {output}, but δ = {delta}", .processor + 1)]
    FlowMismatch {
        /// 0-based processor.
        processor: usize,
        /// Net output of the flows.
        output: i64,
        /// Its δ.
        delta: i64,
    },
    /// The item-by-item simulation would exceed
    /// [`ASAP_MAX_ITEMS`](super::lemma9::ASAP_MAX_ITEMS) transfers.
    #[error("{transfers} item transfers: the item-by-item simulation is limited to {limit}")]
    TooManyTransfers {
        /// Σ |flows|.
        transfers: i64,
        /// The limit.
        limit: i64,
    },
    /// The simulation ended with items left to send.
    #[error(
        "P{} is stuck with {} left to send and none to send them from (are the loads \
         valid?)",
        .processor + 1,
        crate::model::words::count(.left, "item")
    )]
    Stuck {
        /// 0-based processor.
        processor: usize,
        /// Items it still had to send.
        left: i64,
    },
    /// The exact search needs costs that are small integer multiples of one unit.
    #[error(
        "the exact search needs link costs that are integer multiples of one unit, at most \
         {steps} units each (e.g. 1, 2, 3.5 — not 1 and π): entry {} ({cost}) does not fit \
         with the others (the cheapest link costs {cheapest})",
        .entry + 1
    )]
    ExactCosts {
        /// Most units per link.
        steps: u32,
        /// The cost that does not fit: a counter-clockwise one (else clockwise)…
        ccw: bool,
        /// …at this 0-based entry…
        entry: usize,
        /// …and its value.
        cost: f64,
        /// The cheapest link's cost.
        cheapest: f64,
    },
    /// The exact search stopped at its own limit before proving the optimum.
    #[error("the exact search gave up after {what} without proving the optimum: a smaller ring")]
    ExactGaveUp {
        /// The limit reached.
        what: String,
    },
    /// The costs span too many decades for floating-point times: the schedule's cheapest
    /// transfer lasts less than [`TIME_RESOLUTION`](super::run::TIME_RESOLUTION) of its
    /// makespan, below what its times and the one-port check can tell apart.
    #[error(
        "the link costs span too many decades for floating-point times: the schedule's \
         cheapest transfer (cost {}) lasts less than 10^-8 × its makespan ({}), too short for \
         its times to be told apart; give costs that span fewer decades",
        number(*.cost, Precision::Exact),
        number(*.makespan, Precision::Exact)
    )]
    TimeResolution {
        /// The cheapest cost a transfer of the schedule uses.
        cost: f64,
        /// The schedule's makespan.
        makespan: f64,
    },
    /// The same limit reached by the unbalances, not by the costs: the makespan is more than
    /// 1/[`TIME_RESOLUTION`](super::run::TIME_RESOLUTION) times even the dearest transfer of
    /// the schedule (all costs equal, or the items too many whatever they cost).
    #[error(
        "the unbalances are too large for floating-point times: the schedule's makespan ({}) \
         is more than 10^8 times its cheapest transfer (cost {}), too many transfers in a row \
         for their times to be told apart; give smaller unbalances",
        number(*.makespan, Precision::Exact),
        number(*.cost, Precision::Exact)
    )]
    TimeResolutionItems {
        /// The cheapest cost a transfer of the schedule uses.
        cost: f64,
        /// The schedule's makespan.
        makespan: f64,
    },
}

impl RedistError {
    /// The parameter a refusal is about: "delta" for [`RedistError::Budget`] (the unbalances
    /// make the run large), "algorithm" for every other refusal.
    pub fn field(&self) -> &'static str {
        match self {
            RedistError::Budget(_)
            | RedistError::ExactGaveUp { .. }
            | RedistError::TimeResolutionItems { .. } => "delta",
            RedistError::ExactCosts { ccw: true, .. } => "ccw",
            RedistError::ExactCosts { .. } => "cw",
            RedistError::TimeResolution { .. } => "cw",
            _ => "algorithm",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RedistError;

    /// One item is "1 item" (the messages wrote "1 items").
    #[test]
    fn one_item_is_singular() {
        let forward = |processor, items| {
            RedistError::CannotForward {
                processor,
                items,
                load: 2,
                receives: 0,
            }
            .to_string()
        };
        let one = forward(0, 1);
        assert!(
            one.starts_with("P1 must forward 1 item but holds L = 2"),
            "{one}"
        );
        let three = forward(2, 3);
        assert!(three.starts_with("P3 must forward 3 items but"), "{three}");
    }
}
