//! The random-workload study (`loadlab ksbf-study`): KS-BF's efficiency on random growing
//! trees (every task below level n − 1 spawns two children with probability q) or grids (every
//! node below level n − 1 spawns both arcs with probability q) over many seeds, per (n, p), as a
//! distribution with a 95 % confidence interval of the mean, next to the complete tree T_n or
//! the pyramidal grid G_n and the efficiency Theorem 1.1 guarantees it. Gao and Rosenberg prove
//! their bounds for complete trees and grids only and *believe* KS-BF does well "on most
//! randomly growing trees and grids": the study puts numbers on that belief.
//!
//! A random tree is a Galton–Watson tree: it reaches depth ℓ with probability 1 − e_ℓ, where
//! e_0 = 0 and e_{ℓ+1} = 1 − q + q·e_ℓ², and grows forever (without the cap) with probability
//! (2q − 1)/q when q > 1/2. A random grid is directed site percolation on the quarter plane
//! (a member spawns with probability q, a position is a member when a parent spawned into it):
//! it dies out almost surely below the critical q ≈ 0.7055 and fills a cone of the grid above
//! it, so below that q the mean efficiency measures small workloads, not KS-BF on large ones.
//! Each cell therefore also gives the share of workloads that reach the depth cap (a node on
//! level n − 1; for trees beside its Galton–Watson probability 1 − e_{n−1}) and the mean
//! efficiency of those alone.
//!
//! Seed j (0-based) of a cell is `seed + j`; every (cell, seed) run is independent, so the
//! runs can be computed in shards and the summaries formed afterwards.

use serde::Serialize;

use super::params::{BUDGET, Balance, KsbfParams, Schedule, Shape, cost_at, cost_of, count_cost};
use super::simulate::{random_grid_nodes, reaches_last_level, simulate_aggregate};
use super::theory::theory;
use crate::model::budget::{Cost, Shard};
use crate::model::redistribute::editing::parse_int_vector;
use crate::model::stats::{median_of_sorted, t_975};
use crate::model::{Cancelled, ParamError, Progress, Share, par_map, param_error};

/// Most seeds per cell.
pub const SEEDS_MAX: u64 = 100_000;

/// Most (n, p) cells: each is checked one by one before the budget sums them, so a pasted
/// list of thousands of sizes on both axes is refused before that loop.
pub const CELLS_MAX: usize = 10_000;

/// The study's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct StudySpec {
    /// The random workload: [`Shape::RandomTree`] or [`Shape::RandomGrid`].
    pub shape: Shape,
    /// Depth caps n.
    pub ns: Vec<u32>,
    /// Ring sizes p.
    pub ps: Vec<u32>,
    /// Spawn probability q.
    pub q: f64,
    /// Seeds per cell.
    pub seeds: u64,
    /// First seed.
    pub seed: u64,
}

/// A list of sizes as typed ("8,10,12"): whole numbers from 0 to 2^32 − 1, each once, in the
/// order first typed (as a map's axis keeps its values distinct: `--n 8,8,8 --p 4,4` printed
/// six equal cells and counted them six times in the verdict).
pub fn parse_sizes(text: &str) -> Result<Vec<u32>, String> {
    let v = parse_int_vector(text).map_err(|e| e.to_string())?;
    let mut sizes = v
        .into_iter()
        .map(|x| u32::try_from(x).map_err(|_| format!("{x} is out of range")))
        .collect::<Result<Vec<u32>, String>>()?;
    let mut seen = std::collections::HashSet::new();
    sizes.retain(|x| seen.insert(*x));
    Ok(sizes)
}

impl StudySpec {
    /// The study as typed (`ns` and `ps` comma-separated, as `--n` and `--p` take them),
    /// checked against the budget for `shard`'s runs ([`StudySpec::check_budget`]); a list that does not parse
    /// is an error on "n" or "p".
    pub fn typed(
        shape: Shape,
        (ns, ps): (&str, &str),
        q: f64,
        (seeds, seed): (u64, u64),
        shard: Shard,
    ) -> Result<StudySpec, ParamError> {
        let sizes = |field, text| parse_sizes(text).map_err(|e| param_error(field, e));
        let spec = StudySpec {
            shape,
            ns: sizes("n", ns)?,
            ps: sizes("p", ps)?,
            q,
            seeds,
            seed,
        };
        spec.check_budget(shard)?;
        Ok(spec)
    }

