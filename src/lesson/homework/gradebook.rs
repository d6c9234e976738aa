//! The gradebook: one row per attempt file, every attempt re-graded from its moves by the
//! model's grader ([`super::replay`]) — or, for a quiz, from its answers against the quiz its
//! seed generates again, each answer recomputed by the model ([`super::quiz`]) — with a
//! verdict on the file itself. An unreadable file is a row with its reason, never an abort.

use serde::Serialize;

use super::attempt::{Attempt, AttemptFile, Header, Stored};
use super::personal;
use super::quiz::{Answers, QuizAttempt, QuizStored};
use crate::model::exercise::Tally;

/// The file was handed in for another student's instance (or another course's).
pub const FOREIGN: &str = "instance does not match the student's name";
/// A stored score or verdict that the moves do not give (ignored: the moves are graded).
pub const EDITED: &str = "edited";
/// Written by an older loadlab (still graded).
pub const OLDER: &str = "from an older version";
/// No student's name: the instance cannot be checked against one.
pub const NO_NAME: &str = "no student's name";

/// One row of the gradebook.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Row {
    /// The file as given.
    pub file: String,
    /// The student's name.
    pub student: String,
    /// The model.
    pub model: String,
    /// "exercise" or "quiz" ("" when the file could not be read).
    pub kind: String,
    /// The instance: the `loadlab exercise` flags that set it (a quiz: `--seed S --count N`).
    pub instance: String,
    /// Log entries that are the student's moves (a quiz: replies checked).
    pub moves: usize,
    /// Of those, legal (a quiz: readable — a number, or one of the choices).
    pub legal: usize,
    /// Of those, optimal (a quiz: right).
    pub optimal: usize,
    /// The rules the student's illegal moves break, each once, in the order first broken (a
    /// quiz: the questions missed at the first try, "question 2").
    pub broken: Vec<String>,
    /// The algorithm's steps the student's legal moves missed (the rule each names:
    /// `rule-a`, `inequality-4`, `start`…), each once, in the order first missed (a quiz:
    /// none).
    pub steps_missed: Vec<String>,
    /// Restarts: the board set afresh (the score counts first tries over every run; a
    /// quiz: none).
    pub restarts: usize,
    /// Hints asked for.
    pub hints: usize,
    /// Show me used (a quiz: answers asked for).
    pub show_me: usize,
    /// The moves finish the exercise (a quiz: every question right or its answer shown).
    pub complete: bool,
    /// Moves (a quiz: questions) right at the first try, recomputed.
    pub score: usize,
    /// The moves the algorithm needs (a quiz: its questions).
    pub out_of: usize,
    /// Verdicts on the file ([`FOREIGN`], [`EDITED`], [`OLDER`], [`NO_NAME`]).
    pub flags: Vec<String>,
    /// Why the file could not be graded ("" when it was).
    pub error: String,
}

impl Row {
    /// The row of `file`, with header `h` (an attempt of `kind`), with nothing graded yet.
    fn of(file: &str, h: &Header, kind: &str) -> Row {
        Row {
            file: file.into(),
            student: h.student.clone(),
            model: h.model.clone(),
            kind: kind.into(),
            ..Row::default()
        }
    }

    /// This row with the grade the moves give, `t`, the verdicts on the file, `flags`, and
    /// the instance graded: the flags of the command that sets it.
    fn graded(self, t: Tally, flags: Vec<String>, instance: &[String]) -> Row {
        Row {
            instance: instance.join(" "),
            score: t.score,
            out_of: t.out_of,
            complete: t.complete,
            flags,
            ..self
        }
    }

    /// The row of a file that could not be graded, and why.
    fn unreadable(file: &str, why: String) -> Row {
        Row {
            file: file.into(),
            error: why,
            ..Row::default()
        }
    }
}

/// The verdicts on a file ([`NO_NAME`] or [`FOREIGN`], [`EDITED`], [`OLDER`]) of header `h`;
/// `mine` tells whether the instance is the student's own (asked only when the file names a
/// student).
fn verdicts(h: &Header, mine: impl FnOnce() -> bool, edited: bool) -> Vec<String> {
    let mut flags = Vec::new();
    if personal::normalise(&h.student).is_empty() {
        flags.push(NO_NAME.to_string());
    } else if !mine() {
        flags.push(FOREIGN.to_string());
    }
    if edited {
        flags.push(EDITED.to_string());
    }
    if h.older() {
        flags.push(OLDER.to_string());
    }
    flags
}

