//! Two views every workspace shares, written once in the shell:
//!
//! * **Map**: two parameters and a metric of the front model ([`crate::report::map`]), as a
//!   heat map with a colour bar and contours, computed in the background (a coarse subgrid
//!   first, then the rest, cancellable); hovering reads a cell's exact value, clicking loads
//!   that instance into the workspace (an ordinary edit of the scenario, so Undo takes it
//!   back); the map exports as CSV.
//! * **Compare A/B** ([`crate::ui::compare`]): "Pin as A" keeps the current scenario; the
//!   pictures of A and B then step together side by side, their plots are overlaid, and a
//!   table shows A, B (the current scenario), B − A and B ÷ A for every headline number.

use egui::{RichText, Ui};

use crate::jobs::{JobHandle, JobStatus, Keyed};
use crate::model::ParamError;
use crate::model::map::{Axis, Grid, Scale as Spacing};
use crate::model::num::parse_real;
use crate::model::registry::{ModelId, Scenario};
use crate::platform::cells;
use crate::report::format::{Precision, number};
use crate::report::map::{MapPlan, MapRequest, metrics, params};
use crate::ui::commands::{Cmd, Switch, View, command};
use crate::ui::frame::repainter;
use crate::ui::widgets::heatmap::{HeatSpec, heatmap};
use crate::ui::widgets::{busy, error_label};
use crate::ui::workspace::{Drawn, OnScreen, Tab};

pub use crate::ui::compare::{Compare, CompareRow, compare_rows, headline_numbers};

mod controls;

/// One axis as edited.
#[derive(Debug, Clone, PartialEq)]
struct AxisEdit {
    param: usize,
    lo: String,
    hi: String,
    points: usize,
    log: bool,
}

impl AxisEdit {
    fn of(model: ModelId, param: usize, points: usize) -> AxisEdit {
        let p = &params(model)[param];
        let (lo, hi, log) = p.default;
        AxisEdit {
            param,
            lo: number(lo, Precision::Exact),
            hi: number(hi, Precision::Exact),
            points,
            log,
        }
    }

    fn axis(&self, model: ModelId) -> Result<Axis, String> {
        let lo = parse_real(&self.lo).map_err(|e| format!("from: {e}"))?;
        let hi = parse_real(&self.hi).map_err(|e| format!("to: {e}"))?;
        let scale = if self.log {
            Spacing::Log
        } else {
            Spacing::Linear
        };
        let a = Axis::new(params(model)[self.param].name, lo, hi, self.points, scale);
        a.check_named(["“from”", "“to”"])?;
        Ok(a)
    }
}

/// A model's map settings.
#[derive(Debug, Clone, PartialEq)]
struct Settings {
    x: AxisEdit,
    y: AxisEdit,
    metric: usize,
    samples: usize,
}

impl Settings {
    fn of(model: ModelId) -> Settings {
        Settings {
            x: AxisEdit::of(model, 0, 32),
            y: AxisEdit::of(model, 1, 32),
            metric: 0,
            samples: 5,
        }
    }
}

/// Whether `s` are `model`'s default map settings, or those with both axes' points halved by
/// the fit to `fitted_to` ([`MapView::refused`]): only these halve their points by
/// themselves. Points the user typed are theirs, halved only on asking — 100 typed on one axis
/// where the other had 100 was silently halved to 50 × 50, where 120 offered "Try 50 × 60".
fn untouched(s: &Settings, model: ModelId, fitted_to: Option<usize>) -> bool {
    let mut default = Settings::of(model);
    if *s == default {
        return true;
    }
    let Some(to) = fitted_to else {
        return false;
    };
    (default.x.points, default.y.points) = (to, to);
    *s == default
}

/// The fewest points per axis the default axes are halved to ([`MapView::refused`]).
const MIN_FIT_POINTS: usize = 4;

/// The default axes' points halved until the map of one instance fitted the limits
/// ([`MapView::refused`]).
#[derive(Debug, Clone)]
struct Fitted {
    /// The default points per axis.
    from: usize,
    /// The points the axes were halved to.
    to: usize,
    /// The instance they fit: the map's base scenario ([`MapRequest::base`]).
    base: Scenario,
}

/// Which part of a map a job computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pass {
    Coarse,
    Fine,
}

