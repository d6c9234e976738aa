//! Unit tests of the divisible-load exercise (the levels' grades, hints, Show me and the
//! provisional plans).

use super::*;

fn params(b: i64, h: i64, beta: f64, m: Method) -> DivisibleParams {
    DivisibleParams {
        b,
        h,
        beta,
        algorithm: AlgorithmChoice::Only(m),
        ..DivisibleParams::default()
    }
}

/// A small seeded generator (xorshift) for the instances.
fn next(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

#[test]
fn the_methods_own_loads_are_all_optimal_and_reach_the_closed_form() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..60 {
        let b = 2 + (next(&mut seed) % 4) as i64;
        let h = (next(&mut seed) % 6) as i64;
        let beta = 10f64.powf((next(&mut seed) % 600) as f64 / 100.0 - 2.0);
        for m in Method::ALL {
            let p = params(b, h, beta, m);
            let v = p.validate().unwrap();
            let loads = level_loads(m, &v);
            let mut ex = DivExercise::new(&p).unwrap();
            for &x in &loads {
                let g = ex.play(x, true).unwrap();
                assert!(g.grade.optimal, "{m:?} b={b} h={h} β={beta}: {g:?}");
            }
            assert!(ex.complete());
            assert_eq!(ex.score, ex.levels());
            let t = ex.result().unwrap();
            let c = closed_form(m, &v);
            assert!(
                (t.finish - c).abs() <= 1e-9 * c,
                "{m:?} b={b} h={h} β={beta}"
            );
            assert!(first_waste(&t).is_none(), "{m:?}: {:?}", first_waste(&t));
        }
    }
}

#[test]
fn a_wrong_level_is_named_and_its_waste_found() {
    let p = params(2, 3, 10.0, Method::C);
    let v = p.validate().unwrap();
    let loads = level_loads(Method::C, &v);
    let mut ex = DivExercise::new(&p).unwrap();
    ex.play(loads[0], true);
    // Level 1 gets 20 % too little: it runs dry before the others.
    let g = ex.play(loads[1] * 0.8, true).unwrap();
    assert!(g.grade.legal && !g.grade.optimal);
    assert_eq!((g.level, g.grade.rule.as_str()), (1, CLOSED_FORM));
    assert!(g.grade.why.contains("too little"), "{}", g.grade.why);
    while !ex.complete() {
        let s = ex.suggestion().unwrap();
        ex.play(s, false);
    }
    let t = ex.result().unwrap();
    assert!(t.finish > closed_form(Method::C, &v) * (1.0 + 1e-6));
    let w = first_waste(&t).unwrap();
    assert_eq!(w.level, 1, "{w:?}");
    assert!(ex.summary().unwrap().contains("level 1 finishes"));
}

#[test]
fn illegal_values_are_refused_and_not_played() {
    let p = params(2, 2, 1.0, Method::Q);
    let mut ex = DivExercise::new(&p).unwrap();
    for (x, rule) in [(-0.1, RANGE), (f64::NAN, RANGE), (1.5, REMAINING)] {
        let g = ex.play(x, true).unwrap();
        assert_eq!((g.grade.legal, g.grade.rule.as_str()), (false, rule));
    }
    assert_eq!(ex.next_level(), 0);
    ex.play(0.5, true);
    // Level 1 under ℚ: at least 0.5/(2·3) per processor.
    let g = ex.play(0.01, true).unwrap();
    assert_eq!(g.grade.rule, OVERLAP, "{g:?}");
    ex.play(0.1, true);
    // The leaves must take the rest: 0.5 − 0.2 = 0.3 over 4 processors.
    let g = ex.play(0.05, true).unwrap();
    assert_eq!(g.grade.rule, CONSERVATION);
    assert!(ex.play(0.075, true).unwrap().grade.legal);
    assert!(ex.complete());
}

#[test]
fn a_level_without_load_wastes_time_and_the_levels_set_are_searched_first() {
    let p = params(2, 2, 1.0, Method::P);
    let v = p.validate().unwrap();
    let x = level_loads(Method::P, &v);
    // Level 1 gets nothing: its processors idle from the arrival of their (empty)
    // fragment; the root and the leaves take the rest.
    let loads = [x[0] + 2.0 * x[1], 0.0, x[2]];
    let t = simulate_loads(Method::P, &v, &loads).unwrap();
    let w = first_waste(&t).unwrap();
    assert_eq!(w.level, 1, "{w:?}");
    assert!(w.why.contains("gets no load"), "{}", w.why);
    // Among the root alone (it finishes last) there is no waste.
    assert!(first_waste_above(&t, 1).is_none());
}

