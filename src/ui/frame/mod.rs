//! The per-frame context: what the app publishes at the start of each frame and the widgets
//! read while they draw — whether the room is a stage (widgets take their compact form), a
//! phone's column, a phone's window,
//! whether this is the off-screen pass of an export, the open lesson question's answer to
//! mask ([`Secret`]), the "Hide the future" switch with the step position ([`reveal::Reveal`])
//! — and the repaint callback background jobs get.
//!
//! This is the floor of `src/ui`: it imports nothing from the rest of the UI, and the widgets
//! import nothing from above them but this. Each flag lives in the context's temporary data
//! under its own key; a context that never published one reads its default (no stage, not
//! exporting, nothing to hide).

pub mod reveal;
mod secret;

#[cfg(test)]
pub(crate) use secret::gil_matias_step_6;
pub use secret::{HIDDEN, Says, Secret};

/// A yes-or-no fact of the frame, kept under its own key.
#[derive(Clone, Copy)]
struct Flag(&'static str);

/// Whether the room is a stage.
const STAGE: Flag = Flag("loadlab-stage");
/// Whether the stage is a phone's column (the drawer under the picture).
const COLUMN: Flag = Flag("loadlab-column");
/// Whether the window is a phone's.
const PHONE: Flag = Flag("loadlab-phone");
/// Whether this is an export's off-screen context.
const EXPORTING: Flag = Flag("figure-export-pass");
/// Whether the front workspace's "Your turn" is on.
const YOUR_TURN: Flag = Flag("loadlab-your-turn");
/// Whether the front exercise is a handed-in attempt being replayed.
const REPLAYING: Flag = Flag("loadlab-replaying");
/// Whether the stage shows the plots in front of the picture.
const PLOTS_IN_FRONT: Flag = Flag("loadlab-plots-in-front");

impl Flag {
    fn set(self, ctx: &egui::Context, on: bool) {
        ctx.data_mut(|d| d.insert_temp(egui::Id::unique(self.0), on));
    }

    fn get(self, ctx: &egui::Context) -> bool {
        ctx.data(|d| d.get_temp::<bool>(egui::Id::unique(self.0)))
            .unwrap_or(false)
    }
}

/// A frame's yes-or-no fact: `publish` sets it for this frame, `read` reads it back.
macro_rules! frame_flag {
    ($flag:ident, $(#[$p:meta])* $publish:ident, $(#[$r:meta])* $read:ident) => {
        $(#[$p])*
        pub fn $publish(ctx: &egui::Context, on: bool) {
            $flag.set(ctx, on);
        }

        $(#[$r])*
        pub fn $read(ctx: &egui::Context) -> bool {
            $flag.get(ctx)
        }
    };
}

frame_flag!(
    STAGE,
    /// Publishes, for this frame, whether the room is a stage (widgets then take their
    /// compact form: a one-row step bar, one-line details).
    publish_stage,
    /// Whether this frame's room is a stage ([`publish_stage`]).
    on_stage
);
frame_flag!(
    YOUR_TURN,
    /// Publishes, for this frame, whether the front workspace's "Your turn" is on (its
    /// controls then keep to what the exercise can draw).
    publish_your_turn,
    /// Whether "Your turn" is on this frame ([`publish_your_turn`]).
    your_turn
);
frame_flag!(
    REPLAYING,
    /// Publishes, for this frame, whether the front exercise shows a handed-in attempt being
    /// replayed (its board and buttons are then the student's, read-only).
    publish_replaying,
    /// Whether the front exercise is an attempt's replay ([`publish_replaying`]).
    replaying
);
frame_flag!(
    PLOTS_IN_FRONT,
    /// Publishes, for this frame, whether the stage shows the plots in front of the picture
    /// (the drawer's leaves then say whose numbers they show).
    publish_plots_in_front,
    /// Whether the stage shows the plots in front ([`publish_plots_in_front`]).
    plots_in_front
);
frame_flag!(
    COLUMN,
    /// Publishes, for this frame, whether the stage is a column, a phone's room held upright
    /// (a figure's first row then goes under its corner buttons, not beside them).
    publish_column,
    /// Whether this frame's stage is a column ([`publish_column`]).
    in_column
);
frame_flag!(
    PHONE,
    /// Publishes, for this frame, whether the window is a phone's, upright or on its side (a
    /// region too tall for its room then scrolls rather than being squeezed).
    publish_phone,
    /// Whether this frame's window is a phone's ([`publish_phone`]).
    on_phone
);

/// The central area ([`publish_centre`]).
const CENTRE: &str = "loadlab-centre";

/// Publishes, for this frame, the central area: what the bars, the toolbars, the rail and the
/// drawer leave of the window. A window opens under its top; one folded aside to a bottom
/// corner stands in its corner, on the status bar, over nothing of the drawer's (a lesson's
/// answer box) or the picture's.
pub fn publish_centre(ctx: &egui::Context, rect: egui::Rect) {
    ctx.data_mut(|d| d.insert_temp(egui::Id::unique(CENTRE), rect));
}

/// The central area ([`publish_centre`]); the whole window where none was published.
pub fn centre(ctx: &egui::Context) -> egui::Rect {
    ctx.data(|d| d.get_temp(egui::Id::unique(CENTRE)))
        .unwrap_or_else(|| ctx.content_rect())
}

/// Which page the picture shows ([`publish_page`]).
const PAGE: &str = "loadlab-page";

/// Publishes, for this frame, which page the picture shows: a number that changes when
/// another model, an opened file or a lesson's next step comes to the front. Every region
/// that scrolls then starts at its top ([`top_on_new_page`]).
pub fn publish_page(ctx: &egui::Context, page: u64) {
    ctx.data_mut(|d| d.insert_temp(egui::Id::unique(PAGE), page));
}

/// Which page the picture shows ([`publish_page`]); 0 where none was published.
pub fn page(ctx: &egui::Context) -> u64 {
    ctx.data(|d| d.get_temp(egui::Id::unique(PAGE)))
        .unwrap_or(0)
}

/// `area`, known as `salt` in `ui`, scrolled back to its top when it is drawn for a new page
/// ([`page`]): a lesson's next step, another model or an opened file starts at the top of
/// every region that scrolls (the controls and numbers kept the last step's scroll, their
/// first rows out of sight). Stepping the run or editing keeps the scroll where it is.
pub fn top_on_new_page(
    ui: &egui::Ui,
    salt: impl std::hash::Hash + std::fmt::Debug,
    area: egui::ScrollArea,
) -> egui::ScrollArea {
    let page = page(ui.ctx());
    let seen = ui.make_persistent_id(("page seen", &salt));
    let last = ui
        .ctx()
        .data_mut(|d| std::mem::replace(d.get_temp_mut_or(seen, page), page));
    let area = area.id_salt(salt);
    match last != page {
        true => area.scroll_offset(egui::Vec2::ZERO),
        false => area,
    }
}

/// Marks `ctx` as the off-screen context of an export (for every frame it runs).
pub fn publish_exporting(ctx: &egui::Context) {
    EXPORTING.set(ctx, true);
}

/// True inside the off-screen pass of an export: what is only for the screen (the step bar's
/// buttons and slider) is left out of the figure.
pub fn exporting(ctx: &egui::Context) -> bool {
    EXPORTING.get(ctx)
}

fn secret_key() -> egui::Id {
    egui::Id::unique("loadlab-secret")
}

/// Publishes this frame's open question (None: nothing to hide).
pub fn publish_secret(ctx: &egui::Context, secret: Option<Secret>) {
    ctx.data_mut(|d| match secret {
        Some(s) => {
            d.insert_temp(secret_key(), s);
        }
        None => d.remove::<Secret>(secret_key()),
    });
}

/// This frame's open question, if any.
pub fn secret(ctx: &egui::Context) -> Option<Secret> {
    ctx.data(|d| d.get_temp::<Secret>(secret_key()))
}

/// Whether this frame's open question hides quantity `key` of the shown run
/// ([`Secret::hides_field`]).
pub fn hides_field(ctx: &egui::Context, key: &str) -> bool {
    secret(ctx).is_some_and(|s| s.hides_field(key))
}

/// `text` as this frame may show it: with the open question's answer masked (free text:
/// by its digits, the last resort; see [`masked_as`]).
pub fn masked(ctx: &egui::Context, text: &str) -> String {
    masked_as(ctx, Says::Free, text)
}

/// `text`, which writes `says`, as this frame may show it.
pub fn masked_as(ctx: &egui::Context, says: Says, text: &str) -> String {
    match secret(ctx) {
        Some(s) => s.mask_as(says, text),
        None => text.to_owned(),
    }
}

/// A callback for background jobs: repaint when progress moves or the result lands.
pub fn repainter(ctx: &egui::Context) -> impl Fn() + Send + Sync + 'static {
    let c = ctx.clone();
    move || c.request_repaint()
}

/// What the widgets of one pass recorded under one key, for what draws before them in the
/// next (the menu bar, the central panel): the pass it was recorded in, its items, and the
/// previous pass's items.
#[derive(Clone)]
struct Recorded<T> {
    pass: u64,
    this: Vec<T>,
    last: Vec<T>,
}

/// Records `item` under `key` for this pass ([`recorded`] reads it in the next).
pub fn record<T: Clone + Send + Sync + 'static>(ctx: &egui::Context, key: &'static str, item: T) {
    let now = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| {
        let r = d.get_temp_mut_or_insert_with(egui::Id::unique(key), || Recorded::<T> {
            pass: now,
            this: Vec::new(),
            last: Vec::new(),
        });
        if r.pass != now {
            let this = std::mem::take(&mut r.this);
            r.last = if r.pass + 1 == now { this } else { Vec::new() };
            r.pass = now;
        }
        r.this.push(item);
    });
}

/// What the previous pass recorded under `key` ([`record`]): whether this pass has recorded
/// anything yet or not, so what draws first and what draws last read the same.
pub fn recorded<T: Clone + Send + Sync + 'static>(
    ctx: &egui::Context,
    key: &'static str,
) -> Vec<T> {
    let now = ctx.cumulative_pass_nr();
    let r = ctx.data(|d| d.get_temp::<Recorded<T>>(egui::Id::unique(key)));
    match r {
        Some(r) if r.pass == now => r.last,
        Some(r) if r.pass + 1 == now => r.this,
        _ => Vec::new(),
    }
}

