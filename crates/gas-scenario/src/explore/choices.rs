//! One schedule's choices, made where the scheduler and the gate ask for them: the
//! priorities that break ties at one virtual instant, PCT's preemption points, each
//! call's latency jitter and each firing's jitter. A schedule is its seed: every choice
//! is drawn from the schedule's stream, keyed by what it decides (`exec#2`'s call 4,
//! trigger 1000001's 12:00 firing), so removing one decision leaves the others as they
//! were; that is what lets a failing schedule shrink. The choices a run actually made
//! are recorded ([`Decisions`]); replaying them gives the same run.

use std::collections::BTreeMap;
use std::sync::Mutex;

use gas_platform::rng::SeededRng;

/// The longest a preemption delays a call: the next call of another execution must come
/// within it (assumed: a service call on the platform may take this much longer than its
/// modelled latency; a longer stall would be a different scenario).
pub const PREEMPTION_DELAY_MS_MAX: i64 = 60_000;
/// Change points one schedule may have (PCT's depth - 1, or the exhaustive bound).
pub const CHANGE_POINTS_MAX: usize = 16;

/// What a schedule decided that differs from the plain run: its explicit form, which
/// the schedule text (`gs1;...`) writes and reads.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Decisions {
    /// The explored schedule whose priorities and fault stream are used (0: the plain
    /// run's, drawn from the scenario's seed).
    pub base: u64,
    /// `(exec id, 0-based call index)` -> how many times that call was preempted.
    pub preemptions: BTreeMap<(u64, u64), u32>,
    /// `(exec id, 0-based call index)` -> latency change in per mille (-300 is 30% shorter).
    pub latency_pm: BTreeMap<(u64, u64), i32>,
    /// `(trigger id, nominal firing time)` -> ms later than the nominal time.
    pub firing_ms: BTreeMap<(String, i64), i64>,
}

impl Decisions {
    pub fn preemption_count(&self) -> u64 {
        self.preemptions.values().map(|n| u64::from(*n)).sum()
    }

    pub fn is_plain(&self) -> bool {
        self.base == 0 && self.preemptions.is_empty() && self.latency_pm.is_empty() && self.firing_ms.is_empty()
    }
}

/// How a schedule makes its choices.
#[derive(Debug, Clone)]
enum Source {
    /// Drawn from `stream_seed` (latency and firing jitter within the bounds), with
    /// preemptions at these contended steps (1-based, sorted).
    Drawn { stream_seed: u64, base: u64, change_steps: Vec<u64>, latency_jitter_pm: u32, firing_jitter_ms: i64 },
    /// Exactly these decisions, nothing else.
    Given(Decisions),
}

#[derive(Debug, Default)]
struct State {
    /// Calls each execution has completed (the index of its next call).
    calls: BTreeMap<u64, u64>,
    /// Steps at which another execution's call was close enough to go first.
    contended_steps: u64,
    change_points_used: u64,
    realized: Decisions,
    /// The order calls reached the world in: `(exec id, call index)` -> position.
    order: BTreeMap<(u64, u64), u64>,
}

/// Calls whose order is kept (an interleaving shows far fewer).
const ORDERED_CALLS_MAX: usize = 1_000_000;

/// One schedule's choices, shared by the scheduler and the gate of one run.
#[derive(Debug)]
pub struct Choices {
    source: Source,
    state: Mutex<State>,
}

impl Choices {
    /// The plain run's choices (ties by the scenario's seed, nothing moved), under the
    /// explorer's eyes: it counts the contended steps PCT picks its change points from.
    pub fn baseline() -> Choices {
        Choices::given(Decisions::default())
    }

    /// Exactly `decisions` (a replayed or shrunk schedule).
    pub fn given(decisions: Decisions) -> Choices {
        Choices { source: Source::Given(decisions), state: Mutex::default() }
    }

