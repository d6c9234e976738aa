//! "Your turn" (issue 25): the exercise mode of the shell. When the workspace offers an
//! exercise (its `Workspace::exercise`, in the model's `turn.rs`) and the "Your turn" switch is on,
//! the picture region shows the exercise instead of the schedule: a band with the prompt,
//! Send / Hint / Show me / Undo and the score counting first tries, the verdict of the last
//! move (the rule it breaks and why), and the model's own picture on which the student makes
//! the move. The grading itself is the model's ([`crate::model::exercise`]).

use crate::ui::widgets::describe;
use crate::ui::widgets::focus::{self, Landing};
use crate::ui::widgets::scroll::Clipped;
use egui::{Color32, RichText, Ui};

use crate::lesson::homework::replay::{Entry, Kind};
use crate::model::exercise::{ExerciseError, Grade, Tally, Tries, rule_words};
use crate::platform::clock::Instant;

/// How the board's lines begin in the picture's description (Describe the picture).
pub const DESCRIBED: &str = "Your turn: ";

/// One model's exercise as the shell drives it (implemented once per model, next to its
/// workspace).
pub trait Exercise {
    /// What to decide now, in the paper's words.
    fn prompt(&self) -> String;
    /// Where the exercise stands (its model's `tally`).
    fn tally(&self) -> Tally;
    /// Draws the picture the student makes the move on (clicks plan it).
    fn picture(&mut self, ui: &mut Ui, last: Option<&Grade>);
    /// What the board shows, in words, for Describe and a screen reader (what the widgets it
    /// is drawn with do not record themselves: the ring and the Gantt chart do); empty when
    /// they say it all.
    fn board(&self) -> String {
        String::new()
    }
    /// The width of the picture's column when the band goes in a column beside it rather
    /// than across the room above it (a picture about as wide as it is tall, such as a ring,
    /// in a wide room `room`), None for a band across the room. The shell keeps the band at
    /// least [`BAND_MIN_WIDTH`] wide, else puts it across.
    fn beside(&self, _ui: &Ui, _room: egui::Vec2) -> Option<f32> {
        None
    }
    /// The caption of the submit button ("Send"), None when the move is made by clicking
    /// alone (each click is graded).
    fn submit_caption(&self) -> Option<&'static str> {
        None
    }
    /// Why the submit button is greyed (nothing planned yet), None when it can be pressed.
    fn submit_blocked(&self) -> Option<&'static str> {
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
    /// A fresh exercise on the instance, score and spent tries too (an opened attempt's
    /// replay starts from it).
    fn fresh(&mut self);
    /// The tries spent and the score (the model's [`crate::model::exercise::FirstTries`]).
    fn history(&mut self) -> (&mut Tries, &mut usize);
    /// Restart: the board set afresh, the tries spent and the score kept — Undo of every
    /// move, as the homework replay plays it ([`crate::model::exercise::carry`]): restarting
    /// cannot erase a wrong first try.
    fn restart(&mut self) {
        let (tries, score) = self.history();
        let kept = (std::mem::take(tries), *score);
        self.fresh();
        let (tries, score) = self.history();
        (*tries, *score) = kept;
    }
    /// The last move played or tried (by the student or Show me) in the move files' JSON
    /// ([`crate::model::exercise::moves`]): what the attempt's log records.
    fn last_move(&self) -> Option<serde_json::Value>;
    /// Plays a logged move (an opened attempt's replay); None when it cannot be read or
    /// nothing is left to decide.
    fn play_logged(&mut self, mv: &serde_json::Value) -> Option<Grade>;
}

/// What a workspace's `Workspace::exercise` returns when the model has an exercise:
/// the exercise with its band, or why these parameters make none.
pub type Turn<'a> = Result<(&'a mut dyn Exercise, &'a mut Band), String>;

