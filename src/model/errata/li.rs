//! K. Li, "New divisible load distribution methods on tree and pyramid networks" (IEEE TAES
//! 2011): the findings.

use crate::model::registry::ModelId;

use super::{Evidence, Expected, Finding, Kind};

const MODEL: ModelId = ModelId::Divisible;
const PAPER: &str = MODEL.info().paper;

/// The findings about the divisible-load paper.
pub const FINDINGS: &[Finding] = &[
    Finding {
        id: "li-appendix-n",
        model: MODEL,
        paper: PAPER,
        location: "Appendix, the processor count",
        sentence: "The appendix sums the processors as d^(m+1)/(d − 1); the sum is (d^(m+1) − 1)/(d − 1), so m is simply the height h.",
        printed: "N = 1 + d + … + d^m = d^(m+1)/(d − 1), hence m = log_d N(d − 1) − 1",
        holds: "N = (d^(m+1) − 1)/(d − 1), so m = log_d(N(d − 1) + 1) − 1 = h; with m = h the appendix's closed form of T_N^C is right (the app evaluates it beside the recurrence)",
        kind: Kind::Misprint,
        evidence: Some(Evidence {
            command: &[
                "loadlab",
                MODEL.name(),
                "--b",
                "2",
                "--h",
                "15",
                "--beta",
                "100",
                "--json",
            ],
            field: "processors",
            value: Expected::Int(65535),
        }),
    },
    Finding {
        id: "li-beq",
        model: MODEL,
        paper: PAPER,
        location: "Section V, S_∞ of Q for b = 2",
        sentence: "\"B_eq S_∞^Q\" in the text we have is a conversion artefact: the paper's S_∞^Q = β(1/β + 2) = 2β + 1.",
        printed: "B_eq S_∞^Q = β(1/β + 2) = 2β + 1",
        holds: "S_∞^Q = β(1/β + 2) = 2β + 1 (201 at β = 100)",
        kind: Kind::ConversionArtefact,
        evidence: Some(Evidence {
            command: &[
                "loadlab",
                MODEL.name(),
                "--b",
                "2",
                "--h",
                "15",
                "--beta",
                "100",
                "--json",
            ],
            field: "algorithms.Q.asymptotic_speedup",
            value: Expected::Real(201.0, 6),
        }),
    },
    Finding {
        id: "li-thm10-sq",
        model: MODEL,
        paper: PAPER,
        location: "Proof of Theorem 10, S_N^P < S_N^Q",
        sentence: "The proof of Theorem 10 writes S_N^Q with the denominator X/β + (b − 1)β where Theorem 9 gives X/(1/β + b) + (b − 1)β; the theorem and the rest of the proof hold.",
        printed: "S_N^Q = β(X − 1)/(X/β + (b − 1)β), X = (1/β + b)^(h+1)",
        holds: "S_N^Q = β(X − 1)/(X/(1/β + b) + (b − 1)β), the paper's own S_N^Q (Theorem 9): b = 2, h = 2, β = 100 gives 6.844, the simulation too, while the printed denominator gives 7.115",
        kind: Kind::Misprint,
        evidence: Some(Evidence {
            command: &[
                "loadlab",
                MODEL.name(),
                "--b",
                "2",
                "--h",
                "2",
                "--beta",
                "100",
                "--algorithm",
                "q",
                "--json",
            ],
            field: "algorithms.Q.speedup",
            value: Expected::Real(6.844, 3),
        }),
    },
];
