//! The ring redistribution workspace driven through its accessibility tree.

use super::common::{settle, shown};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::model::redistribute::instance::Costs;
use loadlab::model::redistribute::params::{Algorithm, RedistParams};
use loadlab::model::registry::Scenario;
use loadlab::preset::Preset;
use loadlab::ui::LoadlabApp;
use loadlab::ui::widgets::step_bar::{LABEL_BACK, LABEL_FORWARD};

fn params(h: &Harness<'_, LoadlabApp>) -> RedistParams {
    match &h.state().preset().scenario {
        Scenario::Redistribute(p) => p.clone(),
        other => panic!("not the redistribution model: {other:?}"),
    }
}

fn app() -> Harness<'static, LoadlabApp> {
    super::common::app_on("Redistribution\non rings")
}

#[test]
fn edit_delta_fix_the_sum_and_step_algorithm_3() {
    let mut h = app();
    assert_eq!(params(&h), RedistParams::default());
    // The default ring: 12 homogeneous bidirectional processors, Lemma 6 gives 4 rounds.
    shown(&mut h, "✓ valid");
    shown(&mut h, "0 of 4 rounds done · round 1: δ_max = 4");
    // Edit δ_1: 3 → 4 breaks the conservation law.
    h.get_by_label("δ_1").set_text_value_accesskit("4");
    settle(&mut h);
    assert_eq!(params(&h).instance.delta[0], 4);
    shown(&mut h, "Σδ = 1, not 0");
    shown(&mut h, "Nothing runs on this instance");
    // Fix it with the button; the change is listed.
    h.get_by_role_and_label(Role::Button, "Make Σδ = 0").click();
    settle(&mut h);
    assert_eq!(params(&h).instance.delta.iter().sum::<i64>(), 0);
    shown(&mut h, "Σδ was 1: δ_1 4 → 3");
    shown(&mut h, "✓ valid");
    // Step three times: the round counter and δ_max follow (δ_max drops by one per round).
    for _ in 0..3 {
        h.get_by_label(LABEL_FORWARD).click();
        h.run_steps(2);
    }
    shown(&mut h, "3 of 4 rounds done · round 4: δ_max = 1");
    // The step bar counts the same way: 3 of 4 rounds done.
    assert!(h.query_by_label("3/4").is_some(), "the step bar's counter");
    h.get_by_label(LABEL_BACK).click();
    h.run_steps(2);
    shown(
        &mut h,
        "2 of 4 rounds done · round 3: δ_max = 2 (special rules, Steps 10–18)",
    );
    assert!(h.query_by_label("2/4").is_some(), "the step bar's counter");
    shown(
        &mut h,
        "Lemma 8: Algorithm 3 takes exactly Lemma 6's number of rounds",
    );
}

#[test]
fn a_non_integer_entry_is_refused_at_its_cell() {
    let mut h = app();
    h.get_by_label("δ_2").set_text_value_accesskit("2.5");
    settle(&mut h);
    shown(&mut h, "items are atomic, use an integer");
    // The instance keeps its last valid value.
    assert_eq!(params(&h).instance.delta[1], -1);
    // A load below 1 + δ_k is refused at its cell and blocks the run.
    h.get_by_label("L_3").set_text_value_accesskit("2");
    settle(&mut h);
    assert_eq!(params(&h).instance.loads[2], 2);
    shown(&mut h, "L_3 = 2 < 1 + δ_3 = 3");
    shown(&mut h, "Nothing runs on this instance");
}

#[test]
fn heterogeneous_bidirectional_ring_reads_the_lp() {
    let mut h = app();
    h.get_by_role_and_label(Role::RadioButton, "heterogeneous")
        .click();
    settle(&mut h);
    assert!(matches!(
        params(&h).instance.costs,
        Costs::Heterogeneous { .. }
    ));
    h.get_by_label("c_cw_1").set_text_value_accesskit("3");
    settle(&mut h);
    assert_eq!(params(&h).instance.cw(0), 3.0);
    assert_eq!(params(&h).algorithm, Algorithm::Auto);
    // Auto: System 6 with Lemma 9 when the solution is light, with forwarding otherwise.
    shown(&mut h, "System 6 + ");
    shown(&mut h, "R_1 (integer solution)");
    shown(&mut h, "Proposition 1");
    shown(&mut h, "Lemma 12");
    shown(&mut h, "✓ valid");
}

