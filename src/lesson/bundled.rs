//! The lessons shipped inside the binary, one per paper.

use super::{Lesson, LessonError, parse};

/// A lesson shipped inside the binary.
#[derive(Debug, Clone, Copy)]
pub struct Bundled {
    /// File name under `lessons/`.
    pub file: &'static str,
    /// RON text.
    pub text: &'static str,
}

impl Bundled {
    /// Parses the embedded text (tests guarantee it parses and checks).
    pub fn lesson(&self) -> Result<Lesson, LessonError> {
        parse(self.file, self.text)
    }
}

macro_rules! bundled {
    ($($file:literal),* $(,)?) => {
        &[$(Bundled { file: $file, text: include_str!(concat!("../../lessons/", $file)) }),*]
    };
}

/// Every bundled lesson, in the rail's model order.
pub const BUNDLED: &[Bundled] = bundled!(
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
