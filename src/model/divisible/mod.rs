//! Divisible load distribution on complete b-ary trees and pyramids — Keqin Li, "New
//! Divisible Load Distribution Methods on Tree and Pyramid Networks", IEEE TAES 47(1), 2011.
//!
//! Conventions (as in the paper): a unit load, T_cm = 1, T_cp = β; levels 0..=h, the root
//! (apex) on level 0 holds the load at time 0; N = (b^{h+1} − 1)/(b − 1); T_N is the time the
//! last processor finishes; S_N = β / T_N. The pyramid uses its spanning complete 4-ary tree
//! (Section VII), so every pyramid figure equals the b = 4 tree's.

mod check;
pub mod params;
pub mod run;
pub mod simulate;
pub mod student;
pub mod sweep;
pub mod theory;

pub use params::{AlgorithmChoice, DivisibleParams, Method, Network, ParamError, Valid};
pub use run::{MethodResult, Outcome, evaluate};
pub use simulate::{Activity, Interval, Timeline, simulate, simulate_time};
