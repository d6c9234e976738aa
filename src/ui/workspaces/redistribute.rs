//! Workspace of the ring redistribution model (Renard, Robert & Vivien): the instance editor
//! (ring settings, a virtualised vector table, an editable ring drawing, generators and
//! vector operations), the run stepped round by round (Algorithm 3 shows δ_max, the maximal
//! slices and processors and the pseudo-code step behind every send), the numbers (makespan,
//! every lower bound, the checker's verdict, the paper's claims on this instance) and the
//! random-instance plots, including Section 8's iterative study.

use std::sync::Arc;

use egui::{Color32, RichText, Ui};
use egui_plot::{AxisHints, Bar, BarChart, Legend, Line, Plot};
use serde::{Deserialize, Serialize};

use crate::jobs::{JobHandle, Keyed};
use crate::model::redistribute::bounds;
use crate::model::redistribute::editing::{
    EditError, delta_from_targets, fix_sum, format_vector, parse_cost_vector, parse_int_vector,
    proportional_targets, random_instance,
};
use crate::model::redistribute::homogeneous::{
    Alg3Round, Alg3Variant, STEP_FEED, alg3_round, maximal_slices,
};
use crate::model::redistribute::instance::{
    Costs, Direction, Field, InstanceError, RingInstance, minimal_loads,
};
use crate::model::redistribute::iterative::{HeavyPolicy, IterativeResult, run_iterative};
use crate::model::redistribute::params::{Algorithm, RedistParams, Study, SweepVar};
use crate::model::redistribute::run::{RunReport, run};
use crate::model::redistribute::schedule::{Block, Schedule};
use crate::model::redistribute::sweep::{
    LpRatio, RoundsPoint, SweepPoint, lp_ratios, makespan_sweep, rounds_vs_lemma6,
};
use crate::ui::widgets::compare_plot::{ComparePlot, PlotView, Series, SeriesStyle, compare_plot};
use crate::ui::widgets::format_value as fmt;
use crate::ui::widgets::gantt::{BarKind, GanttBar, GanttData, GanttView, bar_color, gantt};
use crate::ui::widgets::result_table::result_table;
use crate::ui::widgets::ring::{RingArc, RingArrow, RingDrawing, RingEvent, RingNode, ring};
use crate::ui::widgets::step_bar::{StepState, step_bar};
use crate::ui::widgets::vector_table::{Column, TableSpec, TableState, vector_table};
use crate::ui::widgets::waiting;
use crate::ui::widgets::{error_row, format_sig};
use crate::ui::workspace::{Regions, Workspace};

/// Above this much work (n × Σ|δ|) a run goes to a background job.
const SYNC_WORK: i64 = 300_000;
/// Lemma 12's slices cost about this many times less than a simulated item (pruned loop).
const LEMMA12_SLICES_PER_ITEM: i64 = 8;
/// Above this many processors the δ profile is drawn as lines instead of bars.
const BAR_LIMIT: usize = 300;
/// Largest number of rows of the Gantt chart.
const GANTT_ROWS: usize = 64;
/// Largest number of blocks drawn in the Gantt chart.
const GANTT_BLOCKS: usize = 20_000;
/// Largest ring of the LP-ratio and rounds studies.
const STUDY_N: usize = 200;

/// What the lower half of the picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Lower {
    /// δ before and after the step, as bars.
    #[default]
    Bars,
    /// Transfers per processor over time.
    Gantt,
    /// The sends of the step with their pseudo-code steps.
    Sends,
}

/// View state (persisted).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct RedistView {
    /// Step bar over rounds (or event times).
    pub step: StepState,
    /// Lower picture.
    pub lower: Lower,
    /// Gantt zoom.
    pub gantt: GanttView,
    /// Plot axes.
    pub plot_view: PlotView,
}

impl Default for RedistView {
    fn default() -> Self {
        RedistView {
            step: StepState::default(),
            lower: Lower::Bars,
            gantt: GanttView::default(),
            plot_view: PlotView::default(),
        }
    }
}

struct Evaluated {
    instance: RingInstance,
    algorithm: Algorithm,
    outcome: Result<Arc<RunReport>, String>,
    /// Event times of a timed schedule (empty for rounds).
    times: Arc<Vec<f64>>,
}

/// One transfer shown at the current step.
struct Moving {
    from: usize,
    to: usize,
    step: u8,
    items: u64,
    start: f64,
    end: f64,
}

/// Everything shown about the current step, computed once per step.
struct Cursor {
    key: (usize, usize),
    before: Vec<i64>,
    after: Vec<i64>,
    moving: Vec<Moving>,
    round: Option<Alg3Round>,
    slices: Vec<(usize, usize, i64)>,
}

impl Cursor {
    fn at(key: (usize, usize), inst: &RingInstance, report: &RunReport, times: &[f64]) -> Self {
        let pos = key.1;
        let before = delta_at(inst, &report.schedule, times, pos);
        let (moving, after) = match &report.schedule {
            Schedule::Rounds { rounds, c } => {
                let sends = rounds.get(pos).map(Vec::as_slice).unwrap_or_default();
                let mut after = before.clone();
                for x in sends {
                    after[x.from as usize] -= 1;
                    after[x.to as usize] += 1;
                }
                let moving = sends
                    .iter()
                    .map(|x| Moving {
                        from: x.from as usize,
                        to: x.to as usize,
                        step: x.step,
                        items: 1,
                        start: pos as f64 * c,
                        end: (pos + 1) as f64 * c,
                    })
                    .collect();
                (moving, after)
            }
            Schedule::Timed(blocks) => {
                let t = times.get(pos).copied().unwrap_or(0.0);
                let moving = blocks
                    .iter()
                    .filter(|b| b.start <= t + 1e-9 && t + 1e-9 < b.end())
                    .map(|b| Moving {
                        from: b.from,
                        to: b.to,
                        step: 0,
                        items: b.items,
                        start: b.start,
                        end: b.end(),
                    })
                    .collect();
                (moving, delta_at(inst, &report.schedule, times, pos + 1))
            }
        };
        let variant = match report.algorithm {
            Algorithm::Alg3 => Some(Alg3Variant::Corrected),
            Algorithm::Alg3Literal => Some(Alg3Variant::Literal),
            _ => None,
        };
        let round = match (variant, report.rounds) {
            (Some(v), Some(r)) if r > 0 => alg3_round(&before, v),
            _ => None,
        };
        let slices = match &round {
            Some(r) if inst.n() <= crate::ui::widgets::ring::MAX_NODES => {
                maximal_slices(&before, r.delta_max)
            }
            _ => Vec::new(),
        };
        Cursor {
            key,
            before,
            after,
            moving,
            round,
            slices,
        }
    }
}

/// Text fields of the generators and vector operations.
#[derive(Default)]
struct Texts {
    delta: String,
    targets: String,
    speeds: String,
    message: Option<(bool, String)>,
}

/// The cost being edited after a click on a link.
struct LinkEdit {
    index: usize,
    cw: f64,
    ccw: f64,
}

type SweepKey = (
    crate::model::redistribute::params::SweepSpec,
    Direction,
    bool,
    Algorithm,
);
type StudyKey = (usize, i64, usize, u64);

/// The workspace.
pub struct RedistPanel {
    /// Persisted view state.
    pub view: RedistView,
    table: TableState,
    cell_errors: Vec<(Field, usize, String)>,
    texts: Texts,
    link_edit: Option<LinkEdit>,
    /// The run of (instance, algorithm): computed on the spot when small, else in the
    /// background.
    evaluated: Keyed<(RingInstance, Algorithm), Evaluated>,
    /// Errors of the instance in front (validated once per frame).
    errors: Vec<InstanceError>,
    cursor: Option<Cursor>,
    sweep: Keyed<SweepKey, Vec<SweepPoint>>,
    ratios: Keyed<StudyKey, Vec<LpRatio>>,
    rounds: Keyed<StudyKey, Vec<RoundsPoint>>,
    iterative: Keyed<crate::model::redistribute::iterative::IterativeParams, IterativeResult>,
}

