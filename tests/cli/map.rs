//! `loadlab map` (issue 15): the JSON contract, and every cell equal to the model
//! subcommand's own `--json` value at the cell's parameters.

use loadlab::model::redistribute::editing::{RandomSpec, random_instance};
use loadlab::model::redistribute::instance::Direction;
use loadlab::report::map::ring_spec;
use serde_json::Value;

use super::common::{assert_error, json};

fn values(j: &Value, axis: &str) -> Vec<f64> {
    j[axis]["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect()
}

fn cell(j: &Value, ix: usize, iy: usize) -> f64 {
    j["cells"][iy][ix]
        .as_f64()
        .unwrap_or_else(|| panic!("cell ({ix}, {iy}) of {j}"))
}

/// Equal up to the last bit serde_json's default float parser may lose when reading the
/// printed JSON back (it does not round every decimal correctly).
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 2.0 * f64::EPSILON * a.abs().max(b.abs())
}

/// The number at a dot path of the model subcommand's JSON.
fn model_value(args: &[&str], path: &str) -> f64 {
    let mut all: Vec<&str> = args.to_vec();
    all.push("--json");
    let j = json(&all);
    let mut at = &j;
    for k in path.split('.') {
        at = &at[k];
    }
    at.as_f64()
        .unwrap_or_else(|| panic!("{path} in {j} ({args:?})"))
}

/// Checks the contract's shape and returns the axes' values.
fn contract(j: &Value, model: &str, metric: &str, x: &str, y: &str) -> (Vec<f64>, Vec<f64>) {
    assert_eq!(j["model"], model);
    assert_eq!(j["metric"], metric);
    assert_eq!(j["x"]["param"], x);
    assert_eq!(j["y"]["param"], y);
    let (xs, ys) = (values(j, "x"), values(j, "y"));
    let rows = j["cells"].as_array().unwrap();
    assert_eq!(rows.len(), ys.len(), "one row per y value");
    for r in rows {
        assert_eq!(
            r.as_array().unwrap().len(),
            xs.len(),
            "one column per x value"
        );
    }
    assert!(j["failed"].is_array());
    (xs, ys)
}

#[test]
fn divisible_cells_are_the_subcommands_values() {
    let j = json(&[
        "map",
        "divisible",
        "--x",
        "h=2..15:4",
        "--y",
        "beta=100..1e4:3:log",
        "--metric",
        "ratio_c_over_p",
        "--json",
    ]);
    let (xs, ys) = contract(&j, "divisible", "ratio_c_over_p", "h", "beta");
    assert_eq!(xs, vec![2.0, 6.0, 11.0, 15.0]);
    assert_eq!(ys.len(), 3);
    for (ix, iy) in [(0, 0), (3, 0), (2, 2), (1, 1)] {
        let (h, b) = (xs[ix].to_string(), ys[iy].to_string());
        let direct = model_value(&["divisible", "--h", &h, "--beta", &b], "ratio_c_over_p");
        assert!(same(cell(&j, ix, iy), direct), "h = {h}, β = {b}");
    }
    // The figures: 1.006 at h = 2, 1.97 at h = 15 (β = 100).
    assert!((cell(&j, 0, 0) - 1.006).abs() < 1e-3);
    assert!((cell(&j, 3, 0) - 1.97).abs() < 5e-3);
    // Other flags are the subcommand's: a pyramid, speedup of P.
    let j = json(&[
        "map",
        "divisible",
        "--network",
        "pyramid",
        "--x",
        "h=1..4:4",
        "--y",
        "beta=1..10:2",
        "--metric",
        "speedup_p",
        "--json",
    ]);
    let direct = model_value(
        &[
            "divisible",
            "--network",
            "pyramid",
            "--h",
            "3",
            "--beta",
            "10",
        ],
        "algorithms.P.speedup",
    );
    assert!(same(cell(&j, 2, 1), direct));
}

