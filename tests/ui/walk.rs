//! The lecture walk (issue 34): every bundled lesson walked as a teacher walks it, at 1280 × 720,
//! 1920 × 1080, 1024 × 768 and 800 × 600 (4:3 projectors) in presenter mode, and as a student
//! at a desk walks it, in the normal layout at 1920 × 1080, 1500 × 940 (the first window),
//! 820 × 1180 (a tablet upright), 390 × 844 (a phone upright: one column, the drawer under
//! the picture) and 844 × 390 (a phone on its side), checked alike but for the picture's share
//! of the window, a list's own scrolling and, on a phone, the picture's and the step text's
//! (they scroll as a page does under the finger) — step 1, then Next (clicked where the button is, as a
//! user would) to the end and Back to the start, never jumping. At every step: each drawer tab,
//! the drawer folded and unfolded, the step bar at its start and at its end, every "In front"
//! choice; on a Your-turn step an illegal move, a legal move that is not the algorithm's, Hint
//! and Show me. After every action the checks of [`super::walk_checks`] and [`super::walk_secrecy`]: secrecy (until
//! Reveal), legibility, stability (a button clicked stays under the pointer; the drawer and its
//! tabs stay put) and, on arriving at a step, its own view (Your turn only on an exercise step,
//! its picture in front). Failures are collected per lesson and reported together.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use loadlab::lesson::{BUNDLED, Highlight, Lesson};
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::frame::Secret;
use loadlab::ui::reveal::SecretProbe;
use loadlab::ui::widgets::marks;
use loadlab::ui::widgets::step_bar::{LABEL_FIRST, LABEL_LAST};
use loadlab::ui::workspace::Region;

use super::common::idle_within;
use super::walk_checks::{TabRow, Text, legibility, same_tabs, tab_row, text_whole, texts};
use super::walk_secrecy::{Asked, Unmasked, masks, secrecy};

/// The band's own buttons (not moves) and the figure's export buttons.
const NOT_MOVES: [&str; 18] = [
    "Your turn",
    "« First",
    "‹ Back",
    "Play",
    "Pause",
    "Forward ›",
    "Last »",
    "Picture",
    "Plots",
    "Hint",
    "Show me",
    "Undo move",
    "Restart",
    "Send",
    "Set level",
    "↓ PNG",
    "↓ SVG",
    "Describe",
];
/// The normal layout's panel switches.
const PANELS: [&str; 4] = [
    "Controls panel",
    "Plots panel",
    "Numbers panel",
    "Pseudo-code panel",
];
/// The captions that submit a planned move.
const SUBMIT: [&str; 2] = ["Send", "Set level"];
/// Probes tried per kind of move before the walk gives up looking for one.
const PROBES: usize = 24;
/// How many of the algorithm's moves on the walk looks for an illegal move.
const DEPTH: usize = 4;

/// One lesson walked at one window size.
struct Walk {
    h: Harness<'static, LoadlabApp>,
    size: String,
    lesson: Lesson,
    asked: Vec<Option<Asked>>,
    step: usize,
    action: String,
    /// (what failed, where and after what).
    failures: Vec<(String, String)>,
    actions: usize,
    checks: usize,
    /// Presenter mode (the lecture) or the normal layout (a student at a desk).
    presenter: bool,
}

impl Walk {
    fn new(k: usize, width: f32, height: f32, presenter: bool) -> Walk {
        let lesson = BUNDLED[k].lesson().expect("bundled lessons parse");
        let mut h = Harness::builder()
            .with_size(egui::vec2(width, height))
            .with_max_steps(50)
            // A real screen's frame rate: animations (a window folding) take several frames
            // there, and kittest's usual 1/4 s step hid what they did on the way.
            .with_step_dt(1.0 / 60.0)
            .build_eframe(|cc| LoadlabApp::new(cc, None));
        // As a teacher does: the lesson opened at the desk (its numbers panel on), then F5.
        h.state_mut().send(Cmd::StartLesson(k));
        frames(&mut h);
        h.state_mut().send(Cmd::Presenter(presenter));
        frames(&mut h);
        let asked = lesson.steps.iter().map(asked).collect();
        Walk {
            h,
            size: format!(
                "{width}×{height}{}",
                if presenter { "" } else { " (desk layout)" }
            ),
            lesson,
            asked,
            step: 0,
            action: "opening step 1".into(),
            failures: Vec::new(),
            actions: 0,
            checks: 0,
            presenter,
        }
    }

