//! The open lesson question's answer as a view may show it (issue 14's "?"): [`Secret`] is
//! what the lesson player publishes each frame ([`super::publish_secret`]); a widget masks a
//! text with it by the quantity the text writes ([`Says`]), or — the last resort — by the
//! answer's digits ([`Secret::mask`]).

/// What an open lesson question asks: until Reveal, every place that would show it — the
/// numbers (by the field's name), captions, Why lines, tables, the step counter — shows
/// [`HIDDEN`] instead. The lesson player publishes it once per frame ([`super::publish_secret`]),
/// before the workspace is drawn; lesson authors name the field and nothing else.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Secret {
    /// The report field the question asks for (its JSON path, e.g. `bounds.Lemma 1.value`).
    pub field: String,
    /// What else gives it away on its run ([`crate::report::Giveaway`]; until the answer is
    /// computed, only the field itself).
    pub giveaway: crate::report::Giveaway,
    /// The answer and the values derived from it as the app writes them in any of its
    /// precisions (empty while the answer is still being computed: then only the field is
    /// hidden).
    pub texts: Vec<String>,
    /// The answer's own texts (without the values the giveaway derives from it).
    pub own: Vec<String>,
    /// The run the question's check runs (None: not known, taken to be the shown one).
    pub run: Option<crate::model::registry::Scenario>,
    /// Fields whose values the prompt itself states ([`crate::lesson::Question::states`]):
    /// never "?" while the question is open, whatever else hides them.
    pub stated: Vec<String>,
    /// Whether the shown run is the question's run ([`Secret::shown`]). Only then are the
    /// shown run's quantities the ones that determine the answer: another run's fields are
    /// other numbers under the same names, and hiding them would blank numbers that are not
    /// the answer.
    pub on_shown_run: bool,
    /// The answer as a number (a choice that reads as one too), once computed.
    pub value: Option<f64>,
    /// The question's tolerance: a number within it of the answer is the answer.
    pub tolerance: f64,
    /// Where a step bar the question holds rests until Reveal: the lesson step's own position
    /// (its picture is part of the question; 0 for most).
    pub rest: usize,
}

/// What a hidden answer reads until Reveal.
pub const HIDDEN: &str = "?";

/// What a text (a table's column, a caption's part) writes, so that the mask follows
/// quantities rather than digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Says {
    /// Quantity `key` of the shown run (a report field, or a quantity of the model such as
    /// `delta` or `delta_max`): hidden when [`Secret::hides_field`] says so, never by digits.
    Quantity(&'static str),
    /// Names and words only (a send "P1 → P2", a pseudo-code step): never masked.
    Names,
    /// Free text whose numbers' quantities are not known: masked by their digits
    /// ([`Secret::mask`]), the last resort.
    #[default]
    Free,
}

/// The decoy answer of [`Secret::decoy`]: a number no view of a bundled lesson writes.
const DECOY: f64 = 97_531.864_2;

impl Secret {
    /// The secret of a question asking for `field` whose answer is `answer` (a number, or a
    /// choice's text).
    pub fn new(field: &str, answer: Option<Result<f64, String>>) -> Secret {
        let value = match &answer {
            Some(Ok(x)) => Some(*x),
            Some(Err(choice)) => choice.trim().parse::<f64>().ok(),
            None => None,
        };
        let texts = match answer {
            None => Vec::new(),
            Some(Err(choice)) => vec![choice],
            Some(Ok(x)) => {
                let mut t: Vec<String> = crate::model::format::renderings(x).collect();
                t.sort();
                t.dedup();
                t
            }
        };
        Secret {
            field: field.to_owned(),
            giveaway: crate::report::Giveaway {
                field: field.to_owned(),
                fields: vec![field.to_owned()],
                ..Default::default()
            },
            own: texts.clone(),
            texts,
            stated: Vec::new(),
            run: None,
            on_shown_run: true,
            value,
            tolerance: 0.0,
            rest: 0,
        }
    }

    /// The same secret of a question accepting answers within `tolerance`.
    pub fn within(mut self, tolerance: f64) -> Secret {
        self.tolerance = tolerance.max(0.0);
        self
    }

    /// The same secret of a question asked at step bar position `rest` ([`Secret::rest`]).
    pub fn resting_at(mut self, rest: usize) -> Secret {
        self.rest = rest;
        self
    }

    /// The same secret with the fields its prompt states.
    pub fn stating(mut self, fields: &[String]) -> Secret {
        self.stated = fields.to_vec();
        self
    }

