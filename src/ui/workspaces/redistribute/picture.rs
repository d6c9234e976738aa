//! The picture: the ring drawing stepped round by round, the δ bars, the Gantt chart of
//! transfers and the sends list.

use super::*;
use crate::model::redistribute::instance::COST_MAX;
use crate::model::redistribute::send::Send as RoundSend;
use crate::model::words::{count, noun};
use crate::report::secrecy::DELTA_MAX;
use crate::ui::frame::{HIDDEN, Says};
use crate::ui::reveal::{Reveal, cut_gantt};
use crate::ui::widgets::dialog::{Answer, dialog};
use crate::ui::widgets::form::heading_tabs;
use crate::ui::widgets::palette;
use crate::ui::widgets::pending;
use crate::ui::widgets::slider::{field_notes, tuned_field};
use crate::ui::widgets::step_bar::step_caption_of;

/// Above this many processors the δ profile is drawn as lines instead of bars.
const BAR_LIMIT: usize = 300;
/// Height the chart under the ring (δ bars, Gantt, sends) keeps at least.
const LOWER_MIN: f32 = 110.0;
/// The id of the redistribution's Gantt chart.
const GANTT_ID: &str = "rd_gantt";

/// Where the Gantt chart's least height is kept for the next frame's layout.
fn gantt_least_key(ui: &Ui) -> egui::Id {
    ui.scope_id().with("rd gantt least height")
}

/// Height the ring keeps at least.
const RING_MIN: f32 = 160.0;
/// Narrowest picture whose arrows' legend fits on two rows.
const LEGEND_TWO_ROWS: f32 = 640.0;
/// A picture this many times wider than tall shows the ring and the chart side by side.
const SIDE_BY_SIDE: f32 = 1.8;
/// Largest number of rows of the Gantt chart.
const GANTT_ROWS: usize = 64;
/// Largest number of blocks drawn in the Gantt chart.
const GANTT_BLOCKS: usize = 20_000;

/// The pseudo-code line, as (algorithm id, step label), behind a send `from` → `to` of
/// `report`'s schedule whose step number is `step` (0: none): the step itself when the
/// algorithm's pseudo-code has it, else Lemma 9's clockwise or counter-clockwise phase (System
/// 6's schedules) or Algorithm 2's Step 4.
pub(super) fn send_line(
    report: &RunReport,
    n: usize,
    from: usize,
    to: usize,
    step: u8,
) -> Option<(&'static str, &'static str)> {
    let alg = crate::model::pseudocode::find(report.algorithm.name())?;
    let numbered = (step > 0).then(|| alg.line(&step.to_string())).flatten();
    let line = numbered.or_else(|| {
        let label = match report.algorithm {
            Algorithm::Alg2 => "4",
            _ if to == (from + 1) % n => "L9a",
            _ => "L9b",
        };
        alg.line(label)
    })?;
    Some((alg.id, line.step))
}

/// Number of positions of the step bar.
pub(super) fn step_count(s: &Schedule, times: &[f64]) -> usize {
    match s {
        // Every round, then the end state.
        Schedule::Rounds { rounds, .. } => rounds.len() + 1,
        Schedule::Timed(_) => times.len().max(1),
    }
}

/// δ before position `pos` (round pos + 1, or time t_pos).
pub(super) fn delta_at(inst: &RingInstance, s: &Schedule, times: &[f64], pos: usize) -> Vec<i64> {
    let mut d = inst.delta.clone();
    match s {
        Schedule::Rounds { rounds, .. } => d = rounds.delta_before(&inst.delta, pos),
        Schedule::Timed(blocks) => {
            let t = times.get(pos).copied().unwrap_or(0.0);
            for b in blocks {
                let done = (((t - b.start) / b.unit) + 1e-9)
                    .floor()
                    .clamp(0.0, b.items as f64) as i64;
                d[b.from] -= done;
                d[b.to] += done;
            }
        }
    }
    d
}

