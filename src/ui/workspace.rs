//! The one shape every model's workspace has.
//!
//! A model implements [`Workspace`]: its controls, picture, plots and numbers as four regions,
//! its step count and its background jobs (as [`JobHandle`]s); its name and help come from
//! [`crate::ui::help`]. The shell — the blanket [`Tab`] implementation below, which the app
//! holds one of per model — lays the regions out, polls the jobs once per frame, routes
//! stepping shortcuts, cancels, resets the view, and persists it. A feature that concerns all
//! five models is written here once.

use egui::Ui;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::jobs::{JobHandle, JobStatus, Keyed};
use crate::model::{Cancelled, ParamError, Progress};
use crate::preset::{ModelId, ModelParams, Scenario};
use crate::ui::help;
use crate::ui::widgets::form::Choice;
use crate::ui::widgets::marks;
use crate::ui::widgets::pseudocode::{self, PseudoStep};
use crate::ui::widgets::step_bar::StepState;
use crate::ui::widgets::{busy, error_label};

/// A stepping command (keyboard shortcut or menu) for the workspace in front.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepCmd {
    /// Space.
    TogglePlay,
    /// ←.
    Back,
    /// →.
    Forward,
    /// Home.
    First,
    /// End.
    Last,
}

impl StepCmd {
    /// Applies the command to a step bar over `n` steps.
    pub fn apply(self, s: &mut StepState, n: usize) {
        match self {
            StepCmd::TogglePlay => s.toggle_play(n),
            StepCmd::Back => s.back(),
            StepCmd::Forward => s.forward(n),
            StepCmd::First => s.first(),
            StepCmd::Last => s.last(n),
        }
    }
}

/// How much room a workspace's regions want, in points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Regions {
    /// Controls column (left): default and minimum width.
    pub controls: (f32, f32),
    /// Plots column (right): default and minimum width.
    pub plots: (f32, f32),
    /// Numbers strip (bottom): default and minimum height.
    pub numbers: (f32, f32),
    /// Wrap the picture in a vertical scroll area.
    pub scroll_picture: bool,
    /// Wrap the plots in a vertical scroll area.
    pub scroll_plots: bool,
    /// Narrowest the picture may get beside the plots; below it picture and plots take
    /// turns (a Picture / Plots switch) instead of being squeezed.
    pub picture_min: f32,
}

impl Regions {
    /// What a workspace gets unless it asks for other room.
    pub const DEFAULT: Regions = Regions {
        controls: (260.0, 210.0),
        plots: (470.0, 300.0),
        numbers: (230.0, 160.0),
        scroll_picture: false,
        scroll_plots: false,
        picture_min: 520.0,
    };
}

impl Default for Regions {
    fn default() -> Self {
        Regions::DEFAULT
    }
}

/// One model's workspace. It holds view state and caches only; the parameters live in the
/// app's desk and are lent to every call. `Default` gives a workspace with the default view.
pub trait Workspace: Default + 'static {
    /// The model's parameters.
    type Params: ModelParams;
    /// Persisted view state (tabs, zoom, step position, plot axes).
    type View: Clone + Default + Serialize + DeserializeOwned;

    /// Room for the regions.
    const REGIONS: Regions = Regions::DEFAULT;

    /// The view state (persisted).
    fn view(&self) -> &Self::View;
    /// The view state, to reset or restore.
    fn view_mut(&mut self) -> &mut Self::View;
    /// The step bar state.
    fn stepper(&mut self) -> &mut StepState;
    /// Number of step positions for these parameters (1 when nothing steps).
    fn steps(&self, params: &Self::Params) -> usize;
    /// The background jobs, for the shell to poll, show and cancel.
    fn jobs(&mut self) -> Vec<&mut dyn JobHandle>;

    /// Once per frame, after the jobs were polled and before any region is drawn: refresh
    /// caches and request the background work these parameters need (latest wins).
    fn prepare(&mut self, ctx: &egui::Context, params: &Self::Params);
    /// The instance and algorithm controls.
    fn controls(&mut self, ui: &mut Ui, params: &mut Self::Params);
    /// The schedule itself, with its step bar.
    fn picture(&mut self, ui: &mut Ui, params: &mut Self::Params);
    /// The comparison plots.
    fn plots(&mut self, ui: &mut Ui, params: &mut Self::Params);
    /// The numbers table.
    fn numbers(&mut self, ui: &mut Ui, params: &mut Self::Params);
    /// The pseudo-code pane's content at the current step (algorithm ids, active step labels,
    /// why), called after the picture was drawn; None when the workspace has no stepped
    /// algorithm to show.
    fn pseudocode(&self, _params: &Self::Params) -> Option<PseudoStep> {
        None
    }
    /// Shows the picture tab and the plot named, each one of the model's names in
    /// [`crate::lesson::views`] (exactly as listed there) or None to leave it as it is.
    /// Workspaces with tabs or plots to choose override it.
    fn select(&mut self, _picture: Option<&str>, _plot: Option<&str>) {}
}

