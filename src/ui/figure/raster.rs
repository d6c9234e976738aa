//! A small CPU rasterizer for egui's tessellated output, so a figure can be drawn off-screen at
//! any pixel scale (see [`super`]).
//!
//! It does what a GPU backend does with a frame: every triangle of every mesh is filled inside
//! its clip rectangle (rounded to whole pixels), sampled at pixel centres with a strict fill
//! rule on exact fixed-point edge functions, so two triangles sharing an edge never cover a
//! pixel twice and never leave a gap. The vertex colours (premultiplied sRGBA) are
//! interpolated across the triangle, multiplied by the texture sampled at the interpolated uv
//! (bilinear or nearest as the texture's options ask, wrapping as they ask) and composited
//! "over" the pixel (premultiplied alpha, in gamma space, as egui's own renderers blend).
//! Anti-aliasing is egui's feathering, as on screen: nothing is super-sampled.

use std::collections::HashMap;

use egui::epaint::textures::TexturesDelta;
use egui::epaint::{ClippedPrimitive, ImageData, Mesh, Primitive, Vertex};
use egui::{Color32, ColorImage, Pos2, TextureFilter, TextureId, TextureOptions, TextureWrapMode};

/// Sub-pixel precision of the edge functions: positions are snapped to 1/256 pixel.
const SUBPIXEL: f64 = 256.0;

/// One texture as the renderer holds it.
#[derive(Debug, Clone)]
struct Texture {
    size: [usize; 2],
    pixels: Vec<Color32>,
    options: TextureOptions,
}

impl Texture {
    /// The texel at integer coordinates, wrapped as the options ask.
    fn texel(&self, x: i64, y: i64) -> [f32; 4] {
        let [w, h] = self.size;
        let x = wrap(x, w, self.options.wrap_mode);
        let y = wrap(y, h, self.options.wrap_mode);
        rgba(self.pixels[y * w + x])
    }

    /// The texture at normalised coordinates `uv`, filtered with `filter`.
    fn sample(&self, uv: Pos2, filter: TextureFilter) -> [f32; 4] {
        let (w, h) = (self.size[0] as f32, self.size[1] as f32);
        match filter {
            TextureFilter::Nearest => {
                self.texel((uv.x * w).floor() as i64, (uv.y * h).floor() as i64)
            }
            TextureFilter::Linear => {
                let x = uv.x * w - 0.5;
                let y = uv.y * h - 0.5;
                let (x0, y0) = (x.floor(), y.floor());
                let (fx, fy) = (x - x0, y - y0);
                let (x0, y0) = (x0 as i64, y0 as i64);
                let a = self.texel(x0, y0);
                let b = self.texel(x0 + 1, y0);
                let c = self.texel(x0, y0 + 1);
                let d = self.texel(x0 + 1, y0 + 1);
                std::array::from_fn(|k| {
                    let top = a[k] + (b[k] - a[k]) * fx;
                    let bottom = c[k] + (d[k] - c[k]) * fx;
                    top + (bottom - top) * fy
                })
            }
        }
    }
}

/// `i` wrapped into `0..n` (n > 0).
fn wrap(i: i64, n: usize, mode: TextureWrapMode) -> usize {
    let n = n as i64;
    let i = match mode {
        TextureWrapMode::ClampToEdge => i.clamp(0, n - 1),
        TextureWrapMode::Repeat => i.rem_euclid(n),
        TextureWrapMode::MirroredRepeat => {
            let m = i.rem_euclid(2 * n);
            if m < n { m } else { 2 * n - 1 - m }
        }
    };
    i as usize
}

/// A colour's channels in `0..=1` (still premultiplied).
fn rgba(c: Color32) -> [f32; 4] {
    let [r, g, b, a] = c.to_array();
    [r, g, b, a].map(|v| f32::from(v) / 255.0)
}

/// The textures of an off-screen context, kept up to date from its frames' texture deltas
/// (the font atlas, and any image a widget uploads).
#[derive(Debug, Clone, Default)]
pub struct Textures {
    map: HashMap<TextureId, Texture>,
}

