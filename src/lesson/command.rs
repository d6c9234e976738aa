//! A check's command line read without clap: the model run it names, as the model's parameters
//! (a [`Scenario`]) and the optional parts of the report its output flags ask for.
//!
//! The syntax is the CLI's, so that a lesson's check stays a command a student can paste into
//! a shell (`loadlab treesweep --n 5 --tau 3 --json`): a model subcommand with its flags
//! (`--flag value` or `--flag=value`, each at most once), or `eval PRESET`. Numbers take the
//! CLI's syntax ([`num::parse_int`], [`num::parse_real`]: `2^20`, `1e6`) and unbalance and
//! cost vectors the ring editor's. The run itself is the report's: [`Planned::run`] returns
//! the same run result whose JSON `loadlab … --json` prints, computed in-process.
//!
//! Reading a command is a loop over its words, never a recursion; a scalar number longer than
//! [`MAX_NUMBER_CHARS`] is refused before it is parsed.

use std::path::Path;

use crate::model::divisible::{AlgorithmChoice, DivisibleParams, Method};
use crate::model::geodecay::GeoParams;
use crate::model::ksbf::{KsbfParams, RECORD_NODE_LIMIT};
use crate::model::num::{self, Int};
use crate::model::redistribute::instance::Direction;
use crate::model::redistribute::params::RedistParams;
use crate::model::redistribute::typed::InstanceText;
use crate::model::registry::{ModelParams, Scenario};
use crate::model::treesweep::TreeSweepParams;
use crate::model::{Named, Progress};
use crate::preset;
use crate::report::{self, ModelRun, ReportError};

/// Longest scalar number a check may hold (`2^64`, `1e-3` and the like are a few characters;
/// a longer text is refused before it reaches the number parser).
pub const MAX_NUMBER_CHARS: usize = 64;

/// The model run a check's command asks for: the parameters and the report's optional parts.
#[derive(Debug, Clone, PartialEq)]
pub enum Planned {
    /// `loadlab divisible …`.
    Divisible(DivisibleParams, report::divisible::Parts),
    /// `loadlab geodecay …`.
    Geodecay(GeoParams, report::geodecay::Parts),
    /// `loadlab treesweep …`.
    TreeSweep(TreeSweepParams, report::treesweep::Parts),
    /// `loadlab ksbf …`.
    Ksbf(KsbfParams, report::ksbf::Parts),
    /// `loadlab redistribute …`.
    Redistribute(RedistParams, report::redistribute::Parts),
}

/// Largest n for which `treesweep --schedule` lists every node (the CLI's limit).
const SCHEDULE_N_MAX: u64 = 16;

impl Planned {
    /// The summary run of a scenario (what `loadlab eval PRESET --json` prints).
    pub fn summary(scenario: Scenario) -> Planned {
        match scenario {
            Scenario::Divisible(p) => Planned::Divisible(p, Default::default()),
            Scenario::Geodecay(p) => Planned::Geodecay(p, Default::default()),
            Scenario::TreeSweep(p) => Planned::TreeSweep(p, Default::default()),
            Scenario::Ksbf(p) => Planned::Ksbf(p, Default::default()),
            Scenario::Redistribute(p) => Planned::Redistribute(p, Default::default()),
        }
    }

    /// The scenario the command runs (what "show me" loads).
    pub fn scenario(&self) -> Scenario {
        match self {
            Planned::Divisible(p, _) => p.clone().into_scenario(),
            Planned::Geodecay(p, _) => p.clone().into_scenario(),
            Planned::TreeSweep(p, _) => p.clone().into_scenario(),
            Planned::Ksbf(p, _) => p.clone().into_scenario(),
            Planned::Redistribute(p, _) => p.clone().into_scenario(),
        }
    }

