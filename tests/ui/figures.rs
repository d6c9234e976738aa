//! Figure export: every model's picture and plots, and the map, drawn off-screen at 2× and
//! written as PNG; which figure an export means; its "↓ PNG" buttons.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::model::registry::ModelId;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::{Cmd, ThemeChoice};
use loadlab::ui::workspace::Region;

use super::common::{harness, settle};

/// A fresh directory for this test's files.
fn temp_dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("loadlab-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A decoded PNG: width, height and RGBA pixels.
struct Png {
    width: usize,
    height: usize,
    rgba: Vec<[u8; 4]>,
}

fn decode(path: &Path) -> Png {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .expect("a PNG header");
    assert_eq!(
        reader.output_color_type(),
        (png::ColorType::Rgba, png::BitDepth::Eight)
    );
    let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut buf).expect("PNG pixel data");
    buf.truncate(info.buffer_size());
    Png {
        width: info.width as usize,
        height: info.height as usize,
        rgba: buf
            .chunks_exact(4)
            .map(|c| [c[0], c[1], c[2], c[3]])
            .collect(),
    }
}

/// Exports `region` of the front workspace through File ▸ Export figure… (the path chosen as
/// the dialog would) and checks the PNG: 2 × the figure's room on screen and its margin (±2 px; taller when
/// the region `scrolls` on screen: it is exported whole), opaque, and not blank — many
/// colours, and text: pixels far from the background, whatever the theme.
fn export_and_check(
    h: &mut Harness<'static, LoadlabApp>,
    region: Region,
    scrolls: bool,
    path: &Path,
) {
    let drawn = *h
        .state()
        .drawn()
        .iter()
        .find(|d| d.region == region)
        .unwrap_or_else(|| panic!("the {region:?} is on screen"));
    let room = drawn.room;
    // Drawn at its own size: at least its room on screen and what its content took there.
    let size = loadlab::ui::figure::export_room(&drawn);
    assert!(size.x >= room.width() && size.y >= room.height());
    h.state_mut().send(Cmd::ExportFigure(Some(region)));
    h.run_steps(2);
    h.state_mut().send(Cmd::ExportFigureTo(path.to_path_buf()));
    settle(h);
    let shot = h.state().figure_shot().expect("an export ran").clone();
    assert_eq!(shot.region, region);
    assert_eq!(
        shot.rect, room,
        "the export draws the figure's room on screen"
    );
    assert_eq!(shot.scale, 2.0, "the test display is 1×: the export is 2×");
    let notice = h.state().notice().unwrap_or_default().to_string();
    let [w, h_px] = shot.pixels;
    let name = match region {
        Region::Picture => "picture",
        Region::Plots => "plots",
        Region::Map => "map",
        other => panic!("{other:?} is not a figure"),
    };
    assert_eq!(
        notice,
        format!("Exported {name} ({w}×{h_px} px, 2×) to {}", path.display())
    );
    let png = decode(path);
    assert_eq!((png.width, png.height), (w, h_px));
    let border = 2.0 * loadlab::ui::figure::MARGIN;
    let near = |px: usize, pt: f32| (px as f32 - 2.0 * (pt + border)).abs() <= 2.0;
    // A picture gets its title above it, and a region that scrolls is exported whole: both
    // only ever make the PNG taller.
    let tall_enough = if scrolls || region == Region::Picture {
        png.height as f32 >= 2.0 * (size.y + border) - 2.0
    } else {
        near(png.height, size.y)
    };
    assert!(
        near(png.width, size.x) && tall_enough,
        "{}×{} px for a {}×{}-point {name}",
        png.width,
        png.height,
        size.x,
        size.y
    );
    assert!(png.rgba.iter().all(|p| p[3] == 255), "the {name} is opaque");
    let colours: HashSet<[u8; 4]> = png.rgba.iter().copied().collect();
    assert!(
        colours.len() > 40,
        "the {name} has only {} colours",
        colours.len()
    );
    // The background is the most common colour; text and lines stand out from it.
    let mut counts = std::collections::HashMap::new();
    for p in &png.rgba {
        *counts.entry(*p).or_insert(0usize) += 1;
    }
    let background = counts
        .iter()
        .max_by_key(|(_, n)| **n)
        .map(|(c, _)| *c)
        .unwrap();
    let luma =
        |p: &[u8; 4]| 0.3 * f32::from(p[0]) + 0.59 * f32::from(p[1]) + 0.11 * f32::from(p[2]);
    let ink = png
        .rgba
        .iter()
        .filter(|p| (luma(p) - luma(&background)).abs() > 120.0)
        .count();
    assert!(ink > 500, "the {name} has {ink} pixels of text");
}

