//! `loadlab redistribute`: one run of a ring redistribution algorithm (Renard, Robert &
//! Vivien), printed as JSON, text or CSV. Processors are numbered 1..n as in the paper.

use super::{CliError, Output, model_output};
use crate::model::NoProgress;
use crate::model::redistribute::editing::{parse_cost_vector, parse_int_vector};
use crate::model::redistribute::instance::{Costs, Direction, Field, RingInstance, minimal_loads};
use crate::model::redistribute::params::{Algorithm, LINK_COST, RedistParams};
use crate::report::redistribute::Parts;

/// Flags of `loadlab redistribute`.
#[derive(Debug, clap::Args)]
pub struct RedistributeArgs {
    /// Unbalances δ_1..δ_n, comma-separated (Σδ = 0), 2 ≤ n ≤ 10 000, |δ_k| ≤ 10^9. A run
    /// may take at most 10^9 transfer steps (about 10 s) and 1 GB: round-based algorithms keep
    /// every round, about 7·10^6 rounds on 2 processors.
    #[arg(long, allow_hyphen_values = true)]
    pub delta: String,
    /// Initial loads L_1..L_n (default: the smallest Section 2 allows, max(1, 1 + δ_k)).
    #[arg(long, allow_hyphen_values = true)]
    pub loads: Option<String>,
    /// Uni- or bidirectional ring.
    #[arg(long, value_enum, default_value = "bi")]
    pub direction: Direction,
    #[arg(long, help = LINK_COST.help, conflicts_with_all = ["cw", "ccw"], allow_hyphen_values = true)]
    pub c: Option<String>,
    /// Clockwise costs: entry i is c_{i,i+1}.
    #[arg(long, allow_hyphen_values = true)]
    pub cw: Option<String>,
    /// Counter-clockwise costs: entry i is c_{i,i−1} (bidirectional rings).
    #[arg(long, allow_hyphen_values = true)]
    pub ccw: Option<String>,
    /// Algorithm.
    #[arg(long, value_enum, default_value = "auto")]
    pub algorithm: Algorithm,
    /// Add the schedule: one list of sends per round (or the timed transfers). Refused when
    /// listing it would take more than 1 GB (about 1.2 kB per transfer: some 8·10^5
    /// transfers).
    #[arg(long)]
    pub rounds: bool,
    /// Add `system6_curve`: System 6's time τ(R_1) against R_1, the items P_1 sends to P_2
    /// (Lemma 10), around the rational optimum, with ⌊R_1*⌋ and ⌈R_1*⌉ and their τ
    /// (Proposition 1). Only for the algorithms that solve System 6 or 12 (lp, lp-load,
    /// lp-forward, or auto on a heterogeneous bidirectional ring).
    #[arg(long)]
    pub tau_curve: bool,
    /// Output format.
    #[command(flatten)]
    pub out: Output,
}

impl RedistributeArgs {
    /// The instance and algorithm the flags describe (checked).
    pub fn params(&self) -> Result<RedistParams, CliError> {
        let delta = parse_int_vector(&self.delta).map_err(|e| CliError(format!("--delta: {e}")))?;
        let loads = match &self.loads {
            Some(t) => parse_int_vector(t).map_err(|e| CliError(format!("--loads: {e}")))?,
            None => minimal_loads(&delta),
        };
        let direction = self.direction;
        // On a 2-ring P_{i−1} = P_{i+1}: every item P_i sends is charged at c_{i,i+1}, so
        // counter-clockwise costs would be silently ignored.
        let two_ring = delta.len() == 2;
        if two_ring && self.ccw.is_some() {
            return Err(CliError(
                "--ccw: on a 2-ring P_{i−1} = P_{i+1}, and every item P_i sends costs                  c_{i,i+1}: give --cw only"
                    .into(),
            ));
        }
        let costs = match (&self.c, &self.cw, &self.ccw) {
            (Some(c), _, _) => {
                let c = super::real(c).map_err(|e| CliError(format!("--c: {e}")))?;
                Costs::Homogeneous(c)
            }
            (None, None, None) => Costs::Homogeneous(1.0),
            (None, Some(cw), ccw) => {
                let cw = parse_cost_vector(cw).map_err(|e| CliError(format!("--cw: {e}")))?;
                let ccw = match (ccw, direction) {
                    (Some(t), Direction::Bi) => {
                        parse_cost_vector(t).map_err(|e| CliError(format!("--ccw: {e}")))?
                    }
                    (Some(_), Direction::Uni) => {
                        return Err(CliError(
                            "--ccw: a unidirectional ring has no links P_i → P_{i−1}".into(),
                        ));
                    }
                    (None, Direction::Bi) if two_ring => cw.clone(),
                    (None, Direction::Bi) => {
                        return Err(CliError(
                            "--ccw: a bidirectional ring with --cw also needs the costs \
                             c_{i,i−1}"
                                .into(),
                        ));
                    }
                    (None, Direction::Uni) => cw.clone(),
                };
                Costs::Heterogeneous { cw, ccw }
            }
            (None, None, Some(_)) => {
                return Err(CliError("--ccw needs --cw (the costs c_{i,i+1})".into()));
            }
        };
        let instance = RingInstance {
            delta,
            loads,
            direction,
            costs,
        };
        if let Err(errors) = instance.validate() {
            let e = &errors[0];
            let flag = match e.field {
                Field::N | Field::Delta => "delta",
                Field::Loads => "loads",
                Field::C => "c",
                Field::Cw => "cw",
                Field::Ccw => "ccw",
            };
            return Err(CliError(format!("--{flag}: {}", e.message)));
        }
        Ok(RedistParams {
            instance,
            algorithm: self.algorithm,
            ..RedistParams::default()
        })
    }
}

/// Runs `loadlab redistribute`.
pub fn execute(a: &RedistributeArgs) -> Result<String, CliError> {
    let parts = Parts {
        schedule: a.rounds,
        tau_curve: a.tau_curve,
        ..Parts::default()
    };
    model_output(a.out, a.params()?, |p| parts.build(p, &NoProgress))
}
