//! Black-box tests of the `loadlab` binary: JSON output, tables, presets, the error contract.

#[path = "cli/common.rs"]
mod common;

use common::{assert_error, json, run};

#[test]
fn table_i_row_15() {
    let j = json(&[
        "divisible",
        "--b",
        "2",
        "--h",
        "15",
        "--beta",
        "100",
        "--json",
    ]);
    assert_eq!(j["network"], "tree");
    assert_eq!(j["b"], 2);
    assert_eq!(j["h"], 15);
    assert_eq!(j["processors"], 65535);
    let algos = &j["algorithms"];
    for (m, printed) in [("C", 0.98173), ("P", 0.49902), ("Q", 0.49893)] {
        let t = algos[m]["time"].as_f64().unwrap();
        let s = algos[m]["simulated_time"].as_f64().unwrap();
        assert!((t - printed).abs() < 0.5e-5, "{m}: {t} vs {printed}");
        assert!((s - t).abs() <= 1e-9 * t, "{m}: simulated {s} vs {t}");
        let sp = algos[m]["speedup"].as_f64().unwrap();
        assert!((sp - 100.0 / t).abs() < 1e-9 * sp);
    }
    assert_eq!(algos["P"]["asymptotic_speedup"].as_f64(), Some(201.0));
    let sc = algos["C"]["asymptotic_speedup"].as_f64().unwrap();
    // Theorem 2 with b = 2, β = 100: (√10601 + 101)/2.
    assert!((sc - (10601f64.sqrt() + 101.0) / 2.0).abs() < 1e-9);
}

#[test]
fn only_requested_algorithms_present() {
    let j = json(&[
        "divisible",
        "--network",
        "pyramid",
        "--h",
        "4",
        "--beta",
        "100",
        "--algorithm",
        "Q",
        "--json",
    ]);
    let a = j["algorithms"].as_object().unwrap();
    assert_eq!(a.keys().collect::<Vec<_>>(), vec!["Q"]);
    assert_eq!(j["b"], 4);
    assert_eq!(j["processors"], 341);
    assert!((a["Q"]["time"].as_f64().unwrap() - 0.53923).abs() < 0.5e-5);
}

