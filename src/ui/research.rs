//! Help ▸ Research: gaps in the redistribution paper — the gap search of
//! [`crate::model::redistribute::gaps`] from the GUI: pick the method compared with the exact
//! optimum, a seed and a budget, Search, and the rings found are listed with their ratios,
//! largest first; "Load" puts a ring into the redistribution workspace with the exact
//! optimum as its algorithm (like a map cell, an ordinary edit: Ctrl+Z takes it back).
//!
//! The search runs as a background job (a few hundred exact solves of rings of at most 5
//! processors take some tens of milliseconds, wider spaces up to 8 processors seconds or
//! minutes): a progress bar with Cancel while it runs, the window and the app stay live.

use crate::ui::widgets::scroll::Clipped;
use egui::RichText;

use super::commands::Cmd;
use crate::jobs::JobSlot;
use crate::model::redistribute::exact::N_EXACT_MAX;
use crate::model::redistribute::gaps::{
    Against, BUDGET_MAX, Gap, GapSearch, Names, Space, command, search_command,
};
use crate::model::redistribute::params::{Algorithm, RedistParams, Study};
use crate::model::registry::Scenario;
use crate::preset::Preset;
use crate::ui::widgets::job_bar::job_bar;
use crate::ui::widgets::slider::{field_notes, number_field};

/// The window's names of the search's settings: its controls' captions (a refusal names what
/// to change as the window shows it, `loadlab gaps` as its flags).
const NAMES: Names = Names {
    quoted: true,
    budget: "exact solves",
    n_max: "processors 3 to",
    delta_max: "|δ| ≤",
    cost_max: "costs 1 to",
};

/// The window's state.
pub struct Research {
    /// Whether the window is open.
    pub open: bool,
    /// The method compared.
    pub against: Against,
    /// The search's seed.
    pub seed: u64,
    /// Exact solves.
    pub budget: u64,
    /// The rings drawn.
    pub space: Space,
    /// The rings of the last search, with its settings.
    pub found: Option<(GapSearch, Vec<Gap>)>,
    /// The search running.
    job: JobSlot<(GapSearch, Vec<Gap>)>,
}

impl Default for Research {
    fn default() -> Self {
        Research {
            open: false,
            against: Against::Lemma12,
            seed: 1,
            budget: 400,
            space: Space::default(),
            found: None,
            job: JobSlot::default(),
        }
    }
}

/// The window's title and its Help menu entry.
const TITLE: &str = "Research: gaps in the redistribution paper";

/// The Help menu's entry.
pub fn menu(ui: &mut egui::Ui, state: &mut Research) {
    let hover = "Small rings where a method of the paper is farthest from the exact optimum";
    lab_entry(ui, TITLE, hover, &mut state.open);
}

/// The window (drawn every frame; nothing when closed).
pub fn window(state: &mut Research, ctx: &egui::Context, cmds: &mut Vec<Cmd>) {
    state.open = lab_window(ctx, TITLE, state.open, (20.0, 560.0), cmds, |ui, cmds| {
        if let Some(done) = state.job.poll() {
            state.found = Some(done);
        }
        controls(ui, state);
        job_bar(ui, &mut state.job, "search");
        ui.separator();
        list(ui, state, cmds);
    });
}

/// A research window's Help menu entry: opens it and closes the menu.
pub(super) fn lab_entry(ui: &mut egui::Ui, title: &str, hover: &str, open: &mut bool) {
    if ui.button(title).on_hover_text(hover).clicked() {
        *open = true;
        ui.close();
    }
}

/// A research window titled `title`, `inset` points from the top left corner and `width`
/// wide at first (less on a narrow screen), as tall as the screen allows; whether it is still
/// `open` after this frame: not after its ✕, nor after its body loaded a scenario into `cmds`
/// (the window covered two thirds of what it loaded; reopened, it shows what it found).
pub(super) fn lab_window(
    ctx: &egui::Context,
    title: &str,
    mut open: bool,
    (inset, width): (f32, f32),
    cmds: &mut Vec<Cmd>,
    body: impl FnOnce(&mut egui::Ui, &mut Vec<Cmd>),
) -> bool {
    let screen = ctx.content_rect();
    let before = cmds.len();
    let drawn = egui::Window::new(title)
        .open(&mut open)
        .default_pos(crate::ui::widgets::dialog::under_bars(ctx, inset))
        .default_width(width.min(screen.width() - 2.0 * inset))
        .default_height(crate::ui::widgets::dialog::room_under_bars(ctx, 160.0).min(520.0))
        .show(ctx, |ui| body(ui, cmds));
    crate::ui::widgets::dialog::escape_closes(ctx, &drawn, &mut open);
    let loaded = cmds[before..]
        .iter()
        .any(|c| matches!(c, Cmd::ShowScenario(_)));
    open && !loaded
}

