//! Compare A/B side by side (issue 15): A's and B's pictures step together, A's plots are
//! overlaid on B's, the table shows A, B and B − A, and a saved comparison opens as one again.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::registry::Scenario;
use loadlab::preset::{BUNDLED, Preset};
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::map::headline_numbers;
use loadlab::ui::workspace::StepCmd;

use super::common::{harness, settle, shown};

/// The labels on screen containing `text`.
fn labels(h: &Harness<'_, LoadlabApp>, text: &str) -> Vec<String> {
    h.query_all_by_label_contains(text)
        .filter_map(|n| {
            let a = n.accesskit_node();
            a.label().or_else(|| a.value())
        })
        .collect()
}

/// Opens the bundled preset stored in `file`.
fn open_bundled(h: &mut Harness<'_, LoadlabApp>, file: &str) -> Preset {
    let i = BUNDLED
        .iter()
        .position(|b| b.file == file)
        .unwrap_or_else(|| panic!("no bundled {file}"));
    h.state_mut().send(Cmd::Bundled(i));
    h.run_steps(3);
    settle(h);
    BUNDLED[i].preset().unwrap()
}

/// A mouse wheel turned by `dy` points (negative: down the page) with the pointer at `at`.
fn wheel_at(h: &mut Harness<'_, LoadlabApp>, at: egui::Pos2, dy: f32) {
    h.hover_at(at);
    super::common::wheel(h, dy, egui::Modifiers::NONE);
}

fn step(h: &mut Harness<'_, LoadlabApp>, cmd: StepCmd) {
    h.state_mut().send(Cmd::Step(cmd));
    h.run_steps(3);
}

/// A KS-BF scenario on the complete binary tree of height `n` (the ring and policy of the
/// default).
fn ksbf_tree(n: u32) -> Scenario {
    let mut s = loadlab::model::registry::ModelId::Ksbf.default_scenario();
    let Scenario::Ksbf(p) = &mut s else {
        unreachable!()
    };
    p.shape = loadlab::model::ksbf::Shape::Tree;
    p.n = n;
    s
}

#[test]
fn a_and_b_pictures_are_side_by_side_and_step_together() {
    let mut h = harness(None);
    let p = open_bundled(&mut h, "compare-ksbf-ks-vs-none.ron");
    shown(&mut h, "A — balancing: none");
    shown(&mut h, "B — current");
    // Both pictures are drawn by the workspace: two step bars.
    assert_eq!(h.query_all_by_label("Forward ›").count(), 2);
    assert_eq!(h.state_mut().compare_positions(), Some((0, 0)));
    for _ in 0..3 {
        step(&mut h, StepCmd::Forward);
    }
    assert_eq!(h.state_mut().compare_positions(), Some((3, 3)));
    assert!(!labels(&h, "3/").is_empty());
    // A's own step bar moves B too.
    click_in_pane(&mut h, "‹ Back", Pane::A);
    assert_eq!(h.state_mut().compare_positions(), Some((2, 2)));
    // The scenario in front is still B.
    assert_eq!(h.state().preset().scenario, p.scenario);
}

/// The two pictures of Compare, side by side: A's on the left.
#[derive(PartialEq)]
enum Pane {
    A,
    B,
}

/// Clicks the button `label` of `pane`'s step bar (each picture has one).
fn click_in_pane(h: &mut Harness<'_, LoadlabApp>, label: &str, pane: Pane) {
    let mut both: Vec<_> = h.query_all_by_label(label).collect();
    assert_eq!(both.len(), 2, "{label} in each pane");
    both.sort_by(|x, y| x.rect().left().total_cmp(&y.rect().left()));
    both[usize::from(pane == Pane::B)].click();
    h.run_steps(4);
}

/// The app comparing KS-BF run `a` (pinned) with `b`, settled.
fn compared(a: &Scenario, b: &Scenario) -> Harness<'static, LoadlabApp> {
    let mut h = harness(None);
    let preset = Preset::new("A and B", "two KS-BF runs", b.clone()).with_pinned(a.clone());
    h.state_mut().send(Cmd::ShowScenario(Box::new(preset)));
    h.run_steps(3);
    settle(&mut h);
    h
}

