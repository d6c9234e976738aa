//! Issue 26: `loadlab render ksbf-table-1 --animate --out t.gif` — every step of the run
//! drawn off-screen, rasterized on the CPU (in parallel) and encoded as one looping GIF
//! (aim: under 5 s for about 20 steps on the reference machine, 2 cores).
//!
//! Run with `cargo bench --bench loadlab -- render`. Measured so far with the dev-profile binary only
//! (`time loadlab render ksbf-table-1 --animate --out t.gif`, 23 frames): 0.6–0.7 s wall on the
//! shared 2 cores (26 Nov 2026, load 5); the criterion run awaits a quiet machine.

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use loadlab::preset::find_bundled;
use loadlab::ui::export::animation;
use loadlab::ui::export::headless::{Figure, OffscreenTab};

fn gif(c: &mut Criterion) {
    let preset = find_bundled("ksbf-table-1").expect("bundled preset");
    let dir = std::env::temp_dir().join(format!("loadlab-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let out = dir.join("t.gif");
    let mut g = c.benchmark_group("render");
    g.sample_size(10);
    g.bench_function("ksbf-table-1 animated GIF at 1x", |b| {
        b.iter(|| {
            let mut tab = OffscreenTab::new(&preset, None, None).expect("tab");
            let n = animation::write(&mut tab, 1.0, 2.0, &out, |_, _| true).expect("GIF");
            black_box(n)
        })
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

/// One off-screen render of a workspace's picture as an export makes it (a fresh context run
/// three passes, laid out and tessellated, not rasterized; its glyphs drawn anew), its runs
/// done. A GUI frame makes one pass with its glyphs cached, so this bounds a frame's picture
/// work from above. Fig. 2's tree sweep steps through 4096 of processor 0's nodes: 11.4 ms
/// while every pass wrote every step's caption, 6.3 ms since only the current one is written
/// (about 1.7 ms a pass, and as much again in each frame's step count).
fn picture_exports(c: &mut Criterion) {
    let mut g = c.benchmark_group("export");
    for name in [
        "treesweep-fig-2",
        "treesweep-small",
        "ksbf-table-1",
        "divisible-table-1",
    ] {
        let preset = find_bundled(name).expect("bundled preset");
        let mut tab = OffscreenTab::new(&preset, None, None).expect("tab");
        g.bench_function(format!("picture of {name}"), |b| {
            b.iter(|| black_box(tab.measure(&Figure::Picture, 1.0).expect("scene")))
        });
    }
    g.finish();
}

criterion_group!(benches, gif, picture_exports);