/// The choice of type `T` whose caption is `name` (None leaves `value` as it is).
pub fn pick<T: Choice>(value: &mut T, name: Option<&str>) {
    if let Some(v) = name.and_then(|n| T::ALL.iter().find(|c| c.caption() == n)) {
        *value = *v;
    }
}

/// The view type and the three view accessors of a workspace whose view state is `self.view`
/// with its step bar in `self.view.step` (every workspace here); with `picture:` and `plot:`
/// also [`Workspace::select`], for a workspace whose picture tab and plot are [`Choice`]s in
/// its view state, named by their fields there.
macro_rules! view_accessors {
    ($view:ty) => {
        type View = $view;
        fn view(&self) -> &$view {
            &self.view
        }
        fn view_mut(&mut self) -> &mut $view {
            &mut self.view
        }
        fn stepper(&mut self) -> &mut $crate::ui::widgets::step_bar::StepState {
            &mut self.view.step
        }
    };
    ($view:ty, picture: $picture:ident, plot: $plot:ident) => {
        $crate::ui::workspace::view_accessors!($view);
        fn select(&mut self, picture: Option<&str>, plot: Option<&str>) {
            $crate::ui::workspace::pick(&mut self.view.$picture, picture);
            $crate::ui::workspace::pick(&mut self.view.$plot, plot);
        }
    };
    ($view:ty, plot: $plot:ident) => {
        $crate::ui::workspace::view_accessors!($view);
        fn select(&mut self, _picture: Option<&str>, plot: Option<&str>) {
            $crate::ui::workspace::pick(&mut self.view.$plot, plot);
        }
    };
}
pub(crate) use view_accessors;

/// [`Workspace::jobs`] of a workspace whose jobs are the fields named (each a
/// [`JobHandle`]).
macro_rules! jobs {
    ($($job:ident),+ $(,)?) => {
        fn jobs(&mut self) -> Vec<&mut dyn $crate::jobs::JobHandle> {
            vec![$(&mut self.$job),+]
        }
    };
}
pub(crate) use jobs;

