//! Compare A/B, written once for every model.
//!
//! "Pin as A" keeps the current scenario; B is the live one. The compare view then shows:
//!
//! * **A's and B's pictures** side by side (stacked on a narrow window), drawn by the same
//!   workspace code: B by the app's workspace, A by a second instance of it with its own copy
//!   of the scenario. The two step together: A mirrors B's view (picture tab, step bar; a
//!   change made on A's picture goes to B); the step bar moved leads, the other follows up to
//!   its own last step (`panes.rs`).
//! * **An overlay plot**: any plot section of the run's report (the series the CSV export
//!   writes) on shared axes, each series as the workspace draws it (its group's colour,
//!   markers for simulated results), A's paler, its lines dashed and its markers' fill swapped.
//! * **The numbers table**: every headline number of A and B, with B − A and B ÷ A.
//!
//! With the compare view switched off, the workspace is shown as usual with the table under it.

use crate::ui::widgets::scroll::Clipped;
use egui::{Color32, RichText, Ui};
use egui_plot::{HoverPosition, Line, LineStyle, Points};
use serde_json::Value;

use crate::jobs::{JobHandle, JobStatus, Keyed};
use crate::model::NoProgress;
use crate::model::registry::{ModelId, Scenario};
use crate::report::format::{Precision, number};
use crate::report::{self, Role, Series, SeriesSet, text_number};
use crate::ui::frame::repainter;
use crate::ui::widgets::compare_plot::{
    ComparePlot, LABEL_COPY_CSV, SeriesStyle, error_bars, from_axis, held_open, hovered, mark_of,
    new_plot, plot_points, spans,
};
use crate::ui::widgets::legend::{
    CornerLegend, Mark, Swatch, Track, corners, free_legend, legend_row, plot_id, rising,
};
use crate::ui::widgets::ticks::Scale;
use crate::ui::widgets::{error_label, palette, pending};
use crate::ui::workspace::{Drawn, OnScreen, Region, Tab};
use crate::ui::workspaces::studied;

mod numbers;
mod overlay;
mod panes;
#[cfg(test)]
mod tests;
mod titles;

pub use numbers::{CompareRow, Headline, compare_csv, compare_rows, headline, headline_numbers};
use overlay::*;
pub use overlay::{
    AB_LOOK, OVERLAY_HELD, OVERLAY_UNTIL_END, OverlayLine, Run, overlay, overlay_csv, section_key,
};
pub use panes::{PANE_CONTENT_MARK, PANE_ROOM_MARK};
use panes::{Synced, publish_b};
pub use titles::differences;

/// The compare bar's note on what A and B are.
fn ab_caption(same: bool) -> &'static str {
    if same {
        "B is A: change a parameter to compare"
    } else {
        "A: the pinned scenario · B: the current one"
    }
}

/// Most lines of the overlay listed one by one in its legend ("A: …", "B: …"); with more, the
/// legend lists each series once.
const LEGEND_FULL_MAX: usize = 8;

/// The overlay's legend: each line in a free corner, or with more than
/// [`LEGEND_FULL_MAX`] lines one entry per series (B's look) in a row above, A and B told
/// apart by the dash and the paler colour (the note above); hovering a line names it in full
/// ("A: …").
fn overlay_legend(
    ui: &mut Ui,
    id: egui::Id,
    lines: &[OverlayLine],
    drawn: &[(&OverlayLine, Vec<[f64; 2]>)],
) -> Option<CornerLegend> {
    if drawn.len() > LEGEND_FULL_MAX {
        let mut compact: Vec<(Color32, Swatch, &str)> = Vec::new();
        for l in lines {
            let name = l.name.get(3..).unwrap_or(&l.name);
            let b = OverlayLine {
                run: Run::B,
                ..l.clone()
            };
            if !compact.iter().any(|e| e.2 == name) {
                compact.push((l.look.color, swatch(&b), name));
            }
        }
        legend_row(ui, &compact);
        return None;
    }
    let entries: Vec<(Color32, Swatch, &str)> = drawn
        .iter()
        .map(|(l, _)| (tint(l), swatch(l), l.name.as_str()))
        .collect();
    let tracks: Vec<Track<'_>> = drawn
        .iter()
        .map(|(l, p)| match l.look.pen {
            Pen::Points(_) | Pen::Intervals => Track::Points(p),
            _ => Track::Line(p),
        })
        .collect();
    free_legend(
        ui,
        id,
        &entries,
        &tracks,
        corners(rising(drawn.iter().map(|(_, p)| p))),
    )
}

