//! One workspace per model, each implementing [`crate::ui::workspace::Workspace`]: controls,
//! picture, plots and numbers. Workspaces hold view state only; every figure they show comes
//! from `crate::model`.

pub mod divisible;
pub mod geodecay;
pub mod ksbf;
pub mod redistribute;
pub mod treesweep;

use crate::model::Cancelled;
use crate::model::registry::{ModelId, ModelParams, Scenario};
use crate::report::ReportError;
use crate::ui::workspace::{Tab, Workspace};

/// One model's row of the workspace table.
#[derive(Clone, Copy)]
pub struct Row {
    /// The model.
    pub model: ModelId,
    /// A new workspace of the model with the default view.
    pub workspace: fn() -> Box<dyn Tab>,
    /// Whether the workspace offers "Your turn" ([`Workspace::exercise`], in the model's
    /// `turn.rs`).
    pub turn: bool,
    /// Help ▸ About this model ([`Workspace::HELP`]).
    pub help: &'static str,
    /// A field of a scenario of the model as its control captions it
    /// ([`Workspace::field_caption`]).
    pub field_caption: fn(&Scenario, &str) -> Option<String>,
    /// The fields Compare's title names part by part ([`Workspace::NESTED`]).
    pub nested: &'static [&'static str],
}

const fn row<W: Workspace>() -> Row {
    fn make<W: Workspace>() -> Box<dyn Tab> {
        Box::new(W::default())
    }
    fn field_caption<W: Workspace>(s: &Scenario, key: &str) -> Option<String> {
        W::field_caption(W::Params::of(s)?, key)
    }
    Row {
        model: W::Params::MODEL,
        workspace: make::<W>,
        turn: W::EXERCISE,
        help: W::HELP,
        field_caption: field_caption::<W>,
        nested: W::NESTED,
    }
}

/// The workspaces, one row per model in the order of [`ModelId::ALL`]: adding a model's
/// workspace is adding its module and its row here.
pub const WORKSPACES: [Row; ModelId::ALL.len()] = [
    row::<divisible::DivisiblePanel>(),
    row::<geodecay::GeodecayPanel>(),
    row::<treesweep::TreeSweepPanel>(),
    row::<ksbf::KsbfPanel>(),
    row::<redistribute::RedistPanel>(),
];

/// A new workspace of `model` with the default view (the app holds one per model, Compare A/B
/// draws A with another, a headless render draws with its own).
pub fn fresh_tab(model: ModelId) -> Box<dyn Tab> {
    (workspace_row(model).workspace)()
}

/// The row of `model`.
pub fn workspace_row(model: ModelId) -> &'static Row {
    &WORKSPACES[model.index()]
}

/// A part of a report's run computed in a background job: the run, or why the report refused
/// it (e.g. a study beyond the model's budget), shown in its place.
pub(crate) type Studied<T> = Result<T, String>;

/// The result of a report's build as a background job's value: a refusal becomes the message
/// [`Studied`] holds, a cancellation stays one.
pub(crate) fn studied<T>(built: Result<T, ReportError>) -> Result<Studied<T>, Cancelled> {
    match built {
        Ok(run) => Ok(Ok(run)),
        Err(ReportError::Cancelled) => Err(Cancelled),
        Err(e) => Ok(Err(e.to_string())),
    }
}

/// A report's build as a background job's value, kept whole (a refusal shown as the run's
/// error) unless it was cancelled.
pub(crate) fn uncancelled<T>(
    built: Result<T, ReportError>,
) -> Result<Result<T, ReportError>, Cancelled> {
    match built {
        Err(ReportError::Cancelled) => Err(Cancelled),
        other => Ok(other),
    }
}

#[cfg(test)]
mod tests {
    use crate::lesson::views::{pictures, plots};
    use crate::model::registry::ModelId;
    use crate::ui::widgets::form::Choice;
    use crate::ui::workspace::Tab;

