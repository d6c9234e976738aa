//! Stepping for lectures: every stepped algorithm ends on a frame showing the end state,
//! reachable with End and with →, and the step bar keeps its shape while it plays.

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::ui::LoadlabApp;
use loadlab::ui::widgets::step_bar::{LABEL_FORWARD, LABEL_PAUSE, LABEL_PLAY, LABEL_STEP};

use super::common::{settle, shown};

/// The app at projector size (1280 × 720) opened on the bundled preset `name`.
pub fn open(name: &str) -> Harness<'static, LoadlabApp> {
    open_sized(name, egui::vec2(1280.0, 720.0))
}

/// The app in a window of `size` opened on the bundled preset `name`.
pub fn open_sized(name: &str, size: egui::Vec2) -> Harness<'static, LoadlabApp> {
    let preset = loadlab::preset::find_bundled(name).expect("bundled preset");
    let mut h = Harness::builder()
        .with_size(size)
        .with_max_steps(50)
        .build_eframe(move |cc| LoadlabApp::new(cc, Some(preset.clone())));
    settle(&mut h);
    h
}

/// True while a node whose label contains `text` is on screen.
fn on_screen(h: &Harness<'_, LoadlabApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// End shows `end`; so does pressing → from the first step until the end, in at most
/// `max_steps` presses, with the step before it not showing `end` and a further → staying on
/// it.
fn final_frame(name: &str, end: &str, max_steps: usize) {
    let mut h = open(name);
    assert!(!on_screen(&h, end), "{name}: {end:?} shown at step 0");
    h.key_press(Key::End);
    h.run_steps(2);
    shown(&mut h, end);
    // The Forward button is disabled on the final frame.
    assert!(
        h.get_by_label(LABEL_FORWARD).accesskit_node().is_disabled(),
        "{name}: Forward still enabled on the final frame"
    );
    h.key_press(Key::Home);
    h.run_steps(2);
    assert!(!on_screen(&h, end), "{name}: {end:?} shown after Home");
    let mut presses = 0;
    while !on_screen(&h, end) {
        assert!(presses < max_steps, "{name}: → never reaches {end:?}");
        h.key_press(Key::ArrowRight);
        h.run_steps(2);
        presses += 1;
    }
    assert!(presses >= 1);
    h.key_press(Key::ArrowRight);
    h.run_steps(2);
    shown(&mut h, end);
}

#[test]
fn algorithm_3_ends_on_the_balanced_ring() {
    // Algorithm 3 on the 12-ring takes 4 rounds: steps 0…3 are the rounds, step 4 the end.
    final_frame(
        "redistribute-12-ring",
        "Done: balanced after 4 rounds (makespan 4), every δ = 0",
        10,
    );
    let mut h = open("redistribute-12-ring");
    h.key_press(Key::End);
    h.run_steps(2);
    h.key_press(Key::ArrowLeft);
    h.run_steps(2);
    shown(&mut h, "3 of 4 rounds done · round 4: δ_max = 1");
}

#[test]
fn a_timed_redistribution_ends_with_every_transfer_finished() {
    final_frame(
        "redistribute-hetero-16",
        "every transfer finished, every δ = 0",
        200,
    );
}

#[test]
fn geodecay_rounds_end_when_every_task_ran() {
    final_frame("geodecay-erew", "every task ran, total time T", 200);
}

#[test]
fn tree_sweeps_end_with_the_whole_tree_done() {
    final_frame("treesweep-small", "every node of T_5 ran", 40);
}

#[test]
fn ksbf_steps_end_with_every_node_run() {
    // T_6 on R_4: 63 nodes in 22 steps (Table 1).
    final_frame("ksbf-table-1", "Done: all 63 nodes ran in 22 steps", 40);
}

#[test]
fn divisible_slots_end_at_t_n() {
    final_frame("divisible-table-1", "all 16 levels done (T_N)", 40);
}

#[test]
fn play_and_pause_keep_the_step_bar_in_place() {
    for name in ["redistribute-12-ring", "geodecay-erew", "ksbf-table-1"] {
        let mut h = open(name);
        let play = h.get_by_label(LABEL_PLAY).rect();
        let scrubber = h.get_by_label(LABEL_STEP).rect();
        h.get_by_label(LABEL_PLAY).click();
        h.run_steps(2);
        let pause = h.get_by_label(LABEL_PAUSE).rect();
        assert_eq!(play, pause, "{name}: Play and Pause differ");
        assert_eq!(
            scrubber,
            h.get_by_label(LABEL_STEP).rect(),
            "{name}: the scrubber moved when playing started"
        );
        h.get_by_label(LABEL_PAUSE).click();
        h.run_steps(2);
        assert_eq!(h.get_by_label(LABEL_PLAY).rect(), play, "{name}");
    }
}

/// Stepping from the first step to the last by Forward moves nothing under the step caption:
/// the Gantt chart's buttons and the pseudo-code strip keep their place, in the normal layout
/// and on the stage (the divisible slot line grew from one row to three, the chart and its
/// Zoom buttons moving down under the pointer at every step).
#[test]
fn stepping_moves_nothing_under_the_step_caption() {
    use loadlab::ui::widgets::gantt::LABEL_ZOOM_IN;
    let presets = [
        "divisible-table-1",
        "divisible-fig-6-pyramid",
        "treesweep-fig-2",
        "ksbf-table-1",
        "geodecay-erew",
        "redistribute-fig-4",
    ];
    for presenter in [false, true] {
        for name in presets {
            let mut h = open(name);
            if presenter {
                h.key_press(Key::F5);
                settle(&mut h);
            }
            h.key_press(Key::Home);
            settle(&mut h);
            let below = |h: &Harness<'_, LoadlabApp>| -> Vec<(String, f32)> {
                [LABEL_ZOOM_IN, "Pseudo-code beside ▸"]
                    .iter()
                    .filter_map(|l| Some((l.to_string(), h.query_by_label(l)?.rect().min.y)))
                    .collect()
            };
            let first = below(&h);
            let mut step = 0;
            while !h.get_by_label(LABEL_FORWARD).accesskit_node().is_disabled() && step < 80 {
                h.get_by_label(LABEL_FORWARD).click();
                settle(&mut h);
                step += 1;
                let now = below(&h);
                assert_eq!(
                    first.iter().map(|(l, _)| l).collect::<Vec<_>>(),
                    now.iter().map(|(l, _)| l).collect::<Vec<_>>(),
                    "{name} (presenter {presenter}): step {step} shows other widgets"
                );
                for ((l, a), (_, b)) in first.iter().zip(&now) {
                    assert!(
                        (a - b).abs() < 0.5,
                        "{name} (presenter {presenter}): at step {step} {l:?} moved from y = {a} to {b}"
                    );
                }
            }
        }
    }
}

