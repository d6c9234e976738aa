//! The grammar read backwards: the model command that runs a scenario ([`command_of`]), for a
//! lesson question's check written from the app (Copy as lesson question) and the steps it
//! offers. Every field of the scenario's parameters that a flag of the model's command sets
//! is written as that flag reads it; a field no flag sets (a study's settings, a plot's range
//! the CLI does not take) is left out, so the words are read back by the commands' own parser
//! and kept only when they give the scenario again.

use clap::CommandFactory;
use serde_json::{Map, Value};

use super::{Line, flag, parse};
use crate::model::registry::Scenario;

/// The model command (its words, without `loadlab` and `--json`) that runs `scenario`, or
/// None when its flags cannot set it. Fields no flag sets are views of the model's studies
/// (the redistribution's random-ring study, its Section 8 application), not of the run a
/// command prints, and are not compared.
pub fn command_of(scenario: &Scenario) -> Option<Vec<String>> {
    let (written, set) = words(scenario)?;
    let read = parse(&written).ok()?.planned().ok()?.scenario();
    let (_, again) = words(&read)?;
    (again == set).then_some(written)
}

/// Fields of a scenario's parameters with their values (as JSON).
type Fields = Vec<(String, Value)>;

/// The words that set `scenario`'s fields as far as the model command's flags go, and those
/// fields with their values.
fn words(scenario: &Scenario) -> Option<(Vec<String>, Fields)> {
    let name = scenario.model_name();
    let line = Line::command();
    let command = line.find_subcommand(name)?;
    let Value::Object(outer) = serde_json::to_value(scenario).ok()? else {
        return None;
    };
    let Some(Value::Object(fields)) = outer.into_iter().next().map(|(_, v)| v) else {
        return None;
    };
    let mut by_flag: Vec<(String, String, Value)> = flattened(fields)
        .into_iter()
        .map(|(field, value)| (flag(&field), field, value))
        .collect();
    let mut words = vec![name.to_string()];
    let mut set = Vec::new();
    // In the order the command's help lists its flags (the instance first).
    for arg in command.get_arguments() {
        let Some(at) = by_flag
            .iter()
            .position(|(long, ..)| Some(long.as_str()) == arg.get_long())
        else {
            continue;
        };
        let (long, field, value) = by_flag.swap_remove(at);
        // A field a flag sets but that cannot be written so: no command sets the scenario.
        let text = text(&value, &arg.get_possible_values())?;
        words.push(format!("--{long}"));
        words.push(text);
        set.push((field, value));
    }
    Some((words, set))
}

/// The parameters' fields, a nested instance's fields among them (the ring's δ, loads,
/// direction) and link costs as the flags give them (`c`, or `cw` and `ccw`). A one-way
/// ring's counter-clockwise costs are left out: it has no such links, its run never reads
/// them, and its command sets none (the CLI refuses `--ccw` there).
fn flattened(fields: Map<String, Value>) -> Fields {
    let one_way = fields.get("direction") == Some(&Value::String("Uni".into()));
    let mut out = Vec::new();
    for (field, value) in fields {
        match (field.as_str(), value) {
            ("instance", Value::Object(inner)) => out.extend(flattened(inner)),
            ("costs", Value::Object(costs)) => {
                for (kind, v) in costs {
                    match (kind.as_str(), v) {
                        ("Homogeneous", c) => out.push(("c".into(), c)),
                        ("Heterogeneous", Value::Object(links)) => out.extend(
                            links
                                .into_iter()
                                .filter(|(side, _)| !(one_way && side == "ccw")),
                        ),
                        _ => {}
                    }
                }
            }
            (_, v) => out.push((field, v)),
        }
    }
    out
}