    fn fail(&mut self, what: String) {
        let at = format!(
            "step {}/{} after {}",
            self.step + 1,
            self.lesson.steps.len(),
            self.action
        );
        self.failures.push((what, at));
    }

    /// Every check after an action.
    fn check(&mut self) {
        let all = texts(&self.h);
        let mut found = Vec::new();
        let revealed = self.h.state().lesson_player().is_some_and(|p| p.revealed());
        if let Some(asked) = self.asked[self.step].clone().filter(|_| !revealed) {
            let controls = marks::latest(&self.h.ctx, Region::Controls.key());
            secrecy(&all, &asked, controls, &mut |f| found.push(f));
            if all
                .iter()
                .any(|t| t.text.contains('?') && !asked.own.contains(&t.text))
            {
                let un = self.unmasked();
                let shown = &self.h.state().desk().page().scenario;
                let own_run = asked.run.as_ref().is_none_or(|r| r == shown);
                masks(&all, &un, &asked, own_run, &mut |f| found.push(f));
            }
        }
        legibility(&self.h, &all, self.presenter, &mut |f| found.push(f));
        self.checks += 4;
        for f in found {
            self.fail(f);
        }
    }

    /// The window without the secret and with a decoy answer ([`Unmasked`]), then as it was.
    fn unmasked(&mut self) -> Unmasked {
        let drawn = |h: &mut Harness<'static, LoadlabApp>, probe| {
            h.state_mut().probe_secret(probe);
            h.run_steps(1);
            texts(h)
        };
        let plain = drawn(&mut self.h, SecretProbe::Unpublished);
        let decoy = drawn(&mut self.h, SecretProbe::Decoy);
        self.h.state_mut().probe_secret(SecretProbe::Asked);
        self.h.run_steps(2);
        Unmasked { plain, decoy }
    }

    /// The step's own view on arrival: Your turn on exactly on an exercise step, its picture
    /// (or, for a step that points at the plots, the plots) in front.
    fn check_state(&mut self) {
        let step = self.lesson.steps[self.step].clone();
        let all = texts(&self.h);
        let turn = all
            .iter()
            .find(|t| t.text == "Your turn" && t.role != egui::Role::Label)
            .is_some_and(|t| t.on);
        let exercise = step.exercise.is_some();
        if turn != exercise {
            self.fail(format!(
                "[state] Your turn is {} on a step {} an exercise",
                if turn { "on" } else { "off" },
                if exercise { "with" } else { "without" }
            ));
        }
        // A step that names a plot and no picture is about that plot: it is in front, not an
        // empty picture at the schedule's start.
        let plot_only = step
            .view
            .as_ref()
            .is_some_and(|v| v.plot.is_some() && v.picture.is_none() && v.plots != Some(false));
        let want = match step.highlight {
            Some(Highlight::Region(Region::Plots)) => Region::Plots,
            _ if plot_only => Region::Plots,
            _ => Region::Picture,
        };
        let drawn: Vec<Region> = self.h.state().drawn().iter().map(|d| d.region).collect();
        if !drawn.contains(&want) {
            self.fail(format!(
                "[state] {want:?} is not in front (drawn: {drawn:?})"
            ));
        }
        let phone = super::walk_checks::phone(&self.h);
        text_whole(&step.text, &all, phone, &mut |f| self.fail(f));
        if !exercise
            && all
                .iter()
                .any(|t| t.text.starts_with("No exercise on this instance"))
        {
            self.fail("[state] the picture says “No exercise on this instance”".into());
        }
        self.checks += 1;
    }

    /// Clicks the button `label` where it is (a pointer click at its centre) and checks it is
    /// still under the pointer once the click's feedback is drawn (unless it went away).
    /// False when no such button is on screen.
    fn click(&mut self, label: &str, what: &str) -> bool {
        let Some(at) = self.button(label) else {
            return false;
        };
        self.action = what.to_string();
        self.actions += 1;
        click_at(&mut self.h, at.center());
        frames(&mut self.h);
        // (Next and Back change the step the checks are about.)
        let index = self.h.state().lesson_player().map(|p| p.index());
        if let Some(i) = index.filter(|i| *i < self.lesson.steps.len()) {
            self.step = i;
        }
        if let Some(now) = self.button(label)
            && !now.contains(at.center())
        {
            self.fail(format!(
                "[stability] {label:?} moved from {at:?} to {now:?} under the pointer"
            ));
        }
        self.checks += 1;
        self.check();
        true
    }

    /// The rect of the (enabled or not) button named `label`, if on screen.
    fn button(&self, label: &str) -> Option<egui::Rect> {
        let screen = self.h.ctx.content_rect();
        self.h
            .query_all_by_label(label)
            .filter(|n| n.accesskit_node().role() != egui::Role::Label)
            .map(|n| n.rect())
            .find(|r| r.is_positive() && screen.contains(r.center()))
    }

    fn walk(&mut self) {
        let n = self.lesson.steps.len();
        self.arrive();
        for i in 1..n {
            if !self.click("Next ▶", &format!("Next to step {}", i + 1)) {
                self.fail("[state] no Next button to click".into());
                return;
            }
            self.step = i;
            self.arrive();
        }
        for i in (0..n - 1).rev() {
            if !self.click("◀ Back", &format!("Back to step {}", i + 1)) {
                self.fail("[state] no Back button to click".into());
                return;
            }
            self.step = i;
            self.arrive();
        }
    }

    /// At a step just reached: its state, then every action of the walk.
    fn arrive(&mut self) {
        let index = self.h.state().lesson_player().map(|p| p.index());
        if index != Some(self.step) {
            self.fail(format!("[state] the player is at step {index:?}"));
        }
        self.check_state();
        self.check();
        self.tabs();
        self.fold();
        self.panels();
        self.click(LABEL_FIRST, "the step bar's « First");
        self.click(LABEL_LAST, "the step bar's Last »");
        self.in_front();
        if self.lesson.steps[self.step].exercise.is_some() {
            self.exercise();
        }
        // Back to the lesson's leaf, where Next and Back are.
        self.click("Lesson", "the Lesson tab");
    }

    /// At a desk, each panel the toolbar shows (controls, plots, numbers, pseudo-code) switched
    /// and switched back: every mix of panels a student may set up lays out, one panel away
    /// from the lesson's own.
    fn panels(&mut self) {
        if self.presenter {
            return;
        }
        for panel in PANELS {
            if self.click(panel, &format!("the {panel} switched")) {
                self.click(panel, &format!("the {panel} switched back"));
            }
        }
    }

    fn tabs(&mut self) {
        let first: Option<TabRow> = self.tab_row();
        for leaf in ["Lesson", "Controls", "Numbers"] {
            if self.click(leaf, &format!("the {leaf} tab")) {
                let now = self.tab_row();
                if let (Some(a), Some(b)) = (&first, &now) {
                    let mut found = Vec::new();
                    same_tabs(a, b, &mut |f| found.push(f));
                    for f in found {
                        self.fail(f);
                    }
                }
                self.checks += 1;
            }
        }
    }

    fn tab_row(&self) -> Option<TabRow> {
        let all = texts(&self.h);
        let row = tab_row(&self.h, &all);
        (!row.1.is_empty()).then_some(row)
    }

    /// The drawer folded and unfolded: » and « beside the picture, ▼ and ▲ under it (a
    /// phone's column).
    fn fold(&mut self) {
        for (fold, unfold) in [("»", "«"), ("▼", "▲")] {
            if self.click(fold, &format!("folding the drawer ({fold})")) {
                self.click(unfold, &format!("unfolding the drawer ({unfold})"));
            }
        }
    }

    /// Every "In front" choice, the one the step shows first clicked last.
    fn in_front(&mut self) {
        let all: Vec<Text> = texts(&self.h);
        let choices: Vec<&Text> = all
            .iter()
            .filter(|t| (t.text == "Picture" || t.text == "Plots") && t.role != egui::Role::Label)
            .collect();
        let mut order: Vec<(String, bool)> =
            choices.iter().map(|t| (t.text.clone(), t.on)).collect();
        order.sort_by_key(|(_, on)| *on);
        for (c, _) in order {
            self.click(&c, &format!("In front: {c}"));
        }
    }

    /// On a Your-turn step: an illegal move, a legal move that is not the algorithm's, Hint and
    /// Show me. Moves are found by trying the exercise's own controls (each clickable or
    /// slider in the picture) and reading the model's verdict; each tried move is undone.
    fn exercise(&mut self) {
        for (want, name) in [
            ("Illegal", "an illegal move"),
            ("Legal, but", "a legal move"),
        ] {
            let placed = match self.probe(want, name) {
                Some(placed) => placed,
                None => {
                    // The walk's own limit (the model may have no such move here): said, not
                    // failed.
                    eprintln!(
                        "walk {} step {} at {}: {name} not found among {PROBES} tries",
                        self.lesson.name,
                        self.step + 1,
                        self.size
                    );
                    0
                }
            };
            for _ in 0..placed.max(1) {
                self.click("Undo move", &format!("Undo after {name}"));
            }
        }
        self.click("Hint", "Hint");
        self.click("Hint", "Hint again (same place)");
        self.click("Show me", "Show me");
        self.click("Show me", "Show me again (same place)");
        self.click("Undo move", "Undo after Show me");
    }

    /// Tries the picture's moves until one is graded `want` ("Illegal", "Legal, but"); then
    /// how many legal moves the find left placed. A move may be illegal only further on (li's
    /// leaves must take what is left; a tree node taken twice): when no try from here is, Show
    /// me plays the algorithm's move and the tries start again there, up to [`DEPTH`] moves
    /// on. Every try that misses is undone, so that each starts where the last did (undoing
    /// one of two moves left li step 8 a level further at each try: the walk found its illegal
    /// move by that accident).
    fn probe(&mut self, want: &str, name: &str) -> Option<usize> {
        let mut on = 0;
        loop {
            if let Some(placed) = self.tries(want, name) {
                return Some(on + placed);
            }
            if want != "Illegal"
                || on == DEPTH
                || !self.click("Show me", "Show me, to try further on")
            {
                break;
            }
            on += 1;
        }
        for _ in 0..on {
            self.click("Undo move", "Undo a Show me of the tries");
        }
        None
    }

    /// One round of [`Walk::probe`]: each move from here, undone unless graded `want`.
    fn tries(&mut self, want: &str, name: &str) -> Option<usize> {
        let moves = self.moves();
        for (k, m) in moves.iter().take(PROBES).enumerate() {
            let what = format!("{name} (try {}: {})", k + 1, m.describe());
            if !self.play(m, &what) {
                continue;
            }
            let verdict = self.verdict().unwrap_or_default();
            let legal = verdict.starts_with("Legal, but") || verdict.starts_with("Right");
            if verdict.starts_with(want) {
                return Some(usize::from(legal));
            }
            if legal {
                self.click("Undo move", "Undo after a try");
            }
        }
        None
    }

    /// The last verdict shown in the band.
    fn verdict(&self) -> Option<String> {
        texts(&self.h).into_iter().map(|t| t.text).find(|t| {
            t.starts_with("Illegal") || t.starts_with("Legal, but") || t.starts_with("Right")
        })
    }

    /// The exercise's controls in the picture: its buttons (one click, or two of them for a
    /// planned round) and its sliders (at their ends and middle).
    fn moves(&self) -> Vec<Move> {
        let Some(picture) = super::common::room_of(&self.h, Region::Picture) else {
            return Vec::new();
        };
        let submit = SUBMIT.iter().find(|s| self.button(s).is_some()).copied();
        let mut clicks = Vec::new();
        let mut moves = Vec::new();
        for n in self
            .h
            .query_all(egui_kittest::kittest::by().predicate(|_| true))
        {
            let a = n.accesskit_node();
            let Some(label) = a.label().filter(|_| a.bounding_box().is_some()) else {
                continue;
            };
            // (The score's button opens the list of verdicts over the picture: no move.)
            let score = label.starts_with("Score ") || label.starts_with("Complete — ");
            if !picture.contains(n.rect().center()) || NOT_MOVES.contains(&label.as_str()) || score
            {
                continue;
            }
            match a.role() {
                egui::Role::Slider => {
                    let lo = a.min_numeric_value().unwrap_or(0.0);
                    let hi = a.max_numeric_value().unwrap_or(1.0);
                    for x in [hi, lo, 0.5 * (lo + hi)] {
                        moves.push(Move::Slide(label.clone(), x, submit));
                    }
                }
                // (A grid's cell: KS-BF's placements, a PE's row by a step's column.)
                egui::Role::Button | egui::Role::Unknown | egui::Role::GridCell => {
                    clicks.push(label)
                }
                _ => {}
            }
        }
        for (i, c) in clicks.iter().enumerate() {
            moves.push(Move::Click(vec![c.clone()], submit));
            // A planned round of two sends from one processor (one-port).
            if submit.is_some()
                && let Some(d) = clicks[i + 1..]
                    .iter()
                    .find(|d| d.split(' ').next() == c.split(' ').next())
            {
                moves.push(Move::Click(vec![c.clone(), d.clone()], submit));
            }
        }
        moves
    }

    /// Plays move `m`; false (and nothing submitted) when its controls are not on screen (a
    /// level's slider is named after its level).
    fn play(&mut self, m: &Move, what: &str) -> bool {
        let submit = match m {
            Move::Click(labels, submit) => {
                for l in labels {
                    if !self.click(l, what) {
                        return false;
                    }
                }
                submit
            }
            Move::Slide(label, x, submit) => {
                let Some(n) = self.h.query_by_label(label) else {
                    return false;
                };
                self.action = what.to_string();
                self.actions += 1;
                n.set_value_accesskit(*x);
                frames(&mut self.h);
                self.check();
                submit
            }
        };
        if let Some(s) = submit {
            self.click(s, &format!("{what}, then {s}"));
        }
        true
    }
}

