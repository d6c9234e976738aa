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
use crate::model::geodecay::{self, Decay, GeoParams, Policy, Survivors};
use crate::model::ksbf::{self, Balance, KsbfParams, Schedule as KsSchedule, Shape};
use crate::model::treesweep::{self, Direction, TreeSweepParams};
use crate::preset::{self, Preset, Scenario};

pub mod redistribute;
pub use redistribute::{RedistributeArgs, redistribute_report};

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
    /// When to load-balance geometric-decaying algorithms (Gil & Matias): never, standard,
    /// improved or every k rounds.
    Geodecay(GeodecayArgs),
    /// Optimal clustering of tree sweeps under communication delay τ (Gao, Rosenberg &
    /// Sitaraman): Fine-Grain against P.Y.
    Treesweep(TreesweepArgs),
    /// KS-BF load balancing of growing trees and grids on a ring (Gao & Rosenberg).
    Ksbf(KsbfArgs),
    /// Data redistribution on a processor ring (Renard, Robert & Vivien): Algorithms 1–3,
    /// System 6 / 12 with Lemma 9's schedule, every lower bound, self-verified.
    Redistribute(RedistributeArgs),
}

/// Workload shape on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ShapeArg {
    /// Complete binary tree T_n.
    Tree,
    /// Pyramidal grid G_n.
    Grid,
    /// Random binary tree (spawn probability q, depth cap n).
    RandomTree,
    /// Random full, prefix-closed grid.
    RandomGrid,
    /// Section 1.3's adversarial sparse tree.
    SparseTree,
    /// Section 1.3's adversarial two-row grid.
    TwoRowGrid,
}

/// Balancing policy on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum BalanceArg {
    /// Keep left, send right (the paper's).
    Ks,
    /// Keep both children.
    None,
    /// Send a seeded random child.
    Random,
}

/// Local scheduling on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ScheduleArg {
    /// Breadth-first (the paper's).
    Bf,
    /// Depth-first.
    Df,
}

/// Flags of `loadlab ksbf`.
#[derive(Debug, clap::Args)]
pub struct KsbfArgs {
    /// Workload shape.
    #[arg(long, value_enum, default_value = "tree")]
    pub shape: ShapeArg,
    /// Size n ≥ 1 (tree height, grid side, depth cap).
    #[arg(long, default_value_t = 6, allow_negative_numbers = true)]
    pub n: i64,
    /// Ring size p ≥ 1.
    #[arg(long, default_value_t = 4, allow_negative_numbers = true)]
    pub p: i64,
    /// Seed of the random workloads and the random policy.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Spawn probability q ∈ [0, 1] of the random workloads.
    #[arg(long, default_value_t = 0.75, allow_negative_numbers = true)]
    pub spawn_prob: f64,
    /// Balancing policy.
    #[arg(long, value_enum, default_value = "ks")]
    pub balance: BalanceArg,
    /// Local scheduling.
    #[arg(long, value_enum, default_value = "bf")]
    pub schedule: ScheduleArg,
    /// Add every node's PE and step (small instances).
    #[arg(long)]
    pub assignments: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Sweep direction on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum DirectionArg {
    /// Leaves first, root last.
    Up,
    /// Root first: the up-sweep schedule run backwards.
    Down,
}

/// Flags of `loadlab treesweep`.
#[derive(Debug, clap::Args)]
pub struct TreesweepArgs {
    /// Height n ≥ 1 of the complete binary tree (2^n − 1 nodes).
    #[arg(long, default_value_t = 12, allow_negative_numbers = true)]
    pub n: i64,
    /// Communication delay τ > 1 (a node executes in time 1).
    #[arg(long, default_value = "128", value_parser = parse_real, allow_hyphen_values = true)]
    pub tau: f64,
    /// Sweep direction.
    #[arg(long, value_enum, default_value = "up")]
    pub direction: DirectionArg,
    /// Add the optimal schedule of every node (n ≤ 16): heap number, processor, start time.
    #[arg(long)]
    pub schedule: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Load-balancing policy on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum PolicyArg {
    /// Balance once, before round 0.
    Never,
    /// Balance after every round until at most c·p tasks remain.
    Standard,
    /// The paper's policy: initialisation phase, then phases of ⌈ℓ/x_i⌉ rounds.
    Improved,
    /// Balance every k rounds (--every K).
    Every,
}

/// Decay model on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum DecayArg {
    /// w_r = ⌈n·2^(−αr)⌉.
    Deterministic,
    /// Each task survives a round with probability 2^(−α) (seeded).
    Random,
}

/// Which tasks survive a round on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SurvivorsArg {
    /// Every processor's count decays alike.
    Proportional,
    /// The survivors sit on the most loaded processors (worst case).
    Adversarial,
    /// Uniformly random survivors (seeded).
    Random,
}

