//! Two-parameter maps of a model's headline numbers, for the CLI's `loadlab map` and the GUI's
//! Map view alike.
//!
//! Every model lists the parameters a map can sweep ([`params`]: the model subcommand's flag
//! names without dashes) and its metrics ([`metrics`]). A cell's value is read from the run
//! result's JSON — the very object `loadlab MODEL --json` prints for the cell's parameters —
//! so a map never re-derives a model's number: a metric is one JSON field, or the ratio of two
//! (possibly of two runs that differ in one setting, e.g. the standard and the improved
//! policy). Redistribution cells are means over seeded random rings ([`ring_spec`]).
//!
//! The slow metrics have a fast path besides ([`MapMetric::fast`]): the same number from the
//! same model functions the run result calls, computing only what the metric reads — the
//! divisible-load closed forms without the event simulation of C, P and Q; T* and T_PY
//! without Fine-Grain's exact processor counts; the ring's schedule and makespan without the
//! checker, the claims and the bounds that do not apply. The JSON path stays the reference
//! (and the path of every other metric); the unit tests hold the two equal cell for cell.
//!
//! The grid, the axes, the cost check and the parallel loop are [`crate::model::map`]'s.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Detail, ReportError, registry, run as report_run};
use crate::model::budget::{SECONDS, Shard};
use crate::model::format::{Precision, number, whole_limit};
use crate::model::map::{Axis, COARSE_STRIDE, CellResult, Grid, check_cost, compute, more_parts};
use crate::model::redistribute::editing::{RandomSpec, random_instance};
use crate::model::redistribute::params::RedistParams;
use crate::model::registry::{ModelId, Scenario};
use crate::model::{Cancelled, NoProgress, ParamError, Progress, param_error};

/// The parameters a map of `model` can sweep.
pub fn params(model: ModelId) -> &'static [MapParam] {
    registry::row(model).map.params
}

/// The metrics a map of `model` can show (the first is the default).
pub fn metrics(model: ModelId) -> &'static [MapMetric] {
    registry::row(model).map.metrics
}

/// The entry of `all` called `name` (a `what` of `model`'s maps), or an error listing the valid
/// names.
fn named<T>(
    all: &'static [T],
    name: &str,
    name_of: fn(&T) -> &'static str,
    what: &str,
    model: ModelId,
) -> Result<&'static T, String> {
    all.iter().find(|x| name_of(x) == name).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(name_of).collect();
        format!(
            "{name:?} is not a {what} of {} maps (one of: {})",
            model.name(),
            names.join(", ")
        )
    })
}

/// The parameter `name` of `model`, or an error listing the valid names.
pub fn param(model: ModelId, name: &str) -> Result<&'static MapParam, String> {
    named(params(model), name, |p| p.name, "parameter", model)
}

/// The metric `name` of `model`, or an error listing the valid names.
pub fn metric(model: ModelId, name: &str) -> Result<&'static MapMetric, String> {
    named(metrics(model), name, |m| m.name, "metric", model)
}

/// Most random rings per redistribution cell.
pub const MAX_SAMPLES: usize = 1000;

/// Random ring number `sample` of a redistribution cell whose generator settings are
/// `random` (its n and max |δ| set to the cell's): the same seeds in every cell
/// (`random.seed + sample`), so neighbouring cells compare like with like.
pub fn ring_spec(random: &RandomSpec, sample: usize) -> RandomSpec {
    RandomSpec {
        seed: random.seed.wrapping_add(sample as u64),
        ..random.clone()
    }
}

/// Work of one cell's run besides the model's own estimate (the run result's JSON), in
/// seconds on the reference machine.
pub const RUN_OVERHEAD_SECONDS: f64 = 5e-5;

/// Most estimated seconds of the coarse subgrid at [`COARSE_STRIDE`] (on the reference
/// machine, one core); beyond it [`MapPlan::coarse`] takes every other of its rows and
/// columns (the first map within 100 ms on 2 cores).
pub const COARSE_SECONDS: f64 = 0.05;

