//! The per-round trace of the round-based algorithms (1 and 3): for every round, the number
//! of rounds the paper's bound still demands before it, the maximal slices that drive it, the
//! steps of the pseudo-code its sends cite, and a sentence of why, with this instance's
//! numbers. The GUI's pseudo-code pane and `redistribute --rounds --json` show it.

use super::bounds::{extremes, lemma1, lemma6_rounds, max_slice, prefix_sums};
use super::params::Algorithm;
use super::schedule::Schedule;
use super::send::Send;
use crate::model::words::count;

/// At most this many maximal slices are listed per round (the count is always exact).
pub const MAX_LISTED_SLICES: usize = 32;

/// One round of a round-based schedule, explained.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceRound {
    /// Round number (1-based).
    pub round: usize,
    /// Rounds still needed before the round: Lemma 6's value on the current δ (Algorithm 3),
    /// Lemma 1's (Algorithm 1) — the δ_max of Step 1.
    pub delta_max: i64,
    /// Maximal slices (0-based first and last processor, circular): the non-trivial slices
    /// with ⌈|δ_{k,l}|/2⌉ = δ_max and |δ_{k,l}| > 1 (Algorithm 3), the slice C_{start,end}
    /// of Step 2 (Algorithm 1). At most [`MAX_LISTED_SLICES`].
    pub maximal_slices: Vec<(usize, usize)>,
    /// How many maximal slices there are.
    pub slices_total: usize,
    /// The distinct pseudo-code steps the round's sends cite, increasing.
    pub steps: Vec<u8>,
    /// Why the round does what it does.
    pub text: String,
    /// [`TraceRound::text`] with δ_max and every number that gives it away written "?": the
    /// rounds still needed, the maximal slice's unbalance (⌈|δ_{k,l}|/2⌉ = δ_max), the δ_i
    /// with |δ_i| = δ_max. Since every round lowers δ_max by one (Lemma 8; Algorithm 1: by
    /// Lemma 1), δ_max before round s is the number of rounds minus s − 1: with the round
    /// shown, it gives the rounds (and c times them, the makespan and the bound) away. What
    /// a view shows while a question asks one of those.
    pub hidden_text: String,
}

/// How a round's sentence writes δ_max and the numbers that give it away: as they are, or
/// as "?" ([`TraceRound::hidden_text`]).
#[derive(Clone, Copy)]
struct Write {
    hide: bool,
}

impl Write {
    fn n(self, x: i64) -> String {
        if self.hide { "?".into() } else { x.to_string() }
    }

    fn signed(self, x: i64) -> String {
        match (self.hide, x < 0) {
            (false, _) => format!("{x:+}"),
            (true, true) => "-?".into(),
            (true, false) => "+?".into(),
        }
    }

    fn rounds(self, x: i64) -> String {
        if self.hide {
            "? rounds".into()
        } else {
            count(x, "round")
        }
    }
}

/// The trace of a round-based schedule of `algorithm` from the unbalances `delta` (empty for
/// the other algorithms). O(rounds · n + listed slices).
pub fn trace(algorithm: Algorithm, delta: &[i64], schedule: &Schedule) -> Vec<TraceRound> {
    let Schedule::Rounds { rounds, .. } = schedule else {
        return Vec::new();
    };
    let mut d = delta.to_vec();
    let mut out = Vec::with_capacity(rounds.len());
    for (r, sends) in rounds.iter().enumerate() {
        out.push(round_entry(algorithm, delta, &d, r + 1, &sends));
        for s in sends.iter() {
            d[s.from as usize] -= 1;
            d[s.to as usize] += 1;
        }
    }
    out
}

/// Round `round` (1-based) of a round-based schedule of `algorithm` started from `initial`,
/// explained on `before` (the unbalances before the round) and its `sends`. O(n).
pub fn round_entry(
    algorithm: Algorithm,
    initial: &[i64],
    before: &[i64],
    round: usize,
    sends: &[Send],
) -> TraceRound {
    let mut steps: Vec<u8> = sends.iter().map(|s| s.step).collect();
    steps.sort_unstable();
    steps.dedup();
    if algorithm != Algorithm::Alg1 {
        return alg3_round(round, before, sends, steps);
    }
    let (start, end, dmax0) = max_slice(initial);
    let dm = lemma1(before);
    let text = |w: Write| {
        format!(
            "round s = {round} of δ_max = {} (Step 3): Lemma 1 still asks {} — every P_{{start+l}} with δ_{{start,start+l}} ≥ {round} sends one item to its successor (Steps 4–6), {} from the slice P{}…P{} of unbalance +{} (Step 2)",
            w.n(dmax0),
            w.rounds(dm),
            count(sends.len(), "send"),
            start + 1,
            end + 1,
            w.n(dmax0),
        )
    };
    TraceRound {
        round,
        delta_max: dm,
        maximal_slices: vec![(start, end)],
        slices_total: 1,
        steps,
        text: text(Write { hide: false }),
        hidden_text: text(Write { hide: true }),
    }
}

