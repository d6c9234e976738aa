//! One schedule drawn: the tree with processor 0's top cluster, boundary nodes and external
//! subtrees, processor 0's timeline under it, or, for trees too large to draw, the top
//! cluster per height.

use std::collections::HashSet;

use egui::{Color32, RichText, Ui};

use super::steps::{Step, fmt};
use super::{Shown, TreeSweepView};
use crate::model::treesweep::derived::{PER_HEIGHT_COLUMNS, per_height};
use crate::model::treesweep::{Rule, Schedule};
use crate::report::treesweep::Run;
use crate::ui::frame::Says;
use crate::ui::reveal::{Reveal, cut_gantt};
use crate::ui::widgets::gantt::{self, BarKind, GanttBar, GanttData};
use crate::ui::widgets::palette;
use crate::ui::widgets::pseudocode::set_picture_hover;
use crate::ui::widgets::result_table::result_table;
use crate::ui::widgets::tree::{NodeStyle, TreeDrawing, tree};

/// The fills of the single-schedule tree.
struct Fills {
    p0: Color32,
    p0_later: Color32,
    boundary: Color32,
    boundary_later: Color32,
    external: Color32,
}

impl Fills {
    fn of(ui: &Ui) -> Fills {
        let dark = ui.visuals().dark_mode;
        Fills {
            p0: palette::SIMULATED,
            p0_later: if dark {
                Color32::from_rgb(40, 70, 120)
            } else {
                Color32::from_rgb(170, 200, 240)
            },
            boundary: Color32::from_rgb(230, 140, 30),
            boundary_later: if dark {
                Color32::from_rgb(115, 75, 30)
            } else {
                Color32::from_rgb(245, 205, 160)
            },
            external: if dark {
                Color32::from_rgb(90, 150, 90)
            } else {
                Color32::from_rgb(120, 190, 120)
            },
        }
    }
}

/// What the picture of one schedule needs besides the schedule.
pub(super) struct Stepped<'a> {
    /// The run the schedule belongs to.
    pub run: &'a Run,
    /// Which schedule.
    pub shown: Shown,
    /// How many steps there are.
    pub count: usize,
    /// The current step's position.
    pub k: usize,
    /// The current step (none when nothing steps).
    pub current: Option<Step>,
}

impl Stepped<'_> {
    /// The boundary nodes of Fine-Grain's top cluster (none for P.Y).
    fn boundary_nodes(&self) -> HashSet<usize> {
        if self.shown != Shown::FineGrain {
            return HashSet::new();
        }
        let trace = &self.run.solution.trace.steps;
        trace
            .iter()
            .filter(|t| t.rule == Rule::Boundary)
            .filter_map(|t| t.heap.and_then(|h| usize::try_from(h).ok()))
            .collect()
    }

    /// The pseudo-code line that scheduled node `kk` of `s`.
    fn node_line(&self, s: &Schedule, kk: usize) -> (&'static str, &'static str) {
        if self.shown != Shown::FineGrain {
            return ("py", if s.processor[kk] == 0 { "2" } else { "3" });
        }
        let trace = &self.run.solution.trace.steps;
        let rule = trace
            .iter()
            .find(|t| t.heap == Some(kk as u128))
            .map(|t| t.rule);
        let step = match rule {
            Some(Rule::Base) => "1.1",
            Some(Rule::Internal) => "1.2(a)",
            Some(Rule::Boundary) => "(4)",
            None if s.processor[kk] == 0 => "1",
            None => "2",
        };
        ("fine-grain", step)
    }

    /// The start time the current step has reached.
    fn done_until(&self) -> f64 {
        self.current.as_ref().map_or(f64::INFINITY, |x| x.1)
    }
}

