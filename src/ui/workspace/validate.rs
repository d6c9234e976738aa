//! Validation and background evaluation shared by the workspaces: a cache of the last
//! parameters that failed validation ([`Checked`]), the keyed job requested for valid ones, and
//! the messages a region shows while nothing can run.

use egui::Ui;

use crate::jobs::Keyed;
use crate::model::{Cancelled, ParamError, Progress};
use crate::ui::frame::repainter;
use crate::ui::widgets::{error_label, pending};

/// The last parameters that failed validation and why, so a workspace validates each change
/// once and shows the reason next to the offending control.
pub struct Checked<P> {
    last: Option<(P, ParamError)>,
}

impl<P> Default for Checked<P> {
    fn default() -> Self {
        Checked { last: None }
    }
}

impl<P: Clone + PartialEq + Send + 'static> Checked<P> {
    /// Validates `params` (unless they are the ones already known invalid): the valid form,
    /// or None with the reason recorded.
    pub fn check<V>(
        &mut self,
        params: &P,
        validate: impl FnOnce(&P) -> Result<V, ParamError>,
    ) -> Option<V> {
        if self.of(params).is_some() {
            return None;
        }
        match validate(params) {
            Ok(v) => {
                self.last = None;
                Some(v)
            }
            Err(e) => {
                self.last = Some((params.clone(), e));
                None
            }
        }
    }

    /// [`check`](Self::check), then the evaluation of valid `params` by `work` in `job` (latest
    /// wins); invalid `params` clear `job`, so that no result of other parameters stays on
    /// screen beside the error. The valid form, for the workspace's further jobs.
    pub fn evaluate<V: Clone + Send + 'static, T: Send + 'static>(
        &mut self,
        ctx: &egui::Context,
        params: &P,
        validate: impl FnOnce(&P) -> Result<V, ParamError>,
        (job, label): (&mut Keyed<P, T>, &str),
        work: impl FnOnce(V, &dyn Progress) -> Result<T, Cancelled> + Send + 'static,
    ) -> Option<V> {
        let Some(valid) = self.check(params, validate) else {
            job.clear();
            return None;
        };
        let v = valid.clone();
        job.request(params.clone(), label, repainter(ctx), move |p| work(v, p));
        Some(valid)
    }

    /// Why `params` are invalid, if they are.
    pub fn of(&self, params: &P) -> Option<&ParamError> {
        self.last
            .as_ref()
            .filter(|(p, _)| p == params)
            .map(|(_, e)| e)
    }
}

/// In the picture: why nothing runs on these parameters.
pub fn nothing_runs(ui: &mut Ui, reason: &str) {
    error_label(ui, format!("Nothing runs on this instance: {reason}"));
}

/// In the plots: that they wait for valid parameters.
pub fn nothing_plotted(ui: &mut Ui) {
    error_label(ui, "Nothing is plotted until the instance is valid.");
}

/// Under the plots of a run that was cancelled: a Recompute button that asks for it again.
pub fn recompute<K, T>(ui: &mut Ui, run: &mut Keyed<K, T>)
where
    K: PartialEq + Clone + Send + 'static,
    T: Send + 'static,
{
    if run.was_cancelled() && ui.button("Recompute").clicked() {
        run.retry();
    }
}

/// What a picture shows of a run that is a job keyed by the parameters: its result, or else
/// why the parameters are invalid, or a spinner while it is `doing` its work.
pub fn run_or_reason<'a, P, T>(
    ui: &mut Ui,
    checked: &Checked<P>,
    run: &'a Keyed<P, T>,
    params: &P,
    doing: &str,
) -> Option<&'a T>
where
    P: Clone + PartialEq + Send + 'static,
    T: Send + 'static,
{
    if let Some(e) = checked.of(params) {
        nothing_runs(ui, &e.message);
        return None;
    }
    let result = run.for_key(params);
    if result.is_none() {
        pending(ui, run.failure(), doing);
    }
    result
}
