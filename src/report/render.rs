//! Renderers of a [`Report`]: CSV and an aligned text table.
//!
//! CSV layout: a first comment line `# loadlab: <title>`, then for every section a comment line
//! `# <section name>`, one header row and the data rows (RFC 4180: fields holding a comma, a
//! quote, a line break, surrounding spaces or a leading `#` are quoted, quotes doubled; lines
//! end with `\n`). Values sections have the header `quantity,value`; plot sections are in long
//! format, `series,<x>,<y>`, one row per point.

use std::fmt::Write as _;

use super::doc::{Cell, Content, Report, Section, SeriesSet, Table};
use super::format::{Precision, cell, csv_field, csv_number};

fn csv_cell(c: &Cell) -> String {
    match c {
        Cell::Empty => String::new(),
        Cell::Bool(b) => b.to_string(),
        Cell::Int(i) => i.to_string(),
        Cell::Num(x) => csv_number(*x),
        Cell::Text(t) => csv_field(t),
    }
}

fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

fn csv_row(out: &mut String, fields: impl IntoIterator<Item = String>) {
    let line: Vec<String> = fields.into_iter().collect();
    out.push_str(&line.join(","));
    out.push('\n');
}

/// One plot's curves as CSV in long format: a `series,<x>,<y>` header, one row per point.
pub fn series_csv(set: &SeriesSet) -> String {
    let mut out = String::new();
    csv_row(
        &mut out,
        ["series".to_string(), csv_field(&set.x), csv_field(&set.y)],
    );
    for series in &set.series {
        let name = csv_field(&series.name);
        for [x, y] in &series.points {
            csv_row(&mut out, [name.clone(), csv_number(*x), csv_number(*y)]);
        }
    }
    out
}

/// A table as CSV: its header, then one line per row.
pub fn table_csv(t: &Table) -> String {
    let mut out = String::new();
    csv_row(&mut out, t.header.iter().map(|h| csv_field(h)));
    for r in &t.rows {
        csv_row(&mut out, r.iter().map(csv_cell));
    }
    out
}

fn section_csv(out: &mut String, s: &Section) {
    let _ = writeln!(out, "# {}", one_line(&s.name));
    match &s.content {
        Content::Values(values) => {
            csv_row(out, ["quantity".to_string(), "value".to_string()]);
            for (k, v) in values {
                csv_row(out, [csv_field(k), csv_cell(v)]);
            }
        }
        Content::Table(t) => out.push_str(&table_csv(t)),
        Content::Series(set) => out.push_str(&series_csv(set)),
    }
}

fn text_cell(c: &Cell) -> String {
    cell(c, Precision::Text)
}

fn width(s: &str) -> usize {
    s.chars().count()
}

/// Left-aligns text columns and right-aligns numeric ones.
fn aligned(out: &mut String, header: &[String], rows: &[Vec<Cell>]) {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(text_cell).collect())
        .collect();
    let cols = header.len();
    let mut w: Vec<usize> = header.iter().map(|h| width(h)).collect();
    for r in &cells {
        for (i, c) in r.iter().enumerate().take(cols) {
            w[i] = w[i].max(width(c));
        }
    }
    let numeric: Vec<bool> = (0..cols)
        .map(|i| {
            rows.iter()
                .all(|r| matches!(r.get(i), Some(Cell::Int(_) | Cell::Num(_) | Cell::Empty)))
        })
        .collect();
    let line = |out: &mut String, fields: &[String]| {
        let mut s = String::new();
        for (i, f) in fields.iter().enumerate().take(cols) {
            if i > 0 {
                s.push_str("  ");
            }
            let pad = " ".repeat(w[i].saturating_sub(width(f)));
            if numeric[i] {
                s.push_str(&pad);
                s.push_str(f);
            } else {
                s.push_str(f);
                s.push_str(&pad);
            }
        }
        out.push_str(s.trim_end());
        out.push('\n');
    };
    line(out, header);
    for r in &cells {
        line(out, r);
    }
}

/// The common x values when every series has the same ones, in the same order.
fn shared_x(set: &SeriesSet) -> Option<Vec<f64>> {
    let first = set.series.first()?;
    let xs: Vec<f64> = first.points.iter().map(|p| p[0]).collect();
    set.series
        .iter()
        .all(|s| s.points.len() == xs.len() && s.points.iter().zip(&xs).all(|(p, x)| p[0] == *x))
        .then_some(xs)
}

