//! Counts in words: one place for the agreement of a number with its noun and verb ("1
//! processor sends", "3 processors send", "1 round remains", "1 node", "2 children").

/// Nouns whose plural is not the singular plus "s".
const IRREGULAR: [(&str, &str); 4] = [
    ("child", "children"),
    ("leaf", "leaves"),
    ("matrix", "matrices"),
    ("process", "processes"),
];

/// The plural of `noun` ("processor" → "processors", "child" → "children"); the last word
/// of a phrase is the one inflected ("maximal slice" → "maximal slices").
pub fn plural_of(noun: &str) -> String {
    let (head, last) = match noun.rfind(' ') {
        Some(i) => noun.split_at(i + 1),
        None => ("", noun),
    };
    let regular = || match last.strip_suffix('y') {
        // A consonant before the y: "reply" → "replies" ("delay" → "delays").
        Some(stem) if !stem.ends_with(['a', 'e', 'i', 'o', 'u']) && !stem.is_empty() => {
            format!("{stem}ies")
        }
        _ => format!("{last}s"),
    };
    let last = IRREGULAR
        .iter()
        .find(|(one, _)| *one == last)
        .map_or_else(regular, |(_, many)| (*many).to_string());
    format!("{head}{last}")
}

/// A count of things: any integer type.
pub trait Amount: Copy + std::fmt::Display {
    /// Whether the count is exactly one (the singular).
    fn is_one(self) -> bool;
}

macro_rules! amount {
    ($($t:ty),*) => {
        $(impl Amount for $t {
            fn is_one(self) -> bool {
                self == 1
            }
        })*
    };
}
amount!(u8, u16, u32, u64, usize, i32, i64, i128);

impl<T: Amount> Amount for &T {
    fn is_one(self) -> bool {
        (*self).is_one()
    }
}

/// `noun` in agreement with the count `k`: itself for 1, its plural otherwise (0 included).
pub fn noun(k: impl Amount, noun: &str) -> String {
    if k.is_one() {
        noun.to_string()
    } else {
        plural_of(noun)
    }
}

/// `k` and its noun in agreement: "1 processor", "3 processors", "0 rounds".
pub fn count(k: impl Amount, what: &str) -> String {
    format!("{k} {}", noun(k, what))
}

/// The present-tense verb agreeing with a subject of count `k`: `one` ("sends", "remains",
/// "is") for 1, `many` ("send", "remain", "are") otherwise.
pub fn verb<'a>(k: impl Amount, one: &'a str, many: &'a str) -> &'a str {
    if k.is_one() { one } else { many }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_nouns_and_verbs() {
        assert_eq!(count(1, "processor"), "1 processor");
        assert_eq!(count(3, "processor"), "3 processors");
        assert_eq!(count(0, "round"), "0 rounds");
        assert_eq!(count(1, "node"), "1 node");
        assert_eq!(count(2, "child"), "2 children");
        assert_eq!(count(1, "child"), "1 child");
        assert_eq!(count(2, "reply"), "2 replies");
        assert_eq!(count(1, "reply"), "1 reply");
        assert_eq!(count(2, "delay"), "2 delays");
        assert_eq!(count(5, "maximal slice"), "5 maximal slices");
        assert_eq!(
            format!("{} {}", count(1, "processor"), verb(1, "sends", "send")),
            "1 processor sends"
        );
        assert_eq!(
            format!("{} {}", count(3, "processor"), verb(3, "sends", "send")),
            "3 processors send"
        );
        assert_eq!(
            format!("{} {}", count(1, "round"), verb(1, "remains", "remain")),
            "1 round remains"
        );
    }
}
