//! The pseudo-code of every stepped algorithm, in each paper's notation and step numbering
//! (reworded, not copied), for the GUI's pseudo-code pane and `loadlab pseudocode`.
//!
//! An algorithm's `id` is the value the model's `--json` output reports in its `algorithm`
//! field (a string, or a list for models whose run reports several algorithms side by side:
//! divisible's methods, the tree sweeps' Fine-Grain and P.Y, KS-BF's balancing and
//! scheduling). A line's `step` is the label the traces cite (a redistribution send's
//! `step`, a Fine-Grain rule, …). Lines that are loadlab's and not the paper's carry a `note`
//! saying so and why.

use serde::Serialize;

use super::registry::{ModelId, serialize_name};

/// One line of pseudo-code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Line {
    /// The label traces cite ("6", "1.2(b)", "(4)", …).
    pub step: &'static str,
    /// What the line does, in the paper's notation.
    pub text: &'static str,
    /// Set on loadlab's own lines or readings: why they differ from the paper.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<&'static str>,
}

/// One algorithm's pseudo-code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Algorithm {
    /// The id the model's JSON reports in its `algorithm` field.
    pub id: &'static str,
    /// The model (its JSON shows the subcommand name).
    #[serde(serialize_with = "serialize_name")]
    pub model: ModelId,
    /// Title, with where the paper states it.
    pub title: &'static str,
    /// The lines, in order.
    pub lines: &'static [Line],
}

impl Algorithm {
    /// The line labelled `step`, if any.
    pub fn line(&self, step: &str) -> Option<&'static Line> {
        self.lines.iter().find(|l| l.step == step)
    }
}

/// The algorithm with this id.
pub fn find(id: &str) -> Option<&'static Algorithm> {
    ALGORITHMS.iter().find(|a| a.id == id)
}

/// The algorithms of one model, in registry order.
pub fn of_model(model: ModelId) -> impl Iterator<Item = &'static Algorithm> {
    ALGORITHMS.iter().filter(move |a| a.model == model)
}

const fn l(step: &'static str, text: &'static str) -> Line {
    Line {
        step,
        text,
        note: None,
    }
}

const fn ours(step: &'static str, text: &'static str, note: &'static str) -> Line {
    Line {
        step,
        text,
        note: Some(note),
    }
}

const ALG1_LINES: &[Line] = &[
    l(
        "1",
        "δ_max ← max over k, l of |δ_{k,k+l}| (Lemma 1's bound, in rounds)",
    ),
    l(
        "2",
        "pick start, end with δ_{start,end} = δ_max: a slice of maximal unbalance",
    ),
    l("3", "for s = 1 … δ_max (one round of length c each):"),
    l("4", "  for all l = 0 … n − 1:"),
    l("5", "    if δ_{start,start+l} ≥ s:"),
    l(
        "6",
        "      P_{start+l} sends one item to P_{start+l+1} during [(s − 1)c, s·c[",
    ),
];

const ALG2_LINES: &[Line] = &[
    l("1", "δ_max ← max over k, l of |δ_{k,k+l}|"),
    l("2", "pick start, end with δ_{start,end} = δ_max"),
    l("3", "for all l = 0 … n − 1:"),
    l(
        "4",
        "  P_{start+l} sends its δ_{start,start+l} items to P_{start+l+1} one by one, each as soon as it holds it (Lemma 5: time max_l δ_{start,start+l} · c_{start+l,start+l+1})",
    ),
];

