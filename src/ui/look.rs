//! How the app looks to its reader: the theme (light, dark, the system's, or high contrast),
//! the text size and reduced motion. Chosen in View, kept across restarts, and applied to both
//! of egui's themes at once, so that following the system's theme keeps the choices.

use serde::{Deserialize, Serialize};

use super::widgets::palette;

/// Light, dark, follow the system, or high contrast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum ThemeChoice {
    /// Follow the OS.
    System,
    /// Light.
    #[default]
    Light,
    /// Dark.
    Dark,
    /// Black on white with strong outlines (View ▸ High contrast theme).
    HighContrast,
}

/// Zoom factor of presenter mode on a 1280 × 720 window (type about 1.5 × larger, for the back
/// of the room): the window holds about 853 × 480 points.
pub const PRESENTER_ZOOM: f32 = 1.5;

/// The window presenter mode lays its slide out for, in (native) points.
pub const PRESENTER_WINDOW: egui::Vec2 = egui::vec2(1280.0, 720.0);

/// Presenter mode's zoom on a window `native` points large: the window holds the 853 × 480
/// points of [`PRESENTER_WINDOW`] at [`PRESENTER_ZOOM`] (its narrower side rules), so a
/// larger projector shows the same slide with larger type (1920 × 1080: 2.25), where it
/// showed 720p's type on a larger room, smaller from the back of the hall; and a smaller one
/// (1024 × 768: 1.2) the same slide with type as large against the screen, where 1.5 left
/// 683 × 512 points, narrower than any layout, and text ran over text. Never below
/// [`desk_zoom`]. A window within a thousandth of 1280 × 720 counts as that (a size in points
/// comes back from the zoom with rounding errors: 1280 × 720 pixels must give 1.5, not
/// 1.49996).
pub fn presenter_zoom(native: egui::Vec2) -> f32 {
    let scale = (native.x / PRESENTER_WINDOW.x).min(native.y / PRESENTER_WINDOW.y);
    let scale = if scale > 0.999 { scale.max(1.0) } else { scale };
    (PRESENTER_ZOOM * scale).max(desk_zoom(native))
}

/// The narrowest room every layout is made for, in points: presenter mode's at 720p
/// (1280 / 1.5 = 853⅓), which the lecture walks hold to at every size.
pub const LEAST_WIDTH: f32 = PRESENTER_WINDOW.x / PRESENTER_ZOOM;

/// The least height every layout is made for, in points: presenter mode's at 720p (720 / 1.5).
pub const LEAST_HEIGHT: f32 = PRESENTER_WINDOW.y / PRESENTER_ZOOM;

/// The least zoom [`desk_zoom`] takes: [`COLUMN_WIDTH`] native points hold [`LEAST_WIDTH`]
/// with type at ¾ of the system's size.
pub const DESK_ZOOM_MIN: f32 = 0.75;

/// Below this width (native points, and points) a window is a phone's, held upright: no
/// zoom holds [`LEAST_WIDTH`] there with type still legible, so the app keeps the system's
/// type size and lays the stage out in one column, the drawer under the picture
/// ([`crate::ui::stage::is_column`]). 640 = [`LEAST_WIDTH`] × [`DESK_ZOOM_MIN`]: a window
/// at least this wide holds the least width, a narrower one is a column, and no zoom of
/// [`desk_zoom`] gives a room in between.
pub const COLUMN_WIDTH: f32 = LEAST_WIDTH * DESK_ZOOM_MIN;

/// A window whose shorter side is narrower than this (native points) is a phone's, upright
/// (390 × 844) or on its side (844 × 390): a phone's short side is at most about 440 points,
/// a small tablet's 600 or more. There a picture too tall for its room scrolls, as a page
/// does under the finger, rather than being squeezed ([`crate::ui::frame::on_phone`]).
pub const PHONE_SIDE: f32 = 480.0;

/// Whether a window `native` points large is a phone's ([`PHONE_SIDE`]).
pub fn is_phone(native: egui::Vec2) -> bool {
    native.x.min(native.y) < PHONE_SIDE
}

