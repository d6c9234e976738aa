//! Figures without a window: `loadlab render` draws a preset's picture or plots with the same
//! code as the app's figure export ([`crate::ui::figure::render`]), in an [`egui::Context`] of its own
//! with the app's fonts and the light theme (slides on white), no display and no GPU.
//!
//! An [`OffscreenTab`] holds one model's workspace on one scenario, waits for the runs the figure
//! needs (the background jobs the app would poll once a frame) and draws the figure at any
//! step: one PNG or SVG, or every step for an animation.

use crate::platform::clock::{Duration, Instant};

use egui::Vec2;

use crate::lesson::Region;
use crate::model::budget::Budget;
pub use crate::model::budget::Cost;
use crate::model::registry::Scenario;
use crate::preset::Preset;
use crate::ui::figure::Scene;
use crate::ui::workspace::Tab;

/// Which figure of a workspace.
#[derive(Debug, Clone, PartialEq)]
pub enum Figure {
    /// The picture (Gantt, ring, tree…) with the scenario's name as its title.
    Picture,
    /// The plots column, showing the plot named (a name of [`crate::lesson::views::plots`]),
    /// or the workspace's default.
    Plot(Option<String>),
    /// The "Your turn" exercise's board at its start, as the picture shows it then (a lesson's
    /// exercise step: the picture would draw the algorithm's solution).
    Exercise,
}

impl Figure {
    /// `picture`, `plot`, `plot:NAME` or `exercise`.
    pub fn parse(text: &str) -> Result<Figure, String> {
        match text.split_once(':') {
            None if text == "picture" => Ok(Figure::Picture),
            None if text == "exercise" => Ok(Figure::Exercise),
            None if text == "plot" => Ok(Figure::Plot(None)),
            Some(("plot", name)) if !name.trim().is_empty() => {
                Ok(Figure::Plot(Some(name.trim().to_string())))
            }
            _ => Err(format!(
                "{}: expected picture, plot, plot:NAME or exercise",
                crate::preset::one_line(text)
            )),
        }
    }

    fn region(&self) -> Region {
        match self {
            Figure::Picture | Figure::Exercise => Region::Picture,
            Figure::Plot(_) => Region::Plots,
        }
    }

    /// The room the figure is laid out in, in points: a desktop window's picture or plots
    /// column (taller when the content needs it).
    pub fn room(&self) -> Vec2 {
        match self {
            Figure::Picture | Figure::Exercise => Vec2::new(900.0, 560.0),
            Figure::Plot(_) => Vec2::new(620.0, 440.0),
        }
    }
}

/// What a headless render may draw: pixels rasterized (every frame of an animation counts),
/// about ten seconds' worth on the reference machine (measured, debug build under load 7:
/// `render ksbf-table-1 --animate --scale 3`, 23 frames of 2748×1728 px = 1.1·10⁸ pixels, in
/// 5.3 s with a peak of 610 MB).
pub const BUDGET: Budget = Budget {
    unit: "pixels",
    work: 3e8,
};

/// The estimated cost of drawing `frames` images of `pixels` each, all of them kept until
/// written (a hand-out's pages): the work, and their memory (RGBA and the image written from
/// it, and the tessellated scene: about 6 bytes a pixel, measured 5.6).
pub fn cost(frames: usize, pixels: [usize; 2]) -> Cost {
    let all = frames as f64 * pixels[0] as f64 * pixels[1] as f64;
    Cost::new(all, all * 6.0)
}

/// `Ok` when `frames` images of `pixels` fit [`BUDGET`], else the estimate and the limit.
pub fn check_budget(frames: usize, pixels: [usize; 2]) -> Result<(), String> {
    check_cost(frames, pixels, cost(frames, pixels))
}

/// The estimated cost of an animation of `frames` frames measured as `m`: every frame's
/// pixels are kept until the GIF is encoded (RGBA, 4 bytes a pixel, plus the GIF itself, at
/// most 1 byte a pixel), and [`BATCH`] scenes at a time are held while they
/// are rasterized (each about `m.scene_bytes`, doubled for the scene's growth from step to
/// step).
pub fn animation_cost(frames: usize, m: Measured) -> Cost {
    let all = frames as f64 * m.pixels[0] as f64 * m.pixels[1] as f64;
    let scenes = BATCH.min(frames.max(1)) as f64 * 2.0 * m.scene_bytes as f64;
    Cost::new(all + frames as f64 * FRAME_WORK, all * 5.0 + scenes)
}

