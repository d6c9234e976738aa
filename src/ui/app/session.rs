//! What a restart keeps of the work in progress, beside the desk and the view
//! ([`super::Persisted`]): the lesson being played, the quiz windows, and each model's
//! "Your turn" exercise as far as it went. Closing the app or reloading the web page loses
//! no reply and no move, and a question answered once cannot be answered afresh.
//!
//! It is stored under its own key, so that a session that no longer reads (a lesson saved by
//! a newer build) costs only itself, never the desk.

use serde::{Deserialize, Serialize};

use super::LoadlabApp;
use crate::lesson::homework::replay::Entry;
use crate::model::registry::Scenario;
use crate::ui::commands::Cmd;
use crate::ui::lesson::SavedTeach;

/// The storage key of the session (the app's state is under [`eframe::APP_KEY`]).
pub(super) const KEY: &str = "loadlab session";

/// The work in progress.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub(super) struct Session {
    teach: SavedTeach,
    exercises: Vec<SavedExercise>,
}

/// One model's exercise: the scenario it was set on and its log (every move, Show me, Undo,
/// Restart and hint), played again on a restart as an opened attempt is.
#[derive(Debug, Serialize, Deserialize)]
struct SavedExercise {
    scenario: Scenario,
    log: Vec<Entry>,
}

impl LoadlabApp {
    /// The work in progress now (no exercise is made to save it).
    pub(super) fn session(&self) -> Session {
        let exercises = self
            .tabs
            .iter()
            .filter_map(|t| {
                let scenario = &self.desk.page_of(t.model()).scenario;
                let log = t.exercise_kept(scenario)?;
                Some(SavedExercise {
                    scenario: scenario.clone(),
                    log,
                })
            })
            .collect();
        Session {
            teach: self.teach.saved(),
            exercises,
        }
    }

    /// Puts the work of [`LoadlabApp::session`] back: each exercise whose scenario is still
    /// on its page is played again; the lesson and the quizzes come back.
    pub(super) fn resume(&mut self, ctx: &egui::Context, s: Session) {
        for x in s.exercises {
            let m = x.scenario.model();
            if self.desk.page_of(m).scenario == x.scenario {
                self.tabs[m.index()].exercise_replay(&x.scenario, &x.log);
            }
        }
        let cmds: Vec<Cmd> = self.teach.resume(ctx, s.teach);
        self.queued.extend(cmds);
        // Someone back in their lesson is no newcomer (the first-start card covered the
        // picture of a reloaded lesson page).
        if self.teach.player().is_some() {
            self.chrome.skip_welcome();
        }
    }
}