    /// The `loadlab ksbf-study` command that runs the same study.
    pub fn command(&self) -> Vec<String> {
        let list = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let mut c: Vec<String> = ["loadlab", "ksbf-study", "--shape", self.shape.name()]
            .map(String::from)
            .into();
        for (flag, value) in [
            ("--n", list(&self.ns)),
            ("--p", list(&self.ps)),
            ("--spawn-prob", self.q.to_string()),
            ("--seeds", self.seeds.to_string()),
            ("--seed", self.seed.to_string()),
        ] {
            c.push(flag.into());
            c.push(value);
        }
        c
    }

    /// [`StudySpec::check`] and the KS-BF budget on `shard`'s runs (the whole study:
    /// [`Shard::WHOLE`]).
    pub fn check_budget(&self, shard: Shard) -> Result<(), ParamError> {
        let what = format!("{}the {} study", shard.of_what(), self.shape.name());
        BUDGET.check("seeds", &what, self.check(shard)?)
    }

    /// Every run of a checked study ([`StudySpec::check_budget`]) and its cells' summaries,
    /// in the cells' order (the runs on every core). A run that fails its check fails the
    /// study (it cannot on a checked study; no cell is left out silently).
    pub fn summaries(&self, progress: &dyn Progress) -> Result<Vec<CellSummary>, StudyStop> {
        let mut runs: Vec<Vec<StudyRun>> = vec![Vec::new(); self.cells().len()];
        for ((c, _), run) in self.runs(Shard::WHOLE, progress)? {
            runs[c].push(run?);
        }
        Ok(self.summarize_cells(&runs)?)
    }

    /// The runs of the study whose index (cell · seeds + seed offset) `shard` owns, each as
    /// ((cell, seed offset), run), in that order, on every core: the whole study, or a
    /// shard's part of it, after [`StudySpec::check_counted`] on those runs (each part is
    /// held to the budget for its own runs).
    pub fn runs(&self, shard: Shard, progress: &dyn Progress) -> Result<Vec<OwnedRun>, StudyStop> {
        // A grid study's count takes the first tenth of its progress (it is the smaller part).
        let counting = if self.shape == Shape::RandomGrid {
            0.1
        } else {
            0.0
        };
        self.check_counted(shard, &Share::new(progress, 0.0, counting))?;
        let progress = &Share::new(progress, counting, 1.0 - counting);
        let cells = self.cells();
        let owned: Vec<(usize, u64)> = self
            .every_run()
            .filter(|&(c, j)| shard.owns(c as u64 * self.seeds + j))
            .collect();
        let done = par_map(owned.clone(), progress, |(c, j)| {
            self.run(cells[c].0, cells[c].1, j)
        })?;
        Ok(owned.into_iter().zip(done).collect())
    }

