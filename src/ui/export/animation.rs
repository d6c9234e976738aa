//! A run as an animated GIF: the picture at every step, one frame per step, looping.
//!
//! Every frame is drawn off-screen by [`super::headless::OffscreenTab`] and rasterized (in parallel:
//! drawing needs the one egui context, rasterizing does not). The frames share one global
//! palette that keeps the app's colours exactly: the 256 colours covering most pixels over
//! all frames — the background, the palette's fills, the text colour — and every other colour
//! (anti-aliased edges, glyph fringes) goes to its nearest palette entry. Frames smaller than
//! the largest (a caption one line shorter) are padded with the background. The last frame
//! stays three times as long, so the loop's end shows.

use std::collections::HashMap;
use std::path::Path;

use rayon::prelude::*;

use super::headless::{BATCH, Figure, OffscreenTab};

/// Most colours a GIF palette holds.
const COLOURS: usize = 256;

/// One rasterized frame: RGBA pixels, its size, the background it is padded with.
struct Frame {
    rgba: Vec<u8>,
    size: [usize; 2],
    background: [u8; 3],
}

/// Draws every step of `tab`'s picture at `scale` and writes the GIF to `path` at `fps`
/// frames a second; `progress(k, n)` is called as frame k of n is drawn and stops the work
/// when it returns false. Only the frames' pixels are kept: the scenes are drawn and
/// rasterized [`BATCH`] at a time. The number of frames.
pub fn write(
    tab: &mut OffscreenTab,
    scale: f32,
    fps: f64,
    path: &Path,
    mut progress: impl FnMut(usize, usize) -> bool,
) -> Result<usize, String> {
    let n = tab.steps();
    let mut frames: Vec<Frame> = Vec::with_capacity(n);
    let mut scenes = Vec::with_capacity(BATCH);
    for k in 0..n {
        tab.seek(k)?;
        scenes.push(tab.scene(&Figure::Picture, scale)?);
        if !progress(k, n) {
            return Err("cancelled".into());
        }
        if scenes.len() == BATCH || k + 1 == n {
            let batch: Vec<Frame> = scenes
                .par_iter()
                .map(|s| {
                    let rgba = s.rasterize()?;
                    let [r, g, b, _] = s.background.to_srgba_unmultiplied();
                    Ok(Frame {
                        rgba,
                        size: s.size,
                        background: [r, g, b],
                    })
                })
                .collect::<Result<_, String>>()?;
            scenes.clear();
            frames.extend(batch);
        }
    }
    let bytes = encode(&frames, fps)?;
    drop(frames);
    crate::platform::files::write(path, &bytes).map_err(|e| e.to_string())?;
    Ok(n)
}

/// File ▸ Export animation…: `preset`'s run with the picture tab `picture`, at 1 pixel per
/// point and 2 frames a second, held to the render budget, written to `path`.
pub fn export(
    preset: &crate::preset::Preset,
    picture: Option<&str>,
    path: &Path,
    progress: impl FnMut(usize, usize) -> bool,
) -> Result<usize, String> {
    let mut tab = OffscreenTab::new(preset, picture, None)?;
    let measured = tab.measure(&Figure::Picture, 1.0)?;
    super::headless::check_animation(tab.steps(), measured)?;
    write(&mut tab, 1.0, 2.0, path, progress)
}

/// The GIF file of `frames`, at `fps` frames a second.
fn encode(frames: &[Frame], fps: f64) -> Result<Vec<u8>, String> {
    let w = frames.iter().map(|f| f.size[0]).max().unwrap_or(1);
    let h = frames.iter().map(|f| f.size[1]).max().unwrap_or(1);
    let side = |v: usize| {
        u16::try_from(v).map_err(|_| format!("{w}×{h} px is larger than a GIF (65535 a side)"))
    };
    let (gw, gh) = (side(w)?, side(h)?);
    let palette = palette(frames);
    let flat: Vec<u8> = palette.iter().flatten().copied().collect();
    let mut out = Vec::new();
    {
        let e = |e: gif::EncodingError| format!("GIF: {e}");
        let mut enc = gif::Encoder::new(&mut out, gw, gh, &flat).map_err(e)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(e)?;
        let delay = (100.0 / fps).round().clamp(2.0, 6000.0) as u16;
        let mut nearest = Nearest::new(&palette);
        for (i, f) in frames.iter().enumerate() {
            let indices = nearest.frame(f, [w, h]);
            let last = i + 1 == frames.len() && frames.len() > 1;
            let frame = gif::Frame {
                width: gw,
                height: gh,
                buffer: std::borrow::Cow::Owned(indices),
                delay: if last { delay.saturating_mul(3) } else { delay },
                ..Default::default()
            };
            enc.write_frame(&frame).map_err(e)?;
        }
    }
    Ok(out)
}

