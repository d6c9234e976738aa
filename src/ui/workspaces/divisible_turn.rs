//! "Your turn" for the divisible-load model: set each level's load L_l (root outwards) with a
//! slider and "Set level"; the Gantt chart shows the student's schedule (levels not yet set
//! filled in the method's proportions, the value on the slider previewed live) row by row
//! above the method's own, the method's closed-form T_N as the red line, and the level whose
//! timing first wastes time in red.

use egui::{Color32, RichText, Ui};

use crate::model::divisible::{Activity, DivisibleParams, Timeline};
use crate::model::exercise::Grade;
use crate::model::exercise::divisible::{DivExercise, first_waste, sig};
use crate::ui::exercise::Exercise;
use crate::ui::widgets::form::labelled;
use crate::ui::widgets::gantt::{BarKind, GanttBar, GanttData, GanttView, bar_color, gantt};
use crate::ui::widgets::slider::{Span, slider};

/// The accessible name (and caption) of the load slider.
pub const LOAD_LABEL: &str = "L_l";

/// The divisible-load exercise as the shell drives it.
pub struct DivTurn {
    ex: DivExercise,
    history: Vec<DivExercise>,
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
            history: Vec::new(),
            pending: (usize::MAX, 0.0),
            retry: false,
            view: GanttView::default(),
        };
        t.sync_pending();
        Ok(t)
    }

    /// A fresh slider value when the level changed: an even split of what is left over the
    /// processors still without load (the leaves: all that is left).
    fn sync_pending(&mut self) {
        let l = self.ex.next_level();
        if self.pending.0 == l {
            return;
        }
        let (_, most) = self.ex.range();
        let rest: f64 = (l..self.ex.levels()).map(|j| self.ex.processors(j)).sum();
        let even = self.ex.remaining() / rest.max(1.0);
        // Four significant digits: the number beside the slider stays short.
        let even = sig(even).parse().unwrap_or(even).min(most);
        let value = if l + 1 >= self.ex.levels() {
            most
        } else {
            even
        };
        self.pending = (l, value);
    }

    fn play(&mut self, value: f64, first_try: bool) -> Option<Grade> {
        let before = self.ex.clone();
        let g = self.ex.play(value, first_try)?;
        if g.grade.legal {
            self.history.push(before);
            self.retry = false;
        } else {
            self.retry = true;
        }
        let mut grade = g.grade;
        if let Some(s) = self.ex.summary() {
            grade.why = format!("{}. {s}", grade.why);
        }
        self.sync_pending();
        Some(grade)
    }

    /// The student's schedule as it stands: the finished one, or the provisional one with
    /// the slider's value on the next level.
    fn schedule(&self) -> Option<Timeline> {
        if self.ex.complete() {
            return self.ex.result();
        }
        self.ex.schedule(&self.ex.provisional(Some(self.pending.1)))
    }

    /// The slider for the next level and what it means.
    fn input(&mut self, ui: &mut Ui) {
        if self.ex.complete() {
            return;
        }
        self.sync_pending();
        let l = self.ex.next_level();
        let (_, most) = self.ex.range();
        ui.horizontal_wrapped(|ui| {
            let caption = format!("L_{l} =");
            let hover = "The load one processor of this level computes (of the unit load); \
                         type it or drag; Set level grades it";
            labelled(ui, caption, hover, |ui| {
                ui.spacing_mut().slider_width = 150.0;
                slider(
                    ui,
                    LOAD_LABEL,
                    &mut self.pending.1,
                    &Span::linear(0.0..=most),
                )
            });
            let k = self.ex.processors(l);
            ui.label(
                RichText::new(format!(
                    "× {} = {} of the {} left (at most {} each)",
                    processors(k),
                    sig(k * self.pending.1),
                    sig(self.ex.remaining()),
                    sig(most)
                ))
                .weak(),
            );
        });
    }

    /// The set levels, ✓ where the closed form's.
    fn set_levels(&self, ui: &mut Ui, waste: Option<usize>) {
        let t = self.ex.instance();
        let mut text = format!(
            "{}'s rules, b = {}, h = {}, β = {}. Set: ",
            self.ex.method().name(),
            t.b,
            t.h,
            sig(t.beta)
        );
        if self.ex.loads.is_empty() {
            text.push_str("none yet");
        }
        if !self.ex.complete() {
            text.push_str(
                ". Rows \"you?\": levels not set yet, filled in the method's proportions",
            );
        }
        let parts: Vec<String> = (self.ex.loads.iter().enumerate())
            .map(|(l, x)| {
                let mark = if waste == Some(l) { " ✗" } else { "" };
                format!("L_{l} = {}{mark}", sig(*x))
            })
            .collect();
        text.push_str(&parts.join(", "));
        ui.label(RichText::new(text).small());
    }

    /// The Gantt chart: per level the student's row, then the method's (faded).
    fn chart(&mut self, ui: &mut Ui, mine: Option<&Timeline>, waste: Option<usize>) {
        let dark = ui.visuals().dark_mode;
        let red = ui.visuals().error_fg_color;
        let theirs = self.ex.method_timeline();
        let name = self.ex.method().name();
        let levels = self.ex.levels();
        let mut rows = Vec::with_capacity(2 * levels);
        for l in 0..levels {
            let you =
                if l < self.ex.loads.len() || (l == self.ex.loads.len() && !self.ex.complete()) {
                    "you"
                } else {
                    "you?"
                };
            rows.push(format!("{you} L{l}"));
            rows.push(format!("{name} L{l}"));
        }
        let mut bars = Vec::new();
        if let Some(t) = mine {
            bars.extend(bars_of(t, 0, |iv| {
                (waste == Some(iv.level) && iv.activity == Activity::Compute).then_some(red)
            }));
        }
        bars.extend(bars_of(theirs, 1, |iv| {
            Some(bar_color(kind(iv.activity), dark).gamma_multiply(0.4))
        }));
        let mut legend: Vec<(Color32, String)> =
            [BarKind::Receive, BarKind::Compute, BarKind::Send]
                .into_iter()
                .map(|k| (bar_color(k, dark), k.name().to_string()))
                .collect();
        legend.push((
            bar_color(BarKind::Compute, dark).gamma_multiply(0.4),
            format!("{name}'s"),
        ));
        legend.push((red, "first waste".into()));
        let data = GanttData {
            rows,
            bars,
            time_label: format!("time (T_cm = 1); red line: {name}'s closed form T_N"),
            legend,
            extent: None,
        };
        gantt(
            ui,
            "divisible_turn_gantt",
            &data,
            &mut self.view,
            Some(self.ex.closed_form()),
        );
    }
}

