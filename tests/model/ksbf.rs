//! Acceptance tests of the KS-BF model (Gao & Rosenberg). Expectations come from brute-force
//! counts written here or from the paper's own definitions, never from the simulator.

use std::collections::{BTreeMap, HashMap};

use loadlab::model::NoProgress;
use loadlab::model::ksbf::{
    Balance, KsbfParams, NodeId, Schedule, Shape, count, n_points, p_points, seed_points, simulate,
    simulate_heap_engine, summarize, sweep, sweep_seeds, theory,
};
use proptest::prelude::*;

fn params(shape: Shape, n: u32, p: u32) -> KsbfParams {
    KsbfParams {
        shape,
        n,
        p,
        ..Default::default()
    }
}

fn weight(heap: u64) -> u32 {
    heap.count_ones() - 1
}

#[test]
fn tree_work_assignment_and_steps_match_the_paper_for_p_n_up_to_16() {
    for p in 1..=16u32 {
        for n in 1..=16u32 {
            let v = params(Shape::Tree, n, p).validate().unwrap();
            let o = simulate(&v);
            // Brute force: Lemma 1.1(a) counted over all heap numbers.
            let mut brute = vec![0u64; p as usize];
            for h in 1..(1u64 << n) {
                brute[(weight(h) % p) as usize] += 1;
            }
            assert_eq!(o.work, brute, "work T_{n} on R_{p}");
            assert_eq!(o.work, theory::tree_work(n, p), "Theorem 2.1 T_{n} R_{p}");
            assert_eq!(o.nodes, (1u64 << n) - 1);
            let tr = o.trace.as_ref().expect("small instance is recorded");
            for r in &tr.nodes {
                let NodeId::Tree(h) = r.node else { panic!() };
                assert_eq!(r.pe, weight(h) % p, "Lemma 1.1(a) node {h}");
                assert_eq!(r.step, theory::tree_tau(h, p), "ν+π node {h} T_{n} R_{p}");
            }
            // Uninterrupted blocks starting at step i (Theorem 2.2's proof).
            assert_eq!(o.gap_steps, 0);
            for i in 0..p.min(n) {
                assert_eq!(o.first_step[i as usize], Some(u64::from(i)));
            }
        }
    }
}

#[test]
fn tree_nu_matches_brute_force_count() {
    for p in 1..=7u32 {
        let n = 11;
        for h in 1..(1u64 << n) {
            let pe = weight(h) % p;
            // BF order on heap numbers is numeric order.
            let nu = (1..h).filter(|&y| weight(y) % p == pe).count() as u64;
            assert_eq!(theory::tree_nu(h, p), nu, "node {h} p {p}");
        }
    }
}

#[test]
fn grid_work_assignment_and_steps_match_the_paper_for_p_n_up_to_16() {
    for p in 1..=16u32 {
        for n in 1..=16u32 {
            let v = params(Shape::Grid, n, p).validate().unwrap();
            let o = simulate(&v);
            let mut brute = vec![0u64; p as usize];
            for k in 0..n {
                brute[(k % p) as usize] += u64::from(n - k);
            }
            assert_eq!(o.work, brute, "work G_{n} on R_{p}");
            assert_eq!(o.work, theory::grid_work(n, p), "(3.1) G_{n} R_{p}");
            assert_eq!(o.nodes, u64::from(n * (n + 1) / 2));
            let tr = o.trace.as_ref().expect("recorded");
            // Brute-force ν: same-PE nodes earlier in BF order (level, then k).
            for r in &tr.nodes {
                let NodeId::Grid { k, l } = r.node else {
                    panic!()
                };
                assert_eq!(r.pe, k % p, "Lemma 1.1(b)");
                let nu = tr
                    .nodes
                    .iter()
                    .filter_map(|q| match q.node {
                        NodeId::Grid { k: a, l: b } => Some((a, b)),
                        _ => None,
                    })
                    .filter(|&(a, b)| a % p == k % p && (a + b, a) < (k + l, k))
                    .count() as u64;
                assert_eq!(theory::grid_nu(k, l, p), nu);
                assert_eq!(r.step, nu + u64::from(k % p), "ν+π ⟨{k},{l}⟩ G_{n} R_{p}");
            }
            assert_eq!(o.gap_steps, 0);
        }
    }
}