    /// Whether field `key` of the shown run is one the prompt states (so no mask hides it).
    pub fn states(&self, key: &str) -> bool {
        self.on_shown_run && self.stated.iter().any(|f| f == key)
    }

    /// The same quantities hidden by name, but an answer no view writes (the lecture walk's decoy probe).
    pub fn decoy(mut self) -> Secret {
        self.texts = crate::model::format::renderings(DECOY).collect();
        self.own = self.texts.clone();
        self
    }

    /// The same secret, asked about the run of `scenario` (its check's; None: unknown).
    pub fn of_run(mut self, scenario: Option<crate::model::registry::Scenario>) -> Secret {
        self.run = scenario;
        self
    }

    /// Whether `scenario` is the question's run (or the run is not known).
    pub fn asks(&self, scenario: &crate::model::registry::Scenario) -> bool {
        self.run.as_ref().is_none_or(|r| r == scenario)
    }

    /// The same secret for a view showing the run of `scenario`. When that is not the
    /// question's run, its fields are not hidden by name and the numbers the giveaway
    /// derives from the answer are not hidden either; only the answer's own texts are —
    /// that is still safe: the other run's quantities do not determine the asked one (the
    /// check runs its own instance), and where the other run's view also draws the asked
    /// run (a sweep plot over every policy, the policies table's row of the asked policy)
    /// the view asks [`Secret::asks`] or [`Secret::hides_instance_point`] itself.
    pub fn shown(mut self, scenario: &crate::model::registry::Scenario) -> Secret {
        self.on_shown_run = self.asks(scenario);
        if !self.on_shown_run {
            self.texts = self.own.clone();
        }
        self
    }

    /// The same secret with everything its run says gives it away: those fields hidden by
    /// name, those values wherever a text writes them as a value.
    pub fn with(mut self, giveaway: &crate::report::Giveaway) -> Secret {
        // The run knows which numbers give the answer away (none for an index such as a
        // PE's k); a choice's own words stay hidden too.
        self.texts.retain(|t| !is_number(t));
        self.own = self.texts.clone();
        self.own.extend(
            giveaway
                .values
                .first()
                .into_iter()
                .flat_map(|&x| crate::model::format::renderings(x)),
        );
        // (Not yet the values of the giveaway's fields, `field_values`: masked by their digits
        // they blanked counts and coefficients that merely equal one, "queue 0", "(1 − dα)",
        // on the lecture walks. Their figures are hidden by name.)
        self.texts.extend(
            giveaway
                .values
                .iter()
                .flat_map(|&x| crate::model::format::renderings(x)),
        );
        for t in [&mut self.texts, &mut self.own] {
            t.sort();
            t.dedup();
        }
        self.giveaway = giveaway.clone();
        self
    }

    /// Whether the figure, column or field named `key` of the shown run gives the answer
    /// away (the asked field, what holds it, or what determines it on its run) — never when
    /// the shown run is another one ([`Secret::shown`]).
    pub fn hides_field(&self, key: &str) -> bool {
        self.on_shown_run && self.names(key)
    }

    /// Whether field `key` of the run of `scenario` (a row of a table that compares runs)
    /// gives the answer away: only when that is the question's run, known.
    pub fn hides_field_of(&self, scenario: &crate::model::registry::Scenario, key: &str) -> bool {
        self.run.as_ref() == Some(scenario) && self.names(key)
    }

    /// Whether `text`, which writes quantity `key` of the shown run and nothing else, is
    /// hidden: then it reads [`HIDDEN`]; otherwise it stays as it is whatever its digits —
    /// a number that merely equals the answer is not the answer.
    pub fn mask_quantity(&self, key: &str, text: &str) -> String {
        if self.hides_field(key) && text.chars().any(|c| c.is_ascii_digit()) {
            HIDDEN.to_owned()
        } else {
            text.to_owned()
        }
    }

    /// Whether field `key`, written `text`, gives the answer away on any run: a quantity of
    /// the asked kind (the field or what determines it) that reads the answer's value or a
    /// give-away value. Another run of the same instance shares the quantities of the
    /// instance alone (lg* ℓ for a phase count, whatever the policy), so there the name alone
    /// does not hide it, but name and value together do.
    pub fn hides_named_value(&self, key: &str, text: &str) -> bool {
        self.names(key) && self.hides_value(text)
    }

    /// Whether `key` names the asked field, what holds it or what determines it.
    fn names(&self, key: &str) -> bool {
        key == self.field
            || self.field.starts_with(&format!("{key}."))
            || key.starts_with(&format!("{}.", self.field))
            || self.giveaway.hides(key)
    }

