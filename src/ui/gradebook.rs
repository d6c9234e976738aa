//! Homework ▸ Gradebook of a folder…: the teacher's gradebook in a window. Every attempt
//! file of a folder is graded again as `loadlab grade FOLDER` grades it — the same rows
//! ([`crate::lesson::homework::gradebook`]), off the UI thread — one row per file: whose, on
//! what, the score of first tries, complete or not, the help asked for, the flags on the file
//! (or why it could not be graded). A row's Open replays its attempt; Copy as CSV puts the
//! CLI's `--csv` on the clipboard for a spreadsheet, Save as CSV… writes it to a file.

use std::path::{Path, PathBuf};

use egui::{Align, Layout, RichText};

use crate::jobs::{JobSlot, JobStatus};
use crate::lesson::homework::gradebook::{self, Row};
use crate::lesson::homework::quiz::Answers;
use crate::model::Cancelled;
use crate::ui::commands::Cmd;

/// Files graded between two looks at Cancel and two progress reports.
const CHUNK: usize = 64;

/// The notes on the folder shown (files skipped), the rest counted.
const NOTES_SHOWN: usize = 3;

/// The rows and the notes on the folder (files skipped, a folder with none).
type Graded = (Vec<Row>, Vec<String>);

/// The order of the rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Sort {
    /// By file name (the order `loadlab grade` prints).
    #[default]
    File,
    /// By the student's name.
    Student,
    /// By the share of first tries right, best first.
    Score,
}

/// The gradebook window's state: what it grades, the rows, the job grading them.
pub struct Gradebook {
    /// The folder (or file) graded.
    source: PathBuf,
    /// The course key the personal instances are checked against ("": each file's own).
    course: String,
    rows: Vec<Row>,
    notes: Vec<String>,
    error: Option<String>,
    sort: Sort,
    /// The rows' indices in the order shown (sorted once, not every frame: a folder may
    /// hold thousands).
    order: Vec<usize>,
    job: JobSlot<Result<Graded, String>>,
    /// A row was opened: the window folds aside in the next frame.
    aside: bool,
}

impl Gradebook {
    /// The gradebook of `source` (a folder of attempt files, or one file); grading starts.
    pub fn open(ctx: &egui::Context, source: PathBuf) -> Gradebook {
        let mut g = Gradebook {
            source,
            course: String::new(),
            rows: Vec::new(),
            notes: Vec::new(),
            error: None,
            sort: Sort::default(),
            order: Vec::new(),
            job: JobSlot::default(),
            aside: false,
        };
        g.grade(ctx);
        g
    }

    /// Grades the source again (with the course key as it stands).
    fn grade(&mut self, ctx: &egui::Context) {
        let names = vec![self.source.display().to_string()];
        let course = Some(self.course.trim().to_string()).filter(|c| !c.is_empty());
        let c = ctx.clone();
        self.job.submit(
            "grading the attempt files",
            move || c.request_repaint(),
            move |p| {
                let (files, notes) = match gradebook::expand(&names) {
                    Ok(found) => found,
                    Err(e) => return Ok(Err(e)),
                };
                let mut rows = Vec::with_capacity(files.len());
                // One memo for every part: a quiz's answers are computed once, not per part.
                let memo = Answers::default();
                for part in files.chunks(CHUNK) {
                    if p.cancelled() {
                        return Err(Cancelled);
                    }
                    rows.extend(gradebook::grade_files_with(part, course.as_deref(), &memo));
                    p.set(rows.len() as f32 / files.len() as f32);
                }
                Ok(Ok((rows, notes)))
            },
        );
    }

    /// The name of what is graded: the folder's (or file's) own, without its path.
    pub fn name(&self) -> String {
        base(&self.source.display().to_string())
    }

    /// The table as `loadlab grade --csv` writes it, and its number of rows; None before
    /// any row is graded.
    pub fn csv(&self) -> Option<(String, usize)> {
        let any = !self.rows.is_empty() && !self.job.is_running();
        any.then(|| (gradebook::csv(&self.rows), self.rows.len()))
    }

