//! Event-level simulation of ℂ, ℙ and ℚ on a complete b-ary tree (or a pyramid's spanning
//! 4-ary tree), using level symmetry: all processors of one level do the same thing at the
//! same time, so one representative per level is simulated and counted b^l times.
//!
//! The model (Li, Section II): store-and-forward — a fraction must be received entirely
//! before it is split, forwarded or computed; a processor sends to all b children at once
//! (one port per neighbour) while it receives from its parent and computes. Each link
//! carries one message at a time (FIFO); each CPU computes one fragment at a time (FIFO).
//! T_cm = 1 (a fraction s takes time s on a link), T_cp = β (computing s takes sβ).
//!
//! The methods are given as *rules* — what a processor does with a fragment it receives —
//! and the timing comes from playing the events, never from the closed forms:
//!
//! * ℂ: a processor heading a subtree of height k keeps (1 − bα_k) of what it receives and
//!   sends α_k to each child, α_k from the equal-finish-time conditions solved bottom-up.
//! * ℙ: during slot τ_k the root sends b^{h−k}x to each child, addressed to level h+1−k;
//!   every hop above that level splits it into b equal parts; the addressee keeps it.
//! * ℚ: during τ_k the root sends (1/β+b)^{h−k}x, addressed to level h+1−k; every hop keeps
//!   a (1/β)/(1/β+b) part to compute and sends 1/(1/β+b) of it to each child.
//!
//! In ℙ and ℚ the root computes while it sends (its share is the total sending time /β) and
//! then x; x itself comes from normalising the total computed load to 1.

use super::params::{Method, Valid};
use super::theory::classic_shares;

/// What a processor is doing during an interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Activity {
    /// Receiving a fragment from the parent.
    Receive,
    /// Sending a fragment to each of the b children (simultaneously).
    Send,
    /// Computing a fragment.
    Compute,
}

/// One interval of one level's representative processor.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Interval {
    /// Tree level (0 = root).
    pub level: usize,
    /// What happens.
    pub activity: Activity,
    /// Start time.
    pub start: f64,
    /// End time.
    pub end: f64,
    /// Load amount (per processor; a send moves this amount to *each* child).
    pub amount: f64,
    /// The level this fragment is addressed to (ℙ, ℚ), or the receiving level (ℂ).
    pub dest: usize,
}

/// Per-level summary of a simulated schedule.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct LevelSummary {
    /// b^l processors on this level.
    pub processors: f64,
    /// L_l: load computed by one processor of the level.
    pub load: f64,
    /// When the level's last fragment has been received (0 for the root).
    pub last_receive: f64,
    /// When the level's processors finish computing.
    pub finish: f64,
    /// Time the CPU waits for data between 0 and `finish`.
    pub idle: f64,
}

/// A validity check of the simulated schedule.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Check {
    /// What is checked.
    pub name: &'static str,
    /// Whether it holds.
    pub ok: bool,
    /// Details (the first violation, or the measured figure).
    pub detail: String,
}

/// The full simulated schedule of one method.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Timeline {
    /// The method simulated.
    pub method: Method,
    /// Simulated parallel time T_N: the end of the last computation.
    pub finish: f64,
    /// The normalising unit x (ℙ, ℚ) — the load every non-root processor computes in the last
    /// slot; for ℂ the leaves' share L_h.
    pub x: f64,
    /// Step boundaries: for ℙ and ℚ the ends of τ_1 … τ_{h+1}; for ℂ the time each level
    /// 1..=h has received its fraction, then the finish.
    pub steps: Vec<f64>,
    /// One entry per level.
    pub levels: Vec<LevelSummary>,
    /// Every interval (empty when simulated without recording).
    pub intervals: Vec<Interval>,
    /// Schedule checks (conservation, store-and-forward, one message per link, one fragment
    /// per CPU). Empty when simulated without recording.
    pub checks: Vec<Check>,
}

impl Timeline {
    /// True if every check passed.
    pub fn valid(&self) -> bool {
        self.checks.iter().all(|c| c.ok)
    }

    /// Number of step positions: the start, then one per step boundary.
    pub fn step_count(&self) -> usize {
        self.steps.len() + 1
    }

    /// The time of step position `step`: 0 at the start, then the step boundaries (the finish
    /// past the last one).
    pub fn step_time(&self, step: usize) -> f64 {
        match step.checked_sub(1) {
            None => 0.0,
            Some(k) => self.steps.get(k).copied().unwrap_or(self.finish),
        }
    }

