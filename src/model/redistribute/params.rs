//! Ring instances (δ, loads L, link costs, direction), their validation against Section 2, and
//! the editing operations of the instance editor (derive δ from targets or speeds, random
//! instances, make Σδ = 0, rotate, negate, text parsing).
//!
//! Indices: vectors are stored 0-based; processor `P_{i+1}` of the paper is entry `i`.
//! `cw[i]` is c_{i,i+1} (the link from P_i to its successor) and `ccw[i]` is c_{i,i−1} (the
//! link from P_i to its predecessor), both with the paper's 1-based i = entry + 1.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Which algorithm a run uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Algorithm {
    /// The paper's algorithm for the ring type: Algorithm 1 (homogeneous unidirectional),
    /// Algorithm 2 (heterogeneous unidirectional), Algorithm 3 (homogeneous bidirectional),
    /// System 6 (heterogeneous bidirectional).
    #[default]
    Auto,
    /// Algorithm 1 (homogeneous rings; on a bidirectional ring it uses one direction only).
    Alg1,
    /// Algorithm 2 (any ring; one direction only).
    Alg2,
    /// Algorithm 3 with the corrections documented in the help (homogeneous bidirectional).
    Alg3,
    /// Algorithm 3 read literally from the printed pseudo-code.
    Alg3Literal,
    /// System 6's integer optimum (Proposition 1's rounding) scheduled as in Lemma 9
    /// (bidirectional rings).
    Lp,
    /// System 12 (System 6 plus the load constraint) scheduled as in Lemma 9.
    LpLoad,
    /// System 6's integer optimum scheduled as soon as possible with forwarding (valid for any
    /// loads; not in the paper).
    LpForward,
}

impl Algorithm {
    /// Every choice, in menu order.
    pub const ALL: [Algorithm; 8] = [
        Algorithm::Auto,
        Algorithm::Alg1,
        Algorithm::Alg2,
        Algorithm::Alg3,
        Algorithm::Alg3Literal,
        Algorithm::Lp,
        Algorithm::LpLoad,
        Algorithm::LpForward,
    ];

    /// CLI / JSON name.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Auto => "auto",
            Algorithm::Alg1 => "alg1",
            Algorithm::Alg2 => "alg2",
            Algorithm::Alg3 => "alg3",
            Algorithm::Alg3Literal => "alg3-literal",
            Algorithm::Lp => "lp",
            Algorithm::LpLoad => "lp-load",
            Algorithm::LpForward => "lp-forward",
        }
    }

    /// Menu label.
    pub fn label(self) -> &'static str {
        match self {
            Algorithm::Auto => "Auto (the paper's for this ring)",
            Algorithm::Alg1 => "Algorithm 1 (homogeneous, uni)",
            Algorithm::Alg2 => "Algorithm 2 (asynchronous, uni)",
            Algorithm::Alg3 => "Algorithm 3 (bidirectional, corrected)",
            Algorithm::Alg3Literal => "Algorithm 3 as printed",
            Algorithm::Lp => "System 6 + Lemma 9 (light)",
            Algorithm::LpLoad => "System 12 + Lemma 9 (load-constrained)",
            Algorithm::LpForward => "System 6 + forwarding (any loads)",
        }
    }
}

/// What the sweep plots vary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum SweepVar {
    /// The ring size n.
    #[default]
    N,
    /// The largest |δ_k|.
    MaxDelta,
}

/// Settings of the random-instance sweeps behind the plots.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SweepSpec {
    /// Swept variable.
    pub var: SweepVar,
    /// Largest value of the swept variable (from 2, about 12 points).
    pub to: usize,
    /// The other variable's value (max |δ| when sweeping n, n when sweeping max |δ|).
    pub fixed: usize,
    /// Random instances per point.
    pub samples: usize,
    /// Seed.
    pub seed: u64,
}

impl Default for SweepSpec {
    fn default() -> Self {
        SweepSpec {
            var: SweepVar::N,
            to: 200,
            fixed: 10,
            samples: 20,
            seed: 1,
        }
    }
}

