//! Two-parameter maps: a grid of parameter values (two [`Axis`]), one number per cell computed
//! by a caller-supplied function on all cores, progressively (a coarse subgrid first, then the
//! rest) and cancellably, after an estimate of the whole grid's cost against the budget.
//!
//! What a cell means (which parameters, which metric) belongs to the models' reports: see
//! `report::map`. Nothing here depends on a model.

use serde::{Deserialize, Serialize};

use super::budget::{SECONDS, Shard};
use super::format::{Precision, number};
use super::num::parse_real;
use super::{Cancelled, ParamError, Progress, par_map, param_error};

/// Most points on one axis.
pub const MAX_POINTS: usize = 256;

/// Row and column stride of the coarse subgrid computed first.
pub const COARSE_STRIDE: usize = 4;

/// How the points of an axis are spaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Scale {
    /// Evenly spaced.
    #[default]
    Linear,
    /// Geometrically spaced (evenly on a log scale); both ends must be positive.
    Log,
}

/// One axis of a map: a parameter swept from `lo` to `hi` in `points` points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Axis {
    /// The parameter's name (the model subcommand's flag without dashes: `h`, `beta`, `tau`).
    pub param: String,
    /// First value.
    pub lo: f64,
    /// Last value.
    pub hi: f64,
    /// Number of points asked for (integer parameters may end up with fewer).
    pub points: usize,
    /// Spacing.
    pub scale: Scale,
}

impl Axis {
    /// An axis of `points` points from `lo` to `hi`.
    pub fn new(param: &str, lo: f64, hi: f64, points: usize, scale: Scale) -> Axis {
        Axis {
            param: param.to_string(),
            lo,
            hi,
            points,
            scale,
        }
    }

    /// Parses `PARAM=LO..HI:K` or `PARAM=LO..HI:K:log` (`LO`, `HI` as any real flag:
    /// `1e-3`, `2^20`). Errors say what was expected.
    pub fn parse(text: &str) -> Result<Axis, String> {
        let form = "expected PARAM=LO..HI:K or PARAM=LO..HI:K:log";
        let (param, rest) = text
            .split_once('=')
            .ok_or_else(|| format!("{text:?}: {form}"))?;
        let param = param.trim();
        if param.is_empty() {
            return Err(format!("{text:?}: the parameter name is missing ({form})"));
        }
        let (range, tail) = rest
            .split_once(':')
            .ok_or_else(|| format!("{text:?}: the number of points K is missing ({form})"))?;
        let (lo, hi) = range
            .split_once("..")
            .ok_or_else(|| format!("{text:?}: the range must read LO..HI ({form})"))?;
        let lo = parse_real(lo).map_err(|e| format!("{text:?}: LO: {e}"))?;
        let hi = parse_real(hi).map_err(|e| format!("{text:?}: HI: {e}"))?;
        let (k, scale) = match tail.split_once(':') {
            Some((k, "log")) => (k, Scale::Log),
            Some((k, "lin" | "linear")) => (k, Scale::Linear),
            Some((_, s)) => {
                return Err(format!(
                    "{text:?}: unknown spacing {s:?} (log, or nothing for linear)"
                ));
            }
            None => (tail, Scale::Linear),
        };
        let points: usize = k
            .trim()
            .parse()
            .map_err(|_| format!("{text:?}: K must be a whole number of points, got {k:?}"))?;
        let axis = Axis::new(param, lo, hi, points, scale);
        axis.check().map_err(|e| format!("{text:?}: {e}"))?;
        Ok(axis)
    }

    /// Checks the range and the point count (not the parameter's own limits, which the
    /// model's validation reports per cell), naming the ends as the command line does.
    pub fn check(&self) -> Result<(), String> {
        self.check_named(["LO", "HI"])
    }

