//! What a model's maps sweep and show, as each model's report row declares it
//! ([`MapCatalogue`]): its parameters ([`MapParam`], built from the model's parameter
//! descriptors by `map_param!`) and its metrics ([`MapMetric`]:
//! one JSON field, the ratio of two, or a field of a run with one setting changed, each with an
//! optional fast path), with the helpers the fast paths share.
//!
//! Layer: under the map and beside the models' report modules (it imports neither), so that a
//! model's module holds its own catalogue and the map reads it through the model's row.

use crate::model::ParamError;
use crate::model::map::CellResult;
use crate::model::registry::Scenario;

/// What a model's maps sweep and show, and what a cell costs.
#[derive(Clone, Copy)]
pub struct MapCatalogue {
    /// The parameters a map can sweep.
    pub params: &'static [MapParam],
    /// The metrics a map can show (the first is the default).
    pub metrics: &'static [MapMetric],
    /// A run's estimated share of the model's work budget (0 when the parameters are
    /// invalid: the cell fails at once); `fast`: whether the metric has a fast path.
    pub cost: fn(&Scenario, fast: bool) -> f64,
}

/// A parameter a map can sweep.
#[derive(Clone, Copy)]
pub struct MapParam {
    /// The model subcommand's flag without dashes (`h`, `beta`, `max_delta`).
    pub name: &'static str,
    /// The paper's symbol (`β`, `τ`, `ℓ`), or the slider's short caption where the paper has
    /// none: the heat map's axis titles and read-outs write it, as the plots do.
    pub symbol: &'static str,
    /// What it is, in the paper's notation.
    pub help: &'static str,
    /// Whether values are rounded to integers.
    pub integer: bool,
    /// A sensible default range for the GUI (lo, hi, log).
    pub default: (f64, f64, bool),
    /// Every value the parameter may take (its descriptor's range).
    pub range: (f64, f64),
    get: fn(&Scenario) -> f64,
    set: fn(&mut Scenario, f64),
}

impl MapParam {
    /// The parameter as its axis is titled, with the flag `loadlab map` names it by where
    /// the title does not start with it ("β (beta)"; "h", "n (random)"): what the map's axis
    /// combos write.
    pub fn caption(&self) -> String {
        let named = self.symbol == self.name
            || self
                .symbol
                .strip_prefix(self.name)
                .is_some_and(|rest| rest.starts_with(' '));
        match named {
            true => self.symbol.to_owned(),
            false => format!("{} ({})", self.symbol, self.name),
        }
    }

    /// The parameter described by `spec` (its name, symbol, help, integer flag and rail), read and
    /// written by `get` and `set`.
    pub const fn new(
        spec: &crate::model::param::ParamSpec,
        get: fn(&Scenario) -> f64,
        set: fn(&mut Scenario, f64),
    ) -> MapParam {
        MapParam {
            name: spec.field,
            symbol: spec.symbol,
            help: spec.name,
            integer: spec.integer,
            default: (
                spec.rail.0,
                spec.rail.1,
                matches!(spec.spread, crate::model::param::Spread::Log),
            ),
            range: spec.range,
            get,
            set,
        }
    }

    /// The parameter's value in a scenario of its model.
    pub fn get(&self, s: &Scenario) -> f64 {
        (self.get)(s)
    }

    /// Sets the parameter in a scenario of its model (integers are rounded; values outside
    /// the field's type saturate, and the model's validation then names the problem).
    pub fn set(&self, s: &mut Scenario, v: f64) {
        (self.set)(s, if self.integer { v.round() } else { v })
    }
}

/// A [`MapParam`] of the model whose scenario variant is `$variant`, described by `$spec`:
/// `map_param!(Divisible, spec params::H, |p| p.h, i64)`.
macro_rules! map_param {
    ($variant:ident, spec $spec:expr, |$p:ident| $field:expr, $ty:ty) => {
        $crate::report::map::catalog::MapParam::new(
            &$spec,
            |s| match s {
                $crate::model::registry::Scenario::$variant($p) => $field as f64,
                _ => f64::NAN,
            },
            |s, v| {
                if let $crate::model::registry::Scenario::$variant($p) = s {
                    $field = v as $ty;
                }
            },
        )
    };
}
pub(crate) use map_param;

/// Changes one setting of a scenario before a run (the policy, the algorithm), or none.
pub type Tweak = fn(&mut Scenario);

/// A metric's value on one scenario (one ring for redistribution), computed directly.
pub type Fast = fn(&Scenario) -> CellResult;