#[test]
fn every_models_picture_and_plots_export_at_twice_the_scale() {
    let dir = temp_dir("figures");
    let mut h = harness(None);
    // Slides are light; the map test below exports in the harness's dark theme.
    h.state_mut().send(Cmd::Theme(ThemeChoice::Light));
    for model in ModelId::ALL {
        h.state_mut().send(Cmd::Switch(model));
        settle(&mut h);
        for region in [Region::Picture, Region::Plots] {
            let path = dir.join(format!("{}-{region:?}.png", model.name()));
            // These two regions scroll on screen (their `Regions`): they export whole.
            let scrolls = matches!(
                (model, region),
                (ModelId::Divisible, Region::Plots) | (ModelId::TreeSweep, Region::Picture)
            );
            export_and_check(&mut h, region, scrolls, &path);
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_map_exports_and_a_bad_path_is_a_notice() {
    let dir = temp_dir("map-figure");
    let mut h = harness(None);
    h.get_by_label("Map of two parameters").click();
    settle(&mut h);
    // The map is the one figure while it is open.
    assert_eq!(h.query_all_by_label("↓ PNG").count(), 1);
    export_and_check(&mut h, Region::Map, false, &dir.join("map.png"));
    // A path in a directory that does not exist: an error in the status bar, no panic.
    let bad = dir.join("missing").join("map.png");
    h.state_mut().send(Cmd::ExportFigureTo(bad.clone()));
    settle(&mut h);
    let notice = h.state().notice().unwrap_or_default().to_string();
    assert!(
        notice.starts_with("Could not export the map to") && notice.contains("missing"),
        "{notice}"
    );
    assert!(!bad.exists());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn each_figure_has_a_png_button_and_an_export_means_the_figure_asked_for() {
    let dir = temp_dir("figure-choice");
    let mut h = harness(None);
    let drawn = h.state().drawn().to_vec();
    let plots = drawn
        .iter()
        .find(|d| d.region == Region::Plots)
        .expect("the plots are on screen");
    // One "↓ PNG" button per figure on screen.
    assert_eq!(h.query_all_by_label("↓ PNG").count(), drawn.len());
    // Export figure… for the plots: the path is asked for, then the plots' region (title,
    // axes and legend included) is drawn, not the picture's.
    h.state_mut().send(Cmd::ExportFigure(Some(Region::Plots)));
    h.run_steps(2);
    let path = dir.join("plots.png");
    h.state_mut().send(Cmd::ExportFigureTo(path.clone()));
    settle(&mut h);
    let shot = h.state().figure_shot().expect("an export ran").clone();
    assert_eq!(shot.region, Region::Plots);
    assert_eq!(shot.rect, plots.room);
    assert_eq!(shot.path, path);
    // No region asked: the figure under the pointer, else the picture.
    h.state_mut().send(Cmd::ExportFigureTo(path.clone()));
    settle(&mut h);
    let picture = drawn.iter().find(|d| d.region == Region::Picture).unwrap();
    assert_eq!(h.state().figure_shot().unwrap().rect, picture.room);
    assert_eq!(
        decode(&path).width,
        h.state().figure_shot().unwrap().pixels[0]
    );
    // Presenter mode zooms this 1500 × 940 window to 1.5 × 1500/1280 (1.5 at 1280 × 720, as
    // much more as the window is wider); the export stays at 2× the display's density, of the
    // room the figure has in presenter mode.
    h.state_mut().send(Cmd::Presenter(true));
    settle(&mut h);
    assert_eq!(h.ctx.pixels_per_point(), 1.5 * 1500.0 / 1280.0);
    let drawn = *h
        .state()
        .drawn()
        .iter()
        .find(|d| d.region == Region::Picture)
        .unwrap();
    let (room, size) = (drawn.room, loadlab::ui::figure::export_room(&drawn));
    h.state_mut().send(Cmd::ExportFigure(Some(Region::Picture)));
    h.run_steps(2);
    h.state_mut().send(Cmd::ExportFigureTo(path.clone()));
    settle(&mut h);
    let shot = h.state().figure_shot().unwrap().clone();
    assert_eq!((shot.rect, shot.scale), (room, 2.0));
    let margin = 2.0 * loadlab::ui::figure::MARGIN;
    let png = decode(&path);
    assert_eq!(png.width, (2.0 * (size.x + margin)).round() as usize);
    assert!(png.height >= (2.0 * (size.y + margin)).round() as usize);
    std::fs::remove_dir_all(dir).unwrap();
}

/// With "Your turn" on, the picture's export is the board as the student has played it (a
/// move planned, the score so far), not the algorithm's run the picture shows otherwise.
#[test]
fn a_your_turn_export_is_the_board_not_the_solution() {
    let dir = temp_dir("your-turn-figure");
    let mut h = harness(None);
    h.state_mut().send(Cmd::Switch(ModelId::Redistribute));
    settle(&mut h);
    h.get_by_label("Your turn").click_accesskit();
    h.run_steps(2);
    h.get_by_label("P1 → P2").click_accesskit();
    h.run_steps(2);
    let path = dir.join("board.svg");
    h.state_mut().send(Cmd::ExportFigure(Some(Region::Picture)));
    h.run_steps(2);
    h.state_mut().send(Cmd::ExportFigureTo(path.clone()));
    settle(&mut h);
    let svg = std::fs::read_to_string(&path).expect("the SVG written");
    let words: String = svg
        .split('<')
        .filter_map(|piece| piece.split_once('>').map(|(_, t)| t))
        .collect();
    assert!(
        words.contains("Score 0 / 4") && words.contains("Planned: P1 → P2"),
        "{words:.500}"
    );
    // Neither the picture's view tabs nor the band's buttons.
    for absent in ["δ bars", "Show me", "Undo move"] {
        assert!(!words.contains(absent), "{absent:?} in {words:.500}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Issue 26: a hand-out's step PNG is the app's window as the user sees it — menus, the
/// lesson player at that step, presenter mode's larger type — with the question's answer
/// still hidden, drawn off-screen at the window's size in pixels.
#[test]
fn a_hand_out_step_is_the_whole_window_with_the_answer_hidden() {
    use loadlab::ui::app::Offscreen;
    use loadlab::ui::export::window::Window;
    let lesson = loadlab::lesson::resolve("rrv").expect("the bundled lesson");
    let steps = lesson.steps.len();
    let draw = |presenter: bool| {
        let window = Window {
            size: [1280, 720],
            presenter,
        };
        let mut w = Offscreen::new(window, lesson.clone());
        w.step(0).expect("step 1 drawn");
        let texts = w.texts();
        let pixels = w.pixels().expect("rasterized");
        (texts, pixels)
    };
    let (runs, pixels) = draw(true);
    let has = |t: &str| runs.iter().any(|r| r.text.contains(t));
    let all: Vec<&str> = runs.iter().map(|r| r.text.as_str()).collect();
    for t in [
        "File",
        "Edit",
        "View",
        "Help",
        &format!("step 1 of {steps}"),
        "Next",
    ] {
        assert!(has(t), "{t:?} is not in the window: {all:?}");
    }
    // Lemma 1's bound (4) is the question: "?" until Reveal, in the picture's caption too.
    assert!(has("remaining bound ?"), "{all:?}");
    assert!(!has("remaining bound 4"), "the answer shows: {all:?}");
    assert_eq!(pixels.len(), 1280 * 720 * 4);
    let colours: HashSet<&[u8]> = pixels.chunks_exact(4).collect();
    assert!(colours.len() > 200, "{} colours: blank?", colours.len());
    // Presenter mode's zoom 1.5: the 1280 px window is 853 points wide, on the desktop 1280
    // (the status bar's title ends at its right edge).
    let right = |runs: &[loadlab::ui::figure::pdf::Run]| {
        runs.iter()
            .map(|r| r.origin.x + r.width)
            .fold(0.0f32, f32::max)
    };
    let (desk, _) = draw(false);
    assert!(right(&runs) <= 1280.0 / 1.5 + 1.0, "{}", right(&runs));
    assert!(right(&desk) > 1200.0, "{}", right(&desk));
}

/// A figure typed as "plot.txt" is refused next to the path, saying which names an image
/// takes (it wrote PNG data into a .txt file); "plot" with no extension becomes plot.png.
#[test]
fn an_image_named_as_another_kind_of_file_is_refused_where_it_is_typed() {
    use loadlab::ui::files::FileAction;
    let dir = temp_dir("figure-name");
    let mut h = harness(None);
    let type_and_ok = |h: &mut Harness<'_, LoadlabApp>, path: &Path| {
        let field = h.get_by_role_and_label(egui::accesskit::Role::TextInput, "File path");
        field.focus();
        field.type_text(path.to_str().unwrap());
        h.run_steps(2);
        h.get_by_label("OK").click();
        settle(h);
    };
    h.state_mut().send(Cmd::PromptPath(FileAction::Figure));
    h.run_steps(3);
    let txt = dir.join("plot.txt");
    type_and_ok(&mut h, &txt);
    assert!(!txt.exists(), "nothing written under a text file's name");
    let why = "An image is written here: name the file .png or .svg, not .txt";
    h.get_by_label(why);
    assert!(h.state().figure_shot().is_none(), "no export ran");
    // A folder that is not there is said there too (it was a notice once the window closed).
    type_and_ok(&mut h, &dir.join("missing").join("plot.png"));
    let missing = dir.join("missing").display().to_string();
    h.get_by_label(&format!(
        "There is no folder {missing}: name one that exists"
    ));
    // The field keeps the path to correct: without an extension, the figure is a PNG.
    type_and_ok(&mut h, &dir.join("plot"));
    assert!(h.query_by_label(why).is_none(), "the prompt closed");
    assert_eq!(h.state().figure_shot().unwrap().path, dir.join("plot.png"));
    assert!(decode(&dir.join("plot.png")).width > 0);
    std::fs::remove_dir_all(dir).unwrap();
}