/// The makespan of KS-BF run `s`: its run steps from time 0 to it.
fn makespan(s: &Scenario) -> usize {
    let n = headline_numbers(s).unwrap();
    n.iter().find(|(k, _)| k == "makespan").unwrap().1 as usize
}

#[test]
fn an_a_with_fewer_steps_stops_at_its_last_step() {
    let (a, b) = (ksbf_tree(8), ksbf_tree(10));
    let mut h = compared(&a, &b);
    step(&mut h, StepCmd::Last);
    settle(&mut h);
    let (pa, pb) = h.state_mut().compare_positions().unwrap();
    assert_eq!((pa, pb), (makespan(&a), makespan(&b)));
    assert!(pa < pb);
    shown(&mut h, &format!("A finished at step {pa}"));
    // Back within A's run, A follows again.
    step(&mut h, StepCmd::First);
    assert_eq!(h.state_mut().compare_positions(), Some((0, 0)));
    assert!(labels(&h, "A finished").is_empty());
}

#[test]
fn a_longer_a_steps_on_after_b_has_finished() {
    use loadlab::ui::app::Switch;
    use loadlab::ui::compare::OVERLAY_UNTIL_END;
    let (a, b) = (ksbf_tree(10), ksbf_tree(8));
    let mut h = compared(&a, &b);
    let (ma, mb) = (makespan(&a), makespan(&b));
    assert!(ma > mb);
    // The keys reach the end of the longer run; B waits at its own.
    step(&mut h, StepCmd::Last);
    settle(&mut h);
    assert_eq!(h.state_mut().compare_positions(), Some((ma, mb)));
    shown(&mut h, &format!("B finished at step {mb}"));
    step(&mut h, StepCmd::Back);
    settle(&mut h);
    assert_eq!(h.state_mut().compare_positions(), Some((ma - 1, mb)));
    step(&mut h, StepCmd::First);
    settle(&mut h);
    assert_eq!(h.state_mut().compare_positions(), Some((0, 0)));
    assert!(labels(&h, "B finished").is_empty());
    // With the future hidden, B's end is not A's: the outcomes and the overlay wait for A's.
    h.state_mut().send(Cmd::Toggle(Switch::HideFuture));
    settle(&mut h);
    click_in_pane(&mut h, loadlab::ui::widgets::step_bar::LABEL_LAST, Pane::B);
    settle(&mut h);
    assert_eq!(h.state_mut().compare_positions(), Some((mb, mb)));
    assert_eq!(row_of(&h, "makespan (steps)"), ["?", "?"]);
    shown(&mut h, OVERLAY_UNTIL_END);
    step(&mut h, StepCmd::Last);
    settle(&mut h);
    assert_eq!(h.state_mut().compare_positions(), Some((ma, mb)));
    assert_eq!(
        row_of(&h, "makespan (steps)"),
        [ma.to_string(), mb.to_string()]
    );
    assert!(h.query_by_label(OVERLAY_UNTIL_END).is_none());
}

#[test]
fn the_plots_of_a_and_b_are_overlaid() {
    let mut h = harness(None);
    open_bundled(&mut h, "compare-divisible-c-p-q.ron");
    shown(&mut h, loadlab::ui::compare::AB_LOOK);
    settle(&mut h);
    let names = h.state().compare_overlay().to_vec();
    assert!(names.iter().any(|n| n.starts_with("A: ")), "{names:?}");
    assert!(names.iter().any(|n| n.starts_with("B: ")), "{names:?}");
    // Every series of the plot is there for both runs: "A: x" for each "B: x".
    for b in names.iter().filter_map(|n| n.strip_prefix("B: ")) {
        assert!(names.contains(&format!("A: {b}")), "{b} of A: {names:?}");
    }
}

