//! The random-instance study a redistribution scenario selects: its inputs, its budget, its
//! result, and the document sections it adds (a table, a plot with roles, a summary line).

use super::{Cell, ReportError, Section, Series, Table, cells, kind};
use crate::model::Progress;
use crate::model::budget::{Cost, Part};
use crate::model::redistribute::exact::{self, N_EXACT_MAX};
use crate::model::redistribute::instance::{Costs, RingInstance};
use crate::model::redistribute::iterative::{
    IterativeResult, SchemeCurve, cost as iterative_cost, run_iterative,
};
use crate::model::redistribute::params::{Algorithm, BUDGET, RedistParams, Study, SweepVar};
use crate::model::redistribute::run::{cost as run_cost, describe, not_applicable, resolve};
use crate::model::redistribute::sweep::{
    LpRatio, RoundsPoint, SweepPoint, lp_ratios, makespan_sweep, makespan_sweep_cost,
    rounds_study_cost, rounds_vs_lemma6, sweep_values,
};
use crate::report::Role;
use crate::report::format::{Precision, number};

/// Largest ring of the LP-ratio and rounds studies (they use the instance's n up to this).
pub const STUDY_N_MAX: usize = 200;
/// Largest max |δ| of the LP-ratio and rounds studies.
pub const STUDY_DELTA_MAX: i64 = 1000;

/// The (n, max |δ|, samples, seed) of the LP-ratio and rounds studies: the ring's n clamped to
/// 3..=[`STUDY_N_MAX`], the random generator's max |δ| and seed, the scenario's sample count.
pub fn study_inputs(params: &RedistParams) -> (usize, i64, usize, u64) {
    (
        params.instance.n().clamp(3, STUDY_N_MAX),
        params.random.max_delta.clamp(1, STUDY_DELTA_MAX),
        params.samples,
        params.random.seed,
    )
}

/// The scenario with only what its selected study reads (the rest at its defaults): two
/// scenarios with the same study scenario have the same study, so the GUI keys the study's
/// background job by it and editing δ does not recompute a sweep. The instance becomes a ring
/// of the same direction and kind (homogeneous or not) with δ = 0, as many processors as the
/// LP-ratio and rounds studies use.
pub fn study_scenario(params: &RedistParams) -> RedistParams {
    let inst = &params.instance;
    let n = match params.study {
        Study::LpRatio | Study::Rounds => study_inputs(params).0,
        Study::Sweep | Study::Iterative => 3,
    };
    let costs = if inst.is_homogeneous() {
        Costs::Homogeneous(1.0)
    } else {
        // Two different costs: a heterogeneous ring.
        let cw: Vec<f64> = (0..n).map(|i| if i == 0 { 2.0 } else { 1.0 }).collect();
        Costs::Heterogeneous {
            ccw: cw.clone(),
            cw,
        }
    };
    let instance = RingInstance {
        delta: vec![0; n],
        loads: vec![1; n],
        direction: inst.direction,
        costs,
    };
    let d = RedistParams::default();
    match params.study {
        Study::Sweep => RedistParams {
            instance,
            algorithm: params.algorithm,
            study: Study::Sweep,
            sweep: params.sweep.clone(),
            ..d
        },
        Study::LpRatio | Study::Rounds => RedistParams {
            instance,
            random: params.random.clone(),
            study: params.study,
            samples: params.samples,
            ..d
        },
        Study::Iterative => RedistParams {
            instance,
            study: Study::Iterative,
            iterative: params.iterative.clone(),
            ..d
        },
    }
}

