//! Tests: the palette as readers with a colour-vision deficiency see it. Machado, Oliveira and
//! Fernandes (2009) simulate protanopia, deuteranopia and tritanopia at full severity by a
//! matrix on linear RGB; CIEDE2000 measures how far apart two colours look. Where two things
//! are told apart by colour alone (series drawn in the same line style, Gantt lanes, the
//! ring's signs), they must stay a perceptible ΔE2000 ≥ 10 apart for every reader.

use egui::Color32;

use super::gantt::{BarKind, bar_color};
use super::palette;

/// Machado et al. 2009, Table 1 at severity 1.0 (rows act on linear R, G, B).
const PROTANOPIA: [[f64; 3]; 3] = [
    [0.152_286, 1.052_583, -0.204_868],
    [0.114_503, 0.786_281, 0.099_216],
    [-0.003_882, -0.048_116, 1.051_998],
];
const DEUTERANOPIA: [[f64; 3]; 3] = [
    [0.367_322, 0.860_646, -0.227_968],
    [0.280_085, 0.672_501, 0.047_413],
    [-0.011_820, 0.042_940, 0.968_881],
];
const TRITANOPIA: [[f64; 3]; 3] = [
    [1.255_528, -0.076_749, -0.178_779],
    [-0.078_411, 0.930_809, 0.147_602],
    [0.004_733, 0.691_367, 0.303_900],
];

/// Normal vision and the three simulations, by name.
const VISIONS: [(&str, Option<[[f64; 3]; 3]>); 4] = [
    ("normal", None),
    ("protanopia", Some(PROTANOPIA)),
    ("deuteranopia", Some(DEUTERANOPIA)),
    ("tritanopia", Some(TRITANOPIA)),
];