fn sign_color(d: i64, max: i64, dark: bool) -> Color32 {
    if d == 0 {
        return if dark {
            Color32::from_gray(90)
        } else {
            Color32::from_gray(225)
        };
    }
    let t = (d.unsigned_abs() as f32 / max.max(1) as f32).clamp(0.15, 1.0);
    let (base, full) = if d > 0 {
        (
            Color32::from_rgb(255, 236, 210),
            Color32::from_rgb(225, 120, 30),
        )
    } else {
        (
            Color32::from_rgb(214, 230, 250),
            Color32::from_rgb(40, 110, 200),
        )
    };
    let lerp = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t) as u8;
    Color32::from_rgb(
        lerp(base.r(), full.r()),
        lerp(base.g(), full.g()),
        lerp(base.b(), full.b()),
    )
}

/// Colour of a send by the group of pseudo-code steps that caused it.
fn step_color(step: u8) -> Color32 {
    match step {
        5 | 6 | 12 | 14 => Color32::from_rgb(210, 60, 40),
        8 | 9 | 16 | 18 => Color32::from_rgb(30, 120, 200),
        21 | 24 => Color32::from_rgb(130, 60, 180),
        28 | 30 => Color32::from_rgb(20, 150, 90),
        STEP_FEED => Color32::from_rgb(190, 150, 0),
        _ => Color32::from_rgb(90, 90, 90),
    }
}

fn step_meaning(step: u8) -> &'static str {
    match step {
        5 | 6 => "extremity of a positive maximal slice",
        8 | 9 => "into a negative maximal slice",
        12 => "δ_max = 2: slice with δ ≥ 3 sends right",
        14 => "δ_max = 2: slice with δ = 4 sends left",
        16 => "δ_max = 2: slice with δ ≤ −3 receives from the left",
        18 => "δ_max = 2: slice with δ = −4 receives from the right",
        21 => "maximal processor δ_i = δ_max sends right",
        24 => "maximal processor δ_i = −δ_max receives from the left",
        28 | 30 => "δ_max = 1: a balanced processor forwards",
        STEP_FEED => {
            "feeding (corrected variant): a sender with δ ≤ 0 is fed by its other neighbour"
        }
        _ => "",
    }
}

/// Event times of a timed schedule (block starts and ends), sorted and unique.
fn event_times(blocks: &[Block]) -> Vec<f64> {
    let mut t: Vec<f64> = blocks
        .iter()
        .flat_map(|b| [b.start, b.end()])
        .chain(std::iter::once(0.0))
        .collect();
    t.sort_by(f64::total_cmp);
    t.dedup_by(|a, b| (*a - *b).abs() <= 1e-9 * a.abs().max(1.0));
    t
}

/// Number of positions of the step bar.
fn step_count(s: &Schedule, times: &[f64]) -> usize {
    match s {
        Schedule::Rounds { rounds, .. } => rounds.len().max(1),
        Schedule::Timed(_) => times.len().max(1),
    }
}

/// δ before position `pos` (round pos + 1, or time t_pos).
fn delta_at(inst: &RingInstance, s: &Schedule, times: &[f64], pos: usize) -> Vec<i64> {
    let mut d = inst.delta.clone();
    match s {
        Schedule::Rounds { rounds, .. } => {
            for x in rounds.iter().take(pos).flatten() {
                d[x.from as usize] -= 1;
                d[x.to as usize] += 1;
            }
        }
        Schedule::Timed(blocks) => {
            let t = times.get(pos).copied().unwrap_or(0.0);
            for b in blocks {
                let done = (((t - b.start) / b.unit) + 1e-9)
                    .floor()
                    .clamp(0.0, b.items as f64) as i64;
                d[b.from] -= done;
                d[b.to] += done;
            }
        }
    }
    d
}

impl Workspace for RedistPanel {
    type Params = RedistParams;
    type View = RedistView;
    const TITLE: &'static str = "Redistribution\non rings";
    const HOVER: &'static str = "Renard, Robert & Vivien: optimal data redistribution on uni/bidirectional, homogeneous/heterogeneous rings (Algorithms 1–3, System 6)";
    const HELP: &'static str = crate::ui::help::REDISTRIBUTE;

    fn new(view: RedistView) -> Self {
        RedistPanel {
            view,
            table: TableState::default(),
            cell_errors: Vec::new(),
            texts: Texts::default(),
            link_edit: None,
            evaluated: Keyed::default(),
            errors: Vec::new(),
            cursor: None,
            sweep: Keyed::default(),
            ratios: Keyed::default(),
            rounds: Keyed::default(),
            iterative: Keyed::default(),
        }
    }
    fn view(&self) -> &RedistView {
        &self.view
    }
    fn view_mut(&mut self) -> &mut RedistView {
        &mut self.view
    }
    fn stepper(&mut self) -> &mut StepState {
        &mut self.view.step
    }
    fn steps(&self, params: &RedistParams) -> usize {
        self.current(params)
            .and_then(|e| {
                e.outcome
                    .as_ref()
                    .ok()
                    .map(|r| step_count(&r.schedule, &e.times))
            })
            .unwrap_or(1)
    }
    fn jobs(&mut self) -> Vec<&mut dyn JobHandle> {
        vec![
            &mut self.evaluated,
            &mut self.sweep,
            &mut self.ratios,
            &mut self.rounds,
            &mut self.iterative,
        ]
    }
    fn regions(&self) -> Regions {
        Regions {
            controls: (372.0, 300.0),
            plots: (430.0, 380.0),
            numbers: (210.0, 140.0),
            ..Regions::default()
        }
    }

    fn prepare(&mut self, ctx: &egui::Context, params: &RedistParams) {
        let n = params.instance.n();
        self.cell_errors.retain(|(_, i, _)| *i < n);
        self.errors = params.instance.validate().err().unwrap_or_default();
        let valid = self.errors.is_empty();
        self.request(ctx, params, valid);
    }
    fn controls(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        let errors = std::mem::take(&mut self.errors);
        self.controls_ui(ui, params, &errors);
        self.errors = errors;
    }
    fn picture(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        let errors = std::mem::take(&mut self.errors);
        self.picture_ui(ui, params, &errors);
        self.errors = errors;
    }
    fn plots(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        self.plots_ui(ui, params);
    }
    fn numbers(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        let errors = std::mem::take(&mut self.errors);
        self.numbers_ui(ui, params, &errors);
        self.errors = errors;
    }
}

impl RedistPanel {
    fn current(&self, params: &RedistParams) -> Option<&Evaluated> {
        self.evaluated
            .latest()
            .filter(|e| e.instance == params.instance && e.algorithm == params.algorithm)
    }

    /// Runs the algorithm when the instance changed (synchronously when small).
    fn request(&mut self, ctx: &egui::Context, params: &RedistParams, valid: bool) {
        if !valid || self.current(params).is_some() {
            return;
        }
        let key = (params.instance.clone(), params.algorithm);
        // The simulations move about n · Σ|δ| items; on a bidirectional ring every run also
        // evaluates Lemma 12 over the O(n²) slices. Either one large keeps the UI thread free.
        let n = params.instance.n() as i64;
        let items = n * params
            .instance
            .delta
            .iter()
            .map(|d| d.abs())
            .sum::<i64>()
            .max(1);
        let slices = if params.instance.direction == Direction::Bi {
            n * n / LEMMA12_SLICES_PER_ITEM
        } else {
            0
        };
        let work = items + slices;
        let instance = params.instance.clone();
        let algorithm = params.algorithm;
        let evaluate = move |instance: RingInstance| {
            let outcome = match instance.validate() {
                Ok(v) => run(&instance, v, algorithm)
                    .map(Arc::new)
                    .map_err(|e| e.to_string()),
                Err(e) => Err(e[0].message.clone()),
            };
            let times = match &outcome {
                Ok(r) => match &r.schedule {
                    Schedule::Timed(b) => event_times(b),
                    Schedule::Rounds { .. } => Vec::new(),
                },
                Err(_) => Vec::new(),
            };
            Evaluated {
                instance,
                algorithm,
                outcome,
                times: Arc::new(times),
            }
        };
        if work <= SYNC_WORK {
            self.evaluated.set(key, evaluate(instance));
        } else {
            let c = ctx.clone();
            self.evaluated.request(
                key,
                "Running the redistribution",
                move || c.request_repaint(),
                move |_p| Ok(evaluate(instance)),
            );
        }
    }

