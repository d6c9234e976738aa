//! The projector stage: on a small room — presenter mode at 1280×720 is about 850×480 points —
//! the picture keeps the stage. The lesson, the controls and the numbers then share one
//! drawer beside it ([`Drawer`]: one leaf in front, the others a click away, folded with »),
//! the model rail folds into the menu bar, and the workspace leaves its side regions to the
//! drawer ([`crate::ui::workspace::OnScreen::stage`]). On a large room the desktop layout
//! stays: controls left, numbers below, the lesson player on the right.

use crate::ui::widgets::focus::{self, Landing};
use crate::ui::widgets::scroll::Clipped;
use egui::RichText;

use super::commands::Cmd;
use super::frame::top_on_new_page;
use super::lesson::Teach;
use super::workspace::{OnScreen, Region, Tab};
use crate::model::registry::Scenario;

/// Below this width (points) the workspace is a stage whatever is open.
pub const STAGE_WIDTH: f32 = 1000.0;
/// Below this width (points) the workspace is a stage while a lesson runs or in presenter
/// mode (presenter mode holds about 853 points on any window from 1280 × 720 up; a lesson on
/// a 1366-pixel laptop without it is a stage too).
pub const STAGE_WIDTH_TEACHING: f32 = 1400.0;

/// Whether a room `width` points wide is a stage (`teaching`: a lesson runs or presenter
/// mode is on).
pub fn is_stage(width: f32, teaching: bool) -> bool {
    width < STAGE_WIDTH || (teaching && width < STAGE_WIDTH_TEACHING)
}

/// Whether a room `width` points wide is a phone's column ([`crate::ui::look::COLUMN_WIDTH`]):
/// the drawer lies under the picture, the whole width, rather than beside it.
pub fn is_column(width: f32) -> bool {
    width < crate::ui::look::COLUMN_WIDTH
}

/// The drawer's panel on a room `room` points large in a window `window` points high: beside
/// the picture, or under it in a column, the whole width, [`COLUMN_DRAWER`] of the window's
/// height (the window's, not the room's: the toolbar above wraps to more lines at some steps,
/// and the drawer, with Back and Next at its top, must not move with it). Its own size per
/// size of room (by 50 points): the size a first frame gave it at another zoom does not stay.
fn drawer_panel(room: egui::Vec2, window: f32) -> egui::Panel {
    if is_column(room.x) {
        return egui::Panel::bottom(("stage drawer below", (window / 50.0) as u32))
            .resizable(true)
            .default_size(window * COLUMN_DRAWER)
            .min_size(window * 0.25)
            .max_size(window * 0.75);
    }
    egui::Panel::right(("stage drawer", (room.x / 50.0) as u32))
        .resizable(true)
        .default_size((room.x * 0.36).clamp(250.0, 420.0))
        .min_size(220.0f32.min(room.x * 0.3))
        .max_size((room.x * 0.5).max(250.0))
}

/// The share of a column's height the drawer takes: a lesson step's question and the start of
/// its text (which scrolls) under a picture still large enough to follow.
const COLUMN_DRAWER: f32 = 0.4;

/// The captions of the drawer's fold and unfold buttons: toward the side it folds to.
fn fold_captions(column: bool) -> (&'static str, &'static str) {
    if column { ("▼", "▲") } else { ("»", "«") }
}

/// What the drawer can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Leaf {
    /// The lesson step's text and question.
    #[default]
    Lesson,
    /// The instance and algorithm controls.
    Controls,
    /// The numbers table.
    Numbers,
}

impl Leaf {
    /// The leaf's tab caption.
    pub fn caption(self) -> &'static str {
        match self {
            Leaf::Lesson => "Lesson",
            Leaf::Controls => "Controls",
            Leaf::Numbers => "Numbers",
        }
    }

    fn tooltip(self) -> &'static str {
        match self {
            Leaf::Lesson => "The lesson step's text and question",
            Leaf::Controls => "The instance and algorithm controls",
            Leaf::Numbers => "The numbers of this run",
        }
    }
}