    /// Every run of the study as (cell index, seed offset), cell by cell.
    fn every_run(&self) -> impl Iterator<Item = (usize, u64)> + use<'_> {
        let seeds = self.seeds;
        (0..self.cells().len()).flat_map(move |c| (0..seeds).map(move |j| (c, j)))
    }

    /// The cells' summaries, in the cells' order, from each cell's runs in seed order
    /// (`runs[c]`: cell c's).
    pub fn summarize_cells(&self, runs: &[Vec<StudyRun>]) -> Result<Vec<CellSummary>, ParamError> {
        let mut out = Vec::new();
        for (&(n, p), runs) in self.cells().iter().zip(runs) {
            out.extend(summarize((n, p), runs, self.reference(n, p)?));
        }
        Ok(out)
    }

    /// The (n, p) cells, n outer.
    pub fn cells(&self) -> Vec<(u32, u32)> {
        self.ns
            .iter()
            .flat_map(|&n| self.ps.iter().map(move |&p| (n, p)))
            .collect()
    }

    /// The complete shape the random one grows into at q = 1: T_n or G_n.
    pub fn complete_shape(&self) -> Shape {
        if self.shape.is_grid() {
            Shape::Grid
        } else {
            Shape::Tree
        }
    }

    /// The KS-BF run of `shape` in cell (n, p) with `seed` (KS balancing, BF scheduling).
    pub fn scenario(&self, shape: Shape, n: u32, p: u32, seed: u64) -> KsbfParams {
        KsbfParams {
            shape,
            n,
            p,
            seed,
            spawn_prob: self.q,
            balance: Balance::Ks,
            schedule: Schedule::Bf,
        }
    }

    /// Checks the shape, every cell's scenario and the seeds; the work of `shard`'s runs
    /// (each random workload at its largest) and of the complete ones.
    pub fn check(&self, shard: Shard) -> Result<Cost, ParamError> {
        if !self.shape.is_random() {
            return Err(param_error(
                "shape",
                format!(
                    "the study draws {} or {} workloads, not {}",
                    Shape::RandomTree.name(),
                    Shape::RandomGrid.name(),
                    self.shape.name()
                ),
            ));
        }
        let cells = self.ns.len().saturating_mul(self.ps.len());
        if cells > CELLS_MAX {
            return Err(param_error(
                "n",
                format!(
                    "{cells} (n, p) cells, more than {CELLS_MAX}: fewer depth caps or ring sizes"
                ),
            ));
        }
        if !(1..=SEEDS_MAX).contains(&self.seeds) {
            return Err(param_error(
                "seeds",
                format!("between 1 and {SEEDS_MAX} seeds per cell"),
            ));
        }
        let mut total = Cost::default();
        for (c, (n, p)) in self.cells().into_iter().enumerate() {
            let r = self.scenario(self.shape, n, p, self.seed);
            r.validate()?;
            let t = self.scenario(self.complete_shape(), n, p, self.seed);
            t.validate()?;
            // A random grid is counted before it runs ([`StudySpec::check_counted`]): here
            // the count; its runs at their counted sizes there.
            let each = if self.shape == Shape::RandomGrid {
                count_cost(&r)
            } else {
                cost_of(&r, false)
            };
            let owned = shard.owned_of(c as u64 * self.seeds, self.seeds);
            total = total + each.repeated(owned as f64) + cost_of(&t, false);
        }
        Ok(total)
    }

    /// A random-grid study's budget on its workloads' counted sizes: every (cell, seed)'s
    /// grid counted from its membership ([`random_grid_nodes`]), the runs costed at those
    /// sizes, beside what [`StudySpec::check`] counted. The expected size has no closed form
    /// for a grid (directed percolation), and a bound was the complete grid: near the
    /// threshold, where most grids die out within a few levels, `--n 2000 --spawn-prob 0.7`
    /// was refused as the complete G_2000's work 50 times over. Nothing to do for trees.
    pub fn check_counted(&self, shard: Shard, progress: &dyn Progress) -> Result<(), StudyStop> {
        if self.shape != Shape::RandomGrid {
            return Ok(());
        }
        let cells = self.cells();
        let all: Vec<(usize, u64)> = self
            .every_run()
            .filter(|&(c, j)| shard.owns(c as u64 * self.seeds + j))
            .collect();
        let sized = par_map(all, progress, |(c, j)| {
            let (n, p) = cells[c];
            let r = self.scenario(self.shape, n, p, self.seed.wrapping_add(j));
            let nodes = random_grid_nodes(&r.validate()?);
            Ok::<_, ParamError>((nodes, cost_at(&r, false, nodes as f64)))
        })?;
        let (mut nodes, mut total) = (0u64, self.check(shard)?);
        for s in sized {
            let (n, cost) = s?;
            nodes = nodes.saturating_add(n);
            total = total + cost;
        }
        let what = format!(
            "{}the {} study ({nodes} nodes, counted)",
            shard.of_what(),
            self.shape.name()
        );
        Ok(BUDGET.check("seeds", &what, total)?)
    }

    /// Seed `j` of cell (n, p).
    pub fn run(&self, n: u32, p: u32, j: u64) -> Result<StudyRun, ParamError> {
        let seed = self.seed.wrapping_add(j);
        let v = self.scenario(self.shape, n, p, seed).validate()?;
        let o = simulate_aggregate(&v);
        Ok(StudyRun {
            seed,
            efficiency: o.efficiency(),
            nodes: o.nodes,
            reached: reaches_last_level(&v),
        })
    }

    /// What cell (n, p)'s runs are compared with: the complete shape's efficiency, Theorem
    /// 1.1's guaranteed efficiency N / (p · bound) ((a) on T_n, (b) on G_n) and, for trees, the
    /// probability of reaching the depth cap.
    pub fn reference(&self, n: u32, p: u32) -> Result<Reference, ParamError> {
        let v = self
            .scenario(self.complete_shape(), n, p, self.seed)
            .validate()?;
        let o = simulate_aggregate(&v);
        let bound = theory(&v)
            .bounds
            .thm11
            .map(|b| o.nodes as f64 / (f64::from(p) * b));
        let e = o.efficiency();
        let (complete, reach) = if self.shape.is_grid() {
            (Complete::Grid(e), None)
        } else {
            (Complete::Tree(e), Some(reach_probability(self.q, n)))
        };
        Ok(Reference {
            complete,
            thm11: bound,
            reach,
        })
    }
}

