//! `loadlab errata` (issue 23): the JSON contract, every evidence command re-run through the
//! binary with its value compared, `--check`, `--model` and the error contract.

use std::collections::HashSet;

use loadlab::model::errata::{self, Expected};
use serde_json::Value;

use super::common::{at, json, run};

/// Issue 23's six kinds, and `open_question` (an open question a run answers, not an error).
const KINDS: [&str; 7] = [
    "misprint",
    "false_claim",
    "overstated_claim",
    "proof_gap",
    "reading_ambiguity",
    "conversion_artefact",
    "open_question",
];

#[test]
fn json_lists_every_finding_with_exactly_the_issues_fields() {
    let j = json(&["errata", "--json"]);
    let list = j["findings"].as_array().expect("findings");
    assert_eq!(j.as_object().map(|o| o.len()), Some(1));
    assert!(list.len() >= 40, "{}", list.len());
    let mut ids = HashSet::new();
    let mut models = HashSet::new();
    for f in list {
        let keys: HashSet<&str> = f.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        let want: HashSet<&str> = [
            "id", "model", "paper", "where", "printed", "holds", "kind", "evidence",
        ]
        .into();
        assert_eq!(keys, want, "{f}");
        assert!(ids.insert(f["id"].as_str().unwrap().to_string()), "{f}");
        models.insert(f["model"].as_str().unwrap().to_string());
        assert!(KINDS.contains(&f["kind"].as_str().unwrap()), "{f}");
        let e = &f["evidence"];
        if !e.is_null() {
            let c = e["command"].as_array().expect("command");
            assert_eq!(c.first().and_then(Value::as_str), Some("loadlab"), "{f}");
            assert_eq!(c.last().and_then(Value::as_str), Some("--json"), "{f}");
            assert!(e["field"].is_string() && !e["value"].is_null(), "{f}");
        }
    }
    assert_eq!(models.len(), 5);
    // The audit's items are in the list.
    for id in [
        "grs-half",
        "grs-start-formula",
        "rrv-alg3-pass",
        "gr-two-row",
        "gr-thm22-assertion2",
        "gr-eq21-binom",
        "gr-speedup-asymptotic",
        "gm-thm1-p",
        "gm-best-possible",
        "grs-slope",
        "rrv-sec9-solved",
        "rrv-lemma8-abs",
        "rrv-lemma6-c",
        "li-thm10-sq",
    ] {
        assert!(ids.contains(id), "{id} missing");
    }
    let kind = |id: &str| {
        list.iter()
            .find(|f| f["id"] == id)
            .map(|f| f["kind"].as_str().unwrap().to_string())
    };
    assert_eq!(
        kind("grs-start-formula").as_deref(),
        Some("conversion_artefact")
    );
    assert_eq!(kind("rrv-alg3-pass").as_deref(), Some("reading_ambiguity"));
    assert_eq!(kind("rrv-alg3-possession").as_deref(), Some("false_claim"));
    assert_eq!(kind("rrv-sec6-heavy").as_deref(), Some("open_question"));
}

/// Every evidence command, run through the binary: its field holds the recorded value.
#[test]
fn every_evidence_command_gives_its_value() {
    let mut runs = 0;
    for f in errata::all() {
        let Some(e) = f.evidence else { continue };
        let out = json(&e.command[1..]);
        let got = at(&out, e.field).unwrap_or_else(|| panic!("{}: no field {}", f.id, e.field));
        assert!(
            e.value.matches(got),
            "{}: `{}` gives {} = {got}, recorded {}",
            f.id,
            e.command_line(),
            e.field,
            e.value.text()
        );
        if let Expected::Real(x, _) = e.value {
            assert!(x.is_finite());
        }
        runs += 1;
    }
    assert!(runs >= 15, "{runs} evidence runs");
}

