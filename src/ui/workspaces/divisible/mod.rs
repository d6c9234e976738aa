//! Workspace of the divisible-load model (Li 2011): controls, the Gantt chart of the simulated
//! timeline with a step bar, the h and β sweep plots, and the numbers. Everything it shows
//! comes from the report's run ([`crate::report::divisible::Run`]), computed in the
//! background.

mod help;
mod network;
mod turn;

use crate::model::registry::ModelId;
use crate::model::words::count;
use crate::report::secrecy::future_hides;
use egui::{RichText, Ui};
use serde::{Deserialize, Serialize};

use crate::jobs::Keyed;
use crate::lesson::models::divisible as divisible_lesson;
use crate::model::divisible::params::{B, BETA, H, SWEEP_BETA, SWEEP_H, max_height};
use crate::model::divisible::{
    Activity, AlgorithmChoice, DivisibleParams, Method, Network, Timeline,
};
use crate::model::{Cancelled, Progress};
use crate::report::divisible::{Over, Parts, Run};
use crate::report::format::{Precision, label_count, number};
use crate::report::{Content, Figure, ReportError};
use crate::ui::reveal::{Reveal, cut_at_marker, cut_gantt};
use crate::ui::widgets::compare_plot::{ComparePlot, PlotView, compare_plot};
use crate::ui::widgets::form::{Choice, about_section, choice, choices, combo, param_grid};
use crate::ui::widgets::gantt::{BarKind, GanttBar, GanttData, GanttView, gantt};
use crate::ui::widgets::numbers;
use crate::ui::widgets::slider::{Span, slider};
use crate::ui::widgets::step_bar::{StepState, step_bar, step_caption};
use crate::ui::widgets::{error_label, pending};
use crate::ui::workspace::{
    Checked, Regions, Workspace, jobs, nothing_plotted, run_or_reason, view_accessors,
};

/// Height the Gantt chart keeps under the network picture.
const GANTT_KEEP: f32 = 210.0;
/// Width (points) a group of the numbers (the instance, one method) takes side by side.
const GROUP_WIDTH: f32 = 300.0;

/// View state of the workspace (persisted; no model data).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DivisibleView {
    /// Method whose timeline the Gantt chart shows.
    pub shown: Method,
    /// Step bar state.
    pub step: StepState,
    /// Gantt zoom/pan.
    pub gantt: GanttView,
    /// Draw the network with each link's transfer in the current slot.
    pub network: bool,
    /// h plot axes.
    pub h_plot: PlotView,
    /// β plot axes.
    pub beta_plot: PlotView,
    /// h plot quantity.
    pub h_quantity: Quantity,
    /// β plot quantity.
    pub beta_quantity: Quantity,
    /// On the stage the plots take turns: the β sweep in front (else the h sweep).
    pub stage_beta: bool,
}

impl Default for DivisibleView {
    fn default() -> Self {
        DivisibleView {
            shown: Method::P,
            step: StepState::default(),
            gantt: GanttView::default(),
            network: false,
            // T_N spans β .. β/N: log y by default; β sweeps are log-spaced.
            h_plot: PlotView {
                log_x: false,
                log_y: true,
            },
            beta_plot: PlotView {
                log_x: true,
                log_y: true,
            },
            h_quantity: Quantity::Time,
            beta_quantity: Quantity::Speedup,
            stage_beta: false,
        }
    }
}

/// The report's run of one scenario (every method, both sweeps, the schedules), or why the
/// report could not be built.
type Evaluated = Result<Run, ReportError>;

/// The run of `params`, or None with why there is none drawn in its place (the parameters'
/// error, the run still computing, or the report's refusal).
fn evaluated<'a>(
    ui: &mut Ui,
    error: &Checked<DivisibleParams>,
    run: &'a Keyed<DivisibleParams, Evaluated>,
    params: &DivisibleParams,
    doing: &str,
) -> Option<&'a Run> {
    match run_or_reason(ui, error, run, params, doing)? {
        Ok(run) => Some(run),
        Err(e) => {
            error_label(ui, e.to_string());
            None
        }
    }
}

/// The workspace: view state plus the background evaluation of the scenario's run.
#[derive(Default)]
pub struct DivisiblePanel {
    /// Persisted view state.
    pub view: DivisibleView,
    run: Keyed<DivisibleParams, Evaluated>,
    error: Checked<DivisibleParams>,
    /// "Your turn" on the scenario.
    turn: crate::ui::exercise::Slot<DivisibleParams, turn::DivTurn>,
}

