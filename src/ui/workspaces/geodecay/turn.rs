//! "Your turn" for the geometric-decaying model: before each round, Balance or Go on; each
//! decision is graded against the optimal policy (the time it loses), the standard and
//! improved policies' choices and the totals shown.

use egui::{RichText, Ui};

use crate::model::exercise::geodecay::GeoExercise;
use crate::model::exercise::{FirstTries, Grade, Tally, Tries};
use crate::model::format::{Precision, number};
use crate::model::geodecay::GeoParams;
use crate::ui::exercise::{Exercise, Moves};

/// The geodecay exercise as the shell drives it.
pub struct GeoTurn {
    ex: GeoExercise,
    /// The states before the moves (Undo) and the last move (the attempt's log).
    moves: Moves<GeoExercise>,
    clicked: Option<Grade>,
    /// The decisions graded (for the strip of past rounds): (balanced, optimal).
    marks: Vec<(bool, bool)>,
}

impl GeoTurn {
    /// The exercise on these parameters, or why there is none.
    pub fn new(params: &GeoParams) -> Result<GeoTurn, String> {
        Ok(GeoTurn {
            ex: GeoExercise::new(params).map_err(|e| e.0)?,
            moves: Moves::default(),
            clicked: None,
            marks: Vec::new(),
        })
    }

    fn decide(&mut self, balance: bool, first_try: bool) -> Option<Grade> {
        self.moves.record(serde_json::json!(balance));
        let before = self.ex.clone();
        let g = self.ex.play(balance, first_try)?;
        self.moves.played(before);
        self.marks.push((balance, g.grade.optimal));
        let others = format!(
            " (standard: {}, improved: {})",
            if g.standard { "balance" } else { "go on" },
            if g.improved { "balance" } else { "go on" }
        );
        let mut grade = g.grade;
        grade.why.push_str(&others);
        Some(grade)
    }
}

impl GeoTurn {
    /// The rounds played as bars (log height) over a cost axis, balancings ticked, costly
    /// decisions red; a bar's cost on hover.
    fn bars(&self, ui: &mut Ui) {
        let costs = &self.ex.costs;
        let rounds = self.ex.rounds().max(1);
        let h = (ui.available_height() - 24.0).clamp(60.0, 260.0);
        let (whole, response) = ui.allocate_exact_size(
            egui::vec2(ui.available_width().max(0.0), h),
            egui::Sense::hover(),
        );
        let top = costs.iter().copied().max().unwrap_or(1) as f64;
        let scale = (top + 1.0).log2().max(1.0);
        let text = ui.visuals().text_color();
        let font = egui::FontId::proportional(10.0);
        // The cost axis: powers of two, at most five, each where a bar of that cost ends.
        let axis = 40.0_f32.min(whole.width() * 0.2);
        let rect = whole.with_min_x(whole.left() + axis);
        let height = |c: f64| rect.bottom() - 14.0 - ((c + 1.0).log2() / scale) as f32 * (h - 30.0);
        let painter = ui.painter();
        // Down from the largest power of two a bar reaches, so that the top is named.
        let step = (scale / 4.0).ceil().max(1.0) as usize;
        let most = (top.max(1.0).log2().floor() as usize).min(63);
        for k in (0..=most).rev().step_by(step) {
            let v = 2f64.powi(k as i32);
            let y = height(v);
            let label = if v < 1e4 {
                format!("{v}")
            } else {
                format!("2^{k}")
            };
            painter.text(
                egui::pos2(rect.left() - 4.0, y),
                egui::Align2::RIGHT_CENTER,
                label,
                font.clone(),
                text,
            );
            painter.hline(
                rect.x_range(),
                y,
                egui::Stroke::new(0.5, ui.visuals().weak_text_color()),
            );
        }
        let w = rect.width() / rounds as f32;
        for (r, &c) in costs.iter().enumerate() {
            let x = rect.left() + w * r as f32;
            let bar = egui::Rect::from_min_max(
                egui::pos2(x + 1.0, height(c as f64)),
                egui::pos2(x + w - 1.0, rect.bottom() - 14.0),
            );
            let bad = r > 0 && self.marks.get(r - 1).is_some_and(|m| !m.1);
            let fill = if bad {
                ui.visuals().error_fg_color
            } else {
                crate::ui::widgets::palette::series(0)
            };
            painter.rect_filled(bar, 1.0, fill);
            let balanced = self.ex.plan.get(r).copied().unwrap_or(false);
            if balanced {
                let y = bar.top() - 4.0;
                painter.hline(x + 1.0..=x + w - 1.0, y, egui::Stroke::new(2.0, text));
            }
            if w >= 14.0 || r % 5 == 0 {
                let at = egui::pos2(x + w * 0.5, rect.bottom() - 6.0);
                painter.text(at, egui::Align2::CENTER_CENTER, r, font.clone(), text);
            }
            let column = bar.with_min_y(rect.top()).with_max_y(rect.bottom());
            if response
                .hover_pos()
                .is_some_and(|p| column.x_range().contains(p.x))
            {
                let before = if balanced { ", balanced before it" } else { "" };
                response
                    .clone()
                    .on_hover_text(format!("Round {r}: cost {c}{before}"));
            }
        }
    }
}

