//! Legible pictures on the projector stage (issue 22): at 1280 × 720 in presenter mode (zoom
//! 1.5) the rings' labels never overlap one another, and a ring holds its place and scale
//! while a processor is dragged.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::preset::find_bundled;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::widgets::marks;
use loadlab::ui::widgets::ring::{LABEL_MARK, NAME_MARK};

use super::common::{settle, shown};

/// The app at 1280 × 720 in presenter mode, opened on the bundled preset `name`.
fn presenter(name: &str) -> Harness<'static, LoadlabApp> {
    let preset = find_bundled(name).unwrap_or_else(|| panic!("no bundled preset {name}"));
    let mut h = super::common::window(1280.0, 720.0, Some(preset));
    h.state_mut().send(Cmd::Presenter(true));
    h.run_steps(3);
    settle(&mut h);
    assert_eq!(h.ctx.zoom_factor(), 1.5);
    h
}

/// The ring's labels drawn in the last frame.
fn labels(h: &Harness<'_, LoadlabApp>) -> Vec<egui::Rect> {
    marks::latest_all(&h.ctx, LABEL_MARK)
}

/// The labels of the ring of `name` (n processors) lie apart and inside the window, every
/// processor's name among them.
fn labels_apart(name: &str, n: usize) {
    let mut h = presenter(name);
    shown(&mut h, "processor P1");
    // Step into the run, where arrows and their labels join the loads and link costs.
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    settle(&mut h);
    for frame in ["start", "round 2"] {
        let rects = labels(&h);
        assert!(
            rects.len() >= n,
            "{name} ({frame}): {} labels for {n} processors",
            rects.len()
        );
        let window = h.ctx.content_rect();
        for (i, a) in rects.iter().enumerate() {
            assert!(
                window.contains_rect(*a),
                "{name} ({frame}): label {a:?} outside the window {window:?}"
            );
            for b in &rects[i + 1..] {
                assert!(
                    a.intersect(*b).area() < 0.5 || !a.intersects(*b),
                    "{name} ({frame}): labels {a:?} and {b:?} overlap"
                );
            }
        }
        // Every processor is named, inside its disc or beside it.
        for k in 1..=n {
            let disc = h.get_by_label(&format!("processor P{k}")).rect();
            let named = marks::latest(&h.ctx, &format!("{NAME_MARK}P{k}"));
            assert!(
                named.is_some_and(|r| r.distance_to_pos(disc.center()) <= disc.width()),
                "{name} ({frame}): P{k} (disc {disc:?}) is not named beside it: {named:?}"
            );
        }
        h.key_press(egui::Key::ArrowRight);
        h.run_steps(2);
        settle(&mut h);
    }
}

#[test]
fn the_12_processor_rings_labels_do_not_overlap_in_presenter_mode() {
    labels_apart("redistribute-12-ring", 12);
}

#[test]
fn the_16_processor_rings_labels_do_not_overlap_in_presenter_mode() {
    labels_apart("redistribute-hetero-16", 16);
}

#[test]
fn the_ring_holds_its_place_while_a_processor_is_dragged_in_presenter_mode() {
    let mut h = presenter("redistribute-12-ring");
    let rect_of = |h: &Harness<'_, LoadlabApp>, label: &str| h.get_by_label(label).rect();
    let (p1, p7) = (rect_of(&h, "processor P1"), rect_of(&h, "processor P7"));
    // Dragging P1 up makes Σδ ≠ 0 mid-drag: the run's picture (ring beside the chart) gives
    // way to the bare ring under an error line; the ring must not move or rescale meanwhile.
    let at = p1.center();
    h.drag_at(at);
    h.run_steps(1);
    for k in 1..=10 {
        h.hover_at(at - egui::vec2(0.0, 6.0 * k as f32));
        h.run_steps(1);
    }
    settle(&mut h);
    shown(&mut h, "Nothing runs on this instance");
    assert_eq!(
        rect_of(&h, "processor P1"),
        p1,
        "P1 moved under the pointer"
    );
    assert_eq!(
        rect_of(&h, "processor P7"),
        p7,
        "the ring rescaled mid-drag"
    );
    h.drop_at(at - egui::vec2(0.0, 60.0));
    settle(&mut h);
}

