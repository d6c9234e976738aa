//! Help ▸ About this model (F1) for this workspace: conventions, what is simulated, findings.

/// Help of the ring redistribution model.
pub(super) const HELP: &str = "\
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
