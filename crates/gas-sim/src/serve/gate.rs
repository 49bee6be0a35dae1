//! Real time for `serve`: the one place gas-sim reads the wall clock outside `bench`.
//!
//! `ServeClock` is the simulation's time while serving: the wall time when `serve`
//! started (or the state's last time, if that is later: virtual time never goes
//! backwards), moved on by a monotonic clock, so a wall-clock step back (NTP) does not
//! move it back either. `RealTimeGate` is the engine's `Gate` on that clock: executions
//! run at once and overlap as their requests do; a service call at a virtual time ahead
//! of the clock (after `Utilities.sleep`) waits until the clock gets there, and a lock
//! wait parks until a holder lets a lock go or the wait's deadline comes, in real time,
//! with the same timeout and 6-minute rules as in a scenario (`Host::acquire_lock`).

use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use gas_engine::Gate;
use gas_platform::lock::LockKind;

/// A lock waiter re-checks the lock at least this often: a release between its failed
/// attempt and its wait would otherwise go unseen until the deadline.
const LOCK_RECHECK_MS_MAX: u64 = 5;
/// The longest a call waits for the clock to reach its virtual time (a sleep): the
/// 6-minute limit, after which the execution is killed anyway.
const CLOCK_WAIT_MS_MAX: i64 = gas_engine::host::EXECUTION_MS_MAX;

/// The simulation's time while serving.
#[derive(Debug)]
pub struct ServeClock {
    base_utc_ms: i64,
    origin: Instant,
}

impl ServeClock {
    /// A clock that reads the wall time now, or `not_before_utc_ms` if that is later.
    pub fn start(not_before_utc_ms: Option<i64>) -> ServeClock {
        let wall_utc_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        ServeClock { base_utc_ms: wall_utc_ms.max(not_before_utc_ms.unwrap_or(0)), origin: Instant::now() }
    }

    pub fn now_utc_ms(&self) -> i64 {
        let elapsed_ms = i64::try_from(self.origin.elapsed().as_millis()).unwrap_or(i64::MAX);
        self.base_utc_ms.saturating_add(elapsed_ms)
    }

    /// Blocks until the clock reads `at_utc_ms` (at most [`CLOCK_WAIT_MS_MAX`]).
    fn wait_until(&self, at_utc_ms: i64) {
        let ahead_ms = at_utc_ms.saturating_sub(self.now_utc_ms()).min(CLOCK_WAIT_MS_MAX);
        if ahead_ms > 0 {
            std::thread::sleep(Duration::from_millis(ahead_ms as u64));
        }
    }
}

/// The gate of executions that overlap in real time.
#[derive(Debug)]
pub struct RealTimeGate {
    clock: ServeClock,
    /// How many times a lock may have come free; waiters wake when it changes.
    releases: Mutex<u64>,
    released: Condvar,
}

impl RealTimeGate {
    pub fn new(clock: ServeClock) -> RealTimeGate {
        RealTimeGate { clock, releases: Mutex::new(0), released: Condvar::new() }
    }

    pub fn clock(&self) -> &ServeClock {
        &self.clock
    }

    fn notify_release(&self) {
        *self.releases.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.released.notify_all();
    }
}

impl Gate for RealTimeGate {
    fn turn(&self, _exec_id: u64, at_utc_ms: i64) {
        self.clock.wait_until(at_utc_ms);
    }

    /// The call proceeds now: at the clock's time, or at its own if a sleep put it ahead
    /// (then after waiting for the clock to get there).
    fn turn_at(&self, _exec_id: u64, at_utc_ms: i64) -> i64 {
        self.clock.wait_until(at_utc_ms);
        at_utc_ms.max(self.clock.now_utc_ms())
    }

    fn wait_for_lock(
        &self,
        _exec_id: u64,
        _kind: LockKind,
        now_utc_ms: i64,
        deadline_utc_ms: i64,
        free_at_utc_ms: Option<i64>,
    ) -> i64 {
        let wake_utc_ms = free_at_utc_ms.unwrap_or(deadline_utc_ms).min(deadline_utc_ms);
        let wait_ms = wake_utc_ms.saturating_sub(self.clock.now_utc_ms()).clamp(0, LOCK_RECHECK_MS_MAX as i64);
        if wait_ms > 0 {
            let releases = self.releases.lock().unwrap_or_else(|p| p.into_inner());
            let seen = *releases;
            let _ = self
                .released
                .wait_timeout_while(releases, Duration::from_millis(wait_ms as u64), |now| *now == seen)
                .unwrap_or_else(|p| p.into_inner());
        }
        self.clock.now_utc_ms().clamp(now_utc_ms, deadline_utc_ms)
    }

    /// The execution's locks are released; its end waits for a sleep it ended with.
    fn finished(&self, _exec_id: u64, at_utc_ms: i64) {
        self.notify_release();
        self.clock.wait_until(at_utc_ms);
    }

    /// A `Lock.releaseLock` (or a trigger change): a waiter may go on.
    fn schedule_changed(&self, _exec_id: u64) {
        self.notify_release();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_never_starts_before_the_states_last_time() {
        let far = 4_000_000_000_000;
        let clock = ServeClock::start(Some(far));
        assert!(clock.now_utc_ms() >= far);
        let now = ServeClock::start(None).now_utc_ms();
        assert!(now > 1_700_000_000_000, "the wall clock: {now}");
    }

    #[test]
    fn a_lock_wait_returns_within_its_window_and_wakes_on_a_release() {
        let gate = std::sync::Arc::new(RealTimeGate::new(ServeClock::start(None)));
        let now = gate.clock().now_utc_ms();
        let at = gate.wait_for_lock(1, LockKind::Script, now, now + 10_000, None);
        assert!((now..=now + 10_000).contains(&at));
        assert!(at - now < 1_000, "re-checks soon, not at the deadline: {}", at - now);
        let past = gate.wait_for_lock(1, LockKind::Script, now, now, None);
        assert_eq!(past, now, "never after the deadline");
        let later = gate.turn_at(1, now + 30);
        assert!(later >= now + 30 && gate.clock().now_utc_ms() >= now + 30, "a sleep ahead of the clock waits");
    }
}
