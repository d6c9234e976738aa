//! Writing a lesson from the app: Edit ▸ Copy as lesson step turns the view in front into a
//! lesson step — its scenario inline, the step bar's position, the regions shown, the picture
//! tab and plot, Hide the future — as RON to paste into a lesson file's `steps: [ … ]`. The
//! author then writes the step's text and question; `loadlab lesson FILE --check` checks the
//! whole file.
//!
//! The step's title is the scenario's name and its text starts as what the scenario shows (its
//! description), so that a pasted step is a valid step before it is edited. The picture's
//! caption is not written into it: it says the run's totals ("3 of 9 done"), which a question
//! on the step may ask, and a lesson's text is never masked.

use super::exercise::ExerciseStep;
use super::question::{Check, Kind, Question};
use super::{LessonStep, StepScenario, ViewHint};
use crate::model::registry::Scenario;

/// What the app shows when the step is copied: the step bar's position, the regions, picture
/// tab, plot and Hide the future as a step's view names them, and whether Your turn is on.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Shown {
    /// The step bar's position.
    pub step: usize,
    /// The view (Hide the future: `Some(true)` when on).
    pub view: ViewHint,
    /// "Your turn" is on: the step is an exercise.
    pub your_turn: bool,
}

/// The lesson step that shows `scenario` as `shown` says, titled `title`, its text
/// `description` (what the scenario shows; the title when there is none). With Your turn on,
/// `caption` (the board's first line) is the exercise's prompt. Hide the future is written
/// only when it is on: a lesson starts with the future shown, and a step that switches
/// nothing is refused by the check.
pub fn step(
    title: &str,
    description: &str,
    caption: Option<&str>,
    scenario: &Scenario,
    shown: &Shown,
) -> LessonStep {
    let text = match description.trim() {
        "" => title.to_string(),
        d => d.to_string(),
    };
    LessonStep {
        title: title.to_string(),
        text,
        scenario: StepScenario::Inline(scenario.clone()),
        step: shown.step,
        view: Some(ViewHint {
            // The future shown is the lesson's start: switching it on again is no switch.
            hide_future: shown.view.hide_future.filter(|&on| on),
            ..shown.view.clone()
        }),
        highlight: None,
        try_it: false,
        question: None,
        exercise: exercise(shown, scenario, caption.unwrap_or(title)),
    }
}

/// A figure of the numbers region asked as a lesson question (Copy as lesson question on its
/// row): its JSON key, its name and the value shown.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Asked {
    /// The figure's key: a dot path into the run's JSON (`optimal`, `algorithms.C.time`).
    pub key: String,
    /// The figure's name in the numbers region.
    pub name: String,
    /// Its value on the run shown.
    pub value: f64,
    /// The value is a whole number (a count, a step): the answer is exact.
    pub whole: bool,
}

/// The question that asks `asked` of `scenario`'s run, its check the command that runs the
/// scenario ([`crate::command::command_of`]): none when no command sets the scenario. A whole number is asked
/// exactly, another to about 1 % (one significant digit of |value|/100); the prompt and the
/// explanation name the figure, for the author to write in the lesson's words.
pub fn question(scenario: &Scenario, asked: &Asked) -> Result<Question, String> {
    let words = crate::command::command_of(scenario).ok_or_else(|| {
        format!(
            "no `loadlab {}` command sets this scenario (no flags of it set the scenario as it is): \
             write the question's check by hand, on a bundled preset with `eval`",
            scenario.model_name()
        )
    })?;
    let check = Check {
        command: words,
        field: asked.key.clone(),
    };
    let tolerance = match asked.whole {
        true => 0.0,
        false => one_digit(asked.value.abs() / 100.0),
    };
    Ok(Question {
        prompt: format!("Predict {} on this run.", asked.name),
        kind: Kind::Number,
        choices: Vec::new(),
        tolerance,
        explanation: format!(
            "{} of this run, as `{}` prints it.",
            capitalised(&asked.name),
            check.command_line()
        ),
        check,
        states: Vec::new(),
    })
}