#[test]
fn the_ring_drawing_edits_delta_and_link_costs() {
    let mut h = app();
    // Drag P1 up by four units.
    let at = h.get_by_label("processor P1").rect().center();
    h.drag_at(at);
    h.run_steps(1);
    for k in 1..=8 {
        h.hover_at(at - egui::vec2(0.0, 6.0 * k as f32));
        h.run_steps(1);
    }
    h.drop_at(at - egui::vec2(0.0, 50.0));
    settle(&mut h);
    // 50 points at 12 per unit, less egui's drag threshold: three or four units.
    let d1 = params(&h).instance.delta[0];
    assert!((3 + 3..=3 + 4).contains(&d1), "δ_1 = {d1}");
    shown(&mut h, &format!("Σδ = {}, not 0", d1 - 3));
    // Click the link P2 – P3 and give it new costs.
    h.get_by_label("link P2 – P3").click();
    h.run_steps(2);
    h.get_by_label("c(2,3)").set_value_accesskit(5.0);
    h.get_by_label("c(3,2)").set_value_accesskit(7.0);
    h.run_steps(2);
    h.get_by_role_and_label(Role::Button, "Apply").click();
    settle(&mut h);
    let inst = params(&h).instance;
    assert_eq!((inst.cw(1), inst.ccw(2)), (5.0, 7.0));
    assert!(matches!(inst.costs, Costs::Heterogeneous { .. }));
}

#[test]
fn every_study_plots() {
    let mut h = app();
    let pick = |h: &mut Harness<'static, LoadlabApp>, name: &str| {
        h.get_by_role_and_label(Role::ComboBox, "Plot:").click();
        h.run_steps(2);
        h.get_by_role_and_label(Role::Button, name).click();
        settle(h);
    };
    shown(&mut h, "worst makespan / bound: 1");
    pick(&mut h, "System 6 / Lemma 12");
    shown(&mut h, "optima equal Lemma 12");
    pick(&mut h, "Algorithm 3 rounds vs Lemma 6");
    shown(&mut h, "corrected: 0 off Lemma 6, 0 failing the checker");
    pick(&mut h, "Section 8: iterative application");
    shown(&mut h, "Mean per run");
}

/// Rect of the node labelled exactly `label`.
fn rect_of(h: &Harness<'_, LoadlabApp>, label: &str) -> egui::Rect {
    h.get_by_label(label).rect()
}

#[test]
fn the_ring_keeps_its_place_and_scale_while_a_processor_is_dragged() {
    let mut h = app();
    let p1 = rect_of(&h, "processor P1");
    let p7 = rect_of(&h, "processor P7");
    // Drag P1 up by several units: Σδ ≠ 0 makes the instance invalid mid-drag, which swaps
    // the run's picture for the bare ring under an error line.
    let at = p1.center();
    h.drag_at(at);
    h.run_steps(1);
    for k in 1..=10 {
        h.hover_at(at - egui::vec2(0.0, 6.0 * k as f32));
        h.run_steps(1);
    }
    settle(&mut h);
    assert_ne!(params(&h).instance.delta[0], 3, "the drag changed nothing");
    shown(&mut h, "Nothing runs on this instance");
    assert_eq!(
        rect_of(&h, "processor P1"),
        p1,
        "P1 moved under the pointer"
    );
    assert_eq!(
        rect_of(&h, "processor P7"),
        p7,
        "the ring rescaled mid-drag"
    );
    h.drop_at(at - egui::vec2(0.0, 60.0));
    settle(&mut h);
}

