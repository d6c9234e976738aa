//! Shared, model-agnostic UI widgets: Gantt chart, simulated-vs-theory plot,
//! step/play bar, result table, binary-tree and ring diagrams, parameter forms and sliders,
//! and the colour palette.
//!
//! All widgets only use glyphs available in egui's default fonts, and every
//! interactive element has an accessible label.

pub mod compare_plot;
pub mod dialog;
pub mod form;
pub mod gantt;
pub mod heatmap;
pub mod legend;
pub mod marks;
pub mod palette;
pub mod pseudocode;
pub mod result_table;
pub mod ring;
pub mod slider;
pub mod step_bar;
pub mod tree;
pub mod vector_table;

pub use compare_plot::{ComparePlot, PlotView, Series, SeriesStyle, compare_plot, series_to_csv};
pub use gantt::{BarKind, GanttBar, GanttData, GanttView, bar_color, gantt};
pub use result_table::{result_table, table_to_text};
pub use step_bar::{StepState, step_bar};

/// In a two-column parameter grid: a row right under a control with the reason its value is
/// invalid, in the theme's error colour, wrapped to the control column.
pub fn error_row(ui: &mut egui::Ui, message: &str) {
    ui.label("");
    ui.vertical(|ui| {
        ui.set_max_width(190.0);
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!("⚠ {message}")).color(ui.visuals().error_fg_color),
            )
            .wrap(),
        );
    });
    ui.end_row();
}

/// A line in the theme's error colour (e.g. why nothing runs).
pub fn error_label(ui: &mut egui::Ui, text: impl Into<String>) -> egui::Response {
    ui.label(egui::RichText::new(text).color(ui.visuals().error_fg_color))
}

/// A spinner and what is being computed.
pub fn busy(ui: &mut egui::Ui, what: &str) {
    ui.horizontal(|ui| {
        ui.spinner();
        ui.label(what);
    });
}

/// A value for a table cell: integers in full (below 10^12), other numbers with six
/// significant digits, huge ones in scientific notation.
pub fn format_value(x: f64) -> String {
    if x.abs() >= 1e12 {
        format!("{x:.6e}")
    } else if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format_sig(x, 6)
    }
}

/// Format a number with `sig` significant digits, trimming trailing zeros.
///
/// Uses scientific notation (`1.5e-7`, `2.25e9`) for very small or large
/// magnitudes, plain decimals otherwise. Non-finite values print as Rust does
/// (`NaN`, `inf`, `-inf`).
pub fn format_sig(value: f64, sig: usize) -> String {
    if !value.is_finite() {
        return format!("{value}");
    }
    if value == 0.0 {
        return "0".to_owned();
    }
    let sig = sig.clamp(1, 17);
    let exponent = value.abs().log10().floor();
    // `sig` is at most 17, so the casts below are exact.
    if exponent < -4.0 || exponent >= sig as f64 {
        let text = format!("{:.*e}", sig - 1, value);
        match text.split_once('e') {
            Some((mantissa, exp)) => format!("{}e{exp}", trim_zeros(mantissa)),
            None => text,
        }
    } else {
        let decimals = (sig as f64 - 1.0 - exponent).max(0.0) as usize;
        trim_zeros(&format!("{value:.decimals$}")).to_owned()
    }
}

/// Remove trailing zeros after a decimal point (and the point itself).
fn trim_zeros(text: &str) -> &str {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        text
    }
}

/// A plot's data from its background job: asks `job` for `key` (the latest request wins; a
/// key already answered or under way starts nothing) and shows [`waiting`] until the answer
/// for it is in.
pub fn requested<'a, K, T>(
    ui: &mut egui::Ui,
    job: &'a mut crate::jobs::Keyed<K, T>,
    key: K,
    label: impl Into<String>,
    work: impl FnOnce(&dyn crate::model::Progress) -> Result<T, crate::model::Cancelled>
    + Send
    + 'static,
) -> Option<&'a T>
where
    K: PartialEq + Clone + Send + 'static,
    T: Send + 'static,
{
    job.request(key, label, crate::ui::workspace::repainter(ui.ctx()), work);
    if job.current().is_none() {
        waiting(ui, job);
        return None;
    }
    job.current()
}

/// What a plot shows while its background job has no answer yet: a spinner, or after Cancel a
/// note and a Recompute button.
pub fn waiting<K, T>(ui: &mut egui::Ui, job: &mut crate::jobs::Keyed<K, T>)
where
    K: PartialEq + Clone + Send + 'static,
    T: Send + 'static,
{
    if job.was_cancelled() {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new("Cancelled.").weak());
            if ui.button("Recompute").clicked() {
                job.retry();
            }
        });
    } else {
        busy(ui, "computing…");
    }
}

#[cfg(test)]
mod tests {
    use super::format_sig;

    #[test]
    fn significant_digits() {
        assert_eq!(format_sig(0.0, 6), "0");
        assert_eq!(format_sig(1.0, 6), "1");
        assert_eq!(format_sig(1.5, 6), "1.5");
        assert_eq!(format_sig(-2.0 / 3.0, 6), "-0.666667");
        assert_eq!(format_sig(123_456.789, 6), "123457");
        assert_eq!(format_sig(1_234_567.0, 6), "1.23457e6");
        assert_eq!(format_sig(0.000_012_5, 6), "1.25e-5");
        assert_eq!(format_sig(0.001_25, 3), "0.00125");
        assert_eq!(format_sig(100.0, 3), "100");
        assert_eq!(format_sig(f64::NAN, 6), "NaN");
        assert_eq!(format_sig(f64::INFINITY, 6), "inf");
    }
}
