//! Step / play control: first, back, play/pause, forward, last, a scrubber
//! slider and a speed setting.
//!
//! The pure state machine lives in [`StepState`]; [`step_bar`] draws the
//! controls and drives playback from the frame time.
//!
//! Button captions only use glyphs present in egui's *default* fonts
//! (`«`, `‹`, `›`, `»`; the media glyphs `⏮ ⏭ ⏸ ▶ ◀` are not in the default
//! proportional font and would make `egui_kittest` panic on missing glyphs).
//! The captions are exported as constants so tests can find the buttons with
//! `get_by_label`.

use eframe::egui;
use serde::{Deserialize, Serialize};

/// Caption (and accessible name) of the "first step" button.
pub const LABEL_FIRST: &str = "« First";
/// Caption (and accessible name) of the "step back" button.
pub const LABEL_BACK: &str = "‹ Back";
/// Caption (and accessible name) of the play button (shown while paused).
pub const LABEL_PLAY: &str = "Play";
/// Caption (and accessible name) of the pause button (shown while playing).
pub const LABEL_PAUSE: &str = "Pause";
/// Caption (and accessible name) of the "step forward" button.
pub const LABEL_FORWARD: &str = "Forward ›";
/// Caption (and accessible name) of the "last step" button.
pub const LABEL_LAST: &str = "Last »";
/// Text of the scrubber slider.
pub const LABEL_STEP: &str = "Step";
/// Text of the label attached to the speed drag value.
pub const LABEL_SPEED: &str = "Speed";

/// Smallest playback speed offered by the UI, in steps per second.
pub const MIN_SPEED: f32 = 0.25;
/// Largest playback speed offered by the UI, in steps per second.
pub const MAX_SPEED: f32 = 50.0;
/// Default playback speed, in steps per second.
pub const DEFAULT_SPEED: f32 = 2.0;

/// Longest frame time (seconds) fed into [`StepState::tick`] by [`step_bar`],
/// so that a stall (e.g. the window was hidden) does not skip many steps.
const MAX_FRAME_DT: f32 = 0.5;

/// State of a step/play control.
///
/// Valid steps are `0..n`, where `n` is the number of steps passed to each
/// method; with `n == 0` the step stays at 0 and nothing plays.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StepState {
    /// Current step (0-based).
    pub step: usize,
    /// Whether playback is running.
    pub playing: bool,
    /// Playback speed in steps per second.
    pub speed: f32,
    /// Fraction of a step accumulated since the last advance.
    #[serde(skip)]
    pub accum: f32,
    /// The view shows a run whose end answers an open question (li step 5's method P, its
    /// end T_P beside T_Q shown, the question T_P/T_Q): the bar waits at the start for Reveal,
    /// as under the shell's hold ([`crate::ui::frame::reveal::Reveal::held`]). Set by the
    /// view each frame before the bar is drawn.
    #[serde(skip)]
    pub hold: bool,
}

/// Equal when the persisted parts are (the fraction of a step accumulated during playback is
/// not view state).
impl PartialEq for StepState {
    fn eq(&self, other: &Self) -> bool {
        (self.step, self.playing, self.speed) == (other.step, other.playing, other.speed)
    }
}

impl Default for StepState {
    fn default() -> Self {
        Self {
            step: 0,
            playing: false,
            speed: DEFAULT_SPEED,
            accum: 0.0,
            hold: false,
        }
    }
}

/// Index of the last valid step for `n` steps (0 when there are none).
fn last_index(n: usize) -> usize {
    n.saturating_sub(1)
}

impl StepState {
    /// Jump to the first step.
    pub fn first(&mut self) {
        self.step = 0;
        self.accum = 0.0;
    }

    /// Waits at position `rest` of `n` steps (the last, if `rest` is past it) for an open
    /// question's Reveal: not playing.
    pub fn hold_at(&mut self, rest: usize, n: usize) {
        self.first();
        self.step = rest.min(last_index(n));
        self.playing = false;
    }