/// The full run of `params` (every method, both sweeps, the schedules), as File ▸ Export CSV
/// writes it.
fn full_run(params: &DivisibleParams, progress: &dyn Progress) -> Result<Evaluated, Cancelled> {
    super::uncancelled(Parts::full(params).build(params, progress))
}

impl Workspace for DivisiblePanel {
    type Params = DivisibleParams;
    const HELP: &'static str = help::HELP;
    fn field_caption(params: &DivisibleParams, key: &str) -> Option<String> {
        match key {
            "network" => Some(network_caption(params.network).to_string()),
            "algorithm" => Some(algorithm_caption(params.algorithm)),
            _ => None,
        }
    }
    view_accessors!(DivisibleView);

    fn select(&mut self, picture: Option<&str>, plot: Option<&str>) {
        if let Some(m) = picture.and_then(divisible_lesson::method_of) {
            self.view.shown = m;
        }
        if let Some((quantity, over)) = plot.and_then(|p| p.split_once(" vs ")) {
            let q = if quantity == "speedup" {
                Quantity::Speedup
            } else {
                Quantity::Time
            };
            match over {
                "h" => self.view.h_quantity = q,
                _ => self.view.beta_quantity = q,
            }
            self.view.stage_beta = over != "h";
        }
    }
    fn steps(&self, params: &DivisibleParams) -> usize {
        self.timeline(params).map_or(1, Timeline::step_count)
    }
    jobs!(run);
    const EXERCISE: bool = true;
    crate::ui::workspace::exercise_slot!(DivisibleParams, |p| &turn::key(p), turn::DivTurn::new);
    const REGIONS: Regions = Regions {
        controls: (270.0, 220.0),
        numbers: (330.0, 260.0),
        scroll_plots: true,
        ..Regions::DEFAULT
    };

