//! The registry of models: [`ModelId`] names each model once, [`MODELS`] holds one row per
//! model (its command name, title, paper and parameter descriptors), and [`Scenario`] holds one
//! model's parameters (the variants are the models; presets store it as RON).
//!
//! Adding a model means adding its module under `src/model` (its parameters implement
//! `Default` and [`Checks`]) and one entry in the `models!` list here: its variant, its
//! parameters' type and its row, which names its findings' data file in `errata/` (the report
//! layer's `report::registry` adds the row that builds its report).

use serde::{Deserialize, Serialize};

use super::divisible::{self, DivisibleParams};
use super::geodecay::{self, GeoParams};
use super::ksbf::{self, KsbfParams};
use super::param::ParamSpec;
use super::redistribute::{self, params::RedistParams};
use super::treesweep::{self, TreeSweepParams};
use super::{Checks, ParamError};

/// Declares the models from one list. Each entry is a model's doc, its variant name, its
/// parameters' type and its row of [`MODELS`]; the list gives [`ModelId`] and [`Scenario`]
/// (one variant each, in the list's order), [`MODELS`], the dispatch between them and the
/// [`ModelParams`] impls, so that a model is registered in one place.
macro_rules! models {
    ($(
        $(#[$doc:meta])*
        $variant:ident($params:ty) { $($field:ident: $value:expr,)+ }
    )+) => {
        /// The models, in the rail's order.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum ModelId {
            $($(#[$doc])* $variant,)+
        }

        /// One model's parameters: the models are the variants (presets store it by variant
        /// name).
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        pub enum Scenario {
            $($(#[$doc])* $variant($params),)+
        }

        /// One row per model, in [`ModelId`] order (`MODELS[m.index()].id == m`).
        pub static MODELS: [ModelInfo; ModelId::ALL.len()] = [
            $(ModelInfo { id: ModelId::$variant, $($field: $value,)+ },)+
        ];

        impl ModelId {
            /// Every model, in rail order (`ALL[m.index()] == m`).
            pub const ALL: [ModelId; [$(stringify!($variant)),+].len()] = [$(ModelId::$variant),+];

            /// The model's default scenario.
            pub fn default_scenario(self) -> Scenario {
                match self {
                    $(ModelId::$variant => Scenario::$variant(<$params>::default()),)+
                }
            }
        }

        impl Scenario {
            /// The model this scenario belongs to.
            pub fn model(&self) -> ModelId {
                match self {
                    $(Scenario::$variant(_) => ModelId::$variant,)+
                }
            }

            /// The first problem the model's [`Checks`] find in the parameters.
            fn checked(&self) -> Result<(), ParamError> {
                match self {
                    $(Scenario::$variant(p) => p.check(),)+
                }
            }
        }

        $(
            impl ModelParams for $params {
                const MODEL: ModelId = ModelId::$variant;
                fn into_scenario(self) -> Scenario {
                    Scenario::$variant(self)
                }
                fn of(s: &Scenario) -> Option<&Self> {
                    match s {
                        Scenario::$variant(p) => Some(p),
                        _ => None,
                    }
                }
                fn of_mut(s: &mut Scenario) -> Option<&mut Self> {
                    match s {
                        Scenario::$variant(p) => Some(p),
                        _ => None,
                    }
                }
            }
        )+
    };
}

/// What the code outside a model needs to know of it, in one row.
#[derive(Debug, Clone, Copy)]
pub struct ModelInfo {
    /// The model.
    pub id: ModelId,
    /// Short name: the CLI subcommand, file prefixes, JSON `model` fields.
    pub name: &'static str,
    /// The rail's name, on two lines (`'\n'` between them).
    pub title: &'static str,
    /// The rail's hover: the paper's authors and what the model compares.
    pub summary: &'static str,
    /// The paper, short (authors, venue, year).
    pub paper: &'static str,
    /// The descriptors of the model's parameters ([`super::param`]).
    pub params: &'static [ParamSpec],
    /// What loadlab found in the paper: the model's data file in `errata/` (read there).
    pub errata: &'static str,
}

models! {
    /// Li's divisible load on trees and pyramids.
    Divisible(DivisibleParams) {
        name: "divisible",
        title: "Divisible load\non trees & pyramids",
        summary: "Li (2011): classic method C vs pipelined P and Q on complete b-ary trees and pyramids",
        paper: "Li, IEEE TAES 47(1), 2011",
        params: divisible::params::PARAMS,
        errata: include_str!("errata/li.txt"),
    }
    /// Gil & Matias: when to load-balance geometric-decaying algorithms.
    Geodecay(GeoParams) {
        name: "geodecay",
        title: "Geometric-decaying\nalgorithms",
        summary: "Gil & Matias: when to load-balance — standard (O(lg ℓ)) vs improved (O(lg* ℓ)) policy",
        paper: "Gil & Matias, JPDC (SODA 1991)",
        params: geodecay::params::PARAMS,
        errata: include_str!("errata/gm.txt"),
    }
    /// Gao, Rosenberg & Sitaraman: optimal clustering of tree sweeps under delay τ.
    TreeSweep(TreeSweepParams) {
        name: "treesweep",
        title: "Tree sweeps\nunder latency τ",
        summary: "Gao, Rosenberg & Sitaraman: optimal clustering (Fine-Grain) vs P.Y for up/down sweeps of a complete binary tree",
        paper: "Gao, Rosenberg & Sitaraman, IEEE TPDS 10(8), 1999",
        params: treesweep::params::PARAMS,
        errata: include_str!("errata/grs.txt"),
    }
    /// Gao & Rosenberg: KS-BF load balancing of growing trees and grids on a ring.
    Ksbf(KsbfParams) {
        name: "ksbf",
        title: "KS-BF on a ring",
        summary: "Gao & Rosenberg: Keep-left-Send-right balancing with breadth-first scheduling of growing trees and grids on a ring",
        paper: "Gao & Rosenberg, KS-BF on rings",
        params: ksbf::params::PARAMS,
        errata: include_str!("errata/gr.txt"),
    }
    /// Renard, Robert & Vivien: data redistribution on rings.
    Redistribute(RedistParams) {
        name: "redistribute",
        title: "Redistribution\non rings",
        summary: "Renard, Robert & Vivien: optimal data redistribution on uni/bidirectional, homogeneous/heterogeneous rings (Algorithms 1–3, System 6)",
        paper: "Renard, Robert & Vivien, LIP RR 2004-28",
        params: redistribute::params::PARAMS,
        errata: include_str!("errata/rrv.txt"),
    }
}

impl Default for ModelId {
    /// The first model of the rail.
    fn default() -> Self {
        ModelId::ALL[0]
    }
}

impl ModelId {
    /// Position in [`ModelId::ALL`] and [`MODELS`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The model's row of [`MODELS`].
    pub const fn info(self) -> &'static ModelInfo {
        &MODELS[self.index()]
    }

    /// Short name, as used by the CLI subcommands and file prefixes.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// The model whose [`ModelId::name`] is `name`.
    pub fn from_name(name: &str) -> Option<ModelId> {
        MODELS.iter().find(|m| m.name == name).map(|m| m.id)
    }

    /// The descriptors of the model's parameters ([`super::param`]).
    pub fn params(self) -> &'static [ParamSpec] {
        self.info().params
    }
}

/// A model's parameter type, tied to its [`Scenario`] variant (so generic code — the GUI's
/// workspace shell — can go from a scenario to typed parameters without a `match`).
pub trait ModelParams: Clone + PartialEq + Default + Send + Sync + 'static {
    /// The model these parameters belong to.
    const MODEL: ModelId;
    /// Wraps the parameters in their scenario variant.
    fn into_scenario(self) -> Scenario;
    /// The parameters, if `s` is this model's scenario.
    fn of(s: &Scenario) -> Option<&Self>;
    /// The parameters, if `s` is this model's scenario.
    fn of_mut(s: &mut Scenario) -> Option<&mut Self>;
}

impl Scenario {
    /// Short model name, as used by the CLI subcommands.
    pub fn model_name(&self) -> &'static str {
        self.model().name()
    }

    /// Checks the parameters: `Err((field, message))` names the first invalid one.
    pub fn validate(&self) -> Result<(), (String, String)> {
        self.checked().map_err(|e| (e.field.to_string(), e.message))
    }
}