    /// Jump to the last of `n` steps and stop playing.
    pub fn last(&mut self, n: usize) {
        self.step = last_index(n);
        self.playing = false;
        self.accum = 0.0;
    }

    /// Advance one step, stopping at the last of `n` steps.
    pub fn forward(&mut self, n: usize) {
        self.step = (self.step + 1).min(last_index(n));
        self.accum = 0.0;
    }

    /// Go back one step, stopping at step 0.
    pub fn back(&mut self) {
        self.step = self.step.saturating_sub(1);
        self.accum = 0.0;
    }

    /// Start or pause playback.
    ///
    /// Starting while on the last step restarts from step 0. With fewer than
    /// two steps there is nothing to play and playback stays off.
    pub fn toggle_play(&mut self, n: usize) {
        if self.playing {
            self.playing = false;
        } else if n >= 2 {
            if self.step >= last_index(n) {
                self.step = 0;
            }
            self.playing = true;
        }
        self.accum = 0.0;
    }

    /// Bring the state back into range for `n` steps (e.g. after the model
    /// changed): clamps the step, and stops playing if the end is reached.
    pub fn clamp(&mut self, n: usize) {
        let last = last_index(n);
        if self.step >= last {
            self.step = last;
            self.playing = false;
        }
        if !self.speed.is_finite() {
            self.speed = DEFAULT_SPEED;
        }
    }

    /// Advance while playing using `dt` seconds; stops at the last step.
    ///
    /// Moves by `floor(accum + speed * dt)` steps, keeping the fractional
    /// remainder for the next call. Returns `true` if the step changed.
    pub fn tick(&mut self, dt: f32, n: usize) -> bool {
        if !self.playing {
            return false;
        }
        let last = last_index(n);
        if self.step >= last {
            self.step = last;
            self.playing = false;
            self.accum = 0.0;
            return false;
        }
        let rate = if self.speed.is_finite() {
            self.speed.max(0.0)
        } else {
            DEFAULT_SPEED
        };
        let dt = if dt.is_finite() { dt.max(0.0) } else { 0.0 };
        self.accum += rate * dt;
        if !self.accum.is_finite() {
            self.accum = 0.0;
        }
        let whole = self.accum.floor();
        if whole < 1.0 {
            return false;
        }
        self.accum -= whole;
        // `as` saturates for huge values; `min` keeps us in range.
        let advance = whole as usize;
        let before = self.step;
        self.step = self.step.saturating_add(advance).min(last);
        if self.step >= last {
            self.playing = false;
            self.accum = 0.0;
        }
        self.step != before
    }
}

/// Size of the step caption relative to body text: readable from the back of a lecture room.
pub const CAPTION_SCALE: f32 = 1.4;
/// Lines of the step caption always reserved, so that stepping between a one-line and a
/// two-line caption does not move the picture under it.
const CAPTION_LINES: usize = 2;
/// The mark of each line of a step's caption, its headline and its detail
/// ([`super::marks::record`]).
pub const CAPTION_MARK: &str = "step-caption";
/// Width of the speed box (fits "50.00 steps/s"), fixed so the bar never reflows.
const SPEED_WIDTH: f32 = 96.0;

/// Width of the widest of `captions` as a button, so the button keeps its width whichever
/// caption it shows.
fn button_width(ui: &egui::Ui, captions: &[&str]) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let color = ui.visuals().text_color();
    let text = captions
        .iter()
        .map(|c| {
            ui.painter()
                .layout_no_wrap((*c).to_owned(), font.clone(), color)
                .size()
                .x
        })
        .fold(0.0f32, f32::max);
    text + 2.0 * ui.spacing().button_padding.x
}