/// A map's plan and its grid so far, or why it is refused.
pub type Planned = Result<(MapPlan, Grid), ParamError>;

/// The map view.
pub struct MapView {
    /// A click on a cell loaded its instance this frame (the workspace comes back).
    cell_loaded: bool,
    settings: [Settings; ModelId::ALL.len()],
    /// The plan (checked off the UI thread: its cost estimate visits every cell) and the grid
    /// so far, or why the map is refused.
    grid: Keyed<(MapRequest, Pass), Planned>,
    hovered: Option<(usize, usize)>,
    /// Per model: the default axes' points halved so that the map of one instance fits the
    /// limits ([`MapView::refused`]), while the axes stay the defaults.
    fitted: [Option<Fitted>; ModelId::ALL.len()],
    csv_path: String,
    saved: Option<Result<String, String>>,
}

impl Default for MapView {
    fn default() -> Self {
        MapView {
            cell_loaded: false,
            settings: ModelId::ALL.map(Settings::of),
            grid: Keyed::default(),
            hovered: None,
            fitted: Default::default(),
            csv_path: "map.csv".into(),
            saved: None,
        }
    }
}

/// The shell's map and comparison state.
#[derive(Default)]
pub struct Maps {
    /// The map view.
    pub map: MapView,
    /// Compare A/B.
    pub compare: Compare,
    /// What is in front (Compare only counts while the front model has an A pinned).
    front: View,
}

/// The height (points) of the Compare A/B table under a workspace or the map.
const COMPARE_BELOW: f32 = 230.0;
/// The least height the map keeps for its controls and cells; below it the Compare A/B table
/// under the map is left out (Compare A/B itself shows A and B).
const MAP_LEAST_HEIGHT: f32 = 320.0;

impl Maps {
    /// Pins `a` as scenario A of its model (a compare preset was opened) and shows the
    /// compare view.
    pub fn pin(&mut self, a: Scenario) {
        self.compare.pin(a);
        self.front = View::Compare;
    }

    /// What is in front for `model`: Compare only while it has an A pinned.
    pub fn front(&self, model: ModelId) -> View {
        match self.front {
            View::Compare if self.pinned(model).is_none() => View::Workspace,
            v => v,
        }
    }

    /// Brings view `v` of `scenario`'s model to the front; Compare pins the scenario as A
    /// unless an A is pinned already.
    pub fn show(&mut self, v: View, scenario: &Scenario) {
        if v == View::Compare && self.pinned(scenario.model()).is_none() {
            self.pin(scenario.clone());
        }
        self.front = v;
    }

    /// The map on or off; off goes back to Compare when `model` has an A pinned.
    pub fn toggle_map(&mut self, model: ModelId) {
        self.front = match self.front(model) {
            View::Map => self.after_map(model),
            _ => View::Map,
        };
    }

    /// What the map gives way to: Compare when `model` has an A pinned, else the workspace.
    fn after_map(&self, model: ModelId) -> View {
        if self.pinned(model).is_some() {
            View::Compare
        } else {
            View::Workspace
        }
    }

    /// The pinned scenario A of `model`, if any.
    pub fn pinned(&self, model: ModelId) -> Option<&Scenario> {
        self.compare.pinned(model)
    }

    /// The running job, for the status bar.
    pub fn status(&mut self) -> Option<JobStatus> {
        self.map
            .grid
            .status()
            .or_else(|| self.compare.status(self.front == View::Compare))
    }

    /// Takes in what every job finished, shown or not (the app does every frame, so a map
    /// left while it computed, or A's run under Compare's results, leaves the status bar).
    pub fn poll_jobs(&mut self) {
        JobHandle::poll(&mut self.map.grid);
        self.compare.poll_jobs();
    }

    /// Cancels every job.
    pub fn cancel(&mut self) {
        self.map.grid.cancel();
        self.compare.cancel();
    }

