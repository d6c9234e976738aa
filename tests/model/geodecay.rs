//! Properties of the geometric-decaying model (Gil & Matias): balancing counts of the standard
//! and improved policies, Brent's bound, conservation, reproducibility, and the proportional
//! case where balancing cannot help.

use loadlab::model::NoProgress;
use loadlab::model::geodecay::*;
use proptest::prelude::*;

fn params(n: u64, p: u64, alpha: f64, ell: f64, policy: Policy) -> GeoParams {
    GeoParams {
        n,
        p,
        alpha,
        ell,
        policy,
        ..Default::default()
    }
}

/// The policies that apply to a scenario: all but the optimal one under random decay or
/// random survivors (its programme plans a deterministic run; validation refuses it there).
fn policies(prm: &GeoParams) -> impl Iterator<Item = Policy> + '_ {
    Policy::ALL.into_iter().filter(|&p| {
        p != Policy::Optimal
            || (prm.decay == Decay::Deterministic && prm.survivors != Survivors::Random)
    })
}

fn run(p: &GeoParams) -> GeoOutcome {
    simulate(p).unwrap_or_else(|e| panic!("{p:?}: {e}"))
}

/// ⌈n / 2^(a·r)⌉ for integer a, in integer arithmetic (independent of the model's f64 path).
fn w_int(n: u64, a: u32, r: u64) -> Option<u64> {
    let shift = u64::from(a) * r;
    if shift >= 64 || n >> shift == 0 {
        return None; // n·2^(−ar) < 1
    }
    Some(n.div_ceil(1u64 << shift))
}

