//! The lecture walk's secrecy ([`super::walk`]): until Reveal no text shows the answer or
//! gives it away through a quantity derived from it, and the mask "?" blanks nothing else.
//! Read from the texts [`super::walk_checks::texts`] collects.

use super::walk_checks::{Text, drawer_pane};

/// The question a step asks, as the walk keeps it secret.
#[derive(Debug, Clone)]
pub struct Asked {
    /// The answer as the app may print it (see `loadlab::ui::frame::Secret::new`).
    pub forms: Vec<String>,
    /// The answer as a number (None: a choice).
    pub value: Option<f64>,
    /// The prompt states the answer itself: nothing to keep secret.
    pub stated: bool,
    /// An index question's thing and answer (node 13, PE 2): a text naming both gives the
    /// answer away, though the index alone is a number printed everywhere.
    pub named: Option<(String, String)>,
    /// The lesson's own words on this step (its text and the prompt): not checked for over-masking.
    pub own: Vec<String>,
    /// The words of the asked field's name ("rounds", "balancings", "makespan"), singular.
    pub words: Vec<String>,
    /// The answer's own forms (without the numbers derived from it).
    pub answer: Vec<String>,
    /// The numbers a "?" may stand for on the question's own run: the answer, what the model
    /// derives from it, and the value on that run of every quantity that determines it.
    pub hideable: Vec<f64>,
    /// The run the question asks about (its check's scenario).
    pub run: Option<loadlab::model::registry::Scenario>,
}

/// The window drawn again as it would be without the secret (what each "?" stands for) and
/// with a decoy answer of the same quantities (a "?" that stays there is hidden by its
/// quantity, one that goes was hidden by its digits).
pub struct Unmasked {
    pub plain: Vec<Text>,
    pub decoy: Vec<Text>,
}

/// What stands in `text` where `pattern` (a masked text) has each "?": None when `text` is not
/// the same text unmasked. A fill is a whole number where one fits (the longest run of a
/// number's characters after which the rest still matches), else the shortest that does.
pub fn fills(pattern: &str, text: &str) -> Option<Vec<String>> {
    let segs: Vec<&str> = pattern.split('?').collect();
    let mut rest = text.strip_prefix(segs[0])?;
    let mut out = Vec::new();
    for (k, seg) in segs.iter().enumerate().skip(1) {
        let last = k + 1 == segs.len();
        let fits = |n: usize| {
            rest.is_char_boundary(n)
                && if last {
                    &rest[n..] == *seg
                } else {
                    rest[n..].starts_with(seg)
                }
        };
        let run = rest
            .char_indices()
            .find(|&(_, c)| !(c.is_ascii_digit() || ".,−-+e\u{2009}\u{202f}".contains(c)))
            .map_or(rest.len(), |(i, _)| i);
        let n = (1..=run)
            .rev()
            .find(|&n| fits(n))
            .or_else(|| (1..=rest.len()).find(|&n| fits(n)))?;
        out.push(rest[..n].to_owned());
        rest = &rest[n + seg.len()..];
    }
    (segs.len() > 1 || rest.is_empty()).then_some(out)
}

/// The fills of `t`'s "?" in the nearest text of `all` with its role that is `t` unmasked.
fn counterpart(t: &Text, all: &[Text]) -> Option<Vec<String>> {
    let d = |u: &Text| (u.rect.min - t.rect.min).length();
    // Nearest first (a stable sort: of equally near texts, the first), so that the search stops
    // at the first text that fills: a frame holds hundreds of texts of one role.
    let mut near: Vec<(f32, &Text)> = all
        .iter()
        .filter(|u| u.role == t.role)
        .map(|u| (d(u), u))
        .collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0));
    near.into_iter().find_map(|(_, u)| fills(&t.text, &u.text))
}