/// Draw the step/play bar and drive playback.
///
/// * `n_steps` — number of steps (valid steps are `0..n_steps`).
/// * `label` — describes a step in a few words (e.g. `|s| format!("t = {}", times[s])`), shown
///   when hovering the scrubber; only called with valid steps, and not at all if
///   `n_steps == 0`. The full sentence goes under the bar with [`step_caption`].
///
/// Nothing in the bar changes size with the state: Play and Pause share one width, the speed
/// box and the position text have fixed widths, and the scrubber takes the rest of its row,
/// so the bar never reflows while playing or scrubbing.
///
/// While playing this ticks with the frame's `stable_dt` and requests a
/// repaint. Returns `true` if the step changed this frame (by playback or by
/// the user).
pub fn step_bar(
    ui: &mut egui::Ui,
    state: &mut StepState,
    n_steps: usize,
    label: &dyn Fn(usize) -> String,
) -> bool {
    let before = state.step;
    state.clamp(n_steps);
    // An exported figure is the picture without its controls.
    if crate::ui::frame::exporting(ui.ctx()) {
        return false;
    }
    // An open question on how the run ends: the bar waits for Reveal at its position (the
    // start, or the lesson step's own; also undoing a key's step), greyed, saying why; what
    // is drawn after it stays live.
    let held = held(ui, state);
    if held {
        let rest = if state.hold {
            0
        } else {
            crate::ui::frame::reveal::Reveal::of(ui.ctx()).rest
        };
        state.hold_at(rest, n_steps);
    }
    if state.playing {
        let dt = ui.input(|i| i.stable_dt).min(MAX_FRAME_DT);
        state.tick(dt, n_steps);
        if state.playing {
            ui.ctx().request_repaint();
        }
    }
    ui.add_enabled_ui(!held, |ui| controls(ui, state, n_steps, label));
    state.step != before
}

/// The step bar's rows: on the stage one, else the buttons with the speed box, then the
/// scrubber.
fn controls(
    ui: &mut egui::Ui,
    state: &mut StepState,
    n_steps: usize,
    label: &dyn Fn(usize) -> String,
) {
    if crate::ui::frame::on_stage(ui.ctx()) {
        // On the stage one row: the buttons by their glyphs (named in full for the
        // accessibility tree and the tests), the position and the scrubber; no speed box.
        // Where the scrubber's least width is not left beside the buttons (a Compare half),
        // it takes a row of its own rather than running out of the picture.
        // (Rows of their own in any parent: in a horizontal one, a phone's picture held on
        // its side, the scrubber's row went beside the buttons, out of the pane.)
        ui.vertical(|ui| {
            let beside = ui
                .horizontal(|ui| {
                    tighten_if_narrow(ui);
                    buttons(ui, state, n_steps, true);
                    let fits = ui.available_width() >= scrubber_least(ui, n_steps);
                    if fits {
                        scrubber(ui, state, n_steps, label);
                    }
                    fits
                })
                .inner;
            if !beside {
                ui.horizontal(|ui| scrubber(ui, state, n_steps, label));
            }
        });
        return;
    }
    let speed = ui.horizontal_wrapped(|ui| {
        buttons(ui, state, n_steps, false);
        // The speed group moves to a row of its own when it does not fit: a nested group
        // does not wrap by itself and would run out of the picture (widening everything
        // under it).
        let font = egui::TextStyle::Body.resolve(ui.style());
        let color = ui.visuals().text_color();
        let speed_width = ui
            .painter()
            .layout_no_wrap(LABEL_SPEED.to_owned(), font, color)
            .size()
            .x
            + ui.spacing().item_spacing.x
            + SPEED_WIDTH;
        // (In a wrapping row `available_width` is the whole row's, not what is left of it.)
        let left = ui.max_rect().right() - ui.cursor().min.x;
        if left < speed_width + 2.0 * ui.spacing().item_spacing.x + 1.0 {
            ui.end_row();
        } else {
            ui.separator();
        }
        ui.horizontal(|ui| speed(ui, state)).inner
    });
    ui.horizontal(|ui| scrubber(ui, state, n_steps, label));
    // A speed typed beyond its range says so under the bar (nothing in the bar moves).
    super::slider::field_notes(ui, &[speed.inner]);
}

