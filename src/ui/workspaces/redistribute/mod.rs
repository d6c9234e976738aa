//! Workspace of the ring redistribution model (Renard, Robert & Vivien): the instance editor
//! (ring settings, a virtualised vector table, an editable ring drawing, generators and
//! vector operations), the run stepped round by round (Algorithm 3 shows δ_max, the maximal
//! slices and processors and the pseudo-code step behind every send), the numbers (makespan,
//! every lower bound, the checker's verdict, the paper's claims on this instance) and the
//! random-instance plots, including Section 8's iterative study.

use std::sync::Arc;

use egui::{Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, Line};
use serde::{Deserialize, Serialize};

mod editor;
mod help;
mod numbers;
mod picture;
mod studies;
mod tau_plot;
mod turn;

use crate::jobs::Keyed;
use crate::model::redistribute::alg3::{
    Alg3Round, Alg3Variant, STEP_FEED, alg3_round, maximal_slices,
};
use crate::model::redistribute::bounds;
use crate::model::redistribute::editing::{
    EditError, EntryError, delta_from_targets, fix_sum, format_vector, parse_cost_vector,
    parse_int_entry, parse_int_vector, proportional_targets, random_instance,
};
use crate::model::redistribute::instance::{
    Costs, Direction, Field, InstanceError, RingInstance, minimal_loads,
};
use crate::model::redistribute::params::{Algorithm, RedistParams, Study, SweepVar};
use crate::model::redistribute::run::RunReport;
use crate::model::redistribute::schedule::Schedule;
use crate::model::redistribute::schedule::event_times;
use crate::model::{Cancelled, ParamError};
use crate::report::format::{Precision, number};
use crate::report::redistribute::{self as report, Parts, Run};
use crate::report::{ReportError, Section, Table};
use crate::ui::widgets::compare_plot::{
    ComparePlot, PlotView, compare_plot, labelled_plot, mark_plot,
};
use crate::ui::widgets::form::choices;
use crate::ui::widgets::gantt::{BarKind, GanttBar, GanttData, GanttView, bar_color, gantt};
use crate::ui::widgets::legend::{Swatch, Track, bar_tracks, corners, free_legend, plot_id};
use crate::ui::widgets::pseudocode::PseudoStep;
use crate::ui::widgets::ring::{
    RingArc, RingArrow, RingDrawing, RingEvent, RingLink, RingNode, ring,
};
use crate::ui::widgets::step_bar::{StepState, step_bar};
use crate::ui::widgets::ticks::Scale;
use crate::ui::widgets::vector_table::{Column, TableSpec, TableState, vector_table};
use crate::ui::widgets::{error_label, error_row};
use crate::ui::workspace::{Checked, Regions, Workspace, jobs, nothing_runs, view_accessors};
use picture::step_count;

/// A number as the captions, labels and cells write it (the table precision).
fn fmt(x: f64) -> String {
    number(x, Precision::Table)
}

/// View state (persisted).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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

/// A run of (instance, algorithm) through the report, with the event times of a timed
/// schedule (the step bar's positions).
struct Evaluated {
    run: Run,
    /// Event times of a timed schedule (empty for rounds).
    times: Vec<f64>,
    /// The τ(R₁) plot of System 6 (runs that solve System 6 or 12).
    tau: Option<Section>,
}

impl Evaluated {
    /// The run's schedule and verdicts.
    fn report(&self) -> &RunReport {
        &self.run.run
    }
}

/// What the run's background job returns: the run, or why it cannot run.
type Outcome = Result<Arc<Evaluated>, String>;

/// The inputs of a run.
type RunKey = (RingInstance, Algorithm);

/// The study of the scenario: its plot section and summary line, or why there is none.
struct StudyView {
    title: String,
    summary: String,
    plot: Option<Section>,
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

/// The workspace.
#[derive(Default)]
pub struct RedistPanel {
    /// Persisted view state.
    pub view: RedistView,
    table: TableState,
    cell_errors: Vec<(Field, usize, String)>,
    texts: Texts,
    link_edit: Option<LinkEdit>,
    /// Why the instance is invalid (the run's inputs checked once per change).
    checked: Checked<RunKey>,
    /// The run of (instance, algorithm), in the background.
    evaluated: Keyed<RunKey, Outcome>,
    cursor: Option<Cursor>,
    /// Why the study's settings are invalid.
    study_checked: Checked<RedistParams>,
    /// The selected study, keyed by the scenario with only what it reads.
    study: Keyed<RedistParams, Result<StudyView, String>>,
    /// "Your turn" on the instance.
    turn: crate::ui::exercise::Slot<RingInstance, turn::RingTurn>,
}

impl Workspace for RedistPanel {
    type Params = RedistParams;
    const HELP: &'static str = help::HELP;
    const NESTED: &'static [&'static str] = &["instance"];
    fn field_caption(params: &RedistParams, key: &str) -> Option<String> {
        match key {
            "algorithm" => Some(params.algorithm.label().to_string()),
            "direction" => Some(format!("{} ring", params.instance.direction.name())),
            _ => None,
        }
    }
    view_accessors!(RedistView, picture: lower, plot: plot);
    fn steps(&self, params: &RedistParams) -> usize {
        self.current(params)
            .map(|e| step_count(&e.report().schedule, &e.times))
            .unwrap_or(1)
    }
    jobs!(evaluated, study);
    const REGIONS: Regions = Regions {
        controls: (372.0, 300.0),
        plots: (430.0, 380.0),
        numbers: (210.0, 140.0),
        ..Regions::DEFAULT
    };

