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
    /// The plain-language name of the number at `path`: the report's name of its figure;
    /// for a number inside a figure (an object), the figure's name and the rest of the path;
    /// else the path in words ("Lemma 1 bound" for `bounds.Lemma 1.value`, underscores as
    /// spaces).
    pub fn name_of(&self, path: &str) -> String {
        if let Some((_, n)) = self.names.iter().find(|(k, _)| k == path) {
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
}

impl CompareRow {
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
        })
        .collect();
    for (k, x) in b {
        if find(a, k).is_none() {
            rows.push(CompareRow {
                name: k.clone(),
                a: None,
                b: Some(*x),
            });
        }
    }
    rows
}

/// The comparison as CSV, as the table shows it (`rows` in its order): each number's name
/// (A's names, B's for B's own rows), its path in the run's JSON, A, B, B − A and B ÷ A, an
/// empty field where a run lacks the number.
pub fn compare_csv(rows: &[CompareRow], a: &Headline, b: &Headline) -> String {
    let num = |x: Option<f64>| x.map_or(report::Cell::Empty, report::Cell::Num);
    let table = report::Table::from_rows(
        &["quantity", "path", "A", "B", "B − A", "B ÷ A"],
        rows,
        |r| {
            let named = if r.a.is_some() { a } else { b };
            vec![
                report::Cell::Text(named.name_of(&r.name)),
                report::Cell::Text(r.name.clone()),
                num(r.a),
                num(r.b),
                num(r.diff()),
                num(r.quotient()),
            ]
        },
    );
    report::table_csv(&table)
}
