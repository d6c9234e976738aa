//! Secrecy of a lesson question (issue 34, items 2, 9 and 13): until Reveal no text in the
//! window — the numbers, captions, Why lines, tables, axes, tree labels, tooltips — shows the
//! answer or a value of the run that gives it away (a gap to a stated bound, a ratio, the
//! root's start, a rounding of System 6), with the step bar at its start and at its end and
//! every drawer tab in front; after Reveal they are there. The expected values are the ones
//! the lessons state (their prompts and explanations) and the papers' numbers, never the
//! app's own output. Also: a hidden future is not read out by hovering a plot, the errata's
//! Show me shows its instance and its value (the answer box: `answer_box.rs`).

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};
use loadlab::lesson::BUNDLED as LESSONS;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::{Cmd, Switch, View};
use loadlab::ui::commands::StepCmd;

use super::common::{open_step, presenter_720p, settle, shown};

/// What must not be read before Reveal.
#[derive(Debug, Clone, Copy)]
enum Giveaway {
    /// A number written exactly so, standing as a value (not part of a name such as P_4,
    /// Theorem 2 or 2^10, nor of a longer number).
    Value(&'static str),
    /// Any number written with at least three significant digits within `.1` of `.0` (the
    /// stated answer and the question's tolerance: whatever the app computes, it lies there).
    Near(f64, f64),
}

/// One bundled question: lesson, 1-based step, what gives it away, and what is read after
/// Reveal (the answer at least).
struct Case {
    lesson: &'static str,
    step: usize,
    hidden: &'static [Giveaway],
    after: &'static [&'static str],
}

use Giveaway::{Near, Value};

