//! The app's whole window drawn off-screen: the hand-out's `step-NN.png` are the window as
//! the user sees it with the lesson open at each step.
//!
//! An [`Offscreen`] runs the real app (the code the window runs, `crate::ui::LoadlabApp`,
//! frame by frame through [`App::frame`]) in an [`egui::Context`] of its own whose screen is
//! the window's size: `W×H` pixels at one pixel per point, divided by the zoom (in
//! presenter mode 1.5 at 1280×720 px and the same 853×480 points on a larger window, as on a
//! projector: [`presenter_zoom`]). It starts as a
//! first start with no storage starts (nothing read from or written to the app's stored
//! state, no first-start card, the light theme), in presenter mode when asked, and plays
//! the lesson as Help ▸ Lessons does: a question's answer stays "?" until Reveal.
//!
//! Each frame is an input with the clock moved on by `TICK` seconds, so a step's
//! highlight has stopped pulsing and a passing status message has faded by the time the
//! window is kept, as in a screenshot taken a few seconds after the step was opened. The
//! background runs (simulations, the lesson's answers) are waited for as the window would
//! wait, then the last frame is tessellated and rasterized on the CPU ([`crate::ui::figure::raster`]).

use crate::platform::clock::{Duration, Instant};

use egui::epaint::textures::TexturesDelta;
use egui::{Pos2, Rect, Vec2};

use crate::lesson::Lesson;
use crate::ui::commands::Cmd;
use crate::ui::figure::raster::{self, Textures};
use crate::ui::look::presenter_zoom;

/// What an [`Offscreen`] window needs of the app it runs. The app implements it: the export
/// sits below the app (the app's File ▸ Export hand-out… writes one) and runs whichever app
/// it is given (the app module's `Offscreen` is this window with the real app).
pub trait App {
    /// The app as a first start without storage makes it, on `ctx`.
    fn offscreen(ctx: &egui::Context) -> Self;
    /// Queues a command, as a menu or a key would.
    fn send(&mut self, cmd: Cmd);
    /// Plays `lesson` from its first step.
    fn start_lesson(&mut self, ctx: &egui::Context, lesson: Lesson);
    /// One frame of the whole window.
    fn frame(&mut self, ui: &mut egui::Ui);
    /// Whether a background run is still computing.
    fn busy(&mut self) -> bool;
}

/// A window to draw: its size in pixels and whether presenter mode is on.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    /// The window's size in pixels.
    pub size: [u32; 2],
    /// Presenter mode: type 1.5 × larger at 1280 × 720 and as much more as the window is
    /// larger ([`presenter_zoom`]), so the window holds fewer points a side.
    pub presenter: bool,
}

impl Window {
    /// The zoom factor the app runs at.
    pub fn zoom(self) -> f32 {
        let pixels = Vec2::new(self.size[0] as f32, self.size[1] as f32);
        if self.presenter {
            presenter_zoom(pixels)
        } else {
            1.0
        }
    }

    /// The window's size in points (pixels divided by the zoom).
    pub fn points(self) -> Vec2 {
        Vec2::new(self.size[0] as f32, self.size[1] as f32) / self.zoom()
    }

    /// The window's size in pixels.
    pub fn pixels(self) -> [usize; 2] {
        self.size.map(|v| v as usize)
    }
}

/// Seconds of the app's clock per frame.
const TICK: f64 = 2.5;

/// Frames run once nothing is computing: the layout settles (widgets sized from the last
/// frame), a step's highlight stops pulsing (4 s), a status message fades (6 s).
const SETTLE: usize = 4;

/// How long the window waits for its background runs at one step.
const PATIENCE: Duration = Duration::from_secs(120);

/// The app running off-screen in a window of a given size.
pub struct Offscreen<A: App> {
    ctx: egui::Context,
    app: A,
    window: Window,
    textures: Textures,
    /// What the last frame freed: gone once it is painted (or the next frame runs).
    freed: TexturesDelta,
    time: f64,
    last: Option<egui::FullOutput>,
}

impl<A: App> Offscreen<A> {
    /// The app in `window`, playing `lesson` at its first step.
    pub fn new(window: Window, lesson: Lesson) -> Offscreen<A> {
        let ctx = egui::Context::default();
        let mut app = A::offscreen(&ctx);
        if window.presenter {
            app.send(Cmd::Presenter(true));
        }
        app.start_lesson(&ctx, lesson);
        Offscreen {
            ctx,
            app,
            window,
            textures: Textures::default(),
            freed: TexturesDelta::default(),
            time: 0.0,
            last: None,
        }
    }

    /// Goes to step `i` (0-based) of the lesson, as Next and Back do, and waits until the
    /// window shows it.
    pub fn step(&mut self, i: usize) -> Result<(), String> {
        self.app.send(Cmd::LessonStep(i));
        self.settle()
    }

    /// One frame of the app.
    fn frame(&mut self) -> Result<(), String> {
        self.textures.free(&mut self.freed);
        self.time += TICK;
        // The app's zoom is the context's (presenter mode sets it in the first frame): the
        // screen in points is the window's pixels divided by it.
        let screen = Vec2::new(self.window.size[0] as f32, self.window.size[1] as f32)
            / self.ctx.zoom_factor();
        let mut input = egui::RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, screen)),
            time: Some(self.time),
            max_texture_side: Some(crate::ui::figure::MAX_SIDE),
            focused: true,
            ..Default::default()
        };
        input
            .viewports
            .entry(egui::ViewportId::ROOT)
            .or_default()
            .native_pixels_per_point = Some(1.0);
        let app = &mut self.app;
        let mut out = self.ctx.run_ui(input, |ui| app.frame(ui));
        if let Err(e) = self.textures.set(&mut out.textures_delta) {
            out.drop_without_applying_deltas();
            return Err(e);
        }
        self.freed = std::mem::take(&mut out.textures_delta);
        self.last = Some(out);
        Ok(())
    }

    /// Runs frames until nothing computes and [`SETTLE`] frames more have run.
    fn settle(&mut self) -> Result<(), String> {
        let start = Instant::now();
        let mut quiet = 0;
        while quiet < SETTLE {
            self.frame()?;
            if self.app.busy() {
                quiet = 0;
                if start.elapsed() > PATIENCE {
                    self.app.send(Cmd::CancelJobs);
                    return Err(format!(
                        "the window's runs did not finish within {} s",
                        PATIENCE.as_secs()
                    ));
                }
                crate::platform::work::wait(Duration::from_millis(10));
            } else {
                quiet += 1;
            }
        }
        Ok(())
    }

    /// The text the last frame drew, run by run, where it is on screen (what the PNG shows).
    pub fn texts(&self) -> Vec<crate::ui::figure::pdf::Run> {
        let Some(out) = &self.last else {
            return Vec::new();
        };
        let screen = Rect::from_min_size(Pos2::ZERO, self.window.points());
        crate::ui::figure::pdf::runs(&out.shapes, screen)
    }

    /// The window as the last frame drew it: RGBA pixels (not premultiplied), row by row, of
    /// the window's size.
    pub fn pixels(&mut self) -> Result<Vec<u8>, String> {
        let out = self.last.take().ok_or("the window was not drawn")?;
        let ppp = out.pixels_per_point;
        let background = self.ctx.global_style().visuals.panel_fill;
        let primitives = self.ctx.tessellate(out.shapes, ppp);
        raster::rgba_bytes(
            &primitives,
            &self.textures,
            self.window.pixels(),
            ppp,
            background,
        )
    }
}
