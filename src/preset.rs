//! Versioned RON scenarios ("presets").
//!
//! A preset is `(version: 1, name: "…", description: "…", scenario: Divisible((…)))`: the
//! scenario is an enum variant holding one model's parameters. Loading never touches the
//! caller's state on failure: every error names the file, the line/column and what was
//! expected. Saving is atomic (temporary file beside the target, then rename). Bundled presets
//! are embedded in the binary.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::model::registry::{ModelId, Scenario};

/// The preset format version this build writes and the newest it reads.
pub const VERSION: u32 = 1;
/// The oldest preset format version this build reads.
pub const MIN_VERSION: u32 = 1;
/// Presets larger than this are refused before parsing.
pub const MAX_BYTES: u64 = 1024 * 1024;

/// A named, described scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Preset {
    /// Format version (see [`VERSION`]).
    pub version: u32,
    /// Short name shown in menus.
    pub name: String,
    /// What the scenario shows, which paper figure or table it reproduces.
    #[serde(default)]
    pub description: String,
    /// The model and its parameters.
    pub scenario: Scenario,
    /// A compare preset's scenario A (the same model as `scenario`, which is B): opening the
    /// preset pins it, so the A/B comparison table shows at once. Optional: presets without
    /// it load as before and are written without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pinned: Option<Scenario>,
}

impl Preset {
    /// A preset at the current version.
    pub fn new(
        name: impl Into<String>,
        description: impl Into<String>,
        scenario: Scenario,
    ) -> Self {
        Preset {
            version: VERSION,
            name: name.into(),
            description: description.into(),
            scenario,
            pinned: None,
        }
    }

    /// The same preset with scenario A pinned for comparison.
    pub fn with_pinned(mut self, a: Scenario) -> Self {
        self.pinned = Some(a);
        self
    }

    /// Pretty RON text.
    pub fn to_ron(&self) -> String {
        pretty(self)
    }
}

/// One model's scenario inside a [`Workbook`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// Short name shown in the title.
    pub name: String,
    /// What the scenario shows.
    #[serde(default)]
    pub description: String,
    /// The model and its parameters.
    pub scenario: Scenario,
}

/// A lecture file: one scenario per model (at most one each) and the one shown first.
///
/// `(version: 1, name: "…", description: "…", active: Ksbf, sheets: [(name: …, scenario:
/// Ksbf((…))), …])`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Workbook {
    /// Format version (see [`VERSION`]).
    pub version: u32,
    /// Name of the lecture.
    pub name: String,
    /// What it covers.
    #[serde(default)]
    pub description: String,
    /// The model in front when the file is opened.
    pub active: ModelId,
    /// The scenarios, one per model.
    pub sheets: Vec<Sheet>,
}

impl Workbook {
    /// Pretty RON text.
    pub fn to_ron(&self) -> String {
        pretty(self)
    }

    /// The sheet of `model`, if the workbook holds one.
    pub fn sheet(&self, model: ModelId) -> Option<&Sheet> {
        self.sheets.iter().find(|s| s.scenario.model() == model)
    }

    /// The sheet in front, as a one-scenario preset (what `loadlab eval` runs).
    pub fn active_preset(&self) -> Option<Preset> {
        let s = self.sheet(self.active).or_else(|| self.sheets.first())?;
        Some(Preset::new(
            s.name.clone(),
            s.description.clone(),
            s.scenario.clone(),
        ))
    }
}

/// What a preset file holds: one scenario (the original format) or a workbook of several.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)] // a value per file opened or saved: size does not matter
pub enum PresetFile {
    /// One scenario.
    Single(Preset),
    /// One scenario per model.
    Workbook(Workbook),
}

impl PresetFile {
    /// RON text of either kind.
    pub fn to_ron(&self) -> String {
        match self {
            PresetFile::Single(p) => p.to_ron(),
            PresetFile::Workbook(w) => w.to_ron(),
        }
    }
}

fn pretty<T: Serialize>(value: &T) -> String {
    let cfg = ron::ser::PrettyConfig::new()
        .depth_limit(4)
        .struct_names(false);
    // Serialising plain data cannot fail; fall back to a comment just in case.
    ron::ser::to_string_pretty(value, cfg).unwrap_or_else(|e| format!("// {e}"))
}

