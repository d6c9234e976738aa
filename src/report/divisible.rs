//! Run result of the divisible-load model (Li 2011): every requested method simulated beside
//! its closed form, Theorem 10, the schedules, and the h and β sweeps of the plots.

mod row;

use serde_json::{Map, Value, json};

use super::{
    Cell, Figure, Render, Report, ReportError, Role, Section, Series, Stages, Table, cells,
    json_f64, keys, legacy_sweep, object, serialized,
};
use crate::model::Progress;
use crate::model::divisible::sweep::{self, BETA_POINTS, SweepPoint};
use crate::model::divisible::theory::{asymptotic_time, speedup_bound};
use crate::model::divisible::{DivisibleParams, Method, MethodResult, Outcome, evaluate, params};

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

/// What a sweep plot runs over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    /// The height h (h = 0..=`sweep_h_max` at the instance's b and β).
    H,
    /// The granularity β (log-spaced over `sweep_beta` at the instance's b and h).
    Beta,
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

/// Inserts `value` into `obj` at the dotted `path` ("algorithms.C.time"), creating the
/// objects on the way.
fn insert_path(obj: &mut Map<String, Value>, path: &str, value: Value) {
    match path.split_once('.') {
        None => {
            obj.insert(path.to_string(), value);
        }
        Some((head, rest)) => {
            let inner = obj
                .entry(head.to_string())
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(m) = inner {
                insert_path(m, rest, value);
            }
        }
    }
}

/// The figures of method `m` (field path, name).
fn method_keys(m: Method) -> [(&'static str, &'static str); 9] {
    match m {
        Method::C => keys::divisible::C,
        Method::P => keys::divisible::P,
        Method::Q => keys::divisible::Q,
    }
}

/// One method's figures (`beta` is the instance's β); the appendix closed form only where the
/// method has one (ℂ).
fn method_figures(beta: f64, r: &MethodResult) -> Vec<Figure> {
    let values: [Cell; 9] = [
        r.time.into(),
        r.simulated_time.into(),
        r.rel_diff.into(),
        r.speedup.into(),
        r.asymptotic_speedup.into(),
        (beta / r.asymptotic_speedup).into(),
        r.efficiency.into(),
        r.timeline.valid().into(),
        r.appendix_time.into(),
    ];
    method_keys(r.method)
        .into_iter()
        .zip(values)
        .filter(|(_, v)| *v != Cell::Empty)
        .map(|((key, name), value)| Figure::new(key, name, value))
        .collect()
}

/// A method's colour group in every plot: P first (the blue of the house's main series), C
/// second, Q third, whichever methods run.
pub fn method_group(m: Method) -> usize {
    match m {
        Method::P => 0,
        Method::C => 1,
        Method::Q => 2,
    }
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
        let letter = |r: &MethodResult| r.method.name().to_string();
        // Every figure under its JSON path: the methods' under `algorithms.<letter>`.
        let mut j = Map::new();
        for f in self.figures() {
            insert_path(&mut j, f.key, serialized(&f.value));
        }
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
        for over in [Over::H, Over::Beta] {
            for speedup in [false, true] {
                if let Some(plot) = self.plot(over, speedup) {
                    r.push(plot);
                }
            }
        }
        if self.timelines {
            self.push_timelines(&mut r);
        }
        r
    }
}

impl Run {
    /// The run's numbers: the instance, the ratios of the methods' times, Theorem 10's
    /// ordering, then every requested method's times, speedups and schedule check (keys under
    /// `algorithms.<letter>.`, as `--json` nests them).
    pub fn figures(&self) -> Vec<Figure> {
        let o = &self.outcome;
        let v = &o.instance;
        let mut figures = vec![
            Figure::new("network", "network", self.params.network.name()),
            Figure::new(params::B.field, params::B.name, v.b),
            Figure::new(params::H.field, params::H.name, v.h),
            Figure::new(params::BETA.field, params::BETA.name, v.beta),
            Figure::new("processors", "N (processors)", v.n),
            Figure::new(
                "speedup_bound",
                "speed-up bound bβ + 1 (no method exceeds it)",
                speedup_bound(v.b, v.beta),
            ),
            Figure::new("ratio_c_over_p", "T_C / T_P", o.ratio_c_p),
            Figure::new("ratio_p_over_q", "T_P / T_Q", o.ratio_p_q),
            Figure::new(
                "theorem10",
                "Theorem 10: T_C > T_P > T_Q",
                o.theorem10.symbol(),
            ),
        ];
        for r in &o.results {
            figures.extend(method_figures(v.beta, r));
        }
        figures
    }

