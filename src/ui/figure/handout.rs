//! A lesson's hand-out (`loadlab render --lesson NAME --window WxH [--presenter] --out DIR`):
//! one page per step, drawn headless by the app's own code.
//!
//! * `step-01.png` …: each step as a page — the lesson's title, the step's title and text,
//!   its question without the answer, and the step's picture (its scenario, picture tab, plot
//!   and step position) laid out in the room a window of that size gives the picture (the
//!   window divided by the presenter zoom with `--presenter`), at 2 pixels per point;
//! * `handout.pdf`: those pages, one PDF page each (the PNG embedded, pdf-writer);
//! * `index.html`: one self-contained page that works offline on any device — each step's
//!   text and its figure as inline SVG, each question with a Reveal button hiding its answer
//!   and explanation until clicked (no file besides it, no network). Opened with
//!   `#selftest` it checks itself (answers hidden, then shown once every Reveal is clicked)
//!   and writes the outcome into the page: how the Chromium test drives it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use egui::{RichText, Vec2};

use super::headless::{Figure, Stage};
use super::svg::escape;
use crate::lesson::{Answer, Lesson, LessonStep};
use crate::preset::Preset;

/// What a hand-out is drawn for.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    /// The window's size in pixels.
    pub size: [u32; 2],
    /// Presenter mode: type 1.5 × larger, so the picture gets the window / 1.5 in points.
    pub presenter: bool,
}

impl Window {
    /// The room a step's page is laid out in, in points.
    fn room(self) -> Vec2 {
        let zoom = if self.presenter { 1.5 } else { 1.0 };
        Vec2::new(self.size[0] as f32, self.size[1] as f32) / zoom
    }
}

/// Pixels per point of the pages.
const SCALE: f32 = 2.0;

/// Writes the hand-out of `lesson` into `dir` (created if needed); the files written.
pub fn write(
    lesson: &Lesson,
    window: Window,
    dir: &Path,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let answers = lesson
        .answers(&crate::model::NoProgress)
        .map_err(|_| "cancelled".to_string())?;
    let n = lesson.steps.len();
    let mut pages = Vec::with_capacity(n);
    let mut figures = Vec::with_capacity(n);
    let mut written = Vec::new();
    for (i, step) in lesson.steps.iter().enumerate() {
        let (png, size, svg) = page(lesson, i, step, window)?;
        let path = dir.join(format!("step-{:02}.png", i + 1));
        super::write_png(&path, size[0], size[1], &png)?;
        written.push(path);
        pages.push((png, size));
        figures.push(svg);
        progress(i, n);
    }
    let pdf = dir.join("handout.pdf");
    std::fs::write(&pdf, pdf_of(&pages)).map_err(|e| format!("{}: {e}", pdf.display()))?;
    written.push(pdf);
    let html = dir.join("index.html");
    let text = html_of(lesson, &figures, &answers, &font_face());
    std::fs::write(&html, text).map_err(|e| format!("{}: {e}", html.display()))?;
    written.push(html);
    Ok(written)
}

/// Step `i` as a page (RGBA pixels and size) and its figure alone as SVG.
fn page(
    lesson: &Lesson,
    i: usize,
    step: &LessonStep,
    window: Window,
) -> Result<(Vec<u8>, [usize; 2], String), String> {
    let scenario = step
        .scenario
        .resolve()
        .map_err(|e| format!("step {}: {e}", i + 1))?;
    let preset = Preset::new(step.title.clone(), "", scenario);
    let view = step.view.clone().unwrap_or_default();
    let mut stage = Stage::new(&preset, view.picture.as_deref(), view.plot.as_deref())
        .map_err(|e| format!("step {}: {e}", i + 1))?;
    stage.seek(step.step.min(stage.steps() - 1))?;
    let heading = format!(
        "{} — step {} of {}: {}",
        lesson.title,
        i + 1,
        lesson.steps.len(),
        step.title
    );
    let scene = stage.scene_with(&Figure::Picture, SCALE, window.room(), |ui| {
        ui.label(RichText::new(&heading).strong().size(18.0));
        ui.add_space(4.0);
        ui.label(&step.text);
        if let Some(q) = &step.question {
            ui.add_space(4.0);
            ui.label(RichText::new(format!("Question: {}", q.prompt)).strong());
            if !q.choices.is_empty() {
                ui.label(format!("Choices: {}", q.choices.join(" · ")));
            }
        }
        ui.add_space(6.0);
    })?;
    let rgba = scene.rasterize()?;
    let figure = stage.scene(&Figure::Picture, 1.0)?.svg();
    Ok((rgba, scene.size, figure))
}