    /// Computes the run result in-process (errors name the flag, as the CLI's do).
    pub fn run(&self, progress: &dyn Progress) -> Result<ModelRun, String> {
        let run = match self {
            Planned::Divisible(p, parts) => parts.build(p, progress).map(ModelRun::Divisible),
            Planned::Geodecay(p, parts) => parts.build(p, progress).map(ModelRun::Geodecay),
            Planned::TreeSweep(p, parts) => {
                p.validate().map_err(|e| flag_error(e.into()))?;
                if parts.schedule && p.n > SCHEDULE_N_MAX {
                    return Err(format!(
                        "--schedule: n = {} is too large to list every node (2^n − 1 of them); \
                         it needs n ≤ {SCHEDULE_N_MAX}",
                        p.n
                    ));
                }
                parts.build(p, progress).map(ModelRun::TreeSweep)
            }
            Planned::Ksbf(p, parts) => {
                let run = parts.build(p, progress).map_err(flag_error)?;
                if parts.assignments && run.outcome.trace.is_none() {
                    return Err(format!(
                        "--assignments: {} nodes are too many to list (at most \
                         {RECORD_NODE_LIMIT} are recorded)",
                        run.outcome.nodes
                    ));
                }
                Ok(ModelRun::Ksbf(run))
            }
            Planned::Redistribute(p, parts) => parts.build(p, progress).map(ModelRun::Redistribute),
        };
        run.map_err(flag_error)
    }
}

/// A report error as the CLI words it: `--flag: message`.
fn flag_error(e: ReportError) -> String {
    match e {
        ReportError::Invalid { field, message } => {
            let flag = match field {
                "sweep_h_max" => "h-max".to_string(),
                "sweep_beta" => "beta-range".to_string(),
                f => f.replace('_', "-"),
            };
            format!("--{flag}: {message}")
        }
        ReportError::Cancelled => "cancelled".into(),
    }
}

/// Reads a check's command (without `loadlab` and `--json`).
pub fn parse(args: &[String]) -> Result<Planned, String> {
    let (first, rest) = args
        .split_first()
        .ok_or_else(|| "the command is empty".to_string())?;
    match first.as_str() {
        "divisible" => divisible(&Flags::read(rest, DIVISIBLE)?),
        "geodecay" => geodecay(&Flags::read(rest, GEODECAY)?),
        "treesweep" => treesweep(&Flags::read(rest, TREESWEEP)?),
        "ksbf" => ksbf(&Flags::read(rest, KSBF)?),
        "redistribute" => redistribute(&Flags::read(rest, REDISTRIBUTE)?),
        "eval" => match rest {
            [name] if !name.starts_with("--") => Ok(Planned::summary(preset_scenario(name)?)),
            _ => Err("eval takes one preset (a file or a bundled preset's name)".into()),
        },
        other => Err(format!(
            "{other:?} is not a model command (a check runs divisible, geodecay, treesweep, \
             ksbf, redistribute or eval PRESET)"
        )),
    }
}

/// The scenario of a preset file, or else of a bundled preset by name.
fn preset_scenario(name: &str) -> Result<Scenario, String> {
    let path = Path::new(name);
    if path.exists() {
        return preset::load(path)
            .map(|p| p.scenario)
            .map_err(|e| e.to_string());
    }
    preset::find_bundled(name)
        .map(|p| p.scenario)
        .ok_or_else(|| {
            format!(
                "{name}: no such file, and no bundled preset has that name (see `loadlab presets`)"
            )
        })
}

/// A flag of a model command: its name (without dashes) and whether it takes a value.
type Spec = (&'static str, bool);

const DIVISIBLE: &[Spec] = &[
    ("network", true),
    ("b", true),
    ("h", true),
    ("beta", true),
    ("algorithm", true),
    ("sweep", true),
    ("h-max", true),
    ("beta-range", true),
    ("beta-points", true),
    ("timeline", false),
];

const GEODECAY: &[Spec] = &[
    ("n", true),
    ("p", true),
    ("alpha", true),
    ("ell", true),
    ("c", true),
    ("policy", true),
    ("every", true),
    ("decay", true),
    ("survivors", true),
    ("seed", true),
    ("sweep", true),
    ("ell-log2-max", true),
    ("seeds", true),
    ("trace", false),
];

const TREESWEEP: &[Spec] = &[
    ("n", true),
    ("tau", true),
    ("direction", true),
    ("schedule", false),
];

const KSBF: &[Spec] = &[
    ("shape", true),
    ("n", true),
    ("p", true),
    ("seed", true),
    ("spawn-prob", true),
    ("balance", true),
    ("schedule", true),
    ("assignments", false),
];

const REDISTRIBUTE: &[Spec] = &[
    ("delta", true),
    ("loads", true),
    ("direction", true),
    ("c", true),
    ("cw", true),
    ("ccw", true),
    ("algorithm", true),
    ("rounds", false),
    ("tau-curve", false),
];

/// The flags given to a model command, checked against its [`Spec`]s: each known, each at
/// most once, a value where one is taken.
struct Flags<'a> {
    given: Vec<(&'static str, Option<&'a str>)>,
}

