//! What the redistribution picture draws beside the ring: the arrows' legend, the δ bars, the sends list, the step's explanation and the binding slice's caption.

use super::*;
use crate::model::redistribute::send::Send as RoundSend;
use crate::model::words::{count, verb};
use crate::ui::widgets::result_table::result_table_of;
use crate::ui::widgets::scroll::Clipped;

/// The colours of the ring's arrows, by the pseudo-code steps behind them (`entries`:
/// [`legend_of`] the algorithm run).
pub(super) fn arrows_legend(ui: &mut Ui, entries: &[(u8, &str)]) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Arrows by pseudo-code step:").weak());
        for &(step, what) in entries {
            // Each entry whole on one line: a new line when it does not fit.
            let ink = palette::text_in(step_color(step), ui.visuals().panel_fill);
            let text = RichText::new(format!("■ {what}")).color(ink);
            let galley = egui::WidgetText::from(text.clone()).into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Body,
            );
            if ui.max_rect().right() - ui.cursor().min.x < galley.size().x {
                ui.end_row();
            }
            // (Wrapped only where even a line of its own is too narrow: beside the ring.)
            let wrap = if galley.size().x > ui.max_rect().width() {
                egui::TextWrapMode::Wrap
            } else {
                egui::TextWrapMode::Extend
            };
            ui.add(egui::Label::new(text).wrap_mode(wrap));
        }
    });
}

/// δ before (faint) and after the step, one bar per processor.
pub(super) fn delta_bars(ui: &mut Ui, before: &[i64], after: &[i64]) {
    let n = before.len();
    let grey = Color32::from_rgba_unmultiplied(150, 150, 150, 140);
    let blue = palette::NEGATIVE;
    // The legend where the bars leave room (its default corner hid the last processors).
    let names = ["δ before the step", "δ after the step"];
    // (Every processor up to a few thousand: enough to judge the corners.)
    let stride = n / 2000 + 1;
    let bar = |v: &[i64]| {
        bar_tracks(
            v.iter()
                .enumerate()
                .step_by(stride)
                .map(|(i, &d)| [(i + 1) as f64, d as f64]),
        )
    };
    let (was, is) = (bar(before), bar(after));
    let tracks: Vec<Track<'_>> = was.iter().chain(&is).map(|t| Track::Line(t)).collect();
    let pid = plot_id(ui, "rd_delta_bars");
    let entries = [
        (grey, Swatch::Band, names[0]),
        (blue, Swatch::Band, names[1]),
    ];
    let legend = free_legend(ui, pid, &entries, &tracks, corners(false));
    // Whole-number ticks on both axes, and at least −1 … 1 of δ (all δ = 0 showed one "0").
    let plot = labelled_plot(
        ui.ctx(),
        pid,
        "processor k",
        "δ_k",
        (Scale::Integer, Scale::Integer),
    )
    .include_y(-1.0)
    .include_y(1.0);
    if n > BAR_LIMIT {
        // Thousands of bars would cost a shape each: draw the two profiles as lines.
        let line = |v: &[i64]| -> Vec<[f64; 2]> {
            v.iter()
                .enumerate()
                .map(|(i, &d)| [(i + 1) as f64, d as f64])
                .collect()
        };
        let shown = plot.show(ui, |p| {
            p.line(Line::new("δ before the step", line(before)).color(grey));
            p.line(Line::new("δ after the step", line(after)).color(blue));
        });
        mark_plot(ui, &shown.transform);
        if let Some(l) = legend {
            l.paint(ui, *shown.transform.frame());
        }
        return;
    }
    let w = 0.8;
    let bars = |v: &[i64], w: f64| -> Vec<Bar> {
        v.iter()
            .enumerate()
            .map(|(i, &d)| Bar::new((i + 1) as f64, d as f64).width(w))
            .collect()
    };
    let shown = plot.show(ui, |p| {
        p.bar_chart(BarChart::new("δ before the step", bars(before, w)).color(grey));
        p.bar_chart(BarChart::new("δ after the step", bars(after, w * 0.5)).color(blue));
    });
    mark_plot(ui, &shown.transform);
    if let Some(l) = legend {
        l.paint(ui, *shown.transform.frame());
    }
}

