//! Why each step happens, with the instance's numbers: the pseudo-code lines a step executes
//! (labels of [`super::pseudocode`]) and a sentence, computed from the models' traces. The
//! redistribution rounds are explained in [`super::redistribute::trace`].

use super::divisible::params::Method;
use super::divisible::simulate::{Activity, Interval, Timeline};
use super::geodecay::params::Policy;
use super::geodecay::simulate::GeoOutcome;
use super::ksbf::{Balance, NodeId, Schedule as KsSchedule, StepRecord};
use super::treesweep::finegrain::{FineGrain, Rule, TraceStep};
use super::words::{count, noun, verb};

/// One explained step: the lines it executes, as (algorithm id, step label), and why.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Explained {
    /// Active lines.
    pub active: Vec<(&'static str, &'static str)>,
    /// The sentence.
    pub why: String,
}

/// A time or load printed with at most 4 decimals, beyond [10^−3, 10^6) as a read-out writes
/// it (4 significant digits: "1.845 × 10^19" as the caption above writes it, not "1.845e19").
fn num(x: f64) -> String {
    if x == x.round() && x.abs() < 1e12 {
        format!("{}", x as i64)
    } else if (1e-3..1e6).contains(&x.abs()) {
        let s = format!("{x:.4}");
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        crate::model::format::number(x, crate::model::format::Precision::Readout)
    }
}

/// Node `k` (0-based position) of processor 0 in Fine-Grain's trace.
pub fn fine_grain(steps: &[TraceStep], k: usize, fg: &FineGrain) -> Option<Explained> {
    let s = steps.get(k)?;
    let t_star = |h: u32| fg.t_star.get(h.checked_sub(1)? as usize).copied();
    let tau = fg.tau;
    let prev = k.checked_sub(1).and_then(|j| steps.get(j));
    let (active, why) = match s.rule {
        Rule::Base => (
            vec!["1", "1.1"],
            "Step 1.1: v_1 is the leftmost leaf of T_n and starts at AET 0 on PE 0".to_owned(),
        ),
        Rule::Internal => (
            vec!["1.2", "1.2(a)"],
            format!(
                "rule (a): both children of this height-{} node have AETs, so it is eligible and runs right after v_(i−1): AET = {} + 1 = {}",
                s.height,
                num(prev.map_or(s.start - 1.0, |p| p.start)),
                num(s.start)
            ),
        ),
        Rule::Boundary => {
            let h = s.picked_height.unwrap_or(s.height);
            let a = prev.map_or(0.0, |p| p.start);
            let mut why = format!(
                "rule (b): no node is eligible, so a new boundary node is chosen; inequality (4) with ℓ = {h}: AET(v_(i−1)) = {}",
                num(a)
            );
            if let Some(t) = t_star(h) {
                why.push_str(&format!(
                    " ≤ T*({h}) + τ − 2 = {} + {} − 2 = {}",
                    num(t),
                    num(tau),
                    num(t + tau - 2.0)
                ));
            }
            if let Some(t) = h.checked_sub(1).and_then(t_star) {
                if a > t + tau - 2.0 {
                    why.push_str(&format!(
                        ", while ℓ = {} fails ({} > {})",
                        h - 1,
                        num(a),
                        num(t + tau - 2.0)
                    ));
                } else {
                    why.push_str(&format!(
                        " (ℓ = {} would pass but lies below the last boundary node's height)",
                        h - 1
                    ));
                }
                why.push_str(&format!(
                    "; it starts at max(AET(v_(i−1)) + 1, T*({}) + τ) = max({}, {}) = {}",
                    h - 1,
                    num(a + 1.0),
                    num(t + tau),
                    num(s.start)
                ));
            } else {
                why.push_str(&format!(
                    "; a leaf starts at AET(v_(i−1)) + 1 = {}",
                    num(s.start)
                ));
            }
            (vec!["1.2", "1.2(b)", "(4)", "1.2(b)(ii)"], why)
        }
    };
    let mut active: Vec<(&'static str, &'static str)> =
        active.into_iter().map(|l| ("fine-grain", l)).collect();
    if s.external_children > 0 {
        active.push(("fine-grain", "2"));
    }
    Some(Explained { active, why })
}

/// The P.Y node run `k`-th on PE 0, `of` nodes in its top cluster S.
pub fn py(k: usize, of: usize, tau: f64) -> Explained {
    let s = (tau + 1.0).floor();
    Explained {
        active: vec![("py", "1"), ("py", "2"), ("py", "3")],
        why: format!(
            "P.Y: S holds the ⌊τ + 1⌋ = {} {} closest to the root ({of} here), all on PE 0; this is node {} of them, run once both children are done (on PE 0 when in S, else by the recursive copies below S on other PEs, delivered τ later)",
            num(s),
            noun(u8::from(s == 1.0), "node"),
            k + 1
        ),
    }
}