/// A headline number: its dot path in the run's JSON and its value.
pub type Numbers = Result<Vec<(String, f64)>, String>;

/// A run's plots: each plot section's name and series.
pub type Plots = Result<Vec<(String, SeriesSet)>, String>;

/// How the compare view shares its room between the two pictures and the results (the
/// overlay plot and the table), in points and shares of its height.
struct Room {
    /// Narrowest a picture may be beside the other one; below it they are stacked.
    picture_min_width: f32,
    /// The same on a phone, where each pane has a page's height: on its side (844 points
    /// wide) each pane is about 240 points wide, held upright 185, its captions cut.
    phone_pane_min_width: f32,
    /// Least height the pictures keep above the plot and the table (their default size).
    pictures_min_height: f32,
    /// In presenter mode or on a window too narrow for two pictures of `picture_min_width`
    /// (a phone), a compare view shorter than this (1280 × 720 at presenter zoom gives about
    /// 400) folds the plot and the table under the pictures until asked for.
    short: f32,
    /// Largest share of the height the plot and the table take in presenter mode (the
    /// pictures keep at least 55 %).
    presenter_results_share: f32,
}

/// The compare view's room rules.
const ROOM: Room = Room {
    picture_min_width: 380.0,
    phone_pane_min_width: 220.0,
    pictures_min_height: 300.0,
    short: 560.0,
    presenter_results_share: 0.45,
};

/// Where the compare view puts the overlay plot and the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// Neither is asked for: the pictures alone.
    Off,
    /// In a column right of the pictures: a window wide enough for three columns.
    Beside,
    /// In a strip under the pictures.
    Below,
    /// Taking turns with the pictures (a short presenter screen, where a strip would
    /// squeeze them to nothing).
    InTurn,
}

impl Layout {
    /// The layout for a compare view of `room` (below its bar), with (plots, numbers)
    /// `asked`, `short` on a presenter screen.
    fn of(room: egui::Vec2, (plots, numbers): (bool, bool), short: bool) -> Layout {
        if !plots && !numbers {
            Layout::Off
        } else if room.x >= 3.0 * ROOM.picture_min_width && room.y < room.x * 0.75 {
            Layout::Beside
        } else if short {
            Layout::InTurn
        } else {
            Layout::Below
        }
    }
}

/// The comparison of the pinned scenario A with the current one (B).
pub struct Compare {
    pinned: [Option<Scenario>; ModelId::ALL.len()],
    /// A's own workspace (made when first shown), one per model.
    a_tabs: [Option<Box<dyn Tab>>; ModelId::ALL.len()],
    /// A's and B's view state and steps as the last frame left them, to tell which one the
    /// user changed.
    synced: Option<Synced>,
    a: Keyed<Scenario, Result<Headline, String>>,
    b: Keyed<Scenario, Result<Headline, String>>,
    plots_a: Keyed<Scenario, Plots>,
    plots_b: Keyed<Scenario, Plots>,
    /// The overlaid plot section, per model.
    section: [Option<String>; ModelId::ALL.len()],
    log_x: bool,
    log_y: bool,
    /// The legend names of the overlay drawn last (for tests and the figure export).
    overlay: Vec<String>,
    /// The model in front (its A's jobs are the ones polled and shown).
    front: ModelId,
    /// A's run is short of its end with the future hidden (set as the view starts; a longer
    /// A steps on after B has finished, and its outcome waits for its own end).
    a_running: bool,
    /// Presenter mode is on (set by the shell every frame).
    pub presenter: bool,
    /// In presenter mode on a short window: the plot and the table are folded away (a
    /// click on "Show the plot and numbers" unfolds them).
    pub folded: bool,
}

impl Compare {
    /// The plot section overlaid for `model` ("plot: S_N vs h"), once one was shown.
    pub fn section(&self, model: ModelId) -> Option<String> {
        self.section[model.index()].clone()
    }

    /// Overlays the plot section `key` for `model` (a link's; one the runs lack is passed
    /// over when drawn).
    pub fn choose_section(&mut self, model: ModelId, key: String) {
        self.section[model.index()] = Some(key);
    }
}

