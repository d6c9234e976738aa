//! The pseudo-code pane: the algorithms a stepped workspace runs (from
//! [`crate::model::pseudocode`]), the lines of the current step highlighted, and the step's
//! "why" with the instance's numbers, large. Hovering a line publishes its step label so the
//! picture can highlight what that line produced ([`hovered`]).
//!
//! Accessibility: every line is one label `"{step}  {text}"`, prefixed with `"▶ "` when it
//! is active in the current step (the UI tests read the highlighted lines that way); the why is
//! a label starting with `"Why: "`. A line that produced what the pointer is on in the picture
//! (an arrow, a bar, a node: [`set_picture_hover`]) gets its own colour and ends with
//! [`FROM_PICTURE`].

use crate::ui::widgets::scroll::Clipped;
use egui::text::LayoutJob;
use egui::{Align, Color32, FontId, RichText, TextFormat, Ui};

use crate::model::pseudocode::{self, Line};

/// What the pane shows for the current step.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PseudoStep {
    /// The algorithms shown (ids of [`crate::model::pseudocode`]), in order.
    pub algorithms: Vec<&'static str>,
    /// The active lines, as (algorithm id, step label).
    pub active: Vec<(&'static str, &'static str)>,
    /// Why the step does what it does, with the instance's numbers.
    pub why: String,
    /// The same why with quantity `key` and what gives it away written "?", when the model
    /// knew which of its numbers those are: an open question then hides it by that key
    /// ([`crate::ui::frame::Secret::hides_field`]), never by digits. None: free text, masked
    /// by its digits.
    pub hiding: Option<(&'static str, String)>,
}

impl PseudoStep {
    /// The step the model explained as `e`, in the pane of `algorithms`.
    pub fn explained(algorithms: Vec<&'static str>, e: crate::model::explain::Explained) -> Self {
        PseudoStep {
            algorithms,
            active: e.active,
            why: e.why,
            hiding: None,
        }
    }

    /// A step of one algorithm whose active lines are `labels` (labels not in its pseudo-code
    /// are dropped).
    pub fn of(id: &'static str, labels: &[&str], why: impl Into<String>) -> Self {
        let active = pseudocode::find(id)
            .map(|a| {
                labels
                    .iter()
                    .filter_map(|s| a.line(s).map(|l| (a.id, l.step)))
                    .collect()
            })
            .unwrap_or_default();
        PseudoStep {
            algorithms: vec![id],
            active,
            why: why.into(),
            hiding: None,
        }
    }
}

impl PseudoStep {
    /// The same step whose why writes quantity `key` as `hidden` shows while a question
    /// hides it ([`PseudoStep::hiding`]).
    pub fn hiding(mut self, key: &'static str, hidden: String) -> Self {
        self.hiding = Some((key, hidden));
        self
    }

    /// The why as this frame may show it: by its quantity when known, else by its digits.
    pub fn shown_why(&self, ctx: &egui::Context) -> String {
        match (&self.hiding, crate::ui::frame::secret(ctx)) {
            (_, None) => self.why.clone(),
            (Some((key, hidden)), Some(s)) => {
                if s.hides_field(key) {
                    hidden.clone()
                } else {
                    self.why.clone()
                }
            }
            (None, Some(s)) => s.mask(&self.why),
        }
    }
}

/// Narrowest the pane may get beside the picture.
pub const PANE_MIN: f32 = 220.0;
/// Widest it gets.
pub const PANE_MAX: f32 = 430.0;

fn hover_id(model: &str) -> egui::Id {
    egui::Id::unique(("pseudocode-hover", model.to_owned()))
}

/// The step label of the line hovered in `model`'s pane last frame, with its algorithm id.
pub fn hovered(ctx: &egui::Context, model: &str) -> Option<(String, String)> {
    ctx.data(|d| d.get_temp::<Option<(String, String)>>(hover_id(model)))
        .flatten()
}

/// End of the line whose product (arrow, bar, node) is hovered in the picture.
pub const FROM_PICTURE: &str = "  ◆ in the picture";