#[test]
fn a_saved_comparison_keeps_its_a() {
    let mut h = harness(None);
    h.state_mut().send(Cmd::ShowScenario(Box::new(Preset::new(
        "smaller",
        "",
        ksbf_tree(8),
    ))));
    h.run_steps(3);
    settle(&mut h);
    h.get_by_label("Pin as A").click();
    h.run_steps(2);
    // Change B: a ring of 16 PEs (the slider of p).
    h.get_by_role_and_label(egui::accesskit::Role::Slider, "p")
        .set_value_accesskit(16.0);
    h.run_steps(3);
    settle(&mut h);
    let b = h.state().preset().scenario;
    let a = h.state().pinned(b.model()).cloned().unwrap();
    assert_ne!(a, b);
    // The table shows A's and B's makespans and B − A.
    let mk = |s: &Scenario| {
        headline_numbers(s)
            .unwrap()
            .into_iter()
            .find(|(k, _)| k == "makespan")
            .unwrap()
            .1
    };
    let text = loadlab::report::text_number;
    for v in [mk(&a), mk(&b), mk(&b) - mk(&a)] {
        assert!(
            h.query_all_by_label(&text(v)).next().is_some(),
            "{} is not shown",
            text(v)
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ks-p16-vs-default.ron");
    h.state_mut().send(Cmd::SaveTo(path.clone()));
    h.run_steps(3);
    let saved = loadlab::preset::load(&path).unwrap();
    assert_eq!(saved.scenario, b);
    assert_eq!(saved.pinned, Some(a.clone()));
    // Opened again after unpinning, it pins A again.
    h.get_by_label("Unpin A").click();
    h.run_steps(2);
    assert_eq!(h.state().pinned(b.model()), None);
    h.state_mut().send(Cmd::OpenPath(path));
    h.run_steps(3);
    settle(&mut h);
    assert_eq!(h.state().pinned(b.model()), Some(&a));
    let Scenario::Ksbf(pa) = &a else {
        unreachable!()
    };
    shown(&mut h, &format!("A — p = {}", pa.p));
}

#[test]
fn pictures_are_side_by_side_at_1280_by_720_and_stacked_on_a_tall_narrow_window() {
    for (size, side_by_side) in [((1280.0, 720.0), true), ((760.0, 1000.0), false)] {
        let mut h = super::common::window(size.0, size.1, None);
        open_bundled(&mut h, "compare-ksbf-ks-vs-none.ron");
        shown(&mut h, "A — balancing: none");
        shown(&mut h, "B — current");
        let rect = |h: &Harness<'_, LoadlabApp>, text: &str| {
            h.query_all_by_label_contains(text).next().unwrap().rect()
        };
        let (a, b) = (rect(&h, "A — "), rect(&h, "B — "));
        if side_by_side {
            assert!(
                a.right() <= b.left() && (a.top() - b.top()).abs() < 1.0,
                "{a:?} {b:?}"
            );
        } else {
            assert!(a.bottom() <= b.top(), "{a:?} {b:?}");
        }
        // Everything named is inside the window, the table's heading too.
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(size.0, size.1));
        for r in [a, b, rect(&h, "quantity")] {
            assert!(window.contains_rect(r), "{r:?} is outside {size:?}");
        }
    }
}

#[test]
fn presenter_mode_at_1280_by_720_folds_the_plot_until_asked_for() {
    let mut h = super::common::window(1280.0, 720.0, None);
    open_bundled(&mut h, "compare-redistribute-alg3-printed-vs-corrected.ron");
    shown(&mut h, "A — Algorithm 3 as printed");
    // Out of presenter mode the overlay plot is under the pictures.
    shown(&mut h, "log y");
    h.state_mut().send(Cmd::Presenter(true));
    h.run_steps(3);
    settle(&mut h);
    // Folded: the pictures take the height, one click brings the plot back.
    shown(&mut h, "Show the plot");
    assert!(h.query_by_label("log y").is_none());
    h.get_by_label_contains("Show the plot").click();
    h.run_steps(3);
    settle(&mut h);
    shown(&mut h, "log y");
    // The pictures again, from the same place.
    h.get_by_label_contains("Show the pictures").click();
    h.run_steps(3);
    shown(&mut h, "Show the plot");
    assert!(h.query_by_label("log y").is_none());
}