fn section_text(out: &mut String, s: &Section) {
    match &s.content {
        Content::Values(values) => {
            let w = values.iter().map(|(k, _)| width(k)).max().unwrap_or(0);
            for (k, v) in values {
                let pad = " ".repeat(w - width(k));
                let _ = writeln!(out, "{k}{pad}  {}", text_cell(v));
            }
        }
        // (A header over no rows read as a table cut off: a KS-BF run balanced otherwise
        // than by KS has no claim of the paper to check.)
        Content::Table(t) if t.rows.is_empty() => out.push_str("(none)\n"),
        Content::Table(t) => aligned(out, &t.header, &t.rows),
        Content::Series(set) if shared_x(set).is_some() => {
            // One row per x, one column per series.
            let xs = shared_x(set).unwrap_or_default();
            let mut header = vec![set.x.clone()];
            header.extend(set.series.iter().map(|s| s.name.clone()));
            let rows: Vec<Vec<Cell>> = xs
                .iter()
                .enumerate()
                .map(|(i, &x)| {
                    let mut row = vec![Cell::Num(x)];
                    row.extend(set.series.iter().map(|s| Cell::Num(s.points[i][1])));
                    row
                })
                .collect();
            let _ = writeln!(out, "({} against {})", set.y, set.x);
            aligned(out, &header, &rows);
        }
        Content::Series(set) => {
            let header = vec!["series".to_string(), set.x.clone(), set.y.clone()];
            let rows: Vec<Vec<Cell>> = set
                .series
                .iter()
                .flat_map(|s| {
                    s.points.iter().map(|[x, y]| {
                        vec![Cell::Text(s.name.clone()), Cell::Num(*x), Cell::Num(*y)]
                    })
                })
                .collect();
            aligned(out, &header, &rows);
        }
    }
}

impl Report {
    /// The report as CSV (see the module documentation for the layout).
    pub fn to_csv(&self) -> String {
        let mut out = format!("# loadlab: {}\n", one_line(&self.title));
        for s in &self.sections {
            section_csv(&mut out, s);
        }
        out
    }

    /// The report as readable text: the title, then every section under its name (the first
    /// section of values directly under the title).
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\n", self.title);
        for (i, s) in self.sections.iter().enumerate() {
            if i > 0 || !matches!(s.content, Content::Values(_)) {
                let _ = writeln!(out, "\n{}:", s.name);
            }
            section_text(&mut out, s);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::doc::{Series, Table};
    use crate::report::format::text_number;

    #[test]
    fn fields_are_quoted_only_when_needed() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_field("#1"), "\"#1\"");
        assert_eq!(csv_field(" padded"), "\" padded\"");
        assert_eq!(csv_field("P_1 → P_2"), "P_1 → P_2");
    }

    #[test]
    fn numbers_round_trip() {
        for x in [0.0, 1.0, -2.5, 0.1, 1e-9, 1.5e20, 123456.789, f64::MAX] {
            assert_eq!(csv_number(x).parse::<f64>().unwrap(), x, "{x}");
        }
        assert_eq!(csv_number(2f64.powi(64)), "1.8446744073709552e19");
        assert_eq!(csv_number(f64::INFINITY), "inf");
        assert_eq!(csv_number(f64::NAN), "nan");
        assert_eq!(text_number(0.981731234567), "0.9817312346");
        assert_eq!(text_number(65535.0), "65535");
        assert_eq!(text_number(1e-7), "1e-7");
    }

    #[test]
    fn csv_has_one_header_per_section() {
        let mut r = Report::new("demo, with a comma");
        r.push(Section::values(
            "numbers",
            vec![("makespan", Cell::Int(4)), ("bound", Cell::Empty)],
        ));
        let mut t = Table::new(&["claim", "holds"]);
        t.push(vec!["a, \"quoted\" claim".into(), true.into()]);
        r.push(Section::table("checks", t));
        r.push(Section::series(
            "plot",
            "h",
            "T_N",
            vec![
                Series::new("C simulated", vec![[0.0, 1.0], [1.0, 0.5]]),
                Series::new("empty", vec![]),
            ],
        ));
        let expected = "# loadlab: demo, with a comma\n\
                        # numbers\nquantity,value\nmakespan,4\nbound,\n\
                        # checks\nclaim,holds\n\"a, \"\"quoted\"\" claim\",true\n\
                        # plot\nseries,h,T_N\nC simulated,0,1\nC simulated,1,0.5\n";
        assert_eq!(r.to_csv(), expected);
        let text = r.to_text();
        assert!(
            text.starts_with("demo, with a comma\nmakespan  4\nbound     —\n"),
            "{text}"
        );
        assert!(
            text.contains("\nchecks:\nclaim              holds\na, \"quoted\" claim  yes\n"),
            "{text}"
        );
    }
}