    /// The grading job as the status bar shows it.
    pub fn status(&self) -> Option<JobStatus> {
        self.job.status()
    }

    /// The window while `slot` holds a gradebook; ✕ closes it (and cancels its job).
    pub fn window(slot: &mut Option<Gradebook>, ctx: &egui::Context) -> Vec<Cmd> {
        let Some(g) = slot.as_mut() else {
            return Vec::new();
        };
        match g.job.poll() {
            Some(Ok((rows, notes))) => {
                g.order = order(&rows, g.sort);
                (g.rows, g.notes, g.error) = (rows, notes, None);
            }
            Some(Err(e)) => {
                (g.rows, g.notes, g.error) = (Vec::new(), Vec::new(), Some(e));
                g.order.clear();
            }
            None => {}
        }
        if let Some(f) = g.job.failure() {
            g.error = Some(f.to_string());
        }
        let screen = ctx.content_rect();
        let mut open = true;
        let mut cmds = Vec::new();
        let id = egui::Id::unique("gradebook window");
        let mut window = egui::Window::new("Gradebook")
            .id(id)
            .open(&mut open)
            .default_pos(crate::ui::widgets::dialog::under_bars(ctx, 24.0))
            .default_width((screen.width() - 48.0).min(1400.0))
            .default_height(crate::ui::widgets::dialog::room_under_bars(ctx, 240.0));
        // The attempt opened is what the teacher reads now, on the board the gradebook
        // covered: it folds to its title bar in the bottom-left corner (▼ unfolds it).
        let fold_to = std::mem::take(&mut g.aside).then_some(egui::Align::Min);
        window = crate::ui::widgets::dialog::aside(ctx, window, id, fold_to);
        let drawn = window.show(ctx, |ui| g.body(ui, &mut cmds));
        crate::ui::widgets::dialog::escape_closes(ctx, &drawn, &mut open);
        if !open {
            g.job.cancel();
            *slot = None;
        }
        if let Some(g) = slot.as_mut() {
            g.aside = cmds.iter().any(|c| matches!(c, Cmd::OpenAttemptFrom(_)));
        }
        cmds
    }