    /// The front workspace with the shared strip (Map, Pin as A) above it, the comparison
    /// below it when A is pinned, and the map instead of it when open.
    pub fn central(
        &mut self,
        ui: &mut Ui,
        tab: &mut dyn Tab,
        scenario: &mut Scenario,
        shown: &mut OnScreen,
    ) -> Vec<Drawn> {
        let model = scenario.model();
        // On the stage the app draws the strip across the window ([`Maps::stage_strip`]).
        if !shown.stage {
            egui::Panel::top("maps-strip").show(ui, |ui| self.strip(ui, scenario, true));
        }
        let front = self.front(model);
        if front == View::Compare {
            return self.compare.view(ui, (tab, scenario), shown);
        }
        // The A/B table under the map only where the map keeps room to be read (at 720p in
        // presenter mode the table took the lower half and the map was not drawn at all).
        let map_room = ui.available_height() - COMPARE_BELOW;
        let table = front != View::Map || map_room >= MAP_LEAST_HEIGHT;
        if table && self.compare.pinned(model).is_some() {
            egui::Panel::bottom("compare")
                .resizable(true)
                .default_size(COMPARE_BELOW)
                .min_size(80.0)
                .max_size(ui.available_height() * 0.45)
                .show(ui, |ui| {
                    // Fill the panel's height whatever is shown (a spinner at first), so it
                    // keeps the size it was given.
                    ui.set_min_height(ui.available_height());
                    self.compare.table_below(ui, scenario)
                });
        }
        if front == View::Map {
            let r = egui::CentralPanel::default().show(ui, |ui| self.map.show(ui, scenario));
            if std::mem::take(&mut self.map.cell_loaded) {
                self.front = self.after_map(model);
            }
            vec![Drawn::filling(
                crate::ui::workspace::Region::Map,
                r.response.rect,
            )]
        } else {
            tab.show(ui, scenario, shown)
        }
    }

    /// Draws the map view alone into `ui` (as [`Maps::central`] draws it when open: inside
    /// the central panel's frame, whose rect is the map's region), for a figure export.
    pub fn draw_map(&mut self, ui: &mut Ui, scenario: &mut Scenario) {
        egui::Frame::central_panel(ui.style()).show(ui, |ui| self.map.show(ui, scenario));
    }

    /// The stage's row across the window (above the drawer): the strip, then the workspace's
    /// toggles where they fit beside it in one row. True when they did not: the app draws
    /// them over the picture after the drawer ([`Maps::stage_toggles`]), so the strip never
    /// wraps and the drawer's Back and Next stay put (at 1280 × 720, A pinned and the map
    /// open wrapped it, and Next dropped 34 px under the pointer).
    pub fn stage_strip(&mut self, ui: &mut Ui, scenario: &Scenario, shown: &mut OnScreen) -> bool {
        // Compare has its own toggles (its bar).
        let toggles = self.front(scenario.model()) != View::Compare;
        let width = if toggles {
            shown.toggles_width(ui)
        } else {
            0.0
        };
        let mut rest = false;
        egui::Panel::top("maps-strip").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                // In a phone's column the drawer, with Back and Next, stands at the foot of
                // the window, and a strip that wraps moves nothing under the pointer.
                self.strip(ui, scenario, crate::ui::frame::in_column(ui.ctx()));
                if !toggles {
                    return;
                }
                let room = ui.available_size_before_wrap().x - 2.0 * ui.spacing().item_spacing.x;
                if width <= room {
                    ui.separator();
                    shown.toggles(ui);
                } else {
                    rest = true;
                }
            });
        });
        rest
    }

    /// The workspace's toggles over the picture (the stage's, where they did not fit beside
    /// the strip), wrapping there.
    pub fn stage_toggles(ui: &mut Ui, shown: &mut OnScreen) {
        egui::Panel::top("stage toggles").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| shown.toggles(ui));
        });
    }

    /// Map, Pin as A and, with A pinned, Compare A/B and Unpin A: in one row, or wrapping
    /// where `wrap` (on a phone held upright Unpin A stood past the window's edge).
    fn strip(&mut self, ui: &mut Ui, scenario: &Scenario, wrap: bool) {
        match wrap {
            true => ui.horizontal_wrapped(|ui| self.strip_row(ui, scenario)),
            false => ui.horizontal(|ui| self.strip_row(ui, scenario)),
        };
    }

    fn strip_row(&mut self, ui: &mut Ui, scenario: &Scenario) {
        let model = scenario.model();
        let map = command(&Cmd::Toggle(Switch::Map));
        let mut on = self.front(model) == View::Map;
        if ui
            .toggle_value(&mut on, map.caption)
            .on_hover_text(map.tooltip)
            .changed()
        {
            self.toggle_map(model);
        }
        ui.separator();
        if ui
            .button("Pin as A")
            .on_hover_text(
                "Keep this scenario as A; change anything and compare it (B) side by side",
            )
            .clicked()
        {
            self.pin(scenario.clone());
        }
        if self.compare.pinned(model).is_some() {
            let mut on = self.front == View::Compare;
            if ui
                .toggle_value(&mut on, "Compare A/B")
                .on_hover_text(
                    "A's and B's pictures stepping together, their plots overlaid and the \
                         table of numbers (off: the workspace with the table under it)",
                )
                .changed()
            {
                self.front = if on { View::Compare } else { View::Workspace };
            }
            if ui
                .button("Unpin A")
                .on_hover_text("Forget A and go back to the workspace")
                .clicked()
            {
                self.compare.unpin(model);
            }
        }
    }
}

