//! Secrecy of the plots and of the Gantt chart's bars (answer leaks found by walking the
//! lessons in the app): until Reveal no curve a plot draws — what its Copy CSV writes, so
//! what hovering it reads — gives a bundled question's answer away near the instance the
//! question asks about (no point there within the question's tolerance of the answer and, for
//! a ratio, no two curves whose ratio there is), whichever plot is chosen; and no bar of the
//! Gantt chart writes a time that gives it away. What the prompt states stays drawn. The
//! answers are the ones the lessons state (prompts and explanations) and the T_P
//! read off the app, never the app's own output.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::lesson::BUNDLED;
use loadlab::model::registry::Scenario;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::commands::StepCmd;

use super::common::{open_step, settle, window};

/// Every bundled question's answer as its lesson states it: (lesson, 1-based step, answer).
const STATED: &[(&str, usize, f64)] = &[
    ("rrv", 1, 4.0),
    ("rrv", 3, 2.0),
    ("rrv", 4, 2.0),
    ("rrv", 6, 30.0),
    ("grs", 1, 10.0),
    ("grs", 4, 21.0),
    ("grs", 5, 261.0),
    ("grs", 6, 0.69),
    ("grs", 7, 0.62),
    ("grs", 10, 2077.0 / 4002.0),
    // T_C = β(1 + β)/(1 + 3β) at β = 100.
    ("li", 2, 100.0 * 101.0 / 301.0),
    // Theorem 1's S_∞ ≈ 101.98 (within 0.2 %).
    ("li", 3, 102.0),
    ("li", 5, 1.008),
    ("li", 6, 1.97),
    ("li", 7, 1.24),
    ("gil-matias", 3, 10.0),
    ("gil-matias", 4, 5.0),
    ("gil-matias", 5, 4.0),
    ("gil-matias", 6, 4.0),
    ("gao-rosenberg", 2, 2.0),
    ("gao-rosenberg", 4, 38.0),
    ("gao-rosenberg", 5, 18.0),
    ("gao-rosenberg", 6, 0.0),
];

/// A plot as its Copy CSV writes it: the x axis's name and each series' points.
#[derive(Debug)]
struct Csv {
    x: String,
    series: Vec<(String, Vec<[f64; 2]>)>,
}

