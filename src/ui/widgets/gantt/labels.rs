//! The row labels of a Gantt chart: their font (smaller to label every one of a few short
//! rows, or to fit a narrow chart's gutter) and a label cut short with "…" where even the
//! smallest font does not fit.

use eframe::egui::{self, Align2, Pos2, Rect};

/// Up to this many rows every row is labelled (a smaller font where needed, down to
/// `MIN_ROW_FONT`); beyond it the labels thin out.
pub const LABEL_ALL_ROWS: usize = 16;
/// Smallest row-label font (points).
const MIN_ROW_FONT: f32 = 9.0;

/// The row labels' font for rows `row_height` tall: the body font, or for up to
/// [`LABEL_ALL_ROWS`] rows one that fits a row (not below [`MIN_ROW_FONT`]).
pub(super) fn row_font(ui: &egui::Ui, row_height: f32, n_rows: usize) -> egui::FontId {
    let body = super::label_font(ui);
    let line = ui.fonts_mut(|f| f.row_height(&body));
    if n_rows > LABEL_ALL_ROWS || line <= 1.1 * row_height {
        return body;
    }
    let size = (body.size * 1.1 * row_height / line).max(MIN_ROW_FONT);
    egui::FontId::new(size, body.family)
}

/// The font for labels `labels` no wider than `room`: `font`, or smaller (not below
/// [`MIN_ROW_FONT`]) where one of them is wider (a phone's Compare pane: "L15 ×32768" was cut
/// at its gutter); with the widest label's width at that font.
pub(super) fn fitted(
    painter: &egui::Painter,
    labels: &[String],
    (font, color): (egui::FontId, egui::Color32),
    room: f32,
) -> (egui::FontId, f32) {
    let widest = |font: &egui::FontId| {
        labels
            .iter()
            .map(|l| {
                painter
                    .layout_no_wrap(l.clone(), font.clone(), color)
                    .size()
                    .x
            })
            .fold(0.0f32, f32::max)
    };
    let width = widest(&font);
    if width <= room || font.size <= MIN_ROW_FONT {
        return (font, width);
    }
    let size = (font.size * room.max(1.0) / width).clamp(MIN_ROW_FONT, font.size);
    let smaller = egui::FontId::new(size, font.family);
    let width = widest(&smaller);
    (smaller, width)
}

/// Paints `text` left-centred at `at`, cut short with "…" where it is wider than `width`;
/// where it went.
pub(super) fn cut_text(
    painter: &egui::Painter,
    at: Pos2,
    width: f32,
    text: &str,
    (font, color): (egui::FontId, egui::Color32),
) -> Rect {
    let mut job = egui::text::LayoutJob::simple_singleline(text.to_owned(), font, color);
    job.wrap = egui::text::TextWrapping::truncate_at_width(width.max(1.0));
    let galley = painter.layout_job(job);
    let rect = Align2::LEFT_CENTER.anchor_size(at, galley.size());
    painter.galley(rect.min, galley, color);
    rect
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` with a painter of a fresh context's first frame.
    fn with_painter(f: impl FnOnce(&egui::Painter)) {
        let ctx = egui::Context::default();
        let mut f = Some(f);
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            if let Some(f) = f.take() {
                f(ui.painter());
            }
        });
        out.drop_without_applying_deltas();
    }

    #[test]
    fn labels_take_a_smaller_font_to_fit_and_no_smaller_than_the_least() {
        with_painter(|p| {
            let labels = vec!["L0 ×1".to_owned(), "L15 ×32768".to_owned()];
            let body = (egui::FontId::proportional(14.0), egui::Color32::WHITE);
            let (font, width) = fitted(p, &labels, body.clone(), 1000.0);
            assert_eq!(font.size, 14.0, "room enough: the font stays");
            let (font, narrow) = fitted(p, &labels, body.clone(), width * 0.8);
            assert!(font.size < 14.0 && font.size >= MIN_ROW_FONT);
            assert!(narrow <= width * 0.8 + 0.5, "{narrow} in {}", width * 0.8);
            let (font, _) = fitted(p, &labels, body, 5.0);
            assert_eq!(font.size, MIN_ROW_FONT);
        });
    }

    #[test]
    fn a_label_wider_than_its_room_is_cut_short_with_an_ellipsis() {
        with_painter(|p| {
            let font = (egui::FontId::proportional(12.0), egui::Color32::WHITE);
            let at = Pos2::new(10.0, 50.0);
            let whole = cut_text(p, at, 1000.0, "processor 0", font.clone());
            let cut = cut_text(p, at, whole.width() / 2.0, "processor 0", font);
            assert!(cut.width() <= whole.width() / 2.0 + 0.5);
            assert_eq!((cut.left(), cut.center().y), (10.0, 50.0));
        });
    }
}
