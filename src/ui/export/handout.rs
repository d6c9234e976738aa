//! A lesson's hand-out (`loadlab render --lesson NAME --window WxH [--presenter] --out DIR`),
//! drawn headless by the app's own code.
//!
//! * `step-01.png` …: the whole app window, `W×H` pixels, as the user sees it with the lesson
//!   open at that step (presenter mode with `--presenter`), its question's answer "?" until
//!   Reveal — the real app run off-screen ([`super::window`]);
//! * `handout.pdf`: one page per step laid out for reading — the lesson's title, the step's
//!   title and text, its question without the answer, and the step's picture (its scenario,
//!   picture tab, plot and step position) in the room the window gives the picture (the
//!   window divided by the presenter zoom with `--presenter`), drawn at 2 pixels per point,
//!   with all of its text as real, searchable text over it ([`crate::ui::figure::pdf`]);
//! * `index.html`: one self-contained page that works offline on any device — each step's
//!   text and its figure as inline SVG, each question with a Reveal button hiding its answer
//!   and explanation until clicked (no file besides it, no network). Opened with
//!   `#selftest` it checks itself (answers hidden, then shown once every Reveal is clicked)
//!   and writes the outcome into the page: how the Chromium test drives it.
//!
//! The window's shots and the pages are drawn on two threads (each with its own workspaces).
//! The resource budget of `loadlab render` ([`super::headless::check_budget`]) holds for
//! the whole hand-out: a window and a page per step.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use egui::RichText;

use super::headless::{Figure, OffscreenTab};
use super::window::{App, Offscreen};
use crate::lesson::{Answer, Lesson};
use crate::preset::Preset;
use crate::ui::figure::pdf::Page;
use crate::ui::figure::svg::escape;
use crate::ui::frame::Secret;

pub use super::window::Window;

/// Pixels per point of the PDF's pages.
const SCALE: f32 = 2.0;

/// Widest and tallest window of a hand-out, in pixels: its page (the window's room, in
/// points, with the margin, at `SCALE`) must fit [`crate::ui::figure::MAX_SIDE`].
pub const MAX_WINDOW: u32 =
    (crate::ui::figure::MAX_SIDE as u32) / (SCALE as u32) - 2 * (crate::ui::figure::MARGIN as u32);

/// Work (in the render budget's pixels) of laying out one character of a step's text, in
/// the window's frames and on its page (measured: 20 steps of 49 kB of text in a 200×200
/// window took 17 s of CPU).
const WORK_PER_CHAR: f64 = 300.0;

/// Points of page height a step's text takes in a column `width` points wide (an upper
/// estimate: a character at most 8 points wide on average, 18 points a line; each line
/// break starts a line).
fn text_height(text: &str, width: f32) -> f32 {
    let per_line = (width / 8.0).max(1.0) as usize;
    let lines: usize = text
        .split('\n')
        .map(|l| l.chars().count().div_ceil(per_line).max(1))
        .sum();
    lines as f32 * 18.0
}

/// `Ok` when the hand-out of `lesson` for `window` fits the budget of `loadlab render`: per
/// step, the window and a page — the window's room, in points, at `SCALE`, with the
/// margin, taller by the step's text (up to the largest image) — every page kept until the
/// PDF is written; and the work of laying out the steps' text.
pub fn check_budget(lesson: &Lesson, window: Window) -> Result<(), String> {
    let room = window.points() + egui::Vec2::splat(2.0 * crate::ui::figure::MARGIN);
    let [w, h] = window.pixels();
    let tallest = crate::ui::figure::MAX_SIDE as f32;
    let mut pixels = 0.0;
    let mut chars = 0usize;
    for step in &lesson.steps {
        let mut text = step.text.chars().count() + step.title.chars().count();
        let mut height = text_height(&step.text, room.x) + text_height(&step.title, room.x);
        if let Some(q) = &step.question {
            text += q.prompt.chars().count() + q.choices.iter().map(|c| c.len()).sum::<usize>();
            height += text_height(&q.prompt, room.x) + text_height(&q.choices.join(" · "), room.x);
        }
        chars += text;
        let page = [room.x * SCALE, ((room.y + height) * SCALE).min(tallest)];
        pixels += (w as f64 * h as f64) + page[0] as f64 * page[1] as f64;
    }
    let cost = super::headless::Cost::new(pixels + chars as f64 * WORK_PER_CHAR, pixels * 6.0);
    super::headless::check_cost(2 * lesson.steps.len(), [w, h], cost)
}

