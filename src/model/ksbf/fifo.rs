//! The FIFO engine's queue of node keys: a ring buffer whose every step is inlined.
//!
//! `VecDeque<u32>` does the same, but in the web build (profile `web`, optimised for size)
//! its `push_back` and `pop_front` stay calls, where the desktop build inlines them: with the
//! engine's other small functions they took 43 % of a pyramid map's time in V8's profile.
//! Measured on the web page's map of KS-BF on G_2 … G_400 against R_1 … R_256 (3 008 cells,
//! one thread): Node 20's V8 1.98 s before, 1.48 s with the small functions inlined, 1.17 s
//! with this queue; headless Chromium (whose V8 inlines small functions itself) 1.32 s and
//! 1.27 s; the desktop's release build 0.88 s and 0.81 s.

/// A first-in first-out queue of `u32` keys.
#[derive(Debug, Clone, Default)]
pub(super) struct Fifo {
    /// The slots: empty, or a power of two long.
    buf: Vec<u32>,
    /// Slot of the front key.
    head: usize,
    /// Keys held.
    len: usize,
}

impl Fifo {
    /// Keys held.
    #[inline(always)]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// True when it holds no key.
    #[inline(always)]
    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The slot `i` places after the front (`i` < the slots' count).
    #[inline(always)]
    fn slot(&self, i: usize) -> usize {
        (self.head + i) & (self.buf.len() - 1)
    }

    /// The front key.
    #[inline(always)]
    pub(super) fn front(&self) -> Option<u32> {
        (self.len > 0).then(|| self.buf[self.head])
    }

    /// The back key (the last pushed).
    #[inline(always)]
    pub(super) fn back(&self) -> Option<u32> {
        (self.len > 0).then(|| self.buf[self.slot(self.len - 1)])
    }

    /// Takes the front key.
    #[inline(always)]
    pub(super) fn pop_front(&mut self) -> Option<u32> {
        let key = self.front()?;
        self.head = self.slot(1);
        self.len -= 1;
        Some(key)
    }

    /// Adds `key` at the back.
    #[inline(always)]
    pub(super) fn push_back(&mut self, key: u32) {
        if self.len == self.buf.len() {
            self.grow();
        }
        let at = self.slot(self.len);
        self.buf[at] = key;
        self.len += 1;
    }

    /// Twice the slots (8 at first), the keys moved to the front in order.
    #[cold]
    fn grow(&mut self) {
        let slots = (2 * self.buf.len()).max(8);
        let mut buf = Vec::with_capacity(slots);
        buf.extend((0..self.len).map(|i| self.buf[self.slot(i)]));
        buf.resize(slots, 0);
        self.buf = buf;
        self.head = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::VecDeque;

    proptest! {
        /// Any sequence of pushes and pops gives what `VecDeque` gives, through its growth
        /// with the front anywhere in the ring.
        #[test]
        fn behaves_as_a_vecdeque(ops in proptest::collection::vec((0u8..3, any::<u32>()), 0..400)) {
            let mut f = Fifo::default();
            let mut d = VecDeque::new();
            // Two pushes to a pop: the queue grows through several sizes.
            for (op, key) in ops {
                if op < 2 {
                    f.push_back(key);
                    d.push_back(key);
                } else {
                    prop_assert_eq!(f.pop_front(), d.pop_front());
                }
                prop_assert_eq!(f.len(), d.len());
                prop_assert_eq!(f.is_empty(), d.is_empty());
                prop_assert_eq!(f.front(), d.front().copied());
                prop_assert_eq!(f.back(), d.back().copied());
            }
        }
    }
}
