//! Figures derived from a solved instance that the report and the GUI both show: the
//! per-height summary of T_n's Fine-Grain schedule.

use super::count::Count;
use super::finegrain::FineGrain;

/// The columns of the per-height summary, in the order of [`HeightRow`]'s fields: the
/// report's and the GUI's column headers.
pub const PER_HEIGHT_COLUMNS: [&str; 6] = [
    "height h",
    "boundary nodes",
    "external subtrees",
    "T*(h)",
    "top cluster of T_h",
    "processors of T_h",
];

/// One height h of the per-height summary.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeightRow {
    /// The height h.
    pub height: usize,
    /// Boundary nodes of T_n's top cluster at height h.
    pub boundary: u64,
    /// External subtrees of T_n whose roots have height h.
    pub external: u64,
    /// T*(h), the optimal makespan of T_h.
    pub t_star: f64,
    /// The top cluster's size in T_h's optimal schedule.
    pub cluster: u64,
    /// The processors T_h's optimal schedule uses.
    pub processors: Count,
}

impl HeightRow {
    /// Whether T_n's top cluster reaches height h: boundary nodes or external subtrees there.
    pub fn on_boundary(&self) -> bool {
        self.boundary > 0 || self.external > 0
    }
}

/// The per-height summary of a Fine-Grain solution, from height n down to 1 (every per-height
/// vector of a [`FineGrain`] has one entry per height).
pub fn per_height(fg: &FineGrain) -> impl Iterator<Item = HeightRow> + '_ {
    (1..=fg.n as usize).rev().map(|h| HeightRow {
        height: h,
        boundary: fg.boundary_by_height[h - 1],
        external: fg.external_by_height[h - 1],
        t_star: fg.t_star[h - 1],
        cluster: fg.cluster_size[h - 1],
        processors: fg.processors[h - 1],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::treesweep::fine_grain;

    #[test]
    fn one_row_per_height_from_the_top() {
        let fg = fine_grain(6, 4.0);
        let rows: Vec<HeightRow> = per_height(&fg).collect();
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[0].height, 6);
        assert_eq!(rows[0].t_star, fg.makespan());
        assert_eq!(rows[5].height, 1);
        assert_eq!(rows[0].cluster, fg.top_cluster_size());
    }
}
