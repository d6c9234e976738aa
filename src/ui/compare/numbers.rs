//! Compare's numbers table: every headline number of A and B, with B − A and B ÷ A.

use super::*;

/// The headline numbers of a scenario: every number of its run summary's JSON (nested
/// objects as dot paths; lists left out), in the JSON's order.
pub fn headline_numbers(scenario: &Scenario) -> Numbers {
    headline(scenario).map(|h| h.numbers)
}

/// A run's headline numbers and the report's names of its figures.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Headline {
    /// Every number of the run summary's JSON, by dot path, in the JSON's order.
    pub numbers: Vec<(String, f64)>,
    /// The report's figures: (field path, plain-language name).
    pub names: Vec<(String, String)>,
}

impl Headline {
    /// The plain-language name of the number at `path`: the report's name of its figure (of
    /// `<key>` for `<key>_f64`, the number beside a figure kept exact as text);
    /// for a number inside a figure (an object), the figure's name and the rest of the path;
    /// else the path in words ("Lemma 1 bound" for `bounds.Lemma 1.value`, underscores as
    /// spaces).
    pub fn name_of(&self, path: &str) -> String {
        // A figure kept exact as text has its number beside it as `<key>_f64` (processors).
        let figure = path.strip_suffix("_f64").unwrap_or(path);
        if let Some((_, n)) = self.names.iter().find(|(k, _)| k == path || k == figure) {
            return n.clone();
        }
        let inside = self
            .names
            .iter()
            .filter(|(k, _)| path.starts_with(&format!("{k}.")))
            .max_by_key(|(k, _)| k.len());
        if let Some((k, n)) = inside {
            return format!("{n} — {}", words(&path[k.len() + 1..]));
        }
        words(path)
    }
}

/// A JSON path in words: `bounds.X.value` is "X bound", `a_b.c` is "a b · c".
fn words(path: &str) -> String {
    if let Some(bound) = path
        .strip_prefix("bounds.")
        .and_then(|p| p.strip_suffix(".value"))
    {
        return format!("{bound} bound");
    }
    path.split('.')
        .map(|part| part.replace('_', " "))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// [`headline_numbers`] of a scenario with the names of its figures (one run).
pub fn headline(scenario: &Scenario) -> Result<Headline, String> {
    let run =
        report::run(scenario, report::Detail::Summary, &NoProgress).map_err(|e| e.to_string())?;
    let v = report::Render::json(&run);
    let mut numbers = Vec::new();
    flatten("", &v, &mut numbers);
    let names = run
        .figures()
        .into_iter()
        .map(|f| (f.key.to_string(), f.name.to_string()))
        .collect();
    Ok(Headline { numbers, names })
}

pub(super) fn flatten(prefix: &str, v: &Value, out: &mut Vec<(String, f64)>) {
    match v {
        Value::Number(n) => {
            if let Some(x) = n.as_f64() {
                out.push((prefix.to_string(), x));
            }
        }
        Value::Object(m) => {
            for (k, x) in m {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, x, out);
            }
        }
        _ => {}
    }
}

/// One row of the comparison: a headline number in A and in B.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareRow {
    /// Dot path in the run's JSON (the table names it by [`Headline::name_of`]).
    pub name: String,
    /// A's value.
    pub a: Option<f64>,
    /// B's value.
    pub b: Option<f64>,
    /// Whether A's and B's values give an open question's answer away ([`CompareRow::hide`]):
    /// they, and what is computed from them, read "?".
    pub hidden: [bool; 2],
}

impl CompareRow {
    /// The row with the values that give the open question `secret`'s answer away marked
    /// hidden: a value of the question's run (`a` or `b`, B the shown one) under a name that
    /// determines the answer.
    pub fn hide(self, secret: &crate::ui::frame::Secret, a: &Scenario, b: &Scenario) -> Self {
        let key = self.name.as_str();
        let hidden = [
            secret.hides_field_of(a, key),
            secret.hides_field(key) || secret.hides_field_of(b, key),
        ];
        CompareRow { hidden, ..self }
    }

    /// The row with both values hidden when `hides` its name (an outcome while the future is
    /// hidden).
    pub fn hide_where(self, hides: impl Fn(&str) -> bool) -> Self {
        if hides(&self.name) {
            CompareRow {
                hidden: [true, true],
                ..self
            }
        } else {
            self
        }
    }

    /// Whether either value is hidden (then so are B − A and B ÷ A).
    fn either_hidden(&self) -> bool {
        self.hidden.iter().any(|h| *h)
    }

    /// B − A.
    pub fn diff(&self) -> Option<f64> {
        Some(self.b? - self.a?)
    }
    /// B ÷ A (none when A is 0).
    pub fn quotient(&self) -> Option<f64> {
        let a = self.a?;
        (a != 0.0).then(|| self.b.map(|b| b / a)).flatten()
    }
}

