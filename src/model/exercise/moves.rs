//! Moves as JSON (pure): the parsers of the move files `loadlab exercise --moves` grades and
//! attempt files record, one per model, and [`Shape`], a pass over a JSON text that counts
//! what parsing it would build before it is parsed (the cost estimate of every reader of
//! moves: the CLI's moves files and the attempt files of the lesson layer's homework).

use serde_json::{Value, json};

use super::ksbf::Prediction;
use super::treesweep::Move;
use crate::model::ksbf::NodeId;
use crate::model::num::NumError;
use crate::model::registry::ModelId;

/// Bytes of a parsed JSON value: serde_json's `Value` (32 bytes) in a list that may have
/// doubled its capacity, an object's key and map node. Measured with the graders' own
/// figures (release build): one round of 10⁶ sends `[[[1,2],…]]` (3·10⁶ values) peaks at
/// 300 MB, 2·10⁶ sends at 593 MB — 296 bytes a send, 3 values at 80 and 48 bytes of grading.
pub const PARSE_BYTES: f64 = 80.0;

/// What a pass over a JSON text's bytes finds, without parsing it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Shape {
    /// JSON values of every depth (scalars, strings, lists, objects; an object's keys too): at
    /// least the number the parse builds.
    pub values: u64,
    /// Items of the top-level list (rounds, predictions, decisions…).
    pub items: u64,
    /// Lists at depth 3 (a redistribution file's sends `[from, to]`).
    pub depth3_lists: u64,
}

impl Shape {
    /// One pass over `text`: counts values by their first byte (outside strings) and the
    /// commas that separate items, tracking depth with a counter (no recursion).
    pub fn scan(text: &[u8]) -> Shape {
        let mut s = Shape::default();
        let mut depth = 0u64;
        let mut in_string = false;
        let mut escaped = false;
        // Whether a value started since the last separator (a scalar's first byte).
        let mut in_scalar = false;
        let mut top_nonempty = false;
        for &b in text {
            if in_string {
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b'"' {
                    in_string = false;
                }
                continue;
            }
            match b {
                b'"' => {
                    in_string = true;
                    in_scalar = false;
                    s.values += 1;
                    if depth == 1 {
                        top_nonempty = true;
                    }
                }
                b'[' | b'{' => {
                    s.values += 1;
                    in_scalar = false;
                    if depth == 1 {
                        top_nonempty = true;
                    }
                    depth += 1;
                    if depth == 3 && b == b'[' {
                        s.depth3_lists += 1;
                    }
                }
                b']' | b'}' => {
                    in_scalar = false;
                    depth = depth.saturating_sub(1);
                }
                b',' | b':' => {
                    in_scalar = false;
                    if depth == 1 && b == b',' {
                        s.items += 1;
                    }
                }
                b' ' | b'\t' | b'\n' | b'\r' => in_scalar = false,
                _ => {
                    if !in_scalar {
                        s.values += 1;
                        in_scalar = true;
                        if depth == 1 {
                            top_nonempty = true;
                        }
                    }
                }
            }
        }
        if top_nonempty {
            s.items += 1;
        }
        s
    }

    /// The memory of parsing it.
    pub fn parse_bytes(&self) -> f64 {
        self.values as f64 * PARSE_BYTES
    }
}

/// An integer, or a message naming `what`. A whole number beyond i64 is too large or too
/// small, in the words of a typed number ([`NumError`]): JSON's reader holds 10^20 as the
/// float 1e+20, and "expected an integer, got 1e+20" read as if the file held a fraction.
pub fn integer(v: &Value, what: &str) -> Result<i64, String> {
    v.as_i64().ok_or_else(|| {
        let text = short(v);
        if !(v.is_u64() || v.as_f64().is_some_and(|f| f.fract() == 0.0)) {
            return format!("{what}: expected an integer, got {text}");
        }
        let e = if v.as_f64().is_some_and(|f| f < 0.0) {
            NumError::TooSmall {
                text,
                limit: i64::MIN.into(),
            }
        } else {
            NumError::TooLarge {
                text,
                limit: i64::MAX.into(),
            }
        };
        format!("{what}: {e}")
    })
}

/// A JSON value shortened to 40 characters for a message.
pub fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(40).collect::<String>())
    } else {
        s
    }
}

