//! The slider every numeric parameter is set with: a rail (linear, or logarithmic where the
//! values span decades) beside a number that can be typed, in integer steps for integer
//! parameters, and clamped to the values the model accepts, so that no handle position and
//! nothing typed gives an invalid instance.
//!
//! A [`Span`] says which values the parameter may take (the model's valid range, computed
//! from the other parameters where it depends on them) and which part of them the rail
//! covers: a rail over ten decades is too coarse to aim with, so β's rail covers 10⁻²…10⁴
//! while any β the model accepts can still be typed. The value is clamped into the valid
//! range every time the slider is drawn, which also pulls a parameter back in when another
//! one it depends on moves (a divisible tree's height when its arity grows).

use std::cmp::Ordering;
use std::ops::RangeInclusive;

use egui::emath::Numeric;

use crate::model::num::NumError;
use crate::model::param::{ParamSpec, Spread};
use egui::{DragValue, Response, Slider, SliderClamping, Ui};

/// How values are spread along a slider's rail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// Evenly.
    Linear,
    /// Every decade gets the same length (for ranges spanning decades).
    Log,
}

/// Length of the rails in the controls, in points (set as the grid's `slider_width`, which
/// a slider's rail takes). Fixed rather than filling the row: a rail that grew with the room
/// would widen the panel that gives the room, frame after frame. The number comes after the
/// rail, so its width changing while the rail is dragged moves nothing.
pub const RAIL_WIDTH: f32 = 110.0;
/// Length of the rails in the stage's drawer (presenter mode at 1280×720 gives it about 300
/// points for caption, rail and number).
pub const STAGE_RAIL_WIDTH: f32 = 72.0;
/// Length of the rails in the settings above a plot, two to a row.
pub const COMPACT_RAIL_WIDTH: f32 = 64.0;
/// Width of the number beside the rail, unless it needs more (so that most rows line up).
const NUMBER_WIDTH: f32 = 56.0;
/// The shortest a rail gets where its row is short of room.
const RAIL_MIN: f32 = 48.0;

/// The values a parameter slider offers (see the module docs).
#[derive(Debug, Clone)]
pub struct Span<T> {
    valid: RangeInclusive<T>,
    rail: RangeInclusive<T>,
    scale: Scale,
    smallest_positive: Option<f64>,
    doubling: bool,
}

impl<T: Numeric> Span<T> {
    /// Every value of `valid` (both ends included), with a rail over all of them.
    pub fn new(valid: RangeInclusive<T>, scale: Scale) -> Self {
        Span {
            rail: valid.clone(),
            valid,
            scale,
            smallest_positive: None,
            doubling: false,
        }
    }

    /// Every value a parameter's descriptor accepts, on its rail and spread.
    pub fn of(spec: &ParamSpec) -> Self {
        let scale = match spec.spread {
            Spread::Linear => Scale::Linear,
            Spread::Log => Scale::Log,
        };
        let (lo, hi) = spec.range;
        let (rail_lo, rail_hi) = spec.rail;
        Span::new(T::from_f64(lo)..=T::from_f64(hi), scale)
            .rail(T::from_f64(rail_lo)..=T::from_f64(rail_hi))
    }

    /// [`Span::new`] on a linear rail.
    pub fn linear(valid: RangeInclusive<T>) -> Self {
        Span::new(valid, Scale::Linear)
    }

    /// [`Span::new`] on a logarithmic rail.
    pub fn log(valid: RangeInclusive<T>) -> Self {
        Span::new(valid, Scale::Log)
    }

    /// The rail covers only `rail` (as far as it lies within the valid values); the values
    /// beyond it are typed.
    pub fn rail(mut self, rail: RangeInclusive<T>) -> Self {
        self.rail = rail;
        self
    }

    /// On a logarithmic rail that starts at 0: the smallest positive value it shows apart
    /// from 0 (1 for integers unless set).
    pub fn smallest_positive(mut self, value: f64) -> Self {
        self.smallest_positive = Some(value);
        self
    }

    /// The arrow keys (and a screen reader's increment) step to the next power of two up or
    /// down, 0 below the smallest positive value: ℓ, whose lessons and plots read lg ℓ (egui's
    /// step of one point of rail went 2^18 → 500 000, and 2^14 or 2^18 could not be reached).
    pub fn doubling(mut self) -> Self {
        self.doubling = true;
        self
    }