/// A's numbers in their order, then B's numbers A lacks.
pub fn compare_rows(a: &[(String, f64)], b: &[(String, f64)]) -> Vec<CompareRow> {
    let find = |v: &[(String, f64)], k: &str| v.iter().find(|(n, _)| n == k).map(|(_, x)| *x);
    let mut rows: Vec<CompareRow> = a
        .iter()
        .map(|(k, x)| CompareRow {
            name: k.clone(),
            a: Some(*x),
            b: find(b, k),
            hidden: [false; 2],
        })
        .collect();
    for (k, x) in b {
        if find(a, k).is_none() {
            rows.push(CompareRow {
                name: k.clone(),
                a: None,
                b: Some(*x),
                hidden: [false; 2],
            });
        }
    }
    rows
}

/// The comparison as CSV, as the table shows it (`rows` in its order): each number's name
/// (A's names, B's for B's own rows), its path in the run's JSON, A, B, B − A and B ÷ A, an
/// empty field where a run lacks the number.
pub fn compare_csv(rows: &[CompareRow], a: &Headline, b: &Headline) -> String {
    let num = |x: Option<f64>, hidden: bool| match x {
        Some(_) if hidden => report::Cell::Text(crate::ui::frame::HIDDEN.to_owned()),
        Some(x) => report::Cell::Num(x),
        None => report::Cell::Empty,
    };
    let table = report::Table::from_rows(
        &["quantity", "path", "A", "B", "B − A", "B ÷ A"],
        rows,
        |r| {
            let named = if r.a.is_some() { a } else { b };
            vec![
                report::Cell::Text(named.name_of(&r.name)),
                report::Cell::Text(r.name.clone()),
                num(r.a, r.hidden[0]),
                num(r.b, r.hidden[1]),
                num(r.diff(), r.either_hidden()),
                num(r.quotient(), r.either_hidden()),
            ]
        },
    );
    report::table_csv(&table)
}

/// The table's number columns.
const COLUMNS: [&str; 4] = ["A", "B", "B − A", "B ÷ A"];

/// The least width of the names' column, in points (they are cut with "…", whole on hover).
const NAME_LEAST: f32 = 90.0;

/// The names' least width beside A and B alone, when the room holds no more.
const NAME_FLOOR: f32 = 48.0;

/// A row's numbers as the table writes them (six significant digits, "—" for none).
pub(super) fn row_cells(r: &CompareRow) -> [String; 4] {
    let cell = |x: Option<f64>, hidden: bool| match x {
        Some(_) if hidden => crate::ui::frame::HIDDEN.to_owned(),
        x => x.map_or("—".to_string(), report::format::table_number),
    };
    let either = r.either_hidden();
    [
        cell(r.a, r.hidden[0]),
        cell(r.b, r.hidden[1]),
        cell(r.diff(), either),
        cell(r.quotient(), either),
    ]
}

/// How many number columns fit beside the names in `room` points (at least A and B; B ÷ A
/// goes first, then B − A), and the names' width then, at least `least` (the names' header)
/// while a column can go; with A and B alone the names give way down to [`NAME_FLOOR`] (they
/// are whole on hover). A number is never cut: a cut "-1.21241e-16" read as "-1.21241e-1",
/// "3.39267e-16" as "3.3926".
pub(super) fn fit_columns(room: f32, widths: [f32; 4], gap: f32, least: f32) -> (usize, f32) {
    let least = least.max(NAME_LEAST);
    let need = |k: usize| widths[..k].iter().sum::<f32>() + gap * (k as f32 + 1.0);
    match (3..=4).rev().find(|&k| least + need(k) <= room) {
        Some(k) => (k, (room - need(k)).clamp(least, least.max(320.0))),
        None => (2, (room - need(2)).clamp(NAME_FLOOR, least.max(320.0))),
    }
}

