//! "Your turn" on a ring: plan a round by clicking links in a direction (the handles on
//! each link, named "P1 → P2" for screen readers), Send plays it; an illegal round is drawn
//! where it breaks (the processor ringed, the send in red) with the rule, and is not played.

use egui::{Color32, Pos2, Response, Sense, Stroke, Ui, Vec2};

use super::picture::sign_color;
use crate::model::exercise::redistribute::{Culprit, DRAWN_N_MAX, RingExercise, Snapshot};
use crate::model::exercise::{FirstTries, Grade, Tally, Tries};
use crate::model::redistribute::instance::{Direction, RingInstance};
use crate::model::words::{count, verb};
use crate::ui::exercise::{Exercise, Moves, drawable, logged_move};
use crate::ui::widgets::focus;
use crate::ui::widgets::ring::{
    HANDLE_SIZE, MAX_NODES, RingArrow, RingDrawing, RingLink, RingNode, centres, handle_at, ring,
};

/// The redistribution exercise as the shell drives it.
pub struct RingTurn {
    ex: RingExercise,
    /// The round being planned: 1-based [from, to] pairs.
    planned: Vec<(i64, i64)>,
    /// The states before the moves (Undo) and the last move (the attempt's log).
    moves: Moves<Snapshot>,
    /// Where the last illegal round broke a rule.
    culprits: Vec<Culprit>,
    /// The sends of the last illegal round (drawn in red).
    refused: Vec<(i64, i64)>,
}

impl RingTurn {
    /// The exercise on a ring, or why there is none.
    pub fn new(inst: &RingInstance) -> Result<RingTurn, String> {
        let ex = drawable(RingExercise::new(inst), RingExercise::drawable)?;
        const { assert!(DRAWN_N_MAX <= MAX_NODES) };
        Ok(RingTurn {
            ex,
            planned: Vec::new(),
            moves: Moves::default(),
            culprits: Vec::new(),
            refused: Vec::new(),
        })
    }

    fn play(&mut self, pairs: Vec<(i64, i64)>) -> Grade {
        self.moves.record(serde_json::json!(
            pairs.iter().map(|&(f, t)| [f, t]).collect::<Vec<_>>()
        ));
        let before = self.ex.snapshot();
        let g = self.ex.play(&pairs);
        self.moves.played(before);
        if g.grade.legal {
            self.culprits.clear();
            self.refused.clear();
        } else {
            self.culprits = g.culprits.clone();
            self.refused = pairs;
        }
        self.planned.clear();
        g.grade
    }

    fn toggle(&mut self, from: usize, to: usize) {
        // The next round's planning begins: the refused round's red arrows and marks go (they
        // lingered among the new round's arrows; its verdict stays in the band).
        self.refused.clear();
        self.culprits.clear();
        let pair = (from as i64 + 1, to as i64 + 1);
        if let Some(k) = self.planned.iter().position(|&p| p == pair) {
            self.planned.remove(k);
        } else {
            self.planned.push(pair);
        }
    }

    fn drawing(&self, ui: &Ui) -> RingDrawing {
        let n = self.ex.delta.len();
        let dark = ui.visuals().dark_mode;
        let maxabs = self
            .ex
            .delta
            .iter()
            .map(|d| d.abs())
            .max()
            .unwrap_or(1)
            .max(1);
        let bad = ui.visuals().error_fg_color;
        let ringed = |i: usize| self.culprits.contains(&Culprit::Processor(i));
        let arrow = |&(f, t): &(i64, i64), color: Color32, label: &str| {
            let (f, t) = (usize::try_from(f - 1).ok()?, usize::try_from(t - 1).ok()?);
            let adjacent = f < n && t < n && (t == (f + 1) % n || f == (t + 1) % n);
            adjacent.then(|| RingArrow {
                from: f,
                to: t,
                color,
                label: label.to_string(),
                line: None,
            })
        };
        let mut arrows: Vec<RingArrow> = self
            .planned
            .iter()
            .filter_map(|p| arrow(p, Color32::from_rgb(40, 110, 220), "planned"))
            .collect();
        arrows.extend(self.refused.iter().filter_map(|p| arrow(p, bad, "refused")));
        RingDrawing {
            nodes: (0..n)
                .map(|i| RingNode {
                    name: format!("P{}", i + 1),
                    detail: format!("δ={}", self.ex.delta[i]),
                    outer: format!("L={}", self.ex.load[i]),
                    fill: if ringed(i) {
                        bad
                    } else {
                        sign_color(self.ex.delta[i], maxabs, dark)
                    },
                    emphasis: ringed(i),
                    tooltip: format!(
                        "P{}: holds {}, δ = {}{}",
                        i + 1,
                        count(self.ex.load[i], "item"),
                        self.ex.delta[i],
                        if ringed(i) {
                            " — breaks the rule of the last round"
                        } else {
                            ""
                        }
                    ),
                })
                .collect(),
            links: (0..n).map(|_| RingLink::default()).collect(),
            arrows,
            arcs: Vec::new(),
            editable: false,
            too_large: 0,
            handles: self.pairs(n),
        }
    }