/// What the app sees of a workspace, whatever its model (object-safe; implemented for every
/// [`Workspace`]).
pub trait Tab {
    /// The model.
    fn model(&self) -> ModelId;
    /// Rail name.
    fn title(&self) -> &'static str;
    /// Rail hover text.
    fn hover(&self) -> &'static str;
    /// Help text.
    fn help(&self) -> &'static str;
    /// Draws the whole workspace for `scenario` (which must be this model's), with the
    /// regions `shown` asks for.
    fn show(&mut self, ui: &mut Ui, scenario: &mut Scenario, shown: &mut Shown) -> Vec<Drawn>;
    /// Draws one region (the picture or the plots) alone into `ui`, as [`Tab::show`] draws it
    /// there but never in a scroll area (all of it, for a figure export); playback is held
    /// still while it draws.
    fn draw_region(&mut self, ui: &mut Ui, scenario: &mut Scenario, region: Region);
    /// Shows the picture tab and the plot named (names from [`crate::lesson::views`],
    /// matched ignoring case); an error names the valid ones.
    fn show_view(&mut self, picture: Option<&str>, plot: Option<&str>) -> Result<(), String>;
    /// Only the picture (with its step bar) of `scenario`, in the room `ui` has, scrolling
    /// vertically when it does not fit: Compare A/B draws two instances side by side this way.
    /// Polls the jobs and prepares first.
    fn show_picture_only(&mut self, ui: &mut Ui, scenario: &mut Scenario) -> Drawn;
    /// Only the controls of `scenario` (Compare A/B shows B's beside the two pictures).
    /// Polls the jobs and prepares first.
    fn show_controls_only(&mut self, ui: &mut Ui, scenario: &mut Scenario);
    /// Number of step positions for `scenario` (1 when nothing steps, 0 when it is not this
    /// model's).
    fn steps_for(&self, scenario: &Scenario) -> usize;
    /// Applies a stepping command.
    fn step(&mut self, cmd: StepCmd, scenario: &Scenario);
    /// Back to step 0, paused (a preset was opened).
    fn rewind(&mut self);
    /// Moves the step bar to `step` (clamped to the steps known now), paused; true when the
    /// run has that many steps (false while it is still being computed).
    fn seek(&mut self, step: usize, scenario: &Scenario) -> bool;
    /// The step bar's position.
    fn position(&mut self) -> usize;
    /// The first running job, for the status bar.
    fn job_status(&mut self) -> Option<JobStatus>;
    /// Cancels every job.
    fn cancel_jobs(&mut self);
    /// Default view state.
    fn reset_view(&mut self);
    /// The view state as RON (for persistence).
    fn save_view(&self) -> String;
    /// Restores a view saved by [`Tab::save_view`] (ignored if it does not parse).
    fn load_view(&mut self, ron: &str);
}

