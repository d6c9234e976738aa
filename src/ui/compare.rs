//! Compare A/B, written once for every model.
//!
//! "Pin as A" keeps the current scenario; B is the live one. The compare view then shows:
//!
//! * **A's and B's pictures** side by side (stacked on a narrow window), drawn by the same
//!   workspace code: B by the app's workspace, A by a second instance of it with its own copy
//!   of the scenario. The two step together: A mirrors B's view (picture tab, step bar; a
//!   change made on A's picture goes to B), its step clamped to its own step count.
//! * **An overlay plot**: any plot section of the run's report (the series the CSV export
//!   writes), B's series solid and A's dashed and faded, on shared axes.
//! * **The numbers table**: every headline number of A and B, with B − A and B ÷ A.
//!
//! With the compare view switched off, the workspace is shown as usual with the table under it.

use egui::{Color32, RichText, Ui};
use egui_plot::{HoverPosition, Line, LineStyle, Plot};
use serde_json::Value;

use crate::jobs::{JobHandle, JobStatus, Keyed};
use crate::model::{Cancelled, NoProgress};
use crate::preset::{ModelId, Scenario};
use crate::report::{self, ReportError, SeriesSet, text_number};
use crate::ui::widgets::compare_plot::{Swatch, Track, corners, free_legend, legend_row, plot_id};
use crate::ui::widgets::{busy, error_label, format_sig, palette};
use crate::ui::workspace::{Drawn, Region, Shown, Tab, repainter};

/// A headline number: its dot path in the run's JSON and its value.
pub type Numbers = Result<Vec<(String, f64)>, String>;

/// A run's plots: each plot section's name and series.
pub type Plots = Result<Vec<(String, SeriesSet)>, String>;

/// Narrowest a picture may be beside the other one; below it they are stacked.
const PICTURE_MIN_WIDTH: f32 = 380.0;

/// Most lines of the overlay listed one by one in its legend ("A: …", "B: …"); with more, the
/// legend lists each series once.
const LEGEND_FULL_MAX: usize = 8;

/// Least height the pictures keep above the plot and the table (their default size).
const PICTURES_MIN_HEIGHT: f32 = 300.0;

/// In presenter mode, a compare view shorter than this (in points; 1280 × 720 at presenter
/// zoom gives about 400) folds the plot and the table under the pictures until asked for.
const PRESENTER_SHORT: f32 = 560.0;

/// Largest share of the height the plot and the table take in presenter mode (the pictures
/// keep at least 55 %).
const PRESENTER_RESULTS_SHARE: f32 = 0.45;

/// Room per labelled mark of the overlay's y axis, in points (a label is about 20 high).
const Y_MARK_SPACING: f32 = 36.0;

/// The comparison of the pinned scenario A with the current one (B).
pub struct Compare {
    pinned: [Option<Scenario>; 5],
    /// A's own workspace (made when first shown), one per model.
    a_tabs: [Option<Box<dyn Tab>>; 5],
    /// The compare view (pictures, overlay, table) instead of the workspace.
    pub side_by_side: bool,
    /// A's and B's view state as the last frame left them, to tell which one the user changed.
    synced: Option<(String, String)>,
    a: Keyed<Scenario, Numbers>,
    b: Keyed<Scenario, Numbers>,
    plots_a: Keyed<Scenario, Plots>,
    plots_b: Keyed<Scenario, Plots>,
    /// The overlaid plot section, per model.
    section: [Option<String>; 5],
    log_x: bool,
    log_y: bool,
    /// The legend names of the overlay drawn last (for tests and the figure export).
    overlay: Vec<String>,
    /// The model in front (its A's jobs are the ones polled and shown).
    front: ModelId,
    /// Presenter mode is on (set by the shell every frame).
    pub presenter: bool,
    /// In presenter mode on a short window: the plot and the table are folded away (a
    /// click on "Show the plot and numbers" unfolds them).
    pub folded: bool,
}

