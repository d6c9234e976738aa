//! Compare's two pictures: A's and B's panes side by side, their titles, and how they step
//! together.

use egui::{RichText, Ui};

use super::{Compare, ROOM, differences};
use crate::model::registry::Scenario;
use crate::ui::workspace::{Drawn, Region, Tab, ViewState};

impl Compare {
    /// A's and B's pictures side by side (stacked when that gives each more room in its
    /// shorter direction: a tall, narrow window; never when `side_by_side`), stepping
    /// together; where B's was drawn.
    pub(super) fn pictures(
        &mut self,
        ui: &mut Ui,
        (a_tab, a): (&mut dyn Tab, &Scenario),
        (tab, b): (&mut dyn Tab, &mut Scenario),
        side_by_side: bool,
    ) -> Drawn {
        let full = ui.max_rect();
        let (w, h) = (full.width(), full.height());
        let wide =
            side_by_side || w >= 2.0 * ROOM.picture_min_width || (w / 2.0).min(h) >= w.min(h / 2.0);
        let (ra, rb) = if wide {
            full.split_left_right_at_x(full.center().x)
        } else {
            full.split_top_bottom_at_y(full.center().y)
        };
        let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
        if wide {
            ui.painter().vline(rb.left(), rb.y_range(), stroke);
        } else {
            ui.painter().hline(rb.x_range(), rb.top(), stroke);
        }
        sync(&mut self.synced, a_tab, tab, a, b);
        // B first: its step bar (Play, a click) moves this frame, and A follows at once.
        // B names its own values where they differ, as A does ("B — current" alone left the
        // room to guess B's τ).
        let mut b_title = match a == b {
            true => "B — current".to_owned(),
            false => format!("B — current: {}", differences(b, a)),
        };
        let b_last = tab.steps_for(b).saturating_sub(1);
        if tab.steps_for(b) > 0 && a_tab.position() > b_last {
            b_title.push_str(&format!(" · B finished at step {b_last}"));
        }
        let b_corner = b_title_corner(ui, rb, &b_title);
        let b_drawn = pane(ui, rb, ("compare-b", b_title, b_corner), |ui| {
            tab.show_picture_only(ui, b)
        });
        sync(&mut self.synced, a_tab, tab, a, b);
        let last = a_tab.steps_for(a).saturating_sub(1);
        let mut title = format!("A — {}", differences(a, b));
        if a_tab.steps_for(a) > 0 && tab.position() > last {
            title.push_str(&format!(" · A finished at step {last}"));
        }
        let mut a_copy = a.clone();
        // (A's picture has no export buttons: the figure is B's.) Side by side, A's picture
        // stands level with B's.
        let a_corner = Corner::None(wide && matches!(b_corner, Corner::Above));
        pane(ui, ra, ("compare-a", title, a_corner), |ui| {
            a_tab.show_picture_only(ui, &mut a_copy)
        });
        b_drawn
    }
}

/// Publishes B's reveal for this frame: the panes prepare their workspaces without
/// publishing it (the workspace view does), and the step bars, the pictures, the overlay and
/// the table read it. A question on how B's run ends holds B's bar at the start, as the
/// workspace view does (it stayed held after Reveal, with the reveal from before).
pub(super) fn publish_b(ctx: &egui::Context, (tab, b): (&mut dyn Tab, &Scenario), hide: bool) {
    use crate::ui::reveal::{Reveal, publish, question_holds};
    let rest = question_holds(ctx, b.model()).filter(|_| hide);
    if let Some(rest) = rest
        && tab.position() != rest
    {
        tab.seek(rest, b);
    }
    publish(
        ctx,
        Reveal {
            hide,
            step: tab.position(),
            steps: tab.steps_for(b),
            held: rest.is_some(),
            rest: rest.unwrap_or(0),
            ..Reveal::ALL
        },
    );
}

/// A's and B's view state and step positions as the last frame left them.
pub(super) struct Synced {
    views: (ViewState, ViewState),
    at: (usize, usize),
}

