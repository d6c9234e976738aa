//! The model commands' grammar: the flags of `loadlab divisible | geodecay | treesweep | ksbf |
//! redistribute` and `eval PRESET` as clap structs, their value parsers, and how the flags
//! become the model's parameters and the report's optional parts ([`Planned`]).
//!
//! This is the only parser of a model command. The CLI flattens these structs into its
//! subcommands (and `map` and `exercise` beside their own flags); a lesson check, an errata
//! evidence run and a quiz question read their commands with [`parse`] through
//! `lesson::command`, which adds the lesson's limits; [`Planned::run`] holds the
//! output checks both apply (`--schedule`, `--assignments`). A numeric flag's default is
//! its parameter descriptor's (`ParamSpec::default`, which the model's `Params::default()`
//! reads too), shown as written (`2^20`); a choice's default is read from `Params::default()`.
//!
//! A model's commands are its module here (its flags with their `params()` and `parts()`, and
//! [`Checked`] for its run) and one row of `model_commands!` below.
//!
//! Layer: below `lesson` and `cli`; needs only the model, the report, presets and clap.

pub mod divisible;
pub mod geodecay;
mod inverse;
pub mod ksbf;
mod planned;
pub mod redistribute;
pub mod treesweep;
mod values;

use std::path::PathBuf;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

pub use divisible::DivisibleArgs;
pub use geodecay::GeodecayArgs;
pub use inverse::command_of;
pub use ksbf::KsbfArgs;
pub use planned::{Checked, Reader, refused};
pub use redistribute::RedistributeArgs;
pub use treesweep::TreesweepArgs;

use crate::model::Progress;
use crate::model::num::{self, Int};
use crate::model::registry::{ModelParams, Scenario};
use crate::preset::{self, Preset};
use crate::report::row::ModelParts;
use crate::report::{self, ModelRun, ReportError};

/// A command that cannot run: one line (the CLI prints it as `error: …`, exit status 2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CommandError(pub String);

impl From<ReportError> for CommandError {
    fn from(e: ReportError) -> Self {
        match e {
            ReportError::Invalid { field, message } => {
                CommandError(format!("--{}: {message}", flag(field)))
            }
            ReportError::Cancelled => CommandError("cancelled".into()),
        }
    }
}

/// The flag that sets a params field.
pub fn flag(field: &str) -> String {
    match field {
        "sweep_h_max" => "h-max".into(),
        "sweep_beta" => "beta-range".into(),
        f => f.replace('_', "-"),
    }
}

/// The output flags every model subcommand and `eval` take.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct Output {
    /// Print one JSON object.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV: exactly what the GUI's File ▸ Export CSV writes for these parameters (every
    /// number, schedule and plot series, whatever the other output flags ask for).
    #[arg(long)]
    pub csv: bool,
}

/// Flags of `loadlab eval`.
#[derive(Debug, clap::Args)]
pub struct EvalArgs {
    /// Preset file (.ron) or bundled preset name.
    #[arg(required_unless_present = "link", conflicts_with = "link")]
    pub preset: Option<String>,
    /// A share link (`loadlab:1:…`, from `loadlab link` or Edit ▸ Copy link) instead
    /// of a preset.
    #[arg(long)]
    pub link: Option<String>,
    /// Output format.
    #[command(flatten)]
    pub out: Output,
}

/// What the command layer knows of one model's flags (its `…Args`): the run they ask for.
/// `model_commands!` implements it for every model's flags from their own `params()` (the
/// model's parameters, or why the flags give none) and `parts()` (the report's optional
/// parts the output flags ask for).
pub trait ModelArgs {
    /// The run these flags ask for.
    fn planned(&self) -> Result<Planned, CommandError>;
}

