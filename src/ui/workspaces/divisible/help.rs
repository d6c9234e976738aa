//! Help ▸ About this model (F1) for this workspace: conventions, what is simulated, findings.

/// Help for the divisible-load model (Li 2011): conventions, what is simulated, findings.
pub(super) const HELP: &str = "\
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
