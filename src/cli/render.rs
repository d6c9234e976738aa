//! `loadlab render`: a preset's figure as PNG or SVG, or its run as an animated GIF, drawn
//! headless by the app's own drawing code ([`crate::ui::export::headless`]).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use super::{CliError, int, real, resolve_preset};
use crate::ui::export::headless::{self, Figure, OffscreenTab};

/// Flags of `loadlab render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// Preset file (.ron) or bundled preset name.
    #[arg(required_unless_present = "lesson")]
    pub preset: Option<String>,
    /// A lesson's hand-out instead (bundled name or file): one PNG per step, a PDF and an
    /// offline HTML page in the folder --out.
    #[arg(long, conflicts_with_all = ["preset", "animate", "step", "figure"])]
    pub lesson: Option<String>,
    /// With --lesson: the window the pages are laid out for, WxH in pixels (200 to 8176
    /// each; default 1280x720).
    #[arg(long, requires = "lesson")]
    pub window: Option<String>,
    /// With --lesson: presenter mode (type 1.5 × larger: the window holds less).
    #[arg(long, requires = "lesson")]
    pub presenter: bool,
    /// The figure: `picture`, `plot` (the workspace's default plot), `plot:NAME` (a plot
    /// as a lesson names it, e.g. `plot:ratio T*/T_PY vs n`) or `exercise` (the "Your turn"
    /// board at its start, for a worksheet).
    #[arg(long, conflicts_with = "animate")]
    pub figure: Option<String>,
    /// The step to draw (0 = the start; default: the start).
    #[arg(long, allow_negative_numbers = true, value_parser = int::<usize>, conflicts_with = "animate")]
    pub step: Option<usize>,
    /// Pixels per point (default 2 for PNG, 1 for GIF; SVG is drawn in points).
    #[arg(long, allow_negative_numbers = true, value_parser = real)]
    pub scale: Option<f64>,
    /// The picture at every step, one frame per step, looping: write a GIF.
    #[arg(long)]
    pub animate: bool,
    /// Frames per second of the animation (1/60 to 50: a GIF frame lasts 0.02 s to 60 s).
    #[arg(long, allow_negative_numbers = true, value_parser = real, default_value = "2", requires = "animate")]
    pub fps: f64,
    /// The picture tab (as a lesson names it, e.g. `Gantt`; default: the workspace's).
    #[arg(long)]
    pub picture: Option<String>,
    /// Where to write: FILE.png or FILE.svg (a figure), FILE.gif (with --animate).
    #[arg(long)]
    pub out: PathBuf,
}

/// Fewest frames per second: a GIF frame lasts at most 60 s here.
const MIN_FPS: f64 = 1.0 / 60.0;

/// The kinds of file `render` writes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Png,
    Svg,
    Gif,
}

fn kind(path: &Path, animate: bool) -> Result<Kind, CliError> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let k = match ext.as_deref() {
        Some("png") => Kind::Png,
        Some("svg") => Kind::Svg,
        Some("gif") => Kind::Gif,
        _ => {
            return Err(CliError(format!(
                "--out: {}: give a file ending in .png or .svg (a figure) or .gif (--animate)",
                crate::preset::display_name(path)
            )));
        }
    };
    match (k, animate) {
        (Kind::Gif, false) => Err(CliError(
            "--out: a .gif is an animation: add --animate".into(),
        )),
        (Kind::Png | Kind::Svg, true) => Err(CliError(
            "--animate writes a GIF: give --out FILE.gif".into(),
        )),
        _ => Ok(k),
    }
}

/// `WxH`, each 200 to [`handout::MAX_WINDOW`] pixels (a page at 2 pixels per point with its
/// margin must fit the largest image).
fn window(text: &str) -> Result<[u32; 2], CliError> {
    use crate::ui::export::handout::MAX_WINDOW;
    let bad = || {
        CliError(format!(
            "--window: {}: expected WxH in pixels, e.g. 1280x720 (200 to {MAX_WINDOW} each)",
            crate::preset::one_line(text)
        ))
    };
    let (w, h) = text.split_once(['x', '×']).ok_or_else(bad)?;
    let side = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (200..=MAX_WINDOW).contains(v))
            .ok_or_else(bad)
    };
    Ok([side(w)?, side(h)?])
}