/// A number a map can show: one field of the run's JSON, or the ratio of two.
#[derive(Clone, Copy)]
pub struct MapMetric {
    /// Name (the CLI's `--metric`).
    pub name: &'static str,
    /// As the paper writes it ("T_C / T_P", "S_N, C"), or in short words where it has no
    /// formula ("top cluster size"); `None` where the name is a word of the paper's own
    /// ("makespan"). The map's read-outs write it ([`MapMetric::written`]).
    symbol: Option<&'static str>,
    /// What it is.
    pub help: &'static str,
    /// A ratio: coloured on a diverging scale around 1, contoured at ½, 1 and 2.
    pub ratio: bool,
    /// The runs it reads (most metrics: one run of the scenario as it is).
    pub(super) runs: &'static [Tweak],
    /// Run index and dot path of the numerator (or the value).
    pub(super) num: (usize, &'static str),
    /// Run index and dot path of the denominator.
    pub(super) den: Option<(usize, &'static str)>,
    /// The same value as the JSON path's, computed without the parts of the run the metric
    /// does not read; `None`: read from the JSON.
    pub(super) fast: Option<Fast>,
}

fn keep(_: &mut Scenario) {}

impl MapMetric {
    /// One field of the run's JSON.
    pub const fn field(name: &'static str, help: &'static str, path: &'static str) -> MapMetric {
        MapMetric::tweaked(name, help, &[keep], path)
    }

    /// A field of a run with one setting changed.
    pub const fn tweaked(
        name: &'static str,
        help: &'static str,
        runs: &'static [Tweak],
        path: &'static str,
    ) -> MapMetric {
        MapMetric {
            name,
            symbol: None,
            help,
            ratio: false,
            runs,
            num: (0, path),
            den: None,
            fast: None,
        }
    }

    /// The ratio of two fields of one run.
    pub const fn ratio(
        name: &'static str,
        help: &'static str,
        num: &'static str,
        den: &'static str,
    ) -> MapMetric {
        MapMetric {
            ratio: true,
            den: Some((0, den)),
            ..MapMetric::field(name, help, num)
        }
    }

    /// A field of the run's JSON that is itself a ratio.
    pub const fn ratio_field(
        name: &'static str,
        help: &'static str,
        path: &'static str,
    ) -> MapMetric {
        MapMetric {
            ratio: true,
            ..MapMetric::field(name, help, path)
        }
    }

    /// The field of the first run over the same field of the second (two runs that differ in
    /// one setting).
    pub const fn divided(self) -> MapMetric {
        MapMetric {
            ratio: true,
            den: Some((1, self.num.1)),
            ..self
        }
    }

    /// This metric as the paper writes it (else it is written by its name).
    pub const fn symbol(self, symbol: &'static str) -> MapMetric {
        MapMetric {
            symbol: Some(symbol),
            ..self
        }
    }

    /// The metric as the map's read-outs, status line and colour bar write it: its symbol,
    /// else its name.
    pub fn written(&self) -> &'static str {
        self.symbol.unwrap_or(self.name)
    }

    /// What it is, in words, less a leading "symbol: " that [`MapMetric::written`] already
    /// writes beside it ("how much faster pipelining is" of "T_C / T_P: how much faster
    /// pipelining is").
    pub fn words(&self) -> &'static str {
        self.help
            .strip_prefix(self.written())
            .and_then(|rest| rest.strip_prefix(": "))
            .unwrap_or(self.help)
    }

    /// This metric with a fast path.
    pub const fn fast(self, f: Fast) -> MapMetric {
        MapMetric {
            fast: Some(f),
            ..self
        }
    }

    /// Whether the metric has a fast path.
    pub fn has_fast_path(&self) -> bool {
        self.fast.is_some()
    }
}

impl std::fmt::Debug for MapMetric {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl std::fmt::Debug for MapParam {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Work of one tree-sweep summary (Fine-Grain's solution with its exact processor counts,
/// P.Y, the baselines) per n², in the model's height steps: measured (release build, 2 cores
/// under a load of about 3), 64 × 64 cells with n = 2 … 200 took 4.2 s, about 8 s of CPU for
/// Σ n² ≈ 5.5·10^7, i.e. about 1.5·10^−7 s per n², 150 of the budget's 1 ns height steps.
/// Every tree-sweep metric now has a fast path without the processor counts (the same map
/// in 278 ms at a load of about 5), estimated with [`TREE_FAST_WEIGHT`] instead.
pub const TREE_SOLVE_WEIGHT: f64 = 150.0;

/// Work of a tree-sweep metric's fast path (Fine-Grain's pass without the processor counts,
/// and P.Y's recurrence) per n², in the same height steps: measured (release build, one
/// thread, load average about 7 on the 2 cores), the 64 × 64 cells with n = 2 … 200 and
/// τ = 2 … 10^6 took 0.81 s for Σ n² ≈ 5.6·10^7, about 14.5 ns per n². Every tree-sweep
/// metric has this fast path; [`TREE_SOLVE_WEIGHT`] stays for a metric read from the JSON.
pub const TREE_FAST_WEIGHT: f64 = 15.0;

/// A model's parameter error as the JSON path words it (`field: message`).
pub fn invalid(e: ParamError) -> String {
    format!("{}: {}", e.field, e.message)
}

/// A number of a run as its JSON holds it: a non-finite value is `null` there, i.e. `path` is
/// not defined at these parameters.
pub fn defined(path: &str, x: f64) -> CellResult {
    if x.is_finite() {
        Ok(x)
    } else {
        Err(format!("{path} is not defined at these parameters"))
    }
}

/// `num / den` as a ratio metric reads it: 0/0 counts 1, `den_path` = 0 fails otherwise.
pub fn quotient(num: f64, den: f64, den_path: &str) -> CellResult {
    if den == 0.0 && num == 0.0 {
        Ok(1.0)
    } else if den == 0.0 {
        Err(format!("{den_path} is 0"))
    } else {
        Ok(num / den)
    }
}
