//! The code's shape, read from its source (issue 38's structure rules; DESIGN.md's layers):
//! the model imports nothing above it, `ModelId` is defined in the model, and no files inside
//! `src/ui` import each other in a circle. A file's imports are the `crate::`, `super::` and
//! `self::` paths of its code (not its comments or strings), `use` groups expanded, each
//! resolved to the longest prefix that names a file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file below `dir`, by path.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut todo = vec![dir.to_path_buf()];
    let mut out = Vec::new();
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The module path of the file `file` (`src/ui/frame/mod.rs` → `["ui", "frame"]`).
fn module_of(file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src()).unwrap().with_extension("");
    let mut m: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into()).collect();
    if matches!(m.last().map(String::as_str), Some("mod" | "lib")) {
        m.pop();
    }
    m
}

/// `code` with its comments blanked and its string and character literals emptied (so a
/// path in a doc comment or a message is no import).
fn code_only(code: &str) -> String {
    let c: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len());
    let mut i = 0;
    while i < c.len() {
        let rest = |k: usize| c.get(i + k).copied();
        if c[i] == '/' && rest(1) == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && rest(1) == Some('*') {
            i += 2;
            while i + 1 < c.len() && !(c[i] == '*' && c[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c[i] == 'r'
            && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_') || c[i - 1] == 'b')
            && (rest(1) == Some('"') || rest(1) == Some('#'))
        {
            let mut hashes = 0;
            let mut j = i + 1;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            j += 1;
            let closes = |j: usize| c[j] == '"' && (1..=hashes).all(|h| c.get(j + h) == Some(&'#'));
            while j < c.len() && !closes(j) {
                j += 1;
            }
            i = j + 1 + hashes;
            out.push_str("\"\"");
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c[i] == '\'' && rest(1) == Some('\\') {
            i += 3;
            while i < c.len() && c[i] != '\'' {
                i += 1;
            }
            i += 1;
        } else if c[i] == '\'' && rest(2) == Some('\'') {
            i += 3;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// Expands a `use` tree (`a::{b, c::{d, E}}`) into its paths.
fn expand(tree: &str, prefix: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let leaf = tree.split(" as ").next().unwrap().trim();
        let leaf = leaf.trim_end_matches("::*").trim_end_matches("::self");
        if !leaf.is_empty() && leaf != "self" && leaf != "*" {
            out.push(format!("{prefix}{leaf}"));
        } else if !prefix.is_empty() {
            out.push(prefix.trim_end_matches("::").to_string());
        }
        return;
    };
    let head = format!("{prefix}{}", &tree[..open]);
    let inner = &tree[open + 1..tree.rfind('}').unwrap()];
    let (mut depth, mut start) = (0, 0);
    for (k, ch) in inner.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&inner[start..k], &head, out);
                start = k + 1;
            }
            _ => {}
        }
    }
    expand(&inner[start..], &head, out);
}

/// Whether `chars` at `i` starts a word `word` (not the tail of a longer name).
fn word_starts(chars: &[char], i: usize, word: &str) -> bool {
    let boundary = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    boundary
        && word
            .chars()
            .enumerate()
            .all(|(k, w)| chars.get(i + k) == Some(&w))
}

/// The paths a file's code names, each with the module it is named from (an inline `mod
/// tests { … }` is a module of its own for `super::`).
fn paths(code: &str, file_module: &[String]) -> Vec<(Vec<String>, String)> {
    let chars: Vec<char> = code_only(code).chars().collect();
    let mut out = Vec::new();
    // Inline modules: (name, brace depth inside it).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let here = |inline: &[(String, usize)]| -> Vec<String> {
        let names = inline.iter().map(|(n, _)| n.clone());
        file_module.iter().cloned().chain(names).collect()
    };
    let until = |i: usize, stop: &[char]| -> String {
        chars[i..]
            .iter()
            .take_while(|c| !stop.contains(c))
            .collect()
    };
    let mut depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '{' {
            depth += 1;
        } else if chars[i] == '}' {
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
            depth = depth.saturating_sub(1);
        } else if word_starts(&chars, i, "mod ") {
            let name = until(i + 4, &[';', '{']);
            if chars.get(i + 4 + name.chars().count()) == Some(&'{') {
                inline.push((name.trim().to_string(), depth + 1));
            }
        } else if word_starts(&chars, i, "use ") {
            let tree = until(i + 4, &[';']);
            let mut expanded = Vec::new();
            let tree = tree.split_whitespace().collect::<Vec<_>>().join(" ");
            expand(&tree, "", &mut expanded);
            out.extend(expanded.into_iter().map(|p| (here(&inline), p)));
            i += 4 + tree.chars().count();
            continue;
        } else if ["crate::", "super::", "self::"]
            .iter()
            .any(|k| word_starts(&chars, i, k))
        {
            let w: String = chars[i..]
                .iter()
                .take_while(|c| c.is_alphanumeric() || **c == '_' || **c == ':')
                .collect();
            let n = w.chars().count();
            let w = w.trim_end_matches(':');
            // A call or a macro: its last segment is no module.
            let w = match chars.get(i + n) {
                Some('(' | '!') => w.rsplit_once("::").map_or(w, |(a, _)| a),
                _ => w,
            };
            out.push((here(&inline), w.to_string()));
            i += n;
            continue;
        }
        i += 1;
    }
    out
}

