//! Tree-sweep model (Gao, Rosenberg & Sitaraman): Fine-Grain vs exhaustive optimum, validity
//! of every materialised schedule, P.Y recurrence vs explicit schedule, baselines, properties.

use loadlab::model::treesweep::*;

const TAUS: [f64; 7] = [1.5, 2.0, 2.5, 3.0, 4.7, 7.0, 10.0];

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

#[test]
fn fine_grain_equals_exhaustive_optimum() {
    for &tau in &TAUS {
        let ex = exhaustive(5, tau).unwrap();
        let fg = fine_grain(5, tau);
        for h in 0..5 {
            assert!(
                close(fg.t_star[h], ex.opt[h]),
                "τ = {tau}, n = {}: Fine-Grain {} vs exhaustive {}",
                h + 1,
                fg.t_star[h],
                ex.opt[h]
            );
        }
    }
}

#[test]
fn fine_grain_equals_exhaustive_on_a_fine_tau_grid() {
    // n ≤ 4 on a dense grid (including values just above the breakpoints), n = 5 coarser.
    let mut worst = 0usize;
    for i in 0..400 {
        let tau = 1.0 + 0.05 * (i + 1) as f64 + 1e-7 * (i % 3) as f64;
        let ex = exhaustive(4, tau).unwrap();
        let fg = fine_grain(4, tau);
        for h in 0..4 {
            if !close(fg.t_star[h], ex.opt[h]) {
                worst += 1;
                eprintln!(
                    "τ = {tau}, n = {}: FG {} vs OPT {}",
                    h + 1,
                    fg.t_star[h],
                    ex.opt[h]
                );
            }
        }
    }
    for i in 0..24 {
        let tau = 1.1 + 1.37 * i as f64;
        let ex = exhaustive(5, tau).unwrap();
        let fg = fine_grain(5, tau);
        if !close(fg.makespan(), ex.opt[4]) {
            worst += 1;
            eprintln!(
                "τ = {tau}, n = 5: FG {} vs OPT {}",
                fg.makespan(),
                ex.opt[4]
            );
        }
    }
    assert_eq!(worst, 0);
}

#[test]
fn every_materialised_schedule_is_valid() {
    for &tau in TAUS.iter().chain(&[128.0, 1000.0, 33.3]) {
        for n in 1..=16 {
            let fast = fine_grain(n, tau);
            let (s, trace) = fine_grain_schedule(n, tau, Reading::Intended).unwrap();
            assert_eq!(s.check(), Ok(()), "Fine-Grain n = {n}, τ = {tau}");
            assert!(close(s.makespan(), fast.makespan()), "n = {n}, τ = {tau}");
            assert_eq!(s.top_cluster_size(), fast.top_cluster_size());
            assert_eq!(trace.len() as u64, fast.top_cluster_size());
            assert_eq!(
                Some(s.processors_used() as u128),
                fast.processors_used().exact
            );
            let down = s.reversed();
            assert_eq!(down.direction, Direction::Down);
            assert_eq!(down.check(), Ok(()), "down n = {n}, τ = {tau}");
            assert!(close(down.makespan(), s.makespan()));

            let py = py_schedule(n, tau).unwrap();
            assert_eq!(py.check(), Ok(()), "P.Y n = {n}, τ = {tau}");
            assert_eq!(py.reversed().check(), Ok(()));
            assert!(
                close(py.makespan(), py_makespan(n, tau)),
                "P.Y n = {n}, τ = {tau}: explicit {} vs recurrence {}",
                py.makespan(),
                py_makespan(n, tau)
            );

            let one = one_processor_schedule(n, tau);
            assert_eq!(one.check(), Ok(()));
            assert_eq!(one.makespan(), one_processor_makespan(n));
            let per = processor_per_node_schedule(n, tau);
            assert_eq!(per.check(), Ok(()));
            assert!(close(per.makespan(), processor_per_node_makespan(n, tau)));
            assert_eq!(per.processors_used(), (1u64 << n) - 1);
        }
    }
}

