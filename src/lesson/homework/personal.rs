//! Personal instances: each student's own exercise, derived from the course key and the
//! student's name, so that a teacher can give every student a different instance and
//! regenerate any of them from the name alone.
//!
//! # The derivation (stable across versions and platforms; changing it is a format change)
//!
//! 1. The name is normalised: surrounding white space removed, inner runs of white space
//!    made one space, letters lower-cased (Unicode `to_lowercase`): "  Ada  LOVELACE " and
//!    "ada lovelace" are the same student. The course key is only trimmed.
//! 2. The message is the UTF-8 bytes of `loadlab personal v1`, a 0 byte, the model's name
//!    (`redistribute`, `ksbf`, `geodecay`, `treesweep`, `divisible`), a 0 byte, the course
//!    key, a 0 byte, the normalised name.
//! 3. The 32-byte key of a ChaCha8 generator (`rand_chacha::ChaCha8Rng::from_seed`) is four
//!    64-bit words, each written little-endian: word i (i = 0 … 3) is FNV-1a 64 (offset
//!    basis 0xcbf29ce484222325, prime 0x100000001b3) of the message followed by the byte i.
//! 4. The generator's `next_u64` values are drawn in order; a choice among k values is
//!    `next_u64() % k` (the bias, below 2⁻⁵⁹, is immaterial).
//! 5. Each model draws candidates shaped like its lesson's exercise ([`reference`]) and keeps
//!    the first whose number of moves (the exercise's `out_of`, its size class) equals the
//!    lesson exercise's; after [`TRIES`] candidates without one, the lesson's own instance.
//!
//! | model | lesson exercise | a candidate |
//! |---|---|---|
//! | redistribute | δ = (2, 1, 1, −2, −2), bidirectional, c = 1, Algorithm 3: 2 rounds | δ_1 … δ_4 each 2 − (u % 5), δ_5 = −Σ (kept when \|δ_5\| ≤ 2 and δ ≠ 0); minimal loads |
//! | ksbf | T_4 on p = 2: 15 nodes | T_4 or the grid G_5 (u % 2 = 0: tree), p = 2 + u % 5 |
//! | geodecay | n = 2³⁰, p = 2¹⁶, α = 1, ℓ = 30: 15 decisions | ℓ = 10 + u % 51 |
//! | treesweep | T_5, τ = 2.5 | τ = 1.5 + (u % 13)/4 |
//! | divisible | tree b = 2, h = 3, β = 10, method C: 4 levels | β = 2 + u % 29 |

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::model::divisible::{AlgorithmChoice, DivisibleParams, Method};
use crate::model::geodecay::{GeoParams, Policy};
use crate::model::ksbf::{KsbfParams, Shape};
use crate::model::redistribute::instance::{Direction, RingInstance};
use crate::model::redistribute::params::{Algorithm, RedistParams};
use crate::model::treesweep::TreeSweepParams;
use crate::preset::{ModelId, Scenario};

/// FNV-1a 64's offset basis.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
/// FNV-1a 64's prime.
pub const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;
/// The candidates drawn before falling back to the lesson's instance.
pub const TRIES: usize = 64;
/// The longest name or course key accepted (in characters).
pub const NAME_MAX: usize = 200;
/// The derivation's tag (step 2): a new derivation gets a new tag.
pub const TAG: &str = "loadlab personal v1";

/// FNV-1a 64 of `bytes`.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(FNV_OFFSET, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(FNV_PRIME)
    })
}