/// Declares the model commands, one row per model: its [`ModelCommand`] variant (its flags),
/// its [`Planned`] variant (its parameters and the report's parts) and how that run is made
/// ([`Checked`]). The variants are named as the models' [`crate::model::registry::ModelId`]s.
macro_rules! model_commands {
    ($($(#[$doc:meta])* $variant:ident($args:ty, $parts:ty)),* $(,)?) => {
        /// A model command: one model run (what a lesson check, an errata evidence and a quiz
        /// question name).
        #[derive(Debug, Subcommand)]
        #[command(rename_all = "lower")]
        pub enum ModelCommand {
            $($(#[$doc])* $variant($args),)*
            /// `loadlab eval PRESET`.
            Eval(EvalArgs),
        }

        /// The model run a command asks for: the parameters and the report's optional parts.
        #[derive(Debug, Clone, PartialEq)]
        pub enum Planned {
            $($(#[$doc])* $variant(<$parts as ModelParts>::Params, $parts)),*
        }

        $(impl ModelArgs for $args {
            fn planned(&self) -> Result<Planned, CommandError> {
                Ok(Planned::$variant(self.params()?, self.parts()))
            }
        })*

        impl ModelCommand {
            /// The model's flags, or `eval`'s.
            fn model(&self) -> Result<&dyn ModelArgs, &EvalArgs> {
                match self {
                    $(ModelCommand::$variant(a) => Ok(a),)*
                    ModelCommand::Eval(a) => Err(a),
                }
            }
        }

        impl Planned {
            /// The summary run of a scenario (what `loadlab eval PRESET --json` prints).
            pub fn summary(scenario: Scenario) -> Planned {
                match scenario {
                    $(Scenario::$variant(p) => Planned::$variant(p, Default::default())),*
                }
            }

            /// The scenario the command runs (what "show me" loads).
            pub fn scenario(&self) -> Scenario {
                match self {
                    $(Planned::$variant(p, _) => p.clone().into_scenario()),*
                }
            }

            /// The run with the output checks, its refusals worded for `reader`.
            pub fn run_for(
                &self,
                reader: Reader,
                progress: &dyn Progress,
            ) -> Result<ModelRun, String> {
                match self {
                    $(Planned::$variant(p, parts) => parts.checked(p, reader, progress)),*
                }
            }
        }
    };
}

model_commands! {
    /// `loadlab divisible …`.
    Divisible(DivisibleArgs, report::divisible::Parts),
    /// `loadlab geodecay …` (without the CLI's `--shard`).
    Geodecay(GeodecayArgs, report::geodecay::Parts),
    /// `loadlab treesweep …`.
    TreeSweep(TreesweepArgs, report::treesweep::Parts),
    /// `loadlab ksbf …`.
    Ksbf(KsbfArgs, report::ksbf::Parts),
    /// `loadlab redistribute …`.
    Redistribute(RedistributeArgs, report::redistribute::Parts),
}

/// A command line of one model command (without the program's name).
#[derive(Debug, Parser)]
#[command(
    name = "loadlab",
    no_binary_name = true,
    disable_help_subcommand = true
)]
struct Line {
    #[command(subcommand)]
    command: ModelCommand,
}

/// Whether `name` is a model command's name (a subcommand of [`ModelCommand`]).
pub fn is_model_command(name: &str) -> bool {
    Line::command().find_subcommand(name).is_some()
}

/// Whether `--flag` of model command `name` takes a value other than one of named choices
/// (a number or a list): the values a lesson's length limit applies to. An unknown flag takes
/// none (clap then says it is unknown).
pub fn takes_text(name: &str, flag: &str) -> bool {
    let command = Line::command();
    let arg = command
        .find_subcommand(name)
        .and_then(|c| c.get_arguments().find(|a| a.get_long() == Some(flag)));
    arg.is_some_and(|a| a.get_action().takes_values() && a.get_possible_values().is_empty())
}

/// Reads a model command's words (`divisible --h 5 --json`) with the CLI's own parser, as a
/// lesson check reads them: a missing `--delta` is left to the model's reader, whose words
/// (`--delta: required (the unbalances δ_1..δ_n)`) a check has always given, where the CLI
/// lets clap say it.
pub fn parse(words: &[String]) -> Result<ModelCommand, clap::Error> {
    let mut matches = Line::command()
        .mut_subcommand("redistribute", |c| {
            c.mut_arg("delta", |a| a.required(false))
        })
        .try_get_matches_from(words)?;
    Line::from_arg_matches_mut(&mut matches).map(|l| l.command)
}

impl ModelCommand {
    /// The run the command asks for. `eval` reads its preset here; a link (`eval --link`) is
    /// decoded above this layer and refused here.
    pub fn planned(&self) -> Result<Planned, CommandError> {
        match self.model() {
            Ok(a) => a.planned(),
            Err(a) => match &a.preset {
                Some(name) => Ok(Planned::summary(resolve_preset(name)?.scenario)),
                None => Err(CommandError("give a preset or --link".into())),
            },
        }
    }
}

/// A preset from a path, or else from the bundled presets by name.
pub fn resolve_preset(name: &str) -> Result<Preset, CommandError> {
    let path = PathBuf::from(name);
    // Anything at that path, even a dangling link or a loop of links (whose error then
    // says so, rather than "no such file").
    if std::fs::symlink_metadata(&path).is_ok() {
        return preset::load(&path).map_err(|e| CommandError(e.to_string()));
    }
    preset::find_bundled(name).ok_or_else(|| {
        CommandError(format!(
            "{}: no such file, and no bundled preset has that name (see `loadlab presets`)",
            preset::one_line(name)
        ))
    })
}

/// `word` as a shell reads it back: as it is, or in single quotes when it holds white space,
/// a quote or a character the shell gives a meaning (`$`, `*`, `;`, `(`…), or is empty.
pub fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && !word.contains(|c: char| c.is_whitespace() || "\"'$*?;&|<>()`\\!#~{}[]".contains(c));
    match plain {
        true => word.to_string(),
        false => format!("'{}'", word.replace('\'', r"'\''")),
    }
}

/// Clap value parser of every real flag: [`num::parse_real`] (`0.5`, `1e-3`, `2^64`).
pub fn real(s: &str) -> Result<f64, String> {
    num::parse_real(s).map_err(|e| e.to_string())
}

/// Clap value parser of every integer flag: [`num::parse_int`] (`42`, `1e6`, `2^20`, exact;
/// "too large (beyond 2^64 − 1 …)" beyond the type).
pub fn int<T: Int>(s: &str) -> Result<T, String> {
    num::parse_int(s).map_err(|e| e.to_string())
}

/// Parses "LO,HI" (two reals).
pub fn parse_range(s: &str) -> Result<(f64, f64), String> {
    let (a, b) = s
        .split_once(',')
        .ok_or_else(|| format!("expected LO,HI, got {s:?}"))?;
    Ok((real(a)?, real(b)?))
}

/// A count flag that must be at least 1, narrowed to `T`.
pub fn at_least_one<T: Int>(flag: &str, what: &str, x: i128) -> Result<T, CommandError> {
    if x < 1 {
        Err(CommandError(format!(
            "--{flag}: {what} must be at least 1 (got {x})"
        )))
    } else if x > T::MAX {
        Err(CommandError(format!(
            "--{flag}: {what} = {x} is too large (beyond {}, the largest number read here)",
            num::type_limit(T::MAX)
        )))
    } else {
        Ok(T::from_i128(x))
    }
}

#[cfg(test)]
mod tests;
