//! What a lesson step shows, whichever way it is reached (Next, Back, the step counter): the
//! future hidden or not, the picture tab and the plot. Each is what the steps up to it chose,
//! never what the step before happened to leave.

use super::{Lesson, views};

impl Lesson {
    /// True when the future is hidden at step `i` (0-based): the last `hide_future` set at
    /// or before it, false when none is (whatever order the steps are visited in).
    pub fn hides_future(&self, i: usize) -> bool {
        self.steps
            .iter()
            .take(i + 1)
            .filter_map(|s| s.view.as_ref()?.hide_future)
            .next_back()
            .unwrap_or(false)
    }

    /// True when step `i` (0-based) shows the future hidden: as the step itself says, else
    /// where the lesson hides it ([`Self::hides_future`]) or while the step's question waits
    /// for its answer (`predicting`: predict, then see). The window and the hand-out agree.
    pub fn future_hidden(&self, i: usize, predicting: bool) -> bool {
        let own = self.steps.get(i).and_then(|s| s.view.as_ref()?.hide_future);
        own.unwrap_or(self.hides_future(i) || predicting)
    }

    /// The picture tab and the plot step `i` (0-based) shows: the last each named at or before
    /// it, else the model's first (what its workspace opens on), so that a step looks the same
    /// whether it is reached by Next, Back or the step counter. None where the model has
    /// nothing to choose.
    pub fn views_at(&self, i: usize) -> (Option<&str>, Option<&str>) {
        let chosen = self.selections_to(i);
        (
            chosen.iter().rev().find_map(|c| c.0),
            chosen.iter().rev().find_map(|c| c.1),
        )
    }

    /// The picture and plot choices that make step `i`'s view, to apply in order: the
    /// workspace's first picture and plot, then what each step up to `i` names. Applied on any
    /// view, they leave what Next from the start leaves — also in a workspace that keeps more
    /// than the last choice (divisible keeps a quantity for its h plot and one for its β plot).
    pub fn selections_to(&self, i: usize) -> Vec<(Option<&str>, Option<&str>)> {
        let first = (
            views::pictures(self.model).first().copied(),
            views::plots(self.model).first().copied(),
        );
        let named = self.steps.iter().take(i + 1).filter_map(|s| {
            let v = s.view.as_ref()?;
            Some((v.picture.as_deref(), v.plot.as_deref()))
        });
        std::iter::once(first)
            .chain(named)
            .filter(|(picture, plot)| picture.is_some() || plot.is_some())
            .collect()
    }
}