/// Draws Compare's A/B table of the pinned A and the scenario given (B).
pub type AbTable<'a> = dyn FnMut(&mut egui::Ui, &Scenario) + 'a;

/// The lesson's state the drawer follows: its step, and whether its question was revealed.
type LessonAt = Option<(usize, bool)>;

/// The stage's drawer (owned by the app; view state only).
#[derive(Debug, Default)]
pub struct Drawer {
    /// The leaf in front.
    pub front: Leaf,
    /// The lesson's leaf is folded away (» while a lesson runs).
    lesson_folded: bool,
    /// The controls and numbers switches as the last frame left them.
    last: (bool, bool),
    /// The lesson's state as the last frame left it.
    lesson: LessonAt,
    /// Where the drawer was drawn in the last frame (None: folded).
    pub rect: Option<egui::Rect>,
    /// The drawer lies under the picture this frame (the app's [`is_column`], published).
    column: bool,
}

impl Drawer {
    /// The leaf in front follows what was just turned on: a lesson step (or its Reveal)
    /// brings the lesson to the front, a Show-bar switch its region.
    fn follow(&mut self, shown: &OnScreen, lesson: LessonAt) {
        if lesson != self.lesson {
            if lesson.is_some() && lesson.map(|l| l.0) != self.lesson.map(|l| l.0) {
                self.lesson_folded = false;
            }
            if lesson.is_some() && !self.lesson_folded {
                self.front = Leaf::Lesson;
            }
        } else if shown.controls && !self.last.0 {
            self.front = Leaf::Controls;
        } else if shown.numbers && !self.last.1 {
            self.front = Leaf::Numbers;
        }
        self.lesson = lesson;
        self.last = (shown.controls, shown.numbers);
        let open = self.open_leaves(shown);
        if !open.contains(&self.front)
            && let Some(l) = open.first()
        {
            self.front = *l;
        }
    }

    /// Whether the last frame showed the lesson's leaf (its title and the step's) in front.
    pub fn shows_lesson(&self) -> bool {
        self.lesson.is_some() && !self.lesson_folded && self.front == Leaf::Lesson
    }

    /// The leaves on: the lesson (unless folded), the controls and the numbers as switched.
    fn open_leaves(&self, shown: &OnScreen) -> Vec<Leaf> {
        let on = [
            self.lesson.is_some() && !self.lesson_folded,
            shown.controls,
            shown.numbers,
        ];
        [Leaf::Lesson, Leaf::Controls, Leaf::Numbers]
            .into_iter()
            .zip(on)
            .filter_map(|(l, on)| on.then_some(l))
            .collect()
    }