/// Closes up the stage's buttons where they would not fit their row at the usual spacing
/// (a Compare pane on a phone, about 160 points for 165 points of buttons: the row widened
/// the picture under it past its room).
fn tighten_if_narrow(ui: &mut egui::Ui) {
    let glyphs: f32 = [LABEL_FIRST, LABEL_BACK, LABEL_FORWARD, LABEL_LAST]
        .iter()
        .map(|l| button_width(ui, &[glyph(l)]))
        .sum();
    let need = glyphs + button_width(ui, &[LABEL_PLAY, LABEL_PAUSE]);
    let room = ui.available_width();
    if room >= need + 4.0 * ui.spacing().item_spacing.x {
        return;
    }
    // Closer first; the buttons' padding only if that is not enough (a finger's target).
    ui.spacing_mut().item_spacing.x = 3.0;
    if room < need + 12.0 {
        ui.spacing_mut().button_padding.x = 2.0;
    }
}

/// Whether the step bar of `state` waits for an open question's Reveal
/// ([`crate::ui::frame::reveal::HELD`]): the shell's hold or the view's own ([`StepState::hold`]).
fn held(ui: &egui::Ui, state: &StepState) -> bool {
    state.hold || crate::ui::frame::reveal::Reveal::of(ui.ctx()).held
}

/// `r`, saying why it is greyed while the bar waits for Reveal (`held`).
fn why_held(held: bool, r: egui::Response) -> egui::Response {
    if held {
        r.on_disabled_hover_text(crate::ui::frame::reveal::HELD)
    } else {
        r
    }
}

/// A button captioned `caption` (its glyph on the stage, `short`) and named `name` (its full
/// caption) in the accessibility tree.
fn named(
    ui: &mut egui::Ui,
    (enabled, held): (bool, bool),
    name: &str,
    short: bool,
) -> egui::Response {
    let caption = if short { glyph(name) } else { name };
    let r = ui.add_enabled(enabled, egui::Button::new(caption));
    if short {
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, name));
    }
    why_held(held, r)
}

/// A button's short caption: the glyph of its name (`›` of [`LABEL_FORWARD`]).
pub fn glyph(name: &str) -> &str {
    name.split(' ')
        .find(|w| w.chars().count() == 1)
        .unwrap_or(name)
}

/// First, Back, Play / Pause (one width for both), Forward, Last (`short`: by their glyphs).
fn buttons(ui: &mut egui::Ui, state: &mut StepState, n_steps: usize, short: bool) {
    let has_steps = n_steps > 0;
    let last = last_index(n_steps);
    let play_width = button_width(ui, &[LABEL_PLAY, LABEL_PAUSE]);
    let held = held(ui, state);
    let not_first = (has_steps && state.step > 0, held);
    let not_last = (has_steps && state.step < last, held);
    if named(ui, not_first, LABEL_FIRST, short)
        .on_hover_text("First step (Home)")
        .clicked()
    {
        state.first();
    }
    if named(ui, not_first, LABEL_BACK, short)
        .on_hover_text("Step back (←)")
        .clicked()
    {
        state.back();
    }
    let (caption, hover) = if state.playing {
        (LABEL_PAUSE, "Pause playback (Space)")
    } else {
        (LABEL_PLAY, "Play through the steps (Space)")
    };
    let play = egui::Button::new(caption).min_size(egui::vec2(play_width, 0.0));
    if ui
        .add_enabled(n_steps >= 2, play)
        .on_hover_text(hover)
        .clicked()
    {
        state.toggle_play(n_steps);
        if state.playing {
            ui.ctx().request_repaint();
        }
    }
    if named(ui, not_last, LABEL_FORWARD, short)
        .on_hover_text("Step forward (→)")
        .clicked()
    {
        state.forward(n_steps);
    }
    if named(ui, not_last, LABEL_LAST, short)
        .on_hover_text("Last step: the end state (End)")
        .clicked()
    {
        state.last(n_steps);
    }
}