/// What a hand-out is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// A folder: the window's shots, the PDF and the page.
    Folder,
    /// The self-contained page alone, `DIR.html` (a browser's download: a folder of ten
    /// files came as ten loose downloads, and the browser asked to allow them).
    Page,
}

/// Writes the hand-out of `lesson` into `dir` (created if needed), its window shots drawn by
/// the app `A` off-screen — or, as a [`Form::Page`], its page alone beside it; the files
/// written.
pub fn write<A: App>(
    lesson: &Lesson,
    window: Window,
    dir: &Path,
    form: Form,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<PathBuf>, String> {
    check_budget(lesson, window)?;
    let asked = lesson
        .asked(&crate::model::NoProgress)
        .map_err(|_| "cancelled".to_string())?;
    let giveaways: Vec<Option<crate::report::Giveaway>> = asked
        .iter()
        .map(|a| a.as_ref()?.as_ref().ok().map(|a| a.giveaway.clone()))
        .collect();
    let answers: Vec<Option<Result<Answer, String>>> = asked
        .into_iter()
        .map(|a| a.map(|r| r.map(|a| a.answer)))
        .collect();
    // A lesson `lesson --check` refuses gets no hand-out (each error names its step).
    let errors = lesson.check_with(&answers);
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    if form == Form::Page {
        let figures = pages(lesson, window, form, (&answers, &giveaways), &mut progress)?
            .into_iter()
            .map(|(_, before, after)| (before, after))
            .collect::<Vec<Figures>>();
        let html = dir.with_extension("html");
        let text = html_of(lesson, &figures, &answers, &font_face());
        crate::platform::files::write(&html, text.as_bytes())
            .map_err(|e| format!("{}: {e}", html.display()))?;
        return Ok(vec![html]);
    }
    if dir.exists() && !dir.is_dir() {
        // ("File exists (os error 17)" said nothing of what --out takes.)
        return Err(format!(
            "{}: is a file; a hand-out is written into a folder (its pages and the index)",
            crate::preset::display_name(dir)
        ));
    }
    crate::platform::files::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let giveaways = &giveaways;
    // The window's shots here, the pages (their own workspaces, no window) on a second
    // thread: both draw on the CPU.
    let answers = &answers;
    let (pages, written) = crate::platform::work::beside(
        move || pages(lesson, window, form, (answers, giveaways), &mut |_, _| {}),
        || shots::<A>(lesson, window, dir, &mut progress),
    );
    let mut written = written?;
    let (pages, figures): (Vec<Option<Page>>, Vec<Figures>) = pages?
        .into_iter()
        .map(|(page, before, after)| (page, (before, after)))
        .unzip();
    let pages: Vec<Page> = pages.into_iter().flatten().collect();
    let pdf = dir.join("handout.pdf");
    let bytes = crate::ui::figure::pdf::document(&pages)?;
    crate::platform::files::write(&pdf, &bytes).map_err(|e| format!("{}: {e}", pdf.display()))?;
    written.push(pdf);
    let html = dir.join("index.html");
    let text = html_of(lesson, &figures, answers, &font_face());
    crate::platform::files::write(&html, text.as_bytes())
        .map_err(|e| format!("{}: {e}", html.display()))?;
    written.push(html);
    Ok(written)
}

/// Each step's answer (or why there is none) and what gives it away, for its question.
type Asked<'a> = (
    &'a [Option<Result<Answer, String>>],
    &'a [Option<crate::report::Giveaway>],
);

