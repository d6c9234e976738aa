//! Preset files: every bundled preset parses and validates; save/load round-trips atomically;
//! broken, foreign, oversized and newer files are refused with file, line and column.

use loadlab::model::divisible::{DivisibleParams, Network};
use loadlab::model::registry::Scenario;
use loadlab::preset::{self, BUNDLED, Preset, PresetError};

#[test]
fn every_bundled_preset_parses_and_files_match() {
    assert!(BUNDLED.len() >= 4);
    for b in BUNDLED {
        let p = b.preset().unwrap_or_else(|e| panic!("{}: {e}", b.file));
        assert_eq!(p.version, preset::VERSION);
        assert!(
            !p.name.is_empty() && !p.description.is_empty(),
            "{}",
            b.file
        );
        // The embedded text is the file in presets/.
        let on_disk = std::fs::read_to_string(format!("presets/{}", b.file)).unwrap();
        assert_eq!(on_disk, b.text);
    }
    // The default opens the divisible model.
    assert!(matches!(
        preset::default_preset().scenario,
        Scenario::Divisible(_)
    ));
    // Every file in presets/ is bundled.
    for entry in std::fs::read_dir("presets").unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            BUNDLED.iter().any(|b| b.file == name),
            "{name} is not bundled"
        );
    }
}

#[test]
fn save_and_load_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("scenario.ron");
    let p = Preset::new(
        "Round trip",
        "a, \"quoted\" description",
        Scenario::Divisible(DivisibleParams {
            network: Network::Pyramid,
            b: 4,
            h: 9,
            beta: 0.125,
            ..Default::default()
        }),
    );
    preset::save(&path, &p).unwrap();
    assert_eq!(preset::load(&path).unwrap(), p);
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    // Saving into a missing folder fails cleanly and leaves nothing.
    let bad = dir.path().join("missing").join("x.ron");
    assert!(matches!(
        preset::save(&bad, &p),
        Err(PresetError::Io { .. })
    ));
}