/// Whether every place `text` writes `answer` is a count of something the question does not
/// ask ("4 sends" while the bound is asked: a number whose quantity the view wrote, equal to
/// the answer by chance), not the answer ("4 rounds" while the rounds are asked).
pub fn counts_other(text: &str, answer: &str, words: &[String]) -> bool {
    let mut any = false;
    for (i, _) in text.match_indices(answer) {
        let before = text[..i].chars().next_back();
        let after = &text[i + answer.len()..];
        let name = numbered(&text[..i]);
        // ("Step 12 ×2": a multiplicity counts the sends citing a step.)
        if before == Some('×') {
            any = true;
            continue;
        }
        // (A thing's number, or one of a list of them: "pseudo-code lines 3, 4, 5, 6"; or a
        // pseudo-code line's number, which leads its line, set off by blanks: "▶   4    for".)
        let leads = text[..i].trim_start_matches(['▶', ' ']).is_empty()
            && text[..i].ends_with(' ')
            && after.starts_with("  ");
        if name || leads {
            any = true;
            continue;
        }
        if before.is_some_and(|c| c.is_alphanumeric() || c == '.')
            || after.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        {
            continue;
        }
        let word: String = after
            .strip_prefix(' ')
            .unwrap_or("")
            .chars()
            .take_while(|c| c.is_alphabetic())
            .collect();
        let stem = word.to_lowercase();
        let stem = stem.trim_end_matches('s');
        if stem.is_empty() || words.iter().any(|w| w == stem) {
            return false;
        }
        any = true;
    }
    any
}

/// The names of the quantities that give a bundled question's answer away, as the views
/// write them (read off the papers' notation: the lessons' answers are rounds, bounds,
/// makespans, T*, times, ratios, speed-ups, balancings, lg* ℓ and work).
const GIVEAWAY_NAMES: [&str; 24] = [
    "δ_max",
    "start",
    "τ",
    "t*",
    "t_",
    "gap",
    "bound",
    "makespan",
    "optimum",
    "optimal",
    "fine-grain",
    "exhaustive",
    "time",
    "ratio",
    "speed",
    "balancing",
    "round",
    "lg",
    "work",
    "schedule",
    "t =",
    "value",
    "answer",
    "ran in",
];

/// Whether the "?" at byte `at` of `text` stands as the value of a quantity that can give the
/// answer away: a counter's "of ?" or "?/?", or after "=", "≈", ":" or a word in a clause
/// (since the last " · ", "; " or ", ") that names one of [`GIVEAWAY_NAMES`] (a bar's or
/// node's start: the root's starts at T* − 1) or a word of the
/// asked field ("Lemma 1's bound … = ?", "Round 1 of ?", "makespan ?") — not bare ("? → 1",
/// "(+?)", a table cell) nor after another quantity's name ("δ of the sender: ?").
pub fn named_value(text: &str, at: usize, words: &[String]) -> bool {
    let before = text[..at].trim_end();
    // A counter's count, or the end of a time interval "[t, ?)" or "[t, ?]".
    let interval = before.contains('[') && text[at + 1..].starts_with([')', ']']);
    if before.ends_with(" of")
        || before.ends_with('/')
        || text[at + 1..].starts_with('/')
        || interval
    {
        return true;
    }
    let start = [" · ", "; ", ", "]
        .iter()
        .filter_map(|d| before.rfind(d).map(|i| i + d.len()))
        .max()
        .unwrap_or(0);
    let clause = before[start..].to_lowercase();
    let named = GIVEAWAY_NAMES.iter().any(|n| clause.contains(n))
        || words
            .iter()
            .any(|w| w.len() > 1 && clause.contains(w.as_str()));
    named
        && (before.ends_with(['=', '≈', ':', '(']) || before.ends_with(|c: char| c.is_alphabetic()))
}