/// `text` with its first letter a capital (a sentence begins with a figure's name).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// `x` rounded to one significant digit (0 stays 0).
fn one_digit(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return 0.0;
    }
    let unit = 10f64.powf(x.log10().floor());
    (x / unit).round() * unit
}

/// `q` as RON to paste into a lesson step (`question: Some((…)),`), under a comment that says
/// where.
pub fn question_ron(q: &Question) -> String {
    let body = ron::ser::to_string_pretty(&Some(q), pretty()).unwrap_or_else(|e| format!("// {e}"));
    format!(
        "// A question on the step's run: paste it into the step (after its text), then write \
         its prompt and explanation in the lesson's words.\nquestion: {body},\n"
    )
}

/// How a copied step or question is written: RON without struct names, a list on one line.
fn pretty() -> ron::ser::PrettyConfig {
    ron::ser::PrettyConfig::new()
        .struct_names(false)
        .compact_arrays(true)
}

/// The exercise of a step copied with Your turn on, when the scenario has one: `prompt` (the
/// board's first line) as its prompt, passed at two thirds of its moves right at the first
/// try (the bundled lessons' mark).
fn exercise(shown: &Shown, scenario: &Scenario, prompt: &str) -> Option<ExerciseStep> {
    if !shown.your_turn {
        return None;
    }
    let moves = crate::lesson::homework::personal::size_class(scenario).ok()?;
    Some(ExerciseStep {
        prompt: prompt.to_string(),
        pass: (2 * moves).div_ceil(3).max(1),
        personal: false,
    })
}

