//! Headless command line: subcommands → model parameters → [`crate::report`] → JSON, text or
//! CSV. The model subcommands' flags and how they become the model's parameters are the
//! grammar of [`crate::command`] (which lessons parse with too); this layer runs and prints.
//!
//! Contract: `--json` prints exactly one JSON object on stdout; `--csv` prints exactly what the
//! GUI's File ▸ Export CSV writes for the same parameters ([`crate::report::csv`]); errors print
//! one line starting with `error:` on stderr and exit with status 2.

pub mod errata;
pub mod exercise;
pub mod gaps;
pub mod geodecay;
pub mod grade;
pub mod ksbf_study;
pub mod lesson;
pub mod link;
pub mod map;
pub mod pseudocode;
mod quiz_answers;
pub mod render;
pub mod shard;

use clap::{Parser, Subcommand, ValueEnum};

pub use crate::command::CommandError as CliError;
pub use crate::command::{
    DivisibleArgs, EvalArgs, GeodecayArgs, KsbfArgs, Output, RedistributeArgs, TreesweepArgs,
    resolve_preset,
};
pub(crate) use crate::command::{at_least_one, flag, int, real};
pub use lesson::{LessonArgs, QuizArgs};
pub use pseudocode::PseudocodeArgs;

use crate::command::{ModelArgs, Planned, Reader};
use crate::model::NoProgress;
use crate::model::registry::{ModelId, ModelParams, Scenario};
use crate::preset;
use crate::report::{self, Render, ReportError};

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

