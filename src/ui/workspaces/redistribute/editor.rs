//! The instance editor: operations, the vector table (L, δ, c→, c←) and the generators.

use super::*;
use crate::model::redistribute::editing::RANDOM_DELTA_MAX;
use crate::model::redistribute::instance::{COST_MAX, N_MAX, N_MIN};
use crate::ui::widgets::form::{ParamGrid, choice_in, param_grid};
use crate::ui::widgets::slider::{Span, above, slider};

/// The ring directions, as the radio buttons offer them.
const DIRECTIONS: [(Direction, &str); 2] = [(Direction::Uni, "uni"), (Direction::Bi, "bi")];

impl RedistPanel {
    pub(super) fn controls_ui(
        &mut self,
        ui: &mut Ui,
        params: &mut RedistParams,
        errors: &[InstanceError],
    ) {
        ui.heading("Ring");
        let inst = &mut params.instance;
        let scalar_error = |ui: &mut Ui, field: Field| {
            if let Some(e) = errors
                .iter()
                .find(|e| e.field == field && e.index.is_none())
            {
                error_row(ui, &e.message);
            }
        };
        param_grid(ui, "rd_ring", None, |g| {
            let mut n = inst.n();
            let resized = g.row(
                "n",
                "Number of processors P_1 … P_n (2 to 10 000). A smaller ring drops the last processors and makes Σδ = 0 again (see the note under the generators).",
                |ui| slider(ui, "n", &mut n, &Span::log(N_MIN..=N_MAX)),
            );
            if resized.changed() && n != inst.n() {
                let shrunk = n < inst.n();
                inst.resize(n);
                if shrunk && inst.delta.iter().sum::<i64>() != 0 {
                    let fixed = make_sum_zero(inst);
                    self.texts.message = Some((false, format!("n = {n}: {fixed}")));
                }
                self.table.reset();
            }
            scalar_error(g.ui, Field::N);
            g.radios(
                "Direction",
                "uni: P_i only sends to P_{i+1} (Sections 3–4) · bi: to either neighbour, one at a time (Sections 5–6)",
                &mut inst.direction,
                &DIRECTIONS,
            );
            let mut hetero = matches!(inst.costs, Costs::Heterogeneous { .. });
            let links = g.radios(
                "Links",
                "homogeneous: one cost c for every link · heterogeneous: a cost per link and direction (table columns c→ and c←)",
                &mut hetero,
                &[(false, "homogeneous"), (true, "heterogeneous")],
            );
            if links.changed() {
                if hetero {
                    inst.make_heterogeneous();
                } else {
                    inst.make_homogeneous();
                }
            }
            if let Costs::Homogeneous(c) = &mut inst.costs {
                g.row(
                    "c",
                    "Time to send one item over any link, > 0 (the rail spans 0.01…10^4; up to 10^9 can be typed).",
                    |ui| slider(ui, "c", c, &Span::log(above(0.0)..=COST_MAX).rail(0.01..=1e4)),
                );
                scalar_error(g.ui, Field::C);
            }
            g.row(
                "Algorithm",
                "Auto picks the paper's algorithm for the ring type. “Algorithm 3 as printed” follows the pseudo-code literally; the corrected one is the default (see Help).",
                |ui| {
                    let combo = egui::ComboBox::from_id_salt("rd_algorithm").width(210.0);
                    choice_in(ui, combo, &mut params.algorithm, &Algorithm::ALL, Algorithm::label, |_| None)
                },
            );
        });

        ui.separator();
        self.operations(ui, params);
        ui.separator();
        self.vectors(ui, params, errors);
        ui.separator();
        self.generators(ui, params);
    }

