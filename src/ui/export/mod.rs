//! Exports that draw whole workspaces or the whole app off-screen, above the figure module
//! the workspaces use: `loadlab render`'s figures and animations ([`headless`],
//! [`animation`]) draw a fresh workspace of the model ([`crate::ui::workspaces::fresh_tab`]);
//! a lesson's hand-out ([`handout`]) also shoots the app's whole window at every step
//! ([`window`]), running the app through [`window::App`], which the app implements (the
//! app's File ▸ Export hand-out… writes one, so the export cannot import the app).

pub mod animation;
pub mod handout;
pub mod headless;
pub mod window;