/// The schedule `s`: its tree, then processor 0's timeline.
pub(super) fn schedule(ui: &mut Ui, view: &mut TreeSweepView, at: &Stepped, s: &Schedule) {
    let n_steps = at.count.max(1);
    // Hide the future: nodes that start after the current step are not drawn yet.
    let reveal = Reveal::of(ui.ctx()).at(at.k, n_steps);
    let boundary = at.boundary_nodes();
    let drawing = tree_drawing(ui, at, s, &boundary, reveal);
    let data = GanttData {
        rows: vec!["processor 0".into(), "inputs to it".into()],
        bars: p0_bars(at, s, &boundary),
        time_label: "time".into(),
        // What this timeline draws (no sends: processor 0's outputs leave with the root).
        legend: [
            (BarKind::Compute, "node"),
            (BarKind::Receive, "input in transit"),
        ]
        .map(|(k, name)| (gantt::bar_color(k, ui.visuals().dark_mode), name.into()))
        .to_vec(),
        times: says(ui.ctx(), at.shown),
        ..Default::default()
    };
    // Hide the future: what starts after the current node waits.
    let data = cut_gantt(data, reveal, at.done_until() + 1.0, s.makespan());
    // The tree takes what processor 0's timeline (its title off the stage, the chart's
    // toolbar, two rows and the time axis) leaves: the whole timeline stays in sight.
    let stage = crate::ui::frame::on_stage(ui.ctx());
    let title = if stage {
        0.0
    } else {
        ui.text_style_height(&egui::TextStyle::Body) + 8.0
    };
    let timeline = title + gantt::least_height(ui, GANTT_ID, &data);
    let h = (ui.available_height() - timeline).min(480.0);
    // The node under the pointer: the line that scheduled it lights up in the pane.
    if let Some(kk) = tree(ui, &drawing, h).filter(|&kk| kk < s.processor.len()) {
        let (alg, step) = at.node_line(s, kk);
        set_picture_hover(ui.ctx(), Some(alg), step);
    }
    // (On the stage the rows' names say whose timeline it is.)
    if !stage {
        ui.add_space(4.0);
        ui.strong("Processor 0's timeline");
    }
    let cursor = at.current.as_ref().map(|x| x.1);
    gantt::gantt(ui, GANTT_ID, &data, &mut view.gantt, cursor);
}

/// The id of processor 0's timeline.
const GANTT_ID: &str = "ts_gantt";

/// The tree of `s`, nodes coloured by what they are and whether they ran by the current step.
fn tree_drawing(
    ui: &Ui,
    at: &Stepped,
    s: &Schedule,
    boundary: &HashSet<usize>,
    reveal: Reveal,
) -> TreeDrawing {
    let fills = Fills::of(ui);
    let done_until = at.done_until();
    let current = at.current.as_ref().and_then(|x| x.0);
    let mut nodes = vec![NodeStyle::BLANK; s.processor.len()];
    for (kk, node) in nodes.iter_mut().enumerate().skip(1) {
        if reveal.hiding() && s.start[kk] > done_until + 1e-9 {
            continue;
        }
        let is_boundary = boundary.contains(&kk);
        let fill = if s.processor[kk] != 0 {
            fills.external
        } else if is_boundary && s.start[kk] <= done_until {
            fills.boundary
        } else if is_boundary {
            fills.boundary_later
        } else if s.start[kk] <= done_until {
            fills.p0
        } else {
            fills.p0_later
        };
        *node = NodeStyle {
            fill,
            label: fmt(s.start[kk]),
            highlight: Some(kk) == current,
            tooltip: format!(
                "node {kk} (height {}), processor {}, starts at {}{}",
                s.n - (usize::BITS - 1 - kk.leading_zeros()),
                s.processor[kk],
                fmt(s.start[kk]),
                if is_boundary {
                    " — boundary node"
                } else {
                    ""
                }
            ),
        };
    }
    TreeDrawing {
        height: s.n,
        nodes,
        // Short names: the legend keeps to one row on a projector.
        legend: vec![
            (fills.p0, "processor 0, done".into()),
            (fills.p0_later, "processor 0, later".into()),
            (fills.boundary, "boundary node".into()),
            (fills.external, "other processors".into()),
        ],
        says: says(ui.ctx(), at.shown),
    }
}

/// The makespan an open question asks of schedule `shown` (for the both-view, either or
/// their ratio: a question on any of the three hides the ratio's key):
/// every time of that schedule leads to it (its last node starts one unit before the end;
/// P.Y's top cluster starts after its inputs, then runs ⌊τ + 1⌋ nodes), so its times wait
/// for Reveal. A schedule whose makespan is not asked keeps its times (a P.Y time equal to
/// T* is not T*).
fn asked_makespan(ctx: &egui::Context, shown: Shown) -> Option<&'static str> {
    let key = times_key(shown);
    crate::ui::frame::hides_field(ctx, key).then_some(key)
}

/// The key whose question hides the times of schedule `shown` ([`asked_makespan`]).
pub(super) fn times_key(shown: Shown) -> &'static str {
    use crate::report::keys::treesweep::{OPTIMAL, PY, RATIO};
    match shown {
        Shown::FineGrain => OPTIMAL,
        Shown::Py => PY,
        Shown::Both => RATIO,
    }
}