#[test]
fn makespans_never_exceed_the_bounds() {
    for p in 1..=16u32 {
        for n in 1..=18u32 {
            let v = params(Shape::Tree, n, p).validate().unwrap();
            let o = simulate(&v);
            let th = theory(&v);
            assert!(
                o.makespan as f64 <= th.bounds.thm11.unwrap() + 1e-9,
                "1.1(a) n {n} p {p}"
            );
            assert!(o.makespan <= th.bounds.thm22.unwrap(), "2.2 n {n} p {p}");
            assert_eq!(Some(o.makespan), th.exact_makespan);
        }
        for n in 1..=60u32 {
            let v = params(Shape::Grid, n, p).validate().unwrap();
            let o = simulate(&v);
            let th = theory(&v);
            assert!(
                o.makespan as f64 <= th.bounds.thm11.unwrap() + 1e-9,
                "1.1(b) n {n} p {p}"
            );
            assert!(o.makespan <= th.bounds.thm32.unwrap(), "3.2 n {n} p {p}");
            assert_eq!(Some(o.makespan), th.exact_makespan);
        }
    }
}

/// Table 1 exactly as printed (PE → level → heap numbers).
fn table1_printed() -> Vec<(u32, u32, Vec<u64>)> {
    vec![
        (0, 0, vec![1]),
        (0, 1, vec![2]),
        (0, 2, vec![4]),
        (0, 3, vec![8]),
        (0, 4, vec![16, 31]),
        (0, 5, vec![32, 47, 55, 59, 61, 62]),
        (1, 1, vec![3]),
        (1, 2, vec![5, 6]),
        (1, 3, vec![9, 10, 12]),
        (1, 4, vec![17, 18, 20, 24]),
        (1, 5, vec![33, 34, 36, 40, 48, 63]),
        (2, 2, vec![7]),
        (2, 3, vec![11, 13, 14]),
        (2, 4, vec![19, 21, 22, 25, 26, 28]),
        (2, 5, vec![35, 37, 39, 41, 42, 44, 49, 50, 52, 56]),
        (3, 3, vec![15]),
        (3, 4, vec![23, 27, 29, 30]),
        (3, 5, vec![39, 43, 45, 46, 51, 53, 54, 57, 58, 60]),
    ]
}

#[test]
fn table1_reproduced_up_to_its_two_misprints() {
    // Caption says T_5 on R_4, but the table has levels 0..=5, i.e. T_6 (63 nodes).
    let t5 = simulate(&params(Shape::Tree, 5, 4).validate().unwrap());
    assert!(t5.trace.unwrap().nodes.iter().all(|r| r.level <= 4));
    let o = simulate(&params(Shape::Tree, 6, 4).validate().unwrap());
    let mut sim: BTreeMap<(u32, u32), Vec<u64>> = BTreeMap::new();
    for r in o.trace.unwrap().nodes {
        let NodeId::Tree(h) = r.node else { panic!() };
        sim.entry((r.pe, r.level)).or_default().push(h);
    }
    let mut mismatches = Vec::new();
    for (pe, level, printed) in table1_printed() {
        let mut got = sim.remove(&(pe, level)).expect("cell exists");
        got.sort();
        if got != printed {
            mismatches.push((pe, level, printed, got));
        }
    }
    assert!(sim.is_empty(), "no extra cells");
    // Exactly one cell differs: P_2, level 5 prints 39 where 38 (= 100110, weight 2) belongs;
    // 39 = 100111 has weight 3 and is (correctly) also listed under P_3.
    assert_eq!(mismatches.len(), 1, "{mismatches:?}");
    let (pe, level, printed, got) = &mismatches[0];
    assert_eq!((*pe, *level), (2, 5));
    let diff_printed: Vec<_> = printed.iter().filter(|x| !got.contains(x)).collect();
    let diff_got: Vec<_> = got.iter().filter(|x| !printed.contains(x)).collect();
    assert_eq!(diff_printed, vec![&39]);
    assert_eq!(diff_got, vec![&38]);
}

