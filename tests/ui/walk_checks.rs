//! What the lecture walk ([`super::walk`]) asserts after every action: legibility and
//! stability (secrecy is [`super::walk_secrecy`]'s), read from the accessibility tree (and the
//! regions the app reports drawn), each failure named by lesson, step, window size and action;
//! and the texts of that tree as the checks read them.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};
use loadlab::ui::LoadlabApp;
use loadlab::ui::workspace::Region;

/// One node of the accessibility tree as the walk reads it.
#[derive(Debug, Clone)]
pub struct Text {
    pub role: egui::Role,
    /// Label, or value, or both ("label: value").
    pub text: String,
    pub rect: egui::Rect,
    /// Toggled or selected.
    pub on: bool,
    /// The nearest panel (Pane) holding it.
    pub pane: Option<String>,
    /// What its scroll areas leave in view: the viewports of the containers that clip it
    /// (AccessKit's `clips_children`), intersected; None when nothing clips it.
    pub clip: Option<egui::Rect>,
    /// A label's lines (its text runs), where it has them: a wrapped label's last line may
    /// be short, and what follows it in the row stands beside that line, inside the label's
    /// bounding box but clear of its words.
    pub lines: Vec<egui::Rect>,
}

/// Every node with a text and a place on screen, as of the last frame.
pub fn texts(h: &Harness<'static, LoadlabApp>) -> Vec<Text> {
    let ppp = h.ctx.pixels_per_point();
    h.query_all(by().predicate(|_| true))
        .filter(|n| n.accesskit_node().bounding_box().is_some())
        .filter_map(|n| {
            let a = n.accesskit_node();
            let label = a.label().unwrap_or_default();
            let value = a.value().map(|v| v.to_string()).unwrap_or_default();
            let text = match (label.is_empty(), value.is_empty()) {
                (true, true) => return None,
                (false, true) => label.to_string(),
                (true, false) => value,
                (false, false) => format!("{label}: {value}"),
            };
            // A label's lines are TextRun children of it: the label says it all.
            if a.role() == egui::Role::TextRun {
                return None;
            }
            let on = a.toggled() == Some(egui::accesskit::Toggled::True)
                || a.is_selected() == Some(true);
            let clip = clip_of(&a, ppp);
            let lines = a
                .children()
                .filter(|c| c.role() == egui::Role::TextRun)
                .filter_map(|c| c.bounding_box().map(|b| rect_of(b, ppp)))
                .collect();
            let mut up = a.parent();
            while let Some(p) = up.filter(|p| p.role() != egui::Role::Pane) {
                up = p.parent();
            }
            Some(Text {
                role: a.role(),
                text,
                rect: n.rect(),
                on,
                pane: up.map(|p| format!("{:?}", p.id())),
                clip,
                lines,
            })
        })
        .collect()
}

/// The part of the window a node's clipping ancestors (scroll areas' viewports) leave it.
fn clip_of(node: &egui_kittest::kittest::AccessKitNode<'_>, ppp: f32) -> Option<egui::Rect> {
    let mut clip: Option<egui::Rect> = None;
    let mut up = node.parent();
    while let Some(p) = up {
        if p.clips_children()
            && let Some(b) = p.bounding_box()
        {
            let r = rect_of(b, ppp);
            clip = Some(clip.map_or(r, |c| c.intersect(r)));
        }
        up = p.parent();
    }
    clip
}

/// An AccessKit bounding box (in pixels) in points.
fn rect_of(b: egui::accesskit::Rect, ppp: f32) -> egui::Rect {
    egui::Rect::from_min_max(
        egui::pos2(b.x0 as f32 / ppp, b.y0 as f32 / ppp),
        egui::pos2(b.x1 as f32 / ppp, b.y1 as f32 / ppp),
    )
}

/// The drawer's panel: the one holding its fold button (None when folded).
pub fn drawer_pane(all: &[Text]) -> Option<String> {
    all.iter()
        .find(|t| (t.text == "»" || t.text == "▼") && t.role == egui::Role::Button)
        .and_then(|t| t.pane.clone())
}

/// The regions of the last frame: the drawer and what the workspace drew.
pub fn regions(h: &Harness<'static, LoadlabApp>) -> Vec<(String, egui::Rect, bool)> {
    let mut rooms: Vec<(String, egui::Rect, bool)> = h
        .state()
        .drawn()
        .iter()
        // (name, room in view, scrolls)
        .map(|d| (format!("{:?}", d.region), d.shown, d.content == d.room))
        .collect();
    if let Some(d) = h.state().drawer_rect() {
        rooms.push(("drawer".into(), d, true));
    }
    // The normal layout's side panels (they scroll down, not across).
    for side in [Region::Controls, Region::Numbers] {
        if let Some(r) = loadlab::ui::widgets::marks::latest(&h.ctx, side.key()) {
            rooms.push((format!("{side:?}"), r, true));
        }
    }
    rooms
}