    /// `text` as a view writes `says`: a quantity by its key, names never, free text by the
    /// last resort of its digits ([`Secret::mask`]).
    pub fn mask_as(&self, says: Says, text: &str) -> String {
        match says {
            Says::Quantity(key) => self.mask_quantity(key, text),
            Says::Names => text.to_owned(),
            Says::Free => self.mask(text),
        }
    }

    /// Whether a plot's curve whose points are `points` and which draws `drawn`
    /// ([`crate::report::Series::draws`]) gives the answer away, the instance's own x being
    /// `x` (None: not known). A curve of a quantity that determines the answer does,
    /// whole; a curve of the asked field itself does where it holds the instance (a level
    /// line, or the instance's x within its range, 5 % either side); beyond its range its
    /// points are other instances', which give the answer away only where the end toward the
    /// instance is within the question's tolerance of it (read on from there, it would be the
    /// answer). A curve that only passes the answer on the way does not: grs step 7's τ = 10⁶
    /// curve crosses 0.62 near n = 35 and ends at 0.66 at n = 40, the answer at n = 1000
    /// being 0.624 ± 0.02, and the step asks the student to read that curve.
    pub fn hides_curve(
        &self,
        drawn: &crate::report::Drawn,
        points: &[[f64; 2]],
        x: Option<f64>,
    ) -> bool {
        let ours = match &drawn.run {
            None => self.on_shown_run,
            Some(run) => self.asks(run),
        };
        if !ours || !self.names(&drawn.field) || points.is_empty() {
            return false;
        }
        let (Some(x), true) = (x, drawn.field == self.field) else {
            return true;
        };
        let level = points.len() >= 2 && points.iter().all(|p| p[1] == points[0][1]);
        let (lo, hi) = points
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| {
                (a.min(p[0]), b.max(p[0]))
            });
        let margin = 0.05 * (hi - lo);
        let near = |y: f64| {
            self.value
                .is_none_or(|a| (y - a).abs() <= self.tolerance + 1e-9 * a.abs().max(1.0))
        };
        let end = points
            .iter()
            .min_by(|p, q| (p[0] - x).abs().total_cmp(&(q[0] - x).abs()));
        level || (lo - margin <= x && x <= hi + margin) || end.is_some_and(|p| near(p[1]))
    }

    /// Whether the sweep plots' point at the instance's own parameter gives the answer away.
    /// (Whatever the shown run: a sweep draws every policy of the instance, so another
    /// policy's plot holds the asked run's point too; cutting a plot blanks no number.)
    pub fn hides_instance_point(&self) -> bool {
        self.giveaway.instance_point
    }

    /// Whether a number written `text` is the answer.
    pub fn hides_value(&self, text: &str) -> bool {
        let t = text.trim().replace('−', "-");
        self.texts.contains(&t)
    }

    /// `text` with every number written as the answer and standing as a value (after `=`,
    /// `:`, `/`, "of", or alone) replaced by [`HIDDEN`] (whole numbers only: "14" in "140"
    /// stays), and every occurrence of a choice answer.
    pub fn mask(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for a in self.texts.iter().filter(|a| !is_number(a)) {
            out = out.replace(a.as_str(), HIDDEN);
        }
        if !self.texts.iter().any(|a| is_number(a)) {
            return out;
        }
        let mut masked = String::with_capacity(out.len());
        let mut token = String::new();
        let whole = out.trim().replace('−', "-");
        // 0 and 1 are everywhere (counts, steps, indices): hidden only where they stand as a
        // value; any other answer wherever it stands alone.
        let small = self
            .texts
            .iter()
            .all(|a| a.parse::<f64>().is_ok_and(|x| x.abs() <= 1.0));
        let flush = |token: &mut String, masked: &mut String| {
            if !token.is_empty() {
                let value = token.trim_end_matches('.');
                let placed = !small || value_position(masked) || whole == value;
                let hidden = placed && self.hides_value(value);
                if hidden {
                    masked.push_str(HIDDEN);
                    if token.ends_with('.') {
                        masked.push('.');
                    }
                } else {
                    masked.push_str(token);
                }
                token.clear();
            }
        };
        let chars: Vec<char> = out.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let starts_number = token.is_empty()
                && (c == '-' || c == '−')
                && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit())
                && !chars
                    .get(i.wrapping_sub(1))
                    .is_some_and(|p| p.is_alphanumeric());
            // A digit right after a letter, `_`, `{`, `^` or a comma without a space is part
            // of a name, an index list or a power (P4, x_4, C_{1,2}, 2^10), not a value; so is
            // a number after a name such as "Theorem" or "Fig." (numbered things, not values).
            let part_of_word = token.is_empty()
                && i > 0
                && (chars[i - 1].is_alphanumeric()
                    || matches!(chars[i - 1], '_' | '{' | ',' | '^')
                    || names_a_thing(&masked));
            let continues = !token.is_empty()
                && (c.is_ascii_digit()
                    || c == '.'
                    || c == 'e'
                    || ((c == '-' || c == '+') && token.ends_with('e')));
            let begins = token.is_empty()
                && !in_list(&masked, &chars[i..])
                && ((c.is_ascii_digit() && !part_of_word) || starts_number);
            if continues || begins {
                token.push(c);
            } else {
                // The base of a power (2^10) is not a value of its own.
                if c == '^' {
                    masked.push_str(&token);
                    token.clear();
                }
                flush(&mut token, &mut masked);
                masked.push(c);
            }
        }
        flush(&mut token, &mut masked);
        masked
    }
}

