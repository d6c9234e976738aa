//! The hand-out's PDF: one page per step, each the page's picture (the PNG, losslessly) with
//! its text laid over it as real, invisible text (rendering mode 3), so that a reader can
//! search, select and copy it where it is drawn.
//!
//! The text comes from the shapes the page was drawn with ([`super::Scene`]): each row of
//! each galley, in runs of one font size, at egui's own baseline and start, stretched
//! (`Tz`) to egui's own width so a selection covers the drawn words. It is set in DejaVu
//! Sans (the app's fallback font: Greek, arrows, maths and subscripts — δ, τ, ≤, →, P₁₂),
//! embedded as a subset (only the glyphs used, with the `subsetter` crate) as a Type0 font
//! (CIDFontType2, Identity-H) with a ToUnicode CMap, so every character extracts as itself.

use std::collections::BTreeMap;

use egui::epaint::{ClippedShape, Shape, TextShape};
use egui::{Pos2, Rect, Vec2};
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, TextRenderingMode, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect as PdfRect, Ref, Str};
use skrifa::MetadataProvider;
use skrifa::instance::{LocationRef, Size};

/// One run of text on a page: a row of a galley in one font size.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// The start of its baseline, in points from the page's top-left corner.
    pub origin: Pos2,
    /// The direction of the baseline (angle in radians, clockwise as on screen).
    pub angle: f32,
    /// Font size in points.
    pub size: f32,
    /// Its width as egui laid it out, in points.
    pub width: f32,
    /// The characters.
    pub text: String,
}

/// A page: its picture (RGBA, not premultiplied), size in pixels, pixels per point and text.
pub struct Page {
    pub rgba: Vec<u8>,
    pub size: [usize; 2],
    pub scale: f32,
    pub runs: Vec<Run>,
}

/// The runs of text of `shapes` that are drawn inside their clip and the `page` rect.
pub fn runs(shapes: &[ClippedShape], page: Rect) -> Vec<Run> {
    let mut out = Vec::new();
    for c in shapes {
        let clip = c.clip_rect.intersect(page);
        let mut todo = vec![&c.shape];
        while let Some(s) = todo.pop() {
            match s {
                Shape::Vec(v) => todo.extend(v.iter().rev()),
                Shape::Text(t) => text_runs(t, clip, &mut out),
                _ => {}
            }
        }
    }
    out
}

fn text_runs(t: &TextShape, clip: Rect, out: &mut Vec<Run>) {
    let g = &t.galley;
    let (Some(first), Some(section)) = (
        g.rows.first().and_then(|r| r.row.glyphs.first()),
        g.job.sections.first(),
    ) else {
        return;
    };
    if t.opacity_factor <= 0.0 {
        return;
    }
    // Points of font size per point of row height (the first section's font).
    let per_height = section.format.font_id.size / first.font_height.max(1e-3);
    let rot = egui::emath::Rot2::from_angle(t.angle);
    for placed in &g.rows {
        let glyphs = &placed.row.glyphs;
        let mut i = 0;
        while i < glyphs.len() {
            let height = glyphs[i].font_height;
            let mut j = i + 1;
            while j < glyphs.len() && glyphs[j].font_height == height {
                j += 1;
            }
            let run = &glyphs[i..j];
            i = j;
            let text: String = run.iter().map(|g| g.chr).collect();
            if text.trim().is_empty() {
                continue;
            }
            let (a, z) = (&run[0], &run[run.len() - 1]);
            let offset = placed.pos.to_vec2() + a.pos.to_vec2();
            let origin = t.pos + rot * offset;
            // Text scrolled or clipped out of sight is not on the page.
            let middle = t.pos + rot * (offset + Vec2::new((z.pos.x - a.pos.x) / 2.0, -2.0));
            if !clip.contains(middle) {
                continue;
            }
            out.push(Run {
                origin,
                angle: t.angle,
                size: height * per_height,
                width: z.pos.x + z.advance_width - a.pos.x,
                text,
            });
        }
    }
}

