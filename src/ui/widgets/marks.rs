//! Where things were drawn this pass, by name, so the lesson player can outline them: the
//! workspace records its regions (`region:picture`, …) and every parameter-grid row records
//! its caption and control (`control:β`). The rectangles live in egui's temporary memory and
//! only those recorded in the current pass count.

use egui::{Context, Id, Rect};

/// The rectangles recorded in one pass.
#[derive(Clone, Default)]
struct Marks {
    pass: u64,
    rects: Vec<(String, Rect)>,
}

fn id() -> Id {
    Id::unique("loadlab-marks")
}

/// Records `rect` under `key` for this pass (a key recorded twice keeps both: `find` gives
/// their union).
pub fn record(ctx: &Context, key: impl Into<String>, rect: Rect) {
    let pass = ctx.cumulative_pass_nr();
    let key = key.into();
    ctx.data_mut(|d| {
        let m = d.get_temp_mut_or_default::<Marks>(id());
        if m.pass != pass {
            m.pass = pass;
            m.rects.clear();
        }
        m.rects.push((key, rect));
    });
}

/// Records a control row's rectangle under `control:<caption>`.
pub fn control(ctx: &Context, caption: &str, rect: Rect) {
    record(ctx, format!("control:{}", caption.trim()), rect);
}

/// Where `key` was drawn in this pass (the union of its rectangles), if it was.
pub fn find(ctx: &Context, key: &str) -> Option<Rect> {
    let pass = ctx.cumulative_pass_nr();
    ctx.data(|d| {
        let m = d.get_temp::<Marks>(id())?;
        if m.pass != pass {
            return None;
        }
        m.rects
            .iter()
            .filter(|(k, _)| k == key)
            .map(|(_, r)| *r)
            .reduce(|a, b| a.union(b))
    })
}

/// Where `key` was drawn in the latest pass that recorded anything (the union of its
/// rectangles): after a frame ended, what that frame drew (for tests that point at it).
pub fn latest(ctx: &Context, key: &str) -> Option<Rect> {
    ctx.data(|d| {
        d.get_temp::<Marks>(id())?
            .rects
            .iter()
            .filter(|(k, _)| k == key)
            .map(|(_, r)| *r)
            .reduce(|a, b| a.union(b))
    })
}

/// Every key recorded in this pass, in drawing order (for tests and diagnostics).
pub fn keys(ctx: &Context) -> Vec<String> {
    let pass = ctx.cumulative_pass_nr();
    ctx.data(|d| {
        d.get_temp::<Marks>(id())
            .filter(|m| m.pass == pass)
            .map(|m| m.rects.iter().map(|(k, _)| k.clone()).collect())
            .unwrap_or_default()
    })
}

/// Every rectangle recorded under `key` in the latest pass that recorded anything, one by
/// one (for tests that check how labels lie to one another).
pub fn latest_all(ctx: &Context, key: &str) -> Vec<Rect> {
    ctx.data(|d| {
        d.get_temp::<Marks>(id())
            .map(|m| {
                m.rects
                    .iter()
                    .filter(|(k, _)| k == key)
                    .map(|(_, r)| *r)
                    .collect()
            })
            .unwrap_or_default()
    })
}