/// Every bundled question, with what the lesson says gives it away.
const CASES: &[Case] = &[
    // Lemma 1's bound 4 (= Algorithm 1's makespan, Theorem 1).
    Case {
        lesson: "rrv",
        step: 1,
        hidden: &[Value("4")],
        after: &["4"],
    },
    // Algorithm 3's 2 rounds (Lemma 6's bound, met: Lemma 8).
    Case {
        lesson: "rrv",
        step: 3,
        hidden: &[Value("2")],
        after: &["2"],
    },
    Case {
        lesson: "rrv",
        step: 4,
        hidden: &[Value("2")],
        after: &["2"],
    },
    // System 6's integer optimum 30 over the stated rational 27: gap 3, ratio 10/9.
    Case {
        lesson: "rrv",
        step: 6,
        hidden: &[Value("30"), Near(30.0 / 27.0, 0.0005)],
        after: &["30", "1.111"],
    },
    // T* = 10 (the root on processor 0 from 9 to 10).
    Case {
        lesson: "grs",
        step: 1,
        hidden: &[Value("10"), Value("9")],
        after: &["10"],
    },
    // T* = 21 for n = 8, τ = 4 (the root from 20).
    Case {
        lesson: "grs",
        step: 4,
        hidden: &[Value("21"), Value("20")],
        after: &["21"],
    },
    // T_PY = 261 with T* = 179 stated: T*/T_PY = 0.6858 (the root from 260). Every time of
    // P.Y's schedule leads to T_PY: its top cluster S (⌊τ + 1⌋ = 129 nodes, heap nodes 1–129)
    // starts with heap node 129, whose children root 3-node trees below S, each on one
    // processor, sent after 3 units and received τ = 128 later: at 131.
    Case {
        lesson: "grs",
        step: 5,
        hidden: &[
            Value("261"),
            Value("260"),
            Value("131"),
            Near(179.0 / 261.0, 0.0005),
        ],
        after: &["261", "starts at t = 131"],
    },
    Case {
        lesson: "grs",
        step: 6,
        hidden: &[Near(0.69, 0.02)],
        after: &["0.6"],
    },
    Case {
        lesson: "grs",
        step: 7,
        hidden: &[Near(0.62, 0.02)],
        after: &["0.6"],
    },
    Case {
        lesson: "grs",
        step: 10,
        // The lesson's answer, T*/T_PY = 2077/4002: T_PY = 2001 + 2001 (P.Y's cluster of
        // ⌊τ + 1⌋ nodes waits for leaves that arrive at 1 + τ, then runs back to back); T* is
        // Fine-Grain's top cluster of 2077 nodes (the model's, checked against the exhaustive
        // optimum elsewhere), run without a gap from time 0, so the picture's count of
        // processor 0's nodes ("0 of 2077 done") gives T* away as well.
        hidden: &[Near(2077.0 / 4002.0, 0.0005), Value("4002"), Value("2077")],
        after: &["0.51899", "4002", "2077"],
    },
    // T_C = β(1 + β)/(1 + 3β) = 33.55 at β = 100 (the lesson's closed form), S = 100/T_C.
    Case {
        lesson: "li",
        step: 2,
        hidden: &[Near(100.0 * 101.0 / 301.0, 0.5), Near(301.0 / 101.0, 0.01)],
        after: &["33"],
    },
    // S_N ≈ 102 = Theorem 1's S_∞ = 101.98 within 0.2 % (β = 100 is stated).
    Case {
        lesson: "li",
        step: 3,
        hidden: &[Near(101.98, 0.6)],
        after: &["10"],
    },
    Case {
        lesson: "li",
        step: 5,
        hidden: &[Near(1.008, 0.001)],
        after: &["1.00"],
    },
    Case {
        lesson: "li",
        step: 6,
        hidden: &[Near(1.97, 0.01)],
        after: &["1.9"],
    },
    Case {
        lesson: "li",
        step: 7,
        hidden: &[Near(1.24, 0.05)],
        after: &["1.2"],
    },
    // lg(n/p) = 10 balancings: the prompt states n = 2^20 and p = 2^10, so 10 is on the
    // timeline's lg axis at round 0 by the prompt's own numbers (the balancings figure and
    // lg(n/p) are hidden: the unit tests of the relation check them).
    Case {
        lesson: "gil-matias",
        step: 3,
        hidden: &[],
        after: &["10"],
    },
    Case {
        lesson: "gil-matias",
        step: 4,
        hidden: &[Value("5")],
        after: &["5"],
    },
    Case {
        lesson: "gil-matias",
        step: 5,
        hidden: &[Value("4")],
        after: &["4"],
    },
    Case {
        lesson: "gil-matias",
        step: 6,
        hidden: &[],
        after: &["4"],
    },
    // Node 13 runs on P_2 (a choice: its name P_2 is everywhere).
    Case {
        lesson: "gao-rosenberg",
        step: 2,
        hidden: &[],
        after: &["2"],
    },
    // T_7 on R_4: makespan 38 with Theorem 2.2's 40 stated: speed-up 127/38, efficiency
    // 127/152.
    Case {
        lesson: "gao-rosenberg",
        step: 4,
        hidden: &[
            Value("38"),
            Near(127.0 / 38.0, 0.0005),
            Near(127.0 / 152.0, 0.0005),
        ],
        after: &["38"],
    },
    // Random sends: 18 on seed 1; efficiency 63/72.
    Case {
        lesson: "gao-rosenberg",
        step: 5,
        hidden: &[Value("18"), Near(63.0 / 72.0, 0.0005)],
        after: &["18"],
    },
    Case {
        lesson: "gao-rosenberg",
        step: 6,
        hidden: &[],
        after: &["0"],
    },
];

/// Words after which a number names a thing, not a quantity (Theorem 2, Fig. 4, Steps 10, a
/// tree's node 13 by its heap number, processor 3).
const NAMES: &[&str] = &[
    "node",
    "processor",
    "Theorem",
    "Lemma",
    "Lemmas",
    "Algorithm",
    "Alg.",
    "System",
    "Fig.",
    "Figs.",
    "Section",
    "Step",
    "Steps",
    "step",
    "steps",
    "Proposition",
    "Corollary",
    "Table",
    "n",
    "p",
    "h",
];