impl Default for Compare {
    fn default() -> Self {
        Compare {
            pinned: Default::default(),
            a_tabs: Default::default(),
            side_by_side: true,
            synced: None,
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
    /// Pins `a` as scenario A of its model and opens the compare view.
    pub fn pin(&mut self, a: Scenario) {
        let m = a.model().index();
        self.pinned[m] = Some(a);
        self.side_by_side = true;
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

    /// The pinned scenario A of `model`, if any.
    pub fn pinned(&self, model: ModelId) -> Option<&Scenario> {
        self.pinned[model.index()].as_ref()
    }

    /// The first running job (A's workspace's first), for the status bar.
    pub fn status(&mut self) -> Option<JobStatus> {
        let m = self.front.index();
        let shown = self.side_by_side && self.pinned[m].is_some();
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

    fn request_numbers(slot: &mut Keyed<Scenario, Numbers>, ctx: &egui::Context, s: &Scenario) {
        JobHandle::poll(slot);
        let s2 = s.clone();
        slot.request(s.clone(), "Compare", repainter(ctx), move |_| {
            Ok(headline_numbers(&s2))
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
        slot.request(
            s.clone(),
            label,
            repainter(ctx),
            move |progress| match report::plots(&s2, progress) {
                Ok(p) => Ok(Ok(p)),
                Err(ReportError::Cancelled) => Err(Cancelled),
                Err(e) => Ok(Err(e.to_string())),
            },
        );
    }

    /// The compare view for the front scenario `b` (its workspace `tab`): B's controls on the
    /// left (when shown), the two pictures, and under them the overlay plot and the table.
    pub fn view(
        &mut self,
        ui: &mut Ui,
        tab: &mut dyn Tab,
        b: &mut Scenario,
        shown: &mut Shown,
    ) -> Vec<Drawn> {
        let model = b.model();
        let m = model.index();
        self.front = model;
        let Some(a) = self.pinned[m].clone() else {
            return Vec::new();
        };
        let mut a_tab = self.a_tabs[m]
            .take()
            .unwrap_or_else(|| crate::ui::app::fresh_tab(model));
        let short = self.presenter && ui.available_height() < PRESENTER_SHORT;
        egui::Panel::top("compare-bar").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("Compare A/B").strong());
                if short && !self.folded && (shown.plots || shown.numbers) {
                    ui.toggle_value(&mut self.folded, "▾ Fold plot and numbers")
                        .on_hover_text("Give the pictures the whole height again");
                }
                ui.toggle_value(&mut shown.controls, "Controls panel")
                    .on_hover_text("B's controls (left): change anything, A stays");
                ui.toggle_value(&mut shown.plots, "Plots panel")
                    .on_hover_text("A's plot overlaid on B's (below the pictures)");
                ui.toggle_value(&mut shown.numbers, "Numbers panel")
                    .on_hover_text("The numbers of A and B, B − A and B ÷ A (below the pictures)");
                ui.label(
                    RichText::new(if &a == b {
                        "B is A: change a parameter to compare"
                    } else {
                        "A: the pinned scenario · B: the current one"
                    })
                    .weak(),
                );
            });
        });
        if shown.controls {
            let max = ui.available_width() * 0.3;
            egui::Panel::left("compare-controls")
                .resizable(true)
                .default_size(260.0_f32.min(max))
                .min_size(180.0_f32.min(max))
                .max_size(max)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| tab.show_controls_only(ui, b));
                });
        }
        let height = ui.available_height();
        let (plots, numbers) = (shown.plots, shown.numbers);
        if short && self.folded && (plots || numbers) {
            // Computed (and polled, so the status bar does not keep a finished job) while
            // folded: ready when unfolded.
            if plots {
                Self::request_plots(&mut self.plots_a, ui.ctx(), &a, "Compare: plots of A");
                Self::request_plots(&mut self.plots_b, ui.ctx(), b, "Compare: plots of B");
            }
            if numbers {
                Self::request_numbers(&mut self.a, ui.ctx(), &a);
                Self::request_numbers(&mut self.b, ui.ctx(), b);
            }
            egui::Panel::bottom("compare-results-folded").show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let what = match (plots, numbers) {
                        (true, true) => "▴ Show the plot and numbers",
                        (true, false) => "▴ Show the plot",
                        _ => "▴ Show the numbers",
                    };
                    if ui
                        .button(what)
                        .on_hover_text("Folded so the pictures have the room on a short screen")
                        .clicked()
                    {
                        self.folded = false;
                    }
                    ui.label(RichText::new("B solid · A dashed in the plot").weak());
                });
            });
        } else if plots || numbers {
            let share = if plots && numbers { 0.4 } else { 0.3 };
            // In presenter mode the pictures keep at least 55 % of the height.
            let most = if self.presenter {
                height * PRESENTER_RESULTS_SHARE
            } else {
                (height * 0.6).min((height - PICTURES_MIN_HEIGHT).max(height * 0.35))
            };
            egui::Panel::bottom("compare-results")
                .resizable(true)
                // The pictures keep at least PICTURES_MIN_HEIGHT where the window allows.
                .default_size(
                    (height * share)
                        .min(height - PICTURES_MIN_HEIGHT)
                        .max(100.0)
                        .min(most),
                )
                .min_size(100.0_f32.min(height * 0.3))
                // Never more than leaves the pictures their least height (also when presenter
                // mode's zoom shrinks the room after the panel got its size).
                .max_size(most)
                .show(ui, |ui| {
                    ui.set_min_height(ui.available_height());
                    let full = ui.max_rect();
                    let split = match (plots, numbers) {
                        (true, true) => full.left() + full.width() * 0.55,
                        (true, false) => full.right(),
                        _ => full.left(),
                    };
                    let (left, right) = full.split_left_right_at_x(split);
                    if plots {
                        let mut plot_ui = ui.new_child(
                            egui::UiBuilder::new()
                                .max_rect(left.shrink2(egui::vec2(4.0, 2.0)))
                                .id_salt("compare-overlay"),
                        );
                        self.overlay_plot(&mut plot_ui, model, &a, b);
                    }
                    if numbers {
                        if plots {
                            let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
                            ui.painter().vline(right.left(), right.y_range(), stroke);
                        }
                        let mut table_ui = ui.new_child(
                            egui::UiBuilder::new()
                                .max_rect(right.shrink2(egui::vec2(6.0, 2.0)))
                                .id_salt("compare-table-room"),
                        );
                        self.table(&mut table_ui, &a, b);
                    }
                });
        }
        let mut drawn = Vec::new();
        egui::CentralPanel::default().show(ui, |ui| {
            let full = ui.max_rect();
            // Side by side unless stacking gives each picture more room in its shorter
            // direction (a tall, narrow window).
            let (w, h) = (full.width(), full.height());
            let wide = w >= 2.0 * PICTURE_MIN_WIDTH || (w / 2.0).min(h) >= w.min(h / 2.0);
            let (ra, rb) = if wide {
                full.split_left_right_at_x(full.center().x)
            } else {
                full.split_top_bottom_at_y(full.center().y)
            };
            let stroke = ui.visuals().widgets.noninteractive.bg_stroke;
            if wide {
                ui.painter().vline(rb.left(), rb.y_range(), stroke);
            } else {
                ui.painter().hline(rb.x_range(), rb.top(), stroke);
            }
            sync(&mut self.synced, a_tab.as_mut(), tab, &a, b);
            // B first: its step bar (Play, a click) moves this frame, and A follows at once.
            let b_drawn = pane(ui, rb, "compare-b", "B — current".into(), |ui| {
                tab.show_picture_only(ui, b)
            });
            sync(&mut self.synced, a_tab.as_mut(), tab, &a, b);
            let last = a_tab.steps_for(&a).saturating_sub(1);
            let mut title = format!("A — {}", differences(&a, b));
            if a_tab.steps_for(&a) > 0 && tab.position() > last {
                title.push_str(&format!(" · A finished at step {last}"));
            }
            let mut a_copy = a.clone();
            pane(ui, ra, "compare-a", title, |ui| {
                a_tab.show_picture_only(ui, &mut a_copy)
            });
            drawn.push(b_drawn);
        });
        self.a_tabs[m] = Some(a_tab);
        drawn
    }

    /// The overlay of one plot section of A and B.
    fn overlay_plot(&mut self, ui: &mut Ui, model: ModelId, a: &Scenario, b: &Scenario) {
        Self::request_plots(&mut self.plots_a, ui.ctx(), a, "Compare: plots of A");
        Self::request_plots(&mut self.plots_b, ui.ctx(), b, "Compare: plots of B");
        let (pa, pb) = (self.plots_a.for_key(a), self.plots_b.for_key(b));
        let (Some(pa), Some(pb)) = (pa, pb) else {
            busy(ui, "computing the plots of A and B");
            return;
        };
        let (pa, pb) = match (pa, pb) {
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
        // A plot is known by its name without the instance in brackets ("plot: T_N vs β
        // (tree b = 2, h = 15)"), so A's and B's match whatever their parameters.
        let mut names: Vec<&str> = Vec::new();
        for (n, _) in pb.iter().chain(pa) {
            if !names.contains(&section_key(n)) {
                names.push(section_key(n));
            }
        }
        if names.is_empty() {
            ui.label(RichText::new("This model's report has no plots.").weak());
            return;
        }
        // At first, the first plot where A and B differ.
        let differ = |n: &str| section_of(pa, n) != section_of(pb, n);
        let first = names
            .iter()
            .find(|n| differ(n))
            .unwrap_or(&names[0])
            .to_string();
        let chosen = self.section[model.index()]
            .clone()
            .filter(|s| names.contains(&s.as_str()))
            .unwrap_or(first);
        let mut picked = chosen.clone();
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
            ui.checkbox(&mut self.log_x, "log x");
            ui.checkbox(&mut self.log_y, "log y");
            // Whole on the next row when it does not fit.
            ui.add(egui::Label::new(RichText::new("B solid · A dashed").weak()).extend());
        });
        self.section[model.index()] = Some(picked.clone());
        let (sa, sb) = (
            section_of(pa, &picked).cloned(),
            section_of(pb, &picked).cloned(),
        );
        let lines = overlay(sa.as_ref(), sb.as_ref());
        self.overlay = lines.iter().map(|l| l.name.clone()).collect();
        let axes = sb.as_ref().or(sa.as_ref());
        let (x_name, y_name) = axes.map_or((String::new(), String::new()), |s| {
            (s.x.clone(), s.y.clone())
        });
        let (log_x, log_y) = (self.log_x, self.log_y);
        let tick = |log: bool| {
            move |mark: egui_plot::GridMark, _: &std::ops::RangeInclusive<f64>| {
                let v = if log {
                    10f64.powf(mark.value)
                } else {
                    mark.value
                };
                format_sig(v, 4)
            }
        };
        // In plot coordinates (log10 on a log axis, non-positive values dropped there).
        let drawn: Vec<(&OverlayLine, Vec<[f64; 2]>, Color32)> = lines
            .iter()
            .map(|l| {
                let points = l
                    .points
                    .iter()
                    .filter_map(|&[x, y]| Some([to_axis(x, log_x)?, to_axis(y, log_y)?]))
                    .collect();
                let color = palette::series(l.index);
                let color = if l.run == Run::A { faded(color) } else { color };
                (l, points, color)
            })
            .collect();
        let entries: Vec<(Color32, Swatch, &str)> = drawn
            .iter()
            .map(|(l, _, c)| {
                let swatch = if l.run == Run::A {
                    Swatch::Dashed
                } else {
                    Swatch::Line
                };
                (*c, swatch, l.name.as_str())
            })
            .collect();
        let tracks: Vec<Track<'_>> = drawn.iter().map(|(_, p, _)| Track::Line(p)).collect();
        // Rising curves leave the top-left corner free.
        let rising = drawn
            .iter()
            .filter(|(_, p, _)| matches!((p.first(), p.last()), (Some(u), Some(v)) if v[1] > u[1]))
            .count();
        let id = plot_id(ui, "compare-overlay-plot");
        let legend = if drawn.len() > LEGEND_FULL_MAX {
            // Many series: one entry per series (its colour), A and B told apart by the dash
            // (the note above); hovering a line names it in full ("A: …").
            let mut compact: Vec<(Color32, Swatch, &str)> = Vec::new();
            for l in &lines {
                let name = l.name.get(3..).unwrap_or(&l.name);
                if !compact.iter().any(|e| e.2 == name) {
                    compact.push((palette::series(l.index), Swatch::Line, name));
                }
            }
            compact.sort_by_key(|e| {
                lines
                    .iter()
                    .find(|l| l.name.get(3..) == Some(e.2))
                    .map_or(0, |l| l.index)
            });
            legend_row(ui, &compact);
            None
        } else {
            free_legend(ui, id, &entries, &tracks, corners(2 * rising > drawn.len()))
        };
        // A mark every Y_MARK_SPACING points or more, so every mark of a short plot has
        // room for its number (egui_plot leaves out labels closer than their height).
        let y_room = ui.available_height() - 40.0;
        let mut plot = Plot::new("compare-overlay-plot")
            .id(id)
            .y_grid_spacer(spaced_marks(y_room))
            .y_axis_min_width(40.0)
            .x_axis_label(axis_label(&x_name, log_x))
            .y_axis_label(axis_label(&y_name, log_y))
            .label_formatter({
                let (x_name, y_name) = (x_name.clone(), y_name.clone());
                move |pos: &HoverPosition<'_>| hover_text(pos, &x_name, &y_name, log_x, log_y)
            })
            .x_axis_formatter(tick(log_x))
            .y_axis_formatter(tick(log_y));
        if let Some(l) = legend {
            plot = plot.legend(l);
        }
        plot.show(ui, |plot_ui| {
            for (l, points, color) in &drawn {
                let line = Line::new(l.name.clone(), points.clone())
                    .color(*color)
                    .width(2.0);
                plot_ui.line(if l.run == Run::A {
                    line.style(LineStyle::dashed_loose())
                } else {
                    line
                });
            }
        });
    }

    /// The A/B table.
    fn table(&mut self, ui: &mut Ui, a: &Scenario, b: &Scenario) {
        Self::request_numbers(&mut self.a, ui.ctx(), a);
        Self::request_numbers(&mut self.b, ui.ctx(), b);
        let (Some(na), Some(nb)) = (self.a.for_key(a), self.b.for_key(b)) else {
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

    /// The table alone, under the workspace (the compare view switched off).
    pub fn table_below(&mut self, ui: &mut Ui, b: &Scenario) {
        self.front = b.model();
        let Some(a) = self.pinned[b.model().index()].clone() else {
            return;
        };
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
        self.table(ui, &a, b);
    }
}

/// A's view follows B's when B's changed (or on the first frame), B's follows A's when only
/// A's did; then A's step is B's, clamped to A's steps (and A never plays on its own).
fn sync(
    synced: &mut Option<(String, String)>,
    a: &mut dyn Tab,
    b: &mut dyn Tab,
    a_scenario: &Scenario,
    b_scenario: &Scenario,
) {
    let (va, vb) = (a.save_view(), b.save_view());
    match synced.as_ref() {
        Some((la, lb)) if *lb == vb && *la != va => {
            b.load_view(&va);
            let n = b.steps_for(b_scenario);
            if n > 0 && b.position() >= n {
                b.seek(n - 1, b_scenario);
            }
        }
        Some((_, lb)) if *lb == vb => {}
        _ => a.load_view(&vb),
    }
    let k = b.position();
    let n = a.steps_for(a_scenario);
    let want = if n == 0 { k } else { k.min(n - 1) };
    a.seek(want, a_scenario);
    *synced = Some((a.save_view(), b.save_view()));
}

/// Draws one picture with its title in `rect`.
fn pane(
    ui: &mut Ui,
    rect: egui::Rect,
    salt: &str,
    title: String,
    draw: impl FnOnce(&mut Ui) -> Drawn,
) -> Drawn {
    let inner = rect.shrink2(egui::vec2(6.0, 3.0));
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(inner).id_salt(salt));
    child.set_clip_rect(inner.intersect(ui.clip_rect()));
    child.add(egui::Label::new(RichText::new(title).strong().size(15.0)).truncate());
    let room = child.available_rect_before_wrap();
    let mut picture = child.new_child(egui::UiBuilder::new().max_rect(room));
    picture.set_clip_rect(room.intersect(ui.clip_rect()));
    let d = draw(&mut picture);
    // The title belongs to the figure (its export and its "↓ PNG" button).
    Drawn {
        region: Region::Picture,
        room: inner,
        content: d.content.union(inner.intersect(child.min_rect())),
    }
}