fn controls(ui: &mut egui::Ui, state: &mut Research) {
    ui.horizontal_wrapped(|ui| {
        ui.label("against");
        for a in Against::ALL {
            ui.selectable_value(&mut state.against, a, a.name())
                .on_hover_text(a.help());
        }
    });
    let fields = ui.horizontal_wrapped(|ui| {
        [
            number_field(ui, "seed", &mut state.seed, 0..=u64::MAX),
            // As many as `loadlab gaps` allows: the estimate below refuses what takes too long.
            number_field(ui, NAMES.budget, &mut state.budget, 1..=BUDGET_MAX),
        ]
    });
    let row = ui.horizontal_wrapped(|ui| {
        let sp = &mut state.space;
        let fields = [
            number_field(ui, NAMES.n_max, &mut sp.n_max, 3..=N_EXACT_MAX),
            number_field(
                ui,
                NAMES.delta_max,
                &mut sp.delta_max,
                1..=Space::DELTA_LIMIT,
            ),
            number_field(ui, NAMES.cost_max, &mut sp.cost_max, 1..=Space::COST_LIMIT),
        ];
        // Checked as `loadlab gaps` checks it (arithmetic only: every frame).
        let checked =
            GapSearch::checked(state.against, state.seed, state.budget, state.space, &NAMES);
        let running = state.job.is_running();
        let caption = ("Search", "Runs in the background; the app stays usable");
        if let Some(s) = crate::ui::widgets::start_button(ui, caption, running, &checked) {
            search(state, *s, ui.ctx());
        }
        (fields, checked)
    });
    // The notes under both rows of fields: none of them moves when one comes.
    let (space, checked) = row.inner;
    field_notes(ui, &[fields.inner.as_slice(), &space].concat());
    if let Err(why) = checked {
        ui.colored_label(ui.visuals().error_fg_color, why);
        return;
    }
    let sp = state.space;
    ui.label(
        RichText::new(format!(
            "Search: rings of 3–{} processors, |δ| ≤ {}, costs 1–{}; ratio = schedule / \
             optimum, or optimum / bound. Same search: `{}`.",
            sp.n_max,
            sp.delta_max,
            sp.cost_max,
            search_command(state.against, state.seed, state.budget, sp)
        ))
        .weak(),
    );
}

/// Starts `search` (checked: [`GapSearch::checked`]) in the background (the previous one, if
/// any, is cancelled).
fn search(state: &mut Research, search: GapSearch, ctx: &egui::Context) {
    let repaint = ctx.clone();
    state.job.submit(
        "gap search",
        move || repaint.request_repaint(),
        move |p| {
            Ok((
                search,
                search.run_with(crate::model::budget::Shard::WHOLE, p)?,
            ))
        },
    );
}

fn list(ui: &mut egui::Ui, state: &mut Research, cmds: &mut Vec<Cmd>) {
    let Some((search, found)) = &state.found else {
        // (Which method is chosen, not "pick a method": one always is.)
        let against = state.against.help().trim_end_matches('.');
        ui.label(format!(
            "Nothing searched yet: Search looks for the rings where {against} is farthest \
             from the exact optimum."
        ));
        return;
    };
    // The space searched, not the fields' (changed since, they describe the next search).
    let sp = search.space;
    ui.label(format!(
        "{} against {} (seed {}; rings of 3–{} processors, |δ| ≤ {}, costs 1–{}), largest \
         ratio first",
        crate::model::words::count(found.len(), "ring"),
        search.against.name(),
        search.seed,
        sp.n_max,
        sp.delta_max,
        sp.cost_max
    ));
    if found.is_empty() {
        ui.label(
            "No ring above ratio 1 here. Widen the space (more processors, larger |δ|, dearer \
             links) or give the search more exact solves; against system6-bound none was found \
             with |δ| ≤ 3 on up to 5 processors (|δ| ≤ 4 finds some: seed 48).",
        );
    }
    egui::ScrollArea::vertical().show_reading(ui, |ui| {
        for (i, g) in found.iter().enumerate() {
            ui.horizontal_wrapped(|ui| {
                if ui.button(format!("Load ring {}", i + 1)).clicked() {
                    cmds.push(load(search.against, g));
                }
                ui.label(format!(
                    "ratio {:.4}   exact {}   {} {}   n = {}",
                    g.ratio,
                    g.exact,
                    search.against.name(),
                    g.other,
                    g.instance.n()
                ));
            });
            ui.label(
                RichText::new(command(&g.instance)[1..].join(" "))
                    .weak()
                    .monospace(),
            );
        }
    });
}

/// The command loading a ring into the redistribution workspace (exact optimum as algorithm).
///
/// The scenario's study is System 6's optimum over Lemma 12's bound on random rings (the
/// question the search asks, on many rings), not the default makespan sweep: that sweep
/// runs the scenario's algorithm on random rings of up to 200 processors, which the exact
/// search refuses beyond [`N_EXACT_MAX`] — loading a ring would start a refused sweep.
fn load(against: Against, g: &Gap) -> Cmd {
    let params = RedistParams {
        instance: g.instance.clone(),
        algorithm: Algorithm::Exact,
        study: Study::LpRatio,
        ..RedistParams::default()
    };
    Cmd::ShowScenario(Box::new(Preset::new(
        format!("Gap against {}: ratio {:.4}", against.name(), g.ratio),
        format!(
            "Exact optimum {} against {} {} (gap search, restart {}).",
            g.exact,
            against.name(),
            g.other,
            g.restart
        ),
        Scenario::Redistribute(params),
    )))
}
