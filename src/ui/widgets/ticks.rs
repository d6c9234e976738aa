//! Round tick values for every axis the app draws (plots, the Gantt chart's time axis, the
//! heat map and its colour bar): at least [`MIN_TICKS`] labelled values on any sane range,
//! 1, 2 or 5 × 10^k steps on linear axes, decades on log axes (1-2-5 within a decade or two,
//! round linear values inside one decade).
//!
//! [`ticks`] is pure; [`spacer`] and [`formatter`] hand the same values to egui_plot.

use egui_plot::{GridInput, GridMark};

use crate::report::format::{Precision, number, sig};

/// Fewest labelled ticks an axis shows.
pub const MIN_TICKS: usize = 3;
/// Most ticks [`ticks`] gives when the caller does not say how many fit.
pub const DEFAULT_MOST: usize = 7;
/// Points between two labelled ticks on a horizontal axis (room for a number like "1e-5").
pub const X_SPACING: f32 = 64.0;
/// Points between two labelled ticks on a vertical axis.
pub const Y_SPACING: f32 = 36.0;

/// What values an axis carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Any real value.
    Linear,
    /// Whole numbers only (processor indices, δ, rounds, depth caps): ticks fall between two
    /// only when the view is zoomed in so far that one whole number or none shows.
    Integer,
    /// Positive values on a logarithmic axis.
    Log,
}

impl Scale {
    /// `Log` when `log`, else `Linear`.
    pub fn of(log: bool) -> Scale {
        if log { Scale::Log } else { Scale::Linear }
    }

    /// The scale of an axis through `values`: `Log` when `log`, else `Integer` when every
    /// value is a whole number (depth caps, ring sizes: no tick at 8.5), else `Linear`.
    pub fn of_values(log: bool, values: impl IntoIterator<Item = f64>) -> Scale {
        let mut values = values.into_iter().peekable();
        if log {
            Scale::Log
        } else if values.peek().is_some() && values.all(|v| v.fract() == 0.0) {
            Scale::Integer
        } else {
            Scale::Linear
        }
    }
}

/// Round tick values in `[min, max]` (either order): at least [`MIN_TICKS`] and at most
/// [`DEFAULT_MOST`] where both can hold.
pub fn ticks(min: f64, max: f64, log: bool) -> Vec<f64> {
    ticks_at_most(min, max, Scale::of(log), DEFAULT_MOST)
}

/// Round tick values in `[min, max]` (either order) on a `scale` axis: the densest round set
/// of at most `most` values, or, when that set has fewer than [`MIN_TICKS`], the next denser
/// one. A degenerate range (one value) gets ticks around that value. Empty for non-finite
/// bounds.
pub fn ticks_at_most(min: f64, max: f64, scale: Scale, most: usize) -> Vec<f64> {
    if !(min.is_finite() && max.is_finite()) {
        return Vec::new();
    }
    let (lo, hi) = if min <= max { (min, max) } else { (max, min) };
    let most = most.max(MIN_TICKS);
    match scale {
        Scale::Log if lo > 0.0 => log_ticks(lo, hi, most),
        Scale::Integer => {
            // Zoomed in to one whole number or none: fractional ticks rather than one or none.
            let whole = linear_ticks(lo, hi, most, 1.0);
            if whole.len() >= 2 {
                whole
            } else {
                linear_ticks(lo, hi, most, 0.0)
            }
        }
        _ => linear_ticks(lo, hi, most, 0.0),
    }
}

/// Among candidate tick sets from densest to sparsest: the first with at most `most` values,
/// or the one before it when it has fewer than [`MIN_TICKS`].
fn pick(candidates: impl Iterator<Item = Vec<f64>>, most: usize) -> Vec<f64> {
    let mut denser: Option<Vec<f64>> = None;
    for set in candidates {
        if set.len() <= most {
            return match denser {
                Some(d) if set.len() < MIN_TICKS && d.len() >= set.len() => d,
                _ => set,
            };
        }
        denser = Some(set);
    }
    denser.unwrap_or_default()
}