/// How A differs from B, in the controls' words: the paper's symbols (β, τ, ℓ, δ…) and the
/// captions the workspace's menus show ("Algorithm 3 as printed", "balancing: none"), or
/// "same as B".
pub fn differences(a: &Scenario, b: &Scenario) -> String {
    let fields = |v: Value| -> Vec<(String, Value)> {
        match v {
            Value::Object(m) => m.into_iter().collect(),
            _ => Vec::new(),
        }
    };
    let top = |s: &Scenario| -> Vec<(String, Value)> {
        match serde_json::to_value(s) {
            Ok(Value::Object(m)) => match m.into_iter().next() {
                Some((_, f)) => fields(f),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    };
    let fb = top(b);
    let mut out: Vec<String> = Vec::new();
    for (k, v) in top(a) {
        let vb = fb.iter().find(|(kb, _)| *kb == k).map(|(_, vb)| vb);
        if vb == Some(&v) {
            continue;
        }
        // The ring (δ, loads, costs…): the parts that differ, each by its symbol.
        if let (Scenario::Redistribute(_), "instance", Some(vb)) = (a, k.as_str(), vb) {
            let inner_b = fields(vb.clone());
            for (ki, vi) in fields(v.clone()) {
                if inner_b.iter().any(|(kb, x)| *kb == ki && *x == vi) {
                    continue;
                }
                out.push(caption(a, &ki, &vi));
            }
            continue;
        }
        out.push(caption(a, &k, &v));
    }
    if out.is_empty() {
        return "same as B".into();
    }
    let more = out.len().saturating_sub(3);
    out.truncate(3);
    let mut text = out.join(", ");
    if more > 0 {
        text.push_str(&format!(" and {more} more"));
    }
    text
}

/// Field `key` of scenario `a` (whose serialized value is `v`) as its control shows it.
fn caption(a: &Scenario, key: &str, v: &Value) -> String {
    use crate::ui::workspaces::divisible::{algorithm_caption, network_caption};
    let named = match (a, key) {
        (Scenario::Divisible(p), "network") => Some(network_caption(p.network).to_string()),
        (Scenario::Divisible(p), "algorithm") => Some(algorithm_caption(p.algorithm)),
        (Scenario::Geodecay(p), "policy") => Some(format!("policy: {}", p.policy.name())),
        (Scenario::Geodecay(p), "decay") => Some(format!("decay: {}", p.decay.name())),
        (Scenario::Geodecay(p), "survivors") => Some(format!("survivors: {}", p.survivors.name())),
        (Scenario::TreeSweep(p), "direction") => Some(p.direction.name().to_string()),
        (Scenario::Redistribute(p), "algorithm") => Some(p.algorithm.label().to_string()),
        (Scenario::Redistribute(p), "direction") => {
            Some(format!("{} ring", p.instance.direction.name()))
        }
        (Scenario::Ksbf(p), "shape") => Some(format!("workload: {}", p.shape.name())),
        (Scenario::Ksbf(p), "balance") => Some(format!("balancing: {}", p.balance.name())),
        (Scenario::Ksbf(p), "schedule") => Some(format!("scheduling: {}", p.schedule.name())),
        _ => None,
    };
    named.unwrap_or_else(|| format!("{} = {}", symbol(key), short(v)))
}

/// The paper's symbol (or the control's caption) of a parameter field.
fn symbol(key: &str) -> &str {
    match key {
        "beta" => "β",
        "tau" => "τ",
        "ell" => "ℓ",
        "alpha" => "α",
        "spawn_prob" => "q",
        "every" => "k",
        "delta" => "δ",
        "sweep_h_max" => "h up to",
        "sweep_beta" => "β range",
        "ell_log2_max" => "ℓ sweep to 2^",
        "random" => "random ring",
        "iterative" => "iterative",
        other => other,
    }
}

/// Grid marks for an axis `length` points long: a step of 1, 2 or 5 × 10^k giving about one
/// mark per [`Y_MARK_SPACING`] points (at least two), and four unlabelled minor marks between.
fn spaced_marks(length: f32) -> impl Fn(egui_plot::GridInput) -> Vec<egui_plot::GridMark> {
    move |input| {
        let (lo, hi) = input.bounds;
        let count = f64::from((length / Y_MARK_SPACING).floor().clamp(2.0, 10.0));
        let step = nice_step((hi - lo) / count);
        if !(step.is_finite() && step > 0.0) {
            return Vec::new();
        }
        let minor = step / 5.0;
        let first = (lo / minor).ceil() as i64;
        let last = (hi / minor).floor() as i64;
        (first..=last)
            .take(500)
            .map(|k| egui_plot::GridMark {
                value: k as f64 * minor,
                step_size: if k % 5 == 0 { step } else { minor },
            })
            .collect()
    }
}

/// The least 1, 2 or 5 × 10^k at least `x` (> 0).
fn nice_step(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return f64::NAN;
    }
    let p = 10f64.powf(x.log10().floor());
    let m = x / p;
    p * if m <= 1.0 {
        1.0
    } else if m <= 2.0 {
        2.0
    } else if m <= 5.0 {
        5.0
    } else {
        10.0
    }
}

/// A parameter's value in a few characters.
fn short(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.as_f64().map_or(n.to_string(), text_number),
        Value::Bool(b) => b.to_string(),
        Value::Null => "none".into(),
        Value::Array(a) if a.len() <= 4 && a.iter().all(|x| !x.is_object()) => {
            let items: Vec<String> = a.iter().map(short).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Array(a) => format!("({} values)", a.len()),
        Value::Object(o) => match o.iter().next() {
            // An enum variant with data: its name.
            Some((k, _)) if o.len() == 1 => k.clone(),
            _ => "(changed)".into(),
        },
    }
}

/// Which run a line of the overlay belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run {
    /// The pinned scenario.
    A,
    /// The current scenario.
    B,
}

