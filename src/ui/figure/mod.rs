//! Figure export: a picture, the plots or the map as a PNG for slides, at twice the display's
//! pixel density.
//!
//! File ▸ Export ▸ Export figure… (the figure under the pointer, else the picture) or a figure's "↓ PNG"
//! button asks for a path through the non-blocking dialog. The figure is then drawn again
//! off-screen ([`render`]): a fresh [`egui::Context`] with the app's fonts and styles, the
//! figure's region the size it has on screen (in points, so the layout — title, axes,
//! legend, wrapping — is the one on screen) but never smaller than its content or
//! [`EXPORT_MIN`] ([`export_room`]: a figure squeezed on a projector is not exported clipped; a
//! region that scrolls on screen is drawn whole, taller) with a [`MARGIN`] round it, and a
//! pixel density of [`export_scale`]. A picture gets the scenario's name as its title and
//! leaves out the step bar ([`crate::ui::frame::exporting`]): the figure, not the controls. Its
//! tessellated output is rasterized on the CPU by [`raster`] (off the UI thread) and written as
//! PNG.
//!
//! The scale rule: 2 × the display's own density, and never less than 2 — a figure of
//! 1200 × 800 points, margin included, is 2400 × 1600 px from a 1× display (or any display
//! below 1×), 4800 × 3200 px from a 2× one. The app's zoom (presenter mode) does not enter: it changes the room the figure gets,
//! which the export keeps, not the figure's pixel density.
//!
//! The off-screen pass draws with the live workspace (its computed runs and view state) on a
//! copy of the scenario; plots fit their bounds to the data afresh (egui_plot keeps zoom and pan
//! in the context's memory, which the fresh context does not have), and nothing is hovered. The
//! theme is the app's (View ▸ Light theme for slides on white).

pub mod pdf;
pub mod raster;
pub mod svg;

use std::path::{Path, PathBuf};

use egui::epaint::{ClippedPrimitive, ClippedShape};
use egui::{Color32, Rect, Ui, Vec2};

use super::files::write_png;
use super::workspace::{Drawn, Region};
use crate::ui::widgets::corner::{CAPTIONS, CORNER_GAP, corner_size, scroll_lane};
use raster::Textures;

/// The figure an export means: `asked`, else the one under the pointer, else the picture,
/// else the first drawn.
pub fn choose(
    drawn: &[Drawn],
    asked: Option<Region>,
    pointer: Option<egui::Pos2>,
) -> Option<Drawn> {
    let by = |r: Region| drawn.iter().find(|d| d.region == r).copied();
    match asked {
        Some(r) => by(r),
        None => pointer
            .and_then(|p| drawn.iter().find(|d| d.shown.contains(p)).copied())
            .or_else(|| by(Region::Picture))
            .or_else(|| drawn.first().copied()),
    }
}

/// A figure export under way: which figure, its rect on screen, its size in pixels and where
/// it goes.
#[derive(Debug, Clone, PartialEq)]
pub struct FigureShot {
    /// The figure.
    pub region: Region,
    /// Its rect on screen (points), title and legend included.
    pub rect: Rect,
    /// The PNG's size in pixels.
    pub pixels: [usize; 2],
    /// Pixels per point of the PNG ([`export_scale`]).
    pub scale: f32,
    /// Where the PNG goes.
    pub path: PathBuf,
}

impl FigureShot {
    /// The status line once it is written: "Exported picture (2400×1600 px, 2×) to …".
    pub fn done(&self) -> String {
        let [w, h] = self.pixels;
        format!(
            "Exported {} ({w}×{h} px, {}×) to {}",
            self.region.name(),
            self.scale,
            self.path.display()
        )
    }
}

/// Pixels per point of an exported figure: twice the display's density, at least 2 (see the
/// module documentation).
pub fn export_scale(ctx: &egui::Context) -> f32 {
    2.0 * ctx.native_pixels_per_point().unwrap_or(1.0).max(1.0)
}

/// The largest PNG side, in pixels, an export makes (a figure larger than this at the export
/// scale is refused with a message).
pub const MAX_SIDE: usize = 16_384;

/// Room around the figure, in points, as the panel margin around it on screen: what a plot
/// draws just outside its region (a rotated axis label) is kept, and slides get a border.
pub const MARGIN: f32 = 8.0;

