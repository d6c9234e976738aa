//! The few random variates the model needs (no `rand_distr`): standard normal, binomial and
//! hypergeometric, each exact for small cases and a clamped normal approximation with
//! continuity correction for large ones.
//!
//! * Binomial(n, q): n ≤ [`SMALL`] → sum of n Bernoulli draws (exact). Otherwise, with
//!   q′ = min(q, 1 − q) and mean μ = n·q′: μ < [`SMALL`] → inversion of the CDF, walking the pmf
//!   from P(0) = (1 − q′)^n with P(k+1) = P(k)·(n−k)/(k+1)·q′/(1−q′) (exact up to f64
//!   rounding); μ ≥ [`SMALL`] → ⌊μ + σ·Z + ½⌋ with σ² = n·q′(1−q′), Z standard normal, clamped
//!   to [0, n]. If q′ = 1 − q the result is reflected (n − k).
//! * Hypergeometric(N, K, c) (successes among c draws without replacement from N items of which
//!   K are successes): by the symmetries H(N, K, c) = H(N, c, K) and
//!   H(N, K, c) = c − H(N, N − K, c), if min(c, K, N − K, N − c) ≤ [`SMALL`] the draws are
//!   simulated one by one (exact, integer arithmetic); otherwise ⌊μ + σ·Z + ½⌋ with
//!   μ = cK/N, σ² = c·(K/N)(1 − K/N)(N − c)/(N − 1), clamped to [max(0, c − (N − K)), min(c, K)].
//! * Standard normal Z: Box–Muller from two uniform f64 in (0, 1].

use rand::Rng;

/// Threshold below which the samplers are exact (draw by draw or by inversion).
pub const SMALL: u64 = 32;

/// A standard normal variate (Box–Muller, one of the pair).
pub fn standard_normal<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    // 1 − U with U ∈ [0, 1) lies in (0, 1], so the logarithm is finite.
    let u1 = 1.0 - rng.random::<f64>();
    let u2 = rng.random::<f64>();
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

fn normal_count<R: Rng + ?Sized>(rng: &mut R, mean: f64, var: f64, lo: u64, hi: u64) -> u64 {
    let x = (mean + var.max(0.0).sqrt() * standard_normal(rng) + 0.5).floor();
    if x <= lo as f64 {
        lo
    } else if x >= hi as f64 {
        hi
    } else {
        x as u64
    }
}

/// Binomial(n, q): the number of successes in n independent trials of probability q.
pub fn binomial<R: Rng + ?Sized>(rng: &mut R, n: u64, q: f64) -> u64 {
    if n == 0 || q.is_nan() || q <= 0.0 {
        return 0;
    }
    if q >= 1.0 {
        return n;
    }
    if n <= SMALL {
        return (0..n).filter(|_| rng.random::<f64>() < q).count() as u64;
    }
    let (qq, flip) = if q > 0.5 { (1.0 - q, true) } else { (q, false) };
    let nf = n as f64;
    let mean = nf * qq;
    let k = if mean < SMALL as f64 {
        let u = rng.random::<f64>();
        let ratio = qq / (1.0 - qq);
        let mut pmf = (nf * (-qq).ln_1p()).exp();
        let mut cdf = pmf;
        let mut k = 0u64;
        // The tail beyond μ + 60 has probability far below f64 resolution; the cap only guards
        // against a CDF that sums to 1 − ε.
        let cap = n.min((mean + 60.0 + 12.0 * mean.sqrt()) as u64);
        while u >= cdf && k < cap {
            pmf *= (nf - k as f64) / (k as f64 + 1.0) * ratio;
            k += 1;
            cdf += pmf;
        }
        k
    } else {
        normal_count(rng, mean, mean * (1.0 - qq), 0, n)
    };
    if flip { n - k } else { k }
}