/// Refuses the scenario's study when it exceeds the redistribution budget (on "study"). The
/// System 6 / Lemma 12 study (at most 5000 rings of 200 processors, O(n log n) each) always
/// fits.
fn check_study(params: &RedistParams) -> Result<(), ReportError> {
    let (n, max_delta, samples, seed) = study_inputs(params);
    let inst = &params.instance;
    let (what, cost) = match params.study {
        Study::Sweep => {
            let s = &params.sweep;
            (
                format!(
                    "the makespan sweep ({} points of {} random rings up to {} = {}{})",
                    sweep_values(s).len(),
                    s.samples,
                    sweep_x(params),
                    s.to,
                    if params.algorithm == Algorithm::Exact {
                        format!(
                            ", each solved by the exact search: up to {:.0} s a ring of at most \
                             {N_EXACT_MAX} processors, larger ones refused; pick another \
                             algorithm for this study or fewer samples",
                            exact::worst_seconds()
                        )
                    } else {
                        String::new()
                    }
                ),
                makespan_sweep_cost(s, inst.direction, !inst.is_homogeneous(), params.algorithm),
            )
        }
        Study::Rounds => (
            format!(
                "the rounds study ({samples} random rings, n = {n}, max |δ| up to {max_delta})"
            ),
            rounds_study_cost(n, max_delta, samples, seed),
        ),
        Study::Iterative => {
            let it = &params.iterative;
            (
                format!(
                    "Section 8's study ({} platforms of p = {}, {} iterations)",
                    it.instances, it.p, it.iterations
                ),
                iterative_cost(it),
            )
        }
        Study::LpRatio => return Ok(()),
    };
    let run = Part {
        field: "delta",
        what: format!("the run ({})", describe(inst, params.algorithm)),
        cost: if not_applicable(inst, params.algorithm).is_none() {
            run_cost(inst, params.algorithm)
        } else {
            Cost::default()
        },
    };
    let study = Part {
        field: "study",
        what,
        cost,
    };
    Ok(BUDGET.check_parts(&[run, study])?)
}

/// The result of the selected study.
#[derive(Debug, Clone)]
pub enum StudyResult {
    /// Mean makespan and bound while n or max |δ| grows.
    Sweep(Vec<SweepPoint>),
    /// System 6's optimum over Lemma 12, one entry per random ring.
    LpRatio(Vec<LpRatio>),
    /// Algorithm 3's rounds against Lemma 6, one entry per random ring.
    Rounds(Vec<RoundsPoint>),
    /// Section 8's iterative application.
    Iterative(IterativeResult),
}

/// Checks the study's parameters and computes it.
pub fn study(params: &RedistParams, progress: &dyn Progress) -> Result<StudyResult, ReportError> {
    params
        .validate_studies()
        .map_err(|e| ReportError::invalid("study", e.to_string()))?;
    check_study(params)?;
    let inst = &params.instance;
    let (n, max_delta, samples, seed) = study_inputs(params);
    Ok(match params.study {
        Study::Sweep => StudyResult::Sweep(makespan_sweep(
            &params.sweep,
            inst.direction,
            !inst.is_homogeneous(),
            params.algorithm,
            progress,
        )?),
        Study::LpRatio => {
            StudyResult::LpRatio(lp_ratios(n, max_delta, samples, seed, true, progress)?)
        }
        Study::Rounds => {
            StudyResult::Rounds(rounds_vs_lemma6(n, max_delta, samples, seed, progress)?)
        }
        Study::Iterative => StudyResult::Iterative(run_iterative(&params.iterative, progress)?),
    })
}

/// The study's sections: its table, then its plot.
pub fn sections(params: &RedistParams, s: &StudyResult) -> Vec<Section> {
    let mut out = vec![Section::table(title(params), table(params, s))];
    out.push(plot(params, s));
    out
}

/// The study's title: what was computed on which random rings.
pub fn title(prm: &RedistParams) -> String {
    let (n, max_delta, samples, seed) = study_inputs(prm);
    match prm.study {
        Study::Sweep => {
            let inst = &prm.instance;
            format!(
                "study: makespan sweep, random {} {} rings (heavy loads), {}, {} samples per point, seed {}",
                kind(inst),
                inst.direction.name(),
                resolve(inst, prm.algorithm).name(),
                prm.sweep.samples,
                prm.sweep.seed
            )
        }
        Study::LpRatio => format!(
            "study: System 6 over Lemma 12 on {samples} random heterogeneous bidirectional rings, n = {n}, max |δ| = {max_delta}, seed {seed}, heavy loads"
        ),
        Study::Rounds => format!(
            "study: Algorithm 3's rounds against Lemma 6 on {samples} random homogeneous bidirectional rings, n = {n}, max |δ| up to {max_delta}, seed {seed}"
        ),
        Study::Iterative => "study: Section 8's iterative application (means per run)".to_string(),
    }
}