    fn controls_ui(&mut self, ui: &mut Ui, params: &mut RedistParams, errors: &[InstanceError]) {
        ui.heading("Ring");
        let inst = &mut params.instance;
        let scalar_error = |ui: &mut Ui, field: Field| {
            if let Some(e) = errors
                .iter()
                .find(|e| e.field == field && e.index.is_none())
            {
                error_row(ui, &e.message);
            }
        };
        egui::Grid::new("rd_ring").num_columns(2).spacing([8.0, 6.0]).show(ui, |ui| {
            let l = ui.label("n").on_hover_text("Number of processors P_1 … P_n (2 to 10 000).");
            let mut n = inst.n();
            if ui
                .add(egui::DragValue::new(&mut n).range(2..=crate::model::redistribute::instance::N_MAX).speed(0.2))
                .labelled_by(l.id)
                .changed()
            {
                inst.resize(n);
                self.table.reset();
            }
            ui.end_row();
            scalar_error(ui, Field::N);
            let l = ui.label("Direction").on_hover_text(
                "uni: P_i only sends to P_{i+1} (Sections 3–4) · bi: to either neighbour, one at a time (Sections 5–6)",
            );
            ui.horizontal(|ui| {
                ui.radio_value(&mut inst.direction, Direction::Uni, "uni")
                    .labelled_by(l.id);
                ui.radio_value(&mut inst.direction, Direction::Bi, "bi");
            });
            ui.end_row();
            let l = ui.label("Links").on_hover_text(
                "homogeneous: one cost c for every link · heterogeneous: a cost per link and direction (table columns c→ and c←)",
            );
            let mut hetero = matches!(inst.costs, Costs::Heterogeneous { .. });
            ui.horizontal(|ui| {
                if ui.radio_value(&mut hetero, false, "homogeneous").labelled_by(l.id).changed() {
                    inst.make_homogeneous();
                }
                if ui.radio_value(&mut hetero, true, "heterogeneous").changed() {
                    inst.make_heterogeneous();
                }
            });
            ui.end_row();
            if let Costs::Homogeneous(c) = &mut inst.costs {
                let l = ui.label("c").on_hover_text("Time to send one item over any link.");
                ui.add(egui::DragValue::new(c).speed(0.05).max_decimals(4))
                    .labelled_by(l.id);
                ui.end_row();
                scalar_error(ui, Field::C);
            }
            let l = ui.label("Algorithm").on_hover_text(
                "Auto picks the paper's algorithm for the ring type. “Algorithm 3 as printed” follows the pseudo-code literally; the corrected one is the default (see Help).",
            );
            egui::ComboBox::from_id_salt("rd_algorithm")
                .selected_text(params.algorithm.label())
                .width(210.0)
                .show_ui(ui, |ui| {
                    for a in Algorithm::ALL {
                        ui.selectable_value(&mut params.algorithm, a, a.label());
                    }
                })
                .response
                .labelled_by(l.id);
            ui.end_row();
        });

        ui.separator();
        self.operations(ui, params);
        ui.separator();
        self.vectors(ui, params, errors);
        ui.separator();
        self.generators(ui, params);
    }

