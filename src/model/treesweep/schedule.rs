//! Fully materialised schedules (heap numbering: root 1, the predecessors — children — of k
//! are 2k and 2k + 1), the validity checker, and the literal node-by-node Fine-Grain.

use serde::Serialize;

use super::finegrain::{Rule, TraceStep, le};
use super::params::Direction;
pub use super::params::MATERIAL_N_MAX;

/// Processor and execution start of every node.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Schedule {
    /// Tree height.
    pub n: u32,
    /// Communication delay.
    pub tau: f64,
    /// Up-sweep (children before parent) or down-sweep (parent before children).
    pub direction: Direction,
    /// `processor[k]` for heap number k (index 0 unused).
    pub processor: Vec<u64>,
    /// `start[k]` (AET) for heap number k (index 0 unused).
    pub start: Vec<f64>,
}

/// The first rule a schedule breaks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Violation {
    /// Arrays of the wrong length.
    Shape,
    /// A start time below 0 or not finite.
    BadStart {
        /// Heap number.
        node: u64,
    },
    /// `node` starts before the result of `pred` can be there.
    Precedence {
        /// The waiting node.
        node: u64,
        /// The predecessor (a child for an up-sweep, the parent for a down-sweep).
        pred: u64,
        /// Earliest valid start: pred's start + 1 (+ τ across processors).
        ready: f64,
        /// Its start.
        start: f64,
    },
    /// Two nodes overlap on one processor.
    Overlap {
        /// The processor.
        processor: u64,
        /// One node.
        a: u64,
        /// The other.
        b: u64,
    },
}

impl Schedule {
    fn nodes(&self) -> u64 {
        (1u64 << self.n) - 1
    }

    /// Makespan: latest start + 1.
    pub fn makespan(&self) -> f64 {
        self.start[1..].iter().fold(0.0f64, |m, &s| m.max(s + 1.0))
    }

    /// Number of distinct processors.
    pub fn processors_used(&self) -> u64 {
        let mut p = self.processor[1..].to_vec();
        p.sort_unstable();
        p.dedup();
        p.len() as u64
    }

    /// Nodes on the root's processor whose path to the root stays on it (the top cluster).
    pub fn top_cluster_size(&self) -> u64 {
        let mut inside = vec![false; self.start.len()];
        let mut count = 0;
        for k in 1..self.start.len() {
            if k == 1 || (inside[k / 2] && self.processor[k] == self.processor[k / 2]) {
                inside[k] = true;
                count += 1;
            }
        }
        count
    }

    /// The same schedule run backwards (up ↔ down): start s becomes M − 1 − s.
    pub fn reversed(&self) -> Schedule {
        let m = self.makespan();
        let mut start = self.start.clone();
        for s in start.iter_mut().skip(1) {
            *s = m - 1.0 - *s;
        }
        Schedule {
            n: self.n,
            tau: self.tau,
            direction: match self.direction {
                Direction::Up => Direction::Down,
                Direction::Down => Direction::Up,
            },
            processor: self.processor.clone(),
            start,
        }
    }

    /// The checker: every start ≥ 0; precedence (a node starts at least 1 after each
    /// predecessor started, plus τ if they are on different processors); one node at a time
    /// per processor. Returns the first violation found.
    pub fn check(&self) -> Result<(), Violation> {
        let total = self.nodes();
        if self.start.len() as u64 != total + 1 || self.processor.len() as u64 != total + 1 {
            return Err(Violation::Shape);
        }
        let first_leaf = 1u64 << (self.n - 1);
        for k in 1..=total {
            let s = self.start[k as usize];
            if !s.is_finite() || s < 0.0 {
                return Err(Violation::BadStart { node: k });
            }
            let preds: Vec<u64> = match self.direction {
                Direction::Up if k < first_leaf => vec![2 * k, 2 * k + 1],
                Direction::Up => vec![],
                Direction::Down if k > 1 => vec![k / 2],
                Direction::Down => vec![],
            };
            for p in preds {
                let comm = if self.processor[p as usize] == self.processor[k as usize] {
                    0.0
                } else {
                    self.tau
                };
                let ready = self.start[p as usize] + 1.0 + comm;
                if !le(ready, s) {
                    return Err(Violation::Precedence {
                        node: k,
                        pred: p,
                        ready,
                        start: s,
                    });
                }
            }
        }
        let mut by_proc: Vec<(u64, f64, u64)> = (1..=total)
            .map(|k| (self.processor[k as usize], self.start[k as usize], k))
            .collect();
        by_proc.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
        for w in by_proc.windows(2) {
            if w[0].0 == w[1].0 && !le(w[0].1 + 1.0, w[1].1) {
                return Err(Violation::Overlap {
                    processor: w[0].0,
                    a: w[0].2,
                    b: w[1].2,
                });
            }
        }
        Ok(())
    }
}

