//! Curves a map draws over its cells: where a paper's claim starts to hold, in the map's own
//! parameters. Today one: KS-BF's tree depth from which Theorem 1.1(a)'s α_p^n term falls
//! below the ideal share (finding gr-speedup-asymptotic), on maps over n and p of complete trees.

use super::MapPlan;
use crate::model::ksbf::Shape;
use crate::model::ksbf::theory::speedup_threshold;
use crate::model::registry::Scenario;

/// Most points of a guide (one per processor count, thinned beyond this).
const GUIDE_POINTS: usize = 400;

/// A curve over a map, in parameter values: x (the columns' parameter), y (the rows').
#[derive(Debug, Clone, PartialEq)]
pub struct Guide {
    /// What the curve marks, in full (the line under the map).
    pub name: String,
    /// A few words drawn at the curve's end.
    pub label: String,
    /// (x, y) points in drawing order.
    pub points: Vec<[f64; 2]>,
}

impl MapPlan {
    /// The guides of this map: the KS-BF threshold when the axes are n and p (either way
    /// round) and the shape is a complete tree; none otherwise.
    pub fn guides(&self) -> Vec<Guide> {
        let Scenario::Ksbf(base) = &self.base else {
            return Vec::new();
        };
        if base.shape != Shape::Tree {
            return Vec::new();
        }
        let (p_values, flip) = match (self.x.name, self.y.name) {
            ("n", "p") => (&self.y_values, false),
            ("p", "n") => (&self.x_values, true),
            _ => return Vec::new(),
        };
        let lo = p_values
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min)
            .max(3.0);
        let hi = p_values.iter().copied().fold(0.0, f64::max);
        if lo > hi || !hi.is_finite() {
            return Vec::new();
        }
        let (lo, hi) = (lo.ceil() as u32, hi.floor() as u32);
        let step = ((hi - lo) as usize / GUIDE_POINTS).max(1);
        let points = (lo..=hi)
            .step_by(step)
            .chain(std::iter::once(hi))
            .map(|p| {
                let (n, p) = (f64::from(speedup_threshold(p)), f64::from(p));
                if flip { [p, n] } else { [n, p] }
            })
            .collect();
        vec![Guide {
            name: "dashed: the least n with α_p^n < N/p, from which Theorem 1.1(a)'s bound is \
                   near-ideal (about 2p² ln p/π²; finding gr-speedup-asymptotic)"
                .into(),
            label: "Thm 1.1(a) near-ideal →".into(),
            points,
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ksbf::KsbfParams;
    use crate::model::map::Axis;
    use crate::report::map::MapRequest;

    fn range(param: &str) -> String {
        let hi = if param == "n" { 12 } else { 32 };
        format!("{param}=2..{hi}:6")
    }

    fn plan(x: &str, y: &str, shape: Shape) -> MapPlan {
        let base = Scenario::Ksbf(KsbfParams {
            shape,
            ..Default::default()
        });
        MapRequest {
            base,
            x: Axis::parse(&range(x)).unwrap(),
            y: Axis::parse(&range(y)).unwrap(),
            metric: "efficiency".into(),
            samples: 1,
        }
        .plan()
        .unwrap()
    }

    #[test]
    fn the_ksbf_threshold_follows_the_axes() {
        let g = plan("n", "p", Shape::Tree).guides();
        assert_eq!(g.len(), 1);
        // p = 8 → n = 27 (the finding's value), x is n.
        assert!(g[0].points.contains(&[27.0, 8.0]), "{:?}", g[0].points);
        let flipped = plan("p", "n", Shape::Tree).guides();
        assert!(flipped[0].points.contains(&[8.0, 27.0]));
        assert!(plan("n", "p", Shape::Grid).guides().is_empty());
    }
}