#[test]
fn geodecay_ratio_is_the_two_policies_times() {
    let j = json(&[
        "map",
        "geodecay",
        "--n",
        "1e9",
        "--x",
        "ell=2..1e18:4:log",
        "--y",
        "p=1..1e6:3:log",
        "--metric",
        "standard_over_improved",
        "--json",
    ]);
    let (xs, ys) = contract(&j, "geodecay", "standard_over_improved", "ell", "p");
    assert_eq!(ys, vec![1.0, 1000.0, 1e6]);
    for (ix, iy) in [(0, 0), (3, 2), (2, 1)] {
        let (ell, p) = (xs[ix].to_string(), ys[iy].to_string());
        let base = ["geodecay", "--n", "1e9", "--ell", &ell, "--p", &p];
        let time = |policy: &str| {
            let mut a = base.to_vec();
            a.extend(["--policy", policy]);
            model_value(&a, "time")
        };
        assert!(
            same(cell(&j, ix, iy), time("standard") / time("improved")),
            "ℓ = {ell}, p = {p}"
        );
    }
    let j = json(&[
        "map",
        "geodecay",
        "--x",
        "ell=2..1e6:3:log",
        "--y",
        "alpha=0.5..1:2",
        "--metric",
        "balancings",
        "--policy",
        "standard",
        "--json",
    ]);
    let direct = model_value(
        &[
            "geodecay", "--ell", "1000", "--alpha", "0.5", "--policy", "standard",
        ],
        "balancings",
    );
    assert!(same(cell(&j, 1, 0), direct));
}

#[test]
fn treesweep_cells_are_the_subcommands_values() {
    for metric in ["ratio", "optimal"] {
        let j = json(&[
            "map",
            "treesweep",
            "--x",
            "n=2..40:5",
            "--y",
            "tau=2..1e6:4:log",
            "--metric",
            metric,
            "--json",
        ]);
        let (xs, ys) = contract(&j, "treesweep", metric, "n", "tau");
        for (ix, iy) in [(0, 0), (4, 3), (2, 1)] {
            let (n, tau) = (xs[ix].to_string(), ys[iy].to_string());
            let direct = model_value(&["treesweep", "--n", &n, "--tau", &tau], metric);
            assert!(
                same(cell(&j, ix, iy), direct),
                "{metric} at n = {n}, τ = {tau}"
            );
        }
    }
}

#[test]
fn ksbf_cells_are_the_subcommands_values() {
    let j = json(&[
        "map",
        "ksbf",
        "--x",
        "n=2..12:4",
        "--y",
        "p=1..64:4:log",
        "--metric",
        "makespan_over_thm22",
        "--json",
    ]);
    let (xs, ys) = contract(&j, "ksbf", "makespan_over_thm22", "n", "p");
    assert_eq!(ys, vec![1.0, 4.0, 16.0, 64.0]);
    for (ix, iy) in [(0, 0), (3, 3), (1, 2)] {
        let a = [
            "ksbf",
            "--n",
            &xs[ix].to_string(),
            "--p",
            &ys[iy].to_string(),
        ];
        let direct = model_value(&a, "makespan") / model_value(&a, "thm22_bound");
        assert!(same(cell(&j, ix, iy), direct));
        // No cell is below 1 − a bound is a bound.
        assert!(cell(&j, ix, iy) <= 1.0 + 1e-12);
    }
    let j = json(&[
        "map",
        "ksbf",
        "--shape",
        "grid",
        "--x",
        "n=3..9:3",
        "--y",
        "p=2..8:2",
        "--metric",
        "efficiency",
        "--json",
    ]);
    let direct = model_value(
        &["ksbf", "--shape", "grid", "--n", "6", "--p", "8"],
        "efficiency",
    );
    assert!(same(cell(&j, 1, 1), direct));
}