fn height_of(n: u32, k: u64) -> u32 {
    n - (63 - k.leading_zeros())
}

/// How to read the printed Step 1.2 of Algorithm Fine-Grain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Reading {
    /// The intended reading (implemented everywhere else): rule (a) fires only for a
    /// non-leaf node whose two predecessors are done (under postorder, the parent of the last
    /// node), and the start of a new boundary node of height h is max(prev + 1, T*(h − 1) + τ)
    /// (a leaf: prev + 1).
    Intended,
    /// Rule (a) taken literally together with footnote 4 ("a leaf-node is always eligible for
    /// execution"): an unscheduled leaf is always eligible, so rule (b) never fires and the
    /// whole tree runs on processor 0 (here: the parent of the last node when it is eligible,
    /// else the leftmost unscheduled leaf), makespan 2^n − 1 — valid but not optimal.
    LeafAlwaysEligible,
    /// Step 1.2(b)(ii) as printed in the converted text, max(prev + 1, (h − 1) + τ), i.e. the
    /// T* of footnote 5 dropped.
    PrintedStartFormula,
}

/// What the literal node-by-node algorithm could not do.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Anomaly {
    /// No height ≤ n satisfies inequality (4).
    NoHeight {
        /// Start of the last node.
        after: f64,
    },
    /// Inequality (4) needed T*(ℓ) before the leftmost node of height ℓ was scheduled.
    UnknownTStar {
        /// The height.
        height: u32,
    },
    /// n outside 1..=[`MATERIAL_N_MAX`].
    TooLarge,
}

/// Heap number of the leftmost node of height h in T_n.
fn leftmost(n: u32, h: u32) -> u64 {
    1u64 << (n - h)
}

/// Step 1 of Algorithm Fine-Grain under way: the top cluster run by processor 0 so far.
struct TopCluster {
    /// Tree height.
    n: u32,
    /// Executed by processor 0, or inside the subtree below a boundary node.
    assigned: Vec<bool>,
    /// Executed by processor 0.
    cluster: Vec<bool>,
    /// Start of every node of the cluster (NaN elsewhere).
    start: Vec<f64>,
    /// Processor 0's steps so far.
    trace: Vec<TraceStep>,
}

impl TopCluster {
    /// Processor 0 runs node k at time s, placed by `rule` (`picked`, `gap` and `ext` as in
    /// [`TraceStep`]).
    fn run(&mut self, k: u64, s: f64, rule: Rule, picked: Option<u32>, gap: f64, ext: u8) {
        self.cluster[k as usize] = true;
        self.assigned[k as usize] = true;
        self.start[k as usize] = s;
        self.trace.push(TraceStep {
            step: self.trace.len() as u64,
            heap: Some(k as u128),
            height: height_of(self.n, k),
            start: s,
            rule,
            picked_height: picked,
            gap,
            external_children: ext,
        });
    }

    /// Marks the whole subtree of `root` as assigned: it becomes an external subtree.
    fn assign_subtree(&mut self, root: u64) {
        let total = (1u64 << self.n) - 1;
        let (mut lo, mut hi) = (root, root);
        while lo <= total {
            for x in lo..=hi {
                self.assigned[x as usize] = true;
            }
            lo *= 2;
            hi = 2 * hi + 1;
        }
    }

    /// T*(h), the end of the leftmost node of height h, once processor 0 has scheduled it.
    fn t_star(&self, h: u32) -> Result<f64, Anomaly> {
        let v = leftmost(self.n, h) as usize;
        if self.cluster[v] {
            Ok(self.start[v] + 1.0)
        } else {
            Err(Anomaly::UnknownTStar { height: h })
        }
    }
}