#[test]
fn check_model_filter_text_and_errors() {
    let out = run(&["errata", "--check"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("every evidence command gives its recorded value")
    );

    let j = json(&["errata", "--model", "treesweep", "--json"]);
    let list = j["findings"].as_array().unwrap();
    assert!(list.iter().all(|f| f["model"] == "treesweep"));
    assert_eq!(
        list.len(),
        errata::of_model(loadlab::model::registry::ModelId::TreeSweep).len()
    );

    let text = String::from_utf8(run(&["errata", "--model", "ksbf"]).stdout).unwrap();
    assert!(text.contains("gr-table1-39  [misprint]"), "{text}");
    assert!(text.contains("evidence: loadlab ksbf"), "{text}");

    let out = run(&["errata", "--model", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error:") && err.contains("unknown model"),
        "{err}"
    );
}

/// Issue 23, Li: `speedup_bound` is bβ + 1 (4β + 1 on a pyramid) and no method's speed-up
/// exceeds it, at the instance and along the h sweep; P and Q come within 1 % of it on a deep
/// tree while C stays near (b − 1)β — about half of it for b = 2.
#[test]
fn divisible_reports_the_speedup_bound_no_method_exceeds() {
    let cases: [&[&str]; 4] = [
        &["--h", "12", "--beta", "100"],
        &["--b", "3", "--h", "8", "--beta", "0.5"],
        &["--network", "pyramid", "--h", "6", "--beta", "20"],
        &[
            "--h", "40", "--beta", "1000", "--sweep", "h", "--h-max", "40",
        ],
    ];
    for flags in cases {
        let mut args = vec!["divisible", "--json"];
        args.extend_from_slice(flags);
        let v = json(&args);
        let (b, beta) = (v["b"].as_f64().unwrap(), v["beta"].as_f64().unwrap());
        let bound = v["speedup_bound"].as_f64().expect("speedup_bound");
        assert_eq!(bound, b * beta + 1.0, "{flags:?}");
        for m in ["C", "P", "Q"] {
            let s = v["algorithms"][m]["speedup"].as_f64().unwrap();
            assert!(s <= bound * (1.0 + 1e-12), "{flags:?} {m}: {s} > {bound}");
        }
        for point in v["sweep_h"].as_array().into_iter().flatten() {
            for m in ["C", "P", "Q"] {
                let s = point[m]["speedup"].as_f64().unwrap();
                assert!(s <= bound * (1.0 + 1e-12), "{flags:?} {m} {point}");
            }
        }
        if flags.contains(&"40") {
            let near = |m: &str| v["algorithms"][m]["speedup"].as_f64().unwrap() / bound;
            assert!(near("P") > 0.99 && near("Q") > 0.99, "{v}");
            assert!((0.45..0.55).contains(&near("C")), "{}", near("C"));
        }
    }
}

/// Issue 23, Gil–Matias: `--policy optimal` gives the optimal time (JSON `time`,
/// `balancings`), at most never's, standard's and improved's; with random decay it is refused
/// naming --policy.
#[test]
fn geodecay_optimal_policy_is_never_beaten() {
    let base = [
        "geodecay", "--n", "2^30", "--p", "2^16", "--alpha", "1", "--ell", "2^20",
    ];
    let time = |policy: &str| {
        let mut a = base.to_vec();
        a.extend(["--policy", policy, "--json"]);
        json(&a)
    };
    let opt = time("optimal");
    assert_eq!(opt["policy"], "optimal");
    assert!(opt["balancings"].as_u64().unwrap() >= 1);
    let t = opt["time"].as_f64().unwrap();
    for policy in ["never", "standard", "improved"] {
        let other = time(policy)["time"].as_f64().unwrap();
        assert!(t <= other, "{policy}: {other} < optimal {t}");
    }
    // Here (ℓ ≫ n/p) balancing once is optimal: the optimum is never's time.
    assert_eq!(t, time("never")["time"].as_f64().unwrap());
    let mut a = base.to_vec();
    a.extend(["--policy", "optimal", "--decay", "random", "--json"]);
    super::common::assert_error(&a, "--policy: the optimal policy");
}
