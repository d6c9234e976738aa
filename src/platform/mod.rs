//! What differs between the desktop app and the web page (wasm32): one small module per
//! difference, each with the same interface on both platforms, so the rest of the crate never
//! asks which platform it runs on.
//!
//! - [`clock`]: `Instant` (the standard library's panics on wasm32; the browser's
//!   `performance.now()` stands in).
//! - [`work`]: background work — a thread per job on the desktop; on the web, a queue of jobs
//!   run one at a time in time slices between frames (see the module for why).
//! - [`cells`]: a map's cells on every core — rayon's threads on the desktop, web workers on
//!   the web.
//! - [`files`]: reading and writing files — the file system on the desktop; on the web, files
//!   the user picked or dropped (kept in memory) and every save or export as a download.
//! - [`address`]: what the page's address asks for and the address that shows the state.
//! - [`motion`]: the system's reduced-motion preference.
//! - [`screen`]: full screen (the window's on the desktop, the page's on the web).
//! - Entry points: `window` (the desktop: a window of its own) and `web` (wasm32: the page,
//!   its address bar and the test hook).

pub mod address;
pub mod cells;
pub mod clock;
pub mod files;
pub mod motion;
pub mod screen;
pub mod work;

#[cfg(not(target_arch = "wasm32"))]
pub mod window;

#[cfg(target_arch = "wasm32")]
pub mod web;
