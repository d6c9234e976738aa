//! "Your turn" for the geometric-decaying model: before each round, Balance or Go on; each
//! decision is graded against the optimal policy (the time it loses), the standard and
//! improved policies' choices and the totals shown.

use egui::{RichText, Ui};

use crate::model::exercise::Grade;
use crate::model::exercise::geodecay::GeoExercise;
use crate::model::geodecay::GeoParams;
use crate::model::num::compact;
use crate::ui::exercise::Exercise;

/// The geodecay exercise as the shell drives it.
pub struct GeoTurn {
    ex: GeoExercise,
    history: Vec<GeoExercise>,
    clicked: Option<Grade>,
    /// The decisions graded (for the strip of past rounds): (balanced, optimal).
    marks: Vec<(bool, bool)>,
}

impl GeoTurn {
    /// The exercise on these parameters, or why there is none.
    pub fn new(params: &GeoParams) -> Result<GeoTurn, String> {
        Ok(GeoTurn {
            ex: GeoExercise::new(params).map_err(|e| e.0)?,
            history: Vec::new(),
            clicked: None,
            marks: Vec::new(),
        })
    }

    fn decide(&mut self, balance: bool, first_try: bool) -> Option<Grade> {
        let before = self.ex.clone();
        let g = self.ex.play(balance, first_try)?;
        self.history.push(before);
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

impl Exercise for GeoTurn {
    fn prompt(&self) -> String {
        if self.ex.complete() {
            let [s, i, o] = self.ex.policies;
            return format!(
                "Done: your time {} — standard {}, improved {}, optimal {}.",
                compact(self.ex.time),
                compact(s.1),
                compact(i.1),
                compact(o.1)
            );
        }
        format!(
            "Before round {} of {}: load-balance (cost ℓ = {}) or go on? Time so far {}.",
            self.ex.next_round(),
            self.ex.rounds() - 1,
            compact(self.ex.params().ell),
            compact(self.ex.time)
        )
    }
    fn score(&self) -> (usize, usize, bool) {
        (self.ex.score, self.ex.decisions(), self.ex.complete())
    }
    fn picture(&mut self, ui: &mut Ui, _last: Option<&Grade>) {
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
        ui.add_space(4.0);
        ui.label(RichText::new("Your rounds (B: balanced before; red: not optimal):").weak());
        ui.horizontal_wrapped(|ui| {
            for (r, &(b, ok)) in self.marks.iter().enumerate() {
                let t = format!("{}{}", r + 1, if b { "B" } else { "" });
                let c = if ok {
                    ui.visuals().text_color()
                } else {
                    ui.visuals().error_fg_color
                };
                ui.label(RichText::new(t).color(c).monospace());
            }
        });
    }
    fn submit_caption(&self) -> Option<&'static str> {
        None
    }
    fn submit(&mut self) -> Option<Grade> {
        None
    }
    fn take_clicked(&mut self) -> Option<Grade> {
        self.clicked.take()
    }
    fn hint(&self) -> String {
        match self.ex.grade(true, true) {
            Some(g) => g.grade.why,
            None => "every decision is made".into(),
        }
    }
    fn show_me(&mut self) -> Option<Grade> {
        let g = self.ex.grade(true, false)?;
        let balance = g.time_if_balance <= g.time_if_not;
        self.decide(balance, false)
    }
    fn undo(&mut self) -> bool {
        let Some(before) = self.history.pop() else {
            return false;
        };
        self.ex = before;
        self.marks.pop();
        true
    }
    fn restart(&mut self) {
        let params = self.ex.params().clone();
        if let Ok(t) = GeoTurn::new(&params) {
            *self = t;
        }
    }
}