/// `step` as RON to paste into a lesson's `steps: [ … ]`: a comment naming the model (and the
/// command a question's check can run, when there is one), the step, and a comma after it.
pub fn step_ron(step: &LessonStep, model: &str) -> String {
    let body = ron::ser::to_string_pretty(step, pretty()).unwrap_or_else(|e| format!("// {e}"));
    let run = step
        .scenario
        .resolve()
        .ok()
        .and_then(|s| crate::command::command_of(&s))
        .map(|words| {
            let quoted: Vec<String> = words.iter().map(|w| format!("{w:?}")).collect();
            format!(
                "// A question's check can run this step's scenario: command: [{}], and a \
                 field of its --json output.\n",
                quoted.join(", ")
            )
        })
        .unwrap_or_default();
    format!(
        "// A step of a {model} lesson: paste it into the lesson's steps: [ … ], then edit its \
         text (and add a question: see the README's Lessons).\n{run}{body},\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::divisible::DivisibleParams;
    use crate::model::registry::ModelId;
    use crate::model::treesweep::TreeSweepParams;

    /// `steps` pasted into a lesson file of `model`, read back as the app reads a lesson.
    fn pasted(model: &str, steps: &[String]) -> super::super::Lesson {
        let text = format!(
            "(name: \"mine\", title: \"Mine\", model: {model}, steps: [\n{}])",
            steps.concat()
        );
        super::super::parse("mine.ron", &text).expect("a pasted step reads back")
    }

    /// T_5 at τ = 2.5, the grs lesson's Your turn: T* = 10 on a top cluster of 9 nodes (its
    /// step 9 states both), P.Y 12.
    fn t5() -> Scenario {
        Scenario::TreeSweep(TreeSweepParams {
            n: 5,
            tau: 2.5,
            ..TreeSweepParams::default()
        })
    }

    #[test]
    fn a_copied_step_pastes_into_a_lesson_that_checks_and_shows_the_same_view() {
        let tree = Scenario::TreeSweep(TreeSweepParams {
            n: 7,
            tau: 3.5,
            ..TreeSweepParams::default()
        });
        let shown = Shown {
            step: 4,
            view: ViewHint {
                controls: Some(false),
                plots: Some(true),
                numbers: Some(true),
                picture: Some("P.Y".into()),
                plot: Some("ratio T*/T_PY vs n".into()),
                hide_future: Some(true),
            },
            your_turn: false,
        };
        // The caption says the run's totals: not the text of a step that may ask them.
        let first = step("A tree of 7 levels", "", Some("4 of 9 done"), &tree, &shown);
        // The second step shows the future again, on another scenario.
        let other = Scenario::TreeSweep(TreeSweepParams {
            n: 9,
            ..TreeSweepParams::default()
        });
        let second = step(
            "Nine levels",
            "What grows (Fig. 2).",
            Some("t = 0"),
            &other,
            &Shown::default(),
        );
        let lesson = pasted(
            "TreeSweep",
            &[
                step_ron(&first, "treesweep"),
                step_ron(&second, "treesweep"),
            ],
        );
        assert_eq!(lesson.model, ModelId::TreeSweep);
        assert_eq!(lesson.steps.len(), 2);
        let s = &lesson.steps[0];
        assert_eq!(s.title, "A tree of 7 levels");
        assert_eq!(s.text, "A tree of 7 levels");
        assert_eq!(s.step, 4);
        assert_eq!(s.scenario.resolve().unwrap(), tree);
        let v = s.view.as_ref().unwrap();
        assert_eq!(
            (v.controls, v.plots, v.numbers, v.hide_future),
            (Some(false), Some(true), Some(true), Some(true))
        );
        assert_eq!(v.picture.as_deref(), Some("P.Y"));
        assert_eq!(v.plot.as_deref(), Some("ratio T*/T_PY vs n"));
        assert_eq!(lesson.steps[1].text, "What grows (Fig. 2).");
        assert_eq!(lesson.steps[1].scenario.resolve().unwrap(), other);
        // The whole file checks: every scenario runs, the names are the workspace's.
        assert_eq!(lesson.check(), Vec::<String>::new());
    }

    /// The command a copied step offers for a question's check runs the step's scenario: the
    /// grs lesson's T_5 at τ = 2.5 is `treesweep --n 5 --tau 2.5`, whose optimum is T* = 10
    /// (grs step 9 states it). A scenario no command runs gets none.
    #[test]
    fn a_copied_steps_command_runs_its_scenario() {
        let small = t5();
        let words = crate::command::command_of(&small).expect("flags set a tree sweep");
        assert_eq!(words[..5], ["treesweep", "--n", "5", "--tau", "2.5"]);
        let check = super::super::question::Check {
            command: words.clone(),
            field: "optimal".into(),
        };
        let t_star = check.value(&crate::model::NoProgress).unwrap();
        assert_eq!(t_star.as_f64(), Some(10.0));
        let text = step_ron(
            &step("T_5", "", None, &small, &Shown::default()),
            "treesweep",
        );
        assert!(
            text.contains(r#"command: ["treesweep", "--n", "5", "--tau", "2.5""#),
            "{text}"
        );
        // Theorem 2's one-way ring: its clockwise costs alone (it has no other links).
        let ring = crate::preset::find_bundled("redistribute-theorem-2").unwrap();
        let text = step_ron(
            &step("Theorem 2", "", None, &ring.scenario, &Shown::default()),
            "redistribute",
        );
        assert!(text.contains(r#""--cw", "1.0,100.0,1.0""#), "{text}");
        assert!(!text.contains("--ccw"), "{text}");
        // A ring whose unbalances do not sum to zero runs nowhere: no command, no line.
        let text = step_ron(
            &step("Unbalanced", "", None, &unbalanced(), &Shown::default()),
            "redistribute",
        );
        assert!(!text.contains("command:"), "{text}");
    }

    /// The ring with δ = (1, 1, −1), which sums to 1: Section 2 requires Σ δ_k = 0, so no
    /// command runs it.
    fn unbalanced() -> Scenario {
        use crate::model::redistribute::instance::{Costs, RingInstance};
        Scenario::Redistribute(crate::model::redistribute::params::RedistParams {
            instance: RingInstance::bidirectional(vec![1, 1, -1], Costs::Homogeneous(1.0)),
            ..Default::default()
        })
    }

    /// A figure asked from the numbers region becomes a question whose check computes it:
    /// T_5 at τ = 2.5 has T* = 10 (grs step 9 states it), asked exactly; T*/T_PY (10/12: P.Y takes 12
    /// there) to about 1 %.
    #[test]
    fn a_figure_copied_as_a_question_checks_and_its_answer_is_the_runs() {
        let small = t5();
        let asked = |key: &str, value: f64, whole| Asked {
            key: key.into(),
            name: key.into(),
            value,
            whole,
        };
        let t_star = question(&small, &asked("optimal", 10.0, true)).unwrap();
        assert_eq!(t_star.tolerance, 0.0);
        let ratio = question(&small, &asked("ratio", 10.0 / 12.0, false)).unwrap();
        assert_eq!(ratio.tolerance, 0.008);
        // Pasted by hand: the step's text, then the copied question inside the step.
        let ron = step_ron(
            &step("T_5", "The small tree.", None, &small, &Shown::default()),
            "treesweep",
        );
        let pasted_q = ron.replace(
            "    question: None,\n",
            &question_ron(&t_star)
                .lines()
                .map(|l| format!("    {l}\n"))
                .collect::<String>(),
        );
        let lesson = pasted("TreeSweep", &[pasted_q]);
        assert_eq!(lesson.steps[0].question, Some(t_star));
        assert_eq!(lesson.check(), Vec::<String>::new());
        let answers = lesson.answers(&crate::model::NoProgress).unwrap();
        let answer = answers[0].clone().expect("a question").expect("an answer");
        assert_eq!(answer, super::super::question::Answer::Number(10.0));
        // No command runs a ring whose unbalances do not sum to zero: said, not guessed.
        assert!(
            question(&unbalanced(), &asked("time", 1.0, true))
                .unwrap_err()
                .contains("eval")
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Every model's personal instances (random, seeded), and the same with the model's
        /// choices changed, are run by the command written for them: read back, it gives the
        /// scenario again.
        #[test]
        fn a_random_instances_command_reads_back_to_it(seed: u64, model in 0usize..5) {
            use rand::{RngCore, SeedableRng};
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut pick = |k: u64| rng.next_u64() % k;
            let m = ModelId::ALL[model];
            let row = crate::lesson::models::row(m);
            if let Some(s) = row.model.candidate(&mut pick) {
                let words = crate::command::command_of(&s);
                let words = words.unwrap_or_else(|| panic!("no command for {s:?}"));
                let read = crate::command::parse(&words).unwrap().planned().unwrap();
                proptest::prop_assert_eq!(read.scenario(), s);
            }
        }
    }

    #[test]
    fn a_step_without_description_or_caption_is_titled_text() {
        let s = step(
            "Li Table I",
            "  ",
            Some(""),
            &Scenario::Divisible(DivisibleParams::default()),
            &Shown {
                view: ViewHint {
                    hide_future: Some(false),
                    ..ViewHint::default()
                },
                ..Shown::default()
            },
        );
        assert_eq!(s.text, "Li Table I");
        // The future shown is not written: a first step that switched it off would be refused.
        assert_eq!(s.view.unwrap().hide_future, None);
        assert_eq!(s.exercise, None);
    }

    /// With Your turn on, the step is the exercise: T_5 at τ = 2.5 has a top cluster of 9
    /// nodes (the grs lesson's Your turn), passed at 6, two thirds of them.
    #[test]
    fn a_step_copied_with_your_turn_on_is_an_exercise_that_checks() {
        let small = t5();
        let shown = Shown {
            your_turn: true,
            ..Shown::default()
        };
        let s = step(
            "Small",
            "",
            Some("Click the node processor 0 runs next"),
            &small,
            &shown,
        );
        let e = s.exercise.clone().expect("an exercise");
        assert_eq!(
            (e.prompt.as_str(), e.pass, e.personal),
            ("Click the node processor 0 runs next", 6, false)
        );
        let lesson = pasted("TreeSweep", &[step_ron(&s, "treesweep")]);
        assert_eq!(lesson.check(), Vec::<String>::new());
        assert_eq!(lesson.steps[0].exercise, Some(e));
    }
}
