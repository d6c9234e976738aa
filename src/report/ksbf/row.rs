//! What the report layer knows of the KS-BF model ([`ModelReport`]): its run, its step
//! positions, its secrecy relations and its maps.

use super::{Parts, check_budget};
use crate::model::Progress;
use crate::model::ksbf::{self, KsbfParams, params};
use crate::model::map::CellResult;
use crate::model::registry::Scenario;
use crate::report::ReportError;
use crate::report::keys::ksbf as k;
use crate::report::keys::within;
use crate::report::map::catalog::{MapMetric, MapParam, defined, invalid, map_param, quotient};
use crate::report::row::{ModelReport, model_parts};

model_parts!(KsbfParams => Ksbf);

impl ModelReport for Parts {
    /// Every step of the recorded trace, then the end.
    fn steps(p: &KsbfParams, progress: &dyn Progress) -> Result<usize, ReportError> {
        let run = Parts::default().build(p, progress)?;
        Ok(run.outcome.trace.as_ref().map_or(1, |t| t.steps.len() + 1))
    }

    /// N/makespan, N/(p·makespan), p·makespan − N and every bound's gap give the makespan; the
    /// least and most work and the work per PE each other.
    fn relations(field: &str, _run: &serde_json::Value) -> Vec<&'static str> {
        match field {
            k::MAKESPAN => vec![
                k::BOUND_GAP,
                k::THM22_GAP,
                k::THM32_GAP,
                k::SPEEDUP,
                k::EFFICIENCY,
                k::IDLE_STEPS,
            ],
            f if f != k::WORK && within(f, k::WORK) => vec![k::WORK, k::MIN_WORK, k::MAX_WORK],
            f if f != k::ASSIGNMENTS && within(f, k::ASSIGNMENTS) => vec![k::ASSIGNMENTS],
            _ => Vec::new(),
        }
    }

    fn plotted(field: &str) -> bool {
        field == k::MAKESPAN || (field != k::WORK && within(field, k::WORK))
    }

    /// The PE a node runs on is an index, not a value written anywhere.
    fn names_a_thing(field: &str) -> bool {
        field.starts_with(&format!("{}.", k::ASSIGNMENTS))
    }

    const OUTCOME: &'static [&'static str] = &super::OUTCOME_KEYS;
    /// Theorems 2.2's and 3.2's bounds add p or i to the most work (12 879 beside a makespan
    /// of 12 878, the most work hidden).
    const COMPUTED: &'static [(&'static str, &'static [&'static str])] = &[
        (k::THM22_BOUND, &[k::MAX_WORK]),
        (k::THM32_BOUND, &[k::MAX_WORK]),
    ];

    const MAP_PARAMS: &'static [MapParam] = &[
        map_param!(Ksbf, spec params::N, |p| p.n, u32),
        map_param!(Ksbf, spec params::P, |p| p.p, u32),
        map_param!(Ksbf, spec params::SPAWN_PROB, |p| p.spawn_prob, f64),
        map_param!(Ksbf, spec params::SEED, |p| p.seed, u64),
    ];
    const MAP_METRICS: &'static [MapMetric] = &[
        MapMetric::field("efficiency", "efficiency W / (p · makespan)", k::EFFICIENCY)
            .symbol("W / (p · makespan)")
            .fast(|s| number(s, k::EFFICIENCY)),
        MapMetric::field("makespan", "steps until the last node runs", k::MAKESPAN)
            .fast(|s| number(s, k::MAKESPAN)),
        MapMetric::field("speedup", "W / makespan", k::SPEEDUP)
            .symbol("W / makespan")
            .fast(|s| number(s, k::SPEEDUP)),
        MapMetric::ratio(
            "makespan_over_ideal",
            "makespan / ⌈W/p⌉-style ideal",
            k::MAKESPAN,
            k::IDEAL,
        )
        .symbol("makespan / ideal")
        .fast(|s| over(s, k::IDEAL)),
        MapMetric::ratio(
            "makespan_over_thm11",
            "makespan / Theorem 1.1's bound",
            k::MAKESPAN,
            k::BOUND,
        )
        .symbol("makespan / Thm 1.1 bound")
        .fast(|s| over(s, k::BOUND)),
        MapMetric::ratio(
            "makespan_over_thm22",
            "makespan / Theorem 2.2's bound (trees)",
            k::MAKESPAN,
            k::THM22_BOUND,
        )
        .symbol("makespan / Thm 2.2 bound")
        .fast(|s| over(s, k::THM22_BOUND)),
        MapMetric::ratio(
            "makespan_over_thm32",
            "makespan / Theorem 3.2's bound (grids)",
            k::MAKESPAN,
            k::THM32_BOUND,
        )
        .symbol("makespan / Thm 3.2 bound")
        .fast(|s| over(s, k::THM32_BOUND)),
    ];

    /// A run at the expected size of a random shape: with its records through the JSON,
    /// without them on the fast path (every metric has one).
    fn map_cost(p: &KsbfParams, fast: bool) -> f64 {
        p.validate().map_or(0.0, |_| {
            params::mean_cost(p, !fast).work / ksbf::BUDGET.work
        })
    }
}

/// The run of a map's cell without its records, the lemma's check or the JSON (the fast
/// path): its makespan, nodes and work from the simulation, its bounds from the theory, each
/// as the run's figures give them; refused as the run is, by its parameters or its budget.
fn aggregate(s: &Scenario) -> Result<(ksbf::Outcome, ksbf::Theory), String> {
    let p = crate::report::row::params::<KsbfParams>(s)
        .map_err(|_| "not a KS-BF scenario".to_string())?;
    let v = p.validate().map_err(invalid)?;
    check_budget(p, &Parts::default()).map_err(|e| e.to_string())?;
    Ok((ksbf::simulate_aggregate(&v), ksbf::theory(&v)))
}

/// `efficiency`, `makespan` or `speedup` of a map's cell on the fast path.
fn number(s: &Scenario, key: &str) -> CellResult {
    let (o, _) = aggregate(s)?;
    let x = match key {
        k::EFFICIENCY => o.efficiency(),
        k::MAKESPAN => o.makespan as f64,
        _ => o.speedup(),
    };
    defined(key, x)
}

/// The makespan over `den` (the ideal N/p or a theorem's bound, `null` in the JSON where it
/// does not apply) on the fast path.
fn over(s: &Scenario, den: &str) -> CellResult {
    let (o, th) = aggregate(s)?;
    let b = &th.bounds;
    let value = match den {
        k::IDEAL => Some(o.ideal()),
        k::BOUND => b.thm11,
        k::THM22_BOUND => b.thm22.map(|x| x as f64),
        _ => b.thm32.map(|x| x as f64),
    };
    quotient(
        o.makespan as f64,
        defined(den, value.unwrap_or(f64::NAN))?,
        den,
    )
}