/// Why a preset could not be loaded or saved.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PresetError {
    /// The file could not be read or written.
    #[error("{file}: {message}")]
    Io {
        /// File name.
        file: String,
        /// OS message.
        message: String,
    },
    /// Larger than [`MAX_BYTES`].
    #[error("{file}: {size} bytes is larger than the 1 MiB limit for presets")]
    TooLarge {
        /// File name.
        file: String,
        /// Size in bytes.
        size: u64,
    },
    /// Not a loadlab preset, or malformed.
    #[error("{file}:{line}:{col}: {message}")]
    Parse {
        /// File name.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        col: usize,
        /// What was expected.
        message: String,
    },
    /// Written by a newer loadlab.
    #[error(
        "{file}:{line}:{col}: preset version {found} is newer than this loadlab reads (version {VERSION} or older)"
    )]
    Newer {
        /// File name.
        file: String,
        /// 1-based line of the version number.
        line: usize,
        /// 1-based column of the version number.
        col: usize,
        /// Version found in the file.
        found: u32,
    },
    /// Parsed, but the parameters are invalid.
    #[error("{file}: invalid scenario: {message}")]
    Invalid {
        /// File name.
        file: String,
        /// The validation message.
        message: String,
    },
}

#[derive(Deserialize)]
struct VersionProbe {
    version: u32,
}

fn parse_error(file: &str, e: ron::error::SpannedError) -> PresetError {
    PresetError::Parse {
        file: file.to_string(),
        line: e.span.start.line,
        col: e.span.start.col,
        message: format!(
            "expected a loadlab preset (version, name, description, scenario): {}",
            e.code
        ),
    }
}

/// Parses preset text holding one scenario; a workbook gives its front scenario.
pub fn parse(file: &str, text: &str) -> Result<Preset, PresetError> {
    match parse_file(file, text)? {
        PresetFile::Single(p) => Ok(p),
        PresetFile::Workbook(w) => w.active_preset().ok_or_else(|| PresetError::Invalid {
            file: file.into(),
            message: "the workbook holds no scenario".into(),
        }),
    }
}

/// Parses preset text of either kind; `file` names it in errors. A UTF-8 byte-order mark is
/// skipped; unknown fields, a body that does not match its model and versions outside
/// [`MIN_VERSION`]..=[`VERSION`] are errors.
pub fn parse_file(file: &str, text: &str) -> Result<PresetFile, PresetError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() as u64 > MAX_BYTES {
        return Err(PresetError::TooLarge {
            file: file.into(),
            size: text.len() as u64,
        });
    }
    // Check the version first, so a newer file reports that rather than an unknown field.
    if let Ok(p) = ron::from_str::<VersionProbe>(text) {
        let (line, col) = version_position(text);
        if p.version > VERSION {
            return Err(PresetError::Newer {
                file: file.into(),
                line,
                col,
                found: p.version,
            });
        }
        if p.version < MIN_VERSION {
            return Err(PresetError::Parse {
                file: file.into(),
                line,
                col,
                message: format!(
                    "version {} is not a loadlab preset version (this loadlab reads {MIN_VERSION} to {VERSION})",
                    p.version
                ),
            });
        }
    }
    // A workbook has `sheets`, a one-scenario preset has `scenario`: try the workbook, and
    // report the error of the kind the text was meant to be.
    let wb = match ron::from_str::<Workbook>(text) {
        Ok(wb) => wb,
        Err(we) => {
            return match ron::from_str::<Preset>(text) {
                Ok(p) => {
                    check(file, &p.scenario)?;
                    if let Some(a) = &p.pinned {
                        if a.model() != p.scenario.model() {
                            return Err(PresetError::Invalid {
                                file: file.into(),
                                message: format!(
                                    "the pinned scenario A is a {} scenario, but the preset's scenario is {}: A and B must be the same model",
                                    a.model().name(),
                                    p.scenario.model().name()
                                ),
                            });
                        }
                        check(file, a).map_err(|e| match e {
                            PresetError::Invalid { file, message } => PresetError::Invalid {
                                file,
                                message: format!("pinned A: {message}"),
                            },
                            e => e,
                        })?;
                    }
                    Ok(PresetFile::Single(p))
                }
                Err(pe) if meant_workbook(&pe, &we) => Err(parse_error(file, we)),
                Err(pe) => Err(parse_error(file, pe)),
            };
        }
    };
    let mut seen = Vec::new();
    for sheet in &wb.sheets {
        let m = sheet.scenario.model();
        if seen.contains(&m) {
            return Err(PresetError::Invalid {
                file: file.into(),
                message: format!("the workbook holds two {} scenarios", m.name()),
            });
        }
        seen.push(m);
        check(file, &sheet.scenario)?;
    }
    if !wb.sheets.is_empty() && wb.sheet(wb.active).is_none() {
        return Err(PresetError::Invalid {
            file: file.into(),
            message: format!(
                "active: {} has no sheet in this workbook (it holds {})",
                wb.active.name(),
                seen.iter().map(|m| m.name()).collect::<Vec<_>>().join(", ")
            ),
        });
    }
    Ok(PresetFile::Workbook(wb))
}

