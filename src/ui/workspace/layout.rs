//! The shell's layout of a workspace: which regions are on screen ([`OnScreen`]), where each
//! goes in the room the window gives (controls left, numbers below, plots right or in turn
//! with the picture, the pseudo-code pane beside the picture or a strip under it), and where
//! each was drawn ([`Drawn`]).

use crate::ui::widgets::scroll::Clipped;
use egui::Ui;
use serde::{Deserialize, Serialize};

use super::{Regions, Workspace};
use crate::lesson::Region;
use crate::ui::commands::{Cmd, Switch, command, tooltip_with_keys};
use crate::ui::widgets::marks;
use crate::ui::widgets::pseudocode;

/// Draws the whole workspace `w` for `params` with the regions `shown` asks for: the toggles
/// above, the side regions, the plots column, then the picture with its pseudo-code.
pub(super) fn show<W: Workspace>(
    w: &mut W,
    ui: &mut Ui,
    params: &mut W::Params,
    shown: &mut OnScreen,
) -> Vec<Drawn> {
    let mut drawn = Vec::new();
    let area = ui.max_rect();
    let before = prepare(w, ui.ctx(), params, shown);
    shown.exercise_offered = W::EXERCISE;
    let name = <W::Params as crate::model::registry::ModelParams>::MODEL.name();
    // On the stage the toggles share the row above (the maps strip's) and the side regions
    // are the drawer's leaves (the app's stage drawer).
    if !shown.stage {
        egui::Panel::top((name, "regions")).show(ui, |ui| shown.toggles(ui));
        for region in [Region::Controls, Region::Numbers] {
            side_region(w, ui, params, shown, region);
        }
    }
    // Your turn hides the pseudo-code pane: its why would tell the algorithm's move.
    let your_turn = shown.exercise && W::EXERCISE;
    let pane_wanted = shown.pseudocode && !your_turn && w.pseudocode(params).is_some();
    let pane = place_pane(W::REGIONS, ui.available_width(), shown, pane_wanted);
    if shown.plots && !shown.narrow {
        plots_column(w, ui, params, pane, &mut drawn);
    }
    let centre = egui::CentralPanel::default().show(ui, |ui| {
        if shown.plots && shown.narrow && shown.front == Region::Plots {
            let scroll = W::REGIONS.scroll_plots;
            drawn.push(fitted(ui, Region::Plots, scroll, |ui| w.plots(ui, params)));
        } else {
            drawn.push(centre(w, ui, params, shown, pane));
        }
    });
    marks::record(ui.ctx(), CENTRE_MARK, centre.response.rect);
    marks::record(ui.ctx(), AREA_MARK, area);
    // What is in view of each region (a phone's page scrolls the rest out of sight).
    for d in &drawn {
        marks::record(ui.ctx(), d.region.key(), d.shown);
    }
    // The step bar moved in the picture, or a move placed there ended "Your turn" (Restart
    // began it again): the regions drawn before it (plots, numbers) catch up next frame.
    let turn = shown.exercise && turn_played(w, params);
    if w.stepper().step != before || turn != crate::ui::reveal::Reveal::of(ui.ctx()).turn {
        ui.ctx().request_repaint();
    }
    drawn
}

/// The Numbers region; while "Your turn" is played with the future shown (`your_turn`, the
/// exercise not complete) a note in its place: the numbers (makespan, idle steps, work per PE
/// …) hold what the student's moves are to find, as the pseudo-code's why would tell the
/// algorithm's move. (With "Hide the future" on, each model masks what lies ahead itself.)
pub(super) fn numbers_or_wait<W: Workspace>(
    w: &mut W,
    ui: &mut Ui,
    params: &mut W::Params,
    your_turn: bool,
) {
    if your_turn && turn_played(w, params) {
        ui.label(
            egui::RichText::new(
                "Your turn: the numbers open once every move is placed (yours or Show me's): \
                 they hold what your moves are to find.",
            )
            .weak(),
        );
    } else {
        w.numbers(ui, params);
    }
}

/// Whether "Your turn" is being played on `params`: the workspace offers an exercise and moves
/// are left to place (the switch on is the caller's to check).
fn turn_played<W: Workspace>(w: &mut W, params: &W::Params) -> bool {
    W::EXERCISE && matches!(w.exercise(params), Some(Ok((ex, _))) if !ex.tally().complete)
}

