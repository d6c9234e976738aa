//! Generated quizzes: questions on small random instances, deterministic per seed, every
//! answer computed by the model through the question's check (the same mechanism as the
//! lessons' questions).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use super::models::{self, Draft};
use super::{Answer, Check, Question};
use crate::model::NoProgress;
use crate::model::registry::{ModelId, Scenario};

/// A generated question with its computed answer.
#[derive(Debug, Clone, PartialEq)]
pub struct QuizQuestion {
    /// The model asked about.
    pub model: ModelId,
    /// The question (its check computes the answer).
    pub question: Question,
    /// The answer the check computed.
    pub answer: Answer,
    /// What gives the answer away on the check's run (hidden while the question is open and
    /// its instance is in front).
    pub giveaway: crate::report::Giveaway,
}

impl QuizQuestion {
    /// The contract's object: the lesson question object plus `"model"`.
    pub fn json(&self) -> Value {
        let mut v = self.question.json(Some(&self.answer));
        if let Value::Object(m) = &mut v {
            m.insert("model".into(), Value::String(self.model.name().into()));
        }
        v
    }

    /// The instance the question is about (what "show me" loads).
    pub fn scenario(&self) -> Result<Scenario, String> {
        self.question.check.scenario()
    }
}

/// `count` questions on `model`, the same for the same seed.
pub fn quiz(model: ModelId, seed: u64, count: usize) -> Result<Vec<QuizQuestion>, String> {
    quiz_with(model, seed, count, &|q| q.asked_with(&NoProgress))
}

/// [`quiz`], each question's answer found by `ask` (the gradebook's memo of checks already
/// run: many students' quizzes share questions).
pub fn quiz_with(
    model: ModelId,
    seed: u64,
    count: usize,
    ask: &dyn Fn(&Question) -> Result<super::Asked, String>,
) -> Result<Vec<QuizQuestion>, String> {
    // One stream per model, so quizzes on different models with one seed differ.
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ ((model.index() as u64 + 1) << 56));
    // The templates take turns from a seeded start, so a quiz mixes them.
    let start = rng.random_range(0..TEMPLATES);
    (0..count)
        .map(|i| {
            let t = (start + i) % TEMPLATES;
            let draft = models::row(model).model.question(&mut rng, t)?;
            draft.finish(model, ask)
        })
        .collect()
}

/// Question templates per model (each model's generator: [`models::LessonModel::question`]).
pub const TEMPLATES: usize = 3;

impl Draft {
    fn finish(
        self,
        model: ModelId,
        ask: &dyn Fn(&Question) -> Result<super::Asked, String>,
    ) -> Result<QuizQuestion, String> {
        let mut question = Question {
            prompt: self.prompt,
            kind: self.kind,
            choices: self.choices,
            tolerance: 0.0,
            explanation: String::new(),
            check: Check {
                command: self.command,
                field: self.field,
            },
            states: Vec::new(),
        };
        let super::Asked { answer, giveaway } = ask(&question)?;
        if let Answer::Number(x) = answer {
            // Round the tolerance to 2 significant digits so it reads well.
            let t = self.relative * x.abs();
            question.tolerance = if t > 0.0 {
                let exp = t.log10().floor() as i32 - 1;
                let digits = (t / 10f64.powi(exp)).ceil();
                // Through decimal text, so the JSON shows 0.0026 rather than 0.0026000000000000003.
                format!("{digits}e{exp}").parse().unwrap_or(t)
            } else {
                0.0
            };
        }
        question.explanation = self.explanation.replace("{answer}", &answer.text());
        Ok(QuizQuestion {
            model,
            question,
            answer,
            giveaway,
        })
    }
}
