//! The KS-BF pictures: the step's captions, the ring, the Gantt chart, the tree or grid of
//! nodes, Lemma 1.1's line.

use super::*;
use crate::model::words::count;

/// The captions of step `k` of the run (or of its end state).
pub(super) fn step_captions(ui: &mut Ui, params: &KsbfParams, o: &ksbf::Outcome, k: usize) {
    let Some(trace) = &o.trace else {
        return;
    };
    let p = params.p;
    let Some(st) = trace.steps.get(k) else {
        step_caption(
            ui,
            &format!(
                "Done: all {} ran in {}",
                count(o.nodes, "node"),
                count(o.makespan, "step")
            ),
            Some(&format!(
                "Makespan {} on {} · every PE idle, every queue empty",
                o.makespan,
                count(p, "PE")
            )),
        );
        return;
    };
    let ran: Vec<String> = st
        .ran
        .iter()
        .enumerate()
        .filter_map(|(i, x)| x.map(|n| format!("P{i}: {}", n.written())))
        .collect();
    let sent = sent_words(&st.sends, p);
    let running = if ran.is_empty() {
        "No PE runs a node.".to_string()
    } else {
        format!(
            "Running: {}{}",
            ran.iter().take(8).cloned().collect::<Vec<_>>().join(", "),
            if ran.len() > 8 { ", …" } else { "" }
        )
    };
    step_caption(
        ui,
        &format!("Step {k}: {} of {} busy{sent}", ran.len(), count(p, "PE")),
        Some(&running),
    );
}

/// The step's sends in a caption: ", 4 right children sent clockwise" — each way counted
/// where they go both ways (random sends: a fair coin picks the neighbour; all were said to go
/// clockwise).
fn sent_words(sends: &[ksbf::SendRecord], p: u32) -> String {
    let clockwise = (sends.iter())
        .filter(|s| s.to == (s.from + 1) % p.max(1))
        .count();
    let against = sends.len() - clockwise;
    let children = |k: usize| count(k, "right child");
    match (clockwise, against) {
        (0, 0) => String::new(),
        (k, 0) => format!(", {} sent clockwise", children(k)),
        (0, k) => format!(", {} sent counter-clockwise", children(k)),
        (a, b) => format!(
            ", {} sent: {a} clockwise, {b} counter-clockwise",
            children(a + b)
        ),
    }
}

/// The Gantt chart (PE × step) of the recorded run up to step `k`; the time clicked, if any.
pub(super) fn gantt_picture(
    ui: &mut Ui,
    params: &KsbfParams,
    run: &Run,
    k: usize,
    view: &mut GanttView,
) -> Option<f64> {
    let trace = run.outcome.trace.as_ref()?;
    let n_steps = trace.steps.len() + 1;
    let end = k >= trace.steps.len();
    let max_level = trace.nodes.iter().map(|r| r.level).max().unwrap_or(0);
    let bars = trace
        .nodes
        .iter()
        .map(|r| GanttBar {
            row: r.pe as usize,
            start: r.step as f64,
            end: r.step as f64 + 1.0,
            kind: BarKind::Compute,
            tooltip: format!(
                "{} (level {}) on P{} at step {}",
                r.node.written(),
                r.level,
                r.pe,
                r.step
            ),
            color: Some(level_color(r.level, max_level)),
            // The step that ran it: the schedule's "execute one task" line.
            line: Some((params.schedule.name(), "1")),
        })
        .collect();
    // Hide the future: the nodes run after this step wait.
    let reveal = crate::ui::reveal::Reveal::of(ui.ctx()).at(k, n_steps);
    let level = |l: u32| (level_color(l, max_level), format!("level {l}"));
    let data = GanttData {
        rows: (0..params.p).map(|i| format!("P{i}")).collect(),
        bars,
        time_label: "step".into(),
        legend: level_legend(max_level, level),
        ..Default::default()
    };
    let makespan = run.outcome.makespan as f64;
    let data = crate::ui::reveal::cut_gantt(data, reveal, k as f64 + 1.0, makespan);
    let now = if end { k as f64 } else { k as f64 + 0.5 };
    gantt(ui, "ks_gantt", &data, view, Some(now))
}