/// The mask blanks no number that is not the answer: every "?" of the window stands where the
/// unmasked window shows the answer or, on the question's own run, a quantity that gives it
/// away; a number blanked only because its digits equal the answer stands as a named value in
/// free text (a number whose quantity the view knows — a table's cell, a δ — is hidden by that
/// quantity or not at all).
pub fn masks(
    all: &[Text],
    un: &Unmasked,
    asked: &Asked,
    own_run: bool,
    fail: &mut dyn FnMut(String),
) {
    let answer: Vec<f64> = asked.answer.iter().filter_map(|a| number(a)).collect();
    let allowed: &[f64] = if own_run { &asked.hideable } else { &answer };
    for t in all
        .iter()
        .filter(|t| t.text.contains('?') && !asked.own.contains(&t.text))
    {
        let Some(plain) = counterpart(t, &un.plain) else {
            continue;
        };
        let decoy = counterpart(t, &un.decoy);
        let marks: Vec<usize> = t.text.match_indices('?').map(|(i, _)| i).collect();
        for (k, fill) in plain.iter().enumerate().filter(|(_, f)| f.as_str() != "?") {
            let value = number(fill).or_else(|| leading(fill));
            let answered = asked.answer.contains(fill)
                || value.is_some_and(|x| answer.iter().any(|&a| close(x, a)));
            let hideable = answered || value.is_some_and(|x| allowed.iter().any(|&a| close(x, a)));
            let by_key = decoy
                .as_ref()
                .is_some_and(|d| d.get(k).is_some_and(|f| f == "?"));
            // Hidden by its quantity: the model lists it as determining the answer on the
            // question's run (src/lesson/giveaway_tests.rs checks those lists by hand); on
            // another run only the asked quantity showing the answer itself may be hidden.
            if by_key {
                if !own_run && !answered {
                    fail(format!(
                        "[secrecy] {:?} masks {fill} by its quantity, on a run that is not the question's",
                        t.text
                    ));
                }
                continue;
            }
            if !hideable {
                fail(format!(
                    "[secrecy] {:?} masks {fill}, neither the answer nor (on {} run) a quantity that gives it away",
                    t.text,
                    if own_run { "the question's" } else { "another" }
                ));
            } else if !named_value(&t.text, marks[k], &asked.words) {
                let row: Vec<&str> = all
                    .iter()
                    .filter(|o| (o.rect.center().y - t.rect.center().y).abs() < 3.0)
                    .map(|o| o.text.as_str())
                    .collect();
                fail(format!(
                    "[secrecy] {:?} masks {fill} by its digits where it stands bare (its quantity is known): {:?} at {:?} {row:?}",
                    t.text, t.role, t.rect
                ));
            }
        }
    }
}

/// Every number at `path` of `json` (a `*` part is any key or index; below an object or an
/// array, every number it holds), pushed on `out`.
pub fn values_at(json: &serde_json::Value, path: &str, out: &mut Vec<f64>) {
    use serde_json::Value;
    let mut here: Vec<&Value> = vec![json];
    for part in path.split('.') {
        here = here
            .into_iter()
            .flat_map(|v| match (v, part) {
                (Value::Object(o), "*") => o.values().collect(),
                (Value::Array(a), "*") => a.iter().collect(),
                (Value::Object(o), k) => o.get(k).into_iter().collect(),
                _ => Vec::new(),
            })
            .collect();
    }
    while let Some(v) = here.pop() {
        match v {
            Value::Number(n) => out.extend(n.as_f64()),
            Value::Object(o) => here.extend(o.values()),
            Value::Array(a) => here.extend(a.iter()),
            _ => {}
        }
    }
}

/// The number a fill starts with ("2 (special rules…)": the masked text also left out the
/// words that said the hidden value).
fn leading(fill: &str) -> Option<f64> {
    let head: String = fill
        .chars()
        .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '−'))
        .collect();
    number(&head)
}

/// A written number ("−2", "1 024", "0.75").
fn number(text: &str) -> Option<f64> {
    let t: String = text
        .replace('−', "-")
        .chars()
        .filter(|c| !matches!(c, '\u{2009}' | '\u{202f}' | ' ' | ','))
        .collect();
    t.parse().ok()
}

