//! Workspace of the geometric-decaying model (Gil & Matias): controls, the per-round load
//! timeline with balancings and phases, the ℓ / p / seed plots, and the numbers — every number
//! and curve from the report's run ([`crate::report::geodecay`]).

mod help;
mod timeline;
mod turn;

use crate::model::registry::ModelId;
use crate::model::words::{count, noun};
use crate::report::secrecy::future_hides;
use egui::{Color32, Ui};
use serde::{Deserialize, Serialize};

use crate::jobs::Keyed;
use crate::model::geodecay::derived::policy_label;
use crate::model::geodecay::params::{
    ALPHA, ALPHA_MIN, C, ELL, ELL_LOG2_MAX, ELL_MAX, EVERY, N, P, P_MAX, P_MAX_RANDOM, SEED, SEEDS,
};
use crate::model::geodecay::{Decay, GeoOutcome, GeoParams, Policy, Survivors};
use crate::model::{Cancelled, Progress};
use crate::report::format::{Precision, number};
use crate::report::geodecay::{Parts, Plot, Run, policy_group};
use crate::ui::frame::repainter;
use crate::ui::widgets::compare_plot::{ComparePlot, PlotView, compare_plot};
use crate::ui::widgets::form::{
    Choice, about_section, choice_in, choices, param_grid, plot_header,
};
use crate::ui::widgets::numbers;
use crate::ui::widgets::palette;
use crate::ui::widgets::result_table::result_table;
use crate::ui::widgets::slider;
use crate::ui::widgets::step_bar::{StepState, step_bar, step_caption, step_caption_of};
use crate::ui::workspace::{
    Checked, Regions, Workspace, jobs, nothing_plotted, nothing_runs, run_or_reason, view_accessors,
};

/// Colour of a policy in every plot: its group's colour in the report's plots.
pub fn policy_color(p: Policy) -> Color32 {
    palette::series(policy_group(p))
}

/// The processor counts the model accepts with these survivors.
fn p_span(params: &GeoParams) -> slider::Span<u64> {
    let top = if params.survivors == Survivors::Random {
        P_MAX_RANDOM
    } else {
        P_MAX
    };
    slider::Span::log(1..=top)
}

/// Hover text of the plot of the overhead beyond the balanced ideal.
const BEYOND_IDEAL: &str = "(T − Σ⌈w_r/p⌉)/ℓ: what balancings and imbalance cost beyond a perfectly balanced run with free balancing";

/// View state (persisted; no model data).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GeodecayView {
    /// Step bar over the rounds.
    pub step: StepState,
    /// Log-scale loads in the timeline.
    pub timeline_log: bool,
    /// Which sweep plot.
    pub plot: GeoPlot,
    /// Axes of the sweep plots against lg ℓ.
    pub plot_view: PlotView,
    /// Axes of the total time against p: log p and log time by default (p runs 2^0 … n: on
    /// a linear axis all but the last few points stood on the y axis).
    pub p_view: PlotView,
    /// Axes of the seed-spread plot.
    pub spread_view: PlotView,
}

impl Default for GeodecayView {
    fn default() -> Self {
        GeodecayView {
            step: StepState::default(),
            timeline_log: true,
            plot: GeoPlot::Overhead,
            plot_view: PlotView {
                log_x: false,
                log_y: true,
            },
            p_view: PlotView {
                log_x: true,
                log_y: true,
            },
            spread_view: PlotView::default(),
        }
    }
}

/// The run, or why the report refused it.
type Studied = super::Studied<Run>;

/// The workspace.
#[derive(Default)]
pub struct GeodecayPanel {
    /// Persisted view state.
    pub view: GeodecayView,
    /// The selected policy's run with its rounds, and the policies side by side.
    run: Keyed<GeoParams, Studied>,
    error: Checked<GeoParams>,
    /// The run with its ℓ sweep.
    ell: Keyed<GeoParams, Studied>,
    /// The run with its p sweep.
    p_sweep: Keyed<GeoParams, Studied>,
    /// The run with its seed spread.
    spread: Keyed<GeoParams, Studied>,
    /// "Your turn" on the scenario.
    turn: crate::ui::exercise::Slot<GeoParams, turn::GeoTurn>,
}

