//! Run result of the divisible-load model (Li 2011): every requested method simulated beside
//! its closed form, Theorem 10, the schedules, and the h and β sweeps of the plots.

use serde_json::{Map, Value, json};

use super::{
    Cell, Figure, Render, Report, ReportError, Section, Series, Stages, Table, cells, figures_json,
    json_f64, legacy_sweep, object, serialized,
};
use crate::model::Progress;
use crate::model::divisible::sweep::{self, BETA_POINTS, SweepPoint};
use crate::model::divisible::theory::asymptotic_time;
use crate::model::divisible::{DivisibleParams, Method, MethodResult, Outcome, evaluate};

/// Which optional parts to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parts {
    /// The h sweep (h = 0..=`sweep_h_max`).
    pub h_sweep: bool,
    /// The β sweep (log-spaced over `sweep_beta`).
    pub beta_sweep: bool,
    /// Points of the β sweep (the GUI's plot and the CSV use [`BETA_POINTS`]).
    pub beta_points: usize,
    /// Every interval of every schedule, the per-level figures and the schedule checks.
    pub timelines: bool,
}

impl Default for Parts {
    fn default() -> Self {
        Parts {
            h_sweep: false,
            beta_sweep: false,
            beta_points: BETA_POINTS,
            timelines: false,
        }
    }
}

impl Parts {
    /// Every part, the β sweep with [`BETA_POINTS`] points.
    pub fn full(_: &DivisibleParams) -> Self {
        Parts {
            h_sweep: true,
            beta_sweep: true,
            beta_points: BETA_POINTS,
            timelines: true,
        }
    }

    /// Evaluates the scenario and computes these parts.
    pub fn build(
        self,
        params: &DivisibleParams,
        progress: &dyn Progress,
    ) -> Result<Run, ReportError> {
        let outcome = evaluate(params)?;
        let v = outcome.instance;
        if self.beta_sweep {
            sweep::check_beta_points(&v, self.beta_points)?;
        }
        let stages = Stages::new(progress, 2);
        let h_max = params.sweep_h_max as u64;
        let h_sweep = stages.part(0, self.h_sweep, |s| sweep::sweep_h(&v, h_max, s))?;
        let (lo, hi) = params.sweep_beta;
        let beta_sweep = stages.part(1, self.beta_sweep, |s| {
            sweep::sweep_beta(&v, lo, hi, self.beta_points, s)
        })?;
        stages.done();
        Ok(Run {
            params: params.clone(),
            outcome,
            h_sweep,
            beta_sweep,
            timelines: self.timelines,
        })
    }
}

/// The run result.
#[derive(Debug, Clone)]
pub struct Run {
    /// The scenario.
    pub params: DivisibleParams,
    /// The evaluation: one result per requested method, Theorem 10, the ratios.
    pub outcome: Outcome,
    /// The h sweep, when computed.
    pub h_sweep: Option<Vec<SweepPoint>>,
    /// The β sweep, when computed.
    pub beta_sweep: Option<Vec<SweepPoint>>,
    /// Whether the schedules belong to the result.
    pub timelines: bool,
}

/// A sweep as JSON: per point its `key` (h or β), `processors` and every method's times.
fn sweep_json(points: &[SweepPoint], key: &str) -> Value {
    let point = |p: &SweepPoint| {
        let mut m = object(json!({"processors": p.n}));
        m.insert(key.into(), json_f64(p.x));
        for meth in Method::ALL {
            let s = p.get(meth);
            let times = json!({"simulated_time": json_f64(s.simulated), "time": json_f64(s.closed),
                               "speedup": json_f64(p.beta / s.closed)});
            m.insert(meth.name().into(), times);
        }
        Value::Object(m)
    };
    points.iter().map(point).collect()
}