/// `render --lesson`: the hand-out in the folder `--out`.
fn handout(a: &RenderArgs, name: &str) -> Result<String, CliError> {
    use crate::ui::export::handout;
    let size = window(a.window.as_deref().unwrap_or("1280x720"))?;
    let lesson = crate::lesson::resolve(name).map_err(|e| CliError(format!("--lesson: {e}")))?;
    lesson
        .within_budget()
        .map_err(|e| CliError(format!("--lesson: {e}")))?;
    let w = handout::Window {
        size,
        presenter: a.presenter,
    };
    let progress = std::io::stderr().is_terminal();
    let files = handout::write::<crate::ui::LoadlabApp>(
        &lesson,
        w,
        &a.out,
        handout::Form::Folder,
        |k, n| {
            if progress {
                eprint!("\rstep {}/{n}", k + 1);
                if k + 1 == n {
                    eprintln!();
                }
            }
        },
    )
    .map_err(CliError)?;
    let mut out = String::new();
    for f in files {
        out.push_str(&format!("{}\n", crate::preset::display_name(&f)));
    }
    Ok(out)
}

/// Draws and writes; prints one line saying what was written.
pub fn execute(a: &RenderArgs) -> Result<String, CliError> {
    if a.lesson.is_none() {
        // The hand-out's flags mean nothing to a figure: refused, not ignored.
        let given = [
            ("--window", a.window.is_some()),
            ("--presenter", a.presenter),
        ];
        if let Some((flag, _)) = given.iter().find(|(_, on)| *on) {
            return Err(CliError(format!(
                "{flag}: only with --lesson (a hand-out's window); a figure is sized by --scale"
            )));
        }
    }
    let preset_name = match (&a.lesson, &a.preset) {
        (Some(l), _) => return handout(a, l),
        (None, Some(p)) => p,
        (None, None) => return Err(CliError("give a preset, or --lesson NAME".into())),
    };
    let kind = kind(&a.out, a.animate)?;
    let default_scale = if kind == Kind::Gif { 1.0 } else { 2.0 };
    let scale = a.scale.unwrap_or(default_scale);
    if !(0.25..=8.0).contains(&scale) {
        return Err(CliError(format!(
            "--scale: {scale} is outside 0.25 to 8 pixels per point"
        )));
    }
    let scale = scale as f32;
    if !(a.fps >= MIN_FPS && a.fps <= 50.0) {
        return Err(CliError(format!(
            "--fps: {} is outside 1/60 to 50 frames per second (a GIF frame lasts 0.02 s to \
             60 s)",
            a.fps
        )));
    }
    let figure = if a.animate {
        Figure::Picture
    } else {
        Figure::parse(a.figure.as_deref().unwrap_or("picture"))
            .map_err(|e| CliError(format!("--figure: {e}")))?
    };
    let preset = resolve_preset(preset_name)?;
    let plot = match &figure {
        Figure::Plot(name) => name.as_deref(),
        Figure::Picture | Figure::Exercise => None,
    };
    let mut tab = OffscreenTab::new(&preset, a.picture.as_deref(), plot).map_err(CliError)?;
    if let Some(k) = a.step {
        tab.seek(k).map_err(CliError)?;
    }
    let measured = tab.measure(&figure, scale).map_err(CliError)?;
    if a.animate {
        headless::check_animation(tab.steps(), measured).map_err(CliError)?;
    } else {
        headless::check_budget(1, measured.pixels).map_err(CliError)?;
    }
    let out = &a.out;
    let shown = crate::preset::display_name(out);
    match kind {
        Kind::Png => {
            let scene = tab.scene(&figure, scale).map_err(CliError)?;
            let rgba = scene.rasterize().map_err(CliError)?;
            scene
                .write(out, &rgba)
                .map_err(|e| CliError(format!("{shown}: {e}")))?;
            let [w, h] = scene.size;
            Ok(format!("{shown}: {w}×{h} px ({scale}×)\n"))
        }
        Kind::Svg => {
            let scene = tab.scene(&figure, 1.0).map_err(CliError)?;
            let svg = scene.svg();
            std::fs::write(out, svg).map_err(|e| CliError(format!("{shown}: {e}")))?;
            let [w, h] = scene.size;
            Ok(format!("{shown}: SVG of {w}×{h} points\n"))
        }
        Kind::Gif => {
            let progress = std::io::stderr().is_terminal();
            let n = crate::ui::export::animation::write(&mut tab, scale, a.fps, out, |k, n| {
                if progress {
                    eprint!("\rframe {}/{n}", k + 1);
                    if k + 1 == n {
                        eprintln!();
                    }
                }
                true
            })
            .map_err(|e| CliError(format!("{shown}: {e}")))?;
            Ok(format!("{shown}: {n} frames at {} fps ({scale}×)\n", a.fps))
        }
    }
}
