//! Two views every workspace shares, written once in the shell:
//!
//! * **Map**: two parameters and a metric of the front model ([`crate::report::map`]), as a
//!   heat map with a colour bar and contours, computed in the background (a coarse subgrid
//!   first, then the rest, cancellable); hovering reads a cell's exact value, clicking loads
//!   that instance into the workspace (an ordinary edit of the scenario, so Undo takes it
//!   back); the map exports as CSV.
//! * **Compare A/B**: "Pin as A" keeps the current scenario; a table then shows A, B (the
//!   current scenario), B − A and B ÷ A for every headline number of the run's summary (the
//!   report's JSON, so it is the same for every model).

use egui::{RichText, Ui};
use serde_json::Value;

use crate::jobs::{JobHandle, JobStatus, Keyed};
use crate::model::map::{Axis, Grid, Scale as Spacing};
use crate::model::num::{compact, parse_real};
use crate::model::{NoProgress, ParamError};
use crate::preset::{ModelId, Scenario};
use crate::report::map::{MapPlan, MapRequest, metrics, params};
use crate::report::{self, text_number};
use crate::ui::widgets::heatmap::{HeatSpec, exact, heatmap};
use crate::ui::widgets::{busy, error_label};
use crate::ui::workspace::{Drawn, Shown, Tab, repainter};

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
            lo: compact(lo),
            hi: compact(hi),
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
        a.check()?;
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

/// Which part of a map a job computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Coarse,
    Fine,
}

/// A map's plan and its grid so far, or why it is refused.
pub type Planned = Result<(MapPlan, Grid), ParamError>;

/// The map view.
pub struct MapView {
    /// Shown instead of the workspace.
    pub open: bool,
    settings: [Settings; 5],
    /// The plan (checked off the UI thread: its cost estimate visits every cell) and the grid
    /// so far, or why the map is refused.
    grid: Keyed<(MapRequest, Stage), Planned>,
    hovered: Option<(usize, usize)>,
    csv_path: String,
    saved: Option<Result<String, String>>,
}

impl Default for MapView {
    fn default() -> Self {
        MapView {
            open: false,
            settings: ModelId::ALL.map(Settings::of),
            grid: Keyed::default(),
            hovered: None,
            csv_path: "map.csv".into(),
            saved: None,
        }
    }
}

/// A headline number: its dot path in the run's JSON and its value.
type Numbers = Result<Vec<(String, f64)>, String>;

/// The comparison of the pinned scenario A with the current one.
#[derive(Default)]
pub struct Compare {
    pinned: [Option<Scenario>; 5],
    a: Keyed<Scenario, Numbers>,
    b: Keyed<Scenario, Numbers>,
}

/// The shell's map and comparison state.
#[derive(Default)]
pub struct Maps {
    /// The map view.
    pub map: MapView,
    /// Compare A/B.
    pub compare: Compare,
}

impl Maps {
    /// Pins `a` as scenario A of its model (a compare preset was opened).
    pub fn pin(&mut self, a: Scenario) {
        let m = a.model().index();
        self.compare.pinned[m] = Some(a);
    }

    /// The pinned scenario A of `model`, if any.
    pub fn pinned(&self, model: ModelId) -> Option<&Scenario> {
        self.compare.pinned[model.index()].as_ref()
    }

    /// The running job, for the status bar.
    pub fn status(&self) -> Option<JobStatus> {
        self.map
            .grid
            .status()
            .or_else(|| self.compare.a.status())
            .or_else(|| self.compare.b.status())
    }

    /// Cancels every job.
    pub fn cancel(&mut self) {
        self.map.grid.cancel();
        self.compare.a.cancel();
        self.compare.b.cancel();
    }