    /// Starts the run of `params` in the background if they changed (latest wins).
    fn prepare(&mut self, ctx: &egui::Context, params: &DivisibleParams) {
        let job = (&mut self.run, "simulating C, P, Q and the sweeps");
        let p = params.clone();
        self.error.evaluate(
            ctx,
            params,
            DivisibleParams::validate,
            job,
            move |_, progress| full_run(&p, progress),
        );
    }
    fn controls(&mut self, ui: &mut Ui, params: &mut DivisibleParams) {
        ui.heading("Instance");
        let error = self.error.of(params).cloned();
        param_grid(ui, "divisible_params", error.as_ref(), |g| {
            g.row(
                "Network",
                "Complete b-ary tree (root holds the load) or pyramid (apex holds it; Li uses its spanning 4-ary tree, Section VII).",
                |ui| {
                    let all = [Network::Tree, Network::Pyramid];
                    choice(ui, "network", &mut params.network, &all, network_caption)
                },
            );
            let tree = params.network == Network::Tree;
            g.checked(B.field, B.symbol, &B.tooltip(), |ui| {
                ui.add_enabled_ui(tree, |ui| {
                    slider(ui, B.symbol, &mut params.b, &Span::of(&B))
                })
                .inner
            });
            // N = (b^(h+1) − 1)/(b − 1) must fit in 64 bits: h's top follows b.
            let h_max = max_height(params.arity().max(2) as u64) as i64;
            g.param(&H, &mut params.h, &Span::linear(0..=h_max));
            g.param(&BETA, &mut params.beta, &Span::of(&BETA));
            g.row(
                "Algorithm",
                "C: classic method (Section III). P: pipelined communications (Section IV). Q: pipelined with overlap of communication and computation (Section V).",
                |ui| {
                    let mut all = vec![AlgorithmChoice::All];
                    all.extend(Method::ALL.map(AlgorithmChoice::Only));
                    choice(ui, "algorithm", &mut params.algorithm, &all, algorithm_caption)
                },
            );
        });
        if let Some(run) = self.run.ok_for(params) {
            // Written as the Numbers table writes it (2^64 − 1 compactly), whole on hover.
            let n = run.outcome.instance.n.to_string();
            let short = crate::report::format::cell(
                &crate::report::Cell::Text(n.clone()),
                Precision::Table,
            );
            let processors = crate::model::words::noun(run.outcome.instance.n, "processor");
            let label = ui.label(format!("N = {short} {processors}"));
            if short != n {
                label.on_hover_text(format!("N = {n}"));
            }
        }
        ui.separator();
        ui.heading("Sweeps");
        param_grid(ui, "divisible_sweeps", error.as_ref(), |g| {
            g.param(&SWEEP_H, &mut params.sweep_h_max, &Span::of(&SWEEP_H));
            // The β sweep runs over [from, to] with from < to.
            let tooltip = SWEEP_BETA.tooltip();
            let (lo, hi) = &mut params.sweep_beta;
            let (bottom, top) = SWEEP_BETA.range;
            let (rail_lo, rail_hi) = SWEEP_BETA.rail;
            let from = Span::log(bottom..=hi.next_down()).rail(rail_lo..=rail_hi);
            g.slider("", "β from", &tooltip, lo, &from);
            let to = Span::log(lo.next_up()..=top).rail(rail_lo..=rail_hi);
            g.slider(SWEEP_BETA.field, "β to", &tooltip, hi, &to);
        });
        about_section(ui, help::HELP, |_| {});
    }
    fn picture(&mut self, ui: &mut Ui, params: &mut DivisibleParams) {
        let params = &*params;
        self.timeline_header(ui, params);
        let doing = "simulating C, P and Q";
        let Some(run) = evaluated(ui, &self.error, &self.run, params, doing) else {
            return;
        };
        let method = self.shown_method(params);
        let Some(t) = run.outcome.get(method).map(|r| r.timeline.clone()) else {
            return;
        };
        let n_steps = t.step_count();
        self.view.step.clamp(n_steps);
        let hold = ends_in_answer(ui.ctx(), method);
        self.view.step.hold = hold;
        let short = |k: usize| format!("t = {}", time_text(t.step_time(k)));
        step_bar(ui, &mut self.view.step, n_steps, &short);
        let step = self.view.step.step;
        let cursor = t.step_time(step);
        let prev = t.step_time(step.saturating_sub(1));
        step_caption(
            ui,
            &step_headline(&t, step),
            slot_detail(&t, step).as_deref(),
        );
        if self.view.network {
            network::network(ui, &t, prev, cursor, GANTT_KEEP);
        }
        // Hide the future (the shared switch): bars only up to the cursor.
        let reveal = Reveal::of(ui.ctx()).at(step, n_steps).holding(hold);
        let data = gantt_data(&t, reveal, cursor);
        if let Some(clicked) = gantt(
            ui,
            "divisible_gantt",
            &data,
            &mut self.view.gantt,
            Some(cursor),
        ) {
            // Jump to the first step at or after the clicked time.
            let k = (0..n_steps)
                .find(|&k| t.step_time(k) >= clicked)
                .unwrap_or(n_steps - 1);
            self.view.step.step = k;
            self.view.step.playing = false;
        }
    }
    fn plots(&mut self, ui: &mut Ui, params: &mut DivisibleParams) {
        let params = &*params;
        if self.error.of(params).is_some() {
            ui.heading("Plots");
            nothing_plotted(ui);
            return;
        }
        let mut first: Option<f32> = None;
        // On the stage one plot at a time, as tall as the room (two would each be a strip
        // under their legends); a switch in its first row brings the other.
        let stage = crate::ui::frame::on_stage(ui.ctx());
        let sweeps = match (stage, self.view.stage_beta) {
            (false, _) => vec![Over::H, Over::Beta],
            (true, false) => vec![Over::H],
            (true, true) => vec![Over::Beta],
        };
        for over in sweeps {
            if over == Over::Beta && !stage {
                ui.separator();
            }
            let top = ui.cursor().top();
            self.quantity_row(ui, over);
            if self.run.is_running() || self.run.failure().is_some() {
                pending(ui, self.run.failure(), "computing…");
            }
            // Both plots fit the column: the first takes half of what is left once the second
            // plot's row (as tall as this one) and the separator are set aside.
            let row = ui.cursor().top() - top;
            let room = ui.available_height();
            let height = match first {
                None if stage => (room - 4.0).floor().max(150.0),
                None => ((room - row - 12.0) / 2.0).floor().max(200.0),
                Some(first) => first.min(room).max(200.0),
            };
            first.get_or_insert(height);
            let mut plot = self.sweep_plot(over, ui.ctx());
            // Hide the future: this instance's point (the answer) and beyond wait for the end,
            // and for the last move while Your turn is played (`Reveal::turn`).
            let reveal = Reveal::of(ui.ctx());
            cut_at_marker(&mut plot, reveal, ui.ctx());
            let (id, view) = match over {
                Over::H => ("divisible_h_plot", &mut self.view.h_plot),
                Over::Beta => ("divisible_beta_plot", &mut self.view.beta_plot),
            };
            ui.allocate_ui(egui::vec2(ui.available_width(), height), |ui| {
                compare_plot(ui, id, &plot, view);
            });
        }
        crate::ui::workspace::recompute(ui, &mut self.run);
    }
    fn pseudocode(
        &self,
        params: &DivisibleParams,
    ) -> Option<crate::ui::widgets::pseudocode::PseudoStep> {
        let t = self.timeline(params)?;
        let e = crate::model::explain::divisible(t, self.view.step.step);
        Some(crate::ui::widgets::pseudocode::PseudoStep::explained(
            vec![t.method.name()],
            e,
        ))
    }
    fn numbers(&mut self, ui: &mut Ui, params: &mut DivisibleParams) {
        let params = &*params;
        ui.heading("Numbers");
        let Some(run) = evaluated(ui, &self.error, &self.run, params, "simulating") else {
            return;
        };
        // Hide the future: the times, speedups and ratios are the end of the timeline.
        let reveal = Reveal::of(ui.ctx());
        if reveal.hiding() {
            let until = reveal.until();
            ui.label(RichText::new(format!("Times, speedups and ratios: {until}")).weak());
        }
        let hidden = reveal.hides(future_hides(ModelId::Divisible));
        let figures = run.figures();
        // The instance and the comparisons, then one column per method.
        let first = "instance and ratios";
        let mut groups: Vec<(String, Vec<Figure>)> = vec![(first.into(), Vec::new())];
        for f in figures {
            let method = f
                .key
                .strip_prefix("algorithms.")
                .and_then(|k| k.split_once('.'));
            let title = method.map_or(first.to_string(), |(m, _)| format!("method {m}"));
            match groups.iter_mut().find(|(g, _)| *g == title) {
                Some((_, group)) => group.push(f),
                None => groups.push((title, vec![f])),
            }
        }
        // As many groups side by side as the room holds (a narrow drawer: one under the
        // other), each fitting its column.
        let per_row = ((ui.available_width() / GROUP_WIDTH) as usize).clamp(1, groups.len().max(1));
        for chunk in groups.chunks(per_row) {
            ui.columns(per_row, |cols| {
                for ((title, group), ui) in chunk.iter().zip(cols.iter_mut()) {
                    ui.strong(title);
                    numbers::figures(ui, &format!("divisible_numbers {title}"), group, &hidden);
                }
            });
            ui.add_space(6.0);
        }
    }
}

