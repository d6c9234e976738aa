//! Which quantities of a run give an asked one away: a lesson or quiz question names one field
//! of a run ([`crate::report::field`]'s dot path); until Reveal every quantity of that run from
//! which the answer can be read or computed must read "?", and nothing else.
//!
//! [`ModelRun::determines`] is the one place that knows it. It returns a [`Giveaway`]: the
//! report fields that determine the asked one (the field itself, every figure that holds the
//! same value under another name, and the model's own relations: a bound together with the
//! gap or the ratio to it, the two roundings of System 6 whose better one is the optimum, a
//! speed-up that is T_1 over the asked time…), the numbers that give it away wherever a text
//! writes them as a value (the answer, and derived ones such as the root's start T* − 1 on a
//! tree sweep's picture), and whether the sweep plots' point at the instance's own parameter
//! is the answer. The views read it back: the numbers by key, texts by value, plots by the
//! flag.

use serde_json::Value;

use super::keys::{
    divisible as d, geodecay as g, ksbf as k, redistribute as r, treesweep as t, within,
};
use super::{ModelRun, Render};

pub use super::keys::redistribute::DELTA_MAX;

/// What gives an asked field away on one run.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Giveaway {
    /// The asked field (a dot path of the run's JSON).
    pub field: String,
    /// The report fields that determine it on this run, the asked one first: figure keys and
    /// table paths (`bounds.*.gap`: the gap column of every bound).
    pub fields: Vec<String>,
    /// The numbers that give it away wherever a text writes them as a value, the asked
    /// value first (empty for a non-numeric answer).
    pub values: Vec<f64>,
    /// Whether the sweep plots' point at the instance's own parameter is (or computes) the
    /// answer.
    pub instance_point: bool,
}

impl Giveaway {
    /// Whether the figure, table column or field `key` is one that gives the answer away.
    /// A `*` part of a listed path matches any one part of `key` (`bounds.*.gap` hides
    /// `bounds.Lemma 1.gap`); a listed path also hides its parents and its children.
    pub fn hides(&self, key: &str) -> bool {
        self.fields.iter().any(|f| related(f, key))
    }
}

/// Whether `listed` and `key` name the same field, or one holds the other.
fn related(listed: &str, key: &str) -> bool {
    let a: Vec<&str> = listed.split('.').collect();
    let b: Vec<&str> = key.split('.').collect();
    a.iter().zip(&b).all(|(x, y)| x == y || *x == "*")
}

/// Two numbers a reader would take for the same value.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

impl ModelRun {
    /// What gives `field` away on this run (see the module's documentation).
    pub fn determines(&self, field: &str) -> Giveaway {
        let json = self.json();
        // An index (the PE a node runs on) names a thing: it is not a value written anywhere.
        let index =
            matches!(self, ModelRun::Ksbf(_)) && field.starts_with(&format!("{}.", k::ASSIGNMENTS));
        let value = super::field(&json, field)
            .and_then(Value::as_f64)
            .filter(|_| !index);
        let mut fields = vec![field.to_owned()];
        fields.extend(self.relations(field).into_iter().map(str::to_owned));
        if let Some(v) = value {
            let equal = self.figures().into_iter().filter(|f| {
                super::field(&json, f.key)
                    .and_then(Value::as_f64)
                    .is_some_and(|x| same(x, v))
            });
            fields.extend(equal.map(|f| f.key.to_owned()));
        }
        let mut seen = std::collections::HashSet::new();
        fields.retain(|f| seen.insert(f.clone()));
        let mut values: Vec<f64> = value.into_iter().collect();
        values.extend(
            value
                .into_iter()
                .flat_map(|v| self.derived_values(field, v)),
        );
        Giveaway {
            field: field.to_owned(),
            fields,
            values,
            instance_point: self.plotted(field),
        }
    }

