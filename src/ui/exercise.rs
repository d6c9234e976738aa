//! "Your turn" (issue 25): the exercise mode of the shell. When the workspace offers an
//! exercise ([`crate::ui::workspace::Workspace::exercise`]) and the "Your turn" switch is on,
//! the picture region shows the exercise instead of the schedule: a band with the prompt,
//! Send / Hint / Show me / Undo and the score counting first tries, the verdict of the last
//! move (the rule it breaks and why), and the model's own picture on which the student makes
//! the move. The grading itself is the model's ([`crate::model::exercise`]).

use egui::{Color32, RichText, Ui};

use crate::model::exercise::Grade;

/// One model's exercise as the shell drives it (implemented once per model, next to its
/// workspace).
pub trait Exercise {
    /// What to decide now, in the paper's words.
    fn prompt(&self) -> String;
    /// (moves right at the first try, out of, complete).
    fn score(&self) -> (usize, usize, bool);
    /// Draws the picture the student makes the move on (clicks plan it).
    fn picture(&mut self, ui: &mut Ui, last: Option<&Grade>);
    /// The caption of the submit button ("Send"), None when the move is made by clicking
    /// alone (each click is graded).
    fn submit_caption(&self) -> Option<&'static str> {
        None
    }
    /// Grades and plays the planned move (nothing when moves are clicked alone).
    fn submit(&mut self) -> Option<Grade> {
        None
    }
    /// A move clicked on the picture this frame and graded at once (no submit button).
    fn take_clicked(&mut self) -> Option<Grade>;
    /// One part of the algorithm's move and why.
    fn hint(&self) -> String;
    /// Plays the algorithm's move (counts as not a first try).
    fn show_me(&mut self) -> Option<Grade>;
    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool;
    /// Starts again from the instance.
    fn restart(&mut self);
}

/// What [`crate::ui::workspace::Workspace::exercise`] returns when the model has an exercise:
/// the exercise with its band, or why these parameters make none.
pub type Turn<'a> = Result<(&'a mut dyn Exercise, &'a mut Band), String>;

/// The shell's state around one exercise: the last verdict and the hint shown.
#[derive(Debug, Clone, Default)]
pub struct Band {
    /// The last move's grade.
    pub last: Option<Grade>,
    /// The hint asked for (cleared by the next move).
    pub hint: Option<String>,
}

/// The colour of a verdict: good, legal but not the algorithm's, illegal.
fn verdict_color(ui: &Ui, g: &Grade) -> Color32 {
    if g.optimal {
        crate::ui::widgets::palette::ok_text(ui.visuals())
    } else if g.legal {
        ui.visuals().warn_fg_color
    } else {
        ui.visuals().error_fg_color
    }
}

/// The verdict in words.
pub fn verdict(g: &Grade) -> String {
    let head = if g.optimal {
        "Right".to_string()
    } else if g.legal {
        format!("Legal, but not the algorithm's move ({})", g.rule)
    } else {
        format!("Illegal — rule broken: {}", g.rule)
    };
    format!("{head}: {}", g.why)
}

/// Draws the exercise in `ui` (the picture region): the band, then the model's picture.
pub fn show(ui: &mut Ui, ex: &mut dyn Exercise, band: &mut Band) {
    let (score, out_of, complete) = ex.score();
    // The picture's top right corner holds the figure export buttons (↓ PNG, ↓ SVG).
    let row = (ui.available_width() - 150.0).max(0.0);
    ui.horizontal_wrapped(|ui| {
        ui.set_max_width(row);
        ui.label(RichText::new("Your turn").strong());
        if let Some(caption) = ex.submit_caption()
            && ui
                .button(caption)
                .on_hover_text("Grade and play the move you planned")
                .clicked()
        {
            band.last = ex.submit();
            band.hint = None;
        }
        if ui
            .button("Hint")
            .on_hover_text("One part of the algorithm's move, and why")
            .clicked()
        {
            band.hint = Some(ex.hint());
        }
        if ui
            .button("Show me")
            .on_hover_text("Play the algorithm's move (it does not count as a first try)")
            .clicked()
        {
            band.last = ex.show_me();
            band.hint = None;
        }
        if ui
            .button("Undo move")
            .on_hover_text("Take back the last move")
            .clicked()
            && ex.undo()
        {
            band.last = None;
            band.hint = None;
        }
        if ui
            .button("Restart")
            .on_hover_text("Start the exercise again")
            .clicked()
        {
            ex.restart();
            *band = Band::default();
        }
        let done = if complete { " — complete ✓" } else { "" };
        // One block: it moves to the next row whole rather than breaking mid-phrase.
        ui.add(egui::Label::new(format!("Score {score} / {out_of} first tries{done}")).extend())
            .on_hover_text("Moves right at the first try, out of the moves the algorithm needs");
    });
    ui.label(ex.prompt());
    // The hint and verdict lines are always there (empty until used), so the picture under
    // them does not move between two clicks.
    match &band.hint {
        Some(h) => ui.label(RichText::new(format!("Hint: {h}")).italics()),
        None => ui.label(" "),
    };
    match &band.last {
        Some(g) => {
            let c = verdict_color(ui, g);
            ui.label(RichText::new(verdict(g)).color(c))
        }
        None => ui.label(" "),
    };
    ex.picture(ui, band.last.as_ref());
    if let Some(g) = ex.take_clicked() {
        band.last = Some(g);
        band.hint = None;
    }
}

/// The picture region in exercise mode: the exercise, or why these parameters make none.
pub fn region(ui: &mut Ui, ex: Option<Result<(&mut dyn Exercise, &mut Band), String>>) {
    match ex {
        Some(Ok((ex, band))) => show(ui, ex, band),
        Some(Err(why)) => {
            ui.label(RichText::new("Your turn").strong());
            ui.label(format!("No exercise on this instance: {why}"));
        }
        None => {
            ui.label("This model has no exercise yet.");
        }
    }
}

/// A workspace's exercise, made again whenever its parameters (`K`) change.
pub struct Slot<K, T> {
    made: Option<(K, Result<T, String>)>,
    band: Band,
}

impl<K, T> Default for Slot<K, T> {
    fn default() -> Self {
        Slot {
            made: None,
            band: Band::default(),
        }
    }
}

impl<K: PartialEq + Clone, T: Exercise + 'static> Slot<K, T> {
    /// The exercise for `key` (made by `make` when the key changed), with its band.
    pub fn get(
        &mut self,
        key: &K,
        make: impl FnOnce(&K) -> Result<T, String>,
    ) -> Result<(&mut dyn Exercise, &mut Band), String> {
        if self.made.as_ref().is_none_or(|(k, _)| k != key) {
            self.made = Some((key.clone(), make(key)));
            self.band = Band::default();
        }
        let Slot { made, band } = self;
        match made {
            Some((_, Ok(t))) => Ok((t as &mut dyn Exercise, band)),
            Some((_, Err(e))) => Err(e.clone()),
            None => Err("no exercise".into()),
        }
    }
}
