//! Generated quizzes: questions on small random instances, deterministic per seed, every
//! answer computed by the model through the question's check (the same mechanism as the
//! lessons' questions).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use super::{Answer, Check, Kind, Question};
use crate::model::NoProgress;
use crate::model::format::{Precision, number};
use crate::model::registry::{ModelId, Scenario};
use crate::report::keys::{
    divisible as d, geodecay as g, ksbf as k, redistribute as r, treesweep as t,
};

/// A generated question with its computed answer.
#[derive(Debug, Clone, PartialEq)]
pub struct QuizQuestion {
    /// The model asked about.
    pub model: ModelId,
    /// The question (its check computes the answer).
    pub question: Question,
    /// The answer the check computed.
    pub answer: Answer,
    /// What gives the answer away on the check's run (hidden while the question is open and
    /// its instance is in front).
    pub giveaway: crate::report::Giveaway,
}

impl QuizQuestion {
    /// The contract's object: the lesson question object plus `"model"`.
    pub fn json(&self) -> Value {
        let mut v = self.question.json(Some(&self.answer));
        if let Value::Object(m) = &mut v {
            m.insert("model".into(), Value::String(self.model.name().into()));
        }
        v
    }

    /// The instance the question is about (what "show me" loads).
    pub fn scenario(&self) -> Result<Scenario, String> {
        self.question.check.scenario()
    }
}

/// `count` questions on `model`, the same for the same seed.
pub fn quiz(model: ModelId, seed: u64, count: usize) -> Result<Vec<QuizQuestion>, String> {
    quiz_with(model, seed, count, &|q| q.asked_with(&NoProgress))
}

/// [`quiz`], each question's answer found by `ask` (the gradebook's memo of checks already
/// run: many students' quizzes share questions).
pub fn quiz_with(
    model: ModelId,
    seed: u64,
    count: usize,
    ask: &dyn Fn(&Question) -> Result<super::Asked, String>,
) -> Result<Vec<QuizQuestion>, String> {
    // One stream per model, so quizzes on different models with one seed differ.
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ ((model.index() as u64 + 1) << 56));
    // The templates take turns from a seeded start, so a quiz mixes them.
    let start = rng.random_range(0..TEMPLATES);
    (0..count)
        .map(|i| {
            let t = (start + i) % TEMPLATES;
            let draft = match model {
                ModelId::Divisible => divisible(&mut rng, t),
                ModelId::Geodecay => geodecay(&mut rng, t),
                ModelId::TreeSweep => treesweep(&mut rng, t),
                ModelId::Ksbf => ksbf(&mut rng, t)?,
                ModelId::Redistribute => redistribute(&mut rng, t),
            };
            draft.finish(model, ask)
        })
        .collect()
}

/// Question templates per model.
const TEMPLATES: usize = 3;

/// A question before its answer is known.
struct Draft {
    prompt: String,
    kind: Kind,
    choices: Vec<String>,
    /// Tolerance as a fraction of the answer (0 for exact answers).
    relative: f64,
    /// Explanation, with `{answer}` replaced by the computed answer.
    explanation: String,
    command: Vec<String>,
    field: String,
}

impl Draft {
    fn finish(
        self,
        model: ModelId,
        ask: &dyn Fn(&Question) -> Result<super::Asked, String>,
    ) -> Result<QuizQuestion, String> {
        let mut question = Question {
            prompt: self.prompt,
            kind: self.kind,
            choices: self.choices,
            tolerance: 0.0,
            explanation: String::new(),
            check: Check {
                command: self.command,
                field: self.field,
            },
        };
        let super::Asked { answer, giveaway } = ask(&question)?;
        if let Answer::Number(x) = answer {
            // Round the tolerance to 2 significant digits so it reads well.
            let t = self.relative * x.abs();
            question.tolerance = if t > 0.0 {
                let exp = t.log10().floor() as i32 - 1;
                let digits = (t / 10f64.powi(exp)).ceil();
                // Through decimal text, so the JSON shows 0.0026 rather than 0.0026000000000000003.
                format!("{digits}e{exp}").parse().unwrap_or(t)
            } else {
                0.0
            };
        }
        question.explanation = self.explanation.replace("{answer}", &answer.text());
        Ok(QuizQuestion {
            model,
            question,
            answer,
            giveaway,
        })
    }
}