/// One method's result as JSON; `beta` is the instance's β.
fn method_json(beta: f64, r: &MethodResult) -> Value {
    let mut m = object(json!({
        "time": json_f64(r.time), "simulated_time": json_f64(r.simulated_time),
        "speedup": json_f64(r.speedup), "asymptotic_speedup": json_f64(r.asymptotic_speedup),
        "asymptotic_time": json_f64(beta / r.asymptotic_speedup),
        "relative_difference": json_f64(r.rel_diff), "efficiency": json_f64(r.efficiency),
        "schedule_valid": r.timeline.valid(),
    }));
    if let Some(a) = r.appendix_time {
        m.insert("appendix_time".into(), json_f64(a));
    }
    Value::Object(m)
}

/// The table section `name` of every method's rows (`items` of each method, one row per
/// item): the method's letter under "method", then the `columns` that `row` fills.
fn per_method<'a, T, I: IntoIterator<Item = T>>(
    name: &str,
    columns: &[&str],
    results: &'a [MethodResult],
    items: impl Fn(&'a MethodResult) -> I,
    row: impl Fn(T) -> Vec<Cell>,
) -> Section {
    let mut header = vec!["method"];
    header.extend(columns);
    let rows = results.iter().flat_map(|m| {
        let letter = m.method.name();
        items(m).into_iter().map(move |x| (letter, x))
    });
    let table = Table::from_rows(&header, rows, |(letter, x)| {
        let mut cells = vec![Cell::from(letter)];
        cells.extend(row(x));
        cells
    });
    Section::table(name, table)
}

impl Render for Run {
    /// JSON: `algorithm` (the pseudo-code ids run), `network`, `b`, `h`, `beta`, `processors`,
    /// `algorithms.{C,P,Q}.{time, simulated_time, speedup, asymptotic_speedup, …}`,
    /// `theorem10`, the ratios; `sweep_h` / `sweep_beta` (and `sweep` when only one was
    /// computed) and `timelines` when computed.
    fn json(&self) -> Value {
        let o = &self.outcome;
        let v = &o.instance;
        let letter = |r: &MethodResult| r.method.name().to_string();
        let algos: Map<String, Value> = o
            .results
            .iter()
            .map(|r| (letter(r), method_json(v.beta, r)))
            .collect();
        let mut j = figures_json(&self.figures());
        j.insert("algorithms".into(), Value::Object(algos));
        // The pseudo-code ids of the methods run (`loadlab pseudocode`).
        let ids: Vec<Value> = o.results.iter().map(|r| letter(r).into()).collect();
        j.insert("algorithm".into(), Value::Array(ids));
        let mut sweeps = Vec::new();
        if let Some(s) = &self.h_sweep {
            sweeps.push(("sweep_h", sweep_json(s, "h")));
        }
        if let Some(s) = &self.beta_sweep {
            sweeps.push(("sweep_beta", sweep_json(s, "beta")));
        }
        legacy_sweep(&mut j, sweeps);
        if self.timelines {
            let timeline = |r: &MethodResult| (letter(r), serialized(&r.timeline));
            j.insert("timelines".into(), o.results.iter().map(timeline).collect());
        }
        Value::Object(j)
    }

