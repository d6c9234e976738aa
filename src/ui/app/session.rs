//! What a restart keeps of the work in progress, beside the desk and the view
//! ([`super::Persisted`]): the lesson being played, the quiz windows, and each model's
//! "Your turn" exercise as far as it went. Closing the app or reloading the web page loses
//! no reply and no move, and a question answered once cannot be answered afresh.
//!
//! It is stored under its own key, so that a session that no longer reads (a lesson saved by
//! a newer build) costs only itself, never the desk.

use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};

use super::{LoadlabApp, Persisted};
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

/// What the storage holds of this app: a digest of the state and of the session as last
/// written (or as found at the start). A key is written only when its digest changed, so that
/// an idle second tab of the same browser does not overwrite, every two seconds, the first
/// tab's newer work with the state it found on opening (the older tab's moves won).
#[derive(Debug, Default)]
pub(super) struct Written {
    app: Option<u64>,
    session: Option<u64>,
}

/// A digest of `value`'s RON (None when it does not serialize: it is then always written).
fn digest<T: Serialize>(value: &T) -> Option<u64> {
    let text = ron::to_string(value).ok()?;
    let mut h = std::hash::DefaultHasher::new();
    text.hash(&mut h);
    Some(h.finish())
}

impl LoadlabApp {
    /// The state a restart restores (window geometry is eframe's own).
    fn persisted(&self) -> Persisted {
        Persisted {
            desk: self.desk.clone(),
            theme: self.look.theme,
            text_size: self.look.text,
            // Kept only where it differs from the system's preference, so a later change
            // of the system's setting still reaches a reader who never chose.
            reduce_motion: (self.look.calm != crate::platform::motion::prefers_reduced_motion())
                .then_some(self.look.calm),
            shown: self.shown,
            presenter: self.presenter,
            views: self
                .tabs
                .iter()
                .map(|t| (t.model().name().to_string(), t.save_view()))
                .collect(),
            welcomed: self.chrome.welcome_dismissed(),
            recent: self.recent.clone(),
        }
    }

    /// The storage holds what this app was restored from: nothing is written until it
    /// changes.
    pub(super) fn found_written(&mut self) {
        self.written = Written {
            app: digest(&self.persisted()),
            session: digest(&self.session()),
        };
    }

    /// Writes the state and the session, each only if it changed since it was last written.
    pub(super) fn store(&mut self, storage: &mut dyn eframe::Storage) {
        let state = self.persisted();
        let app = digest(&state);
        if app.is_none() || app != self.written.app {
            eframe::set_value(storage, eframe::APP_KEY, &state);
            self.written.app = app;
        }
        let session = self.session();
        let now = digest(&session);
        if now.is_none() || now != self.written.session {
            eframe::set_value(storage, KEY, &session);
            self.written.session = now;
        }
    }

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
