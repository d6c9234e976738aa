//! Headless command line: subcommands → model → JSON or a readable table.
//!
//! Contract: `--json` prints exactly one JSON object on stdout; errors print one line starting
//! with `error:` on stderr and exit with status 2.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use serde_json::{Map, Value, json};

use crate::model::NoProgress;
use crate::model::divisible::{
    self, AlgorithmChoice, DivisibleParams, Method, Network, Outcome, sweep,
};
use crate::preset::{self, Preset, Scenario};

/// loadlab — interactive explorer of parallel load balancing and scheduling papers.
///
/// Without a subcommand, opens the GUI on the default preset.
#[derive(Debug, Parser)]
#[command(name = "loadlab", version, about, long_about = None)]
pub struct Cli {
    /// What to do (default: open the GUI).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the GUI, optionally on a preset file (or a bundled preset's name).
    Gui {
        /// Preset file (.ron) or bundled preset name.
        preset: Option<String>,
    },
    /// Run a preset headless and print what its model subcommand prints.
    Eval {
        /// Preset file (.ron) or bundled preset name.
        preset: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// List the bundled presets (name and model).
    Presets,
    /// Divisible load on complete b-ary trees and pyramids (Li 2011): methods C, P, Q.
    Divisible(DivisibleArgs),
}

/// Network choice on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum NetworkArg {
    /// Complete b-ary tree.
    Tree,
    /// Pyramid (uses b = 4).
    Pyramid,
}

/// Algorithm choice on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum AlgorithmArg {
    /// Classic method.
    #[value(name = "C", alias = "c")]
    C,
    /// Pipelined communications.
    #[value(name = "P", alias = "p")]
    P,
    /// Pipelined communications with overlap.
    #[value(name = "Q", alias = "q")]
    Q,
    /// All three.
    #[value(name = "all")]
    All,
}

/// What to sweep.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SweepArg {
    /// h = 0..=--h-max at the given b, β.
    H,
    /// β log-spaced over --beta-range at the given h.
    Beta,
}