#[test]
fn readable_table_without_json() {
    let out = run(&["divisible", "--h", "3"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("N = 15"), "{text}");
    for m in ["C ", "P ", "Q "] {
        assert!(text.lines().any(|l| l.starts_with(m)), "{text}");
    }
}

#[test]
fn sweep_in_json() {
    let j = json(&["divisible", "--sweep", "h", "--h-max", "15", "--json"]);
    let s = j["sweep"].as_array().unwrap();
    assert_eq!(s.len(), 16);
    assert!((s[7]["C"]["time"].as_f64().unwrap() - 1.32525).abs() < 0.5e-5);
}

#[test]
fn bad_input_is_one_error_line() {
    assert_error(&["divisible", "--b", "1"], "b must be at least 2");
    assert_error(&["divisible", "--h", "-1"], "h must be at least 0");
    assert_error(&["divisible", "--h", "64"], "overflows");
    assert_error(
        &["divisible", "--network", "pyramid", "--h", "32"],
        "overflows",
    );
    assert_error(&["divisible", "--beta", "0"], "positive");
    assert_error(&["divisible", "--beta", "-3"], "positive");
    assert_error(&["divisible", "--beta", "nan"], "finite");
    assert_error(&["divisible", "--beta", "inf"], "finite");
    assert_error(&["divisible", "--beta", "abc"], "abc");
    assert_error(&["divisible", "--network", "ring"], "ring");
    assert_error(&["nosuchcommand"], "nosuchcommand");
    assert_error(&["eval", "/nonexistent/file.ron"], "no such file");
}

/// A refusal names the flag the user typed and counts in that flag's unit.
#[test]
fn refusals_name_the_flag_given_in_its_unit() {
    // No --link was given: the picture's own flag is named.
    let e = assert_error(
        &["link", "treesweep-small", "--picture", "Nope"],
        "no picture \"Nope\"",
    );
    assert!(e.starts_with("error: --picture: "), "{e}");
    let e = assert_error(&["link", "treesweep-small", "--plot", "Nope"], "no plot");
    assert!(e.starts_with("error: --plot: "), "{e}");
    // --sweep seeds is there; it is the CSV that the parts are not.
    let shard = ["geodecay", "--sweep", "seeds", "--csv", "--shard", "1/4"];
    let e = assert_error(&shard, "not --csv");
    assert!(!e.contains("only the seed study"), "{e}");
    // --budget counts exact solves: 400 by default, 16 restarts of 25.
    let gaps = [
        "gaps",
        "redistribute",
        "--against",
        "system12",
        "--max-n",
        "8",
        "--max-delta",
        "10",
        "--max-cost",
        "20",
    ];
    assert_error(&gaps, "--budget: 400 exact solves (16 restarts)");
    // The exact search blames the cost that does not fit, on its own flag (61 units on the
    // fourth counter-clockwise link was blamed on --cw).
    let exact = [
        "redistribute",
        "--delta=2,-1,0,-1",
        "--algorithm",
        "exact",
        "--cw",
        "1,1,1,1",
        "--ccw",
        "1,1,1,61",
    ];
    let e = assert_error(&exact, "entry 4 (61) does not fit");
    assert!(e.starts_with("error: --ccw: "), "{e}");
    // A one-way ring refuses --ccw for what it is (it asked for --cw first, then refused
    // --ccw anyway).
    let uni = [
        "redistribute",
        "--direction",
        "uni",
        "--ccw",
        "1,1,1",
        "--delta=1,-1,0",
    ];
    assert_error(&uni, "--ccw: a unidirectional ring has no links");
}

#[test]
fn presets_listed_and_evaluated() {
    let out = run(&["presets"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().count() >= 4, "{text}");
    assert!(
        text.lines().all(|l| [
            " divisible ",
            " geodecay ",
            " treesweep ",
            " ksbf ",
            " redistribute "
        ]
        .iter()
        .any(|m| l.contains(m))),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.starts_with("geodecay-huge-ell")),
        "{text}"
    );
    // A table: the model and the title start in the same column on every line (the long
    // names "compare-redistribute-…" and "redistribute" once pushed theirs to the right).
    let starts = |l: &str| {
        let chars: Vec<char> = l.chars().collect();
        (1..chars.len())
            .filter(|&i| chars[i - 1] == ' ' && chars[i] != ' ')
            .take(2)
            .collect::<Vec<usize>>()
    };
    let first = starts(text.lines().next().unwrap());
    assert!(text.lines().all(|l| starts(l) == first), "{text}");
    let j = json(&["eval", "divisible-table-2", "--json"]);
    assert_eq!(j["network"], "pyramid");
    assert_eq!(j["h"], 15);
    assert!((j["algorithms"]["C"]["time"].as_f64().unwrap() - 0.33186).abs() < 0.5e-5);
}

#[test]
fn eval_of_a_file_matches_the_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.ron");
    std::fs::write(
        &path,
        "(version: 1, name: \"t\", description: \"\", scenario: Divisible((network: Tree, b: 3, h: 6, beta: 2.5, algorithm: All)))",
    )
    .unwrap();
    let a = json(&["eval", path.to_str().unwrap(), "--json"]);
    let b = json(&[
        "divisible",
        "--b",
        "3",
        "--h",
        "6",
        "--beta",
        "2.5",
        "--json",
    ]);
    assert_eq!(a, b);
}

#[test]
fn broken_presets_are_reported_with_position() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    std::fs::write(
        &bad,
        "(\n  version: 1,\n  name: \"x\",\n  scenario: Divisible((b: \"two\")),\n)",
    )
    .unwrap();
    assert_error(&["eval", bad.to_str().unwrap()], "bad.ron:4:");
    let newer = dir.path().join("newer.ron");
    std::fs::write(&newer, "(version: 99, name: \"x\", scenario: Future(()))").unwrap();
    assert_error(&["eval", newer.to_str().unwrap()], "newer");
    let big = dir.path().join("big.ron");
    std::fs::write(&big, vec![b' '; 2 * 1024 * 1024]).unwrap();
    assert_error(&["eval", big.to_str().unwrap()], "1 MiB");
    let invalid = dir.path().join("invalid.ron");
    std::fs::write(
        &invalid,
        "(version: 1, name: \"x\", scenario: Divisible((b: 1)))",
    )
    .unwrap();
    assert_error(&["eval", invalid.to_str().unwrap()], "b must be at least 2");
}