/// The report's run of `params` with `parts`, in a background job.
fn build(parts: Parts, params: &GeoParams, progress: &dyn Progress) -> Result<Studied, Cancelled> {
    super::studied(parts.build(params, progress))
}

/// The parameters a study of the main policies depends on: `ignore` clears those it does not
/// read (ℓ for the ℓ sweep, p for the p sweep) as well as the selected policy, when the decay
/// is deterministic (then the totals w_r, the rounds and the balanced ideal are the same for
/// every policy, ℓ and p); every parameter with randomized decay.
fn study_key(params: &GeoParams, ignore: impl FnOnce(&mut GeoParams)) -> GeoParams {
    let mut key = params.clone();
    if params.decay == Decay::Deterministic {
        key.policy = Policy::Improved;
        key.every = 1;
        ignore(&mut key);
    }
    key
}

impl Workspace for GeodecayPanel {
    type Params = GeoParams;
    const HELP: &'static str = help::HELP;
    fn field_caption(params: &GeoParams, key: &str) -> Option<String> {
        let name = match key {
            "policy" => params.policy.name(),
            "decay" => params.decay.name(),
            "survivors" => params.survivors.name(),
            _ => return None,
        };
        Some(format!("{key}: {name}"))
    }
    view_accessors!(GeodecayView, plot: plot);
    fn steps(&self, params: &GeoParams) -> usize {
        self.run
            .ok_for(params)
            .map_or(1, |r| r.selected.trace.len() + 1)
    }
    jobs!(run, ell, p_sweep, spread);
    const EXERCISE: bool = true;
    crate::ui::workspace::exercise_slot!(GeoParams, turn::GeoTurn::new);
    const REGIONS: Regions = Regions {
        controls: (270.0, 220.0),
        numbers: (240.0, 200.0),
        ..Regions::DEFAULT
    };