#[test]
fn printed_formula_2_1_and_2_6_overcount_the_last_pe_by_one() {
    for p in 1..=12u32 {
        for n in 1..=20u32 {
            let exact = theory::tree_work(n, p);
            let printed = theory::tree_work_printed(n, p);
            let dft = theory::tree_work_dft_printed(n, p);
            for i in 0..p as usize {
                let extra = u64::from(i == p as usize - 1);
                assert_eq!(printed[i], exact[i] + extra, "(2.1) i {i} p {p} n {n}");
                assert!((dft[i] - printed[i] as f64).abs() < 1e-6 * 2f64.powi(n as i32));
            }
            assert_eq!(exact.iter().sum::<u64>(), (1u64 << n) - 1);
            assert_eq!(printed.iter().sum::<u64>(), 1u64 << n);
        }
    }
}

#[test]
fn bound_2_2_fails_for_p_2_and_p_3_but_theorem_1_1a_survives() {
    assert_eq!(theory::alpha(2), 0.0);
    for n in 1..=20u32 {
        let w = theory::tree_work(n, 2);
        let ideal = ((1u64 << n) - 1) as f64 / 2.0;
        for wi in &w {
            // |W_i − (2^n − 1)/2| = 1/2 > α_2^n = 0.
            assert_eq!((*wi as f64 - ideal).abs(), 0.5);
        }
    }
    // For p ≥ 3 the printed (2.2) |W_i − (2^n − 1)/p| ≤ α_p^n also fails, always at
    // i = p − 1 (the PE whose share (2.6) overstates by one); the corrected DFT estimate
    // ((p − 1)/p)(α_p^n + 1) holds everywhere.
    let mut failures = Vec::new();
    for p in 3..=16u32 {
        let a = theory::alpha(p);
        assert!((a - 2.0 * (std::f64::consts::PI / f64::from(p)).cos()).abs() < 1e-12);
        let pf = f64::from(p);
        for n in 1..=24u32 {
            let ideal = ((1u64 << n) - 1) as f64 / pf;
            for (i, wi) in theory::tree_work(n, p).into_iter().enumerate() {
                let dev = (wi as f64 - ideal).abs();
                assert!(dev <= (pf - 1.0) / pf * (a.powi(n as i32) + 1.0) + 1e-9);
                if dev > a.powi(n as i32) + 1e-9 {
                    assert_eq!(i, p as usize - 1);
                    failures.push((p, n));
                }
            }
        }
    }
    assert_eq!(failures, vec![(3, 3), (3, 9), (3, 15), (3, 21)]);
}

#[test]
fn grid_facts_hold_only_for_p_up_to_n() {
    for p in 1..=64u32 {
        for n in 1..=200u32 {
            let w = theory::grid_work(n, p);
            let ideal = f64::from(n * (n + 1) / 2) / f64::from(p);
            let nf = f64::from(n);
            // (3.2), (3.4), (3.5) hold.
            for wi in &w {
                assert!((*wi as f64 - ideal).abs() <= 1.5 * nf + 2.0);
            }
            assert!(w[0] as f64 - ideal <= (1.5 - 0.5 / f64::from(p)) * nf + 1e-9);
            let last = w[p as usize - 1] as f64;
            assert!(
                ideal - last <= (1.5 - 1.0 / f64::from(p)) * nf + 0.5 + 1.5 / f64::from(p) + 1e-9
            );
            // Fact 3.2 (W_{i−1} ≥ W_i + 1) holds exactly for i ≤ n; beyond, W_i = 0.
            for i in 1..p as usize {
                let holds = w[i - 1] > w[i];
                assert_eq!(holds, i <= n as usize, "Fact 3.2 p {p} n {n} i {i}");
            }
            // Theorem 3.2's "max over all i of W_i + i ≤ W_0" fails once p − 1 > n.
            let max_all = w
                .iter()
                .enumerate()
                .map(|(i, x)| x + i as u64)
                .max()
                .unwrap();
            assert_eq!(max_all <= w[0], p <= n + 1, "3.2 p {p} n {n}");
        }
    }
}