impl SweepSpec {
    /// Checks the settings.
    pub fn validate(&self) -> Result<(), String> {
        let (lo, hi) = match self.var {
            SweepVar::N => (3, N_MAX),
            SweepVar::MaxDelta => (2, 100_000),
        };
        if !(lo..=hi).contains(&self.to) {
            return Err(format!("the sweep must end between {lo} and {hi}"));
        }
        if self.fixed < 2 || self.fixed > 100_000 {
            return Err("the fixed value must be between 2 and 100 000".into());
        }
        if !(1..=1000).contains(&self.samples) {
            return Err("samples per point must be between 1 and 1000".into());
        }
        Ok(())
    }
}

/// Which random-instance study the scenario shows beside the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Study {
    /// Makespan and best lower bound while n or max |δ| grows.
    #[default]
    Sweep,
    /// System 6's integer optimum over Lemma 12 on heterogeneous bidirectional rings.
    LpRatio,
    /// Algorithm 3's rounds (both readings) against Lemma 6.
    Rounds,
    /// Section 8's iterative application (Figs. 13–14).
    Iterative,
}

/// A whole redistribution scenario: the instance plus the settings of every study.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RedistParams {
    /// The ring being edited and run.
    pub instance: RingInstance,
    /// Algorithm of the run.
    pub algorithm: Algorithm,
    /// Random-instance generator settings.
    pub random: RandomSpec,
    /// Which study the plot column shows.
    pub study: Study,
    /// Makespan sweep settings.
    pub sweep: SweepSpec,
    /// Random instances of the LP-ratio and rounds studies.
    pub samples: usize,
    /// Section 8 settings.
    pub iterative: super::iterative::IterativeParams,
}

impl Default for RedistParams {
    fn default() -> Self {
        RedistParams {
            instance: RingInstance::default(),
            algorithm: Algorithm::Auto,
            random: RandomSpec::default(),
            study: Study::Sweep,
            sweep: SweepSpec::default(),
            samples: 300,
            iterative: Default::default(),
        }
    }
}

impl RedistParams {
    /// Checks the study settings (the instance is checked by [`RingInstance::validate`]).
    pub fn validate_studies(&self) -> Result<(), String> {
        self.random.validate().map_err(|e| format!("random: {e}"))?;
        self.sweep.validate().map_err(|e| format!("sweep: {e}"))?;
        if !(10..=5000).contains(&self.samples) {
            return Err("samples: between 10 and 5000 random instances".into());
        }
        self.iterative
            .validate()
            .map_err(|e| format!("iterative: {e}"))
    }
}

/// Smallest ring accepted.
pub const N_MIN: usize = 2;
/// Largest ring accepted by the editor, the CLI and presets.
pub const N_MAX: usize = 10_000;
/// Largest |δ_k| or L_k accepted (keeps every slice sum and item count far inside i64 and every
/// time exact in f64 for integer costs).
pub const VALUE_MAX: i64 = 1_000_000_000;
/// Largest L_k accepted (room for the minimal loads 1 + δ_k of any accepted δ, and more).
pub const LOAD_MAX: i64 = 2 * VALUE_MAX + 1;
/// Largest link cost accepted.
pub const COST_MAX: f64 = 1e9;

/// Uni- or bidirectional ring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Direction {
    /// P_i may only send to P_{i+1} (Sections 3 and 4).
    Uni,
    /// P_i may send to P_{i+1} or P_{i−1}, one at a time (Sections 5 and 6).
    #[default]
    Bi,
}

impl Direction {
    /// Name used by the CLI and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Uni => "uni",
            Direction::Bi => "bi",
        }
    }
}

