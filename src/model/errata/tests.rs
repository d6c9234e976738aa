//! The list's shape, and the findings that need no run but a small computation of their own
//! (the evidence commands are re-run by `tests/cli/errata.rs` and `loadlab errata --check`).

use std::collections::HashSet;

use super::*;
use crate::model::ksbf::DISCREPANCIES;

#[test]
fn ids_are_unique_and_prefixed_by_the_paper() {
    let mut seen = HashSet::new();
    for &(model, findings) in BY_MODEL.iter() {
        assert!(!findings.is_empty(), "{model:?}");
        let prefix = match model {
            ModelId::Divisible => "li-",
            ModelId::Geodecay => "gm-",
            ModelId::TreeSweep => "grs-",
            ModelId::Ksbf => "gr-",
            ModelId::Redistribute => "rrv-",
        };
        for f in findings {
            assert!(seen.insert(f.id), "duplicate id {}", f.id);
            assert!(f.id.starts_with(prefix), "{}", f.id);
            assert_eq!(f.model, model, "{}", f.id);
            for (what, text) in [
                ("where", f.location),
                ("sentence", f.sentence),
                ("printed", f.printed),
                ("holds", f.holds),
            ] {
                assert!(!text.trim().is_empty(), "{}: empty {what}", f.id);
            }
            assert!(f.sentence.ends_with('.'), "{}: one sentence", f.id);
            assert_eq!(find(f.id), Some(f));
        }
    }
    let models: Vec<ModelId> = BY_MODEL.iter().map(|(m, _)| *m).collect();
    assert_eq!(
        models,
        ModelId::ALL,
        "one entry per model, in the app's order"
    );
}

#[test]
fn every_ksbf_discrepancy_is_one_finding() {
    for d in DISCREPANCIES {
        let n = of_model(ModelId::Ksbf)
            .iter()
            .filter(|f| f.location == d.location && f.printed == d.printed)
            .count();
        assert_eq!(n, 1, "{}", d.location);
    }
}

#[test]
fn evidence_commands_are_whole_command_lines() {
    for f in all() {
        if let Some(e) = f.evidence {
            assert_eq!(e.command.first(), Some(&"loadlab"), "{}", f.id);
            assert_eq!(e.command.last(), Some(&"--json"), "{}", f.id);
            assert_eq!(e.args().len(), e.command.len() - 2, "{}", f.id);
            assert!(!e.field.is_empty(), "{}", f.id);
        }
    }
    let json = find("grs-half").map(|f| f.json());
    let json = json.as_ref();
    assert_eq!(
        json.and_then(|j| j["kind"].as_str()),
        Some("overstated_claim")
    );
    assert_eq!(
        json.and_then(|j| j["evidence"]["field"].as_str()),
        Some("ratio")
    );
    assert!(find("gm-lgstar").is_some_and(|f| f.json()["evidence"].is_null()));
}

#[test]
fn expected_values_round_to_their_decimals() {
    assert!(Expected::Real(0.691, 3).matches(&json!(0.6914)));
    assert!(!Expected::Real(0.691, 3).matches(&json!(0.6916)));
    assert!(!Expected::Real(0.691, 3).matches(&json!("0.691")));
    assert!(Expected::Int(3).matches(&json!(3)));
    assert!(!Expected::Int(3).matches(&json!(3.5)));
    assert!(Expected::Bool(false).matches(&json!(false)));
    assert!(Expected::Text("a").matches(&json!("a")));
    assert_eq!(Expected::Real(0.5, 2).text(), "0.50");
}

/// gm-lgstar: the paper's definition, iterated on 2^65536 through exact exponents.
#[test]
fn lg_star_of_2_pow_65536_is_4_by_the_papers_definition() {
    // lg^(1) 2^65536 = 65536 = 2^16, lg^(2) = 16 = 2^4, lg^(3) = 4, lg^(4) = 2 ≤ 2.
    let mut x: f64 = 65536.0; // lg^(1)
    let mut i = 1;
    while x > 2.0 {
        x = x.log2();
        i += 1;
    }
    assert_eq!(i, 4);
    // The model's lg* agrees on the exponent form.
    assert_eq!(crate::model::geodecay::theory::lg_star_of_log2(65536.0), 4);
}