/// The 1-based line and column of the value of the top-level `version` field (its first
/// character after the colon), skipping comments and strings; (1, 1) when not found. One
/// pass, no recursion.
pub(crate) fn version_position(text: &str) -> (usize, usize) {
    let b = text.as_bytes();
    let (mut i, mut depth) = (0usize, 0usize);
    let word = b"version";
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i += 1;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ if depth == 1
                && b[i..].starts_with(word)
                && (i == 0 || !is_ident(b[i - 1]))
                && !b.get(i + word.len()).copied().is_some_and(is_ident) =>
            {
                let mut j = i + word.len();
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if b.get(j) == Some(&b':') {
                    j += 1;
                    while j < b.len() && b[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    return line_col(text, j);
                }
            }
            _ => {}
        }
        i += 1;
    }
    (1, 1)
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The 1-based line and column (in characters) of byte offset `at`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |k| k + 1);
    (line, before[start..].chars().count() + 1)
}

/// True when a one-scenario parse failed because the text has a workbook's own fields.
/// Whether text that reads as neither kind was meant as a workbook: the preset's error is a
/// workbook's field, or a missing `scenario` where the workbook's fields are there (a preset
/// that forgot its scenario was told about a workbook's `active`).
fn meant_workbook(pe: &ron::error::SpannedError, we: &ron::error::SpannedError) -> bool {
    let workbook_complete = !matches!(we.code, ron::Error::MissingStructField { .. });
    match &pe.code {
        ron::Error::MissingStructField { field, .. } => *field == "scenario" && workbook_complete,
        ron::Error::NoSuchStructField { found, .. } => found == "active" || found == "sheets",
        _ => false,
    }
}

fn check(file: &str, scenario: &Scenario) -> Result<(), PresetError> {
    scenario
        .validate()
        .map_err(|(field, message)| PresetError::Invalid {
            file: file.into(),
            message: format!("{field}: {message}"),
        })
}

/// The path as the user gave it (errors name the whole path, not just the base name), with
/// control characters escaped (`\n`), so that an error naming it stays one line.
pub fn display_name(path: &Path) -> String {
    one_line(&path.display().to_string())
}

/// `text` with its control characters escaped as Rust writes them (`\n`, `\t`, `\u{1b}`).
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Loads a preset file holding one scenario (a workbook gives its front scenario).
pub fn load(path: &Path) -> Result<Preset, PresetError> {
    let text = read_text(path)?;
    parse(&display_name(path), &text)
}

/// Loads a preset file of either kind.
pub fn load_file(path: &Path) -> Result<PresetFile, PresetError> {
    let text = read_text(path)?;
    parse_file(&display_name(path), &text)
}

/// Reads a loadlab file's text, a preset's or a lesson's: a regular file of at most
/// [`MAX_BYTES`] (size-checked before reading it whole), UTF-8.
pub fn read_text(path: &Path) -> Result<String, PresetError> {
    let file = display_name(path);
    // A file the browser handed over (picker or drop) is held in memory; the desktop reads
    // regular files only, size-checked first.
    let bytes = match crate::platform::files::held(path) {
        Some(bytes) if bytes.len() as u64 > MAX_BYTES => {
            let size = bytes.len() as u64;
            return Err(PresetError::TooLarge { file, size });
        }
        Some(bytes) => bytes,
        None => read_user_file(path, MAX_BYTES, "presets and lessons").map_err(|e| match e {
            UserFileError::TooLarge { size, .. } => PresetError::TooLarge {
                file: file.clone(),
                size,
            },
            e => PresetError::Io {
                file: file.clone(),
                message: e.to_string(),
            },
        })?,
    };
    let text = String::from_utf8(bytes).map_err(|e| PresetError::Parse {
        file: file.clone(),
        line: 1,
        col: 1,
        message: format!(
            "expected UTF-8 RON text, found binary data (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ),
    })?;
    Ok(text)
}

/// Why a user's file was not read ([`read_user_file`]).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum UserFileError {
    /// The OS refused (no such file, permission…).
    #[error("{0}")]
    Io(String),
    /// A directory, device, FIFO or socket.
    #[error("{what}: {kind} are regular files")]
    NotRegular {
        /// "a directory" or "not a regular file (…)".
        what: &'static str,
        /// What the file was asked for ("moves files").
        kind: &'static str,
    },
    /// More bytes than the limit.
    #[error("{size} bytes, more than the limit of {limit}")]
    TooLarge {
        /// Bytes found (at least).
        size: u64,
        /// The limit.
        limit: u64,
    },
}

