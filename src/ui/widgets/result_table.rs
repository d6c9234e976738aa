//! A small striped result table with a "Copy as text" button.

use crate::ui::frame::Says;
use crate::ui::widgets::scroll::Clipped;
use eframe::egui;

/// Caption (and accessible name) of the copy button.
pub const LABEL_COPY_TABLE: &str = "Copy as text";

/// Narrowest a wrapped text column gets (the table scrolls beyond that).
const MIN_WRAPPED_WIDTH: f32 = 90.0;

/// Horizontal gap between columns in [`table_to_text`].
const TEXT_COLUMN_GAP: &str = "  ";

/// Does this cell look like a number (to be right-aligned)?
///
/// Accepts anything `f64` parses (after trimming, removing `_` and `,` digit
/// separators, a leading `+`/`~`/`≈` and a trailing `%`), e.g. `12`, `-3.5e-4`,
/// `1,024`, `97.5%`, `inf`.
pub fn is_numeric(cell: &str) -> bool {
    let s = cell.trim();
    let s = s
        .strip_prefix('≈')
        .or_else(|| s.strip_prefix('~'))
        .unwrap_or(s)
        .trim_start();
    let s = s.strip_suffix('%').unwrap_or(s).trim_end();
    if s.is_empty() || !s.chars().any(|c| c.is_ascii_digit() || c.is_alphabetic()) {
        return false;
    }
    let cleaned: String = s.chars().filter(|&c| c != '_' && c != ',').collect();
    cleaned.parse::<f64>().is_ok()
}

/// Make a cell printable on one line without tabs.
fn clean_cell(cell: &str) -> String {
    cell.chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect()
}

/// Number of columns: the widest of the header and all rows.
fn column_count(header: &[&str], rows: &[Vec<String>]) -> usize {
    rows.iter()
        .map(Vec::len)
        .chain(std::iter::once(header.len()))
        .max()
        .unwrap_or(0)
}

/// Render a table as aligned plain text (no tabs), e.g. for the clipboard.
///
/// Columns are separated by two spaces; numeric-looking cells are
/// right-aligned, others left-aligned; the header is underlined with `-`.
/// Rows shorter than the header are padded with empty cells; trailing
/// spaces are trimmed. Returns an empty string for an empty table.
pub fn table_to_text(header: &[&str], rows: &[Vec<String>]) -> String {
    let n_cols = column_count(header, rows);
    if n_cols == 0 {
        return String::new();
    }
    let header: Vec<String> = (0..n_cols)
        .map(|c| header.get(c).map(|h| clean_cell(h)).unwrap_or_default())
        .collect();
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            (0..n_cols)
                .map(|c| row.get(c).map(|s| clean_cell(s)).unwrap_or_default())
                .collect()
        })
        .collect();

    let mut widths = vec![0usize; n_cols];
    for row in std::iter::once(&header).chain(body.iter()) {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }

    let format_row = |row: &[String], out: &mut String| {
        let mut line = String::new();
        for (c, (cell, &w)) in row.iter().zip(&widths).enumerate() {
            if c > 0 {
                line.push_str(TEXT_COLUMN_GAP);
            }
            let pad = w.saturating_sub(cell.chars().count());
            if is_numeric(cell) {
                line.extend(std::iter::repeat_n(' ', pad));
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.extend(std::iter::repeat_n(' ', pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    };

    let mut out = String::new();
    format_row(&header, &mut out);
    let rule_len = widths.iter().sum::<usize>() + TEXT_COLUMN_GAP.len() * (n_cols - 1);
    out.extend(std::iter::repeat_n('-', rule_len));
    out.push('\n');
    for row in &body {
        format_row(row, &mut out);
    }
    out
}

/// Status of a cell, from its first character.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CellStatus {
    Ok,
    Fail,
    Plain,
}

fn cell_status(cell: &str) -> CellStatus {
    match cell.trim_start().chars().next() {
        Some('✓' | '✔') => CellStatus::Ok,
        Some('✗' | '✘') => CellStatus::Fail,
        _ => CellStatus::Plain,
    }
}

/// Green that reads well on both light and dark backgrounds.
fn ok_color(visuals: &egui::Visuals) -> egui::Color32 {
    super::palette::ok_text(visuals)
}

/// Replace check/cross marks the current font cannot draw by look-alikes it
/// can (`√`, `×`), so tables render without tofu (and without tripping the
/// missing-glyph check of `egui_kittest`) under egui's default fonts.
struct GlyphFallback {
    check: bool,
    heavy_check: bool,
    cross: bool,
    heavy_cross: bool,
}

impl GlyphFallback {
    fn new(ui: &egui::Ui) -> Self {
        let font = egui::TextStyle::Body.resolve(ui.style());
        ui.fonts_mut(|f| Self {
            check: f.has_glyph(&font, '✓'),
            heavy_check: f.has_glyph(&font, '✔'),
            cross: f.has_glyph(&font, '✗'),
            heavy_cross: f.has_glyph(&font, '✘'),
        })
    }

    fn apply<'s>(&self, cell: &'s str) -> std::borrow::Cow<'s, str> {
        let all = self.check && self.heavy_check && self.cross && self.heavy_cross;
        if all || !cell.contains(['✓', '✔', '✗', '✘']) {
            return std::borrow::Cow::Borrowed(cell);
        }
        cell.chars()
            .map(|c| match c {
                '✓' if !self.check => '√',
                '✔' if !self.heavy_check => '√',
                '✗' if !self.cross => '×',
                '✘' if !self.heavy_cross => '×',
                other => other,
            })
            .collect::<String>()
            .into()
    }
}

