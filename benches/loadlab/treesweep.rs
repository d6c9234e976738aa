//! Speed targets of the tree-sweep model (issue: n = 1000, τ = 10^6 in under 100 ms; the
//! Fig. 2 sweep, 4 × 40 points, in under 50 ms). The workspace's whole run, which the GUI
//! makes on each change of the instance, took 37 ms (median, 2 cores) while it computed the limit
//! ρ(τ) afresh each time; that curve is the same for every instance and is now kept: 2.2 ms.
//! The exhaustive optimum of a tree of height 5 (every run with n ≤ 5 checks Fine-Grain with
//! it) took 131 ms over all 458 329 top clusters, and takes 0.57 ms over their 2 278 mirror
//! classes.

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use loadlab::model::NoProgress;
use loadlab::model::treesweep::{
    TreeSweepParams, exhaustive, fine_grain, fine_grain_stepwise, sweep_n,
};
use loadlab::report::treesweep::Parts;

fn targets(c: &mut Criterion) {
    c.bench_function("treesweep Fine-Grain n=1000 tau=1e6 (fast)", |b| {
        b.iter(|| black_box(fine_grain(black_box(1000), black_box(1e6))))
    });
    c.bench_function("treesweep Fig. 2 sweep (tau 128..1000, n = 1..40)", |b| {
        b.iter(|| black_box(sweep_n(40, &[128.0, 256.0, 512.0, 1000.0], &NoProgress).unwrap()))
    });
    // What the GUI computes on each change of the instance: every part (the schedules, the
    // n and τ sweeps, the long ratio curves and the limit ρ(τ)), here grs step 4's instance.
    let params = TreeSweepParams {
        n: 8,
        tau: 4.0,
        ..TreeSweepParams::default()
    };
    c.bench_function("treesweep workspace run (every part) n=8 tau=4", |b| {
        b.iter(|| black_box(Parts::full(&params).build(&params, &NoProgress).unwrap()))
    });
    // The independent optimum every run of a tree of height ≤ 5 computes (treesweep-small).
    c.bench_function("treesweep exhaustive optimum n=5 tau=2.5", |b| {
        b.iter(|| black_box(exhaustive(black_box(5), black_box(2.5))))
    });
    let mut slow = c.benchmark_group("treesweep literal");
    slow.sample_size(10);
    slow.bench_function("Fine-Grain node by node n=40 tau=1000", |b| {
        b.iter(|| black_box(fine_grain_stepwise(black_box(40), black_box(1000.0))))
    });
    slow.finish();
}

criterion_group!(benches, targets);