    fn body(&mut self, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
        ui.label(RichText::new(self.source.display().to_string()).strong());
        if self.job.is_running() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Grading every attempt again from its moves or answers…");
            });
        } else if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, format!("Not graded: {e}"));
        } else {
            ui.label(summary(&self.rows));
        }
        self.controls(ui, cmds);
        // The first few notes (a folder of other files named each one: the table went off
        // the window), then how many more.
        for note in self.notes.iter().take(NOTES_SHOWN) {
            let note = note.strip_prefix("note: ").unwrap_or(note);
            ui.label(RichText::new(note).weak());
        }
        if let Some(more) = self.notes.len().checked_sub(NOTES_SHOWN).filter(|&k| k > 0) {
            let more = crate::model::words::count(more, "more note");
            ui.label(RichText::new(format!("… and {more} (`loadlab grade` lists them)")).weak());
        }
        ui.separator();
        if !self.rows.is_empty() {
            self.table(ui, cmds);
        }
    }

    /// The course key with Grade again, the order of the rows, Copy as CSV and Save as CSV….
    fn controls(&mut self, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
        ui.horizontal_wrapped(|ui| {
            let l = ui.label("Course key");
            ui.add(
                egui::TextEdit::singleline(&mut self.course)
                    .hint_text("each file's own")
                    .desired_width(140.0),
            )
            .labelled_by(l.id)
            .on_hover_text(
                "The key the personal instances were derived with (as `loadlab grade \
                 --course`): blank, each file's own",
            );
            if ui.button("Grade again").clicked() {
                self.grade(ui.ctx());
            }
            ui.separator();
            ui.label("Order:");
            for (s, caption) in [
                (Sort::File, "file"),
                (Sort::Student, "student"),
                (Sort::Score, "score"),
            ] {
                if ui.selectable_label(self.sort == s, caption).clicked() {
                    self.sort = s;
                    self.order = order(&self.rows, s);
                }
            }
            ui.separator();
            let csv = "The table as `loadlab grade --csv` writes it, for a spreadsheet";
            let any = !self.rows.is_empty();
            if ui
                .add_enabled(any, egui::Button::new("Copy as CSV"))
                .on_hover_text(csv)
                .clicked()
            {
                ui.ctx().copy_text(gradebook::csv(&self.rows));
                let n = crate::model::words::count(self.rows.len(), "row");
                cmds.push(Cmd::Inform(format!(
                    "Copied the gradebook as CSV ({n}): paste it into a spreadsheet"
                )));
            }
            if ui
                .add_enabled(any, egui::Button::new("Save as CSV…"))
                .on_hover_text(format!("{csv}, as a file"))
                .clicked()
            {
                cmds.push(Cmd::SaveGradebookCsv);
            }
        });
    }

    /// The rows in their order, one line each (only the lines in view are laid out: a
    /// folder may hold thousands).
    fn table(&self, ui: &mut egui::Ui, cmds: &mut Vec<Cmd>) {
        let line_height = ui.text_style_height(&egui::TextStyle::Body);
        let height = ui.spacing().interact_size.y.max(line_height) + 4.0;
        let gaps = ui.spacing().item_spacing.x * COLUMNS.len() as f32;
        let whole: f32 = COLUMNS.iter().map(|c| c.1).sum();
        let fit = (ui.available_width() - gaps) / whole;
        let em = fit.clamp(NARROWEST * line_height, line_height);
        // The last column ("On the file") takes the room the others leave: its reasons were
        // cut at 11 line heights with the window's right half empty.
        let mut widths = COLUMNS.map(|c| c.1 * em);
        let others: f32 = widths[..COLUMNS.len() - 1].iter().sum();
        let last = &mut widths[COLUMNS.len() - 1];
        *last = last.max(ui.available_width() - gaps - others);
        egui::ScrollArea::horizontal().show(ui, |ui| {
            line(ui, &widths, height, |i, ui| {
                ui.label(RichText::new(COLUMNS[i].0).strong());
            });
            // Down to above the status bar, the window's margin included (the window grew to
            // its rows and its foot lay on the status bar).
            let room = ui.ctx().content_rect().bottom() - ui.cursor().top() - 60.0;
            egui::ScrollArea::vertical()
                .max_height(room.max(3.0 * height))
                .auto_shrink([false, true])
                .show_rows(ui, height, self.order.len(), |ui, range| {
                    for r in self.order[range].iter().filter_map(|&i| self.rows.get(i)) {
                        line(ui, &widths, height, |i, ui| cell(ui, r, i, cmds));
                    }
                });
        });
    }
}

/// What the rows add up to: how many were graded, complete, their mean score.
fn summary(rows: &[Row]) -> String {
    use crate::model::words::count;
    let graded: Vec<&Row> = rows.iter().filter(|r| r.error.is_empty()).collect();
    if graded.is_empty() {
        return match rows.len() {
            0 => "No attempt files here".to_string(),
            n => format!("{}, none could be graded", count(n, "file")),
        };
    }
    let complete = graded.iter().filter(|r| r.complete).count();
    let share: f64 = graded.iter().map(|r| percent(r) as f64).sum::<f64>() / graded.len() as f64;
    let not = rows.len() - graded.len();
    let not = if not > 0 {
        format!(" · {} could not be graded", count(not, "file"))
    } else {
        String::new()
    };
    format!(
        "{} graded · {complete} complete · first tries right: {share:.0} % on average{not}",
        count(graded.len(), "attempt")
    )
}

/// The indices of `rows` in the order `sort` (stable: ties keep the files' order).
fn order(rows: &[Row], sort: Sort) -> Vec<usize> {
    let mut order: Vec<usize> = (0..rows.len()).collect();
    match sort {
        Sort::File => {}
        Sort::Student => order.sort_by_cached_key(|&i| rows[i].student.to_lowercase()),
        Sort::Score => order.sort_by_key(|&i| std::cmp::Reverse(percent(&rows[i]))),
    }
    order
}