/// Show a striped table with a bold header and a "Copy as text" button.
///
/// Numeric-looking cells (see [`is_numeric`]) are right-aligned; cells
/// starting with `✓` are green and with `✗` red. Rows may have different
/// lengths (missing cells are blank). `id` must be unique within the parent
/// UI.
pub fn result_table(ui: &mut egui::Ui, id: &str, header: &[&str], rows: &[Vec<String>]) {
    result_table_of(ui, id, header, rows, &[], "row");
}

/// Most rows a table draws: every drawn cell is laid out each frame, and a ring of thousands
/// of processors sends thousands of items a round (all 7 862 rows of one took 200 ms a frame,
/// 900 ms the first). The rest are counted below the table ([`more_rows`]); Copy as text
/// copies them all.
pub const ROWS_DRAWN: usize = 200;

/// The line under a table that draws only the first of its rows: `k` more `what`s, and where
/// to find them.
pub fn more_rows(k: usize, what: &str) -> String {
    let what = crate::model::words::noun(k, what);
    format!("… {k} more {what} (Copy as text copies them all)")
}

/// `rows` as an open lesson question lets them be read: each cell hidden by the quantity its
/// column says ([`Says`]; a column beyond `says` is free text, hidden by its digits).
pub fn masked_rows<'r>(
    ctx: &egui::Context,
    rows: &'r [Vec<String>],
    says: &[Says],
) -> std::borrow::Cow<'r, [Vec<String>]> {
    let Some(secret) = crate::ui::frame::secret(ctx) else {
        return rows.into();
    };
    let says = |k: usize| says.get(k).copied().unwrap_or(Says::Free);
    rows.iter()
        .map(|r| {
            r.iter()
                .enumerate()
                .map(|(k, c)| secret.mask_as(says(k), c))
                .collect()
        })
        .collect::<Vec<_>>()
        .into()
}

/// The Copy as text button of a table of `what`s: every row (not only those drawn), masked
/// as drawn, as aligned plain text. A printed figure has none.
pub fn copy_button(
    ui: &mut egui::Ui,
    header: &[&str],
    rows: &[Vec<String>],
    says: &[Says],
    what: &str,
) {
    if crate::ui::frame::exporting(ui.ctx()) {
        return;
    }
    let every = format!("every {what}");
    let clicked = (ui.button(LABEL_COPY_TABLE))
        .on_hover_text(format!("Copy {every} as aligned plain text"))
        .clicked();
    if clicked {
        let text = table_to_text(header, &masked_rows(ui.ctx(), rows, says));
        crate::ui::frame::copy(ui.ctx(), &every, text);
    }
}