    /// The lowest and highest valid values.
    pub fn valid(&self) -> (T, T) {
        (*self.valid.start(), *self.valid.end())
    }

    /// The ends of the rail: the rail asked for, within the valid values (all of them if the
    /// two do not meet).
    pub fn rail_ends(&self) -> (T, T) {
        let (lo, hi) = self.valid();
        let (a, b) = (*self.rail.start(), *self.rail.end());
        let a = if a > lo && a <= hi { a } else { lo };
        let b = if b < hi && b >= lo { b } else { hi };
        if a <= b { (a, b) } else { (lo, hi) }
    }

    /// `value` moved into the valid values (a NaN goes to the lowest).
    pub fn clamp(&self, value: T) -> T {
        let (lo, hi) = self.valid();
        match (value.partial_cmp(&lo), value.partial_cmp(&hi)) {
            (Some(Ordering::Less) | None, _) => lo,
            (_, Some(Ordering::Greater)) => hi,
            _ => value,
        }
    }
}

/// The rail's steps asked for this frame: the arrow keys while it has the focus, and a screen
/// reader's increment and decrement.
fn key_steps(ui: &Ui, rail: &Response) -> i32 {
    use egui::accesskit::Action;
    let focused = rail.has_focus();
    ui.input(|i| {
        let keys = if focused {
            i.num_presses(egui::Key::ArrowRight) as i32 - i.num_presses(egui::Key::ArrowLeft) as i32
        } else {
            0
        };
        let reader = i.num_accesskit_action_requests(rail.id, Action::Increment) as i32
            - i.num_accesskit_action_requests(rail.id, Action::Decrement) as i32;
        keys + reader
    })
}

/// Home (`Less`) or End (`Greater`) pressed while the rail has the focus: the rail's ends, as
/// a slider's Home and End are (they moved the timeline instead). The rail is remembered as
/// focused, so that the next frame's shortcuts leave the two keys to it ([`rail_focused`]).
fn end_key(ui: &Ui, rail: &Response) -> Option<Ordering> {
    if !rail.has_focus() {
        return None;
    }
    ui.ctx()
        .data_mut(|d| d.insert_temp(focused_rail_key(), rail.id));
    ui.input(|i| {
        let plain = i.modifiers.is_none();
        if plain && i.key_pressed(egui::Key::Home) {
            Some(Ordering::Less)
        } else if plain && i.key_pressed(egui::Key::End) {
            Some(Ordering::Greater)
        } else {
            None
        }
    })
}

fn focused_rail_key() -> egui::Id {
    egui::Id::unique("slider rail with the focus")
}

/// Whether a slider's rail has the keyboard focus: its Home and End are its own.
pub fn rail_focused(ctx: &egui::Context) -> bool {
    let rail = ctx.data(|d| d.get_temp::<egui::Id>(focused_rail_key()));
    rail.is_some() && ctx.memory(|m| m.focused()) == rail
}

/// `x` moved `steps` powers of two up (or down, when negative): from between two powers, the
/// first step lands on the nearer one in its direction; below `smallest` (a power of two) is 0.
fn doubled(x: f64, steps: i32, smallest: f64) -> f64 {
    let mut x = x;
    for _ in 0..steps.unsigned_abs() {
        x = if steps > 0 {
            if x < smallest {
                smallest
            } else {
                2f64.powf((x.log2() + 1e-9).floor() + 1.0)
            }
        } else if x <= smallest {
            0.0
        } else {
            2f64.powf((x.log2() - 1e-9).ceil() - 1.0)
        };
    }
    x
}

/// An open lower bound such as τ > 1: the smallest f64 above `bound`, the start of the
/// valid values.
pub fn above(bound: f64) -> f64 {
    bound.next_up()
}

