//! Scroll areas that tell the accessibility tree what they show. The container of a scroll
//! area's content gets the viewport as its bounds and clips its children (AccessKit's
//! `clips_children`), so a screen reader skips content scrolled out of sight, and the lecture
//! walk does not read text scrolled under the question box as drawn over it. A control that
//! gets the keyboard focus inside one is scrolled into view ([`super::focus::follow`]).

use egui::scroll_area::ScrollAreaOutput;

/// [`egui::ScrollArea`]'s `show` and `show_rows`, with the content's visible part marked.
pub trait Clipped: Sized {
    /// The scroll area itself.
    fn area(self) -> egui::ScrollArea;

    /// Shows `add` in the scroll area, its content clipped to the viewport.
    fn show_clipped<R>(
        self,
        ui: &mut egui::Ui,
        add: impl FnOnce(&mut egui::Ui) -> R,
    ) -> ScrollAreaOutput<R> {
        marked(ui, |ui, content| {
            self.area().show(ui, |ui| inside(ui, content, add))
        })
    }

    /// As [`Self::show_clipped`], for reading text: the bar is solid, beside the content, not
    /// floating over it, so a line wraps before the bar instead of running under it, and a
    /// text longer than its room says so on a projector without a hover. (Not for content
    /// laid out to remembered widths, as a grid is: it overflows the bar for the frames
    /// after the bar appears. [`crate::ui::widgets::numbers::figures`] keeps clear of a
    /// floating bar's lane instead.)
    fn show_reading<R>(
        self,
        ui: &mut egui::Ui,
        add: impl FnOnce(&mut egui::Ui) -> R,
    ) -> ScrollAreaOutput<R> {
        ui.scope(|ui| {
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            self.show_clipped(ui, add)
        })
        .inner
    }

    /// Shows only the rows in view, as [`egui::ScrollArea::show_rows`].
    fn show_rows_clipped<R>(
        self,
        ui: &mut egui::Ui,
        row_height: f32,
        rows: usize,
        add: impl FnOnce(&mut egui::Ui, std::ops::Range<usize>) -> R,
    ) -> ScrollAreaOutput<R> {
        marked(ui, |ui, content| {
            self.area().show_rows(ui, row_height, rows, |ui, range| {
                inside(ui, content, |ui| add(ui, range))
            })
        })
    }
}

impl Clipped for egui::ScrollArea {
    fn area(self) -> egui::ScrollArea {
        self
    }
}

/// A scroll area `show` draws, its content's container (which `show` notes through
/// [`inside`]) clipped to the viewport.
fn marked<R>(
    ui: &mut egui::Ui,
    show: impl FnOnce(&mut egui::Ui, &mut Option<egui::Id>) -> ScrollAreaOutput<R>,
) -> ScrollAreaOutput<R> {
    let mut content = None;
    let out = show(ui, &mut content);
    clip(ui.ctx(), content, out.inner_rect);
    out
}

/// The content `add` draws in a scroll area: its container noted as `content`, a control
/// that got the focus in it scrolled into view.
fn inside<R>(
    ui: &mut egui::Ui,
    content: &mut Option<egui::Id>,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    *content = Some(ui.unique_id());
    let r = add(ui);
    super::focus::follow(ui);
    r
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