/// What is visible of a node: its rect within the window and, when it lies in a region,
/// within that region (a scroll area's content beyond its room is scrolled away, not shown).
fn visible(
    t: &Text,
    drawer: Option<&String>,
    screen: egui::Rect,
    rooms: &[(String, egui::Rect, bool)],
) -> Option<(egui::Rect, Option<usize>)> {
    let r = t.rect;
    // In the drawer's panel: the drawer's room (what its scroll areas hold beyond it is
    // scrolled away); elsewhere the region its top left corner lies in.
    let k = if drawer.is_some() && t.pane.as_ref() == drawer {
        rooms.iter().position(|(name, _, _)| name == "drawer")
    } else {
        rooms.iter().position(|(name, room, _)| {
            name != "drawer" && room.contains(r.left_top() + egui::vec2(1.0, 1.0))
        })
    };
    let mut v = r.intersect(screen);
    if let Some(k) = k {
        v = v.intersect(rooms[k].1);
    }
    if let Some(c) = t.clip {
        v = v.intersect(c);
    }
    v.is_positive().then_some((v, k))
}

/// Outside the drawer (whose panes scroll like pages), a scroll area's viewport must show
/// what it holds: text of the picture scrolled out of sight, wholly or in part, is text the
/// room cannot read. At a desk (not `presenter`) a list inside the picture may scroll, as
/// lists do (the redistribution's sends under the ring, its scroll bar beside it): there only
/// the region itself must not scroll (its viewport starts at the region's top; a list's
/// starts below it).
/// On a phone ([`phone`]) the picture and the plots scroll as a
/// page does, under the finger: there only what is cut sideways or by the window fails.
fn scrolled_away(
    t: &Text,
    drawer: Option<&String>,
    rooms: &[(String, egui::Rect, bool)],
    (presenter, phone): (bool, bool),
    fail: &mut dyn FnMut(String),
) {
    let Some(clip) = t.clip else { return };
    if phone || (drawer.is_some() && t.pane.as_ref() == drawer) {
        return;
    }
    let room = rooms.iter().find(|(name, room, _)| {
        name != "drawer" && room.contains(t.rect.left_top() + egui::vec2(1.0, 1.0))
    });
    // (Only a container of the region's own: a pane beside it whose lines scroll under a
    // side panel is that pane's scrolling.)
    if let Some((name, room, _)) = room
        && room.expand(1.0).contains_rect(clip)
        && !clip.expand(1.0).contains_rect(t.rect)
        && (presenter || clip.top() <= room.top() + 1.0)
    {
        fail(format!(
            "[legibility] {:?} {:?} at {:?} is scrolled out of sight in the {name} (viewport {clip:?})",
            t.role, t.text, t.rect
        ));
    }
}

/// Legibility: texts apart, none cut by the window or its region, the picture ≥ 40 % of the
/// window, the answer box and Reveal in view.
pub fn legibility(
    h: &Harness<'static, LoadlabApp>,
    all: &[Text],
    presenter: bool,
    fail: &mut dyn FnMut(String),
) {
    let screen = h.ctx.content_rect();
    let rooms = regions(h);
    let drawer = drawer_pane(all);
    let mut seen: Vec<(&Text, egui::Rect)> = Vec::new();
    // (A panel's resize handle straddles its edge.)
    let phone = phone(h);
    for t in all.iter().filter(|t| t.role != egui::Role::Splitter) {
        scrolled_away(t, drawer.as_ref(), &rooms, (presenter, phone), fail);
        let Some((v, k)) = visible(t, drawer.as_ref(), screen, &rooms) else {
            continue;
        };
        // (On a phone a region that scrolls may reach past the window: it is scrolled away.)
        let scrolled = k.is_some_and(|k| rooms[k].0 == "drawer" || (phone && rooms[k].2));
        if !scrolled && !screen.expand(1.0).contains_rect(t.rect) {
            fail(format!(
                "[legibility] {:?} {:?} at {:?} is cut by the window {screen:?}",
                t.role, t.text, t.rect
            ));
        }
        if let Some(k) = k {
            let (name, room, scrolls) = &rooms[k];
            let sideways = t.rect.left() < room.left() - 1.0 || t.rect.right() > room.right() + 1.0;
            let below = !scrolls && t.rect.bottom() > room.bottom() + 1.0;
            if sideways || below {
                fail(format!(
                    "[legibility] {:?} {:?} at {:?} is cut by the {name} {room:?}",
                    t.role, t.text, t.rect
                ));
            }
        }
        // A drawn element's node lies over the drawing (a send's arrow across its discs, a
        // bar inside its row): it is no text of its own that could be overlapped.
        if !drawn_element(t.role) {
            seen.push((t, v));
        }
    }
    for (i, (a, ra)) in seen.iter().enumerate() {
        for (b, rb) in &seen[i + 1..] {
            // A container holding the other (a group, a window) is not an overlap.
            let nested = ra.contains_rect(*rb) || rb.contains_rect(*ra);
            // (One widget may be two nodes with one text: a label and its value.)
            let same = a.text == b.text;
            let crossed = inked(a, *ra).iter().any(|x| {
                inked(b, *rb).iter().any(|y| {
                    let o = x.intersect(*y);
                    o.is_positive() && o.area() > 4.0
                })
            });
            if crossed && !nested && !same {
                fail(format!(
                    "[legibility] {:?} at {ra:?} and {:?} at {rb:?} overlap",
                    a.text, b.text
                ));
            }
        }
    }
    legend_clear_of_marker(h, fail);
    painted_whole(h, fail);
    if presenter {
        picture_share(h, screen, &rooms, fail);
    }
    for label in ["Reveal", "Your answer"] {
        in_view(h, all, label, screen, fail);
    }
}

