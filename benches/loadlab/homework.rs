//! The gradebook's speed: a class of 200 students, 40 per model, each with a complete attempt
//! on their personal instance (the model's own optimal moves), graded from a folder of files as
//! `loadlab grade FOLDER` and Homework ▸ Gradebook of a folder… grade it (every move replayed
//! by the model's grader). Target: a class in under a second on 2 cores, so that the window
//! fills while the teacher looks. Measured: 12.1 ms (2 cores, session 63).
//!
//! And the longest attempts one exercise takes, replayed as `loadlab grade` does: a complete
//! KS-BF attempt on n = 12 (4 095 predictions) and 8 000 rounds on δ = (8000, −8000). Before
//! session 83 the first took 2.2 GB (a copy of the whole run for every Undo) and the second
//! 7.5 s (every round replayed the algorithm to the end).

use std::hint::black_box;

use criterion::{Criterion, criterion_group};
use loadlab::lesson::homework::attempt::Attempt;
use loadlab::lesson::homework::gradebook;
use loadlab::lesson::homework::personal::personal;
use loadlab::lesson::homework::replay::{Entry, Kind, Player};
use loadlab::model::registry::ModelId;

/// Students in the class.
const CLASS: usize = 200;

/// Writes the class's attempt files into `dir`.
fn hand_ins(dir: &std::path::Path) {
    for i in 0..CLASS {
        let model = ModelId::ALL[i % ModelId::ALL.len()];
        let name = format!("Student {i}");
        let scenario = personal(model, "CS101", &name).expect("a personal instance");
        let mut player = Player::new(&scenario).expect("an exercise");
        let mut log = Vec::new();
        while let Some((_, mv)) = player.show_me() {
            log.push(Entry::new(Kind::Move, Some(mv), None));
        }
        let (attempt, _) = Attempt::new(&scenario, &name, "CS101", log).expect("gradable");
        std::fs::write(dir.join(format!("{i:03}.json")), attempt.to_json()).expect("written");
    }
}

fn class(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a folder");
    hand_ins(dir.path());
    let folder = vec![dir.path().display().to_string()];
    let mut g = c.benchmark_group("gradebook");
    g.sample_size(10);
    g.bench_function(format!("a class of {CLASS} complete attempts"), |b| {
        b.iter(|| {
            let (files, _) = gradebook::expand(black_box(&folder)).expect("the folder");
            let rows = gradebook::grade_files(&files, Some("CS101"));
            assert!(rows.iter().all(|r| r.complete && r.flags.is_empty()));
            black_box(rows)
        })
    });
    g.finish();
}

/// The scenario a model command sets.
fn scenario(words: &[&str]) -> loadlab::model::registry::Scenario {
    let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let command = loadlab::command::parse(&words).expect("a model command");
    command.planned().expect("a run").scenario()
}

fn longest(c: &mut Criterion) {
    let mut g = c.benchmark_group("attempt");
    g.sample_size(10);
    for (what, words) in [
        (
            "ksbf n = 12, 4 095 predictions",
            &["ksbf", "--n", "12", "--p", "4"][..],
        ),
        (
            "redistribute 8 000 rounds",
            &["redistribute", "--delta", "8000,-8000"][..],
        ),
    ] {
        let scenario = scenario(words);
        let mut player = Player::new(&scenario).expect("an exercise");
        let mut log = Vec::new();
        while let Some((_, mv)) = player.show_me() {
            log.push(Entry::new(Kind::Move, Some(mv), None));
        }
        g.bench_function(format!("replay, {what}"), |b| {
            b.iter(|| {
                let r = loadlab::lesson::homework::replay::replay(&scenario, black_box(&log));
                let r = r.expect("gradable");
                assert!(r.complete && r.score == r.out_of);
                black_box(r)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, class, longest);