/// What a map computes: a model's scenario, two axes, a metric. (Serialisable: the web page
/// sends it to the web workers that compute its cells.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapRequest {
    /// The scenario whose other parameters every cell keeps.
    pub base: Scenario,
    /// Columns.
    pub x: Axis,
    /// Rows.
    pub y: Axis,
    /// Metric name.
    pub metric: String,
    /// Random rings per redistribution cell (ignored by the other models).
    pub samples: usize,
}

/// A checked [`MapRequest`]: parameters and metric resolved, values fixed, cost estimated.
#[derive(Debug, Clone)]
pub struct MapPlan {
    /// The request it checks.
    pub request: MapRequest,
    /// The model.
    pub model: ModelId,
    /// The scenario every cell starts from.
    pub base: Scenario,
    /// Column parameter.
    pub x: &'static MapParam,
    /// Row parameter.
    pub y: &'static MapParam,
    /// The metric.
    pub metric: &'static MapMetric,
    /// Random rings per redistribution cell.
    pub samples: usize,
    /// The values used: columns.
    pub x_values: Vec<f64>,
    /// The values used: rows.
    pub y_values: Vec<f64>,
    /// Estimated seconds of the whole map on the reference machine.
    pub seconds: f64,
    /// Estimated seconds of each cell, row by row.
    cell_seconds: Vec<f64>,
}

impl MapRequest {
    /// Resolves the names, fixes the values and estimates the cost; refuses (before anything
    /// runs) a map beyond [`SECONDS`]. Errors name the field: `x`, `y`, `metric`, `samples`
    /// or `map`.
    pub fn plan(&self) -> Result<MapPlan, ParamError> {
        self.plan_part(Shard::WHOLE)
    }

    /// [`MapRequest::plan`] for the cells `shard` computes: held to [`SECONDS`] for those
    /// (the whole map may take as many budgets as it has parts).
    pub fn plan_part(&self, shard: Shard) -> Result<MapPlan, ParamError> {
        let model = self.base.model();
        let x = param(model, &self.x.param).map_err(|e| param_error("x", e))?;
        let y = param(model, &self.y.param).map_err(|e| param_error("y", e))?;
        self.x.check().map_err(|e| param_error("x", e))?;
        self.y.check().map_err(|e| param_error("y", e))?;
        if x.name == y.name {
            return Err(param_error(
                "y",
                format!("x and y sweep the same parameter {:?}", x.name),
            ));
        }
        let x_values = self.x.values(x.integer);
        let y_values = self.y.values(y.integer);
        held_exactly(&self.base, "x", x, &x_values)?;
        held_exactly(&self.base, "y", y, &y_values)?;
        let metric = metric(model, &self.metric).map_err(|e| param_error("metric", e))?;
        if model == ModelId::Redistribute && !(1..=MAX_SAMPLES).contains(&self.samples) {
            return Err(param_error(
                "samples",
                format!(
                    "between 1 and {MAX_SAMPLES} random rings per cell (got {})",
                    self.samples
                ),
            ));
        }
        let mut plan = MapPlan {
            request: self.clone(),
            model,
            base: self.base.clone(),
            x,
            y,
            metric,
            samples: if model == ModelId::Redistribute {
                self.samples
            } else {
                1
            },
            x_values,
            y_values,
            seconds: 0.0,
            cell_seconds: Vec::new(),
        };
        let costs = plan.estimate_cells(shard)?;
        plan.seconds = check_cost(&costs, shard)?;
        within_range("x", x, &self.x, &plan.x_values)?;
        within_range("y", y, &self.y, &plan.y_values)?;
        plan.cell_seconds = costs;
        Ok(plan)
    }
}