#[test]
fn clicking_a_link_line_opens_its_editor_beside_it() {
    // The other projector size: on the 12-ring there the lines between the discs are long
    // enough to click clear of the discs and the cost labels.
    let mut h = super::stepping::open_sized("redistribute-12-ring", egui::vec2(1920.0, 1080.0));
    let (a, b) = (
        rect_of(&h, "processor P2").center(),
        rect_of(&h, "processor P3").center(),
    );
    let (pa, pb) = (rect_of(&h, "processor P2"), rect_of(&h, "processor P3"));
    let label = rect_of(&h, "link P2 – P3");
    // The point on the line between the discs farthest from them and from the cost label
    // (egui gives a click to a widget within a few points of the pointer).
    let clearance = |p: egui::Pos2| {
        let discs = pa.distance_to_pos(p).min(pb.distance_to_pos(p));
        discs.min(label.distance_to_pos(p))
    };
    let on_line = (0..=40)
        .map(|k| a + (b - a) * (k as f32 / 40.0))
        .max_by(|p, q| clearance(*p).total_cmp(&clearance(*q)))
        .expect("points");
    assert!(clearance(on_line) > 5.5, "no free point on the link");
    h.hover_at(on_line);
    h.run_steps(2);
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: on_line,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.run_steps(1);
    }
    h.run_steps(3);
    // The editor of that link is open, beside it: its cost field close to the link, and the
    // window keeping off both discs.
    let field = rect_of(&h, "c(2,3)");
    let mid = a + (b - a) * 0.5;
    assert!(
        field.distance_to_pos(mid) < 200.0,
        "the editor opened far from the link: {field:?} vs {mid:?}"
    );
    let title = rect_of(&h, "Link cost P2 – P3");
    let window = title.union(field);
    for (p, name) in [(pa, "P2"), (pb, "P3")] {
        assert!(
            !window.intersects(p),
            "the editor covers {name}: {window:?}"
        );
    }
    h.get_by_role_and_label(Role::Button, "Close").click();
    settle(&mut h);
    assert!(h.query_by_label("c(2,3)").is_none());
}

/// The app opened on the bidirectional homogeneous 2-ring δ = (d, −d).
fn app_on_two_ring(d: i64) -> Harness<'static, LoadlabApp> {
    use loadlab::model::redistribute::instance::RingInstance;
    let params = RedistParams {
        instance: RingInstance::bidirectional(vec![d, -d], Costs::Homogeneous(1.0)),
        ..RedistParams::default()
    };
    super::common::harness(Some(loadlab::preset::Preset::new(
        "two processors",
        "",
        Scenario::Redistribute(params),
    )))
}

#[test]
fn a_schedule_beyond_the_budget_is_refused_not_drawn() {
    // 90 million rounds of one send are over Algorithm 3's work limit (it streams its rounds,
    // so work binds, not memory): the run is refused with the estimate, and the Gantt tab
    // shows the refusal instead of running for seconds.
    let mut h = app_on_two_ring(90_000_000);
    shown(&mut h, "more than the limit of 1 × 10^9");
    h.get_by_label("Gantt").click();
    settle(&mut h);
    shown(&mut h, "Cannot run: n = 2, max |δ| = 90000000");
}

#[test]
fn the_gantt_chart_counts_transfers_before_building_them() {
    let mut h = app_on_two_ring(100_000);
    h.get_by_label("Gantt").click();
    settle(&mut h);
    shown(
        &mut h,
        "100000 transfers: too many to draw (at most 20000).",
    );
}

#[test]
fn an_error_line_never_moves_the_vector_table() {
    let mut h = app();
    let before = [rect_of(&h, "δ_1"), rect_of(&h, "δ_12")];
    // Σδ ≠ 0 and an entry refused at its cell: both messages appear, under the table.
    h.get_by_label("δ_1").set_text_value_accesskit("4");
    settle(&mut h);
    h.get_by_label("δ_2").set_text_value_accesskit("2.5");
    settle(&mut h);
    shown(&mut h, "Σδ = 1, not 0");
    shown(&mut h, "items are atomic");
    assert_eq!([rect_of(&h, "δ_1"), rect_of(&h, "δ_12")], before);
    let message = h.get_by_label_contains("⚠ Σδ = 1, not 0").rect();
    assert!(
        message.top() > before[0].bottom(),
        "the message {message:?} sits under the table {:?}",
        before[0]
    );
}