/// The numbers of `text` that stand as values: (the number as written, its value).
fn numbers(text: &str) -> Vec<(String, f64)> {
    let t = text.replace('−', "-");
    let chars: Vec<char> = t.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let starts = c.is_ascii_digit()
            || (c == '.' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = (i..chars.len())
            .find(|&k| !(chars[k].is_ascii_digit() || chars[k] == '.'))
            .unwrap_or(chars.len());
        // An exponent belongs to the number: 1.25445e-6 is not 1.25.
        if chars.get(j) == Some(&'e') {
            let mut k = j + 1;
            if matches!(chars.get(k), Some('-' | '+')) {
                k += 1;
            }
            if chars.get(k).is_some_and(char::is_ascii_digit) {
                while chars.get(k).is_some_and(char::is_ascii_digit) {
                    k += 1;
                }
                j = k;
            }
        }
        let token: String = chars[i..j].iter().collect();
        let token = token.trim_end_matches('.').to_string();
        let before: String = chars[..i].iter().collect();
        let prev = before.chars().next_back();
        // ("Step 12 ×2": a multiplicity counts the sends citing a step.)
        let name = prev.is_some_and(|p| p.is_alphanumeric() || "_{^,×".contains(p))
            || before
                .trim_end()
                .rsplit([' ', '('])
                .next()
                .is_some_and(|w| before.ends_with(' ') && NAMES.contains(&w));
        // An instance's input (L=2, δ = 1, n = 5, τ = 2.5): the prompt states the instance.
        let input = before
            .trim_end()
            .strip_suffix('=')
            .map(|b| b.trim_end().rsplit([' ', '(', ',']).next().unwrap_or(""))
            .is_some_and(|w| {
                ["L", "δ", "n", "c", "τ", "β", "h", "p", "ℓ", "α", "b", "k"].contains(&w)
                    || w.starts_with("L_")
                    || w.starts_with("δ_")
            });
        // A count of sends or items (the rounds' moves; no question asks one): "4 sends".
        let after: String = chars[j..].iter().collect();
        let moves = ["send", "transfer", "item", "maximal"]
            .iter()
            .any(|w| after.starts_with(&format!(" {w}")));
        // A sender's own δ_i before and after its send ("δ of the sender: 2 → 1"): the
        // instance the prompt states, updated; not δ_max nor the rounds (Lemma 8).
        // (On the stage the sends are paragraphs, wrapped: a line may begin "the sender:" or
        // "sender:".)
        let own_delta = before.contains("the sender") || before.starts_with("sender:");
        let name = name || input || moves || own_delta;
        // A minus sign makes another number: −2 is not the answer 2.
        let negative = prev == Some('-')
            && !before[..before.len() - 1]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric);
        if !name
            && !negative
            && let Ok(x) = token.parse::<f64>()
        {
            out.push((token, x));
        }
        i = j;
    }
    out
}

/// Significant digits of a number as written.
fn significant(written: &str) -> usize {
    written
        .trim_start_matches(['0', '.'])
        .chars()
        .filter(char::is_ascii_digit)
        .count()
}

/// Whether `text` gives `g` away.
fn gives_away(text: &str, g: Giveaway) -> bool {
    numbers(text).iter().any(|(w, x)| match g {
        Value(v) => w == v,
        Near(v, tol) => significant(w) >= 3 && (x - v).abs() <= tol,
    })
}

