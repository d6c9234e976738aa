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

/// What a fill looks like on `background`: egui colours are premultiplied, so a see-through
/// fill (such as a faded one) shows the background through it.
pub fn over(fill: Color32, background: Color32) -> Color32 {
    let keep = 1.0 - f32::from(fill.a()) / 255.0;
    let mix = |f: u8, b: u8| (f32::from(f) + f32::from(b) * keep).round().min(255.0) as u8;
    Color32::from_rgb(
        mix(fill.r(), background.r()),
        mix(fill.g(), background.g()),
        mix(fill.b(), background.b()),
    )
}

/// Relative luminance of an opaque sRGB colour (WCAG 2).
fn luminance(c: Color32) -> f32 {
    let channel = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
}

/// WCAG contrast ratio of two opaque colours (1 to 21).
pub fn contrast(a: Color32, b: Color32) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Text colour for a label on `fill` drawn over `background`: black or white, whichever
/// contrasts more with what the eye sees (the fill blended over the background).
pub fn ink_on(fill: Color32, background: Color32) -> Color32 {
    let seen = over(fill, background);
    if contrast(Color32::BLACK, seen) >= contrast(Color32::WHITE, seen) {
        Color32::BLACK
    } else {
        Color32::WHITE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ink_contrasts_with_what_is_seen() {
        let white = Color32::WHITE;
        let dark_bg = Color32::from_gray(27);
        // Saturated category colours and the faded (30 %) ones used for idle PEs.
        for c in CATEGORIES {
            for fill in [c, c.gamma_multiply(0.3)] {
                for bg in [white, dark_bg] {
                    let ink = ink_on(fill, bg);
                    let ratio = contrast(ink, over(fill, bg));
                    assert!(ratio >= 3.0, "{fill:?} on {bg:?}: {ratio}");
                }
            }
        }
        // A faded colour on white is a pastel: black text.
        assert_eq!(
            ink_on(CATEGORIES[2].gamma_multiply(0.3), white),
            Color32::BLACK
        );
        assert_eq!(
            ink_on(Color32::from_rgb(31, 119, 180), white),
            Color32::WHITE
        );
    }
}