/// A logged move of `model`'s exercise in the words its buttons and board use ("Balance",
/// "node 2 on P1 at step 3", "P1 → P2, P4 → P3"), for an attempt's replay; a move of another
/// shape is shown as its JSON.
pub fn move_words(model: ModelId, mv: &Value) -> String {
    let node = |v: &Value| match v.as_array().map(Vec::as_slice) {
        Some([k, l]) => Some(format!("node ({k}, {l})")),
        _ => v.as_u64().map(|h| format!("node {h}")),
    };
    let said = match model {
        ModelId::Geodecay => mv
            .as_bool()
            .map(|b| if b { "Balance" } else { "Go on" }.to_string()),
        ModelId::Divisible => mv.as_f64().map(|x| format!("load {x} a processor")),
        ModelId::Ksbf => (|| {
            let (pe, step) = (mv.get("pe")?.as_i64()?, mv.get("step")?.as_i64()?);
            Some(format!(
                "{} on P{pe} at step {step}",
                node(mv.get("node")?)?
            ))
        })(),
        ModelId::TreeSweep => match mv.get("start").and_then(Value::as_f64) {
            Some(t) => mv
                .get("node")
                .and_then(node)
                .map(|n| format!("{n} from {t}")),
            None => mv.get("node").map_or(node(mv), node),
        },
        ModelId::Redistribute => parse_rounds(&json!([mv])).ok().map(|r| {
            let sends: Vec<String> = r[0].iter().map(|(f, t)| format!("P{f} → P{t}")).collect();
            if sends.is_empty() {
                "a round of no send".to_string()
            } else {
                sends.join(", ")
            }
        }),
    };
    said.unwrap_or_else(|| short(mv))
}

/// `v` as a list of `what`, each item read by `read`; an item's problem is prefixed with its
/// name and place (`move 3: …`).
fn list_of<T>(
    v: &Value,
    what: &str,
    item: &str,
    read: impl Fn(&Value) -> Result<T, String>,
) -> Result<Vec<T>, String> {
    let list = v
        .as_array()
        .ok_or_else(|| format!("expected a list of {what}, got {}", short(v)))?;
    list.iter()
        .enumerate()
        .map(|(i, x)| read(x).map_err(|e| format!("{item} {}: {e}", i + 1)))
        .collect()
}

/// A redistribution moves file: a list of rounds of `[from, to]` pairs.
pub fn parse_rounds(v: &Value) -> Result<Vec<Vec<(i64, i64)>>, String> {
    list_of(v, "rounds", "round", |round| {
        let sends = round
            .as_array()
            .ok_or_else(|| format!("expected a list of [from, to], got {}", short(round)))?;
        sends
            .iter()
            .map(|s| match s.as_array().map(Vec::as_slice) {
                Some([f, t]) => Ok((integer(f, "from")?, integer(t, "to")?)),
                _ => Err(format!("expected [from, to], got {}", short(s))),
            })
            .collect()
    })
}

fn node_of(v: &Value, grid: bool) -> Result<NodeId, String> {
    let bad = || {
        if grid {
            format!("node: expected [k, l] (a grid node), got {}", short(v))
        } else {
            format!("node: expected a heap number ≥ 1, got {}", short(v))
        }
    };
    if grid {
        match v.as_array().map(Vec::as_slice) {
            Some([k, l]) => {
                let k = k
                    .as_u64()
                    .and_then(|x| u32::try_from(x).ok())
                    .ok_or_else(bad)?;
                let l = l
                    .as_u64()
                    .and_then(|x| u32::try_from(x).ok())
                    .ok_or_else(bad)?;
                Ok(NodeId::Grid { k, l })
            }
            _ => Err(bad()),
        }
    } else {
        v.as_u64()
            .filter(|&h| h >= 1)
            .map(NodeId::Tree)
            .ok_or_else(bad)
    }
}

/// `v` as an object with no field but `known`, or why not (`expected` says what was wanted).
fn object_of<'a>(
    v: &'a Value,
    known: &[&str],
    expected: &str,
) -> Result<&'a serde_json::Map<String, Value>, String> {
    let o = v
        .as_object()
        .ok_or_else(|| format!("expected {expected}, got {}", short(v)))?;
    if let Some(k) = o.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(format!("unknown field {k:?} ({})", known.join(", ")));
    }
    Ok(o)
}

/// A KS-BF moves file: a list of `{"node", "pe", "step"}` predictions.
pub fn parse_predictions(v: &Value, grid: bool) -> Result<Vec<Prediction>, String> {
    list_of(v, "predictions", "prediction", |p| {
        let o = object_of(p, &["node", "pe", "step"], "{\"node\", \"pe\", \"step\"}")?;
        let field = |k: &str| o.get(k).ok_or_else(|| format!("missing {k:?}"));
        Ok(Prediction {
            node: node_of(field("node")?, grid)?,
            pe: integer(field("pe")?, "pe")?,
            step: integer(field("step")?, "step")?,
        })
    })
}

/// A node as the move files write it: a heap number, or `[k, l]`.
pub fn node_json(node: NodeId) -> Value {
    match node {
        NodeId::Tree(h) => json!(h),
        NodeId::Grid { k, l } => json!([k, l]),
    }
}

/// A tree-sweep moves file: a list of nodes, each a heap number or
/// `{"node": N, "start": S}`.
pub fn parse_tree_moves(v: &Value) -> Result<Vec<Move>, String> {
    list_of(v, "nodes", "move", |m| {
        if m.is_number() {
            return integer(m, "node").map(|node| Move { node, start: None });
        }
        let expected = "a heap number or {\"node\", \"start\"}";
        let o = object_of(m, &["node", "start"], expected)?;
        let node = o.get("node").ok_or("missing \"node\"")?;
        let node = integer(node, "node")?;
        let start = match o.get("start") {
            None | Some(Value::Null) => None,
            Some(s) => Some(
                s.as_f64()
                    .ok_or_else(|| format!("start: expected a number, got {}", short(s)))?,
            ),
        };
        Ok(Move { node, start })
    })
}