impl DivisiblePanel {
    fn shown_method(&self, params: &DivisibleParams) -> Method {
        params.algorithm.shown(self.view.shown)
    }

    fn timeline<'a>(&'a self, params: &DivisibleParams) -> Option<&'a Timeline> {
        let m = self.shown_method(params);
        self.run.ok_for(params)?.outcome.get(m).map(|r| &r.timeline)
    }

    /// The picture's heading with the method tabs and the network switch.
    fn timeline_header(&mut self, ui: &mut Ui, params: &DivisibleParams) {
        // Wrapped: a row running out of the picture would widen everything under it; clear
        // of the export buttons' corner.
        // On the stage the menu bar names the model and the chart needs the row: the tabs alone.
        let stage = crate::ui::frame::on_stage(ui.ctx());
        crate::ui::widgets::corner::beside_corner(ui, |ui| {
            // A tab that does not fit goes whole onto the next row (at 200 % type "method C"
            // and "network" broke inside their words).
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            if !stage {
                ui.heading("Timeline");
            }
            // A printed figure says which schedule it draws, as text.
            if crate::ui::frame::exporting(ui.ctx()) {
                let mut shown = vec![divisible_lesson::tab(self.shown_method(params)).to_owned()];
                if self.view.network {
                    shown.push("network".to_owned());
                }
                crate::ui::widgets::form::chosen(ui, &shown.join(" · "));
                return;
            }
            if params.algorithm == AlgorithmChoice::All {
                if !stage {
                    ui.label("show:");
                }
                for m in Method::ALL {
                    ui.selectable_value(&mut self.view.shown, m, divisible_lesson::tab(m))
                        .on_hover_text(format!(
                            "Show the simulated schedule of method {}",
                            m.name()
                        ));
                }
            }
            ui.checkbox(&mut self.view.network, "network")
                .on_hover_text("Draw the network: what each link carries and each level does in the current slot");
        });
    }

    /// The quantity menu above the plot over `over`.
    fn quantity_row(&mut self, ui: &mut Ui, over: Over) {
        let (caption, id, hover, quantity) = match over {
            Over::Beta => (
                "Plot of β:",
                "beta_quantity",
                "y axis of the β plot",
                &mut self.view.beta_quantity,
            ),
            Over::H => (
                "Plot of h:",
                "h_quantity",
                "y axis of the h plot",
                &mut self.view.h_quantity,
            ),
        };
        // (The first row of the plots: clear of their export buttons.)
        let stage = crate::ui::frame::on_stage(ui.ctx());
        let beta = &mut self.view.stage_beta;
        crate::ui::widgets::corner::beside_corner(ui, |ui| {
            if stage {
                ui.selectable_value(beta, false, "h sweep")
                    .on_hover_text("The plot against the tree's height h");
                ui.selectable_value(beta, true, "β sweep")
                    .on_hover_text("The plot against the granularity β at this h");
                ui.separator();
            }
            let l = ui.label(caption);
            combo(ui, id, quantity)
                .on_hover_text(hover)
                .labelled_by(l.id);
        });
        // (The legend names each series: simulated points, closed-form lines, dashed limits.)
    }

    /// The report's plot over `over` of the quantity chosen (of the latest run: the plot
    /// stays while a newer run is computed), marked at the run's instance.
    fn sweep_plot(&self, over: Over, ctx: &egui::Context) -> ComparePlot {
        let quantity = match over {
            Over::H => self.view.h_quantity,
            Over::Beta => self.view.beta_quantity,
        };
        let run = self.run.latest().and_then(|r| r.as_ref().ok());
        let section = run.and_then(|r| r.plot(over, quantity == Quantity::Speedup));
        let x = match over {
            Over::H => "h",
            Over::Beta => "β",
        };
        let mut plot = match section {
            Some(s) => match &s.content {
                Content::Series(set) => {
                    let title = s.name.strip_prefix("plot: ").unwrap_or(&s.name);
                    ComparePlot::of(title, set)
                }
                _ => ComparePlot::of(&s.name, &empty_set(x)),
            },
            None => ComparePlot::of(format!("{} vs {x}", quantity.caption()), &empty_set(x)),
        };
        let x_of = |p: &DivisibleParams| match over {
            Over::H => p.h as f64,
            Over::Beta => p.beta,
        };
        plot.x_marker = run.map(|r| x_of(&r.params));
        // The question's run, when this sweep passes through it (li step 7's "move h": the β
        // sweep at another height does not).
        plot.asked_x = crate::ui::reveal::asked_x(ctx, |p| run?.passes_through(over, p));
        plot
    }
}

