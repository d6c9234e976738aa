//! Simulator throughput of the KS-BF model (issue: ≥ 30 million task executions per second on
//! one core) and a p-sweep.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};
use loadlab::model::NoProgress;
use loadlab::model::ksbf::{KsbfParams, Schedule, Shape, p_points, simulate_aggregate, sweep};

fn throughput(c: &mut Criterion) {
    let mut g = c.benchmark_group("ksbf simulate");
    g.sample_size(10);
    for (name, shape, n, p, schedule) in [
        ("T_22 on R_16 KS-BF", Shape::Tree, 22, 16, Schedule::Bf),
        // Issue 36's target: ≥ 10^8 nodes/s on T_24 (16.7 M nodes) on R_16.
        ("T_24 on R_16 KS-BF", Shape::Tree, 24, 16, Schedule::Bf),
        ("G_3000 on R_32 KS-BF", Shape::Grid, 3000, 32, Schedule::Bf),
        (
            "T_20 on R_16 KS-DF (heap engine)",
            Shape::Tree,
            20,
            16,
            Schedule::Df,
        ),
    ] {
        let v = KsbfParams {
            shape,
            n,
            p,
            schedule,
            ..Default::default()
        }
        .validate()
        .expect("valid scenario");
        g.throughput(Throughput::Elements(v.max_nodes()));
        g.bench_function(name, |b| {
            b.iter(|| black_box(simulate_aggregate(black_box(&v))))
        });
    }
    g.finish();
}

fn p_sweep(c: &mut Criterion) {
    let mut g = c.benchmark_group("ksbf sweep");
    g.sample_size(10);
    let v = KsbfParams {
        shape: Shape::Tree,
        n: 20,
        p: 1,
        ..Default::default()
    }
    .validate()
    .expect("valid scenario");
    let ps: Vec<u32> = (1..=32).collect();
    let points = p_points(&v, &ps).expect("valid p values");
    g.throughput(Throughput::Elements(v.max_nodes() * ps.len() as u64));
    g.bench_function("T_20, p = 1..=32", |b| {
        b.iter(|| black_box(sweep(black_box(&points), &NoProgress).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, throughput, p_sweep);