/// The x axis of the makespan sweep.
fn sweep_x(params: &RedistParams) -> &'static str {
    if params.sweep.var == SweepVar::N {
        "n"
    } else {
        "max |δ|"
    }
}

/// The study's table: one row per sweep point, random sample or scheme.
fn table(params: &RedistParams, s: &StudyResult) -> Table {
    match s {
        StudyResult::Sweep(pts) => {
            let header = [
                sweep_x(params),
                "mean makespan",
                "mean lower bound",
                "worst makespan / bound",
                "failed samples",
            ];
            // Means over the valid samples; empty where every sample failed.
            Table::from_rows(&header, pts, |p| {
                cells![p.x, p.makespan, p.bound, p.worst_ratio, p.failed]
            })
        }
        StudyResult::LpRatio(pts) => {
            let header = ["sample", "τ_int (System 6)", "Lemma 12", "ratio", "light"];
            per_sample(&header, pts, |p| {
                cells![p.tau_int, p.lemma12, p.ratio, p.light]
            })
        }
        StudyResult::Rounds(pts) => {
            let header = [
                "sample",
                "Lemma 6",
                "corrected rounds",
                "corrected valid",
                "as printed rounds",
                "as printed valid",
            ];
            per_sample(&header, pts, |p| {
                cells![
                    p.lemma6,
                    p.corrected,
                    p.corrected_valid,
                    p.literal,
                    p.literal_valid
                ]
            })
        }
        StudyResult::Iterative(res) => {
            let header = [
                "scheme",
                "redistributions",
                "skipped",
                "via System 12",
                "forwarded",
            ];
            Table::from_rows(&header, &res.schemes, |c| {
                cells![
                    c.name.as_str(),
                    c.redistributions,
                    c.skipped,
                    c.via_system12,
                    c.forwarded
                ]
            })
        }
    }
}

/// The study's plot, every curve with its role.
fn plot(params: &RedistParams, s: &StudyResult) -> Section {
    match s {
        StudyResult::Sweep(pts) => {
            let x = sweep_x(params);
            // Points where every sample failed are gaps, not zeros.
            let line = |name, y: fn(&SweepPoint) -> Option<f64>| {
                Series::from_items(name, pts, |p| Some([p.x, y(p)?]))
            };
            let series = vec![
                line("mean makespan", |p| p.makespan),
                line("mean lower bound", |p| p.bound).role(Role::Bound),
            ];
            let name = format!("plot: mean makespan and lower bound vs {x}");
            Section::series(name, x, "time", series)
        }
        StudyResult::LpRatio(pts) => {
            let ratios = pts.iter().map(|p| p.ratio);
            let series = vec![Series::distribution("τ_int / Lemma 12", ratios)];
            Section::series(
                "plot: distribution of System 6's integer optimum over Lemma 12",
                "τ_int (System 6) / Lemma 12",
                "fraction of rings",
                series,
            )
        }
        StudyResult::Rounds(pts) => {
            let top = pts.iter().map(|p| p.lemma6).max().unwrap_or(1) as f64;
            let taken = |name, group, rounds: fn(&RoundsPoint) -> Option<usize>| {
                Series::from_items(name, pts, move |p| {
                    Some([p.lemma6 as f64, rounds(p)? as f64])
                })
                .group(group)
            };
            let series = vec![
                Series::new("Lemma 8: rounds = Lemma 6", vec![[0.0, 0.0], [top, top]])
                    .role(Role::Reference),
                taken("as printed", 1, |p| p.literal),
                taken("corrected", 0, |p| p.corrected),
            ];
            Section::series(
                "plot: Algorithm 3's rounds against Lemma 6",
                "Lemma 6 (rounds)",
                "rounds taken",
                series,
            )
        }
        StudyResult::Iterative(res) => {
            let curve = |(k, c): (usize, &SchemeCurve)| {
                let points = res.ratios.iter().zip(&c.normalised).map(|(x, y)| [*x, *y]);
                Series::new(c.name.clone(), points.collect()).group(k)
            };
            Section::series(
                "plot: normalised execution time vs computation-to-communication ratio",
                "computation-to-communication ratio",
                "normalised execution time",
                res.schemes.iter().enumerate().map(curve).collect(),
            )
        }
    }
}