/// Where a text's words lie of what is `visible` of it: its lines, or its whole rect.
fn inked(t: &Text, visible: egui::Rect) -> Vec<egui::Rect> {
    if t.lines.is_empty() {
        return vec![visible];
    }
    t.lines.iter().map(|l| l.intersect(visible)).collect()
}

/// Windows whose shorter side is below this (points) are a phone's, upright (390 × 844) or on
/// its side (844 × 390), where no layout of the desk or the projector fits (the walk's own
/// figure, not the app's threshold).
pub const PHONE_WIDTH: f32 = 600.0;

/// Whether the window is a phone's ([`PHONE_WIDTH`]): its size in pixels, not in points
/// (presenter mode zooms 1280 × 720 to 853 × 480 points, which read as a phone on its side
/// and let the projector's walk off the checks a phone is spared).
pub fn phone(h: &Harness<'static, LoadlabApp>) -> bool {
    let pixels = h.ctx.content_rect().size() * h.ctx.zoom_factor();
    pixels.x.min(pixels.y) < PHONE_WIDTH
}

/// A step's words read whole where the lesson shows them on arrival: a teacher at the
/// projector does not scroll the drawer to finish the paragraph (17 steps of the five lessons
/// hid their last one to four lines, at 720p and 1080p alike: presenter mode scales the drawer).
/// On a `phone` the reader holds the screen and scrolls the paragraph, as on any phone: there
/// it must be shown, in its pane.
pub fn text_whole(text: &str, all: &[Text], phone: bool, fail: &mut dyn FnMut(String)) {
    let Some(t) = all.iter().find(|t| t.text == text) else {
        fail(format!(
            "[legibility] the step's text is not shown: {text:.40}…"
        ));
        return;
    };
    let Some(clip) = t.clip else { return };
    if !phone && !clip.expand(1.0).contains_rect(t.rect) {
        let hidden = (t.rect.bottom() - clip.bottom()).max(clip.top() - t.rect.top());
        fail(format!(
            "[legibility] the step's text runs {hidden:.0} points past its pane {clip:?}: {text:.40}…"
        ));
    }
    // Nothing in the same pane wider than it: the pane would scroll sideways, its bar over
    // the text's last line (rrv 7's "try it" controls).
    for w in all.iter().filter(|w| w.clip == t.clip) {
        if w.rect.right() > clip.right() + 1.0 {
            fail(format!(
                "[legibility] {:?} {:?} at {:?} runs past the lesson's pane {clip:?}",
                w.role, w.text, w.rect
            ));
        }
    }
}

/// A plot's legend drawn in a corner keeps clear of the dashed marker of the instance's own
/// x (grs's τ = 10⁶ ran through the legend's names).
fn legend_clear_of_marker(h: &Harness<'static, LoadlabApp>, fail: &mut dyn FnMut(String)) {
    use loadlab::ui::widgets::compare_plot::{LEGEND_MARK, MARKER_MARK};
    use loadlab::ui::widgets::marks::latest_all;
    for legend in latest_all(&h.ctx, LEGEND_MARK) {
        for marker in latest_all(&h.ctx, MARKER_MARK) {
            if legend.intersects(marker) {
                fail(format!(
                    "[legibility] a plot's marker at {marker:?} crosses its legend {legend:?}"
                ));
            }
        }
    }
}