/// Link costs: time to send one item over a link.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Costs {
    /// Every link costs c (both directions).
    Homogeneous(f64),
    /// `cw[i]` = c_{i,i+1}, `ccw[i]` = c_{i,i−1} (0-based entries, see the module doc).
    /// `ccw` is ignored on a unidirectional ring but kept so switching back loses nothing.
    Heterogeneous {
        /// c_{i,i+1}.
        cw: Vec<f64>,
        /// c_{i,i−1}.
        ccw: Vec<f64>,
    },
}

/// One redistribution instance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RingInstance {
    /// Unbalances δ_k (P_k must end with L_k − δ_k items).
    pub delta: Vec<i64>,
    /// Initial loads L_k.
    pub loads: Vec<i64>,
    /// Uni- or bidirectional.
    pub direction: Direction,
    /// Link costs.
    pub costs: Costs,
}

impl Default for RingInstance {
    /// A 12-processor bidirectional homogeneous ring (c = 1) with δ_max = 4 in Lemma 6's sense.
    fn default() -> Self {
        let delta = vec![3, -1, 2, 0, -4, 1, 2, -2, 0, 1, -3, 1];
        let loads = minimal_loads(&delta);
        RingInstance {
            delta,
            loads,
            direction: Direction::Bi,
            costs: Costs::Homogeneous(1.0),
        }
    }
}

/// The smallest loads Section 2 allows: L_k = max(1, 1 + δ_k).
pub fn minimal_loads(delta: &[i64]) -> Vec<i64> {
    delta.iter().map(|&d| (1 + d).max(1)).collect()
}

/// Which vector (or scalar) a problem is about, so the editor can mark the cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Field {
    /// The ring size.
    N,
    /// δ.
    Delta,
    /// L.
    Loads,
    /// The homogeneous cost c.
    C,
    /// c_{i,i+1}.
    Cw,
    /// c_{i,i−1}.
    Ccw,
}

impl Field {
    /// Short name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Field::N => "n",
            Field::Delta => "δ",
            Field::Loads => "L",
            Field::C => "c",
            Field::Cw => "c_{i,i+1}",
            Field::Ccw => "c_{i,i−1}",
        }
    }
}

/// One violated assumption, with the 0-based entry it concerns (None: the whole vector).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct InstanceError {
    /// The vector concerned.
    pub field: Field,
    /// Entry (0-based) or None for the whole vector.
    pub index: Option<usize>,
    /// Human-readable reason, naming processors 1-based as in the paper.
    pub message: String,
}

fn ierr(field: Field, index: Option<usize>, message: impl Into<String>) -> InstanceError {
    InstanceError {
        field,
        index,
        message: message.into(),
    }
}

/// Proof that an instance satisfies every assumption; only [`RingInstance::validate`] makes one.
#[derive(Debug, Clone, Copy)]
pub struct Valid(());

/// At most this many problems are reported (the editor marks each one).
pub const MAX_ERRORS: usize = 50;

impl RingInstance {
    /// Builds an instance with the minimal loads and homogeneous cost c.
    pub fn homogeneous(delta: Vec<i64>, direction: Direction, c: f64) -> Self {
        let loads = minimal_loads(&delta);
        RingInstance {
            delta,
            loads,
            direction,
            costs: Costs::Homogeneous(c),
        }
    }

    /// Number of processors.
    pub fn n(&self) -> usize {
        self.delta.len()
    }

    /// True when every link has the same cost (a heterogeneous vector with equal entries counts
    /// as homogeneous; on a unidirectional ring only `cw` matters).
    pub fn is_homogeneous(&self) -> bool {
        self.uniform_cost().is_some()
    }

    /// The common cost when every relevant link has the same cost.
    pub fn uniform_cost(&self) -> Option<f64> {
        match &self.costs {
            Costs::Homogeneous(c) => Some(*c),
            Costs::Heterogeneous { cw, ccw } => {
                let first = *cw.first()?;
                let same = cw.iter().all(|&c| c == first)
                    && (self.direction == Direction::Uni || ccw.iter().all(|&c| c == first));
                same.then_some(first)
            }
        }
    }