/// The playback speed box (fixed width).
fn speed(ui: &mut egui::Ui, state: &mut StepState) -> egui::Response {
    let speed_label = ui.label(LABEL_SPEED);
    let height = ui.spacing().interact_size.y;
    let range = MIN_SPEED..=MAX_SPEED;
    super::slider::placed_field(ui, LABEL_SPEED, &mut state.speed, range, |ui, field| {
        let field = field.speed(0.05).fixed_decimals(2).suffix(" steps/s");
        ui.add_sized([SPEED_WIDTH, height], field)
    })
    .labelled_by(speed_label.id)
    .on_hover_text("Playback speed in steps per second")
}

/// The position ("3/12", right-aligned in a box as wide as its widest value) and the
/// scrubber taking the rest of the row.
/// The least slider of the scrubber, in points.
const SLIDER_LEAST: f32 = 60.0;
/// The least slider of a scrubber in a room narrower than [`scrubber_least`].
const SLIDER_NARROWEST: f32 = 24.0;

/// The widths of the scrubber's position ("12/12" at its widest, but never narrower than
/// "99/99") and of its "Step" caption. The least width keeps the slider in place from one
/// run to the next (a lesson's next step, on a run of 9 steps after one of 16, moved it
/// 22 points) and says nothing of a hidden run's length under a hundred steps (a box for
/// "16/16" beside "0/?" told the run took ten steps or more). (Not "999/999": on the stage,
/// with the drawer's Numbers open, the wider box pushed the step bar onto a second row.)
fn scrubber_texts(ui: &egui::Ui, n_steps: usize) -> (f32, f32) {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let color = ui.visuals().text_color();
    let last = last_index(n_steps);
    let width = |text: String| {
        ui.painter()
            .layout_no_wrap(text, font.clone(), color)
            .size()
            .x
    };
    (
        width(format!("{last}/{last}")).max(width("99/99".to_owned())),
        width(LABEL_STEP.to_owned()),
    )
}

/// The least width the scrubber takes whole: its position, the least slider, its caption.
fn scrubber_least(ui: &egui::Ui, n_steps: usize) -> f32 {
    let (widest, text) = scrubber_texts(ui, n_steps);
    let spacing = ui.spacing().item_spacing.x;
    widest + 4.0 + SLIDER_LEAST + text + 3.0 * spacing
}

fn scrubber(
    ui: &mut egui::Ui,
    state: &mut StepState,
    n_steps: usize,
    label: &dyn Fn(usize) -> String,
) {
    let has_steps = n_steps > 0;
    let last = last_index(n_steps);
    let (widest, text) = scrubber_texts(ui, n_steps);
    let height = ui.spacing().interact_size.y;
    // An open question about the run's length sees "?" for it, and so does a hidden future:
    // a run's length is how it ends (a makespan, its rounds).
    let hidden = held(ui, state)
        || crate::ui::frame::reveal::Reveal::of(ui.ctx())
            .at(state.step, n_steps)
            .hiding();
    ui.allocate_ui_with_layout(
        egui::vec2(widest + 4.0, height),
        egui::Layout::right_to_left(egui::Align::Center),
        |ui| {
            ui.set_min_width(widest + 4.0);
            if has_steps {
                let position = if hidden {
                    format!("{}/{}", state.step, crate::ui::frame::HIDDEN)
                } else {
                    format!("{}/{last}", state.step)
                };
                ui.label(crate::ui::frame::masked(ui.ctx(), &position));
            } else {
                ui.weak("—");
            }
        },
    );
    let mut step = state.step;
    let spacing = ui.spacing().item_spacing.x;
    // (In a room narrower than the least scrubber, a Compare pane on a phone, the slider
    // gives way rather than widen the picture under it past the pane.)
    ui.spacing_mut().slider_width =
        (ui.available_width() - text - 2.0 * spacing).max(SLIDER_NARROWEST);
    // Hidden, the track ends one step ahead (a hidden future holds at least one more step:
    // hiding ends at the last; a held bar does not move), so neither the knob's place nor the
    // range a screen reader announces tells the run's length.
    let end = if hidden { state.step + 1 } else { last };
    let slider = egui::Slider::new(&mut step, 0..=end)
        .text(LABEL_STEP)
        .integer()
        // The position is shown beside it; hiding the value box keeps the slider the
        // only widget named "Step" and its length fixed.
        .show_value(false);
    let hover = if has_steps {
        let text = format!("{} — drag to scrub through the steps", label(state.step));
        crate::ui::frame::masked(ui.ctx(), &text)
    } else {
        "no steps".to_owned()
    };
    let slider = ui.add_enabled(has_steps, slider).on_hover_text(hover);
    if why_held(held(ui, state), slider).changed() {
        state.step = step.min(last);
        state.accum = 0.0;
    }
}

