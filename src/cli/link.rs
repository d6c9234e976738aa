//! `loadlab link PRESET [--step K] [--picture NAME] [--plot NAME]`: a share link to a
//! preset (see [`crate::link`]), and the decoding `eval --link` and `gui --link` share.

use super::{CliError, int, resolve_preset};
use crate::link::Shared;

/// Flags of `loadlab link`.
#[derive(Debug, clap::Args)]
pub struct LinkArgs {
    /// Preset file (.ron) or bundled preset name; a preset pinning a scenario A keeps it.
    pub preset: String,
    /// The step bar's position the link opens at (0 = the start).
    #[arg(long, allow_negative_numbers = true, value_parser = int::<usize>, default_value = "0")]
    pub step: usize,
    /// The picture tab the link shows (as a lesson names it, e.g. `Gantt`).
    #[arg(long)]
    pub picture: Option<String>,
    /// The plot the link shows (as a lesson names it, e.g. `ratio T*/T_PY vs n`).
    #[arg(long)]
    pub plot: Option<String>,
}

/// Prints the link, one line.
pub fn execute(a: &LinkArgs) -> Result<String, CliError> {
    let preset = resolve_preset(&a.preset)?;
    // The step bar's positions, as `render --step` checks them.
    let steps = crate::report::steps::step_positions(&preset.scenario, &crate::model::NoProgress)
        .map_err(|e| CliError(format!("{}: {e}", crate::preset::one_line(&a.preset))))?
        .max(1);
    if a.step >= steps {
        return Err(CliError(format!(
            "--step {}: the run has steps 0 to {} (see the step bar)",
            a.step,
            steps - 1
        )));
    }
    if let Some((what, why)) =
        crate::link::unknown_view(preset.scenario.model(), &a.picture, &a.plot)
    {
        return Err(CliError(format!("--{what}: {why}")));
    }
    let shared = Shared {
        preset,
        step: a.step,
        picture: a.picture.clone(),
        plot: a.plot.clone(),
        compare_plot: None,
    };
    let link = shared.encode();
    // What a link cannot name (a picture the model does not have) is refused here, not when
    // it is opened.
    decode(&link)?;
    Ok(format!("{link}\n"))
}

/// A link's content, or one error line.
pub fn decode(link: &str) -> Result<Shared, CliError> {
    Shared::decode(link).map_err(|e| CliError(format!("--link: {e}")))
}
