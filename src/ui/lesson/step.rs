//! The lesson step on the player's panel or the stage's drawer: its title and text, then its
//! question box or exercise box, pinned under the text where the room allows.

use egui::RichText;

use super::Player;
use crate::lesson::LessonStep;
use crate::model::exercise::Tally;
use crate::ui::commands::Cmd;
use crate::ui::question::{question_ui, right};
use crate::ui::widgets::focus::Landing;
use crate::ui::widgets::scroll::Clipped;

/// The room the step's text takes at least above a pinned box, in points.
const TEXT_MIN: f32 = 80.0;

/// The current step: its title, text and question box (scrolling when long), then `then`
/// (the stage's drawer puts a "try it" step's controls there).
///
/// The question (answer box and Reveal) or the exercise's box stays in sight under the step's
/// text: the text scrolls in what the box (as tall as in the last frame) leaves, at least
/// [`TEXT_MIN`]. Where that leaves less than two lines of the text (large type in a short
/// drawer: at 200 % on a 720p projector the box's answer field and Reveal fell below the
/// drawer, out of reach), the text and the box scroll together instead.
pub(super) fn step_ui(
    p: &mut Player,
    ui: &mut egui::Ui,
    body: f32,
    then: Option<&mut dyn FnMut(&mut egui::Ui)>,
    cmds: &mut Vec<Cmd>,
) {
    let i = p.index;
    let step = &p.lesson.steps[i];
    let question_id = egui::Id::unique("lesson question height").with(i);
    let pinned = step.question.is_some() || step.exercise.is_some();
    let question_h = if pinned {
        ui.ctx()
            .data(|d| d.get_temp::<f32>(question_id))
            .unwrap_or(160.0)
    } else {
        0.0
    };
    let room = ui.available_height() - question_h - 12.0;
    let delta = std::mem::take(&mut p.text_scroll);
    // Both ways: a "try it" step's controls wider than the drawer scroll sideways inside it
    // rather than widening it (the text wraps at the drawer's width either way). A solid
    // scroll bar: a text longer than its room says so on a projector without a hover.
    if pinned && room < 2.0 * 1.3 * body {
        // (Sideways only for a "try it" step's controls: the box's row of field and Reveal,
        // a little wider than a narrow drawer in such type, is clipped as it is when pinned.)
        egui::ScrollArea::new([then.is_some(), true])
            .id_salt(("lesson step and box", i))
            .auto_shrink([false, true])
            .show_reading(ui, |ui| {
                scrolled_by(ui, delta);
                step_text(ui, &p.lesson.steps[i], body, then, cmds);
                boxes(p, ui, body, false);
            });
        return;
    }
    egui::ScrollArea::both()
        .id_salt(("lesson step", i))
        .max_height(room.max(TEXT_MIN))
        .auto_shrink([false, true])
        .show_reading(ui, |ui| {
            scrolled_by(ui, delta);
            step_text(ui, &p.lesson.steps[i], body, then, cmds);
        });
    let top = ui.cursor().top();
    boxes(p, ui, body, true);
    if pinned {
        let used = ui.cursor().top() - top;
        ui.ctx().data_mut(|d| d.insert_temp(question_id, used));
    }
}

/// Scrolls the area `ui` is in by `delta` (↑/↓ in the player), if any.
fn scrolled_by(ui: &mut egui::Ui, delta: f32) {
    if delta != 0.0 {
        ui.scroll_with_delta(egui::vec2(0.0, delta));
    }
}

/// The step's title, its text, the findings it cites and `then`.
fn step_text(
    ui: &mut egui::Ui,
    step: &LessonStep,
    body: f32,
    then: Option<&mut dyn FnMut(&mut egui::Ui)>,
    cmds: &mut Vec<Cmd>,
) {
    ui.label(RichText::new(&step.title).strong().size(body + 3.0));
    if step.try_it {
        ui.label(
            RichText::new("Try it yourself: the controls are yours")
                .size(body)
                .color(ui.visuals().warn_fg_color),
        );
    }
    ui.add_space(4.0);
    ui.label(RichText::new(&step.text).size(body));
    cited_findings(ui, step, body, cmds);
    if let Some(then) = then {
        ui.separator();
        then(ui);
    }
}