/// Time step `k` of a KS-BF run on `p` PEs.
pub fn ksbf(st: &StepRecord, k: usize, p: u32, balance: Balance, sched: KsSchedule) -> Explained {
    let (b, s) = (balance.name(), sched.name());
    let mut active = vec![(s, "1")];
    let busy = st.ran.iter().filter(|x| x.is_some()).count();
    let mut why = format!(
        "step {k}: {busy} of {} {} the first task of {} queue in {} order",
        count(p, "PE"),
        verb(busy, "runs", "run"),
        verb(busy, "its", "their"),
        match sched {
            KsSchedule::Bf => "breadth-first",
            KsSchedule::Df => "depth-first",
        }
    );
    if busy < p as usize {
        active.push((s, "idle"));
    }
    let right = st.sends.first();
    if let Some(x) = right {
        active.push((b, "2b"));
        let dir = if x.to == (x.from + 1) % p {
            format!("P_{} = P_(k+1)", x.to)
        } else {
            format!("P_{} = P_(k−1)", x.to)
        };
        let weight = match x.node {
            NodeId::Tree(h) => {
                let w = h.count_ones() - 1;
                format!(
                    " (Lemma 1.1: Wgt = {w} right turn{}, {w} mod {p} = {})",
                    if w == 1 { "" } else { "s" },
                    w % p
                )
            }
            NodeId::Grid { k, .. } => {
                format!(" (Lemma 1.1: ⟨k, ℓ⟩ runs on P_(k mod p) = P_{})", k % p)
            }
        };
        let who = match balance {
            Balance::Random => "the coin sends",
            _ => "KS sends",
        };
        why.push_str(&format!(
            "; {} is a right child of P_{}'s task: {who} it to {dir}{}",
            x.node.written(),
            x.from,
            if balance == Balance::Ks {
                weight
            } else {
                String::new()
            }
        ));
        if balance == Balance::Ks {
            active.push((b, "L1.1"));
        }
        if st.sends.len() > 1 {
            why.push_str(&format!("; {} right children move in all", st.sends.len()));
        }
        active.push((b, "2a"));
    } else if balance == Balance::None && busy > 0 {
        active.push((b, "2"));
        why.push_str("; without balancing both children stay on their PE");
    } else {
        why.push_str("; no task spawns two children in this step");
    }
    Explained { active, why }
}

/// The line of method `m`'s pseudo-code that an interval of its timeline carries out (`last`:
/// seen in the last slot, where everyone computes).
fn interval_line(m: Method, iv: &Interval, last: bool) -> &'static str {
    match (m, iv.activity) {
        (Method::C, Activity::Send) => "2",
        (Method::C, Activity::Receive) => "4",
        (Method::C, Activity::Compute) => "3",
        (_, Activity::Send) if iv.level == 0 => "τ_k",
        (_, Activity::Send) => "fwd",
        (Method::P, Activity::Receive) if iv.dest == iv.level => "keep",
        (_, Activity::Receive) => "fwd",
        (_, Activity::Compute) if last => "τ_{h+1}",
        (Method::P, Activity::Compute) => "τ_k",
        (_, Activity::Compute) => "keep",
    }
}

/// The pseudo-code line (of [`Timeline::method`]) behind one whole interval of the timeline,
/// e.g. a Gantt bar: the last slot's line for a computation that starts in it.
pub fn divisible_line(t: &Timeline, iv: &Interval) -> &'static str {
    let n = t.steps.len();
    let last_start = if n >= 2 { t.steps[n - 2] } else { 0.0 };
    let eps = 1e-12 * t.finish.max(1.0);
    interval_line(t.method, iv, n >= 1 && iv.start >= last_start - eps)
}