    /// c_{i,i+1} for 0-based i.
    pub fn cw(&self, i: usize) -> f64 {
        match &self.costs {
            Costs::Homogeneous(c) => *c,
            Costs::Heterogeneous { cw, .. } => cw[i],
        }
    }

    /// c_{i,i−1} for 0-based i.
    pub fn ccw(&self, i: usize) -> f64 {
        match &self.costs {
            Costs::Homogeneous(c) => *c,
            Costs::Heterogeneous { ccw, .. } => ccw[i],
        }
    }

    /// Cost of sending one item from `from` to its neighbour `to` (0-based, adjacent).
    pub fn cost(&self, from: usize, to: usize) -> f64 {
        let n = self.n();
        if to == (from + 1) % n {
            self.cw(from)
        } else {
            self.ccw(from)
        }
    }

    /// Checks Section 2's assumptions and the input limits. Every problem found is returned
    /// (up to [`MAX_ERRORS`]), each attached to its cell; the first is the most important.
    pub fn validate(&self) -> Result<Valid, Vec<InstanceError>> {
        let n = self.n();
        let mut errors = Vec::new();
        if n < N_MIN {
            errors.push(ierr(
                Field::N,
                None,
                format!("a ring needs at least {N_MIN} processors (n = {n})"),
            ));
            return Err(errors);
        }
        if n > N_MAX {
            errors.push(ierr(
                Field::N,
                None,
                format!("at most {N_MAX} processors are supported (n = {n})"),
            ));
            return Err(errors);
        }
        if self.loads.len() != n {
            errors.push(ierr(
                Field::Loads,
                None,
                format!(
                    "L has {} entries but δ has {n}: both vectors need one entry per processor",
                    self.loads.len()
                ),
            ));
        }
        if let Costs::Heterogeneous { cw, ccw } = &self.costs {
            if cw.len() != n {
                errors.push(ierr(
                    Field::Cw,
                    None,
                    format!("c_{{i,i+1}} has {} entries but the ring has {n}", cw.len()),
                ));
            }
            if self.direction == Direction::Bi && ccw.len() != n {
                errors.push(ierr(
                    Field::Ccw,
                    None,
                    format!("c_{{i,i−1}} has {} entries but the ring has {n}", ccw.len()),
                ));
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let check_cost = |field: Field, i: Option<usize>, c: f64, errors: &mut Vec<_>| {
            if !c.is_finite() || c <= 0.0 {
                let at = i.map(|i| format!(" of P{}", i + 1)).unwrap_or_default();
                errors.push(ierr(
                    field,
                    i,
                    format!("{}{at} must be a finite number > 0 (got {c})", field.name()),
                ));
            } else if c > COST_MAX {
                errors.push(ierr(
                    field,
                    i,
                    format!("{} must be at most {COST_MAX:e} (got {c})", field.name()),
                ));
            }
        };
        match &self.costs {
            Costs::Homogeneous(c) => check_cost(Field::C, None, *c, &mut errors),
            Costs::Heterogeneous { cw, ccw } => {
                for (i, &c) in cw.iter().enumerate() {
                    check_cost(Field::Cw, Some(i), c, &mut errors);
                }
                if self.direction == Direction::Bi {
                    for (i, &c) in ccw.iter().enumerate() {
                        check_cost(Field::Ccw, Some(i), c, &mut errors);
                    }
                }
            }
        }
        let mut sum: i128 = 0;
        for (i, (&d, &l)) in self.delta.iter().zip(&self.loads).enumerate() {
            sum += d as i128;
            if d.abs() > VALUE_MAX {
                errors.push(ierr(
                    Field::Delta,
                    Some(i),
                    format!("|δ_{}| must be at most {VALUE_MAX} (got {d})", i + 1),
                ));
                continue;
            }
            if l > LOAD_MAX {
                errors.push(ierr(
                    Field::Loads,
                    Some(i),
                    format!("L_{} must be at most {LOAD_MAX} (got {l})", i + 1),
                ));
            } else if l < 1 {
                errors.push(ierr(
                    Field::Loads,
                    Some(i),
                    format!(
                        "L_{} = {l}: every processor must hold at least one item (L_k ≥ 1)",
                        i + 1
                    ),
                ));
            } else if l < 1 + d {
                errors.push(ierr(
                    Field::Loads,
                    Some(i),
                    format!(
                        "L_{k} = {l} < 1 + δ_{k} = {}: P{k} would end with {} items \
                         (L_k ≥ 1 + δ_k keeps one)",
                        1 + d,
                        l - d,
                        k = i + 1
                    ),
                ));
            }
        }
        if sum != 0 {
            errors.insert(
                0,
                ierr(
                    Field::Delta,
                    None,
                    format!(
                        "Σδ = {sum}, not 0: items are conserved, so the unbalances must sum to \
                         zero"
                    ),
                ),
            );
        }
        errors.truncate(MAX_ERRORS);
        if errors.is_empty() {
            Ok(Valid(()))
        } else {
            Err(errors)
        }
    }

    /// Resizes every vector to n entries: new processors get δ = 0, L = 1 and the first link's
    /// costs (or 1).
    pub fn resize(&mut self, n: usize) {
        self.delta.resize(n, 0);
        self.loads.resize(n, 1);
        if let Costs::Heterogeneous { cw, ccw } = &mut self.costs {
            let c0 = cw.first().copied().unwrap_or(1.0);
            let c1 = ccw.first().copied().unwrap_or(1.0);
            cw.resize(n, c0);
            ccw.resize(n, c1);
        }
    }

    /// Switches to per-link costs (every link keeps its current cost).
    pub fn make_heterogeneous(&mut self) {
        if let Costs::Homogeneous(c) = self.costs {
            self.costs = Costs::Heterogeneous {
                cw: vec![c; self.n()],
                ccw: vec![c; self.n()],
            };
        }
    }

    /// Switches to one cost for every link (the first link's cost).
    pub fn make_homogeneous(&mut self) {
        if let Costs::Heterogeneous { cw, .. } = &self.costs {
            self.costs = Costs::Homogeneous(cw.first().copied().unwrap_or(1.0));
        }
    }

    /// Rotates the ring by `k` positions: processor i becomes processor i + k (every vector).
    pub fn rotate(&mut self, k: usize) {
        let n = self.n();
        if n == 0 {
            return;
        }
        let k = k % n;
        self.delta.rotate_right(k);
        if self.loads.len() == n {
            self.loads.rotate_right(k);
        }
        if let Costs::Heterogeneous { cw, ccw } = &mut self.costs {
            if cw.len() == n {
                cw.rotate_right(k);
            }
            if ccw.len() == n {
                ccw.rotate_right(k);
            }
        }
    }

    /// Negates δ (senders become receivers); a load too small for the new δ is raised to
    /// the minimum Section 2 allows, max(1, 1 + δ_k).
    pub fn negate(&mut self) {
        for (i, d) in self.delta.iter_mut().enumerate() {
            *d = -*d;
            if let Some(l) = self.loads.get_mut(i) {
                *l = (*l).max(1 + *d).max(1);
            }
        }
    }
}

/// What "Make Σδ = 0" changed.
#[derive(Debug, Clone, PartialEq)]
pub struct SumFix {
    /// (0-based entry, old δ, new δ) for every changed entry.
    pub changes: Vec<(usize, i64, i64)>,
    /// The sum before the fix.
    pub old_sum: i64,
}

/// Makes Σδ = 0 by lowering the largest entries (Σδ > 0) or raising the smallest (Σδ < 0),
/// like a water level: the extremes move first, ties broken by the lower index. Entries stay
/// within the range they already spanned. Returns what changed.
pub fn fix_sum(delta: &mut [i64]) -> SumFix {
    let old_sum: i64 = delta.iter().sum();
    let before = delta.to_vec();
    if old_sum < 0 {
        delta.iter_mut().for_each(|d| *d = -*d);
        lower_tops(delta, -old_sum);
        delta.iter_mut().for_each(|d| *d = -*d);
    } else if old_sum > 0 {
        lower_tops(delta, old_sum);
    }
    let changes = before
        .iter()
        .zip(delta.iter())
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (&a, &b))| (i, a, b))
        .collect();
    SumFix { changes, old_sum }
}

