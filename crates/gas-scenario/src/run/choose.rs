//! What runs next: the next event, trigger firing or parked execution in virtual time
//! (ties by a seeded order), how far the running execution may go without a turn (its
//! horizon), and an explored schedule's preemptions and firing jitter.

use std::collections::BTreeMap;
use std::sync::Mutex;

use gas_platform::lock::{LockHolder, LockKind};
use gas_platform::rng::SeededRng;
use gas_platform::World;

use super::gate::{Park, SchedulerGate};
use crate::plan::PlannedEvent;
use crate::schedule::Firings;

/// A trigger the scheduler fires: from the scenario, or installed by the script.
pub(super) struct ActiveTrigger {
    /// The world's trigger id (scenario triggers are installed into the world too).
    pub(super) id: String,
    pub(super) function: String,
    /// When it fires: its schedule, in its own zone, before its `until`.
    pub(super) firings: Firings,
    pub(super) next_utc_ms: Option<i64>,
}

pub(super) enum Next {
    Resume {
        exec_id: u64,
        at_utc_ms: i64,
    },
    Event,
    Trigger(usize),
    /// A web-app client's next attempt or timeout (`crate::clients::driver`).
    Client,
    /// The next execution one user event started beside its first (an edit's onEdit
    /// and its installable triggers), at the same instant.
    Queued,
}

pub(super) fn earliest(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    [a, b].into_iter().flatten().min()
}

/// The earliest time anything other than `exclude` is due: the next event or trigger,
/// or another parked execution (a lock waiter counts from when it began to wait).
pub(super) fn horizon(
    gate: &SchedulerGate,
    exclude: Option<u64>,
    next_event_utc_ms: Option<i64>,
    triggers: &[ActiveTrigger],
) -> i64 {
    let state = gate.lock();
    let parked = state
        .parked
        .iter()
        .filter(|(id, _)| Some(**id) != exclude)
        .map(|(_, park)| match *park {
            Park::Turn { at_utc_ms } => at_utc_ms,
            Park::Lock { since_utc_ms, .. } => since_utc_ms,
        })
        .min();
    let trigger = triggers.iter().filter_map(|t| t.next_utc_ms).min();
    [next_event_utc_ms, trigger, parked].into_iter().flatten().min().unwrap_or(i64::MAX)
}

pub(super) fn grant(gate: &SchedulerGate, exec_id: u64, at_utc_ms: i64, horizon_utc_ms: i64) {
    let mut state = gate.lock();
    state.horizon_utc_ms = horizon_utc_ms;
    state.granted = Some((exec_id, at_utc_ms));
    // Mark it running now, so the scheduler waits for it to park again or finish.
    state.running = Some(exec_id);
    if let Some(thread) = state.threads.get(&exec_id) {
        thread.unpark();
    }
}

/// The next thing to do and its time: resume a parked execution, handle a scenario event,
/// or fire a trigger. Events go before triggers at the same instant (file order), and
/// both before resuming executions at that instant, so a run at 09:00 starts before a
/// parked execution's call at 09:00 proceeds.
pub(super) fn choose_next(
    gate: &SchedulerGate,
    world: &Mutex<World>,
    freed_at: &BTreeMap<LockKind, i64>,
    next_event: Option<(usize, &PlannedEvent)>,
    triggers: &[ActiveTrigger],
    tie_keys: &mut BTreeMap<u64, u64>,
    tie_rng: &mut SeededRng,
) -> Option<(Next, i64)> {
    let event = next_event.map(|(i, e)| (e.at_utc_ms, 0u8, i as u64));
    let trigger = triggers.iter().enumerate().filter_map(|(i, t)| t.next_utc_ms.map(|at| (at, 1u8, i as u64))).min();
    let resume = choose_resume(gate, world, freed_at, tie_keys, tie_rng);
    let resume_key = match &resume {
        Some(Next::Resume { at_utc_ms, .. }) => Some((*at_utc_ms, 2u8, 0u64)),
        _ => None,
    };
    let best = [event, trigger, resume_key].into_iter().flatten().min()?;
    Some(match best.1 {
        0 => (Next::Event, best.0),
        1 => (Next::Trigger(best.2 as usize), best.0),
        _ => (resume.expect("resume key came from a resume"), best.0),
    })
}

