//! The resource budget of every computation.
//!
//! Each model estimates, from its validated parameters and before running anything, the work
//! and the memory a computation will take — a [`Cost`] in the model's own unit of work (node
//! visits, processor-rounds, …) — and refuses what exceeds its [`Budget`] with one message
//! naming the estimate and the limit. The estimates are called from the models' validation
//! (and, for the optional studies, from the report before it computes them), so the CLI, the
//! report and the GUI refuse the same inputs, the GUI next to the parameter concerned.
//!
//! The limits are chosen so that every accepted input finishes within about [`SECONDS`] and
//! [`MEMORY_LIMIT`] bytes on the reference machine (2 cores, release build); each model's
//! `BUDGET` documents the measurements behind its work limit.
//!
//! # Measured at the boundaries
//!
//! The largest accepted input of each command family (found by bisection: the next value up
//! is refused at once), run with the release build under `ulimit -v 3000000` on the
//! reference machine while it was shared (load 7–10 on 2 cores, so wall time is about twice
//! the CPU time; CPU time is what the limits stand for). Re-check with
//! `cargo test --release --test suite boundary -- --ignored --nocapture`.
//!
//! | command (boundary input) | binds | CPU s | wall s | peak MB |
//! |---|---|---|---|---|
//! | `ksbf --shape grid --n 23169 --p 1` | positions | 4.3 | 9.4 | 39 |
//! | `ksbf --shape tree --n 27 --p 4096` (before issue 36's count engine; now n = 28 is accepted, see below) | memory | 2.4 | 4.9 | 315 |
//! | `ksbf --shape tree --schedule df --n 26 --p 4096` | work | 3.7 | 7.3 | 45 |
//! | `ksbf --shape tree --balance random --n 23 --p 4096` | work | 2.0 | 2.9 | 36 |
//! | `ksbf --shape random-grid --schedule df --n 13968 --p 64` (q = 0.75) | work | 0.16 | 0.33 | 8 |
//! | `ksbf --shape random-grid --schedule df --n 23169 --spawn-prob 0.5` | positions | — | 1.6 | 8 |
//! | `geodecay --n 2^20 --alpha 0.001 --survivors random --p 16660` | work | 4.4 | 8.8 | 8 |
//! | `geodecay --n 2500000 --alpha 0.001 --survivors random --p 15677` | work | 4.9 | 7.8 | 8 |
//! | `geodecay --n 2^20 --alpha 0.001 --decay random --survivors random --p 11899` | work | 2.0 | 2.6 | 7 |
//! | `geodecay --n 2^40 --alpha 0.001 --decay random --sweep seeds --seeds 433` (adversarial) | work | 3.5 | 4.9 | 8 |
//! | `geodecay --n 2^53 --policy optimal --alpha 0.0023753` | work | 6.1 | 12.8 | 8 |
//! | `redistribute --delta 13888888,-13888888 --direction uni --algorithm alg1` | memory | 1.5 | 2.2 | 749 |
//! | `redistribute --delta 311332,-311332 --direction uni --algorithm alg1 --rounds --json` | memory | 1.4 | 2.1 | 939 |
//! | `redistribute --delta 616522,-616522 --direction uni --algorithm alg1 --csv` | memory | 1.7 | 3.2 | 832 |
//! | `redistribute --delta 226244,0,-226244 --algorithm alg3 --rounds --json` | memory | 1.9 | 3.3 | 829 |
//! | `redistribute --delta 507614,-253807,-253807 --algorithm alg3 --csv` | memory | 1.6 | 3.0 | 788 |
//! | `treesweep --n 1000 --tau 1e9 --csv` (largest n; never refused by the budget) | range | 0.2 | 0.4 | 11 |
//! | `divisible --sweep beta --beta-points 142857` (h = 5) | memory | 1.5 | 3.4 | 938 |
//! | `divisible --h 63 --sweep beta --beta-points 142857` | memory | 5.4 | 10.7 | 944 |
//! | `map ksbf --x n=10..23:16 --y p=2..4096:16:log --metric makespan` | work | 5.2 | 8.8 | 98 |
//! | `map geodecay --survivors random --alpha 0.001 --x p=1000..1002:16:log --y n=2^16..2^20:4:log` | work | 4.2 | 5.9 | 8 |
//! | `map redistribute --x n=10..1000:16 --y max_delta=1..1000:16:log --samples 2` | work | 2.3 | 2.5 | 8 |
//!
//! KS-BF's complete-tree engine (issue 36, `ksbf/simulate/tree_fast.rs`), load 10: `ksbf
//! --shape tree --n 27 --p 4096` (memory boundary, estimated 537 MB) 1.4 s CPU, 4.0 s wall,
//! 375 MB; `--n 24 --p 16` 0.16–0.19 s CPU, 57 MB. Since it runs the rounds on counts per
//! (PE, level) in batches (load 10): `--n 24 --p 16` 3.4 ms CPU, 9 MB; `--n 28 --p 4096`
//! (the largest tree, no longer refused: estimated ~2·10⁴ units and 0.5 MB) 0.01 s wall,
//! 10 MB, with `--csv` (its n and p studies) 0.02 s CPU, 11 MB; `map ksbf --x n=10..23:16 --y
//! p=2..4096:16:log` (the map boundary before) 0.54 s CPU, 92 MB — its cells of n ≤ 16 with
//! records now dominate. No complete-tree input is refused by work or memory any more.
//!
//! Round 3 (issue 36), measured the same way but with the machine shared by builds at a load of
//! 14–16 on 2 cores (wall time 4–10× the CPU time; CPU time inflated by the contention), each
//! estimate beside the measurement:
//!
//! | command (boundary input) | binds | estimate | CPU s | wall s | peak MB |
//! |---|---|---|---|---|---|
//! | `exercise redistribute --moves` one round of 2·10⁶ sends | memory | 590 MB | 1.6 | 11 | 593 |
//! | `exercise redistribute --moves` 5·10⁵ one-send rounds | memory | 740 MB | 1.9 | 5.8 | 719 |
//! | `exercise ksbf --moves` 5·10⁵ predictions | memory | 593 MB | 1.75 | 5.4 | 581 |
//! | `gaps redistribute --against system6-bound --budget 30000` | work | 8.2 s | 7.4 | 51 | 8 |
//! | `gaps redistribute --against system12 --budget 30000` | work | 1.5 s | 1.3 | 4.6 | 9 |
//! | `gaps … lemma12 --max-n 7 --max-delta 5 --max-cost 6 --budget 200` | work | 0.6 s | 0.84 | 2.9 | 8 |
//! | `gaps … system12 --max-n 8 --max-cost 1 --budget 30000` (before: cost factor 0.25) | work | 8.4 s | 12–14 | 24 | 11 |
//! | the same, now (cost factor ≥ 0.5) | refused | 17 s | < 1 (debug build, `round3` test) | — | — |
//! | `render --lesson` 20 steps of 16 kB of text, `--window 200x200` | work | 8 s | 8.6 | 86 | 692 |
//! | `render --lesson` 20 steps of 8 kB of text, `--window 200x200` | work | 4.9 s | 4.5 | 39 | 357 |
//! | `render ksbf-g200-r16 --animate --scale 0.25` (1 353 frames) | work | 8.7 s | 9.5 | 34 | 212 |
//! | `map ksbf --shape random-tree --n 15 --x p=2..64:64 --y spawn_prob=0.5..1:64` | work | 2.6 s | 2.9 | 16 | 33 |
//!
//! Algorithm 3 no longer keeps its rounds (issue 36: a checkpoint of δ every ~1/256 of the
//! run, the checker fed as the rounds are planned), so work binds, never memory; measured with
//! the release build at a load of 9–11 on 2 cores:
//!
//! | command | binds | estimate | CPU s | wall s | peak MB |
//! |---|---|---|---|---|---|
//! | `redistribute --delta 80000000,-80000000 --algorithm alg3` (2-ring boundary) | work | 9.6 s | 7.5 | 18.9 | 8 |
//! | `redistribute --delta 90000000,-90000000 --algorithm alg3` | refused | 11 s | 0.00 | 0.00 | 7 |
//! | `redistribute` the bench's 10 000-ring, \|δ\| ≤ 1 000, seed 8 (27 010 rounds) | work | 3.2 s | 2.8 | 7.0 | 26 |
//! | `redistribute` the same kind of ring, seed 2 (47 392 rounds) | work | 5.2 s | 5.5 | 13.7 | 26 |
//! | `gaps redistribute --against system12 --max-n 7 --max-cost 20` (budget 400) | work | 3.7 s | 0.6–2.8 | 3.8–18 | 8 |
//! | `gaps redistribute --against system12 --max-n 7 --max-cost 14` (budget 400) | work | 1.8 s | 1.75 | 10.6 | 8 |
//! | `map ksbf --shape random-tree --n 17 --x p=2..64:64 --y spawn_prob=0.5..1:64` (boundary) | work | < 10 s | 3.7 | 19 | 11 |
//!
//! Fixed by these measurements: the optimal geodecay policy's programme (accepted at 14.7 s
//! of CPU, 24 s wall), the random grid's node count at q ≤ 1/2 and its membership pass (refused
//! at 0.17 s), the round-based schedules' memory (refused at half the limit) and the listing
//! as text or CSV (refused at 0.83 s, 406 MB, by the JSON listing's figures). Still
//! conservative: the random grid at 1/2 < q < 0.8, whose estimate is the complete grid while the
//! run dies out (the boundary run takes 0.16 s) and the maps (about 3× on the redistribution
//! map). (The KS-BF tree's memory, n = 28 estimated 1.1 GB, is gone with the count engine.)
//!
//! A tree with random directions counted 24 units a node at every size, as T_24 needs under
//! load; small trees take a fifth of that, so `map ksbf --balance random --x n=2..18:64 --y
//! p=1..256:64:log` was refused as "at least 10 s" and runs in 0.95 s of CPU (0.50 s wall,
//! idle). It now weighs 5 units up to 2^19 nodes, rising to 24 at 2^24
//! ([`super::ksbf::params::random_tree_weight`]): that map is estimated at 4.2 s, and
//! `n=2..19` at 8.4 s (2.1 s of CPU idle).

