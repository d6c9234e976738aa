//! Full screen for a projector: on the desktop the window's own (eframe's viewport command,
//! F11); on the web the page's (the Fullscreen API on the document), with no key of its own:
//! the browser's F11 fills the screen there already, and a second handler of the same key
//! would undo it.

use egui::KeyboardShortcut;

/// The keys of View ▸ Full screen on this platform.
#[cfg(not(target_arch = "wasm32"))]
pub const KEYS: &[KeyboardShortcut] =
    &[KeyboardShortcut::new(egui::Modifiers::NONE, egui::Key::F11)];

/// The keys of View ▸ Full screen on this platform (none: the browser's F11).
#[cfg(target_arch = "wasm32")]
pub const KEYS: &[KeyboardShortcut] = &[];

/// Whether the app fills the screen.
#[cfg(not(target_arch = "wasm32"))]
pub fn is_full(ctx: &egui::Context) -> bool {
    ctx.input(|i| i.viewport().fullscreen.unwrap_or(false))
}

/// Fills the screen (`on`), or goes back to the window.
#[cfg(not(target_arch = "wasm32"))]
pub fn set_full(ctx: &egui::Context, on: bool) {
    ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(on));
}

/// Whether the page fills the screen (through the Fullscreen API; the browser's own F11 mode
/// is the browser's, not the page's).
#[cfg(target_arch = "wasm32")]
pub fn is_full(_: &egui::Context) -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.fullscreen_element())
        .is_some()
}

/// Fills the screen with the page (`on`), or leaves full screen. The browser allows it only
/// just after a click or a key press, which is when a menu entry acts.
#[cfg(target_arch = "wasm32")]
pub fn set_full(_: &egui::Context, on: bool) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if !on {
        document.exit_fullscreen();
    } else if let Some(page) = document.document_element() {
        // Refused (no recent click, or an iframe without permission): nothing changes, and
        // the menu's check mark says so.
        let _ = page.request_fullscreen();
    }
}