    /// What happens in the slot [prev, cursor): every interval overlapping it, in recorded
    /// order, with the part of its amount done within the slot (rates are constant within an
    /// interval). The one source of a slot's amounts for the step caption, the pseudo-code's
    /// why and the network drawing.
    pub fn slot(&self, prev: f64, cursor: f64) -> Vec<(&Interval, f64)> {
        let eps = 1e-12 * self.finish.max(1.0);
        self.intervals
            .iter()
            .filter(|i| i.start < cursor - eps && i.end > prev + eps)
            .map(|iv| {
                let span = iv.end - iv.start;
                let part = if span > 0.0 {
                    let overlap = iv.end.min(cursor) - iv.start.max(prev);
                    iv.amount * (overlap / span).clamp(0.0, 1.0)
                } else {
                    iv.amount
                };
                (iv, part)
            })
            .collect()
    }

    /// The slot ending at step position `step` (empty at step 0).
    pub fn slot_at(&self, step: usize) -> Vec<(&Interval, f64)> {
        if step == 0 {
            return Vec::new();
        }
        self.slot(self.step_time(step - 1), self.step_time(step))
    }
}

#[derive(Clone, Copy)]
struct Msg {
    arrive: f64,
    size: f64,
    dest: usize,
}

/// Simulates `method` on `v`, recording every interval and checking the schedule.
pub fn simulate(method: Method, v: &Valid) -> Timeline {
    run(method, v, true)
}

/// Simulates `method` on `v` and returns only the finishing time (no intervals, no checks):
/// the same event loop, for sweeps.
pub fn simulate_time(method: Method, v: &Valid) -> f64 {
    run(method, v, false).finish
}

/// True when every level's per-processor share under ℂ and ℚ is at least
/// [`SHARE_MIN`](super::params::SHARE_MIN) (ℙ's shares, b^−h·β/2 at the least, never come
/// near it). Plays the methods without recording: O(h²).
pub fn shares_representable(v: &Valid) -> bool {
    [Method::C, Method::Q].into_iter().all(|m| {
        run(m, v, false)
            .levels
            .iter()
            .all(|l| l.load >= super::params::SHARE_MIN)
    })
}

/// A distribution plan: what the root sends and keeps, and how every other level splits
/// what it receives. The methods' rules and a student's level loads
/// ([`super::student`]) are both plans, played by the same event loop ([`play`]).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Plan {
    /// Whose rules (ℂ splits every fragment; ℙ and ℚ keep a fragment addressed to the
    /// receiving level whole and split the others).
    pub method: Method,
    /// Fragments the root sends to each child, in order, with the level they are addressed
    /// to (ℂ: the receiving level 1).
    pub root_sends: Vec<(f64, usize)>,
    /// What the root computes, from time 0.
    pub root_keep: f64,
    /// Per level: the fraction of a fragment it keeps and the fraction it sends to each
    /// child (index 0, the root, unused).
    pub split: Vec<(f64, f64)>,
}

/// The method's own plan on `v`, in arbitrary units (normalised after playing), with its x.
fn method_plan(method: Method, v: &Valid) -> (Plan, f64) {
    let h = v.h as usize;
    let b = v.b as f64;
    let beta = v.beta;
    let mut root_sends: Vec<(f64, usize)> = Vec::with_capacity(h);
    let mut x = 1.0;
    let (root_keep, split) = match method {
        Method::C => {
            let c = classic_shares(v.b, v.h, beta);
            if h > 0 {
                root_sends.push((c.alpha[h], 1));
            }
            let split = (0..=h).map(|l| (c.keep[h - l], c.alpha[h - l])).collect();
            (c.keep[h], split)
        }
        Method::P | Method::Q => {
            // Sizes relative to the first fragment (largest) so nothing overflows.
            let ratio = if method == Method::P {
                b
            } else {
                1.0 / beta + b
            };
            let mut size = 1.0;
            for k in 1..=h {
                root_sends.push((size, h + 1 - k));
                if k < h {
                    size /= ratio;
                }
            }
            // The last fragment is computed whole by level 1: it *is* x.
            x = size;
            let sending: f64 = root_sends.iter().map(|s| s.0).sum();
            // ℚ's split of a fragment s: keep s·keep_q, send s·fwd_q to each child.
            let fwd_q = 1.0 / (1.0 / beta + b);
            let one = if method == Method::P {
                (0.0, 1.0 / b)
            } else {
                (fwd_q / beta, fwd_q)
            };
            (sending / beta + x, vec![one; h + 1])
        }
    };
    let plan = Plan {
        method,
        root_sends,
        root_keep,
        split,
    };
    (plan, x)
}