/// The most moves (attempts included) a file may hold per level.
pub const ATTEMPTS_PER_LEVEL: usize = 100;

/// A divisible moves file: a list of numbers (at most [`ATTEMPTS_PER_LEVEL`] per level).
pub fn parse_loads(v: &Value, levels: usize) -> Result<Vec<f64>, String> {
    let moves = v.as_array().map_or(0, Vec::len);
    let limit = ATTEMPTS_PER_LEVEL * levels;
    if moves > limit {
        return Err(format!(
            "{moves} moves, more than the limit of {limit} ({ATTEMPTS_PER_LEVEL} attempts per level)"
        ));
    }
    list_of(v, "numbers (L_0 … L_h)", "move", |x| {
        x.as_f64()
            .ok_or_else(|| format!("expected a number (L_l), got {}", short(x)))
    })
}

/// A geodecay moves file: a list of booleans (true: balance before that round).
pub fn parse_decisions(v: &Value) -> Result<Vec<bool>, String> {
    list_of(v, "booleans", "decision", |b| {
        b.as_bool()
            .ok_or_else(|| format!("expected true or false, got {}", short(b)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_logged_move_reads_in_the_boards_words() {
        let said = |m, v: Value| move_words(m, &v);
        assert_eq!(said(ModelId::Geodecay, json!(true)), "Balance");
        assert_eq!(said(ModelId::Geodecay, json!(false)), "Go on");
        assert_eq!(
            said(ModelId::Divisible, json!(0.25)),
            "load 0.25 a processor"
        );
        let p = json!({"node": 2, "pe": 1, "step": 3});
        assert_eq!(said(ModelId::Ksbf, p), "node 2 on P1 at step 3");
        let p = json!({"node": [1, 0], "pe": 0, "step": 1});
        assert_eq!(said(ModelId::Ksbf, p), "node (1, 0) on P0 at step 1");
        assert_eq!(said(ModelId::TreeSweep, json!(5)), "node 5");
        let m = json!({"node": 5, "start": 2.5});
        assert_eq!(said(ModelId::TreeSweep, m), "node 5 from 2.5");
        let r = json!([[1, 2], [4, 3]]);
        assert_eq!(said(ModelId::Redistribute, r), "P1 → P2, P4 → P3");
        assert_eq!(said(ModelId::Redistribute, json!([])), "a round of no send");
        // A move of another shape (an edited file) is shown as it is.
        assert_eq!(said(ModelId::Geodecay, json!("yes")), "\"yes\"");
    }

    #[test]
    fn the_scan_counts_values_and_items_without_parsing() {
        let s = Shape::scan(br#"[[[1, 2], [4, 3]], [[2, 3]]]"#);
        // 1 outer + 2 rounds + 3 sends + 6 numbers.
        assert_eq!(s.values, 12);
        assert_eq!(s.items, 2);
        assert_eq!(s.depth3_lists, 3);
        let s = Shape::scan(br#"[{"node": 3, "pe": 1, "step": 2}, {"node": [1,"a,]"]}]"#);
        // Strings with brackets and commas inside count once.
        assert_eq!(s.items, 2);
        assert_eq!(s.values, 1 + (1 + 6) + (1 + 1 + 1 + 2));
        assert_eq!(Shape::scan(b"[]").items, 0);
        assert_eq!(Shape::scan(b"[true,false,true]").values, 4);
        // Unbalanced text never underflows.
        assert_eq!(Shape::scan(b"]]]]").values, 0);
    }

    /// 10^20 is no fraction: JSON's reader holds it as the float 1e+20, and it was refused as
    /// "expected an integer, got 1e+20".
    #[test]
    fn a_whole_number_beyond_i64_is_too_large_not_a_fraction() {
        let big: Value = serde_json::from_str("100000000000000000000").unwrap();
        let e = integer(&big, "from").unwrap_err();
        assert_eq!(
            e,
            "from: 1e+20 is too large (beyond 2^63 − 1, the largest number read here)"
        );
        let e = integer(&json!(18_446_744_073_709_551_615u64), "to").unwrap_err();
        assert!(e.contains("is too large"), "{e}");
        let e = integer(&json!(-1e30), "to").unwrap_err();
        assert_eq!(
            e,
            "to: -1e+30 is too small (below −2^63, the smallest number read here)"
        );
        let e = integer(&json!(2.5), "to").unwrap_err();
        assert_eq!(e, "to: expected an integer, got 2.5");
        let nodes: Value = serde_json::from_str("[1, 1e30]").unwrap();
        let e = parse_tree_moves(&nodes).unwrap_err();
        assert!(e.starts_with("move 2: node: 1e+30 is too large"), "{e}");
    }
}