impl MapView {
    /// The request of the current settings for `scenario`'s model, with the scenario's other
    /// parameters (the two swept ones set to their first values, so loading a cell does not
    /// start the map again).
    fn request(&self, scenario: &Scenario) -> Result<MapRequest, String> {
        let model = scenario.model();
        let s = &self.settings[model.index()];
        let x = s.x.axis(model).map_err(|e| format!("x: {e}"))?;
        let y = s.y.axis(model).map_err(|e| format!("y: {e}"))?;
        let mut base = scenario.clone();
        let ps = params(model);
        ps[s.x.param].set(&mut base, x.lo);
        ps[s.y.param].set(&mut base, y.lo);
        if let Scenario::Redistribute(p) = &mut base {
            p.instance = Default::default();
        }
        Ok(MapRequest {
            base,
            x,
            y,
            metric: metrics(model)[s.metric].name.to_string(),
            samples: s.samples,
        })
    }

    /// The map a freshly opened view computes for `scenario` (its model's default axes,
    /// metric and samples).
    pub fn default_request(scenario: &Scenario) -> Result<MapRequest, String> {
        MapView::default().request(scenario)
    }

    /// Sets every model's map to `n` × `n` points (the web page's test hook).
    pub fn set_points(&mut self, n: usize) {
        for s in &mut self.settings {
            s.x.points = n;
            s.y.points = n;
        }
    }

    /// Sets `model`'s map axes to `x` and `y`, written as `loadlab map`'s (`n=2..400:64`,
    /// `p=1..256:64:log`), or says why not (the web page's test hook).
    pub fn set_axes(&mut self, model: ModelId, x: &str, y: &str) -> Result<(), String> {
        let edit = |text: &str| -> Result<AxisEdit, String> {
            let a = Axis::parse(text)?;
            let param = params(model)
                .iter()
                .position(|p| p.name == a.param)
                .ok_or_else(|| format!("{}: no map parameter {:?}", model.name(), a.param))?;
            Ok(AxisEdit {
                param,
                lo: number(a.lo, Precision::Exact),
                hi: number(a.hi, Precision::Exact),
                points: a.points,
                log: a.scale == Spacing::Log,
            })
        };
        let (x, y) = (edit(x)?, edit(y)?);
        let s = &mut self.settings[model.index()];
        s.x = x;
        s.y = y;
        Ok(())
    }

    /// The map once every cell is in: its request, plan and grid (the web page's test hook
    /// compares its JSON with the desktop's).
    pub fn finished(&self) -> Option<(&MapRequest, &MapPlan, &Grid)> {
        match self.grid.latest_keyed() {
            Some(((request, _), Ok((plan, grid)))) if grid.complete() => {
                Some((request, plan, grid))
            }
            _ => None,
        }
    }

    /// Whether a job of the map (coarse or refining) is running.
    pub fn busy(&self) -> bool {
        self.grid.status().is_some()
    }

    /// The map view alone (what [`Maps::central`] shows when the map is open), for
    /// benchmarks and tests that draw it without the app.
    pub fn show_alone(&mut self, ui: &mut Ui, scenario: &mut Scenario) {
        self.show(ui, scenario)
    }

