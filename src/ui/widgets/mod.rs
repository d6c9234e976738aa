//! Shared, model-agnostic UI widgets: Gantt chart, simulated-vs-theory plot,
//! step/play bar, result table, binary-tree and ring diagrams, parameter forms and sliders,
//! and the colour palette.
//!
//! All widgets only use glyphs available in egui's default fonts, and every
//! interactive element has an accessible label.

pub mod access;
#[cfg(test)]
mod colour_vision;
pub mod compare_plot;
pub mod corner;
pub mod describe;
pub mod dialog;
pub mod flow;
pub mod focus;
pub mod form;
pub mod gantt;
pub mod heatmap;
pub mod job_bar;
pub mod legend;
pub mod marks;
pub mod numbers;
pub mod palette;
pub mod patterned;
pub mod pseudocode;
pub mod result_table;
pub mod ring;
pub mod scroll;
pub mod slider;
pub mod step_bar;
pub mod ticks;
pub mod tree;
pub mod vector_table;

pub use compare_plot::{ComparePlot, Curve, PlotView, SeriesStyle, compare_plot, series_to_csv};
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

/// What a region shows while its background job has no answer: the job's `failure` (a panic
/// caught on the worker — the answer will never come) where the result would be, else a
/// spinner and what is being computed.
pub fn pending(ui: &mut egui::Ui, failure: Option<&str>, what: &str) {
    match failure {
        Some(message) => {
            error_label(
                ui,
                format!("⚠ Could not compute this: {message}. Change a parameter to try again."),
            );
        }
        None => busy(ui, what),
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
    job.request(key, label, crate::ui::frame::repainter(ui.ctx()), work);
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
        pending(ui, job.failure(), "computing…");
    }
}

/// The mark ([`marks`]) of a note drawn by [`empty_note`].
pub const EMPTY_NOTE_MARK: &str = "empty-note";

/// `note` in the middle of a figure's empty plot `rect` (body type, on the panel's colour
/// over the grid, wrapped to the plot's width): what an empty chart is waiting for.
pub fn empty_note(ui: &egui::Ui, painter: &egui::Painter, rect: egui::Rect, note: &str) {
    let visuals = ui.visuals();
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = (rect.width() - 24.0).max(40.0);
    let galley = painter.layout(note.to_owned(), font, visuals.text_color(), width);
    let at = rect.center() - galley.size() / 2.0;
    let frame = egui::Rect::from_min_size(at, galley.size()).expand(6.0);
    painter.rect_filled(frame, 4.0, visuals.panel_fill);
    painter.rect_stroke(
        frame,
        4.0,
        visuals.widgets.noninteractive.bg_stroke,
        egui::StrokeKind::Inside,
    );
    painter.galley(at, galley, visuals.text_color());
    marks::record(ui.ctx(), EMPTY_NOTE_MARK, frame);
}

/// A button that starts a background job, captioned `caption`: on while no job is `running`
/// and the input `checked` is accepted; the accepted input when clicked.
pub fn start_button<'a, T, E>(
    ui: &mut egui::Ui,
    (caption, hover): (&str, &str),
    running: bool,
    checked: &'a Result<T, E>,
) -> Option<&'a T> {
    let button = egui::Button::new(caption);
    let clicked = ui
        .add_enabled(!running && checked.is_ok(), button)
        .on_hover_text(hover)
        .clicked();
    clicked.then(|| checked.as_ref().ok()).flatten()
}

/// `label` on one line, cut short with "…" where it does not fit, with `tip` as its only
/// tooltip: egui shows a cut label's whole text on hover by itself, and a tip of our own
/// stood as a second tooltip beside that copy (the Why line's two boxes, over the picture).
pub fn one_line(ui: &mut egui::Ui, label: egui::Label, tip: &str) -> egui::Response {
    let r = ui.add(label.truncate().show_tooltip_when_elided(false));
    r.on_hover_text(tip)
}
