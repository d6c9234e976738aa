//! Sample statistics of the seeded studies: the median, and Student's t for the 95 % interval of
//! a mean from a few seeds (the normal 1.96 is too narrow there: with 2 seeds the interval is
//! mean ± 12.7 · sd/√2, with 12 seeds ± 2.20 · sd/√12).

/// The median of values sorted in increasing order (the mean of the two middle ones for an
/// even count); `sorted` must not be empty.
pub(crate) fn median_of_sorted(sorted: &[f64]) -> f64 {
    let len = sorted.len();
    if len % 2 == 1 {
        sorted[len / 2]
    } else {
        (sorted[len / 2 - 1] + sorted[len / 2]) / 2.0
    }
}

/// Above this many degrees of freedom [`t_975`] takes the Cornish–Fisher expansion (its
/// error is below 10⁻¹¹ there) instead of bisecting [`t_cdf`], whose series has one term per
/// two degrees.
const T_DF_EXPANSION: u64 = 1000;

/// The normal distribution's 97.5 % point.
const Z_975: f64 = 1.959_963_984_540_054;

/// P(T ≤ t) for Student's t with `df` ≥ 1 degrees of freedom, by the closed forms of the
/// integer case with θ = atan(t/√df): for odd df, ½ + (θ + sin θ cos θ · Σ_k a_k cos^(2k) θ)/π
/// with a_0 = 1, a_k = a_(k−1) · 2k/(2k + 1), k < (df − 1)/2; for even df,
/// ½ + ½ sin θ · Σ_k b_k cos^(2k) θ with b_0 = 1, b_k = b_(k−1) · (2k − 1)/(2k), k < df/2.
pub fn t_cdf(t: f64, df: u64) -> f64 {
    assert!(df >= 1, "t_cdf: df = 0");
    let theta = (t / (df as f64).sqrt()).atan();
    let (s, c) = theta.sin_cos();
    let c2 = c * c;
    if df % 2 == 1 {
        let (mut term, mut sum) = (1.0, 0.0);
        for k in 0..(df - 1) / 2 {
            if k > 0 {
                let k = k as f64;
                term *= c2 * 2.0 * k / (2.0 * k + 1.0);
            }
            sum += term;
        }
        0.5 + (theta + s * c * sum) / std::f64::consts::PI
    } else {
        let (mut term, mut sum) = (1.0, 0.0);
        for k in 0..df / 2 {
            if k > 0 {
                let k = k as f64;
                term *= c2 * (2.0 * k - 1.0) / (2.0 * k);
            }
            sum += term;
        }
        0.5 + 0.5 * s * sum
    }
}

/// The 97.5 % point of Student's t with `df` ≥ 1 degrees of freedom: the half-width of a
/// two-sided 95 % interval in standard errors (12.706 for 1, 2.228 for 10, → 1.960). Found by
/// bisection of [`t_cdf`] on [0, 20] (60 halvings: far below f64's spacing there); beyond
/// [`T_DF_EXPANSION`] degrees by the Cornish–Fisher expansion in 1/df.
pub fn t_975(df: u64) -> f64 {
    if df > T_DF_EXPANSION {
        let (z, v) = (Z_975, df as f64);
        let g1 = (z.powi(3) + z) / 4.0;
        let g2 = (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / 96.0;
        let g3 = (3.0 * z.powi(7) + 19.0 * z.powi(5) + 17.0 * z.powi(3) - 15.0 * z) / 384.0;
        return z + g1 / v + g2 / (v * v) + g3 / (v * v * v);
    }
    let (mut lo, mut hi) = (0.0f64, 20.0f64);
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if t_cdf(mid, df) < 0.975 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 0.975 column of a printed t table (three decimals), and the normal 1.960 beyond.
    #[test]
    fn the_975_points_are_the_printed_table() {
        let table = [
            (1, 12.706),
            (2, 4.303),
            (3, 3.182),
            (4, 2.776),
            (5, 2.571),
            (9, 2.262),
            (10, 2.228),
            (11, 2.201),
            (19, 2.093),
            (29, 2.045),
            (30, 2.042),
            (60, 2.000),
            (99, 1.984),
            (120, 1.980),
            (2_000_000, 1.960),
        ];
        for (df, t) in table {
            assert!(
                (t_975(df) - t).abs() < 6e-4,
                "df {df}: {} vs {t}",
                t_975(df)
            );
        }
    }

    /// The expansion beyond 1000 degrees continues the bisection's values.
    #[test]
    fn the_expansion_meets_the_series_at_1000_degrees() {
        let series = t_975(1000);
        let v = 1001.0;
        let next = t_975(1001);
        assert!(next < series && series - next < 1e-5, "{series} {next}");
        // t(1000) = 1.962339 (the printed table's ∞ row is 1.960); the step at 1001 is ~2.4/v².
        assert!((series - 1.962_339).abs() < 1e-6, "{series}");
        assert!(
            (series - next - 2.37 / (v * v)).abs() < 1e-7,
            "{series} {next}"
        );
    }

    /// The distribution is symmetric, increasing, and df = 1 is the Cauchy distribution.
    #[test]
    fn the_cdf_is_symmetric_and_cauchy_at_one_degree() {
        for df in [1, 2, 3, 7, 8, 50, 51] {
            assert!((t_cdf(0.0, df) - 0.5).abs() < 1e-15);
            let mut last = 0.0;
            for i in -40..=40 {
                let t = f64::from(i) * 0.25;
                let f = t_cdf(t, df);
                assert!((f + t_cdf(-t, df) - 1.0).abs() < 1e-12, "df {df} t {t}");
                assert!(f >= last, "df {df} t {t}");
                last = f;
            }
        }
        for t in [-3.0, -0.5, 1.0, 4.0f64] {
            let cauchy = 0.5 + t.atan() / std::f64::consts::PI;
            assert!((t_cdf(t, 1) - cauchy).abs() < 1e-15);
        }
        // df = 2 has the closed form ½ + t / (2√(2 + t²)).
        for t in [-2.0, 0.3, 5.0f64] {
            let two = 0.5 + t / (2.0 * (2.0 + t * t).sqrt());
            assert!((t_cdf(t, 2) - two).abs() < 1e-15);
        }
    }
}
