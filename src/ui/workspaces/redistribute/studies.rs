//! The studies behind the plots: makespan vs bound while n or max|δ| grows, System 6 vs
//! Lemma 12, Algorithm 3 rounds vs Lemma 6, Section 8.

use super::*;
use crate::model::redistribute::iterative::{INSTANCES_MAX, P_MAX};
use crate::model::redistribute::params::{
    STUDY_SAMPLES, SWEEP_SAMPLES_MAX, SWEEP_VALUE_MAX, SweepSpec,
};
use crate::ui::widgets::form::{Choice, labelled, listed, pairs_grid, plot_header, radios};
use crate::ui::widgets::slider::{Span, slider};
use crate::ui::widgets::{palette, requested};

/// Largest ring of the LP-ratio and rounds studies.
const STUDY_N: usize = 200;

impl RedistPanel {
    pub(super) fn plots_ui(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        // On a heterogeneous bidirectional ring, System 6's τ(R₁) is offered besides the
        // random-ring studies.
        let inst = &params.instance;
        if inst.direction == Direction::Bi && !inst.is_homogeneous() {
            ui.horizontal(|ui| {
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
        let busy = self.sweep.is_running()
            || self.ratios.is_running()
            || self.rounds.is_running()
            || self.iterative.is_running();
        plot_header(ui, busy, |ui| {
            let studies = [
                (Study::Sweep, "makespan vs lower bound"),
                (Study::LpRatio, "System 6 / Lemma 12"),
                (Study::Rounds, "Algorithm 3 rounds vs Lemma 6"),
                (Study::Iterative, "Section 8: iterative application"),
            ];
            listed(ui, "rd_plot", &mut params.study, &studies)
        });
        match params.study {
            Study::Sweep => self.sweep_plot(ui, params),
            Study::LpRatio => self.ratio_plot(ui, params),
            Study::Rounds => self.rounds_plot(ui, params),
            Study::Iterative => self.iterative_plot(ui, params),
        }
    }

    pub(super) fn sweep_plot(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        let spec = &mut params.sweep;
        pairs_grid(ui, "rd_sweep", |ui| {
            let l = ui.label("sweep");
            let vars = [(SweepVar::N, "n"), (SweepVar::MaxDelta, "max |δ|")];
            radios(ui, l.id, &mut spec.var, &vars);
            let (lo, hi) = SweepSpec::end_range(spec.var);
            labelled(ui, "up to", "Last value of the swept variable.", |ui| {
                slider(ui, "up to", &mut spec.to, &Span::log(lo..=hi))
            });
            ui.end_row();
            // Named apart from the ring's n and the generator's max |δ| in the controls.
            let fixed = if spec.var == SweepVar::N {
                "with max |δ|"
            } else {
                "with n"
            };
            labelled(ui, fixed, "The value the other variable keeps.", |ui| {
                slider(ui, fixed, &mut spec.fixed, &Span::log(2..=SWEEP_VALUE_MAX))
            });
            labelled(ui, "samples", "Random instances per point.", |ui| {
                slider(
                    ui,
                    "samples",
                    &mut spec.samples,
                    &Span::log(1..=SWEEP_SAMPLES_MAX),
                )
            });
            ui.end_row();
        });
        if let Err(e) = spec.validate() {
            error_label(ui, format!("⚠ {e}"));
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
        let k = key.clone();
        let Some(pts) = requested(
            ui,
            &mut self.sweep,
            key,
            "Sweeping random rings",
            move |p| makespan_sweep(&k.0, k.1, k.2, k.3, p),
        ) else {
            return;
        };
        // Points where every sample failed have no mean: they are left out, never drawn at 0.
        let curve = |f: fn(&SweepPoint) -> Option<f64>| -> Vec<[f64; 2]> {
            pts.iter().filter_map(|p| Some([p.x, f(p)?])).collect()
        };
        let mut series: Vec<Series> =
            Series::points_and_line("mean makespan", curve(|p| p.makespan), palette::NEGATIVE)
                .into();
        series.push(Series {
            name: "mean lower bound".into(),
            points: curve(|p| p.bound),
            style: SeriesStyle::DashedLine,
            color: Some(Color32::from_rgb(200, 60, 40)),
        });
        let failed: usize = pts.iter().map(|p| p.failed).sum();
        let worst = pts.iter().filter_map(|p| p.worst_ratio).reduce(f64::max);
        ui.label(format!(
            "worst makespan / bound: {}{}",
            worst.map_or("— (no valid sample)".into(), |w| format_sig(w, 6)),
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
        };
        compare_plot(ui, "rd_sweep_plot", &plot, &mut self.view.plot_view);
    }

    pub(super) fn study_key(params: &RedistParams) -> StudyKey {
        (
            params.instance.n().clamp(3, STUDY_N),
            params.random.max_delta.clamp(1, 1000),
            params.samples,
            params.random.seed,
        )
    }

    pub(super) fn study_controls(ui: &mut Ui, samples: &mut usize, what: &str, key: &StudyKey) {
        ui.horizontal(|ui| {
            labelled(ui, "samples", "Random instances of the study.", |ui| {
                slider(ui, "samples", samples, &Span::log(STUDY_SAMPLES))
            });
        });
        ui.label(RichText::new(format!(
            "{what}: n = {} (the ring's n, at most {STUDY_N}), max |δ| = {} and seed {} from “Random instance”.",
            key.0, key.1, key.3
        )).weak());
    }

    pub(super) fn ratio_plot(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        let key = Self::study_key(params);
        Self::study_controls(
            ui,
            &mut params.samples,
            "Random heterogeneous bidirectional rings, heavy loads",
            &key,
        );
        let Some(pts) = requested(
            ui,
            &mut self.ratios,
            key,
            "System 6 vs Lemma 12",
            move |p| lp_ratios(key.0, key.1, key.2, key.3, true, p),
        ) else {
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
        let light = mk(0, "light solutions", palette::NEGATIVE);
        let not_light = mk(1, "not light", palette::POSITIVE).stack_on(&[&light]);
        // The legend where the stacked bars leave room.
        let tops = bar_tracks(
            counts
                .iter()
                .enumerate()
                .map(|(i, c)| [1.0 + (i as f64 + 0.5) * width, (c[0] + c[1]) as f64]),
        );
        let tracks: Vec<Track<'_>> = tops.iter().map(|t| Track::Line(t)).collect();
        let pid = plot_id(ui, "rd_ratio_plot");
        let legend = free_legend(
            ui,
            pid,
            &[
                (palette::NEGATIVE, Swatch::Band, "light solutions"),
                (palette::POSITIVE, Swatch::Band, "not light"),
            ],
            &tracks,
            corners(false),
        );
        labelled_plot(pid, "τ_int (System 6) / Lemma 12", "instances", legend).show(ui, |p| {
            p.bar_chart(light);
            p.bar_chart(not_light);
        });
    }

    pub(super) fn rounds_plot(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        let key = Self::study_key(params);
        Self::study_controls(
            ui,
            &mut params.samples,
            "Random homogeneous bidirectional rings (max |δ| varies per sample up to the setting)",
            &key,
        );
        let Some(pts) = requested(
            ui,
            &mut self.rounds,
            key,
            "Algorithm 3 vs Lemma 6",
            move |p| rounds_vs_lemma6(key.0, key.1, key.2, key.3, p),
        ) else {
            return;
        };
        let count = |f: &dyn Fn(&RoundsPoint) -> bool| pts.iter().filter(|p| f(p)).count();
        let off = |r: Option<usize>, l6: i64| r.is_some_and(|r| r as i64 != l6);
        let off_c = count(&|p| off(p.corrected, p.lemma6));
        let bad_c = count(&|p| p.corrected.is_some() && !p.corrected_valid);
        let off_l = count(&|p| off(p.literal, p.lemma6));
        let bad_l = count(&|p| p.literal.is_some() && !p.literal_valid);
        let failed = count(&|p| p.corrected.is_none() || p.literal.is_none());
        ui.label(format!(
            "Of {} rings — corrected: {off_c} off Lemma 6, {bad_c} failing the checker · as \
             printed: {off_l} off Lemma 6, {bad_l} failing the checker (possession){}.",
            pts.len(),
            if failed > 0 {
                format!(" · {failed} sample(s) failed to run (left out)")
            } else {
                String::new()
            }
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
                    color: Some(palette::REFERENCE),
                },
                Series {
                    name: "as printed".into(),
                    points: pts
                        .iter()
                        .filter_map(|p| Some([p.lemma6 as f64, p.literal? as f64]))
                        .collect(),
                    style: SeriesStyle::Points,
                    color: Some(palette::POSITIVE),
                },
                Series {
                    name: "corrected".into(),
                    points: pts
                        .iter()
                        .filter_map(|p| Some([p.lemma6 as f64, p.corrected? as f64]))
                        .collect(),
                    style: SeriesStyle::Points,
                    color: Some(palette::NEGATIVE),
                },
            ],
            x_marker: None,
        };
        compare_plot(ui, "rd_rounds_plot", &plot, &mut self.view.plot_view);
    }

    pub(super) fn iterative_plot(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        let it = &mut params.iterative;
        pairs_grid(ui, "rd_iter", |ui| {
            // One column at least per processor.
            let p_max = P_MAX.min(usize::try_from(it.columns).unwrap_or(P_MAX));
            labelled(
                ui,
                "p",
                "Processors of the ring (Fig. 13: 8, Fig. 14: 32).",
                |ui| slider(ui, "p", &mut it.p, &Span::log(2..=p_max.max(2))),
            );
            labelled(
                ui,
                "platforms",
                "Seeded platforms each curve averages.",
                |ui| {
                    slider(
                        ui,
                        "platforms",
                        &mut it.instances,
                        &Span::log(1..=INSTANCES_MAX),
                    )
                },
            );
            ui.end_row();
            labelled(
                ui,
                "platform seed",
                "Seed of the platforms (the rail spans 0…10^6).",
                |ui| {
                    let span = Span::log(0..=u64::MAX).rail(0..=1_000_000);
                    slider(ui, "platform seed", &mut it.seed, &span)
                },
            );
            labelled(
                ui,
                "not light",
                "What a redistribution does when System 6's optimum is not light: the paper \
                     only uses the light algorithm (System 12, or skip when no light solution \
                     exists); “forward” also schedules heavy solutions, forwarding items as they \
                     arrive.",
                |ui| {
                    let policies = [
                        (HeavyPolicy::LightOnly, "skip (paper)"),
                        (HeavyPolicy::Forward, "forward"),
                    ];
                    listed(ui, "rd_heavy", &mut it.heavy, &policies)
                },
            );
            ui.end_row();
        });
        if let Err(e) = it.validate() {
            error_label(ui, format!("⚠ {e}"));
            return;
        }
        let key = it.clone();
        let k = key.clone();
        let Some(res) = requested(ui, &mut self.iterative, key, "Section 8 study", move |p| {
            run_iterative(&k, p)
        }) else {
            return;
        };
        let colors = [
            palette::MUTED,
            palette::NEGATIVE,
            palette::FORWARD,
            palette::POSITIVE,
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
        };
        compare_plot(ui, "rd_iter_plot", &plot, &mut self.view.plot_view);
    }
}