impl<W: Workspace> Tab for W {
    fn model(&self) -> ModelId {
        W::Params::MODEL
    }
    fn title(&self) -> &'static str {
        help::rail(W::Params::MODEL).0
    }
    fn hover(&self) -> &'static str {
        help::rail(W::Params::MODEL).1
    }
    fn help(&self) -> &'static str {
        help::about(W::Params::MODEL)
    }

    fn show(&mut self, ui: &mut Ui, scenario: &mut Scenario, shown: &mut Shown) -> Vec<Drawn> {
        let mut drawn = Vec::new();
        let Some(params) = W::Params::of_mut(scenario) else {
            return drawn;
        };
        for job in self.jobs() {
            job.poll();
        }
        self.prepare(ui.ctx(), params);
        // Hide the future: every region reads the switch and the step position from here.
        let steps = self.steps(params);
        let before = self.stepper().step;
        crate::ui::reveal::publish(
            ui.ctx(),
            crate::ui::reveal::Reveal {
                hide: shown.hide_future,
                step: before,
                steps,
            },
        );
        pseudocode::clear_picture_hover(ui.ctx());
        let name = W::Params::MODEL.name();
        let r = W::REGIONS;
        egui::Panel::top((name, "regions")).show(ui, |ui| shown.toggles(ui));
        // Side regions may take at most a share of the room, so the picture never vanishes
        // and nothing is clipped on a small screen (1280 × 720, or larger type).
        let room = ui.available_size();
        // Controls and numbers scroll when they do not fit (numbers both ways: wide tables).
        let scrolled = [
            (shown.controls, Side::Controls, room.x * 0.3),
            (shown.numbers, Side::Numbers, room.y * 0.4),
        ];
        for (on, which, max) in scrolled {
            if !on {
                continue;
            }
            let (panel, sizes, scroll) = match which {
                Side::Controls => (
                    egui::Panel::left((name, "controls")),
                    r.controls,
                    egui::ScrollArea::vertical(),
                ),
                Side::Numbers => (
                    egui::Panel::bottom((name, "numbers")),
                    r.numbers,
                    egui::ScrollArea::both(),
                ),
            };
            let panel = side(panel, sizes, max).show(ui, |ui| {
                scroll.show(ui, |ui| match which {
                    Side::Controls => self.controls(ui, params),
                    Side::Numbers => self.numbers(ui, params),
                });
            });
            let key = match which {
                Side::Controls => "region:controls",
                Side::Numbers => "region:numbers",
            };
            marks::record(ui.ctx(), key, panel.response.rect);
        }
        // Beside each other when both fit, else one at a time (the toolbar switches).
        let width = ui.available_width();
        // The pseudo-code pane goes beside the picture when it fits there besides the plots
        // (or when the user put it first: then the plots take turns with the picture);
        // otherwise it collapses to a strip under the picture (the why and the active lines).
        let pane_wanted = shown.pseudocode && self.pseudocode(params).is_some();
        let least = PICTURE_SQUEEZE * r.picture_min + pseudocode::PANE_MIN;
        let plots_room = if shown.plots { r.plots.1 } else { 0.0 };
        let pane = if !pane_wanted {
            Pane::Off
        } else if width >= least + plots_room || (shown.pseudocode_first && width >= least) {
            Pane::Beside
        } else {
            Pane::Strip
        };
        shown.narrow = width < r.picture_min + r.plots.1
            || (pane == Pane::Beside && width < least + r.plots.1);
        if shown.plots && !shown.narrow {
            let taken = if pane == Pane::Beside {
                r.picture_min + pseudocode::PANE_MIN
            } else {
                r.picture_min
            };
            let max = (width - taken).max(r.plots.1);
            side(egui::Panel::right((name, "plots")), r.plots, max).show(ui, |ui| {
                drawn.push(measured(ui, Region::Plots, r.scroll_plots, |ui| {
                    self.plots(ui, params)
                }));
            });
        }
        let plots_in_front = shown.plots && shown.narrow && shown.front == Region::Plots;
        egui::CentralPanel::default().show(ui, |ui| {
            if plots_in_front {
                drawn.push(measured(ui, Region::Plots, r.scroll_plots, |ui| {
                    self.plots(ui, params)
                }));
                return;
            }
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
                Pane::Strip => {
                    let h = pseudocode::strip_height(ui);
                    let (a, b) = full.split_top_bottom_at_y(full.bottom() - h);
                    (a.shrink2(egui::vec2(0.0, 3.0)), Some(b))
                }
            };
            let mut child = ui.new_child(egui::UiBuilder::new().max_rect(picture_rect));
            child.set_clip_rect(picture_rect.intersect(ui.clip_rect()));
            drawn.push(measured(
                &mut child,
                Region::Picture,
                r.scroll_picture,
                |ui| self.picture(ui, params),
            ));
            if let (Some(rect), Some(step)) = (pane_rect, self.pseudocode(params)) {
                let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
                let mut child = ui
                    .new_child(egui::UiBuilder::new().max_rect(rect.shrink2(egui::vec2(6.0, 2.0))));
                child.set_clip_rect(rect.intersect(ui.clip_rect()));
                if pane == Pane::Strip {
                    ui.painter().hline(rect.x_range(), rect.top(), stroke);
                    if pseudocode::strip(&mut child, name, &step) {
                        shown.pseudocode_first = true;
                    }
                } else {
                    ui.painter().vline(rect.left(), rect.y_range(), stroke);
                    // Put first on a narrow window: it may go back to a strip.
                    let first = shown.pseudocode_first && shown.narrow;
                    if pseudocode::pane(&mut child, name, &step, first) {
                        shown.pseudocode_first = false;
                    }
                }
            }
        });
        for d in &drawn {
            let key = match d.region {
                Region::Picture => "region:picture",
                Region::Plots => "region:plots",
                Region::Map => "region:map",
            };
            marks::record(ui.ctx(), key, d.room);
        }
        // The step bar moved in the picture: the regions drawn before it (plots, numbers)
        // catch up next frame.
        if self.stepper().step != before {
            ui.ctx().request_repaint();
        }
        drawn
    }

    fn draw_region(&mut self, ui: &mut Ui, scenario: &mut Scenario, region: Region) {
        let Some(params) = W::Params::of_mut(scenario) else {
            return;
        };
        let playing = std::mem::replace(&mut self.stepper().playing, false);
        match region {
            Region::Picture => self.picture(ui, params),
            Region::Plots => self.plots(ui, params),
            Region::Map => {}
        }
        self.stepper().playing = playing;
    }

    fn show_view(&mut self, picture: Option<&str>, plot: Option<&str>) -> Result<(), String> {
        let model = W::Params::MODEL;
        let asked = [
            ("picture", crate::lesson::views::pictures(model), picture),
            ("plot", crate::lesson::views::plots(model), plot),
        ];
        let mut found = [None, None];
        for (slot, (what, names, wanted)) in found.iter_mut().zip(asked) {
            if let Some(w) = wanted {
                let name = crate::lesson::views::find(names, w)
                    .ok_or_else(|| crate::lesson::views::unknown(model, what, names, w))?;
                *slot = Some(name);
            }
        }
        self.select(found[0], found[1]);
        Ok(())
    }

    fn show_picture_only(&mut self, ui: &mut Ui, scenario: &mut Scenario) -> Drawn {
        let room = ui.max_rect();
        let Some(params) = W::Params::of_mut(scenario) else {
            return Drawn {
                region: Region::Picture,
                room,
                content: room,
            };
        };
        for job in self.jobs() {
            job.poll();
        }
        self.prepare(ui.ctx(), params);
        measured(ui, Region::Picture, true, |ui| self.picture(ui, params))
    }

    fn show_controls_only(&mut self, ui: &mut Ui, scenario: &mut Scenario) {
        let Some(params) = W::Params::of_mut(scenario) else {
            return;
        };
        for job in self.jobs() {
            job.poll();
        }
        self.prepare(ui.ctx(), params);
        self.controls(ui, params);
    }

    fn steps_for(&self, scenario: &Scenario) -> usize {
        W::Params::of(scenario).map_or(0, |p| self.steps(p))
    }

    fn step(&mut self, cmd: StepCmd, scenario: &Scenario) {
        if let Some(params) = W::Params::of(scenario) {
            let n = self.steps(params);
            cmd.apply(self.stepper(), n);
        }
    }

    fn rewind(&mut self) {
        let s = self.stepper();
        s.first();
        s.playing = false;
    }

    fn seek(&mut self, step: usize, scenario: &Scenario) -> bool {
        let Some(params) = W::Params::of(scenario) else {
            return false;
        };
        let n = self.steps(params);
        let s = self.stepper();
        s.first();
        s.playing = false;
        s.step = step.min(n.saturating_sub(1));
        n > step
    }

    fn position(&mut self) -> usize {
        self.stepper().step
    }

    fn job_status(&mut self) -> Option<JobStatus> {
        self.jobs().into_iter().find_map(|j| j.status())
    }

    fn cancel_jobs(&mut self) {
        for job in self.jobs() {
            job.cancel();
        }
    }

    fn reset_view(&mut self) {
        *self.view_mut() = W::View::default();
    }

    fn save_view(&self) -> String {
        ron::to_string(self.view()).unwrap_or_default()
    }

    fn load_view(&mut self, text: &str) {
        if let Ok(v) = ron::from_str::<W::View>(text) {
            *self.view_mut() = v;
        }
    }
}