/// The shell's state around one exercise: the last verdict and the hint shown.
#[derive(Debug, Clone, Default)]
pub struct Band {
    /// The last move's grade.
    pub last: Option<Grade>,
    /// The last move was the algorithm's, played by Show me (its verdict is no praise).
    pub shown: bool,
    /// The hint asked for (cleared by the next move).
    pub hint: Option<String>,
    /// The verdict of the move Undo took back, shown in its place until the next move (Undo
    /// erased the reason the student was undoing).
    undone: Option<String>,
    /// The verdict or hint changed since it was last drawn (scroll it into view).
    fresh: bool,
    /// The messages the newest replaced since the board was last set, oldest first: listed by
    /// the score's button ([`history`]; a wrong move's verdict was gone at the next move).
    earlier: Vec<Past>,
    /// Every move, Show me, Undo, Restart and hint since the exercise was set: what
    /// Homework ▸ Hand in… writes ([`crate::lesson::homework::attempt`]).
    pub log: Vec<Entry>,
    /// When the first entry was logged (the log's times count from it).
    started: Option<Instant>,
}

/// A message the band showed before the newest.
#[derive(Debug, Clone)]
enum Past {
    /// A move's verdict (Show me's when `shown`).
    Verdict(Grade, bool),
    /// The verdict of a move Undo took back.
    TakenBack(String),
}

impl Past {
    /// The band's newest message as a past one: the last verdict, else the one Undo took back.
    fn of(last: Option<Grade>, shown: bool, undone: Option<String>) -> Option<Past> {
        match (last, undone) {
            (Some(g), _) => Some(Past::Verdict(g, shown)),
            (None, Some(was)) => Some(Past::TakenBack(was)),
            (None, None) => None,
        }
    }
}

/// The earlier messages a band keeps at most.
const EARLIER_MAX: usize = 40;

impl Band {
    /// A move graded `g`; `shown` when Show me played it.
    fn graded(&mut self, g: Option<Grade>, shown: bool) {
        let past = Past::of(self.last.take(), self.shown, self.undone.take());
        self.earlier.extend(past);
        let over = self.earlier.len().saturating_sub(EARLIER_MAX);
        self.earlier.drain(..over);
        self.last = g;
        self.shown = shown;
        self.hint = None;
        self.undone = None;
        self.fresh = true;
    }

    /// Undo took the last move back: its verdict stays on screen, marked as taken back.
    fn took_back(&mut self) {
        let was = self.last.take().map(|g| verdict(&g, self.shown));
        self.graded(None, false);
        self.undone = was;
    }

    /// Restart: the board set afresh, and the band's messages with it.
    fn restarted(&mut self) {
        self.graded(None, false);
        self.earlier.clear();
    }

    /// Logs an entry now.
    fn log(&mut self, kind: Kind, mv: Option<serde_json::Value>) {
        let t0 = *self.started.get_or_insert_with(Instant::now);
        let t = (t0.elapsed().as_secs_f64() * 10.0).round() / 10.0;
        self.log.push(Entry::new(kind, mv, Some(t)));
    }

    /// A move graded `g` (logged when graded); `shown` when Show me played it.
    fn moved(&mut self, ex: &dyn Exercise, g: Option<Grade>, shown: bool) {
        if g.is_some() {
            let kind = if shown { Kind::ShowMe } else { Kind::Move };
            self.log(kind, ex.last_move());
        }
        self.graded(g, shown);
    }
}

/// Lines of text the band keeps for the prompt and the newest message (hint or verdict): they
/// wrap inside this room, so that nothing under them moves between two clicks.
pub const MESSAGE_LINES: f32 = 5.0;

/// The narrowest the band's column beside the picture may be ([`Exercise::beside`]).
pub const BAND_MIN_WIDTH: f32 = 180.0;

/// The width of the score's slot at the end of the button row (fixed, so that the row wraps
/// the same way whatever the score reads).
const SCORE_WIDTH: f32 = 250.0;

/// The colour of a verdict: good, legal but not the algorithm's, illegal, shown.
fn verdict_color(ui: &Ui, g: &Grade, shown: bool) -> Color32 {
    if shown {
        ui.visuals().strong_text_color()
    } else if g.optimal {
        crate::ui::widgets::palette::ok_text(ui.visuals())
    } else if g.legal {
        ui.visuals().warn_fg_color
    } else {
        ui.visuals().error_fg_color
    }
}