/// The one channel from the picture in front to its pane (one workspace is drawn at a time).
fn picture_hover_id() -> egui::Id {
    egui::Id::unique("pseudocode-picture-hover")
}

/// Forgets what the picture hovered (the shell calls it before the picture is drawn).
pub fn clear_picture_hover(ctx: &egui::Context) {
    ctx.data_mut(|d| d.remove::<(Option<String>, String)>(picture_hover_id()));
}

/// The picture has the pointer on something that the line `step` (of algorithm `algorithm`,
/// or of any algorithm shown when None) produced: the pane highlights that line in the same
/// frame (the pane is drawn after the picture). Widgets call it for their arrows, bars and
/// nodes that name a line (a Gantt bar's `line`, …).
pub fn set_picture_hover(ctx: &egui::Context, algorithm: Option<&str>, step: &str) {
    ctx.data_mut(|d| {
        d.insert_temp(
            picture_hover_id(),
            (algorithm.map(str::to_owned), step.to_owned()),
        )
    });
}

/// What the picture hovers this frame: (algorithm id if known, step label).
pub fn picture_hovered(ctx: &egui::Context) -> Option<(Option<String>, String)> {
    ctx.data(|d| d.get_temp::<(Option<String>, String)>(picture_hover_id()))
}

/// The accessible text of a line.
pub fn line_text(line: &Line, active: bool) -> String {
    format!(
        "{}{}  {}",
        if active { "▶ " } else { "" },
        line.step,
        line.text
    )
}

/// Draws the pane for `model` (scrolls when it does not fit); with `collapsible`, a button
/// folds it back to a strip under the picture: true when it was clicked.
pub fn pane(ui: &mut Ui, model: &str, step: &PseudoStep, collapsible: bool) -> bool {
    let mut collapse = false;
    if collapsible {
        collapse = ui
            .small_button("▾ Pseudo-code as a strip")
            .on_hover_text("Fold the pseudo-code to a strip under the picture and bring the plots back beside it")
            .clicked();
    }
    let look = Look::of(ui);
    let from_picture = picture_hovered(ui.ctx());
    let mut now_hovered = None;
    // Scroll the first active line into view once per change of the active set.
    let mem = egui::Id::unique(("pseudocode-active", model.to_owned()));
    let key = format!("{:?}", step.active);
    let changed = ui.ctx().data(|d| d.get_temp::<String>(mem)) != Some(key.clone());
    ui.ctx().data_mut(|d| d.insert_temp(mem, key));
    // The why stays on top (it scrolls on its own when very long); the lines scroll below.
    egui::ScrollArea::vertical()
        .id_salt(("pseudocode-why", model))
        .max_height(ui.available_height() * 0.45)
        .show_clipped(ui, |ui| {
            ui.add(
                egui::Label::new(
                    RichText::new(format!("Why: {}", step.why))
                        .font(FontId::proportional(look.body * 1.2))
                        .color(look.strong),
                )
                .wrap(),
            );
        });
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt(("pseudocode", model))
        .auto_shrink([false, false])
        .show_clipped(ui, |ui| {
            let mut scrolled = false;
            for alg in step.algorithms.iter().filter_map(|id| pseudocode::find(id)) {
                ui.label(RichText::new(alg.title).strong());
                for line in alg.lines {
                    let active = step.active.contains(&(alg.id, line.step));
                    let pointed = from_picture.as_ref().is_some_and(|(a, s)| {
                        s == line.step && a.as_deref().is_none_or(|a| a == alg.id)
                    });
                    let was_hovered = hovered(ui.ctx(), model)
                        .is_some_and(|(a, s)| a == alg.id && s == line.step);
                    let mark = Mark {
                        active,
                        pointed,
                        hovered: was_hovered,
                    };
                    let r = line_row(ui, &look, alg.id, line, mark);
                    if r.hovered() {
                        now_hovered = Some((alg.id.to_owned(), line.step.to_owned()));
                    }
                    if pointed && !scrolled {
                        r.scroll_to_me(None);
                        scrolled = true;
                    }
                    if active && changed && !scrolled {
                        r.scroll_to_me(Some(Align::Center));
                        scrolled = true;
                    }
                }
                ui.add_space(4.0);
            }
        });
    ui.ctx()
        .data_mut(|d| d.insert_temp(hover_id(model), now_hovered));
    collapse
}

