//! Keyboard only (issue 37): every bundled lesson's Your-turn exercise played to its pass
//! mark at 1280 × 720 in presenter mode with key presses alone — F6 and F7 send the focus to
//! the exercise band and to the picture, Tab and the arrow keys move it, Space and Enter act,
//! a level's load is typed into the slider's number — and at every move the focus ring drawn
//! around the focused control (a ring the app records where it draws it, checked against the
//! focused node's bounds in the accessibility tree). No pointer event is sent.
//!
//! The right moves come from the models — Algorithm 3's rounds, the KS-BF simulator's trace,
//! Fine-Grain's schedule, method C's loads, the optimal balancing plan — never from the
//! exercise's grader; the instance is the one the lesson step put in front.

use egui::{Key, Modifiers, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use loadlab::model::registry::Scenario;
use loadlab::ui::LoadlabApp;
use loadlab::ui::widgets::{focus, marks};

use super::common::{exercise_step, presenter_720p, shown};

type H = Harness<'static, LoadlabApp>;

fn press(h: &mut H, key: Key) {
    h.key_press(key);
    h.run_steps(2);
}

fn press_with(h: &mut H, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run_steps(2);
}

/// The label and bounds of the node with the keyboard focus.
fn focused(h: &H) -> Option<(String, Rect)> {
    h.query_all(By::new().predicate(|n| n.is_focused()))
        .next()
        .map(|n| (n.accesskit_node().label().unwrap_or_default(), n.rect()))
}

/// The focused control's label, after checking that the focus ring is drawn around it and
/// hugs it (a ring around the whole picture would not say where the focus is).
fn ringed(h: &H) -> String {
    let (label, r) = focused(h).expect("a control has the keyboard focus");
    let ring = marks::latest(&h.ctx, focus::RING_MARK)
        .unwrap_or_else(|| panic!("no focus ring drawn around {label:?}"));
    assert!(
        ring.expand(0.5).contains_rect(r),
        "the focus ring {ring:?} does not surround {label:?} at {r:?}"
    );
    let slack = ring.size() - r.size();
    assert!(
        slack.x <= 24.0 && slack.y <= 24.0,
        "the focus ring {ring:?} is far wider than {label:?} at {r:?}"
    );
    label
}

/// Presses `key` until the focused control is `label` (at most `most` presses).
fn move_to(h: &mut H, key: Key, modifiers: Modifiers, label: &str, most: usize) {
    for _ in 0..=most {
        if ringed(h) == label {
            return;
        }
        press_with(h, modifiers, key);
    }
    panic!("{key:?} never reached {label:?} (at {:?})", focused(h));
}

/// Jumps with F6 (the band) or F7 (the picture) and returns what took the focus.
fn jump(h: &mut H, key: Key) -> String {
    press(h, key);
    ringed(h)
}

fn scenario(h: &H) -> Scenario {
    h.state().preset().scenario.clone()
}

/// rrv: each round of Algorithm 3 planned on the ring's arrows (→ goes round the ring, Space
/// plans), then Send from the band.
fn ring_sends(h: &mut H) {
    use loadlab::model::redistribute::alg3::{Alg3Variant, algorithm3_rounds};
    exercise_step(h, "rrv-redistribute.ron");
    shown(h, "Pass mark: 2 first tries — so far 0 / 2");
    let Scenario::Redistribute(p) = scenario(h) else {
        panic!("not a ring")
    };
    let rounds = algorithm3_rounds(&p.instance.delta, Alg3Variant::Corrected).expect("rounds");
    for sends in &rounds {
        jump(h, Key::F7);
        move_to(h, Key::Tab, Modifiers::NONE, "P1 → P2", 4);
        for s in sends {
            let arrow = format!("P{} → P{}", s.from + 1, s.to + 1);
            move_to(h, Key::ArrowRight, Modifiers::NONE, &arrow, 12);
            press(h, Key::Space);
            shown(h, &arrow);
        }
        assert_eq!(jump(h, Key::F6), "Send");
        press(h, Key::Enter);
        shown(h, "Right:");
    }
    shown(h, "Complete — 2 / 2 first tries right");
    shown(h, "✓ Passed");
}

/// gao-rosenberg: each node's cell reached with the arrow keys and placed with Enter.
fn ksbf_cells(h: &mut H) {
    use loadlab::model::ksbf::{Balance, KsbfParams, Schedule, simulate};
    exercise_step(h, "gao-rosenberg-ksbf.ron");
    let Scenario::Ksbf(p) = scenario(h) else {
        panic!("not KS-BF")
    };
    let ks = KsbfParams {
        balance: Balance::Ks,
        schedule: Schedule::Bf,
        ..p
    };
    let trace = simulate(&ks.validate().expect("valid"))
        .trace
        .expect("a trace");
    assert_eq!(trace.nodes.len(), 15);
    assert_eq!(jump(h, Key::F7), "P0, step 0");
    let (mut pe, mut step) = (0u32, 0u64);
    for r in &trace.nodes {
        while (pe, step) != (r.pe, r.step) {
            let key = match (pe.cmp(&r.pe), step.cmp(&r.step)) {
                (std::cmp::Ordering::Less, _) => Key::ArrowDown,
                (std::cmp::Ordering::Greater, _) => Key::ArrowUp,
                (_, std::cmp::Ordering::Less) => Key::ArrowRight,
                _ => Key::ArrowLeft,
            };
            press(h, key);
            let want = match key {
                Key::ArrowDown => (pe + 1, step),
                Key::ArrowUp => (pe - 1, step),
                Key::ArrowRight => (pe, step + 1),
                _ => (pe, step - 1),
            };
            assert_eq!(ringed(h), format!("P{}, step {}", want.0, want.1));
            (pe, step) = want;
        }
        press(h, Key::Enter);
    }
    shown(h, "Complete — 15 / 15 first tries right");
    shown(h, "✓ Passed");
}

/// grs: Fine-Grain's nodes reached in the tree with the arrow keys (↑ parent, ↓ left child,
/// ← → along the level) and run with Space.
fn tree_nodes(h: &mut H) {
    use loadlab::model::treesweep::{Reading, fine_grain_schedule};
    exercise_step(h, "grs-treesweep.ron");
    let Scenario::TreeSweep(p) = scenario(h) else {
        panic!("not a tree sweep")
    };
    let (_, trace) = fine_grain_schedule(p.n as u32, p.tau, Reading::Intended).expect("small");
    let nodes: Vec<u64> = trace.iter().map(|s| s.heap.expect("heap") as u64).collect();
    jump(h, Key::F7);
    move_to(h, Key::Tab, Modifiers::NONE, "node 1", 3);
    let depth = |k: u64| 63 - k.leading_zeros();
    let mut at = 1u64;
    for &v in &nodes {
        while at != v {
            let (key, next) = if depth(at) > depth(v) {
                (Key::ArrowUp, at / 2)
            } else if depth(at) < depth(v) {
                (Key::ArrowDown, at * 2)
            } else if at < v {
                (Key::ArrowRight, at + 1)
            } else {
                (Key::ArrowLeft, at - 1)
            };
            press(h, key);
            assert_eq!(ringed(h), format!("node {next}"));
            at = next;
        }
        press(h, Key::Space);
        shown(h, "Right:");
    }
    shown(h, "you followed Fine-Grain throughout");
    shown(h, "✓ Passed");
}

/// li: each level's L_l typed into the slider's number (Tab from the rail), Enter, then Set
/// level from the band.
fn level_loads(h: &mut H) {
    use loadlab::model::divisible::{Method, simulate};
    exercise_step(h, "li-divisible.ron");
    let Scenario::Divisible(p) = scenario(h) else {
        panic!("not divisible load")
    };
    let v = p.validate().expect("valid");
    let loads: Vec<f64> = simulate(Method::C, &v)
        .levels
        .iter()
        .map(|l| l.load)
        .collect();
    for (l, x) in loads.iter().enumerate() {
        shown(h, &format!("Level {l} of 3"));
        jump(h, Key::F7);
        move_to(h, Key::Tab, Modifiers::NONE, "L_l (number)", 3);
        h.event(egui::Event::Text(format!("{x}")));
        h.run_steps(1);
        press(h, Key::Enter);
        assert_eq!(jump(h, Key::F6), "Set level");
        press(h, Key::Enter);
        shown(h, "Right:");
    }
    shown(h, "Complete — 4 / 4 first tries right");
    shown(h, "✓ Passed");
}

/// gil-matias: a Hint from the band, then before each round Balance or Go on as the optimal
/// plan decides (Tab and Shift+Tab between the two, Enter).
fn balance_or_go_on(h: &mut H) {
    use loadlab::model::geodecay::{Policy, simulate};
    exercise_step(h, "gil-matias-geodecay.ron");
    let Scenario::Geodecay(p) = scenario(h) else {
        panic!("not geodecay")
    };
    let optimal = simulate(&loadlab::model::geodecay::GeoParams {
        policy: Policy::Optimal,
        ..p
    })
    .expect("runs");
    assert_eq!(jump(h, Key::F6), "Hint");
    press(h, Key::Enter);
    shown(h, "Hint: ");
    assert_eq!(jump(h, Key::F7), "Balance");
    for r in &optimal.trace[1..] {
        let (want, key, modifiers) = if r.balanced_before {
            ("Balance", Key::Tab, Modifiers::SHIFT)
        } else {
            ("Go on", Key::Tab, Modifiers::NONE)
        };
        move_to(h, key, modifiers, want, 1);
        press(h, Key::Enter);
    }
    shown(h, "Complete — 30 / 30 first tries right");
    shown(h, "✓ Passed");
}

#[test]
fn keyboard_plays_the_ring_the_grid_and_the_tree_exercises() {
    let mut h = presenter_720p();
    ring_sends(&mut h);
    ksbf_cells(&mut h);
    tree_nodes(&mut h);
}

#[test]
fn keyboard_plays_the_level_and_the_balancing_exercises() {
    let mut h = presenter_720p();
    level_loads(&mut h);
    balance_or_go_on(&mut h);
    // F8: the drawer beside the picture (the lesson's first control), ringed.
    press(&mut h, Key::F8);
    ringed(&h);
    let (label, r) = focused(&h).expect("focused");
    let drawer = h.state().drawer_rect().expect("the stage's drawer");
    assert!(
        drawer.contains_rect(r),
        "F8 focused {label:?} at {r:?}, outside the drawer {drawer:?}"
    );
    // On the way on, not on Leave lesson: Next, or on the last step Back.
    let p = h.state().lesson_player().expect("a lesson");
    let last = p.index() + 1 == p.lesson().steps.len();
    let want = if last { "◀ Back" } else { "Next ▶" };
    assert_eq!(label, want, "F8 on step {}", p.index() + 1);
}

/// A lecture by keys alone: F8 to Next, a reply typed and Enter (the focus goes on to Next),
/// Enter on Next to the last step, where Next is greyed and Back takes the focus.
#[test]
fn the_keyboard_focus_follows_the_lecture_from_reveal_to_the_last_step() {
    let mut h = presenter_720p();
    let k = super::common::lesson_named("grs");
    let steps = loadlab::lesson::BUNDLED[k].lesson().unwrap().steps.len();
    h.state_mut().send(loadlab::ui::app::Cmd::StartLesson(k));
    super::common::settle(&mut h);
    assert_eq!(jump(&mut h, Key::F8), "Next ▶");
    let field = h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Your answer");
    field.focus();
    h.run_steps(1);
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Your answer")
        .type_text("31");
    press(&mut h, Key::Enter);
    h.run_steps(2);
    shown(&mut h, "Not quite: you said 31");
    assert_eq!(ringed(&h), "Next ▶", "after Reveal by Enter");
    let index = |h: &H| h.state().lesson_player().unwrap().index();
    for k in 1..steps {
        press(&mut h, Key::Enter);
        super::common::settle(&mut h);
        assert_eq!(index(&h), k);
        let want = if k + 1 < steps {
            "Next ▶"
        } else {
            "◀ Back"
        };
        assert_eq!(ringed(&h), want, "on step {}", k + 1);
    }
}

/// A focused step bar keeps its arrows, and Home and End go to the run's ends as they do
/// anywhere (they did nothing while a widget had the focus); H on a focused button hides the
/// future as it does elsewhere. Only a text field takes every key.
#[test]
fn home_end_and_h_act_while_a_button_or_the_step_bar_has_the_focus() {
    use loadlab::ui::app::{Cmd, Switch};
    let mut h = presenter_720p();
    let bar = h.get_by_role_and_label(egui::accesskit::Role::Slider, "Step");
    bar.focus();
    h.run_steps(2);
    let at = |h: &mut H| h.state_mut().step_position();
    press(&mut h, Key::End);
    super::common::settle(&mut h);
    let last = at(&mut h);
    assert!(last > 1, "End on the focused step bar: step {last}");
    press(&mut h, Key::Home);
    assert_eq!(at(&mut h), 0, "Home on the focused step bar");
    // The slider's own arrows: one step, not two (the shortcut does not step again).
    press(&mut h, Key::ArrowRight);
    assert_eq!(at(&mut h), 1, "→ on the focused step bar");
    assert!(focused(&h).is_some_and(|(l, _)| l == "Step"));
    // A focused button: H hides the future.
    h.get_by_label("Play").focus();
    h.run_steps(2);
    assert!(!h.state().hides_future());
    press(&mut h, Key::H);
    assert!(h.state().hides_future(), "H with a button focused");
    h.state_mut().send(Cmd::Toggle(Switch::HideFuture));
    h.run_steps(2);
}

/// A focused parameter slider takes Home and End for its rail's ends, as a slider does; the
/// timeline stays where it is (Home on the arity's rail, already at its low end, sent the
/// divisible timeline back to its first step).
#[test]
fn home_and_end_on_a_focused_slider_go_to_its_ends_not_the_timelines() {
    use egui::accesskit::Role;
    let preset = loadlab::preset::find_bundled("divisible-table-1").expect("bundled preset");
    let mut h = super::common::harness(Some(preset));
    press(&mut h, Key::End);
    let last = h.state_mut().step_position();
    assert!(last > 1, "End: step {last}");
    let value = |h: &H| {
        let b = h.get_by_role_and_label(Role::Slider, "b");
        let b = b.accesskit_node();
        (
            b.numeric_value(),
            b.min_numeric_value(),
            b.max_numeric_value(),
        )
    };
    let (now, lo, hi) = value(&h);
    let rail = |h: &H| value(h).0;
    assert_eq!(now, lo, "b starts at its rail's low end");
    h.get_by_role_and_label(Role::Slider, "b").focus();
    h.run_steps(2);
    press(&mut h, Key::Home);
    super::common::settle(&mut h);
    assert_eq!(
        h.state_mut().step_position(),
        last,
        "Home on b's rail moved the timeline"
    );
    assert_eq!(rail(&h), lo);
    press(&mut h, Key::End);
    super::common::settle(&mut h);
    assert_eq!(rail(&h), hi, "End on b's rail");
    assert!(
        focused(&h).is_some_and(|(l, _)| l == "b"),
        "{:?}",
        focused(&h)
    );
    press(&mut h, Key::Home);
    super::common::settle(&mut h);
    assert_eq!(rail(&h), lo, "Home on b's rail");
}

/// F8 again from Next goes to the open question's answer, which on a "try it" step lies under
/// the step's controls (about 27 Tab presses on); typed there, the reply is the lesson's. After
/// Reveal, F8 stays on Next (nothing left to answer).
#[test]
fn f8_again_from_next_lands_in_the_answer_of_a_try_it_question() {
    let mut h = presenter_720p();
    let k = super::common::lesson_named("li");
    h.state_mut().send(loadlab::ui::app::Cmd::StartLesson(k));
    super::common::settle(&mut h);
    // li step 7: "Try it: where does the claim hold?" (controls open above its question).
    h.state_mut().send(loadlab::ui::app::Cmd::LessonStep(6));
    super::common::settle(&mut h);
    super::common::wait_for_answer(&mut h);
    assert_eq!(jump(&mut h, Key::F8), "Next ▶");
    assert_eq!(jump(&mut h, Key::F8), "Your answer");
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Your answer")
        .type_text("1.5");
    h.run_steps(2);
    assert_eq!(h.state().lesson_player().unwrap().reply(), "1.5");
    press(&mut h, Key::Enter);
    super::common::settle(&mut h);
    assert!(h.state().lesson_player().unwrap().revealed());
    assert_eq!(jump(&mut h, Key::F8), "Next ▶");
    assert_eq!(jump(&mut h, Key::F8), "Next ▶", "nothing left to answer");
}