/// Reads `series,<x>,<y>` and its rows (a name with a comma is quoted).
fn parse(text: &str) -> Csv {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default();
    let x = header
        .strip_prefix("series,")
        .and_then(|r| r.rsplit_once(','))
        .map_or(String::new(), |(x, _)| x.trim_matches('"').to_owned());
    let mut series: Vec<(String, Vec<[f64; 2]>)> = Vec::new();
    for line in lines {
        let mut parts = line.rsplitn(3, ',');
        let (Some(y), Some(px), Some(name)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let (Ok(px), Ok(y)) = (px.parse::<f64>(), y.parse::<f64>()) else {
            continue;
        };
        let name = name.trim_matches('"').to_owned();
        match series.iter_mut().find(|(n, _)| *n == name) {
            Some((_, points)) => points.push([px, y]),
            None => series.push((name, vec![[px, y]])),
        }
    }
    Csv { x, series }
}

/// The text the last frames put on the clipboard, if any.
fn copied(h: &Harness<'static, LoadlabApp>) -> Option<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
}

/// Every plot the front workspace draws now, as Copy CSV writes it.
fn plots_now(h: &mut Harness<'static, LoadlabApp>) -> Vec<Csv> {
    let count = h.query_all_by_label("Copy CSV").count();
    let mut out = Vec::new();
    for k in 0..count {
        let Some(button) = h.query_all_by_label("Copy CSV").nth(k) else {
            break;
        };
        button.click_accesskit();
        let mut text = None;
        for _ in 0..4 {
            h.run_steps(1);
            text = copied(h);
            if text.is_some() {
                break;
            }
        }
        out.push(parse(&text.expect("Copy CSV copies the plot")));
    }
    out
}

/// Every plot of the front workspace, each of the model's plots chosen in turn (the Plots
/// panel shown), as Copy CSV writes them, with the plot's name.
fn every_plot(h: &mut Harness<'static, LoadlabApp>, names: &[&str]) -> Vec<(String, Csv)> {
    if h.query_all_by_label("Copy CSV").next().is_none() {
        toggle(h, "Plots panel");
    }
    let mut out = Vec::new();
    for name in names {
        h.state_mut().send(Cmd::Select {
            picture: None,
            plot: Some((*name).to_owned()),
            context: "test".into(),
        });
        settle(h);
        out.extend(plots_now(h).into_iter().map(|c| ((*name).to_owned(), c)));
    }
    out
}

/// Clicks the panel switch `caption` (when there is one) and lets the app settle.
fn toggle(h: &mut Harness<'static, LoadlabApp>, caption: &str) {
    let clicked = h
        .query_all_by_label(caption)
        .next()
        .map(|t| t.click_accesskit())
        .is_some();
    if clicked {
        settle(h);
    }
}

/// The instance's own x on an axis named `x` (None: an axis of another kind).
fn instance_x(scenario: &Scenario, x: &str) -> Option<f64> {
    let json = serde_json::to_value(scenario).ok()?;
    let params = json.as_object()?.values().next()?;
    let number = |key: &str| params.get(key).and_then(serde_json::Value::as_f64);
    match x {
        "h" | "n" | "p" => number(x),
        "β" => number("beta"),
        "τ" => number("tau"),
        "lg ℓ" => number("ell").map(f64::log2),
        _ => None,
    }
}

/// Whether series `name` is labelled with another τ than the instance's (another instance).
fn other_tau(name: &str, scenario: &Scenario) -> bool {
    let Some((_, rest)) = name.split_once("τ = ") else {
        return false;
    };
    let tau: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == 'e')
        .collect();
    let own = instance_x(scenario, "τ");
    tau.parse::<f64>().is_ok_and(|t| own.is_none_or(|o| t != o))
}

/// The values the curves of `csv` draw nearest the instance's x `m` (at the drawn x next
/// below or at it and next above or at it), by series, leaving out the series of other
/// instances.
fn near(csv: &Csv, m: f64, scenario: &Scenario) -> Vec<(f64, Vec<(String, f64)>)> {
    let xs = csv.series.iter().flat_map(|(_, p)| p.iter().map(|p| p[0]));
    let below = xs.clone().filter(|&x| x <= m).fold(f64::NAN, f64::max);
    let above = xs.filter(|&x| x >= m).fold(f64::NAN, f64::min);
    let mut out = Vec::new();
    for x in [below, above] {
        if x.is_nan() || out.iter().any(|(o, _)| *o == x) {
            continue;
        }
        let at: Vec<(String, f64)> = csv
            .series
            .iter()
            .filter(|(n, _)| !other_tau(n, scenario))
            .filter_map(|(n, p)| p.iter().find(|p| p[0] == x).map(|p| (n.clone(), p[1])))
            .collect();
        out.push((x, at));
    }
    out
}

/// What of `csv` near the instance gives `answer` (± `tolerance`) away: a value, or for a
/// ratio (`ratio`) two values in that ratio.
fn leaks(
    csv: &Csv,
    scenario: &Scenario,
    (answer, tolerance): (f64, f64),
    ratio: bool,
) -> Vec<String> {
    let Some(m) = instance_x(scenario, &csv.x) else {
        return Vec::new();
    };
    let close = |v: f64| (v - answer).abs() <= tolerance + 1e-9 * answer.abs();
    let mut out = Vec::new();
    for (x, at) in near(csv, m, scenario) {
        for (n, v) in &at {
            if close(*v) {
                out.push(format!("{n} at {} = {x}: {v}", csv.x));
            }
            for (o, w) in at.iter().filter(|_| ratio) {
                if o != n && *w != 0.0 && close(v / w) {
                    out.push(format!("{n} / {o} at {} = {x}: {}", csv.x, v / w));
                }
            }
        }
    }
    out
}