/// The parked execution to resume next: earliest time; ties by a seeded order.
pub(super) fn choose_resume(
    gate: &SchedulerGate,
    world: &Mutex<World>,
    freed_at: &BTreeMap<LockKind, i64>,
    tie_keys: &mut BTreeMap<u64, u64>,
    tie_rng: &mut SeededRng,
) -> Option<Next> {
    let state = gate.lock();
    let w = world.lock().unwrap_or_else(|p| p.into_inner());
    let mut best: Option<(i64, u64, u64)> = None;
    for (&exec_id, park) in &state.parked {
        let at = match *park {
            Park::Turn { at_utc_ms } => at_utc_ms,
            Park::Lock { kind, since_utc_ms, deadline_utc_ms, free_at_utc_ms } => match w.locks.holder(kind) {
                None => freed_at.get(&kind).copied().unwrap_or(since_utc_ms).clamp(since_utc_ms, deadline_utc_ms),
                Some(LockHolder::Outside { until_utc_ms }) => until_utc_ms.clamp(since_utc_ms, deadline_utc_ms),
                Some(LockHolder::Execution(holder)) => {
                    // Held by a parked execution: it releases at some later call; wake at
                    // its next call time if that is before our deadline, to retry then.
                    let holder_at = match state.parked.get(&holder) {
                        Some(Park::Turn { at_utc_ms }) => Some(*at_utc_ms),
                        _ => None,
                    };
                    let _ = free_at_utc_ms;
                    match holder_at {
                        Some(at) if at > since_utc_ms && at < deadline_utc_ms => at + 1,
                        _ => deadline_utc_ms,
                    }
                }
            },
        };
        let key = *tie_keys.entry(exec_id).or_insert_with(|| tie_rng.next_u64());
        let candidate = (at, key, exec_id);
        if best.is_none_or(|b| (candidate.0, candidate.1) < (b.0, b.1)) {
            best = Some(candidate);
        }
    }
    best.map(|(at_utc_ms, _, exec_id)| Next::Resume { exec_id, at_utc_ms })
}

/// A trigger's firing as an explored schedule moves it within the platform's window.
pub(super) fn jittered(gate: &SchedulerGate, trigger_id: &str, nominal_utc_ms: Option<i64>) -> Option<i64> {
    match (&gate.choices, nominal_utc_ms) {
        (Some(choices), Some(at)) => Some(at.saturating_add(choices.firing_jitter_ms(trigger_id, at))),
        _ => nominal_utc_ms,
    }
}

/// An explored schedule's preemption point: instead of resuming `exec_id` at
/// `at_utc_ms`, it waits until the next other execution's call (as if its last call took
/// longer) with the lowest priority, so that the other goes first. Returns whether it did.
pub(super) fn preempted(gate: &SchedulerGate, exec_id: u64, at_utc_ms: i64, tie_keys: &mut BTreeMap<u64, u64>) -> bool {
    let Some(choices) = &gate.choices else { return false };
    let mut state = gate.lock();
    if !matches!(state.parked.get(&exec_id), Some(Park::Turn { .. })) {
        return false;
    }
    let other_utc_ms = state
        .parked
        .iter()
        .filter(|(id, _)| **id != exec_id)
        .filter_map(|(_, park)| match *park {
            Park::Turn { at_utc_ms } => Some(at_utc_ms),
            Park::Lock { .. } => None,
        })
        .filter(|at| *at >= at_utc_ms)
        .min();
    match choices.preempt(exec_id, at_utc_ms, other_utc_ms) {
        Some((delayed_utc_ms, priority)) => {
            state.parked.insert(exec_id, Park::Turn { at_utc_ms: delayed_utc_ms });
            tie_keys.insert(exec_id, priority);
            true
        }
        None => false,
    }
}