/// Whether `text` names node `node` and PE `pe` together ("node 13 … P_2", "13 → P2").
pub fn names_both(text: &str, node: &str, pe: &str) -> bool {
    let whole = |hay: &str, word: &str| {
        hay.match_indices(word).any(|(i, _)| {
            let before = hay[..i].chars().next_back();
            let after = hay[i + word.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                && !after.is_some_and(|c| c.is_ascii_digit())
        })
    };
    let pe_named = [format!("P_{pe}"), format!("P{pe}"), format!("PE {pe}")]
        .iter()
        .any(|n| whole(text, n));
    whole(text, node) && pe_named
}

/// Whether `text` shows `answer`: as a number of its own anywhere (not part of a longer
/// number or of a name such as P4, x_4 or C_{1,4}); for the small whole numbers −2 … 2,
/// which are everywhere as counts, levels and steps, only as a value (after "=", "≈", ":",
/// "/", "of", "is", "takes" or "says", or the whole text).
pub fn shows(text: &str, answer: &str) -> bool {
    let small = answer
        .parse::<f64>()
        .is_ok_and(|x| x.abs() <= 2.0 && x.fract() == 0.0);
    if !small {
        return super::stage::shows(text, answer);
    }
    let t = text.replace('−', "-");
    if t.trim() == answer {
        return true;
    }
    t.match_indices(answer).any(|(i, _)| {
        let before = t[..i].trim_end();
        let after = &t[i + answer.len()..];
        let longer = after.starts_with(|c: char| c.is_ascii_digit())
            || (after.starts_with('.') && after[1..].starts_with(|c: char| c.is_ascii_digit()));
        let named = t[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || "_{,.-".contains(c));
        let value = before.ends_with(['=', '≈', ':', '/'])
            || [" of", " is", " takes", " says"]
                .iter()
                .any(|w| before.ends_with(w));
        value && !longer && !named
    })
}

/// The lesson player's own step counter ("step 2 of 7", "2/7"): not a value of the run.
fn counter(text: &str) -> bool {
    let t = text.trim();
    (t.starts_with("step ") && t.contains(" of "))
        || t.split('/').count() == 2 && t.split('/').all(|p| p.parse::<u32>().is_ok())
}

/// The numbers written in `text` (a minus sign included; digits after a letter or `_` are
/// names such as P4 or x_4, not numbers).
pub fn numbers(text: &str) -> Vec<f64> {
    let t = text.replace('−', "-").replace(['\u{202f}', '\u{2009}'], "");
    let chars: Vec<char> = t.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let named = i > 0 && (chars[i - 1].is_alphabetic() || matches!(chars[i - 1], '_' | '{'));
        if c.is_ascii_digit() && !named {
            let start = if i > 0 && chars[i - 1] == '-' {
                i - 1
            } else {
                i
            };
            let mut j = i;
            while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == '.') {
                j += 1;
            }
            let s: String = chars[start..j].iter().collect();
            if let Ok(x) = s.trim_end_matches('.').parse::<f64>() {
                out.push(x);
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-4 * b.abs().max(1.0)
}

/// The instance's givens: the editable controls of the drawer's Controls leaf (the instance
/// and its generators' settings, which a question never asks — the student needs them).
/// In the normal layout they are a column of their own (`controls`, where it was drawn): the
/// redistribution's generator "max |δ| 4" there is the student's setting, not rrv's answer 4.
fn given(t: &Text, all: &[Text], controls: Option<egui::Rect>) -> bool {
    let input = matches!(
        t.role,
        egui::Role::SpinButton | egui::Role::Slider | egui::Role::TextInput | egui::Role::ComboBox
    );
    let tab = all
        .iter()
        .any(|c| c.text == "Controls" && c.role != egui::Role::Label && c.on);
    let in_drawer = tab && t.pane.is_some() && t.pane == drawer_pane(all);
    let in_column = controls.is_some_and(|c| c.contains(t.rect.center()));
    input && (in_drawer || in_column)
}

/// Secrecy: until Reveal no text shows the answer (unless the prompt states it), no text gives
/// it away through a bound with its gap or ratio, and the mask blanks nothing else.
/// `controls`: the controls column of the normal layout, where drawn.
pub fn secrecy(
    all: &[Text],
    asked: &Asked,
    controls: Option<egui::Rect>,
    fail: &mut dyn FnMut(String),
) {
    if !asked.stated {
        for t in all.iter().filter(|t| {
            !asked.own.contains(&t.text) && !counter(&t.text) && !given(t, all, controls)
        }) {
            let shown = |f: &&String| shows(&t.text, f) && !counts_other(&t.text, f, &asked.words);
            if let Some(f) = asked.forms.iter().find(shown) {
                fail(format!(
                    "[secrecy] {:?} {:?} at {:?} shows the answer {f}",
                    t.role, t.text, t.rect
                ));
            }
        }
        if let Some(ans) = asked.value {
            derived(all, ans, fail);
        }
        if let Some((node, pe)) = &asked.named {
            for t in all.iter().filter(|t| names_both(&t.text, node, pe)) {
                fail(format!(
                    "[secrecy] {:?} {:?} at {:?} names node {node} with its PE {pe}",
                    t.role, t.text, t.rect
                ));
            }
        }
    }
    for t in all.iter().filter(|t| !asked.own.contains(&t.text)) {
        if let Some(word) = masked_name(&t.text) {
            fail(format!(
                "[secrecy] {:?} masks a number that is not the answer (after {word:?})",
                t.text
            ));
        }
    }
}

/// A bound shown together with a gap (bound + gap = answer) or a ratio (bound · ratio =
/// answer) gives the answer away.
fn derived(all: &[Text], ans: f64, fail: &mut dyn FnMut(String)) {
    let with = |words: &[&str]| -> Vec<(f64, String)> {
        all.iter()
            .filter(|t| {
                let l = t.text.to_lowercase();
                words.iter().any(|w| l.contains(w))
            })
            .flat_map(|t| numbers(&t.text).into_iter().map(|x| (x, t.text.clone())))
            .filter(|(x, _)| *x > 0.0 && !close(*x, ans))
            .collect()
    };
    let bounds = with(&["bound", "optimum", "t*", "τ"]);
    for (g, gt) in with(&["gap"]) {
        if let Some((b, bt)) = bounds.iter().find(|(b, _)| close(b + g, ans)) {
            fail(format!(
                "[secrecy] the gap {g} in {gt:?} and {b} in {bt:?} give the answer {ans}"
            ));
        }
    }
    // (A ratio is a fraction such as 1.11111: a whole number in a ratio's text is a count.)
    for (r, rt) in with(&["ratio"]) {
        if r > 1.0
            && r.fract() != 0.0
            && let Some((b, bt)) = bounds.iter().find(|(b, _)| close(b * r, ans))
        {
            fail(format!(
                "[secrecy] the ratio {r} in {rt:?} and {b} in {bt:?} give the answer {ans}"
            ));
        }
    }
}

/// Words after which a number numbers a thing of the paper or the app (Theorem 2, Lemma 6,
/// Fig. 4, System 6, Step 12), never a quantity of the run. (A capitalised word in general is
/// not one: "Makespan ?" and "Fine-Grain ?" stand where a value of the run stood.)
const NUMBERING: [&str; 21] = [
    "Theorem",
    "Theorems",
    "Lemma",
    "Lemmas",
    "Algorithm",
    "Algorithms",
    "Alg",
    "System",
    "Systems",
    "Fig",
    "Figs",
    "Figure",
    "Section",
    "Step",
    "Steps",
    "Proposition",
    "Corollary",
    "Table",
    "Definition",
    "line",
    "lines",
];

/// Whether a number after `head` numbers a thing: `head` ends with a word of [`NUMBERING`],
/// maybe with a list of such numbers after it ("pseudo-code lines 3, 4, 5, 6").
fn numbered(head: &str) -> bool {
    let mut head = head;
    while let Some(rest) = head
        .strip_suffix(", ")
        .or_else(|| head.strip_suffix(" and "))
    {
        let listed = rest.trim_end_matches(|c: char| c.is_ascii_digit());
        if listed.len() == rest.len() {
            break;
        }
        head = listed;
    }
    NUMBERING.iter().any(|w| head.ends_with(&format!("{w} ")))
}

/// The word before a mask "?" standing where a name's number stood ("Theorem ?", "Lemma ?",
/// "Step ?"), not as a value ("= ?", ": ?", "of ?", "/ ?", "Makespan ?") nor a question's own
/// mark.
pub fn masked_name(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c != '?' || i < 2 || chars[i - 1] != ' ' {
            continue;
        }
        if chars.get(i + 1).is_some_and(|n| n.is_alphanumeric()) {
            continue;
        }
        let word: String = chars[..i - 1]
            .iter()
            .rev()
            .take_while(|c| c.is_alphabetic())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if NUMBERING.contains(&word.as_str()) {
            return Some(word);
        }
    }
    None
}

#[test]
fn the_walk_finds_what_each_mask_stands_for() {
    assert_eq!(fills("? → 1", "2 → 1"), Some(vec!["2".to_owned()]));
    assert_eq!(
        fills("Round 1 of ?.", "Round 1 of 27.5."),
        Some(vec!["27.5".to_owned()])
    );
    assert_eq!(
        fills("how many rounds?", "how many rounds?"),
        Some(vec!["?".to_owned()])
    );
    assert_eq!(fills("makespan ?", "rounds 2"), None);
    assert_eq!(fills("no mask", "no mask"), Some(vec![]));
    let rounds = vec!["round".to_owned()];
    let named = |t: &str| named_value(t, t.find('?').expect("a mark"), &rounds);
    assert!(named("δ_max = ?") && named("Round 1 of ?") && named("makespan ?"));
    assert!(named("?/4") && named("Lemma 1's bound c·max|δ_{k,l}| = ?"));
    assert!(named("In [0.33, ?), per processor") && named("all 63 nodes ran in ? steps"));
    assert!(!named("? → 1") && !named("P1 (+?)") && !named("δ of the sender: ? → 1"));
    assert!(counts_other("round 1: bound ? · 4 sends", "4", &rounds));
    assert!(!counts_other("after 4 rounds", "4", &rounds));
    assert!(!counts_other("4 sends, bound 4", "4", &rounds));
    assert!(!counts_other("P4 and 14", "4", &rounds));
    assert!(counts_other("(Steps 4–6), 4 sends", "4", &rounds));
    assert!(counts_other("pseudo-code lines 3, 4, 5, 6", "4", &rounds));
    assert!(counts_other("lines 3 and 4", "4", &rounds));
    assert!(counts_other(
        "▶     4    for all l = 0 … n − 1:",
        "4",
        &rounds
    ));
    assert!(!counts_other("4", "4", &rounds) && !counts_other(" 4 rounds", "4", &rounds));
    assert!(!counts_other("lines 3, then 4 rounds", "4", &rounds));
}

#[test]
fn the_walk_reads_numbers_and_masked_names() {
    assert!(shows("rounds = 2", "2"));
    assert!(shows("Lemma 1 says 4 rounds remain", "4"));
    assert!(!shows("level 2", "2"));
    assert!(!shows("2 right children sent", "2"));
    assert!(shows("Fine-Grain 10", "10"));
    assert!(counter("step 2 of 7") && counter("2/7") && !counter("Score 0 / 4"));
    assert_eq!(
        numbers("τ(⌊R₁⌋) = 30, gap 3 over 27"),
        vec![30.0, 3.0, 27.0]
    );
    assert_eq!(numbers("P4 and x_4 and −2.5"), vec![-2.5]);
    assert_eq!(
        masked_name("Theorem ? (corrected)").as_deref(),
        Some("Theorem")
    );
    assert_eq!(masked_name("makespan = ?"), None);
    assert_eq!(masked_name("Fig. 4 and Step ?").as_deref(), Some("Step"));
    assert!(names_both("node 13 runs on P_2 at step 3", "13", "2"));
    assert!(names_both("13 → P2", "13", "2"));
    assert!(!names_both("node 13 runs on P_21", "13", "2"));
    assert!(!names_both("node 113 runs on P_2", "13", "2"));
    assert!(!names_both("node 7 runs on P_2", "13", "2"));
    // A value of the run after a capitalised word is a value, not a name's number.
    assert_eq!(masked_name("Makespan ? on 4 PEs"), None);
    assert_eq!(masked_name("exhaustive ?, Fine-Grain ?"), None);
    assert_eq!(masked_name("Round 1 of ?."), None);
    assert_eq!(masked_name("how many rounds does it take?"), None);
}
