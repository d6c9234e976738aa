//! Compare presets: opening one pins its scenario A and shows the A/B table at once.

use egui_kittest::kittest::Queryable;
use loadlab::preset::BUNDLED;
use loadlab::ui::app::Cmd;
use loadlab::ui::map::{compare_rows, headline_numbers};

use super::common::{harness, painted_rows, settle, shown};

#[test]
fn each_compare_preset_shows_a_and_b_with_different_values() {
    let compare: Vec<usize> = (0..BUNDLED.len())
        .filter(|&i| BUNDLED[i].file.starts_with("compare-"))
        .collect();
    // The papers' comparisons: C vs P vs Q, KS vs none and random, Algorithm 3 printed vs
    // corrected, Fine-Grain vs P.Y.
    assert!(compare.len() >= 5, "only {} compare presets", compare.len());
    let mut h = harness(None);
    for i in compare {
        let p = BUNDLED[i].preset().expect("bundled compare preset parses");
        let a = p.pinned.clone().expect("a compare preset pins A");
        assert_eq!(a.model(), p.scenario.model(), "{}", BUNDLED[i].file);
        h.state_mut().send(Cmd::Bundled(i));
        h.run_steps(3);
        settle(&mut h);
        // The table is up without any click: A is pinned and differs from B.
        shown(&mut h, "A: the pinned scenario");
        assert_eq!(h.state().pinned(a.model()), Some(&a));
        assert_eq!(h.state().preset().scenario, p.scenario);
        // Every column in sight: a long quantity name pushed B − A and B ÷ A out of the
        // panel (the names are cut at 35 % of its width now).
        let window = h.ctx.content_rect();
        for head in ["B − A", "B ÷ A"] {
            let r = h
                .get_all_by_label(head)
                .next()
                .unwrap_or_else(|| panic!("{head}"))
                .rect();
            assert!(
                window.contains_rect(r),
                "{}: {head} at {r:?} is outside the window {window:?}",
                BUNDLED[i].file
            );
        }
        // Some number differs between A and B, and both values are on screen.
        let na = headline_numbers(&a).unwrap();
        let nb = headline_numbers(&p.scenario).unwrap();
        let row = compare_rows(&na, &nb)
            .into_iter()
            .find(|r| matches!((r.a, r.b), (Some(x), Some(y)) if x != y))
            .unwrap_or_else(|| panic!("{}: A and B have the same numbers", BUNDLED[i].file));
        // Compare's table writes numbers as the numbers tables do (Precision::Table).
        let text = loadlab::report::format::table_number;
        for v in [row.a.unwrap(), row.b.unwrap()] {
            assert!(
                h.query_all_by_label(&text(v)).next().is_some(),
                "{}: {} = {} is not shown",
                BUNDLED[i].file,
                row.name,
                text(v)
            );
        }
    }
}

/// The latest frame's rect recorded under `key`.
fn mark(h: &egui_kittest::Harness<'static, loadlab::ui::LoadlabApp>, key: &str) -> egui::Rect {
    loadlab::ui::widgets::marks::latest(&h.ctx, key).unwrap_or_else(|| panic!("{key} not drawn"))
}

/// A's and B's pictures: each at least 40 % of the window's height and 300 points wide, and
/// what each drew inside its room (nothing clipped).
fn both_pictures_usable(h: &egui_kittest::Harness<'static, loadlab::ui::LoadlabApp>, what: &str) {
    pictures_usable(h, what, 300.0);
}

/// [`both_pictures_usable`] with each picture at least `width` points wide.
fn pictures_usable(
    h: &egui_kittest::Harness<'static, loadlab::ui::LoadlabApp>,
    what: &str,
    width: f32,
) {
    use loadlab::ui::compare::{PANE_CONTENT_MARK, PANE_ROOM_MARK};
    let screen = h.ctx.content_rect();
    for pane in ["compare-a", "compare-b"] {
        let room = mark(h, &format!("{PANE_ROOM_MARK}{pane}"));
        let content = mark(h, &format!("{PANE_CONTENT_MARK}{pane}"));
        assert!(
            room.height() >= 0.4 * screen.height() && room.width() >= width,
            "{what}: {pane} has only {room:?} of {screen:?}"
        );
        assert!(
            room.expand(1.0).contains_rect(content),
            "{what}: {pane} drew {content:?}, clipped by its room {room:?}"
        );
    }
}

