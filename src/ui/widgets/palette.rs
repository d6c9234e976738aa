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
/// A check that holds: "✓ valid", "✓ equal" (green; as text, [`ok_text`]).
pub const OK: Color32 = Color32::from_rgb(40, 160, 70);
/// [`OK`] as text on the light theme's panels (4.5:1 at least).
pub const OK_ON_LIGHT: Color32 = Color32::from_rgb(0, 125, 50);
/// [`OK`] as text on the dark theme's panels.
pub const OK_ON_DARK: Color32 = Color32::from_rgb(90, 200, 120);

/// The colour of a check that holds, as text on `visuals`' panels.
pub fn ok_text(visuals: &egui::Visuals) -> Color32 {
    if visuals.dark_mode {
        OK_ON_DARK
    } else {
        OK_ON_LIGHT
    }
}

/// Weak text (a ring's loads beside its discs, captions, axis names) in the light theme:
/// egui's default (the text colour at 60 %) reads 2.9:1 on the panels, this 5.6:1.
pub const WEAK_ON_LIGHT: Color32 = Color32::from_gray(100);
/// Weak text in the dark theme (egui's default reads 2.7:1 on the panels, this 4.8:1).
pub const WEAK_ON_DARK: Color32 = Color32::from_gray(135);
/// Errors as text in the light theme (egui's pure red reads 3.8:1 on the panels).
pub const ERROR_ON_LIGHT: Color32 = Color32::from_rgb(200, 0, 0);
/// Errors as text in the dark theme (egui's pure red reads 4.3:1 on the panels).
pub const ERROR_ON_DARK: Color32 = Color32::from_rgb(255, 90, 90);
/// Warnings as text in the light theme (egui's orange reads 2.8:1 on the panels).
pub const WARN_ON_LIGHT: Color32 = Color32::from_rgb(175, 70, 0);

/// Makes `visuals` legible from the back of a room: weak text, errors and warnings at a
/// contrast of 4.5:1 at least against the panels and windows (egui's defaults are fainter).
pub fn legible(visuals: &mut egui::Visuals) {
    if visuals.dark_mode {
        visuals.weak_text_color = Some(WEAK_ON_DARK);
        visuals.error_fg_color = ERROR_ON_DARK;
    } else {
        visuals.weak_text_color = Some(WEAK_ON_LIGHT);
        visuals.error_fg_color = ERROR_ON_LIGHT;
        visuals.warn_fg_color = WARN_ON_LIGHT;
    }
}

/// Installs [`legible`] visuals in both themes of `ctx`.
pub fn install(ctx: &egui::Context) {
    for theme in [egui::Theme::Light, egui::Theme::Dark] {
        ctx.style_mut_of(theme, |s| legible(&mut s.visuals));
    }
}
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

    #[test]
    fn contrast_ratios_of_known_pairs() {
        // WCAG's extremes and egui's own defaults (light: text grey 80, weak at 60 % over
        // the panels' grey 248).
        assert!((contrast(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 0.01);
        assert!((contrast(Color32::WHITE, Color32::WHITE) - 1.0).abs() < 0.001);
        let weak = over(
            Color32::from_gray(80).gamma_multiply(0.6),
            Color32::from_gray(248),
        );
        assert!(contrast(weak, Color32::from_gray(248)) < 3.0);
    }

    /// Every text colour the ring, the Gantt chart, the tree, the plots and the numbers draw
    /// (the theme's text, weak text, errors, warnings, checks that hold, the ink on coloured
    /// discs and bars) against every background they are drawn on (panels, windows, text
    /// boxes, striped rows), in both themes: at least 4.5:1.
    #[test]
    fn every_text_colour_reads_4_5_to_1_on_its_backgrounds() {
        for mut v in [egui::Visuals::light(), egui::Visuals::dark()] {
            legible(&mut v);
            let backgrounds = [
                ("panel", v.panel_fill),
                ("window", v.window_fill),
                ("text box", v.extreme_bg_color),
                ("striped row", over(v.faint_bg_color, v.panel_fill)),
            ];
            let texts = [
                ("text", v.text_color()),
                ("weak text", v.weak_text_color()),
                ("error", v.error_fg_color),
                ("warning", v.warn_fg_color),
                ("check holds", ok_text(&v)),
            ];
            for (bg_name, bg) in backgrounds {
                for (name, fg) in texts {
                    let ratio = contrast(over(fg, bg), bg);
                    assert!(
                        ratio >= 4.5,
                        "dark {}: {name} {fg:?} on the {bg_name} {bg:?} reads {ratio:.2}:1",
                        v.dark_mode
                    );
                }
            }
            // The ink of a label on a disc, a bar or a cell of any category or series colour,
            // full or faded, is black or white: whichever reads better, and 4.5:1 at least.
            for fill in CATEGORIES.into_iter().chain(SERIES) {
                for fill in [fill, fill.gamma_multiply(0.3)] {
                    let seen = over(fill, v.panel_fill);
                    let ratio = contrast(ink_on(fill, v.panel_fill), seen);
                    assert!(ratio >= 4.5, "ink on {fill:?}: {ratio:.2}:1");
                }
            }
        }
    }
}
