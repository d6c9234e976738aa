//! The web's background work: a queue of jobs that one runner works through, one job at a
//! time, in slices of about [`SLICE`]. The runner is started from JavaScript (`index.html`)
//! as a promising export (JSPI); a job's [`checkpoint`] pauses the runner's whole stack once
//! its slice is over and resumes it after the browser's next turn, so frames keep coming
//! while a job computes. Without JSPI the runner is called plainly and a job runs whole.
//!
//! Only the runner's own stack may pause: code the page calls meanwhile (a frame, the test
//! hook) runs jobs it waits for to the end ([`wait`]), never pausing.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;

use wasm_bindgen::prelude::*;

use crate::platform::clock::{Duration, Instant};

/// How long a job runs before the browser gets a turn (a frame at 60 Hz lasts 16.7 ms).
const SLICE: Duration = Duration::from_millis(10);

/// The least time between two repaints a job's progress asks for. A frame of the page costs
/// far more than the desktop's (up to 100-250 ms where the browser renders WebGL in
/// software), and its drawing shares the cores with the map's web workers: a repaint at every
/// 1 % kept a renderer busy for the whole of a map. Four a second still show the bar moving.
pub const PROGRESS_REPAINT: Duration = Duration::from_millis(250);

type Work = Box<dyn FnOnce()>;

thread_local! {
    static QUEUE: RefCell<VecDeque<Work>> = const { RefCell::new(VecDeque::new()) };
    /// The runner is working through the queue (perhaps paused).
    static RUNNING: Cell<bool> = const { Cell::new(false) };
    /// A run of the runner has been asked for and has not started yet.
    static SCHEDULED: Cell<bool> = const { Cell::new(false) };
    /// Job work executes on the runner's pausable stack right now.
    static PAUSABLE: Cell<bool> = const { Cell::new(false) };
    /// When the current slice began.
    static SLICE_START: Cell<Option<Instant>> = const { Cell::new(None) };
    /// How many jobs' work is executing (nested when a job waits for another).
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// The longest slice the runner ran without a pause, in ms (see [`longest_slice_ms`]).
    static LONGEST: Cell<f64> = const { Cell::new(0.0) };
}

/// The longest slice the runner ran without giving the browser a turn since the last call,
/// in milliseconds (the web page's test hook reads it).
pub fn longest_slice_ms() -> f64 {
    LONGEST.replace(0.0)
}

/// Notes the slice that ends now.
fn slice_ended() {
    if let Some(t) = SLICE_START.get() {
        let ms = Instant::now().duration_since(t).as_secs_f64() * 1000.0;
        LONGEST.set(LONGEST.get().max(ms));
    }
}

#[link(wasm_import_module = "./loadlab-work.js")]
unsafe extern "C" {
    /// Resolves after the browser's next turn: JSPI suspends the runner's stack meanwhile
    /// (`WebAssembly.Suspending` in `loadlab-work.js`).
    fn pause();
    /// Resolves when the web workers computing a map's cells have news, or after 50 ms: JSPI
    /// suspends the runner's stack meanwhile (`loadlab-work.js`).
    fn wait_cells();
}

#[wasm_bindgen]
extern "C" {
    /// Asks the page to call [`loadlab_run_jobs`] soon (`index.html`).
    #[wasm_bindgen(js_namespace = loadlabWork, js_name = schedule)]
    fn schedule_runner();
}

/// Queues `work`; the runner starts soon if it is not already working.
pub fn spawn(work: Box<dyn FnOnce() + Send>) -> Result<(), String> {
    QUEUE.with_borrow_mut(|q| q.push_back(work));
    if !RUNNING.get() && !SCHEDULED.get() {
        SCHEDULED.set(true);
        schedule_runner();
    }
    Ok(())
}

/// True while a job's work executes.
pub fn is_worker() -> bool {
    DEPTH.get() > 0
}

/// Pauses the runner when its slice is over (only on the runner's own stack).
pub fn checkpoint() {
    if !PAUSABLE.get() {
        return;
    }
    if SLICE_START
        .get()
        .is_some_and(|t| Instant::now().duration_since(t) < SLICE)
    {
        return;
    }
    // SAFETY: an import without arguments or result; JSPI suspends and resumes the stack.
    suspended(|| unsafe { pause() });
}

/// Runs `wait`, a suspending import, with the runner marked as not pausable meanwhile (code
/// the page calls while the runner is suspended must not pause), and starts a new slice after.
fn suspended(wait: impl FnOnce()) {
    PAUSABLE.set(false);
    slice_ended();
    wait();
    PAUSABLE.set(true);
    SLICE_START.set(Some(Instant::now()));
}

/// Suspends the runner until the web workers have news (or for at most 50 ms) and returns
/// true; returns false at once where it cannot suspend (not on the runner's stack, or the
/// browser lacks JSPI): the caller then computes by itself.
pub fn wait_for_workers() -> bool {
    if !PAUSABLE.get() {
        return false;
    }
    // SAFETY: an import without arguments or result; JSPI suspends and resumes the stack.
    suspended(|| unsafe { wait_cells() });
    true
}

/// True where a job may wait for web workers ([`wait_for_workers`] would suspend).
pub fn can_wait_for_workers() -> bool {
    PAUSABLE.get()
}

/// `main`, then `side`: one thread.
pub fn beside<A, B>(side: impl FnOnce() -> A, main: impl FnOnce() -> B) -> (A, B) {
    let b = main();
    (side(), b)
}

/// Runs one queued job to its end (a caller waiting for background work).
pub fn wait(_d: Duration) {
    if let Some(work) = QUEUE.with_borrow_mut(|q| q.pop_front()) {
        execute(work);
    }
}

fn execute(work: Work) {
    DEPTH.set(DEPTH.get() + 1);
    work();
    DEPTH.set(DEPTH.get() - 1);
}

/// The runner: works through the queue. `pausable` is 1 when the page called it through
/// `WebAssembly.promising` (JSPI), 0 when it called it plainly.
#[unsafe(no_mangle)]
pub extern "C" fn loadlab_run_jobs(pausable: u32) {
    SCHEDULED.set(false);
    if RUNNING.get() {
        return;
    }
    RUNNING.set(true);
    SLICE_START.set(Some(Instant::now()));
    while let Some(work) = QUEUE.with_borrow_mut(|q| q.pop_front()) {
        PAUSABLE.set(pausable != 0);
        checkpoint();
        execute(work);
        PAUSABLE.set(false);
    }
    slice_ended();
    RUNNING.set(false);
}