/// Refuses (on `axis`) a range most of whose values lie beyond any value its parameter takes,
/// before anything runs: h = 1..10^9 computed 16 256 failed cells and an empty map. A range
/// that only reaches past an end keeps its cells there, failed and explained one by one, as
/// do limits that follow other parameters (h ≤ 63 for b = 2) — save an open end (τ > 1): a
/// value at or beyond it is refused.
fn within_range(
    axis: &'static str,
    param: &MapParam,
    range: &Axis,
    values: &[f64],
) -> Result<(), ParamError> {
    let (lo, hi) = param.range;
    let show = |x: f64| number(x, Precision::Exact);
    // A whole-number parameter's end at its type's largest value reads as that value.
    let end = |x: f64| {
        if param.integer {
            whole_limit(x)
        } else {
            show(x)
        }
    };
    let of = |k: usize| {
        format!(
            "{k} of the {} values of {}..{}",
            values.len(),
            show(range.lo),
            show(range.hi)
        )
    };
    // An open lower end (τ > 1, held as the float after 1, as the sliders hold it: they read
    // it "above 1"): every value at or below the bound fails, so none is taken (τ = 1..5 was
    // accepted, then failed its τ = 1 column).
    let strict = (!param.integer)
        .then(|| crate::report::format::open_end(lo, lo.next_down()))
        .flatten();
    let span = match &strict {
        Some(b) => format!("above {b}, at most {}", end(hi)),
        None => format!("from {} to {}", end(lo), end(hi)),
    };
    let below = values.iter().filter(|&&v| v < lo).count();
    if let Some(b) = strict.filter(|_| below > 0) {
        let verb = if below == 1 { "is" } else { "are" };
        return Err(param_error(
            axis,
            format!(
                "{} takes values {span}: {} {verb} not above {b} — a range that starts above \
                 {b}",
                param.name,
                of(below)
            ),
        ));
    }
    let beyond = values.iter().filter(|v| !(lo..=hi).contains(*v)).count();
    if 2 * beyond <= values.len() {
        return Ok(());
    }
    Err(param_error(
        axis,
        format!(
            "{} takes values {span}: {} are beyond — a range within it",
            param.name,
            of(beyond)
        ),
    ))
}

/// Refuses (on `axis`) an axis value its parameter's field cannot hold — a negative or too
/// large seed, a count beyond its integer type — instead of computing the cell at a clamped
/// value under the asked-for label.
fn held_exactly(
    base: &Scenario,
    axis: &'static str,
    param: &MapParam,
    values: &[f64],
) -> Result<(), ParamError> {
    let mut s = base.clone();
    for &v in values {
        param.set(&mut s, v);
        let held = param.get(&s);
        if held != v {
            return Err(param_error(
                axis,
                format!(
                    "{} = {} is outside what {} can be (it would be computed at {})",
                    param.name,
                    number(v, Precision::Exact),
                    param.name,
                    whole_limit(held)
                ),
            ));
        }
    }
    Ok(())
}

/// Most ring processors a map's estimate builds (the first random ring of each estimated
/// redistribution cell): beyond it only a subgrid of cells is estimated, each standing for the
/// cells before it (about 0.1 s of ring building at most).
pub const ESTIMATE_RING_PROCESSORS: usize = 2_000_000;

