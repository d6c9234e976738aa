//! The studies behind the plots — makespan vs bound while n or max|δ| grows, System 6 vs
//! Lemma 12, Algorithm 3 rounds vs Lemma 6, Section 8 — set here and drawn from the report's
//! study sections (computed in the background by [`RedistPanel::prepare`]).

use super::*;
use crate::model::redistribute::iterative::HeavyPolicy;
use crate::model::redistribute::params::{
    ITERATIVE_P, ITERATIVE_PLATFORMS, ITERATIVE_SEED, STUDY_SAMPLES_SPEC, SWEEP_FIXED,
    SWEEP_SAMPLES, SWEEP_TO, SweepSpec,
};
use crate::report::Content;
use crate::ui::widgets::form::{Choice, labelled, listed, pairs_grid, plot_header, radios};
use crate::ui::widgets::slider::Span;
use crate::ui::widgets::waiting;

/// The studies the "Plot:" menu offers.
const STUDIES: [(Study, &str); 4] = [
    (Study::Sweep, "makespan vs lower bound"),
    (Study::LpRatio, "System 6 / Lemma 12"),
    (Study::Rounds, "Algorithm 3 rounds vs Lemma 6"),
    (Study::Iterative, "Section 8: iterative application"),
];

impl RedistPanel {
    pub(super) fn plots_ui(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        // On a heterogeneous bidirectional ring, System 6's τ(R₁) is offered besides the
        // random-ring studies.
        let inst = &params.instance;
        if inst.direction == Direction::Bi && !inst.is_homogeneous() {
            // (Clear of the plots' export buttons: in the first window, the controls put
            // away, "τ(R₁) of System 6" ran under "↓ PNG".)
            crate::ui::widgets::corner::beside_corner(ui, |ui| {
                ui.label("Show:");
                for p in RdPlot::ALL {
                    ui.selectable_value(&mut self.view.plot, *p, p.caption());
                }
            });
            if self.view.plot == RdPlot::TauCurve {
                self.tau_plot(ui, params);
                return;
            }
        }
        plot_header(ui, self.study.is_running(), |ui| {
            listed(ui, "rd_plot", &mut params.study, &STUDIES)
        });
        match params.study {
            Study::Sweep => sweep_settings(ui, &mut params.sweep),
            Study::LpRatio | Study::Rounds => study_settings(ui, &mut params.samples),
            Study::Iterative => iterative_settings(ui, &mut params.iterative),
        }
        self.study_plot(ui, params);
    }

    /// The study's caption, summary and plot, or why there is none yet.
    fn study_plot(&mut self, ui: &mut Ui, params: &RedistParams) {
        let scenario = report::study_scenario(params);
        if let Some(e) = self.study_checked.of(&scenario) {
            error_label(ui, format!("⚠ {}", e.message));
            return;
        }
        let view = match self.study.for_key(&scenario) {
            Some(Ok(view)) => view,
            Some(Err(e)) => {
                error_label(ui, format!("⚠ {e}"));
                return;
            }
            None => {
                waiting(ui, &mut self.study);
                return;
            }
        };
        let title = view.title.trim_start_matches("study: ");
        ui.label(RichText::new(title).weak());
        if matches!(params.study, Study::LpRatio | Study::Rounds) {
            ui.label(
                RichText::new(format!(
                    "n is the ring's (at most {}); max |δ| and the seed are “Random instance”'s.",
                    report::STUDY_N_MAX
                ))
                .weak(),
            );
        }
        ui.label(view.summary.as_str());
        if let Some(Content::Series(set)) = view.plot.as_ref().map(|s| &s.content) {
            let plot = ComparePlot::of("", set);
            compare_plot(ui, "rd_study_plot", &plot, &mut self.view.plot_view);
        }
    }
}

/// The makespan sweep's settings: the swept variable, its end, the other's value, samples.
fn sweep_settings(ui: &mut Ui, spec: &mut SweepSpec) {
    pairs_grid(ui, "rd_sweep", |pairs| {
        let l = pairs.ui.label("sweep");
        let vars = [(SweepVar::N, "n"), (SweepVar::MaxDelta, "max |δ|")];
        radios(pairs.ui, l.id, &mut spec.var, &vars);
        pairs.next();
        let (lo, hi) = SweepSpec::end_range(spec.var);
        pairs.param(
            &SWEEP_TO,
            SWEEP_TO.symbol,
            &mut spec.to,
            &Span::log(lo..=hi),
        );
        // Named apart from the ring's n and the generator's max |δ| in the controls.
        let fixed = if spec.var == SweepVar::N {
            "with max |δ|"
        } else {
            "with n"
        };
        pairs.param(
            &SWEEP_FIXED,
            fixed,
            &mut spec.fixed,
            &Span::of(&SWEEP_FIXED),
        );
        let samples = Span::of(&SWEEP_SAMPLES);
        pairs.param(
            &SWEEP_SAMPLES,
            SWEEP_SAMPLES.symbol,
            &mut spec.samples,
            &samples,
        );
    });
}

/// The sample count of the LP-ratio and rounds studies.
fn study_settings(ui: &mut Ui, samples: &mut usize) {
    pairs_grid(ui, "rd_samples", |pairs| {
        let span = Span::of(&STUDY_SAMPLES_SPEC);
        pairs.param(
            &STUDY_SAMPLES_SPEC,
            STUDY_SAMPLES_SPEC.symbol,
            samples,
            &span,
        );
    });
}

/// Section 8's settings: the ring, the platforms, their seed and the policy on heavy optima.
fn iterative_settings(
    ui: &mut Ui,
    it: &mut crate::model::redistribute::iterative::IterativeParams,
) {
    pairs_grid(ui, "rd_iter", |pairs| {
        // One column at least per processor.
        let p_max = usize::try_from(it.columns).map_or(ITERATIVE_P.range.1 as usize, |c| {
            c.min(ITERATIVE_P.range.1 as usize)
        });
        let p_span = Span::of(&ITERATIVE_P);
        let p_span = Span::log(p_span.valid().0..=p_max.max(2));
        pairs.param(&ITERATIVE_P, ITERATIVE_P.symbol, &mut it.p, &p_span);
        let platforms = Span::of(&ITERATIVE_PLATFORMS);
        let caption = ITERATIVE_PLATFORMS.symbol;
        pairs.param(&ITERATIVE_PLATFORMS, caption, &mut it.instances, &platforms);
        let seeds = Span::of(&ITERATIVE_SEED);
        pairs.param(&ITERATIVE_SEED, ITERATIVE_SEED.symbol, &mut it.seed, &seeds);
        labelled(
            pairs.ui,
            "not light",
            "What a redistribution does when System 6's optimum is not light: the paper only \
             uses the light algorithm (System 12, or skip when no light solution exists); \
             “forward” also schedules heavy solutions, forwarding items as they arrive.",
            |ui| {
                let policies = [
                    (HeavyPolicy::LightOnly, "skip (paper)"),
                    (HeavyPolicy::Forward, "forward"),
                ];
                listed(ui, "rd_heavy", &mut it.heavy, &policies)
            },
        );
        pairs.next();
    });
}
