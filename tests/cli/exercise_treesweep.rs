//! `loadlab exercise treesweep` (issue 25): processor 0's top cluster built node by node. The
//! algorithm's moves come from `loadlab treesweep --schedule` (Fine-Grain's schedule: every
//! node's processor and start), never from the grader.

use std::io::Write;

use serde_json::{Value, json};

use super::common::{assert_error, json, run};

fn moves_file(v: &Value) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().expect("temp file");
    write!(f, "{v}").expect("write");
    f
}

fn grade(n: u32, tau: f64, moves: &Value) -> Value {
    let f = moves_file(moves);
    let path = f.path().to_str().expect("UTF-8 path").to_string();
    json(&[
        "exercise".to_string(),
        "treesweep".into(),
        "--n".into(),
        n.to_string(),
        "--tau".into(),
        tau.to_string(),
        "--moves".into(),
        path,
        "--json".into(),
    ])
}

/// Fine-Grain's processor-0 nodes in the order they run, as `treesweep --schedule` prints
/// them: (heap number, start).
fn fine_grain_moves(n: u32, tau: f64) -> (Vec<(u64, f64)>, Value) {
    let j = json(&[
        "treesweep",
        "--n",
        &n.to_string(),
        "--tau",
        &tau.to_string(),
        "--schedule",
        "--json",
    ]);
    let mut p0: Vec<(u64, f64)> = j["schedule"]
        .as_array()
        .expect("schedule")
        .iter()
        .filter(|x| x["processor"] == 0)
        .map(|x| {
            (
                x["node"].as_u64().expect("node"),
                x["time"].as_f64().expect("time"),
            )
        })
        .collect();
    p0.sort_by(|a, b| a.1.total_cmp(&b.1));
    (p0, j)
}

fn rules(j: &Value) -> Vec<(bool, bool, String)> {
    j["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            (
                m["legal"].as_bool().expect("legal"),
                m["optimal"].as_bool().expect("optimal"),
                m["rule"].as_str().expect("rule").to_string(),
            )
        })
        .collect()
}

/// Over seeded instances: Fine-Grain's own nodes (with their starts, or bare) are all legal
/// and optimal, end complete, and the clustering's makespan is T* of `loadlab treesweep`,
/// at most T_PY.
#[test]
fn fine_grain_s_own_clusters_are_right_and_reach_t_star() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for i in 0..14u32 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let n = 1 + (x % 8) as u32;
        let tau = [1.5, 2.5, 3.0, 4.7, 9.0, 17.25, 40.0][(x >> 8) as usize % 7];
        let (p0, run) = fine_grain_moves(n, tau);
        let moves: Value = if i % 2 == 0 {
            p0.iter()
                .map(|(v, s)| json!({"node": v, "start": s}))
                .collect()
        } else {
            p0.iter().map(|(v, _)| json!(v)).collect()
        };
        let j = grade(n, tau, &moves);
        for (k, (legal, optimal, rule)) in rules(&j).into_iter().enumerate() {
            assert!(legal && optimal, "n {n} τ {tau} move {}: {rule}", k + 1);
        }
        assert_eq!(j["complete"], true, "n {n} τ {tau}");
        assert_eq!(j["score"], json!(p0.len()));
        assert_eq!(j["out_of"], json!(p0.len()));
        assert_eq!(j["top_cluster_size"], run["top_cluster"]);
        let o = &j["outcome"];
        assert_eq!(o["makespan"], run["optimal"], "n {n} τ {tau}");
        assert_eq!(o["t_star"], run["optimal"]);
        assert_eq!(o["t_py"], run["py"]);
        assert!(o["makespan"].as_f64() <= run["py"].as_f64());
        assert_eq!(o["valid"], true);
        assert_eq!(o["first_deviation"], Value::Null);
    }
}