/// The mark of the workspace's centre: the room below the toolbars and above the status bar
/// (the stage's height) where the picture, the plots and the pseudo-code pane go.
pub const CENTRE_MARK: &str = "workspace:centre";

/// The mark of the whole room the workspace had: its toggles, side regions and centre, not
/// the menus, the stage's drawer or the status bar.
pub const AREA_MARK: &str = "workspace:area";

/// Polls the jobs, prepares, and publishes "hide the future" with the step position, and
/// whether "Your turn" is being played, for every region to read; the step position before
/// anything is drawn.
fn prepare<W: Workspace>(
    w: &mut W,
    ctx: &egui::Context,
    params: &W::Params,
    shown: &OnScreen,
) -> usize {
    let hide = shown.hide_future;
    super::Tab::poll_jobs(w);
    w.prepare(ctx, params);
    let steps = w.steps(params);
    let model = <W::Params as crate::model::registry::ModelParams>::MODEL;
    let rest = crate::ui::reveal::question_holds(ctx, model).filter(|_| hide);
    if let Some(rest) = rest {
        // (Also undoes a key's step since the last frame: stepping waits for Reveal.)
        w.stepper().hold_at(rest, steps);
    }
    let step = w.stepper().step;
    let reveal = crate::ui::reveal::Reveal {
        hide,
        step,
        steps,
        held: rest.is_some(),
        rest: rest.unwrap_or(0),
        turn: shown.exercise && turn_played(w, params),
        ..crate::ui::reveal::Reveal::ALL
    };
    crate::ui::reveal::publish(ctx, reveal);
    pseudocode::clear_picture_hover(ctx);
    step
}

/// The controls column or the numbers strip, when shown: a resizable panel that takes at most
/// a share of the room (so the picture never vanishes and nothing is clipped on a small
/// screen) and scrolls when its content does not fit (numbers both ways: wide tables).
fn side_region<W: Workspace>(
    w: &mut W,
    ui: &mut Ui,
    params: &mut W::Params,
    shown: &OnScreen,
    region: Region,
) {
    let name = <W::Params as crate::model::registry::ModelParams>::MODEL.name();
    let room = ui.available_size();
    let r = W::REGIONS;
    let (on, panel, sizes, max, scroll) = match region {
        Region::Controls => (
            shown.controls,
            egui::Panel::left((name, "controls")),
            r.controls,
            room.x * 0.3,
            egui::ScrollArea::vertical(),
        ),
        _ => (
            shown.numbers,
            egui::Panel::bottom((name, "numbers")),
            r.numbers,
            room.y * NUMBERS_SHARE,
            egui::ScrollArea::both(),
        ),
    };
    if !on {
        return;
    }
    // While Your turn holds the numbers back, the strip holds one sentence: it keeps two rows
    // (a panel of its own, so the strip's own size comes back after), and the picture the
    // exercise is played on gets the rest (the KS-BF task tree was cut at level 4 above an
    // empty strip).
    let waiting = region == Region::Numbers && shown.numbers_wait() && turn_played(w, params);
    let panel = if waiting {
        let rows = 2.0 * ui.text_style_height(&egui::TextStyle::Body) + 18.0;
        egui::Panel::bottom((name, "numbers", "waiting"))
            .resizable(false)
            .exact_size(rows.min(max))
    } else {
        side(panel, sizes, max)
    };
    let panel = panel.show(ui, |ui| {
        if region == Region::Controls {
            crate::ui::widgets::focus::land(ui, crate::ui::widgets::focus::Landing::Drawer);
        }
        let scroll = crate::ui::frame::top_on_new_page(ui, region.key(), scroll);
        scroll.show_clipped(ui, |ui| match region {
            Region::Controls => w.controls(ui, params),
            _ => numbers_or_wait(w, ui, params, shown.numbers_wait()),
        });
    });
    marks::record(ui.ctx(), region.key(), panel.response.rect);
}

/// The most of the workspace's height the numbers strip takes: the picture (a Gantt chart
/// with its rows and bars legible) keeps the rest; the strip scrolls beyond it.
pub const NUMBERS_SHARE: f32 = 0.25;