/// Hypergeometric(total, successes, draws): successes among `draws` items taken without
/// replacement from `total` items of which `successes` are successes.
///
/// Requires `successes ≤ total` and `draws ≤ total`.
pub fn hypergeometric<R: Rng + ?Sized>(rng: &mut R, total: u64, successes: u64, draws: u64) -> u64 {
    debug_assert!(successes <= total && draws <= total);
    let (big_n, k, c) = (total, successes.min(total), draws.min(total));
    if c == 0 || k == 0 {
        return 0;
    }
    if k == big_n {
        return c;
    }
    if c == big_n {
        return k;
    }
    let lo = c.saturating_sub(big_n - k);
    let hi = c.min(k);
    if lo == hi {
        return lo;
    }
    // Exact path: simulate the smaller side draw by draw.
    let small = c.min(k).min(big_n - k).min(big_n - c);
    if small <= SMALL {
        // Reduce to drawing s ≤ SMALL items from N with K′ successes, then map back.
        // H(N,K,c): draws c, successes K. Four cases by which quantity is small.
        let by_draws = |rng: &mut R, n: u64, kk: u64, d: u64| -> u64 {
            let (mut n, mut kk, mut hits) = (n, kk, 0u64);
            for _ in 0..d {
                if rng.random_range(0..n) < kk {
                    hits += 1;
                    kk -= 1;
                }
                n -= 1;
            }
            hits
        };
        return if c <= SMALL {
            by_draws(rng, big_n, k, c)
        } else if k <= SMALL {
            by_draws(rng, big_n, c, k)
        } else if big_n - k <= SMALL {
            // Failures among the draws: H(N, N−K, c) = H(N, c, N−K).
            c - by_draws(rng, big_n, c, big_n - k)
        } else {
            // N − c ≤ SMALL: successes left behind among the N − c undrawn items.
            k - by_draws(rng, big_n, k, big_n - c)
        };
    }
    let (nf, kf, cf) = (big_n as f64, k as f64, c as f64);
    let frac = kf / nf;
    let mean = cf * frac;
    let var = cf * frac * (1.0 - frac) * (nf - cf) / (nf - 1.0);
    normal_count(rng, mean, var, lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn moments(xs: &[f64]) -> (f64, f64) {
        let n = xs.len() as f64;
        let m = xs.iter().sum::<f64>() / n;
        let v = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0);
        (m, v)
    }

    #[test]
    fn normal_has_unit_moments() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let xs: Vec<f64> = (0..40_000).map(|_| standard_normal(&mut rng)).collect();
        let (m, v) = moments(&xs);
        assert!(m.abs() < 0.03, "mean {m}");
        assert!((v - 1.0).abs() < 0.03, "var {v}");
    }

    #[test]
    fn binomial_moments_and_bounds_in_every_regime() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        // (n, q): Bernoulli sums, inversion, inversion reflected, normal, normal reflected.
        for (n, q) in [
            (20u64, 0.3),
            (1000, 0.01),
            (1000, 0.995),
            (1_000_000, 0.5),
            (1u64 << 40, 0.75),
        ] {
            let xs: Vec<f64> = (0..20_000)
                .map(|_| {
                    let k = binomial(&mut rng, n, q);
                    assert!(k <= n);
                    k as f64
                })
                .collect();
            let (m, v) = moments(&xs);
            let (em, ev) = (n as f64 * q, n as f64 * q * (1.0 - q));
            let se = (ev / xs.len() as f64).sqrt();
            assert!(
                (m - em).abs() < 5.0 * se + 1e-9,
                "n={n} q={q}: mean {m} vs {em}"
            );
            assert!((v / ev - 1.0).abs() < 0.1, "n={n} q={q}: var {v} vs {ev}");
        }
        assert_eq!(binomial(&mut rng, 0, 0.5), 0);
        assert_eq!(binomial(&mut rng, 10, 0.0), 0);
        assert_eq!(binomial(&mut rng, 10, 1.0), 10);
    }

    #[test]
    fn hypergeometric_moments_and_bounds() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for (big_n, k, c) in [
            (100u64, 30u64, 10u64),
            (1000, 20, 500),
            (1000, 990, 500),
            (1000, 500, 990),
            (1_000_000, 400_000, 300_000),
        ] {
            let lo = c.saturating_sub(big_n - k);
            let hi = c.min(k);
            let xs: Vec<f64> = (0..20_000)
                .map(|_| {
                    let s = hypergeometric(&mut rng, big_n, k, c);
                    assert!((lo..=hi).contains(&s), "{s} outside {lo}..={hi}");
                    s as f64
                })
                .collect();
            let (m, v) = moments(&xs);
            let f = k as f64 / big_n as f64;
            let em = c as f64 * f;
            let ev = c as f64 * f * (1.0 - f) * (big_n - c) as f64 / (big_n - 1) as f64;
            let se = (ev / xs.len() as f64).sqrt();
            assert!(
                (m - em).abs() < 5.0 * se,
                "{big_n},{k},{c}: mean {m} vs {em}"
            );
            assert!(
                (v / ev - 1.0).abs() < 0.1,
                "{big_n},{k},{c}: var {v} vs {ev}"
            );
        }
        // Forced cases.
        assert_eq!(hypergeometric(&mut rng, 10, 10, 4), 4);
        assert_eq!(hypergeometric(&mut rng, 10, 3, 10), 3);
        for _ in 0..100 {
            // At least 5 − 2 = 3 of 5 draws must hit when only 2 of 10 items are failures.
            assert!((3..=5).contains(&hypergeometric(&mut rng, 10, 8, 5)));
        }
    }
}
