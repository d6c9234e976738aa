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
    BUNDLED.iter().find_map(|b| {
        let l = b.lesson().ok()?;
        let stem = b.file.trim_end_matches(".ron");
        (l.name == name || b.file == name || stem == name).then_some(l)
    })
}