/// Where the pseudo-code pane goes in `width`, and whether picture and plots take turns
/// (`shown.narrow`, set here). The pane goes beside the picture when it fits there besides
/// the plots (or when the user put it first: then the plots take turns with the picture);
/// otherwise it collapses to a strip under the picture (the why and the active lines), whose
/// "Pseudo-code beside ▸" is on only where the pane would fit beside the picture if asked for.
fn place_pane(r: Regions, width: f32, shown: &mut OnScreen, wanted: bool) -> Pane {
    let least = PICTURE_SQUEEZE * r.picture_min + pseudocode::PANE_MIN;
    let plots_room = if shown.plots { r.plots.1 } else { 0.0 };
    let pane = if !wanted {
        Pane::Off
    } else if (!shown.stage && width >= least + plots_room)
        || (shown.pseudocode_first && width >= least)
    {
        // (On the stage the pane comes beside the picture only when asked for.)
        Pane::Beside
    } else {
        Pane::Strip {
            beside_fits: width >= least,
        }
    };
    // Beside each other when both fit, else one at a time (the toolbar switches).
    // On the stage the picture keeps the room: the plots always take turns with it.
    shown.narrow = shown.stage
        || width < r.picture_min + r.plots.1
        || (pane == Pane::Beside && width < least + r.plots.1);
    pane
}

/// The plots column on the right, leaving the picture (and the pane beside it) its least.
fn plots_column<W: Workspace>(
    w: &mut W,
    ui: &mut Ui,
    params: &mut W::Params,
    pane: Pane,
    drawn: &mut Vec<Drawn>,
) {
    let name = <W::Params as crate::model::registry::ModelParams>::MODEL.name();
    let r = W::REGIONS;
    let taken = if pane == Pane::Beside {
        r.picture_min + pseudocode::PANE_MIN
    } else {
        r.picture_min
    };
    let max = (ui.available_width() - taken).max(r.plots.1);
    side(egui::Panel::right((name, "plots")), r.plots, max).show(ui, |ui| {
        drawn.push(measured(ui, Region::Plots, r.scroll_plots, |ui| {
            w.plots(ui, params)
        }));
    });
}

/// The centre: the picture, with the pseudo-code pane beside it or a strip under it.
fn centre<W: Workspace>(
    w: &mut W,
    ui: &mut Ui,
    params: &mut W::Params,
    shown: &mut OnScreen,
    pane: Pane,
) -> Drawn {
    let r = W::REGIONS;
    let full = ui.max_rect();
    let (picture_rect, pane_rect) = match pane {
        Pane::Off => (full, None),
        Pane::Beside => {
            let w = (full.width() - r.picture_min)
                .min(full.width() - PICTURE_SQUEEZE * r.picture_min)
                .clamp(pseudocode::PANE_MIN, pseudocode::PANE_MAX);
            let (a, b) = full.split_left_right_at_x(full.right() - w);
            (a.shrink2(egui::vec2(4.0, 0.0)), Some(b))
        }
        Pane::Strip { .. } => {
            let h = pseudocode::strip_height(ui);
            let (a, b) = full.split_top_bottom_at_y(full.bottom() - h);
            (a.shrink2(egui::vec2(0.0, 3.0)), Some(b))
        }
    };
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(picture_rect));
    child.set_clip_rect(picture_rect.intersect(ui.clip_rect()));
    let your_turn = shown.exercise && W::EXERCISE;
    let draw = |ui: &mut Ui| {
        if your_turn {
            crate::ui::exercise::region(ui, w.exercise(params));
        } else {
            crate::ui::widgets::focus::land(ui, crate::ui::widgets::focus::Landing::Picture);
            w.picture(ui, params)
        }
    };
    let drawn = fitted(&mut child, Region::Picture, r.scroll_picture, draw);
    if let (Some(rect), Some(mut step)) = (pane_rect, w.pseudocode(params)) {
        // An open lesson question does not read its answer in the why.
        step.why = step.shown_why(ui.ctx());
        crate::ui::widgets::describe::record(ui.ctx(), format!("Why: {}", step.why));
        pseudocode_pane::<W>(ui, rect, &step, shown, pane);
    }
    drawn
}

