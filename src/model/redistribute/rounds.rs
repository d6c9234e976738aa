//! The rounds of a round-based schedule (Algorithms 1 and 3): listed one by one, or generated
//! again on demand.
//!
//! Algorithm 3 on a ring of 10 000 processors with |δ_k| ≤ 1 000 takes some 27 000 rounds and
//! 2·10^8 sends: gigabytes as a list. Its schedule is therefore kept as the run's
//! [`Generated`] summary: δ at a checkpoint every `every` rounds (at most
//! [`CHECKPOINT_BYTES`] in all), the number of rounds and sends and the net flows. Round s is
//! planned again from the nearest checkpoint at or before it (the planner's state between
//! rounds is δ alone), so one step of the GUI costs at most `every` rounds of the planner,
//! and the checker, the listings and the trace read the rounds as a stream
//! ([`Rounds::iter`]): one round in memory at a time.

use std::borrow::Cow;
use std::sync::Arc;

use super::alg3::{Alg3Variant, Stepper, algorithm3_drive};
use super::bounds::lemma6_rounds;
use super::error::RedistError;
use super::send::Send;

/// Largest memory of a generated schedule's checkpoints, in bytes.
pub const CHECKPOINT_BYTES: usize = 16 << 20;
/// Largest number of checkpoints of a generated schedule (a replay then costs at most
/// 1/256 of the run).
pub const MAX_CHECKPOINTS: usize = 256;

/// The rounds of a round-based schedule: `get(s)` lists the sends of round s + 1.
#[derive(Debug, Clone, PartialEq)]
pub enum Rounds {
    /// Every round's sends.
    Listed(Vec<Vec<Send>>),
    /// Algorithm 3's rounds, planned again when read.
    Generated(Arc<Generated>),
}

/// What receives each planned round's sends (the checker).
pub type RoundSink<'a> = dyn FnMut(&[Send]) + 'a;

/// Algorithm 3's run, summarised so that any round can be planned again (see the module doc).
#[derive(Clone, PartialEq)]
pub struct Generated {
    variant: Alg3Variant,
    count: usize,
    every: usize,
    /// δ before round k · every (0-based), k = 0, 1, …
    checkpoints: Vec<Vec<i64>>,
    sends: usize,
    /// Net items over each link P_i → P_{i+1} (negative: the other way).
    flows: Vec<i64>,
}

impl std::fmt::Debug for Generated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Generated {{ {:?}, {} rounds, {} sends, {} checkpoints every {} rounds }}",
            self.variant,
            self.count,
            self.sends,
            self.checkpoints.len(),
            self.every
        )
    }
}

/// Checkpoint interval for a run of about `rounds` rounds on `n` processors.
fn interval(rounds: usize, n: usize) -> usize {
    let k = (CHECKPOINT_BYTES / (8 * n.max(1))).clamp(1, MAX_CHECKPOINTS);
    rounds.max(1).div_ceil(k)
}

impl Generated {
    /// Runs Algorithm 3 on δ once, keeping the checkpoints, the counts and the flows.
    ///
    /// Errors: as `algorithm3_drive` (more than [`super::alg3::ALG3_MAX_WORK`]).
    pub fn run(delta: &[i64], variant: Alg3Variant) -> Result<Generated, RedistError> {
        Generated::run_with(delta, variant, None)
    }

    /// [`Generated::run`], handing every round's sends (by increasing sender) to `each` as
    /// they are planned.
    pub fn run_with(
        delta: &[i64],
        variant: Alg3Variant,
        mut each: Option<&mut RoundSink<'_>>,
    ) -> Result<Generated, RedistError> {
        let n = delta.len();
        let mut buf = Vec::new();
        let every = interval(lemma6_rounds(delta).max(0) as usize, n);
        let mut checkpoints = Vec::new();
        let mut flows = vec![0i64; n];
        let mut sends = 0usize;
        let mut s = 0usize;
        let count = algorithm3_drive(delta, variant, |p| {
            if s.is_multiple_of(every) {
                checkpoints.push(p.delta().to_vec());
            }
            s += 1;
            let Some(each) = each.as_mut() else {
                sends += p.add_flows(&mut flows);
                return;
            };
            // The flows from the listed sends (fewer than the processors).
            buf.clear();
            p.sends(&mut buf);
            sends += buf.len();
            for x in &buf {
                let (from, to) = (x.from as usize, x.to as usize);
                if to == if from + 1 == n { 0 } else { from + 1 } {
                    flows[from] += 1;
                } else {
                    flows[to] -= 1;
                }
            }
            each(&buf);
        })?;
        Ok(Generated {
            variant,
            count,
            every,
            checkpoints,
            sends,
            flows,
        })
    }

    /// A planner at δ before round `s` (0-based, s < count).
    fn stepper_at(&self, s: usize) -> Stepper {
        let k = (s / self.every).min(self.checkpoints.len().saturating_sub(1));
        let mut st = Stepper::new(&self.checkpoints[k], self.variant);
        for _ in k * self.every..s {
            st.step(None);
        }
        st
    }
}

impl Default for Rounds {
    fn default() -> Self {
        Rounds::Listed(Vec::new())
    }
}