/// The slot ending at step `step` (≥ 1) of a divisible-load timeline; step 0 is the start.
pub fn divisible(t: &Timeline, step: usize) -> Explained {
    let id = t.method.name();
    if step == 0 {
        let why = match t.method {
            Method::C => "Method C: the root holds the unit load; it keeps (1 − dα) and ships α to each subtree, with α from the equal-finish recurrence".to_owned(),
            _ => format!("{id}: the unit x = {} makes the levels' loads sum to 1; time slots τ_1 … τ_(h+1) follow", num(t.x)),
        };
        let line = if t.method == Method::C { "1" } else { "x" };
        return Explained {
            active: vec![(id, line)],
            why,
        };
    }
    let (a, b) = (t.step_time(step - 1), t.step_time(step));
    let last = step >= t.steps.len();
    let mut active: Vec<(&'static str, &'static str)> = Vec::new();
    let mut add = |l: &'static str| {
        if !active.contains(&(id, l)) {
            active.push((id, l));
        }
    };
    let mut parts = Vec::new();
    // The amounts done in the slot, as the step caption writes them (one source).
    for (iv, part) in t.slot(a, b) {
        add(interval_line(t.method, iv, last));
        if parts.len() < 3 {
            let what = match iv.activity {
                Activity::Receive => "receives",
                Activity::Send => "sends each child",
                Activity::Compute => "computes",
            };
            let s = format!("level {} {what} {}", iv.level, num(part));
            if !parts.contains(&s) {
                parts.push(s);
            }
        }
    }
    if last {
        add(if t.method == Method::C {
            "5"
        } else {
            "τ_{h+1}"
        });
    }
    let slot = if t.method == Method::C {
        if last {
            "the last interval: every level computes until the common finish".to_owned()
        } else {
            format!("until level {step} holds its whole fraction (store and forward)")
        }
    } else if last {
        format!("slot τ_{}: every processor computes x = {}", step, num(t.x))
    } else {
        format!("slot τ_{step}")
    };
    Explained {
        active,
        why: format!(
            "{id}, [{}, {}) — {slot}: {}",
            num(a),
            num(b),
            if parts.is_empty() {
                "nothing moves".to_owned()
            } else {
                parts.join("; ")
            }
        ),
    }
}

/// Round record `k` of a geometric-decaying run; `ell` = ℓ, `every` = k of every-k.
pub fn geodecay(o: &GeoOutcome, k: usize, ell: f64, every: u64) -> Option<Explained> {
    let r = o.trace.get(k)?;
    let (id, mut active) = match o.policy {
        Policy::Never => ("never", vec![]),
        Policy::Standard => ("standard", vec![]),
        Policy::Improved => ("improved", vec![]),
        Policy::Every => ("every-k", vec![]),
        Policy::Optimal => ("optimal", vec![]),
    };
    let bal = if r.balanced_before {
        format!("balanced before round {} (cost ℓ = {})", r.round, num(ell))
    } else {
        format!("no balancing before round {}", r.round)
    };
    let why = match o.policy {
        Policy::Never => {
            active.push(if r.round == 0 { "0" } else { "run" });
            format!(
                "never balancing: {bal}; the round costs the largest count, {}",
                count(r.max, "task")
            )
        }
        Policy::Standard => {
            active.push(if r.balanced_before { "bal" } else { "stop" });
            format!(
                "standard policy: {bal}; {} {}, round cost {} (max per processor)",
                count(r.tasks, "task"),
                verb(r.tasks, "remains", "remain"),
                r.max
            )
        }
        Policy::Every => {
            if r.balanced_before {
                active.push("bal");
            }
            format!("every-k policy (k = {every}): {bal}; round cost {}", r.max)
        }
        Policy::Optimal => {
            if r.balanced_before {
                active.push("bal");
            }
            format!(
                "optimal schedule (dynamic programme over the rounds): {bal}; round cost {}",
                r.max
            )
        }
        Policy::Improved => match r.phase {
            None => {
                active.push("init");
                format!(
                    "improved policy, initialisation phase: {bal}, since a processor may still hold ≥ ℓ = {} tasks (max {})",
                    num(ell),
                    r.max
                )
            }
            Some(i) => {
                let ph = o.phases.iter().find(|p| p.index == i);
                let x = ph.map_or(0.0, |p| p.x);
                let t = ph.and_then(|p| p.rounds);
                match t {
                    Some(t) => {
                        if r.balanced_before {
                            active.extend(["phase", "(6)"]);
                        } else {
                            active.push("(7)");
                        }
                        format!(
                            "improved policy, phase {i}: x_{i} = {}, t_{i} = ⌈ℓ/x_{i}⌉ = ⌈{}/{}⌉ = {} without balancing; {bal}; round cost {}",
                            num(x),
                            num(ell),
                            num(x),
                            count(t, "round"),
                            r.max
                        )
                    }
                    None => {
                        active.push("final");
                        format!(
                            "improved policy, final phase {i}: x_{i} = {} ≤ 1, so no further balancing; round cost {}",
                            num(x),
                            r.max
                        )
                    }
                }
            }
        },
    };
    active.push("run");
    Some(Explained {
        active: active.into_iter().map(|l| (id, l)).collect(),
        why,
    })
}