    fn operations(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        let inst = &mut params.instance;
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Make Σδ = 0")
                .on_hover_text("Lower the largest δ's (Σδ > 0) or raise the smallest (Σδ < 0) until Σδ = 0; the changes are listed below")
                .clicked()
            {
                let fix = fix_sum(&mut inst.delta);
                let listed: Vec<String> = fix
                    .changes
                    .iter()
                    .take(12)
                    .map(|(i, a, b)| format!("δ_{} {a} → {b}", i + 1))
                    .collect();
                let more = fix.changes.len().saturating_sub(12);
                for (i, _, b) in &fix.changes {
                    if let Some(l) = inst.loads.get_mut(*i) {
                        *l = (*l).max(1 + b).max(1);
                    }
                }
                self.texts.message = Some((
                    false,
                    if fix.changes.is_empty() {
                        "Σδ was already 0".into()
                    } else {
                        format!(
                            "Σδ was {}: {}{}",
                            fix.old_sum,
                            listed.join(", "),
                            if more > 0 { format!(" and {more} more") } else { String::new() }
                        )
                    },
                ));
                self.table.reset();
            }
            if ui.button("Rotate").on_hover_text("P_k becomes P_{k+1} (every vector moves one place)").clicked() {
                inst.rotate(1);
                self.table.reset();
            }
            if ui.button("Negate").on_hover_text("δ → −δ: senders become receivers (loads raised where needed)").clicked() {
                inst.negate();
                self.table.reset();
            }
            if ui.button("Minimal loads").on_hover_text("L_k = max(1, 1 + δ_k), the smallest loads Section 2 allows").clicked() {
                inst.loads = minimal_loads(&inst.delta);
                self.table.reset();
            }
            if ui.button("Copy δ").on_hover_text("Copy δ as comma-separated text").clicked() {
                ui.ctx().copy_text(format_vector(&inst.delta));
                self.texts.message = Some((false, "δ copied".into()));
            }
        });
    }

    fn vectors(&mut self, ui: &mut Ui, params: &mut RedistParams, errors: &[InstanceError]) {
        let inst = &mut params.instance;
        let hetero = matches!(inst.costs, Costs::Heterogeneous { .. });
        let bi = inst.direction == Direction::Bi;
        ui.horizontal(|ui| {
            ui.strong("Vectors");
            let sum: i64 = inst.delta.iter().sum();
            let text = RichText::new(format!("Σδ = {sum}"));
            ui.label(if sum == 0 {
                text
            } else {
                text.color(ui.visuals().error_fg_color)
            });
        });
        for e in errors
            .iter()
            .filter(|e| e.field == Field::Delta && e.index.is_none())
        {
            ui.label(RichText::new(format!("⚠ {}", e.message)).color(ui.visuals().error_fg_color));
        }
        for e in errors.iter().filter(|e| {
            matches!(e.field, Field::Loads | Field::Cw | Field::Ccw) && e.index.is_none()
        }) {
            ui.label(RichText::new(format!("⚠ {}", e.message)).color(ui.visuals().error_fg_color));
        }
        let mut columns = vec![
            Column {
                header: "L_k",
                name: "L",
                editable: true,
                width: 64.0,
            },
            Column {
                header: "δ_k",
                name: "δ",
                editable: true,
                width: 64.0,
            },
        ];
        if hetero {
            columns.push(Column {
                header: "c→ (k,k+1)",
                name: "c_cw",
                editable: true,
                width: 76.0,
            });
            if bi {
                columns.push(Column {
                    header: "c← (k,k−1)",
                    name: "c_ccw",
                    editable: true,
                    width: 76.0,
                });
            }
        }
        let field_of = |c: usize| match c {
            0 => Field::Loads,
            1 => Field::Delta,
            2 => Field::Cw,
            _ => Field::Ccw,
        };
        let snapshot: &RingInstance = inst;
        let value = |c: usize, r: usize| -> String {
            match field_of(c) {
                Field::Loads => snapshot
                    .loads
                    .get(r)
                    .map_or(String::new(), |v| v.to_string()),
                Field::Delta => snapshot
                    .delta
                    .get(r)
                    .map_or(String::new(), |v| v.to_string()),
                Field::Cw => fmt(snapshot.cw(r)),
                _ => fmt(snapshot.ccw(r)),
            }
        };
        let cell_errors = &self.cell_errors;
        let error = |c: usize, r: usize| -> Option<String> {
            let f = field_of(c);
            cell_errors
                .iter()
                .find(|(ef, i, _)| *ef == f && *i == r)
                .map(|(_, _, m)| m.clone())
                .or_else(|| {
                    errors
                        .iter()
                        .find(|e| e.field == f && e.index == Some(r))
                        .map(|e| e.message.clone())
                })
        };
        let edit = vector_table(
            ui,
            "rd_table",
            &mut self.table,
            &TableSpec {
                columns: &columns,
                rows: snapshot.n(),
                value: &value,
                error: &error,
                height: 260.0,
            },
        );
        if let Some(edit) = edit {
            let f = field_of(edit.column);
            self.cell_errors
                .retain(|(ef, i, _)| !(*ef == f && *i == edit.row));
            let text = edit.text.trim().replace('−', "-");
            let bad = |m: String| (f, edit.row, m);
            match f {
                Field::Loads | Field::Delta => match text.parse::<i64>() {
                    Ok(v) => {
                        if f == Field::Loads {
                            inst.loads[edit.row] = v;
                        } else {
                            inst.delta[edit.row] = v;
                        }
                    }
                    Err(_) => self.cell_errors.push(bad(if text.is_empty() {
                        "empty entry: type an integer".into()
                    } else if text.parse::<f64>().is_ok() {
                        format!("“{text}”: items are atomic, use an integer")
                    } else {
                        format!("“{text}” is not an integer")
                    })),
                },
                _ => match text.parse::<f64>() {
                    Ok(v) if v.is_finite() && v > 0.0 => {
                        if let Costs::Heterogeneous { cw, ccw } = &mut inst.costs {
                            if f == Field::Cw {
                                cw[edit.row] = v;
                            } else {
                                ccw[edit.row] = v;
                            }
                        }
                    }
                    _ => self
                        .cell_errors
                        .push(bad(format!("“{text}”: a cost must be a finite number > 0"))),
                },
            }
        }
        // Problems listed under the table (the cells are outlined too).
        let listed: Vec<String> = self
            .cell_errors
            .iter()
            .map(|(f, i, m)| format!("{}_{}: {m}", f.name(), i + 1))
            .chain(
                errors
                    .iter()
                    .filter(|e| e.index.is_some())
                    .map(|e| e.message.clone()),
            )
            .take(4)
            .collect();
        for m in listed {
            ui.label(RichText::new(format!("⚠ {m}")).color(ui.visuals().error_fg_color));
        }
    }

    fn generators(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        egui::CollapsingHeader::new("Random instance")
            .default_open(true)
            .show(ui, |ui| {
                let spec = &mut params.random;
                egui::Grid::new("rd_random").num_columns(2).spacing([8.0, 4.0]).show(ui, |ui| {
                    let l = ui.label("seed");
                    ui.add(egui::DragValue::new(&mut spec.seed)).labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("n (random)");
                    ui.add(egui::DragValue::new(&mut spec.n).range(2..=crate::model::redistribute::instance::N_MAX))
                        .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("max |δ|");
                    ui.add(egui::DragValue::new(&mut spec.max_delta).range(1..=100_000))
                        .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("links");
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut spec.heterogeneous, false, "homog.").labelled_by(l.id);
                        ui.radio_value(&mut spec.heterogeneous, true, "heterog.");
                    });
                    ui.end_row();
                    let l = ui.label("direction");
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut spec.direction, Direction::Uni, "uni").labelled_by(l.id);
                        ui.radio_value(&mut spec.direction, Direction::Bi, "bi");
                    });
                    ui.end_row();
                    let l = ui.label("loads").on_hover_text("heavy: the minimal loads (processors must forward items they receive) · light: enough items that every processor could send from its own stock");
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut spec.heavy, true, "heavy").labelled_by(l.id);
                        ui.radio_value(&mut spec.heavy, false, "light");
                    });
                    ui.end_row();
                });
                if ui.button("New random instance").clicked() {
                    match spec.validate() {
                        Ok(()) => {
                            params.instance = random_instance(spec);
                            self.cell_errors.clear();
                            self.table.reset();
                            self.texts.message = Some((false, format!("Random ring, seed {}", spec.seed)));
                        }
                        Err(e) => self.texts.message = Some((true, e.to_string())),
                    }
                }
            });
        egui::CollapsingHeader::new("δ as text, targets, speeds")
            .default_open(false)
            .show(ui, |ui| {
                let inst = &mut params.instance;
                ui.label("δ (comma- or space-separated):");
                ui.add(egui::TextEdit::multiline(&mut self.texts.delta).desired_rows(2).desired_width(f32::INFINITY))
                    .accessible_name("δ as text");
                ui.horizontal(|ui| {
                    if ui.button("Use as δ").on_hover_text("Replace δ (and n) by the typed vector; loads raised to the minimum where needed").clicked() {
                        match parse_int_vector(&self.texts.delta) {
                            Ok(d) => {
                                let n = d.len();
                                inst.resize(n.max(2));
                                inst.delta = d;
                                inst.resize(n);
                                for (l, d) in inst.loads.iter_mut().zip(&inst.delta) {
                                    *l = (*l).max(1 + d).max(1);
                                }
                                self.cell_errors.clear();
                                self.table.reset();
                                self.texts.message = Some((false, format!("δ set ({n} processors)")));
                            }
                            Err(e) => self.texts.message = Some((true, format!("δ: {e}"))),
                        }
                    }
                    if ui.button("Show current δ").clicked() {
                        self.texts.delta = format_vector(&inst.delta);
                    }
                });
                ui.label("Target loads (δ = L − target):");
                ui.add(egui::TextEdit::singleline(&mut self.texts.targets).desired_width(f32::INFINITY))
                    .accessible_name("target loads");
                if ui.button("Derive δ from targets").clicked() {
                    match parse_int_vector(&self.texts.targets)
                        .and_then(|t| delta_from_targets(&inst.loads, &t))
                    {
                        Ok(d) => {
                            inst.delta = d;
                            self.table.reset();
                            self.texts.message = Some((false, "δ = L − target".into()));
                        }
                        Err(e) => self.texts.message = Some((true, format!("targets: {e}"))),
                    }
                }
                ui.label("Relative speeds (targets ∝ speed, Σ kept):");
                ui.add(egui::TextEdit::singleline(&mut self.texts.speeds).desired_width(f32::INFINITY))
                    .accessible_name("relative speeds");
                if ui.button("Derive δ from speeds").on_hover_text("Targets proportional to the speeds by largest remainder (every processor keeps ≥ 1 item, Σ target = Σ L), then δ = L − target").clicked() {
                    let total: i64 = inst.loads.iter().sum();
                    match parse_cost_vector(&self.texts.speeds).and_then(|w| {
                        if w.len() != inst.n() {
                            Err(EditError::SpeedCount { speeds: w.len(), n: inst.n() })
                        } else {
                            proportional_targets(&w, total)
                        }
                    }).and_then(|t| delta_from_targets(&inst.loads, &t))
                    {
                        Ok(d) => {
                            inst.delta = d;
                            self.table.reset();
                            self.texts.message = Some((false, "δ derived from the speeds".into()));
                        }
                        Err(e) => self.texts.message = Some((true, format!("speeds: {e}"))),
                    }
                }
            });
        if let Some((err, m)) = &self.texts.message {
            let t = RichText::new(if *err { format!("⚠ {m}") } else { m.clone() });
            ui.label(if *err {
                t.color(ui.visuals().error_fg_color)
            } else {
                t.weak()
            });
        }
    }

    fn picture_ui(&mut self, ui: &mut Ui, params: &mut RedistParams, errors: &[InstanceError]) {
        ui.horizontal(|ui| {
            ui.heading("Redistribution");
            for (v, name) in [
                (Lower::Bars, "δ bars"),
                (Lower::Gantt, "Gantt"),
                (Lower::Sends, "sends"),
            ] {
                ui.selectable_value(&mut self.view.lower, v, name);
            }
        });
        if let Some(e) = errors.first() {
            ui.label(
                RichText::new(format!("Nothing runs on this instance: {}", e.message))
                    .color(ui.visuals().error_fg_color),
            );
            self.ring_only(ui, params);
            return;
        }
        let Some(ev) = self.current(params) else {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("running…");
            });
            return;
        };
        let (report, times) = match &ev.outcome {
            Ok(r) => (r.clone(), ev.times.clone()),
            Err(e) => {
                ui.label(
                    RichText::new(format!("Cannot run: {e}")).color(ui.visuals().error_fg_color),
                );
                self.ring_only(ui, params);
                return;
            }
        };
        let n_steps = step_count(&report.schedule, &times);
        self.view.step.clamp(n_steps);
        let timed = matches!(report.schedule, Schedule::Timed(_));
        let label_times = times.clone();
        let total_rounds = report.rounds;
        let label = move |k: usize| match (timed, total_rounds) {
            (true, _) => format!("t = {}", fmt(label_times.get(k).copied().unwrap_or(0.0))),
            (false, Some(r)) if r > 0 => format!("round {} of {r}", k + 1),
            _ => "balanced already".to_string(),
        };
        step_bar(ui, &mut self.view.step, n_steps, &label);
        let pos = self.view.step.step;
        let key = (self.evaluated.version() as usize, pos);
        if self.cursor.as_ref().map(|c| c.key) != Some(key) {
            self.cursor = Some(Cursor::at(key, &params.instance, &report, &times));
        }
        let Some(cursor) = self.cursor.take() else {
            return;
        };
        let before = cursor.before.clone();
        let after = cursor.after.clone();
        let round_info = cursor.round.clone();
        let slices = cursor.slices.clone();
        let arrows = &cursor.moving;
        let inst = &params.instance;
        // One line on the step.
        let dmax_now = match inst.direction {
            Direction::Bi => bounds::lemma6_rounds(&before),
            Direction::Uni => bounds::lemma1(&before),
        };
        let summary = match (&round_info, total_rounds) {
            (Some(r), Some(total)) => format!(
                "Round {} of {total}: δ_max = {}{} · {} sends · {} maximal processor(s)",
                pos + 1,
                r.delta_max,
                if r.delta_max == 2 {
                    " (special rules, Steps 10–18)"
                } else {
                    ""
                },
                arrows.len(),
                r.maximal_processors.len()
            ),
            (None, Some(total)) if total > 0 => format!(
                "Round {} of {total}: remaining bound {} · {} sends",
                pos + 1,
                dmax_now,
                arrows.len()
            ),
            (None, Some(_)) => "Nothing to redistribute: δ = 0".into(),
            _ => format!(
                "{} transfer(s) in progress · remaining Σ|δ|/2 = {}",
                arrows.len(),
                before.iter().map(|d| d.abs()).sum::<i64>() / 2
            ),
        };
        ui.label(RichText::new(summary).strong());
        let dark = ui.visuals().dark_mode;
        // Ring drawing.
        let maxabs = inst.delta.iter().map(|d| d.abs()).max().unwrap_or(1);
        let maximal: Vec<usize> = round_info
            .as_ref()
            .map(|r| r.maximal_processors.clone())
            .unwrap_or_default();
        let arrows_drawn: Vec<RingArrow> = arrows
            .iter()
            .map(|m| RingArrow {
                from: m.from,
                to: m.to,
                color: step_color(m.step),
                label: if m.step > 0 {
                    format!("{}", m.step)
                } else {
                    String::new()
                },
            })
            .collect();
        let arcs = slices
            .iter()
            .map(|&(a, b, sum)| RingArc {
                start: a,
                end: b,
                color: if sum > 0 {
                    Color32::from_rgba_unmultiplied(225, 120, 30, 170)
                } else {
                    Color32::from_rgba_unmultiplied(40, 110, 200, 170)
                },
                tooltip: format!("C_{{{},{}}}: δ = {sum}", a + 1, b + 1),
            })
            .collect();
        let height = (ui.available_height() * 0.58).max(220.0);
        let drawing = self.drawing(inst, &before, maxabs, &maximal, arrows_drawn, arcs, dark);
        let events = ring(ui, "rd_ring", &drawing, height);
        if round_info.is_some() && params.instance.n() <= crate::ui::widgets::ring::MAX_NODES {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("Arrows (label = pseudo-code step):").weak());
                for (step, what) in [
                    (5, "out of a positive maximal slice"),
                    (8, "into a negative maximal slice"),
                    (21, "maximal processor"),
                    (28, "forwarding"),
                    (STEP_FEED, "feeding (corrected)"),
                ] {
                    ui.label(RichText::new(format!("■ {what}")).color(step_color(step)));
                }
            });
        }
        self.apply_ring_events(ui, params, events);
        let inst = &params.instance;
        ui.separator();
        match self.view.lower {
            Lower::Bars => delta_bars(ui, &before, &after),
            Lower::Gantt => self.gantt(ui, inst, &report, timed.then_some(times.as_slice()), pos),
            Lower::Sends => {
                sends_list(ui, arrows, &before, &after, &slices, total_rounds.is_some())
            }
        }
        self.cursor = Some(cursor);
    }

    /// The ring (editable) without a run, when the instance is invalid.
    fn ring_only(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        let inst = &params.instance;
        let maxabs = inst.delta.iter().map(|d| d.abs()).max().unwrap_or(1);
        let drawing = self.drawing(
            inst,
            &inst.delta,
            maxabs,
            &[],
            Vec::new(),
            Vec::new(),
            ui.visuals().dark_mode,
        );
        let h = (ui.available_height() * 0.8).max(220.0);
        let events = ring(ui, "rd_ring", &drawing, h);
        self.apply_ring_events(ui, params, events);
    }

    #[allow(clippy::too_many_arguments)]
    fn drawing(
        &self,
        inst: &RingInstance,
        delta: &[i64],
        maxabs: i64,
        maximal: &[usize],
        arrows: Vec<RingArrow>,
        arcs: Vec<RingArc>,
        dark: bool,
    ) -> RingDrawing {
        let n = inst.n();
        let drawn = if n > crate::ui::widgets::ring::MAX_NODES {
            0
        } else {
            n
        };
        let hetero = !inst.is_homogeneous() || matches!(inst.costs, Costs::Heterogeneous { .. });
        let bi = inst.direction == Direction::Bi;
        RingDrawing {
            too_large: if n > crate::ui::widgets::ring::MAX_NODES {
                n
            } else {
                0
            },
            nodes: (0..drawn)
                .map(|i| RingNode {
                    name: format!("P{}", i + 1),
                    detail: format!("{}", delta.get(i).copied().unwrap_or(0)),
                    outer: format!("L={}", inst.loads.get(i).copied().unwrap_or(0)),
                    fill: sign_color(delta.get(i).copied().unwrap_or(0), maxabs, dark),
                    emphasis: maximal.contains(&i),
                    tooltip: format!(
                        "P{}: L = {}, δ now = {}, initial δ = {}{}",
                        i + 1,
                        inst.loads.get(i).copied().unwrap_or(0),
                        delta.get(i).copied().unwrap_or(0),
                        inst.delta.get(i).copied().unwrap_or(0),
                        if maximal.contains(&i) {
                            " — maximal processor"
                        } else {
                            ""
                        }
                    ),
                })
                .collect(),
            link_labels: (0..drawn)
                .map(|i| {
                    let j = (i + 1) % n;
                    match (hetero, bi) {
                        (false, _) | (true, false) => fmt(inst.cw(i)),
                        (true, true) => format!("{}→ {}←", fmt(inst.cw(i)), fmt(inst.ccw(j))),
                    }
                })
                .collect(),
            link_tooltips: (0..drawn)
                .map(|i| {
                    let j = (i + 1) % n;
                    if bi {
                        format!(
                            "c({a},{b}) = {}, c({b},{a}) = {}",
                            fmt(inst.cw(i)),
                            fmt(inst.ccw(j)),
                            a = i + 1,
                            b = j + 1
                        )
                    } else {
                        format!("c({},{}) = {}", i + 1, j + 1, fmt(inst.cw(i)))
                    }
                })
                .collect(),
            arrows,
            arcs,
            editable: true,
        }
    }

    fn apply_ring_events(
        &mut self,
        ui: &mut Ui,
        params: &mut RedistParams,
        events: Vec<RingEvent>,
    ) {
        let inst = &mut params.instance;
        for e in events {
            match e {
                RingEvent::Drag { index, units } => {
                    if let Some(d) = inst.delta.get_mut(index) {
                        *d += units;
                        let d = *d;
                        if let Some(l) = inst.loads.get_mut(index) {
                            *l = (*l).max(1 + d).max(1);
                        }
                        self.table.reset();
                    }
                }
                RingEvent::Link { index } => {
                    let n = inst.n();
                    self.link_edit = Some(LinkEdit {
                        index,
                        cw: inst.cw(index),
                        ccw: inst.ccw((index + 1) % n),
                    });
                }
            }
        }
        let mut close = false;
        if let Some(edit) = &mut self.link_edit {
            let n = inst.n();
            let (a, b) = (edit.index, (edit.index + 1) % n);
            let bi = inst.direction == Direction::Bi;
            let mut open = true;
            egui::Window::new("Link cost")
                .collapsible(false)
                .resizable(false)
                .open(&mut open)
                .show(ui.ctx(), |ui| {
                    ui.label(
                        RichText::new(
                            "Time to send one item over the link. Applying makes the ring's \
                             costs per link (heterogeneous).",
                        )
                        .weak(),
                    );
                    egui::Grid::new("rd_link_edit")
                        .num_columns(2)
                        .show(ui, |ui| {
                            let l = ui.label(format!("c({},{})", a + 1, b + 1));
                            ui.add(
                                egui::DragValue::new(&mut edit.cw)
                                    .speed(0.05)
                                    .range(1e-6..=1e9),
                            )
                            .labelled_by(l.id);
                            ui.end_row();
                            if bi {
                                let l = ui.label(format!("c({},{})", b + 1, a + 1));
                                ui.add(
                                    egui::DragValue::new(&mut edit.ccw)
                                        .speed(0.05)
                                        .range(1e-6..=1e9),
                                )
                                .labelled_by(l.id);
                                ui.end_row();
                            }
                        });
                    ui.horizontal(|ui| {
                        if ui.button("Apply").clicked() {
                            inst.make_heterogeneous();
                            if let Costs::Heterogeneous { cw, ccw } = &mut inst.costs {
                                cw[a] = edit.cw;
                                if bi {
                                    ccw[b] = edit.ccw;
                                }
                            }
                            close = true;
                        }
                        if ui.button("Close").clicked() {
                            close = true;
                        }
                    });
                });
            if !open {
                close = true;
            }
        }
        if close {
            self.link_edit = None;
            self.table.reset();
        }
    }

    fn gantt(
        &mut self,
        ui: &mut Ui,
        inst: &RingInstance,
        r: &RunReport,
        times: Option<&[f64]>,
        pos: usize,
    ) {
        let n = inst.n();
        if n > GANTT_ROWS {
            ui.label(
                RichText::new(format!(
                    "The Gantt chart shows rings of at most {GANTT_ROWS} processors (n = {n})."
                ))
                .weak(),
            );
            return;
        }
        let blocks = r.schedule.blocks();
        if blocks.len() > GANTT_BLOCKS {
            ui.label(
                RichText::new(format!("{} transfers: too many to draw.", blocks.len())).weak(),
            );
            return;
        }
        let mut bars = Vec::with_capacity(2 * blocks.len());
        for b in &blocks {
            let what = format!("P{} → P{}: {} item(s)", b.from + 1, b.to + 1, b.items);
            bars.push(GanttBar {
                row: b.from,
                start: b.start,
                end: b.end(),
                kind: BarKind::Send,
                tooltip: format!("sends {what}"),
                color: None,
            });
            bars.push(GanttBar {
                row: b.to,
                start: b.start,
                end: b.end(),
                kind: BarKind::Receive,
                tooltip: format!("receives {what}"),
                color: None,
            });
        }
        let cursor = match (&r.schedule, times) {
            (Schedule::Rounds { c, .. }, _) => (pos as f64 + 0.5) * c,
            (_, Some(t)) => t.get(pos).copied().unwrap_or(0.0),
            _ => 0.0,
        };
        let data = GanttData {
            rows: (0..n).map(|i| format!("P{}", i + 1)).collect(),
            bars,
            time_label: "time".into(),
            legend: vec![
                (
                    bar_color(BarKind::Send, ui.visuals().dark_mode),
                    "send".into(),
                ),
                (
                    bar_color(BarKind::Receive, ui.visuals().dark_mode),
                    "receive".into(),
                ),
            ],
            extent: Some((0.0, r.makespan.max(1e-9))),
        };
        if let Some(t) = gantt(ui, "rd_gantt", &data, &mut self.view.gantt, Some(cursor)) {
            match (&r.schedule, times) {
                (Schedule::Rounds { c, rounds }, _) => {
                    self.view.step.step =
                        ((t / c).max(0.0) as usize).min(rounds.len().saturating_sub(1));
                }
                (_, Some(ts)) => {
                    self.view.step.step = ts.iter().rposition(|&x| x <= t).unwrap_or(0);
                }
                _ => {}
            }
        }
    }

    fn numbers_ui(&mut self, ui: &mut Ui, params: &RedistParams, errors: &[InstanceError]) {
        if let Some(e) = errors.first() {
            ui.label(
                RichText::new(format!("⚠ {} problem(s): {}", errors.len(), e.message))
                    .color(ui.visuals().error_fg_color),
            );
            return;
        }
        let Some(ev) = self.current(params) else {
            ui.spinner();
            return;
        };
        let r = match &ev.outcome {
            Ok(r) => r,
            Err(e) => {
                ui.label(RichText::new(format!("⚠ {e}")).color(ui.visuals().error_fg_color));
                return;
            }
        };
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            let verdict = if r.verification.valid {
                "✓ valid".to_string()
            } else {
                format!(
                    "✗ {}",
                    r.verification
                        .violations
                        .first()
                        .cloned()
                        .unwrap_or_default()
                )
            };
            let gap = if r.lower_bound > 0.0 {
                r.makespan / r.lower_bound
            } else {
                1.0
            };
            let mut rows = vec![
                vec!["algorithm".into(), r.algorithm.label().to_string()],
                vec!["makespan".into(), fmt(r.makespan)],
                vec!["best lower bound".into(), fmt(r.lower_bound)],
                vec!["makespan / bound".into(), format_sig(gap, 6)],
                vec!["verification".into(), verdict],
            ];
            if let Some(k) = r.rounds {
                rows.push(vec!["rounds".into(), k.to_string()]);
            }
            if let Some(l) = r.light {
                rows.push(vec![
                    "light (sent ≤ L_k)".into(),
                    if l {
                        "yes".into()
                    } else {
                        "no — Lemma 9 needs items not yet received".into()
                    },
                ]);
            }
            if let Some(s) = &r.lp {
                rows.push(vec![
                    "R_1 rational / τ".into(),
                    format!(
                        "{} / {}",
                        format_sig(s.x_rational, 8),
                        format_sig(s.tau_rational, 8)
                    ),
                ]);
                rows.push(vec![
                    "τ(⌊R_1⌋), τ(⌈R_1⌉)".into(),
                    format!("{}, {}", fmt(s.x_floor_tau), fmt(s.x_ceil_tau)),
                ]);
                rows.push(vec![
                    "integer optimum R_1 / τ".into(),
                    format!("{} / {}", s.x_int, fmt(s.tau_int)),
                ]);
            }
            result_table(ui, "rd_result", &["quantity", "value"], &rows);
            for v in r.verification.violations.iter().skip(1).take(3) {
                ui.label(RichText::new(format!("✗ {v}")).color(ui.visuals().error_fg_color));
            }
            let ui = &mut cols[1];
            let rows: Vec<Vec<String>> = r
                .bounds
                .iter()
                .map(|b| {
                    vec![
                        b.name.to_string(),
                        fmt(b.value),
                        if b.applies {
                            "applies".into()
                        } else {
                            "—".into()
                        },
                        if b.value > 0.0 && b.applies {
                            format_sig(r.makespan / b.value, 5)
                        } else {
                            String::new()
                        },
                    ]
                })
                .collect();
            result_table(
                ui,
                "rd_bounds",
                &["bound", "value", "this ring", "gap"],
                &rows,
            );
            for c in &r.checks {
                let t = c.line();
                ui.label(if c.holds {
                    RichText::new(t)
                } else {
                    RichText::new(t).color(ui.visuals().error_fg_color)
                });
            }
        });
    }

    fn plots_ui(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        ui.horizontal(|ui| {
            let l = ui.label("Plot:");
            let names = [
                (Study::Sweep, "makespan vs lower bound"),
                (Study::LpRatio, "System 6 / Lemma 12"),
                (Study::Rounds, "Algorithm 3 rounds vs Lemma 6"),
                (Study::Iterative, "Section 8: iterative application"),
            ];
            let cur = names
                .iter()
                .find(|x| x.0 == params.study)
                .map_or("", |x| x.1);
            egui::ComboBox::from_id_salt("rd_plot")
                .selected_text(cur)
                .show_ui(ui, |ui| {
                    for (v, name) in names {
                        ui.selectable_value(&mut params.study, v, name);
                    }
                })
                .response
                .labelled_by(l.id);
            if self.sweep.is_running()
                || self.ratios.is_running()
                || self.rounds.is_running()
                || self.iterative.is_running()
            {
                ui.spinner();
            }
        });
        let ctx = ui.ctx().clone();
        match params.study {
            Study::Sweep => self.sweep_plot(ui, &ctx, params),
            Study::LpRatio => self.ratio_plot(ui, &ctx, params),
            Study::Rounds => self.rounds_plot(ui, &ctx, params),
            Study::Iterative => self.iterative_plot(ui, &ctx, params),
        }
    }

    fn sweep_plot(&mut self, ui: &mut Ui, ctx: &egui::Context, params: &mut RedistParams) {
        let spec = &mut params.sweep;
        egui::Grid::new("rd_sweep")
            .num_columns(4)
            .spacing([6.0, 4.0])
            .show(ui, |ui| {
                let l = ui.label("sweep");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut spec.var, SweepVar::N, "n")
                        .labelled_by(l.id);
                    ui.radio_value(&mut spec.var, SweepVar::MaxDelta, "max |δ|");
                });
                let l = ui.label("up to");
                ui.add(egui::DragValue::new(&mut spec.to).range(3..=10_000))
                    .labelled_by(l.id);
                ui.end_row();
                let l = ui.label(if spec.var == SweepVar::N {
                    "max |δ|"
                } else {
                    "n"
                });
                ui.add(egui::DragValue::new(&mut spec.fixed).range(2..=10_000))
                    .labelled_by(l.id);
                let l = ui.label("samples");
                ui.add(egui::DragValue::new(&mut spec.samples).range(1..=1000))
                    .labelled_by(l.id);
                ui.end_row();
            });
        if let Err(e) = spec.validate() {
            ui.label(RichText::new(format!("⚠ {e}")).color(ui.visuals().error_fg_color));
            return;
        }
        let hetero = !params.instance.is_homogeneous();
        let key: SweepKey = (
            spec.clone(),
            params.instance.direction,
            hetero,
            params.algorithm,
        );
        ui.label(RichText::new(format!(
            "Random {} {} rings (heavy loads), {}: mean makespan against the mean best lower bound.",
            if hetero { "heterogeneous" } else { "homogeneous" },
            params.instance.direction.name(),
            crate::model::redistribute::run::resolve(&params.instance, params.algorithm).label()
        )).weak());
        let c = ctx.clone();
        let k = key.clone();
        self.sweep.request(
            key,
            "Sweeping random rings",
            move || c.request_repaint(),
            move |p| makespan_sweep(&k.0, k.1, k.2, k.3, p),
        );
        let Some(pts) = self.sweep.current() else {
            waiting(ui, &mut self.sweep);
            return;
        };
        let mut series: Vec<Series> = Series::points_and_line(
            "mean makespan",
            pts.iter().map(|p| [p.x, p.makespan]).collect(),
            Color32::from_rgb(40, 110, 200),
        )
        .into();
        series.push(Series {
            name: "mean lower bound".into(),
            points: pts.iter().map(|p| [p.x, p.bound]).collect(),
            style: SeriesStyle::DashedLine,
            color: Some(Color32::from_rgb(200, 60, 40)),
        });
        let failed: usize = pts.iter().map(|p| p.failed).sum();
        let worst = pts.iter().map(|p| p.worst_ratio).fold(0.0, f64::max);
        ui.label(format!(
            "worst makespan / bound: {}{}",
            format_sig(worst, 6),
            if failed > 0 {
                format!(" · {failed} sample(s) failed the checker")
            } else {
                String::new()
            }
        ));
        let plot = ComparePlot {
            title: String::new(),
            x_label: if params.sweep.var == SweepVar::N {
                "n".into()
            } else {
                "max |δ|".into()
            },
            y_label: "time".into(),
            series,
            x_marker: None,
            legend_left: true,
        };
        compare_plot(ui, "rd_sweep_plot", &plot, &mut self.view.plot_view);
    }

    fn study_key(params: &RedistParams) -> StudyKey {
        (
            params.instance.n().clamp(3, STUDY_N),
            params.random.max_delta.clamp(1, 1000),
            params.samples,
            params.random.seed,
        )
    }

    fn study_controls(ui: &mut Ui, samples: &mut usize, what: &str, key: &StudyKey) {
        ui.horizontal(|ui| {
            let l = ui.label("samples");
            ui.add(egui::DragValue::new(samples).range(10..=5000))
                .labelled_by(l.id);
        });
        ui.label(RichText::new(format!(
            "{what}: n = {} (the ring's n, at most {STUDY_N}), max |δ| = {} and seed {} from “Random instance”.",
            key.0, key.1, key.3
        )).weak());
    }

    fn ratio_plot(&mut self, ui: &mut Ui, ctx: &egui::Context, params: &mut RedistParams) {
        let key = Self::study_key(params);
        Self::study_controls(
            ui,
            &mut params.samples,
            "Random heterogeneous bidirectional rings, heavy loads",
            &key,
        );
        let c = ctx.clone();
        self.ratios.request(
            key,
            "System 6 vs Lemma 12",
            move || c.request_repaint(),
            move |p| lp_ratios(key.0, key.1, key.2, key.3, true, p),
        );
        let Some(pts) = self.ratios.current() else {
            waiting(ui, &mut self.ratios);
            return;
        };
        let bins = 20usize;
        let max = pts.iter().map(|p| p.ratio).fold(1.0, f64::max);
        let width = ((max - 1.0) / bins as f64).max(0.01);
        let mut counts = vec![[0usize; 2]; bins + 1];
        for p in pts {
            let b = (((p.ratio - 1.0) / width).floor().max(0.0) as usize).min(bins);
            counts[b][usize::from(!p.light)] += 1;
        }
        let tight = pts.iter().filter(|p| (p.ratio - 1.0).abs() < 1e-9).count();
        let heavy = pts.iter().filter(|p| !p.light).count();
        ui.label(format!(
            "{} of {} optima equal Lemma 12 · worst ratio {} · {} not light",
            tight,
            pts.len(),
            format_sig(max, 5),
            heavy
        ));
        let mk = |k: usize, name: &str, color: Color32| {
            BarChart::new(
                name,
                counts
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        Bar::new(1.0 + (i as f64 + 0.5) * width, c[k] as f64).width(width * 0.9)
                    })
                    .collect(),
            )
            .color(color)
        };
        let light = mk(0, "light solutions", Color32::from_rgb(40, 110, 200));
        let not_light = mk(1, "not light", Color32::from_rgb(225, 120, 30)).stack_on(&[&light]);
        Plot::new("rd_ratio_plot")
            .legend(Legend::default())
            .x_axis_label("τ_int (System 6) / Lemma 12")
            .y_axis_label("instances")
            .show(ui, |p| {
                p.bar_chart(light);
                p.bar_chart(not_light);
            });
    }

    fn rounds_plot(&mut self, ui: &mut Ui, ctx: &egui::Context, params: &mut RedistParams) {
        let key = Self::study_key(params);
        Self::study_controls(
            ui,
            &mut params.samples,
            "Random homogeneous bidirectional rings (max |δ| varies per sample up to the setting)",
            &key,
        );
        let c = ctx.clone();
        self.rounds.request(
            key,
            "Algorithm 3 vs Lemma 6",
            move || c.request_repaint(),
            move |p| rounds_vs_lemma6(key.0, key.1, key.2, key.3, p),
        );
        let Some(pts) = self.rounds.current() else {
            waiting(ui, &mut self.rounds);
            return;
        };
        let count = |f: &dyn Fn(&RoundsPoint) -> bool| pts.iter().filter(|p| f(p)).count();
        let off_c = count(&|p| p.corrected as i64 != p.lemma6);
        let bad_c = count(&|p| !p.corrected_valid);
        let off_l = count(&|p| p.literal as i64 != p.lemma6);
        let bad_l = count(&|p| !p.literal_valid);
        ui.label(format!(
            "Of {} rings — corrected: {off_c} off Lemma 6, {bad_c} failing the checker · as \
             printed: {off_l} off Lemma 6, {bad_l} failing the checker (possession).",
            pts.len()
        ));
        let maxl = pts.iter().map(|p| p.lemma6).max().unwrap_or(1) as f64;
        let plot = ComparePlot {
            title: String::new(),
            x_label: "Lemma 6 (rounds)".into(),
            y_label: "rounds taken".into(),
            series: vec![
                Series {
                    name: "Lemma 8: rounds = Lemma 6".into(),
                    points: vec![[0.0, 0.0], [maxl, maxl]],
                    style: SeriesStyle::DashedLine,
                    color: Some(Color32::GRAY),
                },
                Series {
                    name: "as printed".into(),
                    points: pts
                        .iter()
                        .map(|p| [p.lemma6 as f64, p.literal as f64])
                        .collect(),
                    style: SeriesStyle::Points,
                    color: Some(Color32::from_rgb(225, 120, 30)),
                },
                Series {
                    name: "corrected".into(),
                    points: pts
                        .iter()
                        .map(|p| [p.lemma6 as f64, p.corrected as f64])
                        .collect(),
                    style: SeriesStyle::Points,
                    color: Some(Color32::from_rgb(40, 110, 200)),
                },
            ],
            x_marker: None,
            legend_left: true,
        };
        compare_plot(ui, "rd_rounds_plot", &plot, &mut self.view.plot_view);
    }

    fn iterative_plot(&mut self, ui: &mut Ui, ctx: &egui::Context, params: &mut RedistParams) {
        let it = &mut params.iterative;
        egui::Grid::new("rd_iter")
            .num_columns(4)
            .spacing([6.0, 4.0])
            .show(ui, |ui| {
                let l = ui.label("p");
                ui.add(egui::DragValue::new(&mut it.p).range(2..=256))
                    .labelled_by(l.id);
                let l = ui.label("platforms");
                ui.add(egui::DragValue::new(&mut it.instances).range(1..=200))
                    .labelled_by(l.id);
                ui.end_row();
                let l = ui.label("seed");
                ui.add(egui::DragValue::new(&mut it.seed)).labelled_by(l.id);
                let l = ui.label("not light").on_hover_text(
                    "What a redistribution does when System 6's optimum is not light: the paper \
                     only uses the light algorithm (System 12, or skip when no light solution \
                     exists); “forward” also schedules heavy solutions, forwarding items as they \
                     arrive.",
                );
                egui::ComboBox::from_id_salt("rd_heavy")
                    .selected_text(match it.heavy {
                        HeavyPolicy::LightOnly => "skip (paper)",
                        HeavyPolicy::Forward => "forward",
                    })
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut it.heavy, HeavyPolicy::LightOnly, "skip (paper)");
                        ui.selectable_value(&mut it.heavy, HeavyPolicy::Forward, "forward");
                    })
                    .response
                    .labelled_by(l.id);
                ui.end_row();
            });
        if let Err(e) = it.validate() {
            ui.label(RichText::new(format!("⚠ {e}")).color(ui.visuals().error_fg_color));
            return;
        }
        let key = it.clone();
        let c = ctx.clone();
        let k = key.clone();
        self.iterative.request(
            key,
            "Section 8 study",
            move || c.request_repaint(),
            move |p| run_iterative(&k, p),
        );
        let Some(res) = self.iterative.current() else {
            waiting(ui, &mut self.iterative);
            return;
        };
        let colors = [
            Color32::from_rgb(90, 90, 90),
            Color32::from_rgb(40, 110, 200),
            Color32::from_rgb(20, 150, 90),
            Color32::from_rgb(225, 120, 30),
            Color32::from_rgb(200, 40, 120),
        ];
        let mut series = Vec::new();
        for (k, s) in res.schemes.iter().enumerate() {
            series.extend(Series::points_and_line(
                &s.name,
                res.ratios
                    .iter()
                    .zip(&s.normalised)
                    .map(|(x, y)| [*x, *y])
                    .collect(),
                colors[k % colors.len()],
            ));
        }
        let notes: Vec<String> = res
            .schemes
            .iter()
            .filter(|c| c.redistributions > 0)
            .map(|c| {
                format!(
                    "{}: {:.1} skipped, {:.1} via System 12{}",
                    c.name,
                    c.skipped,
                    c.via_system12,
                    if c.forwarded > 0.0 {
                        format!(", {:.1} forwarded", c.forwarded)
                    } else {
                        String::new()
                    }
                )
            })
            .collect();
        ui.label(
            RichText::new(format!(
                "Mean per run — {}. Normalised by an always-balanced oracle with free \
                 redistributions; each curve is a + b/r.",
                notes.join(" · ")
            ))
            .weak(),
        );
        let plot = ComparePlot {
            title: String::new(),
            x_label: "computation-to-communication ratio".into(),
            y_label: "normalised execution time".into(),
            series,
            x_marker: None,
            legend_left: false,
        };
        compare_plot(ui, "rd_iter_plot", &plot, &mut self.view.plot_view);
    }
}

