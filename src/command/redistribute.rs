//! The flags of `loadlab redistribute`: one run of a ring redistribution algorithm (Renard,
//! Robert & Vivien). Processors are numbered 1..n as in the paper.

use super::{Checked, CommandError, Output};
use crate::model::redistribute::instance::Direction;
use crate::model::redistribute::params::{Algorithm, LINK_COST, RedistParams};
use crate::model::redistribute::typed::InstanceText;
use crate::report::redistribute::Parts;

/// Flags of `loadlab redistribute`.
#[derive(Debug, clap::Args)]
pub struct RedistributeArgs {
    /// Unbalances δ_1..δ_n, comma-separated (Σδ = 0), 2 ≤ n ≤ 10 000, |δ_k| ≤ 10^9. A run
    /// may take at most 10^9 transfer steps (about 10 s) and 1 GB: Algorithm 1 keeps every
    /// round (about 7·10^6 rounds on 2 processors); Algorithm 3 checks its rounds as it plans
    /// them and keeps checkpoints only (8·10^7 rounds on 2 processors, some 10^5 on 10 000).
    // Required on the command line (clap says so); optional to a lesson check, whose reader
    // is the model's (`--delta: required (…)`): see [`super::parse`].
    #[arg(long, required = true, allow_hyphen_values = true)]
    pub delta: Option<String>,
    /// Initial loads L_1..L_n (default: the smallest Section 2 allows, max(1, 1 + δ_k)).
    #[arg(long, allow_hyphen_values = true)]
    pub loads: Option<String>,
    /// Uni- or bidirectional ring.
    #[arg(long, value_enum, default_value_t = RedistParams::default().instance.direction)]
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
    #[arg(long, value_enum, default_value_t = RedistParams::default().algorithm)]
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
    /// The instance and algorithm the flags describe (checked by the model's
    /// [`InstanceText`], as a lesson check's are).
    pub fn params(&self) -> Result<RedistParams, CommandError> {
        let instance = InstanceText {
            delta: self.delta.as_deref(),
            loads: self.loads.as_deref(),
            direction: self.direction,
            c: self.c.as_deref(),
            cw: self.cw.as_deref(),
            ccw: self.ccw.as_deref(),
        }
        .instance()
        .map_err(|e| CommandError(e.to_string()))?;
        Ok(RedistParams {
            instance,
            algorithm: self.algorithm,
            ..RedistParams::default()
        })
    }

    /// The optional parts the output flags ask for (the rounds listed for JSON with `--json`).
    pub fn parts(&self) -> Parts {
        Parts {
            schedule: self.rounds,
            tau_curve: self.tau_curve,
            json_listing: self.out.json,
            ..Parts::default()
        }
    }
}

impl Checked for Parts {}