/// The A/B table of `rows` (names from `na`, B's own rows from `nb`): as many number
/// columns as fit whole ([`fit_columns`]), with Copy CSV in its header.
pub(super) fn numbers_table(ui: &mut Ui, rows: &[CompareRow], na: &Headline, nb: &Headline) {
    let cells: Vec<[String; 4]> = rows.iter().map(row_cells).collect();
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = |t: &str| {
        ui.painter()
            .layout_no_wrap(t.to_owned(), font.clone(), Color32::WHITE)
            .size()
            .x
    };
    // (The grid gives a column at least its least width, however narrow its numbers: with
    // the names as wide as that left, "B ÷ A" ran out of the table at 1280 × 720.)
    let mut widths = COLUMNS.map(|c| width(c).max(ui.spacing().interact_size.x));
    for row in &cells {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = w.max(width(c));
        }
    }
    let room = ui.available_width() - ui.spacing().scroll.bar_width - 4.0;
    let gap = ui.spacing().item_spacing.x;
    let (shown, name_width) = fit_columns(room, widths, gap, width("quantity"));
    // Copy CSV above the table (in the names' header it widened their column), with what
    // was left out for room.
    ui.horizontal_wrapped(|ui| {
        if !crate::ui::frame::exporting(ui.ctx())
            && ui
                .small_button(LABEL_COPY_CSV)
                .on_hover_text("Copy the table as CSV (quantity, path, A, B, B − A, B ÷ A)")
                .clicked()
        {
            crate::ui::frame::copy(ui.ctx(), "the A/B table as CSV", compare_csv(rows, na, nb));
        }
        if shown < COLUMNS.len() {
            let left: Vec<&str> = COLUMNS[shown..].to_vec();
            ui.label(
                RichText::new(format!(
                    "{} left out for room: widen the panel",
                    left.join(" and ")
                ))
                .weak(),
            );
        }
    });
    egui::ScrollArea::both()
        .auto_shrink(false)
        .show_clipped(ui, |ui| {
            egui::Grid::new("compare-table")
                .striped(true)
                .num_columns(shown + 1)
                .show(ui, |ui| {
                    ui.label(RichText::new("quantity").strong());
                    for h in &COLUMNS[..shown] {
                        ui.label(RichText::new(*h).strong());
                    }
                    ui.end_row();
                    for (r, row) in rows.iter().zip(&cells) {
                        // The report's name of the figure (B's names for B's own rows).
                        let named = if r.a.is_some() { na } else { nb };
                        let name = named.name_of(&r.name);
                        let shown_name = ui.scope(|ui| {
                            ui.set_max_width(name_width);
                            let label = egui::Label::new(name.as_str());
                            let tip = format!("{name} ({})", r.name);
                            crate::ui::widgets::one_line(ui, label, &tip)
                        });
                        offer_b(&shown_name.inner, r, &name, &row[1]);
                        for (k, c) in row[..shown].iter().enumerate() {
                            let text = RichText::new(c);
                            // B − A stands out where A and B differ.
                            ui.label(match (k, r.a != r.b) {
                                (2, true) => text.strong(),
                                (2, false) => text.weak(),
                                _ => text,
                            });
                        }
                        ui.end_row();
                    }
                });
        });
}

/// B's value of `row` (B is the run in front, whose command a question's check runs), shown
/// as `text` under `name`, offered as a lesson question on the row's name: not a value hidden,
/// nor one B lacks.
fn offer_b(name_label: &egui::Response, row: &CompareRow, name: &str, text: &str) {
    let Some(value) = row.b.filter(|b| b.is_finite() && !row.hidden[1]) else {
        return;
    };
    let asked = crate::lesson::authoring::Asked {
        key: row.name.clone(),
        name: name.to_owned(),
        value,
        whole: value.fract() == 0.0,
    };
    crate::ui::widgets::numbers::offer(name_label, asked, text);
}

impl Compare {
    /// The A/B table; `future_hidden`: B's future is hidden short of its end (A steps with B).
    pub(super) fn table(
        &mut self,
        ui: &mut Ui,
        (a, b): (&Scenario, &Scenario),
        future_hidden: bool,
    ) {
        Self::request_numbers(&mut self.a, ui.ctx(), a);
        Self::request_numbers(&mut self.b, ui.ctx(), b);
        let (fa, fb) = (self.a.for_key(a), self.b.for_key(b));
        let failure = self.a.failure().or(self.b.failure());
        let Some((na, nb)) = ready(ui, fa, fb, (failure, "computing A and B")) else {
            return;
        };
        // What changed first, then the rest in the run's order.
        let mut rows = compare_rows(&na.numbers, &nb.numbers);
        rows.sort_by_key(|r| r.a == r.b);
        // An open question's answer, and what gives it away, read "?" in its run's column.
        if let Some(secret) = crate::ui::frame::secret(ui.ctx()) {
            rows = rows.into_iter().map(|r| r.hide(&secret, a, b)).collect();
        }
        // A hidden future keeps the runs' outcomes back, as the workspace's numbers do.
        if future_hidden {
            let future = crate::report::secrecy::future_hides(b.model());
            rows = rows.into_iter().map(|r| r.hide_where(&future)).collect();
        }
        numbers_table(ui, &rows, na, nb);
    }

    /// The table alone, under the workspace (the compare view switched off).
    pub fn table_below(&mut self, ui: &mut Ui, b: &Scenario) {
        self.front = b.model();
        let Some(a) = self.pinned[b.model().index()].clone() else {
            return;
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Compare A/B").strong());
            ui.label(RichText::new(ab_caption(&a == b)).weak());
        });
        // (Under the workspace, its own step bar's reveal is the one published.)
        let hidden = crate::ui::reveal::Reveal::of(ui.ctx()).hiding();
        self.table(ui, (&a, b), hidden);
    }
}
