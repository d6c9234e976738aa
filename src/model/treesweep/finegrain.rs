//! Algorithm Fine-Grain (Section 3.1) without materialising the tree.
//!
//! Only the top cluster (the nodes of processor 0) is walked, in postorder. An external subtree
//! is represented by its height h: by Proposition 3.1 it copies the schedule of the leftmost
//! subtree of height h, so it finishes at T*(h) and its result reaches its boundary node at
//! T*(h) + τ. The leftmost node of every height lies on the left spine, which is in the top
//! cluster, so a single pass over T_n yields T*(h) (= AET of the spine node of height h, plus
//! 1), the top-cluster size and the processor count of every T_h, h ≤ n.
//!
//! State of the walk: the last executed node (its height `c` and start `t`) and a stack of the
//! heights of completed left children still waiting for their right sibling. After a node:
//!
//! * rule (a): if the stack top equals `c`, the node was a right child; its parent is eligible
//!   and runs at t + 1 (an internal node);
//! * rule (b): otherwise a boundary node is created at the smallest height ℓ ≥ (height of the
//!   previous boundary node) with t ≤ T*(ℓ) + τ − 2 (inequality (4)); it starts at
//!   max(t + 1, T*(ℓ − 1) + τ) (a leaf: t + 1). If ℓ ≤ c it is the leftmost node of height ℓ in
//!   the right sibling's subtree; if ℓ = c + 1 it is the parent of the last node, which then
//!   has one internal and one external predecessor (the paper's remark at the end of 3.1).
//!   One can show ℓ ≤ c + 1 always: the last boundary node (height h_j) met the MHB bound
//!   AET ≤ T*(h_j) + τ − 1 and every internal node adds 1, while T*(c + 1) ≥ T*(h_j) + c + 1 − h_j.
//!
//! The fast mode ([`fine_grain`]) treats a run of boundary nodes of one height ℓ filling a
//! right-sibling subtree of height c, together with the internal nodes they complete, as one
//! arithmetic step: once the first node of the run starts without idle time, block j (0-based)
//! is selected at t + 2j − popcount(j), so the number of blocks that pass (4) is found by
//! binary search and the partially filled subtree is pushed as the binary digits of that
//! number. Work is O(n²) whatever the cluster size.

use serde::Serialize;

use super::count::Count;

/// Relative tolerance of time comparisons (times are sums of 1s and τs computed in f64).
pub(crate) fn le(a: f64, b: f64) -> bool {
    a <= b + 64.0 * f64::EPSILON * b.abs().max(1.0)
}

/// Which step of the algorithm placed a node on processor 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Rule {
    /// Step 1.1: the leftmost leaf at time 0.
    Base,
    /// Step 1.2(a): the parent of the last node became eligible (an internal node).
    Internal,
    /// Step 1.2(b): a new boundary node, its height chosen by inequality (4).
    Boundary,
}

/// One node executed by processor 0, in execution order.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TraceStep {
    /// Position on processor 0 (0-based).
    pub step: u64,
    /// Heap number of the node (root 1, children of k are 2k and 2k + 1); `None` for n > 127.
    pub heap: Option<u128>,
    /// Height of the node (leaf = 1).
    pub height: u32,
    /// Execution start (AET).
    pub start: f64,
    /// Rule that placed it.
    pub rule: Rule,
    /// For boundary nodes: the height ℓ picked by inequality (4) (equals `height`).
    pub picked_height: Option<u32>,
    /// Idle time of processor 0 just before this node (always < 1: persistence).
    pub gap: f64,
    /// Number of predecessors computed elsewhere (0, 1 or 2).
    pub external_children: u8,
}