/// Where the pseudo-code pane goes this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pane {
    Off,
    Beside,
    Strip,
}

/// Beside the pseudo-code pane the picture may get this share of its preferred narrowest
/// width ([`Regions::picture_min`]) before the pane goes below it instead.
const PICTURE_SQUEEZE: f32 = 0.8;

/// The two regions that scroll when their content does not fit.
#[derive(Clone, Copy)]
enum Side {
    Controls,
    Numbers,
}

/// The regions of a workspace whose content must fit (controls and numbers scroll).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Region {
    /// The schedule itself.
    Picture,
    /// The comparison plots.
    Plots,
    /// The 2-D parameter map (shown instead of the workspace).
    Map,
}

/// Where a region was drawn this frame: the room it had and the extent its content took (a
/// content larger than its room, outside a scroll area, is clipped on screen).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Drawn {
    /// Which region.
    pub region: Region,
    /// The room it had.
    pub room: egui::Rect,
    /// What its content took (`room` when it scrolls).
    pub content: egui::Rect,
}

/// Draws a region, in a vertical scroll area if `scroll`, and measures it.
fn measured(ui: &mut Ui, region: Region, scroll: bool, add: impl FnOnce(&mut Ui)) -> Drawn {
    let room = ui.max_rect();
    let content = if scroll {
        egui::ScrollArea::vertical().show(ui, add);
        room
    } else {
        add(ui);
        ui.min_rect()
    };
    Drawn {
        region,
        room,
        content,
    }
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
/// model; presenter mode starts with only the picture and the plots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Shown {
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
    /// Set by the shell when picture and plots do not fit side by side.
    #[serde(skip)]
    pub narrow: bool,
}

