//! Compare's overlay plot: A's and B's series of one report section on shared axes.

use super::*;

/// Grid marks for an axis `length` points long: a step of 1, 2 or 5 × 10^k giving about one
/// mark per [`Y_MARK_SPACING`] points (at least two), and four unlabelled minor marks between.
pub(super) fn spaced_marks(
    length: f32,
) -> impl Fn(egui_plot::GridInput) -> Vec<egui_plot::GridMark> {
    move |input| {
        let (lo, hi) = input.bounds;
        let count = f64::from((length / Y_MARK_SPACING).floor().clamp(2.0, 10.0));
        let step = nice_step((hi - lo) / count);
        if !(step.is_finite() && step > 0.0) {
            return Vec::new();
        }
        let minor = step / 5.0;
        let first = (lo / minor).ceil() as i64;
        let last = (hi / minor).floor() as i64;
        (first..=last)
            .take(500)
            .map(|k| egui_plot::GridMark {
                value: k as f64 * minor,
                step_size: if k % 5 == 0 { step } else { minor },
            })
            .collect()
    }
}

/// The least 1, 2 or 5 × 10^k at least `x` (> 0).
pub(super) fn nice_step(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return f64::NAN;
    }
    let p = 10f64.powf(x.log10().floor());
    let m = x / p;
    p * if m <= 1.0 {
        1.0
    } else if m <= 2.0 {
        2.0
    } else if m <= 5.0 {
        5.0
    } else {
        10.0
    }
}

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
        sig(from_axis(p.x, log_x), 6),
        sig(from_axis(p.y, log_y), 6)
    ))
}

pub(super) fn axis_label(name: &str, log: bool) -> String {
    if log {
        format!("{name} (log)")
    } else {
        name.to_string()
    }
}