/// The largest `x` in `lo..=hi` that `accepts`, for a test that holds up to some value and
/// fails beyond it (`lo` when it holds nowhere): the top of a range that depends on other
/// parameters, found with the model's own checks.
pub fn largest_accepted(lo: u64, hi: u64, accepts: impl Fn(u64) -> bool) -> u64 {
    if !accepts(lo) {
        return lo;
    }
    if accepts(hi) {
        return hi;
    }
    // Invariant: accepts(ok), !accepts(bad).
    let (mut ok, mut bad) = (lo, hi);
    while bad - ok > 1 {
        let mid = ok + (bad - ok) / 2;
        if accepts(mid) {
            ok = mid;
        } else {
            bad = mid;
        }
    }
    ok
}

/// A slider for `value` over `span`: the rail (as long as the ui's `slider_width`, see
/// [`RAIL_WIDTH`]), then the number, which can be dragged or clicked and typed (applied on
/// Enter or when it loses focus). The value is clamped into the span's valid values; the
/// response (the rail's, joined with the number's) says whether it changed. Name the rail
/// after its caption with [`egui::Response::labelled_by`] (as the parameter form's
/// `labelled` does); the number is named `name` followed by " (number)", so that only the rail carries
/// the caption's name.
pub fn slider<T: Numeric>(ui: &mut Ui, name: &str, value: &mut T, span: &Span<T>) -> Response {
    // An exported figure has no pointer: the value as text.
    if crate::ui::frame::exporting(ui.ctx()) {
        use crate::report::format::{Precision, number};
        let text = number(value.to_f64(), Precision::Readout);
        return ui.label(text);
    }
    let before = *value;
    *value = span.clamp(*value);
    // A value outside the span it came in with: another parameter narrowed it (h under a
    // larger b), and the clamp is said under the control as a typed number's would be.
    let narrowed = (*value != before).then(|| before.to_f64());
    let typed = Typed::default();
    let (lo, hi) = span.rail_ends();
    let log = span.scale == Scale::Log;
    let smallest = span
        .smallest_positive
        .unwrap_or(if T::INTEGRAL { 1.0 } else { 1e-6 });
    // The rail gives way where the row would run past what is visible (n = 2^30's number ran
    // 22 points under the edge of the first window's controls column): the number is read
    // whole, as wide as it was drawn last frame, and the rail keeps at least RAIL_MIN.
    let number_key = ui.scope_id().with(("slider number width", name));
    let number_width = super::flow::last_drawn(ui, number_key).unwrap_or(NUMBER_WIDTH);
    let right = ui.max_rect().right().min(ui.clip_rect().right());
    let room = right - ui.cursor().min.x - ui.spacing().item_spacing.x;
    let rail_width = ui
        .spacing()
        .slider_width
        .min(room - number_width)
        .max(RAIL_MIN);
    let mut response = within(ui, right, |ui| {
        ui.spacing_mut().slider_width = rail_width;
        // The rail keeps to its own range; what it is set to from outside (a screen
        // reader, a test) is clamped below, to the valid values.
        let start = *value;
        let rail = ui.add(
            Slider::new(value, lo..=hi)
                .clamping(SliderClamping::Never)
                .logarithmic(log)
                .smallest_positive(smallest)
                .show_value(false),
        );
        match end_key(ui, &rail) {
            Some(Ordering::Less) => *value = lo,
            Some(_) => *value = hi,
            None => {}
        }
        if span.doubling {
            let steps = key_steps(ui, &rail);
            if steps != 0 {
                *value = T::from_f64(doubled(start.to_f64(), steps, smallest));
            }
        }
        // Dragging the number moves it as fast as the handle would move it.
        let (a, b) = (lo.to_f64(), hi.to_f64());
        let speed = if log {
            let decades = b.log10() - a.max(smallest).log10();
            value.to_f64().abs().max(smallest) * decades * std::f64::consts::LN_10
                / f64::from(rail_width)
        } else {
            (b - a) / f64::from(rail_width)
        };
        let (vlo, vhi) = span.valid();
        // What is typed, and how it read, for the note when the value cannot be taken as
        // typed (the number parses it only when the edit ends).
        let typed = typed.clone();
        let mut number = DragValue::new(value)
            .min_size(egui::vec2(NUMBER_WIDTH, ui.spacing().interact_size.y))
            .range(vlo..=vhi)
            .speed(speed)
            .update_while_editing(false)
            // What it shows reads back ("2^64" as well as "1e-6"); NaN is no number.
            .custom_parser(recording(typed));
        if !T::INTEGRAL {
            let valid = vlo.to_f64()..=vhi.to_f64();
            number = number.custom_formatter(move |x, d| show_float(x, d, &valid));
        }
        let number = ui.add(number).accessible_name(format!("{name} (number)"));
        super::flow::keep_drawn(ui, number_key, number.rect.width());
        rail | number
    });
    *value = span.clamp(*value);
    if *value != before {
        response.mark_changed();
    }
    let typed = typed.borrow_mut().take();
    let read = (typed, narrowed);
    keep_note(ui.ctx(), response.id, name, read, value.to_f64(), span);
    response
}

