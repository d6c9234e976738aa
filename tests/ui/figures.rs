//! Figure export: the crop at the display scale, the PNG written, and which figure's rect an
//! export records.

use egui::{Color32, ColorImage, Rect, pos2};
use egui_kittest::kittest::Queryable;
use loadlab::ui::app::Cmd;
use loadlab::ui::figure::{crop, save};
use loadlab::ui::workspace::Region;

use crate::common::{harness, settle};

/// A screenshot whose every pixel encodes its own position.
fn synthetic(w: usize, h: usize) -> ColorImage {
    let pixels = (0..h)
        .flat_map(|y| (0..w).map(move |x| Color32::from_rgb(x as u8, y as u8, 7)))
        .collect();
    ColorImage::new([w, h], pixels)
}

#[test]
fn a_figure_is_cropped_at_the_pixel_scale_and_written_as_png() {
    let image = synthetic(200, 120);
    // A rect of 40 × 20 points at 2 pixels per point is 80 × 40 pixels from (20, 40).
    let rect = Rect::from_min_max(pos2(10.0, 20.0), pos2(50.0, 40.0));
    let fig = crop(&image, rect, 2.0).unwrap();
    assert_eq!(fig.size, [80, 40]);
    assert_eq!(fig.pixels[0], Color32::from_rgb(20, 40, 7));
    assert_eq!(fig.pixels[80 * 40 - 1], Color32::from_rgb(99, 79, 7));
    // Fractional corners round outwards; a rect past the edge is clamped; outside is None.
    let fig = crop(
        &image,
        Rect::from_min_max(pos2(0.3, 0.3), pos2(10.2, 5.5)),
        1.0,
    )
    .unwrap();
    assert_eq!(fig.size, [11, 6]);
    let fig = crop(
        &image,
        Rect::from_min_max(pos2(90.0, 50.0), pos2(400.0, 400.0)),
        2.0,
    );
    assert_eq!(fig.unwrap().size, [20, 20]);
    assert!(
        crop(
            &image,
            Rect::from_min_max(pos2(300.0, 0.0), pos2(400.0, 9.0)),
            1.0
        )
        .is_none()
    );

    let dir = tempfile_dir();
    let path = dir.join("figure.png");
    assert_eq!(save(&path, &image, rect, 2.0).unwrap(), [80, 40]);
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
    let reader = decoder.read_info().unwrap();
    assert_eq!((reader.info().width, reader.info().height), (80, 40));
    std::fs::remove_dir_all(dir).unwrap();
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("loadlab-figure-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn each_figure_has_a_png_button_and_the_export_records_its_rect() {
    let mut h = harness(None);
    let drawn = h.state().drawn().to_vec();
    let plots = drawn
        .iter()
        .find(|d| d.region == Region::Plots)
        .expect("the plots are on screen");
    // One "↓ PNG" button per figure on screen.
    assert_eq!(h.query_all_by_label("↓ PNG").count(), drawn.len());
    // Export figure… for the plots: the path is asked for, then the crop rect is the plots'
    // region (title, axes and legend included), not the picture's.
    h.state_mut().send(Cmd::ExportFigure(Some(Region::Plots)));
    h.run_steps(2);
    let path = std::env::temp_dir().join(format!("loadlab-plots-{}.png", std::process::id()));
    h.state_mut().send(Cmd::ExportFigureTo(path.clone()));
    h.run_steps(1);
    let shot = h
        .state()
        .figure_shot()
        .expect("an export was requested")
        .clone();
    assert_eq!(shot.region, Region::Plots);
    assert_eq!(shot.rect, plots.room);
    assert_eq!(shot.path, path);
    // No region asked: the figure under the pointer, else the picture.
    h.state_mut().send(Cmd::ExportFigureTo(path.clone()));
    h.run_steps(1);
    let picture = drawn.iter().find(|d| d.region == Region::Picture).unwrap();
    assert_eq!(h.state().figure_shot().unwrap().rect, picture.room);
    settle(&mut h);
    // The map is a figure too.
    h.get_by_label("Map of two parameters").click();
    settle(&mut h);
    assert!(h.state().drawn().iter().any(|d| d.region == Region::Map));
    assert_eq!(h.query_all_by_label("↓ PNG").count(), 1);
    let _ = std::fs::remove_file(path);
}
