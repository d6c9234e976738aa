//! Compare presets: opening one pins its scenario A and shows the A/B table at once.

use egui_kittest::kittest::Queryable;
use loadlab::preset::BUNDLED;
use loadlab::ui::app::Cmd;
use loadlab::ui::map::{compare_rows, headline_numbers};

use crate::common::{harness, settle, shown};

#[test]
fn each_compare_preset_shows_a_and_b_with_different_values() {
    let compare: Vec<usize> = (0..BUNDLED.len())
        .filter(|&i| BUNDLED[i].file.starts_with("compare-"))
        .collect();
    // The papers' comparisons: C vs P vs Q, KS vs none and random, Algorithm 3 printed vs
    // corrected, Fine-Grain vs P.Y.
    assert!(compare.len() >= 5, "only {} compare presets", compare.len());
    let mut h = harness(None);
    for i in compare {
        let p = BUNDLED[i].preset().expect("bundled compare preset parses");
        let a = p.pinned.clone().expect("a compare preset pins A");
        assert_eq!(a.model(), p.scenario.model(), "{}", BUNDLED[i].file);
        h.state_mut().send(Cmd::Bundled(i));
        h.run_steps(3);
        settle(&mut h);
        // The table is up without any click: A is pinned and differs from B.
        shown(&mut h, "A: the pinned scenario");
        assert_eq!(h.state().pinned(a.model()), Some(&a));
        assert_eq!(h.state().preset().scenario, p.scenario);
        for head in ["B − A", "B ÷ A"] {
            assert!(h.query_all_by_label(head).next().is_some(), "{head}");
        }
        // Some number differs between A and B, and both values are on screen.
        let na = headline_numbers(&a).unwrap();
        let nb = headline_numbers(&p.scenario).unwrap();
        let row = compare_rows(&na, &nb)
            .into_iter()
            .find(|r| matches!((r.a, r.b), (Some(x), Some(y)) if x != y))
            .unwrap_or_else(|| panic!("{}: A and B have the same numbers", BUNDLED[i].file));
        let text = loadlab::report::text_number;
        for v in [row.a.unwrap(), row.b.unwrap()] {
            assert!(
                h.query_all_by_label(&text(v)).next().is_some(),
                "{}: {} = {} is not shown",
                BUNDLED[i].file,
                row.name,
                text(v)
            );
        }
    }
}