/// The optimal (Fine-Grain) schedule of T_n, summarised, with the same data for every T_h,
/// h ≤ n (vectors are indexed by h − 1).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FineGrain {
    /// n, τ, T*(h) and the top clusters' sizes (flattened: the same fields in the JSON).
    #[serde(flatten)]
    pub makespans: Makespans,
    /// Number of distinct processors used by the Fine-Grain schedule of T_h: processor 0 plus,
    /// recursively, those of every external subtree (each on its own processors).
    pub processors: Vec<Count>,
    /// Boundary nodes of T_n's top cluster by height.
    pub boundary_by_height: Vec<u64>,
    /// External subtrees of T_n by height (roots not on processor 0 whose parent is).
    pub external_by_height: Vec<u64>,
    /// Internal nodes of T_n's top cluster.
    pub internal_nodes: u64,
    /// Total idle time of processor 0 between time 0 and T*(n).
    pub idle: f64,
    /// How many times Step 1.2(b) tested inequality (4) for T_n, as the paper's algorithm
    /// tests it (each height from the previous boundary node's upwards, once per boundary
    /// node; the fast mode's binary search over a run of blocks counts one passing test per
    /// block). Theorem 3.2's proof bounds it by n + the boundary nodes.
    pub tests_of_4: u64,
}

impl FineGrain {
    /// Processors used for T_n.
    pub fn processors_used(&self) -> Count {
        self.processors[self.n as usize - 1]
    }
}

/// A Fine-Grain schedule is its makespans with the processor counts and T_n's top cluster.
impl std::ops::Deref for FineGrain {
    type Target = Makespans;
    fn deref(&self) -> &Makespans {
        &self.makespans
    }
}

/// A trace of processor 0, possibly cut after `max_steps` nodes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Trace {
    /// The first nodes of processor 0, in order.
    pub steps: Vec<TraceStep>,
    /// True when the top cluster has more nodes than were recorded.
    pub truncated: bool,
}

struct Engine {
    n: u32,
    tau: f64,
    skip: bool,
    /// Whether to keep the processor counts (wide-integer products per external subtree).
    count: bool,
    t: f64,
    c: u32,
    stack: Vec<u32>,
    h_last: u32,
    tests: u64,
    size: u64,
    internal: u64,
    idle: f64,
    tstar: Vec<f64>,
    sizes: Vec<u64>,
    procs: Vec<Count>,
    boundary: Vec<u64>,
    ext: Vec<u64>,
    ext_procs: Count,
    heap: Option<u128>,
    trace: Option<Vec<TraceStep>>,
    trace_cap: usize,
    truncated: bool,
}

impl Engine {
    fn new(n: u32, tau: f64, skip: bool, trace_cap: Option<usize>) -> Engine {
        let k = n as usize + 2;
        Engine {
            n,
            tau,
            skip,
            count: true,
            t: 0.0,
            c: 1,
            stack: Vec::new(),
            h_last: 1,
            tests: 0,
            size: 0,
            internal: 0,
            idle: 0.0,
            tstar: vec![f64::NAN; k],
            sizes: vec![0; k],
            procs: vec![Count::ZERO; k],
            boundary: vec![0; k],
            ext: vec![0; k],
            ext_procs: Count::ZERO,
            heap: None,
            trace: trace_cap.map(|_| Vec::new()),
            trace_cap: trace_cap.unwrap_or(0),
            truncated: false,
        }
    }

    fn record(&mut self, rule: Rule, picked: Option<u32>, gap: f64, external_children: u8) {
        if let Some(tr) = self.trace.as_mut() {
            if tr.len() < self.trace_cap {
                tr.push(TraceStep {
                    step: self.size - 1,
                    heap: self.heap,
                    height: self.c,
                    start: self.t,
                    rule,
                    picked_height: picked,
                    gap,
                    external_children,
                });
            } else {
                self.truncated = true;
            }
        }
    }

    /// Called after each node: if nothing is pending, the last node is the leftmost of its
    /// height, whose subtree is scheduled optimally (Proposition 3.1).
    fn spine(&mut self) {
        if self.stack.is_empty() {
            let c = self.c as usize;
            self.tstar[c] = self.t + 1.0;
            self.sizes[c] = self.size;
            if self.count {
                self.procs[c] = Count::ONE.plus(self.ext_procs);
            }
        }
    }

