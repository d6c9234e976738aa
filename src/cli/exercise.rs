//! `loadlab exercise MODEL [instance flags] [--moves FILE] [--json]`: prints an exercise (the
//! instance and what to decide) or grades a file of moves ([`crate::model::exercise`]).
//! An illegal move is reported, never an error; a malformed file is one `error:` line.

use clap::{Args, Subcommand};
use serde_json::{Value, json};

use super::{CliError, KsbfArgs, int};
use crate::model::budget::Cost;
use crate::model::exercise::COMPLETE;
use crate::model::exercise::ksbf::KsbfExercise;
use crate::model::exercise::moves::{node_json, parse_decisions, parse_predictions, parse_rounds};
use crate::model::exercise::redistribute::{POSSESSION_AHEAD, PROGRESS, RingExercise};
use crate::model::ksbf::NodeId;
use crate::model::redistribute::editing::{RandomSpec, random_instance};
use crate::model::redistribute::instance::{Direction, RingInstance};
use crate::model::redistribute::typed::InstanceText;

mod divisible;
mod hand_in;
mod moves_file;
mod treesweep;

pub use crate::model::exercise::moves::Shape;

/// What `loadlab exercise --help` says about the moves.
pub const MOVE_FORMATS: &str = "\
Move files (--moves FILE, JSON; `-` reads standard input):

  redistribute: a list of rounds, each a list of [from, to] sends of one item, processors
    1…n as in the paper: [[[1, 2], [4, 3]], [[2, 3]]]. Rules: neighbours (a link of the
    ring; P_i → P_{i+1} only on a unidirectional ring), one-port (one send and one receive
    per processor per round), possession (the sender holds an item at the start of the
    round), complete (a round once the ring is balanced), progress (a legal round that does
    not lower Lemma 6's bound — Lemma 1's on a unidirectional ring — by one round is legal
    but not optimal). An illegal round is not played.

  ksbf: a list of predictions {\"node\": N, \"pe\": K, \"step\": T}: N a heap number for
    trees (root 1, children 2i and 2i + 1) or [k, l] for grid nodes, PEs 0…p−1, steps from
    0 (the root runs on P0 at step 0). Rules: root, left-child-stays,
    right-child-clockwise, step (a node is ready the step after its parent ran, a grid cell
    the step after both its parents ran), breadth-first (a PE runs its first ready task in
    breadth-first order), node (not in the workload), pe (a PE outside P0…p−1), placed (a
    node predicted right already: not played, no try spent).

  geodecay: a list of booleans, one per round r = 1 … R − 1: true = load-balance before
    round r (round 0 is always preceded by one). Every decision is legal; one that cannot
    reach the optimal policy's time any more is not optimal (rule cost, the time it loses
    in why). Deterministic decay only.

  treesweep (--n ≤ 12, --tau, --direction as for `loadlab treesweep`; defaults n = 5,
    τ = 2.5): processor 0's top cluster of the up-sweep, node by node in the order
    processor 0 runs them, ending with the root: a list of heap numbers (root 1, children
    2k and 2k + 1) or {\"node\": N, \"start\": S} with a start time (without one the node
    starts as early as it can): [16, 17, 8, {\"node\": 9, \"start\": 3.5}]. Every other
    node runs in an external subtree, scheduled optimally elsewhere (it finishes at T*(h),
    its result arrives τ later). Rules: node (not in T_n), complete (the root is placed),
    taken (already on processor 0 or inside an external subtree), top-cluster (a child not
    on processor 0 becomes external with its whole subtree), one-at-a-time, precedence; a
    legal node that is not Algorithm Fine-Grain's decision misses step-1.1, rule-a (an
    eligible node runs next), inequality-4 (the height of a new boundary node), rule-b (the
    leftmost node of that height) or start (started later than the algorithm's AET). The
    root while Fine-Grain still places other nodes is graded but not played (played:
    false): it would end the exercise on a wrong move. The end prints the cluster and, once the root is placed, outcome: the makespan of the
    student's schedule against T* and T_PY, and the first move that was not the
    algorithm's.

  divisible: a list of numbers, one per level l = 0 … h from the root outwards: L_l, the
    load one processor of level l computes (a unit load; Σ b^l·L_l = 1), as in the
    paper: [0.25, 0.2, 0.0875]. The schedule follows --algorithm's method (C when all):
    C sends each level its subtree's load in one fragment, P and Q pipeline one fragment
    per level, deepest first. Rules: range (a number ≥ 0), remaining (b^l·L_l at most the
    load left), conservation (the leaves take exactly what is left), overlap (Q only: a
    level keeps at least what it computes while forwarding, L_l ≥ left/(b^l(bβ + 1))),
    complete (a number once every level is set is refused); a
    legal level off the method's closed-form L_l by more than 0.1 % is not optimal (rule
    closed-form). An illegal level is not played (the next number tries it again). At the
    end: makespan (the simulated schedule), closed_form, closed_forms of C, P and Q, and
    waste (the level whose timing first wastes time, or []). h ≤ 8.

Each graded move prints legal, rule (\"\" when legal and optimal), optimal, why, first_try;
the end prints complete, score (moves right at the first try) and out_of.";

/// Flags of `loadlab exercise`.
#[derive(Debug, Args)]
#[command(after_long_help = MOVE_FORMATS, after_help = MOVE_FORMATS)]
pub struct ExerciseArgs {
    /// The model, with its instance flags.
    #[command(subcommand)]
    pub model: ExerciseModel,
}

/// Grading flags shared by every model.
#[derive(Debug, Clone, Args)]
pub struct Grading {
    /// Grade the moves in this JSON file (see `loadlab exercise --help`); `-` reads stdin.
    #[arg(long)]
    pub moves: Option<String>,
    /// A personal instance: derived from the course key and this name (instance flags that
    /// would set another are refused; the output's "command" sets the same instance).
    #[arg(long)]
    pub student: Option<String>,
    /// The course key of --student (default: none).
    #[arg(long, requires = "student")]
    pub course: Option<String>,
    /// Write the attempt file of --moves (exactly what Homework ▸ Hand in… writes) to this path.
    #[arg(long, requires = "moves")]
    pub hand_in: Option<String>,
}

/// One model's exercise.
#[derive(Debug, Subcommand)]
pub enum ExerciseModel {
    /// Plan every round of a homogeneous ring's redistribution (Algorithm 3 on a
    /// bidirectional ring, Algorithm 1 on a unidirectional one). Without --delta a seeded
    /// random ring.
    #[command(after_help = MOVE_FORMATS)]
    Redistribute {
        #[command(flatten)]
        ring: RingArgs,
        #[command(flatten)]
        grading: Grading,
    },
    /// Decide before each round whether to load-balance (deterministic decay), against the
    /// standard, improved and optimal policies.
    #[command(after_help = MOVE_FORMATS)]
    Geodecay {
        #[command(flatten)]
        args: super::GeodecayArgs,
        #[command(flatten)]
        grading: Grading,
    },
    /// Set each level's load L_l of Li's divisible load (root outwards) and compare the
    /// schedule with the method's closed form (--algorithm; C when all).
    #[command(after_help = MOVE_FORMATS)]
    Divisible {
        #[command(flatten)]
        args: super::DivisibleArgs,
        #[command(flatten)]
        grading: Grading,
    },
    /// Predict the PE and step of every node of a tree or grid under KS-BF.
    #[command(after_help = MOVE_FORMATS)]
    Ksbf {
        #[command(flatten)]
        args: KsbfArgs,
        #[command(flatten)]
        grading: Grading,
    },
    /// Build processor 0's top cluster of a tree sweep node by node (Algorithm Fine-Grain's
    /// rules (a), (b) and inequality (4)); the makespan against T* and T_PY.
    #[command(after_help = MOVE_FORMATS)]
    Treesweep {
        #[command(flatten)]
        args: treesweep::TreeArgs,
        #[command(flatten)]
        grading: Grading,
    },
}

/// The ring of a redistribution exercise: typed, or seeded random.
#[derive(Debug, Clone, Args)]
pub struct RingArgs {
    /// Unbalances δ_1..δ_n, comma-separated (Σδ = 0); without it a random ring (--n,
    /// --max-delta, --seed).
    #[arg(long, allow_hyphen_values = true)]
    pub delta: Option<String>,
    /// Initial loads L_1..L_n (default: the smallest Section 2 allows, max(1, 1 + δ_k)).
    #[arg(long, allow_hyphen_values = true)]
    pub loads: Option<String>,
    /// Uni- or bidirectional ring.
    #[arg(long, value_enum, default_value = "bi")]
    pub direction: Direction,
    /// The cost c of every link (the length of a round).
    #[arg(long, allow_hyphen_values = true)]
    pub c: Option<String>,
    /// Random ring: its size n.
    #[arg(long, allow_negative_numbers = true, default_value = "8", value_parser = int::<usize>)]
    pub n: usize,
    /// Random ring: the largest |δ_k|.
    #[arg(long, default_value = "3", value_parser = int::<i64>, allow_hyphen_values = true)]
    pub max_delta: i64,
    /// Random ring: the seed.
    #[arg(long, allow_negative_numbers = true, default_value = "1", value_parser = int::<u64>)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

impl RingArgs {
    /// The ring the flags describe.
    pub fn instance(&self) -> Result<RingInstance, CliError> {
        if self.delta.is_none() {
            let spec = RandomSpec {
                seed: self.seed,
                n: self.n,
                max_delta: self.max_delta,
                direction: self.direction,
                ..RandomSpec::default()
            };
            spec.validate()
                .map_err(|e| CliError(format!("--n / --max-delta: {e}")))?;
            let mut inst = random_instance(&spec);
            if let Some(c) = &self.c {
                let c = super::real(c).map_err(|e| CliError(format!("--c: {e}")))?;
                inst.costs = crate::model::redistribute::instance::Costs::Homogeneous(c);
            }
            return Ok(inst);
        }
        InstanceText {
            delta: self.delta.as_deref(),
            loads: self.loads.as_deref(),
            direction: self.direction,
            c: self.c.as_deref(),
            cw: None,
            ccw: None,
        }
        .instance()
        .map_err(|e| CliError(e.to_string()))
    }
}

/// Runs `loadlab exercise`.
pub fn execute(a: &ExerciseArgs) -> Result<String, CliError> {
    let (value, json) = hand_in::run(a)?;
    if json {
        Ok(format!("{value}\n"))
    } else {
        Ok(text(&value))
    }
}

impl ExerciseModel {
    /// The grading flags.
    pub fn grading(&self) -> &Grading {
        match self {
            ExerciseModel::Redistribute { grading, .. }
            | ExerciseModel::Geodecay { grading, .. }
            | ExerciseModel::Divisible { grading, .. }
            | ExerciseModel::Ksbf { grading, .. }
            | ExerciseModel::Treesweep { grading, .. } => grading,
        }
    }
}

/// The exercise's JSON value and whether `--json` was asked for (the instance from the flags).
fn exercise(a: &ExerciseArgs) -> Result<(Value, bool), CliError> {
    Ok(match &a.model {
        ExerciseModel::Redistribute { ring, grading } => (redistribute(ring, grading)?, ring.json),
        ExerciseModel::Geodecay { args, grading } => {
            if args.out.csv {
                return Err(CliError("--csv: an exercise prints JSON or text".into()));
            }
            (geodecay(args, grading)?, args.out.json)
        }
        ExerciseModel::Divisible { args, grading } => {
            if args.out.csv {
                return Err(CliError("--csv: an exercise prints JSON or text".into()));
            }
            (divisible::divisible(args, grading)?, args.out.json)
        }
        ExerciseModel::Ksbf { args, grading } => {
            if args.out.csv {
                return Err(CliError("--csv: an exercise prints JSON or text".into()));
            }
            (ksbf(args, grading)?, args.out.json)
        }
        ExerciseModel::Treesweep { args, grading } => (treesweep::run(args, grading)?, args.json),
    })
}

/// The moves file `path` parsed, after `check` has seen its shape and returned the cost of
/// grading it ([`moves_file::read`]).
pub(super) fn read_moves(
    path: &str,
    check: impl FnOnce(&Shape) -> Result<Cost, CliError>,
) -> Result<Value, CliError> {
    moves_file::read(path, check)
}

/// A check of a moves file whose items are bounded by the exercise: at most `most` items of
/// small JSON (nothing of note to grade beyond the parse); `limit` says what bounds them
/// ("the 4 decisions of this exercise").
pub(super) fn at_most(
    path: &str,
    most: usize,
    limit: String,
) -> impl FnOnce(&Shape) -> Result<Cost, CliError> {
    items_at_most("--moves", path, most, limit)
}

/// A check of the file `path` given to `flag` that holds at most `most` items of small JSON:
/// more are refused, naming the file and `limit` ("the limit of 4096").
pub(super) fn items_at_most(
    flag: &'static str,
    path: &str,
    most: usize,
    limit: String,
) -> impl FnOnce(&Shape) -> Result<Cost, CliError> {
    move |shape| {
        if shape.items > most as u64 {
            return Err(CliError(format!(
                "{flag} {}: {} items, more than {limit}",
                crate::preset::one_line(path),
                shape.items
            )));
        }
        Ok(Cost::default())
    }
}

/// The moves file `path`, read after `check` has seen its shape, and parsed by `parse` (its
/// error names the file).
pub(super) fn parsed_moves<T, E: std::fmt::Display>(
    path: &str,
    check: impl FnOnce(&Shape) -> Result<Cost, CliError>,
    parse: impl FnOnce(&Value) -> Result<T, E>,
) -> Result<T, CliError> {
    parse(&read_moves(path, check)?).map_err(|e| CliError(format!("--moves {path}: {e}")))
}

/// Every move played in order, each as the grader answers it ([`numbered`]).
pub(super) fn graded<M, G: serde::Serialize>(moves: &[M], mut play: impl FnMut(&M) -> G) -> Value {
    let each = moves.iter().enumerate().map(|(i, m)| numbered(i, &play(m)));
    Value::Array(each.collect())
}

/// A move's verdict as the grader answers it: the grade's JSON with the move's number `i + 1`.
pub(super) fn numbered<G: serde::Serialize>(i: usize, grade: &G) -> Value {
    let mut v = serde_json::to_value(grade).unwrap_or(Value::Null);
    v["move"] = json!(i + 1);
    v
}

fn redistribute(ring: &RingArgs, grading: &Grading) -> Result<Value, CliError> {
    let inst = ring.instance()?;
    let mut ex = RingExercise::new(&inst).map_err(|e| CliError(e.0))?;
    let c = inst.uniform_cost().unwrap_or(1.0);
    let mut out = json!({
        "model": "redistribute",
        "algorithm": ex.algorithm(),
        "task": format!(
            "Plan the rounds that balance the ring: in each round every processor sends at \
             most one item to a neighbour and receives at most one; {} is {}: finish \
             in that many ({} lowers it by one every round)",
            ex.bound_name(), crate::model::words::count(ex.initial_bound, "round"),
            ex.algorithm()),
        "instance": {
            "n": inst.n(),
            "delta": inst.delta,
            "loads": inst.loads,
            "direction": inst.direction.name(),
            "c": c,
        },
        "bound": ex.bound_name(),
        "rounds_needed": ex.initial_bound,
        "rules": ["neighbours", "one-port", "possession", COMPLETE, PROGRESS, POSSESSION_AHEAD],
    });
    let Some(path) = &grading.moves else {
        return Ok(out);
    };
    // The rounds and sends counted before parsing (the parse's values are at least as many).
    let cost = |shape: &Shape| {
        ex.check_cost(shape.items as usize, shape.depth3_lists as usize)
            .map_err(|e| CliError(format!("--moves {path}: {}", e.0)))
    };
    let rounds = parsed_moves(path, cost, parse_rounds)?;
    out["moves"] = graded(&rounds, |r| ex.play(r));
    out["rounds_played"] = json!(ex.played);
    out["complete"] = json!(ex.complete());
    out["score"] = json!(ex.score);
    out["out_of"] = json!(ex.initial_bound);
    out["delta_after"] = json!(ex.delta);
    Ok(out)
}

fn ksbf(args: &KsbfArgs, grading: &Grading) -> Result<Value, CliError> {
    let params = args.params()?;
    let mut ex = KsbfExercise::new(&params).map_err(|e| CliError(e.0))?;
    let p = ex.params().clone();
    let mut nodes: Vec<NodeId> = ex.order.iter().map(|r| r.node).collect();
    nodes.sort_by_key(|&x| match x {
        NodeId::Tree(h) => (0, h),
        NodeId::Grid { k, l } => (u64::from(k + l), u64::from(k)),
    });
    let mut out = json!({
        "model": "ksbf",
        "algorithm": "KS-BF",
        "task": ex.task(),
        "instance": {
            "shape": p.shape.name(),
            "n": p.n,
            "p": p.p,
            "seed": p.seed,
            "spawn_prob": p.spawn_prob,
        },
        "nodes": nodes.iter().map(|&x| node_json(x)).collect::<Vec<_>>(),
        "node_count": nodes.len(),
        "rules": crate::model::exercise::ksbf::RULES,
    });
    let Some(path) = &grading.moves else {
        return Ok(out);
    };
    let grid = p.shape.is_grid();
    let preds = parsed_moves(path, ksbf_cost(path), |v| parse_predictions(v, grid))?;
    let moves: Vec<Value> = preds
        .iter()
        .enumerate()
        .map(|(i, pr)| {
            let mut v = numbered(i, &ex.play(pr));
            v["node"] = node_json(pr.node);
            v
        })
        .collect();
    out["moves"] = Value::Array(moves);
    out["complete"] = json!(ex.complete());
    out["score"] = json!(ex.score);
    out["out_of"] = json!(nodes.len());
    Ok(out)
}

/// Memory of grading one KS-BF prediction besides its parsed JSON (7 values): its grade and
/// the grade's JSON. Measured (release build): 5·10⁵ predictions peak at 581 MB (estimated
/// 593 MB with the parse) in 1.75 s of CPU.
const KSBF_MOVE_BYTES: f64 = 600.0;

/// Most predictions graded: about 7 s of CPU at the measured 3.5 µs each (the memory binds
/// first, at about 8.5·10⁵).
const KSBF_MOVES_MAX: f64 = 2e6;

/// The cost check of a KS-BF moves file: its predictions counted before parsing.
fn ksbf_cost(path: &str) -> impl FnOnce(&Shape) -> Result<Cost, CliError> {
    move |shape| {
        let n = shape.items as f64;
        if n > KSBF_MOVES_MAX {
            return Err(CliError(format!(
                "--moves {}: {} predictions, more than the limit of {}",
                crate::preset::one_line(path),
                shape.items,
                crate::model::format::number(
                    KSBF_MOVES_MAX,
                    crate::model::format::Precision::Estimate
                )
            )));
        }
        Ok(Cost::new(n, n * KSBF_MOVE_BYTES))
    }
}

fn geodecay(args: &super::GeodecayArgs, grading: &Grading) -> Result<Value, CliError> {
    use crate::model::exercise::geodecay::{COST, GeoExercise};
    let params = args.params()?;
    let mut ex = GeoExercise::new(&params).map_err(|e| CliError(e.0))?;
    let mut out = json!({
        "model": "geodecay",
        "algorithm": "load balancing policy",
        "task": format!(
            "Before each round r = 1 … {} decide whether to load-balance (cost ℓ = {}); a \
             round costs its most loaded processor's tasks",
            ex.rounds().saturating_sub(1), params.ell),
        "instance": {
            "n": params.n, "p": params.p, "alpha": params.alpha, "ell": params.ell,
            "c": params.c, "survivors": params.survivors.name(),
        },
        "rounds": ex.rounds(),
        "decisions": ex.decisions(),
        "policies": ex.policies.iter().map(|(p, t)| json!({"policy": p.name(), "time": t})).collect::<Vec<_>>(),
        "rules": [COST],
    });
    let Some(path) = &grading.moves else {
        return Ok(out);
    };
    let decisions = ex.decisions();
    let check = at_most(
        path,
        decisions,
        format!("the {decisions} decisions of this exercise"),
    );
    let decisions = parsed_moves(path, check, parse_decisions)?;
    if decisions.len() > ex.decisions() {
        return Err(CliError(format!(
            "--moves {path}: {} decisions for {} rounds after round 0",
            decisions.len(),
            ex.decisions()
        )));
    }
    let moves: Vec<Value> = decisions
        .iter()
        .enumerate()
        .filter_map(|(i, &b)| Some(numbered(i, &ex.play(b, true)?)))
        .collect();
    out["moves"] = Value::Array(moves);
    out["complete"] = json!(ex.complete());
    out["score"] = json!(ex.score);
    out["out_of"] = json!(ex.decisions());
    out["time"] = json!(ex.time);
    Ok(out)
}

/// The readable rendering: the task, the instance, each move's verdict, the score.
fn text(v: &Value) -> String {
    let mut s = String::new();
    let line = |s: &mut String, t: String| {
        s.push_str(&t);
        s.push('\n');
    };
    line(
        &mut s,
        format!(
            "{} — {}",
            v["model"].as_str().unwrap_or(""),
            v["algorithm"].as_str().unwrap_or("")
        ),
    );
    line(
        &mut s,
        format!("task: {}", v["task"].as_str().unwrap_or("")),
    );
    line(&mut s, format!("instance: {}", v["instance"]));
    if let Some(nodes) = v["nodes"].as_array() {
        let shown: Vec<String> = nodes.iter().take(64).map(|x| x.to_string()).collect();
        let more = if nodes.len() > 64 { " …" } else { "" };
        line(&mut s, format!("nodes: {}{more}", shown.join(" ")));
    }
    if let Some(moves) = v["moves"].as_array() {
        for m in moves {
            let verdict = if m["optimal"] == json!(true) {
                "right".to_string()
            } else if m["legal"] == json!(true) {
                format!("legal, not optimal ({})", m["rule"].as_str().unwrap_or(""))
            } else {
                format!("illegal ({})", m["rule"].as_str().unwrap_or(""))
            };
            line(
                &mut s,
                format!(
                    "move {}: {verdict}: {}",
                    m["move"],
                    m["why"].as_str().unwrap_or("")
                ),
            );
        }
        if let Some(o) = v["outcome"].as_object() {
            line(
                &mut s,
                format!(
                    "makespan: {} (T* = {}, T_PY = {})",
                    o["makespan"], o["t_star"], o["t_py"]
                ),
            );
        }
        line(
            &mut s,
            format!(
                "complete: {}, score: {} / {}",
                m_bool(&v["complete"]),
                v["score"],
                v["out_of"]
            ),
        );
        if let Some(summary) = v["summary"].as_str() {
            line(&mut s, summary.to_string());
        }
    }
    s
}

fn m_bool(v: &Value) -> &'static str {
    if v == &json!(true) { "yes" } else { "no" }
}
