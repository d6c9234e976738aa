//! Issue 26: share links (`loadlab link`, `eval --link`, `gui --link`) and `loadlab render`
//! (PNG, SVG, GIF) run headless — with no display at all.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use super::common::{assert_error, run};

/// Runs the binary with no display and no Wayland socket named.
fn headless(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_loadlab"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .output()
        .expect("binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = headless(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {err}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn link(args: &[&str]) -> String {
    let mut all = vec!["link"];
    all.extend(args);
    let l = ok(&all);
    assert_eq!(l.lines().count(), 1, "{l}");
    l.trim().to_string()
}

#[test]
fn eval_of_a_link_prints_what_eval_of_the_preset_prints() {
    for name in ["treesweep-fig-2", "ksbf-table-1", "compare-ksbf-ks-vs-none"] {
        let l = link(&[name]);
        assert!(l.starts_with("loadlab:1:"), "{l}");
        let by_link = ok(&["eval", "--link", &l, "--json"]);
        let by_name = ok(&["eval", name, "--json"]);
        assert_eq!(by_link, by_name, "{name}");
    }
    // The text output too.
    let l = link(&["redistribute-12-ring", "--step", "3", "--picture", "Gantt"]);
    assert_eq!(
        ok(&["eval", "--link", &l]),
        ok(&["eval", "redistribute-12-ring"])
    );
}

#[test]
fn a_damaged_or_foreign_link_is_one_error_line() {
    let l = link(&["treesweep-fig-2"]);
    let mut flipped = l.clone().into_bytes();
    let k = flipped.len() / 2;
    flipped[k] = if flipped[k] == b'x' { b'y' } else { b'x' };
    let flipped = String::from_utf8(flipped).unwrap();
    assert_error(&["eval", "--link", &flipped, "--json"], "damaged");
    assert_error(&["eval", "--link", &l[..l.len() - 9]], "damaged");
    assert_error(
        &["eval", "--link", "https://example.org"],
        "not a loadlab link",
    );
    let newer = l.replacen("loadlab:1:", "loadlab:9:", 1);
    assert_error(&["eval", "--link", &newer], "newer");
    // A link is refused before a window opens.
    assert_error(&["gui", "--link", &flipped], "damaged");
    // A lesson's link (what Copy link copies while a lesson plays) names a step that is there.
    assert_error(
        &["gui", "--link", "#lesson=li&step=99"],
        "the lesson li has steps 1 to 8",
    );
    assert_error(&["gui", "--link", "#lesson=nope"], "not a bundled lesson");
    // A view the model does not have cannot be linked.
    assert_error(&["link", "treesweep-fig-2", "--picture", "ring"], "picture");
    assert_error(&["eval", "treesweep-fig-2", "--link", &l], "cannot be used");
}

/// PNG width and height from its header.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).expect("PNG written");
    assert_eq!(&bytes[1..4], b"PNG");
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (be(16), be(20))
}

