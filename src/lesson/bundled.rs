//! The lessons shipped inside the binary, one per paper.

use super::{Lesson, LessonError, parse};

pub use crate::preset::Bundled;

impl Bundled {
    /// Parses the embedded text as a lesson (tests guarantee every bundled lesson parses and
    /// checks).
    pub fn lesson(&self) -> Result<Lesson, LessonError> {
        parse(self.file, self.text)
    }
}

/// Every bundled lesson, in the rail's model order.
pub const BUNDLED: &[Bundled] = crate::preset::bundled!(
    "../../lessons/":
    "li-divisible.ron",
    "gil-matias-geodecay.ron",
    "grs-treesweep.ron",
    "gao-rosenberg-ksbf.ron",
    "rrv-redistribute.ron",
);

/// A bundled lesson by its name or file name (with or without `.ron`).
pub fn find_bundled(name: &str) -> Option<Lesson> {
    find_bundled_at(name).map(|(_, l)| l)
}

/// [`find_bundled`], with the lesson's index in [`BUNDLED`].
pub fn find_bundled_at(name: &str) -> Option<(usize, Lesson)> {
    BUNDLED.iter().enumerate().find_map(|(i, b)| {
        let l = b.lesson().ok()?;
        let stem = b.file.trim_end_matches(".ron");
        (l.name == name || b.file == name || stem == name).then_some((i, l))
    })
}

/// What a menu lists of a bundled lesson: its title and its numbers of steps and questions.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    /// The lesson's title.
    pub title: String,
    /// Its steps.
    pub steps: usize,
    /// Its questions.
    pub questions: usize,
}

/// Every bundled lesson's [`Listing`], in [`BUNDLED`]'s order (or why it does not parse),
/// parsed once: menus and the welcome card list them on every frame they are open.
pub fn listings() -> &'static [Result<Listing, String>] {
    static LISTINGS: std::sync::OnceLock<Vec<Result<Listing, String>>> = std::sync::OnceLock::new();
    LISTINGS.get_or_init(|| {
        BUNDLED
            .iter()
            .map(|b| {
                let l = b.lesson().map_err(|e| e.to_string())?;
                Ok(Listing {
                    steps: l.steps.len(),
                    questions: l.questions(),
                    title: l.title,
                })
            })
            .collect()
    })
}