    /// The model's own relations: the fields that, shown, let a reader compute `field`.
    fn relations(&self, field: &str) -> Vec<&'static str> {
        match self {
            ModelRun::Redistribute(_) => redistribute_relations(field),
            ModelRun::TreeSweep(_) => match field {
                // T* is the root's finish on processor 0, which runs its top cluster one node
                // per unit; T*/T_PY with T_PY shown gives it.
                t::OPTIMAL => vec![t::RATIO, t::EXHAUSTIVE_OPTIMAL, t::TOP_CLUSTER],
                t::PY => vec![t::RATIO],
                t::RATIO => vec![t::OPTIMAL, t::PY, t::EXHAUSTIVE_OPTIMAL],
                _ => Vec::new(),
            },
            ModelRun::Divisible(_) => divisible_relations(field),
            ModelRun::Geodecay(_) => match field {
                // The standard policy balances lg(n/(c·p))/α times; the improved one in its
                // initialisation phase and in its phases.
                g::BALANCINGS => vec![
                    g::BALANCINGS_INIT,
                    g::BALANCINGS_PHASES,
                    g::LG_N_OVER_P,
                    g::STANDARD_BALANCINGS_ESTIMATE,
                    g::PHASES,
                ],
                g::LG_STAR_ELL => vec![g::BALANCINGS_PHASES, g::PHASES],
                _ => Vec::new(),
            },
            ModelRun::Ksbf(_) => match field {
                // N/makespan, N/(p·makespan), p·makespan − N and every bound's gap.
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
            },
        }
    }

    /// Numbers other than the answer `v` that give it away where a picture writes them.
    fn derived_values(&self, field: &str, v: f64) -> Vec<f64> {
        match (self, field) {
            // The root runs last, from T − 1 to T: its start on the tree and on the timeline.
            (ModelRun::TreeSweep(_), t::OPTIMAL | t::PY) => vec![v - 1.0],
            _ => Vec::new(),
        }
    }

    /// Whether the model's sweep plots draw `field` (or what computes it) at the instance's
    /// own parameter.
    fn plotted(&self, field: &str) -> bool {
        match self {
            ModelRun::TreeSweep(_) => matches!(field, t::OPTIMAL | t::PY | t::RATIO),
            ModelRun::Divisible(_) => {
                (field != d::ALGORITHMS && within(field, d::ALGORITHMS))
                    || matches!(field, d::RATIO_C_OVER_P | d::RATIO_P_OVER_Q)
            }
            ModelRun::Ksbf(_) => {
                field == k::MAKESPAN || (field != k::WORK && within(field, k::WORK))
            }
            ModelRun::Redistribute(_) => matches!(field, r::MAKESPAN | r::ROUNDS),
            ModelRun::Geodecay(_) => field == g::BALANCINGS,
        }
    }
}

/// Redistribution: the makespan, the rounds (c per round on a homogeneous ring) and the
/// lower bounds are tied by the gap and the ratio; System 6's integer optimum is the better
/// of τ(⌊R₁⌋) and τ(⌈R₁⌉) (Proposition 1).
fn redistribute_relations(field: &str) -> Vec<&'static str> {
    let tied = [r::GAP, r::MAKESPAN_OVER_BOUND, r::BOUNDS_GAP];
    match field {
        r::MAKESPAN | r::ROUNDS => {
            // (R₁'s integer value only says which rounding is optimal; the makespan is τ
            // of it, which the student is asked to work out: it stays, as the Why line
            // writes it.)
            let mut v = vec![r::MAKESPAN, r::ROUNDS, r::LP_TAU_FLOOR, r::LP_TAU_CEIL];
            v.push(r::LP_TAU_INTEGER);
            v.push(DELTA_MAX);
            v.extend(tied);
            v
        }
        f if f == r::LOWER_BOUND || f.starts_with(&format!("{}.", r::BOUNDS)) => {
            let mut v = vec![r::LOWER_BOUND, DELTA_MAX];
            v.extend(tied);
            v
        }
        _ => Vec::new(),
    }
}

/// Divisible load: a method's time, speed-up and efficiency are one number (its figures,
/// [`d::C_FIGURES`]); a ratio of two methods' times is given by the numerator's figures once
/// the denominator's are shown.
fn divisible_relations(field: &str) -> Vec<&'static str> {
    let method = |f: &str| {
        f.strip_prefix(d::ALGORITHMS)
            .and_then(|r| r.strip_prefix('.'))
            .and_then(|r| r.split('.').next())
            .map(str::to_owned)
    };
    match field {
        d::RATIO_C_OVER_P => d::C_FIGURES.to_vec(),
        d::RATIO_P_OVER_Q => d::P_FIGURES.to_vec(),
        f => match method(f).as_deref() {
            Some("C") => [&d::C_FIGURES[..], &[d::RATIO_C_OVER_P]].concat(),
            Some("P") => [&d::P_FIGURES[..], &[d::RATIO_C_OVER_P, d::RATIO_P_OVER_Q]].concat(),
            Some("Q") => [&d::Q_FIGURES[..], &[d::RATIO_P_OVER_Q]].concat(),
            _ => Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listed_path_hides_itself_its_parents_and_children_and_stars_match_one_part() {
        let g = Giveaway {
            fields: vec!["bounds.*.gap".into(), "makespan".into()],
            ..Giveaway::default()
        };
        assert!(g.hides("bounds.Lemma 1.gap"));
        assert!(g.hides("bounds"));
        assert!(g.hides("makespan"));
        assert!(!g.hides("bounds.Lemma 1.value"));
        assert!(!g.hides("makespan_over_bound"));
        assert!(!g.hides("lower_bound"));
    }
}