/// Whether a number after `before` stands as a value: after `=`, `≈`, `:`, `/` or "of"
/// ("bound = 4", "Round 1 of 4", "0/4"), not as a count in a sentence ("4 sends") or an index.
fn value_position(before: &str) -> bool {
    let b = before.trim_end();
    b.ends_with(['=', '≈', ':', '/']) || b.ends_with(" of") || b == "of"
}

/// Words after which a number names a thing (Theorem 2, Fig. 4, System 6, step 24, a tree's
/// node 13 by its heap number, processor 3), never a quantity of the run.
const NAMES: [&str; 24] = [
    "node",
    "processor",
    "Theorem",
    "Theorems",
    "Lemma",
    "Lemmas",
    "Algorithm",
    "Algorithms",
    "Alg.",
    "System",
    "Systems",
    "Fig.",
    "Figs.",
    "Figure",
    "Section",
    "Step",
    "Steps",
    "step",
    "steps",
    "Proposition",
    "Corollary",
    "Table",
    "Eq.",
    "Definition",
];

/// Whether the text before a number ends with one of [`NAMES`] and a space ("Theorem 2",
/// "Steps 10–18").
fn names_a_thing(before: &str) -> bool {
    if !before.ends_with(' ') {
        return false;
    }
    let word = before
        .trim_end()
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("");
    NAMES.contains(&word)
}

/// Whether a number after `before` is an item of a parenthesised list — an instance's
/// vector such as δ = (2, 1, 1, −2, −2), an input the prompt states, not an outcome.
fn in_list(before: &str, after: &[char]) -> bool {
    let open = before.matches('(').count() > before.matches(')').count();
    let b = before.trim_end_matches(['-', '−']);
    let more = after.iter().take_while(|&&c| c != ')').any(|&c| c == ',');
    open && (b.ends_with(", ") || (b.ends_with('(') && more))
}

fn is_number(text: &str) -> bool {
    text.replace('−', "-").parse::<f64>().is_ok()
}