/// The pane's type sizes and colours.
struct Look {
    body: f32,
    mono: f32,
    strong: Color32,
    text: Color32,
    weak: Color32,
    /// The current step's lines.
    active_fill: Color32,
    /// The line under the pointer.
    hover_fill: Color32,
    /// A line whose product is hovered in the picture: the warning hue, distinct from both.
    warn: Color32,
    picture_fill: Color32,
}

impl Look {
    fn of(ui: &Ui) -> Look {
        let sel = ui.visuals().selection.bg_fill;
        let warn = ui.visuals().warn_fg_color;
        Look {
            body: egui::TextStyle::Body.resolve(ui.style()).size,
            mono: egui::TextStyle::Monospace.resolve(ui.style()).size,
            strong: ui.visuals().strong_text_color(),
            text: ui.visuals().text_color(),
            weak: ui.visuals().weak_text_color(),
            active_fill: Color32::from_rgba_unmultiplied(sel.r(), sel.g(), sel.b(), 90),
            hover_fill: ui.visuals().widgets.hovered.weak_bg_fill,
            warn,
            picture_fill: Color32::from_rgba_unmultiplied(warn.r(), warn.g(), warn.b(), 70),
        }
    }
}

/// How a line is marked: one of the current step's, pointed at from the picture, hovered.
#[derive(Clone, Copy)]
struct Mark {
    active: bool,
    pointed: bool,
    hovered: bool,
}

/// One line of algorithm `alg`: its step label and text (a loadlab note and the picture's
/// pointer appended), framed as `mark` says, with its hover text.
fn line_row(ui: &mut Ui, look: &Look, alg: &str, line: &Line, mark: Mark) -> egui::Response {
    let Mark {
        active,
        pointed,
        hovered,
    } = mark;
    let mut job = LayoutJob::default();
    job.wrap.max_width = ui.available_width() - 8.0;
    let color = if active { look.strong } else { look.text };
    job.append(
        &format!("{}{:>5}  ", if active { "▶ " } else { "" }, line.step),
        0.0,
        TextFormat::simple(
            FontId::monospace(look.mono),
            if active { look.strong } else { look.weak },
        ),
    );
    job.append(
        line.text,
        0.0,
        TextFormat::simple(FontId::proportional(look.body), color),
    );
    if line.note.is_some() {
        job.append(
            "  (loadlab)",
            0.0,
            TextFormat::simple(FontId::proportional(look.body * 0.85), look.weak),
        );
    }
    if pointed {
        job.append(
            FROM_PICTURE,
            0.0,
            TextFormat::simple(FontId::proportional(look.body), look.warn),
        );
    }
    let frame = egui::Frame::new()
        .inner_margin(egui::Margin::symmetric(4, 1))
        .corner_radius(3.0);
    let frame = if pointed {
        frame
            .fill(look.picture_fill)
            .stroke(egui::Stroke::new(1.5, look.warn))
    } else if active {
        frame.fill(look.active_fill)
    } else if hovered {
        frame.fill(look.hover_fill)
    } else {
        frame
    };
    let r = frame
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(egui::Label::new(job).sense(egui::Sense::hover()))
        })
        .inner;
    match line.note {
        Some(n) => r.on_hover_text(format!("loadlab: {n}")),
        None => r.on_hover_text(format!(
            "Step {} of {alg} — hover to highlight what it produced",
            line.step
        )),
    }
}

/// Height of the collapsed strip: two rows of body text and margins.
pub fn strip_height(ui: &Ui) -> f32 {
    let row = ui.text_style_height(&egui::TextStyle::Body);
    // On the stage one row: the why and the button beside it.
    let rows = if crate::ui::frame::on_stage(ui.ctx()) {
        1.0
    } else {
        2.0
    };
    let button = ui.spacing().interact_size.y.max(row);
    rows * button + 3.0 * ui.spacing().item_spacing.y + 8.0
}