#[test]
fn help_and_version_succeed() {
    assert!(run(&["--help"]).status.success());
    assert!(run(&["--version"]).status.success());
    assert!(run(&["divisible", "--help"]).status.success());
}

#[test]
fn geodecay_json_fields() {
    let j = json(&[
        "geodecay", "--n", "1e9", "--p", "1e4", "--alpha", "1", "--ell", "2^64", "--policy",
        "improved", "--json",
    ]);
    for key in [
        "time",
        "balancings",
        "rounds",
        "brent",
        "additive_overhead",
        "overhead",
        "lg_ell",
        "lg_star_ell",
        "balancings_init",
        "balancings_phases",
    ] {
        assert!(j.get(key).is_some(), "missing {key}: {j}");
    }
    assert_eq!(j["lg_ell"].as_f64(), Some(64.0));
    assert_eq!(j["lg_star_ell"], 4);
    let b = j["balancings"].as_u64().unwrap();
    assert_eq!(
        b,
        j["balancings_init"].as_u64().unwrap() + j["balancings_phases"].as_u64().unwrap()
    );
    // The overhead is the additive overhead over ℓ.
    let (add, ov) = (
        j["additive_overhead"].as_f64().unwrap(),
        j["overhead"].as_f64().unwrap(),
    );
    assert!((add / 2f64.powi(64) - ov).abs() < 1e-9 * ov);
    // The improved policy needs at most lg* ℓ + 2 balancings after its initialisation phase.
    assert!(j["balancings_phases"].as_u64().unwrap() <= 6);
    // The standard policy balances about lg(n/(c·p))/α ≈ 16.6 times.
    let s = json(&[
        "geodecay", "--n", "1e9", "--p", "1e4", "--ell", "2^64", "--policy", "standard", "--json",
    ]);
    let sb = s["balancings"].as_f64().unwrap();
    assert!((sb - (1e9f64 / 1e4).log2()).abs() <= 1.5, "{sb}");
}

#[test]
fn geodecay_overhead_is_the_papers_and_its_label_says_which_t() {
    // Gil & Matias (2)–(4): an implementation in time n/p + τ + T has additive overhead T, and
    // the overhead is T/ℓ for that T. With loadlab's T the total time: (T − (n/p + rounds))/ℓ.
    let args = [
        "geodecay", "--n", "2^30", "--p", "2^16", "--ell", "30", "--policy", "improved",
    ];
    let j = json(&[&args[..], &["--json"]].concat());
    let (time, rounds) = (j["time"].as_f64().unwrap(), j["rounds"].as_f64().unwrap());
    let additive = time - (2f64.powi(14) + rounds);
    assert!((j["overhead"].as_f64().unwrap() - additive / 30.0).abs() < 1e-9);
    let text = String::from_utf8(run(&args).stdout).unwrap();
    let row = text.lines().find(|l| l.starts_with("overhead")).unwrap();
    assert!(row.starts_with("overhead (T − Brent)/ℓ "), "{row}");
    assert!(!text.contains("overhead T/ℓ"), "{text}");
}

#[test]
fn geodecay_random_runs_reproduce() {
    let args = [
        "geodecay",
        "--decay",
        "random",
        "--survivors",
        "random",
        "--seed",
        "7",
        "--n",
        "100000",
        "--p",
        "100",
        "--json",
    ];
    assert_eq!(json(&args), json(&args));
    let mut other = args;
    other[6] = "8";
    assert_ne!(json(&args)["time"], json(&other)["time"]);
}

