//! Ring instances: δ, the loads L, the link costs and the direction, with their validation
//! against Section 2 and the input limits (every problem attached to its cell, so the editor
//! can mark it). The editing operations live in the sibling module `editing`.
//!
//! Indices: vectors are stored 0-based; processor `P_{i+1}` of the paper is entry `i`.
//! `cw[i]` is c_{i,i+1} (the link from P_i to its successor) and `ccw[i]` is c_{i,i−1} (the
//! link from P_i to its predecessor), both with the paper's 1-based i = entry + 1.

use serde::{Deserialize, Serialize};

use crate::model::format::{Precision, number};

/// Smallest ring accepted.
pub const N_MIN: usize = 2;
/// Largest ring accepted by the editor, the CLI and presets.
pub const N_MAX: usize = 10_000;
/// Largest |δ_k| or L_k accepted (keeps every slice sum and item count far inside i64 and every
/// time exact in f64 for integer costs).
pub const VALUE_MAX: i64 = 1_000_000_000;
/// Largest L_k accepted (room for the minimal loads 1 + δ_k of any accepted δ, and more).
pub const LOAD_MAX: i64 = 2 * VALUE_MAX + 1;
/// Largest link cost accepted.
pub const COST_MAX: f64 = 1e9;

named! {
    /// Uni- or bidirectional ring.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
    pub enum Direction {
        /// P_i may only send to P_{i+1} (Sections 3 and 4).
        Uni => "uni", "P_i only sends to P_{i+1}.";
        /// P_i may send to P_{i+1} or P_{i−1}, one at a time (Sections 5 and 6).
        #[default]
        Bi => "bi", "P_i sends to either neighbour, one at a time.";
    }
}

/// Link costs: time to send one item over a link.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Costs {
    /// Every link costs c (both directions).
    Homogeneous(f64),
    /// `cw[i]` = c_{i,i+1}, `ccw[i]` = c_{i,i−1} (0-based entries, see the module doc).
    /// `ccw` is ignored on a unidirectional ring but kept so switching back loses nothing.
    Heterogeneous {
        /// c_{i,i+1}.
        cw: Vec<f64>,
        /// c_{i,i−1}.
        ccw: Vec<f64>,
    },
}

/// One redistribution instance. Its `Default` (a 12-processor ring) sits beside the
/// descriptors whose defaults it reads, in [`super::params`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RingInstance {
    /// Unbalances δ_k (P_k must end with L_k − δ_k items).
    pub delta: Vec<i64>,
    /// Initial loads L_k.
    pub loads: Vec<i64>,
    /// Uni- or bidirectional.
    pub direction: Direction,
    /// Link costs.
    pub costs: Costs,
}

impl RingInstance {
    /// The bidirectional ring with unbalances δ, the link costs given and the smallest loads
    /// Section 2 allows ([`minimal_loads`]).
    pub fn bidirectional(delta: Vec<i64>, costs: Costs) -> RingInstance {
        RingInstance {
            loads: minimal_loads(&delta),
            delta,
            direction: Direction::Bi,
            costs,
        }
    }
}

/// The smallest loads Section 2 allows: L_k = max(1, 1 + δ_k).
pub fn minimal_loads(delta: &[i64]) -> Vec<i64> {
    delta.iter().map(|&d| (1 + d).max(1)).collect()
}

/// Which vector (or scalar) a problem is about, so the editor can mark the cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Field {
    /// The ring size.
    N,
    /// δ.
    Delta,
    /// L.
    Loads,
    /// The homogeneous cost c.
    C,
    /// c_{i,i+1}.
    Cw,
    /// c_{i,i−1}.
    Ccw,
}

impl Field {
    /// Short name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Field::N => "n",
            Field::Delta => "δ",
            Field::Loads => "L",
            Field::C => "c",
            Field::Cw => "c_{i,i+1}",
            Field::Ccw => "c_{i,i−1}",
        }
    }
}

/// One violated assumption, with the 0-based entry it concerns (None: the whole vector).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct InstanceError {
    /// The vector concerned.
    pub field: Field,
    /// Entry (0-based) or None for the whole vector.
    pub index: Option<usize>,
    /// Human-readable reason, naming processors 1-based as in the paper.
    pub message: String,
}