#[test]
fn a_ring_renders_as_png_and_as_svg_with_its_labels_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("f.png");
    let svg = dir.path().join("f.svg");
    let png1 = dir.path().join("f1.png");
    let p = png.to_str().unwrap();
    let base = ["render", "redistribute-12-ring", "--figure", "picture"];
    let with = |extra: &[&str]| {
        let mut a = base.to_vec();
        a.extend_from_slice(extra);
        ok(&a)
    };
    let said = with(&["--step", "2", "--out", p]);
    let (w, h) = png_size(&png);
    assert!(said.contains(&format!("{w}×{h} px")), "{said}");
    with(&[
        "--step",
        "2",
        "--scale",
        "1",
        "--out",
        png1.to_str().unwrap(),
    ]);
    let (w1, h1) = png_size(&png1);
    // The requested scale: twice the pixels a side at 2× as at 1× (± rounding).
    assert!(
        w1 >= 700 && (w as i64 - 2 * w1 as i64).abs() <= 2,
        "{w}×{h} vs {w1}×{h1}"
    );
    assert!(
        (h as i64 - 2 * h1 as i64).abs() <= 2,
        "{w}×{h} vs {w1}×{h1}"
    );

    with(&["--step", "2", "--out", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    // Same layout: the SVG's size in points is the 1× PNG's in pixels.
    let attr = |a: &str| root.attribute(a).unwrap().parse::<f32>().unwrap();
    assert!((attr("width") - w1 as f32).abs() <= 1.0);
    assert!((attr("height") - h1 as f32).abs() <= 1.0);
    let words: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.descendants().filter_map(|d| d.text()).collect::<String>())
        .collect();
    // Every word is as wide as egui set it, whatever the viewer's font (textLength), and
    // words never overlap: each ends where the next begins, or before (egui's kerning).
    let spans: Vec<(f32, f32)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("tspan"))
        .map(|n| {
            let num = |a: &str| n.attribute(a).and_then(|v| v.parse::<f32>().ok());
            assert_eq!(n.attribute("lengthAdjust"), Some("spacingAndGlyphs"));
            (num("x").expect("x"), num("textLength").expect("textLength"))
        })
        .collect();
    assert!(spans.len() > 20, "{} words", spans.len());
    assert!(spans.iter().all(|&(_, w)| w > 0.0));
    let overlaps = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .flat_map(|t| {
            let xs: Vec<(f32, f32)> = t
                .children()
                .filter_map(|n| {
                    Some((
                        n.attribute("x")?.parse::<f32>().ok()?,
                        n.attribute("textLength")?.parse::<f32>().ok()?,
                    ))
                })
                .collect();
            xs.windows(2)
                .filter(|w| w[0].0 + w[0].1 > w[1].0 + 0.5)
                .map(|w| (w[0], w[1]))
                .collect::<Vec<_>>()
        })
        .count();
    assert_eq!(overlaps, 0);
    // The processor labels P1 … P12 of the ring (as the app writes them).
    for k in [1, 6, 12] {
        assert!(
            words.iter().any(|t| t.contains(&format!("P{k}"))
                || t.contains(&format!("P_{k}"))
                || t.contains(&format!("P{}", subscript(k)))),
            "P{k} not among the SVG's texts: {words:?}"
        );
    }
}

/// `k` in subscript digits (P₁₂).
fn subscript(k: usize) -> String {
    k.to_string()
        .chars()
        .map(|c| char::from_u32(0x2080 + c.to_digit(10).unwrap()).unwrap())
        .collect()
}

#[test]
fn an_animation_has_one_frame_per_step() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("t.gif");
    let said = ok(&[
        "render",
        "ksbf-table-1",
        "--animate",
        "--out",
        gif.to_str().unwrap(),
    ]);
    let frames: usize = said
        .split(": ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{said}"));
    assert!(frames >= 5, "{said}");
    let bytes = std::fs::read(&gif).unwrap();
    assert_eq!(&bytes[..6], b"GIF89a");
    // Count image descriptors by decoding (the gif crate is the encoder's own, but the
    // count comes from the file, not from the code that wrote it).
    let mut d = gif::DecodeOptions::new()
        .read_info(bytes.as_slice())
        .unwrap();
    let mut n = 0;
    while d.read_next_frame().unwrap().is_some() {
        n += 1;
    }
    assert_eq!(n, frames);
}

