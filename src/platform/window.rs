//! The desktop's entry point: the app in a window of its own (the web's is [`super::web`]).

use crate::preset::Preset;
use crate::ui::LoadlabApp;
use crate::ui::app;

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
