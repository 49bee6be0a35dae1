//! The gate: the one place an execution waits for its turn.
//!
//! Every service call of an execution passes the gate before it touches the world. On
//! its own (`gas-sim call`) an execution never waits; under the scenario scheduler the
//! gate parks the execution's thread until the scheduler decides that this execution's
//! next call is the earliest in virtual time. Lock waits park here too, so that a lock
//! held by another execution is released in virtual time, not wall time.

use gas_platform::lock::LockKind;

pub trait Gate: Send + Sync {
    /// Blocks until the execution `exec_id` may make a service call at `at_utc_ms`.
    fn turn(&self, exec_id: u64, at_utc_ms: i64);

    /// The lock `kind` is busy. Park until it may have come free or `deadline_utc_ms`
    /// passes, and return the virtual time at which to try again (never before now,
    /// never after the deadline). `free_at_utc_ms` is set when the holder's release time
    /// is known (an outside holder from a state file).
    fn wait_for_lock(
        &self,
        exec_id: u64,
        kind: LockKind,
        now_utc_ms: i64,
        deadline_utc_ms: i64,
        free_at_utc_ms: Option<i64>,
    ) -> i64;

    /// The execution has ended at `at_utc_ms`; its locks are already released.
    fn finished(&self, exec_id: u64, at_utc_ms: i64);

    /// The execution's last call changed what the scheduler must know before it goes on
    /// (a trigger installed or deleted, a lock released): its next call must wait for a
    /// turn even if nothing else is due before it.
    fn schedule_changed(&self, _exec_id: u64) {}

    /// [`turn`](Self::turn), returning the virtual time the call proceeds at: `at_utc_ms`,
    /// or later when an explored schedule delays the call (a preemption: the call before
    /// it took longer) so that another execution's call goes first.
    fn turn_at(&self, exec_id: u64, at_utc_ms: i64) -> i64 {
        self.turn(exec_id, at_utc_ms);
        at_utc_ms
    }

    /// How long this call takes: the modelled latency, or what an explored schedule's
    /// latency jitter makes of it (never negative).
    fn latency_ms(&self, _exec_id: u64, modelled_ms: i64) -> i64 {
        modelled_ms
    }

    /// Whether call records should name the script function making each call (an
    /// explored schedule's interleaving shows it; it costs a backtrace per call).
    fn wants_call_sites(&self) -> bool {
        false
    }
}

/// The gate of an execution that runs alone: never waits. A busy lock can only be held
/// outside (a state file); it frees at its known time, or never.
#[derive(Debug, Default, Clone, Copy)]
pub struct SoloGate;

impl Gate for SoloGate {
    fn turn(&self, _exec_id: u64, _at_utc_ms: i64) {}

    fn wait_for_lock(
        &self,
        _exec_id: u64,
        _kind: LockKind,
        now_utc_ms: i64,
        deadline_utc_ms: i64,
        free_at_utc_ms: Option<i64>,
    ) -> i64 {
        free_at_utc_ms.unwrap_or(deadline_utc_ms).clamp(now_utc_ms, deadline_utc_ms)
    }

    fn finished(&self, _exec_id: u64, _at_utc_ms: i64) {}
}
