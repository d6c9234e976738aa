//! A workspace's view state held by value behind [`super::Tab`]: typed (each workspace's
//! `View`), cloned and compared with its own `PartialEq`, never through text. Compare keeps
//! A's and B's from the last frame to tell which one the user changed and copies the other.

use std::any::Any;

/// Any workspace's view state (its `Workspace::View`), by value.
pub struct ViewState(Box<dyn AnyView>);

/// What [`ViewState`] needs of a view type: clone, compare, and be downcast.
trait AnyView: Any {
    fn clone_box(&self) -> Box<dyn AnyView>;
    fn equals(&self, other: &dyn AnyView) -> bool;
    fn as_any(&self) -> &dyn Any;
}

impl<T: Any + Clone + PartialEq> AnyView for T {
    fn clone_box(&self) -> Box<dyn AnyView> {
        Box::new(self.clone())
    }

    fn equals(&self, other: &dyn AnyView) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl ViewState {
    /// A copy of `view`.
    pub fn of<T: Any + Clone + PartialEq>(view: &T) -> ViewState {
        ViewState(Box::new(view.clone()))
    }

    /// The view, if it is a `T` (a view of another model's workspace is not).
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }
}

impl Clone for ViewState {
    fn clone(&self) -> Self {
        ViewState(self.0.clone_box())
    }
}

impl PartialEq for ViewState {
    fn eq(&self, other: &Self) -> bool {
        self.0.equals(other.0.as_ref())
    }
}

impl std::fmt::Debug for ViewState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ViewState(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_compare_by_type_and_value() {
        let a = ViewState::of(&(1u8, true));
        assert_eq!(a, a.clone());
        assert_ne!(a, ViewState::of(&(2u8, true)));
        assert_ne!(a, ViewState::of(&1u8));
        assert_eq!(a.get::<(u8, bool)>(), Some(&(1, true)));
        assert_eq!(a.get::<u8>(), None);
    }
}