/// The overlay plot: inside the window and tall enough for at least three y ticks at the
/// ticks' spacing (each labelled: egui_plot labels ticks 16 points apart).
fn overlay_labelled(h: &egui_kittest::Harness<'static, loadlab::ui::LoadlabApp>, what: &str) {
    let screen = h.ctx.content_rect();
    let frame = mark(h, loadlab::ui::compare::OVERLAY_MARK);
    let least = 3.0 * loadlab::ui::widgets::ticks::Y_SPACING;
    assert!(
        frame.height() >= least && frame.width() >= 2.0 * least,
        "{what}: the overlay plot is {frame:?}, under {least} points tall"
    );
    assert!(
        screen.contains_rect(frame),
        "{what}: {frame:?} outside {screen:?}"
    );
}

#[test]
fn every_compare_preset_keeps_both_pictures_and_a_labelled_plot() {
    let compare: Vec<usize> = (0..BUNDLED.len())
        .filter(|&i| BUNDLED[i].file.starts_with("compare-"))
        .collect();
    for (w, hgt, presenter) in [
        (1280.0, 720.0, true),
        (1920.0, 1080.0, true),
        (1500.0, 940.0, false),
    ] {
        let mut h = super::corners::app(w, hgt, presenter);
        for &i in &compare {
            let what = format!("{w}×{hgt} {}", BUNDLED[i].file);
            h.state_mut().send(Cmd::Bundled(i));
            h.run_steps(3);
            settle(&mut h);
            shown(&mut h, "B — current");
            both_pictures_usable(&h, &what);
            super::corners::check(&h, &what);
            // On a short screen the plot takes the pictures' turn, switched in one place.
            if let Some(show) = h.query_by_label_contains("Show the plot") {
                let at = show.rect();
                show.click();
                h.run_steps(3);
                settle(&mut h);
                shown(&mut h, "log y");
                overlay_labelled(&h, &what);
                let back = h.get_by_label_contains("Show the pictures");
                assert!(
                    (back.rect().left_top() - at.left_top()).length() < 1.0,
                    "{what}: the switch moved from {at:?} to {:?}",
                    back.rect()
                );
                back.click();
                h.run_steps(3);
                settle(&mut h);
                shown(&mut h, "Show the plot");
                both_pictures_usable(&h, &what);
            } else {
                shown(&mut h, "log y");
                overlay_labelled(&h, &what);
            }
        }
    }
}

/// At 720p in presenter mode the Numbers panel is the drawer's, and it holds the A/B table
/// (it held B's numbers alone, and the table squeezed in beside the plot): the overlay plot
/// keeps left of it and the table's columns stand whole in it (the overlay's note, drawn
/// unwrapped, widened the plot over the table; the table cut B's numbers).
#[test]
fn the_overlay_and_the_table_keep_apart_at_720p_presenter() {
    for file in ["compare-ksbf-ks-vs-none.ron", "compare-divisible-c-p-q.ron"] {
        keep_apart(file);
    }
}

fn keep_apart(file: &str) {
    let mut h = super::corners::app(1280.0, 720.0, true);
    let i = BUNDLED.iter().position(|b| b.file == file).unwrap();
    h.state_mut().send(Cmd::Bundled(i));
    h.run_steps(3);
    settle(&mut h);
    h.get_by_label("Numbers panel").click();
    h.run_steps(3);
    h.get_by_label_contains("Show the plot").click();
    h.run_steps(3);
    settle(&mut h);
    shown(&mut h, "quantity");
    let frame = mark(&h, loadlab::ui::compare::OVERLAY_MARK);
    let quantity = h.get_by_label("quantity").rect();
    assert!(
        frame.right() <= quantity.left(),
        "the plot {frame:?} runs over the table's names at {quantity:?}"
    );
    // The table is the drawer's, and B's numbers stand whole in it (a column is left out
    // rather than a number cut): every B value of the table, drawn in B's column, ends before
    // the drawer does.
    let room = h.state().drawer_rect().expect("the drawer is open");
    assert!(
        room.contains_rect(quantity),
        "the table {quantity:?} is not in {room:?}"
    );
    let drawer = room.right();
    let b = h.get_all_by_label("B").next().expect("B's column").rect();
    assert!(
        b.right() <= drawer,
        "B's header at {b:?}, the drawer from {drawer}"
    );
    let p = BUNDLED[i].preset().unwrap();
    let nb = headline_numbers(&p.scenario).unwrap();
    let mut seen = 0;
    for (_, v) in &nb {
        let text = loadlab::report::format::table_number(*v);
        for node in h.get_all_by_label(&text) {
            let r = node.rect();
            if (r.left() - b.left()).abs() < 1.0 {
                seen += 1;
                assert!(
                    r.right() <= drawer - 4.0,
                    "B's {text} at {r:?}, cut by the drawer at {drawer}"
                );
            }
        }
    }
    assert!(seen >= 3, "only {seen} of B's numbers found in its column");
    // Copy CSV says what it copied (it said nothing): the header and a line per number.
    let rows = compare_rows(
        &headline_numbers(&BUNDLED[i].preset().unwrap().pinned.unwrap()).unwrap(),
        &headline_numbers(&BUNDLED[i].preset().unwrap().scenario).unwrap(),
    )
    .len();
    let copy = h
        .get_all_by_label("Copy CSV")
        .max_by(|a, b| a.rect().left().total_cmp(&b.rect().left()))
        .unwrap();
    copy.click();
    h.run_steps(3);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert_eq!(
        notice,
        format!(
            "Copied the A/B table as CSV ({} lines) to the clipboard",
            rows + 1
        )
    );
}

