//! The tree-sweep workspace's sweep plots: T*, T_PY and their ratio against n and τ.

use super::*;

impl TreeSweepPanel {
    pub(super) fn n_plot(&self, params: &TreeSweepParams) -> ComparePlot {
        let series_of: &[TauSeries] = self.n_series.latest().map_or(&[], |s| s.as_slice());
        let mut series = Vec::new();
        let ratio = self.view.plot == TsPlot::Ratio;
        let incr = self.view.plot == TsPlot::Increments;
        for (i, s) in series_of.iter().enumerate() {
            let c = Some(palette::series(i));
            let name = format!("τ = {}", fmt(s.tau));
            if ratio {
                series.push(Series {
                    name: name.clone(),
                    points: s.points.iter().map(|p| [p.n as f64, p.ratio]).collect(),
                    style: SeriesStyle::Line,
                    color: c,
                });
            } else if incr {
                if (s.tau - params.tau).abs() > 0.0
                    && FIG2_TAUS.contains(&s.tau)
                    && !FIG2_TAUS.contains(&params.tau)
                {
                    continue;
                }
                series.push(Series {
                    name,
                    points: s
                        .points
                        .windows(2)
                        .map(|w| [w[1].n as f64, w[1].t_star - w[0].t_star])
                        .collect(),
                    style: SeriesStyle::Line,
                    color: c,
                });
            } else {
                series.push(Series {
                    name: format!("T*, {name}"),
                    points: s.points.iter().map(|p| [p.n as f64, p.t_star]).collect(),
                    style: SeriesStyle::Line,
                    color: c,
                });
                series.push(Series {
                    name: format!("T_PY, {name}"),
                    points: s.points.iter().map(|p| [p.n as f64, p.t_py]).collect(),
                    style: SeriesStyle::DashedLine,
                    color: c,
                });
            }
        }
        if ratio {
            let end = self.view.n_max as f64;
            series.push(Series {
                name: "1/2 (the paper's claim)".into(),
                points: vec![[1.0, 0.5], [end, 0.5]],
                style: SeriesStyle::DashedLine,
                color: Some(palette::REFERENCE),
            });
        }
        let (title, y) = if ratio {
            ("T*/T_PY vs n", "T*/T_PY")
        } else if incr {
            ("increments T*(n) − T*(n − 1)", "T*(n) − T*(n−1)")
        } else {
            ("Fig. 2: T* (solid) and T_PY (dashed) vs n", "makespan")
        };
        ComparePlot {
            title: title.into(),
            x_label: "n".into(),
            y_label: y.into(),
            series,
            x_marker: Some(params.n as f64),
        }
    }

    pub(super) fn tau_plot(&self, params: &TreeSweepParams) -> ComparePlot {
        let pts: &[SweepPoint] = self.tau_points.latest().map_or(&[], |p| p.as_slice());
        let line = |name: &str, f: &dyn Fn(&SweepPoint) -> f64, style, c| Series {
            name: name.into(),
            points: pts.iter().map(|p| [p.tau, f(p)]).collect(),
            style,
            color: Some(c),
        };
        ComparePlot {
            title: format!("T* and T_PY vs τ at n = {}", params.n),
            x_label: "τ".into(),
            y_label: "makespan".into(),
            series: vec![
                line(
                    "T* (Fine-Grain)",
                    &|p| p.t_star,
                    SeriesStyle::Line,
                    palette::SIMULATED,
                ),
                line("T_PY", &|p| p.t_py, SeriesStyle::Line, palette::BASELINE),
                line(
                    "one processor",
                    &|p| p.one_processor,
                    SeriesStyle::DashedLine,
                    palette::REFERENCE,
                ),
                line(
                    "processor per node",
                    &|p| p.processor_per_node,
                    SeriesStyle::DashedLine,
                    palette::FOURTH,
                ),
            ],
            x_marker: Some(params.tau),
        }
    }
}
