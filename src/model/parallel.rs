//! The loop every sweep shares: independent points evaluated on all cores (rayon), results in
//! input order, progress reported and cancellation honoured.

use std::sync::Mutex;

use rayon::prelude::*;

use super::{Cancelled, Progress};

/// Evaluates `f` on every item on all cores and returns the results in item order.
///
/// After each item the fraction of items done goes to `progress`, in order: the count and its
/// report are one step under a lock, so the fractions never fall (counted apart, a thread
/// that finished earlier could report its smaller count after the last one's 1, and the bar
/// ended part full). Cancellation is noticed
/// before the first item, before each item and after the last, so a cancelled run returns
/// [`Cancelled`], never a partial result; `f` may also poll `progress` itself and give up.
pub(crate) fn try_par_map<I, R>(
    items: I,
    progress: &dyn Progress,
    f: impl Fn(I::Item) -> Result<R, Cancelled> + Sync + Send,
) -> Result<Vec<R>, Cancelled>
where
    I: IntoParallelIterator,
    I::Iter: IndexedParallelIterator,
    R: Send,
{
    let items = items.into_par_iter();
    let total = items.len().max(1) as f32;
    let done = Mutex::new(0usize);
    let poll = || {
        if progress.cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    };
    poll()?;
    let out = items
        .map(|item| {
            poll()?;
            let r = f(item)?;
            let mut d = done.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            *d += 1;
            progress.set(*d as f32 / total);
            Ok(r)
        })
        .collect::<Result<Vec<R>, Cancelled>>()?;
    poll()?;
    Ok(out)
}

/// [`try_par_map`] for an `f` that never gives up by itself.
pub(crate) fn par_map<I, R>(
    items: I,
    progress: &dyn Progress,
    f: impl Fn(I::Item) -> R + Sync + Send,
) -> Result<Vec<R>, Cancelled>
where
    I: IntoParallelIterator,
    I::Iter: IndexedParallelIterator,
    R: Send,
{
    try_par_map(items, progress, |item| Ok(f(item)))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::model::{FlagProgress, NoProgress, SeenProgress};

    /// Many short items on all cores: the reports rise one item at a time and end at 1 (the
    /// count and the report were apart, and a study's bar ended at 0.55 in CI).
    #[test]
    fn progress_rises_one_item_at_a_time_to_one() {
        for _ in 0..20 {
            let seen = SeenProgress::default();
            par_map(0..500u32, &seen, |i| i.wrapping_mul(2_654_435_761)).unwrap();
            let f = seen.fractions();
            let expected: Vec<f32> = (1..=500).map(|d| d as f32 / 500.0).collect();
            assert_eq!(f, expected);
        }
    }

    #[test]
    fn keeps_the_order_and_stops_when_cancelled() {
        let squares = par_map(0..1000u32, &NoProgress, |i| u64::from(i) * u64::from(i)).unwrap();
        assert_eq!(squares, (0..1000u64).map(|i| i * i).collect::<Vec<_>>());
        let flag = AtomicBool::new(true);
        assert_eq!(par_map(0..4, &FlagProgress(&flag), |i| i), Err(Cancelled));
        let given_up = try_par_map(0..4, &NoProgress, |i| {
            if i == 2 { Err(Cancelled) } else { Ok(i) }
        });
        assert_eq!(given_up, Err(Cancelled));
    }
}
