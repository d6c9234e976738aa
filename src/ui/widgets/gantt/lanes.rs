//! Which lane of its row each bar takes. Kinds whose bars overlap in time go in separate
//! lanes; kinds that never overlap share one, so that a row that receives while it forwards
//! and computes after both has two lanes, not three (the computation in the first lane), and
//! each lane stays as thick as the row allows.

use super::{BarKind, GanttData};

/// The lanes of a row in which bars of different kinds overlap in time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Lanes {
    /// Each kind present, in lane order of kinds (receive, compute, send), with its lane
    /// (0 at the top).
    pub kinds: Vec<(BarKind, usize)>,
    /// How many lanes the row has (2 or 3).
    pub count: usize,
}

impl Lanes {
    /// The lane of `kind` (0 for a kind the row does not have).
    pub fn of(&self, kind: BarKind) -> usize {
        self.kinds
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(0, |&(_, lane)| lane)
    }
}

/// The kinds that take lanes, in lane order.
const ORDER: [BarKind; 3] = [BarKind::Receive, BarKind::Compute, BarKind::Send];

/// For each of `n_rows` rows, its lanes: None when no two bars of different kinds overlap in
/// time (idle ones aside), so that each bar takes the whole row; else each kind the lowest
/// lane no kind it overlaps has taken.
pub(super) fn row_lanes(data: &GanttData, n_rows: usize) -> Vec<Option<Lanes>> {
    let mut spans: Vec<[Vec<(f64, f64)>; 3]> = vec![Default::default(); n_rows];
    for b in &data.bars {
        if let (Some(row), Some(k)) = (
            spans.get_mut(b.row),
            ORDER.iter().position(|&k| k == b.kind),
        ) {
            row[k].push((b.start.min(b.end), b.start.max(b.end)));
        }
    }
    spans
        .into_iter()
        .map(|row| {
            let union: Vec<Vec<(f64, f64)>> = row.into_iter().map(merged).collect();
            let present: Vec<usize> = (0..3).filter(|&k| !union[k].is_empty()).collect();
            let mut lane: [Option<usize>; 3] = [None; 3];
            for &k in &present {
                let taken: Vec<usize> = present
                    .iter()
                    .filter(|&&j| overlap(&union[j], &union[k]))
                    .filter_map(|&j| lane[j])
                    .collect();
                lane[k] = (0..3).find(|l| !taken.contains(l));
            }
            let count = lane.iter().flatten().map(|l| l + 1).max().unwrap_or(0);
            (count > 1).then(|| Lanes {
                kinds: present
                    .iter()
                    .map(|&k| (ORDER[k], lane[k].unwrap_or(0)))
                    .collect(),
                count,
            })
        })
        .collect()
}

/// The spans' union: sorted, disjoint intervals (touching ones merged).
fn merged(mut spans: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    spans.retain(|s| s.0.is_finite() && s.1.is_finite());
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out: Vec<(f64, f64)> = Vec::with_capacity(spans.len());
    for (s, e) in spans {
        match out.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

/// Whether two unions of intervals ([`merged`]) overlap by more than a rounding error.
fn overlap(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let ((s0, e0), (s1, e1)) = (a[i], b[j]);
        let tol = 1e-9 * e0.abs().max(e1.abs()).max(1.0);
        if s0 < e1 - tol && s1 < e0 - tol {
            return true;
        }
        if e0 < e1 {
            i += 1;
        } else {
            j += 1;
        }
    }
    false
}