/// Removes `excess` > 0 units from the largest entries.
fn lower_tops(delta: &mut [i64], excess: i64) {
    let cut = |level: i64| -> i64 { delta.iter().map(|&d| (d - level).max(0)).sum() };
    // Largest level with cut(level) ≥ excess (cut decreases as the level rises).
    let (mut lo, mut hi) = (delta.iter().copied().min().unwrap_or(0) - excess, {
        delta.iter().copied().max().unwrap_or(0)
    });
    while lo < hi {
        let mid = lo + (hi - lo + 1) / 2;
        if cut(mid) >= excess {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let level = lo;
    let mut left = excess - cut(level + 1);
    for d in delta.iter_mut() {
        if *d > level + 1 {
            *d = level + 1;
        }
    }
    for d in delta.iter_mut() {
        if left > 0 && *d == level + 1 {
            *d -= 1;
            left -= 1;
        }
    }
}

/// Target loads proportional to `weights` (relative speeds), summing to `total`, by largest
/// remainder (ties to the lower index). Every target is at least 1 when total ≥ len.
pub fn proportional_targets(weights: &[f64], total: i64) -> Result<Vec<i64>, String> {
    if weights.is_empty() {
        return Err("no speeds given".into());
    }
    if let Some((i, w)) = weights
        .iter()
        .enumerate()
        .find(|(_, w)| !w.is_finite() || **w <= 0.0)
    {
        return Err(format!(
            "speed of P{} must be a finite number > 0 (got {w})",
            i + 1
        ));
    }
    let n = weights.len() as i64;
    if total < n {
        return Err(format!(
            "{total} items cannot give each of the {n} processors at least one"
        ));
    }
    // Give one item to everyone, share the rest proportionally.
    let rest = (total - n) as f64;
    let sum: f64 = weights.iter().sum();
    let exact: Vec<f64> = weights.iter().map(|w| rest * w / sum).collect();
    let mut out: Vec<i64> = exact.iter().map(|e| 1 + e.floor() as i64).collect();
    let mut left = total - out.iter().sum::<i64>();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| {
        let ra = exact[a] - exact[a].floor();
        let rb = exact[b] - exact[b].floor();
        rb.total_cmp(&ra).then(a.cmp(&b))
    });
    let mut k = 0;
    while left > 0 {
        out[order[k % order.len()]] += 1;
        left -= 1;
        k += 1;
    }
    while left < 0 {
        // Only possible through rounding of huge values: take back from the largest.
        let i = (0..out.len()).max_by_key(|&i| out[i]).unwrap_or(0);
        out[i] -= 1;
        left += 1;
    }
    Ok(out)
}

/// δ = L − target, checked: same lengths and Σ target = Σ L.
pub fn delta_from_targets(loads: &[i64], targets: &[i64]) -> Result<Vec<i64>, String> {
    if loads.len() != targets.len() {
        return Err(format!(
            "{} targets for {} processors: give one target per processor",
            targets.len(),
            loads.len()
        ));
    }
    let sl: i64 = loads.iter().sum();
    let st: i64 = targets.iter().sum();
    if sl != st {
        return Err(format!(
            "the targets sum to {st} but the loads to {sl}: items are conserved"
        ));
    }
    if let Some(i) = targets.iter().position(|&t| t < 1) {
        return Err(format!(
            "target of P{} is {}: every processor must keep at least one item",
            i + 1,
            targets[i]
        ));
    }
    Ok(loads.iter().zip(targets).map(|(l, t)| l - t).collect())
}

/// Settings of the "random instance" button.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RandomSpec {
    /// Seed of the ChaCha8 generator.
    pub seed: u64,
    /// Ring size.
    pub n: usize,
    /// Largest |δ_k|.
    pub max_delta: i64,
    /// Per-link random costs (uniform integers in 1..=10) instead of c = 1.
    pub heterogeneous: bool,
    /// Bidirectional ring.
    pub direction: Direction,
    /// Heavy loads: L_k = max(1, 1 + δ_k) (the minimum, so processors must forward items they
    /// receive). Light loads: L_k = that minimum + (sum of |δ|) so every processor could send
    /// everything from its own stock.
    pub heavy: bool,
}

