//! The report fields the rest of the code names: one constant per field (a dot path of the
//! run's JSON, [`super::field`]; a `*` part stands for any one part). Map metrics, the
//! secrecy relations, quiz questions and the GUI's "hide the future" lists name fields
//! through these, so renaming a field is one edit here, and the test below runs each model
//! and checks every constant against the JSON it actually prints.
//!
//! Data files name fields as data: the bundled lessons' questions are checked against the
//! report by `loadlab lesson NAME --check` (tests/cli/lessons.rs runs it on every bundled
//! lesson), the errata evidence by `loadlab errata --check` (tests/cli/errata.rs).

/// Whether `key` is `parent` or lies inside it (`work.3` inside `work`).
pub fn within(key: &str, parent: &str) -> bool {
    key.strip_prefix(parent)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
}

/// Li's divisible load (`loadlab divisible`).
pub mod divisible {
    /// T_C / T_P.
    pub const RATIO_C_OVER_P: &str = "ratio_c_over_p";
    /// T_P / T_Q.
    pub const RATIO_P_OVER_Q: &str = "ratio_p_over_q";
    /// The per-method figures, `algorithms.<method>.<figure>`.
    pub const ALGORITHMS: &str = "algorithms";

    /// A method's figures, `algorithms.<m>.<figure>` with their plain-language names (the
    /// method's letter appended), in the order the report lists them.
    macro_rules! method_figures {
        ($m:literal) => {
            method_figures!($m:
                "time" => "T_N closed form, ",
                "simulated_time" => "T_N simulated, ",
                "relative_difference" => "relative difference, ",
                "speedup" => "S_N, ",
                "asymptotic_speedup" => "S_∞, ",
                "asymptotic_time" => "T_∞ = β / S_∞, ",
                "efficiency" => "efficiency S_N / N, ",
                "schedule_valid" => "schedule valid, ",
                "appendix_time" => "T_N appendix closed form, "
            )
        };
        ($m:literal: $($figure:literal => $name:literal),*) => {
            [$((concat!("algorithms.", $m, ".", $figure), concat!($name, $m))),*]
        };
    }

    /// Method C's figures (field path, name), in the report's order.
    pub const C: [(&str, &str); 9] = method_figures!("C");
    /// Method P's figures, as [`C`].
    pub const P: [(&str, &str); 9] = method_figures!("P");
    /// Method Q's figures, as [`C`].
    pub const Q: [(&str, &str); 9] = method_figures!("Q");

    /// The paths of `figures` at `at`.
    const fn pick<const N: usize>(
        figures: &[(&'static str, &'static str); 9],
        at: [usize; N],
    ) -> [&'static str; N] {
        let mut out = [""; N];
        let mut i = 0;
        while i < N {
            out[i] = figures[at[i]].0;
            i += 1;
        }
        out
    }

    /// Of a method's figures, those that follow from its time (or bound it tightly on a large
    /// tree): time, simulated time, speed-up, efficiency, S_∞, T_∞.
    const FROM_TIME: [usize; 6] = [0, 1, 3, 6, 4, 5];

    /// Method C's figures that follow from its time T_C (`FROM_TIME`), and the appendix's
    /// closed form of the time (C is the only method the appendix gives one).
    pub const C_FIGURES: [&str; 7] = pick(&C, [0, 1, 3, 6, 4, 5, 8]);
    /// Method P's figures, as [`C_FIGURES`] (without an appendix time).
    pub const P_FIGURES: [&str; 6] = pick(&P, FROM_TIME);
    /// Method Q's figures, as [`C_FIGURES`] (without an appendix time).
    pub const Q_FIGURES: [&str; 6] = pick(&Q, FROM_TIME);

    /// T_C.
    pub const C_TIME: &str = C_FIGURES[0];
    /// T_P.
    pub const P_TIME: &str = P_FIGURES[0];
    /// T_Q.
    pub const Q_TIME: &str = Q_FIGURES[0];
    /// Method C's speed-up.
    pub const C_SPEEDUP: &str = C_FIGURES[2];
    /// Method P's speed-up.
    pub const P_SPEEDUP: &str = P_FIGURES[2];
    /// Method Q's speed-up.
    pub const Q_SPEEDUP: &str = Q_FIGURES[2];
    /// Method P's efficiency.
    pub const P_EFFICIENCY: &str = P_FIGURES[3];
}

/// Gil & Matias's geometric-decaying algorithms (`loadlab geodecay`).
pub mod geodecay {
    /// Running time of the chosen policy.
    pub const TIME: &str = "time";
    /// The paper's overhead (time − Brent's bound)/ℓ.
    pub const OVERHEAD: &str = "overhead";
    /// (Time − the balanced ideal)/ℓ.
    pub const OVERHEAD_VS_IDEAL: &str = "overhead_vs_ideal";
    /// Time − Brent's bound.
    pub const ADDITIVE_OVERHEAD: &str = "additive_overhead";
    /// Balancings of the chosen policy.
    pub const BALANCINGS: &str = "balancings";
    /// The improved policy's balancings in its initialisation phase.
    pub const BALANCINGS_INIT: &str = "balancings_init";
    /// The improved policy's balancings in its phases.
    pub const BALANCINGS_PHASES: &str = "balancings_phases";
    /// lg(n/p).
    pub const LG_N_OVER_P: &str = "lg_n_over_p";
    /// The standard policy's balancings, estimated.
    pub const STANDARD_BALANCINGS_ESTIMATE: &str = "standard_balancings_estimate";
    /// The improved policy's phases.
    pub const PHASES: &str = "phases";
    /// lg* ℓ.
    pub const LG_STAR_ELL: &str = "lg_star_ell";
    /// lg ℓ.
    pub const LG_ELL: &str = "lg_ell";
    /// Rounds of the run.
    pub const ROUNDS: &str = "rounds";
    /// Brent's n/p + rounds.
    pub const BRENT: &str = "brent";
    /// The balanced ideal Σ⌈w_r/p⌉.
    pub const IDEAL_WORK: &str = "ideal_work";
}

