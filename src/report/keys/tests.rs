//! Every constant names a field the run's JSON actually holds.

use serde_json::Value;

use super::*;
use crate::model::NoProgress;
use crate::model::ksbf::Shape;
use crate::model::redistribute::params::Algorithm;
use crate::model::registry::{ModelId, ModelParams, Scenario};
use crate::report::row::ModelParts;
use crate::report::{self, Render};

/// Whether the JSON holds `path` (dot parts; a numeric part indexes a list, `*` matches any
/// one element or member).
fn present(v: &Value, path: &str) -> bool {
    let Some((head, rest)) = path
        .split_once('.')
        .map_or(Some((path, None)), |(h, r)| Some((h, Some(r))))
    else {
        return false;
    };
    let children: Vec<&Value> = match (head, v) {
        ("*", Value::Array(a)) => a.iter().collect(),
        ("*", Value::Object(o)) => o.values().collect(),
        (h, Value::Array(a)) => h
            .parse::<usize>()
            .ok()
            .and_then(|i| a.get(i))
            .into_iter()
            .collect(),
        (h, Value::Object(o)) => o.get(h).into_iter().collect(),
        _ => Vec::new(),
    };
    children
        .into_iter()
        .any(|c| rest.is_none_or(|r| present(c, r)))
}

/// The summary JSON of `model`'s default scenario changed by `edit`.
fn run(model: ModelId, edit: impl FnOnce(&mut Scenario)) -> Value {
    let mut s = model.default_scenario();
    edit(&mut s);
    report::json(&s, &NoProgress).unwrap()
}

/// The run of the default scenario of `P`'s model with the parts `choose` sets on (every
/// part off but those).
fn with_parts<P: ModelParts>(choose: impl FnOnce(&mut P)) -> report::ModelRun {
    let s = <P::Params as ModelParams>::MODEL.default_scenario();
    let mut parts = P::default();
    choose(&mut parts);
    parts
        .run(report::row::params(&s).unwrap(), &NoProgress)
        .unwrap()
}

/// Asserts that `json` holds every one of `keys` (naming the missing ones, `what: key`).
fn check(what: &str, json: &Value, keys: &[&str]) {
    let missing: Vec<String> = keys
        .iter()
        .filter(|k| !present(json, k))
        .map(|k| format!("{what}: {k}"))
        .collect();
    assert!(missing.is_empty(), "not in the JSON: {missing:#?}");
}

#[test]
fn every_divisible_key_names_a_field_of_the_runs_json() {
    use divisible as d;
    let div = run(ModelId::Divisible, |_| {});
    check(
        "divisible",
        &div,
        &[d::RATIO_C_OVER_P, d::RATIO_P_OVER_Q, d::ALGORITHMS],
    );
    for figures in [&d::C_FIGURES[..], &d::P_FIGURES, &d::Q_FIGURES] {
        check("divisible", &div, figures);
    }
    let (_, p_appendix) = d::P_FIGURES[5].rsplit_once('.').unwrap();
    assert_eq!(
        p_appendix, "asymptotic_time",
        "P and Q have no appendix time"
    );
    assert!(!present(&div, "algorithms.P.appendix_time"));
}

#[test]
fn every_geodecay_and_treesweep_key_names_a_field_of_the_runs_json() {
    use geodecay as g;
    let traced = with_parts(|p: &mut report::geodecay::Parts| p.trace = true);
    check(
        "geodecay",
        &traced.json(),
        &[
            g::TIME,
            g::OVERHEAD,
            g::OVERHEAD_VS_IDEAL,
            g::ADDITIVE_OVERHEAD,
            g::BALANCINGS,
            g::BALANCINGS_INIT,
            g::BALANCINGS_PHASES,
            g::LG_N_OVER_P,
            g::STANDARD_BALANCINGS_ESTIMATE,
            g::PHASES,
            g::LG_STAR_ELL,
            g::LG_ELL,
        ],
    );
    use treesweep as t;
    check(
        "treesweep",
        &run(ModelId::TreeSweep, |_| {}),
        &[
            t::OPTIMAL,
            t::PY,
            t::RATIO,
            t::EXHAUSTIVE_OPTIMAL,
            t::TOP_CLUSTER,
            t::ONE_PROCESSOR,
            t::PROCESSOR_PER_NODE,
        ],
    );
}

#[test]
fn every_ksbf_key_names_a_field_of_the_runs_json() {
    use ksbf as k;
    let tree = with_parts(|p: &mut report::ksbf::Parts| p.assignments = true).json();
    check(
        "ksbf",
        &tree,
        &[
            k::MAKESPAN,
            k::SPEEDUP,
            k::EFFICIENCY,
            k::IDLE_STEPS,
            k::IDEAL,
            k::BOUND,
            k::BOUND_GAP,
            k::THM22_BOUND,
            k::THM22_GAP,
            k::WORK,
            "work.0",
            k::MIN_WORK,
            k::MAX_WORK,
            k::ASSIGNMENTS,
            "assignments.0.pe",
        ],
    );
    let grid = run(ModelId::Ksbf, |s| {
        if let Scenario::Ksbf(p) = s {
            p.shape = Shape::Grid;
        }
    });
    check("ksbf grid", &grid, &[k::THM32_BOUND, k::THM32_GAP]);
}

#[test]
fn every_redistribute_key_names_a_field_of_the_runs_json() {
    use redistribute as r;
    let ring = with_parts(|p: &mut report::redistribute::Parts| p.schedule = true);
    check(
        "redistribute",
        &ring.json(),
        &[
            r::MAKESPAN,
            r::ROUNDS,
            r::LOWER_BOUND,
            r::GAP,
            r::MAKESPAN_OVER_BOUND,
            r::BOUNDS,
            "bounds.*.value",
            r::DELTA_MAX,
        ],
    );
    // A table path: the `bounds` table's `gap` column.
    let (table, column) = r::BOUNDS_GAP.split_once(".*.").unwrap();
    let doc = ring.report();
    let bounds = match doc.section(table).map(|s| &s.content) {
        Some(report::Content::Table(t)) => Some(t),
        _ => None,
    };
    assert!(
        bounds.is_some_and(|t| t.header.iter().any(|h| h.split(' ').next() == Some(column))),
        "{}",
        r::BOUNDS_GAP
    );
    let lp = run(ModelId::Redistribute, |s| {
        if let Scenario::Redistribute(p) = s {
            p.algorithm = Algorithm::Lp;
        }
    });
    check(
        "redistribute lp",
        &lp,
        &[r::LP_TAU_FLOOR, r::LP_TAU_CEIL, r::LP_TAU_INTEGER],
    );
}

#[test]
fn within_is_the_field_or_a_part_of_it() {
    assert!(within("work", "work"));
    assert!(within("work.3", "work"));
    assert!(!within("workload", "work"));
    assert!(!within("wor", "work"));
}

#[test]
fn present_follows_lists_members_and_stars() {
    let v = serde_json::json!({"a": [{"b": 1}, {"c": 2}], "m": {"x y": {"g": 0}}});
    assert!(present(&v, "a.1.c"));
    assert!(!present(&v, "a.0.c"));
    assert!(present(&v, "a.*.c"));
    assert!(present(&v, "m.*.g"));
    assert!(present(&v, "m.x y.g"));
    assert!(!present(&v, "m.*.h"));
    assert!(!present(&v, "a.2"));
}