fn said_key() -> egui::Id {
    egui::Id::unique("loadlab-said")
}

/// Puts `text` on the clipboard and says so in the status bar in the next frame (read out
/// by a screen reader): "Copied the table (12 rows) to the clipboard". A copy said nothing.
pub fn copy(ctx: &egui::Context, what: &str, text: String) {
    let lines = text.lines().count();
    ctx.copy_text(text);
    let said = format!(
        "Copied {what} ({}) to the clipboard",
        crate::model::words::count(lines, "line")
    );
    ctx.data_mut(|d| d.insert_temp(said_key(), said));
    ctx.request_repaint();
}

fn asked_key() -> egui::Id {
    egui::Id::unique("loadlab-asked")
}

/// Records that a number was asked as a lesson question (its row's context menu): the app
/// takes it after the frame ([`take_asked`]) and writes the question, whose check runs the
/// scenario in front.
pub fn ask(ctx: &egui::Context, asked: crate::lesson::authoring::Asked) {
    ctx.data_mut(|d| d.insert_temp(asked_key(), asked));
    ctx.request_repaint();
}

/// The number asked as a lesson question since the last frame ([`ask`]), taken.
pub fn take_asked(ctx: &egui::Context) -> Option<crate::lesson::authoring::Asked> {
    ctx.data_mut(|d| d.remove_temp(asked_key()))
}