/// Every step's figures and, for a [`Form::Folder`], its PDF [`page`], each step's question
/// hidden as its answer and giveaway say; `progress` after each.
fn pages(
    lesson: &Lesson,
    window: Window,
    form: Form,
    (answers, giveaways): Asked<'_>,
    progress: &mut impl FnMut(usize, usize),
) -> Result<Vec<Drawn>, String> {
    let n = lesson.steps.len();
    (0..n)
        .map(|i| {
            let answer = answers.get(i).and_then(|a| a.as_ref());
            let giveaway = giveaways.get(i).and_then(Option::as_ref);
            let drawn = page(lesson, i, (answer, giveaway), window, form);
            progress(i, n);
            drawn
        })
        .collect()
}

/// The window at every step of `lesson`, written as `step-NN.png` into `dir`; the files.
fn shots<A: App>(
    lesson: &Lesson,
    window: Window,
    dir: &Path,
    progress: &mut impl FnMut(usize, usize),
) -> Result<Vec<PathBuf>, String> {
    let n = lesson.steps.len();
    let mut app = Offscreen::<A>::new(window, lesson.clone());
    let mut written = Vec::with_capacity(n + 2);
    for i in 0..n {
        app.step(i).map_err(|e| format!("step {}: {e}", i + 1))?;
        let rgba = app.pixels()?;
        let path = dir.join(format!("step-{:02}.png", i + 1));
        let [w, h] = window.pixels();
        crate::ui::files::write_png(&path, w, h, &rgba)?;
        written.push(path);
        progress(i, n);
    }
    Ok(written)
}

/// A step's figure as SVG before Reveal and, for a question, after it.
type Figures = (String, Option<String>);

/// A step's PDF page (the folder form's only) and its [`Figures`].
type Drawn = (Option<Page>, String, Option<String>);

/// Step `i`'s figure alone as SVG and, for a [`Form::Folder`], as a PDF page (its picture
/// and text; the one-page form, a browser's, draws no page it would drop); the step's
/// `answer` is "?" in both, as in the window before Reveal. A question's step also gets its
/// figure as the window shows it after Reveal: the answer, and the future unless the lesson
/// hides it anyway; an exercise's step, its board solved by Show me.
fn page(
    lesson: &Lesson,
    i: usize,
    (answer, giveaway): (
        Option<&Result<Answer, String>>,
        Option<&crate::report::Giveaway>,
    ),
    window: Window,
    form: Form,
) -> Result<Drawn, String> {
    let step = &lesson.steps[i];
    let scenario = step
        .scenario
        .resolve()
        .map_err(|e| format!("step {}: {e}", i + 1))?;
    let preset = Preset::new(step.title.clone(), "", scenario);
    // The picture and plot the window shows at this step.
    let mut tab = OffscreenTab::chosen(&preset, &lesson.selections_to(i))
        .map_err(|e| format!("step {}: {e}", i + 1))?;
    tab.seek(step.step.min(tab.steps() - 1))?;
    // The future as the window hides it at this step before Reveal (a picture that showed
    // it drew the answer: grs step 1's timeline had T* = 10 unit cells to count).
    tab.hide_future(lesson.future_hidden(i, step.question.is_some()));
    tab.hide(step.question.as_ref().map(|q| {
        let value = match answer {
            Some(Ok(Answer::Number(x))) => Some(Ok(*x)),
            Some(Ok(Answer::Choice(c))) => Some(Err(c.clone())),
            _ => None,
        };
        let secret = Secret::new(&q.check.field, value)
            .of_run(q.check.scenario().ok())
            .stating(&q.states)
            .within(q.tolerance);
        match giveaway {
            Some(g) => secret.with(g),
            None => secret,
        }
        .shown(&preset.scenario)
    }));
    // The picture, or the plot where the step puts the plots in front (grs's "Is it half?");
    // an exercise step's board as "Your turn" starts it (the picture drew the algorithm's
    // solution: grs's "Fine-Grain by hand" printed the top cluster the student is to build).
    let shown = match crate::ui::lesson::front_at(lesson, i) {
        _ if step.exercise.is_some() => Figure::Exercise,
        crate::ui::workspace::Region::Plots => Figure::Plot(None),
        _ => Figure::Picture,
    };
    let page = match form {
        Form::Folder => Some(pdf_page(lesson, i, &mut tab, &shown, window)?),
        Form::Page => None,
    };
    let figure = tab.scene(&shown, 1.0)?.svg();
    let revealed = if step.question.is_some() {
        tab.hide(None);
        tab.hide_future(lesson.future_hidden(i, false));
        Some(tab.scene(&shown, 1.0)?.svg())
    } else if step.exercise.is_some() {
        // The exercise's solution: its board with every move the algorithm's (Show me).
        tab.solve_exercise()
            .map_err(|e| format!("step {}: {e}", i + 1))?;
        Some(tab.scene(&Figure::Exercise, 1.0)?.svg())
    } else {
        None
    };
    Ok((page, figure, revealed))
}