/// Reads a file the user names (a preset, a lesson, a moves file, a shard's part): only a
/// regular file — a FIFO would block forever, `/dev/zero` never ends — of at most `limit`
/// bytes, its size checked before reading and the read itself bounded (in case the file grows
/// meanwhile). `kind` names such files in the refusal ("moves files").
pub fn read_user_file(
    path: &Path,
    limit: u64,
    kind: &'static str,
) -> Result<Vec<u8>, UserFileError> {
    let io = |e: std::io::Error| UserFileError::Io(e.to_string());
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a directory"
        } else {
            "not a regular file (a device, FIFO or socket)"
        };
        return Err(UserFileError::NotRegular { what, kind });
    }
    if meta.len() > limit {
        return Err(UserFileError::TooLarge {
            size: meta.len(),
            limit,
        });
    }
    let mut bytes = Vec::new();
    {
        use std::io::Read;
        std::fs::File::open(path)
            .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
            .map_err(io)?;
    }
    if bytes.len() as u64 > limit {
        return Err(UserFileError::TooLarge {
            size: bytes.len() as u64,
            limit,
        });
    }
    Ok(bytes)
}

/// Saves one scenario atomically (see [`save_file`]).
pub fn save(path: &Path, preset: &Preset) -> Result<(), PresetError> {
    save_text(path, &preset.to_ron())
}

/// Saves either kind atomically (see `save_text`).
pub fn save_file(path: &Path, file: &PresetFile) -> Result<(), PresetError> {
    save_text(path, &file.to_ron())
}

/// Writes the text and a final newline atomically ([`crate::platform::files::write_atomic`]:
/// a temporary file beside the target renamed over it; a download on the web).
fn save_text(path: &Path, text: &str) -> Result<(), PresetError> {
    let bytes = format!("{text}\n");
    crate::platform::files::write_atomic(path, bytes.as_bytes()).map_err(|e| PresetError::Io {
        file: display_name(path),
        message: e.to_string(),
    })
}

/// A RON file shipped inside the binary: a preset (under `presets/`) or a lesson (under
/// `lessons/`, see `lesson`).
#[derive(Debug, Clone, Copy)]
pub struct Bundled {
    /// File name in its folder.
    pub file: &'static str,
    /// RON text.
    pub text: &'static str,
}

impl Bundled {
    /// Parses the embedded text as a preset (tests guarantee every bundled preset parses).
    pub fn preset(&self) -> Result<Preset, PresetError> {
        parse(self.file, self.text)
    }
}

/// `bundled!("../dir/": "a.ron", "b.ron")`: the files embedded, the folder relative to the
/// invoking source file.
macro_rules! bundled {
    ($dir:literal: $($file:literal),* $(,)?) => {
        &[$($crate::preset::Bundled { file: $file, text: include_str!(concat!($dir, $file)) }),*]
    };
}
pub(crate) use bundled;

/// Every bundled preset; the first is the default scenario opened on first start.
pub const BUNDLED: &[Bundled] = bundled!(
    "../presets/":
    "default.ron",
    "divisible-table-1.ron",
    "divisible-table-2.ron",
    "divisible-fig-6.ron",
    "divisible-fig-6-pyramid.ron",
    "geodecay-erew.ron",
    "geodecay-crcw.ron",
    "geodecay-crcw-randomized.ron",
    "geodecay-huge-ell.ron",
    "geodecay-proportional.ron",
    "treesweep-fig-2.ron",
    "treesweep-small.ron",
    "treesweep-large.ron",
    "ksbf-table-1.ron",
    "ksbf-t16-r8.ron",
    "ksbf-g200-r16.ron",
    "ksbf-random-trees.ron",
    "ksbf-sparse-tree.ron",
    "ksbf-two-row-grid.ron",
    "redistribute-12-ring.ron",
    "redistribute-fig-4.ron",
    "redistribute-fig-5.ron",
    "redistribute-fig-8.ron",
    "redistribute-hetero-16.ron",
    "redistribute-random-1000.ron",
    "redistribute-section-8.ron",
    "redistribute-theorem-2.ron",
    "compare-divisible-c-p-q.ron",
    "compare-geodecay-standard-vs-improved.ron",
    "compare-ksbf-ks-vs-none.ron",
    "compare-ksbf-ks-vs-random.ron",
    "compare-redistribute-alg3-printed-vs-corrected.ron",
    "compare-treesweep-fine-grain-vs-py.ron",
);

/// The default preset.
pub fn default_preset() -> Preset {
    BUNDLED[0]
        .preset()
        .unwrap_or_else(|_| Preset::new("Default", "", Scenario::default()))
}

/// Finds a bundled preset by file name (with or without `.ron`) or by its display name.
pub fn find_bundled(name: &str) -> Option<Preset> {
    BUNDLED.iter().find_map(|b| {
        let p = b.preset().ok()?;
        let stem = b.file.trim_end_matches(".ron");
        (b.file == name || stem == name || p.name == name).then_some(p)
    })
}