#[test]
fn the_maps_read_out_never_moves_the_map_in_presenter_mode() {
    for name in ["redistribute-hetero-16", "treesweep-fig-2"] {
        let mut h = presenter(name);
        h.get_by_label("Map of two parameters").click();
        settle(&mut h);
        shown(&mut h, "Hover a cell");
        let before = h.get_by_label("Heat map").rect();
        // Cells across the map: a long read-out (every parameter, the value) stays one line.
        for (fx, fy) in [(0.1, 0.1), (0.5, 0.5), (0.9, 0.8), (0.97, 0.97)] {
            h.hover_at(before.lerp_inside(egui::vec2(fx, fy)));
            h.run_steps(3);
            shown(&mut h, "(click to load)");
            let now = h.get_by_label("Heat map").rect();
            assert_eq!(now, before, "{name}: the map moved under the pointer");
        }
    }
}

/// rrv step 5 (Your turn on a 5-ring, 1280 × 720 presenter): with sends planned, no label
/// of the ring — a load, a planned arrow's "planned" — lies under a link's direction handle
/// (the first planned arrow's label was half hidden under the P1 → P2 handle).
#[test]
fn your_turns_ring_labels_keep_clear_of_the_link_handles() {
    let mut h = super::common::stage_lesson("rrv-redistribute.ron", 4);
    shown(&mut h, "Your turn: balance the ring yourself");
    for send in ["P1 → P2", "P3 → P2"] {
        h.get_by_label(send).click_accesskit();
        settle(&mut h);
    }
    shown(&mut h, "Planned: P1 → P2, P3 → P2");
    let labels = labels(&h);
    assert!(
        labels.len() >= 7,
        "5 loads and 2 planned labels: {labels:?}"
    );
    for i in 1..=5usize {
        let j = i % 5 + 1;
        for (a, b) in [(i, j), (j, i)] {
            let handle = h.get_by_label(&format!("P{a} → P{b}")).rect();
            for l in &labels {
                assert!(
                    !l.intersects(handle),
                    "a ring label {l:?} lies under the handle P{a} → P{b} {handle:?}"
                );
            }
        }
    }
}

/// In the tree-sweep exercise (grs step 9 at 1280 × 720, presenter) an inner node's start
/// time stands beside its disc, level with its centre, where its row has room — below it,
/// the edges to its children ran through the number and the children's discs touched it
/// ("5" under node 9 between 18 and 19) — and no start time covers a node or another.
#[test]
fn the_tree_exercises_start_times_keep_clear_of_nodes_and_edges() {
    use loadlab::ui::workspaces::treesweep::turn::START_MARK;
    let mut h = super::common::stage_lesson("grs-treesweep.ron", 8);
    shown(&mut h, "Your turn: Fine-Grain by hand");
    // Fine-Grain's first seven nodes: the leftmost leaves and their parents.
    for k in [16, 17, 8, 18, 19, 9, 4] {
        h.get_by_label(&format!("node {k}")).click_accesskit();
        settle(&mut h);
    }
    let disc = |h: &Harness<'_, LoadlabApp>, k: u64| h.get_by_label(&format!("node {k}")).rect();
    let starts: Vec<(u64, egui::Rect)> = [16, 17, 8, 18, 19, 9, 4]
        .into_iter()
        .map(|k| {
            let at = marks::latest(&h.ctx, &format!("{START_MARK}{k}"));
            (
                k,
                at.unwrap_or_else(|| panic!("node {k}'s start time is not drawn")),
            )
        })
        .collect();
    for (i, &(k, label)) in starts.iter().enumerate() {
        let own = disc(&h, k);
        if k < 16 {
            assert!(
                label.left() >= own.right()
                    && (label.top()..=label.bottom()).contains(&own.center().y),
                "node {k}'s start {label:?} is not beside its disc {own:?}"
            );
        } else {
            assert!(
                label.top() >= own.bottom() - 1.0,
                "leaf {k}'s start {label:?} is not below it"
            );
        }
        for other in 1..=31u64 {
            let d = disc(&h, other).shrink(1.0);
            assert!(
                !label.intersects(d),
                "node {k}'s start {label:?} covers node {other} {d:?}"
            );
        }
        for &(j, b) in &starts[i + 1..] {
            assert!(
                !label.intersects(b),
                "the starts of nodes {k} and {j} overlap"
            );
        }
    }
}