fn args(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| s.to_string()).collect()
}

fn pick<T: Copy>(rng: &mut ChaCha8Rng, from: &[T]) -> T {
    from[rng.random_range(0..from.len())]
}

fn divisible(rng: &mut ChaCha8Rng, template: usize) -> Draft {
    let h = rng.random_range(2..=16u32);
    let beta = pick(rng, &[0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 1000.0]);
    let (hs, bs) = (h.to_string(), number(beta, Precision::Lesson));
    match template {
        0 => Draft {
            prompt: format!("Binary tree of height h = {h}, β = {bs}: what is T_C/T_P (how much faster is method P than method C)?"),
            kind: Kind::Number,
            choices: vec![],
            relative: 0.01,
            explanation: "T_C/T_P = {answer}: P's pipeline keeps every level's links busy at once, which pays most for deep trees and large β (limits bβ + 1 against about (b − 1)β).".into(),
            command: args(&["divisible", "--h", &hs, "--beta", &bs]),
            field: d::RATIO_C_OVER_P.into(),
        },
        1 => {
            let (m, time) = pick(rng, &[("C", d::C_TIME), ("P", d::P_TIME), ("Q", d::Q_TIME)]);
            Draft {
                prompt: format!("Binary tree of height h = {h}, β = {bs}: what is the finishing time T_N of method {m} (one unit of load, T_cm = 1)?"),
                kind: Kind::Number,
                choices: vec![],
                relative: 0.01,
                explanation: format!("T_N = {{answer}} for method {m}: every processor finishes at the same time, and one processor alone would need β = {bs}."),
                command: args(&["divisible", "--h", &hs, "--beta", &bs, "--algorithm", m]),
                field: time.into(),
            }
        }
        _ => Draft {
            prompt: format!("Binary tree of height h = {h} ({} processors), β = {bs}: what speedup S_N = β/T_N does method C reach?", (1u64 << (h + 1)) - 1),
            kind: Kind::Number,
            choices: vec![],
            relative: 0.02,
            explanation: "S_N = {answer}: C's speedup levels off near Theorem 1's S_∞ because all load crosses the root's links first.".into(),
            command: args(&["divisible", "--h", &hs, "--beta", &bs, "--algorithm", "C"]),
            field: d::C_SPEEDUP.into(),
        },
    }
}

fn geodecay(rng: &mut ChaCha8Rng, template: usize) -> Draft {
    let a = rng.random_range(12..=30u32);
    let b = rng.random_range(2..=12u32.min(a - 4));
    let l = rng.random_range(1..=16u32);
    let (n, p, ell) = (format!("2^{a}"), format!("2^{b}"), format!("2^{l}"));
    match template {
        0 => Draft {
            prompt: format!("n = {n} tasks, p = {p} processors, α = 1, ℓ = {ell}: how many load balancings does the standard policy make?"),
            kind: Kind::Number,
            choices: vec![],
            relative: 0.0,
            explanation: "{answer}: the standard policy balances before every round until at most c·p tasks remain, about lg(n/p) times (Theorem 1).".into(),
            command: args(&["geodecay", "--n", &n, "--p", &p, "--ell", &ell, "--policy", "standard"]),
            field: g::BALANCINGS.into(),
        },
        1 => Draft {
            prompt: format!("n = {n} tasks, p = {p} processors, α = 1, ℓ = {ell}: how many load balancings does the improved policy make (initialisation phase plus phases)?"),
            kind: Kind::Number,
            choices: vec![],
            relative: 0.0,
            explanation: "{answer}: one per round while n/p·2^(−r) ≥ ℓ, then one per phase of ⌈ℓ/x_i⌉ rounds — O(lg* ℓ) phases (Theorem 2).".into(),
            command: args(&["geodecay", "--n", &n, "--p", &p, "--ell", &ell, "--policy", "improved"]),
            field: g::BALANCINGS.into(),
        },
        _ => {
            let k = rng.random_range(1..=64u32);
            let ell = format!("2^{k}");
            Draft {
                prompt: format!("What is lg* ℓ for ℓ = {ell} (apply lg until the value is at most 2)?"),
                kind: Kind::Choice,
                choices: (0..=5).map(|i| i.to_string()).collect(),
                relative: 0.0,
                explanation: "lg* ℓ = {answer}: the number of phases of the improved policy grows like lg* ℓ, almost a constant.".into(),
                command: args(&["geodecay", "--n", &n, "--p", &p, "--ell", &ell]),
                field: g::LG_STAR_ELL.into(),
            }
        }
    }
}

