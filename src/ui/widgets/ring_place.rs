//! Where the ring and its labels go: the circle and its discs in the room ([`Geometry`]);
//! the labels one by one, each where it overlaps nothing placed before
//! ([`Placed`]), link costs by the cheapest place along their link's outward line
//! ([`label_place`]), text in a disc at the size that fits it ([`fitting`]).

use egui::{Align2, Color32, FontId, Pos2, Rect, Vec2};

use super::{LABEL_GAP, MIN_FONT, outward};

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

/// Diameter (points) of a link's direction handle.
pub const HANDLE_SIZE: f32 = 16.0;

/// The centre of the direction handle of the link a → b between discs of radius `r`: left of
/// the link as seen from a, a third of the way from b (the two directions of one link sit on
/// either side of it).
pub fn handle_at(a: Pos2, b: Pos2, r: f32) -> Pos2 {
    let u = (b - a).normalized();
    let len = (b - a).length();
    let side = Vec2::new(-u.y, u.x);
    a + u * (len * 0.62).max(r + 8.0).min(len - r - 6.0) + side * 9.0
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

/// Where the ring is drawn. Frozen while a processor is dragged, so that nothing moves under
/// the pointer even when the edit changes what is drawn around the ring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Geometry {
    /// The area the ring was laid out in.
    pub rect: Rect,
    /// Centre of the circle.
    pub center: Pos2,
    /// Radius of the circle through the processors' centres.
    pub radius: f32,
    /// Radius of a processor's disc.
    pub node_r: f32,
}

impl Geometry {
    /// The largest ring in `rect` that leaves room around its discs for outer labels of
    /// `label` size (beside the discs on the left and right, above and below at the top and
    /// bottom: just that, the room is the picture's); discs as large as their spacing allows
    /// (within 9 to 26 points).
    pub fn of(rect: Rect, n: usize, label: Vec2) -> Self {
        let room = |node_r: f32| {
            let x = rect.width() * 0.5 - node_r - label.x - 4.0;
            let y = rect.height() * 0.5 - node_r - label.y - 4.0;
            x.min(y).max(40.0)
        };
        let node_r_at = |radius: f32| {
            let chord = 2.0 * radius * (std::f32::consts::PI / n.max(2) as f32).sin();
            (chord * DISC_SHARE).clamp(9.0, 26.0)
        };
        // Discs and radius depend on each other: a few rounds settle them.
        let mut node_r = 26.0;
        let mut radius = room(node_r);
        for _ in 0..4 {
            node_r = node_r_at(radius);
            radius = room(node_r);
        }
        Geometry {
            rect,
            center: rect.center(),
            radius,
            node_r: node_r.min(node_r_at(radius)),
        }
    }
}

/// A disc's radius as a share of the chord between neighbouring processors: the gap between
/// two discs (a third of the chord) keeps the arrow between them in sight.
const DISC_SHARE: f32 = 0.34;

/// Width (points) of the band the highlighted arcs take outside the discs when `lanes` of
/// them are drawn (see `Scene::arcs`); 0 for none.
pub(super) fn arc_band(lanes: usize) -> f32 {
    if lanes == 0 {
        0.0
    } else {
        8.0 + 5.0 * (lanes.min(4) - 1) as f32 + 4.0
    }
}

/// Whether `arc` runs past processor `i` of a ring of `n`.
#[cfg(test)]
pub(super) fn covers(arc: &super::RingArc, i: usize, n: usize) -> bool {
    let len = (arc.end + n - arc.start) % n;
    (i + n - arc.start) % n <= len
}

pub(super) fn angle(i: usize, n: usize) -> f32 {
    -std::f32::consts::FRAC_PI_2 + std::f32::consts::TAU * i as f32 / n as f32
}

pub(super) fn dir(a: f32) -> Vec2 {
    Vec2::new(a.cos(), a.sin())
}

/// Distance from `p` to the segment `a`–`b`.
pub(super) fn to_segment(p: Pos2, a: Pos2, b: Pos2) -> f32 {
    let ab = b - a;
    let t = if ab.length_sq() > 0.0 {
        ((p - a).dot(ab) / ab.length_sq()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

/// Where an editor of a link goes: beyond the link (whose label is `label`, or its middle
/// point when unlabelled), just outside the ring, with the pivot facing the ring.
pub(super) fn editor_anchor(g: &Geometry, mid: Pos2, label: Option<Rect>) -> (Pos2, Align2) {
    let out = (mid - g.center).normalized();
    let beyond_ring = g.center + out * (g.radius + g.node_r + 14.0);
    let beyond_label = label.map_or(beyond_ring, |r| {
        r.center() + out * (0.5 * r.size().length() + 10.0)
    });
    let at = if (beyond_label - g.center).length() > (beyond_ring - g.center).length() {
        beyond_label
    } else {
        beyond_ring
    };
    (at, outward(out))
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