/// On a phone (390 × 844) the two panes' own bars wrap into most of their height: the
/// results fold under the pictures, as in presenter mode, rather than take a strip under
/// them that left each Gantt chart one row's sliver; and the panes stand at a phone
/// picture's height in a page that scrolls (in the room the drawer leaves, B's Gantt chart
/// had about 60 points, 16 rows in it), A over B, and the wheel over a chart scrolls it.
#[test]
fn on_a_phone_the_pictures_keep_their_gantt_charts() {
    use loadlab::ui::widgets::gantt::ROW_MARK;
    use loadlab::ui::widgets::marks::{latest, latest_all};
    let mut h = super::common::window(390.0, 844.0, None);
    open_bundled(&mut h, "compare-divisible-c-p-q.ron");
    shown(&mut h, "B — current");
    let rows = latest(&h.ctx, ROW_MARK).expect("no Gantt rows drawn");
    // What of B's rows its pane holds (they run on, clipped, below it): before, 8 points,
    // then about 60.
    let pane = latest(&h.ctx, "compare-pane-room:compare-b").expect("no pane B");
    let seen = rows.intersect(pane);
    assert!(
        seen.height() >= 150.0,
        "pane B at {pane:?} holds {seen:?} of its Gantt rows"
    );
    // Held upright, A stands over B, each as wide as the phone (side by side each was 185
    // points wide, its step's caption cut).
    let a_pane = latest(&h.ctx, "compare-pane-room:compare-a").expect("no pane A");
    assert!(
        a_pane.bottom() <= pane.top() + 1.0 && pane.width() > 300.0,
        "A at {a_pane:?}, B at {pane:?}"
    );
    // The page scrolls: a wheel (a finger) over A's Gantt chart brings B into view (it
    // zoomed the chart, which held the wheel the page needs).
    let chart = latest_all(&h.ctx, ROW_MARK)
        .into_iter()
        .find(|r| r.intersects(a_pane))
        .expect("A's Gantt chart");
    wheel_at(
        &mut h,
        egui::pos2(chart.center().x, chart.top() + 20.0),
        -400.0,
    );
    settle(&mut h);
    let moved = latest(&h.ctx, "compare-pane-room:compare-b").expect("no pane B");
    assert!(
        moved.top() < pane.top() - 50.0,
        "the page did not scroll: pane B at {moved:?}, before {pane:?}"
    );
    // B's corner buttons go with its picture: they stood at the top of the view, over the
    // lines of B that scrolled under them.
    let png = h.get_by_label("↓ PNG").rect();
    assert!(
        moved.contains_rect(png) && png.top() < moved.top() + 40.0,
        "B's corner buttons at {png:?}, pane B at {moved:?}"
    );
    // The chart's hint says what zooms it here (it said "scroll: zoom").
    h.get_all_by_label("Reset view").next().unwrap().hover();
    shown(&mut h, "ctrl-scroll / pinch: zoom, drag: pan");
    // The fold's band stays where it was, under the page.
    h.get_by_label_contains("Show the").click();
    h.run_steps(3);
    settle(&mut h);
    shown(&mut h, "Show the pictures");
}

