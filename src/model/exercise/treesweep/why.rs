//! The words of the tree-sweep exercise: the algorithm's reasons, the hint, the legality
//! rules a move breaks and the optimality rule it misses, with the numbers.

use super::{
    BASE, Decision, INEQUALITY_4, ONE_AT_A_TIME, PRECEDENCE, RULE_A, RULE_B, START, Slot, TAKEN,
    TOP_CLUSTER, TreeExercise, is_below,
};
use crate::model::format::{Precision, number};
use crate::model::treesweep::Rule;
use crate::model::treesweep::finegrain::le;

impl TreeExercise {
    /// The reason of the algorithm's decision, with the numbers.
    pub fn explain(&self, d: &Decision) -> String {
        let t = self.last_start().unwrap_or(0.0);
        let v = d.node;
        match d.rule {
            Rule::Base => {
                format!("Step 1.1: processor 0 starts with the leftmost leaf, node {v}, at time 0")
            }
            Rule::Internal => format!(
                "rule (a): node {v} is eligible — both predecessors, nodes {} and {}, have \
                 AETs — so v_i = node {v}, AET = AET(v_(i−1)) + 1 = {}",
                2 * v,
                2 * v + 1,
                number(d.start, Precision::Table)
            ),
            Rule::Boundary => {
                let l = d.height;
                let at = if l >= 2 {
                    format!(
                        "AET = max(AET(v_(i−1)) + 1, T*({}) + τ) = max({}, {}) = {}",
                        l - 1,
                        number(t + 1.0, Precision::Table),
                        number(self.t_star(l - 1) + self.tau, Precision::Table),
                        number(d.start, Precision::Table)
                    )
                } else {
                    format!(
                        "AET = AET(v_(i−1)) + 1 = {} (a leaf)",
                        number(d.start, Precision::Table)
                    )
                };
                if !d.holds_4 {
                    return format!(
                        "rule (b): no node is eligible and no height from h_j = {} on meets \
                         (4) with a node that can still join the cluster; the lowest one that \
                         can is node {v} at height {l}: {at}",
                        d.from
                    );
                }
                let below = if l > d.from {
                    format!(
                        "; at ℓ = {} it fails: T*({}) + τ − 2 = {} < {}",
                        l - 1,
                        l - 1,
                        number(self.t_star(l - 1) + self.tau - 2.0, Precision::Table),
                        number(t, Precision::Table)
                    )
                } else {
                    String::new()
                };
                // The move and its start first: in a band of a few rows the reasons after
                // them may scroll, the start must not (it was cut at "… T*(1) + τ) =").
                format!(
                    "rule (b): no node is eligible, so v_i = node {v}, the leftmost node of \
                     height {l} not yet assigned: {at}; (4) AET(v_(i−1)) = {} ≤ T*(ℓ) + τ − 2 \
                     holds first at ℓ = {l} (T*({l}) + τ − 2 = {}{below})",
                    number(t, Precision::Table),
                    number(self.t_star(l) + self.tau - 2.0, Precision::Table)
                )
            }
        }
    }

    /// One part of the algorithm's decision and why.
    pub fn hint(&self) -> String {
        let Some(d) = self.decision() else {
            return "the root is placed: the clustering is complete".into();
        };
        let t = self.last_start().unwrap_or(0.0);
        match d.rule {
            Rule::Base => "Step 1.1: processor 0 starts with the leftmost leaf at time 0".into(),
            Rule::Internal => format!(
                "rule (a): a node is eligible — both its predecessors already ran on processor \
                 0 — so it runs next, at AET(v_(i−1)) + 1 = {}",
                number(t + 1.0, Precision::Table)
            ),
            Rule::Boundary if d.holds_4 => format!(
                "rule (b): no node is eligible; inequality (4) AET(v_(i−1)) = {} ≤ T*(ℓ) + τ \
                 − 2 holds first at height ℓ = {} (T*({}) + τ − 2 = {}), searching from h_j = {}",
                number(t, Precision::Table),
                d.height,
                d.height,
                number(self.t_star(d.height) + self.tau - 2.0, Precision::Table),
                d.from
            ),
            Rule::Boundary => format!(
                "rule (b): (4) cannot be met any more; take the lowest node that can still \
                 join the cluster, at height {}",
                d.height
            ),
        }
    }

