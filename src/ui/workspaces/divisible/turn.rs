//! "Your turn" for the divisible-load model: set each level's load L_l (root outwards) with a
//! slider and "Set level"; the Gantt chart shows the student's schedule (the value on the
//! slider previewed live) row by row above the method's own, the method's closed-form T_N
//! as the red line, and the level whose timing first wastes time in red.
//!
//! The answer stays off the screen until it is given. The method's rows are its closed-form
//! L_l, so a level's method row (and every method bar addressed to it) is drawn only once the
//! student has set that level, **whatever the Hide the future switch says**: nobody wants the
//! answer of the question being asked drawn beside it (a teacher who does uses Show me).
//! Levels not set yet are drawn as hatched "not set" rows; the student's levels are timed
//! with a provisional plan built from the student's own number only
//! ([`DivExercise::provisional_own`]), never the method's proportions (nor an even split of
//! what is left: that is ℙ's answer). With **Hide the future on** the closed-form T_N (the
//! red line, the prompt's target) waits as well until the root is set, because
//! L_0 = T_N/β under all three methods, and the verdicts leave out ℙ's and ℚ's x (the deeper
//! levels' answer); with the switch off T_N stays the target the li lesson hands the student
//! ("L_0 = T_N/β"). Once every level is set everything is shown: the comparison with the
//! method is the payoff.

use egui::{Color32, RichText, Ui};

use crate::model::divisible::{Activity, DivisibleParams, Interval, Timeline};
use crate::model::exercise::divisible::DivExercise;
use crate::model::exercise::{FirstTries, Grade, Tally, Tries};
use crate::model::format::{Precision, number};
use crate::ui::exercise::{Exercise, Moves};
use crate::ui::reveal::Reveal;
use crate::ui::widgets::form::labelled;
use crate::ui::widgets::gantt::{BarKind, GanttBar, GanttData, GanttView, bar_color, gantt};
use crate::ui::widgets::slider::{Span, slider};

/// The accessible name (and caption) of the load slider.
pub const LOAD_LABEL: &str = "L_l";

/// The divisible-load exercise as the shell drives it.
pub struct DivTurn {
    ex: DivExercise,
    /// The states before the moves (Undo) and the last move (the attempt's log).
    moves: Moves<DivExercise>,
    /// The value on the slider, for the level `pending.0`.
    pending: (usize, f64),
    /// The last attempt at this level was illegal (the next one is no first try).
    retry: bool,
    view: GanttView,
}

/// The parameters an exercise depends on (the sweeps' settings do not count).
pub fn key(params: &DivisibleParams) -> DivisibleParams {
    DivisibleParams {
        sweep_h_max: DivisibleParams::default().sweep_h_max,
        sweep_beta: DivisibleParams::default().sweep_beta,
        ..params.clone()
    }
}

impl DivTurn {
    /// The exercise on these parameters, or why there is none.
    pub fn new(params: &DivisibleParams) -> Result<DivTurn, String> {
        let ex = DivExercise::new(params).map_err(|e| e.0)?;
        let mut t = DivTurn {
            ex,
            moves: Moves::default(),
            pending: (usize::MAX, 0.0),
            retry: false,
            view: GanttView::default(),
        };
        t.sync_pending();
        Ok(t)
    }

    /// A fresh slider value when the level changed: half the most the level may take, to 4
    /// significant digits (not an even split of what is left: under P that is the answer).
    /// The leaves too: that they take all that is left is theirs to know (rule
    /// conservation) — the slider set there made the last level a free first try, and
    /// showed the rest to its last digit ("0.05751444655281468").
    fn sync_pending(&mut self) {
        let l = self.ex.next_level();
        if self.pending.0 == l {
            return;
        }
        let (_, most) = self.ex.range();
        let half = number(most / 2.0, Precision::Steps)
            .parse()
            .unwrap_or(most / 2.0)
            .min(most);
        self.pending = (l, half);
    }