/// Multiples of `step` in `[lo, hi]` (within rounding), snapped so that zero prints as 0.
fn multiples(lo: f64, hi: f64, step: f64) -> Vec<f64> {
    let eps = 1e-9;
    let first = (lo / step - eps).ceil();
    let last = (hi / step + eps).floor();
    if !(first.is_finite() && last.is_finite()) || last - first > 10_000.0 {
        return Vec::new();
    }
    // Rounded to the step's decimals: 2.4, not 2.4000000000000004.
    let decimals = (-step.log10().floor()).clamp(0.0, 300.0) as i32;
    let unit = 10f64.powi(decimals);
    let mut out = Vec::new();
    let mut k = first;
    while k <= last {
        let v = k * step;
        let v = if decimals > 0 && (v * unit).is_finite() {
            (v * unit).round() / unit
        } else {
            v
        };
        out.push(if v.abs() < step * 1e-9 { 0.0 } else { v });
        k += 1.0;
    }
    out
}

/// 1, 2 and 5 × 10^e for e = `from`, `from` + 1, …, ascending.
fn round_steps(from: i32) -> impl Iterator<Item = f64> {
    (from..from + 40).flat_map(|e| [1.0, 2.0, 5.0].map(|m| m * 10f64.powi(e)))
}

/// Ticks on a linear axis, steps no smaller than `min_step` (1 for whole numbers).
fn linear_ticks(lo: f64, hi: f64, most: usize, min_step: f64) -> Vec<f64> {
    let (mut lo, mut hi) = (lo, hi);
    let scale = lo.abs().max(hi.abs());
    if hi - lo <= scale * 1e-12 || hi - lo < 1e-300 {
        // One value: round ticks around it (±10 % of it, or ±1 around 0).
        let half = if scale > 0.0 { 0.1 * scale } else { 1.0 };
        (lo, hi) = (lo - half.max(min_step), hi + half.max(min_step));
    }
    let span = hi - lo;
    let from = (span / (4.0 * most as f64)).log10().floor() as i32 - 1;
    let candidates = round_steps(from)
        .filter(|&s| s >= min_step)
        .map(|s| multiples(lo, hi, s))
        .take(60);
    pick(candidates, most)
}

/// Ticks on a log axis over `[lo, hi]` (lo > 0): decades (every 2nd, 3rd, 5th … when they do
/// not fit) when three or more are in range; else 1-2-5, 1-3 or 1 × 10^k; inside a decade or
/// so, round values evenly spaced.
fn log_ticks(lo: f64, hi: f64, most: usize) -> Vec<f64> {
    let (a, b) = (lo.log10(), hi.log10());
    let eps = 1e-9;
    let (first, last) = ((a - eps).floor() as i32, (b + eps).ceil() as i32);
    let within = |v: f64| v >= lo * (1.0 - eps) && v <= hi * (1.0 + eps);
    let mantissas = |ms: &[f64]| -> Vec<f64> {
        (first..=last)
            .flat_map(|e| ms.iter().map(move |m| m * 10f64.powi(e)))
            .filter(|&v| within(v))
            .collect()
    };
    let decades = |stride: i32| -> Vec<f64> {
        (first..=last)
            .filter(|e| e.rem_euclid(stride) == 0)
            .map(|e| 10f64.powi(e))
            .filter(|&v| within(v))
            .collect()
    };
    if decades(1).len() >= MIN_TICKS {
        // Decades, every 2nd, 5th, 10th … when they do not fit.
        let strides = [1, 2, 3, 5, 10, 20, 50, 100].into_iter().map(decades);
        return pick(strides, most);
    }
    let one_two_five = mantissas(&[1.0, 2.0, 5.0]);
    if one_two_five.len() < MIN_TICKS {
        // Less than a decade or so (0.6 to 4, 31 to 37): round values, evenly spaced.
        return linear_ticks(lo, hi, most.min(5), 0.0);
    }
    let candidates = [one_two_five, mantissas(&[1.0, 3.0]), decades(1)].into_iter();
    pick(candidates, most)
}

