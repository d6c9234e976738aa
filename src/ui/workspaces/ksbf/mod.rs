//! Workspace of the KS-BF model (Gao & Rosenberg): controls, the ring / Gantt / tree-or-grid
//! pictures stepped one time step at a time, the makespan and work plots, and the numbers.

use std::f32::consts::TAU;

use egui::{Color32, Pos2, RichText, Sense, Stroke, Ui, Vec2};
use egui_plot::{Bar, BarChart, Line};
use serde::{Deserialize, Serialize};

use crate::jobs::Keyed;
use crate::model::ksbf::{
    self, Balance, DISCREPANCIES, KsbfParams, LemmaCheck, NodeId, Outcome, SeedPoint, Shape,
    SweepPoint, Theory, n_points, p_points, seed_points, summarize, sweep, sweep_seeds,
};
use crate::ui::widgets::compare_plot::{
    ComparePlot, PlotView, Series, SeriesStyle, compare_plot, cumulative, labelled_plot,
};
use crate::ui::widgets::form::{
    about_section, choices, combo, heading_tabs, param_grid, plot_header,
};
use crate::ui::widgets::gantt::{BarKind, GanttBar, GanttData, GanttView, gantt};
use crate::ui::widgets::legend::{Swatch, Track, bar_tracks, corners, free_legend, plot_id};
use crate::ui::widgets::palette;
use crate::ui::widgets::result_table::result_table;
use crate::ui::widgets::slider::{Span, largest_accepted};
use crate::ui::widgets::step_bar::{StepState, step_bar, step_caption};
use crate::ui::widgets::tree::{NodeStyle, TreeDrawing, tree};
use crate::ui::workspace::{
    Checked, Regions, Workspace, jobs, nothing_plotted, repainter, run_or_reason, view_accessors,
};

/// View state (persisted).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct KsbfView {
    /// Step bar over time steps.
    pub step: StepState,
    /// Picture.
    pub picture: KsPicture,
    /// Gantt zoom.
    pub gantt: GanttView,
    /// Plot.
    pub plot: KsPlot,
    /// Plot axes.
    pub plot_view: PlotView,
    /// Seeds of the random-workload study.
    pub seeds: u64,
    /// Colour the tree / grid by Lemma 1.1's PE (Wgt(x) mod p, or k mod p) instead of the
    /// PE that ran each node.
    pub by_weight: bool,
}

impl Default for KsbfView {
    fn default() -> Self {
        KsbfView {
            step: StepState::default(),
            picture: KsPicture::Ring,
            gantt: GanttView::default(),
            plot: KsPlot::VsN,
            plot_view: PlotView::default(),
            seeds: 100,
            by_weight: false,
        }
    }
}

struct Evaluated {
    outcome: Outcome,
    theory: Theory,
    /// Lemma 1.1 checked on the recorded run (None when the run is too big to record).
    lemma: Option<LemmaCheck>,
}

/// The workspace.
#[derive(Default)]
pub struct KsbfPanel {
    /// Persisted view state.
    pub view: KsbfView,
    evaluated: Keyed<KsbfParams, Evaluated>,
    error: Checked<KsbfParams>,
    vs_n: Keyed<KsbfParams, Vec<SweepPoint>>,
    vs_p: Keyed<KsbfParams, Vec<SweepPoint>>,
    seeds: Keyed<(KsbfParams, u64), Vec<SeedPoint>>,
}

/// A PE's colour (a fixed, distinguishable palette, cycling).
pub fn pe_color(pe: u32) -> Color32 {
    palette::category(pe as usize)
}

impl Workspace for KsbfPanel {
    type Params = KsbfParams;
    view_accessors!(KsbfView, picture: picture, plot: plot);
    fn steps(&self, params: &KsbfParams) -> usize {
        // Every time step, then the end state.
        self.current(params)
            .and_then(|e| e.outcome.trace.as_ref())
            .map_or(1, |t| t.steps.len() + 1)
    }
    jobs!(evaluated, vs_n, vs_p, seeds);
    const REGIONS: Regions = Regions {
        controls: (250.0, 210.0),
        ..Regions::DEFAULT
    };

