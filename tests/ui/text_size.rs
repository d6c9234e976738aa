//! View ▸ Text size reaches the lecture (a reader who needs 200 %): the lesson's own text and
//! its Back and Next grow as the menus do, and in presenter mode at 1280 × 720 (about 853 ×
//! 480 points) nothing is lost to the larger type — the answer field and Reveal can still be
//! brought into the drawer, and the picture keeps a ring of useful size in a page that scrolls
//! rather than being squeezed out by its own tabs, step bar and captions.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::look::TextSize;
use loadlab::ui::widgets::marks;
use loadlab::ui::widgets::ring::RING_MARK;

use super::common::{painted_texts, settle, stage_lesson, wheel};

/// The height of the painted text `text` (its first painting, the lesson's, in the drawer).
fn height_of(h: &Harness<'_, LoadlabApp>, text: &str) -> f32 {
    let drawer = h.state().drawer_rect().expect("a drawer");
    painted_texts(h)
        .into_iter()
        .find(|(t, r)| t == text && drawer.intersects(*r))
        .unwrap_or_else(|| panic!("{text:?} is not painted in the drawer"))
        .1
        .height()
}

/// View ▸ Text size ▸ Largest, and the frames after it.
fn to_200_percent(h: &mut Harness<'_, LoadlabApp>) {
    h.state_mut().send(Cmd::TextSize(TextSize::Largest));
    settle(h);
    h.run_steps(3);
}

/// The 720p presenter on bundled lesson `file` at 0-based step `index`, in 200 % type.
fn at_200_percent(file: &str, index: usize) -> Harness<'static, LoadlabApp> {
    let mut h = stage_lesson(file, index);
    to_200_percent(&mut h);
    h
}

#[test]
fn at_200_percent_the_lecture_grows_and_keeps_its_picture_and_answer_box() {
    // Renard–Robert–Vivien's step 1: a question under the text, the ring in front.
    let mut h = stage_lesson("rrv-redistribute.ron", 0);
    h.run_steps(2);
    let title = "Slices and Lemma 1's bound";
    let before = [height_of(&h, title), height_of(&h, "Next ▶")];
    let ring_before = marks::latest(&h.ctx, RING_MARK).expect("the ring is drawn");

    to_200_percent(&mut h);
    let after = [height_of(&h, title), height_of(&h, "Next ▶")];
    for ((what, b), a) in ["the step's title", "Next"].iter().zip(before).zip(after) {
        assert!(
            a >= 1.8 * b,
            "{what} is {a:.1} points high at 200 %, {b:.1} at 100 %: the lesson's type did not grow"
        );
    }

    // The picture: the ring is still drawn, large enough to read its discs and labels (261
    // points high at 100 %, 112 beside its chart at 200 %).
    let ring = marks::latest(&h.ctx, RING_MARK).expect("the ring is drawn at 200 %");
    assert!(
        ring.height() >= 100.0,
        "the ring is {:.0} points high at 200 %, {:.0} at 100 %",
        ring.height(),
        ring_before.height()
    );

    // The answer field and Reveal: each can be scrolled into the part of the drawer in view.
    let window = h.ctx.content_rect();
    for label in ["Your answer", "Reveal"] {
        h.get_by_label(label).scroll_to_me();
        h.run_steps(3);
        let seen = h.state().drawer_rect().expect("a drawer").intersect(window);
        let r = h.get_by_label(label).rect();
        assert!(
            seen.contains_rect(r),
            "{label} {r:?} cannot be brought into the drawer {seen:?} at 200 %"
        );
    }
}

#[test]
fn at_200_percent_a_ksbf_ring_is_not_squeezed_out_by_its_tabs() {
    // Gao–Rosenberg's step 4 at 720p presenter: the ring's four picture tabs wrap to four
    // rows at 200 %, and with the step bar and captions they took the picture's whole room.
    let h = at_200_percent("gao-rosenberg-ksbf.ron", 3);
    let discs: Vec<egui::Rect> = painted_texts(&h)
        .into_iter()
        .filter(|(t, _)| ["P0", "P1", "P2", "P3"].contains(&t.as_str()))
        .map(|(_, r)| r)
        .collect();
    assert_eq!(
        discs.len(),
        4,
        "the ring's four processors are not all drawn: {discs:?}"
    );
    // The ring spans its processors' names: at least 100 points from P0 (top) to P2 (bottom).
    let top = discs.iter().map(|r| r.top()).fold(f32::INFINITY, f32::min);
    let bottom = discs
        .iter()
        .map(|r| r.bottom())
        .fold(f32::NEG_INFINITY, f32::max);
    assert!(
        bottom - top >= 100.0,
        "the ring's names span {:.0} points at 200 %",
        bottom - top
    );
}