/// The lesson's steps with a question, by their lesson's name and 1-based step.
fn questions() -> Vec<(
    String,
    usize,
    loadlab::lesson::Question,
    &'static [&'static str],
)> {
    let mut out = Vec::new();
    for b in BUNDLED {
        let Ok(lesson) = b.lesson() else { continue };
        let plots = loadlab::lesson::views::plots(lesson.model);
        for (i, s) in lesson.steps.iter().enumerate() {
            if let Some(q) = &s.question {
                out.push((lesson.name.clone(), i + 1, q.clone(), plots));
            }
        }
    }
    out
}

#[test]
fn no_plot_draws_a_bundled_answer_near_its_instance_before_reveal() {
    // Whole-number answers below 20 (counts: rounds, balancings, a PE) are everywhere in
    // the plots as other counts; the steps that leaked them are checked by name below.
    let mut h = window(1920.0, 1080.0, None);
    let mut asked = 0;
    for (lesson, step, q, plots) in questions() {
        let stated = STATED.iter().find(|s| s.0 == lesson && s.1 == step);
        let (_, _, answer) =
            *stated.unwrap_or_else(|| panic!("{lesson} step {step}: no stated answer"));
        asked += 1;
        if answer.fract() == 0.0 && answer < 20.0 {
            continue;
        }
        let scenario = open_step(&mut h, &lesson, step);
        let ratio = q.check.field.contains("ratio");
        let mut found = Vec::new();
        let mut read = 0;
        for (plot, csv) in every_plot(&mut h, plots) {
            read += usize::from(instance_x(&scenario, &csv.x).is_some());
            for l in leaks(&csv, &scenario, (answer, q.tolerance), ratio) {
                found.push(format!("{plot:?}: {l}"));
            }
        }
        // (Every model but the ring's plots against the instance's own parameters.)
        assert!(
            read > 0 || lesson == "rrv",
            "{lesson} step {step}: no plot read at the instance"
        );
        assert!(
            found.is_empty(),
            "{lesson} step {step} ({answer} ± {}): the plots give the answer away before Reveal: {found:#?}",
            q.tolerance
        );
        h.state_mut().send(Cmd::LeaveLesson);
        settle(&mut h);
    }
    assert_eq!(
        asked,
        STATED.len(),
        "every bundled question has its stated answer"
    );
}

/// Whether any of `plots` has a series (a legend entry) named `name`.
fn has_series(plots: &[(String, Csv)], name: &str) -> bool {
    plots
        .iter()
        .any(|(_, c)| c.series.iter().any(|(n, _)| n == name))
}

/// The points of the series named `name` in any of `plots`.
fn points_of<'a>(plots: &'a [(String, Csv)], name: &str) -> Vec<&'a [f64; 2]> {
    plots
        .iter()
        .flat_map(|(_, c)| c.series.iter())
        .filter(|(n, _)| n == name)
        .flat_map(|(_, p)| p.iter())
        .collect()
}

