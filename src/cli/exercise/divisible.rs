//! `loadlab exercise divisible`: set each level's load L_l of Li's divisible load
//! ([`crate::model::exercise::divisible`]); the move format is in [`super`]'s MOVE_FORMATS.

use serde_json::{Value, json};

use super::{Grading, at_most, numbered, parsed_moves};
use crate::cli::{CliError, DivisibleArgs};
use crate::model::exercise::divisible::{
    CLOSED_FORM, CONSERVATION, DivExercise, OVERLAP, RANGE, REMAINING, first_waste,
};
use crate::model::exercise::moves::{ATTEMPTS_PER_LEVEL, parse_loads};

/// The exercise (and the grades of `--moves`) as one JSON value.
pub(super) fn divisible(args: &DivisibleArgs, grading: &Grading) -> Result<Value, CliError> {
    let params = args.params()?;
    let mut ex = DivExercise::new(&params).map_err(|e| CliError(e.0))?;
    let v = *ex.instance();
    let method = ex.method().name();
    let mut out = json!({
        "model": "divisible",
        "algorithm": method,
        "task": format!(
            "Set L_l, the load one processor of level l computes, for l = 0 … {} from the root \
             outwards (Σ b^l·L_l = 1, the leaves take the rest), so that the schedule under \
             method {method}'s timing rules ends as early as {method}'s closed form",
            v.h
        ),
        "instance": {
            "network": params.network.name(),
            "b": v.b,
            "h": v.h,
            "n": v.n,
            "beta": v.beta,
            "method": method,
        },
        "levels": ex.levels(),
        "closed_forms": closed_forms(&ex),
        "rules": [RANGE, REMAINING, CONSERVATION, crate::model::exercise::COMPLETE, OVERLAP, CLOSED_FORM],
    });
    let Some(path) = &grading.moves else {
        return Ok(out);
    };
    let most = ex.levels().max(1) * ATTEMPTS_PER_LEVEL;
    let levels = ex.levels();
    let limit = format!(
        "the {most} moves this exercise takes ({ATTEMPTS_PER_LEVEL} tries at each of its \
         {levels} levels)"
    );
    let loads = parsed_moves(path, at_most(path, most, limit), |v| parse_loads(v, levels))?;
    let mut moves = Vec::new();
    let mut retry = false;
    for (i, &x) in loads.iter().enumerate() {
        // A value after the last level is refused, as the attempt's replay refuses it (it
        // was left out without a word).
        let Some(g) = ex.play(x, !retry) else {
            moves.push(numbered(i, &crate::model::exercise::Grade::after_the_end()));
            continue;
        };
        retry = !g.grade.legal;
        moves.push(numbered(i, &g));
    }
    out["moves"] = Value::Array(moves);
    out["levels_set"] = json!(ex.loads.len());
    out["complete"] = json!(ex.complete());
    out["score"] = json!(ex.score);
    out["out_of"] = json!(ex.levels());
    if let Some(t) = ex.result() {
        out["makespan"] = json!(t.finish);
        out["closed_form"] = json!(ex.closed_form());
        out["waste"] = json!(first_waste(&t).into_iter().collect::<Vec<_>>());
        out["summary"] = json!(ex.summary().unwrap_or_default());
    }
    Ok(out)
}

fn closed_forms(ex: &DivExercise) -> Value {
    let mut o = serde_json::Map::new();
    for (m, t) in ex.closed {
        o.insert(m.name().to_string(), json!(t));
    }
    Value::Object(o)
}
