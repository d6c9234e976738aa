//! Background jobs: heavy work (sweeps, large simulations) runs off the UI's path (a thread
//! of its own on the desktop, time slices on the web: see [`crate::platform::work`]), reports
//! progress in 0..=1, honours Cancel, and hands its result back through a channel. A new
//! request in the same [`JobSlot`] cancels the running one (latest wins). The UI only ever
//! polls (`try_recv`), so no frame waits on a job; the worker calls a `notify` callback (the
//! GUI passes `ctx.request_repaint`) when progress moves or the result is ready.
//!
//! A worker runs on a thread with an 8 MiB stack (no computation on user input
//! recurses, so this is a margin, not a need), and a panic in it is caught: the job ends as
//! [`Poll::Failed`] with the panic's message, which [`JobSlot::failure`] and
//! [`Keyed::failure`] keep for the view to show where the result would be. The process lives
//! on (the binary's panic hook only reports panics on job threads, see [`is_job_thread`]).

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::platform::clock::Instant;
use crate::platform::work::PROGRESS_REPAINT;

use crate::model::{Cancelled, Progress};

/// True on a job's worker thread: a panic there is caught and reported as the job's failure,
/// so a panic hook must not end the process for it.
pub fn is_job_thread() -> bool {
    crate::platform::work::is_worker()
}

/// How a job ended without a result.
#[derive(Debug, Clone, PartialEq)]
enum Ended {
    /// Cancelled.
    Cancelled,
    /// The work panicked, with this message.
    Panicked(String),
}

/// The message of a caught panic.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// Shared between the UI and one worker thread.
pub struct JobProgress {
    fraction: AtomicU32,
    cancel: AtomicBool,
    notify: Box<dyn Fn() + Send + Sync>,
    /// The fraction the last repaint showed, and when it was asked for.
    shown: Mutex<(f32, Option<Instant>)>,
}

impl JobProgress {
    /// Asks for a repaint when the progress has moved 1 % since the last one (so a fast sweep
    /// does not flood the UI) and [`PROGRESS_REPAINT`] has passed since.
    fn repaint_if_moved(&self, fraction: f32) {
        let Ok(mut shown) = self.shown.lock() else {
            return;
        };
        let (at, when) = *shown;
        let due = || when.is_none_or(|t| t.elapsed() >= PROGRESS_REPAINT);
        if (fraction - at).abs() >= 0.01 && due() {
            *shown = (fraction, Some(Instant::now()));
            drop(shown);
            (self.notify)();
        }
    }
}

impl Progress for JobProgress {
    fn set(&self, fraction: f32) {
        let fraction = fraction.clamp(0.0, 1.0);
        self.fraction.store(fraction.to_bits(), Ordering::Relaxed);
        self.repaint_if_moved(fraction);
        crate::platform::work::checkpoint();
    }
    fn cancelled(&self) -> bool {
        crate::platform::work::checkpoint();
        self.cancel.load(Ordering::Relaxed)
    }
}

/// A running (or finished) job producing a `T`.
pub struct Job<T> {
    label: String,
    progress: Arc<JobProgress>,
    rx: Receiver<Result<T, Ended>>,
}