/// The pseudo-code in `rect`: a pane beside the picture or a strip under it, each with its
/// button to become the other.
fn pseudocode_pane<W: Workspace>(
    ui: &mut Ui,
    rect: egui::Rect,
    step: &pseudocode::PseudoStep,
    shown: &mut OnScreen,
    pane: Pane,
) {
    let name = <W::Params as crate::model::registry::ModelParams>::MODEL.name();
    let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
    let mut child =
        ui.new_child(egui::UiBuilder::new().max_rect(rect.shrink2(egui::vec2(6.0, 2.0))));
    child.set_clip_rect(rect.intersect(ui.clip_rect()));
    if let Pane::Strip { beside_fits } = pane {
        ui.painter().hline(rect.x_range(), rect.top(), stroke);
        if pseudocode::strip(&mut child, name, step, beside_fits) {
            shown.pseudocode_first = true;
        }
    } else {
        ui.painter().vline(rect.left(), rect.y_range(), stroke);
        // Put first on a narrow window: it may go back to a strip.
        let first = shown.pseudocode_first && shown.narrow;
        if pseudocode::pane(&mut child, name, step, first) {
            shown.pseudocode_first = false;
        }
    }
}

/// Where the pseudo-code pane goes this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pane {
    Off,
    Beside,
    /// A strip under the picture; `beside_fits`: the pane would fit beside the picture if
    /// asked for (not with the stage's drawer open at 1280 × 720: "Pseudo-code beside ▸" did
    /// nothing there).
    Strip {
        beside_fits: bool,
    },
}

/// Beside the pseudo-code pane the picture may get this share of its preferred narrowest
/// width ([`Regions::picture_min`]) before the pane goes below it instead.
const PICTURE_SQUEEZE: f32 = 0.8;

/// Where a region was drawn this frame: the room it had, the extent its content took (a
/// content larger than its room, outside a scroll area, is clipped on screen) and the part of
/// its room in view.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Drawn {
    /// Which region.
    pub region: Region,
    /// The room it had.
    pub room: egui::Rect,
    /// What its content took (`room` when it scrolls).
    pub content: egui::Rect,
    /// The part of `room` in view: all of it, but on a phone's page that scrolls
    /// ([`phone_page`]), where the figure's corner buttons scroll with it.
    pub shown: egui::Rect,
}

impl Drawn {
    /// Region `region` in `room`, its content taking `content`, all in view.
    pub fn new(region: Region, room: egui::Rect, content: egui::Rect) -> Self {
        Self {
            region,
            room,
            content,
            shown: room,
        }
    }

    /// Region `region` filling `room` (or scrolling in it), all in view.
    pub fn filling(region: Region, room: egui::Rect) -> Self {
        Self::new(region, room, room)
    }

    /// The same region as far as `view` shows of it (a page scrolled under it).
    pub fn seen_in(self, view: egui::Rect) -> Self {
        Self {
            shown: self.shown.intersect(view),
            ..self
        }
    }
}

/// Draws a region, in a vertical scroll area if `scroll`, and measures it.
pub(super) fn measured(
    ui: &mut Ui,
    region: Region,
    scroll: bool,
    add: impl FnOnce(&mut Ui),
) -> Drawn {
    let room = ui.max_rect();
    let content = if scroll {
        egui::ScrollArea::vertical().show_clipped(ui, add);
        room
    } else {
        add(ui);
        ui.min_rect()
    };
    Drawn::new(region, room, content)
}

/// How far a plot's last x label may overhang its room, in points: it stands centred on its
/// tick, which may fall on the frame's right edge, and half of the widest ("1000") is about
/// this. A phone's page is laid out that much short of its bar; a Compare pane's picture is
/// clipped that much past its margin.
pub const LABEL_OVERHANG: f32 = 6.0;

/// The least height of the picture where a shorter room scrolls it (on a phone, in large
/// type: [`short_rooms_scroll`]), in points: a Your-turn band with the tree
/// or grid under it, a ring with its chart.
pub const LEAST_PICTURE: f32 = 460.0;

