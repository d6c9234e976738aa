//! The unit of every round-based schedule: one item sent during a round, from a processor
//! to a neighbour, with the step of the pseudo-code that made it. Below the planners, the
//! rounds and the checker, which all list sends.

/// One item sent during a round (0-based processors).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Send {
    /// Sender (0-based).
    pub from: u32,
    /// Receiver, a neighbour of `from` (0-based).
    pub to: u32,
    /// Step of the paper's pseudo-code that caused the send (0 when not applicable).
    pub step: u8,
}