    fn play(&mut self, value: f64, first_try: bool) -> Option<Grade> {
        self.moves.record(serde_json::json!(value));
        let before = self.ex.clone();
        let g = self.ex.play(value, first_try)?;
        if g.grade.legal {
            self.moves.played(before);
            self.retry = false;
        } else {
            self.retry = true;
        }
        self.sync_pending();
        Some(g.grade)
    }

    /// The student's schedule as it stands: the finished one, or the provisional one with
    /// the slider's value on the next level (and the levels below as if they took it too).
    fn schedule(&self) -> Option<Timeline> {
        if self.ex.complete() {
            return self.ex.result();
        }
        self.ex.schedule(&self.ex.provisional_own(self.pending.1))
    }

    /// The levels whose answer may be shown: those set (all when the exercise is done).
    fn answered(&self) -> usize {
        self.ex.loads.len().min(self.ex.levels())
    }

    /// Whether the closed-form T_N may be shown: always with Hide the future off (it is the
    /// target), else once the root is set (L_0 = T_N/β).
    fn target_shown(&self) -> bool {
        !self.ex.withhold || self.answered() > 0
    }

    /// The slider for the next level and what it means.
    fn input(&mut self, ui: &mut Ui) {
        if self.ex.complete() {
            return;
        }
        self.sync_pending();
        let l = self.ex.next_level();
        let (_, most) = self.ex.range();
        let replaying = crate::ui::frame::replaying(ui.ctx());
        if replaying {
            ui.label(
                RichText::new(format!(
                    "L_{l} is not set at this entry: the row below previews half the most, not \
                     the student's value"
                ))
                .weak(),
            );
        }
        let field = ui.horizontal_wrapped(|ui| {
            let caption = format!("L_{l} =");
            let hover = "The load one processor of this level computes (of the unit load); \
                         type it or drag; Set level grades it";
            let field = labelled(ui, caption, hover, |ui| {
                ui.spacing_mut().slider_width = 120.0;
                slider(
                    ui,
                    LOAD_LABEL,
                    &mut self.pending.1,
                    &Span::linear(0.0..=most),
                )
            });
            let k = self.ex.processors(l);
            let bound = format!("≤ {} each", number(most, Precision::Steps));
            // A replay knows the moves, not where the student's slider stood between them.
            let state = if replaying {
                String::new()
            } else {
                // The button's name stays whole when the row wraps ("Set" over "level").
                " — not set yet: Set\u{a0}level grades it".to_string()
            };
            ui.label(
                RichText::new(format!(
                    "× {} = {} ({bound}){state}",
                    processors(k),
                    number(k * self.pending.1, Precision::Steps),
                ))
                .weak(),
            );
            field
        });
        // A typed 2 is taken as the most the level may have: said under the row, as the
        // instance's sliders say it (it was clamped in silence).
        crate::ui::widgets::slider::field_notes(ui, &[field.inner]);
    }