/// Keeps A's and B's views in step, by value: the one the user changed since the last frame
/// is copied to the other (B's wins when both or neither changed). The step bar the user
/// moved leads and the other follows, up to its own last step: B's bar (or a key) moves A,
/// and A's moves B, so a longer A steps on after B has finished, as B does after A.
fn sync(
    synced: &mut Option<Synced>,
    a: &mut dyn Tab,
    b: &mut dyn Tab,
    a_scenario: &Scenario,
    b_scenario: &Scenario,
) {
    let (va, vb) = (a.view_state(), b.view_state());
    match synced.as_ref().map(|s| &s.views) {
        Some((la, lb)) if *lb == vb && *la != va => b.set_view_state(&va),
        Some((_, lb)) if *lb == vb => {}
        _ => a.set_view_state(&vb),
    }
    let at = (a.position(), b.position());
    let a_leads = synced
        .as_ref()
        .is_some_and(|s| s.at.1 == at.1 && s.at.0 != at.0);
    let b_moved = synced.as_ref().is_none_or(|s| s.at.1 != at.1);
    if a_leads {
        b.seek(clamped(at.0, b.steps_for(b_scenario)), b_scenario);
    } else if b_moved {
        a.seek(clamped(at.1, a.steps_for(a_scenario)), a_scenario);
    }
    // (A view state copied to B may have changed B's number of steps.)
    let n = b.steps_for(b_scenario);
    if n > 0 && b.position() >= n {
        b.seek(n - 1, b_scenario);
    }
    *synced = Some(Synced {
        views: (a.view_state(), b.view_state()),
        at: (a.position(), b.position()),
    });
}

/// Step `k` of a run with `n` step positions: its last one past its end (`k` when nothing
/// steps).
fn clamped(k: usize, n: usize) -> usize {
    if n == 0 { k } else { k.min(n - 1) }
}

/// Draws one picture with its title in `rect`, placed against the corner buttons as `corner`
/// says.
fn pane(
    ui: &mut Ui,
    rect: egui::Rect,
    (salt, title, corner): (&str, String, Corner),
    draw: impl FnOnce(&mut Ui) -> Drawn,
) -> Drawn {
    let inner = rect.shrink2(egui::vec2(6.0, 3.0));
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(inner).id_salt(salt));
    child.set_clip_rect(inner.intersect(ui.clip_rect()));
    let title = egui::Label::new(pane_title(ui.ctx(), title)).truncate();
    match corner {
        Corner::Beside => {
            crate::ui::widgets::corner::beside_corner(&mut child, |ui| ui.add(title));
        }
        // (In a row as beside_corner lays it out, so that A's title stands level with B's.)
        Corner::Above | Corner::None(true) => {
            child.add_space(crate::ui::widgets::corner::corner_size(&child).y);
            child.horizontal_wrapped(|ui| ui.add(title));
        }
        Corner::None(false) => {
            child.horizontal_wrapped(|ui| ui.add(title));
        }
    }
    let room = child.available_rect_before_wrap();
    // A plot's last x label stands centred on its tick, which a narrow pane's plot (a phone's)
    // puts at the frame's right edge: clipped past the pane's margin, into the next one's,
    // the label shows whole ("30" was cut to "3").
    let mut picture = child.new_child(crate::ui::widgets::corner::below_corner_room(room));
    let overhang = rect.max.x + crate::ui::workspace::LABEL_OVERHANG;
    picture.set_clip_rect(room.with_max_x(overhang).intersect(ui.clip_rect()));
    let d = draw(&mut picture);
    // The title belongs to the figure (its export and its "↓ PNG" button).
    let content = d.content.union(inner.intersect(child.min_rect()));
    let marks = crate::ui::widgets::marks::record;
    marks(ui.ctx(), format!("{PANE_ROOM_MARK}{salt}"), inner);
    marks(ui.ctx(), format!("{PANE_CONTENT_MARK}{salt}"), content);
    Drawn::new(Region::Picture, inner, content)
}

/// Where a pane's title stands against the figure's corner buttons (↓ PNG, ↓ SVG, Describe).
#[derive(Clone, Copy)]
enum Corner {
    /// Beside them, clear of them.
    Beside,
    /// Under them: beside them it would be cut ("B — cu…" in a half of a 720p stage).
    Above,
    /// The pane has none; `true`: as far down as the other pane's title (under its buttons),
    /// so that A's and B's pictures stand level.
    None(bool),
}

/// A pane's title, as drawn (in the reader's text size).
fn pane_title(ctx: &egui::Context, title: String) -> RichText {
    RichText::new(title)
        .strong()
        .size(crate::ui::look::reading(ctx, 15.0))
}

/// Where B's title goes in a pane `rect` wide: beside the corner buttons if it fits there.
fn b_title_corner(ui: &Ui, rect: egui::Rect, title: &str) -> Corner {
    let width = egui::WidgetText::from(pane_title(ui.ctx(), title.to_owned()))
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Body,
        )
        .size()
        .x;
    let room = rect.shrink2(egui::vec2(6.0, 3.0)).width();
    if width <= room - crate::ui::widgets::corner::corner_size(ui).x {
        Corner::Beside
    } else {
        Corner::Above
    }
}

/// The key prefix under which each picture's room is recorded ([`crate::ui::widgets::marks`]),
/// then `compare-a` or `compare-b`.
pub const PANE_ROOM_MARK: &str = "compare-pane-room:";
/// The key prefix under which what each picture took is recorded (beyond its room where it
/// is clipped).
pub const PANE_CONTENT_MARK: &str = "compare-pane-content:";