#[test]
fn gil_matias_plots_hide_lg_star_and_the_improved_count_but_not_the_stated_counts() {
    let mut h = window(1920.0, 1080.0, None);
    // Step 5: lg* ℓ = 4 for ℓ = 2^64 (the lesson's explanation); the overhead plot's lg* ℓ
    // line reads 4 from lg ℓ = 17 on.
    open_step(&mut h, "gil-matias", 5);
    let plots = every_plot(&mut h, &["overhead (T − Brent)/ℓ vs lg ℓ"]);
    let shown: Vec<_> = points_of(&plots, "lg* ℓ");
    assert!(
        !shown.iter().any(|p| p[0] >= 17.0 && p[1] == 4.0),
        "lg* ℓ reads 4 before Reveal: {shown:?}"
    );
    h.state_mut().send(Cmd::LeaveLesson);
    settle(&mut h);
    // Step 6, the balancings at ℓ = 2^18: the improved policy's 4 is asked; never's 1 and
    // standard's 14 are in the prompt, and stay drawn at lg ℓ = 18.
    open_step(&mut h, "gil-matias", 6);
    let plots = every_plot(&mut h, &["balancings vs lg ℓ"]);
    let improved = points_of(&plots, "improved");
    assert!(
        !improved.iter().any(|p| p[1] == 4.0),
        "the improved policy's 4 balancings are drawn: {improved:?}"
    );
    // (While the question waits the future is hidden: every curve stops short of the
    // instance, a level line drawn up to it.)
    for (policy, count) in [("never", 1.0), ("standard", 14.0)] {
        let at = points_of(&plots, policy);
        assert!(
            at.iter().any(|p| p[0] > 17.0 && p[1] == count),
            "{policy}'s {count} balancings (the prompt's) are not drawn up to lg ℓ = 18: {at:?}"
        );
    }
    h.state_mut().send(Cmd::LeaveLesson);
    settle(&mut h);
}

/// Grs step 7 asks T*/T_PY at n = 1000, τ = 10⁶ (0.624 ± 0.02) and its text asks the student
/// to read the ratio plot's τ = 10⁶ curve for n up to 40: it dips to ½ at n = 21 and rises
/// again, passing 0.62 near n = 35 (T*/T_PY = 0.6424 at n = 35 by `loadlab treesweep`, 0.663
/// at n = 40). Passing the answer on the way gives nothing away: the curve is drawn before
/// Reveal (its legend said "hidden until Reveal" beside a text describing it).
#[test]
fn grs_step_7s_thousand_level_question_draws_the_curve_its_text_describes() {
    let mut h = window(1280.0, 720.0, None);
    open_step(&mut h, "grs", 7);
    let plots = every_plot(&mut h, &["ratio T*/T_PY vs n"]);
    let curve = points_of(&plots, "τ = 1000000");
    let at = |n: f64| curve.iter().find(|p| p[0] == n).map(|p| p[1]);
    assert!(
        at(21.0).is_some_and(|r| (r - 0.5).abs() < 0.01),
        "{curve:?}"
    );
    assert!(at(40.0).is_some_and(|r| r > 0.65), "{curve:?}");
    assert!(curve.iter().all(|p| p[0] <= 40.0), "{curve:?}");
    h.state_mut().send(Cmd::LeaveLesson);
    settle(&mut h);
}

/// Li step 5 asks T_P/T_Q with method Q's schedule shown whole (Hide the future off): method
/// P's schedule ends at T_P = 0.6913 (its root's bar read "end 0.6913" before Reveal), which
/// beside T_Q gives the ratio. P's step bar waits at the start and its Gantt chart draws no
/// bar until Reveal, whatever the keys ask; after Reveal its end is there again.
#[test]
fn li_step_5s_gantt_bars_do_not_write_t_p_before_reveal() {
    let mut h = window(1920.0, 1080.0, None);
    open_step(&mut h, "li", 5);
    let tab = h
        .query_all_by_label("method P")
        .next()
        .expect("the method tabs");
    tab.click_accesskit();
    settle(&mut h);
    h.state_mut().send(Cmd::Step(StepCmd::Last));
    settle(&mut h);
    let near = |t: &str| {
        t.split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .filter_map(|w| w.parse::<f64>().ok())
            .any(|x| (x - 0.6913).abs() < 0.0005)
    };
    let bars = |h: &Harness<'static, LoadlabApp>| -> Vec<(String, String)> {
        h.query_all_by_label_contains("×")
            .filter(|n| n.accesskit_node().role() == egui::accesskit::Role::GraphicsObject)
            .map(|n| {
                let a = n.accesskit_node();
                (a.label().unwrap_or_default(), a.value().unwrap_or_default())
            })
            .collect()
    };
    let before = bars(&h);
    let told: Vec<_> = before.iter().filter(|(l, v)| near(l) || near(v)).collect();
    assert!(told.is_empty(), "bars write T_P: {told:?}");
    let painted = super::common::painted_texts(&h);
    let told: Vec<_> = painted.iter().filter(|(t, _)| near(t)).collect();
    assert!(told.is_empty(), "the picture writes T_P: {told:?}");
    assert!(
        h.query_by_label_contains("0/?").is_some(),
        "P's step bar is not held at the start"
    );
    // After Reveal P's schedule runs to its end, T_P on the root's last bar.
    super::common::reveal(&mut h);
    h.state_mut().send(Cmd::Step(StepCmd::Last));
    settle(&mut h);
    let after = bars(&h);
    assert!(
        after.iter().any(|(l, v)| l.starts_with("L0") && near(v)),
        "after Reveal no bar of the root's row ends at T_P: {after:?}"
    );
}