impl Cursor {
    pub(super) fn at(
        key: (usize, usize),
        inst: &RingInstance,
        report: &RunReport,
        times: &[f64],
    ) -> Self {
        let pos = key.1;
        // A generated schedule plans the round again from a checkpoint: once per step.
        let (before, round_sends) = match &report.schedule {
            Schedule::Rounds { rounds, .. } => rounds.at(&inst.delta, pos),
            Schedule::Timed(_) => (delta_at(inst, &report.schedule, times, pos), None),
        };
        let (moving, after): (Vec<Moving>, Vec<i64>) = match &report.schedule {
            Schedule::Rounds { c, .. } => {
                let sends: &[RoundSend] = round_sends.as_deref().unwrap_or_default();
                let mut after = before.clone();
                for x in sends.iter() {
                    after[x.from as usize] -= 1;
                    after[x.to as usize] += 1;
                }
                let moving = sends
                    .iter()
                    .map(|x| Moving {
                        from: x.from as usize,
                        to: x.to as usize,
                        step: x.step,
                        items: 1,
                        start: pos as f64 * c,
                        end: (pos + 1) as f64 * c,
                    })
                    .collect();
                (moving, after)
            }
            Schedule::Timed(blocks) => {
                let t = times.get(pos).copied().unwrap_or(0.0);
                let moving = blocks
                    .iter()
                    .filter(|b| b.start <= t + 1e-9 && t + 1e-9 < b.end())
                    .map(|b| Moving {
                        from: b.from,
                        to: b.to,
                        step: 0,
                        items: b.items,
                        start: b.start,
                        end: b.end(),
                    })
                    .collect();
                (moving, delta_at(inst, &report.schedule, times, pos + 1))
            }
        };
        let variant = match report.algorithm {
            Algorithm::Alg3 => Some(Alg3Variant::Corrected),
            Algorithm::Alg3Literal => Some(Alg3Variant::Literal),
            _ => None,
        };
        let round = match (variant, report.rounds) {
            (Some(v), Some(r)) if r > 0 => alg3_round(&before, v),
            _ => None,
        };
        let slices = match &round {
            Some(r) if inst.n() <= crate::ui::widgets::ring::MAX_NODES => {
                maximal_slices(&before, r.delta_max)
            }
            _ => Vec::new(),
        };
        let explained = explain(
            (inst, report, times),
            pos,
            &before,
            moving.as_slice(),
            round_sends.as_deref(),
        );
        Cursor {
            key,
            before,
            after,
            moving,
            round,
            slices,
            explained,
        }
    }
}

/// The step bar's label at position `k`: the time of a timed schedule, else the round.
fn step_label(times: &[f64], timed: bool, rounds: Option<usize>, k: usize) -> String {
    match (timed, rounds) {
        (true, _) => format!("t = {}", fmt(times.get(k).copied().unwrap_or(0.0))),
        (false, Some(r)) if r > 0 && k < r => format!("{k} of {r} {} done", noun(r, "round")),
        (false, Some(r)) if r > 0 => format!("the end, after {}", count(r, "round")),
        _ => "balanced already".to_string(),
    }
}