    /// The map view for the front scenario; a click loads a cell into it.
    fn show(&mut self, ui: &mut Ui, scenario: &mut Scenario) {
        let model = scenario.model();
        JobHandle::poll(&mut self.grid);
        self.controls(ui, model);
        // A cell is the question's run, or its neighbour: the map waits for the answer.
        if crate::ui::frame::secret(ui.ctx()).is_some_and(|s| s.on_shown_run) {
            ui.label(RichText::new(HELD).weak());
            return;
        }
        let mut req = match self.request(scenario) {
            Ok(r) => r,
            Err(e) => {
                error_label(ui, format!("⚠ {e}"));
                return;
            }
        };
        if self.unfit(model, &req.base)
            && let Ok(r) = self.request(scenario)
        {
            req = r;
        }
        self.request_jobs(ui.ctx(), &req);
        let (plan, grid) = match self.grid.latest_keyed() {
            Some(((r, pass), Ok((p, g)))) if *r == req => {
                (Some(p.clone()), Some((g.clone(), *pass)))
            }
            Some(((r, _), Err(e))) if *r == req => {
                let e = e.clone();
                self.refused(ui, &req.base, &e);
                return;
            }
            _ => (None, None),
        };
        self.status_row(ui, grid.as_ref(), plan.as_ref());
        let m = model.index();
        let s = &self.settings[m];
        match self.fitted[m].as_ref().map(|f| (f.from, f.to)) {
            Some((from, to)) if untouched(s, model, Some(to)) && s.x.points == to => {
                let limit = number(crate::model::budget::SECONDS, Precision::Estimate);
                ui.label(
                    RichText::new(format!(
                        "The default {from} × {from} points would take more than the limit of \
                         {limit} s of work on this instance: {to} × {to} instead."
                    ))
                    .weak(),
                );
            }
            Some(_) => self.fitted[m] = None,
            None => {}
        }
        let (Some((grid, _)), Some(plan)) = (grid, plan) else {
            busy(ui, "computing the coarse map");
            return;
        };
        // The read-out of the hovered cell (or a hint), above the map: one line of fixed
        // height, cut with "…" when too long (the whole text on hover), so the map never
        // moves under the pointer. Figures in monospace, so they do not jitter as the pointer
        // moves; the hint in the body's font, narrower.
        match self.hovered {
            Some((ix, iy)) if ix < grid.x.len() && iy < grid.y.len() => {
                one_line(
                    ui,
                    RichText::new(hover_line(&plan, &grid, ix, iy)).monospace(),
                );
            }
            _ => {
                let hint = "Hover a cell for its value; click it to load that instance.";
                let guides = plan.guides().into_iter().map(|g| format!(" {}.", g.name));
                let text: String = std::iter::once(hint.to_string()).chain(guides).collect();
                one_line(ui, RichText::new(text));
            }
        }
        let levels: &[f64] = if plan.metric.ratio {
            &[1.0, 2.0, 0.5]
        } else {
            &[]
        };
        let spec = HeatSpec {
            x_name: plan.x.symbol,
            y_name: plan.y.symbol,
            metric: plan.metric.written(),
            caption: plan.metric.help,
            ratio: plan.metric.ratio,
            levels,
            log: (req.x.scale == Spacing::Log, req.y.scale == Spacing::Log),
            guides: &plan.guides(),
        };
        let r = heatmap(ui, &grid, &spec, ui.available_size());
        self.hovered = r.hovered.or(if ui.rect_contains_pointer(ui.max_rect()) {
            self.hovered
        } else {
            None
        });
        if let Some((ix, iy)) = r.clicked {
            *scenario = plan.instance_at(ix, iy);
            self.cell_loaded = true;
        }
    }