/// Every word Compare paints reads whole across, for each bundled comparison, on a phone
/// (upright: at the top of its page and scrolled to its foot) and on the desktop. On a phone
/// the panes' own scroll areas took the page's solid bar lane and cut the step bar's "»" and
/// "Step" and the ring's right "L=1"; geodecay's x axis lost the 0 of its last round, "30", at
/// the pane's edge; a Gantt chart's gutter cut its row names. At 1280 × 720 and 1920 × 1080
/// the A/B table's last column, "B ÷ A", ran out of its panel.
#[test]
fn compare_s_words_read_whole() {
    let mut cut = Vec::new();
    for (w, hh) in [(390.0, 844.0), (1280.0, 720.0), (1920.0, 1080.0)] {
        let mut h = super::common::window(w, hh, None);
        for b in BUNDLED.iter().filter(|b| b.file.starts_with("compare-")) {
            open_bundled(&mut h, b.file);
            shown(&mut h, "B — current");
            for at in ["top", "foot"] {
                super::walk_checks::painted_whole(&h, &mut |m| {
                    cut.push(format!("{w} × {hh}, {} ({at}): {m}", b.file))
                });
                let title = h.get_by_label_contains("B — current").rect().center();
                wheel_at(&mut h, title, -2000.0);
                settle(&mut h);
            }
            // On a phone B's Gantt chart (h = 15) names its last level whole, in a smaller
            // font: its gutter cut it to "L15 ×327…".
            if b.file == "compare-divisible-c-p-q.ron" && w < 400.0 {
                let texts = super::common::text_shapes(&h);
                let last = texts.iter().find(|t| t.galley.text() == "L15 ×32768");
                assert!(
                    last.is_some(),
                    "B's last row is not labelled whole at {w} × {hh}"
                );
            }
        }
    }
    assert!(cut.is_empty(), "cut across:\n{}", cut.join("\n"));
}

/// A's run that ends while the results are in front of the pictures (presenter mode on a
/// short window) is taken in: the status bar stops saying it computes (it said so for ever,
/// with Cancel; the monkey's seed 2 found it).
#[test]
fn a_run_that_ends_behind_the_results_leaves_the_status_bar() {
    let mut h = super::common::window(1280.0, 720.0, None);
    h.state_mut().send(Cmd::Presenter(true));
    settle(&mut h);
    let i = BUNDLED
        .iter()
        .position(|b| b.file == "compare-redistribute-alg3-printed-vs-corrected.ron")
        .unwrap();
    // The first frame on the comparison draws the pictures, and A's run starts; the results
    // take their place before that run is taken in.
    h.state_mut().send(Cmd::Bundled(i));
    h.run_steps(2);
    h.get_by_label_contains("Show the plot").click();
    super::common::idle_within(&mut h, 20, "still busy behind the results");
    shown(&mut h, "log y");
}

/// The overlay's curves are the report's own, uncut: while a question is open on the front
/// run it waits for Reveal, as the map does (the walk read T_7 on R_4's makespan, 38, off
/// "makespan vs n" in Compare at gao-rosenberg step 4, whose workspace plot stops at n = 6).
#[test]
fn the_overlay_waits_for_the_answer() {
    use loadlab::ui::app::View;
    use loadlab::ui::compare::OVERLAY_HELD;
    let mut h = super::common::presenter_720p();
    super::common::open_step(&mut h, "gao-rosenberg", 4);
    h.state_mut().send(Cmd::View(View::Compare));
    settle(&mut h);
    h.get_by_label_contains("Show the plot").click();
    settle(&mut h);
    shown(&mut h, OVERLAY_HELD);
    assert!(h.query_by_label("log y").is_none(), "the overlay is drawn");
    super::common::reveal(&mut h);
    settle(&mut h);
    assert!(h.query_by_label(OVERLAY_HELD).is_none());
    // Revealed, B's step bar is free: it steps to the end (it stayed held at "0/?", Compare
    // reading the reveal the workspace published before Reveal), and the overlay follows.
    h.get_by_label_contains("Show the pictures").click();
    settle(&mut h);
    h.state_mut().send(Cmd::Step(StepCmd::Last));
    settle(&mut h);
    let ends: Vec<String> = labels(&h, "/")
        .into_iter()
        .filter(|l| {
            l.split_once('/')
                .is_some_and(|(a, b)| a == b && a.parse::<u32>().is_ok())
        })
        .collect();
    assert_eq!(ends.len(), 2, "A's and B's bars at their ends: {ends:?}");
    h.get_by_label_contains("Show the plot").click();
    settle(&mut h);
    shown(&mut h, "log y");
}

