//! In-app help texts: pointer gestures, each model's name in the model rail, its conventions
//! and the paper findings.

use crate::model::registry::ModelId;

/// A model's name in the model rail and the hover text of its entry.
pub fn rail(model: ModelId) -> (&'static str, &'static str) {
    let row = model.info();
    (row.title, row.summary)
}

/// Help ▸ About this model (F1).
pub fn about(model: ModelId) -> &'static str {
    match model {
        ModelId::Divisible => DIVISIBLE,
        ModelId::Geodecay => GEODECAY,
        ModelId::TreeSweep => TREESWEEP,
        ModelId::Ksbf => KSBF,
        ModelId::Redistribute => REDISTRIBUTE,
    }
}

/// egui's own zoom keys (the View menu and the shortcuts window name them).
pub const ZOOM_KEYS: &str = "Ctrl+= / Ctrl+− / Ctrl+0";

/// What the pointer and egui's own keys do, listed by Help ▸ Keyboard shortcuts after the
/// commands' keys (which come from the command table, [`crate::ui::commands::COMMANDS`]).
pub const GESTURES: &[(&str, &str)] = &[
    (
        "Hover a pseudo-code line",
        "Highlight what it produced (the redistribution arrows of that step)",
    ),
    (
        "Hover an arrow, a bar or a node",
        "Highlight the pseudo-code line that produced it",
    ),
    (
        "Tab / Shift+Tab",
        "Move the keyboard focus to the next / previous control, in reading order (a ring \
         marks it)",
    ),
    (
        "Space / Enter",
        "Act on the focused control: press a button, plan a ring arrow, place the node in a \
         grid cell, run a tree node",
    ),
    (
        "Arrow keys on a ring arrow, grid cell or tree node",
        "Move among them: round the ring; to the next cell; to the parent (↑), left child (↓) \
         or level neighbour (← →)",
    ),
    (
        "Esc",
        "Let go of the focus: Space and the arrows step the schedule again",
    ),
    (ZOOM_KEYS, "Zoom in / out / back to 100 %"),
    (
        "Drop a .ron file",
        "Open it as a preset, workbook or lesson",
    ),
];

/// Help for the divisible-load model (Li 2011): conventions, what is simulated, findings.
pub const DIVISIBLE: &str = "\
Divisible load on complete b-ary trees and pyramids — K. Li, IEEE TAES 47(1), 2011.