/// `value` as the flag reads it: a number as written, a list or a pair comma-separated, a
/// choice by the flag's own name for it (`RandomTree` is `random-tree`, `Only(C)` is `c`);
/// None for anything else (an object, a flag).
fn text(value: &Value, choices: &[clap::builder::PossibleValue]) -> Option<String> {
    match value {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) if !choices.is_empty() => {
            let plain = |t: &str| t.replace(['-', '_'], "").to_lowercase();
            choices
                .iter()
                .find(|c| plain(c.get_name()) == plain(s))
                .map(|c| c.get_name().to_string())
        }
        // A choice that carries one of another enum's (`Only(C)`, method C alone: `c`).
        Value::Object(one) if one.len() == 1 && !choices.is_empty() => {
            one.values().next().and_then(|inner| text(inner, choices))
        }
        Value::Array(items) => {
            let each: Option<Vec<String>> = items.iter().map(|v| text(v, &[])).collect();
            each.map(|e| e.join(","))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::redistribute::instance::{Costs, Direction, RingInstance};

    /// A preset's scenario read back from its command is the preset's wherever a flag sets it:
    /// δ and loads as lists, heterogeneous costs as cw and ccw, choices by their flag names.
    /// Every bundled preset's run is set by a command (its study's settings aside).
    #[test]
    fn the_bundled_presets_commands_run_their_scenarios() {
        for b in crate::preset::BUNDLED {
            let p = b.preset().unwrap();
            let words = command_of(&p.scenario).unwrap_or_else(|| panic!("{}", b.file));
            let read = parse(&words).unwrap().planned().unwrap().scenario();
            // The run's parameters are the preset's; a redistribution study's view may differ.
            match (&read, &p.scenario) {
                (Scenario::Redistribute(r), Scenario::Redistribute(q)) => {
                    let (ours, theirs) = (&r.instance, &q.instance);
                    assert_eq!(
                        (&ours.delta, &ours.loads, ours.direction, r.algorithm),
                        (&theirs.delta, &theirs.loads, theirs.direction, q.algorithm),
                        "{}",
                        b.file
                    );
                    // A one-way ring's costs are its clockwise links'.
                    let links = |r: &RingInstance| match (&r.costs, r.direction) {
                        (Costs::Heterogeneous { cw, .. }, Direction::Uni) => (cw.clone(), None),
                        (Costs::Heterogeneous { cw, ccw }, _) => (cw.clone(), Some(ccw.clone())),
                        (Costs::Homogeneous(c), _) => (vec![*c], None),
                    };
                    assert_eq!(links(ours), links(theirs), "{}", b.file);
                }
                _ => assert_eq!(read, p.scenario, "{}", b.file),
            }
        }
    }

    /// A field a flag sets that differs is no command's: a divisible sweep up to h = 40 reads
    /// back, a geodecay every-k policy keeps its k.
    #[test]
    fn every_flagged_field_is_compared() {
        use crate::model::divisible::DivisibleParams;
        let deep = Scenario::Divisible(DivisibleParams {
            sweep_h_max: 40,
            ..DivisibleParams::default()
        });
        let words = command_of(&deep).unwrap();
        assert!(
            words.windows(2).any(|w| w == ["--h-max", "40"]),
            "{words:?}"
        );
        let every = Scenario::Geodecay(crate::model::geodecay::GeoParams {
            policy: crate::model::geodecay::Policy::Every,
            every: 3,
            ..Default::default()
        });
        let words = command_of(&every).unwrap();
        let read = parse(&words).unwrap().planned().unwrap().scenario();
        assert_eq!(read, every);
    }

    /// Every choice of every model command's flags, set alone (a ring given its δ): the
    /// scenario it runs is written back to a command that runs it again.
    #[test]
    fn every_choice_of_every_flag_is_written_back() {
        let line = Line::command();
        let mut tried = 0;
        for model in ["divisible", "geodecay", "treesweep", "ksbf", "redistribute"] {
            let command = line.find_subcommand(model).unwrap();
            for arg in command.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                if !arg.get_action().takes_values() {
                    continue;
                }
                for value in arg.get_possible_values() {
                    let mut words = vec![model.to_string(), format!("--{long}")];
                    words.push(value.get_name().to_string());
                    if model == "redistribute" {
                        words.extend(["--delta".to_string(), "2,-1,-1".to_string()]);
                    }
                    let Ok(run) = parse(&words).unwrap().planned() else {
                        continue;
                    };
                    let s = run.scenario();
                    let back = command_of(&s).unwrap_or_else(|| panic!("{words:?}: {s:?}"));
                    assert_eq!(parse(&back).unwrap().planned().unwrap().scenario(), s);
                    tried += 1;
                }
            }
        }
        // (Network 2, algorithm 4, policy 4, decay 2, survivors 2, direction 2, shape 5,
        // balance 3, schedule 2, ring direction 2, algorithm 9, and the output choices.)
        assert!(tried >= 30, "{tried}");
    }

    /// Theorem 2's one-way ring keeps counter-clockwise costs (1, 1, 1) that no link of it
    /// has; its command sets the clockwise ones alone (the CLI refuses `--ccw` on a one-way
    /// ring), and runs the ring: c_{1,2} = 1, c_{2,3} = 100.
    #[test]
    fn a_one_way_ring_is_written_with_its_clockwise_costs_alone() {
        let ring = crate::preset::find_bundled("redistribute-theorem-2").unwrap();
        let words = command_of(&ring.scenario).unwrap();
        assert!(
            words.windows(2).any(|w| w == ["--cw", "1.0,100.0,1.0"]),
            "{words:?}"
        );
        assert!(
            words.windows(2).any(|w| w == ["--direction", "uni"]),
            "{words:?}"
        );
        assert!(!words.iter().any(|w| w == "--ccw"), "{words:?}");
    }

    /// The hetero-16 ring's command: its costs as the flags read them.
    #[test]
    fn heterogeneous_costs_are_written_as_cw_and_ccw() {
        let ring = crate::preset::find_bundled("redistribute-hetero-16").unwrap();
        let words = command_of(&ring.scenario).unwrap();
        assert_eq!(words[0], "redistribute");
        for f in [
            "--delta",
            "--loads",
            "--cw",
            "--ccw",
            "--direction",
            "--algorithm",
        ] {
            assert!(words.iter().any(|w| w == f), "{f} in {words:?}");
        }
        assert!(!words.iter().any(|w| w == "--c"));
    }

    /// Every bundled preset with one number or one choice changed to another the model
    /// accepts is still written as a command that runs it (a one-way ring among them: every
    /// ring preset turned one-way keeps counter-clockwise costs no link has).
    #[test]
    fn every_accepted_change_of_a_preset_has_a_command() {
        let numbers: Value = serde_json::json!([0, 1, 3, 0.5, 2.5, 100, 1e6, -1]);
        let choices: Vec<Value> = ["Uni", "Bi", "Alg2", "Alg3", "Exact", "Never", "Every", "Q"]
            .map(|c| Value::String(c.into()))
            .into();
        let mut tried = 0;
        for b in crate::preset::BUNDLED {
            let base = serde_json::to_value(b.preset().unwrap().scenario).unwrap();
            for at in leaves(&base, String::new()) {
                let others = match base.pointer(&at) {
                    Some(Value::Number(_)) => numbers.as_array().unwrap(),
                    Some(Value::String(_)) => &choices,
                    _ => continue,
                };
                for other in others {
                    let mut changed = base.clone();
                    *changed.pointer_mut(&at).unwrap() = other.clone();
                    let Ok(s) = serde_json::from_value::<Scenario>(changed) else {
                        continue;
                    };
                    if s.validate().is_ok() {
                        assert!(command_of(&s).is_some(), "{}: {at} = {other}", b.file);
                        tried += 1;
                    }
                }
            }
        }
        assert!(tried > 1000, "{tried}");
    }

    /// The JSON pointers of `value`'s leaves below `at`.
    fn leaves(value: &Value, at: String) -> Vec<String> {
        match value {
            Value::Object(m) => m
                .iter()
                .flat_map(|(k, v)| leaves(v, format!("{at}/{k}")))
                .collect(),
            Value::Array(a) => a
                .iter()
                .enumerate()
                .flat_map(|(i, v)| leaves(v, format!("{at}/{i}")))
                .collect(),
            _ => vec![at],
        }
    }
}
