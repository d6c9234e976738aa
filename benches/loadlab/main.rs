//! loadlab's benchmarks: one binary for all of them, so the test build (which builds every
//! target) links eframe once for the benchmarks, not once per model. Run them all with
//! `cargo bench`, or some by criterion's filter on their names, e.g.
//! `cargo bench --bench loadlab -- '^maps/'` (the two-parameter maps) or
//! `cargo bench --bench loadlab -- "redistribute exact"`. Each module's docs give its speed
//! targets and the figures measured.

mod divisible;
mod geodecay;
mod gui_map;
mod homework;
mod ksbf;
mod map;
mod redistribute;
mod render;
mod treesweep;

/// One egui frame of `ui`, its texture changes cleared: nothing here uploads them, and
/// epaint's debug build (`cargo test --all-targets` runs the benchmarks once each) panics on
/// changes dropped unapplied.
pub fn frame(
    ctx: &egui::Context,
    input: egui::RawInput,
    ui: impl FnMut(&mut egui::Ui),
) -> egui::FullOutput {
    let mut out = ctx.run_ui(input, ui);
    out.textures_delta.clear();
    out
}

criterion::criterion_main!(
    divisible::benches,
    geodecay::benches,
    gui_map::benches,
    homework::benches,
    ksbf::benches,
    map::benches,
    redistribute::benches,
    render::benches,
    treesweep::benches,
);
