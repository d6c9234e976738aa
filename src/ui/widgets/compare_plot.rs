//! Simulated points vs. theory lines, with optional log axes.
//!
//! Log axes are implemented by plotting `log10` of the coordinates (dropping
//! non-positive values); tick labels, the hover label and the coordinate
//! readout show the real (un-logged) values.

use crate::report::{csv_field, csv_number};
use std::ops::RangeInclusive;

use eframe::egui;
use egui_plot::{
    AxisHints, CoordinatesFormatter, Corner, GridInput, GridMark, HoverPosition, Legend, Line,
    LineStyle, MarkerShape, Plot, PlotBounds, PlotPoint, Points, VLine,
};
use serde::{Deserialize, Serialize};

use super::format_sig;

/// Caption of the "log x" checkbox.
pub const LABEL_LOG_X: &str = "log x";
/// Caption of the "log y" checkbox.
pub const LABEL_LOG_Y: &str = "log y";
/// Caption of the button copying the data as CSV.
pub const LABEL_COPY_CSV: &str = "Copy CSV";

/// Significant digits of the hover readout.
const READOUT_DIGITS: usize = 6;

/// How a [`Series`] is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesStyle {
    /// Markers only (e.g. simulated results).
    Points,
    /// Solid line (e.g. theory).
    Line,
    /// Dashed line (e.g. asymptotes, bounds).
    DashedLine,
}

/// One named data series.
#[derive(Clone, Debug)]
pub struct Series {
    /// Legend name.
    pub name: String,
    /// `[x, y]` points in real (un-logged) coordinates.
    pub points: Vec<[f64; 2]>,
    /// How to draw it.
    pub style: SeriesStyle,
    /// Fixed colour, or `None` for an automatic one.
    pub color: Option<egui::Color32>,
}

/// Everything one comparison plot shows.
#[derive(Clone, Debug, Default)]
pub struct ComparePlot {
    /// Title shown above the plot.
    pub title: String,
    /// X axis label.
    pub x_label: String,
    /// Y axis label.
    pub y_label: String,
    /// The series, drawn in order.
    pub series: Vec<Series>,
    /// Optional vertical marker (e.g. the currently selected parameter).
    pub x_marker: Option<f64>,
    /// Put the legend in the top-left corner (for rising curves) instead of the top right.
    pub legend_left: bool,
}

impl Series {
    /// The same data as markers and as a connecting line under one legend entry (the legend
    /// merges items of one name).
    pub fn points_and_line(name: &str, points: Vec<[f64; 2]>, color: egui::Color32) -> [Series; 2] {
        [
            Series {
                name: name.to_string(),
                points: points.clone(),
                style: SeriesStyle::Points,
                color: Some(color),
            },
            Series {
                name: name.to_string(),
                points,
                style: SeriesStyle::Line,
                color: Some(color),
            },
        ]
    }
}

/// Persistent per-plot view options.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PlotView {
    /// Logarithmic x axis.
    pub log_x: bool,
    /// Logarithmic y axis.
    pub log_y: bool,
}

/// All series in long format: a `series,x,y` header then one row per point.
///
/// Names containing commas, quotes or line breaks are quoted (quotes
/// doubled). Numbers use Rust's shortest round-trip representation
/// (scientific notation for magnitudes below 1e-5 or from 1e16).
pub fn series_to_csv(plot: &ComparePlot) -> String {
    let mut out = String::from("series,x,y\n");
    for series in &plot.series {
        let name = csv_field(&series.name);
        for [x, y] in &series.points {
            out.push_str(&format!("{name},{},{}\n", csv_number(*x), csv_number(*y)));
        }
    }
    out
}

/// Map a real coordinate to plot space: `log10` on log axes.
/// Returns `None` for values that cannot be shown (non-finite, or ≤ 0 on a
/// log axis).
fn to_axis(value: f64, log: bool) -> Option<f64> {
    if !value.is_finite() {
        None
    } else if log {
        (value > 0.0).then(|| value.log10())
    } else {
        Some(value)
    }
}

/// Map a plot-space coordinate back to the real value.
fn from_axis(value: f64, log: bool) -> f64 {
    if log { 10f64.powf(value) } else { value }
}

/// Points transformed to plot space, dropping those that cannot be shown.
fn plot_points(points: &[[f64; 2]], log_x: bool, log_y: bool) -> Vec<[f64; 2]> {
    points
        .iter()
        .filter_map(|&[x, y]| Some([to_axis(x, log_x)?, to_axis(y, log_y)?]))
        .collect()
}

/// Readout of a plot-space point in real coordinates.
fn readout(point: &PlotPoint, log_x: bool, log_y: bool) -> String {
    format!(
        "x = {}\ny = {}",
        format_sig(from_axis(point.x, log_x), READOUT_DIGITS),
        format_sig(from_axis(point.y, log_y), READOUT_DIGITS)
    )
}