/// "1 processor", "8 processors".
fn processors(k: f64) -> String {
    if k == 1.0 {
        "1 processor".into()
    } else {
        format!("{} processors", sig(k))
    }
}

fn kind(a: Activity) -> BarKind {
    match a {
        Activity::Receive => BarKind::Receive,
        Activity::Send => BarKind::Send,
        Activity::Compute => BarKind::Compute,
    }
}

/// The bars of `t`, level l on row 2l + `offset`, coloured by `color` where it says.
fn bars_of(
    t: &Timeline,
    offset: usize,
    color: impl Fn(&crate::model::divisible::Interval) -> Option<Color32>,
) -> Vec<GanttBar> {
    t.intervals
        .iter()
        .filter(|iv| iv.end > iv.start)
        .map(|iv| GanttBar {
            row: 2 * iv.level + offset,
            start: iv.start,
            end: iv.end,
            kind: kind(iv.activity),
            tooltip: format!(
                "level {}: amount {} per processor",
                iv.level,
                sig(iv.amount)
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
            format!("{} of the unit load left", sig(self.ex.remaining()))
        };
        format!(
            "Level {l} of {} ({}): set L_{l}, the load each computes ({what}); \
             aim at {}'s T_N = {}.",
            self.ex.levels() - 1,
            processors(k),
            self.ex.method().name(),
            sig(self.ex.closed_form())
        )
    }
    fn score(&self) -> (usize, usize, bool) {
        (self.ex.score, self.ex.levels(), self.ex.complete())
    }
    fn picture(&mut self, ui: &mut Ui, _last: Option<&Grade>) {
        self.input(ui);
        let mine = self.schedule();
        // The first waste of the student's schedule, on a level already set (or being set).
        let waste = mine
            .as_ref()
            .and_then(first_waste)
            .map(|w| w.level)
            .filter(|&l| l <= self.ex.next_level().min(self.ex.levels() - 1));
        self.set_levels(ui, waste);
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
        self.ex.reason(self.ex.next_level())
    }
    fn show_me(&mut self) -> Option<Grade> {
        let s = self.ex.suggestion()?;
        self.play(s, false)
    }
    fn undo(&mut self) -> bool {
        let Some(before) = self.history.pop() else {
            return false;
        };
        self.ex = before;
        self.retry = false;
        self.pending.0 = usize::MAX;
        self.sync_pending();
        true
    }
    fn restart(&mut self) {
        self.history.clear();
        self.ex.score = 0;
        self.ex.loads.clear();
        self.retry = false;
        self.pending.0 = usize::MAX;
        self.sync_pending();
    }
}
