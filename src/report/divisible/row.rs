//! What the report layer knows of the divisible-load model ([`ModelReport`]): its run, its
//! step positions, its secrecy relations and its maps.

use super::Parts;
use crate::model::Progress;
use crate::model::divisible::{self, DivisibleParams, Method, params};
use crate::model::map::CellResult;
use crate::model::registry::Scenario;
use crate::report::ReportError;
use crate::report::keys::divisible as d;
use crate::report::keys::within;
use crate::report::map::catalog::{MapMetric, MapParam, defined, invalid, map_param};
use crate::report::row::{ModelReport, model_parts};

model_parts!(DivisibleParams => Divisible);

/// The map metric `$name` (described by `$help`, written `$symbol`): the field `$key` of the
/// run of method `$m`, with the fast path that evaluates that method alone.
macro_rules! of_method {
    ($name:literal, $help:literal, $symbol:literal, $m:ident, $key:expr) => {
        MapMetric::field($name, $help, $key)
            .symbol($symbol)
            .fast(|s| method(s, Method::$m, $key))
    };
}

impl ModelReport for Parts {
    /// The most event steps of any method's timeline.
    fn steps(p: &DivisibleParams, progress: &dyn Progress) -> Result<usize, ReportError> {
        let run = Parts::default().build(p, progress)?;
        let steps = run.outcome.results.iter().map(|m| m.timeline.step_count());
        Ok(steps.max().unwrap_or(1))
    }

    /// A method's time, speed-up and efficiency are one number (its figures, [`d::C_FIGURES`]);
    /// a ratio of two methods' times is given by the numerator's figures once the denominator's
    /// are shown.
    fn relations(field: &str, _run: &serde_json::Value) -> Vec<&'static str> {
        let method = |f: &str| {
            f.strip_prefix(d::ALGORITHMS)
                .and_then(|r| r.strip_prefix('.'))
                .and_then(|r| r.split('.').next())
                .map(str::to_owned)
        };
        match field {
            d::RATIO_C_OVER_P => d::C_FIGURES.to_vec(),
            // (T_C / T_P beside T_C gives T_P back: it goes too.)
            d::RATIO_P_OVER_Q => [&d::P_FIGURES[..], &[d::RATIO_C_OVER_P]].concat(),
            f => match method(f).as_deref() {
                Some("C") => [&d::C_FIGURES[..], &[d::RATIO_C_OVER_P]].concat(),
                Some("P") => [&d::P_FIGURES[..], &[d::RATIO_C_OVER_P, d::RATIO_P_OVER_Q]].concat(),
                Some("Q") => [&d::Q_FIGURES[..], &[d::RATIO_P_OVER_Q]].concat(),
                _ => Vec::new(),
            },
        }
    }

    fn plotted(field: &str) -> bool {
        (field != d::ALGORITHMS && within(field, d::ALGORITHMS))
            || matches!(field, d::RATIO_C_OVER_P | d::RATIO_P_OVER_Q)
    }

    /// The end of every method's timeline: its times, speed-up and efficiency, and the ratios
    /// of the methods' times (the limits S_∞ and T_∞ do not depend on the run).
    const OUTCOME: &'static [&'static str] = &[
        d::RATIO_C_OVER_P,
        d::RATIO_P_OVER_Q,
        "algorithms.*.time",
        "algorithms.*.simulated_time",
        "algorithms.*.relative_difference",
        "algorithms.*.speedup",
        "algorithms.*.efficiency",
        "algorithms.*.appendix_time",
    ];

    const MAP_PARAMS: &'static [MapParam] = &[
        map_param!(Divisible, spec params::H, |p| p.h, i64),
        map_param!(Divisible, spec params::BETA, |p| p.beta, f64),
        map_param!(Divisible, spec params::B, |p| p.b, i64),
    ];
    const MAP_METRICS: &'static [MapMetric] = &[
        MapMetric::ratio_field(
            "ratio_c_over_p",
            "T_C / T_P: how much faster pipelining is",
            d::RATIO_C_OVER_P,
        )
        .symbol("T_C / T_P")
        .fast(|s| ratio(s, d::RATIO_C_OVER_P)),
        MapMetric::ratio_field(
            "ratio_p_over_q",
            "T_P / T_Q: the gain of overlapping",
            d::RATIO_P_OVER_Q,
        )
        .symbol("T_P / T_Q")
        .fast(|s| ratio(s, d::RATIO_P_OVER_Q)),
        of_method!(
            "speedup_c",
            "speedup of method C",
            "S_N, C",
            C,
            d::C_SPEEDUP
        ),
        of_method!(
            "speedup_p",
            "speedup of method P",
            "S_N, P",
            P,
            d::P_SPEEDUP
        ),
        of_method!(
            "speedup_q",
            "speedup of method Q",
            "S_N, Q",
            Q,
            d::Q_SPEEDUP
        ),
        of_method!(
            "efficiency_p",
            "efficiency of method P (speedup / N)",
            "S_N / N, P",
            P,
            d::P_EFFICIENCY
        ),
        of_method!(
            "time_c",
            "T_C, finishing time of method C",
            "T_C",
            C,
            d::C_TIME
        ),
        of_method!(
            "time_p",
            "T_P, finishing time of method P",
            "T_P",
            P,
            d::P_TIME
        ),
    ];

    fn map_cost(p: &DivisibleParams, _: bool) -> f64 {
        p.validate().map_or(0.0, |v| {
            divisible::sweep::cost(&v).work / divisible::sweep::BUDGET.work
        })
    }
}

/// The scenario and its validated instance (the run result's `evaluate` validates the same
/// way).
fn instance(s: &Scenario) -> Result<(&DivisibleParams, divisible::Valid), String> {
    let p = crate::report::row::params::<DivisibleParams>(s)
        .map_err(|_| "not a divisible-load scenario".to_string())?;
    Ok((p, p.validate().map_err(invalid)?))
}

/// `ratio_c_over_p` (T_C / T_P) or `ratio_p_over_q` (T_P / T_Q) from the closed forms, as
/// `evaluate` computes them for the run result (no event simulation).
fn ratio(s: &Scenario, key: &str) -> CellResult {
    let (_, v) = instance(s)?;
    let ratio = if key == d::RATIO_C_OVER_P {
        divisible::theory::classic_recurrence(&v) / divisible::theory::pipelined_p(&v)
    } else {
        divisible::theory::pipelined_p(&v) / divisible::theory::pipelined_q(&v)
    };
    defined(key, ratio)
}

/// Method `m`'s time, speed-up or efficiency (`path`, one of its [`d`] figures) as
/// `evaluate_method` computes them (closed form, β / time, speedup / N), without the method's
/// simulated schedule; undefined when the scenario does not request the method (its JSON has
/// no entry then).
fn method(s: &Scenario, m: Method, path: &str) -> CellResult {
    let (p, v) = instance(s)?;
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
