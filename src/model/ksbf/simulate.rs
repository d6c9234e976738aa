//! Discrete-time simulator of a ring R_p executing a growing tree or grid.
//!
//! One step = every PE with a ready task executes the first one in its local order and performs
//! the balancing action. A child created at step t is ready from step t + 1. Nodes are `u32`
//! keys whose numeric order is breadth-first order: trees use heap numbers (root 1, children
//! 2x, 2x + 1), grids use `level << 16 | k`.
//!
//! Two engines: under KS or no balancing with BF scheduling every PE's queue is the merge of
//! two streams (its own left children, the tasks received from one neighbour); the FIFO engine
//! keeps each stream in a FIFO ([`super::fifo`]) and checks on every push that the stream stays sorted, so
//! "run the smaller head" is exactly "run the first ready task in BF order". If a push would
//! break the order the run is repeated with the general engine (one binary heap per PE), which
//! also serves DF scheduling and random-direction sends.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::fifo::Fifo;
use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::params::{Balance, Schedule, Shape, Valid, nodes_estimate, records, sparse_weight};
use crate::model::{Cancelled, NoProgress, Progress};

/// A node: heap number of a tree node, or ⟨k, ℓ⟩ of a grid node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum NodeId {
    /// Tree node by heap number (root 1, children 2x and 2x + 1).
    Tree(u64),
    /// Grid node ⟨k, ℓ⟩ (row k, column ℓ; level k + ℓ).
    Grid {
        /// Row (first entry); right children increase it.
        k: u32,
        /// Column; left children increase it.
        l: u32,
    },
}

impl NodeId {
    /// Level: |x| for trees, k + ℓ for grids.
    pub fn level(self) -> u32 {
        match self {
            NodeId::Tree(h) => 63 - h.leading_zeros(),
            NodeId::Grid { k, l } => k + l,
        }
    }

    /// The node as the paper writes it in prose: "node 5", or "⟨1, 0⟩". (`Display` writes the
    /// compact "5" or "1,0" of a CSV cell or a small drawing; in a sentence "P0: 1,0, P1: 0,1"
    /// reads as four numbers.)
    pub fn written(self) -> String {
        match self {
            NodeId::Tree(h) => format!("node {h}"),
            NodeId::Grid { k, l } => format!("⟨{k}, {l}⟩"),
        }
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeId::Tree(h) => write!(f, "{h}"),
            NodeId::Grid { k, l } => write!(f, "{k},{l}"),
        }
    }
}

/// Where and when one node ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct NodeRecord {
    /// The node.
    pub node: NodeId,
    /// Its level.
    pub level: u32,
    /// The PE that executed it.
    pub pe: u32,
    /// The step at which it ran.
    pub step: u64,
}

/// A task moved to another PE.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SendRecord {
    /// Sending PE.
    pub from: u32,
    /// Receiving PE.
    pub to: u32,
    /// The task.
    pub node: NodeId,
}

/// What happened in one step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepRecord {
    /// The node each PE ran (None: idle).
    pub ran: Vec<Option<NodeId>>,
    /// Each PE's ready-queue length at the end of the step (after this step's arrivals).
    pub queue_len: Vec<u32>,
    /// Tasks moved during the step.
    pub sends: Vec<SendRecord>,
}

/// Per-node and per-step records, kept only for small instances.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Trace {
    /// One record per node, in execution order (step, then PE).
    pub nodes: Vec<NodeRecord>,
    /// One record per step.
    pub steps: Vec<StepRecord>,
}

/// Which engine produced the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Engine {
    /// Two sorted FIFOs per PE.
    Fifo,
    /// One binary heap per PE.
    Heap,
}