/// Grades one attempt; `course` (the teacher's key) replaces the file's own for the check
/// of the instance.
pub fn grade(file: &str, a: &Attempt, course: Option<&str>) -> Row {
    let r = match super::replay::replay(&a.scenario, &a.log) {
        Ok(r) => r,
        Err(why) => {
            return Row {
                error: why,
                ..Row::of(file, &a.header, "")
            };
        }
    };
    let (mut broken, mut steps_missed) = (Vec::new(), Vec::new());
    for v in &r.verdicts {
        if let (super::replay::Kind::Move, Some(g)) = (v.kind, &v.grade)
            && !g.optimal
        {
            let list: &mut Vec<String> = if g.legal {
                &mut steps_missed
            } else {
                &mut broken
            };
            if !list.contains(&g.rule) {
                list.push(g.rule.clone());
            }
        }
    }
    let course = course.unwrap_or(&a.header.course);
    let mine = || {
        personal::personal(a.scenario.model(), course, &a.header.student).as_ref()
            == Ok(&a.scenario)
    };
    let counts_differ = a.hints != r.hints || a.show_me != r.shown;
    // The instance graded: the scenario's own command (the file's `command` only says it
    // again, and an edited one is flagged, never shown as if graded).
    let graded = personal::command(&a.scenario);
    let edited = Stored::of(&r) != a.stored || counts_differ || a.command != graded;
    Row {
        moves: r.moves,
        legal: r.legal,
        optimal: r.optimal,
        broken,
        steps_missed,
        restarts: r.restarts,
        hints: r.hints,
        show_me: r.shown,
        ..Row::of(file, &a.header, "exercise")
    }
    .graded(
        r.tally(),
        verdicts(&a.header, mine, edited),
        graded.get(3..).unwrap_or_default(),
    )
}

/// Grades one quiz attempt: the quiz generated again from its seed (answers from `memo` or
/// the model), its log replayed; `course` as in [`grade`].
pub fn grade_quiz(file: &str, a: &QuizAttempt, course: Option<&str>, memo: &Answers) -> Row {
    let fail = |why: String| Row {
        error: why,
        ..Row::of(file, &a.header, super::quiz::KIND)
    };
    let questions = match a.questions(memo) {
        Ok(q) => q,
        Err(why) => return fail(format!("the quiz of seed {}: {why}", a.seed)),
    };
    let r = match super::quiz::replay(&questions, &a.log) {
        Ok(r) => r,
        Err(why) => return fail(why),
    };
    let course = course.unwrap_or(&a.header.course);
    let mine = || {
        a.model_id()
            .and_then(|m| personal::quiz_seed(m, course, &a.header.student))
            == Ok(a.seed)
    };
    let model = a
        .model_id()
        .unwrap_or(crate::model::registry::ModelId::Ksbf);
    // The quiz graded: the one its seed and count generate (see [`grade`]).
    let graded = super::quiz::command(model, a.seed, a.count);
    let edited = QuizStored::of(&r) != a.stored
        || a.shown != r.shown
        || !a.lists(&questions)
        || a.command != graded;
    Row {
        moves: r.answers,
        legal: r.readable,
        optimal: r.right,
        broken: r.missed.iter().map(|k| format!("question {k}")).collect(),
        show_me: r.shown,
        ..Row::of(file, &a.header, super::quiz::KIND)
    }
    .graded(
        r.tally(),
        verdicts(&a.header, mine, edited),
        graded.get(4..).unwrap_or_default(),
    )
}

/// Reads and grades the attempt file `path` (an exercise's or a quiz's).
pub fn grade_file(path: &str, course: Option<&str>, memo: &Answers) -> Row {
    match AttemptFile::read(std::path::Path::new(path)) {
        Ok(AttemptFile::Exercise(a)) => grade(path, &a, course),
        Ok(AttemptFile::Quiz(a)) => grade_quiz(path, &a, course, memo),
        Err(why) => Row::unreadable(path, why),
    }
}

/// The most files one gradebook grades.
pub const FILES_MAX: usize = 100_000;

/// How deep a folder's sub-folders are searched for attempt files (a course site's download
/// holds one folder per student, sometimes one per submission inside it).
pub const FOLDER_DEPTH: usize = 4;