impl Textures {
    /// Bytes of the images held.
    pub fn bytes(&self) -> usize {
        self.map.values().map(|t| t.pixels.len() * 4).sum()
    }

    /// Applies a frame's new and changed textures (whole images and patches), in order, and
    /// takes them out of `delta` (egui insists every delta is handled).
    pub fn set(&mut self, delta: &mut TexturesDelta) -> Result<(), String> {
        for (id, deltas) in std::mem::take(&mut delta.set) {
            let id = &id;
            for d in &deltas {
                let ImageData::Color(image) = &d.image;
                let [w, h] = image.size;
                if image.pixels.len() != w * h {
                    return Err(format!("texture {id:?} has a malformed image"));
                }
                match d.pos {
                    None => {
                        if w == 0 || h == 0 {
                            return Err(format!("texture {id:?} is empty"));
                        }
                        self.map.insert(
                            *id,
                            Texture {
                                size: image.size,
                                pixels: image.pixels.clone(),
                                options: d.options,
                            },
                        );
                    }
                    Some([x, y]) => {
                        let t = self
                            .map
                            .get_mut(id)
                            .ok_or_else(|| format!("texture {id:?} is patched before it is set"))?;
                        let [tw, th] = t.size;
                        if x + w > tw || y + h > th {
                            return Err(format!("a patch of texture {id:?} is outside it"));
                        }
                        for row in 0..h {
                            let dst = (y + row) * tw + x;
                            t.pixels[dst..dst + w]
                                .copy_from_slice(&image.pixels[row * w..(row + 1) * w]);
                        }
                        t.options = d.options;
                    }
                }
            }
        }
        Ok(())
    }

    /// Forgets the textures a frame freed (after that frame was painted), and takes them out
    /// of `delta`.
    pub fn free(&mut self, delta: &mut TexturesDelta) {
        for id in std::mem::take(&mut delta.free) {
            self.map.remove(&id);
        }
    }

    /// The size of a texture, if it is known.
    pub fn size(&self, id: TextureId) -> Option<[usize; 2]> {
        self.map.get(&id).map(|t| t.size)
    }
}

/// A premultiplied RGBA canvas of `size` pixels.
#[derive(Debug, Clone)]
pub struct Canvas {
    size: [usize; 2],
    pixels: Vec<Color32>,
}

impl Canvas {
    /// A canvas filled with `background`.
    pub fn new(size: [usize; 2], background: Color32) -> Canvas {
        Canvas {
            size,
            pixels: vec![background; size[0] * size[1]],
        }
    }

    /// Paints tessellated primitives whose positions are in points, at `pixels_per_point`.
    /// A paint callback (custom GPU drawing) cannot be drawn here: an error names it.
    pub fn paint(
        &mut self,
        primitives: &[ClippedPrimitive],
        textures: &Textures,
        pixels_per_point: f32,
    ) -> Result<(), String> {
        for p in primitives {
            match &p.primitive {
                Primitive::Mesh(mesh) => {
                    let clip = self.clip_pixels(p.clip_rect, pixels_per_point);
                    self.mesh(mesh, textures, pixels_per_point, clip)?;
                }
                Primitive::Callback(_) => {
                    return Err("a part of the figure is drawn by a GPU callback".into());
                }
            }
        }
        Ok(())
    }

    /// The clip rect in whole pixels `[x0, y0, x1, y1)`, inside the canvas (as a GPU
    /// backend's scissor rect).
    fn clip_pixels(&self, clip: egui::Rect, ppp: f32) -> [usize; 4] {
        let [w, h] = self.size;
        let px = |v: f32, max: usize| ((v * ppp).round().max(0.0) as usize).min(max);
        let x0 = px(clip.min.x, w);
        let y0 = px(clip.min.y, h);
        let x1 = px(clip.max.x, w).max(x0);
        let y1 = px(clip.max.y, h).max(y0);
        [x0, y0, x1, y1]
    }