/// Algorithm Fine-Grain node by node on the materialised tree (Steps 1 and 2 of Section 3.1),
/// with the trace of processor 0. Processor 0 runs the top cluster; Step 2 copies, for each
/// external subtree in nondecreasing order of height (then left to right), the processors
/// (renamed to fresh ones) and starts of the leftmost subtree of that height.
pub fn fine_grain_schedule(
    n: u32,
    tau: f64,
    reading: Reading,
) -> Result<(Schedule, Vec<TraceStep>), Anomaly> {
    if n == 0 || n > MATERIAL_N_MAX {
        return Err(Anomaly::TooLarge);
    }
    let TopCluster {
        cluster,
        mut start,
        trace,
        ..
    } = top_cluster(n, tau, reading)?;
    let processor = copy_external_subtrees(n, &cluster, &mut start);
    Ok((
        Schedule {
            n,
            tau,
            direction: Direction::Up,
            processor,
            start,
        },
        trace,
    ))
}

/// Step 1 of Fine-Grain: processor 0 builds the top cluster of T_n node by node, from the
/// leftmost leaf to the root, by rule (a) or rule (b) and inequality (4).
fn top_cluster(n: u32, tau: f64, reading: Reading) -> Result<TopCluster, Anomaly> {
    let total = (1u64 << n) - 1;
    let size = total as usize + 1;
    let mut top = TopCluster {
        n,
        assigned: vec![false; size],
        cluster: vec![false; size],
        start: vec![f64::NAN; size],
        trace: Vec::new(),
    };
    let mut next_at = vec![0u64; n as usize + 2];
    for h in 1..=n {
        next_at[h as usize] = leftmost(n, h);
    }
    let first_leaf = leftmost(n, 1);
    let mut prev = first_leaf;
    top.run(prev, 0.0, Rule::Base, None, 0.0, 0);
    let mut h_last = 1u32;
    while prev != 1 {
        let t = top.start[prev as usize];
        let parent = prev / 2;
        let parent_eligible =
            top.cluster[2 * parent as usize] && top.cluster[2 * parent as usize + 1];
        if reading == Reading::LeafAlwaysEligible && !parent_eligible {
            // The leftmost unscheduled leaf is eligible (footnote 4).
            let mut leaf = first_leaf;
            while top.assigned[leaf as usize] {
                leaf += 1;
            }
            top.run(leaf, t + 1.0, Rule::Internal, None, 0.0, 0);
            prev = leaf;
            continue;
        }
        if parent_eligible {
            top.run(parent, t + 1.0, Rule::Internal, None, 0.0, 0);
            prev = parent;
            continue;
        }
        let mut l = h_last;
        loop {
            if l > n {
                return Err(Anomaly::NoHeight { after: t });
            }
            let ts = top.t_star(l)?;
            if le(t, ts + tau - 2.0) {
                break;
            }
            l += 1;
        }
        h_last = l;
        let mut v = next_at[l as usize];
        while top.assigned[v as usize] {
            v += 1;
        }
        next_at[l as usize] = v;
        let ready = if l >= 2 {
            match reading {
                Reading::PrintedStartFormula => (l - 1) as f64 + tau,
                _ => top.t_star(l - 1)? + tau,
            }
        } else {
            0.0
        };
        let s = (t + 1.0).max(ready);
        let mut ext = 0u8;
        if v < first_leaf {
            for ch in [2 * v, 2 * v + 1] {
                if !top.cluster[ch as usize] {
                    ext += 1;
                    top.assign_subtree(ch);
                }
            }
        }
        top.run(v, s, Rule::Boundary, Some(l), s - t - 1.0, ext);
        prev = v;
    }
    Ok(top)
}

/// Step 2 of Fine-Grain: every external subtree (a root off the top `cluster` whose parent is
/// on it), by height and then left to right, copies the processors (renamed to fresh ones)
/// and the starts of the leftmost subtree of its height; returns every node's processor and
/// completes `start`.
fn copy_external_subtrees(n: u32, cluster: &[bool], start: &mut [f64]) -> Vec<u64> {
    let total = (1u64 << n) - 1;
    let mut processor = vec![u64::MAX; total as usize + 1];
    processor[0] = 0;
    start[0] = 0.0;
    for k in 1..=total {
        if cluster[k as usize] {
            processor[k as usize] = 0;
        }
    }
    let mut roots: Vec<u64> = (2..=total)
        .filter(|&k| !cluster[k as usize] && cluster[k as usize / 2])
        .collect();
    roots.sort_by_key(|&k| (height_of(n, k), k));
    let mut next_proc = 1u64;
    let mut map: Vec<(u64, u64)> = Vec::new();
    for r in roots {
        let src = leftmost(n, height_of(n, r));
        map.clear();
        let (mut slo, mut shi, mut dlo) = (src, src, r);
        while slo <= total {
            for (i, s) in (slo..=shi).enumerate() {
                let d = dlo + i as u64;
                let p = processor[s as usize];
                let q = match map.iter().find(|(a, _)| *a == p) {
                    Some(&(_, q)) => q,
                    None => {
                        map.push((p, next_proc));
                        next_proc += 1;
                        next_proc - 1
                    }
                };
                processor[d as usize] = q;
                start[d as usize] = start[s as usize];
            }
            slo *= 2;
            shi = 2 * shi + 1;
            dlo *= 2;
        }
    }
    processor
}