#[test]
fn trace_matches_the_literal_node_by_node_run() {
    for &tau in &[1.5, 4.7, 10.0, 128.0] {
        for n in 1..=14 {
            let (_, literal) = fine_grain_schedule(n, tau, Reading::Intended).unwrap();
            let (fg, trace) = fine_grain_traced(n, tau, usize::MAX);
            assert!(!trace.truncated);
            assert_eq!(trace.steps.len(), literal.len(), "n = {n}, τ = {tau}");
            for (a, b) in trace.steps.iter().zip(&literal) {
                assert_eq!((a.heap, a.height, a.rule), (b.heap, b.height, b.rule));
                assert_eq!(a.picked_height, b.picked_height);
                assert!(close(a.start, b.start));
                assert!(a.gap < 1.0 && a.gap >= 0.0);
            }
            assert!(close(fg.makespan(), literal.last().unwrap().start + 1.0));
            let (_, cut) = fine_grain_traced(n, tau, 3);
            assert_eq!(cut.steps.len(), literal.len().min(3));
            assert_eq!(cut.truncated, literal.len() > 3);
        }
    }
}

#[test]
fn fast_and_stepwise_agree() {
    for &tau in &[
        1.5, 2.0, 2.5, 3.0, 4.7, 7.0, 10.0, 33.3, 128.0, 1000.0, 4097.5,
    ] {
        for n in [1, 2, 3, 7, 12, 20, 31, 40] {
            assert_eq!(
                fine_grain(n, tau),
                fine_grain_stepwise(n, tau),
                "n = {n}, τ = {tau}"
            );
        }
    }
    assert_eq!(fine_grain(60, 1.01), fine_grain_stepwise(60, 1.01));
    // Beyond u128 the f64 processor counts are summed in a different order.
    let (a, b) = (fine_grain(400, 1e5), fine_grain_stepwise(400, 1e5));
    assert_eq!(a.t_star, b.t_star);
    assert_eq!(a.cluster_size, b.cluster_size);
    assert_eq!(a.external_by_height, b.external_by_height);
    assert_eq!(a.boundary_by_height, b.boundary_by_height);
    for (x, y) in a.processors.iter().zip(&b.processors) {
        assert_eq!(x.exact, y.exact);
        assert!(close(x.approx, y.approx));
    }
}

#[test]
fn properties_hold() {
    for &tau in &[1.01, 1.5, 2.0, 2.5, 3.0, 4.7, 7.0, 10.0, 128.0, 1000.0, 1e5] {
        let n = 64;
        let fg = fine_grain(n, tau);
        let py = py_makespans(n, tau);
        for h in 1..=n {
            let i = h as usize - 1;
            let t = fg.t_star[i];
            if h > 1 {
                assert!(
                    t >= fg.t_star[i - 1] + 1.0 - 1e-9,
                    "monotone h = {h}, τ = {tau}"
                );
            }
            assert!(t <= py[i] + 1e-9, "T* ≤ T_PY h = {h}, τ = {tau}");
            assert!(py[i] <= 2.0 * t + 1e-9, "T_PY ≤ 2T* h = {h}, τ = {tau}");
            assert!(t <= one_processor_makespan(h) + 1e-9);
            assert!(t <= processor_per_node_makespan(h, tau) + 1e-9);
        }
    }
}

#[test]
fn literal_readings_that_fail() {
    // Footnote 4 taken literally: everything on processor 0, not optimal for n = 3, τ = 1.5.
    let (s, _) = fine_grain_schedule(3, 1.5, Reading::LeafAlwaysEligible).unwrap();
    assert_eq!(s.check(), Ok(()));
    assert_eq!(s.makespan(), 7.0);
    assert!(exhaustive(3, 1.5).unwrap().opt[2] < 7.0);
    // The start formula as converted, (h − 1) + τ: invalid schedules.
    let (s, _) = fine_grain_schedule(4, 4.3, Reading::PrintedStartFormula).unwrap();
    assert!(matches!(s.check(), Err(Violation::Precedence { .. })));
}

#[test]
fn solve_and_schedules_for_both_directions() {
    let up = TreeSweepParams {
        n: 9,
        tau: 4.7,
        direction: Direction::Up,
    }
    .validate()
    .unwrap();
    let down = up.with(|p| p.direction = Direction::Down).unwrap();
    let a = solve(&up, 10);
    let b = solve(&down, 10);
    assert_eq!(a.t_star, b.t_star);
    assert_eq!(a.trace.steps.len(), 10);
    assert!(a.trace.truncated);
    assert!(a.t_star <= a.t_py && a.t_py <= 2.0 * a.t_star);
    for v in [&up, &down] {
        let s = optimal_schedule(v).unwrap();
        assert_eq!(s.direction, v.direction);
        assert_eq!(s.check(), Ok(()));
        assert!(close(s.makespan(), a.t_star));
        let p = py_schedule_for(v).unwrap();
        assert_eq!(p.check(), Ok(()));
        assert!(close(p.makespan(), a.t_py));
    }
    let big = up.with(|p| p.n = 1000).unwrap();
    assert!(optimal_schedule(&big).is_none());
    assert!(solve(&big, 0).processors.display().contains('e'));
}