/// The levels' legend: each level up to three of them, else the ramp's ends with "…" in its
/// middle colour between (it named levels 0, 2 and 5 of six, and read as if 1, 3 and 4 had
/// no colour).
fn level_legend(
    max_level: u32,
    level: impl Fn(u32) -> (Color32, String),
) -> Vec<(Color32, String)> {
    if max_level <= 2 {
        return (0..=max_level).map(level).collect();
    }
    let between = (level(max_level / 2).0, "…".to_owned());
    vec![level(0), between, level(max_level)]
}

/// A colour running from blue (level 0) to orange (the deepest level).
pub(super) fn level_color(level: u32, max_level: u32) -> Color32 {
    let t = if max_level == 0 {
        0.0
    } else {
        level as f32 / max_level as f32
    };
    let lerp = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
    Color32::from_rgb(lerp(40, 240), lerp(100, 140), lerp(220, 30))
}

/// The Lemma 1.1 row above the tree / grid: the "colour by weight" option and whether the
/// colouring by Wgt(x) mod p (k mod p on grids) coincides with the colouring by PE in this run.
pub(super) fn lemma_row(
    ui: &mut Ui,
    params: &KsbfParams,
    lemma: Option<&LemmaCheck>,
    by_weight: &mut bool,
) {
    let grid = params.shape.is_grid();
    let rule = if grid { "k mod p" } else { "Wgt mod p" };
    ui.horizontal_wrapped(|ui| {
        crate::ui::widgets::form::switch(ui, by_weight, format!("colour nodes by {rule}"))
            .on_hover_text(if grid {
                "Colour node ⟨k, ℓ⟩ by P_(k mod p), the PE Lemma 1.1(b) predicts, instead of the PE that ran it."
            } else {
                "Colour node x by P_(Wgt(x) mod p) (Wgt = number of right turns), the PE Lemma 1.1(a) predicts, instead of the PE that ran it."
            });
        let Some(l) = lemma else {
            return;
        };
        match &l.counterexample {
            None => {
                ui.label(
                    RichText::new(format!(
                        "✓ Lemma 1.1 holds: every node runs on P_({rule}) ({} of {})",
                        l.agree,
                        count(l.nodes, "node")
                    ))
                    .color(palette::ok_text(ui.visuals())),
                );
            }
            Some(c) => {
                ui.label(
                    RichText::new(format!(
                        "✗ Lemma 1.1 fails under {} balancing: {} ran on P{}, not P{} ({} of {} agree)",
                        params.balance.name(),
                        c.node.written(),
                        c.pe,
                        ksbf::lemma_pe(c.node, params.p),
                        l.agree,
                        count(l.nodes, "node")
                    ))
                    .color(ui.visuals().warn_fg_color),
                );
            }
        }
    });
}

/// Size of the PEs' "runs / queue" labels on the ring, in points.
const LABEL_SIZE: f32 = 12.0;
/// Smallest radius (points) the KS-BF ring keeps: labels are shortened or left out first.
const RING_MIN_RADIUS: f32 = 60.0;

/// How much the ring writes beside each PE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PeLabels {
    /// "runs 12" / "queue 3" on two lines.
    Full,
    /// "queue 3" (whether the PE runs shows in the disc's fill, what it runs in the tooltip).
    Queue,
    /// "q 3".
    Short,
    /// Nothing (the tooltip tells both).
    None,
}

/// The text beside a PE at `level`.
fn pe_label(level: PeLabels, busy: Option<NodeId>, queue: u32) -> String {
    match level {
        PeLabels::Full => {
            let what = busy.map_or("idle".to_string(), |n| format!("runs {}", n.written()));
            format!("{what}\nqueue {queue}")
        }
        PeLabels::Queue => format!("queue {queue}"),
        PeLabels::Short => format!("q {queue}"),
        PeLabels::None => String::new(),
    }
}

/// The discs' radius on a ring of `p` PEs and radius `r`.
fn disc_radius(r: f32, p: u32) -> f32 {
    (r * std::f32::consts::PI / p.max(1) as f32 * 0.6).clamp(4.0, 26.0)
}