use super::format::{Precision, bytes, duration, number};
use super::{ParamError, param_error};

/// Wall-clock time a model's work limit stands for on the reference machine, in seconds.
pub const SECONDS: f64 = 10.0;

/// Largest estimated peak memory of one computation, in bytes (1 GB). Estimates include what
/// the report builds to print the result (JSON values, table rows) where it lists per-round or
/// per-item data.
pub const MEMORY_LIMIT: f64 = 1e9;

/// Part `index` of `of` (1 ≤ index ≤ of) of a study split across processes or machines
/// (`--shard i/k`): it computes the items numbered j with j mod of = index − 1 and is held to
/// the budget for those alone, while the whole may take `of` budgets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// 1 ≤ index ≤ of.
    pub index: u64,
    /// Number of shards.
    pub of: u64,
}

impl Shard {
    /// The whole study, in one part.
    pub const WHOLE: Shard = Shard { index: 1, of: 1 };

    /// True when the item numbered `j` (0-based, in the whole run's order) belongs here.
    pub fn owns(self, j: u64) -> bool {
        j % self.of.max(1) == self.index - 1
    }

    /// How many of the items numbered `start .. start + count` belong here.
    pub fn owned_of(self, start: u64, count: u64) -> u64 {
        let k = self.of.max(1);
        // Items j ≡ index − 1 (mod k) in [start, start + count).
        let first = (self.index - 1 + k - start % k) % k;
        if first >= count {
            0
        } else {
            (count - first - 1) / k + 1
        }
    }