/// At 720p in presenter mode with the Numbers drawer open (the A/B table in it), each half
/// of the stage still shows its picture whole: B's title whole and level with A's, the
/// picture's tabs each on one line (KS-BF's "tree / grid" broke inside its caption), and the
/// step bar's position inside its half (it ran out of it: "0/6553").
#[test]
fn the_numbers_drawer_leaves_each_half_whole_at_720p_presenter() {
    let compare: Vec<usize> = (0..BUNDLED.len())
        .filter(|&i| BUNDLED[i].file.starts_with("compare-"))
        .collect();
    let mut h = super::corners::app(1280.0, 720.0, true);
    for &i in &compare {
        let what = BUNDLED[i].file;
        h.state_mut().send(Cmd::Bundled(i));
        h.run_steps(3);
        settle(&mut h);
        if h.state().drawer_rect().is_none() {
            h.get_by_label("Numbers panel").click();
            h.run_steps(3);
            settle(&mut h);
        }
        shown(&mut h, "quantity");
        // (The drawer takes a third of the stage's 853 points: the halves share the rest.)
        pictures_usable(&h, what, 240.0);
        let texts = painted_rows(&h);
        let title = |lead: &str| {
            texts
                .iter()
                .find(|(t, _, _)| t.starts_with(lead))
                .unwrap_or_else(|| panic!("{what}: no title {lead}"))
                .clone()
        };
        let (a, b) = (title("A — "), title("B — "));
        assert!(
            b.0.starts_with("B — current: ") && !b.0.ends_with('…'),
            "{what}: B's title cut or nameless: {}",
            b.0
        );
        assert!(!a.0.ends_with('…'), "{what}: A's title cut: {}", a.0);
        assert!(
            (a.1.top() - b.1.top()).abs() < 1.0,
            "{what}: A's title at {:?}, B's at {:?}",
            a.1,
            b.1
        );
        for pane in ["compare-a", "compare-b"] {
            use loadlab::ui::compare::PANE_ROOM_MARK;
            let room = mark(&h, &format!("{PANE_ROOM_MARK}{pane}"));
            let inside: Vec<_> = texts
                .iter()
                .filter(|(_, r, _)| room.intersects(*r))
                .collect();
            // (A caption: a few words. A legend's sentence may wrap.)
            for (t, r, rows) in inside.iter().filter(|(t, _, _)| t.chars().count() <= 24) {
                assert!(
                    *rows == 1,
                    "{what}: {pane}'s \"{t}\" broken over {rows} lines at {r:?}"
                );
            }
            let position = inside
                .iter()
                .find(|(t, _, _)| {
                    t.split_once('/')
                        .is_some_and(|(k, n)| k.parse::<u64>().is_ok() && n.parse::<u64>().is_ok())
                })
                .unwrap_or_else(|| panic!("{what}: no step position in {pane}"));
            assert!(
                room.contains_rect(position.1),
                "{what}: {pane}'s position {} at {:?} outside {room:?}",
                position.0,
                position.1
            );
        }
    }
}