/// The step bar's slider keeps its place from one run to another of a different length, and
/// with the future hidden ("0/?"): a run of 9 steps after one of 16 moved it 22 points
/// between two steps of the Li lesson, and a box sized for "16/16" beside "0/?" told a hidden
/// run's length had two digits.
#[test]
fn the_step_slider_keeps_its_place_whatever_the_runs_length() {
    let mut h = open("divisible-table-1");
    let slider = |h: &Harness<'_, LoadlabApp>| {
        h.get_by_role_and_label(egui::accesskit::Role::Slider, LABEL_STEP)
            .rect()
    };
    let p = slider(&h);
    assert!(on_screen(&h, "0/16"), "h = 15: 16 slots");
    super::common::enter_number(&mut h, "h (number)", "5");
    settle(&mut h);
    assert!(on_screen(&h, "0/6"), "h = 5: 6 slots");
    assert_eq!(slider(&h), p, "h = 5's step slider");
    h.key_press(Key::H);
    settle(&mut h);
    assert!(on_screen(&h, "0/?"), "the future hidden");
    assert_eq!(slider(&h), p, "the hidden run's step slider");
}

/// The Li lesson's h sweep (up to 8) under its step 3 (h = 15), revealed: Last » and
/// « First keep the plot in place. The instance beyond the data is said under the x axis; a
/// header row said it, at the end only, and pushed the plot 27 points down.
#[test]
fn an_instance_beyond_the_data_moves_no_plot_when_stepping() {
    use loadlab::ui::widgets::compare_plot::PLOT_MARK;
    use loadlab::ui::widgets::marks::latest;
    let mut h = super::common::stage_lesson("li-divisible.ron", 2);
    super::common::reveal(&mut h);
    let frame = |h: &Harness<'_, LoadlabApp>| latest(&h.ctx, PLOT_MARK).expect("the h sweep");
    let first = frame(&h);
    for key in [Key::End, Key::Home, Key::End] {
        h.key_press(key);
        settle(&mut h);
        assert_eq!(frame(&h), first, "the plot moved after {key:?}");
    }
}

/// A speed typed beyond the bar's range is clamped with a note under the bar, and nothing in
/// the bar moves (it said nothing: 100 became 50 silently).
#[test]
fn a_speed_typed_beyond_its_range_is_clamped_with_a_note() {
    use loadlab::ui::widgets::step_bar::LABEL_SPEED;
    let mut h = open("redistribute-12-ring");
    let play = h.get_by_label(LABEL_PLAY).rect();
    let scrubber = h.get_by_label(LABEL_STEP).rect();
    super::common::enter_number(&mut h, LABEL_SPEED, "100");
    super::common::shown(
        &mut h,
        "⚠ 100 is outside the values Speed takes (at least 0.25, at most 50): it is now 50",
    );
    assert_eq!(super::common::number_in(&h, LABEL_SPEED), 50.0);
    assert_eq!(h.get_by_label(LABEL_PLAY).rect(), play, "Play moved");
    assert_eq!(
        h.get_by_label(LABEL_STEP).rect(),
        scrubber,
        "the scrubber moved"
    );
}