/// A tick's label on a linear axis whose ticks are `step` apart: as many digits as the step
/// needs and no more (0.30000000000000004 reads 0.3).
pub fn label(value: f64, step: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return number(value, Precision::Readout);
    }
    let step = if step.is_finite() && step > 0.0 {
        step
    } else {
        return number(value, Precision::Readout);
    };
    let magnitude = value.abs().log10().floor();
    let digits = magnitude - step.log10().floor() + 1.0;
    // Whole numbers below a million in full (20000, not 2e4).
    let digits = if magnitude < 6.0 {
        digits.max(magnitude + 1.0)
    } else {
        digits
    };
    sig(value, digits.clamp(1.0, 15.0) as usize)
}

/// Labels of `values` (ticks of one axis, ascending): each with the digits the smallest gap
/// between neighbours needs.
pub fn labels(values: &[f64]) -> Vec<String> {
    let step = values
        .windows(2)
        .map(|w| (w[1] - w[0]).abs())
        .filter(|d| *d > 0.0)
        .fold(f64::INFINITY, f64::min);
    let step = if step.is_finite() { step } else { 1.0 };
    values.iter().map(|&v| label(v, step)).collect()
}

/// Ticks for egui_plot (`Plot::x_grid_spacer` / `y_grid_spacer`) on a `scale` axis whose
/// labels need `spacing` points each: [`ticks_at_most`] of the visible range, as many as fit.
/// On a log axis the plot's coordinates are log10 of the values.
pub fn spacer(scale: Scale, spacing: f32) -> impl Fn(GridInput) -> Vec<GridMark> {
    move |input: GridInput| {
        let (lo, hi) = input.bounds;
        if !(lo.is_finite() && hi.is_finite()) || hi <= lo || input.base_step_size <= 0.0 {
            return Vec::new();
        }
        // egui_plot's base step is the value of its 8-point smallest grid spacing.
        let points = (hi - lo) / input.base_step_size * 8.0;
        let most = (points / f64::from(spacing.max(1.0)))
            .floor()
            .clamp(3.0, 12.0) as usize;
        let (min, max) = match scale {
            Scale::Log => (10f64.powf(lo), 10f64.powf(hi)),
            _ => (lo, hi),
        };
        let values: Vec<f64> = ticks_at_most(min, max, scale, most)
            .into_iter()
            .map(|v| if scale == Scale::Log { v.log10() } else { v })
            .filter(|v| v.is_finite())
            .collect();
        marks(&values, hi - lo)
    }
}

/// Grid marks at `values` (ascending), each with the gap to its nearest neighbour as its step
/// (egui_plot labels a mark whose step is wide enough on screen).
fn marks(values: &[f64], span: f64) -> Vec<GridMark> {
    (0..values.len())
        .map(|i| {
            let before = i.checked_sub(1).map(|j| values[i] - values[j]);
            let after = values.get(i + 1).map(|v| v - values[i]);
            let gap = match (before, after) {
                (Some(x), Some(y)) => x.min(y),
                (Some(x), None) | (None, Some(x)) => x,
                (None, None) => span,
            };
            GridMark {
                value: values[i],
                step_size: gap.abs().max(f64::MIN_POSITIVE),
            }
        })
        .collect()
}