/// The verdict in words; `shown` when the move was played by Show me (the algorithm's own
/// move is explained, not praised).
pub fn verdict(g: &Grade, shown: bool) -> String {
    let head = if shown {
        "The algorithm's move".to_string()
    } else if g.optimal {
        "Right".to_string()
    } else if g.legal {
        match named_rule(g) {
            Some(rule) => format!("Legal, but not the algorithm's move ({rule})"),
            None => "Legal, but not the algorithm's move".into(),
        }
    } else {
        match named_rule(g) {
            Some(rule) => format!("Illegal — rule broken: {rule}"),
            None => "Illegal".into(),
        }
    };
    format!("{head}: {}", g.why)
}

/// The rule a move missed or broke, in the paper's words, for the verdict's head; None when
/// the reason names it already (the tree sweep's "Step 1.1: processor 0 starts …" read
/// "… move (Step 1.1): Step 1.1: …", KS-BF's "rule broken: Keep left: node 2 is the left
/// child of node 1, which ran on P0: Keep left, so …").
fn named_rule(g: &Grade) -> Option<&str> {
    let rule = rule_words(&g.rule);
    (!g.why.contains(rule)).then_some(rule)
}

/// The score in words: while playing and at the end alike, the moves right at their first try
/// (at the end it read "moves the algorithm's" beside "you followed Fine-Grain throughout",
/// which counts something else).
pub fn score_text(score: usize, out_of: usize, complete: bool) -> String {
    if complete {
        format!("Complete — {score} / {out_of} first tries right")
    } else {
        format!("Score {score} / {out_of} first tries")
    }
}

/// The one move an attempt's log entry `mv` holds, read with `parse` (the model's reader of
/// a list of such moves); None when it is not one.
pub fn logged_move<T>(
    mv: &serde_json::Value,
    parse: impl FnOnce(&serde_json::Value) -> Result<Vec<T>, String>,
) -> Option<T> {
    parse(&serde_json::json!([mv])).ok()?.pop()
}

/// What every model's exercise keeps of its moves: the state before each move played, for
/// Undo, and the last move played or tried, for the attempt's log ([`Exercise::last_move`]).
pub struct Moves<S> {
    before: Vec<S>,
    last: Option<serde_json::Value>,
}

impl<S> Default for Moves<S> {
    fn default() -> Self {
        Moves {
            before: Vec::new(),
            last: None,
        }
    }
}

impl<S> Moves<S> {
    /// `mv` (in the move files' JSON) was just played or tried.
    pub fn record(&mut self, mv: serde_json::Value) {
        self.last = Some(mv);
    }

    /// A move was played from the state `before` (Undo goes back to it).
    pub fn played(&mut self, before: S) {
        self.before.push(before);
    }

    /// The state before the last move played, taken back; None when no move is left.
    pub fn undo(&mut self) -> Option<S> {
        self.before.pop()
    }

    /// The last move played or tried.
    pub fn last(&self) -> Option<serde_json::Value> {
        self.last.clone()
    }
}

/// The exercise `made` for a picture, once `check` found that the picture can draw it; else
/// why not (the model's refusal, or the check's).
pub fn drawable<E>(
    made: Result<E, ExerciseError>,
    check: impl FnOnce(&E) -> Result<(), ExerciseError>,
) -> Result<E, String> {
    let ex = made.map_err(|e| e.0)?;
    check(&ex).map_err(|e| e.0)?;
    Ok(ex)
}

/// The band's buttons after the exercise's own (its submit, where it has one).
const MOVES: [&str; 4] = [HINT, SHOW_ME, UNDO, RESTART];
const HINT: &str = "Hint";
const SHOW_ME: &str = "Show me";
const UNDO: &str = "Undo move";
const RESTART: &str = "Restart";