    fn captions<T: Choice>() -> Vec<&'static str> {
        T::ALL.iter().map(|c| c.caption()).collect()
    }

    /// The lesson layer's name lists are the workspaces' own captions.
    #[test]
    fn lesson_view_names_are_the_workspaces_captions() {
        let pairs = [
            (
                plots(ModelId::Geodecay),
                captions::<super::geodecay::GeoPlot>(),
            ),
            (
                plots(ModelId::TreeSweep),
                captions::<super::treesweep::TsPlot>(),
            ),
            (plots(ModelId::Ksbf), captions::<super::ksbf::KsPlot>()),
            (
                pictures(ModelId::Ksbf),
                captions::<super::ksbf::KsPicture>(),
            ),
            (
                pictures(ModelId::Redistribute),
                captions::<super::redistribute::Lower>(),
            ),
            (
                plots(ModelId::Redistribute),
                captions::<super::redistribute::RdPlot>(),
            ),
        ];
        for (lesson, workspace) in pairs {
            assert_eq!(lesson, workspace);
        }
        // (The divisible workspace opens on method P: it is listed first.)
        let mut methods: Vec<String> = crate::model::divisible::Method::ALL
            .iter()
            .map(|m| format!("method {}", m.name()))
            .collect();
        let mut listed = pictures(ModelId::Divisible).to_vec();
        methods.sort();
        listed.sort_unstable();
        assert_eq!(listed, methods);
    }

    fn tabs() -> Vec<Box<dyn Tab>> {
        ModelId::ALL.into_iter().map(super::fresh_tab).collect()
    }

    /// The table has one row per model, in [`ModelId::ALL`]'s order, and each row's workspace
    /// is its model's.
    #[test]
    fn the_workspace_table_follows_the_models() {
        for (row, model) in super::WORKSPACES.iter().zip(ModelId::ALL) {
            assert_eq!(row.model, model);
            assert_eq!((row.workspace)().model(), model);
        }
        let turns: Vec<ModelId> = super::WORKSPACES
            .iter()
            .filter(|r| r.turn)
            .map(|r| r.model)
            .collect();
        assert_eq!(
            turns,
            ModelId::ALL.to_vec(),
            "every model has its Your turn"
        );
    }

    /// The first listed picture and plot are what a workspace opens on: a lesson step that
    /// names none shows them (`Lesson::views_at`) and looks as a fresh tab does.
    #[test]
    fn the_first_view_names_are_the_workspaces_defaults() {
        for mut tab in tabs() {
            let model = tab.model();
            tab.reset_view();
            let fresh = tab.save_view();
            let first = (pictures(model).first(), plots(model).first());
            tab.show_view(first.0.copied(), first.1.copied()).unwrap();
            assert_eq!(tab.save_view(), fresh, "{model:?}: {first:?}");
        }
    }

    /// Every listed name switches the view to a state of its own; unknown names are refused
    /// with the valid ones.
    #[test]
    fn every_view_name_switches_to_a_distinct_view() {
        for mut tab in tabs() {
            let model = tab.model();
            for (what, names) in [("picture", pictures(model)), ("plot", plots(model))] {
                let mut seen = Vec::new();
                for name in names {
                    tab.reset_view();
                    let asked = if what == "picture" {
                        tab.show_view(Some(&name.to_uppercase()), None)
                    } else {
                        tab.show_view(None, Some(name))
                    };
                    assert_eq!(asked, Ok(()), "{model:?} {what} {name}");
                    let view = tab.save_view();
                    // Divisible's two plots keep a quantity each: its names come in pairs.
                    if !(model == ModelId::Divisible && what == "plot") {
                        assert!(!seen.contains(&view), "{model:?} {what} {name}: same view");
                    }
                    seen.push(view);
                }
                let e = if what == "picture" {
                    tab.show_view(Some("nonsense"), None)
                } else {
                    tab.show_view(None, Some("nonsense"))
                };
                assert!(e.is_err(), "{model:?} {what}");
            }
        }
        let mut d = super::divisible::DivisiblePanel::default();
        for (plot, h, beta) in [
            ("time vs beta", "Speedup", "Time"),
            ("speedup vs h", "Speedup", "Time"),
            ("time vs h", "Time", "Time"),
            ("speedup vs β", "Time", "Speedup"),
        ] {
            if plot == "time vs beta" {
                d.show_view(None, Some("speedup vs h")).unwrap();
            }
            d.show_view(None, Some(plot)).unwrap();
            let v = d.save_view();
            assert!(v.contains(&format!("h_quantity:{h}")), "{plot}: {v}");
            assert!(v.contains(&format!("beta_quantity:{beta}")), "{plot}: {v}");
        }
    }
}