/// One line of the overlay plot.
#[derive(Debug, Clone, PartialEq)]
pub struct OverlayLine {
    /// Legend name: "A: <series>" or "B: <series>".
    pub name: String,
    /// Whose.
    pub run: Run,
    /// Colour index: the same series has the same colour in A and B.
    pub index: usize,
    /// The points.
    pub points: Vec<[f64; 2]>,
}

/// The lines of one plot section overlaid: A's series first (drawn under B's), then B's; a
/// series has the same colour index in both (B's order, then the series only A has).
pub fn overlay(a: Option<&SeriesSet>, b: Option<&SeriesSet>) -> Vec<OverlayLine> {
    let mut order: Vec<&str> = Vec::new();
    for set in [b, a].into_iter().flatten() {
        for s in &set.series {
            if !order.contains(&s.name.as_str()) {
                order.push(&s.name);
            }
        }
    }
    let mut out = Vec::new();
    for (run, set) in [(Run::A, a), (Run::B, b)] {
        for s in set.iter().flat_map(|s| &s.series) {
            let tag = if run == Run::A { "A" } else { "B" };
            out.push(OverlayLine {
                name: format!("{tag}: {}", s.name),
                run,
                index: order.iter().position(|n| *n == s.name).unwrap_or(0),
                points: s.points.clone(),
            });
        }
    }
    out
}