fn treesweep(rng: &mut ChaCha8Rng, template: usize) -> Draft {
    let n = rng.random_range(3..=12u32);
    let tau = pick(rng, &[1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 8.0, 16.0, 32.0, 100.0]);
    let (ns, ts) = (n.to_string(), number(tau, Precision::Lesson));
    let command = args(&["treesweep", "--n", &ns, "--tau", &ts]);
    match template {
        0 => Draft {
            prompt: format!("Up-sweep of T_{n} ({} nodes), τ = {ts}: what is the optimal makespan T*?", (1u64 << n) - 1),
            kind: Kind::Number,
            choices: vec![],
            relative: 0.0,
            explanation: "T* = {answer}, Fine-Grain's makespan: a top cluster on processor 0, external subtrees picked by inequality (4).".into(),
            command,
            field: t::OPTIMAL.into(),
        },
        1 => Draft {
            prompt: format!("Up-sweep of T_{n}, τ = {ts}: what makespan T_PY does Algorithm P.Y reach?"),
            kind: Kind::Number,
            choices: vec![],
            relative: 0.0,
            explanation: "T_PY = {answer}: P.Y clusters the ⌊τ + 1⌋ nodes nearest the root on one processor and recurses below.".into(),
            command,
            field: t::PY.into(),
        },
        _ => Draft {
            prompt: format!("Up-sweep of T_{n}, τ = {ts}: what is the ratio T*/T_PY?"),
            kind: Kind::Number,
            choices: vec![],
            relative: 0.01,
            explanation: "T*/T_PY = {answer}: P.Y is within a factor 2 of the optimum, and the ratio nears 1/2 only around n ≈ lg τ + 2.".into(),
            command,
            field: t::RATIO.into(),
        },
    }
}

fn ksbf(rng: &mut ChaCha8Rng, template: usize) -> Result<Draft, String> {
    let n = rng.random_range(3..=7u32);
    let p = rng.random_range(2..=6u32);
    let (ns, ps) = (n.to_string(), p.to_string());
    Ok(match template {
        0 => {
            let node = rng.random_range(2..(1u64 << n));
            let command = args(&["ksbf", "--n", &ns, "--p", &ps, "--assignments"]);
            // The answer is the model's: find the node's entry in its own assignment list.
            let check = Check {
                command: command.clone(),
                field: k::ASSIGNMENTS.into(),
            };
            let out = check.value(&NoProgress)?;
            let index = out
                .as_array()
                .and_then(|a| {
                    a.iter()
                        .position(|e| e.get("node").and_then(Value::as_u64) == Some(node))
                })
                .ok_or_else(|| format!("node {node} is missing from the assignments"))?;
            Draft {
                prompt: format!("T_{n} on the ring R_{p} under KS-BF: which PE runs node {node} (heap numbering: root 1, children 2k and 2k + 1)? Answer k of P_k."),
                kind: Kind::Choice,
                choices: (0..p).map(|i| i.to_string()).collect(),
                relative: 0.0,
                explanation: "P_{answer}: Lemma 1.1(a) puts a node on P_(Wgt mod p), Wgt = the number of right turns (odd heap numbers) on its path from the root.".into(),
                command,
                field: format!("{}.{index}.pe", k::ASSIGNMENTS),
            }
        }
        1 => Draft {
            prompt: format!("T_{n} ({} nodes) on the ring R_{p} under KS-BF: what is the makespan in steps?", (1u64 << n) - 1),
            kind: Kind::Number,
            choices: vec![],
            relative: 0.0,
            explanation: "{answer} steps: P_i starts at step i and works without a break (Theorem 2.2), so the makespan is at most p + max W_i.".into(),
            command: args(&["ksbf", "--n", &ns, "--p", &ps]),
            field: k::MAKESPAN.into(),
        },
        _ => {
            let i = rng.random_range(0..p);
            Draft {
                prompt: format!("T_{n} on the ring R_{p} under KS-BF: how many tasks does P_{i} execute (its work W_{i})?"),
                kind: Kind::Number,
                choices: vec![],
                relative: 0.0,
                explanation: format!("W_{i} = {{answer}}: the nodes whose weight (number of right turns) is ≡ {i} mod {p} (Theorem 2.1)."),
                command: args(&["ksbf", "--n", &ns, "--p", &ps]),
                field: format!("{}.{i}", k::WORK),
            }
        }
    })
}

