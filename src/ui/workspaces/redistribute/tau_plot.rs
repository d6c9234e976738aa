//! The plot of τ(R₁) for System 6 on a heterogeneous bidirectional ring: the time of the
//! solution whose link P₁ → P₂ carries R₁ items (Lemma 10), with the rational optimum R₁*
//! and its two roundings ⌊R₁*⌋, ⌈R₁*⌉ (Proposition 1) marked with their τ. The curve and its
//! plot section come from the report ([`crate::report::redistribute::tau_section`]); this
//! file only draws them.

use super::*;
use crate::model::redistribute::tau_curve::TauCurve;
use crate::report::Content;
use crate::ui::reveal::Reveal;

/// What the τ(R₁) plot explains above the curve.
const ABOUT: &str = "τ(R₁): System 6's time when P₁ sends R₁ items to P₂ (net; Lemma 10 fixes \
                     every other link). Convex and piecewise linear: its minimum is the rational \
                     optimum, and Proposition 1 says ⌊R₁*⌋ or ⌈R₁*⌉ is an optimal integer \
                     solution.";

/// One line on the curve's optimum, its roundings and the run's solution.
fn optimum_line(c: &TauCurve) -> String {
    let (x, t) = c.rational;
    let chosen = c.better_rounding();
    let star = |r: i64| if r == chosen.0 { " ★ chosen" } else { "" };
    format!(
        "R₁* = {} (τ = {}) · ⌊R₁*⌋ = {}: τ = {}{} · ⌈R₁*⌉ = {}: τ = {}{} · run: R₁ = {}, τ = {}{}",
        fmt(x),
        fmt(t),
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
    )
}

impl RedistPanel {
    pub(super) fn tau_plot(&mut self, ui: &mut Ui, params: &RedistParams) {
        let ev = match self.outcome(params) {
            None => {
                ui.label(RichText::new("the run is being computed…").weak());
                return;
            }
            Some(Err(e)) => {
                ui.label(RichText::new(e.as_str()).weak());
                return;
            }
            Some(Ok(ev)) => ev.clone(),
        };
        let (Some(c), Some(section)) = (&ev.run.tau_curve, &ev.tau) else {
            ui.label(
                RichText::new(format!(
                    "{} does not solve System 6: choose the algorithm lp, lp-load or \
                     lp-forward (auto picks lp on a heterogeneous bidirectional ring)",
                    ev.report().algorithm.label()
                ))
                .weak(),
            );
            return;
        };
        ui.label(RichText::new(ABOUT).weak());
        let reveal = Reveal::of(ui.ctx());
        if reveal.hiding() {
            ui.label(format!(
                "The curve and its optimum are the schedule's answer: {}",
                reveal.until()
            ));
            return;
        }
        ui.label(optimum_line(c));
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
        if let Content::Series(set) = &section.content {
            let mut plot = ComparePlot::of("", set);
            plot.x_marker = Some(c.rational.0);
            compare_plot(ui, "rd_tau_plot", &plot, &mut self.view.plot_view);
        }
    }
}
