//! The GUI monkey (issue 24): seeded random clicks on every kind of control, slider and
//! drag values anywhere in their range, text typed into fields (out of range, not a number),
//! and the app's keys, on the real app at the projector stage and on
//! the desktop. The app must never panic and must keep drawing; the seeds are fixed so a
//! failure replays. For that each action waits for the background jobs it started: with a
//! fixed number of frames instead, what was on screen for the next action depended on the
//! machine's speed, and a panic CI found (seed 4) did not replay here.

use egui::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::common::settle;

/// Actions per seed.
const ACTIONS: usize = 400;
/// The seeds the CI runs, each with its window, whether it presents and the bundled lesson it
/// starts in: the projector stage at 1280 × 720, the desktop, a phone upright (one column)
/// and on its side, and a lecture under way.
const SEEDS: [(u64, [f32; 2], bool, Option<usize>); 8] = [
    (1, [1280.0, 720.0], true, None),
    (2, [1500.0, 940.0], false, None),
    (3, [1280.0, 720.0], true, None),
    (4, [1500.0, 940.0], false, None),
    (5, [390.0, 844.0], false, None),
    (6, [844.0, 390.0], false, None),
    (7, [1280.0, 720.0], true, Some(0)),
    (8, [1920.0, 1080.0], true, Some(1)),
];
/// Seeds that do not wait for the jobs an action started (two frames an action), as a hurried
/// user clicks on while work runs: they reach what only happens then (the plot panic CI
/// found in session 31 was one), but a failure may not replay on another machine.
const RACING: [(u64, [f32; 2], bool, Option<usize>); 2] = [
    (9, [1280.0, 720.0], true, None),
    (10, [1500.0, 940.0], false, None),
];

/// Labels the monkey leaves alone: file dialogs (they would wait for a person) and what asks
/// for one (a figure's ↓ PNG and ↓ SVG: with no file dialog here the app asks for a path, and
/// its field, taking the focus a frame late, took text typed for another and wrote a PNG by
/// that name in the working folder), a typed file path, and leaving.
fn off_limits(label: &str) -> bool {
    [
        "…",
        "Open",
        "Save",
        "Export",
        "Quit",
        "Copy",
        "File path",
        "↓",
    ]
    .iter()
    .any(|w| label.contains(w))
}

fn app([w, h]: [f32; 2], presenter: bool, lesson: Option<usize>) -> Harness<'static, LoadlabApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(w, h))
        .with_max_steps(50)
        .build_eframe(|cc| LoadlabApp::new(cc, None));
    settle(&mut h);
    if presenter {
        h.state_mut().send(Cmd::Presenter(true));
        h.run_steps(3);
    }
    if let Some(k) = lesson {
        h.state_mut().send(Cmd::StartLesson(k));
        settle(&mut h);
    }
    h
}

/// A gesture anywhere in the window: a drag (a ring's δ, a plot's pan, a panel's edge), the
/// wheel (a plot's zoom, a scroll area), the zoom keys, or the window resized.
fn gesture(h: &mut Harness<'static, LoadlabApp>, rng: &mut ChaCha8Rng) -> String {
    let screen = h.ctx.content_rect();
    let mut at = || {
        egui::pos2(
            rng.random_range(screen.left()..=screen.right()),
            rng.random_range(screen.top()..=screen.bottom()),
        )
    };
    let (from, to) = (at(), at());
    match rng.random_range(0..10) {
        0..=4 => {
            h.hover_at(from);
            h.drag_at(from);
            h.run_steps(1);
            h.hover_at(to);
            h.run_steps(1);
            h.drop_at(to);
            format!("drag {from:?} → {to:?}")
        }
        5..=7 => {
            h.hover_at(from);
            let delta = egui::vec2(0.0, if rng.random_bool(0.5) { 120.0 } else { -120.0 });
            let modifiers = if rng.random_bool(0.5) {
                egui::Modifiers::COMMAND
            } else {
                egui::Modifiers::NONE
            };
            h.event(egui::Event::MouseWheel {
                unit: egui::MouseWheelUnit::Point,
                delta,
                modifiers,
                phase: egui::TouchPhase::Move,
                source: egui::MouseWheelSource::Wheel,
            });
            format!("wheel {delta:?} {modifiers:?} at {from:?}")
        }
        8 => {
            let key = if rng.random_bool(0.5) {
                egui::Key::Equals
            } else {
                egui::Key::Minus
            };
            h.key_press_modifiers(egui::Modifiers::COMMAND, key);
            format!("zoom key {key:?}")
        }
        _ => {
            const SIZES: [[f32; 2]; 5] = [
                [1280.0, 720.0],
                [1920.0, 1080.0],
                [390.0, 844.0],
                [844.0, 390.0],
                [800.0, 600.0],
            ];
            let [w, hgt] = SIZES[rng.random_range(0..SIZES.len())];
            h.set_size(egui::vec2(w, hgt));
            format!("resize to {w} × {hgt}")
        }
    }
}