impl Default for Compare {
    fn default() -> Self {
        Compare {
            pinned: Default::default(),
            a_tabs: Default::default(),
            synced: None,
            a_running: false,
            a: Keyed::default(),
            b: Keyed::default(),
            plots_a: Keyed::default(),
            plots_b: Keyed::default(),
            section: Default::default(),
            log_x: false,
            log_y: false,
            overlay: Vec::new(),
            front: ModelId::default(),
            presenter: false,
            folded: true,
        }
    }
}

impl Compare {
    /// Pins `a` as scenario A of its model.
    pub fn pin(&mut self, a: Scenario) {
        let m = a.model().index();
        self.pinned[m] = Some(a);
        // A takes B's view again (picture tab, step).
        self.synced = None;
    }

    /// Forgets scenario A of `model` (and its workspace, its jobs cancelled).
    pub fn unpin(&mut self, model: ModelId) {
        let m = model.index();
        self.pinned[m] = None;
        if let Some(t) = &mut self.a_tabs[m] {
            t.cancel_jobs();
        }
        self.a_tabs[m] = None;
        self.synced = None;
    }

    /// Applies a step key (or menu entry) in the compare view: to A's step bar when A's run is
    /// the longer, so that the keys reach its end (B follows up to its own), else to B's
    /// (`b_tab`, A follows). While a question holds B's bar, to B's: it stays at the start.
    pub fn step(
        &mut self,
        ctx: &egui::Context,
        cmd: crate::ui::workspace::StepCmd,
        (b_tab, b): (&mut dyn Tab, &Scenario),
    ) {
        let m = b.model().index();
        let held = crate::ui::reveal::Reveal::of(ctx).held;
        match (self.pinned[m].as_ref(), self.a_tabs[m].as_mut()) {
            (Some(a), Some(a_tab)) if !held && a_tab.steps_for(a) > b_tab.steps_for(b) => {
                a_tab.step(cmd, a)
            }
            _ => b_tab.step(cmd, b),
        }
    }

    /// The pinned scenario A of `model`, if any.
    pub fn pinned(&self, model: ModelId) -> Option<&Scenario> {
        self.pinned[model.index()].as_ref()
    }

    /// The first running job (A's workspace's first while the compare view is `in_front`),
    /// for the status bar.
    pub fn status(&mut self, in_front: bool) -> Option<JobStatus> {
        let m = self.front.index();
        let shown = in_front && self.pinned[m].is_some();
        let a_tab = match &mut self.a_tabs[m] {
            Some(t) if shown => t.job_status(),
            _ => None,
        };
        a_tab
            .or_else(|| self.a.status())
            .or_else(|| self.b.status())
            .or_else(|| self.plots_a.status())
            .or_else(|| self.plots_b.status())
    }

    /// Takes in what every job finished, A's workspaces' too, whether or not it is drawn (the
    /// app does every frame: with the results in front of the pictures, A's run went on
    /// saying "Computing…" in the status bar after it ended).
    pub fn poll_jobs(&mut self) {
        for tab in self.a_tabs.iter_mut().flatten() {
            tab.poll_jobs();
        }
        for job in [&mut self.a, &mut self.b] {
            JobHandle::poll(job);
        }
        for job in [&mut self.plots_a, &mut self.plots_b] {
            JobHandle::poll(job);
        }
    }

    /// Cancels every job, A's workspace's too.
    pub fn cancel(&mut self) {
        self.a.cancel();
        self.b.cancel();
        self.plots_a.cancel();
        self.plots_b.cancel();
        for t in self.a_tabs.iter_mut().flatten() {
            t.cancel_jobs();
        }
    }

    /// A's and B's step positions, once A's workspace is shown.
    pub fn positions(&mut self, model: ModelId, b: &mut dyn Tab) -> Option<(usize, usize)> {
        let a = self.a_tabs[model.index()].as_mut()?;
        Some((a.position(), b.position()))
    }

    /// The legend names of the overlay plot drawn last ("A: …", "B: …").
    pub fn overlay_names(&self) -> &[String] {
        &self.overlay
    }

    fn request_numbers(
        slot: &mut Keyed<Scenario, Result<Headline, String>>,
        ctx: &egui::Context,
        s: &Scenario,
    ) {
        JobHandle::poll(slot);
        let s2 = s.clone();
        slot.request(s.clone(), "Compare", repainter(ctx), move |_| {
            Ok(headline(&s2))
        });
    }