/// With no lesson, a hidden future keeps the overlay back until the last step: its sweeps
/// pass through the run's own point, which the workspace's plots stop short of.
#[test]
fn the_overlay_waits_for_the_end_of_a_hidden_future() {
    use loadlab::ui::app::{Switch, View};
    use loadlab::ui::compare::OVERLAY_UNTIL_END;
    let mut h = super::common::app_on("KS-BF on a ring");
    // (The switch first: sent with the view in one frame it was not yet on.)
    h.state_mut().send(Cmd::Toggle(Switch::HideFuture));
    settle(&mut h);
    h.state_mut().send(Cmd::View(View::Compare));
    settle(&mut h);
    shown(&mut h, OVERLAY_UNTIL_END);
    assert!(h.query_by_label("log y").is_none(), "the overlay is drawn");
    // So does the table's makespan, in A's and B's columns (the workspace's numbers read
    // "— (step to the end)"); N, a figure of the instance, stays.
    assert_eq!(row_of(&h, "makespan (steps)"), ["?", "?"]);
    assert_eq!(row_of(&h, "N (nodes)"), ["63", "63"]);
    h.state_mut().send(Cmd::Step(StepCmd::Forward));
    settle(&mut h);
    shown(&mut h, OVERLAY_UNTIL_END);
    // The table under the workspace (the compare view off) keeps them back too.
    h.state_mut().send(Cmd::View(View::Workspace));
    settle(&mut h);
    assert_eq!(row_of(&h, "makespan (steps)"), ["?", "?"]);
    h.state_mut().send(Cmd::View(View::Compare));
    settle(&mut h);
    h.state_mut().send(Cmd::Step(StepCmd::Last));
    settle(&mut h);
    shown(&mut h, "log y");
    assert!(h.query_by_label(OVERLAY_UNTIL_END).is_none());
    let end = row_of(&h, "makespan (steps)");
    assert!(end[0] == end[1] && end[0].parse::<u32>().is_ok(), "{end:?}");
}

/// The A and B cells of the A/B table's row named `name` (after its header "quantity": the
/// workspace's own numbers may name it too).
fn row_of(h: &Harness<'_, LoadlabApp>, name: &str) -> [String; 2] {
    let all = labels(h, "");
    let table = all
        .iter()
        .position(|l| l == "quantity")
        .expect("the A/B table");
    let i = table + all[table..].iter().position(|l| l == name).expect(name);
    [all[i + 1].clone(), all[i + 2].clone()]
}

/// On a phone held on its side (844 × 390) each redistribution pane is about 240 points wide:
/// its step bar puts the scrubber on a row of its own, under the buttons (it went beside
/// them, "Step" out of the pane), and the step's caption spans the pane above the ring (in a
/// column 70 points wide beside it, a word a line: seven lines).
#[test]
fn on_a_phone_on_its_side_the_panes_stack_their_parts() {
    use loadlab::ui::widgets::marks::latest;
    let mut h = super::common::window(844.0, 390.0, None);
    open_bundled(&mut h, "compare-redistribute-alg3-printed-vs-corrected.ron");
    for pane in ["compare-a", "compare-b"] {
        let room = latest(&h.ctx, &format!("compare-pane-room:{pane}")).expect(pane);
        let inside = |r: egui::Rect| room.x_range().contains(r.center().x);
        let last = h
            .query_all_by_label("Last »")
            .map(|n| n.rect())
            .find(|&r| inside(r));
        let step = h
            .query_all_by_label("Step")
            .map(|n| n.rect())
            .find(|&r| inside(r));
        let (last, step) = (last.expect("no Last »"), step.expect("no Step"));
        assert!(
            step.top() >= last.bottom(),
            "{pane}: the scrubber {step:?} beside {last:?}"
        );
        assert!(
            step.right() <= room.right(),
            "{pane}: the scrubber {step:?} out of {room:?}"
        );
    }
    let captions: Vec<_> = super::common::painted_rows(&h)
        .into_iter()
        .filter(|(t, _, _)| t.contains("round done") || t.contains("rounds done"))
        .collect();
    assert_eq!(captions.len(), 2, "{captions:?}");
    for (text, _, rows) in captions {
        assert!(rows <= 3, "{text:?} takes {rows} lines");
    }
}

