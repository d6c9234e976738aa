//! "Your turn" for tree sweeps: the student clicks, one by one, the nodes processor 0 runs
//! (its top cluster, in execution order, ending with the root); each click is graded at once
//! against Algorithm Fine-Grain's rules (a), (b) and inequality (4). Placed nodes show their
//! start, external subtrees are shaded, the node a move breaks at is ringed in red; the end
//! compares the clustering's makespan with T* and T_PY.

use crate::model::words::count;
use egui::{Color32, Pos2, Rect, RichText, Sense, Stroke, Ui, Vec2};

use crate::model::exercise::treesweep::{Move, TreeExercise};
use crate::model::exercise::{FirstTries, Grade, Tally, Tries, rule_words};
use crate::model::format::{Precision, number};
use crate::model::treesweep::TreeSweepParams;
use crate::ui::exercise::{Exercise, Moves, drawable, logged_move};
use crate::ui::widgets::slider::{field_notes, tuned_field};
use crate::ui::widgets::tree::fitting_font;
use crate::ui::widgets::{focus, palette};

/// The caption of the wait before the next node.
const WAIT: &str = "Wait before the next node";
/// The longest wait one may type, in time units.
const WAIT_MAX: f64 = 1e6;
/// The mark of node k's start time as drawn ([`crate::ui::widgets::marks`]): this and k.
pub const START_MARK: &str = "tree-turn start:";

/// The tree-sweep exercise as the shell drives it.
pub struct TreeTurn {
    ex: TreeExercise,
    /// The states before the moves (Undo) and the last move (the attempt's log).
    moves: Moves<TreeExercise>,
    /// The node the last move broke a rule at, or missed the algorithm's.
    wrong: Option<u64>,
    clicked: Option<Grade>,
    /// Time units processor 0 waits before the next clicked node (0: as early as it can).
    wait: f64,
}

impl TreeTurn {
    /// The exercise on these parameters, or why there is none.
    pub fn new(params: &TreeSweepParams) -> Result<TreeTurn, String> {
        let ex = drawable(TreeExercise::new(params), TreeExercise::drawable)?;
        Ok(TreeTurn {
            ex,
            moves: Moves::default(),
            wrong: None,
            clicked: None,
            wait: 0.0,
        })
    }

    fn play(&mut self, mv: Move, shown: bool) -> Option<Grade> {
        let before = self.ex.clone();
        let g = if shown {
            self.ex.show_me()?
        } else {
            self.ex.play(&mv)
        };
        if g.played {
            self.moves.played(before);
        }
        // The move as made (Show me's is the algorithm's node; a replay plays Show me anew).
        self.moves.record(match mv.start.filter(|_| !shown) {
            Some(s) => serde_json::json!({"node": mv.node, "start": s}),
            None => serde_json::json!(if shown { g.node } else { mv.node }),
        });
        self.wrong = g.culprit;
        Some(g.grade)
    }

    /// The move of a click on node v (with the wait asked for).
    fn click(&mut self, v: u64) -> Option<Grade> {
        let start = (self.wait > 0.0)
            .then(|| self.ex.earliest_start(v).map(|s| s + self.wait))
            .flatten();
        self.play(
            Move {
                node: v as i64,
                start,
            },
            false,
        )
    }

    /// The fill, label and tooltip of node k.
    fn style(&self, ui: &Ui, k: u64) -> (Color32, String, String) {
        let h = self.ex.node_height(k);
        if let Some(s) = self.ex.start_of(k) {
            let pos = self.ex.placed.iter().position(|&v| v == k).unwrap_or(0) + 1;
            let tip = format!(
                "node {k} (height {h}): v_{pos} on processor 0, from {}",
                f(s)
            );
            return (palette::SIMULATED, k.to_string(), tip);
        }
        if self.ex.is_external(k) {
            let fill = if ui.visuals().dark_mode {
                Color32::from_rgb(90, 150, 90)
            } else {
                Color32::from_rgb(120, 190, 120)
            };
            let what = if self.ex.is_external_root(k) {
                format!(
                    "root of an external subtree (height {h}): runs elsewhere, done at T*({h}) = {}",
                    f(self.ex.t_star(h))
                )
            } else {
                "in an external subtree: runs elsewhere".to_string()
            };
            return (fill, k.to_string(), format!("node {k}: {what}"));
        }
        let tip = if self.ex.complete() {
            format!("node {k} (height {h}): the clustering is complete (Undo or Restart)")
        } else {
            format!("node {k} (height {h}): click to run it next on processor 0")
        };
        (ui.visuals().extreme_bg_color, k.to_string(), tip)
    }