/// The file `path` (named from module `from`) resolves to: the longest prefix of its lower-case
/// segments that is a file of the crate; `None` for a path outside the crate.
fn resolve(
    from: &[String],
    path: &str,
    modules: &BTreeMap<Vec<String>, PathBuf>,
) -> Option<PathBuf> {
    let mut segs = path.split("::");
    let mut m: Vec<String> = match segs.next()? {
        "crate" => Vec::new(),
        "self" => from.to_vec(),
        "super" => from[..from.len().saturating_sub(1)].to_vec(),
        _ => return None,
    };
    let mut best = modules.get(&m).cloned();
    for s in segs {
        if s == "super" {
            m.pop();
            best = modules.get(&m).cloned();
            continue;
        }
        if s.starts_with(|c: char| c.is_uppercase()) || s == "*" {
            break;
        }
        m.push(s.to_string());
        match modules.get(&m) {
            Some(f) => best = Some(f.clone()),
            None => break,
        }
    }
    best
}

/// Every file below `src/` with the files its code names (itself left out).
fn imports() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let all = files(&src());
    let modules: BTreeMap<Vec<String>, PathBuf> =
        all.iter().map(|f| (module_of(f), f.clone())).collect();
    let mut graph = BTreeMap::new();
    for f in &all {
        let code = std::fs::read_to_string(f).unwrap();
        let to: BTreeSet<PathBuf> = paths(&code, &module_of(f))
            .into_iter()
            .filter_map(|(from, p)| resolve(&from, &p, &modules))
            .filter(|t| t != f)
            .collect();
        graph.insert(f.clone(), to);
    }
    graph
}

fn short(p: &Path) -> String {
    p.strip_prefix(src()).unwrap().display().to_string()
}

#[test]
fn the_reader_finds_imports_through_groups_calls_and_inline_modules() {
    let from = vec!["ui".to_string(), "frame".to_string()];
    let code = r#"
        //! Names [`crate::cli`] in a doc comment.
        use crate::ui::{widgets::{ring, step_bar::StepState}, frame::Reveal};
        use super::look as l;
        fn f() { let s = "crate::report"; crate::model::registry::row(1); }
        mod tests { use super::*; }
    "#;
    let got: Vec<(Vec<String>, String)> = paths(code, &from);
    let named: Vec<&str> = got.iter().map(|(_, p)| p.as_str()).collect();
    assert_eq!(
        named,
        [
            "crate::ui::widgets::ring",
            "crate::ui::widgets::step_bar::StepState",
            "crate::ui::frame::Reveal",
            "super::look",
            "crate::model::registry",
            "super",
        ]
    );
    // `super` inside `mod tests` is the file's own module.
    assert_eq!(got.last().unwrap().0, ["ui", "frame", "tests"]);
}

#[test]
fn the_model_imports_nothing_above_it() {
    let graph = imports();
    let model = src().join("model");
    let mut up = Vec::new();
    for (f, to) in &graph {
        if f.starts_with(&model) {
            for t in to.iter().filter(|t| !t.starts_with(&model)) {
                up.push(format!("{} -> {}", short(f), short(t)));
            }
        }
    }
    assert!(up.is_empty(), "the model imports from above it: {up:#?}");
    // A file of every layer above it is read (the reader is no empty check).
    let report = src().join("report");
    assert!(
        graph
            .iter()
            .any(|(f, to)| f.starts_with(&report) && to.iter().any(|t| t.starts_with(&model)))
    );
}

#[test]
fn model_id_is_defined_in_the_model() {
    let defined: Vec<String> = files(&src())
        .into_iter()
        .filter(|f| code_only(&std::fs::read_to_string(f).unwrap()).contains("pub enum ModelId"))
        .map(|f| short(&f))
        .collect();
    assert_eq!(defined.len(), 1, "ModelId defined in {defined:?}");
    assert!(
        defined[0].starts_with("model/"),
        "ModelId defined in {}",
        defined[0]
    );
}

#[test]
fn no_files_inside_the_ui_import_each_other_in_a_circle() {
    let ui = src().join("ui");
    let graph: BTreeMap<PathBuf, Vec<PathBuf>> = imports()
        .into_iter()
        .filter(|(f, _)| f.starts_with(&ui))
        .map(|(f, to)| {
            // A folder's `mod.rs` is its face: what it names inside its own folder is the
            // folder's own (the workspaces' registry lists the workspaces, which read the
            // registry's helpers), so only arrows into the folder from outside count.
            let own =
                (f.file_name().unwrap() == "mod.rs").then(|| f.parent().unwrap().to_path_buf());
            let to = to.into_iter().filter(|t| t.starts_with(&ui));
            (
                f.clone(),
                to.filter(|t| own.as_ref().is_none_or(|d| !t.starts_with(d)))
                    .collect(),
            )
        })
        .collect();
    assert!(
        graph.values().map(Vec::len).sum::<usize>() > 100,
        "too few imports read"
    );
    // Depth-first search for a back edge, without recursion: (file, next child) frames.
    let mut state: BTreeMap<&PathBuf, u8> = BTreeMap::new(); // 1 on the path, 2 done
    for root in graph.keys() {
        if state.contains_key(root) {
            continue;
        }
        let mut path: Vec<(&PathBuf, usize)> = vec![(root, 0)];
        state.insert(root, 1);
        while let Some((f, k)) = path.last_mut() {
            let children = &graph[*f];
            if let Some(t) = children.get(*k) {
                *k += 1;
                match state.get(t) {
                    Some(1) => {
                        let at = path.iter().position(|(p, _)| *p == t).unwrap();
                        let circle: Vec<String> =
                            path[at..].iter().map(|(p, _)| short(p)).collect();
                        panic!(
                            "files inside src/ui import each other in a circle: {} -> {}",
                            circle.join(" -> "),
                            short(t)
                        );
                    }
                    Some(_) => {}
                    None => {
                        state.insert(t, 1);
                        path.push((t, 0));
                    }
                }
            } else {
                state.insert(f, 2);
                path.pop();
            }
        }
    }
}