/// Every text of the last frame: the accessibility tree's labels and values and every text
/// painted (axes, tree labels, tooltips), with where it is. Texts inside the drawer are left
/// out when `drawer` is false (the lesson's own words are there).
fn texts(h: &Harness<'static, LoadlabApp>, drawer: bool) -> Vec<String> {
    let skip = (!drawer).then(|| h.state().drawer_rect()).flatten();
    let screen = h.ctx.content_rect();
    let outside = |p: egui::Pos2| screen.contains(p) && !skip.is_some_and(|d| d.contains(p));
    let mut out: Vec<String> = h
        .query_all(by().predicate(|_| true))
        .filter(|n| n.accesskit_node().bounding_box().is_some())
        .filter(|n| outside(n.rect().center()))
        .flat_map(|n| {
            let a = n.accesskit_node();
            // An input's value is the instance the teacher set (the prompt states it).
            let input = matches!(
                a.role(),
                Role::SpinButton | Role::Slider | Role::TextInput | Role::MultilineTextInput
            );
            // A ring processor's own δ_i is the stated instance (see `without_own_delta`).
            let label = a.label().unwrap_or_default();
            let value = a
                .value()
                .map(|v| super::access_tree::without_own_delta(&label, v.to_string()));
            [a.label(), value.filter(|_| !input)]
        })
        .flatten()
        .collect();
    // The vector editor's cells read "L_4", "2", "δ_4", "1": inputs, left out.
    let cells: Vec<bool> = out
        .iter()
        .enumerate()
        .map(|(i, t)| {
            i > 0
                && (out[i - 1].starts_with("L_") || out[i - 1].starts_with("δ_"))
                && t.trim_start_matches('-').parse::<f64>().is_ok()
        })
        .collect();
    let mut k = 0;
    out.retain(|_| {
        k += 1;
        !cells[k - 1]
    });
    let mut shapes: Vec<&egui::epaint::Shape> =
        h.output().shapes.iter().map(|c| &c.shape).collect();
    while let Some(s) = shapes.pop() {
        match s {
            egui::epaint::Shape::Vec(v) => shapes.extend(v.iter()),
            egui::epaint::Shape::Text(t) if outside(t.pos + t.galley.rect.center().to_vec2()) => {
                // A painted single digit alone is a processor's number or an axis tick on
                // every picture (P_1 … P_5, δ = −2 … 2): not read as a value.
                let text = t.galley.text();
                let digit = text.len() == 1 && text.chars().all(|c| c.is_ascii_digit());
                if !digit {
                    out.push(text.to_owned());
                }
            }
            _ => {}
        }
    }
    // The lesson's own counter ("step 1 of 10": its steps, not the run's).
    out.retain(|t| {
        !t.strip_prefix("step ").is_some_and(|r| {
            r.split(" of ")
                .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        })
    });
    out
}

#[test]
fn the_numbers_drawers_values_stand_at_one_x_from_step_to_step_and_table_to_table() {
    // Li's steps 5 and 6 list the same rows with values of other widths ("1.00019" or "?",
    // "65535" or "511"), in two tables (the instance, method C): right-aligned values end at
    // one x in all of them (the walk found 1245, 1222, 1195, 1200).
    let mut h = presenter_720p();
    let right = |h: &Harness<'static, LoadlabApp>, name: &str| {
        let label = format!("{name} = ");
        let node = h.query_all_by_label_contains(&label).next();
        node.unwrap_or_else(|| panic!("{name}")).rect().right()
    };
    let mut edges = Vec::new();
    for step in [5, 6] {
        open_step(&mut h, "li", step);
        super::common::drawer_tab(&mut h, "Numbers");
        for name in ["N (processors)", "T_P / T_Q", "T_N closed form, C"] {
            edges.push((step, name, right(&h, name)));
        }
    }
    let x = edges[0].2;
    assert!(edges.iter().all(|e| (e.2 - x).abs() < 0.5), "{edges:?}");
}

/// Brings `choice` ("Picture" or "Plots": the button, not a heading) in front; false when
/// there is no such choice.
fn in_front(h: &mut Harness<'static, LoadlabApp>, choice: &str) -> bool {
    let clicked = h
        .query_all_by_label(choice)
        .find(|n| n.accesskit_node().role() == Role::Button)
        .map(|n| n.click())
        .is_some();
    if clicked {
        settle(h);
    }
    clicked
}

/// The texts of every screen a presenter reaches at this step without revealing: the step
/// bar at its start and at its end, each with the Numbers and the Controls tab in front
/// (whole window) and with the Lesson tab (outside the drawer); then, where the step opens
/// on its plots, the picture in front at both ends of the bar (its captions count nodes and
/// times).
fn screens(h: &mut Harness<'static, LoadlabApp>) -> Vec<(String, Vec<String>)> {
    let mut out = screens_in_front(h);
    if in_front(h, "Picture") {
        for (what, t) in screens_in_front(h) {
            out.push((format!("picture in front, {what}"), t));
        }
        in_front(h, "Plots");
    }
    out
}