    /// Starts the background work for `params` if it changed (latest wins): the run, then
    /// each study of the plots as its own part of the report (each within the budget).
    fn prepare(&mut self, ctx: &egui::Context, params: &GeoParams) {
        let job = (&mut self.run, "simulating the policies");
        let parts = Parts {
            policies: true,
            trace: true,
            ..Parts::default()
        };
        let checked = self
            .error
            .evaluate(ctx, params, GeoParams::validate, job, move |v, p| {
                build(parts, &v, p)
            });
        if checked.is_none() {
            return;
        }
        let top = params.ell_log2_max;
        let studies = [
            (
                &mut self.ell,
                study_key(params, |k| k.ell = 0.0),
                format!("sweeping ℓ = 2^1 … 2^{top}"),
                Parts {
                    ell_sweep: true,
                    ..Parts::default()
                },
            ),
            (
                &mut self.p_sweep,
                study_key(params, |k| k.p = 1),
                "sweeping p".to_string(),
                Parts {
                    p_sweep: true,
                    ..Parts::default()
                },
            ),
        ];
        for (job, key, label, parts) in studies {
            let prm = params.clone();
            job.request(key, label, repainter(ctx), move |p| build(parts, &prm, p));
        }
        if params.decay == Decay::Random {
            // The spread covers the main policies whichever is selected.
            let mut key = params.clone();
            key.policy = Policy::Improved;
            key.every = 1;
            let (prm, seeds) = (params.clone(), params.seeds);
            let parts = Parts {
                seed_spread: true,
                ..Parts::default()
            };
            self.spread
                .request(key, format!("{seeds} seeds"), repainter(ctx), move |p| {
                    build(parts, &prm, p)
                });
        }
    }
    fn controls(&mut self, ui: &mut Ui, params: &mut GeoParams) {
        ui.heading("Instance");
        param_grid(ui, "geo_params", self.error.of(params), |g| {
            g.param(&N, &mut params.n, &slider::Span::of(&N).rail(1..=u64::MAX));
            let p_values = p_span(params);
            g.param(&P, &mut params.p, &p_values);
            let alpha = slider::Span::of(&ALPHA).rail(ALPHA_MIN..=64.0);
            g.param(&ALPHA, &mut params.alpha, &alpha);
            let ell = slider::Span::log(0.0..=ELL_MAX)
                .rail(0.0..=2f64.powi(64))
                .smallest_positive(1.0)
                .doubling();
            g.param(&ELL, &mut params.ell, &ell);
            let c = slider::Span::log(slider::above(0.0)..=f64::MAX).rail(0.01..=100.0);
            g.param(&C, &mut params.c, &c);
            g.named("Policy", "never: balance once before round 0 · standard: after every round until ≤ c·p tasks (Thm 1) · improved: the paper's phases (Thm 2) · every k rounds", "geo_policy", &mut params.policy);
            if params.policy == Policy::Every {
                let every = slider::Span::log(1..=u64::MAX).rail(1..=1000);
                g.param(&EVERY, &mut params.every, &every);
            }
            g.named("Decay", "deterministic: w_r = ⌈n·2^(−αr)⌉ · random: each task survives a round with probability 2^(−α)", "geo_decay", &mut params.decay);
            g.named("Survivors", "Which processors keep the surviving tasks between balancings: proportional (all alike), adversarial (the fullest keep theirs: the worst case) or random.", "geo_survivors", &mut params.survivors);
            // Random survivors allow fewer processors: p follows at once.
            params.p = p_span(params).clamp(params.p);
            let seed = slider::Span::log(0..=u64::MAX).rail(0..=1_000_000);
            g.param(&SEED, &mut params.seed, &seed);
            g.param(
                &ELL_LOG2_MAX,
                &mut params.ell_log2_max,
                &slider::Span::of(&ELL_LOG2_MAX),
            );
            g.param(&SEEDS, &mut params.seeds, &slider::Span::of(&SEEDS));
        });
        about_section(ui, help::HELP, |_| {});
    }
    fn picture(&mut self, ui: &mut Ui, params: &mut GeoParams) {
        let params = &*params;
        ui.horizontal(|ui| {
            ui.heading("Rounds");
            crate::ui::widgets::form::switch(ui, &mut self.view.timeline_log, "log loads")
                .on_hover_text("Logarithmic (base 2) load axis");
        });
        let Some(run) = run_or_reason(ui, &self.error, &self.run, params, "simulating…") else {
            return;
        };
        let o = match run {
            Ok(run) => &run.selected,
            Err(reason) => return nothing_runs(ui, reason),
        };
        // Every round, then the end state.
        let n_steps = o.trace.len() + 1;
        self.view.step.clamp(n_steps);
        let label = |k: usize| {
            o.trace
                .get(k)
                .map_or("the end".to_owned(), |r| format!("round {}", r.round))
        };
        step_bar(ui, &mut self.view.step, n_steps, &label);
        let k = self.view.step.step;
        round_captions(ui, o, k);
        timeline::timeline(ui, o, k, self.view.timeline_log);
    }
    fn plots(&mut self, ui: &mut Ui, params: &mut GeoParams) {
        let params = &*params;
        let busy = self.ell.is_running() || self.p_sweep.is_running();
        plot_header(ui, busy, |ui| {
            let combo = egui::ComboBox::from_id_salt("geo_plot");
            let hover = |p| (p == GeoPlot::OverheadVsIdeal).then_some(BEYOND_IDEAL);
            choice_in(
                ui,
                combo,
                &mut self.view.plot,
                GeoPlot::ALL,
                GeoPlot::caption,
                hover,
            )
        });
        if self.error.of(params).is_some() {
            nothing_plotted(ui);
            return;
        }
        let random = params.decay == Decay::Random;
        let h = if random {
            (ui.available_height() * 0.5).max(220.0)
        } else {
            ui.available_height().max(220.0)
        };
        let over_p = self.view.plot == GeoPlot::TimeVsP;
        let x_of = |p: &GeoParams| match over_p {
            true => Some(p.p as f64),
            false => (p.ell > 0.0).then(|| p.ell.log2()),
        };
        let (job, plot) = match self.view.plot {
            GeoPlot::TimeVsP => (&self.p_sweep, Plot::TimeVsP),
            GeoPlot::OverheadVsIdeal => (&self.ell, Plot::OverheadVsIdeal),
            GeoPlot::Balancings => (&self.ell, Plot::Balancings),
            _ => (&self.ell, Plot::Overhead),
        };
        let x = x_of(params);
        let view = match self.view.plot {
            GeoPlot::TimeVsP => &mut self.view.p_view,
            _ => &mut self.view.plot_view,
        };
        ui.allocate_ui(egui::vec2(ui.available_width(), h), |ui| {
            let Some(mut shown) = studied_plot(ui, job.current(), plot) else {
                return;
            };
            shown.x_marker = x;
            shown.asked_x = crate::ui::reveal::asked_x(ui.ctx(), x_of);
            of_shown_runs(&mut shown, params);
            // Hide the future: this instance's point is the answer.
            crate::ui::reveal::cut_at_marker(
                &mut shown,
                crate::ui::reveal::Reveal::of(ui.ctx()),
                ui.ctx(),
            );
            compare_plot(ui, "geo_sweep_plot", &shown, view);
        });
        if random {
            ui.separator();
            ui.strong(format!(
                "Spread of the total time over {}",
                count(params.seeds, "seed")
            ));
            match self.spread.current() {
                Some(Ok(run)) => {
                    if let Some(table) = run.spread() {
                        let (header, rows) = numbers::table_rows(&table);
                        result_table(ui, "geo_spread", &header, &rows);
                    }
                    let shown = run.plot(Plot::Spread);
                    if let Some(shown) = shown.as_ref().and_then(ComparePlot::section) {
                        compare_plot(ui, "geo_spread_plot", &shown, &mut self.view.spread_view);
                    }
                }
                Some(Err(reason)) => nothing_runs(ui, reason),
                None => {
                    ui.spinner();
                }
            }
        }
    }
    fn pseudocode(&self, params: &GeoParams) -> Option<crate::ui::widgets::pseudocode::PseudoStep> {
        use crate::model::explain;
        let o = &self.run.ok_for(params)?.selected;
        let id = explain::geodecay_id(o.policy);
        let e = explain::geodecay(o, self.view.step.step, params.ell, params.every).unwrap_or_else(
            || explain::Explained {
                active: vec![(
                    id,
                    match o.policy {
                        Policy::Improved => "final",
                        Policy::Standard => "stop",
                        _ => "end",
                    },
                )],
                why: format!(
                    "Done after {}: T = {} with {} of cost ℓ = {}",
                    count(o.rounds, "round"),
                    number(o.time, Precision::Table),
                    count(o.balancings, "balancing"),
                    number(params.ell, Precision::Table)
                ),
            },
        );
        Some(crate::ui::widgets::pseudocode::PseudoStep::explained(
            vec![id],
            e,
        ))
    }
    fn numbers(&mut self, ui: &mut Ui, params: &mut GeoParams) {
        ui.heading("Numbers");
        let Some(run) = self.run.ok_for(params) else {
            return;
        };
        // Hide the future: the totals are the end of the run.
        let reveal = crate::ui::reveal::Reveal::of(ui.ctx());
        let future = future_hides(ModelId::Geodecay);
        let hidden = reveal.hides(future);
        numbers::figures(ui, "geo_figures", &run.figures(), &hidden);
        let Some(policies) = run.policies() else {
            return;
        };
        ui.add_space(6.0);
        // An open question hides what gives it away in the row of the run it asks about:
        // the selected policy's when the shown run is the question's, another policy's when
        // the question asks that policy on the same instance (the other rows are other runs).
        let secret = crate::ui::frame::secret(ui.ctx());
        let asked = |label: &str, selected: bool, key: &str| {
            secret.as_ref().is_some_and(|s| {
                (selected && s.hides_field(key))
                    || Policy::ALL.into_iter().any(|policy| {
                        let run = crate::model::registry::Scenario::Geodecay(GeoParams {
                            policy,
                            ..params.clone()
                        });
                        policy_label(params, policy) == label && s.hides_field_of(&run, key)
                    })
            })
        };
        let (header, rows) = policies_rows(&policies, &hidden, &asked);
        result_table(ui, "geo_numbers", &header, &rows);
    }
}