/// Result of one simulation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// Nodes executed, N.
    pub nodes: u64,
    /// Number of steps (last step + 1).
    pub makespan: u64,
    /// Work W_i of each PE.
    pub work: Vec<u64>,
    /// First step at which each PE ran a task.
    pub first_step: Vec<Option<u64>>,
    /// Last step at which each PE ran a task.
    pub last_step: Vec<Option<u64>>,
    /// PE-steps without a task within [0, makespan): p · makespan − N.
    pub idle_steps: u64,
    /// Idle PE-steps strictly between a PE's first and last task (0 = uninterrupted blocks).
    pub gap_steps: u64,
    /// Tasks moved to another PE.
    pub sends: u64,
    /// Largest total number of ready tasks at the end of a step.
    pub max_queued: u64,
    /// Engine used.
    pub engine: Engine,
    /// Records for small instances (N bound ≤ 2^16 and N bound · p ≤ 2^24).
    pub trace: Option<Trace>,
}

impl Outcome {
    /// The ideal share N/p (the ring size p is the number of work entries).
    pub fn ideal(&self) -> f64 {
        self.nodes as f64 / self.work.len().max(1) as f64
    }
    /// Speedup N / makespan.
    pub fn speedup(&self) -> f64 {
        self.nodes as f64 / self.makespan.max(1) as f64
    }
    /// Efficiency N / (p · makespan).
    pub fn efficiency(&self) -> f64 {
        self.speedup() / self.work.len() as f64
    }
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn tri(level: u32, k: u32) -> usize {
    let l = level as usize;
    l * (l + 1) / 2 + k as usize
}

/// Bit set over grid positions (triangular index).
struct Bits(Vec<u64>);

impl Bits {
    fn new(levels: u32) -> Bits {
        Bits(vec![0; tri(levels, 0) / 64 + 1])
    }
    #[inline(always)]
    fn get(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }
    #[inline(always)]
    fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    /// Flips bit i and returns its old value.
    #[inline(always)]
    fn toggle(&mut self, i: usize) -> bool {
        let w = &mut self.0[i >> 6];
        let old = *w >> (i & 63) & 1 == 1;
        *w ^= 1 << (i & 63);
        old
    }
}

/// The node set and arc rules of one workload.
pub(crate) struct Work {
    shape: Shape,
    n: u32,
    p: u32,
    coin_key: u64,
    coin_threshold: u64,
    weight_cap: u32,
    member: Option<Bits>,
    arrived: Option<Bits>,
}

impl Work {
    pub(crate) fn new(v: &Valid) -> Work {
        let mut w = Work::rules(v);
        if v.shape.is_grid() {
            w.arrived = Some(Bits::new(super::params::grid_levels(v) + 1));
        }
        w.grow_random_grid();
        w
    }

    /// The workload's rules (its coins, the sparse tree's cap) without its node set.
    fn rules(v: &Valid) -> Work {
        let mut seed_rng = ChaCha8Rng::seed_from_u64(v.seed);
        let coin_key = seed_rng.random::<u64>();
        Work {
            shape: v.shape,
            n: v.n,
            p: v.p,
            coin_key,
            coin_threshold: (v.spawn_prob * (1u64 << 53) as f64) as u64,
            weight_cap: sparse_weight(v.p),
            member: None,
            arrived: None,
        }
    }

    /// A random grid's membership, level by level, up to the depth cap or the first level
    /// without a member (none below it has one either); the members it found.
    fn grow_random_grid(&mut self) -> u64 {
        if self.shape != Shape::RandomGrid {
            return 0;
        }
        let mut m = Bits::new(self.n);
        m.set(0);
        self.member = Some(m);
        let mut members = 1;
        for level in 1..self.n {
            let mut on_level = 0;
            for k in 0..=level {
                let l = level - k;
                if (k >= 1 && self.grid_spawns(k - 1, l)) || (l >= 1 && self.grid_spawns(k, l - 1))
                {
                    self.member.as_mut().expect("set above").set(tri(level, k));
                    on_level += 1;
                }
            }
            if on_level == 0 {
                break;
            }
            members += on_level;
        }
        members
    }

    fn root(&self) -> u32 {
        if self.shape.is_grid() { 0 } else { 1 }
    }