    /// The front workspace with the shared strip (Map, Pin as A) above it, the comparison
    /// below it when A is pinned, and the map instead of it when open.
    pub fn central(
        &mut self,
        ui: &mut Ui,
        tab: &mut dyn Tab,
        scenario: &mut Scenario,
        shown: &mut Shown,
    ) -> Vec<Drawn> {
        let model = scenario.model();
        egui::Panel::top("maps-strip").show(ui, |ui| self.strip(ui, scenario));
        if self.compare.pinned[model.index()].is_some() {
            egui::Panel::bottom("compare")
                .resizable(true)
                .default_size(230.0)
                .min_size(80.0)
                .max_size(ui.available_height() * 0.45)
                .show(ui, |ui| {
                    // Fill the panel's height whatever is shown (a spinner at first), so it
                    // keeps the size it was given.
                    ui.set_min_height(ui.available_height());
                    self.compare.show(ui, scenario)
                });
        }
        if self.map.open {
            let r = egui::CentralPanel::default().show(ui, |ui| self.map.show(ui, scenario));
            vec![Drawn {
                region: crate::ui::workspace::Region::Map,
                room: r.response.rect,
                content: r.response.rect,
            }]
        } else {
            tab.show(ui, scenario, shown)
        }
    }

    fn strip(&mut self, ui: &mut Ui, scenario: &Scenario) {
        let m = scenario.model().index();
        ui.horizontal(|ui| {
            ui.toggle_value(&mut self.map.open, "Map of two parameters")
                .on_hover_text(
                    "A heat map of one number over two parameters; click a cell to load it",
                );
            ui.separator();
            if ui
                .button("Pin as A")
                .on_hover_text("Keep this scenario as A; change anything and compare (B)")
                .clicked()
            {
                self.compare.pinned[m] = Some(scenario.clone());
            }
            if self.compare.pinned[m].is_some() && ui.button("Unpin A").clicked() {
                self.compare.pinned[m] = None;
            }
        });
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

    fn controls(&mut self, ui: &mut Ui, model: ModelId) {
        let s = &mut self.settings[model.index()];
        let ps = params(model);
        for (name, axis) in [("x", &mut s.x), ("y", &mut s.y)] {
            ui.horizontal(|ui| {
                ui.label(RichText::new(name).strong());
                egui::ComboBox::from_id_salt(("map-param", name))
                    .selected_text(ps[axis.param].name)
                    .show_ui(ui, |ui| {
                        for (k, p) in ps.iter().enumerate() {
                            if ui
                                .selectable_label(axis.param == k, p.name)
                                .on_hover_text(p.help)
                                .clicked()
                                && axis.param != k
                            {
                                *axis = AxisEdit::of(model, k, axis.points);
                            }
                        }
                    })
                    .response
                    .on_hover_text(ps[axis.param].help);
                ui.label("from");
                ui.add(egui::TextEdit::singleline(&mut axis.lo).desired_width(64.0))
                    .on_hover_text("First value (1e-3, 2^20 …)");
                ui.label("to");
                ui.add(egui::TextEdit::singleline(&mut axis.hi).desired_width(64.0));
                ui.label("points");
                ui.add(egui::DragValue::new(&mut axis.points).range(2..=128));
                ui.checkbox(&mut axis.log, "log");
            });
        }
        ui.horizontal(|ui| {
            ui.label(RichText::new("metric").strong());
            let ms = metrics(model);
            egui::ComboBox::from_id_salt("map-metric")
                .selected_text(ms[s.metric].name)
                .width(220.0)
                .show_ui(ui, |ui| {
                    for (k, m) in ms.iter().enumerate() {
                        ui.selectable_value(&mut s.metric, k, m.name)
                            .on_hover_text(m.help);
                    }
                });
            ui.label(RichText::new(metrics(model)[s.metric].help).weak());
            if model == ModelId::Redistribute {
                ui.label("rings per cell");
                ui.add(egui::DragValue::new(&mut s.samples).range(1..=100));
            }
        });
    }

    /// The map a freshly opened view computes for `scenario` (its model's default axes,
    /// metric and samples).
    pub fn default_request(scenario: &Scenario) -> Result<MapRequest, String> {
        MapView::default().request(scenario)
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
        let req = match self.request(scenario) {
            Ok(r) => r,
            Err(e) => {
                error_label(ui, format!("⚠ {e}"));
                return;
            }
        };
        self.request_jobs(ui.ctx(), &req);
        let (plan, grid) = match self.grid.latest_keyed() {
            Some(((r, stage), Ok((p, g)))) if *r == req => {
                (Some(p.clone()), Some((g.clone(), *stage)))
            }
            Some(((r, _), Err(e))) if *r == req => {
                error_label(ui, format!("⚠ {}: {}", e.field, e.message));
                return;
            }
            _ => (None, None),
        };
        ui.horizontal(|ui| {
            match &grid {
                Some((g, Stage::Fine)) if g.complete() => {
                    ui.label(format!(
                        "{} × {} cells, {} failed",
                        g.x.len(),
                        g.y.len(),
                        g.failures().len()
                    ));
                }
                _ if self.grid.was_cancelled() => {
                    ui.label("Cancelled.");
                    if ui.button("Recompute").clicked() {
                        self.grid.retry();
                    }
                }
                _ => {
                    let f = self.grid.status().map_or(0.0, |s| s.fraction);
                    ui.add(egui::ProgressBar::new(f).desired_width(120.0).text(
                        if grid.is_some() {
                            "refining"
                        } else {
                            "coarse map"
                        },
                    ));
                    if ui.button("Cancel").clicked() {
                        self.grid.cancel();
                    }
                }
            }
            ui.separator();
            ui.add(egui::TextEdit::singleline(&mut self.csv_path).desired_width(140.0));
            if let (Some((g, _)), Some(plan)) = (&grid, &plan)
                && ui
                    .button("Export CSV")
                    .on_hover_text("Write the map (one line per y value) to this file")
                    .clicked()
            {
                self.saved = Some(
                    std::fs::write(&self.csv_path, plan.csv(g))
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
        let (Some((grid, _)), Some(plan)) = (grid, plan) else {
            busy(ui, "computing the coarse map");
            return;
        };
        // The read-out of the hovered cell (or a hint), above the map.
        let readout = match self.hovered {
            Some((ix, iy)) if ix < grid.x.len() && iy < grid.y.len() => {
                let value = match &grid.cells[iy][ix] {
                    Some(Ok(v)) => exact(*v),
                    Some(Err(e)) => format!("failed: {e}"),
                    None => "not computed yet".into(),
                };
                format!(
                    "{}: {} = {value}  (click to load)",
                    plan.describe(ix, iy),
                    plan.metric.name
                )
            }
            _ => "Hover a cell for its exact value; click it to load that instance.".into(),
        };
        ui.label(RichText::new(readout).monospace());
        let levels: &[f64] = if plan.metric.ratio {
            &[1.0, 2.0, 0.5]
        } else {
            &[]
        };
        let spec = HeatSpec {
            x_name: plan.x.name,
            y_name: plan.y.name,
            metric: plan.metric.name,
            ratio: plan.metric.ratio,
            levels,
        };
        let r = heatmap(ui, &grid, &spec, ui.available_size());
        self.hovered = r.hovered.or(if ui.rect_contains_pointer(ui.max_rect()) {
            self.hovered
        } else {
            None
        });
        if let Some((ix, iy)) = r.clicked {
            *scenario = plan.instance_at(ix, iy);
            self.open = false;
        }
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
                (req.clone(), Stage::Coarse),
                "Map: coarse",
                repainter(ctx),
                move |progress| coarse_map(&r2, progress),
            );
        } else if let Some(((r, Stage::Coarse), Ok((p, g)))) = self.grid.latest_keyed()
            && r == req
        {
            let (p, mut g) = (p.clone(), g.clone());
            self.grid.request(
                (req.clone(), Stage::Fine),
                "Map: refining",
                repainter(ctx),
                move |progress| {
                    let at = g.missing();
                    let r = p.compute(&at, progress)?;
                    g.fill(&at, r);
                    Ok(Ok((p, g)))
                },
            );
        }
    }
}

/// The first stage of a map job: the plan (its cost check) and the coarse subgrid, what the
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
    let r = p.compute(&at, progress)?;
    g.fill(&at, r);
    Ok(Ok((p, g)))
}

/// The headline numbers of a scenario: every number of its run summary's JSON (nested
/// objects as dot paths; lists left out), in the JSON's order.
pub fn headline_numbers(scenario: &Scenario) -> Numbers {
    let v = report::json(scenario, &NoProgress).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    flatten("", &v, &mut out);
    Ok(out)
}

fn flatten(prefix: &str, v: &Value, out: &mut Vec<(String, f64)>) {
    match v {
        Value::Number(n) => {
            if let Some(x) = n.as_f64() {
                out.push((prefix.to_string(), x));
            }
        }
        Value::Object(m) => {
            for (k, x) in m {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, x, out);
            }
        }
        _ => {}
    }
}

impl Compare {
    fn request(slot: &mut Keyed<Scenario, Numbers>, ctx: &egui::Context, s: &Scenario) {
        JobHandle::poll(slot);
        let s2 = s.clone();
        slot.request(s.clone(), "Compare", repainter(ctx), move |_| {
            Ok(headline_numbers(&s2))
        });
    }