/// A run of a study: (its cell, its seed offset) and the run, or why its parameters failed.
pub type OwnedRun = ((usize, u64), Result<StudyRun, ParamError>);

/// Why a study gave no summaries.
#[derive(Debug, Clone, PartialEq)]
pub enum StudyStop {
    /// Cancelled.
    Cancelled,
    /// A run's parameters failed their check.
    Invalid(ParamError),
}

impl From<Cancelled> for StudyStop {
    fn from(_: Cancelled) -> Self {
        StudyStop::Cancelled
    }
}

impl From<ParamError> for StudyStop {
    fn from(e: ParamError) -> Self {
        StudyStop::Invalid(e)
    }
}

/// One random workload of a cell under KS-BF.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StudyRun {
    /// Its seed.
    pub seed: u64,
    /// N / (p · makespan).
    pub efficiency: f64,
    /// Its nodes N.
    pub nodes: u64,
    /// Whether it has a node on level n − 1 (it grew to the depth cap).
    pub reached: bool,
}

/// What a cell's random workloads are compared with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reference {
    /// KS-BF's efficiency on the complete shape.
    pub complete: Complete,
    /// The efficiency Theorem 1.1 guarantees on the complete shape.
    pub thm11: Option<f64>,
    /// The probability that a random workload reaches the depth cap (trees: Galton–Watson).
    pub reach: Option<f64>,
}

/// The probability that a random tree (every node above level n − 1 spawns two children with
/// probability q) has a node on level n − 1: 1 − e_{n−1}, where e_ℓ, the probability that it
/// has none on level ℓ, is e_0 = 0 and e_{ℓ+1} = 1 − q + q·e_ℓ² (the root does not spawn, or
/// both its subtrees miss level ℓ). 1 for n ≤ 1.
pub fn reach_probability(q: f64, n: u32) -> f64 {
    let mut e = 0.0;
    for _ in 1..n {
        e = 1.0 - q + q * e * e;
    }
    1.0 - e
}