#[test]
fn heap_engine_agrees_with_fifo_engine() {
    for shape in [
        Shape::Tree,
        Shape::Grid,
        Shape::RandomTree,
        Shape::RandomGrid,
        Shape::SparseTree,
        Shape::TwoRowGrid,
    ] {
        for p in [1u32, 2, 3, 5, 8] {
            for balance in [Balance::Ks, Balance::None] {
                let v = KsbfParams {
                    shape,
                    n: 9,
                    p,
                    balance,
                    seed: 7,
                    spawn_prob: 0.7,
                    ..Default::default()
                }
                .validate()
                .unwrap();
                let a = simulate(&v);
                let b = simulate_heap_engine(&v);
                assert_eq!(
                    a.trace.as_ref().unwrap().nodes,
                    b.trace.as_ref().unwrap().nodes,
                    "{shape:?} p {p}"
                );
                assert_eq!(a.work, b.work);
                assert_eq!(a.makespan, b.makespan);
            }
        }
    }
}

#[test]
fn adversarial_families_starve_the_ring() {
    // Sparse tree: only PEs 0..=⌊log p⌋ work.
    let v = params(Shape::SparseTree, 20, 16).validate().unwrap();
    let o = simulate(&v);
    assert_eq!(Some(o.nodes), theory(&v).nodes);
    assert!(o.work[..5].iter().all(|&w| w > 0));
    assert!(o.work[5..].iter().all(|&w| w == 0));
    // Two-row grid: rows p and p+1 on PEs 0 and 1.
    let v = params(Shape::TwoRowGrid, 1000, 8).validate().unwrap();
    let o = simulate(&v);
    assert_eq!(o.nodes, 2 * 8 + 2 * 1000 + 1);
    assert!(o.work[0] > 1000 && o.work[1] >= 1000);
    assert!(o.efficiency() < 0.3);
}

#[test]
fn bad_input_is_refused_with_field_names() {
    assert_eq!(params(Shape::Tree, 5, 0).validate().unwrap_err().field, "p");
    assert_eq!(params(Shape::Tree, 0, 4).validate().unwrap_err().field, "n");
    let mut q = params(Shape::RandomTree, 5, 4);
    q.spawn_prob = 1.5;
    assert_eq!(q.validate().unwrap_err().field, "spawn_prob");
    q.spawn_prob = f64::NAN;
    assert_eq!(q.validate().unwrap_err().field, "spawn_prob");
    let e = params(Shape::Tree, 40, 4).validate().unwrap_err();
    assert_eq!(e.field, "n");
    assert!(e.message.contains("268435456"), "{}", e.message);
    let e = params(Shape::Grid, 30_000, 4).validate().unwrap_err();
    assert!(
        e.message.contains("450015000") && e.message.contains("268435456"),
        "{}",
        e.message
    );
    assert!(params(Shape::Grid, 20_000, 32).validate().is_ok());
    assert!(params(Shape::Tree, 26, 16).validate().is_ok());
}

