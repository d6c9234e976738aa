//! J. Gil and Y. Matias, "An effective load balancing policy for geometric decaying
//! algorithms" (JPDC; SODA 1991): the findings.

use super::{Evidence, Expected, Finding, Kind};

const PAPER: &str = "Gil & Matias, JPDC (SODA 1991)";

/// The findings about the geometric-decaying paper.
pub const FINDINGS: &[Finding] = &[
    Finding {
        id: "gm-lgstar",
        model: "geodecay",
        paper: PAPER,
        location: "Section 1, the definition of lg*",
        sentence: "With the paper's own lg* x = min{i : lg^(i) x ≤ 2}, lg* 2^65536 is 4, not 5 (the iterates are 65536, 16, 4, 2).",
        printed: "lg* x ≡ min{i : lg^(i) x ≤ 2} … for instance lg* 2^65536 = 5",
        holds: "lg* 2^65536 = 4 by that definition (5 holds for the common definition with ≤ 1); loadlab uses the paper's definition",
        kind: Kind::FalseClaim,
        evidence: None,
    },
    Finding {
        id: "gm-sec2-n",
        model: "geodecay",
        paper: PAPER,
        location: "Section 2, the weaker characterisation",
        sentence: "\"The number of tasks is at most 2^(−α(r−1))\" lacks the factor n.",
        printed: "provided that the number of tasks is at most 2^(−α(r−1))",
        holds: "at most n·2^(−α(r−1)) (Section 1 uses n for processors, Section 2 for tasks)",
        kind: Kind::Misprint,
        evidence: None,
    },
    Finding {
        id: "gm-thm1-p",
        model: "geodecay",
        paper: PAPER,
        location: "Proof of Theorem 1",
        sentence: "\"At round r each processor has O(n·2^(−αr)) tasks\" lacks the division by p; the proof's conclusion is unaffected.",
        printed: "At round r each processor has O(n·2^(−αr)) tasks; every round is therefore implemented in O(n/p) time",
        holds: "each processor has O(n·2^(−αr)/p) tasks after a balancing (at most ⌈w_r/p⌉), so round r takes O(n·2^(−αr)/p) ≤ O(n/p)",
        kind: Kind::Misprint,
        evidence: Some(Evidence {
            command: &[
                "loadlab", "geodecay", "--n", "2^20", "--p", "2^10", "--alpha", "1", "--ell", "8",
                "--policy", "standard", "--trace", "--json",
            ],
            field: "trace.1.max",
            value: Expected::Int(512),
        }),
    },
    Finding {
        id: "gm-brent",
        model: "geodecay",
        paper: PAPER,
        location: "Section 2, Brent's principle O(n/p + τ) as the reference of the overhead",
        sentence: "Read concretely as n/p + rounds, Brent's ideal leaves out the geometric tail of the work (Σ w_r ≈ n/(1 − 2^(−α)), twice n for α = 1) and is no lower bound when ℓ < 1.",
        printed: "work O(n), Brent's time O(n/p + τ); additive overhead T of an O(n/p + τ + T) implementation",
        holds: "the concrete ideal is Σ⌈w_r/p⌉ (loadlab shows it and the overhead beyond it): n = 2^30, p = 2^10, α = 1 gives 2,097,161 against Brent's n/p + rounds = 1,048,607; for ℓ ≥ 1 every policy takes at least n/p + rounds, for ℓ < 1 not always",
        kind: Kind::ReadingAmbiguity,
        evidence: Some(Evidence {
            command: &[
                "loadlab", "geodecay", "--n", "2^30", "--p", "2^10", "--alpha", "1", "--ell", "64",
                "--policy", "never", "--json",
            ],
            field: "ideal_work",
            value: Expected::Int(2097161),
        }),
    },
    Finding {
        id: "gm-lgstar-alpha",
        model: "geodecay",
        paper: PAPER,
        location: "Section 3, Theorem 2: lg* ℓ + O(1) phases",
        sentence: "The O(1) in \"lg* ℓ + O(1) phases\" depends on α: at most lg* ℓ + 2 phase balancings for α = 1, lg* ℓ + 4 for α = 0.3.",
        printed: "for some i = lg* ℓ + O(1), t_i = ℓ and x_i = O(1); the overhead is O(lg* ℓ)",
        holds: "true for fixed α; the constant grows as α falls (n = 2^30, p = 2^10, every ℓ = 2^1 … 2^64: at most lg* ℓ + 2 phase balancings for α = 1, lg* ℓ + 3 for α = 0.5, lg* ℓ + 4 for α = 0.3, e.g. 7 at ℓ = 2^16 where lg* ℓ = 3)",
        kind: Kind::OverstatedClaim,
        evidence: Some(Evidence {
            command: &[
                "loadlab", "geodecay", "--n", "2^30", "--p", "2^10", "--alpha", "0.3", "--ell",
                "2^16", "--policy", "improved", "--json",
            ],
            field: "balancings_phases",
            value: Expected::Int(7),
        }),
    },
    Finding {
        id: "gm-phases",
        model: "geodecay",
        paper: PAPER,
        location: "Section 3, (6)–(8) and the stopping rule",
        sentence: "t_i = ℓ/x_i is not an integer; with the ceiling the simulation needs, (8) t_(i+1) = t_i·2^(α t_i) no longer holds exactly, and \"x_i = O(1)\" must be given a threshold.",
        printed: "(6) t_i = ℓ/x_i, (7) x_(i+1) = x_i/2^(α t_i), (8) t_(i+1) = t_i 2^(α t_i); stop once x_i = O(1)",
        holds: "loadlab runs ⌈ℓ/x_i⌉ rounds, uses (7) directly, numbers phases from 0 (x_0 = ℓ) and stops at the first x_i ≤ 1",
        kind: Kind::ReadingAmbiguity,
        evidence: None,
    },
    Finding {
        id: "gm-best-possible",
        model: "geodecay",
        paper: PAPER,
        location: "Abstract and Section 3, \"up to a constant factor, it is the best possible\"",
        sentence: "\"Best possible up to a constant factor\" is argued while ignoring the imbalance; for ℓ far above n/p balancing once is optimal and the improved policy is several times slower.",
        printed: "the performance of the above policy (when ignoring the extra execution due to imbalance) can match the performance of any other policy … up to a constant factor; the policy is therefore optimal",
        holds: "against the optimal balancing schedule of the same cost model (`--policy optimal`, a dynamic programme over rounds) with n = 2^30, p = 2^10, α = 1 the improved policy takes 1.01–1.22× the optimum for ℓ ≤ n/p, but 2.39× at ℓ = 16·n/p and 3.96× at ℓ = 1024·n/p, where balancing once is optimal (n = 2^30, p = 2^16, ℓ = 2^20: never takes 1,343,487, improved 4,243,599, 3.2× more)",
        kind: Kind::OverstatedClaim,
        evidence: Some(Evidence {
            command: &[
                "loadlab", "geodecay", "--n", "2^30", "--p", "2^16", "--alpha", "1", "--ell",
                "2^20", "--policy", "never", "--json",
            ],
            field: "time",
            value: Expected::Int(1343487),
        }),
    },
];