/// How many rows the band's row takes in `width`: "Your turn", the buttons `captions` and the
/// score's slot, each whole.
fn rows_of<'a>(ui: &Ui, captions: impl Iterator<Item = &'a str>, width: f32) -> usize {
    let text = |t: &str, style| {
        egui::WidgetText::from(t)
            .into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, style)
            .size()
            .x
    };
    let pad = 2.0 * ui.spacing().button_padding.x;
    let widths: Vec<f32> = std::iter::once(text("Your turn", egui::TextStyle::Body))
        .chain(captions.map(|c| text(c, egui::TextStyle::Button) + pad))
        .chain([SCORE_WIDTH.min(width)])
        .collect();
    crate::ui::widgets::corner::rows_in(&widths, width, ui.spacing().item_spacing.x)
}

/// A button of the band with its hover text; true when it was clicked.
fn pressed(ui: &mut Ui, caption: &str, tip: &str) -> bool {
    playable(ui, true, caption, tip)
}

/// What a greyed move button says: the board has no move left.
const COMPLETE: &str = "The board is complete: Undo move or Restart to play again";

/// What every greyed button says while an attempt is replayed: the moves are the student's.
const REPLAYING: &str = "Replaying a handed-in attempt: close the replay to play on from here";

/// A button of the band that plays on the board, greyed (in its place: nothing moves under
/// the pointer) unless `open`; true when it was clicked.
fn playable(ui: &mut Ui, open: bool, caption: &str, tip: &str) -> bool {
    playable_unless(ui, open, caption, tip, None)
}

/// [`playable`], greyed with the reason `blocked` when there is one (and the board is open).
fn playable_unless(
    ui: &mut Ui,
    open: bool,
    caption: &str,
    tip: &str,
    blocked: Option<&str>,
) -> bool {
    // A printed board has no pointer: no buttons.
    if crate::ui::frame::exporting(ui.ctx()) {
        return false;
    }
    let replaying = crate::ui::frame::replaying(ui.ctx());
    let why = match (replaying, open, blocked) {
        (true, _, _) => REPLAYING,
        (false, true, Some(b)) => b,
        _ => COMPLETE,
    };
    let enabled = open && !replaying && blocked.is_none();
    ui.add_enabled(enabled, egui::Button::new(caption))
        .on_hover_text(tip)
        .on_disabled_hover_text(why)
        .clicked()
}

/// The band's buttons and score, in one row (wrapping only with the width); in a `column`
/// beside the picture (below the figure's corner buttons) the score has a slot of two lines
/// of its own under them, where it wraps rather than being cut.
fn buttons(ui: &mut Ui, ex: &mut dyn Exercise, band: &mut Band, column: bool) {
    let Tally {
        score,
        out_of,
        complete,
    } = ex.tally();
    // The picture's top right corner holds the figure's buttons (↓ PNG, ↓ SVG, Describe): the
    // row stands beside them, or under them at the whole width where that saves more rows than
    // theirs (at 200 % type on a 720p stage the buttons stood one a row beside them).
    let corner = if column {
        egui::Vec2::ZERO
    } else {
        crate::ui::widgets::corner::corner_size(ui)
    };
    let mut row = (ui.available_width() - corner.x).max(0.0);
    let captions = ex.submit_caption().into_iter().chain(MOVES);
    // (A printed board has no buttons: its row is the title and the score.)
    if !column
        && !crate::ui::frame::exporting(ui.ctx())
        && rows_of(ui, captions.clone(), row) > rows_of(ui, captions, ui.available_width()) + 1
    {
        ui.add_space(corner.y);
        row = ui.available_width();
    }
    let text = score_text(score, out_of, complete);
    let tip = format!(
        "{text}: moves right at the first try, out of the moves the algorithm needs (or the \
         moves you made, when you made more: a larger cluster than Fine-Grain's). Click: \
         every verdict since the board was set"
    );
    ui.horizontal_wrapped(|ui| {
        ui.set_max_width(row);
        // Each caption whole: a button that does not fit goes onto the next row (in a narrow
        // band at 200 % type "Show me" stood as "Show" over "me").
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        ui.label(RichText::new("Your turn").strong());
        // Once complete, the board has no next move to play, hint or show.
        let open = !complete;
        if let Some(caption) = ex.submit_caption()
            && playable_unless(
                ui,
                open,
                caption,
                "Grade and play the move you planned",
                ex.submit_blocked(),
            )
        {
            let g = ex.submit();
            band.moved(ex, g, false);
        }
        if playable(
            ui,
            open,
            HINT,
            "The rule that decides the next move, or its next sub-step",
        ) {
            band.hint = Some(ex.hint());
            band.fresh = true;
            band.log(Kind::Hint, None);
        }
        if playable(
            ui,
            open,
            SHOW_ME,
            "Play the algorithm's move (it does not count as a first try)",
        ) {
            let g = ex.show_me();
            band.moved(ex, g, true);
        }
        if pressed(ui, UNDO, "Take back the last move") && ex.undo() {
            band.took_back();
            band.log(Kind::Undo, None);
        }
        if pressed(
            ui,
            RESTART,
            "Set the board afresh: the score stays, and a step already tried or shown is no \
             longer a first try",
        ) {
            ex.restart();
            band.restarted();
            band.log(Kind::Restart, None);
        }
        if !column {
            // A slot of fixed width: the row wraps the same way whatever the score reads; the
            // score at its left, so that on a line of its own it lines up with the buttons.
            let h = ui.spacing().interact_size.y;
            let left = egui::Layout::left_to_right(egui::Align::Center);
            ui.allocate_ui_with_layout(egui::vec2(SCORE_WIDTH.min(row), h), left, |ui| {
                ui.set_min_width(SCORE_WIDTH.min(row));
                let r = ui.add(egui::Button::new(text.clone()).truncate());
                score_popup(&r.on_hover_text(&tip), band);
            });
        }
    });
    if column {
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        let (rect, _) = ui.allocate_exact_size(egui::vec2(row, 2.0 * line), egui::Sense::hover());
        let mut slot = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(rect)
                .layout(egui::Layout::top_down(egui::Align::Min)),
        );
        let r = slot.add(egui::Button::new(text).wrap());
        score_popup(&r.on_hover_text(tip), band);
    }
}