/// The least room a figure is drawn in for export, in points: a figure squeezed on screen
/// (a projector, presenter mode, a lesson beside it) is exported at its own size, not clipped
/// as on screen.
pub const EXPORT_MIN: Vec2 = Vec2::new(720.0, 480.0);

/// The room figure `d` is drawn in for export: its room on screen, widened to what its content
/// took there and to at least [`EXPORT_MIN`].
pub fn export_room(d: &Drawn) -> Vec2 {
    d.room.size().max(d.content.size()).max(EXPORT_MIN)
}

/// The title drawn above an exported picture (the scenario's name).
pub fn title(ui: &mut Ui, text: &str) {
    ui.label(egui::RichText::new(text).strong().size(18.0));
    ui.add_space(4.0);
}

/// Frames the off-screen context runs before its output is kept: widgets that size
/// themselves from the previous frame (grids, tables, legends) settle in the second.
const FRAMES: usize = 3;

/// A figure drawn off-screen and tessellated, ready to be rasterized (on any thread).
pub struct Scene {
    primitives: Vec<ClippedPrimitive>,
    /// The shapes the primitives were tessellated from (the SVG is written from them).
    shapes: Vec<ClippedShape>,
    textures: Textures,
    /// Size in pixels.
    pub size: [usize; 2],
    /// Pixels per point.
    pub scale: f32,
    /// The colour round the figure (its margin).
    pub background: Color32,
    /// What the figure shows in words ([`crate::ui::widgets::describe`]; None for a figure
    /// that describes nothing, such as a plot).
    pub description: Option<String>,
}

/// Draws `draw` off-screen into a region of `room` points (its size on screen) at `scale`
/// pixels per point, with the fonts and styles of `ctx` (the app's context, inside a pass),
/// and tessellates it. The image is as wide as the room and as tall as the room or the
/// content, whichever is taller (a region that scrolls on screen is exported whole), with a
/// [`MARGIN`] all round.
pub fn render(
    ctx: &egui::Context,
    room: Vec2,
    scale: f32,
    mut draw: impl FnMut(&mut Ui),
) -> Result<Scene, String> {
    let fits = |v: f32| v >= 1.0 && (v + 2.0 * MARGIN) * scale <= MAX_SIDE as f32;
    if !(fits(room.x) && fits(room.y)) {
        return Err(format!(
            "a figure of {:.0}×{:.0} points cannot be exported at {scale}× (1 to {MAX_SIDE} px a side)",
            room.x, room.y
        ));
    }
    let off = egui::Context::default();
    off.set_fonts(ctx.fonts(|f| f.definitions().clone()));
    for theme in [egui::Theme::Light, egui::Theme::Dark] {
        off.set_style_of(theme, ctx.style_of(theme));
    }
    off.set_theme(ctx.theme());
    crate::ui::frame::publish_exporting(&off);
    // An open lesson question's answer stays "?" in the figure, and a hidden future hidden,
    // as on screen.
    crate::ui::frame::publish_secret(&off, crate::ui::frame::secret(ctx));
    use crate::ui::frame::reveal;
    reveal::publish(&off, reveal::Reveal::of(ctx));
    let background = ctx.global_style().visuals.panel_fill;
    let mut input = egui::RawInput {
        max_texture_side: Some(MAX_SIDE),
        ..Default::default()
    };
    input
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .native_pixels_per_point = Some(scale);
    // The first frames measure the content on the tallest screen an export may have; the
    // last one is drawn on a screen of exactly the figure's size.
    let tallest = MAX_SIDE as f32 / scale;
    let width = room.x + 2.0 * MARGIN;
    let mut height = room.y + 2.0 * MARGIN;
    let mut textures = Textures::default();
    let mut last: Option<egui::FullOutput> = None;
    for frame in 0..FRAMES {
        let measuring = frame + 1 < FRAMES;
        let screen = egui::vec2(width, if measuring { tallest } else { height });
        input.screen_rect = Some(Rect::from_min_size(egui::Pos2::ZERO, screen));
        // The previous frame's freed textures go once it would have been painted.
        if let Some(mut prev) = last.take() {
            textures.free(&mut prev.textures_delta);
        }
        let mut bottom = 0.0f32;
        let mut out = off.run_ui(input.clone(), |ui| {
            egui::CentralPanel::default()
                .frame(egui::Frame::NONE.fill(background))
                .show(ui, |ui| {
                    let corner = ui.max_rect().min + egui::Vec2::splat(MARGIN);
                    let rect = Rect::from_min_size(corner, room);
                    let mut region = ui.new_child(egui::UiBuilder::new().max_rect(rect));
                    draw(&mut region);
                    bottom = region.min_rect().bottom();
                });
        });
        let applied = textures.set(&mut out.textures_delta);
        if let Err(e) = applied {
            out.drop_without_applying_deltas();
            return Err(e);
        }
        last = Some(out);
        if measuring {
            // Content that ends within a point of the room's bottom fits it (rounding).
            let content = bottom - MARGIN;
            let h = if content > room.y + 1.0 {
                content.ceil()
            } else {
                room.y
            };
            height = (h + 2.0 * MARGIN).min(tallest);
        }
    }
    let mut out = last.ok_or("the figure was not drawn")?;
    // What the last frame frees would go after painting it: the scene keeps its textures.
    out.textures_delta.clear();
    let ppp = out.pixels_per_point;
    if (ppp - scale).abs() > 1e-3 {
        return Err(format!(
            "the off-screen pass ran at {ppp} pixels per point, not {scale}"
        ));
    }
    let size = [
        (width * scale).round() as usize,
        (height * scale).round() as usize,
    ];
    let shapes = out.shapes.clone();
    let primitives = off.tessellate(out.shapes, ppp);
    Ok(Scene {
        primitives,
        shapes,
        textures,
        size,
        scale,
        background,
        description: crate::ui::widgets::describe::latest(&off),
    })
}