/// Gao & Rosenberg steps 5 and 6 ask KS-BF's makespan with random sends (18, the busiest
/// PE's W_0) and the sparse tree's W_4 (0): the work-per-PE plot's simulated W_i are the run's
/// outcome and wait for Reveal (the walk read both off the plot).
#[test]
fn the_work_per_pe_plot_waits_for_a_question_on_the_runs_end() {
    let mut h = window(1920.0, 1080.0, None);
    for step in [5, 6] {
        open_step(&mut h, "gao-rosenberg", step);
        let plots = every_plot(&mut h, &["work per PE"]);
        let simulated: Vec<_> = plots
            .iter()
            .flat_map(|(_, c)| c.series.iter())
            .filter(|(n, _)| n.starts_with("simulated W_i"))
            .collect();
        // (The plot is read: its ideal share stays; a hidden curve has no rows in the CSV.)
        let mut all = plots.iter().flat_map(|(_, c)| c.series.iter());
        assert!(all.any(|(n, _)| n == "ideal N/p"), "step {step}: {plots:?}");
        for (name, points) in simulated {
            assert!(points.is_empty(), "step {step}: {name} draws {points:?}");
        }
        h.state_mut().send(Cmd::LeaveLesson);
        settle(&mut h);
    }
}

/// gil-matias step 6 asks how often the improved policy balances at ℓ = 2^18 and invites
/// "Raise ℓ": raised past 2^18 (to 500 000, one arrow press on its slider), the sweeps over
/// lg ℓ stopped short of the new ℓ only, so they drew the asked point at lg ℓ = 18 (the
/// answer, 4, as the lesson states). They stop short of the question's own ℓ until Reveal.
#[test]
fn a_try_it_steps_changed_instance_keeps_the_asked_point_back_until_reveal() {
    use egui::accesskit::Role;
    let mut h = window(1920.0, 1080.0, None);
    open_step(&mut h, "gil-matias", 6);
    let ell = h
        .query_all_by_role(Role::SpinButton)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with('ℓ'))
        .expect("ℓ's number field");
    h.get_by_role_and_label(Role::SpinButton, &ell)
        .set_value_accesskit(500_000.0);
    h.run_steps(3);
    settle(&mut h);
    let Scenario::Geodecay(p) = &h.state().preset().scenario else {
        panic!("not geodecay")
    };
    assert_eq!(p.ell, 500_000.0);
    let plots = loadlab::lesson::views::plots(loadlab::model::registry::ModelId::Geodecay);
    let over_ell = |h: &mut Harness<'static, LoadlabApp>| -> Vec<(String, f64)> {
        every_plot(h, plots)
            .into_iter()
            .filter(|(_, c)| c.x == "lg ℓ")
            .flat_map(|(name, c)| {
                // (A level line, a count the prompt states, is drawn up to the cut, and the
                // cut itself is marked there.)
                let level = |p: &[[f64; 2]]| p.iter().all(|q| q[1] == p[0][1]);
                use loadlab::ui::widgets::compare_plot::{ASKED_UNTIL_REVEAL, HIDDEN_UNTIL_REVEAL};
                let mark = |n: &str| [HIDDEN_UNTIL_REVEAL, ASKED_UNTIL_REVEAL].contains(&n);
                let curves = c.series.iter().filter(|(n, p)| !level(p) && !mark(n));
                let far = curves.flat_map(|(_, p)| p.iter().map(|p| p[0]));
                far.map(move |x| (name.clone(), x)).collect::<Vec<_>>()
            })
            .collect()
    };
    let before = over_ell(&mut h);
    assert!(!before.is_empty(), "no plot over lg ℓ");
    let past: Vec<_> = before.iter().filter(|(_, x)| *x >= 18.0).collect();
    assert!(
        past.is_empty(),
        "drawn at lg ℓ ≥ 18 before Reveal: {past:?}"
    );
    super::common::reveal(&mut h);
    let after = over_ell(&mut h);
    assert!(
        after.iter().any(|(_, x)| *x == 18.0),
        "lg ℓ = 18 after Reveal"
    );
}

