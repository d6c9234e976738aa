//! The names a lesson step may use to pick a workspace's picture tab and plot, and the regions
//! it may highlight. The lists live in each model's lesson module
//! ([`super::models::MODELS`]), without egui, so `loadlab lesson NAME --check` can
//! validate a lesson; each is the captions of the workspace's own choice (a unit test in
//! `ui::workspaces` keeps them equal), and the workspace applies a name through
//! `Tab::show_view`.

use serde::{Deserialize, Serialize};

use crate::model::registry::ModelId;

/// The picture tabs of a model's workspace (empty: the picture has no tabs).
pub fn pictures(model: ModelId) -> &'static [&'static str] {
    super::models::row(model).views.pictures
}

/// The plots of a model's workspace (empty: nothing to choose).
pub fn plots(model: ModelId) -> &'static [&'static str] {
    super::models::row(model).views.plots
}

/// The captions of the controls a step may highlight in a model's workspace.
pub fn controls(model: ModelId) -> &'static [&'static str] {
    super::models::row(model).views.controls
}

/// Spelling-tolerant form of a name: lower case, `beta` read as β, `tau` as τ.
fn normal(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .replace("beta", "β")
        .replace("tau", "τ")
}

/// The name in `names` that `wanted` spells (ignoring case; `beta`/`tau` for β/τ).
pub fn find(names: &'static [&'static str], wanted: &str) -> Option<&'static str> {
    let w = normal(wanted);
    names.iter().copied().find(|n| normal(n) == w)
}

/// Why `wanted` is not one of `names` (`what` is "picture" or "plot").
pub fn unknown(model: ModelId, what: &str, names: &[&str], wanted: &str) -> String {
    if names.is_empty() {
        format!(
            "the {} workspace has no {what} to choose (asked for {wanted:?})",
            model.name()
        )
    } else {
        format!(
            "the {} workspace has no {what} {wanted:?} (one of: {})",
            model.name(),
            names
                .iter()
                .map(|n| format!("{n:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// A region of the workspace: what the shell lays out and records on screen, what a figure
/// export draws (picture, plots, map) and what a lesson step may highlight. One enum for all
/// of them, so its names (`region:<name>` keys, messages, file names) are written once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Region {
    /// The schedule itself.
    Picture,
    /// The comparison plots.
    Plots,
    /// The numbers strip.
    Numbers,
    /// The controls column.
    Controls,
    /// The 2-D parameter map (shown instead of the workspace).
    Map,
}

impl Region {
    /// Every region.
    pub const ALL: [Region; 5] = [
        Region::Picture,
        Region::Plots,
        Region::Numbers,
        Region::Controls,
        Region::Map,
    ];

    /// Its short name, for messages and file names (and `lesson --json`).
    pub fn name(self) -> &'static str {
        match self {
            Region::Picture => "picture",
            Region::Plots => "plots",
            Region::Numbers => "numbers",
            Region::Controls => "controls",
            Region::Map => "map",
        }
    }

    /// The key its rectangle is recorded under while it is drawn (`region:<name>`).
    pub fn key(self) -> &'static str {
        match self {
            Region::Picture => "region:picture",
            Region::Plots => "region:plots",
            Region::Numbers => "region:numbers",
            Region::Controls => "region:controls",
            Region::Map => "region:map",
        }
    }
}

/// What a step outlines: a region, or a control by its caption.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Highlight {
    /// A region (`Region(Plots)`).
    Region(Region),
    /// The control captioned so in the controls column (`Control("β")`).
    Control(String),
}

impl Highlight {
    /// As `lesson --json` reports it: `{"region": "plots"}` or `{"control": "β"}`.
    pub fn json(&self) -> serde_json::Value {
        match self {
            Highlight::Region(a) => serde_json::json!({ "region": a.name() }),
            Highlight::Control(c) => serde_json::json!({ "control": c.trim() }),
        }
    }

    /// The key its rectangle is recorded under while the workspace is drawn.
    pub fn key(&self) -> String {
        match self {
            Highlight::Region(a) => a.key().to_string(),
            Highlight::Control(c) => format!("control:{}", c.trim()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_ignoring_case_and_greek_spelling() {
        let p = plots(ModelId::Divisible);
        assert_eq!(find(p, "Speedup vs beta"), Some("speedup vs β"));
        assert_eq!(find(pictures(ModelId::Ksbf), "gantt"), Some("Gantt"));
        assert_eq!(find(p, "speedup"), None);
        let e = unknown(
            ModelId::Geodecay,
            "picture",
            pictures(ModelId::Geodecay),
            "x",
        );
        assert!(e.contains("no picture"), "{e}");
    }
}
