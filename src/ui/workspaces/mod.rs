//! One workspace per model, each implementing [`crate::ui::workspace::Workspace`]: controls,
//! picture, plots and numbers. Workspaces hold view state only; every figure they show comes
//! from `crate::model`.

pub mod divisible;
mod divisible_network;
mod divisible_turn;
pub mod geodecay;
mod geodecay_turn;
pub mod ksbf;
pub mod redistribute;
pub mod treesweep;

use crate::model::Cancelled;
use crate::report::ReportError;

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
        let methods: Vec<String> = crate::model::divisible::Method::ALL
            .iter()
            .map(|m| format!("method {}", m.name()))
            .collect();
        assert_eq!(pictures(ModelId::Divisible), methods);
    }

    fn tabs() -> Vec<Box<dyn Tab>> {
        vec![
            Box::new(super::divisible::DivisiblePanel::default()),
            Box::new(super::geodecay::GeodecayPanel::default()),
            Box::new(super::treesweep::TreeSweepPanel::default()),
            Box::new(super::ksbf::KsbfPanel::default()),
            Box::new(super::redistribute::RedistPanel::default()),
        ]
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