/// A hidden future hides the run's length too: Fine-Grain on T_5 with τ = 2.5 runs 9 nodes
/// on processor 0 (the paper's top cluster; T* = 10), so the bar counts 9 steps to its end
/// state. While the future is hidden the counter reads "?" for that 9 (the number of nodes
/// gives T* away), and at the end, where nothing is hidden, the whole count.
#[test]
fn a_hidden_future_hides_the_step_bars_length_until_the_end() {
    let mut h = open("treesweep-small");
    assert!(on_screen(&h, "0/9"));
    // The caption counts processor 0's nodes as the bar does ("k of 9 done").
    let caption = on_screen;
    assert!(caption(&h, "0 of 9 done"));
    h.key_press(Key::H);
    settle(&mut h);
    assert!(on_screen(&h, "0/?") && !on_screen(&h, "0/9"));
    assert!(caption(&h, "0 of ? done") && !caption(&h, "0 of 9 done"));
    h.key_press(Key::ArrowRight);
    h.run_steps(2);
    assert!(on_screen(&h, "1/?") && caption(&h, "1 of ? done"));
    h.key_press(Key::End);
    h.run_steps(2);
    assert!(on_screen(&h, "9/9"));
}

/// Opens bundled lesson `file` at 1-based `step` in presenter mode at 720p.
fn lesson_at(file: &str, step: usize) -> Harness<'static, LoadlabApp> {
    use loadlab::ui::app::Cmd;
    let mut h = super::common::presenter_720p();
    let k = loadlab::lesson::BUNDLED
        .iter()
        .position(|b| b.file.starts_with(file))
        .expect("bundled lesson");
    h.state_mut().send(Cmd::StartLesson(k));
    settle(&mut h);
    h.state_mut().send(Cmd::LessonStep(step - 1));
    settle(&mut h);
    h
}

/// A stepped chart that opens with nothing drawn yet, its future hidden, says how to go on
/// (the walk found li step 2's Gantt chart and gil-matias step 3's rounds empty on arrival,
/// which read as broken): a note inside the chart, gone once a step is taken. Where the
/// step's question asks how the run ends (li's T_C, gil-matias' balancings) the bar holds
/// until Reveal and the note says so.
#[test]
fn a_chart_empty_under_a_hidden_future_says_how_to_go_on() {
    use loadlab::ui::widgets::{EMPTY_NOTE_MARK, gantt::LABEL_CHART, marks};
    let note = |h: &Harness<'_, LoadlabApp>| marks::latest(&h.ctx, EMPTY_NOTE_MARK);
    let empty_chart = |h: &Harness<'_, LoadlabApp>| {
        let chart = h.get_by_label(LABEL_CHART);
        assert_eq!(chart.accesskit_node().numeric_value(), Some(0.0));
        let at = note(h).expect("a note in the empty Gantt chart");
        assert!(
            chart.rect().contains_rect(at),
            "{at:?} outside {:?}",
            chart.rect()
        );
    };
    // li step 2: Method C at t = 0, the future hidden (step 0 of ?): no bar yet, and the
    // question on T_C holds the bar.
    let mut h = lesson_at("li-", 2);
    assert!(on_screen(&h, "0/?"));
    empty_chart(&h);
    h.get_by_label(LABEL_FORWARD).click();
    settle(&mut h);
    assert!(on_screen(&h, "0/?") && note(&h).is_some());
    // Table 1's tree with the future hidden by H: a step draws the first bars.
    let mut h = open("divisible-table-1");
    h.key_press(Key::H);
    settle(&mut h);
    assert!(on_screen(&h, "0/?"));
    empty_chart(&h);
    h.get_by_label(LABEL_FORWARD).click();
    settle(&mut h);
    assert!(on_screen(&h, "1/?"));
    let bars = h.get_by_label(LABEL_CHART).accesskit_node().numeric_value();
    assert!(
        bars.is_some_and(|n| n > 0.0),
        "{bars:?} bars after one step"
    );
    assert_eq!(note(&h), None);
    // gil-matias step 3: round 0 only (one point), the future hidden, the bar held.
    let mut h = lesson_at("gil-", 3);
    assert!(on_screen(&h, "0/?"));
    assert!(note(&h).is_some());
    h.get_by_label(LABEL_FORWARD).click();
    settle(&mut h);
    assert!(on_screen(&h, "0/?") && note(&h).is_some());
}
