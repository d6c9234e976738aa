//! Help ▸ About this model (F1) for this workspace: conventions, what is simulated, findings.

/// Help for the geometric-decaying model (Gil & Matias).
pub(super) const HELP: &str = "\
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
paper's (multiplicative) overhead T_add/ℓ, shown as (T − Brent)/ℓ: the paper writes it T/ℓ with \
T the additive overhead, while loadlab's T is the total time. lg* x = min{i : lg^(i) x ≤ 2} (the paper's \
definition: i starts at 1, so 1 for x ≤ 4).

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