/// Tick labels for egui_plot (`Plot::x_axis_formatter` / `y_axis_formatter`) of the marks
/// [`spacer`] gives: real values on a log axis (4 significant digits), on a linear axis the
/// digits the step needs.
pub fn formatter(
    scale: Scale,
) -> impl Fn(GridMark, &std::ops::RangeInclusive<f64>) -> String + 'static {
    move |mark: GridMark, _range: &std::ops::RangeInclusive<f64>| match scale {
        Scale::Log => number(10f64.powf(mark.value), Precision::Readout),
        _ => label(mark.value, mark.step_size),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `v` is a round value: 1, 2 or 5 × 10^k times a whole number, within rounding.
    fn round(v: f64, step: f64) -> bool {
        let k = v / step;
        (k - k.round()).abs() < 1e-6
    }

    #[test]
    fn at_least_three_round_ticks_on_any_linear_range() {
        let ranges = [
            (0.0, 1.0),
            (0.0, 10.0),
            (1.0, 10.0),
            (-3.2, 7.9),
            (742.964, 48408.746),
            (0.928, 8.62),
            (1e-9, 3e-9),
            (1e6, 1e6 + 1.0),
            (5.0, 5.0),
            (0.0, 0.0),
            (-1e-12, 1e-12),
            (99.99, 100.01),
            (1e15, 4e15),
        ];
        for (lo, hi) in ranges {
            for most in [3, 5, 7, 12] {
                let t = ticks_at_most(lo, hi, Scale::Linear, most);
                assert!(t.len() >= MIN_TICKS, "{lo}..{hi} (most {most}): {t:?}");
                assert!(t.len() <= most.max(MIN_TICKS) * 3, "{lo}..{hi}: {t:?}");
                let step = (t[t.len() - 1] - t[0]) / (t.len() - 1) as f64;
                // One step between them all, a round one.
                let mantissa = step / 10f64.powf(step.log10().floor());
                assert!(
                    [1.0, 2.0, 5.0].iter().any(|m| (mantissa - m).abs() < 1e-6),
                    "{lo}..{hi}: step {step}"
                );
                assert!(t.iter().all(|&v| round(v, step)), "{lo}..{hi}: {t:?}");
                assert!(t.windows(2).all(|w| w[1] > w[0]));
                if hi > lo {
                    let slack = 1e-9 * (hi - lo);
                    assert!(t.iter().all(|&v| v >= lo - slack && v <= hi + slack));
                }
            }
        }
    }

    #[test]
    fn map_ranges_get_round_ticks() {
        // The map's defects: ticks on 743, 8.62 and 0.928.
        assert_eq!(ticks(742.964, 48408.746, false), vec![1e4, 2e4, 3e4, 4e4]);
        assert_eq!(ticks(0.928, 8.62, false), vec![2.0, 4.0, 6.0, 8.0]);
    }

    #[test]
    fn log_ranges_get_decades() {
        assert_eq!(
            ticks(1.0, 1e6, true),
            vec![1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6]
        );
        assert_eq!(ticks(0.5, 2e3, true), vec![1.0, 1e1, 1e2, 1e3]);
        // Many decades: every other one, still at least three.
        let wide = ticks(1e-10, 1e10, true);
        assert!(wide.len() >= 3 && wide.len() <= DEFAULT_MOST, "{wide:?}");
        assert!(
            wide.iter()
                .all(|v| (v.log10() - v.log10().round()).abs() < 1e-9)
        );
        // A log axis labelled only "1" was the defect: 0.6 to 4 gets 1, 2 (and 0.6 … 3).
        let short = ticks(0.6, 4.0, true);
        assert!(
            short.len() >= 3 && short.contains(&1.0) && short.contains(&2.0),
            "{short:?}"
        );
        // Two decades: 1-2-5.
        assert_eq!(ticks(1.0, 100.0, true), vec![1.0, 10.0, 100.0]);
        assert_eq!(
            ticks(1.0, 60.0, true),
            vec![1.0, 2.0, 5.0, 10.0, 20.0, 50.0]
        );
    }

    #[test]
    fn a_range_within_one_decade_gets_round_values() {
        // The n axis labelled only "10": 4 to 40 on a log axis, and 31 to 37.
        let n = ticks(4.0, 40.0, true);
        assert!(n.len() >= 3 && n.contains(&10.0), "{n:?}");
        assert_eq!(ticks(31.0, 37.0, true), vec![32.0, 34.0, 36.0]);
        assert_eq!(ticks(1.5, 2.5, true), vec![1.6, 1.8, 2.0, 2.2, 2.4]);
        // Tiny ranges on a log axis too.
        assert!(ticks(1.0, 1.0 + 1e-9, true).len() >= 3);
    }

    #[test]
    fn whole_number_axes_never_tick_between_two() {
        // δ bars labelled only 0: −1 … 1 gets −1, 0, 1.
        assert_eq!(
            ticks_at_most(-1.1, 1.1, Scale::Integer, 7),
            vec![-1.0, 0.0, 1.0]
        );
        assert_eq!(
            ticks_at_most(0.5, 3.5, Scale::Integer, 7),
            vec![1.0, 2.0, 3.0]
        );
        let t = ticks_at_most(0.0, 64.0, Scale::Integer, 5);
        assert!(t.len() >= 3 && t.iter().all(|v| v.fract() == 0.0), "{t:?}");
        // All δ = 0: ticks around it.
        assert_eq!(
            ticks_at_most(0.0, 0.0, Scale::Integer, 7),
            vec![-1.0, 0.0, 1.0]
        );
        // Depth caps 8 … 12 on a plot 6 ticks wide: no 8.5.
        assert_eq!(
            ticks_at_most(7.8, 12.2, Scale::Integer, 6),
            vec![8.0, 9.0, 10.0, 11.0, 12.0]
        );
        // Zoomed in between two whole numbers: fractional ticks rather than none; two whole
        // numbers in view (a timeline's first round) stay the only ticks.
        assert_eq!(ticks_at_most(-0.5, 1.5, Scale::Integer, 7), vec![0.0, 1.0]);
        assert_eq!(
            ticks_at_most(8.05, 8.95, Scale::Integer, 7),
            vec![8.2, 8.4, 8.6, 8.8]
        );
    }

    #[test]
    fn an_axis_of_whole_numbers_is_an_integer_axis() {
        assert_eq!(Scale::of_values(false, [8.0, 12.0, 16.0]), Scale::Integer);
        assert_eq!(Scale::of_values(false, [8.0, 12.5]), Scale::Linear);
        assert_eq!(Scale::of_values(true, [8.0, 12.0]), Scale::Log);
        assert_eq!(Scale::of_values(false, []), Scale::Linear);
    }

    #[test]
    fn non_finite_ranges_have_no_ticks() {
        assert!(ticks(f64::NAN, 1.0, false).is_empty());
        assert!(ticks(0.0, f64::INFINITY, true).is_empty());
    }

    #[test]
    fn labels_carry_the_digits_the_step_needs() {
        assert_eq!(label(0.30000000000000004, 0.1), "0.3");
        assert_eq!(label(12.5, 0.5), "12.5");
        assert_eq!(label(20000.0, 10000.0), "20000");
        assert_eq!(label(0.0, 0.2), "0");
        assert_eq!(label(2e-9, 1e-9), "2e-9");
        assert_eq!(
            labels(&[1.0, 2.0, 5.0, 10.0, 20.0]),
            ["1", "2", "5", "10", "20"]
        );
        assert_eq!(
            labels(&[0.001, 0.01, 0.1, 1.0]),
            ["0.001", "0.01", "0.1", "1"]
        );
    }

    #[test]
    fn the_spacer_gives_egui_plot_at_least_three_marks() {
        // A 300-point log axis from 0.6 to 4 (log10: −0.22 … 0.6).
        let (lo, hi) = (0.6f64.log10(), 4f64.log10());
        let input = GridInput {
            bounds: (lo, hi),
            base_step_size: (hi - lo) / 300.0 * 8.0,
        };
        let m = spacer(Scale::Log, Y_SPACING)(input);
        assert!(m.len() >= 3, "{m:?}");
        assert!(m.iter().all(|g| g.value >= lo && g.value <= hi));
        let f = formatter(Scale::Log);
        let shown: Vec<String> = m.iter().map(|g| f(*g, &(lo..=hi))).collect();
        assert!(shown.contains(&"1".to_string()) && shown.contains(&"2".to_string()));
        // A 100-point linear axis still gets three.
        let input = GridInput {
            bounds: (0.0, 17.0),
            base_step_size: 17.0 / 100.0 * 8.0,
        };
        assert!(spacer(Scale::Linear, Y_SPACING)(input).len() >= 3);
    }
}