mod prop {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn fine_grain_is_optimal_for_random_tau(tau in 1.0001f64..40.0) {
            let ex = exhaustive(4, tau).unwrap();
            let fg = fine_grain(4, tau);
            for h in 0..4 {
                prop_assert!(close(fg.t_star[h], ex.opt[h]), "τ {} h {}", tau, h + 1);
            }
        }

        #[test]
        fn bounds_for_random_instances(tau in 1.0001f64..5000.0, n in 1u32..300) {
            let fg = fine_grain(n, tau);
            let py = py_makespans(n, tau);
            for h in 1..=n as usize {
                let t = fg.t_star[h - 1];
                if h > 1 {
                    prop_assert!(t >= fg.t_star[h - 2] + 1.0 - 1e-9);
                }
                prop_assert!(t <= py[h - 1] + 1e-9);
                prop_assert!(py[h - 1] <= 2.0 * t + 1e-9);
                prop_assert!(t <= processor_per_node_makespan(h as u32, tau) + 1e-9);
                prop_assert!(t <= one_processor_makespan(h as u32) + 1e-9);
            }
        }

        #[test]
        fn random_materialised_schedules_are_valid(tau in 1.0001f64..300.0, n in 1u32..=12) {
            let (s, _) = fine_grain_schedule(n, tau, Reading::Intended).unwrap();
            prop_assert_eq!(s.check(), Ok(()));
            prop_assert!(close(s.makespan(), fine_grain(n, tau).makespan()));
            let p = py_schedule(n, tau).unwrap();
            prop_assert_eq!(p.check(), Ok(()));
            prop_assert!(close(p.makespan(), py_makespan(n, tau)));
        }
    }
}

#[test]
fn fig2_figures_regression() {
    let s = sweep_n(
        40,
        &[128.0, 256.0, 512.0, 1000.0],
        &loadlab::model::NoProgress,
    )
    .unwrap();
    let last: Vec<(f64, f64, u64)> = s
        .iter()
        .map(|x| {
            let p = x.points.last().unwrap();
            (p.t_star, p.t_py, p.top_cluster)
        })
        .collect();
    assert_eq!(
        last,
        vec![
            (1001.0, 1301.0, 1001),
            (1673.0, 2295.0, 1673),
            (2881.0, 4103.0, 2881),
            (4860.0, 7031.0, 4860)
        ]
    );
    let f = fine_grain(1000, 1e6);
    assert_eq!(f.makespan(), 61_842_451.0);
    assert_eq!(py_makespan(1000, 1e6), 99_048_630.0);
}

/// Where a plot's curves pass through another run: the n plots draw Fig. 2's τ (128, 256, 512,
/// 1000) and the instance's, the τ plot the instance's n, the limit plot n = 1000. A lesson
/// question on a run the plot does not draw leaves the plot whole.
#[test]
fn a_plot_passes_through_the_runs_it_draws_and_no_other() {
    use loadlab::model::NoProgress;
    use loadlab::report::treesweep::{Parts, Plot};
    let shown = TreeSweepParams {
        n: 20,
        tau: 2000.0,
        direction: Direction::Up,
    };
    let run = Parts::full(&shown).build(&shown, &NoProgress).unwrap();
    let at = |n: u64, tau: f64| TreeSweepParams {
        n,
        tau,
        direction: Direction::Down,
    };
    for plot in [Plot::Fig2, Plot::Ratio, Plot::Increments, Plot::LongRatio] {
        assert_eq!(
            run.passes_through(plot, &at(12, 2000.0)),
            Some(12.0),
            "{plot:?}"
        );
        assert_eq!(
            run.passes_through(plot, &at(7, 512.0)),
            Some(7.0),
            "{plot:?}"
        );
        assert_eq!(run.passes_through(plot, &at(12, 3000.0)), None, "{plot:?}");
    }
    assert_eq!(run.passes_through(Plot::VsTau, &at(20, 5.0)), Some(5.0));
    assert_eq!(run.passes_through(Plot::VsTau, &at(12, 2000.0)), None);
    assert_eq!(run.passes_through(Plot::Limit, &at(1000, 1e6)), Some(1e6));
    assert_eq!(run.passes_through(Plot::Limit, &at(20, 2000.0)), None);
}