    /// The document: numbers, methods, the plots' series, the schedules.
    fn report(&self) -> Report {
        let o = &self.outcome;
        let v = &o.instance;
        let net = self.params.network.name();
        let mut r = Report::new(format!(
            "divisible load — {net} b = {}, h = {}, β = {}, N = {}",
            v.b, v.h, v.beta, v.n
        ));
        r.push(Section::numbers(&self.figures()));
        let columns = [
            "T_N closed form",
            "T_N simulated",
            "relative difference",
            "S_N",
            "S_inf",
            "T_N limit N → ∞",
            "efficiency",
            "T_N appendix closed form",
            "schedule valid",
        ];
        r.push(per_method(
            "methods",
            &columns,
            &o.results,
            |m| [m],
            |m| {
                let limit = v.beta / m.asymptotic_speedup;
                cells![
                    m.time,
                    m.simulated_time,
                    m.rel_diff,
                    m.speedup,
                    m.asymptotic_speedup,
                    limit,
                    m.efficiency,
                    m.appendix_time,
                    m.timeline.valid()
                ]
            },
        ));
        let sweeps = [
            (
                "h",
                format!("{net} b = {}, β = {}", v.b, v.beta),
                &self.h_sweep,
            ),
            (
                "β",
                format!("{net} b = {}, h = {}", v.b, v.h),
                &self.beta_sweep,
            ),
        ];
        for (x, at, pts) in sweeps {
            let Some(pts) = pts else { continue };
            for (y, speedup) in [("T_N", false), ("S_N", true)] {
                let series = self.plot(pts, speedup);
                r.push(Section::series(
                    format!("plot: {y} vs {x} ({at})"),
                    x,
                    y,
                    series,
                ));
            }
        }
        if self.timelines {
            self.push_timelines(&mut r);
        }
        r
    }
}

impl Run {
    /// The run's numbers: the instance, the ratios of the methods' times and Theorem 10's
    /// ordering.
    fn figures(&self) -> Vec<Figure> {
        let o = &self.outcome;
        let v = &o.instance;
        vec![
            Figure::new("network", "network", self.params.network.name()),
            Figure::new("b", "b", v.b),
            Figure::new("h", "h", v.h),
            Figure::new("beta", "β", v.beta),
            Figure::new("processors", "N (processors)", v.n),
            Figure::new("ratio_c_over_p", "T_C / T_P", o.ratio_c_p),
            Figure::new("ratio_p_over_q", "T_P / T_Q", o.ratio_p_q),
            Figure::new(
                "theorem10",
                "Theorem 10: T_C > T_P > T_Q",
                o.theorem10.symbol(),
            ),
        ]
    }

    /// The plot of T_N (`speedup = false`) or S_N against h or β: for every requested method
    /// the simulated points, the closed form and the N → ∞ limit.
    fn plot(&self, points: &[SweepPoint], speedup: bool) -> Vec<Series> {
        let b = self.outcome.instance.b;
        let y = |t: f64, beta: f64| if speedup { beta / t } else { t };
        let mut out = Vec::new();
        for m in self.params.algorithm.methods() {
            let mut curve = |what: &str, time: &dyn Fn(&SweepPoint) -> f64| {
                let points = points.iter().map(|p| [p.x, y(time(p), p.beta)]);
                out.push(Series::new(
                    format!("{} {what}", m.name()),
                    points.collect(),
                ));
            };
            curve("simulated", &|p| p.get(m).simulated);
            curve("closed form", &|p| p.get(m).closed);
            curve("limit N → ∞", &|p| asymptotic_time(m, b, p.beta));
        }
        out
    }

    fn push_timelines(&self, r: &mut Report) {
        let results = &self.outcome.results;
        r.push(per_method(
            "schedule checks",
            &["check", "holds", "detail"],
            results,
            |m| &m.timeline.checks,
            |c| cells![c.name, c.ok, c.detail.clone()],
        ));
        r.push(per_method(
            "levels (one representative processor per level)",
            &[
                "level",
                "processors",
                "load per processor",
                "last receive",
                "finish",
                "idle",
            ],
            results,
            |m| m.timeline.levels.iter().enumerate(),
            |(i, s)| cells![i, s.processors, s.load, s.last_receive, s.finish, s.idle],
        ));
        r.push(per_method(
            "schedule (one representative processor per level; amounts per processor)",
            &[
                "level",
                "activity",
                "start",
                "end",
                "amount",
                "addressed_to_level",
            ],
            results,
            |m| &m.timeline.intervals,
            |iv| {
                let activity = format!("{:?}", iv.activity);
                cells![iv.level, activity, iv.start, iv.end, iv.amount, iv.dest]
            },
        ));
    }
}
