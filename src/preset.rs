//! Versioned RON scenarios ("presets").
//!
//! A preset is `(version: 1, name: "…", description: "…", scenario: Divisible((…)))`: the
//! scenario is an enum variant holding one model's parameters. Loading never touches the
//! caller's state on failure: every error names the file, the line/column and what was
//! expected. Saving is atomic (temporary file beside the target, then rename). Bundled presets
//! are embedded in the binary.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::model::divisible::DivisibleParams;
use crate::model::geodecay::GeoParams;
use crate::model::ksbf::KsbfParams;
use crate::model::redistribute::params::RedistParams;
use crate::model::treesweep::TreeSweepParams;

/// The preset format version this build writes and the newest it reads.
pub const VERSION: u32 = 1;
/// Presets larger than this are refused before parsing.
pub const MAX_BYTES: u64 = 1024 * 1024;

/// One model's parameters: the models are the variants.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Scenario {
    /// Li's divisible load on trees and pyramids.
    Divisible(DivisibleParams),
    /// Gil & Matias: load-balancing policies for geometric-decaying algorithms.
    Geodecay(GeoParams),
    /// Gao, Rosenberg & Sitaraman: optimal clustering of tree sweeps under delay τ.
    TreeSweep(TreeSweepParams),
    /// Data redistribution on rings (Renard, Robert & Vivien).
    Redistribute(RedistParams),
    /// Gao & Rosenberg: KS-BF load balancing of growing trees and grids on a ring.
    Ksbf(KsbfParams),
}

impl Scenario {
    /// Short model name, as used by the CLI subcommands.
    pub fn model_name(&self) -> &'static str {
        match self {
            Scenario::Divisible(_) => "divisible",
            Scenario::Geodecay(_) => "geodecay",
            Scenario::TreeSweep(_) => "treesweep",
            Scenario::Redistribute(_) => "redistribute",
            Scenario::Ksbf(_) => "ksbf",
        }
    }
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario::Divisible(DivisibleParams::default())
    }
}

/// A named, described scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
        }
    }

    /// Pretty RON text.
    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::new()
            .depth_limit(4)
            .struct_names(false);
        // Serialising plain data cannot fail; fall back to compact output just in case.
        ron::ser::to_string_pretty(self, cfg).unwrap_or_else(|e| format!("// {e}"))
    }
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
        "{file}: preset version {found} is newer than this loadlab reads (version {VERSION} or older)"
    )]
    Newer {
        /// File name.
        file: String,
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

/// Parses preset text; `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<Preset, PresetError> {
    if text.len() as u64 > MAX_BYTES {
        return Err(PresetError::TooLarge {
            file: file.into(),
            size: text.len() as u64,
        });
    }
    // Check the version first, so a newer file reports that rather than an unknown field.
    if let Ok(probe) = ron::from_str::<VersionProbe>(text)
        && probe.version > VERSION
    {
        return Err(PresetError::Newer {
            file: file.into(),
            found: probe.version,
        });
    }
    let preset: Preset = ron::from_str(text).map_err(|e| parse_error(file, e))?;
    let invalid = |field: &str, message: &str| PresetError::Invalid {
        file: file.into(),
        message: format!("{field}: {message}"),
    };
    match &preset.scenario {
        Scenario::Divisible(p) => {
            p.validate().map_err(|e| invalid(e.field, &e.message))?;
        }
        Scenario::Geodecay(p) => {
            p.validate().map_err(|e| invalid(e.field, &e.message))?;
        }
        Scenario::TreeSweep(p) => {
            p.validate().map_err(|e| invalid(e.field, &e.message))?;
        }
        Scenario::Ksbf(p) => {
            p.validate().map_err(|e| invalid(e.field, &e.message))?;
        }
        Scenario::Redistribute(p) => {
            p.instance
                .validate()
                .map_err(|e| invalid(e[0].field.name(), &e[0].message))?;
            p.validate_studies()
                .map_err(|e| invalid("study", &e.to_string()))?;
        }
    }
    Ok(preset)
}

fn display_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// Loads a preset file (size-checked before reading it whole).
pub fn load(path: &Path) -> Result<Preset, PresetError> {
    let file = display_name(path);
    let io = |e: std::io::Error| PresetError::Io {
        file: file.clone(),
        message: e.to_string(),
    };
    let size = std::fs::metadata(path).map_err(io)?.len();
    if size > MAX_BYTES {
        return Err(PresetError::TooLarge { file, size });
    }
    let bytes = std::fs::read(path).map_err(io)?;
    let text = String::from_utf8(bytes).map_err(|e| PresetError::Parse {
        file: file.clone(),
        line: 1,
        col: 1,
        message: format!(
            "expected UTF-8 RON text, found binary data (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ),
    })?;
    parse(&file, &text)
}

/// Saves atomically: writes `.<name>.tmp` beside the target, flushes it, renames it over.
pub fn save(path: &Path, preset: &Preset) -> Result<(), PresetError> {
    use std::io::Write;
    let file = display_name(path);
    let io = |e: std::io::Error| PresetError::Io {
        file: file.clone(),
        message: e.to_string(),
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let tmp = dir.join(format!(".{file}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(preset.to_ron().as_bytes())?;
        f.write_all(b"\n")?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(io)
}

/// A preset shipped inside the binary.
#[derive(Debug, Clone, Copy)]
pub struct Bundled {
    /// File name under `presets/`.
    pub file: &'static str,
    /// RON text.
    pub text: &'static str,
}

impl Bundled {
    /// Parses the embedded text (tests guarantee it parses).
    pub fn preset(&self) -> Result<Preset, PresetError> {
        parse(self.file, self.text)
    }
}

macro_rules! bundled {
    ($($file:literal),* $(,)?) => {
        &[$(Bundled { file: $file, text: include_str!(concat!("../presets/", $file)) }),*]
    };
}

/// Every bundled preset; the first is the default scenario opened on first start.
pub const BUNDLED: &[Bundled] = bundled!(
    "default.ron",
    "divisible-table-1.ron",
    "divisible-table-2.ron",
    "divisible-fig-6.ron",
    "divisible-fig-6-pyramid.ron",
    "geodecay-erew.ron",
    "geodecay-crcw.ron",
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
