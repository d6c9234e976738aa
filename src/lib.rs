//! loadlab — an interactive explorer of classic parallel load-balancing and scheduling papers.
//!
//! Layers: [`model`] (pure, deterministic) → [`report`] (run results as JSON, text, CSV) →
//! [`command`] (the model commands' grammar) → [`lesson`] → [`cli`] and [`ui`]. See `README.md`.

pub mod cli;
pub mod command;
pub mod jobs;
pub mod lesson;
pub mod link;
pub mod model;
pub mod platform;
pub mod preset;
pub mod report;
pub mod ui;
