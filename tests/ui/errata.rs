//! Help ▸ What we found in the paper: the list for the model in front, another model, all
//! five, and "Show me" loading the evidence instance.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::model::errata;
use loadlab::model::registry::{ModelId, Scenario};
use loadlab::ui::LoadlabApp;

use super::common::{app_on, settle, shown};

fn on_screen(h: &Harness<'_, LoadlabApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// Help ▸ What we found in the paper ▸ `entry`.
fn open(h: &mut Harness<'_, LoadlabApp>, entry: &str) {
    h.get_by_label("Help").click();
    h.run_steps(2);
    h.get_by_label("What we found in the paper").hover();
    h.run_steps(2);
    h.get_by_label_contains(entry).click();
    h.run_steps(3);
}

#[test]
fn findings_of_the_front_model_and_show_me_loads_the_evidence() {
    let mut h = app_on("Tree sweeps\nunder latency τ");
    open(&mut h, "In front: Tree sweeps");
    shown(&mut h, "grs-half");
    // Every tree-sweep finding, none of another paper.
    for f in errata::of_model(ModelId::TreeSweep) {
        assert!(on_screen(&h, f.id), "{} missing", f.id);
        assert!(on_screen(&h, f.sentence), "{}: sentence missing", f.id);
    }
    assert!(!on_screen(&h, "rrv-thm2-bound"));
    assert!(on_screen(&h, "overstated claim"));
    assert!(on_screen(&h, "conversion artefact"));

    // The first "Show me" is grs-half's: n = 40, τ = 1000 lands in the tree-sweep workspace.
    h.get_all_by_label("Show me")
        .next()
        .expect("a Show me button")
        .click();
    settle(&mut h);
    assert_eq!(h.state().desk().active, ModelId::TreeSweep);
    match &h.state().desk().page().scenario {
        Scenario::TreeSweep(p) => assert_eq!((p.n, p.tau), (40, 1000.0)),
        other => panic!("not a tree sweep: {other:?}"),
    }
    shown(&mut h, "Finding grs-half");
}

#[test]
fn another_model_and_all_five_papers() {
    let mut h = app_on("Tree sweeps\nunder latency τ");
    open(&mut h, "Redistribution on rings");
    shown(&mut h, "rrv-alg3-possession");
    assert!(!on_screen(&h, "grs-half"));
    // Show me on a redistribution finding switches the front model.
    h.get_all_by_label("Show me")
        .next()
        .expect("a Show me button")
        .click();
    settle(&mut h);
    assert_eq!(h.state().desk().active, ModelId::Redistribute);

    open(&mut h, "All five papers");
    for id in [
        "li-appendix-n",
        "gm-lgstar",
        "grs-half",
        "gr-table1-39",
        "rrv-thm2-bound",
    ] {
        shown(&mut h, id);
    }
}

/// A lesson step citing a finding ("finding rrv-sec8-contradiction", rrv step 7) links to it:
/// the link under the text opens the list at that finding, in sight with its details
/// unfolded, whichever model it was last opened on.
#[test]
fn a_lesson_steps_cited_finding_opens_the_list_at_it() {
    let mut h = super::common::window(1920.0, 1080.0, None);
    super::common::open_step(&mut h, "rrv", 7);
    let id = "rrv-sec8-contradiction";
    h.get_by_label_contains(&format!("What we found: finding {id} ("))
        .click();
    h.run_steps(6);
    shown(&mut h, "Errata: what we found in the papers");
    let row = h.get_by_label(id).rect();
    assert!(
        row.min.y >= 0.0 && row.max.y <= 1080.0,
        "{id} is out of sight at {row:?}"
    );
    // Unfolded: what holds instead is in the list.
    let f = errata::find(id).expect("the finding exists");
    assert!(on_screen(&h, f.holds), "{id}'s details are folded");
    assert!(
        !on_screen(&h, "grs-half"),
        "another paper's findings are listed"
    );
}