    fn add_external(&mut self, h: u32, count: u128) {
        if h >= 1 {
            self.ext[h as usize] += count as u64;
            if self.count {
                self.ext_procs = self.ext_procs.plus(self.procs[h as usize].times(count));
            }
        }
    }

    fn run(&mut self) {
        let n = self.n;
        let tau = self.tau;
        if n <= 127 {
            self.heap = Some(1u128 << (n - 1));
        }
        self.size = 1;
        self.boundary[1] += 1;
        self.record(Rule::Base, None, 0.0, 0);
        self.spine();
        loop {
            while self.stack.last() == Some(&self.c) {
                self.stack.pop();
                self.t += 1.0;
                self.c += 1;
                self.size += 1;
                self.internal += 1;
                self.heap = self.heap.map(|h| h / 2);
                self.record(Rule::Internal, None, 0.0, 0);
                self.spine();
            }
            if self.c >= n {
                break;
            }
            let c = self.c;
            let t = self.t;
            // Inequality (4), searched upwards from the previous boundary height. The fallback
            // c + 1 is never used for τ > 1 (see the module documentation).
            let passes = |l: &u32| le(t, self.tstar[*l as usize] + tau - 2.0);
            let found = (self.h_last..=c + 1).find(passes);
            // Every height tried fails but the one found (all fail without one).
            self.tests += u64::from(found.map_or(c + 2, |l| l + 1) - self.h_last);
            let l = found.unwrap_or(c + 1);
            self.h_last = l;
            if l == c + 1 {
                // The parent of the last node, with its right subtree (height c) external.
                let start = (t + 1.0).max(self.tstar[c as usize] + tau);
                let gap = start - t - 1.0;
                self.idle += gap;
                self.add_external(c, 1);
                self.t = start;
                self.c = l;
                self.size += 1;
                self.boundary[l as usize] += 1;
                self.heap = self.heap.map(|h| h / 2);
                self.record(Rule::Boundary, Some(l), gap, 1);
                self.spine();
                continue;
            }
            // The leftmost node of height l in the right sibling's subtree (height c).
            self.stack.push(c);
            let k = c - l;
            let sib = self.heap.map(|h| h + 1);
            let ready = if l >= 2 {
                self.tstar[l as usize - 1] + tau
            } else {
                0.0
            };
            let can_skip = self.skip && (self.trace.is_none() || self.truncated);
            if k > 0 && can_skip && t + 1.0 >= ready {
                self.run_of_blocks(l, k, sib);
                continue;
            }
            let start = (t + 1.0).max(ready);
            let gap = start - t - 1.0;
            self.idle += gap;
            self.t = start;
            self.c = l;
            self.size += 1;
            self.boundary[l as usize] += 1;
            self.add_external(l - 1, 2);
            self.heap = sib.map(|s| s << k);
            self.record(Rule::Boundary, Some(l), gap, if l >= 2 { 2 } else { 0 });
        }
    }

    /// Boundary nodes of height l, back to back, filling the right sibling (height l + k).
    fn run_of_blocks(&mut self, l: u32, k: u32, sib: Option<u128>) {
        let t = self.t;
        let d = self.tstar[l as usize] + self.tau - 2.0;
        let kc = k.min(100);
        let b: u128 = 1u128 << kc;
        let sel = |j: u128| t + (2 * j - j.count_ones() as u128) as f64;
        let last = if kc == k && le(sel(b - 1), d) {
            b - 1
        } else {
            // sel(0) = t passes (4) (that is how l was chosen); sel(b − 1) does not.
            let (mut lo, mut hi) = (0u128, b - 1);
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if le(sel(mid), d) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            lo
        };
        let blocks = last + 1;
        // The first block's test was made by the main loop's search.
        self.tests += (blocks - 1) as u64;
        let nodes = 2 * blocks - blocks.count_ones() as u128;
        self.t = t + nodes as f64;
        self.size += nodes as u64;
        self.boundary[l as usize] += blocks as u64;
        self.internal += (blocks - blocks.count_ones() as u128) as u64;
        self.add_external(l - 1, 2 * blocks);
        if blocks == b && kc == k {
            // The whole sibling subtree is done; the main loop pops its parent.
            self.c = l + k;
            self.heap = sib;
        } else {
            let low = blocks.trailing_zeros();
            for bit in (low + 1..kc).rev() {
                if blocks >> bit & 1 == 1 {
                    self.stack.push(l + bit);
                }
            }
            self.c = l + low;
            self.heap = sib.map(|s| (s << (k - low)) + (blocks >> low) - 1);
        }
    }