/// One line on the step at position `pos` of `n_steps`, with every quantity that an open
/// question hides (`hidden` by its key) written "?": the rounds, the makespan, δ_max.
fn step_summary(
    inst: &RingInstance,
    ev: &Evaluated,
    cursor: &Cursor,
    (pos, n_steps): (usize, usize),
    hidden: &dyn Fn(&str) -> bool,
) -> String {
    let q = |key: &str, text: String| if hidden(key) { HIDDEN.to_owned() } else { text };
    let rounds = |r: usize| q("rounds", r.to_string());
    let dmax = |d: i64| q(DELTA_MAX, d.to_string());
    let report = ev.report();
    let (before, arrows, times) = (&cursor.before, &cursor.moving, &ev.times);
    let dmax_now = match inst.direction {
        Direction::Bi => bounds::lemma6_rounds(before),
        Direction::Uni => bounds::lemma1(before),
    };
    let end = pos + 1 == n_steps;
    let misplaced = before.iter().map(|d| d.abs()).sum::<i64>() / 2;
    match (&cursor.round, report.rounds) {
        (_, Some(total)) if end && total > 0 => {
            if misplaced == 0 {
                format!(
                    "Done: balanced after {} {} (makespan {}), every δ = 0",
                    rounds(total),
                    noun(total, "round"),
                    q("makespan", fmt(report.makespan))
                )
            } else {
                format!(
                    "End, after all {} {}: {} still misplaced",
                    rounds(total),
                    noun(total, "round"),
                    count(misplaced, "item")
                )
            }
        }
        // Counted as the step bar counts (its "1/4" is "1 of 4 rounds done"), then the round
        // whose sends are drawn.
        // (The special rules are δ_max = 2's, so naming them says δ_max; the lesson step
        // that asks the rounds is about them, and the pseudo-code's highlighted Steps 10–18
        // say it too: they stay named.)
        (Some(r), Some(total)) => format!(
            "{pos} of {} {} done · round {}: δ_max = {}{} · {} · {}",
            rounds(total),
            noun(total, "round"),
            pos + 1,
            dmax(r.delta_max),
            if r.delta_max == 2 {
                " (special rules, Steps 10–18)"
            } else {
                ""
            },
            count(arrows.len(), "send"),
            count(r.maximal_processors.len(), "maximal processor")
        ),
        (None, Some(total)) if total > 0 => format!(
            "{pos} of {} {} done · round {}: remaining bound {} · {}",
            rounds(total),
            noun(total, "round"),
            pos + 1,
            dmax(dmax_now),
            count(arrows.len(), "send")
        ),
        (None, Some(_)) => "Nothing to redistribute: δ = 0".into(),
        // The end of a timed schedule is its makespan.
        _ if end && misplaced == 0 => format!(
            "Done at t = {}: every transfer finished, every δ = 0",
            q(
                "makespan",
                fmt(times.get(pos).copied().unwrap_or(report.makespan))
            )
        ),
        _ => format!(
            "t = {}: {} in progress · remaining Σ|δ|/2 = {misplaced}",
            fmt(times.get(pos).copied().unwrap_or(0.0)),
            count(arrows.len(), "transfer"),
        ),
    }
}

/// The arrows of the sends at the cursor, coloured by their pseudo-code steps (a step
/// hovered in the pseudo-code pane stands out, the others fade).
fn step_arrows(ui: &Ui, report: &RunReport, n: usize, moving: &[Moving]) -> Vec<RingArrow> {
    let hovered_step =
        crate::ui::widgets::pseudocode::hovered(ui.ctx(), "redistribute").map(|(_, step)| step);
    moving
        .iter()
        .map(|m| RingArrow {
            from: m.from,
            to: m.to,
            line: send_line(report, n, m.from, m.to, m.step),
            color: match &hovered_step {
                Some(h) if *h != m.step.to_string() => step_color(m.step).gamma_multiply(0.2),
                _ => step_color(m.step),
            },
            // Named as the pseudo-code's Step (as the sends list and the lessons write
            // it), so it is not read as a number of items.
            label: if m.step > 0 {
                format!("Step {}", m.step)
            } else {
                String::new()
            },
        })
        .collect()
}

/// The maximal slices at the cursor as arcs on the ring, each in its sign's colour.
fn slice_arcs(slices: &[(usize, usize, i64)]) -> Vec<RingArc> {
    slices
        .iter()
        .map(|&(a, b, sum)| RingArc {
            start: a,
            end: b,
            color: translucent(if sum > 0 {
                palette::POSITIVE
            } else {
                palette::NEGATIVE
            }),
            tooltip: format!("C_{{{},{}}}: δ = {sum}", a + 1, b + 1),
        })
        .collect()
}

/// The ring's id, the same whichever way the picture is laid out (beside the chart, above
/// it, alone under an error line): a drag on a processor survives the layout changing under
/// it (Σδ ≠ 0 mid-drag swaps the run's picture for the bare ring).
fn ring_id(ui: &Ui) -> egui::Id {
    ui.scope_id().with("rd_ring")
}