    /// The row above the map: its progress (or size, or Cancelled with Recompute), the CSV
    /// path with Export CSV once the map is in, and how the last export went.
    fn status_row(&mut self, ui: &mut Ui, grid: Option<&(Grid, Pass)>, plan: Option<&MapPlan>) {
        ui.horizontal_wrapped(|ui| {
            match grid {
                Some((g, Pass::Fine)) if g.complete() => {
                    let mut done = format!(
                        "{} × {} cells, {} failed",
                        g.x.len(),
                        g.y.len(),
                        g.failures().len()
                    );
                    // A map of one colour says so in words (its legend has one tick).
                    if let (Some(v), Some(plan)) = (g.constant(), plan) {
                        let v = number(v, Precision::Readout);
                        done.push_str(&format!(" · every cell: {} = {v}", plan.metric.written()));
                    }
                    ui.label(done);
                }
                _ if self.grid.was_cancelled() => {
                    ui.label("Cancelled.");
                    if ui.button("Recompute").clicked() {
                        self.grid.retry();
                    }
                }
                _ => {
                    let f = self.grid.status().map_or(0.0, |s| s.fraction);
                    let pass = if grid.is_some() {
                        "refining"
                    } else {
                        "coarse map"
                    };
                    let done = format!("{pass} {:.0} %", 100.0 * f.clamp(0.0, 1.0));
                    ui.add(egui::ProgressBar::new(f).desired_width(140.0).text(done));
                    if ui.button("Cancel").clicked() {
                        self.grid.cancel();
                    }
                }
            }
            ui.separator();
            ui.add(egui::TextEdit::singleline(&mut self.csv_path).desired_width(140.0))
                .accessible_name("CSV file");
            if let (Some((g, _)), Some(plan)) = (grid, plan)
                && ui
                    .button("Export CSV")
                    .on_hover_text("Write the map (one line per y value) to this file")
                    .clicked()
            {
                self.saved = Some(
                    crate::platform::files::write(
                        std::path::Path::new(&self.csv_path),
                        plan.csv(g).as_bytes(),
                    )
                    .map(|()| format!("Saved {}", self.csv_path))
                    .map_err(|e| format!("Could not save {}: {e}", self.csv_path)),
                );
            }
            match &self.saved {
                Some(Ok(t)) => {
                    ui.label(RichText::new(t).weak());
                }
                Some(Err(t)) => {
                    error_label(ui, t);
                }
                None => {}
            }
        });
    }

    /// A map refused: why, and where its cost alone refused it, fewer points. The default
    /// axes halve their points by themselves until the map fits (a ring loaded from the gap
    /// lab made the default 32 × 32 map of rings "more than the limit of 10 s"); axes the
    /// user set offer the halving as a button.
    fn refused(&mut self, ui: &mut Ui, base: &Scenario, e: &ParamError) {
        error_label(ui, format!("⚠ {}: {}", e.field, e.message));
        let model = base.model();
        let s = &mut self.settings[model.index()];
        let points = s.x.points.max(s.y.points);
        if e.field != "map" || points <= MIN_FIT_POINTS {
            return;
        }
        let half = |n: usize| (n / 2).max(MIN_FIT_POINTS.min(n));
        let untouched = untouched(s, model, self.fitted[model.index()].as_ref().map(|f| f.to));
        let halving = format!("{} × {} points", half(s.x.points), half(s.y.points));
        if untouched {
            let fitted = &mut self.fitted[model.index()];
            let from = fitted.as_ref().map_or(points, |f| f.from);
            *fitted = Some(Fitted {
                from,
                to: half(points),
                base: base.clone(),
            });
        } else if !ui
            .button(format!("Try {halving}"))
            .on_hover_text("Halve the points of both axes: a quarter of the cells")
            .clicked()
        {
            return;
        }
        (s.x.points, s.y.points) = (half(s.x.points), half(s.y.points));
        ui.ctx().request_repaint();
    }

    /// Puts `model`'s default points back when they were halved to fit another instance than
    /// `base` (a ring loaded from the gap lab, then another scenario: the halved points
    /// stayed, and the note said "on this instance" of the other one); the map then fits
    /// them again ([`MapView::refused`]). True when it did.
    fn unfit(&mut self, model: ModelId, base: &Scenario) -> bool {
        let m = model.index();
        let Some(f) = self.fitted[m].take_if(|f| f.base != *base) else {
            return false;
        };
        let s = &mut self.settings[m];
        if untouched(s, model, Some(f.to)) && s.x.points == f.to {
            (s.x.points, s.y.points) = (f.from, f.from);
            return true;
        }
        false
    }

    /// Asks for the coarse map, then the rest once the coarse one is in.
    fn request_jobs(&mut self, ctx: &egui::Context, req: &MapRequest) {
        let coarse_done = matches!(
            self.grid.latest_keyed(),
            Some(((r, _), _)) if r == req
        );
        if !coarse_done {
            let r2 = req.clone();
            self.grid.request(
                (req.clone(), Pass::Coarse),
                "Map: coarse",
                repainter(ctx),
                move |progress| coarse_map(&r2, progress),
            );
        } else if let Some(((r, Pass::Coarse), Ok((p, g)))) = self.grid.latest_keyed()
            && r == req
        {
            let (p, mut g) = (p.clone(), g.clone());
            self.grid.request(
                (req.clone(), Pass::Fine),
                "Map: refining",
                repainter(ctx),
                move |progress| {
                    let at = g.missing();
                    let r = cells::compute(&p, &at, progress)?;
                    g.fill(&at, r);
                    Ok(Ok((p, g)))
                },
            );
        }
    }
}