/// Steps 1–24 of Algorithm 3, shared by both readings.
const ALG3_COMMON: &[Line] = &[
    l(
        "1",
        "δ_max ← max{ max_i |δ_i|, max over non-trivial slices ⌈|δ_{k,l}|/2⌉ } (Lemma 6's value, in rounds)",
    ),
    l("2", "if δ_max ≥ 1 (else the ring is balanced: stop):"),
    l("3", "  if δ_max ≠ 2:"),
    l(
        "4",
        "    for every slice C_{k,l} with δ_{k,l} > 1 and ⌈|δ_{k,l}|/2⌉ = δ_max (it must lose 2 items per round):",
    ),
    l(
        "5",
        "      P_k sends one item to P_{k−1} during [(s − 1)c, s·c[",
    ),
    l("6", "      P_l sends one item to P_{l+1}"),
    l(
        "7",
        "    for every slice C_{k,l} with δ_{k,l} < −1 and ⌈|δ_{k,l}|/2⌉ = δ_max (it must gain 2 items per round):",
    ),
    l("8", "      P_{k−1} sends one item to P_k"),
    l("9", "      P_{l+1} sends one item to P_l"),
    l(
        "10",
        "  else (δ_max = 2: Steps 4–9 could break one-port, Figures 4, 5 and 8):",
    ),
    l("11", "    for every slice C_{k,l} with δ_{k,l} ≥ 3:"),
    l("12", "      P_l sends one item to P_{l+1}"),
    l("13", "    for every slice C_{k,l} with δ_{k,l} = 4:"),
    l("14", "      P_k sends one item to P_{k−1}"),
    l("15", "    for every slice C_{k,l} with δ_{k,l} ≤ −3:"),
    l("16", "      P_{k−1} sends one item to P_k"),
    l("17", "    for every slice C_{k,l} with δ_{k,l} = −4:"),
    l("18", "      P_{l+1} sends one item to P_l"),
    l("19", "  for every P_i with δ_i = δ_max:"),
    l("20", "    if no earlier step makes P_i send this round:"),
    l("21", "      P_i sends one item to P_{i+1}"),
    l("22", "  for every P_i with δ_i = −δ_max:"),
    l("23", "    if no earlier step makes P_i receive this round:"),
    l("24", "      P_{i−1} sends one item to P_i"),
];

/// `head`, then `tail`, as one array of `N = head.len() + tail.len()` lines (for consts).
const fn join<const N: usize>(head: &[Line], tail: &[Line]) -> [Line; N] {
    assert!(N == head.len() + tail.len());
    let mut out = [l("", ""); N];
    let mut i = 0;
    while i < N {
        out[i] = if i < head.len() {
            head[i]
        } else {
            tail[i - head.len()]
        };
        i += 1;
    }
    out
}

const ALG3_LITERAL_TAIL: &[Line] = &[
    l("25", "  if δ_max = 1:"),
    l(
        "26",
        "    for every P_i with δ_i = 0 (one pass, i = 1 … n, as printed):",
    ),
    l("27", "      if P_{i−1} sends to P_i this round:"),
    l("28", "        P_i sends one item to P_{i+1} (it forwards)"),
    l("29", "      if P_{i+1} sends to P_i this round:"),
    l("30", "        P_i sends one item to P_{i−1}"),
    l("31", "  recursive call for round s + 1"),
];
const ALG3_LITERAL_LINES: &[Line] =
    &join::<{ ALG3_COMMON.len() + ALG3_LITERAL_TAIL.len() }>(ALG3_COMMON, ALG3_LITERAL_TAIL);

const ALG3_TAIL: &[Line] = &[
    l("25", "  if δ_max = 1:"),
    ours(
        "26",
        "    for every P_i with δ_i = 0, repeated until nothing changes (chains forward along their whole length, across P_n → P_1 too):",
        "loadlab's reading: the printed single pass cuts a chain of zero processors that wraps past P_n and then misses Lemma 8's round count",
    ),
    l("27", "      if P_{i−1} sends to P_i this round:"),
    l("28", "        P_i sends one item to P_{i+1} (it forwards)"),
    l("29", "      if P_{i+1} sends to P_i this round:"),
    l("30", "        P_i sends one item to P_{i−1}"),
    ours(
        "32",
        "  feeding: a P_i with δ_i ≤ 0 that some step makes send without receiving is fed by its neighbour on the other side this round (a feeder with δ ≤ 0 is fed in turn)",
        "loadlab's correction, not in the paper: as printed, a processor with δ_i ≤ 0 may be made to send an item it does not hold (possession fails with the minimal loads); feeding keeps one-port and possession, and Lemma 8's round count is checked on every tested ring",
    ),
    l("31", "  recursive call for round s + 1"),
];
const ALG3_LINES: &[Line] =
    &join::<{ ALG3_COMMON.len() + ALG3_TAIL.len() }>(ALG3_COMMON, ALG3_TAIL);

