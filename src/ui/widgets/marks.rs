//! Where things were drawn this pass, by name, so the lesson player can outline them: the
//! workspace records its regions (`region:picture`, …) and every parameter-grid row records
//! its caption and control (`control:β`). The rectangles live in egui's temporary memory and
//! only those recorded in the current pass count.

use egui::{Context, Id, Rect};

/// What is recorded under one id in one pass (or frame) `nr`: what an older one recorded is
/// dropped when the next one records.
#[derive(Clone)]
pub(super) struct Recorded<T> {
    /// The pass or frame the items were recorded in.
    pub nr: u64,
    /// The items, in drawing order.
    pub items: Vec<T>,
}

impl<T> Default for Recorded<T> {
    fn default() -> Self {
        Recorded {
            nr: 0,
            items: Vec::new(),
        }
    }
}

/// Lets `add` add to what is recorded under `id` in pass (or frame) `nr`, after what an
/// older one recorded was dropped.
pub(super) fn record_in<T: Clone + Send + Sync + 'static>(
    ctx: &Context,
    id: Id,
    nr: u64,
    add: impl FnOnce(&mut Vec<T>),
) {
    ctx.data_mut(|d| {
        let r = d.get_temp_mut_or_default::<Recorded<T>>(id);
        if r.nr != nr {
            r.nr = nr;
            r.items.clear();
        }
        add(&mut r.items);
    });
}

/// The rectangles recorded in one pass.
type Marks = Recorded<(String, Rect)>;

fn id() -> Id {
    Id::unique("loadlab-marks")
}

/// Records `rect` under `key` for this pass (a key recorded twice keeps both: `find` gives
/// their union).
pub fn record(ctx: &Context, key: impl Into<String>, rect: Rect) {
    let key = key.into();
    record_in(ctx, id(), ctx.cumulative_pass_nr(), |rects| {
        rects.push((key, rect))
    });
}

/// Records a control row's rectangle under `control:<caption>`: the part of it `ui` shows
/// (a row scrolled out of a scroll area is not on screen, and an outline drawn where it would
/// be lies over whatever is there instead).
pub fn control(ui: &egui::Ui, caption: &str, rect: Rect) {
    let seen = rect.intersect(ui.clip_rect());
    if seen.is_positive() {
        record(ui.ctx(), format!("control:{}", caption.trim()), seen);
    }
}

/// Where `key` was drawn in this pass (the union of its rectangles), if it was.
pub fn find(ctx: &Context, key: &str) -> Option<Rect> {
    let pass = ctx.cumulative_pass_nr();
    ctx.data(|d| {
        let m = d.get_temp::<Marks>(id())?;
        if m.nr != pass {
            return None;
        }
        m.items
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
            .items
            .iter()
            .filter(|(k, _)| k == key)
            .map(|(_, r)| *r)
            .reduce(|a, b| a.union(b))
    })
}

/// Every key recorded in the latest pass that recorded anything, in drawing order (for tests
/// and diagnostics: after a frame ended, what that frame drew).
pub fn keys(ctx: &Context) -> Vec<String> {
    ctx.data(|d| {
        d.get_temp::<Marks>(id())
            .map(|m| m.items.iter().map(|(k, _)| k.clone()).collect())
            .unwrap_or_default()
    })
}

/// Every rectangle recorded under `key` in the latest pass that recorded anything, one by
/// one (for tests that check how labels lie to one another).
pub fn latest_all(ctx: &Context, key: &str) -> Vec<Rect> {
    ctx.data(|d| {
        d.get_temp::<Marks>(id())
            .map(|m| {
                m.items
                    .iter()
                    .filter(|(k, _)| k == key)
                    .map(|(_, r)| *r)
                    .collect()
            })
            .unwrap_or_default()
    })
}