fn faded(c: Color32) -> Color32 {
    c.gamma_multiply(0.65)
}

fn to_axis(v: f64, log: bool) -> Option<f64> {
    if !v.is_finite() {
        None
    } else if log {
        (v > 0.0).then(|| v.log10())
    } else {
        Some(v)
    }
}

/// A plot section's name without the instance in brackets at its end.
pub fn section_key(name: &str) -> &str {
    match name.find(" (") {
        Some(i) if name.ends_with(')') => &name[..i],
        _ => name,
    }
}

/// The series of the plot section known as `key` (see [`section_key`]), if the run has it.
fn section_of<'a>(plots: &'a [(String, SeriesSet)], key: &str) -> Option<&'a SeriesSet> {
    plots
        .iter()
        .find(|(k, _)| section_key(k) == key)
        .map(|(_, s)| s)
}

/// The hover read-out: the series and the point's real (un-logged) coordinates.
fn hover_text(
    pos: &HoverPosition<'_>,
    x_name: &str,
    y_name: &str,
    log_x: bool,
    log_y: bool,
) -> Option<String> {
    let (name, p) = match pos {
        HoverPosition::NearDataPoint {
            plot_name,
            position,
            ..
        } => (*plot_name, position),
        HoverPosition::Elsewhere { position } => ("", position),
    };
    let real = |v: f64, log: bool| if log { 10f64.powf(v) } else { v };
    Some(format!(
        "{name}\n{x_name} = {}\n{y_name} = {}",
        format_sig(real(p.x, log_x), 6),
        format_sig(real(p.y, log_y), 6)
    ))
}