/// The policies side by side as the numbers region shows them: the selected policy marked ▶
/// (instead of the "selected" column), hidden figures as [`numbers::HIDDEN`].
fn policies_rows<'a>(
    policies: &'a crate::report::Section,
    hidden: &dyn Fn(&str) -> bool,
    asked: &dyn Fn(&str, bool, &str) -> bool,
) -> (Vec<&'a str>, Vec<Vec<String>>) {
    let (mut header, rows) = numbers::table_rows(policies);
    // Column 0 the policy, 1 whether it is the selected one, then the compared figures.
    if header.len() > 1 {
        header.remove(1);
    }
    let keys = crate::report::geodecay::COMPARED.map(|(key, _)| key);
    let rows = rows
        .into_iter()
        .map(|mut row| {
            let selected = row.len() > 1 && row.remove(1) == "yes";
            let label = row[0].clone();
            if selected {
                row[0] = format!("▶ {}", row[0]);
            }
            for (cell, key) in row.iter_mut().skip(1).zip(keys) {
                if hidden(key) || asked(&label, selected, key) {
                    *cell = numbers::HIDDEN.to_string();
                }
            }
            row
        })
        .collect();
    (header, rows)
}

/// `plot`'s policy curves drawing the runs of `params` with their policies: a study stands
/// for every parameter its key leaves out (ℓ for the ℓ sweep, p for the p sweep, the chosen
/// policy), so its own run may be another lesson step's (ℓ = 2^14 where 2^18 is asked).
fn of_shown_runs(plot: &mut ComparePlot, params: &GeoParams) {
    for c in &mut plot.series {
        let run = c.series.draws.as_mut().and_then(|d| d.run.as_mut());
        if let Some(crate::model::registry::Scenario::Geodecay(p)) = run {
            *p = GeoParams {
                policy: p.policy,
                ..params.clone()
            };
        }
    }
}