/// δ before (faint) and after the step, one bar per processor.
fn delta_bars(ui: &mut Ui, before: &[i64], after: &[i64]) {
    let n = before.len();
    let grey = Color32::from_rgba_unmultiplied(150, 150, 150, 140);
    let blue = Color32::from_rgb(40, 110, 200);
    let plot = Plot::new("rd_delta_bars")
        .legend(Legend::default())
        .custom_x_axes(vec![AxisHints::new_x().label_spacing(18.0..=40.0)])
        .x_axis_label("processor k")
        .y_axis_label("δ_k")
        .allow_scroll(false);
    if n > BAR_LIMIT {
        // Thousands of bars would cost a shape each: draw the two profiles as lines.
        let line = |v: &[i64]| -> Vec<[f64; 2]> {
            v.iter()
                .enumerate()
                .map(|(i, &d)| [(i + 1) as f64, d as f64])
                .collect()
        };
        plot.show(ui, |p| {
            p.line(Line::new("δ before the step", line(before)).color(grey));
            p.line(Line::new("δ after the step", line(after)).color(blue));
        });
        return;
    }
    let w = 0.8;
    let bars = |v: &[i64], w: f64| -> Vec<Bar> {
        v.iter()
            .enumerate()
            .map(|(i, &d)| Bar::new((i + 1) as f64, d as f64).width(w))
            .collect()
    };
    plot.show(ui, |p| {
        p.bar_chart(BarChart::new("δ before the step", bars(before, w)).color(grey));
        p.bar_chart(BarChart::new("δ after the step", bars(after, w * 0.5)).color(blue));
    });
}