/// gr-thm22-assertion2: the printed injection fails, y ↦ y1 works (every x, y of T_n, p ≤ 5).
#[test]
fn theorem_2_2_assertion_2_needs_another_injection() {
    // A node is a bit string; breadth-first order: shorter first, then lexicographic.
    fn strings(n: usize) -> Vec<Vec<u8>> {
        let mut out = vec![Vec::new()];
        let mut level = vec![Vec::new()];
        for _ in 1..n {
            let next: Vec<Vec<u8>> = level
                .iter()
                .flat_map(|s: &Vec<u8>| [0u8, 1].map(|b| [s.clone(), vec![b]].concat()))
                .collect();
            out.extend(next.iter().cloned());
            level = next;
        }
        out
    }
    let before = |a: &Vec<u8>, b: &Vec<u8>| (a.len(), a) < (b.len(), b);
    let pe = |s: &Vec<u8>, p: usize| s.iter().filter(|&&b| b == 1).count() % p;
    let mut printed_fails = 0;
    for p in 2..=5 {
        let nodes = strings(7); // T_7: every string of length ≤ 6
        for x in nodes.iter().filter(|x| x.len() < 6) {
            let x1 = [x.clone(), vec![1]].concat();
            for y in nodes
                .iter()
                .filter(|y| pe(y, p) == pe(x, p) && before(y, x))
            {
                let mut printed = y.clone();
                printed.extend(std::iter::repeat_n(0, x.len() - y.len()));
                printed.push(1);
                if !before(&printed, &x1) {
                    printed_fails += 1;
                }
                let y1 = [y.clone(), vec![1]].concat();
                assert!(before(&y1, &x1) && pe(&y1, p) == pe(&x1, p), "{y:?} {x:?}");
            }
        }
    }
    assert!(printed_fails > 0);
    // The audit's instance: p = 2, x = 000, y = 11 → 1101 after x1 = 0001.
    let (x1, img) = (vec![0, 0, 0, 1], vec![1, 1, 0, 1]);
    assert!(before(&x1, &img));
}

/// gr-speedup-asymptotic: where α_p^n falls below (2^n − 1)/p.
#[test]
fn theorem_1_1_alpha_term_exceeds_n_over_p_for_small_n() {
    let first_n = |p: u32| {
        let a = crate::model::ksbf::theory::alpha(p);
        (1..400)
            .find(|&n| a.powi(n) < (2f64.powi(n) - 1.0) / f64::from(p))
            .unwrap_or(0)
    };
    assert_eq!(first_n(8), 27);
    assert_eq!(first_n(16), 143);
    // The closed-form search the plots and the map draw agrees with the direct powers.
    for p in 3..=20 {
        assert_eq!(
            crate::model::ksbf::theory::speedup_threshold(p) as i32,
            first_n(p),
            "p = {p}"
        );
    }
}

/// li-thm10-sq: the proof's printed S_N^Q against the model's (b = 2, h = 2, β = 100).
#[test]
fn theorem_10_proof_denominator_is_misprinted() {
    let (b, h, beta) = (2.0f64, 2, 100.0f64);
    let x = (1.0 / beta + b).powi(h + 1);
    let printed = beta * (x - 1.0) / (x / beta + (b - 1.0) * beta);
    let corrected = beta * (x - 1.0) / (x / (1.0 / beta + b) + (b - 1.0) * beta);
    let v = crate::model::divisible::DivisibleParams {
        b: 2,
        h: 2,
        beta,
        ..Default::default()
    };
    let v = v.validate().expect("valid");
    let s_q = beta / crate::model::divisible::theory::pipelined_q(&v);
    assert!((corrected - s_q).abs() < 1e-9 * s_q, "{corrected} vs {s_q}");
    // 7.115 against 6.844: the printed denominator is not the theorem's S_N^Q.
    assert!((printed - s_q).abs() > 0.03 * s_q, "{printed} vs {s_q}");
}

