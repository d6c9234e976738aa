//! The instance editor: operations, the vector table (L, δ, c→, c←) and the generators.

use super::*;
use crate::model::redistribute::instance::{N_MAX, N_MIN};
use crate::model::redistribute::params::{
    LINK_COST, RANDOM_MAX_DELTA, RANDOM_N, RANDOM_SEED, RING_N,
};
use crate::ui::widgets::form::{ParamGrid, choice_in, param_grid};
use crate::ui::widgets::slider::{Span, slider};

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
        super::whose_ring(ui, self.view.plot, "These set");
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
            let tooltip = RING_N.tooltip();
            let resized = g.row(RING_N.symbol, &tooltip, |ui| {
                slider(ui, RING_N.symbol, &mut n, &Span::of(&RING_N))
            });
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
                let tooltip = LINK_COST.tooltip();
                g.row(LINK_COST.symbol, &tooltip, |ui| {
                    slider(ui, LINK_COST.symbol, c, &Span::of(&LINK_COST))
                });
                scalar_error(g.ui, Field::C);
            }
            g.row(
                "Algorithm",
                "Auto picks the paper's algorithm for the ring type. “Algorithm 3 as printed” follows the pseudo-code literally; the corrected one is the default (see Help).",
                |ui| {
                    // As wide as the room allows (a drawer beside the stage is narrow); the
                    // long names wrap inside it rather than running past its edge.
                    let width = ui.available_width().clamp(120.0, 210.0);
                    let combo = egui::ComboBox::from_id_salt("rd_algorithm").width(width).wrap();
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
                crate::ui::frame::copy(ui.ctx(), "δ", format_vector(&inst.delta));
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
        let hetero = matches!(inst.costs, Costs::Heterogeneous { .. });
        let columns = columns(hetero, inst.direction == Direction::Bi);
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
        let spec = TableSpec {
            columns: &columns,
            rows: snapshot.n(),
            value: &value,
            error: &error,
            height: 260.0,
        };
        if let Some(edit) = vector_table(ui, "rd_table", &mut self.table, &spec) {
            self.apply_cell(inst, edit);
        }
        self.list_problems(ui, errors);
    }

    /// Applies a typed cell to the instance, or records why it is refused.
    fn apply_cell(
        &mut self,
        inst: &mut RingInstance,
        edit: crate::ui::widgets::vector_table::CellEdit,
    ) {
        let f = field_of(edit.column);
        self.cell_errors
            .retain(|(ef, i, _)| !(*ef == f && *i == edit.row));
        let text = edit.text.trim().replace('−', "-");
        let bad = |m: String| (f, edit.row, m);
        match f {
            Field::Loads | Field::Delta => match parse_int_entry(&text) {
                Ok(v) => {
                    if f == Field::Loads {
                        inst.loads[edit.row] = v;
                    } else {
                        inst.delta[edit.row] = v;
                    }
                }
                Err(e) => self.cell_errors.push(bad(match e {
                    _ if text.is_empty() => "empty entry: type an integer".into(),
                    EntryError::NotAtomic(_) => {
                        format!("“{text}”: items are atomic, use an integer")
                    }
                    EntryError::OutOfRange(why) => why,
                    _ => format!("“{text}” is not an integer"),
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

    /// Problems listed under the table, so that an error appearing or going never moves the
    /// rows under the cursor: the whole vectors' first (Σδ ≠ 0, lengths), then the entries'
    /// (whose cells are outlined too).
    fn list_problems(&self, ui: &mut Ui, errors: &[InstanceError]) {
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
        self.random_generator(ui, params);
        self.text_generators(ui, params);
        if let Some((err, m)) = &self.texts.message {
            let t = RichText::new(if *err { format!("⚠ {m}") } else { m.clone() });
            ui.label(if *err {
                t.color(ui.visuals().error_fg_color)
            } else {
                t.weak()
            });
        }
    }

    /// The seeded random instance generator.
    fn random_generator(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        egui::CollapsingHeader::new("Random instance")
            .default_open(true)
            .show(ui, |ui| {
                let spec = &mut params.random;
                egui::Grid::new("rd_random")
                    .num_columns(2)
                    .spacing([8.0, 4.0])
                    .show(ui, |ui| {
                        let mut g = ParamGrid::new(ui, None);
                        g.param(&RANDOM_SEED, &mut spec.seed, &Span::of(&RANDOM_SEED));
                        // The rail spans every size (the map's default range is narrower).
                        let n_span = Span::of(&RANDOM_N).rail(N_MIN..=N_MAX);
                        g.param(&RANDOM_N, &mut spec.n, &n_span);
                        let (lo, hi) = Span::of(&RANDOM_MAX_DELTA).valid();
                        let d_span = Span::of(&RANDOM_MAX_DELTA).rail(lo..=hi);
                        g.param(&RANDOM_MAX_DELTA, &mut spec.max_delta, &d_span);
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
    }

    /// δ typed as text, or derived from target loads or relative speeds.
    fn text_generators(&mut self, ui: &mut Ui, params: &mut RedistParams) {
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
    }
}

/// The columns of the vector table: L and δ, and the costs on a heterogeneous ring.
fn columns(hetero: bool, bi: bool) -> Vec<Column<'static>> {
    let column = |header, name, width| Column {
        header,
        name,
        editable: true,
        width,
    };
    let mut columns = vec![column("L_k", "L", 64.0), column("δ_k", "δ", 64.0)];
    if hetero {
        columns.push(column("c→ (k,k+1)", "c_cw", 76.0));
        if bi {
            columns.push(column("c← (k,k−1)", "c_ccw", 76.0));
        }
    }
    columns
}

/// The instance vector shown in column `c` of the table.
fn field_of(c: usize) -> Field {
    match c {
        0 => Field::Loads,
        1 => Field::Delta,
        2 => Field::Cw,
        _ => Field::Ccw,
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