/// The prompt, then the newest message — the hint asked for since the last move, or else that
/// move's verdict — in a room `height` tall (across the picture: [`MESSAGE_LINES`] lines) that
/// keeps its height whatever they say, so that the picture under it stays put. The prompt (the
/// task) never scrolls away; one message at a time keeps the newest whole on a projector, and
/// a message longer than what is left scrolls inside its own part of the room.
fn messages(ui: &mut Ui, ex: &dyn Exercise, band: &mut Band, height: f32) {
    let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let said = masker(ui.ctx());
    let prompt = said(ex.prompt());
    describe::record(ui.ctx(), format!("{DESCRIBED}{prompt}"));
    // Taller where the prompt leaves less than two lines (large type in a narrow band): the
    // newest message ran over the board under the room. The prompt stays as the moves go on,
    // and the room's height with it.
    let width = ui.available_width();
    let prompt_height = egui::WidgetText::from(prompt.as_str())
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Wrap),
            width,
            egui::TextStyle::Body,
        )
        .size()
        .y;
    let size = egui::vec2(width, height.max(prompt_height + 2.0 * line));
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let mut room = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    room.label(prompt);
    // Whole rows of the message: a room cut mid-row showed the top half of its last line
    // (li's "L_3 = 0.01061 is too lit…" cut through by the chart's Zoom row).
    let row = ui.text_style_height(&egui::TextStyle::Body);
    let left = ((rect.bottom() - room.cursor().top()) / row).floor() * row;
    let left = left.max(line);
    let newest = match (&band.hint, &band.last) {
        (Some(h), _) => Some(RichText::new(said(format!("Hint: {h}"))).italics()),
        (None, Some(g)) => {
            let c = verdict_color(&room, g, band.shown);
            Some(RichText::new(said(verdict(g, band.shown))).color(c))
        }
        // Before the first move the room says what it is for, rather than standing empty (on
        // the screen: a printed board has no moves to come).
        (None, None) if crate::ui::frame::exporting(ui.ctx()) => None,
        (None, None) if band.undone.is_some() => {
            let was = band.undone.as_deref().unwrap_or_default();
            Some(RichText::new(said(format!("Taken back — {was}"))).weak())
        }
        (None, None) => Some(
            RichText::new("Each move's verdict, and each hint asked for, is shown here.").weak(),
        ),
    };
    if let Some(text) = newest {
        describe::record(ui.ctx(), text.text());
        let fresh = std::mem::take(&mut band.fresh);
        egui::ScrollArea::vertical()
            .id_salt("exercise messages")
            .max_height(left)
            // (Never taller than the room: egui's least height, 64 points, ran past it where a
            // long prompt left less — on a phone over the buttons under it, in 200 % type over
            // the grid's step numbers.)
            .min_scrolled_height(left)
            .auto_shrink([false, false])
            .show_clipped(&mut room, |ui| {
                let r = ui.label(text);
                // A live region: a screen reader reads each verdict and hint out.
                crate::ui::widgets::access::live(ui.ctx(), r.id);
                if fresh {
                    r.scroll_to_me(Some(egui::Align::Min));
                }
            });
    }
    band.fresh = false;
}

