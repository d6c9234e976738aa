//! Projector sizes (issue 12): at 1280 × 720 (zoom 1) and 1920 × 1080 (zoom 1.5) every
//! model's picture and plots lie inside the window, do not overlap, and their content fits
//! the room it was given (nothing clipped); the step bar is inside the picture.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use loadlab::model::registry::ModelId;
use loadlab::ui::LoadlabApp;
use loadlab::ui::app::Cmd;
use loadlab::ui::workspace::Region;

use super::common::settle;

fn at(width: f32, height: f32, zoom: f32) -> Harness<'static, LoadlabApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(width, height))
        .with_max_steps(50)
        .build_eframe(|cc| LoadlabApp::new(cc, None));
    h.ctx.set_zoom_factor(zoom);
    settle(&mut h);
    h
}

/// Checks the regions drawn in the last frame; returns which were drawn.
fn check(h: &mut Harness<'static, LoadlabApp>, what: &str) -> Vec<Region> {
    let screen = h.ctx.content_rect();
    let drawn = h.state().drawn().to_vec();
    assert!(!drawn.is_empty(), "{what}: nothing drawn");
    for d in &drawn {
        assert!(
            screen.expand(1.0).contains_rect(d.room),
            "{what}: {:?} room {:?} outside the window {screen:?}",
            d.region,
            d.room
        );
        assert!(
            d.room.expand(2.0).contains_rect(d.content),
            "{what}: {:?} content {:?} clipped by its room {:?}",
            d.region,
            d.content,
            d.room
        );
        assert!(
            d.room.width() >= 250.0 && d.room.height() >= 180.0,
            "{what}: {:?} room {:?} too small to read",
            d.region,
            d.room
        );
    }
    if let [a, b] = drawn.as_slice() {
        assert!(
            a.room.intersect(b.room).area() < 1.0,
            "{what}: {:?} {:?} and {:?} {:?} overlap",
            a.region,
            a.room,
            b.region,
            b.room
        );
    }
    if let Some(picture) = drawn.iter().find(|d| d.region == Region::Picture) {
        let play = h
            .query_by_label("Play")
            .or_else(|| h.query_by_label("Pause"))
            .map(|n| n.rect());
        if let Some(play) = play {
            assert!(
                picture.room.expand(1.0).contains_rect(play),
                "{what}: step bar {play:?} outside the picture {:?}",
                picture.room
            );
        }
    }
    drawn.iter().map(|d| d.region).collect()
}

fn every_model(width: f32, height: f32, zoom: f32) {
    let mut h = at(width, height, zoom);
    for m in ModelId::ALL {
        h.state_mut().send(Cmd::Switch(m));
        settle(&mut h);
        let what = format!("{m:?} at {width}×{height}, zoom {zoom}");
        let regions = check(&mut h, &what);
        if regions == [Region::Picture] {
            // Too narrow for both: the plots take their turn in front, and fit too.
            h.get_by_label("Plots").click();
            settle(&mut h);
            assert_eq!(check(&mut h, &what), [Region::Plots], "{what}");
            h.get_by_label("Picture").click();
            settle(&mut h);
        }
    }
}

#[test]
fn every_model_fits_1280_by_720() {
    every_model(1280.0, 720.0, 1.0);
}

#[test]
fn every_model_fits_1920_by_1080_at_zoom_one_and_a_half() {
    every_model(1920.0, 1080.0, 1.5);
}