/// The files named: a folder's `.json` files, its sub-folders' too (to [`FOLDER_DEPTH`];
/// hidden ones and `__MACOSX` left out, links to folders not followed), in path order,
/// anything else as given; and the notes (for the CLI's stderr, the GUI's gradebook window):
/// the other files of the folders, skipped, and each folder that holds no attempt file (a
/// wrong folder gave an empty gradebook and nothing else).
pub fn expand(names: &[String]) -> Result<(Vec<String>, Vec<String>), String> {
    let mut out = Vec::new();
    let mut notes = Vec::new();
    for name in names {
        let path = std::path::Path::new(name);
        if path.is_dir() {
            let (inside, other) = folder_files(path, &mut notes)?;
            if inside.is_empty() {
                notes.push(format!(
                    "note: {}: no attempt files (named .json) in this folder or its sub-folders",
                    crate::preset::one_line(name)
                ));
            }
            out.extend(inside);
            notes.extend(other.iter().map(|f| {
                format!(
                    "note: skipped {}: not named .json (grade it by its name, or rename it)",
                    crate::preset::one_line(f)
                )
            }));
        } else {
            out.push(name.clone());
        }
        if out.len() > FILES_MAX {
            return Err(too_many());
        }
    }
    Ok((out, notes))
}

/// The refusal of a gradebook beyond [`FILES_MAX`] files.
fn too_many() -> String {
    format!("more than {FILES_MAX} attempt files: grade them in parts")
}

/// The `.json` files under `root` and the other files, each list in path order, searched
/// without recursion; a sub-folder that cannot be read, or lies deeper than [`FOLDER_DEPTH`],
/// is a note.
fn folder_files(
    root: &std::path::Path,
    notes: &mut Vec<String>,
) -> Result<(Vec<String>, Vec<String>), String> {
    let shown = |p: &std::path::Path| crate::preset::one_line(&p.display().to_string());
    let (mut inside, mut other) = (Vec::new(), Vec::new());
    let mut todo = vec![(root.to_path_buf(), 0)];
    while let Some((dir, depth)) = todo.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if depth == 0 => return Err(format!("{}: {e}", shown(&dir))),
            Err(e) => {
                notes.push(format!("note: skipped {}: {e}", shown(&dir)));
                continue;
            }
        };
        for e in entries.filter_map(Result::ok) {
            let (p, kind) = (e.path(), e.file_type().ok());
            let name = e.file_name().to_string_lossy().into_owned();
            if kind.is_some_and(|k| k.is_dir()) {
                if name.starts_with('.') || name == "__MACOSX" {
                    continue;
                } else if depth < FOLDER_DEPTH {
                    todo.push((p, depth + 1));
                } else {
                    notes.push(format!(
                        "note: skipped {}: more than {FOLDER_DEPTH} folders deep",
                        shown(&p)
                    ));
                }
            } else if p.extension().is_some_and(|x| x == "json") {
                inside.push(p.display().to_string());
            } else if p.is_file() {
                other.push(p.display().to_string());
            }
        }
        if inside.len() > FILES_MAX {
            return Err(too_many());
        }
    }
    inside.sort();
    other.sort();
    Ok((inside, other))
}

/// Grades `paths` in order, on up to four threads (the quizzes' checks shared between them).
pub fn grade_files(paths: &[String], course: Option<&str>) -> Vec<Row> {
    grade_files_with(paths, course, &Answers::default())
}

/// [`grade_files`] with the quizzes' checks kept in `memo` (shared with the calls before and
/// after: the GUI grades a folder in parts).
pub fn grade_files_with(paths: &[String], course: Option<&str>, memo: &Answers) -> Vec<Row> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 4);
    let chunk = paths.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let parts: Vec<_> = paths
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|p| grade_file(p, course, memo))
                        .collect::<Vec<Row>>()
                })
            })
            .collect();
        parts
            .into_iter()
            .zip(paths.chunks(chunk))
            .flat_map(|(h, part)| {
                h.join().unwrap_or_else(|_| {
                    part.iter()
                        .map(|p| Row::unreadable(p, "internal error while grading".into()))
                        .collect()
                })
            })
            .collect()
    })
}

