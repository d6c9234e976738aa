//! Homework (issue 39): a personal instance for each student, attempts handed in as files,
//! and a gradebook that re-grades every attempt from its moves.
//!
//! * [`personal`]: the instance of a student, derived from the course key and the name by a
//!   documented, stable hash (FNV-1a 64 keying ChaCha8), sized like the lesson's exercise.
//! * [`replay`]: an attempt's log (moves, Show me, Undo, hints) played again by the model's
//!   own grader, with the GUI's "Your turn" rules.
//! * [`attempt`]: the attempt file (versioned JSON), written by Homework ▸ Hand in… and
//!   `loadlab exercise … --hand-in`, read with bounds.
//! * [`quiz`]: a quiz's answers handed in (`kind: "quiz"`), graded from the quiz its seed
//!   generates again.
//! * [`gradebook`]: one row per attempt file (`loadlab grade`), as CSV, JSON or text.

pub mod attempt;
pub mod gradebook;
pub mod header;
pub mod personal;
pub mod quiz;
pub mod replay;
