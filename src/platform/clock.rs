//! The clock: `Instant` and `Duration` that work on both platforms (`web-time` re-exports the
//! standard library's on the desktop and reads `performance.now()` in the browser).

pub use web_time::{Duration, Instant};
