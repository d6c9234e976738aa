//! Compare presets: the optional pinned scenario A, parsed strictly.

use loadlab::preset::{self, BUNDLED, PresetError, PresetFile};

#[test]
fn compare_presets_pin_a_of_the_same_model_and_round_trip() {
    let compare: Vec<_> = BUNDLED
        .iter()
        .filter(|b| b.file.starts_with("compare-"))
        .collect();
    assert_eq!(compare.len(), 6);
    for b in compare {
        let p = b.preset().unwrap();
        let a = p.pinned.clone().expect("pins A");
        assert_eq!(a.model(), p.scenario.model(), "{}", b.file);
        assert_ne!(a, p.scenario, "{}: A and B are the same", b.file);
        // Written and read back, A stays.
        let back = preset::parse("x.ron", &PresetFile::Single(p.clone()).to_ron()).unwrap();
        assert_eq!(back, p);
    }
    // A preset without A is written without the field (old files unchanged).
    let plain = preset::find_bundled("divisible-table-1").unwrap();
    assert!(plain.pinned.is_none());
    assert!(!plain.to_ron().contains("pinned"));
}

#[test]
fn a_pinned_a_of_another_model_or_invalid_is_refused() {
    let text = std::fs::read_to_string("presets/compare-treesweep-fine-grain-vs-py.ron").unwrap();
    // A of another model.
    let other = text.replace(
        "pinned: Some(TreeSweep((\n        n: 10,\n        tau: 128.0,\n        direction: Up,\n    ))),",
        "pinned: Some(Ksbf((shape: Tree, n: 4, p: 2, seed: 1, spawn_prob: 0.5, balance: Ks, schedule: Bf))),",
    );
    assert_ne!(other, text);
    match preset::parse("cmp.ron", &other) {
        Err(PresetError::Invalid { message, .. }) => {
            assert!(message.contains("same model"), "{message}")
        }
        r => panic!("accepted A of another model: {r:?}"),
    }
    // An invalid A names itself.
    let bad = text.replace("tau: 128.0", "tau: -1.0");
    match preset::parse("cmp.ron", &bad) {
        Err(PresetError::Invalid { message, .. }) => {
            assert!(message.starts_with("pinned A:"), "{message}")
        }
        r => panic!("accepted an invalid A: {r:?}"),
    }
    // A misspelt field is still an error (strict parsing).
    let typo = text.replace("pinned:", "pined:");
    assert!(matches!(
        preset::parse("cmp.ron", &typo),
        Err(PresetError::Parse { .. })
    ));
}
