//! The redistribution picture on the projector stage: the ring takes the picture's whole
//! height under the step bar (legible from the back of a room), and beside it go the tabs, the
//! step's caption, the arrows' legend and the chart the tabs switch. A Gantt chart with too
//! many rows to go beside the ring takes the picture alone (the other tabs bring the ring back).

use super::*;
use crate::ui::widgets::form::Choice;

/// What goes beside the ring on the stage.
pub(super) struct Side {
    /// The step's caption.
    pub summary: String,
    /// The binding slice's caption (unidirectional rings), masked.
    pub binding: Option<String>,
    /// The arrows' legend ([`legend_of`] the algorithm run; empty: none shown).
    pub legend: &'static [(u8, &'static str)],
    /// The Gantt chart's number of rows when it is the chart in front.
    pub gantt_rows: Option<usize>,
}

/// Most of the picture's width the ring takes beside its chart.
const RING_SHARE: f32 = 0.6;
/// The ring's column beside a chart (or the exercise's band) in a room `room`: about a
/// square (the labels beside the ring are wider than those above and below), at most
/// [`RING_SHARE`] of the width.
pub(in crate::ui::workspaces::redistribute) fn ring_width(ui: &Ui, room: egui::Vec2) -> f32 {
    let line = ui.text_style_height(&egui::TextStyle::Body);
    (room.y + 2.0 * line).min(room.x * RING_SHARE).floor()
}

/// The narrowest column beside the ring, in points: the tabs in a row or two, the caption a
/// few words a line. Narrower, the parts go one under the other.
const COLUMN_LEAST: f32 = 150.0;

/// Height (points) a Gantt row needs for its bars to be legible (two nested kinds, each
/// at least [`crate::ui::widgets::gantt::MIN_BAR`] thick).
const GANTT_ROW: f32 = 15.0;

impl RedistPanel {
    /// Lays out the ring and the chart `lower` draws on the stage (see the module); the
    /// ring's events.
    pub(super) fn lay_out_stage(
        &mut self,
        ui: &mut Ui,
        id: egui::Id,
        drawing: &RingDrawing,
        side: &Side,
        lower: impl FnOnce(&mut Self, &mut Ui),
    ) -> Vec<RingEvent> {
        // (The room as far as the picture shows it: its clip may end before its rect, even
        // above the cursor — the seeded monkey test met such a frame: then there is none.)
        let mut room = ui.available_size();
        room.y = room
            .y
            .min(ui.clip_rect().bottom() - ui.cursor().top())
            .max(0.0);
        let line = ui.text_style_height(&egui::TextStyle::Body);
        // The caption hid its quantities by their keys ([`super::step_summary`]): no digit
        // is masked again (as `step_caption_of` with `Says::Names` off the stage).
        let caption = side.summary.clone();
        crate::ui::widgets::describe::record(ui.ctx(), &caption);
        // Beside the ring a chart has the room under the tabs, the caption and the bound's
        // line (up to three lines each in the narrow column), the Gantt chart's toolbar (three)
        // and its time axis (two); the arrows' legend is not drawn over it.
        let beside = room.y - 13.0 * line;
        let alone = |rows: usize| rows as f32 * GANTT_ROW > beside;
        if side.gantt_rows.is_some_and(alone) {
            ui.horizontal(|ui| {
                self.stage_tabs(ui);
                let r = ui.add(egui::Label::new(RichText::new(&caption).strong()).truncate());
                crate::ui::widgets::access::live(ui.ctx(), r.id);
            });
            lower(self, ui);
            return Vec::new();
        }
        let ring_width = ring_width(ui, room);
        if room.x - ring_width < COLUMN_LEAST {
            return self.stacked(ui, (id, drawing), side, &caption, lower);
        }
        let mut events = Vec::new();
        ui.horizontal_top(|ui| {
            let column = egui::Layout::top_down(egui::Align::Min);
            ui.allocate_ui_with_layout(egui::vec2(ring_width, room.y), column, |ui| {
                ui.set_width(ring_width);
                events = ring(ui, id, drawing, room.y);
            });
            ui.separator();
            let width = ui.available_width();
            ui.allocate_ui_with_layout(egui::vec2(width, room.y), column, |ui| {
                ui.set_width(width);
                self.head(ui, side, &caption);
                if !side.legend.is_empty() {
                    arrows_legend(ui, side.legend);
                }
                lower(self, ui);
            });
        });
        events
    }

    /// The stage's parts one under the other, in a room too narrow for a column beside the
    /// ring (a Compare pane on a phone held on its side: the caption wrapped word by word in
    /// a column 70 points wide): the tabs, the caption, the ring, the legend, the chart.
    fn stacked(
        &mut self,
        ui: &mut Ui,
        (id, drawing): (egui::Id, &RingDrawing),
        side: &Side,
        caption: &str,
        lower: impl FnOnce(&mut Self, &mut Ui),
    ) -> Vec<RingEvent> {
        self.head(ui, side, caption);
        let height = (ui.available_width() * 0.8).min(ui.available_height() * 0.6);
        let events = ring(
            ui,
            id,
            drawing,
            height.max(RING_MIN.min(ui.available_height())),
        );
        if !side.legend.is_empty() {
            arrows_legend(ui, side.legend);
        }
        lower(self, ui);
        events
    }

    /// What leads the parts beside (or under) the ring: the tabs, the step's caption (read
    /// out as it changes) and the binding slice's line.
    fn head(&mut self, ui: &mut Ui, side: &Side, caption: &str) {
        ui.horizontal_wrapped(|ui| self.stage_tabs(ui));
        let r = ui.add(egui::Label::new(RichText::new(caption).strong()).wrap());
        crate::ui::widgets::access::live(ui.ctx(), r.id);
        if let Some(text) = &side.binding {
            binding_label(ui, text);
        }
    }

    /// The tabs choosing the chart beside the ring.
    fn stage_tabs(&mut self, ui: &mut Ui) {
        if crate::ui::frame::exporting(ui.ctx()) {
            crate::ui::widgets::form::chosen(ui, self.view.lower.caption());
            return;
        }
        for &tab in Lower::ALL {
            ui.selectable_value(&mut self.view.lower, tab, tab.caption());
        }
    }
}