/// The caption of the current step under the step bar: `headline` in large type (wrapped,
/// always reserving two lines so stepping does not move what is below) and an optional
/// `detail` line in body text, one row (the whole of it on hover) but on a phone.
pub fn step_caption(ui: &mut egui::Ui, headline: &str, detail: Option<&str>) {
    step_caption_of(ui, headline, detail, crate::ui::frame::Says::Free);
}

/// [`step_caption`] whose headline and detail write `says` (a caption that hid its
/// quantities by their keys says [`crate::ui::frame::Says::Names`]: no digit is masked).
pub fn step_caption_of(
    ui: &mut egui::Ui,
    headline: &str,
    detail: Option<&str>,
    says: crate::ui::frame::Says,
) {
    let body = egui::TextStyle::Body.resolve(ui.style()).size;
    let font = egui::FontId::proportional(body * CAPTION_SCALE);
    let line = ui.fonts_mut(|f| f.row_height(&font));
    let color = ui.visuals().strong_text_color();
    let stage = crate::ui::frame::on_stage(ui.ctx());
    let headline = crate::ui::frame::masked_as(ui.ctx(), says, headline);
    let detail = detail.map(|d| crate::ui::frame::masked_as(ui.ctx(), says, d));
    let detail = detail.as_deref();
    super::describe::record(ui.ctx(), &headline);
    if let Some(d) = detail {
        super::describe::record(ui.ctx(), d);
    }
    // On a projector's stage each line keeps to one row (the whole of it on hover), so the
    // picture under it keeps the room a second row would take at every step. A phone has no
    // hover (only a long press): there each line wraps to at most two rows, which are always
    // kept for it, so nothing under it moves from step to step. At a desk the headline wraps
    // in the two rows kept for it and the detail keeps to one (the divisible slot line grew
    // from one row to three while stepping, moving the Gantt chart under the pointer).
    let phone = crate::ui::frame::on_phone(ui.ctx());
    let cap = if phone {
        Some(CAPTION_LINES)
    } else {
        stage.then_some(1)
    };
    let detail_cap = if phone { cap } else { Some(1) };
    ui.vertical(|ui| {
        ui.set_min_height(cap.unwrap_or(CAPTION_LINES) as f32 * line);
        let text = egui::RichText::new(&headline).font(font).color(color);
        let r = caption_line(ui, text, cap);
        super::marks::record(ui.ctx(), CAPTION_MARK, r.rect);
        // A live region: a screen reader reads each step's caption out.
        super::access::live(ui.ctx(), r.id);
        if let Some(d) = detail.filter(|d| !d.is_empty()) {
            let body = ui.text_style_height(&egui::TextStyle::Body);
            ui.scope(|ui| {
                ui.set_min_height(detail_cap.unwrap_or(1) as f32 * body);
                let r = caption_line(ui, egui::RichText::new(d), detail_cap);
                super::marks::record(ui.ctx(), CAPTION_MARK, r.rect);
            });
        }
    });
}

