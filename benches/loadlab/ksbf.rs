//! Simulator throughput of the KS-BF model (issue: ≥ 30 million task executions per second on
//! one core), a p-sweep, and the random-workload study (the GUI's default, and random grids).
//!
//! The study (`cargo bench --bench loadlab -- "ksbf study"`, criterion medians, 2 cores, idle,
//! 30 Nov 2026): the GUI's default of 1 200 random trees 2.96 ms; 1 800 random grids up to
//! G_400 at q = 0.8 853 ms, since the grids are counted before they run (a third membership
//! pass, stopping at the first empty level); 841 ms before that. Before each run also walked
//! its node set for the depth cap (`reaches_last_level`): 2.98 ms and 767 ms (the grids'
//! membership is drawn twice).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};
use loadlab::model::NoProgress;
use loadlab::model::ksbf::random_study::StudySpec;
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

fn study(c: &mut Criterion) {
    let mut g = c.benchmark_group("ksbf study");
    g.sample_size(10);
    for (name, shape, lists, q, seeds) in [
        (
            "random trees n = 8,10,12 × p = 2,4,8,16, 100 seeds (the GUI's default)",
            Shape::RandomTree,
            ("8,10,12", "2,4,8,16"),
            0.75,
            100,
        ),
        (
            "random grids n = 100,200,400 × p = 4,16,64, q = 0.8, 200 seeds",
            Shape::RandomGrid,
            ("100,200,400", "4,16,64"),
            0.8,
            200,
        ),
    ] {
        let spec = StudySpec::typed(
            shape,
            lists,
            q,
            (seeds, 1),
            loadlab::model::budget::Shard::WHOLE,
        )
        .expect("within the budget");
        g.bench_function(name, |b| {
            b.iter(|| black_box(spec.summaries(&NoProgress).unwrap()))
        });
    }
    g.finish();
}

criterion_group!(benches, throughput, p_sweep, study);