/// The plot section `plot` of a study's run as a plot: None (after saying why) while it runs
/// or when the report refused the study.
fn studied_plot(ui: &mut Ui, run: Option<&Studied>, plot: Plot) -> Option<ComparePlot> {
    match run? {
        Ok(run) => run.plot(plot).as_ref().and_then(ComparePlot::section),
        Err(reason) => {
            nothing_runs(ui, reason);
            None
        }
    }
}

/// The captions of round `k` of the run (or of its end state).
fn round_captions(ui: &mut Ui, o: &GeoOutcome, k: usize) {
    let table = |x: f64| number(x, Precision::Table);
    let Some(r) = o.trace.get(k) else {
        // The end knows its quantities: an open question hides them by their keys (the
        // balancings of this run, not a number of rounds that equals the answer).
        let secret = crate::ui::frame::secret(ui.ctx());
        let q = |key: &str, text: String| {
            if secret.as_ref().is_some_and(|s| s.hides_field(key)) {
                crate::ui::frame::HIDDEN.to_owned()
            } else {
                text
            }
        };
        let last = o.trace.last().map_or(0, |r| r.round);
        step_caption_of(
            ui,
            &format!(
                "Done after round {}: every task ran, total time T = {}",
                q("rounds", last.to_string()),
                q("time", table(o.time))
            ),
            Some(&format!(
                "{} {}, {} {} costing ℓ each{}",
                q("rounds", o.rounds.to_string()),
                noun(o.rounds, "round"),
                q("balancings", o.balancings.to_string()),
                noun(o.balancings, "balancing"),
                if o.truncated {
                    " — ⚠ run stopped at the round cap"
                } else {
                    ""
                }
            )),
            crate::ui::frame::Says::Names,
        );
        return;
    };
    let phase = match (o.policy, r.phase) {
        (Policy::Improved, Some(i)) => format!(", phase {i}"),
        (Policy::Improved, None) => ", initialisation phase".into(),
        _ => String::new(),
    };
    let balanced = if r.balanced_before {
        ", balanced before the round (cost ℓ)"
    } else {
        ""
    };
    step_caption(
        ui,
        &format!(
            "Round {}{phase}: {} {}{balanced}",
            r.round,
            crate::model::format::power_count(r.tasks),
            noun(r.tasks, "task")
        ),
        Some(&format!(
            "Per processor max {} / mean {} / min {} — time so far {}",
            r.max,
            table(r.mean),
            r.min,
            table(r.time_after)
        )),
    );
}