impl Default for Shown {
    fn default() -> Self {
        Shown {
            controls: true,
            plots: true,
            numbers: true,
            pseudocode: true,
            pseudocode_first: false,
            front: Region::Picture,
            hide_future: false,
            narrow: false,
        }
    }
}

impl Shown {
    /// What presenter mode starts with: the picture as big as the window allows, the
    /// pseudo-code beside it where it fits besides the plots and a strip under the picture
    /// otherwise ("Pseudo-code beside ▸" brings it beside), the plots (in turn with the
    /// picture when the window is narrow).
    pub const PRESENTER: Shown = Shown {
        controls: false,
        plots: true,
        numbers: false,
        pseudocode: true,
        pseudocode_first: false,
        front: Region::Picture,
        hide_future: false,
        narrow: false,
    };

    /// The strip of toggles above the workspace: one row whenever the window allows, with the
    /// panels' short captions ("Controls" for "Controls panel") when the long ones would wrap.
    fn toggles(&mut self, ui: &mut Ui) {
        const LONG: [&str; 4] = [
            "Controls panel",
            "Plots panel",
            "Numbers panel",
            "Pseudo-code panel",
        ];
        const SHORT: [&str; 4] = ["Controls", "Plots", "Numbers", "Pseudo-code"];
        const FRONT: [&str; 3] = ["In front:", "Picture", "Plots"];
        let front = self.plots && self.narrow;
        let rest = buttons_width(ui, &["Show:", crate::ui::reveal::CAPTION])
            + if front {
                buttons_width(ui, &FRONT)
            } else {
                0.0
            }
            + 2.0 * ui.spacing().item_spacing.x * 2.0;
        let caps = if rest + buttons_width(ui, &LONG) <= ui.available_width() {
            LONG
        } else {
            SHORT
        };
        // Wrapped: at large type on a small screen the toggles may still take two rows.
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new("Show:").weak());
            ui.toggle_value(&mut self.controls, caps[0])
                .on_hover_text("The instance and algorithm controls (left)");
            ui.toggle_value(&mut self.plots, caps[1])
                .on_hover_text("The comparison plots (right, or in turn with the picture)");
            ui.toggle_value(&mut self.numbers, caps[2])
                .on_hover_text("The numbers table (bottom)");
            ui.toggle_value(&mut self.pseudocode, caps[3])
                .on_hover_text(
                    "The algorithm's pseudo-code, the current step's lines highlighted, and why \
                     (beside the picture, or a strip below it on a narrow window)",
                );
            ui.separator();
            ui.toggle_value(&mut self.hide_future, crate::ui::reveal::CAPTION)
                .on_hover_text(
                    "Draw only what has happened by the step bar: plots up to the current \
                     step, no later arrows, nodes or bars, and the final numbers only at the \
                     end (H)",
                );
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
        });
    }
}

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