/// Tick label on a log axis: the real value `10^mark`.
fn log_tick_label(mark: GridMark, _range: &RangeInclusive<f64>) -> String {
    format_sig(10f64.powf(mark.value), 3)
}

/// Grid marks for a log10 axis: decades, plus 2..9 × 10^k when few decades
/// are visible. Falls back to egui's spacer for very wide ranges.
fn log_grid(input: GridInput) -> Vec<GridMark> {
    let (lo, hi) = input.bounds;
    if !lo.is_finite() || !hi.is_finite() || hi <= lo {
        return Vec::new();
    }
    if hi - lo > 30.0 {
        return egui_plot::log_grid_spacer(10)(input);
    }
    let first = lo.floor() as i64;
    let last = hi.ceil() as i64;
    let with_minor = hi - lo <= 8.0;
    let mut marks = Vec::new();
    for k in first..=last {
        let decade = k as f64;
        marks.push(GridMark {
            value: decade,
            step_size: 1.0,
        });
        if with_minor {
            for m in 2..=9u32 {
                let value = decade + f64::from(m).log10();
                // 2 and 5 are labelled earlier than the rest when zooming in.
                let step_size = if m == 2 || m == 5 { 0.3 } else { 0.1 };
                marks.push(GridMark { value, step_size });
            }
        }
    }
    marks.retain(|m| m.value >= lo && m.value <= hi);
    marks
}

/// Height of the plot: the available height within sensible limits.
fn plot_height(ui: &egui::Ui) -> f32 {
    let available = ui.available_height();
    if available.is_finite() {
        available.clamp(160.0, 420.0)
    } else {
        300.0
    }
}

/// The empirical distribution of `values`: each value, in increasing order, against the
/// fraction of the values at or below it.
pub fn cumulative(mut values: Vec<f64>) -> Vec<[f64; 2]> {
    values.sort_by(f64::total_cmp);
    let count = values.len().max(1) as f64;
    values
        .iter()
        .enumerate()
        .map(|(i, &v)| [v, (i as f64 + 1.0) / count])
        .collect()
}

/// A plot with a legend and labelled axes, for the charts [`compare_plot`] does not draw (bar
/// charts, timelines with bands).
pub fn labelled_plot<'a>(
    id: &str,
    x_label: impl Into<egui::WidgetText>,
    y_label: impl Into<egui::WidgetText>,
) -> Plot<'a> {
    Plot::new(id)
        .legend(Legend::default())
        .x_axis_label(x_label)
        .y_axis_label(y_label)
}