/// [`screens`] with what is in front now.
fn screens_in_front(h: &mut Harness<'static, LoadlabApp>) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for (bar, cmd) in [("start", StepCmd::First), ("end", StepCmd::Last)] {
        h.state_mut().send(Cmd::Step(cmd));
        settle(h);
        for tab in ["Numbers", "Controls", "Lesson"] {
            super::common::drawer_tab(h, tab);
            h.run_steps(2);
            out.push((
                format!("step bar at the {bar}, {tab}"),
                texts(h, tab == "Numbers"),
            ));
        }
    }
    out
}

#[test]
fn no_question_shows_what_gives_its_answer_away_until_reveal_and_all_of_it_after() {
    let mut h = presenter_720p();
    let mut asked = 0;
    for case in CASES {
        open_step(&mut h, case.lesson, case.step);
        let what = format!("{} step {}", case.lesson, case.step);
        for (screen, all) in screens(&mut h) {
            for t in &all {
                for g in case.hidden {
                    assert!(
                        !gives_away(t, *g),
                        "{what}, {screen}: {t:?} gives {g:?} away before Reveal; all: {all:?}"
                    );
                }
            }
        }
        super::common::reveal(&mut h);
        let mut after: Vec<String> = Vec::new();
        for (_, t) in screens(&mut h) {
            after.extend(t);
        }
        for a in case.after {
            assert!(
                after.iter().any(|t| t.contains(a)),
                "{what}: {a} is not shown after Reveal"
            );
        }
        asked += 1;
        h.state_mut().send(Cmd::LeaveLesson);
        settle(&mut h);
    }
    let bundled: usize = LESSONS
        .iter()
        .map(|b| {
            let l = b.lesson().expect("parses");
            l.steps.iter().filter(|s| s.question.is_some()).count()
        })
        .sum();
    assert_eq!(asked, bundled, "every bundled question has its case");
}

#[test]
fn system_6s_giveaways_read_a_question_mark_and_innocent_numbers_stay() {
    // rrv step 6 at 720p, Numbers in front: τ(⌊R_1⌋), τ (integer optimum), the gap and the
    // ratio read "?"; the stated rational optimum 27 and R_1 = 0.375 stay.
    let mut h = presenter_720p();
    open_step(&mut h, "rrv", 6);
    super::common::drawer_tab(&mut h, "Numbers");
    h.state_mut().send(Cmd::Step(StepCmd::Last));
    settle(&mut h);
    let all = texts(&h, true);
    for name in [
        "τ(⌊R_1⌋)",
        "τ (integer optimum)",
        "gap (makespan − lower bound)",
    ] {
        assert!(
            all.iter().any(|t| t == &format!("{name} = ?")),
            "{name} is not hidden: {all:?}"
        );
    }
    assert!(
        all.iter().any(|t| t == "τ (rational optimum) = 27"),
        "{all:?}"
    );
    assert!(
        all.iter().any(|t| t == "R_1 (rational optimum) = 0.375"),
        "{all:?}"
    );
    // rrv step 3 (answer 2): the checks name Theorem 2, Lemma 6 and Fig. 4 as they are.
    open_step(&mut h, "rrv", 3);
    super::common::drawer_tab(&mut h, "Numbers");
    let all = texts(&h, true);
    assert!(
        !all.iter()
            .any(|t| t.contains("Theorem ?") || t.contains("Lemma ?")),
        "a name lost its number: {all:?}"
    );
}

#[test]
fn the_geodecay_question_shows_its_own_instance_and_hovering_the_hidden_future_reads_nothing() {
    // gil-matias step 3 asks about n = 2^20, p = 2^10, ℓ = 20: the workspace shows them.
    let mut h = presenter_720p();
    open_step(&mut h, "gil-matias", 3);
    match &h.state().desk().page().scenario {
        loadlab::model::registry::Scenario::Geodecay(p) => {
            assert_eq!((p.n, p.p, p.ell), (1 << 20, 1 << 10, 20.0));
        }
        other => panic!("not geodecay: {other:?}"),
    }
    // Step 2 at round 0 with the future hidden: hovering the plot right of round 0 shows no
    // read-out of a later round.
    h.state_mut().send(Cmd::LessonStep(1));
    settle(&mut h);
    h.state_mut()
        .send(Cmd::Toggle(loadlab::ui::commands::Switch::HideFuture));
    settle(&mut h);
    h.state_mut().send(Cmd::Step(StepCmd::First));
    settle(&mut h);
    let plot = h
        .state()
        .drawn()
        .iter()
        .find(|d| d.region == loadlab::ui::workspace::Region::Picture)
        .map(|d| d.room)
        .expect("a picture");
    for f in [0.6, 0.75, 0.9] {
        h.hover_at(egui::pos2(plot.left() + plot.width() * f, plot.center().y));
        h.run_steps(2);
        for t in texts(&h, true) {
            assert!(
                !t.contains("round 1:") && !t.contains("round 2:"),
                "a later round is read out while the future is hidden: {t:?}"
            );
        }
    }
}

