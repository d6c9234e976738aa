//! The plot of τ(R₁) for System 6 on a heterogeneous bidirectional ring: the time of the
//! solution whose link P₁ → P₂ carries R₁ items (Lemma 10), with the rational optimum R₁*
//! and its two roundings ⌊R₁*⌋, ⌈R₁*⌉ (Proposition 1) marked with their τ. The curve comes
//! from [`crate::model::redistribute::tau_curve`]; this file only draws it.

use super::*;
use crate::model::redistribute::tau_curve::{TauCurve, tau_curve};
use crate::ui::reveal::Reveal;
use crate::ui::widgets::palette;

impl RedistPanel {
    /// The curve of the current run (computed once per run), or why there is none.
    fn curve(&mut self, params: &RedistParams) -> Result<Arc<TauCurve>, String> {
        let version = self.evaluated.version();
        if let Some((v, c)) = &self.tau_curve
            && *v == version
            && self.current(params).is_some()
        {
            return Ok(c.clone());
        }
        let ev = self
            .current(params)
            .ok_or_else(|| "the run is being computed…".to_owned())?;
        let report = ev.outcome.as_ref().map_err(|e| e.clone())?;
        let sol = report.lp.as_ref().ok_or_else(|| {
            format!(
                "{} does not solve System 6: choose the algorithm lp, lp-load or lp-forward \
                 (auto picks lp on a heterogeneous bidirectional ring)",
                report.algorithm.label()
            )
        })?;
        let c = Arc::new(tau_curve(&ev.instance, sol));
        self.tau_curve = Some((version, c.clone()));
        Ok(c)
    }

    pub(super) fn tau_plot(&mut self, ui: &mut Ui, params: &RedistParams) {
        let c = match self.curve(params) {
            Ok(c) => c,
            Err(why) => {
                ui.label(RichText::new(why).weak());
                return;
            }
        };
        let reveal = Reveal::of(ui.ctx());
        ui.label(
            RichText::new(
                "τ(R₁): System 6's time when P₁ sends R₁ items to P₂ (net; Lemma 10 fixes every \
                 other link). Convex and piecewise linear: its minimum is the rational optimum, \
                 and Proposition 1 says ⌊R₁*⌋ or ⌈R₁*⌉ is an optimal integer solution.",
            )
            .weak(),
        );
        if reveal.hiding() {
            ui.label(format!(
                "The curve and its optimum are the schedule's answer: {}",
                crate::ui::reveal::UNTIL_END
            ));
            return;
        }
        let (x, t) = c.rational;
        let chosen = c.better_rounding();
        let star = |r: i64| if r == chosen.0 { " ★ chosen" } else { "" };
        ui.label(format!(
            "R₁* = {} (τ = {}) · ⌊R₁*⌋ = {}: τ = {}{} · ⌈R₁*⌉ = {}: τ = {}{} · run: R₁ = {}, τ = {}{}",
            format_sig(x, 6),
            format_sig(t, 6),
            c.floor.0,
            fmt(c.floor.1),
            star(c.floor.0),
            c.ceil.0,
            fmt(c.ceil.1),
            star(c.ceil.0),
            c.integer.0,
            fmt(c.integer.1),
            c.light
                .map_or(" · no light solution".to_owned(), |(a, b)| format!(
                    " · light for R₁ in [{a}, {b}]"
                ))
        ));
        if let Some((heavy, light)) = c.heavy_rounding() {
            ui.label(
                RichText::new(format!(
                    "Paper gap: Proposition 1's rounding R₁ = {heavy} is optimal but not light \
                     (some processor would send more than it holds), and Lemma 9's schedule needs \
                     a light solution. loadlab takes the light optimum R₁ = {light} with the \
                     same τ (System 12); rounding alone does not give a schedule here."
                ))
                .color(ui.visuals().warn_fg_color),
            );
        }
        let mark = |name: String, p: [f64; 2], color: Color32| Series {
            name,
            points: vec![p],
            style: SeriesStyle::Points,
            color: Some(color),
        };
        let series = vec![
            Series {
                name: "τ(R₁)".into(),
                points: c.points.clone(),
                style: SeriesStyle::Line,
                color: Some(palette::SIMULATED),
            },
            mark(
                format!("rational R₁* = {}", format_sig(x, 5)),
                [x, t],
                palette::EVENT,
            ),
            mark(
                format!("⌊R₁*⌋ = {}{}", c.floor.0, star(c.floor.0)),
                [c.floor.0 as f64, c.floor.1],
                palette::BASELINE,
            ),
            mark(
                format!("⌈R₁*⌉ = {}{}", c.ceil.0, star(c.ceil.0)),
                [c.ceil.0 as f64, c.ceil.1],
                palette::THIRD,
            ),
        ];
        let plot = ComparePlot {
            title: String::new(),
            x_label: "R₁ (items P₁ → P₂)".into(),
            y_label: "τ".into(),
            series,
            x_marker: Some(x),
        };
        compare_plot(ui, "rd_tau_plot", &plot, &mut self.view.plot_view);
    }
}
