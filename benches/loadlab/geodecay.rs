//! Speed target of the geometric-decaying model (issue: "a full ℓ sweep — 64 values
//! ℓ = 2^1..2^64 × 3 policies never/standard/improved, p = 10^4, n = 10^9, α = 1, deterministic
//! adversarial — in well under 100 ms in release").

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use loadlab::model::NoProgress;
use loadlab::model::geodecay::{Decay, GeoParams, Policy, Survivors, simulate, sweep_ell};

fn ell_sweep(c: &mut Criterion) {
    let v = GeoParams {
        n: 1_000_000_000,
        p: 10_000,
        alpha: 1.0,
        decay: Decay::Deterministic,
        survivors: Survivors::Adversarial,
        ..Default::default()
    }
    .validate()
    .expect("valid scenario");
    c.bench_function("geodecay ell sweep 64x3", |b| {
        b.iter(|| black_box(sweep_ell(black_box(&v), 1, 64, &Policy::MAIN, &NoProgress).unwrap()))
    });
}

fn single_runs(c: &mut Criterion) {
    let det = GeoParams {
        n: 1_000_000_000,
        p: 10_000,
        ..Default::default()
    };
    c.bench_function("geodecay one improved run with trace (n=1e9, p=1e4)", |b| {
        b.iter(|| black_box(simulate(black_box(&det)).unwrap()))
    });
    let random = GeoParams {
        n: 1_000_000_000,
        p: 1_000_000,
        decay: Decay::Random,
        survivors: Survivors::Random,
        ..Default::default()
    };
    // O(p) per round (~0.4 s per run): few samples.
    let mut slow = c.benchmark_group("geodecay per-processor");
    slow.sample_size(10);
    slow.bench_function("one random-survivors run (n=1e9, p=1e6)", |b| {
        b.iter(|| black_box(simulate(black_box(&random)).unwrap()))
    });
    slow.finish();
}

criterion_group!(benches, ell_sweep, single_runs);
