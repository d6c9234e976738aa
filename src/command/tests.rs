//! The grammar's defaults are the models' defaults.

use super::*;
use crate::model::divisible::DivisibleParams;
use crate::model::geodecay::GeoParams;
use crate::model::ksbf::KsbfParams;
use crate::model::redistribute::params::RedistParams;
use crate::model::registry::{ModelParams, Scenario};
use crate::model::treesweep::TreeSweepParams;

fn scenario(words: &[&str]) -> Scenario {
    let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let cmd = parse(&words).unwrap_or_else(|e| panic!("{words:?}: {e}"));
    cmd.planned().expect("valid").scenario()
}

#[test]
fn an_empty_command_is_the_models_default_scenario() {
    assert_eq!(
        scenario(&["divisible"]),
        DivisibleParams::default().into_scenario()
    );
    assert_eq!(
        scenario(&["geodecay"]),
        GeoParams::default().into_scenario()
    );
    assert_eq!(
        scenario(&["treesweep"]),
        TreeSweepParams::default().into_scenario()
    );
    assert_eq!(scenario(&["ksbf"]), KsbfParams::default().into_scenario());
    // A ring has no default on the command line: δ is required; given the default ring's δ,
    // every other flag's default is the model's.
    let Scenario::Redistribute(d) = RedistParams::default().into_scenario() else {
        unreachable!()
    };
    let delta: Vec<String> = d.instance.delta.iter().map(|x| x.to_string()).collect();
    assert_eq!(
        scenario(&["redistribute", "--delta", &delta.join(",")]),
        Scenario::Redistribute(d)
    );
}

#[test]
fn defaults_given_explicitly_change_nothing() {
    // Each flag at the value the paper-facing help calls the default.
    assert_eq!(
        scenario(&["divisible", "--b", "2", "--h", "5", "--beta", "100"]),
        scenario(&["divisible", "--beta-range", "0.1,1000", "--h-max", "20"])
    );
    assert_eq!(
        scenario(&["geodecay", "--n", "2^20", "--p", "2^10", "--ell", "20"]),
        scenario(&["geodecay", "--policy", "improved", "--seeds", "20"])
    );
    assert_eq!(
        scenario(&["treesweep", "--n", "12", "--tau", "128"]),
        scenario(&["treesweep", "--direction", "up"])
    );
}