/// Step `i` of `lesson` as a PDF page: its heading, text and question above `shown` as
/// `tab` draws it.
fn pdf_page(
    lesson: &Lesson,
    i: usize,
    tab: &mut OffscreenTab,
    shown: &Figure,
    window: Window,
) -> Result<Page, String> {
    let step = &lesson.steps[i];
    let heading = format!(
        "{} — step {} of {}: {}",
        lesson.title,
        i + 1,
        lesson.steps.len(),
        step.title
    );
    let scene = tab.scene_with(shown, SCALE, window.points(), |ui| {
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
    Ok(Page {
        rgba: scene.rasterize()?,
        size: scene.size,
        scale: scene.scale,
        runs: scene.runs(),
    })
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:60em;margin:auto;padding:1em;\
line-height:1.45}section{border-top:1px solid #ccc;padding:.5em 0}figure{margin:0;overflow-x:auto}\
figure svg,.after svg{max-width:100%;height:auto}.q{background:#f4f6fa;padding:.6em;border-radius:6px}\
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
/// `svg` with its clip paths' ids (`c1`, `c2`, … in every figure) prefixed by `scope`: in one
/// HTML page an id names one element, so every figure's `url(#c1)` was the first figure's
/// clip (a plot after a tree drew nothing: its lines were clipped to the tree's rectangles).
fn scoped_ids(svg: &str, scope: &str) -> String {
    svg.replace("id=\"c", &format!("id=\"{scope}c"))
        .replace("url(#c", &format!("url(#{scope}c"))
}

/// The figure under a step's Reveal (or Show the solution), its ids scoped apart from the
/// step's own figure.
fn after_figure(after: Option<&str>, i: usize) -> String {
    after.map_or(String::new(), |svg| {
        let body = svg.find("<svg").map_or(svg, |k| &svg[k..]);
        format!(
            "<div class=\"after\">{}</div>",
            scoped_ids(body, &format!("r{}", i + 1))
        )
    })
}

fn html_of(
    lesson: &Lesson,
    figures: &[Figures],
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
        let (before, after) = match figures.get(i) {
            Some((before, after)) => (Some(before), after.as_deref()),
            None => (None, None),
        };
        if let Some(svg) = before {
            // The SVG's own XML declaration does not belong inside HTML.
            let body = svg.find("<svg").map_or(svg.as_str(), |k| &svg[k..]);
            let body = scoped_ids(body, &format!("s{}", i + 1));
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
                 <div class=\"answer\" id=\"a{i}\" hidden><strong>Answer: {}</strong> — {}{}</div></div>",
                escape(&answer),
                escape(&q.explanation),
                after_figure(after, i)
            );
        } else if let Some(x) = &step.exercise {
            let _ = writeln!(
                h,
                "<div class=\"q\"><p><strong>Your turn:</strong> {} (pass mark: {} first tries)</p>\
                 <button class=\"reveal\" data-answer=\"a{i}\" onclick=\"reveal(this)\">Show the solution</button>\
                 <div class=\"answer\" id=\"a{i}\" hidden><strong>The board solved, every move the algorithm's (Show me):</strong>{}</div></div>",
                escape(&x.prompt),
                x.pass,
                after_figure(after, i)
            );
        }
        h.push_str("</section>\n");
    }
    let _ = write!(h, "<script>{SCRIPT}</script>\n</body></html>\n");
    h
}