#[test]
fn geodecay_bad_input() {
    assert_error(
        &["geodecay", "--n", "0"],
        "n (initial tasks) must be at least 1",
    );
    assert_error(
        &["geodecay", "--p", "-2"],
        "p (processors) must be at least 1",
    );
    assert_error(
        &["geodecay", "--alpha", "-1"],
        "α (decay rate) must be positive",
    );
    assert_error(&["geodecay", "--alpha", "nan"], "finite");
    assert_error(
        &["geodecay", "--ell", "-5"],
        "ℓ (load-balancing cost) must be at least 0",
    );
    assert_error(&["geodecay", "--ell", "inf"], "finite");
    assert_error(&["geodecay", "--c", "0"], "c must be positive");
    assert_error(
        &["geodecay", "--policy", "every", "--every", "0"],
        "k must be at least 1",
    );
    assert_error(&["geodecay", "--policy", "sometimes"], "sometimes");
}

#[test]
fn treesweep_json_fields_and_schedule() {
    let j = json(&["treesweep", "--n", "5", "--tau", "2.5", "--json"]);
    for key in [
        "n",
        "tau",
        "optimal",
        "py",
        "ratio",
        "top_cluster",
        "processors",
        "exhaustive_optimal",
    ] {
        assert!(j.get(key).is_some(), "missing {key}: {j}");
    }
    assert_eq!(j["optimal"], j["exhaustive_optimal"]);
    let (t, py) = (j["optimal"].as_f64().unwrap(), j["py"].as_f64().unwrap());
    assert!(t <= py && py <= 2.0 * t);
    // The processor count is always the exact integer as a string, with an f64 beside it.
    assert_eq!(j["processors"], "11");
    assert_eq!(j["processors_f64"], 11.0);
    // Large n: no exhaustive value, a processor count far beyond 2^53 (and u128), still exact.
    let big = json(&["treesweep", "--n", "200", "--tau", "1e4", "--json"]);
    assert!(big["exhaustive_optimal"].is_null());
    let digits = big["processors"].as_str().unwrap();
    assert!(
        digits.len() > 50 && digits.bytes().all(|b| b.is_ascii_digit()),
        "{digits}"
    );
    let approx = big["processors_f64"].as_f64().unwrap();
    assert!((digits.parse::<f64>().unwrap() / approx - 1.0).abs() < 1e-12);
    // At most 2^n − 1 processors (one per node).
    let nodes = json(&["treesweep", "--n", "1000", "--tau", "1.01", "--json"]);
    let p = nodes["processors"].as_str().unwrap();
    assert!(p.len() <= 302 && !p.starts_with('0'), "{p}");
    // The schedule: heap numbering, a valid up-sweep (children before parents).
    let s = json(&[
        "treesweep",
        "--n",
        "4",
        "--tau",
        "3",
        "--schedule",
        "--json",
    ]);
    let nodes = s["schedule"].as_array().unwrap();
    assert_eq!(nodes.len(), 15);
    let start = |k: usize| nodes[k - 1]["time"].as_f64().unwrap();
    let proc_ = |k: usize| nodes[k - 1]["processor"].as_u64().unwrap();
    for k in 1..8 {
        for c in [2 * k, 2 * k + 1] {
            let delay = if proc_(c) == proc_(k) { 1.0 } else { 4.0 };
            assert!(
                start(k) >= start(c) + delay - 1e-9,
                "node {k} before child {c}"
            );
        }
    }
    assert_eq!(
        nodes
            .iter()
            .map(|n| n["time"].as_f64().unwrap() + 1.0)
            .fold(0.0, f64::max),
        s["optimal"].as_f64().unwrap()
    );
}

#[test]
fn treesweep_bad_input() {
    assert_error(&["treesweep", "--tau", "1"], "τ must be greater than 1");
    assert_error(&["treesweep", "--tau", "0.5"], "fine-grain");
    assert_error(&["treesweep", "--tau", "nan"], "finite");
    assert_error(
        &["treesweep", "--n", "0"],
        "n (tree height) must be at least 1",
    );
    assert_error(&["treesweep", "--n", "17", "--schedule"], "n ≤ 16");
    assert_error(&["treesweep", "--n", "100000"], "at most");
}