    /// Starts the background work for `params` if it changed (latest wins).
    fn prepare(&mut self, ctx: &egui::Context, params: &KsbfParams) {
        let job = (&mut self.evaluated, "simulating");
        let checked =
            self.error
                .evaluate(ctx, params, KsbfParams::validate, job, |vv, progress| {
                    let outcome = ksbf::simulate_with(&vv, progress)?;
                    let lemma = outcome.trace.as_ref().map(|t| ksbf::lemma11(t, vv.p));
                    Ok(Evaluated {
                        outcome,
                        theory: ksbf::theory(&vv),
                        lemma,
                    })
                });
        let Some(v) = checked else {
            return;
        };
        // Makespan vs n at this p (n up to the current n, capped to stay quick), and vs p.
        let n_hi = params
            .n
            .clamp(2, if params.shape.is_grid() { 400 } else { 20 });
        let ns: Vec<u32> = (1..=n_hi).collect();
        let base = v.clone();
        self.vs_n
            .request(params.clone(), "makespan vs n", repainter(ctx), move |p| {
                sweep(&n_points(&base, &ns).unwrap_or_default(), p)
            });
        let p_hi = params.p.clamp(2, 64).max(params.p.min(256));
        // Every p for small workloads; powers of two (and p itself) for big ones, so the sweep
        // stays a few seconds even for T_26.
        let ps: Vec<u32> = if params.max_nodes() <= 1 << 20 {
            (1..=p_hi).collect()
        } else {
            let mut v: Vec<u32> = (0..=8).map(|k| 1u32 << k).filter(|&q| q <= p_hi).collect();
            if !v.contains(&params.p) {
                v.push(params.p);
                v.sort_unstable();
            }
            v
        };
        let base = v.clone();
        self.vs_p
            .request(params.clone(), "makespan vs p", repainter(ctx), move |p| {
                sweep(&p_points(&base, &ps).unwrap_or_default(), p)
            });
        if params.shape.is_random() {
            let count = self.view.seeds.max(1);
            self.seeds.request(
                (params.clone(), count),
                format!("{count} seeds"),
                repainter(ctx),
                move |p| sweep_seeds(&seed_points(&v, count), p),
            );
        }
    }
    fn controls(&mut self, ui: &mut Ui, params: &mut KsbfParams) {
        ui.heading("Instance");
        param_grid(ui, "ks_params", self.error.of(params), |g| {
            g.named("Workload", "tree: complete binary tree T_n (2^n − 1 nodes) · grid: pyramidal grid G_n (C(n+1, 2) nodes) · random tree/grid (spawn probability q, seeded) · the adversarial families of Section 1.3", "ks_shape", &mut params.shape);
            // n and p bound each other (the two-row grid spans p + n + 1 levels), and n's
            // top depends on the workload: each range is what the model accepts given the
            // others, so no position of either slider is refused.
            let n_top = top_accepted(params, "n", |q, n| q.n = n);
            let n_span = if n_top <= 64 {
                Span::linear(1..=n_top)
            } else {
                Span::log(1..=n_top)
            };
            g.slider(
                "n",
                "n",
                "Size: tree height n (T_n), grid side n (G_n), depth cap of random trees, h of the sparse tree; at most what the memory limit allows for this workload and p.",
                &mut params.n,
                &n_span,
            );
            let p_top = top_accepted(params, "p", |q, p| q.p = p);
            g.slider(
                "p",
                "p",
                "Ring size: PEs P_0 … P_{p−1}, each sends to its clockwise neighbour (1 to 4096).",
                &mut params.p,
                &Span::log(1..=p_top),
            );
            if params.shape.is_random() {
                g.slider(
                    "spawn_prob",
                    "q",
                    "Spawn probability: an executed task spawns its children with probability q.",
                    &mut params.spawn_prob,
                    &Span::linear(0.0..=1.0),
                );
                g.slider(
                    "",
                    "seeds",
                    "Seeds of the efficiency study (plot “efficiency over seeds”).",
                    &mut self.view.seeds,
                    &Span::log(1..=2000),
                );
            }
            g.slider(
                "",
                "seed",
                "Seed of the random workload and of the random policy (the rail spans 0…10^6).",
                &mut params.seed,
                &Span::log(0..=u64::MAX).rail(0..=1_000_000),
            );
            g.named("Balancing", "ks: keep the left child, send the right child clockwise (the paper's) · none: keep both · random: send a seeded random child", "ks_balance", &mut params.balance);
            g.named("Scheduling", "bf: locally breadth-first (level, then left to right; the paper's) · df: depth-first", "ks_schedule", &mut params.schedule);
        });
        about_section(ui, crate::ui::help::KSBF, |ui| {
            for d in DISCREPANCIES {
                ui.label(RichText::new(d.location).strong());
                ui.label(format!("printed: {}", d.printed));
                ui.label(format!("correct: {}", d.correct));
            }
        });
    }
    fn picture(&mut self, ui: &mut Ui, params: &mut KsbfParams) {
        let params = &*params;
        heading_tabs(ui, "Execution", &mut self.view.picture);
        let Some(ev) = run_or_reason(ui, &self.error, &self.evaluated, params, "simulating…")
        else {
            return;
        };
        let Some(trace) = &ev.outcome.trace else {
            ui.label(RichText::new(format!(
                "{} nodes: too many to step through (at most {} are recorded); the numbers and plots cover the whole run.",
                ev.outcome.nodes,
                ksbf::RECORD_NODE_LIMIT
            )).weak());
            return;
        };
        // Every time step, then the end state.
        let n_steps = trace.steps.len() + 1;
        self.view.step.clamp(n_steps);
        let label = |k: usize| {
            if k < trace.steps.len() {
                format!("step {k}")
            } else {
                "the end".to_owned()
            }
        };
        step_bar(ui, &mut self.view.step, n_steps, &label);
        let k = self.view.step.step;
        let p = params.p;
        let end = trace.steps.get(k).is_none();
        if end {
            step_caption(
                ui,
                &format!(
                    "Done: all {} nodes ran in {} steps",
                    ev.outcome.nodes, ev.outcome.makespan
                ),
                Some(&format!(
                    "Makespan {} on {p} PEs · every PE idle, every queue empty",
                    ev.outcome.makespan
                )),
            );
        }
        if let Some(st) = trace.steps.get(k) {
            let ran: Vec<String> = st
                .ran
                .iter()
                .enumerate()
                .filter_map(|(i, x)| x.map(|n| format!("P_{i}: {n}")))
                .collect();
            step_caption(
                ui,
                &format!(
                    "Step {k}: {} of {p} PEs busy{}",
                    ran.len(),
                    match st.sends.len() {
                        0 => String::new(),
                        1 => ", 1 right child sent clockwise".to_string(),
                        k => format!(", {k} right children sent clockwise"),
                    }
                ),
                Some(&if ran.is_empty() {
                    "No PE runs a node.".to_string()
                } else {
                    format!(
                        "Running: {}{}",
                        ran.iter().take(8).cloned().collect::<Vec<_>>().join(", "),
                        if ran.len() > 8 { ", …" } else { "" }
                    )
                }),
            );
        }
        match self.view.picture {
            KsPicture::Ring => ring(ui, p, trace.steps.get(k)),
            KsPicture::Gantt => {
                let max_level = trace.nodes.iter().map(|r| r.level).max().unwrap_or(0);
                let bars = trace
                    .nodes
                    .iter()
                    .map(|r| GanttBar {
                        row: r.pe as usize,
                        start: r.step as f64,
                        end: r.step as f64 + 1.0,
                        kind: BarKind::Compute,
                        tooltip: format!(
                            "node {} (level {}) on P_{} at step {}",
                            r.node, r.level, r.pe, r.step
                        ),
                        color: Some(level_color(r.level, max_level)),
                        // The step that ran it: the schedule's "execute one task" line.
                        line: Some((params.schedule.name(), "1")),
                    })
                    .collect();
                // Hide the future: the nodes run after this step wait.
                let reveal = crate::ui::reveal::Reveal::of(ui.ctx()).at(k, n_steps);
                let data = GanttData {
                    rows: (0..p).map(|i| format!("P_{i}")).collect(),
                    bars: crate::ui::reveal::cut_bars(bars, reveal.x_limit(k as f64 + 1.0)),
                    time_label: "step".into(),
                    legend: vec![
                        (level_color(0, max_level), "level 0".into()),
                        (
                            level_color(max_level / 2, max_level),
                            format!("level {}", max_level / 2),
                        ),
                        (
                            level_color(max_level, max_level),
                            format!("level {max_level}"),
                        ),
                    ],
                    extent: (!reveal.hiding()).then_some((0.0, ev.outcome.makespan as f64)),
                };
                if let Some(t) = gantt(
                    ui,
                    "ks_gantt",
                    &data,
                    &mut self.view.gantt,
                    Some(if end { k as f64 } else { k as f64 + 0.5 }),
                ) {
                    self.view.step.step = (t.max(0.0) as usize).min(n_steps - 1);
                }
            }
            KsPicture::Workload => {
                lemma_row(ui, params, ev.lemma.as_ref(), &mut self.view.by_weight);
                workload(ui, params, trace, k as u64, self.view.by_weight);
            }
            KsPicture::Split => {
                lemma_row(ui, params, ev.lemma.as_ref(), &mut self.view.by_weight);
                let by_weight = self.view.by_weight;
                ui.columns(2, |cols| {
                    ring(&mut cols[0], p, trace.steps.get(k));
                    workload(&mut cols[1], params, trace, k as u64, by_weight);
                });
            }
        }
    }
    fn plots(&mut self, ui: &mut Ui, params: &mut KsbfParams) {
        let params = &*params;
        let busy = self.vs_n.is_running() || self.vs_p.is_running() || self.seeds.is_running();
        plot_header(ui, busy, |ui| combo(ui, "ks_plot", &mut self.view.plot));
        if self.error.of(params).is_some() {
            nothing_plotted(ui);
            return;
        }
        match self.view.plot {
            KsPlot::VsN | KsPlot::VsP => {
                let by_n = self.view.plot == KsPlot::VsN;
                let data = if by_n { &self.vs_n } else { &self.vs_p };
                let pts: &[SweepPoint] = data.current().map_or(&[], |p| p.as_slice());
                let x = |s: &SweepPoint| if by_n { s.n as f64 } else { s.p as f64 };
                let mut series = vec![
                    Series {
                        name: "simulated makespan".into(),
                        points: pts.iter().map(|s| [x(s), s.makespan as f64]).collect(),
                        style: SeriesStyle::Points,
                        color: Some(palette::SIMULATED),
                    },
                    Series {
                        name: "ideal N/p".into(),
                        points: pts.iter().map(|s| [x(s), s.ideal]).collect(),
                        style: SeriesStyle::DashedLine,
                        color: Some(palette::REFERENCE),
                    },
                ];
                let opt_line = |name: &str, f: &dyn Fn(&SweepPoint) -> Option<f64>, c| Series {
                    name: name.into(),
                    points: pts.iter().filter_map(|s| Some([x(s), f(s)?])).collect(),
                    style: SeriesStyle::Line,
                    color: Some(c),
                };
                series.push(opt_line(
                    "Theorem 1.1 bound",
                    &|s| s.bounds.thm11,
                    palette::BOUND,
                ));
                series.push(opt_line(
                    "Thm 2.2: p + max W_i",
                    &|s| s.bounds.thm22.map(|v| v as f64),
                    palette::category(1),
                ));
                series.push(opt_line(
                    "Thm 3.2: max(W_i + i)",
                    &|s| s.bounds.thm32.map(|v| v as f64),
                    palette::category(2),
                ));
                series.retain(|s| !s.points.is_empty());
                let mut plot = ComparePlot {
                    title: if by_n {
                        format!("makespan vs n (p = {})", params.p)
                    } else {
                        format!("makespan vs p (n = {})", params.n)
                    },
                    x_label: if by_n { "n" } else { "p" }.into(),
                    y_label: "steps".into(),
                    series,
                    x_marker: Some(if by_n {
                        params.n as f64
                    } else {
                        params.p as f64
                    }),
                };
                // Hide the future: this instance's makespan is the answer.
                crate::ui::reveal::cut_at_marker(
                    &mut plot,
                    crate::ui::reveal::Reveal::of(ui.ctx()),
                );
                compare_plot(ui, "ks_sweep_plot", &plot, &mut self.view.plot_view);
            }
            KsPlot::Work => {
                let Some(ev) = self.evaluated.for_key(params) else {
                    return;
                };
                let ideal = ev.outcome.ideal();
                let bars: Vec<Bar> = ev
                    .outcome
                    .work
                    .iter()
                    .enumerate()
                    .map(|(i, &w)| {
                        Bar::new(i as f64, w as f64)
                            .width(0.6)
                            .name(format!("P_{i}"))
                    })
                    .collect();
                let exact = ev.theory.work.clone();
                let p = params.p as f64;
                // The legend in the corner the bars, the ideal line and the exact shares
                // leave free.
                let tops = bar_tracks(
                    ev.outcome
                        .work
                        .iter()
                        .enumerate()
                        .map(|(i, &w)| [i as f64, w as f64]),
                );
                let ideal_line = [[-0.5, ideal], [p - 0.5, ideal]];
                let exact_pts: Vec<[f64; 2]> = exact
                    .iter()
                    .flatten()
                    .enumerate()
                    .map(|(i, &x)| [i as f64, x as f64])
                    .collect();
                let mut tracks: Vec<Track<'_>> = tops.iter().map(|t| Track::Line(t)).collect();
                tracks.push(Track::Line(&ideal_line));
                tracks.push(Track::Points(&exact_pts));
                let pid = plot_id(ui, "ks_work");
                let legend = free_legend(
                    ui,
                    pid,
                    &[
                        (palette::SIMULATED, Swatch::Band, "simulated W_i"),
                        (palette::REFERENCE, Swatch::Line, "ideal N/p"),
                        (
                            palette::BOUND,
                            Swatch::Marker,
                            "exact W_i (Thm 2.1/3.1, corrected)",
                        ),
                    ],
                    &tracks,
                    corners(false),
                );
                labelled_plot(pid, "PE i", "work W_i", legend).show(ui, |pl| {
                    pl.bar_chart(BarChart::new("simulated W_i", bars).color(palette::SIMULATED));
                    pl.line(
                        Line::new("ideal N/p", vec![[-0.5, ideal], [p - 0.5, ideal]])
                            .color(palette::REFERENCE),
                    );
                    if let Some(w) = exact {
                        let pts: Vec<[f64; 2]> = w
                            .iter()
                            .enumerate()
                            .map(|(i, &x)| [i as f64, x as f64])
                            .collect();
                        pl.points(
                            egui_plot::Points::new("exact W_i (Thm 2.1/3.1, corrected)", pts)
                                .radius(4.0)
                                .color(palette::BOUND),
                        );
                    }
                });
            }
            KsPlot::Seeds => {
                if !params.shape.is_random() {
                    ui.label(
                        "The seed study is for the random workloads (random tree / random grid).",
                    );
                    return;
                }
                let Some(pts) = self.seeds.current() else {
                    return;
                };
                if let Some(sm) = summarize(pts) {
                    ui.label(format!(
                        "efficiency over {} seeds: min {:.3}, median {:.3}, mean {:.3}, max {:.3}",
                        sm.count, sm.min, sm.median, sm.mean, sm.max
                    ));
                }
                let plot = ComparePlot {
                    title: "fraction of seeds with efficiency ≤ E".into(),
                    x_label: "efficiency E = N/(p·makespan)".into(),
                    y_label: "fraction".into(),
                    series: vec![Series {
                        name: "KS-BF on random workloads".into(),
                        points: cumulative(pts.iter().map(|s| s.efficiency).collect()),
                        style: SeriesStyle::Line,
                        color: Some(palette::SIMULATED),
                    }],
                    x_marker: None,
                };
                compare_plot(ui, "ks_seed_plot", &plot, &mut self.view.plot_view);
            }
        }
    }
    fn pseudocode(
        &self,
        params: &KsbfParams,
    ) -> Option<crate::ui::widgets::pseudocode::PseudoStep> {
        use crate::model::explain;
        let ev = self.current(params)?;
        let trace = ev.outcome.trace.as_ref()?;
        let k = self.view.step.step;
        let (b, s) = (params.balance.name(), params.schedule.name());
        let mut e = match trace.steps.get(k) {
            Some(st) => explain::ksbf(st, k, params.p, params.balance, params.schedule),
            None => explain::Explained {
                active: vec![],
                why: format!(
                    "Done: all {} nodes ran in {} steps on {} PEs (every queue empty)",
                    ev.outcome.nodes, ev.outcome.makespan, params.p
                ),
            },
        };
        if k == 0 {
            e.active.insert(0, (b, "0"));
        }
        Some(crate::ui::widgets::pseudocode::PseudoStep::explained(
            vec![b, s],
            e,
        ))
    }
    fn numbers(&mut self, ui: &mut Ui, params: &mut KsbfParams) {
        let params = &*params;
        ui.heading("Numbers");
        let Some(ev) = self.evaluated.for_key(params) else {
            return;
        };
        let (o, th) = (&ev.outcome, &ev.theory);
        let ideal = o.ideal();
        let gap = |b: Option<f64>| {
            b.map_or("—".to_string(), |b| {
                format!("{b:.2} (gap {:.2})", b - o.makespan as f64)
            })
        };
        let header = [
            "N",
            "makespan",
            "ideal N/p",
            "Thm 1.1 bound",
            "Thm 2.2: p + max W_i",
            "Thm 3.2: max(W_i+i)",
            "speedup",
            "efficiency",
            "min / max work",
            "idle steps",
        ];
        let row = vec![vec![
            o.nodes.to_string(),
            o.makespan.to_string(),
            format!("{ideal:.2}"),
            gap(th.bounds.thm11),
            gap(th.bounds.thm22.map(|v| v as f64)),
            gap(th.bounds.thm32.map(|v| v as f64)),
            format!("{:.3}", o.speedup()),
            format!("{:.3}", o.efficiency()),
            format!(
                "{} / {}",
                o.work.iter().min().unwrap_or(&0),
                o.work.iter().max().unwrap_or(&0)
            ),
            o.idle_steps.to_string(),
        ]];
        result_table(ui, "ks_numbers", &header, &row);
        if let Some(w) = &th.work {
            let same = *w == o.work;
            ui.label(RichText::new(format!(
                "{} exact work shares (Theorem {}, with the corrections in the help: (2.1)'s sum starts at k = 1) {} the simulation",
                if same { "✓" } else { "✗" },
                if params.shape.is_grid() { "3.1" } else { "2.1" },
                if same { "equal" } else { "differ from" }
            )).color(if same { palette::OK } else { ui.visuals().error_fg_color }));
            if params.shape == Shape::Tree && params.balance == Balance::Ks {
                let printed = ksbf::theory::tree_work_printed(params.n, params.p);
                if printed != *w {
                    ui.label(RichText::new(format!(
                        "⚠ The paper's printed (2.1) gives {printed:?}: its W_{{p−1}} counts C(n, 0) = 1 too many (the shares would add up to 2^n)."
                    )).color(ui.visuals().warn_fg_color));
                }
            }
        }
    }
}