/// What a widget said for the status bar since the last frame ([`copy`]), taken.
pub fn take_said(ctx: &egui::Context) -> Option<String> {
    ctx.data_mut(|d| d.remove_temp::<String>(said_key()))
}

#[cfg(test)]
mod tests {
    use super::{record, recorded};

    /// A pass's records are read whole in the next pass, before and after that pass records
    /// its own; a pass that records nothing leaves the pass after it nothing.
    #[test]
    fn a_pass_reads_what_the_pass_before_it_recorded() {
        let ctx = egui::Context::default();
        let mut seen = Vec::new();
        let mut pass = |items: &[u32]| {
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
                let before = recorded::<u32>(ui.ctx(), "test-list");
                for &i in items {
                    record(ui.ctx(), "test-list", i);
                }
                let after = recorded::<u32>(ui.ctx(), "test-list");
                seen.push((before, after));
            });
            out.textures_delta.clear();
        };
        pass(&[1, 2]);
        pass(&[3]);
        pass(&[]);
        pass(&[4]);
        assert_eq!(seen[0], (vec![], vec![]));
        assert_eq!(seen[1], (vec![1, 2], vec![1, 2]));
        assert_eq!(seen[2], (vec![3], vec![3]));
        assert_eq!(seen[3], (vec![], vec![]));
    }
}