/// A plot with no curves yet, over `x`.
fn empty_set(x: &str) -> crate::report::SeriesSet {
    crate::report::SeriesSet {
        x: x.into(),
        y: String::new(),
        series: Vec::new(),
    }
}

/// A time in the step bar, captions and tooltips.
fn time_text(t: f64) -> String {
    number(t, Precision::Table)
}

/// The step caption's headline at step position `k`.
fn step_headline(t: &Timeline, k: usize) -> String {
    let time = time_text(t.step_time(k));
    let levels = t.levels.len();
    if k == 0 {
        "t = 0: the root holds the whole load".to_string()
    } else if k + 1 == t.step_count() {
        format!("t = {time}: all {} done (T_N)", count(levels, "level"))
    } else if t.method == Method::C {
        format!("t = {time}: level {k} has received its fraction")
    } else {
        format!("t = {time}: end of slot τ_{k}")
    }
}

/// What happens in the slot ending at step position `step`, level by level (a few levels; the
/// rest is in the Gantt chart): the model's [`Timeline::slot_at`], the amounts the pseudo-code
/// pane's why gives too.
fn slot_detail(t: &Timeline, step: usize) -> Option<String> {
    // A line at the start too: the first step's line pushed the Gantt chart and its buttons
    // down under the pointer.
    if step == 0 {
        return Some("Nothing has been sent or computed yet.".into());
    }
    let mut lines: Vec<(usize, Vec<String>)> = Vec::new();
    for (iv, part) in t.slot_at(step) {
        let what = match iv.activity {
            Activity::Receive => "receives",
            Activity::Send => "sends each child",
            Activity::Compute => "computes",
        };
        let text = format!("{what} {}", time_text(part));
        match lines.iter_mut().find(|(l, _)| *l == iv.level) {
            Some((_, parts)) => parts.push(text),
            None => lines.push((iv.level, vec![text])),
        }
    }
    lines.sort_by_key(|(l, _)| *l);
    let lines: Vec<String> = lines
        .into_iter()
        .map(|(l, parts)| format!("level {l}: {}", parts.join(", ")))
        .collect();
    let shown = lines.len().min(3);
    let mut text = lines[..shown].join("   ·   ");
    if lines.len() > shown {
        text.push_str(&format!("   · … {} more levels", lines.len() - shown));
    }
    let (prev, cursor) = (t.step_time(step - 1), t.step_time(step));
    Some(format!(
        "In [{}, {}), per processor: {text}",
        time_text(prev),
        time_text(cursor)
    ))
}