impl From<Vec<Vec<Send>>> for Rounds {
    fn from(v: Vec<Vec<Send>>) -> Self {
        Rounds::Listed(v)
    }
}

impl Rounds {
    /// Number of rounds.
    pub fn len(&self) -> usize {
        match self {
            Rounds::Listed(v) => v.len(),
            Rounds::Generated(g) => g.count,
        }
    }

    /// No round at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of sends over all rounds.
    pub fn send_count(&self) -> usize {
        match self {
            Rounds::Listed(v) => v.iter().map(Vec::len).sum(),
            Rounds::Generated(g) => g.sends,
        }
    }

    /// Whether every send is held in memory (false: the rounds are planned again when read).
    pub fn is_listed(&self) -> bool {
        matches!(self, Rounds::Listed(_))
    }

    /// The rounds in order, one at a time.
    pub fn iter(&self) -> Iter<'_> {
        self.iter_from(0)
    }

    /// The rounds from round `s` + 1 on (0-based `s`).
    pub fn iter_from(&self, s: usize) -> Iter<'_> {
        match self {
            Rounds::Listed(v) => Iter::Listed(v[s.min(v.len())..].iter()),
            Rounds::Generated(g) if s < g.count => Iter::Generated {
                stepper: Box::new(g.stepper_at(s)),
                left: g.count - s,
            },
            Rounds::Generated(_) => Iter::Listed([].iter()),
        }
    }

    /// The sends of round `s` + 1 (0-based `s`), None past the last round.
    pub fn get(&self, s: usize) -> Option<Cow<'_, [Send]>> {
        match self {
            Rounds::Listed(v) => v.get(s).map(|r| Cow::Borrowed(r.as_slice())),
            Rounds::Generated(_) => self.iter_from(s).next(),
        }
    }

    /// δ before round `s` + 1 (after all rounds when `s` ≥ len) of the schedule started at
    /// `initial`.
    pub fn delta_before(&self, initial: &[i64], s: usize) -> Vec<i64> {
        match self {
            Rounds::Generated(g) if s < g.count => g.stepper_at(s).delta().to_vec(),
            // After the last round: one round from the last checkpoint, not the whole run.
            Rounds::Generated(g) if g.count > 0 => {
                let mut st = g.stepper_at(g.count - 1);
                st.step(None);
                st.delta().to_vec()
            }
            _ => {
                let mut d = initial.to_vec();
                let n = d.len();
                for sends in self.iter().take(s) {
                    for x in sends.iter() {
                        let (f, t) = (x.from as usize, x.to as usize);
                        if f < n && t < n {
                            d[f] -= 1;
                            d[t] += 1;
                        }
                    }
                }
                d
            }
        }
    }

    /// δ before round `s` + 1 and that round's sends (None past the last round), with one
    /// replay from a checkpoint where [`Rounds::delta_before`] and [`Rounds::get`] take two:
    /// what one step of the GUI shows.
    pub fn at(&self, initial: &[i64], s: usize) -> (Vec<i64>, Option<Cow<'_, [Send]>>) {
        match self {
            Rounds::Generated(g) if s < g.count => {
                let mut st = g.stepper_at(s);
                let before = st.delta().to_vec();
                let mut sends = Vec::new();
                let round = st.step(Some(&mut sends)).then_some(Cow::Owned(sends));
                (before, round)
            }
            _ => (self.delta_before(initial, s), self.get(s)),
        }
    }

    /// Net items over each link P_i → P_{i+1} of a ring of `n` processors (entry i;
    /// negative: the other way).
    pub fn flows(&self, n: usize) -> Vec<i64> {
        if let Rounds::Generated(g) = self
            && g.flows.len() == n
        {
            return g.flows.clone();
        }
        let mut f = vec![0i64; n];
        for sends in self.iter() {
            for x in sends.iter() {
                let (from, to) = (x.from as usize, x.to as usize);
                if from >= n || to >= n {
                    continue;
                }
                if to == (from + 1) % n {
                    f[from] += 1;
                } else {
                    f[to] -= 1;
                }
            }
        }
        f
    }

    /// Every round's sends as a list (check [`Rounds::send_count`] first).
    pub fn to_vec(&self) -> Vec<Vec<Send>> {
        self.iter().map(Cow::into_owned).collect()
    }
}

/// The rounds of a schedule in order (see [`Rounds::iter`]).
pub enum Iter<'a> {
    /// Borrowed from a listed schedule.
    Listed(std::slice::Iter<'a, Vec<Send>>),
    /// Planned again, round after round.
    Generated {
        /// The planner before the next round.
        stepper: Box<Stepper>,
        /// Rounds still to give.
        left: usize,
    },
}

impl<'a> Iterator for Iter<'a> {
    type Item = Cow<'a, [Send]>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Iter::Listed(it) => it.next().map(|r| Cow::Borrowed(r.as_slice())),
            Iter::Generated { stepper, left } => {
                if *left == 0 {
                    return None;
                }
                *left -= 1;
                let mut sends = Vec::new();
                stepper.step(Some(&mut sends)).then_some(Cow::Owned(sends))
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Iter::Listed(it) => it.size_hint(),
            Iter::Generated { left, .. } => (0, Some(*left)),
        }
    }
}
