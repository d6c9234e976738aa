//! Lemma 1.1 checked on a recorded run: under KS, tree node x runs on P_(Wgt(x) mod p) and grid
//! node ⟨k, ℓ⟩ on P_(k mod p). [`lemma11`] compares that prediction with where every recorded
//! node actually ran, so the picture can say whether the two colourings coincide.

use super::simulate::{NodeId, NodeRecord, Trace};

/// The PE Lemma 1.1 predicts for `node` on a ring of `p` PEs: Wgt(x) mod p for a tree node
/// (Wgt = number of right turns = popcount of the heap number − 1), k mod p for grid node
/// ⟨k, ℓ⟩ (right children increase k).
pub fn lemma_pe(node: NodeId, p: u32) -> u32 {
    let w = match node {
        NodeId::Tree(h) => u64::from(h.count_ones().saturating_sub(1)),
        NodeId::Grid { k, .. } => u64::from(k),
    };
    (w % u64::from(p.max(1))) as u32
}

/// The outcome of checking Lemma 1.1 against a recorded run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LemmaCheck {
    /// Nodes compared (every recorded node).
    pub nodes: usize,
    /// Nodes that ran on the predicted PE.
    pub agree: usize,
    /// The first node (in run order: step, then PE) that did not, with the PE it ran on.
    pub counterexample: Option<NodeRecord>,
}

impl LemmaCheck {
    /// Whether every node ran on its predicted PE.
    pub fn holds(&self) -> bool {
        self.counterexample.is_none()
    }
}

/// Checks Lemma 1.1 on `trace` (a run on `p` PEs).
pub fn lemma11(trace: &Trace, p: u32) -> LemmaCheck {
    let mut order: Vec<&NodeRecord> = trace.nodes.iter().collect();
    order.sort_by_key(|r| (r.step, r.pe));
    let agree = order.iter().filter(|r| lemma_pe(r.node, p) == r.pe).count();
    LemmaCheck {
        nodes: order.len(),
        agree,
        counterexample: order
            .into_iter()
            .find(|r| lemma_pe(r.node, p) != r.pe)
            .copied(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ksbf::{Balance, KsbfParams, Shape, simulate};

    fn check(shape: Shape, balance: Balance, n: u32, p: u32) -> LemmaCheck {
        let q = KsbfParams {
            shape,
            balance,
            n,
            p,
            ..KsbfParams::default()
        };
        let o = simulate(&q.validate().unwrap());
        lemma11(o.trace.as_ref().unwrap(), p)
    }

    #[test]
    fn weights_of_heap_numbers() {
        // 1 = λ, 3 = "1", 6 = "10", 7 = "11".
        assert_eq!(lemma_pe(NodeId::Tree(1), 4), 0);
        assert_eq!(lemma_pe(NodeId::Tree(3), 4), 1);
        assert_eq!(lemma_pe(NodeId::Tree(6), 4), 1);
        assert_eq!(lemma_pe(NodeId::Tree(7), 4), 2);
        assert_eq!(lemma_pe(NodeId::Tree(7), 2), 0);
        assert_eq!(lemma_pe(NodeId::Grid { k: 5, l: 1 }, 3), 2);
    }

    #[test]
    fn holds_under_ks_and_fails_without_balancing() {
        let ks = check(Shape::Tree, Balance::Ks, 6, 4);
        assert!(ks.holds());
        assert_eq!((ks.nodes, ks.agree), (63, 63));
        assert!(check(Shape::Grid, Balance::Ks, 6, 3).holds());
        // Keeping both children: node 3 (Wgt 1) runs on P_0, not P_1.
        let none = check(Shape::Tree, Balance::None, 6, 4);
        let c = none.counterexample.unwrap();
        assert_eq!((c.node, c.pe), (NodeId::Tree(3), 0));
        assert!(!check(Shape::Tree, Balance::Random, 6, 4).holds());
    }
}