#[test]
fn render_refuses_what_it_cannot_do_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let f = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let r = "redistribute-12-ring";
    assert_error(&["render", r, "--out", &f("x.jpg")], ".png or .svg");
    assert_error(&["render", r, "--out", &f("x.gif")], "--animate");
    assert_error(&["render", r, "--animate", "--out", &f("x.png")], "GIF");
    assert_error(
        &["render", r, "--step", "999", "--out", &f("x.png")],
        "steps 0 to",
    );
    assert_error(
        &["render", r, "--figure", "map", "--out", &f("x.png")],
        "--figure",
    );
    assert_error(
        &["render", r, "--figure", "plot:nope", "--out", &f("x.png")],
        "plot",
    );
    assert_error(
        &["render", r, "--scale", "100", "--out", &f("x.png")],
        "--scale",
    );
    assert_error(&["render", "no-such", "--out", &f("x.png")], "no such file");
    // The budget: a huge animation is refused with its estimate, before drawing.
    let out = run(&[
        "render",
        "ksbf-table-1",
        "--animate",
        "--scale",
        "8",
        "--out",
        &f("x.gif"),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("pixels") && err.contains("limit"), "{err}");
    assert!(!Path::new(&f("x.gif")).exists());
    // A file that cannot be written (its folder is a file: refused even to root) is named
    // in the one line, whatever the format (the PNG's line named no file).
    std::fs::write(f("plain"), "").unwrap();
    for (name, animate) in [("x.png", false), ("x.svg", false), ("x.gif", true)] {
        let out = f(&format!("plain/{name}"));
        let mut args = vec!["render", r, "--out", &out];
        if animate {
            args.push("--animate");
        }
        let line = assert_error(&args, &out);
        assert!(line.starts_with(&format!("error: {out}: ")), "{line}");
    }
}