    fn makespans(&self) -> Makespans {
        let n = self.n as usize;
        Makespans {
            n: self.n,
            tau: self.tau,
            t_star: self.tstar[1..=n].to_vec(),
            cluster_size: self.sizes[1..=n].to_vec(),
        }
    }

    fn result(&self) -> FineGrain {
        let n = self.n as usize;
        FineGrain {
            makespans: self.makespans(),
            processors: self.procs[1..=n].to_vec(),
            boundary_by_height: self.boundary[1..=n].to_vec(),
            external_by_height: self.ext[1..=n].to_vec(),
            internal_nodes: self.internal,
            idle: self.idle,
            tests_of_4: self.tests,
        }
    }
}

/// Fine-Grain for T_n (n ≥ 1, τ > 1; see [`super::params`]), fast mode: O(n²) time.
pub fn fine_grain(n: u32, tau: f64) -> FineGrain {
    let mut e = Engine::new(n.max(1), tau, true, None);
    e.run();
    e.result()
}

/// Fine-Grain for T_n, one top-cluster node at a time (time proportional to the top cluster,
/// no tree materialised). Same result as [`fine_grain`].
pub fn fine_grain_stepwise(n: u32, tau: f64) -> FineGrain {
    let mut e = Engine::new(n.max(1), tau, false, None);
    e.run();
    e.result()
}

/// Fine-Grain's makespans and top clusters, without the processor counts (vectors indexed by
/// h − 1).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Makespans {
    /// Tree height.
    pub n: u32,
    /// Communication delay.
    pub tau: f64,
    /// T*(h) for h = 1..=n.
    pub t_star: Vec<f64>,
    /// Size of the top cluster of T_h.
    pub cluster_size: Vec<u64>,
}

impl Makespans {
    /// T*(n), the optimal makespan.
    pub fn makespan(&self) -> f64 {
        self.t_star[self.n as usize - 1]
    }
    /// Top-cluster size of T_n.
    pub fn top_cluster_size(&self) -> u64 {
        self.cluster_size[self.n as usize - 1]
    }
}

/// T*(h) and the top-cluster sizes of [`fine_grain`] (the same pass, same values) without the
/// processor counts, whose exact wide-integer products (one per external subtree) dominate
/// the pass for large n: what a map of T* or T*/T_PY needs.
pub fn fine_grain_makespans(n: u32, tau: f64) -> Makespans {
    let mut e = Engine::new(n.max(1), tau, true, None);
    e.count = false;
    e.run();
    e.makespans()
}

