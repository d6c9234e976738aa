//! H. Renard, Y. Robert and F. Vivien, "Data redistribution algorithms for heterogeneous
//! processor rings" (LIP RR 2004-28): the findings. Each is pinned on its smallest instance by
//! `tests/model/redistribute_homogeneous.rs` and `tests/model/redistribute_lp.rs`; the module
//! doc of [`crate::model::redistribute`] tells how each was found.

use super::{Evidence, Expected, Finding, Kind};

const PAPER: &str = "Renard, Robert & Vivien, LIP RR 2004-28";

/// The findings about the ring-redistribution paper.
pub const FINDINGS: &[Finding] = &[
    Finding {
        id: "rrv-thm2-bound",
        model: "redistribute",
        paper: PAPER,
        location: "Theorem 2 (heterogeneous unidirectional lower bound)",
        sentence: "Theorem 2's printed bound is not a lower bound: it charges a negative slice to c_(l,l+1), a link its items never cross.",
        printed: "τ ≥ max over slices of |δ_(k,l)| · c_(l,l+1)",
        holds: "positive slices send through c_(l,l+1), negative ones receive through c_(k−1,k); so corrected it equals Lemma 5's running time and Algorithm 2 is optimal. δ = (1, −1, 0), c_(1,2) = 1, c_(2,3) = 100: printed bound 100, Algorithm 2 takes 1",
        kind: Kind::FalseClaim,
        evidence: Some(Evidence {
            command: &["loadlab", "eval", "redistribute-theorem-2", "--json"],
            field: "bounds.theorem2_printed",
            value: Expected::Int(100),
        }),
    },
    Finding {
        id: "rrv-alg3-pass",
        model: "redistribute",
        paper: PAPER,
        location: "Algorithm 3, Steps 25–30, and Lemma 8",
        sentence: "Read as one sequential pass, Steps 25–30 miss forwarding chains that wrap past P_n and Lemma 8's round count fails; read as the \"set of rules\" the paper calls them (applied until nothing changes), Lemma 8 holds.",
        printed: "for all processor P_i such that δ_i = 0: if P_(i−1) sends to P_i then P_i sends to P_(i+1) … (\"this algorithm is a set of rules\")",
        holds: "as a set of rules (a fixpoint) every small ring meets Lemma 8; as one pass in index order, δ = (0, 0, −1, 1, 0) takes 2 rounds where Lemma 6 allows 1 (224 of the 310 298 rings with n ≤ 7, |δ_i| ≤ 4)",
        kind: Kind::ReadingAmbiguity,
        evidence: Some(Evidence {
            command: &["loadlab", "redistribute", "--bidirectional", "--delta", "0,0,-1,1,0", "--algorithm", "alg3-printed", "--json"],
            field: "rounds",
            value: Expected::Int(2),
        }),
    },
    Finding {
        id: "rrv-alg3-possession",
        model: "redistribute",
        paper: PAPER,
        location: "Algorithm 3 (both readings of Steps 25–30), Lemma 8 and optimality",
        sentence: "Algorithm 3 makes processors send items they do not hold when loads are small; the paper proves possession for Algorithm 1 only.",
        printed: "Algorithm 3 … optimal (Lemma 8 and Equation 4); possession is argued for Algorithm 1 (Lemma 3) only",
        holds: "δ = (0, 0, −3, 3), L = (1, 1, 1, 4): in round 1 Step 24 makes P_2 give its only item to P_3; round 2 (δ_max = 2) asks P_2 again (Step 24) while P_1 → P_2 arrives only at the end of that round, so P_2 sends holding 0 items, and ends round 2 with 0 items at δ = −1. A feeding rule (loadlab's corrected variant) repairs it",
        kind: Kind::FalseClaim,
        evidence: Some(Evidence {
            command: &["loadlab", "redistribute", "--bidirectional", "--delta", "0,0,-3,3", "--loads", "1,1,1,4", "--algorithm", "alg3-printed", "--json"],
            field: "valid",
            value: Expected::Bool(false),
        }),
    },
    Finding {
        id: "rrv-lemma8-abs",
        model: "redistribute",
        paper: PAPER,
        location: "Lemma 8",
        sentence: "Lemma 8 writes ⌈δ_(i,i+l)/2⌉ without the absolute value that Lemma 6 and Step 1 have.",
        printed: "Algorithm 3 terminates in exactly max{max |δ_i|, max ⌈δ_(i,i+l)/2⌉} recursive calls",
        holds: "max{max |δ_i|, max ⌈|δ_(i,i+l)|/2⌉}, i.e. Lemma 6's bound",
        kind: Kind::Misprint,
        evidence: None,
    },
    Finding {
        id: "rrv-lemma6-c",
        model: "redistribute",
        paper: PAPER,
        location: "Proof of Lemma 6",
        sentence: "The proof of Lemma 6 drops the factor c: a slice needs time ⌈δ_(k,l)/2⌉ · c, not ⌈δ_(k,l)/2⌉.",
        printed: "it takes at least a time of ⌈δ_(k,l)/2⌉ for the slice C_(k,l) to send δ_(k,l) data items",
        holds: "at least ⌈δ_(k,l)/2⌉ × c (the lemma's statement has the c)",
        kind: Kind::Misprint,
        evidence: None,
    },
    Finding {
        id: "rrv-prop1-heavy",
        model: "redistribute",
        paper: PAPER,
        location: "Proposition 1 with Lemma 9",
        sentence: "Rounding R_1* as Proposition 1 says may give a heavy solution that Lemma 9 cannot schedule, while a light optimum exists.",
        printed: "⌊R_1*⌋ or ⌈R_1*⌉ gives an optimal integer solution, scheduled by Lemma 9 (light redistributions)",
        holds: "δ = (−1, 1, 6, −6), c_cw = (3, 7, 8, 4), c_ccw = (8, 9, 1, 8): R_1* = −16/3, ⌈R_1*⌉ = −5 is optimal (τ = 48) but heavy, R_1 = −2 is light with the same τ; take a light point of the optimal interval",
        kind: Kind::ProofGap,
        evidence: None,
    },
    Finding {
        id: "rrv-sec8-contradiction",
        model: "redistribute",
        paper: PAPER,
        location: "Section 8, text against the discussion of Figs. 13–14",
        sentence: "Section 8's text says redistributions matter more as the computation-to-communication ratio grows; its discussion of Figs. 13–14 says the opposite.",
        printed: "\"When this parameter increases, iterations take more time, and the usefulness of a redistribution becomes more important\" — and, for the figures, no redistribution pays at ratio 10, many at ratio 1",
        holds: "one of the two is reversed; in loadlab's simplified re-creation every curve is a + b/r, so the text's reading holds there; the figures' reading fits a communication-to-computation axis",
        kind: Kind::ReadingAmbiguity,
        evidence: None,
    },
    Finding {
        id: "rrv-two-ring",
        model: "redistribute",
        paper: PAPER,
        location: "Section 2, rings of two processors",
        sentence: "On a 2-ring P_(i−1) = P_(i+1); the paper does not settle which cost an item pays.",
        printed: "c_(i,i+1) and c_(i,i−1) for the two directions",
        holds: "loadlab charges c_(i,i+1) for every item P_i sends on a 2-ring (c_(i,i−1) unused)",
        kind: Kind::ReadingAmbiguity,
        evidence: None,
    },
    Finding {
        id: "rrv-sec9-solved",
        model: "redistribute",
        paper: PAPER,
        location: "Section 9 (conclusion)",
        sentence: "\"For homogeneous rings the problem has been completely solved\" is overstated while Algorithm 3 as printed breaks possession (rrv-alg3-possession).",
        printed: "For homogeneous rings the problem has been completely solved … optimal algorithms, and … formal proofs of correctness",
        holds: "solved for unidirectional rings (Algorithm 1); for bidirectional rings Lemma 6's bound is met by a corrected Algorithm 3 on every ring tested, without a proof",
        kind: Kind::OverstatedClaim,
        evidence: None,
    },
];