    /// The A/B table.
    fn show(&mut self, ui: &mut Ui, b: &Scenario) {
        let Some(a) = self.pinned[b.model().index()].clone() else {
            return;
        };
        Self::request(&mut self.a, ui.ctx(), &a);
        Self::request(&mut self.b, ui.ctx(), b);
        ui.horizontal(|ui| {
            ui.label(RichText::new("Compare A/B").strong());
            ui.label(
                RichText::new(if &a == b {
                    "B is A: change a parameter to compare"
                } else {
                    "A: the pinned scenario · B: the current one"
                })
                .weak(),
            );
        });
        let (Some(na), Some(nb)) = (self.a.for_key(&a), self.b.for_key(b)) else {
            busy(ui, "computing A and B");
            return;
        };
        let (na, nb) = match (na, nb) {
            (Ok(x), Ok(y)) => (x, y),
            (Err(e), _) => {
                error_label(ui, format!("A: {e}"));
                return;
            }
            (_, Err(e)) => {
                error_label(ui, format!("B: {e}"));
                return;
            }
        };
        // What changed first, then the rest in the run's order.
        let mut rows = compare_rows(na, nb);
        rows.sort_by_key(|r| r.a == r.b);
        egui::ScrollArea::both().auto_shrink(false).show(ui, |ui| {
            egui::Grid::new("compare-table")
                .striped(true)
                .num_columns(5)
                .show(ui, |ui| {
                    for h in ["quantity", "A", "B", "B − A", "B ÷ A"] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for r in rows {
                        ui.label(&r.name);
                        let cell = |x: Option<f64>| x.map_or("—".to_string(), text_number);
                        ui.label(cell(r.a));
                        ui.label(cell(r.b));
                        let changed = r.a != r.b;
                        let diff = RichText::new(cell(r.diff()));
                        ui.label(if changed { diff.strong() } else { diff.weak() });
                        ui.label(cell(r.quotient()));
                        ui.end_row();
                    }
                });
        });
    }
}

/// One row of the comparison: a headline number in A and in B.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareRow {
    /// Dot path in the run's JSON.
    pub name: String,
    /// A's value.
    pub a: Option<f64>,
    /// B's value.
    pub b: Option<f64>,
}