fn run(method: Method, v: &Valid, record: bool) -> Timeline {
    let (plan, x) = method_plan(method, v);
    let mut played = play(v, &plan, record);
    // Normalise: the total computed load must be 1 (ℂ already is, up to rounding).
    let total: f64 = played.levels.iter().map(|l| l.processors * l.load).sum();
    let scale = 1.0 / total;
    played.scale(scale);
    let finish = played.finish();
    let x = if method == Method::C {
        played.levels.last().map_or(1.0, |l| l.load)
    } else {
        x * scale
    };
    played.into_timeline(v, method, x, finish, total, record)
}

/// The levels, intervals and step boundaries of a played plan.
pub(super) struct Played {
    levels: Vec<LevelSummary>,
    intervals: Vec<Interval>,
    steps: Vec<f64>,
}

impl Played {
    fn scale(&mut self, scale: f64) {
        for lv in &mut self.levels {
            lv.load *= scale;
            lv.last_receive *= scale;
            lv.finish *= scale;
            lv.idle *= scale;
        }
        for s in &mut self.steps {
            *s *= scale;
        }
        for iv in &mut self.intervals {
            iv.start *= scale;
            iv.end *= scale;
            iv.amount *= scale;
        }
    }

    fn finish(&self) -> f64 {
        self.levels.iter().map(|l| l.finish).fold(0.0, f64::max)
    }

    /// The timeline (checked when recorded); `total` is the load computed before any
    /// normalisation.
    pub(super) fn into_timeline(
        mut self,
        v: &Valid,
        method: Method,
        x: f64,
        finish: f64,
        total: f64,
        record: bool,
    ) -> Timeline {
        self.steps.push(finish);
        let checks = if record {
            check_schedule(v, &self.levels, &self.intervals, finish, total)
        } else {
            Vec::new()
        };
        Timeline {
            method,
            finish,
            x,
            steps: self.steps,
            levels: self.levels,
            intervals: self.intervals,
            checks,
        }
    }
}

/// Plays `plan` on `v` and checks it, without normalising (the student's plan already
/// distributes the unit load): the timeline of [`super::student`].
pub(super) fn play_checked(v: &Valid, plan: &Plan) -> Timeline {
    let played = play(v, plan, true);
    let total: f64 = played.levels.iter().map(|l| l.processors * l.load).sum();
    let finish = played.finish();
    let x = played.levels.last().map_or(0.0, |l| l.load);
    played.into_timeline(v, plan.method, x, finish, total, true)
}

/// The intervals of a played plan, kept only when asked for (the timeline's picture and the
/// schedule's check; the finishing time alone needs none).
struct Recorder {
    record: bool,
    intervals: Vec<Interval>,
}

impl Recorder {
    /// Keeps `activity` of `level` over [start, end] moving `amount` for `dest`, if recording.
    fn push(
        &mut self,
        level: usize,
        activity: Activity,
        (start, end): (f64, f64),
        amount: f64,
        dest: usize,
    ) {
        if self.record {
            self.intervals.push(Interval {
                level,
                activity,
                start,
                end,
                amount,
                dest,
            });
        }
    }
}