/// The embedded font: DejaVu Sans, the glyphs used renumbered from 1 (0 is .notdef).
struct Font<'a> {
    face: skrifa::FontRef<'a>,
    data: &'a [u8],
    upem: f32,
    remap: subsetter::GlyphRemapper,
    /// Each new glyph id's character and advance (font units).
    used: BTreeMap<u16, (char, f32)>,
}

impl<'a> Font<'a> {
    fn new(data: &'a [u8]) -> Result<Font<'a>, String> {
        let face = skrifa::FontRef::new(data).map_err(|e| format!("the PDF font: {e}"))?;
        let upem = f32::from(
            face.metrics(Size::unscaled(), LocationRef::default())
                .units_per_em
                .max(1),
        );
        Ok(Font {
            face,
            data,
            upem,
            remap: subsetter::GlyphRemapper::new(),
            used: BTreeMap::new(),
        })
    }

    /// The text as the font's (new) glyph ids, big-endian, and its width at size 1 in
    /// points; characters the font lacks are left out.
    fn encode(&mut self, text: &str) -> (Vec<u8>, f32) {
        let metrics = self
            .face
            .glyph_metrics(Size::unscaled(), LocationRef::default());
        let charmap = self.face.charmap();
        let mut bytes = Vec::with_capacity(2 * text.len());
        let mut width = 0.0;
        for c in text.chars() {
            let Some(gid) = charmap.map(c) else { continue };
            let Ok(old) = u16::try_from(gid.to_u32()) else {
                continue;
            };
            if old == 0 {
                continue;
            }
            let advance = metrics.advance_width(gid).unwrap_or(0.0);
            let new = self.remap.remap(old);
            self.used.entry(new).or_insert((c, advance));
            bytes.extend(new.to_be_bytes());
            width += advance / self.upem;
        }
        (bytes, width)
    }
}

/// Object numbers of the font.
struct FontRefs {
    type0: Ref,
    cid: Ref,
    descriptor: Ref,
    file: Ref,
    cmap: Ref,
}

const FONT: Name = Name(b"F0");
const FONT_NAME: Name = Name(b"LLHAND+DejaVuSans");

/// The PDF of `pages`: each page the image's size at its scale (points), the image and its
/// text over it.
pub fn document(pages: &[Page]) -> Result<Vec<u8>, String> {
    let mut font = Font::new(crate::ui::DEJAVU_SANS)?;
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let refs = FontRefs {
        type0: Ref::new(3),
        cid: Ref::new(4),
        descriptor: Ref::new(5),
        file: Ref::new(6),
        cmap: Ref::new(7),
    };
    let ids: Vec<[Ref; 3]> = (0..pages.len() as i32)
        .map(|k| [8 + 3 * k, 9 + 3 * k, 10 + 3 * k].map(Ref::new))
        .collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(ids.iter().map(|[p, _, _]| *p))
        .count(pages.len() as i32);
    for (page, [id, image, content]) in pages.iter().zip(&ids) {
        let [w, h] = page.size;
        let (pw, ph) = (w as f32 / page.scale, h as f32 / page.scale);
        let mut p = pdf.page(*id);
        p.media_box(PdfRect::new(0.0, 0.0, pw, ph));
        p.parent(tree);
        p.contents(*content);
        let mut res = p.resources();
        res.x_objects().pair(Name(b"Im"), *image);
        res.fonts().pair(FONT, refs.type0);
        res.finish();
        p.finish();
        let rgb: Vec<u8> = page
            .rgba
            .chunks_exact(4)
            .flat_map(|c| [c[0], c[1], c[2]])
            .collect();
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&rgb, 6);
        let mut x = pdf.image_xobject(*image, &packed);
        x.filter(Filter::FlateDecode);
        x.width(w as i32);
        x.height(h as i32);
        x.color_space().device_rgb();
        x.bits_per_component(8);
        x.finish();
        let mut c = Content::new();
        c.save_state();
        c.transform([pw, 0.0, 0.0, ph, 0.0, 0.0]);
        c.x_object(Name(b"Im"));
        c.restore_state();
        text_layer(&mut c, &page.runs, ph, &mut font);
        pdf.stream(*content, &c.finish());
    }
    write_font(&mut pdf, &refs, &font)?;
    Ok(pdf.finish())
}