/// Whether a region shorter than [`LEAST_PICTURE`] is laid out that high in a page that
/// scrolls, rather than squeezed: on a phone ([`crate::ui::frame::on_phone`]); in type half as
/// large again as egui's or more (View ▸ Text size); in a window of fewer points than the
/// least room every layout is made for (Ctrl+= past presenter mode's zoom). At 200 % in
/// presenter mode at 720p the picture's tabs, step bar and captions took its whole room, and
/// the picture was gone. Never in an export's off-screen pass, which draws the figure in a
/// room of its own.
pub fn short_rooms_scroll(ctx: &egui::Context) -> bool {
    use crate::ui::{frame, look};
    let room = ctx.content_rect().size();
    // (Within a point: a size in points comes back from the zoom with rounding errors.)
    let small = room.x < look::LEAST_WIDTH - 1.0 || room.y < look::LEAST_HEIGHT - 1.0;
    let large = look::text_factor(ctx) >= look::TextSize::Larger.factor();
    !frame::exporting(ctx) && (frame::on_phone(ctx) || large || small)
}

/// Draws a region ([`measured`]); where short rooms scroll, in a room shorter than
/// [`LEAST_PICTURE`], laid out that high and scrolled ([`scrolled_at`]).
fn fitted(ui: &mut Ui, region: Region, scroll: bool, add: impl FnOnce(&mut Ui)) -> Drawn {
    if short_rooms_scroll(ui.ctx()) && ui.max_rect().height() < LEAST_PICTURE {
        scrolled_at(ui, region, LEAST_PICTURE, add)
    } else {
        measured(ui, region, scroll, add)
    }
}

/// Draws a region laid out `height` points high (as if its room were), in a vertical scroll
/// area of its shorter room; what it draws beyond that height scrolls into view too.
fn scrolled_at(ui: &mut Ui, region: Region, height: f32, add: impl FnOnce(&mut Ui)) -> Drawn {
    let (view, page, ()) = phone_page(ui, height, add);
    // (As wide as the room, its scroll bar's lane included: the page's own width leaves it.)
    Drawn::filling(
        region,
        egui::Rect::from_x_y_ranges(view.x_range(), page.y_range()),
    )
    .seen_in(view)
}

/// Lays `add` out `height` points high (as if the room were) in a vertical scroll area of
/// the room, as a page scrolls under the finger: the room (the part in view), the page
/// where it stands now, and what `add` gave.
pub fn phone_page<R>(
    ui: &mut Ui,
    height: f32,
    add: impl FnOnce(&mut Ui) -> R,
) -> (egui::Rect, egui::Rect, R) {
    let room = ui.max_rect();
    let inner_style = ui.spacing().scroll;
    // A solid bar, not a floating one: on a touch screen the picture's own drags (a ring's δ,
    // a chart's pan) take the finger, and the bar is where the picture scrolls.
    let r = ui.scope(|ui| {
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        // (Not shrunk to its content: what `add` draws in child UIs of its own, as Compare's
        // panes are, takes no room in it, and the bar stood at the left.) A new page in front
        // (a lesson's next step) starts at its top.
        let area = egui::ScrollArea::vertical().auto_shrink(false);
        crate::ui::frame::top_on_new_page(ui, "phone page", area)
            .show_clipped(ui, |ui| {
                // (The page's bar only: the picture's own scroll areas keep the app's.)
                ui.spacing_mut().scroll = inner_style;
                ui.set_min_height(height);
                // (Short of the bar by a plot's overhanging last x label, which the view's
                // clip still shows: "1000" lost its last 0 at the bar.)
                let size = egui::vec2(ui.available_width() - LABEL_OVERHANG, height);
                let rect = egui::Rect::from_min_size(ui.cursor().min, size);
                (
                    rect,
                    ui.scope_builder(egui::UiBuilder::new().max_rect(rect), add)
                        .inner,
                )
            })
            .inner
    });
    let (page, inner) = r.inner;
    (room, page, inner)
}

/// A resizable side region of a workspace with its (default, minimum) size, never more than
/// `max` (a share of the room).
fn side(panel: egui::Panel, (default, min): (f32, f32), max: f32) -> egui::Panel {
    let min = min.min(max);
    panel
        .resizable(true)
        .default_size(default.clamp(min, max))
        .min_size(min)
        .max_size(max)
}

