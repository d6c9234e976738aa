//! Gao, Rosenberg & Sitaraman: optimal clustering of tree sweeps under communication delay τ (model in progress).
