//! L.-X. Gao and A. L. Rosenberg, "On balancing computational load on rings of processors"
//! (KS-BF): the findings. The printed and correct statements of most of them are the model's
//! own list, [`crate::model::ksbf::DISCREPANCIES`] (shown in the KS-BF workspace); each entry
//! here adds its id, kind, sentence and evidence.

use crate::model::registry::ModelId;

use super::{Evidence, Expected, Finding, Kind};
use crate::model::ksbf::DISCREPANCIES;

const MODEL: ModelId = ModelId::Ksbf;
const PAPER: &str = MODEL.info().paper;

/// A finding whose where / printed / holds are `DISCREPANCIES[i]`.
const fn listed(
    i: usize,
    id: &'static str,
    kind: Kind,
    sentence: &'static str,
    evidence: Option<Evidence>,
) -> Finding {
    let d = &DISCREPANCIES[i];
    Finding {
        id,
        model: MODEL,
        paper: PAPER,
        location: d.location,
        sentence,
        printed: d.printed,
        holds: d.correct,
        kind,
        evidence,
    }
}

/// The findings about the KS-BF paper.
pub const FINDINGS: &[Finding] = &[
    listed(
        0,
        "gr-table1-caption",
        Kind::Misprint,
        "Table 1 lists T_6 (levels 0–5), not T_5.",
        Some(Evidence {
            command: &[
                "loadlab",
                MODEL.name(),
                "--shape",
                "tree",
                "--n",
                "6",
                "--p",
                "4",
                "--json",
            ],
            field: "nodes",
            value: Expected::Int(63),
        }),
    ),
    listed(
        1,
        "gr-table1-39",
        Kind::Misprint,
        "Table 1 lists node 39 under P_2; it is 38 (39 has weight 3 and runs on P_3).",
        Some(Evidence {
            command: &[
                "loadlab",
                MODEL.name(),
                "--shape",
                "tree",
                "--n",
                "6",
                "--p",
                "4",
                "--assignments",
                "--json",
            ],
            field: "assignments.49.pe",
            value: Expected::Int(2),
        }),
    ),
    listed(
        2,
        "gr-eq21-k1",
        Kind::Misprint,
        "(2.1)'s sum must start at k = 1: as printed the shares add up to 2^n, not 2^n − 1.",
        Some(Evidence {
            command: &[
                "loadlab",
                MODEL.name(),
                "--shape",
                "tree",
                "--n",
                "6",
                "--p",
                "4",
                "--json",
            ],
            field: "work.3",
            value: Expected::Int(15),
        }),
    ),
    listed(
        3,
        "gr-eq26-gamma1",
        Kind::ProofGap,
        "The step from (2.5) to (2.6) uses Σ_j γ^j = 0 also for γ = 1, so (2.6) overstates W_(p−1) by 1.",
        None,
    ),
    listed(
        4,
        "gr-eq22-bound",
        Kind::FalseClaim,
        "The bound (2.2) |W_i − (2^n − 1)/p| ≤ α_p^n fails for p = 2 and for p = 3, n ≡ 3 (mod 6); Theorem 1.1(a) survives.",
        Some(Evidence {
            command: &[
                "loadlab",
                MODEL.name(),
                "--shape",
                "tree",
                "--n",
                "6",
                "--p",
                "2",
                "--json",
            ],
            field: "alpha_p",
            value: Expected::Real(0.0, 9),
        }),
    ),
    listed(
        5,
        "gr-alpha1",
        Kind::ReadingAmbiguity,
        "α_p = max over 0 < j < p is an empty maximum for p = 1 (taken as 0).",
        None,
    ),
    listed(
        6,
        "gr-fact32",
        Kind::OverstatedClaim,
        "Fact 3.2's strict chain W_0 > W_1 > … holds only for PEs i ≤ n: with p > n the others do no work.",
        Some(Evidence {
            command: &[
                "loadlab",
                MODEL.name(),
                "--shape",
                "grid",
                "--n",
                "4",
                "--p",
                "8",
                "--json",
            ],
            field: "work.5",
            value: Expected::Int(0),
        }),
    ),
    listed(
        7,
        "gr-thm32-max",
        Kind::FalseClaim,
        "Theorem 3.2's max over all PEs exceeds W_0 for p ≥ n + 2 (idle PEs count i); over working PEs it is the exact makespan.",
        Some(Evidence {
            command: &[
                "loadlab",
                MODEL.name(),
                "--shape",
                "grid",
                "--n",
                "4",
                "--p",
                "8",
                "--json",
            ],
            field: "makespan",
            value: Expected::Int(4),
        }),
    ),
    listed(
        8,
        "gr-thm32-wrap",
        Kind::ProofGap,
        "The wrap-around subcase of Theorem 3.2's proof names extra nodes that are not all extra; the count it needs still holds.",
        None,
    ),
    listed(
        9,
        "gr-grid-full",
        Kind::ReadingAmbiguity,
        "The grid definition \"⟨k+1, ℓ⟩ is a node precisely when ⟨k, ℓ+1⟩ is\" taken literally leaves only the pyramids; loadlab reads \"both children or none\".",
        None,
    ),
    listed(
        10,
        "gr-sparse-tree",
        Kind::FalseClaim,
        "The sparse tree (weight ≤ w) of §1.3 is not full and has Θ(h^(w+1)) nodes, not Θ(h^(log p)).",
        None,
    ),
    listed(
        11,
        "gr-two-row",
        Kind::OverstatedClaim,
        "The two-row grid of §1.3 is not full, and KS gives P_0 and P_1 about (2 + 2/p)/3 of the work (0.83 at p = 4), not almost all.",
        None,
    ),
    Finding {
        id: "gr-thm22-assertion2",
        model: MODEL,
        paper: PAPER,
        location: "Proof of Theorem 2.2, assertion 2 (ν(x1) ≥ ν(x))",
        sentence: "The injection y ↦ y0^(|x|−|y|)1 used to prove ν(x1) ≥ ν(x) need not land before x1 in breadth-first order; y ↦ y1 does, so the inequality holds.",
        printed: "for each tree-node y ∈ N^<(x), the tree-node y0^(|x|−|y|)1 ∈ N^<(x1)",
        holds: "p = 2, x = 000, y = 11 ∈ N^<(x): y0^(1)1 = 1101 comes after x1 = 0001; the map y ↦ y1 (same PE as x1, before x1 in BF order, injective) proves the inequality",
        kind: Kind::ProofGap,
        evidence: None,
    },
    Finding {
        id: "gr-eq21-binom",
        model: MODEL,
        paper: PAPER,
        location: "Derivation of (2.1), first line",
        sentence: "The first line of (2.1)'s derivation sums C(ℓ, i) where it must sum C(ℓ, j).",
        printed: "W_i(n) = Σ_ℓ Σ_(j ≡ i mod p) C(ℓ, i)",
        holds: "W_i(n) = Σ_ℓ Σ_(j ≡ i mod p) C(ℓ, j), as the line before it says",
        kind: Kind::Misprint,
        evidence: None,
    },
    Finding {
        id: "gr-speedup-asymptotic",
        model: MODEL,
        paper: PAPER,
        location: "Theorem 1.1(a): \"almost optimal speed-up\"",
        sentence: "\"Almost optimal speed-up\" is asymptotic only: Theorem 1.1(a)'s α_p^n term exceeds N/p until n ≈ 2p² ln p/π² (about 26 for p = 8, 143 for p = 16).",
        printed: "our strategy yields almost optimal parallel speedup: T_tree(n; p) ≤ (2^n − 1)/p + α_p^n + p",
        holds: "for fixed p as n → ∞ (as Section 2 notes, p is fixed and n grows): α_p = 2cos(π/p), and α_p^n < (2^n − 1)/p only from n = 27 for p = 8 and n = 143 for p = 16 (≈ 2p² ln p/π²); below, the bound allows more than twice the ideal time",
        kind: Kind::OverstatedClaim,
        evidence: None,
    },
];
