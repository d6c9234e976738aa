//! The divisible-load network itself (the tree, or the pyramid's layers as Li's distribution
//! tree uses them) with what each link carries and what each level does in the current slot
//! [prev, cursor) of the step bar. Levels past the fourth and more than 16 processors per level
//! are summarised (every processor of a level does the same in every method).

use egui::{Align2, FontId, Pos2, Rect, Sense, Stroke, Ui, Vec2};

use crate::model::divisible::simulate::{Activity, Timeline};
use crate::report::format::{Precision, number};
use crate::ui::widgets::gantt::{BarKind, bar_color};

/// A transferred or computed amount, as the numbers write it.
fn fmt(x: f64) -> String {
    number(x, Precision::Table)
}

/// Levels drawn (the rest summarised in a note).
const LEVELS_DRAWN: usize = 5;
/// Processors drawn per level.
const NODES_DRAWN: usize = 16;
/// Height of the drawing, at most.
const HEIGHT: f32 = 170.0;
/// Height it needs at least (below it a note asks for room instead).
const HEIGHT_MIN: f32 = 80.0;

/// What one level does in the slot: the amount each of its processors sends on each child
/// link, receives, and computes.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Level {
    send: f64,
    receive: f64,
    compute: f64,
}

/// Each level's amounts in the slot [prev, cursor): the model's [`Timeline::slot`] summed per
/// level and activity.
fn slot(t: &Timeline, prev: f64, cursor: f64) -> Vec<Level> {
    let mut out = vec![Level::default(); t.levels.len()];
    for (iv, part) in t.slot(prev, cursor) {
        let l = &mut out[iv.level];
        match iv.activity {
            Activity::Send => l.send += part,
            Activity::Receive => l.receive += part,
            Activity::Compute => l.compute += part,
        }
    }
    out
}

/// Draws the network for the slot [prev, cursor), leaving `keep` points of height under it.
pub fn network(ui: &mut Ui, t: &Timeline, prev: f64, cursor: f64, keep: f32) {
    let height = (ui.available_height() - keep).min(HEIGHT);
    if height < HEIGHT_MIN {
        ui.label(
            egui::RichText::new(
                "(the network needs a taller picture: enlarge the window or hide a panel)",
            )
            .weak(),
        );
        return;
    }
    let levels = slot(t, prev, cursor);
    let dark = ui.visuals().dark_mode;
    let (send_c, recv_c, comp_c) = (
        bar_color(BarKind::Send, dark),
        bar_color(BarKind::Receive, dark),
        bar_color(BarKind::Compute, dark),
    );
    let idle = ui.visuals().widgets.inactive.bg_fill;
    let text = ui.visuals().text_color();
    let weak = ui.visuals().weak_text_color();
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
    let painter = ui.painter_at(rect);
    let shown = levels.len().min(LEVELS_DRAWN);
    let row_h = (rect.height() - 10.0) / shown as f32;
    let label_w = 120.0_f32.min(width * 0.3);
    let area_w = rect.width() - label_w;
    let count = |l: usize| (t.levels[l].processors as usize).clamp(1, NODES_DRAWN);
    let pos = |l: usize, i: usize| {
        let c = count(l);
        Pos2::new(
            rect.left() + label_w + (i as f32 + 0.5) * area_w / c as f32,
            rect.top() + 5.0 + (l as f32 + 0.5) * row_h,
        )
    };
    let r = (row_h * 0.22).clamp(3.0, 9.0);
    let small = FontId::proportional(11.0);
    // Links: parent of drawn node i at level l + 1 is drawn node ⌊i·c_l / c_{l+1}⌋.
    for (l, lv) in levels.iter().enumerate().take(shown.saturating_sub(1)) {
        let (c0, c1) = (count(l), count(l + 1));
        let carried = lv.send;
        let stroke = if carried > 0.0 {
            Stroke::new(2.5, send_c)
        } else {
            Stroke::new(1.0, weak.gamma_multiply(0.5))
        };
        for i in 0..c1 {
            let p = i * c0 / c1;
            painter.line_segment([pos(l, p), pos(l + 1, i)], stroke);
        }
        if carried > 0.0 {
            let mid = pos(l, 0).lerp(pos(l + 1, 0), 0.5);
            painter.text(
                mid + Vec2::new(r + 2.0, 0.0),
                Align2::LEFT_CENTER,
                format!("{} per link", fmt(carried)),
                small.clone(),
                send_c,
            );
        }
    }
    let access = crate::ui::widgets::access::active(&response);
    for (l, &lv) in levels.iter().enumerate().take(shown) {
        if access {
            // The level's row, read as its label reads: "L2 (64 PEs): gets …, computes …".
            let row = Rect::from_x_y_ranges(
                rect.x_range(),
                pos(l, 0).y - 0.5 * row_h..=pos(l, 0).y + 0.5 * row_h,
            );
            let id = crate::ui::widgets::access::id(response.id, "level", l);
            crate::ui::widgets::access::labelled(ui, id, row, &level_label(t, l, lv));
        }
        let fill = if lv.receive > 0.0 {
            recv_c
        } else if lv.compute > 0.0 {
            comp_c
        } else {
            idle
        };
        for i in 0..count(l) {
            painter.circle(
                pos(l, i),
                r,
                fill,
                Stroke::new(1.0, text.gamma_multiply(0.6)),
            );
        }
        painter.text(
            Pos2::new(rect.left(), pos(l, 0).y),
            Align2::LEFT_CENTER,
            level_label(t, l, lv),
            small.clone(),
            text,
        );
    }
    if levels.len() > shown {
        painter.text(
            rect.right_bottom(),
            Align2::RIGHT_BOTTOM,
            format!("levels {}…{} not drawn", shown, levels.len() - 1),
            small,
            weak,
        );
    }
    response.on_hover_text(hover_text(&levels, prev, cursor));
}

/// What level `l` does in the slot, after its name ("L2 (64 PEs): gets …, computes …").
fn level_label(t: &Timeline, l: usize, lv: Level) -> String {
    let mut what = Vec::new();
    if lv.receive > 0.0 {
        what.push(format!("gets {}", fmt(lv.receive)));
    }
    if lv.compute > 0.0 {
        what.push(format!("computes {}", fmt(lv.compute)));
    }
    let more = if t.levels[l].processors as usize > NODES_DRAWN {
        format!(" ({} PEs)", t.levels[l].processors)
    } else {
        String::new()
    };
    let what = if what.is_empty() {
        "idle".into()
    } else {
        what.join(", ")
    };
    format!("L{l}{more}: {what}")
}

/// The drawing's hover text: what every link carries in the slot [prev, cursor).
fn hover_text(levels: &[Level], prev: f64, cursor: f64) -> String {
    let summary: Vec<String> = levels
        .iter()
        .enumerate()
        .filter(|(_, l)| l.send > 0.0)
        .map(|(i, l)| format!("L{i} → L{}: {} per link", i + 1, fmt(l.send)))
        .collect();
    if summary.is_empty() {
        "No link carries anything in this slot".to_owned()
    } else {
        format!(
            "In [{}, {}): {}",
            fmt(prev),
            fmt(cursor),
            summary.join("; ")
        )
    }
}