    fn request_plots(
        slot: &mut Keyed<Scenario, Plots>,
        ctx: &egui::Context,
        s: &Scenario,
        label: &str,
    ) {
        JobHandle::poll(slot);
        let s2 = s.clone();
        slot.request(s.clone(), label, repainter(ctx), move |progress| {
            studied(report::plots(&s2, progress))
        });
    }

    /// The compare view for the front scenario `b` (with its workspace `tab`, as
    /// `pictures` takes it): B's controls on the left (when shown), the two
    /// pictures, and under them the overlay plot and the table.
    pub fn view(
        &mut self,
        ui: &mut Ui,
        (tab, b): (&mut dyn Tab, &mut Scenario),
        shown: &mut OnScreen,
    ) -> Vec<Drawn> {
        let model = b.model();
        let m = model.index();
        self.front = model;
        let Some(a) = self.pinned[m].clone() else {
            return Vec::new();
        };
        let mut a_tab = self.a_tabs[m]
            .take()
            .unwrap_or_else(|| crate::ui::workspaces::fresh_tab(model));
        publish_b(ui.ctx(), (tab, b), shown.hide_future);
        self.a_running = shown.hide_future && a_tab.position() + 1 < a_tab.steps_for(&a);
        // Short: presenter mode's zoom, or a phone's narrow panes whose own bars (method,
        // step bar, zoom, legend) wrap into most of their height. The results strip under
        // them left each picture a sliver there (390 × 844: one Gantt row).
        let cramped = ui.available_width() < 2.0 * ROOM.picture_min_width;
        let short = (self.presenter || cramped) && ui.available_height() < ROOM.short;
        egui::Panel::top("compare-bar").show(ui, |ui| self.bar(ui, shown, &a == b));
        // On the stage B's controls are the drawer's.
        if shown.controls && !shown.stage {
            let max = ui.available_width() * 0.3;
            egui::Panel::left("compare-controls")
                .resizable(true)
                .default_size(260.0_f32.min(max))
                .min_size(180.0_f32.min(max))
                .max_size(max)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .show_clipped(ui, |ui| tab.show_side(ui, b, Region::Controls));
                });
        }
        // On a short stage (presenter mode) the numbers are the drawer's: its Numbers leaf
        // shows the A/B table beside the pictures, rather than in turn with them.
        let asked = (shown.plots, shown.numbers && !(shown.stage && short));
        let layout = Layout::of(ui.available_size(), asked, short);
        let mut drawn = Vec::new();
        match layout {
            Layout::InTurn => {
                self.turn_band(ui, asked, &a, b);
                if !self.folded {
                    let r = egui::CentralPanel::default()
                        .show(ui, |ui| self.results_in(ui, asked, &a, b));
                    // The plot and the table take the picture's turn (as the plots do on
                    // the stage).
                    let room = r.response.rect;
                    drawn.push(Drawn::filling(Region::Plots, room));
                    self.a_tabs[m] = Some(a_tab);
                    return drawn;
                }
            }
            Layout::Beside => self.results(ui, asked, &a, b, true),
            Layout::Below => self.results(ui, asked, &a, b, false),
            Layout::Off => {}
        }
        egui::CentralPanel::default().show(ui, |ui| {
            // On a phone (and in large type) the panes' own bars (method, step bar, zoom,
            // legend) took most of a short room: each Gantt chart was a sliver. There each
            // pane takes a picture's least height in a page that scrolls, as the workspace's
            // does: side by side on a phone on its side, A over B on one held upright (side by
            // side there, each pane was 185 points wide, its captions cut and its chart narrow).
            let page = crate::ui::workspace::short_rooms_scroll(ui.ctx())
                && ui.max_rect().height() < crate::ui::workspace::LEAST_PICTURE;
            drawn.push(if page {
                let beside = ui.max_rect().width() >= 2.0 * ROOM.phone_pane_min_width;
                let height = crate::ui::workspace::LEAST_PICTURE * if beside { 1.0 } else { 2.0 };
                let (view, _, d) = crate::ui::workspace::phone_page(ui, height, |ui| {
                    self.pictures(ui, (a_tab.as_mut(), &a), (tab, b), beside)
                });
                // B's corner buttons scroll with its picture, over it only while in view.
                d.seen_in(view)
            } else {
                self.pictures(ui, (a_tab.as_mut(), &a), (tab, b), false)
            });
        });
        self.a_tabs[m] = Some(a_tab);
        drawn
    }

    /// The compare bar: its title, the regions' toggles and what A and B are.
    fn bar(&mut self, ui: &mut Ui, shown: &mut OnScreen, same: bool) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Compare A/B").strong());
            ui.toggle_value(&mut shown.controls, "Controls panel")
                .on_hover_text("B's controls (left): change anything, A stays");
            ui.toggle_value(&mut shown.plots, "Plots panel")
                .on_hover_text(
                    "A's plot overlaid on B's (beside or below the pictures, or in turn with them)",
                );
            ui.toggle_value(&mut shown.numbers, "Numbers panel")
                .on_hover_text(
                    "The numbers of A and B, B − A and B ÷ A (with the plot; on the projector's \
                     stage, in the drawer)",
                );
            ui.label(RichText::new(ab_caption(same)).weak());
        });
    }

    /// On a short presenter screen the pictures and the results (plot, table) take turns:
    /// a band at the bottom, in the same place for both, switches between them. The results
    /// are computed (and polled, so the status bar does not keep a finished job) while the
    /// pictures are in front, ready when switched to.
    fn turn_band(
        &mut self,
        ui: &mut Ui,
        (plots, numbers): (bool, bool),
        a: &Scenario,
        b: &Scenario,
    ) {
        if self.folded && plots {
            Self::request_plots(&mut self.plots_a, ui.ctx(), a, "Compare: plots of A");
            Self::request_plots(&mut self.plots_b, ui.ctx(), b, "Compare: plots of B");
        }
        if self.folded && numbers {
            Self::request_numbers(&mut self.a, ui.ctx(), a);
            Self::request_numbers(&mut self.b, ui.ctx(), b);
        }
        egui::Panel::bottom("compare-results-folded").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                let what = match (self.folded, plots, numbers) {
                    (false, _, _) => "▾ Show the pictures",
                    (true, true, true) => "▴ Show the plot and numbers",
                    (true, true, false) => "▴ Show the plot",
                    _ => "▴ Show the numbers",
                };
                if ui
                    .button(what)
                    .on_hover_text(
                        "On a short screen the pictures and the results take turns, each with \
                         the whole height",
                    )
                    .clicked()
                {
                    self.folded = !self.folded;
                }
            });
        });
    }

    /// The overlay plot and the table in a resizable column right of the pictures
    /// (`beside`, on a wide window) or a strip under them.
    fn results(
        &mut self,
        ui: &mut Ui,
        asked: (bool, bool),
        a: &Scenario,
        b: &Scenario,
        beside: bool,
    ) {
        if beside {
            // The pictures keep ROOM.picture_min_width each (Layout::of made sure they can).
            let width = ui.available_width();
            let most = width - 2.0 * ROOM.picture_min_width;
            egui::Panel::right("compare-results-beside")
                .resizable(true)
                .default_size((width / 3.0).min(most))
                .min_size(ROOM.picture_min_width.min(most))
                .max_size(most)
                .show(ui, |ui| self.results_in(ui, asked, a, b));
            return;
        }
        let height = ui.available_height();
        let share = if asked.0 && asked.1 { 0.4 } else { 0.3 };
        // In presenter mode the pictures keep at least 55 % of the height.
        let most = if self.presenter {
            height * ROOM.presenter_results_share
        } else {
            (height * 0.6).min((height - ROOM.pictures_min_height).max(height * 0.35))
        };
        egui::Panel::bottom("compare-results")
            .resizable(true)
            // The pictures keep at least ROOM.pictures_min_height where the window allows.
            .default_size(
                (height * share)
                    .min(height - ROOM.pictures_min_height)
                    .max(100.0)
                    .min(most),
            )
            .min_size(100.0_f32.min(height * 0.3))
            // Never more than leaves the pictures their least height (also when presenter
            // mode's zoom shrinks the room after the panel got its size).
            .max_size(most)
            .show(ui, |ui| self.results_in(ui, asked, a, b));
    }

    /// The overlay plot and the table filling `ui`: side by side in a wide room, the plot
    /// above the table in a tall one.
    fn results_in(
        &mut self,
        ui: &mut Ui,
        (plots, numbers): (bool, bool),
        a: &Scenario,
        b: &Scenario,
    ) {
        ui.set_min_height(ui.available_height());
        let full = ui.max_rect();
        let tall = full.height() > full.width();
        let (first, second) = match (plots, numbers, tall) {
            (true, true, false) => full.split_left_right_at_x(full.left() + full.width() * 0.55),
            (true, true, true) => full.split_top_bottom_at_y(full.top() + full.height() * 0.55),
            (true, false, _) => (full, egui::Rect::NOTHING),
            _ => (egui::Rect::NOTHING, full),
        };
        if plots {
            let mut plot_ui = ui.new_child(
                egui::UiBuilder::new()
                    .max_rect(first.shrink2(egui::vec2(4.0, 2.0)))
                    .id_salt("compare-overlay"),
            );
            self.overlay_plot(&mut plot_ui, b.model(), a, b);
        }
        if numbers {
            if plots {
                let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
                if tall {
                    ui.painter().hline(second.x_range(), second.top(), stroke);
                } else {
                    ui.painter().vline(second.left(), second.y_range(), stroke);
                }
            }
            let mut table_ui = ui.new_child(
                egui::UiBuilder::new()
                    .max_rect(second.shrink2(egui::vec2(6.0, 2.0)))
                    .id_salt("compare-table-room"),
            );
            let hidden = crate::ui::reveal::Reveal::of(ui.ctx()).hiding() || self.a_running;
            self.table(&mut table_ui, (a, b), hidden);
        }
    }

    /// The overlay of one plot section of A and B.
    fn overlay_plot(&mut self, ui: &mut Ui, model: ModelId, a: &Scenario, b: &Scenario) {
        if let Some(note) = overlay::waits(ui.ctx(), self.a_running) {
            ui.label(RichText::new(note).weak());
            return;
        }
        Self::request_plots(&mut self.plots_a, ui.ctx(), a, "Compare: plots of A");
        Self::request_plots(&mut self.plots_b, ui.ctx(), b, "Compare: plots of B");
        let (fa, fb) = (self.plots_a.for_key(a), self.plots_b.for_key(b));
        let failure = self.plots_a.failure().or(self.plots_b.failure());
        let busy_text = "computing the plots of A and B";
        let Some((pa, pb)) = ready(ui, fa, fb, (failure, busy_text)) else {
            return;
        };
        let logs = (&mut self.log_x, &mut self.log_y);
        let chosen = &mut self.section[model.index()];
        let Some(picked) = Self::pick_section(ui, chosen, logs, pa, pb) else {
            ui.label(RichText::new("This model's report has no plots.").weak());
            return;
        };
        let (sa, sb) = (
            section_of(pa, &picked).cloned(),
            section_of(pb, &picked).cloned(),
        );
        let lines = overlay(sa.as_ref(), sb.as_ref());
        self.overlay = lines.iter().map(|l| l.name.clone()).collect();
        let axes = sb.as_ref().or(sa.as_ref());
        let names = axes.map_or((String::new(), String::new()), |s| {
            (s.x.clone(), s.y.clone())
        });
        self.draw_overlay(ui, &lines, names);
    }

    /// The plot section to overlay (a plot is known by its name without the instance in
    /// brackets, "plot: T_N vs β (tree b = 2, h = 15)", so A's and B's match whatever their
    /// parameters): the one chosen before, at first the first where A and B differ; with
    /// the row of its choice, the log switches and the note. None when there are no plots.
    fn pick_section(
        ui: &mut Ui,
        chosen: &mut Option<String>,
        (log_x, log_y): (&mut bool, &mut bool),
        pa: &[(String, SeriesSet)],
        pb: &[(String, SeriesSet)],
    ) -> Option<String> {
        let mut names: Vec<&str> = Vec::new();
        for (n, _) in pb.iter().chain(pa) {
            if !names.contains(&section_key(n)) {
                names.push(section_key(n));
            }
        }
        let first = names
            .iter()
            .find(|n| section_of(pa, n) != section_of(pb, n))
            .or(names.first())?
            .to_string();
        let mut picked = chosen
            .clone()
            .filter(|s| names.contains(&s.as_str()))
            .unwrap_or(first);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Plot").strong());
            egui::ComboBox::from_id_salt("compare-section")
                .selected_text(&picked)
                .width(260.0_f32.min(ui.available_width() * 0.5))
                .truncate()
                .show_ui(ui, |ui| {
                    for n in &names {
                        ui.selectable_value(&mut picked, n.to_string(), *n);
                    }
                })
                .response
                .on_hover_text("Which plot of the run's report to overlay");
            ui.checkbox(log_x, "log x");
            ui.checkbox(log_y, "log y");
            if !crate::ui::frame::exporting(ui.ctx())
                && ui
                    .button(LABEL_COPY_CSV)
                    .on_hover_text("Copy A's and B's series of this plot as CSV (series,x,y)")
                    .clicked()
            {
                let (sa, sb) = (section_of(pa, &picked), section_of(pb, &picked));
                crate::ui::frame::copy(ui.ctx(), "A's and B's series as CSV", overlay_csv(sa, sb));
            }
            // On the next row when it does not fit, wrapped there within the plot's width (an
            // extended label widened the plot over the table beside it).
            let font = egui::TextStyle::Body.resolve(ui.style());
            let width = ui
                .painter()
                .layout_no_wrap(AB_LOOK.to_owned(), font, Color32::WHITE)
                .size()
                .x;
            if ui.available_width() < width {
                ui.end_row();
            }
            ui.add(egui::Label::new(RichText::new(AB_LOOK).weak()).wrap());
        });
        *chosen = Some(picked.clone());
        Some(picked)
    }

    /// Draws the overlay's `lines` (B as in its workspace, A dashed and paler) on axes named `x_name` and
    /// `y_name`, with its legend.
    fn draw_overlay(&self, ui: &mut Ui, lines: &[OverlayLine], (x_name, y_name): (String, String)) {
        let (log_x, log_y) = (self.log_x, self.log_y);
        // In plot coordinates (log10 on a log axis, non-positive values dropped there).
        let drawn: Vec<(&OverlayLine, Vec<[f64; 2]>)> = lines
            .iter()
            .map(|l| (l, plot_points(&l.points, log_x, log_y)))
            .collect();
        let id = plot_id(ui, "compare-overlay-plot");
        let legend = overlay_legend(ui, id, lines, &drawn);
        // Round ticks, at least three labelled on each axis (decades on a log axis).
        let plot = new_plot(ui.ctx(), id, (Scale::of(log_x), Scale::of(log_y)));
        let (lo, hi, _) = spans(drawn.iter().flat_map(|d| d.1.iter().copied()));
        let plot = held_open(plot, (lo, hi))
            .y_axis_min_width(40.0)
            .x_axis_label(axis_label(&x_name, log_x))
            .y_axis_label(axis_label(&y_name, log_y))
            .label_formatter({
                let (x_name, y_name) = (x_name.clone(), y_name.clone());
                move |pos: &HoverPosition<'_>| hover_text(pos, &x_name, &y_name, log_x, log_y)
            });
        let shown = plot.show(ui, |plot_ui| {
            for (l, points) in &drawn {
                draw_line(plot_ui, l, points);
            }
        });
        crate::ui::widgets::marks::record(ui.ctx(), OVERLAY_MARK, *shown.transform.frame());
        crate::ui::widgets::compare_plot::mark_plot(ui, &shown.transform);
        if let Some(l) = legend {
            l.paint(ui, *shown.transform.frame());
        }
    }
}

/// A's and B's results when both are in and fine; else shows the first error, a job's
/// `failure`, or `busy_text` with a spinner.
fn ready<'a, T, E: std::fmt::Display>(
    ui: &mut Ui,
    a: Option<&'a Result<T, E>>,
    b: Option<&'a Result<T, E>>,
    (failure, busy_text): (Option<&str>, &str),
) -> Option<(&'a T, &'a T)> {
    let (Some(a), Some(b)) = (a, b) else {
        pending(ui, failure, busy_text);
        return None;
    };
    match (a, b) {
        (Ok(x), Ok(y)) => Some((x, y)),
        (Err(e), _) => {
            error_label(ui, format!("A: {e}"));
            None
        }
        (_, Err(e)) => {
            error_label(ui, format!("B: {e}"));
            None
        }
    }
}

/// The key under which the overlay plot's frame (its axes' extent) is recorded.
pub const OVERLAY_MARK: &str = "compare-overlay-frame";