impl MapPlan {
    /// Every cell's estimated seconds, row by row, cheaply: a redistribution cell's estimate
    /// builds a ring of n processors, so when the grid's rings would hold more than
    /// [`ESTIMATE_RING_PROCESSORS`] only every k-th row and column (and the last) are
    /// estimated, each value standing for the cells up to it (the axes grow, so that is the
    /// costlier end of its block). The estimate stops, refusing, as soon as the cells seen
    /// exceed [`SECONDS`] for each of `shard`'s parts.
    fn estimate_cells(&self, shard: Shard) -> Result<Vec<f64>, ParamError> {
        let limit = SECONDS * shard.of as f64;
        let (nx, ny) = (self.x_values.len(), self.y_values.len());
        let ring_n = |s: &Scenario| match s {
            Scenario::Redistribute(p) => p.random.n.max(1),
            _ => 0,
        };
        let largest = [(0, 0), (nx - 1, 0), (0, ny - 1), (nx - 1, ny - 1)]
            .iter()
            .map(|&(ix, iy)| ring_n(&self.scenario_at(ix, iy)))
            .max()
            .unwrap_or(0);
        let mut stride = 1;
        while stride < nx.max(ny)
            && largest.saturating_mul(nx.div_ceil(stride) + 1) * (ny.div_ceil(stride) + 1)
                > ESTIMATE_RING_PROCESSORS
        {
            stride *= 2;
        }
        // Sampled index standing for index i: the next multiple of the stride, or the last.
        let up = |i: usize, n: usize| (i.div_ceil(stride) * stride).min(n - 1);
        // How many cells of an axis each sampled index stands for.
        let blocks = |n: usize| {
            let mut b = vec![0.0; n];
            for i in 0..n {
                b[up(i, n)] += 1.0;
            }
            b
        };
        let (bx, by) = (blocks(nx), blocks(ny));
        let mut sampled = vec![0.0; nx * ny];
        let mut seen = 0.0;
        for (ix, iy) in self.grid().subgrid(stride) {
            let c = self.cell_seconds(&self.scenario_at(ix, iy));
            sampled[iy * nx + ix] = c;
            seen += c * bx[ix] * by[iy];
            if seen.is_nan() || seen > limit {
                // At least this much: refused without estimating the rest.
                return Err(param_error(
                    "map",
                    format!(
                        "{} cells: more than the limit of {} s of work{} (the cells estimated \
                         so far already take {} s) — fewer points, a smaller range or {}",
                        nx * ny,
                        number(limit, Precision::Estimate),
                        if shard.of > 1 {
                            format!(" for {} parts", shard.of)
                        } else {
                            String::new()
                        },
                        number(seen, Precision::Readout),
                        more_parts(shard)
                    ),
                ));
            }
        }
        let mut costs = Vec::with_capacity(nx * ny);
        for iy in 0..ny {
            for ix in 0..nx {
                costs.push(sampled[up(iy, ny) * nx + up(ix, nx)]);
            }
        }
        Ok(costs)
    }

    /// The coarse subgrid computed first: [`Grid::coarse`], or one of twice its stride when
    /// its cells are estimated at more than [`COARSE_SECONDS`], so that the first picture
    /// comes quickly where cells are costly (redistribution's rings: 5 × 5 cells of a 32 × 32
    /// map instead of 9 × 9). The estimates are upper bounds (Algorithm 3's several times
    /// over), so the stride is doubled once at most and the first picture stays a map.
    pub fn coarse(&self) -> Vec<(usize, usize)> {
        let g = self.grid();
        let nx = self.x_values.len();
        let at = g.coarse();
        let seconds: f64 = at
            .iter()
            .map(|&(ix, iy)| self.cell_seconds.get(iy * nx + ix).copied().unwrap_or(0.0))
            .sum();
        if seconds <= COARSE_SECONDS {
            at
        } else {
            g.subgrid(2 * COARSE_STRIDE)
        }
    }

    /// An empty grid on the plan's values.
    pub fn grid(&self) -> Grid {
        Grid::new(self.x_values.clone(), self.y_values.clone())
    }

    /// The scenario of cell (`ix`, `iy`): the base with both parameters set.
    pub fn scenario_at(&self, ix: usize, iy: usize) -> Scenario {
        let mut s = self.base.clone();
        self.x.set(&mut s, self.x_values[ix]);
        self.y.set(&mut s, self.y_values[iy]);
        s
    }

    /// The instance a click on cell (`ix`, `iy`) loads: its scenario, and for redistribution
    /// the cell's first random ring as the instance (with the generator set to the cell).
    pub fn instance_at(&self, ix: usize, iy: usize) -> Scenario {
        let mut s = self.scenario_at(ix, iy);
        if let Scenario::Redistribute(p) = &mut s {
            p.instance = random_instance(&ring_spec(&p.random, 0));
        }
        s
    }