const LP_LINES: &[Line] = &[
    l(
        "S6",
        "System 6: minimise τ over S_{i,i+1}, S_{i,i−1} ≥ 0 with, for every P_i, conservation S_{i,i+1} + S_{i,i−1} − S_{i−1,i} − S_{i+1,i} = δ_i, send time S_{i,i+1}c_{i,i+1} + S_{i,i−1}c_{i,i−1} ≤ τ, receive time S_{i+1,i}c_{i+1,i} + S_{i−1,i}c_{i−1,i} ≤ τ",
    ),
    l(
        "R",
        "net flows R_j = S_{j,j+1} − S_{j+1,j} = R_1 + δ_2 + … + δ_j: one free variable R_1 (Lemma 10)",
    ),
    l(
        "P1",
        "Proposition 1: the rational optimum R_1*, rounded to ⌊R_1*⌋ or ⌈R_1*⌉, gives an integer optimum",
    ),
    l(
        "L9a",
        "Lemma 9: every P_i sends its S_{i,i+1} items to P_{i+1} from time 0",
    ),
    l(
        "L9b",
        "then P_i sends its S_{i,i−1} items to P_{i−1} from max(S_{i,i+1}c_{i,i+1}, S_{i−2,i−1}c_{i−2,i−1}): when it is done and P_{i−1} has stopped receiving from P_{i−2}",
    ),
    l(
        "light",
        "feasible with possession when the solution is light: S_{i,i+1} + S_{i,i−1} ≤ L_i for every P_i",
    ),
];

const LP_LOAD_LINES: &[Line] = &[
    l(
        "S12",
        "System 12: System 6 plus the load constraint S_{i,i+1} + S_{i,i−1} ≤ L_i (the solution is light)",
    ),
    l(
        "R",
        "net flows R_j = R_1 + δ_2 + … + δ_j; the light R_1 form an interval",
    ),
    l(
        "P1",
        "the rational optimum over that interval, rounded down or up, gives an integer optimum",
    ),
    l(
        "L9a",
        "Lemma 9: every P_i sends its S_{i,i+1} items to P_{i+1} from time 0",
    ),
    l(
        "L9b",
        "then its S_{i,i−1} items to P_{i−1} from max(S_{i,i+1}c_{i,i+1}, S_{i−2,i−1}c_{i−2,i−1})",
    ),
];

const LP_FORWARD_LINES: &[Line] = &[
    l(
        "S6",
        "System 6's integer optimum (net flows R_j), as in the lp algorithm",
    ),
    ours(
        "A1",
        "every item leaves as soon as its sender holds it and its link and both ports are free",
        "loadlab's schedule, not in the paper: valid for any loads (forwarding), where Lemma 9's needs a light solution",
    ),
    ours(
        "A2",
        "a processor forwards an item the instant it has arrived",
        "loadlab's",
    ),
    ours(
        "A3",
        "repeat until every link has carried its flow",
        "loadlab's",
    ),
];

const FINE_GRAIN_LINES: &[Line] = &[
    l(
        "1",
        "Step 1: schedule the top cluster v_1, v_2, …, v_k = root(T_n) on PE 0",
    ),
    l(
        "1.1",
        "Step 1.1 (base): v_1 ← the leftmost leaf, AET(v_1) ← 0",
    ),
    l(
        "1.2",
        "Step 1.2 (inductive): choose v_i and its AET from v_1 … v_{i−1}:",
    ),
    l(
        "1.2(a)",
        "  (a) if some node v is eligible (both predecessors have AETs): v_i ← v = σ(v_{i−1}), AET(v_i) ← AET(v_{i−1}) + 1",
    ),
    l(
        "1.2(b)",
        "  (b) else choose a new boundary node v_i with the MHB property:",
    ),
    l(
        "(4)",
        "    (i) h_i ← the smallest ℓ ≥ h_j (the last boundary node's height) with AET(v_{i−1}) ≤ T*(ℓ) + τ − 2   (4); v_i ← the leftmost node of height h_i without an AET",
    ),
    ours(
        "1.2(b)(ii)",
        "    (ii) AET(v_i) ← max{AET(v_{i−1}) + 1, T*(h_i − 1) + τ} (a leaf: AET(v_{i−1}) + 1)",
        "the printed formula reads (h_i − 1) + τ; its footnote 5 and Proposition 3.1 mean T*(h_i − 1) + τ, the time the external subtree of height h_i − 1 delivers its result",
    ),
    l(
        "2",
        "Step 2: each external subtree T(v), in nondecreasing height then left to right, runs on its own PEs as a copy of the leftmost subtree of its height (Proposition 3.1)",
    ),
];