/// A move tried on an exercise.
enum Move {
    /// Click these buttons, then the submit button if any.
    Click(Vec<String>, Option<&'static str>),
    /// Put this slider at this value, then the submit button if any.
    Slide(String, f64, Option<&'static str>),
}

impl Move {
    fn describe(&self) -> String {
        match self {
            Move::Click(l, _) => l.join(" + "),
            Move::Slide(l, x, _) => format!("{l} {x}"),
        }
    }
}

/// What step `s` asks, kept secret until Reveal (the answer computed by the lesson's own
/// check, headless), and the numbers that give it away on the check's run: the answer and
/// what the model derives from it (`ModelRun::determines`) — none for an index such as the
/// PE a node runs on, which names a thing and is not a value any text writes.
fn asked(s: &loadlab::lesson::LessonStep) -> Option<Asked> {
    let q = s.question.as_ref()?;
    let a = q
        .asked_with(&loadlab::model::NoProgress)
        .expect("every bundled question has an answer");
    let given = match &a.answer {
        loadlab::lesson::Answer::Number(x) => Ok(*x),
        loadlab::lesson::Answer::Choice(c) => Err(c.clone()),
    };
    // An index names a thing: node K's PE is given away by a text naming node K with it.
    let named = match (q.check.field.strip_prefix("assignments."), &given) {
        (Some(node), Err(pe)) => Some((node.to_owned(), pe.clone())),
        _ => None,
    };
    let secret = Secret::new(&q.check.field, Some(given)).with(&a.giveaway);
    let value = a.giveaway.values.first().copied();
    // What a "?" may stand for on the question's own run: the answer, the values the model
    // derives from it, and every quantity that determines it, as that run has them.
    let json = q
        .check
        .json(&loadlab::model::NoProgress)
        .expect("the check runs");
    let mut hideable = a.giveaway.values.clone();
    for f in &a.giveaway.fields {
        super::walk_secrecy::values_at(&json, f, &mut hideable);
    }
    let stated = secret
        .texts
        .iter()
        .any(|f| super::stage::shows(&q.prompt, f));
    let words = q
        .check
        .field
        .split(['.', '_', ' '])
        .map(|w| w.to_lowercase().trim_end_matches('s').to_owned())
        .filter(|w| !w.is_empty())
        .collect();
    Some(Asked {
        words,
        answer: secret.own.clone(),
        hideable,
        run: q.check.scenario().ok(),
        forms: secret.texts,
        value,
        stated,
        named,
        own: [&q.prompt, &s.text, &s.title]
            .into_iter()
            .chain(&q.choices)
            .cloned()
            .collect(),
    })
}

/// A pointer click at `pos`: pressed in one frame, released in the next.
fn click_at(h: &mut Harness<'static, LoadlabApp>, pos: egui::Pos2) {
    h.hover_at(pos);
    h.run_steps(1);
    h.drag_at(pos);
    h.run_steps(1);
    h.drop_at(pos);
}

/// Frames until the click's feedback is drawn, and longer only while a job runs.
fn frames(h: &mut Harness<'static, LoadlabApp>) {
    idle_within(h, 60, "background jobs did not finish");
    h.run_steps(1);
}

/// Walks bundled lesson `k` at `width` × `height`, in presenter mode or the normal layout;
/// fails with every failure found.
fn walk(k: usize, width: f32, height: f32, presenter: bool) {
    let t0 = std::time::Instant::now();
    let mut w = Walk::new(k, width, height, presenter);
    w.walk();
    eprintln!(
        "walk {} at {}: {} steps, {} actions, {} checks, {} failures, {:.1} s",
        w.lesson.name,
        w.size,
        w.lesson.steps.len(),
        w.actions,
        w.checks,
        w.failures.len(),
        t0.elapsed().as_secs_f64()
    );
    let report = report(&w.failures);
    let over = over_known(&w.lesson.name, height, &report);
    if !report.is_empty() {
        eprintln!(
            "the lecture walk of {} at {} still finds {} checks ({} distinct; issue 34 open):\n{}",
            w.lesson.name,
            w.size,
            w.failures.len(),
            report.len(),
            report.join("\n")
        );
    }
    if let Some(why) = over {
        panic!("{why}");
    }
}

/// Distinct failures still open per lesson, size and kind (issue 34 stays open on them),
/// counted on 28 Nov 2026 after the first round of fixes (the walk found 4 889 failing
/// checks before any fix, `docs/walk-before.txt`). State and stability have none left and
/// must stay at none; secrecy and legibility may not grow past these (a ratchet: lower the
/// numbers as defects are fixed). The slack of a quarter plus two covers layouts that a
/// background job's timing changes by a frame.
const STILL_OPEN: &[(&str, f32, usize, usize)] = &[
    // (lesson, window height, secrecy, legibility)
    ("gao-rosenberg", 720.0, 0, 0),
    ("gao-rosenberg", 1080.0, 0, 0),
    ("gil-matias", 720.0, 0, 0),
    ("gil-matias", 1080.0, 0, 0),
    ("grs", 720.0, 0, 0),
    ("grs", 1080.0, 0, 0),
    ("li", 720.0, 0, 0),
    ("li", 1080.0, 0, 0),
    ("rrv", 720.0, 0, 0),
    ("rrv", 1080.0, 0, 0),
];

/// Why the walk fails: a state or stability failure, or more distinct secrecy or legibility
/// failures than [`STILL_OPEN`] allows.
fn over_known(lesson: &str, height: f32, report: &[String]) -> Option<String> {
    let count = |kind: &str| {
        report
            .iter()
            .filter(|r| r.starts_with(&format!("- [{kind}]")))
            .count()
    };
    let strict = count("state") + count("stability");
    if strict > 0 {
        return Some(format!(
            "{lesson} at height {height}: {strict} state or stability failures (see above)"
        ));
    }
    let (_, _, secrecy, legibility) = STILL_OPEN
        .iter()
        .find(|(l, h, _, _)| *l == lesson && *h == height)
        .copied()
        .unwrap_or((lesson, height, 0, 0));
    // No slack: every walk is clean, so any failure is a regression.
    let allowed = |n: usize| n;
    // (A wrong mask has no slack: a frame's timing does not make the mask blank another
    // number.)
    let wrong_masks = report
        .iter()
        .filter(|r| r.starts_with("- [secrecy]") && r.contains(" masks "))
        .count();
    let (s, l) = (count("secrecy"), count("legibility"));
    (wrong_masks > 0 || s > allowed(secrecy) || l > allowed(legibility)).then(|| {
        format!(
            "{lesson} at height {height}: {s} distinct secrecy failures (open: {secrecy}), \
             {l} legibility (open: {legibility}) — more than issue 34 left open (see above)"
        )
    })
}

/// The failures grouped by what failed, in the order first seen, each with where it was seen
/// first (and how often).
fn report(failures: &[(String, String)]) -> Vec<String> {
    let mut seen: Vec<(&str, Vec<&str>)> = Vec::new();
    for (what, at) in failures {
        match seen.iter_mut().find(|(w, _)| w == what) {
            Some((_, ats)) => ats.push(at),
            None => seen.push((what, vec![at])),
        }
    }
    seen.iter()
        .map(|(what, ats)| {
            let more = match ats.len() {
                1 => String::new(),
                n => format!(" (and {} more times)", n - 1),
            };
            format!("- {what}\n    first at {}{more}", ats[0])
        })
        .collect()
}

#[test]
fn walk_covers_every_bundled_lesson() {
    assert_eq!(BUNDLED.len(), 5, "a new lesson needs its walks below");
}

macro_rules! walks {
    ($($name:ident: $file:literal at $w:literal x $h:literal $layout:ident;)*) => {$(
        #[test]
        fn $name() {
            walk(super::common::bundled_lesson($file), $w, $h, walks!(@$layout));
        }
    )*};
    (@presenter) => { true };
    (@desk) => { false };
}

// Presenter mode at a projector's four sizes (16:9 at 720p and 1080p, 4:3 XGA and SVGA, 800 ×
// 600); the normal layout ("desk": a student, the controls, pseudo-code and plots beside the
// picture) at 1080p, in the app's first window (1500 × 940) and on a tablet held upright (820
// × 1180 points, narrower than the layouts' least width: it zooms out to hold it) and on a
// phone held upright (390 × 844: one column at the system's type size) and on its side
// (844 × 390). (At 1280 × 720 the normal layout is the presenter's.)
walks! {
    walk_li_720p: "li-divisible.ron" at 1280.0 x 720.0 presenter;
    walk_rrv_phone: "rrv-redistribute.ron" at 390.0 x 844.0 desk;
    walk_rrv_land: "rrv-redistribute.ron" at 844.0 x 390.0 desk;
    walk_li_land: "li-divisible.ron" at 844.0 x 390.0 desk;
    walk_grs_land: "grs-treesweep.ron" at 844.0 x 390.0 desk;
    walk_ksbf_land: "gao-rosenberg-ksbf.ron" at 844.0 x 390.0 desk;
    walk_gil_matias_land: "gil-matias-geodecay.ron" at 844.0 x 390.0 desk;
    walk_li_phone: "li-divisible.ron" at 390.0 x 844.0 desk;
    walk_grs_phone: "grs-treesweep.ron" at 390.0 x 844.0 desk;
    walk_ksbf_phone: "gao-rosenberg-ksbf.ron" at 390.0 x 844.0 desk;
    walk_gil_matias_phone: "gil-matias-geodecay.ron" at 390.0 x 844.0 desk;
    walk_rrv_tablet: "rrv-redistribute.ron" at 820.0 x 1180.0 desk;
    walk_rrv_svga: "rrv-redistribute.ron" at 800.0 x 600.0 presenter;
    walk_gil_matias_tablet: "gil-matias-geodecay.ron" at 820.0 x 1180.0 desk;
    walk_gil_matias_svga: "gil-matias-geodecay.ron" at 800.0 x 600.0 presenter;
    walk_li_tablet: "li-divisible.ron" at 820.0 x 1180.0 desk;
    walk_li_svga: "li-divisible.ron" at 800.0 x 600.0 presenter;
    walk_grs_tablet: "grs-treesweep.ron" at 820.0 x 1180.0 desk;
    walk_grs_svga: "grs-treesweep.ron" at 800.0 x 600.0 presenter;
    walk_ksbf_tablet: "gao-rosenberg-ksbf.ron" at 820.0 x 1180.0 desk;
    walk_ksbf_svga: "gao-rosenberg-ksbf.ron" at 800.0 x 600.0 presenter;
    walk_li_1080p: "li-divisible.ron" at 1920.0 x 1080.0 presenter;
    walk_li_desk_1080p: "li-divisible.ron" at 1920.0 x 1080.0 desk;
    walk_li_desk_default: "li-divisible.ron" at 1500.0 x 940.0 desk;
    walk_li_xga: "li-divisible.ron" at 1024.0 x 768.0 presenter;
    walk_gil_matias_xga: "gil-matias-geodecay.ron" at 1024.0 x 768.0 presenter;
    walk_grs_xga: "grs-treesweep.ron" at 1024.0 x 768.0 presenter;
    walk_ksbf_xga: "gao-rosenberg-ksbf.ron" at 1024.0 x 768.0 presenter;
    walk_rrv_xga: "rrv-redistribute.ron" at 1024.0 x 768.0 presenter;
    walk_gil_matias_720p: "gil-matias-geodecay.ron" at 1280.0 x 720.0 presenter;
    walk_gil_matias_1080p: "gil-matias-geodecay.ron" at 1920.0 x 1080.0 presenter;
    walk_gil_matias_desk_1080p: "gil-matias-geodecay.ron" at 1920.0 x 1080.0 desk;
    walk_gil_matias_desk_default: "gil-matias-geodecay.ron" at 1500.0 x 940.0 desk;
    walk_grs_720p: "grs-treesweep.ron" at 1280.0 x 720.0 presenter;
    walk_grs_1080p: "grs-treesweep.ron" at 1920.0 x 1080.0 presenter;
    walk_grs_desk_1080p: "grs-treesweep.ron" at 1920.0 x 1080.0 desk;
    walk_grs_desk_default: "grs-treesweep.ron" at 1500.0 x 940.0 desk;
    walk_ksbf_720p: "gao-rosenberg-ksbf.ron" at 1280.0 x 720.0 presenter;
    walk_ksbf_1080p: "gao-rosenberg-ksbf.ron" at 1920.0 x 1080.0 presenter;
    walk_ksbf_desk_1080p: "gao-rosenberg-ksbf.ron" at 1920.0 x 1080.0 desk;
    walk_ksbf_desk_default: "gao-rosenberg-ksbf.ron" at 1500.0 x 940.0 desk;
    walk_rrv_720p: "rrv-redistribute.ron" at 1280.0 x 720.0 presenter;
    walk_rrv_1080p: "rrv-redistribute.ron" at 1920.0 x 1080.0 presenter;
    walk_rrv_desk_1080p: "rrv-redistribute.ron" at 1920.0 x 1080.0 desk;
    walk_rrv_desk_default: "rrv-redistribute.ron" at 1500.0 x 940.0 desk;
}
