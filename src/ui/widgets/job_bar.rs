//! A background job's line in a window: its progress bar with Cancel while it runs, or why the
//! last one failed (the research windows' studies and searches).

use crate::jobs::JobSlot;

/// Draws `job`'s progress and Cancel (which cancels it), or "The `what` failed: …".
pub fn job_bar<T: Send + 'static>(ui: &mut egui::Ui, job: &mut JobSlot<T>, what: &str) {
    if let Some(running) = job.running() {
        let fraction = running.fraction();
        let mut cancel = false;
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(fraction)
                    .desired_width(200.0)
                    .show_percentage(),
            );
            cancel = ui.button("Cancel").clicked();
        });
        if cancel {
            job.cancel();
        }
    } else if let Some(why) = job.failure() {
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("The {what} failed: {why}"),
        );
    }
}
