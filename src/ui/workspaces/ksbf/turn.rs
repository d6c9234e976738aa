//! "Your turn" under KS-BF: the next node in execution order is named; the student clicks the
//! cell (PE row, step column) where it runs, and the click is graded at once. Nodes placed
//! right stay in their cells; a wrong cell is ringed in red with the rule it breaks.

use crate::model::words::count;
use crate::ui::widgets::scroll::Clipped;
use egui::{Color32, Rect, Sense, Stroke, Ui, Vec2};

use super::pe_color;
use crate::model::exercise::ksbf::{KsbfExercise, Prediction};
use crate::model::exercise::{FirstTries, Grade, Tally, Tries};
use crate::model::ksbf::{KsbfParams, NodeId};
use crate::ui::exercise::{Exercise, Moves, drawable, logged_move};
use crate::ui::frame::Says;
use crate::ui::widgets::focus;
use crate::ui::widgets::tree::{MAX_HEIGHT, NodeStyle, TreeDrawing};

/// The state before a move, for Undo.
struct Before {
    done: Vec<bool>,
}

/// The KS-BF exercise as the shell drives it.
pub struct KsbfTurn {
    ex: KsbfExercise,
    /// The states before the moves (Undo) and the last move (the attempt's log).
    moves: Moves<Before>,
    /// The last wrong cell (PE, step).
    wrong: Option<(u32, u64)>,
    clicked: Option<Grade>,
    /// Steps drawn ([`KsbfExercise::steps_offered`]: one per node, not the makespan).
    steps: u64,
}

impl KsbfTurn {
    /// The exercise on these parameters, or why there is none.
    pub fn new(params: &KsbfParams) -> Result<KsbfTurn, String> {
        let ex = drawable(KsbfExercise::new(params), KsbfExercise::drawable)?;
        let steps = ex.steps_offered();
        Ok(KsbfTurn {
            ex,
            moves: Moves::default(),
            wrong: None,
            clicked: None,
            steps,
        })
    }

    /// The state a move starts from, for Undo.
    fn before(&self) -> Before {
        Before {
            done: self.ex.done.clone(),
        }
    }

    fn predict(&mut self, pe: u32, step: u64) -> Option<Grade> {
        let node = self.ex.next()?.node;
        self.moves.record(serde_json::json!({
            "node": crate::model::exercise::moves::node_json(node),
            "pe": pe,
            "step": step,
        }));
        self.moves.played(self.before());
        let g = self.ex.play(&Prediction {
            node,
            pe: i64::from(pe),
            step: step as i64,
        });
        self.wrong = (!g.grade.optimal).then_some((pe, step));
        Some(g.grade)
    }
}