fn ierr(field: Field, index: Option<usize>, message: impl Into<String>) -> InstanceError {
    InstanceError {
        field,
        index,
        message: message.into(),
    }
}

/// Proof that an instance satisfies every assumption; only [`RingInstance::validate`] makes one.
#[derive(Debug, Clone, Copy)]
pub struct Valid(());

/// At most this many problems are reported (the editor marks each one).
pub const MAX_ERRORS: usize = 50;

impl RingInstance {
    /// Builds an instance with the minimal loads and homogeneous cost c.
    pub fn homogeneous(delta: Vec<i64>, direction: Direction, c: f64) -> Self {
        let loads = minimal_loads(&delta);
        RingInstance {
            delta,
            loads,
            direction,
            costs: Costs::Homogeneous(c),
        }
    }

    /// Number of processors.
    pub fn n(&self) -> usize {
        self.delta.len()
    }

    /// True when every link has the same cost (a heterogeneous vector with equal entries counts
    /// as homogeneous; on a unidirectional ring only `cw` matters).
    pub fn is_homogeneous(&self) -> bool {
        self.uniform_cost().is_some()
    }

    /// The common cost when every relevant link has the same cost.
    pub fn uniform_cost(&self) -> Option<f64> {
        match &self.costs {
            Costs::Homogeneous(c) => Some(*c),
            Costs::Heterogeneous { cw, ccw } => {
                let first = *cw.first()?;
                let same = cw.iter().all(|&c| c == first)
                    && (self.direction == Direction::Uni || ccw.iter().all(|&c| c == first));
                same.then_some(first)
            }
        }
    }

    /// c_{i,i+1} for 0-based i.
    pub fn cw(&self, i: usize) -> f64 {
        match &self.costs {
            Costs::Homogeneous(c) => *c,
            Costs::Heterogeneous { cw, .. } => cw[i],
        }
    }

    /// c_{i,i−1} for 0-based i.
    pub fn ccw(&self, i: usize) -> f64 {
        match &self.costs {
            Costs::Homogeneous(c) => *c,
            Costs::Heterogeneous { ccw, .. } => ccw[i],
        }
    }

    /// Cost of sending one item from `from` to its neighbour `to` (0-based, adjacent).
    pub fn cost(&self, from: usize, to: usize) -> f64 {
        let n = self.n();
        if to == (from + 1) % n {
            self.cw(from)
        } else {
            self.ccw(from)
        }
    }

    /// Checks Section 2's assumptions and the input limits. Every problem found is returned
    /// (up to [`MAX_ERRORS`]), each attached to its cell; the first is the most important.
    pub fn validate(&self) -> Result<Valid, Vec<InstanceError>> {
        let mut errors = self.shape_errors();
        if !errors.is_empty() {
            return Err(errors);
        }
        match &self.costs {
            Costs::Homogeneous(c) => errors.extend(cost_error(Field::C, None, *c)),
            Costs::Heterogeneous { cw, ccw } => {
                for (i, &c) in cw.iter().enumerate() {
                    errors.extend(cost_error(Field::Cw, Some(i), c));
                }
                if self.direction == Direction::Bi {
                    for (i, &c) in ccw.iter().enumerate() {
                        errors.extend(cost_error(Field::Ccw, Some(i), c));
                    }
                }
            }
        }
        self.vector_errors(&mut errors);
        errors.truncate(MAX_ERRORS);
        if errors.is_empty() {
            Ok(Valid(()))
        } else {
            Err(errors)
        }
    }