#[test]
fn the_provisional_plan_is_the_students_number_and_exact_when_right() {
    for m in Method::ALL {
        let p = params(2, 4, 10.0, m);
        let v = p.validate().unwrap();
        let x = level_loads(m, &v);
        let mut ex = DivExercise::new(&p).unwrap();
        ex.play(x[0], true);
        // A wrong candidate on level 1: the levels below copy it, the method's loads
        // appear nowhere, the whole load is given.
        let guess = x[1] * 0.7;
        let plan = ex.provisional_own(guess);
        assert_eq!(plan.len(), 5);
        assert!(
            plan[1..4]
                .iter()
                .all(|&y| y == guess || m == Method::Q && y > guess),
            "{m:?}: {plan:?}"
        );
        let total: f64 = (plan.iter().enumerate())
            .map(|(l, y)| 2f64.powi(l as i32) * y)
            .sum();
        assert!((total - 1.0).abs() < 1e-12, "{m:?}: {total}");
        // ℙ's right candidate: the plan is ℙ's own, and so are the times of the levels set.
        if m == Method::P {
            let t = ex.schedule(&ex.provisional_own(x[1])).unwrap();
            assert!(
                (t.finish - closed_form(m, &v)).abs() <= 1e-9,
                "{}",
                t.finish
            );
        }
    }
}

/// Show me plays the method's L_l while it fits the load left; once the student's levels
/// took it all, it plays the nearest that fits (0) and says that this is not the
/// method's move (it read "The algorithm's move: L_2 = 0 is too little").
#[test]
fn show_me_says_when_the_method_s_move_no_longer_fits() {
    let mut ex = DivExercise::new(&params(2, 5, 100.0, Method::C)).unwrap();
    let (first, note) = ex.shown().unwrap();
    assert!(note.is_none() && first > 0.0);
    ex.play(0.9, true);
    ex.play(0.05, true);
    let (s, note) = ex.shown().unwrap();
    assert_eq!(s, 0.0);
    let note = note.expect("a note: the method's L_2 does not fit");
    assert!(
        note.contains("does not fit the load your levels left (L_2 = 0)"),
        "{note}"
    );
}

/// Hints give the rule, not the level's value (the method's L_l of its own simulated
/// schedule); a root set to ℂ's L_0 = T/β is not blamed for whatever the slider holds
/// on level 1, and a root set at half of it is, once level 1 is set (Li's optimality
/// principle: every processor finishes together).
#[test]
fn hints_keep_the_value_back_and_only_levels_set_are_judged() {
    for m in Method::ALL {
        let p = params(2, 3, 10.0, m);
        let v = p.validate().unwrap();
        let method = crate::model::divisible::simulate(m, &v);
        let mut ex = DivExercise::new(&p).unwrap();
        for (l, level) in method.levels.iter().enumerate().take(ex.levels() - 1) {
            let hint = ex.hint(l);
            let mut numbers = hint.split(|c: char| !(c.is_ascii_digit() || ".e-".contains(c)));
            let value = number(level.load, Precision::Steps);
            assert!(numbers.all(|n| n != value), "{m:?} L_{l}: {hint}");
            ex.play(level.load, true).unwrap();
        }
    }
    let p = params(2, 3, 10.0, Method::C);
    let v = p.validate().unwrap();
    let loads: Vec<f64> = (crate::model::divisible::simulate(Method::C, &v).levels)
        .iter()
        .map(|l| l.load)
        .collect();
    let mut ex = DivExercise::new(&p).unwrap();
    ex.play(loads[0], true).unwrap();
    let (_, most) = ex.range();
    for k in 0..=10 {
        let c = most * k as f64 / 10.0;
        assert!(ex.waste_so_far(c).is_none(), "L_1 = {c}");
    }
    let mut ex = DivExercise::new(&p).unwrap();
    ex.play(loads[0] / 2.0, true).unwrap();
    assert!(ex.waste_so_far(0.0).is_none(), "only the root is set");
    ex.play(loads[1], true).unwrap();
    assert_eq!(ex.waste_so_far(loads[2]).map(|w| w.level), Some(0));
}