    /// Explored schedule `index` (>= 1) of PCT with `depth`: d - 1 change points among
    /// the `steps` contended steps of the plain run, jitter within the bounds.
    pub fn pct(
        plan_seed: u64,
        index: u64,
        depth: u32,
        steps: u64,
        latency_jitter_pm: u32,
        firing_jitter_ms: i64,
    ) -> Choices {
        let stream_seed = stream_seed(plan_seed, index);
        let mut rng = SeededRng::derive(stream_seed, "pct-change-points");
        let points = (depth.saturating_sub(1) as usize).min(CHANGE_POINTS_MAX);
        let mut change_steps: Vec<u64> =
            if steps == 0 { Vec::new() } else { (0..points).map(|_| 1 + rng.below(steps)).collect() };
        change_steps.sort_unstable();
        change_steps.dedup();
        let source = Source::Drawn { stream_seed, base: index, change_steps, latency_jitter_pm, firing_jitter_ms };
        Choices { source, state: Mutex::default() }
    }

    /// The exhaustive mode's schedule: preemptions at exactly these contended steps, the
    /// plain run's priorities, no jitter.
    pub fn at_steps(change_steps: Vec<u64>) -> Choices {
        let source = Source::Drawn { stream_seed: 0, base: 0, change_steps, latency_jitter_pm: 0, firing_jitter_ms: 0 };
        Choices { source, state: Mutex::default() }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn base(&self) -> u64 {
        match &self.source {
            Source::Drawn { base, .. } => *base,
            Source::Given(decisions) => decisions.base,
        }
    }

    /// The seed of the run's tie priorities and fault stream: the scenario's own for
    /// base 0, so the plain run is today's run.
    pub fn priority_seed(&self, plan_seed: u64) -> u64 {
        match self.base() {
            0 => plan_seed,
            base => stream_seed(plan_seed, base),
        }
    }

    /// What the run decided so far (all of it once the run has ended).
    pub fn realized(&self) -> Decisions {
        let mut realized = self.state().realized.clone();
        realized.base = self.base();
        realized
    }

    /// The order the run's calls were made in (`(exec id, call index)` -> position).
    pub fn call_order(&self) -> BTreeMap<(u64, u64), u64> {
        self.state().order.clone()
    }

    /// Steps at which a preemption could happen (another call due within
    /// [`PREEMPTION_DELAY_MS_MAX`]).
    pub fn contended_steps(&self) -> u64 {
        self.state().contended_steps
    }

    /// The latency of `exec_id`'s next call, jittered.
    pub fn latency_ms(&self, exec_id: u64, modelled_ms: i64) -> i64 {
        let mut state = self.state();
        let call = state.calls.entry(exec_id).or_insert(0);
        let index = *call;
        *call += 1;
        // One execution runs at a time: this is the order calls reached the world in.
        if state.order.len() < ORDERED_CALLS_MAX {
            let position = state.order.len() as u64;
            state.order.insert((exec_id, index), position);
        }
        let change_pm = match &self.source {
            Source::Drawn { stream_seed, latency_jitter_pm, .. } if *latency_jitter_pm > 0 && modelled_ms > 0 => {
                let span = u64::from(*latency_jitter_pm) * 2 + 1;
                keyed(*stream_seed, 1, exec_id, index).below(span) as i32 - *latency_jitter_pm as i32
            }
            Source::Drawn { .. } => 0,
            Source::Given(decisions) => decisions.latency_pm.get(&(exec_id, index)).copied().unwrap_or(0),
        };
        if change_pm == 0 {
            return modelled_ms;
        }
        state.realized.latency_pm.insert((exec_id, index), change_pm);
        modelled_ms.saturating_add(modelled_ms.saturating_mul(i64::from(change_pm)) / 1000).max(0)
    }

    /// How much later than `nominal_utc_ms` this firing of `trigger_id` comes.
    pub fn firing_jitter_ms(&self, trigger_id: &str, nominal_utc_ms: i64) -> i64 {
        let jitter_ms = match &self.source {
            Source::Drawn { stream_seed, firing_jitter_ms, .. } if *firing_jitter_ms > 0 => {
                let id = fnv(trigger_id);
                // Whole seconds, as the platform's offsets are.
                keyed(*stream_seed, 2, id, nominal_utc_ms as u64).below((*firing_jitter_ms / 1000) as u64 + 1) as i64
                    * 1000
            }
            Source::Drawn { .. } => 0,
            Source::Given(decisions) => {
                decisions.firing_ms.get(&(trigger_id.to_string(), nominal_utc_ms)).copied().unwrap_or(0)
            }
        };
        if jitter_ms != 0 {
            self.state().realized.firing_ms.insert((trigger_id.to_string(), nominal_utc_ms), jitter_ms);
        }
        jitter_ms
    }

    /// The scheduler is about to resume `exec_id`'s call at `at_utc_ms`; the next other
    /// parked call is at `other_utc_ms`. Returns the time to delay it to and its new
    /// (lowest) tie priority when this step is a preemption point.
    pub fn preempt(&self, exec_id: u64, at_utc_ms: i64, other_utc_ms: Option<i64>) -> Option<(i64, u64)> {
        let other_utc_ms = other_utc_ms.filter(|other| other - at_utc_ms <= PREEMPTION_DELAY_MS_MAX)?;
        let mut state = self.state();
        state.contended_steps += 1;
        let step = state.contended_steps;
        let key = (exec_id, state.calls.get(&exec_id).copied().unwrap_or(0));
        let fires = match &self.source {
            Source::Drawn { change_steps, .. } => change_steps.binary_search(&step).is_ok(),
            Source::Given(decisions) => {
                let wanted = decisions.preemptions.get(&key).copied().unwrap_or(0);
                state.realized.preemptions.get(&key).copied().unwrap_or(0) < wanted
            }
        };
        if !fires {
            return None;
        }
        *state.realized.preemptions.entry(key).or_insert(0) += 1;
        state.change_points_used += 1;
        // PCT: the i-th change point gives the lowest priority yet (tie keys sort
        // ascending; random keys are uniform, so these sit above all of them).
        let priority = u64::MAX - 1_000 + state.change_points_used.min(999);
        Some((other_utc_ms, priority))
    }
}

/// The stream of explored schedule `index` of a scenario with seed `plan_seed`.
pub fn stream_seed(plan_seed: u64, index: u64) -> u64 {
    SeededRng::derive(plan_seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15), "explored-schedule").next_u64()
}