/// Gao, Rosenberg & Sitaraman's tree sweeps (`loadlab treesweep`).
pub mod treesweep {
    /// T*, Fine-Grain's optimal makespan.
    pub const OPTIMAL: &str = "optimal";
    /// T_PY, P.Y's makespan.
    pub const PY: &str = "py";
    /// T* / T_PY.
    pub const RATIO: &str = "ratio";
    /// The exhaustive search's optimum (small trees).
    pub const EXHAUSTIVE_OPTIMAL: &str = "exhaustive_optimal";
    /// The size of Fine-Grain's top cluster (processor 0 runs it one node per unit: T*).
    pub const TOP_CLUSTER: &str = "top_cluster";
    /// The tests of inequality (4) Fine-Grain makes (Theorem 3.2's running time, about T*/2).
    pub const TESTS_OF_4: &str = "tests_of_4";
    /// The makespan on one processor, 2^n − 1.
    pub const ONE_PROCESSOR: &str = "one_processor";
    /// The makespan with a processor per node.
    pub const PROCESSOR_PER_NODE: &str = "processor_per_node";
}

/// Gao & Rosenberg's KS-BF on a ring (`loadlab ksbf`).
pub mod ksbf {
    /// Steps until the last node runs.
    pub const MAKESPAN: &str = "makespan";
    /// W / makespan.
    pub const SPEEDUP: &str = "speedup";
    /// W / (p · makespan).
    pub const EFFICIENCY: &str = "efficiency";
    /// p · makespan − W.
    pub const IDLE_STEPS: &str = "idle_steps";
    /// The ⌈W/p⌉-style ideal makespan.
    pub const IDEAL: &str = "ideal";
    /// Theorem 1.1's bound.
    pub const BOUND: &str = "bound";
    /// Makespan − Theorem 1.1's bound.
    pub const BOUND_GAP: &str = "bound_gap";
    /// Theorem 2.2's bound (trees).
    pub const THM22_BOUND: &str = "thm22_bound";
    /// Makespan − Theorem 2.2's bound.
    pub const THM22_GAP: &str = "thm22_gap";
    /// Theorem 3.2's bound (grids).
    pub const THM32_BOUND: &str = "thm32_bound";
    /// Makespan − Theorem 3.2's bound.
    pub const THM32_GAP: &str = "thm32_gap";
    /// The work per PE, `work.<pe>`.
    pub const WORK: &str = "work";
    /// The least work of a PE.
    pub const MIN_WORK: &str = "min_work";
    /// The most work of a PE.
    pub const MAX_WORK: &str = "max_work";
    /// The PE each node runs on, `assignments.<node>.pe` (with `--assignments`).
    pub const ASSIGNMENTS: &str = "assignments";
}

/// Renard, Robert & Vivien's redistribution on rings (`loadlab redistribute`).
pub mod redistribute {
    /// The schedule's makespan.
    pub const MAKESPAN: &str = "makespan";
    /// The rounds of a round-based algorithm.
    pub const ROUNDS: &str = "rounds";
    /// The best applicable lower bound.
    pub const LOWER_BOUND: &str = "lower_bound";
    /// Makespan − lower bound.
    pub const GAP: &str = "gap";
    /// Makespan / lower bound.
    pub const MAKESPAN_OVER_BOUND: &str = "makespan_over_bound";
    /// The lower bounds, `bounds.<name>.{value, gap}`.
    pub const BOUNDS: &str = "bounds";
    /// Every bound's gap: the `gap` column of the document's `bounds` table (a table path:
    /// the JSON holds each bound's value, the table adds its gap to the makespan).
    pub const BOUNDS_GAP: &str = "bounds.*.gap";
    /// Every bound's value: the `value` column of the `bounds` table.
    pub const BOUNDS_VALUE: &str = "bounds.*.value";
    /// τ(⌊R₁⌋) of System 6 (the LP algorithms).
    pub const LP_TAU_FLOOR: &str = "lp.tau_floor";
    /// τ(⌈R₁⌉) of System 6.
    pub const LP_TAU_CEIL: &str = "lp.tau_ceil";
    /// The integer optimum of System 6.
    pub const LP_TAU_INTEGER: &str = "lp.tau_integer";
    /// The δ_max of each round of a round-based redistribution (its trace's `delta_max`,
    /// Step 1's value, written in the round's why): every round lowers it by one (Lemma 8
    /// for Algorithm 3, Lemma 1 for Algorithm 1), so before round s it is the number of
    /// rounds minus s − 1, and on a homogeneous ring c times the rounds is the makespan and
    /// the lower bound. With the round shown, it gives all three away.
    pub const DELTA_MAX: &str = "trace.*.delta_max";
}

#[cfg(test)]
mod tests;