/// The runs as invisible text, each at its baseline, as wide as egui drew it.
fn text_layer(c: &mut Content, runs: &[Run], page_height: f32, font: &mut Font<'_>) {
    if runs.is_empty() {
        return;
    }
    c.begin_text();
    c.set_text_rendering_mode(TextRenderingMode::Invisible);
    for r in runs {
        let (bytes, natural) = font.encode(&r.text);
        if bytes.is_empty() || r.size <= 0.0 {
            continue;
        }
        let natural = natural * r.size;
        let stretch = if natural > 0.0 {
            (100.0 * r.width / natural).clamp(10.0, 1000.0)
        } else {
            100.0
        };
        let (sin, cos) = r.angle.sin_cos();
        c.set_font(FONT, r.size);
        c.set_horizontal_scaling(stretch);
        c.set_text_matrix([cos, -sin, sin, cos, r.origin.x, page_height - r.origin.y]);
        c.show(Str(&bytes));
    }
    c.end_text();
}

/// The font's objects: Type0 over a CIDFontType2 subset, Identity-H, ToUnicode.
fn write_font(pdf: &mut Pdf, refs: &FontRefs, font: &Font<'_>) -> Result<(), String> {
    let subset = subsetter::subset(font.data, 0, &font.remap)
        .map_err(|e| format!("the PDF font's subset: {e}"))?;
    let scale = 1000.0 / font.upem;
    let info = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    pdf.type0_font(refs.type0)
        .base_font(FONT_NAME)
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(refs.cid)
        .to_unicode(refs.cmap);
    let mut cid = pdf.cid_font(refs.cid);
    cid.subtype(CidFontType::Type2)
        .base_font(FONT_NAME)
        .system_info(info)
        .font_descriptor(refs.descriptor)
        .default_width(0.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    let mut widths = cid.widths();
    for (gid, (_, advance)) in &font.used {
        widths.consecutive(*gid, [advance * scale]);
    }
    widths.finish();
    cid.finish();
    let m = font.face.metrics(Size::unscaled(), LocationRef::default());
    let bbox = m
        .bounds
        .map_or(PdfRect::new(0.0, -250.0, 1000.0, 1000.0), |b| {
            PdfRect::new(
                b.x_min * scale,
                b.y_min * scale,
                b.x_max * scale,
                b.y_max * scale,
            )
        });
    pdf.font_descriptor(refs.descriptor)
        .name(FONT_NAME)
        .flags(FontFlags::NON_SYMBOLIC)
        .bbox(bbox)
        .italic_angle(0.0)
        .ascent(m.ascent * scale)
        .descent(m.descent * scale)
        .cap_height(m.cap_height.unwrap_or(m.ascent) * scale)
        .stem_v(80.0)
        .font_file2(refs.file);
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(&subset, 6);
    let mut file = pdf.stream(refs.file, &packed);
    file.filter(Filter::FlateDecode);
    file.pair(Name(b"Length1"), subset.len() as i32);
    file.finish();
    let mut cmap = UnicodeCmap::new(Name(b"Custom"), info);
    for (gid, (c, _)) in &font.used {
        cmap.pair(*gid, *c);
    }
    pdf.cmap(refs.cmap, &cmap.finish());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_keeps_every_character_the_font_has_and_its_width() {
        let mut f = Font::new(crate::ui::DEJAVU_SANS).unwrap();
        let (bytes, width) = f.encode("δ ≤ τ → P₁₂");
        // Eleven characters, each a glyph of DejaVu Sans.
        assert_eq!(bytes.len(), 2 * 11);
        assert!(width > 3.0 && width < 11.0, "{width}");
        let chars: String = f.used.values().map(|(c, _)| *c).collect();
        for c in ['δ', '≤', 'τ', '→', '₁', '₂', 'P', ' '] {
            assert!(chars.contains(c), "{c} missing from {chars}");
        }
        // The same character is the same glyph.
        let (again, _) = f.encode("δδ");
        assert_eq!(again[..2], again[2..]);
        assert_eq!(again[..2], bytes[..2]);
    }
}