impl RedistPanel {
    pub(super) fn picture_ui(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        // On the stage the tabs go over the chart they switch, beside the ring (the menu
        // bar names the model): the ring keeps the room's height. A phone's column is too
        // narrow for anything beside the ring: the chart goes under it, as at a desk.
        let ctx = ui.ctx();
        let stage = crate::ui::frame::on_stage(ctx) && !crate::ui::frame::in_column(ctx);
        let key = (params.instance.clone(), params.algorithm);
        let run = self.checked.of(&key).is_none() && matches!(self.outcome(params), Some(Ok(_)));
        if !stage || !run {
            heading_tabs(ui, "Redistribution", &mut self.view.lower);
        }
        if let Some(e) = self.checked.of(&key) {
            nothing_runs(ui, &e.message);
            self.ring_only(ui, params);
            return;
        }
        let ev = match self.outcome(params) {
            // The ring stays editable while the run is computed.
            None => {
                pending(ui, self.evaluated.failure(), "running…");
                self.ring_only(ui, params);
                return;
            }
            Some(Err(e)) => {
                error_label(ui, format!("Cannot run: {e}"));
                self.ring_only(ui, params);
                return;
            }
            Some(Ok(ev)) => ev.clone(),
        };
        let report = ev.report();
        let n_steps = step_count(&report.schedule, &ev.times);
        self.view.step.clamp(n_steps);
        let timed = matches!(report.schedule, Schedule::Timed(_));
        let (times, rounds) = (ev.times.clone(), report.rounds);
        let label = move |k: usize| step_label(&times, timed, rounds, k);
        if stage {
            // The first row: clear of the figure's export buttons at the top right.
            crate::ui::widgets::corner::beside_corner(ui, |ui| {
                step_bar(ui, &mut self.view.step, n_steps, &label)
            });
        } else {
            step_bar(ui, &mut self.view.step, n_steps, &label);
        }
        let pos = self.view.step.step;
        let key = (self.evaluated.version() as usize, pos);
        if self.cursor.as_ref().map(|c| c.key) != Some(key) {
            self.cursor = Some(Cursor::at(key, &params.instance, report, &ev.times));
        }
        let Some(cursor) = self.cursor.take() else {
            return;
        };
        // The caption knows its quantities: hidden by their keys, not by digits.
        let secret = crate::ui::frame::secret(ui.ctx());
        let hidden = |key: &str| secret.as_ref().is_some_and(|s| s.hides_field(key));
        let summary = step_summary(&params.instance, &ev, &cursor, (pos, n_steps), &hidden);
        if !stage {
            step_caption_of(ui, &summary, None, Says::Names);
        }
        self.step_picture(ui, params, &ev, &cursor, pos, stage.then_some(summary));
        self.cursor = Some(cursor);
    }

    /// The ring at the cursor with the chart under it (or beside it in a wide, short room);
    /// on the stage (`summary`: the step's caption) the stage's layout ([`Side`]).
    fn step_picture(
        &mut self,
        ui: &mut Ui,
        params: &mut RedistParams,
        ev: &Evaluated,
        cursor: &Cursor,
        pos: usize,
        summary: Option<String>,
    ) {
        let inst = &params.instance;
        let report = ev.report();
        let arrows = &cursor.moving;
        let mut arcs = slice_arcs(&cursor.slices);
        let binding = binding_caption(ui.ctx(), inst).map(|(text, arc)| {
            arcs.push(arc);
            text
        });
        if let (None, Some(text)) = (&summary, &binding) {
            binding_label(ui, text);
        }
        let maxabs = inst.delta.iter().map(|d| d.abs()).max().unwrap_or(1);
        let maximal: Vec<usize> = cursor
            .round
            .as_ref()
            .map(|r| r.maximal_processors.clone())
            .unwrap_or_default();
        let arrows_drawn = step_arrows(ui, report, inst.n(), arrows);
        let dark = ui.visuals().dark_mode;
        let drawing = self.drawing(
            inst,
            &cursor.before,
            maxabs,
            &maximal,
            arrows_drawn,
            arcs,
            dark,
        );
        let legend = if cursor.round.is_some() && inst.n() <= crate::ui::widgets::ring::MAX_NODES {
            legend_of(report.algorithm)
        } else {
            &[]
        };
        let timed = matches!(report.schedule, Schedule::Timed(_));
        let lower = |this: &mut Self, ui: &mut Ui| match this.view.lower {
            Lower::Bars => delta_bars(ui, &cursor.before, &cursor.after),
            Lower::Gantt => this.gantt(ui, inst, report, timed.then_some(ev.times.as_slice()), pos),
            Lower::Sends => sends_list(
                ui,
                arrows,
                &cursor.before,
                &cursor.after,
                &cursor.slices,
                report.rounds.is_some().then_some(report.algorithm),
            ),
        };
        let events = match summary {
            Some(summary) => {
                let gantt_rows = (self.view.lower == Lower::Gantt).then_some(inst.n());
                // (The sends list says what each arrow's step does: no legend above it. The
                // Gantt chart needs the column's height for its rows, and with the legend
                // above it the ring would come and go as the step bar moves: the arrows keep
                // their step labels, and the δ bars' tab the legend.)
                let side = Side {
                    summary,
                    binding,
                    legend: if self.view.lower == Lower::Bars {
                        legend
                    } else {
                        &[]
                    },
                    gantt_rows,
                };
                self.lay_out_stage(ui, ring_id(ui), &drawing, &side, lower)
            }
            None => self.lay_out(ui, ring_id(ui), &drawing, legend, lower),
        };
        self.apply_ring_events(ui, params, events);
    }

