//! One evaluation of a scenario: simulate each requested method and put the closed forms
//! beside the simulated figures. This is what the CLI prints and the GUI's numbers show.

use serde::Serialize;

use super::params::{DivisibleParams, Method, ParamError, Valid};
use super::simulate::{Timeline, simulate};
use super::theory::{self, OrderingCheck};

/// Simulated and closed-form figures of one method on one instance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MethodResult {
    /// The method.
    pub method: Method,
    /// Closed-form T_N (ℂ: the Section III recurrence; ℙ, ℚ: Theorems 4–9).
    pub time: f64,
    /// T_N measured on the event simulation.
    pub simulated_time: f64,
    /// Relative difference |simulated − closed| / closed.
    pub rel_diff: f64,
    /// S_N = β / T_N (closed form).
    pub speedup: f64,
    /// S_∞ (Theorem 1's exact limit for ℂ, bβ + 1 for ℙ and ℚ).
    pub asymptotic_speedup: f64,
    /// ℂ only: the appendix closed form, evaluated independently of the recurrence.
    pub appendix_time: Option<f64>,
    /// Efficiency S_N / N.
    pub efficiency: f64,
    /// The simulated schedule (every interval, per-level figures, checks).
    #[serde(skip)]
    pub timeline: Timeline,
}

/// Everything the app shows for one scenario.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// The validated instance.
    #[serde(skip)]
    pub instance: Valid,
    /// One entry per requested method, in the paper's order.
    pub results: Vec<MethodResult>,
    /// Theorem 10 evaluated on the closed forms (needs all three methods; computed anyway).
    pub theorem10: OrderingCheck,
    /// T^ℂ / T^ℙ and T^ℙ / T^ℚ (closed forms).
    pub ratio_c_p: f64,
    /// T^ℙ / T^ℚ.
    pub ratio_p_q: f64,
}

impl Outcome {
    /// The result of one method, if it was requested.
    pub fn get(&self, m: Method) -> Option<&MethodResult> {
        self.results.iter().find(|r| r.method == m)
    }
}

/// Simulates and evaluates one method on a validated instance.
pub fn evaluate_method(method: Method, v: &Valid) -> MethodResult {
    let timeline = simulate(method, v);
    let time = theory::closed_form(method, v);
    let speedup = v.beta / time;
    MethodResult {
        method,
        time,
        simulated_time: timeline.finish,
        rel_diff: (timeline.finish - time).abs() / time,
        speedup,
        asymptotic_speedup: theory::asymptotic_speedup(method, v.b, v.beta),
        appendix_time: (method == Method::C).then(|| theory::classic_appendix(v)),
        efficiency: speedup / v.n as f64,
        timeline,
    }
}

/// Validates `p` and evaluates the requested methods.
pub fn evaluate(p: &DivisibleParams) -> Result<Outcome, ParamError> {
    let v = p.validate()?;
    let results = p
        .algorithm
        .methods()
        .into_iter()
        .map(|m| evaluate_method(m, &v))
        .collect();
    let (tc, tp, tq) = (
        theory::classic_recurrence(&v),
        theory::pipelined_p(&v),
        theory::pipelined_q(&v),
    );
    Ok(Outcome {
        instance: v,
        results,
        theorem10: theory::theorem10(v.h, tc, tp, tq),
        ratio_c_p: tc / tp,
        ratio_p_q: tp / tq,
    })
}