/// The sends of the step, with the pseudo-code step behind each (round-based) or their
/// times (timed schedules).
fn sends_list(
    ui: &mut Ui,
    sends: &[Moving],
    before: &[i64],
    after: &[i64],
    slices: &[(usize, usize, i64)],
    rounds: bool,
) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        if !slices.is_empty() {
            let s: Vec<String> = slices
                .iter()
                .take(12)
                .map(|(a, b, d)| format!("C_{{{},{}}} = {d}", a + 1, b + 1))
                .collect();
            ui.label(format!("Maximal slices (innermost): {}", s.join(", ")));
        }
        if rounds {
            let rows: Vec<Vec<String>> = sends
                .iter()
                .map(|m| {
                    vec![
                        format!("P{} → P{}", m.from + 1, m.to + 1),
                        if m.step > 0 {
                            format!("Step {}", m.step)
                        } else {
                            String::new()
                        },
                        step_meaning(m.step).to_string(),
                        format!("{} → {}", before[m.from], after[m.from]),
                    ]
                })
                .collect();
            result_table(
                ui,
                "rd_sends",
                &["send", "step", "why", "δ of the sender"],
                &rows,
            );
        } else {
            let rows: Vec<Vec<String>> = sends
                .iter()
                .map(|m| {
                    vec![
                        format!("P{} → P{}", m.from + 1, m.to + 1),
                        m.items.to_string(),
                        fmt(m.start),
                        fmt(m.end),
                    ]
                })
                .collect();
            result_table(
                ui,
                "rd_sends",
                &["transfer in progress", "items", "from t", "to t"],
                &rows,
            );
        }
    });
}