/// The views `loadlab gui --view` opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GuiView {
    /// The model's workspace.
    Workspace,
    /// The Map of two parameters.
    Map,
    /// Compare A/B.
    Compare,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the GUI, optionally on a preset file (or a bundled preset's name).
    Gui {
        /// Preset file (.ron) or bundled preset name; an attempt file (.json, File ▸ Hand
        /// in…) opens in its replay, a folder of them in the gradebook.
        preset: Option<String>,
        /// Start in presenter mode (larger type, the picture first; F5 toggles it).
        #[arg(long)]
        presenter: bool,
        /// Start a lesson: a bundled lesson's name (see `loadlab lessons`) or a lesson file.
        #[arg(long)]
        lesson: Option<String>,
        /// With --lesson: the step to start on (1 = the first).
        #[arg(long, allow_negative_numbers = true, requires = "lesson", value_parser = int::<usize>)]
        lesson_step: Option<usize>,
        /// The view to open: the model's workspace, its Map of two parameters (default axes,
        /// computing at once) or Compare A/B (the scenario pinned as A unless the preset
        /// pins one).
        #[arg(long, value_enum)]
        view: Option<GuiView>,
        /// Open a share link (`loadlab:1:…`) instead of a preset: its scenario, pinned A,
        /// step, picture tab and plot; or a lesson's link (`#lesson=NAME&step=K`, what Copy
        /// link copies while a lesson plays): that step of the lesson.
        #[arg(long, conflicts_with_all = ["preset", "lesson"])]
        link: Option<String>,
    },
    /// Run a preset (or a share link) headless and print what its model subcommand prints.
    Eval(EvalArgs),
    /// List the bundled presets (name and model).
    Presets,
    /// Print a share link to a preset: one line `loadlab:1:…` that `loadlab eval --link`,
    /// `loadlab gui --link` and Edit ▸ Paste link open.
    Link(link::LinkArgs),
    /// Draw a figure or an animation headless (no display, no GPU): PNG, SVG or GIF.
    Render(render::RenderArgs),
    /// Divisible load on complete b-ary trees and pyramids (Li 2011): methods C, P, Q.
    Divisible(DivisibleArgs),
    /// When to load-balance geometric-decaying algorithms (Gil & Matias): never, standard,
    /// improved or every k rounds.
    Geodecay(geodecay::GeodecayCommand),
    /// Optimal clustering of tree sweeps under communication delay τ (Gao, Rosenberg &
    /// Sitaraman): Fine-Grain against P.Y.
    Treesweep(TreesweepArgs),
    /// KS-BF load balancing of growing trees and grids on a ring (Gao & Rosenberg).
    Ksbf(KsbfArgs),
    /// Data redistribution on a processor ring (Renard, Robert & Vivien): Algorithms 1–3,
    /// System 6 / 12 with Lemma 9's schedule, every lower bound, self-verified.
    Redistribute(RedistributeArgs),
    /// List the bundled lessons (name, model, steps, questions).
    Lessons {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Show a lesson (bundled name or .ron file), print it as JSON, or check it.
    Lesson(LessonArgs),
    /// Generate a quiz on random seeded instances, every answer computed by the model.
    Quiz(QuizArgs),
    /// A two-parameter map of one of a model's numbers: `loadlab map MODEL --x
    /// PARAM=LO..HI:K[:log] --y … --metric METRIC [the model's flags] --json|--csv`.
    Map(map::MapArgs),
    /// The pseudo-code of every stepped algorithm, in each paper's step numbering (the labels
    /// the traces cite; loadlab's own lines marked with the reason).
    Pseudocode(PseudocodeArgs),
    /// What we found in the papers: every finding with its kind and evidence run
    /// (`--check` re-runs the evidence).
    Errata(errata::ErrataArgs),
    /// "Your turn": print an exercise on a model's instance (`--json`), or grade a file of
    /// moves (`--moves FILE`): legal, the rule broken, optimal, why; complete and score.
    Exercise(exercise::ExerciseArgs),
    /// The open-problem lab: small instances where a paper's method is farthest from the
    /// exact optimum (`loadlab gaps redistribute --against METHOD --seed S --json`).
    Gaps(gaps::GapsArgs),
    /// KS-BF's efficiency on random growing trees (or grids: --shape random-grid) over many
    /// seeds per (n, p), with 95 % intervals, next to the complete tree (or pyramidal grid) and
    /// Theorem 1.1 (Gao & Rosenberg's belief).
    KsbfStudy(ksbf_study::KsbfStudyArgs),
    /// Join the parts of a sharded run (`--shard i/k`) into the whole run's output.
    Merge(shard::MergeArgs),
    /// The gradebook: re-grade attempt files (Homework ▸ Hand in…) from their moves, one row per
    /// attempt (student, model, instance, moves, score, flags on the file); unreadable files
    /// are rows with their reason. Exit status 1 when a file could not be graded.
    Grade(grade::GradeArgs),
}

/// Prints a run in the requested format: JSON, or the report's text (CSV is printed by
/// [`csv_of`] from the scenario alone).
fn render(out: Output, run: &dyn Render) -> String {
    if out.json {
        format!("{}\n", run.json())
    } else {
        run.report().to_text()
    }
}

/// What a model subcommand prints: with `--csv` the scenario's CSV (whatever else the flags
/// ask for), otherwise the run that `run` computes from the parameters, as JSON or text.
fn model_output<P: ModelParams, R: Render, E>(
    out: Output,
    params: P,
    run: impl FnOnce(&P) -> Result<R, E>,
) -> Result<String, CliError>
where
    CliError: From<E>,
{
    if out.csv {
        return csv_of(&params.into_scenario());
    }
    Ok(render(out, &run(&params)?))
}

/// What a model subcommand prints for a planned run: with `--csv` its scenario's CSV,
/// otherwise the run (with the output checks every reader of a command applies).
fn planned_output(out: Output, planned: Planned) -> Result<String, CliError> {
    if out.csv {
        return csv_of(&planned.scenario());
    }
    let run = planned.run_for(Reader::Cli, &NoProgress);
    Ok(render(out, &run.map_err(CliError)?))
}

/// The CSV of a scenario (the GUI's File ▸ Export CSV).
fn csv_of(scenario: &Scenario) -> Result<String, CliError> {
    Ok(report::csv(scenario, &NoProgress)?)
}

/// Runs a non-GUI command and returns what to print on stdout.
pub fn execute(cmd: &Command) -> Result<String, CliError> {
    match cmd {
        Command::Gui { .. } => Err(CliError("the gui subcommand opens a window".into())),
        Command::Presets => Ok(list_presets()),
        Command::Link(a) => link::execute(a),
        Command::Render(a) => render::execute(a),
        Command::Eval(EvalArgs { preset, link, out }) => {
            let (p, preset) = match (preset, link) {
                (Some(name), _) => (resolve_preset(name)?, name.as_str()),
                (None, Some(l)) => (link::decode(l)?.preset, "link"),
                (None, None) => return Err(CliError("give a preset or --link".into())),
            };
            // A preset's errors name its fields (`study`), not flags it has no use for.
            let named = |e: ReportError| match e {
                ReportError::Invalid { field, message } => {
                    CliError(format!("{}: {field}: {message}", preset::one_line(preset)))
                }
                e => CliError::from(e),
            };
            if out.csv {
                return report::csv(&p.scenario, &NoProgress).map_err(named);
            }
            let run =
                report::run(&p.scenario, report::Detail::Summary, &NoProgress).map_err(named)?;
            Ok(render(*out, &run))
        }
        Command::Divisible(a) => planned_output(a.out, a.planned()?),
        Command::Geodecay(a) => geodecay::execute(a),
        Command::Treesweep(a) => planned_output(a.out, a.planned()?),
        Command::Ksbf(a) => planned_output(a.out, a.planned()?),
        Command::Redistribute(a) => planned_output(a.out, a.planned()?),
        Command::Lessons { json } => lesson::list(*json),
        Command::Lesson(a) => lesson::show(a),
        Command::Quiz(a) => lesson::quiz(a),
        Command::Map(a) => map::execute(a),
        Command::Pseudocode(a) => pseudocode::execute(a),
        Command::Errata(a) => errata::execute(a),
        Command::Exercise(a) => exercise::execute(a),
        Command::Gaps(a) => gaps::execute(a),
        Command::KsbfStudy(a) => ksbf_study::execute(a),
        Command::Merge(a) => merge(a),
        Command::Grade(a) => grade::execute(a).map(|(out, ..)| out),
    }
}

/// Runs `loadlab merge`: reads the parts ([`shard::read_parts`]) and hands their results to
/// the merge of the study that made them.
pub fn merge(a: &shard::MergeArgs) -> Result<String, CliError> {
    let (argv, results) = shard::read_parts(&a.files)?;
    let cli = Cli::try_parse_from(std::iter::once("loadlab".to_string()).chain(argv.clone()))
        .map_err(|_| CliError(format!("the parts' command does not parse: {argv:?}")))?;
    match cli.command {
        Some(Command::Map(m)) => map::merge(&m, &results),
        Some(Command::Gaps(g)) => gaps::merge(&g, &results),
        Some(Command::KsbfStudy(k)) => ksbf_study::merge(&k, &results),
        Some(Command::Geodecay(g)) => geodecay::merge(&g, &results),
        _ => Err(CliError(format!(
            "the parts' command cannot be merged: {argv:?}"
        ))),
    }
}

/// Writes a command's output to stdout, flushed: a write that fails (a full disk, a closed
/// file) is an error, except a closed pipe (`| head` has read what it wanted).
pub fn print(out: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError(format!("writing the output: {e}")))
        }
        _ => Ok(()),
    }
}

