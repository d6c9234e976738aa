//! Background jobs: heavy work (sweeps, large simulations) runs on its own thread, reports
//! progress in 0..=1, honours Cancel, and hands its result back through a channel. A new
//! request in the same [`JobSlot`] cancels the running one (latest wins). The UI only ever
//! polls (`try_recv`), so no frame waits on a job; the worker calls a `notify` callback (the
//! GUI passes `ctx.request_repaint`) when progress moves or the result is ready.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::model::{Cancelled, Progress};

/// Shared between the UI and one worker thread.
pub struct JobProgress {
    fraction: AtomicU32,
    cancel: AtomicBool,
    notify: Box<dyn Fn() + Send + Sync>,
}

impl Progress for JobProgress {
    fn set(&self, fraction: f32) {
        let old = f32::from_bits(
            self.fraction
                .swap(fraction.clamp(0.0, 1.0).to_bits(), Ordering::Relaxed),
        );
        // Repaint at most every 1 % so a fast sweep does not flood the UI.
        if (fraction - old).abs() >= 0.01 {
            (self.notify)();
        }
    }
    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// A running (or finished) job producing a `T`.
pub struct Job<T> {
    label: String,
    progress: Arc<JobProgress>,
    rx: Receiver<Result<T, Cancelled>>,
}

/// What polling a job found.
#[derive(Debug, PartialEq)]
pub enum Poll<T> {
    /// Still running.
    Running,
    /// Finished with a result.
    Done(T),
    /// Cancelled (or the worker died).
    Cancelled,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a new thread.
    pub fn spawn(
        label: impl Into<String>,
        notify: impl Fn() + Send + Sync + 'static,
        work: impl FnOnce(&dyn Progress) -> Result<T, Cancelled> + Send + 'static,
    ) -> Self {
        let progress = Arc::new(JobProgress {
            fraction: AtomicU32::new(0f32.to_bits()),
            cancel: AtomicBool::new(false),
            notify: Box::new(notify),
        });
        let (tx, rx) = channel();
        let p = Arc::clone(&progress);
        std::thread::spawn(move || {
            let result = work(p.as_ref());
            // The receiver may be gone (superseded): that is fine.
            let _ = tx.send(result);
            (p.notify)();
        });
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
            Ok(Err(Cancelled)) | Err(TryRecvError::Disconnected) => Poll::Cancelled,
            Err(TryRecvError::Empty) => Poll::Running,
        }
    }
}

/// One slot per view: at most one job runs in it; submitting cancels the previous one.
pub struct JobSlot<T> {
    job: Option<Job<T>>,
}

impl<T> Default for JobSlot<T> {
    fn default() -> Self {
        JobSlot { job: None }
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
        self.job = Some(Job::spawn(label, notify, work));
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
        }
    }

    /// Cancels the running job, if any.
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel();
        }
    }

    /// The running job (label and progress for the status bar).
    pub fn running(&self) -> Option<&Job<T>> {
        self.job.as_ref()
    }

    /// True while a job runs.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

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
                while !p.cancelled() {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err(Cancelled)
            },
        );
        while !started.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(1));
        }
        slot.submit("fast", || {}, |_| Ok(7));
        assert_eq!(wait(&mut slot), Some(7));
        slot.submit(
            "slow again",
            || {},
            |p| {
                while !p.cancelled() {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err(Cancelled)
            },
        );
        slot.cancel();
        assert!(!slot.is_running());
    }
}