/// The ring's radius and label level in a `size` room for `p` PEs whose labels (at each
/// level) measure `label`: the fullest labels that leave a radius of [`RING_MIN_RADIUS`] and
/// fit between neighbours, else none (and the ring as large as the room allows).
fn ring_layout(size: Vec2, p: u32, label: impl Fn(PeLabels) -> Vec2) -> (f32, PeLabels) {
    // The largest radius whose discs and labels (of size l, beside the discs) fit the room.
    let radius = |l: Vec2| {
        let half = |room: f32, extra: f32| room * 0.5 - 4.0 - extra;
        let bound = half(size.y, l.y).min(half(size.x, l.x)).max(12.0);
        // r + disc_radius(r) ≤ bound, disc_radius growing with r up to 26.
        let k = (std::f32::consts::PI / p.max(1) as f32 * 0.6).max(0.0);
        let r = bound / (1.0 + k);
        if disc_radius(r, p) >= 26.0 {
            (bound - 26.0).max(12.0)
        } else {
            (bound - disc_radius(r, p)).max(12.0)
        }
    };
    for level in [PeLabels::Full, PeLabels::Queue, PeLabels::Short] {
        let l = label(level);
        let r = radius(l);
        // Neighbouring labels side by side (at the top) or stacked (at the sides) stay apart.
        let gap = 2.0 * r * (std::f32::consts::PI / p.max(1) as f32).sin();
        if p <= 32 && r >= RING_MIN_RADIUS && gap >= l.x.max(l.y) + 4.0 {
            return (r, level);
        }
    }
    (radius(Vec2::ZERO), PeLabels::None)
}

/// The ring: PEs on a circle with their queue lengths, this step's node and send arrows. In a
/// small room the labels beside the PEs are shortened, then left out (hovering a PE tells
/// them), rather than the ring shrunk.
pub(super) fn ring(ui: &mut Ui, p: u32, st: Option<&ksbf::StepRecord>) {
    let room = ui.available_size();
    let side = room.x.min(room.y).max(80.0);
    let (resp, painter) = ui.allocate_painter(Vec2::new(room.x.max(80.0), side), Sense::hover());
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Ring diagram"));
    let size = resp.rect.size();
    let c = resp.rect.center();
    let text = ui.visuals().text_color();
    let font = egui::FontId::proportional(LABEL_SIZE);
    let measure = |level: PeLabels| {
        let sample = pe_label(level, Some(NodeId::Tree(9999)), 9999);
        painter.layout_no_wrap(sample, font.clone(), text).size()
    };
    let (r, level) = ring_layout(size, p, measure);
    let pr = disc_radius(r, p);
    let pos = |i: u32| {
        let a = -TAU / 4.0 + TAU * i as f32 / p.max(1) as f32;
        c + Vec2::new(a.cos(), a.sin()) * r
    };
    painter.circle_stroke(c, r, Stroke::new(1.0, ui.visuals().weak_text_color()));
    let access = crate::ui::widgets::access::active(&resp);
    if let Some(st) = st {
        for (k, s) in st.sends.iter().enumerate() {
            let (a, b) = (pos(s.from), pos(s.to));
            let dir = (b - a).normalized();
            let (a2, b2) = (a + dir * pr, b - dir * (pr + 2.0));
            painter.arrow(a2, b2 - a2, Stroke::new(2.0, palette::BOUND));
            if access {
                access_send(ui, &resp, k, (a2, b2), (s.from, s.to));
            }
        }
    }
    let background = ui.visuals().panel_fill;
    let mut hover = None;
    for i in 0..p {
        let q = pos(i);
        let busy = st.and_then(|s| s.ran.get(i as usize).copied().flatten());
        let qlen = st
            .and_then(|s| s.queue_len.get(i as usize).copied())
            .unwrap_or(0);
        // Idle PEs are faded: their label is black or white by what the eye sees.
        let fill = if busy.is_some() {
            pe_color(i)
        } else {
            pe_color(i).gamma_multiply(0.3)
        };
        painter.circle_filled(q, pr, fill);
        // The name as large as fits inside the disc (the square inscribed in it), or none.
        let name = format!("P{i}");
        let base = (pr * 0.6).max(10.0);
        let width = painter
            .layout_no_wrap(name.clone(), egui::FontId::proportional(base), text)
            .size()
            .x;
        let size = base * (1.4 * pr / width.max(1.0)).min(1.0);
        if size >= 8.0 {
            painter.text(
                q,
                egui::Align2::CENTER_CENTER,
                name,
                egui::FontId::proportional(size),
                palette::ink_on(fill, background),
            );
        }
        if access {
            access_pe(ui, &resp, (i, q, pr), pe_label(PeLabels::Full, busy, qlen));
        }
        let label = pe_label(level, busy, qlen);
        if !label.is_empty() {
            // Just outside the disc, on the side away from the ring, aligned so the text
            // extends outwards (centred, it ran over the disc).
            let out = (q - c).normalized();
            painter.text(
                q + out * (pr + 4.0),
                crate::ui::widgets::ring::outward(out),
                label,
                font.clone(),
                text,
            );
        }
        if resp.hover_pos().is_some_and(|h| h.distance(q) <= pr + 2.0) {
            hover = Some(format!(
                "P{i}: {}",
                pe_label(PeLabels::Full, busy, qlen).replace('\n', ", ")
            ));
        }
    }
    if let Some(t) = hover {
        resp.on_hover_text_at_pointer(t);
    }
}