impl<'a> Flags<'a> {
    fn read(args: &'a [String], specs: &[Spec]) -> Result<Flags<'a>, String> {
        let mut given: Vec<(&'static str, Option<&'a str>)> = Vec::new();
        let mut words = args.iter();
        while let Some(word) = words.next() {
            let Some(body) = word.strip_prefix("--") else {
                return Err(format!(
                    "unexpected argument {word:?} (flags start with --)"
                ));
            };
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (body, None),
            };
            if matches!(name, "json" | "csv") {
                return Err(format!(
                    "--{name}: a check reads the run's JSON itself (leave out --json and --csv)"
                ));
            }
            let &(known, takes_value) = specs
                .iter()
                .find(|(n, _)| *n == name)
                .ok_or_else(|| format!("unexpected argument --{name}"))?;
            if given.iter().any(|(n, _)| *n == known) {
                return Err(format!("--{known} is given twice"));
            }
            let value = match (takes_value, inline) {
                (true, Some(v)) => Some(v),
                (true, None) => Some(
                    words
                        .next()
                        .map(String::as_str)
                        .ok_or_else(|| format!("--{known} needs a value"))?,
                ),
                (false, Some(_)) => return Err(format!("--{known} takes no value")),
                (false, None) => None,
            };
            given.push((known, value));
        }
        Ok(Flags { given })
    }

    /// The value of a flag that takes one, if given.
    fn value(&self, name: &str) -> Option<&'a str> {
        self.given
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| *v)
    }

    /// Whether a switch is given.
    fn on(&self, name: &str) -> bool {
        self.given.iter().any(|(n, _)| *n == name)
    }

    /// Sets `field` from flag `name` when given, with `read`; the error names the flag.
    fn set<T>(
        &self,
        field: &mut T,
        name: &str,
        read: impl Fn(&str) -> Result<T, String>,
    ) -> Result<(), String> {
        if let Some(v) = self.value(name) {
            *field = read(v).map_err(|e| format!("--{name}: {e}"))?;
        }
        Ok(())
    }
}

/// A scalar number's text, refused when longer than [`MAX_NUMBER_CHARS`].
fn short(s: &str) -> Result<&str, String> {
    if s.chars().count() > MAX_NUMBER_CHARS {
        let head: String = s.chars().take(12).collect();
        Err(format!(
            "\"{head}…\" is not a number (longer than {MAX_NUMBER_CHARS} characters)"
        ))
    } else {
        Ok(s)
    }
}

fn real(s: &str) -> Result<f64, String> {
    num::parse_real(short(s)?).map_err(|e| e.to_string())
}

fn int<T: Int>(s: &str) -> Result<T, String> {
    num::parse_int(short(s)?).map_err(|e| e.to_string())
}

/// A count that must be at least 1 (the CLI's wording).
fn count<T: Int>(what: &'static str) -> impl Fn(&str) -> Result<T, String> {
    move |s| {
        let x: i128 = int(s)?;
        if x < 1 {
            Err(format!("{what} must be at least 1 (got {x})"))
        } else if x > T::MAX {
            Err(format!("{what} = {x} is too large (limit {})", T::MAX))
        } else {
            Ok(T::from_i128(x))
        }
    }
}

/// One of a model enum's names.
fn named<T: Named>(s: &str) -> Result<T, String> {
    T::VARIANTS
        .iter()
        .copied()
        .find(|v| v.name() == s)
        .ok_or_else(|| {
            let names: Vec<&str> = T::VARIANTS.iter().map(|v| v.name()).collect();
            format!("invalid value {s:?} (one of {})", names.join(", "))
        })
}

/// One of `names`, as its index.
fn choice(s: &str, names: &[&str]) -> Result<usize, String> {
    names
        .iter()
        .position(|n| *n == s)
        .ok_or_else(|| format!("invalid value {s:?} (one of {})", names.join(", ")))
}