impl Default for RandomSpec {
    fn default() -> Self {
        RandomSpec {
            seed: 1,
            n: 12,
            max_delta: 4,
            heterogeneous: false,
            direction: Direction::Bi,
            heavy: true,
        }
    }
}

impl RandomSpec {
    /// Checks the generator settings.
    pub fn validate(&self) -> Result<(), String> {
        if !(N_MIN..=N_MAX).contains(&self.n) {
            return Err(format!("n must be between {N_MIN} and {N_MAX}"));
        }
        if !(1..=VALUE_MAX / N_MAX as i64).contains(&self.max_delta) {
            return Err(format!(
                "max |δ| must be between 1 and {}",
                VALUE_MAX / N_MAX as i64
            ));
        }
        Ok(())
    }
}

/// A seeded random instance: δ_k uniform in [−max, max], then made to sum to 0 by
/// [`fix_sum`] (which keeps every |δ_k| ≤ max: it only moves the extremes inwards).
pub fn random_instance(spec: &RandomSpec) -> RingInstance {
    let mut rng = ChaCha8Rng::seed_from_u64(spec.seed);
    let m = spec.max_delta.max(1);
    let mut delta: Vec<i64> = (0..spec.n).map(|_| rng.random_range(-m..=m)).collect();
    fix_sum(&mut delta);
    let mut loads = minimal_loads(&delta);
    if !spec.heavy {
        let extra: i64 = delta.iter().map(|d| d.abs()).sum();
        for l in loads.iter_mut() {
            *l += extra;
        }
    }
    let costs = if spec.heterogeneous {
        Costs::Heterogeneous {
            cw: (0..spec.n)
                .map(|_| rng.random_range(1..=10) as f64)
                .collect(),
            ccw: (0..spec.n)
                .map(|_| rng.random_range(1..=10) as f64)
                .collect(),
        }
    } else {
        Costs::Homogeneous(1.0)
    };
    RingInstance {
        delta,
        loads,
        direction: spec.direction,
        costs,
    }
}