#[test]
fn sweeps_run_and_cancel() {
    let base = params(Shape::Grid, 50, 4).validate().unwrap();
    let pts = sweep(&n_points(&base, &[10, 20, 40]).unwrap(), &NoProgress).unwrap();
    assert_eq!(
        pts.iter().map(|p| p.nodes).collect::<Vec<_>>(),
        vec![55, 210, 820]
    );
    let pts = sweep(&p_points(&base, &[1, 2, 64]).unwrap(), &NoProgress).unwrap();
    assert_eq!(pts[0].makespan, 1275);
    assert!(pts.iter().all(|p| p.makespan <= p.bounds.thm32.unwrap()));
    assert_eq!(p_points(&base, &[0]).unwrap_err().field, "p");
    let flag = std::sync::atomic::AtomicBool::new(true);
    let pp = p_points(&base, &[1, 2]).unwrap();
    assert!(sweep(&pp, &loadlab::model::FlagProgress(&flag)).is_err());
    let rb = KsbfParams {
        shape: Shape::RandomTree,
        n: 14,
        p: 8,
        spawn_prob: 0.8,
        ..Default::default()
    }
    .validate()
    .unwrap();
    let seeds = sweep_seeds(&seed_points(&rb, 20), &NoProgress).unwrap();
    assert_eq!(seeds.len(), 20);
    assert!(
        seeds
            .iter()
            .all(|s| s.efficiency > 0.0 && s.efficiency <= 1.0)
    );
    let s = summarize(&seeds).unwrap();
    assert!(s.min <= s.median && s.median <= s.max && s.min <= s.mean && s.mean <= s.max);
    // Different seeds grow different trees.
    assert!(seeds.iter().any(|x| x.nodes != seeds[0].nodes));
}

fn check_random(
    shape: Shape,
    n: u32,
    p: u32,
    q: f64,
    seed: u64,
    balance: Balance,
    schedule: Schedule,
) {
    let v = KsbfParams {
        shape,
        n,
        p,
        spawn_prob: q,
        seed,
        balance,
        schedule,
    }
    .validate()
    .unwrap();
    let o = simulate(&v);
    let tr = o.trace.expect("small");
    let mut step: HashMap<NodeId, (u64, u32)> = HashMap::new();
    for r in &tr.nodes {
        assert!(
            step.insert(r.node, (r.step, r.pe)).is_none(),
            "{:?} twice",
            r.node
        );
    }
    assert_eq!(step.len() as u64, o.nodes);
    for r in &tr.nodes {
        match r.node {
            NodeId::Tree(h) => {
                if h > 1 {
                    let (ps, _) = step[&NodeId::Tree(h / 2)];
                    assert!(ps < r.step);
                    // Full: the sibling exists too.
                    assert!(step.contains_key(&NodeId::Tree(h ^ 1)));
                }
                if balance == Balance::Ks {
                    assert_eq!(r.pe, weight(h) % p);
                }
            }
            NodeId::Grid { k, l } => {
                let parents = [
                    (k >= 1).then(|| NodeId::Grid { k: k - 1, l }),
                    (l >= 1).then(|| NodeId::Grid { k, l: l - 1 }),
                ];
                let present: Vec<_> = parents
                    .iter()
                    .flatten()
                    .filter_map(|x| step.get(x))
                    .collect();
                assert!(k + l == 0 || !present.is_empty(), "prefix-closed");
                for (ps, _) in present {
                    assert!(*ps < r.step, "after parents");
                }
                if balance == Balance::Ks {
                    assert_eq!(r.pe, k % p);
                }
            }
        }
    }
}

proptest! {
    #[test]
    fn random_trees_execute_once_after_parents_on_lemma_pe(n in 1u32..13, p in 1u32..10, q in 0.0f64..=1.0, seed in any::<u64>(), df in any::<bool>()) {
        let schedule = if df { Schedule::Df } else { Schedule::Bf };
        check_random(Shape::RandomTree, n, p, q, seed, Balance::Ks, schedule);
        check_random(Shape::RandomTree, n, p, q, seed, Balance::Random, schedule);
    }

    #[test]
    fn random_grids_execute_once_after_parents_on_lemma_pe(n in 1u32..14, p in 1u32..10, q in 0.0f64..=1.0, seed in any::<u64>(), df in any::<bool>()) {
        let schedule = if df { Schedule::Df } else { Schedule::Bf };
        check_random(Shape::RandomGrid, n, p, q, seed, Balance::Ks, schedule);
        check_random(Shape::RandomGrid, n, p, q, seed, Balance::Random, schedule);
    }
}