/// A generator for one decision: `tag` says which kind, `a` and `b` which one.
fn keyed(stream_seed: u64, tag: u64, a: u64, b: u64) -> SeededRng {
    let mut rng = SeededRng::new(
        stream_seed
            ^ tag.wrapping_mul(0xd6e8_feb8_6659_fd93)
            ^ a.wrapping_mul(0xa076_1d64_78bd_642f)
            ^ b.wrapping_mul(0xe703_7ed1_a0b4_28db),
    );
    rng.next_u64();
    rng
}

fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawn_latency_stays_within_the_jitter_and_is_recorded() {
        let choices = Choices::pct(7, 3, 3, 10, 300, 0);
        for _ in 0..200 {
            let ms = choices.latency_ms(1, 20_000);
            assert!((14_000..=26_000).contains(&ms), "{ms}");
        }
        let realized = choices.realized();
        assert_eq!(realized.base, 3);
        let replay = Choices::given(realized.clone());
        let first = Choices::pct(7, 3, 3, 10, 300, 0);
        for _ in 0..200 {
            assert_eq!(replay.latency_ms(1, 20_000), first.latency_ms(1, 20_000));
        }
    }

    #[test]
    fn a_given_preemption_fires_once_per_count() {
        let mut decisions = Decisions::default();
        decisions.preemptions.insert((2, 0), 1);
        let choices = Choices::given(decisions);
        assert_eq!(choices.preempt(1, 100, Some(150)), None, "not exec 2");
        assert!(choices.preempt(2, 100, Some(150)).is_some());
        assert_eq!(choices.preempt(2, 150, Some(160)), None, "once");
        assert_eq!(choices.preempt(2, 100, Some(100 + PREEMPTION_DELAY_MS_MAX + 1)), None, "too far");
        assert_eq!(choices.contended_steps(), 3);
    }

    #[test]
    fn the_baseline_decides_nothing() {
        let choices = Choices::baseline();
        assert_eq!(choices.latency_ms(1, 500), 500);
        assert_eq!(choices.firing_jitter_ms("1000001", 0), 0);
        assert_eq!(choices.priority_seed(42), 42);
        assert!(choices.realized().is_plain());
    }
}