/// The AccessKit node of PE `i` of the ring, drawn at `q` with radius `r`: "P3" with what it
/// runs and its queue (`full`, the label beside it at its longest), masked as on screen.
fn access_pe(ui: &Ui, canvas: &egui::Response, (i, q, r): (u32, Pos2, f32), full: String) {
    use crate::ui::widgets::access;
    let value = crate::ui::frame::masked(ui.ctx(), &full.replace('\n', ", "));
    let rect = egui::Rect::from_center_size(q, Vec2::splat(2.0 * r));
    let id = access::id(canvas.id, "pe", i as usize);
    access::node(ui, id, rect, access::PART, &format!("P{i}"), &value);
}

/// The AccessKit node of send `k` of this step, its arrow from `a` to `b`: "send P1 → P2" (a
/// task moves from one PE's queue to its neighbour's; the arrow names no task).
fn access_send(ui: &Ui, canvas: &egui::Response, k: usize, (a, b): (Pos2, Pos2), pes: (u32, u32)) {
    use crate::ui::widgets::access;
    let rect = egui::Rect::from_two_pos(a, b).expand(3.0);
    let name = format!("send P{} → P{}", pes.0, pes.1);
    access::node(
        ui,
        access::id(canvas.id, "send", k),
        rect,
        access::LINK,
        &name,
        "this step",
    );
}

/// The workload (a tree's top [`TREE_LEVELS`] levels, grids up to n = 40): each node coloured
/// by its PE, labelled by its step; nodes not yet run by step `k` are faded.
pub(super) fn workload(
    ui: &mut Ui,
    params: &KsbfParams,
    trace: &ksbf::Trace,
    k: u64,
    by_weight: bool,
) {
    // The colour of a node: the PE that ran it, or the PE Lemma 1.1 predicts.
    let shade = |r: &ksbf::NodeRecord| {
        pe_color(if by_weight {
            ksbf::lemma_pe(r.node, params.p)
        } else {
            r.pe
        })
    };
    if params.shape.is_grid() {
        grid_workload(ui, trace, k, &shade);
    } else {
        tree_workload(ui, params, trace, k, &shade);
    }
}

/// A node's colour in the workload picture.
type Shade<'a> = &'a dyn Fn(&ksbf::NodeRecord) -> Color32;

/// The most levels of a tree drawn: 255 nodes still take a label each on a 1280-point window.
pub const TREE_LEVELS: u32 = 8;

