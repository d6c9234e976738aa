//! What the report layer knows of the geometric-decaying model ([`ModelReport`]): its run,
//! its step positions, its secrecy relations and its maps.

use super::Parts;
use crate::model::Progress;
use crate::model::geodecay::{GeoParams, Policy, params};
use crate::model::registry::Scenario;
use crate::report::ReportError;
use crate::report::keys::geodecay as g;
use crate::report::map::catalog::{MapMetric, MapParam, map_param};
use crate::report::row::{ModelReport, model_parts};

model_parts!(GeoParams => Geodecay);

/// The map metric `name` (described by `help`): the field `path` of the runs of the given
/// policies, in order (two: a ratio's numerator and denominator, with `.divided()`).
macro_rules! of_policies {
    ($name:literal, $help:literal, $path:expr, [$($policy:ident),+]) => {
        MapMetric::tweaked($name, $help, &[$(|s| policy(s, Policy::$policy)),+], $path)
    };
}

impl ModelReport for Parts {
    /// Every round of the selected policy's trace, then the end.
    fn steps(p: &GeoParams, progress: &dyn Progress) -> Result<usize, ReportError> {
        let traced = Parts {
            trace: true,
            ..Default::default()
        };
        Ok(traced.build(p, progress)?.selected.trace.len() + 1)
    }

    /// The standard policy balances lg(n/(c·p))/α times (on another policy's run lg(n/p)
    /// says nothing of its count: the improved policy balanced 5 times against lg(n/p) = 14);
    /// the improved one in its initialisation phase and in its phases.
    fn relations(field: &str, run: &serde_json::Value) -> Vec<&'static str> {
        let standard =
            run.get("policy").and_then(serde_json::Value::as_str) == Some(Policy::Standard.name());
        match field {
            g::BALANCINGS if standard => vec![
                g::BALANCINGS_INIT,
                g::BALANCINGS_PHASES,
                g::LG_N_OVER_P,
                g::STANDARD_BALANCINGS_ESTIMATE,
                g::PHASES,
            ],
            g::BALANCINGS => vec![g::BALANCINGS_INIT, g::BALANCINGS_PHASES, g::PHASES],
            g::LG_STAR_ELL => vec![g::BALANCINGS_PHASES, g::PHASES],
            _ => Vec::new(),
        }
    }

    fn plotted(field: &str) -> bool {
        field == g::BALANCINGS
    }

    const OUTCOME: &'static [&'static str] = &[
        g::TIME,
        g::ROUNDS,
        g::BALANCINGS,
        g::BALANCINGS_INIT,
        g::BALANCINGS_PHASES,
    ];
    /// Brent's bound counts the rounds; the balanced ideal sums over them; the overheads
    /// subtract either from the time.
    const COMPUTED: &'static [(&'static str, &'static [&'static str])] = &[
        (g::BRENT, &[g::ROUNDS]),
        (g::IDEAL_WORK, &[g::ROUNDS]),
        (g::ADDITIVE_OVERHEAD, &[g::TIME, g::BRENT]),
        (g::OVERHEAD, &[g::ADDITIVE_OVERHEAD]),
        (g::OVERHEAD_VS_IDEAL, &[g::TIME, g::IDEAL_WORK]),
    ];

    const MAP_PARAMS: &'static [MapParam] = &[
        map_param!(Geodecay, spec params::ELL, |p| p.ell, f64),
        map_param!(Geodecay, spec params::P, |p| p.p, u64),
        map_param!(Geodecay, spec params::N, |p| p.n, u64),
        map_param!(Geodecay, spec params::ALPHA, |p| p.alpha, f64),
        map_param!(Geodecay, spec params::C, |p| p.c, f64),
        map_param!(Geodecay, spec params::EVERY, |p| p.every, u64),
    ];
    const MAP_METRICS: &'static [MapMetric] = &[
        of_policies!(
            "standard_over_improved",
            "time of the standard policy / time of the improved policy",
            g::TIME,
            [Standard, Improved]
        )
        .symbol("T_standard / T_improved")
        .divided(),
        of_policies!(
            "never_over_improved",
            "time of never balancing / time of the improved policy",
            g::TIME,
            [Never, Improved]
        )
        .symbol("T_never / T_improved")
        .divided(),
        of_policies!(
            "improved_over_optimal",
            "time of the improved policy / time of the optimal policy (gm-best-possible)",
            g::TIME,
            [Improved, Optimal]
        )
        .symbol("T_improved / T_optimal")
        .divided(),
        MapMetric::field("time", "running time of the chosen policy", g::TIME).symbol("T"),
        MapMetric::field(
            "overhead",
            "overhead (T − Brent)/ℓ (chosen policy)",
            g::OVERHEAD,
        )
        .symbol("(T − Brent)/ℓ"),
        MapMetric::field(
            "overhead_vs_ideal",
            "overhead beyond the balanced ideal (T − ideal)/ℓ (chosen policy)",
            g::OVERHEAD_VS_IDEAL,
        )
        .symbol("(T − ideal)/ℓ"),
        MapMetric::field(
            "additive_overhead",
            "time − Brent's bound (chosen policy)",
            g::ADDITIVE_OVERHEAD,
        )
        .symbol("T − Brent"),
        MapMetric::field(
            "balancings",
            "balancings of the chosen policy",
            g::BALANCINGS,
        ),
        of_policies!(
            "balancings_standard",
            "balancings of the standard policy",
            g::BALANCINGS,
            [Standard]
        )
        .symbol("balancings, standard"),
        of_policies!(
            "balancings_improved",
            "balancings of the improved policy",
            g::BALANCINGS,
            [Improved]
        )
        .symbol("balancings, improved"),
    ];

    /// The optimal policy's programme too, when the run plans it.
    fn map_cost(p: &GeoParams, _: bool) -> f64 {
        p.validate().map_or(0.0, |_| {
            let cost = params::cost(p) + params::optimal_cost(p);
            cost.work / params::BUDGET.work
        })
    }
}

/// Sets the scenario's policy.
fn policy(s: &mut Scenario, policy: Policy) {
    if let Scenario::Geodecay(p) = s {
        p.policy = policy;
    }
}