impl Exercise for KsbfTurn {
    fn prompt(&self) -> String {
        match self.ex.next() {
            Some(r) => format!(
                "Where and when does {} run under KS-BF? Click its PE (row) and step (column). \
                 {} of {} placed.",
                r.node.written(),
                self.ex.done.iter().filter(|&&d| d).count(),
                count(self.ex.order.len(), "node")
            ),
            None => format!("All {} placed.", count(self.ex.order.len(), "node")),
        }
    }
    fn tally(&self) -> Tally {
        self.ex.tally()
    }
    fn board(&self) -> String {
        let p = self.ex.params().p;
        let placed = self.ex.order.iter().zip(&self.ex.done).filter(|(_, d)| **d);
        let cells = crate::ui::widgets::describe::list(
            placed.map(|(r, _)| format!("{} on P{} at step {}", r.node.written(), r.pe, r.step)),
        );
        let cells = if cells.is_empty() {
            "none yet".into()
        } else {
            cells
        };
        format!(
            "A grid of {p} PEs (rows) by {} (columns). Placed: {cells}.",
            count(self.steps as usize, "step")
        )
    }
    fn picture(&mut self, ui: &mut Ui, _last: Option<&Grade>) {
        let p = self.ex.params().p;
        let label_w = 34.0;
        let cell_w = ((ui.available_width() - label_w) / self.steps as f32).clamp(18.0, 44.0);
        let cell_h = ((ui.available_height() - 20.0) / p as f32).clamp(18.0, 40.0);
        let size = Vec2::new(
            label_w + cell_w * self.steps as f32,
            20.0 + cell_h * p as f32,
        );
        egui::ScrollArea::both().show_clipped(ui, |ui| {
            let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
            let origin = rect.min + Vec2::new(label_w, 20.0);
            let painter = ui.painter().clone();
            let text = ui.visuals().text_color();
            let font = egui::FontId::proportional(11.0);
            for s in 0..self.steps {
                let at = origin + Vec2::new(cell_w * (s as f32 + 0.5), -10.0);
                painter.text(at, egui::Align2::CENTER_CENTER, s, font.clone(), text);
            }
            // What every cell holds, and whether a node is left to place: once a frame, not
            // once a cell (the grid has up to 16 × 4096 cells).
            let placed: std::collections::HashMap<(u32, u64), NodeId> = self
                .ex
                .order
                .iter()
                .zip(&self.ex.done)
                .filter(|(_, d)| **d)
                .map(|(r, _)| ((r.pe, r.step), r.node))
                .collect();
            let open = self.ex.next().is_some();
            let mut clicked = None;
            for pe in 0..p {
                let y = origin.y + cell_h * pe as f32;
                painter.text(
                    egui::pos2(rect.min.x + 2.0, y + cell_h * 0.5),
                    egui::Align2::LEFT_CENTER,
                    format!("P{pe}"),
                    font.clone(),
                    text,
                );
                for s in 0..self.steps {
                    let cell = Rect::from_min_size(
                        egui::pos2(origin.x + cell_w * s as f32, y),
                        Vec2::new(cell_w, cell_h),
                    )
                    .shrink(1.0);
                    let holds = placed.get(&(pe, s)).copied();
                    if self.cell(ui, cell, (pe, s), holds, open) {
                        clicked = Some((pe, s));
                    }
                }
            }
            if let Some((pe, s)) = clicked {
                self.clicked = self.predict(pe, s);
            }
        });
        // Which node "node 6" is: the tree by heap numbers, placed nodes in their PE's
        // colour, the one to place ringed (a grid's nodes are named by their coordinates).
        if let Some(drawing) = self.heap_tree(ui) {
            ui.add_space(6.0);
            crate::ui::widgets::tree::tree(ui, &drawing, ui.available_height());
        } else if self.ex.params().shape.is_grid() {
            ui.add_space(6.0);
            self.grid_board(ui);
        }
    }
    fn take_clicked(&mut self) -> Option<Grade> {
        self.clicked.take()
    }
    fn hint(&self) -> String {
        self.ex
            .next()
            .map_or("every node is placed".into(), |r| self.ex.hint(r.node))
    }
    fn show_me(&mut self) -> Option<Grade> {
        let r = *self.ex.next()?;
        // Shown, so not a first try.
        if let Some(i) = self.ex.order.iter().position(|x| x.node == r.node) {
            self.ex.tried.spend(i);
        }
        self.predict(r.pe, r.step)
    }
    fn undo(&mut self) -> bool {
        let Some(b) = self.moves.undo() else {
            return false;
        };
        // The board goes back; the tries spent and the score stay (FirstTries).
        self.ex.done = b.done;
        self.wrong = None;
        true
    }
    fn last_move(&self) -> Option<serde_json::Value> {
        self.moves.last()
    }
    fn play_logged(&mut self, mv: &serde_json::Value) -> Option<Grade> {
        let grid = self.ex.params().shape.is_grid();
        let p = logged_move(mv, |v| {
            crate::model::exercise::moves::parse_predictions(v, grid)
        })?;
        self.moves.played(self.before());
        self.moves.record(mv.clone());
        let g = self.ex.play(&p);
        let cell = (
            u32::try_from(p.pe).unwrap_or(0),
            u64::try_from(p.step).unwrap_or(0),
        );
        self.wrong = (!g.grade.optimal).then_some(cell);
        Some(g.grade)
    }
    fn history(&mut self) -> (&mut Tries, &mut usize) {
        self.ex.history()
    }
    fn fresh(&mut self) {
        let params = self.ex.params().clone();
        if let Ok(t) = KsbfTurn::new(&params) {
            *self = t;
        }
    }
}

impl KsbfTurn {
    /// The exercise's tree by heap numbers (None for a grid or a tree too tall to draw): a
    /// placed node in its PE's colour, the next one ringed, the others plain.
    fn heap_tree(&self, ui: &Ui) -> Option<TreeDrawing> {
        let height = self.ex.order.iter().map(|r| r.level + 1).max()?;
        if self.ex.params().shape.is_grid() || height > MAX_HEIGHT {
            return None;
        }
        let mut nodes = vec![NodeStyle::BLANK; 1usize << height];
        let next = self.ex.next().map(|r| r.node);
        let plain = ui.visuals().widgets.inactive.bg_fill;
        for (r, &done) in self.ex.order.iter().zip(&self.ex.done) {
            let NodeId::Tree(h) = r.node else {
                return None;
            };
            let style = nodes.get_mut(usize::try_from(h).ok()?)?;
            let place = if done {
                format!("placed on P{} at step {}", r.pe, r.step)
            } else {
                "not placed yet".to_owned()
            };
            *style = NodeStyle {
                fill: if done { pe_color(r.pe) } else { plain },
                label: h.to_string(),
                highlight: next == Some(r.node),
                tooltip: format!("node {h} (level {}): {place}", r.level),
            };
        }
        Some(TreeDrawing {
            height,
            nodes,
            legend: vec![(plain, "not placed yet (ringed: the next)".into())],
            says: Says::Names,
        })
    }