impl Exercise for GeoTurn {
    fn prompt(&self) -> String {
        if self.ex.complete() {
            let [s, i, o] = self.ex.policies;
            return format!(
                "Done: your time {} — standard {}, improved {}, optimal {}.",
                number(self.ex.time, Precision::Exact),
                number(s.1, Precision::Exact),
                number(i.1, Precision::Exact),
                number(o.1, Precision::Exact)
            );
        }
        format!(
            "Before round {} of {}: load-balance (cost ℓ = {}) or go on? Time so far {}.",
            self.ex.next_round(),
            self.ex.rounds() - 1,
            number(self.ex.params().ell, Precision::Exact),
            number(self.ex.time, Precision::Exact)
        )
    }
    fn tally(&self) -> Tally {
        self.ex.tally()
    }
    fn board(&self) -> String {
        let rounds = self.ex.costs.iter().enumerate().map(|(r, c)| {
            let balanced = self.ex.plan.get(r).copied().unwrap_or(false);
            let costly = r > 0 && self.marks.get(r - 1).is_some_and(|m| !m.1);
            format!(
                "round {r}: cost {c}{}{}",
                if balanced { ", balanced before" } else { "" },
                if costly { ", a costly decision" } else { "" }
            )
        });
        let rounds = crate::ui::widgets::describe::list(rounds);
        if rounds.is_empty() {
            "Each round's cost as a bar: no round run yet.".into()
        } else {
            format!("Each round's cost as a bar: {rounds}.")
        }
    }
    fn picture(&mut self, ui: &mut Ui, _last: Option<&Grade>) {
        // A printed board has no buttons (the prompt asks the question).
        let live = !crate::ui::frame::exporting(ui.ctx());
        if live {
            ui.horizontal(|ui| {
                let open = !self.ex.complete();
                if ui
                    .add_enabled(open, egui::Button::new("Balance"))
                    .on_hover_text("Load-balance before this round (costs ℓ)")
                    .clicked()
                {
                    self.clicked = self.decide(true, true);
                }
                if ui
                    .add_enabled(open, egui::Button::new("Go on"))
                    .on_hover_text("Run this round without balancing")
                    .clicked()
                {
                    self.clicked = self.decide(false, true);
                }
            });
        }
        ui.add_space(4.0);
        ui.label(
            RichText::new(
                "Each round's cost (its fullest processor, log scale); a tick above a bar: \
                 balanced before it; red: a decision that loses time",
            )
            .weak(),
        );
        self.bars(ui);
    }
    fn take_clicked(&mut self) -> Option<Grade> {
        self.clicked.take()
    }
    fn hint(&self) -> String {
        self.ex.hint()
    }
    fn show_me(&mut self) -> Option<Grade> {
        let g = self.ex.grade(true, false)?;
        let balance = g.time_if_balance <= g.time_if_not;
        self.decide(balance, false)
    }
    fn undo(&mut self) -> bool {
        let Some(before) = self.moves.undo() else {
            return false;
        };
        // The board goes back; the tries spent and the score stay.
        crate::model::exercise::FirstTries::undo_to(&mut self.ex, before);
        self.marks.pop();
        true
    }
    fn last_move(&self) -> Option<serde_json::Value> {
        self.moves.last()
    }
    fn play_logged(&mut self, mv: &serde_json::Value) -> Option<Grade> {
        self.decide(mv.as_bool()?, true)
    }
    fn history(&mut self) -> (&mut Tries, &mut usize) {
        self.ex.history()
    }
    fn fresh(&mut self) {
        let params = self.ex.params().clone();
        if let Ok(t) = GeoTurn::new(&params) {
            *self = t;
        }
    }
}