/// Export figure to a file of the system's temporary folder (the path a file dialog would
/// give), in whatever state the monkey left the app (a lesson's hidden future, Your turn, a
/// half-typed value), as SVG or PNG: the figure the app picks with no region asked (the
/// picture, or the map in front). Not through Export figure…, which opens the file dialog on a
/// thread: with no dialog here its path prompt appeared frames later, took text typed for
/// another field and wrote figures named "-1" and "2^1000" in the working folder.
fn export(h: &mut Harness<'static, LoadlabApp>, rng: &mut ChaCha8Rng) -> String {
    if h.state().drawn().is_empty() {
        return "nothing to export".into();
    }
    let ext = if rng.random_bool(0.5) { "svg" } else { "png" };
    let path = std::env::temp_dir().join(format!("loadlab-monkey-{}.{ext}", std::process::id()));
    h.state_mut().send(Cmd::ExportFigureTo(path));
    format!("export the figure as {ext}")
}

/// Cancels a file path asked for (a figure's ↓ PNG with no file dialog here), if one is: the
/// field takes the focus, so text typed for another field would name a file written in the
/// working folder. True when it did.
fn cancel_file_path(h: &mut Harness<'static, LoadlabApp>) -> bool {
    let Some(field) = h.query_by_label("File path").map(|n| n.rect()) else {
        return false;
    };
    let cancel = h
        .query_all_by_label("Cancel")
        .filter(|n| n.rect().top() >= field.top())
        .min_by(|a, b| {
            let d = |n: &egui_kittest::Node<'_>| n.rect().top() - field.top();
            d(a).total_cmp(&d(b))
        });
    match cancel {
        Some(cancel) => {
            cancel.click_accesskit();
            true
        }
        None => false,
    }
}

/// One random action; what it did, for the failure message.
fn act(h: &mut Harness<'static, LoadlabApp>, rng: &mut ChaCha8Rng) -> String {
    const KEYS: [egui::Key; 8] = [
        egui::Key::ArrowLeft,
        egui::Key::ArrowRight,
        egui::Key::Space,
        egui::Key::Home,
        egui::Key::End,
        egui::Key::Escape,
        egui::Key::H,
        egui::Key::F5,
    ];
    if cancel_file_path(h) {
        return "cancel the file path".into();
    }
    if rng.random_bool(0.015) {
        return export(h, rng);
    }
    if rng.random_bool(0.15) {
        let key = KEYS[rng.random_range(0..KEYS.len())];
        h.key_press(key);
        return format!("key {key:?}");
    }
    if rng.random_bool(0.15) {
        return gesture(h, rng);
    }
    let screen = h.ctx.content_rect();
    let nodes: Vec<_> = h
        .query_all(by().predicate(|n| {
            matches!(
                n.role(),
                Role::Button
                    | Role::Slider
                    | Role::CheckBox
                    | Role::RadioButton
                    | Role::ComboBox
                    | Role::TextInput
                    | Role::SpinButton
            ) && n.bounding_box().is_some()
                && !off_limits(&n.label().unwrap_or_default())
        }))
        .filter(|n| screen.contains(n.rect().center()))
        .collect();
    if nodes.is_empty() {
        return "nothing to click".into();
    }
    let node = &nodes[rng.random_range(0..nodes.len())];
    let a = node.accesskit_node();
    let label = a.label().unwrap_or_default();
    if a.role() == Role::TextInput {
        // What a hurried or curious user types: numbers out of range, not numbers at all.
        const TYPED: [&str; 16] = [
            "",
            "0",
            "-1",
            "1e308",
            "1e-320",
            "NaN",
            "inf",
            "2^1000",
            "2^-5",
            "abc",
            "1/3",
            "99999999999999999999999",
            "½",
            " 7 ",
            "-0",
            "1,5",
        ];
        let text = TYPED[rng.random_range(0..TYPED.len())];
        node.focus();
        h.run_steps(1);
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        match h.query_by(|n| n.is_focused()) {
            Some(field) if !off_limits(&field.accesskit_node().label().unwrap_or_default()) => {
                field.type_text(text)
            }
            _ => return format!("focus {label:?} (not taken)"),
        }
        h.key_press(egui::Key::Enter);
        return format!("type {text:?} into {label:?}");
    }
    if matches!(a.role(), Role::Slider | Role::SpinButton) {
        let (lo, hi) = (
            a.min_numeric_value().unwrap_or(0.0),
            a.max_numeric_value().unwrap_or(1.0),
        );
        let v = if hi > lo {
            rng.random_range(lo..=hi)
        } else {
            lo
        };
        node.set_value_accesskit(v);
        format!("slider {label:?} = {v}")
    } else {
        node.click_accesskit();
        format!("click {label:?}")
    }
}