    /// The x at which the sweep over `over` passes through the run of `p`, when it does: the
    /// h sweep holds the runs of the instance's network, arity and β, the β sweep those of
    /// its network, arity and h. A question on another run than the one shown hides the plot
    /// from there.
    pub fn passes_through(&self, over: Over, p: &DivisibleParams) -> Option<f64> {
        let me = &self.params;
        let same = p.network == me.network && p.arity() == me.arity();
        match over {
            Over::H => (same && p.beta == me.beta).then_some(p.h as f64),
            Over::Beta => (same && p.h == me.h).then_some(p.beta),
        }
    }

    /// The plot of T_N (`speedup = false`) or S_N over h or β, as a plot section named
    /// `"plot: <y> vs <x> (<the fixed parameters>)"`; None when that sweep was not computed.
    pub fn plot(&self, over: Over, speedup: bool) -> Option<Section> {
        let v = &self.outcome.instance;
        let net = self.params.network.name();
        let (x, at, points) = match over {
            Over::H => (
                "h",
                format!("{net} b = {}, β = {}", v.b, v.beta),
                self.h_sweep.as_ref()?,
            ),
            Over::Beta => (
                "β",
                format!("{net} b = {}, h = {}", v.b, v.h),
                self.beta_sweep.as_ref()?,
            ),
        };
        let y = if speedup { "S_N" } else { "T_N" };
        Some(Section::series(
            format!("plot: {y} vs {x} ({at})"),
            x,
            y,
            self.curves(points, speedup),
        ))
    }

    /// The curves of the plot of T_N (`speedup = false`) or S_N over a sweep: for every
    /// requested method the simulated points, the closed form and the N → ∞ limit, in the
    /// method's colour group.
    fn curves(&self, points: &[SweepPoint], speedup: bool) -> Vec<Series> {
        let b = self.outcome.instance.b;
        let y = |t: f64, beta: f64| if speedup { beta / t } else { t };
        let mut out = Vec::new();
        for m in self.params.algorithm.methods() {
            // Each curve draws one of the method's figures: its point at the instance's h
            // (or β) is that figure, the limit line's every point (hidden with it until
            // Reveal).
            let mut curve = |what: &str,
                             role: Role,
                             figure: (&str, &str),
                             time: &dyn Fn(&SweepPoint) -> f64| {
                let points = points.iter().map(|p| [p.x, y(time(p), p.beta)]);
                let name = format!("{} {what}", m.name());
                let figure = if speedup { figure.1 } else { figure.0 };
                let series = Series::new(name, points.collect()).role(role);
                let series = series.drawn(format!("algorithms.{}.{figure}", m.name()));
                out.push(series.group(method_group(m)));
            };
            curve(
                "simulated",
                Role::Simulated,
                ("simulated_time", "speedup"),
                &|p| p.get(m).simulated,
            );
            curve("closed form", Role::ClosedForm, ("time", "speedup"), &|p| {
                p.get(m).closed
            });
            curve(
                "limit N → ∞",
                Role::Limit,
                ("asymptotic_time", "asymptotic_speedup"),
                &|p| asymptotic_time(m, b, p.beta),
            );
        }
        if speedup {
            // The bound every method stays under: the root computes and feeds b links.
            let bound = points.iter().map(|p| [p.x, speedup_bound(b, p.beta)]);
            let bound = Series::new("bound bβ + 1", bound.collect()).role(Role::Bound);
            out.push(bound.drawn("speedup_bound"));
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