    fn prepare(&mut self, ctx: &egui::Context, params: &RedistParams) {
        let n = params.instance.n();
        self.cell_errors.retain(|(_, i, _)| *i < n);
        let key = (params.instance.clone(), params.algorithm);
        let job = (&mut self.evaluated, "Running the redistribution");
        self.checked
            .evaluate(ctx, &key, check_instance, job, |k, p| evaluate(k, p));
        let scenario = report::study_scenario(params);
        let job = (&mut self.study, "Computing the study");
        self.study_checked
            .evaluate(ctx, &scenario, check_study, job, |s, p| study(&s, p));
    }
    fn controls(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        let errors = self.instance_errors(params);
        self.controls_ui(ui, params, &errors);
    }
    fn picture(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        self.picture_ui(ui, params);
    }
    const EXERCISE: bool = true;
    crate::ui::workspace::exercise_slot!(RedistParams, |p| &p.instance, turn::RingTurn::new);
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
        self.numbers_ui(ui, params);
    }
}

/// On the stage, while the plot in front shows random rings, what the drawer's Controls and
/// Numbers are about (rrv step 7: the drawer showed a ring of 8 beside Section 8's study,
/// which has its own settings above the plot).
fn whose_ring(ui: &mut Ui, plot: RdPlot, what: &str) {
    if plot == RdPlot::Studies && crate::ui::frame::plots_in_front(ui.ctx()) {
        ui.weak(format!(
            "{what} the picture's ring; the plot's random rings have their own settings above it."
        ));
    }
}

/// The instance's first problem, if any (every problem is listed by the editor).
fn check_instance(key: &RunKey) -> Result<RunKey, ParamError> {
    match key.0.validate() {
        Ok(_) => Ok(key.clone()),
        Err(errors) => Err(match errors.first() {
            Some(e) => ParamError {
                field: e.field.name(),
                message: e.message.clone(),
            },
            None => ParamError {
                field: "instance",
                message: "invalid".into(),
            },
        }),
    }
}

/// Why a report could not be built, or that it was cancelled.
fn refusal(e: ReportError) -> Result<String, Cancelled> {
    match e {
        ReportError::Cancelled => Err(Cancelled),
        ReportError::Invalid { message, .. } => Ok(message),
    }
}

/// Runs the algorithm through the report: the numbers, bounds, checks and System 6's curve.
fn evaluate(
    (instance, algorithm): RunKey,
    progress: &dyn crate::model::Progress,
) -> Result<Outcome, Cancelled> {
    let params = RedistParams {
        instance,
        algorithm,
        ..RedistParams::default()
    };
    let parts = Parts {
        tau_curve: true,
        ..Parts::default()
    };
    let run = match parts.build(&params, progress) {
        Ok(run) => run,
        Err(e) => return refusal(e).map(Err),
    };
    let times = match &run.run.schedule {
        Schedule::Timed(b) => event_times(b),
        Schedule::Rounds { .. } => Vec::new(),
    };
    let tau = run.tau_curve.as_ref().map(report::tau_section);
    Ok(Ok(Arc::new(Evaluated { run, times, tau })))
}

/// The study settings' first problem, if any.
fn check_study(scenario: &RedistParams) -> Result<RedistParams, ParamError> {
    match scenario.validate_studies() {
        Ok(()) => Ok(scenario.clone()),
        Err(e) => Err(ParamError {
            field: "study",
            message: e.to_string(),
        }),
    }
}

/// Computes the scenario's study through the report: its title, summary and plot.
fn study(
    scenario: &RedistParams,
    progress: &dyn crate::model::Progress,
) -> Result<Result<StudyView, String>, Cancelled> {
    let result = match report::study(scenario, progress) {
        Ok(r) => r,
        Err(e) => return refusal(e).map(Err),
    };
    let plot = report::study_sections(scenario, &result)
        .into_iter()
        .find(|s| matches!(s.content, crate::report::Content::Series(_)));
    Ok(Ok(StudyView {
        title: report::study_title(scenario),
        summary: report::study_summary(&result),
        plot,
    }))
}

impl RedistPanel {
    /// The run of the instance in front, once computed (None while it runs or when invalid).
    fn current(&self, params: &RedistParams) -> Option<&Evaluated> {
        match self.evaluated.latest_keyed() {
            Some(((instance, algorithm), Ok(e)))
                if *instance == params.instance && *algorithm == params.algorithm =>
            {
                Some(e)
            }
            _ => None,
        }
    }

    /// The outcome of the instance in front: the run or why it cannot run (None while it runs
    /// or when the instance is invalid).
    fn outcome(&self, params: &RedistParams) -> Option<&Outcome> {
        match self.evaluated.latest_keyed() {
            Some(((instance, algorithm), o))
                if *instance == params.instance && *algorithm == params.algorithm =>
            {
                Some(o)
            }
            _ => None,
        }
    }

    /// Every problem of the instance in front, for the editor's cells (none once it ran).
    fn instance_errors(&self, params: &RedistParams) -> Vec<InstanceError> {
        if self.outcome(params).is_some() {
            return Vec::new();
        }
        params.instance.validate().err().unwrap_or_default()
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
