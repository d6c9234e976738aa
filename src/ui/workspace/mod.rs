//! The one shape every model's workspace has.
//!
//! A model implements [`Workspace`]: its controls, picture, plots and numbers as four regions,
//! its step count, its background jobs (as [`JobHandle`]s) and its help text
//! ([`Workspace::HELP`]); its name comes from the model's registry row. The shell — the
//! blanket [`Tab`] implementation below, which the app holds one of per model — lays the
//! regions out (`layout`), polls the jobs once per frame, routes stepping shortcuts,
//! cancels, resets the view, and persists it; `validate` holds the validation cache and
//! messages the workspaces share. A feature that concerns all five models is written here once.

mod layout;
mod validate;
mod view_state;

use egui::Ui;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::jobs::{JobHandle, JobStatus};
use crate::model::exercise::Tally;
use crate::model::registry::{ModelId, ModelParams, Scenario};
use crate::ui::help;
use crate::ui::widgets::form::Choice;
use crate::ui::widgets::pseudocode::PseudoStep;
use crate::ui::widgets::step_bar::StepState;

pub use crate::lesson::Region;
pub use crate::ui::commands::StepCmd;
pub use layout::{
    AREA_MARK, CENTRE_MARK, Drawn, LABEL_OVERHANG, LEAST_PICTURE, OnScreen, phone_page,
    short_rooms_scroll,
};
pub use validate::{Checked, nothing_plotted, nothing_runs, recompute, run_or_reason};
pub use view_state::ViewState;

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
    type View: Clone + PartialEq + Default + Serialize + DeserializeOwned + 'static;

    /// Room for the regions.
    const REGIONS: Regions = Regions::DEFAULT;
    /// Help ▸ About this model (F1): the paper, its conventions, what is simulated, findings.
    const HELP: &'static str;
    /// The fields of the parameters whose parts Compare's title names one by one (the ring's
    /// instance: δ, loads, costs…) instead of as one value.
    const NESTED: &'static [&'static str] = &[];

    /// Field `key` of `params` as the workspace's controls caption it ("balancing: none"),
    /// for Compare's title; None where the field's symbol and value say it.
    fn field_caption(_params: &Self::Params, _key: &str) -> Option<String> {
        None
    }

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
    /// The exercise of "Your turn" on these parameters ([`crate::ui::exercise`]): None when
    /// the model has none, `Err` with the reason when these parameters cannot make one.
    /// Called only while "Your turn" is on.
    fn exercise(&mut self, _params: &Self::Params) -> Option<crate::ui::exercise::Turn<'_>> {
        None
    }
    /// The exercise made for these parameters and its band, without making one: what a
    /// restart keeps ([`crate::ui::exercise::Slot::kept`]).
    fn kept_exercise(&self, _params: &Self::Params) -> Option<&crate::ui::exercise::Band> {
        None
    }
    /// Whether [`Workspace::exercise`] offers one (the "Your turn" switch is shown).
    const EXERCISE: bool = false;
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

