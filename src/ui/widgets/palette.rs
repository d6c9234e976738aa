//! The app's colours, named by what they mean, so that a meaning keeps its colour from one
//! workspace to the next (the simulated series is always the same blue, a violated bound the
//! same red).

use egui::Color32;

// The series colours were searched for (Machado et al. 2009's simulation of protanopia,
// deuteranopia and tritanopia at full severity, CIEDE2000 distances) near the classic blue,
// orange, green, purple and red, then a sixth: every two of the first five stay ≥ 16 apart
// in normal vision and in each of the three simulations (the sixth ≥ 13 from each), and each
// reads ≥ 3:1 against the plots' and panels' backgrounds in the light, dark and
// high-contrast themes (the tests recompute both, `colour_vision.rs` and below).

/// The main series: what was simulated or computed, or the algorithm a paper proposes (blue).
pub const SIMULATED: Color32 = Color32::from_rgb(79, 98, 255);
/// The series it is held against: the classic algorithm or the baseline policy (ochre).
pub const BASELINE: Color32 = Color32::from_rgb(192, 130, 22);
/// A third series (teal green).
pub const THIRD: Color32 = Color32::from_rgb(0, 161, 129);
/// A fourth series (purple).
pub const FOURTH: Color32 = Color32::from_rgb(148, 81, 140);
/// A fifth series, and events that interrupt a run, such as a load balancing (crimson).
pub const EVENT: Color32 = Color32::from_rgb(194, 44, 73);
/// A sixth series (lilac: the colour farthest from the five above for every reader, ≥ 13).
pub const SIXTH: Color32 = Color32::from_rgb(168, 128, 176);

/// Series that are alike (one per τ, per method, per policy), in the order they are drawn.
pub const SERIES: [Color32; 6] = [SIMULATED, BASELINE, THIRD, FOURTH, EVENT, SIXTH];

/// The colour of the `i`-th of several alike series (cycling through [`SERIES`]).
pub fn series(i: usize) -> Color32 {
    SERIES[i % SERIES.len()]
}

/// A theorem's bound the simulation is held against, and what crosses it (red).
pub const BOUND: Color32 = Color32::from_rgb(200, 30, 75);
/// [`BOUND`] as text on `visuals`' panels (the bound's red reads 3.4:1 on the dark ones).
pub fn bound_text(visuals: &egui::Visuals) -> Color32 {
    themed(visuals, BOUND, ERROR_ON_DARK)
}
/// A check that holds: "✓ valid", "✓ equal" (green; as text, [`ok_text`]).
pub const OK: Color32 = Color32::from_rgb(40, 160, 70);
/// [`OK`] as text on the light theme's panels (4.5:1 at least).
pub const OK_ON_LIGHT: Color32 = Color32::from_rgb(0, 125, 50);
/// [`OK`] as text on the dark theme's panels.
pub const OK_ON_DARK: Color32 = Color32::from_rgb(90, 200, 120);

/// The colour of a check that holds, as text on `visuals`' panels.
pub fn ok_text(visuals: &egui::Visuals) -> Color32 {
    themed(visuals, OK_ON_LIGHT, OK_ON_DARK)
}

