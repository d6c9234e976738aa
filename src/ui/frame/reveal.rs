//! The "Hide the future" switch as the frame publishes it (the shell, once per frame, with
//! the front workspace's step position) and every stepped view reads it back: what a view may
//! show at its step. What is cut and masked by it is in [`crate::ui::reveal`].

/// What a hidden number reads until the last step.
pub const UNTIL_END: &str = "— (future hidden: Last » or H)";

/// What a figure reads while an open question holds the run ([`Reveal::held`], at the start or
/// at its lesson step's own position): Last » and H wait for Reveal too.
pub const UNTIL_REVEAL: &str = "— (hidden until Reveal)";

/// What a figure reads while "Your turn" is played ([`Reveal::turn`]): the numbers and points
/// that hold what the moves are to find wait for the last move.
pub const UNTIL_TURN: &str = "— (hidden until every move is placed)";

/// The legend of a curve emptied while "Your turn" is played.
pub const CURVE_UNTIL_TURN: &str = "hidden until every move is placed";

/// The legend of the line where a sweep stops while "Your turn" is played.
pub const INSTANCE_UNTIL_TURN: &str = "this instance: hidden until every move is placed";

/// Why the step bar does not move while a question is open on how the run ends
/// ([`Reveal::held`]).
pub const HELD: &str = "Predict first: the run unfolds once you have answered (Reveal). \
                        Stepping to its end would answer the question.";

/// What a stepped view may show this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reveal {
    /// The switch: hide what has not happened yet.
    pub hide: bool,
    /// The step bar's position (0 = the start).
    pub step: usize,
    /// Number of step positions (the last one is the end state).
    pub steps: usize,
    /// An open question asks what the shown run's end tells (its makespan, its rounds, the
    /// work a PE did): the step bar stays where the question put it ([`Reveal::rest`]) until
    /// Reveal, since stepping to the end, or counting the steps there, would answer it.
    /// Published with the switch on only.
    pub held: bool,
    /// Where a held step bar rests: the question's own position (0 for most; its lesson
    /// step's, [`crate::ui::frame::Secret::rest`]).
    pub rest: usize,
    /// Drawn in an exported figure (a hand-out's page), which has no step bar: what the
    /// future's notes say. Read from the context's export flag ([`super::exporting`]) by
    /// [`Reveal::of`], whatever was published.
    pub in_figure: bool,
    /// "Your turn" is being played (moves left to place): what the run ends with — the
    /// instance's own point on a sweep, its makespan, the work per PE — is what the moves are
    /// to find, so it waits for the last move whatever the switch and the step bar say.
    pub turn: bool,
}

fn key() -> egui::Id {
    egui::Id::unique("loadlab-reveal")
}

/// Publishes the switch and the front workspace's step position for this frame.
pub fn publish(ctx: &egui::Context, reveal: Reveal) {
    ctx.data_mut(|d| d.insert_temp(key(), reveal));
}

impl Reveal {
    /// Everything shown (the switch off).
    pub const ALL: Reveal = Reveal {
        hide: false,
        step: 0,
        steps: 1,
        held: false,
        rest: 0,
        in_figure: false,
        turn: false,
    };

    /// What the shell published this frame ([`Reveal::ALL`] when nothing was).
    pub fn of(ctx: &egui::Context) -> Reveal {
        let published = ctx.data(|d| d.get_temp::<Reveal>(key()));
        Reveal {
            in_figure: super::exporting(ctx),
            ..published.unwrap_or(Reveal::ALL)
        }
    }

    /// The same switch at `step` of `steps` (a workspace's own step bar, after it was drawn
    /// this frame).
    pub fn at(self, step: usize, steps: usize) -> Reveal {
        Reveal {
            step,
            steps,
            ..self
        }
    }

    /// The same, holding a run whose end answers an open question (a view's own hold,
    /// [`crate::ui::widgets::step_bar::StepState::hold`]): hidden as under the shell's.
    pub fn holding(self, hold: bool) -> Reveal {
        Reveal {
            hide: self.hide || hold,
            held: self.held || hold,
            ..self
        }
    }

    /// True when something is hidden now: "Your turn" is played, or the switch is on and the
    /// step bar is not at the end.
    pub fn hiding(&self) -> bool {
        self.turn || self.hide && (self.held || self.step + 1 < self.steps)
    }

    /// True when step `k` (0-based) has happened, i.e. may be drawn.
    pub fn happened(&self, k: usize) -> bool {
        !self.hiding() || k <= self.step
    }

    /// `text`, or [`Reveal::until`] while the future is hidden.
    pub fn answer(&self, text: impl Into<String>) -> String {
        if self.hiding() {
            self.until().to_owned()
        } else {
            text.into()
        }
    }

    /// What a hidden figure waits for: the last move of "Your turn" ([`UNTIL_TURN`]), the
    /// run's end ([`UNTIL_END`]), or Reveal when a question holds the run ([`UNTIL_REVEAL`]:
    /// Last » is greyed then).
    pub fn until(&self) -> &'static str {
        if self.turn {
            UNTIL_TURN
        } else if self.held {
            UNTIL_REVEAL
        } else {
            UNTIL_END
        }
    }

    /// Which figures read "?" now: those whose key `outcome` accepts (what the run only
    /// knows at its end) while the future is hidden.
    pub fn hides(self, outcome: impl Fn(&str) -> bool) -> impl Fn(&str) -> bool {
        move |key: &str| self.hiding() && outcome(key)
    }

    /// The largest x a plot may show (None: no limit), given the current step's x.
    pub fn x_limit(&self, current: f64) -> Option<f64> {
        self.hiding().then_some(current)
    }
}