/// Whether the times of schedule `shown` read "?" ([`asked_makespan`]).
pub(super) fn hides_times(ctx: &egui::Context, shown: Shown) -> bool {
    asked_makespan(ctx, shown).is_some()
}

/// What the times drawn for schedule `shown` are to an open question's mask: the quantity
/// asked ([`asked_makespan`]), every one hidden, or names that stay as they are.
pub(super) fn says(ctx: &egui::Context, shown: Shown) -> Says {
    asked_makespan(ctx, shown).map_or(Says::Names, Says::Quantity)
}

/// Processor 0's bars (its nodes and the idle time between them) and its inputs from other
/// processors in transit.
fn p0_bars(at: &Stepped, s: &Schedule, boundary: &HashSet<usize>) -> Vec<GanttBar> {
    let mut bars = Vec::new();
    let mut on0: Vec<usize> = (1..s.processor.len())
        .filter(|&kk| s.processor[kk] == 0)
        .collect();
    on0.sort_by(|&a, &b| s.start[a].total_cmp(&s.start[b]));
    let mut prev_end = 0.0;
    for &kk in &on0 {
        if s.start[kk] > prev_end + 1e-9 {
            bars.push(GanttBar {
                row: 0,
                start: prev_end,
                end: s.start[kk],
                kind: BarKind::Idle,
                tooltip: "idle: waiting for an input".into(),
                color: None,
                line: None,
            });
        }
        let note = if boundary.contains(&kk) {
            " (boundary)"
        } else {
            ""
        };
        bars.push(GanttBar {
            line: Some(at.node_line(s, kk)),
            row: 0,
            start: s.start[kk],
            end: s.start[kk] + 1.0,
            kind: BarKind::Compute,
            tooltip: format!("node {kk}{note}"),
            color: None,
        });
        prev_end = s.start[kk] + 1.0;
    }
    // Inputs from other processors arrive τ after their producers finish.
    for &kk in &on0 {
        for c in [2 * kk, 2 * kk + 1] {
            if c < s.processor.len() && s.processor[c] != 0 {
                let ready = s.start[c] + 1.0 + s.tau;
                bars.push(GanttBar {
                    row: 1,
                    start: s.start[c] + 1.0,
                    end: ready,
                    kind: BarKind::Receive,
                    tooltip: format!(
                        "input of node {kk} from node {c} (processor {}) in transit, ready at {}",
                        s.processor[c],
                        fmt(ready)
                    ),
                    color: None,
                    line: Some(at.node_line(s, c)),
                });
            }
        }
    }
    bars
}

/// Too large to draw: a per-height summary of the top cluster.
pub(super) fn heights(ui: &mut Ui, run: &Run) {
    let sol = &run.solution;
    ui.label(
        RichText::new(format!(
            "T_{} has 2^{} − 1 nodes: too many to draw; Fine-Grain's top cluster per height:",
            sol.n, sol.n
        ))
        .weak(),
    );
    let top = sol.fine_grain.n as usize;
    // As many heights as the room shows whole (the header's wrapped lines, Copy as text and
    // the note set aside): a row scrolled out of sight is a row the room cannot read.
    let line = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    let fit = (ui.available_height() / line - 4.5).max(0.0).floor() as usize;
    // The whole tree's row holds T* (its T*(n) and its top cluster, run one node per unit):
    // "?" while the future is hidden or an open question's answer depends on T*.
    let asked = crate::ui::frame::hides_field(ui.ctx(), crate::report::keys::treesweep::OPTIMAL);
    let hide_top = asked || Reveal::of(ui.ctx()).hiding();
    let secret = |h: usize, text: String| {
        if hide_top && h == top {
            crate::ui::frame::HIDDEN.to_owned()
        } else {
            text
        }
    };
    let all: Vec<_> = per_height(&sol.fine_grain)
        .filter(|h| h.on_boundary() || h.height == top)
        .take(60)
        .collect();
    let shown = all.len().min(fit.max(3));
    let rows: Vec<Vec<String>> = all[..shown]
        .iter()
        .map(|h| {
            vec![
                h.height.to_string(),
                h.boundary.to_string(),
                h.external.to_string(),
                secret(h.height, fmt(h.t_star)),
                secret(h.height, h.cluster.to_string()),
                h.processors.display(),
            ]
        })
        .collect();
    result_table(ui, "ts_heights", &PER_HEIGHT_COLUMNS, &rows);
    if shown < all.len() {
        let more = all.len() - shown;
        ui.label(
            RichText::new(format!(
                "… {} not shown: the room holds {shown}",
                crate::model::words::count(more, "more height")
            ))
            .weak(),
        );
    }
}