    /// A grid workload's nodes ⟨k, ℓ⟩ where they stand (row k down, column ℓ right): which
    /// nodes a random grid has, placed ones in their PE's colour, the one to place ringed (it
    /// showed nothing, and "where does ⟨2, 1⟩ run" named a node the student could not see).
    fn grid_board(&self, ui: &mut Ui) {
        let cells: Vec<(u32, u32, bool, u32)> = (self.ex.order.iter().zip(&self.ex.done))
            .filter_map(|(r, &done)| match r.node {
                NodeId::Grid { k, l } => Some((k, l, done, r.pe)),
                NodeId::Tree(_) => None,
            })
            .collect();
        let side = cells.iter().map(|c| c.0.max(c.1) + 1).max().unwrap_or(1) as f32;
        let avail = ui.available_size();
        let cell = (avail.x.min(avail.y.max(120.0)) / (side + 1.0)).clamp(8.0, 40.0);
        let (resp, painter) =
            ui.allocate_painter(Vec2::new(avail.x, cell * (side + 1.0)), Sense::hover());
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Grid diagram"));
        // (Room for the ring around the next node at the edge.)
        let origin = resp.rect.left_top() + Vec2::splat(cell * 0.6);
        let next = self.ex.next().map(|r| r.node);
        let plain = ui.visuals().widgets.inactive.bg_fill;
        let ink = ui.visuals().text_color();
        for &(k, l, done, pe) in &cells {
            let q = origin + Vec2::new(l as f32 * cell, k as f32 * cell);
            let fill = if done { pe_color(pe) } else { plain };
            painter.circle_filled(q, cell * 0.4, fill);
            if next == Some(NodeId::Grid { k, l }) {
                painter.circle_stroke(q, cell * 0.48, Stroke::new(2.0, ink));
            }
            let label = NodeId::Grid { k, l }.to_string();
            if let Some(font) = crate::ui::widgets::tree::fitting_font(&painter, &label, cell * 0.4)
            {
                let on = crate::ui::widgets::palette::ink_on(fill, ui.visuals().panel_fill);
                painter.text(q, egui::Align2::CENTER_CENTER, label, font, on);
            }
        }
    }

    /// One cell of the PE × step grid: the node `placed` there (coloured by its PE), the last
    /// wrong click ringed; `open` while a node is left to place; true when clicked.
    fn cell(
        &self,
        ui: &mut Ui,
        cell: Rect,
        (pe, s): (u32, u64),
        placed: Option<NodeId>,
        open: bool,
    ) -> bool {
        let name = format!("P{pe}, step {s}");
        let id = |pe: u32, s: u64| ui.scope_id().with(("ks exercise cell", pe, s));
        let holds = placed.map_or("empty".to_owned(), |n| format!("node {n}"));
        // Once every node is placed a cell takes no click: it says what it holds. (Worded
        // only under the pointer: the grid draws up to 16 × 4096 cells a frame.)
        let resp = ui
            .interact(cell, id(pe, s), Sense::click())
            .accessible_name(name.clone())
            .on_hover_ui(|ui| {
                ui.label(match open {
                    true => format!("{name}: click to place the next node here"),
                    false => format!("{name}: {holds} (every node is placed)"),
                });
            });
        crate::ui::widgets::access::value(&resp, crate::ui::widgets::access::CELL, &holds);
        if let Some(a) = focus::arrow(ui, &resp) {
            let rows = self.ex.params().p as usize;
            let at = (pe as usize, s as usize);
            let (r, c) = focus::grid_step(at, (rows, self.steps as usize), a);
            focus::go(ui.ctx(), id(r as u32, c as u64));
        }
        let painter = ui.painter();
        let bg = if resp.hovered() && open {
            ui.visuals().widgets.hovered.bg_fill
        } else {
            ui.visuals().extreme_bg_color
        };
        painter.rect_filled(cell, 2.0, bg);
        if let Some(node) = placed {
            let fill = pe_color(pe);
            painter.rect_filled(cell, 2.0, fill);
            let label = node.to_string();
            painter.text(
                cell.center(),
                egui::Align2::CENTER_CENTER,
                label,
                egui::FontId::proportional(10.0),
                crate::ui::widgets::palette::ink_on(fill, ui.visuals().panel_fill),
            );
        }
        if self.wrong == Some((pe, s)) {
            let bad: Color32 = ui.visuals().error_fg_color;
            painter.rect_stroke(cell, 2.0, Stroke::new(2.5, bad), egui::StrokeKind::Inside);
        }
        focus::ring_rect(ui, &resp, cell);
        resp.clicked()
    }
}
