//! Help ▸ Research: KS-BF on random trees and grids — the study of
//! [`crate::model::ksbf::random_study`] from the GUI (`loadlab ksbf-study`): pick the random
//! workload, q, the depth caps and ring sizes, the seeds, Run, and each (n, p) cell lists the
//! efficiency's mean with its 95 % interval and its median beside the complete tree (or
//! pyramidal grid) and Theorem 1.1's guarantee, then the verdict on Gao and Rosenberg's belief.
//! "Load" puts a cell's first random workload that grows to level n − 1 (its first, if none
//! does) into the KS-BF workspace (an ordinary edit).
//! "Plot" draws the cells along n at one ring size, or along p at one depth cap
//! ([`crate::report::ksbf::study`]).
//!
//! The study runs as a background job on every core with a progress bar and Cancel; inputs the
//! budget refuses are said below Run as they are typed (Run is then off).

use egui::RichText;

use super::commands::Cmd;
use super::research::{lab_entry, lab_window};
use crate::jobs::JobSlot;
use crate::model::Cancelled;
use crate::model::ksbf::Shape;
use crate::model::ksbf::random_study::{CellSummary, SEEDS_MAX, StudySpec, StudyStop, verdict};
use crate::model::registry::Scenario;
use crate::preset::Preset;
use crate::report::ksbf::study::{Along, study_plot};
use crate::ui::widgets::compare_plot::{ComparePlot, PlotView, compare_plot};
use crate::ui::widgets::job_bar::job_bar;
use crate::ui::widgets::scroll::Clipped;
use crate::ui::widgets::slider::{field_notes, number_field, tuned_field};

/// The window's title and its Help menu entry.
pub const TITLE: &str = "Research: KS-BF on random trees and grids";

/// A study and its cells.
type Done = (StudySpec, Vec<CellSummary>);

/// The window's state.
pub struct KsbfStudy {
    /// Whether the window is open.
    pub open: bool,
    /// The random workload (random tree or random grid).
    pub shape: Shape,
    /// Spawn probability q.
    pub q: f64,
    /// The depth caps as typed.
    pub ns: String,
    /// The ring sizes as typed.
    pub ps: String,
    /// Seeds per cell.
    pub seeds: u64,
    /// First seed.
    pub seed: u64,
    /// The study as last typed ([`Typed`]) and its check, redone when the inputs change.
    checked: Option<(Typed, Result<StudySpec, String>)>,
    /// The last study's cells.
    done: Option<Done>,
    /// The study running (its end: the cells, or why it stopped before them).
    job: JobSlot<Result<Done, String>>,
    /// Why the last study stopped before its cells (its counted workloads over the budget).
    stopped: Option<String>,
    /// How the cells are shown.
    shown: Shown,
}

/// How the study's cells are shown: a table, or a plot along n or p at one value of the other.
#[derive(Default)]
struct Shown {
    plot: bool,
    along: Along,
    /// The other variable's value (None: its first).
    fixed: Option<u32>,
    view: PlotView,
}

impl Default for KsbfStudy {
    fn default() -> Self {
        KsbfStudy {
            open: false,
            shape: Shape::RandomTree,
            q: 0.75,
            ns: "8,10,12".into(),
            ps: "2,4,8,16".into(),
            seeds: 100,
            seed: 1,
            checked: None,
            done: None,
            job: JobSlot::default(),
            stopped: None,
            shown: Shown::default(),
        }
    }
}

/// The Help menu's entry.
pub fn menu(ui: &mut egui::Ui, state: &mut KsbfStudy) {
    let hover = "KS-BF's efficiency on random growing workloads, over many seeds";
    lab_entry(ui, TITLE, hover, &mut state.open);
}

/// The window (drawn every frame; nothing when closed).
pub fn window(state: &mut KsbfStudy, ctx: &egui::Context, cmds: &mut Vec<Cmd>) {
    state.open = lab_window(ctx, TITLE, state.open, (30.0, 640.0), cmds, |ui, cmds| {
        match state.job.poll() {
            Some(Ok(done)) => (state.done, state.stopped) = (Some(done), None),
            Some(Err(why)) => state.stopped = Some(why),
            None => {}
        }
        controls(ui, state);
        job_bar(ui, &mut state.job, "study");
        ui.separator();
        results(ui, state, cmds);
    });
}

/// The inputs as typed: shape, q's bits, n, p, seeds, first seed.
type Typed = (Shape, u64, String, String, u64, u64);

/// The study as typed, or why it cannot run (checked again only when the inputs change).
fn checked(state: &mut KsbfStudy) -> Result<StudySpec, String> {
    let typed = (
        state.shape,
        state.q.to_bits(),
        state.ns.clone(),
        state.ps.clone(),
        state.seeds,
        state.seed,
    );
    match &state.checked {
        Some((t, result)) if *t == typed => result.clone(),
        _ => {
            let result = spec(state);
            state.checked = Some((typed, result.clone()));
            // Why the last study stopped spoke of other inputs.
            state.stopped = None;
            result
        }
    }
}