impl Default for Scenario {
    fn default() -> Self {
        ModelId::default().default_scenario()
    }
}

/// Serialises a model as its short name (for records whose JSON names the model).
pub fn serialize_name<S: serde::Serializer>(m: &ModelId, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(m.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_row_per_model_in_order_names_unique_and_parse_back() {
        assert_eq!(MODELS.len(), ModelId::ALL.len());
        let names = ["divisible", "geodecay", "treesweep", "ksbf", "redistribute"];
        for (i, (row, m)) in MODELS.iter().zip(ModelId::ALL).enumerate() {
            assert_eq!(row.id, m, "row {i}");
            assert_eq!(m.index(), i);
            assert_eq!(row.name, names[i], "the CLI subcommand names are stable");
            assert_eq!(ModelId::from_name(row.name), Some(m));
            assert_eq!(m.default_scenario().model(), m);
            assert!(
                !row.params.is_empty() && !row.paper.is_empty(),
                "{}",
                row.name
            );
            assert!(row.title.lines().count() <= 2, "{}", row.name);
            assert!(
                MODELS[..i]
                    .iter()
                    .all(|r| r.name != row.name && r.title != row.title)
            );
        }
        assert_eq!(ModelId::from_name("Ksbf"), None);
        assert_eq!(ModelId::from_name(""), None);
    }

    #[test]
    fn every_descriptors_default_reads_and_lies_in_its_range() {
        for row in &MODELS {
            for s in row.params {
                let ends = if s.default.contains(',') {
                    let (lo, hi) = s.default_range();
                    assert!(lo < hi, "{}.{}", row.name, s.field);
                    vec![lo, hi]
                } else {
                    vec![s.default_real()]
                };
                for x in ends {
                    assert!(s.accepts(x), "{}.{} = {}", row.name, s.field, s.default);
                }
                if s.integer {
                    assert_eq!(s.default_int::<i128>() as f64, s.default_real());
                }
            }
        }
        // The ring's size is its δ's length: the default ring has the size its descriptor says.
        let ring = RedistParams::default().instance;
        assert_eq!(
            ring.delta.len(),
            redistribute::params::RING_N.default_int::<usize>()
        );
    }
}
