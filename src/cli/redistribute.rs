//! `loadlab redistribute`: one run of a ring redistribution algorithm (Renard, Robert &
//! Vivien), printed as JSON or text. Processors are numbered 1..n as in the paper.

use std::fmt::Write as _;

use clap::ValueEnum;
use serde_json::{Value, json};

use super::CliError;
use crate::model::redistribute::editing::{parse_cost_vector, parse_int_vector};
use crate::model::redistribute::instance::{Costs, Direction, RingInstance, minimal_loads};
use crate::model::redistribute::params::{Algorithm, RedistParams};
use crate::model::redistribute::run::{RunReport, run};
use crate::model::redistribute::schedule::Schedule;

/// Ring direction on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RingDirectionArg {
    /// P_i only sends to P_{i+1}.
    Uni,
    /// P_i sends to either neighbour, one at a time.
    Bi,
}

/// Algorithm on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum AlgorithmArg {
    /// The paper's algorithm for the ring type.
    Auto,
    /// Algorithm 1 (homogeneous).
    Alg1,
    /// Algorithm 2 (asynchronous, unidirectional sends).
    Alg2,
    /// Algorithm 3, corrected (homogeneous bidirectional).
    Alg3,
    /// Algorithm 3 as printed.
    Alg3Literal,
    /// System 6 (integer optimum) with Lemma 9's schedule.
    Lp,
    /// System 12 (System 6 + load constraint) with Lemma 9's schedule.
    LpLoad,
    /// System 6's flows scheduled as soon as possible with forwarding (any loads).
    LpForward,
}