    /// The Gantt chart: per level the student's row, then the method's (faded); levels not
    /// set yet are hatched, the method's rows and T_N wait for their answers (module doc).
    fn chart(&mut self, ui: &mut Ui, mine: Option<&Timeline>, waste: Option<usize>) {
        let dark = ui.visuals().dark_mode;
        let red = ui.visuals().error_fg_color;
        let theirs = self.ex.method_timeline();
        let name = self.ex.method().name();
        let levels = self.ex.levels();
        let answered = self.answered();
        // The student's rows: the levels set and the one on the slider.
        let drawn = (answered + 1).min(levels);
        let rows = row_labels(levels, answered, name);
        let mut bars = Vec::new();
        if let Some(t) = mine {
            let preview = if crate::ui::frame::replaying(ui.ctx()) {
                " (a preview, not the student's value)"
            } else {
                " (on the slider)"
            };
            let note = |l: usize| {
                if l >= answered {
                    preview.to_string()
                } else {
                    String::new()
                }
            };
            let own = t.intervals.iter().filter(|iv| iv.level < drawn);
            bars.extend(bars_of(own, 0, &note, |iv| {
                (waste == Some(iv.level) && iv.activity == Activity::Compute).then_some(red)
            }));
        }
        let theirs_note = |_: usize| format!(" ({name}'s schedule)");
        let shown = (theirs.intervals.iter()).filter(|iv| iv.level.max(iv.dest) < answered);
        bars.extend(bars_of(shown, 1, &theirs_note, |iv| {
            Some(bar_color(kind(iv.activity), dark).gamma_multiply(0.4))
        }));
        let end = bars.iter().map(|b| b.end).fold(0.0, f64::max);
        let end = if end > 0.0 { end } else { 1.0 };
        let hatch = bar_color(BarKind::Idle, dark);
        for l in answered..levels {
            for (offset, what) in [(0, "not set yet"), (1, "shown once you set it")] {
                if offset == 0 && l < drawn {
                    continue;
                }
                bars.push(GanttBar {
                    row: 2 * l + offset,
                    start: 0.0,
                    end,
                    kind: BarKind::Idle,
                    tooltip: format!("level {l}: {what}"),
                    color: Some(hatch),
                    line: None,
                });
            }
        }
        let mut legend: Vec<(Color32, String)> =
            [BarKind::Receive, BarKind::Compute, BarKind::Send]
                .into_iter()
                .map(|k| (bar_color(k, dark), k.name().to_string()))
                .collect();
        if answered > 0 {
            legend.push((
                bar_color(BarKind::Compute, dark).gamma_multiply(0.4),
                format!("{name}'s schedule"),
            ));
        }
        if answered < levels {
            legend.push((hatch, "not set".into()));
        }
        legend.push((red, "first waste".into()));
        let target = self.target_shown();
        let time_label = if target {
            format!("time (T_cm = 1) · red line: {name}'s closed-form T_N")
        } else {
            format!("time (T_cm = 1) · {name}'s T_N: once you set L_0")
        };
        let data = GanttData {
            rows,
            bars,
            time_label,
            legend,
            extent: None,
            ..Default::default()
        };
        let line = target.then(|| self.ex.closed_form());
        gantt(ui, "divisible_turn_gantt", &data, &mut self.view, line);
    }
}

/// The chart's rows, two a level: the student's, then the method's ("?" until the student
/// has set that level). The student's rows read alike whether set or not (the hatched bar
/// and the legend say "not set"): "L2 not set" was the widest label, and the chart's left
/// edge moved under the pointer as the levels were set.
fn row_labels(levels: usize, answered: usize, name: &str) -> Vec<String> {
    (0..levels)
        .flat_map(|l| {
            let theirs = if l < answered {
                format!("{name} L{l}")
            } else {
                format!("{name} L{l} ?")
            };
            [format!("you L{l}"), theirs]
        })
        .collect()
}

/// "1 processor", "8 processors".
pub(super) fn processors(k: f64) -> String {
    if k == 1.0 {
        "1 processor".into()
    } else {
        format!("{} processors", number(k, Precision::Steps))
    }
}

fn kind(a: Activity) -> BarKind {
    match a {
        Activity::Receive => BarKind::Receive,
        Activity::Send => BarKind::Send,
        Activity::Compute => BarKind::Compute,
    }
}

/// The bars of `intervals`, level l on row 2l + `offset`, coloured by `color` where it says.
fn bars_of<'a>(
    intervals: impl Iterator<Item = &'a Interval>,
    offset: usize,
    note: &dyn Fn(usize) -> String,
    color: impl Fn(&Interval) -> Option<Color32>,
) -> Vec<GanttBar> {
    intervals
        .filter(|iv| iv.end > iv.start)
        .map(|iv| GanttBar {
            row: 2 * iv.level + offset,
            start: iv.start,
            end: iv.end,
            kind: kind(iv.activity),
            tooltip: format!(
                "level {}: amount {} per processor{}",
                iv.level,
                number(iv.amount, Precision::Steps),
                note(iv.level)
            ),
            color: color(iv),
            line: None,
        })
        .collect()
}