/// The event loop: the root computes from 0 and sends back-to-back from 0; every level, in
/// order, receives its fragments (already sorted by arrival), computes what it keeps (one
/// fragment at a time) and forwards the rest (one message at a time per link).
fn play(v: &Valid, plan: &Plan, record: bool) -> Played {
    let h = v.h as usize;
    let b = v.b as f64;
    let method = plan.method;
    let mut rec = Recorder {
        record,
        intervals: Vec::new(),
    };
    let mut levels = Vec::with_capacity(h + 1);
    let mut steps = Vec::new();

    // Root: computes from 0, sends back-to-back from 0.
    let mut incoming: Vec<Msg> = Vec::with_capacity(h);
    let mut link = 0.0f64;
    for &(size, dest) in &plan.root_sends {
        let (s, e) = (link, link + size);
        link = e;
        rec.push(0, Activity::Send, (s, e), size, dest);
        incoming.push(Msg {
            arrive: e,
            size,
            dest,
        });
    }
    let finish = plan.root_keep * v.beta;
    rec.push(0, Activity::Compute, (0.0, finish), plan.root_keep, 0);
    levels.push(LevelSummary {
        processors: 1.0,
        load: plan.root_keep,
        last_receive: 0.0,
        finish,
        idle: 0.0,
    });
    if method != Method::C {
        steps.extend(incoming.iter().map(|m| m.arrive));
    }

    // Levels 1..=h, in order: each level's arrivals are already sorted by time.
    let mut outgoing: Vec<Msg> = Vec::with_capacity(h);
    let mut count = 1.0;
    for l in 1..=h {
        count *= b;
        outgoing.clear();
        let mut summary = play_level(v, plan, l, &incoming, &mut outgoing, &mut rec);
        summary.processors = count;
        if method == Method::C {
            steps.push(summary.last_receive);
        }
        levels.push(summary);
        std::mem::swap(&mut incoming, &mut outgoing);
    }
    Played {
        levels,
        intervals: rec.intervals,
        steps,
    }
}

/// Level `l` of [`play`]: receives `incoming` (sorted by arrival), computes what the plan
/// keeps of each fragment and forwards the rest into `outgoing`; its summary (the caller sets
/// the processor count).
fn play_level(
    v: &Valid,
    plan: &Plan,
    l: usize,
    incoming: &[Msg],
    outgoing: &mut Vec<Msg>,
    rec: &mut Recorder,
) -> LevelSummary {
    let method = plan.method;
    let (mut cpu, mut link) = (0.0f64, 0.0f64);
    let (mut load, mut idle, mut last) = (0.0, 0.0, 0.0);
    let (keep_part, fwd_part) = plan.split.get(l).copied().unwrap_or((1.0, 0.0));
    for m in incoming {
        rec.push(
            l,
            Activity::Receive,
            (m.arrive - m.size, m.arrive),
            m.size,
            m.dest,
        );
        last = m.arrive;
        // The plan's rule: how much to keep, how much to send to each child.
        let (keep, fwd) = if method != Method::C && m.dest == l {
            (m.size, 0.0)
        } else {
            (m.size * keep_part, m.size * fwd_part)
        };
        if keep > 0.0 {
            let start = cpu.max(m.arrive);
            idle += start - cpu;
            cpu = start + keep * v.beta;
            load += keep;
            rec.push(l, Activity::Compute, (start, cpu), keep, m.dest);
        }
        if fwd > 0.0 && l < v.h as usize {
            let start = link.max(m.arrive);
            link = start + fwd;
            let dest = if method == Method::C { l + 1 } else { m.dest };
            rec.push(l, Activity::Send, (start, link), fwd, dest);
            outgoing.push(Msg {
                arrive: link,
                size: fwd,
                dest,
            });
        }
    }
    LevelSummary {
        processors: 0.0,
        load,
        last_receive: last,
        finish: cpu,
        idle,
    }
}