    /// Lays out the ring and the chart `lower` draws: side by side in a wide, short room,
    /// else the ring above (with the arrows' `legend`, if any). The ring's events.
    fn lay_out(
        &mut self,
        ui: &mut Ui,
        id: egui::Id,
        drawing: &RingDrawing,
        legend: &[(u8, &str)],
        lower: impl FnOnce(&mut Self, &mut Ui),
    ) -> Vec<RingEvent> {
        let line = ui.text_style_height(&egui::TextStyle::Body);
        let room = ui.available_size();
        if side_by_side(room, line, crate::ui::frame::on_stage(ui.ctx())) {
            // A wide, short picture (a projector with every panel shown): the ring and the
            // chart side by side, so that neither is squeezed to a strip. The arrows' legend
            // spans both (two lines rather than four above the ring alone); the ring, bound by
            // the height it leaves, takes the width of a square and the chart the rest.
            if !legend.is_empty() {
                arrows_legend(ui, legend);
            }
            let height = ui.available_height().max(RING_MIN.min(room.y));
            let ring_width = (height * 1.25).clamp(room.x * 0.4, room.x * 0.6).floor();
            let mut events = Vec::new();
            ui.horizontal_top(|ui| {
                let column = egui::Layout::top_down(egui::Align::Min);
                ui.allocate_ui_with_layout(egui::vec2(ring_width, height), column, |ui| {
                    ui.set_width(ring_width);
                    events = ring(ui, id, drawing, height);
                });
                ui.separator();
                let width = ui.available_width();
                ui.allocate_ui_with_layout(egui::vec2(width, height), column, |ui| lower(self, ui));
            });
            events
        } else {
            // The ring takes what the arrows' legend and the lower chart leave, at most 66 %
            // of the room: the whole picture fits its room.
            // The legend wraps to a third row in a narrow picture (beside the pseudo-code).
            // There the δ chart's legend goes above the bars too: the chart keeps more and
            // the ring may get smaller.
            let narrow = room.x < LEGEND_TWO_ROWS;
            let (legend_rows, lower_min, mut ring_min) = if narrow {
                (3.6, LOWER_MIN + 20.0, RING_MIN - 30.0)
            } else {
                (2.5, LOWER_MIN, RING_MIN)
            };
            // On a phone the picture scrolls: the ring, the picture, keeps a height legible
            // on the phone's width, and a chart taller than what it leaves scrolls under it
            // (the Gantt chart's rows squeezed it to a third of the width).
            if crate::ui::frame::on_phone(ui.ctx()) {
                ring_min = ring_min.max(room.x * PHONE_RING);
            }
            let reserved = if legend.is_empty() {
                0.0
            } else {
                legend_rows * line
            };
            // The Gantt chart needs its toolbar, its rows and its axis whole (with the
            // numbers panel open in the first window, LOWER_MIN cut its axis by 8 points).
            let lower_min = match self.view.lower {
                Lower::Gantt => {
                    let least = crate::ui::widgets::flow::last_drawn(ui, gantt_least_key(ui));
                    lower_min.max(least.unwrap_or(0.0) + ui.spacing().item_spacing.y)
                }
                _ => lower_min,
            };
            let height = (room.y - reserved - lower_min)
                .min(room.y * 0.66)
                .max(ring_min.min(room.y));
            let events = ring(ui, id, drawing, height);
            if !legend.is_empty() {
                arrows_legend(ui, legend);
            }
            ui.separator();
            lower(self, ui);
            events
        }
    }

