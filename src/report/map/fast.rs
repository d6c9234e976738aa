//! The fast paths: a metric's number from the same model functions the run result calls,
//! computing only what the metric reads (the unit tests hold them equal to the JSON path).

use super::*;

/// A model's parameter error as the JSON path words it (`field: message`).
pub(super) fn invalid(e: ParamError) -> String {
    format!("{}: {}", e.field, e.message)
}

/// A number of a run as its JSON holds it: a non-finite value is `null` there, i.e. `path` is
/// not defined at these parameters.
pub(super) fn defined(path: &str, x: f64) -> CellResult {
    if x.is_finite() {
        Ok(x)
    } else {
        Err(format!("{path} is not defined at these parameters"))
    }
}

/// `num / den` as a ratio metric reads it: 0/0 counts 1, `den_path` = 0 fails otherwise.
pub(super) fn quotient(num: f64, den: f64, den_path: &str) -> CellResult {
    if den == 0.0 && num == 0.0 {
        Ok(1.0)
    } else if den == 0.0 {
        Err(format!("{den_path} is 0"))
    } else {
        Ok(num / den)
    }
}

/// The divisible-load scenario and its validated instance (the run result's `evaluate`
/// validates the same way).
pub(super) fn divisible_instance(
    s: &Scenario,
) -> Result<(&divisible::DivisibleParams, divisible::Valid), String> {
    match s {
        Scenario::Divisible(p) => Ok((p, p.validate().map_err(invalid)?)),
        _ => Err("not a divisible-load scenario".into()),
    }
}

/// `ratio_c_over_p` (T_C / T_P) or `ratio_p_over_q` (T_P / T_Q) from the closed forms, as
/// `evaluate` computes them for the run result (no event simulation).
pub(super) fn divisible_ratio(s: &Scenario, key: &str) -> CellResult {
    let (_, v) = divisible_instance(s)?;
    let ratio = if key == crate::report::keys::divisible::RATIO_C_OVER_P {
        divisible::theory::classic_recurrence(&v) / divisible::theory::pipelined_p(&v)
    } else {
        divisible::theory::pipelined_p(&v) / divisible::theory::pipelined_q(&v)
    };
    defined(key, ratio)
}

/// Method `m`'s time, speed-up or efficiency (`path`, one of its
/// [`crate::report::keys::divisible`] figures) as `evaluate_method` computes them (closed
/// form, β / time, speedup / N), without the method's simulated schedule; undefined when the
/// scenario does not request the method (its JSON has no entry then).
pub(super) fn divisible_method(s: &Scenario, m: Method, path: &str) -> CellResult {
    let (p, v) = divisible_instance(s)?;
    let what = path.rsplit('.').next().unwrap_or(path);
    if !p.algorithm.methods().contains(&m) {
        return Err(format!("{path} is not defined at these parameters"));
    }
    let time = divisible::theory::closed_form(m, &v);
    let speedup = v.beta / time;
    let x = match what {
        "time" => time,
        "speedup" => speedup,
        _ => speedup / v.n as f64,
    };
    defined(path, x)
}

/// `optimal` (T*), `py` (T_PY), `ratio` (T*/T_PY) or `top_cluster` of a tree sweep, from
/// Fine-Grain's pass without the processor counts and P.Y's recurrence (as `solve` computes
/// them for the run result).
pub(super) fn tree_number(s: &Scenario, key: &str) -> CellResult {
    let Scenario::TreeSweep(p) = s else {
        return Err("not a tree-sweep scenario".into());
    };
    let v = p.validate().map_err(invalid)?;
    let n = v.height();
    let optimal = || treesweep::fine_grain_makespans(n, v.tau);
    use crate::report::keys::treesweep as t;
    let x = match key {
        t::OPTIMAL => optimal().makespan(),
        t::PY => treesweep::py_makespan(n, v.tau),
        t::TOP_CLUSTER => optimal().top_cluster_size() as f64,
        _ => optimal().makespan() / treesweep::py_makespan(n, v.tau),
    };
    defined(key, x)
}

/// The makespan and rounds of one ring's schedule (with `algorithm`, or the scenario's), from
/// the same schedule the run result plans, without its checker, claims and bounds; errors
/// worded as the run result's.
pub(super) fn ring_span(
    s: &Scenario,
    algorithm: Option<Algorithm>,
) -> Result<(Span, &RingInstance), String> {
    let Scenario::Redistribute(p) = s else {
        return Err("not a redistribution scenario".into());
    };
    let inst = &p.instance;
    let valid = inst.validate().map_err(|e| match e.first() {
        Some(x) => format!("{}: {x}", x.field.name()),
        None => "instance: invalid".into(),
    })?;
    let run = span(inst, valid, algorithm.unwrap_or(p.algorithm))
        .map_err(|e| format!("{}: {e}", e.field()))?;
    Ok((run, inst))
}

/// The rounds of a schedule (undefined for a timed one, as in the run's JSON).
pub(super) fn ring_rounds(run: &Span) -> CellResult {
    run.rounds.map(|r| r as f64).ok_or_else(|| {
        let rounds = crate::report::keys::redistribute::ROUNDS;
        format!("{rounds} is not defined at these parameters")
    })
}