#[test]
fn errata_show_me_folds_the_window_aside_and_says_the_evidence_value() {
    let mut h = super::common::app_on("Tree sweeps\nunder latency τ");
    super::common::help_submenu(&mut h, "What we found in the paper");
    h.get_by_label_contains("In front: Tree sweeps").click();
    h.run_steps(3);
    shown(&mut h, "grs-half");
    h.get_all_by_label("Show me")
        .next()
        .expect("a Show me button")
        .click();
    settle(&mut h);
    h.run_steps(10);
    // Folded to its title bar in the bottom-right corner: no finding left over the instance.
    let title = h.get_by_label("Errata: what we found in the papers").rect();
    let screen = h.ctx.content_rect();
    assert!(
        h.query_all_by_label("Show me").next().is_none()
            && title.top() > screen.center().y
            && title.left() > screen.center().x,
        "the window still covers the loaded instance (its title at {title:?})"
    );
    // grs-half's evidence: T*/T_PY = 0.691 at n = 40, τ = 1000 (the paper's Fig. 2 reaches
    // about 0.69 there, not 1/2).
    shown(&mut h, "ratio = 0.691");
}

#[test]
fn the_senders_delta_is_its_own_quantity_and_delta_max_stays_hidden() {
    // rrv step 4 asks Algorithm 3's rounds on Fig. 4's ring δ = (2, 1, −2, 1, 2, −2, −2):
    // 2 (the lesson's explanation). The sends list's "δ of the sender" is that processor's
    // own δ_i — P1 holds +2 and sends one item, 2 → 1 — which the prompt states and which
    // does not determine the rounds (only δ_max does, Lemma 8): it is not masked though its
    // digits equal the answer. δ_max of the round is the rounds (Lemma 8): still "?".
    let mut h = presenter_720p();
    open_step(&mut h, "rrv", 4);
    let all = texts(&h, false);
    assert!(
        all.iter().any(|t| t.contains("2 → 1")),
        "the sender's δ is masked: {all:?}"
    );
    assert!(!all.iter().any(|t| t.contains("? → 1")), "{all:?}");
    assert!(
        all.iter().any(|t| t.contains("δ_max = ?")),
        "δ_max is not hidden: {all:?}"
    );
    assert!(!all.iter().any(|t| t.contains("δ_max = 2")), "{all:?}");
}

#[test]
fn a_question_about_another_run_hides_its_answer_not_the_shown_runs_fields() {
    // gil-matias step 6 shows the policy "never" (n = 2^30, p = 2^16, ℓ = 2^18) and asks how
    // often the improved policy balances there (4, the lesson's explanation). The shown run
    // balances once (the prompt: "the policy “never” balances once"): its own balancings are not the
    // answer's quantity and stay.
    let mut h = presenter_720p();
    open_step(&mut h, "gil-matias", 6);
    super::common::drawer_tab(&mut h, "Numbers");
    // (Before the end the future hides the run's totals whatever the question.)
    h.state_mut().send(Cmd::Step(StepCmd::Last));
    settle(&mut h);
    let all = texts(&h, true);
    assert!(
        all.iter().any(|t| t == "balancings = 1"),
        "the shown run's balancings are hidden: {all:?}"
    );
    assert!(!all.iter().any(|t| t == "balancings = ?"), "{all:?}");
}

