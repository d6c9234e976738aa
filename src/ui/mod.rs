//! The desktop GUI (eframe/egui): the app shell ([`app`], [`commands`], [`chrome`], [`desk`]) and one
//! [`workspace::Workspace`] per model ([`workspaces`]). Workspaces hold view state only;
//! numbers come from `model`.

pub mod app;
mod chrome;
pub mod commands;
pub mod compare;
pub mod desk;
pub mod errata;
pub mod exercise;
pub mod figure;
pub mod files;
pub mod help;
pub mod lesson;
pub mod map;
pub mod quiz;
pub mod research;
pub mod reveal;
pub mod stage;
pub mod widgets;
pub mod workspace;
pub mod workspaces;

pub use app::LoadlabApp;

use crate::preset::Preset;

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

/// Opens the main window, on `initial` if given (else on the last scenario, or the default);
/// an `Err` (a preset named on the command line that could not be read) is shown in the
/// status bar.
///
/// `startup` commands are carried out in the first frame (`loadlab gui --lesson NAME`).
pub fn run(
    initial: Result<Option<Preset>, String>,
    presenter: bool,
    startup: Vec<app::Cmd>,
) -> eframe::Result<()> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("loadlab")
            .with_inner_size([1500.0, 940.0])
            .with_min_inner_size([900.0, 600.0])
            .with_drag_and_drop(true),
        persist_window: true,
        ..Default::default()
    };
    eframe::run_native(
        "loadlab",
        options,
        Box::new(move |cc| {
            let (preset, error) = match initial {
                Ok(p) => (p, None),
                Err(e) => (None, Some(e)),
            };
            let mut app = LoadlabApp::new(cc, preset);
            if let Some(e) = error {
                app.show_error(e);
                app.skip_welcome();
            }
            if presenter {
                app.send(app::Cmd::Presenter(true));
            }
            if !startup.is_empty() {
                app.skip_welcome();
            }
            for c in startup {
                app.send(c);
            }
            Ok(Box::new(app))
        }),
    )
}