impl CompareRow {
    /// B − A.
    pub fn diff(&self) -> Option<f64> {
        Some(self.b? - self.a?)
    }
    /// B ÷ A (none when A is 0).
    pub fn quotient(&self) -> Option<f64> {
        let a = self.a?;
        (a != 0.0).then(|| self.b.map(|b| b / a)).flatten()
    }
}

/// A's numbers in their order, then B's numbers A lacks.
pub fn compare_rows(a: &[(String, f64)], b: &[(String, f64)]) -> Vec<CompareRow> {
    let find = |v: &[(String, f64)], k: &str| v.iter().find(|(n, _)| n == k).map(|(_, x)| *x);
    let mut rows: Vec<CompareRow> = a
        .iter()
        .map(|(k, x)| CompareRow {
            name: k.clone(),
            a: Some(*x),
            b: find(b, k),
        })
        .collect();
    for (k, x) in b {
        if find(a, k).is_none() {
            rows.push(CompareRow {
                name: k.clone(),
                a: None,
                b: Some(*x),
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_pair_the_numbers_of_a_and_b() {
        let a = vec![("x".to_string(), 2.0), ("y".to_string(), 0.0)];
        let b = vec![("x".to_string(), 3.0), ("z".to_string(), 1.0)];
        let r = compare_rows(&a, &b);
        assert_eq!(r.len(), 3);
        assert_eq!(r[0].diff(), Some(1.0));
        assert_eq!(r[0].quotient(), Some(1.5));
        assert_eq!(r[1].b, None);
        assert_eq!(r[2].a, None);
        let n = headline_numbers(&ModelId::TreeSweep.default_scenario()).unwrap();
        assert!(n.iter().any(|(k, v)| k == "optimal" && *v == 235.0));
    }
}