/// Flags of `loadlab divisible`.
#[derive(Debug, clap::Args)]
pub struct DivisibleArgs {
    /// Network: complete b-ary tree or pyramid.
    #[arg(long, value_enum, default_value = "tree")]
    pub network: NetworkArg,
    /// Arity b ≥ 2 (ignored for the pyramid, which uses 4).
    #[arg(long, default_value_t = 2, allow_negative_numbers = true)]
    pub b: i64,
    /// Height h ≥ 0.
    #[arg(long, default_value_t = 5, allow_negative_numbers = true)]
    pub h: i64,
    /// Granularity β = T_cp / T_cm > 0.
    #[arg(long, default_value_t = 100.0, allow_negative_numbers = true)]
    pub beta: f64,
    /// Method(s) to run.
    #[arg(long, value_enum, default_value = "all")]
    pub algorithm: AlgorithmArg,
    /// Also print a sweep (simulated and closed-form T_N of C, P, Q at each point).
    #[arg(long, value_enum)]
    pub sweep: Option<SweepArg>,
    /// Last h of the h sweep.
    #[arg(long, default_value_t = 20, allow_negative_numbers = true)]
    pub h_max: i64,
    /// β range of the β sweep, "LO,HI".
    #[arg(long, default_value = "0.1,1000", value_parser = parse_range)]
    pub beta_range: (f64, f64),
    /// Number of points of the β sweep.
    #[arg(long, default_value_t = 61)]
    pub beta_points: usize,
    /// Also print the simulated schedule of each method (every interval of every level).
    #[arg(long)]
    pub timeline: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

fn parse_range(s: &str) -> Result<(f64, f64), String> {
    let (a, b) = s
        .split_once(',')
        .ok_or_else(|| format!("expected LO,HI, got {s:?}"))?;
    let p = |t: &str| {
        t.trim()
            .parse::<f64>()
            .map_err(|_| format!("{t:?} is not a number"))
    };
    Ok((p(a)?, p(b)?))
}

/// A CLI failure: printed as one `error:` line, exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CliError(pub String);

impl DivisibleArgs {
    /// The scenario these flags describe.
    pub fn params(&self) -> DivisibleParams {
        DivisibleParams {
            network: match self.network {
                NetworkArg::Tree => Network::Tree,
                NetworkArg::Pyramid => Network::Pyramid,
            },
            b: self.b,
            h: self.h,
            beta: self.beta,
            algorithm: match self.algorithm {
                AlgorithmArg::C => AlgorithmChoice::Only(Method::C),
                AlgorithmArg::P => AlgorithmChoice::Only(Method::P),
                AlgorithmArg::Q => AlgorithmChoice::Only(Method::Q),
                AlgorithmArg::All => AlgorithmChoice::All,
            },
            sweep_h_max: self.h_max,
            sweep_beta: self.beta_range,
        }
    }
}

/// Options that shape the output of a divisible run.
#[derive(Debug, Clone, Copy, Default)]
pub struct DivisibleOutput {
    /// Which sweep to append.
    pub sweep: Option<SweepArg>,
    /// Points of the β sweep.
    pub beta_points: usize,
    /// Append the schedules.
    pub timeline: bool,
    /// JSON instead of a table.
    pub json: bool,
}

/// Runs a non-GUI command and returns what to print on stdout.
pub fn execute(cmd: &Command) -> Result<String, CliError> {
    match cmd {
        Command::Gui { .. } => Err(CliError("the gui subcommand opens a window".into())),
        Command::Presets => Ok(list_presets()),
        Command::Eval { preset, json } => {
            let p = resolve_preset(preset)?;
            match &p.scenario {
                Scenario::Divisible(params) => divisible_report(
                    params,
                    DivisibleOutput {
                        json: *json,
                        beta_points: 61,
                        ..Default::default()
                    },
                ),
            }
        }
        Command::Divisible(a) => divisible_report(
            &a.params(),
            DivisibleOutput {
                sweep: a.sweep,
                beta_points: a.beta_points,
                timeline: a.timeline,
                json: a.json,
            },
        ),
    }
}

/// A preset from a path, or else from the bundled presets by name.
pub fn resolve_preset(name: &str) -> Result<Preset, CliError> {
    let path = PathBuf::from(name);
    if path.exists() {
        return preset::load(&path).map_err(|e| CliError(e.to_string()));
    }
    preset::find_bundled(name).ok_or_else(|| {
        CliError(format!(
            "{name}: no such file, and no bundled preset has that name (see `loadlab presets`)"
        ))
    })
}

fn list_presets() -> String {
    let mut out = String::new();
    for b in preset::BUNDLED {
        match b.preset() {
            Ok(p) => {
                let _ = writeln!(
                    out,
                    "{:<32} {:<10} {}",
                    b.file.trim_end_matches(".ron"),
                    p.scenario.model_name(),
                    p.name
                );
            }
            Err(e) => {
                let _ = writeln!(out, "{:<32} (broken: {e})", b.file);
            }
        }
    }
    out
}

fn num(x: f64) -> Value {
    serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)
}

/// JSON object of one outcome, as documented in the issue (`network`, `b`, `h`, `beta`,
/// `processors`, `algorithms.{C,P,Q}.{time, simulated_time, speedup, asymptotic_speedup}`),
/// with extra fields beside them.
pub fn divisible_json(params: &DivisibleParams, o: &Outcome) -> Value {
    let v = &o.instance;
    let mut algos = Map::new();
    for r in &o.results {
        let mut m = Map::new();
        m.insert("time".into(), num(r.time));
        m.insert("simulated_time".into(), num(r.simulated_time));
        m.insert("speedup".into(), num(r.speedup));
        m.insert("asymptotic_speedup".into(), num(r.asymptotic_speedup));
        m.insert("asymptotic_time".into(), num(v.beta / r.asymptotic_speedup));
        m.insert("relative_difference".into(), num(r.rel_diff));
        m.insert("efficiency".into(), num(r.efficiency));
        if let Some(a) = r.appendix_time {
            m.insert("appendix_time".into(), num(a));
        }
        m.insert("schedule_valid".into(), Value::Bool(r.timeline.valid()));
        algos.insert(r.method.letter().into(), Value::Object(m));
    }
    json!({
        "network": params.network.name(),
        "b": v.b,
        "h": v.h,
        "beta": v.beta,
        "processors": v.n,
        "algorithms": algos,
        "theorem10": o.theorem10.symbol(),
        "ratio_c_over_p": num(o.ratio_c_p),
        "ratio_p_over_q": num(o.ratio_p_q),
    })
}

fn sweep_json(points: &[sweep::SweepPoint], key: &str) -> Value {
    Value::Array(
        points
            .iter()
            .map(|p| {
                let mut m = Map::new();
                m.insert(key.into(), num(p.x));
                m.insert("processors".into(), json!(p.n));
                for meth in Method::ALL {
                    let s = p.get(meth);
                    m.insert(
                        meth.letter().into(),
                        json!({"simulated_time": num(s.simulated), "time": num(s.closed), "speedup": num(p.beta / s.closed)}),
                    );
                }
                Value::Object(m)
            })
            .collect(),
    )
}