/// Every "name = value" the GUI shows, split at the first " = ".
fn named_values(h: &Harness<'_, LoadlabApp>) -> Vec<(String, String)> {
    h.query_all_by_label_contains(" = ")
        .filter_map(|n| {
            // A label keeps its text as its value (AccessKit).
            let a = n.accesskit_node();
            let label = if a.role() == Role::Label {
                a.value()
            } else {
                a.label()
            }?;
            let (name, value) = label.split_once(" = ")?;
            Some((name.to_string(), value.to_string()))
        })
        .collect()
}

/// Whether `shown` writes `value` at the numbers table's precision (6 significant digits).
fn same_value(value: &loadlab::report::Cell, shown: &str) -> bool {
    use loadlab::report::Cell;
    match value {
        Cell::Empty => shown == "—",
        Cell::Bool(b) => shown == if *b { "yes" } else { "no" },
        Cell::Int(i) => shown.parse::<i128>() == Ok(*i),
        Cell::Num(x) if !x.is_finite() => shown.parse::<f64>().is_ok_and(|y| y == *x),
        Cell::Num(x) => shown
            .parse::<f64>()
            .is_ok_and(|y| (y - x).abs() <= 5e-6 * x.abs() + 1e-12),
        Cell::Text(t) => shown == t,
    }
}

/// The numbers region is the report: for bundled scenarios (Algorithm 3 on the 12-ring,
/// System 6 on the heterogeneous 16-ring), every figure of the report's run is shown under its
/// name with its value, read back through the accessibility tree. The gap is one quantity:
/// makespan − best lower bound as shown (0 when Lemma 6 is met), never makespan ÷ bound.
#[test]
fn the_numbers_region_shows_the_reports_figures() {
    use loadlab::model::NoProgress;
    use loadlab::report::{Detail, ModelRun, redistribute::GAP};
    for name in ["redistribute-12-ring", "redistribute-hetero-16"] {
        let preset = loadlab::preset::find_bundled(name).expect("bundled preset");
        let run = match loadlab::report::run(&preset.scenario, Detail::Summary, &NoProgress) {
            Ok(ModelRun::Redistribute(run)) => run,
            other => panic!("{name}: not a redistribution run: {other:?}"),
        };
        let mut h = super::common::harness(Some(preset));
        shown(&mut h, "✓ valid");
        let on_screen = named_values(&h);
        let value_of = |figure: &str| {
            on_screen
                .iter()
                .find(|(n, _)| n == figure)
                .map(|(_, v)| v.clone())
                .unwrap_or_else(|| panic!("{name}: {figure:?} is not shown in {on_screen:?}"))
        };
        let figures = run.figures();
        assert!(figures.len() >= 6, "{name}: {figures:?}");
        for f in &figures {
            let shown = value_of(f.name);
            assert!(
                same_value(&f.value, &shown),
                "{name}: {} shows {shown:?}, the report says {:?}",
                f.name,
                f.value
            );
        }
        let number = |figure: &str| value_of(figure).parse::<f64>().expect("a number");
        let gap = number(GAP);
        let (makespan, bound) = (number("makespan"), number("best lower bound"));
        assert!(
            (gap - (makespan - bound)).abs() <= 1e-5 * makespan.abs().max(1.0),
            "{name}: gap {gap}, makespan {makespan}, bound {bound}"
        );
        if name == "redistribute-12-ring" {
            // Algorithm 3 meets Lemma 6 exactly (Lemma 8): the gap is 0.
            assert_eq!(gap, 0.0);
        }
    }
}

