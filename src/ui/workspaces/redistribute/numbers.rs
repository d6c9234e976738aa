//! The numbers: the report's figures (makespan, best lower bound, its gap, the checker's
//! verdict, the LP's solution), its bounds table and the paper's claims checked on this
//! instance.

use super::*;
use crate::model::registry::ModelId;
use crate::report::Cell;
use crate::report::format::cell;
use crate::report::secrecy::future_hides;
use crate::ui::frame::Says;
use crate::ui::reveal::Reveal;
use crate::ui::widgets::numbers::figures;
use crate::ui::widgets::pending;
use crate::ui::widgets::result_table::result_table_of;

/// Column of the bounds table holding the bound's value.
const VALUE_COLUMN: usize = 1;
/// Column of the bounds table holding the gap to the makespan (hidden with the future).
const GAP_COLUMN: usize = 3;
/// Narrowest room (points) in which the figures and the bounds go side by side.
const TWO_COLUMNS: f32 = 900.0;
/// Columns of the bounds table the numbers region shows (the paper's notes are tooltips).
const BOUND_COLUMNS: usize = 4;

impl RedistPanel {
    pub(super) fn numbers_ui(&mut self, ui: &mut Ui, params: &RedistParams) {
        super::whose_ring(ui, self.view.plot, "These numbers describe the run on");
        let key = (params.instance.clone(), params.algorithm);
        if let Some(e) = self.checked.of(&key) {
            error_label(ui, format!("⚠ Not run: {}", e.message));
            return;
        }
        let ev = match self.outcome(params) {
            None => {
                pending(ui, self.evaluated.failure(), "running…");
                return;
            }
            Some(Err(e)) => {
                error_label(ui, format!("⚠ {e}"));
                return;
            }
            Some(Ok(ev)) => ev.clone(),
        };
        // Hide the future: the makespan and what follows from it wait for the last step.
        let reveal = Reveal::of(ui.ctx());
        let hiding = reveal.hiding();
        let r = ev.report();
        ui.label(RichText::new(ev.run.title()).weak());
        let left = |ui: &mut Ui| {
            verdict(ui, r);
            let future = future_hides(ModelId::Redistribute);
            figures(ui, "rd_result", &ev.run.figures(), |k| hiding && future(k));
        };
        // The claims are checked on the finished schedule (its makespan, its rounds, the
        // roundings' τ): their verdicts and details wait with the future, and for a question
        // on the makespan or the rounds.
        let asked = crate::ui::frame::secret(ui.ctx()).is_some_and(|s| {
            use crate::report::keys::redistribute as k;
            s.hides_field(k::MAKESPAN) || s.hides_field(k::ROUNDS)
        });
        let right = |ui: &mut Ui| {
            bounds_table(ui, &ev.run.bounds_table(), reveal);
            for c in &r.checks {
                if hiding || asked {
                    // (The wait's words begin with their own dash.)
                    let line = if hiding {
                        format!("{} {}", c.claim, reveal.until())
                    } else {
                        format!("{} — {}", c.claim, crate::ui::frame::HIDDEN)
                    };
                    let t = crate::ui::frame::masked(ui.ctx(), &line);
                    ui.add(egui::Label::new(RichText::new(t).weak()).wrap());
                    continue;
                }
                let t = crate::ui::frame::masked(ui.ctx(), &c.line());
                let text = if c.holds {
                    RichText::new(t)
                } else {
                    RichText::new(t).color(ui.visuals().error_fg_color)
                };
                ui.add(egui::Label::new(text).wrap());
            }
        };
        // Side by side in a wide strip; one under the other in a narrow room (the stage's
        // drawer), where two columns would draw over each other.
        if ui.available_width() >= TWO_COLUMNS {
            ui.columns(2, |cols| {
                left(&mut cols[0]);
                right(&mut cols[1]);
            });
        } else {
            left(ui);
            ui.separator();
            right(ui);
        }
    }
}

/// The checker's verdict: "✓ valid", or its first violations.
fn verdict(ui: &mut Ui, r: &RunReport) {
    if r.verification.valid {
        ui.label("✓ valid");
        return;
    }
    for v in r.verification.violations.iter().take(4) {
        error_label(ui, format!("✗ {v}"));
    }
}

/// The report's bounds table (its first columns, the notes as tooltips of the names). An open
/// question hides a bound's value and its gap by their keys (`bounds.<name>.value`, `.gap`),
/// never by digits: another bound that merely equals the asked one stays (Theorem 2's 4 beside
/// Lemma 1's asked 4 read "?" at a desk, where the numbers panel may be open before Reveal).
fn bounds_table(ui: &mut Ui, table: &Table, reveal: Reveal) {
    use crate::report::keys::redistribute::{BOUNDS_GAP, BOUNDS_VALUE};
    let header: Vec<&str> = table
        .header
        .iter()
        .take(BOUND_COLUMNS)
        .map(String::as_str)
        .collect();
    let secret = crate::ui::frame::secret(ui.ctx());
    let rows: Vec<Vec<String>> = table
        .rows
        .iter()
        .map(|row| {
            let name = row
                .first()
                .map(|c| cell(c, Precision::Table))
                .unwrap_or_default();
            let hides = |key: &str| {
                let key = key.replace('*', &name);
                secret.as_ref().is_some_and(|s| s.hides_field(&key))
            };
            let text = |(k, c): (usize, &Cell)| {
                let asked = match k {
                    VALUE_COLUMN => hides(BOUNDS_VALUE),
                    GAP_COLUMN => hides(BOUNDS_GAP),
                    _ => false,
                };
                if asked && *c != Cell::Empty {
                    crate::ui::frame::HIDDEN.to_string()
                } else if k == GAP_COLUMN && reveal.hiding() {
                    reveal.until().to_string()
                } else {
                    cell(c, Precision::Table)
                }
            };
            row.iter()
                .take(BOUND_COLUMNS)
                .enumerate()
                .map(text)
                .collect()
        })
        .collect();
    // (Names, the values and gaps masked above by their keys, whether each applies.)
    let says = [Says::Names; BOUND_COLUMNS];
    result_table_of(ui, "rd_bounds", &header, &rows, &says, "bound");
}