    /// The ring's size out of range (alone), else every vector whose length is not the ring's.
    fn shape_errors(&self) -> Vec<InstanceError> {
        let n = self.n();
        if n < N_MIN {
            return vec![ierr(
                Field::N,
                None,
                format!("a ring needs at least {N_MIN} processors (n = {n})"),
            )];
        }
        if n > N_MAX {
            return vec![ierr(
                Field::N,
                None,
                format!("at most {N_MAX} processors are supported (n = {n})"),
            )];
        }
        let mut errors = Vec::new();
        if self.loads.len() != n {
            errors.push(ierr(
                Field::Loads,
                None,
                format!(
                    "L has {} entries but δ has {n}: both vectors need one entry per processor",
                    self.loads.len()
                ),
            ));
        }
        if let Costs::Heterogeneous { cw, ccw } = &self.costs {
            if cw.len() != n {
                errors.push(ierr(
                    Field::Cw,
                    None,
                    format!("c_{{i,i+1}} has {} entries but the ring has {n}", cw.len()),
                ));
            }
            if self.direction == Direction::Bi && ccw.len() != n {
                errors.push(ierr(
                    Field::Ccw,
                    None,
                    format!("c_{{i,i−1}} has {} entries but the ring has {n}", ccw.len()),
                ));
            }
        }
        errors
    }

    /// Appends the problems of δ and L, cell by cell; Σδ ≠ 0 goes first (the most important).
    fn vector_errors(&self, errors: &mut Vec<InstanceError>) {
        let mut sum: i128 = 0;
        for (i, (&d, &l)) in self.delta.iter().zip(&self.loads).enumerate() {
            sum += d as i128;
            if d.abs() > VALUE_MAX {
                errors.push(ierr(
                    Field::Delta,
                    Some(i),
                    format!("|δ_{}| must be at most {VALUE_MAX} (got {d})", i + 1),
                ));
                continue;
            }
            if l > LOAD_MAX {
                errors.push(ierr(
                    Field::Loads,
                    Some(i),
                    format!("L_{} must be at most {LOAD_MAX} (got {l})", i + 1),
                ));
            } else if l < 1 {
                errors.push(ierr(
                    Field::Loads,
                    Some(i),
                    format!(
                        "L_{} = {l}: every processor must hold at least one item (L_k ≥ 1)",
                        i + 1
                    ),
                ));
            } else if l < 1 + d {
                errors.push(ierr(
                    Field::Loads,
                    Some(i),
                    format!(
                        "L_{k} = {l} < 1 + δ_{k} = {}: P{k} would end with {} items \
                         (L_k ≥ 1 + δ_k keeps one)",
                        1 + d,
                        l - d,
                        k = i + 1
                    ),
                ));
            }
        }
        if sum != 0 {
            errors.insert(
                0,
                ierr(
                    Field::Delta,
                    None,
                    format!(
                        "Σδ = {sum}, not 0: items are conserved, so the unbalances must sum to \
                         zero"
                    ),
                ),
            );
        }
    }
}

/// The problem of cost `c` of `field` (at processor `i`, if a per-link cost): not a finite
/// positive number, or above [`COST_MAX`].
fn cost_error(field: Field, i: Option<usize>, c: f64) -> Option<InstanceError> {
    if !c.is_finite() || c <= 0.0 {
        let at = i.map(|i| format!(" of P{}", i + 1)).unwrap_or_default();
        Some(ierr(
            field,
            i,
            format!(
                "{}{at} must be a finite number > 0 (got {})",
                field.name(),
                number(c, Precision::Exact)
            ),
        ))
    } else if c > COST_MAX {
        Some(ierr(
            field,
            i,
            format!(
                "{} must be at most {COST_MAX:e} (got {})",
                field.name(),
                number(c, Precision::Exact)
            ),
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_valid() {
        assert!(RingInstance::default().validate().is_ok());
    }

    #[test]
    fn sum_error_comes_first() {
        let mut r = RingInstance::default();
        r.delta[0] += 1;
        let e = r.validate().unwrap_err();
        assert_eq!(e[0].field, Field::Delta);
        assert!(e[0].message.contains("Σδ = 1"));
    }

    #[test]
    fn load_errors_name_the_cell() {
        let mut r = RingInstance::default();
        r.loads[2] = 2; // δ_3 = 2 needs L_3 ≥ 3
        let e = r.validate().unwrap_err();
        assert_eq!((e[0].field, e[0].index), (Field::Loads, Some(2)));
        r.loads[2] = 0;
        let e = r.validate().unwrap_err();
        assert!(e[0].message.contains("at least one item"));
    }
}