/// Compare's A/B table offers B's numbers as lesson questions (B is the run in front, whose
/// command the check runs): T_10's makespan, asked from its row's name, is answered by the
/// pasted lesson with the number B's column shows; A's run is not asked.
#[test]
fn b_s_number_in_the_a_b_table_is_copied_as_a_lesson_question() {
    let (a, b) = (ksbf_tree(8), ksbf_tree(10));
    let mut h = compared(&a, &b);
    let [in_a, in_b] = row_of(&h, "makespan (steps)");
    let answer = super::share::asked_in_a_pasted_step(&mut h, "makespan (steps)", "Ksbf");
    let question = h.state().copied_question().unwrap().to_string();
    assert!(question.contains(r#""--n", "10""#), "{question}");
    assert_eq!(
        answer,
        loadlab::lesson::Answer::Number(in_b.parse().unwrap()),
        "A's {in_a}"
    );
}

/// During a lesson's question (Gao–Rosenberg–Sitaraman step 1: T_5 at τ = 2.5, T* = 10) the
/// A/B table offers none of what would answer it, but the one-processor time 2^5 − 1 = 31;
/// after Reveal it offers B's T*, 10.
#[test]
fn the_a_b_table_offers_no_hidden_number() {
    use loadlab::ui::app::View;
    use loadlab::ui::widgets::numbers::offered;
    let mut h = super::common::presenter_720p();
    super::common::open_step(&mut h, "grs", 1);
    h.get_by_label("Pin as A").click();
    settle(&mut h);
    h.state_mut().send(Cmd::View(View::Compare));
    settle(&mut h);
    super::common::drawer_tab(&mut h, "Numbers");
    let asked = |h: &Harness<'_, LoadlabApp>| -> Vec<(String, f64)> {
        let offers = offered(&h.ctx);
        offers
            .into_iter()
            .map(|o| (o.asked.key, o.asked.value))
            .collect()
    };
    let before = asked(&h);
    assert!(
        before.contains(&("one_processor".into(), 31.0)),
        "{before:?}"
    );
    assert!(
        !before.iter().any(|(k, v)| k == "optimal" || *v == 10.0),
        "{before:?}"
    );
    super::common::reveal(&mut h);
    super::common::drawer_tab(&mut h, "Numbers");
    let after = asked(&h);
    assert!(after.contains(&("optimal".into(), 10.0)), "{after:?}");
}

/// A link copied in Compare keeps the overlaid plot: the divisible comparison's S_N vs h
/// came back as T_N vs β (the first plot where A and B differ).
#[test]
fn a_link_copied_in_compare_keeps_its_overlaid_plot() {
    let mut h = harness(None);
    open_bundled(&mut h, "compare-divisible-c-p-q.ron");
    settle(&mut h);
    let first = h.state().compare_section().expect("a plot overlaid");
    let wanted = "plot: S_N vs h";
    assert_ne!(first, wanted, "the test needs another plot than the first");
    let combo = h
        .query_all_by_role(egui::accesskit::Role::ComboBox)
        .find(|n| n.accesskit_node().value().is_some_and(|v| v == first))
        .expect("the overlay's plot menu");
    combo.click();
    h.run_steps(2);
    h.get_by_label(wanted).click();
    h.run_steps(3);
    assert_eq!(h.state().compare_section().as_deref(), Some(wanted));
    let link = h.state_mut().link();
    assert_eq!(link.compare_plot.as_deref(), Some(wanted));
    // Opened elsewhere: the same plot overlaid.
    let mut g = harness(None);
    g.state_mut().send(Cmd::OpenLink(Box::new(link)));
    settle(&mut g);
    assert_eq!(g.state().compare_section().as_deref(), Some(wanted));
}