/// `light` in the light theme, `dark` in the dark one.
fn themed(visuals: &egui::Visuals, light: Color32, dark: Color32) -> Color32 {
    if visuals.dark_mode { dark } else { light }
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

/// The high-contrast theme: black on white, every outline black and thicker, weak text dark
/// grey (7:1 at least), a yellow selection under black text, deep error and warning colours.
pub fn high_contrast() -> egui::Visuals {
    use egui::Stroke;
    let ink = Color32::BLACK;
    let mut v = egui::Visuals::light();
    v.override_text_color = Some(ink);
    v.weak_text_color = Some(Color32::from_gray(60));
    v.panel_fill = Color32::WHITE;
    v.window_fill = Color32::WHITE;
    v.extreme_bg_color = Color32::WHITE;
    v.faint_bg_color = Color32::from_gray(240);
    v.code_bg_color = Color32::from_gray(225);
    v.window_stroke = Stroke::new(1.5, ink);
    v.error_fg_color = Color32::from_rgb(170, 0, 0);
    v.warn_fg_color = Color32::from_rgb(130, 55, 0);
    v.hyperlink_color = Color32::from_rgb(0, 0, 170);
    v.selection.bg_fill = Color32::from_rgb(255, 215, 0);
    v.selection.stroke = Stroke::new(2.0, ink);
    let w = &mut v.widgets;
    w.noninteractive.bg_fill = Color32::WHITE;
    w.noninteractive.weak_bg_fill = Color32::WHITE;
    w.noninteractive.bg_stroke = Stroke::new(1.0, Color32::from_gray(70));
    w.noninteractive.fg_stroke = Stroke::new(1.0, ink);
    for (state, fill, width) in [
        (&mut w.inactive, 228, 1.5),
        (&mut w.hovered, 205, 2.0),
        (&mut w.active, 175, 2.5),
        (&mut w.open, 215, 1.5),
    ] {
        state.bg_fill = Color32::from_gray(fill);
        state.weak_bg_fill = Color32::from_gray(fill);
        state.bg_stroke = Stroke::new(width, ink);
        state.fg_stroke = Stroke::new(width, ink);
    }
    v
}

/// Installs the themes of `ctx`: [`legible`] dark visuals, and light ones that are either
/// [`legible`] or, with `high_contrast`, [`high_contrast`]'s.
pub fn install(ctx: &egui::Context, high: bool) {
    ctx.style_mut_of(egui::Theme::Light, |s| {
        s.visuals = if high {
            high_contrast()
        } else {
            let mut v = egui::Visuals::light();
            legible(&mut v);
            v
        }
    });
    ctx.style_mut_of(egui::Theme::Dark, |s| legible(&mut s.visuals));
}
/// Reference lines that are not results: ideal shares, trivial schedules (grey).
pub const REFERENCE: Color32 = Color32::from_gray(125);
/// What does nothing: the policy that never balances (grey).
pub const NEUTRAL: Color32 = Color32::from_gray(135);
/// The position the step bar is at, in a plot (magenta: no series has its hue).
pub const CURRENT: Color32 = Color32::from_rgb(205, 0, 165);

/// Positive δ: processors with items to give away (orange). The redistribution plots draw
/// their second series in it too, so they match the ring above them.
pub const POSITIVE: Color32 = Color32::from_rgb(215, 110, 20);
/// Negative δ: processors waiting for items (blue). The redistribution plots draw their main
/// series in it too, so they match the ring above them.
pub const NEGATIVE: Color32 = Color32::from_rgb(40, 110, 200);
/// Forwarding: items a processor passes on without keeping any (green). The redistribution
/// plots draw their third series in it.
pub const FORWARD: Color32 = Color32::from_rgb(20, 150, 90);
/// What has no colour of its own, such as a send outside the pseudo-code's numbered steps or
/// the scheme that never redistributes (dark grey).
pub const MUTED: Color32 = Color32::from_gray(110);

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

/// `color` as text on `background`: itself where it reads 4.5:1 against it, else mixed
/// toward black (a light background) or white (a dark one) just until it does, so that it
/// keeps its hue (a legend's or an arrow label's colour says which arrows it names; the
/// yellow of a feeding arrow read 2:1 on the light panel).
pub fn text_in(color: Color32, background: Color32) -> Color32 {
    let opaque = over(color, background);
    let toward = if luminance(background) > 0.18 {
        Color32::BLACK
    } else {
        Color32::WHITE
    };
    (0..=20)
        .map(|k| k as f32 / 20.0)
        .map(|t| {
            let mix = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
            Color32::from_rgb(
                mix(opaque.r(), toward.r()),
                mix(opaque.g(), toward.g()),
                mix(opaque.b(), toward.b()),
            )
        })
        .find(|&c| contrast(c, background) >= 4.5)
        .unwrap_or(toward)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Coloured text reads 4.5:1 on both themes' panels and keeps its colour where it can.
    #[test]
    fn coloured_text_reads_on_its_background() {
        let light = Color32::from_gray(248);
        let dark = Color32::from_gray(27);
        let yellow = Color32::from_rgb(190, 150, 0);
        for c in CATEGORIES
            .into_iter()
            .chain([yellow, Color32::from_rgb(210, 60, 40)])
        {
            for bg in [light, dark, Color32::WHITE, Color32::BLACK] {
                let t = text_in(c, bg);
                assert!(contrast(t, bg) >= 4.5, "{c:?} on {bg:?}: {t:?}");
            }
        }
        // Already legible: unchanged. Not legible: darker on light, lighter on dark.
        assert_eq!(text_in(Color32::BLACK, light), Color32::BLACK);
        assert!(luminance(text_in(yellow, light)) < luminance(yellow));
        let blue = Color32::from_rgb(30, 120, 200);
        assert!(luminance(text_in(blue, dark)) > luminance(blue));
    }

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

    /// The three themes as the app installs them: light and dark made [`legible`], and
    /// high contrast.
    fn themes() -> [egui::Visuals; 3] {
        let (mut light, mut dark) = (egui::Visuals::light(), egui::Visuals::dark());
        legible(&mut light);
        legible(&mut dark);
        [light, dark, high_contrast()]
    }

    /// Graphical objects (WCAG 1.4.11): every colour a plot, ring, bar or arrow is drawn in
    /// reads at least 3:1 against the plots' background and the panels in every theme, and
    /// the high-contrast theme's outlines and selection against what they sit on.
    #[test]
    fn every_graphical_colour_reads_3_to_1_on_its_backgrounds() {
        let named = [
            ("simulated", SIMULATED),
            ("baseline", BASELINE),
            ("third", THIRD),
            ("fourth", FOURTH),
            ("event", EVENT),
            ("sixth", SIXTH),
            ("bound", BOUND),
            ("ok", OK),
            ("reference", REFERENCE),
            ("neutral", NEUTRAL),
            ("current", CURRENT),
            ("positive", POSITIVE),
            ("negative", NEGATIVE),
            ("forward", FORWARD),
            ("muted", MUTED),
        ];
        for v in themes() {
            let bars = [
                crate::ui::widgets::gantt::BarKind::Compute,
                crate::ui::widgets::gantt::BarKind::Send,
                crate::ui::widgets::gantt::BarKind::Receive,
            ]
            .map(|k| {
                (
                    k.name(),
                    crate::ui::widgets::gantt::bar_color(k, v.dark_mode),
                )
            });
            for (bg_name, bg) in [("plot", v.extreme_bg_color), ("panel", v.panel_fill)] {
                for (name, c) in named.iter().chain(&bars) {
                    let ratio = contrast(*c, bg);
                    assert!(
                        ratio >= 3.0,
                        "dark {}: {name} {c:?} on the {bg_name} {bg:?} reads {ratio:.2}:1",
                        v.dark_mode
                    );
                }
            }
        }
        let hc = high_contrast();
        for w in [
            &hc.widgets.inactive,
            &hc.widgets.hovered,
            &hc.widgets.active,
        ] {
            assert!(contrast(w.bg_stroke.color, hc.panel_fill) >= 3.0);
            assert!(contrast(w.fg_stroke.color, w.weak_bg_fill) >= 4.5);
        }
        assert!(contrast(hc.selection.stroke.color, hc.selection.bg_fill) >= 4.5);
    }

    /// Every text colour the ring, the Gantt chart, the tree, the plots and the numbers draw
    /// (the theme's text, weak text, errors, warnings, checks that hold, the ink on coloured
    /// discs and bars) against every background they are drawn on (panels, windows, text
    /// boxes, striped rows), in both themes: at least 4.5:1.
    #[test]
    fn every_text_colour_reads_4_5_to_1_on_its_backgrounds() {
        for v in themes() {
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
                ("bound", bound_text(&v)),
                ("selected text", v.selection.stroke.color),
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
