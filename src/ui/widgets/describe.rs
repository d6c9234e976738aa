//! "Describe the picture" (issue 37): a plain-text account of what the picture shows at this
//! step, for a student who cannot see it — copied to the clipboard and read out by a screen
//! reader from the stage's Describe button, written into an exported SVG as its `<title>` and
//! `<desc>`, and given as the hand-out's alt text.
//!
//! The description is gathered where the picture is drawn: the step caption, the Why line and
//! the ring, tree and Gantt widgets each [`record`] one line of what they drew this frame, in
//! drawing order, with an open question's answer already masked as it is on screen. So it
//! says what the picture says — no more (no hidden answer), no less.

use egui::Context;

use super::marks::{Recorded, record_in};

/// The lines recorded in one frame.
type Lines = Recorded<String>;

fn key() -> egui::Id {
    egui::Id::unique("loadlab-describe")
}

/// The caption of the stage's button (the tests click it).
pub const CAPTION: &str = "Describe";

/// The most items a list in one line names before it says how many more there are.
pub const LIST_MAX: usize = 24;

/// Adds `line` to this frame's description (a line already recorded this frame is kept once;
/// blank lines are skipped).
pub fn record(ctx: &Context, line: impl Into<String>) {
    let line = line.into();
    let line = line.trim();
    if line.is_empty() {
        return;
    }
    record_in(
        ctx,
        key(),
        ctx.cumulative_frame_nr(),
        |lines: &mut Vec<String>| {
            if !lines.iter().any(|x| x == line) {
                lines.push(line.to_owned());
            }
        },
    );
}

/// The description recorded in the latest frame that recorded any (None: nothing yet), one
/// line per part.
pub fn latest(ctx: &Context) -> Option<String> {
    recorded_since(ctx, 0)
}

/// What Describe says when no picture is on screen (the plots or the map in front).
pub const NOTHING_DRAWN: &str =
    "No picture is on screen to describe (the plots or the map are in front)";

/// The description recorded in this very frame (None when nothing was drawn yet this frame):
/// what the app reads at the end of a frame in which Describe was asked for.
pub fn this_frame(ctx: &Context) -> Option<String> {
    recorded_since(ctx, ctx.cumulative_frame_nr())
}

/// The description recorded in this frame or the one before (None when the picture was not
/// drawn that late): what a command applied between two frames reads. An older one may be of
/// another step or scenario (the plots in front on the stage draw no picture).
pub fn recent(ctx: &Context) -> Option<String> {
    recorded_since(ctx, ctx.cumulative_frame_nr().saturating_sub(1))
}

/// The description last recorded, if it was recorded in frame `oldest` or later.
fn recorded_since(ctx: &Context, oldest: u64) -> Option<String> {
    ctx.data(|d| d.get_temp::<Lines>(key()))
        .filter(|l| l.nr >= oldest && !l.items.is_empty())
        .map(|l| l.items.join("\n"))
}

/// A description's lines as one line of text (the status bar's): each line that ends in no
/// mark of its own ends with a full stop ("…holds the whole load Nothing has been sent…").
pub fn one_line(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let n = lines.len();
    (lines.iter().enumerate())
        .map(|(i, l)| {
            let ends = l.ends_with(['.', ':', ';', '!', '?', '…', ')']);
            if ends || i + 1 == n {
                l.to_string()
            } else {
                format!("{l}.")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `items` joined with semicolons (an item may hold commas), at most [`LIST_MAX`] of them,
/// then "and N more".
pub fn list(items: impl IntoIterator<Item = String>) -> String {
    let mut shown = Vec::new();
    let mut more = 0usize;
    for item in items {
        if shown.len() < LIST_MAX {
            shown.push(item);
        } else {
            more += 1;
        }
    }
    let mut text = shown.join("; ");
    if more > 0 {
        text.push_str(&format!(" and {more} more"));
    }
    text
}

/// The name of `n` things: "1 processor", "7 processors".
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_description_reads_as_sentences_on_one_line() {
        assert_eq!(
            one_line("t = 0: the root holds the whole load\nNothing has been sent yet."),
            "t = 0: the root holds the whole load. Nothing has been sent yet."
        );
        assert_eq!(one_line("Ring of 5:\nP1 sends"), "Ring of 5: P1 sends");
        assert_eq!(one_line("one line"), "one line");
    }

    #[test]
    fn a_frame_starts_a_new_description_and_a_line_is_kept_once() {
        let ctx = Context::default();
        ctx.run_ui(Default::default(), |ui| {
            record(ui.ctx(), "Round 1 of 3");
            record(ui.ctx(), "  ");
            record(ui.ctx(), "Round 1 of 3");
            record(ui.ctx(), "Ring of 5 processors");
            assert_eq!(
                this_frame(ui.ctx()).as_deref(),
                Some("Round 1 of 3\nRing of 5 processors")
            );
        })
        .drop_without_applying_deltas();
        ctx.run_ui(Default::default(), |ui| {
            // Nothing recorded yet this frame: the last frame's description is still there.
            assert_eq!(this_frame(ui.ctx()), None);
            assert!(latest(ui.ctx()).is_some_and(|d| d.starts_with("Round 1 of 3")));
            record(ui.ctx(), "Round 2 of 3");
            assert_eq!(latest(ui.ctx()).as_deref(), Some("Round 2 of 3"));
        })
        .drop_without_applying_deltas();
    }

    #[test]
    fn a_long_list_names_its_first_items_and_counts_the_rest() {
        let items = (1..=30).map(|k| format!("P{k}"));
        let text = list(items);
        assert!(text.starts_with("P1; P2; "));
        assert!(text.ends_with(&format!("P{LIST_MAX} and {} more", 30 - LIST_MAX)));
        assert_eq!(count(1, "send"), "1 send");
        assert_eq!(count(3, "send"), "3 sends");
    }
}