/// The colours covering most pixels over all frames (at most [`COLOURS`]), the backgrounds
/// first.
fn palette(frames: &[Frame]) -> Vec<[u8; 3]> {
    let mut counts: HashMap<[u8; 3], u64> = HashMap::new();
    for f in frames {
        // Runs of one colour (most of a figure) are counted once per run.
        let mut run: Option<([u8; 3], u64)> = None;
        for p in f.rgba.chunks_exact(4) {
            let c = [p[0], p[1], p[2]];
            match &mut run {
                Some((rc, k)) if *rc == c => *k += 1,
                _ => {
                    if let Some((rc, k)) = run.take() {
                        *counts.entry(rc).or_default() += k;
                    }
                    run = Some((c, 1));
                }
            }
        }
        if let Some((rc, k)) = run {
            *counts.entry(rc).or_default() += k;
        }
    }
    let mut colours: Vec<[u8; 3]> = Vec::new();
    for f in frames {
        if !colours.contains(&f.background) {
            colours.push(f.background);
        }
    }
    let mut by_count: Vec<([u8; 3], u64)> = counts
        .into_iter()
        .filter(|(c, _)| !colours.contains(c))
        .collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let room = COLOURS.saturating_sub(colours.len());
    colours.extend(by_count.into_iter().take(room).map(|(c, _)| c));
    // A GIF palette has a power-of-two size; the rest repeats the first colour.
    let size = colours.len().next_power_of_two().max(2);
    let first = colours.first().copied().unwrap_or([255, 255, 255]);
    colours.resize(size, first);
    colours
}

/// Each colour's nearest palette entry, remembered.
struct Nearest<'a> {
    palette: &'a [[u8; 3]],
    known: HashMap<[u8; 3], u8>,
}

impl<'a> Nearest<'a> {
    fn new(palette: &'a [[u8; 3]]) -> Self {
        let mut known = HashMap::new();
        // The first entry of a repeated colour wins.
        for (i, c) in palette.iter().enumerate().rev() {
            known.insert(*c, i as u8);
        }
        Nearest { palette, known }
    }

    fn index(&mut self, c: [u8; 3]) -> u8 {
        if let Some(i) = self.known.get(&c) {
            return *i;
        }
        let d = |p: &[u8; 3]| {
            (0..3)
                .map(|k| (i32::from(p[k]) - i32::from(c[k])).pow(2))
                .sum::<i32>()
        };
        let (i, _) = self
            .palette
            .iter()
            .enumerate()
            .min_by_key(|(_, p)| d(p))
            .unwrap_or((0, &[0, 0, 0]));
        let i = i as u8;
        self.known.insert(c, i);
        i
    }

    /// Frame `f` as palette indices on a `size` screen (padded with its background).
    fn frame(&mut self, f: &Frame, size: [usize; 2]) -> Vec<u8> {
        let [w, h] = size;
        let bg = self.index(f.background);
        let mut out = vec![bg; w * h];
        let fw = f.size[0];
        let mut last: Option<([u8; 3], u8)> = None;
        for (y, row) in f.rgba.chunks_exact(fw * 4).enumerate().take(h) {
            for (x, p) in row.chunks_exact(4).enumerate().take(w) {
                let c = [p[0], p[1], p[2]];
                let i = match last {
                    Some((lc, li)) if lc == c => li,
                    _ => {
                        let i = self.index(c);
                        last = Some((c, i));
                        i
                    }
                };
                out[y * w + x] = i;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(colours: &[[u8; 3]], size: [usize; 2]) -> Frame {
        let rgba = (0..size[0] * size[1])
            .flat_map(|i| {
                let c = colours[i % colours.len()];
                [c[0], c[1], c[2], 255]
            })
            .collect();
        Frame {
            rgba,
            size,
            background: [255, 255, 255],
        }
    }

    #[test]
    fn the_palette_keeps_the_frequent_colours_exactly() {
        // 300 distinct colours, one of them (the "app colour") covering half the pixels.
        let mut colours: Vec<[u8; 3]> = (0..300u32)
            .map(|i| [(i % 256) as u8, (i / 256) as u8 * 100, 7])
            .collect();
        let app = [31, 119, 180];
        for i in 0..300 {
            colours.insert(2 * i, app);
        }
        let f = frame(&colours, [60, 20]);
        let p = palette(std::slice::from_ref(&f));
        assert_eq!(p.len(), 256);
        assert!(p.contains(&app));
        assert!(p.contains(&[255, 255, 255]), "the background is kept");
        // Every pixel maps to a palette entry; the app colour to itself.
        let mut n = Nearest::new(&p);
        let idx = n.frame(&f, [60, 22]);
        assert_eq!(p[idx[0] as usize], app);
        // The padding rows are the background.
        assert!(
            idx[60 * 20..]
                .iter()
                .all(|&i| p[i as usize] == [255, 255, 255])
        );
    }

    #[test]
    fn a_gif_has_one_frame_per_step_and_loops() {
        let frames = vec![frame(&[[255, 0, 0]], [8, 4]), frame(&[[0, 0, 255]], [8, 5])];
        let bytes = encode(&frames, 2.0).unwrap();
        assert_eq!(&bytes[..6], b"GIF89a");
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::RGBA);
        let mut d = opts.read_info(bytes.as_slice()).unwrap();
        assert_eq!((d.width(), d.height()), (8, 5));
        let mut n = 0;
        let mut delays = Vec::new();
        while let Some(f) = d.read_next_frame().unwrap() {
            n += 1;
            delays.push(f.delay);
            // Frame 1 is red, frame 2 blue; frame 1's padding row white.
            let first = &f.buffer[..4];
            assert_eq!(
                first,
                if n == 1 {
                    [255, 0, 0, 255]
                } else {
                    [0, 0, 255, 255]
                }
            );
        }
        assert_eq!(n, 2);
        assert_eq!(delays, vec![50, 150]);
        // The NETSCAPE loop extension.
        assert!(bytes.windows(11).any(|w| w == b"NETSCAPE2.0"));
    }
}