/// Draws `add` in a child of `ui` (as [`Ui::scope`] does) and takes from `ui` what it drew,
/// cut at `right`. A number typed wider than the room measured for it last frame (β = 1e9
/// reads "1000000000") runs past the edge for that one frame; taken whole, it would widen
/// the column holding it for good and move everything beside it under the pointer. Cut, it
/// is drawn again at once, with the rail given way.
fn within<R>(ui: &mut Ui, right: f32, add: impl FnOnce(&mut Ui) -> R) -> R {
    let mut child = ui.new_child(egui::UiBuilder::new());
    child.shrink_clip_rect(egui::Rect::everything_left_of(right));
    let inner = add(&mut child);
    let mut drawn = child.min_rect();
    if drawn.right() > right {
        drawn.max.x = right.max(drawn.left());
        ui.ctx().request_repaint();
    }
    ui.advance_cursor_after_rect(drawn);
    inner
}

/// What a number field last read, as the edit ended: the text typed and how it read.
type Typed = std::rc::Rc<std::cell::RefCell<Option<(String, Result<f64, String>)>>>;

/// A number field's parser ([`read_typed`]) that keeps what it read in `typed`, for the note
/// when the value cannot be taken as typed.
fn recording(typed: Typed) -> impl Fn(&str) -> Option<f64> {
    move |t| {
        let read = read_typed(t);
        let x = read.as_ref().ok().copied();
        *typed.borrow_mut() = Some((t.trim().to_string(), read));
        x
    }
}

/// `caption`, then a number field for `value` in `valid` named after it (a lab's or the
/// map's setting: no rail). While the value stays where it was left, the field keeps the note
/// of a number typed that it could not take as typed — beyond `valid` and clamped to its end,
/// not whole, not a number — as a slider does ([`typed_note`]; egui clamps a typed 300 to 128
/// silently): [`field_notes`] shows it under the field's row.
pub fn number_field<T: Numeric>(
    ui: &mut Ui,
    caption: &str,
    value: &mut T,
    valid: RangeInclusive<T>,
) -> Response {
    tuned_field(ui, caption, value, valid, |field| field)
}