fn divisible(f: &Flags) -> Result<Planned, String> {
    let mut p = DivisibleParams::default();
    f.set(&mut p.network, "network", named)?;
    f.set(&mut p.b, "b", int)?;
    f.set(&mut p.h, "h", int)?;
    f.set(&mut p.beta, "beta", real)?;
    f.set(&mut p.algorithm, "algorithm", |s| {
        if s == "all" {
            return Ok(AlgorithmChoice::All);
        }
        let m = Method::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(s) && s.len() == 1);
        m.map(AlgorithmChoice::Only)
            .ok_or_else(|| format!("invalid value {s:?} (one of C, P, Q, all)"))
    })?;
    f.set(&mut p.sweep_h_max, "h-max", int)?;
    f.set(&mut p.sweep_beta, "beta-range", |s| {
        let (a, b) = s
            .split_once(',')
            .ok_or_else(|| format!("expected LO,HI, got {s:?}"))?;
        Ok((real(a)?, real(b)?))
    })?;
    let mut parts = report::divisible::Parts {
        timelines: f.on("timeline"),
        ..Default::default()
    };
    f.set(&mut parts.beta_points, "beta-points", int)?;
    let mut sweep = None;
    f.set(&mut sweep, "sweep", |s| choice(s, &["h", "beta"]).map(Some))?;
    parts.h_sweep = sweep == Some(0);
    parts.beta_sweep = sweep == Some(1);
    Ok(Planned::Divisible(p, parts))
}

fn geodecay(f: &Flags) -> Result<Planned, String> {
    let mut p = GeoParams::default();
    f.set(&mut p.n, "n", count("n (initial tasks)"))?;
    f.set(&mut p.p, "p", count("p (processors)"))?;
    f.set(&mut p.alpha, "alpha", real)?;
    f.set(&mut p.ell, "ell", real)?;
    f.set(&mut p.c, "c", real)?;
    f.set(&mut p.policy, "policy", named)?;
    f.set(&mut p.every, "every", count("k"))?;
    f.set(&mut p.decay, "decay", named)?;
    f.set(&mut p.survivors, "survivors", named)?;
    f.set(&mut p.seed, "seed", int)?;
    f.set(&mut p.ell_log2_max, "ell-log2-max", int)?;
    f.set(&mut p.seeds, "seeds", int)?;
    let mut sweep = None;
    f.set(&mut sweep, "sweep", |s| {
        choice(s, &["ell", "p", "seeds"]).map(Some)
    })?;
    let parts = report::geodecay::Parts {
        policies: false,
        trace: f.on("trace"),
        ell_sweep: sweep == Some(0),
        p_sweep: sweep == Some(1),
        seed_spread: sweep == Some(2),
    };
    Ok(Planned::Geodecay(p, parts))
}

fn treesweep(f: &Flags) -> Result<Planned, String> {
    let mut p = TreeSweepParams::default();
    f.set(&mut p.n, "n", count("n (tree height)"))?;
    f.set(&mut p.tau, "tau", real)?;
    f.set(&mut p.direction, "direction", named)?;
    let parts = report::treesweep::Parts {
        schedule: f.on("schedule"),
        ..Default::default()
    };
    Ok(Planned::TreeSweep(p, parts))
}

fn ksbf(f: &Flags) -> Result<Planned, String> {
    let mut p = KsbfParams::default();
    f.set(&mut p.shape, "shape", named)?;
    f.set(&mut p.n, "n", count("n"))?;
    f.set(&mut p.p, "p", count("p (ring size)"))?;
    f.set(&mut p.seed, "seed", int)?;
    f.set(&mut p.spawn_prob, "spawn-prob", real)?;
    f.set(&mut p.balance, "balance", named)?;
    f.set(&mut p.schedule, "schedule", named)?;
    let parts = report::ksbf::Parts {
        assignments: f.on("assignments"),
        ..Default::default()
    };
    Ok(Planned::Ksbf(p, parts))
}

