//! The Fine-Grain and P.Y trees drawn side by side, nodes coloured by cluster.

use egui::Ui;

use super::steps::fmt;
use crate::model::treesweep::Schedule;
use crate::ui::frame::Says;
use crate::ui::widgets::palette;
use crate::ui::widgets::tree::{NodeStyle, TreeDrawing, tree};

/// One schedule's tree for the "both" view: `title` (its name and makespan) above it, each node
/// coloured by its processor (one cluster per colour, processor 0's top cluster first), nodes
/// starting after time `t` faded, processor 0's node starting at `t` ringed.
pub(super) fn cluster_tree(ui: &mut Ui, s: &Schedule, title: &str, t: f64, hide: bool, says: Says) {
    ui.strong(title);
    let clusters = {
        let mut c: Vec<u64> = s.processor.iter().skip(1).copied().collect();
        c.sort_unstable();
        c.dedup();
        c.len()
    };
    let mut nodes = vec![NodeStyle::BLANK; s.processor.len()];
    for (kk, node) in nodes.iter_mut().enumerate().skip(1) {
        // Hide the future: a node that starts after `t` is not drawn yet.
        if hide && s.start[kk] > t + 1e-9 {
            continue;
        }
        let c = palette::category(s.processor[kk] as usize);
        *node = NodeStyle {
            fill: if s.start[kk] <= t + 1e-9 {
                c
            } else {
                c.gamma_multiply(0.3)
            },
            label: fmt(s.start[kk]),
            highlight: s.processor[kk] == 0 && (s.start[kk] - t).abs() <= 1e-9,
            tooltip: format!(
                "node {kk}: processor {}, starts at {}",
                s.processor[kk],
                fmt(s.start[kk])
            ),
        };
    }
    let drawing = TreeDrawing {
        height: s.n,
        nodes,
        legend: vec![
            (palette::category(0), "processor 0 (top cluster)".into()),
            (
                palette::category(1),
                format!("{clusters} clusters, one colour per processor"),
            ),
        ],
        says,
    };
    let h = (ui.available_height() - 10.0).clamp(160.0, 420.0);
    tree(ui, &drawing, h);
}
