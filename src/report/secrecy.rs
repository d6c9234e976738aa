//! Which quantities of a run give an asked one away: a lesson or quiz question names one field
//! of a run ([`crate::report::field`]'s dot path); until Reveal every quantity of that run from
//! which the answer can be read or computed must read "?", and nothing else.
//!
//! [`ModelRun::determines`] is the one place that knows it, from the model's own relations in
//! its report row ([`super::row::Secrecy`]). It returns a [`Giveaway`]: the
//! report fields that determine the asked one (the field itself, every figure that holds the
//! same value under another name, and the model's own relations: a bound together with the
//! gap or the ratio to it, the two roundings of System 6 whose better one is the optimum, a
//! speed-up that is T_1 over the asked time…), the numbers that give it away wherever a text
//! writes them as a value (the answer, derived ones such as the root's start T* − 1 on a
//! tree sweep's picture, and the values of fields that give it away written side by side),
//! and whether the sweep plots' point at the instance's own parameter is the answer. The views
//! read it back: the numbers by key, texts by value, plots by the flag.

use serde_json::Value;

use super::{ModelRun, Render, registry};
use crate::model::registry::ModelId;

/// The δ_max of each round (where the ring's picture names it beside the round).
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
    /// The values on this run of the fields that give it away (other than `values`): a text
    /// writing one of them as a value gives the answer away as surely as the field's name
    /// (T_P at the end of method P's Gantt bars under a question on T_P/T_Q). Small whole
    /// numbers are left out (every text writes them as counts and rounds), and so are indices.
    pub field_values: Vec<f64>,
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
    // (No allocation: the masks ask this for every figure and hidden key, every frame.)
    listed
        .split('.')
        .zip(key.split('.'))
        .all(|(x, y)| x == y || x == "*")
}

/// The paths `pattern` (one `*` part, standing for a key of the object before it) names in
/// `json`: `bounds.*.value` gives `bounds.Lemma 1.value`, `bounds.Lemma 6.value`, ….
fn rows_of(json: &Value, pattern: &str) -> Vec<String> {
    let Some((head, tail)) = pattern.split_once(".*") else {
        return vec![pattern.to_owned()];
    };
    match super::field(json, head) {
        Some(Value::Object(rows)) => rows.keys().map(|k| format!("{head}.{k}{tail}")).collect(),
        _ => Vec::new(),
    }
}

/// `hidden` and every figure `computed` from one of them, to the end of the chain (the
/// overhead from the additive overhead from Brent's bound from the rounds).
pub fn with_computed(computed: &[(&str, &[&str])], mut hidden: Vec<String>) -> Vec<String> {
    loop {
        let new: Vec<String> = computed
            .iter()
            .filter(|(figure, from)| {
                !hidden.iter().any(|h| h == figure)
                    && from.iter().any(|f| hidden.iter().any(|h| related(h, f)))
            })
            .map(|(figure, _)| (*figure).to_owned())
            .collect();
        if new.is_empty() {
            return hidden;
        }
        hidden.extend(new);
    }
}

/// Whether figure `key` of a run of `model` waits for the last step while the future is
/// hidden: an outcome figure or one computed from it ([`super::row::Secrecy::outcome`]).
pub fn future_hides(model: ModelId) -> impl Fn(&str) -> bool {
    let secrecy = registry::row(model).secrecy;
    let seeds = secrecy.outcome.iter().map(|k| (*k).to_owned()).collect();
    let hidden = with_computed(secrecy.computed, seeds);
    move |key: &str| hidden.iter().any(|h| related(h, key))
}

/// The values on the run of JSON `json` of `fields` (a `*` part: of every row), which give
/// the answer away wherever a text writes them as a value as surely as by their names (a
/// Gantt bar ending at T_P under a question on T_P/T_Q) — but for whole numbers below
/// [`COUNTS_BELOW`], which every text writes as counts, rounds, steps and indices ("round 4"
/// is no phase count), and for indices (`names_a_thing`).
fn of_fields(json: &Value, fields: &[String], names_a_thing: fn(&str) -> bool) -> Vec<f64> {
    let rows = fields.iter().flat_map(|f| rows_of(json, f));
    let rows = rows.filter(|k| !names_a_thing(k));
    let values = rows.filter_map(|k| super::field(json, &k).and_then(Value::as_f64));
    values
        .filter(|x| !(x.fract() == 0.0 && x.abs() < COUNTS_BELOW))
        .collect()
}

/// Whole numbers below this are counts everywhere: a field's value among them is hidden by
/// the field's name only, never by its digits ([`of_fields`]).
const COUNTS_BELOW: f64 = 20.0;

/// Two numbers a reader would take for the same value.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