#[test]
fn errors_name_file_line_and_column() {
    match preset::parse(
        "x.ron",
        "(version: 1,\n name: \"n\",\n scenario: Divisible((h: 2, beta: [1])),\n)",
    ) {
        Err(PresetError::Parse {
            file,
            line,
            col,
            message,
        }) => {
            assert_eq!(file, "x.ron");
            assert_eq!(line, 3);
            assert!(col > 1);
            assert!(message.contains("expected"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    // A foreign file (JSON) is a parse error, not a panic.
    assert!(matches!(
        preset::parse("f.json", "{\"a\": 1}"),
        Err(PresetError::Parse { .. })
    ));
    // Another model's name.
    assert!(matches!(
        preset::parse("m.ron", "(version: 1, name: \"n\", scenario: Ring(()))"),
        Err(PresetError::Parse { .. })
    ));
    assert!(matches!(
        preset::parse(
            "v.ron",
            "(version: 2, name: \"n\", scenario: Divisible(()))"
        ),
        Err(PresetError::Newer { found: 2, .. })
    ));
    let big = " ".repeat(1024 * 1024 + 1);
    assert!(matches!(
        preset::parse("big.ron", &big),
        Err(PresetError::TooLarge { .. })
    ));
    // Binary content.
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("image.ron");
    std::fs::write(&bin, [0x89, b'P', b'N', b'G', 0xff, 0xfe]).unwrap();
    let e = preset::load(&bin).unwrap_err().to_string();
    assert!(e.starts_with(&format!("{}:1:1", bin.display())), "{e}");
}

/// The redistribution presets run, verify and reproduce what their descriptions claim.
#[test]
fn redistribution_presets_reproduce_their_claims() {
    use loadlab::model::redistribute::alg3::{Alg3Variant, alg3_round};
    use loadlab::model::redistribute::params::Algorithm;
    use loadlab::model::redistribute::run::run;
    use loadlab::model::redistribute::schedule::Schedule;
    let get = |file: &str| match preset::find_bundled(file)
        .unwrap_or_else(|| panic!("{file} is bundled"))
        .scenario
    {
        Scenario::Redistribute(p) => p,
        other => panic!("{file}: {other:?}"),
    };
    for b in BUNDLED
        .iter()
        .filter(|b| b.file.starts_with("redistribute-"))
    {
        let p = get(b.file.trim_end_matches(".ron"));
        let v = p.instance.validate().unwrap();
        let r = run(&p.instance, v, p.algorithm).unwrap();
        assert!(r.verification.valid, "{}: {:?}", b.file, r.verification);
        assert!(r.makespan >= r.lower_bound - 1e-9, "{}", b.file);
        // Only the Theorem 2 preset shows a failing claim (the printed bound).
        let expected_failures = usize::from(b.file == "redistribute-theorem-2.ron");
        assert_eq!(
            r.checks.iter().filter(|c| !c.holds).count(),
            expected_failures,
            "{}: {:?}",
            b.file,
            r.checks
        );
    }
    // Figs. 4, 5 and 8 of Lemma 7: δ_max = 2, the special rules (Steps 10–18) fire in the first
    // round, one-port holds and the redistribution takes Lemma 6's two rounds.
    for fig in [
        "redistribute-fig-4",
        "redistribute-fig-5",
        "redistribute-fig-8",
    ] {
        let p = get(fig);
        let round = alg3_round(&p.instance.delta, Alg3Variant::Corrected).unwrap();
        assert_eq!(round.delta_max, 2, "{fig}");
        assert!(round.special, "{fig}");
        assert!(
            round.sends.iter().any(|s| (11..=18).contains(&s.step)),
            "{fig}: {:?}",
            round.sends
        );
        let v = p.instance.validate().unwrap();
        let r = run(&p.instance, v, Algorithm::Alg3).unwrap();
        assert_eq!(r.rounds, Some(2), "{fig}");
        let r = run(&p.instance, v, Algorithm::Alg3Literal).unwrap();
        assert!(matches!(r.schedule, Schedule::Rounds { .. }));
    }
    // The 12-ring: the printed Algorithm 3 makes P4 send an item it does not hold.
    let p = get("redistribute-12-ring");
    let v = p.instance.validate().unwrap();
    let r = run(&p.instance, v, Algorithm::Alg3Literal).unwrap();
    assert!(!r.verification.valid);
    assert!(r.verification.violations[0].contains("P4 sends an item it does not hold"));
    // Theorem 2 as printed exceeds the optimum.
    let p = get("redistribute-theorem-2");
    let v = p.instance.validate().unwrap();
    let r = run(&p.instance, v, Algorithm::Auto).unwrap();
    let printed = r
        .bounds
        .iter()
        .find(|b| b.name == "Theorem 2 (as printed)")
        .unwrap();
    assert_eq!((r.makespan, printed.value), (1.0, 100.0));
    assert!(
        r.checks
            .iter()
            .any(|c| !c.holds && c.claim.starts_with("Theorem 2's bound as printed"))
    );
}

#[test]
fn a_workbook_of_five_round_trips_and_one_scenario_files_still_load() {
    use loadlab::model::registry::ModelId;
    use loadlab::preset::{PresetFile, Sheet, Workbook};
    let sheets: Vec<Sheet> = ModelId::ALL
        .iter()
        .map(|&m| {
            let p = BUNDLED
                .iter()
                .filter_map(|b| b.preset().ok())
                .find(|p| p.scenario.model() == m && p.name != "Default")
                .expect("a bundled preset per model");
            Sheet {
                name: p.name,
                description: p.description,
                scenario: p.scenario,
            }
        })
        .collect();
    let wb = Workbook {
        version: preset::VERSION,
        name: "Lecture".into(),
        description: "all five".into(),
        active: ModelId::TreeSweep,
        sheets,
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lecture.ron");
    preset::save_file(&path, &PresetFile::Workbook(wb.clone())).unwrap();
    assert_eq!(
        preset::load_file(&path).unwrap(),
        PresetFile::Workbook(wb.clone())
    );
    // `load` (what `loadlab eval` uses) gives the front sheet.
    assert_eq!(
        preset::load(&path).unwrap().scenario.model(),
        ModelId::TreeSweep
    );
    // Two sheets of one model are refused; a broken sheet names the line.
    let mut twice = wb.clone();
    twice.sheets.push(twice.sheets[0].clone());
    let e = preset::parse_file("w.ron", &twice.to_ron()).unwrap_err();
    assert!(e.to_string().contains("two divisible"), "{e}");
    let broken = wb.to_ron().replacen("sheets", "sheetz", 1);
    let e = preset::parse_file("w.ron", &broken)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("w.ron:"), "{e}");
    // Every bundled one-scenario file still loads as one scenario.
    for b in BUNDLED {
        assert!(matches!(
            preset::parse_file(b.file, b.text),
            Ok(PresetFile::Single(_))
        ));
    }
}

/// Issue 11: typos, wrong bodies and impossible versions are refused, never run as defaults.
#[test]
fn strict_presets_refuse_typos_wrong_bodies_and_bad_versions() {
    let ok = "(version: 1, name: \"n\", scenario: Divisible((h: 15)))";
    assert!(preset::parse("ok.ron", ok).is_ok());
    let cases = [
        (
            "(version: 1, name: \"n\", scenario: Divisible((hh: 15)))",
            "hh",
        ),
        (
            "(version: 1, name: \"n\", insTance: 3, scenario: Divisible(()))",
            "insTance",
        ),
        (
            "(version: 0, name: \"n\", scenario: Divisible(()))",
            "version 0",
        ),
        (
            "(version: 1, name: \"n\", scenario: Ksbf((network: Tree, b: 2, h: 5, beta: 1.0)))",
            "network",
        ),
        (
            "(version: 1, name: \"n\", scenario: Redistribute((insTance: (delta: [1, -1]))))",
            "insTance",
        ),
        // A preset that forgot its scenario is told so (it was told about a workbook's
        // `active`, a field it never had).
        (
            "(version: 1, name: \"x\", description: \"\")",
            "missing field named `scenario`",
        ),
    ];
    for (text, needle) in cases {
        let e = preset::parse("bad.ron", text).expect_err(text).to_string();
        assert!(
            e.contains(needle) && e.starts_with("bad.ron"),
            "{text}: {e}"
        );
    }
    // A byte-order mark is skipped.
    assert!(preset::parse("bom.ron", &format!("\u{feff}{ok}")).is_ok());
}

#[cfg(unix)]
#[test]
fn only_regular_files_are_read_and_errors_name_the_whole_path() {
    let dir = tempfile::tempdir().unwrap();
    let e = preset::load(dir.path()).unwrap_err().to_string();
    assert!(e.contains("directory"), "{e}");
    assert!(e.starts_with(&dir.path().display().to_string()), "{e}");
    let e = preset::load(std::path::Path::new("/dev/zero"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a regular file"), "{e}");
    let fifo = dir.path().join("f.ron");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        // Refused at once, never opened (opening a FIFO for reading blocks).
        let e = preset::load(&fifo).unwrap_err().to_string();
        assert!(e.contains("not a regular file"), "{e}");
    }
}