impl Scene {
    /// Bytes the scene holds (about): its textures, its meshes' vertices and indices, its
    /// shapes and their text.
    pub fn bytes(&self) -> usize {
        use egui::epaint::Primitive;
        let meshes: usize = self
            .primitives
            .iter()
            .map(|p| match &p.primitive {
                Primitive::Mesh(m) => {
                    m.vertices.len() * std::mem::size_of::<egui::epaint::Vertex>()
                        + m.indices.len() * 4
                }
                Primitive::Callback(_) => 0,
            })
            .sum();
        let shapes: usize = self
            .shapes
            .iter()
            .map(|c| match &c.shape {
                egui::Shape::Text(t) => t.galley.job.text.len() * 64,
                _ => 0,
            })
            .sum::<usize>()
            + self.shapes.len() * std::mem::size_of::<ClippedShape>();
        self.textures.bytes() + meshes + shapes
    }

    /// The figure's pixels, RGBA (not premultiplied), row by row.
    pub fn rasterize(&self) -> Result<Vec<u8>, String> {
        raster::rgba_bytes(
            &self.primitives,
            &self.textures,
            self.size,
            self.scale,
            self.background,
        )
    }

    /// The figure as an SVG document in points (see [`svg`]): the same layout as the PNG.
    pub fn svg(&self) -> String {
        let [w, h] = self.size.map(|v| v as f32 / self.scale);
        svg::document(
            &self.shapes,
            [w, h],
            self.background,
            self.description.as_deref(),
        )
    }

    /// The figure's text, run by run, where it is drawn (for a PDF's text layer).
    pub fn runs(&self) -> Vec<pdf::Run> {
        let [w, h] = self.size.map(|v| v as f32 / self.scale);
        pdf::runs(
            &self.shapes,
            Rect::from_min_size(egui::Pos2::ZERO, Vec2::new(w, h)),
        )
    }

    /// Writes the figure's pixels (from [`Scene::rasterize`]) to `path` as PNG.
    pub fn write(&self, path: &Path, rgba: &[u8]) -> Result<(), String> {
        let [w, h] = self.size;
        write_png(path, w, h, rgba)
    }
}

/// True when `path` names an SVG file (the export writes SVG for it, PNG otherwise).
pub fn is_svg(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
}

/// The format a figure's button asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// "↓ PNG".
    Png,
    /// "↓ SVG".
    Svg,
}

/// What a figure's corner button asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Corner {
    /// Export the region in this format.
    Export(Region, Format),
    /// Describe the picture in words.
    Describe,
}

