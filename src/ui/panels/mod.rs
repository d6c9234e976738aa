//! One workspace per model: controls, picture, plots and numbers. Panels hold view state
//! only; every figure they show comes from `crate::model`.

pub mod divisible;
pub mod geodecay;
pub mod ksbf;
pub mod redistribute;
pub mod treesweep;

/// A stepping command sent by the app's keyboard shortcuts to the visible panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepCmd {
    /// Space.
    TogglePlay,
    /// ←.
    Back,
    /// →.
    Forward,
    /// Home.
    First,
    /// End.
    Last,
}

impl StepCmd {
    /// Applies the command to a step bar over `n` steps.
    pub fn apply(self, s: &mut crate::ui::widgets::step_bar::StepState, n: usize) {
        match self {
            StepCmd::TogglePlay => s.toggle_play(n),
            StepCmd::Back => s.back(),
            StepCmd::Forward => s.forward(n),
            StepCmd::First => s.first(),
            StepCmd::Last => s.last(n),
        }
    }
}

/// Status of a panel's running background job, for the status bar.
#[derive(Debug, Clone, PartialEq)]
pub struct JobStatus {
    /// What runs.
    pub label: String,
    /// Fraction done.
    pub fraction: f32,
}

impl JobStatus {
    /// The status of a running job, if any.
    pub fn of<T>(job: Option<&crate::jobs::Job<T>>) -> Option<JobStatus> {
        job.map(|j| JobStatus {
            label: j.label().to_string(),
            fraction: j.fraction(),
        })
    }
}
