//! L. Gao, A. L. Rosenberg and R. K. Sitaraman, "Optimal clustering of tree-sweep
//! computations for high-latency parallel environments" (IEEE TPDS 1999): the findings.

use crate::model::registry::ModelId;

use super::{Evidence, Expected, Finding, Kind};

const MODEL: ModelId = ModelId::TreeSweep;
const PAPER: &str = MODEL.info().paper;

/// The findings about the tree-sweep paper.
pub const FINDINGS: &[Finding] = &[
    Finding {
        id: "grs-half",
        model: MODEL,
        paper: PAPER,
        location: "Abstract, Section 1 and Section 3.3 (Fig. 2): T* approaches half of T_PY",
        sentence: "T*/T_PY tends to ½ only as τ → ∞, and slowly: at the paper's parameters it is 0.69–0.77, and for fixed τ it levels off at a limit ρ(τ) (about 0.75, 0.70, 0.62, 0.59 at τ = 128, 10³, 10⁶, 10⁹).",
        printed: "the schedules … approach being twice as fast as those produced by Algorithm P.Y; the fraction seems to approach 1/2 as n and τ increase",
        holds: "T*(40)/T_PY(40) = 0.769, 0.729, 0.702, 0.691 for τ = 128, 256, 512, 1000; for fixed τ the ratio tends, as n grows, to ρ(τ), which falls towards ½ only as τ → ∞: T*/T_PY at n = 1000 is 0.750, 0.699, 0.624, 0.586 for τ = 128, 10³, 10⁶, 10⁹ and hardly moves between n = 200 and 1000 (τ = 128: 0.751, 0.749, 0.750); the ratio oscillates in τ by a few hundredths (plots: ratio vs n up to 1000, the limit vs τ)",
        kind: Kind::OverstatedClaim,
        evidence: Some(Evidence {
            command: &[
                "loadlab",
                MODEL.name(),
                "--n",
                "40",
                "--tau",
                "1000",
                "--json",
            ],
            field: "ratio",
            value: Expected::Real(0.691, 3),
        }),
    },
    Finding {
        id: "grs-start-formula",
        model: MODEL,
        paper: PAPER,
        location: "Algorithm Fine-Grain, Step 1.2(b)(ii), and the proof of Proposition 2.1",
        sentence: "The text we have prints the boundary node's start as max(AET + 1, (h − 1) + τ): the T of T*(h − 1) is lost in the conversion, as in Proposition 2.1's proof (\"≥^* (HGT(u) − 1) + τ\").",
        printed: "Set AET(v_i) := max{AET(v_(i−1)) + 1, (h_i − 1) + τ}",
        holds: "max{AET(v_(i−1)) + 1, T*(h_i − 1) + τ}, as footnote 5 says; read as printed, boundary nodes start before their inputs arrive (n = 4, τ = 4.05: node 3 at 7, input ready at 7.05)",
        kind: Kind::ConversionArtefact,
        evidence: None,
    },
    Finding {
        id: "grs-footnote4",
        model: MODEL,
        paper: PAPER,
        location: "Algorithm Fine-Grain, Step 1.2(a), footnote 4",
        sentence: "Read literally, \"a leaf-node is always eligible\" makes rule (a) always apply: rule (b) never fires and the whole tree runs on processor 0.",
        printed: "a leaf-node is always eligible (for rule (a))",
        holds: "rule (a) applies only to a non-leaf node whose two children are done; literally, n = 3, τ = 1.5 gives 7 against the optimum 5",
        kind: Kind::ReadingAmbiguity,
        evidence: Some(Evidence {
            command: &[
                "loadlab",
                MODEL.name(),
                "--n",
                "3",
                "--tau",
                "1.5",
                "--json",
            ],
            field: "optimal",
            value: Expected::Int(5),
        }),
    },
    Finding {
        id: "grs-parent-boundary",
        model: MODEL,
        paper: PAPER,
        location: "Algorithm Fine-Grain, Step 1.2(b)(i)",
        sentence: "Rule (b) can pick height c + 1 (c = the last node's height): the new boundary node is then the last node's parent, with one input on processor 0 and one from elsewhere.",
        printed: "v_i: the leftmost node at height h_i whose predecessors are both external",
        holds: "at height c + 1 the boundary node has one internal and one external predecessor (heights above c + 1 never occur); Proposition 2.1 can restore the paper's form without changing the makespan",
        kind: Kind::ReadingAmbiguity,
        evidence: None,
    },
    Finding {
        id: "grs-leftmost",
        model: MODEL,
        paper: PAPER,
        location: "Algorithm Fine-Grain, Step 1.2(b)(i): \"the leftmost node … not yet assigned an AET\"",
        sentence: "\"The leftmost node not yet assigned an AET\" must count the nodes below earlier boundary nodes as taken (Step 2 assigns them only later); harmless, since the search starts above them.",
        printed: "the leftmost node at height h_i that has not yet been assigned an AET",
        holds: "the leftmost node at height h_i outside the subtrees already given to external processors",
        kind: Kind::ReadingAmbiguity,
        evidence: None,
    },
    Finding {
        id: "grs-unique",
        model: MODEL,
        paper: PAPER,
        location: "Section 2, Theorem 2.2: a unique optimal schedule",
        sentence: "The optimum is unique only among schedules with all five properties; the exhaustive search finds many optimal top clusters (9,490 for n = 5, τ = 7).",
        printed: "there is a unique optimal schedule having the five properties … narrow down our search for an optimal schedule to a unique one",
        holds: "unique among schedules with the five properties; optimal schedules in general are many",
        kind: Kind::OverstatedClaim,
        evidence: None,
    },
    Finding {
        id: "grs-slope",
        model: MODEL,
        paper: PAPER,
        location: "Section 3.3: T*(n) has a \"slope\" that is periodic with lengthening periods",
        sentence: "The increments T*(n) − T*(n − 1) do not have lengthening periods: at τ = 128 they become exactly periodic with period 5; at τ = 1000 they oscillate, damped, and are constant from n = 126.",
        printed: "T*(T_n), considered as a function of n, is \"almost linear\", exhibiting a \"slope\" that is periodic with lengthening periods",
        holds: "τ = 128: from n ≈ 35 the increments repeat with period 5 (so T* grows linearly on average); τ = 1000: a damped oscillation, then constant increments 140 from n = 126 (src/model/errata/tests.rs); T_PY's increments repeat with period 7 and 10, so ρ(τ) = 27.2/(254/7) = 0.7496 and 140/200.1 = 0.6997 exactly",
        kind: Kind::FalseClaim,
        evidence: None,
    },
];