const PY_LINES: &[Line] = &[
    l(
        "1",
        "S ← the ⌊τ + 1⌋ nodes closest to root(T_n) (all of T_n if it is smaller)",
    ),
    l(
        "2",
        "schedule every node of S on PE 0 (children before parents)",
    ),
    l(
        "3",
        "schedule each tree of the forest T_n − S recursively, each on a new set of PEs",
    ),
];

const KS_LINES: &[Line] = &[
    l("0", "the root λ starts alone in P_0's task queue"),
    l(
        "1",
        "every P_i with a nonempty queue executes one task x per step (one time unit, balancing included)",
    ),
    l(
        "2a",
        "if x spawns: P_i keeps the left child x0 in its own queue (Keep-left)",
    ),
    l(
        "2b",
        "and sends the right child x1 to its clockwise neighbour P_{(i+1) mod p} (Send-right)",
    ),
    l(
        "L1.1",
        "hence (Lemma 1.1) node x runs on P_{Wgt(x) mod p}, Wgt(x) = the number of right turns (1s) in x; grid node ⟨k, ℓ⟩ on P_{k mod p}",
    ),
];

const BF_LINES: &[Line] = &[
    l(
        "Q",
        "each P_i keeps its unexecuted tasks in a priority queue ordered by level, then left to right",
    ),
    l(
        "1",
        "each step P_i executes the task first in breadth-first order",
    ),
    l("idle", "a PE with an empty queue idles this step"),
];

const NONE_LINES: &[Line] = &[
    ours(
        "0",
        "the root starts in P_0's queue",
        "loadlab's baseline for comparison, not in the paper",
    ),
    ours(
        "2",
        "a spawning task's two children both stay on their PE",
        "loadlab's baseline",
    ),
    ours(
        "1",
        "so P_0 runs every node, one per step",
        "loadlab's baseline",
    ),
];

const RANDOM_LINES: &[Line] = &[
    ours(
        "0",
        "the root starts in P_0's queue",
        "loadlab's comparison, not in the paper",
    ),
    ours(
        "2a",
        "a spawning task's left child stays on its PE",
        "loadlab's comparison",
    ),
    ours(
        "2b",
        "its right child goes to P_{i+1} or P_{i−1}, by a seeded fair coin per node",
        "loadlab's comparison",
    ),
];

const DF_LINES: &[Line] = &[
    ours(
        "Q",
        "each P_i orders its queue deepest level first, then left to right",
        "loadlab's comparison, not in the paper",
    ),
    ours(
        "1",
        "each step P_i executes the first task of that order",
        "loadlab's comparison",
    ),
    ours(
        "idle",
        "a PE with an empty queue idles this step",
        "loadlab's comparison",
    ),
];

const C_LINES: &[Line] = &[
    l(
        "1",
        "P_i splits its load x: α x to each of its d neighbours' subnetworks, (1 − dα) x for itself, α from T_N = (1 − dα)T_cp = α(T_cm + T_{(N−1)/d})",
    ),
    l("2", "P_i sends α x to each child P_{j_k}"),
    l("3", "P_i computes its own (1 − dα) x from time 0"),
    l(
        "4",
        "P_{j_k}, once it holds all of α x (store and forward), applies the method to its subnetwork",
    ),
    l(
        "5",
        "every processor finishes at the same time T_N (equal finish)",
    ),
];

const P_LINES: &[Line] = &[
    l(
        "x",
        "x ← the unit that makes the levels' loads sum to 1 (every non-root processor computes x in the end)",
    ),
    l(
        "τ_k",
        "slot τ_k, k = 1 … h (length b^{h−k}x): the root sends b^{h−k}x to each child and computes b^{h−k}x/β meanwhile",
    ),
    l(
        "fwd",
        "a processor that received a fragment addressed below it sends 1/b of it to each child in the next slot (received in full first)",
    ),
    l(
        "keep",
        "the fragment of τ_k stops at level h + 1 − k, which keeps it",
    ),
    l(
        "τ_{h+1}",
        "slot τ_{h+1} (length xβ): all N processors compute x and finish together",
    ),
];

const Q_LINES: &[Line] = &[
    l("x", "x ← the unit that makes the levels' loads sum to 1"),
    l(
        "τ_k",
        "slot τ_k, k = 1 … h (length (1/β + b)^{h−k}x): the root sends (1/β + b)^{h−k}x to each child",
    ),
    l(
        "keep",
        "a processor keeps (1/β)(1/β + b)^{h−k}x of the fragment it holds and computes it during τ_k (overlap)",
    ),
    l(
        "fwd",
        "and sends (1/β + b)^{h−k}x to each child while it receives the next fragment from its parent",
    ),
    l(
        "τ_{h+1}",
        "slot τ_{h+1} (length xβ): every processor computes x and finishes",
    ),
];