    /// The ring (editable) without a run, when the instance is invalid.
    pub(super) fn ring_only(&mut self, ui: &mut Ui, params: &mut RedistParams) {
        let inst = &params.instance;
        let maxabs = inst.delta.iter().map(|d| d.abs()).max().unwrap_or(1);
        let drawing = self.drawing(
            inst,
            &inst.delta,
            maxabs,
            &[],
            Vec::new(),
            Vec::new(),
            ui.visuals().dark_mode,
        );
        let h = ui.available_height().max(RING_MIN);
        let events = ring(ui, ring_id(ui), &drawing, h);
        self.apply_ring_events(ui, params, events);
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn drawing(
        &self,
        inst: &RingInstance,
        delta: &[i64],
        maxabs: i64,
        maximal: &[usize],
        arrows: Vec<RingArrow>,
        arcs: Vec<RingArc>,
        dark: bool,
    ) -> RingDrawing {
        let n = inst.n();
        let drawn = if n > crate::ui::widgets::ring::MAX_NODES {
            0
        } else {
            n
        };
        let hetero = !inst.is_homogeneous() || matches!(inst.costs, Costs::Heterogeneous { .. });
        let bi = inst.direction == Direction::Bi;
        // The load now: an item sent or received moves L_i and δ_i = L_i − L̄ alike (the
        // labels read the instance's loads at every step: "L=3" beside δ = 0 once balanced).
        let load = |i: usize| {
            let at = |v: &[i64]| v.get(i).copied().unwrap_or(0);
            at(&inst.loads) + at(delta) - at(&inst.delta)
        };
        RingDrawing {
            too_large: if n > crate::ui::widgets::ring::MAX_NODES {
                n
            } else {
                0
            },
            nodes: (0..drawn)
                .map(|i| RingNode {
                    name: format!("P{}", i + 1),
                    detail: format!("{}", delta.get(i).copied().unwrap_or(0)),
                    outer: format!("L={}", load(i)),
                    fill: sign_color(delta.get(i).copied().unwrap_or(0), maxabs, dark),
                    emphasis: maximal.contains(&i),
                    tooltip: format!(
                        "P{}: L = {}, δ now = {}, initial δ = {}{}",
                        i + 1,
                        load(i),
                        delta.get(i).copied().unwrap_or(0),
                        inst.delta.get(i).copied().unwrap_or(0),
                        if maximal.contains(&i) {
                            " — maximal processor"
                        } else {
                            ""
                        }
                    ),
                })
                .collect(),
            links: (0..drawn)
                .map(|i| {
                    let j = (i + 1) % n;
                    // The reverse direction's cost exists only on a bidirectional ring.
                    let (cw, ccw) = (fmt(inst.cw(i)), || fmt(inst.ccw(j)));
                    let (a, b) = (i + 1, j + 1);
                    RingLink {
                        label: if hetero && bi {
                            format!("{cw}→ {}←", ccw())
                        } else {
                            cw.clone()
                        },
                        tooltip: if bi {
                            format!("c({a},{b}) = {cw}, c({b},{a}) = {}", ccw())
                        } else {
                            format!("c({a},{b}) = {cw}")
                        },
                    }
                })
                .collect(),
            arrows,
            arcs,
            editable: true,
            handles: Vec::new(),
        }
    }

    pub(super) fn apply_ring_events(
        &mut self,
        ui: &mut Ui,
        params: &mut RedistParams,
        events: Vec<RingEvent>,
    ) {
        let inst = &mut params.instance;
        for e in events {
            match e {
                RingEvent::Drag { index, units } => {
                    if let Some(d) = inst.delta.get_mut(index) {
                        *d += units;
                        let d = *d;
                        if let Some(l) = inst.loads.get_mut(index) {
                            *l = (*l).max(1 + d).max(1);
                        }
                        self.table.reset();
                    }
                }
                RingEvent::Link { index, at, pivot } => {
                    let n = inst.n();
                    let serial = self.link_edit.as_ref().map_or(0, |e| e.serial + 1);
                    self.link_edit = Some(LinkEdit {
                        index,
                        cw: inst.cw(index),
                        ccw: inst.ccw((index + 1) % n),
                        at,
                        pivot,
                        serial,
                    });
                }
            }
        }
        let mut close = false;
        if let Some(edit) = &mut self.link_edit {
            let n = inst.n();
            let (a, b) = (edit.index, (edit.index + 1) % n);
            let bi = inst.direction == Direction::Bi;
            // Beside the link, extending away from the ring; a fresh window each time one
            // opens, so it opens beside its own link rather than where the last one was.
            let window = egui::Window::new(format!("Link cost P{} – P{}", a + 1, b + 1))
                .id(egui::Id::unique(("rd_link_edit", edit.serial)))
                .default_pos(edit.at)
                .pivot(edit.pivot)
                // About its size: egui fits a new window on the screen with this guess before
                // it knows the real size, and a guess far too big would shift it off its link.
                .default_size(egui::vec2(300.0, 150.0))
                .collapsible(false)
                .resizable(false);
            let answer = dialog(ui.ctx(), window, "Apply", "Close", |ui| {
                ui.label(
                    RichText::new(
                        "Time to send one item over the link. Applying makes the ring's \
                         costs per link (heterogeneous).",
                    )
                    .weak(),
                );
                let mut links = vec![((a, b), &mut edit.cw)];
                if bi {
                    links.push(((b, a), &mut edit.ccw));
                }
                // A cost typed beyond the field's values is clamped with a note, under both.
                let fields: Vec<egui::Response> = links
                    .into_iter()
                    .map(|((from, to), c)| {
                        let caption = format!("c({},{})", from + 1, to + 1);
                        ui.horizontal(|ui| {
                            // Written exactly: a cost of 1e-6 read "0.00".
                            tuned_field(ui, &caption, c, 1e-6..=COST_MAX, |d| {
                                d.speed(0.05)
                                    .custom_formatter(|x, _| number(x, Precision::Exact))
                            })
                        })
                        .inner
                    })
                    .collect();
                field_notes(ui, &fields);
                false
            });
            if answer == Some(Answer::Confirm) {
                inst.make_heterogeneous();
                if let Costs::Heterogeneous { cw, ccw } = &mut inst.costs {
                    cw[a] = edit.cw;
                    if bi {
                        ccw[b] = edit.ccw;
                    }
                }
            }
            close = answer.is_some();
        }
        if close {
            self.link_edit = None;
            self.table.reset();
        }
    }

    pub(super) fn gantt(
        &mut self,
        ui: &mut Ui,
        inst: &RingInstance,
        r: &RunReport,
        times: Option<&[f64]>,
        pos: usize,
    ) {
        // Count before building: a round-based schedule may hold millions of sends.
        let (n, count) = (inst.n(), r.schedule.transfer_count());
        let refusal = if n > GANTT_ROWS {
            Some(format!(
                "The Gantt chart shows rings of at most {GANTT_ROWS} processors (n = {n})."
            ))
        } else if count > GANTT_BLOCKS {
            Some(format!(
                "{count} transfers: too many to draw (at most {GANTT_BLOCKS})."
            ))
        } else {
            None
        };
        if let Some(why) = refusal {
            ui.label(RichText::new(why).weak());
            return;
        }
        let blocks = r.schedule.blocks();
        let mut bars = Vec::with_capacity(2 * blocks.len());
        // Each send names its pseudo-code line: hovering its bar highlights it in the pane
        // (blocks() lists the rounds' sends in order).
        let block_steps: Vec<u8> = match &r.schedule {
            Schedule::Rounds { rounds, .. } => rounds
                .iter()
                .flat_map(|r| r.iter().map(|x| x.step).collect::<Vec<_>>())
                .collect(),
            Schedule::Timed(b) => vec![0; b.len()],
        };
        for (b, &step) in blocks.iter().zip(&block_steps) {
            let what = format!(
                "P{} → P{}: {}",
                b.from + 1,
                b.to + 1,
                crate::model::words::count(b.items, "item")
            );
            let line = send_line(r, n, b.from, b.to, step);
            bars.push(GanttBar {
                row: b.from,
                start: b.start,
                end: b.end(),
                kind: BarKind::Send,
                tooltip: format!("sends {what}"),
                color: None,
                line,
            });
            bars.push(GanttBar {
                row: b.to,
                start: b.start,
                end: b.end(),
                kind: BarKind::Receive,
                tooltip: format!("receives {what}"),
                color: None,
                line,
            });
        }
        let cursor = match (&r.schedule, times) {
            // Mid-round, or the end of the schedule on the final frame.
            (Schedule::Rounds { c, rounds }, _) if pos < rounds.len() => (pos as f64 + 0.5) * c,
            (Schedule::Rounds { c, rounds }, _) => rounds.len() as f64 * c,
            (_, Some(t)) => t.get(pos).copied().unwrap_or(0.0),
            _ => 0.0,
        };
        // Hide the future: the rounds (or transfers) after the current one wait.
        let until = match (&r.schedule, times) {
            (Schedule::Rounds { c, .. }, _) => (pos as f64 + 1.0) * c,
            _ => cursor,
        };
        let steps = step_count(&r.schedule, times.unwrap_or(&[]));
        let reveal = Reveal::of(ui.ctx()).at(pos, steps);
        let data = GanttData {
            rows: (0..n).map(|i| format!("P{}", i + 1)).collect(),
            bars,
            time_label: "time".into(),
            legend: vec![
                (
                    bar_color(BarKind::Send, ui.visuals().dark_mode),
                    "send".into(),
                ),
                (
                    bar_color(BarKind::Receive, ui.visuals().dark_mode),
                    "receive".into(),
                ),
            ],
            ..Default::default()
        };
        let data = cut_gantt(data, reveal, until, r.makespan.max(1e-9));
        // What the ring above leaves it next frame ([`Self::lay_out`]).
        let least = crate::ui::widgets::gantt::least_height(ui, GANTT_ID, &data);
        crate::ui::widgets::flow::keep_drawn(ui, gantt_least_key(ui), least);
        if let Some(t) = gantt(ui, GANTT_ID, &data, &mut self.view.gantt, Some(cursor)) {
            match (&r.schedule, times) {
                (Schedule::Rounds { c, rounds }, _) => {
                    // Past the last round: the final frame.
                    self.view.step.step = ((t / c).max(0.0) as usize).min(rounds.len());
                }
                (_, Some(ts)) => {
                    self.view.step.step = ts.iter().rposition(|&x| x <= t).unwrap_or(0);
                }
                _ => {}
            }
        }
    }
}

#[path = "charts.rs"]
mod charts;
#[path = "colors.rs"]
mod colors;
use charts::*;
use colors::translucent;
pub(super) use colors::{legend_of, sign_color, step_color, step_meaning};
#[path = "side.rs"]
mod side;
use side::Side;
pub(super) use side::ring_width;

/// Whether the ring and its chart go side by side in a picture of `room` (`line`: a text
/// line's height): in a wide, short room; and on the stage whenever that gives the ring
/// more room than stacked does while the chart keeps [`CHART_BESIDE_MIN`] (on a projector
/// the ring is the picture, and it must read from the back of the room).
fn side_by_side(room: egui::Vec2, line: f32, stage: bool) -> bool {
    if room.x >= SIDE_BY_SIDE * room.y {
        return true;
    }
    if !stage {
        return false;
    }
    let beside_height = room.y - 2.5 * line;
    let beside = (beside_height * 1.25).clamp(room.x * 0.4, room.x * 0.6);
    let stacked = (room.y - 2.5 * line - LOWER_MIN).min(room.y * 0.66);
    room.x - beside >= CHART_BESIDE_MIN && beside.min(beside_height) > stacked.min(room.x)
}

/// The least height of the ring on a phone, as a share of the picture's width.
const PHONE_RING: f32 = 0.6;

/// Narrowest the chart beside the ring gets on the stage.
const CHART_BESIDE_MIN: f32 = 200.0;