/// The sends of the step, with the pseudo-code step behind each where they are the `rounds`
/// of an algorithm (Some: which), or their times (a timed schedule).
pub(super) fn sends_list(
    ui: &mut Ui,
    sends: &[Moving],
    before: &[i64],
    after: &[i64],
    slices: &[(usize, usize, i64)],
    rounds: Option<Algorithm>,
) {
    let stage = crate::ui::frame::on_stage(ui.ctx());
    // A step's meaning may name δ_max, a give-away of the rounds (Lemma 8): hidden by
    // that quantity, not by its digits.
    let hide_dm = crate::ui::frame::hides_field(ui.ctx(), DELTA_MAX);
    let meaning = |alg: Algorithm, step: u8| hide_delta_max(step_meaning(alg, step), hide_dm);
    // Both ways: a long reason must not push a column out of reach. (On the stage the rows
    // that fit, whole: nothing is read half scrolled away.)
    let shown = |ui: &mut Ui, header: &[&str], rows: &[Vec<String>], says: &[Says], what: &str| {
        if stage {
            fitted_rows(ui, header, rows, says, what);
        } else {
            result_table_of(ui, "rd_sends", header, rows, says, what);
        }
    };
    let body = |ui: &mut Ui| {
        if !slices.is_empty() {
            let s: Vec<String> = slices
                .iter()
                .take(12)
                .map(|(a, b, d)| format!("C_{{{},{}}} = {d}", a + 1, b + 1))
                .collect();
            let text = format!("Maximal slices (innermost): {}", s.join(", "));
            ui.label(crate::ui::frame::masked(ui.ctx(), &text));
        }
        if let Some(algorithm) = rounds {
            let rows: Vec<Vec<String>> = sends
                .iter()
                .map(|m| {
                    vec![
                        format!("P{} → P{}", m.from + 1, m.to + 1),
                        if m.step > 0 {
                            format!("Step {}", m.step)
                        } else {
                            String::new()
                        },
                        format!("{} → {}", before[m.from], after[m.from]),
                        meaning(algorithm, m.step),
                    ]
                })
                .collect();
            // The short columns first, the reason (long text) last: each column is as wide
            // as its content and nothing short is cut off behind a long one.
            // The sender's δ is its own (the instance's δ_i, updated): never the rounds nor
            // δ_max, whatever its digits.
            let header = ["send", "by", "δ of the sender", "why"];
            let says = [
                Says::Names,
                Says::Names,
                Says::Quantity("delta"),
                Says::Names,
            ];
            shown(ui, &header, &rows, &says, "send");
        } else {
            // A transfer's end is the future while it is hidden (the last end is the
            // makespan), and a time that leads to the makespan under a question on it.
            let future = crate::ui::reveal::Reveal::of(ui.ctx()).hiding();
            let rows: Vec<Vec<String>> = sends
                .iter()
                .map(|m| {
                    vec![
                        format!("P{} → P{}", m.from + 1, m.to + 1),
                        m.items.to_string(),
                        fmt(m.start),
                        if future {
                            crate::ui::frame::HIDDEN.to_owned()
                        } else {
                            fmt(m.end)
                        },
                    ]
                })
                .collect();
            let header = ["transfer in progress", "items", "from t", "to t"];
            let makespan = Says::Quantity(crate::report::keys::redistribute::MAKESPAN);
            let says = [Says::Names, Says::Free, Says::Free, makespan];
            shown(ui, &header, &rows, &says, "transfer");
        }
    };
    if stage {
        body(ui);
    } else {
        egui::ScrollArea::both().show_clipped(ui, body);
    }
}

