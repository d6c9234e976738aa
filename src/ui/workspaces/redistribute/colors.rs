//! The redistribution picture's colours: a processor's δ by its sign and size, a send by the
//! group of pseudo-code steps behind it, and what each group means (the arrows' legend).

use super::*;

/// A slice's colour on the ring: its sign's colour, see-through.
pub(super) fn translucent(c: Color32) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), 170)
}

/// A processor's colour for its δ = `d` (of at most `max` in size): orange above 0, blue
/// below, the deeper the larger; grey at 0.
pub(in crate::ui::workspaces::redistribute) fn sign_color(d: i64, max: i64, dark: bool) -> Color32 {
    if d == 0 {
        return if dark {
            Color32::from_gray(90)
        } else {
            Color32::from_gray(225)
        };
    }
    let t = (d.unsigned_abs() as f32 / max.max(1) as f32).clamp(0.15, 1.0);
    let (base, full) = if d > 0 {
        (Color32::from_rgb(255, 236, 210), palette::POSITIVE)
    } else {
        (Color32::from_rgb(214, 230, 250), palette::NEGATIVE)
    };
    let lerp = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t) as u8;
    Color32::from_rgb(
        lerp(base.r(), full.r()),
        lerp(base.g(), full.g()),
        lerp(base.b(), full.b()),
    )
}

/// Colour of a send by the group of pseudo-code steps that caused it.
pub(in crate::ui::workspaces::redistribute) fn step_color(step: u8) -> Color32 {
    match step {
        5 | 6 | 12 | 14 => Color32::from_rgb(210, 60, 40),
        8 | 9 | 16 | 18 => Color32::from_rgb(30, 120, 200),
        21 | 24 => Color32::from_rgb(130, 60, 180),
        28 | 30 => palette::FORWARD,
        STEP_FEED => Color32::from_rgb(190, 150, 0),
        _ => palette::MUTED,
    }
}

/// The arrows' legend of `algorithm`'s rounds: a colour ([`step_color`]) per group of the
/// pseudo-code steps that send, and what the group does. Algorithm 3's (the printed one has no
/// feeding); none for Algorithm 1, whose arrows all come from its Step 6 and say so.
pub(in crate::ui::workspaces::redistribute) fn legend_of(
    algorithm: Algorithm,
) -> &'static [(u8, &'static str)] {
    const PRINTED: [(u8, &str); 4] = [
        (5, "out of a positive maximal slice"),
        (8, "into a negative maximal slice"),
        (21, "maximal processor"),
        (28, "forwarding"),
    ];
    const CORRECTED: [(u8, &str); 5] = [
        PRINTED[0],
        PRINTED[1],
        PRINTED[2],
        PRINTED[3],
        (STEP_FEED, "feeding (corrected)"),
    ];
    match algorithm {
        Algorithm::Alg3 => &CORRECTED,
        Algorithm::Alg3Literal => &PRINTED,
        _ => &[],
    }
}

/// What a send of `algorithm`'s pseudo-code step `step` does, for the sends list ("" for a
/// step that sends nothing, or an algorithm without numbered steps).
pub(in crate::ui::workspaces::redistribute) fn step_meaning(
    algorithm: Algorithm,
    step: u8,
) -> &'static str {
    match algorithm {
        Algorithm::Alg1 if step == 6 => "δ_{start,start+l} ≥ s: it passes one item on",
        Algorithm::Alg3 | Algorithm::Alg3Literal => alg3_meaning(step),
        _ => "",
    }
}

/// What a send of Algorithm 3's pseudo-code step `step` does.
fn alg3_meaning(step: u8) -> &'static str {
    match step {
        5 | 6 => "extremity of a positive maximal slice",
        8 | 9 => "into a negative maximal slice",
        12 => "δ_max = 2: slice with δ ≥ 3 sends right",
        14 => "δ_max = 2: slice with δ = 4 sends left",
        16 => "δ_max = 2: slice with δ ≤ −3 receives from the left",
        18 => "δ_max = 2: slice with δ = −4 receives from the right",
        21 => "maximal processor δ_i = δ_max sends right",
        24 => "maximal processor δ_i = −δ_max receives from the left",
        28 | 30 => "δ_max = 1: a balanced processor forwards",
        STEP_FEED => {
            "feeding (corrected variant): a sender with δ ≤ 0 is fed by its other neighbour"
        }
        _ => "",
    }
}