/// Parses a vector of integers separated by commas, spaces, semicolons or newlines.
/// Errors name the 1-based entry and the offending text.
pub fn parse_int_vector(text: &str) -> Result<Vec<i64>, String> {
    parse_entries(text, |p| {
        let p = p.replace('−', "-");
        p.parse::<i64>().map_err(|_| {
            if p.parse::<f64>().is_ok() {
                format!("is “{p}”: items are atomic, use an integer")
            } else {
                format!("is “{p}”, not an integer")
            }
        })
    })
}

/// Parses a vector of positive real costs (same separators as [`parse_int_vector`]).
pub fn parse_cost_vector(text: &str) -> Result<Vec<f64>, String> {
    parse_entries(text, |p| match p.parse::<f64>() {
        Ok(c) if c.is_finite() && c > 0.0 => Ok(c),
        Ok(c) => Err(format!("is {c}: a cost must be a finite number > 0")),
        Err(_) => Err(format!("is “{p}”, not a number")),
    })
}

/// Splits `text` into entries and parses each; an error reads "entry k {reason}".
fn parse_entries<T>(
    text: &str,
    entry: impl Fn(&str) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let parts = split_entries(text);
    if parts.is_empty() {
        return Err("the vector is empty".into());
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if p.is_empty() {
                return Err(format!("entry {} is empty", i + 1));
            }
            entry(p).map_err(|e| format!("entry {} {e}", i + 1))
        })
        .collect()
}