/// The rows of a table (`header`, `rows` of `what`s), one paragraph each — its first cell
/// strong, then "header: cell" — as many whole ones as fit in the room left, then a line
/// saying how many more there are (Copy as text copies them all).
fn fitted_rows(ui: &mut Ui, header: &[&str], rows: &[Vec<String>], says: &[Says], what: &str) {
    use crate::ui::widgets::result_table::{copy_button, masked_rows, more_rows};
    use egui::text::{LayoutJob, TextFormat};
    copy_button(ui, header, rows, says, what);
    let all = rows.len();
    // No more rows are read than a table draws (a frame lays out each one read).
    let rows = &rows[..rows.len().min(crate::ui::widgets::result_table::ROWS_DRAWN)];
    // An open question's answer hidden cell by cell, as the table would: by the quantity a
    // column says (Free text by its digits).
    let rows = &masked_rows(ui.ctx(), rows, says);
    let body = egui::TextStyle::Body.resolve(ui.style());
    let (strong, normal) = (ui.visuals().strong_text_color(), ui.visuals().text_color());
    let gap = ui.spacing().item_spacing.y;
    let more = |k: usize| more_rows(k, what);
    let width = ui.available_width();
    let height = |ui: &Ui, text: String| {
        let weak = ui.visuals().weak_text_color();
        ui.fonts_mut(|f| f.layout(text, body.clone(), weak, width))
            .size()
            .y
            + gap
    };
    for (i, row) in rows.iter().enumerate() {
        let mut job = LayoutJob::default();
        job.wrap.max_width = ui.available_width();
        let first = row.first().map_or("", String::as_str);
        job.append(first, 0.0, TextFormat::simple(body.clone(), strong));
        let rest: Vec<String> = (row.iter().enumerate().skip(1))
            .filter(|(_, cell)| !cell.is_empty())
            .map(|(c, cell)| format!("{}: {cell}", header.get(c).unwrap_or(&"")))
            .collect();
        let rest = format!("  {}", rest.join(" · "));
        job.append(&rest, 0.0, TextFormat::simple(body.clone(), normal));
        let galley = ui.fonts_mut(|f| f.layout_job(job));
        let left = all - i;
        // (A line to spare: the room's own bottom may lie a little below what is seen.)
        let spare = ui.text_style_height(&egui::TextStyle::Body);
        let reserve = spare
            + if left > 1 {
                height(ui, more(left - 1))
            } else {
                0.0
            };
        if galley.size().y + gap + reserve > ui.available_height() {
            ui.add(egui::Label::new(RichText::new(more(left)).weak()).wrap());
            return;
        }
        ui.add(egui::Label::new(galley));
    }
    if rows.len() < all {
        ui.add(egui::Label::new(RichText::new(more(all - rows.len())).weak()).wrap());
    }
}