/// Show the title, the "log x" / "log y" checkboxes, a "Copy CSV" button and
/// the plot (legend, hover readout, optional vertical marker).
pub fn compare_plot(ui: &mut egui::Ui, id: &str, plot: &ComparePlot, view: &mut PlotView) {
    ui.push_id(id, |ui| {
        let mut axes_changed = false;
        ui.horizontal_wrapped(|ui| {
            if !plot.title.is_empty() {
                ui.strong(&plot.title);
                ui.separator();
            }
            axes_changed |= ui
                .checkbox(&mut view.log_x, LABEL_LOG_X)
                .on_hover_text("Logarithmic x axis (non-positive x values are hidden)")
                .changed();
            axes_changed |= ui
                .checkbox(&mut view.log_y, LABEL_LOG_Y)
                .on_hover_text("Logarithmic y axis (non-positive y values are hidden)")
                .changed();
            if ui
                .button(LABEL_COPY_CSV)
                .on_hover_text("Copy all series as CSV (series,x,y)")
                .clicked()
            {
                ui.ctx().copy_text(series_to_csv(plot));
            }
        });

        let (log_x, log_y) = (view.log_x, view.log_y);
        let mut egui_plot =
            Plot::new(id)
                .legend(Legend::default().follow_insertion_order(true).position(
                    if plot.legend_left {
                        Corner::LeftTop
                    } else {
                        Corner::RightTop
                    },
                ))
                .height(plot_height(ui))
                // egui_plot hides x tick labels closer than 60 points: too sparse for the narrow
                // plot column, where short numbers fit every 28 points.
                .custom_x_axes(vec![AxisHints::new_x().label_spacing(28.0..=48.0)])
                .x_axis_label(plot.x_label.clone())
                .y_axis_label(plot.y_label.clone())
                .label_formatter(move |pos: &HoverPosition<'_>| {
                    Some(match pos {
                        HoverPosition::NearDataPoint {
                            plot_name,
                            position,
                            ..
                        } if !plot_name.is_empty() => {
                            format!("{plot_name}\n{}", readout(position, log_x, log_y))
                        }
                        HoverPosition::NearDataPoint { position, .. }
                        | HoverPosition::Elsewhere { position } => readout(position, log_x, log_y),
                    })
                })
                .coordinates_formatter(
                    Corner::LeftBottom,
                    CoordinatesFormatter::new(move |point: &PlotPoint, _bounds: &PlotBounds| {
                        readout(point, log_x, log_y).replace('\n', "  ")
                    }),
                );
        if log_x {
            egui_plot = egui_plot
                .x_grid_spacer(log_grid)
                .x_axis_formatter(log_tick_label);
        }
        if log_y {
            egui_plot = egui_plot
                .y_grid_spacer(log_grid)
                .y_axis_formatter(log_tick_label);
        }
        if axes_changed {
            // The data moved to other coordinates: fit the view to it again.
            egui_plot = egui_plot.reset();
        }

        let marker = plot.x_marker.and_then(|x| to_axis(x, log_x));
        let marker_color = ui.visuals().weak_text_color();

        egui_plot.show(ui, |plot_ui| {
            for (index, series) in plot.series.iter().enumerate() {
                let points = plot_points(&series.points, log_x, log_y);
                let item_id = (id, index);
                match series.style {
                    SeriesStyle::Points => {
                        let mut item = Points::new(series.name.clone(), points)
                            .shape(MarkerShape::Circle)
                            .filled(true)
                            .radius(3.5)
                            .id(item_id);
                        if let Some(color) = series.color {
                            item = item.color(color);
                        }
                        plot_ui.points(item);
                    }
                    SeriesStyle::Line | SeriesStyle::DashedLine => {
                        let mut item = Line::new(series.name.clone(), points)
                            .width(1.5)
                            .id(item_id);
                        if series.style == SeriesStyle::DashedLine {
                            item = item.style(LineStyle::dashed_loose());
                        }
                        if let Some(color) = series.color {
                            item = item.color(color);
                        }
                        plot_ui.line(item);
                    }
                }
            }
            if let Some(x) = marker {
                plot_ui.vline(
                    VLine::new("", x)
                        .color(marker_color)
                        .width(1.5)
                        .style(LineStyle::dashed_dense())
                        .allow_hover(false),
                );
            }
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series(name: &str, points: Vec<[f64; 2]>) -> Series {
        Series {
            name: name.to_owned(),
            points,
            style: SeriesStyle::Points,
            color: None,
        }
    }

    #[test]
    fn csv_long_format() {
        let plot = ComparePlot {
            series: vec![
                series("sim", vec![[1.0, 2.5], [2.0, -3.0]]),
                series("theory, exact", vec![[0.5, 1e-9]]),
                series("say \"hi\"", vec![[3.0, 4.0]]),
                series("empty", vec![]),
            ],
            ..Default::default()
        };
        let csv = series_to_csv(&plot);
        let expected = "series,x,y\n\
                        sim,1,2.5\n\
                        sim,2,-3\n\
                        \"theory, exact\",0.5,1e-9\n\
                        \"say \"\"hi\"\"\",3,4\n";
        assert_eq!(csv, expected);
    }

    #[test]
    fn csv_of_empty_plot_is_just_the_header() {
        assert_eq!(series_to_csv(&ComparePlot::default()), "series,x,y\n");
    }

    #[test]
    fn log_transform_drops_non_positive() {
        let pts = [
            [1.0, 10.0],
            [0.0, 5.0],
            [100.0, -1.0],
            [1000.0, 0.01],
            [f64::NAN, 1.0],
        ];
        assert_eq!(plot_points(&pts, true, true), vec![[0.0, 1.0], [3.0, -2.0]]);
        assert_eq!(plot_points(&pts, false, false).len(), 4);
        assert_eq!(plot_points(&pts, true, false).len(), 3);
    }

    #[test]
    fn readout_shows_real_values() {
        let p = PlotPoint::new(2.0, -1.0);
        assert_eq!(readout(&p, true, true), "x = 100\ny = 0.1");
        assert_eq!(readout(&p, false, false), "x = 2\ny = -1");
    }

    #[test]
    fn log_grid_marks_are_in_range() {
        let marks = log_grid(GridInput {
            bounds: (-0.5, 2.2),
            base_step_size: 0.01,
        });
        assert!(marks.iter().all(|m| (-0.5..=2.2).contains(&m.value)));
        assert!(marks.iter().any(|m| m.value == 0.0 && m.step_size == 1.0));
        assert!(marks.iter().any(|m| (m.value - 2f64.log10()).abs() < 1e-12));
        assert!(
            log_grid(GridInput {
                bounds: (1.0, 1.0),
                base_step_size: 0.01
            })
            .is_empty()
        );
    }
}
