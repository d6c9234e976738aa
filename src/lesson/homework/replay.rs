//! Replaying an attempt: every logged move played again by the model's own grader, in order,
//! from the instance — the score a teacher sees is this, never a number read from a file.
//!
//! A log entry is a move (in the move files' JSON, one move: a round, a prediction, a
//! decision, a node, a level's load — [`crate::model::exercise::moves`]), a Show me (the
//! algorithm's move, never a first try), an Undo (the last move taken back), or a Hint
//! (counted, changes nothing). The [`Player`] plays them with the same rules as the GUI's
//! "Your turn": the same first-try bookkeeping, the same moves that can be undone.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::lesson::models::{self, Play};
use crate::model::exercise::{Grade, Tally, carry};
use crate::model::registry::Scenario;

/// What a log entry records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The student's move.
    Move,
    /// Show me: the algorithm's move played for the student.
    ShowMe,
    /// Undo: the last move taken back.
    Undo,
    /// A hint asked for.
    Hint,
    /// Restart: the board set afresh; the tries spent and the score stay (a step tried or
    /// shown before a Restart is no first try after it), and the log keeps what came before.
    Restart,
}

/// One entry of an attempt's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// What happened.
    pub kind: Kind,
    /// The move (a move, or the algorithm's move a Show me played), in the move files' JSON.
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<Value>,
    /// Seconds since the exercise started (None: not timed, from `--moves`).
    #[serde(default)]
    pub t: Option<f64>,
}

impl Entry {
    /// An entry of `kind` at `t` seconds.
    pub fn new(kind: Kind, mv: Option<Value>, t: Option<f64>) -> Entry {
        Entry { kind, mv, t }
    }
}

/// An exercise being replayed: its state (the model's own exercise: [`Play`]) and the states
/// Undo returns to.
#[derive(Debug, Clone)]
pub struct Player {
    state: Box<dyn Play>,
    history: Vec<Box<dyn Play>>,
    /// The exercise as it was set (what Restart returns to).
    initial: Box<dyn Play>,
}

impl Player {
    /// The exercise `scenario` sets, with the GUI's checks (a picture it can draw).
    pub fn new(scenario: &Scenario) -> Result<Player, String> {
        scenario
            .validate()
            .map_err(|(field, message)| format!("{field}: {message}"))?;
        let state = models::exercise(scenario)?;
        Ok(Player {
            initial: state.clone(),
            state,
            history: Vec::new(),
        })
    }

    /// Where the exercise stands.
    pub fn tally(&self) -> Tally {
        self.state.tally()
    }

    /// Plays the student's move `mv`: its grade (after the end, refused with the rule
    /// "complete"; None: the move file held no move), or why the move cannot be read.
    pub fn play(&mut self, mv: &Value) -> Result<Option<Grade>, String> {
        let before = self.state.clone();
        let (grade, keep) = self.state.play(mv)?;
        if grade.is_some() && keep {
            self.history.push(before);
        }
        Ok(grade)
    }

    /// Show me: plays the algorithm's move (not a first try); its grade and the move.
    pub fn show_me(&mut self) -> Option<(Grade, Value)> {
        let shown = self.state.show_me()?;
        self.history.extend(shown.before);
        Some((shown.grade, shown.mv))
    }

    /// Restart: the exercise as it was set, with the tries spent and the score so far (as
    /// Undo of every move: restarting cannot erase a wrong first try).
    pub fn restart(&mut self) {
        let mut fresh = self.initial.clone();
        carry(self.state.spent(), fresh.spent());
        self.state = fresh;
        self.history.clear();
    }

    /// Undo: back to the state before the last move kept; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(mut before) = self.history.pop() else {
            return false;
        };
        // A move is taken back, not its try (nor a first try's point).
        carry(self.state.spent(), before.spent());
        before.undone();
        self.state = before;
        true
    }
}

/// The verdict of one log entry.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verdict {
    /// The entry's position in the log (0-based).
    pub entry: usize,
    /// What the entry is.
    pub kind: Kind,
    /// The grade of a move or Show me (None: a hint, an undo, or a move after the end).
    pub grade: Option<Grade>,
    /// The score after the entry.
    pub score: usize,
}

/// An attempt replayed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Replayed {
    /// One verdict per log entry.
    pub verdicts: Vec<Verdict>,
    /// Moves right at the first try.
    pub score: usize,
    /// The moves the algorithm needs.
    pub out_of: usize,
    /// The moves finish the exercise.
    pub complete: bool,
    /// The student's own moves (not Show me).
    pub moves: usize,
    /// Of those, the legal ones.
    pub legal: usize,
    /// Of those, the optimal ones.
    pub optimal: usize,
    /// Hints asked for.
    pub hints: usize,
    /// Show me used.
    pub shown: usize,
    /// Moves taken back.
    pub undone: usize,
    /// Restarts (the score counts first tries over every run: a step tried before a
    /// Restart is no first try after it).
    pub restarts: usize,
}

impl Replayed {
    /// The grade: the score, out of, complete.
    pub fn tally(&self) -> Tally {
        Tally::new(self.score, self.out_of, self.complete)
    }
}

/// Replays `log` on the exercise `scenario` sets; an unreadable move is an error naming it.
pub fn replay(scenario: &Scenario, log: &[Entry]) -> Result<Replayed, String> {
    let mut player = Player::new(scenario)?;
    let mut r = Replayed {
        verdicts: Vec::with_capacity(log.len()),
        score: 0,
        out_of: player.tally().out_of,
        complete: false,
        moves: 0,
        legal: 0,
        optimal: 0,
        hints: 0,
        shown: 0,
        undone: 0,
        restarts: 0,
    };
    for (i, e) in log.iter().enumerate() {
        let grade = match e.kind {
            Kind::Move => {
                let mv =
                    e.mv.as_ref()
                        .ok_or_else(|| format!("entry {}: a move without \"move\"", i + 1))?;
                let g = player
                    .play(mv)
                    .map_err(|why| format!("entry {}: {why}", i + 1))?;
                r.moves += 1;
                r.legal += usize::from(g.as_ref().is_some_and(|g| g.legal));
                r.optimal += usize::from(g.as_ref().is_some_and(|g| g.optimal));
                g
            }
            Kind::ShowMe => {
                r.shown += 1;
                player.show_me().map(|(g, _)| g)
            }
            Kind::Undo => {
                r.undone += usize::from(player.undo());
                None
            }
            Kind::Hint => {
                r.hints += 1;
                None
            }
            Kind::Restart => {
                r.restarts += 1;
                player.restart();
                None
            }
        };
        r.verdicts.push(Verdict {
            entry: i,
            kind: e.kind,
            grade,
            score: player.tally().score,
        });
    }
    Tally {
        score: r.score,
        out_of: r.out_of,
        complete: r.complete,
    } = player.tally();
    Ok(r)
}