/// [`result_table`] whose columns say what they write ([`Says`]; a column beyond `says` is
/// free text): an open lesson question hides a column's quantity by its key, not the digits
/// that happen to equal the answer. Draws the first [`ROWS_DRAWN`] rows, then counts the
/// rest as `what`s.
pub fn result_table_of(
    ui: &mut egui::Ui,
    id: &str,
    header: &[&str],
    rows: &[Vec<String>],
    says: &[Says],
    what: &str,
) {
    let n_cols = column_count(header, rows);
    let drawn = rows.len().min(ROWS_DRAWN);
    // An open lesson question does not read its answer in a table.
    let shown = masked_rows(ui.ctx(), &rows[..drawn], says);
    ui.push_id(id, |ui| {
        copy_button(ui, header, rows, says, what);
        if n_cols == 0 {
            ui.weak("(empty table)");
            return;
        }
        grid_or_blocks(ui, header, &shown, n_cols);
        if drawn < rows.len() {
            ui.weak(more_rows(rows.len() - drawn, what));
        }
    });
}

/// `rows` under `header` in a striped grid, or one block per row where the grid is wider than
/// the room.
fn grid_or_blocks(ui: &mut egui::Ui, header: &[&str], rows: &[Vec<String>], n_cols: usize) {
    let fallback = GlyphFallback::new(ui);
    let cols = Columns::measure(ui, &fallback, header, rows, n_cols);
    let gaps = ui.spacing().item_spacing.x * n_cols.saturating_sub(1) as f32;
    let width = cols.widths.iter().sum::<f32>() + gaps;
    // Still wider than the room (a drawer beside the stage, a phone): one block per row,
    // each cell under its header, so nothing needs a sideways scroll to be read.
    if n_cols > 1 && width > ui.available_width() + 0.5 {
        stacked(ui, &fallback, header, rows);
        return;
    }
    egui::ScrollArea::horizontal().show_clipped(ui, |ui| {
        egui::Grid::new("result_table_grid")
            .striped(true)
            .num_columns(n_cols)
            .show(ui, |ui| {
                cols.header(ui, header);
                ui.end_row();
                for row in rows {
                    cols.row(ui, &fallback, row);
                    ui.end_row();
                }
            });
    });
}

/// The table as one block per row: its first cell in bold, then "header: cell" per column,
/// each line wrapped in the room (✓ green, ✗ red as in the grid).
fn stacked(ui: &mut egui::Ui, fallback: &GlyphFallback, header: &[&str], rows: &[Vec<String>]) {
    let fail_color = ui.visuals().error_fg_color;
    let ok = ok_color(ui.visuals());
    for (i, row) in rows.iter().enumerate() {
        if i > 0 {
            ui.add_space(4.0);
        }
        let first = row.first().map(String::as_str).unwrap_or("");
        ui.add(egui::Label::new(egui::RichText::new(fallback.apply(first)).strong()).wrap());
        ui.indent(("stacked row", i), |ui| {
            for (c, cell) in row.iter().enumerate().skip(1) {
                let h = header.get(c).copied().unwrap_or("");
                let line = fallback.apply(&format!("{h}: {cell}")).into_owned();
                let rich = match cell_status(cell) {
                    CellStatus::Ok => egui::RichText::new(line).color(ok),
                    CellStatus::Fail => egui::RichText::new(line).color(fail_color),
                    CellStatus::Plain => egui::RichText::new(line),
                };
                ui.add(egui::Label::new(rich).wrap());
            }
        });
    }
}

