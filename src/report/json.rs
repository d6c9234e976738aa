//! JSON helpers shared by the models' `--json` objects: numbers as the CLI has always printed
//! them, and objects built from a `json!` literal plus the keys that only some runs have.

use serde::Serialize;
use serde_json::{Map, Value};

use super::Figure;

/// A JSON number, with integral values written as integers (`4`, not `4.0`) and non-finite
/// values as `null`. Not for a field that may also be fractional: a field keeps one JSON type
/// whatever its value (issue 24), so such fields use [`json_f64`].
#[allow(dead_code)] // no field uses it since issue 24; kept for branches that still do
pub(crate) fn json_num(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 9e15 {
        Value::from(x as i64)
    } else {
        json_f64(x)
    }
}

/// A JSON number kept as a float (`100.0`), or `null` when not finite.
pub(crate) fn json_f64(x: f64) -> Value {
    serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)
}

/// A JSON float as in [`json_f64`], or `null`.
pub(crate) fn json_opt(x: Option<f64>) -> Value {
    x.map_or(Value::Null, json_f64)
}

/// Any serializable value as JSON (`null` if it cannot be).
pub(crate) fn serialized<T: Serialize + ?Sized>(x: &T) -> Value {
    serde_json::to_value(x).unwrap_or(Value::Null)
}

/// The JSON fields of a run's figures: every value under its key.
pub(crate) fn figures_json(figures: &[Figure]) -> Map<String, Value> {
    let field = |f: &Figure| (f.key.to_string(), serialized(&f.value));
    figures.iter().map(field).collect()
}

/// The fields of a JSON object (a `json!({…})` literal), to insert more into; empty for any
/// other value.
pub(crate) fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

/// Inserts every sweep under its key, and the only one under the legacy key `sweep` as well
/// when just one was computed.
pub(crate) fn legacy_sweep(obj: &mut Map<String, Value>, sweeps: Vec<(&str, Value)>) {
    if let [(_, only)] = sweeps.as_slice() {
        obj.insert("sweep".into(), only.clone());
    }
    for (k, v) in sweeps {
        obj.insert(k.into(), v);
    }
}

/// The value at a dot path of a run's JSON object (`algorithms.C.speedup`, `work.2`,
/// `bounds.Lemma 6.value`): parts name object keys, numeric parts index lists, the empty path
/// is the object itself. The one reader of a field path: map metrics and lesson checks name
/// a number this way.
pub fn field<'a>(root: &'a Value, path: &str) -> Option<&'a Value> {
    if path.is_empty() {
        return Some(root);
    }
    path.split('.').try_fold(root, |v, part| match v {
        Value::Object(m) => m.get(part),
        Value::Array(a) => part.parse::<usize>().ok().and_then(|i| a.get(i)),
        _ => None,
    })
}
