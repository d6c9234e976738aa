//! A ring instance as typed on a command line: the texts of δ, the loads, the costs and the
//! direction, read into a checked [`RingInstance`]. The CLI's flags (`loadlab redistribute`)
//! and a lesson check's command (both through `command::redistribute`) read instances through
//! [`InstanceText::instance`], so both accept and refuse the same inputs with the same words.

use super::editing::{parse_cost_vector, parse_int_vector};
use super::instance::{Costs, Direction, Field, RingInstance, minimal_loads};
use crate::model::num;

/// The texts of one instance, each as typed (None: not given).
#[derive(Debug, Clone, Copy, Default)]
pub struct InstanceText<'a> {
    /// δ_1..δ_n (required).
    pub delta: Option<&'a str>,
    /// L_1..L_n (default: [`minimal_loads`]).
    pub loads: Option<&'a str>,
    /// Uni- or bidirectional.
    pub direction: Direction,
    /// One cost for every link.
    pub c: Option<&'a str>,
    /// c_{i,i+1}.
    pub cw: Option<&'a str>,
    /// c_{i,i−1}.
    pub ccw: Option<&'a str>,
}

/// Why a text was refused: the input it concerns (`delta`, `loads`, `c`, `cw` or `ccw`, the
/// CLI's flag names) and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("--{input}: {message}")]
pub struct TextError {
    /// The input concerned (its flag name without dashes).
    pub input: &'static str,
    /// The reason.
    pub message: String,
}

fn refuse(input: &'static str, message: impl Into<String>) -> TextError {
    TextError {
        input,
        message: message.into(),
    }
}

impl InstanceText<'_> {
    /// Reads the texts and checks the instance against Section 2 and the input limits (the
    /// first problem found is the error).
    pub fn instance(&self) -> Result<RingInstance, TextError> {
        let delta = self
            .delta
            .ok_or_else(|| refuse("delta", "required (the unbalances δ_1..δ_n)"))?;
        let delta = parse_int_vector(delta).map_err(|e| refuse("delta", e.to_string()))?;
        let loads = match self.loads {
            Some(t) => parse_int_vector(t).map_err(|e| refuse("loads", e.to_string()))?,
            None => minimal_loads(&delta),
        };
        let costs = self.costs(delta.len() == 2)?;
        let instance = RingInstance {
            delta,
            loads,
            direction: self.direction,
            costs,
        };
        if let Err(errors) = instance.validate()
            && let Some(e) = errors.into_iter().next()
        {
            let input = match e.field {
                Field::N | Field::Delta => "delta",
                Field::Loads => "loads",
                Field::C => "c",
                Field::Cw => "cw",
                Field::Ccw => "ccw",
            };
            return Err(refuse(input, e.message));
        }
        Ok(instance)
    }

    /// The link costs. On a 2-ring P_{i−1} = P_{i+1}: every item P_i sends is charged at
    /// c_{i,i+1}, so counter-clockwise costs are refused rather than silently ignored.
    fn costs(&self, two_ring: bool) -> Result<Costs, TextError> {
        if two_ring && self.ccw.is_some() {
            return Err(refuse(
                "ccw",
                "on a 2-ring P_{i−1} = P_{i+1}, and every item P_i sends costs c_{i,i+1}: \
                 give --cw only",
            ));
        }
        let (cw, ccw) = match (self.c, self.cw, self.ccw) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
                return Err(refuse(
                    "c",
                    "one cost for every link, or --cw and --ccw, not both",
                ));
            }
            (Some(c), None, None) => {
                let c = num::parse_real(c).map_err(|e| refuse("c", e.to_string()))?;
                return Ok(Costs::Homogeneous(c));
            }
            (None, None, None) => return Ok(Costs::Homogeneous(1.0)),
            // A one-way ring has no counter-clockwise links at all: said first (it asked
            // for --cw, then refused --ccw once --cw was given).
            (None, None, Some(_)) if self.direction == Direction::Uni => {
                return Err(refuse(
                    "ccw",
                    "a unidirectional ring has no links P_i → P_{i−1}",
                ));
            }
            (None, None, Some(_)) => {
                return Err(refuse("ccw", "needs --cw (the costs c_{i,i+1})"));
            }
            (None, Some(cw), ccw) => (cw, ccw),
        };
        let cw = parse_cost_vector(cw).map_err(|e| refuse("cw", e.to_string()))?;
        let ccw = match (ccw, self.direction) {
            (Some(t), Direction::Bi) => {
                parse_cost_vector(t).map_err(|e| refuse("ccw", e.to_string()))?
            }
            (Some(_), Direction::Uni) => {
                return Err(refuse(
                    "ccw",
                    "a unidirectional ring has no links P_i → P_{i−1}",
                ));
            }
            (None, Direction::Bi) if !two_ring => {
                return Err(refuse(
                    "ccw",
                    "a bidirectional ring with --cw also needs the costs c_{i,i−1}",
                ));
            }
            (None, _) => cw.clone(),
        };
        Ok(Costs::Heterogeneous { cw, ccw })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(delta: &str) -> InstanceText<'_> {
        InstanceText {
            delta: Some(delta),
            ..Default::default()
        }
    }

    #[test]
    fn texts_make_the_instance_and_refusals_name_the_input() {
        let r = InstanceText {
            cw: Some("1,2,3"),
            ccw: Some("3,2,1"),
            ..text("2,-1,-1")
        }
        .instance()
        .unwrap();
        assert_eq!(r.delta, vec![2, -1, -1]);
        assert_eq!(r.loads, vec![3, 1, 1]);
        assert!(matches!(r.costs, Costs::Heterogeneous { .. }));
        let e = |t: InstanceText| t.instance().unwrap_err();
        assert_eq!(e(InstanceText::default()).input, "delta");
        assert_eq!(e(text("1,1")).input, "delta");
        let both = InstanceText {
            c: Some("2"),
            cw: Some("1,1,1"),
            ..text("1,0,-1")
        };
        assert_eq!(e(both).input, "c");
        let missing_ccw = InstanceText {
            cw: Some("1,1,1"),
            ..text("1,0,-1")
        };
        assert!(e(missing_ccw).message.contains("c_{i,i−1}"));
        let two_ring = InstanceText {
            cw: Some("1,1"),
            ccw: Some("1,1"),
            ..text("1,-1")
        };
        assert!(e(two_ring).message.contains("2-ring"));
        // A 2-ring with --cw only takes the same costs both ways.
        let r = InstanceText {
            cw: Some("2,3"),
            ..text("1,-1")
        }
        .instance()
        .unwrap();
        assert_eq!(
            r.costs,
            Costs::Heterogeneous {
                cw: vec![2.0, 3.0],
                ccw: vec![2.0, 3.0]
            }
        );
    }
}