/// One line of a step's caption: wrapped freely without a `cap`, else in at most that many
/// rows, what does not fit elided (the whole of it on hover and for a screen reader).
fn caption_line(ui: &mut egui::Ui, text: egui::RichText, cap: Option<usize>) -> egui::Response {
    match cap {
        None => ui.add(egui::Label::new(text).wrap()),
        Some(1) => ui.add(egui::Label::new(text).truncate()),
        Some(rows) => {
            let valign = ui.text_valign();
            let job = egui::WidgetText::from(text).into_layout_job(
                ui.style(),
                egui::FontSelection::Default,
                valign,
            );
            let mut job = std::sync::Arc::unwrap_or_clone(job);
            job.wrap.max_rows = rows;
            job.wrap.overflow_character = Some('…');
            ui.add(egui::Label::new(job).wrap())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A state at `step`, playing or not, at the default speed.
    fn at(step: usize, playing: bool) -> StepState {
        StepState {
            step,
            playing,
            ..Default::default()
        }
    }

    /// A state at step 0, paused, at `speed` steps per second.
    fn with_speed(speed: f32) -> StepState {
        StepState {
            speed,
            ..Default::default()
        }
    }

    #[test]
    fn default_state() {
        let s = StepState::default();
        assert_eq!(s.step, 0);
        assert!(!s.playing);
        assert_eq!(s.speed, DEFAULT_SPEED);
    }

    #[test]
    fn forward_clamps_at_last() {
        let mut s = StepState::default();
        for _ in 0..10 {
            s.forward(3);
        }
        assert_eq!(s.step, 2);
        s.forward(0);
        assert_eq!(s.step, 0);
    }

    #[test]
    fn back_clamps_at_zero() {
        let mut s = at(2, false);
        s.back();
        s.back();
        s.back();
        assert_eq!(s.step, 0);
    }

    #[test]
    fn first_and_last() {
        let mut s = at(3, true);
        s.last(10);
        assert_eq!((s.step, s.playing), (9, false));
        s.first();
        assert_eq!(s.step, 0);
        s.last(0);
        assert_eq!(s.step, 0);
    }

    #[test]
    fn toggle_play_restarts_at_end_and_needs_two_steps() {
        let mut s = StepState::default();
        s.toggle_play(1);
        assert!(!s.playing);
        s.toggle_play(0);
        assert!(!s.playing);

        s.step = 4;
        s.toggle_play(5);
        assert_eq!((s.step, s.playing), (0, true));
        s.toggle_play(5);
        assert!(!s.playing);
    }

    #[test]
    fn clamp_brings_step_into_range() {
        let mut s = at(7, true);
        s.clamp(4);
        assert_eq!((s.step, s.playing), (3, false));
        s.clamp(0);
        assert_eq!(s.step, 0);
    }

    #[test]
    fn tick_advances_by_speed_times_dt() {
        let mut s = with_speed(2.0);
        s.toggle_play(100);
        // 2 steps/s * 0.25 s = half a step: no change yet.
        assert!(!s.tick(0.25, 100));
        assert_eq!(s.step, 0);
        // Another half step completes one step.
        assert!(s.tick(0.25, 100));
        assert_eq!(s.step, 1);
        // 2 steps/s * 1.5 s = 3 steps.
        assert!(s.tick(1.5, 100));
        assert_eq!((s.step, s.playing), (4, true));
    }

    #[test]
    fn tick_stops_at_end() {
        let mut s = with_speed(10.0);
        s.toggle_play(5);
        assert!(s.tick(10.0, 5));
        assert_eq!((s.step, s.playing), (4, false));
        assert!(!s.tick(1.0, 5));
        assert_eq!(s.step, 4);
    }

    #[test]
    fn tick_does_nothing_when_paused_or_empty() {
        let mut s = StepState::default();
        assert!(!s.tick(1.0, 10));
        assert_eq!(s.step, 0);
        s.playing = true;
        assert!(!s.tick(1.0, 0));
        assert_eq!((s.step, s.playing), (0, false));
    }

    #[test]
    fn tick_ignores_bad_dt() {
        let mut s = StepState::default();
        s.toggle_play(10);
        assert!(!s.tick(f32::NAN, 10));
        assert!(!s.tick(-5.0, 10));
        assert_eq!((s.step, s.playing), (0, true));
    }
}