    /// [`Self::check`], naming the range's ends `lo` and `hi` (the map window's “from” and
    /// “to”).
    pub fn check_named(&self, [lo, hi]: [&str; 2]) -> Result<(), String> {
        if !self.lo.is_finite() || !self.hi.is_finite() {
            return Err(format!("{lo} and {hi} must be finite numbers"));
        }
        if self.lo > self.hi {
            return Err(format!(
                "{lo} = {} is above {hi} = {}",
                number(self.lo, Precision::Exact),
                number(self.hi, Precision::Exact)
            ));
        }
        if !(1..=MAX_POINTS).contains(&self.points) {
            return Err(format!(
                "K = {} points: between 1 and {MAX_POINTS}",
                self.points
            ));
        }
        if self.scale == Scale::Log && self.lo <= 0.0 {
            return Err(format!(
                "a log axis needs {lo} > 0 (got {})",
                number(self.lo, Precision::Exact)
            ));
        }
        Ok(())
    }

    /// The values used: `points` values from `lo` to `hi` (both included), evenly or
    /// geometrically spaced; for an integer parameter rounded to the nearest integer and
    /// kept distinct (so there may be fewer); for a real one, the points between the ends
    /// rounded to the grid's precision ([`tidy`]): a cell clicked loads β = 116, not
    /// 116.01553017399709, and the map shows the value of the instance it loads.
    pub fn values(&self, integer: bool) -> Vec<f64> {
        let k = self.points.max(1);
        let at = |i: usize| {
            if k == 1 {
                return self.lo;
            }
            if i == k - 1 {
                return self.hi;
            }
            let t = i as f64 / (k - 1) as f64;
            match self.scale {
                Scale::Linear => self.lo + (self.hi - self.lo) * t,
                // hi / lo overflows beyond about 10^308 (1e-200..1e200 put every inner
                // point at infinity): then the same point as lo^(1 − t) · hi^t.
                Scale::Log => match self.hi / self.lo {
                    ratio if ratio.is_finite() => self.lo * ratio.powf(t),
                    _ => self.lo.powf(1.0 - t) * self.hi.powf(t),
                },
            }
        };
        let mut v: Vec<f64> = (0..k).map(at).collect();
        if integer {
            for x in &mut v {
                *x = x.round();
            }
            v.dedup();
        } else if k > 2 {
            let raw = v.clone();
            for i in 1..k - 1 {
                let step = (raw[i] - raw[i - 1]).min(raw[i + 1] - raw[i]);
                v[i] = tidy(raw[i], step);
            }
        }
        v
    }
}

/// `x` rounded to the power of ten at or below a tenth of `step` (the spacing of the grid
/// around it): its digits beyond the grid's precision dropped, the point still within 5 %
/// of a step of where the spacing puts it. Unchanged when `step` or `x` is not a positive
/// finite number, or when `x` is already short (at most 4 significant digits: 0.5..4 in
/// three points keeps 2.25, the value the user's range puts there).
pub fn tidy(x: f64, step: f64) -> f64 {
    if !(step.is_finite() && step > 0.0 && x.is_finite()) {
        return x;
    }
    if format!("{x:.3e}")
        .parse::<f64>()
        .is_ok_and(|short| short == x)
    {
        return x;
    }
    let e = (step / 10.0).log10().floor() as i32;
    if e >= 0 {
        let q = 10f64.powi(e);
        (x / q).round() * q
    } else {
        // Through the decimal text, so 0.1 is the nearest double to 0.1.
        format!("{:.*}", e.unsigned_abs() as usize, x)
            .parse()
            .unwrap_or(x)
    }
}

/// One computed cell: its value, or why it has none.
pub type CellResult = Result<f64, String>;

/// A map's grid of results: `cells[iy][ix]` at (`x[ix]`, `y[iy]`); `None` until computed.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    /// Values of the x parameter actually used.
    pub x: Vec<f64>,
    /// Values of the y parameter actually used.
    pub y: Vec<f64>,
    /// One row per y value, one column per x value.
    pub cells: Vec<Vec<Option<CellResult>>>,
}

impl Grid {
    /// An empty grid on these values.
    pub fn new(x: Vec<f64>, y: Vec<f64>) -> Grid {
        let cells = vec![vec![None; x.len()]; y.len()];
        Grid { x, y, cells }
    }

    /// Every cell position `(ix, iy)`, row by row.
    pub fn positions(&self) -> Vec<(usize, usize)> {
        positions(self.x.len(), self.y.len(), 1)
    }

