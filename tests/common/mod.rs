//! Helpers shared by the UI tests.

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::ui::LoadlabApp;

/// Runs frames for a while so background jobs (simulations, sweeps) can land.
pub fn settle(h: &mut Harness<'_, LoadlabApp>) {
    for _ in 0..25 {
        h.run_steps(2);
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Waits (running frames, up to 30 s: background jobs are slower on a loaded machine) until a
/// node whose label contains `text` is on screen; fails the test otherwise.
pub fn shown(h: &mut Harness<'_, LoadlabApp>, text: &str) {
    let t0 = Instant::now();
    while h.query_all_by_label_contains(text).next().is_none() {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "{text:?} is not shown"
        );
        h.run_steps(1);
        std::thread::sleep(Duration::from_millis(5));
    }
}