/// Work of drawing and tessellating one frame of an animation whatever its pixels, in the
/// budget's pixels: measured, `render ksbf-g200-r16 --animate --scale 0.25` (1 353 frames of
/// 229×144 px) took 7.2 s of CPU, about 5.3 ms a frame, 1.6·10⁵ pixels' worth.
pub const FRAME_WORK: f64 = 1.6e5;

/// `Ok` when an animation of `frames` frames measured as `m` fits [`BUDGET`].
pub fn check_animation(frames: usize, m: Measured) -> Result<(), String> {
    check_cost(frames, m.pixels, animation_cost(frames, m))
}

/// `Ok` when `cost`, of `frames` images of `pixels` (as the message names them), fits
/// [`BUDGET`].
pub fn check_cost(frames: usize, pixels: [usize; 2], cost: Cost) -> Result<(), String> {
    let what = format!(
        "{frames} frame{} of {}×{} px",
        if frames == 1 { "" } else { "s" },
        pixels[0],
        pixels[1]
    );
    BUDGET
        .check("out", &what, cost)
        .map_err(|e| format!("render: {}", e.message))
}

/// A figure as drawn at the current step: its size in pixels and the bytes of its scene.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measured {
    /// Width and height in pixels.
    pub pixels: [usize; 2],
    /// Bytes the tessellated scene holds ([`crate::ui::figure::Scene::bytes`]).
    pub scene_bytes: usize,
}

/// Frames drawn before they are rasterized together (in parallel), their scenes then
/// dropped: what an animation holds besides its frames' pixels.
pub const BATCH: usize = 4;

/// How long a render waits for the runs of its scenario.
const PATIENCE: Duration = Duration::from_secs(120);

/// One model's workspace on one scenario, drawn off-screen.
pub struct OffscreenTab {
    ctx: egui::Context,
    tab: Box<dyn Tab>,
    scenario: Scenario,
    title: String,
    /// The step bar's position ([`Self::seek`]).
    position: usize,
}

/// A context with the app's fonts and the light theme.
pub fn context() -> egui::Context {
    let ctx = egui::Context::default();
    crate::ui::install_fonts(&ctx);
    ctx.set_theme(egui::ThemePreference::Light);
    // Fonts and styles are set up by a first pass.
    ctx.run_ui(egui::RawInput::default(), |_| {})
        .drop_without_applying_deltas();
    ctx
}

impl OffscreenTab {
    /// The workspace of `preset`'s model showing `picture` and `plot` (names from
    /// [`crate::lesson::views`]), its runs computed.
    pub fn new(
        preset: &Preset,
        picture: Option<&str>,
        plot: Option<&str>,
    ) -> Result<OffscreenTab, String> {
        Self::chosen(preset, &[(picture, plot)])
    }

    /// The workspace of `preset`'s model after the picture and plot `choices`, in order (a
    /// lesson step's [`crate::lesson::Lesson::selections_to`]), its runs computed.
    pub fn chosen(
        preset: &Preset,
        choices: &[(Option<&str>, Option<&str>)],
    ) -> Result<OffscreenTab, String> {
        let model = preset.scenario.model();
        let mut tab = crate::ui::workspaces::fresh_tab(model);
        for (picture, plot) in choices {
            tab.show_view(*picture, *plot)?;
        }
        let mut off = OffscreenTab {
            ctx: context(),
            tab,
            scenario: preset.scenario.clone(),
            title: preset.name.clone(),
            position: 0,
        };
        off.settle()?;
        Ok(off)
    }

    /// Waits until the workspace's background runs are done.
    fn settle(&mut self) -> Result<(), String> {
        let start = Instant::now();
        loop {
            self.tab.prepare_only(&self.ctx, &self.scenario);
            if self.tab.job_status().is_none() {
                return Ok(());
            }
            if start.elapsed() > PATIENCE {
                self.tab.cancel_jobs();
                return Err(format!(
                    "the run did not finish within {} s",
                    PATIENCE.as_secs()
                ));
            }
            crate::platform::work::wait(Duration::from_millis(5));
        }
    }