impl Exercise for DivTurn {
    fn prompt(&self) -> String {
        if self.ex.complete() {
            return format!("Done: {}", self.ex.summary().unwrap_or_default());
        }
        let l = self.ex.next_level();
        let k = self.ex.processors(l);
        let last = l + 1 == self.ex.levels();
        let what = if last {
            "the leaves take what is left".to_string()
        } else {
            format!(
                "{} of the unit load left",
                number(self.ex.remaining(), Precision::Steps)
            )
        };
        let aim = if self.target_shown() {
            format!(
                "aim at {}'s T_N = {}",
                self.ex.method().name(),
                number(self.ex.closed_form(), Precision::Steps)
            )
        } else {
            "aim at every level finishing together".to_string()
        };
        format!(
            "Level {l} of {} ({}): set L_{l}, the load each computes ({what}); {aim}.",
            self.ex.levels() - 1,
            processors(k),
        )
    }
    fn tally(&self) -> Tally {
        self.ex.tally()
    }
    fn picture(&mut self, ui: &mut Ui, _last: Option<&Grade>) {
        // The switch as the shell publishes it this frame (the prompt, drawn before, reads
        // it next frame: repaint when it flipped).
        let hide = Reveal::of(ui.ctx()).hide;
        if self.ex.withhold != hide {
            self.ex.withhold = hide;
            ui.ctx().request_repaint();
        }
        self.input(ui);
        let mine = self.schedule();
        // The first waste among the levels set only: the level on the slider is a preview.
        let waste = self.ex.waste_so_far(self.pending.1).map(|w| w.level);
        self.chart(ui, mine.as_ref(), waste);
    }
    fn submit_caption(&self) -> Option<&'static str> {
        Some("Set level")
    }
    fn submit(&mut self) -> Option<Grade> {
        let value = self.pending.1;
        let first = !self.retry;
        self.play(value, first)
    }
    fn take_clicked(&mut self) -> Option<Grade> {
        None
    }
    fn hint(&self) -> String {
        if self.ex.complete() {
            return "every level is set".into();
        }
        self.ex.hint(self.ex.next_level())
    }
    fn show_me(&mut self) -> Option<Grade> {
        let (s, note) = self.ex.shown()?;
        let mut g = self.play(s, false)?;
        DivExercise::noted(&mut g, note);
        Some(g)
    }
    fn undo(&mut self) -> bool {
        let Some(before) = self.moves.undo() else {
            return false;
        };
        // The board goes back; the tries spent and the score stay.
        crate::model::exercise::FirstTries::undo_to(&mut self.ex, before);
        self.retry = false;
        self.pending.0 = usize::MAX;
        self.sync_pending();
        true
    }
    fn last_move(&self) -> Option<serde_json::Value> {
        self.moves.last()
    }
    fn play_logged(&mut self, mv: &serde_json::Value) -> Option<Grade> {
        let first = !self.retry;
        self.play(mv.as_f64()?, first)
    }
    fn history(&mut self) -> (&mut Tries, &mut usize) {
        self.ex.history()
    }
    fn fresh(&mut self) {
        self.moves = Moves::default();
        self.ex.score = 0;
        self.ex.tries = Default::default();
        self.ex.loads.clear();
        self.retry = false;
        self.pending.0 = usize::MAX;
        self.sync_pending();
    }
}

#[cfg(test)]
mod tests {
    use super::row_labels;

    #[test]
    fn the_students_rows_read_alike_set_or_not() {
        let start = row_labels(4, 0, "C");
        assert_eq!(start[..4], ["you L0", "C L0 ?", "you L1", "C L1 ?"]);
        for answered in 1..=4 {
            let now = row_labels(4, answered, "C");
            let mine = |rows: &[String]| rows.iter().step_by(2).cloned().collect::<Vec<_>>();
            assert_eq!(mine(&now), mine(&start), "{answered} levels set");
            // The method's row loses its "?" once its level is set, and only then.
            assert_eq!(now[2 * answered - 1], format!("C L{}", answered - 1));
        }
    }
}