/// One cell's distribution.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellSummary {
    /// Depth cap n.
    pub n: u32,
    /// Ring size p.
    pub p: u32,
    /// Seeds.
    pub count: usize,
    /// Mean efficiency.
    pub mean: f64,
    /// Sample standard deviation (None from one seed: it divides by count − 1).
    pub sd: Option<f64>,
    /// 95 % confidence interval of the mean, Student's: mean ± t_975(count − 1) · sd/√count
    /// (12.7 for 2 seeds, 2.09 for 20, 1.98 for 100: the normal 1.96 was too narrow for few
    /// seeds); None from one seed, where it was the zero-width [mean, mean].
    pub ci95: Option<[f64; 2]>,
    /// Smallest efficiency.
    pub min: f64,
    /// Median efficiency.
    pub median: f64,
    /// Largest efficiency.
    pub max: f64,
    /// Mean number of nodes of the random workloads.
    pub mean_nodes: f64,
    /// The workloads that reach the depth cap.
    #[serde(flatten)]
    pub reach: Reach,
    /// KS-BF's efficiency on the complete shape (`complete_tree` or `complete_grid`).
    #[serde(flatten)]
    pub complete: Complete,
    /// The efficiency Theorem 1.1 guarantees on the complete shape.
    pub thm11_efficiency: Option<f64>,
}

/// The workloads of a cell that reach the depth cap: those with a node on level n − 1, the
/// ones that grew rather than died out early (JSON: `reached`, `reach_probability`,
/// `mean_reached`, `first_reached_seed`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Reach {
    /// Their share of the seeds.
    #[serde(rename = "reached")]
    pub share: f64,
    /// The probability of reaching the cap (random trees: Galton–Watson,
    /// [`reach_probability`]).
    #[serde(rename = "reach_probability")]
    pub probability: Option<f64>,
    /// Their mean efficiency (None when none reaches it).
    #[serde(rename = "mean_reached")]
    pub mean: Option<f64>,
    /// The first seed among them (None when none reaches it).
    #[serde(rename = "first_reached_seed")]
    pub first_seed: Option<u64>,
}

/// KS-BF's efficiency on the complete shape of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum Complete {
    /// On the complete tree T_n.
    #[serde(rename = "complete_tree")]
    Tree(f64),
    /// On the pyramidal grid G_n.
    #[serde(rename = "complete_grid")]
    Grid(f64),
}

impl Complete {
    /// The efficiency.
    pub fn efficiency(self) -> f64 {
        match self {
            Complete::Tree(e) | Complete::Grid(e) => e,
        }
    }

    /// "tree" or "grid".
    pub fn noun(self) -> &'static str {
        match self {
            Complete::Tree(_) => "tree",
            Complete::Grid(_) => "grid",
        }
    }
}

/// The summary of a cell's runs (in seed order).
pub fn summarize(
    (n, p): (u32, u32),
    runs: &[StudyRun],
    reference: Reference,
) -> Option<CellSummary> {
    if runs.is_empty() {
        return None;
    }
    let m = runs.len() as f64;
    let mut e: Vec<f64> = runs.iter().map(|r| r.efficiency).collect();
    let reached: Vec<f64> = runs
        .iter()
        .filter(|r| r.reached)
        .map(|r| r.efficiency)
        .collect();
    let mean = e.iter().sum::<f64>() / m;
    let sd = (runs.len() > 1)
        .then(|| (e.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (m - 1.0)).sqrt());
    let ci95 = sd.map(|sd| {
        let half = t_975(runs.len() as u64 - 1) * sd / m.sqrt();
        [mean - half, mean + half]
    });
    e.sort_by(f64::total_cmp);
    Some(CellSummary {
        n,
        p,
        count: runs.len(),
        mean,
        sd,
        ci95,
        min: e[0],
        median: median_of_sorted(&e),
        max: e[e.len() - 1],
        mean_nodes: runs.iter().map(|r| r.nodes as f64).sum::<f64>() / m,
        reach: Reach {
            share: reached.len() as f64 / m,
            probability: reference.reach,
            mean: (!reached.is_empty()).then(|| reached.iter().sum::<f64>() / reached.len() as f64),
            first_seed: runs.iter().find(|r| r.reached).map(|r| r.seed),
        },
        complete: reference.complete,
        thm11_efficiency: reference.thm11,
    })
}