    /// The clickable direction handles on every link, over the ring drawn as `id`.
    fn handles(&mut self, ui: &mut Ui, id: egui::Id) {
        let Some((pos, r)) = centres(ui.ctx(), id) else {
            return;
        };
        let pairs = self.pairs(pos.len());
        let mut clicked = None;
        for (k, &(f, t)) in pairs.iter().enumerate() {
            let name = format!("P{} → P{}", f + 1, t + 1);
            let on = self.is_planned(f, t);
            let resp = handle(ui, id.with((f, t)), (pos[f], pos[t]), r, name, on);
            if resp.clicked() {
                clicked = Some((f, t));
            }
            if let Some(a) = focus::arrow(ui, &resp) {
                let next = pairs[focus::ring_step(k, pairs.len(), a)];
                focus::go(ui.ctx(), id.with(next));
            }
        }
        if let Some((f, t)) = clicked {
            self.toggle(f, t);
        }
    }

    /// The links' directions that carry a handle on a ring of `n`, around the ring: P1 → P2
    /// (and P2 → P1 on a bidirectional ring), P2 → P3, …; Tab and the arrow keys follow it.
    fn pairs(&self, n: usize) -> Vec<(usize, usize)> {
        let bi = self.ex.instance().direction == Direction::Bi;
        (0..n)
            .flat_map(|i| {
                let j = (i + 1) % n;
                let back = (bi && n > 2).then_some((j, i));
                std::iter::once((i, j)).chain(back)
            })
            .collect()
    }

    fn is_planned(&self, f: usize, t: usize) -> bool {
        self.planned.contains(&(f as i64 + 1, t as i64 + 1))
    }
}

/// One direction handle of the link a → b (a disc at [`handle_at`], near b's end of the
/// link, with an arrow pointing at b), focus-ringed when it has the keyboard focus.
fn handle(
    ui: &mut Ui,
    id: egui::Id,
    (a, b): (Pos2, Pos2),
    r: f32,
    name: String,
    on: bool,
) -> Response {
    let u = (b - a).normalized();
    let side = Vec2::new(-u.y, u.x);
    let at = handle_at(a, b, r);
    let size = HANDLE_SIZE;
    let rect = egui::Rect::from_center_size(at, Vec2::splat(size));
    let resp = ui
        .interact(rect, id, Sense::click())
        .accessible_name(name.clone())
        .on_hover_text(format!(
            "{name}: plan a send of one item in this direction (click again to remove it)"
        ));
    let visuals = ui.style().interact_selectable(&resp, on);
    let painter = ui.painter();
    painter.circle(at, size * 0.5, visuals.bg_fill, visuals.fg_stroke);
    let tip = at + u * 5.0;
    let tail = at - u * 5.0;
    let stroke = Stroke::new(1.8, visuals.text_color());
    painter.line_segment([tail, tip], stroke);
    painter.line_segment([tip, tip - u * 3.5 + side * 3.0], stroke);
    painter.line_segment([tip, tip - u * 3.5 - side * 3.0], stroke);
    focus::ring_circle(ui, &resp, at, size * 0.5);
    resp
}