Conventions (the paper's): one unit of load; sending an amount s over a link takes s (T_cm = 1), \
computing it takes sβ (T_cp = β, the granularity). Levels 0..h; the root (pyramid: apex) holds \
the load at time 0. N = (b^(h+1) − 1)/(b − 1) processors. T_N is when the last processor \
finishes; speedup S_N = β/T_N; efficiency S_N/N. A pyramid is run on its spanning complete \
4-ary tree (Section VII), so its figures equal the b = 4 tree's.

The simulation: every method is a rule for what a processor does with a fraction it has fully \
received (store-and-forward): keep some to compute, send some to each child. A processor sends \
to all its b children at once (one port each), while it receives and computes. Each link carries \
one message at a time; each CPU computes one fraction at a time. Level symmetry: one \
representative processor per level is simulated. The times come from playing these events; the \
closed forms are computed separately and shown beside them (their difference is the rel. diff \
column, ~1e-15).
• C (classic, Section III): a processor heading a subtree of height k keeps 1 − bα_k of its load \
and sends α_k to each child; α_k comes from the equal-finish-time condition (1 − bα_k)β = \
α_k(1 + T_(k−1)), solved bottom-up from T_0 = β. Steps: the arrival of the fraction at each level.
• P (pipelined, Section IV): in slot τ_k the root sends b^(h−k)x to each child, addressed to level \
h+1−k; every hop above splits it into b equal parts. In τ_(h+1) everyone computes x. The root \
computes throughout. Steps: the slots τ_1 … τ_(h+1).
• Q (pipelined with overlap, Section V): as P, but every hop keeps a (1/β)/(1/β + b) part of the \
fraction and computes it during the next slot while it forwards the rest.

Your turn: set L_l, the load each processor of level l computes, level by level from the root \
outwards (the leaves take what is left), under the chosen method's timing rules (C when all \
three are chosen): C sends each level its subtree's load in one fraction; P and Q send one \
fraction per level, deepest first, and under Q a level keeps, of each fraction it forwards, what \
it computes while forwarding (so L_l ≥ left/(b^l(bβ + 1))). A level within 0.1 % of the method's \
closed-form L_l is right; the Gantt chart shows your schedule above the method's, the red line \
its closed-form T_N, and in red the level whose timing first wastes time (it runs dry before the \
others or waits between fractions: Li's optimality principle has every processor finish together).

Checks on every simulated schedule: conservation (Σ b^l L_l = 1), store-and-forward (nothing is \
sent or computed before it has arrived), one message per link and one fraction per CPU at a time, \
and whether all levels finish together (they do, for all three methods).

What we checked in the paper (and what the app shows):
• Tables I and II: every printed entry (h = 0..15, β = 100) equals the simulation and the closed \
forms rounded to 5 decimals (tests/paper_tables.rs).
• Theorems 4–9 and the recurrence of Section III agree with the simulation to ~1e-15 for every \
b, h, β tried; Theorem 10's ordering T_C > T_P > T_Q holds for h ≥ 2 on every instance tried \
(for h ≤ 1 all three coincide, as the tables show). On large trees P and Q converge so fast \
(their gap shrinks like 1/N) that f64 cannot tell them apart: the ordering check then says \
\"✓ up to f64 rounding\".
• Findings (Help ▸ What we found in the paper, `loadlab errata --model divisible`): \
li-appendix-n, li-beq, li-thm10-sq. With m = h the appendix's closed form is right: the app \
evaluates it independently and shows it beside the recurrence.
• Theorem 1's T_∞ = ½(√((d−1)²β² + 2(d+1)β + 1) − ((d−1)β + 1)) is exact but loses digits to \
cancellation for large β; the app computes it as β/S_∞, which is the same number without the \
cancellation.
• The limits: S_∞ = bβ + 1 for P and Q versus ≈ (b − 1)β for C, i.e. the abstract's \"100% \
faster\" (b = 2) and \"33% faster\" (pyramid) \"for large β\", as the paper says; at β = 100 and \
h = 15 the measured gains are 97% and 33% (Section VIII), as the Numbers table shows. No method \
exceeds bβ + 1: the root computes and feeds b links. P and Q come close to it; C falls short \
because each child must receive its whole share before forwarding.

Input limits: b ≥ 2; h ≥ 0 and small enough that N fits in 64 bits (h ≤ 63 for b = 2, ≤ 31 for \
the pyramid); 1e−6 ≤ β ≤ 1e12 (outside, the pipelined fractions leave f64's range).";

/// About text.
pub const ABOUT: &str = "loadlab — an interactive explorer of parallel load balancing and \
scheduling. Each model brings one paper to life: edit the instance, run the paper's algorithms \
as real simulations, step through them beside their pseudo-code (the lines of each step \
highlighted, with why), and compare simulated makespans with the paper's bounds. Every number \
is also available headless: `loadlab --help`, `loadlab pseudocode`.";

/// Help for the geometric-decaying model (Gil & Matias).
pub const GEODECAY: &str = "\
When to load-balance geometric-decaying algorithms — J. Gil and Y. Matias, J. Parallel and \
Distributed Computing (SODA 1991 preliminary version).

The model, made concrete (the paper is asymptotic): n tasks in round 0; round r has \
w_r ≤ n·2^(−αr) tasks spread over p processors; a task of round r spawns at most one task of \
round r + 1, so a processor's count never grows between balancings. Only per-processor counts \
are simulated, never individual tasks (n up to 2^53).
• A round costs the largest per-processor count (at least 1 while tasks remain); a load \
balancing costs ℓ and leaves every processor with ⌊m/p⌋ or ⌈m/p⌉ of the m tasks.
• Decay: deterministic w_r = ⌈n·2^(−αr)⌉ until fewer than one task would remain, or random \
(each task survives a round with probability 2^(−α), seeded).
• Survivors between balancings: proportional (every count decays alike, largest-remainder \
rounding), adversarial (the fullest processors keep their tasks — the worst case the paper's \
analysis must cover; the default), random (seeded).
• Policies: never (balance once before round 0); standard (balance before every round until \
at most c·p tasks remain; Theorem 1: overhead O(lg ℓ)); improved (the paper's: balance every \
round while the per-processor bound y ≥ ℓ — the initialisation phase, paid for by the rounds \
themselves — then phases: phase i balances once and runs t_i = ⌈ℓ/x_i⌉ rounds, \
x_(i+1) = x_i/2^(α·t_i), x_0 = ℓ; the first phase with x_i ≤ 1 is the last; Theorem 2: \
overhead O(lg* ℓ)); every k rounds, for exploration.
• Measures: Brent's ideal n/p + rounds; additive overhead T_add = time − (n/p + rounds); the \
paper's (multiplicative) overhead T_add/ℓ. lg* x = min{i : lg^(i) x ≤ 2} (the paper's \
definition; 0 for x ≤ 2).

What the explorer shows: the overhead of the standard policy grows like lg ℓ while the improved \
one stays within a few balancings (≈ lg* ℓ + 2 after its initialisation phase) even for \
ℓ = 2^64. The Numbers table splits the improved policy's balancings into the initialisation \
phase and the phases.

Concrete choices: every policy balances before round 0 (the initial placement is not \
modelled). The improved policy's initialisation phase uses the observed y = ⌈w_r/p⌉; after it \
the schedule depends only on ℓ, α and the round number. With ℓ ≤ 1 it balances every round. \
Random decay: the round total is Binomial(w_r, 2^(−α)); exact samplers below 32 draws, a \
normal approximation with continuity correction above; randomized runs stop at \
⌈(lg n + 64)/α⌉ + 1 rounds (flagged if tasks remain). n ≤ 2^53 keeps counts exact; α ≥ 0.001.

Findings in the paper (Help ▸ What we found in the paper, `loadlab errata --model geodecay`): \
gm-lgstar, gm-sec2-n, gm-thm1-p, gm-brent, gm-lgstar-alpha, gm-phases, gm-best-possible. The app \
uses the paper's definition of lg*, shows the balanced ideal Σ⌈w_r/p⌉ and the overhead beyond it, \
(T − ideal)/ℓ, beside Brent's n/p + rounds, and numbers phases from 0 (x_0 = ℓ).

Notes (outside the paper's assumptions, not errors):
• The analysis assumes ℓ = O(τ) (3). Far outside it (ℓ ≫ n/p) never balancing is cheapest (gm-best-possible) and \
the standard policy's overhead settles at lg(n/(c·p))/α, not lg ℓ — the ℓ sweep up to 2^64 \
shows both regimes.
• With proportional survivors an even load stays even, so every balancing after round 0 only \
adds ℓ: never balancing wins (preset \"proportional decay\").";

/// Help for the tree-sweep model (Gao, Rosenberg & Sitaraman).
pub const TREESWEEP: &str = "\
Optimal clustering of tree sweeps under communication delay τ — L. Gao, A. L. Rosenberg and \
R. K. Sitaraman, IEEE TPDS 10(8), 1999.

The model: an up-sweep of the complete binary tree T_n (2^n − 1 nodes, a leaf has height 1): a \
node needs the results of both children. A node executes in time 1 on any of unboundedly many \
processors; a result sent between processors arrives τ > 1 later (fine grain). The down-sweep is \
the up-sweep schedule run backwards (same makespan). Heap numbering: root 1, children of k are \
2k and 2k + 1.

Algorithm Fine-Grain (Section 3.1) puts a top cluster on processor 0, node by node in postorder: \
rule (a) runs an internal node whose two children are done; rule (b) starts a new boundary node, \
the height ℓ of its external subtrees picked by inequality (4); every external subtree copies the \
optimal schedule of the leftmost subtree of its height (Proposition 3.1). The app never \
materialises the tree: an external subtree is just its height, so T* for n = 1000 takes about a \
millisecond. Algorithm P.Y clusters the ⌊τ + 1⌋ nodes nearest the root on one processor, recursively. \
Baselines: one processor (2^n − 1) and one processor per node ((n − 1)(1 + τ) + 1). For n ≤ 5 an \
exhaustive search over every top cluster confirms T*.

Findings (Help ▸ What we found in the paper, `loadlab errata --model treesweep`; each checked \
against the exhaustive optimum and the schedule checker): grs-half, grs-slope, grs-start-formula, \
grs-footnote4, grs-parent-boundary, grs-leftmost, grs-unique. The app implements rule (a) for \
non-leaf nodes whose two children are done and starts boundary nodes at \
max(AET + 1, T*(h − 1) + τ).
• The ratio T*/T_PY (grs-half): for a fixed τ it levels off as n grows (see the ratio plot, n \
up to 1000, and the plot of the ratio against τ); its minima lie near n ≈ lg τ + 1 (n = 8–11 for \
Fig. 2's τ; 0.527 at n = 11 for τ = 1000), where P.Y's cluster just stops holding the whole \
tree.
• Everything else checks: Fine-Grain equals the exhaustive optimum (n ≤ 5, every τ tried), its \
schedules pass the checker (n ≤ 16), every idle gap on processor 0 is below 1, \
T*(n) ≥ T*(n − 1) + 1 and T* ≤ T_PY ≤ 2·T*.
• The processor count is processor 0 plus, recursively, the processors of every external \
subtree, each on its own set (the paper does not try to minimise it).";

/// Help for the KS-BF model (Gao & Rosenberg).
pub const KSBF: &str = "\
KS-BF on a ring — L.-X. Gao and A. L. Rosenberg: load balancing of dynamically growing binary \
trees and pyramidal grids on a ring of p PEs P_0 … P_{p−1}.

The model: discrete time; one step = executing one task plus its balancing action. A task \
spawns its children; under Keep-left-Send-right (KS) the left child stays, the right child goes \
to the clockwise neighbour; each PE runs its queue breadth-first (level, then left to right). \
A child created at step t can run from step t + 1. The makespan is the number of steps. The \
simulation confirms Theorem 2.2's schedule: node x runs at step ν(x) + π(x), and each PE works \
in one unbroken block from step i. Lemma 1.1: a tree node runs on P_(weight of its path mod p), \
a grid node ⟨k, ℓ⟩ on P_(k mod p). Contrast policies: no balancing, depth-first scheduling, a \
seeded random-direction send. Random trees spawn both children with probability q up to the \
depth cap n; a random grid is full and prefix-closed (each node spawns both children or none, \
a node runs once all its present parents have). Large instances run without per-node records; \
stepping is offered up to 2^16 nodes.

Where the paper is wrong (the app keeps the correct values; the list follows; with ids, kinds \
and evidence in Help ▸ What we found in the paper, `loadlab errata --model ksbf`: gr-table1-caption, \
gr-table1-39, gr-eq21-k1, gr-eq21-binom, gr-eq26-gamma1, gr-eq22-bound, gr-alpha1, \
gr-speedup-asymptotic, gr-thm22-assertion2, gr-fact32, gr-thm32-max, gr-thm32-wrap, gr-grid-full, \
gr-sparse-tree, gr-two-row):";

/// Help of the ring redistribution model.
pub const REDISTRIBUTE: &str = "\
Data redistribution on rings — H. Renard, Y. Robert and F. Vivien (LIP report 2004-28).

The model: processors P_1 … P_n on a ring; P_k holds L_k items and must end with L_k − δ_k \
(Σδ = 0, L_k ≥ 1, L_k ≥ 1 + δ_k, checked live: a violation is outlined at its cell and blocks \
running). Sending one item over P_i → P_{i+1} takes c_{i,i+1} (table column c→), over \
P_i → P_{i−1} it takes c_{i,i−1} (column c←). One-port: at any time a processor sends at most \
one item and receives at most one; on a bidirectional ring it cannot send to both neighbours \
at once. δ_{k,l} is the unbalance of the slice C_{k,l} = P_k … P_l (cyclic).

Algorithms (Auto picks the paper's one for the ring type):
• Algorithm 1 (homogeneous unidirectional): rounds of length c; in round s, P_{start+l} sends \
one item iff δ_{start,start+l} ≥ s, where C_{start,end} has the largest unbalance. Optimal: \
it meets Lemma 1 (max |δ_{k,l}| · c).
• Algorithm 2 (heterogeneous unidirectional): P_{start+l} sends δ_{start,start+l} items one by \
one as soon as it holds one (an event simulation). Lemma 5: it takes \
max_l δ_{start,start+l} · c_{start+l,start+l+1} — the app compares.
• Algorithm 3 (homogeneous bidirectional): one recursive call = one round. Maximal slices \
(⌈|δ_{k,l}|/2⌉ = δ_max, highlighted arcs) send or receive through both extremities (Steps \
4–9), δ_max = 2 has special rules (Steps 10–18: the cases of Figs. 4, 5 and 8 of Lemma 7's \
proof), maximal processors (|δ_i| = δ_max, bold outline) send right / receive from the left \
(Steps 19–24), and at δ_max = 1 balanced processors forward (Steps 25–30). Each arrow is \
labelled with the step that caused it. Lemma 8: exactly Lemma 6's number of rounds.
• System 6 (heterogeneous bidirectional, light redistributions): by Lemma 10 every flow \
follows from R_1, the flow over P_1 → P_2, so the LP is a convex piecewise-linear function of \
one variable, minimised exactly (rational optimum) and over the integers; Proposition 1 says \
⌊R_1⌋ or ⌈R_1⌉ is optimal — both are shown. Lemma 9 schedules it (send right from time 0, then \
left as soon as possible). “Light” means no processor sends more than it holds initially; when \
it fails, Lemma 9's schedule makes processors send items they do not hold and the checker \
says so. System 12 adds the load constraint (a light solution, if one exists). “System 6 + \
forwarding” (not in the paper) schedules System 6's flows one item at a time as soon as the \
ports are free and the item is held, so it is valid for any loads.

Every run is replayed by an independent checker (✓/✗ with the first violation): links and \
direction, one-port at every instant, possession (an item can be forwarded the instant it \
arrives, never before) and the final loads L_k − δ_k. Lower bounds: Lemma 1 and Theorem 2 \
(unidirectional), Lemma 6 and Lemma 12 (bidirectional); the numbers show each with the gap.

Editing: type in the table (virtualised: 10 000 rows scroll), drag a processor of the drawing \
up or down to change its δ (the ring holds still while you drag), click a link (its line or its \
cost) to edit its cost beside it; random instances are seeded; \
“Make Σδ = 0” lowers the largest δ's (or raises the smallest) and lists what changed; δ can \
also be derived from target loads or relative speeds (largest remainder, Σ kept).

Section 8 (simplified, assumptions in the study's notes): p processors whose speeds change \
twice during 100 iterations, 1000 columns redistributed with System 6 never / once / 4 / 9 / \
19 times; normalised execution time against the computation-to-communication ratio.

Where the paper is wrong or ambiguous (Help ▸ What we found in the paper, `loadlab errata \
--model redistribute`; the app shows both readings where it matters): rrv-thm2-bound, \
rrv-alg3-pass, rrv-alg3-possession, rrv-lemma8-abs, rrv-lemma6-c, rrv-prop1-heavy, \
rrv-sec8-contradiction, rrv-two-ring, rrv-sec9-solved; open questions the runs answer: \
rrv-lemma12-tight, rrv-sec6-heavy.
• Algorithm 3: “as printed” reads Steps 25–30 as one pass in index order (rrv-alg3-pass), \
“corrected” applies them until nothing changes, as a set of rules, and adds a feeding rule \
(Step “32” in the arrows) against rrv-alg3-possession: a processor with δ ≤ 0 that sends \
without receiving is fed by its other neighbour in the same round. The corrected variant \
provably keeps possession and one-port; Lemma 8's round count still holds on every ring tested \
(all rings n ≤ 7 with |δ| ≤ 4 and hundreds of thousands of random ones), not proved. Step 30 \
never fires (Steps 5 and 9 already build leftward chains), so the pass's blindness to leftward \
chains is harmless. The plot “Algorithm 3 rounds vs Lemma 6” shows both readings.
• Theorem 2 corrected (items of a negative slice enter through P_{k−1} → P_k) equals Lemma 5, \
and Theorem 2's conclusion holds with it.
• Not errors, but worth knowing: Lemma 12 is not tight (the paper has no counter-example): \
n = 3, δ = (−2, 1, 1), L = (1, 2, 2), c_{1,2}, c_{2,3}, c_{3,1} = 1, 3, 2, c_{1,3}, c_{2,1}, \
c_{3,2} = 2, 1, 3: bound 2, optimum 3. Proposition 1's two roundings are both needed (each alone \
fails on a few per cent of random rings). Lemma 9's schedule is valid only for light solutions, \
as the paper assumes: otherwise processors send items that have not arrived yet (the checker \
names the first one).
• Section 8 (rrv-sec8-contradiction): in the simplified study every curve is a + b/r, so the \
text's reading holds there. In loadlab's re-creation of the platform (link costs uniform 1–10, \
six CPU speeds; not the paper's platform) the light hypothesis rarely holds (8 % of platforms \
with p = 8, never with p = 32): “skip (paper)” skips most redistributions, “forward” performs \
them all.

Section 8 assumptions: link costs uniform integers 1–10 per direction; CPU speeds drawn from \
six illustrative LINPACK-like figures (Pentium Pro 200 MHz … Pentium 4 1.7 GHz), each \
changing twice (at iterations drawn in 20–40 and 60–80); 100 iterations over 1000 columns, \
initially proportional to the speeds; an iteration lasts max_i columns_i / speed_i; a \
redistribution targets the current speeds and costs System 6's τ. The ratio r is the length \
of an ideal balanced iteration over the mean link cost; times are normalised by an \
always-balanced oracle with free redistributions.";