/// A callback for background jobs: repaint when progress moves or the result lands.
pub fn repainter(ctx: &egui::Context) -> impl Fn() + Send + Sync + 'static {
    let c = ctx.clone();
    move || c.request_repaint()
}

/// The last parameters that failed validation and why, so a workspace validates each change
/// once and shows the reason next to the offending control.
pub struct Checked<P> {
    last: Option<(P, ParamError)>,
}

impl<P> Default for Checked<P> {
    fn default() -> Self {
        Checked { last: None }
    }
}

impl<P: Clone + PartialEq + Send + 'static> Checked<P> {
    /// Validates `params` (unless they are the ones already known invalid): the valid form,
    /// or None with the reason recorded.
    pub fn check<V>(
        &mut self,
        params: &P,
        validate: impl FnOnce(&P) -> Result<V, ParamError>,
    ) -> Option<V> {
        if self.of(params).is_some() {
            return None;
        }
        match validate(params) {
            Ok(v) => {
                self.last = None;
                Some(v)
            }
            Err(e) => {
                self.last = Some((params.clone(), e));
                None
            }
        }
    }

    /// [`check`](Self::check), then the evaluation of valid `params` by `work` in `job` (latest
    /// wins); invalid `params` clear `job`, so that no result of other parameters stays on
    /// screen beside the error. The valid form, for the workspace's further jobs.
    pub fn evaluate<V: Clone + Send + 'static, T: Send + 'static>(
        &mut self,
        ctx: &egui::Context,
        params: &P,
        validate: impl FnOnce(&P) -> Result<V, ParamError>,
        (job, label): (&mut Keyed<P, T>, &str),
        work: impl FnOnce(V, &dyn Progress) -> Result<T, Cancelled> + Send + 'static,
    ) -> Option<V> {
        let Some(valid) = self.check(params, validate) else {
            job.clear();
            return None;
        };
        let v = valid.clone();
        job.request(params.clone(), label, repainter(ctx), move |p| work(v, p));
        Some(valid)
    }

    /// Why `params` are invalid, if they are.
    pub fn of(&self, params: &P) -> Option<&ParamError> {
        self.last
            .as_ref()
            .filter(|(p, _)| p == params)
            .map(|(_, e)| e)
    }
}

/// In the picture: why nothing runs on these parameters.
pub fn nothing_runs(ui: &mut Ui, reason: &str) {
    error_label(ui, format!("Nothing runs on this instance: {reason}"));
}

/// In the plots: that they wait for valid parameters.
pub fn nothing_plotted(ui: &mut Ui) {
    error_label(ui, "Nothing is plotted until the instance is valid.");
}

/// What a picture shows of a run that is a job keyed by the parameters: its result, or else
/// why the parameters are invalid, or a spinner while it is `doing` its work.
pub fn run_or_reason<'a, P, T>(
    ui: &mut Ui,
    checked: &Checked<P>,
    run: &'a Keyed<P, T>,
    params: &P,
    doing: &str,
) -> Option<&'a T>
where
    P: Clone + PartialEq + Send + 'static,
    T: Send + 'static,
{
    if let Some(e) = checked.of(params) {
        nothing_runs(ui, &e.message);
        return None;
    }
    let result = run.for_key(params);
    if result.is_none() {
        busy(ui, doing);
    }
    result
}
