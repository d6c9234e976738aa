//! Helpers shared by the UI tests.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::ui::LoadlabApp;

/// Runs frames until the background jobs (simulations, sweeps) have landed.
pub fn settle(h: &mut Harness<'_, LoadlabApp>) {
    for _ in 0..25 {
        h.run_steps(2);
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// At least one node whose label contains `text` is on screen.
pub fn shown(h: &Harness<'_, LoadlabApp>, text: &str) {
    assert!(
        h.query_all_by_label_contains(text).next().is_some(),
        "{text:?} is not shown"
    );
}
