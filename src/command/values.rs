//! `clap::ValueEnum` for the model enums the flags take, so the command line reads the model's
//! own types (the model layer does not depend on clap). Names and aliases are the CLI contract.

use clap::ValueEnum;
use clap::builder::PossibleValue;

use crate::model::divisible::{AlgorithmChoice, Method, Network};
use crate::model::geodecay::{Decay, Policy, Survivors};
use crate::model::ksbf::{Balance, Schedule as KsSchedule, Shape};
use crate::model::redistribute::instance::Direction as RingDirection;
use crate::model::redistribute::params::Algorithm;
use crate::model::treesweep::Direction as SweepDirection;

/// Implements `ValueEnum` for model enums named with the model's `named!`: their `ALL`,
/// `name()` and `help()`.
macro_rules! value_enum {
    ($($ty:ty),+) => {$(
        impl ValueEnum for $ty {
            fn value_variants<'a>() -> &'a [Self] {
                &<$ty>::ALL
            }

            fn to_possible_value(&self) -> Option<PossibleValue> {
                Some(PossibleValue::new(self.name()).help(self.help()))
            }
        }
    )+};
}

value_enum!(
    Network,
    Policy,
    Decay,
    Survivors,
    SweepDirection,
    Shape,
    Balance,
    KsSchedule,
    RingDirection,
    Algorithm
);

/// The method choice: C, P, Q (with lower-case aliases) or all three.
impl ValueEnum for AlgorithmChoice {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            AlgorithmChoice::Only(Method::C),
            AlgorithmChoice::Only(Method::P),
            AlgorithmChoice::Only(Method::Q),
            AlgorithmChoice::All,
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            AlgorithmChoice::Only(m) => {
                let alias = match m {
                    Method::C => "c",
                    Method::P => "p",
                    Method::Q => "q",
                };
                PossibleValue::new(m.name()).alias(alias).help(m.help())
            }
            AlgorithmChoice::All => PossibleValue::new("all").help("All three."),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant has exactly one possible value, and names round-trip.
    fn round_trips<T: ValueEnum + PartialEq + std::fmt::Debug>() {
        for v in T::value_variants() {
            let pv = v.to_possible_value().expect("every variant is named");
            assert_eq!(T::from_str(pv.get_name(), false).as_ref(), Ok(v));
        }
    }

    #[test]
    fn names_round_trip() {
        round_trips::<Network>();
        round_trips::<AlgorithmChoice>();
        round_trips::<Policy>();
        round_trips::<Decay>();
        round_trips::<Survivors>();
        round_trips::<SweepDirection>();
        round_trips::<Shape>();
        round_trips::<Balance>();
        round_trips::<KsSchedule>();
        round_trips::<RingDirection>();
        round_trips::<Algorithm>();
        assert_eq!(
            AlgorithmChoice::from_str("q", false),
            Ok(AlgorithmChoice::Only(Method::Q))
        );
        assert_eq!(
            Algorithm::from_str("lp-forward", false),
            Ok(Algorithm::LpForward)
        );
    }
}