/// Sets the number field whose label starts with `start` to `value` and lets the app settle.
fn set_field(h: &mut Harness<'static, LoadlabApp>, start: &str, value: f64) {
    use egui::accesskit::Role;
    let label = h
        .query_all_by_role(Role::SpinButton)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no number field {start:?}"));
    h.get_by_role_and_label(Role::SpinButton, &label)
        .set_value_accesskit(value);
    h.run_steps(3);
    settle(h);
}

/// grs step 10 asks T*/T_PY at τ = 2000, n = 12, and its text says "Set τ = 1000 and move n
/// from 8 to 20: the ratio falls to its minimum, 0.527 at n = 11, and climbs again". Done so,
/// every curve stopped at n = 12, the question's n, though no curve of τ = 1000 (nor of
/// Fig. 2's other τ) passes through the question's run: the climb was never drawn. A curve
/// through the question's run (τ = 2000 set again) still stops short of it until Reveal.
#[test]
fn grs_try_it_draws_the_climb_its_text_asks_for_and_keeps_the_asked_tau_back() {
    use loadlab::ui::widgets::compare_plot::ASKED_UNTIL_REVEAL;
    let mut h = window(1920.0, 1080.0, None);
    open_step(&mut h, "grs", 10);
    set_field(&mut h, "τ", 1000.0);
    set_field(&mut h, "n", 20.0);
    let plots = every_plot(&mut h, &["ratio T*/T_PY vs n"]);
    let curve = points_of(&plots, "τ = 1000");
    let at = |n: f64| curve.iter().find(|p| p[0] == n).map(|p| p[1]);
    // Its minimum at n = 11, as the text says, then higher at n = 15.
    let min = at(11.0).expect("τ = 1000 at n = 11");
    assert!((min - 0.527).abs() < 0.001, "{curve:?}");
    assert!(at(15.0).is_some_and(|r| r > min + 0.05), "{curve:?}");
    assert!(points_of(&plots, "τ = 2000").is_empty(), "{plots:?}");
    assert!(!has_series(&plots, ASKED_UNTIL_REVEAL), "{plots:?}");
    // τ = 2000 again (n = 20 still): its curve passes through the question's run.
    set_field(&mut h, "τ", 2000.0);
    let plots = every_plot(&mut h, &["ratio T*/T_PY vs n"]);
    let asked = points_of(&plots, "τ = 2000");
    assert!(!asked.is_empty(), "{plots:?}");
    assert!(asked.iter().all(|p| p[0] < 12.0), "{asked:?}");
    assert!(has_series(&plots, ASKED_UNTIL_REVEAL), "{plots:?}");
    h.state_mut().send(Cmd::LeaveLesson);
    settle(&mut h);
}

