//! The clock: `Instant` and `Duration` that work on both platforms (`web-time` re-exports the
//! standard library's on the desktop and reads `performance.now()` in the browser).

pub use web_time::{Duration, Instant};

/// The instant `seconds` ago (now when the clock cannot go back that far): a log's clock
/// resumed at its last entry's time, so the entries after a restart go on counting from it.
pub fn ago(seconds: f64) -> Instant {
    let back = Duration::try_from_secs_f64(seconds).unwrap_or_default();
    Instant::now()
        .checked_sub(back)
        .unwrap_or_else(Instant::now)
}
