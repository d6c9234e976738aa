//! The projector stage (issue 22): at 1280 × 720 in presenter mode (zoom 1.5, about 850 × 480
//! points) and at 1920 × 1080 in presenter mode, for every step of every bundled lesson,
//! every compare preset and every model with its controls and its numbers open, the picture
//! (or what is in front of it: the plots, the map) keeps at least 40 % of the window; no
//! region overlaps another; no widget runs out of the window or out of its region sideways
//! (a slider's value box included); and before Reveal no text shows a question's answer.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};
use loadlab::lesson::{BUNDLED as LESSONS, Lesson};
use loadlab::model::registry::ModelId;
use loadlab::preset::BUNDLED;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::workspace::Region;

use super::common::settle;

/// The app at `width` × `height` pixels in presenter mode.
fn presenter(width: f32, height: f32) -> Harness<'static, LoadlabApp> {
    let mut h = super::common::window(width, height, None);
    h.state_mut().send(Cmd::Presenter(true));
    h.run_steps(3);
    settle(&mut h);
    h
}

/// The regions of the last frame with the drawer: inside the window, apart, the front one
/// at least 40 % of the window, and every widget inside the window and its region sideways.
pub fn check(h: &mut Harness<'static, LoadlabApp>, what: &str) {
    let screen = h.ctx.content_rect();
    let mut rooms: Vec<(String, egui::Rect)> = h
        .state()
        .drawn()
        .iter()
        .map(|d| (format!("{:?}", d.region), d.room))
        .collect();
    if let Some(d) = h.state().drawer_rect() {
        rooms.push(("drawer".into(), d));
    }
    let front = h
        .state()
        .drawn()
        .iter()
        .find(|d| matches!(d.region, Region::Picture | Region::Plots | Region::Map))
        .map(|d| d.room)
        .unwrap_or_else(|| panic!("{what}: no picture drawn"));
    // Compare A/B reports B's picture; A's is beside or above it, as large (the room split
    // at its centre).
    let compare = h.state().front() == loadlab::ui::app::View::Compare;
    let share = front.area() * if compare { 2.0 } else { 1.0 } / screen.area();
    assert!(
        share >= 0.4,
        "{what}: the picture {front:?} has {:.0} % of the window {screen:?} ({rooms:?})",
        share * 100.0
    );
    for (i, (a, ra)) in rooms.iter().enumerate() {
        assert!(
            screen.expand(1.0).contains_rect(*ra),
            "{what}: {a} {ra:?} outside the window {screen:?}"
        );
        for (b, rb) in &rooms[i + 1..] {
            assert!(
                ra.intersect(*rb).area() < 1.0,
                "{what}: {a} {ra:?} and {b} {rb:?} overlap"
            );
        }
    }
    sideways(h, what, screen, &rooms);
}

/// Every widget seen in the window lies within it and within its region sideways (vertical
/// overflow is a scroll area's).
fn sideways(
    h: &Harness<'static, LoadlabApp>,
    what: &str,
    screen: egui::Rect,
    rooms: &[(String, egui::Rect)],
) {
    for node in h.query_all(by().predicate(|_| true)) {
        if node.accesskit_node().bounding_box().is_none() {
            continue;
        }
        let r = node.rect();
        if !r.is_positive() || !r.intersects(screen) {
            continue;
        }
        let label = node.accesskit_node().label().unwrap_or_default();
        use egui::Role as R;
        let interactive = matches!(
            node.accesskit_node().role(),
            R::Button
                | R::Slider
                | R::SpinButton
                | R::TextInput
                | R::CheckBox
                | R::ComboBox
                | R::RadioButton
        );
        // Text may run on inside a sideways scroll area (a wide table in the drawer); a
        // control may not, nor anything in the picture (which never scrolls sideways).
        let in_picture = rooms
            .iter()
            .any(|(name, room)| name == "Picture" && room.contains(r.left_top()));
        if !interactive && !in_picture {
            continue;
        }
        assert!(
            r.left() >= screen.left() - 1.0 && r.right() <= screen.right() + 1.0,
            "{what}: {label:?} ({:?}) {r:?} runs out of the window {screen:?}",
            node.accesskit_node().role()
        );
        if !interactive {
            continue;
        }
        if let Some((name, room)) = rooms.iter().find(|(_, room)| room.contains(r.center())) {
            assert!(
                r.left() >= room.left() - 2.0 && r.right() <= room.right() + 2.0,
                "{what}: {label:?} {r:?} is cut by the {name} {room:?}"
            );
        }
    }
}

