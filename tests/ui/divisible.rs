//! The divisible-load workspace driven through its accessibility tree: its numbers region
//! shows the report's figures, each under its name, at the table precision.

use super::common::{harness, settle};

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::NoProgress;
use loadlab::model::registry::Scenario;
use loadlab::report::{Cell, Detail, Figure, ModelRun};
use loadlab::ui::LoadlabApp;
use loadlab::ui::widgets::numbers::ACCESSIBLE_SEPARATOR;

/// Whether `shown` (a value as the numbers region writes it) is the figure's `value` at the
/// table precision: a number within 6 significant digits (integers exactly), a flag as
/// yes/no, a text as it is.
fn same_value(shown: &str, value: &Cell) -> bool {
    let number = |x: f64| {
        read_number(shown).is_some_and(|y| {
            if x.is_finite() {
                (y - x).abs() <= 5e-6 * x.abs().max(f64::MIN_POSITIVE)
            } else {
                y == x || (x.is_nan() && y.is_nan())
            }
        })
    };
    match value {
        Cell::Empty => shown == "—",
        Cell::Bool(b) => shown == if *b { "yes" } else { "no" },
        Cell::Int(i) => shown == i.to_string() || same_big(shown, &i.to_string()),
        Cell::Num(x) => number(*x),
        Cell::Text(t) => shown == t || same_big(shown, t),
    }
}

/// A number as a numbers table writes it: plain, or huge as "1.07151 × 10^301".
pub(crate) fn read_number(shown: &str) -> Option<f64> {
    match shown.split_once(" × 10^") {
        Some((m, e)) => format!("{m}e{e}").parse().ok(),
        None => shown.parse().ok(),
    }
}

/// Whether `shown` ("2.79355 × 10^296") is the exact integer `digits` (more than 15 of
/// them) to 6 significant digits.
fn same_big(shown: &str, digits: &str) -> bool {
    let body = digits.trim_start_matches('-');
    let Some((m, e)) = shown.trim_start_matches('-').split_once(" × 10^") else {
        return false;
    };
    let lead = format!("{}.{}", &body[..1], &body[1..body.len().min(12)]);
    let (Ok(m), Ok(e), Ok(lead)) = (m.parse::<f64>(), e.parse::<usize>(), lead.parse::<f64>())
    else {
        return false;
    };
    body.len() > 15
        && body.bytes().all(|b| b.is_ascii_digit())
        && e == body.len() - 1
        && (m - lead).abs() <= 5e-6 * 10.0
        && shown.starts_with('-') == digits.starts_with('-')
}

/// Reads every "name = value" node of the numbers region and compares it with the report's
/// figure of that name for the same scenario: each figure is shown exactly once, with its
/// value. Returns how many figures were compared.
pub fn assert_numbers_are_the_reports(h: &Harness<'_, LoadlabApp>, figures: &[Figure]) -> usize {
    for f in figures {
        let prefix = format!("{}{ACCESSIBLE_SEPARATOR}", f.name);
        let nodes: Vec<String> = h
            .query_all_by_label_contains(&prefix)
            .filter_map(|n| {
                // A label's text is its accessibility value.
                let node = n.accesskit_node();
                node.value().or_else(|| node.label())
            })
            .filter(|l| l.starts_with(&prefix))
            .collect();
        assert_eq!(nodes.len(), 1, "{} ({}): {nodes:?}", f.name, f.key);
        let shown = &nodes[0][prefix.len()..];
        assert!(
            same_value(shown, &f.value),
            "{} ({}): the GUI shows {shown:?}, the report has {:?}",
            f.name,
            f.key,
            f.value
        );
    }
    figures.len()
}

/// The report's figures of the scenario the app shows.
pub fn report_figures(h: &Harness<'_, LoadlabApp>) -> Vec<Figure> {
    let scenario: Scenario = h.state().preset().scenario.clone();
    match loadlab::report::run(&scenario, Detail::Full, &NoProgress).expect("valid scenario") {
        ModelRun::Divisible(r) => r.figures(),
        ModelRun::TreeSweep(r) => r.figures(),
        other => panic!("not a model of this test: {other:?}"),
    }
}

#[test]
fn numbers_region_shows_every_figure_of_the_report() {
    for preset in ["divisible-table-1", "divisible-fig-6-pyramid"] {
        let mut h = harness(Some(
            loadlab::preset::find_bundled(preset).expect("bundled"),
        ));
        settle(&mut h);
        let figures = report_figures(&h);
        // The instance, the ratios, Theorem 10 and each method's times and speedups.
        assert!(figures.len() > 20, "{preset}: {} figures", figures.len());
        assert!(
            figures
                .iter()
                .any(|f| f.key == "algorithms.C.appendix_time")
        );
        assert_numbers_are_the_reports(&h, &figures);
    }
}