/// The benchmark's random bidirectional homogeneous ring (benches/redistribute.rs,
/// `ring_10000`: seed 8) of 10 000 processors with |δ| ≤ `m` under Algorithm 3, stepped
/// forward, back, to the end and back: the caption counts the rounds as the step bar does
/// and nothing is refused. Algorithm 3 keeps no rounds at this size; each step plans its
/// round again from a checkpoint.
fn step_the_ten_thousand_ring(m: i64) {
    use loadlab::model::redistribute::bounds::lemma6_rounds;
    use loadlab::model::redistribute::editing::{RandomSpec, random_instance};
    use loadlab::ui::widgets::step_bar::LABEL_LAST;
    let instance = random_instance(&RandomSpec {
        seed: 8,
        n: 10_000,
        max_delta: m,
        ..RandomSpec::default()
    });
    let total = lemma6_rounds(&instance.delta);
    assert!(total > 10, "{total} rounds");
    let params = RedistParams {
        instance,
        algorithm: Algorithm::Alg3,
        ..RedistParams::default()
    };
    let mut h = super::common::harness(Some(loadlab::preset::Preset::new(
        "ten thousand processors",
        "",
        Scenario::Redistribute(params),
    )));
    settle(&mut h);
    shown(
        &mut h,
        &format!("0 of {total} rounds done · round 1: δ_max = "),
    );
    let step = |h: &mut Harness<'static, LoadlabApp>, label: &str| {
        h.get_by_label(label).click();
        settle(h);
    };
    for k in 1..=3 {
        step(&mut h, LABEL_FORWARD);
        shown(
            &mut h,
            &format!("{k} of {total} rounds done · round {}: ", k + 1),
        );
    }
    step(&mut h, LABEL_BACK);
    shown(&mut h, &format!("2 of {total} rounds done · round 3: "));
    step(&mut h, LABEL_LAST);
    shown(&mut h, &format!("Done: balanced after {total} rounds"));
    step(&mut h, LABEL_BACK);
    let last = total - 1;
    shown(
        &mut h,
        &format!("{last} of {total} rounds done · round {total}: δ_max = 1"),
    );
    for refusal in ["Cannot run", "more than the limit", "too many"] {
        assert!(
            h.query_all_by_label_contains(refusal).next().is_none(),
            "{refusal:?} is shown"
        );
    }
}

/// |δ| ≤ 30 (a few hundred rounds): quick enough for every test run.
#[test]
fn the_ten_thousand_ring_steps_at_small_deltas() {
    step_the_ten_thousand_ring(30);
}

/// The benchmark's instance itself, |δ| ≤ 1 000 (27 010 rounds; run it with the release
/// build: `cargo test --release --test suite ten_thousand -- --ignored`).
#[test]
#[ignore = "release build: the full 10 000-ring"]
fn the_ten_thousand_ring_steps_at_the_benchmarks_deltas() {
    step_the_ten_thousand_ring(1000);
}

#[test]
fn a_round_of_many_sends_draws_its_first_rows_and_counts_the_rest() {
    use loadlab::model::redistribute::instance::{Direction, RingInstance};
    use loadlab::ui::widgets::result_table::{LABEL_COPY_TABLE, ROWS_DRAWN};
    // δ = (1, 0, …, 0, −1) on a unidirectional ring of 600: Lemma 1's bound is 1, so in its one
    // round every processor but the last passes an item on: 599 sends. A frame lays out every
    // row it draws (all 7 862 of a monkey's ring took 200 ms a frame): the list draws the
    // first ROWS_DRAWN and counts the rest; Copy as text copies them all.
    const N: usize = 600;
    let mut delta = vec![0; N];
    (delta[0], delta[N - 1]) = (1, -1);
    let params = RedistParams {
        instance: RingInstance::homogeneous(delta, Direction::Uni, 1.0),
        ..RedistParams::default()
    };
    let ring = Preset::new("long ring", "", Scenario::Redistribute(params));
    let mut h = super::common::harness(Some(ring));
    settle(&mut h);
    h.get_by_label("sends").click();
    settle(&mut h);
    let row = |k: usize| format!("P{k} → P{}", k + 1);
    shown(&mut h, &row(1));
    assert!(
        h.query_by_label(&row(ROWS_DRAWN)).is_some(),
        "the last row drawn"
    );
    assert!(
        h.query_by_label(&row(ROWS_DRAWN + 1)).is_none(),
        "a row past them"
    );
    let rest = N - 1 - ROWS_DRAWN;
    shown(
        &mut h,
        &format!("… {rest} more sends (Copy as text copies them all)"),
    );
    // Every send is copied: the header, its rule and 599 rows.
    // (The list's own button: the one right above its first row; the bounds have one too.)
    let first = rect_of(&h, &row(1));
    let copies = h.query_all_by_role_and_label(Role::Button, LABEL_COPY_TABLE);
    let copy = copies
        .filter(|b| b.rect().bottom() <= first.top())
        .min_by(|a, b| {
            let gap = |n: &egui_kittest::Node<'_>| first.top() - n.rect().bottom();
            gap(a).total_cmp(&gap(b))
        })
        .expect("the list's Copy as text");
    copy.click();
    h.run_steps(2);
    shown(&mut h, &format!("Copied every send ({} lines)", N - 1 + 2));
    // On the stage the rows that fit, whole, then the count of the rest (never more than a
    // table draws are laid out).
    h.state_mut().send(loadlab::ui::app::Cmd::Presenter(true));
    settle(&mut h);
    shown(&mut h, &row(1));
    assert!(
        h.query_by_label(&row(ROWS_DRAWN + 1)).is_none(),
        "a row past them"
    );
    shown(&mut h, "more sends (Copy as text copies them all)");
}