/// Fine-Grain with a trace of the first `max_steps` nodes of processor 0 (the rest of the
/// cluster is then computed in fast mode).
pub fn fine_grain_traced(n: u32, tau: f64, max_steps: usize) -> (FineGrain, Trace) {
    let mut e = Engine::new(n.max(1), tau, true, Some(max_steps));
    e.run();
    let r = e.result();
    let trace = Trace {
        steps: e.trace.take().unwrap_or_default(),
        truncated: e.truncated,
    };
    (r, trace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_values_by_hand() {
        // τ = 1.5: the right half of T_3 is a boundary node fed by two external leaves.
        assert_eq!(fine_grain(5, 1.5).t_star, vec![1.0, 3.0, 5.0, 7.0, 9.0]);
        // τ large: small trees stay on one processor.
        assert_eq!(fine_grain(4, 100.0).t_star, vec![1.0, 3.0, 7.0, 15.0]);
        let one = fine_grain(1, 3.0);
        assert_eq!((one.makespan(), one.top_cluster_size()), (1.0, 1));
        assert_eq!(one.processors_used(), Count::ONE);
    }

    /// Theorem 3.2's proof: (4) is tested at most n + (boundary nodes) times. The fast mode
    /// counts the tests the stepwise walk makes.
    #[test]
    fn tests_of_inequality_4_stay_within_the_proofs_bound() {
        for tau in [1.5, 3.0, 10.0, 128.0, 1000.0] {
            for n in [1, 2, 5, 9, 14, 18] {
                let fast = fine_grain(n, tau);
                let slow = fine_grain_stepwise(n, tau);
                assert_eq!(fast.tests_of_4, slow.tests_of_4, "n = {n}, τ = {tau}");
                let boundary: u64 = fast.boundary_by_height.iter().sum();
                assert!(fast.tests_of_4 >= boundary - 1, "n = {n}, τ = {tau}");
                assert!(
                    fast.tests_of_4 <= u64::from(n) + boundary,
                    "n = {n}, τ = {tau}: {} tests, {boundary} boundary nodes",
                    fast.tests_of_4
                );
            }
        }
    }

    #[test]
    fn trace_of_t3() {
        let (fg, tr) = fine_grain_traced(3, 1.5, 100);
        assert_eq!(fg.makespan(), 5.0);
        let got: Vec<_> = tr
            .steps
            .iter()
            .map(|s| {
                (
                    s.heap,
                    s.start,
                    s.rule,
                    s.picked_height,
                    s.external_children,
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (Some(4), 0.0, Rule::Base, None, 0),
                (Some(5), 1.0, Rule::Boundary, Some(1), 0),
                (Some(2), 2.0, Rule::Internal, None, 0),
                (Some(3), 3.0, Rule::Boundary, Some(2), 2),
                (Some(1), 4.0, Rule::Internal, None, 0),
            ]
        );
        // Processor 0 plus one processor per external leaf.
        assert_eq!(fg.processors_used().exact, Some(3));
        assert_eq!(fg.external_by_height, vec![2, 0, 0]);
        assert!(!tr.truncated);
    }

    #[test]
    fn boundary_nodes_obey_mhb_and_persistence() {
        for &tau in &[1.5, 2.5, 4.7, 10.0, 128.0] {
            let (fg, tr) = fine_grain_traced(14, tau, usize::MAX);
            let mut last_h = 0;
            for s in &tr.steps {
                assert!(s.gap >= 0.0 && s.gap < 1.0);
                if s.rule == Rule::Boundary {
                    let h = s.height as usize;
                    assert!(le(s.start, fg.t_star[h - 1] + tau - 1.0), "MHB");
                    if h >= 2 {
                        assert!(le(fg.t_star[h - 2] + tau, s.start), "ready");
                    }
                    assert!(s.height >= last_h, "boundary heights nondecreasing");
                    last_h = s.height;
                }
            }
        }
    }

    #[test]
    fn makespans_without_counts_are_fine_grains() {
        for n in [1, 2, 3, 7, 12, 40, 200, 1000] {
            for tau in [1.0001, 1.5, 2.0, 4.7, 128.0, 1000.0, 1e6] {
                let full = fine_grain(n, tau);
                let m = fine_grain_makespans(n, tau);
                assert_eq!(m.t_star, full.t_star, "n = {n}, τ = {tau}");
                assert_eq!(m.cluster_size, full.cluster_size, "n = {n}, τ = {tau}");
                assert_eq!(m.makespan(), full.makespan());
                assert_eq!(m.top_cluster_size(), full.top_cluster_size());
            }
        }
    }

    #[test]
    fn large_instance_is_fast_and_consistent() {
        let f = fine_grain(1000, 1e6);
        assert!(f.makespan() > 0.0 && f.makespan() < 1e9);
        assert_eq!(f.top_cluster_size() as f64 + f.idle, f.makespan());
        assert!(f.processors_used().exact.is_none());
        assert!(f.processors_used().approx.is_finite());
    }
}
