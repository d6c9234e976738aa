//! The plot of a KS-BF random-workload study ([`crate::model::ksbf::random_study`]): its cells
//! along the depth cap n at one ring size, or along p at one depth cap. The random workloads'
//! mean efficiency with its 95 % confidence interval as error bars, and the mean of those that reach level n − 1, beside the complete shape's
//! efficiency and Theorem 1.1's guarantee there; and the share that reaches level n − 1 beside
//! its Galton–Watson probability (random trees).

use crate::model::ksbf::random_study::{CellSummary, StudySpec};
use crate::report::{Role, Series, SeriesSet};

/// The plot's x axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Along {
    /// The depth cap n, at one ring size p.
    #[default]
    N,
    /// The ring size p, at one depth cap n.
    P,
}

impl Along {
    /// The axis' variable: "n" or "p".
    pub fn name(self) -> &'static str {
        match self {
            Along::N => "n",
            Along::P => "p",
        }
    }

    /// The values the other variable takes in `spec` (the plot is drawn at one of them).
    pub fn fixed_values(self, spec: &StudySpec) -> &[u32] {
        match self {
            Along::N => &spec.ps,
            Along::P => &spec.ns,
        }
    }

    /// A cell's x if it lies on the plot at `fixed`.
    fn x(self, c: &CellSummary, fixed: u32) -> Option<f64> {
        let (x, other) = match self {
            Along::N => (c.n, c.p),
            Along::P => (c.p, c.n),
        };
        (other == fixed).then_some(f64::from(x))
    }
}

/// The study's cells along `along` at `fixed` (a ring size for [`Along::N`], a depth cap for
/// [`Along::P`]); x ascending.
pub fn study_plot(spec: &StudySpec, cells: &[CellSummary], along: Along, fixed: u32) -> SeriesSet {
    let mut on: Vec<(f64, &CellSummary)> = cells
        .iter()
        .filter_map(|c| Some((along.x(c, fixed)?, c)))
        .collect();
    on.sort_by(|a, b| a.0.total_cmp(&b.0));
    let series = |name: String, y: fn(&CellSummary) -> Option<f64>| {
        Series::from_items(name, &on, |&(x, c)| Some([x, y(c)?]))
    };
    let shape = spec.complete_shape().name();
    let complete = if spec.shape.is_grid() { "G_n" } else { "T_n" };
    let bars = Series::new(
        "95 % interval of the mean",
        on.iter()
            .filter_map(|&(x, c)| c.ci95.map(|[lo, hi]| [[x, lo], [x, hi]]))
            .flatten()
            .collect(),
    )
    .role(Role::Interval);
    let mut plotted = vec![
        series(format!("random {shape}s: mean"), |c| Some(c.mean)),
        bars,
        series("reaching level n − 1: mean".into(), |c| c.reach.mean).group(1),
        series(complete.to_string(), |c| Some(c.complete.efficiency())).role(Role::Reference),
        series(format!("Theorem 1.1 on {complete}"), |c| c.thm11_efficiency).role(Role::Bound),
        series("share reaching level n − 1".into(), |c| {
            Some(c.reach.share)
        })
        .group(2),
    ];
    let gw = series("Galton–Watson P(reach)".into(), |c| c.reach.probability);
    if !gw.points.is_empty() {
        plotted.push(gw.role(Role::ClosedForm).group(2));
    }
    SeriesSet {
        x: along.name().into(),
        y: "efficiency, share".into(),
        series: plotted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::NoProgress;
    use crate::model::ksbf::Shape;

    fn study(shape: Shape) -> (StudySpec, Vec<CellSummary>) {
        let spec = StudySpec {
            shape,
            ns: vec![9, 5, 7],
            ps: vec![2, 4],
            q: 0.8,
            seeds: 20,
            seed: 3,
        };
        let cells = spec.summaries(&NoProgress).unwrap();
        (spec, cells)
    }

    #[test]
    fn the_plot_follows_one_row_or_column_of_cells() {
        let (spec, cells) = study(Shape::RandomTree);
        let set = study_plot(&spec, &cells, Along::N, 4);
        assert_eq!(set.x, "n");
        let mean = &set.series[0];
        // The cells at p = 4, n ascending, whatever order the depth caps were typed in.
        let want: Vec<[f64; 2]> = [5, 7, 9]
            .iter()
            .map(|&n| {
                let c = cells.iter().find(|c| (c.n, c.p) == (n, 4)).unwrap();
                [f64::from(n), c.mean]
            })
            .collect();
        assert_eq!(mean.points, want);
        // Error bars: a pair (x, low), (x, high) at each mean, mean ± t sd/√seeds, t = 2.093 at
        // 19 degrees of freedom (the printed t table's three decimals).
        let bars = &set.series[1];
        assert_eq!(bars.role, Role::Interval);
        assert_eq!(bars.points.len(), 2 * want.len());
        for (pair, [x, m]) in bars.points.chunks(2).zip(&want) {
            let c = cells
                .iter()
                .find(|c| (f64::from(c.n), c.p) == (*x, 4))
                .unwrap();
            let half = 2.093 * c.sd.expect("20 seeds: an sd") / (c.count as f64).sqrt();
            assert_eq!((pair[0][0], pair[1][0]), (*x, *x));
            assert!(
                (pair[0][1] - (m - half)).abs() < 1e-3 * half,
                "{pair:?} {m} {half}"
            );
            assert!(
                (pair[1][1] - (m + half)).abs() < 1e-3 * half,
                "{pair:?} {m} {half}"
            );
            assert!(half > 0.0, "20 seeds of random trees differ");
        }
        // Trees: the Galton–Watson line, the same at every p.
        let gw = set.series.last().unwrap();
        assert_eq!(gw.role, Role::ClosedForm);
        assert_eq!(gw.points.len(), 3);
        let along_p = study_plot(&spec, &cells, Along::P, 7);
        assert_eq!(along_p.x, "p");
        let xs: Vec<f64> = along_p.series[0].points.iter().map(|p| p[0]).collect();
        assert_eq!(xs, [2.0, 4.0]);
        let gw_p = along_p.series.last().unwrap();
        assert_eq!(gw_p.points[0][1], gw_p.points[1][1]);
        // Grids have no closed form of the share: no such line.
        let (spec, cells) = study(Shape::RandomGrid);
        let set = study_plot(&spec, &cells, Along::N, 2);
        assert!(set.series.iter().all(|s| s.role != Role::ClosedForm));
        assert!(set.series[3].name.starts_with("G_n"));
        // A fixed value the study does not have: empty series, no panic.
        let none = study_plot(&spec, &cells, Along::N, 99);
        assert!(none.series.iter().all(|s| s.points.is_empty()));
    }
}
