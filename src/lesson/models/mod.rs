//! The lesson layer's registry of models: one module per model holding everything the lesson
//! layer does differently per model — its quiz questions and the work of its runs
//! ([`LessonModel`]), its personal instances (the lesson exercise and the candidates), its
//! exercise as the homework replay plays it and the flags that set that exercise
//! ([`Exercises`]) — and one row per model in [`MODELS`], with the views a lesson step may
//! name in its workspace.
//!
//! Adding a model to the lesson layer means adding its module here and its row in [`MODELS`].

pub mod contract;
pub mod divisible;
pub mod geodecay;
pub mod ksbf;
pub mod redistribute;
pub mod treesweep;

pub use contract::{Draft, Exercises, LessonModel, ModelViews, Play, Registered, Shown};

use crate::model::registry::{ModelId, Scenario};

/// One model's row.
pub struct ModelRow {
    /// The picture tabs and the plots a lesson step may name in the model's workspace.
    pub views: ModelViews,
    /// The model's lesson module.
    pub model: &'static dyn Registered,
}

/// One row per model, in [`ModelId`] order (`MODELS[m.index()]` is `m`'s).
pub static MODELS: [ModelRow; 5] = [
    ModelRow {
        views: ModelViews {
            pictures: &divisible::PICTURES,
            plots: &["time vs h", "speedup vs h", "time vs β", "speedup vs β"],
            controls: &[
                "Network",
                "b",
                "h",
                "β",
                "Algorithm",
                "h up to",
                "β from",
                "β to",
            ],
        },
        model: &divisible::Divisible,
    },
    ModelRow {
        views: ModelViews {
            pictures: &[],
            plots: &[
                "overhead (T − Brent)/ℓ vs lg ℓ",
                "overhead beyond balanced ideal vs lg ℓ",
                "balancings vs lg ℓ",
                "total time vs p",
            ],
            controls: &[
                "n",
                "p",
                "α",
                "ℓ",
                "c",
                "Policy",
                "Decay",
                "Survivors",
                "seed",
                "seeds",
                "ℓ sweep to 2^",
            ],
        },
        model: &geodecay::Geodecay,
    },
    ModelRow {
        views: ModelViews {
            pictures: &["Fine-Grain", "P.Y", "both"],
            plots: &[
                "Fig. 2: T*, T_PY vs n",
                "ratio T*/T_PY vs n",
                "T*, T_PY vs τ",
                "increments of T*",
                "ratio vs n up to 1000",
                "limit ρ(τ) vs τ",
            ],
            controls: &["n", "τ", "Direction", "Plots: n up to"],
        },
        model: &treesweep::TreeSweep,
    },
    ModelRow {
        views: ModelViews {
            pictures: &["ring", "Gantt", "tree / grid", "ring + tree"],
            plots: &[
                "makespan vs n",
                "makespan vs p",
                "work per PE",
                "efficiency over seeds",
            ],
            controls: &[
                "Workload",
                "n",
                "p",
                "q",
                "seed",
                "seeds",
                "Balancing",
                "Scheduling",
            ],
        },
        model: &ksbf::Ksbf,
    },
    ModelRow {
        views: ModelViews {
            pictures: &["δ bars", "Gantt", "sends"],
            plots: &["random-ring studies", "τ(R₁) of System 6"],
            controls: &[
                "n",
                "Direction",
                "Links",
                "c",
                "Algorithm",
                "seed",
                "n (random)",
                "max |δ|",
                "direction",
                "links",
                "loads",
            ],
        },
        model: &redistribute::Redistribute,
    },
];

/// The lesson layer's row of `model`.
pub fn row(model: ModelId) -> &'static ModelRow {
    &MODELS[model.index()]
}

/// The exercise `scenario` sets, with the GUI's checks (a picture it can draw).
pub fn exercise(scenario: &Scenario) -> Result<Box<dyn Play>, String> {
    let ex = row(scenario.model()).model.exercise(scenario)?;
    ex.drawable()?;
    Ok(ex)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Show me plays the algorithm's moves to the end, then has nothing left to show (the
    /// contract of [`Play::show_me`]): redistribution's went on with empty rounds for ever,
    /// so a loop of Show me never ended and an attempt's Show me after the end was graded.
    #[test]
    fn show_me_plays_to_the_end_and_then_stops() {
        for row in MODELS.iter() {
            let reference = row.model.reference();
            let mut ex = exercise(&reference).unwrap();
            let mut shown = 0;
            while ex.show_me().is_some() {
                shown += 1;
                assert!(shown <= 1000, "{:?}: Show me never ends", reference.model());
            }
            let t = ex.tally();
            assert!(t.complete, "{:?}: Show me stopped short", reference.model());
            assert!(shown > 0 && t.out_of > 0, "{:?}", reference.model());
            assert!(ex.show_me().is_none(), "{:?}", reference.model());
            assert_eq!(ex.tally(), t, "{:?}", reference.model());
        }
    }

    /// A move once the exercise is complete leaves it as it was, complete with its score, and
    /// has a verdict: a round on a balanced ring was played (legal, "only costs time"), so an
    /// attempt handed in with one was graded not complete; a level or decision after the
    /// last had no verdict in the replay.
    #[test]
    fn a_move_after_the_end_leaves_the_exercise_as_it_was() {
        for row in MODELS.iter() {
            let reference = row.model.reference();
            let mut ex = exercise(&reference).unwrap();
            let mut last = None;
            while let Some(shown) = ex.show_me() {
                last = Some(shown.mv);
            }
            let t = ex.tally();
            let (grade, _) = ex.play(&last.unwrap()).unwrap();
            assert_eq!(ex.tally(), t, "{:?}: {grade:?}", reference.model());
            // Refused with the rule "complete", but KS-BF's: a node predicted again is graded
            // as any prediction (its first try is spent).
            let g = grade.unwrap_or_else(|| panic!("{:?}: no verdict", reference.model()));
            assert!(!g.scores(), "{:?}", reference.model());
            if reference.model() != ModelId::Ksbf {
                assert_eq!((g.legal, g.rule.as_str()), (false, "complete"), "{g:?}");
            }
        }
    }

    #[test]
    fn one_row_per_model_in_order() {
        assert_eq!(MODELS.len(), ModelId::ALL.len());
        for (row, m) in MODELS.iter().zip(ModelId::ALL) {
            assert_eq!(row.model.reference().model(), m);
        }
    }
}