fn redistribute(f: &Flags) -> Result<Planned, String> {
    let mut direction = Direction::Bi;
    f.set(&mut direction, "direction", named)?;
    let c = f.value("c").map(short).transpose();
    let instance = InstanceText {
        delta: f.value("delta"),
        loads: f.value("loads"),
        direction,
        c: c.map_err(|e| format!("--c: {e}"))?,
        cw: f.value("cw"),
        ccw: f.value("ccw"),
    }
    .instance()
    .map_err(|e| e.to_string())?;
    let mut p = RedistParams {
        instance,
        ..RedistParams::default()
    };
    f.set(&mut p.algorithm, "algorithm", named)?;
    let parts = report::redistribute::Parts {
        schedule: f.on("rounds"),
        tau_curve: f.on("tau-curve"),
        json_listing: true,
        ..Default::default()
    };
    Ok(Planned::Redistribute(p, parts))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn flags_set_the_parameters_and_the_parts() {
        let p = parse(&words(&[
            "divisible",
            "--h",
            "15",
            "--beta=1e2",
            "--algorithm",
            "c",
            "--sweep",
            "beta",
        ]))
        .unwrap();
        let Planned::Divisible(d, parts) = p else {
            panic!("{p:?}")
        };
        assert_eq!((d.h, d.beta, d.b), (15, 100.0, 2));
        assert_eq!(d.algorithm, AlgorithmChoice::Only(Method::C));
        assert!(parts.beta_sweep && !parts.h_sweep && !parts.timelines);
        let p = parse(&words(&["geodecay", "--n", "2^30", "--policy", "standard"])).unwrap();
        let Planned::Geodecay(g, _) = p else {
            panic!("{p:?}")
        };
        assert_eq!((g.n, g.p), (1 << 30, 1 << 10));
        assert_eq!(g.policy.name(), "standard");
        let p = parse(&words(&["ksbf", "--schedule", "df", "--assignments"])).unwrap();
        let Planned::Ksbf(k, parts) = p else {
            panic!("{p:?}")
        };
        assert_eq!(k.schedule.name(), "df");
        assert!(parts.assignments);
        let p = parse(&words(&[
            "redistribute",
            "--delta",
            "2,-1,-1",
            "--cw",
            "1,2,3",
            "--ccw",
            "3,2,1",
        ]))
        .unwrap();
        let Planned::Redistribute(r, _) = p else {
            panic!("{p:?}")
        };
        assert_eq!(r.instance.delta, vec![2, -1, -1]);
        assert!(!r.instance.is_homogeneous());
    }

    #[test]
    fn bad_commands_name_the_flag() {
        let e = |a: &[&str]| parse(&words(a)).unwrap_err();
        assert!(e(&[]).contains("empty"));
        assert!(e(&["map", "ksbf"]).contains("not a model command"));
        assert!(e(&["treesweep", "--n"]).contains("--n needs a value"));
        assert!(e(&["treesweep", "--n", "3", "--n", "4"]).contains("twice"));
        assert!(e(&["treesweep", "--colour", "3"]).contains("--colour"));
        assert!(e(&["treesweep", "5"]).contains("unexpected argument"));
        assert!(e(&["treesweep", "--json"]).contains("--json"));
        assert!(e(&["treesweep", "--n", "0"]).starts_with("--n: n (tree height) must be"));
        assert!(e(&["ksbf", "--balance", "fair"]).contains("ks"));
        assert!(e(&["redistribute", "--n", "3"]).contains("--n"));
        assert!(e(&["redistribute"]).starts_with("--delta: required"));
        assert!(e(&["redistribute", "--delta", "1,1"]).starts_with("--delta"));
        assert!(e(&["eval"]).contains("one preset"));
        assert!(e(&["eval", "no-such-preset"]).contains("no bundled preset"));
    }

    #[test]
    fn a_long_number_is_refused_before_it_is_parsed() {
        let chain = vec!["1"; 40_000].join("^");
        let e = parse(&words(&["divisible", "--h", &chain])).unwrap_err();
        assert!(
            e.starts_with("--h: \"1^1^1^1^1^1^…\" is not a number"),
            "{e}"
        );
        let minus = format!("{}1", "-".repeat(70_000));
        assert!(parse(&words(&["geodecay", "--n", &minus])).is_err());
        assert!(parse(&words(&["geodecay", "--ell", &minus])).is_err());
    }

    #[test]
    fn output_checks_of_the_cli_apply() {
        let p = parse(&words(&["treesweep", "--n", "17", "--schedule"])).unwrap();
        let e = p.run(&crate::model::NoProgress).unwrap_err();
        assert!(e.starts_with("--schedule"), "{e}");
        let p = parse(&words(&["treesweep", "--n", "5", "--tau", "3"])).unwrap();
        assert_eq!(
            p.scenario(),
            Scenario::TreeSweep(TreeSweepParams {
                n: 5,
                tau: 3.0,
                ..Default::default()
            })
        );
    }
}