    fn mesh(
        &mut self,
        mesh: &Mesh,
        textures: &Textures,
        ppp: f32,
        clip: [usize; 4],
    ) -> Result<(), String> {
        if clip[0] == clip[2] || clip[1] == clip[3] {
            return Ok(());
        }
        let texture = textures
            .map
            .get(&mesh.texture_id)
            .ok_or_else(|| format!("texture {:?} is unknown", mesh.texture_id))?;
        let vertex = |i: u32| {
            mesh.vertices
                .get(i as usize)
                .ok_or_else(|| "a mesh index points past its vertices".to_string())
        };
        for tri in mesh.indices.chunks_exact(3) {
            let [a, b, c] = [vertex(tri[0])?, vertex(tri[1])?, vertex(tri[2])?];
            self.triangle([a, b, c], texture, ppp, clip);
        }
        Ok(())
    }

    /// Fills one triangle (vertices in points) inside `clip` (pixels).
    fn triangle(&mut self, v: [&Vertex; 3], texture: &Texture, ppp: f32, clip: [usize; 4]) {
        // Exact fixed-point corners, in 1/SUBPIXEL pixel.
        let fixed = |p: Pos2| {
            [
                (f64::from(p.x * ppp) * SUBPIXEL).round() as i64,
                (f64::from(p.y * ppp) * SUBPIXEL).round() as i64,
            ]
        };
        let mut v = v;
        let mut q = v.map(|v| fixed(v.pos));
        let mut area = edge(q[0], q[1], q[2]);
        if area == 0 {
            return;
        }
        if area < 0 {
            v.swap(1, 2);
            q.swap(1, 2);
            area = -area;
        }
        // The rows whose pixel centres may be inside, within the clip rect.
        let s = SUBPIXEL as i64;
        let y_lo = q.iter().map(|p| p[1]).min().unwrap_or(0).div_euclid(s);
        let y_hi = q.iter().map(|p| p[1]).max().unwrap_or(0).div_euclid(s) + 1;
        let (x0, x1) = (clip[0] as i64, clip[2] as i64);
        let y0 = y_lo.max(clip[1] as i64);
        let y1 = y_hi.min(clip[3] as i64);
        if y0 >= y1 {
            return;
        }
        let colors = v.map(|v| rgba(v.color));
        let flat_color = v[0].color == v[1].color && v[1].color == v[2].color;
        let flat_uv = v[0].uv == v[1].uv && v[1].uv == v[2].uv;
        let filter = filter_for(v, texture, area as f64 / (SUBPIXEL * SUBPIXEL));
        // A triangle of one colour and one texel (every shape but text and images) paints
        // one premultiplied colour.
        let flat = (flat_color && flat_uv).then(|| {
            let t = texture.sample(v[0].uv, filter);
            std::array::from_fn::<f32, 4, _>(|k| colors[0][k] * t[k])
        });
        let opaque = flat
            .filter(|c| c[3] >= 1.0)
            .map(|c| over(c, Color32::BLACK));
        // Edge k faces vertex k. Pixels exactly on an edge belong to one of the two
        // triangles sharing it: an edge that does not own them needs e ≥ 1 instead of e ≥ 0.
        let edges = [(q[1], q[2]), (q[2], q[0]), (q[0], q[1])];
        let least = edges.map(|(a, b)| i64::from(!owns_edge(a, b)));
        let inv_area = 1.0 / area as f32;
        let w = self.size[0];
        for y in y0..y1 {
            // Along the row, e_k(x) = c_k + d_k·x for the centre of pixel x.
            let py = y * s + s / 2;
            let coef = edges.map(|(a, b)| {
                let c = (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (s / 2 - a[0]);
                (c, -(b[1] - a[1]) * s)
            });
            // The span of x where every e_k ≥ least_k.
            let (mut lo, mut hi) = (x0, x1);
            for ((c, d), t) in coef.into_iter().zip(least) {
                match d.signum() {
                    1 => lo = lo.max(ceil_div(t - c, d)),
                    -1 => hi = hi.min((c - t).div_euclid(-d) + 1),
                    _ if c < t => hi = lo,
                    _ => {}
                }
            }
            if lo >= hi {
                continue;
            }
            let row = y as usize * w;
            let span = &mut self.pixels[row + lo as usize..row + hi as usize];
            match (opaque, flat) {
                (Some(c), _) => span.fill(c),
                (None, Some(src)) => {
                    for p in span {
                        *p = over(src, *p);
                    }
                }
                (None, None) => {
                    for (x, p) in (lo..hi).zip(span) {
                        let weights = coef.map(|(c, d)| (c + d * x) as f32 * inv_area);
                        let color = if flat_color {
                            colors[0]
                        } else {
                            mix(colors, weights)
                        };
                        let uv = Pos2::new(
                            weights[0] * v[0].uv.x
                                + weights[1] * v[1].uv.x
                                + weights[2] * v[2].uv.x,
                            weights[0] * v[0].uv.y
                                + weights[1] * v[1].uv.y
                                + weights[2] * v[2].uv.y,
                        );
                        let texel = texture.sample(uv, filter);
                        let src: [f32; 4] = std::array::from_fn(|k| color[k] * texel[k]);
                        *p = over(src, *p);
                    }
                }
            }
        }
    }

    /// The canvas as an image (premultiplied, as egui keeps colours).
    pub fn into_image(self) -> ColorImage {
        ColorImage::new(self.size, self.pixels)
    }
}

/// The edge function of `p` against the directed edge `a → b` (twice the signed area of the
/// triangle a, b, p; positive on the inside of a triangle whose area is positive).
fn edge(a: [i64; 2], b: [i64; 2], p: [i64; 2]) -> i64 {
    (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
}

/// ⌈n / d⌉ for d > 0.
fn ceil_div(n: i64, d: i64) -> i64 {
    -(-n).div_euclid(d)
}

/// Whether the triangle on the positive side of `a → b` gets the pixels whose centre is
/// exactly on that edge. The neighbour across the edge walks it the other way, so exactly one
/// of the two owns them.
fn owns_edge(a: [i64; 2], b: [i64; 2]) -> bool {
    let d = [b[0] - a[0], b[1] - a[1]];
    d[1] > 0 || (d[1] == 0 && d[0] < 0)
}

/// The barycentric mix of three colours.
fn mix(c: [[f32; 4]; 3], w: [f32; 3]) -> [f32; 4] {
    std::array::from_fn(|k| c[0][k] * w[0] + c[1][k] * w[1] + c[2][k] * w[2])
}

/// Premultiplied "over": `src` on top of `dst`.
fn over(src: [f32; 4], dst: Color32) -> Color32 {
    let d = rgba(dst);
    let keep = 1.0 - src[3].clamp(0.0, 1.0);
    let out: [u8; 4] =
        std::array::from_fn(|k| ((src[k] + d[k] * keep).clamp(0.0, 1.0) * 255.0).round() as u8);
    Color32::from_rgba_premultiplied(out[0], out[1], out[2], out[3])
}

/// Magnification or minification filter of a triangle: minified when it covers more texels
/// than pixels (`area` is its area in pixels).
fn filter_for(v: [&Vertex; 3], texture: &Texture, area: f64) -> TextureFilter {
    let o = texture.options;
    if o.magnification == o.minification {
        return o.magnification;
    }
    let (w, h) = (texture.size[0] as f64, texture.size[1] as f64);
    let t = v.map(|v| [f64::from(v.uv.x) * w, f64::from(v.uv.y) * h]);
    let texels = ((t[1][0] - t[0][0]) * (t[2][1] - t[0][1])
        - (t[1][1] - t[0][1]) * (t[2][0] - t[0][0]))
        .abs();
    if texels > area {
        o.minification
    } else {
        o.magnification
    }
}

/// [`rasterize`]d, as RGBA bytes (not premultiplied), row by row.
pub fn rgba_bytes(
    primitives: &[ClippedPrimitive],
    textures: &Textures,
    size: [usize; 2],
    pixels_per_point: f32,
    background: Color32,
) -> Result<Vec<u8>, String> {
    let image = rasterize(primitives, textures, size, pixels_per_point, background)?;
    Ok(image
        .pixels
        .iter()
        .flat_map(|p| p.to_srgba_unmultiplied())
        .collect())
}

/// Rasterizes `primitives` (positions in points) onto a `size`-pixel canvas filled with
/// `background`, at `pixels_per_point`.
pub fn rasterize(
    primitives: &[ClippedPrimitive],
    textures: &Textures,
    size: [usize; 2],
    pixels_per_point: f32,
    background: Color32,
) -> Result<ColorImage, String> {
    let mut canvas = Canvas::new(size, background);
    canvas.paint(primitives, textures, pixels_per_point)?;
    Ok(canvas.into_image())
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::epaint::ImageDelta;
    use egui::{Rect, pos2};

    /// A delta that sets texture `id` to `image` (`at` a corner of it for a patch).
    fn setting(id: TextureId, image: ColorImage, at: Option<[usize; 2]>) -> TexturesDelta {
        let change = match at {
            None => ImageDelta::full(image, TextureOptions::LINEAR),
            Some(pos) => ImageDelta::partial(pos, image, TextureOptions::NEAREST),
        };
        let mut delta = TexturesDelta::default();
        delta.set.insert(id, [change].into_iter().collect());
        delta
    }

    /// Textures holding a 1 × 1 white image as texture 0 (as egui's WHITE_UV texel).
    fn white() -> Textures {
        let image = ColorImage::new([1, 1], vec![Color32::WHITE]);
        let mut t = Textures::default();
        t.set(&mut setting(TextureId::Managed(0), image, None))
            .unwrap();
        t
    }

    fn mesh(points: &[(f32, f32)], indices: &[u32], color: Color32) -> Mesh {
        let mut m = Mesh::default();
        for &(x, y) in points {
            m.vertices.push(Vertex {
                pos: pos2(x, y),
                uv: Pos2::ZERO,
                color,
            });
        }
        m.indices = indices.to_vec();
        m
    }

    /// `meshes`, unclipped and untextured, on a `background` of `size` pixels at `ppp`.
    fn draw(meshes: Vec<Mesh>, size: [usize; 2], ppp: f32, background: Color32) -> ColorImage {
        let prims: Vec<ClippedPrimitive> =
            meshes.into_iter().map(|m| prim(m, EVERYWHERE)).collect();
        rasterize(&prims, &white(), size, ppp, background).unwrap()
    }

    fn prim(mesh: Mesh, clip: Rect) -> ClippedPrimitive {
        ClippedPrimitive {
            clip_rect: clip,
            primitive: Primitive::Mesh(mesh),
        }
    }

    const EVERYWHERE: Rect = Rect::EVERYTHING;

    /// One triangle (vertices 0, 1, 2) in `color`.
    fn triangle(points: [(f32, f32); 3], color: Color32) -> Mesh {
        mesh(&points, &[0, 1, 2], color)
    }

    /// Asserts that every pixel of `img` (drawn from `what`) is `inside` where
    /// `is_inside(x, y)`, else `outside`.
    fn assert_pixels(
        img: &ColorImage,
        what: &str,
        is_inside: impl Fn(usize, usize) -> bool,
        inside: Color32,
        outside: Color32,
    ) {
        let [w, h] = img.size;
        for y in 0..h {
            for x in 0..w {
                let want = if is_inside(x, y) { inside } else { outside };
                assert_eq!(img.pixels[y * w + x], want, "pixel ({x}, {y}) of {what}");
            }
        }
    }

    #[test]
    fn a_red_triangle_covers_the_pixels_whose_centres_are_inside() {
        // The triangle (0,0), (10,0), (0,10) at 2 pixels per point covers the pixel centres
        // (x + ½, y + ½) with x + y + 1 < 10 (the diagonal itself belongs to one side).
        let t = triangle([(0.0, 0.0), (5.0, 0.0), (0.0, 5.0)], Color32::RED);
        let img = draw(vec![t], [12, 12], 2.0, Color32::WHITE);
        for y in 0..12 {
            for x in 0..12 {
                let p = img.pixels[y * 12 + x];
                if x + y < 9 {
                    assert_eq!(p, Color32::RED, "({x}, {y}) is inside");
                } else if x + y > 9 {
                    assert_eq!(p, Color32::WHITE, "({x}, {y}) is outside");
                }
            }
        }
        // Winding does not matter.
        let t = triangle([(0.0, 0.0), (0.0, 5.0), (5.0, 0.0)], Color32::RED);
        let again = draw(vec![t], [12, 12], 2.0, Color32::WHITE);
        assert_eq!(again.pixels, img.pixels);
    }

    #[test]
    fn translucent_colour_blends_over_the_background_once_across_a_shared_edge() {
        // Half-transparent red (premultiplied) over white: r = 128 + 255·(1 − ½) ≈ 255,
        // g = b = 255 · 127/255 = 127. Two triangles make a square: their shared diagonal
        // passes through pixel centres, and none of them is blended twice.
        let half = Color32::from_rgba_premultiplied(128, 0, 0, 128);
        let square = mesh(
            &[(2.0, 2.0), (8.0, 2.0), (8.0, 8.0), (2.0, 8.0)],
            &[0, 1, 2, 0, 2, 3],
            half,
        );
        let img = draw(vec![square], [10, 10], 1.0, Color32::WHITE);
        let blended = Color32::from_rgba_premultiplied(255, 127, 127, 255);
        let square_at = |x, y| (2..8).contains(&x) && (2..8).contains(&y);
        assert_pixels(&img, "the square", square_at, blended, Color32::WHITE);
        // A second opaque layer hides the first.
        let corner = [(0.0, 0.0), (20.0, 0.0), (0.0, 20.0)];
        let (a, b) = (triangle(corner, half), triangle(corner, Color32::BLUE));
        let img = draw(vec![a, b], [4, 4], 1.0, Color32::WHITE);
        assert_eq!(img.pixels[0], Color32::BLUE);
    }

    /// A deterministic stream of numbers in `0..1` (a linear congruential generator).
    fn numbers(seed: u64) -> impl FnMut() -> f32 {
        let mut x = seed;
        move || {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 40) as f32 / (1u64 << 24) as f32
        }
    }

    #[test]
    fn row_spans_cover_exactly_the_pixels_the_edge_functions_say() {
        let mut next = numbers(7);
        for _ in 0..300 {
            let p: [(f32, f32); 3] =
                std::array::from_fn(|_| (next() * 20.0 - 2.0, next() * 20.0 - 2.0));
            let t = triangle(p, Color32::WHITE);
            let img = draw(vec![t], [16, 16], 1.0, Color32::BLACK);
            // The definition, pixel by pixel: inside all three edges, or on an owned one.
            let q: Vec<[i64; 2]> = p
                .iter()
                .map(|&(x, y)| {
                    [
                        (f64::from(x) * SUBPIXEL).round() as i64,
                        (f64::from(y) * SUBPIXEL).round() as i64,
                    ]
                })
                .collect();
            let (a, mut b, mut c) = (q[0], q[1], q[2]);
            if edge(a, b, c) < 0 {
                std::mem::swap(&mut b, &mut c);
            }
            let s = SUBPIXEL as i64;
            let covered = |x: usize, y: usize| {
                let pc = [x as i64 * s + s / 2, y as i64 * s + s / 2];
                edge(a, b, c) != 0
                    && [(b, c), (c, a), (a, b)].iter().all(|&(e0, e1)| {
                        let e = edge(e0, e1, pc);
                        e > 0 || (e == 0 && owns_edge(e0, e1))
                    })
            };
            let what = format!("{p:?}");
            assert_pixels(&img, &what, covered, Color32::WHITE, Color32::BLACK);
        }
    }

    #[test]
    fn a_jittered_mesh_covers_each_pixel_at_most_once() {
        // A 5 × 5 grid of points jittered by half pixels (so edges run through pixel centres),
        // two triangles per cell, in translucent grey over
        // black: every pixel is either untouched or blended exactly once.
        let mut next = numbers(11);
        let mut points = Vec::new();
        for j in 0..5 {
            for i in 0..5 {
                let mut jitter = |k: usize| {
                    if k == 0 || k == 4 {
                        0.0
                    } else {
                        ((next() * 5.0).floor() - 2.0) * 0.5
                    }
                };
                points.push((i as f32 * 4.0 + jitter(i), j as f32 * 4.0 + jitter(j)));
            }
        }
        let mut indices = Vec::new();
        for j in 0..4u32 {
            for i in 0..4u32 {
                let k = j * 5 + i;
                indices.extend([k, k + 1, k + 6, k, k + 6, k + 5]);
            }
        }
        let grey = Color32::from_rgba_premultiplied(100, 100, 100, 128);
        let m = mesh(&points, &indices, grey);
        let img = draw(vec![m], [16, 16], 1.0, Color32::BLACK);
        let once = over(rgba(grey), Color32::BLACK);
        assert!(
            img.pixels.iter().all(|p| *p == once),
            "the 16 × 16 square is covered once"
        );
    }

    #[test]
    fn clip_rects_cut_triangles_at_whole_pixels() {
        let big = triangle([(0.0, 0.0), (100.0, 0.0), (0.0, 100.0)], Color32::BLACK);
        // Clip (1, 1.5)–(2.5, 3.5) points at 2 ppp: pixels x in 2..5, y in 3..7.
        let clip = Rect::from_min_max(pos2(1.0, 1.5), pos2(2.5, 3.5));
        let img = rasterize(&[prim(big, clip)], &white(), [8, 8], 2.0, Color32::WHITE).unwrap();
        let clipped = |x, y| (2..5).contains(&x) && (3..7).contains(&y);
        assert_pixels(
            &img,
            "the clipped triangle",
            clipped,
            Color32::BLACK,
            Color32::WHITE,
        );
    }

    #[test]
    fn textures_are_sampled_bilinearly_and_patched() {
        // A 2 × 1 texture, black | white, stretched over 4 pixels: nearest gives 2 + 2,
        // linear ramps between the texel centres.
        let image = ColorImage::new([2, 1], vec![Color32::BLACK, Color32::WHITE]);
        let id = TextureId::User(7);
        let mut textures = white();
        textures.set(&mut setting(id, image, None)).unwrap();
        let quad = |id| {
            let mut m = Mesh::with_texture(id);
            let c = Color32::WHITE;
            m.add_rect_with_uv(
                Rect::from_min_max(pos2(0.0, 0.0), pos2(4.0, 1.0)),
                Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
                c,
            );
            m
        };
        let draw_quad = |id, textures: &Textures| {
            rasterize(
                &[prim(quad(id), EVERYWHERE)],
                textures,
                [4, 1],
                1.0,
                Color32::RED,
            )
        };
        let img = draw_quad(id, &textures).unwrap();
        let r: Vec<u8> = img.pixels.iter().map(|p| p.r()).collect();
        // Pixel centres 0.5, 1.5, 2.5, 3.5 → texel coordinates −0.25, 0.25, 0.75, 1.25.
        assert_eq!(r, vec![0, 64, 191, 255]);
        // A patch replaces the white texel with black.
        let black = || ColorImage::new([1, 1], vec![Color32::BLACK]);
        textures
            .set(&mut setting(id, black(), Some([1, 0])))
            .unwrap();
        let img = draw_quad(id, &textures).unwrap();
        assert!(img.pixels.iter().all(|p| *p == Color32::BLACK));
        // A patch outside the texture, or a texture never set, is an error, not a panic.
        assert!(
            textures
                .set(&mut setting(id, black(), Some([2, 0])))
                .is_err()
        );
        let unknown = draw_quad(TextureId::User(99), &textures);
        assert!(unknown.unwrap_err().contains("unknown"));
        // Freed textures are forgotten.
        let mut free = TexturesDelta::default();
        free.free.insert(id);
        textures.free(&mut free);
        assert_eq!(textures.size(id), None);
    }
}