/// The name as the derivation reads it (step 1).
pub fn normalise(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The generator's 32-byte key (steps 2 and 3).
pub fn key(model: ModelId, course: &str, student: &str) -> [u8; 32] {
    let mut message = Vec::new();
    for part in [TAG, model.name(), course.trim()] {
        message.extend_from_slice(part.as_bytes());
        message.push(0);
    }
    message.extend_from_slice(normalise(student).as_bytes());
    let mut key = [0u8; 32];
    for i in 0..4u8 {
        message.push(i);
        let word = fnv1a64(&message);
        message.pop();
        key[usize::from(i) * 8..usize::from(i) * 8 + 8].copy_from_slice(&word.to_le_bytes());
    }
    key
}

/// Why a name or course key is refused (empty name, too long, control characters).
pub fn check_name(student: &str, course: &str) -> Result<(), String> {
    if normalise(student).is_empty() {
        return Err("the student's name is empty".into());
    }
    for (what, s) in [("the student's name", student), ("the course key", course)] {
        if s.chars().count() > NAME_MAX {
            return Err(format!("{what} is longer than {NAME_MAX} characters"));
        }
        if s.chars().any(|c| c.is_control() && !c.is_whitespace()) {
            return Err(format!("{what} holds a control character"));
        }
    }
    Ok(())
}

/// The seed of a personal quiz (`loadlab quiz --student NAME`): word 0 of the key of step 3
/// (the FNV-1a 64 of the message followed by the byte 0).
pub fn quiz_seed(model: ModelId, course: &str, student: &str) -> Result<u64, String> {
    check_name(student, course)?;
    let k = key(model, course, student);
    let mut word = [0u8; 8];
    word.copy_from_slice(&k[..8]);
    Ok(u64::from_le_bytes(word))
}

/// The model's lesson exercise: the instance every personal one is sized like.
pub fn reference(model: ModelId) -> Scenario {
    match model {
        ModelId::Redistribute => ring(vec![2, 1, 1, -2, -2]),
        ModelId::Ksbf => ks(Shape::Tree, 2),
        ModelId::Geodecay => geo(30.0),
        ModelId::TreeSweep => tree(2.5),
        ModelId::Divisible => div(10.0),
    }
}

fn ring(delta: Vec<i64>) -> Scenario {
    Scenario::Redistribute(RedistParams {
        instance: RingInstance::homogeneous(delta, Direction::Bi, 1.0),
        algorithm: Algorithm::Alg3,
        ..RedistParams::default()
    })
}

fn ks(shape: Shape, p: u32) -> Scenario {
    let n = if shape == Shape::Grid { 5 } else { 4 };
    Scenario::Ksbf(KsbfParams {
        shape,
        n,
        p,
        ..KsbfParams::default()
    })
}

fn geo(ell: f64) -> Scenario {
    Scenario::Geodecay(GeoParams {
        n: 1 << 30,
        p: 1 << 16,
        alpha: 1.0,
        ell,
        policy: Policy::Optimal,
        ..GeoParams::default()
    })
}

fn tree(tau: f64) -> Scenario {
    Scenario::TreeSweep(TreeSweepParams {
        n: 5,
        tau,
        ..TreeSweepParams::default()
    })
}

fn div(beta: f64) -> Scenario {
    Scenario::Divisible(DivisibleParams {
        h: 3,
        beta,
        algorithm: AlgorithmChoice::Only(Method::C),
        ..DivisibleParams::default()
    })
}

/// One candidate drawn from `rng` (step 5's table), or None when the draw is rejected.
fn candidate(model: ModelId, rng: &mut ChaCha8Rng) -> Option<Scenario> {
    let mut pick = |k: u64| rng.next_u64() % k;
    Some(match model {
        ModelId::Redistribute => {
            let mut delta: Vec<i64> = (0..4).map(|_| 2 - pick(5) as i64).collect();
            let last = -delta.iter().sum::<i64>();
            if last.abs() > 2 || (last == 0 && delta.iter().all(|&d| d == 0)) {
                return None;
            }
            delta.push(last);
            ring(delta)
        }
        ModelId::Ksbf => {
            let shape = if pick(2) == 0 {
                Shape::Tree
            } else {
                Shape::Grid
            };
            ks(shape, 2 + pick(5) as u32)
        }
        ModelId::Geodecay => geo(10.0 + pick(51) as f64),
        ModelId::TreeSweep => tree(1.5 + pick(13) as f64 / 4.0),
        ModelId::Divisible => div(2.0 + pick(29) as f64),
    })
}

/// The size class of an exercise: its number of moves (`out_of`).
pub fn size_class(scenario: &Scenario) -> Result<usize, String> {
    crate::lesson::exercise::moves(scenario)
}

/// The personal instance of `student` in `course` for `model` (the derivation above).
pub fn personal(model: ModelId, course: &str, student: &str) -> Result<Scenario, String> {
    check_name(student, course)?;
    let reference = reference(model);
    let class = size_class(&reference)?;
    let mut rng = ChaCha8Rng::from_seed(key(model, course, student));
    for _ in 0..TRIES {
        if let Some(s) = candidate(model, &mut rng)
            && size_class(&s) == Ok(class)
        {
            return Ok(s);
        }
    }
    Ok(reference)
}

/// The `loadlab exercise` command that sets the scenario's exercise (its instance flags).
pub fn command(scenario: &Scenario) -> Vec<String> {
    let mut c: Vec<String> = vec!["loadlab".into(), "exercise".into()];
    c.push(scenario.model_name().into());
    let mut flag = |name: &str, value: String| {
        c.push(format!("--{name}"));
        c.push(value);
    };
    let ints = |v: &[i64]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    match scenario {
        Scenario::Redistribute(p) => {
            let i = &p.instance;
            flag("delta", ints(&i.delta));
            flag("loads", ints(&i.loads));
            flag("direction", i.direction.name().into());
            if let Some(c) = i.uniform_cost() {
                flag("c", format!("{c}"));
            }
        }
        Scenario::Ksbf(p) => {
            flag("shape", p.shape.name().into());
            flag("n", p.n.to_string());
            flag("p", p.p.to_string());
            flag("seed", p.seed.to_string());
            flag("spawn-prob", format!("{}", p.spawn_prob));
        }
        Scenario::Geodecay(p) => {
            flag("n", p.n.to_string());
            flag("p", p.p.to_string());
            flag("alpha", format!("{}", p.alpha));
            flag("ell", format!("{}", p.ell));
            flag("c", format!("{}", p.c));
            flag("survivors", p.survivors.name().into());
        }
        Scenario::TreeSweep(p) => {
            flag("n", p.n.to_string());
            flag("tau", format!("{}", p.tau));
            flag("direction", p.direction.name().into());
        }
        Scenario::Divisible(p) => {
            flag("network", p.network.name().into());
            flag("b", p.b.to_string());
            flag("h", p.h.to_string());
            flag("beta", format!("{}", p.beta));
            flag(
                "algorithm",
                match p.algorithm {
                    AlgorithmChoice::All => "all".into(),
                    AlgorithmChoice::Only(m) => m.name().to_lowercase(),
                },
            );
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a64_matches_the_published_test_vectors() {
        // From the FNV reference (Fowler, Noll, Vo): "" and "a".
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
    }

    #[test]
    fn names_are_normalised_before_hashing() {
        let a = key(ModelId::Ksbf, "CS 101", "  Ada   LOVELACE ");
        let b = key(ModelId::Ksbf, "CS 101 ", "ada lovelace");
        assert_eq!(a, b);
        assert_ne!(a, key(ModelId::Ksbf, "CS 102", "ada lovelace"));
        assert_ne!(a, key(ModelId::Divisible, "CS 101", "ada lovelace"));
        assert!(check_name(" ", "").is_err());
        assert!(check_name("Ada", "x\u{7}").is_err());
    }
}