/// The score's button opens the band's [`history`].
fn score_popup(score: &egui::Response, band: &Band) {
    egui::Popup::from_toggle_button_response(score)
        .width(360.0)
        .show(|ui| history(ui, band));
}

/// The band's messages since the board was set, the newest first, in the score's popup (an
/// accepted wrong move's verdict was gone at the next move). Masked as the band is.
fn history(ui: &mut Ui, band: &Band) {
    let said = masker(ui.ctx());
    let newest = Past::of(band.last.clone(), band.shown, band.undone.clone());
    let all: Vec<&Past> = newest.iter().chain(band.earlier.iter().rev()).collect();
    if all.is_empty() {
        ui.label(RichText::new("No move yet: each move's verdict is listed here.").weak());
        return;
    }
    ui.label(RichText::new("Your moves' verdicts, the latest first").strong());
    egui::ScrollArea::vertical()
        .id_salt("exercise history")
        .max_height(ui.ctx().content_rect().height() * 0.5)
        .show(ui, |ui| {
            for p in all {
                let text = match p {
                    Past::Verdict(g, shown) => {
                        let c = verdict_color(ui, g, *shown);
                        RichText::new(said(verdict(g, *shown))).color(c)
                    }
                    Past::TakenBack(was) => {
                        RichText::new(said(format!("Taken back — {was}"))).weak()
                    }
                };
                ui.add(egui::Label::new(text).wrap());
            }
        });
}

/// What masks an open question's answer on the shown run out of the exercise's words (a
/// quiz's Show me loads its instance: Algorithm 3's prompt states Lemma 6's rounds left, the
/// rounds a quiz asks).
fn masker(ctx: &egui::Context) -> impl Fn(String) -> String + use<> {
    let secret = crate::ui::frame::secret(ctx).filter(|s| s.on_shown_run);
    move |text: String| match &secret {
        Some(s) => s.mask(&text),
        None => text,
    }
}

/// Draws the exercise in `ui` (the picture region): the band, then the model's picture. The
/// band keeps its height whatever its messages say, so the picture's controls (Balance, the
/// grid's cells, the tree's nodes) stay under the pointer from one click to the next.
pub fn show(ui: &mut Ui, ex: &mut dyn Exercise, band: &mut Band) {
    // (The room as far as the region shows it: its clip may end before its rect.)
    let mut room = ui.available_size();
    room.y = room.y.min(ui.clip_rect().bottom() - ui.cursor().top());
    let beside = ex
        .beside(ui, room)
        .filter(|w| room.x - w - ui.spacing().item_spacing.x >= BAND_MIN_WIDTH);
    if let Some(width) = beside {
        show_beside(ui, ex, band, room, width);
    } else {
        let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        focus::land(ui, Landing::Exercise);
        buttons(ui, ex, band, false);
        // (Two points to spare: at some zooms a wrapped line is a fraction of a point taller
        // than the style's height, and a verdict of exactly the lines left would scroll.)
        messages(ui, ex, band, line * MESSAGE_LINES + 2.0);
        draw_board(ui, ex, band);
    }
    if let Some(g) = ex.take_clicked() {
        band.moved(ex, Some(g), false);
    }
}