    /// Hides `secret` (a lesson question's field and answer) in what is drawn from now on, as
    /// the app does until Reveal.
    pub fn hide(&mut self, secret: Option<crate::ui::frame::Secret>) {
        crate::ui::frame::publish_secret(&self.ctx, secret);
    }

    /// Step positions of the run (1 when nothing steps).
    pub fn steps(&self) -> usize {
        self.tab.steps_for(&self.scenario).max(1)
    }

    /// Moves the step bar to `step` (0 = the start); an error names the steps there are.
    pub fn seek(&mut self, step: usize) -> Result<(), String> {
        let n = self.steps();
        if step >= n {
            return Err(format!(
                "--step {step}: the run has steps 0 to {} (see the step bar)",
                n - 1
            ));
        }
        self.tab.seek(step, &self.scenario);
        self.position = step;
        self.settle()
    }

    /// Plays the "Your turn" exercise to its end by Show me (the algorithm's moves, one per
    /// move it needs): [`Figure::Exercise`] then draws the board solved.
    pub fn solve_exercise(&mut self) -> Result<(), String> {
        use crate::lesson::homework::replay::{Entry, Kind};
        let tally = self
            .tab
            .exercise_score(&self.scenario)
            .ok_or("this instance has no exercise")?;
        let log = vec![Entry::new(Kind::ShowMe, None, None); tally.out_of];
        self.tab.exercise_replay(&self.scenario, &log);
        match self.tab.exercise_score(&self.scenario) {
            Some(t) if t.complete => Ok(()),
            _ => Err(format!(
                "the exercise was not complete after {} moves of Show me",
                tally.out_of
            )),
        }
    }

    /// Draws from now on only what has happened by the step bar's position, as the window's
    /// "Hide the future" does (`on`), or everything.
    pub fn hide_future(&mut self, on: bool) {
        let reveal = crate::ui::reveal::Reveal {
            hide: on,
            step: self.position,
            ..crate::ui::reveal::Reveal::ALL
        };
        crate::ui::reveal::publish(&self.ctx, reveal);
    }

    /// The figure at the current step, drawn at `scale` pixels per point.
    pub fn scene(&mut self, figure: &Figure, scale: f32) -> Result<Scene, String> {
        let title = self.title.clone();
        let picture = !matches!(figure, Figure::Plot(_));
        self.scene_with(figure, scale, figure.room(), |ui| {
            if picture {
                crate::ui::figure::title(ui, &title);
            }
        })
    }

    /// The figure drawn in `room` points under what `header` draws (a hand-out's page).
    pub fn scene_with(
        &mut self,
        figure: &Figure,
        scale: f32,
        room: Vec2,
        mut header: impl FnMut(&mut egui::Ui),
    ) -> Result<Scene, String> {
        let region = figure.region();
        let your_turn = *figure == Figure::Exercise;
        let (tab, scenario) = (&mut self.tab, &mut self.scenario);
        crate::ui::figure::render(&self.ctx, room, scale, |ui| {
            header(ui);
            tab.draw_region(ui, scenario, region, your_turn);
        })
    }

    /// The size in pixels of `figure` at `scale` and the bytes of its scene, as drawn now
    /// (for the budget): one pass at `scale`, not rasterized.
    pub fn measure(&mut self, figure: &Figure, scale: f32) -> Result<Measured, String> {
        let s = self.scene(figure, scale)?;
        Ok(Measured {
            pixels: s.size,
            scene_bytes: s.bytes(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figure_names_parse() {
        assert_eq!(Figure::parse("picture"), Ok(Figure::Picture));
        assert_eq!(Figure::parse("plot"), Ok(Figure::Plot(None)));
        assert_eq!(
            Figure::parse("plot:time vs h"),
            Ok(Figure::Plot(Some("time vs h".into())))
        );
        assert!(Figure::parse("plot:").is_err());
        assert!(Figure::parse("map").is_err());
    }
}