/// [`number_field`] with its drag speed and decimals set by `tune` (a probability in [0, 1]
/// drags by 0.005, not by 1).
pub fn tuned_field<T: Numeric>(
    ui: &mut Ui,
    caption: &str,
    value: &mut T,
    valid: RangeInclusive<T>,
    tune: impl FnOnce(DragValue<'_>) -> DragValue<'_>,
) -> Response {
    let label = ui.label(caption);
    placed_field(ui, caption, value, valid, |ui, field| ui.add(tune(field))).labelled_by(label.id)
}

/// The number field of [`tuned_field`] without its caption, put in place by `place` (a box of
/// a fixed width: the step bar's speed); the caller labels it. It keeps its note like any
/// number field, for [`field_notes`].
pub fn placed_field<T: Numeric>(
    ui: &mut Ui,
    caption: &str,
    value: &mut T,
    valid: RangeInclusive<T>,
    place: impl FnOnce(&mut Ui, DragValue<'_>) -> Response,
) -> Response {
    let typed = Typed::default();
    let span = Span::linear(valid.clone());
    let field = place(
        ui,
        DragValue::new(value)
            .range(valid)
            .custom_parser(recording(typed.clone())),
    );
    let read = (typed.borrow_mut().take(), None);
    keep_note(ui.ctx(), field.id, caption, read, value.to_f64(), &span);
    field
}

/// The notes of number fields `fields` ([`number_field`]), each on a line of its own: under
/// their row, so that nothing in the row moves when one comes (beside its field a note pushed
/// the fields after it onto the next line, from under the pointer).
pub fn field_notes(ui: &mut Ui, fields: &[Response]) {
    for field in fields {
        if let Some(note) = typed_note(ui.ctx(), field.id) {
            let text = egui::RichText::new(format!("⚠ {note}")).color(ui.visuals().error_fg_color);
            ui.add(egui::Label::new(text).wrap());
        }
    }
}

/// A number typed into a float field, read as every number input reads it
/// ([`crate::model::num::parse_real`]: `1e-3`, `2^20`, `−2`), or why it is none. NaN ("nan",
/// "nan^1") is none, like "abc", so the field keeps its value: egui clamps a typed value into
/// its range by total order, which puts NaN above every number (β = nan became 10^12, the
/// KS-BF study's q = nan 1).
pub fn read_typed(text: &str) -> Result<f64, String> {
    match crate::model::num::parse_real(&text.replace('−', "-")) {
        Ok(x) if x.is_nan() => Err(NumError::NotANumber(text.trim().to_string()).to_string()),
        read => read.map_err(|e| e.to_string()),
    }
}

/// [`read_typed`] as an egui `DragValue`'s parser (`.custom_parser(read_number)`): None keeps
/// the value.
pub fn read_number(text: &str) -> Option<f64> {
    read_typed(text).ok()
}

/// What became of a number typed into a slider that could not take it as typed.
#[derive(Clone)]
struct Note {
    message: String,
    /// The value the slider was left at, and the valid values then: the note holds while
    /// both stay (b = 10 narrowed h to 19; b = 2 again left "it is now 19" standing, stale).
    value: f64,
    valid: (f64, f64),
}

impl Note {
    fn new(message: String, value: f64, valid: (f64, f64)) -> Note {
        Note {
            message,
            value,
            valid,
        }
    }
}

fn note_id(slider: egui::Id) -> egui::Id {
    slider.with("typed note")
}

/// Why the number last typed into the slider whose response is `slider` was not taken as
/// typed (not a number, not whole, outside the valid values), or why a value another
/// parameter put out of range changed, and what the value is now; None once the value has
/// moved on. Shown under the control ([`super::form::ParamGrid`]).
pub fn typed_note(ctx: &egui::Context, slider: egui::Id) -> Option<String> {
    ctx.data(|d| d.get_temp::<Note>(note_id(slider)))
        .map(|n| n.message)
}

/// A value in a typed-number note: exactly, as the number field reads it back.
fn show(x: f64) -> String {
    crate::report::format::number(x, crate::report::format::Precision::Exact)
}

/// The valid values `lo..=hi` in words: "at least 2, at most 63"; a bound that is the float
/// next to a rounder one is the strict bound it stands for ("above 1": τ > 1); whole ones
/// (`integral`) at an integer type's end as what they are ("at most 2^63 − 1").
fn range_text(lo: f64, hi: f64, integral: bool) -> String {
    if integral {
        let limit = crate::report::format::whole_limit;
        return format!("at least {}, at most {}", limit(lo), limit(hi));
    }
    // A strict bound when the neighbouring float reads as a round number ("above 1" for
    // 1.0000000000000002); a neighbour one digit shorter by chance is no bound (the most an
    // exercise level takes, 0.08446179058133518, read "below 0.0844617905813352", and the
    // value was then set to it).
    let strict = crate::report::format::open_end;
    let low = strict(lo, lo.next_down())
        .map_or(format!("at least {}", show(lo)), |b| format!("above {b}"));
    let high =
        strict(hi, hi.next_up()).map_or(format!("at most {}", show(hi)), |b| format!("below {b}"));
    format!("{low}, {high}")
}

/// A number typed (its text and how it read), or the value the slider came in with when its
/// span had narrowed under it (another parameter changed).
type Read = (Option<(String, Result<f64, String>)>, Option<f64>);

/// Records (or clears) the note of what was `read`: the text the number last read and how it
/// read, or the value other parameters narrowed, the slider `name` being left at `now`; drops
/// a note the value has moved away from.
fn keep_note<T: Numeric>(
    ctx: &egui::Context,
    slider: egui::Id,
    name: &str,
    (typed, narrowed): Read,
    now: f64,
    span: &Span<T>,
) {
    let id = note_id(slider);
    // A caption of several words is quoted: "processors 3 to" read as part of the sentence.
    let name = if name.contains(' ') {
        format!("“{name}”")
    } else {
        name.to_owned()
    };
    let (lo, hi) = span.valid();
    let valid = (lo.to_f64(), hi.to_f64());
    // A whole value left at an end of the valid values as the range says that end.
    let now_text = if T::INTEGRAL && (now == valid.0 || now == valid.1) {
        crate::report::format::whole_limit(now)
    } else {
        show(now)
    };
    if let (None, Some(was)) = (&typed, narrowed) {
        let message = format!(
            "{name} was {}: with the other parameters as they are now it takes values {}, so \
             it is now {}",
            show(was),
            range_text(lo.to_f64(), hi.to_f64(), T::INTEGRAL),
            now_text
        );
        ctx.data_mut(|d| d.insert_temp(id, Note::new(message, now, valid)));
        return;
    }
    let Some((text, read)) = typed else {
        if ctx
            .data(|d| d.get_temp::<Note>(id))
            .is_some_and(|n| n.value != now || n.valid != valid)
        {
            ctx.data_mut(|d| d.remove::<Note>(id));
        }
        return;
    };
    let message = match read {
        Err(why) => Some(format!("{why}: {name} stays {}", now_text)),
        Ok(x) if !x.is_finite() => Some(format!(
            "{text} is not a finite number: {name} is now {}",
            now_text
        )),
        Ok(x) if T::INTEGRAL && x.fract() != 0.0 => Some(format!(
            "{text} is not a whole number: {name} is now {}",
            now_text
        )),
        Ok(x) if x != now => Some(format!(
            "{text} is outside the values {name} takes ({}): it is now {}",
            range_text(lo.to_f64(), hi.to_f64(), T::INTEGRAL),
            now_text
        )),
        Ok(_) => None,
    };
    ctx.data_mut(|d| {
        if let Some(message) = message {
            d.insert_temp(id, Note::new(message, now, valid));
        } else {
            d.remove::<Note>(id);
        }
    });
}

/// A float in `valid` as the slider's number shows it: with the decimals the rail's
/// resolution calls for when they say the value (to 12 significant digits) and say a valid
/// one, else in full (a typed 4.56789; τ just above 1, which must not read "1.0"), in
/// scientific notation when very large or small.
fn show_float(x: f64, decimals: RangeInclusive<usize>, valid: &RangeInclusive<f64>) -> String {
    // A rail with no room (an exercise level with nothing left to take) asks for the most
    // decimals: zero then read "0.000000000000000".
    if x == 0.0 && *decimals.start() > 4 {
        return "0".into();
    }
    // A huge whole value in a few characters (a 20-digit ℓ would run out of a drawer): an
    // exact power of two as the lessons write it ("2^64"), else the shortest exponent form.
    if x.is_finite() && x.abs() >= 1e15 && x.fract() == 0.0 {
        let k = x.abs().log2();
        return if k.fract() == 0.0 && 2f64.powf(k) == x.abs() {
            format!("{}2^{k}", if x < 0.0 { "-" } else { "" })
        } else {
            format!("{x:e}")
        };
    }
    let text = egui::emath::format_with_decimals_in_range(x, decimals);
    let says_x = text
        .parse::<f64>()
        .is_ok_and(|y| (y - x).abs() <= 1e-12 * x.abs() && valid.contains(&y));
    if says_x { text } else { format!("{x:?}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubling_lands_on_the_powers_of_two_in_its_direction() {
        assert_eq!(doubled(20.0, 1, 1.0), 32.0);
        assert_eq!(doubled(20.0, -1, 1.0), 16.0);
        assert_eq!(doubled(32.0, 2, 1.0), 128.0);
        assert_eq!(doubled(32.0, -1, 1.0), 16.0);
        assert_eq!(doubled(0.0, 1, 1.0), 1.0);
        assert_eq!(doubled(1.0, -1, 1.0), 0.0);
        assert_eq!(doubled(0.0, -3, 1.0), 0.0);
        assert_eq!(doubled(2f64.powi(17) + 3.0, 1, 1.0), 2f64.powi(18));
        assert_eq!(doubled(500_000.0, -1, 1.0), 2f64.powi(18));
    }

    #[test]
    fn clamp_keeps_values_inside_and_sends_nan_low() {
        let s = Span::log(above(1.0)..=1e9).rail(1.01..=1e6);
        assert_eq!(s.clamp(1.0), 1f64.next_up());
        assert_eq!(s.clamp(-5.0), 1f64.next_up());
        assert_eq!(s.clamp(f64::NAN), 1f64.next_up());
        assert_eq!(s.clamp(f64::INFINITY), 1e9);
        assert_eq!(s.clamp(7.5), 7.5);
        assert_eq!(s.rail_ends(), (1.01, 1e6));
        let n = Span::linear(1u32..=28).rail(0..=100);
        assert_eq!((n.clamp(0), n.clamp(50)), (1, 28));
        assert_eq!(n.rail_ends(), (1, 28));
        // A rail outside the valid values falls back to all of them.
        assert_eq!(Span::linear(1u32..=5).rail(10..=20).rail_ends(), (1, 5));
    }

    #[test]
    fn nan_is_read_as_no_number() {
        for nan in ["nan", "NaN", " nan ", "-nan", "nan^1", "0^nan"] {
            assert_eq!(read_number(nan), None, "{nan}");
        }
        assert_eq!(
            read_typed("nan"),
            Err("\"nan\" is not a number".to_string())
        );
        // Numbers, infinities included (the slider clamps those to an end and says so).
        assert_eq!(read_number("−2"), Some(-2.0));
        assert_eq!(read_number("2^10"), Some(1024.0));
        assert_eq!(read_number("1e-3"), Some(0.001));
        assert_eq!(read_number("inf"), Some(f64::INFINITY));
    }

    #[test]
    fn a_range_names_its_strict_bounds() {
        assert_eq!(range_text(2.0, 63.0, true), "at least 2, at most 63");
        // τ > 1: its least float is the one after 1.
        assert_eq!(
            range_text(1f64.next_up(), 1e9, false),
            "above 1, at most 1000000000"
        );
        assert_eq!(
            range_text(0.0, 1f64.next_down(), false),
            "at least 0, below 1"
        );
        // A most that its neighbour reads one digit shorter by chance is not strict.
        assert_eq!(
            range_text(0.0, 0.08446179058133518, false),
            "at least 0, at most 0.08446179058133518"
        );
        // A tree's arity b has no end but its type's (it read "at most 9.223372036854776e18").
        assert_eq!(
            range_text(2.0, i64::MAX as f64, true),
            "at least 2, at most 2^63 − 1"
        );
    }

    #[test]
    fn largest_accepted_finds_the_edge() {
        assert_eq!(largest_accepted(1, 1000, |x| x * x <= 500), 22);
        assert_eq!(largest_accepted(1, 1000, |_| true), 1000);
        assert_eq!(largest_accepted(3, 1000, |_| false), 3);
        assert_eq!(largest_accepted(0, u64::MAX, |x| x <= 1 << 40), 1 << 40);
    }

    #[test]
    fn floats_are_shown_in_full_when_the_decimals_would_hide_them() {
        let any = f64::MIN..=f64::MAX;
        assert_eq!(show_float(37.5, 1..=3, &any), "37.5");
        assert_eq!(show_float(100.0, 0..=2, &any), "100");
        assert_eq!(show_float(4.56789, 1..=3, &any), "4.56789");
        assert_eq!(show_float(1e-6, 0..=2, &any), "1e-6");
        // Rounding may not make a valid value read like an invalid one.
        let tau = above(1.0)..=1e9;
        assert_eq!(
            show_float(1f64.next_up(), 1..=3, &tau),
            "1.0000000000000002"
        );
        assert_eq!(show_float(1.5, 1..=3, &tau), "1.5");
        // ℓ = 2^64 (gil-matias's lg* step) fits a drawer, and reads back exactly.
        let big = 2f64.powi(64);
        assert_eq!(show_float(big, 0..=2, &any), "2^64");
        assert_eq!(crate::model::num::parse_real("2^64"), Ok(big));
        assert_eq!(show_float(3e20, 0..=2, &any), "3e20");
        assert_eq!(show_float(123_456.0, 0..=2, &any), "123456");
    }
}