/// What polling a job found.
#[derive(Debug, PartialEq)]
pub enum Poll<T> {
    /// Still running.
    Running,
    /// Finished with a result.
    Done(T),
    /// Cancelled (or the worker could not start).
    Cancelled,
    /// The work panicked: an internal error, with its message.
    Failed(String),
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` in the background ([`crate::platform::work::spawn`]).
    pub fn spawn(
        label: impl Into<String>,
        notify: impl Fn() + Send + Sync + 'static,
        work: impl FnOnce(&dyn Progress) -> Result<T, Cancelled> + Send + 'static,
    ) -> Self {
        let progress = Arc::new(JobProgress {
            fraction: AtomicU32::new(0f32.to_bits()),
            cancel: AtomicBool::new(false),
            notify: Box::new(notify),
            shown: Mutex::new((0.0, None)),
        });
        let (tx, rx) = channel();
        let p = Arc::clone(&progress);
        // Work that cannot start leaves the channel closed: the job reads as cancelled.
        let _ = crate::platform::work::spawn(Box::new(move || {
            // A job cancelled before it started (superseded in the web's queue) does nothing.
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                if p.cancelled() {
                    Err(Cancelled)
                } else {
                    work(p.as_ref())
                }
            }));
            let result = match caught {
                Ok(Ok(v)) => Ok(v),
                Ok(Err(Cancelled)) => Err(Ended::Cancelled),
                Err(payload) => Err(Ended::Panicked(panic_message(payload.as_ref()))),
            };
            // The receiver may be gone (superseded): that is fine.
            let _ = tx.send(result);
            (p.notify)();
        }));
        Job {
            label: label.into(),
            progress,
            rx,
        }
    }
}

impl<T> Job<T> {
    /// What the job does (for the status bar).
    pub fn label(&self) -> &str {
        &self.label
    }
    /// Fraction done.
    pub fn fraction(&self) -> f32 {
        f32::from_bits(self.progress.fraction.load(Ordering::Relaxed))
    }
    /// Asks the worker to stop; it notices at its next progress check.
    pub fn cancel(&self) {
        self.progress.cancel.store(true, Ordering::Relaxed);
    }
    /// Non-blocking check for the result.
    pub fn poll(&self) -> Poll<T> {
        match self.rx.try_recv() {
            Ok(Ok(v)) => Poll::Done(v),
            Ok(Err(Ended::Panicked(m))) => Poll::Failed(m),
            Ok(Err(Ended::Cancelled)) | Err(TryRecvError::Disconnected) => Poll::Cancelled,
            Err(TryRecvError::Empty) => Poll::Running,
        }
    }
}

/// A job nobody holds any more cannot hand its result to anyone: dropping it (its view or the
/// whole app closed) cancels the work, which stops at its next progress check instead of
/// running on for up to the seconds its cost estimate allowed.
impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// One slot per view: at most one job runs in it; submitting cancels the previous one.
pub struct JobSlot<T> {
    job: Option<Job<T>>,
    /// Why the last job ended without a result, when it panicked.
    failure: Option<String>,
}

impl<T> Default for JobSlot<T> {
    fn default() -> Self {
        JobSlot {
            job: None,
            failure: None,
        }
    }
}

impl<T: Send + 'static> JobSlot<T> {
    /// Starts a job, cancelling (and forgetting) the running one: latest wins.
    pub fn submit(
        &mut self,
        label: impl Into<String>,
        notify: impl Fn() + Send + Sync + 'static,
        work: impl FnOnce(&dyn Progress) -> Result<T, Cancelled> + Send + 'static,
    ) {
        self.cancel();
        self.failure = None;
        self.job = Some(Job::spawn(label, notify, work));
    }

    /// "internal error: …" when the last job panicked (until the next submit).
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// Polls the running job; returns its result once and empties the slot when it is over.
    pub fn poll(&mut self) -> Option<T> {
        let job = self.job.as_ref()?;
        match job.poll() {
            Poll::Running => None,
            Poll::Done(v) => {
                self.job = None;
                Some(v)
            }
            Poll::Cancelled => {
                self.job = None;
                None
            }
            Poll::Failed(m) => {
                self.job = None;
                self.failure = Some(format!("internal error: {m}"));
                None
            }
        }
    }

    /// Cancels the running job, if any, and forgets a failure.
    pub fn cancel(&mut self) {
        self.failure = None;
        if let Some(job) = self.job.take() {
            job.cancel();
        }
    }

    /// The running job (label and progress for the status bar).
    pub fn running(&self) -> Option<&Job<T>> {
        self.job.as_ref()
    }

    /// The running job as the status bar shows it: its label and progress.
    pub fn status(&self) -> Option<JobStatus> {
        self.running().map(|j| JobStatus {
            label: j.label().to_string(),
            fraction: j.fraction(),
        })
    }

    /// True while a job runs.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }
}

/// What the status bar shows of a running job.
#[derive(Debug, Clone, PartialEq)]
pub struct JobStatus {
    /// What runs.
    pub label: String,
    /// Fraction done.
    pub fraction: f32,
}

/// Any keyed job, seen by the shell: it polls every job of the visible workspace once per
/// frame, shows the first running one in the status bar, and cancels them all on Cancel.
pub trait JobHandle {
    /// Takes a finished result in (only the answer to the latest request is kept).
    fn poll(&mut self);
    /// The running job, if any.
    fn status(&self) -> Option<JobStatus>;
    /// Cancels the running job and forgets the request, so the next request starts again.
    fn cancel(&mut self);
    /// Why the wanted value will not come, when its job panicked.
    fn failure(&self) -> Option<&str> {
        None
    }
}

/// A value computed in the background for a key (the inputs it depends on).
///
/// [`Keyed::request`] starts a job when the key differs from the one last asked for; a newer
/// request cancels the running job (latest wins); a result whose key is no longer wanted is
/// dropped. The last good value stays readable while a newer one is computed, so plots do
/// not blank while a slider moves.
pub struct Keyed<K, T> {
    wanted: Option<K>,
    slot: JobSlot<(K, T)>,
    value: Option<(K, T)>,
    /// The key whose job was cancelled: not started again until the key changes or
    /// [`Keyed::retry`].
    cancelled: Option<K>,
    /// Bumped whenever the value changes (for caches derived from it).
    version: u64,
}

impl<K, T> Default for Keyed<K, T> {
    fn default() -> Self {
        Keyed {
            wanted: None,
            slot: JobSlot::default(),
            value: None,
            cancelled: None,
            version: 0,
        }
    }
}

impl<K: PartialEq + Clone + Send + 'static, T: Send + 'static> Keyed<K, T> {
    /// Asks for the value at `key`: starts `work` unless that key is already computed or
    /// running. Returns true when a job was started.
    pub fn request(
        &mut self,
        key: K,
        label: impl Into<String>,
        notify: impl Fn() + Send + Sync + 'static,
        work: impl FnOnce(&dyn Progress) -> Result<T, Cancelled> + Send + 'static,
    ) -> bool {
        if self.wanted.as_ref() == Some(&key) || self.cancelled.as_ref() == Some(&key) {
            return false;
        }
        self.wanted = Some(key.clone());
        self.cancelled = None;
        if self.value.as_ref().is_some_and(|(k, _)| *k == key) {
            // Back to a value we already hold (undo, slider moved back): no work.
            self.slot.cancel();
            return false;
        }
        self.slot
            .submit(label, notify, move |p| work(p).map(|v| (key, v)));
        true
    }

    /// Stores a value computed on the spot (small inputs need no thread), replacing any
    /// running job.
    pub fn set(&mut self, key: K, value: T) {
        self.slot.cancel();
        self.wanted = Some(key.clone());
        self.cancelled = None;
        self.value = Some((key, value));
        self.version += 1;
    }

    /// Counts value changes: a cache built from the value is stale when this moved.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Forgets the wanted key and the value (e.g. the inputs became invalid).
    pub fn clear(&mut self) {
        self.slot.cancel();
        self.wanted = None;
        self.value = None;
        self.version += 1;
    }

    /// The latest value, even if a newer one is being computed (its key tells which).
    pub fn latest(&self) -> Option<&T> {
        self.value.as_ref().map(|(_, v)| v)
    }

    /// The latest value with the key it was computed for.
    pub fn latest_keyed(&self) -> Option<(&K, &T)> {
        self.value.as_ref().map(|(k, v)| (k, v))
    }

    /// The value held, if it was computed for `key`.
    pub fn for_key(&self, key: &K) -> Option<&T> {
        self.value
            .as_ref()
            .filter(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// The value for the wanted key, once computed.
    pub fn current(&self) -> Option<&T> {
        match (&self.value, &self.wanted) {
            (Some((k, v)), Some(w)) if k == w => Some(v),
            _ => None,
        }
    }

    /// True while a job runs.
    pub fn is_running(&self) -> bool {
        self.slot.is_running()
    }

    /// True after Cancel until the key changes or [`Keyed::retry`].
    pub fn was_cancelled(&self) -> bool {
        self.cancelled.is_some()
    }

    /// Lets the next request start the cancelled key again ("Recompute").
    pub fn retry(&mut self) {
        self.cancelled = None;
    }

    /// The key last asked for.
    pub fn wanted(&self) -> Option<&K> {
        self.wanted.as_ref()
    }

    /// "internal error: …" when the job for the wanted key panicked: shown where its value
    /// would be. A new request, [`Keyed::set`] or [`Keyed::clear`] forgets it.
    pub fn failure(&self) -> Option<&str> {
        self.slot.failure()
    }
}

impl<K, T, E> Keyed<K, Result<T, E>>
where
    K: PartialEq + Clone + Send + 'static,
    T: Send + 'static,
    E: Send + 'static,
{
    /// The value held, if it was computed for `key` and the computation succeeded.
    pub fn ok_for(&self, key: &K) -> Option<&T> {
        self.for_key(key)?.as_ref().ok()
    }
}

impl<K: PartialEq + Clone + Send + 'static, T: Send + 'static> JobHandle for Keyed<K, T> {
    fn poll(&mut self) {
        if let Some((k, v)) = self.slot.poll()
            && self.wanted.as_ref() == Some(&k)
        {
            self.value = Some((k, v));
            self.version += 1;
        }
    }
    fn status(&self) -> Option<JobStatus> {
        self.slot.status()
    }
    fn cancel(&mut self) {
        if self.slot.is_running() {
            self.cancelled = self.wanted.clone();
        }
        self.slot.cancel();
        self.wanted = None;
    }
    fn failure(&self) -> Option<&str> {
        Keyed::failure(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// A job that works until it is cancelled.
    fn until_cancelled<T>(p: &dyn Progress) -> Result<T, Cancelled> {
        while !p.cancelled() {
            std::thread::sleep(Duration::from_millis(1));
        }
        Err(Cancelled)
    }

    fn wait<T: Send + 'static>(slot: &mut JobSlot<T>) -> Option<T> {
        let t0 = Instant::now();
        while slot.is_running() && t0.elapsed() < Duration::from_secs(10) {
            if let Some(v) = slot.poll() {
                return Some(v);
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        None
    }

    /// Dropping a slot with a running job (its view closed) stops the work: nobody could take
    /// its result.
    #[test]
    fn a_dropped_job_stops_working() {
        let (tx, rx) = std::sync::mpsc::channel();
        let mut slot = JobSlot::<()>::default();
        slot.submit(
            "forever",
            || {},
            move |p| {
                let _ = tx.send("started");
                let r = until_cancelled(p);
                let _ = tx.send("stopped");
                r
            },
        );
        assert_eq!(rx.recv_timeout(Duration::from_secs(10)), Ok("started"));
        drop(slot);
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(10)),
            Ok("stopped"),
            "the work ran on after its job was dropped"
        );
    }

    #[test]
    fn result_arrives_and_progress_reported() {
        let mut slot = JobSlot::default();
        slot.submit(
            "sum",
            || {},
            |p| {
                p.set(0.5);
                Ok(21 * 2)
            },
        );
        assert_eq!(wait(&mut slot), Some(42));
        assert!(!slot.is_running());
    }

    /// Progress asks for a repaint once it has moved 1 % since the last one, however small
    /// its steps, and not for smaller moves; then once more when the job ends.
    #[test]
    fn progress_repaints_at_each_percent_it_moves() {
        let repaints = Arc::new(AtomicU32::new(0));
        let r = Arc::clone(&repaints);
        let job = Job::spawn(
            "creep",
            move || {
                r.fetch_add(1, Ordering::SeqCst);
            },
            |p| {
                // 0.4 % steps up to 10 %: a repaint at 1.2, 2.4, … 9.6 % (8 of them).
                for k in 1..=25 {
                    p.set(k as f32 * 0.004);
                }
                // Back and forth by less than 1 %: none.
                p.set(0.1);
                p.set(0.097);
                Ok(())
            },
        );
        let t0 = Instant::now();
        while job.rx.try_recv().is_err() && t0.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(repaints.load(Ordering::SeqCst), 8 + 1);
    }

    #[test]
    fn latest_wins_and_cancel_is_honoured() {
        let mut slot: JobSlot<u32> = JobSlot::default();
        let started = Arc::new(AtomicBool::new(false));
        let s = Arc::clone(&started);
        slot.submit(
            "slow",
            || {},
            move |p| {
                s.store(true, Ordering::SeqCst);
                until_cancelled(p)
            },
        );
        while !started.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(1));
        }
        slot.submit("fast", || {}, |_| Ok(7));
        assert_eq!(wait(&mut slot), Some(7));
        slot.submit("slow again", || {}, until_cancelled);
        slot.cancel();
        assert!(!slot.is_running());
    }

    #[test]
    fn a_panicking_job_fails_with_its_message_and_the_next_one_runs() {
        let mut slot: JobSlot<u32> = JobSlot::default();
        slot.submit("boom", || {}, |_| panic!("bad input {}", 7));
        assert_eq!(wait(&mut slot), None);
        assert_eq!(slot.failure(), Some("internal error: bad input 7"));
        assert!(!slot.is_running());
        slot.submit("fine", || {}, |_| Ok(3));
        assert_eq!(slot.failure(), None);
        assert_eq!(wait(&mut slot), Some(3));
        // A keyed value: the failure stands for the wanted key until a new request.
        let mut k: Keyed<u32, u32> = Keyed::default();
        k.request(1, "one", || {}, |_| panic!("oops"));
        settle(&mut k);
        assert_eq!(k.current(), None);
        assert_eq!(JobHandle::failure(&k), Some("internal error: oops"));
        k.request(2, "two", || {}, |_| Ok(20));
        settle(&mut k);
        assert_eq!((k.current(), k.failure()), (Some(&20), None));
    }

    #[test]
    fn workers_have_a_deep_stack_and_are_job_threads() {
        let mut slot: JobSlot<(bool, usize)> = JobSlot::default();
        slot.submit(
            "deep",
            || {},
            |_| {
                // 3 MiB on the stack: more than a default spawned thread's 2 MiB.
                let big = [1u8; 3 << 20];
                Ok((
                    is_job_thread(),
                    std::hint::black_box(&big).iter().map(|&b| b as usize).sum(),
                ))
            },
        );
        assert_eq!(wait(&mut slot), Some((true, 3 << 20)));
        assert!(!is_job_thread());
    }

    fn settle<K: PartialEq + Clone + Send + 'static, T: Send + 'static>(k: &mut Keyed<K, T>) {
        let t0 = Instant::now();
        while k.is_running() && t0.elapsed() < Duration::from_secs(10) {
            k.poll();
            std::thread::sleep(Duration::from_millis(1));
        }
        k.poll();
    }

    #[test]
    fn keyed_keeps_only_the_latest_key_and_reuses_held_values() {
        let mut k: Keyed<u32, u32> = Keyed::default();
        assert!(k.request(1, "one", || {}, |_| Ok(10)));
        settle(&mut k);
        assert_eq!(k.current(), Some(&10));
        // Same key again: nothing starts.
        assert!(!k.request(1, "one", || {}, |_| Ok(99)));
        // A slow job for key 2 replaced by key 3: only 3's answer lands.
        assert!(k.request(2, "two", || {}, until_cancelled));
        assert_eq!(k.current(), None);
        assert_eq!(
            k.latest(),
            Some(&10),
            "the old value stays visible meanwhile"
        );
        assert!(k.request(3, "three", || {}, |_| Ok(30)));
        settle(&mut k);
        assert_eq!(k.current(), Some(&30));
        // A cancelled key is not started again until retry or a new key.
        assert!(k.request(4, "four", || {}, until_cancelled));
        k.cancel();
        assert!(k.was_cancelled() && k.wanted().is_none());
        assert!(!k.request(4, "four", || {}, |_| Ok(40)));
        k.retry();
        assert!(k.request(4, "four", || {}, |_| Ok(40)));
        settle(&mut k);
        assert_eq!(k.current(), Some(&40));
    }
}
