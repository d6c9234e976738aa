//! Compare's numbers table: every headline number of A and B, with B − A and B ÷ A.

use super::*;

/// The headline numbers of a scenario: every number of its run summary's JSON (nested
/// objects as dot paths; lists left out), in the JSON's order.
pub fn headline_numbers(scenario: &Scenario) -> Numbers {
    let v = report::json(scenario, &NoProgress).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    flatten("", &v, &mut out);
    Ok(out)
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
    /// Dot path in the run's JSON.
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