impl ModelRun {
    /// What gives `field` away on this run (see the module's documentation).
    pub fn determines(&self, field: &str) -> Giveaway {
        let secrecy = registry::row(self.model()).secrecy;
        let json = self.json();
        // An index (the PE a node runs on) names a thing: it is not a value written anywhere.
        let value = super::field(&json, field)
            .and_then(Value::as_f64)
            .filter(|_| !(secrecy.names_a_thing)(field));
        let mut fields = vec![field.to_owned()];
        fields.extend(
            (secrecy.relations)(field, &json)
                .into_iter()
                .map(str::to_owned),
        );
        if let Some(v) = value {
            let equal = self.figures().into_iter().filter(|f| {
                super::field(&json, f.key)
                    .and_then(Value::as_f64)
                    .is_some_and(|x| same(x, v))
            });
            fields.extend(equal.map(|f| f.key.to_owned()));
            for pattern in secrecy.compared {
                let rows = rows_of(&json, pattern).into_iter();
                let equal = rows.filter(|k| {
                    super::field(&json, k)
                        .and_then(Value::as_f64)
                        .is_some_and(|x| same(x, v))
                });
                fields.extend(equal);
            }
        }
        // What is computed from them gives the answer away too (T − Brent with Brent shown).
        let mut fields = with_computed(secrecy.computed, fields);
        let mut seen = std::collections::HashSet::new();
        fields.retain(|f| seen.insert(f.clone()));
        let mut values: Vec<f64> = value.into_iter().collect();
        values.extend(value.into_iter().flat_map(|v| (secrecy.derived)(field, v)));
        // Values written beside each other that give it away (T* = 2077 and T_PY = 4002
        // give T*/T_PY as surely as the ratio itself).
        if value.is_some() {
            let with = (secrecy.written_with)(field).into_iter();
            values.extend(with.filter_map(|f| super::field(&json, f).and_then(Value::as_f64)));
        }
        let mut field_values = match value {
            Some(_) => of_fields(&json, &fields, secrecy.names_a_thing),
            None => Vec::new(),
        };
        field_values.retain(|&x| !values.iter().any(|&v| same(v, x)));
        let mut seen: Vec<f64> = Vec::new();
        field_values.retain(|&x| {
            let new = !seen.iter().any(|&v| same(v, x));
            seen.push(x);
            new
        });
        Giveaway {
            field: field.to_owned(),
            fields,
            values,
            field_values,
            instance_point: (secrecy.plotted)(field),
        }
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

    /// While `model`'s future is hidden, each of `hidden` is hidden and each of `shown` shows.
    fn future_splits(model: ModelId, hidden: &[impl AsRef<str>], shown: &[impl AsRef<str>]) {
        let hides = future_hides(model);
        for k in hidden.iter().map(AsRef::as_ref) {
            assert!(hides(k), "{model:?}: {k} shows while the future is hidden");
        }
        for k in shown.iter().map(AsRef::as_ref) {
            assert!(!hides(k), "{model:?}: {k} is hidden");
        }
    }

    #[test]
    fn the_future_hides_what_is_computed_from_it() {
        // Gil & Matias (2): Brent's bound is n/p + τ, τ the rounds; the additive overhead is
        // T − Brent and the overhead that over ℓ; the balanced ideal sums ⌈w_r/p⌉ over the
        // rounds. With the rounds and T hidden, none of them may show; what the parameters
        // alone give stays.
        future_splits(
            ModelId::Geodecay,
            &[
                "time",
                "rounds",
                "brent",
                "additive_overhead",
                "overhead",
                "ideal_work",
                "overhead_vs_ideal",
            ],
            &["policy", "lg_ell", "lg_n_over_p", "lg_star_ell", "seed"],
        );
        // Gao & Rosenberg, Theorem 2.2: the ring runs the tree in p + max W_i steps or so
        // (T_16 on R_8: 12 879 beside a makespan of 12 878); Theorem 3.2's max(W_i + i) is as
        // near. With the most work hidden, neither bound may show.
        future_splits(
            ModelId::Ksbf,
            &[
                "makespan",
                "max_work",
                "thm22_bound",
                "thm32_bound",
                "thm22_gap",
            ],
            &["n", "p", "ideal", "bound"],
        );
    }

    #[test]
    fn every_model_declares_its_future_in_its_row() {
        // Gao, Rosenberg & Sitaraman: the makespans T* and T_PY end the sweep; their ratio,
        // the exhaustive optimum (= T*) and the top cluster's length follow from them. The
        // tree's height and τ are the instance.
        future_splits(
            ModelId::TreeSweep,
            &[
                "optimal",
                "py",
                "ratio",
                "exhaustive_optimal",
                "top_cluster",
            ],
            &["n", "tau", "nodes"],
        );
        // Li: every method's time is the end of its timeline, and its speed-up and
        // efficiency are β over it; S_∞ and T_∞ are limits of the network alone.
        let of = |fields: &[&str]| -> Vec<String> {
            let rows = ["C", "P", "Q"]
                .iter()
                .flat_map(|m| fields.iter().map(move |f| format!("algorithms.{m}.{f}")));
            rows.collect()
        };
        let mut hidden = of(&["time", "simulated_time", "speedup", "efficiency"]);
        hidden.extend(["ratio_c_over_p".into(), "ratio_p_over_q".into()]);
        let shown = of(&["asymptotic_speedup", "asymptotic_time"]);
        future_splits(ModelId::Divisible, &hidden, &shown);
        // Rings: the makespan and the rounds end the schedule, and the gap and the ratio
        // to the best lower bound are the makespan's; the bound itself and the LP's R₁ are
        // known before the first round.
        future_splits(
            ModelId::Redistribute,
            &[
                "makespan",
                "rounds",
                "gap",
                "makespan_over_bound",
                "lp.tau_integer",
            ],
            &["lower_bound", "lp.r1", "lp.tau"],
        );
    }

    #[test]
    fn computed_figures_follow_their_inputs_to_the_end_of_the_chain() {
        let computed: &[(&str, &[&str])] = &[("c", &["b"]), ("b", &["a"]), ("d", &["x"])];
        let mut h = with_computed(computed, vec!["a".into()]);
        h.sort();
        assert_eq!(h, ["a", "b", "c"]);
    }

    #[test]
    fn a_compared_pattern_names_every_row_of_its_object() {
        let json =
            serde_json::json!({"bounds": {"Lemma 1": {"value": 4.0}, "Lemma 6": {"value": 2.0}}});
        let mut rows = rows_of(&json, "bounds.*.value");
        rows.sort();
        assert_eq!(rows, ["bounds.Lemma 1.value", "bounds.Lemma 6.value"]);
        assert!(rows_of(&json, "rounds.*.value").is_empty());
        assert_eq!(rows_of(&json, "makespan"), ["makespan"]);
    }
}