#[test]
fn at_200_percent_your_turn_s_message_stays_off_the_board() {
    // Gao–Rosenberg's step 7 (Your turn on T_4, p = 2): the band's prompt wrapped to most of
    // its room, and the newest message's least height ran over the grid's step numbers.
    let mut h = at_200_percent("gao-rosenberg-ksbf.ron", 6);
    // The picture's page scrolls at 200 %: turned down by the wheel over the board until the
    // message is in view (a label out of view is not painted).
    let message = "Each move's verdict, and each hint asked for, is shown here.";
    let over = h.get_by_label("Hint").rect().center();
    h.event(egui::Event::PointerMoved(over));
    let mut texts = painted_texts(&h);
    for _ in 0..20 {
        if texts.iter().any(|(t, _)| t == message) {
            break;
        }
        wheel(&mut h, -20.0, egui::Modifiers::NONE);
        h.run_steps(3);
        texts = painted_texts(&h);
    }
    let (_, said) = texts
        .iter()
        .find(|(t, _)| t == message)
        .unwrap_or_else(|| panic!("{message:?} is not painted"));
    // The grid's column numbers: "0" … "14" over its cells.
    let steps: Vec<egui::Rect> = texts
        .iter()
        .filter(|(t, _)| t.parse::<u32>().is_ok_and(|k| k <= 14))
        .map(|(_, r)| *r)
        .collect();
    assert!(steps.len() >= 15, "the grid's step numbers: {steps:?}");
    for r in steps {
        assert!(
            !said.intersects(r),
            "the message {said:?} runs over the grid's step number at {r:?}"
        );
    }
}

#[test]
fn at_200_percent_no_step_bar_button_lies_under_the_figure_s_corner_buttons() {
    // Renard–Robert–Vivien's step 1: the step bar is the ring's first row on the stage, beside
    // Describe / ↓ PNG / ↓ SVG; its buttons do not wrap, and at 200 % "Last »" ran under
    // Describe.
    use loadlab::ui::widgets::corner::CAPTIONS;
    use loadlab::ui::widgets::step_bar::{LABEL_BACK, LABEL_FIRST, LABEL_FORWARD, LABEL_LAST};
    let h = at_200_percent("rrv-redistribute.ron", 0);
    let rects = |labels: &[&str]| -> Vec<(String, egui::Rect)> {
        labels
            .iter()
            .flat_map(|l| h.query_all_by_label(l).map(|n| (l.to_string(), n.rect())))
            .collect()
    };
    let corner = rects(&CAPTIONS);
    let bar = rects(&[LABEL_FIRST, LABEL_BACK, LABEL_FORWARD, LABEL_LAST]);
    assert!(!corner.is_empty() && bar.len() >= 4, "{corner:?} {bar:?}");
    for (b, r) in &bar {
        for (c, s) in &corner {
            assert!(!r.intersects(*s), "{b} {r:?} lies under {c} {s:?} at 200 %");
        }
    }
}

#[test]
fn at_200_percent_a_tab_never_breaks_inside_its_caption() {
    // Li's step 6 at the 720p presenter: beside the corner buttons "method C" stood on two
    // rows ("method" over "C") and "network" broke as "networ" over "k".
    let h = at_200_percent("li-divisible.ron", 5);
    let rows = super::common::painted_rows(&h);
    for caption in ["method C", "method P", "method Q", "network"] {
        let (_, r, n) = rows
            .iter()
            .find(|(t, _, _)| t == caption)
            .unwrap_or_else(|| panic!("{caption:?} is not painted whole"));
        assert_eq!(*n, 1, "{caption:?} at {r:?} is painted on {n} rows");
    }
}

#[test]
fn at_200_percent_your_turn_s_buttons_never_break_inside_their_captions() {
    // Each bundled lesson's Your turn at the 720p presenter: in the band's narrow row "Show me"
    // stood as "Show" over "me". A button that does not fit goes whole onto the next row.
    let turns = [
        ("gao-rosenberg-ksbf.ron", 6),
        ("grs-treesweep.ron", 8),
        ("li-divisible.ron", 7),
        ("rrv-redistribute.ron", 4),
        ("gil-matias-geodecay.ron", 6),
    ];
    for (file, index) in turns {
        let h = at_200_percent(file, index);
        let rows = super::common::painted_rows(&h);
        for caption in ["Your turn", "Hint", "Show me", "Undo move", "Restart"] {
            let (_, r, n) = rows
                .iter()
                .find(|(t, _, _)| t == caption)
                .unwrap_or_else(|| panic!("{file}: {caption:?} is not painted whole"));
            assert_eq!(*n, 1, "{file}: {caption:?} at {r:?} is painted on {n} rows");
        }
        // Nor does the band stand one button a row in the narrow room beside the figure's
        // corner buttons: it goes under them, where the four stand in two rows at most.
        let mut tops: Vec<f32> = ["Hint", "Show me", "Undo move", "Restart"]
            .iter()
            .map(|c| rows.iter().find(|(t, _, _)| t == c).unwrap().1.top())
            .collect();
        tops.sort_by(f32::total_cmp);
        tops.dedup_by(|a, b| (*a - *b).abs() < 1.0);
        assert!(
            tops.len() <= 2,
            "{file}: the band's buttons stand on rows {tops:?}"
        );
    }
}
