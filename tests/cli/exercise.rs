//! `loadlab exercise` (issue 25): the exercise printed, moves graded from a file. The
//! algorithm's moves come from the model subcommands' own output (`redistribute --rounds`,
//! `ksbf --assignments`), never from the grader.

use std::io::Write;

use serde_json::{Value, json};

use super::common::{assert_error, json, run};

/// A moves file holding `v`.
fn moves_file(v: &Value) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().expect("temp file");
    write!(f, "{v}").expect("write");
    f
}

fn grade(args: &[&str], moves: &Value) -> Value {
    let f = moves_file(moves);
    let path = f.path().to_str().expect("UTF-8 path").to_string();
    let mut a: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    a.extend(["--moves".into(), path, "--json".into()]);
    json(&a)
}

/// Algorithm 3's rounds as `redistribute --algorithm alg3 --rounds` prints them, as moves.
fn alg3_moves(delta: &str) -> Value {
    let j = json(&[
        "redistribute",
        "--delta",
        delta,
        "--algorithm",
        "alg3",
        "--rounds",
        "--json",
    ]);
    let rounds = j["schedule"].as_array().expect("schedule");
    Value::Array(
        rounds
            .iter()
            .map(|r| {
                r.as_array()
                    .expect("round")
                    .iter()
                    .map(|s| json!([s["from"], s["to"]]))
                    .collect()
            })
            .collect(),
    )
}

/// A small deterministic generator of rings with Σδ = 0.
fn ring(seed: u64, n: usize, m: i64) -> Vec<i64> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut d: Vec<i64> = (0..n)
        .map(|_| (next() % (2 * m as u64 + 1)) as i64 - m)
        .collect();
    let s: i64 = d.iter().sum();
    d[0] -= s;
    d
}

