//! The desktop's entry point: the app in a window of its own (the web's is `super::web`).

use crate::preset::Preset;
use crate::ui::LoadlabApp;
use crate::ui::commands::Cmd;

/// The presenter's window size request in points (eframe clamps it to the largest monitor).
const PRESENTER_ASK: f32 = 16_000.0;

/// Opens the main window, on `initial` if given (else on the last scenario, or the default);
/// an `Err` (a preset named on the command line that could not be read) is shown in the
/// status bar.
///
/// `startup` commands are carried out in the first frame (`loadlab gui --lesson NAME`).
pub fn run(
    initial: Result<Option<Preset>, String>,
    presenter: bool,
    startup: Vec<Cmd>,
) -> eframe::Result<()> {
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("loadlab")
        .with_inner_size([1500.0, 940.0])
        .with_min_inner_size([900.0, 600.0])
        .with_drag_and_drop(true);
    if presenter {
        // On a projector the window fills the screen: maximized where a window manager runs,
        // and asked for more than any screen, which eframe clamps to the largest monitor,
        // where none does (a kiosk, a bare X server). The desktop's remembered size is not
        // restored then.
        viewport = viewport
            .with_inner_size([PRESENTER_ASK, PRESENTER_ASK])
            .with_position([0.0, 0.0])
            .with_maximized(true);
    }
    let options = eframe::NativeOptions {
        viewport,
        persist_window: !presenter,
        ..Default::default()
    };
    eframe::run_native(
        "loadlab",
        options,
        Box::new(move |cc| {
            let app = LoadlabApp::opened(cc, initial, presenter, startup);
            Ok(Box::new(app))
        }),
    )
}