    #[inline(always)]
    fn coin(&self, node: u64) -> bool {
        (mix(self.coin_key ^ node.wrapping_mul(0xD6E8_FEB8_6659_FD93)) >> 11) < self.coin_threshold
    }

    #[inline(always)]
    fn tree_spawns(&self, key: u32) -> bool {
        let level = 31 - key.leading_zeros();
        if level + 1 >= self.n {
            return false;
        }
        match self.shape {
            Shape::RandomTree => self.coin(u64::from(key)),
            Shape::SparseTree => key.count_ones() - 1 < self.weight_cap,
            _ => true,
        }
    }

    #[inline(always)]
    fn grid_spawns(&self, k: u32, l: u32) -> bool {
        match self.shape {
            Shape::TwoRowGrid => (l == 0 && k < self.p) || (k == self.p && l < self.n),
            Shape::RandomGrid => {
                k + l + 1 < self.n
                    && self.member.as_ref().is_some_and(|m| m.get(tri(k + l, k)))
                    && self.coin((u64::from(k) << 32) | u64::from(l))
            }
            _ => k + l + 1 < self.n,
        }
    }

    /// Grid membership: the origin, or a child of a spawning node.
    #[inline(always)]
    fn grid_member(&self, k: u32, l: u32) -> bool {
        match self.shape {
            Shape::Grid => k + l < self.n,
            _ => {
                (k == 0 && l == 0)
                    || (k >= 1 && self.grid_spawns(k - 1, l))
                    || (l >= 1 && self.grid_spawns(k, l - 1))
            }
        }
    }

    /// In-degree in the grid-dag: arcs come from every potential parent in the node set.
    #[inline(always)]
    fn grid_indegree(&self, k: u32, l: u32) -> u32 {
        match self.shape {
            Shape::Grid => u32::from(k >= 1) + u32::from(l >= 1),
            _ => {
                u32::from(k >= 1 && self.grid_member(k - 1, l))
                    + u32::from(l >= 1 && self.grid_member(k, l - 1))
            }
        }
    }

