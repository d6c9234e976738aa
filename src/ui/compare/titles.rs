//! Compare's titles: what differs between A and B, in the controls' words and the paper's
//! symbols.

use super::*;
use crate::ui::workspaces::workspace_row;

/// How A differs from B, in the controls' words: the paper's symbols (β, τ, ℓ, δ…) and the
/// captions the workspace's menus show ("Algorithm 3 as printed", "balancing: none"), or
/// "same as B".
pub fn differences(a: &Scenario, b: &Scenario) -> String {
    let fields = |v: Value| -> Vec<(String, Value)> {
        match v {
            Value::Object(m) => m.into_iter().collect(),
            _ => Vec::new(),
        }
    };
    let top = |s: &Scenario| -> Vec<(String, Value)> {
        match serde_json::to_value(s) {
            Ok(Value::Object(m)) => match m.into_iter().next() {
                Some((_, f)) => fields(f),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    };
    let nested = workspace_row(a.model()).nested;
    let fb = top(b);
    let mut out: Vec<String> = Vec::new();
    for (k, v) in top(a) {
        let vb = fb.iter().find(|(kb, _)| *kb == k).map(|(_, vb)| vb);
        if vb == Some(&v) {
            continue;
        }
        // A nested field (the ring: δ, loads, costs…): the parts that differ, each by its
        // symbol.
        if let Some(vb) = vb
            && nested.contains(&k.as_str())
        {
            let inner_b = fields(vb.clone());
            for (ki, vi) in fields(v.clone()) {
                if inner_b.iter().any(|(kb, x)| *kb == ki && *x == vi) {
                    continue;
                }
                out.push(caption(a, &ki, &vi));
            }
            continue;
        }
        out.push(caption(a, &k, &v));
    }
    if out.is_empty() {
        return "same as B".into();
    }
    let more = out.len().saturating_sub(3);
    out.truncate(3);
    let mut text = out.join(", ");
    if more > 0 {
        text.push_str(&format!(" and {more} more"));
    }
    text
}

/// Field `key` of scenario `a` (whose serialized value is `v`) as its control shows it.
pub(super) fn caption(a: &Scenario, key: &str, v: &Value) -> String {
    let named = (workspace_row(a.model()).field_caption)(a, key);
    named.unwrap_or_else(|| format!("{} = {}", symbol(a.model(), key), short(v)))
}

/// The paper's symbol (or the control's caption) of field `key` of a scenario of `model`:
/// its parameter descriptor's, or for the fields that have none (the ring's δ, the random
/// ring and Section 8's settings) their editors' words.
pub(super) fn symbol(model: ModelId, key: &str) -> &str {
    if let Some(spec) = crate::model::param::find(model.params(), key) {
        return spec.symbol;
    }
    match key {
        "delta" => "δ",
        "random" => "random ring",
        other => other,
    }
}

/// A parameter's value in a few characters.
pub(super) fn short(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.as_f64().map_or(n.to_string(), text_number),
        Value::Bool(b) => b.to_string(),
        Value::Null => "none".into(),
        Value::Array(a) if a.len() <= 4 && a.iter().all(|x| !x.is_object()) => {
            let items: Vec<String> = a.iter().map(short).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Array(a) => format!("({} values)", a.len()),
        Value::Object(o) => match o.iter().next() {
            // An enum variant with data: its name.
            Some((k, _)) if o.len() == 1 => k.clone(),
            _ => "(changed)".into(),
        },
    }
}