fn axis_label(name: &str, log: bool) -> String {
    if log {
        format!("{name} (log)")
    } else {
        name.to_string()
    }
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
    use crate::report::Series;

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

    #[test]
    fn overlay_names_and_colours_pair_a_series_with_b_series() {
        let set = |names: &[&str]| SeriesSet {
            x: "h".into(),
            y: "T".into(),
            series: names
                .iter()
                .map(|n| Series::new(*n, vec![[1.0, 2.0]]))
                .collect(),
        };
        let (a, b) = (set(&["C", "old"]), set(&["P", "C"]));
        let lines = overlay(Some(&a), Some(&b));
        let names: Vec<&str> = lines.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["A: C", "A: old", "B: P", "B: C"]);
        // "C" has one colour in both runs; "old", only in A, comes after B's series.
        assert_eq!(lines[0].index, lines[3].index);
        assert_eq!((lines[2].index, lines[3].index, lines[1].index), (0, 1, 2));
        assert_eq!(overlay(None, Some(&b)).len(), 2);
    }

    #[test]
    fn plots_are_matched_without_their_instance() {
        assert_eq!(
            section_key("plot: T_N vs β (tree b = 2, h = 15)"),
            "plot: T_N vs β"
        );
        assert_eq!(section_key("plot: makespan"), "plot: makespan");
        // Every compare preset's A and B have the same plots to overlay.
        for b in crate::preset::BUNDLED
            .iter()
            .filter(|b| b.file.starts_with("compare-"))
        {
            let p = b.preset().unwrap();
            let keys = |s: &Scenario| -> Vec<String> {
                report::plots(s, &NoProgress)
                    .unwrap()
                    .iter()
                    .map(|(n, _)| section_key(n).to_string())
                    .collect()
            };
            assert_eq!(keys(&p.pinned.unwrap()), keys(&p.scenario), "{}", b.file);
        }
    }

    #[test]
    fn y_marks_are_nice_and_far_enough_apart_for_their_labels() {
        assert_eq!(nice_step(0.3), 0.5);
        assert_eq!(nice_step(7.0), 10.0);
        assert_eq!(nice_step(20.0), 20.0);
        // A plot 100 points tall over 0…1000: two labelled marks a step of 500 apart.
        let marks = spaced_marks(100.0)(egui_plot::GridInput {
            bounds: (0.0, 1000.0),
            base_step_size: 1.0,
        });
        let major: Vec<f64> = marks
            .iter()
            .filter(|m| m.step_size == 500.0)
            .map(|m| m.value)
            .collect();
        assert_eq!(major, vec![0.0, 500.0, 1000.0]);
        assert!(marks.iter().all(|m| (0.0..=1000.0).contains(&m.value)));
        assert_eq!(marks.len(), 11);
    }

    #[test]
    fn differences_name_the_fields_where_a_differs() {
        let b = ModelId::Ksbf.default_scenario();
        assert_eq!(differences(&b, &b), "same as B");
        let mut a = b.clone();
        let Scenario::Ksbf(p) = &mut a else {
            panic!("{a:?}")
        };
        p.p += 8;
        let want = format!("p = {}", p.p);
        assert_eq!(differences(&a, &b), want);
    }

    #[test]
    fn compare_preset_titles_use_the_controls_captions_and_the_papers_symbols() {
        let title = |file: &str| {
            let p = crate::preset::BUNDLED
                .iter()
                .find(|b| b.file == file)
                .unwrap()
                .preset()
                .unwrap();
            differences(&p.pinned.unwrap(), &p.scenario)
        };
        // The Algorithm menu's caption, not the enum's Rust name `Alg3Literal`.
        assert_eq!(
            title("compare-redistribute-alg3-printed-vs-corrected.ron"),
            crate::model::redistribute::params::Algorithm::Alg3Literal.label()
        );
        assert_eq!(
            title("compare-redistribute-alg3-printed-vs-corrected.ron"),
            "Algorithm 3 as printed"
        );
        // The Balancing menu's names (`named!`), not `None` / `Random`.
        assert_eq!(title("compare-ksbf-ks-vs-none.ron"), "balancing: none");
        assert_eq!(title("compare-ksbf-ks-vs-random.ron"), "balancing: random");
        // The paper's symbols: τ (tree sweeps), β (divisible load), ℓ (geodecay).
        assert!(title("compare-treesweep-fine-grain-vs-py.ron").starts_with("τ = "));
        assert_eq!(title("compare-divisible-c-p-q.ron"), "h = 2");
        let b = ModelId::Divisible.default_scenario();
        let mut a = b.clone();
        let Scenario::Divisible(p) = &mut a else {
            panic!("{a:?}")
        };
        p.beta = 0.5;
        p.network = crate::model::divisible::Network::Pyramid;
        assert_eq!(differences(&a, &b), "β = 0.5, pyramid");
        let b = ModelId::Geodecay.default_scenario();
        let mut a = b.clone();
        let Scenario::Geodecay(p) = &mut a else {
            panic!("{a:?}")
        };
        p.ell = 7.0;
        assert_eq!(differences(&a, &b), "ℓ = 7");
        // A ring's δ by its symbol; the costs' variant by its name.
        let b = ModelId::Redistribute.default_scenario();
        let mut a = b.clone();
        let Scenario::Redistribute(p) = &mut a else {
            panic!("{a:?}")
        };
        p.instance.delta.reverse();
        p.instance.delta.push(0);
        p.instance.loads.push(0);
        let t = differences(&a, &b);
        assert!(t.starts_with("δ = "), "{t}");
    }

    #[test]
    fn every_model_reports_plots_to_overlay() {
        for m in ModelId::ALL {
            let plots = report::plots(&m.default_scenario(), &NoProgress).unwrap();
            assert!(!plots.is_empty(), "{}", m.name());
            assert!(
                plots.iter().all(|(_, s)| !s.series.is_empty()),
                "{}",
                m.name()
            );
        }
    }
}