/// A graded row's score as a whole percentage of first tries right.
fn percent(r: &Row) -> u32 {
    if r.out_of == 0 {
        return 0;
    }
    (100.0 * r.score as f64 / r.out_of as f64).round() as u32
}

/// The help a row's student asked for: hints and Show me (a quiz: answers shown).
fn help(r: &Row) -> String {
    use crate::model::words::count;
    let mut asked = Vec::new();
    if r.hints > 0 {
        asked.push(count(r.hints, "hint"));
    }
    match (r.kind == "quiz", r.show_me) {
        (_, 0) => {}
        (true, n) => asked.push(format!("{} shown", count(n, "answer"))),
        (false, n) => asked.push(format!("{n} Show me")),
    }
    if asked.is_empty() {
        "none".to_string()
    } else {
        asked.join(", ")
    }
}

/// A file's name without its folder.
fn base(file: &str) -> String {
    Path::new(file)
        .file_name()
        .map_or(file.to_string(), |n| n.to_string_lossy().into_owned())
}

/// The table's columns: caption and width in line heights (at most: narrower where the
/// window is, down to [`NARROWEST`] of it, then the table scrolls sideways).
const COLUMNS: [(&str, f32); 7] = [
    ("File (click: replay)", 8.0),
    ("Student", 7.5),
    ("Work", 7.5),
    ("Score", 5.5),
    ("Complete", 4.5),
    ("Help asked", 7.0),
    ("On the file", 11.0),
];

/// The narrowest a column gets, as a share of its width.
const NARROWEST: f32 = 0.7;

/// One line of the table: `fill` draws column `i` into a cell of width `widths[i]`.
fn line(
    ui: &mut egui::Ui,
    widths: &[f32; COLUMNS.len()],
    height: f32,
    mut fill: impl FnMut(usize, &mut egui::Ui),
) {
    ui.horizontal(|ui| {
        for (i, &w) in widths.iter().enumerate() {
            let size = egui::vec2(w, height);
            ui.allocate_ui_with_layout(size, Layout::left_to_right(Align::Center), |ui| {
                ui.set_min_size(size);
                ui.set_max_width(size.x);
                fill(i, ui);
            });
        }
    });
}

/// Column `i` of row `r`.
fn cell(ui: &mut egui::Ui, r: &Row, i: usize, cmds: &mut Vec<Cmd>) {
    let graded = r.error.is_empty();
    let text = match i {
        0 if graded => {
            let open = ui.add(egui::Link::new(base(&r.file)));
            let what = if r.kind == "quiz" { "Review" } else { "Replay" };
            let hover = format!(
                "{}\n{what} this attempt, each entry with its verdict",
                r.file
            );
            if open.on_hover_text(hover).clicked() {
                cmds.push(Cmd::OpenAttemptFrom(PathBuf::from(&r.file)));
            }
            return;
        }
        0 => base(&r.file),
        1 if !graded => String::new(),
        1 if r.student.is_empty() => "(no name)".to_string(),
        1 => r.student.clone(),
        2 => format!("{} {}", r.model, r.kind),
        3 if graded => format!("{} / {} ({} %)", r.score, r.out_of, percent(r)),
        4 if graded => if r.complete { "yes" } else { "no" }.to_string(),
        5 if graded => help(r),
        6 if !graded => {
            let e = ui.visuals().error_fg_color;
            let text = RichText::new(format!("not graded: {}", r.error)).color(e);
            crate::ui::widgets::one_line(ui, egui::Label::new(text), &r.error);
            return;
        }
        6 => r.flags.join("; "),
        _ => String::new(),
    };
    // The whole text on hover where a cell is too narrow for it (a file: its whole path).
    let hover = if i == 0 { r.file.clone() } else { text.clone() };
    if hover.is_empty() {
        ui.add(egui::Label::new(text).truncate());
    } else {
        crate::ui::widgets::one_line(ui, egui::Label::new(text), &hover);
    }
}