/// Processor 0 runs every node, in postorder (makespan 2^n − 1).
pub fn one_processor_schedule(n: u32, tau: f64) -> Schedule {
    let total = (1u64 << n) - 1;
    let mut start = vec![0.0; total as usize + 1];
    let mut t = 0.0;
    fn post(k: u64, total: u64, start: &mut [f64], t: &mut f64) {
        if 2 * k <= total {
            post(2 * k, total, start, t);
            post(2 * k + 1, total, start, t);
        }
        start[k as usize] = *t;
        *t += 1.0;
    }
    post(1, total, &mut start, &mut t);
    Schedule {
        n,
        tau,
        direction: Direction::Up,
        processor: vec![0; total as usize + 1],
        start,
    }
}

/// Every node on its own processor: a node of height h starts at (h − 1)(1 + τ).
pub fn processor_per_node_schedule(n: u32, tau: f64) -> Schedule {
    let total = (1u64 << n) - 1;
    let start = (0..=total)
        .map(|k| {
            if k == 0 {
                0.0
            } else {
                (height_of(n, k) - 1) as f64 * (1.0 + tau)
            }
        })
        .collect();
    Schedule {
        n,
        tau,
        direction: Direction::Up,
        processor: (0..=total).collect(),
        start,
    }
}

/// Starts on one processor of unit nodes with release times, in nondecreasing order of the
/// release times adjusted for precedence (optimal for 1|prec, r_j|C_max). `items` are
/// (id, adjusted release) with a predecessor's release strictly below its successor's;
/// returns (id, start) in execution order.
pub(crate) fn one_processor_order(mut items: Vec<(u64, f64)>) -> Vec<(u64, f64)> {
    items.sort_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)));
    let mut t = f64::NEG_INFINITY;
    items
        .into_iter()
        .map(|(id, r)| {
            let s = r.max(t);
            t = s + 1.0;
            (id, s)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_catches_violations() {
        let good = one_processor_schedule(3, 2.0);
        assert_eq!(good.check(), Ok(()));
        let mut s = good.clone();
        s.start[1] = 5.5; // root overlaps node 3 (start 5) and starts before it finishes
        assert!(s.check().is_err());
        let mut s = good.clone();
        s.processor[3] = 7; // node 3 elsewhere: its result reaches the root at 5 + 1 + 2
        assert!(matches!(
            s.check(),
            Err(Violation::Precedence {
                node: 1,
                pred: 3,
                ..
            })
        ));
        let mut s = good.clone();
        s.start[6] = 3.5; // leaves 6 and 7 overlap on processor 0
        assert!(matches!(s.check(), Err(Violation::Overlap { .. })));
        let mut s = good.clone();
        s.start[4] = -1.0;
        assert_eq!(s.check(), Err(Violation::BadStart { node: 4 }));
        let mut s = good;
        s.start.pop();
        assert_eq!(s.check(), Err(Violation::Shape));
    }

    #[test]
    fn down_sweep_is_the_reverse() {
        let (up, _) = fine_grain_schedule(6, 3.0, Reading::Intended).unwrap();
        let down = up.reversed();
        assert_eq!(down.check(), Ok(()));
        assert_eq!(down.start[1], 0.0);
        assert_eq!(down.reversed(), up);
        // The up schedule read as a down-sweep is invalid.
        let mut wrong = up.clone();
        wrong.direction = Direction::Down;
        assert!(wrong.check().is_err());
        assert_eq!(
            fine_grain_schedule(21, 3.0, Reading::Intended).err(),
            Some(Anomaly::TooLarge)
        );
    }
}