#[test]
fn redistribute_cells_are_means_over_the_seeded_rings() {
    let samples = 3;
    let j = json(&[
        "map",
        "redistribute",
        "--x",
        "n=3..30:3",
        "--y",
        "max_delta=1..50:3:log",
        "--metric",
        "makespan_over_bound",
        "--samples",
        "3",
        "--seed",
        "7",
        "--json",
    ]);
    let (xs, ys) = contract(&j, "redistribute", "makespan_over_bound", "n", "max_delta");
    assert_eq!(j["samples"], 3);
    for (ix, iy) in [(0, 0), (2, 2), (1, 2)] {
        let spec = RandomSpec {
            seed: 7,
            n: xs[ix] as usize,
            max_delta: ys[iy] as i64,
            heterogeneous: false,
            direction: Direction::Bi,
            heavy: true,
        };
        let mean = (0..samples)
            .map(|k| {
                let ring = random_instance(&ring_spec(&spec, k));
                let delta: Vec<String> = ring.delta.iter().map(i64::to_string).collect();
                let d = format!("--delta={}", delta.join(","));
                let m = model_value(&["redistribute", &d], "makespan");
                let b = model_value(&["redistribute", &d], "lower_bound");
                if b == 0.0 { 1.0 } else { m / b }
            })
            .sum::<f64>()
            / samples as f64;
        assert!(
            (cell(&j, ix, iy) - mean).abs() <= 1e-12 * mean,
            "{} vs {mean}",
            cell(&j, ix, iy)
        );
    }
    // Rounds of Algorithm 3 as printed against corrected, ring by ring.
    let j = json(&[
        "map",
        "redistribute",
        "--x",
        "n=5..9:2",
        "--y",
        "max_delta=3..4:2",
        "--metric",
        "rounds_printed",
        "--samples",
        "1",
        "--json",
    ]);
    let spec = RandomSpec {
        seed: 1,
        n: 9,
        max_delta: 4,
        ..RandomSpec::default()
    };
    let ring = random_instance(&ring_spec(&spec, 0));
    let delta: Vec<String> = ring.delta.iter().map(i64::to_string).collect();
    let d = format!("--delta={}", delta.join(","));
    let direct = model_value(
        &["redistribute", &d, "--algorithm", "alg3-literal"],
        "rounds",
    );
    assert!(same(cell(&j, 1, 1), direct));
}

#[test]
fn integer_axes_are_rounded_to_distinct_values_and_failures_are_null() {
    let j = json(&[
        "map",
        "treesweep",
        "--x",
        "n=0..3:10",
        "--y",
        "tau=2..4:3",
        "--json",
    ]);
    let (xs, ys) = contract(&j, "treesweep", "ratio", "n", "tau");
    assert_eq!(xs, vec![0.0, 1.0, 2.0, 3.0]);
    assert_eq!(ys, vec![2.0, 3.0, 4.0]);
    // n = 0 is refused by the model: a column of nulls, each listed with its reason (τ = 0.5
    // made the row of nulls before a τ axis at or below 1 was refused as a whole).
    assert!((0..3).all(|k| j["cells"][k][0].is_null()), "{j}");
    let failed = j["failed"].as_array().unwrap();
    assert_eq!(failed.len(), 3);
    assert_eq!(failed[0]["x"], 0.0);
    assert!(failed[0]["error"].as_str().unwrap().contains("n"));
    assert!(j["cells"][0][1].is_number());
}