/// The pseudo-code lines a round executes: the cited steps with the loops and tests that
/// lead to them (labels of [`crate::model::pseudocode`]).
pub fn active_lines(algorithm: Algorithm, round: &TraceRound) -> Vec<&'static str> {
    if algorithm == Algorithm::Alg1 {
        return vec!["3", "4", "5", "6"];
    }
    let mut out = vec!["1", "2"];
    let mut add = |ls: &[&'static str]| {
        for l in ls {
            if !out.contains(l) {
                out.push(l);
            }
        }
    };
    for &s in &round.steps {
        match s {
            5 => add(&["3", "4", "5"]),
            6 => add(&["3", "4", "6"]),
            8 => add(&["3", "7", "8"]),
            9 => add(&["3", "7", "9"]),
            12 => add(&["10", "11", "12"]),
            14 => add(&["10", "13", "14"]),
            16 => add(&["10", "15", "16"]),
            18 => add(&["10", "17", "18"]),
            21 => add(&["19", "20", "21"]),
            24 => add(&["22", "23", "24"]),
            28 => add(&["25", "26", "27", "28"]),
            30 => add(&["25", "26", "29", "30"]),
            32 => add(&["32"]),
            _ => {}
        }
    }
    add(&["31"]);
    out
}

/// The maximal slices of Algorithm 3 on `delta` with δ_max `d`: (listed, total, the first
/// listed slice's unbalance).
pub fn maximal_slices(delta: &[i64], d: i64) -> (Vec<(usize, usize)>, usize, Option<i64>) {
    let n = delta.len();
    if n < 3 || d == 0 {
        return (Vec::new(), 0, None);
    }
    let t = prefix_sums(delta);
    let (_, lo, _, hi) = extremes(&t);
    // ⌈|x|/2⌉ = d with |x| > 1 and |x| ≤ hi − lo ≤ 2d.
    let theta = (2 * d - 1).max(2);
    // Slice C_{k,l} (k..l circular) has unbalance T_l − T_{k−1}; a = k − 1 and l take values
    // within θ of the extremes, so at most two values each: bucket them.
    // Taken directly, not by filtering lo..=hi: that range has about 2d values, and a
    // listing of d rounds became quadratic in d (issue 24: 240 384 rounds took 36 s).
    let mut values: Vec<i64> = [lo, lo + 1, hi - 1, hi]
        .into_iter()
        .filter(|&v| (lo..=hi).contains(&v))
        .collect();
    values.sort_unstable();
    values.dedup();
    let bucket = |v: i64| -> Vec<usize> { (0..n).filter(|&i| t[i] == v).collect() };
    let buckets: Vec<(i64, Vec<usize>)> = values.iter().map(|&v| (v, bucket(v))).collect();
    let mut listed = Vec::new();
    let mut total = 0usize;
    let mut first = None;
    for (va, as_) in &buckets {
        for (vl, ls) in &buckets {
            let x = vl - va;
            if x.abs() < theta {
                continue;
            }
            for &a in as_ {
                for &l in ls {
                    // Non-trivial: not the whole ring (a = l), not one processor (a = l − 1).
                    if a == l || (a + 1) % n == l {
                        continue;
                    }
                    total += 1;
                    if listed.len() < MAX_LISTED_SLICES {
                        listed.push(((a + 1) % n, l));
                        first.get_or_insert(x);
                    }
                }
            }
        }
    }
    listed.sort_unstable();
    (listed, total, first)
}

fn alg3_round(round: usize, delta: &[i64], sends: &[Send], steps: Vec<u8>) -> TraceRound {
    let d = lemma6_rounds(delta);
    let (maximal, total, _) = maximal_slices(delta, d);
    let said = Said {
        delta,
        sends,
        steps: &steps,
        d,
        maximal: &maximal,
        total,
    };
    TraceRound {
        round,
        delta_max: d,
        text: said.text(Write { hide: false }),
        hidden_text: said.text(Write { hide: true }),
        maximal_slices: maximal,
        slices_total: total,
        steps,
    }
}

/// What a round of Algorithm 3 says why.
struct Said<'a> {
    delta: &'a [i64],
    sends: &'a [Send],
    steps: &'a [u8],
    d: i64,
    maximal: &'a [(usize, usize)],
    total: usize,
}

