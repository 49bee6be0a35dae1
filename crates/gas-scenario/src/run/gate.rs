//! The gate between the scheduler and the executions of one run: an execution parks here
//! before a service call (or a lock wait) and runs on when the scheduler grants it.

use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex};

use gas_engine::Gate;
use gas_platform::lock::LockKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Park {
    /// Waiting to make a service call at this time.
    Turn { at_utc_ms: i64 },
    /// Waiting for a lock; retry when it is free (from `since`) or at `deadline`.
    Lock { kind: LockKind, since_utc_ms: i64, deadline_utc_ms: i64, free_at_utc_ms: Option<i64> },
}

#[derive(Default)]
pub(super) struct GateState {
    pub(super) parked: BTreeMap<u64, Park>,
    /// The execution allowed to run now, and for a lock wait the time it retries at.
    pub(super) granted: Option<(u64, i64)>,
    /// The execution running JS right now (started or granted, not yet parked).
    pub(super) running: Option<u64>,
    /// The running execution may make calls before this time without a turn: nothing
    /// else (another execution, an event, a trigger) is due before it. A call at or after
    /// it parks, so the scheduler decides exactly as if every call had parked.
    pub(super) horizon_utc_ms: i64,
    /// The thread of each parked execution, woken alone when it is granted: a shared
    /// condition variable woke every parked execution and the scheduler at every park and
    /// grant, only for all but one to sleep again.
    pub(super) threads: BTreeMap<u64, std::thread::Thread>,
}

/// How long a thread waiting for its next hand-off (the scheduler for the running
/// execution, a worker for its next job) polls before it sleeps (wall time; it changes no
/// result, only how soon the waiting thread sees the hand-off).
pub(super) const POLL_BEFORE_SLEEP: std::time::Duration = std::time::Duration::from_micros(200);

/// The gate shared by the scheduler and every execution of one run.
pub(super) struct SchedulerGate {
    pub(super) state: Mutex<GateState>,
    /// Signalled when an execution parks or finishes; only the scheduler waits on it.
    pub(super) changed: Condvar,
    /// An explored schedule's choices (`crate::explore`); `None` for a plain run.
    pub(super) choices: Option<Arc<crate::explore::Choices>>,
}

impl SchedulerGate {
    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, GateState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Polls, for at most `POLL_BEFORE_SLEEP` of wall time, until nothing runs: most
    /// executions park or finish within it, and a scheduler that slept on the condition
    /// variable instead waited for the operating system to wake it, the most of a short
    /// execution's cost (a simulated year: 14% of its wall time idle). Yields between
    /// looks, so a worker preparing its next context keeps the core it needs. Only a hint:
    /// the caller waits on the condition variable after it.
    pub(super) fn poll_until_idle(&self) {
        let since = std::time::Instant::now();
        loop {
            if let Ok(state) = self.state.try_lock() {
                if state.running.is_none() {
                    return;
                }
            }
            if since.elapsed() >= POLL_BEFORE_SLEEP {
                return;
            }
            std::thread::yield_now();
        }
    }

    /// Parks `exec_id` and blocks until the scheduler grants it; returns the grant time.
    fn park(&self, exec_id: u64, park: Park) -> i64 {
        let mut state = self.lock();
        assert_eq!(state.running, Some(exec_id), "only the running execution may park");
        state.parked.insert(exec_id, park);
        state.threads.insert(exec_id, std::thread::current());
        state.running = None;
        self.changed.notify_one();
        let since = std::time::Instant::now();
        loop {
            if let Some((granted, at)) = state.granted {
                if granted == exec_id {
                    state.granted = None;
                    state.parked.remove(&exec_id);
                    state.threads.remove(&exec_id);
                    state.running = Some(exec_id);
                    return at;
                }
            }
            drop(state);
            if since.elapsed() < POLL_BEFORE_SLEEP {
                // The grant usually comes within a moment (see `poll_until_idle`).
                std::thread::yield_now();
            } else {
                // `grant` unparks this thread after setting `granted`; an unpark that
                // comes before `park` makes it return at once, so no grant is missed.
                std::thread::park();
            }
            state = self.lock();
        }
    }
}

impl Gate for SchedulerGate {
    fn turn(&self, exec_id: u64, at_utc_ms: i64) {
        self.turn_at(exec_id, at_utc_ms);
    }

    fn turn_at(&self, exec_id: u64, at_utc_ms: i64) -> i64 {
        {
            let state = self.lock();
            // An explored schedule keeps the horizon too: parking at every call would move
            // when a released lock is seen free (`freed_at`), so its schedule 0 would not be
            // the plain run. Its preemption points are the calls that park.
            if state.running == Some(exec_id) && at_utc_ms < state.horizon_utc_ms {
                return at_utc_ms;
            }
        }
        self.park(exec_id, Park::Turn { at_utc_ms }).max(at_utc_ms)
    }

    fn latency_ms(&self, exec_id: u64, modelled_ms: i64) -> i64 {
        match &self.choices {
            Some(choices) => choices.latency_ms(exec_id, modelled_ms),
            None => modelled_ms,
        }
    }

    fn wants_call_sites(&self) -> bool {
        self.choices.is_some()
    }

    fn schedule_changed(&self, exec_id: u64) {
        let mut state = self.lock();
        if state.running == Some(exec_id) {
            state.horizon_utc_ms = i64::MIN;
        }
    }

    fn wait_for_lock(
        &self,
        exec_id: u64,
        kind: LockKind,
        now_utc_ms: i64,
        deadline_utc_ms: i64,
        free_at_utc_ms: Option<i64>,
    ) -> i64 {
        self.park(exec_id, Park::Lock { kind, since_utc_ms: now_utc_ms, deadline_utc_ms, free_at_utc_ms })
    }

    fn finished(&self, exec_id: u64, _at_utc_ms: i64) {
        let mut state = self.lock();
        if state.running == Some(exec_id) {
            state.running = None;
        }
        self.changed.notify_one();
    }
}