fn every_lesson_step(width: f32, height: f32) {
    let mut h = presenter(width, height);
    for (k, b) in LESSONS.iter().enumerate() {
        let lesson: Lesson = b.lesson().expect("bundled lessons parse");
        h.state_mut().send(Cmd::StartLesson(k));
        settle(&mut h);
        for i in 0..lesson.steps.len() {
            h.state_mut().send(Cmd::LessonStep(i));
            settle(&mut h);
            h.run_steps(2);
            check(
                &mut h,
                &format!("{width}×{height} {} step {}", lesson.name, i + 1),
            );
        }
        h.state_mut().send(Cmd::LeaveLesson);
        settle(&mut h);
    }
}

fn every_compare_preset(width: f32, height: f32) {
    let mut h = presenter(width, height);
    for (i, b) in BUNDLED.iter().enumerate() {
        if !b.file.starts_with("compare-") {
            continue;
        }
        h.state_mut().send(Cmd::Bundled(i));
        h.run_steps(3);
        settle(&mut h);
        check(&mut h, &format!("{width}×{height} {}", b.file));
    }
}

fn every_model_with_controls_and_numbers(width: f32, height: f32) {
    let mut h = presenter(width, height);
    for m in ModelId::ALL {
        h.state_mut().send(Cmd::Switch(m));
        settle(&mut h);
        for leaf in ["Controls", "Numbers"] {
            if h.query_by_label(leaf).is_none() {
                h.get_by_label("«").click();
                settle(&mut h);
            }
            h.get_by_label(leaf).click();
            settle(&mut h);
            check(&mut h, &format!("{width}×{height} {m:?} with the {leaf}"));
        }
    }
}

#[test]
fn every_lesson_step_keeps_the_picture_at_720p_presenter() {
    every_lesson_step(1280.0, 720.0);
}

#[test]
fn every_lesson_step_keeps_the_picture_at_1080p_presenter() {
    every_lesson_step(1920.0, 1080.0);
}

#[test]
fn every_compare_preset_keeps_the_pictures_in_presenter_mode() {
    every_compare_preset(1280.0, 720.0);
    every_compare_preset(1920.0, 1080.0);
}

#[test]
fn every_model_keeps_the_picture_with_its_controls_or_numbers_in_presenter_mode() {
    every_model_with_controls_and_numbers(1280.0, 720.0);
    every_model_with_controls_and_numbers(1920.0, 1080.0);
}

/// Whether `text` shows `answer`: as a number of its own anywhere (not part of a longer
/// number or of a name such as P4, x_4 or C_{1,4}); for 0 and 1, which are everywhere as
/// counts and steps, only as a value (after "= ", "of " or "/", or the whole text).
pub fn shows(text: &str, answer: &str) -> bool {
    if text.trim() == answer {
        return true;
    }
    let small = answer.parse::<f64>().is_ok_and(|x| x.abs() <= 1.0);
    if !small && answer.parse::<f64>().is_ok() {
        let t = text.replace('−', "-");
        return t.match_indices(answer).any(|(i, _)| {
            let before = t[..i].chars().next_back();
            let after = t[i + answer.len()..].chars().next();
            // (A minus sign makes another number: −2 is not the answer 2.)
            // A number after a name word is a name too ("Steps 4–6", "Theorem 2").
            let named = [
                "Step ",
                "Steps ",
                "Theorem ",
                "Lemma ",
                "Fig. ",
                "System ",
                "Algorithm ",
                "node ",
                "processor ",
            ]
            .iter()
            .any(|w| t[..i].ends_with(w));
            let name = named || before.is_some_and(|c| c.is_alphanumeric() || "_{,.-".contains(c));
            let longer = after.is_some_and(|c| c.is_ascii_digit())
                || (after == Some('.')
                    && t[i + answer.len() + 1..].starts_with(|c: char| c.is_ascii_digit()));
            !name && !longer
        });
    }
    ["= ", "of ", "/"].iter().any(|before| {
        let pattern = format!("{before}{answer}");
        text.match_indices(&pattern).any(|(i, _)| {
            let rest = &text[i + pattern.len()..];
            !rest.starts_with(|c: char| {
                c.is_ascii_digit()
                    || c == '.' && rest[1..].starts_with(|d: char| d.is_ascii_digit())
            })
        })
    })
}

/// Every visible text outside the drawer (the lesson's own words are there), with its rect.
fn visible_texts(h: &Harness<'static, LoadlabApp>) -> Vec<String> {
    let screen = h.ctx.content_rect();
    let drawer = h.state().drawer_rect();
    h.query_all(by().predicate(|_| true))
        .filter(|n| n.accesskit_node().bounding_box().is_some())
        .filter(|n| {
            let r = n.rect();
            r.intersects(screen) && !drawer.is_some_and(|d| d.contains(r.center()))
        })
        .flat_map(|n| {
            let a = n.accesskit_node();
            let label = a.label().unwrap_or_default();
            let value = a
                .value()
                .map(|v| super::access_tree::without_own_delta(&label, v.to_string()));
            [a.label(), value]
        })
        .flatten()
        .collect()
}

