//! The desktop GUI (eframe/egui): the app shell ([`app`], [`commands`], `chrome`, [`desk`]) and one
//! [`workspace::Workspace`] per model ([`workspaces`]). Workspaces hold view state only;
//! numbers come from `model`.

pub mod app;
pub mod attempt_window;
mod chrome;
pub mod commands;
pub mod compare;
pub mod desk;
pub mod errata;
pub mod exercise;
pub mod export;
pub mod figure;
pub mod files;
pub mod frame;
pub mod gradebook;
pub mod help;
pub mod homework;
pub mod ksbf_study;
pub mod lesson;
pub mod look;
pub mod map;
pub mod question;
pub mod quiz;
pub mod quiz_review;
pub mod research;
pub mod reveal;
pub mod stage;
pub mod widgets;
pub mod workspace;
pub mod workspaces;

pub use app::LoadlabApp;

/// DejaVu Sans (Bitstream Vera licence, see `assets/fonts/`): egui's built-in font lacks the
/// arrows, maths and check-mark glyphs the papers' notation needs (→, ∞, √, Σ, ≈, ✓, ✗, ℂ).
pub(crate) const DEJAVU_SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Adds the fallback font to a context (the app, the tests and the benchmarks call it).
pub fn install_fonts(ctx: &egui::Context) {
    use egui::epaint::text::{FontInsert, FontPriority, InsertFontFamily};
    ctx.add_font(FontInsert::new(
        "DejaVuSans",
        egui::FontData::from_static(DEJAVU_SANS),
        vec![
            InsertFontFamily {
                family: egui::FontFamily::Proportional,
                priority: FontPriority::Lowest,
            },
            InsertFontFamily {
                family: egui::FontFamily::Monospace,
                priority: FontPriority::Lowest,
            },
        ],
    ));
}