/// The zoom of a window `native` points large outside presenter mode (and presenter mode's
/// least): 1, or less where the window is narrower than [`LEAST_WIDTH`], so that it holds that
/// width. A tablet upright (820 points) or an 800 × 600 projector had less: the toolbar
/// wrapped a line more at some lesson steps, moving Back and Next under the pointer, and the
/// picture's Describe button covered the step bar's label; there type 4–6 % smaller is the
/// price. Never below [`DESK_ZOOM_MIN`]; 1 on a window narrower than [`COLUMN_WIDTH`] (a
/// phone upright: at ¾ its 390 points held 520, still too narrow, in type too small to read).
pub fn desk_zoom(native: egui::Vec2) -> f32 {
    if native.x < COLUMN_WIDTH {
        return 1.0;
    }
    (native.x / LEAST_WIDTH).clamp(DESK_ZOOM_MIN, 1.0)
}

/// The size of the app's text, beyond presenter mode's zoom: egui's text styles scaled (the
/// pictures keep their own geometry, their labels follow the picture).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum TextSize {
    /// egui's own sizes (body text 12.5 points).
    #[default]
    Normal,
    /// 125 %.
    Large,
    /// 150 %.
    Larger,
    /// 200 %.
    Largest,
}

impl TextSize {
    /// Every size, smallest first (the order of View ▸ Text size).
    pub const ALL: [TextSize; 4] = [
        TextSize::Normal,
        TextSize::Large,
        TextSize::Larger,
        TextSize::Largest,
    ];

    /// How much larger than egui's sizes.
    pub fn factor(self) -> f32 {
        match self {
            TextSize::Normal => 1.0,
            TextSize::Large => 1.25,
            TextSize::Larger => 1.5,
            TextSize::Largest => 2.0,
        }
    }

    /// Its menu entry.
    pub fn caption(self) -> &'static str {
        match self {
            TextSize::Normal => "Normal text (100 %)",
            TextSize::Large => "Large text (125 %)",
            TextSize::Larger => "Larger text (150 %)",
            TextSize::Largest => "Largest text (200 %)",
        }
    }
}

/// How much larger than egui's sizes the reader's text is (View ▸ Text size), as the style
/// of `ctx` says ([`Look::apply`] scaled it): 1 where nothing was chosen.
pub fn text_factor(ctx: &egui::Context) -> f32 {
    let body = |s: &egui::Style| {
        s.text_styles
            .get(&egui::TextStyle::Body)
            .map_or(1.0, |f| f.size)
    };
    // (egui's own body size, measured once: it is read several times a frame.)
    static PLAIN: std::sync::OnceLock<f32> = std::sync::OnceLock::new();
    body(&ctx.global_style()) / *PLAIN.get_or_init(|| body(&egui::Style::default()))
}

/// Type of `size` points in the reader's text size: text drawn at a size of its own (the
/// lesson's and the quiz's body, Compare's pane titles) grows with View ▸ Text size as egui's
/// styles do. (The pictures keep their own type: it follows the picture.)
pub fn reading(ctx: &egui::Context, size: f32) -> f32 {
    size * text_factor(ctx)
}

/// The reader's choices of appearance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Look {
    /// Light, dark, the system's, or high contrast.
    pub theme: ThemeChoice,
    /// The text size.
    pub text: TextSize,
    /// Reduced motion: nothing slides, fades or pulses; Play still steps at its speed.
    pub calm: bool,
}

impl Look {
    /// Makes `ctx` look as chosen: the theme preference, each theme's colours (high contrast
    /// replaces the light theme's), text sizes and animation times.
    pub fn apply(&self, ctx: &egui::Context) {
        ctx.set_theme(match self.theme {
            ThemeChoice::System => egui::ThemePreference::System,
            ThemeChoice::Light | ThemeChoice::HighContrast => egui::ThemePreference::Light,
            ThemeChoice::Dark => egui::ThemePreference::Dark,
        });
        palette::install(ctx, self.theme == ThemeChoice::HighContrast);
        let plain = egui::Style::default();
        for theme in [egui::Theme::Light, egui::Theme::Dark] {
            ctx.style_mut_of(theme, |s| {
                s.text_styles = plain
                    .text_styles
                    .iter()
                    .map(|(style, font)| {
                        let size = font.size * self.text.factor();
                        (style.clone(), egui::FontId::new(size, font.family.clone()))
                    })
                    .collect();
                if self.calm {
                    s.animation_time = 0.0;
                    s.scroll_animation = egui::style::ScrollAnimation::none();
                } else {
                    s.animation_time = plain.animation_time;
                    s.scroll_animation = plain.scroll_animation;
                }
            });
        }
    }
}

