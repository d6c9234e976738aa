//! A check's command line: the CLI's own grammar ([`crate::command`], clap's
//! `try_parse_from` on the same structs) with a lesson's limits around it.
//!
//! The syntax is the CLI's, so that a lesson's check stays a command a student can paste into
//! a shell (`loadlab treesweep --n 5 --tau 3 --json`): a model subcommand with its flags, or
//! `eval PRESET`. A check leaves out `--json` and `--csv` (it reads the run's JSON itself), and
//! a scalar value longer than [`MAX_NUMBER_CHARS`] is refused before anything parses it. The
//! run itself is the report's: [`Planned::run`] returns the same run result whose JSON
//! `loadlab … --json` prints, computed in-process, with the CLI's output checks.
//!
//! Clap's errors are worded here as one short line naming the flag (`--n needs a value`).

use clap::error::{ContextKind, ErrorKind};

pub use crate::command::Planned;
use crate::command::{self, ModelCommand};

/// Longest scalar value a check may hold (`2^64`, `1e-3` and the like are a few characters;
/// a longer text is refused before it reaches the number parser). Vectors (`--delta 1,-1`)
/// hold commas and are exempt.
pub const MAX_NUMBER_CHARS: usize = 64;

/// Reads a check's command (without `loadlab` and `--json`).
pub fn parse(args: &[String]) -> Result<Planned, String> {
    let first = args
        .first()
        .ok_or_else(|| "the command is empty".to_string())?;
    if !command::is_model_command(first) {
        return Err(format!(
            "{first:?} is not a model command (a check runs divisible, geodecay, treesweep, \
             ksbf, redistribute or eval PRESET)"
        ));
    }
    limits(first, &args[1..])?;
    // `--json` right after the command's name, where no flag can take it for its value.
    let mut words = args.to_vec();
    words.insert(1, "--json".into());
    let cmd = command::parse(&words).map_err(|e| worded(first, &e))?;
    if let ModelCommand::Eval(a) = &cmd
        && a.link.is_some()
    {
        return Err(EVAL_TAKES.into());
    }
    cmd.planned().map_err(|e| e.0)
}

/// What `eval` takes in a check.
const EVAL_TAKES: &str = "eval takes one preset (a file or a bundled preset's name)";

/// A lesson's limits on a command's words: no output flags; no scalar value (a word without
/// a comma after a flag the command takes a number or list by, or after `=`) longer than
/// [`MAX_NUMBER_CHARS`]. An unknown flag's value is left to clap, which names the flag.
fn limits(model: &str, words: &[String]) -> Result<(), String> {
    let mut flag: Option<&str> = None;
    for word in words {
        let (name, value) = match word.strip_prefix("--") {
            Some(body) => {
                let (name, value) = body
                    .split_once('=')
                    .map_or((body, None), |(n, v)| (n, Some(v)));
                if matches!(name, "json" | "csv") {
                    return Err(format!(
                        "--{name}: a check reads the run's JSON itself (leave out --json and --csv)"
                    ));
                }
                flag = value.is_none().then_some(name);
                match value {
                    Some(v) => (name, v),
                    None => continue,
                }
            }
            None => match flag.take() {
                Some(name) => (name, word.as_str()),
                None => continue,
            },
        };
        if value.chars().count() > MAX_NUMBER_CHARS
            && !value.contains(',')
            && command::takes_text(model, name)
        {
            let head: String = value.chars().take(12).collect();
            return Err(format!(
                "--{name}: \"{head}…\" is not a number (longer than {MAX_NUMBER_CHARS} characters)"
            ));
        }
    }
    Ok(())
}

/// Clap's error about a check's command as one line naming the flag.
fn worded(command: &str, e: &clap::Error) -> String {
    let context = |k: ContextKind| e.get(k).map(|v| v.to_string());
    // "--n <N>" → "--n".
    let named = |k: ContextKind| {
        context(k).map(|a| a.split_whitespace().next().unwrap_or_default().to_string())
    };
    let arg = named(ContextKind::InvalidArg).unwrap_or_default();
    let value = context(ContextKind::InvalidValue).unwrap_or_default();
    match e.kind() {
        ErrorKind::UnknownArgument => format!("unexpected argument {arg}"),
        ErrorKind::ArgumentConflict => match named(ContextKind::PriorArg) {
            Some(prior) if prior != arg => format!("{arg} cannot be used with {prior}"),
            _ => format!("{arg} is given twice"),
        },
        ErrorKind::InvalidValue if value.is_empty() => format!("{arg} needs a value"),
        ErrorKind::InvalidValue => match context(ContextKind::ValidValue) {
            Some(valid) => format!("{arg}: invalid value {value:?} (one of {valid})"),
            None => format!("{arg}: invalid value {value:?}"),
        },
        ErrorKind::ValueValidation => match std::error::Error::source(e) {
            Some(why) => format!("{arg}: {why}"),
            None => format!("{arg}: invalid value {value:?}"),
        },
        ErrorKind::TooManyValues if arg.is_empty() => first_line(e),
        ErrorKind::TooManyValues => format!("{arg} takes no value"),
        ErrorKind::MissingRequiredArgument if command == "eval" => EVAL_TAKES.into(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            "a check runs the command, not its help".into()
        }
        _ => first_line(e),
    }
}

/// The first line of clap's own message, without `error:`.
fn first_line(e: &clap::Error) -> String {
    let text = e.to_string();
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("invalid command");
    line.trim().trim_start_matches("error:").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::divisible::{AlgorithmChoice, Method};
    use crate::model::registry::Scenario;
    use crate::model::treesweep::TreeSweepParams;

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