/// Whether method `m`'s timeline ends at what an open question on the shown run hides, its
/// time (li step 5 asks T_P/T_Q with Q's schedule shown whole: P's end is the answer): then
/// its step bar and Gantt chart wait for Reveal, whatever "Hide the future" says.
fn ends_in_answer(ctx: &egui::Context, m: Method) -> bool {
    let Some(secret) = crate::ui::frame::secret(ctx) else {
        return false;
    };
    ["time", "simulated_time"].iter().any(|figure| {
        let key = format!(
            "{}.{}.{figure}",
            crate::report::keys::divisible::ALGORITHMS,
            m.name()
        );
        secret.hides_field(&key)
    })
}

/// The Gantt chart of timeline `t`: one row per level, one bar per interval, cut at the
/// cursor while the future is hidden.
fn gantt_data(t: &Timeline, reveal: Reveal, cursor: f64) -> GanttData {
    let rows = t
        .levels
        .iter()
        .enumerate()
        .map(|(l, lv)| format!("L{l} ×{}", label_count(lv.processors)))
        .collect();
    let bars = t
        .intervals
        .iter()
        .map(|iv| {
            let (kind, what) = match iv.activity {
                Activity::Receive => (BarKind::Receive, "receive"),
                Activity::Send => (BarKind::Send, "send to each child"),
                Activity::Compute => (BarKind::Compute, "compute"),
            };
            GanttBar {
                row: iv.level,
                start: iv.start,
                end: iv.end,
                kind,
                tooltip: format!(
                    "level {} ({}) — {what}\namount {} per processor\nfraction addressed to level {}\n[{}, {}]",
                    iv.level,
                    turn::processors(t.levels[iv.level].processors),
                    time_text(iv.amount),
                    iv.dest,
                    time_text(iv.start),
                    time_text(iv.end)
                ),
                color: None,
                line: Some((
                    t.method.name(),
                    crate::model::explain::divisible_line(t, iv),
                )),
            }
        })
        .collect();
    let data = GanttData {
        rows,
        bars,
        time_label: "time (T_cm = 1)".into(),
        ..Default::default()
    };
    cut_gantt(data, reveal, cursor, t.finish)
}

// What the view's tabs and combo boxes offer, with their captions.
choices! {
    /// What the sweep plots show on the y axis.
    pub enum Quantity {
        /// Parallel processing time T_N.
        Time = "parallel time T_N",
        /// Speedup S_N = β / T_N.
        Speedup = "speedup S_N",
    }
}

/// The Network menu's caption of `n`.
fn network_caption(n: Network) -> &'static str {
    match n {
        Network::Tree => "complete b-ary tree",
        Network::Pyramid => "pyramid",
    }
}

/// The Algorithm menu's caption of `a`.
fn algorithm_caption(a: AlgorithmChoice) -> String {
    match a {
        AlgorithmChoice::All => "all three (compare)".to_string(),
        AlgorithmChoice::Only(m) => format!("{} only", m.name()),
    }
}