impl Said<'_> {
    fn text(&self, w: Write) -> String {
        let (delta, d) = (self.delta, self.d);
        let t = prefix_sums(delta);
        let n = delta.len();
        let mut text = format!("δ_max = {} (Step 1, Lemma 6 on the current δ)", w.n(d));
        if let Some(&(k, l)) = self.maximal.first() {
            let x = t[l] - t[(k + n - 1) % n];
            let (verb, moves) = if x > 0 {
                ("lose", "out")
            } else {
                ("gain", "in")
            };
            let per_round = if d == 2 && x.abs() == 3 { 1 } else { 2 };
            let steps_range = match (d == 2, x > 0) {
                (true, true) => "Steps 10–14",
                (true, false) => "Steps 10, 15–18",
                (false, true) => "Steps 4–6",
                (false, false) => "Steps 7–9",
            };
            text.push_str(&format!(
                ": the slice P{}…P{} holds {}, so it must {verb} {} this round, {moves} through {} ({steps_range})",
                k + 1,
                l + 1,
                w.signed(x),
                count(per_round, "item"),
                if per_round == 2 { "both ends" } else { "its end P_l → P_{l+1}" },
            ));
            if self.total > 1 {
                text.push_str(&format!(
                    "; {} more",
                    count(self.total - 1, "maximal slice")
                ));
            }
        } else if d > 0 {
            text.push_str(": no slice of two or more processors needs that many rounds");
        }
        let extreme: Vec<String> = (0..n)
            .filter(|&i| d > 0 && delta[i].abs() == d)
            .map(|i| format!("P{} ({})", i + 1, w.signed(delta[i])))
            .collect();
        if !extreme.is_empty() {
            text.push_str(&format!(
                "; |δ_i| = δ_max at {} (Steps 19–24 make each send or receive if nothing else does)",
                extreme.join(", ")
            ));
        }
        let by_step = |s: u8| self.sends.iter().filter(|x| x.step == s).count();
        let cited: Vec<String> = self
            .steps
            .iter()
            .map(|&s| {
                let k = by_step(s);
                let what = match s {
                    28 | 30 => " (a zero processor forwards)",
                    32 => " (loadlab's feeding)",
                    _ => "",
                };
                format!("Step {s} ×{k}{what}")
            })
            .collect();
        if !cited.is_empty() {
            text.push_str(&format!(
                ". {}: {}",
                count(self.sends.len(), "send"),
                cited.join(", ")
            ));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hidden_text_writes_delta_max_and_what_gives_it_as_question_marks() {
        // Fig. 4 of the paper: δ = (2, 1, −2, 1, 2, −2, −2), δ_max = 2 (the slices of 3
        // around P_3 need ⌈3/2⌉ = 2 rounds; |δ_1| = 2). Every round lowers δ_max by one
        // (Lemma 8), so with the round shown δ_max is the number of rounds: "?" in the
        // hidden text, with the maximal slice's unbalance and the δ_i equal to ±δ_max.
        let delta = [2, 1, -2, 1, 2, -2, -2];
        let t = round_entry(Algorithm::Alg3, &delta, &delta, 1, &[]);
        assert!(t.text.starts_with("δ_max = 2 "), "{}", t.text);
        assert!(t.text.contains("P1 (+2)"), "{}", t.text);
        let h = &t.hidden_text;
        assert!(h.starts_with("δ_max = ? "), "{h}");
        assert!(
            h.contains("P1 (+?)") && !h.contains("(+2)") && !h.contains("+3"),
            "{h}"
        );
        // Algorithm 1 on δ = (2, 1, 1, −2, −2): δ_max = 4 (the slice P1…P3), 4 rounds.
        let uni = [2, 1, 1, -2, -2];
        let t = round_entry(Algorithm::Alg1, &uni, &uni, 1, &[]);
        assert!(
            t.text.contains("δ_max = 4") && t.text.contains("4 rounds"),
            "{}",
            t.text
        );
        let h = &t.hidden_text;
        assert!(
            h.contains("δ_max = ?") && h.contains("? rounds") && h.contains("unbalance +?"),
            "{h}"
        );
        assert!(
            !h.contains("= 4") && !h.contains("4 rounds") && !h.contains("+4"),
            "{h}"
        );
    }

    /// Every non-trivial slice by brute force.
    fn brute(delta: &[i64], d: i64) -> Vec<(usize, usize)> {
        let n = delta.len();
        let mut out = Vec::new();
        for k in 0..n {
            for len in 2..n {
                let s: i64 = (0..len).map(|j| delta[(k + j) % n]).sum();
                if s.abs() > 1 && (s.abs() + 1) / 2 == d {
                    out.push((k, (k + len - 1) % n));
                }
            }
        }
        out.sort_unstable();
        out
    }

    #[test]
    fn maximal_slices_match_brute_force() {
        let rings: [&[i64]; 8] = [
            &[3, -1, -1, -1, 0],
            &[2, 2, -1, -3, 0, 0],
            &[1, 1, -1, -1],
            &[0, 4, -2, -2, 1, -1, 0],
            &[2, -2, 2, -2],
            // Large unbalances (the extremes' buckets are taken directly, not scanned).
            &[240_384, 0, -240_384],
            &[7, 1000, -1007, 0],
            &[-500_000, 250_000, 250_000, 1, -1],
        ];
        for delta in rings {
            let d = lemma6_rounds(delta);
            let (listed, total, _) = maximal_slices(delta, d);
            let b = brute(delta, d);
            assert_eq!(total, b.len(), "{delta:?}");
            assert_eq!(listed, b, "{delta:?}");
        }
    }
}