    /// The coarse subgrid computed first: every [`COARSE_STRIDE`]-th row and column, and the
    /// last ones.
    pub fn coarse(&self) -> Vec<(usize, usize)> {
        positions(self.x.len(), self.y.len(), COARSE_STRIDE)
    }

    /// Every `stride`-th row and column and the last ones ([`Grid::coarse`] at
    /// [`COARSE_STRIDE`]).
    pub fn subgrid(&self, stride: usize) -> Vec<(usize, usize)> {
        positions(self.x.len(), self.y.len(), stride.max(1))
    }

    /// The positions not computed yet.
    pub fn missing(&self) -> Vec<(usize, usize)> {
        self.positions()
            .into_iter()
            .filter(|&(ix, iy)| self.cells[iy][ix].is_none())
            .collect()
    }

    /// Stores computed results.
    pub fn fill(&mut self, at: &[(usize, usize)], results: Vec<CellResult>) {
        for (&(ix, iy), r) in at.iter().zip(results) {
            self.cells[iy][ix] = Some(r);
        }
    }

    /// The value of a cell, if computed and valid.
    pub fn value(&self, ix: usize, iy: usize) -> Option<f64> {
        match self.cells.get(iy)?.get(ix)? {
            Some(Ok(v)) => Some(*v),
            _ => None,
        }
    }

    /// True when every cell is computed.
    pub fn complete(&self) -> bool {
        self.cells.iter().flatten().all(Option::is_some)
    }

    /// The failed cells: `(ix, iy, reason)`.
    pub fn failures(&self) -> Vec<(usize, usize, &str)> {
        let mut out = Vec::new();
        for (iy, row) in self.cells.iter().enumerate() {
            for (ix, c) in row.iter().enumerate() {
                if let Some(Err(e)) = c {
                    out.push((ix, iy, e.as_str()));
                }
            }
        }
        out
    }

    /// Smallest and largest valid value.
    pub fn range(&self) -> Option<(f64, f64)> {
        let vals = self.cells.iter().flatten().filter_map(|c| match c {
            Some(Ok(v)) if v.is_finite() => Some(*v),
            _ => None,
        });
        vals.fold(None, |acc, v| match acc {
            None => Some((v, v)),
            Some((a, b)) => Some((f64::min(a, v), f64::max(b, v))),
        })
    }

    /// The one value of every valid cell, when they all have the same one (a map that is a
    /// theorem, such as Algorithm 3's makespan over the bound on homogeneous rings).
    pub fn constant(&self) -> Option<f64> {
        match self.range()? {
            (lo, hi) if lo == hi => Some(lo),
            _ => None,
        }
    }

    /// The grid as CSV: a header `y \ x` then the x values, one line per y value (empty
    /// fields for failed cells).
    pub fn to_csv(&self, x_param: &str, y_param: &str) -> String {
        let mut out = format!("{y_param} \\ {x_param}");
        for x in &self.x {
            out.push(',');
            out.push_str(&number(*x, Precision::Exact));
        }
        out.push('\n');
        for (iy, y) in self.y.iter().enumerate() {
            out.push_str(&number(*y, Precision::Exact));
            for ix in 0..self.x.len() {
                out.push(',');
                if let Some(v) = self.value(ix, iy) {
                    out.push_str(&number(v, Precision::Exact));
                }
            }
            out.push('\n');
        }
        out
    }
}

/// Positions `(ix, iy)` of the rows and columns that are multiples of `stride`, plus the last
/// row and column, row by row.
fn positions(nx: usize, ny: usize, stride: usize) -> Vec<(usize, usize)> {
    let pick =
        |n: usize| -> Vec<usize> { (0..n).filter(|&i| i % stride == 0 || i + 1 == n).collect() };
    let (xs, ys) = (pick(nx), pick(ny));
    ys.iter()
        .flat_map(|&iy| xs.iter().map(move |&ix| (ix, iy)))
        .collect()
}