/// gm-best-possible: the improved policy against the optimal schedule of the same model.
#[test]
fn improved_policy_against_the_optimal_schedule() {
    use crate::model::geodecay::{GeoParams, Policy, simulate};
    let (n, p, alpha) = (1u64 << 30, 1u64 << 10, 1.0);
    let time = |policy, ell| {
        let g = GeoParams {
            n,
            p,
            alpha,
            ell,
            policy,
            ..Default::default()
        };
        simulate(&g).expect("valid").time
    };
    let per = (n / p) as f64; // n/p = 2^20
    let mut report = Vec::new();
    for ell in [per / 64.0, per / 4.0, per, 16.0 * per, 1024.0 * per] {
        // The least total time of any balancing schedule of the same cost model
        // (deterministic decay, adversarial survivors): the model's optimal policy.
        let opt = time(Policy::Optimal, ell);
        let improved = time(Policy::Improved, ell);
        let never = time(Policy::Never, ell);
        let standard = time(Policy::Standard, ell);
        // The optimum is never beaten by any policy of the same model.
        for t in [improved, never, standard] {
            assert!(
                opt <= t * (1.0 + 1e-12),
                "ℓ = {ell}: optimum {opt} above {t}"
            );
        }
        report.push((ell / per, improved / opt, never / opt));
    }
    // Close to the optimum while ℓ ≲ n/p, several times slower far above it, where never
    // balancing again is (nearly) optimal.
    let ratio = |k: usize| report[k].1;
    assert!(ratio(0) < 1.25 && ratio(1) < 1.25, "{report:?}");
    assert!(ratio(3) > 2.0, "{report:?}");
    assert!(ratio(4) > 3.5, "{report:?}");
    assert!(report[4].2 < 1.01, "{report:?}");
}

/// grs-slope: T*'s increments at τ = 128 are exactly periodic with period 5 from n = 35 on,
/// and at τ = 1000 they oscillate, damped, and are constant (140) from n = 126 on: no
/// lengthening periods.
#[test]
fn tree_sweep_increments_are_periodic_not_lengthening() {
    use crate::model::treesweep::fine_grain_makespans;
    let incr = |tau: f64| {
        let t = fine_grain_makespans(1000, tau).t_star;
        t.windows(2).map(|w| w[1] - w[0]).collect::<Vec<f64>>()
    };
    // incr[i] = T*(i + 2) − T*(i + 1).
    let d = incr(128.0);
    let from = |n: usize| n - 2;
    assert!(
        (from(35)..d.len() - 5).all(|i| d[i] == d[i + 5]),
        "period 5 from n = 35"
    );
    let shortest = (1..=5).find(|&k| (from(35)..d.len() - k).all(|i| d[i] == d[i + k]));
    assert_eq!(shortest, Some(5));
    let d = incr(1000.0);
    let last = d[d.len() - 1];
    let settled = (0..d.len()).find(|&i| d[i..].iter().all(|&x| x == last));
    assert_eq!((settled.map(|i| i + 2), last), (Some(126), 140.0));
    // Before that the increments cross 140 again and again, ever closer to it.
    let crossings = d[from(40)..from(126)]
        .windows(2)
        .filter(|w| (w[0] - last) * (w[1] - last) < 0.0)
        .count();
    assert!(crossings >= 6, "{crossings}");
}

/// gr-two-row: the printed two-row grid {i, j} × {0..m−1} ∪ {0..m−1} × {0} (i ≡ 0, j ≡ 1 mod p)
/// under KS (Lemma 1.1: ⟨k, ℓ⟩ runs on P_(k mod p), confirmed by the simulation elsewhere):
/// P_0 and P_1 get about (2 + 2/p)/3 of the nodes, not almost all and not 2/3.
#[test]
fn two_row_grid_share_of_p0_and_p1() {
    use crate::model::ksbf::theory::grid_pe;
    for p in [2u32, 4, 8, 16] {
        let (m, i) = (3000u32, 2 * p);
        let mut nodes = HashSet::new();
        for l in 0..m {
            nodes.insert((i, l));
            nodes.insert((i + 1, l));
            nodes.insert((l, 0));
        }
        assert_eq!(nodes.len() as u32, 3 * m - 2);
        let on01 = nodes
            .iter()
            .filter(|&&(k, l)| grid_pe(k, p) <= 1 && l < m)
            .count();
        let share = on01 as f64 / nodes.len() as f64;
        let want = (2.0 + 2.0 / f64::from(p)) / 3.0;
        assert!((share - want).abs() < 0.002, "p = {p}: {share} vs {want}");
    }
}
