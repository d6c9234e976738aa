//! Seeded fuzzing of the web page's untrusted input (issue 36): the address's query and
//! fragment — `#lesson=NAME&step=K` and `#loadlab:1:…` share links, damaged, re-packed with
//! a valid checksum around odd contents, or plain noise — read by the same code the page runs
//! (`platform::address::{parse, commands}`). Each case must return (a command list or one
//! message line), never panic, and do so within [`LIMIT`]: a refusal is quick.

use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use loadlab::platform::address::{commands, parse};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Cases in CI (in-process, about a millisecond each).
const CI_CASES: usize = 300;
/// Longest time one address may take to read (debug build, loaded machine).
const LIMIT: Duration = Duration::from_secs(1);

/// A link around `text` with a valid checksum, as the app packs one.
fn packed(text: &str) -> String {
    let mut bytes = crc32fast::hash(text.as_bytes()).to_le_bytes().to_vec();
    bytes.extend(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 6));
    format!("loadlab:1:{}", URL_SAFE_NO_PAD.encode(bytes))
}

/// RON that a damaged or hostile link may carry: deep nesting, huge numbers and vectors,
/// strings of every kind, a mutated real scenario.
fn hostile_ron(rng: &mut ChaCha8Rng, real: &str) -> String {
    let depth = rng.random_range(1..5000);
    match rng.random_range(0..6) {
        0 => "(".repeat(depth) + &")".repeat(depth),
        1 => "[".repeat(depth),
        2 => format!("(preset:(version:1,name:\"{}\"))", "x".repeat(depth * 100)),
        3 => real.replacen(['1', '2', '3'], "99999999999999999999", 3),
        4 => {
            let v: Vec<String> = (0..depth * 10)
                .map(|i| ((i % 7) as i64 - 3).to_string())
                .collect();
            real.replacen("delta:[", &format!("delta:[{},", v.join(",")), 1)
        }
        _ => {
            let mut b: Vec<char> = real.chars().collect();
            for _ in 0..rng.random_range(1..8) {
                let i = rng.random_range(0..b.len());
                b[i] = *['(', ')', '"', ',', ':', '0', 'é', '\\']
                    .choose(rng)
                    .expect("chars");
            }
            b.into_iter().collect()
        }
    }
}

/// One fragment (with its query).
fn address(rng: &mut ChaCha8Rng, links: &[(String, String)]) -> (String, String) {
    let names = [
        "rrv", "grs", "li", "gm", "gr", "RRV", "rrv ", "", "é", "../x", "rrv%00",
    ];
    let steps = [
        "1",
        "0",
        "-1",
        "3",
        "99",
        "18446744073709551616",
        "1e3",
        "",
        "٣",
        "3&step=4",
        "+2",
    ];
    let query = [
        "",
        "?embed=1",
        "?embed=0",
        "?embed",
        "?&&&",
        "?embed=1&embed=0",
    ]
    .choose(rng)
    .expect("queries")
    .to_string();
    let hash = match rng.random_range(0..6) {
        0 => format!(
            "#lesson={}&step={}",
            names.choose(rng).expect("names"),
            steps.choose(rng).expect("steps")
        ),
        1 => format!("#lesson={}", "a".repeat(rng.random_range(0..200_000))),
        2 => "#".to_string() + &"lesson=rrv&".repeat(rng.random_range(1..50_000)),
        3 => {
            let (link, _) = links.choose(rng).expect("links");
            format!("#{}", super::fuzz_surfaces::damage(rng, link))
        }
        4 => {
            let (_, ron) = links.choose(rng).expect("links");
            format!("#{}", packed(&hostile_ron(rng, ron)))
        }
        _ => {
            let len = rng.random_range(0..2000);
            let noise: String = (0..len)
                .map(|_| char::from_u32(rng.random_range(0x20..0x3000)).unwrap_or('?'))
                .collect();
            format!("#{noise}")
        }
    };
    (query, hash)
}

/// The failures of `cases` addresses from `seed`.
fn fuzz_addresses(seed: u64, cases: usize) -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let links: Vec<(String, String)> = ["redistribute-12-ring", "divisible-table-2", "default"]
        .iter()
        .map(|p| {
            let link = super::common::stdout(&["link", p]).trim().to_string();
            let shared = loadlab::link::Shared::decode(&link).expect("a fresh link reads");
            (link, ron::to_string(&shared).expect("serializes"))
        })
        .collect();
    let mut failures = Vec::new();
    for _ in 0..cases {
        let (query, hash) = address(&mut rng, &links);
        let start = Instant::now();
        let outcome = std::panic::catch_unwind(|| commands(&parse(&query, &hash).target, None));
        let took = start.elapsed();
        let shown: String = hash.chars().take(80).collect();
        match outcome {
            Err(_) => failures.push(format!("panic on {query}{shown}…")),
            Ok(Err(e)) if e.lines().count() != 1 => {
                failures.push(format!("{query}{shown}…: not one line: {e:?}"))
            }
            _ if took > LIMIT => failures.push(format!("{query}{shown}…: {took:?}")),
            _ => {}
        }
    }
    failures
}

#[test]
fn fuzz_the_web_address() {
    let failures = fuzz_addresses(3600, CI_CASES);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "long: run by hand with --ignored"]
fn fuzz_the_web_address_many() {
    let failures = fuzz_addresses(3601, 20_000);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