/// The tree of [`workload`]: its top [`TREE_LEVELS`] levels (a deeper tree's lower levels are
/// said, not drawn: the ring and the Gantt chart show every node).
fn tree_workload(ui: &mut Ui, params: &KsbfParams, trace: &ksbf::Trace, k: u64, shade: Shade) {
    // Hide the future: nodes run after step k are not drawn yet (none are at the end state).
    let hide = crate::ui::reveal::Reveal::of(ui.ctx()).hide;
    let height = trace
        .nodes
        .iter()
        .map(|r| r.level)
        .max()
        .map_or(0, |l| l + 1);
    if height > TREE_LEVELS {
        ui.label(
            RichText::new(format!(
                "The top {TREE_LEVELS} levels of {height} are drawn ({} of {} nodes).",
                (1u64 << TREE_LEVELS) - 1,
                trace.nodes.len(),
            ))
            .weak(),
        );
    }
    let height = height.min(TREE_LEVELS);
    let count = (1usize << height) - 1;
    let blank = NodeStyle {
        fill: Color32::from_gray(128).gamma_multiply(0.15),
        label: String::new(),
        highlight: false,
        tooltip: "not in this tree".into(),
    };
    let mut nodes = vec![blank; count + 1];
    for r in &trace.nodes {
        if let NodeId::Tree(h) = r.node
            && (h as usize) <= count
        {
            if hide && r.step > k {
                nodes[h as usize] = NodeStyle::BLANK;
                continue;
            }
            let c = shade(r);
            nodes[h as usize] = NodeStyle {
                fill: if r.step <= k {
                    c
                } else {
                    c.gamma_multiply(0.3)
                },
                label: r.step.to_string(),
                highlight: r.step == k,
                tooltip: format!(
                    "{} (level {}, Wgt {}): P{} at step {}",
                    r.node.written(),
                    r.level,
                    h.count_ones() - 1,
                    r.pe,
                    r.step
                ),
            };
        }
    }
    let legend = (0..params.p.min(10))
        .map(|i| (pe_color(i), format!("P{i}")))
        .collect();
    let h = ui.available_height().max(200.0);
    let drawing = TreeDrawing {
        height,
        nodes,
        legend,
        ..Default::default()
    };
    let pointed = tree(ui, &drawing, h - 30.0);
    // A node under the pointer: the line that ran it lights up in the pseudo-code pane.
    if pointed.is_some_and(|kk| {
        trace
            .nodes
            .iter()
            .any(|r| r.node == NodeId::Tree(kk as u64))
    }) {
        crate::ui::widgets::pseudocode::set_picture_hover(
            ui.ctx(),
            Some(params.schedule.name()),
            "1",
        );
    }
}

/// The grid (n ≤ 40) of [`workload`].
fn grid_workload(ui: &mut Ui, trace: &ksbf::Trace, k: u64, shade: Shade) {
    let hide = crate::ui::reveal::Reveal::of(ui.ctx()).hide;
    let side = trace.nodes.iter().map(|r| r.level).max().unwrap_or(0) + 1;
    if side > 40 {
        ui.label(RichText::new("The grid is drawn for n ≤ 40.").weak());
        return;
    }
    let avail = ui.available_size();
    let (resp, painter) = ui.allocate_painter(
        Vec2::new(avail.x.max(200.0), avail.y.max(200.0)),
        Sense::hover(),
    );
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Grid diagram"));
    let cell = (resp.rect.width().min(resp.rect.height()) / (side as f32 + 1.0)).min(40.0);
    let origin = resp.rect.left_top() + Vec2::splat(cell);
    let access = crate::ui::widgets::access::active(&resp);
    let mut hover = None;
    for r in &trace.nodes {
        if hide && r.step > k {
            continue;
        }
        let NodeId::Grid { k: row, l } = r.node else {
            continue;
        };
        // ⟨k, ℓ⟩: row k goes down, column ℓ goes right.
        let q = origin + Vec2::new(l as f32 * cell, row as f32 * cell);
        let c = shade(r);
        let fill = if r.step <= k {
            c
        } else {
            c.gamma_multiply(0.3)
        };
        painter.circle_filled(q, cell * 0.38, fill);
        if access {
            access_grid_cell(ui, &resp, (q, cell), r);
        }
        if r.step == k {
            painter.circle_stroke(q, cell * 0.45, Stroke::new(2.0, ui.visuals().text_color()));
        }
        // The step, shrunk to fit inside the disc or left to the tooltip.
        let label = r.step.to_string();
        if let Some(font) = crate::ui::widgets::tree::fitting_font(&painter, &label, cell * 0.38) {
            painter.text(
                q,
                egui::Align2::CENTER_CENTER,
                label,
                font,
                palette::ink_on(fill, ui.visuals().panel_fill),
            );
        }
        if resp
            .hover_pos()
            .is_some_and(|h: Pos2| h.distance(q) < cell * 0.4)
        {
            hover = Some(format!(
                "⟨{row}, {l}⟩ (level {}): P{} at step {}",
                r.level, r.pe, r.step
            ));
        }
    }
    if let Some(t) = hover {
        resp.on_hover_text_at_pointer(t);
    }
}