/// Small "↓ PNG" and "↓ SVG" buttons at the top-right corner of each drawn figure, in the
/// figure's own layer (dialogs and menus stay above them); a click asks to export that
/// figure in that format. Each figure keeps that corner clear
/// ([`crate::ui::widgets::corner::beside_corner`]).
pub fn buttons(ui: &mut Ui, drawn: &[Drawn]) -> Option<Corner> {
    let mut asked = None;
    for d in drawn {
        let size = corner_size(ui);
        let corner = Rect::from_min_size(d.room.right_top() + egui::vec2(-size.x, 0.0), size);
        let corner = corner.with_max_x(corner.max.x - scroll_lane(ui));
        // On a page that scrolls, the buttons go with the figure, above or below the view.
        let clip = ui.clip_rect();
        let clip = Rect::from_x_y_ranges(
            clip.x_range(),
            clip.min.y.max(d.shown.min.y)..=clip.max.y.min(d.shown.max.y),
        );
        if !clip.intersects(corner) {
            continue;
        }
        let mut row = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(corner.shrink2(CORNER_GAP * 0.5))
                .id_salt(("figure-export", d.region.name()))
                .layout(egui::Layout::right_to_left(egui::Align::Min)),
        );
        row.set_clip_rect(clip);
        let small = |t: &str| {
            egui::Button::new(egui::RichText::new(t).small())
                .small()
                .frame(true)
        };
        for (caption, format) in [(CAPTIONS[1], Format::Svg), (CAPTIONS[0], Format::Png)] {
            let hover = match format {
                Format::Png => format!(
                    "Export the {} as PNG at 2× (title, axes and legend included)",
                    d.region.name()
                ),
                Format::Svg => format!(
                    "Export the {} as SVG: vector shapes and real text, the PNG's layout",
                    d.region.name()
                ),
            };
            if row.add(small(caption)).on_hover_text(hover).clicked() {
                asked = Some(Corner::Export(d.region, format));
            }
        }
        if d.region == Region::Picture
            && row
                .add(small(CAPTIONS[2]))
                .on_hover_text(
                    "Describe the picture at this step in words: copied to the clipboard and \
                     read out by a screen reader (Edit ▸ Describe the picture, Ctrl+D)",
                )
                .clicked()
        {
            asked = Some(Corner::Describe);
        }
    }
    asked
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::widgets::step_bar::{StepState, step_bar};

    /// The height the step bar takes in `ctx`'s pass (0 when it draws nothing).
    fn bar_height(ui: &mut Ui) -> f32 {
        let top = ui.cursor().top();
        let mut state = StepState::default();
        step_bar(ui, &mut state, 5, &|k| format!("step {k}"));
        ui.cursor().top() - top
    }

    #[test]
    fn an_exported_figure_leaves_out_the_step_bar() {
        let screen = egui::Context::default();
        let mut on_screen = 0.0;
        screen
            .run_ui(egui::RawInput::default(), |ui| {
                egui::CentralPanel::default().show(ui, |ui| on_screen = bar_height(ui));
            })
            .drop_without_applying_deltas();
        assert!(
            on_screen > 10.0,
            "the bar takes {on_screen} points on screen"
        );
        assert!(!crate::ui::frame::exporting(&screen));
        let mut exported = -1.0;
        let scene = render(&screen, Vec2::new(300.0, 200.0), 2.0, |ui| {
            exported = bar_height(ui);
        });
        assert!(scene.is_ok());
        assert_eq!(exported, 0.0, "the exported figure has a step bar");
    }

    #[test]
    fn a_figure_is_exported_at_its_own_size_not_squeezed() {
        let d = |room: [f32; 2], content: [f32; 2]| {
            let at = |size: [f32; 2]| Rect::from_min_size(egui::pos2(10.0, 10.0), size.into());
            Drawn::new(Region::Picture, at(room), at(content))
        };
        // A squeezed picture, its content wider than its room: the export gives it both.
        assert_eq!(
            export_room(&d([400.0, 200.0], [900.0, 150.0])),
            Vec2::new(900.0, EXPORT_MIN.y)
        );
        // A large one keeps its room.
        assert_eq!(
            export_room(&d([1200.0, 800.0], [1200.0, 800.0])),
            Vec2::new(1200.0, 800.0)
        );
    }
}
