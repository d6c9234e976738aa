//! In-app help texts: pointer gestures, each model's name in the model rail and About loadlab
//! (each model's conventions and the paper findings are its workspace's, `Workspace::HELP`).

use crate::model::registry::ModelId;

/// A model's name in the model rail and the hover text of its entry.
pub fn rail(model: ModelId) -> (&'static str, &'static str) {
    let row = model.info();
    (row.title, row.summary)
}

/// egui's own zoom keys (the View menu and the shortcuts window name them).
pub const ZOOM_KEYS: &str = "Ctrl+= / Ctrl+− / Ctrl+0";

/// What the pointer and egui's own keys do, listed by Help ▸ Keyboard shortcuts after the
/// commands' keys (which come from the command table, [`crate::ui::commands::COMMANDS`]).
pub const GESTURES: &[(&str, &str)] = &[
    (
        "Hover a pseudo-code line",
        "Highlight what it produced (the redistribution arrows of that step)",
    ),
    (
        "Hover an arrow, a bar or a node",
        "Highlight the pseudo-code line that produced it",
    ),
    (
        "PageDown / PageUp",
        "The next / previous lesson step, wherever the focus is (a presenter's clicker sends \
         them); ← / → do it too after a click in the lesson",
    ),
    (
        "↑ / ↓ after a click in the lesson",
        "Scroll the step's text (F8 then Esc gives the lesson the keys from the keyboard)",
    ),
    (
        "Tab / Shift+Tab",
        "Move the keyboard focus to the next / previous control, in reading order (a ring \
         marks it)",
    ),
    (
        "Space / Enter",
        "Act on the focused control: press a button, plan a ring arrow, place the node in a \
         grid cell, run a tree node",
    ),
    (
        "Arrow keys on a ring arrow, grid cell or tree node",
        "Move among them: round the ring; to the next cell; to the parent (↑), left child (↓) \
         or level neighbour (← →)",
    ),
    (
        "Esc",
        "Let go of the focus: Space and the arrows step the schedule again",
    ),
    (
        ZOOM_KEYS,
        "Zoom in / out / back to the layout's own (presenter mode's on a projector)",
    ),
    (
        "Drop a .ron file",
        "Open it as a preset, workbook or lesson",
    ),
];

/// About text.
pub const ABOUT: &str = "loadlab — an interactive explorer of parallel load balancing and \
scheduling. Each model brings one paper to life: edit the instance, run the paper's algorithms \
as real simulations, step through them beside their pseudo-code (the lines of each step \
highlighted, with why), and compare simulated makespans with the paper's bounds. Every number \
is also available headless: `loadlab --help`, `loadlab pseudocode`.";