/// The largest value of the field `field` (set into a copy of `params` by `set`) that the
/// model accepts with the other parameters as they are: the top of that field's slider. A
/// value the memory limit refuses is refused under "n" whichever field made it too large.
fn top_accepted(params: &KsbfParams, field: &str, set: impl Fn(&mut KsbfParams, u32)) -> u32 {
    let accepts = |x: u64| {
        let mut q = params.clone();
        set(&mut q, x as u32);
        q.validate()
            .err()
            .is_none_or(|e| e.field != field && e.field != "n")
    };
    largest_accepted(1, u64::from(u32::MAX), accepts) as u32
}

impl KsbfPanel {
    fn current<'a>(&'a self, params: &KsbfParams) -> Option<&'a Evaluated> {
        self.evaluated.for_key(params)
    }
}

mod drawing;
use drawing::*;

// What the view's tabs and combo boxes offer, with their captions.
choices! {
    /// Which plot the right column shows.
    pub enum KsPlot {
        /// Makespan against n at fixed p.
        VsN = "makespan vs n",
        /// Makespan against p at fixed n.
        VsP = "makespan vs p",
        /// Per-PE work against the ideal share and the exact W_i.
        Work = "work per PE",
        /// Efficiency over seeds (random workloads).
        Seeds = "efficiency over seeds",
    }
}

choices! {
    /// Which picture the centre shows.
    pub enum KsPicture {
        /// PEs on a circle.
        Ring = "ring",
        /// PE × step.
        Gantt = "Gantt",
        /// The tree or grid, nodes coloured by PE.
        Workload = "tree / grid",
        /// The ring and the tree or grid side by side, both at the current step.
        Split = "ring + tree",
    }
}