/// Which regions of the workspace are on screen (the picture always is). The same for every
/// model; presenter mode starts with only the picture and the plots. (Persisted as `shown`.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OnScreen {
    /// The controls column.
    pub controls: bool,
    /// The plots column.
    pub plots: bool,
    /// The numbers strip.
    pub numbers: bool,
    /// The pseudo-code pane (beside the picture, or a strip below it on a narrow window).
    pub pseudocode: bool,
    /// Keep the pseudo-code pane beside the picture on a narrow window, the plots taking
    /// turns with the picture.
    pub pseudocode_first: bool,
    /// On a narrow window, which of picture and plots is in front.
    pub front: Region,
    /// Hide the future: every stepped view draws only what has happened by its step bar
    /// (see [`crate::ui::reveal`]).
    pub hide_future: bool,
    /// "Your turn": the picture region shows the model's exercise ([`crate::ui::exercise`]).
    pub exercise: bool,
    /// Set by the shell: the workspace offers an exercise (the switch is shown).
    #[serde(skip)]
    pub exercise_offered: bool,
    /// Set by the shell when picture and plots do not fit side by side.
    #[serde(skip)]
    pub narrow: bool,
    /// Set by the app on a small room (the projector stage, `ui::stage::is_stage`): the controls and the numbers
    /// are the stage drawer's, not the workspace's side regions.
    #[serde(skip)]
    pub stage: bool,
}

impl Default for OnScreen {
    fn default() -> Self {
        // The desktop's regions: presenter mode's, with the controls and the numbers.
        OnScreen {
            controls: true,
            numbers: true,
            ..OnScreen::PRESENTER
        }
    }
}

impl OnScreen {
    /// "Your turn" is played with the future shown: the Numbers region waits until the
    /// exercise is complete (`numbers_or_wait`); with "Hide the future" on, each model masks
    /// what lies ahead itself.
    pub fn numbers_wait(&self) -> bool {
        self.exercise && !self.hide_future
    }

    /// What presenter mode starts with: the picture as big as the window allows, the
    /// pseudo-code beside it where it fits besides the plots and a strip under the picture
    /// otherwise ("Pseudo-code beside ▸" brings it beside), the plots (in turn with the
    /// picture when the window is narrow).
    pub const PRESENTER: OnScreen = OnScreen {
        controls: false,
        plots: true,
        numbers: false,
        pseudocode: true,
        pseudocode_first: false,
        front: Region::Picture,
        hide_future: false,
        exercise: false,
        exercise_offered: false,
        narrow: false,
        stage: false,
    };

    /// The strip of toggles above the workspace: one row whenever the window allows. The
    /// captions never change (a toggle that changed its length would move the others under
    /// the pointer between two clicks); a narrow window wraps the row instead.
    pub fn toggles(&mut self, ui: &mut Ui) {
        const CAPTIONS: [&str; 4] = [
            "Controls panel",
            "Plots panel",
            "Numbers panel",
            "Pseudo-code panel",
        ];
        let front = self.plots && self.narrow;
        let caps = CAPTIONS;
        // Wrapped: at large type on a small screen the toggles may still take two rows (on the
        // stage they continue the row they are put in).
        let stage = self.stage;
        let mut items = |ui: &mut Ui| {
            if !stage {
                ui.label(egui::RichText::new("Show:").weak());
            }
            // On the stage the controls and the numbers are the drawer's leaves (its tabs).
            if !stage {
                ui.toggle_value(&mut self.controls, caps[0])
                    .on_hover_text("The instance and algorithm controls (left)");
            }
            ui.toggle_value(&mut self.plots, caps[1])
                .on_hover_text("The comparison plots (right, or in turn with the picture)");
            if !stage {
                ui.toggle_value(&mut self.numbers, caps[2])
                    .on_hover_text("The numbers table (bottom)");
            }
            ui.toggle_value(&mut self.pseudocode, caps[3])
                .on_hover_text(
                    "The algorithm's pseudo-code, the current step's lines highlighted, and why \
                     (beside the picture, or a strip below it on a narrow window)",
                );
            ui.separator();
            // Caption, tooltip and key from the command table (the same switch as H).
            // (Held on while a question asks how the run ends: Reveal first.)
            let hide = command(&Cmd::Toggle(Switch::HideFuture));
            let held = crate::ui::reveal::Reveal::of(ui.ctx()).held;
            // (A button, not a scope: a scope in a wrapping row is squeezed to what is left of
            // the row and broke the caption letter by letter.)
            let toggle = egui::Button::selectable(self.hide_future, hide.caption);
            if ui
                .add_enabled(!held, toggle)
                .on_hover_text(tooltip_with_keys(hide))
                .on_disabled_hover_text(crate::ui::frame::reveal::HELD)
                .clicked()
            {
                self.hide_future = !self.hide_future;
            }
            if self.exercise_offered {
                ui.toggle_value(&mut self.exercise, "Your turn")
                    .on_hover_text(
                        "Perform the algorithm yourself on this instance: every move is graded \
                     (the rule it breaks, whether it is the algorithm's move)",
                    );
            }
            if front {
                ui.separator();
                // One unit: the label only when it fits on this row with its choices, a new
                // row when not even the choices fit.
                let room = ui.available_size_before_wrap().x;
                let why = "In front: the window is too narrow for both side by side";
                if room < buttons_width(ui, &FRONT[1..]) {
                    ui.end_row();
                }
                if room >= buttons_width(ui, &FRONT) || room < buttons_width(ui, &FRONT[1..]) {
                    ui.add(
                        egui::Label::new(egui::RichText::new(FRONT[0]).weak())
                            .wrap_mode(egui::TextWrapMode::Extend),
                    )
                    .on_hover_text(why);
                }
                ui.selectable_value(&mut self.front, Region::Picture, FRONT[1])
                    .on_hover_text(why);
                ui.selectable_value(&mut self.front, Region::Plots, FRONT[2])
                    .on_hover_text(why);
            }
        };
        if stage {
            items(ui);
        } else {
            ui.horizontal_wrapped(items);
        }
    }
}