/// Runs headless Chromium on `url` with a fresh profile and prints the DOM after its scripts
/// ran; None when Chromium is not installed.
fn chromium_dom(url: &str) -> Option<String> {
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .find(|p| Path::new(p).exists())?;
    let profile = tempfile::tempdir().unwrap();
    let out = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("--dump-dom")
        .arg(url)
        .stdin(Stdio::null())
        .output()
        .expect("chromium runs");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn a_lesson_hand_out_has_a_page_per_step_a_pdf_and_an_html_page_that_reveals() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("rrv");
    let said = ok(&[
        "render",
        "--lesson",
        "rrv",
        "--window",
        "1280x720",
        "--presenter",
        "--out",
        out.to_str().unwrap(),
    ]);
    let steps = super::common::json(&["lesson", "rrv", "--json"])["steps"]
        .as_array()
        .expect("steps")
        .len();
    let lesson = super::common::json(&["lesson", "rrv", "--json"]);
    let count = |key: &str| {
        lesson["steps"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| !s[key].is_null())
            .count()
    };
    let (questions, exercises) = (count("question"), count("exercise"));
    assert!(questions > 0 && exercises > 0);
    for k in 1..=steps {
        // Each step is the window: exactly its size in pixels.
        let png = out.join(format!("step-{k:02}.png"));
        assert_eq!(png_size(&png), (1280, 720), "{}", png.display());
    }
    assert!(!out.join(format!("step-{:02}.png", steps + 1)).exists());
    let pdf = std::fs::read(out.join("handout.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let pages = pdf
        .windows(12)
        .filter(|w| w.starts_with(b"/Type /Page") && w[11] != b's')
        .count();
    assert_eq!(pages, steps, "one PDF page per step ({said})");
    pdf_text_is_searchable(&out.join("handout.pdf"), steps);
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    // Self-contained: no file or address it loads.
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
    // A figure per step, under each question's answer the figure after Reveal, and under each
    // exercise's Show the solution the algorithm's run.
    assert_eq!(html.matches("<figure>").count(), steps);
    assert_eq!(html.matches("<svg").count(), steps + questions + exercises);
    let url = format!("file://{}#selftest", out.join("index.html").display());
    let Some(dom) = chromium_dom(&url) else {
        println!("skipped the Chromium part: /usr/bin/chromium is not installed");
        return;
    };
    let line = dom
        .lines()
        .find(|l| l.contains("selftest answers="))
        .unwrap_or_else(|| panic!("no self-test result in the DOM: {dom:.400}"));
    let hidden = questions + exercises;
    let want = format!(
        "selftest answers={hidden} hidden_before={hidden} shown_after={hidden} figures={steps}"
    );
    assert!(line.contains(&want), "{line} (wanted {want})");
}

/// The value of attribute `name` in one SVG element's text (`<circle cx="1" fill="#fff"/>`).
fn attribute<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let from = element.find(&format!(" {name}=\""))? + name.len() + 3;
    element[from..].split('"').next()
}

/// The fills of the discs of a hand-out figure's tree (every circle but the legend's dots,
/// which are the first circles, all on the legend's row), and the legend's fills in order.
fn tree_discs(svg: &str) -> (Vec<String>, Vec<String>) {
    let circles: Vec<&str> = svg
        .split("<circle")
        .skip(1)
        .map(|c| c.split('>').next().unwrap_or(""))
        .collect();
    let row = circles
        .first()
        .and_then(|c| attribute(c, "cy"))
        .unwrap_or("");
    let legend = circles
        .iter()
        .take_while(|c| attribute(c, "cy") == Some(row))
        .count();
    let fill = |c: &&str| attribute(c, "fill").unwrap_or("").to_string();
    let discs = circles[legend..].iter().map(fill).filter(|f| f != "none");
    (
        discs.collect(),
        circles[..legend].iter().map(fill).collect(),
    )
}

/// The words of an SVG or HTML piece: the text between its tags.
fn words_of(svg: &str) -> String {
    svg.split('<')
        .filter_map(|piece| piece.split_once('>').map(|(_, text)| text))
        .collect()
}

/// grs step 9, "Fine-Grain by hand": its `figure` prints the board the student starts from,
/// and the `html` page's Show the solution holds it solved.
fn exercise_board_and_solution(html: &str, figure: &str) {
    // "Fine-Grain by hand" (step 9, an exercise) prints the board the student starts from,
    // as the window shows it: it printed the top cluster to build, coloured by processor.
    let board = words_of(figure);
    assert!(
        board.contains("Score 0 / 9")
            && board.contains("Processor 0: nothing yet")
            && !board.contains("processor 0, later")
            && !board.contains("Show me"),
        "{board:.300}"
    );
    // Its Show the solution holds the board solved by the algorithm's moves: 9 nodes on
    // processor 0 and T* = 10 for T_5 at τ = 2.5 (the paper's recursion T*(ℓ) = 1, 3, 5.5,
    // 7.5, then 10).
    let section = html
        .split("<section id=\"step-9\">")
        .nth(1)
        .expect("step 9");
    let solution = section
        .split("Show the solution")
        .nth(1)
        .expect("a Show the solution button");
    let run = words_of(solution.split("</section>").next().unwrap_or(""));
    assert!(
        run.contains("T* = 10 (Fine-Grain)") && run.contains("9 nodes on processor 0"),
        "{run:.300}"
    );
}

#[test]
fn a_hand_out_hides_the_future_where_the_window_does() {
    // grs step 1 asks for T* before anything has run: the window hides the future, so its
    // page and figure show only what runs at t = 0. They drew the whole schedule, processor
    // 0's timeline with T* = 10 unit cells to count. Step 2 (no question) shows the future.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("grs");
    // A file where the folder should go is said to be one ("File exists (os error 17)").
    std::fs::write(&out, "").unwrap();
    let file = out.to_str().unwrap();
    assert_error(
        &["render", "--lesson", "grs", "--out", file],
        "is a file; a hand-out",
    );
    std::fs::remove_file(&out).unwrap();
    ok(&["render", "--lesson", "grs", "--out", out.to_str().unwrap()]);
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    // One element per id in the page: each figure's clip paths are its own (they were the
    // first figure's, and the plots after the trees drew nothing).
    let ids: Vec<&str> = html
        .split(" id=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .collect();
    let unique: std::collections::BTreeSet<&str> = ids.iter().copied().collect();
    assert!(ids.len() > 20 && unique.len() == ids.len(), "{ids:?}");
    let figures: Vec<&str> = html
        .split("<figure>")
        .skip(1)
        .filter_map(|f| f.split("</figure>").next())
        .collect();
    let lesson = super::common::json(&["lesson", "grs", "--json"]);
    let steps = lesson["steps"].as_array().expect("steps");
    assert_eq!(figures.len(), steps.len());
    let hidden = |k: usize| steps[k]["question"].is_object();
    assert!(hidden(0) && !hidden(1) && steps[1]["future_hidden"] == false);
    // A figure has no pointer and no step bar: no button, no instruction to press one.
    for (k, figure) in figures.iter().enumerate() {
        let words = words_of(figure);
        for screen_only in [
            "Zoom in",
            "Reset view",
            "press Play",
            "scroll: zoom",
            "drag: pan",
            "Copy as text",
            "Copy CSV",
        ] {
            assert!(
                !words.contains(screen_only),
                "step {}: {screen_only:?}",
                k + 1
            );
        }
    }
    assert!(steps[8]["exercise"].is_object());
    exercise_board_and_solution(&html, figures[8]);
    // A row of tabs prints what it has chosen: the schedule drawn, not the other tabs.
    let tabs = words_of(figures[1]);
    assert!(
        tabs.contains("Schedule\nFine-Grain (optimal)")
            && !tabs.contains("P.Y")
            && !tabs.contains("both"),
        "{tabs:.300}"
    );
    let words = words_of(figures[0]);
    assert!(
        words.contains("processor 0, later") && words.contains("boundary node"),
        "{words:.300}"
    );
    let (at_start, legend) = tree_discs(figures[0]);
    assert_eq!(legend.len(), 4, "{legend:?}");
    let (later, boundary) = (&legend[1], &legend[2]);
    assert!(
        !at_start.contains(later) && !at_start.contains(boundary),
        "step 1 draws nodes that have not run: {at_start:?}"
    );
    // The leftmost leaf (processor 0's first node) and the leaves of other processors that
    // start at 0, and not all 31 nodes.
    assert!((2..31).contains(&at_start.len()), "{at_start:?}");
    // "Is it half?" (step 6) puts the ratio plot in front, as presenter mode does: its page
    // draws the plot, the instance's own point hidden until Reveal.
    let plot = words_of(figures[5]);
    assert!(
        plot.contains("T*/T_PY vs n")
            && plot.contains("hidden until")
            && !plot.contains("processor 0, later"),
        "{plot:.300}"
    );
    // Step 1's answer shows the figure after Reveal: the whole schedule, as the window does.
    let answer = html
        .split("id=\"a0\"")
        .nth(1)
        .and_then(|a| a.split("</div></div>").next())
        .expect("step 1's answer");
    let (revealed, _) = tree_discs(answer);
    assert!(
        revealed.contains(later) && revealed.len() == 31,
        "after Reveal: {revealed:?}"
    );
    let (shown, _) = tree_discs(figures[1]);
    assert!(
        shown.contains(later) && shown.contains(boundary) && shown.len() == 31,
        "step 2 shows the schedule up to 6 of 9 and the nodes to come: {shown:?}"
    );
}

/// The hand-out PDF's text, as a PDF reader extracts it (poppler's `pdftotext`), holds every
/// step's title on its page and the papers' notation (δ, −, τ ≥) as itself.
fn pdf_text_is_searchable(pdf: &Path, steps: usize) {
    let Ok(out) = Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(pdf)
        .arg("-")
        .output()
    else {
        println!("skipped the PDF text check: pdftotext (poppler-utils) is not installed");
        return;
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    // pdftotext ends each page with a form feed.
    // A heading may wrap: compare with the line breaks as spaces.
    let pages: Vec<String> = text.split('\u{c}').map(|p| p.replace('\n', " ")).collect();
    assert!(pages.len() >= steps, "{} pages of text", pages.len());
    let lesson = super::common::json(&["lesson", "rrv", "--json"]);
    for (k, step) in lesson["steps"].as_array().unwrap().iter().enumerate() {
        let title = step["title"].as_str().expect("a title");
        let heading = format!("step {} of {steps}: {title}", k + 1);
        assert!(
            pages[k].contains(&heading),
            "page {} lacks {heading:?}: {:.300}",
            k + 1,
            pages[k]
        );
    }
    for word in ["δ = (2, 1, 1, −2, −2)", "τ ≥ max", "δ_max"] {
        assert!(text.contains(word), "{word:?} not in the PDF's text");
    }
    // The first question's answer (4) is not given away by the page's picture.
    assert!(!pages[0].contains("remaining bound 4"), "{:.600}", pages[0]);
    assert!(pages[0].contains("remaining bound ?"), "{:.600}", pages[0]);
}

#[test]
fn a_hand_out_over_the_budget_is_refused_before_anything_is_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("huge");
    let o = out.to_str().unwrap();
    let args = [
        "render",
        "--lesson",
        "rrv",
        "--window",
        "8176x8176",
        "--out",
        o,
    ];
    let run = headless(&args);
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error:") && err.contains("limit"), "{err}");
    assert!(!out.exists(), "the folder was made");
}

/// Issue 37, "Describe the picture": an exported SVG carries the picture's description as its
/// `<title>` (the step's caption) and `<desc>`, and the description names exactly the sends
/// the model schedules in the round shown — read here from the CSV export's schedule.
#[test]
fn an_svg_figure_says_in_words_which_sends_its_round_draws() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("f.svg");
    let preset = "redistribute-12-ring";
    ok(&[
        "render",
        preset,
        "--figure",
        "picture",
        "--step",
        "2",
        "--out",
        svg.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is XML");
    let root = doc.root_element();
    assert_eq!(root.attribute("role"), Some("img"));
    let child = |tag: &str| {
        root.children()
            .find(|n| n.has_tag_name(tag))
            .and_then(|n| n.text())
            .unwrap_or_else(|| panic!("no <{tag}> in the SVG"))
            .to_owned()
    };
    let (title, desc) = (child("title"), child("desc"));
    assert!(title.contains("round 3"), "title: {title}");
    assert!(desc.starts_with(&title), "{desc}");
    assert!(desc.contains("Ring of 12 processors"), "{desc}");
    // Step 2 (two rounds done) draws round 3's sends: the schedule's rows of round 3.
    let csv = ok(&["eval", preset, "--csv"]);
    let mut want: Vec<(u32, u32)> = csv
        .split("# schedule\n")
        .nth(1)
        .expect("a schedule section")
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0] == "3").then(|| (f[1].parse().unwrap(), f[2].parse().unwrap()))
        })
        .collect();
    let arrows = desc.split("Arrows:").nth(1).expect("the arrows listed");
    let mut got: Vec<(u32, u32)> = arrows
        .split("; ")
        .filter_map(|a| {
            let (from, to) = a.split_once(" → ")?;
            let num = |s: &str| -> Option<u32> {
                s.trim_start_matches('P')
                    .split(|c: char| !c.is_ascii_digit())
                    .next()?
                    .parse()
                    .ok()
            };
            Some((num(from.trim())?, num(to.trim())?))
        })
        .collect();
    want.sort_unstable();
    got.sort_unstable();
    assert!(!want.is_empty());
    assert_eq!(got, want, "{desc}");
}

/// `--figure exercise` prints the "Your turn" board at its start (a worksheet): the task and
/// the score so far, without the buttons a printed page cannot press.
#[test]
fn an_exercise_figure_is_the_board_a_student_starts_from() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("board.svg");
    let out = svg.to_str().unwrap();
    ok(&[
        "render",
        "redistribute-12-ring",
        "--figure",
        "exercise",
        "--out",
        out,
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let words: String = text
        .split('<')
        .filter_map(|piece| piece.split_once('>').map(|(_, t)| t))
        .collect();
    assert!(
        words.contains("Your turn") && words.contains("Score 0 / ") && words.contains("Round 1"),
        "{words:.400}"
    );
    for button in ["Show me", "Hint", "Undo move", "Restart"] {
        assert!(!words.contains(button), "{button:?} in {words:.400}");
    }
}