    /// The tree, every node clickable; the clicked node, if any.
    fn tree(&self, ui: &mut Ui, height: f32) -> Option<u64> {
        let n = self.ex.height();
        let leaves = 1u64 << (n - 1);
        let width = ui.available_width().max(120.0);
        let (rect, _) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
        let spacing = width / leaves as f32;
        let leaf_r = (spacing * 0.42).clamp(3.0, 16.0);
        // Room above the root's disc and below the leaves' start times.
        let top = (width * 0.42).clamp(3.0, 16.0) + 4.0;
        let inner = Rect::from_min_max(
            rect.min + Vec2::new(0.0, top),
            rect.max - Vec2::new(0.0, leaf_r + 16.0),
        );
        let at = |k: u64| -> Pos2 {
            let depth = 63 - k.leading_zeros();
            let first = 1u64 << depth;
            let x = rect.left() + ((k - first) as f32 + 0.5) / first as f32 * width;
            let y = inner.top() + depth as f32 / (n.max(2) - 1) as f32 * inner.height();
            Pos2::new(x, y)
        };
        let radius = |k: u64| {
            let depth = 63 - k.leading_zeros();
            (width / (1u64 << depth) as f32 * 0.42).clamp(3.0, 16.0)
        };
        let total = (1u64 << n) - 1;
        let edge = Stroke::new(1.0, ui.visuals().weak_text_color().gamma_multiply(0.6));
        for k in 2..=total {
            ui.painter().line_segment([at(k / 2), at(k)], edge);
        }
        // The free width between a node and the next on its row, where an inner node's start
        // time goes (below it, the edges to its children and their discs).
        let room = |k: u64| {
            let depth = 63 - k.leading_zeros();
            (depth + 1 < n).then(|| width / (1u64 << depth) as f32 - 2.0 * radius(k))
        };
        let mut clicked = None;
        for k in 1..=total {
            if self.node(ui, k, (at(k), radius(k)), room(k)) {
                clicked = Some(k);
            }
        }
        clicked
    }

    /// One node at `c` of radius `r`: its disc, label, start time (beside an inner node when
    /// its row has the `room`, else below), click area; true when clicked.
    fn node(&self, ui: &mut Ui, k: u64, (c, r): (Pos2, f32), room: Option<f32>) -> bool {
        let (fill, label, tip) = self.style(ui, k);
        let hit = Rect::from_center_size(c, Vec2::splat((2.0 * r).max(10.0)));
        let id = |k: u64| ui.scope_id().with(("tree exercise node", k));
        let resp = ui
            .interact(hit, id(k), Sense::click())
            .accessible_name(format!("node {k}"))
            .on_hover_text(tip);
        if let Some(a) = focus::arrow(ui, &resp) {
            focus::go(ui.ctx(), id(focus::tree_step(k, self.ex.height(), a)));
        }
        let painter = ui.painter();
        painter.circle_filled(c, r, fill);
        let outline = ui.visuals().text_color();
        let stroke = if resp.hovered() { 2.0 } else { 1.0 };
        painter.circle_stroke(c, r, Stroke::new(stroke, outline.gamma_multiply(0.7)));
        if self.ex.is_external_root(k) {
            painter.circle_stroke(c, r + 2.0, Stroke::new(1.5, outline));
        }
        if !label.is_empty()
            && let Some(font) = fitting_font(painter, &label, r)
        {
            let ink = palette::ink_on(fill, ui.visuals().panel_fill);
            painter.text(c, egui::Align2::CENTER_CENTER, label, font, ink);
        }
        if let Some(s) = self.ex.start_of(k) {
            let font = egui::FontId::proportional(11.0);
            let ink = ui.visuals().strong_text_color();
            let text = painter.layout_no_wrap(f(s), font, ink);
            // Clear of the wrong move's ring (r + 3.5) and of the next node's disc.
            let gap = 5.0;
            let (at, align) = match room {
                Some(room) if room >= text.size().x + 2.0 * gap => {
                    (c + Vec2::new(r + gap, 0.0), egui::Align2::LEFT_CENTER)
                }
                _ => (c + Vec2::new(0.0, r + 1.0), egui::Align2::CENTER_TOP),
            };
            let drawn = align.anchor_size(at, text.size());
            crate::ui::widgets::marks::record(ui.ctx(), format!("{START_MARK}{k}"), drawn);
            painter.galley(drawn.min, text, ink);
        }
        if self.wrong == Some(k) {
            let bad = ui.visuals().error_fg_color;
            painter.circle_stroke(c, r + 3.5, Stroke::new(2.5, bad));
        }
        focus::ring_circle(ui, &resp, c, r + 3.0);
        resp.clicked()
    }

