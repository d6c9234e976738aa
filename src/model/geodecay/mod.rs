//! Gil & Matias: load balancing policies for geometric-decaying algorithms (in progress).
