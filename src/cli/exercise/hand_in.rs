//! `loadlab exercise MODEL --student NAME [--course KEY]` (the personal instance,
//! [`crate::lesson::homework::personal`]) and `--moves FILE --hand-in OUT.json` (the attempt
//! file Homework ▸ Hand in… writes, [`crate::lesson::homework::attempt`]).

use clap::Parser;
use serde_json::{Value, json};

use super::{ExerciseArgs, ExerciseModel, Grading, at_most, read_moves};
use crate::cli::{Cli, CliError, Command};
use crate::lesson::homework::attempt::{Attempt, LOG_MAX};
use crate::lesson::homework::personal;
use crate::lesson::homework::replay::{Entry, Kind};
use crate::model::redistribute::params::RedistParams;
use crate::model::registry::{ModelId, Scenario};

/// The exercise (personal when `--student` is given) and whether `--json` was asked for;
/// with `--hand-in`, the attempt file written.
pub fn run(a: &ExerciseArgs) -> Result<(Value, bool), CliError> {
    let g = a.model.grading();
    let Some(student) = &g.student else {
        let (mut value, json) = super::exercise(a)?;
        if let Some(out) = &g.hand_in {
            hand_in(&scenario(&a.model)?, "", "", g, out, &mut value)?;
        }
        return Ok((value, json));
    };
    if scenario(&a.model)? != bare(model(&a.model))? {
        return Err(CliError(
            "--student makes the instance from the name (and --course): drop the instance \
             flags, or drop --student"
                .into(),
        ));
    }
    let course = g.course.as_deref().unwrap_or("");
    let s = personal::personal(model(&a.model), course, student)
        .map_err(|e| CliError(format!("--student: {e}")))?;
    let command = personal::command(&s);
    // The personal exercise is the exercise of its own command: what the teacher reruns.
    let mut argv = command.clone();
    if let Some(m) = &g.moves {
        argv.extend(["--moves".to_string(), m.clone()]);
    }
    if json_asked(&a.model) {
        argv.push("--json".into());
    }
    let inner = match Cli::try_parse_from(&argv) {
        Ok(Cli {
            command: Some(Command::Exercise(inner)),
        }) => inner,
        Ok(_) => {
            return Err(CliError(
                "the personal instance's command is not an exercise".into(),
            ));
        }
        Err(e) => return Err(CliError(format!("the personal instance's command: {e}"))),
    };
    let (mut value, json) = super::exercise(&inner)?;
    value["student"] = json!(student.trim());
    value["course"] = json!(course.trim());
    value["command"] = json!(command);
    if let Some(out) = &g.hand_in {
        hand_in(&s, student, course, g, out, &mut value)?;
    }
    Ok((value, json))
}

/// Whether `--json` was given.
fn json_asked(m: &ExerciseModel) -> bool {
    match m {
        ExerciseModel::Redistribute { ring, .. } => ring.json,
        ExerciseModel::Geodecay { args, .. } => args.out.json,
        ExerciseModel::Divisible { args, .. } => args.out.json,
        ExerciseModel::Ksbf { args, .. } => args.out.json,
        ExerciseModel::Treesweep { args, .. } => args.json,
    }
}

/// The model of an exercise subcommand.
fn model(m: &ExerciseModel) -> ModelId {
    match m {
        ExerciseModel::Redistribute { .. } => ModelId::Redistribute,
        ExerciseModel::Geodecay { .. } => ModelId::Geodecay,
        ExerciseModel::Divisible { .. } => ModelId::Divisible,
        ExerciseModel::Ksbf { .. } => ModelId::Ksbf,
        ExerciseModel::Treesweep { .. } => ModelId::TreeSweep,
    }
}

/// The instance of `loadlab exercise MODEL` with no instance flag.
fn bare(m: ModelId) -> Result<Scenario, CliError> {
    match Cli::try_parse_from(["loadlab", "exercise", m.name()]) {
        Ok(Cli {
            command: Some(Command::Exercise(inner)),
        }) => scenario(&inner.model),
        _ => Err(CliError(format!("`exercise {}` does not parse", m.name()))),
    }
}

/// The scenario the instance flags describe (what the attempt file records).
fn scenario(m: &ExerciseModel) -> Result<Scenario, CliError> {
    Ok(match m {
        ExerciseModel::Redistribute { ring, .. } => Scenario::Redistribute(RedistParams {
            instance: ring.instance()?,
            ..RedistParams::default()
        }),
        ExerciseModel::Geodecay { args, .. } => Scenario::Geodecay(args.params()?),
        ExerciseModel::Divisible { args, .. } => Scenario::Divisible(args.params()?),
        ExerciseModel::Ksbf { args, .. } => Scenario::Ksbf(args.params()?),
        ExerciseModel::Treesweep { args, .. } => Scenario::TreeSweep(args.params()?),
    })
}

/// Writes the attempt file of `--moves` to `out` and adds `hand_in` (the file and the grade
/// it holds) to the output.
fn hand_in(
    s: &Scenario,
    student: &str,
    course: &str,
    g: &Grading,
    out: &str,
    value: &mut Value,
) -> Result<(), CliError> {
    let Some(path) = &g.moves else {
        return Err(CliError("--hand-in: give the moves (--moves FILE)".into()));
    };
    if path == "-" {
        return Err(CliError(
            "--hand-in: the moves must be a file (standard input is read once, to grade them)"
                .into(),
        ));
    }
    let moves = read_moves(
        path,
        at_most(path, LOG_MAX, format!("the limit of {LOG_MAX} log entries")),
    )?;
    let list = moves
        .as_array()
        .ok_or_else(|| CliError(format!("--moves {path}: expected a list of moves")))?;
    let log = list
        .iter()
        .map(|m| Entry::new(Kind::Move, Some(m.clone()), None))
        .collect();
    let (attempt, r) =
        Attempt::new(s, student, course, log).map_err(|e| CliError(format!("--hand-in: {e}")))?;
    crate::platform::files::write_atomic(std::path::Path::new(out), attempt.to_json().as_bytes())
        .map_err(|e| CliError(format!("--hand-in {}: {e}", crate::preset::one_line(out))))?;
    value["hand_in"] = json!({
        "file": out,
        "score": r.score,
        "out_of": r.out_of,
        "complete": r.complete,
    });
    Ok(())
}
