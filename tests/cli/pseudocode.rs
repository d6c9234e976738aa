//! `loadlab pseudocode` and the redistribution trace (issue 14): the registry covers every
//! model, every id a model's `--json` reports in `algorithm` is in it, and Algorithm 3's trace on
//! random rings has one entry per round whose δ_max is Lemma 6's value on the δ before it
//! (computed here by brute force over every slice) and whose sends cite existing lines.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::common::{assert_error, json, run};

/// id → the step labels of its lines.
fn registry() -> HashMap<String, (String, HashSet<String>)> {
    let j = json(&["pseudocode", "--json"]);
    j["algorithms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let steps = a["lines"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l["step"].as_str().unwrap().to_owned())
                .collect();
            (
                a["id"].as_str().unwrap().to_owned(),
                (a["model"].as_str().unwrap().to_owned(), steps),
            )
        })
        .collect()
}

#[test]
fn pseudocode_lists_ten_algorithms_of_every_model() {
    let j = json(&["pseudocode", "--json"]);
    let algos = j["algorithms"].as_array().unwrap();
    assert!(algos.len() >= 10, "{}", algos.len());
    let mut models = HashSet::new();
    for a in algos {
        for key in ["id", "model", "title"] {
            assert!(!a[key].as_str().unwrap().is_empty(), "{a}");
        }
        let lines = a["lines"].as_array().unwrap();
        assert!(lines.len() >= 3, "{}", a["id"]);
        for l in lines {
            assert!(!l["step"].as_str().unwrap().is_empty());
            assert!(!l["text"].as_str().unwrap().is_empty());
        }
        models.insert(a["model"].as_str().unwrap().to_owned());
    }
    for m in ["divisible", "geodecay", "treesweep", "ksbf", "redistribute"] {
        assert!(models.contains(m), "{m} missing");
    }
    let reg = registry();
    for id in [
        "alg1",
        "alg2",
        "alg3",
        "alg3-literal",
        "lp",
        "fine-grain",
        "py",
        "ks",
        "bf",
    ] {
        assert!(reg.contains_key(id), "{id}");
    }
    // Step 32 is loadlab's feeding: in the corrected reading only, with its reason.
    assert!(reg["alg3"].1.contains("32"));
    assert!(!reg["alg3-literal"].1.contains("32"));
    let alg3 = algos.iter().find(|a| a["id"] == "alg3").unwrap();
    let feed = alg3["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["step"] == "32")
        .unwrap();
    assert!(feed["note"].as_str().unwrap().contains("loadlab"));
}

#[test]
fn pseudocode_text_and_filters() {
    let out = run(&["pseudocode", "--id", "fine-grain"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("1.2(b)") && text.contains("(4)"), "{text}");
    let j = json(&["pseudocode", "--model", "divisible", "--json"]);
    let ids: Vec<&str> = j["algorithms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["C", "P", "Q"]);
    assert_error(&["pseudocode", "--id", "alg9"], "alg3");
    assert_error(&["pseudocode", "--model", "nope"], "redistribute");
}

/// Every id a model's `--json` reports in its `algorithm` field names a pseudo-code entry of
/// that model.
#[test]
fn every_reported_algorithm_has_pseudocode() {
    let reg = registry();
    let runs: [(&str, &[&str]); 10] = [
        ("divisible", &["divisible", "--json"]),
        ("divisible", &["divisible", "--algorithm", "Q", "--json"]),
        ("geodecay", &["geodecay", "--json"]),
        ("geodecay", &["geodecay", "--policy", "every", "--json"]),
        ("geodecay", &["geodecay", "--policy", "standard", "--json"]),
        ("treesweep", &["treesweep", "--json"]),
        ("ksbf", &["ksbf", "--json"]),
        (
            "ksbf",
            &["ksbf", "--balance", "random", "--schedule", "df", "--json"],
        ),
        (
            "redistribute",
            &["redistribute", "--delta", "2,-1,-1", "--json"],
        ),
        (
            "redistribute",
            &[
                "redistribute",
                "--delta",
                "2,-1,-1",
                "--cw",
                "1,2,3",
                "--ccw",
                "2,1,1",
                "--json",
            ],
        ),
    ];
    for (model, args) in runs {
        let j = json(args);
        let ids: Vec<String> = match &j["algorithm"] {
            Value::String(s) => vec![s.clone()],
            Value::Array(a) => a.iter().map(|v| v.as_str().unwrap().to_owned()).collect(),
            other => panic!("{args:?}: algorithm = {other}"),
        };
        assert!(!ids.is_empty());
        for id in ids {
            let (m, _) = reg
                .get(&id)
                .unwrap_or_else(|| panic!("{args:?}: {id} not listed"));
            assert_eq!(m, model, "{id}");
        }
    }
    // The Q-only run reports exactly Q.
    assert_eq!(
        json(&["divisible", "--algorithm", "Q", "--json"])["algorithm"],
        serde_json::json!(["Q"])
    );
}

/// Lemma 6's value by brute force: max over single processors of |δ_i| and over slices of
/// 2 … n − 1 consecutive processors of ⌈|δ_{k,l}|/2⌉.
fn lemma6(delta: &[i64]) -> i64 {
    let n = delta.len();
    let mut best = delta.iter().map(|d| d.abs()).max().unwrap_or(0);
    for k in 0..n {
        for len in 2..n {
            let s: i64 = (0..len).map(|j| delta[(k + j) % n]).sum();
            best = best.max((s.abs() + 1) / 2);
        }
    }
    best
}

/// A seeded random unbalance vector summing to 0.
fn ring(seed: &mut u64) -> Vec<i64> {
    let mut next = |m: u64| {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) % m
    };
    let n = 3 + next(7) as usize;
    let mut d: Vec<i64> = (0..n).map(|_| next(9) as i64 - 4).collect();
    let s: i64 = d.iter().sum();
    d[n - 1] -= s;
    d
}

#[test]
fn algorithm_3_trace_on_random_rings() {
    let reg = registry();
    let mut seed = 14u64;
    for case in 0..30 {
        let delta = ring(&mut seed);
        let list: Vec<String> = delta.iter().map(i64::to_string).collect();
        let list = list.join(",");
        for alg in ["alg3", "alg3-literal"] {
            let j = json(&[
                "redistribute",
                "--delta",
                &list,
                "--algorithm",
                alg,
                "--rounds",
                "--json",
            ]);
            let schedule = j["schedule"].as_array().unwrap();
            let trace = j["trace"].as_array().unwrap();
            assert_eq!(schedule.len(), trace.len(), "case {case} {alg} δ = {list}");
            assert_eq!(j["rounds"].as_u64().unwrap() as usize, trace.len());
            let steps = &reg[alg].1;
            let mut d = delta.clone();
            let n = d.len();
            for (r, (sends, t)) in schedule.iter().zip(trace).enumerate() {
                assert_eq!(t["round"].as_u64(), Some(r as u64 + 1));
                let want = lemma6(&d);
                assert_eq!(
                    t["delta_max"].as_i64(),
                    Some(want),
                    "case {case} {alg} δ = {list}, round {} on {d:?}",
                    r + 1
                );
                assert!(!t["text"].as_str().unwrap().is_empty());
                assert!(
                    t["text"]
                        .as_str()
                        .unwrap()
                        .contains(&format!("δ_max = {want}"))
                );
                // Listed maximal slices are 1-based, non-trivial and attain δ_max.
                for s in t["maximal_slices"].as_array().unwrap() {
                    let (a, b) = (
                        s[0].as_u64().unwrap() as usize,
                        s[1].as_u64().unwrap() as usize,
                    );
                    assert!((1..=n).contains(&a) && (1..=n).contains(&b));
                    let len = (b + n - a) % n + 1;
                    assert!((2..n).contains(&len), "{s}");
                    let sum: i64 = (0..len).map(|j| d[(a - 1 + j) % n]).sum();
                    assert_eq!((sum.abs() + 1) / 2, want, "{s} on {d:?}");
                    assert!(sum.abs() > 1);
                }
                for s in sends.as_array().unwrap() {
                    let step = s["step"].as_u64().unwrap().to_string();
                    assert!(steps.contains(&step), "{alg}: step {step} not a line");
                    let (from, to) = (
                        s["from"].as_u64().unwrap() as usize - 1,
                        s["to"].as_u64().unwrap() as usize - 1,
                    );
                    d[from] -= 1;
                    d[to] += 1;
                }
            }
            assert!(d.iter().all(|&x| x == 0) || alg == "alg3-literal", "{d:?}");
        }
    }
}

#[test]
fn algorithm_3_trace_is_in_the_csv_too() {
    let out = run(&["redistribute", "--delta", "2,2,2,-3,-3,0", "--csv"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("# trace (why each round)"), "{text}");
    assert!(text.contains("δ_max = 3"), "{text}");
}

/// A seeded random cost vector of n entries in 1..=9.
fn costs(seed: &mut u64, n: usize) -> String {
    (0..n)
        .map(|_| {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((*seed >> 33) % 9 + 1).to_string()
        })
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn system6_curve_has_its_minimum_at_the_rational_optimum_and_the_run_takes_the_better_rounding() {
    let mut seed = 6u64;
    let mut fractional = 0;
    for _ in 0..25 {
        let delta = ring(&mut seed);
        let n = delta.len();
        let list: Vec<String> = delta.iter().map(i64::to_string).collect();
        let (cw, ccw) = (costs(&mut seed, n), costs(&mut seed, n));
        let j = json(&[
            "redistribute",
            &format!("--delta={}", list.join(",")),
            "--cw",
            &cw,
            "--ccw",
            &ccw,
            "--tau-curve",
            "--json",
        ]);
        let c = &j["system6_curve"];
        let ctx = format!("δ = {delta:?}, cw = {cw}, ccw = {ccw}");
        let r1: Vec<f64> = c["r1"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        let tau: Vec<f64> = c["tau"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        assert_eq!(r1.len(), tau.len(), "{ctx}");
        assert!(r1.windows(2).all(|w| w[0] < w[1]), "{ctx}: R_1 increasing");
        let x = c["rational"]["r1"].as_f64().unwrap();
        let t = c["rational"]["tau"].as_f64().unwrap();
        // The rational optimum is the curve's minimum, and it is a point of the curve.
        let low = tau.iter().copied().fold(f64::INFINITY, f64::min);
        assert!(
            (low - t).abs() <= 1e-9 * t.max(1.0),
            "{ctx}: min {low} vs τ* {t}"
        );
        let at = r1
            .iter()
            .position(|&v| (v - x).abs() < 1e-12)
            .expect("R_1* sampled");
        assert!((tau[at] - t).abs() <= 1e-9 * t.max(1.0), "{ctx}");
        // The same τ* as the run's LP, and the roundings are ⌊R_1*⌋ and ⌈R_1*⌉.
        assert!((j["lp"]["tau_rational"].as_f64().unwrap() - t).abs() <= 1e-9 * t.max(1.0));
        let (f, g) = (&c["floor"], &c["ceil"]);
        assert_eq!(f["r1"].as_i64().unwrap(), x.floor() as i64, "{ctx}");
        assert_eq!(g["r1"].as_i64().unwrap(), x.ceil() as i64, "{ctx}");
        let (tf, tg) = (f["tau"].as_f64().unwrap(), g["tau"].as_f64().unwrap());
        // Proposition 1: the integer optimum is the better rounding, and no integer of the
        // curve does better.
        let ti = c["integer"]["tau"].as_f64().unwrap();
        assert_eq!(ti, tf.min(tg), "{ctx}");
        let rounding = c["rounding"].as_str().unwrap();
        let expected = match tf.partial_cmp(&tg).unwrap() {
            std::cmp::Ordering::Less => "floor",
            std::cmp::Ordering::Greater => "ceil",
            std::cmp::Ordering::Equal => "both",
        };
        assert_eq!(rounding, expected, "{ctx}");
        for (v, tv) in r1.iter().zip(&tau).filter(|(v, _)| v.fract() == 0.0) {
            assert!(*tv >= ti - 1e-9, "{ctx}: τ({v}) = {tv} < τ_int {ti}");
        }
        if x.fract() != 0.0 {
            fractional += 1;
        }
    }
    assert!(fractional >= 3, "only {fractional} fractional optima");
    // No System 6 run, no curve: Algorithm 3 on a homogeneous ring.
    let j = json(&["redistribute", "--delta=2,-1,-1", "--tau-curve", "--json"]);
    assert!(j.get("system6_curve").is_none());
}