#[test]
fn csv_has_a_header_of_x_values_and_a_line_per_y_value() {
    let out = super::run(&[
        "map",
        "treesweep",
        "--x",
        "n=2..4:3",
        "--y",
        "tau=2..3:2",
        "--csv",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines[0], "tau \\ n,2,3,4");
    assert_eq!(lines.len(), 3);
    let j = json(&[
        "map",
        "treesweep",
        "--x",
        "n=2..4:3",
        "--y",
        "tau=2..3:2",
        "--json",
    ]);
    let last: f64 = lines[2].split(',').nth(3).unwrap().parse().unwrap();
    assert_eq!(last, cell(&j, 2, 1));
}

#[test]
fn bad_specs_are_one_error_line() {
    let m = ["map", "treesweep"];
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        m.iter().copied().chain(extra.iter().copied()).collect()
    };
    assert_error(&with(&["--x", "n", "--y", "tau=2..3:2"]), "PARAM=LO..HI:K");
    assert_error(
        &with(&["--x", "n=1..5", "--y", "tau=2..3:2"]),
        "K is missing",
    );
    assert_error(&with(&["--x", "n=5..1:3", "--y", "tau=2..3:2"]), "above HI");
    assert_error(
        &with(&["--x", "n=0..5:3:log", "--y", "tau=2..3:2"]),
        "LO > 0",
    );
    assert_error(
        &with(&["--x", "n=1..5:1000", "--y", "tau=2..3:2"]),
        "between 1 and 256",
    );
    assert_error(
        &with(&["--x", "q=1..5:3", "--y", "tau=2..3:2"]),
        "one of: n, tau",
    );
    assert_error(
        &with(&["--x", "n=1..5:3", "--y", "n=2..3:2"]),
        "same parameter",
    );
    assert_error(
        &with(&["--x", "n=1..5:3", "--y", "tau=2..3:2", "--metric", "speed"]),
        "one of: ratio, optimal",
    );
    assert_error(
        &with(&["--x", "n=1..5:3", "--y", "tau=2..3:2", "--schedule"]),
        "--schedule: not available in a map",
    );
    assert_error(
        &[
            "map",
            "divisible",
            "--x",
            "h=1..5:3",
            "--y",
            "beta=2..3:2",
            "--sweep",
            "h",
        ],
        "--sweep",
    );
    assert_error(
        &[
            "map",
            "redistribute",
            "--x",
            "n=3..5:3",
            "--y",
            "max_delta=2..3:2",
            "--samples",
            "0",
        ],
        "--samples",
    );
    // Refused before anything runs: far beyond the budget.
    assert_error(
        &[
            "map",
            "redistribute",
            "--x",
            "n=2000..10000:64",
            "--y",
            "max_delta=1e5..1e6:64",
            "--samples",
            "100",
        ],
        "more than the limit",
    );
    assert_error(&["map", "nosuchmodel"], "nosuchmodel");
}

#[test]
fn gui_view_names_a_view_and_an_unknown_one_is_refused_before_a_window_opens() {
    // One `error:` line, status 2, the bad value named; no window is opened.
    assert_error(&["gui", "--view", "nonsense"], "'nonsense'");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_loadlab"))
        .args(["gui", "--view", "nonsense"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: invalid value 'nonsense' for '--view"),
        "{err}"
    );
    // The three views parse: the next check (an unknown lesson) is what fails, still before
    // any window.
    for view in ["map", "compare", "workspace"] {
        assert_error(
            &["gui", "--view", view, "--lesson", "no-such-lesson"],
            "--lesson: no-such-lesson",
        );
    }
}

/// An axis mostly beyond its parameter's values is refused before anything runs, with the
/// values it takes (h = 1..10^9 exited 0 with a map of null cells).
#[test]
fn an_axis_beyond_its_parameter_is_refused_with_its_range() {
    super::common::assert_error(
        &[
            "map",
            "divisible",
            "--x",
            "h=1..1000000000:128",
            "--y",
            "beta=0.01..10000:16:log",
            "--json",
        ],
        "h takes values from 0 to 63: 127 of the 128 values",
    );
}

/// A log axis wider than a double (1e-200..1e200: hi / lo overflows) keeps its middle point,
/// 1, within β's range: 2 of its 3 values are beyond, as for 1e-150..1e150 (it said 3 of 3).
#[test]
fn a_log_axis_beyond_the_double_range_keeps_its_inner_points() {
    for wide in ["beta=1e-200..1e200:3:log", "beta=1e-150..1e150:3:log"] {
        assert_error(
            &["map", "divisible", "--x", "h=1..3:3", "--y", wide],
            "2 of the 3 values",
        );
    }
}

/// A failed cell is empty in the CSV, and a comment line under the table says why, as the
/// text does (the CSV alone showed empty cells and no reason).
#[test]
fn the_csv_says_why_a_cell_failed() {
    let args = ["map", "treesweep", "--x", "n=0..3:3", "--y", "tau=2..10:2"];
    let csv = super::common::stdout(&[&args[..], &["--csv"]].concat());
    let text = super::common::stdout(&args);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[..2], ["# treesweep map of ratio", "tau \\ n,0,2,3"]);
    // n = 0 is empty in both rows (the τ = 1 row, all empty, is now refused as an axis).
    assert!(lines[2].starts_with("2,,"), "{}", lines[2]);
    assert_eq!(lines[3], "10,,1,1");
    let why: Vec<&str> = lines[4..]
        .iter()
        .map(|l| l.strip_prefix("# ").unwrap())
        .collect();
    let said: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("failed at"))
        .collect();
    assert_eq!(why, said);
    assert_eq!(why.len(), 2, "n = 0 at τ = 2 and 10");
    assert!(
        why[0].starts_with("failed at n = 0, tau = 2: n: "),
        "{}",
        why[0]
    );
}