/// Verifies the recorded schedule: conservation, store-and-forward, one message at a time per
/// link, one fragment at a time per CPU, everything within [0, T].
fn check_schedule(
    v: &Valid,
    levels: &[LevelSummary],
    intervals: &[Interval],
    finish: f64,
    raw_total: f64,
) -> Vec<Check> {
    let tol = 1e-9 * finish.max(1e-300);
    let mut checks = Vec::new();
    let total: f64 = levels.iter().map(|l| l.processors * l.load).sum();
    checks.push(Check {
        name: "conservation: Σ b^l L_l = 1",
        ok: (total - 1.0).abs() < 1e-9 && raw_total.is_finite(),
        detail: format!("Σ = {total:.12}"),
    });
    let h = v.h as usize;
    // Per level: sequences of each activity must not overlap (one port, one CPU).
    let mut overlap: Option<String> = None;
    let mut early: Option<String> = None;
    for l in 0..=h {
        for act in [Activity::Send, Activity::Compute, Activity::Receive] {
            let mut end = f64::NEG_INFINITY;
            for iv in intervals
                .iter()
                .filter(|i| i.level == l && i.activity == act)
            {
                if iv.start < end - tol && overlap.is_none() {
                    overlap = Some(format!(
                        "level {l}: {act:?} at {:.6} starts before the previous one ends at {end:.6}",
                        iv.start
                    ));
                }
                end = end.max(iv.end);
            }
        }
        // Store-and-forward: nothing is sent or computed on level l ≥ 1 before the first
        // fragment has fully arrived, and every send/compute starts at or after the arrival
        // of a fragment (they are emitted in arrival order).
        if l > 0 {
            let arrivals: Vec<f64> = intervals
                .iter()
                .filter(|i| i.level == l && i.activity == Activity::Receive)
                .map(|i| i.end)
                .collect();
            for iv in intervals
                .iter()
                .filter(|i| i.level == l && i.activity != Activity::Receive)
            {
                let ok = arrivals.iter().any(|&a| a <= iv.start + tol);
                if !ok && early.is_none() {
                    early = Some(format!(
                        "level {l}: {:?} at {:.6} before any fragment arrived",
                        iv.activity, iv.start
                    ));
                }
            }
        }
    }
    // Data held: on every level, sent + computed never exceeds what was received so far.
    let mut deficit: Option<String> = None;
    for l in 1..=h {
        let b = v.b as f64;
        let mut ev: Vec<(f64, f64)> = Vec::new();
        for iv in intervals.iter().filter(|i| i.level == l) {
            match iv.activity {
                Activity::Receive => ev.push((iv.end, iv.amount)),
                Activity::Send => ev.push((iv.start, -iv.amount * b)),
                Activity::Compute => ev.push((iv.start, -iv.amount)),
            }
        }
        ev.sort_by(|a, b| a.0.total_cmp(&b.0).then(b.1.total_cmp(&a.1)));
        let mut held = 0.0;
        for (t, d) in ev {
            held += d;
            if held < -1e-9 && deficit.is_none() {
                deficit = Some(format!(
                    "level {l} uses data it does not hold at t = {t:.6}"
                ));
            }
        }
    }
    checks.push(Check {
        name: "store-and-forward",
        ok: early.is_none() && deficit.is_none(),
        detail: early
            .or(deficit)
            .unwrap_or_else(|| "every fragment is used only after it fully arrived".into()),
    });
    checks.push(Check {
        name: "one message per link, one fragment per CPU",
        ok: overlap.is_none(),
        detail: overlap.unwrap_or_else(|| "no overlaps".into()),
    });
    let spread = levels
        .iter()
        .map(|l| l.finish)
        .fold(f64::INFINITY, f64::min);
    checks.push(Check {
        name: "all levels finish together",
        ok: (finish - spread) <= 1e-9 * finish,
        detail: format!("earliest level finishes at {spread:.9}, last at {finish:.9}"),
    });
    checks
}

#[cfg(test)]
mod tests {
    use super::super::params::tree as v;
    use super::super::theory;
    use super::*;

    #[test]
    fn section_iv_example_timing() {
        // b = 2, h = 3: level 1 receives 4x at 4x, level 2 receives 2x at 6x, all receive x
        // at 7x; then everyone computes x for xβ.
        let t = simulate(Method::P, &v(2, 3, 10.0));
        let x = t.x;
        let expect = [4.0 * x, 6.0 * x, 7.0 * x, 7.0 * x + 10.0 * x];
        for (s, e) in t.steps.iter().zip(expect) {
            assert!((s - e).abs() < 1e-12, "{:?} vs {expect:?}", t.steps);
        }
        assert!((x - 2.0 * 10.0 / ((2.0 * 10.0 + 1.0) * 15.0 - 1.0)).abs() < 1e-12);
        assert!(t.valid(), "{:?}", t.checks);
    }

    #[test]
    fn simulation_matches_closed_forms() {
        for b in [2u64, 3, 4, 10] {
            for beta in [1e-3, 0.3, 1.0, 100.0, 1e5] {
                for h in 0..=super::super::params::max_height(b).min(40) {
                    let vv = v(b, h, beta);
                    for m in Method::ALL {
                        let t = simulate(m, &vv);
                        let c = theory::closed_form(m, &vv);
                        assert!(
                            (t.finish - c).abs() <= 1e-9 * c,
                            "{m:?} b={b} h={h} β={beta}: sim {} vs {c}",
                            t.finish
                        );
                        assert!(t.valid(), "{m:?} b={b} h={h} β={beta}: {:?}", t.checks);
                        assert_eq!(simulate_time(m, &vv), t.finish);
                    }
                }
            }
        }
    }
}