impl Exercise for RingTurn {
    fn prompt(&self) -> String {
        if self.ex.complete() {
            return format!(
                "Balanced in {} ({} said at least {}).",
                count(self.ex.played, "round"),
                self.ex.bound_name(),
                self.ex.initial_bound
            );
        }
        let planned: Vec<String> = self
            .planned
            .iter()
            .map(|(f, t)| format!("P{f} → P{t}"))
            .collect();
        format!(
            "Round {}: click the links' arrows to plan the sends of {}, then Send ({} says {} \
             {}). Planned: {}",
            self.ex.played + 1,
            self.ex.algorithm(),
            self.ex.bound_name(),
            count(self.ex.bound(), "round"),
            verb(self.ex.bound(), "remains", "remain"),
            if planned.is_empty() {
                "nothing yet".to_string()
            } else {
                planned.join(", ")
            }
        )
    }
    fn tally(&self) -> Tally {
        self.ex.tally()
    }
    fn picture(&mut self, ui: &mut Ui, _last: Option<&Grade>) {
        let id = ui.scope_id().with("redistribution exercise ring");
        let drawing = self.drawing(ui);
        let height = ui.available_height().max(160.0);
        ring(ui, id, &drawing, height);
        // A balanced ring has no round left to plan: its links carry no handles.
        if !self.ex.complete() {
            self.handles(ui, id);
        }
    }
    fn beside(&self, ui: &Ui, room: Vec2) -> Option<f32> {
        // On the stage the band goes beside the ring, as the charts do: the ring keeps the
        // room's height (legible from the back of a room).
        crate::ui::frame::on_stage(ui.ctx()).then(|| super::picture::ring_width(ui, room))
    }
    fn submit_caption(&self) -> Option<&'static str> {
        Some("Send")
    }
    fn submit_blocked(&self) -> Option<&'static str> {
        // A round of no send is never the algorithm's (the ring is not balanced yet): a
        // stray click on Send must not spend the round's first try.
        self.planned.is_empty().then_some(
            "Nothing planned yet: click the arrows on the links to plan the round's sends",
        )
    }
    fn submit(&mut self) -> Option<Grade> {
        let pairs = std::mem::take(&mut self.planned);
        Some(self.play(pairs))
    }
    fn take_clicked(&mut self) -> Option<Grade> {
        None
    }
    fn hint(&self) -> String {
        self.ex.hint()
    }
    fn show_me(&mut self) -> Option<Grade> {
        // Off the algorithm's path (a round sent an item early) its next round is not
        // playable: say so, play nothing, and point to Undo.
        let pairs = match self.ex.shown_round() {
            Ok(pairs) => pairs,
            Err(grade) => {
                // The log's Show me entry holds what was played: no send.
                self.moves.record(serde_json::json!([]));
                return Some(grade);
            }
        };
        self.ex.retrying = true;
        // The sends it played, in words: the ring then shows only their outcome.
        let sends = pairs
            .iter()
            .map(|(f, t)| format!("P{f} → P{t}"))
            .collect::<Vec<_>>()
            .join(", ");
        let mut g = self.play(pairs);
        g.why = format!(
            "{} — {}",
            if sends.is_empty() { "no send" } else { &sends },
            g.why
        );
        Some(g)
    }
    fn undo(&mut self) -> bool {
        let Some(s) = self.moves.undo() else {
            return false;
        };
        self.ex.undo(s);
        self.planned.clear();
        self.culprits.clear();
        self.refused.clear();
        true
    }
    fn last_move(&self) -> Option<serde_json::Value> {
        self.moves.last()
    }
    fn play_logged(&mut self, mv: &serde_json::Value) -> Option<Grade> {
        let round = logged_move(mv, crate::model::exercise::moves::parse_rounds)?;
        Some(self.play(round))
    }
    fn history(&mut self) -> (&mut Tries, &mut usize) {
        self.ex.history()
    }
    fn fresh(&mut self) {
        let inst = self.ex.instance().clone();
        if let Ok(t) = RingTurn::new(&inst) {
            *self = t;
        }
    }
}