/// Every text the frame paints (a widget's words, and what the pictures paint by hand, which
/// has no node of its own: a Gantt chart's time labels, a ring's loads) lies across within
/// what clips it: a word cut at the side by its panel or picture is one the room cannot read
/// (li's last time label "0.4" lost its 4 at the picture's edge). Cut at the top or bottom is
/// left to the checks above: panes and lists scroll down.
pub fn painted_whole(h: &Harness<'static, LoadlabApp>, fail: &mut dyn FnMut(String)) {
    let mut stack: Vec<(egui::Rect, &egui::Shape)> = h
        .output()
        .shapes
        .iter()
        .map(|c| (c.clip_rect, &c.shape))
        .collect();
    while let Some((clip, shape)) = stack.pop() {
        match shape {
            egui::Shape::Vec(v) => stack.extend(v.iter().map(|s| (clip, s))),
            egui::Shape::Text(t) if t.angle == 0.0 => {
                let r = t.galley.rect.translate(t.pos.to_vec2());
                let across = r.left() < clip.left() - 1.0 || r.right() > clip.right() + 1.0;
                if across && r.intersects(clip) && !t.galley.text().trim().is_empty() {
                    fail(format!(
                        "[legibility] the painted text {:?} at {r:?} is cut across by {clip:?}",
                        t.galley.text()
                    ));
                }
            }
            _ => {}
        }
    }
}

/// Whether `role` is one [`loadlab::ui::widgets::access`] gives a drawn element.
fn drawn_element(role: egui::Role) -> bool {
    use loadlab::ui::widgets::access::{CELL, LINK, PART};
    [PART, LINK, CELL].contains(&role)
}

fn picture_share(
    h: &Harness<'static, LoadlabApp>,
    screen: egui::Rect,
    rooms: &[(String, egui::Rect, bool)],
    fail: &mut dyn FnMut(String),
) {
    let front = h
        .state()
        .drawn()
        .iter()
        .find(|d| matches!(d.region, Region::Picture | Region::Plots | Region::Map))
        .map(|d| d.shown);
    let Some(front) = front else {
        fail("[legibility] no picture drawn".into());
        return;
    };
    let compare = h.state().front() == loadlab::ui::app::View::Compare;
    let share = front.area() * if compare { 2.0 } else { 1.0 } / screen.area();
    if share < 0.4 {
        fail(format!(
            "[legibility] the picture {front:?} has {:.0} % of the window {screen:?} ({rooms:?})",
            share * 100.0
        ));
    }
}

/// The node `label` (when the lesson leaf shows it) lies wholly inside the window and the
/// drawer, not scrolled away.
fn in_view(
    h: &Harness<'static, LoadlabApp>,
    all: &[Text],
    label: &str,
    screen: egui::Rect,
    fail: &mut dyn FnMut(String),
) {
    let Some(t) = all
        .iter()
        .find(|t| t.text == label && t.role != egui::Role::Label)
    else {
        return;
    };
    let room = h.state().drawer_rect().unwrap_or(screen).intersect(screen);
    if !room.expand(1.0).contains_rect(t.rect) {
        fail(format!(
            "[legibility] {label:?} at {:?} is not in view without scrolling (room {room:?})",
            t.rect
        ));
    }
}

/// The drawer's width and its tab row (tab captions and their rects).
pub type TabRow = (Option<f32>, Vec<(String, egui::Rect)>);

/// The drawer's tabs as drawn in the last frame.
pub fn tab_row(h: &Harness<'static, LoadlabApp>, all: &[Text]) -> TabRow {
    let drawer = h.state().drawer_rect();
    let tabs = all
        .iter()
        .filter(|t| ["Lesson", "Controls", "Numbers", "»", "▼"].contains(&t.text.as_str()))
        .filter(|t| t.role != egui::Role::Label)
        .map(|t| (t.text.clone(), t.rect))
        .collect();
    (drawer.map(|d| d.width()), tabs)
}

/// Stability: the drawer keeps its width and its tabs their places.
pub fn same_tabs(before: &TabRow, now: &TabRow, fail: &mut dyn FnMut(String)) {
    if let (Some(a), Some(b)) = (before.0, now.0)
        && (a - b).abs() > 1.0
    {
        fail(format!(
            "[stability] the drawer's width changed from {a:.0} to {b:.0}"
        ));
    }
    for (name, r) in &before.1 {
        if let Some((_, s)) = now.1.iter().find(|(n, _)| n == name)
            && (r.min - s.min).length() > 1.0
        {
            fail(format!(
                "[stability] the drawer tab {name:?} moved from {r:?} to {s:?}"
            ));
        }
    }
}