/// Narrows the text columns (those with a non-numeric cell) of a table whose columns are
/// `widths` wide so that the table fits `room`: each keeps its share of the room left by the
/// numeric columns, never less than its header's longest word nor [`MIN_WRAPPED_WIDTH`]
/// (beyond that the table scrolls). Which columns now wrap.
fn fit_text_columns(
    widths: &mut [f32],
    header_width: &[(f32, f32)],
    rows: &[Vec<String>],
    room: f32,
) -> Vec<bool> {
    let mut wrapped = vec![false; widths.len()];
    let total: f32 = widths.iter().sum();
    if !room.is_finite() || total <= room {
        return wrapped;
    }
    let text: Vec<bool> = (0..widths.len())
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .any(|cell| !cell.is_empty() && !is_numeric(cell))
        })
        .collect();
    let text_total: f32 = (widths.iter().zip(&text))
        .filter_map(|(w, t)| t.then_some(*w))
        .sum();
    if text_total <= 0.0 {
        return wrapped;
    }
    let left = (room - (total - text_total)).max(0.0);
    for c in 0..widths.len() {
        if !text[c] {
            continue;
        }
        let least = header_width[c].1.max(MIN_WRAPPED_WIDTH.min(widths[c]));
        let share = (widths[c] * left / text_total).max(least);
        if share < widths[c] {
            widths[c] = share;
            wrapped[c] = true;
        }
    }
    wrapped
}

/// The table's columns as laid out this frame.
struct Columns {
    widths: Vec<f32>,
    /// Which columns are text that wraps in the room left (the table is wider than its
    /// room otherwise).
    wrapped: Vec<bool>,
    row_height: f32,
    header_height: f32,
}

impl Columns {
    /// Measures every column so numeric cells can be right-aligned in a cell of known width
    /// (galleys are cached by egui, so this is cheap). Columns are as wide as their content;
    /// when the table is wider than the room, headers wider than their cells wrap, and if
    /// the last column is text (a reason, a note) it wraps in the room left, so no column
    /// ends up out of sight.
    fn measure(
        ui: &egui::Ui,
        fallback: &GlyphFallback,
        header: &[&str],
        rows: &[Vec<String>],
        n_cols: usize,
    ) -> Columns {
        let font = egui::TextStyle::Body.resolve(ui.style());
        let text_color = ui.visuals().text_color();
        let width_of = |text: &str| {
            ui.painter()
                .layout_no_wrap(fallback.apply(text).into_owned(), font.clone(), text_color)
                .size()
                .x
        };
        let mut widths = vec![0.0f32; n_cols];
        for row in rows {
            for (c, cell) in row.iter().enumerate() {
                if let Some(slot) = widths.get_mut(c) {
                    *slot = slot.max(width_of(cell));
                }
            }
        }
        // A header as wide as it is, and as narrow as its longest word (wrapped).
        let header_width: Vec<(f32, f32)> = (0..n_cols)
            .map(|c| {
                let h = header.get(c).copied().unwrap_or("");
                // (A little slack: a word one point too wide would break in the middle.)
                let word = h.split(' ').map(width_of).fold(0.0, f32::max) + 4.0;
                (width_of(h), word)
            })
            .collect();
        let gaps = ui.spacing().item_spacing.x * n_cols.saturating_sub(1) as f32;
        let room = ui.available_width();
        let full: f32 = widths
            .iter()
            .zip(&header_width)
            .map(|(w, h)| w.max(h.0))
            .sum();
        // (A little slack: glyph advances at one zoom may sum a few points off the grid's own
        // layout, and a table that only just fits would be cut at its last column.)
        let slack = 2.0 * ui.spacing().item_spacing.x;
        let wrap_headers = room.is_finite() && full + gaps + slack > room;
        // (egui's grid makes no column narrower than the spacing's interact width.)
        let least = ui.spacing().interact_size.x;
        for (w, h) in widths.iter_mut().zip(&header_width) {
            *w = w.max(if wrap_headers { h.1 } else { h.0 }).max(least);
        }
        let wrapped = fit_text_columns(&mut widths, &header_width, rows, room - gaps);
        let row_height = ui.spacing().interact_size.y;
        // The header row is as tall as its most wrapped header (measured here: the grid's
        // own row heights lag a frame behind).
        let header_height = header
            .iter()
            .zip(&widths)
            .map(|(h, &w)| {
                let text = fallback.apply(h).into_owned();
                ui.painter()
                    .layout(text, font.clone(), text_color, w)
                    .size()
                    .y
            })
            .fold(row_height, f32::max);
        Columns {
            widths,
            wrapped,
            row_height,
            header_height,
        }
    }