/// Flags of `loadlab redistribute`.
#[derive(Debug, clap::Args)]
pub struct RedistributeArgs {
    /// Unbalances δ_1..δ_n, comma-separated (Σδ = 0).
    #[arg(long, allow_hyphen_values = true)]
    pub delta: String,
    /// Initial loads L_1..L_n (default: the smallest Section 2 allows, max(1, 1 + δ_k)).
    #[arg(long, allow_hyphen_values = true)]
    pub loads: Option<String>,
    /// Uni- or bidirectional ring.
    #[arg(long, value_enum, default_value = "bi")]
    pub direction: RingDirectionArg,
    /// One cost for every link (default 1).
    #[arg(long, conflicts_with_all = ["cw", "ccw"], allow_hyphen_values = true)]
    pub c: Option<String>,
    /// Clockwise costs: entry i is c_{i,i+1}.
    #[arg(long, allow_hyphen_values = true)]
    pub cw: Option<String>,
    /// Counter-clockwise costs: entry i is c_{i,i−1} (bidirectional rings).
    #[arg(long, allow_hyphen_values = true)]
    pub ccw: Option<String>,
    /// Algorithm.
    #[arg(long, value_enum, default_value = "auto")]
    pub algorithm: AlgorithmArg,
    /// Add the schedule: one list of sends per round (or the timed transfers).
    #[arg(long)]
    pub rounds: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

impl RedistributeArgs {
    /// The instance and algorithm the flags describe (checked).
    pub fn params(&self) -> Result<RedistParams, CliError> {
        let delta = parse_int_vector(&self.delta).map_err(|e| CliError(format!("--delta: {e}")))?;
        let loads = match &self.loads {
            Some(t) => parse_int_vector(t).map_err(|e| CliError(format!("--loads: {e}")))?,
            None => minimal_loads(&delta),
        };
        let direction = match self.direction {
            RingDirectionArg::Uni => Direction::Uni,
            RingDirectionArg::Bi => Direction::Bi,
        };
        let costs = match (&self.c, &self.cw, &self.ccw) {
            (Some(c), _, _) => {
                let c = super::parse_real(c).map_err(|e| CliError(format!("--c: {e}")))?;
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
                crate::model::redistribute::instance::Field::N
                | crate::model::redistribute::instance::Field::Delta => "delta",
                crate::model::redistribute::instance::Field::Loads => "loads",
                crate::model::redistribute::instance::Field::C => "c",
                crate::model::redistribute::instance::Field::Cw => "cw",
                crate::model::redistribute::instance::Field::Ccw => "ccw",
            };
            return Err(CliError(format!("--{flag}: {}", e.message)));
        }
        Ok(RedistParams {
            instance,
            algorithm: match self.algorithm {
                AlgorithmArg::Auto => Algorithm::Auto,
                AlgorithmArg::Alg1 => Algorithm::Alg1,
                AlgorithmArg::Alg2 => Algorithm::Alg2,
                AlgorithmArg::Alg3 => Algorithm::Alg3,
                AlgorithmArg::Alg3Literal => Algorithm::Alg3Literal,
                AlgorithmArg::Lp => Algorithm::Lp,
                AlgorithmArg::LpLoad => Algorithm::LpLoad,
                AlgorithmArg::LpForward => Algorithm::LpForward,
            },
            ..RedistParams::default()
        })
    }
}

fn num(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 9e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

/// Runs the scenario's algorithm and formats the report.
pub fn redistribute_report(
    params: &RedistParams,
    schedule: bool,
    as_json: bool,
) -> Result<String, CliError> {
    let inst = &params.instance;
    let valid = inst
        .validate()
        .map_err(|e| CliError(format!("instance: {}", e[0].message)))?;
    let r =
        run(inst, valid, params.algorithm).map_err(|e| CliError(format!("--algorithm: {e}")))?;
    if as_json {
        Ok(report_json(inst, &r, schedule).to_string() + "\n")
    } else {
        Ok(report_text(inst, &r, schedule))
    }
}

fn report_json(inst: &RingInstance, r: &RunReport, schedule: bool) -> Value {
    let mut o = serde_json::Map::new();
    o.insert("algorithm".into(), json!(r.algorithm.name()));
    o.insert("n".into(), json!(inst.n()));
    o.insert("direction".into(), json!(inst.direction.name()));
    o.insert("homogeneous".into(), json!(inst.is_homogeneous()));
    o.insert("lower_bound".into(), num(r.lower_bound));
    o.insert("makespan".into(), num(r.makespan));
    o.insert("valid".into(), json!(r.verification.valid));
    o.insert("violations".into(), json!(r.verification.violations));
    if let Some(k) = r.rounds {
        o.insert("rounds".into(), json!(k));
    }
    o.insert("flows".into(), json!(r.flows));
    if let Some(l) = r.light {
        o.insert("light".into(), json!(l));
    }
    let bounds: serde_json::Map<String, Value> = r
        .bounds
        .iter()
        .map(|b| {
            (
                b.name.to_string(),
                json!({"value": num(b.value), "applies": b.applies}),
            )
        })
        .collect();
    o.insert("bounds".into(), Value::Object(bounds));
    o.insert(
        "checks".into(),
        json!(
            r.checks
                .iter()
                .map(|c| json!({"claim": c.claim, "holds": c.holds, "detail": c.detail}))
                .collect::<Vec<_>>()
        ),
    );
    if let Some(s) = &r.lp {
        o.insert(
            "lp".into(),
            json!({
                "r1_rational": s.x_rational,
                "tau_rational": s.tau_rational,
                "tau_floor": num(s.x_floor_tau),
                "tau_ceil": num(s.x_ceil_tau),
                "r1_integer": s.x_int,
                "tau_integer": num(s.tau_int),
            }),
        );
    }
    if schedule {
        match &r.schedule {
            Schedule::Rounds { rounds, .. } => {
                let v: Vec<Value> = rounds
                    .iter()
                    .map(|sends| {
                        Value::Array(
                            sends
                                .iter()
                                .map(
                                    |s| json!({"from": s.from + 1, "to": s.to + 1, "step": s.step}),
                                )
                                .collect(),
                        )
                    })
                    .collect();
                o.insert("schedule".into(), Value::Array(v));
            }
            Schedule::Timed(blocks) => {
                let v: Vec<Value> = blocks
                    .iter()
                    .map(|b| {
                        json!({"from": b.from + 1, "to": b.to + 1, "start": num(b.start),
                               "end": num(b.end()), "items": b.items})
                    })
                    .collect();
                o.insert("transfers".into(), Value::Array(v));
            }
        }
    }
    Value::Object(o)
}

fn report_text(inst: &RingInstance, r: &RunReport, schedule: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} on a {} {} ring of {} processors",
        r.algorithm.label(),
        if inst.is_homogeneous() {
            "homogeneous"
        } else {
            "heterogeneous"
        },
        if inst.direction == Direction::Bi {
            "bidirectional"
        } else {
            "unidirectional"
        },
        inst.n()
    );
    let _ = writeln!(s, "makespan      {}", r.makespan);
    let _ = writeln!(s, "lower bound   {}", r.lower_bound);
    if let Some(k) = r.rounds {
        let _ = writeln!(s, "rounds        {k}");
    }
    if let Some(l) = r.light {
        let _ = writeln!(s, "light         {}", if l { "yes" } else { "no" });
    }
    let _ = writeln!(
        s,
        "verification  {}",
        if r.verification.valid {
            "valid"
        } else {
            "INVALID"
        }
    );
    for v in &r.verification.violations {
        let _ = writeln!(s, "  ✗ {v}");
    }
    let _ = writeln!(s, "bounds:");
    for b in &r.bounds {
        let _ = writeln!(
            s,
            "  {:<24} {:>14}  {}",
            b.name,
            b.value,
            if b.applies {
                "applies"
            } else {
                "does not apply"
            }
        );
    }
    for c in &r.checks {
        let _ = writeln!(s, "{}", c.line());
    }
    let flows: Vec<String> = r.flows.iter().map(|f| f.to_string()).collect();
    let _ = writeln!(s, "flows P_i → P_(i+1): {}", flows.join(", "));
    if schedule {
        match &r.schedule {
            Schedule::Rounds { rounds, .. } => {
                for (k, sends) in rounds.iter().enumerate() {
                    let v: Vec<String> = sends
                        .iter()
                        .map(|x| format!("P{}→P{}", x.from + 1, x.to + 1))
                        .collect();
                    let _ = writeln!(s, "round {}: {}", k + 1, v.join(" "));
                }
            }
            Schedule::Timed(blocks) => {
                for b in blocks {
                    let _ = writeln!(
                        s,
                        "P{} → P{}: {} item(s) from {} to {}",
                        b.from + 1,
                        b.to + 1,
                        b.items,
                        b.start,
                        b.end()
                    );
                }
            }
        }
    }
    s
}