/// Whether reduced motion is on in `ctx` (what pulses or slides draws its steady state).
pub fn calm(ctx: &egui::Context) -> bool {
    ctx.global_style().animation_time == 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presenter_mode_shows_a_larger_window_the_slide_of_720p() {
        let zoom = |w, h| presenter_zoom(egui::vec2(w, h));
        // 1280 × 720 at 1.5 holds 853⅓ × 480 points; 1080p and 1440p hold the same.
        assert_eq!(zoom(1280.0, 720.0), 1.5);
        assert_eq!(zoom(1920.0, 1080.0), 2.25);
        assert_eq!(zoom(2560.0, 1440.0), 3.0);
        // The narrower side rules: 1920 × 1200 is 1080p's width.
        assert_eq!(zoom(1920.0, 1200.0), 2.25);
        // A 4:3 projector holds 720p's width: 1024 × 768 at 1.2 is 853⅓ × 640 points.
        assert!((zoom(1024.0, 768.0) - 1.2).abs() < 1e-6);
        assert!((1024.0 / zoom(1024.0, 768.0) - 1280.0 / 1.5).abs() < 1e-3);
        // Smaller than the system's own size only to hold 853⅓ points: an 800 × 600 projector
        // at 0.9375; never below ¾.
        assert!((zoom(800.0, 600.0) - 0.9375).abs() < 1e-6);
        assert_eq!(zoom(640.0, 480.0), DESK_ZOOM_MIN);
        // Narrower: a phone's column at the system's type size.
        assert_eq!(zoom(400.0, 300.0), 1.0);
    }

    #[test]
    fn the_normal_layout_zooms_out_only_to_hold_the_least_width() {
        let zoom = |w, h| desk_zoom(egui::vec2(w, h));
        assert_eq!(zoom(1500.0, 940.0), 1.0);
        assert_eq!(zoom(853.5, 400.0), 1.0);
        // A tablet upright: 820 points hold 853⅓ at 0.961.
        assert!((820.0 / zoom(820.0, 1180.0) - 1280.0 / 1.5).abs() < 1e-3);
        // The narrowest window that holds it: ¾.
        assert!((640.0 / zoom(640.0, 1000.0) - 1280.0 / 1.5).abs() < 1e-3);
        // A phone upright: no zoom holds it legibly; one column at the system's type size.
        assert_eq!(zoom(639.0, 844.0), 1.0);
        assert_eq!(zoom(390.0, 844.0), 1.0);
        // A phone either way up; not an 800 × 600 projector or a small tablet.
        assert!(is_phone(egui::vec2(390.0, 844.0)) && is_phone(egui::vec2(844.0, 390.0)));
        assert!(!is_phone(egui::vec2(800.0, 600.0)) && !is_phone(egui::vec2(600.0, 960.0)));
    }

    #[test]
    fn a_look_scales_every_text_style_and_stops_animations_in_both_themes() {
        let ctx = egui::Context::default();
        let body = egui::Style::default().text_styles[&egui::TextStyle::Body].size;
        Look {
            theme: ThemeChoice::HighContrast,
            text: TextSize::Larger,
            calm: true,
        }
        .apply(&ctx);
        for theme in [egui::Theme::Light, egui::Theme::Dark] {
            let s = ctx.style_of(theme);
            assert_eq!(s.text_styles[&egui::TextStyle::Body].size, body * 1.5);
            assert_eq!(s.animation_time, 0.0);
        }
        assert!(calm(&ctx));
        // High contrast is black on white.
        let light = ctx.style_of(egui::Theme::Light);
        assert_eq!(light.visuals.panel_fill, egui::Color32::WHITE);
        assert_eq!(light.visuals.text_color(), egui::Color32::BLACK);
        // Back to the plain look: egui's sizes, its light theme made legible, motion back.
        Look::default().apply(&ctx);
        let s = ctx.style_of(egui::Theme::Light);
        assert_eq!(s.text_styles[&egui::TextStyle::Body].size, body);
        assert_ne!(s.visuals.panel_fill, egui::Color32::WHITE);
        assert!(!calm(&ctx));
    }
}