// What the view's tabs and combo boxes offer, with their captions.
choices! {
    /// Which sweep plot the right column shows.
    pub enum GeoPlot {
        /// The paper's overhead (T − Brent)/ℓ against ℓ, with lg ℓ and lg* ℓ.
        Overhead = "overhead (T − Brent)/ℓ vs lg ℓ",
        /// (T − Σ⌈w_r/p⌉)/ℓ against ℓ: the overhead beyond a perfectly balanced run with free
        /// balancing (Brent's n/p leaves out the geometric tail of the work).
        OverheadVsIdeal = "overhead beyond balanced ideal vs lg ℓ",
        /// Number of balancings against ℓ.
        Balancings = "balancings vs lg ℓ",
        /// Total time against p.
        TimeVsP = "total time vs p",
    }
}

#[cfg(test)]
mod tests {
    use super::timeline::{lg_floor, phase_label, round_readout};

    #[test]
    fn the_rounds_read_out_names_the_nearest_round_never_minus_zero() {
        // 147 900 tasks to 4 significant digits (the read-out precision): 1.479e5.
        let at = |x| round_readout("max", x, 147_900.0);
        assert_eq!(at(-0.3).as_deref(), Some("max\nround 0: 1.479e5"));
        assert_eq!(at(-0.0).as_deref(), Some("max\nround 0: 1.479e5"));
        assert_eq!(at(2.6).as_deref(), Some("max\nround 3: 1.479e5"));
        assert_eq!(at(-0.7), None);
    }

    #[test]
    fn a_narrow_phase_band_is_labelled_by_its_number_not_cut() {
        let ctx = egui::Context::default();
        let mut labels = Vec::new();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            labels = [300.0, 45.0, 30.0, 20.0, 3.0]
                .map(|px| phase_label(ui.ctx(), 12, px))
                .to_vec();
        });
        out.textures_delta.clear();
        let label = |s: &str, tight| (s.to_string(), tight);
        // "12" is about 14 points wide in egui's body type (12.5 points): a band of 30 holds
        // it with egui_plot's padding, one of 20 only without; in 3 points nothing is drawn.
        assert_eq!(
            labels,
            [
                label("phase 12", false),
                label("ph. 12", false),
                label("12", false),
                label("12", true),
                label("12", false)
            ]
        );
    }

    /// Gil–Matias step 2 (n = 2^30, p = 2^16, never balancing): the mean falls from 2^14
    /// tasks to 2^−16 by round 30; empty processors sit one below, at −17, and a mean under
    /// ½ is drawn where it is, not on the floor. With no fractions the floor is −1.
    #[test]
    fn the_log_floor_lies_below_every_mean() {
        let means = (0..=30).map(|r| 2f64.powi(14 - r));
        assert_eq!(lg_floor(means), -17.0);
        assert_eq!(lg_floor([16384.0, 3.0, 1.0, 0.0].into_iter()), -1.0);
        assert_eq!(lg_floor([0.75].into_iter()), -1.0 - 1.0);
    }
}