/// The leaves are graded to the tolerance of every level (0.1 %, the help's and the li
/// lesson's rule) and then take exactly the rest; a refusal tells its two numbers apart.
#[test]
fn the_leaves_take_the_rest_to_the_tolerance_of_every_level() {
    let p = params(2, 5, 100.0, Method::C);
    // Li's closed-form L_0 … L_4 (Table I: T_C = 2.43005 at h = 5, β = 100) as a
    // student types them, to 7 digits; the leaves' share is what they leave.
    let typed = [0.0243005, 0.01942199, 0.01707986, 0.01599418, 0.01553132];
    let given: f64 = (typed.iter().enumerate())
        .map(|(l, x)| 2f64.powi(l as i32) * x)
        .sum();
    let rest = (1.0 - given) / 32.0;
    let set = || {
        let mut ex = DivExercise::new(&p).unwrap();
        for x in typed {
            assert!(ex.play(x, true).unwrap().grade.optimal, "{x}");
        }
        ex
    };
    let mut ex = set();
    let g = ex.play(rest * (1.0 - 3e-6), true).unwrap();
    assert!(g.grade.legal && g.grade.optimal, "{}", g.grade.why);
    assert!(ex.complete() && ex.score == 6);
    let total: f64 = (ex.loads.iter().enumerate())
        .map(|(l, x)| 2f64.powi(l as i32) * x)
        .sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    let g = set().play(rest * 1.002, true).unwrap();
    assert_eq!(g.grade.rule, CONSERVATION);
    let (_, tail) = g.grade.why.rsplit_once(" = ").unwrap();
    let (want, got) = tail.split_once(", not ").unwrap();
    assert_ne!(want, got, "{}", g.grade.why);
}

/// After a wrong root, ℂ's hint and Show me agree: both take t from ℂ's own schedule
/// (level 1's fragment arrives at (1 − L_0)/b with L_0 = T_C/β, T_C = 2.43005 from
/// Table I), not from the student's (0.5/2 = 0.25 after L_0 = 0.5).
#[test]
fn the_hint_and_show_me_follow_the_closed_form_after_a_wrong_level() {
    let p = params(2, 5, 100.0, Method::C);
    let mut ex = DivExercise::new(&p).unwrap();
    ex.play(0.5, true).unwrap();
    let hint = ex.hint(1);
    let t: f64 = (hint.split("(t = ").nth(1))
        .and_then(|r| r.split(')').next())
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("no t in {hint}"));
    let table_t = (1.0 - 2.43005 / 100.0) / 2.0;
    assert!((t - table_t).abs() <= 1e-3 * table_t, "{hint}");
    let shown = ex.suggestion().unwrap();
    assert!(
        (shown - (2.43005 - table_t) / 100.0).abs() <= 1e-3 * shown,
        "{shown}"
    );
}

#[test]
fn deep_trees_are_refused() {
    let e = DivExercise::new(&params(2, 9, 1.0, Method::P)).unwrap_err();
    assert!(e.0.starts_with("--h"), "{e}");
}

#[test]
fn four_significant_digits() {
    assert_eq!(number(0.123456, Precision::Steps), "0.1235");
    assert_eq!(number(12.0, Precision::Steps), "12");
    assert_eq!(number(1234.5678, Precision::Steps), "1235");
    assert_eq!(number(1.5e-6, Precision::Steps), "1.500 × 10^-6");
}

/// Show me played level by level plays the method's own moves: none of them is "the
/// nearest that fits", whatever the rounding of the load left (li's exercise, h = 3, β = 10,
/// said "the method's L_3 = 0.0575 does not fit the load your levels left (L_3 = 0.0575)").
#[test]
fn show_me_all_the_way_plays_the_method_s_moves_without_a_note() {
    for m in Method::ALL {
        for (b, h, beta) in [(2, 3, 10.0), (2, 5, 100.0), (3, 4, 0.5), (2, 8, 1e4)] {
            let mut ex = DivExercise::new(&params(b, h, beta, m)).unwrap();
            while let Some((s, note)) = ex.shown() {
                assert!(note.is_none(), "{m:?} b={b} h={h} β={beta}: {note:?}");
                ex.play(s, true);
            }
            assert!(ex.complete(), "{m:?} b={b} h={h} β={beta}");
        }
    }
}
