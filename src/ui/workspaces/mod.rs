//! One workspace per model, each implementing [`crate::ui::workspace::Workspace`]: controls,
//! picture, plots and numbers. Workspaces hold view state only; every figure they show comes
//! from `crate::model`.

pub mod divisible;
mod divisible_network;
pub mod geodecay;
pub mod ksbf;
pub mod redistribute;
pub mod treesweep;