    /// Executes `key`; writes the children that become ready (with "is the right child /
    /// arrived over the right arc") into `out` and returns how many.
    #[inline(always)]
    fn expand(&mut self, key: u32, out: &mut [(bool, u32); 2]) -> usize {
        if !self.shape.is_grid() {
            if self.tree_spawns(key) {
                out[0] = (false, key << 1);
                out[1] = (true, (key << 1) | 1);
                2
            } else {
                0
            }
        } else {
            let level = key >> 16;
            let k = key & 0xFFFF;
            let l = level - k;
            let spawns = self.grid_spawns(k, l);
            if !spawns && self.shape == Shape::Grid {
                return 0;
            }
            let mut c = 0;
            // Left child ⟨k, ℓ+1⟩ then right child ⟨k+1, ℓ⟩ (both at level + 1). A node that
            // halts still feeds a child that another parent created (the dag's arc).
            for (right, ck, cl) in [(false, k, l + 1), (true, k + 1, l)] {
                if !spawns && !self.grid_member(ck, cl) {
                    continue;
                }
                let ready = if self.grid_indegree(ck, cl) == 1 {
                    true
                } else {
                    self.arrived
                        .as_mut()
                        .expect("grids with binary nodes track arrivals")
                        .toggle(tri(level + 1, ck))
                };
                if ready {
                    out[c] = (right, ((level + 1) << 16) | ck);
                    c += 1;
                }
            }
            c
        }
    }
}

fn node_id(grid: bool, key: u32) -> NodeId {
    if grid {
        let level = key >> 16;
        let k = key & 0xFFFF;
        NodeId::Grid { k, l: level - k }
    } else {
        NodeId::Tree(u64::from(key))
    }
}

fn level_of(grid: bool, key: u32) -> u32 {
    if grid {
        key >> 16
    } else {
        31 - key.leading_zeros()
    }
}

/// Executes a node and reports the children that become ready.
trait Expand {
    /// Writes the children of `key` that become ready (with "arrived over the right arc")
    /// into `out` and returns how many.
    fn expand(&mut self, key: u32, out: &mut [(bool, u32); 2]) -> usize;
}

impl Expand for Work {
    #[inline(always)]
    fn expand(&mut self, key: u32, out: &mut [(bool, u32); 2]) -> usize {
        Work::expand(self, key, out)
    }
}

/// T_n: nodes below heap number 2^{n−1} spawn.
struct CompleteTree {
    leaves_from: u32,
}

impl Expand for CompleteTree {
    #[inline(always)]
    fn expand(&mut self, key: u32, out: &mut [(bool, u32); 2]) -> usize {
        if key < self.leaves_from {
            out[0] = (false, key << 1);
            out[1] = (true, (key << 1) | 1);
            2
        } else {
            0
        }
    }
}

/// G_n: nodes below level n − 1 spawn; ⟨k, ℓ+1⟩ is binary iff k ≥ 1, ⟨k+1, ℓ⟩ iff ℓ ≥ 1.
struct Pyramid {
    last_level: u32,
    arrived: Bits,
}

impl Expand for Pyramid {
    #[inline(always)]
    fn expand(&mut self, key: u32, out: &mut [(bool, u32); 2]) -> usize {
        let level = key >> 16;
        if level >= self.last_level {
            return 0;
        }
        let k = key & 0xFFFF;
        let l = level - k;
        let base = tri(level + 1, 0);
        let next = (level + 1) << 16;
        let mut c = 0;
        if k == 0 || self.arrived.toggle(base + k as usize) {
            out[c] = (false, next | k);
            c += 1;
        }
        if l == 0 || self.arrived.toggle(base + k as usize + 1) {
            out[c] = (true, next | (k + 1));
            c += 1;
        }
        c
    }
}

struct Stats {
    grid: bool,
    p: u32,
    nodes: u64,
    work: Vec<u64>,
    /// First step + 1 (0: never ran).
    first: Vec<u64>,
    /// Last step + 1 (0: never ran).
    last: Vec<u64>,
    sends: u64,
    max_queued: u64,
    trace: Option<Trace>,
}

impl Stats {
    fn new(grid: bool, p: u32, record: bool) -> Stats {
        Stats {
            grid,
            p,
            nodes: 0,
            work: vec![0; p as usize],
            first: vec![0; p as usize],
            last: vec![0; p as usize],
            sends: 0,
            max_queued: 0,
            trace: record.then(|| Trace {
                nodes: Vec::new(),
                steps: Vec::new(),
            }),
        }
    }

    #[inline(always)]
    fn ran(&mut self, pe: usize, t: u64, key: u32) {
        self.nodes += 1;
        self.work[pe] += 1;
        if self.first[pe] == 0 {
            self.first[pe] = t + 1;
        }
        self.last[pe] = t + 1;
        if let Some(tr) = self.trace.as_mut() {
            let node = node_id(self.grid, key);
            tr.nodes.push(NodeRecord {
                node,
                level: level_of(self.grid, key),
                pe: pe as u32,
                step: t,
            });
            tr.steps.last_mut().expect("step opened").ran[pe] = Some(node);
        }
    }

    #[inline(always)]
    fn sent(&mut self, from: usize, to: usize, key: u32) {
        if from != to {
            self.sends += 1;
            if let Some(tr) = self.trace.as_mut() {
                tr.steps
                    .last_mut()
                    .expect("step opened")
                    .sends
                    .push(SendRecord {
                        from: from as u32,
                        to: to as u32,
                        node: node_id(self.grid, key),
                    });
            }
        }
    }

    fn open_step(&mut self) {
        let p = self.p as usize;
        if let Some(tr) = self.trace.as_mut() {
            tr.steps.push(StepRecord {
                ran: vec![None; p],
                queue_len: vec![0; p],
                sends: Vec::new(),
            });
        }
    }