#[test]
fn the_arrows_legend_names_the_steps_of_the_algorithm_run() {
    // Algorithm 3 (corrected) colours its arrows by five groups of steps, feeding included;
    // as printed it has no feeding step, and the legend does not offer one.
    let mut h = app();
    shown(&mut h, "■ out of a positive maximal slice");
    shown(&mut h, "■ feeding (corrected)");
    let params = RedistParams {
        algorithm: Algorithm::Alg3Literal,
        ..RedistParams::default()
    };
    let printed = Preset::new("as printed", "", Scenario::Redistribute(params));
    let mut h = super::common::harness(Some(printed));
    settle(&mut h);
    shown(&mut h, "■ out of a positive maximal slice");
    assert!(h.query_by_label("■ feeding (corrected)").is_none());
}

/// A link cost typed beyond what the editor takes (0: a cost is > 0) is clamped with a note
/// under the fields, not silently.
#[test]
fn a_link_cost_typed_as_zero_is_clamped_with_a_note() {
    let mut h = app();
    h.get_by_label("link P2 – P3").click();
    h.run_steps(2);
    super::common::enter_number(&mut h, "c(2,3)", "0");
    shown(
        &mut h,
        "⚠ 0 is outside the values c(2,3) takes (at least 1e-6, at most 1000000000): it is \
         now 1e-6",
    );
    assert_eq!(super::common::number_in(&h, "c(2,3)"), 1e-6);
}

/// The processors' loads follow the run: every item sent moves one from L_i as from δ_i, so at
/// the end of the default ring's Algorithm 3 processor k holds L_k − δ_k with δ = 0 (the labels
/// read the instance's loads at every step: "L=3" beside "Done: balanced"), and before it the
/// instance's own.
#[test]
fn the_ring_s_loads_are_the_step_s() {
    let mut h = app();
    let inst = params(&h).instance;
    let said = |h: &Harness<'_, LoadlabApp>, k: usize| -> String {
        let label = format!("processor P{k}");
        let node = h.get_by_label(&label);
        let a = node.accesskit_node();
        a.value().unwrap_or_default().to_string()
    };
    for k in 1..=inst.n() {
        let start = format!(
            "P{k}: L = {}, δ now = {},",
            inst.loads[k - 1],
            inst.delta[k - 1]
        );
        assert!(said(&h, k).starts_with(&start), "{}", said(&h, k));
    }
    h.key_press(egui::Key::End);
    settle(&mut h);
    shown(&mut h, "Done");
    for k in 1..=inst.n() {
        let end = format!(
            "P{k}: L = {}, δ now = 0,",
            inst.loads[k - 1] - inst.delta[k - 1]
        );
        assert!(said(&h, k).starts_with(&end), "{}", said(&h, k));
    }
}