fn linear(v: u8) -> f64 {
    let v = f64::from(v) / 255.0;
    if v <= 0.040_45 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

/// CIELAB (D65) of `c` as a reader with `vision` sees it.
fn lab(c: Color32, vision: Option<[[f64; 3]; 3]>) -> [f64; 3] {
    let rgb = [linear(c.r()), linear(c.g()), linear(c.b())];
    let rgb = match vision {
        None => rgb,
        Some(m) => m.map(|row| (0..3).map(|j| row[j] * rgb[j]).sum::<f64>().clamp(0.0, 1.0)),
    };
    let [r, g, b] = rgb;
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b;
    let z = (0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b) / 1.088_83;
    let f = |t: f64| {
        if t > 216.0 / 24_389.0 {
            t.cbrt()
        } else {
            (24_389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIEDE2000 colour difference (Sharma, Wu and Dalal 2005).
fn delta_e2000([l1, a1, b1]: [f64; 3], [l2, a2, b2]: [f64; 3]) -> f64 {
    let c_bar = (a1.hypot(b1) + a2.hypot(b2)) / 2.0;
    let g = 0.5 * (1.0 - (c_bar.powi(7) / (c_bar.powi(7) + 25f64.powi(7))).sqrt());
    let (a1, a2) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1, c2) = (a1.hypot(b1), a2.hypot(b2));
    let hue = |a: f64, b: f64| b.atan2(a).to_degrees().rem_euclid(360.0);
    let (h1, h2) = (hue(a1, b1), hue(a2, b2));
    let chromatic = c1 * c2 != 0.0;
    let mut dh = h2 - h1;
    if dh > 180.0 {
        dh -= 360.0;
    } else if dh < -180.0 {
        dh += 360.0;
    }
    let dh = if chromatic { dh } else { 0.0 };
    let big_dh = 2.0 * (c1 * c2).sqrt() * (dh / 2.0).to_radians().sin();
    let (l_bar, c_bar) = ((l1 + l2) / 2.0, (c1 + c2) / 2.0);
    let h_bar = if !chromatic {
        h1 + h2
    } else if (h1 - h2).abs() <= 180.0 {
        (h1 + h2) / 2.0
    } else if h1 + h2 < 360.0 {
        (h1 + h2 + 360.0) / 2.0
    } else {
        (h1 + h2 - 360.0) / 2.0
    };
    let cos = |deg: f64| deg.to_radians().cos();
    let t =
        1.0 - 0.17 * cos(h_bar - 30.0) + 0.24 * cos(2.0 * h_bar) + 0.32 * cos(3.0 * h_bar + 6.0)
            - 0.20 * cos(4.0 * h_bar - 63.0);
    let theta = 30.0 * (-((h_bar - 275.0) / 25.0).powi(2)).exp();
    let rc = 2.0 * (c_bar.powi(7) / (c_bar.powi(7) + 25f64.powi(7))).sqrt();
    let sl = 1.0 + 0.015 * (l_bar - 50.0).powi(2) / (20.0 + (l_bar - 50.0).powi(2)).sqrt();
    let sc = 1.0 + 0.045 * c_bar;
    let sh = 1.0 + 0.015 * c_bar * t;
    let rt = -(2.0 * theta).to_radians().sin() * rc;
    let (dl, dc, dhh) = ((l2 - l1) / sl, (c2 - c1) / sc, big_dh / sh);
    (dl * dl + dc * dc + dhh * dhh + rt * dc * dhh).sqrt()
}

/// Fails unless every two of `colours` stay ΔE2000 ≥ 10 apart in every vision.
fn all_apart(what: &str, colours: &[(&str, Color32)]) {
    for (vision, m) in VISIONS {
        for (i, (a, ca)) in colours.iter().enumerate() {
            for (b, cb) in &colours[i + 1..] {
                let d = delta_e2000(lab(*ca, m), lab(*cb, m));
                assert!(
                    d >= 10.0,
                    "{what}, {vision}: {a} and {b} are ΔE2000 {d:.1} apart"
                );
            }
        }
    }
}

#[test]
fn delta_e2000_matches_sharmas_published_pairs() {
    // Sharma, Wu and Dalal (2005), Table 1: pairs 1, 7 and 17.
    let d = |a, b| delta_e2000(a, b);
    assert!((d([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485]) - 2.0425).abs() < 1e-4);
    assert!((d([50.0, 0.0, 0.0], [50.0, -1.0, 2.0]) - 2.3669).abs() < 1e-4);
    assert!((d([50.0, 2.5, 0.0], [73.0, 25.0, -18.0]) - 27.1492).abs() < 1e-4);
}

#[test]
fn the_simulations_confuse_what_the_deficiencies_confuse() {
    // Red and green, far apart in normal vision, come close without L or M cones; blue and
    // green-yellow stay apart for them but not without S cones (the sanity of the matrices).
    let red = Color32::from_rgb(200, 60, 40);
    let green = Color32::from_rgb(110, 130, 40);
    let d = |m| delta_e2000(lab(red, m), lab(green, m));
    assert!(d(None) > 30.0);
    assert!(d(Some(DEUTERANOPIA)) < 10.0 && d(Some(PROTANOPIA)) < 15.0);
}

#[test]
fn series_drawn_alike_stay_apart_for_every_reader() {
    // Closed forms of several groups are solid lines of the series colours, told apart by
    // colour alone; so are the markers of points of equal shape.
    let series: Vec<(&str, Color32)> =
        ["simulated", "baseline", "third", "fourth", "event", "sixth"]
            .into_iter()
            .zip(palette::SERIES)
            .collect();
    all_apart("the series", &series);
    // Dashed lines of one plot: a single bound in the bound's red beside the groups' limits,
    // or the bounds of several groups in the series' colours (those are the set above).
    // References are dotted: their grey need not differ from a series' colour.
    let mut single = vec![("bound", palette::BOUND)];
    single.extend(series[..4].iter().copied());
    all_apart("a plot's only bound beside its series", &single);
}

#[test]
fn gantt_kinds_and_ring_signs_stay_apart_for_every_reader() {
    for dark in [false, true] {
        let bars = [BarKind::Compute, BarKind::Send, BarKind::Receive]
            .map(|k| (k.name(), bar_color(k, dark)));
        all_apart("Gantt bars", &bars);
    }
    all_apart(
        "the ring",
        &[
            ("positive δ", palette::POSITIVE),
            ("negative δ", palette::NEGATIVE),
            ("forwarding", palette::FORWARD),
        ],
    );
}