    fn finish(mut self, engine: Engine) -> Outcome {
        if let Some(tr) = self.trace.as_mut() {
            tr.nodes.sort_by_key(|r| (r.step, r.pe));
        }
        let makespan = self.last.iter().copied().max().unwrap_or(0);
        let gap_steps = (0..self.p as usize)
            .filter(|&i| self.work[i] > 0)
            .map(|i| self.last[i] - self.first[i] + 1 - self.work[i])
            .sum();
        let opt =
            |v: Vec<u64>| -> Vec<Option<u64>> { v.into_iter().map(|t| t.checked_sub(1)).collect() };
        Outcome {
            nodes: self.nodes,
            makespan,
            idle_steps: u64::from(self.p) * makespan - self.nodes,
            gap_steps,
            work: self.work,
            first_step: opt(self.first),
            last_step: opt(self.last),
            sends: self.sends,
            max_queued: self.max_queued,
            engine,
            trace: self.trace,
        }
    }
}

/// Simulates a validated scenario; keeps per-node and per-step records when the instance is
/// small enough to show (node bound ≤ 2^16 and node bound · p ≤ 2^24).
pub fn simulate(v: &Valid) -> Outcome {
    uncancelled(simulate_with(v, &NoProgress))
}

/// [`simulate`] reporting its progress (nodes run over [`nodes_estimate`]) and stopping soon
/// after `progress` is cancelled.
pub fn simulate_with(v: &Valid, progress: &dyn Progress) -> Result<Outcome, Cancelled> {
    run(v, records(v), &Watch::new(v, progress))
}

/// Simulates a validated scenario keeping only aggregate counters (any size).
pub fn simulate_aggregate(v: &Valid) -> Outcome {
    uncancelled(run(v, false, &Watch::new(v, &NoProgress)))
}

fn uncancelled(o: Result<Outcome, Cancelled>) -> Outcome {
    o.unwrap_or_else(|Cancelled| unreachable!("NoProgress is never cancelled"))
}

/// How often (in steps) a run reports its progress and looks for a cancel: a step costs at
/// least a few ns, so this is well under a millisecond and invisible in the run's time.
const WATCH_EVERY: u64 = 1 << 12;

/// A run's link to its [`Progress`].
struct Watch<'a> {
    progress: &'a dyn Progress,
    /// The nodes the run is expected to execute.
    expected: f64,
}