/// The full report of one divisible scenario.
pub fn divisible_report(
    params: &DivisibleParams,
    out: DivisibleOutput,
) -> Result<String, CliError> {
    let o = divisible::evaluate(params)
        .map_err(|e| CliError(format!("--{}: {}", flag(e.field), e.message)))?;
    let v = o.instance;
    let sweep = match out.sweep {
        None => None,
        Some(SweepArg::H) => Some((
            "h",
            sweep::sweep_h(&v, params.sweep_h_max as u64, &NoProgress)
                .map_err(|e| CliError(e.to_string()))?,
        )),
        Some(SweepArg::Beta) => Some((
            "beta",
            sweep::sweep_beta(
                &v,
                params.sweep_beta.0,
                params.sweep_beta.1,
                out.beta_points,
                &NoProgress,
            )
            .map_err(|e| CliError(e.to_string()))?,
        )),
    };
    if out.json {
        let mut j = divisible_json(params, &o);
        if let (Some((key, pts)), Value::Object(m)) = (&sweep, &mut j) {
            m.insert("sweep".into(), sweep_json(pts, key));
        }
        if out.timeline
            && let Value::Object(m) = &mut j
        {
            let tl: Map<String, Value> = o
                .results
                .iter()
                .map(|r| {
                    (
                        r.method.letter().to_string(),
                        serde_json::to_value(&r.timeline).unwrap_or(Value::Null),
                    )
                })
                .collect();
            m.insert("timelines".into(), Value::Object(tl));
        }
        return Ok(format!("{j}\n"));
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "divisible load — {} b = {}, h = {}, β = {}, N = {}",
        params.network.name(),
        v.b,
        v.h,
        v.beta,
        v.n
    );
    let _ = writeln!(
        s,
        "{:<4} {:>16} {:>16} {:>10} {:>14} {:>14} {:>7}",
        "alg", "T_N (closed)", "T_N (simulated)", "rel diff", "S_N", "S_inf", "valid"
    );
    for r in &o.results {
        let _ = writeln!(
            s,
            "{:<4} {:>16.9} {:>16.9} {:>10.1e} {:>14.6} {:>14.6} {:>7}",
            r.method.letter(),
            r.time,
            r.simulated_time,
            r.rel_diff,
            r.speedup,
            r.asymptotic_speedup,
            if r.timeline.valid() { "✓" } else { "✗" }
        );
        if let Some(a) = r.appendix_time {
            let _ = writeln!(s, "     C by the appendix closed form: {a:.9}");
        }
    }
    let _ = writeln!(
        s,
        "T_C/T_P = {:.6}   T_P/T_Q = {:.6}   Theorem 10 (T_C > T_P > T_Q): {}",
        o.ratio_c_p,
        o.ratio_p_q,
        o.theorem10.symbol()
    );
    if let Some((key, pts)) = &sweep {
        let _ = writeln!(s, "\nsweep over {key}:");
        let _ = writeln!(
            s,
            "{:>12} {:>22} {:>14} {:>14} {:>14}",
            key, "N", "T_C", "T_P", "T_Q"
        );
        for p in pts {
            let _ = writeln!(
                s,
                "{:>12} {:>22} {:>14.9} {:>14.9} {:>14.9}",
                format!("{}", p.x),
                p.n,
                p.get(Method::C).simulated,
                p.get(Method::P).simulated,
                p.get(Method::Q).simulated
            );
        }
    }
    if out.timeline {
        for r in &o.results {
            let _ = writeln!(
                s,
                "\nschedule of {} (per processor of each level):",
                r.method.letter()
            );
            let _ = writeln!(
                s,
                "{:>5} {:<8} {:>14} {:>14} {:>14} {:>5}",
                "level", "activity", "start", "end", "amount", "dest"
            );
            for iv in &r.timeline.intervals {
                let _ = writeln!(
                    s,
                    "{:>5} {:<8} {:>14.9} {:>14.9} {:>14.9} {:>5}",
                    iv.level,
                    format!("{:?}", iv.activity),
                    iv.start,
                    iv.end,
                    iv.amount,
                    iv.dest
                );
            }
        }
    }
    Ok(s)
}

fn flag(field: &str) -> &str {
    match field {
        "sweep_h_max" => "h-max",
        "sweep_beta" => "beta-range",
        f => f,
    }
}
