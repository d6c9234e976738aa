//! Where the ring's labels go: one by one, each where it overlaps nothing placed before
//! ([`Placed`]), link costs by the cheapest place along their link's outward line
//! ([`label_place`]), text in a disc at the size that fits it ([`fitting`]).

use egui::{Color32, FontId, Pos2, Rect, Vec2};

use super::{LABEL_GAP, MIN_FONT};

/// The labels placed so far around a ring and the discs they keep clear of.
pub(super) struct Placed {
    /// The processors' discs (centre, radius).
    pub discs: Vec<(Pos2, f32)>,
    /// The labels placed.
    pub rects: Vec<Rect>,
    /// Where labels may go.
    pub bounds: Rect,
}

impl Placed {
    /// Whether `r` lies in the bounds and clear of every disc and label.
    pub fn free(&self, r: Rect) -> bool {
        self.bounds.contains_rect(r)
            && self
                .discs
                .iter()
                .all(|&(c, radius)| r.distance_to_pos(c) >= radius + LABEL_GAP)
            && self
                .rects
                .iter()
                .all(|k| !r.expand(LABEL_GAP).intersects(*k))
    }

    /// The first free place among `candidates`, taken.
    pub fn take(&mut self, mut candidates: impl Iterator<Item = Rect>) -> Option<Rect> {
        let r = candidates.find(|r| self.free(*r))?;
        self.rects.push(r);
        Some(r)
    }
}

/// Whether `r`, grown by `gap`, stays clear of every segment of `segments` (the arrows'
/// shafts and heads): a label beside an arrow never has a stroke drawn across it.
pub(super) fn clear_of(r: Rect, segments: &[[Pos2; 2]], gap: f32) -> bool {
    let r = r.expand(gap);
    segments.iter().all(|&[a, b]| {
        // Sampled at most a point apart: an arrow is a few hundred points long at most.
        let steps = (a.distance(b).ceil() as usize).clamp(1, 2000);
        (0..=steps).all(|k| !r.contains(a + (b - a) * (k as f32 / steps as f32)))
    })
}

/// The segments drawn for an arrow `from` → `to` with a head of `head` points: its shaft and
/// its head's three sides.
pub(super) fn arrow_segments(from: Pos2, to: Pos2, head: f32) -> [[Pos2; 2]; 4] {
    let v = (to - from).normalized();
    let n = Vec2::new(-v.y, v.x);
    let (l, r) = (
        to - v * head + n * head * 0.5,
        to - v * head - n * head * 0.5,
    );
    [[from, to], [to, l], [to, r], [l, r]]
}

/// The font size (at most `base`) at which every line of `lines` fits `width` × `height`
/// together, or None when that is below [`MIN_FONT`].
pub(super) fn fitting(
    painter: &egui::Painter,
    lines: &[&str],
    base: f32,
    width: f32,
    height: f32,
) -> Option<f32> {
    let font = FontId::proportional(base);
    let (mut w, mut h) = (0.0f32, 0.0f32);
    for line in lines.iter().filter(|l| !l.is_empty()) {
        let size = painter
            .layout_no_wrap((*line).to_owned(), font.clone(), Color32::WHITE)
            .size();
        w = w.max(size.x);
        h += size.y;
    }
    if w <= 0.0 {
        return None;
    }
    let size = base * (width / w).min(height / h).min(1.0);
    (size >= MIN_FONT).then_some(size)
}

/// Where to centre a link's cost label of `size`: on the line through the chord's middle
/// `mid` along `outward` (away from the centre), off the link's line. The place never
/// touches the discs (centre, radius) if any place can; among those it weighs overlapping
/// the labels in `keep_clear`, running out of `bounds` and the distance from the link, so a
/// label stays by its link on a crowded ring rather than fleeing far out.
pub(super) fn label_place(
    mid: Pos2,
    outward: Vec2,
    size: Vec2,
    discs: &[(Pos2, f32)],
    keep_clear: &[Rect],
    bounds: Rect,
) -> Pos2 {
    // Off the line: the label's half extent along `outward`, and a gap.
    let off = 0.5 * (size.x * outward.x.abs() + size.y * outward.y.abs()) + LABEL_GAP + 1.0;
    let first = off.ceil() as i32;
    let cost = |d: i32| -> f32 {
        let r = Rect::from_center_size(mid + outward * d as f32, size);
        let discs: f32 = discs
            .iter()
            .map(|&(c, radius)| (radius + LABEL_GAP - r.distance_to_pos(c)).max(0.0))
            .sum();
        let area = |i: Rect| if i.is_positive() { i.area() } else { 0.0 };
        let labels: f32 = keep_clear
            .iter()
            .map(|k| area(r.expand(LABEL_GAP).intersect(*k)))
            .sum();
        let outside = r.area() - area(r.intersect(bounds));
        let far = (d - first).unsigned_abs() as f32;
        // A free place further out beats one overlapping a label by a little.
        10_000.0 * discs + 100.0 * labels + 4.0 * outside + 2.0 * far
    };
    let best = (first..=first + 90)
        .chain((-40..first).rev())
        .min_by(|&a, &b| cost(a).total_cmp(&cost(b)))
        .unwrap_or(first);
    mid + outward * best as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_on_an_arrow_is_not_clear_of_it() {
        let at = |x: f32, y: f32| Rect::from_center_size(Pos2::new(x, y), Vec2::new(30.0, 10.0));
        let arrow = arrow_segments(Pos2::new(0.0, 50.0), Pos2::new(100.0, 50.0), 10.0);
        // Across the shaft, over the head (past the shaft's end), just beside it, far off.
        assert!(!clear_of(at(50.0, 50.0), &arrow, 2.0));
        assert!(!clear_of(at(103.0, 53.0), &arrow, 2.0));
        assert!(!clear_of(at(50.0, 57.0), &arrow, 2.0));
        assert!(clear_of(at(50.0, 60.0), &arrow, 2.0));
        assert!(clear_of(at(50.0, 20.0), &arrow, 2.0));
    }

    #[test]
    fn a_place_is_taken_once_and_discs_stay_clear() {
        let bounds = Rect::from_min_size(Pos2::ZERO, Vec2::splat(100.0));
        let mut placed = Placed {
            discs: vec![(Pos2::new(50.0, 50.0), 10.0)],
            rects: Vec::new(),
            bounds,
        };
        let at = |x: f32, y: f32| Rect::from_center_size(Pos2::new(x, y), Vec2::new(20.0, 10.0));
        // On the disc, then outside the bounds, then free: the free one is taken.
        let got = placed.take([at(50.0, 50.0), at(-5.0, 5.0), at(20.0, 20.0)].into_iter());
        assert_eq!(got, Some(at(20.0, 20.0)));
        // The same place again is taken already; a place beside it is free.
        assert!(!placed.free(at(22.0, 22.0)));
        assert!(placed.free(at(20.0, 40.0)));
        assert_eq!(placed.take(std::iter::once(at(20.0, 20.0))), None);
    }
}