impl<'a> Watch<'a> {
    fn new(v: &Valid, progress: &'a dyn Progress) -> Watch<'a> {
        Watch {
            progress,
            expected: nodes_estimate(v).max(1.0),
        }
    }

    /// Every [`WATCH_EVERY`] steps: reports `nodes` run so far; Err once cancelled.
    fn step(&self, t: u64, nodes: u64) -> Result<(), Cancelled> {
        if !t.is_multiple_of(WATCH_EVERY) {
            return Ok(());
        }
        if self.progress.cancelled() {
            return Err(Cancelled);
        }
        self.progress
            .set((nodes as f64 / self.expected).min(1.0) as f32);
        Ok(())
    }
}

fn run(v: &Valid, record: bool, watch: &Watch) -> Result<Outcome, Cancelled> {
    if v.schedule == Schedule::Bf
        && v.balance != Balance::Random
        && let Some(o) = run_fifo(v, record, watch)?
    {
        return Ok(o);
    }
    run_heap(v, record, watch)
}

#[inline(always)]
fn push_sorted(q: &mut Fifo, key: u32) -> bool {
    if q.back().is_some_and(|b| b > key) {
        return false;
    }
    q.push_back(key);
    true
}

fn run_fifo(v: &Valid, record: bool, watch: &Watch) -> Result<Option<Outcome>, Cancelled> {
    match v.shape {
        Shape::Tree if !record && v.n <= 31 => tree_fast::run_tree(v, watch),
        Shape::Tree => {
            let leaves_from = 1u32 << (v.n - 1);
            run_fifo_with(v, record, CompleteTree { leaves_from }, 1, watch)
        }
        Shape::Grid => {
            let e = Pyramid {
                last_level: v.n - 1,
                arrived: Bits::new(v.n + 1),
            };
            run_fifo_with(v, record, e, 0, watch)
        }
        _ => {
            let w = Work::new(v);
            let root = w.root();
            run_fifo_with(v, record, w, root, watch)
        }
    }
}

/// The FIFO engine; `Ok(None)` when a queue would lose its order (the heap engine runs).
fn run_fifo_with<E: Expand>(
    v: &Valid,
    record: bool,
    mut work: E,
    root: u32,
    watch: &Watch,
) -> Result<Option<Outcome>, Cancelled> {
    let p = v.p as usize;
    let keep_both = v.balance == Balance::None;
    let mut stats = Stats::new(v.shape.is_grid(), v.p, record);
    let mut own: Vec<Fifo> = vec![Fifo::default(); p];
    let mut inc: Vec<Fifo> = vec![Fifo::default(); p];
    own[0].push_back(root);
    let mut queued: u64 = 1;
    let mut t: u64 = 0;
    let mut out = [(false, 0u32); 2];
    // The PEs with a ready task, in decreasing order; idle PEs are never visited, so a step
    // costs O(busy PEs) and a run O(nodes + steps) whatever p.
    let mut busy: Vec<usize> = vec![0];
    let mut candidates: Vec<usize> = Vec::new();
    while queued > 0 {
        watch.step(t, stats.nodes)?;
        stats.open_step();
        let mut wrap: Option<u32> = None;
        candidates.clear();
        // Descending PE order: PE i's sends to PE i+1 land after PE i+1 has run this step;
        // only PE p−1 → PE 0 needs staging.
        for &i in &busy {
            let key = match (own[i].front(), inc[i].front()) {
                (Some(a), Some(b)) => {
                    if a <= b {
                        own[i].pop_front()
                    } else {
                        inc[i].pop_front()
                    }
                }
                (Some(_), None) => own[i].pop_front(),
                (None, Some(_)) => inc[i].pop_front(),
                (None, None) => None,
            };
            let Some(key) = key else { continue };
            queued -= 1;
            stats.ran(i, t, key);
            let c = work.expand(key, &mut out);
            let mut receiver = None;
            for &(right, ck) in &out[..c] {
                queued += 1;
                if !right {
                    if !push_sorted(&mut own[i], ck) {
                        return Ok(None);
                    }
                } else {
                    let to = if keep_both || p == 1 { i } else { (i + 1) % p };
                    stats.sent(i, to, ck);
                    if to == 0 && i == p - 1 && p > 1 {
                        wrap = Some(ck);
                    } else {
                        if !push_sorted(&mut inc[to], ck) {
                            return Ok(None);
                        }
                        receiver = Some(to);
                    }
                }
            }
            // Candidates for the next step in decreasing order: i + 1 (or i), then i; the
            // next busy PE i′ < i adds i′ + 1 ≤ i.
            if let Some(to) = receiver.filter(|&to| to != i) {
                candidates.push(to);
            }
            candidates.push(i);
        }
        if let Some(ck) = wrap {
            if !push_sorted(&mut inc[0], ck) {
                return Ok(None);
            }
            candidates.push(0);
        }
        candidates.dedup();
        busy.clear();
        busy.extend(
            candidates
                .iter()
                .copied()
                .filter(|&i| !own[i].is_empty() || !inc[i].is_empty()),
        );
        debug_assert!(busy.windows(2).all(|w| w[0] > w[1]));
        stats.max_queued = stats.max_queued.max(queued);
        if let Some(tr) = stats.trace.as_mut() {
            let s = tr.steps.last_mut().expect("step opened");
            for i in 0..p {
                s.queue_len[i] = (own[i].len() + inc[i].len()) as u32;
            }
        }
        t += 1;
    }
    Ok(Some(stats.finish(Engine::Fifo)))
}

fn run_heap(v: &Valid, record: bool, watch: &Watch) -> Result<Outcome, Cancelled> {
    let p = v.p as usize;
    let grid = v.shape.is_grid();
    let df = v.schedule == Schedule::Df;
    let enc = |key: u32| -> u64 {
        let (level, pos) = if grid {
            (key >> 16, key & 0xFFFF)
        } else {
            let level = 31 - key.leading_zeros();
            (level, key - (1 << level))
        };
        let rank = if df { 0xFFFF - level } else { level };
        (u64::from(rank) << 32) | u64::from(pos)
    };
    let dec = |prio: u64| -> u32 {
        let rank = (prio >> 32) as u32;
        let level = if df { 0xFFFF - rank } else { rank };
        let pos = prio as u32;
        if grid {
            (level << 16) | pos
        } else {
            (1 << level) | pos
        }
    };
    let mut work = Work::new(v);
    let mut rng = ChaCha8Rng::seed_from_u64(v.seed ^ 0x5EED_D1EC_7104_0000);
    let mut stats = Stats::new(v.shape.is_grid(), v.p, record);
    let mut heaps: Vec<BinaryHeap<Reverse<u64>>> = vec![BinaryHeap::new(); p];
    heaps[0].push(Reverse(enc(work.root())));
    let mut queued: u64 = 1;
    let mut staged: Vec<(usize, u32)> = Vec::new();
    let mut t: u64 = 0;
    let mut out = [(false, 0u32); 2];
    // The PEs with a ready task, in increasing order (the order of the random draws); idle
    // PEs are never visited. `mark[i] == t + 1` once PE i is listed for step t + 1.
    let mut busy: Vec<usize> = vec![0];
    let mut next: Vec<usize> = Vec::new();
    let mut mark: Vec<u64> = vec![0; p];
    while queued > 0 {
        watch.step(t, stats.nodes)?;
        stats.open_step();
        for &i in &busy {
            let heap = &mut heaps[i];
            let Some(Reverse(prio)) = heap.pop() else {
                continue;
            };
            let key = dec(prio);
            queued -= 1;
            stats.ran(i, t, key);
            let c = work.expand(key, &mut out);
            for &(right, ck) in &out[..c] {
                queued += 1;
                let to = if !right {
                    i
                } else {
                    match v.balance {
                        Balance::Ks => (i + 1) % p,
                        Balance::None => i,
                        Balance::Random => {
                            if rng.random_bool(0.5) {
                                (i + 1) % p
                            } else {
                                (i + p - 1) % p
                            }
                        }
                    }
                };
                if right {
                    stats.sent(i, to, ck);
                }
                staged.push((to, ck));
            }
        }
        next.clear();
        for (to, ck) in staged.drain(..) {
            heaps[to].push(Reverse(enc(ck)));
            if mark[to] != t + 1 {
                mark[to] = t + 1;
                next.push(to);
            }
        }
        for &i in &busy {
            if !heaps[i].is_empty() && mark[i] != t + 1 {
                mark[i] = t + 1;
                next.push(i);
            }
        }
        next.sort_unstable();
        std::mem::swap(&mut busy, &mut next);
        stats.max_queued = stats.max_queued.max(queued);
        if let Some(tr) = stats.trace.as_mut() {
            let s = tr.steps.last_mut().expect("step opened");
            for (len, heap) in s.queue_len.iter_mut().zip(&heaps) {
                *len = heap.len() as u32;
            }
        }
        t += 1;
    }
    Ok(stats.finish(Engine::Heap))
}

/// Forces the general heap engine (used by tests to cross-check the FIFO engine).
pub fn simulate_heap_engine(v: &Valid) -> Outcome {
    uncancelled(run_heap(v, records(v), &Watch::new(v, &NoProgress)))
}

#[path = "tree_fast.rs"]
mod tree_fast;

#[path = "reach.rs"]
mod reach;
pub use reach::{random_grid_nodes, reaches_last_level};

#[cfg(test)]
#[path = "simulate_tests.rs"]
mod tests;