#[test]
fn sparse_tree_sizes_printed_vs_full() {
    // w = 2 (p = 4): printed set ~ h^3/6, the full version ~ h^2 (the paper's Θ(h^{log p})).
    let h = 400u32;
    let printed = count::sparse_tree_nodes_printed(h, 2) as f64;
    let full = count::sparse_tree_nodes(h, 2) as f64;
    let hf = f64::from(h);
    assert!((printed / (hf * hf * hf / 6.0) - 1.0).abs() < 0.01);
    assert!((full / (hf * hf) - 1.0).abs() < 0.01);
    // The simulated node count matches the closed form.
    for p in [1u32, 2, 3, 4, 8, 16] {
        for n in 1..=14 {
            let v = params(Shape::SparseTree, n, p).validate().unwrap();
            assert_eq!(
                simulate(&v).nodes,
                count::sparse_tree_nodes(n, loadlab::model::ksbf::sparse_weight(p))
            );
        }
    }
}

#[test]
fn two_row_grid_as_printed_gives_p0_p1_about_two_thirds() {
    // {i, j} × {0..m−1} ∪ {0..m−1} × {0} with i = p, j = p + 1, counted by Lemma 1.1(b).
    let (p, m) = (16u32, 3000u32);
    let mut nodes = std::collections::HashSet::new();
    for l in 0..m {
        nodes.insert((p, l));
        nodes.insert((p + 1, l));
    }
    for k in 0..m {
        nodes.insert((k, 0));
    }
    assert_eq!(nodes.len() as u32, 3 * m - 2);
    let on01 = nodes.iter().filter(|(k, _)| k % p <= 1).count() as f64;
    let share = on01 / nodes.len() as f64;
    assert!(
        (share - (2.0 / 3.0 + 2.0 / (3.0 * f64::from(p)))).abs() < 0.01,
        "{share}"
    );
    // Not full: ⟨2, 0⟩ has its right child ⟨3, 0⟩ but not its left child ⟨2, 1⟩.
    assert!(nodes.contains(&(3, 0)) && !nodes.contains(&(2, 1)));
}

/// Scale targets: T_26 (67 M nodes) and G_20000 (200 M nodes) with aggregate counters only.
/// Slow without optimisations: run with `cargo test --release --test ksbf_model -- --ignored`.
#[test]
#[ignore = "scale run: ~10 s in release"]
fn scale_targets_run() {
    use loadlab::model::ksbf::simulate_aggregate;
    let v = params(Shape::Tree, 26, 16).validate().unwrap();
    let o = simulate_aggregate(&v);
    assert_eq!(o.nodes, (1 << 26) - 1);
    assert_eq!(Some(o.makespan), theory(&v).exact_makespan);
    let v = params(Shape::Grid, 20_000, 32).validate().unwrap();
    let o = simulate_aggregate(&v);
    assert_eq!(o.nodes, 20_000 * 20_001 / 2);
    assert_eq!(Some(o.makespan), theory(&v).exact_makespan);
}

#[test]
fn random_shapes_with_q_one_are_the_complete_shapes() {
    for p in [1u32, 3, 4, 7] {
        for (rnd, full) in [
            (Shape::RandomTree, Shape::Tree),
            (Shape::RandomGrid, Shape::Grid),
        ] {
            let mut r = params(rnd, 9, p);
            r.spawn_prob = 1.0;
            let a = simulate(&r.validate().unwrap());
            let b = simulate(&params(full, 9, p).validate().unwrap());
            assert_eq!(
                a.trace.unwrap().nodes,
                b.trace.unwrap().nodes,
                "{rnd:?} p {p}"
            );
            r.spawn_prob = 0.0;
            assert_eq!(simulate(&r.validate().unwrap()).nodes, 1);
        }
    }
}