    /// The legend and the wait before the next node.
    fn legend(&mut self, ui: &mut Ui) {
        let wait = ui.horizontal_wrapped(|ui| {
            for (fill, name) in [
                (palette::SIMULATED, "processor 0 (start below)"),
                (Color32::from_rgb(120, 190, 120), "external subtrees"),
            ] {
                let (r, _) = ui.allocate_exact_size(Vec2::splat(12.0), Sense::hover());
                ui.painter().circle_filled(r.center(), 5.5, fill);
                ui.label(name);
            }
            ui.add_space(8.0);
            tuned_field(ui, WAIT, &mut self.wait, 0.0..=WAIT_MAX, |f| f.speed(0.1)).on_hover_text(
                "Time units processor 0 idles before the node you click next (0: it starts as \
                 early as its inputs allow)",
            )
        });
        // A wait typed beyond its range says so under the row (nothing in the row moves).
        field_notes(ui, &[wait.inner]);
    }

    /// Processor 0's nodes so far, in order.
    fn timeline(&self) -> String {
        let list: Vec<String> = self
            .ex
            .placed
            .iter()
            .map(|&v| format!("{v}@{}", f(self.ex.start_of(v).unwrap_or(0.0))))
            .collect();
        if list.is_empty() {
            "Processor 0: nothing yet".into()
        } else {
            format!("Processor 0 (node@start): {}", list.join(" → "))
        }
    }
}

impl Exercise for TreeTurn {
    fn prompt(&self) -> String {
        let Some(o) = self.ex.outcome() else {
            let last = self
                .ex
                .placed
                .last()
                .and_then(|&v| self.ex.start_of(v))
                .map_or(String::new(), |t| format!(", AET(v_(i−1)) = {}", f(t)));
            return format!(
                "Click the node processor 0 runs next, v_{} (it starts as early as its inputs \
                 allow); end with the root{last}. τ = {}.",
                self.ex.placed.len() + 1,
                f(self.ex.params().tau)
            );
        };
        let first = match &o.first_deviation {
            Some(d) => format!(
                "; first move not Fine-Grain's: v_{} = node {} ({})",
                d.position,
                d.node,
                rule_words(&d.rule)
            ),
            // The clustering as it ends: after an undone move the score says what was missed.
            None => match self.ex.tally() {
                t if t.score < t.out_of => format!(
                    "; your clustering as it ends follows Fine-Grain throughout ({} missed on the \
                     way)",
                    count(t.out_of - t.score, "first try")
                ),
                _ => "; you followed Fine-Grain throughout".into(),
            },
        };
        format!(
            "Done: your clustering's makespan {} — T* = {} (Fine-Grain), T_PY = {} (P.Y); \
             {} on processor 0{first}.",
            f(o.makespan),
            f(o.t_star),
            f(o.t_py),
            count(o.top_cluster, "node")
        )
    }
    fn tally(&self) -> Tally {
        self.ex.tally()
    }
    fn board(&self) -> String {
        let n = self.ex.height();
        let total = (1u64 << n) - 1;
        let outside = (1..=total).filter(|&k| self.ex.is_external(k)).count();
        format!(
            "The tree T_{n}, {}: {} on processor 0, {} in external subtrees. {}",
            count(total as usize, "node"),
            self.ex.placed.len(),
            outside,
            self.timeline()
        )
    }
    fn picture(&mut self, ui: &mut Ui, _last: Option<&Grade>) {
        self.legend(ui);
        let h = (ui.available_height() - 30.0).clamp(120.0, 420.0);
        // Once the root is placed the clustering is decided: a click is no move (Undo or
        // Restart to try again).
        if let Some(k) = self.tree(ui, h)
            && !self.ex.complete()
        {
            self.clicked = self.click(k);
        }
        ui.label(RichText::new(self.timeline()).weak());
    }
    fn take_clicked(&mut self) -> Option<Grade> {
        self.clicked.take()
    }
    fn hint(&self) -> String {
        self.ex.hint()
    }
    fn show_me(&mut self) -> Option<Grade> {
        self.play(
            Move {
                node: 0,
                start: None,
            },
            true,
        )
    }
    fn undo(&mut self) -> bool {
        let Some(before) = self.moves.undo() else {
            return false;
        };
        // The board goes back; the tries spent and the score stay.
        crate::model::exercise::FirstTries::undo_to(&mut self.ex, before);
        self.wrong = None;
        true
    }
    fn last_move(&self) -> Option<serde_json::Value> {
        self.moves.last()
    }
    fn play_logged(&mut self, mv: &serde_json::Value) -> Option<Grade> {
        let m = logged_move(mv, crate::model::exercise::moves::parse_tree_moves)?;
        self.play(m, false)
    }
    fn history(&mut self) -> (&mut Tries, &mut usize) {
        self.ex.history()
    }
    fn fresh(&mut self) {
        let params = self.ex.params().clone();
        if let Ok(t) = TreeTurn::new(&params) {
            *self = t;
        }
    }
}

fn f(x: f64) -> String {
    number(x, Precision::Table)
}