impl OnScreen {
    /// The least width [`OnScreen::toggles`] take in one row (without "In front:", which they
    /// leave out where it does not fit), measured by drawing them unseen (no click reaches
    /// them there).
    pub fn toggles_width(&mut self, ui: &mut Ui) -> f32 {
        let measure = egui::UiBuilder::new()
            .id_salt("toggles measured")
            .sizing_pass()
            .invisible();
        let mut child = ui.new_child(measure);
        let width = child
            .horizontal(|ui| self.toggles(ui))
            .response
            .rect
            .width();
        let label = if self.plots && self.narrow {
            buttons_width(ui, &FRONT[..1])
        } else {
            0.0
        };
        width - label
    }
}

/// The "In front" choice's caption and its two choices.
const FRONT: [&str; 3] = ["In front:", "Picture", "Plots"];

/// The width a row of buttons (or labels) with these captions takes, spacing included.
fn buttons_width(ui: &Ui, captions: &[&str]) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let pad = ui.spacing().button_padding.x * 2.0 + ui.spacing().item_spacing.x;
    captions
        .iter()
        .map(|t| {
            let g = ui
                .painter()
                .layout_no_wrap(t.to_string(), font.clone(), egui::Color32::WHITE);
            g.size().x + pad
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The width the picture's own scroll area gives its content, laid out in a phone's page
    /// 300 points wide whose content runs past the page's height, after a few frames (a bar
    /// fades in).
    fn picture_scroll_width() -> f32 {
        let ctx = egui::Context::default();
        let mut width = 0.0;
        for _ in 0..20 {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(300.0, 300.0),
                )),
                ..Default::default()
            };
            let out = ctx.run_ui(input, |ui| {
                phone_page(ui, LEAST_PICTURE, |ui| {
                    let out = egui::ScrollArea::vertical().show(ui, |ui| {
                        ui.allocate_space(egui::vec2(ui.available_width(), 2000.0));
                    });
                    width = out.inner_rect.width() / ui.max_rect().width();
                });
            });
            out.drop_without_applying_deltas();
        }
        width
    }

    /// The page's solid bar is its own: the picture's scroll areas (a Compare pane's) keep
    /// the app's floating bars. Inherited, each pane's bar took a lane that cut off the end
    /// of its rows on a phone (the step bar's "»" and "Step", the ring's right labels).
    #[test]
    fn the_page_s_solid_bar_is_not_the_picture_s() {
        let share = picture_scroll_width();
        assert!(
            (share - 1.0).abs() < 1e-3,
            "the picture's scroll area shows {share} of its width"
        );
    }
}