/// Estimated wall-clock seconds of the cells `shard` computes of a map whose cells (row by
/// row) are estimated at `cell_seconds` each (computed one after the other: the parallel
/// speed-up is kept as a margin); refused beyond [`SECONDS`]. A part of a sharded map is held
/// to the budget for its own cells.
pub fn check_cost(cell_seconds: &[f64], shard: Shard) -> Result<f64, ParamError> {
    let (mut total, mut cells) = (0.0, 0);
    for (j, c) in cell_seconds.iter().enumerate() {
        if shard.owns(j as u64) {
            total += c;
            cells += 1;
        }
    }
    if total.is_nan() || total > SECONDS {
        return Err(param_error(
            "map",
            format!(
                "{}{cells} cells: about {} s of work, more than the limit of {} s — fewer points, \
                 a smaller range or {}",
                shard.of_what(),
                number(total, Precision::Estimate),
                number(SECONDS, Precision::Estimate),
                more_parts(shard)
            ),
        ));
    }
    Ok(total)
}

/// How a map too costly for one run can be split: into parts, or more of them.
pub fn more_parts(shard: Shard) -> &'static str {
    if shard.of > 1 {
        "more parts"
    } else {
        "parts (loadlab map … --shard i/k, then loadlab merge)"
    }
}

/// Computes the cells at `at` on all cores: `cell(ix, iy)` each, in order, cancellable.
pub fn compute(
    at: &[(usize, usize)],
    progress: &dyn Progress,
    cell: impl Fn(usize, usize) -> CellResult + Sync + Send,
) -> Result<Vec<CellResult>, Cancelled> {
    par_map(at.to_vec(), progress, |(ix, iy)| cell(ix, iy))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::NoProgress;

    #[test]
    fn a_grid_is_constant_only_when_its_valid_cells_agree() {
        let mut g = Grid::new(vec![1.0, 2.0], vec![1.0]);
        assert_eq!(g.constant(), None, "nothing computed");
        g.fill(&[(0, 0), (1, 0)], vec![Ok(1.0), Err("refused".into())]);
        assert_eq!(g.constant(), Some(1.0), "a failed cell does not count");
        g.fill(&[(1, 0)], vec![Ok(1.0 + 1e-12)]);
        assert_eq!(g.constant(), None, "two values");
    }

    #[test]
    fn parses_specs_and_refuses_bad_ones() {
        let a = Axis::parse("beta=1e-2..1e4:7:log").unwrap();
        assert_eq!(a, Axis::new("beta", 0.01, 1e4, 7, Scale::Log));
        let v = a.values(false);
        assert_eq!(v.len(), 7);
        assert!((v[1] - 0.1).abs() < 1e-12 && v[6] == 1e4);
        let h = Axis::parse("h=2^1..60:64").unwrap();
        assert_eq!(h.lo, 2.0);
        // 64 points over 59 integers: rounded and distinct.
        let hv = h.values(true);
        assert_eq!(hv, (2..=60).map(f64::from).collect::<Vec<_>>());
        for bad in [
            "h",
            "h=1..2",
            "h=1:3",
            "h=3..1:4",
            "h=0..5:4:log",
            "h=1..5:0",
            "h=1..5:x",
            "h=1..5:4:cubic",
            "=1..2:3",
            "h=a..2:3",
        ] {
            assert!(Axis::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn log_axes_wider_than_a_double_keep_their_inner_points() {
        // 1e-200..1e200 in 3 points: the middle is their geometric mean, 1 (hi / lo = 1e400
        // overflowed and made it infinite); 5 points: 1e-100 and 1e100 beside it.
        let v = Axis::new("beta", 1e-200, 1e200, 3, Scale::Log).values(false);
        assert_eq!(v, [1e-200, 1.0, 1e200]);
        let v = Axis::new("beta", 1e-200, 1e200, 5, Scale::Log).values(false);
        for (x, want) in v.iter().zip([1e-200, 1e-100, 1.0, 1e100, 1e200]) {
            assert!((x / want - 1.0).abs() < 1e-9, "{v:?}");
        }
        // The whole positive range of f64.
        let v = Axis::new("beta", 5e-324, f64::MAX, 9, Scale::Log).values(false);
        assert!(v.iter().all(|x| x.is_finite() && *x > 0.0), "{v:?}");
        assert!(v.windows(2).all(|w| w[0] < w[1]), "{v:?}");
    }

    #[test]
    fn inner_points_keep_the_grids_precision_only() {
        // β from 1 to 1000, 37 points on a log scale: 1.2115… is 1.21 (its neighbours lie
        // about 0.2 apart), 121.1528… is 121 (about 21 apart).
        let a = Axis::new("beta", 1.0, 1000.0, 37, Scale::Log);
        let v = a.values(false);
        assert_eq!(v.len(), 37);
        assert_eq!((v[0], v[36]), (1.0, 1000.0));
        assert_eq!((v[1], v[25]), (1.21, 121.0));
        for w in v.windows(3) {
            assert!(w[0] < w[1] && w[1] < w[2], "{w:?}");
            // Each inner point has at most 3 decimals and 4 significant digits here.
            let text = format!("{}", w[1]);
            let digits = text.chars().filter(char::is_ascii_digit).count();
            assert!(digits <= 5, "{text}");
        }
        // A fine linear grid keeps its own points: 100 to 100.5 in 0.004 steps.
        let fine = Axis::new("beta", 100.0, 100.5, 126, Scale::Linear).values(false);
        assert_eq!(fine.len(), 126);
        assert_eq!(fine[1], 100.004);
        assert!(fine.windows(2).all(|w| w[0] < w[1]));
        // The ends are the user's, whatever their digits.
        let ends = Axis::new("beta", 0.123456, 9.87654321, 5, Scale::Linear).values(false);
        assert_eq!((ends[0], ends[4]), (0.123456, 9.87654321));
        assert_eq!(ends[2], 5.0);
    }

    #[test]
    fn coarse_then_missing_cover_the_grid_once() {
        let mut g = Grid::new(vec![0.0; 10], vec![0.0; 7]);
        let coarse = g.coarse();
        assert!(coarse.len() < 70 && coarse.contains(&(9, 6)) && coarse.contains(&(4, 0)));
        let r = compute(&coarse, &NoProgress, |ix, iy| Ok((ix * 10 + iy) as f64)).unwrap();
        g.fill(&coarse, r);
        let rest = g.missing();
        assert_eq!(rest.len() + coarse.len(), 70);
        let r = compute(&rest, &NoProgress, |ix, iy| {
            if ix == 1 {
                Err("no".into())
            } else {
                Ok((ix * 10 + iy) as f64)
            }
        })
        .unwrap();
        g.fill(&rest, r);
        assert!(g.complete());
        assert_eq!(g.value(3, 5), Some(35.0));
        assert_eq!(g.failures().len(), 7);
        assert_eq!(g.range(), Some((0.0, 96.0)));
    }

    #[test]
    fn refuses_an_expensive_grid() {
        assert!(check_cost(&[0.001; 100], Shard::WHOLE).is_ok());
        let e = check_cost(&[0.01; 4096], Shard::WHOLE).unwrap_err();
        assert!(e.message.contains("4096 cells"), "{}", e.message);
        // A part is held to the budget for its own cells: 512 of 0.01 s each, 5.12 s.
        let part = |index, of| Shard { index, of };
        let five = check_cost(&[0.01; 4096], part(3, 8));
        assert!(
            five.as_ref().is_ok_and(|s| (s - 5.12).abs() < 1e-9),
            "{five:?}"
        );
        let e = check_cost(&[0.01; 4096], part(2, 2)).unwrap_err();
        assert!(
            e.message.starts_with("part 2 of 2 of 2048 cells: about 20")
                && e.message.ends_with("more parts"),
            "{}",
            e.message
        );
        // The cells a part owns, where they cost: the odd ones of a map costly in its odd cells.
        let odd: Vec<f64> = (0..100)
            .map(|j| if j % 2 == 1 { 1.0 } else { 0.0 })
            .collect();
        assert_eq!(check_cost(&odd, part(1, 2)), Ok(0.0));
        assert!(check_cost(&odd, part(2, 2)).is_err());
    }
}