/// The study as typed, or why it cannot run.
fn spec(state: &KsbfStudy) -> Result<StudySpec, String> {
    let lists = (state.ns.as_str(), state.ps.as_str());
    StudySpec::typed(
        state.shape,
        lists,
        state.q,
        (state.seeds, state.seed),
        crate::model::budget::Shard::WHOLE,
    )
    .map_err(|e| format!("{}: {}", e.field, e.message))
}

fn controls(ui: &mut egui::Ui, state: &mut KsbfStudy) {
    let shapes = ui.horizontal_wrapped(|ui| {
        for (shape, label) in [
            (Shape::RandomTree, "random trees (beside T_n)"),
            (Shape::RandomGrid, "random grids (beside G_n)"),
        ] {
            ui.selectable_value(&mut state.shape, shape, label);
        }
        tuned_field(ui, "q", &mut state.q, 0.0..=1.0, |d| {
            d.speed(0.005).max_decimals(4)
        })
        .on_hover_text("Spawn probability of every task below level n − 1")
    });
    let typed = ui.horizontal_wrapped(|ui| {
        let l = ui.label("n");
        ui.add(egui::TextEdit::singleline(&mut state.ns).desired_width(90.0))
            .labelled_by(l.id)
            .on_hover_text("Depth caps, comma-separated");
        let l = ui.label("p");
        ui.add(egui::TextEdit::singleline(&mut state.ps).desired_width(90.0))
            .labelled_by(l.id)
            .on_hover_text("Ring sizes, comma-separated");
        // As many as `loadlab ksbf-study` takes: the estimate refuses what takes too long.
        let fields = [
            number_field(ui, "seeds", &mut state.seeds, 1..=SEEDS_MAX),
            number_field(ui, "first seed", &mut state.seed, 0..=u64::MAX),
        ];
        let typed = checked(state);
        let running = state.job.is_running();
        let caption = (
            "Run",
            "Runs in the background on every core; the app stays usable",
        );
        if let Some(spec) = crate::ui::widgets::start_button(ui, caption, running, &typed) {
            run(state, spec.clone(), ui.ctx());
        }
        (fields, typed)
    });
    // The notes under every row of fields: none of them moves when one comes.
    let ([seeds, first_seed], typed) = typed.inner;
    field_notes(ui, &[shapes.inner, seeds, first_seed]);
    match typed {
        Ok(spec) => {
            let command = spec.command().join(" ");
            ui.label(RichText::new(format!("Same study: `{command}`.")).weak());
        }
        Err(why) => {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
    }
    if let Some(why) = &state.stopped {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }
}

/// Starts `spec` in the background (the previous study, if any, is cancelled).
fn run(state: &mut KsbfStudy, spec: StudySpec, ctx: &egui::Context) {
    let repaint = ctx.clone();
    state.job.submit(
        "KS-BF study",
        move || repaint.request_repaint(),
        move |p| match spec.summaries(p) {
            Ok(cells) => Ok(Ok((spec, cells))),
            Err(StudyStop::Cancelled) => Err(Cancelled),
            Err(StudyStop::Invalid(e)) => Ok(Err(format!("{}: {}", e.field, e.message))),
        },
    );
}

/// The header of the cells' table.
const COLUMNS: [&str; 11] = [
    "n",
    "p",
    "mean",
    "95 % CI",
    "median",
    "nodes",
    "reached",
    "mean if reached",
    "complete",
    "Thm 1.1",
    "",
];

fn results(ui: &mut egui::Ui, state: &mut KsbfStudy, cmds: &mut Vec<Cmd>) {
    let Some((spec, cells)) = &state.done else {
        // (What Run does with the inputs above: a workload is always picked.)
        let what = if state.shape.is_grid() {
            "grids"
        } else {
            "trees"
        };
        ui.label(format!(
            "Nothing run yet: Run simulates KS-BF on {} random {what} for each n and p, and \
             tabulates each cell's efficiency.",
            state.seeds
        ));
        return;
    };
    let shape = spec.complete_shape().name();
    let complete = if spec.shape.is_grid() {
        "the pyramidal grid G_n"
    } else {
        "the complete tree T_n"
    };
    let heading = format!(
        "KS-BF on random {shape}s, q = {}, {} from {}: efficiency N / (p · makespan).",
        spec.q,
        crate::model::words::count(spec.seeds, "seed"),
        spec.seed
    );
    if plot_choice(ui, spec, &mut state.shown) {
        // The legend names the curves; the verdict stays with the table (room for the plot).
        ui.label(heading);
        let shown = &mut state.shown;
        let fixed = shown.fixed_in(spec).unwrap_or(0);
        let set = study_plot(spec, cells, shown.along, fixed);
        compare_plot(
            ui,
            "ksbf-study-plot",
            &ComparePlot::of("", &set),
            &mut shown.view,
        );
        return;
    }
    let gw = if spec.shape.is_grid() {
        ""
    } else {
        " (in brackets its Galton–Watson probability)"
    };
    ui.label(format!(
        "{heading} \"reached\": the share that grows to level n − 1{gw}; \"complete\": on \
         {complete}; \"Thm 1.1\": the efficiency Theorem 1.1 guarantees there."
    ));
    ui.label(verdict(cells));
    egui::ScrollArea::vertical().show_clipped(ui, |ui| {
        egui::Grid::new("ksbf-study-cells")
            .striped(true)
            .show(ui, |ui| {
                for c in COLUMNS {
                    ui.label(RichText::new(c).strong());
                }
                ui.end_row();
                for c in cells {
                    row(ui, spec, c, cmds);
                }
            });
    });
}

impl Shown {
    /// The other variable's value the plot is drawn at: the one picked if `spec` has it,
    /// else its first.
    fn fixed_in(&self, spec: &StudySpec) -> Option<u32> {
        let values = self.along.fixed_values(spec);
        let picked = self.fixed.filter(|v| values.contains(v));
        picked.or(values.first().copied())
    }
}

/// Table or plot, and the plot's axis and fixed value; true for the plot.
fn plot_choice(ui: &mut egui::Ui, spec: &StudySpec, shown: &mut Shown) -> bool {
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut shown.plot, false, "Table");
        ui.selectable_value(&mut shown.plot, true, "Plot")
            .on_hover_text("The cells along n at one ring size, or along p at one depth cap");
        if !shown.plot {
            return;
        }
        ui.separator();
        ui.label("along");
        for along in [Along::N, Along::P] {
            if ui
                .selectable_value(&mut shown.along, along, along.name())
                .changed()
            {
                shown.fixed = None;
            }
        }
        let other = match shown.along {
            Along::N => "p",
            Along::P => "n",
        };
        let current = shown.fixed_in(spec);
        let values = shown.along.fixed_values(spec);
        let l = ui.label(format!("at {other} ="));
        egui::ComboBox::from_id_salt("ksbf-study-fixed")
            .selected_text(current.map_or_else(String::new, |v| v.to_string()))
            .show_ui(ui, |ui| {
                for &v in values {
                    ui.selectable_value(&mut shown.fixed, Some(v), v.to_string());
                }
            })
            .response
            .labelled_by(l.id);
    });
    shown.plot
}