/// li step 7 asks T_C/T_P at h = 15, β = 1, then says "move h and β in the controls … the
/// speedup vs β plot shows where they separate". Moved to h = 2, the β sweep (at h = 2)
/// stopped at β = 1 still, the question's β, though it no longer passes through the
/// question's run: everything past β = 1, where the methods separate, was hidden. Back at
/// h = 15 the sweep passes through it again and stops short of β = 1 until Reveal.
#[test]
fn li_try_it_draws_the_beta_sweep_of_another_height_whole() {
    let mut h = window(1920.0, 1080.0, None);
    open_step(&mut h, "li", 7);
    set_field(&mut h, "h", 2.0);
    set_field(&mut h, "β", 100.0);
    // (The h sweep is read too: only the plot over β is looked at.)
    let over_beta = |h: &mut Harness<'static, LoadlabApp>| -> Vec<[f64; 2]> {
        let plots = every_plot(h, &["speedup vs β"]);
        let beta = plots
            .into_iter()
            .filter(|(_, c)| c.x == "β")
            .collect::<Vec<_>>();
        points_of(&beta, "P simulated")
            .into_iter()
            .copied()
            .collect()
    };
    // Hide the future stops the sweep at the instance's own β = 100.
    let p = over_beta(&mut h);
    assert!(p.iter().any(|q| q[0] > 50.0), "{p:?}");
    set_field(&mut h, "h", 15.0);
    let p = over_beta(&mut h);
    assert!(p.len() > 3 && p.iter().all(|q| q[0] < 1.0), "{p:?}");
    h.state_mut().send(Cmd::LeaveLesson);
    settle(&mut h);
}

/// The plots' points at `scenario`'s own x (those of the plots drawn against one of its
/// parameters), and how many plots were so read.
fn at_instance(plots: &[(String, Csv)], scenario: &Scenario) -> (Vec<String>, usize) {
    let (mut points, mut read) = (Vec::new(), 0);
    for (plot, csv) in plots {
        let Some(m) = instance_x(scenario, &csv.x) else {
            continue;
        };
        read += 1;
        // (The dashed line that says why a sweep stops short stands at the instance; a level
        // line is drawn up to just short of it.)
        let marker = |name: &str| name.contains("instance:");
        for (name, p) in csv.series.iter().filter(|(n, _)| !marker(n)) {
            let at = p.iter().filter(|p| p[0] == m);
            points.extend(at.map(|p| format!("{plot}: {name} at {} = {}: {}", csv.x, p[0], p[1])));
        }
    }
    (points, read)
}

/// Chooses the first of the model's `plots` (the last one read may have drawn nothing, and
/// [`every_plot`] shows the Plots panel unless a Copy CSV is in view).
fn first_plot(h: &mut Harness<'static, LoadlabApp>, plots: &[&str]) {
    h.state_mut().send(Cmd::Select {
        picture: None,
        plot: Some(plots[0].to_owned()),
        context: "test".into(),
    });
    settle(h);
}