/// The algorithm id a geometric-decaying policy reports.
pub fn geodecay_id(p: Policy) -> &'static str {
    match p {
        Policy::Never => "never",
        Policy::Standard => "standard",
        Policy::Improved => "improved",
        Policy::Every => "every-k",
        Policy::Optimal => "optimal",
    }
}

#[cfg(test)]
mod tests {
    use super::super::pseudocode::find;
    use super::*;
    use crate::model::treesweep::finegrain::fine_grain_traced;

    /// The `li` lesson's step 4 (method P, h = 3, β = 100, step 2): the why gives the root the
    /// amount it computes within the slot, the same the step caption reads from
    /// `Timeline::slot` (it used to give the root's whole load, computed over the whole run).
    #[test]
    fn divisible_why_gives_the_slot_amounts() {
        use crate::model::divisible::{DivisibleParams, Method, simulate};
        let params = DivisibleParams {
            h: 3,
            ..DivisibleParams::default()
        };
        let t = simulate(Method::P, &params.validate().unwrap());
        let (root, part) = t
            .slot_at(2)
            .into_iter()
            .find(|(iv, _)| iv.level == 0 && iv.activity == Activity::Compute)
            .expect("the root computes throughout");
        assert!(part < 0.5 * root.amount, "{part} of {}", root.amount);
        let why = divisible(&t, 2).why;
        assert!(
            why.contains(&format!("level 0 computes {}", num(part))),
            "{why}"
        );
        assert!(
            !why.contains(&format!("computes {}", num(root.amount))),
            "{why}"
        );
    }

    #[test]
    fn improved_policy_states_x_i_and_t_i() {
        use crate::model::geodecay::{GeoParams, simulate};
        let params = GeoParams::default();
        let o = simulate(&params).unwrap();
        let mut phases = 0;
        for (k, r) in o.trace.iter().enumerate() {
            let e = geodecay(&o, k, params.ell, params.every).unwrap();
            for (id, step) in &e.active {
                assert!(find(id).unwrap().line(step).is_some(), "{id} {step}");
            }
            if let (Some(i), true) = (r.phase, r.balanced_before) {
                let ph = o.phases.iter().find(|p| p.index == i).unwrap();
                if let Some(t) = ph.rounds {
                    phases += 1;
                    assert!(e.why.contains(&format!("= {t} round")), "{}", e.why);
                    assert!(e.why.contains(&format!("x_{i} = ")), "{}", e.why);
                }
            }
        }
        assert!(phases >= 1);
    }

    #[test]
    fn divisible_slots_cite_lines_of_their_method() {
        use crate::model::divisible::{AlgorithmChoice, DivisibleParams, evaluate};
        let params = DivisibleParams {
            h: 3,
            algorithm: AlgorithmChoice::All,
            ..DivisibleParams::default()
        };
        for r in evaluate(&params).unwrap().results {
            let t = &r.timeline;
            for step in 0..=t.steps.len() {
                let e = divisible(t, step);
                assert!(!e.active.is_empty(), "{:?} {step}", t.method);
                for (id, l) in &e.active {
                    assert_eq!(*id, t.method.name());
                    assert!(find(id).unwrap().line(l).is_some(), "{id} {l}");
                }
            }
        }
    }

    #[test]
    fn ks_names_the_right_child_and_its_pe() {
        use crate::model::ksbf::{KsbfParams, simulate};
        let params = KsbfParams::default();
        let valid = params.validate().unwrap();
        let out = simulate(&valid);
        let trace = out.trace.as_ref().unwrap();
        // Step 0: P_0 runs the root 1; its right child 3 goes clockwise to P_1 (Wgt(3) = 1).
        let e = ksbf(
            &trace.steps[0],
            0,
            params.p,
            params.balance,
            params.schedule,
        );
        assert!(e.why.contains("node 3 is a right child"), "{}", e.why);
        assert!(e.why.contains("P_1 = P_(k+1)"), "{}", e.why);
        for (id, step) in &e.active {
            assert!(find(id).unwrap().line(step).is_some(), "{id} {step}");
        }
    }

    #[test]
    fn fine_grain_steps_cite_existing_lines_and_inequality_4() {
        let (fg, trace) = fine_grain_traced(5, 4.0, 1000);
        let mut saw_b = false;
        for k in 0..trace.steps.len() {
            let e = fine_grain(&trace.steps, k, &fg).unwrap();
            for (id, step) in &e.active {
                assert!(find(id).unwrap().line(step).is_some(), "{id} {step}");
            }
            if trace.steps[k].rule == Rule::Boundary {
                saw_b = true;
                assert!(e.why.contains("inequality (4)"), "{}", e.why);
            }
        }
        assert!(saw_b);
    }
}