/// What `geodecay --sweep` adds.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum GeoSweepArg {
    /// ℓ = 2^1 … 2^(--ell-log2-max) for never, standard and improved.
    Ell,
    /// p = 2^0 … up to n, for never, standard and improved.
    P,
    /// --seeds runs with consecutive seeds (randomized mode): min/median/max time per policy.
    Seeds,
}

/// Flags of `loadlab geodecay`.
#[derive(Debug, clap::Args)]
pub struct GeodecayArgs {
    /// Initial number of tasks n ≥ 1 (accepts 1e9 or 2^30).
    #[arg(long, default_value = "2^20", value_parser = parse_count, allow_hyphen_values = true)]
    pub n: i128,
    /// Processors p ≥ 1 (accepts 1e4 or 2^10).
    #[arg(long, default_value = "2^10", value_parser = parse_count, allow_hyphen_values = true)]
    pub p: i128,
    /// Decay rate α > 0: w_r ≤ n·2^(−αr).
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    pub alpha: f64,
    /// Load-balancing cost ℓ ≥ 0, in task-operation time units (accepts 2^64).
    #[arg(long, default_value = "20", value_parser = parse_real, allow_hyphen_values = true)]
    pub ell: f64,
    /// Constant c of "O(p) tasks remain" (standard policy stops at c·p tasks).
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    pub c: f64,
    /// Policy.
    #[arg(long, value_enum, default_value = "improved")]
    pub policy: PolicyArg,
    /// k of the every-k policy.
    #[arg(long, default_value_t = 2, allow_negative_numbers = true)]
    pub every: i64,
    /// Decay model.
    #[arg(long, value_enum, default_value = "deterministic")]
    pub decay: DecayArg,
    /// Which tasks survive a round when nothing is rebalanced.
    #[arg(long, value_enum, default_value = "adversarial")]
    pub survivors: SurvivorsArg,
    /// Seed of the random parts.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also print a sweep.
    #[arg(long, value_enum)]
    pub sweep: Option<GeoSweepArg>,
    /// Last exponent of the ℓ sweep.
    #[arg(long, default_value_t = 64)]
    pub ell_log2_max: u32,
    /// Number of seeds of the seed spread.
    #[arg(long, default_value_t = 20)]
    pub seeds: u32,
    /// Also print every round (tasks, max/mean/min load, balancing, phase).
    #[arg(long)]
    pub trace: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Parses a count: an integer, `1e12` or `2^40`.
fn parse_count(s: &str) -> Result<i128, String> {
    let x = parse_real(s)?;
    if x.fract() != 0.0 || x.abs() > 1e30 {
        return Err(format!("{s:?} is not a whole number"));
    }
    Ok(x as i128)
}

/// Parses a real number, also in the form `2^k` or `a^b`.
fn parse_real(s: &str) -> Result<f64, String> {
    let t = s.trim();
    let num = |u: &str| {
        u.trim()
            .parse::<f64>()
            .map_err(|_| format!("{s:?} is not a number"))
    };
    match t.split_once('^') {
        Some((base, exp)) => Ok(num(base)?.powf(num(exp)?)),
        None => num(t),
    }
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
                Scenario::Geodecay(params) => geodecay_report(params, None, false, *json),
                Scenario::TreeSweep(params) => treesweep_report(params, false, *json),
                Scenario::Ksbf(params) => ksbf_report(params, false, *json),
                Scenario::Redistribute(params) => redistribute_report(params, false, *json),
            }
        }
        Command::Redistribute(a) => redistribute_report(&a.params()?, a.rounds, a.json),
        Command::Geodecay(a) => geodecay_report(&a.params()?, a.sweep, a.trace, a.json),
        Command::Ksbf(a) => {
            let count = |flag: &str, what: &str, x: i64| {
                u32::try_from(x).ok().filter(|&v| v >= 1).ok_or_else(|| {
                    CliError(format!("--{flag}: {what} must be at least 1 (got {x})"))
                })
            };
            let params = KsbfParams {
                shape: match a.shape {
                    ShapeArg::Tree => Shape::Tree,
                    ShapeArg::Grid => Shape::Grid,
                    ShapeArg::RandomTree => Shape::RandomTree,
                    ShapeArg::RandomGrid => Shape::RandomGrid,
                    ShapeArg::SparseTree => Shape::SparseTree,
                    ShapeArg::TwoRowGrid => Shape::TwoRowGrid,
                },
                n: count("n", "n", a.n)?,
                p: count("p", "p (ring size)", a.p)?,
                seed: a.seed,
                spawn_prob: a.spawn_prob,
                balance: match a.balance {
                    BalanceArg::Ks => Balance::Ks,
                    BalanceArg::None => Balance::None,
                    BalanceArg::Random => Balance::Random,
                },
                schedule: match a.schedule {
                    ScheduleArg::Bf => KsSchedule::Bf,
                    ScheduleArg::Df => KsSchedule::Df,
                },
            };
            ksbf_report(&params, a.assignments, a.json)
        }
        Command::Treesweep(a) => {
            let n = u64::try_from(a.n).ok().filter(|&n| n >= 1).ok_or_else(|| {
                CliError(format!(
                    "--n: n (tree height) must be at least 1 (got {})",
                    a.n
                ))
            })?;
            let params = TreeSweepParams {
                n,
                tau: a.tau,
                direction: match a.direction {
                    DirectionArg::Up => Direction::Up,
                    DirectionArg::Down => Direction::Down,
                },
            };
            treesweep_report(&params, a.schedule, a.json)
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

impl GeodecayArgs {
    /// The scenario these flags describe (counts checked here, where they are still signed).
    pub fn params(&self) -> Result<GeoParams, CliError> {
        let count = |flag: &str, what: &str, x: i128| {
            u64::try_from(x)
                .ok()
                .filter(|&v| v >= 1)
                .ok_or_else(|| CliError(format!("--{flag}: {what} must be at least 1 (got {x})")))
        };
        Ok(GeoParams {
            n: count("n", "n (initial tasks)", self.n)?,
            p: count("p", "p (processors)", self.p)?,
            alpha: self.alpha,
            ell: self.ell,
            c: self.c,
            policy: match self.policy {
                PolicyArg::Never => Policy::Never,
                PolicyArg::Standard => Policy::Standard,
                PolicyArg::Improved => Policy::Improved,
                PolicyArg::Every => Policy::Every,
            },
            every: u64::try_from(self.every)
                .ok()
                .filter(|&k| k >= 1)
                .ok_or_else(|| {
                    CliError(format!(
                        "--every: k must be at least 1 (got {})",
                        self.every
                    ))
                })?,
            decay: match self.decay {
                DecayArg::Deterministic => Decay::Deterministic,
                DecayArg::Random => Decay::Random,
            },
            survivors: match self.survivors {
                SurvivorsArg::Proportional => Survivors::Proportional,
                SurvivorsArg::Adversarial => Survivors::Adversarial,
                SurvivorsArg::Random => Survivors::Random,
            },
            seed: self.seed,
            ell_log2_max: self.ell_log2_max,
            seeds: self.seeds,
        })
    }
}

fn geo_flag(field: &str) -> &str {
    match field {
        "ell_log2_max" => "ell-log2-max",
        f => f,
    }
}

fn opt(x: Option<f64>) -> Value {
    x.map_or(Value::Null, num)
}

/// JSON of one geodecay outcome: the fields (`time`, `balancings`, `rounds`, `brent`,
/// `additive_overhead`, `overhead`, `lg_ell`, `lg_star_ell`) and the split
/// `balancings_init` / `balancings_phases`, with a few more beside them.
pub fn geodecay_json(params: &GeoParams, o: &geodecay::GeoOutcome) -> Value {
    json!({
        "policy": o.policy.name(),
        "n": params.n,
        "p": params.p,
        "alpha": params.alpha,
        "ell": params.ell,
        "time": num(o.time),
        "balancings": o.balancings,
        "balancings_init": o.balancings_init,
        "balancings_phases": o.balancings_phases,
        "rounds": o.rounds,
        "brent": num(o.brent),
        "additive_overhead": num(o.overhead_additive),
        "overhead": opt(o.overhead),
        "lg_ell": opt(o.lg_ell),
        "lg_n_over_p": num(o.lg_n_over_p),
        "lg_star_ell": o.lg_star_ell,
        "ideal_work": o.ideal_work,
        "overhead_vs_ideal": if params.ell > 0.0 { num((o.time - o.ideal_work as f64) / params.ell) } else { Value::Null },
        "truncated": o.truncated,
    })
}

fn policy_values_json(values: &[geodecay::sweep::PolicyValue]) -> Value {
    Value::Object(
        values
            .iter()
            .map(|v| {
                (
                    v.policy.name().to_string(),
                    json!({"time": num(v.time), "overhead": opt(v.overhead), "additive_overhead": num(v.overhead_additive),
                           "balancings": v.balancings, "balancings_init": v.balancings_init,
                           "balancings_phases": v.balancings_phases, "rounds": v.rounds}),
                )
            })
            .collect(),
    )
}

/// The full report of one geodecay scenario.
pub fn geodecay_report(
    params: &GeoParams,
    sweep: Option<GeoSweepArg>,
    trace: bool,
    as_json: bool,
) -> Result<String, CliError> {
    let v = params
        .validate()
        .map_err(|e| CliError(format!("--{}: {}", geo_flag(e.field), e.message)))?;
    let o = geodecay::simulate::simulate_valid(&v, params.policy, trace, &NoProgress)
        .map_err(|e| CliError(e.to_string()))?;
    let main = Policy::MAIN;
    let sweep_json = match sweep {
        None => None,
        Some(GeoSweepArg::Ell) => {
            let pts = geodecay::sweep::sweep_ell(&v, 1, params.ell_log2_max, &main, &NoProgress)
                .map_err(|e| CliError(e.to_string()))?;
            Some(Value::Array(
                pts.iter()
                    .map(|p| json!({"ell": num(p.ell), "log2_ell": p.log2_ell, "lg_star_ell": p.lg_star_ell, "policies": policy_values_json(&p.values)}))
                    .collect(),
            ))
        }
        Some(GeoSweepArg::P) => {
            let ps = geodecay_p_values(params.n);
            let pts = geodecay::sweep::sweep_p(&v, &ps, &main, &NoProgress)
                .map_err(|e| CliError(e.to_string()))?;
            Some(Value::Array(
                pts.iter()
                    .map(|p| json!({"p": p.p, "policies": policy_values_json(&p.values)}))
                    .collect(),
            ))
        }
        Some(GeoSweepArg::Seeds) => {
            let spread = geodecay::sweep::seed_spread(&v, params.seeds, &main, &NoProgress)
                .map_err(|e| CliError(e.to_string()))?;
            Some(Value::Array(
                spread
                    .iter()
                    .map(|s| json!({"policy": s.policy.name(), "min": num(s.min), "median": num(s.median), "max": num(s.max), "mean": num(s.mean)}))
                    .collect(),
            ))
        }
    };
    if as_json {
        let mut j = geodecay_json(params, &o);
        if let Value::Object(m) = &mut j {
            if let Some(sw) = sweep_json {
                m.insert("sweep".into(), sw);
            }
            if trace {
                m.insert(
                    "trace".into(),
                    serde_json::to_value(&o.trace).unwrap_or(Value::Null),
                );
                m.insert(
                    "phases".into(),
                    serde_json::to_value(&o.phases).unwrap_or(Value::Null),
                );
            }
        }
        return Ok(format!("{j}\n"));
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "geometric decaying — n = {}, p = {}, α = {}, ℓ = {}, c = {}, policy {}, {} decay, {} survivors",
        params.n,
        params.p,
        params.alpha,
        params.ell,
        params.c,
        o.policy.name(),
        params.decay.name(),
        params.survivors.name()
    );
    let row = |s: &mut String, k: &str, v: String| {
        let _ = writeln!(s, "{k:<28} {v}");
    };
    row(&mut s, "total time", format!("{}", o.time));
    row(
        &mut s,
        "balancings (init + phases)",
        format!(
            "{} ({} + {})",
            o.balancings, o.balancings_init, o.balancings_phases
        ),
    );
    row(&mut s, "rounds", o.rounds.to_string());
    row(&mut s, "Brent n/p + rounds", format!("{}", o.brent));
    row(
        &mut s,
        "additive overhead",
        format!("{}", o.overhead_additive),
    );
    row(
        &mut s,
        "overhead T/ℓ",
        o.overhead
            .map_or("undefined (ℓ = 0)".into(), |x| format!("{x}")),
    );
    row(
        &mut s,
        "lg ℓ",
        o.lg_ell.map_or("undefined".into(), |x| format!("{x}")),
    );
    row(&mut s, "lg(n/p)", format!("{}", o.lg_n_over_p));
    row(&mut s, "lg* ℓ", o.lg_star_ell.to_string());
    row(&mut s, "balanced ideal Σ⌈w_r/p⌉", o.ideal_work.to_string());
    if let Some(sw) = sweep_json {
        let _ = writeln!(s, "\nsweep:");
        if let Value::Array(items) = sw {
            for it in items {
                let _ = writeln!(s, "{it}");
            }
        }
    }
    if trace {
        let _ = writeln!(
            s,
            "\n{:>6} {:>14} {:>12} {:>14} {:>12} {:>9} {:>6} {:>14}",
            "round", "tasks", "max", "mean", "min", "balanced", "phase", "time after"
        );
        for r in &o.trace {
            let _ = writeln!(
                s,
                "{:>6} {:>14} {:>12} {:>14.3} {:>12} {:>9} {:>6} {:>14}",
                r.round,
                r.tasks,
                r.max,
                r.mean,
                r.min,
                if r.balanced_before { "yes" } else { "" },
                r.phase.map_or(String::new(), |p| p.to_string()),
                r.time_after
            );
        }
    }
    Ok(s)
}

/// The p values of the "time vs p" plot: powers of two up to n (at most 2^20 = 1 048 576).
pub fn geodecay_p_values(n: u64) -> Vec<u64> {
    (0..=20)
        .map(|k| 1u64 << k)
        .take_while(|&p| p <= n.max(1))
        .collect()
}

/// Largest n for which `--schedule` lists every node.
pub const TREESWEEP_SCHEDULE_N_MAX: u64 = 16;

/// The processor count as JSON: a number while it is exact in f64 (≤ 2^53), else a decimal
/// string (or a string in scientific notation once it leaves u128).
fn count_json(c: &treesweep::Count) -> Value {
    match c.exact {
        Some(v) if v <= 1u128 << 53 => json!(v as u64),
        _ => Value::String(c.display()),
    }
}

/// The report of one tree-sweep instance: `{"n", "tau", "optimal", "py", "ratio",
/// "top_cluster", "processors", "exhaustive_optimal"}` and more.
pub fn treesweep_report(
    params: &TreeSweepParams,
    schedule: bool,
    as_json: bool,
) -> Result<String, CliError> {
    let v = params
        .validate()
        .map_err(|e| CliError(format!("--{}: {}", e.field, e.message)))?;
    if schedule && params.n > TREESWEEP_SCHEDULE_N_MAX {
        return Err(CliError(format!(
            "--schedule: n = {} is too large to list every node (2^n − 1 of them); it needs n ≤ {TREESWEEP_SCHEDULE_N_MAX}",
            params.n
        )));
    }
    let sol = treesweep::solve(&v, 0);
    let ex = treesweep::exhaustive(sol.n, sol.tau).map(|e| e.opt[sol.n as usize - 1]);
    if as_json {
        let mut j = json!({
            "n": sol.n,
            "tau": sol.tau,
            "direction": params.direction.name(),
            "optimal": num(sol.t_star),
            "py": num(sol.t_py),
            "ratio": num(sol.t_star / sol.t_py),
            "top_cluster": sol.top_cluster_size,
            "processors": count_json(&sol.processors),
            "exhaustive_optimal": ex.map_or(Value::Null, num),
            "one_processor": num(sol.one_processor),
            "processor_per_node": num(sol.processor_per_node),
        });
        if schedule
            && let Some(s) = treesweep::optimal_schedule(&v)
            && let Value::Object(m) = &mut j
        {
            let nodes: Vec<Value> = (1..s.processor.len())
                .map(|k| json!({"node": k, "processor": s.processor[k], "time": num(s.start[k])}))
                .collect();
            m.insert("schedule".into(), Value::Array(nodes));
        }
        return Ok(format!("{j}\n"));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "tree sweep — n = {}, τ = {}, {}-sweep, 2^{} − 1 nodes",
        sol.n,
        sol.tau,
        params.direction.name(),
        sol.n
    );
    let row = |o: &mut String, k: &str, v: String| {
        let _ = writeln!(o, "{k:<30} {v}");
    };
    row(
        &mut out,
        "T* (Fine-Grain, optimal)",
        format!("{}", sol.t_star),
    );
    row(&mut out, "T_PY (P.Y)", format!("{}", sol.t_py));
    row(&mut out, "T*/T_PY", format!("{:.6}", sol.t_star / sol.t_py));
    let big = |x: f64| {
        if x >= 1e15 {
            format!("{x:.6e}")
        } else {
            format!("{x}")
        }
    };
    row(&mut out, "one processor (2^n − 1)", big(sol.one_processor));
    row(
        &mut out,
        "one processor per node",
        format!("{}", sol.processor_per_node),
    );
    row(
        &mut out,
        "top cluster (processor 0)",
        sol.top_cluster_size.to_string(),
    );
    row(&mut out, "processors used", sol.processors.display());
    row(
        &mut out,
        "exhaustive optimum",
        ex.map_or("not computed (n > 5)".into(), |x| {
            format!(
                "{x} {}",
                if (x - sol.t_star).abs() <= 1e-9 * x {
                    "✓ equals T*"
                } else {
                    "✗ differs from T*"
                }
            )
        }),
    );
    if schedule && let Some(s) = treesweep::optimal_schedule(&v) {
        let _ = writeln!(out, "\n{:>8} {:>10} {:>14}", "node", "processor", "start");
        for k in 1..s.processor.len() {
            let _ = writeln!(out, "{:>8} {:>10} {:>14}", k, s.processor[k], s.start[k]);
        }
    }
    Ok(out)
}

/// The report of one KS-BF run: `{"nodes", "makespan", "work", "first_step", "bound", "ideal",
/// "speedup", "efficiency"}` and more; `assignments` adds every node's PE and step.
pub fn ksbf_report(
    params: &KsbfParams,
    assignments: bool,
    as_json: bool,
) -> Result<String, CliError> {
    let v = params
        .validate()
        .map_err(|e| CliError(format!("--{}: {}", e.field.replace('_', "-"), e.message)))?;
    let o = ksbf::simulate(&v);
    let th = ksbf::theory(&v);
    if assignments && o.trace.is_none() {
        return Err(CliError(format!(
            "--assignments: {} nodes are too many to list (at most {} are recorded)",
            o.nodes,
            ksbf::RECORD_NODE_LIMIT
        )));
    }
    let ideal = o.nodes as f64 / params.p as f64;
    if as_json {
        let mut j = json!({
            "shape": params.shape.name(),
            "n": params.n,
            "p": params.p,
            "balance": params.balance.name(),
            "schedule": params.schedule.name(),
            "nodes": o.nodes,
            "makespan": o.makespan,
            "work": o.work,
            "first_step": o.first_step,
            "bound": th.thm11.map_or(Value::Null, num),
            "thm22_bound": th.thm22,
            "thm32_bound": th.thm32,
            "exact_work": th.work,
            "alpha_p": num(th.alpha),
            "ideal": num(ideal),
            "speedup": num(o.speedup()),
            "efficiency": num(o.efficiency()),
            "idle_steps": o.idle_steps,
        });
        if assignments && let (Some(t), Value::Object(m)) = (&o.trace, &mut j) {
            let list: Vec<Value> = t
                .nodes
                .iter()
                .map(|r| {
                    let node = match r.node {
                        ksbf::NodeId::Tree(h) => json!(h),
                        g => Value::String(g.to_string()),
                    };
                    json!({"node": node, "level": r.level, "pe": r.pe, "step": r.step})
                })
                .collect();
            m.insert("assignments".into(), Value::Array(list));
        }
        return Ok(format!("{j}\n"));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "KS-BF — {} n = {} on a ring of p = {}, balance {}, {} scheduling",
        params.shape.name(),
        params.n,
        params.p,
        params.balance.name(),
        params.schedule.name()
    );
    let row = |o: &mut String, k: &str, v: String| {
        let _ = writeln!(o, "{k:<32} {v}");
    };
    row(&mut out, "N (nodes)", o.nodes.to_string());
    row(&mut out, "makespan (steps)", o.makespan.to_string());
    row(&mut out, "ideal N/p", format!("{ideal:.3}"));
    let opt = |x: Option<String>| x.unwrap_or_else(|| "n/a for this workload/policy".into());
    row(
        &mut out,
        "Theorem 1.1 bound",
        opt(th.thm11.map(|b| format!("{b:.3}"))),
    );
    row(
        &mut out,
        "Theorem 2.2: p + max W_i",
        opt(th.thm22.map(|b| b.to_string())),
    );
    row(
        &mut out,
        "Theorem 3.2: max(W_i + i)",
        opt(th.thm32.map(|b| b.to_string())),
    );
    row(
        &mut out,
        "speedup / efficiency",
        format!("{:.4} / {:.4}", o.speedup(), o.efficiency()),
    );
    row(&mut out, "idle steps", o.idle_steps.to_string());
    row(&mut out, "work per PE W_i", format!("{:?}", o.work));
    if let Some(w) = &th.work {
        row(&mut out, "exact W_i (Thm 2.1 / 3.1)", format!("{w:?}"));
    }
    row(
        &mut out,
        "first step per PE",
        format!(
            "{:?}",
            o.first_step
                .iter()
                .map(|s| s.map_or("-".to_string(), |x| x.to_string()))
                .collect::<Vec<_>>()
        ),
    );
    if assignments && let Some(t) = &o.trace {
        let _ = writeln!(
            out,
            "\n{:>10} {:>6} {:>5} {:>6}",
            "node", "level", "pe", "step"
        );
        for r in &t.nodes {
            let _ = writeln!(
                out,
                "{:>10} {:>6} {:>5} {:>6}",
                r.node.to_string(),
                r.level,
                r.pe,
                r.step
            );
        }
    }
    Ok(out)
}