/// Gil–Matias step 6's instance, n = 2^30, p = 2^16, ℓ = 2^18, under `policy` (the secrecy
/// tests' run of a question on another policy's balancings).
#[cfg(test)]
pub(crate) fn gil_matias_step_6(
    policy: crate::model::geodecay::Policy,
) -> crate::model::registry::Scenario {
    use crate::model::geodecay::GeoParams;
    crate::model::registry::Scenario::Geodecay(GeoParams {
        n: 1 << 30,
        p: 1 << 16,
        ell: 262_144.0,
        policy,
        ..GeoParams::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_masks_whole_numbers_written_as_the_answer_and_its_field() {
        let s = Secret::new("bounds.Lemma 1.value", Some(Ok(4.0)));
        assert_eq!(
            s.mask("Lemma 1's bound c·max|δ_{k,l}| = 4 is attained by C_{1,3}: δ_{1,3} = 4 items"),
            "Lemma 1's bound c·max|δ_{k,l}| = ? is attained by C_{1,3}: δ_{1,3} = ? items"
        );
        assert_eq!(s.mask("Round 1 of 4."), "Round 1 of ?.");
        assert_eq!(
            s.mask("C_{4,5} = 3, C_{1,4} = 4"),
            "C_{4,5} = 3, C_{1,4} = ?"
        );
        assert_eq!(
            s.mask("14 and 40 and 4.5 and P4 and x_4"),
            "14 and 40 and 4.5 and P4 and x_4"
        );
        assert!(s.hides_field("bounds"));
        assert!(s.hides_field("bounds.Lemma 1.value"));
        assert!(!s.hides_field("makespan"));
        let t = Secret::new("ratio", Some(Ok(0.7496)));
        assert_eq!(t.mask("ρ = 0.7496, T* = 0.75"), "ρ = ?, T* = ?");
        let c = Secret::new("optimal", Some(Err("System 6".into())));
        assert_eq!(c.mask("Auto chose System 6 here"), "Auto chose ? here");
    }

    #[test]
    fn the_mask_leaves_names_powers_indices_and_stated_vectors_alone() {
        let two = Secret::new("rounds", Some(Ok(2.0)));
        for innocent in [
            "Theorem 2 (corrected)",
            "Lemma 2's bound",
            "Fig. 2 and Figs. 2–4",
            "Steps 2–18 of Algorithm 2",
            "System 2",
            "P12 and n = 2^20",
            "δ = (2, 1, 1, −2, −2)",
            "x_2 and C_{2,5}",
        ] {
            assert_eq!(two.mask(innocent), innocent);
        }
        assert_eq!(two.mask("rounds = 2"), "rounds = ?");
        assert_eq!(two.mask("Round 2 of 2"), "Round ? of ?");
        // A number alone in parentheses is a value too ("(9 nodes)", "bound (2)").
        assert_eq!(two.mask("makespan: 2, bound (2)"), "makespan: ?, bound (?)");
        let ten = Secret::new("balancings", Some(Ok(10.0)));
        assert_eq!(
            ten.mask("p = 2^10, 10 balancings"),
            "p = 2^10, ? balancings"
        );
    }

    #[test]
    fn a_giveaway_adds_its_fields_and_values() {
        let g = crate::report::Giveaway {
            field: "optimal".into(),
            fields: vec!["optimal".into(), "ratio".into(), "bounds.*.gap".into()],
            values: vec![10.0, 9.0],
            instance_point: true,
            ..Default::default()
        };
        let s = Secret::new("optimal", Some(Ok(10.0))).with(&g);
        assert!(s.hides_field("ratio") && s.hides_field("bounds.Lemma 1.gap"));
        assert!(!s.hides_field("py") && !s.hides_field("bounds.Lemma 1.value"));
        assert_eq!(
            s.mask("root starts at 9, ends at 10"),
            "root starts at ?, ends at ?"
        );
        assert_eq!(s.mask("one processor: 31"), "one processor: 31");
        assert!(s.hides_instance_point());
    }

    #[test]
    fn another_runs_fields_are_not_hidden_by_name_only_the_answer_is() {
        use crate::model::geodecay::Policy;
        // Gil–Matias: the improved policy balances 4 times at n = 2^30, p = 2^16, ℓ = 2^18
        // (the lesson's step 6); the view shows the policy "never" on the same instance.
        let run = gil_matias_step_6;
        let g = crate::report::Giveaway {
            field: "balancings".into(),
            fields: vec!["balancings".into(), "lg_n_over_p".into()],
            values: vec![4.0],
            instance_point: true,
            ..Default::default()
        };
        let asked = Secret::new("balancings", Some(Err("4".into())))
            .of_run(Some(run(Policy::Improved)))
            .with(&g);
        let never = asked.clone().shown(&run(Policy::Never));
        assert!(!never.hides_field("balancings") && !never.hides_field("lg_n_over_p"));
        assert!(never.hides_value("4") && !never.hides_value("14"));
        assert!(never.hides_field_of(&run(Policy::Improved), "balancings"));
        assert!(!never.hides_field_of(&run(Policy::Standard), "balancings"));
        // The sweep draws every policy: the instance's point stays cut.
        assert!(never.hides_instance_point());
        let own = asked.shown(&run(Policy::Improved));
        assert!(own.hides_field("balancings") && own.hides_field("lg_n_over_p"));
    }

    #[test]
    fn a_quantity_is_hidden_by_its_key_never_by_its_digits() {
        let two = Secret::new("rounds", Some(Ok(2.0)));
        // δ of a sender that equals the rounds by chance stays; the rounds themselves go.
        assert_eq!(two.mask_as(Says::Quantity("delta"), "2 → 1"), "2 → 1");
        assert_eq!(two.mask_as(Says::Quantity("rounds"), "2"), HIDDEN);
        assert_eq!(two.mask_as(Says::Names, "Step 2"), "Step 2");
        assert_eq!(two.mask_as(Says::Free, "rounds = 2"), "rounds = ?");
        // The decoy keeps the quantities, drops the digits.
        let d = two.decoy();
        assert!(d.hides_field("rounds") && !d.hides_value("2"));
    }
}