/// `text` with the number after each "δ_max = " written "?" when `hide`.
pub(super) fn hide_delta_max(text: &str, hide: bool) -> String {
    if !hide {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("δ_max = ") {
        let (head, tail) = rest.split_at(i + "δ_max = ".len());
        out.push_str(head);
        let digits = tail
            .find(|c: char| !(c.is_ascii_digit() || c == '-' || c == '−'))
            .unwrap_or(tail.len());
        out.push_str(if digits > 0 {
            crate::ui::frame::HIDDEN
        } else {
            ""
        });
        rest = &tail[digits..];
    }
    out.push_str(rest);
    out
}

/// The pseudo-code pane at position `pos`: the round's trace entry for round-based schedules,
/// the links busy at that time for the timed ones.
/// `round_sends`: the sends of round pos + 1 of a round-based schedule (None past its end).
pub(super) fn explain(
    (inst, report, times): (&RingInstance, &RunReport, &[f64]),
    pos: usize,
    before: &[i64],
    moving: &[Moving],
    round_sends: Option<&[RoundSend]>,
) -> Option<PseudoStep> {
    use crate::model::redistribute::trace::{active_lines, round_entry};
    let id = report.algorithm.name();
    let id: &'static str = crate::model::pseudocode::find(id)?.id;
    match &report.schedule {
        Schedule::Rounds { rounds, .. } => {
            let Some(sends) = round_sends else {
                let why = if before.iter().all(|&d| d == 0) {
                    format!(
                        "δ_max = 0 after {} round{}: the ring is balanced and Step 2 stops",
                        rounds.len(),
                        if rounds.len() == 1 { "" } else { "s" }
                    )
                } else {
                    "the rounds ran out with items still misplaced (the printed reading fails here)"
                        .to_owned()
                };
                let last = if report.algorithm == Algorithm::Alg1 {
                    "3"
                } else {
                    "2"
                };
                return Some(PseudoStep::of(id, &[last], why));
            };
            let t = round_entry(report.algorithm, &inst.delta, before, pos + 1, sends);
            // The model knows which of its numbers are δ_max (a give-away of the rounds).
            Some(
                PseudoStep::of(id, &active_lines(report.algorithm, &t), t.text)
                    .hiding(DELTA_MAX, t.hidden_text),
            )
        }
        Schedule::Timed(_) => {
            let t = times.get(pos).copied().unwrap_or(0.0);
            let busy = moving.len();
            let lp = report.lp.as_ref();
            match report.algorithm {
                Algorithm::Alg2 => Some(PseudoStep::of(
                    id,
                    if busy > 0 { &["3", "4"] } else { &["1", "2"] },
                    format!(
                        "t = {}: {} busy — every P_{{start+l}} sends its δ_{{start,start+l}} items to its successor as soon as it holds each (Step 4); Lemma 5: the run ends at {}",
                        fmt(t),
                        count(busy, "link"),
                        fmt(report.makespan)
                    ),
                )),
                _ => {
                    let cw = moving
                        .iter()
                        .filter(|m| m.to == (m.from + 1) % inst.n())
                        .count();
                    let ccw = busy - cw;
                    let mut lines = vec![];
                    if pos == 0 {
                        lines.extend(["S6", "S12", "R", "P1"]);
                    }
                    if cw > 0 {
                        lines.extend(["L9a", "A1"]);
                    }
                    if ccw > 0 {
                        lines.extend(["L9b", "A1"]);
                    }
                    let sol = lp.map_or(String::new(), |s| {
                        format!(
                            "integer optimum R_1 = {} (rational {}), τ = {}; ",
                            s.x_int,
                            fmt(s.x_rational),
                            fmt(s.tau_int)
                        )
                    });
                    Some(PseudoStep::of(
                        id,
                        &lines,
                        format!(
                            "t = {}: {sol}{} {} items to P_{{i+1}} (from time 0), {ccw} to P_{{i−1}} (after the P_{{i+1}} sends and P_{{i−1}}'s other reception)",
                            fmt(t),
                            count(cw, "link"),
                            verb(cw, "carries", "carry")
                        ),
                    ))
                }
            }
        }
    }
}

/// On a unidirectional ring, the line (masked) naming the slice that attains the lower bound (Lemma 1's
/// c · max|δ_{k,l}| when homogeneous, Theorem 2's corrected bound when heterogeneous), computed
/// on the initial unbalances, and that slice as an arc for the ring. Nothing on a bidirectional
/// ring or a balanced one.
pub(super) fn binding_caption(
    ctx: &egui::Context,
    inst: &RingInstance,
) -> Option<(String, RingArc)> {
    if inst.direction != Direction::Uni {
        return None;
    }
    // Which slice binds is half the answer to a question on the bound: it waits for Reveal.
    use crate::report::keys::redistribute::{BOUNDS, LOWER_BOUND};
    let asked = [BOUNDS, LOWER_BOUND]
        .iter()
        .any(|k| crate::ui::frame::hides_field(ctx, k));
    let (a, b, d, c) = bounds::binding_slice(inst)?;
    if d <= 0 || asked {
        return None;
    }
    let n = inst.n();
    let (k, l) = (a + 1, b + 1);
    let next = (b + 1) % n + 1;
    let items = count(d, "item");
    let text = match inst.uniform_cost() {
        Some(c) => format!(
            "Lemma 1's bound c·max|δ_{{k,l}}| = {} is attained by C_{{{k},{l}}} (P_{k} … P_{l}): δ_{{{k},{l}}} = {items} must leave it over P_{l} → P_{next}",
            fmt(d as f64 * c)
        ),
        None => format!(
            "Theorem 2's bound (corrected) = {} is attained by C_{{{k},{l}}} (P_{k} … P_{l}): δ_{{{k},{l}}} = {items} over c_{{{l},{next}}} = {}",
            fmt(d as f64 * c),
            fmt(c)
        ),
    };
    let text = crate::ui::frame::masked(ctx, &text);
    let arc = RingArc {
        start: a,
        end: b,
        color: translucent(palette::BOUND),
        tooltip: text.clone(),
    };
    Some((text, arc))
}

/// The binding slice's caption ([`binding_caption`]), in the bound's colour.
pub(super) fn binding_label(ui: &mut Ui, text: &str) {
    let colour = palette::bound_text(ui.visuals());
    ui.add(egui::Label::new(RichText::new(text).color(colour)).wrap());
}