    /// The scenarios of one cell's runs: one per random ring for redistribution.
    fn samples_of(&self, s: &Scenario) -> Result<Vec<Scenario>, String> {
        self.first_samples(s, self.samples)
    }

    /// The scenarios of a cell's first `count` runs.
    fn first_samples(&self, s: &Scenario, count: usize) -> Result<Vec<Scenario>, String> {
        match s {
            Scenario::Redistribute(p) => {
                p.random.validate().map_err(|e| e.to_string())?;
                Ok((0..count.min(self.samples))
                    .map(|k| {
                        let mut q: RedistParams = p.clone();
                        q.instance = random_instance(&ring_spec(&p.random, k));
                        Scenario::Redistribute(q)
                    })
                    .collect())
            }
            other => Ok(vec![other.clone()]),
        }
    }

    /// Estimated seconds of one cell (for redistribution, the first ring's estimate times
    /// the rings): the model's own estimate of each run against its budget (its work limit stands for [`SECONDS`]), plus [`RUN_OVERHEAD_SECONDS`]. Invalid
    /// parameters cost the overhead only (the cell fails at once).
    fn cell_seconds(&self, s: &Scenario) -> f64 {
        let runs = self.metric.runs;
        let cost = registry::row(self.model).map.cost;
        let fast = self.metric.has_fast_path();
        let one = |s: &Scenario| -> f64 {
            let fraction = cost(s, fast);
            fraction * SECONDS + RUN_OVERHEAD_SECONDS
        };
        // The rings of a cell are alike (same n, same max |δ|): the first stands for all, as
        // in the redistribution sweep's estimate.
        // Each of the metric's runs as it is made (a run may change the policy).
        let tweaked = |s: &Scenario| -> f64 {
            runs.iter()
                .map(|tweak| {
                    let mut t = s.clone();
                    tweak(&mut t);
                    one(&t)
                })
                .sum()
        };
        match self.first_samples(s, 1) {
            Ok(first) => first.iter().map(tweaked).sum::<f64>() * self.samples as f64,
            Err(_) => RUN_OVERHEAD_SECONDS,
        }
    }

    /// The metric on one scenario (one ring for redistribution): its fast path, or else
    /// [`MapPlan::metric_from_json`].
    fn metric_on(&self, s: &Scenario) -> CellResult {
        match self.metric.fast {
            Some(fast) => fast(s),
            None => self.metric_from_json(s),
        }
    }

    /// The metric on one scenario read from each run's JSON: the field or the ratio of the
    /// two fields.
    fn metric_from_json(&self, s: &Scenario) -> CellResult {
        let jsons = self
            .metric
            .runs
            .iter()
            .map(|tweak| {
                let mut t = s.clone();
                tweak(&mut t);
                report_run(&t, Detail::Summary, &NoProgress)
                    .map(|r| super::Render::json(&r))
                    .map_err(|e| match e {
                        ReportError::Invalid { field, message } => format!("{field}: {message}"),
                        ReportError::Cancelled => "cancelled".into(),
                    })
            })
            .collect::<Result<Vec<Value>, String>>()?;
        let read = |(run, path): (usize, &str)| json_number(&jsons[run], path);
        let num = read(self.metric.num)?;
        match self.metric.den {
            None => Ok(num),
            Some(d) => quotient(num, read(d)?, d.1),
        }
    }