    /// The header row: bold, wrapped in its column.
    fn header(&self, ui: &mut egui::Ui, header: &[&str]) {
        for (c, &w) in self.widths.iter().enumerate() {
            let h = header.get(c).copied().unwrap_or("");
            ui.allocate_ui_with_layout(
                egui::vec2(w, self.header_height),
                egui::Layout::left_to_right(egui::Align::Min),
                |ui| {
                    ui.set_min_size(egui::vec2(w, self.header_height));
                    ui.set_max_width(w);
                    ui.add(egui::Label::new(egui::RichText::new(h).strong()).wrap());
                },
            );
        }
    }

    /// One row: numbers right-aligned, ✓ green and ✗ red, the text columns wrapped when they
    /// have to be.
    fn row(&self, ui: &mut egui::Ui, fallback: &GlyphFallback, row: &[String]) {
        let fail_color = ui.visuals().error_fg_color;
        let ok = ok_color(ui.visuals());
        for (c, &w) in self.widths.iter().enumerate() {
            let cell = row.get(c).map(String::as_str).unwrap_or("");
            let layout = if is_numeric(cell) {
                egui::Layout::right_to_left(egui::Align::Center)
            } else {
                egui::Layout::left_to_right(egui::Align::Center)
            };
            let text = fallback.apply(cell);
            let rich = match cell_status(cell) {
                CellStatus::Ok => egui::RichText::new(text).color(ok),
                CellStatus::Fail => egui::RichText::new(text).color(fail_color),
                CellStatus::Plain => egui::RichText::new(text),
            };
            ui.allocate_ui_with_layout(egui::vec2(w, self.row_height), layout, |ui| {
                ui.set_min_width(w);
                if self.wrapped[c] {
                    ui.set_max_width(w);
                    ui.add(egui::Label::new(rich).wrap());
                } else {
                    ui.label(rich);
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_detection() {
        for s in [
            "12", "-3.5e-4", " 1,024 ", "97.5%", "+2", "inf", "NaN", "≈ 3.1", "1_000",
        ] {
            assert!(is_numeric(s), "{s:?} should be numeric");
        }
        for s in ["", "abc", "p=3", "✓ yes", "-", "%", "1.2.3", "12 s"] {
            assert!(!is_numeric(s), "{s:?} should not be numeric");
        }
    }

    #[test]
    fn text_table_is_aligned() {
        let header = ["name", "value"];
        let rows = vec![
            vec!["alpha".to_owned(), "1.5".to_owned()],
            vec!["b".to_owned(), "123.25".to_owned()],
        ];
        let text = table_to_text(&header, &rows);
        let expected = "\
name   value
-------------
alpha     1.5
b      123.25
";
        assert_eq!(text, expected);
        assert!(!text.contains('\t'));
    }

    #[test]
    fn text_table_pads_ragged_rows_and_cleans_tabs() {
        let header = ["a", "b", "c"];
        let rows = vec![
            vec!["x\ty".to_owned()],
            vec![
                "1".to_owned(),
                "2".to_owned(),
                "3".to_owned(),
                "extra".to_owned(),
            ],
        ];
        let text = table_to_text(&header, &rows);
        assert!(!text.contains('\t'));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], "a    b  c");
        assert_eq!(lines[2], "x y");
        assert_eq!(lines[3], "  1  2  3  extra");
    }

    #[test]
    fn text_table_counts_chars_not_bytes() {
        let header = ["ok"];
        let rows = vec![vec!["✓".to_owned()], vec!["✗ no".to_owned()]];
        let text = table_to_text(&header, &rows);
        assert_eq!(text, "ok\n----\n✓\n✗ no\n");
    }

    #[test]
    fn empty_table() {
        assert_eq!(table_to_text(&[], &[]), "");
        assert_eq!(table_to_text(&["h"], &[]), "h\n-\n");
    }

    #[test]
    fn status_from_first_char() {
        assert!(cell_status("✓ ok") == CellStatus::Ok);
        assert!(cell_status("✗") == CellStatus::Fail);
        assert!(cell_status("fine ✓") == CellStatus::Plain);
    }
}