/// One line on the study's result: the worst ratio, what failed, how often a claim held.
pub fn summary(s: &StudyResult) -> String {
    let num = |x: f64| number(x, Precision::Table);
    match s {
        StudyResult::Sweep(pts) => {
            let failed: usize = pts.iter().map(|p| p.failed).sum();
            let worst = pts.iter().filter_map(|p| p.worst_ratio).reduce(f64::max);
            format!(
                "worst makespan / bound: {}{}",
                worst.map_or("— (no valid sample)".into(), num),
                failed_note(failed, "failed the checker")
            )
        }
        StudyResult::LpRatio(pts) => {
            let max = pts.iter().map(|p| p.ratio).fold(1.0, f64::max);
            let tight = pts.iter().filter(|p| (p.ratio - 1.0).abs() < 1e-9).count();
            let heavy = pts.iter().filter(|p| !p.light).count();
            format!(
                "{tight} of {} optima equal Lemma 12 · worst ratio {} · {heavy} not light",
                pts.len(),
                num(max)
            )
        }
        StudyResult::Rounds(pts) => rounds_summary(pts),
        StudyResult::Iterative(res) => {
            let notes: Vec<String> = res
                .schemes
                .iter()
                .filter(|c| c.redistributions > 0)
                .map(|c| {
                    format!(
                        "{}: {:.1} skipped, {:.1} via System 12{}",
                        c.name,
                        c.skipped,
                        c.via_system12,
                        if c.forwarded > 0.0 {
                            format!(", {:.1} forwarded", c.forwarded)
                        } else {
                            String::new()
                        }
                    )
                })
                .collect();
            format!(
                "Mean per run — {}. Normalised by an always-balanced oracle with free \
                 redistributions; each curve is a + b/r.",
                notes.join(" · ")
            )
        }
    }
}

/// " · 3 samples {what}", or nothing when no sample did.
fn failed_note(failed: usize, what: &str) -> String {
    if failed > 0 {
        format!(" · {} {what}", crate::model::words::count(failed, "sample"))
    } else {
        String::new()
    }
}

/// How many rings each reading of Algorithm 3 took off Lemma 6 or failed the checker on.
fn rounds_summary(pts: &[RoundsPoint]) -> String {
    let count = |f: &dyn Fn(&RoundsPoint) -> bool| pts.iter().filter(|p| f(p)).count();
    let off = |r: Option<usize>, l6: i64| r.is_some_and(|r| r as i64 != l6);
    let off_c = count(&|p| off(p.corrected, p.lemma6));
    let bad_c = count(&|p| p.corrected.is_some() && !p.corrected_valid);
    let off_l = count(&|p| off(p.literal, p.lemma6));
    let bad_l = count(&|p| p.literal.is_some() && !p.literal_valid);
    let failed = count(&|p| p.corrected.is_none() || p.literal.is_none());
    format!(
        "Of {} rings — corrected: {off_c} off Lemma 6, {bad_c} failing the checker · as \
         printed: {off_l} off Lemma 6, {bad_l} failing the checker (possession){}.",
        pts.len(),
        failed_note(failed, "failed to run (left out)")
    )
}

/// A table of random samples, one row per sample: its number (from 0) under the first column,
/// then the cells `row` gives.
fn per_sample<T>(header: &[&str], samples: &[T], row: impl Fn(&T) -> Vec<Cell>) -> Table {
    Table::from_rows(header, samples.iter().enumerate(), |(i, p)| {
        let mut cells = vec![Cell::from(i)];
        cells.extend(row(p));
        cells
    })
}