fn split_entries(text: &str) -> Vec<String> {
    let t = text.trim();
    let t = t
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or(t);
    if t.trim().is_empty() {
        return Vec::new();
    }
    if t.contains(',') || t.contains(';') {
        t.split([',', ';']).map(|s| s.trim().to_string()).collect()
    } else {
        t.split_whitespace().map(str::to_string).collect()
    }
}

/// Formats a vector as "a, b, c" (the inverse of the parsers).
pub fn format_vector<T: std::fmt::Display>(v: &[T]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_valid() {
        assert!(RingInstance::default().validate().is_ok());
    }

    #[test]
    fn sum_error_comes_first() {
        let mut r = RingInstance::default();
        r.delta[0] += 1;
        let e = r.validate().unwrap_err();
        assert_eq!(e[0].field, Field::Delta);
        assert!(e[0].message.contains("Σδ = 1"));
    }

    #[test]
    fn load_errors_name_the_cell() {
        let mut r = RingInstance::default();
        r.loads[2] = 2; // δ_3 = 2 needs L_3 ≥ 3
        let e = r.validate().unwrap_err();
        assert_eq!((e[0].field, e[0].index), (Field::Loads, Some(2)));
        r.loads[2] = 0;
        let e = r.validate().unwrap_err();
        assert!(e[0].message.contains("at least one item"));
    }

    #[test]
    fn fix_sum_reaches_zero_and_reports() {
        for v in [
            vec![3, 3, 3],
            vec![-5, 1, 0, 0],
            vec![100, -1],
            vec![0, 0, 7],
        ] {
            let mut d = v.clone();
            let fix = fix_sum(&mut d);
            assert_eq!(d.iter().sum::<i64>(), 0, "{v:?}");
            assert_eq!(fix.old_sum, v.iter().sum::<i64>());
            for (i, a, b) in fix.changes {
                assert_eq!((v[i], d[i]), (a, b));
            }
        }
    }

    #[test]
    fn random_instances_are_valid() {
        for seed in 0..50 {
            for heavy in [true, false] {
                let spec = RandomSpec {
                    seed,
                    n: 2 + seed as usize,
                    heavy,
                    heterogeneous: seed % 2 == 0,
                    ..RandomSpec::default()
                };
                let r = random_instance(&spec);
                assert!(r.validate().is_ok(), "{spec:?}");
                assert!(r.delta.iter().all(|d| d.abs() <= spec.max_delta));
            }
        }
    }

    #[test]
    fn parsing() {
        assert_eq!(parse_int_vector("1, -2,1").unwrap(), vec![1, -2, 1]);
        assert_eq!(parse_int_vector("[3 −3]").unwrap(), vec![3, -3]);
        assert!(
            parse_int_vector("1,,2")
                .unwrap_err()
                .contains("entry 2 is empty")
        );
        assert!(parse_int_vector("1, 2.5").unwrap_err().contains("integer"));
        assert!(parse_cost_vector("1, 0").unwrap_err().contains("> 0"));
    }

    #[test]
    fn targets_and_speeds() {
        let t = proportional_targets(&[1.0, 2.0, 1.0], 10).unwrap();
        assert_eq!(t.iter().sum::<i64>(), 10);
        assert_eq!(t, vec![3, 4, 3]);
        let d = delta_from_targets(&[5, 2, 3], &t).unwrap();
        assert_eq!(d, vec![2, -2, 0]);
        assert!(delta_from_targets(&[5, 2], &t).is_err());
    }

    #[test]
    fn rotate_moves_every_vector() {
        let mut r = RingInstance::default();
        r.make_heterogeneous();
        if let Costs::Heterogeneous { cw, .. } = &mut r.costs {
            cw[0] = 7.0;
        }
        let d0 = r.delta[0];
        r.rotate(1);
        assert_eq!(r.delta[1], d0);
        assert_eq!(r.cw(1), 7.0);
    }
}