    /// The value of cell (`ix`, `iy`): the metric at its parameters; for redistribution the
    /// mean over the rings where it is defined (failing only when it is defined on none).
    pub fn cell(&self, ix: usize, iy: usize, progress: &dyn Progress) -> CellResult {
        let s = self.scenario_at(ix, iy);
        let all = self.samples_of(&s)?;
        let mut sum = 0.0;
        let mut ok = 0usize;
        let mut first_error = None;
        for t in &all {
            if progress.cancelled() {
                return Err("cancelled".into());
            }
            match self.metric_on(t) {
                Ok(v) => {
                    sum += v;
                    ok += 1;
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match (ok, first_error) {
            (0, Some(e)) => Err(e),
            (0, None) => Err("no sample".into()),
            _ => Ok(sum / ok as f64),
        }
    }

    /// Computes the cells at `at` on all cores.
    pub fn compute(
        &self,
        at: &[(usize, usize)],
        progress: &dyn Progress,
    ) -> Result<Vec<CellResult>, Cancelled> {
        compute(at, progress, |ix, iy| self.cell(ix, iy, progress))
    }

    /// The whole map: the coarse subgrid, then the rest.
    pub fn run(&self, progress: &dyn Progress) -> Result<Grid, Cancelled> {
        let mut g = self.grid();
        let coarse = self.coarse();
        let r = self.compute(&coarse, progress)?;
        g.fill(&coarse, r);
        let rest = g.missing();
        let r = self.compute(&rest, progress)?;
        g.fill(&rest, r);
        Ok(g)
    }

    /// The map as the CLI's JSON: `{"model", "metric", "x": {"param", "values"}, "y": {…},
    /// "cells": [[…]] (one row per y value, null for a failed cell), "failed": [{"x", "y",
    /// "error"}]}`.
    pub fn json(&self, g: &Grid) -> Value {
        let cells: Vec<Vec<Value>> = g
            .cells
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| match c {
                        Some(Ok(v)) if v.is_finite() => json!(v),
                        _ => Value::Null,
                    })
                    .collect()
            })
            .collect();
        let failed: Vec<Value> = g
            .failures()
            .into_iter()
            .map(|(ix, iy, e)| json!({"x": g.x[ix], "y": g.y[iy], "error": e}))
            .collect();
        let mut out = json!({
            "model": self.model.name(),
            "metric": self.metric.name,
            "x": {"param": self.x.name, "values": g.x},
            "y": {"param": self.y.name, "values": g.y},
            "cells": cells,
            "failed": failed,
        });
        if self.model == ModelId::Redistribute {
            out["samples"] = json!(self.samples);
        }
        out
    }

    /// The map as CSV (a header of x values, one line per y value), then a comment line per
    /// failed cell with its reason, as the text and the JSON give them (an empty cell alone
    /// did not say why).
    pub fn csv(&self, g: &Grid) -> String {
        let mut out = format!(
            "# {} map of {}\n{}",
            self.model.name(),
            self.metric.name,
            g.to_csv(self.x.name, self.y.name)
        );
        for line in self.failures(g) {
            out.push_str(&format!("# {line}\n"));
        }
        out
    }

    /// One line per failed cell: "failed at n = 0, tau = 1: why" (row by row).
    pub fn failures(&self, g: &Grid) -> Vec<String> {
        g.failures()
            .into_iter()
            .map(|(ix, iy, e)| {
                format!(
                    "failed at {}: {}",
                    self.describe(ix, iy),
                    e.replace('\n', " ")
                )
            })
            .collect()
    }

    /// "h = 12, β = 100" style label of a cell's parameters.
    pub fn describe(&self, ix: usize, iy: usize) -> String {
        format!(
            "{} = {}, {} = {}",
            self.x.name,
            number(self.x_values[ix], Precision::Exact),
            self.y.name,
            number(self.y_values[iy], Precision::Exact)
        )
    }
}

/// The number at a dot path (`algorithms.C.speedup`, `work.2`) of a run's JSON.
fn json_number(v: &Value, path: &str) -> CellResult {
    match super::field(v, path) {
        Some(Value::Number(x)) => x.as_f64().ok_or_else(|| format!("{path} is not a number")),
        None | Some(Value::Null) => Err(format!("{path} is not defined at these parameters")),
        Some(_) => Err(format!("{path} is not a number")),
    }
}

pub mod catalog;
mod guides;
use catalog::quotient;
pub use catalog::{MapCatalogue, MapMetric, MapParam, TREE_FAST_WEIGHT, TREE_SOLVE_WEIGHT};
pub use guides::Guide;
#[cfg(test)]
mod tests;
