//! Speed targets of the tree-sweep model (issue: n = 1000, τ = 10^6 in under 100 ms; the
//! Fig. 2 sweep, 4 × 40 points, in under 50 ms).

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use loadlab::model::NoProgress;
use loadlab::model::treesweep::{fine_grain, fine_grain_stepwise, sweep_n};

fn targets(c: &mut Criterion) {
    c.bench_function("treesweep Fine-Grain n=1000 tau=1e6 (fast)", |b| {
        b.iter(|| black_box(fine_grain(black_box(1000), black_box(1e6))))
    });
    c.bench_function("treesweep Fig. 2 sweep (tau 128..1000, n = 1..40)", |b| {
        b.iter(|| black_box(sweep_n(40, &[128.0, 256.0, 512.0, 1000.0], &NoProgress).unwrap()))
    });
    let mut slow = c.benchmark_group("treesweep literal");
    slow.sample_size(10);
    slow.bench_function("Fine-Grain node by node n=40 tau=1000", |b| {
        b.iter(|| black_box(fine_grain_stepwise(black_box(40), black_box(1000.0))))
    });
    slow.finish();
}

criterion_group!(benches, targets);