/// What the cells say about the belief that KS-BF does well on most growing trees (or
/// grids), in one plain sentence.
pub fn verdict(cells: &[CellSummary]) -> String {
    let m = cells.len();
    let complete = |c: &CellSummary| c.complete.efficiency();
    let with_interval = cells.iter().filter(|c| c.ci95.is_some()).count();
    let at_or_above = cells
        .iter()
        .filter(|c| c.ci95.is_some_and(|ci| ci[1] >= complete(c)))
        .count();
    let worst = cells
        .iter()
        .min_by(|a, b| (a.mean / complete(a)).total_cmp(&(b.mean / complete(b))));
    let Some(w) = worst else {
        return "no cells".into();
    };
    let shape = w.complete.noun();
    let below_half = cells.iter().filter(|c| c.median < 0.5).count();
    let median_above = cells.iter().filter(|c| c.median >= complete(c)).count();
    let grown: Vec<f64> = cells
        .iter()
        .filter_map(|c| Some(c.reach.mean? / complete(c)))
        .collect();
    let grown_above = grown.iter().filter(|&&r| r >= 1.0).count();
    let grown_low = grown.iter().copied().fold(f64::INFINITY, f64::min);
    let grown = match grown.len() {
        0 => format!("no random {shape} reaches the depth cap n − 1"),
        k => format!(
            "the random {shape}s that reach the depth cap n − 1 alone run at least as \
             efficiently as the complete {shape} on average in {grown_above} of the {k} cells \
             where some do (lowest ratio {grown_low:.3})"
        ),
    };
    let interval = match with_interval {
        0 => "With one seed a cell has no 95 % interval of its mean".to_string(),
        k => format!(
            "In {at_or_above} of {k} cells the 95 % interval of the mean efficiency on random \
             {shape}s reaches the complete {shape}'s efficiency"
        ),
    };
    format!(
        "{interval}; the lowest ratio of the mean to the complete {shape}'s is {:.3} (n = {}, \
         p = {}: mean {:.3}, complete {shape} {:.3}); in {median_above} of {m} cells the \
         median random {shape} runs at least as efficiently as the complete one, in \
         {below_half} below 50 % efficiency; {grown}.",
        w.mean / complete(w),
        w.n,
        w.p,
        w.mean,
        complete(w)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(shape: Shape) -> StudySpec {
        StudySpec {
            shape,
            ns: vec![6],
            ps: vec![2],
            q: 1.0,
            seeds: 2,
            seed: 1,
        }
    }

    /// A random-grid study is costed at its workloads' counted sizes. Below the percolation
    /// threshold most grids die within a few levels: the complete grid's work, the bound
    /// the check used before, refused this study 20 times over its real size. A study
    /// whose counted grids are too large is refused, saying how many nodes it counted.
    #[test]
    fn grid_studies_are_costed_at_their_counted_sizes() {
        use crate::model::NoProgress;
        let sparse = StudySpec {
            ns: vec![2000],
            ps: vec![16],
            q: 0.6,
            seeds: 50,
            ..spec(Shape::RandomGrid)
        };
        sparse.check_budget(Shard::WHOLE).unwrap();
        let each = cost_of(&sparse.scenario(Shape::RandomGrid, 2000, 16, 1), false);
        assert!(BUDGET.check("seeds", "bound", each.repeated(50.0)).is_err());
        let cells = sparse.summaries(&NoProgress).unwrap();
        assert!(cells[0].mean_nodes < 1000.0, "{:?}", cells[0]);
        // Nearly full cones of G_4000: the count fits the budget, the runs would not.
        let dense = StudySpec {
            ns: vec![4000],
            q: 0.95,
            seeds: 30,
            ..sparse
        };
        dense.check_budget(Shard::WHOLE).unwrap();
        match dense.summaries(&NoProgress) {
            Err(StudyStop::Invalid(e)) => {
                assert_eq!(e.field, "seeds");
                assert!(e.message.contains("nodes, counted"), "{}", e.message);
            }
            other => panic!("{other:?}"),
        }
    }

    /// A grid study's progress: its count fills the first tenth, its runs the rest (the bar
    /// filled twice before); a tree study's runs fill it all.
    #[test]
    fn a_grid_studys_count_takes_the_first_tenth_of_its_progress() {
        for (shape, counted) in [(Shape::RandomGrid, 2), (Shape::RandomTree, 0)] {
            let seen = crate::model::SeenProgress::default();
            spec(shape).runs(Shard::WHOLE, &seen).unwrap();
            let f = seen.fractions();
            // Two seeds: two counts (each at most 0.1, the last 0.1), then two runs (0.55, 1).
            assert_eq!(f.len(), counted + 2, "{shape:?}: {f:?}");
            assert!(f[..counted].iter().all(|&x| x <= 0.1 + 1e-6), "{f:?}");
            assert!(f[counted..].iter().all(|&x| x > 0.1 + 1e-6), "{f:?}");
            assert_eq!(f.last(), Some(&1.0), "{shape:?}");
        }
    }

    /// A size typed twice is one cell: `--n 8,8,8 --p 4,4` printed six equal rows.
    #[test]
    fn sizes_typed_twice_make_one_cell() {
        let lists = ("8,8,10,8", "4,4");
        let s = StudySpec::typed(Shape::RandomTree, lists, 0.75, (3, 1), Shard::WHOLE).unwrap();
        assert_eq!(
            (s.ns.as_slice(), s.ps.as_slice()),
            ([8, 10].as_slice(), [4].as_slice())
        );
        assert_eq!(s.cells(), [(8, 4), (10, 4)]);
        assert!(s.command().join(" ").contains("--n 8,10 --p 4 "));
    }

    /// From one seed a cell has a mean but no sample sd and no interval (it printed the
    /// zero-width [0.7500, 0.7500]); from two, efficiencies 0.5 and 0.7: mean 0.6, sd
    /// √((0.1² + 0.1²) / 1) = 0.14142, interval 0.6 ± t_975(1) · 0.14142 / √2 = 0.6 ± 1.2706
    /// (t_975(1) = 12.7062, the Cauchy distribution's tan(0.475 π); it was ± 0.196 with the
    /// normal 1.96).
    #[test]
    fn one_seed_gives_no_interval() {
        let run = |seed, efficiency| StudyRun {
            seed,
            efficiency,
            nodes: 10,
            reached: false,
        };
        let reference = Reference {
            complete: Complete::Tree(0.9),
            thm11: None,
            reach: None,
        };
        let one = summarize((8, 2), &[run(1, 0.75)], reference).unwrap();
        assert_eq!((one.mean, one.sd, one.ci95), (0.75, None, None));
        assert!(verdict(&[one]).starts_with("With one seed a cell has no 95 % interval"));
        let two = summarize((8, 2), &[run(1, 0.5), run(2, 0.7)], reference).unwrap();
        assert!((two.sd.unwrap() - 0.141_421_356).abs() < 1e-8, "{two:?}");
        let [lo, hi] = two.ci95.unwrap();
        assert!(
            (lo + 0.670_620_5).abs() < 1e-6 && (hi - 1.870_620_5).abs() < 1e-6,
            "{two:?}"
        );
        // The wide interval of two seeds reaches the complete tree's 0.9 (0.404…0.796 did not).
        assert!(verdict(&[two]).starts_with("In 1 of 1 cells the 95 % interval"));
    }

    /// A run that fails its check fails the study (it cannot on a checked study): before,
    /// its cell was left out of the summaries without a word.
    #[test]
    fn a_run_that_fails_its_check_fails_the_study() {
        let unchecked = StudySpec {
            ns: vec![6, 0],
            ..spec(Shape::RandomTree)
        };
        assert!(unchecked.check(Shard::WHOLE).is_err());
        match unchecked.summaries(&crate::model::NoProgress) {
            Err(StudyStop::Invalid(e)) => assert_eq!(e.field, "n", "{e:?}"),
            other => panic!("{other:?}"),
        }
        // The runs are every (cell, seed offset) in order, or those a shard owns.
        let runs = spec(Shape::RandomGrid).runs(Shard::WHOLE, &crate::model::NoProgress);
        let at: Vec<(usize, u64)> = runs.unwrap().into_iter().map(|r| r.0).collect();
        assert_eq!(at, [(0, 0), (0, 1)]);
        let odd =
            spec(Shape::RandomGrid).runs(Shard { index: 2, of: 2 }, &crate::model::NoProgress);
        assert_eq!(odd.unwrap().len(), 1);
    }

    #[test]
    fn the_study_draws_random_shapes_beside_their_complete_ones() {
        for (random, complete) in [
            (Shape::RandomTree, Shape::Tree),
            (Shape::RandomGrid, Shape::Grid),
        ] {
            let s = spec(random);
            assert!(s.check(Shard::WHOLE).is_ok());
            assert_eq!(s.complete_shape(), complete);
            // q = 1 grows the complete shape: T_6 has 63 nodes, G_6 has C(7, 2) = 21.
            let nodes = if complete == Shape::Tree { 63 } else { 21 };
            let r = s.run(6, 2, 0).unwrap();
            assert_eq!((r.nodes, r.reached), (nodes, true));
            let reference = s.reference(6, 2).unwrap();
            assert_eq!(reference.complete.efficiency(), r.efficiency);
            // Trees reach the cap with probability 1 at q = 1; grids have no closed form here.
            let reach = (complete == Shape::Tree).then_some(1.0);
            assert_eq!(reference.reach, reach);
        }
        // 200 × 100 cells: refused before any of them is checked.
        let wide = StudySpec {
            ns: (1..=200).collect(),
            ps: (1..=100).collect(),
            ..spec(Shape::RandomTree)
        };
        let e = wide.check(Shard::WHOLE).unwrap_err();
        assert!(e.message.contains("20000 (n, p) cells"), "{e}");
        for shape in [
            Shape::Tree,
            Shape::Grid,
            Shape::SparseTree,
            Shape::TwoRowGrid,
        ] {
            let e = spec(shape).check(Shard::WHOLE).unwrap_err();
            assert_eq!(e.field, "shape");
            assert!(e.message.contains("random-tree or random-grid"), "{e}");
        }
    }

    /// 1 − e_{n−1} worked by hand at q = 1/2: e_1 = 1/2, e_2 = 1/2 + 1/8 = 5/8,
    /// e_3 = 1/2 + 25/128 = 89/128.
    #[test]
    fn the_reach_probability_is_galton_watson() {
        let hand = [1.0, 0.5, 3.0 / 8.0, 39.0 / 128.0];
        for (n, want) in (1..).zip(hand) {
            assert_eq!(reach_probability(0.5, n), want, "n = {n}");
        }
        assert_eq!(reach_probability(1.0, 20), 1.0);
        assert_eq!(reach_probability(0.0, 2), 0.0);
        // Supercritical: tends to the survival probability (2q − 1)/q = 2/3 at q = 3/4.
        assert!((reach_probability(0.75, 200) - 2.0 / 3.0).abs() < 1e-12);
    }

    /// The simulated share of random trees reaching the cap is the Galton–Watson probability:
    /// 4 000 seeds at q = 0.6, n = 10 (p ≈ 0.37, sd of the share ≈ 0.0076), within 4.5 sd.
    #[test]
    fn random_trees_reach_the_cap_as_often_as_galton_watson_says() {
        let s = StudySpec {
            ns: vec![10],
            q: 0.6,
            seeds: 4000,
            ..spec(Shape::RandomTree)
        };
        let cells = s.summaries(&crate::model::NoProgress).unwrap();
        let c = &cells[0];
        let want = reach_probability(0.6, 10);
        let sd = (want * (1.0 - want) / 4000.0).sqrt();
        assert!(
            (c.reach.share - want).abs() < 4.5 * sd,
            "{} vs {want}",
            c.reach.share
        );
        assert_eq!(c.reach.probability, Some(want));
        // The workloads that reach the cap are the large ones: their mean efficiency is above
        // the mean over all seeds, which the extinct small trees pull down.
        assert!(c.reach.mean.unwrap() > c.mean, "{c:?}");
    }
}