    /// The first legality rule node v started at `start` breaks: (rule, why, where).
    pub(super) fn legal(
        &self,
        v: u64,
        start: Option<f64>,
    ) -> Result<(), (&'static str, String, u64)> {
        if let Some(s) = self.start_of(v) {
            return Err((
                TAKEN,
                format!(
                    "node {v} already runs on processor 0 (from {})",
                    number(s, Precision::Table)
                ),
                v,
            ));
        }
        if let Some(r) = self.external_root_above(v) {
            return Err((
                TAKEN,
                format!(
                    "node {v} lies in the external subtree of node {r}, which runs on other \
                     processors: its parent, node {}, is on processor 0 without it",
                    r / 2
                ),
                v,
            ));
        }
        if let Err(c) = self.joinable(v) {
            let below = self
                .placed
                .iter()
                .copied()
                .find(|&d| is_below(d, c))
                .unwrap_or(c);
            return Err((
                TOP_CLUSTER,
                format!(
                    "node {c}, a predecessor of node {v}, is not on processor 0, so it would be \
                     external with its whole subtree, yet node {below} below it is on \
                     processor 0; place node {c} first (up-sweep: children before parents)"
                ),
                c,
            ));
        }
        let Some(s) = start else {
            return Ok(());
        };
        let prev = self.last_start().map_or(0.0, |t| t + 1.0);
        if s.is_finite() && s > super::START_MAX {
            return Err((
                ONE_AT_A_TIME,
                format!(
                    "node {v} cannot start at {}: processor 0's clock runs to 2^40 here, where \
                     every time is exact",
                    number(s, Precision::Table)
                ),
                v,
            ));
        }
        if !s.is_finite() || !le(prev, s) {
            let why = match self.placed.last() {
                Some(&u) => format!(
                    "processor 0 runs one node at a time: v_(i−1) = node {u} runs until {}, \
                     so node {v} cannot start at {}",
                    number(prev, Precision::Table),
                    number(s, Precision::Table)
                ),
                None => format!(
                    "time starts at 0: node {v} cannot start at {}",
                    number(s, Precision::Table)
                ),
            };
            return Err((ONE_AT_A_TIME, why, v));
        }
        let (ready, last) = self.ready(v);
        if let Some(c) = last
            && !le(ready, s)
        {
            let why = if self.slot[c as usize] == Slot::Zero {
                format!(
                    "node {v} needs node {c}, which runs on processor 0 until {}: it cannot \
                     start at {}",
                    number(ready, Precision::Table),
                    number(s, Precision::Table)
                )
            } else {
                let h = self.node_height(c);
                format!(
                    "node {v} needs node {c}: its external subtree (height {h}) finishes at \
                     T*({h}) = {} elsewhere and the result arrives at T*({h}) + τ = {}, after {}",
                    number(self.t_star(h), Precision::Table),
                    number(ready, Precision::Table),
                    number(s, Precision::Table)
                )
            };
            return Err((PRECEDENCE, why, c));
        }
        Ok(())
    }

    /// The legal move (v at `start`) against the algorithm's decision: the rule it misses
    /// (None: the same) and why.
    pub(super) fn compare(
        &self,
        v: u64,
        start: f64,
        d: &Decision,
    ) -> (Option<&'static str>, String) {
        let reason = self.explain(d);
        if v == d.node {
            if le(start, d.start) {
                return (None, reason);
            }
            return (
                Some(START),
                format!(
                    "{reason}; you start it at {}, {} later: processor 0 idles",
                    number(start, Precision::Table),
                    number(start - d.start, Precision::Table)
                ),
            );
        }
        let chosen = format!("you chose node {v}");
        let hs = self.node_height(v);
        match d.rule {
            Rule::Base => (Some(BASE), format!("{reason}; {chosen}")),
            Rule::Internal => (
                Some(RULE_A),
                format!("{reason}; {chosen}, while an eligible node waits"),
            ),
            Rule::Boundary if hs == d.height => (
                Some(RULE_B),
                format!(
                    "(b)(i): at height {hs} v_i is the leftmost node not yet assigned, node {}; \
                     {chosen}",
                    d.node
                ),
            ),
            Rule::Boundary => (Some(INEQUALITY_4), self.wrong_height(v, start, d)),
        }
    }

    /// Why a boundary node at v's height is not the algorithm's.
    fn wrong_height(&self, v: u64, start: f64, d: &Decision) -> String {
        let t = self.last_start().unwrap_or(0.0);
        let hs = self.node_height(v);
        let bound = self.t_star(hs) + self.tau - 2.0;
        let alg = format!(
            "rule (b) takes node {} at height {} (AET {})",
            d.node,
            d.height,
            number(d.start, Precision::Table)
        );
        if !le(t, bound) {
            format!(
                "(4) fails at height {hs}: AET(v_(i−1)) = {} > T*({hs}) + τ − 2 = {}, so node \
                 {v} would start after T*({hs}) + τ − 1 (the MHB property: its subtree could run \
                 elsewhere and send its result sooner); {alg}",
                number(t, Precision::Table),
                number(bound, Precision::Table)
            )
        } else if hs > d.height {
            format!(
                "(4) already holds at height {} < {hs} and rule (b) takes the smallest such \
                 height: {alg}; node {v} starts at {}",
                d.height,
                number(start, Precision::Table)
            )
        } else {
            format!("{alg}; you chose node {v} at height {hs}")
        }
    }
}
