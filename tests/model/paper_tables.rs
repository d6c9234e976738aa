//! Li (2011), Tables I and II: every printed row against the model (closed forms *and* the
//! event simulation), to the printed precision (5 decimals).

use loadlab::model::divisible::{Method, Network, Valid, simulate_time, theory};

/// (h, C, P, Q) as printed in Table I (b = 2, β = 100).
const TABLE_I: [(u64, f64, f64, f64); 16] = [
    (0, 100.00000, 100.00000, 100.00000),
    (1, 33.55482, 33.55482, 33.55482),
    (2, 14.73209, 14.65149, 14.61114),
    (3, 7.29242, 7.10020, 7.05637),
    (4, 3.98114, 3.69181, 3.65701),
    (5, 2.43005, 2.06918, 2.04496),
    (6, 1.68611, 1.27713, 1.26147),
    (7, 1.32525, 0.88578, 0.87615),
    (8, 1.14927, 0.69127, 0.68553),
    (9, 1.06321, 0.59429, 0.59097),
    (10, 1.02107, 0.54588, 0.54399),
    (11, 1.00043, 0.52169, 0.52063),
    (12, 0.99031, 0.50960, 0.50901),
    (13, 0.98535, 0.50356, 0.50323),
    (14, 0.98292, 0.50053, 0.50036),
    (15, 0.98173, 0.49902, 0.49893),
];

/// (h, C, P, Q) as printed in Table II (pyramid, b = 4, β = 100).
const TABLE_II: [(u64, f64, f64, f64); 16] = [
    (0, 100.00000, 100.00000, 100.00000),
    (1, 20.15968, 20.15968, 20.15968),
    (2, 5.02415, 4.98812, 4.97911),
    (3, 1.48369, 1.42002, 1.41508),
    (4, 0.61709, 0.54117, 0.53923),
    (5, 0.40265, 0.32227, 0.32161),
    (6, 0.34944, 0.26760, 0.26739),
    (7, 0.33622, 0.25393, 0.25387),
    (8, 0.33294, 0.25052, 0.25050),
    (9, 0.33213, 0.24966, 0.24966),
    (10, 0.33193, 0.24945, 0.24945),
    (11, 0.33188, 0.24939, 0.24939),
    (12, 0.33186, 0.24938, 0.24938),
    (13, 0.33186, 0.24938, 0.24938),
    (14, 0.33186, 0.24938, 0.24938),
    (15, 0.33186, 0.24938, 0.24938),
];

fn check(network: Network, b: u64, rows: &[(u64, f64, f64, f64)]) {
    let mut bad = Vec::new();
    for &(h, c, p, q) in rows {
        let v = Valid::new(network, b, h, 100.0).unwrap();
        for (m, printed) in [(Method::C, c), (Method::P, p), (Method::Q, q)] {
            let closed = theory::closed_form(m, &v);
            let sim = simulate_time(m, &v);
            // Printed to 5 decimals: the rounded value must match.
            for (what, x) in [("closed", closed), ("simulated", sim)] {
                if ((x * 1e5).round() / 1e5 - printed).abs() > 0.5e-5 {
                    bad.push(format!(
                        "h={h} {m:?} {what}: {x:.7} vs printed {printed:.5}"
                    ));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{network:?}: {bad:#?}");
}

#[test]
fn table_i_binary_tree() {
    check(Network::Tree, 2, &TABLE_I);
}

#[test]
fn table_ii_pyramid() {
    check(Network::Pyramid, 4, &TABLE_II);
}
