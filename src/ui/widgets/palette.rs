//! The app's colours, named by what they mean, so that a meaning keeps its colour from one
//! workspace to the next (the simulated series is always the same blue, a violated bound the
//! same red).

use egui::Color32;

/// The main series: what was simulated or computed, or the algorithm a paper proposes (blue).
pub const SIMULATED: Color32 = Color32::from_rgb(50, 120, 220);
/// The series it is held against: the classic algorithm or the baseline policy (orange).
pub const BASELINE: Color32 = Color32::from_rgb(230, 120, 30);
/// A third series (green).
pub const THIRD: Color32 = Color32::from_rgb(40, 170, 90);
/// A fourth series (purple).
pub const FOURTH: Color32 = Color32::from_rgb(170, 60, 170);
/// A fifth series, and events that interrupt a run, such as a load balancing (red).
pub const EVENT: Color32 = Color32::from_rgb(200, 40, 40);

/// Series that are alike (one per τ, per method, per policy), in the order they are drawn.
pub const SERIES: [Color32; 5] = [SIMULATED, BASELINE, THIRD, FOURTH, EVENT];

/// The colour of the `i`-th of several alike series (cycling through [`SERIES`]).
pub fn series(i: usize) -> Color32 {
    SERIES[i % SERIES.len()]
}

/// A theorem's bound the simulation is held against, and what crosses it (red).
pub const BOUND: Color32 = Color32::from_rgb(214, 39, 40);
/// A check that holds: "✓ valid", "✓ equal" (green text).
pub const OK: Color32 = Color32::from_rgb(40, 160, 70);
/// Reference lines that are not results: ideal shares, trivial schedules (grey).
pub const REFERENCE: Color32 = Color32::GRAY;
/// What does nothing: the policy that never balances (grey).
pub const NEUTRAL: Color32 = Color32::from_rgb(150, 150, 150);
/// The position the step bar is at, in a plot (amber).
pub const CURRENT: Color32 = Color32::from_rgb(240, 180, 0);

/// Positive δ: processors with items to give away (orange). The redistribution plots draw
/// their second series in it too, so they match the ring above them.
pub const POSITIVE: Color32 = Color32::from_rgb(225, 120, 30);
/// Negative δ: processors waiting for items (blue). The redistribution plots draw their main
/// series in it too, so they match the ring above them.
pub const NEGATIVE: Color32 = Color32::from_rgb(40, 110, 200);
/// Forwarding: items a processor passes on without keeping any (green). The redistribution
/// plots draw their third series in it.
pub const FORWARD: Color32 = Color32::from_rgb(20, 150, 90);
/// What has no colour of its own, such as a send outside the pseudo-code's numbered steps or
/// the scheme that never redistributes (dark grey).
pub const MUTED: Color32 = Color32::from_rgb(90, 90, 90);

/// Ten distinguishable colours for categories without an order, such as processors
/// (Tableau 10).
pub const CATEGORIES: [Color32; 10] = [
    Color32::from_rgb(31, 119, 180),
    Color32::from_rgb(255, 127, 14),
    Color32::from_rgb(44, 160, 44),
    BOUND,
    Color32::from_rgb(148, 103, 189),
    Color32::from_rgb(140, 86, 75),
    Color32::from_rgb(227, 119, 194),
    Color32::from_rgb(127, 127, 127),
    Color32::from_rgb(188, 189, 34),
    Color32::from_rgb(23, 190, 207),
];

/// The colour of category `i` (cycling through [`CATEGORIES`]).
pub fn category(i: usize) -> Color32 {
    CATEGORIES[i % CATEGORIES.len()]
}