/// `text` on one line of fixed height (the taller of monospace and body text), cut with "…"
/// when too long.
fn one_line(ui: &mut Ui, text: RichText) {
    let style = |s| ui.text_style_height(&s);
    let height = style(egui::TextStyle::Monospace).max(style(egui::TextStyle::Body)) + 2.0;
    let (line, _) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), height),
        egui::Sense::hover(),
    );
    ui.put(line, egui::Label::new(text).truncate());
}

/// What the map says in its place while a question is open on the instance: each cell is a
/// run like the question's, one of them the question's own.
pub const HELD: &str = "The map waits for your answer: one of its cells is the question's own \
                        run, and its neighbours tell its value. Answer and Reveal (Lesson tab), \
                        then the map draws.";

/// The read-out of cell (ix, iy): its parameters and its metric by their symbols (as the axes
/// and the paper name them) and its value, to 4 significant digits.
fn hover_line(plan: &MapPlan, grid: &Grid, ix: usize, iy: usize) -> String {
    let n = |v: f64| number(v, Precision::Readout);
    let value = match &grid.cells[iy][ix] {
        Some(Ok(v)) => n(*v),
        Some(Err(e)) => format!("failed: {e}"),
        None => "not computed yet".into(),
    };
    let at = |values: &[f64], i: usize| values.get(i).copied().map_or("?".into(), n);
    format!(
        "{} = {}, {} = {}: {} = {value}  (click to load)",
        plan.x.symbol,
        at(&plan.x_values, ix),
        plan.y.symbol,
        at(&plan.y_values, iy),
        plan.metric.written()
    )
}

/// The first pass of a map job: the plan (its cost check) and the coarse subgrid, what the
/// view shows first.
pub fn coarse_map(
    req: &MapRequest,
    progress: &dyn crate::model::Progress,
) -> Result<Planned, crate::model::Cancelled> {
    let p = match req.plan() {
        Ok(p) => p,
        Err(e) => return Ok(Err(e)),
    };
    let mut g = p.grid();
    let at = p.coarse();
    let r = cells::compute(&p, &at, progress)?;
    g.fill(&at, r);
    Ok(Ok((p, g)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinning_opens_the_compare_view_and_unpinning_forgets_a() {
        let mut maps = Maps::default();
        let a = ModelId::Geodecay.default_scenario();
        maps.show(View::Workspace, &a);
        maps.pin(a.clone());
        assert_eq!(maps.front(ModelId::Geodecay), View::Compare);
        assert_eq!(maps.pinned(ModelId::Geodecay), Some(&a));
        assert_eq!(maps.pinned(ModelId::Ksbf), None);
        // Another model without an A shows its workspace.
        assert_eq!(maps.front(ModelId::Ksbf), View::Workspace);
        maps.compare.unpin(ModelId::Geodecay);
        assert_eq!(maps.pinned(ModelId::Geodecay), None);
        assert_eq!(maps.front(ModelId::Geodecay), View::Workspace);
    }

    #[test]
    fn the_map_gives_way_to_compare_when_a_is_pinned_and_to_the_workspace_otherwise() {
        let mut maps = Maps::default();
        let a = ModelId::Ksbf.default_scenario();
        maps.toggle_map(ModelId::Ksbf);
        assert_eq!(maps.front(ModelId::Ksbf), View::Map);
        maps.toggle_map(ModelId::Ksbf);
        assert_eq!(maps.front(ModelId::Ksbf), View::Workspace);
        maps.show(View::Compare, &a);
        assert_eq!(
            maps.pinned(ModelId::Ksbf),
            Some(&a),
            "Compare pins the scenario"
        );
        maps.toggle_map(ModelId::Ksbf);
        assert_eq!(maps.front(ModelId::Ksbf), View::Map);
        maps.toggle_map(ModelId::Ksbf);
        assert_eq!(maps.front(ModelId::Ksbf), View::Compare);
    }
}
