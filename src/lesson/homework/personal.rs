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
//! 5. Each model draws candidates shaped like its lesson exercise ([`fn@reference`]; its module in
//!    [`crate::lesson::models`] draws them) and keeps
//!    the first whose size class (below) equals the lesson exercise's; after [`TRIES`]
//!    candidates without one, the lesson's own instance.
//!
//! # Equal difficulty: the size class
//!
//! Two students get instances of equal difficulty: the same *size class*, the number of moves
//! the model's own optimal play needs (the exercise's `out_of`, [`size_class`]):
//!
//! * redistribute: the rounds of an optimal schedule (Algorithm 3 meets Lemma 6's bound
//!   max{max |δ_i|, max ⌈|δ_{k,l}|/2⌉}): 2;
//! * ksbf: the nodes whose PE and step are predicted (the workload's size): 15;
//! * geodecay: the balance-or-go-on decisions before rounds 1 … R − 1 (n = 2³⁰);
//! * treesweep: the nodes of Fine-Grain's optimal top cluster on processor 0 (T_5, τ = 2.5);
//! * divisible: the tree's levels whose loads are set (h = 3): 4.
//!
//! The pools are large enough that 200 students rarely share an instance (tests/cli/homework.rs
//! counts them; of 200 names 193 rings, 167 KS-BF workloads — 200 seeds —, 200, 200 and 198
//! instances differ): δ over rings of 5 to 7 processors (about 8 900 vectors of 2 rounds);
//! random KS-BF trees and grids of 15 nodes on 2 to 9 PEs; ℓ in steps of 0.01
//! and p from 2¹³ to 2¹⁹ (n = 2³⁰); τ in steps of 10⁻⁴ on T_5 and T_6; β in steps of 0.01.
//!
//! | model | lesson exercise | a candidate |
//! |---|---|---|
//! | redistribute | δ = (2, 1, 1, −2, −2), bidirectional, c = 1, Algorithm 3: 2 rounds | n = 5 + u % 3; δ_1 … δ_{n−1} each 2 − (u % 5), δ_n = −Σ (kept when \|δ_n\| ≤ 2 and δ ≠ 0); minimal loads |
//! | ksbf | T_4 on p = 2: 15 nodes | shape = [random tree, random grid][u % 2] (depth cap 6, q = 0.6), p = 2 + u % 8, then seed = u % 2³², drawn again (at most [`SEEDS`](crate::lesson::models::ksbf::SEEDS) times) until the workload has 15 nodes |
//! | geodecay | n = 2³⁰, p = 2¹⁶, α = 1, ℓ = 30 | p = 2^(13 + u % 7), ℓ = (1000 + u % 5001)/100 |
//! | treesweep | T_5, τ = 2.5 | n = 5 + u % 2, τ = (15000 + u % 50001)/10⁴ |
//! | divisible | tree b = 2, h = 3, β = 10, method C: 4 levels | β = (200 + u % 9801)/100 |
//!
//! (Each "u" is the next `next_u64`, drawn in the order the table reads.)

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::lesson::models::row;
use crate::model::registry::{ModelId, Scenario};

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
    row(model).model.reference()
}

/// The size class of an exercise: the number of moves of the exercise the scenario sets (its
/// `out_of`), or why it sets none.
pub fn size_class(scenario: &Scenario) -> Result<usize, String> {
    Ok(crate::lesson::models::exercise(scenario)?.tally().out_of)
}

/// The personal instance of `student` in `course` for `model` (the derivation above).
pub fn personal(model: ModelId, course: &str, student: &str) -> Result<Scenario, String> {
    check_name(student, course)?;
    let reference = reference(model);
    let class = size_class(&reference)?;
    let mut rng = ChaCha8Rng::from_seed(key(model, course, student));
    let mut pick = |k: u64| rng.next_u64() % k;
    for _ in 0..TRIES {
        if let Some(s) = row(model).model.candidate(&mut pick)
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
    row(scenario.model()).model.flags(scenario, &mut flag);
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