/// The CSV header (`steps_missed` and `restarts` last: columns added after the others, so
/// that a spreadsheet built on the older columns still reads them where they were).
pub const HEADER: [&str; 19] = [
    "file",
    "student",
    "model",
    "kind",
    "instance",
    "moves",
    "legal",
    "optimal",
    "broken",
    "hints",
    "show_me",
    "complete",
    "score",
    "out_of",
    "flags",
    "error",
    "percent",
    "steps_missed",
    "restarts",
];

/// One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
pub fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The rows as CSV with a header (RFC 4180: CRLF line ends; flags joined by "; ").
pub fn csv(rows: &[Row]) -> String {
    let mut out = HEADER.join(",");
    out.push_str("\r\n");
    for r in rows {
        let percent = if r.error.is_empty() && r.out_of > 0 {
            format!("{:.0}", 100.0 * r.score as f64 / r.out_of as f64)
        } else {
            String::new()
        };
        let cells = [
            field(&r.file),
            field(&r.student),
            field(&r.model),
            field(&r.kind),
            field(&r.instance),
            r.moves.to_string(),
            r.legal.to_string(),
            r.optimal.to_string(),
            field(&r.broken.join("; ")),
            r.hints.to_string(),
            r.show_me.to_string(),
            r.complete.to_string(),
            r.score.to_string(),
            r.out_of.to_string(),
            field(&r.flags.join("; ")),
            field(&r.error),
            percent,
            field(&r.steps_missed.join("; ")),
            r.restarts.to_string(),
        ];
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    out
}

/// The rows as `{"attempts": [...]}`.
pub fn json(rows: &[Row]) -> serde_json::Value {
    serde_json::json!({ "attempts": rows })
}

/// The rows as a readable table.
pub fn text(rows: &[Row]) -> String {
    use crate::model::words::count;
    let mut out = String::new();
    for r in rows {
        if !r.error.is_empty() {
            let row = format!("{}: not graded: {}", r.file, r.error);
            out.push_str(&format!("{}\n", one_line(&row)));
            continue;
        }
        let mut flags = if r.flags.is_empty() {
            String::new()
        } else {
            format!(" [{}]", r.flags.join("; "))
        };
        let quiz = r.kind == super::quiz::KIND;
        if !r.steps_missed.is_empty() {
            flags = format!(", steps missed: {}{flags}", r.steps_missed.join(", "));
        }
        if !r.broken.is_empty() {
            let what = if quiz { "missed" } else { "rules broken" };
            flags = format!(", {what}: {}{flags}", r.broken.join(", "));
        }
        let who = if r.student.is_empty() {
            "(no name)"
        } else {
            &r.student
        };
        let complete = if r.complete {
            ", complete"
        } else {
            ", not complete"
        };
        let head = format!(
            "{}: {who} — {} {}{}: {} / {}{complete}",
            r.file,
            r.model,
            if quiz { "quiz " } else { "" },
            r.instance,
            r.score,
            r.out_of
        );
        let counts = if quiz {
            format!(
                "{} ({} readable, {} right), {} shown",
                count(r.moves, "reply"),
                r.legal,
                r.optimal,
                count(r.show_me, "answer")
            )
        } else {
            let restarts = match r.restarts {
                0 => String::new(),
                1 => ", restarted once".to_string(),
                k => format!(", restarted {k} times"),
            };
            format!(
                "{} ({} legal, {} optimal), {}, {} Show me{restarts}",
                count(r.moves, "move"),
                r.legal,
                r.optimal,
                count(r.hints, "hint"),
                r.show_me
            )
        };
        let row = format!("{head}, {counts}{flags}");
        out.push_str(&format!("{}\n", one_line(&row)));
    }
    out
}

/// `s` on one line: each control character (a line break in a student's name or a file's)
/// a space, so that one attempt is one row of the table (a name with a line break split its
/// row in two, the second half read as a row of its own).
fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_row_holds_no_line_break() {
        let row = |student: &str, error: &str| Row {
            file: "a\nb.json".into(),
            student: student.into(),
            error: error.into(),
            ..Row::default()
        };
        let rows = [row("Ann\nSmith\r\tJr", ""), row("", "bad\nfile")];
        let t = text(&rows);
        assert_eq!(t.lines().count(), 2, "{t:?}");
        assert!(t.contains("Ann Smith  Jr"), "{t:?}");
    }

    #[test]
    fn csv_fields_are_quoted_as_rfc_4180_says() {
        for (raw, written) in [
            ("plain", "plain"),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
        ] {
            assert_eq!(field(raw), written);
        }
    }
}