/// The step's exercise box and question box; the question box scrolls a long explanation
/// (after Reveal) in the room left if `own_scroll`, rather than pushing itself down.
fn boxes(p: &mut Player, ui: &mut egui::Ui, body: f32, own_scroll: bool) {
    let i = p.index;
    let step = &p.lesson.steps[i];
    if let Some(x) = &step.exercise {
        ui.add_space(8.0);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            // Boxes span the drawer, whatever their text's width (no box jumps between steps).
            ui.set_width(ui.available_width());
            exercise_ui(ui, x, p.exercise_score, body);
        });
    }
    let Some(q) = &step.question else {
        return;
    };
    ui.add_space(4.0);
    // At a desk the numbers panel folds away until Reveal: the lesson says where it went.
    // On the stage the drawer's Numbers tab stays, its telling figures "?", which say it
    // themselves: a note there cost a line the step's text needed (and came only when
    // the desk's numbers panel had been on before F5).
    if p.numbers_after_reveal && !crate::ui::frame::on_stage(ui.ctx()) {
        ui.label(
            RichText::new("The numbers panel opens after Reveal.")
                .weak()
                .size(body * 0.85),
        );
    }
    let answer = p.answers.as_ref().and_then(|a| a[i].as_ref());
    let (reply, revealed, next) = (&mut p.replies[i], &mut p.revealed[i], p.next_id);
    let mut question_box = |ui: &mut egui::Ui| {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            // F8 again from Next: the answer's field (the first control of the box).
            crate::ui::widgets::focus::land(ui, Landing::Answer);
            let by_keys = question_ui(ui, q, reply, revealed, answer, body);
            // Revealed from the keyboard: on to Next, where the lecture goes on (the field
            // and Reveal give way to the verdict, and the focus with them).
            if let (true, Some(next)) = (by_keys, next) {
                ui.memory_mut(|m| m.request_focus(next));
            }
        });
    };
    if own_scroll {
        egui::ScrollArea::vertical()
            .id_salt(("lesson question box", i))
            .max_height(ui.available_height().max(TEXT_MIN))
            .show_clipped(ui, question_box);
    } else {
        question_box(ui);
    }
}

/// A link under the step's text to each finding it cites ("finding grs-half"): Help ▸ What
/// we found in the paper, open at it. The finding's sentence is not shown here: under an open
/// question it may state the answer (the window masks it).
fn cited_findings(ui: &mut egui::Ui, step: &LessonStep, body: f32, cmds: &mut Vec<Cmd>) {
    for f in step.cited_findings().into_iter().flatten() {
        let caption = format!("What we found: finding {} ({}) ▸", f.id, f.kind.caption());
        let link = ui.link(RichText::new(caption).size(body * 0.9));
        if link
            .on_hover_text("Help ▸ What we found in the paper, open at this finding")
            .clicked()
        {
            cmds.push(Cmd::OpenFinding(f.id.to_owned()));
        }
    }
}

/// A lesson's exercise box: the prompt, the pass mark and the score so far ("Your turn" is in
/// the picture).
fn exercise_ui(
    ui: &mut egui::Ui,
    x: &crate::lesson::exercise::ExerciseStep,
    score: Option<Tally>,
    body: f32,
) {
    ui.label(RichText::new("Your turn").strong().size(body));
    ui.label(RichText::new(&x.prompt).size(body));
    let line = match score {
        Some(t) => {
            let end = if t.complete { ", complete" } else { "" };
            let (s, of) = (t.score, t.out_of);
            format!("Pass mark: {} first tries — so far {s} / {of}{end}", x.pass)
        }
        None => format!("Pass mark: {} first tries (switch on Your turn)", x.pass),
    };
    ui.label(RichText::new(line).size(body * 0.9));
    match score {
        Some(t) if x.passed(t.score) => {
            ui.label(RichText::new("✓ Passed").color(right(ui)).size(body));
        }
        // Complete is not passed: say so (a Restart replays the steps, but a step tried
        // before it is no first try after it: the score cannot rise by restarting).
        Some(t) if t.complete => {
            let warn = ui.visuals().warn_fg_color;
            let text = format!(
                "Not passed: {} of the {} first tries needed — Restart to practise the steps \
                 again (they no longer count as first tries)",
                t.score, x.pass
            );
            ui.label(RichText::new(text).color(warn).size(body * 0.9));
        }
        _ => {}
    }
}
