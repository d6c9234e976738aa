//! Speed targets of the divisible-load model (issue: "h = 0..60 sweep of C, P and Q including
//! simulation < 5 ms"; "one frame of the divisible workspace in a headless egui context < 4 ms").

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use loadlab::model::NoProgress;
use loadlab::model::divisible::sweep::sweep_h;
use loadlab::model::divisible::{DivisibleParams, Network, Valid};
use loadlab::model::registry::Scenario;
use loadlab::ui::workspace::Tab;
use loadlab::ui::workspaces::divisible::DivisiblePanel;

fn sweep(c: &mut Criterion) {
    let v = Valid::new(Network::Tree, 2, 0, 100.0).unwrap();
    c.bench_function(
        "divisible sweep h=0..60, C+P+Q simulated + closed forms",
        |b| b.iter(|| black_box(sweep_h(black_box(&v), 60, &NoProgress).unwrap())),
    );
    let v = Valid::new(Network::Pyramid, 4, 0, 100.0).unwrap();
    c.bench_function("divisible sweep pyramid h=0..30", |b| {
        b.iter(|| black_box(sweep_h(black_box(&v), 30, &NoProgress).unwrap()))
    });
}

fn frame(c: &mut Criterion) {
    let ctx = egui::Context::default();
    loadlab::ui::install_fonts(&ctx);
    let mut panel = DivisiblePanel::default();
    let mut scenario = Scenario::Divisible(DivisibleParams {
        h: 15,
        ..Default::default()
    });
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1500.0, 940.0),
        )),
        ..Default::default()
    };
    // Warm up: let the background sweeps finish so the plots are full.
    for _ in 0..50 {
        let _ = crate::frame(&ctx, input(), |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                panel.show(ui, &mut scenario, &mut Default::default())
            });
        });
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    c.bench_function(
        "divisible workspace: one frame (h = 15, all methods)",
        |b| {
            b.iter(|| {
                let out = crate::frame(&ctx, input(), |ui| {
                    egui::CentralPanel::default().show(ui, |ui| {
                        panel.show(ui, &mut scenario, &mut Default::default())
                    });
                });
                black_box(out)
            })
        },
    );
}

criterion_group!(benches, sweep, frame);