/// The picture in a column `width` wide at the left of `room`, the band in a column beside it
/// (under the figure's corner buttons): the buttons, then the prompt and the newest message in
/// the column's whole height, so that the picture keeps the room's height.
fn show_beside(ui: &mut Ui, ex: &mut dyn Exercise, band: &mut Band, room: egui::Vec2, width: f32) {
    let (rect, _) = ui.allocate_exact_size(room, egui::Sense::hover());
    let gap = ui.spacing().item_spacing.x;
    let (left, right) = rect.split_left_right_at_x(rect.left() + width);
    let right = right.with_min_x(right.left() + gap);
    let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
    ui.painter()
        .vline(right.left() - 0.5 * gap, rect.y_range(), stroke);
    let column = |ui: &mut Ui, r: egui::Rect| {
        let mut c = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(r)
                .layout(egui::Layout::top_down(egui::Align::Min)),
        );
        c.set_clip_rect(r.intersect(ui.clip_rect()));
        c
    };
    // The band first: a move it plays (Send, Show me) is on the picture in the same frame.
    let mut side = column(ui, right);
    side.add_space(crate::ui::widgets::corner::corner_size(&side).y);
    focus::land(&side, Landing::Exercise);
    buttons(&mut side, ex, band, true);
    let rest = right.bottom() - side.cursor().top();
    messages(&mut side, ex, band, rest);
    draw_board(&mut column(ui, left), ex, band);
}

/// The board the student moves on, its words recorded for Describe (masked as the band is).
fn draw_board(ui: &mut Ui, ex: &mut dyn Exercise, band: &Band) {
    focus::land(ui, Landing::Picture);
    describe::record(ui.ctx(), masker(ui.ctx())(ex.board()));
    ui.scope(|ui| {
        // A handed-in attempt being replayed is the student's: nothing on its board plays,
        // and it keeps its colours to be read (the band's greyed buttons say why).
        if crate::ui::frame::replaying(ui.ctx()) {
            let opacity = ui.opacity();
            ui.disable();
            ui.set_opacity(opacity);
        }
        ex.picture(ui, band.last.as_ref());
    });
}

/// Plays `log` on the exercise from its start (an opened attempt's step bar): the band shows
/// the last entry's verdict and holds `log`.
pub fn replay(ex: &mut dyn Exercise, band: &mut Band, log: &[Entry]) {
    ex.fresh();
    *band = Band::default();
    for e in log {
        match e.kind {
            Kind::Move => {
                let g = e.mv.as_ref().and_then(|m| ex.play_logged(m));
                band.graded(g, false);
            }
            Kind::ShowMe => {
                let g = ex.show_me();
                band.graded(g, true);
            }
            Kind::Undo => {
                if ex.undo() {
                    band.took_back();
                }
            }
            Kind::Hint => {}
            Kind::Restart => {
                ex.restart();
                band.restarted();
            }
        }
    }
    band.log = log.to_vec();
    band.started = log
        .iter()
        .rev()
        .find_map(|e| e.t)
        .map(crate::platform::clock::ago);
}

/// The picture region in exercise mode: the exercise, or why these parameters make none.
pub fn region(ui: &mut Ui, ex: Option<Result<(&mut dyn Exercise, &mut Band), String>>) {
    match ex {
        Some(Ok((ex, band))) => show(ui, ex, band),
        Some(Err(why)) => {
            ui.label(RichText::new("Your turn").strong());
            // The model's reason names the CLI's flag ("--h: …"): here it is the control's.
            let why = why.strip_prefix("--").unwrap_or(&why);
            let said = format!("No exercise on this instance: {why}");
            describe::record(ui.ctx(), format!("{DESCRIBED}{said}"));
            ui.label(said);
        }
        None => {
            let said = "This model has no exercise yet.";
            describe::record(ui.ctx(), format!("{DESCRIBED}{said}"));
            ui.label(said);
        }
    }
}

/// A workspace's exercise, made again whenever its parameters (`K`) change.
pub struct Slot<K, T> {
    made: Option<(K, Result<T, String>)>,
    band: Band,
    /// The last exercise left with moves played, and its band: back on its parameters it is
    /// as it was left (a quiz's Show me put another ring on the lesson's exercise step, and
    /// the lesson's moves were gone when the step came back).
    left: Option<Left<K, T>>,
}