/// The README's table of map parameters and metrics is the catalogue's, model by model and in
/// order (it had lost geodecay's improved_over_optimal).
#[test]
fn the_readme_lists_every_map_parameter_and_metric() {
    use loadlab::model::registry::ModelId;
    let readme = include_str!("../../README.md");
    let start = readme
        .find("| model | parameters | metrics |")
        .expect("the README's map table");
    let rows: Vec<Vec<String>> = readme[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_owned())
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), ModelId::ALL.len());
    let names = |cell: &str| -> Vec<String> {
        cell.split(", ")
            .map(|n| n.split(' ').next().unwrap().to_owned())
            .collect()
    };
    for id in ModelId::ALL {
        let row = rows
            .iter()
            .find(|r| r[0] == id.name())
            .unwrap_or_else(|| panic!("no README row for {}", id.name()));
        let map = &loadlab::report::registry::row(id).map;
        let params: Vec<String> = map.params.iter().map(|p| p.name.to_owned()).collect();
        let metrics: Vec<String> = map.metrics.iter().map(|m| m.name.to_owned()).collect();
        assert_eq!(names(&row[1]), params, "{}", id.name());
        assert_eq!(names(&row[2]), metrics, "{}", id.name());
    }
}

/// τ > 1 is a strict bound: an axis starting at τ = 1 is refused before anything runs, in the
/// sliders' words ("above 1"); it was accepted with "tau takes values from 1 to 1000000000"
/// and its τ = 1 column failed cell by cell. Just above 1 is a map.
#[test]
fn a_tau_axis_at_its_open_bound_is_refused() {
    for (x, needle) in [
        ("tau=1..5:5", "1 of the 5 values of 1..5 is not above 1"),
        (
            "tau=0.5..1.5:3",
            "2 of the 3 values of 0.5..1.5 are not above 1",
        ),
    ] {
        let e = assert_error(&["map", "treesweep", "--x", x, "--y", "n=2..3:2"], needle);
        assert!(
            e.starts_with("error: --x: tau takes values above 1, at most 1000000000: "),
            "{e}"
        );
    }
    let e = assert_error(
        &[
            "map",
            "treesweep",
            "--x",
            "tau=2e9..3e9:3",
            "--y",
            "n=2..3:2",
        ],
        "3 of the 3 values",
    );
    assert!(
        e.contains("tau takes values above 1, at most 1000000000"),
        "{e}"
    );
    let v = json(&[
        "map",
        "treesweep",
        "--x",
        "tau=1.01..5:3",
        "--y",
        "n=2..3:2",
        "--json",
    ]);
    assert_eq!(v["x"]["values"][0], 1.01, "{v}");
    assert_eq!(v["failed"], serde_json::json!([]), "{v}");
}