/// T_3, τ = 1.5: Fine-Grain runs 4, 5, 2, 3, 1 at 0, 1, 2, 3, 4 (leaves 6 and 7 external,
/// their results at T*(1) + τ = 2.5). Each wrong node is graded with the rule it misses or
/// breaks, and grading goes on after an illegal move.
#[test]
fn a_wrong_node_is_graded_with_the_right_rule() {
    let cases: [(Value, usize, bool, &str); 8] = [
        (json!([5]), 0, true, "step-1.1"),
        (json!([4, 6]), 1, true, "rule-b"),
        (json!([4, 2]), 1, true, "inequality-4"),
        (json!([4, 5, 3]), 2, true, "rule-a"),
        (json!([4, 1]), 1, false, "top-cluster"),
        (json!([4, 4]), 1, false, "taken"),
        (
            json!([4, {"node": 5, "start": 0.5}]),
            1,
            false,
            "one-at-a-time",
        ),
        (json!([4, 5, 2, {"node": 3, "start": 7}]), 3, true, "start"),
    ];
    for (moves, k, legal, rule) in cases {
        let j = grade(3, 1.5, &moves);
        let got = &rules(&j)[k];
        assert_eq!(
            (got.0, got.1, got.2.as_str()),
            (legal, false, rule),
            "{moves}"
        );
        let why = j["moves"][k]["why"].as_str().unwrap_or("");
        assert!(!why.is_empty());
        // The lesson's notation, v_(i−1): no TeX braces in what a student reads.
        assert!(!why.contains(['{', '}']), "{moves}: {why}");
    }
    // (4) with the numbers: after node 4 at 0, T*(1) + τ − 2 = 0.5 ≥ 0 holds at height 1.
    let j = grade(3, 1.5, &json!([4, 2]));
    let why = j["moves"][1]["why"].as_str().unwrap_or("");
    assert!(why.contains("height 1") && why.contains("node 5"), "{why}");
    // Illegal moves are reported, the rest still graded: 9 is no node, then the right ones.
    let j = grade(3, 1.5, &json!([9, 4, 5, 2, 3, 1]));
    assert_eq!(rules(&j)[0], (false, false, "node".to_string()));
    assert_eq!(j["complete"], true);
    assert_eq!(j["outcome"]["makespan"], 5.0);
    // The whole tree on processor 0 in postorder: legal, 7 > T* = 5, first off at v_4 = 6.
    let j = grade(3, 1.5, &json!([4, 5, 2, 6, 7, 3, 1]));
    assert!(rules(&j).iter().all(|r| r.0));
    assert_eq!(j["outcome"]["makespan"], 7.0);
    assert_eq!(j["outcome"]["t_star"], 5.0);
    assert_eq!(
        j["outcome"]["first_deviation"],
        json!({"position": 4, "node": 6, "rule": "inequality-4"})
    );
}

#[test]
fn a_malformed_moves_file_is_one_error_line() {
    let cases: [(&str, &str); 6] = [
        ("not json", "not JSON"),
        ("{\"node\": 4}", "expected a list of nodes"),
        ("[\"four\"]", "move 1"),
        ("[4, {\"node\": 5, \"start\": \"soon\"}]", "start"),
        ("[{\"nodes\": 4}]", "unknown field"),
        ("[{\"start\": 1}]", "missing"),
    ];
    for (text, needle) in cases {
        let mut f = tempfile::NamedTempFile::new().expect("temp file");
        write!(f, "{text}").expect("write");
        let path = f.path().to_str().expect("UTF-8 path");
        assert_error(
            &["exercise", "treesweep", "--moves", path, "--json"],
            needle,
        );
    }
    assert_error(&["exercise", "treesweep", "--n", "13", "--json"], "--n");
    assert_error(&["exercise", "treesweep", "--tau", "1", "--json"], "--tau");
    assert_error(
        &["exercise", "treesweep", "--moves", "/no/such/file.json"],
        "--moves",
    );
}

#[test]
fn the_exercise_is_printed_with_its_task_and_rules() {
    let j = json(&["exercise", "treesweep", "--json"]);
    assert_eq!(j["model"], "treesweep");
    assert_eq!(j["instance"]["n"], 5);
    assert_eq!(j["t_star"], 10.0);
    assert_eq!(j["nodes"], 31);
    let rules: Vec<&str> = j["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    for r in [
        "rule-a",
        "rule-b",
        "inequality-4",
        "precedence",
        "top-cluster",
    ] {
        assert!(rules.contains(&r), "{r}");
    }
    let help = run(&["exercise", "--help"]);
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(text.contains("treesweep (--n ≤ 12"), "{text}");
}