#[test]
fn no_question_shows_its_answer_before_reveal_and_every_one_after() {
    let mut h = presenter(1280.0, 720.0);
    let mut asked = 0;
    for (k, b) in LESSONS.iter().enumerate() {
        let lesson: Lesson = b.lesson().expect("bundled lessons parse");
        h.state_mut().send(Cmd::StartLesson(k));
        settle(&mut h);
        for (i, step) in lesson.steps.iter().enumerate() {
            let Some(q) = &step.question else {
                continue;
            };
            h.state_mut().send(Cmd::LessonStep(i));
            settle(&mut h);
            h.run_steps(2);
            let what = format!("{} step {}", lesson.name, i + 1);
            // The player computes its answers in the background: wait for them.
            super::common::wait_for_answer(&mut h);
            let answer = q.answer().unwrap_or_else(|e| panic!("{what}: {e}")).text();
            // A PE's index (node 13 runs on P_2) is a name, not a value written anywhere:
            // "2 of 4 PEs busy" is not its answer (tests/ui/secrecy.rs covers the rest).
            let index = q.check.field.starts_with("assignments.");
            // A count of something the question does not ask ("4 sends" while Lemma 1's
            // bound is asked) is not its answer.
            let words: Vec<String> = q
                .check
                .field
                .split(['.', '_', ' '])
                .map(|w| w.to_lowercase().trim_end_matches('s').to_owned())
                .collect();
            for t in visible_texts(&h).into_iter().filter(|_| !index) {
                // A sender's own δ_i (stated in the prompt), not δ_max (Lemma 8): its part
                // of a send's line ("… · δ of the sender: 2 → 1 · …", wrapped on the stage
                // where a line may begin "the sender:" or "sender:") is left out.
                let t: String = t
                    .split(" · ")
                    .filter(|p| {
                        !(p.starts_with("δ of the sender")
                            || p.starts_with("the sender:")
                            || p.starts_with("sender:"))
                    })
                    .collect::<Vec<_>>()
                    .join(" · ");
                assert!(
                    !shows(&t, &answer) || super::walk_secrecy::counts_other(&t, &answer, &words),
                    "{what}: {t:?} shows the answer {answer} before Reveal"
                );
            }
            // The drawer scrolls to the question box as a presenter would.
            h.get_by_label("Reveal").scroll_to_me();
            h.run_steps(2);
            h.get_by_label("Reveal").click_accesskit();
            settle(&mut h);
            h.run_steps(2);
            let all: Vec<String> = h
                .query_all(by().predicate(|_| true))
                .flat_map(|n| {
                    let a = n.accesskit_node();
                    [a.label(), a.value().map(|v| v.to_string())]
                })
                .flatten()
                .collect();
            assert!(
                all.iter().any(|t| t.contains(&answer)),
                "{what}: the answer {answer} is not shown after Reveal"
            );
            asked += 1;
        }
        h.state_mut().send(Cmd::LeaveLesson);
        settle(&mut h);
    }
    let questions = |b: &loadlab::preset::Bundled| {
        let lesson: Lesson = b.lesson().expect("bundled lessons parse");
        lesson.steps.iter().filter(|s| s.question.is_some()).count()
    };
    let expected: usize = LESSONS.iter().map(questions).sum();
    assert_eq!(asked, expected, "every bundled question");
    assert!(asked >= 23, "{asked} questions");
}

#[test]
fn a_value_is_shown_after_an_equals_sign_an_of_or_alone() {
    assert!(shows("Lemma 1's bound = 4 is attained", "4"));
    assert!(shows("Round 1 of 4: remaining bound", "4"));
    assert!(shows("0/4", "4"));
    assert!(shows("4", "4"));
    assert!(!shows("δ = 45", "4"));
    assert!(!shows("of 4.5 items", "4"));
    assert!(shows("of 4. Then", "4"));
    assert!(!shows("P4 = idle", "4"));
    assert!(shows("remaining bound 4 · 4 sends", "4"));
    assert!(!shows("C_{1,4} and 14", "4"));
    assert!(!shows("Step 1: 1 of 4 PEs busy", "1"));
    assert!(shows("P_0 = 1", "1"));
}

/// rrv step 7 puts Section 8's study in front, whose random rings have their own settings
/// above the plot: the drawer's Controls and Numbers, which are the picture's ring's, say so
/// (the walk found a ring of 8 there beside the study, unexplained).
#[test]
fn the_drawers_ring_beside_a_random_ring_study_says_whose_it_is() {
    let mut h = super::common::stage_lesson("rrv-redistribute.ron", 6);
    for leaf in ["Controls", "Numbers"] {
        super::common::drawer_tab(&mut h, leaf);
        assert!(
            h.query_by_label_contains("the picture's ring; the plot's random rings")
                .is_some(),
            "{leaf}: no word on whose ring it is"
        );
    }
}
