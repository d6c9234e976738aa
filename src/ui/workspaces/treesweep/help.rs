//! Help ▸ About this model (F1) for this workspace: conventions, what is simulated, findings.

/// Help for the tree-sweep model (Gao, Rosenberg & Sitaraman).
pub(super) const HELP: &str = "\
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