/// A PDF of one page per image, each page the image's size at 144 dpi (2 pixels a point).
fn pdf_of(pages: &[(Vec<u8>, [usize; 2])]) -> Vec<u8> {
    use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref};
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let ids: Vec<(Ref, Ref, Ref)> = (0..pages.len() as i32)
        .map(|k| {
            (
                Ref::new(3 + 3 * k),
                Ref::new(4 + 3 * k),
                Ref::new(5 + 3 * k),
            )
        })
        .collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(ids.iter().map(|(p, _, _)| *p))
        .count(pages.len() as i32);
    for ((rgba, [w, h]), (page, image, content)) in pages.iter().zip(&ids) {
        let (pw, ph) = (*w as f32 / SCALE, *h as f32 / SCALE);
        let mut p = pdf.page(*page);
        p.media_box(Rect::new(0.0, 0.0, pw, ph));
        p.parent(tree);
        p.contents(*content);
        p.resources().x_objects().pair(Name(b"Im"), *image);
        p.finish();
        let rgb: Vec<u8> = rgba
            .chunks_exact(4)
            .flat_map(|c| [c[0], c[1], c[2]])
            .collect();
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&rgb, 6);
        let mut x = pdf.image_xobject(*image, &packed);
        x.filter(Filter::FlateDecode);
        x.width(*w as i32);
        x.height(*h as i32);
        x.color_space().device_rgb();
        x.bits_per_component(8);
        x.finish();
        let mut c = Content::new();
        c.save_state();
        c.transform([pw, 0.0, 0.0, ph, 0.0, 0.0]);
        c.x_object(Name(b"Im"));
        c.restore_state();
        pdf.stream(*content, &c.finish());
    }
    pdf.finish()
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:60em;margin:auto;padding:1em;\
line-height:1.45}section{border-top:1px solid #ccc;padding:.5em 0}figure{margin:0;overflow-x:auto}\
figure svg{max-width:100%;height:auto}.q{background:#f4f6fa;padding:.6em;border-radius:6px}\
.answer{margin-top:.4em}button{font-size:1em}";

const SCRIPT: &str = "function reveal(b){var a=document.getElementById(b.dataset.answer);\
a.hidden=false;b.disabled=true;}\
if(location.hash==='#selftest'){var as=document.querySelectorAll('.answer');\
var hidden=0;as.forEach(function(a){if(a.hidden&&a.offsetParent===null)hidden++;});\
document.querySelectorAll('button.reveal').forEach(function(b){b.click();});\
var shown=0;as.forEach(function(a){if(!a.hidden&&a.offsetParent!==null)shown++;});\
var figs=document.querySelectorAll('figure svg text').length>0?\
document.querySelectorAll('figure svg').length:0;\
var r=document.createElement('pre');r.id='selftest';r.textContent='selftest answers='+as.length+\
' hidden_before='+hidden+' shown_after='+shown+' figures='+figs;document.body.appendChild(r);}";

/// egui's own proportional font (Ubuntu Light) as a CSS `@font-face` inlined in the page, so
/// the figures' text is set in the face egui laid it out with, on any device, offline.
fn font_face() -> String {
    use base64::Engine;
    let ctx = super::headless::context();
    let font = ctx.fonts(|f| f.definitions().font_data.get("Ubuntu-Light").cloned());
    match font {
        Some(data) => {
            let bytes: &[u8] = (*data.font).as_ref();
            format!(
                "@font-face{{font-family:Ubuntu;font-weight:normal;src:url(data:font/ttf;base64,{})}}",
                base64::engine::general_purpose::STANDARD.encode(bytes)
            )
        }
        None => String::new(),
    }
}

/// The self-contained HTML page.
fn html_of(
    lesson: &Lesson,
    figures: &[String],
    answers: &[Option<Result<Answer, String>>],
    font: &str,
) -> String {
    let mut h = String::new();
    let title = escape(&lesson.title);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style>{font}{STYLE}</style></head><body>\n<h1>{title}</h1>\n"
    );
    for (i, step) in lesson.steps.iter().enumerate() {
        let _ = writeln!(
            h,
            "<section id=\"step-{}\"><h2>{}. {}</h2>",
            i + 1,
            i + 1,
            escape(&step.title)
        );
        for para in step.text.split("\n\n") {
            let _ = writeln!(h, "<p>{}</p>", escape(para));
        }
        if let Some(svg) = figures.get(i) {
            // The SVG's own XML declaration does not belong inside HTML.
            let body = svg.find("<svg").map_or(svg.as_str(), |k| &svg[k..]);
            let _ = writeln!(h, "<figure>{body}</figure>");
        }
        if let Some(q) = &step.question {
            let answer = match answers.get(i).and_then(|a| a.as_ref()) {
                Some(Ok(a)) => a.text(),
                Some(Err(e)) => format!("(not computed: {e})"),
                None => "?".into(),
            };
            let _ = write!(
                h,
                "<div class=\"q\"><p><strong>Predict:</strong> {}</p>",
                escape(&q.prompt)
            );
            if !q.choices.is_empty() {
                let list: Vec<String> = q.choices.iter().map(|c| escape(c)).collect();
                let _ = write!(h, "<p>Choices: {}</p>", list.join(" · "));
            }
            let _ = writeln!(
                h,
                "<button class=\"reveal\" data-answer=\"a{i}\" onclick=\"reveal(this)\">Reveal</button>\
                 <div class=\"answer\" id=\"a{i}\" hidden><strong>Answer: {}</strong> — {}</div></div>",
                escape(&answer),
                escape(&q.explanation)
            );
        }
        h.push_str("</section>\n");
    }
    let _ = write!(h, "<script>{SCRIPT}</script>\n</body></html>\n");
    h
}
