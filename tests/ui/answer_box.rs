//! A lesson question's answer box: Enter submits it, and once revealed it is final — the box
//! and Reveal go and the verdict stands in the reply's place, from the frame it is revealed in.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::ui::LoadlabApp;

use super::common::{open_step, presenter_720p, settle, shown};

/// grs step 1 at 720p presenter with "7" typed in its answer field (T* = 10: not quite).
fn grs_seven_typed() -> Harness<'static, LoadlabApp> {
    let mut h = presenter_720p();
    open_step(&mut h, "grs", 1);
    super::common::drawer_tab(&mut h, "Lesson");
    let field = h.get_by_role_and_label(Role::TextInput, "Your answer");
    field.scroll_to_me();
    field.focus();
    field.type_text("7");
    h.run_steps(2);
    h
}

/// The revealed question's box is gone and `verdict` (a label containing it) stands right
/// under grs step 1's prompt, where the reply's row stood: at 720p that row cost a line of
/// the step's text.
fn verdict_in_the_replys_place(h: &Harness<'_, LoadlabApp>, verdict: &str) {
    assert!(h.state().lesson_player().is_some_and(|p| p.revealed()));
    // T* = 10 is on screen now; no box is left to type it into, nor a Reveal to press.
    assert!(
        h.query_by_role_and_label(Role::TextInput, "Your answer")
            .is_none(),
        "the box is still there"
    );
    assert!(
        h.query_by_label("Reveal").is_none(),
        "Reveal is still there"
    );
    let prompt = loadlab::lesson::find_bundled("grs").unwrap().steps[0]
        .question
        .clone()
        .unwrap()
        .prompt;
    let prompt = h.get_by_label(&prompt).rect();
    let said = h.get_by_label_contains(verdict).rect();
    assert!(
        said.top() - prompt.bottom() < 0.5 * said.height(),
        "a row between the prompt {prompt:?} and the verdict {said:?}"
    );
}

#[test]
fn enter_reveals_and_a_revealed_answer_box_is_final() {
    let mut h = grs_seven_typed();
    h.key_press(egui::Key::Enter);
    settle(&mut h);
    shown(&mut h, "Not quite");
    assert!(h.query_by_label_contains("✓ Right").is_none());
    verdict_in_the_replys_place(&h, "✗ Not quite: you said 7");
}

#[test]
fn the_verdict_stands_in_the_replys_place_from_the_frame_it_is_revealed_in() {
    // One frame after Enter, not after the app settles: the field's row drawn above the
    // verdict for that frame put the verdict a line lower, then moved it up. (One event a
    // frame: Enter down alone, the frame it reveals in.)
    let mut h = grs_seven_typed();
    h.key_down(egui::Key::Enter);
    h.step();
    // The verdict, or the spinner's line while the model computes.
    verdict_in_the_replys_place(&h, "said 7");
}
