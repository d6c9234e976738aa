//! An editable table of per-processor vectors (one row per processor, one column per
//! vector), virtualised: only the visible rows are laid out, so 10 000 rows scroll smoothly.
//!
//! Cells are single-line text fields. The widget reports the text of an edited cell; the
//! caller parses it, applies it and tells the widget which cells are in error (the cell is
//! outlined in the error colour and its tooltip gives the reason).

use crate::ui::widgets::scroll::Clipped;
use egui::{RichText, Stroke, TextEdit, Ui};

/// One column.
pub struct Column<'a> {
    /// Header text.
    pub header: &'a str,
    /// Accessible name prefix: cell (c, r) is named "{name}_{r+1}".
    pub name: &'a str,
    /// Editable cells.
    pub editable: bool,
    /// Width of the cells.
    pub width: f32,
}

/// Keeps the text of the cell being edited across frames.
#[derive(Debug, Clone, Default)]
pub struct TableState {
    editing: Option<(usize, usize, String)>,
    /// Row to scroll to on the next frame.
    pub scroll_to: Option<usize>,
}

impl TableState {
    /// Forgets the text being edited (e.g. after the vectors changed elsewhere).
    pub fn reset(&mut self) {
        self.editing = None;
    }
}

/// An edited cell: its column, row and text (to be parsed by the caller).
#[derive(Debug, Clone, PartialEq)]
pub struct CellEdit {
    /// Column index.
    pub column: usize,
    /// Row index.
    pub row: usize,
    /// Text typed so far.
    pub text: String,
}

/// What the table shows: `value(c, r)` formats a cell, `error(c, r)` gives its problem.
pub struct TableSpec<'a> {
    /// Columns.
    pub columns: &'a [Column<'a>],
    /// Number of rows.
    pub rows: usize,
    /// Cell text.
    pub value: &'a dyn Fn(usize, usize) -> String,
    /// Cell problem.
    pub error: &'a dyn Fn(usize, usize) -> Option<String>,
    /// Largest height of the scrolled rows.
    pub height: f32,
}

/// Width of the row-name column ("P12") at full size.
const INDEX_WIDTH: f32 = 36.0;
/// Narrowest a column gets when the table is narrowed to its room.
const MIN_COLUMN_WIDTH: f32 = 34.0;
/// Room kept for the rows' scroll bar.
const SCROLL_BAR_ROOM: f32 = 12.0;

/// The widths of the row-name column and of `columns`: as asked, or, in a room narrower than
/// that (a drawer beside the stage), all narrowed in proportion so the table fits without a
/// sideways scroll (never below [`MIN_COLUMN_WIDTH`]).
fn fitted_widths(ui: &Ui, columns: &[Column<'_>]) -> (f32, Vec<f32>) {
    let gap = ui.spacing().item_spacing.x;
    let gaps = gap * columns.len() as f32;
    let asked = INDEX_WIDTH + columns.iter().map(|c| c.width).sum::<f32>();
    let room = ui.available_width() - gaps - SCROLL_BAR_ROOM;
    let scale = if room.is_finite() && room > 0.0 {
        (room / asked).min(1.0)
    } else {
        1.0
    };
    let widths = columns
        .iter()
        .map(|c| (c.width * scale).max(MIN_COLUMN_WIDTH))
        .collect();
    ((INDEX_WIDTH * scale).max(MIN_COLUMN_WIDTH), widths)
}

/// Draws the table. Returns the cell edited this frame, if any.
pub fn vector_table(
    ui: &mut Ui,
    id: &str,
    state: &mut TableState,
    spec: &TableSpec<'_>,
) -> Option<CellEdit> {
    let TableSpec {
        columns,
        rows,
        value,
        error,
        height,
    } = *spec;
    let mut edit = None;
    let row_height = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    let (index_width, widths) = fitted_widths(ui, columns);
    ui.push_id(id, |ui| {
        ui.horizontal(|ui| {
            ui.add_sized(
                [index_width, 18.0],
                egui::Label::new(RichText::new("k").strong()),
            );
            // A header wider than its narrowed column wraps under itself.
            for (c, &w) in columns.iter().zip(&widths) {
                ui.add_sized(
                    [w, 18.0],
                    egui::Label::new(RichText::new(c.header).strong()).wrap(),
                );
            }
        });
        let rows_area = egui::ScrollArea::vertical()
            .max_height(height)
            .auto_shrink([false, true]);
        let mut area = crate::ui::frame::top_on_new_page(ui, "vector rows", rows_area);
        if let Some(r) = state.scroll_to.take() {
            area = area.vertical_scroll_offset(r as f32 * row_height);
        }
        area.show_rows_clipped(
            ui,
            row_height - ui.spacing().item_spacing.y,
            rows,
            |ui, range| {
                for r in range {
                    ui.horizontal(|ui| {
                        ui.add_sized([index_width, 18.0], egui::Label::new(format!("P{}", r + 1)));
                        for (c, (col, &width)) in columns.iter().zip(&widths).enumerate() {
                            let editing =
                                matches!(&state.editing, Some((ec, er, _)) if *ec == c && *er == r);
                            let mut text = if editing {
                                state
                                    .editing
                                    .as_ref()
                                    .map(|e| e.2.clone())
                                    .unwrap_or_default()
                            } else {
                                value(c, r)
                            };
                            let problem = error(c, r);
                            let name = format!("{}_{}", col.name, r + 1);
                            let mut field = TextEdit::singleline(&mut text)
                                .desired_width(width - 8.0)
                                .interactive(col.editable);
                            if problem.is_some() {
                                field = field.text_color(ui.visuals().error_fg_color);
                            }
                            let resp = ui.add(field).accessible_name(name.clone());
                            if let Some(p) = &problem {
                                ui.painter().rect_stroke(
                                    resp.rect.expand(1.0),
                                    2.0,
                                    Stroke::new(1.5, ui.visuals().error_fg_color),
                                    egui::StrokeKind::Outside,
                                );
                                resp.clone().on_hover_text(format!("{name}: {p}"));
                            }
                            if resp.changed() {
                                state.editing = Some((c, r, text.clone()));
                                edit = Some(CellEdit {
                                    column: c,
                                    row: r,
                                    text,
                                });
                            } else if resp.gained_focus() {
                                state.editing = Some((c, r, text));
                            } else if resp.lost_focus() && editing {
                                state.editing = None;
                            }
                        }
                    });
                }
            },
        );
    });
    edit
}
