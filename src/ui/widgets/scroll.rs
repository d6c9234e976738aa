//! Scroll areas that tell the accessibility tree what they show. The container of a scroll
//! area's content gets the viewport as its bounds and clips its children (AccessKit's
//! `clips_children`), so a screen reader skips content scrolled out of sight, and the lecture
//! walk does not read text scrolled under the question box as drawn over it. A control that
//! gets the keyboard focus inside one is scrolled into view ([`super::focus::follow`]).

use egui::scroll_area::ScrollAreaOutput;

/// [`egui::ScrollArea`]'s `show` and `show_rows`, with the content's visible part marked.
pub trait Clipped {
    /// Shows `add` in the scroll area, its content clipped to the viewport.
    fn show_clipped<R>(
        self,
        ui: &mut egui::Ui,
        add: impl FnOnce(&mut egui::Ui) -> R,
    ) -> ScrollAreaOutput<R>;

    /// Shows only the rows in view, as [`egui::ScrollArea::show_rows`].
    fn show_rows_clipped<R>(
        self,
        ui: &mut egui::Ui,
        row_height: f32,
        rows: usize,
        add: impl FnOnce(&mut egui::Ui, std::ops::Range<usize>) -> R,
    ) -> ScrollAreaOutput<R>;
}

impl Clipped for egui::ScrollArea {
    fn show_clipped<R>(
        self,
        ui: &mut egui::Ui,
        add: impl FnOnce(&mut egui::Ui) -> R,
    ) -> ScrollAreaOutput<R> {
        let mut content = None;
        let out = self.show(ui, |ui| {
            content = Some(ui.unique_id());
            let r = add(ui);
            super::focus::follow(ui);
            r
        });
        clip(ui.ctx(), content, out.inner_rect);
        out
    }

    fn show_rows_clipped<R>(
        self,
        ui: &mut egui::Ui,
        row_height: f32,
        rows: usize,
        add: impl FnOnce(&mut egui::Ui, std::ops::Range<usize>) -> R,
    ) -> ScrollAreaOutput<R> {
        let mut content = None;
        let out = self.show_rows(ui, row_height, rows, |ui, range| {
            content = Some(ui.unique_id());
            let r = add(ui, range);
            super::focus::follow(ui);
            r
        });
        clip(ui.ctx(), content, out.inner_rect);
        out
    }
}

/// Gives the content's container node the viewport as its bounds, clipping its children.
fn clip(ctx: &egui::Context, content: Option<egui::Id>, viewport: egui::Rect) {
    let Some(id) = content else { return };
    ctx.accesskit_node_builder(id, |node| {
        node.set_bounds(egui::accesskit::Rect {
            x0: viewport.min.x.into(),
            y0: viewport.min.y.into(),
            x1: viewport.max.x.into(),
            y1: viewport.max.y.into(),
        });
        node.set_clips_children();
    });
}