/// While "Your turn" is played no plot draws the instance's own point: the Numbers wait for
/// the last move because they hold what the moves are to find, and the sweeps' point at the
/// instance held the same (KS-BF's makespan vs n drew T_6's makespan, 22 on R_4, beside a
/// table that offers a step per node so as not to tell it). Played to the end with Show me,
/// the point is drawn again.
#[test]
fn no_plot_draws_the_instance_while_your_turn_is_played() {
    use loadlab::model::registry::ModelId;
    let models = [
        ModelId::Ksbf,
        ModelId::TreeSweep,
        ModelId::Divisible,
        ModelId::Geodecay,
    ];
    for model in models {
        let mut scenario = model.default_scenario();
        // (The exercise draws trees up to n = 7.)
        if let Scenario::TreeSweep(p) = &mut scenario {
            p.n = 5;
        }
        let preset = loadlab::preset::Preset::new("turn", "", scenario.clone());
        let mut h = window(1920.0, 1080.0, Some(preset));
        let plots = loadlab::lesson::views::plots(model);
        let (shown_before, read) = at_instance(&every_plot(&mut h, plots), &scenario);
        assert!(
            read > 0 && !shown_before.is_empty(),
            "{model:?}: nothing at the instance"
        );
        first_plot(&mut h, plots);
        toggle(&mut h, "Your turn");
        let (during, read) = at_instance(&every_plot(&mut h, plots), &scenario);
        assert!(
            read > 0 && during.is_empty(),
            "{model:?}: Your turn is played beside {during:#?}"
        );
        for _ in 0..400 {
            if h.query_by_label_contains("Complete —").is_some() {
                break;
            }
            toggle(&mut h, "Show me");
        }
        assert!(
            h.query_by_label_contains("Complete —").is_some(),
            "{model:?}"
        );
        first_plot(&mut h, plots);
        let (after, _) = at_instance(&every_plot(&mut h, plots), &scenario);
        assert!(
            !after.is_empty(),
            "{model:?}: the instance stays hidden when played"
        );
    }
}

/// A Gantt chart whose time labels an open question hides ticks its axis in quarters, each
/// "?": grs step 5 (predict T_PY) drew its grid at round times, three lines 100 apart
/// before the axis's end, which put T_PY near 265 (it is 261).
#[test]
fn a_hidden_time_axis_is_ticked_in_quarters_not_at_round_times() {
    let h = super::common::stage_lesson("grs-treesweep.ron", 4);
    let (xs, chart) = time_axis_labels(&h, loadlab::ui::frame::HIDDEN);
    assert_eq!(
        xs.len(),
        5,
        "the axis's hidden labels at {xs:?} (chart {chart:?})"
    );
    let gaps: Vec<f32> = xs.windows(2).map(|w| w[1] - w[0]).collect();
    // The two ends' labels are kept inside the chart: the inner gaps are the quarters.
    assert!((gaps[1] - gaps[2]).abs() < 1.0, "unequal quarters: {xs:?}");
    assert!(
        xs[4] >= chart.right() - 24.0,
        "the last tick is not at the axis's end: {xs:?} (chart {chart:?})"
    );
}

/// The x of every label `text` painted along the Gantt chart's time axis, left to right, and
/// the chart's rect.
fn time_axis_labels(
    h: &egui_kittest::Harness<'_, loadlab::ui::LoadlabApp>,
    text: &str,
) -> (Vec<f32>, egui::Rect) {
    use loadlab::ui::widgets::gantt::LABEL_CHART;
    let chart = h.get_by_label(LABEL_CHART).rect();
    let mut xs: Vec<f32> = super::common::painted_texts(h)
        .into_iter()
        .filter(|(t, r)| {
            t == text && r.top() >= chart.bottom() - 40.0 && r.top() <= chart.bottom() + 10.0
        })
        .map(|(_, r)| r.center().x)
        .collect();
    xs.sort_by(f32::total_cmp);
    (xs, chart)
}

/// li step 2 (predict T_N = 33.55) opens at t = 0 with no bar drawn: the chart has no time
/// scale yet, and its axis says so ("?") rather than 0 … 1.
#[test]
fn a_chart_with_no_bar_yet_has_no_times_on_its_axis() {
    let h = super::common::stage_lesson("li-divisible.ron", 1);
    let (hidden, _) = time_axis_labels(&h, loadlab::ui::frame::HIDDEN);
    assert_eq!(hidden.len(), 5, "{hidden:?}");
    for t in ["0", "0.2", "0.4", "1"] {
        assert!(time_axis_labels(&h, t).0.is_empty(), "{t} on the axis");
    }
}
