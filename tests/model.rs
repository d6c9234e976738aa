//! Model tests (one test binary): the papers' tables and closed forms, the models' invariants,
//! and the preset files. Each module is one model or concern.

#[path = "model/compare_presets.rs"]
mod compare_presets;
#[path = "model/geodecay.rs"]
mod geodecay;
#[path = "model/ksbf.rs"]
mod ksbf;
#[path = "model/ksbf_reference.rs"]
mod ksbf_reference;
#[path = "model/paper_tables.rs"]
mod paper_tables;
#[path = "model/presets.rs"]
mod presets;
#[path = "model/redistribute_homogeneous.rs"]
mod redistribute_homogeneous;
#[path = "model/redistribute_lp.rs"]
mod redistribute_lp;
#[path = "model/treesweep.rs"]
mod treesweep;