/// Your turn with the future shown (gao-rosenberg's exercise step): the drawer's Numbers leaf
/// holds back the numbers — the makespan, idle steps and work per PE the moves are to find —
/// until the exercise is complete, then shows them.
#[test]
fn your_turn_holds_the_numbers_back_until_the_exercise_is_complete() {
    let mut h = presenter_720p();
    super::common::exercise_step(&mut h, "gao-rosenberg-ksbf.ron");
    h.get_by_label("Numbers").click();
    settle(&mut h);
    shown(&mut h, "the numbers open once every move is placed");
    for held in ["makespan (steps)", "idle steps", "efficiency"] {
        assert!(
            h.query_all_by_label_contains(held).next().is_none(),
            "{held:?} shows before a node is placed"
        );
    }
    // Show me places one node a click; the numbers come once every node is placed.
    for _ in 0..200 {
        if h.query_all_by_label_contains("makespan (steps)")
            .next()
            .is_some()
        {
            break;
        }
        assert!(
            h.query_all_by_label_contains("the numbers open once")
                .next()
                .is_some(),
            "neither the numbers nor the note show"
        );
        h.get_by_label("Show me").click();
        settle(&mut h);
    }
    shown(&mut h, "makespan (steps)");
    assert!(
        h.query_all_by_label_contains("the numbers open once")
            .next()
            .is_none()
    );
}

/// grs step 4 asks T* of n = 8, τ = 4 (21, the lesson's explanation). P.Y's schedule is
/// another algorithm's: its processor 0 runs S, the ⌊τ + 1⌋ = 5 nodes closest to the root
/// (the paper: "Schedule all nodes of S in processor 0"), with P.Y's times. (Before Reveal
/// the step bar holds at the start: its end is T*'s.)
#[test]
fn p_y_s_processor_0_runs_s_the_nodes_closest_to_the_root() {
    let mut h = presenter_720p();
    open_step(&mut h, "grs", 4);
    super::common::reveal(&mut h);
    h.state_mut().send(Cmd::Select {
        picture: Some("P.Y".into()),
        plot: None,
        context: "test".into(),
    });
    settle(&mut h);
    h.state_mut().send(Cmd::Step(StepCmd::Last));
    settle(&mut h);
    h.run_steps(2);
    let all = super::walk_checks::texts(&h);
    let bars: Vec<&str> = all
        .iter()
        .map(|t| t.text.as_str())
        .filter(|t| t.starts_with("processor 0: Compute: node "))
        .collect();
    let mut nodes: Vec<u32> = bars
        .iter()
        .filter_map(|t| t["processor 0: Compute: node ".len()..].split(';').next())
        .filter_map(|k| k.trim().parse().ok())
        .collect();
    nodes.sort_unstable();
    assert_eq!(nodes, [1, 2, 3, 4, 5], "{bars:?}");
    assert!(bars.iter().all(|t| !t.contains('?')), "{bars:?}");
}

/// rrv step 6 opens on the sends of System 6's integer optimum at t = 0 with the future
/// hidden: all 11 transfers are in progress, and their ends are the future (the last one is
/// the makespan the step asks): each reads "to t: ?" until the timeline's end.
#[test]
fn a_hidden_future_hides_when_the_transfers_in_progress_end() {
    let mut h = presenter_720p();
    open_step(&mut h, "rrv", 6);
    h.state_mut().send(Cmd::Step(StepCmd::First));
    settle(&mut h);
    let all = texts(&h, false);
    let ends: Vec<&String> = all.iter().filter(|t| t.contains("to t: ")).collect();
    assert!(
        !ends.is_empty(),
        "no transfer in progress on screen: {all:?}"
    );
    for t in ends {
        let after = t.split("to t: ").nth(1).unwrap_or("");
        assert!(after.starts_with('?'), "{t:?} tells a transfer's end");
    }
}

/// The step bar's position ("3/12", "0/?") as the window writes it.
fn position(h: &Harness<'static, LoadlabApp>) -> Option<(String, String)> {
    texts(h, false).into_iter().find_map(|t| {
        let (at, of) = t.split_once('/')?;
        let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
        (digits(at) && (digits(of) || of == "?")).then(|| (at.to_owned(), of.to_owned()))
    })
}