#[test]
fn standard_balances_lg_n_over_cp_over_alpha_times() {
    for (n, p, alpha, c) in [
        (1u64 << 30, 1u64 << 10, 1.0, 1.0),
        (1 << 30, 1 << 10, 2.0, 1.0),
        (1 << 30, 1 << 10, 0.5, 4.0),
        (1 << 40, 1000, 1.0, 3.0),
        (1_000_000_000_000, 10_000, 0.7, 1.0),
        (123_456_789, 17, 1.3, 2.0),
        (1 << 20, 1, 0.25, 8.0),
    ] {
        let prm = GeoParams {
            c,
            ..params(n, p, alpha, 20.0, Policy::Standard)
        };
        let o = run(&prm);
        let expect = (n as f64 / (c * p as f64)).log2() / alpha;
        let b = o.balancings as f64;
        assert!(
            (b - expect).abs() <= 1.0,
            "n={n} p={p} α={alpha} c={c}: {b} balancings, lg(n/cp)/α = {expect}"
        );
        // And exactly before round 0 and the rounds with more than c·p tasks.
        for rec in &o.trace {
            let want = rec.round == 0 || rec.tasks as f64 > c * p as f64;
            assert_eq!(rec.balanced_before, want, "round {}", rec.round);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn standard_count_on_random_instances(
        lg_n in 12u32..45,
        lg_p in 0u32..12,
        alpha in 0.2f64..3.0,
        c in prop::sample::select(vec![1.0f64, 2.0, 4.0, 8.0]),
    ) {
        // c·p is an integer, so ⌈w⌉ > c·p ⇔ w > c·p and the count is ⌈lg(n/cp)/α⌉.
        let (n, p) = (1u64 << lg_n, 1u64 << lg_p);
        prop_assume!((n as f64) > 2.0 * c * p as f64);
        let o = run(&GeoParams { c, ..params(n, p, alpha, 5.0, Policy::Standard) });
        let expect = (n as f64 / (c * p as f64)).log2() / alpha;
        prop_assert!((o.balancings as f64 - expect).abs() <= 1.0, "{} vs {}", o.balancings, expect);
    }
}

#[test]
fn improved_phase_balancings_are_at_most_lg_star_ell_plus_2() {
    // The paper's setting: n = 2^30, p = 2^10, α = 1, deterministic adversarial decay.
    for k in 1..=64 {
        let ell = 2f64.powi(k);
        let o = run(&params(1 << 30, 1 << 10, 1.0, ell, Policy::Improved));
        let bound = lg_star(ell) + 2;
        assert!(
            o.balancings_phases <= u64::from(bound),
            "ℓ = 2^{k}: {} phase balancings > lg*ℓ + 2 = {bound}",
            o.balancings_phases
        );
        assert_eq!(o.phases.len() as u64, o.balancings_phases);
        assert_eq!(o.balancings, o.balancings_init + o.balancings_phases);
        // The initialisation phase balances exactly while ⌈w_r/p⌉ = 2^(20−r) ≥ ℓ.
        let init = (0..=20).filter(|&r| 2f64.powi(20 - r) >= ell).count() as u64;
        assert_eq!(o.balancings_init, init, "ℓ = 2^{k}");
        // Phases obey x_0 = ℓ, t_i = ⌈ℓ/x_i⌉, x_{i+1} = x_i/2^(t_i) and start back to back.
        if let Some(first) = o.phases.first() {
            assert_eq!(first.x_log2, k as f64);
            assert_eq!(first.start_round, init);
        }
        for w in o.phases.windows(2) {
            let t = w[0].rounds.expect("only the last phase is final");
            assert_eq!(t as f64, (ell / w[0].x).ceil());
            assert_eq!(w[1].start_round, w[0].start_round + t);
            assert_eq!(w[1].x_log2, w[0].x_log2 - t as f64);
        }
    }
}

#[test]
fn improved_beats_standard_when_balancing_dominates() {
    // Theorem 1 vs Theorem 2 with ℓ ≥ n/p = 2^20 (additive overhead dominates).
    for k in 20..=64 {
        let ell = 2f64.powi(k);
        let std = run(&params(1 << 30, 1 << 10, 1.0, ell, Policy::Standard));
        let imp = run(&params(1 << 30, 1 << 10, 1.0, ell, Policy::Improved));
        // time ≥ brent − 1 + ℓ·B, so the overhead exceeds B − 1/ℓ: Standard pays lg(n/p) = 20.
        assert_eq!(std.balancings, 20);
        assert!(std.overhead.unwrap() >= 20.0 - 1.0 / ell);
        // Each phase costs ℓ plus at most t_i·x_i < ℓ + x_i ≤ 2ℓ of execution; at most
        // lg*ℓ + 2 phases and one initialisation balancing.
        let bound = 3.0 * f64::from(lg_star(ell) + 2) + 1.0;
        assert!(
            imp.overhead.unwrap() <= bound,
            "ℓ = 2^{k}: improved overhead {} > {bound}",
            imp.overhead.unwrap()
        );
        assert!(imp.time < std.time, "ℓ = 2^{k}");
    }
}

fn any_decay() -> impl Strategy<Value = Decay> {
    prop::sample::select(vec![Decay::Deterministic, Decay::Random])
}

fn any_survivors() -> impl Strategy<Value = Survivors> {
    prop::sample::select(vec![
        Survivors::Proportional,
        Survivors::Adversarial,
        Survivors::Random,
    ])
}

/// Random scenarios of every kind (p kept moderate for the per-processor random survivors).
fn instance() -> impl Strategy<Value = GeoParams> {
    (
        1u64..2_000_000_000,
        1u64..3000,
        0.1f64..4.0,
        -3.0f64..40.0,
        0.25f64..8.0,
        1u64..6,
        any_decay(),
        any_survivors(),
        any::<u64>(),
    )
        .prop_map(
            |(n, p, alpha, lg_ell, c, every, decay, survivors, seed)| GeoParams {
                n,
                p,
                alpha,
                ell: lg_ell.exp2(),
                c,
                every,
                decay,
                survivors,
                seed,
                ..Default::default()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn brent_is_a_lower_bound_when_ell_is_at_least_one(prm in instance()) {
        for policy in policies(&prm) {
            let o = run(&GeoParams { policy, ..prm.clone() });
            prop_assert!(!o.truncated);
            let brent = prm.n as f64 / prm.p as f64 + o.rounds as f64;
            prop_assert_eq!(o.brent, brent);
            // Always: time ≥ ⌈n/p⌉ + (rounds − 1) + ℓ·balancings (round 0 is balanced).
            let floor = prm.n.div_ceil(prm.p) as f64 + (o.rounds - 1) as f64
                + prm.ell * o.balancings as f64;
            prop_assert!(o.time >= floor * (1.0 - 1e-12), "{:?}: {} < {}", policy, o.time, floor);
            if prm.ell >= 1.0 {
                prop_assert!(o.time >= brent, "{:?}: time {} < brent {}", policy, o.time, brent);
            }
            prop_assert!(o.work_time >= o.ideal_work);
            prop_assert!(o.balancings >= 1);
        }
    }

    #[test]
    fn loads_are_consistent_in_every_round(prm in instance()) {
        for policy in policies(&prm) {
            let o = run(&GeoParams { policy, ..prm.clone() });
            prop_assert_eq!(o.trace.len() as u64, o.rounds);
            prop_assert_eq!(o.trace[0].tasks, prm.n);
            let mut prev: Option<&RoundRecord> = None;
            for rec in &o.trace {
                prop_assert!(rec.tasks >= 1);
                prop_assert!(rec.max >= rec.tasks.div_ceil(prm.p));
                prop_assert!(rec.max <= rec.tasks);
                prop_assert!(rec.min <= rec.tasks / prm.p);
                if rec.balanced_before {
                    prop_assert!(rec.max - rec.min <= 1, "round {}: {} − {}", rec.round, rec.max, rec.min);
                }
                if let Some(pr) = prev {
                    prop_assert!(rec.tasks <= pr.tasks, "tasks grew");
                    if !rec.balanced_before {
                        // Counts never grow without a balancing.
                        prop_assert!(rec.max <= pr.max);
                        if prm.survivors == Survivors::Adversarial {
                            // The survivors stay on the fullest processors.
                            prop_assert_eq!(rec.max, pr.max.min(rec.tasks));
                        }
                    }
                }
                prev = Some(rec);
            }
        }
    }

    #[test]
    fn deterministic_decay_conserves_w_r(
        n in 1u64..(1u64 << 50),
        p in 1u64..5000,
        a in 1u32..4,
        survivors in any_survivors(),
        seed in any::<u64>(),
    ) {
        let prm = GeoParams { survivors, seed, ..params(n, p, f64::from(a), 64.0, Policy::Never) };
        for policy in policies(&prm) {
            let o = run(&GeoParams { policy, ..prm.clone() });
            for rec in &o.trace {
                prop_assert_eq!(Some(rec.tasks), w_int(n, a, rec.round));
            }
            prop_assert_eq!(w_int(n, a, o.rounds), None);
        }
    }

    #[test]
    fn proportional_never_is_at_least_as_good_as_standard(
        prm in instance(),
    ) {
        // Proportional survivors keep an even load even, so balancing only adds ℓ.
        let prm = GeoParams { survivors: Survivors::Proportional, ..prm };
        let never = run(&GeoParams { policy: Policy::Never, ..prm.clone() });
        let std = run(&GeoParams { policy: Policy::Standard, ..prm.clone() });
        prop_assert!(never.time <= std.time, "never {} > standard {}", never.time, std.time);
        // Indeed Never runs every round at ⌈w_r/p⌉.
        prop_assert_eq!(never.work_time, never.ideal_work);
        prop_assert!(never.trace.iter().all(|r| r.max - r.min <= 1));
    }

    #[test]
    fn randomized_runs_reproduce(seed in any::<u64>(), survivors in any_survivors()) {
        let prm = GeoParams {
            n: 200_000,
            p: 100,
            decay: Decay::Random,
            survivors,
            seed,
            ..Default::default()
        };
        let a = run(&prm);
        let b = run(&prm);
        prop_assert_eq!(&a, &b);
        let c = run(&GeoParams { seed: seed.wrapping_add(1), ..prm });
        let ta: Vec<u64> = a.trace.iter().map(|r| r.tasks).collect();
        let tc: Vec<u64> = c.trace.iter().map(|r| r.tasks).collect();
        prop_assert_ne!(ta, tc);
    }
}

#[test]
fn random_survivors_under_deterministic_decay_depend_on_the_seed_only() {
    let prm = GeoParams {
        n: 1 << 24,
        p: 5000,
        survivors: Survivors::Random,
        policy: Policy::Never,
        ..Default::default()
    };
    let a = run(&prm);
    assert_eq!(a, run(&prm));
    let b = run(&GeoParams { seed: 2, ..prm });
    let ma: Vec<u64> = a.trace.iter().map(|r| r.max).collect();
    let mb: Vec<u64> = b.trace.iter().map(|r| r.max).collect();
    assert_ne!(ma, mb);
    // Totals are w_r regardless of the seed.
    assert!(
        a.trace
            .iter()
            .zip(&b.trace)
            .all(|(x, y)| x.tasks == y.tasks)
    );
}

#[test]
fn randomized_decay_is_geometric_on_average() {
    // E[w_r] = n·2^(−αr): over 40 seeds the mean of w_5 is within 1% of n/32.
    let n = 1u64 << 22;
    let mut sum = 0.0;
    for seed in 0..40 {
        let o = run(&GeoParams {
            n,
            decay: Decay::Random,
            seed,
            ..Default::default()
        });
        sum += o.trace[5].tasks as f64;
    }
    let mean = sum / 40.0;
    let expect = n as f64 / 32.0;
    assert!((mean / expect - 1.0).abs() < 0.01, "{mean} vs {expect}");
}

#[test]
fn validation_names_the_field() {
    let cases: Vec<(&str, GeoParams)> = vec![
        (
            "n",
            GeoParams {
                n: 0,
                ..Default::default()
            },
        ),
        (
            "p",
            GeoParams {
                p: 0,
                ..Default::default()
            },
        ),
        (
            "alpha",
            GeoParams {
                alpha: 0.0,
                ..Default::default()
            },
        ),
        (
            "alpha",
            GeoParams {
                alpha: -1.0,
                ..Default::default()
            },
        ),
        (
            "alpha",
            GeoParams {
                alpha: f64::NAN,
                ..Default::default()
            },
        ),
        (
            "alpha",
            GeoParams {
                alpha: 1e-6,
                ..Default::default()
            },
        ),
        (
            "ell",
            GeoParams {
                ell: -0.5,
                ..Default::default()
            },
        ),
        (
            "ell",
            GeoParams {
                ell: f64::INFINITY,
                ..Default::default()
            },
        ),
        (
            "c",
            GeoParams {
                c: 0.0,
                ..Default::default()
            },
        ),
        (
            "c",
            GeoParams {
                c: f64::NAN,
                ..Default::default()
            },
        ),
        (
            "every",
            GeoParams {
                every: 0,
                ..Default::default()
            },
        ),
    ];
    for (field, prm) in cases {
        let e = simulate(&prm).unwrap_err();
        assert_eq!(e.field, field, "{prm:?}");
        assert!(!e.message.is_empty());
        assert!(e.to_string().starts_with(field), "{e}");
    }
}

#[test]
fn lg_star_values() {
    // i starts at 1 (lg^(1) = lg): every x ≤ 4 has lg x ≤ 2 at once.
    assert_eq!(lg_star(2.0), 1);
    assert_eq!(lg_star(1.0), 1);
    assert_eq!(lg_star(0.5), 1);
    assert_eq!(lg_star(0.0), 1);
    assert_eq!(lg_star(4.1), 2);
    assert_eq!(lg_star_of_log2(2.0), 1);
    assert_eq!(lg_star_of_log2(1.0), 1);
    assert_eq!(lg_star(4.0), 1);
    assert_eq!(lg_star(16.0), 2);
    assert_eq!(lg_star(65536.0), 3);
    // The paper writes lg* 2^65536 = 5; its own definition (≤ 2 threshold) gives 4.
    assert_eq!(lg_star_of_log2(65536.0), 4);
    let o = run(&GeoParams {
        ell: 65536.0,
        ..Default::default()
    });
    assert_eq!(o.lg_star_ell, 3);
    assert_eq!(o.lg_ell, Some(16.0));
    assert_eq!(o.lg_n_over_p, 10.0);
}

#[test]
fn ell_sweep_matches_single_runs() {
    let v = GeoParams::default().validate().unwrap();
    let pts = sweep_ell(&v, 1, 30, &Policy::ALL, &NoProgress).unwrap();
    for pt in pts.iter().step_by(7) {
        for pv in &pt.values {
            let o = run(&GeoParams {
                ell: pt.ell,
                policy: pv.policy,
                ..GeoParams::default()
            });
            assert_eq!(pv.time, o.time);
            assert_eq!(pv.balancings, o.balancings);
        }
    }
}

#[test]
fn every_k_balances_every_k_rounds() {
    for k in [1u64, 2, 3, 7] {
        let o = run(&GeoParams {
            policy: Policy::Every,
            every: k,
            ..Default::default()
        });
        for rec in &o.trace {
            assert_eq!(rec.balanced_before, rec.round % k == 0);
        }
        assert_eq!(o.balancings, o.rounds.div_ceil(k));
    }
}

/// The ℓ sweep's plots carry the optimal policy (finding gm-best-possible) as a fourth curve
/// where its programme applies, and it lies on or under every other policy at every ℓ; with
/// random survivors there is no optimal curve.
#[test]
fn overhead_plot_has_the_optimal_policy_under_the_others() {
    use loadlab::report::Content;
    use loadlab::report::geodecay::{Parts, Plot};
    let curves = |prm: &GeoParams| {
        let parts = Parts {
            ell_sweep: true,
            ..Default::default()
        };
        let run = parts.build(prm, &NoProgress).unwrap();
        let Content::Series(set) = run.plot(Plot::Overhead).unwrap().content else {
            panic!("the overhead plot is a series set");
        };
        set.series
    };
    let adversarial = GeoParams {
        n: 1 << 16,
        p: 64,
        alpha: 0.5,
        ell_log2_max: 20,
        survivors: Survivors::Adversarial,
        ..GeoParams::default()
    };
    let series = curves(&adversarial);
    let optimal = series.iter().find(|s| s.name == "optimal").unwrap();
    assert_eq!(optimal.points.len(), 20);
    for other in ["never", "standard", "improved"] {
        let other = series.iter().find(|s| s.name == other).unwrap();
        for (o, x) in optimal.points.iter().zip(&other.points) {
            assert_eq!(o[0], x[0]);
            assert!(o[1] <= x[1] + 1e-9, "{}: {o:?} above {x:?}", other.name);
        }
    }
    let random = GeoParams {
        survivors: Survivors::Random,
        ..adversarial
    };
    assert!(curves(&random).iter().all(|s| s.name != "optimal"));
}