fn row(ui: &mut egui::Ui, spec: &StudySpec, c: &CellSummary, cmds: &mut Vec<Cmd>) {
    let f = |x: f64| format!("{x:.4}");
    ui.label(c.n.to_string());
    ui.label(c.p.to_string());
    ui.label(f(c.mean));
    ui.label(c.ci95.map_or_else(
        || "— (one seed)".into(),
        |[lo, hi]| format!("[{}, {}]", f(lo), f(hi)),
    ));
    ui.label(f(c.median));
    ui.label(format!("{:.0}", c.mean_nodes));
    let percent = |x: f64| format!("{:.1} %", 100.0 * x);
    ui.label(match c.reach.probability {
        Some(gw) => format!("{} ({})", percent(c.reach.share), percent(gw)),
        None => percent(c.reach.share),
    });
    ui.label(c.reach.mean.map_or_else(|| "—".into(), f));
    ui.label(f(c.complete.efficiency()));
    ui.label(c.thm11_efficiency.map_or_else(|| "—".into(), f));
    if ui
        .small_button(format!("Load n = {}, p = {}", c.n, c.p))
        .on_hover_text(
            "The cell's first random workload that grows to level n − 1, in the KS-BF workspace",
        )
        .clicked()
    {
        cmds.push(load(spec, c));
    }
    ui.end_row();
}

/// The command loading a cell's first random workload that grows to level n − 1 (the first
/// seed, `spec.seed`, when none does) into the KS-BF workspace.
fn load(spec: &StudySpec, c: &CellSummary) -> Cmd {
    let seed = c.reach.first_seed.unwrap_or(spec.seed);
    let params = spec.scenario(spec.shape, c.n, c.p, seed);
    let shape = spec.complete_shape().name();
    let which = match (c.reach.first_seed, seed.wrapping_sub(spec.seed)) {
        (None, _) => "none of its seeds grows to level n − 1; this is the first".to_string(),
        (Some(_), 0) => "its first seed, which grows to level n − 1".to_string(),
        (Some(_), k) => format!(
            "the first of its seeds that grows to level n − 1 ({k} before it died out earlier)"
        ),
    };
    Cmd::ShowScenario(Box::new(Preset::new(
        format!(
            "Random {shape}: n = {}, p = {}, q = {}, seed {seed}",
            c.n, c.p, spec.q
        ),
        format!(
            "A KS-BF study cell's workload, {which}: mean efficiency {:.4} over {} seeds, {:.4} \
             on the complete {shape}.",
            c.mean,
            c.count,
            c.complete.efficiency()
        ),
        Scenario::Ksbf(params),
    )))
}