/// A question on how the shown run ends holds its step bar at the start until Reveal: the
/// end, or counting the steps to it, is the answer (the walk dragged gao-rosenberg step 4's
/// bar to the end and read KS-BF's 38 steps off the Gantt; rrv step 6's axis stopped at 30).
#[test]
fn a_question_on_how_the_run_ends_holds_the_step_bar_until_reveal() {
    let mut h = presenter_720p();
    for (lesson, step) in [("gao-rosenberg", 4), ("rrv", 6)] {
        open_step(&mut h, lesson, step);
        for cmd in [StepCmd::Last, StepCmd::Forward, StepCmd::TogglePlay] {
            h.state_mut().send(Cmd::Step(cmd));
            settle(&mut h);
            assert_eq!(
                position(&h),
                Some(("0".into(), "?".into())),
                "{lesson} step {step}: {cmd:?} moved the bar before Reveal"
            );
        }
        // Nor does switching the hidden future off let it unfold.
        h.state_mut().send(Cmd::Toggle(Switch::HideFuture));
        settle(&mut h);
        assert_eq!(position(&h), Some(("0".into(), "?".into())), "{lesson}: H");
        // Its map would show it too (the walk read "n = 7, p = 4: efficiency = 0.8355").
        h.state_mut().send(Cmd::View(View::Map));
        settle(&mut h);
        assert!(
            h.query_by_label("Heat map").is_none(),
            "{lesson} step {step}"
        );
        shown(&mut h, loadlab::ui::map::HELD);
        h.state_mut().send(Cmd::View(View::Workspace));
        settle(&mut h);
        super::common::reveal(&mut h);
        h.state_mut().send(Cmd::Step(StepCmd::Last));
        settle(&mut h);
        let (at, of) = position(&h).expect("a step position");
        assert!(
            at == of && at != "0",
            "{lesson} step {step}: {at}/{of} after Reveal"
        );
        h.state_mut().send(Cmd::LeaveLesson);
        settle(&mut h);
    }
}

/// The step bar's slider as a screen reader reads it: its value and the end of its range.
fn scrubber(h: &Harness<'static, LoadlabApp>) -> (Option<f64>, Option<f64>) {
    let s = h
        .get_all_by_role(Role::Slider)
        .find(|s| s.accesskit_node().label().as_deref() == Some("Step"))
        .expect("the step bar's slider");
    let node = s.accesskit_node();
    (node.numeric_value(), node.max_numeric_value())
}

/// A hidden future reads "k/?" and its slider says no more: the track ends one step ahead, so
/// neither the knob's place (the 1080p walk of li read "2/?" with the knob half-way: 4
/// slots) nor the range announced tells the run's length; at the end both read it.
#[test]
fn a_hidden_futures_slider_ends_one_step_ahead() {
    let mut h = presenter_720p();
    open_step(&mut h, "gao-rosenberg", 2);
    // (The step's question, which PE runs node 13, holds the step bar until Reveal: revealed,
    // the future is hidden again by hand.)
    h.get_by_label("2").click();
    h.run_steps(2);
    h.get_by_label("Reveal").click();
    settle(&mut h);
    h.state_mut()
        .send(Cmd::Toggle(loadlab::ui::app::Switch::HideFuture));
    settle(&mut h);
    // (The hold kept the bar at the step's own position, 1: it goes on from there.)
    assert_eq!(position(&h), Some(("1".into(), "?".into())));
    for k in 2..=4 {
        h.state_mut().send(Cmd::Step(StepCmd::Forward));
        settle(&mut h);
        assert_eq!(position(&h), Some((k.to_string(), "?".into())));
        assert_eq!(scrubber(&h), (Some(k as f64), Some(k as f64 + 1.0)));
    }
    h.state_mut().send(Cmd::Step(StepCmd::Last));
    settle(&mut h);
    let (at, of) = position(&h).expect("a step position");
    assert!(at == of && at.parse::<f64>().unwrap() > 5.0, "{at}/{of}");
    let end: f64 = of.parse().unwrap();
    assert_eq!(scrubber(&h), (Some(end), Some(end)));
}
