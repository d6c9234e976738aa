//! Figure export: a picture, the plots or the map as a PNG for slides.
//!
//! The app records where each figure was drawn (its whole region: title, axes, legend); File ▸
//! Export figure… (the figure under the pointer, else the picture) or a figure's "↓ PNG"
//! button asks for a path through the non-blocking dialog, then requests a screenshot of the
//! next frame (drawn without the buttons) and crops it to that rect. The crop is at the
//! display's pixel scale (`pixels_per_point`): 2× pixels on a 2× (HiDPI) display, 1× on a
//! 1× one — a higher scale would need the frame laid out again at another size.

use std::path::{Path, PathBuf};

use egui::{ColorImage, Rect};

use super::files::write_png;
use super::workspace::{Drawn, Region};

/// A short name of a figure, for messages and file names.
pub fn name(region: Region) -> &'static str {
    match region {
        Region::Picture => "picture",
        Region::Plots => "plots",
        Region::Map => "map",
    }
}

/// The pixels of `image` (a screenshot at `pixels_per_point`) inside `rect` (points): the
/// rect's corners are rounded outwards to whole pixels and clamped to the image. None when
/// nothing of the rect is inside the image.
pub fn crop(image: &ColorImage, rect: Rect, pixels_per_point: f32) -> Option<ColorImage> {
    let [w, h] = image.size;
    let px = |v: f32, max: usize| (v.max(0.0) as usize).min(max);
    let x0 = px((rect.min.x * pixels_per_point).floor(), w);
    let y0 = px((rect.min.y * pixels_per_point).floor(), h);
    let x1 = px((rect.max.x * pixels_per_point).ceil(), w);
    let y1 = px((rect.max.y * pixels_per_point).ceil(), h);
    if !(rect.is_finite() && x1 > x0 && y1 > y0) {
        return None;
    }
    let pixels = (y0..y1)
        .flat_map(|y| image.pixels[y * w + x0..y * w + x1].iter().copied())
        .collect();
    Some(ColorImage::new([x1 - x0, y1 - y0], pixels))
}

/// Crops `image` to `rect` and writes it to `path` as PNG; the written size in pixels.
pub fn save(
    path: &Path,
    image: &ColorImage,
    rect: Rect,
    pixels_per_point: f32,
) -> Result<[usize; 2], String> {
    let fig = crop(image, rect, pixels_per_point)
        .ok_or_else(|| "the figure is not inside the window".to_string())?;
    let [w, h] = fig.size;
    write_png(path, w, h, fig.as_raw())?;
    Ok(fig.size)
}

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
            .and_then(|p| drawn.iter().find(|d| d.room.contains(p)).copied())
            .or_else(|| by(Region::Picture))
            .or_else(|| drawn.first().copied()),
    }
}

/// A figure export under way: where it goes and which rect of the screen it is.
#[derive(Debug, Clone, PartialEq)]
pub struct FigureShot {
    /// The figure.
    pub region: Region,
    /// Its rect on screen (points), title and legend included.
    pub rect: Rect,
    /// Where the PNG goes.
    pub path: PathBuf,
}

/// Small "↓ PNG" buttons at the top-right corner of each drawn figure; a click asks to export
/// that figure.
pub fn buttons(ctx: &egui::Context, drawn: &[Drawn]) -> Option<Region> {
    let mut asked = None;
    for d in drawn {
        let pos = d.room.right_top() + egui::vec2(-4.0, 2.0);
        egui::Area::new(egui::Id::unique(("figure-export", name(d.region))))
            .fixed_pos(pos)
            .pivot(egui::Align2::RIGHT_TOP)
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                let b = egui::Button::new(egui::RichText::new("↓ PNG").small())
                    .small()
                    .frame(true);
                if ui
                    .add(b)
                    .on_hover_text(format!(
                        "Export the {} as PNG (title, axes and legend included)",
                        name(d.region)
                    ))
                    .clicked()
                {
                    asked = Some(d.region);
                }
            });
    }
    asked
}