fn text(d: &[i64]) -> String {
    d.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

#[test]
fn exercise_algorithm3_rounds_are_legal_optimal_and_complete() {
    for seed in 1..=6 {
        let delta = ring(seed, 4 + seed as usize, 3);
        let d = text(&delta);
        let moves = alg3_moves(&d);
        let g = grade(&["exercise", "redistribute", "--delta", &d], &moves);
        let needed = g["rounds_needed"].as_u64().unwrap();
        let graded = g["moves"].as_array().unwrap();
        assert_eq!(graded.len() as u64, needed, "{d}: Lemma 8");
        for m in graded {
            assert_eq!(m["legal"], true, "{d}: {m}");
            assert_eq!(m["optimal"], true, "{d}: {m}");
            assert_eq!(m["rule"], "", "{d}: {m}");
        }
        assert_eq!(g["complete"], true, "{d}");
        assert_eq!(g["score"], g["out_of"], "{d}");
        assert!(g["delta_after"].as_array().unwrap().iter().all(|x| x == 0));
        // One round more, the first again: the ring is balanced, so it is refused (rule
        // "complete") and not played; the exercise stays complete with its score. (It was
        // played, legal but "only costs time", and left the ring unbalanced: not complete.)
        let mut more = moves.as_array().unwrap().clone();
        more.push(more[0].clone());
        let g2 = grade(
            &["exercise", "redistribute", "--delta", &d],
            &Value::Array(more),
        );
        super::common::refused_after_the_end(&g, &g2, &d);
        assert_eq!(g2["delta_after"], g["delta_after"], "{d}");
    }
}

#[test]
fn exercise_broken_rules_are_reported_not_errors() {
    // δ = (2, −1, −1, 0): P1 holds 3 items, the others one each.
    let args = ["exercise", "redistribute", "--delta", "2,-1,-1,0"];
    let cases = [
        (json!([[[1, 2], [1, 4]]]), "one-port"),
        (json!([[[1, 3]]]), "neighbours"),
        (json!([[[1, 9]]]), "neighbours"),
        (json!([[[4, 3], [3, 2]], [[4, 1], [3, 2]]]), "possession"),
    ];
    for (moves, rule) in cases {
        let g = grade(&args, &moves);
        let last = g["moves"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["legal"], false, "{moves}: {last}");
        assert_eq!(last["rule"], rule, "{moves}: {last}");
        assert_eq!(last["optimal"], false);
        assert!(!last["why"].as_str().unwrap().is_empty());
        assert_eq!(g["complete"], false);
    }
    // A legal round that leaves Lemma 6's bound where it was: legal, not optimal.
    let g = grade(&args, &json!([[[3, 4]]]));
    let m = &g["moves"][0];
    assert_eq!(
        (m["legal"].clone(), m["optimal"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(m["rule"], "progress");
    // Unidirectional: only P_i → P_{i+1}; Algorithm 1 from `redistribute --algorithm alg1`.
    let uni = [
        "exercise",
        "redistribute",
        "--delta",
        "2,-1,-1,0",
        "--direction",
        "uni",
    ];
    assert_eq!(
        grade(&uni, &json!([[[2, 1]]]))["moves"][0]["rule"],
        "neighbours"
    );
    let j = json(&[
        "redistribute",
        "--delta",
        "2,-1,-1,0",
        "--direction",
        "uni",
        "--algorithm",
        "alg1",
        "--rounds",
        "--json",
    ]);
    let rounds: Value = j["schedule"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|s| json!([s["from"], s["to"]]))
                .collect::<Value>()
        })
        .collect();
    let g = grade(&uni, &rounds);
    assert_eq!(g["complete"], true, "{g}");
    assert_eq!(g["score"], g["out_of"]);
}

#[test]
fn exercise_prints_the_instance_and_refuses_bad_input() {
    let j = json(&[
        "exercise",
        "redistribute",
        "--seed",
        "3",
        "--n",
        "6",
        "--json",
    ]);
    assert_eq!(j["instance"]["n"], 6);
    let delta = j["instance"]["delta"].as_array().unwrap();
    assert_eq!(delta.iter().map(|x| x.as_i64().unwrap()).sum::<i64>(), 0);
    assert_eq!(
        json(&[
            "exercise",
            "redistribute",
            "--seed",
            "3",
            "--n",
            "6",
            "--json"
        ]),
        j,
        "seeded"
    );
    assert_eq!(j["bound"], "Lemma 6");
    let f = moves_file(&json!([[[1, 2]], [1, 2]]));
    let path = f.path().to_str().unwrap();
    let line = assert_error(
        &[
            "exercise",
            "redistribute",
            "--delta",
            "1,-1",
            "--moves",
            path,
            "--json",
        ],
        "round 2",
    );
    assert!(line.contains("[from, to]"), "{line}");
    let bad = moves_file(&json!([{"node": 1, "pe": 0}]));
    assert_error(
        &["exercise", "ksbf", "--moves", bad.path().to_str().unwrap()],
        "missing \"step\"",
    );
    let grid = moves_file(&json!([{"node": 3, "pe": 0, "step": 0}]));
    assert_error(
        &[
            "exercise",
            "ksbf",
            "--shape",
            "grid",
            "--moves",
            grid.path().to_str().unwrap(),
        ],
        "[k, l]",
    );
    assert_error(
        &[
            "exercise",
            "redistribute",
            "--delta",
            "1,-1",
            "--c",
            "1",
            "--moves",
            "/nonexistent",
        ],
        "--moves",
    );
    assert_error(&["exercise", "ksbf", "--n", "20"], "limit");
    let help = run(&["exercise", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    for word in ["[from, to]", "\"node\"", "breadth-first", "possession"] {
        assert!(help.contains(word), "--help lacks {word}");
    }
}

/// The simulator's assignments (`ksbf --assignments`) as predictions.
fn ksbf_moves(shape: &str, n: &str, p: &str) -> Vec<Value> {
    let j = json(&[
        "ksbf",
        "--shape",
        shape,
        "--n",
        n,
        "--p",
        p,
        "--assignments",
        "--json",
    ]);
    j["assignments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let node = match a["node"].as_str() {
                Some(s) => {
                    let (k, l) = s.split_once(',').unwrap();
                    json!([k.parse::<u32>().unwrap(), l.parse::<u32>().unwrap()])
                }
                None => a["node"].clone(),
            };
            json!({"node": node, "pe": a["pe"], "step": a["step"]})
        })
        .collect()
}

#[test]
fn exercise_ksbf_predictions_from_the_simulation_and_one_wrong() {
    for (shape, n, p) in [
        ("tree", "5", "4"),
        ("grid", "6", "3"),
        ("random-tree", "7", "3"),
    ] {
        let moves = ksbf_moves(shape, n, p);
        let args = ["exercise", "ksbf", "--shape", shape, "--n", n, "--p", p];
        let g = grade(&args, &Value::Array(moves.clone()));
        assert_eq!(g["complete"], true, "{shape}");
        assert_eq!(g["score"].as_u64(), Some(moves.len() as u64));
        assert!(
            g["moves"]
                .as_array()
                .unwrap()
                .iter()
                .all(|m| m["optimal"] == true)
        );
        // One wrong PE, one wrong step (each node after the root).
        let x = moves[moves.len() / 2].clone();
        let mut pe = x.clone();
        pe["pe"] = json!((x["pe"].as_u64().unwrap() + 1) % p.parse::<u64>().unwrap());
        let mut early = x.clone();
        early["step"] = json!(0);
        let mut late = x.clone();
        late["step"] = json!(x["step"].as_u64().unwrap() + 1);
        let g = grade(&args, &json!([pe, early, late, x]));
        let m = g["moves"].as_array().unwrap();
        let rule = |i: usize| m[i]["rule"].as_str().unwrap().to_string();
        assert!(
            rule(0).ends_with("child-stays") || rule(0) == "right-child-clockwise",
            "{}",
            m[0]
        );
        assert_eq!(rule(1), "step", "{}", m[1]);
        assert_eq!(rule(2), "breadth-first", "{}", m[2]);
        assert_eq!(m[3]["optimal"], true);
        assert_eq!(m[3]["first_try"], false);
        assert!(m.iter().take(3).all(|v| v["legal"] == false));
        assert_eq!(g["complete"], false);
    }
}

/// On T_2 with p = 2 (node 1 on P0 at step 0, node 2 its left child on P0 at step 1): a PE
/// outside P0…P1 breaks its own rule `pe`, naming the ring's PEs (P5 and P−1 were graded as
/// breaking left-child-stays, "runs on P0, not P5"); a node predicted right twice is refused
/// the second time as `placed` (it was graded right again, with no note), the score counting
/// it once.
#[test]
fn exercise_ksbf_a_pe_off_the_ring_and_a_node_placed_twice() {
    let args = [
        "exercise", "ksbf", "--shape", "tree", "--n", "2", "--p", "2",
    ];
    let g = grade(
        &args,
        &json!([
            {"node": 2, "pe": 5, "step": 1},
            {"node": 2, "pe": -1, "step": 1},
            {"node": 1, "pe": 0, "step": 0},
            {"node": 1, "pe": 0, "step": 0},
        ]),
    );
    let m = g["moves"].as_array().unwrap();
    for (i, said) in [(0, "P5 "), (1, "P-1 ")] {
        assert_eq!(
            (m[i]["rule"].as_str(), &m[i]["legal"]),
            (Some("pe"), &json!(false))
        );
        let why = m[i]["why"].as_str().unwrap();
        assert!(why.contains(said) && why.contains("P0…P1"), "{why}");
        assert!(
            !why.contains("Keep left") && !why.contains("left child"),
            "{why}"
        );
    }
    assert_eq!(
        (&m[2]["optimal"], &m[2]["first_try"]),
        (&json!(true), &json!(true))
    );
    assert_eq!(m[3]["rule"], "placed", "{}", m[3]);
    assert_eq!(
        (&m[3]["optimal"], &m[3]["first_try"]),
        (&json!(false), &json!(false))
    );
    assert_eq!(g["score"], 1);
    let rules = g["rules"].as_array().unwrap();
    assert!(
        rules.contains(&json!("pe")) && rules.contains(&json!("placed")),
        "{rules:?}"
    );
}

#[test]
fn exercise_steps_of_lessons_are_checked() {
    // Every bundled lesson of a model with an exercise has an exercise step whose pass mark
    // fits its moves.
    for name in ["rrv", "gao-rosenberg", "gil-matias", "li"] {
        let j = json(&["lesson", name, "--json"]);
        let steps = j["steps"].as_array().unwrap();
        let ex: Vec<&Value> = steps.iter().filter(|s| !s["exercise"].is_null()).collect();
        assert!(!ex.is_empty(), "{name} has no exercise step");
        for s in ex {
            let (pass, moves) = (&s["exercise"]["pass"], &s["exercise"]["moves"]);
            assert!(pass.as_u64().unwrap() <= moves.as_u64().unwrap(), "{s}");
        }
    }
    let lesson = |pass: usize, model: &str, scenario: &str| {
        format!(
            "(name: \"x\", title: \"x\", model: {model}, steps: [(title: \"t\", text: \"t\", \
             scenario: Inline({scenario}), exercise: Some((prompt: \"p\", pass: {pass})))])"
        )
    };
    let ring = "Redistribute((instance: (delta: [1, -1, 0], loads: [2, 1, 1])))";
    let cases = [
        (lesson(1, "Redistribute", ring), None),
        (
            lesson(2, "Redistribute", ring),
            Some("pass: 2 is not between 1"),
        ),
        (lesson(0, "Redistribute", ring), Some("pass: 0")),
        (lesson(1, "Divisible", "Divisible((h: 9))"), Some("h ≤ 8")),
        (
            lesson(1, "Ksbf", "Ksbf((p: 32))"),
            Some("the exercise draws at most 16"),
        ),
    ];
    for (text, error) in cases {
        let mut f = tempfile::Builder::new().suffix(".ron").tempfile().unwrap();
        write!(f, "{text}").unwrap();
        let path = f.path().to_str().unwrap();
        match error {
            None => {
                let out = run(&["lesson", path, "--check"]);
                assert!(
                    out.status.success(),
                    "{text}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
            }
            Some(needle) => {
                assert_error(&["lesson", path, "--check"], needle);
            }
        }
    }
}

#[test]
fn exercise_geodecay_optimal_policy_decisions_are_right_and_never_costs() {
    let flags = ["--n", "4096", "--p", "16", "--alpha", "0.5", "--ell", "4"];
    let mut run: Vec<&str> = vec!["geodecay", "--policy", "optimal", "--trace", "--json"];
    run.extend(flags);
    let j = json(&run);
    let plan: Vec<Value> = j["trace"]
        .as_array()
        .unwrap()
        .iter()
        .skip(1)
        .map(|r| r["balanced_before"].clone())
        .collect();
    let mut args = vec!["exercise", "geodecay"];
    args.extend(flags);
    let g = grade(&args, &Value::Array(plan.clone()));
    assert_eq!(g["complete"], true);
    assert_eq!(g["score"].as_u64(), Some(plan.len() as u64));
    let optimal = g["policies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["policy"] == "optimal")
        .unwrap()["time"]
        .clone();
    assert_eq!(g["time"], optimal);
    assert_eq!(optimal, j["time"]);
    // Never balancing again at ℓ = 4: some decision costs time, named by the rule cost.
    let never = Value::Array(vec![json!(false); plan.len()]);
    let g = grade(&args, &never);
    let moves = g["moves"].as_array().unwrap();
    assert!(moves.iter().all(|m| m["legal"] == true));
    let costly: Vec<&Value> = moves.iter().filter(|m| m["optimal"] == false).collect();
    assert!(!costly.is_empty());
    assert!(costly.iter().all(|m| m["rule"] == "cost"));
    assert!(g["time"].as_f64().unwrap() > optimal.as_f64().unwrap());
    let bad = moves_file(&json!([true, 1]));
    let mut a = args.clone();
    a.extend(["--moves", bad.path().to_str().unwrap()]);
    assert_error(&a, "decision 2: expected true or false");
    let mut random = args.clone();
    random.extend(["--decay", "random"]);
    assert_error(&random, "deterministic decay");
}