/// [`Workspace::exercise`] and [`Workspace::kept_exercise`] of a workspace whose Your turn is
/// `self.turn` (an [`crate::ui::exercise::Slot`]) keyed by what `key` gives of its
/// parameters (the parameters themselves when no key is named), made by `make`.
macro_rules! exercise_slot {
    ($params:ty, $make:path) => {
        $crate::ui::workspace::exercise_slot!($params, |p| p, $make);
    };
    ($params:ty, |$p:ident| $key:expr, $make:path) => {
        fn kept_exercise(&self, $p: &$params) -> Option<&$crate::ui::exercise::Band> {
            self.turn.kept($key)
        }
        fn exercise(&mut self, $p: &$params) -> Option<$crate::ui::exercise::Turn<'_>> {
            Some(self.turn.get($key, $make))
        }
    };
}
pub(crate) use exercise_slot;

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
    fn show(&mut self, ui: &mut Ui, scenario: &mut Scenario, shown: &mut OnScreen) -> Vec<Drawn>;
    /// Draws one region (the picture or the plots) alone into `ui`, as [`Tab::show`] draws it
    /// there but never in a scroll area (all of it, for a figure export); playback is held
    /// still while it draws. With `turn` ("Your turn" on) the picture is the exercise's
    /// board, as the window shows it then (not the algorithm's solution).
    fn draw_region(&mut self, ui: &mut Ui, s: &mut Scenario, region: Region, turn: bool);
    /// Shows the picture tab and the plot named (names from [`crate::lesson::views`],
    /// matched ignoring case); an error names the valid ones.
    fn show_view(&mut self, picture: Option<&str>, plot: Option<&str>) -> Result<(), String>;
    /// The picture tab and the plot shown, by their names in [`crate::lesson::views`] (None
    /// where the model has nothing to choose): what a share link records.
    fn selection(&mut self) -> (Option<&'static str>, Option<&'static str>);
    /// Only the picture (with its step bar) of `scenario`, in the room `ui` has, scrolling
    /// vertically when it does not fit: Compare A/B draws two instances side by side this way.
    /// Polls the jobs and prepares first.
    fn show_picture_only(&mut self, ui: &mut Ui, scenario: &mut Scenario) -> Drawn;
    /// Only the controls or only the numbers of `scenario` (`region`; Compare A/B shows B's
    /// controls beside the two pictures, the stage's drawer either). Polls the jobs and
    /// prepares first.
    fn show_side(&mut self, ui: &mut Ui, scenario: &mut Scenario, region: Region);
    /// Only the numbers of `scenario` (the stage's drawer), or while "Your turn" is played
    /// with the future shown (`your_turn`) and not done, a note in their place. Polls the
    /// jobs and prepares first.
    fn show_numbers(&mut self, ui: &mut Ui, scenario: &mut Scenario, your_turn: bool);
    /// Takes in what the jobs finished (the app does every frame, so a job that ends while
    /// a map or Compare is in front leaves the status bar).
    fn poll_jobs(&mut self);
    /// Polls the jobs and prepares `scenario` without drawing (a headless render waits this
    /// way for the runs a figure needs).
    fn prepare_only(&mut self, ctx: &egui::Context, scenario: &Scenario);
    /// Number of step positions for `scenario` (1 when nothing steps, 0 when it is not this
    /// model's).
    fn steps_for(&self, scenario: &Scenario) -> usize;
    /// Applies a stepping command.
    fn step(&mut self, cmd: StepCmd, scenario: &Scenario);
    /// The score of the "Your turn" exercise on `scenario` (first tries, out of, complete);
    /// None when the model has none or the scenario makes none.
    fn exercise_score(&mut self, scenario: &Scenario) -> Option<Tally>;
    /// The log of the "Your turn" exercise on `scenario` (what Homework ▸ Hand in… writes);
    /// None when the model has none or the scenario makes none.
    fn exercise_log(
        &mut self,
        scenario: &Scenario,
    ) -> Option<Vec<crate::lesson::homework::replay::Entry>>;
    /// The log of the "Your turn" exercise on `scenario` if one was made and played (what a
    /// restart keeps); None otherwise. Makes none.
    fn exercise_kept(
        &self,
        scenario: &Scenario,
    ) -> Option<Vec<crate::lesson::homework::replay::Entry>>;
    /// Plays `log` on the "Your turn" exercise of `scenario` from its start (an opened
    /// attempt's step bar); false when there is no exercise.
    fn exercise_replay(
        &mut self,
        scenario: &Scenario,
        log: &[crate::lesson::homework::replay::Entry],
    ) -> bool;
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
    /// The view state by value (typed; Compare compares and copies it).
    fn view_state(&self) -> ViewState;
    /// Takes `view` when it is this workspace's type of view (another model's is ignored).
    fn set_view_state(&mut self, view: &ViewState);
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
        W::HELP
    }

    fn show(&mut self, ui: &mut Ui, scenario: &mut Scenario, shown: &mut OnScreen) -> Vec<Drawn> {
        match W::Params::of_mut(scenario) {
            Some(params) => layout::show(self, ui, params, shown),
            None => Vec::new(),
        }
    }

    fn draw_region(&mut self, ui: &mut Ui, s: &mut Scenario, region: Region, turn: bool) {
        let Some(params) = W::Params::of_mut(s) else {
            return;
        };
        let playing = std::mem::replace(&mut self.stepper().playing, false);
        match region {
            Region::Picture if turn && W::EXERCISE => {
                crate::ui::exercise::region(ui, self.exercise(params));
            }
            Region::Picture => self.picture(ui, params),
            Region::Plots => self.plots(ui, params),
            _ => {}
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

    fn selection(&mut self) -> (Option<&'static str>, Option<&'static str>) {
        // The name whose selection leaves the view as it is, is the one shown (one generic
        // reading for every workspace's own `select`).
        let model = W::Params::MODEL;
        let now = self.view().clone();
        let mut shown = |names: &'static [&'static str], picture: bool| {
            names.iter().copied().find(|n| {
                let (p, q) = if picture {
                    (Some(*n), None)
                } else {
                    (None, Some(*n))
                };
                self.select(p, q);
                let same = *self.view() == now;
                *self.view_mut() = now.clone();
                same
            })
        };
        let picture = shown(crate::lesson::views::pictures(model), true);
        let plot = shown(crate::lesson::views::plots(model), false);
        (picture, plot)
    }

    fn show_picture_only(&mut self, ui: &mut Ui, scenario: &mut Scenario) -> Drawn {
        let room = ui.max_rect();
        let Some(params) = W::Params::of_mut(scenario) else {
            return Drawn::filling(Region::Picture, room);
        };
        self.poll_jobs();
        self.prepare(ui.ctx(), params);
        layout::measured(ui, Region::Picture, true, |ui| self.picture(ui, params))
    }

    fn show_side(&mut self, ui: &mut Ui, scenario: &mut Scenario, region: Region) {
        let Some(params) = prepared(self, ui.ctx(), scenario) else {
            return;
        };
        match region {
            Region::Controls => self.controls(ui, params),
            Region::Numbers => self.numbers(ui, params),
            _ => {}
        }
    }

    fn show_numbers(&mut self, ui: &mut Ui, scenario: &mut Scenario, your_turn: bool) {
        if let Some(params) = prepared(self, ui.ctx(), scenario) {
            layout::numbers_or_wait(self, ui, params, your_turn);
        }
    }

    fn poll_jobs(&mut self) {
        for job in self.jobs() {
            job.poll();
        }
    }

    fn prepare_only(&mut self, ctx: &egui::Context, scenario: &Scenario) {
        let Some(params) = W::Params::of(scenario) else {
            return;
        };
        self.poll_jobs();
        self.prepare(ctx, params);
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

    fn exercise_score(&mut self, scenario: &Scenario) -> Option<Tally> {
        if !W::EXERCISE {
            return None;
        }
        let params = W::Params::of(scenario)?;
        match self.exercise(params)? {
            Ok((ex, _)) => Some(ex.tally()),
            Err(_) => None,
        }
    }

    fn exercise_log(
        &mut self,
        scenario: &Scenario,
    ) -> Option<Vec<crate::lesson::homework::replay::Entry>> {
        if !W::EXERCISE {
            return None;
        }
        let params = W::Params::of(scenario)?;
        match self.exercise(params)? {
            Ok((_, band)) => Some(band.log.clone()),
            Err(_) => None,
        }
    }

    fn exercise_kept(
        &self,
        scenario: &Scenario,
    ) -> Option<Vec<crate::lesson::homework::replay::Entry>> {
        let band = self.kept_exercise(W::Params::of(scenario)?)?;
        (!band.log.is_empty()).then(|| band.log.clone())
    }

    fn exercise_replay(
        &mut self,
        scenario: &Scenario,
        log: &[crate::lesson::homework::replay::Entry],
    ) -> bool {
        if !W::EXERCISE {
            return false;
        }
        let Some(params) = W::Params::of(scenario) else {
            return false;
        };
        match self.exercise(params) {
            Some(Ok((ex, band))) => {
                crate::ui::exercise::replay(ex, band, log);
                true
            }
            _ => false,
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

    fn view_state(&self) -> ViewState {
        ViewState::of(self.view())
    }

    fn set_view_state(&mut self, view: &ViewState) {
        if let Some(v) = view.get::<W::View>() {
            *self.view_mut() = v.clone();
        }
    }
}

/// `scenario`'s parameters for workspace `w` (None for another model's scenario), with `w`'s
/// jobs polled and `w` prepared for them: what every partial drawing does first.
fn prepared<'s, W: Workspace>(
    w: &mut W,
    ctx: &egui::Context,
    scenario: &'s mut Scenario,
) -> Option<&'s mut W::Params> {
    let params = W::Params::of_mut(scenario)?;
    w.poll_jobs();
    w.prepare(ctx, params);
    Some(params)
}