    /// "part 2 of 8 of " before what a part's budget refuses ("" for the whole).
    pub fn of_what(self) -> String {
        if self.of > 1 {
            format!("part {} of {} of ", self.index, self.of)
        } else {
            String::new()
        }
    }
}

/// The estimated resources of one computation.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Cost {
    /// Work, in the unit of the model's [`Budget`].
    pub work: f64,
    /// Peak memory, in bytes.
    pub bytes: f64,
}

impl Cost {
    /// `work` units and `bytes` bytes.
    pub fn new(work: f64, bytes: f64) -> Cost {
        Cost { work, bytes }
    }

    /// `k` computations of this cost done one after the other (work adds up, memory is
    /// reused).
    pub fn repeated(self, k: f64) -> Cost {
        Cost {
            work: self.work * k,
            bytes: self.bytes,
        }
    }
}

impl std::ops::Add for Cost {
    type Output = Cost;
    /// Two computations whose results are both held: work and memory add up.
    fn add(self, o: Cost) -> Cost {
        Cost {
            work: self.work + o.work,
            bytes: self.bytes + o.bytes,
        }
    }
}

impl std::iter::Sum for Cost {
    fn sum<I: Iterator<Item = Cost>>(iter: I) -> Cost {
        iter.fold(Cost::default(), |a, b| a + b)
    }
}

