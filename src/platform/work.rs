//! Background work: the one interface `jobs` runs its jobs through.
//!
//! - [`spawn`] starts a job's work off the UI's path: on the desktop a thread of its own; on
//!   the web the work joins a queue that runs one job at a time between frames.
//! - [`checkpoint`] is called by a job whenever it reports progress or asks whether it is
//!   cancelled (every computation does so often, see `model::Progress`): on the desktop it
//!   costs nothing; on the web it hands the browser a turn once the job has run for a slice.
//! - [`wait`] lets background work go on for a while (code that waits for a job: the figure
//!   exports settle their stages): a sleep on the desktop, running queued jobs on the web.
//! - [`is_worker`]: true inside a job's work.
//! - [`beside`] runs two computations, side by side where there are threads.
//! - [`PROGRESS_REPAINT`]: how often at most a job's progress asks for a frame.
//!
//! **Why slices and not web workers on the web.** A web worker is a second copy of the
//! program with its own memory: a job would have to be sent there as data and its result sent
//! back, so every kind of job (about twenty closures over the app's types) would need a
//! serialisable twin, and threads sharing memory need a nightly toolchain and special server
//! headers. Slicing keeps every job exactly as it is: the browser's stack switching
//! (WebAssembly JavaScript Promise Integration, JSPI) lets a job pause inside any
//! `checkpoint` and resume after the browser has drawn a frame, so a map or a sweep keeps the
//! page responsive, shows its progress and notices Cancel. Where the browser lacks JSPI a job
//! runs whole between two frames (bounded by the cost estimate every computation makes
//! first), which is slower to show but gives the same results.
//!
//! The one exception is a map: thousands of independent cells described by a small request,
//! which [`super::cells`] sends to web workers, one per core, while the job waits on the
//! runner's suspended stack (`wait_for_workers` on the web).

pub use imp::*;

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use crate::platform::clock::Duration;

    /// Stack of a job's worker thread, in bytes (the main thread's usual 8 MiB).
    pub const WORKER_STACK: usize = 8 << 20;

    /// The least time between two repaints a job's progress asks for: none here, where a
    /// frame costs a millisecond or two (the 1 % step of `jobs` alone keeps them few).
    pub const PROGRESS_REPAINT: Duration = Duration::ZERO;

    /// Name prefix of every job's worker thread.
    const THREAD_PREFIX: &str = "loadlab-job";

    /// Runs `work` on a new thread; an error when the thread could not start.
    pub fn spawn(work: Box<dyn FnOnce() + Send>) -> Result<(), String> {
        std::thread::Builder::new()
            .name(THREAD_PREFIX.into())
            .stack_size(WORKER_STACK)
            .spawn(work)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// True on a job's worker thread.
    pub fn is_worker() -> bool {
        std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with(THREAD_PREFIX))
    }

    /// Nothing to do: a job's thread runs alongside the UI.
    pub fn checkpoint() {}

    /// Sleeps: the jobs' threads go on meanwhile.
    pub fn wait(d: Duration) {
        std::thread::sleep(d);
    }

    /// `side` on a second thread while `main` runs on this one; both results.
    pub fn beside<A: Send, B>(side: impl FnOnce() -> A + Send, main: impl FnOnce() -> B) -> (A, B) {
        std::thread::scope(|s| {
            let side = s.spawn(side);
            let b = main();
            match side.join() {
                Ok(a) => (a, b),
                Err(payload) => std::panic::resume_unwind(payload),
            }
        })
    }
}

#[cfg(target_arch = "wasm32")]
#[path = "work_web.rs"]
mod imp;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beside_runs_the_side_on_another_thread_and_returns_both() {
        let here = std::thread::current().id();
        let (side, main) = beside(
            move || std::thread::current().id() != here,
            || std::thread::current().id() == here,
        );
        assert!(side && main);
    }

    #[test]
    fn spawned_work_runs_on_a_worker() {
        let (tx, rx) = std::sync::mpsc::channel();
        spawn(Box::new(move || {
            let _ = tx.send(is_worker());
        }))
        .unwrap();
        assert_eq!(rx.recv().ok(), Some(true));
        assert!(!is_worker());
    }
}