const NEVER_LINES: &[Line] = &[
    l(
        "0",
        "balance once before round 0 (time ℓ): every processor gets ⌈n/p⌉ tasks",
    ),
    l(
        "run",
        "round j: every processor executes its live tasks; the round lasts the largest count",
    ),
    l("end", "repeat until no task is live, never balancing again"),
];

const STANDARD_LINES: &[Line] = &[
    l(
        "bal",
        "before round j, while more than c·p tasks are live: balance (time ℓ), at most ⌈n_j/p⌉ tasks each",
    ),
    l(
        "run",
        "round j: every processor executes its live tasks; the round lasts the largest count",
    ),
    l(
        "stop",
        "once at most c·p tasks are live, stop balancing: about lg(n/p) balancings (overhead O(lg ℓ))",
    ),
];

const IMPROVED_LINES: &[Line] = &[
    l(
        "init",
        "initialisation phase: balance before every round while each processor may hold y ≥ ℓ tasks",
    ),
    l(
        "phase",
        "phase i: balance once (time ℓ), then run t_i rounds without balancing (x_0 = ℓ)",
    ),
    l(
        "(6)",
        "t_i = ℓ / x_i (⌈ℓ/x_i⌉ rounds): the phase's work x_i·t_i is O(ℓ), paid for by its balancing",
    ),
    l(
        "(7)",
        "x_{i+1} = x_i / 2^{α t_i}: the bound on each processor's tasks decays within the phase",
    ),
    l(
        "run",
        "round j: every processor executes its live tasks; the round lasts the largest count",
    ),
    l(
        "final",
        "when x_i ≤ 1 no more balancing is needed: O(lg* ℓ) phases (Theorem 2)",
    ),
];

const EVERY_K_LINES: &[Line] = &[
    ours(
        "bal",
        "before rounds 0, k, 2k, …: balance (time ℓ)",
        "loadlab's comparison policy, not in the paper",
    ),
    ours(
        "run",
        "round j: every processor executes its live tasks; the round lasts the largest count",
        "loadlab's comparison policy",
    ),
    ours(
        "end",
        "repeat until no task is live",
        "loadlab's comparison policy",
    ),
];

const OPTIMAL_LINES: &[Line] = &[
    ours(
        "dp",
        "best(s) = ℓ + min over e > s of [cost of rounds s..e−1 from a balanced start] + best(e)",
        "loadlab's reference schedule: a dynamic programme over the rounds, not in the paper",
    ),
    ours(
        "bal",
        "before each round the programme chose: balance (time ℓ)",
        "loadlab's reference schedule",
    ),
    ours(
        "run",
        "round j: every processor executes its live tasks; the round lasts the largest count",
        "loadlab's reference schedule",
    ),
    ours(
        "end",
        "repeat until no task is live",
        "loadlab's reference schedule",
    ),
];