/// A random unbalance vector of length 4..=8 with Σδ = 0, |δ_k| ≤ 4, not all zero.
fn deltas(rng: &mut ChaCha8Rng) -> Vec<i64> {
    loop {
        let n = rng.random_range(4..=8usize);
        let mut d: Vec<i64> = (0..n - 1).map(|_| rng.random_range(-3..=3)).collect();
        let last = -d.iter().sum::<i64>();
        d.push(last);
        if last.abs() <= 4 && d.iter().any(|&x| x != 0) {
            return d;
        }
    }
}

fn redistribute(rng: &mut ChaCha8Rng, template: usize) -> Draft {
    let d = deltas(rng);
    let list = d.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let shown = d
        .iter()
        .map(|x| x.to_string().replace('-', "−"))
        .collect::<Vec<_>>()
        .join(", ");
    match template {
        0 => Draft {
            prompt: format!("Homogeneous bidirectional ring, δ = ({shown}), c = 1: how many rounds does Algorithm 3 need?"),
            kind: Kind::Number,
            choices: vec![],
            relative: 0.0,
            explanation: "{answer} rounds: Lemma 6's max{max |δ_i|, max ⌈|δ_{k,l}|/2⌉}, which Algorithm 3 always meets (Lemma 8).".into(),
            command: args(&["redistribute", "--delta", &list, "--algorithm", "alg3"]),
            field: r::ROUNDS.into(),
        },
        1 => Draft {
            prompt: format!("Homogeneous unidirectional ring, δ = ({shown}), c = 1: what is the makespan of Algorithm 1?"),
            kind: Kind::Number,
            choices: vec![],
            relative: 0.0,
            explanation: "{answer}: Lemma 1's max |δ_{k,l}| · c — the heaviest slice can only send through its last processor — and Algorithm 1 meets it.".into(),
            command: args(&["redistribute", "--delta", &list, "--direction", "uni", "--algorithm", "alg1"]),
            field: r::MAKESPAN.into(),
        },
        _ => Draft {
            prompt: format!("Ring with δ = ({shown}), c = 1: what is Lemma 6's lower bound for a bidirectional ring?"),
            kind: Kind::Number,
            choices: vec![],
            relative: 0.0,
            explanation: "{answer}: one-port gives max |δ_i|, and a slice can send through both its ends, giving max ⌈|δ_{k,l}|/2⌉.".into(),
            command: args(&["redistribute", "--delta", &list]),
            field: format!("{}.Lemma 6.value", r::BOUNDS),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deltas_sum_to_zero() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..200 {
            let d = deltas(&mut rng);
            assert_eq!(d.iter().sum::<i64>(), 0);
            assert!(d.iter().all(|x| x.abs() <= 4));
            assert!((4..=8).contains(&d.len()));
        }
    }
}
