//! Describe the picture (issue 37): the stage's Describe button puts what the picture shows at
//! this step into words — on the clipboard and in the status bar, a live region a screen
//! reader reads out — with an open question's answer still hidden. The expected words are
//! the lesson's own instance (Fig. 4's ring as its prompt states it), not the app's output.

use egui::accesskit::Live;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::lesson::BUNDLED;
use loadlab::ui::app::Cmd;

use super::common::{presenter_720p, settle};

#[test]
fn describe_reads_the_ring_of_the_step_out_and_keeps_the_question_hidden() {
    let k = BUNDLED
        .iter()
        .position(|b| b.file.starts_with("rrv"))
        .expect("the rrv lesson");
    let mut h = presenter_720p();
    h.state_mut().send(Cmd::StartLesson(k));
    settle(&mut h);
    // Step 4 asks how many rounds Algorithm 3 takes on Fig. 4's ring.
    for i in 1..4 {
        h.state_mut().send(Cmd::LessonStep(i));
        settle(&mut h);
    }
    h.get_by_label(loadlab::ui::widgets::describe::CAPTION)
        .click();
    settle(&mut h);
    let notice = h.get_by_label_contains("Copied the description:");
    assert_eq!(notice.accesskit_node().live(), Live::Polite);
    let node = notice.accesskit_node();
    let said = node.label().or(node.value()).unwrap_or_default();
    assert!(said.contains("Ring of 7 processors"), "{said}");
    // Fig. 4's δ = (2, 1, −2, 1, 2, −2, −2), processor by processor, before the first round.
    for (p, d) in [2, 1, -2, 1, 2, -2, -2].iter().enumerate() {
        assert!(
            said.contains(&format!("P{}: L = ", p + 1)) && said.contains(&format!("δ now = {d}")),
            "P{} with δ = {d} not described: {said}",
            p + 1
        );
    }
    // The answer (the number of rounds) is as hidden in words as on the screen.
    assert!(said.contains("of ? rounds"), "{said}");
}

/// Describe on each model's Your turn: what the band asks and the board the student moves
/// on, not the picture of the run shown before (which stayed the description, so a screen
/// reader described a tree the exercise did not show).
#[test]
fn describe_on_your_turn_reads_the_exercise_board_of_every_model() {
    use loadlab::model::registry::ModelId;
    let board = [
        (ModelId::Divisible, "Gantt"),
        (ModelId::Geodecay, "Each round's cost as a bar"),
        // T_5 (the small bundled tree: the default T_12 is beyond the exercise): 2^5 − 1 nodes.
        (
            ModelId::TreeSweep,
            "The tree T_5, 31 nodes: 0 on processor 0",
        ),
        (ModelId::Ksbf, "Placed:"),
        (ModelId::Redistribute, "Ring of"),
    ];
    let mut h = super::common::window(1500.0, 940.0, None);
    h.get_by_label("Your turn").click_accesskit();
    for (model, words) in board {
        h.state_mut().send(match model {
            ModelId::TreeSweep => {
                let small = loadlab::preset::find_bundled("treesweep-small").expect("bundled");
                Cmd::Load(Box::new(small))
            }
            _ => Cmd::Switch(model),
        });
        settle(&mut h);
        h.get_by_label(loadlab::ui::widgets::describe::CAPTION)
            .click_accesskit();
        settle(&mut h);
        let notice = h.get_by_label_contains("Copied the description:");
        let node = notice.accesskit_node();
        let said = node.label().or(node.value()).unwrap_or_default();
        assert!(said.contains("Your turn: "), "{model:?}: {said}");
        assert!(said.contains(words), "{model:?}: no “{words}” in {said}");
    }
}

/// li step 3 puts the plots in front on the stage: no picture is drawn, and Describe says so
/// (it read out step 1's picture, the last one drawn, as if it were this step's).
#[test]
fn describe_with_the_plots_in_front_says_no_picture_is_on_screen() {
    let mut h = super::common::stage_lesson("li-divisible.ron", 2);
    h.state_mut().send(Cmd::DescribePicture);
    h.run_steps(2);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert_eq!(notice, loadlab::ui::widgets::describe::NOTHING_DRAWN);
}
