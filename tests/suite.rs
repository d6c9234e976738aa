//! Every integration test in one binary (each test binary links eframe, and one binary runs
//! all its tests on every core): the CLI black-box tests, the models' tables and invariants,
//! the property tests and the UI tests. Run one group with `cargo test --test suite ui::`
//! (or `cli::`, `model::`, `properties::`, `structure::`).

#[path = "cli.rs"]
mod cli;
#[path = "model.rs"]
mod model;
#[path = "properties.rs"]
mod properties;
#[path = "structure.rs"]
mod structure;
#[path = "ui.rs"]
mod ui;
