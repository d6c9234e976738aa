//! Workspace of the ring redistribution model (Renard, Robert & Vivien): the instance editor
//! (ring settings, a virtualised vector table, an editable ring drawing, generators and
//! vector operations), the run stepped round by round (Algorithm 3 shows δ_max, the maximal
//! slices and processors and the pseudo-code step behind every send), the numbers (makespan,
//! every lower bound, the checker's verdict, the paper's claims on this instance) and the
//! random-instance plots, including Section 8's iterative study.

use std::sync::Arc;

use egui::{Color32, RichText, Ui};
use egui_plot::{AxisHints, Bar, BarChart, Line};
use serde::{Deserialize, Serialize};

mod editor;
mod numbers;
mod picture;
mod studies;
mod tau_plot;

use crate::jobs::Keyed;
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
use crate::ui::widgets::compare_plot::{
    ComparePlot, PlotView, Series, SeriesStyle, compare_plot, labelled_plot,
};
use crate::ui::widgets::form::choices;
use crate::ui::widgets::format_value as fmt;
use crate::ui::widgets::gantt::{BarKind, GanttBar, GanttData, GanttView, bar_color, gantt};
use crate::ui::widgets::legend::{Swatch, Track, bar_tracks, corners, free_legend, plot_id};
use crate::ui::widgets::pseudocode::PseudoStep;
use crate::ui::widgets::result_table::result_table;
use crate::ui::widgets::ring::{
    RingArc, RingArrow, RingDrawing, RingEvent, RingLink, RingNode, ring,
};
use crate::ui::widgets::step_bar::{StepState, step_bar, step_caption};
use crate::ui::widgets::vector_table::{Column, TableSpec, TableState, vector_table};
use crate::ui::widgets::{error_label, error_row, format_sig};
use crate::ui::workspace::{Regions, Workspace, jobs, nothing_runs, repainter, view_accessors};
use picture::{event_times, step_count};

/// Above this much work (n × Σ|δ|) a run goes to a background job.
const SYNC_WORK: i64 = 300_000;
/// Lemma 12's slices cost about this many times less than a simulated item (pruned loop).
const LEMMA12_SLICES_PER_ITEM: i64 = 8;

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
    /// What the plots show (τ(R₁) is offered on heterogeneous bidirectional rings).
    pub plot: RdPlot,
}

impl Default for RedistView {
    fn default() -> Self {
        RedistView {
            step: StepState::default(),
            lower: Lower::Bars,
            gantt: GanttView::default(),
            plot_view: PlotView::default(),
            plot: RdPlot::Studies,
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
    /// What the pseudo-code pane shows at this step.
    explained: Option<PseudoStep>,
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
    /// Where the editor opens (beside the link) and which of its points goes there.
    at: egui::Pos2,
    pivot: egui::Align2,
    /// Counts the editors opened, so each opens afresh beside its own link.
    serial: u64,
}

type SweepKey = (
    crate::model::redistribute::params::SweepSpec,
    Direction,
    bool,
    Algorithm,
);
type StudyKey = (usize, i64, usize, u64);

/// The workspace.
#[derive(Default)]
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
    /// System 6's τ(R₁) of the run of this version of `evaluated`.
    tau_curve: Option<(u64, Arc<crate::model::redistribute::tau_curve::TauCurve>)>,
}

impl Workspace for RedistPanel {
    type Params = RedistParams;
    view_accessors!(RedistView, picture: lower, plot: plot);
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
    jobs!(evaluated, sweep, ratios, rounds, iterative);
    const REGIONS: Regions = Regions {
        controls: (372.0, 300.0),
        plots: (430.0, 380.0),
        numbers: (210.0, 140.0),
        ..Regions::DEFAULT
    };

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
    fn pseudocode(&self, params: &RedistParams) -> Option<PseudoStep> {
        self.current(params)?;
        let key = (self.evaluated.version() as usize, self.view.step.step);
        let c = self.cursor.as_ref().filter(|c| c.key == key)?;
        c.explained.clone()
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
            self.evaluated.request(
                key,
                "Running the redistribution",
                repainter(ctx),
                move |_p| Ok(evaluate(instance)),
            );
        }
    }
}

// What the view's tabs and combo boxes offer, with their captions.
choices! {
    /// What the lower half of the picture shows.
    pub enum Lower {
        /// δ before and after the step, as bars.
        Bars = "δ bars",
        /// Transfers per processor over time.
        Gantt = "Gantt",
        /// The sends of the step with their pseudo-code steps.
        Sends = "sends",
    }
}

choices! {
    /// What the plots column shows.
    pub enum RdPlot {
        /// The random-ring study chosen below.
        Studies = "random-ring studies",
        /// System 6's τ(R₁) of this ring (heterogeneous bidirectional rings).
        TauCurve = "τ(R₁) of System 6",
    }
}