    /// Draws the drawer (or, folded while a lesson runs, a slim handle with the lesson's
    /// Back / Next) on the right of `ui`; `tab` and `scenario` are the front workspace's,
    /// `ab_table` Compare's A/B table when Compare is in front (the Numbers leaf shows it:
    /// the numbers of both, beside both pictures, rather than B's alone).
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        shown: &mut OnScreen,
        teach: &mut Teach,
        (tab, scenario): (&mut dyn Tab, &mut Scenario),
        mut ab_table: Option<&mut AbTable<'_>>,
    ) -> Vec<Cmd> {
        let lesson = teach.player().map(|p| (p.index(), p.revealed()));
        self.follow(shown, lesson);
        let mut cmds = Vec::new();
        self.column = crate::ui::frame::in_column(ui.ctx());
        if self.open_leaves(shown).is_empty() {
            self.rect = None;
            self.handle(ui, shown, teach, &mut cmds);
            return cmds;
        }
        let window = ui.ctx().content_rect().height();
        let r = drawer_panel(ui.available_size(), window).show(ui, |ui| {
            // (A lesson's Next takes F8's focus itself.)
            if lesson.is_none() {
                focus::land(ui, Landing::Drawer);
            }
            let rect = ui.max_rect();
            cmds.extend(teach.stage_nav(ui, rect));
            self.tabs(ui, shown, lesson.is_some());
            ui.separator();
            let your_turn = shown.numbers_wait();
            if !self.column {
                cmds.extend(self.leaf(
                    ui,
                    teach,
                    (tab, scenario),
                    ab_table.as_deref_mut(),
                    your_turn,
                ));
                return;
            }
            // Under the picture the leaf gets the drawer's room, no more: egui keeps the
            // height a bottom panel's contents took, and a leaf a frame too tall (a box
            // grown since it was last drawn) or too short would move Back and Next.
            let (room, _) = ui.allocate_exact_size(ui.available_size(), egui::Sense::hover());
            let mut leaf = ui.new_child(egui::UiBuilder::new().max_rect(room));
            leaf.set_clip_rect(room.intersect(ui.clip_rect()));
            cmds.extend(self.leaf(&mut leaf, teach, (tab, scenario), ab_table, your_turn));
        });
        self.rect = Some(r.response.rect);
        cmds
    }

    /// The leaves' tabs (a click brings one in front, switching its region on) and » (fold
    /// the drawer: the picture takes the room).
    fn tabs(&mut self, ui: &mut egui::Ui, shown: &mut OnScreen, lesson: bool) {
        ui.horizontal(|ui| {
            let leaves = [Leaf::Lesson, Leaf::Controls, Leaf::Numbers];
            for l in leaves.into_iter().filter(|l| lesson || *l != Leaf::Lesson) {
                if ui
                    .selectable_label(self.front == l, l.caption())
                    .on_hover_text(l.tooltip())
                    .clicked()
                {
                    self.front = l;
                    match l {
                        Leaf::Lesson => self.lesson_folded = false,
                        Leaf::Controls => shown.controls = true,
                        Leaf::Numbers => shown.numbers = true,
                    }
                    self.last = (shown.controls, shown.numbers);
                }
            }
            ui.separator();
            if ui
                .button(fold_captions(self.column).0)
                .on_hover_text("Fold the drawer away: the picture takes the room")
                .clicked()
            {
                shown.controls = false;
                shown.numbers = false;
                self.lesson_folded = true;
                self.last = (false, false);
            }
        });
    }

    /// The leaf in front, scrolling when it does not fit; what the lesson's leaf asked for.
    /// `your_turn`: "Your turn" is on with the future shown (the numbers wait while it is
    /// played).
    fn leaf(
        &mut self,
        ui: &mut egui::Ui,
        teach: &mut Teach,
        (tab, s): (&mut dyn Tab, &mut Scenario),
        ab_table: Option<&mut AbTable<'_>>,
        your_turn: bool,
    ) -> Vec<Cmd> {
        match self.front {
            Leaf::Lesson => {
                return teach.stage_step(ui, &mut |ui| tab.show_side(ui, s, Region::Controls));
            }
            // Both ways: a leaf wider than the drawer scrolls sideways inside it rather than
            // widening the drawer (which would move its tabs under the pointer).
            Leaf::Controls => {
                top_on_new_page(ui, "stage controls", egui::ScrollArea::both())
                    .auto_shrink([false, false])
                    .show_clipped(ui, |ui| tab.show_side(ui, s, Region::Controls));
            }
            // The A/B table fits its columns to the drawer's width (leaving out B − A and
            // B ÷ A rather than cutting a number): it scrolls down only.
            Leaf::Numbers => {
                match ab_table {
                    Some(table) => {
                        top_on_new_page(ui, "stage A/B numbers", egui::ScrollArea::vertical())
                            .auto_shrink([false, false])
                            .show_clipped(ui, |ui| table(ui, s))
                    }
                    None => top_on_new_page(ui, "stage numbers", egui::ScrollArea::both())
                        .auto_shrink([false, false])
                        .show_clipped(ui, |ui| tab.show_numbers(ui, s, your_turn)),
                };
            }
        }
        Vec::new()
    }

    /// The folded drawer: « (unfold it: the leaf in front last) over, while a lesson runs,
    /// the lesson's Back and Next, so the presenter still steps through it; in a column, a
    /// strip under the picture with ▲ and the same.
    fn handle(
        &mut self,
        ui: &mut egui::Ui,
        shown: &mut OnScreen,
        teach: &Teach,
        cmds: &mut Vec<Cmd>,
    ) {
        let size = ui.spacing().interact_size.y * 1.6;
        let panel = if self.column {
            egui::Panel::bottom("stage drawer handle below")
        } else {
            egui::Panel::right("stage drawer handle")
        };
        panel.resizable(false).exact_size(size).show(ui, |ui| {
            focus::land(ui, Landing::Drawer);
            let layout = if self.column {
                egui::Layout::left_to_right(egui::Align::Center)
            } else {
                egui::Layout::top_down(egui::Align::Center)
            };
            ui.with_layout(layout, |ui| {
                let player = teach.player();
                if ui
                    .button(RichText::new(fold_captions(self.column).1))
                    .on_hover_text("Open the drawer: the lesson, the controls and the numbers")
                    .clicked()
                {
                    match (self.front, player.is_some()) {
                        (Leaf::Lesson, true) => self.lesson_folded = false,
                        (Leaf::Numbers, _) => shown.numbers = true,
                        _ => shown.controls = true,
                    }
                    self.last = (shown.controls, shown.numbers);
                }
                let Some(p) = player else {
                    return;
                };
                let (i, n) = (p.index(), p.lesson().steps.len());
                ui.label(format!("{}/{n}", i + 1))
                    .on_hover_text(&p.lesson().title);
                let back = ui.add_enabled(i > 0, egui::Button::new("◀"));
                if back
                    .on_hover_text("Previous step (PageUp; ← after a click in the lesson)")
                    .clicked()
                {
                    cmds.push(Cmd::LessonStep(i - 1));
                }
                let next = ui.add_enabled(i + 1 < n, egui::Button::new("▶"));
                if next
                    .on_hover_text("Next step (PageDown; → after a click in the lesson)")
                    .clicked()
                {
                    cmds.push(Cmd::LessonStep(i + 1));
                }
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(controls: bool, numbers: bool) -> OnScreen {
        OnScreen {
            controls,
            numbers,
            ..OnScreen::PRESENTER
        }
    }

    #[test]
    fn a_stage_is_a_small_room_or_a_lecture_below_full_hd_at_presenter_zoom() {
        assert!(is_stage(850.0, false));
        assert!(!is_stage(1280.0, false));
        assert!(is_stage(1280.0, true));
        assert!(!is_stage(1500.0, true));
    }

    #[test]
    fn a_phone_upright_is_a_column_and_no_zoomed_window_is() {
        // A phone (390 points, at the system's type size) lays the stage out in one column.
        assert!(is_column(390.0));
        assert!(is_column(600.0));
        // Every window the desk zoom fits holds 853⅓ points; 640 native points hold it at ¾.
        assert!(!is_column(853.4));
        assert!(!is_column(crate::ui::look::LEAST_WIDTH));
    }

    #[test]
    fn the_front_leaf_follows_the_lesson_first_then_what_was_switched_on() {
        let mut d = Drawer::default();
        d.follow(&shown(false, false), Some((0, false)));
        assert_eq!(d.front, Leaf::Lesson);
        // The controls switched on during the step: they come in front.
        d.follow(&shown(true, false), Some((0, false)));
        assert_eq!(d.front, Leaf::Controls);
        // Reveal (the numbers come back with it): the lesson's explanation stays in front.
        d.follow(&shown(true, true), Some((0, true)));
        assert_eq!(d.front, Leaf::Lesson);
        // The lesson left: the first open leaf.
        d.follow(&shown(true, true), None);
        assert_eq!(d.front, Leaf::Controls);
        d.follow(&shown(false, true), None);
        assert_eq!(d.front, Leaf::Numbers);
        assert!(d.open_leaves(&shown(false, false)).is_empty());
    }
}
