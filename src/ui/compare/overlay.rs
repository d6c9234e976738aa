//! Compare's overlay plot: A's and B's series of one report section on shared axes.

use super::*;

/// Which run a line of the overlay belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run {
    /// The pinned scenario.
    A,
    /// The current scenario.
    B,
}

/// One line of the overlay plot.
#[derive(Debug, Clone, PartialEq)]
pub struct OverlayLine {
    /// Legend name: "A: <series>" or "B: <series>".
    pub name: String,
    /// Whose.
    pub run: Run,
    /// Colour index: the same series has the same colour in A and B.
    pub index: usize,
    /// The points.
    pub points: Vec<[f64; 2]>,
}

/// The lines of one plot section overlaid: A's series first (drawn under B's), then B's; a
/// series has the same colour index in both (B's order, then the series only A has).
pub fn overlay(a: Option<&SeriesSet>, b: Option<&SeriesSet>) -> Vec<OverlayLine> {
    let mut order: Vec<&str> = Vec::new();
    for set in [b, a].into_iter().flatten() {
        for s in &set.series {
            if !order.contains(&s.name.as_str()) {
                order.push(&s.name);
            }
        }
    }
    let mut out = Vec::new();
    for (run, set) in [(Run::A, a), (Run::B, b)] {
        for s in set.iter().flat_map(|s| &s.series) {
            let tag = if run == Run::A { "A" } else { "B" };
            out.push(OverlayLine {
                name: format!("{tag}: {}", s.name),
                run,
                index: order.iter().position(|n| *n == s.name).unwrap_or(0),
                points: s.points.clone(),
            });
        }
    }
    out
}

pub(super) fn faded(c: Color32) -> Color32 {
    c.gamma_multiply(0.65)
}

/// A plot section's name without the instance in brackets at its end.
pub fn section_key(name: &str) -> &str {
    match name.find(" (") {
        Some(i) if name.ends_with(')') => &name[..i],
        _ => name,
    }
}

/// The series of the plot section known as `key` (see [`section_key`]), if the run has it.
pub(super) fn section_of<'a>(plots: &'a [(String, SeriesSet)], key: &str) -> Option<&'a SeriesSet> {
    plots
        .iter()
        .find(|(k, _)| section_key(k) == key)
        .map(|(_, s)| s)
}

/// The hover read-out: the series and the point's real (un-logged) coordinates.
pub(super) fn hover_text(
    pos: &HoverPosition<'_>,
    x_name: &str,
    y_name: &str,
    log_x: bool,
    log_y: bool,
) -> Option<String> {
    let (name, p) = hovered(pos);
    Some(format!(
        "{name}\n{x_name} = {}\n{y_name} = {}",
        number(from_axis(p.x, log_x), Precision::Readout),
        number(from_axis(p.y, log_y), Precision::Readout)
    ))
}

pub(super) fn axis_label(name: &str, log: bool) -> String {
    if log {
        format!("{name} (log)")
    } else {
        name.to_string()
    }
}
