//! The numbers: makespan, every bound with its gap, the checker's verdict and the paper's
//! claims checked on this instance.

use super::*;

impl RedistPanel {
    pub(super) fn numbers_ui(
        &mut self,
        ui: &mut Ui,
        params: &RedistParams,
        errors: &[InstanceError],
    ) {
        if let Some(e) = errors.first() {
            error_label(ui, format!("⚠ {} problem(s): {}", errors.len(), e.message));
            return;
        }
        let Some(ev) = self.current(params) else {
            ui.spinner();
            return;
        };
        let r = match &ev.outcome {
            Ok(r) => r,
            Err(e) => {
                error_label(ui, format!("⚠ {e}"));
                return;
            }
        };
        // Hide the future: the makespan and what follows from it wait for the last step.
        let reveal = crate::ui::reveal::Reveal::of(ui.ctx());
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            let verdict = if r.verification.valid {
                "✓ valid".to_string()
            } else {
                format!(
                    "✗ {}",
                    r.verification
                        .violations
                        .first()
                        .cloned()
                        .unwrap_or_default()
                )
            };
            let gap = if r.lower_bound > 0.0 {
                r.makespan / r.lower_bound
            } else {
                1.0
            };
            let mut rows = vec![
                vec!["algorithm".into(), r.algorithm.label().to_string()],
                vec!["makespan".into(), reveal.answer(fmt(r.makespan))],
                vec!["best lower bound".into(), fmt(r.lower_bound)],
                vec!["makespan / bound".into(), reveal.answer(format_sig(gap, 6))],
                vec!["verification".into(), verdict],
            ];
            if let Some(k) = r.rounds {
                rows.push(vec!["rounds".into(), reveal.answer(k.to_string())]);
            }
            if let Some(l) = r.light {
                rows.push(vec![
                    "light (sent ≤ L_k)".into(),
                    if l {
                        "yes".into()
                    } else {
                        "no — Lemma 9 needs items not yet received".into()
                    },
                ]);
            }
            if let Some(s) = &r.lp {
                rows.push(vec![
                    "R_1 rational / τ".into(),
                    reveal.answer(format!(
                        "{} / {}",
                        format_sig(s.x_rational, 8),
                        format_sig(s.tau_rational, 8)
                    )),
                ]);
                rows.push(vec![
                    "τ(⌊R_1⌋), τ(⌈R_1⌉)".into(),
                    reveal.answer(format!("{}, {}", fmt(s.x_floor_tau), fmt(s.x_ceil_tau))),
                ]);
                rows.push(vec![
                    "integer optimum R_1 / τ".into(),
                    reveal.answer(format!("{} / {}", s.x_int, fmt(s.tau_int))),
                ]);
            }
            result_table(ui, "rd_result", &["quantity", "value"], &rows);
            for v in r.verification.violations.iter().skip(1).take(3) {
                error_label(ui, format!("✗ {v}"));
            }
            let ui = &mut cols[1];
            let rows: Vec<Vec<String>> = r
                .bounds
                .iter()
                .map(|b| {
                    vec![
                        b.name.to_string(),
                        fmt(b.value),
                        if b.applies {
                            "applies".into()
                        } else {
                            "—".into()
                        },
                        if b.value > 0.0 && b.applies {
                            reveal.answer(format_sig(r.makespan / b.value, 5))
                        } else {
                            String::new()
                        },
                    ]
                })
                .collect();
            result_table(
                ui,
                "rd_bounds",
                &["bound", "value", "this ring", "gap"],
                &rows,
            );
            for c in &r.checks {
                let t = c.line();
                ui.label(if c.holds {
                    RichText::new(t)
                } else {
                    RichText::new(t).color(ui.visuals().error_fg_color)
                });
            }
        });
    }
}