#[test]
fn ksbf_json_and_assignments() {
    let j = json(&[
        "ksbf",
        "--shape",
        "tree",
        "--n",
        "6",
        "--p",
        "4",
        "--assignments",
        "--json",
    ]);
    for key in [
        "nodes",
        "makespan",
        "work",
        "first_step",
        "bound",
        "ideal",
        "speedup",
        "efficiency",
        "assignments",
    ] {
        assert!(j.get(key).is_some(), "missing {key}");
    }
    assert_eq!(j["nodes"], 63);
    let work: Vec<u64> = j["work"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    assert_eq!(work.iter().sum::<u64>(), 63);
    // Lemma 1.1(a): node x (heap number) runs on PE (number of 1s after the leading 1) mod p.
    for a in j["assignments"].as_array().unwrap() {
        let node = a["node"].as_u64().unwrap();
        assert_eq!(
            a["pe"].as_u64().unwrap(),
            u64::from(node.count_ones() - 1) % 4,
            "{a}"
        );
    }
    assert!(j["makespan"].as_f64().unwrap() <= j["bound"].as_f64().unwrap());
    let g = json(&[
        "ksbf",
        "--shape",
        "grid",
        "--n",
        "5",
        "--p",
        "3",
        "--assignments",
        "--json",
    ]);
    assert_eq!(g["nodes"], 15);
    assert!(g["assignments"][0]["node"].is_string());
    let r = json(&[
        "ksbf",
        "--shape",
        "random-tree",
        "--n",
        "10",
        "--p",
        "4",
        "--spawn-prob",
        "0.9",
        "--seed",
        "3",
        "--json",
    ]);
    assert!(r["bound"].is_null());
}

/// Theorem 2.1's exact shares are KS's: a node reached by k right steps from the root runs on
/// P_(k mod p), and T_6 has C(6, k + 1) of them, so on R_4 KS gives P0 C(6,1) + C(6,5) = 12,
/// P1 C(6,2) + C(6,6) = 16, P2 C(6,3) = 20 and P3 C(6,4) = 15. Under random sends the text
/// printed "✗ the exact work shares of Theorem 2.1 … are the simulated W_i" and a column
/// "exact W_i": a failed claim of the paper, on a run it makes none about.
#[test]
fn ksbf_text_sets_ks_shares_beside_another_policy_without_a_claim() {
    let args = |balance: &'static str| ["ksbf", "--n", "6", "--p", "4", "--balance", balance];
    let text = common::stdout(&args("random"));
    assert!(!text.contains("Theorem 2.1"), "{text}");
    let checks = text.split("checks:\n").nth(1).expect("a checks section");
    assert!(checks.starts_with("(none)\n"), "{text}");
    let header = text.lines().find(|l| l.starts_with("pe ")).expect("per PE");
    assert!(header.contains("KS's exact W_i"), "{header}");
    let j = json(&[
        "ksbf",
        "--n",
        "6",
        "--p",
        "4",
        "--balance",
        "random",
        "--json",
    ]);
    assert_eq!(j["exact_work"], serde_json::json!([12, 16, 20, 15]));
    let work: Vec<u64> = serde_json::from_value(j["work"].clone()).unwrap();
    assert_eq!(work.iter().sum::<u64>(), 63);
    assert_ne!(work, [12, 16, 20, 15], "seed 1's random sends are not KS's");
    // Under KS the claim stands, and holds.
    let text = common::stdout(&args("ks"));
    let claim = "the exact work shares of Theorem 2.1 (corrected) are the simulated W_i  yes";
    assert!(text.contains(claim), "{text}");
    let header = text.lines().find(|l| l.starts_with("pe ")).expect("per PE");
    assert!(
        header.contains("exact W_i") && !header.contains("KS's"),
        "{header}"
    );
}

#[test]
fn ksbf_bad_input() {
    assert_error(&["ksbf", "--p", "0"], "p (ring size) must be at least 1");
    assert_error(&["ksbf", "--n", "0"], "n must be at least 1");
    assert_error(
        &["ksbf", "--shape", "random-tree", "--spawn-prob", "1.5"],
        "spawn-prob",
    );
    assert_error(&["ksbf", "--shape", "tree", "--n", "40"], "n");
    assert_error(
        &["ksbf", "--shape", "tree", "--n", "20", "--assignments"],
        "too many to list",
    );
}

#[test]
fn redistribute_json_fields_and_rounds() {
    // The default 12-ring: Algorithm 3 meets Lemma 6 (4 rounds) and verifies itself.
    let d = "3,-1,2,0,-4,1,2,-2,0,1,-3,1";
    let v = json(&["redistribute", "--delta", d, "--rounds", "--json"]);
    for key in [
        "algorithm",
        "lower_bound",
        "makespan",
        "valid",
        "violations",
        "rounds",
        "flows",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["algorithm"], "alg3");
    assert_eq!(v["rounds"], 4);
    assert_eq!(v["makespan"], 4.0);
    assert_eq!(v["lower_bound"], 4.0);
    // One gap: makespan − lower bound (0 when Lemma 6 is met); the quotient apart.
    assert_eq!(v["gap"], 0.0);
    assert_eq!(v["makespan_over_bound"], 1.0);
    assert_eq!(v["valid"], true);
    assert_eq!(v["violations"].as_array().unwrap().len(), 0);
    assert!(v.get("light").is_none(), "light is only for the LP");
    let schedule = v["schedule"].as_array().unwrap();
    assert_eq!(schedule.len(), 4);
    // Every round is one-port: no processor sends or receives twice.
    for round in schedule {
        let sends = round.as_array().unwrap();
        let mut from: Vec<i64> = sends.iter().map(|s| s["from"].as_i64().unwrap()).collect();
        let mut to: Vec<i64> = sends.iter().map(|s| s["to"].as_i64().unwrap()).collect();
        from.sort();
        to.sort();
        assert!(from.windows(2).all(|w| w[0] != w[1]), "{round}");
        assert!(to.windows(2).all(|w| w[0] != w[1]), "{round}");
    }
    // flows[i] is the net over P_i → P_{i+1}; it reproduces δ: δ_i = flows[i] − flows[i−1].
    let flows: Vec<i64> = v["flows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_i64().unwrap())
        .collect();
    let delta: Vec<i64> = d.split(',').map(|x| x.parse().unwrap()).collect();
    for i in 0..12 {
        assert_eq!(flows[i] - flows[(i + 11) % 12], delta[i]);
    }
    // The printed reading of Algorithm 3 makes a processor send what it does not hold.
    let v = json(&[
        "redistribute",
        "--delta",
        d,
        "--algorithm",
        "alg3-literal",
        "--json",
    ]);
    assert_eq!(v["valid"], false);
    assert!(
        v["violations"][0]
            .as_str()
            .unwrap()
            .contains("does not hold"),
        "{v}"
    );
}

#[test]
fn redistribute_unidirectional_and_lp() {
    // Algorithm 1 meets Lemma 1; Algorithm 2 meets Lemma 5 (= corrected Theorem 2).
    let v = json(&[
        "redistribute",
        "--delta",
        "2,-1,3,-4",
        "--direction",
        "uni",
        "--json",
    ]);
    assert_eq!(v["algorithm"], "alg1");
    assert_eq!(v["makespan"], v["lower_bound"]);
    assert_eq!(v["valid"], true);
    let v = json(&[
        "redistribute",
        "--delta",
        "1,-1,0",
        "--direction",
        "uni",
        "--cw",
        "1,100,1",
        "--json",
    ]);
    assert_eq!(v["algorithm"], "alg2");
    assert_eq!(v["makespan"], 1.0);
    assert_eq!(v["bounds"]["Theorem 2 (as printed)"]["value"], 100.0);
    // A heterogeneous bidirectional ring: System 6 with the light flag.
    let v = json(&[
        "redistribute",
        "--delta",
        "2,-1,0,-1",
        "--loads",
        "5,5,5,5",
        "--cw",
        "1,2,3,4",
        "--ccw",
        "4,3,2,1",
        "--json",
    ]);
    assert_eq!(v["algorithm"], "lp");
    assert_eq!(v["light"], true);
    assert_eq!(v["valid"], true);
    assert!(v["makespan"].as_f64().unwrap() >= v["lower_bound"].as_f64().unwrap());
    let v = json(&[
        "redistribute",
        "--delta",
        "2,-1,0,-1",
        "--cw",
        "1,2,3,4",
        "--ccw",
        "4,3,2,1",
        "--algorithm",
        "lp-load",
        "--json",
    ]);
    assert_eq!(v["algorithm"], "lp-load");
    assert_eq!(v["light"], true);
}

#[test]
fn redistribute_bad_input() {
    assert_error(&["redistribute", "--delta", "1,-2,0"], "Σδ = -1");
    assert_error(&["redistribute", "--delta", "1,x,-1"], "entry 2");
    assert_error(&["redistribute", "--delta", "1,2.5,-1"], "integer");
    assert_error(&["redistribute", "--delta", "1,,-1"], "empty");
    assert_error(&["redistribute", "--delta", "0"], "at least 2");
    assert_error(
        &["redistribute", "--delta", "1,-1", "--loads", "1,1,1"],
        "entries",
    );
    assert_error(
        &["redistribute", "--delta", "1,-1", "--loads", "1,1"],
        "L_1",
    );
    assert_error(&["redistribute", "--delta", "1,-1", "--c", "0"], "> 0");
    assert_error(&["redistribute", "--delta", "1,-1", "--c", "nan"], "c");
    assert_error(
        &[
            "redistribute",
            "--delta",
            "1,-1,0",
            "--cw",
            "1,1,-2",
            "--ccw",
            "1,1,1",
        ],
        "--cw",
    );
    assert_error(
        &["redistribute", "--delta", "1,-1,0", "--cw", "1,1,1"],
        "--ccw",
    );
    assert_error(
        &[
            "redistribute",
            "--delta",
            "1,-1,0",
            "--cw",
            "1,2,3",
            "--ccw",
            "1,1,1",
            "--algorithm",
            "alg3",
        ],
        "homogeneous",
    );
    assert_error(
        &[
            "redistribute",
            "--delta",
            "1,-1,0",
            "--direction",
            "uni",
            "--algorithm",
            "lp",
        ],
        "bidirectional",
    );
}

#[test]
fn redistribute_heavy_lp_needs_forwarding() {
    // System 6's optimum is not light here: Lemma 9's schedule sends items P2 does not hold yet,
    // the forwarding schedule of the same flows is valid.
    let args = |alg: &'static str| {
        [
            "redistribute",
            "--delta",
            "3,0,-3",
            "--loads",
            "4,1,1",
            "--cw",
            "2,1,1",
            "--ccw",
            "10,10,10",
            "--algorithm",
            alg,
            "--json",
        ]
    };
    let v = json(&args("lp"));
    assert_eq!(v["light"], false);
    assert_eq!(v["valid"], false);
    assert!(
        v["violations"][0].as_str().unwrap().contains("holds none"),
        "{v}"
    );
    let v = json(&args("lp-forward"));
    assert_eq!(v["valid"], true, "{v}");
    assert_eq!(v["makespan"], 6.0);
    assert!(v["makespan"].as_f64().unwrap() >= v["lower_bound"].as_f64().unwrap());
}

#[path = "cli/csv.rs"]
mod csv;

#[path = "cli/fuzz.rs"]
mod fuzz;

#[path = "cli/budget.rs"]
mod budget;

#[path = "cli/errata.rs"]
mod errata;
#[path = "cli/exercise.rs"]
mod exercise;
#[path = "cli/exercise_divisible.rs"]
mod exercise_divisible;
#[path = "cli/exercise_treesweep.rs"]
mod exercise_treesweep;
#[path = "cli/homework.rs"]
mod homework;
#[path = "cli/lessons.rs"]
mod lessons;
#[path = "cli/map.rs"]
mod map;
#[path = "cli/pseudocode.rs"]
mod pseudocode;
#[path = "cli/quiz_homework.rs"]
mod quiz_homework;
#[path = "cli/reliability.rs"]
mod reliability;

#[path = "cli/fuzz_surfaces.rs"]
mod fuzz_surfaces;
#[path = "cli/fuzz_web.rs"]
mod fuzz_web;
/// Issue 27: the exact optimum, the gap search, shards.
#[path = "cli/lab.rs"]
mod lab;
#[path = "cli/render.rs"]
mod render;
/// Issue 36: reliability round 3.
#[path = "cli/round3.rs"]
mod round3;

#[path = "cli/alg3_scale.rs"]
mod alg3_scale;

/// Issue 38: one grammar — the CLI and a lesson check read every model command alike.
#[path = "cli/grammar.rs"]
mod grammar;