/// Every algorithm loadlab steps, by model.
pub const ALGORITHMS: &[Algorithm] = &[
    Algorithm {
        id: "alg1",
        model: ModelId::Redistribute,
        title: "Algorithm 1: homogeneous unidirectional ring (Section 3.2)",
        lines: ALG1_LINES,
    },
    Algorithm {
        id: "alg2",
        model: ModelId::Redistribute,
        title: "Algorithm 2: heterogeneous unidirectional ring (Section 4)",
        lines: ALG2_LINES,
    },
    Algorithm {
        id: "alg3",
        model: ModelId::Redistribute,
        title: "Algorithm 3, corrected: homogeneous bidirectional ring (Section 5.2, loadlab's corrections marked)",
        lines: ALG3_LINES,
    },
    Algorithm {
        id: "alg3-literal",
        model: ModelId::Redistribute,
        title: "Algorithm 3 as printed: homogeneous bidirectional ring, round s (Section 5.2)",
        lines: ALG3_LITERAL_LINES,
    },
    Algorithm {
        id: "lp",
        model: ModelId::Redistribute,
        title: "System 6 + Lemma 9's schedule: heterogeneous bidirectional ring (Section 6)",
        lines: LP_LINES,
    },
    Algorithm {
        id: "lp-load",
        model: ModelId::Redistribute,
        title: "System 12 + Lemma 9's schedule: light solutions enforced (Section 6)",
        lines: LP_LOAD_LINES,
    },
    Algorithm {
        id: "lp-forward",
        model: ModelId::Redistribute,
        title: "System 6 scheduled as soon as possible with forwarding (loadlab's)",
        lines: LP_FORWARD_LINES,
    },
    Algorithm {
        id: "fine-grain",
        model: ModelId::TreeSweep,
        title: "Algorithm Fine-Grain: optimal up-sweep of T_n (Section 3.1)",
        lines: FINE_GRAIN_LINES,
    },
    Algorithm {
        id: "py",
        model: ModelId::TreeSweep,
        title: "Algorithm P.Y: the 2-approximation (Section 1.1)",
        lines: PY_LINES,
    },
    Algorithm {
        id: "ks",
        model: ModelId::Ksbf,
        title: "KS: Keep-left-Send-right balancing (Section 1.1)",
        lines: KS_LINES,
    },
    Algorithm {
        id: "bf",
        model: ModelId::Ksbf,
        title: "BF: locally breadth-first scheduling (Section 1.1)",
        lines: BF_LINES,
    },
    Algorithm {
        id: "none",
        model: ModelId::Ksbf,
        title: "No balancing (loadlab's baseline)",
        lines: NONE_LINES,
    },
    Algorithm {
        id: "random",
        model: ModelId::Ksbf,
        title: "Random neighbour for the right child (loadlab's comparison)",
        lines: RANDOM_LINES,
    },
    Algorithm {
        id: "df",
        model: ModelId::Ksbf,
        title: "Locally depth-first scheduling (loadlab's comparison)",
        lines: DF_LINES,
    },
    Algorithm {
        id: "C",
        model: ModelId::Divisible,
        title: "Method C: the classic method on a partitionable network (Section III)",
        lines: C_LINES,
    },
    Algorithm {
        id: "P",
        model: ModelId::Divisible,
        title: "Method P: pipelined communications (Sections IV, VI, VII; Fig. 3)",
        lines: P_LINES,
    },
    Algorithm {
        id: "Q",
        model: ModelId::Divisible,
        title: "Method Q: pipelined communications overlapped with computation (Section V; Fig. 5)",
        lines: Q_LINES,
    },
    Algorithm {
        id: "never",
        model: ModelId::Geodecay,
        title: "Never balance after round 0",
        lines: NEVER_LINES,
    },
    Algorithm {
        id: "standard",
        model: ModelId::Geodecay,
        title: "The standard policy: balance after every round (Section 2)",
        lines: STANDARD_LINES,
    },
    Algorithm {
        id: "improved",
        model: ModelId::Geodecay,
        title: "The improved policy: phases of t_i rounds (Section 3)",
        lines: IMPROVED_LINES,
    },
    Algorithm {
        id: "every-k",
        model: ModelId::Geodecay,
        title: "Balance every k rounds (loadlab's comparison)",
        lines: EVERY_K_LINES,
    },
    Algorithm {
        id: "optimal",
        model: ModelId::Geodecay,
        title: "The optimal balancing schedule (loadlab's reference)",
        lines: OPTIMAL_LINES,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_unique_labels_unique_and_at_least_three_lines() {
        for (i, a) in ALGORITHMS.iter().enumerate() {
            assert!(a.lines.len() >= 3, "{}", a.id);
            assert!(ALGORITHMS[..i].iter().all(|b| b.id != a.id), "{}", a.id);
            for (j, line) in a.lines.iter().enumerate() {
                assert!(
                    a.lines[..j].iter().all(|m| m.step != line.step),
                    "{} {}",
                    a.id,
                    line.step
                );
            }
        }
    }

    #[test]
    fn every_step_algorithm_3_cites_is_a_line() {
        // The labels homogeneous.rs gives sends (its module doc lists them).
        for s in [5, 6, 8, 9, 12, 14, 16, 18, 21, 24, 28, 30, 32] {
            assert!(find("alg3").unwrap().line(&s.to_string()).is_some(), "{s}");
        }
        assert!(find("alg3-literal").unwrap().line("32").is_none());
        assert!(find("alg3").unwrap().line("32").unwrap().note.is_some());
        assert!(find("alg1").unwrap().line("6").is_some());
    }
}
