//! Run result of the divisible-load model (Li 2011): every requested method simulated beside
//! its closed form, Theorem 10, the schedules, and the h and β sweeps of the plots.

use serde_json::{Map, Value, json};

use super::{Report, ReportError, Section, Series, Stage, Table, json_f64, legacy_sweep};
use crate::model::Progress;
use crate::model::divisible::sweep::{self, BETA_POINTS, SweepPoint};
use crate::model::divisible::theory::asymptotic_time;
use crate::model::divisible::{DivisibleParams, Method, Outcome, evaluate};

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
    /// The parts of a [`super::Detail`].
    pub fn of(detail: super::Detail) -> Self {
        match detail {
            super::Detail::Summary => Parts::default(),
            super::Detail::Full => Parts {
                h_sweep: true,
                beta_sweep: true,
                beta_points: BETA_POINTS,
                timelines: true,
            },
        }
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

/// Evaluates the scenario and computes the requested parts.
pub fn build(
    params: &DivisibleParams,
    parts: &Parts,
    progress: &dyn Progress,
) -> Result<Run, ReportError> {
    let outcome = evaluate(params)?;
    let v = outcome.instance;
    let h_sweep = if parts.h_sweep {
        Some(sweep::sweep_h(
            &v,
            params.sweep_h_max as u64,
            &Stage::new(progress, 0, 2),
        )?)
    } else {
        None
    };
    let beta_sweep = if parts.beta_sweep {
        sweep::check_beta_points(&v, parts.beta_points)?;
        let (lo, hi) = params.sweep_beta;
        Some(sweep::sweep_beta(
            &v,
            lo,
            hi,
            parts.beta_points,
            &Stage::new(progress, 1, 2),
        )?)
    } else {
        None
    };
    progress.set(1.0);
    Ok(Run {
        params: params.clone(),
        outcome,
        h_sweep,
        beta_sweep,
        timelines: parts.timelines,
    })
}

fn sweep_json(points: &[SweepPoint], key: &str) -> Value {
    Value::Array(
        points
            .iter()
            .map(|p| {
                let mut m = Map::new();
                m.insert(key.into(), json_f64(p.x));
                m.insert("processors".into(), json!(p.n));
                for meth in Method::ALL {
                    let s = p.get(meth);
                    m.insert(
                        meth.letter().into(),
                        json!({"simulated_time": json_f64(s.simulated), "time": json_f64(s.closed),
                               "speedup": json_f64(p.beta / s.closed)}),
                    );
                }
                Value::Object(m)
            })
            .collect(),
    )
}

impl Run {
    /// JSON: `network`, `b`, `h`, `beta`, `processors`,
    /// `algorithms.{C,P,Q}.{time, simulated_time, speedup, asymptotic_speedup, …}`,
    /// `theorem10`, the ratios; `sweep_h` / `sweep_beta` (and `sweep` when only one was
    /// computed) and `timelines` when computed.
    pub fn json(&self) -> Value {
        let o = &self.outcome;
        let v = &o.instance;
        let mut algos = Map::new();
        for r in &o.results {
            let mut m = Map::new();
            m.insert("time".into(), json_f64(r.time));
            m.insert("simulated_time".into(), json_f64(r.simulated_time));
            m.insert("speedup".into(), json_f64(r.speedup));
            m.insert("asymptotic_speedup".into(), json_f64(r.asymptotic_speedup));
            m.insert(
                "asymptotic_time".into(),
                json_f64(v.beta / r.asymptotic_speedup),
            );
            m.insert("relative_difference".into(), json_f64(r.rel_diff));
            m.insert("efficiency".into(), json_f64(r.efficiency));
            if let Some(a) = r.appendix_time {
                m.insert("appendix_time".into(), json_f64(a));
            }
            m.insert("schedule_valid".into(), Value::Bool(r.timeline.valid()));
            algos.insert(r.method.letter().into(), Value::Object(m));
        }
        let mut j = Map::new();
        j.insert("network".into(), json!(self.params.network.name()));
        j.insert("b".into(), json!(v.b));
        j.insert("h".into(), json!(v.h));
        j.insert("beta".into(), json!(v.beta));
        j.insert("processors".into(), json!(v.n));
        j.insert("algorithms".into(), Value::Object(algos));
        j.insert("theorem10".into(), json!(o.theorem10.symbol()));
        j.insert("ratio_c_over_p".into(), json_f64(o.ratio_c_p));
        j.insert("ratio_p_over_q".into(), json_f64(o.ratio_p_q));
        let mut sweeps = Vec::new();
        if let Some(s) = &self.h_sweep {
            sweeps.push(("sweep_h", sweep_json(s, "h")));
        }
        if let Some(s) = &self.beta_sweep {
            sweeps.push(("sweep_beta", sweep_json(s, "beta")));
        }
        legacy_sweep(&mut j, sweeps);
        if self.timelines {
            let tl: Map<String, Value> = o
                .results
                .iter()
                .map(|r| {
                    (
                        r.method.letter().to_string(),
                        serde_json::to_value(&r.timeline).unwrap_or(Value::Null),
                    )
                })
                .collect();
            j.insert("timelines".into(), Value::Object(tl));
        }
        Value::Object(j)
    }

    /// The plot of T_N (`speedup = false`) or S_N against h or β: for every requested method
    /// the simulated points, the closed form and the N → ∞ limit.
    fn plot(&self, points: &[SweepPoint], speedup: bool) -> Vec<Series> {
        let b = self.outcome.instance.b;
        let y = |t: f64, beta: f64| if speedup { beta / t } else { t };
        let mut out = Vec::new();
        for m in self.params.algorithm.methods() {
            let curve = |f: &dyn Fn(&SweepPoint) -> f64| -> Vec<[f64; 2]> {
                points.iter().map(|p| [p.x, y(f(p), p.beta)]).collect()
            };
            let l = m.letter();
            out.push(Series::new(
                format!("{l} simulated"),
                curve(&|p| p.get(m).simulated),
            ));
            out.push(Series::new(
                format!("{l} closed form"),
                curve(&|p| p.get(m).closed),
            ));
            out.push(Series::new(
                format!("{l} limit N → ∞"),
                curve(&|p| asymptotic_time(m, b, p.beta)),
            ));
        }
        out
    }

    /// The document: numbers, methods, the plots' series, the schedules.
    pub fn report(&self) -> Report {
        let o = &self.outcome;
        let v = &o.instance;
        let net = self.params.network.name();
        let mut r = Report::new(format!(
            "divisible load — {net} b = {}, h = {}, β = {}, N = {}",
            v.b, v.h, v.beta, v.n
        ));
        r.push(Section::values(
            "numbers",
            vec![
                ("network", net.into()),
                ("b", v.b.into()),
                ("h", v.h.into()),
                ("β", v.beta.into()),
                ("N (processors)", v.n.into()),
                ("T_C / T_P", o.ratio_c_p.into()),
                ("T_P / T_Q", o.ratio_p_q.into()),
                ("Theorem 10: T_C > T_P > T_Q", o.theorem10.symbol().into()),
            ],
        ));
        let mut t = Table::new(&[
            "method",
            "T_N closed form",
            "T_N simulated",
            "relative difference",
            "S_N",
            "S_inf",
            "T_N limit N → ∞",
            "efficiency",
            "T_N appendix closed form",
            "schedule valid",
        ]);
        for m in &o.results {
            t.push(vec![
                m.method.letter().into(),
                m.time.into(),
                m.simulated_time.into(),
                m.rel_diff.into(),
                m.speedup.into(),
                m.asymptotic_speedup.into(),
                (v.beta / m.asymptotic_speedup).into(),
                m.efficiency.into(),
                m.appendix_time.into(),
                m.timeline.valid().into(),
            ]);
        }
        r.push(Section::table("methods", t));
        if let Some(pts) = &self.h_sweep {
            let at = format!("{net} b = {}, β = {}", v.b, v.beta);
            r.push(Section::series(
                format!("plot: T_N vs h ({at})"),
                "h",
                "T_N",
                self.plot(pts, false),
            ));
            r.push(Section::series(
                format!("plot: S_N vs h ({at})"),
                "h",
                "S_N",
                self.plot(pts, true),
            ));
        }
        if let Some(pts) = &self.beta_sweep {
            let at = format!("{net} b = {}, h = {}", v.b, v.h);
            r.push(Section::series(
                format!("plot: T_N vs β ({at})"),
                "β",
                "T_N",
                self.plot(pts, false),
            ));
            r.push(Section::series(
                format!("plot: S_N vs β ({at})"),
                "β",
                "S_N",
                self.plot(pts, true),
            ));
        }
        if self.timelines {
            self.push_timelines(&mut r);
        }
        r
    }

    fn push_timelines(&self, r: &mut Report) {
        let results = &self.outcome.results;
        let mut levels = Table::new(&[
            "method",
            "level",
            "processors",
            "load per processor",
            "last receive",
            "finish",
            "idle",
        ]);
        let mut checks = Table::new(&["method", "check", "holds", "detail"]);
        let mut sched = Table::new(&[
            "method",
            "level",
            "activity",
            "start",
            "end",
            "amount",
            "addressed_to_level",
        ]);
        for m in results {
            let l = m.method.letter();
            for (i, s) in m.timeline.levels.iter().enumerate() {
                levels.push(vec![
                    l.into(),
                    i.into(),
                    s.processors.into(),
                    s.load.into(),
                    s.last_receive.into(),
                    s.finish.into(),
                    s.idle.into(),
                ]);
            }
            for c in &m.timeline.checks {
                checks.push(vec![
                    l.into(),
                    c.name.into(),
                    c.ok.into(),
                    c.detail.clone().into(),
                ]);
            }
            for iv in &m.timeline.intervals {
                sched.push(vec![
                    l.into(),
                    iv.level.into(),
                    format!("{:?}", iv.activity).into(),
                    iv.start.into(),
                    iv.end.into(),
                    iv.amount.into(),
                    iv.dest.into(),
                ]);
            }
        }
        r.push(Section::table("schedule checks", checks));
        r.push(Section::table(
            "levels (one representative processor per level)",
            levels,
        ));
        r.push(Section::table(
            "schedule (one representative processor per level; amounts per processor)",
            sched,
        ));
    }
}
