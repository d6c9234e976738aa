//! Data redistribution on processor rings — H. Renard, Y. Robert and F. Vivien, "Data
//! redistribution algorithms for heterogeneous processor rings", LIP research report 2004-28.
//!
//! # The model
//!
//! n processors P_1..P_n on a ring; P_k holds L_k items and must end with L_k − δ_k
//! (Σδ = 0, L_k ≥ 1, L_k ≥ 1 + δ_k). Sending one item over the link P_i → P_{i±1} takes
//! c_{i,i±1}. One-port: a processor sends at most one item and receives at most one item at
//! a time (on a bidirectional ring it cannot send to both neighbours at once).
//!
//! * [`params`]: instances, validation, editing operations.
//! * [`schedule`]: schedule shapes and the checker every run goes through.

pub mod params;
pub mod schedule;