/// What one computation of a model may spend.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// The unit of work, in the plural ("node visits").
    pub unit: &'static str,
    /// Most work accepted: about [`SECONDS`] on the reference machine.
    pub work: f64,
}

impl Budget {
    /// `Ok` when `cost` fits the work limit and [`MEMORY_LIMIT`], else the error on `field`:
    /// "`what`: about 2.7 × 10^8 node visits (about 54 s here), more than the limit of 5 × 10^7 (10 s)",
    /// or the same with the memory. `what` names the inputs behind the estimate
    /// ("n = 28, p = 4096").
    pub fn check(&self, field: &'static str, what: &str, cost: Cost) -> Result<(), ParamError> {
        // A NaN estimate is refused too.
        let within = cost.work.partial_cmp(&self.work).is_some_and(|o| o.is_le());
        if !within {
            let seconds = cost.work / self.work * SECONDS;
            return Err(param_error(
                field,
                format!(
                    "{what}: about {} {} (about {} here), more than the limit of {} ({})",
                    number(cost.work, Precision::Estimate),
                    self.unit,
                    duration(seconds),
                    number(self.work, Precision::Estimate),
                    duration(SECONDS),
                ),
            ));
        }
        check_memory(field, what, cost.bytes)
    }
}

/// One part of a computation done with others (a run and its studies): the field that asks
/// for it, what it is, and its cost.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    /// The parameter field that asks for it (or bounds it).
    pub field: &'static str,
    /// What it is: "the p sweep (p = 1 … 2^20, 3 policies)".
    pub what: String,
    /// Its estimated cost.
    pub cost: Cost,
}

impl Budget {
    /// Checks parts computed together against the budget as a whole: their costs add up, and
    /// the error (on the costliest part's field) names that part "with the rest of the run".
    pub fn check_parts(&self, parts: &[Part]) -> Result<(), ParamError> {
        let total: Cost = parts.iter().map(|p| p.cost).sum();
        let by_work = parts
            .iter()
            .max_by(|a, b| a.cost.work.total_cmp(&b.cost.work));
        let by_bytes = parts
            .iter()
            .max_by(|a, b| a.cost.bytes.total_cmp(&b.cost.bytes));
        let worst = if total.work <= self.work {
            by_bytes
        } else {
            by_work
        };
        let Some(worst) = worst else {
            return Ok(());
        };
        let what = if parts.len() > 1 {
            format!("{} with the rest of the run", worst.what)
        } else {
            worst.what.clone()
        };
        self.check(worst.field, &what, total)
    }
}