/// An exercise left: its parameters, itself and its band.
type Left<K, T> = (K, Result<T, String>, Band);

impl<K, T> Default for Slot<K, T> {
    fn default() -> Self {
        Slot {
            made: None,
            band: Band::default(),
            left: None,
        }
    }
}

impl<K: PartialEq + Clone, T: Exercise + 'static> Slot<K, T> {
    /// The band of the exercise made for `key`, if one was (none is made).
    pub fn kept(&self, key: &K) -> Option<&Band> {
        matches!(&self.made, Some((k, Ok(_))) if k == key).then_some(&self.band)
    }

    /// The exercise for `key` (made by `make` when the key changed), with its band.
    pub fn get(
        &mut self,
        key: &K,
        make: impl FnOnce(&K) -> Result<T, String>,
    ) -> Result<(&mut dyn Exercise, &mut Band), String> {
        if self.made.as_ref().is_none_or(|(k, _)| k != key) {
            let back = self.left.take_if(|(k, _, _)| k == key);
            let band = std::mem::take(&mut self.band);
            let old = self.made.take().map(|(k, t)| (k, t, band));
            if let Some(old) = old.filter(|(_, _, b)| !b.log.is_empty()) {
                self.left = Some(old);
            }
            (self.made, self.band) = match back {
                Some((k, t, band)) => (Some((k, t)), band),
                None => (Some((key.clone(), make(key))), Band::default()),
            };
        }
        let Slot { made, band, .. } = self;
        match made {
            Some((_, Ok(t))) => Ok((t as &mut dyn Exercise, band)),
            Some((_, Err(e))) => Err(e.clone()),
            None => Err("no exercise".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::exercise::treesweep::INEQUALITY_4;

    /// A verdict names the step in the paper's words, as the lesson does, not by its file
    /// name.
    #[test]
    fn a_verdict_names_the_rule_in_the_papers_words() {
        let g = Grade::legal(Some(INEQUALITY_4), "why".into(), true);
        assert_eq!(
            verdict(&g, false),
            "Legal, but not the algorithm's move (inequality (4)): why"
        );
    }

    /// The head names the rule only when the reason does not open with it.
    #[test]
    fn a_verdict_names_the_rule_once() {
        use crate::model::exercise::treesweep::BASE;
        let why = "Step 1.1: processor 0 starts with the leftmost leaf, node 16, at time 0; you \
                   chose node 17";
        let g = Grade::legal(Some(BASE), why.into(), true);
        assert_eq!(
            verdict(&g, false),
            format!("Legal, but not the algorithm's move: {why}")
        );
    }

    /// A ring round's verdict says "legal" once: the head says it, the model's reason does
    /// not again (it read "Legal, but not the algorithm's move (progress): legal, but Lemma
    /// 6's bound rises from 2 to 3 rounds: …"), whether the round was the student's or Show
    /// me's.
    #[test]
    fn a_ring_rounds_verdict_says_legal_once() {
        use crate::model::exercise::redistribute::RingExercise;
        use crate::model::redistribute::instance::{Direction, RingInstance};
        let inst = RingInstance::homogeneous(vec![2, 1, 1, -2, -2], Direction::Bi, 1.0);
        let mut ex = RingExercise::new(&inst).unwrap();
        // P4 → P3: legal, but Lemma 6's bound rises from 2 to 3.
        let wrong = ex.play(&[(4, 3)]).grade;
        // P1 → P5 and P3 → P4: the algorithm's round from there.
        let right = ex.play(&[(1, 5), (3, 4)]).grade;
        for (g, shown) in [(&wrong, false), (&right, false), (&right, true)] {
            let v = verdict(g, shown).to_lowercase();
            assert!(v.matches("legal").count() <= 1, "{v}");
        }
        assert!(!wrong.optimal && right.optimal, "{wrong:?} {right:?}");
        assert!(
            verdict(&wrong, false).contains("rises from 2 to 3 rounds; "),
            "{}",
            verdict(&wrong, false)
        );
    }
}