fn list_presets() -> String {
    let stem = |b: &preset::Bundled| b.file.trim_end_matches(".ron");
    // Columns as wide as their longest entry ("compare-redistribute-…", "redistribute").
    let name_width = widest(preset::BUNDLED.iter().map(stem));
    let model_width = widest(ModelId::ALL.iter().map(|m| m.name()));
    bundled_list(preset::BUNDLED, name_width, |b| {
        let p = b.preset()?;
        Ok::<_, preset::PresetError>(format!(
            "{:<name_width$} {:<model_width$} {}",
            stem(b),
            p.scenario.model_name(),
            p.name
        ))
    })
}

/// The width, in characters, of the longest of `items`: a text table's column.
fn widest<'a>(items: impl Iterator<Item = &'a str>) -> usize {
    items.map(|s| s.chars().count()).max().unwrap_or(0)
}

/// One line per bundled file: `line(b)`, or the file name padded to `width` and why it is
/// broken.
pub(crate) fn bundled_list<E: std::fmt::Display>(
    files: &[preset::Bundled],
    width: usize,
    line: impl Fn(&preset::Bundled) -> Result<String, E>,
) -> String {
    let mut out = String::new();
    for b in files {
        match line(b) {
            Ok(l) => out.push_str(&l),
            Err(e) => out.push_str(&format!("{:<width$} (broken: {e})", b.file)),
        }
        out.push('\n');
    }
    out
}
