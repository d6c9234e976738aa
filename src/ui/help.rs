//! In-app help texts: keyboard shortcuts, each model's conventions and the paper findings.

/// (keys, action) pairs shown by Help ▸ Keyboard shortcuts.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Ctrl+O", "Open a preset file"),
    ("Ctrl+S", "Save the scenario (to its file, or ask for one)"),
    ("Ctrl+Shift+S", "Save the scenario as…"),
    ("Ctrl+Z", "Undo the last parameter edit"),
    ("Ctrl+Shift+Z / Ctrl+Y", "Redo"),
    ("Space", "Play / pause the schedule"),
    ("← / →", "Step back / forward"),
    ("Home / End", "First / last step"),
    ("F1", "Help for the current model"),
    ("Drop a .ron file", "Open it as a preset"),
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
• Appendix misprint: it states N = 1 + d + … + d^m = d^(m+1)/(d − 1); the sum is \
(d^(m+1) − 1)/(d − 1), so its m = log_d N(d − 1) − 1 should read m = log_d(N(d − 1) + 1) − 1 \
(m is simply the height h). With m = h the appendix's closed form is right: the app evaluates it \
independently and shows it beside the recurrence.
• Theorem 1's T_∞ = ½(√((d−1)²β² + 2(d+1)β + 1) − ((d−1)β + 1)) is exact but loses digits to \
cancellation for large β; the app computes it as β/S_∞, which is the same number without the \
cancellation.
• Section V's \"B_eq S_∞^Q\" is a conversion artefact for S_∞^Q = β(1/β + 2) = 2β + 1.
• The limits: S_∞ = bβ + 1 for P and Q versus ≈ (b − 1)β for C, i.e. the abstract's \"100% \
faster\" (b = 2) and \"33% faster\" (pyramid) hold only as β → ∞; at β = 100 and h = 15 the \
measured gains are 97% and 33% (Section VIII), as the Numbers table shows.

Input limits: b ≥ 2; h ≥ 0 and small enough that N fits in 64 bits (h ≤ 63 for b = 2, ≤ 31 for \
the pyramid); 1e−6 ≤ β ≤ 1e12 (outside, the pipelined fractions leave f64's range).";

/// About text.
pub const ABOUT: &str = "loadlab — an interactive explorer of parallel load balancing and \
scheduling. Each model brings one paper to life: edit the instance, run the paper's algorithms \
as real simulations, step through them, and compare simulated makespans with the paper's \
bounds. Every number is also available headless: `loadlab --help`.";
