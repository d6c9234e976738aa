//! Help ▸ What we found in the paper: every finding of [`crate::model::errata`] for the model
//! in front, one model or all five, each with its kind, one sentence, the details (where, what
//! is printed, what holds, the evidence command) and "Show me", which loads the evidence
//! command's instance into its workspace.

use crate::ui::widgets::dialog;
use crate::ui::widgets::scroll::Clipped;
use egui::RichText;

use super::commands::Cmd;
use crate::model::errata::{self, Finding, Kind};
use crate::model::registry::ModelId;
use crate::preset::Preset;

/// Which findings the window lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scope {
    /// The model in front (follows the rail).
    #[default]
    Front,
    /// One model.
    Model(ModelId),
    /// All five papers.
    All,
}

/// The window's state.
#[derive(Debug, Default)]
pub struct Errata {
    /// Whether the window is open.
    pub open: bool,
    /// What it lists.
    pub scope: Scope,
    /// A finding a lesson cited, shown in the link colour while the window lists it, and for
    /// how many more frames it is brought into sight with its details unfolded (a new window
    /// settles its size in its first ones).
    pub focus: Option<(&'static str, u8)>,
    /// Show me loaded a finding's instance: the window folds aside in the next frame.
    aside: bool,
    /// Opened from the menu or a lesson's link: the window unfolds in the next frame.
    unfold: bool,
}

impl Errata {
    /// Opens the window on the model of finding `id`, at that finding.
    pub fn open_at(&mut self, id: &str) -> Result<(), String> {
        let f = errata::find(id).ok_or_else(|| format!("No finding named {id}"))?;
        *self = Errata {
            open: true,
            scope: Scope::Model(f.model),
            focus: Some((f.id, 3)),
            aside: false,
            unfold: true,
        };
        Ok(())
    }
}

/// The model's name as the rail shows it, on one line.
fn title(model: ModelId) -> String {
    super::help::rail(model).0.replace('\n', " ")
}

/// The models a scope lists, given the model in front.
fn models(scope: Scope, front: ModelId) -> Vec<ModelId> {
    match scope {
        Scope::Front => vec![front],
        Scope::Model(m) => vec![m],
        Scope::All => ModelId::ALL.to_vec(),
    }
}

/// The Help menu's entry: a submenu opening the window on the model in front, one model or all.
pub fn menu(ui: &mut egui::Ui, state: &mut Errata, front: ModelId) {
    ui.menu_button("What we found in the paper", |ui| {
        let mut pick = |ui: &mut egui::Ui, caption: String, scope: Scope| {
            if ui.button(caption).clicked() {
                *state = Errata {
                    open: true,
                    scope,
                    focus: None,
                    aside: false,
                    unfold: true,
                };
                ui.close();
            }
        };
        pick(ui, format!("In front: {}", title(front)), Scope::Front);
        ui.separator();
        for m in ModelId::ALL {
            pick(ui, title(m), Scope::Model(m));
        }
        pick(ui, "All five papers".into(), Scope::All);
    });
}

/// The kind's colour: errors of the authors strong, readings and conversion softer, open
/// questions answered in the link colour.
fn kind_text(ui: &egui::Ui, kind: Kind) -> RichText {
    let v = ui.visuals();
    let colour = match kind {
        Kind::FalseClaim | Kind::Misprint => v.error_fg_color,
        Kind::OverstatedClaim | Kind::ProofGap => v.warn_fg_color,
        Kind::ReadingAmbiguity | Kind::ConversionArtefact => v.weak_text_color(),
        Kind::OpenQuestion => v.hyperlink_color,
    };
    RichText::new(kind.caption()).color(colour).strong()
}

/// The window (drawn every frame; nothing when closed).
pub fn window(state: &mut Errata, ctx: &egui::Context, front: ModelId, cmds: &mut Vec<Cmd>) {
    let screen = ctx.content_rect();
    let mut open = state.open;
    let mut shown = false;
    let id = egui::Id::unique("errata window");
    let mut window = egui::Window::new("Errata: what we found in the papers")
        .id(id)
        .open(&mut open)
        .default_pos(dialog::under_bars(ctx, 200.0))
        .default_width(620.0f32.min(screen.width() - 220.0))
        .default_height(dialog::room_under_bars(ctx, 220.0));
    if std::mem::take(&mut state.unfold) {
        dialog::set_folded(ctx, id, false);
    }
    // Show me folds the list to its title bar in the bottom-right corner: the instance it
    // loaded is behind it, and ▶ brings the list back where it was for the next finding (it
    // closed, and the list was three menus away).
    let fold_to = std::mem::take(&mut state.aside).then_some(egui::Align::Max);
    window = dialog::aside(ctx, window, id, fold_to);
    let drawn = window.show(ctx, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut state.scope, Scope::Front, "In front");
            for m in ModelId::ALL {
                ui.selectable_value(&mut state.scope, Scope::Model(m), m.name());
            }
            ui.selectable_value(&mut state.scope, Scope::All, "All");
        });
        ui.label(
            RichText::new(
                "Each finding is checked against loadlab's simulation; `loadlab errata` prints the \
                     list, `loadlab errata --check` re-runs every evidence command.",
            )
            .weak(),
        );
        ui.separator();
        egui::ScrollArea::vertical().show_reading(ui, |ui| {
            for m in models(state.scope, front) {
                let findings = errata::of_model(m);
                let paper = findings.first().map_or("", |f| f.paper);
                ui.heading(title(m));
                ui.label(RichText::new(format!("{paper} — {} findings", findings.len())).weak());
                for f in findings {
                    shown |= finding(ui, f, state.focus, cmds);
                }
                ui.add_space(8.0);
            }
        });
    });
    dialog::escape_closes(ctx, &drawn, &mut open);
    state.open = open;
    state.aside = shown;
    state.focus = state
        .focus
        .map(|(id, frames)| (id, frames.saturating_sub(1)))
        .filter(|_| state.open);
}