/// Runs the monkey on `runs` (racing: not waiting for the jobs an action started): the app
/// never panics, keeps drawing, and writes nothing in the working folder. The seeds are split
/// among a few tests so the test threads share them.
fn monkey(runs: &[(u64, [f32; 2], bool, Option<usize>)], racing: bool) {
    let files = || -> std::collections::BTreeSet<std::ffi::OsString> {
        std::fs::read_dir(".")
            .map(|d| d.flatten().map(|e| e.file_name()).collect())
            .unwrap_or_default()
    };
    let before = files();
    for &(seed, size, presenter, lesson) in runs {
        let mut h = app(size, presenter, lesson);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut done = Vec::new();
        for _ in 0..ACTIONS {
            done.push(act(&mut h, &mut rng));
            if std::env::var("LOADLAB_MONKEY_SAY").is_ok() {
                eprintln!("seed {seed}: {}", done.last().unwrap());
            }
            let steps = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                if racing {
                    h.run_steps(2);
                } else {
                    settle(&mut h);
                }
            }));
            assert!(
                steps.is_ok(),
                "seed {seed}: the app panicked after {:?}",
                done.iter().rev().take(5).collect::<Vec<_>>()
            );
        }
        // The monkey did act (not only find nothing to click).
        let idle = done
            .iter()
            .filter(|d| d.as_str() == "nothing to click")
            .count();
        assert!(
            idle * 4 < ACTIONS,
            "seed {seed}: {idle} of {ACTIONS} actions found nothing"
        );
        // Still drawing: a frame later the workspace's regions are there.
        h.state_mut().send(Cmd::LeaveLesson);
        h.run_steps(3);
        assert!(
            !h.state().drawn().is_empty(),
            "seed {seed}: nothing drawn after {} actions",
            done.len()
        );
    }
    for ext in ["svg", "png"] {
        let exported = format!("loadlab-monkey-{}.{ext}", std::process::id());
        let _ = std::fs::remove_file(std::env::temp_dir().join(exported));
    }
    // Nothing written in the working folder (a typed file path once named PNGs there).
    let written: Vec<_> = files().difference(&before).cloned().collect();
    assert!(written.is_empty(), "the monkey wrote {written:?}");
}

#[test]
fn seeds_1_and_2_never_panic_and_the_app_keeps_drawing() {
    monkey(&SEEDS[0..2], false);
}

#[test]
fn seeds_3_and_4_never_panic_and_the_app_keeps_drawing() {
    monkey(&SEEDS[2..4], false);
}

#[test]
fn seeds_5_and_6_on_a_phone_never_panic_and_the_app_keeps_drawing() {
    monkey(&SEEDS[4..6], false);
}

#[test]
fn seeds_7_and_8_in_a_lecture_never_panic_and_the_app_keeps_drawing() {
    monkey(&SEEDS[6..8], false);
}

#[test]
fn racing_seeds_9_and_10_never_panic_and_the_app_keeps_drawing() {
    monkey(&RACING, true);
}

/// A longer hunt than the CI's, run by hand: `LOADLAB_MONKEY=FIRST..END cargo test --release
/// --test suite -- --ignored monkey_hunt`. Seed s takes the window and stage of
/// `SEEDS[s % 8]` (and races when s is a multiple of 5); a failure names its seed, which then
/// replays alone as `LOADLAB_MONKEY=s..s+1`.
#[test]
#[ignore = "a long hunt by hand: LOADLAB_MONKEY=FIRST..END"]
fn monkey_hunt() {
    let spec = std::env::var("LOADLAB_MONKEY").unwrap_or_else(|_| "100..108".into());
    let (first, end) = spec
        .split_once("..")
        .and_then(|(a, b)| Some((a.parse::<u64>().ok()?, b.parse::<u64>().ok()?)))
        .expect("LOADLAB_MONKEY=FIRST..END");
    for seed in first..end {
        let (_, size, presenter, lesson) = SEEDS[(seed % 8) as usize];
        eprintln!("monkey hunt: seed {seed}");
        monkey(&[(seed, size, presenter, lesson)], seed % 5 == 0);
    }
}