    pub(super) fn operations(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        let inst = &mut params.instance;
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Make Σδ = 0")
                .on_hover_text("Lower the largest δ's (Σδ > 0) or raise the smallest (Σδ < 0) until Σδ = 0; the changes are listed below")
                .clicked()
            {
                self.texts.message = Some((false, make_sum_zero(inst)));
                self.table.reset();
            }
            if ui.button("Rotate").on_hover_text("P_k becomes P_{k+1} (every vector moves one place)").clicked() {
                inst.rotate(1);
                self.table.reset();
            }
            if ui.button("Negate").on_hover_text("δ → −δ: senders become receivers (loads raised where needed)").clicked() {
                inst.negate();
                self.table.reset();
            }
            if ui.button("Minimal loads").on_hover_text("L_k = max(1, 1 + δ_k), the smallest loads Section 2 allows").clicked() {
                inst.loads = minimal_loads(&inst.delta);
                self.table.reset();
            }
            if ui.button("Copy δ").on_hover_text("Copy δ as comma-separated text").clicked() {
                ui.ctx().copy_text(format_vector(&inst.delta));
                self.texts.message = Some((false, "δ copied".into()));
            }
        });
    }

    pub(super) fn vectors(
        &mut self,
        ui: &mut Ui,
        params: &mut RedistParams,
        errors: &[InstanceError],
    ) {
        let inst = &mut params.instance;
        let hetero = matches!(inst.costs, Costs::Heterogeneous { .. });
        let bi = inst.direction == Direction::Bi;
        ui.horizontal(|ui| {
            ui.strong("Vectors");
            let sum: i64 = inst.delta.iter().sum();
            let text = RichText::new(format!("Σδ = {sum}"));
            ui.label(if sum == 0 {
                text
            } else {
                text.color(ui.visuals().error_fg_color)
            });
        });
        let mut columns = vec![
            Column {
                header: "L_k",
                name: "L",
                editable: true,
                width: 64.0,
            },
            Column {
                header: "δ_k",
                name: "δ",
                editable: true,
                width: 64.0,
            },
        ];
        if hetero {
            columns.push(Column {
                header: "c→ (k,k+1)",
                name: "c_cw",
                editable: true,
                width: 76.0,
            });
            if bi {
                columns.push(Column {
                    header: "c← (k,k−1)",
                    name: "c_ccw",
                    editable: true,
                    width: 76.0,
                });
            }
        }
        let field_of = |c: usize| match c {
            0 => Field::Loads,
            1 => Field::Delta,
            2 => Field::Cw,
            _ => Field::Ccw,
        };
        let snapshot: &RingInstance = inst;
        let value = |c: usize, r: usize| -> String {
            match field_of(c) {
                Field::Loads => snapshot
                    .loads
                    .get(r)
                    .map_or(String::new(), |v| v.to_string()),
                Field::Delta => snapshot
                    .delta
                    .get(r)
                    .map_or(String::new(), |v| v.to_string()),
                Field::Cw => fmt(snapshot.cw(r)),
                _ => fmt(snapshot.ccw(r)),
            }
        };
        let cell_errors = &self.cell_errors;
        let error = |c: usize, r: usize| -> Option<String> {
            let f = field_of(c);
            cell_errors
                .iter()
                .find(|(ef, i, _)| *ef == f && *i == r)
                .map(|(_, _, m)| m.clone())
                .or_else(|| {
                    errors
                        .iter()
                        .find(|e| e.field == f && e.index == Some(r))
                        .map(|e| e.message.clone())
                })
        };
        let edit = vector_table(
            ui,
            "rd_table",
            &mut self.table,
            &TableSpec {
                columns: &columns,
                rows: snapshot.n(),
                value: &value,
                error: &error,
                height: 260.0,
            },
        );
        if let Some(edit) = edit {
            let f = field_of(edit.column);
            self.cell_errors
                .retain(|(ef, i, _)| !(*ef == f && *i == edit.row));
            let text = edit.text.trim().replace('−', "-");
            let bad = |m: String| (f, edit.row, m);
            match f {
                Field::Loads | Field::Delta => match text.parse::<i64>() {
                    Ok(v) => {
                        if f == Field::Loads {
                            inst.loads[edit.row] = v;
                        } else {
                            inst.delta[edit.row] = v;
                        }
                    }
                    Err(_) => self.cell_errors.push(bad(if text.is_empty() {
                        "empty entry: type an integer".into()
                    } else if text.parse::<f64>().is_ok() {
                        format!("“{text}”: items are atomic, use an integer")
                    } else {
                        format!("“{text}” is not an integer")
                    })),
                },
                _ => match text.parse::<f64>() {
                    Ok(v) if v.is_finite() && v > 0.0 => {
                        if let Costs::Heterogeneous { cw, ccw } = &mut inst.costs {
                            if f == Field::Cw {
                                cw[edit.row] = v;
                            } else {
                                ccw[edit.row] = v;
                            }
                        }
                    }
                    _ => self
                        .cell_errors
                        .push(bad(format!("“{text}”: a cost must be a finite number > 0"))),
                },
            }
        }
        // Problems listed under the table, so that an error appearing or going never moves the
        // rows under the cursor: the whole vectors' first (Σδ ≠ 0, lengths), then the entries'
        // (whose cells are outlined too).
        let whole = errors.iter().filter(|e| {
            e.index.is_none()
                && matches!(
                    e.field,
                    Field::Delta | Field::Loads | Field::Cw | Field::Ccw
                )
        });
        let listed: Vec<String> = whole
            .map(|e| e.message.clone())
            .chain(
                self.cell_errors
                    .iter()
                    .map(|(f, i, m)| format!("{}_{}: {m}", f.name(), i + 1)),
            )
            .chain(
                errors
                    .iter()
                    .filter(|e| e.index.is_some())
                    .map(|e| e.message.clone()),
            )
            .take(5)
            .collect();
        for m in listed {
            error_label(ui, format!("⚠ {m}"));
        }
    }

    pub(super) fn generators(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        egui::CollapsingHeader::new("Random instance")
            .default_open(true)
            .show(ui, |ui| {
                let spec = &mut params.random;
                egui::Grid::new("rd_random")
                    .num_columns(2)
                    .spacing([8.0, 4.0])
                    .show(ui, |ui| {
                        let mut g = ParamGrid::new(ui, None);
                        g.slider(
                            "",
                            "seed",
                            "Seed of the generator (the rail spans 0…10^6).",
                            &mut spec.seed,
                            &Span::log(0..=u64::MAX).rail(0..=1_000_000),
                        );
                        g.slider(
                            "",
                            "n (random)",
                            "Processors of the random ring (2 to 10 000).",
                            &mut spec.n,
                            &Span::log(N_MIN..=N_MAX),
                        );
                        g.slider(
                            "",
                            "max |δ|",
                            "Largest |δ_k| of the random ring (δ_k uniform in [−max, max], then Σδ made 0).",
                            &mut spec.max_delta,
                            &Span::log(1..=RANDOM_DELTA_MAX),
                        );
                        let links = [(false, "homog."), (true, "heterog.")];
                        g.radios("links", "", &mut spec.heterogeneous, &links);
                        g.radios("direction", "", &mut spec.direction, &DIRECTIONS);
                        g.radios(
                            "loads",
                            "heavy: the minimal loads (processors must forward items they receive) · light: enough items that every processor could send from its own stock",
                            &mut spec.heavy,
                            &[(true, "heavy"), (false, "light")],
                        );
                    });
                if ui.button("New random instance").clicked() {
                    match spec.validate() {
                        Ok(()) => {
                            params.instance = random_instance(spec);
                            self.cell_errors.clear();
                            self.table.reset();
                            self.texts.message = Some((false, format!("Random ring, seed {}", spec.seed)));
                        }
                        Err(e) => self.texts.message = Some((true, e.to_string())),
                    }
                }
            });
        egui::CollapsingHeader::new("δ as text, targets, speeds")
            .default_open(false)
            .show(ui, |ui| {
                let inst = &mut params.instance;
                ui.label("δ (comma- or space-separated):");
                ui.add(egui::TextEdit::multiline(&mut self.texts.delta).desired_rows(2).desired_width(f32::INFINITY))
                    .accessible_name("δ as text");
                ui.horizontal(|ui| {
                    if ui.button("Use as δ").on_hover_text("Replace δ (and n) by the typed vector; loads raised to the minimum where needed").clicked() {
                        match parse_int_vector(&self.texts.delta) {
                            Ok(d) => {
                                let n = d.len();
                                inst.resize(n.max(2));
                                inst.delta = d;
                                inst.resize(n);
                                for (l, d) in inst.loads.iter_mut().zip(&inst.delta) {
                                    *l = (*l).max(1 + d).max(1);
                                }
                                self.cell_errors.clear();
                                self.table.reset();
                                self.texts.message = Some((false, format!("δ set ({n} processors)")));
                            }
                            Err(e) => self.texts.message = Some((true, format!("δ: {e}"))),
                        }
                    }
                    if ui.button("Show current δ").clicked() {
                        self.texts.delta = format_vector(&inst.delta);
                    }
                });
                ui.label("Target loads (δ = L − target):");
                ui.add(egui::TextEdit::singleline(&mut self.texts.targets).desired_width(f32::INFINITY))
                    .accessible_name("target loads");
                if ui.button("Derive δ from targets").clicked() {
                    match parse_int_vector(&self.texts.targets)
                        .and_then(|t| delta_from_targets(&inst.loads, &t))
                    {
                        Ok(d) => {
                            inst.delta = d;
                            self.table.reset();
                            self.texts.message = Some((false, "δ = L − target".into()));
                        }
                        Err(e) => self.texts.message = Some((true, format!("targets: {e}"))),
                    }
                }
                ui.label("Relative speeds (targets ∝ speed, Σ kept):");
                ui.add(egui::TextEdit::singleline(&mut self.texts.speeds).desired_width(f32::INFINITY))
                    .accessible_name("relative speeds");
                if ui.button("Derive δ from speeds").on_hover_text("Targets proportional to the speeds by largest remainder (every processor keeps ≥ 1 item, Σ target = Σ L), then δ = L − target").clicked() {
                    let total: i64 = inst.loads.iter().sum();
                    match parse_cost_vector(&self.texts.speeds).and_then(|w| {
                        if w.len() != inst.n() {
                            Err(EditError::SpeedCount { speeds: w.len(), n: inst.n() })
                        } else {
                            proportional_targets(&w, total)
                        }
                    }).and_then(|t| delta_from_targets(&inst.loads, &t))
                    {
                        Ok(d) => {
                            inst.delta = d;
                            self.table.reset();
                            self.texts.message = Some((false, "δ derived from the speeds".into()));
                        }
                        Err(e) => self.texts.message = Some((true, format!("speeds: {e}"))),
                    }
                }
            });
        if let Some((err, m)) = &self.texts.message {
            let t = RichText::new(if *err { format!("⚠ {m}") } else { m.clone() });
            ui.label(if *err {
                t.color(ui.visuals().error_fg_color)
            } else {
                t.weak()
            });
        }
    }
}

/// Makes Σδ = 0 as the "Make Σδ = 0" button does (the extreme δ's move, loads are raised where
/// L_k ≥ 1 + δ_k needs it): what changed, for the message line.
fn make_sum_zero(inst: &mut RingInstance) -> String {
    let fix = fix_sum(&mut inst.delta);
    for (i, _, b) in &fix.changes {
        if let Some(l) = inst.loads.get_mut(*i) {
            *l = (*l).max(1 + b).max(1);
        }
    }
    if fix.changes.is_empty() {
        return "Σδ was already 0".into();
    }
    let listed: Vec<String> = fix
        .changes
        .iter()
        .take(12)
        .map(|(i, a, b)| format!("δ_{} {a} → {b}", i + 1))
        .collect();
    let more = fix.changes.len().saturating_sub(12);
    format!(
        "Σδ was {}: {}{}",
        fix.old_sum,
        listed.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    )
}