/// One finding: id and kind, the sentence, "Show me", the details folded. True when Show me
/// was clicked (its instance is loaded and the evidence value goes to the status bar).
/// The `focus`ed one (a lesson's citation) has its id in the link colour; in its first frames it
/// is scrolled to and its details unfolded.
fn finding(ui: &mut egui::Ui, f: &Finding, focus: Option<(&str, u8)>, cmds: &mut Vec<Cmd>) -> bool {
    let mut shown = false;
    let focused = focus.is_some_and(|(id, _)| id == f.id);
    let bring = focused && focus.is_some_and(|(_, frames)| frames > 0);
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        let mut id = RichText::new(f.id).monospace();
        if focused {
            id = id.strong().color(ui.visuals().hyperlink_color);
        }
        let id = ui.label(id);
        if bring {
            id.scroll_to_me(Some(egui::Align::TOP));
        }
        ui.label(kind_text(ui, f.kind)).on_hover_text(f.kind.help());
        if let Some(e) = &f.evidence {
            let hover = format!(
                "Load the instance of `{}` into its workspace (read {} there: {})",
                e.command_line(),
                e.field,
                e.value.text()
            );
            if ui.button("Show me").on_hover_text(hover).clicked() {
                cmds.push(show_me(f));
                cmds.push(Cmd::Inform(evidence_notice(f.id, e)));
                shown = true;
            }
        }
    });
    // An open question's answer is no finding to read off (grs-half states T*/T_PY = 0.691).
    let masked = |t: &str| crate::ui::frame::masked(ui.ctx(), t);
    ui.label(masked(f.sentence));
    egui::CollapsingHeader::new(RichText::new("details").weak())
        .id_salt(("errata", f.id))
        .open(bring.then_some(true))
        .show(ui, |ui| {
            egui::Grid::new(("errata_details", f.id))
                .num_columns(2)
                .show(ui, |ui| {
                    let mut row = |k: &str, v: String| {
                        ui.label(RichText::new(k).weak());
                        ui.add(egui::Label::new(crate::ui::frame::masked(ui.ctx(), &v)).wrap());
                        ui.end_row();
                    };
                    row("where", f.location.to_string());
                    row("printed", f.printed.to_string());
                    row("holds", f.holds.to_string());
                    if let Some(e) = &f.evidence {
                        let run =
                            format!("{}  →  {} = {}", e.command_line(), e.field, e.value.text());
                        row("evidence", run);
                    }
                });
        });
    shown
}

/// What the status bar says after Show me: the finding, the value to read and where it
/// comes from (the window that listed it is closed by then).
pub fn evidence_notice(id: &str, e: &errata::Evidence) -> String {
    format!(
        "Finding {id}: {} = {} (evidence: {})",
        e.field,
        e.value.text(),
        e.command_line()
    )
}

/// The command loading a finding's evidence instance (or saying why it cannot).
pub fn show_me(f: &Finding) -> Cmd {
    let Some(e) = &f.evidence else {
        return Cmd::Fail(format!("{}: no evidence run", f.id));
    };
    let check = crate::lesson::Check {
        command: e.args(),
        field: e.field.to_string(),
    };
    match check.scenario() {
        Ok(s) => Cmd::ShowScenario(Box::new(Preset::new(
            format!("Finding {}", f.id),
            format!(
                "{} Evidence: {} → {} = {}",
                f.sentence,
                e.command_line(),
                e.field,
                e.value.text()
            ),
            s,
        ))),
        Err(why) => Cmd::Fail(format!("{}: {why}", f.id)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::redistribute::params::Algorithm;
    use crate::model::registry::Scenario;

    #[test]
    fn every_evidence_loads_its_instance() {
        for f in errata::all().filter(|f| f.evidence.is_some()) {
            let Cmd::ShowScenario(p) = show_me(f) else {
                panic!("{}: Show me loads nothing", f.id);
            };
            if f.id == "rrv-sec6-heavy" {
                let Scenario::Redistribute(r) = &p.scenario else {
                    panic!("{}: {:?}", f.id, p.scenario);
                };
                assert_eq!(r.algorithm, Algorithm::Exact);
                assert_eq!(r.instance.delta, vec![0, 4, -4, 0]);
            }
        }
    }
}