/// "Pseudo-code beside ▸": on where the pane fits beside the picture (`fits`), else off and
/// saying why (it did nothing with the stage's drawer open at 1280 × 720). True when clicked.
fn beside_button(ui: &mut Ui, fits: bool) -> bool {
    ui.add_enabled(fits, egui::Button::new("Pseudo-code beside ▸"))
        .on_hover_text(
            "Show the whole pseudo-code beside the picture (the plots then take turns with the \
             picture)",
        )
        .on_disabled_hover_text(
            "No room beside the picture for the pseudo-code here: close the drawer (or widen \
             the window) to put it beside",
        )
        .clicked()
}

/// The strip on the stage: one row, the button first and the why taking the rest (whole on
/// hover); in a phone's column, with no room beside the picture, the why alone.
fn stage_strip(ui: &mut Ui, model: &str, step: &PseudoStep, fits: bool) -> bool {
    ui.horizontal(|ui| {
        let clicked = !crate::ui::frame::in_column(ui.ctx()) && beside_button(ui, fits);
        why_line(ui, model, &step.why);
        clicked
    })
    .inner
}

/// The collapsed pane, under the picture on a narrow window: the why on one row (whole on
/// hover) and the active lines' labels, with a button that puts the pane beside the picture
/// (on where it `fits` there). True when that button was clicked.
pub fn strip(ui: &mut Ui, model: &str, step: &PseudoStep, fits: bool) -> bool {
    if crate::ui::frame::on_stage(ui.ctx()) {
        return stage_strip(ui, model, step, fits);
    }
    why_line(ui, model, &step.why);
    let mut clicked = false;
    ui.horizontal(|ui| {
        clicked = beside_button(ui, fits);
        let titles: Vec<String> = step
            .algorithms
            .iter()
            .map(|id| {
                let lines: Vec<&str> = step
                    .active
                    .iter()
                    .filter(|(a, _)| a == id)
                    .map(|(_, s)| *s)
                    .collect();
                let name = pseudocode::find(id).map_or(*id, short_title);
                match lines.as_slice() {
                    [] => name.to_owned(),
                    [one] => format!("{name} — pseudo-code line {one}"),
                    more => format!("{name} — pseudo-code lines {}", more.join(", ")),
                }
            })
            .collect();
        ui.add(egui::Label::new(RichText::new(titles.join(" · ")).weak()).truncate());
    });
    clicked
}

/// An algorithm's name as its title starts ("Method ℙ", "Algorithm 3 as printed", "KS").
pub fn short_title(alg: &pseudocode::Algorithm) -> &'static str {
    alg.title.split(':').next().unwrap_or(alg.title).trim()
}

/// The strip's why on one row, elided; a click unfolds it whole in a box just above the
/// strip (over the picture's bottom edge) until clicked again, so it can be read to the end
/// on a projector, where nobody hovers. The whole text is also the tooltip.
fn why_line(ui: &mut Ui, model: &str, why: &str) {
    let id = egui::Id::unique(("pseudocode-why-open", model));
    let mut open = ui.ctx().data(|d| d.get_temp::<bool>(id)).unwrap_or(false);
    let text = format!("Why: {why}");
    let line = super::one_line(
        ui,
        egui::Label::new(RichText::new(&text).strong()).sense(egui::Sense::click()),
        &format!("{why}\n\n(click to read it whole)"),
    );
    if line.clicked() {
        open = !open;
    }
    if open {
        let width = ui.max_rect().width();
        let shown = egui::Area::new(id.with("box"))
            .order(egui::Order::Foreground)
            .fixed_pos(line.rect.left_top() - egui::vec2(0.0, 4.0))
            .pivot(egui::Align2::LEFT_BOTTOM)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(width);
                    ui.add(
                        egui::Label::new(RichText::new(&text).strong())
                            .wrap()
                            .sense(egui::Sense::click()),
                    )
                    .on_hover_text("Click to fold it back to one line")
                    .clicked()
                })
            });
        if shown.inner.inner {
            open = false;
        }
    }
    ui.ctx().data_mut(|d| d.insert_temp(id, open));
}
