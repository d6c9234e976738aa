//! Figures derived from a run that the report and the GUI both show: the policies
//! comparison's columns, a policy's label and the overhead beyond the balanced ideal.

use super::params::{GeoParams, Policy};

/// The figures of the policies comparison after the policy's name, in their order: the
/// report's and the GUI's column headers.
pub const COMPARISON_FIGURES: [&str; 10] = [
    "total time T",
    "balancings",
    "init phase",
    "outside init",
    "rounds",
    "Brent n/p + rounds",
    "additive overhead",
    "overhead (T − Brent)/ℓ",
    "balanced ideal Σ⌈w_r/p⌉",
    "(T − ideal)/ℓ",
];

/// A policy's label: its name, or "every k" with the scenario's k.
pub fn policy_label(params: &GeoParams, policy: Policy) -> String {
    if policy == Policy::Every {
        format!("every {}", params.every)
    } else {
        policy.name().to_string()
    }
}

/// (T − Σ⌈w_r/p⌉)/ℓ: the total time beyond the balanced ideal `ideal` in units of ℓ,
/// undefined for ℓ = 0.
pub fn beyond_ideal(time: f64, ideal: u64, ell: f64) -> Option<f64> {
    (ell > 0.0).then(|| (time - ideal as f64) / ell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_overhead() {
        let params = GeoParams {
            every: 3,
            ..GeoParams::default()
        };
        assert_eq!(policy_label(&params, Policy::Every), "every 3");
        assert_eq!(policy_label(&params, Policy::Never), Policy::Never.name());
        assert_eq!(beyond_ideal(30.0, 10, 4.0), Some(5.0));
        assert_eq!(beyond_ideal(30.0, 10, 0.0), None);
    }
}