/// `Ok` when `bytes` fits [`MEMORY_LIMIT`], else the error on `field`: "`what`: about 2.1 GB of
/// memory, more than the limit of 1 GB".
pub fn check_memory(field: &'static str, what: &str, bytes: f64) -> Result<(), ParamError> {
    if bytes <= MEMORY_LIMIT {
        Ok(())
    } else {
        Err(param_error(
            field,
            format!(
                "{what}: about {} of memory, more than the limit of {}",
                self::bytes(bytes),
                self::bytes(MEMORY_LIMIT)
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::Shard;

    /// A shard's share of a range of items, against counting them one by one.
    #[test]
    fn a_shard_owns_every_kth_item_of_any_range() {
        for of in 1..=7 {
            for index in 1..=of {
                let s = Shard { index, of };
                for start in 0..20 {
                    for count in 0..20 {
                        let counted = (start..start + count).filter(|&j| s.owns(j)).count();
                        assert_eq!(
                            s.owned_of(start, count),
                            counted as u64,
                            "{s:?} {start} {count}"
                        );
                    }
                }
            }
        }
        assert_eq!(Shard::WHOLE.of_what(), "");
        assert_eq!(Shard { index: 2, of: 8 }.of_what(), "part 2 of 8 of ");
    }

    use super::*;

    const B: Budget = Budget {
        unit: "node visits",
        work: 5e7,
    };

    #[test]
    fn messages_name_the_estimate_and_the_limit() {
        assert!(B.check("n", "n = 20", Cost::new(5e7, 1e9)).is_ok());
        let e = B
            .check("n", "n = 28, p = 4096", Cost::new(2.7e8, 1.0))
            .unwrap_err();
        assert_eq!(e.field, "n");
        assert_eq!(
            e.message,
            "n = 28, p = 4096: about 2.7 × 10^8 node visits (about 54 s here), more than the limit of 5 × 10^7 (10 s)"
        );
        let e = B.check("p", "p = 7", Cost::new(1.0, 2.1e9)).unwrap_err();
        assert_eq!(
            e.message,
            "p = 7: about 2.1 GB of memory, more than the limit of 1 GB"
        );
        // Estimates that are not numbers are refused, never waved through.
        assert!(B.check("n", "n", Cost::new(f64::NAN, 0.0)).is_err());
        assert!(B.check("n", "n", Cost::new(0.0, f64::INFINITY)).is_err());
        assert_eq!(bytes(450e6), "450 MB");
        assert_eq!(duration(3.0 * 3600.0), "3 h");
        assert_eq!(duration(600.0), "10 min");
    }

    #[test]
    fn parts_are_checked_together() {
        let part = |field, work| Part {
            field,
            what: format!("the {field} part"),
            cost: Cost::new(work, 10.0),
        };
        assert!(B.check_parts(&[part("a", 3e7), part("b", 2e7)]).is_ok());
        let e = B
            .check_parts(&[part("a", 3e7), part("b", 4e7)])
            .unwrap_err();
        assert_eq!(e.field, "b");
        assert!(
            e.message
                .starts_with("the b part with the rest of the run: about 7 × 10^7 node visits"),
            "{e}"
        );
        assert!(B.check_parts(&[]).is_ok());
    }

    #[test]
    fn costs_add_and_repeat() {
        let c = Cost::new(10.0, 100.0) + Cost::new(5.0, 50.0);
        assert_eq!(c, Cost::new(15.0, 150.0));
        assert_eq!(c.repeated(3.0), Cost::new(45.0, 150.0));
        let s: Cost = [c, c].into_iter().sum();
        assert_eq!(s, Cost::new(30.0, 300.0));
    }
}