/// The AccessKit node of a node of the grid workload drawn at `q` in a cell of side `cell`:
/// "⟨k, ℓ⟩" with its level, PE and step, as its tooltip says them (masked as on screen).
fn access_grid_cell(
    ui: &Ui,
    canvas: &egui::Response,
    (q, cell): (Pos2, f32),
    r: &ksbf::NodeRecord,
) {
    use crate::ui::widgets::access;
    let NodeId::Grid { k: row, l } = r.node else {
        return;
    };
    let value = format!("level {}: P{} at step {}", r.level, r.pe, r.step);
    let value = crate::ui::frame::masked(ui.ctx(), &value);
    let rect = egui::Rect::from_center_size(q, Vec2::splat(0.8 * cell));
    let id = access::id(canvas.id, "grid", (row as usize) * 64 + l as usize);
    access::node(ui, id, rect, access::CELL, &r.node.written(), &value);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn send(from: u32, to: u32) -> ksbf::SendRecord {
        ksbf::SendRecord {
            from,
            to,
            node: ksbf::NodeId::Tree(1),
        }
    }

    /// gao-rosenberg step 5 (random sends) said "4 right children sent clockwise" above four
    /// arrows going counter-clockwise (P0 → P3 …).
    #[test]
    fn a_steps_sends_are_said_the_way_they_go() {
        let against = [send(0, 3), send(1, 0), send(2, 1), send(3, 2)];
        assert_eq!(
            sent_words(&against, 4),
            ", 4 right children sent counter-clockwise"
        );
        assert_eq!(
            sent_words(&[send(0, 1)], 4),
            ", 1 right child sent clockwise"
        );
        assert_eq!(
            sent_words(&[send(3, 0), send(2, 1)], 4),
            ", 2 right children sent: 1 clockwise, 1 counter-clockwise"
        );
        assert_eq!(sent_words(&[], 4), "");
    }

    /// Label sizes as the ring measures them at 12 points (two lines, one short line).
    fn label(level: PeLabels) -> Vec2 {
        match level {
            PeLabels::Full => Vec2::new(62.0, 30.0),
            PeLabels::Queue => Vec2::new(58.0, 15.0),
            PeLabels::Short => Vec2::new(24.0, 15.0),
            PeLabels::None => Vec2::ZERO,
        }
    }

    #[test]
    fn a_small_room_drops_the_labels_before_shrinking_the_ring() {
        // Compare's KS-BF pane in presenter mode: about 330 × 110 points.
        let (r, level) = ring_layout(Vec2::new(330.0, 110.0), 8, label);
        assert_eq!(level, PeLabels::None);
        assert!(r >= 35.0, "radius {r}");
        // Discs and all inside the room.
        assert!(r + disc_radius(r, 8) <= 55.0);
        // A roomy picture keeps the full labels.
        let (r, level) = ring_layout(Vec2::new(600.0, 500.0), 8, label);
        assert_eq!(level, PeLabels::Full);
        assert!(r >= RING_MIN_RADIUS);
        // In between: the shorter ones.
        let (_, level) = ring_layout(Vec2::new(440.0, 260.0), 8, label);
        assert_eq!(level, PeLabels::Queue);
        let (_, level) = ring_layout(Vec2::new(420.0, 190.0), 8, label);
        assert_eq!(level, PeLabels::Short);
    }
}
