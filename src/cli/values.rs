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

/// Implements `ValueEnum` for a model enum: `value => "name" [alias "a"], "help"`.
macro_rules! value_enum {
    ($ty:ty { $($value:expr => $name:literal $(alias $alias:literal)?, $help:literal;)* }) => {
        impl ValueEnum for $ty {
            fn value_variants<'a>() -> &'a [Self] {
                &[$($value),*]
            }

            fn to_possible_value(&self) -> Option<PossibleValue> {
                $(
                    if *self == $value {
                        return Some(PossibleValue::new($name)$(.alias($alias))?.help($help));
                    }
                )*
                None
            }
        }
    };
}

value_enum!(Network {
    Network::Tree => "tree", "Complete b-ary tree.";
    Network::Pyramid => "pyramid", "Pyramid (uses b = 4).";
});

value_enum!(AlgorithmChoice {
    AlgorithmChoice::Only(Method::C) => "C" alias "c", "Classic method.";
    AlgorithmChoice::Only(Method::P) => "P" alias "p", "Pipelined communications.";
    AlgorithmChoice::Only(Method::Q) => "Q" alias "q", "Pipelined communications with overlap.";
    AlgorithmChoice::All => "all", "All three.";
});

value_enum!(Policy {
    Policy::Never => "never", "Balance once, before round 0.";
    Policy::Standard => "standard", "Balance after every round until at most c·p tasks remain.";
    Policy::Improved => "improved",
        "The paper's policy: initialisation phase, then phases of ⌈ℓ/x_i⌉ rounds.";
    Policy::Every => "every", "Balance every k rounds (--every K).";
});

value_enum!(Decay {
    Decay::Deterministic => "deterministic", "w_r = ⌈n·2^(−αr)⌉.";
    Decay::Random => "random", "Each task survives a round with probability 2^(−α) (seeded).";
});

value_enum!(Survivors {
    Survivors::Proportional => "proportional", "Every processor's count decays alike.";
    Survivors::Adversarial => "adversarial",
        "The survivors sit on the most loaded processors (worst case).";
    Survivors::Random => "random", "Uniformly random survivors (seeded).";
});

value_enum!(SweepDirection {
    SweepDirection::Up => "up", "Leaves first, root last.";
    SweepDirection::Down => "down", "Root first: the up-sweep schedule run backwards.";
});

value_enum!(Shape {
    Shape::Tree => "tree", "Complete binary tree T_n.";
    Shape::Grid => "grid", "Pyramidal grid G_n.";
    Shape::RandomTree => "random-tree", "Random binary tree (spawn probability q, depth cap n).";
    Shape::RandomGrid => "random-grid", "Random full, prefix-closed grid.";
    Shape::SparseTree => "sparse-tree", "Section 1.3's adversarial sparse tree.";
    Shape::TwoRowGrid => "two-row-grid", "Section 1.3's adversarial two-row grid.";
});

value_enum!(Balance {
    Balance::Ks => "ks", "Keep left, send right (the paper's).";
    Balance::None => "none", "Keep both children.";
    Balance::Random => "random", "Send a seeded random child.";
});

value_enum!(KsSchedule {
    KsSchedule::Bf => "bf", "Breadth-first (the paper's).";
    KsSchedule::Df => "df", "Depth-first.";
});

value_enum!(RingDirection {
    RingDirection::Uni => "uni", "P_i only sends to P_{i+1}.";
    RingDirection::Bi => "bi", "P_i sends to either neighbour, one at a time.";
});

value_enum!(Algorithm {
    Algorithm::Auto => "auto", "The paper's algorithm for the ring type.";
    Algorithm::Alg1 => "alg1", "Algorithm 1 (homogeneous).";
    Algorithm::Alg2 => "alg2", "Algorithm 2 (asynchronous, unidirectional sends).";
    Algorithm::Alg3 => "alg3", "Algorithm 3, corrected (homogeneous bidirectional).";
    Algorithm::Alg3Literal => "alg3-literal", "Algorithm 3 as printed.";
    Algorithm::Lp => "lp", "System 6 (integer optimum) with Lemma 9's schedule.";
    Algorithm::LpLoad => "lp-load",
        "System 12 (System 6 + load constraint) with Lemma 9's schedule.";
    Algorithm::LpForward => "lp-forward",
        "System 6's flows scheduled as soon as possible with forwarding (any loads).";
});

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
