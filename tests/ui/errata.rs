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
    super::common::help_submenu(h, "What we found in the paper");
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
    // The list folds to its title bar in the bottom-right corner, off the instance (it closed,
    // and the next finding was three menus away); the menu brings it back unfolded.
    h.run_steps(10);
    assert!(
        h.query_all_by_label("Show me").next().is_none(),
        "the list still covers the instance"
    );
    let title = h.get_by_label("Errata: what we found in the papers").rect();
    let screen = h.ctx.content_rect();
    assert!(
        title.top() > screen.center().y && title.left() > screen.center().x,
        "the folded list at {title:?}"
    );
    open(&mut h, "In front: Tree sweeps");
    h.run_steps(3);
    assert!(
        h.query_all_by_label("Show me").next().is_some(),
        "not unfolded"
    );
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

/// A lesson step's finding, Show me at a projector's 60 frames a second: the list folds to the
/// picture's bottom-right corner, standing on the status bar, clear of the lesson's drawer
/// (whose bottom holds a step's answer box) and of the picture's last line.
#[test]
fn show_me_from_a_lesson_folds_the_list_clear_of_the_drawer() {
    use loadlab::ui::app::Cmd;
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 720.0))
        .with_step_dt(1.0 / 60.0)
        .with_max_steps(200)
        .build_eframe(|cc| LoadlabApp::new(cc, None));
    settle(&mut h);
    h.state_mut().send(Cmd::Presenter(true));
    h.run_steps(3);
    super::common::open_step(&mut h, "grs", 8);
    h.get_by_label_contains("What we found: finding grs-half (")
        .click();
    h.run_steps(6);
    shown(&mut h, "Errata: what we found in the papers");
    // (Every finding of the paper has its Show me: grs-half's is on its row.)
    let row = h.get_by_label("grs-half").rect();
    h.query_all_by_label("Show me")
        .find(|b| (b.rect().center().y - row.center().y).abs() < 12.0)
        .expect("grs-half's Show me")
        .click();
    settle(&mut h);
    h.run_steps(120);
    let title = h.get_by_label_contains("Errata: what we found").rect();
    let drawer = h.state().drawer_rect().expect("the lesson's drawer");
    let centre = loadlab::ui::frame::centre(&h.ctx);
    assert!(
        !title.intersects(drawer),
        "{title:?} over the drawer {drawer:?}"
    );
    assert!(
        (centre.bottom() - 6.0..=centre.bottom() + 0.5).contains(&title.bottom())
            && title.right() > centre.center().x,
        "{title:?} is not in the bottom-right corner of {centre:?}"
    );
    // The step shows its plot in front: the plot (its axis title last) ends above the folded
    // title bar, which stood over the axis title.
    let drawn = h.state().drawn();
    assert!(!drawn.is_empty());
    for d in drawn {
        assert!(
            d.room.bottom() <= title.top() + 0.5,
            "{:?} reaches y = {} under the folded list's title at y = {}",
            d.region,
            d.room.bottom(),
            title.top()
        );
    }
    // Dragged by its title up from the corner, it leaves the room to the plot again.
    let from = egui::pos2(title.center().x, title.center().y);
    h.hover_at(from);
    h.run_steps(1);
    h.drag_at(from);
    h.run_steps(1);
    for dy in [20.0, 100.0, 250.0] {
        h.hover_at(from - egui::vec2(0.0, dy));
        h.run_steps(1);
    }
    h.drop_at(from - egui::vec2(0.0, 250.0));
    h.run_steps(4);
    let moved = h.get_by_label_contains("Errata: what we found").rect();
    assert!(moved.bottom() < title.top() - 100.0, "not moved: {moved:?}");
    let lowest = h.state().drawn().iter().map(|d| d.room.bottom());
    let lowest = lowest.fold(0.0, f32::max);
    assert!(
        lowest > title.top() + 10.0,
        "the plot still ends at y = {lowest}, above where the list stood"
    );
}

/// At 1280 × 720 the list is longer than its window, so it scrolls: its text wraps short of
/// the scroll bar, whose lane (egui's 10 points, inside the window's 6-point margin) no line
/// runs under. A floating bar, drawn over the text, hid the ends of the longest lines.
#[test]
fn the_lists_text_wraps_short_of_its_scroll_bar() {
    use egui_kittest::kittest::NodeT;
    let mut h = super::common::window(1280.0, 720.0, None);
    open(&mut h, "All five papers");
    shown(&mut h, "li-appendix-n");
    let node = h.get_by_role_and_label(
        egui::accesskit::Role::Window,
        "Errata: what we found in the papers",
    );
    let window = node.rect();
    let lane = f64::from(window.max.x - 6.0 - 10.0);
    // The lines in sight (the list's, under its tabs and heading).
    let runs: Vec<_> = node
        .children_recursive()
        .filter(|n| n.accesskit_node().role() == egui::accesskit::Role::TextRun)
        .filter_map(|n| n.accesskit_node().bounding_box())
        .filter(|r| r.y0 > f64::from(window.min.y) + 100.0 && r.y1 < f64::from(window.max.y))
        .collect();
    assert!(runs.len() > 20, "the list's lines are not found: {runs:?}");
    let widest = runs.iter().map(|r| r.x1).fold(0.0, f64::max);
    assert!(
        widest <= lane,
        "a line ends at x = {widest}, under the scroll bar's lane from x = {lane}"
    );
}
